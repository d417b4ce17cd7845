/* simd_avx512.c - the hold'em and wild batch kernels for AVX-512 (F, BW, CD, VBMI): 16
 * rows at a time.  Compiled with a target attribute, so the rest of the core stays baseline
 * x86-64; cpu.c calls it only on a CPU that has these extensions.
 *
 * Per block of 16 rows: two loads take the 16*k card bytes; a range compare and
 * eight byte compares between VBMI-permuted copies reject bad ids and duplicates; one
 * byte permute per card position spreads card c of each row into a 32-bit lane.  Each
 * card then adds its rank key and a 1 in its suit's counter nibble, both looked up in
 * registers (vpermd over 16-entry tables).  The keys are looked up in the rank table
 * afterwards (see run), and the rows with a flush in the flush table.  A block with a
 * bad row, and the last rows, go to the scalar kernel, which finds the bad row and its
 * error. */
#include "internal.h"

#if PE_X86_DISPATCH
#include <immintrin.h>

#define PE_TARGET_AVX512 __attribute__((target("avx512f,avx512bw,avx512cd,avx512vbmi")))

/* Byte permutes for k cards per row.  transpose[v] puts card 4v + j of row h at byte
 * 16j + h; a slot past the k cards gets the pad byte 0xFC + j instead (never a card id,
 * and different for each slot, so pads match nothing in the duplicate test).  dword[c]
 * puts card c of row h in the low byte of 32-bit lane h. */
typedef struct {
    uint8_t transpose[2][64];
    uint64_t is_card[2]; /* which bytes of transpose[v] are cards, not pads */
    uint8_t dword[7][64];
} layout_t;

static void make_layout(layout_t *l, unsigned k)
{
    l->is_card[0] = l->is_card[1] = 0;
    for (unsigned j = 0; j < 64; j++) {
        unsigned slot = j / 16, row = j % 16;
        for (unsigned v = 0; v < 2; v++) {
            unsigned c = 4 * v + slot;
            l->transpose[v][j] = (uint8_t)(c < k ? row * k + c : 0xFCu + slot);
            l->is_card[v] |= (uint64_t)(c < k) << j;
        }
        for (unsigned c = 0; c < 7; c++)
            l->dword[c][j] = (uint8_t)((j / 4) * k + c);
    }
}

/* Lane rotations by whole 16-byte slots: ROT1 of [a|b|c|d] is [b|c|d|a]. */
#define ROT1 _MM_SHUFFLE(0, 3, 2, 1)
#define ROT2 _MM_SHUFFLE(1, 0, 3, 2)
#define ROT3 _MM_SHUFFLE(2, 1, 0, 3)

/* Load one block of 16 rows into *lo and *up; nonzero if a row is bad: a byte of `deck`
 * or more, or a byte twice in a row. */
PE_TARGET_AVX512 static inline int load_block(const uint8_t *ids, unsigned k, const layout_t *l, char deck,
                                              __m512i *lo_out, __m512i *up_out)
{
    /* The block's 16*k bytes (80..112) as two 64-byte halves; the mask keeps the
     * second load inside the block, and masked-off bytes read as 0, a valid id. */
    __m512i lo = _mm512_loadu_si512((const void *)ids);
    __m512i up = _mm512_maskz_loadu_epi8(~0ull >> (128 - 16 * k), ids + 64);
    __mmask64 bad = _mm512_cmpge_epu8_mask(lo, _mm512_set1_epi8(deck)) |
                    _mm512_cmpge_epu8_mask(up, _mm512_set1_epi8(deck));

    /* Duplicates: with a = [c0|c1|c2|c3] and b = [c4|c5|c6|pad], comparing a with its
     * rotations by one and two slots, b likewise, and a with b rotated by 0..3 slots
     * meets every pair of the seven positions (pads meet only cards and other pads). */
    __m512i a = _mm512_mask2_permutex2var_epi8(lo, _mm512_loadu_si512((const void *)l->transpose[0]),
                                               l->is_card[0], up);
    __m512i b = _mm512_mask2_permutex2var_epi8(lo, _mm512_loadu_si512((const void *)l->transpose[1]),
                                               l->is_card[1], up);
    __m512i b1 = _mm512_shuffle_i32x4(b, b, ROT1), b2 = _mm512_shuffle_i32x4(b, b, ROT2);
    bad |= _mm512_cmpeq_epi8_mask(a, _mm512_shuffle_i32x4(a, a, ROT1)) |
           _mm512_cmpeq_epi8_mask(a, _mm512_shuffle_i32x4(a, a, ROT2)) |
           _mm512_cmpeq_epi8_mask(b, b1) | _mm512_cmpeq_epi8_mask(b, b2) |
           _mm512_cmpeq_epi8_mask(a, b) | _mm512_cmpeq_epi8_mask(a, b1) |
           _mm512_cmpeq_epi8_mask(a, b2) | _mm512_cmpeq_epi8_mask(a, _mm512_shuffle_i32x4(b, b, ROT3));
    *lo_out = lo;
    *up_out = up;
    return bad != 0;
}

