/* equity_sample.c - Monte Carlo equity of deals (pe_equity_sample) in numbered blocks, each
 * from its own generator seeded by (seed, block): rows drawn by weight with rejection, or by
 * sequential importance sampling for ranges that collide almost always, then a random runout.
 * equity.c's top comment says why this keeps the law and the seed's result. */
#include "equity_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- the generator ---- */

/* The core's generator (pe_rng_t, internal.h), one stream per block of samples. */
typedef pe_rng_t eq_rng_t;

/* Block b of seed: the seed is mixed once, then the block number is folded in, so
 * neighbouring seeds and neighbouring blocks give unrelated streams. */
static void rng_seed(eq_rng_t *r, uint64_t seed, uint64_t block)
{
    uint64_t x = seed;
    x = pe_splitmix64(&x) ^ (block * 0xD6E8FEB86659FD93ull);
    pe_rng_seed(r, x);
}

/* Card draws take 16 bits each, four to a generator output: uniform on 0..n-1 for
 * n <= 52 by the same multiply-and-reject, on 16-bit pieces (a piece is rejected with
 * probability below 0.1 %). */
typedef struct {
    uint64_t word;
    unsigned left;
} eq_bits_t;

static inline uint32_t draw_below(eq_rng_t *r, eq_bits_t *b, uint32_t n)
{
    for (;;) {
        if (b->left == 0) {
            b->word = pe_rng_next(r);
            b->left = 4;
        }
        uint32_t m = (uint32_t)(b->word & 0xFFFFu) * n;
        b->word >>= 16;
        b->left--;
        if ((m & 0xFFFFu) >= n || (m & 0xFFFFu) >= 65536u % n)
            return m >> 16;
    }
}

/* ---- Monte Carlo ---- */

typedef struct {
    int game;
    size_t players, hole;
    const uint8_t *rows[EQ_MAX_PLAYERS];  /* player p's first row */
    const double *cumw[EQ_MAX_PLAYERS];   /* its cumulative weights, or NULL (uniform) */
    size_t counts[EQ_MAX_PLAYERS];        /* rows of player p */
    uint64_t masks_fixed;                 /* board and dead cards */
    uint8_t board[5];
    size_t nboard;
    pe_hand_t board_hand;
} eq_mc_t;

static inline double weight_at(const double *cumw, size_t c)
{
    return c ? cumw[c] - cumw[c - 1] : cumw[0];
}

/* A row of player p in proportion to its weight: the first whose cumulative weight
 * passes a uniform point of the total. */
static size_t draw_row(const eq_mc_t *e, size_t p, eq_rng_t *rng)
{
    size_t n = e->counts[p];
    if (n == 1)
        return 0;
    const double *cumw = e->cumw[p];
    if (!cumw)
        return pe_rng_below(rng, (uint32_t)n);
    size_t lo = pe_pick_weighted(cumw, n, rng);
    while (lo + 1 < n && weight_at(cumw, lo) <= 0.0)
        lo++; /* u landed on a zero-weight row's edge */
    return lo;
}

/* One deal by rejection: rows drawn independently, the whole deal again on a collision.
 * Returns the attempts it took, or 0 after max_attempts. */
static uint64_t deal_rejecting(const eq_mc_t *e, eq_rng_t *rng, const uint8_t **seat, uint64_t *used,
                               uint64_t max_attempts)
{
    for (uint64_t attempt = 1; attempt <= max_attempts; attempt++) {
        uint64_t u = e->masks_fixed;
        size_t p = 0;
        for (; p < e->players; p++) {
            const uint8_t *row = e->rows[p] + draw_row(e, p, rng) * e->hole;
            uint64_t m = row_mask(row, e->hole);
            if (m & u)
                break;
            u |= m;
            seat[p] = row;
        }
        if (p == e->players) {
            *used = u;
            return attempt;
        }
    }
    return 0;
}

/* The weight of player p's rows that share no card with u. */
static double fitting_weight(const eq_mc_t *e, size_t p, uint64_t u)
{
    double total = 0.0;
    for (size_t c = 0; c < e->counts[p]; c++)
        if (!(row_mask(e->rows[p] + c * e->hole, e->hole) & u))
            total += e->cumw[p] ? weight_at(e->cumw[p], c) : 1.0;
    return total;
}

