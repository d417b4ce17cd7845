/* pe_engine.h - the betting engine's contract: one hand of poker as a dealer runs it
 * (csrc/engine.c), and many at once (Tables).
 *
 * A hand lives in one plain struct, pe_engine_t: fixed arrays, no pointers, no globals, so a
 * copy is a memcpy, any number of hands may run on any number of threads, and pickling is the
 * struct's bytes.  Every rule lives in engine.c: who acts, what is legal, the smallest and
 * largest raise, fixed-limit caps, the bring-in, who opens a stud street, the draws, and the
 * end of the hand, which settles through showdown.c (pe_settle's rules, see pokereval.h).
 *
 * Seats are 0..n-1 clockwise.  In button games the small blind sits left of the button and
 * the big blind left of it (heads-up the button posts the small blind); in stud the button
 * marks the dealer, and the seat to its left is first in every order (ties of showing hands,
 * odd chips).
 *
 * The rules, as implemented (docs/engine.md says the same in words):
 *  - Forced bets: antes and the big-blind ante are dead money (they count toward no call);
 *    blinds and straddles are live.  A seat short of a forced bet posts what it has and is all
 *    in.  At the end a seat's ante counts toward the pots it can win, as its bets do (a seat
 *    all in for part of the ante wins from each other seat only what it matched: PHH's
 *    ante_trimming_status), unless PE_RULE_ANTES_DEAD puts every ante in the main pot for any
 *    seat still in.
 *  - Order: preflop the seat left of the largest blind (the later of equal ones) acts first;
 *    later rounds start left of the button.  Stud: the lowest up card brings in (the highest
 *    in razz; suits clubs < diamonds < hearts < spades break ties); from fourth street the
 *    best showing hand acts first (the lowest in razz; pairs, two pair, trips and quads,
 *    straights and flushes do not count), the first from the button's left among equals.
 *  - A seat acts while it has chips and someone it faces could still put chips in.  Check only
 *    when nothing is owed; fold only when something is.  A bring-in must be posted or
 *    completed.
 *  - No-limit and pot-limit: a bet is at least min_bet; a raise to X needs X >= level +
 *    raise_size, where level is the current bet and raise_size the last full bet or raise
 *    (preflop: the step of the last forced bet, as posted in turn, that was a full raise over
 *    the current bet before it, at least min_bet; a straddle posted in full is the round's
 *    new opening bet, so its whole amount is that step (or min_bet, when larger), and one
 *    posted short is an all-in raise like any other).
 *    An all-in for less is allowed and is not a full raise: it leaves raise_size as it was and does not reopen the
 *    betting to a seat that already acted, unless what that seat now faces above its own last
 *    action adds up to a full raise.  Pot-limit: at most the current bet plus the pot after
 *    calling.  No raise when no other seat in the hand could put in more than the current
 *    bet (each is all in, or its chips only reach a call), or when calling takes the whole
 *    stack.
 *  - Fixed-limit: bets and raises of small_bet on the first rounds (hold'em, Omaha: two;
 *    stud: two; draw: pre-draw and the first draw), big_bet after; a raise goes to level +
 *    the bet, level being the last full bet (the big blind preflop).  At most `cap` full bets
 *    a round (the big blind preflop and the completion in stud count as one), none while at
 *    most two seats in the hand have chips if PE_RULE_UNCAPPED_HEADS_UP (a round once capped
 *    stays capped).  A short all-in completes nothing: it moves neither the level nor the
 *    count and reopens nothing; with PE_RULE_HALF_BET one of half a bet or more over the
 *    level is a full bet.  Stud (not razz or
 *    hi-lo) with PE_RULE_OPEN_PAIR: while a pair shows on fourth street any seat may bet
 *    or raise by big_bet instead; once it has, the round goes on in big bets (an all-in
 *    between the two is the small bet and a short all-in over it, unless PE_RULE_HALF_BET
 *    makes it the big bet).
 *  - Draws: every seat still in, all-in seats included, stands pat or discards in turn from
 *    the button's left; then the replacements are dealt in the same order.  When the stub
 *    runs out the discards and folded cards are shuffled into a new stub, except the
 *    discards of the seats still to be served this round (the served seat's among them);
 *    when those are all the discards, only the served seat's own stay out.  Stud: folded hands go back to the stub when it runs short,
 *    and when even then the cards cannot go to every seat, one card is dealt face up to the
 *    board and plays for all.
 *  - The hand ends when one seat is left (it takes the pots unseen; the uncalled bet goes
 *    back) or after the last round; seats still in show, a seat may muck (and gives up its
 *    share), and the pots are settled by pe_settle's rules, odd chips from the button's left
 *    (stud, stud hi-lo and razz: by card, as pe_settle gives them).
 *
 * Cards are the core's ids; PE_ENGINE_NO_CARD stands for an unknown card (a hand history's
 * "??") in a deal, a discard or a show, and for an empty slot in arrays the engine writes.
 */
