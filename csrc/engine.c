/* engine.c - the betting engine: one hand as a dealer runs it, in one plain struct.
 *
 * The rules are written in pe_engine.h; this file is their only implementation.  A hand moves
 * through streets; each street may open with a draw, then deals (hole cards, the board, or a
 * draw's replacements), then has a betting round.  After every move `advance` carries the
 * hand forward through everything that needs no decision (dealing, when the hand deals for
 * itself; rounds nobody can bet in; the settlement) and stops where a seat, the dealer or a
 * show is awaited.  Every move checks everything before it changes anything.
 */
#include <stddef.h>
#include <string.h>

/* GCC turns a loop over a hand's seats into a memset or memcpy of variable size, and emits
 * those as string instructions whose start-up costs more than the few words they move: here,
 * where every such loop is a handful of seats, loops stay loops. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-loop-distribute-patterns")
#endif

#include "internal.h"
#include "pe_engine.h"

#define NONE PE_ENGINE_NO_CARD
#define BIT(s) ((uint16_t)(1u << (s)))

/* ---- the variants ---- */

typedef struct {
    uint8_t game;           /* the evaluator */
    uint8_t streets;        /* betting rounds */
    uint8_t max_seats;
    uint8_t deck_first;     /* the lowest id in the deck */
    uint8_t stud;           /* 1 stud and stud hi-lo, 2 razz: cards open the betting */
    uint8_t deal[5];        /* hole cards dealt before each round (round 0: hole_cards) */
    uint8_t up[5];          /* bit k: the k-th card dealt that round goes face up */
    uint8_t board[5];       /* board cards dealt before each round */
    uint8_t draw[5];        /* a draw opens the round */
    uint8_t big[5];         /* fixed-limit: the round plays the big bet */
} variant_t;

static const variant_t VARIANTS[PE_NUM_VARIANTS] = {
    /* game                 rounds seats deck stud deal             up                board          draw           big */
    {PE_GAME_HOLDEM,          4, 10,  0, 0, {2, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 3, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 0}},
    {PE_GAME_SHORTDECK,       4, 10, 16, 0, {2, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 3, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 0}},
    {PE_GAME_SHORTDECK_TRIPS, 4, 10, 16, 0, {2, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 3, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 0}},
    {PE_GAME_OMAHA,           4, 10,  0, 0, {4, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 3, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 0}},
    {PE_GAME_OMAHA_HILO,      4, 10,  0, 0, {4, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 3, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 0}},
    {PE_GAME_STUD,            5,  8,  0, 1, {3, 1, 1, 1, 1}, {4, 1, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 1}},
    {PE_GAME_STUD_HILO,       5,  8,  0, 1, {3, 1, 1, 1, 1}, {4, 1, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 1}},
    {PE_GAME_RAZZ,            5,  8,  0, 2, {3, 1, 1, 1, 1}, {4, 1, 1, 1, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 1, 1, 1}},
    {PE_GAME_HOLDEM,          2,  8,  0, 0, {5, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 1, 0, 0, 0}, {0, 1, 0, 0, 0}},
    {PE_GAME_DEUCE_SEVEN,     2,  8,  0, 0, {5, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 1, 0, 0, 0}, {0, 1, 0, 0, 0}},
    {PE_GAME_DEUCE_SEVEN,     4,  8,  0, 0, {5, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 1, 1, 1, 0}, {0, 0, 1, 1, 0}},
    {PE_GAME_BADUGI,          4,  8,  0, 0, {4, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}, {0, 1, 1, 1, 0}, {0, 0, 1, 1, 0}},
};

static inline const variant_t *variant_of(const pe_engine_t *st)
{
    return &VARIANTS[st->variant];
}

/* ---- small helpers ---- */

static inline unsigned popcount16(unsigned x)
{
    return pe_popcount64(x);
}

/* One seat in the mask (the hand is over when one is left), or two or more: bit tests, where
 * the portable popcount would cost a dozen instructions on every move. */
static inline int one_seat(unsigned x)
{
    return x != 0 && (x & (x - 1u)) == 0;
}

static inline int two_or_more(unsigned x)
{
    return (x & (x - 1u)) != 0;
}

static inline int next_seat(const pe_engine_t *st, int s)
{
    return s + 1 == st->n ? 0 : s + 1;
}

/* The seat at position k of the order that starts left of the button. */
static inline int seat_at(const pe_engine_t *st, int k)
{
    int s = st->button + 1 + k;
    return s >= st->n ? (s >= 2 * st->n ? s - 2 * st->n : s - st->n) : s;
}

static inline uint16_t all_seats(const pe_engine_t *st)
{
    return (uint16_t)((1u << st->n) - 1u);
}

static inline uint16_t in_hand(const pe_engine_t *st)
{
    return (uint16_t)(all_seats(st) & ~st->folded);
}

static inline pe_rng_t *rng_of(pe_engine_t *st)
{
    return (pe_rng_t *)(void *)st->rng;
}

static inline int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

/* Seats still in with chips behind: while two of them are left, betting can go on. */
static inline unsigned with_chips(const pe_engine_t *st)
{
    unsigned count = 0;
    for (int s = 0; s < st->n; s++)
        count += !(st->folded & BIT(s)) && st->stack[s] > 0;
    return count;
}

/* Whether fixed-limit's cap limits the raising now.  With PE_RULE_UNCAPPED_HEADS_UP it binds
 * only while three or more seats in the hand have chips behind (a pot of two players who are
 * not all in is uncapped), and once a round's raising was capped it stays capped, whoever
 * folds after (Robert's Rules, betting and raising, rules 3 and 4). */
static inline int cap_binds(const pe_engine_t *st)
{
    return !(st->flags & PE_RULE_UNCAPPED_HEADS_UP) || st->capped || with_chips(st) > 2;
}

/* ---- the deck ---- */

static void stub_remove(pe_engine_t *st, unsigned id)
{
    for (unsigned k = 0; k < st->deck_left; k++) {
        if (st->deck[k] == id) {
            st->deck[k] = st->deck[--st->deck_left];
            return;
        }
    }
}

/* Cards `ids`, dealt again, leave the rows of the seats out of the hand (folded or mucked)
 * that still list them: each card is in one place.  A folded hand keeps its cards until then
 * (a reshuffle that takes them back into the stub leaves them listed), so a hand dealt at
 * random and the same hand replayed from its history, whose dealer never reshuffles, agree. */
static void release(pe_engine_t *st, uint64_t ids)
{
    unsigned gone = (unsigned)(st->folded | st->mucked);
    for (int s = 0; s < st->n; s++) {
        if (!(gone >> s & 1u))
            continue;
        unsigned kept = 0, up = 0;
        for (unsigned k = 0; k < st->ncards[s]; k++) {
            unsigned id = st->cards[s][k];
            if (id != NONE && (ids >> id & 1u))
                continue;
            up |= (st->up[s] >> k & 1u) << kept;
            st->cards[s][kept++] = (uint8_t)id;
        }
        if (kept != st->ncards[s]) {
            for (unsigned k = kept; k < st->ncards[s]; k++)
                st->cards[s][k] = NONE; /* as a row past its cards always reads */
            st->ncards[s] = (uint8_t)kept;
            st->up[s] = (uint8_t)up;
            st->fresh_cards = 1;
        }
    }
}

/* A new stub from the cards that left it and are no longer held, except `keep` (the
 * discards of the seat being served). */
static void reshuffle(pe_engine_t *st, uint64_t keep)
{
    uint64_t back = st->out & ~st->held & ~keep;
    for (unsigned id = variant_of(st)->deck_first; id < 52; id++) {
        if (back >> id & 1u) {
            st->deck[st->deck_left++] = (uint8_t)id;
            st->out &= ~(1ull << id);
        }
    }
}

/* One card at random from the stub deck[0..*left), which is not empty; the last card fills
 * its place.  Every random card of the engine comes from here. */
static inline unsigned stub_take(uint8_t *deck, unsigned *left, pe_rng_t *rng)
{
    unsigned k = pe_rng_below(rng, *left);
    unsigned id = deck[k];
    deck[k] = deck[--*left];
    return id;
}

/* One card from a stub that is not empty, at random, now held. */
static inline unsigned take_card(pe_engine_t *st, pe_rng_t *rng)
{
    unsigned left = st->deck_left;
    unsigned id = stub_take(st->deck, &left, rng);
    st->deck_left = (uint8_t)left;
    st->out |= 1ull << id;
    st->held |= 1ull << id;
    return id;
}

/* One card from the stub for `seat` (-1: the board), at random; NONE when even a reshuffle
 * leaves it empty.  An empty stub takes back the discards, except those of the seats still
 * to be served this round (the seat itself among them), so that no seat is dealt a card it
 * threw, as when each seat is served before the next discards; when those are all the
 * discards there are, only the seat's own stay out. */
static unsigned draw_card(pe_engine_t *st, int seat)
{
    if (st->deck_left == 0) {
        uint64_t own = seat < 0 ? 0 : st->discards[seat], waiting = own;
        for (int t = 0; t < st->n; t++)
            if (st->owed[t])
                waiting |= st->discards[t];
        reshuffle(st, waiting);
        if (st->deck_left == 0)
            reshuffle(st, own);
    }
    if (st->deck_left == 0)
        return NONE;
    return take_card(st, rng_of(st)); /* for give(), which holds it too */
}

/* ---- showing hands (stud) ---- */

/* The rank counts of the seat's up cards as one number, greater for a better showing hand:
 * the pattern (high card, pair, two pair, trips, quads) first, then the ranks by count and
 * rank.  Razz ranks aces low and the smaller number shows the better (lower) hand.  Unknown
 * cards show nothing. */
static uint32_t showing(const pe_engine_t *st, int s, int low)
{
    unsigned count[13] = {0};
    unsigned cards = 0;
    for (int k = 0; k < st->ncards[s]; k++) {
        unsigned id = st->cards[s][k];
        if ((st->up[s] >> k & 1u) && id != NONE) {
            count[low ? pe_low_rank(id) : PE_RANK(id)]++;
            cards++;
        }
    }
    unsigned pairs = 0, trips = 0, quads = 0;
    for (int r = 0; r < 13; r++) {
        pairs += count[r] == 2;
        trips += count[r] == 3;
        quads += count[r] == 4;
    }
    uint32_t key = quads ? 4 : trips ? 3 : pairs == 2 ? 2 : pairs;
    for (unsigned c = 4; c >= 1; c--)
        for (int r = 12; r >= 0; r--)
            if (count[r] == c)
                for (unsigned k = 0; k < c; k++)
                    key = key << 4 | (uint32_t)r;
    return key << 4 * (4 - cards); /* same length for every seat */
}

/* Stud: who opens round `street`.  Round 0: the lowest up card brings in (razz: the highest,
 * aces low); later the best showing hand, the first from the button's left among equals. */
static int stud_opener(const pe_engine_t *st)
{
    int razz = variant_of(st)->stud == 2;
    int best = -1;
    uint32_t best_key = 0;
    for (int k = 0; k < st->n; k++) {
        int s = seat_at(st, k);
        if (st->folded & BIT(s))
            continue;
        uint32_t key;
        int known = 0;
        if (st->street == 0) {
            unsigned id = NONE;
            for (int c = 0; c < st->ncards[s]; c++)
                if (st->up[s] >> c & 1u)
                    id = st->cards[s][c];
            if (id == NONE)
                continue;
            known = 1;
            /* A key where greater opens: the lowest card by (rank, suit), razz the highest
             * with aces low. */
            key = razz ? pe_low_rank(id) * 4u + PE_SUIT(id) : 255u - id;
        } else {
            key = showing(st, s, razz);
            known = 1;
            if (razz)
                key = 0xFFFFFFFFu - key;
        }
        if (known && (best < 0 || key > best_key)) {
            best = s;
            best_key = key;
        }
    }
    return best;
}

/* Stud, fourth street: does a seat still in show a pair? */
static int open_pair(const pe_engine_t *st)
{
    for (int s = 0; s < st->n; s++) {
        if (st->folded & BIT(s))
            continue;
        unsigned seen = 0;
        for (int k = 0; k < st->ncards[s]; k++) {
            unsigned id = st->cards[s][k];
            if ((st->up[s] >> k & 1u) && id != NONE) {
                if (seen >> PE_RANK(id) & 1u)
                    return 1;
                seen |= 1u << PE_RANK(id);
            }
        }
    }
    return 0;
}

/* ---- the showdown ---- */

/* Each seat's showdown value (and low, in hi-lo) for the seats in `who`.  The board games of
 * the core's fast tables sum the board once and add each seat's cards to it. */
static inline void showdown_values(const pe_engine_t *st, uint16_t who, uint16_t *hi, uint16_t *lo)
{
    if (st->game == PE_GAME_HOLDEM || st->game == PE_GAME_SHORTDECK || st->game == PE_GAME_SHORTDECK_TRIPS) {
        /* Hold'em and short deck, and five-card draw's five cards (no board). */
        const uint16_t *flush = st->game == PE_GAME_HOLDEM      ? pe_flush_holdem
                                : st->game == PE_GAME_SHORTDECK ? pe_flush_shortdeck
                                                                : pe_flush_shortdeck_trips;
        const uint16_t *rank = st->game == PE_GAME_HOLDEM      ? pe_rank_holdem
                               : st->game == PE_GAME_SHORTDECK ? pe_rank_shortdeck
                                                               : pe_rank_shortdeck_trips;
        pe_hand_t board = pe_hand_empty();
        for (int k = 0; k < st->nboard; k++)
            board = pe_hand_add(board, st->board[k]);
        for (int s = 0; s < st->n; s++) {
            if (!(who & BIT(s)))
                continue;
            pe_hand_t h = board;
            for (int k = 0; k < st->ncards[s]; k++)
                h = pe_hand_add(h, st->cards[s][k]);
            /* Hold'em's seven cards: the 7-card table (pe_hand.h). */
            hi[s] = st->game == PE_GAME_HOLDEM && st->nboard + st->ncards[s] == 7 ? pe_hand_value_n(h, 7)
                                                                                 : pe_lookup(h, flush, rank);
            lo[s] = 0;
        }
        return;
    }
    for (int s = 0; s < st->n; s++) {
        if (!(who & BIT(s)))
            continue;
        uint8_t ids[PE_ENGINE_HOLD + PE_ENGINE_BOARD];
        int n = 0;
        for (int k = 0; k < st->ncards[s]; k++)
            ids[n++] = st->cards[s][k];
        for (int k = 0; k < st->nboard; k++)
            ids[n++] = st->board[k];
        hi[s] = pe_eval_unchecked(st->game, ids, (size_t)n, st->ncards[s], &lo[s]);
    }
}

