/* pe_rows.h - the loops of pe_rows.c and the call of pe_call.c, for anchors.c. */
#ifndef PE_ROWS_H
#define PE_ROWS_H
#include <stddef.h>
#include <stdint.h>

void pe_ids_rows(const uint8_t *rows, size_t n, uint16_t *out);
void pe_call_rows(const uint8_t *rows, size_t n, uint16_t *out);
uint16_t pe_ids_called(const uint8_t *ids, size_t n);

#endif
