/* showdown.c - the end of a hand in one call each: pe_showdown evaluates every seat and names
 * the winners; pe_settle turns what each seat put in into what each seat takes out (the
 * uncalled bet, dead money, main and side pots, split pots, odd chips, the halves of hi-lo),
 * under the rules written in pokereval.h.  Both take the wild rule as an argument (0: none), so
 * there is one check of the deal, one showdown and one settlement with and without wild cards.
 *
 * tests/settle_reference.py settles the same hands from the rules in a different way (one-chip
 * layers) and the tests compare every pot.
 */
#include "internal.h"

static int fault(pe_fault_t *f, int code, int what, size_t seat)
{
    f->what = what;
    f->seat = seat;
    return code;
}

/* The seat whose cards hold `id` first; n when only the board does. */
static size_t first_holder(size_t n, const uint8_t *cards, const uint8_t *counts, uint8_t id)
{
    size_t at = 0;
    for (size_t s = 0; s < n; at += counts[s++])
        for (size_t k = 0; k < counts[s]; k++)
            if (cards[at + k] == id)
                return s;
    return n;
}

/* The wild rule against the game: 0 (none) anywhere, a PE_WILD_* rule in hold'em and stud. */
static int check_wild_rule(int game, int wild)
{
    if (wild == 0)
        return PE_OK;
    if (wild != PE_WILD_JOKER && wild != PE_WILD_BUG && wild != PE_WILD_DEUCES)
        return PE_ERR_ARG;
    const pe_game_t *g = pe_game(game);
    return g != NULL && g->wild ? PE_OK : PE_ERR_WILD;
}

/* Range and duplicate check of every seat's cards, then the board's.  offset[s] receives where
 * seat s's cards start.  On a bad card, fault names the seat (n: the board), the card's position
 * there and, for a duplicate, the seat that holds it first.  The jokers, 52 and 53, are in the
 * deck only where the wild rule plays them; there being two ids, a third joker is a repeat. */
static int check_deal(const pe_game_t *g, int wild, size_t n, const uint8_t *cards, const uint8_t *counts,
                      const uint8_t *board, size_t board_n, size_t *offset, pe_fault_t *f)
{
    unsigned lowest = g->deck_first;
    unsigned above = wild == PE_WILD_JOKER || wild == PE_WILD_BUG ? 54u : 52u;
    uint64_t seen = 0;
    size_t at = 0;
    for (size_t s = 0; s <= n; s++) {
        const uint8_t *ids = s < n ? cards + at : board;
        size_t count = s < n ? counts[s] : board_n;
        if (s < n)
            offset[s] = at;
        for (size_t k = 0; k < count; k++) {
            uint64_t bit = (uint64_t)1 << (ids[k] & 63);
            int code = ids[k] >= above || ids[k] < lowest ? PE_ERR_CARD : (seen & bit) ? PE_ERR_DUPLICATE : PE_OK;
            if (code != PE_OK) {
                f->card = k;
                if (code == PE_ERR_DUPLICATE)
                    f->holder = first_holder(n, cards, counts, ids[k]);
                return fault(f, code, s < n ? PE_FAULT_HOLE : PE_FAULT_BOARD, s);
            }
            seen |= bit;
        }
        if (s < n)
            at += count;
    }
    return PE_OK;
}

/* The board a showdown needs: exactly the game's size. */
static int check_board(const pe_game_t *g, size_t n, size_t board_n, pe_fault_t *f)
{
    if (board_n == g->showdown_board)
        return PE_OK;
    f->fewest = f->most = g->showdown_board;
    return fault(f, PE_ERR_COUNT, PE_FAULT_BOARD, n);
}

/* A seat holds the game's seat_min..seat_max cards of its own at a showdown (else the fault
 * names that span). */
static int seat_count(const pe_game_t *g, size_t seat, size_t count, pe_fault_t *f)
{
    if (count >= g->seat_min && count <= g->seat_max)
        return PE_OK;
    f->fewest = g->seat_min;
    f->most = g->seat_max;
    return fault(f, PE_ERR_COUNT, PE_FAULT_HOLE, seat);
}

/* A board game whose seats may hold several counts (Omaha: 4 to 6) deals every seat the same
 * number of hole cards: a seat whose count differs from the first seat's with cards is at
 * fault (fewest = most = that count, holder that seat).  Seats with no cards (settle: none
 * given) are passed over. */
