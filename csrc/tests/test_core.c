/* test_core.c - unit tests of the C core alone, built by `make -C csrc test` under
 * AddressSanitizer and UndefinedBehaviorSanitizer.
 *
 * The expected values come from the rules of poker, written out again here in the
 * plainest C (one five-card ranking, best of every subset), and from published counts:
 * the 2,598,960 five-card and 133,784,560 seven-card hands by category (e.g. Wikipedia,
 * "Poker probability").  Nothing is taken from the tables under test.
 *
 * How an in-test key stands for a core value: the core's values have no scale of their
 * own, only an order.  The exhaustive five-card pass checks that "same value" means
 * "same key" and that keys rise strictly with values over 1..max, so value -> key is an
 * order-preserving bijection; after that a 6- or 7-card value can be checked exactly by
 * looking its key up and comparing with the best key over the subsets.
 *
 * Also: every game's five-card order (short deck, razz, 2-7) and badugi's documented
 * scale; Omaha and hi-lo against every two-plus-three pick; pe_enumerate against the
 * published 5-, 6- and 7-card counts; every batch kernel the CPU runs; equity against
 * every runout; pe_settle's chip count; and every entry point with edge arguments (0
 * rows, NULL pointers, ids 51 and 52..255, every duplicate pattern, unknown games, wrong
 * counts).  PE_TEST_RANDOM=N sets the number of random seven-card hands.
 *
 * The last line printed is "N passed, M failed"; the exit status is 0 only if M is 0. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../pokereval.h"
#include "check.h"

/* ---- checks ---- */

#define CHECK(t, cond, ...) check_at((t), (cond) ? 1 : 0, __LINE__, __VA_ARGS__)

/* ---- a seeded generator (xorshift64*), so every run deals the same hands ---- */

typedef struct {
    uint64_t state;
} rng_t;

static uint64_t rng_next(rng_t *r)
{
    r->state ^= r->state >> 12;
    r->state ^= r->state << 25;
    r->state ^= r->state >> 27;
    return r->state * 0x2545F4914F6CDD1Dull;
}

static unsigned rng_below(rng_t *r, unsigned n)
{
    return (unsigned)((rng_next(r) >> 32) % n);
}

/* n distinct ids from lowest..51, by a partial Fisher-Yates shuffle. */
static void deal(rng_t *r, uint8_t *out, size_t n, unsigned lowest)
{
    uint8_t deck[52];
    unsigned size = 52 - lowest;
    for (unsigned i = 0; i < size; i++)
        deck[i] = (uint8_t)(lowest + i);
    for (size_t i = 0; i < n; i++) {
        unsigned j = (unsigned)i + rng_below(r, size - (unsigned)i);
        uint8_t c = deck[i];
        deck[i] = deck[j];
        deck[j] = c;
        out[i] = deck[i];
    }
}

/* ---- the rules, written out plainly ---- */

#define RANK(id) ((int)(id) / 4)
#define SUIT(id) ((int)(id) % 4)
#define ACE 12
#define CAT_SHIFT 20
#define LOW_FLIP 0xFFFFFFu /* key of a low game = LOW_FLIP - high-style key */

enum variant { HOLDEM, SHORTDECK, DEUCE_SEVEN };

/* Ranks grouped in reading order: bigger groups first, then higher rank (K K K Q Q).
 * `rank_of` maps a card to the rank used (ace high or ace low).  Returns the number of
 * groups; sizes[] and ranks[] get each group's size and rank. */
static int group_ranks(const uint8_t *ids, int (*rank_of)(int), int *sizes, int *ranks)
{
    int count[13] = {0};
    for (int i = 0; i < 5; i++)
        count[rank_of(ids[i])]++;
    int g = 0;
    for (int size = 4; size >= 1; size--)
        for (int r = 12; r >= 0; r--)
            if (count[r] == size) {
                sizes[g] = size;
                ranks[g] = r;
                g++;
            }
    return g;
}

static int rank_ace_high(int id) { return RANK(id); }
static int rank_ace_low(int id) { return (RANK(id) + 1) % 13; } /* A=0, 2=1, ..., K=12 */

/* The groups' ranks as nibbles, first group highest: within one category every hand has
 * the same number of groups, so comparing these numbers compares the ranks in order. */
static uint32_t nibbles(const int *ranks, int g)
{
    uint32_t v = 0;
    for (int i = 0; i < 5; i++)
        v = v << 4 | (uint32_t)(i < g ? ranks[i] : 0);
    return v;
}

/* High value of exactly five cards: (order of category) << 20 | tiebreak; greater is
 * stronger.  *category gets the PE_* category.  Straights: five ranks in sequence; the
 * ace also plays below the deck's lowest rank (A-2-3-4-5; A-6-7-8-9 in short deck),
 * except in deuce-seven where it is high only; straights tie on their top card. */
static uint32_t high_key(const uint8_t *ids, enum variant v, int *category)
{
    int sizes[5], ranks[5];
    int g = group_ranks(ids, rank_ace_high, sizes, ranks);
    int flush = 1;
    for (int i = 1; i < 5; i++)
        flush &= SUIT(ids[i]) == SUIT(ids[0]);
    int top = -1;
    if (g == 5) {
        int lowest = v == SHORTDECK ? 4 : 0; /* the six, or the deuce */
        if (ranks[0] - ranks[4] == 4)
            top = ranks[0];
        else if (v != DEUCE_SEVEN && ranks[0] == ACE && ranks[1] == lowest + 3 && ranks[4] == lowest)
            top = lowest + 3;
    }
    int cat;
    if (top >= 0 && flush)
        cat = top == ACE ? PE_ROYAL_FLUSH : PE_STRAIGHT_FLUSH;
    else if (sizes[0] == 4)
        cat = PE_FOUR_OF_A_KIND;
    else if (sizes[0] == 3 && sizes[1] == 2)
        cat = PE_FULL_HOUSE;
    else if (flush)
        cat = PE_FLUSH;
    else if (top >= 0)
        cat = PE_STRAIGHT;
    else if (sizes[0] == 3)
        cat = PE_THREE_OF_A_KIND;
    else if (sizes[0] == 2 && sizes[1] == 2)
        cat = PE_TWO_PAIR;
    else if (sizes[0] == 2)
        cat = PE_ONE_PAIR;
    else
        cat = PE_HIGH_CARD;
    *category = cat;
    /* Short deck: with the 2s to 5s gone a flush is rarer than a full house and beats it. */
    int order = cat;
    if (v == SHORTDECK && cat == PE_FLUSH)
        order = PE_FULL_HOUSE;
    else if (v == SHORTDECK && cat == PE_FULL_HOUSE)
        order = PE_FLUSH;
    uint32_t tiebreak = top >= 0 ? (uint32_t)top : nibbles(ranks, g);
    return (uint32_t)order << CAT_SHIFT | tiebreak;
}

static uint32_t key_holdem(const uint8_t *ids, int *category) { return high_key(ids, HOLDEM, category); }
static uint32_t key_shortdeck(const uint8_t *ids, int *category) { return high_key(ids, SHORTDECK, category); }

/* Deuce-to-seven: the weakest high hand wins (ace high only, straights and flushes count). */
static uint32_t key_deuce_seven(const uint8_t *ids, int *category)
{
    return LOW_FLIP - high_key(ids, DEUCE_SEVEN, category);
}

/* A-5 low (razz): ace low, straights and flushes ignored, pairing counts against; within
 * a pairing class the hand lower as a high hand is better. */
static uint32_t key_razz(const uint8_t *ids, int *category)
{
    static const int pairing_order[] = {PE_HIGH_CARD, PE_ONE_PAIR, PE_TWO_PAIR,
                                        PE_THREE_OF_A_KIND, PE_FULL_HOUSE, PE_FOUR_OF_A_KIND};
    int sizes[5], ranks[5];
    int g = group_ranks(ids, rank_ace_low, sizes, ranks);
    int cat = sizes[0] == 4 ? PE_FOUR_OF_A_KIND
            : sizes[0] == 3 ? (sizes[1] == 2 ? PE_FULL_HOUSE : PE_THREE_OF_A_KIND)
            : sizes[0] == 2 ? (sizes[1] == 2 ? PE_TWO_PAIR : PE_ONE_PAIR)
            : PE_HIGH_CARD;
    int order = 0;
    while (pairing_order[order] != cat)
        order++;
    *category = cat;
    return LOW_FLIP - ((uint32_t)order << CAT_SHIFT | nibbles(ranks, g));
}

typedef uint32_t (*key_fn)(const uint8_t *ids, int *category);

/* The best key over every five-card subset of n cards. */
static uint32_t best_key(const uint8_t *ids, size_t n, key_fn key)
{
    uint32_t best = 0;
    uint8_t five[5];
    int category;
    for (unsigned set = 0; set < (1u << n); set++) {
        int bits = 0;
        for (size_t i = 0; i < n; i++)
            bits += (int)(set >> i & 1u);
        if (bits != 5)
            continue;
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (set >> i & 1u)
                five[m++] = ids[i];
        uint32_t k = key(five, &category);
        if (k > best)
            best = k;
    }
    return best;
}

/* 8-or-better low of five cards as an ace-low rank mask (bit 0 = A .. bit 7 = 8), or 0
 * if it does not qualify (five different ranks, all eight or lower). */
static unsigned low8_mask(const uint8_t *ids)
{
    unsigned mask = 0;
    for (int i = 0; i < 5; i++) {
        int r = rank_ace_low(ids[i]);
        if (r > 7 || (mask >> r & 1u))
            return 0;
        mask |= 1u << r;
    }
    return mask;
}

/* Value of an 8-or-better low on its published scale 1..56 (5-4-3-2-A = 56): lows
 * compare highest card first, lower better, which is "smaller mask is better"; so the
 * value is how many qualifying masks are at least as great (as bad) as this one. */
static unsigned low8_value(unsigned mask)
{
    unsigned v = 0;
    for (unsigned m = mask; m < 256; m++) {
        int bits = 0;
        for (int b = 0; b < 8; b++)
            bits += (int)(m >> b & 1u);
        v += bits == 5;
    }
    return v;
}

/* Badugi of four cards on the documented scale: the largest subset with no rank and no
 * suit twice; among those the smallest ace-low rank mask (lower highest card first). */
static unsigned badugi_value(const uint8_t *ids)
{
    unsigned best = 0;
    for (unsigned subset = 1; subset < 16; subset++) {
        unsigned ranks = 0, suits = 0, size = 0;
        int ok = 1;
        for (int i = 0; i < 4; i++) {
            if (!(subset >> i & 1u))
                continue;
            unsigned r = 1u << rank_ace_low(ids[i]), s = 1u << SUIT(ids[i]);
            if ((ranks & r) || (suits & s))
                ok = 0;
            ranks |= r;
            suits |= s;
            size++;
        }
        unsigned value = (size << 13) | (0x1FFFu - ranks);
        if (ok && value > best)
            best = value;
    }
    return best;
}

/* ---- published counts ---- */

/* Five-card hands by category, HIGH_CARD .. ROYAL_FLUSH; and distinct classes. */
static const uint64_t hands5[10] = {1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4};
static const unsigned classes5[10] = {1277, 2860, 858, 858, 10, 1277, 156, 156, 9, 1};
/* Six- and seven-card hands by the category of their best five. */
static const uint64_t hands6[10] = {6612900, 9730740, 2532816, 732160, 361620,
                                    205792, 165984, 14664, 1656, 188};
static const uint64_t hands7[10] = {23294460, 58627800, 31433400, 6461620, 6180020,
                                    4047644, 3473184, 224848, 37260, 4324};
static const unsigned classes7[10] = {407, 1470, 763, 575, 10, 1277, 156, 156, 9, 1};

/* ---- exhaustive five-card pass: value <-> key ---- */

#define MAX_VALUE 7462

typedef struct {
    const char *name;
    int game;
    unsigned lowest; /* lowest card id of the deck */
    key_fn key;
    uint16_t max;    /* the top of the published scale */
    uint32_t key_of_value[MAX_VALUE + 1];
    int ok;          /* the exhaustive pass proved key_of_value an order bijection */
} game_keys_t;

static void exhaustive5(tally_t *t, game_keys_t *g, uint64_t *hist_out, uint64_t *by_category)
{
    unsigned long long bad_before = t->failed;
    memset(g->key_of_value, 0, sizeof g->key_of_value);
    CHECK(t, pe_game_max(g->game) == g->max, "%s: pe_game_max %u, expected %u", g->name,
          pe_game_max(g->game), g->max);
    uint8_t ids[5];
    unsigned long long hands = 0;
    for (unsigned a = g->lowest; a < 52; a++)
        for (unsigned b = a + 1; b < 52; b++)
            for (unsigned c = b + 1; c < 52; c++)
                for (unsigned d = c + 1; d < 52; d++)
                    for (unsigned e = d + 1; e < 52; e++) {
                        ids[0] = (uint8_t)a, ids[1] = (uint8_t)b, ids[2] = (uint8_t)c;
                        ids[3] = (uint8_t)d, ids[4] = (uint8_t)e;
                        hands++;
                        uint16_t hi = 0, lo = 1;
                        int rc = pe_eval(g->game, 0, ids, 5, 0, &hi, &lo);
                        int cat;
                        uint32_t key = g->key(ids, &cat);
                        if (rc != PE_OK || hi < 1 || hi > g->max || lo != 0) {
                            CHECK(t, 0, "%s: pe_eval(%u %u %u %u %u) rc %d hi %u lo %u", g->name, a, b,
                                  c, d, e, rc, hi, lo);
                            continue;
                        }
                        if (g->key_of_value[hi] == 0)
                            g->key_of_value[hi] = key;
                        else if (g->key_of_value[hi] != key)
                            CHECK(t, 0, "%s: value %u for two different hands (%u %u %u %u %u)",
                                  g->name, hi, a, b, c, d, e);
                        int pe_cat = pe_category(g->game, hi);
                        if (pe_cat != cat)
                            CHECK(t, 0, "%s: pe_category(%u) = %d, hand %u %u %u %u %u is %d", g->name,
                                  hi, pe_cat, a, b, c, d, e, cat);
                        if (by_category)
                            by_category[cat]++;
                        if (hist_out)
                            hist_out[hi]++;
                        if (g->game == PE_GAME_HOLDEM) {
                            /* Every hold'em entry point agrees on every hand. */
                            uint64_t mask = 1ull << a | 1ull << b | 1ull << c | 1ull << d | 1ull << e;
                            uint16_t stud = 0;
                            int rc_stud = pe_eval(PE_GAME_STUD, 0, ids, 5, 0, &stud, NULL);
                            if (pe_eval_ids(ids, 5) != hi || pe_eval_mask(mask) != hi ||
                                pe_eval_packed(PE_GAME_HOLDEM, ids, 5, 0) != (int32_t)hi ||
                                rc_stud != PE_OK || stud != hi)
                                CHECK(t, 0, "holdem entry points disagree on %u %u %u %u %u", a, b, c, d, e);
                        }
                    }
    CHECK(t, hands > 0, "%s: no hands", g->name);
    unsigned distinct = 0;
    for (unsigned v = 1; v <= g->max; v++) {
        if (g->key_of_value[v] == 0) {
            CHECK(t, 0, "%s: no five-card hand has value %u", g->name, v);
            continue;
        }
        distinct++;
        if (v > 1 && g->key_of_value[v - 1] != 0)
            CHECK(t, g->key_of_value[v - 1] < g->key_of_value[v],
                  "%s: value %u is a stronger hand than value %u", g->name, v - 1, v);
    }
    CHECK(t, distinct == g->max, "%s: %u distinct values, expected %u", g->name, distinct, g->max);
    g->ok = t->failed == bad_before;
    printf("  %s: %llu five-card hands, %u distinct values\n", g->name, hands, distinct);
}

