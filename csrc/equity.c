/* equity.c - equity of deals: every runout exactly, or Monte Carlo in seeded blocks.
 *
 * A "deal" gives every player one row of hole cards and a "runout" completes the board
 * to five cards; each runout hands out one pot.  Totals are kept per player in the
 * PE_EQ_* layout of pokereval.h (pot share, wins, ties, and per category the runouts
 * ending in it and the pot won with it), so one pass also gives the categories.
 *
 * - Shares are integers.  A pot is PE_EQ_UNIT = 5040 = 2 * lcm(1..10) units, so a pot,
 *   or half a pot (hi-lo), split among any 1..10 players is a whole number of units
 *   and exact enumeration gives exact sums.
 * - Exact hold'em ("iso" path).  Without flushes a hand's value depends on its ranks
 *   only, so every board is first played by its ranks alone: the multisets of ranks
 *   the live cards can make, each weighted by how many boards have those ranks
 *   (prod of C(live cards of rank r, times r is dealt)).  Then the flushes are put
 *   right: a flush needs three board cards of one suit (hole cards hold two at most),
 *   so at most one suit per board can make one.  For each suit s, the boards that give
 *   some player five cards of s are enumerated by their cards of s (each a distinct
 *   rank) and the ranks of their other cards (any other suit: grouped and weighted as
 *   above), and each adds its true result and takes away the ranks-only result counted
 *   before.  Suits that nothing tells apart (pe_iso_suit_classes) are done once.  AsKs
 *   v QdQc preflop plays about 30,000 boards this way instead of 1,712,304.
 * - Exact for other games, and the "plain" hold'em path kept to check the iso path:
 *   every runout one by one.  Board sums are built card by card (pe_hand_t), so a
 *   hold'em runout costs one join and one lookup per player.
 * - Monte Carlo: samples are numbered; sample i belongs to block i / PE_EQ_BLOCK and
 *   each block draws from its own generator seeded by (seed, block), so the result
 *   depends on the seed only, however the blocks are spread over threads.  A block
 *   draws each player's row in proportion to its weight (rejecting the whole deal if
 *   two rows share a card, which keeps the law of the valid deals), or, for ranges
 *   that collide almost always, by sequential importance sampling: each player draws
 *   among the rows that fit the ones drawn before, and the sample counts with weight
 *   prod(total weight of the rows that fit).  Then a random runout of the live cards.
 * - The generator (xoshiro256**, seeded through splitmix64) lives on the stack: no
 *   global state, so calls are reentrant and run without the GIL.  Card draws are
 *   unbiased (Lemire's multiply-and-reject). */
#include "internal.h"

#include <string.h>

#define EQ_MAX_PLAYERS 10u
#define EQ_MAX_HOLE 6u
#define EQ_UNIT PE_EQ_UNIT
#define EQ_F PE_EQ_FIELDS

/* The pot split among 1..10 players. */
static const uint16_t unit_of[11] = {0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560, 504};
/* C(n, m) for n, m <= 4: boards with m cards of a rank that has n live cards. */
static const uint8_t choose4[5][5] = {
    {1, 0, 0, 0, 0}, {1, 1, 0, 0, 0}, {1, 2, 1, 0, 0}, {1, 3, 3, 1, 0}, {1, 4, 6, 4, 1}};

static inline unsigned popcount16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

/* ---- the generator ---- */

/* The core's generator (pe_rng_t, internal.h), one stream per block of samples. */
typedef pe_rng_t eq_rng_t;

/* Block b of seed: the seed is mixed once, then the block number is folded in, so
 * neighbouring seeds and neighbouring blocks give unrelated streams. */
static void rng_seed(eq_rng_t *r, uint64_t seed, uint64_t block)
{
    uint64_t x = seed;
    x = pe_splitmix64(&x) ^ (block * 0xD6E8FEB86659FD93ull);
    pe_rng_seed(r, x);
}

/* Card draws take 16 bits each, four to a generator output: uniform on 0..n-1 for
 * n <= 52 by the same multiply-and-reject, on 16-bit pieces (a piece is rejected with
 * probability below 0.1 %). */
typedef struct {
    uint64_t word;
    unsigned left;
} eq_bits_t;

static inline uint32_t draw_below(eq_rng_t *r, eq_bits_t *b, uint32_t n)
{
    for (;;) {
        if (b->left == 0) {
            b->word = pe_rng_next(r);
            b->left = 4;
        }
        uint32_t m = (uint32_t)(b->word & 0xFFFFu) * n;
        b->word >>= 16;
        b->left--;
        if ((m & 0xFFFFu) >= n || (m & 0xFFFFu) >= 65536u % n)
            return m >> 16;
    }
}

/* ---- tallies ---- */

/* cat[v] = category of hold'em value v (the tables give each category's first value). */
static void categories_of_values(uint8_t cat[7463])
{
    cat[0] = 0;
    for (unsigned i = 0; i < 10; i++) {
        unsigned end = i + 1 < 10 ? pe_cat_start_holdem[i + 1] : 7463u;
        for (unsigned v = pe_cat_start_holdem[i]; v < end; v++)
            cat[v] = (uint8_t)pe_cat_of_holdem[i];
    }
}

/* One showdown of values v (the best ones split the pot) counted `w` times into acc
 * (players rows of EQ_F, then the runs).  w may be "negative" (0 - w): unsigned sums
 * wrap, and the totals they correct end up right. */
static inline void tally(const uint16_t *v, size_t n, const uint8_t *cat, uint64_t w, uint64_t *acc)
{
    unsigned count;
    uint16_t best = pe_best_value(v, n, &count);
    uint64_t won = w * unit_of[count];
    size_t field = count == 1 ? PE_EQ_WINS : PE_EQ_TIES;
    /* Without branches: who wins is a coin toss to the branch predictor. */
    for (size_t i = 0; i < n; i++) {
        uint64_t *a = acc + i * EQ_F;
        unsigned c = cat[v[i]];
        uint64_t winner = 0u - (uint64_t)(v[i] == best);
        a[PE_EQ_CATS + c] += w;
        a[PE_EQ_SHARE] += won & winner;
        a[PE_EQ_CAT_WON + c] += won & winner;
        a[field] += w & winner;
    }
    acc[n * EQ_F] += w;
}

/* The exact hold'em path counts showdowns in a histogram instead: per player, the
 * category of its hand and how many shared the pot with it (0 when it lost), EQ_H bins
 * a player, one add a player a showdown (the corrections add and take away many);
 * hist_expand turns the bins into the PE_EQ_* totals.  (Monte Carlo keeps `tally`:
 * there the same few bins would be hit in a row, each add waiting on the one before.) */
