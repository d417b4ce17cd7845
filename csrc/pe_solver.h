/* pe_solver.h - the solver's kit: every combo on a board at once (csrc/solver.c).
 *
 * Combos.  The 1,326 two-card hold'em hands are numbered 0..1325 in one order, that of
 * Range("random"): by the higher card's id, highest first, then by the lower card's,
 * highest first (As Ah = 0, As Ad = 1, ..., 3c 2c = 1324, 2d 2c = 1325).  For ids
 * a > b the index is 1325 - (a * (a - 1) / 2 + b).
 *
 * The per-board engine.  On each complete five-card board (each runout of a flop or a
 * turn, or the river itself) every combo that can still be dealt is valued once, the
 * values are sorted (a radix sort), and one sweep up the order counts, for every combo
 * at once, the weight of the opponent's combos it beats and ties: the running totals
 * are kept overall and per card, so that the opponent's combos sharing a card with the
 * hand (blockers) are taken off by inclusion and exclusion instead of hand by hand.
 * A flop's 1,176 runouts of 1,081 combos take about 10 ms this way.
 *
 * Every call checks its cards (PE_ERR_CARD for an id above 51, PE_ERR_DUPLICATE for a
 * card twice among the board and the dead cards, PE_ERR_COUNT for a board of a size
 * the call does not take) and its weights (PE_ERR_ARG for a negative or non-finite
 * one, or a NULL pointer).  Calls that add to their outputs do a slice `part` of
 * `parts` (0 <= part < parts) of the runouts, so calls over every part add up to the
 * whole: the binding cuts long work into short calls for progress and Ctrl-C.  No
 * call allocates or keeps state: all are reentrant and run without the GIL.
 */
#ifndef PE_SOLVER_H
#define PE_SOLVER_H

#include "pokereval.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- cdef begin ---- */
#define PE_COMBOS 1326
/* Most weight layers (opponent ranges) one pe_combo_equity call counts at once. */
#define PE_SOLVER_MAX_LAYERS 16

/* The two ids of every combo, higher first: cards[2 * i], cards[2 * i + 1]. */
void pe_combo_cards(uint8_t *cards);
/* The index of the combo of ids a and b (either order), or -1 (a bad id, or a == b). */
int pe_combo_index(int a, int b);

/* The hold'em value of every combo with a board of 3..5 cards (0 for a combo that holds
 * a board or dead card), and its category (pe_category; -1 for such a combo). */
int pe_combo_values(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                    uint16_t *values, int8_t *categories);

/* The pairs of combos that can never be dealt together on a board of 0..5 cards with
 * dead cards: mask[1326 * i + j] = 1 when combos i and j share a card or either holds a
 * board or dead card, else 0. */
int pe_pair_mask(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead, uint8_t *mask);

/* On a river board (5 cards): result[1326 * i + j] is +1 when combo i beats combo j, 0 on
 * a split, -1 when it loses, and 0 where pe_pair_mask sets the mask (written to mask
 * too unless it is NULL: the mask costs as much again as the results). */
int pe_showdown_matrix(const uint8_t *board, size_t nboard, int8_t *result, uint8_t *mask);

/* On a flop or turn (3 or 4 cards, dead cards out of play): adds to sums[1326 * i + j],
 * over the runouts of this part, the showdown result of combo i against combo j (+1, 0,
 * -1) where neither holds a runout card.  Every pair of combos that can be dealt together
 * meets in the same number of runouts of the whole board, added to *runs by part 0.
 * Entries of pairs that pe_pair_mask masks are meaningless. */
int pe_equity_matrix(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead, size_t part,
                     size_t parts, int32_t *sums, uint64_t *runs);

/* Exact equity of combos against weighted ranges on a board of 3..5 cards.  hero[i] != 0
 * marks the combos wanted; vs holds `layers` (1..PE_SOLVER_MAX_LAYERS) rows of 1326
 * weights, one opponent range each.  For each wanted combo i and layer k, over every
 * runout of this part and every combo j of the layer that shares no card with i, the
 * board, the runout or the dead cards: win[k * 1326 + i] adds vs[k][j] where i wins,
 * tie[.] where it splits, total[.] every time.  The equity is (win + tie / 2) / total. */
int pe_combo_equity(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                    const uint8_t *hero, const double *vs, size_t layers, size_t part, size_t parts,
                    double *win, double *tie, double *total);