#ifndef PE_ENGINE_H
#define PE_ENGINE_H

#include "pokereval.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- cdef begin ---- */
#define PE_ENGINE_SEATS 10   /* most seats at a table (8 in stud) */
#define PE_ENGINE_HOLD 7     /* most cards a seat holds (stud) */
#define PE_ENGINE_BOARD 5    /* most board cards */
#define PE_ENGINE_NO_CARD 255

/* Variants: the deal, the streets and the evaluator of each. */
#define PE_VAR_HOLDEM 0
#define PE_VAR_SHORTDECK 1       /* flush above full house */
#define PE_VAR_SHORTDECK_TRIPS 2 /* and three of a kind above a straight */
#define PE_VAR_OMAHA 3           /* 4..6 hole cards (rules.hole_cards) */
#define PE_VAR_OMAHA_HILO 4
#define PE_VAR_STUD 5
#define PE_VAR_STUD_HILO 6
#define PE_VAR_RAZZ 7
#define PE_VAR_DRAW 8            /* five-card draw, high, one draw */
#define PE_VAR_DEUCE_SEVEN_SINGLE 9
#define PE_VAR_DEUCE_SEVEN_TRIPLE 10
#define PE_VAR_BADUGI 11         /* four cards, three draws */
#define PE_NUM_VARIANTS 12

#define PE_LIMIT_NO 0
#define PE_LIMIT_POT 1
#define PE_LIMIT_FIXED 2

/* Rule flags (pe_engine_rules_t.flags). */
#define PE_RULE_UNCAPPED_HEADS_UP 1 /* fixed-limit: no cap while at most two seats have chips */
#define PE_RULE_OPEN_PAIR 2         /* stud: a pair showing on fourth street allows the big bet */
#define PE_RULE_SEAT_BLINDS 4       /* seat_blinds gives every seat's forced live bet */
#define PE_RULE_SEAT_ANTES 8        /* seat_antes gives every seat's ante */
#define PE_RULE_ANTES_DEAD 16       /* antes go to the main pot whole, whoever matched them */
#define PE_RULE_HALF_BET 32         /* fixed-limit: an all-in of half a bet or more is a full bet */

/* What a hand needs next (pe_engine_t.phase). */
#define PE_PHASE_BET 0      /* the actor bets, checks, calls or folds */
#define PE_PHASE_DRAW 1     /* the actor stands pat or discards */
#define PE_PHASE_DEAL 2     /* the dealer deals (owed[] and board_owed say what) */
#define PE_PHASE_SHOWDOWN 3 /* seats still in with unknown cards must show or muck */
#define PE_PHASE_DONE 4

/* Moves (pe_engine_legal_t.moves). */
#define PE_CAN_FOLD 1
#define PE_CAN_CHECK 2
#define PE_CAN_CALL 4
#define PE_CAN_RAISE 8 /* bet, raise or complete: raise_to min_to..max_to */
#define PE_CAN_BRING_IN 16
#define PE_CAN_DISCARD 32