#define EQ_H 110
static inline void tally_hist(const uint16_t *v, size_t n, const uint8_t *cat, uint64_t w, uint64_t *hist)
{
    unsigned count;
    uint16_t best = pe_best_value(v, n, &count);
    for (size_t i = 0; i < n; i++)
        hist[i * EQ_H + cat[v[i]] * 11u + (v[i] == best ? count : 0u)] += w;
}

/* Add the totals of histogram `hist` to acc (the runs from player 0's bins). */
static void hist_expand(const uint64_t *hist, size_t n, uint64_t *acc)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t *a = acc + i * EQ_F;
        for (unsigned c = 0; c < 10; c++) {
            for (unsigned shared = 0; shared <= 10; shared++) {
                uint64_t h = hist[i * EQ_H + c * 11u + shared];
                a[PE_EQ_CATS + c] += h;
                if (i == 0)
                    acc[n * EQ_F] += h;
                if (shared) {
                    a[PE_EQ_SHARE] += h * unit_of[shared];
                    a[PE_EQ_CAT_WON + c] += h * unit_of[shared];
                    a[shared == 1 ? PE_EQ_WINS : PE_EQ_TIES] += h;
                }
            }
        }
    }
}

/* The same with a real weight (Monte Carlo). */
static inline void tally_real(const uint16_t *v, size_t n, const uint8_t *cat, double w, double *acc)
{
    unsigned count;
    uint16_t best = pe_best_value(v, n, &count);
    double won = w * unit_of[count];
    size_t field = count == 1 ? PE_EQ_WINS : PE_EQ_TIES;
    for (size_t i = 0; i < n; i++) {
        double *a = acc + i * EQ_F;
        unsigned c = cat[v[i]];
        a[PE_EQ_CATS + c] += w;
        if (v[i] == best) {
            a[PE_EQ_SHARE] += won;
            a[PE_EQ_CAT_WON + c] += won;
            a[field] += w;
        }
    }
    acc[n * EQ_F] += w;
}

/* Split `pot` units among the players with the greatest value (added to got). */
static inline void split_pot(const uint16_t *value, size_t n, uint32_t pot, uint32_t *got)
{
    unsigned count;
    uint16_t best = pe_best_value(value, n, &count);
    for (size_t i = 0; i < n; i++)
        if (value[i] == best)
            got[i] += pot / count;
}

/* Omaha: high (and hi-lo low) values of every player, and each one's units of the pot.
 * Hi-lo: half to the best high and half to the best low, or all to the high when no
 * low qualifies (lo 0 never wins the low half: some lo is above it). */
static void omaha_showdown(int game, const uint8_t *holes, size_t n, size_t hole, const uint8_t *board,
                           uint16_t *hi, uint32_t *got)
{
    int hilo = game == PE_GAME_OMAHA_HILO;
    uint16_t lo[EQ_MAX_PLAYERS], any_low = 0;
    for (size_t i = 0; i < n; i++) {
        lo[i] = 0;
        got[i] = 0;
        pe_eval_omaha_ids(holes + i * hole, hole, board, 5, &hi[i], hilo ? &lo[i] : NULL, NULL, NULL);
        any_low |= lo[i];
    }
    if (any_low) {
        split_pot(hi, n, EQ_UNIT / 2u, got);
        split_pot(lo, n, EQ_UNIT / 2u, got);
    } else {
        split_pot(hi, n, EQ_UNIT, got);
    }
}

/* Record an Omaha showdown: each player's units, filed under the category of its high. */
static void tally_units(const uint16_t *hi, const uint32_t *got, size_t n, const uint8_t *cat, double w,
                        uint64_t *acc, double *racc)
{
    for (size_t i = 0; i < n; i++) {
        unsigned c = cat[hi[i]];
        size_t field = got[i] == EQ_UNIT ? PE_EQ_WINS : got[i] ? PE_EQ_TIES : 0;
        if (acc) {
            uint64_t *a = acc + i * EQ_F;
            a[PE_EQ_CATS + c] += 1;
            a[PE_EQ_SHARE] += got[i];
            a[PE_EQ_CAT_WON + c] += got[i];
            if (field)
                a[field] += 1;
        } else {
            double *a = racc + i * EQ_F;
            a[PE_EQ_CATS + c] += w;
            a[PE_EQ_SHARE] += w * got[i];
            a[PE_EQ_CAT_WON + c] += w * got[i];
            if (field)
                a[field] += w;
        }
    }
    if (acc)
        acc[n * EQ_F] += 1;
    else
        racc[n * EQ_F] += w;
}

/* ---- exact, one runout at a time (Omaha, and the plain hold'em path) ---- */

typedef struct {
    int game;
    size_t players, hole;
    const uint8_t *holes; /* row p at p * hole */
    pe_hand_t hole_hand[EQ_MAX_PLAYERS];
    uint8_t board[5];
    size_t nboard;
    size_t part, parts; /* this call plays the runouts whose first dealt card is part mod parts */
    const uint8_t *cat;
    uint64_t *acc;
} eq_plain_t;

static void plain_showdown(eq_plain_t *t, pe_hand_t board_hand)
{
    uint16_t hi[EQ_MAX_PLAYERS];
    size_t n = t->players;
    if (t->game == PE_GAME_HOLDEM) {
        for (size_t i = 0; i < n; i++)
            hi[i] = pe_lookup_holdem(pe_hand_join(board_hand, t->hole_hand[i]));
        tally(hi, n, t->cat, 1, t->acc);
    } else {
        uint32_t got[EQ_MAX_PLAYERS];
        omaha_showdown(t->game, t->holes, n, t->hole, t->board, hi, got);
        tally_units(hi, got, n, t->cat, 1.0, t->acc, NULL);
    }
}

/* Every way to complete the board from deck[from..ndeck-1], board cards depth..4. */
static void plain_runouts(eq_plain_t *t, const uint8_t *deck, size_t ndeck, size_t from, size_t depth,
                          pe_hand_t board_hand)
{
    if (depth == 5) {
        plain_showdown(t, board_hand);
        return;
    }
    for (size_t i = from; i + (5 - depth) <= ndeck; i++) {
        if (depth == t->nboard && i % t->parts != t->part)
            continue;
        t->board[depth] = deck[i];
        plain_runouts(t, deck, ndeck, i + 1, depth + 1, pe_hand_add(board_hand, deck[i]));
    }
}

static void plain_deal(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                       size_t nboard, uint64_t used, size_t part, size_t parts, const uint8_t *cat,
                       uint64_t *acc)
{
    eq_plain_t t;
    t.game = game;
    t.players = players;
    t.hole = hole;
    t.holes = holes;
    t.nboard = nboard;
    t.part = part;
    t.parts = parts;
    t.cat = cat;
    t.acc = acc;
    pe_hand_t board_hand = pe_hand_empty();
    for (size_t i = 0; i < nboard; i++) {
        t.board[i] = board[i];
        board_hand = pe_hand_add(board_hand, board[i]);
    }
    for (size_t p = 0; p < players; p++) {
        pe_hand_t h = pe_hand_empty();
        for (size_t k = 0; k < hole; k++)
            h = pe_hand_add(h, holes[p * hole + k]);
        t.hole_hand[p] = h;
    }
    if (nboard == 5 && part != 0)
        return; /* one runout: part 0 plays it */
    uint8_t deck[52];
    size_t ndeck = 0;
    for (unsigned id = 0; id < 52; id++)
        if (!(used >> id & 1u))
            deck[ndeck++] = (uint8_t)id;
    plain_runouts(&t, deck, ndeck, 0, nboard, board_hand);
}

