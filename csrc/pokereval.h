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
 *   shortdeck-trips
 *                  1..1404, as shortdeck but with three of a kind above a straight
 *   razz           1..6175 over A-5 low classes (5-4-3-2-A is 6175)
 *   deuce-seven    1..7462, 7-5-4-3-2 offsuit is 7462 (exactly five cards)
 *   omaha          as holdem
 *   omaha-hilo     high as holdem; low 1..56 over the 8-or-better lows
 *                  (5-4-3-2-A is 56), 0 when no low qualifies
 *   stud-hilo      high as holdem; low 1..56 as omaha-hilo's, from the best
 *                  8-or-better five of all the cards (0 when none qualifies)
 *   badugi         (n << 13) | (0x1FFF - m) for the best n-card badugi (n = 1..4),
 *                  m its ace-low rank mask (bit 0 = A, bit 1 = 2, ..., bit 12 = K):
 *                  more cards win, then the lower highest card, and so on
 *
 * Errors.  Functions that check their input return PE_OK or a negative PE_ERR_*
 * code; batch entries also store the first bad row.  Nothing here allocates or
 * aborts.
 *
 * Tables and global state.  Every lookup table is a const array, generated from the
 * rules into tables_*.c by gen_tables.py or written out in the file that uses it: none
 * is built at run time, so none can be seen half-filled.  The one global written at
 * run time is the batch kernel that pe_simd_init chooses, once, before any thread
 * evaluates.  Every call is reentrant and may run on many threads at once.
 *
 * Everything between the cdef markers below is read verbatim by cffi
 * (pokereval/_build.py), so that block holds plain declarations only.
 */
#ifndef POKEREVAL_H
#define POKEREVAL_H

#include <stddef.h>
#include <stdint.h>

#include "pe_codes.h" /* error codes, games, categories, wild rules: the shared numbers */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- cdef begin ---- */
/* The facts of each game, one row per game number: the one place they are written.
 * A hand that pe_eval takes has hand_min..hand_max cards; in games that play a fixed
 * number of hole cards (hole_max > 0: Omaha) the first hole_min..hole_max of them are
 * hole cards and the board_min..board_max after them the board.  At a showdown each
 * seat holds seat_min..seat_max cards of its own and the board has showdown_board
 * cards (0: no board, each seat's cards are its whole hand).  The deck is the
 * deck_size ids deck_first..51.  low: the lowest hand wins; hilo: the pot is halved
 * between the best high and the best qualifying low; categories: values have a
 * category (pe_category); top: the greatest value of the game's scale.  wild: wild
 * cards play in the game (every entry that takes `wild`; PE_ERR_WILD elsewhere),
 * and wild_top is then the top of its scale with them, five aces (five of a kind sits
 * above `top`: five deuces top + 1 up to five aces top + 13); otherwise wild_top is top.
 * engine: which equity engine plays hands given as cards, PE_ENGINE_HANDS (equity.c,
 * hold'em and Omaha), PE_ENGINE_GAMES (equity_games.c, which serves any game and also
 * Omaha's ranges), or PE_ENGINE_NONE (the draw games: no equity before the draw). */
typedef struct {
    const char *name;
    uint8_t hand_min, hand_max;
    uint8_t hole_min, hole_max;
    uint8_t board_min, board_max;
    uint8_t seat_min, seat_max;
    uint8_t showdown_board;
    uint8_t deck_first, deck_size;
    uint8_t low, hilo, categories;
    uint16_t top;
    uint8_t wild;
    uint16_t wild_top;
    uint8_t engine;
} pe_game_t;

/* The facts of game number `game` (0..PE_NUM_GAMES-1), or NULL for another number. */
const pe_game_t *pe_game(int game);

/* ---- evaluation ---- */

/* Unchecked hold'em fast path: a mask of 5..7 bits below bit 52.  The single-hand entry
 * over ids, pe_eval_ids, is static inline in pe_hand.h (included below).  Callers that
 * cannot promise 5..7 distinct cards use pe_eval. */
uint16_t pe_eval_mask(uint64_t mask);

