/* simd_avx2.c - the hold'em batch kernel for AVX2: 8 rows at a time.  Compiled with a
 * target attribute, so the rest of the core stays baseline x86-64; cpu.c calls it only
 * on a CPU with AVX2 (and it is the fastest kernel there without AVX-512 VBMI).
 *
 * The shape is that of simd_avx512.c: per block of 8 rows the vector unit checks the rows
 * and sums their rank keys and suit counters, and the previous block's keys are looked up
 * in scalar code meanwhile; the rows with a flush are looked up last.  AVX2 has no wide
 * table lookup across 128-bit halves that is cheap (a rank-key lookup took two vpermd and
 * a blend per card), so each row is summed in bytes instead: see block.
 */
#include "internal.h"

#if PE_X86_DISPATCH
#include <immintrin.h>

#define PE_TARGET_AVX2 __attribute__((target("avx2")))

/* Byte shuffles for k cards a row.  rows[v][w] gathers, from the w-th 16-byte load of a
 * half (its bytes 16w..16w+15 of the half's 4 rows), the cards of rows 2v and 2v + 1 of
 * the half to bytes 0..7 and 8..15, one row in each 8 bytes, the bytes past its k cards
 * left for pads; bytes from the other load get the index 0x80 (zero).  pads puts 0xFC +
 * j in byte j of a row where card j is past the k cards: never a card, and different for
 * each place in a row, so pads match nothing.  rotate[d] turns each row's 8 bytes round by
 * d places. */
typedef struct {
    uint8_t rows[2][2][32];
    uint8_t pads[32];
    uint8_t rotate[4][32];
} layout_t;

static void make_layout(layout_t *l, unsigned k)
{
    for (unsigned j = 0; j < 32; j++) {
        unsigned place = j % 8, in_half = j % 16;
        for (unsigned v = 0; v < 2; v++) {
            unsigned row = 2 * v + in_half / 8, at = row * k + place; /* byte of the half's 4k */
            for (unsigned w = 0; w < 2; w++)
                l->rows[v][w][j] = (uint8_t)(place < k && at / 16 == w ? at % 16 : 0x80u);
        }
        l->pads[j] = (uint8_t)(place < k ? 0 : 0xFCu + place - 4);
        for (unsigned d = 0; d < 4; d++)
            l->rotate[d][j] = (uint8_t)(in_half - place + (place + d + 1) % 8);
    }
}

PE_TARGET_AVX2 static inline __m256i load_pair(const uint8_t *low, const uint8_t *high)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)low)),
                                   _mm_loadu_si128((const __m128i *)high), 1);
}

PE_TARGET_AVX2 static inline __m256i shuffle(__m256i v, const uint8_t *pattern)
{
    return _mm256_shuffle_epi8(v, _mm256_loadu_si256((const __m256i *)pattern));
}

/* Bytes equal to the byte d + 1 places on in the same row, for d = 0..3: every pair of
 * a row's 8 places is one of these (4 places apart twice). */
PE_TARGET_AVX2 static inline __m256i repeats(__m256i v, const layout_t *l)
{
    return _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi8(v, shuffle(v, l->rotate[0])),
                                           _mm256_cmpeq_epi8(v, shuffle(v, l->rotate[1]))),
                           _mm256_or_si256(_mm256_cmpeq_epi8(v, shuffle(v, l->rotate[2])),
                                           _mm256_cmpeq_epi8(v, shuffle(v, l->rotate[3]))));
}

/* Each row's sum of table[byte] over its 8 bytes (psadbw), as a 64-bit lane: rows 2v and
 * 2v + 1 of each half.  pshufb reads the low 4 bits of a byte and gives 0 when its top bit
 * is set. */
PE_TARGET_AVX2 static inline __m256i row_sums(__m256i table, __m256i v)
{
    return _mm256_sad_epu8(_mm256_shuffle_epi8(table, v), _mm256_setzero_si256());
}

/* The low 32 bits of the 64-bit lanes of rows 0,1 (v0) and 2,3 (v1) of each half, in row
 * order: 8 rows. */
PE_TARGET_AVX2 static inline __m256i in_row_order(__m256i v0, __m256i v1)
{
    return _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(v0), _mm256_castsi256_ps(v1), _MM_SHUFFLE(2, 0, 2, 0)));
}