/* Random 5..7-card hands (7 by default) against the best key over their subsets;
 * consecutive hands are also compared by order alone. */
static void random_hands(tally_t *t, game_keys_t *g, rng_t *r, long count, int seven_only)
{
    if (!g->ok) {
        CHECK(t, 0, "%s: random hands skipped, the five-card pass failed", g->name);
        return;
    }
    uint16_t prev_value = 0;
    uint32_t prev_key = 0;
    for (long i = 0; i < count; i++) {
        uint8_t ids[7];
        size_t n = seven_only ? 7 : 5 + rng_below(r, 3);
        deal(r, ids, n, g->lowest);
        uint16_t hi = 0;
        int rc = pe_eval(g->game, 0, ids, n, 0, &hi, NULL);
        uint32_t want = best_key(ids, n, g->key);
        if (rc != PE_OK || hi < 1 || hi > g->max || g->key_of_value[hi] != want) {
            CHECK(t, 0, "%s: %zu cards %u %u %u %u %u %u %u: rc %d value %u, not the best five", g->name,
                  n, ids[0], ids[1], ids[2], ids[3], ids[4], n > 5 ? ids[5] : 99, n > 6 ? ids[6] : 99, rc,
                  hi);
            continue;
        }
        if (g->game == PE_GAME_HOLDEM) {
            uint64_t mask = 0;
            for (size_t j = 0; j < n; j++)
                mask |= 1ull << ids[j];
            uint16_t stud = 0;
            int rc_stud = pe_eval(PE_GAME_STUD, 0, ids, n, 0, &stud, NULL);
            if (pe_eval_ids(ids, n) != hi || pe_eval_mask(mask) != hi ||
                pe_eval_packed(PE_GAME_HOLDEM, ids, n, 0) != (int32_t)hi || rc_stud != PE_OK || stud != hi)
                CHECK(t, 0, "holdem entry points disagree on a %zu-card hand", n);
        }
        if (i > 0) {
            int by_value = (hi > prev_value) - (hi < prev_value);
            int by_rules = (want > prev_key) - (want < prev_key);
            CHECK(t, by_value == by_rules, "%s: hand %ld orders %d against the previous one, rules say %d",
                  g->name, i, by_value, by_rules);
        }
        prev_value = hi;
        prev_key = want;
    }
    printf("  %s: %ld random hands\n", g->name, count);
}

/* ---- hands built card by card (pe_hand.h) ---- */

/* Every six-card hand with pe_hand_add and pe_hand_value, a card a loop as a C caller
 * enumerates, counted by category against the published counts; and random 5..7-card
 * hands built in a shuffled order, and as two parts joined, against pe_eval_ids. */
static void test_hand_api(tally_t *t, rng_t *r)
{
    uint64_t by_category[10] = {0};
    for (unsigned a = 0; a < 52; a++) {
        pe_hand_t ha = pe_hand_add(pe_hand_empty(), a);
        for (unsigned b = a + 1; b < 52; b++) {
            pe_hand_t hb = pe_hand_add(ha, b);
            for (unsigned c = b + 1; c < 52; c++) {
                pe_hand_t hc = pe_hand_add(hb, c);
                for (unsigned d = c + 1; d < 52; d++) {
                    pe_hand_t hd = pe_hand_add(hc, d);
                    for (unsigned e = d + 1; e < 52; e++) {
                        pe_hand_t he = pe_hand_add(hd, e);
                        for (unsigned f = e + 1; f < 52; f++)
                            by_category[pe_category(PE_GAME_HOLDEM, pe_hand_value(pe_hand_add(he, f)))]++;
                    }
                }
            }
        }
    }
    for (int c = 0; c < 10; c++)
        CHECK(t, by_category[c] == hands6[c], "pe_hand_value over every 6-card hand: category %d has %llu, published %llu",
              c, (unsigned long long)by_category[c], (unsigned long long)hands6[c]);
    for (int i = 0; i < 200000; i++) {
        uint8_t ids[7];
        size_t n = 5 + rng_below(r, 3), split = rng_below(r, (unsigned)n + 1);
        deal(r, ids, n, 0);
        pe_hand_t whole = pe_hand_empty(), left = pe_hand_empty(), right = pe_hand_empty();
        for (size_t j = n; j-- > 0;)
            whole = pe_hand_add(whole, ids[j]);
        for (size_t j = 0; j < n; j++) {
            if (j < split)
                left = pe_hand_add(left, ids[j]);
            else
                right = pe_hand_add(right, ids[j]);
        }
        uint16_t want = pe_eval_ids(ids, n);
        if (pe_hand_value(whole) != want || pe_hand_value(pe_hand_join(left, right)) != want) {
            CHECK(t, 0, "pe_hand_value of %zu cards (joined after %zu) is %u / %u, pe_eval_ids %u", n, split,
                  pe_hand_value(whole), pe_hand_value(pe_hand_join(left, right)), want);
            break;
        }
    }
    printf("  pe_hand: every 6-card hand, 200000 random hands\n");
}

/* Every multiset of 7 ranks (at most 4 of a rank), from rank r up with `left` to place:
 * the 7-card table gives the 5-7 table's value for each, and pe_eval_ids the same for a
 * hand of those ranks without a flush (suits in turn: at most two cards a suit). */
static void rank7_from(tally_t *t, unsigned r, unsigned left, uint32_t key, uint8_t *ids, size_t n, long *seen)
{
    if (left == 0) {
        uint16_t want = pe_rank_value_holdem(key), got = pe_rank7_value_holdem(key);
        uint16_t by_ids = pe_eval_ids(ids, 7);
        if (got != want || by_ids != want)
            CHECK(t, 0, "7-card rank key %u: rank7 table %u, pe_eval_ids %u, the 5-7 table %u", key, got, by_ids,
                  want);
        ++*seen;
        return;
    }
    if (r == 13)
        return;
    for (unsigned m = 0; m <= 4 && m <= left; m++) {
        for (unsigned j = 0; j < m; j++)
            ids[n + j] = (uint8_t)(4 * r + (n + j) % 4);
        rank7_from(t, r + 1, left - m, key + m * (uint32_t)pe_card_keys[4 * r], ids, n + m, seen);
    }
}

static void test_rank7_table(tally_t *t)
{
    uint8_t ids[7];
    long seen = 0;
    rank7_from(t, 0, 7, 0, ids, 0, &seen);
    CHECK(t, seen == 49205, "%ld 7-rank multisets, expected 49,205", seen);
    printf("  rank7: every 7-rank multiset\n");
}

/* ---- enumeration ---- */

static void test_enumerate(tally_t *t, const uint64_t *hist5)
{
    static uint64_t hist[MAX_VALUE + 1];
    for (int k = 5; k <= 7; k++) {
        /* pe_enumerate adds to hist: start from a known non-zero fill to see that it adds. */
        for (unsigned v = 0; v <= MAX_VALUE; v++)
            hist[v] = 1;
        int rc = pe_enumerate(k, hist);
        CHECK(t, rc == PE_OK, "pe_enumerate(%d) rc %d", k, rc);
        uint64_t by_category[10] = {0}, total = 0;
        unsigned classes[10] = {0}, distinct = 0;
        CHECK(t, hist[0] == 1, "pe_enumerate(%d) counted value 0", k);
        for (unsigned v = 1; v <= MAX_VALUE; v++) {
            uint64_t count = hist[v] - 1;
            int cat = pe_category(PE_GAME_HOLDEM, (uint16_t)v);
            if (cat < 0 || cat > 9) {
                CHECK(t, 0, "pe_category(holdem, %u) = %d", v, cat);
                continue;
            }
            by_category[cat] += count;
            total += count;
            if (count) {
                classes[cat]++;
                distinct++;
            }
            if (k == 5)
                CHECK(t, count == hist5[v], "pe_enumerate(5)[%u] = %llu, the exhaustive pass counted %llu", v,
                      (unsigned long long)count, (unsigned long long)hist5[v]);
        }
        const uint64_t *want = k == 5 ? hands5 : k == 6 ? hands6 : hands7;
        uint64_t want_total = k == 5 ? 2598960ull : k == 6 ? 20358520ull : 133784560ull;
        CHECK(t, total == want_total, "pe_enumerate(%d): %llu hands, expected %llu", k,
              (unsigned long long)total, (unsigned long long)want_total);
        for (int c = 0; c < 10; c++)
            CHECK(t, by_category[c] == want[c], "pe_enumerate(%d): category %d has %llu hands, published %llu",
                  k, c, (unsigned long long)by_category[c], (unsigned long long)want[c]);
        if (k == 7) {
            CHECK(t, distinct == 4824, "pe_enumerate(7): %u distinct values, published 4824", distinct);
            for (int c = 0; c < 10; c++)
                CHECK(t, classes[c] == classes7[c], "pe_enumerate(7): category %d has %u values, published %u",
                      c, classes[c], classes7[c]);
        }
        if (k == 5)
            for (int c = 0; c < 10; c++)
                CHECK(t, classes[c] == classes5[c], "pe_enumerate(5): category %d has %u values, published %u",
                      c, classes[c], classes5[c]);
    }
    CHECK(t, pe_enumerate(7, NULL) == PE_ERR_ARG, "pe_enumerate(7, NULL) is not PE_ERR_ARG");
    for (int k = -1; k <= 9; k++)
        if (k < 5 || k > 7) {
            hist[0] = 12345;
            CHECK(t, pe_enumerate(k, hist) == PE_ERR_COUNT, "pe_enumerate(%d) is not PE_ERR_COUNT", k);
            CHECK(t, hist[0] == 12345, "pe_enumerate(%d) wrote to hist on error", k);
        }
    CHECK(t, pe_enumerate(INT_MAX, hist) == PE_ERR_COUNT, "pe_enumerate(INT_MAX)");
    CHECK(t, pe_enumerate(INT_MIN, hist) == PE_ERR_COUNT, "pe_enumerate(INT_MIN)");
}

/* ---- the other games ---- */

static void test_omaha(tally_t *t, const game_keys_t *holdem, rng_t *r, long count)
{
    for (long i = 0; i < count; i++) {
        size_t nh = 4 + rng_below(r, 3), nb = 3 + rng_below(r, 3), n = nh + nb;
        uint8_t ids[11];
        deal(r, ids, n, 0);
        uint32_t best = 0;
        unsigned best_low = 0;
        uint8_t five[5];
        int cat;
        for (size_t a = 0; a < nh; a++)
            for (size_t b = a + 1; b < nh; b++)
                for (size_t c = nh; c < n; c++)
                    for (size_t d = c + 1; d < n; d++)
                        for (size_t e = d + 1; e < n; e++) {
                            five[0] = ids[a], five[1] = ids[b], five[2] = ids[c];
                            five[3] = ids[d], five[4] = ids[e];
                            uint32_t k = key_holdem(five, &cat);
                            if (k > best)
                                best = k;
                            unsigned m = low8_mask(five);
                            if (m && low8_value(m) > best_low)
                                best_low = low8_value(m);
                        }
        uint16_t hi = 0, lo = 7;
        int rc = pe_eval(PE_GAME_OMAHA, 0, ids, n, nh, &hi, &lo);
        CHECK(t, rc == PE_OK && hi >= 1 && hi <= MAX_VALUE && holdem->key_of_value[hi] == best && lo == 0,
              "omaha %zu+%zu: rc %d hi %u lo %u, not the best two-plus-three", nh, nb, rc, hi, lo);
        rc = pe_eval(PE_GAME_OMAHA_HILO, 0, ids, n, nh, &hi, &lo);
        CHECK(t, rc == PE_OK && hi >= 1 && hi <= MAX_VALUE && holdem->key_of_value[hi] == best,
              "omaha-hilo %zu+%zu: rc %d hi %u, not the best high", nh, nb, rc, hi);
        CHECK(t, lo == best_low, "omaha-hilo %zu+%zu: low %u, rules give %u", nh, nb, lo, best_low);
        int32_t packed = pe_eval_packed(PE_GAME_OMAHA_HILO, ids, n, nh);
        CHECK(t, packed == (int32_t)((uint32_t)hi | (uint32_t)lo << 16), "omaha-hilo packed %ld",
              (long)packed);
    }
    printf("  omaha, omaha-hilo: %ld random hands\n", count);
}

static void test_low8_scale(tally_t *t)
{
    /* The published ends of the scale, from the rules above. */
    CHECK(t, low8_value(0x1F) == 56, "5-4-3-2-A is not 56 in the test's own low scale");
    CHECK(t, low8_value(0xF8) == 1, "8-7-6-5-4 is not 1 in the test's own low scale");
}

static void test_badugi(tally_t *t)
{
    uint8_t ids[4];
    unsigned long long hands = 0;
    unsigned best = 0;
    for (unsigned a = 0; a < 52; a++)
        for (unsigned b = a + 1; b < 52; b++)
            for (unsigned c = b + 1; c < 52; c++)
                for (unsigned d = c + 1; d < 52; d++) {
                    ids[0] = (uint8_t)a, ids[1] = (uint8_t)b, ids[2] = (uint8_t)c, ids[3] = (uint8_t)d;
                    uint16_t hi = 0, lo = 9;
                    int rc = pe_eval(PE_GAME_BADUGI, 0, ids, 4, 0, &hi, &lo);
                    unsigned want = badugi_value(ids);
                    if (rc != PE_OK || hi != want || lo != 0)
                        CHECK(t, 0, "badugi %u %u %u %u: rc %d value %u, rules give %u", a, b, c, d, rc, hi,
                              want);
                    if (pe_category(PE_GAME_BADUGI, hi) != -1)
                        CHECK(t, 0, "badugi has no categories, pe_category(%u) = %d", hi,
                              pe_category(PE_GAME_BADUGI, hi));
                    if (want > best)
                        best = want;
                    hands++;
                }
    CHECK(t, hands == 270725, "badugi: %llu hands", hands);
    CHECK(t, pe_game_max(PE_GAME_BADUGI) == best, "badugi: pe_game_max %u, best hand %u",
          pe_game_max(PE_GAME_BADUGI), best);
    printf("  badugi: %llu four-card hands\n", hands);
}

