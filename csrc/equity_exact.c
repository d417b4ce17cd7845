/* equity_exact.c - exact equity of deals (pe_equity_exact): every runout one by one (Omaha,
 * and the plain hold'em path kept to check the other), or hold'em boards by their ranks and
 * then the flushes put right (the "iso" path); equity.c's top comment says how. */
#include "equity_internal.h"

#include <string.h>

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
            hi[i] = pe_hand_value_n(pe_hand_join(board_hand, t->hole_hand[i]), 7);
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
    unsigned flushed;                      /* correcting: the players who make the flush */
    uint16_t flush_value[EQ_MAX_PLAYERS];  /* and its value (for those players) */
    uint64_t mult; /* suits like `suit` (its class size) */
    const uint8_t *cat;
    uint64_t *acc;
} eq_iso_t;

/* A board whose ranks sum to `key`, `weight` boards alike; n is t->players, a constant
 * where iso_board calls it, so that the heads-up loops unroll. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void iso_board_of(eq_iso_t *t, uint32_t key, uint64_t weight, size_t n)
{
    uint16_t ranks_only[EQ_MAX_PLAYERS], truth[EQ_MAX_PLAYERS];
    for (size_t p = 0; p < n; p++)
        ranks_only[p] = pe_rank7_value_holdem(t->hole_key[p] + key);
    if (!t->flushes) {
        tally_hist(ranks_only, n, t->cat, weight, t->acc);
        return;
    }
    /* A flush beats every rank-only hand seven cards can hold with it (a full house
     * or quads next to five cards of one suit needs eight cards or more). */
    for (size_t p = 0; p < n; p++)
        truth[p] = t->flushed >> p & 1u ? t->flush_value[p] : ranks_only[p];
    tally_hist(truth, n, t->cat, weight, t->acc);
    tally_hist(ranks_only, n, t->cat, 0u - weight, t->acc);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((always_inline))
#endif
static inline void iso_board(eq_iso_t *t, uint32_t key, uint64_t weight)
{
    if (t->players == 2)
        iso_board_of(t, key, weight, 2);
    else
        iso_board_of(t, key, weight, t->players);
}

/* Every multiset of `left` more ranks from rank r up, within t->count. */
static void iso_ranks(eq_iso_t *t, unsigned r, unsigned left, uint32_t key, uint64_t weight)
{
    if (left == 0) {
        iso_board(t, key, weight);
        return;
    }
    if (left == 1) { /* the last card's rank: the boards themselves, without a call each */
        for (; r < 13; r++)
            if (t->count[r])
                iso_board(t, key + pe_rank_keys[r], weight * t->count[r]);
        return;
    }
    for (; r < 13; r++) {
        unsigned most = t->count[r] < left ? t->count[r] : left;
        uint32_t k = key;
        for (unsigned m = 1; m <= most; m++) {
            k += pe_rank_keys[r];
            iso_ranks(t, r + 1, left - m, k, weight * choose4[t->count[r]][m]);
        }
    }
}

/* Every set of `need` more cards of t->suit from rank r up, then `rest` other cards. */
static void iso_suited(eq_iso_t *t, unsigned r, unsigned need, unsigned rest, uint32_t key, uint16_t ranks)
{
    if (need == 0) {
        /* Who makes the flush, and with what, is known once the suit's cards are: where no
         * one does, the ranks-only pass counted every board of the rest right. */
        unsigned flushed = 0;
        for (size_t p = 0; p < t->players; p++) {
            uint32_t suited = (uint32_t)t->hole_suit[p][t->suit] | ranks;
            flushed |= (unsigned)(popcount16(suited) >= 5u) << p;
            t->flush_value[p] = pe_flush_holdem[suited];
        }
        if (!flushed)
            return;
        t->flushed = flushed;
        iso_ranks(t, 0, rest, key, t->mult);
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
    uint64_t fold[EQ_CACHE]; /* a mix of each key's bytes, compared before the key */
    uint8_t key[EQ_CACHE][EQ_KEY];
    uint64_t value[EQ_CACHE][EQ_MAX_PLAYERS * EQ_F + 1];
} eq_cache_t;

static uint64_t fold_key(const uint8_t *key)
{
    uint64_t h = 0;
    for (size_t i = 0; i < EQ_KEY; i += 8) {
        uint64_t w;
        memcpy(&w, key + i, 8);
        h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    }
    return h;
}

/* The totals kept under key (a zeroed slot to fill when it is new: *fresh = 1). */
static uint64_t *cache_slot(eq_cache_t *c, const uint8_t *key, size_t vlen, int *fresh)
{
    uint64_t fold = fold_key(key);
    for (size_t i = 0; i < c->filled; i++)
        if (c->fold[i] == fold && memcmp(c->key[i], key, EQ_KEY) == 0) {
            *fresh = 0;
            return c->value[i];
        }
    size_t i = c->next;
    c->next = (c->next + 1) % EQ_CACHE;
    c->filled += c->filled < EQ_CACHE;
    c->fold[i] = fold;
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

/* hist_expand with the heads-up loops unrolled (n a constant there). */
static void expand(const uint64_t *hist, size_t n, uint64_t *acc)
{
    if (n == 2)
        hist_expand(hist, 2, acc);
    else
        hist_expand(hist, n, acc);
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
        iso_ranks(&t, 0, deal, board_key, 1);
        expand(hist, players, kept);
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
            expand(hist, players, kept);
        }
        add_times(acc, kept, vlen, mult[s]);
    }
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
    uint64_t fixed, dead_mask;
    rc = check_fixed(board, nboard, dead, ndead, &fixed, &dead_mask);
    if (rc != PE_OK)
        return rc;
    const uint8_t *cat = pe_category_holdem;
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