/* One block of 16 rows: writes their rank keys, leaves their suit counters in *counters
 * and returns the lanes that hold a flush, or -1 if a row is bad. */
PE_TARGET_AVX512 static inline int block(const uint8_t *ids, unsigned k, const layout_t *l, uint32_t *keys,
                                         __m512i *counters)
{
    __m512i lo, up;
    if (load_block(ids, k, l, 52, &lo, &up))
        return -1;

    const __m512i rank_keys = _mm512_setr_epi32(
        (int)pe_rank_keys[0], (int)pe_rank_keys[1], (int)pe_rank_keys[2], (int)pe_rank_keys[3],
        (int)pe_rank_keys[4], (int)pe_rank_keys[5], (int)pe_rank_keys[6], (int)pe_rank_keys[7],
        (int)pe_rank_keys[8], (int)pe_rank_keys[9], (int)pe_rank_keys[10], (int)pe_rank_keys[11],
        (int)pe_rank_keys[12], 0, 0, 0);
    /* vpermd reads the low 4 bits of an id, 4 * (rank & 3) + suit: entry j of this table
     * is a 1 in the counter nibble of suit j & 3. */
    const __m512i suit_one = _mm512_setr_epi32(1, 1 << 4, 1 << 8, 1 << 12, 1, 1 << 4, 1 << 8, 1 << 12,
                                               1, 1 << 4, 1 << 8, 1 << 12, 1, 1 << 4, 1 << 8, 1 << 12);
    const __mmask64 low_bytes = 0x1111111111111111ull;
    __m512i key = _mm512_setzero_si512();
    __m512i suits = _mm512_set1_epi32(0x3333); /* counters start at 3: see PE_SUIT_START */
    for (unsigned c = 0; c < k; c++) {
        __m512i id = _mm512_maskz_permutex2var_epi8(low_bytes, lo, _mm512_loadu_si512((const void *)l->dword[c]), up);
        key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(_mm512_srli_epi32(id, 2), rank_keys));
        suits = _mm512_add_epi32(suits, _mm512_permutexvar_epi32(id, suit_one));
    }
    _mm512_storeu_si512((void *)keys, key);
    *counters = suits;
    return (int)_mm512_test_epi32_mask(suits, _mm512_set1_epi32(0x8888));
}

/* Rows are taken a chunk at a time, in three passes.  The SIMD blocks check the rows
 * and write their rank keys, listing the rows with a flush.  A plain loop then looks
 * the keys up: independent scalar loads keep many cache misses in flight, where a
 * gather on current x86 cores is slower than its sixteen loads.  Last, the flush rows
 * (about 3% of random rows; a branch per block on them would mispredict often) are
 * looked up in the flush table while their bytes are still in cache. */
#define CHUNK 1024

/* Where the chunk that starts at row r ends: CHUNK rows, or the whole blocks left. */
static inline size_t chunk_stop(size_t r, size_t rows)
{
    return rows - r < CHUNK ? r + (rows - r) / 16 * 16 : r + CHUNK;
}

/* Append to flushed[n..] the chunk offsets (first + lane) of a block's flush lanes; the
 * new count.  Compressed into a register and stored whole: flushed has 16 spare slots. */
