/* batch_scalar.c - the portable hold'em batch kernel: plain C, any CPU.  The SIMD
 * kernels fall back to it for the rows they do not take (the tail, a bad row).
 * (Splitting it into a summing pass and a lookup pass, as the SIMD kernels do, made it
 * slower: the flush test then costs a second branch per row.) */
#include "internal.h"

int pe_batch_holdem_scalar(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    for (size_t r = 0; r < rows; r++, ids += k) {
        uint64_t key = PE_SUIT_START, lanes = 0, lane_sum = 0;
        unsigned out_of_deck = 0;
        for (size_t i = 0; i < k; i++) {
            unsigned id = ids[i];
            out_of_deck |= id >= 52u;
            id = id < 52u ? id : 0u; /* keep the table reads in bounds until the row is rejected */
            uint64_t lane = pe_card_lanes[id];
            key += pe_card_keys[id];
            /* Each card has its own lane bit: the sum equals the OR unless a card repeats. */
            lane_sum += lane;
            lanes |= lane;
        }
        if (out_of_deck | (lane_sum != lanes)) {
            *bad_row = r;
            return out_of_deck ? PE_ERR_CARD : PE_ERR_DUPLICATE;
        }
        pe_hand_t h = {key, lanes};
        hi[r] = pe_lookup_holdem(h);
    }
    return PE_OK;
}
