/* equity_internal.h - what the equity files share (equity.c, equity_exact.c,
 * equity_sample.c, equity_deal.c): the limits, the pot units, the tallies that count one
 * showdown into the PE_EQ_* totals, and the checks.  Every function is static inline, so
 * the hot tallies inline where they are used; not part of the contract. */
#ifndef POKEREVAL_EQUITY_INTERNAL_H
#define POKEREVAL_EQUITY_INTERNAL_H

#include "internal.h"

#define EQ_MAX_PLAYERS 10u
#define EQ_MAX_HOLE 6u
#define EQ_UNIT PE_EQ_UNIT
#define EQ_F PE_EQ_FIELDS

/* The pot split among 1..10 players. */
static const uint16_t unit_of[11] = {0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560, 504};
/* C(n, m) for n, m <= 4: boards with m cards of a rank that has n live cards. */
static const uint8_t choose4[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

static inline unsigned popcount16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

/* ---- tallies ---- */

/* One showdown of values v (the best ones split the pot) counted `w` times into acc
 * (players rows of EQ_F, then the runs).  w may be "negative" (0 - w): unsigned sums
 * wrap, and the totals they correct end up right. */
static inline void tally(const uint16_t *v, size_t n, const uint8_t *cat, uint64_t w, uint64_t *acc)
{
    unsigned count;
    uint16_t best = pe_best_value(v, n, &count);
    uint64_t won = w * unit_of[count];
    size_t field = count == 1 ? PE_EQ_WINS : PE_EQ_TIES;
    /* Without branches: who wins is a coin toss to the branch predictor. */
    for (size_t i = 0; i < n; i++) {
        uint64_t *a = acc + i * EQ_F;
        unsigned c = cat[v[i]];
        uint64_t winner = 0u - (uint64_t)(v[i] == best);
        a[PE_EQ_CATS + c] += w;
        a[PE_EQ_SHARE] += won & winner;
        a[PE_EQ_CAT_WON + c] += won & winner;
        a[field] += w & winner;
    }
    acc[n * EQ_F] += w;
}

/* The exact hold'em path counts showdowns in a histogram instead: per player, the
 * category of its hand and how many shared the pot with it (0 when it lost), EQ_H bins
 * a player, one add a player a showdown (the corrections add and take away many);
 * hist_expand turns the bins into the PE_EQ_* totals.  (Monte Carlo keeps `tally`:
 * there the same few bins would be hit in a row, each add waiting on the one before.) */
#define EQ_H 110
/* The bin of player i with value v when `count` players share the best value `best`. */
static inline size_t hist_bin(size_t i, const uint8_t *cat, unsigned v, unsigned best, unsigned count)
{
    return i * EQ_H + cat[v] * 11u + (v == best ? count : 0u);
}

static inline void tally_hist(const uint16_t *v, size_t n, const uint8_t *cat, uint64_t w, uint64_t *hist)
{
    unsigned count;
    uint16_t best = pe_best_value(v, n, &count);
    for (size_t i = 0; i < n; i++)
        hist[hist_bin(i, cat, v[i], best, count)] += w;
}

/* Add the totals of histogram `hist` to acc (the runs from player 0's bins); and, when
 * `whist` is not NULL, those of its real twin (the same bins, each showdown counted with
 * its deal's weight) to racc.  At most n players share a pot, so bins past n stay 0. */
static inline void hist_expand_both(const uint64_t *hist, const double *whist, size_t n, uint64_t *acc,
                                    double *racc)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t *a = acc + i * EQ_F;
        double *r = whist ? racc + i * EQ_F : NULL;
        for (unsigned c = 0; c < 10; c++) {
            for (unsigned shared = 0; shared <= n; shared++) {
                size_t bin = i * EQ_H + c * 11u + shared;
                uint64_t h = hist[bin];
                double wh = whist ? whist[bin] : 0.0;
                if (h == 0 && wh == 0.0)
                    continue; /* most bins: a few categories happen in a spot */
                a[PE_EQ_CATS + c] += h;
                if (i == 0)
                    acc[n * EQ_F] += h;
                if (r) {
                    r[PE_EQ_CATS + c] += wh;
                    if (i == 0)
                        racc[n * EQ_F] += wh;
                }
                if (shared) {
                    size_t field = shared == 1 ? PE_EQ_WINS : PE_EQ_TIES;
                    a[PE_EQ_SHARE] += h * unit_of[shared];
                    a[PE_EQ_CAT_WON + c] += h * unit_of[shared];
                    a[field] += h;
                    if (r) {
                        r[PE_EQ_SHARE] += wh * unit_of[shared];
                        r[PE_EQ_CAT_WON + c] += wh * unit_of[shared];
                        r[field] += wh;
                    }
                }
            }
        }
    }
}

static inline void hist_expand(const uint64_t *hist, size_t n, uint64_t *acc)
{
    hist_expand_both(hist, NULL, n, acc, NULL);
}