/* The chips the settlement levels the seats by (and *dead, the dead money beside them): the
 * live chips, with each seat's ante added unless the antes are dead (with_antes holds the
 * sums then). */
static const int64_t *settled_chips(const pe_engine_t *st, int64_t *with_antes, const int64_t **dead)
{
    *dead = st->dead;
    if (st->flags & PE_RULE_ANTES_DEAD)
        return st->live;
    /* Each seat's ante counts toward its level, as its bets do. */
    int64_t antes = 0;
    for (int s = 0; s < st->n; s++) {
        with_antes[s] = st->live[s] + st->dead[s];
        antes |= st->dead[s];
    }
    if (!antes)
        return st->live;
    *dead = NULL;
    return with_antes;
}

/* The settlement, with each seat's showdown values found (0 for the seats not in, and for
 * all when one seat is left). */
static int settle_values(const pe_engine_t *st, const uint16_t *hi, const uint16_t *lo, pe_settlement_t *out)
{
    uint8_t out_of[PE_ENGINE_SEATS], order[PE_ENGINE_SEATS];
    uint16_t gone = st->folded | st->mucked;
    for (int s = 0, t = seat_at(st, 0); s < st->n; s++, t = next_seat(st, t)) {
        out_of[s] = (gone & BIT(s)) != 0;
        order[s] = (uint8_t)t;
    }
    int64_t with_antes[PE_ENGINE_SEATS];
    const int64_t *dead;
    const int64_t *chips = settled_chips(st, with_antes, &dead);
    /* Odd chips from the button's left, or in stud by card as pe_settle gives them. */
    uint8_t by_card[PE_ENGINE_SEATS], low_by_card[PE_ENGINE_SEATS];
    const uint8_t *high_order = order, *low_order = order;
    if (pe_odd_chips_by_card(st->game)) {
        const uint8_t *held[PE_ENGINE_SEATS];
        for (int s = 0; s < st->n; s++)
            held[s] = st->cards[s];
        pe_stud_odd_order((size_t)st->n, held, st->ncards, st->game == PE_GAME_RAZZ, order, by_card);
        high_order = low_order = by_card;
        if (st->game == PE_GAME_STUD_HILO) {
            pe_stud_odd_order((size_t)st->n, held, st->ncards, 1, order, low_by_card);
            low_order = low_by_card;
        }
    }
    /* Every seat still in shows a hand: one that put in nothing (all the others checked, or it
     * is dealt in under a big-blind ante) contends for the dead money. */
    return pe_settle_values(st->n, chips, dead, out_of, all_seats(st) & ~gone, hi, lo, pe_game(st->game)->hilo,
                            high_order, low_order, out);
}

static int fill_settlement(const pe_engine_t *st, pe_settlement_t *out)
{
    uint16_t hi[PE_ENGINE_SEATS] = {0}, lo[PE_ENGINE_SEATS] = {0};
    uint16_t in = all_seats(st) & ~(st->folded | st->mucked);
    if (two_or_more(in))
        showdown_values(st, in, hi, lo);
    return settle_values(st, hi, lo, out);
}

/* Seat w put in live chips, and at least as much as every other seat, live chips alone and
 * with antes. */
static int covers_all(const pe_engine_t *st, int w)
{
    int64_t live = st->live[w], all = live + st->dead[w];
    if (live <= 0)
        return 0;
    for (int s = 0; s < st->n; s++)
        if (st->live[s] > live || st->live[s] + st->dead[s] > all)
            return 0;
    return 1;
}

/* A showdown of the board games' high hands with no antes that makes one pot: every seat
 * still in put in at least `level`, the least of them, no folded seat more, and at most one
 * seat in more (its excess is uncalled and goes back).  Pays it as pe_settle_values would
 * when the best hands split the pot evenly (heads-up always; most multiway ends); returns 0,
 * paying nothing, for everything else (an odd chip, side pots, dead money). */
static int one_pot_to(pe_engine_t *st, uint16_t in, const uint16_t *hi)
{
    if (!two_or_more(in) ||
        !(st->game == PE_GAME_HOLDEM || st->game == PE_GAME_SHORTDECK || st->game == PE_GAME_SHORTDECK_TRIPS))
        return 0;
    int64_t level = st->live[pe_lowest_bit(in)];
    for (int s = 0; s < st->n; s++)
        if ((in & BIT(s)) && st->live[s] < level)
            level = st->live[s];
    int64_t pot = 0, count = 0;
    int above = -1;
    unsigned best = 0, winners = 0;
    for (int s = 0; s < st->n; s++) {
        if (st->dead[s] != 0)
            return 0;
        if (st->live[s] > level) {
            if (!(in & BIT(s)) || above >= 0)
                return 0;
            above = s;
        }
        pot += min64(st->live[s], level);
        if (!(in & BIT(s)))
            continue;
        if (hi[s] > best) { /* the best hands, as pe_settle_values finds them */
            best = hi[s];
            winners = 0;
            count = 0;
        }
        if (hi[s] == best) {
            winners |= BIT(s);
            count++;
        }
    }
    if (level <= 0 || pot % count != 0)
        return 0;
    memset(st->payout, 0, sizeof st->payout);
    if (above >= 0)
        st->payout[above] = st->live[above] - level;
    for (int s = 0; s < st->n; s++)
        if (winners & BIT(s))
            st->payout[s] += pot / count;
    for (int s = 0; s < st->n; s++)
        st->stack[s] += st->payout[s];
    return 1;
}

/* The end: settle, pay, done.  Seats still in must all be known unless only one is left. */
static void try_settle(pe_engine_t *st)
{
    uint16_t in = all_seats(st) & ~(st->folded | st->mucked);
    if (two_or_more(in)) {
        for (int s = 0; s < st->n; s++)
            if (in & BIT(s))
                for (int k = 0; k < st->ncards[s]; k++)
                    if (st->cards[s][k] == NONE) {
                        st->phase = PE_PHASE_SHOWDOWN;
                        return;
                    }
    }
    uint16_t hi[PE_ENGINE_SEATS] = {0}, lo[PE_ENGINE_SEATS] = {0};
    if (two_or_more(in)) {
        st->shown |= in; /* a showdown: every hand still in is on the table */
        showdown_values(st, in, hi, lo);
    }
    int alone = one_seat(in) ? (int)pe_lowest_bit(in) : -1;
    if (alone >= 0 && covers_all(st, alone)) {
        /* The most hands end so: one seat left that put in at least what any other seat
         * did, antes counted or not.  Every pot is its own, as pe_settle would pay it (the
         * C tests compare the two on every hand). */
        memset(st->payout, 0, sizeof st->payout);
        st->payout[alone] = st->pot;
        st->stack[alone] += st->pot;
    } else if (one_pot_to(st, in, hi)) {
        /* paid */
    } else {
        pe_settlement_t out;
        memset(out.payouts, 0, sizeof st->payout); /* the seats past n stay 0 */
        settle_values(st, hi, lo, &out); /* cannot fail: a seat is in, chips are in range */
        memcpy(st->payout, out.payouts, sizeof st->payout);
        for (int s = 0; s < st->n; s++)
            st->stack[s] += out.payouts[s];
    }
    memset(st->bet, 0, sizeof st->bet);
    st->phase = PE_PHASE_DONE;
    st->actor = NONE;
}

/* ---- rounds ---- */

static int64_t bet_size(const pe_engine_t *st)
{
    return variant_of(st)->big[st->street] ? st->big_bet : st->small_bet;
}

/* A seat acts when it is in with chips and some other seat in faces more than it has bet
 * or could still put in more than its bet. */
static uint16_t actors(const pe_engine_t *st)
{
    uint16_t pending = 0;
    int64_t reach[PE_ENGINE_SEATS];
    int64_t first = 0, second = 0; /* the two greatest bet + stack among seats in */
    /* Without branches: which seats fold and how deep they are is the hand's own. */
    for (int s = 0; s < st->n; s++) {
        int64_t r = (st->bet[s] + st->stack[s]) | -(int64_t)(st->folded >> s & 1u); /* folded: -1 */
        int64_t below = r < first ? r : first;
        reach[s] = r;
        first = r > first ? r : first;
        second = below > second ? below : second;
    }
    for (int s = 0; s < st->n; s++) {
        int64_t other = reach[s] == first ? second : first; /* the deepest other seat */
        unsigned acts = (reach[s] >= 0) & (st->stack[s] > 0) & (other > st->bet[s]);
        pending |= (uint16_t)(acts << s);
    }
    return pending;
}

static void end_round(pe_engine_t *st);

static void begin_round(pe_engine_t *st)
{
    const variant_t *v = variant_of(st);
    int opener;
    if (st->street > 0) {
        memset(st->bet, 0, sizeof st->bet);
        st->high = st->level = 0;
        st->raise_size = st->limit == PE_LIMIT_FIXED ? bet_size(st) : st->min_bet;
        st->count = 0;
        st->capped = 0;
    }
    st->big_used = 0;
    st->acted = 0;
    if (v->stud) {
        opener = stud_opener(st);
        if (opener < 0) /* no card known: the button's left opens */
            opener = seat_at(st, 0);
        st->bring_in_due = st->street == 0 && st->bring_in > 0;
    } else if (st->street == 0 && st->high == 0) {
        /* No blind posted (antes alone): the button's left opens, heads-up too, as in every
         * later round.  The heads-up turn of the order below comes from the button posting
         * the small blind; with no blind the button is only the dealer, and acts last. */
        opener = seat_at(st, 0);
    } else if (st->street == 0) {
        /* Left of the largest blind, the later of equal ones: the last seat in the blinds'
         * order whose live bet is greatest.  That order starts at the small blind: the
         * button's left, or heads-up the button itself (with equal blinds heads-up, the
         * button is the small blind and acts first). */
        int top = st->n == 2 ? st->button : seat_at(st, 0);
        for (int k = 1, s = next_seat(st, top); k < st->n; k++, s = next_seat(st, s))
            if (st->bet[s] >= st->bet[top])
                top = s;
        opener = next_seat(st, top);
    } else {
        opener = seat_at(st, 0);
    }
    st->pending = actors(st);
    st->phase = PE_PHASE_BET;
    st->actor = NONE;
    if (st->pending) {
        /* The first pending seat clockwise from the opener, the opener included. */
        unsigned after = st->pending & ~(BIT(opener) - 1u);
        st->actor = (uint8_t)pe_lowest_bit(after ? after : st->pending);
    } else {
        end_round(st);
    }
}

static void next_drawer(pe_engine_t *st);

/* Start round `street`: its draw, or its deals. */
static void begin_street(pe_engine_t *st, int street)
{
    const variant_t *v = variant_of(st);
    st->street = (uint8_t)street;
    st->drawn = 0;
    if (v->draw[street]) {
        for (int s = 0; s < st->n; s++)
            st->discards[s] = 0;
        st->phase = PE_PHASE_DRAW;
        next_drawer(st);
        return;
    }
    unsigned need = 0, in_play = st->nboard, deal = street == 0 ? st->hole : v->deal[street];
    for (int s = 0; s < st->n; s++) {
        /* all ones for a seat still in: not folded, nor mucked (a seat that gave up its hand
         * once betting was over is dealt no more) */
        unsigned in = 0u - (~(st->folded | st->mucked) >> s & 1u);
        st->owed[s] = (uint8_t)(deal & in);
        need += deal & in;
        in_play += st->ncards[s] & in;
    }
    st->board_owed = v->board[street];
    /* Stud: the cards out of play (folded hands) go back to the stub when it runs short; if
     * even then there are not enough for every seat, one card face up on the board plays for
     * all. */
    if (v->stud && street > 0 && need > 52u - v->deck_first - in_play) {
        for (int s = 0; s < st->n; s++)
            st->owed[s] = 0;
        st->board_owed = 1;
    }
    st->phase = PE_PHASE_DEAL;
    st->actor = NONE;
}

/* The rest of a board game's hand when nobody can bet again, in one go: at most one seat in
 * has chips, and the later rounds open with no bets, so none of them has a seat to act (over
 * a quarter of the heads-up hands Tables plays with random moves end so, all in).  Each later round
 * would be begun, dealt its board cards and ended at once, and then the hand settled; this
 * leaves every field as those calls would, with the same cards in the same order.  0 (and
 * nothing changed) when that is not the case: a hand that waits for its dealer, a game that
 * deals the seats or draws after the hole cards, or a stub too short for the board (which
 * deal_all_random would then not deal at once). */
static int run_out(pe_engine_t *st)
{
    const variant_t *v = variant_of(st);
    /* The board games (hold'em, short deck, Omaha) deal the board alone after the hole
     * cards, face up, and never draw. */
    if (!st->auto_deal || v->stud || !v->board[1] || with_chips(st) > 1)
        return 0;
    unsigned last = st->streets - 1u, need = 0;
    for (unsigned k = st->street + 1u; k <= last; k++)
        need += v->board[k];
    if (need > st->deck_left)
        return 0;
    pe_rng_t rng = {{st->rng[0], st->rng[1], st->rng[2], st->rng[3]}};
    unsigned left = st->deck_left, on_board = st->nboard, dealt = st->dealt + need;
    uint64_t taken = 0;
    for (unsigned k = 0; k < need; k++) {
        unsigned id = stub_take(st->deck, &left, &rng);
        taken |= 1ull << id;
        st->board[on_board++] = (uint8_t)id;
    }
    for (int k = 0; k < 4; k++)
        st->rng[k] = rng.s[k];
    st->nboard = (uint8_t)on_board;
    st->deck_left = (uint8_t)left;
    st->dealt = (uint8_t)(dealt < 255 ? dealt : 255);
    st->out |= taken;
    st->held |= taken;
    st->fresh_cards = 1;
    /* What begin_street, deal_all_random, begin_round and end_round leave in the last round;
     * the bets, the high bet, the actor and the pending seats are cleared already. */
    st->street = (uint8_t)last;
    st->drawn = 0;
    for (int s = 0; s < st->n; s++)
        st->owed[s] = 0;
    st->board_owed = 0;
    st->raise_size = st->limit == PE_LIMIT_FIXED ? bet_size(st) : st->min_bet;
    st->count = 0;
    st->capped = 0;
    st->big_used = 0;
    st->acted = 0;
    try_settle(st);
    return 1;
}

