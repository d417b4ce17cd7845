/* analysis.c - what can still happen to a hand: outs, draws, odds by the river,
 * category tables of random hands and hand strength (HS, PPOT, NPOT).
 *
 * Everything is counted, never typed in: runouts, opponent holdings and random hands
 * are enumerated on the evaluator's hand sums (pe_hand_t), so a runout costs one join
 * and one table lookup.  Hold'em throughout, with the short deck and Omaha where the
 * notion is the same (odds) and the low games where a random hand has a class
 * (category tables).  No allocation, no global state: every call is reentrant. */
#include "internal.h"

#define AN_MAX_COMBOS 1326u /* C(52, 2): the most two-card holdings one opponent can have */
#define AN_MAX_OPPONENTS 9u
#define AN_AHEAD 0
#define AN_TIED 1
#define AN_BEHIND 2
/* Monte Carlo gives up (PE_ERR_DUPLICATE) after this many colliding deals in a row. */
#define AN_MAX_REJECTS (1ull << 24)

/* ---- cards ---- */

/* Add ids to *seen: PE_ERR_CARD for an id outside the deck deck_first..51 (the short
 * deck starts at the sixes), PE_ERR_DUPLICATE for a card already there. */
static int take(const uint8_t *ids, size_t n, unsigned deck_first, uint64_t *seen)
{
    if (n && !ids)
        return PE_ERR_ARG;
    for (size_t i = 0; i < n; i++) {
        if (ids[i] >= 52 || ids[i] < deck_first)
            return PE_ERR_CARD;
        uint64_t bit = 1ull << ids[i];
        if (*seen & bit)
            return PE_ERR_DUPLICATE;
        *seen |= bit;
    }
    return PE_OK;
}

/* The cards of the deck deck_first..51 that are not in `known`, in id order; returns
 * how many. */
static size_t live_cards(uint64_t known, unsigned deck_first, uint8_t *deck)
{
    size_t n = 0;
    for (unsigned id = deck_first; id < 52u; id++)
        if (!(known >> id & 1u))
            deck[n++] = (uint8_t)id;
    return n;
}

/* Value of 5..7 summed cards in a game valued by a flush table and a rank table. */
static inline uint16_t table_value(int game, pe_hand_t h)
{
    switch (game) {
    case PE_GAME_SHORTDECK:
        return pe_lookup(h, pe_flush_shortdeck, pe_rank_shortdeck);
    case PE_GAME_SHORTDECK_TRIPS:
        return pe_lookup(h, pe_flush_shortdeck_trips, pe_rank_shortdeck_trips);
    case PE_GAME_DEUCE_SEVEN:
        return pe_lookup(h, pe_flush_deuce_seven, pe_rank_deuce_seven);
    default:
        return pe_lookup_holdem(h);
    }
}

static int holdem_category(uint16_t value)
{
    return pe_category(PE_GAME_HOLDEM, value);
}

/* Category of fewer than five cards: only pairing is possible (no straight or flush). */
static int pairing_category(uint64_t mask)
{
    unsigned pairs = 0, trips = 0, quads = 0;
    for (unsigned r = 0; r < 13u; r++) {
        unsigned c = pe_popcount64(mask >> (4u * r) & 0xFu);
        pairs += c == 2u, trips += c == 3u, quads += c == 4u;
    }
    if (quads)
        return PE_FOUR_OF_A_KIND;
    if (trips)
        return pairs ? PE_FULL_HOUSE : PE_THREE_OF_A_KIND;
    return pairs >= 2u ? PE_TWO_PAIR : pairs == 1u ? PE_ONE_PAIR : PE_HIGH_CARD;
}

/* Hold'em category of any 1..7 distinct cards given as a mask. */
static int mask_category(uint64_t mask)
{
    if (pe_popcount64(mask) < 5u)
        return pairing_category(mask);
    return holdem_category(pe_eval_mask(mask));
}