/* Checked evaluation of one hand of `game`.  `ids` holds n cards; for omaha and
 * omaha-hilo the first `hole` of them are hole cards and the rest the board (hole is
 * ignored by the other games).  *hi receives the value; *lo receives the low value
 * of omaha-hilo and stud-hilo (0 = no low) and 0 for every other game.  lo may be NULL.
 *
 * `wild` (pe_codes.h; 0: none) plays wild cards, in the games whose pe_game_t.wild is
 * set (PE_ERR_WILD elsewhere, PE_ERR_ARG for an unknown rule): 5..7 cards valued on the
 * game's scale with five of a kind above the top, five deuces at top + 1 up to five aces
 * at wild_top = top + 13.  PE_ERR_CARD for a joker under PE_WILD_DEUCES or an id above
 * 53.  The best hand is found from rank counts and suit masks, not by trying every card
 * for every wild card (csrc/wild.c). */
int pe_eval(int game, int wild, const uint8_t *ids, size_t n, size_t hole, uint16_t *hi, uint16_t *lo);

/* pe_eval with the result in the return value, for callers that want one number
 * back: a negative PE_ERR_* code, or hi | lo << 16 (both fit in 16 bits, so the
 * result is never negative). */
int32_t pe_eval_packed(int game, const uint8_t *ids, size_t n, size_t hole);

/* pe_eval for hold'em alone, in two arguments: the value, or a negative PE_ERR_*
 * code. */
int32_t pe_eval_holdem(const uint8_t *ids, size_t n);

/* Checked batch: `rows` hands of k ids each, row-major and contiguous.  hi[i] (and
 * lo[i] when lo is not NULL) as pe_eval would give for row i, `wild` included.  On error
 * returns the code and stores the row in *bad_row; outputs before that row are written. */
int pe_eval_batch(int game, int wild, const uint8_t *ids, size_t rows, size_t k, size_t hole,
                  uint16_t *hi, uint16_t *lo, size_t *bad_row);

/* Which cards play: writes input positions (0..n-1) of the cards that make the high
 * hand to hi_pos and those that make the low (the hi-lo games) to lo_pos, in reading order
 * (K K K Q Q; 5 4 3 2 A for the wheel; lows highest card first).  *n_hi / *n_lo get
 * how many (5, fewer for badugi, 0 for no low).  stands_for, when not NULL, gets the card
 * each of the *n_hi cards plays as: the card itself, or for a wild card the card it stands
 * for (for five of a kind a card the hand holds when all four are taken).  lo_pos and
 * n_lo may be NULL.  Checked like pe_eval. */
int pe_best_cards(int game, int wild, const uint8_t *ids, size_t n, size_t hole, uint8_t *hi_pos, size_t *n_hi,
                  uint8_t *lo_pos, size_t *n_lo, uint8_t *stands_for);

/* Category (PE_HIGH_CARD.. PE_ROYAL_FLUSH) of a value of a game with categories;
 * -1 for a value outside the game's scale or a game without categories. */
int pe_category(int game, uint16_t value);

/* Top of the game's value scale. */
uint16_t pe_game_max(int game);

/* Histogram of hold'em values over every k-card hand of the 52-card deck, k = 5..7:
 * hist[v] += number of hands with value v (hist has 7463 entries).  Enumerates with
 * partial sums so all 133,784,560 seven-card hands take well under a second. */
int pe_enumerate(int k, uint64_t *hist);

/* ---- batches: the kernel behind hold'em and stud rows ---- */
/* Pick the kernel behind hold'em and stud batches, wild ones included: "auto" (or NULL) takes the fastest
 * this CPU runs; "scalar", "avx2", "avx512" (x86-64) or "neon" (aarch64) force one
 * (PE_ERR_ARG if unknown or not supported here).  Every kernel gives the same values,
 * error codes and first bad rows as "scalar", the portable one.  Call once, before any thread evaluates (the binding calls it
 * when it loads, with $POKEREVAL_SIMD).  Without it every batch detects the CPU
 * afresh. */
int pe_simd_init(const char *path);
/* Name of the kernel batches use: "avx512", "avx2", "neon" or "scalar". */
const char *pe_simd_path(void);
/* Checked pe_eval_mask: the hold'em value of a mask of 5..7 cards, PE_ERR_CARD for
 * a bit above 51, PE_ERR_COUNT for another card count. */
