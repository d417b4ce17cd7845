/* pokereval.h - the whole contract of the pokereval C core.
 *
 * Cards.  A card id is 4*rank + suit: rank 0..12 is 2,3,...,K,A and suit 0..3 is
 * clubs, diamonds, hearts, spades, so 2c = 0, 2d = 1, ..., As = 51.  There is no
 * second numbering anywhere in the project.  A set of cards may also be given as a
 * 64-bit mask with bit `id` set for each card.
 *
 * Values.  Every evaluation returns a uint16_t where greater is stronger and equal
 * is an exact split.  Each game has its own scale (pe_game_max gives its top):
 *
 *   holdem, stud   1..7462 over the 7,462 distinct five-card classes
 *                  (royal flush 7462, 7-5-4-3-2 offsuit 1)
 *   shortdeck      1..1404, the same shape over the 36-card deck 6..A, with
 *                  flush above full house and A-6-7-8-9 the lowest straight
 *   razz           1..6175 over A-5 low classes (5-4-3-2-A is 6175)
 *   deuce-seven    1..7462, 7-5-4-3-2 offsuit is 7462 (exactly five cards)
 *   omaha          as holdem
 *   omaha-hilo     high as holdem; low 1..56 over the 8-or-better lows
 *                  (5-4-3-2-A is 56), 0 when no low qualifies
 *   badugi         (n << 13) | (0x1FFF - m) for the best n-card badugi (n = 1..4),
 *                  m its ace-low rank mask (bit 0 = A, bit 1 = 2, ..., bit 12 = K):
 *                  more cards win, then the lower highest card, and so on
 *
 * Errors.  Functions that check their input return PE_OK or a negative PE_ERR_*
 * code; batch entries also store the first bad row.  Nothing here allocates,
 * aborts or touches global mutable state: every call is reentrant and may run
 * without the GIL.
 *
 * Everything between the cdef markers below is read verbatim by cffi
 * (pokereval/_build.py), so that block holds plain declarations only.
 */
#ifndef POKEREVAL_H
#define POKEREVAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- cdef begin ---- */
#define PE_OK 0
#define PE_ERR_CARD -1      /* an id outside the game's deck (0..51, or 6..A in shortdeck) */
#define PE_ERR_DUPLICATE -2 /* the same card twice in one hand */
#define PE_ERR_COUNT -3     /* a card count (hand, hole or board) the game does not allow */
#define PE_ERR_GAME -4      /* an unknown game number */
#define PE_ERR_ARG -5       /* an argument outside its range (a NULL pointer, k too large) */

#define PE_GAME_HOLDEM 0
#define PE_GAME_STUD 1
#define PE_GAME_SHORTDECK 2
#define PE_GAME_RAZZ 3
#define PE_GAME_DEUCE_SEVEN 4
#define PE_GAME_OMAHA 5
#define PE_GAME_OMAHA_HILO 6
#define PE_GAME_BADUGI 7
#define PE_NUM_GAMES 8

/* Categories of the high games, weakest first.  Razz reports its pairing with the
 * same numbers (HIGH_CARD .. FOUR_OF_A_KIND, no straights or flushes). */
#define PE_HIGH_CARD 0
#define PE_ONE_PAIR 1
#define PE_TWO_PAIR 2
#define PE_THREE_OF_A_KIND 3
#define PE_STRAIGHT 4
#define PE_FLUSH 5
#define PE_FULL_HOUSE 6
#define PE_FOUR_OF_A_KIND 7
#define PE_STRAIGHT_FLUSH 8
#define PE_ROYAL_FLUSH 9

/* Unchecked hold'em fast paths: 5..7 distinct ids below 52 (or a mask of 5..7 bits).
 * Callers that cannot promise that use pe_eval. */
uint16_t pe_eval_ids(const uint8_t *ids, size_t n);
uint16_t pe_eval_mask(uint64_t mask);

/* Checked evaluation of one hand of `game`.  `ids` holds n cards; for omaha and
 * omaha-hilo the first `hole` of them are hole cards and the rest the board (hole is
 * ignored by the other games).  *hi receives the value; *lo receives the low value
 * of omaha-hilo (0 = no low) and 0 for every other game.  lo may be NULL. */
int pe_eval(int game, const uint8_t *ids, size_t n, size_t hole, uint16_t *hi, uint16_t *lo);

/* pe_eval with the result packed into the return value, for callers that cannot
 * cheaply pass out-pointers (one Python call per hand): a negative PE_ERR_* code, or
 * hi | lo << 16 (both fit in 16 bits, so the result is never negative). */
int32_t pe_eval_packed(int game, const uint8_t *ids, size_t n, size_t hole);

/* Checked hold'em in two arguments (each argument costs a Python caller ~25 ns):
 * the value, or a negative PE_ERR_* code. */
int32_t pe_eval_holdem(const uint8_t *ids, size_t n);

/* Checked batch: `rows` hands of k ids each, row-major and contiguous.  hi[i] (and
 * lo[i] when lo is not NULL) as pe_eval would give for row i.  On error returns the
 * code and stores the row in *bad_row; outputs before that row are written. */
int pe_eval_batch(int game, const uint8_t *ids, size_t rows, size_t k, size_t hole,
                  uint16_t *hi, uint16_t *lo, size_t *bad_row);

/* Which cards play: writes input positions (0..n-1) of the cards that make the high
 * hand to hi_pos and those that make the low (omaha-hilo) to lo_pos, in reading order
 * (K K K Q Q; 5 4 3 2 A for the wheel; lows highest card first).  *n_hi / *n_lo get
 * how many (5, fewer for badugi, 0 for no low).  Checked like pe_eval. */
int pe_best_cards(int game, const uint8_t *ids, size_t n, size_t hole,
                  uint8_t *hi_pos, size_t *n_hi, uint8_t *lo_pos, size_t *n_lo);

/* Category (PE_HIGH_CARD.. PE_ROYAL_FLUSH) of a value of a game with categories;
 * -1 for a value outside the game's scale or a game without categories. */
int pe_category(int game, uint16_t value);

/* Top of the game's value scale. */
uint16_t pe_game_max(int game);

/* Histogram of hold'em values over every k-card hand of the 52-card deck, k = 5..7:
 * hist[v] += number of hands with value v (hist has 7463 entries).  Enumerates with
 * partial sums so all 133,784,560 seven-card hands take well under a second. */
int pe_enumerate(int k, uint64_t *hist);
/* ---- cdef end ---- */

#ifdef __cplusplus
}
#endif

#endif /* POKEREVAL_H */