static void end_round(pe_engine_t *st)
{
    memset(st->bet, 0, sizeof st->bet); /* whole rows: seats past n never bet */
    st->actor = NONE;
    st->pending = 0;
    st->high = st->level = 0;
    if (one_seat(in_hand(st)) || st->street + 1 >= st->streets) {
        try_settle(st);
        return;
    }
    if (run_out(st))
        return;
    begin_street(st, st->street + 1);
}

static int deal_owed(const pe_engine_t *st)
{
    if (st->board_owed)
        return 1;
    for (int s = 0; s < st->n; s++)
        if (st->owed[s])
            return 1;
    return 0;
}


static void deal_all_random(pe_engine_t *st);

/* Carry the hand on to the next decision. */
static void advance(pe_engine_t *st)
{
    while (st->phase == PE_PHASE_DEAL) {
        if (deal_owed(st)) {
            if (!st->auto_deal)
                return;
            deal_all_random(st);
        }
        begin_round(st);
    }
}

/* After the actor's move: the next seat to act, or the end of the round. */
static void pass_turn(pe_engine_t *st, int s)
{
    st->pending &= (uint16_t)~BIT(s);
    st->acted |= BIT(s);
    if (one_seat(in_hand(st))) {
        end_round(st);
        advance(st);
        return;
    }
    if (st->pending) {
        /* The first pending seat clockwise from s: above s, else from seat 0 round. */
        unsigned after = st->pending & ~(BIT(s + 1) - 1u);
        st->actor = (uint8_t)pe_lowest_bit(after ? after : st->pending);
        return;
    }
    end_round(st);
    advance(st);
}

static void engine_auto(pe_engine_t *st, int on)
{
    st->auto_deal = on != 0;
    advance(st);
}

/* ---- what is legal ---- */

/* The dealer's next deal: the first seat owed cards from the button's left, else the board. */
static void legal_deal(const pe_engine_t *st, pe_engine_legal_t *out)
{
    for (int k = 0; k < st->n; k++) {
        int s = seat_at(st, k);
        if (st->owed[s]) {
            out->deal_seat = s;
            out->deal_count = st->owed[s];
            return;
        }
    }
    out->deal_count = st->board_owed;
}

/* pe_engine_legal, inline for the tables' loop. */
static inline void find_legal(const pe_engine_t *st, pe_engine_legal_t *out)
{
    memset(out, 0, sizeof *out);
    out->phase = st->phase;
    out->street = st->street;
    out->actor = st->actor == NONE ? -1 : st->actor;
    out->deal_seat = -1;
    out->pot = st->pot;
    if (st->phase == PE_PHASE_DEAL) {
        legal_deal(st, out);
        return;
    }
    if (st->phase == PE_PHASE_DRAW) {
        out->moves = PE_CAN_DISCARD;
        return;
    }
    if (st->phase != PE_PHASE_BET)
        return;
    int s = st->actor;
    int64_t owe = st->high - st->bet[s];
    int64_t stack = st->stack[s];
    out->to_call = owe > 0 ? min64(owe, stack) : 0;
    out->all_in_call = owe > 0 && owe >= stack;
    if (st->bring_in_due)
        out->moves = PE_CAN_BRING_IN;
    else
        out->moves = owe > 0 ? PE_CAN_FOLD | PE_CAN_CALL : PE_CAN_CHECK;

    /* What a bet or raise is called here, whether or not one is allowed (for the words).  A
     * completion completes a bring-in (due, or posted and not yet completed); a stud game
     * without one opens third street with a bet. */
    if (st->street == 0 && st->level == 0 && variant_of(st)->stud && (st->bring_in_due || st->high > 0))
        out->kind = PE_RAISE_COMPLETE;
    else
        out->kind = st->high == 0 ? PE_RAISE_BET : PE_RAISE_RAISE;
    out->no_raise = PE_NO_RAISE_STACK;
    if (stack <= owe || (st->bring_in_due && stack <= st->bring_in))
        return; /* calling (or the bring-in) takes everything */
    out->no_raise = PE_NO_RAISE_CAP;
    if (st->limit == PE_LIMIT_FIXED && st->cap && st->count >= st->cap && cap_binds(st))
        return;
    out->no_raise = PE_NO_RAISE_REOPEN;
    if (st->acted & BIT(s)) {
        /* Reopened only by a full raise since the seat acted (no-limit: short all-ins that
         * add up to one count too). */
        /* Fixed-limit counts full bets in a byte, which wraps past 255 when no cap binds:
         * fewer than n bets come between a seat's turns, so "none since" is equality. */
        if (st->limit == PE_LIMIT_FIXED ? st->count == st->seen_count[s]
                                        : st->high - st->seen[s] < st->raise_size)
            return;
    }
    out->no_raise = PE_NO_RAISE_COVERED;
    /* The other seats in, until one deeper than the high bet is found (mostly the first). */
    unsigned others = in_hand(st) & ~BIT(s), deeper = 0;
    for (; others && !deeper; others &= others - 1u) {
        int o = (int)pe_lowest_bit(others);
        deeper = st->bet[o] + st->stack[o] > st->high;
    }
    if (!deeper)
        return;
    out->no_raise = PE_NO_RAISE_NONE;
    int64_t all_in = stack + st->bet[s];
    int64_t lo, hi;
    if (st->limit == PE_LIMIT_FIXED) {
        int64_t size = bet_size(st);
        lo = hi = st->level + size;
        if ((st->flags & PE_RULE_OPEN_PAIR) && st->variant == PE_VAR_STUD && st->street == 1) {
            if (st->big_used) {
                lo = hi = st->level + st->big_bet;
            } else if (open_pair(st)) {
                hi = st->level + st->big_bet;
                if (lo <= st->high) /* a short all-in went past the small raise: only the big one raises */
                    lo = hi;
            }
        }
    } else {
        lo = st->level + st->raise_size;
        hi = all_in;
        if (st->limit == PE_LIMIT_POT)
            hi = st->high + out->pot + owe;
    }
    lo = min64(lo, all_in);
    hi = min64(hi, all_in);
    if (hi < lo)
        hi = lo;
    out->moves |= PE_CAN_RAISE;
    out->min_to = lo;
    out->max_to = hi;
}

/* ---- moves ---- */

static int actor_can(const pe_engine_t *st, uint32_t move, pe_engine_legal_t *legal)
{
    if (st->phase != PE_PHASE_BET)
        return PE_ERR_PHASE;
    find_legal(st, legal);
    return (legal->moves & move) ? PE_OK : PE_ERR_MOVE;
}

static void put_in(pe_engine_t *st, int s, int64_t chips)
{
    st->stack[s] -= chips;
    st->bet[s] += chips;
    st->live[s] += chips;
    st->pot += chips;
}

/* The moves, on a hand where they are legal (checked by the callers). */

/* The seats whose bet is the round's high bet: they owe nothing. */
static uint16_t level_with_high(const pe_engine_t *st)
{
    unsigned level = 0;
    for (int o = 0; o < st->n; o++)
        level |= (unsigned)(st->bet[o] == st->high) << o;
    return (uint16_t)level;
}

static void do_fold(pe_engine_t *st)
{
    int s = st->actor;
    st->folded |= BIT(s);
    for (int k = 0; k < st->ncards[s]; k++)
        if (st->cards[s][k] != NONE)
            st->held &= ~(1ull << st->cards[s][k]);
    /* A fold is the one move that takes chips out of reach: a seat still to act that owes
     * nothing and now faces no seat that could put in more acts no more (the big blind
     * whose one opponent left is all in for less checks nothing).  Only the first round
     * has seats still to act that owe nothing while others bet (the forced bets' seats: a
     * later round's seats still to act all face a bet once anyone folds), and a fold that
     * leaves one seat ends the hand: the test is skipped elsewhere, and when no seat still
     * to act owes nothing, as it costs a step. */
    if (st->street == 0 && two_or_more(in_hand(st)) && (st->pending & level_with_high(st)))
        st->pending &= actors(st);
    pass_turn(st, s);
}

static void do_call(pe_engine_t *st, int64_t chips)
{
    int s = st->actor;
    put_in(st, s, chips);
    st->seen[s] = st->high;
    st->seen_count[s] = st->count;
    pass_turn(st, s);
}

static void do_bring_in(pe_engine_t *st)
{
    int s = st->actor;
    put_in(st, s, min64(st->bring_in, st->stack[s]));
    if (st->bet[s] > st->high)
        st->high = st->bet[s];
    st->bring_in_due = 0;
    st->seen[s] = st->high;
    st->seen_count[s] = st->count;
    pass_turn(st, s);
}

static void do_raise(pe_engine_t *st, int64_t amount)
{
    int s = st->actor;
    int binds = st->limit == PE_LIMIT_FIXED && st->cap && cap_binds(st); /* as the raise is made */
    put_in(st, s, amount - st->bet[s]);
    if (st->limit == PE_LIMIT_FIXED) {
        /* Full when it reaches the level plus the bet; the open-pair big bet is full too,
         * and from then on the round plays big bets.  With PE_RULE_HALF_BET an all-in of
         * half a bet or more over the level is a full bet too (Robert's Rules, betting and
         * raising; TDA 47B): it moves the level, counts toward the cap and reopens. */
        int64_t size = st->big_used ? st->big_bet : bet_size(st); /* the open pair's big bets */
        int64_t full = st->level + size;
        int half = (st->flags & PE_RULE_HALF_BET) != 0;
        int counts = 1;
        if (amount > full) {
            /* Past the small bet: only the open pair's big bet goes there.  An all-in short of
             * the big bet is no big bet (unless half_bet_all_in makes it one): it is the small
             * bet and a short all-in over it, which moves the level no further. */
            if (amount >= st->level + st->big_bet || (half && 2 * (amount - st->level) >= st->big_bet)) {
                st->big_used = 1;
                st->level = amount;
            } else if (full > st->high) {
                st->level = full;
            } else {
                /* An all-in already went past the small raise (find_legal's "only the big
                 * one raises"): this one, short of the big bet, is a short all-in too. */
                counts = 0;
            }
        } else if (amount == full || (half && 2 * (amount - st->level) >= size)) {
            st->level = amount;
        } else {
            counts = 0;
        }
        if (counts) {
            st->count++;
            if (binds && st->count >= st->cap)
                st->capped = 1;
        }
    } else {
        /* A raise is measured over the current bet, the bring-in included; completing the
         * bring-in is full once it reaches the least bet, and sets the size of the next raise
         * to its increment over the bring-in, at least the least bet. */
        int64_t increment = amount - st->high;
        int completing = variant_of(st)->stud && st->street == 0 && st->level == 0;
        if (completing ? amount >= st->raise_size : increment >= st->raise_size) {
            st->raise_size = increment > st->min_bet ? increment : st->min_bet;
            /* A full completion is the round's first full bet: the seats that acted at the
             * bring-in face all of it, and may raise (their seen is what they faced). */
            if (completing)
                for (int o = 0; o < st->n; o++)
                    st->seen[o] = 0;
        }
        st->level = amount;
    }
    st->high = amount;
    st->bring_in_due = 0;
    st->seen[s] = amount;
    st->seen_count[s] = st->count;
    st->acted |= BIT(s);
    /* The other seats in with chips behind (a bit at a time over the seats in). */
    unsigned pending = 0;
    for (unsigned others = in_hand(st) & ~BIT(s); others; others &= others - 1u) {
        unsigned o = pe_lowest_bit(others);
        pending |= (unsigned)(st->stack[o] > 0) << o;
    }
    st->pending = (uint16_t)pending;
    pass_turn(st, s);
}

static int engine_fold(pe_engine_t *st)
{
    pe_engine_legal_t legal;
    int rc = actor_can(st, PE_CAN_FOLD, &legal);
    if (rc != PE_OK)
        return rc;
    int s = st->actor;
    do_fold(st);
    return s;
}

static int engine_check_call(pe_engine_t *st)
{
    pe_engine_legal_t legal;
    int rc = actor_can(st, PE_CAN_CHECK | PE_CAN_CALL, &legal);
    if (rc != PE_OK)
        return rc;
    int s = st->actor;
    do_call(st, legal.to_call);
    return s;
}

static int engine_bring_in(pe_engine_t *st)
{
    pe_engine_legal_t legal;
    int rc = actor_can(st, PE_CAN_BRING_IN, &legal);
    if (rc != PE_OK)
        return rc;
    int s = st->actor;
    do_bring_in(st);
    return s;
}

static int engine_raise_to(pe_engine_t *st, int64_t amount)
{
    pe_engine_legal_t legal;
    int rc = actor_can(st, PE_CAN_RAISE, &legal);
    if (rc != PE_OK)
        return rc;
    if (amount < legal.min_to || amount > legal.max_to)
        return PE_ERR_AMOUNT;
    if (st->limit == PE_LIMIT_FIXED && amount != legal.min_to && amount != legal.max_to)
        return PE_ERR_AMOUNT;
    int s = st->actor;
    do_raise(st, amount);
    return s;
}

/* ---- draws ---- */

/* The next seat to draw, in order from the button's left: in the hand, with its hand (not
 * mucked), not drawn yet; when none is left, the replacements are dealt. */
static void next_drawer(pe_engine_t *st)
{
    st->actor = NONE;
    for (int k = 0; k < st->n; k++) {
        int t = seat_at(st, k);
        if (!((st->folded | st->mucked | st->drawn) & BIT(t))) {
            st->actor = (uint8_t)t;
            return;
        }
    }
    st->phase = PE_PHASE_DEAL;
    st->board_owed = 0;
    advance(st);
}

