/* low.c - the low games: razz (A-5 low), 2-7 lowball and badugi. */
#include "internal.h"

uint16_t pe_eval_razz_ids(const uint8_t *ids, size_t n)
{
    /* Suits never matter in A-5 low, so the rank sum alone names the hand. */
    pe_hand_t h = pe_hand_empty();
    for (size_t i = 0; i < n; i++)
        h = pe_hand_add(h, ids[i]);
    return pe_rank_razz[pe_rank_slot(h)];
}

uint16_t pe_eval_deuce_seven_ids(const uint8_t *ids)
{
    pe_hand_t h = pe_hand_empty();
    for (size_t i = 0; i < 5; i++)
        h = pe_hand_add(h, ids[i]);
    return pe_lookup(h, pe_flush_deuce_seven, pe_rank_deuce_seven);
}

/* Badugi: the largest subset of the four cards with no rank and no suit twice; among
 * subsets of one size the lower ranks win, highest card first.  With ranks ace-low as
 * bits of a mask, "lower, highest card first" is "smaller mask", so the value is
 * (size << 13) | (0x1FFF - mask): greater is better. */
uint16_t pe_eval_badugi_ids(const uint8_t *ids, uint8_t *pos, size_t *npos)
{
    unsigned best = 0, best_subset = 0;
    for (unsigned subset = 1; subset < 16; subset++) {
        unsigned ranks = 0, suits = 0, size = 0, ok = 1;
        for (unsigned i = 0; i < 4; i++) {
            if (!(subset >> i & 1u))
                continue;
            unsigned r = 1u << pe_low_rank(ids[i]), s = 1u << PE_SUIT(ids[i]);
            ok &= !(ranks & r) && !(suits & s);
            ranks |= r;
            suits |= s;
            size++;
        }
        unsigned value = ok ? (size << 13) | (0x1FFFu - ranks) : 0;
        if (value > best) {
            best = value;
            best_subset = subset;
        }
    }
    if (pos) {
        /* Reading order: highest card first, ace (low) last. */
        size_t m = 0;
        for (int r = 12; r >= 0; r--)
            for (unsigned i = 0; i < 4; i++)
                if ((best_subset >> i & 1u) && pe_low_rank(ids[i]) == (unsigned)r)
                    pos[m++] = (uint8_t)i;
        *npos = m;
    }
    return (uint16_t)best;
}