static int check_same_hole(const pe_game_t *g, size_t n, const uint8_t *counts, pe_fault_t *f)
{
    if (!g->showdown_board || g->seat_min == g->seat_max)
        return PE_OK;
    size_t first = n;
    for (size_t s = 0; s < n; s++) {
        if (!counts[s])
            continue;
        int rc = seat_count(g, s, counts[s], f); /* a count no seat may hold is named as such */
        if (rc != PE_OK)
            return rc;
        if (first == n) {
            first = s;
        } else if (counts[s] != counts[first]) {
            f->fewest = f->most = counts[first];
            f->holder = first;
            return fault(f, PE_ERR_COUNT, PE_FAULT_HOLE, s);
        }
    }
    return PE_OK;
}

/* Evaluate one seat at a showdown (the board already checked for size); with a wild rule its
 * values (five of a kind above the game's top) compare like any others. */
static int eval_seat(int game, int wild, const pe_game_t *g, size_t seat, const uint8_t *own, size_t count,
                     const uint8_t *board, size_t board_n, uint16_t *hi, uint16_t *lo, pe_fault_t *f)
{
    uint8_t hand[16];
    int rc = seat_count(g, seat, count, f);
    if (rc != PE_OK)
        return rc;
    for (size_t k = 0; k < count; k++)
        hand[k] = own[k];
    for (size_t k = 0; k < board_n; k++)
        hand[count + k] = board[k];
    rc = pe_eval(game, wild, hand, count + board_n, board_n ? count : 0, hi, lo);
    return rc == PE_OK ? PE_OK : fault(f, rc, PE_FAULT_HOLE, seat);
}

/* Cards may be NULL only when no seat gives any; the board only when it is empty. */
static int null_cards(size_t n, const uint8_t **cards, const uint8_t *counts, const uint8_t **board, size_t board_n)
{
    static const uint8_t none[1] = {0};
    size_t dealt = 0;
    for (size_t s = 0; s < n; s++)
        dealt += counts[s];
    if ((dealt && *cards == NULL) || (board_n && *board == NULL))
        return 1;
    if (*cards == NULL)
        *cards = none;
    if (*board == NULL)
        *board = none;
    return 0;
}

int pe_showdown(int game, int wild, size_t n, const uint8_t *cards, const uint8_t *counts,
                const uint8_t *board, size_t board_n, pe_showdown_t *out)
{
    size_t offset[PE_SETTLE_MAX_SEATS];
    if (out == NULL)
        return PE_ERR_ARG;
    pe_fault_t *f = &out->fault;
    *f = (pe_fault_t){PE_FAULT_NONE, 0, 0, 0, 0, 0};
    out->winners = out->low_winners = 0;
    const pe_game_t *g = pe_game(game);
    if (g == NULL)
        return PE_ERR_GAME;
    int rc = check_wild_rule(game, wild);
    if (rc != PE_OK)
        return rc;
    if (n == 0 || n > PE_SETTLE_MAX_SEATS)
        return fault(f, PE_ERR_ARG, PE_FAULT_SEATS, n);
    if (counts == NULL || null_cards(n, &cards, counts, &board, board_n))
        return PE_ERR_ARG;
    rc = check_deal(g, wild, n, cards, counts, board, board_n, offset, f);
    if (rc == PE_OK)
        rc = check_board(g, n, board_n, f);
    if (rc == PE_OK)
        rc = check_same_hole(g, n, counts, f);
    if (rc != PE_OK)
        return rc;
    uint16_t best = 0, low_best = 0;
    for (size_t s = 0; s < n; s++) {
        rc = eval_seat(game, wild, g, s, cards + offset[s], counts[s], board, board_n, &out->hi[s], &out->lo[s],
                       f);
        if (rc != PE_OK)
            return rc;
        uint64_t bit = (uint64_t)1 << s;
        if (out->hi[s] > best) {
            best = out->hi[s];
            out->winners = 0;
        }
        if (out->hi[s] == best)
            out->winners |= bit;
        if (out->lo[s] > low_best) {
            low_best = out->lo[s];
            out->low_winners = 0;
        }
        if (out->lo[s] && out->lo[s] == low_best)
            out->low_winners |= bit;
    }
    return PE_OK;
}

/* Share `amount` evenly among the seats of `winners`; the odd chips go one each to the winners
 * that come first in odd-chip order (order[0] first).  Returns the even share; *odd receives the
 * winners given an odd chip. */
