/* test_engine.c - the betting engine's C tests, under AddressSanitizer and UBSan.
 *
 * Expected values come from the rules (pe_engine.h), worked out by hand in the comments:
 * who posts and who acts, the least and most raise, when a short all-in reopens, the
 * fixed-limit cap, the bring-in, who opens a stud street, the draws.  Random play then
 * checks invariants over every variant and limit: chips are never made or lost, no stack
 * goes negative, every move pe_engine_legal offers is accepted, every other is refused with
 * the hand left byte for byte as it was, and the engine's payouts are pe_settle's for the
 * same chips and cards.
 *
 * The last line printed is "N passed, M failed"; the exit status is 0 only if M is 0. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../pe_engine.h"
#include "check.h"

static tally_t T;

#define CHECK(cond, ...) check_at(&T, (cond) ? 1 : 0, __LINE__, __VA_ARGS__)

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1Dull;
}

static unsigned below(unsigned n)
{
    return (unsigned)((rnd() >> 33) % n);
}

static pe_engine_rules_t holdem_rules(int seats, int64_t stack)
{
    pe_engine_rules_t r;
    memset(&r, 0, sizeof r);
    r.variant = PE_VAR_HOLDEM;
    r.limit = PE_LIMIT_NO;
    r.seats = seats;
    r.small_blind = 1;
    r.big_blind = 2;
    for (int s = 0; s < seats; s++)
        r.stacks[s] = stack;
    return r;
}

static pe_engine_legal_t legal_of(const pe_engine_t *st)
{
    pe_engine_legal_t l;
    pe_engine_legal(st, &l);
    return l;
}

/* A refused move leaves the hand as it was. */
static void refused(pe_engine_t *st, int rc, int expected, const pe_engine_t *before, int line)
{
    check_at(&T, rc == expected, line, "code %d, expected %d", rc, expected);
    check_at(&T, memcmp(st, before, sizeof *st) == 0, line, "a refused move changed the hand");
}

static int64_t chips_of(const pe_engine_t *st)
{
    int64_t sum = 0;
    for (int s = 0; s < st->n; s++)
        sum += st->stack[s] + (st->phase == PE_PHASE_DONE ? 0 : st->live[s] + st->dead[s]);
    return sum;
}

/* ---- hold'em ---- */

static void test_heads_up(void)
{
    pe_engine_rules_t r = holdem_rules(2, 100);
    pe_engine_t st, before;
    CHECK(pe_engine_start(&st, &r, 1, 1, NULL) == PE_OK, "start");
    /* Heads-up the button (seat 0) posts the small blind and acts first preflop. */
    CHECK(st.bet[0] == 1 && st.bet[1] == 2, "blinds %lld %lld", (long long)st.bet[0], (long long)st.bet[1]);
    pe_engine_legal_t l = legal_of(&st);
    CHECK(l.actor == 0, "actor %d", l.actor);
    CHECK(l.moves == (PE_CAN_FOLD | PE_CAN_CALL | PE_CAN_RAISE), "moves %u", l.moves);
    CHECK(l.to_call == 1 && l.min_to == 4 && l.max_to == 100, "to call %lld, %lld..%lld", (long long)l.to_call,
          (long long)l.min_to, (long long)l.max_to);
    before = st;
    refused(&st, pe_engine_raise_to(&st, 3), PE_ERR_AMOUNT, &before, __LINE__);
    refused(&st, pe_engine_raise_to(&st, 101), PE_ERR_AMOUNT, &before, __LINE__);
    refused(&st, pe_engine_bring_in(&st), PE_ERR_MOVE, &before, __LINE__);
    refused(&st, pe_engine_discard(&st, NULL, 0, NULL), PE_ERR_PHASE, &before, __LINE__);
    CHECK(pe_engine_check_call(&st) == 0, "call");
    /* The big blind may check its option or raise. */
    l = legal_of(&st);
    CHECK(l.actor == 1 && l.moves == (PE_CAN_CHECK | PE_CAN_RAISE) && l.kind == PE_RAISE_RAISE, "option");
    before = st;
    refused(&st, pe_engine_fold(&st), PE_ERR_MOVE, &before, __LINE__);
    CHECK(pe_engine_check_call(&st) == 1, "check");
    /* After the flop the seat out of position (the big blind) acts first, and bets. */
    l = legal_of(&st);
    CHECK(st.street == 1 && st.nboard == 3 && l.actor == 1 && l.kind == PE_RAISE_BET, "flop");
    CHECK(l.min_to == 2 && l.max_to == 98, "bet %lld..%lld", (long long)l.min_to, (long long)l.max_to);
    CHECK(pe_engine_raise_to(&st, 10) == 1, "bet");
    l = legal_of(&st);
    CHECK(l.min_to == 20, "min raise after a bet of 10: %lld", (long long)l.min_to);
    CHECK(pe_engine_fold(&st) == 0, "fold");
    /* The uncalled 10 goes back; seat 1 wins the 4 of the pot. */
    CHECK(st.phase == PE_PHASE_DONE && st.stack[0] == 98 && st.stack[1] == 102, "end %lld %lld",
          (long long)st.stack[0], (long long)st.stack[1]);
}