/* Player p's row that shares no card with u, by weight: `point` is uniform on [0, their
 * weight), fitting_weight's total. */
static const uint8_t *fitting_row(const eq_mc_t *e, size_t p, uint64_t u, double point)
{
    const uint8_t *rows = e->rows[p];
    size_t n = e->counts[p], pick = n;
    for (size_t c = 0; c < n; c++) {
        if (row_mask(rows + c * e->hole, e->hole) & u)
            continue;
        double wc = e->cumw[p] ? weight_at(e->cumw[p], c) : 1.0;
        if (wc <= 0.0)
            continue;
        pick = c;
        if (point < wc)
            break;
        point -= wc;
    }
    return rows + pick * e->hole;
}

/* One deal by sequential importance sampling; *weight gets prod over players of the
 * weight of the rows that fit the rows before (relative to the player's whole range).
 * A deal that reaches a player with no row left is dropped and drawn again. */
static uint64_t deal_importance(const eq_mc_t *e, eq_rng_t *rng, const uint8_t **seat, uint64_t *used,
                                double *weight, uint64_t max_attempts)
{
    for (uint64_t attempt = 1; attempt <= max_attempts; attempt++) {
        uint64_t u = e->masks_fixed;
        double w = 1.0;
        size_t p = 0;
        for (; p < e->players; p++) {
            size_t n = e->counts[p];
            double total = fitting_weight(e, p, u);
            if (!(total > 0.0))
                break;
            const uint8_t *row = fitting_row(e, p, u, pe_rng_unit(rng) * total);
            u |= row_mask(row, e->hole);
            seat[p] = row;
            w *= total / (e->cumw[p] ? e->cumw[p][n - 1] : (double)n);
        }
        if (p == e->players) {
            *used = u;
            *weight = w;
            return attempt;
        }
    }
    return 0;
}

/* Two players whose deals collide almost always, drawn from their exact joint law: player
 * 0's row r in proportion to w0(r) * C(r), C(r) the weight of player 1's rows that fit r
 * (joint, built by joint_of), then player 1's row among those, by weight.  So a deal (r, s)
 * comes with chance w0(r) w1(s) / (the deals' total weight), and every sample weighs 1:
 * sequential importance sampling drew r by w0 alone and weighed the deal by C(r), so a
 * rare r that most deals need (a combo of weight 1e-5 the only way the ranges meet) took
 * a few samples of huge weight, and a million samples answered like a dozen. */
static void deal_joint(const eq_mc_t *e, const double *joint, eq_rng_t *rng, const uint8_t **seat, uint64_t *used)
{
    size_t n0 = e->counts[0], r = pe_pick_weighted(joint, n0, rng);
    while (r + 1 < n0 && (r ? joint[r] - joint[r - 1] : joint[0]) <= 0.0)
        r++; /* u landed on the edge of a row that no deal holds */
    while (r > 0 && joint[r] - joint[r - 1] <= 0.0)
        r--; /* past the last row a deal holds (the total is normal, so only by rounding) */
    uint64_t u = e->masks_fixed | row_mask(e->rows[0] + r * e->hole, e->hole);
    seat[0] = e->rows[0] + r * e->hole;
    seat[1] = fitting_row(e, 1, u, pe_rng_unit(rng) * fitting_weight(e, 1, u));
    *used = u | row_mask(seat[1], e->hole);
}

/* joint[r] = sum over rows r' <= r of player 0 of w0(r') * C(r') (deal_joint); the last is
 * the deals' total weight, 0 when no deal exists. */
static void joint_of(const eq_mc_t *e, double *joint)
{
    double run = 0.0;
    for (size_t r = 0; r < e->counts[0]; r++) {
        const uint8_t *row = e->rows[0] + r * e->hole;
        uint64_t m = row_mask(row, e->hole);
        double w0 = e->cumw[0] ? weight_at(e->cumw[0], r) : 1.0;
        if (!(m & e->masks_fixed) && w0 > 0.0)
            run += w0 * fitting_weight(e, 1, m | e->masks_fixed);
        joint[r] = run;
    }
}

