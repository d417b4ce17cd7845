/* test_solver.c - the solver kit (solver.c) under AddressSanitizer and UBSan.
 *
 * Expected values come from plain loops over pe_eval (each hand valued alone, every
 * runout and opponent combo visited one by one), from counts that follow from the rules
 * (C(52, 3) = 22,100 flops, 1,755 classes of them under the 24 renamings of the suits),
 * and from ICM cases worked by hand.  The last line is "N passed, M failed". */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../pe_solver.h"

static unsigned long passed, failed;

#define CHECK(cond, ...)                                                                             \
    do {                                                                                             \
        if (cond) {                                                                                  \
            passed++;                                                                                \
        } else {                                                                                     \
            if (++failed <= 30) {                                                                    \
                fprintf(stderr, "FAIL (line %d): ", __LINE__);                                       \
                fprintf(stderr, __VA_ARGS__);                                                        \
                fputc('\n', stderr);                                                                 \
            }                                                                                        \
        }                                                                                            \
    } while (0)

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static unsigned below(unsigned n)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned)(((rng_state * 0x2545F4914F6CDD1Dull) >> 33) % n);
}

static void deal(uint8_t *out, size_t n)
{
    uint8_t deck[52];
    for (unsigned i = 0; i < 52; i++)
        deck[i] = (uint8_t)i;
    for (size_t i = 0; i < n; i++) {
        unsigned j = (unsigned)i + below(52u - (unsigned)i);
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        out[i] = deck[i];
    }
}

static uint16_t value7(const uint8_t *board, const uint8_t *hole)
{
    uint8_t ids[7];
    memcpy(ids, board, 5);
    ids[5] = hole[0], ids[6] = hole[1];
    uint16_t hi = 0;
    pe_eval(PE_GAME_HOLDEM, 0, ids, 7, 0, &hi, NULL);
    return hi;
}

static int touches(const uint8_t *cards, size_t n, uint64_t mask)
{
    for (size_t i = 0; i < n; i++)
        if (mask >> cards[i] & 1u)
            return 1;
    return 0;
}

static uint64_t mask_of(const uint8_t *ids, size_t n)
{
    uint64_t m = 0;
    for (size_t i = 0; i < n; i++)
        m |= 1ull << ids[i];
    return m;
}

static void test_combos(void)
{
    uint8_t cards[2 * PE_COMBOS];
    pe_combo_cards(cards);
    CHECK(cards[0] == 51 && cards[1] == 50 && cards[2 * 1325] == 1 && cards[2 * 1325 + 1] == 0, "order");
    int ok = 1;
    for (int i = 0; i < PE_COMBOS; i++)
        ok &= pe_combo_index(cards[2 * i], cards[2 * i + 1]) == i && pe_combo_index(cards[2 * i + 1], cards[2 * i]) == i;
    CHECK(ok, "pe_combo_index inverts pe_combo_cards");
    CHECK(pe_combo_index(3, 3) == -1 && pe_combo_index(52, 0) == -1 && pe_combo_index(-1, 0) == -1, "bad ids");
}

static void test_showdown_matrix(void)
{
    int8_t *result = malloc(PE_COMBOS * PE_COMBOS);
    uint8_t *mask = malloc(PE_COMBOS * PE_COMBOS), *again = malloc(PE_COMBOS * PE_COMBOS);
    uint8_t cards[2 * PE_COMBOS];
    pe_combo_cards(cards);
    for (int trial = 0; trial < 3; trial++) {
        uint8_t board[5];
        deal(board, 5);
        CHECK(pe_showdown_matrix(board, 5, result, mask) == PE_OK, "showdown_matrix");
        CHECK(pe_pair_mask(board, 5, NULL, 0, again) == PE_OK && !memcmp(mask, again, PE_COMBOS * PE_COMBOS),
              "pe_pair_mask gives the same mask");
        uint64_t b = mask_of(board, 5);
        long bad = 0;
        for (int i = 0; i < PE_COMBOS; i += 7)
            for (int j = 0; j < PE_COMBOS; j++) {
                const uint8_t *x = cards + 2 * i, *y = cards + 2 * j;
                int apart = !touches(x, 2, b) && !touches(y, 2, b) && !touches(y, 2, mask_of(x, 2));
                int want = 0;
                if (apart) {
                    uint16_t vx = value7(board, x), vy = value7(board, y);
                    want = vx > vy ? 1 : vx < vy ? -1 : 0;
                }
                bad += result[PE_COMBOS * i + j] != want || mask[PE_COMBOS * i + j] != !apart;
            }
        CHECK(bad == 0, "showdown matrix against pe_eval: %ld wrong entries", bad);
    }
    uint8_t board[5] = {0, 1, 2, 3, 3};
    CHECK(pe_showdown_matrix(board, 5, result, mask) == PE_ERR_DUPLICATE, "duplicate board card");
    board[4] = 52;
    CHECK(pe_showdown_matrix(board, 5, result, mask) == PE_ERR_CARD, "card 52");
    CHECK(pe_showdown_matrix(board, 4, result, mask) == PE_ERR_COUNT, "a turn is no river");
    board[4] = 4;
    CHECK(pe_showdown_matrix(board, 5, NULL, mask) == PE_ERR_ARG, "NULL result");
    CHECK(pe_showdown_matrix(board, 5, result, NULL) == PE_OK, "the mask is optional");
    free(result);
    free(mask);
    free(again);
}