PE_TARGET_AVX512 static inline size_t note_flushes(uint32_t *flushed, size_t n, int flush, size_t first)
{
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i row = _mm512_add_epi32(lanes, _mm512_set1_epi32((int)first));
    _mm512_storeu_si512((void *)(flushed + n), _mm512_maskz_compress_epi32((__mmask16)flush, row));
    return n + (size_t)__builtin_popcount((unsigned)flush);
}

/* The same for the hold'em blocks, each entry also naming the suit of the flush above bit
 * 16: the check bit of suit s is bit 4s + 3 of the counters, which has 28 - 4s leading
 * zeros, so the suit is (28 - lzcnt) / 4 (AVX-512 CD). */
PE_TARGET_AVX512 static inline size_t note_flush_suits(uint32_t *flushed, size_t n, __m512i counters, int flush,
                                                       size_t first)
{
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __m512i check = _mm512_and_si512(counters, _mm512_set1_epi32(0x8888));
    __m512i suit = _mm512_srli_epi32(_mm512_sub_epi32(_mm512_set1_epi32(28), _mm512_lzcnt_epi32(check)), 2);
    __m512i row = _mm512_add_epi32(lanes, _mm512_set1_epi32((int)first));
    row = _mm512_or_si512(row, _mm512_slli_epi32(suit, 16));
    _mm512_storeu_si512((void *)(flushed + n), _mm512_maskz_compress_epi32((__mmask16)flush, row));
    return n + (size_t)__builtin_popcount((unsigned)flush);
}

PE_TARGET_AVX512 static int run(const uint8_t *ids, size_t rows, unsigned k, uint16_t *hi, size_t *bad_row)
{
    layout_t l;
    make_layout(&l, k);
    uint32_t keys[CHUNK];
    uint32_t flushed[CHUNK + 16];
    size_t r = 0;
    int ok = 1;
    while (ok && r + 16 <= rows) {
        size_t stop = chunk_stop(r, rows);
        size_t start = r, n = 0;
        for (; r < stop; r += 16) {
            pe_prefetch_rows(ids, rows, r, k);
            __m512i counters;
            int flush = block(ids + r * k, k, &l, keys + (r - start), &counters);
            if (flush < 0) {
                ok = 0;
                break;
            }
            n = note_flush_suits(flushed, n, counters, flush, r - start);
            /* The block before this one, whose keys are stored: its scalar lookups run
             * beside this block's vector work instead of after the whole chunk. */
            if (r > start)
                pe_rank_lookups(keys + (r - 16 - start), 16, k, hi + r - 16);
        }
        if (r > start)
            pe_rank_lookups(keys + (r - 16 - start), 16, k, hi + r - 16);
        for (size_t i = 0; i < n; i++) {
            size_t row = start + (flushed[i] & 0xFFFFu);
            hi[row] = pe_flush_value_of_ids(ids + row * k, k, flushed[i] >> 16);
        }
    }
    int rc = pe_batch_holdem_scalar(ids + r * k, rows - r, k, hi + r, bad_row);
    if (rc != PE_OK)
        *bad_row += r;
    return rc;
}

PE_TARGET_AVX512 int pe_batch_holdem_avx512(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi,
                                            size_t *bad_row)
{
    return PE_RUN_PER_K(run, ids, rows, k, hi, bad_row);
}

/* ---- wild rows (see the batch in wild.c) ----
 * The same blocks, under a wild rule: ids up to 53 (jokers) or 51 (deuces wild), and a
 * wild card adds PE_WILD_KEY to its row's key (the rank-key table's entry for rank 13,
 * the jokers' id / 4, or for rank 0, the deuces') and a one to every suit counter and to
 * the wild count at bit 16 of the counters.  The rows with no suit within reach of a
 * flush are then one lookup each from key and count; the others, and a bad block, go
 * to wild.c's scalar code. */
