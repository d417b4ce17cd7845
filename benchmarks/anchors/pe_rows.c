/* pokereval's single-hand entry over rows of 7 card ids, each loop in a file of its own as
 * the anchors' loops are (sk_rows.cpp, omp_rows.cpp), so that none is compiled into the
 * harness's main with its registers spent elsewhere. */
#include "pokereval.h"
#include "pe_rows.h"

/* pe_eval_ids (pe_hand.h), inline in the loop as the anchors' entries are in theirs. */
void pe_ids_rows(const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t r = 0; r < n; r++, rows += 7)
        out[r] = pe_eval_ids(rows, 7);
}

/* The same entry behind a call to another file (pe_call.c), with n not known there: what a
 * caller that cannot inline it (another language, a function pointer) pays. */
void pe_call_rows(const uint8_t *rows, size_t n, uint16_t *out)
{
    for (size_t r = 0; r < n; r++, rows += 7)
        out[r] = pe_ids_called(rows, 7);
}
