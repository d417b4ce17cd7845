/* equity_ranges.c - exact equity of ranges in one call (pe_equity_exact_ranges), for the
 * small spots a player asks about at a table (a hand against a range on the flop or turn, a
 * few hands preflop): the deals of the ranges listed, merged up to a renaming of suits and
 * played by pe_equity_exact, with no array passed back and forth; on the turn and the
 * river each row's value with each card to come is looked up once and the deals are
 * played from those values as they are listed.  Larger work goes through
 * pokereval/equity/exact.py, which cuts it into chunks for threads and progress. */
#include "equity_internal.h"

#include <stdlib.h>
#include <string.h>

#define WIDTH_MAX (EQ_MAX_PLAYERS * EQ_MAX_HOLE)

typedef struct {
    const uint8_t *rows[EQ_MAX_PLAYERS]; /* each player's rows that can still be dealt */
    uint64_t *masks[EQ_MAX_PLAYERS];
    double *weights[EQ_MAX_PLAYERS];
    uint32_t count[EQ_MAX_PLAYERS];
    size_t first[EQ_MAX_PLAYERS]; /* index of each player's first row among all kept rows */
    size_t players, hole, width, max_deals, ndeals;
    uint8_t *deals;       /* ndeals rows of width ids */
    double *deal_weights; /* the product of the rows' weights */
    uint8_t row[WIDTH_MAX];
    struct last_cards *last; /* not NULL: each deal is played here, not listed */
    uint32_t at[EQ_MAX_PLAYERS]; /* the deal's row of each player, as an index into `last` */
} lister_t;

static void play_last(struct last_cards *t, const uint32_t *at, size_t players, double weight);

/* Every deal of one row per player from player p on, none sharing a card with `used`:
 * counted (deals NULL; 1 once past max_deals) or listed. */
static int list_from(lister_t *l, size_t p, uint64_t used, double weight)
{
    if (p == l->players) {
        if (l->ndeals == l->max_deals)
            return 1;
        if (l->last)
            play_last(l->last, l->at, l->players, weight);
        else if (l->deals) {
            memcpy(l->deals + l->ndeals * l->width, l->row, l->width);
            l->deal_weights[l->ndeals] = weight;
        }
        l->ndeals++;
        return PE_OK;
    }
    for (uint32_t r = 0; r < l->count[p]; r++) {
        if (l->masks[p][r] & used)
            continue;
        memcpy(l->row + p * l->hole, l->rows[p] + (size_t)r * l->hole, l->hole);
        l->at[p] = (uint32_t)(l->first[p] + r);
        int rc = list_from(l, p + 1, used | l->masks[p][r], weight * l->weights[p][r]);
        if (rc != PE_OK)
            return rc;
    }
    return PE_OK;
}

/* Hold'em on the turn or the river: each row's value with every card left to come (or
 * with the board alone on the river) is looked up once, so a deal costs a few loads and
 * a tally a runout; no suit renaming, the deals are played as listed.  The showdowns go
 * into histograms (equity_internal.h), the real one weighing each with its deal. */
struct last_cards {
    size_t runouts;      /* cards that can come (1 on the river: none comes) */
    uint8_t deck[52];    /* those cards, on the turn */
    const uint16_t *value; /* value[row * runouts + k]: the row's hand with runout k */
    const uint8_t *cat;
    uint64_t *hist;
    double *whist;
    int weighted; /* some row weighs other than 1: else whist is left alone, weighted = plain */
};