/* ---- which cards play ---- */

static int plays_wheel(const uint8_t *ids, const uint8_t *pos, int lowest)
{
    int has_ace = 0, has_low = 0;
    for (int i = 0; i < 5; i++) {
        has_ace |= RANK(ids[pos[i]]) == ACE;
        has_low |= RANK(ids[pos[i]]) == lowest;
    }
    return has_ace && has_low;
}

/* Reading order of a high hand: bigger groups first, then higher rank; the ace last when
 * it plays low in a straight.  For a low hand (ace-low ranks) the same, ace last. */
static int in_reading_order(const uint8_t *ids, const uint8_t *pos, size_t m, int low, int straight_lowest)
{
    int count[13] = {0};
    for (size_t i = 0; i < m; i++)
        count[RANK(ids[pos[i]])]++;
    int straight = straight_lowest >= 0 && plays_wheel(ids, pos, straight_lowest);
    int prev = INT_MAX;
    for (size_t i = 0; i < m; i++) {
        int id = ids[pos[i]];
        int rank = low ? rank_ace_low(id) : RANK(id);
        if (straight && RANK(id) == ACE)
            rank = -1;
        int weight = count[RANK(id)] * 16 + rank;
        if (weight > prev)
            return 0;
        prev = weight;
    }
    return 1;
}

static void test_best_cards(tally_t *t, rng_t *r, long count)
{
    static const int games[] = {PE_GAME_HOLDEM, PE_GAME_STUD, PE_GAME_SHORTDECK, PE_GAME_RAZZ,
                                PE_GAME_DEUCE_SEVEN, PE_GAME_OMAHA, PE_GAME_OMAHA_HILO, PE_GAME_BADUGI};
    for (long i = 0; i < count; i++) {
        for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
            int game = games[gi];
            int omaha = game == PE_GAME_OMAHA || game == PE_GAME_OMAHA_HILO;
            size_t n, hole = 0;
            if (omaha) {
                hole = 4 + rng_below(r, 3);
                n = hole + 3 + rng_below(r, 3);
            } else if (game == PE_GAME_BADUGI) {
                n = 4;
            } else if (game == PE_GAME_DEUCE_SEVEN) {
                n = 5;
            } else {
                n = 5 + rng_below(r, 3);
            }
            uint8_t ids[11];
            deal(r, ids, n, game == PE_GAME_SHORTDECK ? 16 : 0);
            uint8_t hi_pos[11], lo_pos[11];
            memset(hi_pos, 0xEE, sizeof hi_pos);
            memset(lo_pos, 0xEE, sizeof lo_pos);
            size_t n_hi = 99, n_lo = 99;
            uint16_t hi = 0, lo = 0;
            int rc_eval = pe_eval(game, 0, ids, n, hole, &hi, &lo);
            int rc = pe_best_cards(game, 0, ids, n, hole, hi_pos, &n_hi, lo_pos, &n_lo, NULL);
            if (rc != PE_OK || rc_eval != PE_OK) {
                CHECK(t, 0, "pe_best_cards(game %d, %zu cards) rc %d", game, n, rc);
                continue;
            }
            size_t want_hi = game == PE_GAME_BADUGI ? (size_t)(hi >> 13) : 5;
            CHECK(t, n_hi == want_hi, "pe_best_cards(game %d): n_hi %zu, expected %zu", game, n_hi, want_hi);
            CHECK(t, n_lo == (lo ? 5u : 0u), "pe_best_cards(game %d): n_lo %zu with low %u", game, n_lo, lo);
            if (n_hi > 5 || n_lo > 5)
                continue;
            /* Positions valid and distinct; Omaha plays exactly two hole cards. */
            for (int side = 0; side < 2; side++) {
                const uint8_t *pos = side ? lo_pos : hi_pos;
                size_t m = side ? n_lo : n_hi;
                unsigned seen = 0, from_hole = 0;
                for (size_t j = 0; j < m; j++) {
                    if (pos[j] >= n || (seen >> pos[j] & 1u)) {
                        CHECK(t, 0, "pe_best_cards(game %d): position %u of %zu bad or repeated", game, pos[j],
                              n);
                        break;
                    }
                    seen |= 1u << pos[j];
                    from_hole += pos[j] < hole;
                }
                if (omaha && m)
                    CHECK(t, from_hole == 2, "pe_best_cards(game %d): %u hole cards play", game, from_hole);
            }
            /* The cards that play are worth the whole hand. */
            uint8_t sub[5];
            for (size_t j = 0; j < n_hi; j++)
                sub[j] = ids[hi_pos[j]];
            uint16_t sub_hi = 0;
            int sub_game = omaha ? PE_GAME_HOLDEM : game;
            int rc_sub = pe_eval(sub_game, 0, sub, n_hi, 0, &sub_hi, NULL);
            if (game == PE_GAME_BADUGI) {
                /* Fewer than four cards: the value is (size << 13) | (0x1FFF - ace-low rank mask). */
                unsigned ranks = 0, suits = 0;
                for (size_t j = 0; j < n_hi; j++) {
                    ranks |= 1u << rank_ace_low(sub[j]);
                    suits |= 1u << SUIT(sub[j]);
                }
                unsigned bits = 0;
                for (int b = 0; b < 13; b++)
                    bits += ranks >> b & 1u;
                CHECK(t, bits == n_hi && ((n_hi << 13) | (0x1FFFu - ranks)) == hi,
                      "badugi: the cards that play do not make value %u", hi);
                (void)suits;
            } else {
                CHECK(t, rc_sub == PE_OK && sub_hi == hi, "pe_best_cards(game %d): the five play %u, hand is %u",
                      game, sub_hi, hi);
                int high_game = game != PE_GAME_RAZZ && game != PE_GAME_DEUCE_SEVEN;
                int lowest = game == PE_GAME_SHORTDECK ? 4 : 0;
                int cat = pe_category(omaha ? PE_GAME_HOLDEM : game, hi);
                int straight = cat == PE_STRAIGHT || cat == PE_STRAIGHT_FLUSH;
                CHECK(t, in_reading_order(ids, hi_pos, 5, game == PE_GAME_RAZZ,
                                          high_game && straight ? lowest : -1),
                      "pe_best_cards(game %d): not in reading order", game);
            }
            if (n_lo == 5) {
                for (size_t j = 0; j < 5; j++)
                    sub[j] = ids[lo_pos[j]];
                unsigned m = low8_mask(sub);
                CHECK(t, m && low8_value(m) == lo, "omaha-hilo: the low cards make %u, hand low is %u",
                      m ? low8_value(m) : 0, lo);
                CHECK(t, in_reading_order(ids, lo_pos, 5, 1, -1), "omaha-hilo: low not in reading order");
            }
        }
    }
    /* Reading order on fixed hands, from the rules: K K K Q Q; 5 4 3 2 A. */
    static const uint8_t boat[7] = {41, 0, 44, 42, 45, 4, 40}; /* Qd 2c Kc Qh Kd 3c Qc */
    uint8_t pos[7];
    size_t m = 0;
    int rc = pe_best_cards(PE_GAME_HOLDEM, 0, boat, 7, 0, pos, &m, NULL, NULL, NULL);
    CHECK(t, rc == PE_OK && m == 5, "best cards of a boat: rc %d", rc);
    /* Queens full of kings reads Q Q Q K K. */
    if (rc == PE_OK && m == 5)
        CHECK(t, RANK(boat[pos[0]]) == 10 && RANK(boat[pos[2]]) == 10 && RANK(boat[pos[3]]) == 11 &&
                     RANK(boat[pos[4]]) == 11,
              "best cards of queens full: wrong order");
    static const uint8_t wheel[5] = {51, 0, 5, 10, 15}; /* As 2c 3d 4h 5s */
    rc = pe_best_cards(PE_GAME_HOLDEM, 0, wheel, 5, 0, pos, &m, NULL, NULL, NULL);
    CHECK(t, rc == PE_OK && m == 5 && pos[0] == 4 && pos[1] == 3 && pos[2] == 2 && pos[3] == 1 && pos[4] == 0,
          "wheel does not read 5 4 3 2 A");
    printf("  pe_best_cards: %ld random hands per game\n", count);
}

/* ---- every entry point with edge arguments ---- */

static const int all_games[] = {PE_GAME_HOLDEM, PE_GAME_STUD, PE_GAME_SHORTDECK, PE_GAME_RAZZ,
                                PE_GAME_DEUCE_SEVEN, PE_GAME_OMAHA, PE_GAME_OMAHA_HILO, PE_GAME_BADUGI};
#define N_GAMES (sizeof all_games / sizeof all_games[0])

static int is_omaha(int game) { return game == PE_GAME_OMAHA || game == PE_GAME_OMAHA_HILO; }

/* Whether the game deals n cards with `hole` hole cards (from the rules of each game). */
static int allowed(int game, size_t n, size_t hole)
{
    if (is_omaha(game))
        return hole >= 4 && hole <= 6 && n >= hole + 3 && n <= hole + 5;
    if (game == PE_GAME_DEUCE_SEVEN)
        return n == 5;
    if (game == PE_GAME_BADUGI)
        return n == 4;
    return n >= 5 && n <= 7;
}

/* A valid hand of n cards for the game: distinct ids from its deck, spread over suits. */
static void valid_hand(int game, uint8_t *ids, size_t n)
{
    unsigned lowest = game == PE_GAME_SHORTDECK ? 16 : 0;
    for (size_t i = 0; i < n; i++)
        ids[i] = (uint8_t)(lowest + 5 * i % (52 - lowest)); /* 5 is coprime with 52 and 36 */
}

static void test_counts(tally_t *t)
{
    uint8_t ids[16];
    for (size_t g = 0; g < N_GAMES; g++) {
        int game = all_games[g];
        valid_hand(game, ids, 16);
        for (size_t hole = 0; hole <= 8; hole++) {
            if (!is_omaha(game) && hole > 0 && hole != 3 && hole != 7)
                continue; /* hole is ignored outside Omaha; a few values suffice */
            for (size_t n = 0; n <= 12; n++) {
                int ok = allowed(game, n, hole);
                uint16_t hi = 0, lo = 0;
                int rc = pe_eval(game, 0, ids, n, hole, &hi, &lo);
                CHECK(t, ok ? rc == PE_OK : rc == PE_ERR_COUNT, "pe_eval(game %d, 0, n %zu, hole %zu) rc %d", game,
                      n, hole, rc);
                int32_t packed = pe_eval_packed(game, ids, n, hole);
                CHECK(t, ok ? packed >= 0 : packed == PE_ERR_COUNT, "pe_eval_packed(game %d, n %zu, hole %zu) %ld",
                      game, n, hole, (long)packed);
                uint8_t pos[8];
                size_t m;
                rc = pe_best_cards(game, 0, ids, n, hole, pos, &m, NULL, NULL, NULL);
                CHECK(t, ok ? rc == PE_OK : rc == PE_ERR_COUNT, "pe_best_cards(game %d, n %zu, hole %zu) rc %d",
                      game, n, hole, rc);
                uint16_t out[2] = {0, 0};
                size_t bad = 77;
                /* Batch: k is the count; a wrong count fails even with no rows. */
                for (size_t rows = 0; rows <= 1; rows++) {
                    rc = pe_eval_batch(game, 0, ids, rows, n, hole, out, NULL, &bad);
                    CHECK(t, ok ? rc == PE_OK : rc == PE_ERR_COUNT,
                          "pe_eval_batch(game %d, 0, rows %zu, k %zu, hole %zu) rc %d", game, rows, n, hole, rc);
                }
            }
        }
        /* Counts far out of range are rejected before any card is read. */
        CHECK(t, pe_eval(game, 0, ids, SIZE_MAX, 4, &(uint16_t){0}, NULL) == PE_ERR_COUNT, "n = SIZE_MAX");
        CHECK(t, pe_eval(game, 0, ids, SIZE_MAX / 2, SIZE_MAX / 2, &(uint16_t){0}, NULL) == PE_ERR_COUNT,
              "n = hole = SIZE_MAX / 2");
        CHECK(t, pe_eval_batch(game, 0, ids, 1, SIZE_MAX, SIZE_MAX, &(uint16_t){0}, NULL, NULL) == PE_ERR_COUNT,
              "batch k = SIZE_MAX");
        if (is_omaha(game))
            CHECK(t, pe_eval(game, 0, ids, 9, SIZE_MAX, &(uint16_t){0}, NULL) == PE_ERR_COUNT, "hole = SIZE_MAX");
    }
}

static void test_games(tally_t *t)
{
    static const int bad_games[] = {-1, PE_NUM_GAMES, PE_NUM_GAMES + 1, 100, 255, 256, INT_MAX, INT_MIN};
    uint8_t ids[9];
    valid_hand(PE_GAME_HOLDEM, ids, 9);
    for (size_t i = 0; i < sizeof bad_games / sizeof bad_games[0]; i++) {
        int game = bad_games[i];
        for (size_t n = 4; n <= 9; n++) {
            uint16_t hi = 0xBEEF, lo = 0xBEEF, out[1] = {0xBEEF};
            size_t bad = 5;
            CHECK(t, pe_eval(game, 0, ids, n, 4, &hi, &lo) == PE_ERR_GAME, "pe_eval(game %d)", game);
            CHECK(t, hi == 0xBEEF && lo == 0xBEEF, "pe_eval(game %d) wrote its outputs", game);
            CHECK(t, pe_eval_packed(game, ids, n, 4) == PE_ERR_GAME, "pe_eval_packed(game %d)", game);
            CHECK(t, pe_eval_batch(game, 0, ids, 1, n, 4, out, NULL, &bad) == PE_ERR_GAME, "pe_eval_batch(game %d)",
                  game);
            CHECK(t, pe_eval_batch(game, 0, ids, 0, n, 4, out, NULL, &bad) == PE_ERR_GAME,
                  "pe_eval_batch(game %d, 0, 0 rows)", game);
            CHECK(t, out[0] == 0xBEEF, "pe_eval_batch(game %d) wrote its output", game);
            uint8_t pos[8];
            size_t m;
            CHECK(t, pe_best_cards(game, 0, ids, n, 4, pos, &m, NULL, NULL, NULL) == PE_ERR_GAME,
                  "pe_best_cards(game %d)", game);
        }
        CHECK(t, pe_game_max(game) == 0, "pe_game_max(%d) = %u", game, pe_game_max(game));
        CHECK(t, pe_category(game, 1) == -1, "pe_category(%d, 1) = %d", game, pe_category(game, 1));
    }
    /* Values outside each scale have no category; in hold'em and stud the thirteen
     * values above the top are five of a kind, which only wild cards make. */
    for (size_t g = 0; g < N_GAMES; g++) {
        int game = all_games[g];
        int wild = game == PE_GAME_HOLDEM || game == PE_GAME_STUD;
        uint16_t past = (uint16_t)(pe_game_max(game) + 1 + (wild ? 13 : 0));
        if (wild)
            CHECK(t, pe_category(game, (uint16_t)(pe_game_max(game) + 13)) == PE_FIVE_OF_A_KIND,
                  "pe_category(game %d, max + 13)", game);
        CHECK(t, pe_category(game, 0) == -1, "pe_category(game %d, 0)", game);
        CHECK(t, pe_category(game, past) == -1, "pe_category(game %d, past the scale)", game);
        CHECK(t, pe_category(game, 0xFFFF) == -1, "pe_category(game %d, 0xFFFF)", game);
    }
}

