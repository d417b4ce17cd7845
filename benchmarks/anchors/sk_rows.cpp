// SKPokerEval over rows of 7 cards, numbered its way (sk_card converts before timing).
#include "SevenEval.h"
#include <cstddef>
extern "C" void sk_rows(const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t r = 0; r < n; r++, rows += 7)
        out[r] = SevenEval::GetRank(rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6]);
}
// SK numbers cards 0 = As .. 51 = 2c: rank descending, four suits per rank.
extern "C" uint8_t sk_card(uint8_t id) { return (uint8_t)(4 * (12 - id / 4) + id % 4); }