int32_t pe_eval_mask_checked(uint64_t mask);
/* ---- equity ---- */
/* Equity of deals.  A deal gives each of 2..10 players a row of hole cards: 2 ids in
 * hold'em, `hole` = 4..6 in omaha and omaha-hilo; board holds 0..5 cards and dead cards
 * are out of play; a runout completes the board from the cards left and hands out one
 * pot.  The totals are kept as pe_codes.h lays them out (PE_EQ_UNIT, PE_EQ_FIELDS). */
/* Monte Carlo samples come in blocks of this many, each from its own stream. */
#define PE_EQ_BLOCK 16384

/* Exact: every runout of each of `ndeals` deals (rows of players * hole ids), added to
 * counts: per deal, players rows of PE_EQ_FIELDS then the runouts played (a deal's
 * slice is players * PE_EQ_FIELDS + 1 long).  Hold'em plays boards by their ranks and
 * then puts flushes right, one suit of each class of alike suits (exact, integer for
 * integer the same totals as playing every runout); plain != 0 plays every runout
 * instead.  Work is split into `parts` slices (0 <= part < parts): a call does slice
 * `part` (runouts whose first dealt card is part mod parts; the hold'em path does all
 * its work in part 0), so calls over every part add up to the whole.  PE_ERR_CARD /
 * PE_ERR_DUPLICATE for a bad or repeated card (PE_ERR_DUPLICATE when a deal repeats a
 * card), PE_ERR_COUNT for counts out of range, PE_ERR_GAME for games other than
 * holdem, omaha, omaha-hilo. */
int pe_equity_exact(int game, size_t players, size_t hole, const uint8_t *deals, size_t ndeals,
                    const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead, int plain,
                    size_t part, size_t parts, uint64_t *counts);
/* Monte Carlo: samples first .. first + samples - 1 (first a multiple of PE_EQ_BLOCK),
 * sample i drawn from the stream of block i / PE_EQ_BLOCK of `seed`, so totals depend
 * on the seed alone, not on how the samples are split between calls.  Player p has
 * counts[p] >= 1 rows of `hole` ids, all players' rows one after another (counts NULL:
 * one row each); cumw holds each player's cumulative row weights (NULL: equal).  Each
 * sample deals one row per player in proportion to its weight, by rejection (importance
 * == 0: the whole deal again while two rows share a card or a board or dead card, at
 * most max_attempts times, else PE_ERR_DUPLICATE) or by sequential importance sampling
 * (importance != 0: each player among the rows that fit the ones before, the sample
 * weighted by the product of those rows' share of the player's weight; two players whose
 * rows pair up at most 2^22 ways are dealt from their exact joint law instead, every sample
 * weighing 1, and PE_ERR_ARG when their deals weigh below 2^PE_WEIGHT_FLOOR_EXP in all),
 * then a random runout.  Adds to out: players rows of PE_EQ_FIELDS (weighted
 * sums), then the total weight, the samples, the deal attempts, and the sum of the samples'
 * squared weights times 2^960 (so that none falls to 0; (total weight)^2 * 2^960 over it is
 * how many equal samples they count as). */
int pe_equity_sample(int game, size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts,
                     const double *cumw, int importance, const uint8_t *board, size_t nboard,
                     const uint8_t *dead, size_t ndead, uint64_t seed, uint64_t first, uint64_t samples,
                     uint64_t max_attempts, double *out);
/* Is there a deal at all: one row per player (rows and counts as for pe_equity_sample),
 * no two sharing a card nor any card of `used`?  PE_OK with chosen[p] the row of player
 * p, PE_ERR_DUPLICATE when none exists, or 1 when the search stopped after max_nodes
 * steps without an answer.  A bipartite matching of seats to cards cuts the search at
 * every step, failed states are remembered, and players with equal ranges take rows in
 * increasing order, so impossible deals are found out in well under a millisecond. */
int pe_equity_find_deal(size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts, uint64_t used,
                        uint64_t max_nodes, uint32_t *chosen);
/* Suit isomorphism: out[d] = the least (row by row, then card by card) of the renamings
 * of deal d (players rows of 2 ids, each player's higher id first in out) under the suit
 * permutations that leave the board and the dead cards in place.  Deals with equal
 * rows in out have the same equity. */
int pe_iso_canonical_deals(const uint8_t *deals, size_t ndeals, size_t players, const uint8_t *board,
                           size_t nboard, const uint8_t *dead, size_t ndead, uint8_t *out);
