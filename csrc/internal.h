/* internal.h - tables and static inline hot helpers shared by the core's .c files.
 * Not part of the contract (that is pokereval.h). */
#ifndef PE_INTERNAL_H
#define PE_INTERNAL_H

#include <string.h>

#include "pokereval.h"
#include "table_sizes.h"

/* A table's start on a 16-byte boundary, so no 16-byte entry of it straddles a cache line. */
#if defined(_MSC_VER)
#define PE_ALIGN16 __declspec(align(16))
#elif defined(__GNUC__) || defined(__clang__)
#define PE_ALIGN16 __attribute__((aligned(16)))
#else
#define PE_ALIGN16
#endif

/* ---- generated tables (tables_*.c, written by gen_tables.py) ---- */
/* By byte, two words: pe_card_keys[byte], then pe_card_lanes[byte] for a card and, for a
 * byte that is no card, PE_GUARD_LANE plus the spare bit above it (batch_scalar.c). */
extern PE_ALIGN16 const uint64_t pe_card_pairs[2 * 256];
extern const uint32_t pe_rank_keys[13];
extern const uint16_t pe_rank_shortdeck[PE_RANK_TABLE_SIZE];
extern const uint16_t pe_rank_shortdeck_trips[PE_RANK_TABLE_SIZE];
extern const uint16_t pe_rank_razz[PE_RANK_TABLE_SIZE];
extern const uint16_t pe_rank_deuce_seven[PE_RANK_TABLE_SIZE];
extern const uint16_t pe_low8_value[256];
/* Omaha: best no-flush value of a hole-rank pair with three of a full board's ranks
 * (6188 board rows of 91 pairs), and best 8-or-better low by low-rank masks (256 x 256). */
extern const uint16_t pe_omaha_pair_best[6188 * 91];
extern const uint8_t pe_omaha_best_low8[256 * 256];
extern const uint16_t pe_flush_shortdeck[8192];
extern const uint16_t pe_flush_shortdeck_trips[8192];
extern const uint16_t pe_flush_deuce_seven[8192];
/* With w = 1..4 wild cards, row w - 1, by 13-bit rank mask: the best straight's value
 * (0: none), and the best flush or straight flush of a suit holding those ranks. */
extern const uint16_t pe_wild_straight[4 * 8192];
extern const uint16_t pe_wild_flush[4 * 8192];
/* The wild batch (wild.c): natural ranks M and w = 1..4 wild cards summed with
 * pe_wild_card_keys give key(M) + w * PE_WILD_KEY; with one PE_WILD_KEY taken off, that
 * key hashed through pe_wild_row_offsets (like pe_row_offsets) names the slot of (M, w)
 * in pe_wild_rank_any (jokers, deuces) and pe_wild_rank_bug: the best hand without a
 * flush, five of a kind included.  The per-card rows, by byte: [0..255] jokers wild (the
 * joker and the bug), [256..511] deuces wild; a wild card adds 1 to every suit counter and
 * to the wild count at bit 48, and a lane bit outside every suit's 13 rank bits; a byte
 * that is no card of the deck adds 1 at bit 56. */
extern const int32_t pe_wild_row_offsets[PE_WILD_NUM_ROWS];
extern const uint16_t pe_wild_rank_any[PE_WILD_TABLE_SIZE];
extern const uint16_t pe_wild_rank_bug[PE_WILD_TABLE_SIZE];
extern const uint64_t pe_wild_card_keys[2 * 256];
extern const uint64_t pe_wild_card_lanes[2 * 256];
extern const uint16_t pe_cat_start_holdem[10], pe_cat_start_shortdeck[10], pe_cat_start_shortdeck_trips[10];
extern const uint16_t pe_cat_start_razz[10], pe_cat_start_deuce_seven[10];
extern const int8_t pe_cat_of_holdem[10], pe_cat_of_shortdeck[10], pe_cat_of_shortdeck_trips[10];
extern const int8_t pe_cat_of_razz[10], pe_cat_of_deuce_seven[10];
/* The category (PE_HIGH_CARD..) of each hold'em value 0..7462 (0 for 0). */
extern const uint8_t pe_category_holdem[PE_MAX_HOLDEM + 1];