/* Chance that at least one of `outs` of `unseen` cards is among `k` drawn (k = 0..2). */
static double hit_chance(size_t unseen, size_t outs, size_t k)
{
    if (k == 0 || unseen == 0)
        return 0.0;
    if (outs >= unseen)
        return 1.0;
    if (k == 1)
        return (double)outs / (double)unseen;
    /* 1 - C(unseen - outs, 2) / C(unseen, 2) */
    double miss = (double)(unseen - outs) * (double)(unseen - outs - 1);
    return 1.0 - miss / ((double)unseen * (double)(unseen - 1));
}

/* ---- outs ---- */


int pe_outs(const uint8_t *hole, const uint8_t *board, size_t nboard, const uint8_t *dead, size_t ndead,
            const uint8_t *combos, const double *weights, const uint32_t *counts, size_t opponents,
            uint16_t *value, uint64_t *improving, double *win, double *tie, double *tainted, double *hit)
{
    uint64_t known = 0;
    int rc;
    if (nboard != 3 && nboard != 4)
        return PE_ERR_COUNT;
    if (opponents > AN_MAX_OPPONENTS || (opponents && (!combos || !counts)))
        return PE_ERR_ARG;
    if ((rc = take(hole, 2, 0u, &known)) || (rc = take(board, nboard, 0u, &known)) ||
        (rc = take(dead, ndead, 0u, &known)))
        return rc;
    uint64_t board_mask = 0;
    for (size_t i = 0; i < nboard; i++)
        board_mask |= 1ull << board[i];
    pe_hand_t mine = pe_hand_join(pe_hand_of_ids(hole, 2), pe_hand_of_ids(board, nboard));
    int now = holdem_category(pe_lookup_holdem(mine));
    size_t k = 5 - nboard;

    /* A card is an out when it lifts the hand's category through the player's own cards:
     * the board with that card alone does not reach the new category, or reaches it with a
     * lesser hand of the kind all five of whose cards count (a straight, flush, full house or
     * straight flush: a 9 for TcJd on 5s6h7d8c makes the player's jack-high straight over the
     * board's nine-high one; a king for AsAd on 7c7dKhKs kings full of aces over the board's
     * kings full of sevens).  In the other categories a hand level with the board's on its
     * pairs, trips or quads differs from it by kickers alone, which raise nothing.  A card of
     * a rank on the board that neither hole card holds only pairs the board: that pair is
     * every player's, so it is no out when the pair is all it adds (the player's pair made two
     * pair: AsAd on 2c7d9h and a 9); it is one when it fills a full house with the player's
     * set or pair, or makes a flush with the player's cards (a card of a rank already out
     * makes no straight). */
    unsigned board_ranks = 0, hole_ranks = 1u << (hole[0] >> 2) | 1u << (hole[1] >> 2);
    for (size_t i = 0; i < nboard; i++)
        board_ranks |= 1u << (board[i] >> 2);
    uint64_t improve = 0;
    size_t unseen = 0;
    for (unsigned c = 0; c < 52u; c++) {
        value[c] = 0;
        win[c] = tie[c] = tainted[c] = 0.0;
        if (known >> c & 1u)
            continue;
        unseen++;
        value[c] = pe_lookup_holdem(pe_hand_add(mine, c));
        int cat = holdem_category(value[c]);
        unsigned rank = 1u << (c >> 2);
        int pairs_board = (board_ranks & rank) && !(hole_ranks & rank);
        uint64_t alone = board_mask | 1ull << c;
        int board_cat = mask_category(alone);
        int whole = cat == PE_STRAIGHT || cat == PE_FLUSH || cat == PE_FULL_HOUSE || cat >= PE_STRAIGHT_FLUSH;
        int beats_board = cat > board_cat || (cat == board_cat && whole && value[c] > pe_eval_mask(alone));
        if (cat > now && beats_board && !(pairs_board && cat == PE_TWO_PAIR))
            improve |= 1ull << c;
    }
    *improving = improve;
    if (!opponents) {
        size_t n = pe_popcount64(improve);
        hit[0] = hit_chance(unseen, n, 1);
        hit[1] = hit_chance(unseen, n, k);
        return PE_OK;
    }

    /* Against opponents: every deal of one row per opponent that shares no card. */
    const uint8_t *first[AN_MAX_OPPONENTS];
    const double *wfirst[AN_MAX_OPPONENTS];
    size_t pick[AN_MAX_OPPONENTS] = {0};
    size_t at = 0;
    for (size_t o = 0; o < opponents; o++) {
        if (!counts[o])
            return PE_ERR_ARG;
        first[o] = combos + 2 * at;
        wfirst[o] = weights ? weights + at : NULL;
        at += counts[o];
    }
    for (size_t i = 0; i < 2 * at; i++)
        if (combos[i] >= 52)
            return PE_ERR_CARD;
    double avail[52] = {0}, total = 0.0, next = 0.0, river = 0.0;
    size_t dealt = 0; /* deals without a card twice whose weights are all above 0 */
    pe_hand_t board_hand = pe_hand_of_ids(board, nboard);
    for (;;) {
        uint64_t used = known;
        double w = 1.0;
        int ok = 1, positive = 1;
        pe_hand_t opp[AN_MAX_OPPONENTS];
        uint16_t before[AN_MAX_OPPONENTS];
        for (size_t o = 0; o < opponents && ok; o++) {
            const uint8_t *row = first[o] + 2 * pick[o];
            uint64_t bits = 1ull << row[0] | 1ull << row[1];
            ok = !(used & bits) && row[0] != row[1];
            used |= bits;
            w *= wfirst[o] ? wfirst[o][pick[o]] : 1.0;
            positive &= !wfirst[o] || wfirst[o][pick[o]] > 0.0;
            opp[o] = pe_hand_join(board_hand, pe_hand_of_ids(row, 2));
            before[o] = pe_lookup_holdem(opp[o]);
        }
        dealt += (size_t)(ok && positive); /* a product of weights above 0 can still be 0 */
        if (ok && w > 0.0) {
            size_t live = 0, wins = 0;
            for (unsigned c = 0; c < 52u; c++) {
                if (used >> c & 1u)
                    continue;
                live++;
                uint16_t best = 0, ours = value[c];
                int passed = 0;
                for (size_t o = 0; o < opponents; o++) {
                    uint16_t after = pe_lookup_holdem(pe_hand_add(opp[o], c));
                    best = after > best ? after : best;
                    passed |= after > ours && before[o] <= ours;
                }
                avail[c] += w;
                if (ours > best) {
                    win[c] += w;
                    wins++;
                } else if (ours == best) {
                    tie[c] += w;
                } else if (passed && (improve >> c & 1u)) {
                    /* An out that also lifts an opponent past the hand it makes. */
                    tainted[c] += w;
                }
            }
            total += w;
            next += w * hit_chance(live, wins, 1);
            river += w * hit_chance(live, wins, k);
        }
        /* Next deal: an odometer over the opponents' rows. */
        size_t o = 0;
        while (o < opponents && ++pick[o] == counts[o])
            pick[o++] = 0;
        if (o == opponents)
            break;
    }
    if (!dealt)
        return PE_ERR_DUPLICATE;
    if (!(total >= (double)dealt * pe_weight_floor()))
        return PE_ERR_ARG; /* the weights' products ran into the bottom of the doubles */
    for (unsigned c = 0; c < 52u; c++) {
        if (avail[c] > 0.0) {
            win[c] /= avail[c];
            tie[c] /= avail[c];
            tainted[c] /= avail[c];
        }
    }
    hit[0] = next / total;
    hit[1] = river / total;
    return PE_OK;
}

