/* solver.c - the solver's kit: every combo of a board at once (contract: pe_solver.h).
 *
 * - One complete board at a time.  A flop or turn is played runout by runout; on each
 *   complete board every combo still live is valued once (a board sum plus the combo's
 *   two cards, one lookup), sorted by value, and one sweep up the order gives every
 *   combo the weight of the opponent's combos below it and level with it.  Blockers are
 *   taken off by inclusion and exclusion: the opponent's combos that share a card with
 *   combo (a, b) are those holding a plus those holding b less the combo (a, b) itself,
 *   so running totals kept overall and per card answer for every combo in O(1).
 * - Values are sorted by a two-pass radix sort on (value << 11 | position): values are
 *   below 8192 (13 bits) and positions below 2048.
 * - Nothing is allocated and nothing global is written: scratch lives on the caller's
 *   stack (well under 200 KB), so calls are reentrant and run on many threads at once.
 * - Long work is cut by the caller into parts (runouts, or points, number r of the
 *   enumeration going to part r mod parts), each a short call. */
#include "internal.h"
#include "pe_solver.h"

#include <string.h>

#define SV_N PE_COMBOS
#define SV_POS_BITS 11u
#define SV_POS_MASK ((1u << SV_POS_BITS) - 1u)
/* The relative rounding of an equity's sums that still puts it on a histogram's edge: the
 * sweep's sums are within 2^-40 of their total (see sweep), 9.1e-13. */
#define SV_EDGE 1e-9

/* ---- combos ---- */

static inline unsigned combo_index(unsigned hi, unsigned lo)
{
    return 1325u - (hi * (hi - 1u) / 2u + lo);
}

void pe_combo_cards(uint8_t *cards)
{
    /* Index order: the higher card from 51 down, then the lower from hi - 1 down. */
    size_t i = 0;
    for (unsigned hi = 51; hi >= 1; hi--)
        for (unsigned lo = hi; lo-- > 0;) {
            cards[2 * i] = (uint8_t)hi;
            cards[2 * i + 1] = (uint8_t)lo;
            i++;
        }
}

int pe_combo_index(int a, int b)
{
    if (a < 0 || b < 0 || a > 51 || b > 51 || a == b)
        return -1;
    return (int)(a > b ? combo_index((unsigned)a, (unsigned)b) : combo_index((unsigned)b, (unsigned)a));
}

/* ---- input ---- */

static int take(const uint8_t *ids, size_t n, uint64_t *seen)
{
    if (n && !ids)
        return PE_ERR_ARG;
    for (size_t i = 0; i < n; i++) {
        if (ids[i] >= 52)
            return PE_ERR_CARD;
        uint64_t bit = 1ull << ids[i];
        if (*seen & bit)
            return PE_ERR_DUPLICATE;
        *seen |= bit;
    }
    return PE_OK;
}

/* Board (nboard within lo..hi) and dead cards: their mask in *known. */
static int take_board(const uint8_t *board, size_t nboard, size_t lo, size_t hi, const uint8_t *dead,
                      size_t ndead, uint64_t *known)
{
    int rc;
    *known = 0;
    if (nboard < lo || nboard > hi || ndead > 52)
        return PE_ERR_COUNT;
    if ((rc = take(board, nboard, known)) || (rc = take(dead, ndead, known)))
        return rc;
    return PE_OK;
}

static size_t live_cards(uint64_t known, uint8_t *deck)
{
    size_t n = 0;
    for (unsigned id = 0; id < 52u; id++)
        if (!(known >> id & 1u))
            deck[n++] = (uint8_t)id;
    return n;
}

static int check_weights(const double *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!(w[i] >= 0.0) || !(w[i] <= 1e300))
            return PE_ERR_ARG;
    return PE_OK;
}

/* ---- the combos one call plays: the live ones it needs, in index order ---- */

typedef struct {
    size_t n;
    uint16_t index[SV_N];
    uint8_t card[SV_N][2];
    uint8_t hero[SV_N];
    pe_hand_t hand[SV_N];
} sv_combos_t;

static inline uint64_t combo_mask(const sv_combos_t *c, size_t p)
{
    return 1ull << c->card[p][0] | 1ull << c->card[p][1];
}

/* The combos without a card of `known` that are wanted (hero[i] != 0) or have weight in
 * some layer of vs (layers rows of SV_N). */
static void pick_combos(sv_combos_t *c, uint64_t known, const uint8_t *hero, const double *vs, size_t layers)
{
    c->n = 0;
    for (unsigned hi = 51; hi >= 1; hi--)
        for (unsigned lo = hi; lo-- > 0;) {
            unsigned i = combo_index(hi, lo);
            if ((1ull << hi | 1ull << lo) & known)
                continue;
            int any = hero[i] != 0;
            for (size_t k = 0; k < layers; k++)
                any |= vs[k * SV_N + i] > 0.0;
            if (!any)
                continue;
            size_t p = c->n++;
            c->index[p] = (uint16_t)i;
            c->card[p][0] = (uint8_t)hi;
            c->card[p][1] = (uint8_t)lo;
            c->hero[p] = (uint8_t)(hero[i] != 0);
            c->hand[p] = pe_hand_add(pe_hand_add(pe_hand_empty(), hi), lo);
        }
}