/* A branch taken rarely (a flush among random hands): laid out off the straight path. */
#if defined(__GNUC__) || defined(__clang__)
#define PE_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PE_UNLIKELY(x) (x)
#endif

#define PE_RANK(id) ((unsigned)(id) >> 2)
#define PE_SUIT(id) ((unsigned)(id) & 3u)
#define PE_ACE 12u
#define PE_BADUGI_MAX ((4u << 13) | (0x1FFFu - 0xFu))

/* The hand sums (pe_hand_t, pe_hand_add, pe_hand_value, ...) are in pe_hand.h, public. */

static inline uint32_t pe_rank_slot(pe_hand_t h)
{
    return pe_rank_slot_of((uint32_t)h.key);
}

/* Value of a 5-7 card hand under a game with a flush table and a rank table. */
static inline uint16_t pe_lookup(pe_hand_t h, const uint16_t *flush, const uint16_t *rank)
{
    uint32_t f = pe_flush_bits(h);
    if (f)
        return flush[(h.lanes >> (16u * pe_flush_suit(f))) & 0x1FFFu];
    return rank[pe_rank_slot(h)];
}

/* pe_hand_value under the name the core's files call it by. */
static inline uint16_t pe_lookup_holdem(pe_hand_t h)
{
    return pe_hand_value(h);
}

/* A compiler barrier: memory written before it is read again after it, from where it was
 * written (a copy of a caller's bytes is not replaced by reads of the caller's bytes). */
#if defined(__GNUC__) || defined(__clang__)
#define PE_COMPILER_BARRIER() __asm__ __volatile__("" ::: "memory")
#elif defined(_MSC_VER)
#include <intrin.h>
#define PE_COMPILER_BARRIER() _ReadWriteBarrier()
#else
#define PE_COMPILER_BARRIER() ((void)0)
#endif

/* 2^PE_WEIGHT_FLOOR_EXP (pe_codes.h), built from its bits: a normal double, no libm. */
static inline double pe_weight_floor(void)
{
    uint64_t bits = (uint64_t)(1023 + PE_WEIGHT_FLOOR_EXP) << 52;
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
}

static inline unsigned pe_popcount64(uint64_t x)
{
    /* Portable SWAR count; only used off the hot path. */
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

/* Index of the lowest set bit of a non-zero mask. */
static inline unsigned pe_lowest_bit(uint64_t mask)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(mask);
#else
    unsigned i = 0;
    while (!(mask & 1u))
        mask >>= 1, i++;
    return i;
#endif
}

/* Ace-low rank: A=0, 2=1, ..., K=12. */
static inline unsigned pe_low_rank(unsigned id)
{
    return (PE_RANK(id) + 1u) % 13u;
}

/* ---- hold'em batch kernels: rows of k = 5..7 ids, checked like pe_eval_batch ----
 * pe_batch_holdem runs the kernel cpu.c chose; the others are the kernels themselves.
 * The x86 SIMD kernels are compiled with per-function target attributes (GCC, Clang)
 * and only ever called after CPU detection; the aarch64 kernel (NEON, part of every
 * aarch64 CPU's base instruction set, so no flags) only after cpu.c asked the OS;
 * elsewhere only the scalar kernel exists.  Building with -DPE_NO_SIMD
 * (POKEREVAL_CFLAGS) leaves them out. */
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(PE_NO_SIMD)
#define PE_X86_DISPATCH 1
#else
#define PE_X86_DISPATCH 0
#endif
#if (defined(__GNUC__) || defined(__clang__)) && defined(__aarch64__) && !defined(PE_NO_SIMD)
#define PE_ARM_DISPATCH 1
#else
#define PE_ARM_DISPATCH 0
#endif

int pe_batch_holdem(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row);

