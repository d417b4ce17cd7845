/* showdown.c - settle one hand in one call: the uncalled bet, main and side pots, split
 * pots, odd chips and the halves of hi-lo.
 *
 * The rules are written out in pokereval/showdown.py (settle), which also holds the same
 * algorithm in Python for the inputs this fast path leaves to it; both are checked against
 * tests/settle_reference.py, a slow settlement written from the rules.  In short: the top
 * contributor's chips above the second-highest contribution go back to it; a pot forms at
 * each level a contender (a seat not folded, with chips in) reached, holding what every
 * seat put in between the level below and that one, and the contenders who reached it are
 * eligible; chips above the top contender's level join the top pot.  Each pot is shared
 * among its best eligible hands, odd chips one at a time in odd-chip order.
 */
#include "pokereval.h"

/* Chips per seat are capped so that no sum over PE_SETTLE_MAX_SEATS seats can overflow
 * int64_t (64 * 2^48 = 2^54); bigger stacks take the Python path, which has big ints. */
#define MAX_CHIPS ((int64_t)1 << 48)


/* Share `amount` evenly among the `count` seats of `winners`; the odd chips go one each to
 * the winners that come first in odd-chip order (place[seat] = position in that order). */
static void split(int64_t amount, const uint8_t *winners, size_t count, const uint8_t *place,
                  int64_t *payouts)
{
    int64_t share = amount / (int64_t)count;
    int64_t odd = amount % (int64_t)count;
    uint64_t given = 0; /* bit i: winners[i] has had its odd chip */
    for (size_t i = 0; i < count; i++)
        payouts[winners[i]] += share;
    for (; odd > 0; odd--) {
        size_t first = count;
        for (size_t i = 0; i < count; i++)
            if (!(given >> i & 1u) && (first == count || place[winners[i]] < place[winners[first]]))
                first = i;
        given |= (uint64_t)1 << first;
        payouts[winners[first]]++;
    }
}

/* Sum over seats of min(chips, level). */
static int64_t capped_sum(const int64_t *chips, size_t n, int64_t level)
{
    int64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += chips[i] < level ? chips[i] : level;
    return sum;
}

/* Range and duplicate check of one seat's (or the board's) cards against those seen. */
static int check_cards(int game, const uint8_t *ids, size_t count, uint64_t *seen)
{
    unsigned lowest = pe_game(game)->deck_first;
    for (size_t k = 0; k < count; k++) {
        if (ids[k] >= 52 || ids[k] < lowest)
            return PE_ERR_CARD;
        uint64_t bit = (uint64_t)1 << ids[k];
        if (*seen & bit)
            return PE_ERR_DUPLICATE;
        *seen |= bit;
    }
    return PE_OK;
}