static void test_order_and_straddle(void)
{
    pe_engine_rules_t r = holdem_rules(5, 200);
    r.button = 3;
    r.n_straddles = 1;
    r.straddles[0] = 4;
    pe_engine_t st;
    CHECK(pe_engine_start(&st, &r, 2, 1, NULL) == PE_OK, "start");
    /* Button 3: small blind 4, big blind 0, straddle 1; seat 2 acts first. */
    CHECK(st.bet[4] == 1 && st.bet[0] == 2 && st.bet[1] == 4, "posts");
    pe_engine_legal_t l = legal_of(&st);
    /* The straddle is the round's new opening bet, no raise: the least raise is to 8. */
    CHECK(l.actor == 2 && l.to_call == 4 && l.min_to == 8, "actor %d min %lld", l.actor, (long long)l.min_to);
    for (int k = 0; k < 4; k++)
        pe_engine_check_call(&st);
    /* The straddle gets the option. */
    l = legal_of(&st);
    CHECK(l.actor == 1 && (l.moves & PE_CAN_CHECK) && (l.moves & PE_CAN_RAISE), "straddle option");
    pe_engine_check_call(&st);
    /* Postflop: the first seat left of the button, seat 4. */
    CHECK(st.street == 1 && legal_of(&st).actor == 4, "postflop actor %d", legal_of(&st).actor);
}

/* Three seats: A bets 10, B goes all in for 15 (short of the raise to 20), C calls. */
static void test_short_all_in(void)
{
    pe_engine_rules_t r = holdem_rules(3, 100);
    r.stacks[1] = 17; /* seat 1 has 15 left after the flop's call of 2 */
    pe_engine_t st;
    pe_engine_start(&st, &r, 3, 1, NULL);
    /* Button 0: small blind 1, big blind 2; seat 0 acts first preflop. */
    pe_engine_check_call(&st);
    pe_engine_check_call(&st);
    pe_engine_check_call(&st);
    CHECK(st.street == 1 && legal_of(&st).actor == 1, "flop actor");
    pe_engine_check_call(&st);            /* seat 1 checks */
    pe_engine_raise_to(&st, 10);          /* seat 2 bets 10 */
    pe_engine_check_call(&st);            /* seat 0 calls 10 */
    CHECK(pe_engine_raise_to(&st, 15) == 1, "all in for 15"); /* short: a full raise is to 20 */
    pe_engine_legal_t l = legal_of(&st);
    /* Seat 2 bet and faces 5 more, less than the 10 of a full raise: call or fold only. */
    CHECK(l.actor == 2 && l.moves == (PE_CAN_FOLD | PE_CAN_CALL), "not reopened: moves %u", l.moves);
    CHECK(l.no_raise == PE_NO_RAISE_REOPEN, "reason %d", l.no_raise);
    pe_engine_t before = st;
    refused(&st, pe_engine_raise_to(&st, 25), PE_ERR_MOVE, &before, __LINE__);
    pe_engine_check_call(&st);
    l = legal_of(&st);
    CHECK(l.actor == 0 && !(l.moves & PE_CAN_RAISE), "seat 0 not reopened either");

    /* Two short all-ins adding up to a full raise reopen: A bets 10, B all in 15, C all in 21. */
    r = holdem_rules(4, 100);
    r.stacks[2] = 17;
    r.stacks[3] = 23;
    pe_engine_start(&st, &r, 4, 1, NULL);
    for (int k = 0; k < 4; k++)
        pe_engine_check_call(&st);
    CHECK(st.street == 1 && legal_of(&st).actor == 1, "flop actor %d", legal_of(&st).actor);
    pe_engine_raise_to(&st, 10); /* seat 1 */
    pe_engine_raise_to(&st, 15); /* seat 2, all in, short */
    l = legal_of(&st);
    /* A full raise is to 15 + 10 = 25; seat 3 has only 21, so its least is all in. */
    CHECK(l.actor == 3 && l.min_to == 21 && l.max_to == 21, "least raise after the short all-in: %lld",
          (long long)l.min_to);
    pe_engine_raise_to(&st, 21); /* seat 3, all in, short again */
    l = legal_of(&st);
    /* Seat 0 never acted: it may raise, to at least 21 + 10. */
    CHECK(l.actor == 0 && (l.moves & PE_CAN_RAISE) && l.min_to == 31, "seat 0 raise %lld", (long long)l.min_to);
    pe_engine_check_call(&st);
    l = legal_of(&st);
    /* Seat 1 bet 10 and faces 11 more: a full raise in all, so it may raise again. */
    CHECK(l.actor == 1 && (l.moves & PE_CAN_RAISE), "reopened by two short all-ins");
}

static void test_pot_limit(void)
{
    pe_engine_rules_t r = holdem_rules(3, 500);
    r.limit = PE_LIMIT_POT;
    pe_engine_t st;
    pe_engine_start(&st, &r, 5, 1, NULL);
    /* Pot 3; calling 2 makes it 5; the most is 2 + 5 = 7. */
    pe_engine_legal_t l = legal_of(&st);
    CHECK(l.min_to == 4 && l.max_to == 7, "preflop %lld..%lld", (long long)l.min_to, (long long)l.max_to);
    pe_engine_raise_to(&st, 7);
    /* Seat 1 (small blind, 1 in): pot 10, calling 6 makes 16; the most is 7 + 16 = 23. */
    l = legal_of(&st);
    CHECK(l.max_to == 23 && l.min_to == 12, "pot-limit re-raise %lld..%lld", (long long)l.min_to,
          (long long)l.max_to);
}

