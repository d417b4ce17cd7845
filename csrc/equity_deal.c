/* equity_deal.c - is there a deal at all (pe_equity_find_deal): one row per player, no card
 * twice, found or refuted by a search that a bipartite matching cuts at every step. */
#include "equity_internal.h"

#include <string.h>

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