typedef struct {
    uint32_t keys[SV_N], spare[SV_N];
    double below[PE_SOLVER_MAX_LAYERS], all[PE_SOLVER_MAX_LAYERS], group[PE_SOLVER_MAX_LAYERS];
    double below_card[PE_SOLVER_MAX_LAYERS][52], all_card[PE_SOLVER_MAX_LAYERS][52];
    double group_card[PE_SOLVER_MAX_LAYERS][52];
} sv_scratch_t;

/* Sort keys (value << 11 | position, values below 8192) ascending: LSD radix on the
 * value's bits 0..6, then 7..12; the two passes bring the result back to keys. */
static void sort_keys(uint32_t *keys, uint32_t *spare, size_t m)
{
    uint32_t count[128];
    const unsigned shifts[2] = {SV_POS_BITS, SV_POS_BITS + 7u};
    const uint32_t widths[2] = {127u, 63u};
    uint32_t *from = keys, *to = spare;
    for (int pass = 0; pass < 2; pass++) {
        memset(count, 0, sizeof count);
        for (size_t k = 0; k < m; k++)
            count[(from[k] >> shifts[pass]) & widths[pass]]++;
        uint32_t sum = 0;
        for (unsigned d = 0; d <= widths[pass]; d++) {
            uint32_t here = count[d];
            count[d] = sum;
            sum += here;
        }
        for (size_t k = 0; k < m; k++)
            to[count[(from[k] >> shifts[pass]) & widths[pass]]++] = from[k];
        uint32_t *swap = from;
        from = to;
        to = swap;
    }
}

/* Value every combo of c that misses `used` on the complete board `board5`; s->keys[k] =
 * value << 11 | position, sorted ascending.  Returns how many. */
static size_t rank_board(const sv_combos_t *c, pe_hand_t board5, uint64_t used, sv_scratch_t *s)
{
    size_t m = 0;
    for (size_t p = 0; p < c->n; p++) {
        if (combo_mask(c, p) & used)
            continue;
        uint32_t v = pe_hand_value_n(pe_hand_join(board5, c->hand[p]), 7);
        s->keys[m++] = v << SV_POS_BITS | (uint32_t)p;
    }
    sort_keys(s->keys, s->spare, m);
    return m;
}

/* Where sweep adds its counts: win/tie/total[k * stride + slot[p]] for combo position p
 * and layer k. */
typedef struct {
    const double *vs; /* layers rows of SV_N weights, by combo index */
    size_t layers;
    const uint16_t *slot;
    size_t stride;
    double *win, *tie, *total;
} sv_out_t;

/* Add one hero's sums for one board: the weight it beats, splits with and loses to, each
 * 0 or more, and their sum as the weight it meets, so that won / met is never above 1 and a
 * hero that beats every combo it meets has won == met exactly. */
static void add_sums(const sv_out_t *o, size_t at, double win, double tie, double lose)
{
    o->win[at] += win;
    o->tie[at] += tie;
    o->total[at] += (win + tie) + lose;
}

/* Layer k's sums for hero combo p of value `value`, by plain addition over the m ranked
 * combos it does not block: for a hero whose inclusion and exclusion would leave more
 * rounding than 2^-40 of its total (the combos it blocks outweigh the others: see sweep). */
static void direct_sums(const sv_combos_t *c, const sv_scratch_t *s, size_t m, size_t p, uint32_t value,
                        size_t k, const sv_out_t *o)
{
    uint64_t hero = combo_mask(c, p);
    double win = 0.0, tie = 0.0, lose = 0.0;
    for (size_t r = 0; r < m; r++) {
        size_t q = s->keys[r] & SV_POS_MASK;
        if (combo_mask(c, q) & hero)
            continue;
        double w = o->vs[k * SV_N + c->index[q]];
        uint32_t v = s->keys[r] >> SV_POS_BITS;
        win += v < value ? w : 0.0;
        tie += v == value ? w : 0.0;
        lose += v > value ? w : 0.0;
    }
    add_sums(o, k * o->stride + o->slot[p], win, tie, lose);
}

/* A difference of the sweep's running sums, as 0 when it is within `slack` of it: the sums
 * round, so a hero that meets no combo it splits with (or beats, or loses to) is left a few
 * roundings off 0, either side, and an equity of 1.00000000000001 or a tie of -1.7e-18
 * came out of the nuts. */
static inline double snap(double x, double slack)
{
    return x > slack ? x : 0.0;
}

/* One complete board: for each hero combo of c live there (none of `used`), and each
 * layer, add the weight of the live combos it beats, splits with, and shares no card with. */
