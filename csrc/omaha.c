/* omaha.c - Omaha high and hi-lo: exactly two hole cards and three board cards. */
#include "internal.h"

/* Ace-low rank mask bit of a card that can play in an 8-or-better low, else 0. */
static inline unsigned low8_bit(unsigned id)
{
    unsigned r = pe_low_rank(id);
    return r <= 7u ? 1u << r : 0u;
}

void pe_eval_omaha_ids(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb,
                       uint16_t *hi, uint16_t *lo, uint8_t *hi_pos, uint8_t *lo_pos)
{
    /* Board triples are summed once and reused by every hole pair. */
    pe_hand_t triples[10];
    uint8_t triple_at[10][3];
    unsigned triple_low[10];
    size_t nt = 0;
    for (size_t a = 0; a < nb; a++)
        for (size_t b = a + 1; b < nb; b++)
            for (size_t c = b + 1; c < nb; c++) {
                pe_hand_t h = pe_hand_add(pe_hand_add(pe_hand_add(pe_hand_empty(), board[a]), board[b]), board[c]);
                unsigned la = low8_bit(board[a]), lb = low8_bit(board[b]), lc = low8_bit(board[c]);
                /* A low needs three distinct low ranks here; otherwise mark it unusable. */
                triple_low[nt] = (la && lb && lc && pe_popcount64(la | lb | lc) == 3) ? (la | lb | lc) : 0;
                triples[nt] = h;
                triple_at[nt][0] = (uint8_t)a;
                triple_at[nt][1] = (uint8_t)b;
                triple_at[nt][2] = (uint8_t)c;
                nt++;
            }
    uint16_t best_hi = 0, best_lo = 0;
    size_t hi_pair[2] = {0, 1}, lo_pair[2] = {0, 1}, hi_t = 0, lo_t = 0;
    for (size_t i = 0; i < nh; i++)
        for (size_t j = i + 1; j < nh; j++) {
            pe_hand_t pair = pe_hand_add(pe_hand_add(pe_hand_empty(), hole[i]), hole[j]);
            unsigned li = low8_bit(hole[i]), lj = low8_bit(hole[j]);
            unsigned pair_low = (li && lj && li != lj) ? (li | lj) : 0;
            for (size_t t = 0; t < nt; t++) {
                uint16_t v = pe_lookup_holdem(pe_hand_join(pair, triples[t]));
                if (v > best_hi) {
                    best_hi = v;
                    hi_pair[0] = i, hi_pair[1] = j, hi_t = t;
                }
                if (lo && pair_low && triple_low[t] && !(pair_low & triple_low[t])) {
                    uint16_t lv = pe_low8_value[pair_low | triple_low[t]];
                    if (lv > best_lo) {
                        best_lo = lv;
                        lo_pair[0] = i, lo_pair[1] = j, lo_t = t;
                    }
                }
            }
        }
    *hi = best_hi;
    if (lo)
        *lo = best_lo;
    /* Positions in the caller's row: hole cards first, then board at nh + index. */
    if (hi_pos) {
        hi_pos[0] = (uint8_t)hi_pair[0], hi_pos[1] = (uint8_t)hi_pair[1];
        for (int k = 0; k < 3; k++)
            hi_pos[2 + k] = (uint8_t)(nh + triple_at[hi_t][k]);
    }
    if (lo_pos) {
        lo_pos[0] = (uint8_t)lo_pair[0], lo_pos[1] = (uint8_t)lo_pair[1];
        for (int k = 0; k < 3; k++)
            lo_pos[2 + k] = (uint8_t)(nh + triple_at[lo_t][k]);
    }
}
