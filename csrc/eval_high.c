/* eval_high.c - best five of 5-7 cards for the high games (hold'em, stud, short deck)
 * and the enumeration of every hold'em hand. */
#include "internal.h"

uint16_t pe_eval_ids(const uint8_t *ids, size_t n)
{
    pe_hand_t h = pe_hand_empty();
    for (size_t i = 0; i < n; i++)
        h = pe_hand_add(h, ids[i]);
    return pe_lookup_holdem(h);
}

uint16_t pe_eval_mask(uint64_t mask)
{
    pe_hand_t h = pe_hand_empty();
    /* Peel the lowest set bit each round: at most 7 rounds, no ctz needed. */
    for (unsigned id = 0; mask && id < 52; id++, mask >>= 1)
        if (mask & 1u)
            h = pe_hand_add(h, id);
    return pe_lookup_holdem(h);
}

uint16_t pe_eval_high(int game, const uint8_t *ids, size_t n)
{
    pe_hand_t h = pe_hand_empty();
    for (size_t i = 0; i < n; i++)
        h = pe_hand_add(h, ids[i]);
    if (game == PE_GAME_SHORTDECK)
        return pe_lookup(h, pe_flush_shortdeck, pe_rank_shortdeck);
    return pe_lookup_holdem(h);
}

/* Depth-first over card ids in increasing order, carrying the partial hand, so each
 * new hand costs one add and one lookup instead of k adds. */
static void enumerate_from(pe_hand_t h, unsigned first, int left, uint64_t *hist)
{
    if (left == 1) {
        for (unsigned c = first; c < 52; c++)
            hist[pe_lookup_holdem(pe_hand_add(h, c))]++;
        return;
    }
    for (unsigned c = first; c + (unsigned)left <= 52; c++)
        enumerate_from(pe_hand_add(h, c), c + 1, left - 1, hist);
}

int pe_enumerate(int k, uint64_t *hist)
{
    if (hist == NULL)
        return PE_ERR_ARG;
    if (k < 5 || k > 7)
        return PE_ERR_COUNT;
    enumerate_from(pe_hand_empty(), 0, k, hist);
    return PE_OK;
}