/* A batch kernel's `run(ids, rows, k, hi, bad_row)` called with k as a constant, one
 * copy per card count, so the compiler unrolls the card loops (k is 5, 6 or 7 here). */
#define PE_RUN_PER_K(run, ids, rows, k, hi, bad_row)                                  \
    ((k) == 5 ? run(ids, rows, 5, hi, bad_row)                                        \
              : (k) == 6 ? run(ids, rows, 6, hi, bad_row) : run(ids, rows, 7, hi, bad_row))
int pe_batch_holdem_scalar(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row);

/* The SIMD kernels' scalar pass: the values of n rows of k cards whose rank-key sums are
 * keys[0..n).  Kept scalar on purpose: GCC would otherwise merge the stores of a block into
 * one vector store, built with an insert per value (2 uops each) and register spills, which
 * measured slower than plain stores; the empty asm hides where each store goes, so none
 * merge.  Rows of 7 go to the 7-card table, a loop of their own. */
#if defined(__GNUC__) || defined(__clang__)
#define PE_HIDE_STORE(at) __asm__("" : "+r"(at))
#else
#define PE_HIDE_STORE(at) (void)(at)
#endif
static inline void pe_rank_lookups(const uint32_t *keys, size_t n, size_t k, uint16_t *hi)
{
    if (k == 7) {
        for (size_t i = 0; i < n; i++) {
            uint16_t *at = hi + i;
            PE_HIDE_STORE(at);
            *at = pe_rank7_value_holdem(keys[i]);
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint16_t *at = hi + i;
        PE_HIDE_STORE(at);
        *at = pe_rank_value_holdem(keys[i]);
    }
}

/* Ask for the rows PE_PREFETCH_ROWS ahead of row r: the kernels read their input once, in
 * order, but faster than the hardware prefetcher fetches it (measured: the AVX-512 kernel
 * on 10 M rows ran 1.35x faster with it), so each block asks for a later block's bytes.
 * Two lines cover a block of 16 rows of up to 7 bytes (112 bytes).  The row is clamped to
 * the last one, so the address stays inside the array. */
#define PE_PREFETCH_ROWS 1024u
static inline void pe_prefetch_rows(const uint8_t *ids, size_t rows, size_t r, size_t k)
{
#if defined(__GNUC__) || defined(__clang__)
    size_t ahead = rows - r > PE_PREFETCH_ROWS ? r + PE_PREFETCH_ROWS : rows - 1;
    __builtin_prefetch(ids + ahead * k);
    __builtin_prefetch(ids + ahead * k + 64);
#else
    (void)ids, (void)rows, (void)r, (void)k;
#endif
}
#if PE_X86_DISPATCH
int pe_batch_holdem_avx2(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row);
int pe_batch_holdem_avx512(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row);
#endif
#if PE_ARM_DISPATCH
int pe_batch_holdem_neon(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row);
#endif

/* ---- wild batch kernels: rows of k = 5..7 cards under a checked rule (wild.c) ----
 * pe_batch_wild runs the kernel cpu.c chose; a kernel returns PE_OK, or the code of the
 * first bad card of the first bad row (PE_ERR_CARD, PE_ERR_DUPLICATE) and that row. */
int pe_batch_wild(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row);
int pe_batch_wild_scalar(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row);
#if PE_X86_DISPATCH
int pe_batch_wild_avx512(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row);
#endif

/* The tables of the wild batch: rank tables by whether a row holds a wild card (0 or 1),
 * flush tables by the wild count; an index, not a branch, as rows with and without wild
 * cards mix (deuces) and a branch on them would mispredict. */
typedef struct {
    const int32_t *offsets[2];
    const uint16_t *rank[2];
    const uint16_t *flush[5];
} pe_wild_hash_t;

static inline pe_wild_hash_t pe_wild_hash(int wild)
{
    pe_wild_hash_t h = {{pe_row_offsets, pe_wild_row_offsets},
                        {pe_rank_holdem, wild == PE_WILD_BUG ? pe_wild_rank_bug : pe_wild_rank_any},
                        {pe_flush_holdem, pe_wild_flush, pe_wild_flush + 8192, pe_wild_flush + 2 * 8192,
                         pe_wild_flush + 3 * 8192}};
    return h;
}

/* The best hand short of a flush of a row whose cards sum (pe_wild_card_keys) to `key`
 * in the low 32 bits, with w wild cards. */
static inline uint16_t pe_wild_rank_value(const pe_wild_hash_t *h, uint32_t key, unsigned w)
{
    unsigned has = w != 0;
    uint32_t hashed = key - (PE_WILD_KEY & (0u - has));
    return h->rank[has][(int32_t)hashed + h->offsets[has][hashed >> PE_ROW_SHIFT]];
}
/* The value of one good row of k cards whose sum (key, suit counters, wild count) is
 * `key` (see wild.c), by the wild batch's tables: what a SIMD kernel hands back for the
 * rows with a suit within reach of a flush, which need the suits' rank masks too. */
uint16_t pe_wild_value_of_sum(int wild, const uint8_t *ids, size_t k, uint64_t key);

/* ---- random numbers for Monte Carlo ----
 * xoshiro256** seeded through splitmix64.  The state lives with each caller (on the
 * stack of one call), never in a global, so calls are reentrant. */
typedef struct {
    uint64_t s[4];
} pe_rng_t;

static inline uint64_t pe_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void pe_rng_seed(pe_rng_t *r, uint64_t seed)
{
    /* splitmix64 never yields four zero words in a row, the one state xoshiro forbids. */
    for (int i = 0; i < 4; i++)
        r->s[i] = pe_splitmix64(&seed);
}

static inline uint64_t pe_rotl64(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t pe_rng_next(pe_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = pe_rotl64(s[1] * 5u, 7) * 9u;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = pe_rotl64(s[3], 45);
    return result;
}

/* Uniform on 0..n-1, n >= 1 (Lemire): the top 32 bits times n lands in n equal slices
 * of 2^32 * n except for the first (2^32 mod n) low values, which are drawn again. */
static inline uint32_t pe_rng_below(pe_rng_t *r, uint32_t n)
{
    uint64_t m = (pe_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t reject = (uint32_t)(0u - n) % n;
        while (low < reject) {
            m = (pe_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform on [0, 1) with 53 random bits. */
static inline double pe_rng_unit(pe_rng_t *r)
{
    return (double)(pe_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* A weighted draw: the index in cumulative[0..n) (running sums of the weights, the last
 * one positive) of the first entry above a uniform point of [0, cumulative[n-1]). */
static inline size_t pe_pick_weighted(const double *cumulative, size_t n, pe_rng_t *r)
{
    double u = pe_rng_unit(r) * cumulative[n - 1];
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cumulative[mid] > u)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* A caller's stop flag (pe_equity_game and friends): written by another thread, so read
 * through a volatile lvalue each time; NULL never stops. */
static inline int pe_stop_raised(const int *stop)
{
    return stop != NULL && *(const volatile int *)stop != 0;
}

/* The greatest of n showdown values, and in *count how many players hold it. */
static inline uint16_t pe_best_value(const uint16_t *value, size_t n, unsigned *count)
{
    uint16_t best = 0;
    unsigned ties = 0;
    for (size_t i = 0; i < n; i++)
        best = value[i] > best ? value[i] : best;
    for (size_t i = 0; i < n; i++)
        ties += value[i] == best;
    *count = ties;
    return best;
}

/* Per-game evaluators over checked input (internal; games.c dispatches to them). */
uint16_t pe_eval_high(int game, const uint8_t *ids, size_t n);
uint16_t pe_eval_razz_ids(const uint8_t *ids, size_t n);
uint16_t pe_eval_deuce_seven_ids(const uint8_t *ids);
/* Stud-hilo's 8-or-better low of 5..7 cards (pe_low8_value scale, 0 = none), from the
 * cards or from a summed hand's lanes. */
uint16_t pe_eval_low8_ids(const uint8_t *ids, size_t n);
uint16_t pe_low8_of_lanes(uint64_t lanes);
uint16_t pe_eval_badugi_ids(const uint8_t *ids, uint8_t *pos, size_t *npos);
/* pe_eval without the checks: ids hold n cards the game takes (hole of them hole cards
 * in Omaha); returns the high value and stores the low (0 = none) in *lo. */
uint16_t pe_eval_unchecked(int game, const uint8_t *ids, size_t n, size_t hole, uint16_t *lo);
/* The wild-card evaluator (csrc/wild.c), behind pe_eval, pe_eval_batch and pe_best_cards
 * when their `wild` is not 0: the same checks and results as the public entries. */
int pe_wild_eval(int game, int wild, const uint8_t *ids, size_t n, uint16_t *value);
int pe_wild_batch(int game, int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row);
int pe_wild_best_cards(int game, int wild, const uint8_t *ids, size_t n, uint16_t *value, uint8_t *pos,
                       uint8_t *stands_for);
/* pe_wild_eval on checked hold'em or stud cards (jokers 52, 53 where they play). */
uint16_t pe_eval_wild_unchecked(int wild, const uint8_t *ids, size_t n);
void pe_eval_omaha_ids(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb,
                       uint16_t *hi, uint16_t *lo, uint8_t *hi_pos, uint8_t *lo_pos);

/* showdown.c: the uncalled bet, the top live contributor's chips above every other seat's
 * (*seat: that seat), or 0 when two share the top (*seat: n); n >= 1. */
int64_t pe_uncalled(size_t n, const int64_t *chips, size_t *seat);

/* showdown.c: pe_settle after its checks and its evaluation, for callers that valued the
 * hands themselves (the betting engine): hi[s] and lo[s] (0: no low) are read for the
 * contenders only, hilo halves the pots as pe_settle does.  `shown` holds the seats that show
 * a hand (pe_settle: the seats not folded whose cards are given; the engine: every seat still
 * in), so that one that put in nothing contends for the dead money.  The rules are
 * pe_settle's, and so is *out; the input is taken as checked (chips in range, order a
 * permutation).  PE_OK, or PE_ERR_ARG with PE_FAULT_NOBODY when chips are in and every seat
 * folded. */
int pe_settle_values(size_t n, const int64_t *chips, const int64_t *dead, const uint8_t *folded, uint64_t shown,
                     const uint16_t *hi, const uint16_t *lo, int hilo, const uint8_t *order, const uint8_t *low_order,
                     pe_settlement_t *out);

/* showdown.c: the odd-chip order of a stud game (Robert's Rules of Poker, ties 5): in a high
 * game the seat holding the highest card, by rank and then suit (spades, hearts, diamonds,
 * clubs), comes first; in a low game (`low`: razz, the low half of stud hi-lo) the seat
 * holding the lowest card, aces low and clubs the lowest suit.  Every card a seat holds
 * counts, not only its five; ids of 52 and up (unknown, jokers) count for nothing.  Seats
 * equal by that keep their places in `base` (NULL: seat order).  cards[s] holds counts[s]
 * ids; order receives each of the n seats once. */
void pe_stud_odd_order(size_t n, const uint8_t *const *cards, const uint8_t *counts, int low,
                       const uint8_t *base, uint8_t *order);

/* Whether the odd chips of `game` go by card (stud, stud hi-lo, razz) rather than by seat. */
int pe_odd_chips_by_card(int game);

/* iso.c: group the four suits by the rank masks masks[i][s] (i < nmasks) that tell
 * them apart: rep[s] is the first suit with the same masks as s, mult[rep] the size
 * of its class (0 for suits that are not the first of theirs). */
void pe_iso_suit_classes(const uint16_t (*masks)[4], size_t nmasks, uint8_t rep[4], uint8_t mult[4]);

#endif /* PE_INTERNAL_H */