static void test_null_pointers(tally_t *t)
{
    uint8_t ids[9];
    for (size_t g = 0; g < N_GAMES; g++) {
        int game = all_games[g];
        size_t n = is_omaha(game) ? 9 : game == PE_GAME_BADUGI ? 4 : 5;
        size_t hole = is_omaha(game) ? 4 : 0;
        valid_hand(game, ids, n);
        uint16_t hi = 0, lo = 0, out[2] = {0, 0};
        size_t bad = 9;
        CHECK(t, pe_eval(game, 0, ids, n, hole, NULL, &lo) == PE_ERR_ARG, "pe_eval(game %d, 0, hi NULL)", game);
        CHECK(t, pe_eval(game, 0, NULL, n, hole, &hi, &lo) == PE_ERR_ARG, "pe_eval(game %d, 0, ids NULL)", game);
        CHECK(t, pe_eval(game, 0, ids, n, hole, &hi, NULL) == PE_OK, "pe_eval(game %d, 0, lo NULL)", game);
        CHECK(t, pe_eval_packed(game, NULL, n, hole) == PE_ERR_ARG, "pe_eval_packed(game %d, NULL)", game);
        /* Batch: 0 rows needs no pointers at all; with rows, ids and hi are required. */
        CHECK(t, pe_eval_batch(game, 0, NULL, 0, n, hole, NULL, NULL, NULL) == PE_OK, "batch(game %d, 0 rows, NULLs)",
              game);
        CHECK(t, pe_eval_batch(game, 0, NULL, 0, n, hole, NULL, NULL, &bad) == PE_OK && bad == 0,
              "batch(game %d, 0 rows): bad_row %zu", game, bad);
        CHECK(t, pe_eval_batch(game, 0, NULL, 1, n, hole, out, NULL, &bad) == PE_ERR_ARG, "batch(game %d, ids NULL)",
              game);
        CHECK(t, pe_eval_batch(game, 0, ids, 1, n, hole, NULL, NULL, &bad) == PE_ERR_ARG, "batch(game %d, hi NULL)",
              game);
        CHECK(t, pe_eval_batch(game, 0, ids, 1, n, hole, out, NULL, NULL) == PE_OK, "batch(game %d, bad_row NULL)",
              game);
        CHECK(t, pe_eval_batch(game, 0, ids, 1, n, hole, out, &lo, NULL) == PE_OK, "batch(game %d, lo given)", game);
        uint8_t pos[8];
        size_t m = 0, ml = 0;
        CHECK(t, pe_best_cards(game, 0, ids, n, hole, NULL, &m, pos, &ml, NULL) == PE_ERR_ARG,
              "best_cards(game %d, hi_pos NULL)", game);
        CHECK(t, pe_best_cards(game, 0, ids, n, hole, pos, NULL, pos, &ml, NULL) == PE_ERR_ARG,
              "best_cards(game %d, n_hi NULL)", game);
        CHECK(t, pe_best_cards(game, 0, NULL, n, hole, pos, &m, NULL, NULL, NULL) == PE_ERR_ARG,
              "best_cards(game %d, ids NULL)", game);
        CHECK(t, pe_best_cards(game, 0, ids, n, hole, pos, &m, NULL, NULL, NULL) == PE_OK,
              "best_cards(game %d, lo_pos and n_lo NULL)", game);
        CHECK(t, pe_best_cards(game, 0, ids, n, hole, pos, &m, NULL, &ml, NULL) == PE_OK,
              "best_cards(game %d, lo_pos NULL)", game);
    }
}

/* Ids 52..255 anywhere in a hand are PE_ERR_CARD in every entry point; 51 is fine;
 * short deck also refuses 0..15 (the 2s to 5s). */
static void test_card_range(tally_t *t)
{
    for (size_t g = 0; g < N_GAMES; g++) {
        int game = all_games[g];
        size_t n = is_omaha(game) ? 9 : game == PE_GAME_BADUGI ? 4 : game == PE_GAME_DEUCE_SEVEN ? 5 : 7;
        size_t hole = is_omaha(game) ? 4 : 0;
        uint8_t ids[9], rows[3 * 9];
        /* The largest ids: 51 down. */
        for (size_t i = 0; i < n; i++)
            ids[i] = (uint8_t)(51 - i);
        uint16_t hi = 0;
        CHECK(t, pe_eval(game, 0, ids, n, hole, &hi, NULL) == PE_OK && hi >= 1 && hi <= pe_game_max(game),
              "game %d: the top ids 51.. are refused", game);
        for (unsigned bad_id = 0; bad_id < 256; bad_id++) {
            int in_deck = bad_id < 52 && !(game == PE_GAME_SHORTDECK && bad_id < 16);
            if (in_deck)
                continue;
            for (size_t at = 0; at < n; at++) {
                for (size_t i = 0; i < n; i++)
                    ids[i] = (uint8_t)(51 - i);
                ids[at] = (uint8_t)bad_id;
                CHECK(t, pe_eval(game, 0, ids, n, hole, &hi, NULL) == PE_ERR_CARD, "pe_eval(game %d, 0, id %u at %zu)",
                      game, bad_id, at);
                CHECK(t, pe_eval_packed(game, ids, n, hole) == PE_ERR_CARD, "pe_eval_packed(game %d, id %u)",
                      game, bad_id);
                uint8_t pos[8];
                size_t m;
                CHECK(t, pe_best_cards(game, 0, ids, n, hole, pos, &m, NULL, NULL, NULL) == PE_ERR_CARD,
                      "pe_best_cards(game %d, id %u)", game, bad_id);
                /* In a batch: the bad row is the last of three; the two before are valid. */
                for (size_t row = 0; row < 3; row++)
                    for (size_t i = 0; i < n; i++)
                        rows[row * n + i] = row == 2 ? ids[i] : (uint8_t)(51 - i - row);
                uint16_t out[3] = {0, 0, 0};
                size_t bad_row = 99;
                int rc = pe_eval_batch(game, 0, rows, 3, n, hole, out, NULL, &bad_row);
                CHECK(t, rc == PE_ERR_CARD && bad_row == 2, "pe_eval_batch(game %d, 0, id %u at %zu): rc %d row %zu",
                      game, bad_id, at, rc, bad_row);
                CHECK(t, out[0] != 0 && out[1] != 0, "pe_eval_batch(game %d): rows before the bad one not written",
                      game);
            }
        }
    }
}

/* Every pair of positions holding the same card is PE_ERR_DUPLICATE, with the right row. */
static void test_duplicates(tally_t *t, rng_t *r)
{
    for (size_t g = 0; g < N_GAMES; g++) {
        int game = all_games[g];
        unsigned lowest = game == PE_GAME_SHORTDECK ? 16 : 0;
        for (size_t n = 4; n <= 11; n++) {
            for (size_t hole = 0; hole <= 6; hole++) {
                if (!allowed(game, n, hole) || (!is_omaha(game) && hole != 0))
                    continue;
                for (size_t i = 0; i < n; i++)
                    for (size_t j = i + 1; j < n; j++) {
                        uint8_t ids[11], rows[4 * 11];
                        deal(r, ids, n, lowest);
                        ids[j] = ids[i];
                        uint16_t hi = 0;
                        CHECK(t, pe_eval(game, 0, ids, n, hole, &hi, NULL) == PE_ERR_DUPLICATE,
                              "pe_eval(game %d, 0, %zu cards, positions %zu and %zu equal)", game, n, i, j);
                        CHECK(t, pe_eval_packed(game, ids, n, hole) == PE_ERR_DUPLICATE,
                              "pe_eval_packed(game %d, dup %zu %zu)", game, i, j);
                        uint8_t pos[8];
                        size_t m;
                        CHECK(t, pe_best_cards(game, 0, ids, n, hole, pos, &m, NULL, NULL, NULL) == PE_ERR_DUPLICATE,
                              "pe_best_cards(game %d, dup %zu %zu)", game, i, j);
                        /* The duplicate row at each place among four rows. */
                        for (size_t at = 0; at < 4; at++) {
                            for (size_t row = 0; row < 4; row++) {
                                if (row == at)
                                    memcpy(rows + row * n, ids, n);
                                else
                                    deal(r, rows + row * n, n, lowest);
                            }
                            uint16_t out[4], low[4];
                            size_t bad_row = 99;
                            int rc = pe_eval_batch(game, 0, rows, 4, n, hole, out, low, &bad_row);
                            CHECK(t, rc == PE_ERR_DUPLICATE && bad_row == at,
                                  "pe_eval_batch(game %d, 0, %zu cards, dup %zu %zu in row %zu): rc %d row %zu", game,
                                  n, i, j, at, rc, bad_row);
                        }
                    }
            }
        }
    }
}

/* A batch gives what pe_eval gives, row by row, for every game; hi-lo fills lo. */
static void test_batch_matches(tally_t *t, rng_t *r)
{
    enum { ROWS = 500 };
    static uint8_t rows[ROWS * 11];
    static uint16_t hi[ROWS], lo[ROWS];
    for (size_t g = 0; g < N_GAMES; g++) {
        int game = all_games[g];
        unsigned lowest = game == PE_GAME_SHORTDECK ? 16 : 0;
        for (size_t n = 4; n <= 11; n++)
            for (size_t hole = 0; hole <= 6; hole++) {
                if (!allowed(game, n, hole) || (!is_omaha(game) && hole != 0))
                    continue;
                for (size_t row = 0; row < ROWS; row++)
                    deal(r, rows + row * n, n, lowest);
                memset(lo, 0xAB, sizeof lo);
                size_t bad_row = 99;
                int rc = pe_eval_batch(game, 0, rows, ROWS, n, hole, hi, lo, &bad_row);
                CHECK(t, rc == PE_OK && bad_row == 0, "pe_eval_batch(game %d, 0, k %zu) rc %d", game, n, rc);
                for (size_t row = 0; row < ROWS; row++) {
                    uint16_t one_hi = 0, one_lo = 0;
                    pe_eval(game, 0, rows + row * n, n, hole, &one_hi, &one_lo);
                    if (hi[row] != one_hi || lo[row] != one_lo) {
                        CHECK(t, 0, "pe_eval_batch(game %d, 0, k %zu) row %zu: %u/%u, pe_eval %u/%u", game, n, row,
                              hi[row], lo[row], one_hi, one_lo);
                        break;
                    }
                }
            }
    }
}

/* The hold'em batch kernels (scalar, AVX2, AVX-512 where this CPU has them) against
 * pe_eval row by row, at sizes around every vector width, and with one bad row at the
 * start, inside a vector block, in the tail and at the end. */
static void test_batch_kernels(tally_t *t, rng_t *r)
{
    static const char *const paths[] = {"scalar", "avx2", "avx512", "neon"};
    static const size_t sizes[] = {0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 1000};
    enum { MAX_ROWS = 1000 };
    static uint8_t rows[MAX_ROWS * 7];
    static uint16_t hi[MAX_ROWS + 1];
    CHECK(t, pe_simd_init("no-such-kernel") == PE_ERR_ARG, "pe_simd_init accepts an unknown kernel");
    CHECK(t, pe_simd_init("") == PE_OK && pe_simd_init(NULL) == PE_OK && pe_simd_init("auto") == PE_OK,
          "pe_simd_init(auto) fails");
    const char *best = pe_simd_path();
    CHECK(t, best != NULL && (strcmp(best, "scalar") == 0 || strcmp(best, "avx2") == 0 ||
                              strcmp(best, "avx512") == 0 || strcmp(best, "neon") == 0),
          "pe_simd_path names no known kernel");
    int ran = 0;
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++) {
        if (pe_simd_init(paths[p]) != PE_OK) {
            CHECK(t, strcmp(paths[p], "scalar") != 0, "the scalar kernel is refused");
            continue;
        }
        CHECK(t, strcmp(pe_simd_path(), paths[p]) == 0, "pe_simd_path is %s after choosing %s", pe_simd_path(),
              paths[p]);
        ran++;
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            size_t n = sizes[si];
            for (size_t k = 5; k <= 7; k++) {
                for (int game = PE_GAME_HOLDEM; game <= PE_GAME_STUD; game++) {
                    for (size_t row = 0; row < n; row++)
                        deal(r, rows + row * k, k, 0);
                    hi[n] = 0xABCD; /* a guard past the last row */
                    size_t bad_row = 99;
                    int rc = pe_eval_batch(game, 0, rows, n, k, 0, hi, NULL, &bad_row);
                    CHECK(t, rc == PE_OK && hi[n] == 0xABCD, "%s kernel: %zu rows of %zu: rc %d", paths[p], n, k,
                          rc);
                    for (size_t row = 0; row < n; row++)
                        if (hi[row] != pe_eval_ids(rows + row * k, k)) {
                            CHECK(t, 0, "%s kernel: row %zu of %zu (k %zu) is %u, pe_eval_ids %u", paths[p], row, n,
                                  k, hi[row], pe_eval_ids(rows + row * k, k));
                            break;
                        }
                    if (n == 0)
                        continue;
                    size_t places[4] = {0, n / 2, n > 1 ? n - 2 : 0, n - 1};
                    for (size_t pi = 0; pi < 4; pi++) {
                        size_t at = places[pi];
                        for (int kind = 0; kind < 2; kind++) {
                            uint8_t saved[7];
                            memcpy(saved, rows + at * k, k);
                            size_t i = rng_below(r, (unsigned)k), j = (i + 1 + rng_below(r, (unsigned)k - 1)) % k;
                            if (kind == 0)
                                rows[at * k + j] = rows[at * k + i];
                            else
                                rows[at * k + i] = (uint8_t)(52 + rng_below(r, 204));
                            /* A second bad row later must not be the one reported. */
                            uint8_t later[7];
                            size_t second = at + 1 < n ? n - 1 : at;
                            memcpy(later, rows + second * k, k);
                            if (second != at)
                                rows[second * k] = 255;
                            bad_row = 99;
                            rc = pe_eval_batch(game, 0, rows, n, k, 0, hi, NULL, &bad_row);
                            int want = kind == 0 ? PE_ERR_DUPLICATE : PE_ERR_CARD;
                            CHECK(t, rc == want && bad_row == at, "%s kernel: bad row %zu of %zu (k %zu): rc %d row %zu",
                                  paths[p], at, n, k, rc, bad_row);
                            for (size_t row = 0; row < at; row++)
                                if (hi[row] != pe_eval_ids(rows + row * k, k)) {
                                    CHECK(t, 0, "%s kernel: row %zu before the bad row %zu is wrong", paths[p], row,
                                          at);
                                    break;
                                }
                            memcpy(rows + second * k, later, k);
                            memcpy(rows + at * k, saved, k);
                        }
                    }
                }
            }
        }
        printf("  %s batch kernel\n", paths[p]);
    }
    CHECK(t, ran >= 1, "no batch kernel ran");
    pe_simd_init("auto");
}