static void test_fixed_limit(void)
{
    pe_engine_rules_t r = holdem_rules(3, 500);
    r.limit = PE_LIMIT_FIXED;
    r.small_bet = 2;
    r.big_bet = 4;
    r.cap = 4;
    pe_engine_t st;
    pe_engine_start(&st, &r, 6, 1, NULL);
    /* The big blind is the first bet: raises to 4, 6, 8, and then the round is capped. */
    pe_engine_legal_t l = legal_of(&st);
    CHECK(l.min_to == 4 && l.max_to == 4, "fixed %lld..%lld", (long long)l.min_to, (long long)l.max_to);
    pe_engine_t before = st;
    refused(&st, pe_engine_raise_to(&st, 5), PE_ERR_AMOUNT, &before, __LINE__);
    pe_engine_raise_to(&st, 4);
    pe_engine_raise_to(&st, 6);
    pe_engine_raise_to(&st, 8);
    l = legal_of(&st);
    CHECK(!(l.moves & PE_CAN_RAISE) && l.no_raise == PE_NO_RAISE_CAP, "capped at four bets");
    pe_engine_check_call(&st);
    pe_engine_check_call(&st);
    /* The turn plays the big bet. */
    for (int k = 0; k < 3; k++)
        pe_engine_check_call(&st);
    CHECK(st.street == 2 && legal_of(&st).min_to == 4, "turn bet %lld", (long long)legal_of(&st).min_to);

    /* Uncapped heads-up. */
    r = holdem_rules(2, 500);
    r.limit = PE_LIMIT_FIXED;
    r.cap = 4;
    r.flags = PE_RULE_UNCAPPED_HEADS_UP;
    pe_engine_start(&st, &r, 7, 1, NULL);
    for (int k = 0; k < 6; k++)
        CHECK(pe_engine_raise_to(&st, legal_of(&st).min_to) >= 0, "raise %d heads-up", k);

    /* A short all-in completes nothing: A bets 2, B all in for 3, C raises to 4 (level + bet). */
    r = holdem_rules(3, 100);
    r.limit = PE_LIMIT_FIXED;
    r.cap = 4;
    r.stacks[2] = 5;
    pe_engine_start(&st, &r, 8, 1, NULL);
    for (int k = 0; k < 3; k++)
        pe_engine_check_call(&st);
    pe_engine_raise_to(&st, 2);  /* seat 1 bets */
    pe_engine_raise_to(&st, 3);  /* seat 2: all in for 3 */
    l = legal_of(&st);
    CHECK(l.actor == 0 && l.min_to == 4 && l.max_to == 4, "completes to %lld", (long long)l.min_to);
    CHECK(st.count == 1, "the short all-in is no bet: count %d", st.count);
}

/* ---- stud ---- */

static void deal_seat(pe_engine_t *st, int seat, const char *cards)
{
    uint8_t ids[8];
    size_t n = 0;
    const char *ranks = "23456789TJQKA", *suits = "cdhs";
    for (const char *c = cards; c[0] && c[1]; c += 2)
        ids[n++] = (uint8_t)(4 * (strchr(ranks, c[0]) - ranks) + (strchr(suits, c[1]) - suits));
    int rc = pe_engine_deal(st, seat, ids, n, NULL);
    CHECK(rc == (seat < 0 ? PE_ENGINE_SEATS : seat), "deal %s to %d: %d", cards, seat, rc);
}

static void test_stud(void)
{
    pe_engine_rules_t r;
    memset(&r, 0, sizeof r);
    r.variant = PE_VAR_STUD;
    r.limit = PE_LIMIT_FIXED;
    r.seats = 3;
    r.ante = 1;
    r.bring_in = 1;
    r.small_bet = 4;
    r.big_bet = 8;
    r.cap = 4;
    r.flags = PE_RULE_OPEN_PAIR;
    for (int s = 0; s < 3; s++)
        r.stacks[s] = 100;
    pe_engine_t st;
    CHECK(pe_engine_start(&st, &r, 9, 0, NULL) == PE_OK, "start");
    deal_seat(&st, 0, "AhKd9s");
    deal_seat(&st, 1, "2c2h3d"); /* the 3d is the lowest up card */
    deal_seat(&st, 2, "QhJd3c"); /* 3c is lower still: clubs below diamonds */
    pe_engine_legal_t l = legal_of(&st);
    CHECK(l.actor == 2 && l.moves == (PE_CAN_BRING_IN | PE_CAN_RAISE) && l.kind == PE_RAISE_COMPLETE,
          "bring-in seat %d moves %u", l.actor, l.moves);
    CHECK(l.min_to == 4, "complete to %lld", (long long)l.min_to);
    pe_engine_t before = st;
    refused(&st, pe_engine_check_call(&st), PE_ERR_MOVE, &before, __LINE__);
    refused(&st, pe_engine_fold(&st), PE_ERR_MOVE, &before, __LINE__);
    pe_engine_bring_in(&st);
    l = legal_of(&st);
    CHECK(l.actor == 0 && l.to_call == 1 && l.min_to == 4 && l.kind == PE_RAISE_COMPLETE, "after bring-in");
    pe_engine_check_call(&st);
    pe_engine_check_call(&st); /* round over: the bring-in gets no option */
    CHECK(st.phase == PE_PHASE_DEAL && st.street == 1, "fourth street due");
    deal_seat(&st, 0, "5c");
    deal_seat(&st, 1, "3h"); /* seat 1 shows 3d 3h: a pair */
    deal_seat(&st, 2, "Ac");
    l = legal_of(&st);
    /* The pair opens; with a pair showing, the bet may be small or big. */
    CHECK(l.actor == 1 && l.min_to == 4 && l.max_to == 8, "open pair: seat %d %lld..%lld", l.actor,
          (long long)l.min_to, (long long)l.max_to);
    before = st;
    refused(&st, pe_engine_raise_to(&st, 6), PE_ERR_AMOUNT, &before, __LINE__);
    pe_engine_raise_to(&st, 8);
    l = legal_of(&st);
    CHECK(l.min_to == 16 && l.max_to == 16, "big bets from then on: %lld", (long long)l.min_to);

    /* Razz: the highest up card brings in, kings high and aces low. */
    r.variant = PE_VAR_RAZZ;
    pe_engine_start(&st, &r, 10, 0, NULL);
    deal_seat(&st, 0, "2c3cKh");
    deal_seat(&st, 1, "4c5cKs");
    deal_seat(&st, 2, "6c7cAs");
    CHECK(legal_of(&st).actor == 1, "razz bring-in: K of spades, seat %d", legal_of(&st).actor);
}