/* A run's weight is at most 1 and may be near the least normal double; its square is summed
 * times this scale squared (2^960), so that it falls to 0 only below 2^-1017, and 10^12 runs
 * of weight 1 stay below 2^1000. */
#define EQ_SQUARE_SCALE 3.1217485503159922e+144 /* 2^480, exactly: the shortest decimal that reads back to it */

/* The largest rows x rows work joint_of does (a few milliseconds); past it, two ranges (of
 * Omaha hands) are dealt by sequential importance sampling. */
#define EQ_JOINT_MAX (1u << 22)

/* One random runout and showdown.  deck holds the live cards (not board or dead) in
 * any order and stays a permutation of them (a partial Fisher-Yates shuffle); cards in
 * `held` (this deal's hole cards) are drawn again, which leaves the draw uniform over
 * the rest.  Hold'em runs of weight 1 are counted in integers (iacc), the rest in
 * doubles (acc). */
static void sample_runout(const eq_mc_t *e, const uint8_t *const *seat, const pe_hand_t *hole_hand,
                          uint8_t *deck, size_t ndeck, uint64_t held, eq_rng_t *rng, eq_bits_t *bits, double w,
                          const uint8_t *cat, uint64_t *iacc, double *acc)
{
    uint8_t board[5];
    pe_hand_t board_hand = e->board_hand;
    memcpy(board, e->board, e->nboard);
    for (size_t d = e->nboard, j = 0; d < 5; d++, j++) {
        size_t r;
        do
            r = j + draw_below(rng, bits, (uint32_t)(ndeck - j));
        while (held >> deck[r] & 1u);
        uint8_t card = deck[r];
        deck[r] = deck[j];
        deck[j] = card;
        board[d] = card;
        board_hand = pe_hand_add(board_hand, card);
    }
    uint16_t hi[EQ_MAX_PLAYERS];
    size_t n = e->players;
    if (e->game == PE_GAME_HOLDEM) {
        for (size_t i = 0; i < n; i++) {
            pe_hand_t h = hole_hand ? pe_hand_join(board_hand, hole_hand[i])
                                    : pe_hand_add(pe_hand_add(board_hand, seat[i][0]), seat[i][1]);
            hi[i] = pe_hand_value_n(h, 7);
        }
        if (iacc)
            tally(hi, n, cat, 1, iacc);
        else
            tally_real(hi, n, cat, w, acc);
    } else {
        uint8_t holes[EQ_MAX_PLAYERS * EQ_MAX_HOLE];
        for (size_t i = 0; i < n; i++)
            memcpy(holes + i * e->hole, seat[i], e->hole);
        uint32_t got[EQ_MAX_PLAYERS];
        omaha_showdown(e->game, holes, n, e->hole, board, hi, got);
        tally_units(hi, got, n, cat, w, NULL, acc);
    }
}

/* Hold'em hands (one deal), runs of weight 1: boards are dealt a batch at a time, then
 * each player's values for the whole batch, then the tallies, so the table lookups of
 * different boards overlap instead of waiting on each other.  A board is dealt as
 * uniform pairs of live cards (summed once per call in `pairs`) and at most one single
 * card, the whole board drawn again if two parts share a card: each board of distinct
 * cards comes from equally many draws, so boards stay uniform, with three draws for
 * five cards instead of five, and no state carried from one board to the next but the
 * generator. */
#define EQ_BATCH 256
typedef struct {
    pe_hand_t hand;
    uint64_t mask;
} eq_part_t;