PE_TARGET_AVX512 static inline int wild_block(const uint8_t *ids, unsigned k, const layout_t *l, char deck,
                                              __m512i rank_keys, unsigned wild_first, uint32_t *keys,
                                              uint32_t *counts)
{
    __m512i lo, up;
    if (load_block(ids, k, l, deck, &lo, &up))
        return -1;
    const __m512i suit_one = _mm512_setr_epi32(1, 1 << 4, 1 << 8, 1 << 12, 1, 1 << 4, 1 << 8, 1 << 12,
                                               1, 1 << 4, 1 << 8, 1 << 12, 1, 1 << 4, 1 << 8, 1 << 12);
    const __m512i wild_one = _mm512_set1_epi32(0x11111);
    const __m512i first = _mm512_set1_epi32((int)wild_first), four = _mm512_set1_epi32(4);
    const __mmask64 low_bytes = 0x1111111111111111ull;
    __m512i key = _mm512_setzero_si512();
    __m512i suits = _mm512_set1_epi32(0x3333); /* counters start at 3: see PE_SUIT_START */
    for (unsigned c = 0; c < k; c++) {
        __m512i id = _mm512_maskz_permutex2var_epi8(low_bytes, lo, _mm512_loadu_si512((const void *)l->dword[c]), up);
        key = _mm512_add_epi32(key, _mm512_permutexvar_epi32(_mm512_srli_epi32(id, 2), rank_keys));
        /* The wild cards are the four ids from wild_first (jokers: 52, 53 and two bad ids). */
        __mmask16 wild = _mm512_cmplt_epu32_mask(_mm512_sub_epi32(id, first), four);
        __m512i one = _mm512_mask_blend_epi32(wild, _mm512_permutexvar_epi32(id, suit_one), wild_one);
        suits = _mm512_add_epi32(suits, one);
    }
    _mm512_storeu_si512((void *)keys, key);
    _mm512_storeu_si512((void *)counts, suits);
    return (int)_mm512_test_epi32_mask(suits, _mm512_set1_epi32(0x8888));
}

PE_TARGET_AVX512 static int run_wild(int wild, const uint8_t *ids, size_t rows, unsigned k, uint16_t *out,
                                     size_t *bad_row)
{
    layout_t l;
    make_layout(&l, k);
    const int deuces = wild == PE_WILD_DEUCES;
    uint32_t rank_key[16] = {0};
    for (unsigned r = 0; r < 13; r++)
        rank_key[r] = pe_rank_keys[r];
    rank_key[deuces ? 0 : 13] = PE_WILD_KEY;
    const __m512i rank_keys = _mm512_loadu_si512((const void *)rank_key);
    const char deck = deuces ? 52 : 54;
    const unsigned wild_first = deuces ? 0u : 52u;
    const pe_wild_hash_t h = pe_wild_hash(wild);
    uint32_t keys[CHUNK], counts[CHUNK];
    uint32_t flushed[CHUNK + 16];
    size_t r = 0;
    int ok = 1;
    while (ok && r + 16 <= rows) {
        size_t stop = chunk_stop(r, rows);
        size_t start = r, n = 0;
        for (; r < stop; r += 16) {
            int flush = wild_block(ids + r * k, k, &l, deck, rank_keys, wild_first, keys + (r - start),
                                   counts + (r - start));
            if (flush < 0) {
                ok = 0;
                break;
            }
            n = note_flushes(flushed, n, flush, r - start);
        }
        for (size_t i = 0; i < r - start; i++)
            out[start + i] = pe_wild_rank_value(&h, keys[i], counts[i] >> 16 & 0xFu);
        for (size_t j = 0; j < n; j++) { /* a flush within reach: the suits' masks too */
            size_t i = flushed[j], row = start + i;
            out[row] = pe_wild_value_of_sum(wild, ids + row * k, k, keys[i] | (uint64_t)counts[i] << 32);
        }
    }
    int rc = pe_batch_wild_scalar(wild, ids + r * k, rows - r, k, out + r, bad_row);
    if (rc != PE_OK)
        *bad_row += r;
    return rc;
}

PE_TARGET_AVX512 int pe_batch_wild_avx512(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out,
                                          size_t *bad_row)
{
    return k == 5 ? run_wild(wild, ids, rows, 5, out, bad_row)
           : k == 6 ? run_wild(wild, ids, rows, 6, out, bad_row)
                    : run_wild(wild, ids, rows, 7, out, bad_row);
}
#else
typedef int pe_no_simd_kernel_here; /* ISO C wants a declaration in every file */
#endif
