/* batch_scalar.c - the portable hold'em batch kernel: plain C, any CPU.  The SIMD
 * kernels fall back to it for the rows they do not take (the tail, a bad row).
 *
 * Each card byte indexes pe_card_keys and pe_card_lanes directly, whatever its value: a
 * byte that is no card adds PE_NOT_A_CARD to the key, so one test of the sum finds it
 * and the loop holds no compare per card.  Duplicates show in the lanes: every card has
 * a bit of its own, so their sum equals their OR unless a card repeats.  (Splitting the
 * loop into a summing pass and a lookup pass, as the SIMD kernels do, made it slower
 * here: the lane checks keep the loop busy enough that the passes do not overlap.) */
#include "internal.h"

/* With at most 7 bytes a row, PE_NOT_A_CARD counts up to 7: bits 56..58. */
#define NOT_A_CARD_BITS (PE_NOT_A_CARD * 7u)

static inline int run(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++, ids += k) {
        uint64_t key = PE_SUIT_START, lane_sum = 0, lanes = 0;
        for (size_t i = 0; i < k; i++) {
            unsigned id = ids[i];
            uint64_t lane = pe_card_lanes[id];
            key += pe_card_keys[id];
            lane_sum += lane;
            lanes |= lane;
        }
        if ((key & NOT_A_CARD_BITS) | (lane_sum ^ lanes)) {
            *bad_row = r;
            return key & NOT_A_CARD_BITS ? PE_ERR_CARD : PE_ERR_DUPLICATE;
        }
        pe_hand_t h = {key, lanes};
        hi[r] = pe_hand_value_n(h, k);
    }
    return PE_OK;
}

int pe_batch_holdem_scalar(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    return PE_RUN_PER_K(run, ids, rows, k, hi, bad_row);
}
