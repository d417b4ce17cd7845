/* anchors.c - pokereval's C entries against SKPokerEval and OMPEval in one process: the
 * same random 7-card rows for every case, the cases interleaved round by round, thread
 * CPU time.  Built by ../bench_anchors.sh against checkouts of the two peers.
 *
 *   anchors ROWS ROUNDS CASE...
 *   cases: sk omp (the anchors), scalar avx2 avx512 neon (pe_eval_batch forced to one
 *   kernel), ids (pe_eval_ids, pe_hand.h's static inline entry, in its loop as the
 *   anchors' entries are in theirs; pe_rows.c), ids-call (the same behind a call into
 *   another file, pe_call.c), enum and enum-omp (all 133,784,560 hands through an incremental hand).
 *
 * Prints each case's median rate and the median over rounds of its rate over the best
 * anchor's rate in the same round (enum is held to enum-omp). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pokereval.h"
#include "incremental.h"
#include "pe_rows.h"

void sk_rows(const uint8_t *rows, size_t n, uint16_t *out);
uint8_t sk_card(uint8_t id);
void omp_rows(const uint8_t *rows, size_t n, uint16_t *out);
uint64_t omp_enumerate(void);

#define MAX_CASES 16
#define MAX_ROUNDS 128
#define ALL_SEVENS 133784560.0

static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t state = 88172645463325252ull;
static uint64_t xorshift(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static volatile uint64_t sink;

static int is_enum(const char *c) { return strncmp(c, "enum", 4) == 0; }
static int is_anchor(const char *c) { return !strcmp(c, "sk") || !strcmp(c, "omp"); }

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s ROWS ROUNDS CASE...\n", argv[0]);
        return 2;
    }
    size_t n = strtoul(argv[1], NULL, 10);
    int rounds = atoi(argv[2]), cases = argc - 3;
    char **name = argv + 3;
    if (n == 0 || rounds < 1 || rounds > MAX_ROUNDS || cases > MAX_CASES) {
        fprintf(stderr, "ROWS > 0, 1 <= ROUNDS <= %d, at most %d cases\n", MAX_ROUNDS, MAX_CASES);
        return 2;
    }
    uint8_t *rows = malloc(7 * n), *sk = malloc(7 * n);
    uint16_t *out = malloc(2 * n), *want = malloc(2 * n);
    if (!rows || !sk || !out || !want)
        return 1;
    for (size_t r = 0; r < n; r++) {
        uint64_t used = 0;
        for (int i = 0; i < 7;) {
            unsigned c = (unsigned)(xorshift() % 52);
            if (used >> c & 1)
                continue;
            used |= 1ull << c;
            rows[7 * r + i] = (uint8_t)c;
            sk[7 * r + i] = sk_card((uint8_t)c);
            i++;
        }
        want[r] = pe_eval_ids(rows + 7 * r, 7);
    }
    static double rate[MAX_CASES][MAX_ROUNDS], ratio[MAX_CASES][MAX_ROUNDS];
    for (int k = 0; k < rounds; k++) {
        double best = 0, best_enum = 0;
        for (int j = 0; j < cases; j++) {
            const char *c = name[j];
            double count = is_enum(c) ? ALL_SEVENS : (double)n, start = cpu_now();
            size_t bad;
            if (!strcmp(c, "sk")) {
                sk_rows(sk, n, out);
            } else if (!strcmp(c, "omp")) {
                omp_rows(rows, n, out);
            } else if (!strcmp(c, "ids")) {
                pe_ids_rows(rows, n, out);
            } else if (!strcmp(c, "ids-call")) {
                pe_call_rows(rows, n, out);
            } else if (!strcmp(c, "enum")) {
                sink += incremental_enumerate();
            } else if (!strcmp(c, "enum-omp")) {
                sink += omp_enumerate();
            } else {
                if (pe_simd_init(c) != PE_OK) {
                    printf("%s: no such kernel on this CPU\n", c);
                    return 1;
                }
                start = cpu_now();
                if (pe_eval_batch(PE_GAME_HOLDEM, 0, rows, n, 7, 0, out, NULL, &bad) != PE_OK) {
                    printf("%s: batch error\n", c);
                    return 1;
                }
            }
            rate[j][k] = count / (cpu_now() - start);
            if (!is_enum(c) && strcmp(c, "sk") && strcmp(c, "omp") && memcmp(out, want, 2 * n)) {
                printf("%s disagrees with pe_eval_ids\n", c);
                return 1;
            }
            if (is_anchor(c) && rate[j][k] > best)
                best = rate[j][k];
            if (!strcmp(c, "enum-omp"))
                best_enum = rate[j][k];
        }
        for (int j = 0; j < cases; j++) {
            double anchor = is_enum(name[j]) ? best_enum : best;
            ratio[j][k] = anchor > 0 ? rate[j][k] / anchor : 0;
        }
    }
    printf("%zu random 7-card rows, %d rounds, thread CPU time; median M hands/s, and the median\n"
           "over rounds of rate / best anchor rate of the same round (sk, omp; enum-omp for enum)\n",
           n, rounds);
    for (int j = 0; j < cases; j++) {
        qsort(rate[j], (size_t)rounds, sizeof(double), by_value);
        qsort(ratio[j], (size_t)rounds, sizeof(double), by_value);
        printf("  %-10s %8.1f M/s   %5.2fx (rounds %.2f..%.2f)\n", name[j], rate[j][rounds / 2] / 1e6,
               ratio[j][rounds / 2], ratio[j][0], ratio[j][rounds - 1]);
    }
    free(rows), free(sk), free(out), free(want);
    return 0;
}
