/* equity_games.c - equity in any game: any evaluator, with a board or without, any deck.
 *
 * equity.c is built for speed on hold'em and Omaha hands; this engine is built to serve
 * every game the core evaluates through one path: short deck, stud, razz, stud-hilo,
 * Omaha with ranges, the draw games played as dealt.  The game's row in csrc/games.c
 * says how many board cards a showdown has, how many cards a seat may hold, and which
 * cards make the deck; pe_eval's own evaluators value the hands.
 *
 * - A player holds known cards (a row: hole cards, or stud's up and down cards alike)
 *   and is dealt the rest from the deck up to `final` cards; a range is a list of rows
 *   with weights, one of which the player holds.  A player with no known cards (a row
 *   of none) is "any cards": all of his are dealt.
 * - A runout deals the board's missing cards, then each player's, from the deck less
 *   the board, the dead cards and every row of the deal.  Exact: every deal of rows
 *   that do not collide, times every runout, as combinations (order within a group of
 *   cards never matters, so no runout is counted twice).  Monte Carlo: each run draws a
 *   row per player in proportion to its weight (the whole deal again on a collision)
 *   and deals a random runout with a partial Fisher-Yates shuffle.
 * - Each runout hands out one pot of EG_UNIT units, halved between the best high and the
 *   best low in the hi-lo games when some low qualifies.  Sums are doubles: with
 *   integer weights (unweighted runs) they are whole numbers of units, exact up to
 *   2^53, so exact enumeration gives exact equities.
 * - Categories: per player and category of the final high hand, the weighted share of
 *   runouts ending there and the share of the pot won with it.
 * - The generator (pe_rng_t, internal.h) lives on the stack of the call: no global
 *   state, so calls are reentrant and run without the GIL. */
#include "internal.h"

#define EG_MAX_PLAYERS 10u
#define EG_MAX_OWN 7u /* cards one player holds at a showdown: stud's seven at most */
#define EG_CATEGORIES 11u /* the ten of pokereval.h and, with wild cards, five of a kind */
#define EG_UNIT 5040.0 /* 2 * lcm(1..10): any pot or half pot splits into whole units */
/* Monte Carlo gives up (PE_ERR_DUPLICATE) after this many rejected deals in a row. */
#define EG_MAX_REJECTS (1ull << 24)
/* Runouts between two looks at the stop flag: well under a millisecond of work. */
#define EG_POLL 4096u

typedef struct {
    int game;
    int wild;                            /* PE_WILD_*, or 0: how wild cards play */
    int hilo;
    size_t players;
    size_t board_final;                  /* board cards at the showdown: 0 or 5 */
    size_t nboard;                       /* board cards given */
    uint8_t board[5];
    size_t known[EG_MAX_PLAYERS];        /* cards in each of player p's rows */
    size_t final[EG_MAX_PLAYERS];        /* cards player p holds at the showdown */
    const uint8_t *rows[EG_MAX_PLAYERS]; /* player p's first row */
    const double *weights[EG_MAX_PLAYERS];
    size_t counts[EG_MAX_PLAYERS];       /* rows of player p */
    double wmax[EG_MAX_PLAYERS];         /* player p's greatest weight (1 without weights) */
    uint8_t own[EG_MAX_PLAYERS][EG_MAX_OWN]; /* the row being played, then the dealt cards */
    uint64_t fixed;                      /* board and dead cards */
    uint64_t deck;                       /* the game's deck */
    double deal_weight;                  /* product of the weights of the rows being played */
    double share[EG_MAX_PLAYERS], total;
    double cat_share[EG_MAX_PLAYERS][EG_CATEGORIES], cat_won[EG_MAX_PLAYERS][EG_CATEGORIES];
    uint64_t wins[EG_MAX_PLAYERS], ties[EG_MAX_PLAYERS], runs;
    double won_whole[EG_MAX_PLAYERS], won_part[EG_MAX_PLAYERS]; /* wins and ties, weighted */
    const int *stop;                     /* the caller's stop flag, polled every EG_POLL runouts */
    int stopped;                         /* it was seen raised: every loop unwinds */
} eg_t;

/* Split `pot` units among the players with the greatest value. */
static void award(const uint16_t *value, size_t n, double pot, double *got)
{
    unsigned count;
    uint16_t best = pe_best_value(value, n, &count);
    for (size_t i = 0; i < n; i++)
        if (value[i] == best)
            got[i] += pot / count;
}