/* Exact equity of ranges in one call, for small work (csrc/equity_ranges.c): every deal of
 * one row per player with no card twice (rows and counts as for pe_equity_sample; weights
 * one per row, NULL for all 1), skipping rows that hold a board or dead card or weigh 0,
 * each player's weights divided by its largest; in hold'em before the turn, deals alike up
 * to a renaming of suits played once; on the turn and the river, each row's value with each
 * card to come looked up once.  Writes plain[stride] (the totals of every deal, each
 * counted once) and weighted[stride] (each deal weighted by the product of its rows'
 * weights), stride = players * PE_EQ_FIELDS + 1, the last the runouts.  PE_OK; 1 when the
 * ranges have more than max_deals deals (nothing written: cut the work up instead);
 * PE_ERR_DUPLICATE with *bad = p when player p has no row left, or *bad = players when no
 * deal is left; PE_ERR_ARG when the deals weigh below 2^PE_WEIGHT_FLOOR_EXP on average
 * (pe_codes.h); the errors of pe_equity_exact. */
int pe_equity_exact_ranges(int game, size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts,
                           const double *weights, const uint8_t *board, size_t nboard, const uint8_t *dead,
                           size_t ndead, size_t max_deals, uint64_t *plain, double *weighted, size_t *bad);
/* Whole calls, for C callers: pe_equity_exact / pe_equity_sample over one deal of hands
 * (holes: players rows of 2 ids in hold'em, `hole` = 4..6 in Omaha), samples == 0 for
 * exact.  equity[p] = SHARE / (runs * PE_EQ_UNIT), wins, ties and *runs as above. */
int pe_equity_holdem(const uint8_t *holes, size_t players, const uint8_t *board, size_t nboard,
                     const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed, double *equity,
                     uint64_t *wins, uint64_t *ties, uint64_t *runs);
int pe_equity_omaha(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                    size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed,
                    double *equity, uint64_t *wins, uint64_t *ties, uint64_t *runs);
/* Hold'em ranges in one call: player p has counts[p] >= 1 rows of 2 ids, weights >= 0
 * (NULL: all 1).  Exact: every deal without a shared card times every runout, equity
 * weighted by the product of the rows' weights (wins, ties and runs unweighted); Monte
 * Carlo by rejection (at most 2^24 attempts a deal).  PE_ERR_DUPLICATE when no deal is
 * possible, a player's weights all 0 included; PE_ERR_ARG for a negative or non-finite
 * weight. */
int pe_equity_ranges_holdem(const uint8_t *combos, const double *weights, const uint32_t *counts,
                            size_t players, const uint8_t *board, size_t nboard, const uint8_t *dead,
                            size_t ndead, uint64_t samples, uint64_t seed, double *equity, uint64_t *wins,
                            uint64_t *ties, uint64_t *runs);
/* ---- showdown and settlement ---- */
/* The rules pe_settle follows.  Seats are numbered 0..n-1; chips[s] is what seat s put in
 * as live bets over the hand (blinds included), dead[s] what it put in as dead money.
 *
 *  - Uncalled bet: the top live contributor's chips above the second-highest live
 *    contribution were matched by nobody; they go back to it.  Both are any seats, folded
 *    or not: a seat that folded with the most chips in gets its unmatched part back.
 *  - Contenders: the seats that did not fold and put in chips, live or dead; and, where
 *    there is dead money, a seat that did not fold and put in nothing but shows a hand (its
 *    cards given): it is still in the hand, as a seat dealt in under a big-blind ante is, and
 *    may win the dead money.  Each contender's level is its live chips (after the uncalled
 *    bet went back).
 *  - Pots: one per distinct contender level, lowest first.  The pot at level L holds what
 *    every seat put in live between the level below and L; its eligible seats are the
 *    contenders whose level is L or more.  Live chips of folded seats above every
 *    contender's level (and below the uncalled bet) join the top pot.  The first (main) pot also holds all the dead
 *    money, which every contender may win, even one all in for less.
 *  - Dead money (antes, big-blind antes, dead blinds, chips of players who left) never
 *    counts toward matching a bet and never comes back as uncalled.
 *  - Winners: each pot is shared evenly by its eligible seats with the best high hand.
 *    The odd chips that do not divide go one each to those winners in odd-chip order:
 *    `order` lists every seat once.  NULL is the game's rule: seat order 0, 1, 2, ..., seat
 *    0 being first to the left of the button; in stud, stud hi-lo and razz by card (Robert's
 *    Rules of Poker, ties 5): the seat holding the highest card by rank and suit (spades,
 *    hearts, diamonds, clubs) first, in razz and for stud hi-lo's low half the one holding
 *    the lowest (aces low, clubs lowest), every card of a seat counting.
 *  - Hi-lo (omaha-hilo, stud-hilo): when an eligible seat of a pot has a qualifying low, the
 *    pot is halved: the low half, rounded down, to the best lows and the rest to the best
 *    highs, each half shared as above.  With no qualifying low the highs take the whole pot.
 *  - Showdown: only when two or more contenders remain.  A lone contender takes every pot
 *    unseen: its cards are not needed and the board may be short (not longer than the
 *    game's).  Otherwise every contender needs a full hand and the board must be full.
 *  - Folded seats may give no cards (count 0); cards that are given are checked for range
 *    and duplicates against every other seat's and the board's. */