/* ---- draws ---- */

/* Rank mask (bit r = rank r) of a card mask. */
static unsigned rank_bits(uint64_t mask)
{
    unsigned bits = 0;
    for (unsigned r = 0; r < 13u; r++)
        bits |= (unsigned)((mask >> (4u * r) & 0xFu) != 0) << r;
    return bits;
}

/* Straight positions: bit 0 is the ace playing low, bit r + 1 is rank r. */
static unsigned positions(unsigned ranks)
{
    return ranks << 1 | (ranks >> PE_ACE & 1u);
}

/* Top position of the best straight among the ranks, 0 for none (no straight tops at
 * position 0: the lowest, the wheel, tops at the five, position 4). */
static unsigned straight_top(unsigned ranks)
{
    unsigned p = positions(ranks);
    unsigned run = p & p >> 1 & p >> 2 & p >> 3 & p >> 4;
    unsigned top = 0;
    for (unsigned i = 0; i < 10u; i++)
        if (run >> i & 1u)
            top = i + 4u;
    return top;
}

static uint64_t cards_of_rank(unsigned r)
{
    return 0xFull << (4u * r);
}

int pe_draws(const uint8_t *hole, const uint8_t *board, size_t nboard, uint64_t *completing)
{
    uint64_t known = 0;
    int rc;
    if (nboard != 3 && nboard != 4)
        return PE_ERR_COUNT;
    if ((rc = take(hole, 2, 0u, &known)) || (rc = take(board, nboard, 0u, &known)))
        return rc;
    for (int d = 0; d < PE_NUM_DRAWS; d++)
        completing[d] = 0;
    uint64_t hole_mask = 1ull << hole[0] | 1ull << hole[1];
    uint64_t board_mask = known & ~hole_mask;
    uint64_t unseen = ~known & ((1ull << 52) - 1u);
    int now = holdem_category(pe_eval_mask(known));

    /* Flush draws: a suit the player holds, four cards of it in all (one short of a
     * flush), or on the flop three (two short: the backdoor, runner-runner). */
    if (now < PE_FLUSH) {
        for (unsigned s = 0; s < 4u; s++) {
            uint64_t suit = 0x1111111111111ull << s;
            unsigned mine = pe_popcount64(hole_mask & suit), all = pe_popcount64(known & suit);
            if (!mine)
                continue;
            if (all == 4u)
                completing[PE_DRAW_FLUSH] |= unseen & suit;
            else if (all == 3u && nboard == 3)
                completing[PE_DRAW_BACKDOOR_FLUSH] |= unseen & suit;
        }
    }

    /* Straight draws: the ranks that would give a straight through the player's cards
     * (higher than any the board makes with that rank alone). */
    if (now < PE_STRAIGHT) {
        unsigned ranks = rank_bits(known), board_ranks = rank_bits(board_mask), fills = 0;
        for (unsigned r = 0; r < 13u; r++) {
            if (ranks >> r & 1u)
                continue;
            unsigned top = straight_top(ranks | 1u << r);
            if (top && top > straight_top(board_ranks | 1u << r))
                fills |= 1u << r;
        }
        uint64_t cards = 0;
        for (unsigned r = 0; r < 13u; r++)
            if (fills >> r & 1u)
                cards |= cards_of_rank(r) & unseen;
        /* Open-ended: four ranks in a row with a filling rank at each end. */
        unsigned p = positions(ranks), f = positions(fills), open = 0;
        for (unsigned i = 0; i + 5u <= 13u; i++)
            open |= (p >> (i + 1u) & 0xFu) == 0xFu && (f >> i & 1u) && (f >> (i + 5u) & 1u);
        unsigned n = 0;
        for (unsigned r = 0; r < 13u; r++)
            n += fills >> r & 1u;
        if (open)
            completing[PE_DRAW_OPEN_ENDED] = cards;
        else if (n >= 2u)
            completing[PE_DRAW_DOUBLE_GUTSHOT] = cards;
        else if (n == 1u)
            completing[PE_DRAW_GUTSHOT] = cards;
    }

    /* Two overcards: both hole cards above every board card (and so unpaired). */
    unsigned top_board = 0;
    for (size_t i = 0; i < nboard; i++)
        top_board = PE_RANK(board[i]) > top_board ? PE_RANK(board[i]) : top_board;
    unsigned r0 = PE_RANK(hole[0]), r1 = PE_RANK(hole[1]);
    if (now < PE_STRAIGHT && r0 != r1 && r0 > top_board && r1 > top_board)
        completing[PE_DRAW_OVERCARDS] = (cards_of_rank(r0) | cards_of_rank(r1)) & unseen;
    return PE_OK;
}