static int engine_discard(pe_engine_t *st, const uint8_t *cards, size_t n, size_t *bad)
{
    size_t dummy;
    bad = bad ? bad : &dummy;
    if (st->phase != PE_PHASE_DRAW)
        return PE_ERR_PHASE;
    int s = st->actor;
    if (n > st->ncards[s]) {
        *bad = st->ncards[s];
        return PE_ERR_COUNT;
    }
    /* Which of the seat's cards go: each given id must be one it holds, each unknown one an
     * unknown card of the seat not taken yet. */
    uint8_t gone[PE_ENGINE_HOLD] = {0};
    for (size_t i = 0; i < n; i++) {
        int found = -1;
        for (int k = 0; k < st->ncards[s] && found < 0; k++)
            if (st->cards[s][k] == cards[i] && !gone[k])
                found = k;
        if (found < 0) {
            *bad = i;
            for (size_t j = 0; j < i; j++)
                if (cards[j] == cards[i] && cards[i] != NONE)
                    return PE_ERR_DUPLICATE;
            return PE_ERR_CARD;
        }
        gone[found] = 1;
    }
    int kept = 0;
    for (int k = 0; k < st->ncards[s]; k++) {
        unsigned id = st->cards[s][k];
        if (gone[k]) {
            if (id != NONE) {
                st->held &= ~(1ull << id);
                st->discards[s] |= 1ull << id;
            }
            continue;
        }
        st->cards[s][kept] = (uint8_t)id;
        kept++;
    }
    for (int k = kept; k < PE_ENGINE_HOLD; k++)
        st->cards[s][k] = NONE;
    st->ncards[s] = (uint8_t)kept;
    st->owed[s] = (uint8_t)n;
    st->fresh_cards = 1;
    st->drawn |= BIT(s);
    next_drawer(st);
    return s;
}

/* ---- dealing ---- */

static void give(pe_engine_t *st, int seat, unsigned id)
{
    st->fresh_cards = 1;
    st->dealt += st->dealt < 255;
    if (id != NONE) {
        /* A card a folded hand may still list: one that left the stub and is held by no one
         * (a history's deal after its stub was reshuffled), or any card once the stub has
         * been reshuffled here (a deck's worth dealt). */
        if ((st->folded | st->mucked) &&
            (((st->out & ~st->held) >> id & 1u) || st->dealt > 52u - variant_of(st)->deck_first))
            release(st, 1ull << id);
        st->held |= 1ull << id;
        if (!(st->out >> id & 1u)) {
            stub_remove(st, id);
            st->out |= 1ull << id;
        }
    }
    if (seat < 0) {
        st->board[st->nboard++] = (uint8_t)id;
        st->board_owed--;
        return;
    }
    const variant_t *v = variant_of(st);
    int k = st->ncards[seat]++;
    st->cards[seat][k] = (uint8_t)id;
    /* The position within this round's deal decides up or down (stud). */
    unsigned dealt = (unsigned)(st->street == 0 ? st->hole : v->deal[st->street]) - st->owed[seat];
    if (!v->draw[st->street] && (v->up[st->street] >> dealt & 1u))
        st->up[seat] |= (uint8_t)(1u << k);
    st->owed[seat]--;
}

static int engine_deal(pe_engine_t *st, int seat, const uint8_t *cards, size_t n, size_t *bad)
{
    size_t dummy;
    bad = bad ? bad : &dummy;
    *bad = 0;
    if (st->phase != PE_PHASE_DEAL)
        return PE_ERR_PHASE;
    if (seat < -1 || seat >= st->n)
        return PE_ERR_SEAT;
    unsigned owed = seat < 0 ? st->board_owed : st->owed[seat];
    if (owed == 0)
        return PE_ERR_SEAT;
    if (n == 0 || n > owed) {
        *bad = n;
        return PE_ERR_COUNT;
    }
    unsigned first = variant_of(st)->deck_first;
    uint64_t given = 0;
    /* A card that left the stub (dealt, then folded, mucked or thrown) comes back only with
     * a reshuffle, which a stub that still holds this deal's cards has not needed.  A real
     * dealer burns a card before each round's deal after the first, which hand histories do
     * not record: the stub a history was dealt from may hold one card a round fewer than this
     * one, and have been reshuffled already.  The stub counts only the known cards dealt
     * (an unknown one, "??", takes no card out of it), so every card dealt, known or not, is
     * counted too: while they fit in the deck with this deal and the burns, the stub never
     * ran out. */
    int stub_served = st->deck_left >= n + st->street && (unsigned)st->dealt + n + st->street <= 52u - first;
    uint64_t gone = stub_served ? st->out : st->held;
    if (seat >= 0 && variant_of(st)->draw[st->street])
        gone |= st->discards[seat]; /* no seat is dealt a card it threw in this draw */
    for (size_t i = 0; i < n; i++) {
        unsigned id = cards[i];
        *bad = i;
        /* The board is face up: an unknown board card could never be shown, and the
         * showdown would evaluate PE_ENGINE_NO_CARD as a card (past every table's end). */
        if (id == NONE && seat < 0)
            return PE_ERR_CARD;
        if (id == NONE)
            continue;
        if (id >= 52 || id < first)
            return PE_ERR_CARD;
        uint64_t bit = 1ull << id;
        if ((gone | st->held | given) & bit)
            return PE_ERR_DUPLICATE;
        given |= bit;
    }
    for (size_t i = 0; i < n; i++)
        give(st, seat, cards[i]);
    advance(st);
    return seat < 0 ? PE_ENGINE_SEATS : seat;
}

static void deal_next_random(pe_engine_t *st, uint8_t *cards, size_t *n)
{
    int seat = -1;
    for (int k = 0; k < st->n && seat < 0; k++)
        if (st->owed[seat_at(st, k)])
            seat = seat_at(st, k);
    unsigned count = seat < 0 ? st->board_owed : st->owed[seat];
    for (unsigned i = 0; i < count; i++) {
        unsigned id = draw_card(st, seat);
        if (cards)
            cards[i] = (uint8_t)id;
        give(st, seat, id);
    }
    if (n)
        *n = count;
}

/* Everything owed, in the order pe_engine_deal_random would deal it (seats from the button's
 * left, then the board), drawing the same cards. */
static void deal_all_random(pe_engine_t *st)
{
    const variant_t *v = variant_of(st);
    unsigned need = st->board_owed;
    for (int s = 0; s < st->n; s++)
        need += st->owed[s];
    if (!v->draw[st->street] && v->up[st->street] == 0 && need <= st->deck_left) {
        /* Every card face down and the stub deep enough (every street of the board games):
         * what give() does for such a card, without its cases.  The same cards, in the same
         * order.  The generator, the stub's length and the cards taken live in locals: stores
         * of card bytes through st would otherwise reload them for every card. */
        pe_rng_t rng = {{st->rng[0], st->rng[1], st->rng[2], st->rng[3]}};
        unsigned left = st->deck_left, dealt = st->dealt + need;
        st->dealt = (uint8_t)(dealt < 255 ? dealt : 255);
        uint64_t taken = 0;
        for (int k = 0, seat = seat_at(st, 0); k < st->n && need > st->board_owed; k++, seat = next_seat(st, seat)) {
            unsigned have = st->ncards[seat], owed = st->owed[seat];
            if (owed == 0)
                continue;
            need -= owed;
            for (; owed > 0; owed--) {
                unsigned id = stub_take(st->deck, &left, &rng);
                taken |= 1ull << id;
                st->cards[seat][have++] = (uint8_t)id;
            }
            st->ncards[seat] = (uint8_t)have;
            st->owed[seat] = 0;
        }
        unsigned on_board = st->nboard;
        for (unsigned owed = st->board_owed; owed > 0; owed--) {
            unsigned id = stub_take(st->deck, &left, &rng);
            taken |= 1ull << id;
            st->board[on_board++] = (uint8_t)id;
        }
        st->nboard = (uint8_t)on_board;
        st->board_owed = 0;
        st->deck_left = (uint8_t)left;
        st->out |= taken;
        st->held |= taken;
        /* Word by word, from the registers the generator ran in: a memcpy of the local
         * spills it to the stack in words and reads it back in 16-byte pieces, which stalls
         * (a load that spans two pending stores cannot take its data from them). */
        for (int k = 0; k < 4; k++)
            st->rng[k] = rng.s[k];
        st->fresh_cards = 1;
        return;
    }
    for (int k = 0; k < st->n; k++) {
        int seat = seat_at(st, k);
        for (unsigned count = st->owed[seat]; count > 0; count--)
            give(st, seat, draw_card(st, seat));
    }
    for (unsigned count = st->board_owed; count > 0; count--)
        give(st, -1, draw_card(st, -1));
}

static int engine_deal_random(pe_engine_t *st, uint8_t *cards, size_t *n)
{
    if (st->phase != PE_PHASE_DEAL || !deal_owed(st))
        return PE_ERR_PHASE;
    int seat = -1;
    for (int k = 0; k < st->n && seat < 0; k++)
        if (st->owed[seat_at(st, k)])
            seat = seat_at(st, k);
    deal_next_random(st, cards, n);
    advance(st);
    return seat < 0 ? PE_ENGINE_SEATS : seat;
}

/* ---- showing ---- */

/* The hand ended at a showdown the engine settled: two or more seats were still in (a muck
 * after the end leaves a seat in; see engine_show). */
static int showdown_was_settled(const pe_engine_t *st)
{
    return st->phase == PE_PHASE_DONE && two_or_more(all_seats(st) & ~(st->folded | st->mucked));
}

/* Seat won, or shared, some pot at the settled showdown: it is among the best high hands of
 * a pot with a high half in chips, or among the best lows of a pot with a low half in chips
 * (a hi-lo pot too small to halve is all high).  The chips of an uncalled bet that came back
 * are no pot: a seat paid only those won nothing.  A pot the seat alone could win (the other
 * seats that put chips in it folded) counts: its hand was paid it, and a muck gives up every
 * pot. */
static int won_at_showdown(const pe_engine_t *st, int seat)
{
    pe_settlement_t out;
    if (fill_settlement(st, &out) != PE_OK)
        return 0; /* cannot fail once the hand was settled */
    for (size_t k = 0; k < out.n_pots; k++) {
        const pe_pot_t *pot = &out.pots[k];
        if ((pot->winners >> seat & 1u) && pot->amount > pot->low_amount)
            return 1;
        if ((pot->low_winners >> seat & 1u) && pot->low_amount > 0)
            return 1;
    }
    return 0;
}

/* No more chips can go in: the showdown or the end, or, between rounds, at most one seat in
 * has chips and no seat owes a call (before the first round is dealt, the one seat with chips
 * may still owe one to a blind that put another seat all in).  Only then may a hand be shown
 * or mucked (engine_show), so only then does a state hold a muck (pe_engine_check). */
static int betting_over(const pe_engine_t *st)
{
    return st->phase == PE_PHASE_SHOWDOWN || st->phase == PE_PHASE_DONE ||
           (st->phase != PE_PHASE_BET && with_chips(st) <= 1 && actors(st) == 0);
}

static int engine_show(pe_engine_t *st, int seat, const uint8_t *cards, size_t n, size_t *bad)
{
    size_t dummy;
    bad = bad ? bad : &dummy;
    *bad = 0;
    if (seat < 0 || seat >= st->n)
        return PE_ERR_SEAT;
    if (!betting_over(st))
        return PE_ERR_PHASE;
    if ((st->folded | st->mucked) & BIT(seat))
        return PE_ERR_SEAT;
    if (st->tabled & BIT(seat))
        return PE_ERR_SEAT; /* a history holds one show or muck a seat: its hand is shown */
    if (showdown_was_settled(st)) {
        /* After a settled showdown every hand still in was on the table (shown).  A seat
         * whose hand lost may muck it still (histories record a loser's muck after the
         * showdown; it changes no payout), once: the hand leaves the table, and can neither
         * be shown again nor mucked twice.  A hand that won or shared a pot cannot be mucked:
         * a muck gives up every claim to the pots, so the history would pay another seat.
         * Nor can a hand its seat showed by its own move: cards tabled stay tabled (and a
         * history cannot hold a seat's show and its muck). */
        if (!(st->shown & BIT(seat)))
            return PE_ERR_SEAT; /* mucked after the showdown already */
        if (n == 0) {
            if ((st->tabled & BIT(seat)) || won_at_showdown(st, seat))
                return PE_ERR_SEAT; /* shown by the seat itself, or paid */
            st->shown &= (uint16_t)~BIT(seat);
            return seat;
        }
    }
    if (n == 0) {
        if (st->phase == PE_PHASE_DONE)
            return PE_ERR_SEAT; /* no showdown: the one seat left took the pot with its hand
                                 * unseen, so there is nothing to muck (PokerKit reads no muck
                                 * there; the seat may show it, once) */
        if (st->shown & BIT(seat))
            return PE_ERR_SEAT; /* a hand shown is on the table: it cannot be taken back */
        /* Some other seat still in must be left to win the pots: one that put chips in (the
         * settlement's contenders; no more chips can go in once betting is over). */
        uint16_t others = all_seats(st) & ~(st->folded | st->mucked | BIT(seat));
        int64_t chips_in = 0;
        for (int s = 0; s < st->n; s++)
            if (others & BIT(s))
                chips_in |= st->live[s] | st->dead[s];
        if (!others || !chips_in)
            return PE_ERR_SEAT;
        st->mucked |= BIT(seat);
        for (int k = 0; k < st->ncards[seat]; k++)
            if (st->cards[seat][k] != NONE)
                st->held &= ~(1ull << st->cards[seat][k]);
        /* A seat that gave up its hand is dealt no more: nor the rest of a street's cards,
         * nor the replacements of a discard already made. */
        st->owed[seat] = 0;
        if (st->phase == PE_PHASE_SHOWDOWN)
            try_settle(st);
        else if (st->phase == PE_PHASE_DRAW && st->actor == seat)
            next_drawer(st); /* a seat that gave up its hand draws no more */
        else if (st->phase == PE_PHASE_DEAL)
            advance(st); /* the deal may be complete without it */
        return seat;
    }
    if (n != st->ncards[seat]) {
        *bad = n;
        return PE_ERR_COUNT;
    }
    /* Each known card of the seat must be shown; the other shown cards fill its unknown
     * slots, in order. */
    uint8_t matched[PE_ENGINE_HOLD] = {0};
    uint8_t fresh[PE_ENGINE_HOLD];
    size_t nfresh = 0;
    unsigned first = variant_of(st)->deck_first;
    uint64_t given = 0;
    /* An unknown card was dealt from the stub, so it is none of the cards that left it (dealt
     * to another seat that folded or mucked them) unless the stub ran out and was made again
     * from them.  Without draws every card dealt is counted (known or not, the folded hands'
     * too, and a burn a round): while they fit in the deck the stub never ran out.  In a draw
     * game an unknown discard leaves no count behind, so only the cards held are refused. */
    const variant_t *v = variant_of(st);
    uint64_t gone = st->held;
    int draws = 0;
    for (int k = 0; k < v->streets; k++)
        draws |= v->draw[k];
    if (!draws) {
        unsigned dealt = st->nboard + st->street;
        for (int s = 0; s < st->n; s++)
            dealt += st->ncards[s];
        if (dealt <= 52u - v->deck_first)
            gone = st->out;
    } else {
        /* A draw never deals a seat a card it threw in that draw (the stub made again keeps
         * them out), and no later deal came; and while every card dealt, known or not, with a
         * burn a round, fits in the deck, no card that left the stub (a seat's discards, a
         * folded hand) came back. */
        gone |= st->discards[seat];
        if ((unsigned)st->dealt + st->street <= 52u - v->deck_first)
            gone = st->out;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned id = cards[i];
        *bad = i;
        if (id == NONE) {
            fresh[nfresh++] = NONE;
            continue;
        }
        if (id >= 52 || id < first)
            return PE_ERR_CARD;
        if (given >> id & 1u)
            return PE_ERR_DUPLICATE;
        given |= 1ull << id;
        int k = 0;
        while (k < st->ncards[seat] && st->cards[seat][k] != id)
            k++;
        if (k < st->ncards[seat]) {
            matched[k] = 1;
            continue;
        }
        if ((st->held | gone) >> id & 1u)
            return PE_ERR_DUPLICATE;
        fresh[nfresh++] = (uint8_t)id;
    }
    for (int k = 0; k < st->ncards[seat]; k++) {
        if (st->cards[seat][k] != NONE && !matched[k]) {
            *bad = (size_t)k;
            return PE_ERR_CARD; /* a known card of the seat was not shown */
        }
    }
    size_t next = 0;
    st->fresh_cards = 1;
    for (int k = 0; k < st->ncards[seat]; k++) {
        if (st->cards[seat][k] != NONE)
            continue;
        unsigned id = fresh[next++];
        st->cards[seat][k] = (uint8_t)id;
        if (id != NONE) {
            st->held |= 1ull << id;
            if (!(st->out >> id & 1u)) {
                stub_remove(st, id);
                st->out |= 1ull << id;
            }
        }
    }
    /* A hand shown stays on the table; one shown as unknown cards (a history that does not
     * know them) put nothing there: its seat may still show them, or muck. */
    int whole = 1;
    for (int k = 0; k < st->ncards[seat]; k++)
        whole &= st->cards[seat][k] != NONE;
    if (whole) {
        st->shown |= BIT(seat);
        st->tabled |= BIT(seat);
    }
    if (st->phase == PE_PHASE_SHOWDOWN)
        try_settle(st);
    return seat;
}

