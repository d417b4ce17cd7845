/* simd_neon.c - the hold'em batch kernel for aarch64 (Advanced SIMD, "NEON"): 16 rows at
 * a time.  NEON is part of the base aarch64 instruction set, so this file needs no target
 * flags; cpu.c still asks the OS before choosing it (pe_simd_init, "neon").
 *
 * The shape is that of simd_avx512.c and simd_avx2.c: per block the vector unit checks
 * the rows and sums their rank keys and suit counters, the block two before is looked up
 * in scalar code meanwhile, and the rows with a flush are looked up last, from their ids.
 *
 * A block's 16k bytes (at most 112) are loaded whole and laid out card by card with TBL:
 * vector c holds card c of each of the 16 rows, one byte a row.  Then a byte above 51 is
 * no card, two equal bytes in two card vectors are a repeated card, and every lookup is
 * TBL over a 64-entry byte table indexed by the id itself (4 registers).  A rank key
 * (22 bits) is three bytes, each looked up in its own table and summed over the cards
 * in 16-bit lanes, then joined with shifts (exact sums, no carry lost); the suit counters
 * are two bytes of two nibbles each (at most 7 cards, so a nibble never carries). */
#include "internal.h"

#if PE_ARM_DISPATCH
#include <arm_neon.h>

/* What a block needs, built once per call from the core's tables (64 bytes each). */
typedef struct {
    uint8x16x4_t key_byte[3]; /* byte b of the rank key of each id */
    uint8x16x4_t suits[2];    /* nibble counters: suits 0, 1 and suits 2, 3 */
    uint8x16_t low[7], high[7]; /* TBL indexes of card c of rows 0..15, from bytes 0..63, 64.. */
} layout_t;

static void make_layout(layout_t *l, unsigned k)
{
    uint8_t bytes[5][64];
    for (unsigned id = 0; id < 64; id++) {
        uint32_t key = id < 52 ? pe_rank_keys[PE_RANK(id)] : 0;
        for (unsigned b = 0; b < 3; b++)
            bytes[b][id] = (uint8_t)(key >> (8 * b));
        unsigned suit = PE_SUIT(id), one = id < 52 ? 1u << (4 * (suit & 1u)) : 0;
        bytes[3][id] = (uint8_t)(suit < 2 ? one : 0);
        bytes[4][id] = (uint8_t)(suit >= 2 ? one : 0);
    }
    for (unsigned t = 0; t < 5; t++) {
        uint8x16x4_t v = {{vld1q_u8(bytes[t]), vld1q_u8(bytes[t] + 16), vld1q_u8(bytes[t] + 32),
                           vld1q_u8(bytes[t] + 48)}};
        if (t < 3)
            l->key_byte[t] = v;
        else
            l->suits[t - 3] = v;
    }
    for (unsigned c = 0; c < 7; c++) {
        uint8_t low[16], high[16];
        for (unsigned h = 0; h < 16; h++) {
            unsigned at = h * k + c; /* byte of the block; TBL gives 0 past its table */
            low[h] = (uint8_t)(at < 64 ? at : 0xFF);
            high[h] = (uint8_t)(at >= 64 ? at - 64 : 0xFF);
        }
        l->low[c] = vld1q_u8(low);
        l->high[c] = vld1q_u8(high);
    }
}

/* The four 32-bit keys of 4 rows from the three 16-bit plane sums of those rows. */
static inline uint32x4_t join_low(uint16x8_t s0, uint16x8_t s1, uint16x8_t s2)
{
    return vaddq_u32(vaddq_u32(vmovl_u16(vget_low_u16(s0)), vshll_n_u16(vget_low_u16(s1), 8)),
                     vshll_n_u16(vget_low_u16(s2), 16));
}

static inline uint32x4_t join_high(uint16x8_t s0, uint16x8_t s1, uint16x8_t s2)
{
    return vaddq_u32(vaddq_u32(vmovl_high_u16(s0), vshll_high_n_u16(s1, 8)), vshll_high_n_u16(s2, 16));
}

/* One block of 16 rows (112 bytes readable from ids): writes their rank keys and suit
 * counters and returns a mask with nibble i set for a row i that holds a flush, or
 * UINT64_MAX if a row is bad. */