static void play_last(struct last_cards *t, const uint32_t *at, size_t players, double weight)
{
    /* A runout whose card a row holds has value 0 in that row: skipped. */
    size_t runouts = t->runouts;
    const uint8_t *cat = t->cat;
    uint64_t *hist = t->hist;
    if (players == 2) {
        /* Heads-up, a hand against a range: the common spot, laid out straight. */
        const uint16_t *a = t->value + (size_t)at[0] * runouts, *b = t->value + (size_t)at[1] * runouts;
        for (size_t k = 0; k < runouts; k++) {
            unsigned va = a[k], vb = b[k];
            if (va == 0 || vb == 0)
                continue;
            unsigned best = va > vb ? va : vb, count = va == vb ? 2u : 1u;
            size_t bin_a = hist_bin(0, cat, va, best, count), bin_b = hist_bin(1, cat, vb, best, count);
            hist[bin_a] += 1;
            hist[bin_b] += 1;
            if (t->weighted) {
                t->whist[bin_a] += weight;
                t->whist[bin_b] += weight;
            }
        }
        return;
    }
    uint16_t v[EQ_MAX_PLAYERS];
    for (size_t k = 0; k < runouts; k++) {
        unsigned held = 0;
        for (size_t p = 0; p < players; p++) {
            v[p] = t->value[(size_t)at[p] * runouts + k];
            held |= v[p] == 0;
        }
        if (held)
            continue;
        unsigned count;
        uint16_t best = pe_best_value(v, players, &count);
        for (size_t p = 0; p < players; p++) {
            size_t bin = hist_bin(p, cat, v[p], best, count);
            hist[bin] += 1;
            if (t->weighted)
                t->whist[bin] += weight;
        }
    }
}

/* Every row's value with every runout (0 where the runout's card is in the row). */
static void last_values(struct last_cards *t, uint16_t *value, const uint8_t *rows, const uint64_t *masks,
                        size_t nrows, const uint8_t *board, size_t nboard, uint64_t fixed)
{
    pe_hand_t board_hand = pe_hand_empty();
    for (size_t i = 0; i < nboard; i++)
        board_hand = pe_hand_add(board_hand, board[i]);
    t->runouts = 1;
    if (nboard == 4) {
        t->runouts = 0;
        for (unsigned id = 0; id < 52; id++)
            if (!(fixed >> id & 1u))
                t->deck[t->runouts++] = (uint8_t)id;
    }
    for (size_t r = 0; r < nrows; r++) {
        pe_hand_t h = pe_hand_add(pe_hand_add(board_hand, rows[2 * r]), rows[2 * r + 1]);
        uint16_t *out = value + r * t->runouts;
        if (nboard == 5) {
            out[0] = pe_hand_value(h);
            continue;
        }
        for (size_t k = 0; k < t->runouts; k++)
            out[k] = masks[r] >> t->deck[k] & 1u ? 0u : pe_hand_value(pe_hand_add(h, t->deck[k]));
    }
    t->value = value;
}

/* Hold'em deals ordered by their ranks, card by card, then by their suits: the order
 * pokereval/equity/work.py's merge sorts in, which keeps deals with the same ranks
 * together so that pe_equity_exact shares their work.  Keys have one fixed width (unused
 * bytes 0), so the comparison needs no state. */
#define KEY_WIDTH (2 * EQ_MAX_PLAYERS * 2)

typedef struct {
    uint8_t key[KEY_WIDTH];
    uint32_t deal;
} keyed_t;

static int by_key(const void *a, const void *b)
{
    const keyed_t *x = a, *y = b;
    return memcmp(x->key, y->key, KEY_WIDTH);
}

/* Classes played a block at a time, so memory stays small whatever the deals. */
#define BLOCK 64