/* ---- odds by the river ---- */

typedef struct {
    int game;
    const uint8_t *hole;
    size_t nhole;
    uint8_t board[5];
    uint32_t *hist; /* value -> runouts */
} an_odds_t;

static void odds_runouts(an_odds_t *t, const uint8_t *deck, size_t ndeck, size_t from, size_t depth,
                         pe_hand_t hand)
{
    if (depth == 5) {
        uint16_t v;
        if (t->game == PE_GAME_OMAHA)
            pe_eval_omaha_ids(t->hole, t->nhole, t->board, 5, &v, NULL, NULL, NULL);
        else
            v = table_value(t->game, hand);
        t->hist[v]++;
        return;
    }
    for (size_t i = from; i + (5 - depth) <= ndeck; i++) {
        t->board[depth] = deck[i];
        odds_runouts(t, deck, ndeck, i + 1, depth + 1, pe_hand_add(hand, deck[i]));
    }
}

/* counts[c] += hist[v] for every value v of category c. */
static void fold_categories(int game, const uint32_t *hist, uint64_t *counts)
{
    for (unsigned v = 1; v <= pe_game_max(game); v++)
        if (hist[v])
            counts[pe_category(game, (uint16_t)v)] += hist[v];
}

int pe_odds(int game, const uint8_t *hole, size_t nhole, const uint8_t *board, size_t nboard,
            const uint8_t *dead, size_t ndead, uint64_t *counts)
{
    if (game != PE_GAME_HOLDEM && game != PE_GAME_SHORTDECK && game != PE_GAME_SHORTDECK_TRIPS &&
        game != PE_GAME_OMAHA)
        return PE_ERR_GAME;
    if (game == PE_GAME_OMAHA ? nhole < 4 || nhole > 6 : nhole != 2)
        return PE_ERR_COUNT;
    if (nboard > 5 || (nboard && nboard < 3))
        return PE_ERR_COUNT;
    unsigned first = pe_game(game)->deck_first;
    uint64_t known = 0;
    int rc;
    if ((rc = take(hole, nhole, first, &known)) || (rc = take(board, nboard, first, &known)) ||
        (rc = take(dead, ndead, first, &known)))
        return rc;
    uint8_t deck[52];
    size_t ndeck = live_cards(known, first, deck);
    if (ndeck < 5 - nboard)
        return PE_ERR_COUNT;
    uint32_t hist[PE_MAX_HOLDEM + 1] = {0};
    an_odds_t t = {game, hole, nhole, {0}, hist};
    for (size_t i = 0; i < nboard; i++)
        t.board[i] = board[i];
    pe_hand_t hand = pe_hand_of_ids(board, nboard);
    if (game != PE_GAME_OMAHA)
        hand = pe_hand_join(hand, pe_hand_of_ids(hole, nhole));
    odds_runouts(&t, deck, ndeck, 0, nboard, hand);
    for (int c = 0; c < 10; c++)
        counts[c] = 0;
    fold_categories(game, hist, counts);
    return PE_OK;
}

