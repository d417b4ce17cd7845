/* equity.c - equity of hands and of ranges: every runout exactly, or Monte Carlo.
 *
 * One engine serves hold'em hands, Omaha hands (high and hi-lo) and hold'em ranges.
 * A "deal" gives every player one row of hole cards (a hand is a range of one row)
 * and a "runout" completes the board to five cards; each runout hands out one pot.
 *
 * - Shares are integers.  A pot is EQ_UNIT = 5040 = 2 * lcm(1..10) units, so a pot,
 *   or half a pot (hi-lo), split among any 1..10 players is a whole number of units
 *   and exact enumeration gives exact sums.  Weighted ranges add in double instead.
 * - Hold'em sums the board once per runout and each player's hole cards once per
 *   deal (pe_hand_t), so a runout costs one join and one lookup per player.
 * - Exact: every deal whose rows do not collide, times every runout of the cards
 *   left.  Monte Carlo: each run picks one row per player with probability in
 *   proportion to its weight, rejects the whole deal if two rows share a card (that
 *   keeps the law of the valid deals), then deals the runout from the live cards.
 * - The generator (xoshiro256**, seeded through splitmix64) lives on the stack of
 *   each call: no global state, so calls are reentrant and run without the GIL.
 *   Card draws are unbiased (Lemire's multiply-and-reject). */
#include "internal.h"

#define EQ_MAX_PLAYERS 10u
#define EQ_MAX_HOLE 6u
#define EQ_UNIT 5040u
/* Monte Carlo gives up (PE_ERR_DUPLICATE) after this many rejected deals in a row:
 * ranges that collide almost always.  Ranges with no valid deal at all are found
 * before sampling starts. */
#define EQ_MAX_REJECTS (1ull << 24)

/* ---- the generator ---- */