static void sweep(const sv_combos_t *c, pe_hand_t board5, uint64_t used, sv_scratch_t *s, const sv_out_t *o)
{
    size_t m = rank_board(c, board5, used, s);
    size_t layers = o->layers;
    for (size_t k = 0; k < layers; k++) {
        s->below[k] = s->all[k] = s->group[k] = 0.0;
        for (unsigned card = 0; card < 52; card++)
            s->below_card[k][card] = s->all_card[k][card] = s->group_card[k][card] = 0.0;
    }
    for (size_t q = 0; q < m; q++) {
        size_t p = s->keys[q] & SV_POS_MASK;
        for (size_t k = 0; k < layers; k++) {
            double w = o->vs[k * SV_N + c->index[p]];
            s->all[k] += w;
            s->all_card[k][c->card[p][0]] += w;
            s->all_card[k][c->card[p][1]] += w;
        }
    }
    size_t q = 0;
    while (q < m) {
        uint32_t value = s->keys[q] >> SV_POS_BITS;
        size_t end = q;
        while (end < m && s->keys[end] >> SV_POS_BITS == value)
            end++;
        for (size_t r = q; r < end; r++) {
            size_t p = s->keys[r] & SV_POS_MASK;
            for (size_t k = 0; k < layers; k++) {
                double w = o->vs[k * SV_N + c->index[p]];
                s->group[k] += w;
                s->group_card[k][c->card[p][0]] += w;
                s->group_card[k][c->card[p][1]] += w;
            }
        }
        for (size_t r = q; r < end; r++) {
            size_t p = s->keys[r] & SV_POS_MASK;
            if (!c->hero[p])
                continue;
            unsigned a = c->card[p][0], b = c->card[p][1];
            for (size_t k = 0; k < layers; k++) {
                /* The combo itself holds both a and b: taken off twice, put back once. */
                double self = o->vs[k * SV_N + c->index[p]];
                double blocked = s->all_card[k][a] + s->all_card[k][b];
                double total = s->all[k] - blocked + self;
                /* A running sum of up to m weights is within m - 1 roundings of the weights
                 * it adds, so win and tie are within m + 2 roundings of all + blocked, and
                 * lose, taken from total, win and tie, within 4 (m + 4).  Where that slack is
                 * more than 2^-40 of the weight the combo meets (the combos it blocks outweigh
                 * the rest: 1e18 on AsAd beside 1e-15 on the others, against AsKs; or 1 on QhTs
                 * beside 2e-9 on the rest, against Ts6h), a part below the slack is no longer
                 * told from rounding, and a true win of 2.5e-7 of the total read as 0: the
                 * sums are added up directly instead, each part from its own weights. */
                double slack = (double)(m + 4) * 0x1p-51 * (s->all[k] + blocked);
                if (slack > 0x1p-40 * total) {
                    direct_sums(c, s, m, p, value, k, o);
                    continue;
                }
                double win = s->below[k] - s->below_card[k][a] - s->below_card[k][b];
                double tie = s->group[k] - s->group_card[k][a] - s->group_card[k][b] + self;
                double lose = total - win - tie;
                add_sums(o, k * o->stride + o->slot[p], snap(win, slack), snap(tie, slack), snap(lose, slack));
            }
        }
        for (size_t r = q; r < end; r++) {
            size_t p = s->keys[r] & SV_POS_MASK;
            for (size_t k = 0; k < layers; k++) {
                double w = o->vs[k * SV_N + c->index[p]];
                s->below_card[k][c->card[p][0]] += w;
                s->below_card[k][c->card[p][1]] += w;
                s->group_card[k][c->card[p][0]] = 0.0;
                s->group_card[k][c->card[p][1]] = 0.0;
            }
        }
        for (size_t k = 0; k < layers; k++) {
            s->below[k] += s->group[k];
            s->group[k] = 0.0;
        }
        q = end;
    }
}

/* ---- values ---- */

int pe_combo_values(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                    uint16_t *values, int8_t *categories)
{
    uint64_t known;
    int rc = take_board(board, nboard, 3, 5, dead, ndead, &known);
    if (rc)
        return rc;
    if (!values && !categories)
        return PE_ERR_ARG;
    pe_hand_t b = pe_hand_of_ids(board, nboard);
    for (unsigned hi = 51; hi >= 1; hi--)
        for (unsigned lo = hi; lo-- > 0;) {
            unsigned i = combo_index(hi, lo);
            uint16_t v = 0;
            if (!((1ull << hi | 1ull << lo) & known))
                v = pe_hand_value_n(pe_hand_add(pe_hand_add(b, hi), lo), nboard + 2);
            if (values)
                values[i] = v;
            if (categories)
                categories[i] = (int8_t)(v ? pe_category(PE_GAME_HOLDEM, v) : -1);
        }
    return PE_OK;
}

/* For each card, the 51 combos that hold it. */
static void combos_with(uint16_t with[52][51])
{
    for (unsigned card = 0; card < 52; card++) {
        unsigned k = 0;
        for (unsigned other = 0; other < 52; other++)
            if (other != card)
                with[card][k++] = (uint16_t)(card > other ? combo_index(card, other) : combo_index(other, card));
    }
}

/* Every combo's value on a complete board, sorted: keys[k] = value << 11 | combo index
 * over the combos without a card of known, ascending.  Returns how many. */
static size_t board_keys(pe_hand_t board5, uint64_t known, uint32_t *keys, uint32_t *spare)
{
    size_t m = 0;
    for (unsigned hi = 51; hi >= 1; hi--)
        for (unsigned lo = hi; lo-- > 0;) {
            if ((1ull << hi | 1ull << lo) & known)
                continue;
            uint32_t v = pe_hand_value_n(pe_hand_add(pe_hand_add(board5, hi), lo), 7);
            keys[m++] = v << SV_POS_BITS | combo_index(hi, lo);
        }
    sort_keys(keys, spare, m);
    return m;
}

/* The rows of a showdown matrix, in value order.  The row of a combo of value v is +1
 * against every live combo below v, 0 against those level with it, -1 against those above
 * and 0 against dead ones: a template row kept in combo order and changed only where the
 * value classes start and end (2 writes a combo in all), so that each row is one copy of
 * the template, then emit(ctx, combo, template) (which zeroes the pairs sharing a card). */
