/* preflop.c - hold'em starting hands against 1..9 random hands, for the preflop table.
 *
 * The plain way to price a hand against k random hands deals the board and the k
 * opponents at random and evaluates k + 1 hands per deal; almost all of the noise then
 * comes from the board.  Here the caller hands over whole boards (the table build passes
 * every one of the 2,598,960, so the board adds no noise at all) and each board is used
 * for every starting hand at once:
 *
 * - the 1,081 two-card hands the board leaves are evaluated once, into a table by card
 *   pair, so an opponent's hand afterwards costs one load, not an evaluation;
 * - every starting hand that misses the board is a "unit"; for each, `rounds` times,
 *   nine opponents are dealt from the 45 cards left (a partial Fisher-Yates shuffle)
 *   and the first k of them play for k = 1..9, so one shuffle serves all nine columns.
 *
 * Sums are integers (a pot is PE_EQ_UNIT, so any split is whole), so chunks of boards add
 * up to the same totals in any order or grouping.  Each board draws from its own stream,
 * seeded by the caller's seed and the board's cards, so the result of a board does not
 * depend on which chunk it was in.  The spread sums, over the units, r * sum(x^2) -
 * (sum x)^2 of that unit's r shares (in PE_EQ_UNIT^2), from which the caller gets the
 * standard error of a stratified estimate: only the opponents are random.
 */
#include "internal.h"

#define OPPONENTS PE_PREFLOP_OPPONENTS

/* Uniform on 0..n-1 from 32 random bits x (Lemire), drawing again from rng in the rare
 * case (n in 2^32) that x falls in the slice that would favour some values. */
static inline unsigned below(uint32_t x, uint32_t n, pe_rng_t *rng)
{
    uint64_t m = (uint64_t)x * n;
    if ((uint32_t)m < n) {
        uint32_t reject = (0u - n) % n;
        while ((uint32_t)m < reject)
            m = (pe_rng_next(rng) >> 32) * n;
    }
    return (unsigned)(m >> 32);
}

/* A pot split t + 1 ways, in pot units. */
static const uint16_t split[OPPONENTS + 1] = {
    PE_EQ_UNIT,     PE_EQ_UNIT / 2, PE_EQ_UNIT / 3, PE_EQ_UNIT / 4, PE_EQ_UNIT / 5,
    PE_EQ_UNIT / 6, PE_EQ_UNIT / 7, PE_EQ_UNIT / 8, PE_EQ_UNIT / 9, PE_EQ_UNIT / 10,
};