/* Show down: every player's cards are in own[] and the board is complete. */
static void showdown(eg_t *e)
{
    uint16_t hi[EG_MAX_PLAYERS] = {0}, lo[EG_MAX_PLAYERS] = {0}, any_low = 0;
    double got[EG_MAX_PLAYERS] = {0};
    size_t n = e->players;
    for (size_t p = 0; p < n; p++) {
        uint8_t ids[EG_MAX_OWN + 5];
        size_t k = e->final[p];
        for (size_t i = 0; i < k; i++)
            ids[i] = e->own[p][i];
        for (size_t i = 0; i < e->board_final; i++)
            ids[k + i] = e->board[i];
        if (e->wild) {
            hi[p] = pe_eval_wild_unchecked(e->wild, ids, k + e->board_final);
            lo[p] = 0;
        } else {
            hi[p] = pe_eval_unchecked(e->game, ids, k + e->board_final, k, &lo[p]);
        }
        any_low |= lo[p];
    }
    /* Hi-lo: half to the best high and half to the best low, or all to the high when no
     * low qualifies (a low of 0 never wins the low half: some low is above it). */
    if (e->hilo && any_low) {
        award(hi, n, EG_UNIT / 2, got);
        award(lo, n, EG_UNIT / 2, got);
    } else {
        award(hi, n, EG_UNIT, got);
    }
    double w = e->deal_weight;
    for (size_t p = 0; p < n; p++) {
        e->share[p] += w * got[p];
        int whole = got[p] == EG_UNIT, part = got[p] != 0.0 && !whole;
        e->wins[p] += (uint64_t)whole;
        e->ties[p] += (uint64_t)part;
        e->won_whole[p] += whole ? w : 0.0;
        e->won_part[p] += part ? w : 0.0;
        int cat = pe_category(e->game, hi[p]);
        if (cat >= 0) {
            e->cat_share[p][cat] += w;
            e->cat_won[p][cat] += w * got[p];
        }
    }
    e->total += w * EG_UNIT;
    if (++e->runs % EG_POLL == 0 && pe_stop_raised(e->stop))
        e->stopped = 1;
}

/* The slot that card number `depth` of group `group` goes to: group 0 is the board,
 * group p + 1 player p. */
static uint8_t *slot(eg_t *e, size_t group, size_t depth)
{
    return group == 0 ? &e->board[e->nboard + depth] : &e->own[group - 1][e->known[group - 1] + depth];
}

static size_t group_need(const eg_t *e, size_t group)
{
    return group == 0 ? e->board_final - e->nboard : e->final[group - 1] - e->known[group - 1];
}

/* Exact: every runout from the live cards (deck[] less `used`), one group after another,
 * each group's cards in increasing deck order. */
static void every_runout(eg_t *e, const uint8_t *deck, size_t ndeck, uint64_t used, size_t group,
                         size_t from, size_t depth)
{
    while (group <= e->players && depth == group_need(e, group)) {
        group++;
        from = depth = 0;
    }
    if (group > e->players) {
        showdown(e);
        return;
    }
    uint8_t *to = slot(e, group, depth);
    for (size_t i = from; i < ndeck && !e->stopped; i++) {
        uint64_t bit = 1ull << deck[i];
        if (used & bit)
            continue;
        *to = deck[i];
        every_runout(e, deck, ndeck, used | bit, group, i + 1, depth + 1);
    }
}

static uint64_t row_mask(const uint8_t *row, size_t n)
{
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= 1ull << row[i];
    return m;
}

static void seat(eg_t *e, size_t p, const uint8_t *row)
{
    for (size_t i = 0; i < e->known[p]; i++)
        e->own[p][i] = row[i];
}

static double weight_of(const eg_t *e, size_t p, size_t c)
{
    /* Each player's weights are scaled by his greatest, so a deal's weight (a product of
     * up to ten of them) does not underflow for tiny but legal weights. */
    return e->weights[p] ? e->weights[p][c] / e->wmax[p] : 1.0;
}

/* Exact: every deal of rows that do not collide, from player p on.  With play == 0
 * stop at the first valid deal and return 1 (a check that one exists). */
static int every_deal(eg_t *e, size_t p, uint64_t used, double weight, int play)
{
    if (p == e->players) {
        if (play) {
            uint8_t deck[54];
            size_t ndeck = 0;
            for (unsigned id = 0; id < 54; id++)
                if ((e->deck >> id & 1u) && !(used >> id & 1u))
                    deck[ndeck++] = (uint8_t)id;
            e->deal_weight = weight;
            every_runout(e, deck, ndeck, 0, 0, 0, 0);
        }
        return 1;
    }
    int found = 0;
    for (size_t c = 0; c < e->counts[p] && !e->stopped; c++) {
        const uint8_t *row = e->rows[p] + c * e->known[p];
        uint64_t m = row_mask(row, e->known[p]);
        double w = weight_of(e, p, c);
        if ((m & used) || !(w > 0.0))
            continue;
        seat(e, p, row);
        found |= every_deal(e, p + 1, used | m, weight * w, play);
        if (found && !play)
            return 1;
    }
    return found;
}