static int64_t split(int64_t amount, uint64_t winners, const uint8_t *order, size_t n, int64_t *payouts,
                     uint64_t *odd)
{
    int64_t count = 0;
    for (uint64_t w = winners; w; w &= w - 1)
        count++;
    int64_t share = amount / count;
    int64_t left = amount % count;
    *odd = 0;
    for (size_t s = 0; s < n; s++)
        if (winners >> s & 1u)
            payouts[s] += share;
    for (size_t pos = 0; left > 0; pos++) {
        size_t seat = order ? order[pos] : pos;
        if (winners >> seat & 1u) {
            payouts[seat]++;
            *odd |= (uint64_t)1 << seat;
            left--;
        }
    }
    return share;
}

/* Sum over seats of min(chips, level). */
static int64_t capped_sum(const int64_t *chips, size_t n, int64_t level)
{
    int64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += chips[i] < level ? chips[i] : level;
    return sum;
}

/* Each seat's amount in 0..PE_SETTLE_MAX_CHIPS, summed into *total. */
static int check_chips(const int64_t *chips, size_t n, int what, int64_t *total, pe_fault_t *f)
{
    for (size_t s = 0; s < n; s++) {
        if (chips[s] < 0 || chips[s] > PE_SETTLE_MAX_CHIPS)
            return fault(f, PE_ERR_ARG, what, s);
        *total += chips[s];
    }
    return PE_OK;
}

/* Whether seat s contends (pokereval.h's rules): it did not fold, and it put in chips, live
 * or dead, or it shows a hand where there is dead money for it to win. */
static int contends(size_t s, const int64_t *chips_in, const int64_t *dead, int64_t dead_total, const uint8_t *folded,
                    uint64_t shown)
{
    if (folded[s])
        return 0;
    return chips_in[s] > 0 || (dead != NULL && dead[s] > 0) || (dead_total > 0 && (shown >> s & 1u));
}

int pe_settle(int game, int wild, size_t n, const int64_t *chips_in, const int64_t *dead, const uint8_t *folded,
              const uint8_t *cards, const uint8_t *counts, const uint8_t *board, size_t board_n,
              const uint8_t *order, pe_settlement_t *out)
{
    size_t offset[PE_SETTLE_MAX_SEATS]; /* where each seat's cards start in `cards` */
    uint16_t hi[PE_SETTLE_MAX_SEATS] = {0}, lo[PE_SETTLE_MAX_SEATS] = {0};
    if (out == NULL)
        return PE_ERR_ARG;
    pe_fault_t *f = &out->fault;
    *f = (pe_fault_t){PE_FAULT_NONE, 0, 0, 0, 0, 0};
    out->n_pots = 0;
    out->uncalled_seat = n;
    out->uncalled = 0;
    const pe_game_t *g = pe_game(game);
    if (g == NULL)
        return PE_ERR_GAME;
    int rc = check_wild_rule(game, wild);
    if (rc != PE_OK)
        return rc;
    if (n == 0 || n > PE_SETTLE_MAX_SEATS)
        return fault(f, PE_ERR_ARG, PE_FAULT_SEATS, n);
    if (chips_in == NULL || folded == NULL || counts == NULL || null_cards(n, &cards, counts, &board, board_n))
        return PE_ERR_ARG;

    int64_t total = 0, dead_total = 0;
    rc = check_chips(chips_in, n, PE_FAULT_CHIPS, &total, f);
    if (rc == PE_OK && dead != NULL)
        rc = check_chips(dead, n, PE_FAULT_DEAD, &dead_total, f);
    if (rc != PE_OK)
        return rc;
    if (order != NULL) {
        uint64_t listed = 0;
        for (size_t pos = 0; pos < n; pos++) {
            if (order[pos] >= n || (listed >> order[pos] & 1u))
                return fault(f, PE_ERR_ARG, PE_FAULT_ORDER, pos);
            listed |= (uint64_t)1 << order[pos];
        }
    }
    rc = check_deal(g, wild, n, cards, counts, board, board_n, offset, f);
    if (rc == PE_OK)
        rc = check_same_hole(g, n, counts, f);
    if (rc != PE_OK)
        return rc;

    /* The cards matter only when a pot is left once the uncalled bet went back, and then only
     * those of the contenders, and only when two or more of them show down.  They are
     * evaluated deepest first (ties in seat order), as pe_settle_values walks them. */
    int64_t level[PE_SETTLE_MAX_SEATS];
    uint8_t deepest[PE_SETTLE_MAX_SEATS];
    size_t maker = 0;
    int64_t second = 0;
    for (size_t s = 0; s < n; s++) {
        level[s] = chips_in[s];
        if (chips_in[s] > chips_in[maker])
            maker = s;
    }
    for (size_t s = 0; s < n; s++)
        if (s != maker && chips_in[s] > second)
            second = chips_in[s];
    if (level[maker] > second) {
        total -= level[maker] - second;
        level[maker] = second;
    }
    uint64_t shown = 0; /* the seats still in that show a hand */
    for (size_t s = 0; s < n; s++)
        if (!folded[s] && counts[s] > 0)
            shown |= (uint64_t)1 << s;
    size_t contenders = 0;
    for (size_t s = 0; s < n && total + dead_total > 0; s++) {
        if (!contends(s, chips_in, dead, dead_total, folded, shown))
            continue;
        size_t j = contenders++;
        for (; j > 0 && level[deepest[j - 1]] < level[s]; j--)
            deepest[j] = deepest[j - 1];
        deepest[j] = (uint8_t)s;
    }
    if (contenders > 1) {
        rc = check_board(g, n, board_n, f);
        for (size_t c = 0; c < contenders && rc == PE_OK; c++) {
            size_t s = deepest[c];
            rc = eval_seat(game, wild, g, s, cards + offset[s], counts[s], board, board_n, &hi[s], &lo[s], f);
        }
        if (rc != PE_OK)
            return rc;
    } else if (board_n > g->showdown_board) { /* no showdown, or no pot: the board is still read */
        f->fewest = 0;
        f->most = g->showdown_board;
        return fault(f, PE_ERR_COUNT, PE_FAULT_BOARD, n);
    }
    /* Stud's odd chips go by card (Robert's Rules), unless an order is given: high hands by
     * the highest card, lows by the lowest. */
    uint8_t by_card[PE_SETTLE_MAX_SEATS], low_by_card[PE_SETTLE_MAX_SEATS];
    const uint8_t *low_order = order;
    if (order == NULL && pe_odd_chips_by_card(game)) {
        const uint8_t *held[PE_SETTLE_MAX_SEATS];
        for (size_t s = 0; s < n; s++)
            held[s] = cards + offset[s];
        pe_stud_odd_order(n, held, counts, game == PE_GAME_RAZZ, NULL, by_card);
        order = low_order = by_card;
        if (game == PE_GAME_STUD_HILO) {
            pe_stud_odd_order(n, held, counts, 1, NULL, low_by_card);
            low_order = low_by_card;
        }
    }
    return pe_settle_values(n, chips_in, dead, folded, shown, hi, lo, g->hilo, order, low_order, out);
}