int pe_preflop_multiway(const uint8_t *boards, size_t nboards, const uint8_t *group, size_t ngroups,
                        const uint8_t *rounds, uint64_t seed, uint64_t *units, uint64_t *sums,
                        uint64_t *spread)
{
    if (!boards || !group || !rounds || !units || !sums || !spread || ngroups == 0 || ngroups > 256)
        return PE_ERR_ARG;
    for (size_t i = 0; i < 52u * 52u; i++)
        if (group[i] >= ngroups)
            return PE_ERR_ARG;
    for (size_t g = 0; g < ngroups; g++)
        if (rounds[g] == 1u || rounds[g] > 64u) /* 0: skip the group; one round has no spread */
            return PE_ERR_ARG;
    for (size_t b = 0; b < nboards; b++) {
        uint64_t seen = 0;
        for (size_t i = 0; i < 5; i++) {
            unsigned id = boards[5 * b + i];
            if (id >= 52u)
                return PE_ERR_CARD;
            if (seen >> id & 1u)
                return PE_ERR_DUPLICATE;
            seen |= 1ull << id;
        }
    }

    for (size_t b = 0; b < nboards; b++) {
        const uint8_t *board = boards + 5 * b;
        uint64_t mask = 0;
        pe_hand_t base = pe_hand_empty();
        for (size_t i = 0; i < 5; i++) {
            mask |= 1ull << board[i];
            base = pe_hand_add(base, board[i]);
        }
        uint8_t rest[47];
        size_t n = 0;
        for (unsigned id = 0; id < 52u; id++)
            if (!(mask >> id & 1u))
                rest[n++] = (uint8_t)id;

        /* value[a * 52 + b] for every pair of cards left (both orders). */
        uint16_t value[52 * 52];
        for (size_t i = 0; i < 47; i++) {
            pe_hand_t one = pe_hand_add(base, rest[i]);
            for (size_t j = i + 1; j < 47; j++) {
                uint16_t v = pe_lookup_holdem(pe_hand_add(one, rest[j]));
                value[rest[i] * 52u + rest[j]] = value[rest[j] * 52u + rest[i]] = v;
            }
        }

        pe_rng_t rng;
        uint64_t stream = mask;
        pe_rng_seed(&rng, seed ^ pe_splitmix64(&stream));
        uint8_t deck[47];
        for (size_t i = 0; i < 47; i++)
            deck[i] = rest[i];

        for (size_t i = 0; i < 47; i++) {
            for (size_t j = i + 1; j < 47; j++) {
                unsigned a = rest[i], c = rest[j], g = group[a * 52u + c];
                unsigned r = rounds[g];
                if (r == 0)
                    continue;
                /* Move the hand's cards to the end of the deck: the opponents draw from
                 * the first 45, which stay shuffled from the previous unit (any order of
                 * the same cards is as good as a fresh one for the next shuffle). */
                for (size_t p = 0; p < 47; p++)
                    if (deck[p] == a) {
                        deck[p] = deck[46];
                        deck[46] = (uint8_t)a;
                        break;
                    }
                for (size_t p = 0; p < 46; p++)
                    if (deck[p] == c) {
                        deck[p] = deck[45];
                        deck[45] = (uint8_t)c;
                        break;
                    }
                uint16_t mine = value[a * 52u + c];
                /* Rounds with no tie only need the first opponent who beats the hand:
                 * outlived[j] counts rounds where the first j opponents lost to it and
                 * the next one (if any) won.  Rounds with a tie add to s1, s2 directly. */
                uint32_t outlived[OPPONENTS + 1] = {0};
                uint64_t s1[OPPONENTS] = {0}, s2[OPPONENTS] = {0};
                for (unsigned round = 0; round < r; round++) {
                    unsigned k = 0, ties = 0;
                    for (; k < OPPONENTS; k++) {
                        /* Deal opponent k the next two cards of a partial shuffle. */
                        uint64_t bits = pe_rng_next(&rng);
                        unsigned d = 2 * k;
                        unsigned t = d + below(bits >> 32, 45u - d, &rng);
                        uint8_t swap = deck[d];
                        deck[d] = deck[t];
                        deck[t] = swap;
                        t = d + 1 + below(bits & 0xFFFFFFFFu, 44u - d, &rng);
                        swap = deck[d + 1];
                        deck[d + 1] = deck[t];
                        deck[t] = swap;
                        uint16_t theirs = value[deck[d] * 52u + deck[d + 1]];
                        if (theirs > mine)
                            break;
                        if (theirs == mine) {
                            /* The first tie: the columns before it won whole pots. */
                            for (unsigned j = 0; j < k && !ties; j++) {
                                s1[j] += PE_EQ_UNIT;
                                s2[j] += (uint64_t)PE_EQ_UNIT * PE_EQ_UNIT;
                            }
                            ties++;
                        }
                        if (ties) {
                            uint64_t share = split[ties];
                            s1[k] += share;
                            s2[k] += share * share;
                        }
                    }
                    if (!ties)
                        outlived[k]++;
                }
                uint32_t won = 0; /* rounds without a tie that outlived column k */
                for (unsigned k = OPPONENTS; k-- > 0;) {
                    won += outlived[k + 1];
                    s1[k] += (uint64_t)PE_EQ_UNIT * won;
                    s2[k] += (uint64_t)PE_EQ_UNIT * PE_EQ_UNIT * won;
                }
                units[g]++;
                for (unsigned k = 0; k < OPPONENTS; k++) {
                    sums[g * OPPONENTS + k] += s1[k];
                    spread[g * OPPONENTS + k] += r * s2[k] - s1[k] * s1[k];
                }
            }
        }
    }
    return PE_OK;
}