/* One complete board against every opponent combo, the slow way. */
static void slow_board(const uint8_t *full, const uint8_t *hole, uint64_t used, const uint8_t *cards,
                       const double *vs, double *win, double *tie, double *total)
{
    uint16_t mine = value7(full, hole);
    for (int j = 0; j < PE_COMBOS; j++) {
        const uint8_t *o = cards + 2 * j;
        if (vs[j] == 0 || touches(o, 2, used))
            continue;
        uint16_t theirs = value7(full, o);
        *total += vs[j];
        *win += mine > theirs ? vs[j] : 0;
        *tie += mine == theirs ? vs[j] : 0;
    }
}

/* Combo equity against a range, the slow way: every runout, every opponent combo. */
static void slow_equity(const uint8_t *board, size_t nboard, const uint8_t *hole, const uint8_t *cards,
                        const double *vs, double *win, double *tie, double *total)
{
    uint64_t used = mask_of(board, nboard) | mask_of(hole, 2);
    uint8_t deck[52], full[5];
    size_t ndeck = 0;
    for (unsigned id = 0; id < 52; id++)
        if (!(used >> id & 1u))
            deck[ndeck++] = (uint8_t)id;
    *win = *tie = *total = 0;
    memcpy(full, board, nboard);
    if (nboard == 5) {
        slow_board(full, hole, used, cards, vs, win, tie, total);
        return;
    }
    for (size_t x = 0; x < ndeck; x++) {
        full[nboard] = deck[x];
        if (nboard == 4) {
            slow_board(full, hole, used | 1ull << deck[x], cards, vs, win, tie, total);
            continue;
        }
        for (size_t y = x + 1; y < ndeck; y++) {
            full[4] = deck[y];
            slow_board(full, hole, used | 1ull << deck[x] | 1ull << deck[y], cards, vs, win, tie, total);
        }
    }
}

static void test_combo_equity(void)
{
    uint8_t cards[2 * PE_COMBOS];
    pe_combo_cards(cards);
    static double vs[2 * PE_COMBOS], win[2 * PE_COMBOS], tie[2 * PE_COMBOS], total[2 * PE_COMBOS];
    uint8_t hero[PE_COMBOS];
    for (size_t nboard = 3; nboard <= 5; nboard++) {
        uint8_t board[5];
        deal(board, nboard);
        memset(hero, 0, sizeof hero);
        for (int j = 0; j < PE_COMBOS; j++) {
            vs[j] = below(3) ? 0.0 : 0.25 * (1 + below(4));
            vs[PE_COMBOS + j] = 1.0;
        }
        int picked[4];
        for (int k = 0; k < 4; k++) {
            do
                picked[k] = (int)below(PE_COMBOS);
            while (touches(cards + 2 * picked[k], 2, mask_of(board, nboard)));
            hero[picked[k]] = 1;
        }
        memset(win, 0, sizeof win);
        memset(tie, 0, sizeof tie);
        memset(total, 0, sizeof total);
        int rc = PE_OK;
        for (size_t part = 0; part < 3; part++)
            rc |= pe_combo_equity(board, nboard, NULL, 0, hero, vs, 2, part, 3, win, tie, total);
        CHECK(rc == PE_OK, "combo_equity");
        for (int k = 0; k < 4; k++) {
            for (int layer = 0; layer < (nboard == 3 ? 1 : 2); layer++) {
                double w, t, n;
                slow_equity(board, nboard, cards + 2 * picked[k], cards, vs + layer * PE_COMBOS, &w, &t, &n);
                size_t at = (size_t)layer * PE_COMBOS + (size_t)picked[k];
                CHECK(fabs(win[at] - w) < 1e-9 && fabs(tie[at] - t) < 1e-9 && fabs(total[at] - n) < 1e-9,
                      "board of %zu, combo %d, layer %d: %g %g %g, slowly %g %g %g", nboard, picked[k], layer,
                      win[at], tie[at], total[at], w, t, n);
            }
        }
    }
    uint8_t board[3] = {0, 1, 2};
    double weights[PE_COMBOS];
    for (int j = 0; j < PE_COMBOS; j++)
        weights[j] = 1.0;
    weights[7] = -1.0;
    CHECK(pe_combo_equity(board, 3, NULL, 0, hero, weights, 1, 0, 1, win, tie, total) == PE_ERR_ARG,
          "a negative weight");
    weights[7] = NAN;
    CHECK(pe_combo_equity(board, 3, NULL, 0, hero, weights, 1, 0, 1, win, tie, total) == PE_ERR_ARG, "NaN");
    weights[7] = 1.0;
    CHECK(pe_combo_equity(board, 3, NULL, 0, hero, weights, 0, 0, 1, win, tie, total) == PE_ERR_ARG, "0 layers");
    CHECK(pe_combo_equity(board, 3, NULL, 0, hero, weights, 1, 1, 1, win, tie, total) == PE_ERR_ARG, "part 1 of 1");
    CHECK(pe_combo_equity(board, 2, NULL, 0, hero, weights, 1, 0, 1, win, tie, total) == PE_ERR_COUNT, "2 cards");
    uint8_t dead[1] = {1};
    CHECK(pe_combo_equity(board, 3, dead, 1, hero, weights, 1, 0, 1, win, tie, total) == PE_ERR_DUPLICATE,
          "a dead card on the board");
}

