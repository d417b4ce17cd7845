/* Every 7-card hand in the loop shape of OMPEval's own "sequential" benchmark: a hand of
 * the first four cards made afresh, then cards 5, 6 and 7 added one at a time through
 * pe_hand.h, the incremental state the core offers C callers. */
#include "pokereval.h"

__attribute__((noinline)) static uint64_t incremental_enumerate(void)
{
    uint64_t sum = 0;
    for (unsigned a = 0; a < 52; a++)
        for (unsigned b = a + 1; b < 52; b++)
            for (unsigned c = b + 1; c < 52; c++)
                for (unsigned d = c + 1; d < 52; d++) {
                    pe_hand_t h4 = pe_hand_empty();
                    h4 = pe_hand_add(pe_hand_add(pe_hand_add(pe_hand_add(h4, a), b), c), d);
                    for (unsigned e = d + 1; e < 52; e++) {
                        pe_hand_t h5 = pe_hand_add(h4, e);
                        for (unsigned f = e + 1; f < 52; f++) {
                            pe_hand_t h6 = pe_hand_add(h5, f);
                            for (unsigned g = f + 1; g < 52; g++)
                                sum += pe_hand_value(pe_hand_add(h6, g));
                        }
                    }
                }
    return sum;
}
