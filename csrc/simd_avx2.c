/* simd_avx2.c - the hold'em batch kernel for AVX2: 8 rows at a time.  Compiled with a
 * target attribute, so the rest of the core stays baseline x86-64; cpu.c calls it only
 * on a CPU with AVX2 (and it is the fastest kernel there without AVX-512 VBMI).
 *
 * The shape is that of simd_avx512.c, in three passes over chunks of rows: the SIMD
 * blocks check rows and sum their rank keys and suit counters, a scalar loop looks the
 * keys up, and the flush rows are looked up again in the flush table.  AVX2 has no
 * byte permute across 128-bit halves, so each half takes two rows from each of two
 * 16-byte loads, and the in-half byte shuffle (pshufb) spreads card c of its rows
 * into 32-bit lanes. */
#include "internal.h"

#if PE_X86_DISPATCH
#include <immintrin.h>

#define PE_TARGET_AVX2 __attribute__((target("avx2")))

/* shuffle[c][0] moves card c of the first two rows of a 16-byte load into dword lanes 0
 * and 1 (bytes 0 and 4); shuffle[c][1] moves it from the next two rows' load into lanes
 * 2 and 3.  Index bytes with the top bit set write zeros. */
typedef struct {
    uint8_t shuffle[7][2][32];
} layout_t;

static void make_layout(layout_t *l, unsigned k)
{
    for (unsigned c = 0; c < 7; c++)
        for (unsigned half = 0; half < 2; half++)
            for (unsigned j = 0; j < 32; j++) {
                unsigned lane = (j % 16) / 4, byte = j % 4;
                int mine = byte == 0 && lane / 2 == half;
                l->shuffle[c][half][j] = (uint8_t)(mine ? (lane % 2) * k + c : 0x80u);
            }
}

PE_TARGET_AVX2 static inline __m256i load_pair(const uint8_t *low, const uint8_t *high)
{
    return _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)low)),
                                   _mm_loadu_si128((const __m128i *)high), 1);
}

/* One block of 8 rows (16 bytes must be readable from row 6 on): writes their rank keys
 * and returns the lanes that hold a flush as bits, or -1 if a row is bad. */
PE_TARGET_AVX2 static inline int block(const uint8_t *ids, unsigned k, const layout_t *l, uint32_t *keys)
{
    /* Half 0 gets rows 0-3, half 1 rows 4-7, two rows per 16-byte load. */
    __m256i first = load_pair(ids, ids + 4 * k), second = load_pair(ids + 2 * k, ids + 6 * k);
    const __m256i keys_low = _mm256_setr_epi32((int)pe_rank_keys[0], (int)pe_rank_keys[1], (int)pe_rank_keys[2],
                                               (int)pe_rank_keys[3], (int)pe_rank_keys[4], (int)pe_rank_keys[5],
                                               (int)pe_rank_keys[6], (int)pe_rank_keys[7]);
    const __m256i keys_high = _mm256_setr_epi32((int)pe_rank_keys[8], (int)pe_rank_keys[9], (int)pe_rank_keys[10],
                                                (int)pe_rank_keys[11], (int)pe_rank_keys[12], 0, 0, 0);
    /* permutevar8x32 reads the low 3 bits of an id, 4 * (rank & 1) + suit: entry j is a
     * 1 in the counter nibble of suit j & 3. */
    const __m256i suit_one = _mm256_setr_epi32(1, 1 << 4, 1 << 8, 1 << 12, 1, 1 << 4, 1 << 8, 1 << 12);
    const __m256i seven = _mm256_set1_epi32(7);
    __m256i key = _mm256_setzero_si256(), suits = _mm256_set1_epi32(0x3333); /* see PE_SUIT_START */
    __m256i top = _mm256_setzero_si256(), same = _mm256_setzero_si256();
    __m256i id[7];
    for (unsigned c = 0; c < k; c++) {
        id[c] = _mm256_or_si256(
            _mm256_shuffle_epi8(first, _mm256_loadu_si256((const __m256i *)l->shuffle[c][0])),
            _mm256_shuffle_epi8(second, _mm256_loadu_si256((const __m256i *)l->shuffle[c][1])));
        top = _mm256_max_epu32(top, id[c]);
        for (unsigned d = 0; d < c; d++)
            same = _mm256_or_si256(same, _mm256_cmpeq_epi32(id[c], id[d]));
        /* Ranks 0..7 from one 8-entry table, 8..12 from the other. */
        __m256i rank = _mm256_srli_epi32(id[c], 2);
        __m256i rank_key = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(keys_low, rank),
                                              _mm256_permutevar8x32_epi32(keys_high, rank),
                                              _mm256_cmpgt_epi32(rank, seven));
        key = _mm256_add_epi32(key, rank_key);
        suits = _mm256_add_epi32(suits, _mm256_permutevar8x32_epi32(suit_one, id[c]));
    }
    __m256i bad = _mm256_or_si256(same, _mm256_cmpgt_epi32(top, _mm256_set1_epi32(51)));
    if (!_mm256_testz_si256(bad, bad))
        return -1;
    _mm256_storeu_si256((__m256i *)keys, key);
    __m256i flush = _mm256_and_si256(suits, _mm256_set1_epi32(0x8888));
    return _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(flush, _mm256_setzero_si256())));
}

#define CHUNK 1024

PE_TARGET_AVX2 static int run(const uint8_t *ids, size_t rows, unsigned k, uint16_t *hi, size_t *bad_row)
{
    layout_t l;
    make_layout(&l, k);
    uint32_t keys[CHUNK];
    uint8_t flushed[CHUNK / 8];
    size_t r = 0;
    int ok = 1;
    /* Blocks while 16 rows remain, so the last 16-byte load stays inside the array. */
    while (ok && r + 16 <= rows) {
        size_t stop = rows - r - 8 < CHUNK ? r + (rows - r - 8) / 8 * 8 : r + CHUNK;
        size_t start = r;
        for (; r < stop; r += 8) {
            int flush = block(ids + r * k, k, &l, keys + (r - start));
            if (flush < 0) {
                ok = 0;
                break;
            }
            flushed[(r - start) / 8] = (uint8_t)flush;
        }
        for (size_t i = 0; i < r - start; i++)
            hi[start + i] = pe_rank_value_holdem(keys[i]);
        for (size_t b = 0; b < (r - start) / 8; b++)
            for (unsigned lanes = flushed[b]; lanes; lanes &= lanes - 1) {
                size_t row = start + 8 * b + (size_t)__builtin_ctz(lanes);
                hi[row] = pe_eval_ids(ids + row * k, k); /* a flush row: the scalar path */
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
