/* pokereval's single-hand entries over rows of 7 card ids, each loop in a file of its own as
 * the anchors' loops are (sk_rows.cpp, omp_rows.cpp), so that none is compiled into the
 * harness's main with its registers spent elsewhere. */
#include "pokereval.h"
#include "pe_rows.h"

/* pe_eval_ids: one call into the library a row. */
void pe_ids_rows(const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t r = 0; r < n; r++, rows += 7)
        out[r] = pe_eval_ids(rows, 7);
}

/* pe_hand_value_ids (pe_hand.h): the same evaluation inline in the loop. */
void pe_inline_rows(const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t r = 0; r < n; r++, rows += 7)
        out[r] = pe_hand_value_ids(rows, 7);
}