typedef struct {
    uint64_t s[4];
} eq_rng_t;

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void rng_seed(eq_rng_t *r, uint64_t seed)
{
    /* splitmix64 never yields four zero words in a row, the one state xoshiro forbids. */
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(eq_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5u, 7) * 9u;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform on 0..n-1, n >= 1.  The top 32 bits times n lands in n equal slices of
 * 2^32 * n except for the first (2^32 mod n) low values, which are drawn again. */
static inline uint32_t rng_below(eq_rng_t *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t reject = (uint32_t)(0u - n) % n;
        while (low < reject) {
            m = (rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* Uniform on [0, 1) with 53 random bits. */
static inline double rng_unit(eq_rng_t *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* ---- one table: the deal being played and the running totals ---- */

typedef struct {
    int game; /* PE_GAME_HOLDEM, PE_GAME_OMAHA or PE_GAME_OMAHA_HILO */
    size_t players, hole;
    uint8_t holes[EQ_MAX_PLAYERS * EQ_MAX_HOLE]; /* row p at p * hole */
    pe_hand_t hole_hand[EQ_MAX_PLAYERS];         /* hold'em: row p summed */
    uint8_t board[5];
    size_t nboard; /* board cards given; the rest are dealt */
    uint64_t share[EQ_MAX_PLAYERS], wins[EQ_MAX_PLAYERS], ties[EQ_MAX_PLAYERS];
    uint64_t runs;
} eq_table_t;

/* Split `pot` units among the players with the greatest value. */
static inline void award(const uint16_t *value, size_t n, uint64_t pot, uint64_t *got)
{
    uint16_t best = 0;
    unsigned count = 0;
    for (size_t i = 0; i < n; i++)
        best = value[i] > best ? value[i] : best;
    for (size_t i = 0; i < n; i++)
        count += value[i] == best;
    uint64_t part = pot / count;
    for (size_t i = 0; i < n; i++)
        if (value[i] == best)
            got[i] += part;
}

/* Show down the complete board t->board (summed in board_hand for hold'em). */
static void settle(eq_table_t *t, pe_hand_t board_hand)
{
    uint16_t hi[EQ_MAX_PLAYERS], lo[EQ_MAX_PLAYERS];
    uint64_t got[EQ_MAX_PLAYERS] = {0};
    size_t n = t->players;
    if (t->game == PE_GAME_HOLDEM) {
        for (size_t i = 0; i < n; i++)
            hi[i] = pe_lookup_holdem(pe_hand_join(board_hand, t->hole_hand[i]));
        award(hi, n, EQ_UNIT, got);
    } else {
        int hilo = t->game == PE_GAME_OMAHA_HILO;
        uint16_t any_low = 0;
        for (size_t i = 0; i < n; i++) {
            lo[i] = 0;
            pe_eval_omaha_ids(t->holes + i * t->hole, t->hole, t->board, 5, &hi[i], hilo ? &lo[i] : NULL,
                              NULL, NULL);
            any_low |= lo[i];
        }
        /* Hi-lo: half to the best high and half to the best low, or all to the high
         * when no low qualifies (lo 0 never wins the low half: some lo is above it). */
        if (any_low) {
            award(hi, n, EQ_UNIT / 2u, got);
            award(lo, n, EQ_UNIT / 2u, got);
        } else {
            award(hi, n, EQ_UNIT, got);
        }
    }
    for (size_t i = 0; i < n; i++) {
        t->share[i] += got[i];
        t->wins[i] += got[i] == EQ_UNIT;
        t->ties[i] += got[i] != 0 && got[i] != EQ_UNIT;
    }
    t->runs++;
}

/* Every way to complete the board from deck[from..ndeck-1], board cards depth..4. */
static void every_runout(eq_table_t *t, const uint8_t *deck, size_t ndeck, size_t from, size_t depth,
                         pe_hand_t board_hand)
{
    if (depth == 5) {
        settle(t, board_hand);
        return;
    }
    for (size_t i = from; i + (5 - depth) <= ndeck; i++) {
        t->board[depth] = deck[i];
        every_runout(t, deck, ndeck, i + 1, depth + 1, pe_hand_add(board_hand, deck[i]));
    }
}

/* One random runout.  deck holds the live cards in any order and stays a permutation
 * of them (a partial Fisher-Yates shuffle); cards in `held` (this deal's hole cards)
 * are drawn again, which leaves the draw uniform over the rest. */
static void random_runout(eq_table_t *t, uint8_t *deck, size_t ndeck, uint64_t held, eq_rng_t *rng,
                          pe_hand_t board_hand)
{
    for (size_t d = t->nboard, j = 0; d < 5; d++, j++) {
        size_t r;
        do
            r = j + rng_below(rng, (uint32_t)(ndeck - j));
        while (held >> deck[r] & 1u);
        uint8_t card = deck[r];
        deck[r] = deck[j];
        deck[j] = card;
        t->board[d] = card;
        board_hand = pe_hand_add(board_hand, card);
    }
    settle(t, board_hand);
}

/* ---- the engine ---- */

typedef struct {
    eq_table_t table;
    const uint8_t *rows[EQ_MAX_PLAYERS];    /* player p's first row */
    const double *weights[EQ_MAX_PLAYERS];  /* player p's first weight, or NULL */
    size_t counts[EQ_MAX_PLAYERS];          /* rows of player p */
    uint64_t fixed;                         /* board and dead cards */
    pe_hand_t board_hand;                   /* the given board, summed */
    double wshare[EQ_MAX_PLAYERS], wtotal;  /* weighted exact sums */
    int weighted;
} eq_engine_t;

static inline uint64_t row_mask(const uint8_t *row, size_t hole)
{
    uint64_t m = 0;
    for (size_t k = 0; k < hole; k++)
        m |= 1ull << row[k];
    return m;
}

static void seat(eq_table_t *t, size_t p, const uint8_t *row)
{
    pe_hand_t h = pe_hand_empty();
    for (size_t k = 0; k < t->hole; k++) {
        t->holes[p * t->hole + k] = row[k];
        h = pe_hand_add(h, row[k]);
    }
    t->hole_hand[p] = h;
}

static double weight_of(const eq_engine_t *e, size_t p, size_t c)
{
    return e->weights[p] ? e->weights[p][c] : 1.0;
}

/* Exact: every runout of one complete deal whose cards are `used`. */
static void play_deal(eq_engine_t *e, uint64_t used, double weight)
{
    eq_table_t *t = &e->table;
    uint8_t deck[52];
    size_t ndeck = 0;
    for (unsigned id = 0; id < 52; id++)
        if (!(used >> id & 1u))
            deck[ndeck++] = (uint8_t)id;
    uint64_t before[EQ_MAX_PLAYERS];
    for (size_t i = 0; i < t->players; i++)
        before[i] = t->share[i];
    uint64_t runs_before = t->runs;
    every_runout(t, deck, ndeck, 0, t->nboard, e->board_hand);
    if (e->weighted) {
        for (size_t i = 0; i < t->players; i++)
            e->wshare[i] += weight * (double)(t->share[i] - before[i]);
        e->wtotal += weight * (double)(t->runs - runs_before) * EQ_UNIT;
    }
}

/* Exact: every deal of rows that do not collide, from player p on.  With play == 0
 * stop at the first valid deal and return 1 (a check that one exists). */
static int every_deal(eq_engine_t *e, size_t p, uint64_t used, double weight, int play)
{
    eq_table_t *t = &e->table;
    if (p == t->players) {
        if (play)
            play_deal(e, used, weight);
        return 1;
    }
    int found = 0;
    for (size_t c = 0; c < e->counts[p]; c++) {
        const uint8_t *row = e->rows[p] + c * t->hole;
        uint64_t m = row_mask(row, t->hole);
        double w = weight_of(e, p, c);
        if ((m & used) || !(w > 0.0))
            continue;
        seat(t, p, row);
        found |= every_deal(e, p + 1, used | m, weight * w, play);
        if (found && !play)
            return 1;
    }
    return found;
}

/* Monte Carlo: `samples` random deals and runouts. */
static int sample_deals(eq_engine_t *e, uint64_t samples, uint64_t seed)
{
    eq_table_t *t = &e->table;
    eq_rng_t rng;
    rng_seed(&rng, seed);
    double wmax[EQ_MAX_PLAYERS];
    int single = 1; /* every player has one row: the deal never changes */
    for (size_t p = 0; p < t->players; p++) {
        wmax[p] = 0.0;
        for (size_t c = 0; c < e->counts[p]; c++) {
            double w = weight_of(e, p, c);
            wmax[p] = w > wmax[p] ? w : wmax[p];
        }
        single &= e->counts[p] == 1;
    }
    uint64_t used = e->fixed;
    if (single) {
        for (size_t p = 0; p < t->players; p++) {
            seat(t, p, e->rows[p]);
            used |= row_mask(e->rows[p], t->hole);
        }
    }
    /* The deck lacks the board and dead cards, and with one deal its hole cards too;
     * otherwise each run's hole cards are drawn again in random_runout. */
    uint8_t deck[52];
    size_t ndeck = 0;
    uint64_t out_of_deck = single ? used : e->fixed;
    for (unsigned id = 0; id < 52; id++)
        if (!(out_of_deck >> id & 1u))
            deck[ndeck++] = (uint8_t)id;
    for (uint64_t s = 0; s < samples; s++) {
        if (!single) {
            uint64_t rejects = 0;
            for (;;) {
                used = e->fixed;
                size_t p = 0;
                for (; p < t->players; p++) {
                    /* A uniform row kept with probability weight / wmax: a row in
                     * proportion to its weight. */
                    size_t c;
                    do
                        c = e->counts[p] == 1 ? 0 : rng_below(&rng, (uint32_t)e->counts[p]);
                    while (e->weights[p] && !(rng_unit(&rng) * wmax[p] < e->weights[p][c]));
                    const uint8_t *row = e->rows[p] + c * t->hole;
                    uint64_t m = row_mask(row, t->hole);
                    if (m & used)
                        break;
                    used |= m;
                    seat(t, p, row);
                }
                if (p == t->players)
                    break;
                if (++rejects == EQ_MAX_REJECTS)
                    return PE_ERR_DUPLICATE;
            }
        }
        random_runout(t, deck, ndeck, used & ~out_of_deck, &rng, e->board_hand);
    }
    return PE_OK;
}

static int check_ids(const uint8_t *ids, size_t n, uint64_t *seen)
{
    for (size_t i = 0; i < n; i++) {
        if (ids[i] >= 52u)
            return PE_ERR_CARD;
        uint64_t bit = 1ull << ids[i];
        if (*seen & bit)
            return PE_ERR_DUPLICATE;
        *seen |= bit;
    }
    return PE_OK;
}

/* Check everything, then run.  counts == NULL: one row per player (hands), and rows
 * that share a card are an error; with counts (ranges) such deals are skipped. */
static int run(int game, size_t players, size_t hole, const uint8_t *rows, const double *weights,
               const uint32_t *counts, const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
               uint64_t samples, uint64_t seed, double *equity, uint64_t *wins, uint64_t *ties,
               uint64_t *runs)
{
    if (players < 2 || players > EQ_MAX_PLAYERS || nboard > 5 || ndead > 52)
        return PE_ERR_COUNT;
    if (players * hole + ndead + 5 > 52)
        return PE_ERR_COUNT; /* not enough cards left to complete the board */
    if (rows == NULL || equity == NULL || wins == NULL || ties == NULL || runs == NULL ||
        (nboard && board == NULL) || (ndead && dead == NULL))
        return PE_ERR_ARG;

    eq_engine_t e;
    eq_table_t *t = &e.table;
    t->game = game;
    t->players = players;
    t->hole = hole;
    t->nboard = nboard;
    t->runs = 0;
    e.weighted = weights != NULL;
    e.wtotal = 0.0;
    e.fixed = 0;
    int rc = check_ids(board, nboard, &e.fixed);
    if (rc == PE_OK)
        rc = check_ids(dead, ndead, &e.fixed);
    if (rc != PE_OK)
        return rc;
    e.board_hand = pe_hand_empty();
    for (size_t i = 0; i < nboard; i++) {
        t->board[i] = board[i];
        e.board_hand = pe_hand_add(e.board_hand, board[i]);
    }

    uint64_t hands_seen = e.fixed;
    const uint8_t *row = rows;
    const double *weight = weights;
    for (size_t p = 0; p < players; p++) {
        size_t count = counts ? counts[p] : 1u;
        e.rows[p] = row;
        e.weights[p] = weight;
        e.counts[p] = count;
        if (count == 0)
            return PE_ERR_COUNT;
        for (size_t c = 0; c < count; c++, row += hole) {
            uint64_t seen = counts ? 0 : hands_seen;
            rc = check_ids(row, hole, &seen);
            if (rc != PE_OK)
                return rc;
            hands_seen |= seen;
            if (weight) {
                double w = weight[c];
                /* NaN fails both tests; so does infinity the second. */
                if (!(w >= 0.0) || !(w <= 1e300))
                    return PE_ERR_ARG;
            }
        }
        if (weight)
            weight += count;
        t->share[p] = t->wins[p] = t->ties[p] = 0;
        e.wshare[p] = 0.0;
    }
    if (!every_deal(&e, 0, e.fixed, 1.0, 0))
        return PE_ERR_DUPLICATE; /* no deal without a card twice (or every weight 0) */

    if (samples == 0) {
        every_deal(&e, 0, e.fixed, 1.0, 1);
    } else {
        rc = sample_deals(&e, samples, seed);
        if (rc != PE_OK)
            return rc;
    }
    /* Monte Carlo draws by weight, so its plain counts are already weighted. */
    int use_weights = e.weighted && samples == 0;
    double total = use_weights ? e.wtotal : (double)t->runs * EQ_UNIT;
    for (size_t p = 0; p < players; p++) {
        equity[p] = (use_weights ? e.wshare[p] : (double)t->share[p]) / total;
        wins[p] = t->wins[p];
        ties[p] = t->ties[p];
    }
    *runs = t->runs;
    return PE_OK;
}

int pe_equity_holdem(const uint8_t *holes, size_t players, const uint8_t *board, size_t nboard,
                     const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed, double *equity,
                     uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    return run(PE_GAME_HOLDEM, players, 2, holes, NULL, NULL, board, nboard, dead, ndead, samples, seed,
               equity, wins, ties, runs);
}

int pe_equity_omaha(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                    size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed,
                    double *equity, uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    if (game != PE_GAME_OMAHA && game != PE_GAME_OMAHA_HILO)
        return PE_ERR_GAME;
    if (hole < 4 || hole > EQ_MAX_HOLE)
        return PE_ERR_COUNT;
    return run(game, players, hole, holes, NULL, NULL, board, nboard, dead, ndead, samples, seed, equity,
               wins, ties, runs);
}

int pe_equity_ranges_holdem(const uint8_t *combos, const double *weights, const uint32_t *counts,
                            size_t players, const uint8_t *board, size_t nboard, const uint8_t *dead,
                            size_t ndead, uint64_t samples, uint64_t seed, double *equity, uint64_t *wins,
                            uint64_t *ties, uint64_t *runs)
{
    if (counts == NULL)
        return PE_ERR_ARG;
    return run(PE_GAME_HOLDEM, players, 2, combos, weights, counts, board, nboard, dead, ndead, samples, seed,
               equity, wins, ties, runs);
}