#define PE_SETTLE_MAX_SEATS 64
/* Chips per seat, live and dead each: 0..2^48, so that no sum over 64 seats overflows. */
#define PE_SETTLE_MAX_CHIPS 281474976710656

/* What a showdown or a settlement found wrong, and where (pe_fault_t.what). */
#define PE_FAULT_NONE 0
#define PE_FAULT_CHIPS 1  /* chips[seat] outside 0..PE_SETTLE_MAX_CHIPS */
#define PE_FAULT_DEAD 2   /* dead[seat] outside 0..PE_SETTLE_MAX_CHIPS */
#define PE_FAULT_ORDER 3  /* order[seat] (seat is a position here) out of range or listed twice */
#define PE_FAULT_HOLE 4   /* seat's cards: a bad card, a duplicate, or a count the showdown cannot use */
#define PE_FAULT_BOARD 5  /* the board: the same */
#define PE_FAULT_NOBODY 6 /* chips are in the pot, but every seat that could win them folded */
#define PE_FAULT_SEATS 7  /* n outside 1..PE_SETTLE_MAX_SEATS */

typedef struct {
    int what;        /* a PE_FAULT_* */
    size_t seat;     /* the seat (or position in order) at fault */
    size_t card;     /* PE_ERR_CARD, PE_ERR_DUPLICATE: position of the card within that seat's
                      * cards, or within the board */
    size_t holder;   /* PE_ERR_DUPLICATE: the seat that holds the card first; n for the board */
    size_t fewest;   /* PE_ERR_COUNT: the cards that seat (or the board) may hold, fewest.. */
    size_t most;     /* ..most */
} pe_fault_t;

/* One pot.  Seat sets are masks: bit s for seat s. */
typedef struct {
    int64_t amount;       /* every chip in the pot (the main pot holds the dead money too) */
    int64_t low_amount;   /* hi-lo: the low half; 0 when no eligible seat has a low */
    uint64_t eligible;    /* the contenders that can win it */
    uint64_t winners;     /* the best high hands among them: they share amount - low_amount */
    uint64_t low_winners; /* the best qualifying lows among them: they share low_amount */
    int64_t share;        /* each high winner's even share of amount - low_amount */
    int64_t low_share;    /* each low winner's even share of low_amount */
    uint64_t odd;         /* the high winners that took one odd chip more */
    uint64_t low_odd;     /* the low winners that took one odd chip more */
} pe_pot_t;

typedef struct {
    int64_t payouts[PE_SETTLE_MAX_SEATS]; /* what each seat takes back: its pot shares and any
                                           * uncalled bet; they add up to all chips put in */
    pe_pot_t pots[PE_SETTLE_MAX_SEATS];   /* main pot first, then the side pots as levels rise */
    size_t n_pots;
    size_t uncalled_seat;                 /* the seat an uncalled bet went back to, or n */
    int64_t uncalled;                     /* those chips, 0 when none */
    pe_fault_t fault;                     /* on error, what and where */
} pe_settlement_t;

typedef struct {
    uint16_t hi[PE_SETTLE_MAX_SEATS];     /* each seat's value (the high hand in hi-lo) */
    uint16_t lo[PE_SETTLE_MAX_SEATS];     /* hi-lo games: each seat's low, 0 for none */
    uint64_t winners;                     /* the seats with the best (high) hand */
    uint64_t low_winners;                 /* hi-lo games: the seats with the best low; 0 if none */
    pe_fault_t fault;                     /* on error, what and where */
} pe_showdown_t;