static int engine_settlement(const pe_engine_t *st, pe_settlement_t *out)
{
    if (st->phase != PE_PHASE_DONE)
        return PE_ERR_PHASE;
    return fill_settlement(st, out);
}

static int64_t engine_uncalled(const pe_engine_t *st, int *seat)
{
    size_t maker;
    int64_t with_antes[PE_ENGINE_SEATS];
    const int64_t *dead;
    int64_t back = pe_uncalled(st->n, settled_chips(st, with_antes, &dead), &maker); /* the settlement's chips */
    if (back > 0 && st->phase != PE_PHASE_DONE) {
        /* Not final while a seat may still put chips in: another seat with chips, or the top
         * contributor itself, owing a call or a bring-in (an ante counted it above a blind it
         * has yet to call). */
        if (st->bring_in_due || (actors(st) >> maker & 1u))
            back = 0;
        for (int s = 0; s < st->n && back > 0; s++)
            if (s != (int)maker && !(st->folded >> s & 1u) && st->stack[s] > 0)
                back = 0;
    }
    *seat = back > 0 ? (int)maker : -1;
    return back;
}

/* ---- starting a hand ---- */

static int bad_rule(int *field, int which)
{
    if (field)
        *field = which;
    return PE_ERR_RULES;
}

static int bad_seat(int *field, int which, int seat)
{
    return bad_rule(field, which | seat << 8);
}

int pe_engine_variant(int variant, pe_engine_variant_t *out)
{
    if (variant < 0 || variant >= PE_NUM_VARIANTS || out == NULL)
        return PE_ERR_ARG;
    const variant_t *v = &VARIANTS[variant];
    int omaha = variant == PE_VAR_OMAHA || variant == PE_VAR_OMAHA_HILO;
    out->game = v->game;
    out->streets = v->streets;
    out->draws = 0;
    out->small_rounds = 0;
    for (int k = 0; k < v->streets; k++) {
        out->draws += v->draw[k];
        out->small_rounds += !v->big[k];
    }
    out->min_seats = 2;
    out->hole_min = v->deal[0];
    out->hole_max = omaha ? 6 : v->deal[0];
    int most = v->max_seats;
    if (!v->stud && !v->draw[1]) {
        int fit = (52 - v->deck_first - 5) / v->deal[0];
        most = fit < most ? fit : most;
    }
    out->max_seats = most;
    out->deck_first = v->deck_first;
    out->stud = v->stud;
    return PE_OK;
}

/* The seats of the small and the big blind: heads-up the button posts the small blind, else
 * the seat on its left; the big blind sits next. */
static void blind_seats(const pe_engine_rules_t *r, int *sb, int *bb)
{
    *sb = r->seats == 2 ? r->button : (r->button + 1) % r->seats;
    *bb = (*sb + 1) % r->seats;
}

/* The big blind, for the defaults of min_bet and the bets: with blinds given seat by seat,
 * the larger of the two posted in the blinds' places (a straddle after them is not it). */
static int64_t big_forced(const pe_engine_rules_t *r)
{
    if (!(r->flags & PE_RULE_SEAT_BLINDS))
        return r->big_blind;
    int sb, bb;
    blind_seats(r, &sb, &bb);
    return r->seat_blinds[sb] > r->seat_blinds[bb] ? r->seat_blinds[sb] : r->seat_blinds[bb];
}

/* The least first bet of a round: fixed-limit's small bet, else the least bet (both the big
 * blind unless given; with no blind, twice the bring-in, or 1). */
static int64_t least_bet(const pe_engine_rules_t *r)
{
    int64_t big = big_forced(r), given = r->limit == PE_LIMIT_FIXED ? r->small_bet : r->min_bet;
    return given ? given : (big ? big : (r->bring_in ? 2 * r->bring_in : 1));
}

static void forced_bets(const pe_engine_rules_t *r, int64_t *blinds, int64_t *antes);

/* A fixed-limit straddle is a blind raise, so it stands on a bet level: one bet (the small bet)
 * above the forced bet before it, or the small bet itself over a big blind below it (a kill:
 * blinds 2-4 in an 8-16 game and a kill blind of 8).  A straddle of 3 over blinds 1-2 in a 2-4
 * game set the raises at 5, 7, 9, and one of 8 over 4 counted two bets as one of the cap.  The
 * straddles are the forced bets above the big blind's outside the blinds' places, in posting
 * order from the big blind's left, whether given as straddles or seat by seat (the start reads
 * them so too); a post no higher than the bet before it raises nothing.  The index of the
 * first that stands on no level (in the straddles, or the seat given seat by seat), or -1.
 * The other rules are checked before. */
static int fixed_straddles_bad(const pe_engine_rules_t *r)
{
    if (VARIANTS[r->variant].stud)
        return -1;
    int64_t forced[PE_ENGINE_SEATS], antes[PE_ENGINE_SEATS];
    forced_bets(r, forced, antes);
    int n = r->seats, sb, bb;
    blind_seats(r, &sb, &bb);
    int64_t step = least_bet(r), high = forced[sb] > forced[bb] ? forced[sb] : forced[bb];
    for (int k = 1, i = 0; k < n; k++) {
        int s = (bb + k) % n;
        if (s == sb || forced[s] <= high)
            continue;
        if (forced[s] != high + step && !(high < step && forced[s] == step))
            return (r->flags & PE_RULE_SEAT_BLINDS) ? s : i;
        high = forced[s];
        i++;
    }
    return -1;
}

static int check_rules(const pe_engine_rules_t *r, int *field)
{
    if (r->variant < 0 || r->variant >= PE_NUM_VARIANTS)
        return bad_rule(field, PE_FIELD_VARIANT);
    const variant_t *v = &VARIANTS[r->variant];
    if (r->limit < PE_LIMIT_NO || r->limit > PE_LIMIT_FIXED)
        return bad_rule(field, PE_FIELD_LIMIT);
    int hole = v->deal[0];
    if (r->variant == PE_VAR_OMAHA || r->variant == PE_VAR_OMAHA_HILO) {
        hole = r->hole_cards ? r->hole_cards : 4;
        if (hole < 4 || hole > 6)
            return bad_rule(field, PE_FIELD_HOLE);
    } else if (r->hole_cards != 0 && r->hole_cards != hole) {
        return bad_rule(field, PE_FIELD_HOLE);
    }
    /* Seats: the variant's most, and no more than the deck can serve (Omaha: the hole cards
     * and a full board). */
    int most = v->max_seats;
    if (!v->stud && !v->draw[1]) {
        int fit = (52 - v->deck_first - 5) / hole;
        most = fit < most ? fit : most;
    }
    if (r->seats < 2 || r->seats > most)
        return bad_rule(field, PE_FIELD_SEATS);
    if (r->button < 0 || r->button >= r->seats)
        return bad_rule(field, PE_FIELD_BUTTON);
    for (int s = 0; s < r->seats; s++)
        if (r->stacks[s] <= 0 || r->stacks[s] > PE_ENGINE_MAX_CHIPS)
            return bad_seat(field, PE_FIELD_STACK, s);
    int64_t top = PE_ENGINE_MAX_CHIPS;
    int64_t forced = 0;
    if (v->stud) {
        if (r->small_blind || r->big_blind || r->n_straddles || r->bb_ante ||
            (r->flags & PE_RULE_SEAT_BLINDS))
            return bad_rule(field, PE_FIELD_BLINDS);
        if (r->bring_in < 0 || r->bring_in > top)
            return bad_rule(field, PE_FIELD_BRING_IN);
        forced += r->bring_in;
    } else {
        if (r->bring_in)
            return bad_rule(field, PE_FIELD_BRING_IN);
        if (r->flags & PE_RULE_SEAT_BLINDS) {
            if (r->small_blind || r->big_blind || r->n_straddles)
                return bad_rule(field, PE_FIELD_BLINDS);
            for (int s = 0; s < r->seats; s++) {
                if (r->seat_blinds[s] < 0 || r->seat_blinds[s] > top)
                    return bad_seat(field, PE_FIELD_BLINDS, s);
                forced += r->seat_blinds[s];
            }
        } else {
            if (r->small_blind < 0 || r->big_blind < 0 || r->small_blind > top || r->big_blind > top ||
                (r->big_blind && r->small_blind > r->big_blind))
                return bad_rule(field, PE_FIELD_BLINDS);
            if (r->n_straddles < 0 || r->n_straddles > r->seats - 2 || (r->n_straddles && !r->big_blind))
                return bad_rule(field, PE_FIELD_STRADDLES);
            int64_t previous = r->big_blind;
            for (int i = 0; i < r->n_straddles; i++) {
                if (r->straddles[i] <= previous || r->straddles[i] > top)
                    return bad_seat(field, PE_FIELD_STRADDLES, i);
                previous = r->straddles[i];
            }
            forced += r->small_blind + r->big_blind;
        }
    }
    if (r->flags & PE_RULE_SEAT_ANTES) {
        if (r->ante || r->bb_ante)
            return bad_rule(field, PE_FIELD_ANTE);
        for (int s = 0; s < r->seats; s++) {
            if (r->seat_antes[s] < 0 || r->seat_antes[s] > top)
                return bad_seat(field, PE_FIELD_ANTE, s);
            forced += r->seat_antes[s];
        }
    } else {
        if (r->ante < 0 || r->bb_ante < 0 || r->ante > top || r->bb_ante > top)
            return bad_rule(field, PE_FIELD_ANTE);
        if (r->bb_ante && !r->big_blind)
            return bad_rule(field, PE_FIELD_ANTE);
        forced += r->ante + r->bb_ante;
    }
    if (forced == 0)
        return bad_rule(field, PE_FIELD_FORCED);
    /* The bring-in is less than a full bet under every limit: completing it is a raise. */
    if (v->stud && r->bring_in && r->bring_in >= least_bet(r))
        return bad_rule(field, PE_FIELD_BRING_IN);
    /* The cap plays in fixed-limit alone, but is checked under every limit: a rule given out
     * of range is a mistake whichever limit reads it. */
    if (r->cap < 0 || r->cap > 255)
        return bad_rule(field, PE_FIELD_CAP);
    if (r->limit == PE_LIMIT_FIXED) {
        if (r->small_bet < 0 || r->big_bet < 0 || r->small_bet > top || r->big_bet > top ||
            (r->big_bet && r->big_bet < least_bet(r))) /* the big bet is no smaller than the small */
            return bad_rule(field, PE_FIELD_BETS);
        int bad = fixed_straddles_bad(r);
        if (bad >= 0)
            return bad_seat(field, PE_FIELD_STRADDLES, bad);
    } else if (r->min_bet < 0 || r->min_bet > top || r->small_bet || r->big_bet) {
        return bad_rule(field, r->min_bet < 0 || r->min_bet > top ? PE_FIELD_MIN_BET : PE_FIELD_BETS);
    }
    return PE_OK;
}

/* Every seat's forced bets under checked rules: the blinds in their seats (blind_seats), then
 * the straddles in turn. */