typedef void (*sv_row_t)(void *ctx, size_t combo, const int8_t *template_row);

static void each_row(const uint32_t *keys, size_t m, sv_row_t emit, void *ctx)
{
    int8_t template_row[SV_N];
    memset(template_row, 0, SV_N);
    for (size_t k = 0; k < m; k++)
        template_row[keys[k] & SV_POS_MASK] = -1;
    size_t q = 0;
    while (q < m) {
        uint32_t value = keys[q] >> SV_POS_BITS;
        size_t end = q;
        while (end < m && keys[end] >> SV_POS_BITS == value)
            template_row[keys[end++] & SV_POS_MASK] = 0;
        for (size_t k = q; k < end; k++)
            emit(ctx, keys[k] & SV_POS_MASK, template_row);
        for (size_t k = q; k < end; k++)
            template_row[keys[k] & SV_POS_MASK] = 1;
        q = end;
    }
}

/* The pairs of combos that can never be dealt together, one row of the mask: all of it
 * for a combo holding a card of known, else the combos holding such a card (`blocked`)
 * and those sharing one of its two cards. */
static void mask_row(size_t i, const uint8_t *cards, const uint8_t *blocked, const uint16_t (*with)[51],
                     uint8_t *held)
{
    if (blocked[i]) {
        memset(held, 1, SV_N);
        return;
    }
    memcpy(held, blocked, SV_N);
    for (size_t h = 0; h < 2; h++) {
        const uint16_t *w = with[cards[2 * i + h]];
        for (size_t k = 0; k < 51; k++)
            held[w[k]] = 1;
    }
}

/* What mask_row needs: each combo's cards, whether it holds a card of known, and for
 * each card the combos holding it. */
typedef struct {
    uint8_t cards[2 * SV_N];
    uint8_t blocked[SV_N];
    uint16_t with[52][51];
} sv_mask_t;

static void mask_setup(sv_mask_t *m, uint64_t known)
{
    pe_combo_cards(m->cards);
    combos_with(m->with);
    for (size_t i = 0; i < SV_N; i++)
        m->blocked[i] = (uint8_t)(((1ull << m->cards[2 * i] | 1ull << m->cards[2 * i + 1]) & known) != 0);
}

int pe_pair_mask(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead, uint8_t *mask)
{
    uint64_t known;
    int rc = take_board(board, nboard, 0, 5, dead, ndead, &known);
    if (rc)
        return rc;
    if (!mask)
        return PE_ERR_ARG;
    sv_mask_t m;
    mask_setup(&m, known);
    for (size_t i = 0; i < SV_N; i++)
        mask_row(i, m.cards, m.blocked, (const uint16_t(*)[51])m.with, mask + SV_N * i);
    return PE_OK;
}

typedef struct {
    const sv_mask_t *m;
    int8_t *result;
    uint8_t *mask;
} sv_showdown_ctx_t;

static void showdown_row(void *ctx, size_t combo, const int8_t *template_row)
{
    sv_showdown_ctx_t *e = ctx;
    int8_t *row = e->result + SV_N * combo;
    memcpy(row, template_row, SV_N);
    for (size_t h = 0; h < 2; h++) {
        const uint16_t *w = e->m->with[e->m->cards[2 * combo + h]];
        for (size_t k = 0; k < 51; k++)
            row[w[k]] = 0;
    }
    if (e->mask)
        mask_row(combo, e->m->cards, e->m->blocked, (const uint16_t(*)[51])e->m->with, e->mask + SV_N * combo);
}

int pe_showdown_matrix(const uint8_t *board, size_t nboard, int8_t *result, uint8_t *mask)
{
    uint64_t known;
    int rc = take_board(board, nboard, 5, 5, NULL, 0, &known);
    if (rc)
        return rc;
    if (!result)
        return PE_ERR_ARG;
    uint32_t keys[SV_N], spare[SV_N];
    sv_mask_t m;
    mask_setup(&m, known);
    size_t live = board_keys(pe_hand_of_ids(board, nboard), known, keys, spare);
    /* The rows of dead combos: all 0, all masked. */
    for (size_t i = 0; i < SV_N; i++)
        if (m.blocked[i]) {
            memset(result + SV_N * i, 0, SV_N);
            if (mask)
                memset(mask + SV_N * i, 1, SV_N);
        }
    sv_showdown_ctx_t ctx = {&m, result, mask};
    each_row(keys, live, showdown_row, &ctx);
    return PE_OK;
}

static int check_parts(size_t part, size_t parts)
{
    return parts >= 1 && part < parts ? PE_OK : PE_ERR_ARG;
}

static void sum_row(void *ctx, size_t combo, const int8_t *template_row)
{
    /* The pairs that share a card get the template's entries too: they are masked. */
    int32_t *row = (int32_t *)ctx + SV_N * combo;
    for (size_t j = 0; j < SV_N; j++)
        row[j] += template_row[j];
}