int pe_odd_chips_by_card(int game)
{
    return game == PE_GAME_STUD || game == PE_GAME_STUD_HILO || game == PE_GAME_RAZZ;
}

void pe_stud_odd_order(size_t n, const uint8_t *const *cards, const uint8_t *counts, int low,
                       const uint8_t *base, uint8_t *order)
{
    int key[PE_SETTLE_MAX_SEATS]; /* greater: first for the odd chip */
    for (size_t s = 0; s < n; s++) {
        int best = -1;
        for (size_t k = 0; k < counts[s]; k++) {
            unsigned id = cards[s][k];
            if (id >= 52)
                continue;
            /* ids are 4 * rank + suit, clubs 0 to spades 3; low: aces below the deuces */
            int value = low ? 52 - (int)(((id >> 2) + 1) % 13 * 4 + (id & 3)) : (int)id;
            if (value > best)
                best = value;
        }
        key[s] = best;
    }
    for (size_t pos = 0; pos < n; pos++) { /* insertion, stable: equals keep base's order */
        uint8_t seat = base ? base[pos] : (uint8_t)pos;
        size_t j = pos;
        for (; j > 0 && key[order[j - 1]] < key[seat]; j--)
            order[j] = order[j - 1];
        order[j] = seat;
    }
}

/* The uncalled bet: the top live contributor's chips above the second-highest. */
int64_t pe_uncalled(size_t n, const int64_t *chips, size_t *seat)
{
    size_t maker = 0;
    int64_t second = 0;
    for (size_t s = 1; s < n; s++)
        if (chips[s] > chips[maker])
            maker = s;
    for (size_t s = 0; s < n; s++)
        if (s != maker && chips[s] > second)
            second = chips[s];
    *seat = chips[maker] > second ? maker : n;
    return chips[maker] > second ? chips[maker] - second : 0;
}