/* ---- category tables ---- */

/* Every k-card hand of deck[from..], values counted in hist. */
static void every_hand(int game, const uint8_t *deck, size_t ndeck, size_t from, int left, pe_hand_t h,
                       uint32_t *hist)
{
    if (!left) {
        hist[table_value(game, h)]++;
        return;
    }
    for (size_t i = from; i + (size_t)left <= ndeck; i++)
        every_hand(game, deck, ndeck, i + 1, left - 1, pe_hand_add(h, deck[i]), hist);
}

/* Razz ignores suits, so a hand's value depends on its ranks alone: walk the rank
 * multisets (each rank 0..4 times) and weigh each by its C(4, n) suit choices. */
static void every_rank_multiset(unsigned rank, int left, uint64_t ways, pe_hand_t h, uint64_t *hist)
{
    static const uint64_t choose4[5] = {1, 4, 6, 4, 1};
    if (!left) {
        hist[pe_rank_razz[pe_rank_slot(h)]] += ways;
        return;
    }
    if (rank == 13u)
        return;
    for (int n = 0; n <= 4 && n <= left; n++) {
        every_rank_multiset(rank + 1u, left - n, ways * choose4[n], h, hist);
        h = pe_hand_add(h, 4u * rank + (unsigned)n % 4u);
    }
}

