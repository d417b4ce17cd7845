/* equity.c - equity of deals: every runout exactly, or Monte Carlo in seeded blocks.  The
 * work is split by idea: equity_exact.c plays every runout, equity_sample.c samples them,
 * equity_deal.c finds whether a deal exists at all, equity_ranges.c plays the deals of
 * ranges in one call (merged by suit renaming), equity_internal.h holds the tallies and
 * checks they share; this file holds the whole-call entry points for C callers.
 *
 * A "deal" gives every player one row of hole cards and a "runout" completes the board
 * to five cards; each runout hands out one pot.  Totals are kept per player in the
 * PE_EQ_* layout of pokereval.h (pot share, wins, ties, and per category the runouts
 * ending in it and the pot won with it), so one pass also gives the categories.
 *
 * - Shares are integers.  A pot is PE_EQ_UNIT = 5040 = 2 * lcm(1..10) units, so a pot,
 *   or half a pot (hi-lo), split among any 1..10 players is a whole number of units
 *   and exact enumeration gives exact sums.
 * - Exact hold'em ("iso" path).  Without flushes a hand's value depends on its ranks
 *   only, so every board is first played by its ranks alone: the multisets of ranks
 *   the live cards can make, each weighted by how many boards have those ranks
 *   (prod of C(live cards of rank r, times r is dealt)).  Then the flushes are put
 *   right: a flush needs three board cards of one suit (hole cards hold two at most),
 *   so at most one suit per board can make one.  For each suit s, the boards that give
 *   some player five cards of s are enumerated by their cards of s (each a distinct
 *   rank) and the ranks of their other cards (any other suit: grouped and weighted as
 *   above), and each adds its true result and takes away the ranks-only result counted
 *   before.  Suits that nothing tells apart (pe_iso_suit_classes) are done once.  AsKs
 *   v QdQc preflop plays about 30,000 boards this way instead of 1,712,304.
 * - Exact for other games, and the "plain" hold'em path kept to check the iso path:
 *   every runout one by one.  Board sums are built card by card (pe_hand_t), so a
 *   hold'em runout costs one join and one lookup per player.
 * - Monte Carlo: samples are numbered; sample i belongs to block i / PE_EQ_BLOCK and
 *   each block draws from its own generator seeded by (seed, block), so the result
 *   depends on the seed only, however the blocks are spread over threads.  A block
 *   draws each player's row in proportion to its weight (rejecting the whole deal if
 *   two rows share a card, which keeps the law of the valid deals), or, for ranges
 *   that collide almost always, by sequential importance sampling: each player draws
 *   among the rows that fit the ones drawn before, and the sample counts with weight
 *   prod(total weight of the rows that fit).  Then a random runout of the live cards.
 * - The generator (xoshiro256**, seeded through splitmix64) lives on the stack: no
 *   global state, so calls are reentrant and run without the GIL.  Card draws are
 *   unbiased (Lemire's multiply-and-reject). */
#include "equity_internal.h"

#include <string.h>

/* ---- the whole-call entry points (C callers; Python drives the chunked ones) ---- */

static void fill_results(const uint64_t *acc, size_t players, double *equity, uint64_t *wins, uint64_t *ties,
                         uint64_t *runs)
{
    uint64_t total = acc[players * EQ_F];
    for (size_t p = 0; p < players; p++) {
        equity[p] = (double)acc[p * EQ_F + PE_EQ_SHARE] / ((double)total * EQ_UNIT);
        wins[p] = acc[p * EQ_F + PE_EQ_WINS];
        ties[p] = acc[p * EQ_F + PE_EQ_TIES];
    }
    *runs = total;
}

/* The same from a Monte Carlo run's totals (pe_equity_sample's doubles). */
static void fill_sampled(const double *acc, size_t players, uint64_t samples, double *equity, uint64_t *wins,
                         uint64_t *ties, uint64_t *runs)
{
    for (size_t p = 0; p < players; p++) {
        equity[p] = acc[p * EQ_F + PE_EQ_SHARE] / (acc[players * EQ_F] * EQ_UNIT);
        wins[p] = (uint64_t)acc[p * EQ_F + PE_EQ_WINS];
        ties[p] = (uint64_t)acc[p * EQ_F + PE_EQ_TIES];
    }
    *runs = samples;
}