int pe_equity_matrix(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead, size_t part,
                     size_t parts, int32_t *sums, uint64_t *runs)
{
    uint64_t known;
    int rc = take_board(board, nboard, 3, 4, dead, ndead, &known);
    if (rc || (rc = check_parts(part, parts)))
        return rc;
    if (!sums || !runs)
        return PE_ERR_ARG;
    uint8_t deck[52];
    size_t ndeck = live_cards(known, deck);
    size_t need = 5 - nboard;
    if (ndeck < need + 4)
        return PE_ERR_COUNT;
    /* Every pair dealt together meets in the runouts that miss its four cards. */
    if (part == 0)
        runs[0] += need == 1 ? ndeck - 4 : (ndeck - 4) * (ndeck - 5) / 2;
    uint32_t keys[SV_N], spare[SV_N];
    pe_hand_t b = pe_hand_of_ids(board, nboard);
    size_t r = 0;
    for (size_t x = 0; x < ndeck; x++) {
        /* A turn's runout is the one card x (y = x); a flop's, two cards x < y. */
        size_t stop = need == 1 ? x + 1 : ndeck;
        for (size_t y = need == 1 ? x : x + 1; y < stop; y++) {
            if (r++ % parts != part)
                continue;
            uint64_t run = 1ull << deck[x] | 1ull << deck[y];
            pe_hand_t full = pe_hand_add(b, deck[x]);
            if (need == 2)
                full = pe_hand_add(full, deck[y]);
            size_t live = board_keys(full, known | run, keys, spare);
            each_row(keys, live, sum_row, sums);
        }
    }
    return PE_OK;
}

/* ---- equity of every combo against ranges ---- */

/* The runouts of `need` cards (0..2) from deck, numbered in order: visit(ctx, the
 * complete board, the runout's cards) for those of part `part`. */
typedef void (*sv_visit_t)(void *ctx, pe_hand_t full, uint64_t run);

static void each_runout(pe_hand_t b, const uint8_t *deck, size_t ndeck, size_t need, size_t part, size_t parts,
                        sv_visit_t visit, void *ctx)
{
    if (need == 0) {
        if (part == 0)
            visit(ctx, b, 0);
        return;
    }
    size_t r = 0;
    for (size_t x = 0; x < ndeck; x++) {
        pe_hand_t turn = pe_hand_add(b, deck[x]);
        if (need == 1) {
            if (r++ % parts == part)
                visit(ctx, turn, 1ull << deck[x]);
            continue;
        }
        for (size_t y = x + 1; y < ndeck; y++)
            if (r++ % parts == part)
                visit(ctx, pe_hand_add(turn, deck[y]), 1ull << deck[x] | 1ull << deck[y]);
    }
}

typedef struct {
    const sv_combos_t *c;
    uint64_t known;
    sv_scratch_t *s;
    const sv_out_t *o;
} sv_sweep_ctx_t;

static void sweep_visit(void *ctx, pe_hand_t full, uint64_t run)
{
    sv_sweep_ctx_t *e = ctx;
    sweep(e->c, full, e->known | run, e->s, e->o);
}

int pe_combo_equity(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                    const uint8_t *hero, const double *vs, size_t layers, size_t part, size_t parts,
                    double *win, double *tie, double *total)
{
    uint64_t known;
    int rc = take_board(board, nboard, 3, 5, dead, ndead, &known);
    if (rc || (rc = check_parts(part, parts)))
        return rc;
    if (!hero || !vs || !win || !tie || !total || layers < 1 || layers > PE_SOLVER_MAX_LAYERS)
        return PE_ERR_ARG;
    if ((rc = check_weights(vs, layers * SV_N)))
        return rc;
    uint8_t deck[52];
    size_t ndeck = live_cards(known, deck);
    size_t need = 5 - nboard;
    if (ndeck < need)
        return PE_ERR_COUNT;
    sv_combos_t c;
    sv_scratch_t s;
    pick_combos(&c, known, hero, vs, layers);
    sv_out_t o = {vs, layers, c.index, SV_N, win, tie, total};
    sv_sweep_ctx_t ctx = {&c, known, &s, &o};
    each_runout(pe_hand_of_ids(board, nboard), deck, ndeck, need, part, parts, sweep_visit, &ctx);
    return PE_OK;
}

/* ---- equity distributions ---- */

typedef struct {
    const sv_combos_t *c;
    const uint8_t *deck;
    size_t ndeck, rest;
    uint64_t known;
    sv_scratch_t *s;
    const sv_out_t *o;
    size_t bins;
    const double *mix; /* NULL: a histogram a combo; else the combos' weights in one */
    double *moments, *hist;
} sv_points_ctx_t;