int pe_category_counts(int game, int k, uint64_t *counts)
{
    if (game != PE_GAME_HOLDEM && game != PE_GAME_STUD && game != PE_GAME_SHORTDECK &&
        game != PE_GAME_SHORTDECK_TRIPS && game != PE_GAME_RAZZ && game != PE_GAME_DEUCE_SEVEN)
        return PE_ERR_GAME;
    if (k < 5 || k > (game == PE_GAME_DEUCE_SEVEN ? 5 : 7))
        return PE_ERR_COUNT;
    for (int c = 0; c < 10; c++)
        counts[c] = 0;
    if (game == PE_GAME_HOLDEM || game == PE_GAME_STUD) {
        uint64_t hist[PE_MAX_HOLDEM + 1] = {0};
        int rc = pe_enumerate(k, hist);
        if (rc)
            return rc;
        for (unsigned v = 1; v <= PE_MAX_HOLDEM; v++)
            counts[holdem_category((uint16_t)v)] += hist[v];
        return PE_OK;
    }
    if (game == PE_GAME_RAZZ) {
        uint64_t hist[PE_MAX_RAZZ + 1] = {0};
        every_rank_multiset(0, k, 1, pe_hand_empty(), hist);
        for (unsigned v = 1; v <= PE_MAX_RAZZ; v++)
            if (hist[v])
                counts[pe_category(game, (uint16_t)v)] += hist[v];
        return PE_OK;
    }
    uint8_t deck[52];
    size_t ndeck = live_cards(0, pe_game(game)->deck_first, deck);
    uint32_t hist[PE_MAX_HOLDEM + 1] = {0};
    every_hand(game, deck, ndeck, 0, k, pe_hand_empty(), hist);
    fold_categories(game, hist, counts);
    return PE_OK;
}

/* ---- hand strength ---- */

typedef struct {
    uint8_t ids[AN_MAX_COMBOS][2];
    pe_hand_t hand[AN_MAX_COMBOS];
    uint64_t mask[AN_MAX_COMBOS];
    double weight[AN_MAX_COMBOS];
    uint8_t now[AN_MAX_COMBOS];
    size_t n;
} an_combos_t;

static inline int compare(uint16_t ours, uint16_t theirs)
{
    return ours > theirs ? AN_AHEAD : ours == theirs ? AN_TIED : AN_BEHIND;
}

/* One runout (its cards `run`, the board with them summed in `runout`) against every
 * holding that misses it: potential[3 * now + final] += the holding's weight. */
static void showdowns(const an_combos_t *t, pe_hand_t runout, uint64_t run, pe_hand_t hole_hand,
                      double *potential)
{
    uint16_t ours = pe_lookup_holdem(pe_hand_join(runout, hole_hand));
    for (size_t i = 0; i < t->n; i++) {
        if (t->mask[i] & run)
            continue;
        uint16_t theirs = pe_lookup_holdem(pe_hand_join(runout, t->hand[i]));
        potential[3 * t->now[i] + compare(ours, theirs)] += t->weight[i];
    }
}