static inline uint64_t block(const uint8_t *ids, unsigned k, const layout_t *l, uint32_t *keys,
                             uint16_t *counters)
{
    uint8x16x4_t low = {{vld1q_u8(ids), vld1q_u8(ids + 16), vld1q_u8(ids + 32), vld1q_u8(ids + 48)}};
    uint8x16x3_t high = {{vld1q_u8(ids + 64), vld1q_u8(ids + 80), vld1q_u8(ids + 96)}};
    uint8x16_t card[7];
    uint8x16_t bad = vdupq_n_u8(0);
    for (unsigned c = 0; c < k; c++) {
        card[c] = vqtbx3q_u8(vqtbl4q_u8(low, l->low[c]), high, l->high[c]);
        bad = vorrq_u8(bad, vcgtq_u8(card[c], vdupq_n_u8(51)));
        for (unsigned d = 0; d < c; d++)
            bad = vorrq_u8(bad, vceqq_u8(card[c], card[d]));
    }
    if (vmaxvq_u8(bad))
        return UINT64_MAX;

    uint16x8_t sum[3][2];
    for (unsigned b = 0; b < 3; b++)
        sum[b][0] = sum[b][1] = vdupq_n_u16(0);
    uint8x16_t suits01 = vdupq_n_u8(0x33), suits23 = vdupq_n_u8(0x33); /* see PE_SUIT_START */
    for (unsigned c = 0; c < k; c++) {
        for (unsigned b = 0; b < 3; b++) {
            uint8x16_t byte = vqtbl4q_u8(l->key_byte[b], card[c]);
            sum[b][0] = vaddw_u8(sum[b][0], vget_low_u8(byte));
            sum[b][1] = vaddw_high_u8(sum[b][1], byte);
        }
        suits01 = vaddq_u8(suits01, vqtbl4q_u8(l->suits[0], card[c]));
        suits23 = vaddq_u8(suits23, vqtbl4q_u8(l->suits[1], card[c]));
    }
    vst1q_u32(keys, join_low(sum[0][0], sum[1][0], sum[2][0]));
    vst1q_u32(keys + 4, join_high(sum[0][0], sum[1][0], sum[2][0]));
    vst1q_u32(keys + 8, join_low(sum[0][1], sum[1][1], sum[2][1]));
    vst1q_u32(keys + 12, join_high(sum[0][1], sum[1][1], sum[2][1]));
    /* Row i's counters as PE_SUIT_START lays them out: suits 0, 1 in the low byte. */
    vst1q_u16(counters, vreinterpretq_u16_u8(vzip1q_u8(suits01, suits23)));
    vst1q_u16(counters + 8, vreinterpretq_u16_u8(vzip2q_u8(suits01, suits23)));
    /* A check bit in either nibble: a byte of 0xFF per flush row, narrowed to a nibble
     * per row (NEON has no movemask). */
    uint8x16_t flush = vtstq_u8(vorrq_u8(suits01, suits23), vdupq_n_u8(0x88));
    return vget_lane_u64(vreinterpret_u64_u8(vshrn_n_u16(vreinterpretq_u16_u8(flush), 4)), 0);
}

#define CHUNK 1024

static int run(const uint8_t *ids, size_t rows, unsigned k, uint16_t *hi, size_t *bad_row)
{
    layout_t l;
    make_layout(&l, k);
    uint32_t keys[CHUNK];
    uint16_t counters[CHUNK];
    uint64_t flushed[CHUNK / 16];
    size_t r = 0;
    int ok = 1;
    /* A block reads 112 bytes, so it starts only where `need` rows remain. */
    const size_t need = (112 + k - 1) / k;
    while (ok && rows - r >= need) {
        size_t blocks = (rows - r - need) / 16 + 1;
        size_t stop = r + 16 * (blocks < CHUNK / 16 ? blocks : CHUNK / 16);
        size_t start = r;
        for (; r < stop; r += 16) {
            pe_prefetch_rows(ids, rows, r, k);
            uint64_t flush = block(ids + r * k, k, &l, keys + (r - start), counters + (r - start));
            if (flush == UINT64_MAX) {
                ok = 0;
                break;
            }
            flushed[(r - start) / 16] = flush;
            /* The block two before: scalar lookups beside vector work (simd_avx2.c). */
            if (r >= start + 32)
                pe_rank_lookups(keys + (r - 32 - start), 16, k, hi + r - 32);
        }
        size_t from = r >= start + 32 ? r - 32 : start;
        pe_rank_lookups(keys + (from - start), r - from, k, hi + from);
        for (size_t b = 0; b < (r - start) / 16; b++)
            for (uint64_t nibbles = flushed[b]; nibbles;) {
                unsigned at = (unsigned)__builtin_ctzll(nibbles) & ~3u; /* row i's nibble is bits 4i.. */
                size_t i = 16 * b + at / 4, row = start + i;
                hi[row] = pe_flush_value_of_ids(ids + row * k, k, pe_flush_suit(counters[i] & 0x8888u));
                nibbles &= ~(0xFull << at);
            }
    }
    int rc = pe_batch_holdem_scalar(ids + r * k, rows - r, k, hi + r, bad_row);
    if (rc != PE_OK)
        *bad_row += r;
    return rc;
}

int pe_batch_holdem_neon(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    return PE_RUN_PER_K(run, ids, rows, k, hi, bad_row);
}
#else
typedef int pe_no_simd_kernel_here; /* ISO C wants a declaration in every file */
#endif
