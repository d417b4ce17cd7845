/* low.c - the low games: razz (A-5 low), 2-7 lowball and badugi, and the
 * 8-or-better low half of stud-hilo. */
#include "internal.h"

uint16_t pe_eval_razz_ids(const uint8_t *ids, size_t n)
{
    /* Suits never matter in A-5 low, so the rank sum alone names the hand. */
    pe_hand_t h = pe_hand_of_ids(ids, n);
    return pe_rank_razz[pe_rank_slot(h)];
}

/* Stud-hilo's low: the ace-low mask of the distinct ranks A..8 among the cards (bit 0 =
 * A, bit 7 = 8; lanes ORed over the suits give the rank mask, 2..8 are ranks 0..6 and
 * the ace is rank 12).  A low is read from its highest card down, so the five lowest
 * distinct ranks are the best low there is: keep the five lowest bits. */
uint16_t pe_low8_of_lanes(uint64_t lanes)
{
    unsigned ranks = (unsigned)((lanes | lanes >> 16 | lanes >> 32 | lanes >> 48) & 0x1FFFu);
    unsigned mask = ((ranks & 0x7Fu) << 1) | (ranks >> PE_ACE & 1u);
    unsigned low = 0;
    for (int k = 0; k < 5 && mask; k++) {
        low |= mask & (0u - mask);
        mask &= mask - 1u;
    }
    return pe_low8_value[low]; /* 0 unless five bits are set */
}

uint16_t pe_eval_low8_ids(const uint8_t *ids, size_t n)
{
    pe_hand_t h = pe_hand_of_ids(ids, n);
    return pe_low8_of_lanes(h.lanes);
}

uint16_t pe_eval_deuce_seven_ids(const uint8_t *ids)
{
    pe_hand_t h = pe_hand_of_ids(ids, 5);
    return pe_lookup(h, pe_flush_deuce_seven, pe_rank_deuce_seven);
}

/* Badugi: the largest subset of the four cards with no rank and no suit twice; among
 * subsets of one size the lower ranks win, highest card first.  With ranks ace-low as
 * bits of a mask, "lower, highest card first" is "smaller mask", so the value is
 * (size << 13) | (0x1FFF - mask): greater is better.
 *
 * In a valid subset the ranks differ, so its mask is the sum of its cards' bits and its
 * value is 0x1FFF + the sum over its cards of (0x2000 - bit): each card adds a weight of
 * its own, and the hand is the heaviest subset without a clashing pair (same rank or
 * same suit).  All 15 subsets are summed and tested without a branch. */

/* Ace-low rank bit of rank r (0 = deuce .. 12 = ace): A = bit 0, 2 = bit 1, ..., K = bit 12. */
#define PE_BADUGI_LOW_BIT(r) ((r) == 12 ? 1u : 2u << (r))

/* One word per card: weight << 32 | suit bit << 13 | rank bit, weight = 0x2000 - its
 * ace-low rank bit.  Two cards clash exactly when their low words share a bit, and words
 * are pairwise disjoint in their low halves exactly when their sum equals their OR there
 * (the sum of four low halves of 17 bits cannot reach bit 32). */
#define PE_BADUGI_WORD(r, s) ((uint64_t)(0x2000u - PE_BADUGI_LOW_BIT(r)) << 32 | 1u << (13 + (s)) | 1u << (r))
#define PE_BADUGI_WORDS(r) PE_BADUGI_WORD(r, 0), PE_BADUGI_WORD(r, 1), PE_BADUGI_WORD(r, 2), PE_BADUGI_WORD(r, 3)

static const uint64_t card_words[52] = {
    PE_BADUGI_WORDS(0), PE_BADUGI_WORDS(1), PE_BADUGI_WORDS(2), PE_BADUGI_WORDS(3), PE_BADUGI_WORDS(4),
    PE_BADUGI_WORDS(5), PE_BADUGI_WORDS(6), PE_BADUGI_WORDS(7), PE_BADUGI_WORDS(8), PE_BADUGI_WORDS(9),
    PE_BADUGI_WORDS(10), PE_BADUGI_WORDS(11), PE_BADUGI_WORDS(12),
};
#undef PE_BADUGI_WORDS
#undef PE_BADUGI_WORD
#undef PE_BADUGI_LOW_BIT

/* The weight of a subset (sum of its words), or 0 when two of its cards clash. */
static inline uint64_t subset_weight(uint64_t sum, uint64_t any)
{
    return (uint32_t)sum == (uint32_t)any ? sum >> 32 : 0u;
}

static inline uint64_t max_of(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static unsigned badugi_value(const uint8_t *ids)
{
    uint64_t c0 = card_words[ids[0]], c1 = card_words[ids[1]];
    uint64_t c2 = card_words[ids[2]], c3 = card_words[ids[3]];
    /* Any one card is a one-card badugi. */
    uint64_t best = max_of(max_of(c0, c1), max_of(c2, c3)) >> 32;
    best = max_of(best, subset_weight(c0 + c1, c0 | c1));
    best = max_of(best, subset_weight(c0 + c2, c0 | c2));
    best = max_of(best, subset_weight(c0 + c3, c0 | c3));
    best = max_of(best, subset_weight(c1 + c2, c1 | c2));
    best = max_of(best, subset_weight(c1 + c3, c1 | c3));
    best = max_of(best, subset_weight(c2 + c3, c2 | c3));
    best = max_of(best, subset_weight(c0 + c1 + c2, c0 | c1 | c2));
    best = max_of(best, subset_weight(c0 + c1 + c3, c0 | c1 | c3));
    best = max_of(best, subset_weight(c0 + c2 + c3, c0 | c2 | c3));
    best = max_of(best, subset_weight(c1 + c2 + c3, c1 | c2 | c3));
    best = max_of(best, subset_weight(c0 + c1 + c2 + c3, c0 | c1 | c2 | c3));
    return 0x1FFFu + (unsigned)best;
}

/* The first subset (bit i = card i) worth `value`, tried one by one. */
static unsigned badugi_subset(const uint8_t *ids, unsigned value)
{
    for (unsigned subset = 1; subset < 16u; subset++) {
        unsigned sum = 0x1FFFu, ok = 1;
        for (unsigned i = 0; i < 4; i++) {
            if (!(subset >> i & 1u))
                continue;
            sum += (unsigned)(card_words[ids[i]] >> 32);
            for (unsigned j = i + 1; j < 4; j++)
                if (subset >> j & 1u)
                    ok &= !(card_words[ids[i]] & card_words[ids[j]] & 0xFFFFFFFFu);
        }
        if (ok && sum == value)
            return subset;
    }
    return 0;
}

uint16_t pe_eval_badugi_ids(const uint8_t *ids, uint8_t *pos, size_t *npos)
{
    unsigned value = badugi_value(ids);
    if (pos) {
        /* Reading order: highest card first, ace (low) last. */
        unsigned subset = badugi_subset(ids, value);
        size_t m = 0;
        for (int r = 12; r >= 0; r--)
            for (unsigned i = 0; i < 4; i++)
                if ((subset >> i & 1u) && pe_low_rank(ids[i]) == (unsigned)r)
                    pos[m++] = (uint8_t)i;
        *npos = m;
    }
    return (uint16_t)value;
}