/* Evaluate every one of n seats (1..PE_SETTLE_MAX_SEATS) against the board.  cards holds the
 * seats' cards back to back, counts[s] of them for seat s; every seat needs the game's full
 * showdown hand and the board its full size (none in stud, razz, deuce-seven, badugi).
 * `wild` (0: none) values the seats as pe_eval does with that rule: the jokers 52 and 53
 * are in the deck under PE_WILD_JOKER and PE_WILD_BUG (PE_ERR_CARD elsewhere) and checked
 * for duplicates like any card across every seat and the board, so a third joker in the
 * deal is PE_ERR_DUPLICATE; five of a kind sits above the game's top, equal values split,
 * and lo is all 0.  Returns PE_OK, or PE_ERR_CARD / PE_ERR_DUPLICATE / PE_ERR_COUNT /
 * PE_ERR_GAME / PE_ERR_WILD / PE_ERR_ARG with out->fault saying where. */
int pe_showdown(int game, int wild, size_t n, const uint8_t *cards, const uint8_t *counts,
                const uint8_t *board, size_t board_n, pe_showdown_t *out);

/* Settle one hand of n seats (1..PE_SETTLE_MAX_SEATS) under the rules above.  folded[s] is
 * nonzero for a seat that folded; dead may be NULL (no dead money); cards and counts as for
 * pe_showdown (a count of 0: no cards given); order is the odd-chip order or NULL.  Writes
 * *out.  Returns PE_OK, or PE_ERR_CARD, PE_ERR_DUPLICATE, PE_ERR_COUNT (cards the showdown
 * cannot use), PE_ERR_GAME, PE_ERR_WILD, or PE_ERR_ARG (chips out of range, a bad order,
 * chips nobody left can win, a NULL pointer, an unknown wild rule), with out->fault saying
 * where. */
int pe_settle(int game, int wild, size_t n, const int64_t *chips, const int64_t *dead, const uint8_t *folded,
              const uint8_t *cards, const uint8_t *counts, const uint8_t *board, size_t board_n,
              const uint8_t *order, pe_settlement_t *out);

/* ---- equity of every game ---- */
/* Equity in any game (csrc/equity_games.c): the game's evaluator, board and deck.
 * Player p (2..10 players) holds one of counts[p] >= 1 rows of known[p] cards each (all
 * players' rows one after another in `rows`; known[p] may be 0: no cards known) and is
 * dealt the rest up to final[p] cards of his own (final[p] within the game's seat_min..
 * seat_max); the board, board cards given, is completed to showdown_board.  weights
 * (NULL: all 1) has one entry per row, >= 0.  A deal gives each player one row; with
 * one row per player a card twice anywhere is PE_ERR_DUPLICATE, with several, deals
 * where rows collide are skipped.  samples == 0 plays every deal of rows times every
 * way to deal the missing cards (the board first, then each player in turn), each deal
 * weighted by the product of its rows' weights; otherwise `samples` Monte Carlo runs,
 * each drawing a row per player in proportion to its weight (drawing again on a
 * collision) and then the missing cards, from a generator seeded by `seed`.  Each
 * runout is one pot: split equally among the best hands, halved between the best high
 * and the best low in the hi-lo games when some low qualifies.
 *
 * Wild cards (hold'em and stud; PE_ERR_WILD for another game): `wild` a PE_WILD_* rule
 * (0: none) and `deck` 52, 53 or 54 cards, the jokers 52 and 53 dealt like any other
 * card (PE_WILD_DEUCES: 52 only; without wild cards 52).  Hands are valued as
 * pe_eval does with that rule.
 *
 * Out, per player: equity[p] (share of the pots), wins[p] (runouts won whole), ties[p]
 * (runouts shared), *runs (runouts played, unweighted); and when not NULL, for each
 * category c of the player's final high hand (pe_category; none in badugi)
 * cat_share[stride * p + c], the share of runouts ending there, and cat_won[stride * p
 * + c], the share of the pots won with it (summing to equity[p] in games with
 * categories); stride is 10, or 11 with wild cards (PE_FIVE_OF_A_KIND); win_tie[2 * p]
 * and win_tie[2 * p + 1], the share of runouts won whole and shared, weighted like equity
 * (wins and ties count every deal once: with weighted ranges they are no chances).
 *
 * stop (NULL: never) is polled every few thousand runouts: when *stop is nonzero the
 * call returns PE_ERR_STOPPED, so a caller on another thread can end a long run within
 * milliseconds.  Errors: PE_ERR_GAME, PE_ERR_COUNT (players, card counts, more cards
 * than the deck holds), PE_ERR_CARD (a card outside the game's deck), PE_ERR_DUPLICATE
 * (a card twice, no deal possible or, sampling, 2^24 collisions in a row), PE_ERR_ARG (a
 * NULL pointer, a bad weight, an unknown rule or deck size, or runs that weigh below
 * 2^PE_WEIGHT_FLOOR_EXP on average), PE_ERR_WILD, PE_ERR_STOPPED. */