/* Every kernel this CPU runs against the scalar kernel, bit for bit, on every class of
 * row: random rows around every block and chunk size, rows rich in flushes, and batches
 * with a bad row (a byte that is no card at each position, each pair of positions
 * repeated, both in one row, several bad rows) at every place in a block.  Compared: the
 * code, the first bad row, and every value before it (after it a kernel may have written
 * or not). */
static void test_kernels_match_scalar(tally_t *t, rng_t *r)
{
    static const char *const paths[] = {"avx2", "avx512", "neon"};
    static const size_t sizes[] = {1, 15, 16, 17, 22, 23, 24, 31, 32, 33, 47, 48, 49, 63, 64, 65, 1023, 1024, 1025, 4099};
    enum { MAX_ROWS = 4099 };
    static uint8_t rows[MAX_ROWS * 7];
    static uint16_t want[MAX_ROWS], got[MAX_ROWS];
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++) {
        if (pe_simd_init(paths[p]) != PE_OK)
            continue;
        unsigned long compared = 0;
        for (size_t k = 5; k <= 7; k++)
            for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
                size_t n = sizes[si];
                for (int kind = 0; kind < 6; kind++) {
                    for (size_t row = 0; row < n; row++) {
                        if (kind == 1) { /* flushes: one or two suits */
                            unsigned suits = 1 + rng_below(r, 2), base = rng_below(r, 4);
                            uint8_t pool[26];
                            for (unsigned i = 0; i < 13 * suits; i++)
                                pool[i] = (uint8_t)(4 * (i % 13) + (base + i / 13) % 4);
                            for (size_t i = 0; i < k; i++) { /* k distinct picks from the pool */
                                unsigned j = (unsigned)i + rng_below(r, 13 * suits - (unsigned)i);
                                uint8_t c = pool[i];
                                pool[i] = pool[j];
                                pool[j] = c;
                                rows[row * k + i] = pool[i];
                            }
                        } else {
                            deal(r, rows + row * k, k, 0);
                        }
                    }
                    /* kinds 2..5: a bad row somewhere (and for 5, more bad rows after it) */
                    size_t at = rng_below(r, (unsigned)n);
                    size_t i = rng_below(r, (unsigned)k), j = (i + 1 + rng_below(r, (unsigned)k - 1)) % k;
                    if (kind == 2)
                        rows[at * k + i] = (uint8_t)(52 + rng_below(r, 204));
                    if (kind == 3)
                        rows[at * k + j] = rows[at * k + i];
                    if (kind == 4) {
                        rows[at * k + j] = rows[at * k + i];
                        rows[at * k + (j + 1 + rng_below(r, (unsigned)k - 1)) % k] = (uint8_t)(52 + rng_below(r, 204));
                    }
                    if (kind == 5)
                        for (size_t row = at; row < n; row += 1 + rng_below(r, 20))
                            rows[row * k + rng_below(r, (unsigned)k)] = 255;
                    size_t bad_want = 0, bad_got = 0;
                    pe_simd_init("scalar");
                    int rc_want = pe_eval_batch(PE_GAME_HOLDEM, 0, rows, n, k, 0, want, NULL, &bad_want);
                    pe_simd_init(paths[p]);
                    int rc_got = pe_eval_batch(PE_GAME_HOLDEM, 0, rows, n, k, 0, got, NULL, &bad_got);
                    size_t upto = rc_want == PE_OK ? n : bad_want;
                    int same = rc_got == rc_want && bad_got == bad_want && memcmp(got, want, upto * sizeof want[0]) == 0;
                    CHECK(t, same, "%s kernel against scalar: %zu rows of %zu, kind %d: rc %d/%d, bad row %zu/%zu",
                          paths[p], n, k, kind, rc_got, rc_want, bad_got, bad_want);
                    compared += n;
                }
            }
        printf("  %s kernel against the scalar kernel: %lu rows\n", paths[p], compared);
    }
    pe_simd_init("auto");
}

/* ---- the newer single-hand entry points ---- */

static void test_checked_fast_paths(tally_t *t, rng_t *r)
{
    for (long i = 0; i < 200000; i++) {
        uint8_t ids[7];
        size_t n = 5 + rng_below(r, 3);
        deal(r, ids, n, 0);
        uint64_t mask = 0;
        for (size_t j = 0; j < n; j++)
            mask |= 1ull << ids[j];
        int32_t want = (int32_t)pe_eval_ids(ids, n);
        if (pe_eval_holdem(ids, n) != want || pe_eval_mask_checked(mask) != want)
            CHECK(t, 0, "pe_eval_holdem / pe_eval_mask_checked disagree with pe_eval_ids on %zu cards", n);
        /* The same hand with one card repeated, or one id past the deck. */
        uint8_t bad[7];
        memcpy(bad, ids, n);
        size_t a = rng_below(r, (unsigned)n), b = (a + 1 + rng_below(r, (unsigned)n - 1)) % n;
        bad[b] = bad[a];
        if (pe_eval_holdem(bad, n) != PE_ERR_DUPLICATE)
            CHECK(t, 0, "pe_eval_holdem misses a duplicate at %zu and %zu", a, b);
        bad[b] = (uint8_t)(52 + rng_below(r, 204));
        if (pe_eval_holdem(bad, n) != PE_ERR_CARD)
            CHECK(t, 0, "pe_eval_holdem misses id %u", bad[b]);
        /* A mask bit above 51 in place of a card: still 5..7 bits, so the card is at fault. */
        uint64_t high = (mask & ~(1ull << ids[a])) | 1ull << (52 + rng_below(r, 12));
        if (pe_eval_mask_checked(high) != PE_ERR_CARD)
            CHECK(t, 0, "pe_eval_mask_checked misses a bit above 51");
    }
    uint8_t ids[9] = {0, 5, 10, 15, 20, 25, 30, 35, 40};
    for (size_t n = 0; n <= 9; n++) {
        int ok = n >= 5 && n <= 7;
        int32_t v = pe_eval_holdem(ids, n);
        CHECK(t, ok ? v > 0 : v == PE_ERR_COUNT, "pe_eval_holdem(%zu cards) = %ld", n, (long)v);
        uint64_t mask = 0;
        for (size_t j = 0; j < n; j++)
            mask |= 1ull << ids[j];
        v = pe_eval_mask_checked(mask);
        CHECK(t, ok ? v > 0 : v == PE_ERR_COUNT, "pe_eval_mask_checked(%zu bits) = %ld", n, (long)v);
    }
    CHECK(t, pe_eval_holdem(NULL, 5) < 0, "pe_eval_holdem(NULL) is not an error");
    CHECK(t, pe_eval_mask_checked(~0ull) < 0, "pe_eval_mask_checked(all bits) is not an error");
    printf("  pe_eval_holdem, pe_eval_mask_checked\n");
}

/* ---- equity against every runout, from the rules ---- */

/* Best high key and best 8-or-better low value (0 = none) of one player on a full board:
 * any five of the seven cards (hold'em), or exactly two hole and three board (Omaha). */
static void player_best(const uint8_t *hole, size_t nh, const uint8_t *board, int omaha, uint32_t *hi,
                        unsigned *lo)
{
    uint8_t five[5], seven[7];
    int cat;
    *hi = 0;
    *lo = 0;
    if (!omaha) {
        memcpy(seven, hole, 2);
        memcpy(seven + 2, board, 5);
        *hi = best_key(seven, 7, key_holdem);
        return;
    }
    for (size_t a = 0; a < nh; a++)
        for (size_t b = a + 1; b < nh; b++)
            for (size_t c = 0; c < 5; c++)
                for (size_t d = c + 1; d < 5; d++)
                    for (size_t e = d + 1; e < 5; e++) {
                        five[0] = hole[a], five[1] = hole[b];
                        five[2] = board[c], five[3] = board[d], five[4] = board[e];
                        uint32_t k = key_holdem(five, &cat);
                        *hi = k > *hi ? k : *hi;
                        unsigned m = low8_mask(five);
                        if (m && low8_value(m) > *lo)
                            *lo = low8_value(m);
                    }
}

typedef struct {
    double share[10];
    uint64_t wins[10], ties[10], runs;
} expect_t;

/* Every runout of the board from the cards no one holds: each pot (or half pot in hi-lo
 * with a low) split equally among the best hands. */
static void expected_equity(const uint8_t *holes, size_t players, size_t nh, const uint8_t *board, size_t nboard,
                            const uint8_t *dead, size_t ndead, int game, expect_t *x)
{
    memset(x, 0, sizeof *x);
    uint64_t used = 0;
    for (size_t i = 0; i < players * nh; i++)
        used |= 1ull << holes[i];
    for (size_t i = 0; i < nboard; i++)
        used |= 1ull << board[i];
    for (size_t i = 0; i < ndead; i++)
        used |= 1ull << dead[i];
    uint8_t live[52];
    size_t nl = 0;
    for (unsigned c = 0; c < 52; c++)
        if (!(used >> c & 1u))
            live[nl++] = (uint8_t)c;
    size_t need = 5 - nboard;
    size_t idx[5] = {0, 1, 2, 3, 4};
    for (;;) {
        uint8_t full[5];
        memcpy(full, board, nboard);
        for (size_t i = 0; i < need; i++)
            full[nboard + i] = live[idx[i]];
        uint32_t hi[10], best_hi = 0;
        unsigned lo[10], best_lo = 0;
        for (size_t p = 0; p < players; p++) {
            player_best(holes + p * nh, nh, full, game != PE_GAME_HOLDEM, &hi[p], &lo[p]);
            best_hi = hi[p] > best_hi ? hi[p] : best_hi;
            if (game == PE_GAME_OMAHA_HILO)
                best_lo = lo[p] > best_lo ? lo[p] : best_lo;
        }
        size_t n_hi = 0, n_lo = 0;
        for (size_t p = 0; p < players; p++) {
            n_hi += hi[p] == best_hi;
            n_lo += best_lo && lo[p] == best_lo;
        }
        double hi_pot = best_lo ? 0.5 : 1.0;
        for (size_t p = 0; p < players; p++) {
            double got = (hi[p] == best_hi ? hi_pot / (double)n_hi : 0.0) +
                         (best_lo && lo[p] == best_lo ? 0.5 / (double)n_lo : 0.0);
            x->share[p] += got;
            if (got == 1.0)
                x->wins[p]++;
            else if (got > 0.0)
                x->ties[p]++;
        }
        x->runs++;
        /* Next combination of `need` live cards. */
        if (need == 0)
            break;
        size_t i = need;
        while (i > 0 && idx[i - 1] == nl - need + i - 1)
            i--;
        if (i == 0)
            break;
        idx[i - 1]++;
        for (size_t j = i; j < need; j++)
            idx[j] = idx[j - 1] + 1;
    }
    for (size_t p = 0; p < players; p++)
        x->share[p] /= (double)x->runs;
}

static double absd(double x) { return x < 0 ? -x : x; }