/* ---- draws ---- */

static void test_draw(void)
{
    pe_engine_rules_t r = holdem_rules(3, 100);
    r.variant = PE_VAR_DEUCE_SEVEN_TRIPLE;
    r.limit = PE_LIMIT_FIXED;
    r.cap = 4;
    pe_engine_t st, before;
    pe_engine_start(&st, &r, 11, 1, NULL);
    for (int k = 0; k < 3; k++)
        pe_engine_check_call(&st);
    /* The draw goes around from the button's left; the discards stay out until dealt again. */
    CHECK(st.phase == PE_PHASE_DRAW && st.actor == 1, "draw actor %d", st.actor);
    uint8_t gone[2] = {st.cards[1][0], st.cards[1][4]};
    uint8_t foreign[1] = {st.cards[2][0]};
    before = st;
    refused(&st, pe_engine_discard(&st, foreign, 1, NULL), PE_ERR_CARD, &before, __LINE__);
    uint8_t twice[2] = {gone[0], gone[0]};
    refused(&st, pe_engine_discard(&st, twice, 2, NULL), PE_ERR_DUPLICATE, &before, __LINE__);
    CHECK(pe_engine_discard(&st, gone, 2, NULL) == 1, "discard");
    CHECK(pe_engine_discard(&st, NULL, 0, NULL) == 2, "stand pat");
    CHECK(pe_engine_discard(&st, NULL, 0, NULL) == 0, "stand pat");
    CHECK(st.phase == PE_PHASE_BET && st.ncards[1] == 5, "replaced: %d cards", st.ncards[1]);
    for (int k = 0; k < 5; k++)
        CHECK(st.cards[1][k] != gone[0] && st.cards[1][k] != gone[1], "a discard came back");
}

/* ---- dealing by hand ---- */

static void test_manual_deal(void)
{
    pe_engine_rules_t r = holdem_rules(2, 100);
    r.variant = PE_VAR_SHORTDECK;
    pe_engine_t st, before;
    pe_engine_start(&st, &r, 12, 0, NULL);
    CHECK(st.phase == PE_PHASE_DEAL, "waits for the dealer");
    uint8_t deuce[2] = {0, 51}; /* 2c is not in the short deck */
    before = st;
    size_t bad = 9;
    refused(&st, pe_engine_deal(&st, 1, deuce, 2, &bad), PE_ERR_CARD, &before, __LINE__);
    CHECK(bad == 0, "bad card at %zu", bad);
    uint8_t three[3] = {48, 49, 50};
    refused(&st, pe_engine_deal(&st, 1, three, 3, NULL), PE_ERR_COUNT, &before, __LINE__);
    refused(&st, pe_engine_deal(&st, -1, three, 3, NULL), PE_ERR_SEAT, &before, __LINE__);
    uint8_t aces[2] = {51, 50};
    CHECK(pe_engine_deal(&st, 1, aces, 2, NULL) == 1, "deal");
    uint8_t again[2] = {49, 51};
    before = st;
    refused(&st, pe_engine_deal(&st, 0, again, 2, &bad), PE_ERR_DUPLICATE, &before, __LINE__);
    CHECK(bad == 1, "duplicate at %zu", bad);
    uint8_t unknown[2] = {PE_ENGINE_NO_CARD, PE_ENGINE_NO_CARD};
    CHECK(pe_engine_deal(&st, 0, unknown, 2, NULL) == 0, "unknown cards");
    CHECK(st.phase == PE_PHASE_BET, "betting");
    /* All in and called: no more betting, so seat 0 may show its unknown cards. */
    pe_engine_raise_to(&st, legal_of(&st).max_to);
    pe_engine_check_call(&st);
    CHECK(st.phase == PE_PHASE_DEAL, "the board is due");
    uint8_t kings[2] = {47, 46};
    CHECK(pe_engine_show(&st, 0, kings, 2, NULL) == 0, "show");
    uint8_t board[5] = {16, 21, 26, 31, 33}; /* 6c 7d 8h 9s Td: a straight on board */
    /* The board is face up: an unknown card there could never be shown, and the showdown
     * would read PE_ENGINE_NO_CARD as a card. */
    uint8_t unseen[3] = {16, PE_ENGINE_NO_CARD, 26};
    before = st;
    refused(&st, pe_engine_deal(&st, -1, unseen, 3, &bad), PE_ERR_CARD, &before, __LINE__);
    CHECK(bad == 1, "unknown board card at %zu", bad);
    CHECK(pe_engine_check(&st) == PE_OK, "a hand the engine wrote passes pe_engine_check");
    pe_engine_t altered = st;
    altered.payout[0] = 1; /* paid before the end */
    CHECK(pe_engine_check(&altered) == PE_ERR_ARG, "a payout before the end");
    altered = st;
    altered.live[0] += 5, altered.stack[0] -= 5; /* put in live, but the pot does not hold it */
    CHECK(pe_engine_check(&altered) == PE_ERR_ARG, "live chips outside the pot");
    altered = st;
    altered.stack[st.n] = 7; /* a seat past the table */
    CHECK(pe_engine_check(&altered) == PE_ERR_ARG, "chips past the seats");
    altered = st;
    altered.n = 200;
    CHECK(pe_engine_check(&altered) == PE_ERR_ARG, "200 seats");
    altered = st;
    altered.board[0] = PE_ENGINE_NO_CARD;
    altered.nboard = 1;
    CHECK(pe_engine_check(&altered) == PE_ERR_ARG, "an unknown board card");
    CHECK(pe_engine_deal(&st, -1, board, 3, NULL) == PE_ENGINE_SEATS, "flop");
    CHECK(pe_engine_deal(&st, -1, board + 3, 1, NULL) == PE_ENGINE_SEATS, "turn");
    CHECK(pe_engine_deal(&st, -1, board + 4, 1, NULL) == PE_ENGINE_SEATS, "river");
    CHECK(st.phase == PE_PHASE_DONE && st.stack[0] == 100 && st.stack[1] == 100, "split %lld %lld",
          (long long)st.stack[0], (long long)st.stack[1]);
    /* Both hands shared the pot at the showdown: neither can be mucked now. */
    before = st;
    refused(&st, pe_engine_show(&st, 0, NULL, 0, NULL), PE_ERR_SEAT, &before, __LINE__);
    refused(&st, pe_engine_show(&st, 1, NULL, 0, NULL), PE_ERR_SEAT, &before, __LINE__);
}