/* Monte Carlo: one deal of rows drawn by weight, or PE_ERR_DUPLICATE after too many
 * collisions in a row.  *used gets the fixed cards and the rows' cards. */
static int draw_deal(eg_t *e, pe_rng_t *rng, uint64_t *used)
{
    for (uint64_t rejects = 0; rejects < EG_MAX_REJECTS; rejects++) {
        uint64_t taken = e->fixed;
        size_t p = 0;
        for (; p < e->players; p++) {
            /* A uniform row kept with probability weight / wmax: a row in proportion to
             * its weight. */
            size_t c;
            do
                c = e->counts[p] == 1 ? 0 : pe_rng_below(rng, (uint32_t)e->counts[p]);
            while (e->weights[p] && !(pe_rng_unit(rng) < weight_of(e, p, c)));
            const uint8_t *row = e->rows[p] + c * e->known[p];
            uint64_t m = row_mask(row, e->known[p]);
            if (m & taken)
                break;
            taken |= m;
            seat(e, p, row);
        }
        if (p == e->players) {
            *used = taken;
            return PE_OK;
        }
    }
    return PE_ERR_DUPLICATE;
}

static int sample(eg_t *e, uint64_t samples, uint64_t seed)
{
    pe_rng_t rng;
    pe_rng_seed(&rng, seed);
    int single = 1; /* every player has one row: the deal never changes */
    for (size_t p = 0; p < e->players; p++)
        single &= e->counts[p] == 1;
    uint8_t deck[54];
    size_t ndeck = 0;
    uint64_t used = 0;
    e->deal_weight = 1.0; /* rows are drawn by weight, so every run counts once */
    for (uint64_t s = 0; s < samples; s++) {
        if (e->stopped)
            return PE_ERR_STOPPED;
        if (!single || s == 0) {
            int rc = draw_deal(e, &rng, &used);
            if (rc != PE_OK)
                return rc;
            ndeck = 0;
            for (unsigned id = 0; id < 54; id++)
                if ((e->deck >> id & 1u) && !(used >> id & 1u))
                    deck[ndeck++] = (uint8_t)id;
        }
        /* deck stays a permutation of the live cards: a partial Fisher-Yates shuffle. */
        size_t j = 0;
        for (size_t group = 0; group <= e->players; group++)
            for (size_t depth = 0; depth < group_need(e, group); depth++, j++) {
                size_t r = j + pe_rng_below(&rng, (uint32_t)(ndeck - j));
                uint8_t card = deck[r];
                deck[r] = deck[j];
                deck[j] = card;
                *slot(e, group, depth) = card;
            }
        showdown(e);
    }
    return PE_OK;
}

static int check_ids(const eg_t *e, const uint8_t *ids, size_t n, uint64_t *seen)
{
    for (size_t i = 0; i < n; i++) {
        if (ids[i] >= 54u || !(e->deck >> ids[i] & 1u))
            return PE_ERR_CARD;
        uint64_t bit = 1ull << ids[i];
        if (*seen & bit)
            return PE_ERR_DUPLICATE;
        *seen |= bit;
    }
    return PE_OK;
}