int pe_hand_strength(const uint8_t *hole, const uint8_t *board, size_t nboard, const uint8_t *dead,
                     size_t ndead, const uint8_t *combos, const double *weights, size_t ncombos, double *now,
                     double *potential)
{
    uint64_t known = 0;
    int rc;
    if (nboard < 3 || nboard > 5)
        return PE_ERR_COUNT;
    if (ncombos > AN_MAX_COMBOS || (ncombos && !combos))
        return PE_ERR_ARG;
    if ((rc = take(hole, 2, 0u, &known)) || (rc = take(board, nboard, 0u, &known)) ||
        (rc = take(dead, ndead, 0u, &known)))
        return rc;
    uint8_t deck[52];
    size_t ndeck = live_cards(known, 0u, deck);
    if (ndeck < 2 + (5 - nboard)) /* one opponent and the runout, as the sampled entry asks */
        return PE_ERR_COUNT;

    /* The opponent's holdings: the rows given, or every pair of live cards. */
    an_combos_t t;
    t.n = 0;
    if (ncombos) {
        for (size_t i = 0; i < ncombos; i++) {
            const uint8_t *row = combos + 2 * i;
            if (row[0] >= 52 || row[1] >= 52)
                return PE_ERR_CARD;
            uint64_t bits = 1ull << row[0] | 1ull << row[1];
            double w = weights ? weights[i] : 1.0;
            if (!(w >= 0.0) || w > 1e300)
                return PE_ERR_ARG;
            if ((bits & known) || row[0] == row[1] || w == 0.0)
                continue;
            t.ids[t.n][0] = row[0], t.ids[t.n][1] = row[1], t.weight[t.n++] = w;
        }
    } else {
        for (size_t i = 0; i < ndeck; i++)
            for (size_t j = i + 1; j < ndeck; j++)
                t.ids[t.n][0] = deck[i], t.ids[t.n][1] = deck[j], t.weight[t.n++] = 1.0;
    }
    if (!t.n)
        return PE_ERR_DUPLICATE;

    pe_hand_t board_hand = pe_hand_of_ids(board, nboard);
    pe_hand_t mine = pe_hand_join(board_hand, pe_hand_of_ids(hole, 2));
    uint16_t ours_now = pe_lookup_holdem(mine);
    for (int i = 0; i < 3; i++)
        now[i] = 0.0;
    for (int i = 0; i < 9; i++)
        potential[i] = 0.0;
    for (size_t i = 0; i < t.n; i++) {
        t.hand[i] = pe_hand_of_ids(t.ids[i], 2);
        t.mask[i] = 1ull << t.ids[i][0] | 1ull << t.ids[i][1];
        t.now[i] = (uint8_t)compare(ours_now, pe_lookup_holdem(pe_hand_join(board_hand, t.hand[i])));
        now[t.now[i]] += t.weight[i];
    }

    /* Every runout of the live cards, and against it every holding that it misses:
     * potential[3 * now + final] sums the weights (Billings et al.'s HP matrix). */
    size_t k = 5 - nboard;
    if (k == 0) {
        for (size_t i = 0; i < t.n; i++)
            potential[4 * t.now[i]] += t.weight[i];
        return PE_OK;
    }
    pe_hand_t hole_hand = pe_hand_of_ids(hole, 2);
    for (size_t a = 0; a < ndeck; a++) {
        pe_hand_t turn = pe_hand_add(board_hand, deck[a]);
        if (k == 1) {
            showdowns(&t, turn, 1ull << deck[a], hole_hand, potential);
            continue;
        }
        for (size_t b = a + 1; b < ndeck; b++)
            showdowns(&t, pe_hand_add(turn, deck[b]), 1ull << deck[a] | 1ull << deck[b], hole_hand,
                      potential);
    }
    return PE_OK;
}

/* ---- hand strength by Monte Carlo: the core's generator (pe_rng_t, internal.h), its
 * state on this call's stack ---- */