/* One point: play the rest of the runout, then file each hero's equity there. */
static void point_visit(void *ctx, pe_hand_t at, uint64_t point)
{
    sv_points_ctx_t *e = ctx;
    const sv_combos_t *c = e->c;
    size_t n = c->n;
    memset(e->o->win, 0, sizeof(double) * n);
    memset(e->o->tie, 0, sizeof(double) * n);
    memset(e->o->total, 0, sizeof(double) * n);
    uint8_t rest[52];
    size_t nrest = 0;
    for (size_t k = 0; k < e->ndeck; k++)
        if (!(point >> e->deck[k] & 1u))
            rest[nrest++] = e->deck[k];
    sv_sweep_ctx_t inner = {c, e->known | point, e->s, e->o};
    each_runout(at, rest, nrest, e->rest, 0, 1, sweep_visit, &inner);
    for (size_t p = 0; p < n; p++) {
        double weight = e->o->total[p];
        if (!c->hero[p] || (combo_mask(c, p) & point) || !(weight > 0.0))
            continue;
        double won = 2 * e->o->win[p] + e->o->tie[p], eq = won / (2 * weight);
        size_t i = c->index[p];
        e->moments[3 * i] += weight;
        e->moments[3 * i + 1] += weight * eq;
        e->moments[3 * i + 2] += weight * eq * eq;
        if (e->bins) {
            /* The bin of eq, from the sums themselves: with whole weights the product and the
             * quotient are exact, so an equity on an edge (29 of 50 in 50 bins) lands in the
             * bin it opens; eq * bins, with eq rounded first, gave 28.999...  Weights that are
             * not whole (0.3 each, as "KK:0.3" gives) leave the sums a rounding short: a point
             * within SV_EDGE (relative) below an edge is on it, as its equity is (1 of 4
             * opponents of weight 0.3 beaten summed to 0.2499999999999998, filed in bin 0 of 4). */
            double at_bin = won * (double)e->bins / (2 * weight);
            size_t bin = (size_t)at_bin;
            if ((double)(bin + 1) - at_bin <= at_bin * SV_EDGE)
                bin++;
            bin = bin >= e->bins ? e->bins - 1 : bin;
            double share = e->mix ? e->mix[i] * weight : weight;
            double *row = e->hist + 2 * (e->mix ? bin : e->bins * i + bin);
            row[0] += share;
            row[1] += share * eq;
        }
    }
}

int pe_equity_points(const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
                     const uint8_t *hero, const double *vs, size_t ahead, size_t bins, const double *mix,
                     size_t part, size_t parts, double *moments, double *hist)
{
    uint64_t known;
    int rc = take_board(board, nboard, 3, 5, dead, ndead, &known);
    if (rc || (rc = check_parts(part, parts)))
        return rc;
    size_t need = 5 - nboard;
    if (!hero || !vs || !moments || (bins && !hist) || ahead > need || bins > 100000)
        return PE_ERR_ARG;
    if ((rc = check_weights(vs, SV_N)) || (mix && (rc = check_weights(mix, SV_N))))
        return rc;
    uint8_t deck[52];
    size_t ndeck = live_cards(known, deck);
    if (ndeck < need)
        return PE_ERR_COUNT;
    sv_combos_t c;
    sv_scratch_t s;
    double win[SV_N], tie[SV_N], total[SV_N];
    uint16_t slot[SV_N];
    pick_combos(&c, known, hero, vs, 1);
    for (size_t p = 0; p < c.n; p++)
        slot[p] = (uint16_t)p;
    sv_out_t o = {vs, 1, slot, 0, win, tie, total};
    sv_points_ctx_t ctx = {&c, deck, ndeck, need - ahead, known, &s, &o, bins, mix, moments, hist};
    each_runout(pe_hand_of_ids(board, nboard), deck, ndeck, ahead, part, parts, point_visit, &ctx);
    return PE_OK;
}

/* ---- suit isomorphism of boards ---- */