static void test_equity(tally_t *t, rng_t *r)
{
    double equity[10];
    uint64_t wins[10], ties[10], runs = 0;
    expect_t x;
    long deals = 0;
    for (int game = PE_GAME_HOLDEM; game <= PE_GAME_OMAHA_HILO; game++) {
        if (game != PE_GAME_HOLDEM && game != PE_GAME_OMAHA && game != PE_GAME_OMAHA_HILO)
            continue;
        for (int i = 0; i < 40; i++) {
            int omaha = game != PE_GAME_HOLDEM;
            size_t players = 2 + rng_below(r, omaha ? 2 : 4);
            size_t nh = omaha ? 4 + rng_below(r, 3) : 2;
            /* Omaha from the turn (one card to come) keeps the brute force quick. */
            size_t nboard = omaha ? 4 : 3 + rng_below(r, 3);
            size_t ndead = rng_below(r, 3);
            uint8_t cards[52];
            deal(r, cards, players * nh + nboard + ndead, 0);
            const uint8_t *holes = cards, *board = cards + players * nh, *dead = board + nboard;
            expected_equity(holes, players, nh, board, nboard, dead, ndead, game, &x);
            int rc = omaha ? pe_equity_omaha(game, holes, players, nh, board, nboard, dead, ndead, 0, 1, equity,
                                             wins, ties, &runs)
                           : pe_equity_holdem(holes, players, board, nboard, dead, ndead, 0, 1, equity, wins, ties,
                                              &runs);
            CHECK(t, rc == PE_OK && runs == x.runs, "equity (game %d, %zu players, board %zu): rc %d, %llu runs, "
                  "rules give %llu", game, players, nboard, rc, (unsigned long long)runs,
                  (unsigned long long)x.runs);
            if (rc != PE_OK)
                continue;
            for (size_t p = 0; p < players; p++) {
                CHECK(t, absd(equity[p] - x.share[p]) < 1e-9, "equity (game %d) player %zu: %.12f, rules give %.12f",
                      game, p, equity[p], x.share[p]);
                CHECK(t, wins[p] == x.wins[p] && ties[p] == x.ties[p],
                      "equity (game %d) player %zu: wins %llu ties %llu, rules give %llu %llu", game, p,
                      (unsigned long long)wins[p], (unsigned long long)ties[p], (unsigned long long)x.wins[p],
                      (unsigned long long)x.ties[p]);
            }
            if (!omaha) {
                /* A range of one row per player is that hand. */
                uint32_t counts[10];
                double weights[10], eq2[10];
                uint64_t w2[10], t2[10], runs2 = 0;
                for (size_t p = 0; p < players; p++)
                    counts[p] = 1, weights[p] = 0.5 + (double)p;
                rc = pe_equity_ranges_holdem(holes, weights, counts, players, board, nboard, dead, ndead, 0, 1, eq2,
                                             w2, t2, &runs2);
                CHECK(t, rc == PE_OK && runs2 == runs, "ranges of one hand: rc %d", rc);
                for (size_t p = 0; rc == PE_OK && p < players; p++)
                    CHECK(t, absd(eq2[p] - equity[p]) < 1e-9 && w2[p] == wins[p] && t2[p] == ties[p],
                          "ranges of one hand differ from the hands, player %zu", p);
            }
            deals++;
        }
    }
    /* Monte Carlo: the same seed gives the same numbers; runs is the sample count. */
    uint8_t cards[9];
    deal(r, cards, 9, 0);
    double e1[2], e2[2];
    uint64_t w1[2], w2[2], t1[2], t2[2], r1 = 0, r2 = 0;
    int rc1 = pe_equity_holdem(cards, 2, cards + 4, 3, NULL, 0, 5000, 42, e1, w1, t1, &r1);
    int rc2 = pe_equity_holdem(cards, 2, cards + 4, 3, NULL, 0, 5000, 42, e2, w2, t2, &r2);
    CHECK(t, rc1 == PE_OK && rc2 == PE_OK && r1 == 5000 && r2 == 5000, "Monte Carlo: rc %d, %llu runs", rc1,
          (unsigned long long)r1);
    CHECK(t, memcmp(e1, e2, sizeof e1) == 0 && memcmp(w1, w2, sizeof w1) == 0 && memcmp(t1, t2, sizeof t1) == 0,
          "Monte Carlo with one seed gives two answers");
    CHECK(t, absd(e1[0] + e1[1] - 1.0) < 1e-9, "Monte Carlo equities add up to %.12f", e1[0] + e1[1]);

    /* Edge arguments. */
    uint8_t holes[20];
    deal(r, holes, 20, 0);
    const uint8_t *board = holes + 12;
    for (size_t players = 0; players <= 12; players++) {
        int ok = players >= 2 && players <= 6; /* 6 * 2 hole cards + 3 board fit in 20 dealt */
        int rc = pe_equity_holdem(holes, players, board, 3, NULL, 0, 100, 1, equity, wins, ties, &runs);
        if (players < 2 || players > 10)
            CHECK(t, rc == PE_ERR_COUNT, "pe_equity_holdem(%zu players) rc %d", players, rc);
        else if (ok)
            CHECK(t, rc == PE_OK, "pe_equity_holdem(%zu players) rc %d", players, rc);
    }
    CHECK(t, pe_equity_holdem(holes, 2, board, 6, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_COUNT,
          "board of 6");
    /* Exactly enough cards left to complete the board, and one short. */
    uint8_t deck[52];
    deal(r, deck, 52, 0);
    CHECK(t, pe_equity_holdem(deck, 2, NULL, 0, deck + 4, 43, 0, 1, equity, wins, ties, &runs) == PE_OK && runs == 1,
          "4 hole + 43 dead leaves one runout: rc/runs wrong");
    CHECK(t, pe_equity_holdem(deck, 2, NULL, 0, deck + 4, 44, 0, 1, equity, wins, ties, &runs) == PE_ERR_COUNT,
          "4 hole + 44 dead leaves 4 cards for a board of 5");
    CHECK(t, pe_equity_holdem(deck, 2, deck + 4, 2, deck + 6, 43, 0, 1, equity, wins, ties, &runs) == PE_OK &&
                 runs == 1,
          "4 hole + 2 board + 43 dead leaves 3 cards for 3 to come: rc/runs wrong");
    CHECK(t, pe_equity_holdem(deck, 2, deck + 4, 2, deck + 6, 44, 0, 1, equity, wins, ties, &runs) == PE_ERR_COUNT,
          "4 hole + 2 board + 44 dead leaves 2 cards for 3 to come");
    CHECK(t, pe_equity_holdem(holes, 2, board, 3, holes + 4, 53, 0, 1, equity, wins, ties, &runs) == PE_ERR_COUNT,
          "53 dead cards");
    CHECK(t, pe_equity_holdem(NULL, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_ARG, "holes NULL");
    CHECK(t, pe_equity_holdem(holes, 2, NULL, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_ARG, "board NULL");
    CHECK(t, pe_equity_holdem(holes, 2, board, 3, NULL, 2, 0, 1, equity, wins, ties, &runs) == PE_ERR_ARG, "dead NULL");
    CHECK(t, pe_equity_holdem(holes, 2, board, 3, NULL, 0, 0, 1, NULL, wins, ties, &runs) == PE_ERR_ARG,
          "equity NULL");
    CHECK(t, pe_equity_holdem(holes, 2, board, 3, NULL, 0, 0, 1, equity, NULL, ties, &runs) == PE_ERR_ARG, "wins NULL");
    CHECK(t, pe_equity_holdem(holes, 2, board, 3, NULL, 0, 0, 1, equity, wins, NULL, &runs) == PE_ERR_ARG, "ties NULL");
    CHECK(t, pe_equity_holdem(holes, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, NULL) == PE_ERR_ARG, "runs NULL");
    CHECK(t, pe_equity_holdem(holes, 2, NULL, 0, NULL, 0, 100, 1, equity, wins, ties, &runs) == PE_OK,
          "no board, no dead: NULL pointers are fine");
    uint8_t bad[4];
    for (int where = 0; where < 4; where++) {
        memcpy(bad, holes, 4);
        bad[where] = (uint8_t)(52 + where * 50);
        CHECK(t, pe_equity_holdem(bad, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_CARD,
              "equity with id %u", bad[where]);
        memcpy(bad, holes, 4);
        bad[where] = holes[(where + 1) % 4];
        CHECK(t, pe_equity_holdem(bad, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_DUPLICATE,
              "equity with a card twice among the holes");
        memcpy(bad, holes, 4);
        bad[where] = board[where % 3];
        CHECK(t, pe_equity_holdem(bad, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_DUPLICATE,
              "equity with a hole card on the board");
        CHECK(t, pe_equity_holdem(holes, 2, board, 3, bad + where, 1, 0, 1, equity, wins, ties, &runs) ==
                     (bad[where] == board[where % 3] ? PE_ERR_DUPLICATE : PE_OK),
              "equity with a dead card on the board");
    }
    CHECK(t, pe_equity_omaha(PE_GAME_HOLDEM, holes, 2, 4, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) ==
                 PE_ERR_GAME,
          "pe_equity_omaha(holdem)");
    CHECK(t, pe_equity_omaha(99, holes, 2, 4, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) == PE_ERR_GAME,
          "pe_equity_omaha(game 99)");
    for (size_t hole = 0; hole <= 8; hole++)
        if (hole < 4 || hole > 6)
            CHECK(t, pe_equity_omaha(PE_GAME_OMAHA, holes, 2, hole, board, 3, NULL, 0, 0, 1, equity, wins, ties,
                                     &runs) == PE_ERR_COUNT,
                  "pe_equity_omaha(hole %zu)", hole);
    /* Ranges: weights must be finite and non-negative; every player needs a row; some
     * deal must be possible. */
    uint32_t counts[2] = {2, 1};
    double weights[3] = {1.0, 1.0, 1.0};
    uint8_t combos[6] = {holes[0], holes[1], holes[2], holes[3], holes[4], holes[5]};
    int rc = pe_equity_ranges_holdem(combos, weights, counts, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs);
    CHECK(t, rc == PE_OK, "ranges: rc %d", rc);
    CHECK(t, pe_equity_ranges_holdem(combos, weights, NULL, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) ==
                 PE_ERR_ARG,
          "ranges with counts NULL");
    CHECK(t, pe_equity_ranges_holdem(combos, NULL, counts, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) ==
                 PE_OK,
          "ranges with weights NULL (all 1)");
    const double bad_weights[] = {-1.0, NAN, INFINITY};
    for (size_t i = 0; i < 3; i++) {
        weights[1] = bad_weights[i];
        CHECK(t, pe_equity_ranges_holdem(combos, weights, counts, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties,
                                         &runs) == PE_ERR_ARG,
              "ranges with weight %g", bad_weights[i]);
    }
    weights[1] = 1.0;
    counts[1] = 0;
    CHECK(t, pe_equity_ranges_holdem(combos, weights, counts, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) ==
                 PE_ERR_COUNT,
          "ranges with an empty range");
    /* Both players hold only the same two cards: no deal is possible. */
    uint8_t same[4] = {holes[0], holes[1], holes[0], holes[1]};
    uint32_t one[2] = {1, 1};
    CHECK(t, pe_equity_ranges_holdem(same, NULL, one, 2, board, 3, NULL, 0, 0, 1, equity, wins, ties, &runs) ==
                 PE_ERR_DUPLICATE,
          "ranges with no possible deal");
    CHECK(t, pe_equity_ranges_holdem(same, NULL, one, 2, board, 3, NULL, 0, 100, 1, equity, wins, ties, &runs) ==
                 PE_ERR_DUPLICATE,
          "sampled ranges with no possible deal");
    /* pe_equity_exact_ranges: the same totals as the deals one by one (on the flop, the turn
     * and the river: three ways of playing them), a limit on the deals listed, and the
     * player with no row left named. */
    {
        uint64_t plain[2 * PE_EQ_FIELDS + 1], listed[2 * PE_EQ_FIELDS + 1], acc[2 * PE_EQ_FIELDS + 1];
        double weighted[2 * PE_EQ_FIELDS + 1];
        size_t bad = 99, ndeals = 0;
        uint32_t two[2] = {1, 0};
        uint8_t rows[2 + 2 * 6];
        for (size_t nb = 5; nb >= 3; nb--) {
            uint64_t fixed = (1ull << holes[0]) | (1ull << holes[1]);
            for (size_t i = 0; i < nb; i++)
                fixed |= 1ull << board[i];
            rows[0] = holes[0];
            rows[1] = holes[1];
            two[1] = 0;
            for (uint8_t c = 0; two[1] < 6 && c < 52; c++) {
                if (c & 1u || (fixed >> c & 1u) || (fixed >> (c ^ 1u) & 1u))
                    continue;
                rows[2 + 2 * two[1]] = c;
                rows[3 + 2 * two[1]] = (uint8_t)(c ^ 1u);
                two[1]++;
            }
            memset(listed, 0, sizeof listed);
            ndeals = 0;
            for (uint32_t v = 0; v < two[1]; v++) {
                uint8_t deal_row[4] = {rows[0], rows[1], rows[2 + 2 * v], rows[3 + 2 * v]};
                memset(acc, 0, sizeof acc);
                pe_equity_exact(PE_GAME_HOLDEM, 2, 2, deal_row, 1, board, nb, NULL, 0, 1, 0, 1, acc);
                for (size_t j = 0; j < 2 * PE_EQ_FIELDS + 1; j++)
                    listed[j] += acc[j];
                ndeals++;
            }
            CHECK(t, pe_equity_exact_ranges(PE_GAME_HOLDEM, 2, 2, rows, two, NULL, board, nb, NULL, 0, 1000, plain,
                                            weighted, &bad) == PE_OK &&
                         memcmp(plain, listed, sizeof plain) == 0 &&
                         weighted[2 * PE_EQ_FIELDS] == (double)listed[2 * PE_EQ_FIELDS],
                  "exact ranges: %zu deals on %zu board cards, the totals of the deals one by one", ndeals, nb);
        }
        CHECK(t, pe_equity_exact_ranges(PE_GAME_HOLDEM, 2, 2, rows, two, NULL, board, 3, NULL, 0, ndeals - 1, plain,
                                        weighted, &bad) == 1,
              "exact ranges: more deals than max_deals");
        uint8_t blocked[4] = {holes[0], holes[1], board[0], holes[1]};
        uint32_t ones[2] = {1, 1};
        CHECK(t, pe_equity_exact_ranges(PE_GAME_HOLDEM, 2, 2, blocked, ones, NULL, board, 3, NULL, 0, 10, plain,
                                        weighted, &bad) == PE_ERR_DUPLICATE &&
                     bad == 1,
              "exact ranges: player 1 has no row left (bad %zu)", bad);
        uint8_t clash[4] = {holes[0], holes[1], holes[1], holes[0]};
        CHECK(t, pe_equity_exact_ranges(PE_GAME_HOLDEM, 2, 2, clash, ones, NULL, board, 3, NULL, 0, 10, plain,
                                        weighted, &bad) == PE_ERR_DUPLICATE &&
                     bad == 2,
              "exact ranges: no deal left (bad %zu)", bad);
    }
    printf("  equity: %ld deals against every runout\n", deals);
}

/* ---- settle: no chip lost, edge arguments ---- */

static void test_settle(tally_t *t, rng_t *r)
{
    int64_t chips[10], dead[10];
    uint8_t folded[10], counts[10], cards[20], board[5], order[10];
    pe_settlement_t out;
    pe_showdown_t shown;
    long hands = 0;
    for (int i = 0; i < 3000; i++) {
        size_t n = 2 + rng_below(r, 8);
        uint8_t all[25];
        deal(r, all, 2 * n + 5, 0);
        memcpy(cards, all, 2 * n);
        memcpy(board, all + 2 * n, 5);
        int64_t total = 0;
        size_t live = 0;
        for (size_t s = 0; s < n; s++) {
            chips[s] = (int64_t)rng_below(r, 6) * 25;
            dead[s] = (int64_t)rng_below(r, 3);
            folded[s] = rng_below(r, 4) == 0;
            counts[s] = 2;
            total += chips[s] + dead[s];
            live += !folded[s];
        }
        if (live == 0)
            folded[0] = 0;
        int rc = pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out);
        if (rc != PE_OK) {
            /* Chips in with every seat that could win them folded is the one refusal. */
            CHECK(t, rc == PE_ERR_ARG && out.fault.what == PE_FAULT_NOBODY, "pe_settle: rc %d on a valid deal", rc);
            continue;
        }
        int64_t paid = 0, in_pots = out.uncalled;
        int negative = 0;
        for (size_t s = 0; s < n; s++) {
            paid += out.payouts[s];
            negative |= out.payouts[s] < 0;
        }
        for (size_t p = 0; p < out.n_pots; p++)
            in_pots += out.pots[p].amount;
        CHECK(t, paid == total && in_pots == total && !negative, "pe_settle: %lld chips in, %lld paid out",
              (long long)total, (long long)paid);
        /* Heads up with equal stakes, no dead money and nobody folded: the better hand takes all. */
        if (n == 2 && chips[0] == chips[1] && chips[0] > 0 && !folded[0] && !folded[1] && !dead[0] && !dead[1]) {
            uint32_t k0, k1;
            unsigned l0, l1;
            player_best(cards, 2, board, 0, &k0, &l0);
            player_best(cards + 2, 2, board, 0, &k1, &l1);
            int64_t want0 = k0 > k1 ? total : k0 < k1 ? 0 : total / 2;
            CHECK(t, out.payouts[0] == want0, "pe_settle heads up: seat 0 gets %lld, rules give %lld",
                  (long long)out.payouts[0], (long long)want0);
        }
        hands++;
    }
    /* Edge arguments: each refusal names what and where. */
    size_t n = 3;
    uint8_t all[11];
    deal(r, all, 11, 0);
    memcpy(cards, all, 6);
    memcpy(board, all + 6, 5);
    for (size_t s = 0; s < n; s++)
        chips[s] = 100, dead[s] = 0, folded[s] = 0, counts[s] = 2, order[s] = (uint8_t)s;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, NULL, folded, cards, counts, board, 5, order, &out) == PE_OK &&
                 out.n_pots == 1 && out.pots[0].eligible == 7,
          "pe_settle valid");
    /* Dead money alone (seat 1's big-blind ante): seat 0 put in nothing but shows a hand, so it
     * contends; with no cards given it does not.  Seat 2 folded. */
    {
        const uint8_t flush[4] = {11, 14, 0, 1}; /* 4s 5h against 2c 2d */
        const uint8_t hearts[5] = {41, 30, 10, 46, 26}; /* Qd 9h 4h Kh 8h */
        int64_t live[3] = {0, 0, 0}, ante[3] = {0, 3, 0};
        uint8_t gone[3] = {0, 0, 1}, shown[3] = {2, 2, 0}, unseen[3] = {0, 2, 0};
        CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, 3, live, ante, gone, flush, shown, hearts, 5, NULL, &out) == PE_OK &&
                     out.payouts[0] == 3 && out.payouts[1] == 0 && out.n_pots == 1 && out.pots[0].eligible == 3,
              "pe_settle: a seat that put in nothing but shows a hand wins the dead money");
        CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, 3, live, ante, gone, flush + 2, unseen, hearts, 5, NULL, &out) == PE_OK &&
                     out.payouts[0] == 0 && out.payouts[1] == 3 && out.pots[0].eligible == 2,
              "pe_settle: a seat that put in nothing and shows no hand takes no part");
    }
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, 0, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_ARG &&
                 out.fault.what == PE_FAULT_SEATS,
          "pe_settle with no seats");
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, PE_SETTLE_MAX_SEATS + 1, chips, dead, folded, cards, counts, board, 5, NULL,
                       &out) == PE_ERR_ARG && out.fault.what == PE_FAULT_SEATS,
          "pe_settle with too many seats");
    CHECK(t, pe_settle(-1, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_GAME,
          "pe_settle game -1");
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, NULL, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_ARG,
          "pe_settle chips NULL");
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, NULL) == PE_ERR_ARG,
          "pe_settle out NULL");
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, NULL, counts, board, 5, NULL, &out) == PE_ERR_ARG,
          "pe_settle cards NULL with counts");
    chips[1] = -5;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_ARG &&
                 out.fault.what == PE_FAULT_CHIPS && out.fault.seat == 1,
          "pe_settle with negative chips");
    chips[1] = PE_SETTLE_MAX_CHIPS + 1;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_ARG &&
                 out.fault.what == PE_FAULT_CHIPS,
          "pe_settle with chips above 2^48");
    chips[1] = 100;
    dead[2] = -1;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_ARG &&
                 out.fault.what == PE_FAULT_DEAD && out.fault.seat == 2,
          "pe_settle with negative dead money");
    dead[2] = 0;
    uint8_t saved = cards[3];
    cards[3] = 77;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_CARD &&
                 out.fault.what == PE_FAULT_HOLE && out.fault.seat == 1 && out.fault.card == 1,
          "pe_settle with id 77 in seat 1: seat %zu card %zu", out.fault.seat, out.fault.card);
    cards[3] = cards[0];
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) ==
                     PE_ERR_DUPLICATE &&
                 out.fault.seat == 1 && out.fault.card == 1 && out.fault.holder == 0,
          "pe_settle with a card in two seats");
    cards[3] = board[2];
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) ==
                     PE_ERR_DUPLICATE &&
                 out.fault.what == PE_FAULT_BOARD && out.fault.card == 2 && out.fault.holder == 1,
          "pe_settle with a card in a seat and on the board");
    cards[3] = saved;
    order[1] = 0;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, order, &out) == PE_ERR_ARG &&
                 out.fault.what == PE_FAULT_ORDER && out.fault.seat == 1,
          "pe_settle with seat 0 twice in the order");
    order[1] = 1;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 4, NULL, &out) == PE_ERR_COUNT &&
                 out.fault.what == PE_FAULT_BOARD && out.fault.fewest == 5 && out.fault.most == 5,
          "pe_settle with a board of 4");
    counts[2] = 1;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_COUNT &&
                 out.fault.what == PE_FAULT_HOLE && out.fault.seat == 2 && out.fault.fewest == 2,
          "pe_settle with one card for seat 2");
    counts[2] = 2;
    /* Dead money alone, and a lone contender that takes it without a showdown. */
    for (size_t s = 0; s < n; s++)
        chips[s] = 0, dead[s] = 7, folded[s] = s != 1;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, NULL, (const uint8_t[]){0, 0, 0}, NULL, 0, NULL, &out) ==
                     PE_OK &&
                 out.payouts[1] == 21 && out.n_pots == 1 && out.pots[0].amount == 21,
          "pe_settle with antes only");
    folded[1] = 1;
    CHECK(t, pe_settle(PE_GAME_HOLDEM, 0, n, chips, dead, folded, cards, counts, board, 5, NULL, &out) == PE_ERR_ARG &&
                 out.fault.what == PE_FAULT_NOBODY,
          "pe_settle with antes and everyone folded");
    /* pe_showdown: every seat evaluated, the winners as a mask. */
    CHECK(t, pe_showdown(PE_GAME_HOLDEM, 0, n, cards, counts, board, 5, &shown) == PE_OK && shown.winners != 0 &&
                 shown.low_winners == 0,
          "pe_showdown valid");
    CHECK(t, pe_showdown(PE_GAME_STUD, 0, n, cards, counts, board, 5, &shown) == PE_ERR_COUNT &&
                 shown.fault.what == PE_FAULT_BOARD && shown.fault.most == 0,
          "pe_showdown stud with a board");
    printf("  pe_settle: %ld hands\n", hands);
}

