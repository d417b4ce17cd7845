/* pe_codes.h - the numbers every caller of the pokereval core shares: error codes, game
 * numbers, categories, wild-card rules, equity engines and the layout of equity totals.
 * Plain #defines, no types, so that pokereval/_fastcall.c (a CPython module that links
 * nothing of the core) includes the same numbers rather than copies of them.  pokereval.h includes this file. */
#ifndef POKEREVAL_CODES_H
#define POKEREVAL_CODES_H

/* ---- cdef begin ---- */
/* ---- error codes ---- */

#define PE_OK 0
#define PE_ERR_CARD -1      /* an id outside the game's deck (0..51, or 6..A in the short-deck games) */
#define PE_ERR_DUPLICATE -2 /* the same card twice in one hand */
#define PE_ERR_COUNT -3     /* a card count (hand, hole or board) the game does not allow */
#define PE_ERR_GAME -4      /* an unknown game number */
#define PE_ERR_ARG -5       /* an argument outside its range (a NULL pointer, k too large) */
#define PE_ERR_WILD -6      /* wild cards in a game that has none */
#define PE_ERR_STOPPED -7   /* a long call saw the caller's stop flag raised and returned early */

/* ---- games and their facts ---- */

#define PE_GAME_HOLDEM 0
#define PE_GAME_STUD 1
#define PE_GAME_SHORTDECK 2
#define PE_GAME_RAZZ 3
#define PE_GAME_DEUCE_SEVEN 4
#define PE_GAME_OMAHA 5
#define PE_GAME_OMAHA_HILO 6
#define PE_GAME_BADUGI 7
#define PE_GAME_SHORTDECK_TRIPS 8
#define PE_GAME_STUD_HILO 9
#define PE_NUM_GAMES 10

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
#define PE_FIVE_OF_A_KIND 10 /* only with wild cards */

/* ---- wild cards ----
 * How wild cards play: the `wild` argument of pe_eval and of every entry that takes one,
 * 0 for none.  Jokers are card ids 52 and 53 (a deck of 53 or 54 cards).  PE_WILD_JOKER:
 * each joker stands for any card, one the hand holds included, so five of a kind exists;
 * PE_WILD_BUG: each joker is an ace, or a card that completes a straight, a flush or a
 * straight flush (in a flush, the best card of the suit the hand lacks: the king when the
 * ace is held), and then the best five of all the cards play; PE_WILD_DEUCES: every 2
 * stands for any card, and jokers are not in the deck.  A flush needs five different
 * ranks: a wild card never doubles a card of it. */
#define PE_WILD_JOKER 1
#define PE_WILD_BUG 2
#define PE_WILD_DEUCES 3

/* Which equity engine plays a game's hands given as cards (pe_game_t.engine). */
#define PE_ENGINE_NONE 0
#define PE_ENGINE_HANDS 1
#define PE_ENGINE_GAMES 2

/* Equity totals (pe_equity_* in pokereval.h).  A runout hands out one pot of PE_EQ_UNIT
 * units, so any split (and hi-lo's halves) is whole.  Totals are kept per player in rows of
 * PE_EQ_FIELDS:
 *   [PE_EQ_SHARE]        pot units won
 *   [PE_EQ_WINS]         runouts where the player took the whole pot
 *   [PE_EQ_TIES]         runouts where the player took part of it
 *   [PE_EQ_CATS + c]     runouts where the player's (high) hand ends in category c
 *   [PE_EQ_CAT_WON + c]  pot units won with a hand of category c
 * so SHARE / (runs * PE_EQ_UNIT) is the equity and the CAT_WON sum to SHARE. */
#define PE_EQ_UNIT 5040
#define PE_EQ_SHARE 0
#define PE_EQ_WINS 1
#define PE_EQ_TIES 2
#define PE_EQ_CATS 3
#define PE_EQ_CAT_WON 13
#define PE_EQ_FIELDS 23

/* A deal of ranges weighs the product of its combos' weights (each range's scaled to a largest
 * of 1).  Where the deals left weigh less than 2^PE_WEIGHT_FLOOR_EXP, the least normal double,
 * on average, the weights have run into the bottom of the doubles (below it they lose digits,
 * below 2^-1074 they are 0): equity and outs refuse them (PE_ERR_ARG in C) rather than answer
 * 0 / 0 or a share of rounding.  At or above it on average, the deals below it (each off by at
 * most 2^-1074) move the answer by less than one part in 2^52. */
#define PE_WEIGHT_FLOOR_EXP -1022
/* ---- cdef end ---- */

#endif /* POKEREVAL_CODES_H */