/* ---- rules ---- */

static void test_rules(void)
{
    pe_engine_rules_t r = holdem_rules(2, 100);
    pe_engine_t st;
    int field = 0;
    r.seats = 11;
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == PE_FIELD_SEATS, "11 seats");
    r = holdem_rules(3, 100);
    r.stacks[2] = 0;
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == (PE_FIELD_STACK | 2 << 8),
          "a zero stack: field %x", field);
    r = holdem_rules(2, 100);
    r.small_blind = r.big_blind = 0;
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == PE_FIELD_FORCED, "no forced bet");
    r = holdem_rules(2, 100);
    r.variant = PE_VAR_OMAHA;
    r.hole_cards = 7;
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == PE_FIELD_HOLE, "7 hole cards");
    r.hole_cards = 6;
    r.seats = 8;
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == PE_FIELD_SEATS, "8 seats of 6 cards");
    r = holdem_rules(2, 100);
    r.variant = PE_VAR_STUD;
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == PE_FIELD_BLINDS, "stud blinds");
    r = holdem_rules(4, 100);
    r.n_straddles = 1;
    r.straddles[0] = 2; /* not above the big blind */
    CHECK(pe_engine_start(&st, &r, 1, 1, &field) == PE_ERR_RULES && field == PE_FIELD_STRADDLES, "straddle");
}

/* ---- random play: the invariants ---- */

static int play_move(pe_engine_t *st, const pe_engine_legal_t *l, unsigned pick, int64_t *amount)
{
    if (l->phase == PE_PHASE_DRAW) {
        uint8_t cards[PE_ENGINE_HOLD];
        size_t n = 0;
        for (int k = 0; k < st->ncards[st->actor]; k++)
            if (rnd() & 1)
                cards[n++] = st->cards[st->actor][k];
        return pe_engine_discard(st, cards, n, NULL);
    }
    uint32_t moves = l->moves;
    for (;;) {
        unsigned m = 1u << (pick++ % 5);
        if (!(moves & m))
            continue;
        switch (m) {
        case PE_CAN_FOLD:
            return pe_engine_fold(st);
        case PE_CAN_CHECK:
        case PE_CAN_CALL:
            return pe_engine_check_call(st);
        case PE_CAN_BRING_IN:
            return pe_engine_bring_in(st);
        default:
            *amount = l->min_to + (int64_t)below((unsigned)(l->max_to - l->min_to + 1));
            if (st->limit == PE_LIMIT_FIXED)
                *amount = (rnd() & 1) ? l->min_to : l->max_to;
            return pe_engine_raise_to(st, *amount);
        }
    }
}

/* Every move not offered is refused and changes nothing. */
static void probe_refusals(pe_engine_t *st, const pe_engine_legal_t *l)
{
    pe_engine_t before = *st;
    if (l->phase != PE_PHASE_BET)
        return;
    if (!(l->moves & PE_CAN_FOLD))
        refused(st, pe_engine_fold(st), PE_ERR_MOVE, &before, __LINE__);
    if (!(l->moves & (PE_CAN_CHECK | PE_CAN_CALL)))
        refused(st, pe_engine_check_call(st), PE_ERR_MOVE, &before, __LINE__);
    if (!(l->moves & PE_CAN_BRING_IN))
        refused(st, pe_engine_bring_in(st), PE_ERR_MOVE, &before, __LINE__);
    if (!(l->moves & PE_CAN_RAISE)) {
        refused(st, pe_engine_raise_to(st, st->high + 1), PE_ERR_MOVE, &before, __LINE__);
    } else {
        refused(st, pe_engine_raise_to(st, l->min_to - 1), PE_ERR_AMOUNT, &before, __LINE__);
        refused(st, pe_engine_raise_to(st, l->max_to + 1), PE_ERR_AMOUNT, &before, __LINE__);
    }
    refused(st, pe_engine_discard(st, NULL, 0, NULL), PE_ERR_PHASE, &before, __LINE__);
    refused(st, pe_engine_deal_random(st, NULL, NULL), PE_ERR_PHASE, &before, __LINE__);
}