/* ---- exact hold'em by ranks, then flushes (the iso path; see the top comment) ---- */

typedef struct {
    size_t players;
    uint32_t hole_key[EQ_MAX_PLAYERS];    /* rank-key sum of each player's hole cards */
    uint16_t hole_suit[EQ_MAX_PLAYERS][4]; /* ranks each player holds in each suit */
    uint8_t count[13];                     /* live cards of each rank the multisets may use */
    uint16_t live_suit;                    /* live ranks of the suit being corrected */
    uint16_t board_suit;                   /* its ranks on the board so far */
    unsigned suit;
    int flushes;   /* 0: ranks only; 1: correcting the flushes of `suit` */
    uint64_t mult; /* suits like `suit` (its class size) */
    const uint8_t *cat;
    uint64_t *acc;
} eq_iso_t;

static inline uint16_t rank_value(uint32_t key)
{
    return pe_rank_holdem[(uint32_t)((int32_t)key + pe_row_offsets[key >> PE_ROW_SHIFT])];
}

/* A board whose ranks sum to `key`, `weight` boards alike. */
static void iso_board(eq_iso_t *t, uint32_t key, uint64_t weight, uint16_t flush_ranks)
{
    uint16_t ranks_only[EQ_MAX_PLAYERS], truth[EQ_MAX_PLAYERS];
    size_t n = t->players;
    for (size_t p = 0; p < n; p++)
        ranks_only[p] = rank_value(t->hole_key[p] + key);
    if (!t->flushes) {
        tally_hist(ranks_only, n, t->cat, weight, t->acc);
        return;
    }
    /* A flush beats every rank-only hand seven cards can hold with it (a full house
     * or quads next to five cards of one suit needs eight cards or more). */
    for (size_t p = 0; p < n; p++) {
        uint32_t suited = (uint32_t)t->hole_suit[p][t->suit] | flush_ranks;
        truth[p] = popcount16(suited) >= 5u ? pe_flush_holdem[suited] : ranks_only[p];
    }
    tally_hist(truth, n, t->cat, weight, t->acc);
    tally_hist(ranks_only, n, t->cat, 0u - weight, t->acc);
}

/* Every multiset of `left` more ranks from rank r up, within t->count. */
static void iso_ranks(eq_iso_t *t, unsigned r, unsigned left, uint32_t key, uint64_t weight,
                      uint16_t flush_ranks)
{
    if (left == 0) {
        iso_board(t, key, weight, flush_ranks);
        return;
    }
    for (; r < 13; r++) {
        unsigned most = t->count[r] < left ? t->count[r] : left;
        uint32_t k = key;
        for (unsigned m = 1; m <= most; m++) {
            k += pe_rank_keys[r];
            iso_ranks(t, r + 1, left - m, k, weight * choose4[t->count[r]][m], flush_ranks);
        }
    }
}

/* Every set of `need` more cards of t->suit from rank r up, then `rest` other cards. */
static void iso_suited(eq_iso_t *t, unsigned r, unsigned need, unsigned rest, uint32_t key, uint16_t ranks)
{
    if (need == 0) {
        iso_ranks(t, 0, rest, key, t->mult, ranks);
        return;
    }
    for (; r + need <= 13; r++)
        if (t->live_suit >> r & 1u)
            iso_suited(t, r + 1, need - 1, rest, key + pe_rank_keys[r], (uint16_t)(ranks | 1u << r));
}

/* Results worth keeping between the deals of one call: range against range meets the
 * same ranks (and the same suit patterns) again and again, so the by-ranks pass and
 * each suit's flush correction are kept under a key of everything they depend on. */
#define EQ_CACHE 32
#define EQ_KEY 96
typedef struct {
    size_t filled, next;
    uint8_t key[EQ_CACHE][EQ_KEY];
    uint64_t value[EQ_CACHE][EQ_MAX_PLAYERS * EQ_F + 1];
} eq_cache_t;

/* The totals kept under key (a zeroed slot to fill when it is new: *fresh = 1). */
static uint64_t *cache_slot(eq_cache_t *c, const uint8_t *key, size_t vlen, int *fresh)
{
    for (size_t i = 0; i < c->filled; i++)
        if (memcmp(c->key[i], key, EQ_KEY) == 0) {
            *fresh = 0;
            return c->value[i];
        }
    size_t i = c->next;
    c->next = (c->next + 1) % EQ_CACHE;
    c->filled += c->filled < EQ_CACHE;
    memcpy(c->key[i], key, EQ_KEY);
    memset(c->value[i], 0, vlen * sizeof c->value[i][0]);
    *fresh = 1;
    return c->value[i];
}

static void add_times(uint64_t *acc, const uint64_t *value, size_t vlen, uint64_t mult)
{
    for (size_t f = 0; f < vlen; f++)
        acc[f] += mult * value[f];
}

