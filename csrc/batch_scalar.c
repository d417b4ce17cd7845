/* batch_scalar.c - the portable hold'em batch kernel: any CPU, no instruction set chosen at
 * run time.  The SIMD kernels fall back to it for the rows they do not take (the tail, a
 * bad row).
 *
 * Each card byte indexes pe_card_pairs directly, whatever its value: one 16-byte load gives
 * the byte's key and lane, added to a running sum of both and ORed into a running OR.
 * Every card has a lane bit of its own, so the lanes' sum equals their OR unless two bytes
 * share a bit: a repeated card, or a byte that is no card (its lane holds the spare bit
 * PE_GUARD_LANE, where both the sum and the OR start).  So one compare a row finds every
 * bad row, and the loop holds no compare a card.
 *
 * The two words go through a two-lane vector where the compiler has one: GCC's and
 * clang's vector extensions, which every target lowers to its baseline (SSE2 on x86-64,
 * NEON on aarch64, plain words elsewhere), and SSE2 under MSVC on x64.  On x86-64 this
 * spreads a card's work over the integer and the vector units.  Rows go in blocks of
 * PE_BLOCK, all the block's sums first, then its lookups: the table reads of a block's
 * rows overlap, and a flush's mispredicted branch throws away less work.  Measured on
 * 10 M random rows of 7 (AMD EPYC Zen 4, benchmarks/bench_anchors.sh): the loop that summed
 * one word at a time 262-268 M rows/s, the pairs 290-298, the pairs in blocks 327-344.
 * Blocks of 4, not 8: on AMD Zen 5 (one harness, the two forms in the same runs) 1.00-1.01x
 * OMPEval against 0.97-0.98x, blocks of 16 0.96x, of 2 0.96-0.98x; rows of 5 and 6 the same
 * or faster.
 */
#include <string.h>

#include "internal.h"

/* PE_PAIRS: 1 vector extensions, 2 SSE2 intrinsics, 0 two plain words; set from outside
 * only to test a branch this compiler would not take. */
#ifndef PE_PAIRS
#if defined(__GNUC__) || defined(__clang__)
#define PE_PAIRS 1
#elif defined(_M_X64) || defined(_M_AMD64)
#define PE_PAIRS 2
#else
#define PE_PAIRS 0
#endif
#endif

#if PE_PAIRS == 1
typedef uint64_t pair_t __attribute__((vector_size(16)));
static inline pair_t pair_make(uint64_t lo, uint64_t hi)
{
    pair_t p = {lo, hi};
    return p;
}
static inline pair_t pair_load(unsigned byte)
{
    pair_t p;
    memcpy(&p, pe_card_pairs + 2 * byte, sizeof p);
    return p;
}
#define PAIR_ADD(a, b) ((a) + (b))
#define PAIR_OR(a, b) ((a) | (b))
#define PAIR_XOR(a, b) ((a) ^ (b))
#define PAIR_LO(p) ((p)[0])
#define PAIR_HI(p) ((p)[1])
#elif PE_PAIRS == 2
#include <emmintrin.h>
typedef __m128i pair_t;
static inline pair_t pair_make(uint64_t lo, uint64_t hi)
{
    return _mm_set_epi64x((long long)hi, (long long)lo);
}
static inline pair_t pair_load(unsigned byte)
{
    return _mm_load_si128((const __m128i *)(pe_card_pairs + 2 * byte));
}
#define PAIR_ADD(a, b) _mm_add_epi64(a, b)
#define PAIR_OR(a, b) _mm_or_si128(a, b)
#define PAIR_XOR(a, b) _mm_xor_si128(a, b)
#define PAIR_LO(p) ((uint64_t)_mm_cvtsi128_si64(p))
#define PAIR_HI(p) ((uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(p, p)))
#else
typedef struct {
    uint64_t lo, hi;
} pair_t;
static inline pair_t pair_make(uint64_t lo, uint64_t hi)
{
    pair_t p = {lo, hi};
    return p;
}
static inline pair_t pair_load(unsigned byte)
{
    return pair_make(pe_card_pairs[2 * byte], pe_card_pairs[2 * byte + 1]);
}
static inline pair_t pair_add(pair_t a, pair_t b)
{
    return pair_make(a.lo + b.lo, a.hi + b.hi);
}
static inline pair_t pair_or(pair_t a, pair_t b)
{
    return pair_make(a.lo | b.lo, a.hi | b.hi);
}
static inline pair_t pair_xor(pair_t a, pair_t b)
{
    return pair_make(a.lo ^ b.lo, a.hi ^ b.hi);
}
#define PAIR_ADD(a, b) pair_add(a, b)
#define PAIR_OR(a, b) pair_or(a, b)
#define PAIR_XOR(a, b) pair_xor(a, b)
#define PAIR_LO(p) ((p).lo)
#define PAIR_HI(p) ((p).hi)
#endif

#define PE_BLOCK 4
/* The block loops unrolled, so a block's sums stay in registers. */
#if defined(__clang__)
#define PE_UNROLL _Pragma("unroll")
#elif defined(__GNUC__) && __GNUC__ >= 8
#define PE_UNROLL _Pragma("GCC unroll 4")
#else
#define PE_UNROLL
#endif

/* Sum row `ids` of k bytes into *h; 0 when a byte is no card or a card repeats. */
static inline int sum_row(const uint8_t *ids, size_t k, pe_hand_t *h)
{
    pair_t sum = pair_make(PE_SUIT_START, PE_GUARD_LANE), any = pair_make(0, PE_GUARD_LANE);
    for (size_t i = 0; i < k; i++) {
        pair_t p = pair_load(ids[i]);
        sum = PAIR_ADD(sum, p);
        any = PAIR_OR(any, p);
    }
    h->key = PAIR_LO(sum);
    h->lanes = PAIR_HI(any);
    return PAIR_HI(PAIR_XOR(sum, any)) == 0;
}

/* Why row `ids` was refused: a byte that is no card, else a repeated card. */
static int refusal(const uint8_t *ids, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (ids[i] >= 52)
            return PE_ERR_CARD;
    return PE_ERR_DUPLICATE;
}

static inline int run(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    size_t r = 0;
    for (; r + PE_BLOCK <= rows; r += PE_BLOCK) {
        const uint8_t *row = ids + r * k;
        pe_hand_t h[PE_BLOCK];
        PE_UNROLL
        for (size_t j = 0; j < PE_BLOCK; j++)
            if (!sum_row(row + j * k, k, &h[j]))
                goto one_by_one; /* which finds the row */
        PE_UNROLL
        for (size_t j = 0; j < PE_BLOCK; j++)
            hi[r + j] = pe_hand_value_n(h[j], k);
    }
one_by_one:
    for (; r < rows; r++) {
        pe_hand_t h;
        if (!sum_row(ids + r * k, k, &h)) {
            *bad_row = r;
            return refusal(ids + r * k, k);
        }
        hi[r] = pe_hand_value_n(h, k);
    }
    return PE_OK;
}

int pe_batch_holdem_scalar(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    return PE_RUN_PER_K(run, ids, rows, k, hi, bad_row);
}