static void forced_bets(const pe_engine_rules_t *r, int64_t *blinds, int64_t *antes)
{
    const variant_t *v = &VARIANTS[r->variant];
    int n = r->seats, sb, bb;
    blind_seats(r, &sb, &bb);
    for (int s = 0; s < PE_ENGINE_SEATS; s++)
        blinds[s] = antes[s] = 0;
    if (!v->stud) {
        if (r->flags & PE_RULE_SEAT_BLINDS) {
            for (int s = 0; s < n; s++)
                blinds[s] = r->seat_blinds[s];
        } else {
            blinds[sb] = r->small_blind;
            blinds[bb] = r->big_blind;
            for (int i = 0, s = (bb + 1) % n; i < r->n_straddles; i++, s = (s + 1) % n)
                blinds[s] = r->straddles[i];
        }
    }
    for (int s = 0; s < n; s++)
        antes[s] = (r->flags & PE_RULE_SEAT_ANTES) ? r->seat_antes[s] : r->ante + (s == bb && !v->stud ? r->bb_ante : 0);
}

int pe_engine_forced(const pe_engine_rules_t *rules, int64_t *blinds, int64_t *antes, int *field)
{
    int rc = check_rules(rules, field);
    if (rc == PE_OK)
        forced_bets(rules, blinds, antes);
    return rc;
}

/* Start a hand under rules already checked. */
static void start_checked(pe_engine_t *st, const pe_engine_rules_t *r, const pe_rng_t *rng, int auto_deal)
{
    const variant_t *v = &VARIANTS[r->variant];
    memset(st, 0, sizeof *st);
    memset(st->cards, NONE, sizeof st->cards);
    memset(st->board, NONE, sizeof st->board);
    st->variant = (uint8_t)r->variant;
    st->game = v->game;
    st->limit = (uint8_t)r->limit;
    st->n = (uint8_t)r->seats;
    st->button = (uint8_t)r->button;
    st->hole = (uint8_t)(r->variant == PE_VAR_OMAHA || r->variant == PE_VAR_OMAHA_HILO
                             ? (r->hole_cards ? r->hole_cards : 4)
                             : v->deal[0]);
    st->cap = (uint8_t)(r->limit == PE_LIMIT_FIXED ? r->cap : 0);
    /* Only the flags that can matter here are kept, so hands under the same rules compare equal. */
    st->flags = (uint8_t)((r->limit == PE_LIMIT_FIXED ? r->flags & (PE_RULE_UNCAPPED_HEADS_UP | PE_RULE_HALF_BET) : 0) |
                          (r->variant == PE_VAR_STUD && r->limit == PE_LIMIT_FIXED ? r->flags & PE_RULE_OPEN_PAIR : 0) |
                          (r->flags & PE_RULE_ANTES_DEAD));
    st->auto_deal = auto_deal != 0;
    st->streets = v->streets;
    st->actor = NONE;
    memcpy(st->rng, rng->s, sizeof st->rng);
    st->bring_in = r->bring_in;
    st->min_bet = least_bet(r);
    if (r->limit == PE_LIMIT_FIXED) {
        st->small_bet = st->min_bet;
        st->big_bet = r->big_bet ? r->big_bet : 2 * st->small_bet;
    }
    for (unsigned id = v->deck_first; id < 52; id++)
        st->deck[st->deck_left++] = (uint8_t)id;

    int n = st->n;
    for (int s = 0; s < n; s++)
        st->stack[s] = r->stacks[s];

    int64_t forced[PE_ENGINE_SEATS], antes[PE_ENGINE_SEATS];
    forced_bets(r, forced, antes);
    for (int s = 0; s < n; s++) {
        st->dead[s] = min64(antes[s], st->stack[s]);
        st->stack[s] -= st->dead[s];
        st->pot += st->dead[s];
        put_in(st, s, min64(forced[s], st->stack[s]));
        if (st->bet[s] > st->high)
            st->high = st->bet[s];
    }
    /* Preflop the size of the next raise is found by walking the forced bets as posted, in
     * turn from the small blind, each measured over the current bet before it, as a raise
     * is.  A straddle posted in full is no raise but the round's new opening bet (Robert's
     * Rules: "a straddle bet sets a new minimum bring-in, and is not treated as a raise"),
     * so the next raise is at least its whole amount: blinds 1-2 and a straddle of 4 raise to
     * 8, of 5 to 10.  Any other post a full raise over the current bet (the least bet at
     * least) sets the size to its step; one short of that is an all-in that leaves the size
     * as it was.  A blind posted short leaves the least bet as the size.  The others owe
     * what was posted (the current bet is the largest posted), as PokerKit and online rooms
     * play it; the live rule that they owe the whole blind is not played here
     * (docs/engine.md).  Blinds 1-2 and straddles 4 and 8 give 8; the 8 posted as 3 leaves 4
     * (the 4's). */
    int sb, bb;
    blind_seats(r, &sb, &bb);
    /* The seats of straddles posted in full: forced bets above the big blind's outside the
     * blinds' places (a post of the big blind's size, a new player's, raises nothing). */
    int64_t big = forced[sb] > forced[bb] ? forced[sb] : forced[bb];
    int64_t current = 0, full_step = st->min_bet;
    for (int k = 0; k < n; k++) {
        int s = (sb + k) % n;
        int64_t posted = st->bet[s];
        if (s != sb && s != bb && forced[s] > big && posted >= forced[s]) {
            full_step = posted > full_step ? posted : full_step;
            current = posted;
        } else if (posted > current) {
            if (posted - current >= full_step)
                full_step = posted - current;
            current = posted;
        }
    }
    st->level = st->high;
    if (st->limit == PE_LIMIT_FIXED) {
        st->raise_size = st->small_bet;
        /* The level the next raise stands on, and the bets of the cap, from the forced bets
         * walked in turn as raises made by hand (do_raise).  A blind sets the level to what it
         * posted, short or not (the others call what it posted).  A straddle posted in full
         * sets it.  One posted short is an all-in measured over the level: a bet or more over
         * it is a full bet (to the level plus the bet; any more is a short all-in over that),
         * less is a short all-in that moves the level no further (blinds 2-4, bets 4-8 and a
         * straddle of 8 posted as 5: the next raise goes to 8, not 9), unless half_bet_all_in
         * makes it a full bet, half a bet or more over the level.  A bet of the cap is a post
         * in full a full bet above the last one counted (the big blind first; a blind equal to
         * another is the same bet), or such a full bet posted short; a blind posted short, or
         * not at all (its seat all in on its ante), completes nothing. */
        int half = (st->flags & PE_RULE_HALF_BET) != 0;
        int64_t level = 0, counted = 0, bet = st->small_bet;
        for (int k = 0; k < n; k++) {
            int s = (sb + k) % n;
            int64_t posted = st->bet[s];
            if (posted <= level)
                continue;
            int in_full = posted >= forced[s], blind = s == sb || s == bb;
            if (in_full || blind) {
                if (in_full && posted >= counted + bet) {
                    st->count++;
                    counted = posted;
                }
                level = posted;
            } else if (posted >= level + bet) {
                st->count++;
                counted = level = level + bet;
            } else if (half && 2 * (posted - level) >= bet) {
                st->count++;
                counted = level = posted;
            }
        }
        st->level = level;
        st->capped = (uint8_t)(st->cap && st->count >= st->cap && cap_binds(st)); /* the forced bets reach it */
    } else {
        st->raise_size = full_step;
    }
    begin_street(st, 0);
    advance(st);
}

static int start_with(pe_engine_t *st, const pe_engine_rules_t *r, const pe_rng_t *rng, int auto_deal, int *field)
{
    int rc = check_rules(r, field);
    if (rc == PE_OK)
        start_checked(st, r, rng, auto_deal);
    return rc;
}

int pe_engine_start(pe_engine_t *st, const pe_engine_rules_t *rules, uint64_t seed, int auto_deal, int *field)
{
    pe_rng_t rng;
    pe_rng_seed(&rng, seed);
    return start_with(st, rules, &rng, auto_deal, field);
}

/* ---- many tables ---- */

/* A generator of its own for item `index` of a run seeded by `seed`: the index is hashed in,
 * so neighbouring items get unrelated streams. */
static void seed_item(pe_rng_t *rng, uint64_t seed, uint64_t index)
{
    uint64_t x = index;
    uint64_t mixed = pe_splitmix64(&x) ^ seed;
    pe_rng_seed(rng, mixed);
}

static size_t action_count(size_t nsizes)
{
    return 4 + nsizes;
}

/* A mask of the seven discrete actions as the bytes of a row of Tables' mask: byte k is bit k. */
#if PE_TABLES_MAX_SIZES + 4 > 7
#error "MASK_BYTES holds rows of up to seven actions"
#endif
#define MASK_ROW(m)                                                                                   \
    {(m) & 1, (m) >> 1 & 1, (m) >> 2 & 1, (m) >> 3 & 1, (m) >> 4 & 1, (m) >> 5 & 1, (m) >> 6 & 1, 0}
#define MASK_ROWS4(m) MASK_ROW(m), MASK_ROW((m) + 1), MASK_ROW((m) + 2), MASK_ROW((m) + 3)
#define MASK_ROWS16(m) MASK_ROWS4(m), MASK_ROWS4((m) + 4), MASK_ROWS4((m) + 8), MASK_ROWS4((m) + 12)
static const uint8_t MASK_BYTES[128][8] = {MASK_ROWS16(0),  MASK_ROWS16(16), MASK_ROWS16(32), MASK_ROWS16(48),
                                           MASK_ROWS16(64), MASK_ROWS16(80), MASK_ROWS16(96), MASK_ROWS16(112)};

/* The discrete actions the actor may take, as bits. */
static unsigned discrete_mask(const pe_engine_legal_t *legal, size_t nsizes)
{
    unsigned mask = 0;
    if (legal->phase != PE_PHASE_BET)
        return 0;
    if (legal->moves & PE_CAN_FOLD)
        mask |= 1u;
    if (legal->moves & (PE_CAN_CHECK | PE_CAN_CALL | PE_CAN_BRING_IN))
        mask |= 2u;
    unsigned raises = 0u - (unsigned)((legal->moves & PE_CAN_RAISE) != 0); /* all ones, or none */
    return mask | ((((1u << (nsizes + 2)) - 1u) << 2) & raises);
}

/* The raise-to amount of discrete action `a` (2 and up). */
static int64_t discrete_amount(const pe_engine_t *st, const pe_engine_legal_t *legal, unsigned a,
                               const double *sizes, size_t nsizes)
{
    if (a == 2)
        return legal->min_to;
    if (a >= 3 + nsizes)
        return legal->max_to;
    if (st->limit == PE_LIMIT_FIXED)
        return legal->min_to;
    double after_call = (double)(legal->pot + legal->to_call);
    double amount = (double)st->high + sizes[a - 3] * after_call;
    if (!(amount >= (double)legal->min_to))
        return legal->min_to;
    if (amount >= (double)legal->max_to)
        return legal->max_to;
    return (int64_t)amount;
}

/* Play discrete action `a` (or, in a draw, discard the cards of mask `a`), legal by `legal`. */
static void play_discrete(pe_engine_t *st, const pe_engine_legal_t *legal, unsigned a, const double *sizes,
                          size_t nsizes)
{
    if (legal->phase == PE_PHASE_DRAW) {
        uint8_t cards[PE_ENGINE_HOLD];
        size_t n = 0;
        int s = st->actor;
        for (int k = 0; k < st->ncards[s]; k++)
            if (a >> k & 1u)
                cards[n++] = st->cards[s][k];
        engine_discard(st, cards, n, NULL);
        return;
    }
    if (a == 0)
        do_fold(st);
    else if (a == 1)
        (legal->moves & PE_CAN_BRING_IN) ? do_bring_in(st) : do_call(st, legal->to_call);
    else
        do_raise(st, discrete_amount(st, legal, a, sizes, nsizes));
}

static void clear_row(int64_t *row, int seats)
{
    for (int s = 0; s < seats; s++)
        row[s] = 0;
}

/* Write table i's row of `out`.  `known`, when not NULL, is what find_legal would find for
 * the table now (a hand just begun from next_hand's state). */
static inline void write_out(pe_engine_t *st, size_t i, size_t nsizes, const pe_tables_out_t *out,
                             const pe_engine_legal_t *known)
{
    pe_engine_legal_t scratch;
    pe_engine_legal_t *view = out->views ? &out->views[i] : &scratch;
    if (known)
        *view = *known;
    else
        find_legal(st, view);
    const size_t seats = st->n; /* rows as wide as the table: the fewest bytes to move */
    if (st->fresh_cards) {
        /* A seat at a time, each a fixed-size copy (a copy of variable size is a string
         * instruction, slow to start). */
        for (size_t s = 0; s < seats; s++) {
            if (out->hole)
                memcpy(out->hole + (i * seats + s) * PE_ENGINE_HOLD, st->cards[s], PE_ENGINE_HOLD);
            if (out->up)
                out->up[i * seats + s] = st->up[s];
        }
        if (out->board)
            memcpy(out->board + i * PE_ENGINE_BOARD, st->board, PE_ENGINE_BOARD);
        st->fresh_cards = 0;
    }
    int64_t *stacks = out->stacks ? out->stacks + i * seats : NULL;
    int64_t *bets = out->bets ? out->bets + i * seats : NULL;
    /* Two seats a copy (one 16-byte move; a table has two seats or more), and the last seat
     * of an odd row alone. */
    size_t s = 0;
    do {
        if (stacks)
            memcpy(stacks + s, st->stack + s, 2 * sizeof *stacks);
        if (bets)
            memcpy(bets + s, st->bet + s, 2 * sizeof *bets);
        s += 2;
    } while (s + 2 <= seats);
    if (s < seats) {
        if (stacks)
            stacks[s] = st->stack[s];
        if (bets)
            bets[s] = st->bet[s];
    }
    if (out->pot)
        out->pot[i] = view->pot;
    if (out->actor)
        out->actor[i] = (int8_t)view->actor;
    if (out->street)
        out->street[i] = (int8_t)st->street;
    if (out->phase)
        out->phase[i] = (int8_t)st->phase;
    if (out->folded)
        out->folded[i] = (uint16_t)(st->folded | st->mucked);
    unsigned mask = discrete_mask(view, nsizes);
    if (out->mask) {
        /* 4..7 bytes, as two 4-byte copies that overlap (the row is 4 + nsizes long). */
        size_t count = action_count(nsizes);
        uint8_t *row = out->mask + i * count;
        memcpy(row, MASK_BYTES[mask], 4);
        memcpy(row + count - 4, MASK_BYTES[mask] + count - 4, 4);
    }
    out->legal[i] = (uint8_t)(st->phase == PE_PHASE_DRAW ? 128u + st->ncards[st->actor] : mask);
}