/* One block of 8 rows (32 bytes must be readable from each half's first byte): writes
 * their rank keys and suit counters and returns the lanes that hold a flush as bits, or
 * -1 if a row is bad.
 *
 * The rows are laid out 8 bytes each, two rows a half in each of two vectors, so that one
 * psadbw adds up a byte per card for each row.  A rank key (22 bits) is three bytes, each
 * looked up in its own 16-entry table by rank (pshufb) and summed on its own, and the
 * three sums are joined with shifts: the sums are exact integers, so no carry is lost.
 * The suit counters are two bytes, each with a nibble for each of two suits (at most 7
 * cards, so a nibble never carries). */
PE_TARGET_AVX2 static inline int block(const uint8_t *ids, unsigned k, const layout_t *l, uint32_t *keys,
                                       uint32_t *counters)
{
    /* Half 0 holds rows 0-3, half 1 rows 4-7: 4k <= 28 bytes each, in two loads. */
    __m256i first = load_pair(ids, ids + 4 * k), second = load_pair(ids + 16, ids + 4 * k + 16);
    __m256i v0 = _mm256_or_si256(shuffle(first, l->rows[0][0]), shuffle(second, l->rows[0][1]));
    __m256i v1 = _mm256_or_si256(shuffle(first, l->rows[1][0]), shuffle(second, l->rows[1][1]));
    /* A byte above 51 is no card: checked before the pads go in. */
    const __m256i top = _mm256_set1_epi8(51);
    __m256i bad = _mm256_xor_si256(_mm256_max_epu8(_mm256_max_epu8(v0, v1), top), top);
    const __m256i pads = _mm256_loadu_si256((const __m256i *)l->pads);
    v0 = _mm256_or_si256(v0, pads);
    v1 = _mm256_or_si256(v1, pads);
    bad = _mm256_or_si256(bad, _mm256_or_si256(repeats(v0, l), repeats(v1, l)));
    if (!_mm256_testz_si256(bad, bad))
        return -1;

    /* Ranks as bytes: id >> 2 (the 16-bit shift brings in bits of the next byte, masked
     * off); a pad (0xFC..0xFF) becomes 63, whose table entry (15) is 0. */
    const __m256i six_bits = _mm256_set1_epi8(0x3F);
    __m256i r0 = _mm256_and_si256(_mm256_srli_epi16(v0, 2), six_bits);
    __m256i r1 = _mm256_and_si256(_mm256_srli_epi16(v1, 2), six_bits);
#define PE_KEY_BYTE(b, r) (int8_t)(pe_rank_keys[r] >> (8 * (b)) & 0xFFu)
#define PE_KEY_TABLE(b)                                                                                          \
    _mm256_setr_epi8(PE_KEY_BYTE(b, 0), PE_KEY_BYTE(b, 1), PE_KEY_BYTE(b, 2), PE_KEY_BYTE(b, 3), PE_KEY_BYTE(b, 4), \
                     PE_KEY_BYTE(b, 5), PE_KEY_BYTE(b, 6), PE_KEY_BYTE(b, 7), PE_KEY_BYTE(b, 8), PE_KEY_BYTE(b, 9), \
                     PE_KEY_BYTE(b, 10), PE_KEY_BYTE(b, 11), PE_KEY_BYTE(b, 12), 0, 0, 0, PE_KEY_BYTE(b, 0),       \
                     PE_KEY_BYTE(b, 1), PE_KEY_BYTE(b, 2), PE_KEY_BYTE(b, 3), PE_KEY_BYTE(b, 4), PE_KEY_BYTE(b, 5), \
                     PE_KEY_BYTE(b, 6), PE_KEY_BYTE(b, 7), PE_KEY_BYTE(b, 8), PE_KEY_BYTE(b, 9), PE_KEY_BYTE(b, 10),\
                     PE_KEY_BYTE(b, 11), PE_KEY_BYTE(b, 12), 0, 0, 0)
    const __m256i byte0 = PE_KEY_TABLE(0), byte1 = PE_KEY_TABLE(1), byte2 = PE_KEY_TABLE(2);
#undef PE_KEY_TABLE
#undef PE_KEY_BYTE
    __m256i key0 = _mm256_add_epi64(_mm256_add_epi64(row_sums(byte0, r0), _mm256_slli_epi64(row_sums(byte1, r0), 8)),
                                    _mm256_slli_epi64(row_sums(byte2, r0), 16));
    __m256i key1 = _mm256_add_epi64(_mm256_add_epi64(row_sums(byte0, r1), _mm256_slli_epi64(row_sums(byte1, r1), 8)),
                                    _mm256_slli_epi64(row_sums(byte2, r1), 16));
    _mm256_storeu_si256((__m256i *)keys, in_row_order(key0, key1));

    /* Suits by the ids' low 4 bits, 4 * (rank & 3) + suit; a pad's top bit gives 0.  The
     * counters start at 3 (PE_SUIT_START), so a nibble's top bit says five of a suit. */
    const __m256i low_suits = _mm256_setr_epi8(1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1,
                                               16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0);
    const __m256i high_suits = _mm256_setr_epi8(0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16, 0,
                                                0, 1, 16, 0, 0, 1, 16, 0, 0, 1, 16);
    const __m256i start = _mm256_set1_epi64x(0x3333);
    __m256i suits0 = _mm256_add_epi64(_mm256_add_epi64(row_sums(low_suits, v0), start),
                                      _mm256_slli_epi64(row_sums(high_suits, v0), 8));
    __m256i suits1 = _mm256_add_epi64(_mm256_add_epi64(row_sums(low_suits, v1), start),
                                      _mm256_slli_epi64(row_sums(high_suits, v1), 8));
    __m256i suits = in_row_order(suits0, suits1);
    _mm256_storeu_si256((__m256i *)counters, suits);
    __m256i flush = _mm256_and_si256(suits, _mm256_set1_epi32(0x8888));
    return _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(flush, _mm256_setzero_si256())));
}