int pe_equity_game(int game, int wild, size_t deck, size_t players, const uint8_t *rows, const uint32_t *counts,
                   const uint8_t *known, const uint8_t *final, const double *weights, const uint8_t *board,
                   size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed,
                   double *equity, uint64_t *wins, uint64_t *ties, uint64_t *runs, double *cat_share,
                   double *cat_won, double *win_tie, const int *stop)
{
    const pe_game_t *g = pe_game(game);
    if (g == NULL)
        return PE_ERR_GAME;
    if (wild && !g->wild)
        return PE_ERR_WILD;
    if (wild && wild != PE_WILD_JOKER && wild != PE_WILD_BUG && wild != PE_WILD_DEUCES)
        return PE_ERR_ARG;
    if (deck < 52 || deck > (wild && wild != PE_WILD_DEUCES ? 54u : 52u))
        return PE_ERR_ARG;
    /* The categories, per player: the ten of pokereval.h, and five of a kind with wild cards. */
    size_t stride = wild ? EG_CATEGORIES : EG_CATEGORIES - 1;
    if (players < 2 || players > EG_MAX_PLAYERS || nboard > g->showdown_board || ndead > 52)
        return PE_ERR_COUNT;
    if (counts == NULL || known == NULL || final == NULL || equity == NULL || wins == NULL ||
        ties == NULL || runs == NULL || (nboard && board == NULL) || (ndead && dead == NULL))
        return PE_ERR_ARG;

    /* About 2.5 kB, on the stack of the call: nothing is shared between calls. */
    eg_t e = {0};
    e.game = game;
    e.hilo = g->hilo;
    e.players = players;
    e.board_final = g->showdown_board;
    e.nboard = nboard;
    e.deck = ((1ull << deck) - 1) & ~((1ull << g->deck_first) - 1);
    e.wild = wild;
    e.stop = stop;
    int rc = check_ids(&e, board, nboard, &e.fixed);
    if (rc == PE_OK)
        rc = check_ids(&e, dead, ndead, &e.fixed);
    if (rc != PE_OK)
        return rc;
    for (size_t i = 0; i < nboard; i++)
        e.board[i] = board[i];

    size_t dealt = e.board_final - nboard; /* cards the runout deals */
    size_t held = 0;                       /* cards in one row of each player */
    const uint8_t *row = rows;
    const double *weight = weights;
    for (size_t p = 0; p < players; p++) {
        e.known[p] = known[p];
        e.final[p] = final[p];
        e.counts[p] = counts[p];
        e.rows[p] = row;
        e.weights[p] = weight;
        if (final[p] < g->seat_min || final[p] > g->seat_max || known[p] > final[p] || counts[p] == 0)
            return PE_ERR_COUNT;
        if (known[p] && rows == NULL)
            return PE_ERR_ARG;
        dealt += final[p] - known[p];
        held += known[p];
        e.wmax[p] = weight ? 0.0 : 1.0;
        for (size_t c = 0; c < counts[p]; c++, row += known[p]) {
            /* One row per player: a card twice anywhere is an error; with ranges, rows
             * that hold a fixed card or collide are simply never dealt. */
            uint64_t seen = counts[p] == 1 ? e.fixed : 0;
            rc = check_ids(&e, row, known[p], &seen);
            if (rc != PE_OK)
                return rc;
            if (counts[p] == 1)
                e.fixed |= seen;
            if (weight) {
                double w = weight[c];
                /* NaN fails both tests; so does infinity the second. */
                if (!(w >= 0.0) || !(w <= 1e300))
                    return PE_ERR_ARG;
                e.wmax[p] = w > e.wmax[p] ? w : e.wmax[p];
            }
        }
        if (weight)
            weight += counts[p];
        if (!(e.wmax[p] > 0.0))
            return PE_ERR_DUPLICATE; /* every weight 0: no row can be dealt */
    }
    /* The single rows joined e.fixed above, to catch a card twice; they are dealt again
     * with the ranges' rows, so take them out of the fixed cards now. */
    e.fixed = row_mask(board, nboard) | row_mask(dead, ndead);
    if (pe_popcount64(e.deck & ~e.fixed) < held + dealt)
        return PE_ERR_COUNT; /* not enough cards left to deal everyone */
    if (!every_deal(&e, 0, e.fixed, 1.0, 0))
        return PE_ERR_DUPLICATE; /* no deal without a card twice */

    if (samples == 0)
        every_deal(&e, 0, e.fixed, 1.0, 1);
    else if ((rc = sample(&e, samples, seed)) != PE_OK)
        return rc;
    if (e.stopped)
        return PE_ERR_STOPPED;
    if (!(e.total >= (double)e.runs * EG_UNIT * pe_weight_floor()))
        return PE_ERR_ARG; /* the weights' products ran into the bottom of the doubles */

    for (size_t p = 0; p < players; p++) {
        equity[p] = e.share[p] / e.total;
        wins[p] = e.wins[p];
        ties[p] = e.ties[p];
        if (win_tie) {
            win_tie[2 * p] = e.won_whole[p] * EG_UNIT / e.total;
            win_tie[2 * p + 1] = e.won_part[p] * EG_UNIT / e.total;
        }
        for (size_t c = 0; c < stride; c++) {
            if (cat_share)
                cat_share[p * stride + c] = e.cat_share[p][c] * EG_UNIT / e.total;
            if (cat_won)
                cat_won[p * stride + c] = e.cat_won[p][c] / e.total;
        }
    }
    *runs = e.runs;
    return PE_OK;
}