int pe_equity_game(int game, int wild, size_t deck, size_t players, const uint8_t *rows, const uint32_t *counts,
                   const uint8_t *known, const uint8_t *final, const double *weights, const uint8_t *board,
                   size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed,
                   double *equity, uint64_t *wins, uint64_t *ties, uint64_t *runs, double *cat_share,
                   double *cat_won, double *win_tie, const int *stop);
/* ---- analysis: outs, draws, odds, hand strength ---- */
/* What can still happen to a hold'em hand (csrc/analysis.c).  Hole cards are 2 ids,
 * a flop or turn board 3 or 4; PE_ERR_CARD / PE_ERR_DUPLICATE for a bad or repeated
 * card among hole, board and dead cards, PE_ERR_COUNT for another board size.
 *
 * pe_outs: for every card c not among hole, board and dead, value[c] is the hand the
 * player makes with it (0 for known cards).  Bit c of *improving is set when c lifts
 * the hand's category and the board with c alone stays below the new category (a
 * card that only pairs the board gives every player that pair: no out).  With
 * `opponents` = 0 that is all, and hit[0] / hit[1] are the exact chances that an
 * improving card comes next / by the river (one card on the turn, two on the flop).
 * With 1..9 opponents given as rows of 2 ids (counts[o] rows for opponent o, one after
 * another in combos; weights or NULL), every deal of one row per opponent that shares
 * no card with another or with the known cards is played against every card left:
 * win[c] / tie[c] is the weighted share of the deals leaving c unseen after which the
 * player wins outright / ties for best; tainted[c] the share where c is an improving
 * card that lifts an opponent from at most the player's new hand to above it.  hit[0]
 * / hit[1] are then the weighted chances that a winning card comes next / by the
 * river.  PE_ERR_DUPLICATE when no deal is possible; PE_ERR_ARG when the deals' weights
 * average below 2^PE_WEIGHT_FLOOR_EXP (pe_codes.h). */
int pe_outs(const uint8_t *hole, const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
            const uint8_t *combos, const double *weights, const uint32_t *counts, size_t opponents,
            uint16_t *value, uint64_t *improving, double *win, double *tie, double *tainted, double *hit);
/* pe_draws: completing[d] is the mask of the unseen cards (not hole or board) that
 * complete draw d, 0 when the hand has no such draw.  A flush draw is a suit the player
 * holds with four cards of it in all, a backdoor flush draw (flop only) three; straight
 * draws are the ranks that would make a straight through the player's cards, higher
 * than any the board makes with that rank alone: open-ended when two of them close
 * four ranks in a row at both ends, else a double gutshot for two or more, a gutshot
 * for one.  Overcards: two unpaired hole cards above every board card.  Straight draws
 * and overcards need a hand below a straight, flush draws a hand below a flush. */
#define PE_DRAW_FLUSH 0
#define PE_DRAW_BACKDOOR_FLUSH 1
#define PE_DRAW_OPEN_ENDED 2
#define PE_DRAW_GUTSHOT 3
#define PE_DRAW_DOUBLE_GUTSHOT 4
#define PE_DRAW_OVERCARDS 5
#define PE_NUM_DRAWS 6
int pe_draws(const uint8_t *hole, const uint8_t *board, size_t nboard, uint64_t *completing);
/* pe_odds: counts[c] = the runouts (every completion of the board to five cards from
 * the cards not among hole, board and dead) after which the hand's category is c.
 * Games: holdem, shortdeck and shortdeck-trips (2 hole cards) and omaha (4..6, exactly
 * two played); board 0 or 3..5 cards.  PE_ERR_GAME for another game. */