static void settle_matches(const pe_engine_t *st)
{
    /* The engine's payouts are pe_settle's for the same chips and cards (no community card). */
    if (st->variant >= PE_VAR_STUD && st->variant <= PE_VAR_RAZZ && st->nboard)
        return;
    uint8_t cards[PE_ENGINE_SEATS * PE_ENGINE_HOLD], counts[PE_ENGINE_SEATS], folded[PE_ENGINE_SEATS];
    uint8_t order[PE_ENGINE_SEATS];
    size_t at = 0;
    for (int s = 0; s < st->n; s++) {
        folded[s] = (st->folded >> s & 1u) != 0;
        counts[s] = folded[s] ? 0 : st->ncards[s];
        for (int k = 0; k < counts[s]; k++)
            cards[at++] = st->cards[s][k];
        order[s] = (uint8_t)((st->button + 1 + s) % st->n);
    }
    pe_settlement_t out;
    /* Five-card draw plays hold'em values on five cards and no board: stud's game, to pe_settle. */
    int game = st->variant == PE_VAR_DRAW ? PE_GAME_STUD : st->game;
    /* Trimmed antes (the default) count toward each seat's level as its live chips do. */
    int64_t chips[PE_ENGINE_SEATS];
    int trimmed = !(st->flags & PE_RULE_ANTES_DEAD);
    for (int s = 0; s < st->n; s++)
        chips[s] = st->live[s] + (trimmed ? st->dead[s] : 0);
    /* Stud's odd chips go by card: pe_settle's own rule when no order is given. */
    int by_card = st->variant >= PE_VAR_STUD && st->variant <= PE_VAR_RAZZ;
    int rc = pe_settle(game, 0, st->n, chips, trimmed ? NULL : st->dead, folded, cards, counts, st->board,
                       st->nboard, by_card ? NULL : order, &out);
    CHECK(rc == PE_OK, "pe_settle: %d (variant %d)", rc, st->variant);
    for (int s = 0; s < st->n && rc == PE_OK; s++)
        CHECK(out.payouts[s] == st->payout[s], "seat %d: engine %lld, pe_settle %lld", s, (long long)st->payout[s],
              (long long)out.payouts[s]);
}

/* After the end: a muck is refused for a hand that won or shared a pot at a showdown (a muck
 * gives up every claim) or that its seat showed itself, accepted once for a hand that lost (nothing changes but that the hand
 * is off the table: no show or muck after it) and for the one seat left when the others
 * folded. */
static void mucks_after_the_end(const pe_engine_t *st)
{
    uint16_t in = 0;
    for (int s = 0; s < st->n; s++)
        if (!((st->folded | st->mucked) >> s & 1u))
            in |= (uint16_t)(1u << s);
    int showdown = (in & (in - 1)) != 0;
    pe_settlement_t out;
    CHECK(pe_engine_settlement(st, &out) == PE_OK, "settlement at the end");
    for (int s = 0; s < st->n; s++) {
        if (!(in >> s & 1u))
            continue;
        int won = 0;
        for (size_t k = 0; k < out.n_pots; k++) {
            won |= (out.pots[k].winners >> s & 1u) && out.pots[k].amount > out.pots[k].low_amount;
            won |= (out.pots[k].low_winners >> s & 1u) && out.pots[k].low_amount > 0;
        }
        /* Chips beyond an uncalled bet back came from a pot. */
        int64_t back = out.uncalled_seat == (size_t)s ? out.uncalled : 0;
        CHECK(won || st->payout[s] == back, "seat %d paid %lld from no pot", s, (long long)st->payout[s]);
        pe_engine_t copy = *st, before = *st;
        if (showdown && (won || (st->tabled >> s & 1u))) { /* paid, or shown by its own move */
            refused(&copy, pe_engine_show(&copy, s, NULL, 0, NULL), PE_ERR_SEAT, &before, __LINE__);
            continue;
        }
        if (!showdown) {
            /* The one seat left took the pot with its hand unseen: nothing to muck.  It may
             * show the hand (when every card of it is known), once. */
            refused(&copy, pe_engine_show(&copy, s, NULL, 0, NULL), PE_ERR_SEAT, &before, __LINE__);
            int whole = 1;
            for (int k = 0; k < st->ncards[s]; k++)
                whole &= st->cards[s][k] != PE_ENGINE_NO_CARD;
            if (!whole)
                continue;
            CHECK(pe_engine_show(&copy, s, st->cards[s], st->ncards[s], NULL) == s, "the lone winner's show refused");
            CHECK(memcmp(copy.payout, st->payout, sizeof copy.payout) == 0 && pe_engine_check(&copy) == PE_OK,
                  "a show after the end changed the hand");
            before = copy;
            refused(&copy, pe_engine_show(&copy, s, st->cards[s], st->ncards[s], NULL), PE_ERR_SEAT, &before,
                    __LINE__);
            refused(&copy, pe_engine_show(&copy, s, NULL, 0, NULL), PE_ERR_SEAT, &before, __LINE__);
            continue;
        }
        CHECK(pe_engine_show(&copy, s, NULL, 0, NULL) == s, "muck after the end refused (seat %d)", s);
        CHECK(memcmp(copy.payout, st->payout, sizeof copy.payout) == 0 &&
                  memcmp(copy.stack, st->stack, sizeof copy.stack) == 0 && pe_engine_check(&copy) == PE_OK,
              "a muck after the end changed the hand");
        before = copy;
        refused(&copy, pe_engine_show(&copy, s, NULL, 0, NULL), PE_ERR_SEAT, &before, __LINE__);
        refused(&copy, pe_engine_show(&copy, s, st->cards[s], st->ncards[s], NULL), PE_ERR_SEAT, &before,
                __LINE__);
    }
}