static const uint8_t sv_perms[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

static inline uint8_t rename_card(uint8_t id, const uint8_t *perm)
{
    return (uint8_t)(id & ~3u) | perm[id & 3u];
}

#define SV_MAX_HANDS 26

/* The image of board and hands under perm, written as pe_canonical writes it: the first
 * `set` board cards (3, or all of them) as a set, highest first, then the rest in order. */
static void image(const uint8_t *board, size_t nboard, size_t set, const uint8_t *hands, size_t nhands,
                  const uint8_t *perm, uint8_t *out)
{
    for (size_t i = 0; i < nboard; i++)
        out[i] = rename_card(board[i], perm);
    for (size_t i = 1; i < set; i++)
        for (size_t j = i; j > 0 && out[j - 1] < out[j]; j--) {
            uint8_t t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    for (size_t h = 0; h < nhands; h++) {
        uint8_t a = rename_card(hands[2 * h], perm), b = rename_card(hands[2 * h + 1], perm);
        out[nboard + 2 * h] = a > b ? a : b;
        out[nboard + 2 * h + 1] = a > b ? b : a;
    }
}

static int canonical(const uint8_t *board, size_t nboard, size_t set, const uint8_t *hands, size_t nhands,
                     uint8_t *board_out, uint8_t *hands_out, uint8_t *perm)
{
    uint64_t seen = 0;
    int rc;
    if (!(nboard == 0 || (nboard >= 3 && nboard <= 5)) || nhands > SV_MAX_HANDS)
        return PE_ERR_COUNT;
    if ((nboard && !board_out) || (nhands && !hands_out) || !perm)
        return PE_ERR_ARG;
    if ((rc = take(board, nboard, &seen)) || (rc = take(hands, 2 * nhands, &seen)))
        return rc;
    size_t width = nboard + 2 * nhands;
    uint8_t best[5 + 2 * SV_MAX_HANDS], trial[5 + 2 * SV_MAX_HANDS];
    size_t pick = 0;
    image(board, nboard, set, hands, nhands, sv_perms[0], best);
    for (size_t i = 1; i < 24; i++) {
        image(board, nboard, set, hands, nhands, sv_perms[i], trial);
        size_t k = 0;
        while (k < width && trial[k] == best[k])
            k++;
        if (k < width && trial[k] > best[k]) {
            memcpy(best, trial, width);
            pick = i;
        }
    }
    if (nboard)
        memcpy(board_out, best, nboard);
    if (nhands)
        memcpy(hands_out, best + nboard, 2 * nhands);
    memcpy(perm, sv_perms[pick], 4);
    return PE_OK;
}

int pe_canonical(const uint8_t *board, size_t nboard, const uint8_t *hands, size_t nhands,
                 uint8_t *board_out, uint8_t *hands_out, uint8_t *perm)
{
    return canonical(board, nboard, nboard < 3 ? nboard : 3, hands, nhands, board_out, hands_out, perm);
}

int pe_canonical_set(const uint8_t *board, size_t nboard, const uint8_t *hands, size_t nhands,
                     uint8_t *board_out, uint8_t *hands_out, uint8_t *perm)
{
    return canonical(board, nboard, nboard, hands, nhands, board_out, hands_out, perm);
}

int pe_canonical_boards(const uint8_t *boards, size_t n, size_t nboard, int as_set, uint8_t *out)
{
    uint8_t perm[4];
    if (nboard < 3 || nboard > 5)
        return PE_ERR_COUNT;
    if (n && (!boards || !out))
        return PE_ERR_ARG;
    for (size_t i = 0; i < n; i++) {
        size_t set = as_set ? nboard : 3;
        int rc = canonical(boards + nboard * i, nboard, set, NULL, 0, out + nboard * i, NULL, perm);
        if (rc)
            return rc;
    }
    return PE_OK;
}

/* Colex number of a flop a > b > c (0..22099). */
static inline unsigned flop_number(unsigned a, unsigned b, unsigned c)
{
    return a * (a - 1u) * (a - 2u) / 6u + b * (b - 1u) / 2u + c;
}

void pe_flops(uint8_t *boards, uint32_t *weights)
{
    uint16_t count[22100];
    memset(count, 0, sizeof count);
    for (unsigned a = 2; a < 52; a++)
        for (unsigned b = 1; b < a; b++)
            for (unsigned c = 0; c < b; c++) {
                uint8_t flop[3] = {(uint8_t)a, (uint8_t)b, (uint8_t)c}, out[3] = {0, 0, 0}, perm[4];
                pe_canonical(flop, 3, NULL, 0, out, NULL, perm);
                count[flop_number(out[0], out[1], out[2])]++;
            }
    size_t f = 0;
    for (unsigned a = 51; a >= 2; a--)
        for (unsigned b = a - 1; b >= 1; b--)
            for (unsigned c = b; c-- > 0;) {
                uint16_t w = count[flop_number(a, b, c)];
                if (!w)
                    continue;
                boards[3 * f] = (uint8_t)a;
                boards[3 * f + 1] = (uint8_t)b;
                boards[3 * f + 2] = (uint8_t)c;
                weights[f++] = w;
            }
}

int pe_board_texture(const uint8_t *board, size_t nboard, pe_texture_t *out)
{
    uint64_t known;
    int rc = take_board(board, nboard, 3, 5, NULL, 0, &known);
    if (rc)
        return rc;
    if (!out)
        return PE_ERR_ARG;
    unsigned suits[4] = {0, 0, 0, 0}, ranks = 0;
    for (size_t i = 0; i < nboard; i++) {
        suits[PE_SUIT(board[i])]++;
        ranks |= 1u << PE_RANK(board[i]);
    }
    unsigned most = 0, high = 0, distinct = 0;
    for (unsigned s = 0; s < 4; s++)
        most = suits[s] > most ? suits[s] : most;
    for (unsigned r = 0; r < 13; r++)
        if (ranks >> r & 1u)
            high = r, distinct++;
    /* Windows of five ranks, the wheel A-2-3-4-5 first (the ace as bit 0 below the deuce). */
    unsigned low_ace = (ranks << 1 | ranks >> 12) & 0x3FFFu, fewest = 5;
    for (unsigned w = 0; w <= 9; w++) {
        unsigned held = pe_popcount64((uint64_t)(low_ace >> w & 0x1Fu));
        fewest = 5 - held < fewest ? 5 - held : fewest;
    }
    out->suited = (uint8_t)most;
    out->ranks = (uint8_t)distinct;
    out->high = (uint8_t)high;
    out->straight = (uint8_t)(fewest > 2 ? 3 : fewest);
    return PE_OK;
}

/* ---- tournament equity ---- */

static int check_icm(const double *stacks, size_t n, const double *payouts, size_t npay)
{
    if (!stacks || !payouts)
        return PE_ERR_ARG;
    if (n < 1 || npay < 1 || npay > n)
        return PE_ERR_COUNT;
    for (size_t i = 0; i < n; i++)
        if (!(stacks[i] > 0.0) || !(stacks[i] <= 1e300))
            return PE_ERR_ARG;
    for (size_t i = 0; i < npay; i++)
        if (!(payouts[i] >= -1e300) || !(payouts[i] <= 1e300))
            return PE_ERR_ARG;
    return PE_OK;
}

int pe_icm_exact(const double *stacks, size_t n, const double *payouts, size_t npay, double *equity,
                 double *work)
{
    int rc = check_icm(stacks, n, payouts, npay);
    if (rc)
        return rc;
    if (n > PE_ICM_MAX_EXACT)
        return PE_ERR_COUNT;
    if (!equity || !work)
        return PE_ERR_ARG;
    double total = 0.0;
    for (size_t i = 0; i < n; i++) {
        total += stacks[i];
        equity[i] = 0.0;
    }
    /* work[S]: the chance that the players of set S took places 1..|S|, in some order.
     * Supersets come after their subsets in numeric order, so one pass fills it. */
    uint32_t sets = 1u << n;
    memset(work, 0, sizeof(double) * sets);
    work[0] = 1.0;
    for (uint32_t set = 0; set < sets; set++) {
        double p = work[set];
        if (p == 0.0)
            continue;
        unsigned placed = 0;
        double left = total;
        for (size_t i = 0; i < n; i++)
            if (set >> i & 1u)
                placed++, left -= stacks[i];
        if (placed >= npay)
            continue;
        /* Recomputing `left` from the players still in keeps it exact when it is small. */
        left = 0.0;
        for (size_t i = 0; i < n; i++)
            if (!(set >> i & 1u))
                left += stacks[i];
        for (size_t i = 0; i < n; i++) {
            if (set >> i & 1u)
                continue;
            /* The stack's share first: p * stacks[i] rounded to 0 when both are small (half
             * of a subnormal stack), though the share of the stacks left is not small. */
            double next = p * (stacks[i] / left);
            equity[i] += next * payouts[placed];
            if (placed + 1 < npay)
                work[set | 1u << i] += next;
        }
    }
    return PE_OK;
}

/* Samples come in blocks of this many, each from its own stream of the seed. */
#define SV_ICM_BLOCK 4096u

/* A Fenwick tree of the stacks still in (tree[i - 1] for node i = 1..n), so that the
 * next place is drawn among them in O(log n). */
static void tree_build(double *tree, const double *stacks, size_t n)
{
    memcpy(tree, stacks, sizeof(double) * n);
    for (size_t i = 1; i <= n; i++) {
        size_t up = i + (i & (0u - i));
        if (up <= n)
            tree[up - 1] += tree[i - 1];
    }
}

static double tree_total(const double *tree, size_t n)
{
    double sum = 0.0;
    for (size_t i = n; i; i -= i & (0u - i))
        sum += tree[i - 1];
    return sum;
}

/* The player (0-based) whose slice of the running sums holds u, or n past the end. */
static size_t tree_find(const double *tree, size_t n, double u)
{
    size_t pos = 0, step = 1;
    while (step * 2 <= n)
        step *= 2;
    for (; step; step /= 2)
        if (pos + step <= n && tree[pos + step - 1] <= u) {
            pos += step;
            u -= tree[pos - 1];
        }
    return pos;
}

/* The player with the most chips left (the first of equals); one is always left. */
static size_t largest_left(const double *left, size_t n)
{
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (left[i] > left[best])
            best = i;
    return best;
}

static void tree_take(double *tree, size_t n, size_t player, double stack)
{
    for (size_t i = player + 1; i <= n; i += i & (0u - i))
        tree[i - 1] -= stack;
}

int pe_icm_sample(const double *stacks, size_t n, const double *payouts, size_t npay, uint64_t seed,
                  uint64_t first, uint64_t samples, double *work, double *sums, double *squares,
                  const int *stop)
{
    int rc = check_icm(stacks, n, payouts, npay);
    if (rc)
        return rc;
    if (n > PE_ICM_MAX_SAMPLED)
        return PE_ERR_COUNT;
    if (!work || !sums || !squares || first % SV_ICM_BLOCK)
        return PE_ERR_ARG;
    /* work: the tree, then each player's stack while in (0 once placed). */
    double *tree = work, *left = work + n;
    pe_rng_t rng = {{0, 0, 0, 0}};
    for (uint64_t s = first; s < first + samples; s++) {
        if (pe_stop_raised(stop))
            return PE_ERR_STOPPED;
        if (s % SV_ICM_BLOCK == 0) {
            uint64_t x = seed;
            x = pe_splitmix64(&x) ^ ((s / SV_ICM_BLOCK) * 0xD6E8FEB86659FD93ull);
            pe_rng_seed(&rng, x);
        }
        tree_build(tree, stacks, n);
        memcpy(left, stacks, sizeof(double) * n);
        for (size_t place = 0; place < npay; place++) {
            /* Each place goes to a player left in proportion to his stack.  The running
             * sums carry rounding once players leave: a draw landing on a player gone (or
             * past the end) rebuilds them from the stacks still in and is drawn again.  A
             * stack below the rounding of the others can vanish from the sums altogether
             * (1 beside 1e-17): the rebuilt sums hold it again, so the loop ends; after a
             * few misses in a row (sums that rounding keeps wrong) the largest stack left
             * takes the place. */
            double in = tree_total(tree, n);
            size_t who = n;
            for (int miss = 0; who >= n || left[who] == 0.0; miss++) {
                if (miss == 8) {
                    who = largest_left(left, n);
                    break;
                }
                if (miss > 0) {
                    tree_build(tree, left, n);
                    in = tree_total(tree, n);
                }
                who = tree_find(tree, n, pe_rng_unit(&rng) * in);
            }
            double pay = payouts[place];
            sums[who] += pay;
            squares[who] += pay * pay;
            double taken = left[who];
            left[who] = 0.0;
            /* A stack that dwarfs the others (2^20 times their sum or more) leaves the running
             * sums that held it with little but its rounding (1e17 taken from 1e17 + 16 is 0,
             * and the 16 are gone): they are rebuilt from the stacks still in. */
            if (taken > 1048576.0 * (in - taken))
                tree_build(tree, left, n);
            else
                tree_take(tree, n, who, taken);
        }
    }
    return PE_OK;
}
