/* pe_eval_ids as a called function, for pe_rows.c's ids-call case: in a file of its own so
 * that the call is not inlined (the harness is built without link-time optimization). */
#include "pokereval.h"
#include "pe_rows.h"

uint16_t pe_ids_called(const uint8_t *ids, size_t n)
{
    return pe_eval_ids(ids, n);
}