static void test_random_play(long hands)
{
    for (long h = 0; h < hands; h++) {
        pe_engine_rules_t r;
        memset(&r, 0, sizeof r);
        r.variant = (int)below(PE_NUM_VARIANTS);
        r.limit = (int)below(3);
        pe_engine_variant_t facts;
        pe_engine_variant(r.variant, &facts);
        r.seats = 2 + (int)below((unsigned)(facts.max_seats - 1));
        if (r.variant == PE_VAR_OMAHA || r.variant == PE_VAR_OMAHA_HILO) {
            r.hole_cards = 4 + (int)below(3);
            int most = 47 / r.hole_cards;
            if (r.seats > most)
                r.seats = most;
        }
        r.button = (int)below((unsigned)r.seats);
        for (int s = 0; s < r.seats; s++)
            r.stacks[s] = 1 + below(4) * (int64_t)below(60) + (below(3) == 0 ? 500 : 0);
        if (facts.stud) {
            r.ante = below(3);
            r.bring_in = 1 + below(2);
            if (r.limit == PE_LIMIT_FIXED) {
                r.small_bet = 4;
                r.big_bet = 8;
            }
            r.flags = below(2) ? PE_RULE_OPEN_PAIR : 0;
        } else {
            r.small_blind = below(3);
            r.big_blind = 2 + below(2);
            r.ante = below(3) == 0 ? 1 : 0;
            if (r.seats > 3 && below(5) == 0) {
                r.n_straddles = 1;
                r.straddles[0] = 2 * r.big_blind;
            }
        }
        r.cap = r.limit == PE_LIMIT_FIXED ? (int)below(5) : 0;
        if (below(4) == 0)
            r.flags |= PE_RULE_UNCAPPED_HEADS_UP;
        if (below(3) == 0)
            r.flags |= PE_RULE_ANTES_DEAD;
        pe_engine_t st;
        int rc = pe_engine_start(&st, &r, rnd(), 1, NULL);
        CHECK(rc == PE_OK, "start variant %d: %d", r.variant, rc);
        if (rc != PE_OK)
            continue;
        int64_t total = 0;
        for (int s = 0; s < r.seats; s++)
            total += r.stacks[s];
        int guard = 0;
        while (st.phase != PE_PHASE_DONE && guard++ < 2000) {
            pe_engine_legal_t l = legal_of(&st);
            CHECK(l.phase == PE_PHASE_BET || l.phase == PE_PHASE_DRAW, "phase %d while dealing for itself", l.phase);
            if (below(8) == 0)
                probe_refusals(&st, &l);
            /* Every offered move is accepted (tried on a copy). */
            for (uint32_t m = 1; m <= PE_CAN_BRING_IN; m <<= 1) {
                if (!(l.moves & m))
                    continue;
                pe_engine_t copy = st;
                int got = m == PE_CAN_FOLD ? pe_engine_fold(&copy)
                          : m == PE_CAN_BRING_IN ? pe_engine_bring_in(&copy)
                          : m == PE_CAN_RAISE ? pe_engine_raise_to(&copy, l.max_to)
                                              : pe_engine_check_call(&copy);
                CHECK(got == l.actor, "offered move %u refused: %d", m, got);
            }
            int64_t amount = 0;
            int seat = play_move(&st, &l, (unsigned)rnd(), &amount);
            CHECK(seat == l.actor, "move by %d returned %d", l.actor, seat);
            CHECK(chips_of(&st) == total, "chips %lld, expected %lld", (long long)chips_of(&st), (long long)total);
            for (int s = 0; s < st.n; s++)
                CHECK(st.stack[s] >= 0, "negative stack");
            CHECK(pe_engine_check_rules(&st, &r) == PE_OK, "pe_engine_check_rules refused a hand the engine wrote");
        }
        CHECK(st.phase == PE_PHASE_DONE, "hand did not end");
        CHECK(pe_engine_check_rules(&st, &r) == PE_OK, "pe_engine_check_rules refused a finished hand");
        if (st.n >= 2) { /* chips that appear or vanish: in range, but not the engine's */
            pe_engine_t altered = st;
            altered.stack[1] += 1;
            CHECK(pe_engine_check(&altered) == PE_OK && pe_engine_check_rules(&altered, &r) == PE_ERR_ARG,
                  "a chip from nowhere");
            altered = st;
            altered.pot += 1;
            CHECK(pe_engine_check(&altered) == PE_ERR_ARG, "a pot that is not what was put in");
            /* Rules the struct does not hold: each field the start derives from them. */
            altered = st;
            altered.min_bet += 1, altered.small_bet += altered.small_bet != 0, altered.big_bet *= 2;
            CHECK(pe_engine_check_rules(&altered, &r) == PE_ERR_ARG, "other bet sizes");
            altered = st;
            altered.button = (uint8_t)((st.button + 1) % st.n);
            CHECK(pe_engine_check_rules(&altered, &r) == PE_ERR_ARG, "another button");
            altered = st;
            altered.cap ^= 1, altered.flags ^= PE_RULE_ANTES_DEAD;
            CHECK(pe_engine_check_rules(&altered, &r) == PE_ERR_ARG, "another cap or flags");
            pe_engine_rules_t other = r;
            other.limit = (r.limit + 1) % 3;
            CHECK(pe_engine_check_rules(&st, &other) == PE_ERR_ARG, "another limit");
        }
        CHECK(chips_of(&st) == total, "chips at the end");
        settle_matches(&st);
        mucks_after_the_end(&st);
    }
}