/* What PE_CAN_RAISE does (pe_engine_legal_t.kind). */
#define PE_RAISE_BET 0
#define PE_RAISE_RAISE 1
#define PE_RAISE_COMPLETE 2

/* Why the actor may not bet or raise (pe_engine_legal_t.no_raise). */
#define PE_NO_RAISE_NONE 0     /* it may, or nobody bets now */
#define PE_NO_RAISE_STACK 1    /* calling (or the bring-in) takes the whole stack */
#define PE_NO_RAISE_CAP 2      /* fixed-limit: the round is capped */
#define PE_NO_RAISE_REOPEN 3   /* it acted and faces no full raise since */
#define PE_NO_RAISE_COVERED 4  /* no other seat in could put in more than the current bet */

/* Errors of the engine, beside the core's PE_ERR_CARD, PE_ERR_DUPLICATE, PE_ERR_COUNT. */
#define PE_ERR_PHASE -20  /* no such move now: nobody acts, the dealer deals, or the hand is over */
#define PE_ERR_MOVE -21   /* the actor may not make this move (pe_engine_legal says what it may) */
#define PE_ERR_AMOUNT -22 /* a bet or raise outside min_to..max_to, or between fixed-limit sizes */
#define PE_ERR_SEAT -23   /* a seat that is owed no cards, or cannot show or muck */
#define PE_ERR_RULES -24  /* pe_engine_start: a rule out of range (*field says which) */
#define PE_ERR_BUSY -25   /* another thread is inside a call on the same hand (nothing done) */

/* The rule pe_engine_start found out of range (its *field). */
#define PE_FIELD_VARIANT 1
#define PE_FIELD_LIMIT 2
#define PE_FIELD_SEATS 3
#define PE_FIELD_BUTTON 4
#define PE_FIELD_HOLE 5
#define PE_FIELD_STACK 6     /* a stack outside 1..PE_ENGINE_MAX_CHIPS */
#define PE_FIELD_BLINDS 7
#define PE_FIELD_ANTE 8
#define PE_FIELD_STRADDLES 9
#define PE_FIELD_MIN_BET 10
#define PE_FIELD_BETS 11     /* fixed-limit small_bet / big_bet */
#define PE_FIELD_BRING_IN 12
#define PE_FIELD_CAP 13
#define PE_FIELD_FORCED 14   /* no forced bet at all: no blind, ante or bring-in */

/* Chips a seat may start with: every sum over ten seats stays far inside int64_t and inside
 * pe_settle's range. */
#define PE_ENGINE_MAX_CHIPS 1099511627776

/* The rules of a hand, read once by pe_engine_start. */
typedef struct {
    int32_t variant, limit, seats, button;
    int32_t hole_cards; /* omaha: 4..6 (0: 4); others 0 */
    int32_t cap;        /* fixed-limit: most full bets a round, 0 for none */
    int32_t flags;      /* PE_RULE_* */
    int32_t n_straddles;
    int64_t stacks[PE_ENGINE_SEATS];
    int64_t small_blind, big_blind; /* button games; 0 for a missing blind */
    int64_t straddles[PE_ENGINE_SEATS]; /* posted by the seats after the big blind, in turn */
    int64_t ante, bb_ante;              /* every seat's ante; the big blind's, dead */
    int64_t seat_blinds[PE_ENGINE_SEATS]; /* with PE_RULE_SEAT_BLINDS, instead of the above */
    int64_t seat_antes[PE_ENGINE_SEATS];  /* with PE_RULE_SEAT_ANTES, instead of ante, bb_ante */
    int64_t min_bet;    /* no-limit, pot-limit: the least bet (0: the big blind) */
    int64_t small_bet, big_bet; /* fixed-limit (0: the big blind, twice the small bet) */
    int64_t bring_in;   /* stud: 0 for none */
} pe_engine_rules_t;