int pe_tables_check(const uint8_t *legal, const uint8_t *actions, size_t count, size_t *bad)
{
    for (size_t i = 0; i < count; i++) {
        unsigned bits = legal[i], a = actions[i];
        int ok = bits & 128u ? a < (1u << (bits & 7u)) : a < 8u && (bits >> a & 1u);
        if (!ok) {
            if (bad)
                *bad = i;
            return PE_ERR_MOVE;
        }
    }
    return PE_OK;
}

int pe_tables_finish(pe_engine_t *st, uint8_t action, const double *sizes, size_t nsizes,
                     const pe_tables_out_t *out)
{
    if (nsizes > PE_TABLES_MAX_SIZES || out->legal == NULL || st->phase == PE_PHASE_DONE)
        return PE_ERR_ARG;
    pe_engine_legal_t legal;
    find_legal(st, &legal);
    uint8_t bits = (uint8_t)(st->phase == PE_PHASE_DRAW ? 128u + st->ncards[st->actor] : discrete_mask(&legal, nsizes));
    if (pe_tables_check(&bits, &action, 1, NULL) != PE_OK)
        return PE_ERR_MOVE;
    play_discrete(st, &legal, action, sizes, nsizes);
    st->fresh_cards = 1; /* the whole row, cards too: `out` has not seen this table before */
    write_out(st, 0, nsizes, out, NULL);
    return PE_OK;
}

int pe_tables_reset(pe_engine_t *tables, size_t count, const pe_engine_rules_t *rules, uint64_t seed,
                    uint64_t first, size_t nsizes, const pe_tables_out_t *out, int *field)
{
    if (nsizes > PE_TABLES_MAX_SIZES || out->legal == NULL)
        return PE_ERR_ARG;
    int rc = check_rules(rules, field);
    if (rc != PE_OK)
        return rc;
    for (size_t i = 0; i < count; i++) {
        pe_rng_t rng;
        seed_item(&rng, seed, first + i);
        start_checked(&tables[i], rules, &rng, 1);
        tables[i].fresh_cards = 1;
        if (out->rewards)
            clear_row(out->rewards + i * (size_t)tables[i].n, tables[i].n);
        if (out->done)
            out->done[i] = 0;
        write_out(&tables[i], i, nsizes, out, NULL);
    }
    return PE_OK;
}

/* How many tables ahead prefetch_table asks for a table's lines: far enough for them to
 * arrive, near enough that they are still there (3 to 8 measure alike). */
#define PREFETCH_AHEAD 6

/* Ask for every line of a table before it is reached: the tables are walked in order, and
 * each one's first touch would otherwise wait on memory.  All of the struct, not only the
 * fields a move reads: a quarter of heads-up steps end a hand, and restart() then writes
 * every line (the copy of the next hand), payoffs() reads dead[] and payout[], and the deal
 * reads the generator and the stub, at the far end; a line missed there cost more than the
 * others' prefetches (1.1-1.3x measured).  From the line that holds the table's first byte:
 * the structs are not line-aligned (888 bytes), so a table spans up to 15 lines. */
static inline void prefetch_table(const pe_engine_t *tables, size_t i, size_t count)
{
#if defined(__GNUC__) || defined(__clang__)
    /* A fixed count of lines, unrolled: the loop's bound and test cost four times the
     * prefetches (63 instructions a table-step, in callgrind); a line past the table's end
     * is the next table's first, which is wanted next anyway, and a prefetch never faults. */
    enum { LINES = sizeof(pe_engine_t) / 64 + 2 };
    if (i < count) {
        const char *line = (const char *)((uintptr_t)&tables[i] & ~(uintptr_t)63);
#if !defined(__clang__)
#pragma GCC unroll 16
#endif
        for (int k = 0; k < LINES; k++)
            __builtin_prefetch(line + 64 * k, 1, 1);
    }
#else
    (void)tables, (void)i, (void)count;
#endif
}

/* Where every next hand under the same rules starts: the rules applied and the forced bets
 * posted, nothing dealt.  In the button games nothing of the first round's order depends on
 * the cards, so when someone acts first the round is begun here once (begun != 0), and each
 * hand then only deals.  Nor does anything the first actor may do depend on them (only stud's
 * open pair reads cards): `legal` is what find_legal finds for every such hand once dealt. */
typedef struct {
    pe_engine_t state;
    int begun;
    pe_engine_legal_t legal;
} next_hand_t;

static void next_hand(next_hand_t *next, const pe_engine_rules_t *rules)
{
    pe_rng_t none = {{0, 0, 0, 0}};
    start_checked(&next->state, rules, &none, 0);
    const variant_t *v = variant_of(&next->state);
    next->begun = 0;
    if (v->stud || v->draw[0] || v->up[0] || next->state.phase != PE_PHASE_DEAL)
        return;
    pe_engine_t begun = next->state;
    begin_round(&begun);
    if (begun.phase == PE_PHASE_BET) { /* else the round ended at once: deal as advance() does */
        next->state = begun;
        next->begun = 1;
        find_legal(&next->state, &next->legal);
    }
}

/* *to = *from, in 16-byte moves: the compilers' inline copy of a block this size is a string
 * instruction whose start-up costs more than the copy (the pragma at the top keeps the loop),
 * and unrolled, as the loop's own count and test cost as much as the moves. */
static void copy_whole(pe_engine_t *to, const pe_engine_t *from)
{
    enum { PIECE = 16, PIECES = sizeof(pe_engine_t) / PIECE };
    char *dst = (char *)to;
    const char *src = (const char *)from;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 64
#endif
    for (size_t k = 0; k < PIECES; k++)
        memcpy(dst + k * PIECE, src + k * PIECE, PIECE);
    memcpy(dst + PIECES * PIECE, src + PIECES * PIECE, sizeof(pe_engine_t) - PIECES * PIECE);
}

/* The hole cards of a hand next_hand began: every seat owed `hole` face-down cards, nothing
 * else owed, nothing dealt, the stub full.  The same cards in the same order as
 * deal_all_random, without its cases: its checks and sums cost more than the cards, once a
 * hand.  The counts live in locals, as a store of a card byte through st would otherwise
 * reload them. */
static void deal_holes(pe_engine_t *st)
{
    pe_rng_t rng = {{st->rng[0], st->rng[1], st->rng[2], st->rng[3]}};
    unsigned left = st->deck_left, hole = st->hole, n = st->n;
    uint64_t taken = 0;
    for (unsigned k = 0, seat = (unsigned)seat_at(st, 0); k < n; k++, seat = seat + 1 == n ? 0 : seat + 1) {
        for (unsigned c = 0; c < hole; c++) {
            unsigned id = stub_take(st->deck, &left, &rng);
            taken |= 1ull << id;
            st->cards[seat][c] = (uint8_t)id;
        }
        st->ncards[seat] = (uint8_t)hole;
        st->owed[seat] = 0;
    }
    st->dealt = (uint8_t)(n * hole); /* at most the deck: check_rules */
    st->deck_left = (uint8_t)left;
    st->out = taken;
    st->held = taken;
    for (int k = 0; k < 4; k++)
        st->rng[k] = rng.s[k];
}

/* The next hand at a table: the next hand's state, the table's own generator carried on, and
 * the cards dealt from it.  The same hand as start_checked with that generator would start. */
static void restart(pe_engine_t *st, const next_hand_t *next)
{
    uint64_t rng[4];
    memcpy(rng, st->rng, sizeof rng);
    copy_whole(st, &next->state);
    memcpy(st->rng, rng, sizeof rng);
    st->auto_deal = 1;
    st->fresh_cards = 1;
    if (next->begun)
        deal_holes(st); /* face down, the stub full: what advance() would deal first */
    else
        advance(st);
}

/* The payoffs of a finished hand: what each seat took less what it put in. */
static void payoffs(const pe_engine_t *st, int64_t *to)
{
    for (int s = 0; s < st->n; s++)
        to[s] = st->payout[s] - st->live[s] - st->dead[s];
}

int pe_tables_step(pe_engine_t *tables, size_t count, const pe_engine_rules_t *rules, const uint8_t *actions,
                   const double *sizes, size_t nsizes, int checked, const pe_tables_out_t *out, size_t *bad)
{
    if (nsizes > PE_TABLES_MAX_SIZES || out->legal == NULL)
        return PE_ERR_ARG;
    if (!checked) {
        int rc = pe_tables_check(out->legal, actions, count, bad);
        if (rc != PE_OK)
            return rc;
    }
    /* Every table starts its next hand from the same state, made once per call and copied
     * into each finished table. */
    next_hand_t fresh;
    next_hand(&fresh, rules);
    /* The array pointers in a local: a store of a card byte through one of them could
     * otherwise change *out, as far as the compiler knows, and every pointer would be read
     * again after it. */
    const pe_tables_out_t arrays = *out;
    out = &arrays;
    for (size_t i = 0; i < count; i++) {
        pe_engine_t *st = &tables[i];
        pe_engine_legal_t found;
        const pe_engine_legal_t *legal = out->views ? &out->views[i] : &found; /* as the last write_out found it */
        prefetch_table(tables, i + PREFETCH_AHEAD, count);
        if (!out->views)
            find_legal(st, &found);
        play_discrete(st, legal, actions[i], sizes, nsizes);
        int64_t *reward = out->rewards ? out->rewards + i * (size_t)st->n : NULL;
        uint8_t ended_before = out->done ? out->done[i] : 1;
        const pe_engine_legal_t *known = NULL;
        if (st->phase == PE_PHASE_DONE) {
            if (reward)
                payoffs(st, reward);
            if (out->done)
                out->done[i] = 1;
            restart(st, &fresh);
            known = fresh.begun ? &fresh.legal : NULL;
        } else {
            if (reward && ended_before) /* the last step's payoffs are cleared */
                clear_row(reward, st->n);
            if (out->done)
                out->done[i] = 0;
        }
        write_out(st, i, nsizes, out, known);
    }
    return PE_OK;
}

/* One random legal discrete action (draws: a random discard). */
static unsigned random_action(pe_engine_t *st, const pe_engine_legal_t *legal, size_t nsizes, pe_rng_t *rng)
{
    if (legal->phase == PE_PHASE_DRAW)
        return (unsigned)(pe_rng_next(rng) >> 40) & ((1u << st->ncards[st->actor]) - 1u);
    unsigned mask = discrete_mask(legal, nsizes);
    unsigned pick = pe_rng_below(rng, popcount16(mask));
    for (unsigned a = 0;; a++)
        if (mask >> a & 1u && pick-- == 0)
            return a;
}

int pe_engine_play_random(const pe_engine_rules_t *rules, uint64_t seed, uint64_t first, size_t hands,
                          const double *sizes, size_t nsizes, int64_t *payoff, uint32_t *moves,
                          uint8_t *holes, uint8_t *boards, int *field)
{
    if (nsizes > PE_TABLES_MAX_SIZES)
        return PE_ERR_ARG;
    int rc = check_rules(rules, field);
    if (rc != PE_OK)
        return rc;
    pe_engine_t st;
    next_hand_t fresh;
    next_hand(&fresh, rules);
    size_t seats = (size_t)rules->seats;
    for (size_t h = 0; h < hands; h++) {
        /* Two generators a hand: the shuffle's, and one for the moves (from the complemented
         * seed, so the moves never echo the cards). */
        pe_rng_t rng;
        seed_item(&rng, seed, first + h);
        memcpy(st.rng, rng.s, sizeof st.rng);
        seed_item(&rng, ~seed, first + h);
        restart(&st, &fresh);
        uint32_t played = 0;
        while (st.phase != PE_PHASE_DONE) {
            pe_engine_legal_t legal;
            find_legal(&st, &legal);
            play_discrete(&st, &legal, random_action(&st, &legal, nsizes, &rng), sizes, nsizes);
            played++;
        }
        if (payoff)
            payoffs(&st, payoff + h * seats);
        if (moves)
            moves[h] = played;
        if (holes)
            memcpy(holes + h * seats * PE_ENGINE_HOLD, st.cards, seats * PE_ENGINE_HOLD);
        if (boards)
            memcpy(boards + h * PE_ENGINE_BOARD, st.board, PE_ENGINE_BOARD);
    }
    return PE_OK;
}

/* ---- a hand from elsewhere ----
 * A pe_engine_t read back from bytes (a pickle) is checked here before any call reads it:
 * every index a move, a deal or the settlement takes from the struct stays inside its array,
 * every card the evaluators see is a card of the deck and held once, every hand a showdown
 * evaluates has the count its game takes, and every chip amount is small enough that no sum
 * of them overflows.  These are the invariants the engine keeps itself; a struct that breaks
 * one was not written by it. */
#define CHECK(cond)            \
    do {                       \
        if (!(cond))           \
            return PE_ERR_ARG; \
    } while (0)

static int chips_ok(int64_t x, int64_t most)
{
    return x >= 0 && x <= most;
}