/* Wild cards: with none in the hand the value is pe_eval's; the joker only where jokers
 * play; bad arguments come back as codes. */
static void test_wild(tally_t *t, rng_t *r)
{
    uint8_t ids[7], pos[5], stands[5];
    uint16_t v, plain, out[2];
    size_t bad;
    for (int i = 0; i < 20000; i++) {
        size_t n = 5 + (size_t)(rng_below(r, 3));
        deal(r, ids, n, 0);
        CHECK(t, pe_eval(PE_GAME_HOLDEM, 0, ids, n, 0, &plain, NULL) == PE_OK, "pe_eval");
        CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, ids, n, 0, &v, NULL) == PE_OK && v == plain,
              "no joker, joker rules: %u != %u", v, plain);
        ids[0] = 52; /* a joker for the first card: never worse than the card it replaced */
        uint16_t before = plain;
        CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, ids, n, 0, &v, NULL) == PE_OK && v >= before,
              "a joker made the hand worse: %u < %u", v, before);
        size_t n_pos = 0;
        CHECK(t, pe_best_cards(PE_GAME_STUD, PE_WILD_JOKER, ids, n, 0, pos, &n_pos, NULL, NULL, stands) == PE_OK &&
                     n_pos == 5,
              "pe_best_cards with a joker");
        CHECK(t, pe_eval(PE_GAME_STUD, PE_WILD_JOKER, ids, n, 0, &plain, NULL) == PE_OK && plain == v,
              "stud and hold'em value a joker alike");
        CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_DEUCES, ids, n, 0, &v, NULL) == PE_ERR_CARD, "a joker, deuces wild");
    }
    uint8_t five[5] = {52, 53, 0, 4, 8};
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_BUG, five, 5, 0, &v, NULL) == PE_OK, "two bugs");
    CHECK(t, pe_eval(PE_GAME_RAZZ, PE_WILD_JOKER, five, 5, 0, &v, NULL) == PE_ERR_WILD, "razz");
    CHECK(t, pe_eval(PE_GAME_HOLDEM, 0, five, 5, 0, &v, NULL) == PE_ERR_CARD, "wild 0: a joker is no card");
    CHECK(t, pe_eval(PE_GAME_HOLDEM, 9, five, 5, 0, &v, NULL) == PE_ERR_ARG, "an unknown rule");
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, five, 4, 0, &v, NULL) == PE_ERR_COUNT, "four cards");
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, NULL, 5, 0, &v, NULL) == PE_ERR_ARG, "NULL ids");
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, five, 5, 0, NULL, NULL) == PE_ERR_ARG, "NULL value");
    size_t n_five = 0;
    CHECK(t, pe_best_cards(PE_GAME_HOLDEM, PE_WILD_JOKER, five, 5, 0, NULL, &n_five, NULL, NULL, stands) ==
                 PE_ERR_ARG,
          "NULL positions");
    five[1] = 54;
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, five, 5, 0, &v, NULL) == PE_ERR_CARD, "id 54");
    five[1] = 52;
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, five, 5, 0, &v, NULL) == PE_ERR_DUPLICATE, "joker twice");
    uint8_t rows[10] = {52, 0, 4, 8, 12, 0, 4, 8, 12, 12};
    CHECK(t, pe_eval_batch(PE_GAME_HOLDEM, PE_WILD_JOKER, rows, 2, 5, 0, out, NULL, &bad) == PE_ERR_DUPLICATE &&
                 bad == 1,
          "batch: bad row %zu", bad);
    CHECK(t, pe_eval_batch(PE_GAME_HOLDEM, PE_WILD_JOKER, rows, 0, 5, 0, NULL, NULL, NULL) == PE_OK, "no rows");
}

/* Wild cards at the showdown and in settlement: seats valued as pe_eval values them with the rule, the
 * jokers checked across the whole deal, the rule checked against the game. */
static void test_wild_showdown(tally_t *t)
{
    /* Board Ah Ad Ac As Kd.  Seat 0: a joker and 2c, five aces; seat 1: the other joker and
     * 3c, five aces too; seat 2: Ks 4c, four aces. */
    uint8_t board[5] = {50, 49, 48, 51, 45};
    uint8_t cards[6] = {52, 0, 53, 4, 47, 8};
    uint8_t counts[3] = {2, 2, 2};
    pe_showdown_t shown;
    pe_settlement_t out;
    uint16_t v = 0;
    uint8_t hand[7] = {52, 0, 50, 49, 48, 51, 45};
    CHECK(t, pe_eval(PE_GAME_HOLDEM, PE_WILD_JOKER, hand, 7, 0, &v, NULL) == PE_OK && v == 7475, "five aces %u", v);
    CHECK(t, pe_showdown(PE_GAME_HOLDEM, PE_WILD_JOKER, 3, cards, counts, board, 5, &shown) == PE_OK &&
                 shown.hi[0] == 7475 && shown.hi[1] == 7475 && shown.winners == 3 && shown.lo[0] == 0,
          "two jokers, five aces each: winners %llx", (unsigned long long)shown.winners);
    /* Seat 2 all in for 100 against 300 each: it takes nothing, the two jokers split all. */
    int64_t chips[3] = {300, 300, 100};
    uint8_t folded[3] = {0, 0, 0};
    CHECK(t, pe_settle(PE_GAME_HOLDEM, PE_WILD_BUG, 3, chips, NULL, folded, cards, counts, board, 5, NULL,
                            &out) == PE_OK &&
                 out.n_pots == 2 && out.payouts[0] == 350 && out.payouts[1] == 350 && out.payouts[2] == 0,
          "settle, bugs: %lld %lld %lld", (long long)out.payouts[0], (long long)out.payouts[1],
          (long long)out.payouts[2]);
    /* Without a wild rule, and under deuces wild, a joker is no card: seat 0, card 0. */
    CHECK(t, pe_showdown(PE_GAME_HOLDEM, 0, 3, cards, counts, board, 5, &shown) == PE_ERR_CARD &&
                 shown.fault.what == PE_FAULT_HOLE && shown.fault.seat == 0 && shown.fault.card == 0,
          "a joker without wild cards");
    CHECK(t, pe_settle(PE_GAME_HOLDEM, PE_WILD_DEUCES, 3, chips, NULL, folded, cards, counts, board, 5, NULL,
                            &out) == PE_ERR_CARD &&
                 out.fault.what == PE_FAULT_HOLE && out.fault.seat == 0 && out.fault.card == 0,
          "a joker, deuces wild");
    /* A third joker repeats one of the two: a duplicate, with its first holder. */
    cards[5] = 52;
    CHECK(t, pe_showdown(PE_GAME_HOLDEM, PE_WILD_JOKER, 3, cards, counts, board, 5, &shown) ==
                     PE_ERR_DUPLICATE &&
                 shown.fault.seat == 2 && shown.fault.card == 1 && shown.fault.holder == 0,
          "a third joker");
    board[4] = 53;
    cards[5] = 8;
    CHECK(t, pe_showdown(PE_GAME_HOLDEM, PE_WILD_JOKER, 3, cards, counts, board, 5, &shown) ==
                     PE_ERR_DUPLICATE &&
                 shown.fault.what == PE_FAULT_BOARD && shown.fault.seat == 3 && shown.fault.card == 4 &&
                 shown.fault.holder == 1,
          "a third joker on the board");
    CHECK(t, pe_showdown(PE_GAME_RAZZ, PE_WILD_JOKER, 3, cards, counts, NULL, 0, &shown) == PE_ERR_WILD,
          "wild cards in razz");
    CHECK(t, pe_settle(PE_GAME_OMAHA, PE_WILD_BUG, 3, chips, NULL, folded, cards, counts, board, 5, NULL,
                            &out) == PE_ERR_WILD,
          "wild cards in omaha");
    CHECK(t, pe_showdown(PE_GAME_HOLDEM, 7, 3, cards, counts, board, 5, &shown) == PE_ERR_ARG,
          "an unknown wild rule");
    /* Stud, deuces wild: 2c 2d with As Ad Ah is five aces against Ks Kd Kh Kc Qs's four kings. */
    uint8_t stud[10] = {0, 1, 51, 49, 50, 47, 45, 46, 44, 43};
    uint8_t five[2] = {5, 5};
    CHECK(t, pe_showdown(PE_GAME_STUD, PE_WILD_DEUCES, 2, stud, five, NULL, 0, &shown) == PE_OK &&
                 shown.hi[0] == 7475 && shown.winners == 1,
          "stud, deuces wild");
}