/* One hand.  Read its fields freely; change them only through the calls below.  The fields a
 * move reads come first and the ones only dealing and the end of a hand use come last, so a
 * move touches few cache lines (Tables steps thousands of these in a row). */
typedef struct {
    uint8_t variant, game, limit, n;    /* game: the core's evaluator (PE_GAME_*) */
    uint8_t button, hole, cap, flags;   /* hole: cards each seat is dealt first */
    uint8_t auto_deal, streets, phase, street;
    uint8_t actor;                      /* the seat to act, or PE_ENGINE_NO_CARD */
    uint8_t bring_in_due, big_used, count; /* count: full bets this round (fixed-limit) */
    uint8_t nboard, board_owed, deck_left;
    uint8_t fresh_cards;                /* cards changed since Tables last wrote them out */
    uint16_t folded, mucked, acted, pending, drawn; /* seat masks */
    uint16_t shown;                     /* seats that showed known cards: no muck after (after a
                                         * settled showdown, a seat in but not shown mucked) */
    uint8_t capped;                     /* fixed-limit: this round's raising was capped */
    uint8_t dealt;                      /* cards dealt from the stub, known or not (at most 255) */
    uint8_t busy;                       /* 1 while a call is inside (see pe_engine_copy) */
    uint16_t tabled;                    /* seats that showed their whole hand by their own move
                                         * (a history's show line): never mucked after */
    uint64_t held;                      /* known cards in hands and on the board */
    uint64_t out;                       /* cards that left the stub */
    int64_t min_bet, small_bet, big_bet, bring_in;
    int64_t high;        /* the most any seat has bet this round */
    int64_t level;       /* what a raise is measured from */
    int64_t raise_size;  /* the last full bet or raise (no-limit, pot-limit) */
    int64_t pot;         /* every chip put in: live and dead */
    uint8_t ncards[PE_ENGINE_SEATS];
    uint8_t owed[PE_ENGINE_SEATS];   /* cards the dealer owes each seat now */
    uint8_t seen_count[PE_ENGINE_SEATS];
    uint8_t up[PE_ENGINE_SEATS];     /* bit k: card k of the seat is face up (stud) */
    int64_t stack[PE_ENGINE_SEATS];  /* chips behind */
    int64_t bet[PE_ENGINE_SEATS];    /* this round's live bet */
    int64_t live[PE_ENGINE_SEATS];   /* live chips put in over the hand, bet included */
    int64_t seen[PE_ENGINE_SEATS];   /* the bet a seat faced when it last acted this round */
    uint8_t cards[PE_ENGINE_SEATS][PE_ENGINE_HOLD];
    uint8_t board[8];
    int64_t dead[PE_ENGINE_SEATS];   /* antes */
    int64_t payout[PE_ENGINE_SEATS]; /* what each seat took at the end */
    uint64_t rng[4];                 /* the shuffle's generator (xoshiro256**) */
    uint8_t deck[52];                /* the stub: deck[0..deck_left) */
    uint64_t discards[PE_ENGINE_SEATS]; /* this draw's discards, per seat */
} pe_engine_t;

/* What the actor may do now, and for how much. */
typedef struct {
    int32_t phase, actor, street;
    uint32_t moves;   /* PE_CAN_* */
    int32_t kind;     /* PE_RAISE_*: what a bet or raise is called now, allowed or not */
    int32_t all_in_call; /* calling takes the whole stack */
    int32_t no_raise; /* why PE_CAN_RAISE is missing while the actor bets: a PE_NO_RAISE_* */
    int64_t to_call;  /* the chips a call puts in (0 when nothing is owed) */
    int64_t min_to, max_to; /* raise_to bounds (0 when no raise) */
    int64_t pot;      /* every chip put in, bets of this round included */
    int32_t deal_seat;   /* PE_PHASE_DEAL: the next seat the dealer serves, -1 the board */
    int32_t deal_count;  /* and how many cards */
} pe_engine_legal_t;