static void test_points(void)
{
    /* The moments' mean is the exact equity; the histogram's weights add up to the same. */
    uint8_t board[3] = {48, 21, 33}, hero[PE_COMBOS];
    static double vs[PE_COMBOS], win[PE_COMBOS], tie[PE_COMBOS], total[PE_COMBOS], moments[3 * PE_COMBOS];
    static double hist[PE_COMBOS * 10 * 2];
    memset(hero, 0, sizeof hero);
    for (int j = 0; j < PE_COMBOS; j++)
        vs[j] = 1.0;
    int combo = pe_combo_index(51, 47);
    hero[combo] = 1;
    CHECK(pe_combo_equity(board, 3, NULL, 0, hero, vs, 1, 0, 1, win, tie, total) == PE_OK, "equity");
    for (size_t ahead = 0; ahead <= 2; ahead++) {
        memset(moments, 0, sizeof moments);
        memset(hist, 0, sizeof hist);
        CHECK(pe_equity_points(board, 3, NULL, 0, hero, vs, ahead, 10, NULL, 0, 1, moments, hist) == PE_OK, "points");
        double exact = (win[combo] + tie[combo] / 2) / total[combo];
        double mean = moments[3 * combo + 1] / moments[3 * combo];
        double weight = 0, sum = 0;
        for (int b = 0; b < 10; b++)
            weight += hist[2 * (10 * combo + b)], sum += hist[2 * (10 * combo + b) + 1];
        CHECK(fabs(mean - exact) < 1e-12 && fabs(weight - moments[3 * combo]) < 1e-6 * weight &&
                  fabs(sum / weight - exact) < 1e-12,
              "ahead %zu: mean %g, exact %g", ahead, mean, exact);
        /* E[e^2] >= E[e]^2, equal only when nothing is left to come. */
        double second = moments[3 * combo + 2] / moments[3 * combo];
        CHECK(ahead == 0 ? fabs(second - exact * exact) < 1e-12 : second > exact * exact, "second moment");
    }
    CHECK(pe_equity_points(board, 3, NULL, 0, hero, vs, 3, 10, NULL, 0, 1, moments, hist) == PE_ERR_ARG, "ahead 3");

    /* With mix, one histogram: the combos' own histograms weighed by mix and added. */
    static double mix[PE_COMBOS], mixed[10 * 2];
    int others[2] = {pe_combo_index(3, 2), pe_combo_index(45, 44)};
    hero[others[0]] = hero[others[1]] = 1;
    mix[combo] = 0.5, mix[others[0]] = 1.0, mix[others[1]] = 0.25, mix[7] = 3.0; /* 7: not wanted */
    memset(moments, 0, sizeof moments);
    memset(hist, 0, sizeof hist);
    CHECK(pe_equity_points(board, 3, NULL, 0, hero, vs, 2, 10, NULL, 0, 1, moments, hist) == PE_OK, "per combo");
    memset(moments, 0, sizeof moments);
    memset(mixed, 0, sizeof mixed);
    CHECK(pe_equity_points(board, 3, NULL, 0, hero, vs, 2, 10, mix, 0, 1, moments, mixed) == PE_OK, "mixed");
    for (int b = 0; b < 20; b++) {
        double want = 0;
        for (int k = 0; k < PE_COMBOS; k++)
            want += mix[k] * hist[20 * k + b];
        CHECK(fabs(mixed[b] - want) <= 1e-12 * (want > 1 ? want : 1), "mixed row %d: %g, want %g", b, mixed[b], want);
    }
    mix[9] = -1.0;
    CHECK(pe_equity_points(board, 3, NULL, 0, hero, vs, 2, 10, mix, 0, 1, moments, mixed) == PE_ERR_ARG, "mix < 0");
}