/* The wild batch (its own tables) against pe_eval with the rule (the reference), row by row, for
 * every kernel, rule and card count: random rows with 0 up to every wild card anywhere in the
 * row (4000 rows: a whole number of 16-row blocks, with 1..15 rows more for the tails), then
 * each row spoiled by one byte (an id out of the deck, or a card already held), where the
 * batch must stop at that row with pe_eval's code and have written the rows before.
 * wild_batch_rows runs the rows through the kernel chosen now and returns how many it checked. */
static long wild_batch_rows(tally_t *t, rng_t *r, const char *path)
{
    enum { ROWS = 4000 };
    static uint8_t ids[ROWS * 7];
    static uint16_t got[ROWS];
    const int rules[3] = {PE_WILD_JOKER, PE_WILD_BUG, PE_WILD_DEUCES};
    long rows_checked = 0;
    for (int ri = 0; ri < 3; ri++) {
        int wild = rules[ri];
        for (size_t k = 5; k <= 7; k++) {
            for (size_t row = 0; row < ROWS; row++) {
                uint8_t *h = ids + row * k;
                deal(r, h, k, 0);
                if (wild != PE_WILD_DEUCES) /* up to two jokers, at random places */
                    for (unsigned j = 52; j <= 53; j++)
                        if (rng_below(r, 2))
                            h[rng_below(r, (uint32_t)k)] = (uint8_t)j;
                /* (two jokers in one place leave one: that row has a single joker) */
            }
            size_t bad = 99, n = ROWS - 16 + rng_below(r, 16);
            got[n] = 0xABCD; /* a guard past the last row */
            CHECK(t, pe_eval_batch(PE_GAME_HOLDEM, wild, ids, n, k, 0, got, NULL, &bad) == PE_OK && bad == 0 &&
                         got[n] == 0xABCD,
                  "%s wild batch rule %d k %zu", path, wild, k);
            for (size_t row = 0; row < n; row++) {
                uint16_t v = 0;
                int rc = pe_eval(PE_GAME_STUD, wild, ids + row * k, k, 0, &v, NULL);
                CHECK(t, rc == PE_OK && v == got[row], "%s wild batch rule %d row %zu: %u, reference %u", path,
                      wild, row, got[row], v);
                rows_checked++;
            }
            for (int trial = 0; trial < 300; trial++) {
                size_t row = rng_below(r, ROWS), at = rng_below(r, (uint32_t)k);
                uint8_t *h = ids + row * k, keep = h[at];
                static const uint8_t spoil[6] = {52, 53, 54, 60, 200, 255};
                h[at] = rng_below(r, 2) ? spoil[rng_below(r, 6)] : h[rng_below(r, (uint32_t)k)];
                uint16_t v;
                int want = pe_eval(PE_GAME_HOLDEM, wild, h, k, 0, &v, NULL);
                if (want != PE_OK) { /* (the rows before it are good: each spoil is undone) */
                    size_t bad = 99;
                    memset(got, 0, sizeof got);
                    int rc = pe_eval_batch(PE_GAME_HOLDEM, wild, ids, ROWS, k, 0, got, NULL, &bad);
                    CHECK(t, rc == want && bad == row, "%s wild batch bad row %zu: %d at %zu, want %d", path, row,
                          rc, bad, want);
                    CHECK(t, row == 0 || (pe_eval(PE_GAME_HOLDEM, wild, ids + (row - 1) * k, k, 0, &v, NULL) ==
                                              PE_OK && v == got[row - 1]),
                          "wild batch: the row before the bad one is written");
                }
                h[at] = keep;
            }
        }
    }
    return rows_checked;
}

static void test_wild_batch(tally_t *t, rng_t *r)
{
    static const char *const paths[] = {"scalar", "avx2", "avx512"};
    long rows_checked = 0;
    for (size_t p = 0; p < sizeof paths / sizeof paths[0]; p++)
        if (pe_simd_init(paths[p]) == PE_OK)
            rows_checked += wild_batch_rows(t, r, paths[p]);
    CHECK(t, pe_simd_init("auto") == PE_OK, "pe_simd_init(auto)");
    printf("  wild batch: %ld rows against pe_eval with wild cards, every kernel\n", rows_checked);
}

/* The codes of the entries the other tests reach only from Python: pe_equity_game,
 * pe_hand_strength_sampled and pe_outs, PE_ERR_STOPPED among them (a stop flag already
 * raised ends the call at its first poll). */
/* Two ranges that meet in one deal, AsKs against AhJc on 2c 3d 9h (AhQh and KsQh collide with
 * everything), dealt by importance: from their joint law, every run weighing 1, or refused
 * (PE_ERR_ARG) when that deal weighs below the floor, 1e-160 * 1e-160 = 1e-320, where a
 * subnormal total let a draw land past the last row a deal holds and read past the rows. */
static void test_sample_joint_law(tally_t *t)
{
    const uint8_t rows[8] = {51, 47, 50, 42, 50, 36, 47, 42}; /* AsKs AhQh | AhJc KsQh */
    const uint32_t counts[2] = {2, 2};
    const uint8_t board[3] = {0, 5, 30};
    const size_t stride = 2 * PE_EQ_FIELDS;
    for (int k = 0; k < 2; k++) {
        double w = k ? 1e-100 : 1e-160, out[2 * PE_EQ_FIELDS + 4] = {0};
        const double cumw[4] = {w, w + 1.0, w, w + 1.0};
        int rc = pe_equity_sample(PE_GAME_HOLDEM, 2, 2, rows, counts, cumw, 1, board, 3, NULL, 0, 7, 0, 1000,
                                  1u << 16, out);
        if (k == 0)
            CHECK(t, rc == PE_ERR_ARG, "joint law below the weight floor: rc %d, expected PE_ERR_ARG", rc);
        else
            CHECK(t, rc == PE_OK && out[stride] == 1000.0 && out[stride + 1] == 1000.0,
                  "joint law: rc %d, weight %g and runs %g, expected 1000 runs of weight 1", rc, out[stride],
                  out[stride + 1]);
    }
}

static void test_game_entry_codes(tally_t *t)
{
    const uint8_t aa[2] = {51, 50}, kk[2] = {47, 46}, rows[4] = {51, 50, 47, 46};
    const uint8_t bad_rows[4] = {51, 52, 47, 46}, twice[4] = {51, 50, 51, 46};
    const uint8_t flop[3] = {0, 5, 10}, river[5] = {0, 5, 10, 15, 20};
    const uint32_t counts[2] = {1, 1};
    const uint8_t known[2] = {2, 2}, final[2] = {2, 2};
    double equity[2], cat_share[22], cat_won[22], win_tie[4], now[3], potential[9], win[52], tie[52];
    double tainted[52], hit[2];
    uint64_t wins[2], ties[2], runs, improving;
    uint16_t value[52];
    const int raised = 1, lowered = 0;
#define GAME(game, wild, deck, p, r, b, nb, samples, stop)                                                     \
    pe_equity_game(game, wild, deck, p, r, counts, known, final, NULL, b, nb, NULL, 0, samples, 7, equity, wins, \
                   ties, &runs, cat_share, cat_won, win_tie, stop)
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 2, rows, flop, 3, 0, &lowered) == PE_OK, "pe_equity_game: AA v KK");
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 2, rows, NULL, 0, 0, &raised) == PE_ERR_STOPPED,
          "pe_equity_game: a raised stop flag ends the exact run");
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 2, rows, NULL, 0, 100000000, &raised) == PE_ERR_STOPPED,
          "pe_equity_game: a raised stop flag ends the sampled run");
    CHECK(t, GAME(99, 0, 52, 2, rows, flop, 3, 0, NULL) == PE_ERR_GAME, "pe_equity_game: unknown game");
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 1, rows, flop, 3, 0, NULL) == PE_ERR_COUNT, "pe_equity_game: 1 player");
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 2, bad_rows, flop, 3, 0, NULL) == PE_ERR_CARD,
          "pe_equity_game: card 52 without jokers");
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 2, twice, flop, 3, 0, NULL) == PE_ERR_DUPLICATE,
          "pe_equity_game: a card twice");
    CHECK(t, GAME(PE_GAME_HOLDEM, 0, 52, 2, rows, river, 6, 0, NULL) == PE_ERR_COUNT,
          "pe_equity_game: six board cards");
    CHECK(t, GAME(PE_GAME_BADUGI, PE_WILD_JOKER, 53, 2, rows, NULL, 0, 0, NULL) == PE_ERR_WILD,
          "pe_equity_game: a joker in badugi");
    CHECK(t, pe_equity_game(PE_GAME_HOLDEM, 0, 52, 2, rows, counts, known, final, NULL, flop, 3, NULL, 0, 0, 7,
                            NULL, wins, ties, &runs, NULL, NULL, NULL, NULL) == PE_ERR_ARG,
          "pe_equity_game: no equity output");
#undef GAME
    CHECK(t, pe_hand_strength_sampled(aa, flop, 3, NULL, 0, 1, NULL, NULL, NULL, 1000, 7, now, potential, &lowered) ==
                 PE_OK,
          "pe_hand_strength_sampled: AA on a flop");
    CHECK(t, pe_hand_strength_sampled(aa, flop, 3, NULL, 0, 1, NULL, NULL, NULL, 100000000, 7, now, potential,
                                      &raised) == PE_ERR_STOPPED,
          "pe_hand_strength_sampled: a raised stop flag ends the run");
    CHECK(t, pe_hand_strength_sampled(bad_rows, flop, 3, NULL, 0, 1, NULL, NULL, NULL, 10, 7, now, potential,
                                      NULL) == PE_ERR_CARD,
          "pe_hand_strength_sampled: card 52");
    CHECK(t, pe_hand_strength_sampled(aa, river, 2, NULL, 0, 1, NULL, NULL, NULL, 10, 7, now, potential, NULL) ==
                 PE_ERR_COUNT,
          "pe_hand_strength_sampled: a board of 2 cards");
    CHECK(t, pe_outs(kk, flop, 3, NULL, 0, NULL, NULL, NULL, 0, value, &improving, win, tie, tainted, hit) == PE_OK,
          "pe_outs: KK on a flop");
    CHECK(t, pe_outs(bad_rows, flop, 3, NULL, 0, NULL, NULL, NULL, 0, value, &improving, win, tie, tainted, hit) ==
                 PE_ERR_CARD,
          "pe_outs: card 52");
    CHECK(t, pe_outs(twice, flop, 3, twice, 1, NULL, NULL, NULL, 0, value, &improving, win, tie, tainted, hit) ==
                 PE_ERR_DUPLICATE,
          "pe_outs: a dead card in the hand");
    CHECK(t, pe_outs(kk, river, 5, NULL, 0, NULL, NULL, NULL, 0, value, &improving, win, tie, tainted, hit) ==
                 PE_ERR_COUNT,
          "pe_outs: a river board");
}

int main(void)
{
    static game_keys_t holdem = {"holdem", PE_GAME_HOLDEM, 0, key_holdem, 7462, {0}, 0};
    static game_keys_t shortdeck = {"shortdeck", PE_GAME_SHORTDECK, 16, key_shortdeck, 1404, {0}, 0};
    static game_keys_t razz = {"razz", PE_GAME_RAZZ, 0, key_razz, 6175, {0}, 0};
    static game_keys_t deuce_seven = {"deuce-seven", PE_GAME_DEUCE_SEVEN, 0, key_deuce_seven, 7462, {0}, 0};
    static uint64_t hist5[MAX_VALUE + 1];
    tally_t t = {0, 0};
    rng_t r = {0x9E3779B97F4A7C15ull};
    long random7 = 2000000;
    const char *env = getenv("PE_TEST_RANDOM");
    if (env && atol(env) > 0)
        random7 = atol(env);

    /* The published counts agree with their own totals. */
    uint64_t sum5 = 0, sum6 = 0, sum7 = 0;
    unsigned c5 = 0, c7 = 0;
    for (int c = 0; c < 10; c++) {
        sum5 += hands5[c], sum6 += hands6[c], sum7 += hands7[c];
        c5 += classes5[c], c7 += classes7[c];
    }
    CHECK(&t, sum5 == 2598960 && sum6 == 20358520 && sum7 == 133784560 && c5 == 7462 && c7 == 4824,
          "the published tables in this file do not add up");

    printf("exhaustive five-card hands\n");
    uint64_t by_category[10] = {0};
    exhaustive5(&t, &holdem, hist5, by_category);
    for (int c = 0; c < 10; c++)
        CHECK(&t, by_category[c] == hands5[c], "holdem: category %d has %llu five-card hands, published %llu", c,
              (unsigned long long)by_category[c], (unsigned long long)hands5[c]);
    exhaustive5(&t, &shortdeck, NULL, NULL);
    exhaustive5(&t, &razz, NULL, NULL);
    exhaustive5(&t, &deuce_seven, NULL, NULL);
    test_badugi(&t);
    test_low8_scale(&t);

    printf("random hands against the rules\n");
    random_hands(&t, &holdem, &r, random7, 1);
    random_hands(&t, &holdem, &r, random7 / 10, 0);
    random_hands(&t, &shortdeck, &r, random7 / 10, 0);
    random_hands(&t, &razz, &r, random7 / 10, 0);
    test_omaha(&t, &holdem, &r, random7 / 40);

    printf("enumeration\n");
    test_enumerate(&t, hist5);
    test_hand_api(&t, &r);
    test_rank7_table(&t);

    printf("entry points and edge arguments\n");
    test_best_cards(&t, &r, 20000);
    test_counts(&t);
    test_games(&t);
    test_null_pointers(&t);
    test_card_range(&t);
    test_duplicates(&t, &r);
    test_batch_matches(&t, &r);
    test_batch_kernels(&t, &r);
    test_kernels_match_scalar(&t, &r);
    test_checked_fast_paths(&t, &r);
    test_equity(&t, &r);
    test_settle(&t, &r);
    test_game_entry_codes(&t);
    test_sample_joint_law(&t);
    test_wild(&t, &r);
    test_wild_showdown(&t);
    test_wild_batch(&t, &r);

    printf("%llu passed, %llu failed\n", t.passed, t.failed);
    return t.failed == 0 ? 0 : 1;
}
