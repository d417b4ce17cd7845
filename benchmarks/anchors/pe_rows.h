/* pe_rows.h - the loops of pe_rows.c, for anchors.c. */
#ifndef PE_ROWS_H
#define PE_ROWS_H
#include <stddef.h>
#include <stdint.h>

void pe_ids_rows(const uint8_t *rows, size_t n, uint16_t *out);
void pe_inline_rows(const uint8_t *rows, size_t n, uint16_t *out);

#endif