/* The facts of a variant, for callers that word them. */
typedef struct {
    int32_t game;       /* the core's evaluator */
    int32_t streets;    /* betting rounds */
    int32_t draws;      /* rounds opened by a draw */
    int32_t min_seats, max_seats; /* max_seats for the fewest hole cards (Omaha: 4) */
    int32_t hole_min, hole_max;   /* cards each seat is dealt first */
    int32_t deck_first; /* the lowest card id in the deck */
    int32_t stud;       /* 0 button game, 1 stud (low card brings in), 2 razz (high card) */
    int32_t small_rounds; /* fixed-limit: rounds that play the small bet */
} pe_engine_variant_t;

/* PE_OK, or PE_ERR_ARG for an unknown variant. */
int pe_engine_variant(int variant, pe_engine_variant_t *out);

/* Start a hand.  seed drives the shuffle; auto_deal != 0 deals every card from it as soon as
 * it is due (else the dealer waits for pe_engine_deal or pe_engine_deal_random).  PE_OK, or
 * PE_ERR_RULES with *field the PE_FIELD_* at fault in its low byte and the seat (or
 * straddle) at fault above it (field >> 8); field may be NULL. */
int pe_engine_start(pe_engine_t *st, const pe_engine_rules_t *rules, uint64_t seed, int auto_deal, int *field);
/* Each seat's forced bets under the rules, before stacks cap them: blinds[s] live (blinds,
 * straddles), antes[s] dead.  PE_OK or PE_ERR_RULES (*field as for pe_engine_start). */
int pe_engine_forced(const pe_engine_rules_t *rules, int64_t *blinds, int64_t *antes, int *field);
/* The calls below that take a hand take it one at a time: while one is inside (st->busy is
 * 1), any other returns PE_ERR_BUSY and does nothing (pe_engine_uncalled: with *seat -1).
 * Copy a hand that another thread may be moving with pe_engine_copy, not by its bytes. */

/* *dst = *src, in turn (busy 0 in the copy): PE_OK, or PE_ERR_BUSY. */
int pe_engine_copy(pe_engine_t *dst, const pe_engine_t *src);

/* What may happen now: PE_OK (or PE_ERR_BUSY). */
int pe_engine_legal(const pe_engine_t *st, pe_engine_legal_t *out);
/* Deal for itself from now on (on != 0: deals what is due at once) or wait for the dealer:
 * PE_OK (or PE_ERR_BUSY). */
int pe_engine_auto(pe_engine_t *st, int on);

/* Moves of the actor.  Each returns the seat that moved, or PE_ERR_PHASE / PE_ERR_MOVE /
 * PE_ERR_AMOUNT, leaving the hand as it was. */
int pe_engine_fold(pe_engine_t *st);
int pe_engine_check_call(pe_engine_t *st);   /* check, call, or call all in */
int pe_engine_raise_to(pe_engine_t *st, int64_t amount);
int pe_engine_bring_in(pe_engine_t *st);
/* Stand pat (n == 0) or discard n of the actor's cards (ids, or PE_ENGINE_NO_CARD for unknown
 * ones); PE_ERR_CARD for a card the seat does not hold (*bad its position; bad may be NULL),
 * PE_ERR_DUPLICATE for a card given twice. */
int pe_engine_discard(pe_engine_t *st, const uint8_t *cards, size_t n, size_t *bad);

/* The dealer.  pe_engine_deal gives `seat` (or the board: seat -1) n of the cards it is owed;
 * returns the seat (PE_ENGINE_SEATS for the board) or PE_ERR_PHASE, PE_ERR_SEAT (owed none),
 * PE_ERR_COUNT (more than owed), PE_ERR_CARD (not in the variant's deck), PE_ERR_DUPLICATE
 * (held already, or given twice), with *bad the position of the card at fault.
 * pe_engine_deal_random deals the next seat (in order from the button's left) or else the
 * board all it is owed from the stub, writes the cards to cards[] (PE_ENGINE_HOLD at most)
 * and *n, and returns that seat (PE_ENGINE_SEATS for the board) or PE_ERR_PHASE. */