static void test_isomorphism(void)
{
    uint8_t boards[3 * PE_FLOPS];
    uint32_t weights[PE_FLOPS];
    pe_flops(boards, weights);
    unsigned long sum = 0;
    int sorted = 1;
    for (int f = 0; f < PE_FLOPS; f++) {
        sum += weights[f];
        sorted &= boards[3 * f] > boards[3 * f + 1] && boards[3 * f + 1] > boards[3 * f + 2];
        if (f)
            sorted &= memcmp(boards + 3 * (f - 1), boards + 3 * f, 3) > 0;
    }
    CHECK(sum == 22100 && sorted, "1,755 flops, weights summing to 22,100, greatest first");
    /* Each flop's class, by brute force: the least... here, every flop's 24 renamings must
     * all map to one canonical flop, and that flop must be listed with the class size. */
    uint8_t flop[3], out[3], perm[4], image[3];
    int ok = 1;
    for (int trial = 0; trial < 200; trial++) {
        deal(flop, 3);
        CHECK(pe_canonical(flop, 3, NULL, 0, out, NULL, perm) == PE_OK, "canonical");
        for (int i = 0; i < 3; i++)
            image[i] = (uint8_t)((flop[i] & ~3u) | perm[flop[i] & 3u]);
        /* The image is the canonical flop as a set. */
        int found = 0;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                found += image[i] == out[j];
        ok &= found == 3;
    }
    CHECK(ok, "the permutation maps the flop onto its representative");
    uint8_t hands[4] = {51, 50, 3, 3};
    CHECK(pe_canonical(flop, 3, hands, 2, out, hands, perm) == PE_ERR_DUPLICATE, "a hand card twice");
    CHECK(pe_canonical(flop, 2, NULL, 0, out, NULL, perm) == PE_ERR_COUNT, "two cards");
    pe_texture_t t;
    uint8_t wheel[3] = {48, 0, 4}; /* Ac 2c 3c */
    CHECK(pe_board_texture(wheel, 3, &t) == PE_OK && t.suited == 3 && t.ranks == 3 && t.high == 12 &&
              t.straight == 2,
          "Ac2c3c: monotone, ace high, a straight with two cards");
    uint8_t apart[3] = {48, 33, 1}; /* Ac Jd 2d */
    CHECK(pe_board_texture(apart, 3, &t) == PE_OK && t.suited == 2 && t.straight == 3, "AJ2: no straight");
}

static void test_icm(void)
{
    /* Stacks 50, 30, 20 for 7, 3: first place by stack, second among the two left. */
    double stacks[3] = {50, 30, 20}, pay[2] = {7, 3}, eq[3], work[8];
    CHECK(pe_icm_exact(stacks, 3, pay, 2, eq, work) == PE_OK, "icm");
    double p2[3];
    p2[0] = 0.3 * 50 / 70 + 0.2 * 50 / 80;
    p2[1] = 0.5 * 30 / 50 + 0.2 * 30 / 80;
    p2[2] = 0.5 * 20 / 50 + 0.3 * 20 / 70;
    int ok = 1;
    for (int i = 0; i < 3; i++)
        ok &= fabs(eq[i] - (7 * stacks[i] / 100 + 3 * p2[i])) < 1e-12;
    CHECK(ok, "ICM by hand: %g %g %g", eq[0], eq[1], eq[2]);
    double sums[3] = {0, 0, 0}, squares[3] = {0, 0, 0}, scratch[6];
    CHECK(pe_icm_sample(stacks, 3, pay, 2, 7, 0, 100000, scratch, sums, squares, NULL) == PE_OK, "icm sample");
    ok = 1;
    for (int i = 0; i < 3; i++) {
        double mean = sums[i] / 100000, var = squares[i] / 100000 - mean * mean;
        ok &= fabs(mean - eq[i]) < 4 * sqrt(var / 100000);
    }
    CHECK(ok, "ICM sampled within 4 standard errors: %g %g %g", sums[0] / 1e5, sums[1] / 1e5, sums[2] / 1e5);
    stacks[1] = 0;
    CHECK(pe_icm_exact(stacks, 3, pay, 2, eq, work) == PE_ERR_ARG, "a stack of 0");
    stacks[1] = 30;
    CHECK(pe_icm_exact(stacks, 3, pay, 4, eq, work) == PE_ERR_COUNT, "more payouts than players");
    CHECK(pe_icm_sample(stacks, 3, pay, 2, 7, 5, 10, scratch, sums, squares, NULL) == PE_ERR_ARG, "first not a block");
}

int main(void)
{
    test_combos();
    test_showdown_matrix();
    test_combo_equity();
    test_points();
    test_isomorphism();
    test_icm();
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