int pe_settle_values(size_t n, const int64_t *chips_in, const int64_t *dead, const uint8_t *folded, uint64_t shown,
                     const uint16_t *hi_in, const uint16_t *lo_in, int hilo, const uint8_t *order,
                     const uint8_t *low_order, pe_settlement_t *out)
{
    int64_t chips[PE_SETTLE_MAX_SEATS];
    uint8_t deepest[PE_SETTLE_MAX_SEATS]; /* contenders, most live chips first */
    uint16_t hi[PE_SETTLE_MAX_SEATS], lo[PE_SETTLE_MAX_SEATS];
    pe_fault_t *f = &out->fault;
    *f = (pe_fault_t){PE_FAULT_NONE, 0, 0, 0, 0, 0};
    out->n_pots = 0;
    out->uncalled_seat = n;
    out->uncalled = 0;
    if (n == 0 || n > PE_SETTLE_MAX_SEATS) /* callers check; this keeps the arrays in bounds */
        return fault(f, PE_ERR_ARG, PE_FAULT_SEATS, n);
    int64_t total = 0, dead_total = 0;
    for (size_t s = 0; s < n; s++) {
        chips[s] = chips_in[s];
        total += chips[s];
        dead_total += dead != NULL ? dead[s] : 0;
        out->payouts[s] = 0;
        hi[s] = hi_in[s];
        lo[s] = lo_in[s];
    }

    size_t maker;
    int64_t back = pe_uncalled(n, chips, &maker);
    if (back > 0) {
        out->uncalled_seat = maker;
        out->uncalled = out->payouts[maker] = back;
        total -= back;
        chips[maker] -= back;
    }
    if (total + dead_total == 0)
        return PE_OK; /* nothing matched and no dead money: no pot */

    /* Contenders by level, deepest first; ties keep seat order. */
    size_t contenders = 0;
    for (size_t s = 0; s < n; s++) {
        if (!contends(s, chips_in, dead, dead_total, folded, shown))
            continue;
        size_t j = contenders++;
        for (; j > 0 && chips[deepest[j - 1]] < chips[s]; j--)
            deepest[j] = deepest[j - 1];
        deepest[j] = (uint8_t)s;
    }
    if (contenders == 0)
        return fault(f, PE_ERR_ARG, PE_FAULT_NOBODY, n);
    if (contenders == 1) {
        hi[deepest[0]] = 1; /* nobody to beat */
        lo[deepest[0]] = 0; /* and no showdown, so no low half */
    }

    /* Walk the contenders from the deepest in: the eligible set only grows, so each pot's
     * winners are the running best.  A pot closes where the next contender's level is lower
     * (or at the last), so the pots come out top first; they are stored main pot first. */
    uint64_t eligible = 0, high = 0, low = 0;
    uint16_t best = 0, low_best = 0;
    size_t n_pots = 0;
    for (size_t c = 0; c < contenders; c++)
        n_pots += c + 1 == contenders || chips[deepest[c + 1]] != chips[deepest[c]];
    out->n_pots = n_pots;
    size_t p = n_pots;
    int64_t above = total + dead_total; /* the chips of the pots above the next one found */
    for (size_t c = 0; c < contenders; c++) {
        size_t s = deepest[c];
        uint64_t bit = (uint64_t)1 << s;
        eligible |= bit;
        if (hi[s] > best) {
            best = hi[s];
            high = 0;
        }
        if (hi[s] == best)
            high |= bit;
        if (hilo && lo[s]) {
            if (lo[s] > low_best) {
                low_best = lo[s];
                low = 0;
            }
            if (lo[s] == low_best)
                low |= bit;
        }
        if (c + 1 < contenders && chips[deepest[c + 1]] == chips[s])
            continue;
        /* Below this pot: every seat's live chips up to the next contender's level (all the
         * dead money sits in the main pot, the last one found). */
        int64_t below = c + 1 < contenders ? capped_sum(chips, n, chips[deepest[c + 1]]) + dead_total : 0;
        pe_pot_t *pot = &out->pots[--p];
        pot->amount = above - below;
        above = below;
        pot->eligible = eligible;
        pot->winners = high;
        pot->low_winners = low;
        pot->low_amount = low ? pot->amount / 2 : 0; /* the odd chip of the halving stays high */
        pot->share = split(pot->amount - pot->low_amount, high, order, n, out->payouts, &pot->odd);
        pot->low_share = 0;
        pot->low_odd = 0;
        if (low)
            pot->low_share = split(pot->low_amount, low, low_order, n, out->payouts, &pot->low_odd);
    }
    return PE_OK;
}