int pe_hand_strength_sampled(const uint8_t *hole, const uint8_t *board, size_t nboard, const uint8_t *dead,
                             size_t ndead, size_t opponents, const uint8_t *combos, const double *cumulative,
                             const uint32_t *counts, uint64_t samples, uint64_t seed, double *now,
                             double *potential, const int *stop)
{
    uint64_t known = 0;
    int rc;
    if (nboard < 3 || nboard > 5)
        return PE_ERR_COUNT;
    if (opponents < 1 || opponents > AN_MAX_OPPONENTS || (combos && (!cumulative || !counts)))
        return PE_ERR_ARG;
    if ((rc = take(hole, 2, 0u, &known)) || (rc = take(board, nboard, 0u, &known)) ||
        (rc = take(dead, ndead, 0u, &known)))
        return rc;
    uint8_t deck[52];
    size_t ndeck = live_cards(known, 0u, deck), k = 5 - nboard;
    if (ndeck < 2 * opponents + k)
        return PE_ERR_COUNT;
    const uint8_t *rows[AN_MAX_OPPONENTS];
    const double *cum[AN_MAX_OPPONENTS];
    if (combos) {
        size_t at = 0;
        for (size_t o = 0; o < opponents; o++) {
            if (!counts[o] || !(cumulative[at + counts[o] - 1] > 0.0))
                return PE_ERR_ARG;
            rows[o] = combos + 2 * at, cum[o] = cumulative + at;
            at += counts[o];
        }
        for (size_t i = 0; i < 2 * at; i++)
            if (combos[i] >= 52)
                return PE_ERR_CARD;
    }
    pe_rng_t rng;
    pe_rng_seed(&rng, seed);
    for (int i = 0; i < 3; i++)
        now[i] = 0.0;
    for (int i = 0; i < 9; i++)
        potential[i] = 0.0;
    pe_hand_t board_hand = pe_hand_of_ids(board, nboard), hole_hand = pe_hand_of_ids(hole, 2);
    uint16_t ours_now = pe_lookup_holdem(pe_hand_join(board_hand, hole_hand));
    uint64_t rejects = 0;
    for (uint64_t s = 0, polled = 0; s < samples;) {
        /* The caller's stop flag, every few thousand deals (well under a millisecond). */
        if (++polled % 4096u == 0 && pe_stop_raised(stop))
            return PE_ERR_STOPPED;
        uint64_t used = known;
        pe_hand_t opp[AN_MAX_OPPONENTS];
        int ok = 1;
        for (size_t o = 0; o < opponents && ok; o++) {
            uint8_t c0, c1;
            if (combos) {
                const uint8_t *row = rows[o] + 2 * pe_pick_weighted(cum[o], counts[o], &rng);
                c0 = row[0], c1 = row[1];
            } else {
                c0 = deck[pe_rng_below(&rng, (uint32_t)ndeck)];
                c1 = deck[pe_rng_below(&rng, (uint32_t)ndeck)];
            }
            uint64_t bits = 1ull << c0 | 1ull << c1;
            ok = c0 != c1 && !(used & bits);
            used |= bits;
            opp[o] = pe_hand_add(pe_hand_add(pe_hand_empty(), c0), c1);
        }
        if (!ok) {
            if (++rejects >= AN_MAX_REJECTS)
                return PE_ERR_DUPLICATE;
            continue;
        }
        rejects = 0;
        pe_hand_t runout = board_hand;
        for (size_t d = 0; d < k; d++) {
            uint8_t c;
            do
                c = deck[pe_rng_below(&rng, (uint32_t)ndeck)];
            while (used >> c & 1u);
            used |= 1ull << c;
            runout = pe_hand_add(runout, c);
        }
        uint16_t best_now = 0, best_final = 0;
        for (size_t o = 0; o < opponents; o++) {
            uint16_t a = pe_lookup_holdem(pe_hand_join(board_hand, opp[o]));
            uint16_t b = pe_lookup_holdem(pe_hand_join(runout, opp[o]));
            best_now = a > best_now ? a : best_now;
            best_final = b > best_final ? b : best_final;
        }
        int before = compare(ours_now, best_now);
        now[before] += 1.0;
        potential[3 * before + compare(pe_lookup_holdem(pe_hand_join(runout, hole_hand)), best_final)] += 1.0;
        s++;
    }
    return PE_OK;
}