static void sample_hands_holdem(const eq_mc_t *e, const pe_hand_t *hole_hand, const uint8_t *deck, size_t ndeck,
                                uint64_t count, eq_rng_t *rng, eq_bits_t *bits, const uint8_t *cat, uint64_t *iacc)
{
    eq_part_t pairs[1326], singles[52];
    size_t npairs = 0;
    for (size_t i = 0; i < ndeck; i++) {
        singles[i].hand = pe_hand_add(pe_hand_empty(), deck[i]);
        singles[i].mask = 1ull << deck[i];
        for (size_t j = i + 1; j < ndeck; j++) {
            pairs[npairs].hand = pe_hand_add(singles[i].hand, deck[j]);
            pairs[npairs].mask = singles[i].mask | 1ull << deck[j];
            npairs++;
        }
    }
    pe_hand_t boards[EQ_BATCH];
    uint16_t values[EQ_BATCH * EQ_MAX_PLAYERS];
    size_t n = e->players, deal = 5 - e->nboard;
    size_t npair_parts = deal / 2, single = deal & 1u;
    while (count) {
        size_t batch = count < EQ_BATCH ? (size_t)count : EQ_BATCH;
        for (size_t i = 0; i < batch; i++) {
            uint64_t taken;
            pe_hand_t h;
            do {
                taken = 0;
                h = e->board_hand;
                uint64_t clash = 0;
                for (size_t d = 0; d < npair_parts; d++) {
                    const eq_part_t *part = &pairs[draw_below(rng, bits, (uint32_t)npairs)];
                    clash |= taken & part->mask;
                    taken |= part->mask;
                    h = pe_hand_join(h, part->hand);
                }
                if (single) {
                    const eq_part_t *part = &singles[draw_below(rng, bits, (uint32_t)ndeck)];
                    clash |= taken & part->mask;
                    h = pe_hand_join(h, part->hand);
                }
                taken = clash;
            } while (taken);
            boards[i] = h;
        }
        for (size_t p = 0; p < n; p++)
            for (size_t i = 0; i < batch; i++)
                values[i * n + p] = pe_hand_value_n(pe_hand_join(boards[i], hole_hand[p]), 7);
        for (size_t i = 0; i < batch; i++)
            tally(values + i * n, n, cat, 1, iacc);
        count -= batch;
    }
}