static int whole(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                 size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed, double *equity,
                 uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    if (holes == NULL || equity == NULL || wins == NULL || ties == NULL || runs == NULL)
        return PE_ERR_ARG;
    int rc = check_game(game, players, hole, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    if (samples == 0) {
        uint64_t acc[EQ_MAX_PLAYERS * EQ_F + 1] = {0};
        rc = pe_equity_exact(game, players, hole, holes, 1, board, nboard, dead, ndead, 0, 0, 1, acc);
        if (rc == PE_OK)
            fill_results(acc, players, equity, wins, ties, runs);
        return rc;
    }
    double acc[EQ_MAX_PLAYERS * EQ_F + 4] = {0};
    rc = pe_equity_sample(game, players, hole, holes, NULL, NULL, 0, board, nboard, dead, ndead, seed, 0, samples,
                          1, acc);
    if (rc != PE_OK)
        return rc;
    fill_sampled(acc, players, samples, equity, wins, ties, runs);
    return PE_OK;
}

int pe_equity_holdem(const uint8_t *holes, size_t players, const uint8_t *board, size_t nboard,
                     const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed, double *equity,
                     uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    return whole(PE_GAME_HOLDEM, holes, players, 2, board, nboard, dead, ndead, samples, seed, equity, wins, ties,
                 runs);
}

int pe_equity_omaha(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                    size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed,
                    double *equity, uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    if (game != PE_GAME_OMAHA && game != PE_GAME_OMAHA_HILO)
        return PE_ERR_GAME;
    return whole(game, holes, players, hole, board, nboard, dead, ndead, samples, seed, equity, wins, ties, runs);
}

int pe_equity_ranges_holdem(const uint8_t *combos, const double *weights, const uint32_t *counts,
                            size_t players, const uint8_t *board, size_t nboard, const uint8_t *dead,
                            size_t ndead, uint64_t samples, uint64_t seed, double *equity, uint64_t *wins,
                            uint64_t *ties, uint64_t *runs)
{
    if (combos == NULL || counts == NULL || equity == NULL || wins == NULL || ties == NULL || runs == NULL)
        return PE_ERR_ARG;
    int rc = check_game(PE_GAME_HOLDEM, players, 2, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    uint64_t fixed = 0;
    if ((nboard && board == NULL) || (ndead && dead == NULL))
        return PE_ERR_ARG;
    rc = check_fixed(board, nboard, dead, ndead, &fixed, NULL);
    if (rc != PE_OK)
        return rc;
    size_t total = 0;
    for (size_t p = 0; p < players; p++) {
        if (counts[p] == 0)
            return PE_ERR_COUNT;
        int dealable = weights == NULL; /* some row of the player weighs more than 0 */
        for (size_t c = 0; c < counts[p]; c++) {
            uint64_t seen = 0;
            rc = check_ids(combos + 2 * (total + c), 2, &seen);
            if (rc != PE_OK)
                return rc;
            if (weights && (!(weights[total + c] >= 0.0) || !(weights[total + c] <= 1e300)))
                return PE_ERR_ARG; /* NaN fails both tests; so does infinity the second */
            dealable |= weights && weights[total + c] > 0.0;
        }
        /* Every weight 0: no row can be dealt, exact or sampled (the sampler would deal a
         * zero-weight row rather than none). */
        if (!dealable)
            return PE_ERR_DUPLICATE;
        total += counts[p];
    }
    uint32_t chosen[EQ_MAX_PLAYERS];
    if (pe_equity_find_deal(players, 2, combos, counts, fixed, 1u << 22, chosen) == PE_ERR_DUPLICATE)
        return PE_ERR_DUPLICATE;
    if (samples == 0) {
        uint64_t plain[EQ_MAX_PLAYERS * EQ_F + 1];
        double weighted[EQ_MAX_PLAYERS * EQ_F + 1];
        rc = pe_equity_exact_ranges(PE_GAME_HOLDEM, players, 2, combos, counts, weights, board, nboard, dead, ndead,
                                    SIZE_MAX, plain, weighted, NULL);
        if (rc != PE_OK)
            return rc; /* PE_ERR_DUPLICATE too when every deal weighs 0 */
        for (size_t p = 0; p < players; p++) {
            equity[p] = weighted[p * EQ_F + PE_EQ_SHARE] / (weighted[players * EQ_F] * EQ_UNIT);
            wins[p] = plain[p * EQ_F + PE_EQ_WINS];
            ties[p] = plain[p * EQ_F + PE_EQ_TIES];
        }
        *runs = plain[players * EQ_F];
        return PE_OK;
    }
    /* Monte Carlo by rejection, with cumulative weights built on the stack per player. */
    double cumw[1326 * EQ_MAX_PLAYERS];
    if (weights && total > sizeof cumw / sizeof cumw[0])
        return PE_ERR_COUNT;
    if (weights) {
        size_t at = 0;
        for (size_t p = 0; p < players; p++) {
            double sum = 0.0;
            for (size_t c = 0; c < counts[p]; c++, at++)
                cumw[at] = sum += weights[at];
        }
    }
    double acc[EQ_MAX_PLAYERS * EQ_F + 4] = {0};
    rc = pe_equity_sample(PE_GAME_HOLDEM, players, 2, combos, counts, weights ? cumw : NULL, 0, board, nboard, dead,
                          ndead, seed, 0, samples, 1u << 24, acc);
    if (rc != PE_OK)
        return rc;
    fill_sampled(acc, players, samples, equity, wins, ties, runs);
    return PE_OK;
}