/* The same with a real weight (Monte Carlo). */
static inline void tally_real(const uint16_t *v, size_t n, const uint8_t *cat, double w, double *acc)
{
    unsigned count;
    uint16_t best = pe_best_value(v, n, &count);
    double won = w * unit_of[count];
    size_t field = count == 1 ? PE_EQ_WINS : PE_EQ_TIES;
    for (size_t i = 0; i < n; i++) {
        double *a = acc + i * EQ_F;
        unsigned c = cat[v[i]];
        a[PE_EQ_CATS + c] += w;
        if (v[i] == best) {
            a[PE_EQ_SHARE] += won;
            a[PE_EQ_CAT_WON + c] += won;
            a[field] += w;
        }
    }
    acc[n * EQ_F] += w;
}

/* Split `pot` units among the players with the greatest value (added to got). */
static inline void split_pot(const uint16_t *value, size_t n, uint32_t pot, uint32_t *got)
{
    unsigned count;
    uint16_t best = pe_best_value(value, n, &count);
    for (size_t i = 0; i < n; i++)
        if (value[i] == best)
            got[i] += pot / count;
}

/* Omaha: high (and hi-lo low) values of every player, and each one's units of the pot.
 * Hi-lo: half to the best high and half to the best low, or all to the high when no
 * low qualifies (lo 0 never wins the low half: some lo is above it). */
static inline void omaha_showdown(int game, const uint8_t *holes, size_t n, size_t hole, const uint8_t *board,
                           uint16_t *hi, uint32_t *got)
{
    int hilo = game == PE_GAME_OMAHA_HILO;
    uint16_t lo[EQ_MAX_PLAYERS], any_low = 0;
    for (size_t i = 0; i < n; i++) {
        lo[i] = 0;
        got[i] = 0;
        pe_eval_omaha_ids(holes + i * hole, hole, board, 5, &hi[i], hilo ? &lo[i] : NULL, NULL, NULL);
        any_low |= lo[i];
    }
    if (any_low) {
        split_pot(hi, n, EQ_UNIT / 2u, got);
        split_pot(lo, n, EQ_UNIT / 2u, got);
    } else {
        split_pot(hi, n, EQ_UNIT, got);
    }
}

/* Record an Omaha showdown: each player's units, filed under the category of its high. */
static inline void tally_units(const uint16_t *hi, const uint32_t *got, size_t n, const uint8_t *cat, double w,
                        uint64_t *acc, double *racc)
{
    for (size_t i = 0; i < n; i++) {
        unsigned c = cat[hi[i]];
        size_t field = got[i] == EQ_UNIT ? PE_EQ_WINS : got[i] ? PE_EQ_TIES : 0;
        if (acc) {
            uint64_t *a = acc + i * EQ_F;
            a[PE_EQ_CATS + c] += 1;
            a[PE_EQ_SHARE] += got[i];
            a[PE_EQ_CAT_WON + c] += got[i];
            if (field)
                a[field] += 1;
        } else {
            double *a = racc + i * EQ_F;
            a[PE_EQ_CATS + c] += w;
            a[PE_EQ_SHARE] += w * got[i];
            a[PE_EQ_CAT_WON + c] += w * got[i];
            if (field)
                a[field] += w;
        }
    }
    if (acc)
        acc[n * EQ_F] += 1;
    else
        racc[n * EQ_F] += w;
}

/* ---- checks ---- */

static inline int check_ids(const uint8_t *ids, size_t n, uint64_t *seen)
{
    for (size_t i = 0; i < n; i++) {
        if (ids[i] >= 52u)
            return PE_ERR_CARD;
        uint64_t bit = 1ull << ids[i];
        if (*seen & bit)
            return PE_ERR_DUPLICATE;
        *seen |= bit;
    }
    return PE_OK;
}

/* The board's and the dead cards' ids: PE_OK with *fixed the mask of both (and *dead_only
 * the dead cards' alone, when not NULL), or PE_ERR_CARD / PE_ERR_DUPLICATE (a card twice,
 * within or across the two). */
static inline int check_fixed(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                              uint64_t *fixed, uint64_t *dead_only)
{
    uint64_t on_board = 0, out = 0;
    int rc = check_ids(board, nboard, &on_board);
    if (rc == PE_OK)
        rc = check_ids(dead, ndead, &out);
    if (rc == PE_OK && (on_board & out))
        rc = PE_ERR_DUPLICATE;
    *fixed = on_board | out;
    if (dead_only)
        *dead_only = out;
    return rc;
}

static inline int check_game(int game, size_t players, size_t hole, size_t nboard, size_t ndead)
{
    const pe_game_t *g = pe_game(game);
    if (g == NULL || g->engine != PE_ENGINE_HANDS)
        return PE_ERR_GAME;
    if (game == PE_GAME_HOLDEM ? hole != 2 : hole < 4 || hole > EQ_MAX_HOLE)
        return PE_ERR_COUNT;
    if (players < 2 || players > EQ_MAX_PLAYERS || nboard > 5 || ndead > 52)
        return PE_ERR_COUNT;
    if (players * hole + ndead + 5 > 52)
        return PE_ERR_COUNT; /* not enough cards left to complete the board */
    return PE_OK;
}

static inline uint64_t row_mask(const uint8_t *row, size_t hole)
{
    uint64_t m = 0;
    for (size_t k = 0; k < hole; k++)
        m |= 1ull << row[k];
    return m;
}

#endif /* POKEREVAL_EQUITY_INTERNAL_H */