int pe_engine_check(const pe_engine_t *st)
{
    CHECK(st != NULL);
    CHECK(st->variant < PE_NUM_VARIANTS);
    const variant_t *v = variant_of(st);
    int omaha = st->variant == PE_VAR_OMAHA || st->variant == PE_VAR_OMAHA_HILO;
    CHECK(st->game == v->game && st->limit <= PE_LIMIT_FIXED && st->streets == v->streets);
    CHECK(omaha ? st->hole >= 4 && st->hole <= 6 : st->hole == v->deal[0]);
    int most = v->max_seats;
    if (!v->stud && !v->draw[1]) {
        int fit = (52 - v->deck_first - 5) / st->hole;
        most = fit < most ? fit : most;
    }
    CHECK(st->n >= 2 && st->n <= most && st->button < st->n);
    CHECK(st->phase <= PE_PHASE_DONE && st->street < st->streets);
    CHECK(st->actor == NONE || st->actor < st->n);
    CHECK((st->phase != PE_PHASE_BET && st->phase != PE_PHASE_DRAW) || st->actor != NONE);
    uint16_t all = all_seats(st);
    CHECK(!(st->folded & ~all) && !(st->mucked & ~all) && !(st->acted & ~all) && !(st->pending & ~all) &&
          !(st->drawn & ~all) && !(st->shown & ~all) && !(st->shown & (st->folded | st->mucked)) &&
          !(st->tabled & ~st->shown));
    uint16_t live = (uint16_t)(all & ~(st->folded | st->mucked));
    CHECK(live != 0);
    /* Who acts: a seat still in, in a betting round still contested (a forged fold of the
     * actor's opponents made the pot vanish; a draw goes on for the one seat left when the
     * others mucked once betting was over, as a board game's board is still dealt); a draw on
     * a street that draws (a stud state forged to
     * draw on fourth street shifted by a wrapped count in give()); a betting round's actor
     * has chips, and its high bet is the most bet; a bring-in is due in stud alone. */
    int betting = st->phase == PE_PHASE_BET, drawing = st->phase == PE_PHASE_DRAW;
    if (betting || drawing)
        CHECK((live >> st->actor & 1u) && (two_or_more(live) || (drawing && st->mucked)));
    CHECK(!drawing || v->draw[st->street]);
    CHECK(!betting || st->stack[st->actor] > 0);
    /* The dealer's turn: between calls the hand waits for it only when something is owed
     * (advance() moves on otherwise), the dealer dealing by hand, and nobody acts (a betting
     * round's phase forged to the dealer's left the hand without a legal move). */
    CHECK(st->phase != PE_PHASE_DEAL || (deal_owed(st) && !st->auto_deal && st->actor == NONE));
    /* (the flag outlives a third street nobody could act on, into fourth street's deal) */
    CHECK(!st->bring_in_due ||
          (v->stud && (st->street == 0 || (st->street == 1 && st->phase == PE_PHASE_DEAL))));
    /* A muck comes only once betting is over: a seat mucked in a round that can still be bet
     * would leave a pot nobody wins when the others fold. */
    CHECK(!st->mucked || betting_over(st));

    /* Chips: each seat brings at most PE_ENGINE_MAX_CHIPS, so no amount exceeds the table's.
     * The bet sizes are rules, not chips put in, and their defaults double what was given
     * (least_bet: min_bet and the small bet twice the bring-in when there is no blind; the
     * big bet twice the small bet), so a rule of up to PE_ENGINE_MAX_CHIPS makes a min_bet or
     * small bet of up to twice it, and a big bet (the fixed-limit raise_size) of four times. */
    const int64_t one = PE_ENGINE_MAX_CHIPS, table = PE_ENGINE_SEATS * PE_ENGINE_MAX_CHIPS;
    CHECK(chips_ok(st->min_bet, 2 * one) && chips_ok(st->small_bet, 2 * one) && chips_ok(st->big_bet, 4 * one) &&
          chips_ok(st->bring_in, one) && chips_ok(st->high, one) && chips_ok(st->level, one) &&
          chips_ok(st->raise_size, 4 * one) && chips_ok(st->pot, table));
    for (int s = 0; s < PE_ENGINE_SEATS; s++)
        CHECK(chips_ok(st->stack[s], table) && chips_ok(st->bet[s], one) && chips_ok(st->live[s], one) &&
              chips_ok(st->seen[s], one) && chips_ok(st->dead[s], one) && chips_ok(st->payout[s], table));
    /* Chips move, never appear: the pot is what the seats put in, live and dead; a round's bet
     * is part of what its seat put in live; nothing is paid before the end, and the end pays
     * out the whole pot.  The seats past n hold nothing. */
    int64_t put = 0, paid = 0, highest = 0;
    for (int s = 0; s < PE_ENGINE_SEATS; s++) {
        CHECK(st->bet[s] <= st->live[s]);
        highest = st->bet[s] > highest ? st->bet[s] : highest;
        CHECK(s < st->n || (st->stack[s] | st->bet[s] | st->live[s] | st->seen[s] | st->dead[s] | st->payout[s]) == 0);
        put += st->live[s] + st->dead[s];
        paid += st->payout[s];
    }
    CHECK(st->pot == put && paid == (st->phase == PE_PHASE_DONE ? st->pot : 0));
    CHECK(!betting || st->high == highest);

    /* Cards: the deck's ids; the cards of the seats still in and the board once each, and
     * held; what left the stub is no longer in it. */
    unsigned first = v->deck_first;
    uint64_t deck_bits = ((1ull << 52) - 1u) & ~((1ull << first) - 1u);
    CHECK(!(st->held & ~deck_bits) && !(st->out & ~deck_bits) && !(st->held & ~st->out));
    CHECK(st->nboard <= PE_ENGINE_BOARD && st->board_owed <= PE_ENGINE_BOARD - st->nboard);
    uint64_t known = 0;
    for (int k = 0; k < st->nboard; k++) {
        unsigned id = st->board[k];
        CHECK(id < 52 && id >= first && !(known >> id & 1u));
        known |= 1ull << id;
    }
    unsigned stud_due = st->hole, board_due = 0;
    for (int t = 0; t <= st->street; t++) {
        stud_due += t ? v->deal[t] : 0;
        board_due += v->board[t];
    }
    int settled = st->phase == PE_PHASE_SHOWDOWN || st->phase == PE_PHASE_DONE;
    int contested = two_or_more(live);
    CHECK(!settled || !contested || st->street + 1 == st->streets);
    CHECK(st->phase != PE_PHASE_SHOWDOWN || contested);
    if (!v->stud)
        CHECK(st->nboard + st->board_owed == (v->draw[1] ? 0u : board_due));
    for (int s = 0; s < PE_ENGINE_SEATS; s++) {
        CHECK(st->ncards[s] <= PE_ENGINE_HOLD && st->owed[s] <= PE_ENGINE_HOLD - st->ncards[s]);
        CHECK(s < st->n || (st->ncards[s] == 0 && st->owed[s] == 0));
        /* Any seat (a folded one too: pe_engine_deal serves whoever is owed) owes cards only
         * while the dealer deals (or the draw it discarded in runs), and at most the round's
         * deal (give() finds a card's place in it as the deal less what is still owed). */
        CHECK(st->owed[s] == 0 || st->phase == PE_PHASE_DEAL || st->phase == PE_PHASE_DRAW);
        if (st->phase == PE_PHASE_DEAL && !v->draw[st->street])
            CHECK(st->owed[s] <= (st->street == 0 ? st->hole : v->deal[st->street]));
        /* Stud deals face up only a seat's 3rd to 6th cards (positions 2..5), so it shows at most
         * four (showing() shifts by what is left of four); the other variants none.  A folded
         * hand whose cards were dealt again (a stub run short) keeps the rest closed up, their
         * up bits with them (release): any of its cards may be up. */
        int in = s < st->n && (live >> s & 1u);
        unsigned may_show = !v->stud ? 0u : in ? 0x3Cu : (1u << st->ncards[s]) - 1u, shown = 0;
        CHECK(!(st->up[s] & ~may_show));
        for (unsigned bits = st->up[s]; bits; bits &= bits - 1u)
            shown++;
        CHECK(shown <= 4); /* the cards a release closed up were four at most; showing() counts on it */
        for (int k = 0; k < st->ncards[s]; k++) {
            unsigned id = st->cards[s][k];
            CHECK(id == NONE || (id < 52 && id >= first));
            if (in && id != NONE) {
                CHECK(!(known >> id & 1u));
                known |= 1ull << id;
            }
            /* a hand the settlement evaluates is known whole */
            CHECK(!(in && contested && st->phase == PE_PHASE_DONE && id == NONE));
        }
        if (!in)
            continue;
        /* Each seat in holds (or is owed) what the streets so far dealt it: the evaluators get
         * the counts their games take. */
        if (v->stud)
            CHECK((unsigned)(st->ncards[s] + st->owed[s] + st->nboard + st->board_owed) == stud_due);
        else
            CHECK(st->ncards[s] + st->owed[s] == st->hole);
    }
    CHECK(st->board_owed == 0 || st->phase == PE_PHASE_DEAL);
    CHECK(!(known & ~st->held));
    uint64_t stub = 0;
    CHECK(st->deck_left <= 52 - first);
    for (int k = 0; k < st->deck_left; k++) {
        unsigned id = st->deck[k];
        CHECK(id < 52 && id >= first && !(stub >> id & 1u));
        stub |= 1ull << id;
    }
    /* Every card of the deck is in the stub or has left it, never both: a stub that lost
     * cards runs dry, and draw_card then deals PE_ENGINE_NO_CARD, to the board too. */
    CHECK(!(stub & st->out) && (stub | st->out) == deck_bits);
    return PE_OK;
}

int pe_engine_check_rules(const pe_engine_t *st, const pe_engine_rules_t *rules)
{
    int field;
    CHECK(rules != NULL && check_rules(rules, &field) == PE_OK && pe_engine_check(st) == PE_OK);
    /* The fields the rules set, as the start sets them (one place derives them): the game,
     * the seats, the button, the hole cards, the cap, the flags and every bet size. */
    pe_engine_t fresh;
    pe_rng_t rng;
    pe_rng_seed(&rng, 0); /* no card is dealt (auto_deal 0): the stream plays no part */
    start_checked(&fresh, rules, &rng, 0);
    CHECK(st->variant == fresh.variant && st->game == fresh.game && st->limit == fresh.limit &&
          st->n == fresh.n && st->button == fresh.button && st->hole == fresh.hole && st->cap == fresh.cap &&
          st->flags == fresh.flags && st->streets == fresh.streets && st->min_bet == fresh.min_bet &&
          st->small_bet == fresh.small_bet && st->big_bet == fresh.big_bet && st->bring_in == fresh.bring_in);
    /* Every chip a seat had at the start is behind, put in, or (at the end) paid back to it. */
    for (int s = 0; s < st->n; s++)
        CHECK(st->stack[s] + st->live[s] + st->dead[s] - st->payout[s] == rules->stacks[s]);
    return PE_OK;
}
#undef CHECK

/* ---- one call at a time ----
 * A hand's public calls take it in turn: st->busy is 1 while one is inside.  A call that
 * finds it taken (another thread is inside a call on the same struct: the binding releases
 * the GIL around each) returns PE_ERR_BUSY having read and written nothing else, so two
 * threads sharing a hand get a refusal instead of one struct changed by both at once.  The
 * tables' loops (pe_tables_*, pe_engine_play_random) make their moves inside and take no
 * turn: a Tables object serializes its own calls. */
#if defined(_MSC_VER)
#include <intrin.h>
static int enter(const pe_engine_t *hand)
{
    return _InterlockedCompareExchange8((volatile char *)&((pe_engine_t *)hand)->busy, 1, 0) == 0;
}
static void leave(const pe_engine_t *hand)
{
    _InterlockedExchange8((volatile char *)&((pe_engine_t *)hand)->busy, 0);
}
#elif defined(__GNUC__) || defined(__clang__)
static int enter(const pe_engine_t *hand)
{
    uint8_t free_ = 0;
    return __atomic_compare_exchange_n(&((pe_engine_t *)hand)->busy, &free_, 1, 0, __ATOMIC_ACQUIRE,
                                       __ATOMIC_RELAXED);
}
static void leave(const pe_engine_t *hand)
{
    __atomic_store_n(&((pe_engine_t *)hand)->busy, 0, __ATOMIC_RELEASE);
}
#else /* no atomics known here: the flag still turns away a call that comes after */
static int enter(const pe_engine_t *hand)
{
    pe_engine_t *st = (pe_engine_t *)hand;
    if (st->busy)
        return 0;
    st->busy = 1;
    return 1;
}
static void leave(const pe_engine_t *hand)
{
    ((pe_engine_t *)hand)->busy = 0;
}
#endif

int pe_engine_copy(pe_engine_t *dst, const pe_engine_t *src)
{
    if (!enter(src))
        return PE_ERR_BUSY;
    memcpy(dst, src, sizeof *dst);
    dst->busy = 0;
    leave(src);
    return PE_OK;
}

/* Return `call` (a static function of the hand), made in turn. */
#define IN_TURN(st, call)          \
    do {                           \
        if (!enter(st))            \
            return PE_ERR_BUSY;    \
        int rc_ = (int)(call);     \
        leave(st);                 \
        return rc_;                \
    } while (0)

int pe_engine_legal(const pe_engine_t *st, pe_engine_legal_t *out)
{
    if (!enter(st))
        return PE_ERR_BUSY;
    find_legal(st, out);
    leave(st);
    return PE_OK;
}

int pe_engine_auto(pe_engine_t *st, int on)
{
    if (!enter(st))
        return PE_ERR_BUSY;
    engine_auto(st, on);
    leave(st);
    return PE_OK;
}

int pe_engine_fold(pe_engine_t *st)
{
    IN_TURN(st, engine_fold(st));
}

int pe_engine_check_call(pe_engine_t *st)
{
    IN_TURN(st, engine_check_call(st));
}

int pe_engine_bring_in(pe_engine_t *st)
{
    IN_TURN(st, engine_bring_in(st));
}

int pe_engine_raise_to(pe_engine_t *st, int64_t amount)
{
    IN_TURN(st, engine_raise_to(st, amount));
}

int pe_engine_discard(pe_engine_t *st, const uint8_t *cards, size_t n, size_t *bad)
{
    IN_TURN(st, engine_discard(st, cards, n, bad));
}

int pe_engine_deal(pe_engine_t *st, int seat, const uint8_t *cards, size_t n, size_t *bad)
{
    IN_TURN(st, engine_deal(st, seat, cards, n, bad));
}

int pe_engine_deal_random(pe_engine_t *st, uint8_t *cards, size_t *n)
{
    IN_TURN(st, engine_deal_random(st, cards, n));
}

int pe_engine_show(pe_engine_t *st, int seat, const uint8_t *cards, size_t n, size_t *bad)
{
    IN_TURN(st, engine_show(st, seat, cards, n, bad));
}

int pe_engine_settlement(const pe_engine_t *st, pe_settlement_t *out)
{
    IN_TURN(st, engine_settlement(st, out));
}

int64_t pe_engine_uncalled(const pe_engine_t *st, int *seat)
{
    if (!enter(st)) {
        *seat = -1;
        return PE_ERR_BUSY;
    }
    int64_t back = engine_uncalled(st, seat);
    leave(st);
    return back;
}
#undef IN_TURN