int pe_engine_deal(pe_engine_t *st, int seat, const uint8_t *cards, size_t n, size_t *bad);
int pe_engine_deal_random(pe_engine_t *st, uint8_t *cards, size_t *n);
/* Show (n > 0: all the seat's cards, in any order, unknown ones as PE_ENGINE_NO_CARD) or muck
 * (n == 0).  Allowed for a seat still in once no more betting can happen, and after the pot
 * is paid, when it changes nothing: hand histories record the muck of a hand that lost at the
 * showdown, or of the one seat left when the others folded.  A seat that mucks
 * is dealt no more cards: no draw, no replacements still owed, no later stud street.  A hand once shown, every card of it known, stays
 * shown: before the pot is paid its seat can no longer muck (a show of unknown cards binds
 * nothing).  After a showdown the engine settled (every hand still in is shown then), a hand
 * that won or shared a pot (high or low half; an uncalled bet back is no pot) cannot be mucked,
 * and a hand that lost can be mucked once and then neither shown nor mucked again.  Returns the
 * seat, or PE_ERR_PHASE, PE_ERR_SEAT (folded;
 * or, before the pot is paid, mucking a seat that showed, the last seat in, or the last seat
 * in that put chips in, so that nobody would be left to win them; after a settled showdown,
 * mucking a hand that won a pot, or showing or mucking one mucked already), PE_ERR_COUNT (not the
 * seat's number of cards), PE_ERR_CARD (not in the deck, or not matching a known card of the
 * seat), PE_ERR_DUPLICATE (another seat or the board holds it; or it was dealt to a seat that
 * folded, mucked or (draw games) threw it and the stub cannot have run out; or, in a draw
 * game, the seat itself threw it in the last draw, which never deals a seat a card it threw). */
int pe_engine_show(pe_engine_t *st, int seat, const uint8_t *cards, size_t n, size_t *bad);

/* The settlement of a finished hand, by pe_settle's rules (the same numbers the hand paid):
 * PE_OK, or PE_ERR_PHASE before the end. */
int pe_engine_settlement(const pe_engine_t *st, pe_settlement_t *out);
/* Is `st` a hand the engine could have written (a struct read back from bytes, such as a
 * pickle)?  PE_OK, or PE_ERR_ARG when an index, a card, a card count or a chip amount is
 * outside what the engine keeps, or the chips do not add up (the pot is not what the seats put
 * in, a payout before the end): such a struct must not be passed to any call here. */
int pe_engine_check(const pe_engine_t *st);
/* pe_engine_check, and `st` a hand that `rules` (valid rules) could have started: the same
 * game, limit, seats and button, and each seat's chips (behind, put in, less what was paid
 * to it) the stack it started with. */
int pe_engine_check_rules(const pe_engine_t *st, const pe_engine_rules_t *rules);

/* The uncalled bet as it stands: the chips the top contributor has put in above every other
 * seat, once no seat can still put chips in (every other seat in the hand is all in or
 * folded, and that seat owes no call or bring-in; or the hand is over), counted as the
 * settlement counts them (antes toward a seat's level unless they are dead) and given back by
 * it; *seat is that seat.  0 (and *seat -1) when there is none yet; PE_ERR_BUSY (and *seat
 * -1) while another call is inside. */
int64_t pe_engine_uncalled(const pe_engine_t *st, int *seat);

/* ---- many tables ----
 * Discrete actions, for Tables and random play: 0 fold, 1 check / call / bring in, 2 the
 * smallest bet, raise or completion, 3 .. 2 + nsizes a raise of sizes[i] times the pot after
 * calling on top of the current bet (clamped to the legal range), 3 + nsizes all in.  In a
 * draw the action is instead a mask of the actor's cards to discard (bit k: card k). */
#define PE_TABLES_MAX_SIZES 3 /* so that the legal actions fit in seven bits */

/* Arrays of each table's seats have one entry a row per seat of the tables (rules.seats), so
 * that a step moves no bytes for seats that are not there. */