int pe_equity_exact_ranges(int game, size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts,
                           const double *weights, const uint8_t *board, size_t nboard, const uint8_t *dead,
                           size_t ndead, size_t max_deals, uint64_t *plain, double *weighted, size_t *bad)
{
    int rc = check_game(game, players, hole, nboard, ndead);
    if (rc != PE_OK)
        return rc;
    if (rows == NULL || counts == NULL || plain == NULL || weighted == NULL || (nboard && board == NULL) ||
        (ndead && dead == NULL))
        return PE_ERR_ARG;
    uint64_t fixed;
    rc = check_fixed(board, nboard, dead, ndead, &fixed, NULL);
    if (rc != PE_OK)
        return rc;
    size_t total = 0;
    for (size_t p = 0; p < players; p++)
        total += counts[p];
    for (size_t i = 0; weights && i < total; i++)
        if (!(weights[i] >= 0.0) || !(weights[i] <= 1e300)) /* NaN fails both; infinity the second */
            return PE_ERR_ARG;
    size_t width = players * hole, stride = players * EQ_F + 1;

    lister_t l;
    memset(&l, 0, sizeof l);
    l.players = players;
    l.hole = hole;
    l.width = width;
    l.max_deals = max_deals;
    uint64_t *masks = malloc((total ? total : 1) * sizeof *masks);
    double *row_weights = malloc((total ? total : 1) * sizeof *row_weights);
    uint8_t *kept = malloc((total ? total : 1) * hole);
    uint8_t *canon = NULL;
    keyed_t *keyed = NULL;
    uint64_t *acc = NULL, *mult = NULL, *hist = NULL;
    double *wsum = NULL, *whist = NULL;
    uint16_t *value = NULL;
    if (!masks || !row_weights || !kept) {
        rc = PE_ERR_ARG;
        goto out;
    }
    /* Each player's rows that hold no board or dead card and weigh more than 0, their
     * weights divided by the largest (so products of small weights stay far from 0). */
    size_t at = 0, taken = 0;
    for (size_t p = 0; p < players; p++) {
        size_t first = taken;
        double top = 0.0;
        for (uint32_t r = 0; r < counts[p]; r++, at++) {
            const uint8_t *row = rows + at * hole;
            uint64_t seen = 0;
            rc = check_ids(row, hole, &seen);
            if (rc != PE_OK)
                goto out;
            double w = weights ? weights[at] : 1.0;
            if ((seen & fixed) || !(w > 0.0))
                continue;
            memcpy(kept + taken * hole, row, hole);
            masks[taken] = seen;
            row_weights[taken++] = w;
            if (w > top)
                top = w;
        }
        if (taken == first) {
            if (bad)
                *bad = p;
            rc = PE_ERR_DUPLICATE;
            goto out;
        }
        for (size_t r = first; r < taken; r++)
            row_weights[r] /= top;
        l.first[p] = first;
        l.rows[p] = kept + first * hole;
        l.masks[p] = masks + first;
        l.weights[p] = row_weights + first;
        l.count[p] = (uint32_t)(taken - first);
    }
    /* Counted first, then listed into memory of the right size. */
    rc = list_from(&l, 0, fixed, 1.0);
    if (rc != PE_OK)
        goto out;
    if (l.ndeals == 0) {
        if (bad)
            *bad = players;
        rc = PE_ERR_DUPLICATE;
        goto out;
    }
    memset(plain, 0, stride * sizeof *plain);
    memset(weighted, 0, stride * sizeof *weighted);
    if (game == PE_GAME_HOLDEM && nboard >= 4) {
        struct last_cards t;
        size_t bins = players * EQ_H, runouts = nboard == 4 ? 52 - nboard - ndead : 1;
        value = malloc(taken * runouts * sizeof *value);
        hist = calloc(bins, sizeof *hist);
        whist = calloc(bins, sizeof *whist);
        if (!value || !hist || !whist) {
            rc = PE_ERR_ARG;
            goto out;
        }
        last_values(&t, value, kept, masks, taken, board, nboard, fixed);
        t.cat = pe_category_holdem;
        t.hist = hist;
        t.whist = whist;
        t.weighted = 0;
        for (size_t r = 0; r < taken; r++)
            t.weighted |= row_weights[r] != 1.0;
        l.last = &t;
        l.ndeals = 0;
        list_from(&l, 0, fixed, 1.0);
        hist_expand_both(hist, t.weighted ? whist : NULL, players, plain, weighted);
        if (!t.weighted)
            for (size_t j = 0; j < stride; j++)
                weighted[j] = (double)plain[j];
        goto out;
    }
    size_t ndeals = l.ndeals;
    l.deals = malloc(ndeals * width);
    l.deal_weights = malloc(ndeals * sizeof *l.deal_weights);
    mult = malloc(ndeals * sizeof *mult);
    wsum = malloc(ndeals * sizeof *wsum);
    acc = malloc(BLOCK * stride * sizeof *acc);
    if (!l.deals || !l.deal_weights || !mult || !wsum || !acc) {
        rc = PE_ERR_ARG;
        goto out;
    }
    l.ndeals = 0;
    list_from(&l, 0, fixed, 1.0);

    /* Hold'em before the river: deals alike up to a renaming of suits play once. */
    int iso = game == PE_GAME_HOLDEM && nboard < 5;
    size_t nclasses = ndeals;
    if (iso && ndeals > 1) {
        canon = malloc(ndeals * width);
        keyed = malloc(ndeals * sizeof *keyed);
        if (!canon || !keyed) {
            rc = PE_ERR_ARG;
            goto out;
        }
        rc = pe_iso_canonical_deals(l.deals, ndeals, players, board, nboard, dead, ndead, canon);
        if (rc != PE_OK)
            goto out;
        for (size_t d = 0; d < ndeals; d++) {
            const uint8_t *row = canon + d * width;
            memset(keyed[d].key, 0, KEY_WIDTH);
            for (size_t k = 0; k < width; k++) {
                keyed[d].key[k] = row[k] >> 2;
                keyed[d].key[width + k] = row[k] & 3u;
            }
            keyed[d].deal = (uint32_t)d;
        }
        qsort(keyed, ndeals, sizeof *keyed, by_key);
        /* The distinct rows, written over the listed deals (no longer needed). */
        nclasses = 0;
        for (size_t d = 0; d < ndeals; d++) {
            if (d == 0 || memcmp(keyed[d].key, keyed[d - 1].key, KEY_WIDTH) != 0) {
                memcpy(l.deals + nclasses * width, canon + (size_t)keyed[d].deal * width, width);
                mult[nclasses] = 0;
                wsum[nclasses++] = 0.0;
            }
            mult[nclasses - 1]++;
            wsum[nclasses - 1] += l.deal_weights[keyed[d].deal];
        }
    } else {
        for (size_t d = 0; d < ndeals; d++) {
            mult[d] = 1;
            wsum[d] = l.deal_weights[d];
        }
    }
    int plain_play = !iso;
    for (size_t c0 = 0; c0 < nclasses; c0 += BLOCK) {
        size_t n = nclasses - c0 < BLOCK ? nclasses - c0 : BLOCK;
        memset(acc, 0, n * stride * sizeof *acc);
        rc = pe_equity_exact(game, players, hole, l.deals + c0 * width, n, board, nboard, dead, ndead, plain_play, 0,
                             1, acc);
        if (rc != PE_OK)
            goto out;
        for (size_t c = 0; c < n; c++) {
            const uint64_t *row = acc + c * stride;
            for (size_t j = 0; j < stride; j++) {
                plain[j] += mult[c0 + c] * row[j];
                weighted[j] += wsum[c0 + c] * (double)row[j];
            }
        }
    }
out:
    /* Weights whose products ran into the bottom of the doubles (pe_codes.h). */
    if (rc == PE_OK && !(weighted[stride - 1] >= (double)plain[stride - 1] * pe_weight_floor()))
        rc = PE_ERR_ARG;
    free(masks);
    free(row_weights);
    free(kept);
    free(l.deals);
    free(l.deal_weights);
    free(canon);
    free(keyed);
    free(mult);
    free(wsum);
    free(acc);
    free(hist);
    free(whist);
    free(value);
    return rc;
}
