/* eval_high.c - best five of 5-7 cards for the high games (hold'em, stud, short deck)
 * and the enumeration of every hold'em hand. */
#include "internal.h"

uint16_t pe_eval_mask(uint64_t mask)
{
    pe_hand_t h = pe_hand_empty();
    /* One round per card: take the lowest set bit, then clear it.  Bits above 51 are
     * dropped first, so even a bad mask reads inside the tables. */
    for (mask &= (1ull << 52) - 1; mask; mask &= mask - 1)
        h = pe_hand_add(h, pe_lowest_bit(mask));
    return pe_lookup_holdem(h);
}

int32_t pe_eval_mask_checked(uint64_t mask)
{
    if (mask >> 52)
        return PE_ERR_CARD;
    unsigned n = pe_popcount64(mask);
    if (n < 5 || n > 7)
        return PE_ERR_COUNT;
    return pe_eval_mask(mask);
}

uint16_t pe_eval_high(int game, const uint8_t *ids, size_t n)
{
    pe_hand_t h = pe_hand_of_ids(ids, n);
    if (game == PE_GAME_SHORTDECK)
        return pe_lookup(h, pe_flush_shortdeck, pe_rank_shortdeck);
    if (game == PE_GAME_SHORTDECK_TRIPS)
        return pe_lookup(h, pe_flush_shortdeck_trips, pe_rank_shortdeck_trips);
    return pe_lookup_holdem(h);
}

/* The last card of an enumerated hand of k cards.  Cards of one rank give the same rank-table
 * value unless they complete a flush, so the non-flush hands are counted a rank at a
 * time (one lookup for up to four hands), and only the cards of a suit that can reach
 * five are looked up one by one in the flush table. */
static void enumerate_last(pe_hand_t h, unsigned first, size_t k, uint32_t *hist)
{
    uint32_t counters = (uint32_t)(h.key >> 32);
    uint32_t flush = counters & 0x8888u;
    if (flush) {
        /* Five or more of suit s already: with at most seven cards no other suit can
         * reach five, so every next card keeps this flush; only cards of s change it. */
        unsigned s = pe_flush_suit(flush);
        uint32_t mask = (uint32_t)(h.lanes >> (16u * s)) & 0x1FFFu;
        uint32_t others = 0;
        for (unsigned c = first; c < 52; c++) {
            if (PE_SUIT(c) == s)
                hist[pe_flush_holdem[mask | 1u << PE_RANK(c)]]++;
            else
                others++;
        }
        hist[pe_flush_holdem[mask]] += others;
        return;
    }
    /* A nibble of 7 is a suit with four cards: its fifth card makes a flush. */
    uint32_t four = (counters + 0x1111u) & 0x8888u;
    unsigned s4 = four ? pe_flush_suit(four) : 4u;
    uint32_t mask4 = s4 < 4u ? (uint32_t)(h.lanes >> (16u * s4)) & 0x1FFFu : 0u;
    uint32_t key = (uint32_t)h.key;
    for (unsigned r = PE_RANK(first); r < 13; r++) {
        unsigned lowest = r == PE_RANK(first) ? PE_SUIT(first) : 0u; /* suits left in rank r */
        uint32_t n = 4u - lowest;
        if (s4 < 4u && s4 >= lowest) {
            hist[pe_flush_holdem[mask4 | 1u << r]]++;
            n--;
        }
        hist[pe_rank_value_holdem_n(key + pe_rank_keys[r], k)] += n;
    }
}

/* The last two cards of an enumerated hand, grouped by rank pair: every pair of cards
 * with ranks (r1, r2) shares one rank-table value unless both cards make a flush, so
 * one lookup counts up to 16 hands.  A suit with three cards already is the only way
 * two more cards can make a flush; those pairs (both cards of that suit) are moved
 * from the rank value to their flush value afterwards.  A suit with four or more
 * falls back to one card at a time. */
static void enumerate_last2(pe_hand_t h, unsigned first, size_t k, uint32_t *hist)
{
    uint32_t counters = (uint32_t)(h.key >> 32);
    if ((counters + 0x1111u) & 0x8888u) {
        for (unsigned c = first; c + 2 <= 52; c++)
            enumerate_last(pe_hand_add(h, c), c + 1, k, hist);
        return;
    }
    uint32_t key = (uint32_t)h.key;
    unsigned r0 = PE_RANK(first);
    for (unsigned r1 = r0; r1 < 13; r1++) {
        uint32_t n1 = r1 == r0 ? 4u - PE_SUIT(first) : 4u; /* cards of rank r1 still to come */
        uint32_t k1 = key + pe_rank_keys[r1];
        if (n1 >= 2)
            hist[pe_rank_value_holdem_n(k1 + pe_rank_keys[r1], k)] += n1 * (n1 - 1) / 2;
        for (unsigned r2 = r1 + 1; r2 < 13; r2++)
            hist[pe_rank_value_holdem_n(k1 + pe_rank_keys[r2], k)] += n1 * 4u;
    }
    /* A nibble of 6 (counters + 2 reach the check bit) is a suit with three cards.
     * The counts are 32-bit and wrap, so taking one off before adding it is safe. */
    uint32_t three = (counters + 0x2222u) & 0x8888u;
    if (three) {
        unsigned s = pe_flush_suit(three);
        uint32_t mask = (uint32_t)(h.lanes >> (16u * s)) & 0x1FFFu;
        unsigned lowest = (first + 3u - s) / 4u * 4u + s; /* first id >= first of suit s */
        for (unsigned a = lowest; a < 52; a += 4)
            for (unsigned b = a + 4; b < 52; b += 4) {
                hist[pe_flush_holdem[mask | 1u << PE_RANK(a) | 1u << PE_RANK(b)]]++;
                hist[pe_rank_value_holdem_n(key + pe_rank_keys[PE_RANK(a)] + pe_rank_keys[PE_RANK(b)], k)]--;
            }
    }
}

/* Depth-first over card ids in increasing order, carrying the partial hand, so each
 * new hand costs one add instead of k adds. */
static void enumerate_from(pe_hand_t h, unsigned first, int left, size_t k, uint32_t *hist)
{
    if (left == 2) {
        enumerate_last2(h, first, k, hist);
        return;
    }
    for (unsigned c = first; c + (unsigned)left <= 52; c++)
        enumerate_from(pe_hand_add(h, c), c + 1, left - 1, k, hist);
}

int pe_enumerate(int k, uint64_t *hist)
{
    if (hist == NULL)
        return PE_ERR_ARG;
    if (k < 5 || k > 7)
        return PE_ERR_COUNT;
    /* 32-bit counts (no value occurs 2^32 times in 133,784,560 hands) keep the
     * histogram at 30 KB, inside the L1 cache. */
    uint32_t counts[PE_MAX_HOLDEM + 1] = {0};
    enumerate_from(pe_hand_empty(), 0, k, (size_t)k, counts);
    for (unsigned v = 0; v <= PE_MAX_HOLDEM; v++)
        hist[v] += counts[v];
    return PE_OK;
}