static void test_tables(void)
{
    enum { N = 64 };
    static pe_engine_t tables[N];
    pe_engine_rules_t r = holdem_rules(6, 200);
    enum { W = 6 }; /* rows as wide as the tables' seats */
    static uint8_t hole[N * W * PE_ENGINE_HOLD], board[N * 5], mask[N * 6], done[N], actions[N], legal_bits[N];
    static int64_t stacks[N * W], bets[N * W], pot[N], rewards[N * W];
    int8_t actor[N], street[N], phase[N];
    static uint16_t folded[N];
    static pe_engine_legal_t views[N];
    pe_tables_out_t out = {hole, NULL, board, stacks, bets, pot, actor, street, phase, folded, mask, rewards, done,
                           legal_bits, views};
    double sizes[2] = {0.5, 1.0};
    CHECK(pe_tables_reset(tables, N, &r, 42, 0, 2, &out, NULL) == PE_OK, "reset");
    int64_t net[6] = {0};
    long ended = 0;
    for (int step = 0; step < 2000; step++) {
        for (int i = 0; i < N; i++) {
            unsigned legal = 0;
            for (int a = 0; a < 6; a++)
                legal |= (unsigned)mask[i * 6 + a] << a;
            CHECK(legal != 0, "no legal action");
            unsigned a;
            do
                a = below(6);
            while (!(legal >> a & 1u));
            actions[i] = (uint8_t)a;
        }
        CHECK(pe_tables_step(tables, N, &r, actions, sizes, 2, 0, &out, NULL) == PE_OK, "step");
        for (int i = 0; i < N; i++) {
            if (done[i]) {
                int64_t sum = 0;
                for (int s = 0; s < 6; s++) {
                    sum += rewards[i * W + s];
                    net[s] += rewards[i * W + s];
                }
                CHECK(sum == 0, "rewards of a hand add up to %lld", (long long)sum);
                ended++;
            }
            for (int s = 0; s < 6; s++)
                CHECK(stacks[i * W + s] == tables[i].stack[s] && bets[i * W + s] == tables[i].bet[s],
                      "table %d seat %d: the row says %lld/%lld", i, s, (long long)stacks[i * W + s],
                      (long long)bets[i * W + s]);
            CHECK(memcmp(hole + i * W * PE_ENGINE_HOLD, tables[i].cards, W * PE_ENGINE_HOLD) == 0,
                  "table %d: hole cards", i);
            CHECK(folded[i] == (tables[i].folded | tables[i].mucked), "table %d: folded %u", i, folded[i]);
        }
    }
    CHECK(ended > 1000, "hands ended: %ld", ended);
    /* An illegal action is refused and nothing moves. */
    for (int i = 0; i < N; i++)
        actions[i] = 1;
    actions[N / 2] = 9;
    size_t bad = 0;
    static pe_engine_t before[N];
    memcpy(before, tables, sizeof before);
    CHECK(pe_tables_step(tables, N, &r, actions, sizes, 2, 0, &out, &bad) == PE_ERR_MOVE && bad == N / 2,
          "illegal action");
    CHECK(memcmp(before, tables, sizeof before) == 0, "a refused step moved a table");

    int64_t payoffs[500 * 6];
    uint32_t moves[500];
    CHECK(pe_engine_play_random(&r, 7, 0, 500, sizes, 2, payoffs, moves, NULL, NULL, NULL) == PE_OK, "random");
    for (int h = 0; h < 500; h++) {
        int64_t sum = 0;
        for (int s = 0; s < 6; s++)
            sum += payoffs[h * 6 + s];
        CHECK(sum == 0 && moves[h] > 0, "hand %d: sum %lld", h, (long long)sum);
    }
    /* The same seed and index give the same hand, however the run is split. */
    int64_t again[6];
    pe_engine_play_random(&r, 7, 321, 1, sizes, 2, again, NULL, NULL, NULL, NULL);
    CHECK(memcmp(again, payoffs + 321 * 6, sizeof again) == 0, "hand 321 replays");
}

/* While a call is inside a hand (busy), every other call on it is turned away whole. */
static void test_one_call_at_a_time(void)
{
    pe_engine_rules_t r = holdem_rules(2, 100);
    pe_engine_t st, before, copy;
    CHECK(pe_engine_start(&st, &r, 1, 1, NULL) == PE_OK, "start");
    CHECK(st.busy == 0, "a started hand is free");
    st.busy = 1; /* as while another thread's call is inside */
    before = st;
    uint8_t card = 0;
    size_t bad = 0, n = 0;
    int seat = 7;
    pe_engine_legal_t l;
    pe_settlement_t out;
    refused(&st, pe_engine_fold(&st), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_check_call(&st), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_raise_to(&st, 10), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_bring_in(&st), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_discard(&st, &card, 1, &bad), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_deal(&st, 0, &card, 1, &bad), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_deal_random(&st, &card, &n), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_show(&st, 0, &card, 1, &bad), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_legal(&st, &l), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_auto(&st, 1), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, pe_engine_settlement(&st, &out), PE_ERR_BUSY, &before, __LINE__);
    refused(&st, (int)pe_engine_uncalled(&st, &seat), PE_ERR_BUSY, &before, __LINE__);
    CHECK(seat == -1, "uncalled while busy: seat %d", seat);
    refused(&st, pe_engine_copy(&copy, &st), PE_ERR_BUSY, &before, __LINE__);
    st.busy = 0;
    CHECK(pe_engine_copy(&copy, &st) == PE_OK && memcmp(&copy, &st, sizeof st) == 0, "a free hand copies whole");
    CHECK(pe_engine_fold(&st) == 0 && st.busy == 0, "a call leaves the hand free");
}

int main(void)
{
    const char *env = getenv("PE_TEST_HANDS");
    long hands = env ? atol(env) : 20000;
    test_heads_up();
    test_order_and_straddle();
    test_short_all_in();
    test_pot_limit();
    test_fixed_limit();
    test_stud();
    test_draw();
    test_manual_deal();
    test_one_call_at_a_time();
    test_rules();
    test_tables();
    test_random_play(hands);
    printf("engine: %ld random hands\n", hands);
    printf("%llu passed, %llu failed\n", T.passed, T.failed);
    return T.failed ? 1 : 0;
}