#define CHUNK 1024

PE_TARGET_AVX2 static int run(const uint8_t *ids, size_t rows, unsigned k, uint16_t *hi, size_t *bad_row)
{
    layout_t l;
    make_layout(&l, k);
    uint32_t keys[CHUNK], counters[CHUNK];
    uint8_t flushed[CHUNK / 8];
    size_t r = 0;
    int ok = 1;
    /* Blocks while 16 rows remain, so the last 32-byte reads stay inside the array. */
    while (ok && r + 16 <= rows) {
        size_t stop = rows - r - 8 < CHUNK ? r + (rows - r - 8) / 8 * 8 : r + CHUNK;
        size_t start = r;
        for (; r < stop; r += 8) {
            pe_prefetch_rows(ids, rows, r, k);
            int flush = block(ids + r * k, k, &l, keys + (r - start), counters + (r - start));
            if (flush < 0) {
                ok = 0;
                break;
            }
            flushed[(r - start) / 8] = (uint8_t)flush;
            /* The block two before, as in simd_avx512.c: scalar lookups beside vector work
             * (two blocks back measured 4% faster than one). */
            if (r >= start + 16)
                pe_rank_lookups(keys + (r - 16 - start), 8, k, hi + r - 16);
        }
        if (r >= start + 16)
            pe_rank_lookups(keys + (r - 16 - start), 16, k, hi + r - 16);
        else if (r > start)
            pe_rank_lookups(keys, r - start, k, hi + start);
        for (size_t b = 0; b < (r - start) / 8; b++)
            for (unsigned lanes = flushed[b]; lanes; lanes &= lanes - 1) {
                size_t i = 8 * b + (size_t)__builtin_ctz(lanes), row = start + i;
                unsigned suit = pe_flush_suit(counters[i] & 0x8888u);
                hi[row] = pe_flush_value_of_ids(ids + row * k, k, suit);
            }
    }
    int rc = pe_batch_holdem_scalar(ids + r * k, rows - r, k, hi + r, bad_row);
    if (rc != PE_OK)
        *bad_row += r;
    return rc;
}

PE_TARGET_AVX2 int pe_batch_holdem_avx2(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    return PE_RUN_PER_K(run, ids, rows, k, hi, bad_row);
}
#else
typedef int pe_no_simd_kernel_here; /* ISO C wants a declaration in every file */
#endif