typedef struct {
    uint8_t *hole;    /* [table][seats][PE_ENGINE_HOLD] ids, PE_ENGINE_NO_CARD where none */
    uint8_t *up;      /* [table][seats] face-up bits (stud), or NULL */
    uint8_t *board;   /* [table][PE_ENGINE_BOARD] */
    int64_t *stacks;  /* [table][seats] */
    int64_t *bets;    /* [table][seats] */
    int64_t *pot;     /* [table] */
    int8_t *actor;    /* [table], -1 when none */
    int8_t *street;   /* [table] */
    int8_t *phase;    /* [table] */
    uint16_t *folded; /* [table] seats out of the hand (folded, or mucked): bit s for seat s */
    uint8_t *mask;    /* [table][4 + nsizes] legal discrete actions (draws: all 0) */
    int64_t *rewards; /* [table][seats] payoffs of a hand that ended this step, else 0 */
    uint8_t *done;    /* [table] 1 when a hand ended this step (the table has started the next) */
    /* pe_tables_step writes hole, up and board only when a table's cards change, and rewards
     * only when a hand ends (and zeroes them the step after): the arrays must be the same
     * ones from step to step, as pe_tables_reset filled them. */
    uint8_t *legal;   /* [table] the legal discrete actions as bits (a draw: 128 + the actor's
                       * cards); required: pe_tables_step checks the actions against it */
    pe_engine_legal_t *views; /* [table] pe_engine_legal of each table, kept between steps so a step
                               * need not find it again; or NULL */
} pe_tables_out_t;

/* Start `count` hands (tables[i] seeded from seed and first + i) and write what they show. */
int pe_tables_reset(pe_engine_t *tables, size_t count, const pe_engine_rules_t *rules, uint64_t seed,
                    uint64_t first, size_t nsizes, const pe_tables_out_t *out, int *field);
/* Is every action legal (out.legal of the last reset or step)?  PE_OK, or PE_ERR_MOVE with *bad
 * the first table whose action is not. */
int pe_tables_check(const uint8_t *legal, const uint8_t *actions, size_t count, size_t *bad);
/* One action per table (actions[i]); a table whose hand ends starts the next with the same
 * rules and its own generator.  Unless `checked`, every action is checked first
 * (pe_tables_check): on an illegal one nothing moves.  PE_OK or PE_ERR_MOVE, PE_ERR_ARG. */
int pe_tables_step(pe_engine_t *tables, size_t count, const pe_engine_rules_t *rules, const uint8_t *actions,
                   const double *sizes, size_t nsizes, int checked, const pe_tables_out_t *out, size_t *bad);
/* One table's discrete action as pe_tables_step plays it, without starting the next hand: for a
 * copy of a table taken before a step, to show how its hand ended (the tables have already
 * dealt the next).  Writes the table's row 0 of `out` whole (cards too).  PE_OK, or
 * PE_ERR_MOVE for an action that is not legal (nothing moves), PE_ERR_ARG. */
int pe_tables_finish(pe_engine_t *table, uint8_t action, const double *sizes, size_t nsizes,
                     const pe_tables_out_t *out);
/* Play `hands` hands to the end with uniformly random legal discrete actions (draws: each
 * card discarded with chance one half), hand i of the run from its own generator seeded by
 * seed and first + i.  Per hand, when not NULL: payoffs[hand][seat], the number of player
 * moves, the hole cards [hand][seat][PE_ENGINE_HOLD] and the board [hand][PE_ENGINE_BOARD]
 * as they ended. */
int pe_engine_play_random(const pe_engine_rules_t *rules, uint64_t seed, uint64_t first, size_t hands,
                          const double *sizes, size_t nsizes, int64_t *payoffs, uint32_t *moves,
                          uint8_t *holes, uint8_t *boards, int *field);
/* ---- cdef end ---- */

#ifdef __cplusplus
}
#endif

#endif /* PE_ENGINE_H */
