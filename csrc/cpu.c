/* cpu.c - which batch kernels run (hold'em and wild rows): chosen once, by CPU detection.
 *
 * pe_simd_init picks the fastest kernel this CPU runs (or the one asked for) and
 * stores it; the Python module calls it once at import, before any thread can call
 * a batch, and it is not written after that (the tests switch kernels between batches,
 * never during one).  Until then (a C program that never
 * calls it) every batch detects afresh, which costs a few loads.  Detection uses
 * __builtin_cpu_supports on GCC and Clang, which also checks that the OS saves the
 * AVX-512 registers; aarch64 builds (GCC, Clang) have the NEON kernel, and MSVC and
 * other builds the portable kernel only. */
#include <string.h>

#include "internal.h"

typedef int (*batch_fn)(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row);
typedef int (*wild_fn)(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row);

typedef struct {
    const char *name;
    batch_fn run;
    wild_fn wild; /* AVX2 and NEON have no wild kernel of their own: the scalar one serves */
    int (*supported)(void);
} kernel_t;

static int always(void)
{
    return 1;
}

#if PE_ARM_DISPATCH && defined(__linux__)
#include <sys/auxv.h>
#endif

#if PE_ARM_DISPATCH
/* Advanced SIMD is in the base aarch64 instruction set; Linux also says so in its
 * hardware capabilities, which is asked where it can be. */
static int has_neon(void)
{
#if defined(__linux__) && defined(HWCAP_ASIMD)
    return (getauxval(AT_HWCAP) & HWCAP_ASIMD) != 0;
#else
    return 1;
#endif
}
#endif

#if PE_X86_DISPATCH
static int has_avx512(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512cd") && __builtin_cpu_supports("avx512vbmi");
}

static int has_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
#endif

/* Fastest first; the portable kernel last, as it always runs. */
static const kernel_t kernels[] = {
#if PE_X86_DISPATCH
    {"avx512", pe_batch_holdem_avx512, pe_batch_wild_avx512, has_avx512},
    {"avx2", pe_batch_holdem_avx2, pe_batch_wild_scalar, has_avx2},
#endif
#if PE_ARM_DISPATCH
    {"neon", pe_batch_holdem_neon, pe_batch_wild_scalar, has_neon},
#endif
    {"scalar", pe_batch_holdem_scalar, pe_batch_wild_scalar, always},
};
#define NUM_KERNELS (sizeof kernels / sizeof kernels[0])

/* Written only by pe_simd_init (see the top of the file). */
static const kernel_t *chosen;

static const kernel_t *best(void)
{
    size_t i = 0;
    while (!kernels[i].supported())
        i++;
    return &kernels[i];
}

int pe_simd_init(const char *path)
{
    if (path == NULL || path[0] == '\0' || strcmp(path, "auto") == 0) {
        chosen = best();
        return PE_OK;
    }
    for (size_t i = 0; i < NUM_KERNELS; i++)
        if (strcmp(path, kernels[i].name) == 0) {
            if (!kernels[i].supported())
                return PE_ERR_ARG;
            chosen = &kernels[i];
            return PE_OK;
        }
    return PE_ERR_ARG;
}

const char *pe_simd_path(void)
{
    return (chosen ? chosen : best())->name;
}

int pe_batch_holdem(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    return (chosen ? chosen : best())->run(ids, rows, k, hi, bad_row);
}

int pe_batch_wild(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row)
{
    return (chosen ? chosen : best())->wild(wild, ids, rows, k, out, bad_row);
}
