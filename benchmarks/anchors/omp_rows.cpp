// OMPEval over rows of 7 of pokereval's card ids (the same numbering), and all 7-card hands.
#include "omp/HandEvaluator.h"
#include <cstddef>
static omp::HandEvaluator ev;
extern "C" void omp_rows(const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t r = 0; r < n; r++, rows += 7) {
        omp::Hand h = omp::Hand::empty() + omp::Hand(rows[0]) + omp::Hand(rows[1]) + omp::Hand(rows[2]) +
                      omp::Hand(rows[3]) + omp::Hand(rows[4]) + omp::Hand(rows[5]) + omp::Hand(rows[6]);
        out[r] = ev.evaluate(h);
    }
}
// Every 7-card hand in the loop shape of OMPEval's own "sequential" benchmark.
extern "C" uint64_t omp_enumerate(void)
{
    uint64_t sum = 0;
    for (unsigned a = 0; a < 52; a++)
    for (unsigned b = a + 1; b < 52; b++)
    for (unsigned c = b + 1; c < 52; c++)
    for (unsigned d = c + 1; d < 52; d++) {
        omp::Hand h4 = omp::Hand::empty() + omp::Hand(a) + omp::Hand(b) + omp::Hand(c) + omp::Hand(d);
        for (unsigned e = d + 1; e < 52; e++) { omp::Hand h5 = h4 + omp::Hand(e);
        for (unsigned f = e + 1; f < 52; f++) { omp::Hand h6 = h5 + omp::Hand(f);
        for (unsigned g = f + 1; g < 52; g++) sum += ev.evaluate(h6 + omp::Hand(g)); } }
    }
    return sum;
}