int pe_odds(int game, const uint8_t *hole, size_t nhole, const uint8_t *board, size_t nboard,
            const uint8_t *dead, size_t ndead, uint64_t *counts);
/* pe_category_counts: counts[c] = the k-card hands of the game's deck whose value is in
 * category c (the best five of k): holdem and stud k = 5..7 of 52 cards, shortdeck and
 * shortdeck-trips 5..7 of 36, razz 5..7 (its pairing classes), deuce-seven 5.
 * PE_ERR_GAME for the other games (no categories, or no random hand of k cards). */
int pe_category_counts(int game, int k, uint64_t *counts);
/* Hand strength after Billings, Papp, Schaeffer and Szafron (1998).  now[s] sums the
 * weights of the opponent's holdings that the hand is ahead of (s = 0), tied with (1)
 * or behind (2) on the board as it is; potential[3 * s + f] sums, over every holding and
 * every runout to the river that misses it, the holding's weight, s being the state now
 * and f at the river (their HP matrix).  pe_hand_strength is exact against one opponent
 * holding any two of the cards left (ncombos = 0) or one of `ncombos` rows of 2 ids
 * (weights or NULL; rows touching known cards are skipped); board 3..5 cards.
 * pe_hand_strength_sampled plays `samples` random deals against `opponents` (1..9)
 * players, each holding two random live cards (combos NULL) or a row of its own
 * counts[o] rows drawn in proportion to weight (cumulative: running sums of the weights
 * per opponent), a deal redrawn when two holdings collide; "ahead" is above every
 * opponent, "tied" level with the best.  Same seed, same result.  The sampled call polls
 * `stop` (NULL: never) as pe_equity_game does and returns PE_ERR_STOPPED when it is set. */
int pe_hand_strength(const uint8_t *hole, const uint8_t *board, size_t nboard, const uint8_t *dead,
                     size_t ndead, const uint8_t *combos, const double *weights, size_t ncombos, double *now,
                     double *potential);
int pe_hand_strength_sampled(const uint8_t *hole, const uint8_t *board, size_t nboard, const uint8_t *dead,
                             size_t ndead, size_t opponents, const uint8_t *combos, const double *cumulative,
                             const uint32_t *counts, uint64_t samples, uint64_t seed, double *now,
                             double *potential, const int *stop);
/* ---- the preflop table ---- */
/* pe_preflop_multiway: hold'em starting hands against 1..PE_PREFLOP_OPPONENTS random hands,
 * sampled for the preflop table (csrc/preflop.c says how).  For each of `nboards` boards
 * (rows of 5 ids) and each two-card hand a, b that misses it, in the group
 * g = group[52 * a + b] (< ngroups <= 256) and rounds[g] times (0: skip the group, else
 * 2..64), the first k of nine opponents dealt from the 45 cards left play for k = 1..9:
 * units[g] counts the (board, hand) pairs, sums[9 * g + k - 1] adds the pot units
 * (PE_EQ_UNIT a pot) won against k opponents and spread[9 * g + k - 1] adds, per pair,
 * r * sum(share^2) - (sum share)^2 over its r rounds.  All three are added to, so chunks
 * of boards sum to the whole, in any order.  A board's draws come from its own stream,
 * seeded from `seed` and its cards: same boards, same seed, same totals. */
#define PE_PREFLOP_OPPONENTS 9
int pe_preflop_multiway(const uint8_t *boards, size_t nboards, const uint8_t *group, size_t ngroups,
                        const uint8_t *rounds, uint64_t seed, uint64_t *units, uint64_t *sums,
                        uint64_t *spread);
/* ---- cdef end ---- */

#ifdef __cplusplus
}
#endif

/* Area headers.  A wing of the core with a contract of its own (the betting engine, the
 * solver kit) declares it in csrc/pe_<area>.h, between cdef markers of its own, and is
 * included here, after everything it may use; each includes this file first, so either
 * may be included alone.  pokereval/_build.py reads the cdef blocks in this order. */
#include "pe_hand.h" /* hands built card by card, for C loops */
#include "pe_solver.h"
#include "pe_engine.h"

#endif /* POKEREVAL_H */