int pe_settle(int game, size_t n, const int64_t *chips_in, const uint8_t *folded,
              const uint8_t *cards, size_t cards_n, const uint8_t *counts, const uint8_t *board,
              size_t board_n, const uint8_t *order, int64_t *payouts, uint16_t *hi, uint16_t *lo,
              size_t *bad)
{
    int64_t chips[PE_SETTLE_MAX_SEATS];
    uint8_t place[PE_SETTLE_MAX_SEATS];
    uint8_t deepest[PE_SETTLE_MAX_SEATS]; /* contenders, most chips first */
    size_t offset[PE_SETTLE_MAX_SEATS];   /* where each seat's cards start in `cards` */
    size_t ignored;
    if (bad == NULL)
        bad = &ignored;
    *bad = 0;
    const pe_game_t *g = pe_game(game);
    if (g == NULL)
        return PE_ERR_GAME;
    if (n == 0 || n > PE_SETTLE_MAX_SEATS || chips_in == NULL || folded == NULL || counts == NULL ||
        payouts == NULL || hi == NULL || lo == NULL || (board_n && board == NULL))
        return PE_ERR_ARG;

    int64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (chips_in[i] < 0 || chips_in[i] > MAX_CHIPS) {
            *bad = i;
            return PE_ERR_ARG;
        }
        chips[i] = chips_in[i];
        total += chips[i];
        place[i] = (uint8_t)i;
        payouts[i] = 0;
        hi[i] = lo[i] = 0;
    }
    if (order != NULL) {
        uint64_t listed = 0;
        for (size_t pos = 0; pos < n; pos++) {
            if (order[pos] >= n || (listed >> order[pos] & 1u)) {
                *bad = pos;
                return PE_ERR_ARG;
            }
            listed |= (uint64_t)1 << order[pos];
            place[order[pos]] = (uint8_t)pos;
        }
    }
    size_t dealt = 0;
    for (size_t i = 0; i < n; i++)
        dealt += counts[i];
    if (dealt != cards_n) {
        *bad = n;
        return PE_ERR_COUNT;
    }
    if (dealt && cards == NULL)
        return PE_ERR_ARG;
    uint64_t seen = 0;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        offset[i] = at;
        int rc = check_cards(game, cards + at, counts[i], &seen);
        if (rc != PE_OK) {
            *bad = i;
            return rc;
        }
        at += counts[i];
    }
    int rc = check_cards(game, board, board_n, &seen);
    if (rc != PE_OK) {
        *bad = n;
        return rc;
    }

    if (total == 0)
        return PE_OK;
    /* The uncalled bet: the top contributor's chips above the second-highest contribution. */
    size_t maker = 0;
    int64_t second = 0;
    for (size_t i = 1; i < n; i++)
        if (chips[i] > chips[maker])
            maker = i;
    for (size_t i = 0; i < n; i++)
        if (i != maker && chips[i] > second)
            second = chips[i];
    int64_t excess = chips[maker] - second;
    payouts[maker] = excess;
    chips[maker] = second;
    total -= excess;

    size_t contenders = 0;
    for (size_t i = 0; i < n; i++) {
        if (chips[i] && !folded[i]) {
            /* Insertion by chips, most first; ties keep seat order. */
            size_t j = contenders++;
            for (; j > 0 && chips[deepest[j - 1]] < chips[i]; j--)
                deepest[j] = deepest[j - 1];
            deepest[j] = (uint8_t)i;
        }
    }
    if (total == 0)
        return PE_OK; /* nothing matched: the maker has had it all back */
    if (contenders == 0)
        return PE_ERR_ARG; /* matched chips and nobody left to win them */
    if (contenders > 1) {
        if (board_n != g->showdown_board) {
            *bad = n;
            return PE_ERR_COUNT;
        }
        uint8_t hand[16];
        for (size_t c = 0; c < contenders; c++) {
            size_t seat = deepest[c];
            size_t own = counts[seat];
            if (own < g->seat_min || own > g->seat_max) {
                *bad = seat;
                return PE_ERR_COUNT;
            }
            for (size_t k = 0; k < own; k++)
                hand[k] = cards[offset[seat] + k];
            for (size_t k = 0; k < board_n; k++)
                hand[own + k] = board[k];
            rc = pe_eval(game, hand, own + board_n, g->showdown_board ? own : 0, &hi[seat], &lo[seat]);
            if (rc != PE_OK) {
                *bad = seat;
                return rc;
            }
        }
    } else if (board_n > g->showdown_board) {
        *bad = n;
        return PE_ERR_COUNT;
    }

    /* Walk the contenders from the deepest in down: the eligible set only grows, so each
     * pot's winners are the running best.  A pot closes where the next contender's level is
     * lower (or at the last); it holds every seat's chips between the level below and its own,
     * and the top pot also what folded seats put in above every contender's level.  The pots
     * come out top first, so their amounts are settled once the walk is done. */
    uint8_t high[PE_SETTLE_MAX_SEATS], low[PE_SETTLE_MAX_SEATS];
    size_t n_high = 0, n_low = 0;
    uint16_t best = 0, low_best = 0;
    struct {
        int64_t level;
        uint8_t n_high, n_low;
        uint8_t high[PE_SETTLE_MAX_SEATS], low[PE_SETTLE_MAX_SEATS];
    } pots[PE_SETTLE_MAX_SEATS];
    size_t n_pots = 0;
    int hilo = g->hilo && contenders > 1;
    for (size_t c = 0; c < contenders; c++) {
        size_t seat = deepest[c];
        if (hi[seat] > best) {
            best = hi[seat];
            n_high = 0;
        }
        if (hi[seat] == best)
            high[n_high++] = (uint8_t)seat;
        if (hilo && lo[seat]) {
            if (lo[seat] > low_best) {
                low_best = lo[seat];
                n_low = 0;
            }
            if (lo[seat] == low_best)
                low[n_low++] = (uint8_t)seat;
        }
        if (c + 1 == contenders || chips[deepest[c + 1]] != chips[seat]) {
            pots[n_pots].level = chips[seat];
            pots[n_pots].n_high = (uint8_t)n_high;
            pots[n_pots].n_low = (uint8_t)n_low;
            for (size_t k = 0; k < n_high; k++)
                pots[n_pots].high[k] = high[k];
            for (size_t k = 0; k < n_low; k++)
                pots[n_pots].low[k] = low[k];
            n_pots++;
        }
    }
    int64_t below = 0; /* every seat's chips up to the level of the pot below, summed */
    for (size_t p = n_pots; p-- > 0;) {
        int64_t capped = p == 0 ? total : capped_sum(chips, n, pots[p].level);
        int64_t amount = capped - below;
        below = capped;
        int64_t low_amount = pots[p].n_low ? amount / 2 : 0; /* the odd chip stays high */
        split(amount - low_amount, pots[p].high, pots[p].n_high, place, payouts);
        if (low_amount)
            split(low_amount, pots[p].low, pots[p].n_low, place, payouts);
    }
    return PE_OK;
}