static void iso_deal(const uint8_t *holes, size_t players, const uint8_t *board, size_t nboard, uint64_t used,
                     uint64_t dead_mask, const uint8_t *cat, eq_cache_t *cache, uint64_t *acc)
{
    eq_iso_t t;
    size_t vlen = players * EQ_F + 1;
    t.players = players;
    t.cat = cat;
    /* masks[p] for the players, then the board and the dead cards: what tells suits apart. */
    uint16_t masks[EQ_MAX_PLAYERS + 2][4];
    memset(masks, 0, sizeof masks);
    for (size_t p = 0; p < players; p++) {
        t.hole_key[p] = pe_rank_keys[PE_RANK(holes[2 * p])] + pe_rank_keys[PE_RANK(holes[2 * p + 1])];
        for (size_t k = 0; k < 2; k++)
            masks[p][PE_SUIT(holes[2 * p + k])] |= (uint16_t)(1u << PE_RANK(holes[2 * p + k]));
        memcpy(t.hole_suit[p], masks[p], sizeof masks[p]);
    }
    uint32_t board_key = 0;
    for (size_t i = 0; i < nboard; i++) {
        board_key += pe_rank_keys[PE_RANK(board[i])];
        masks[players][PE_SUIT(board[i])] |= (uint16_t)(1u << PE_RANK(board[i]));
    }
    uint16_t live[4] = {0, 0, 0, 0};
    for (unsigned id = 0; id < 52; id++) {
        if (dead_mask >> id & 1u)
            masks[players + 1][PE_SUIT(id)] |= (uint16_t)(1u << PE_RANK(id));
        if (!(used >> id & 1u))
            live[PE_SUIT(id)] |= (uint16_t)(1u << PE_RANK(id));
    }
    uint8_t live_of_rank[13];
    for (unsigned r = 0; r < 13; r++)
        live_of_rank[r] = (uint8_t)((live[0] >> r & 1u) + (live[1] >> r & 1u) + (live[2] >> r & 1u) +
                                    (live[3] >> r & 1u));
    unsigned deal = 5u - (unsigned)nboard;

    /* Every board by its ranks: it depends on the players' ranks and the live ranks
     * (the board and dead cards are the same for the whole call). */
    uint8_t key[EQ_KEY];
    memset(key, 0, sizeof key);
    memcpy(key, t.hole_key, players * sizeof t.hole_key[0]);
    memcpy(key + 40, live_of_rank, 13);
    int fresh;
    t.flushes = 0;
    uint64_t hist[EQ_MAX_PLAYERS * EQ_H];
    uint64_t *kept = cache_slot(&cache[0], key, vlen, &fresh);
    t.acc = hist;
    if (fresh) {
        memset(hist, 0, players * EQ_H * sizeof hist[0]);
        memcpy(t.count, live_of_rank, sizeof t.count);
        iso_ranks(&t, 0, deal, board_key, 1, 0);
        hist_expand(hist, players, kept);
    }
    add_times(acc, kept, vlen, 1);

    /* The flushes, suit by suit (one suit of each class of alike suits); a suit's
     * correction depends on the above and on the ranks each player, the board and the
     * live cards hold in it. */
    uint8_t rep[4], mult[4];
    pe_iso_suit_classes((const uint16_t(*)[4])masks, players + 2, rep, mult);
    t.flushes = 1;
    for (unsigned s = 0; s < 4; s++) {
        if (rep[s] != s)
            continue;
        for (size_t p = 0; p < players; p++)
            memcpy(key + 54 + 2 * p, &t.hole_suit[p][s], 2);
        memcpy(key + 74, &masks[players][s], 2);
        memcpy(key + 76, &live[s], 2);
        kept = cache_slot(&cache[1], key, vlen, &fresh);
        if (fresh) {
            memset(hist, 0, players * EQ_H * sizeof hist[0]);
            unsigned on_board = popcount16(masks[players][s]), held = 0;
            for (size_t p = 0; p < players; p++) {
                unsigned h = popcount16(t.hole_suit[p][s]);
                held = h > held ? h : held;
            }
            unsigned nlive = popcount16(live[s]);
            unsigned least = on_board + held >= 5u ? 0u : 5u - on_board - held;
            t.suit = s;
            t.mult = 1;
            t.live_suit = live[s];
            t.board_suit = masks[players][s];
            for (unsigned r = 0; r < 13; r++)
                t.count[r] = (uint8_t)(live_of_rank[r] - (live[s] >> r & 1u));
            for (unsigned j = least; j <= deal && j <= nlive; j++)
                iso_suited(&t, 0, j, deal - j, board_key, t.board_suit);
            hist_expand(hist, players, kept);
        }
        add_times(acc, kept, vlen, mult[s]);
    }
}

/* ---- checks ---- */

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

static int check_game(int game, size_t players, size_t hole, size_t nboard, size_t ndead)
{
    const pe_game_t *g = pe_game(game);
    if (g == NULL || g->engine != PE_ENGINE_HANDS)
        return PE_ERR_GAME;
    if (game == PE_GAME_HOLDEM ? hole != 2 : hole < 4 || hole > EQ_MAX_HOLE)
        return PE_ERR_COUNT;
    if (players < 2 || players > EQ_MAX_PLAYERS || nboard > 5 || ndead > 52)
        return PE_ERR_COUNT;
    if (players * hole + ndead + 5 > 52)
        return PE_ERR_COUNT; /* not enough cards left to complete the board */
    return PE_OK;
}

/* ---- the exact entry point ---- */