/* Equity distributions on a board of 3..5 cards against one weighted range vs (1326
 * weights).  A point is a deal of the next `ahead` cards (0 <= ahead <= 5 - nboard; 0:
 * the board as it is); a wanted combo's equity at a point is exact over the rest of the
 * runout, and the point weighs the opponent's weight left there times the runouts that
 * complete it (so the weighted mean over the points is the exact equity).  For each
 * wanted combo i: moments[3 * i + m] adds the sum of weight * equity^m (m = 0, 1, 2);
 * with bins > 0, hist[2 * (bins * i + b)] adds the weight of the points whose equity
 * falls in bin b (equity e in bin floor(e * bins), 1 in the last; an e within 1e-9 of its
 * own size below an edge, the rounding of the sums, counts as on it) and
 * hist[2 * (bins * i + b) + 1] their weight * equity.  With `mix` (1326 weights) the
 * combos share one histogram of `bins` rows: hist[2 * b] adds mix[i] * weight and
 * hist[2 * b + 1] mix[i] * weight * equity over every wanted combo i (a range's mixture,
 * 2 * bins doubles where the combos' own take 2,652 * bins).  Parts split the points. */
int pe_equity_points(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                     const uint8_t *hero, const double *vs, size_t ahead, size_t bins, const double *mix,
                     size_t part, size_t parts, double *moments, double *hist);

/* ---- suit isomorphism of boards ---- */
/* A board is a flop (its first three cards, in any order), then a turn and a river.
 * pe_canonical renames the suits (one of the 24 renamings) so that the board reads
 * greatest: the flop sorted highest card first, then the turn, then the river, compared
 * id by id; among the renamings that do that, the one that makes `hands` (nhands rows of
 * 2 ids, each written higher card first) read greatest.  perm[s] is the suit that suit s
 * becomes.  Boards of 0 or 3..5 cards; hands may not share a card with the board or one
 * another (PE_ERR_DUPLICATE). */
int pe_canonical(const uint8_t *board, size_t nboard, const uint8_t *hands, size_t nhands,
                 uint8_t *board_out, uint8_t *hands_out, uint8_t *perm);
/* pe_canonical_set: the same with the whole board a set (written highest card first), for
 * what depends on the cards alone (equity, buckets), not on the order they came in. */
int pe_canonical_set(const uint8_t *board, size_t nboard, const uint8_t *hands, size_t nhands,
                     uint8_t *board_out, uint8_t *hands_out, uint8_t *perm);
/* pe_canonical (as_set 0) or pe_canonical_set of n boards of nboard (3..5) cards each. */
int pe_canonical_boards(const uint8_t *boards, size_t n, size_t nboard, int as_set, uint8_t *out);
/* The 1,755 canonical flops (as pe_canonical writes them), greatest first: boards holds
 * 3 ids a flop, weights[f] the number of the 22,100 flops that rename to flop f. */
#define PE_FLOPS 1755
void pe_flops(uint8_t *boards, uint32_t *weights);

/* Texture of a board of 3..5 cards: the most cards of one suit, the distinct ranks, the
 * highest rank (0 = deuce .. 12 = ace), and `straight`: how many ranks a player needs
 * to hold for the board's ranks to make a straight (0: the board is one, 1, 2, or 3:
 * no straight can be made with two hole cards). */
typedef struct {
    uint8_t suited;
    uint8_t ranks;
    uint8_t high;
    uint8_t straight;
} pe_texture_t;
int pe_board_texture(const uint8_t *board, size_t nboard, pe_texture_t *out);

/* ---- tournament equity (ICM) ---- */
/* Malmuth-Harville: a player finishes first with probability stack / total, and each
 * next place goes the same way among the players left.  n players, stacks > 0 and
 * finite, npay (1..n) finite payouts for places 1..npay; equity[i] = player i's
 * expected payout.  PE_ERR_COUNT for counts out of range, PE_ERR_ARG for a bad stack,
 * payout or pointer.
 *
 * pe_icm_exact: n up to PE_ICM_MAX_EXACT, by dynamic programming over the sets of
 * players already placed (2^n sets, not n! orders); work holds 2^n doubles.
 * pe_icm_sample: n up to PE_ICM_MAX_SAMPLED, samples first .. first + samples - 1 (first
 * a multiple of 4096), sample s drawn from the stream of block s / 4096 of `seed`: each
 * place in turn goes to a player left, drawn in proportion to his stack.  Adds to
 * sums[i] player i's payouts and to squares[i] their squares; work holds 2 n doubles of
 * scratch.  `stop` (or NULL) is polled before each sample: raised, the call returns
 * PE_ERR_STOPPED (a sample of many paid players is long, and a block of 4,096 of 10,000
 * players took 13 s). */
#define PE_ICM_MAX_EXACT 24
#define PE_ICM_MAX_SAMPLED 1000000
int pe_icm_exact(const double *stacks, size_t n, const double *payouts, size_t npay, double *equity,
                 double *work);
int pe_icm_sample(const double *stacks, size_t n, const double *payouts, size_t npay, uint64_t seed,
                  uint64_t first, uint64_t samples, double *work, double *sums, double *squares,
                  const int *stop);
/* ---- cdef end ---- */

#ifdef __cplusplus
}
#endif

#endif /* PE_SOLVER_H */