int pe_equity_sample(int game, size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts,
                     const double *cumw, int importance, const uint8_t *board, size_t nboard, const uint8_t *dead,
                     size_t ndead, uint64_t seed, uint64_t first, uint64_t samples, uint64_t max_attempts,
                     double *out)
{
    int rc = check_game(game, players, hole, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    if (rows == NULL || out == NULL || (nboard && board == NULL) || (ndead && dead == NULL) ||
        first % PE_EQ_BLOCK != 0 || max_attempts == 0)
        return PE_ERR_ARG;
    eq_mc_t e;
    e.game = game;
    e.players = players;
    e.hole = hole;
    e.nboard = nboard;
    uint64_t fixed = 0;
    rc = check_fixed(board, nboard, dead, ndead, &fixed, NULL);
    if (rc != PE_OK)
        return rc;
    e.masks_fixed = fixed;
    e.board_hand = pe_hand_empty();
    for (size_t i = 0; i < nboard; i++) {
        e.board[i] = board[i];
        e.board_hand = pe_hand_add(e.board_hand, board[i]);
    }
    int single = 1; /* one row each: the deal never changes */
    const uint8_t *row = rows;
    const double *w = cumw;
    uint64_t held_all = fixed;
    for (size_t p = 0; p < players; p++) {
        size_t n = counts ? counts[p] : 1u;
        if (n == 0)
            return PE_ERR_COUNT;
        e.rows[p] = row;
        e.cumw[p] = w;
        e.counts[p] = n;
        for (size_t c = 0; c < n; c++) {
            uint64_t seen = 0;
            rc = check_ids(row + c * hole, hole, &seen);
            if (rc != PE_OK)
                return rc;
        }
        if (n == 1) {
            uint64_t m = row_mask(row, hole);
            if (m & held_all)
                return PE_ERR_DUPLICATE;
            held_all |= m;
        }
        single &= n == 1;
        row += n * hole;
        if (w)
            w += n;
    }
    const uint8_t *cat = pe_category_holdem;
    const uint8_t *seat[EQ_MAX_PLAYERS];
    for (size_t p = 0; p < players; p++)
        seat[p] = e.rows[p];
    /* Two players dealt by importance: their exact joint law instead, when it is small. */
    double *joint = NULL;
    if (importance && !single && players == 2 && (uint64_t)e.counts[0] * e.counts[1] <= EQ_JOINT_MAX) {
        joint = malloc(e.counts[0] * sizeof *joint);
        if (joint == NULL)
            return PE_ERR_ARG; /* at most 2^22 doubles (32 MiB) */
        joint_of(&e, joint);
        if (!(joint[e.counts[0] - 1] >= pe_weight_floor())) {
            /* A deal exists (the caller found one), so the deals weigh below the floor of
             * pe_codes.h, or their weights were lost beside larger ones: no law to draw from
             * (a subnormal total would also let a draw land past the last row a deal holds). */
            free(joint);
            return PE_ERR_ARG;
        }
    }
    /* The deck lacks the board and dead cards, and with one deal its hole cards too;
     * otherwise each run's hole cards are drawn again in sample_runout. */
    uint64_t out_of_deck = single ? held_all : fixed;
    uint8_t deck[52];
    size_t ndeck = 0;
    double *acc = out;
    size_t stride = players * EQ_F;
    pe_hand_t hole_hand[EQ_MAX_PLAYERS];
    for (size_t p = 0; p < players && game == PE_GAME_HOLDEM; p++)
        hole_hand[p] = pe_hand_add(pe_hand_add(pe_hand_empty(), e.rows[p][0]), e.rows[p][1]);
    /* Runs of weight 1 (all but importance sampling) count in integers, block by block. */
    uint64_t iacc[EQ_MAX_PLAYERS * EQ_F + 1];
    int counted = game == PE_GAME_HOLDEM && !importance;
    for (uint64_t start = first; start < first + samples; start += PE_EQ_BLOCK) {
        uint64_t end = start + PE_EQ_BLOCK < first + samples ? start + PE_EQ_BLOCK : first + samples;
        eq_rng_t rng;
        eq_bits_t bits = {0, 0};
        rng_seed(&rng, seed, start / PE_EQ_BLOCK);
        /* Each block starts from the deck in card order, so a block deals the same
         * whichever call or thread plays it. */
        ndeck = 0;
        for (unsigned id = 0; id < 52; id++)
            if (!(out_of_deck >> id & 1u))
                deck[ndeck++] = (uint8_t)id;
        if (counted)
            memset(iacc, 0, (stride + 1) * sizeof iacc[0]);
        uint64_t attempts = 0;
        double squares = 0.0; /* the runs' squared weights: (sum w)^2 / this is how many they count as */
        if (counted && single) {
            sample_hands_holdem(&e, hole_hand, deck, ndeck, end - start, &rng, &bits, cat, iacc);
            attempts = end - start;
        }
        for (uint64_t s = start; s < end && !(counted && single); s++) {
            uint64_t used = held_all;
            double weight = 1.0;
            if (joint) {
                deal_joint(&e, joint, &rng, seat, &used);
                attempts++;
            } else if (!single) {
                uint64_t tries = importance ? deal_importance(&e, &rng, seat, &used, &weight, max_attempts)
                                            : deal_rejecting(&e, &rng, seat, &used, max_attempts);
                if (tries == 0) {
                    free(joint);
                    return PE_ERR_DUPLICATE;
                }
                attempts += tries;
            } else {
                attempts++;
            }
            squares += (weight * EQ_SQUARE_SCALE) * (weight * EQ_SQUARE_SCALE);
            sample_runout(&e, seat, single ? hole_hand : NULL, deck, ndeck, used & ~out_of_deck, &rng, &bits,
                          weight, cat, counted ? iacc : NULL, acc);
        }
        if (counted)
            for (size_t f = 0; f <= stride; f++)
                acc[f] += (double)iacc[f];
        acc[stride + 1] += (double)(end - start);
        acc[stride + 2] += (double)attempts;
        acc[stride + 3] += counted && single ? (double)(end - start) * EQ_SQUARE_SCALE * EQ_SQUARE_SCALE : squares;
    }
    free(joint);
    return PE_OK;
}