int pe_equity_exact(int game, size_t players, size_t hole, const uint8_t *deals, size_t ndeals,
                    const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead, int plain, size_t part,
                    size_t parts, uint64_t *counts)
{
    int rc = check_game(game, players, hole, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    if ((ndeals && (deals == NULL || counts == NULL)) || (nboard && board == NULL) || (ndead && dead == NULL) ||
        parts == 0 || part >= parts)
        return PE_ERR_ARG;
    uint64_t fixed = 0, dead_mask = 0;
    rc = check_ids(board, nboard, &fixed);
    if (rc == PE_OK)
        rc = check_ids(dead, ndead, &dead_mask);
    if (rc == PE_OK && (fixed & dead_mask))
        rc = PE_ERR_DUPLICATE;
    if (rc != PE_OK)
        return rc;
    fixed |= dead_mask;
    uint8_t cat[7463];
    categories_of_values(cat);
    eq_cache_t cache[2];
    cache[0].filled = cache[0].next = cache[1].filled = cache[1].next = 0;
    size_t width = players * hole, stride = players * EQ_F + 1;
    for (size_t d = 0; d < ndeals; d++) {
        const uint8_t *row = deals + d * width;
        uint64_t used = fixed;
        rc = check_ids(row, width, &used);
        if (rc != PE_OK)
            return rc;
        uint64_t *acc = counts + d * stride;
        if (game == PE_GAME_HOLDEM && !plain) {
            if (part == 0)
                iso_deal(row, players, board, nboard, used, dead_mask, cat, cache, acc);
        } else {
            plain_deal(game, row, players, hole, board, nboard, used, part, parts, cat, acc);
        }
    }
    return PE_OK;
}

/* ---- Monte Carlo ---- */

typedef struct {
    int game;
    size_t players, hole;
    const uint8_t *rows[EQ_MAX_PLAYERS];  /* player p's first row */
    const double *cumw[EQ_MAX_PLAYERS];   /* its cumulative weights, or NULL (uniform) */
    size_t counts[EQ_MAX_PLAYERS];        /* rows of player p */
    uint64_t masks_fixed;                 /* board and dead cards */
    uint8_t board[5];
    size_t nboard;
    pe_hand_t board_hand;
} eq_mc_t;

static inline uint64_t row_mask(const uint8_t *row, size_t hole)
{
    uint64_t m = 0;
    for (size_t k = 0; k < hole; k++)
        m |= 1ull << row[k];
    return m;
}

static inline double weight_at(const double *cumw, size_t c)
{
    return c ? cumw[c] - cumw[c - 1] : cumw[0];
}

/* A row of player p in proportion to its weight: the first whose cumulative weight
 * passes a uniform point of the total. */
static size_t draw_row(const eq_mc_t *e, size_t p, eq_rng_t *rng)
{
    size_t n = e->counts[p];
    if (n == 1)
        return 0;
    const double *cumw = e->cumw[p];
    if (!cumw)
        return pe_rng_below(rng, (uint32_t)n);
    size_t lo = pe_pick_weighted(cumw, n, rng);
    while (lo + 1 < n && weight_at(cumw, lo) <= 0.0)
        lo++; /* u landed on a zero-weight row's edge */
    return lo;
}

/* One deal by rejection: rows drawn independently, the whole deal again on a collision.
 * Returns the attempts it took, or 0 after max_attempts. */
static uint64_t deal_rejecting(const eq_mc_t *e, eq_rng_t *rng, const uint8_t **seat, uint64_t *used,
                               uint64_t max_attempts)
{
    for (uint64_t attempt = 1; attempt <= max_attempts; attempt++) {
        uint64_t u = e->masks_fixed;
        size_t p = 0;
        for (; p < e->players; p++) {
            const uint8_t *row = e->rows[p] + draw_row(e, p, rng) * e->hole;
            uint64_t m = row_mask(row, e->hole);
            if (m & u)
                break;
            u |= m;
            seat[p] = row;
        }
        if (p == e->players) {
            *used = u;
            return attempt;
        }
    }
    return 0;
}

/* One deal by sequential importance sampling; *weight gets prod over players of the
 * weight of the rows that fit the rows before (relative to the player's whole range).
 * A deal that reaches a player with no row left is dropped and drawn again. */
static uint64_t deal_importance(const eq_mc_t *e, eq_rng_t *rng, const uint8_t **seat, uint64_t *used,
                                double *weight, uint64_t max_attempts)
{
    for (uint64_t attempt = 1; attempt <= max_attempts; attempt++) {
        uint64_t u = e->masks_fixed;
        double w = 1.0;
        size_t p = 0;
        for (; p < e->players; p++) {
            size_t n = e->counts[p];
            const uint8_t *rows = e->rows[p];
            double total = 0.0;
            for (size_t c = 0; c < n; c++)
                if (!(row_mask(rows + c * e->hole, e->hole) & u))
                    total += e->cumw[p] ? weight_at(e->cumw[p], c) : 1.0;
            if (!(total > 0.0))
                break;
            double point = pe_rng_unit(rng) * total;
            size_t pick = n;
            for (size_t c = 0; c < n; c++) {
                if (row_mask(rows + c * e->hole, e->hole) & u)
                    continue;
                double wc = e->cumw[p] ? weight_at(e->cumw[p], c) : 1.0;
                if (wc <= 0.0)
                    continue;
                pick = c;
                if (point < wc)
                    break;
                point -= wc;
            }
            const uint8_t *row = rows + pick * e->hole;
            u |= row_mask(row, e->hole);
            seat[p] = row;
            w *= total / (e->cumw[p] ? e->cumw[p][n - 1] : (double)n);
        }
        if (p == e->players) {
            *used = u;
            *weight = w;
            return attempt;
        }
    }
    return 0;
}

/* One random runout and showdown.  deck holds the live cards (not board or dead) in
 * any order and stays a permutation of them (a partial Fisher-Yates shuffle); cards in
 * `held` (this deal's hole cards) are drawn again, which leaves the draw uniform over
 * the rest.  Hold'em runs of weight 1 are counted in integers (iacc), the rest in
 * doubles (acc). */
static void sample_runout(const eq_mc_t *e, const uint8_t *const *seat, const pe_hand_t *hole_hand,
                          uint8_t *deck, size_t ndeck, uint64_t held, eq_rng_t *rng, eq_bits_t *bits, double w,
                          const uint8_t *cat, uint64_t *iacc, double *acc)
{
    uint8_t board[5];
    pe_hand_t board_hand = e->board_hand;
    memcpy(board, e->board, e->nboard);
    for (size_t d = e->nboard, j = 0; d < 5; d++, j++) {
        size_t r;
        do
            r = j + draw_below(rng, bits, (uint32_t)(ndeck - j));
        while (held >> deck[r] & 1u);
        uint8_t card = deck[r];
        deck[r] = deck[j];
        deck[j] = card;
        board[d] = card;
        board_hand = pe_hand_add(board_hand, card);
    }
    uint16_t hi[EQ_MAX_PLAYERS];
    size_t n = e->players;
    if (e->game == PE_GAME_HOLDEM) {
        for (size_t i = 0; i < n; i++) {
            pe_hand_t h = hole_hand ? pe_hand_join(board_hand, hole_hand[i])
                                    : pe_hand_add(pe_hand_add(board_hand, seat[i][0]), seat[i][1]);
            hi[i] = pe_lookup_holdem(h);
        }
        if (iacc)
            tally(hi, n, cat, 1, iacc);
        else
            tally_real(hi, n, cat, w, acc);
    } else {
        uint8_t holes[EQ_MAX_PLAYERS * EQ_MAX_HOLE];
        for (size_t i = 0; i < n; i++)
            memcpy(holes + i * e->hole, seat[i], e->hole);
        uint32_t got[EQ_MAX_PLAYERS];
        omaha_showdown(e->game, holes, n, e->hole, board, hi, got);
        tally_units(hi, got, n, cat, w, NULL, acc);
    }
}

/* Hold'em hands (one deal), runs of weight 1: boards are dealt a batch at a time, then
 * each player's values for the whole batch, then the tallies, so the table lookups of
 * different boards overlap instead of waiting on each other.  A board is dealt as
 * uniform pairs of live cards (summed once per call in `pairs`) and at most one single
 * card, the whole board drawn again if two parts share a card: each board of distinct
 * cards comes from equally many draws, so boards stay uniform, with three draws for
 * five cards instead of five, and no state carried from one board to the next but the
 * generator. */
#define EQ_BATCH 256
typedef struct {
    pe_hand_t hand;
    uint64_t mask;
} eq_part_t;

static void sample_hands_holdem(const eq_mc_t *e, const pe_hand_t *hole_hand, const uint8_t *deck, size_t ndeck,
                                uint64_t count, eq_rng_t *rng, eq_bits_t *bits, const uint8_t *cat, uint64_t *iacc)
{
    eq_part_t pairs[1326], singles[52];
    size_t npairs = 0;
    for (size_t i = 0; i < ndeck; i++) {
        singles[i].hand = pe_hand_add(pe_hand_empty(), deck[i]);
        singles[i].mask = 1ull << deck[i];
        for (size_t j = i + 1; j < ndeck; j++) {
            pairs[npairs].hand = pe_hand_add(singles[i].hand, deck[j]);
            pairs[npairs].mask = singles[i].mask | 1ull << deck[j];
            npairs++;
        }
    }
    pe_hand_t boards[EQ_BATCH];
    uint16_t values[EQ_BATCH * EQ_MAX_PLAYERS];
    size_t n = e->players, deal = 5 - e->nboard;
    size_t npair_parts = deal / 2, single = deal & 1u;
    while (count) {
        size_t batch = count < EQ_BATCH ? (size_t)count : EQ_BATCH;
        for (size_t i = 0; i < batch; i++) {
            uint64_t taken;
            pe_hand_t h;
            do {
                taken = 0;
                h = e->board_hand;
                uint64_t clash = 0;
                for (size_t d = 0; d < npair_parts; d++) {
                    const eq_part_t *part = &pairs[draw_below(rng, bits, (uint32_t)npairs)];
                    clash |= taken & part->mask;
                    taken |= part->mask;
                    h = pe_hand_join(h, part->hand);
                }
                if (single) {
                    const eq_part_t *part = &singles[draw_below(rng, bits, (uint32_t)ndeck)];
                    clash |= taken & part->mask;
                    h = pe_hand_join(h, part->hand);
                }
                taken = clash;
            } while (taken);
            boards[i] = h;
        }
        for (size_t p = 0; p < n; p++)
            for (size_t i = 0; i < batch; i++)
                values[i * n + p] = pe_lookup_holdem(pe_hand_join(boards[i], hole_hand[p]));
        for (size_t i = 0; i < batch; i++)
            tally(values + i * n, n, cat, 1, iacc);
        count -= batch;
    }
}

int pe_equity_sample(int game, size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts,
                     const double *cumw, int importance, const uint8_t *board, size_t nboard, const uint8_t *dead,
                     size_t ndead, uint64_t seed, uint64_t first, uint64_t samples, uint64_t max_attempts,
                     double *out)
{
    int rc = check_game(game, players, hole, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    if (rows == NULL || out == NULL || (nboard && board == NULL) || (ndead && dead == NULL) ||
        first % PE_EQ_BLOCK != 0 || max_attempts == 0)
        return PE_ERR_ARG;
    eq_mc_t e;
    e.game = game;
    e.players = players;
    e.hole = hole;
    e.nboard = nboard;
    uint64_t fixed = 0;
    rc = check_ids(board, nboard, &fixed);
    if (rc == PE_OK)
        rc = check_ids(dead, ndead, &fixed);
    if (rc != PE_OK)
        return rc;
    e.masks_fixed = fixed;
    e.board_hand = pe_hand_empty();
    for (size_t i = 0; i < nboard; i++) {
        e.board[i] = board[i];
        e.board_hand = pe_hand_add(e.board_hand, board[i]);
    }
    int single = 1; /* one row each: the deal never changes */
    const uint8_t *row = rows;
    const double *w = cumw;
    uint64_t held_all = fixed;
    for (size_t p = 0; p < players; p++) {
        size_t n = counts ? counts[p] : 1u;
        if (n == 0)
            return PE_ERR_COUNT;
        e.rows[p] = row;
        e.cumw[p] = w;
        e.counts[p] = n;
        for (size_t c = 0; c < n; c++) {
            uint64_t seen = 0;
            rc = check_ids(row + c * hole, hole, &seen);
            if (rc != PE_OK)
                return rc;
        }
        if (n == 1) {
            uint64_t m = row_mask(row, hole);
            if (m & held_all)
                return PE_ERR_DUPLICATE;
            held_all |= m;
        }
        single &= n == 1;
        row += n * hole;
        if (w)
            w += n;
    }
    uint8_t cat[7463];
    categories_of_values(cat);
    const uint8_t *seat[EQ_MAX_PLAYERS];
    for (size_t p = 0; p < players; p++)
        seat[p] = e.rows[p];
    /* The deck lacks the board and dead cards, and with one deal its hole cards too;
     * otherwise each run's hole cards are drawn again in sample_runout. */
    uint64_t out_of_deck = single ? held_all : fixed;
    uint8_t deck[52];
    size_t ndeck = 0;
    double *acc = out;
    size_t stride = players * EQ_F;
    pe_hand_t hole_hand[EQ_MAX_PLAYERS];
    for (size_t p = 0; p < players && game == PE_GAME_HOLDEM; p++)
        hole_hand[p] = pe_hand_add(pe_hand_add(pe_hand_empty(), e.rows[p][0]), e.rows[p][1]);
    /* Runs of weight 1 (all but importance sampling) count in integers, block by block. */
    uint64_t iacc[EQ_MAX_PLAYERS * EQ_F + 1];
    int counted = game == PE_GAME_HOLDEM && !importance;
    for (uint64_t start = first; start < first + samples; start += PE_EQ_BLOCK) {
        uint64_t end = start + PE_EQ_BLOCK < first + samples ? start + PE_EQ_BLOCK : first + samples;
        eq_rng_t rng;
        eq_bits_t bits = {0, 0};
        rng_seed(&rng, seed, start / PE_EQ_BLOCK);
        /* Each block starts from the deck in card order, so a block deals the same
         * whichever call or thread plays it. */
        ndeck = 0;
        for (unsigned id = 0; id < 52; id++)
            if (!(out_of_deck >> id & 1u))
                deck[ndeck++] = (uint8_t)id;
        if (counted)
            memset(iacc, 0, (stride + 1) * sizeof iacc[0]);
        uint64_t attempts = 0;
        if (counted && single) {
            sample_hands_holdem(&e, hole_hand, deck, ndeck, end - start, &rng, &bits, cat, iacc);
            attempts = end - start;
        }
        for (uint64_t s = start; s < end && !(counted && single); s++) {
            uint64_t used = held_all;
            double weight = 1.0;
            if (!single) {
                uint64_t tries = importance ? deal_importance(&e, &rng, seat, &used, &weight, max_attempts)
                                            : deal_rejecting(&e, &rng, seat, &used, max_attempts);
                if (tries == 0)
                    return PE_ERR_DUPLICATE;
                attempts += tries;
            } else {
                attempts++;
            }
            sample_runout(&e, seat, single ? hole_hand : NULL, deck, ndeck, used & ~out_of_deck, &rng, &bits,
                          weight, cat, counted ? iacc : NULL, acc);
        }
        if (counted)
            for (size_t f = 0; f <= stride; f++)
                acc[f] += (double)iacc[f];
        acc[stride + 1] += (double)(end - start);
        acc[stride + 2] += (double)attempts;
    }
    return PE_OK;
}

/* ---- is there a deal at all? ---- */

typedef struct {
    size_t players, hole;
    const uint8_t *rows[EQ_MAX_PLAYERS];
    size_t counts[EQ_MAX_PLAYERS];
    size_t order[EQ_MAX_PLAYERS]; /* players by fewest rows first */
    int same_as_prev[EQ_MAX_PLAYERS]; /* order[i] has the range of order[i - 1] */
    uint32_t *chosen;
    uint64_t nodes, max_nodes;
    uint64_t memo_mask[4096]; /* failed searches: (depth, first row, used cards) */
    uint32_t memo_tag[4096];
} eq_search_t;

/* Can players order[depth..] each get `hole` distinct cards, each from the cards of
 * some row of theirs that misses `used`?  A bipartite matching of seats (hole per
 * player) to cards (Kuhn's augmenting paths); if it fails, no deal fits.  It is only
 * a necessary condition (a row must also be one of the player's rows): the search
 * below uses it to cut branches. */
static int augment(const uint64_t *reach, size_t seat, uint64_t *visited, int8_t *owner)
{
    uint64_t next = reach[seat] & ~*visited;
    while (next) {
        unsigned card = 0;
        while (!(next >> card & 1u))
            card++;
        next &= next - 1;
        *visited |= 1ull << card;
        if (owner[card] < 0 || augment(reach, (size_t)owner[card], visited, owner)) {
            owner[card] = (int8_t)seat;
            return 1;
        }
    }
    return 0;
}

static int cards_suffice(const eq_search_t *s, size_t depth, uint64_t used)
{
    uint64_t reach[EQ_MAX_PLAYERS * EQ_MAX_HOLE];
    size_t seats = 0;
    for (size_t i = depth; i < s->players; i++) {
        size_t p = s->order[i];
        uint64_t cards = 0;
        for (size_t c = 0; c < s->counts[p]; c++) {
            uint64_t m = row_mask(s->rows[p] + c * s->hole, s->hole);
            if (!(m & used))
                cards |= m;
        }
        if (!cards)
            return 0;
        for (size_t k = 0; k < s->hole; k++)
            reach[seats++] = cards;
    }
    int8_t owner[64];
    memset(owner, -1, sizeof owner);
    for (size_t seat = 0; seat < seats; seat++) {
        uint64_t visited = 0;
        if (!augment(reach, seat, &visited, owner))
            return 0;
    }
    return 1;
}

static int search(eq_search_t *s, size_t depth, size_t first, uint64_t used)
{
    if (depth == s->players)
        return 1;
    if (++s->nodes > s->max_nodes)
        return -1;
    uint64_t h = (used ^ (used >> 29) ^ ((uint64_t)depth << 58) ^ ((uint64_t)first << 40)) * 0x9E3779B97F4A7C15ull;
    size_t slot = (size_t)(h >> 52);
    uint32_t tag = (uint32_t)(depth << 16 | first) + 1u;
    if (s->memo_tag[slot] == tag && s->memo_mask[slot] == used)
        return 0;
    if (!cards_suffice(s, depth, used))
        return 0;
    size_t p = s->order[depth];
    for (size_t c = first; c < s->counts[p]; c++) {
        uint64_t m = row_mask(s->rows[p] + c * s->hole, s->hole);
        if (m & used)
            continue;
        s->chosen[p] = (uint32_t)c;
        /* Players with the same range take rows in increasing order: the other orders
         * are the same deals with seats swapped. */
        size_t next_first = depth + 1 < s->players && s->same_as_prev[depth + 1] ? c + 1 : 0;
        int r = search(s, depth + 1, next_first, used | m);
        if (r != 0)
            return r;
    }
    s->memo_tag[slot] = tag;
    s->memo_mask[slot] = used;
    return 0;
}

int pe_equity_find_deal(size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts, uint64_t used,
                        uint64_t max_nodes, uint32_t *chosen)
{
    if (players < 1 || players > EQ_MAX_PLAYERS || hole < 1 || hole > EQ_MAX_HOLE)
        return PE_ERR_COUNT;
    if (rows == NULL || counts == NULL || chosen == NULL)
        return PE_ERR_ARG;
    eq_search_t *s, search_state;
    s = &search_state;
    memset(s->memo_tag, 0, sizeof s->memo_tag);
    s->players = players;
    s->hole = hole;
    s->chosen = chosen;
    s->nodes = 0;
    s->max_nodes = max_nodes;
    const uint8_t *row = rows;
    for (size_t p = 0; p < players; p++) {
        s->rows[p] = row;
        s->counts[p] = counts[p];
        for (size_t c = 0; c < counts[p] * hole; c++)
            if (row[c] >= 52u)
                return PE_ERR_CARD;
        row += counts[p] * hole;
        s->order[p] = p;
    }
    /* Fewest rows first (insertion sort), equal ranges next to each other. */
    for (size_t i = 1; i < players; i++)
        for (size_t j = i; j > 0; j--) {
            size_t a = s->order[j - 1], b = s->order[j];
            if (s->counts[a] < s->counts[b] || (s->counts[a] == s->counts[b] && s->rows[a] <= s->rows[b]))
                break;
            s->order[j - 1] = b;
            s->order[j] = a;
        }
    s->same_as_prev[0] = 0;
    for (size_t i = 1; i < players; i++) {
        size_t a = s->order[i - 1], b = s->order[i];
        s->same_as_prev[i] =
            s->counts[a] == s->counts[b] && memcmp(s->rows[a], s->rows[b], s->counts[a] * hole) == 0;
    }
    int r = search(s, 0, 0, used);
    return r > 0 ? PE_OK : r == 0 ? PE_ERR_DUPLICATE : 1;
}

/* ---- the whole-call entry points (C callers; Python drives the chunked ones) ---- */

static void fill_results(const uint64_t *acc, size_t players, double *equity, uint64_t *wins, uint64_t *ties,
                         uint64_t *runs)
{
    uint64_t total = acc[players * EQ_F];
    for (size_t p = 0; p < players; p++) {
        equity[p] = (double)acc[p * EQ_F + PE_EQ_SHARE] / ((double)total * EQ_UNIT);
        wins[p] = acc[p * EQ_F + PE_EQ_WINS];
        ties[p] = acc[p * EQ_F + PE_EQ_TIES];
    }
    *runs = total;
}

static int whole(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                 size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed, double *equity,
                 uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    if (holes == NULL || equity == NULL || wins == NULL || ties == NULL || runs == NULL)
        return PE_ERR_ARG;
    int rc = check_game(game, players, hole, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    if (samples == 0) {
        uint64_t acc[EQ_MAX_PLAYERS * EQ_F + 1] = {0};
        rc = pe_equity_exact(game, players, hole, holes, 1, board, nboard, dead, ndead, 0, 0, 1, acc);
        if (rc == PE_OK)
            fill_results(acc, players, equity, wins, ties, runs);
        return rc;
    }
    double acc[EQ_MAX_PLAYERS * EQ_F + 3] = {0};
    rc = pe_equity_sample(game, players, hole, holes, NULL, NULL, 0, board, nboard, dead, ndead, seed, 0, samples,
                          1, acc);
    if (rc != PE_OK)
        return rc;
    for (size_t p = 0; p < players; p++) {
        equity[p] = acc[p * EQ_F + PE_EQ_SHARE] / (acc[players * EQ_F] * EQ_UNIT);
        wins[p] = (uint64_t)acc[p * EQ_F + PE_EQ_WINS];
        ties[p] = (uint64_t)acc[p * EQ_F + PE_EQ_TIES];
    }
    *runs = samples;
    return PE_OK;
}

int pe_equity_holdem(const uint8_t *holes, size_t players, const uint8_t *board, size_t nboard,
                     const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed, double *equity,
                     uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    return whole(PE_GAME_HOLDEM, holes, players, 2, board, nboard, dead, ndead, samples, seed, equity, wins, ties,
                 runs);
}

int pe_equity_omaha(int game, const uint8_t *holes, size_t players, size_t hole, const uint8_t *board,
                    size_t nboard, const uint8_t *dead, size_t ndead, uint64_t samples, uint64_t seed,
                    double *equity, uint64_t *wins, uint64_t *ties, uint64_t *runs)
{
    if (game != PE_GAME_OMAHA && game != PE_GAME_OMAHA_HILO)
        return PE_ERR_GAME;
    return whole(game, holes, players, hole, board, nboard, dead, ndead, samples, seed, equity, wins, ties, runs);
}

/* Ranges, exact: every deal of rows that do not collide, from player p on. */
typedef struct {
    const uint8_t *rows[EQ_MAX_PLAYERS];
    const double *weights[EQ_MAX_PLAYERS];
    size_t counts[EQ_MAX_PLAYERS], players;
    uint8_t deal[EQ_MAX_PLAYERS * 2];
    const uint8_t *board, *dead;
    size_t nboard, ndead;
    double wshare[EQ_MAX_PLAYERS], wtotal;
    uint64_t wins[EQ_MAX_PLAYERS], ties[EQ_MAX_PLAYERS], runs;
} eq_ranges_t;

static void every_deal(eq_ranges_t *e, size_t p, uint64_t used, double weight)
{
    if (p == e->players) {
        uint64_t acc[EQ_MAX_PLAYERS * EQ_F + 1] = {0};
        pe_equity_exact(PE_GAME_HOLDEM, e->players, 2, e->deal, 1, e->board, e->nboard, e->dead, e->ndead, 0, 0, 1,
                        acc);
        uint64_t n = acc[e->players * EQ_F];
        for (size_t i = 0; i < e->players; i++) {
            e->wshare[i] += weight * (double)acc[i * EQ_F + PE_EQ_SHARE];
            e->wins[i] += acc[i * EQ_F + PE_EQ_WINS];
            e->ties[i] += acc[i * EQ_F + PE_EQ_TIES];
        }
        e->wtotal += weight * (double)n * EQ_UNIT;
        e->runs += n;
        return;
    }
    for (size_t c = 0; c < e->counts[p]; c++) {
        const uint8_t *row = e->rows[p] + 2 * c;
        uint64_t m = row_mask(row, 2);
        double w = e->weights[p] ? e->weights[p][c] : 1.0;
        if ((m & used) || !(w > 0.0))
            continue;
        e->deal[2 * p] = row[0];
        e->deal[2 * p + 1] = row[1];
        every_deal(e, p + 1, used | m, weight * w);
    }
}

int pe_equity_ranges_holdem(const uint8_t *combos, const double *weights, const uint32_t *counts,
                            size_t players, const uint8_t *board, size_t nboard, const uint8_t *dead,
                            size_t ndead, uint64_t samples, uint64_t seed, double *equity, uint64_t *wins,
                            uint64_t *ties, uint64_t *runs)
{
    if (combos == NULL || counts == NULL || equity == NULL || wins == NULL || ties == NULL || runs == NULL)
        return PE_ERR_ARG;
    int rc = check_game(PE_GAME_HOLDEM, players, 2, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    uint64_t fixed = 0;
    if ((nboard && board == NULL) || (ndead && dead == NULL))
        return PE_ERR_ARG;
    rc = check_ids(board, nboard, &fixed);
    if (rc == PE_OK)
        rc = check_ids(dead, ndead, &fixed);
    if (rc != PE_OK)
        return rc;
    eq_ranges_t e;
    memset(&e, 0, sizeof e);
    e.players = players;
    e.board = board;
    e.nboard = nboard;
    e.dead = dead;
    e.ndead = ndead;
    size_t total = 0;
    for (size_t p = 0; p < players; p++) {
        if (counts[p] == 0)
            return PE_ERR_COUNT;
        e.rows[p] = combos + 2 * total;
        e.weights[p] = weights ? weights + total : NULL;
        e.counts[p] = counts[p];
        for (size_t c = 0; c < counts[p]; c++) {
            uint64_t seen = 0;
            rc = check_ids(e.rows[p] + 2 * c, 2, &seen);
            if (rc != PE_OK)
                return rc;
            if (weights) {
                double w = weights[total + c];
                /* NaN fails both tests; so does infinity the second. */
                if (!(w >= 0.0) || !(w <= 1e300))
                    return PE_ERR_ARG;
            }
        }
        total += counts[p];
    }
    uint32_t chosen[EQ_MAX_PLAYERS];
    if (pe_equity_find_deal(players, 2, combos, counts, fixed, 1u << 22, chosen) == PE_ERR_DUPLICATE)
        return PE_ERR_DUPLICATE;
    if (samples == 0) {
        every_deal(&e, 0, fixed, 1.0);
        if (e.runs == 0 || !(e.wtotal > 0.0))
            return PE_ERR_DUPLICATE; /* every deal collides or weighs 0 */
        for (size_t p = 0; p < players; p++) {
            equity[p] = e.wshare[p] / e.wtotal;
            wins[p] = e.wins[p];
            ties[p] = e.ties[p];
        }
        *runs = e.runs;
        return PE_OK;
    }
    /* Monte Carlo by rejection, with cumulative weights built on the stack per player. */
    double cumw[1326 * EQ_MAX_PLAYERS];
    if (weights && total > sizeof cumw / sizeof cumw[0])
        return PE_ERR_COUNT;
    if (weights) {
        size_t at = 0;
        for (size_t p = 0; p < players; p++) {
            double sum = 0.0;
            for (size_t c = 0; c < counts[p]; c++, at++)
                cumw[at] = sum += weights[at];
        }
    }
    double acc[EQ_MAX_PLAYERS * EQ_F + 3] = {0};
    rc = pe_equity_sample(PE_GAME_HOLDEM, players, 2, combos, counts, weights ? cumw : NULL, 0, board, nboard, dead,
                          ndead, seed, 0, samples, 1u << 24, acc);
    if (rc != PE_OK)
        return rc;
    for (size_t p = 0; p < players; p++) {
        equity[p] = acc[p * EQ_F + PE_EQ_SHARE] / (acc[players * EQ_F] * EQ_UNIT);
        wins[p] = (uint64_t)acc[p * EQ_F + PE_EQ_WINS];
        ties[p] = (uint64_t)acc[p * EQ_F + PE_EQ_TIES];
    }
    *runs = samples;
    return PE_OK;
}
