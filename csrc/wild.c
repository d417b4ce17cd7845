/* wild.c - hold'em-ranked hands with wild cards: jokers, the bug, deuces wild.
 *
 * A wild card may stand for any card (jokers, deuces) or for an ace or a card that
 * completes a straight or a flush (the bug).  Trying all 52 cards for each wild card
 * would cost 52^w evaluations; instead each category is reached in one step from the
 * natural cards' rank counts and suit masks:
 *
 * - Five of a kind: some rank's count plus the wild cards reaches five (the bug: aces).
 * - Straight flush: in some suit, a window of five ranks misses at most w of them.
 * - Flush: a suit holding 5 - w or more naturals, the wild cards filling its highest
 *   missing ranks (filling the highest is best, as flushes compare from the top down).
 * - Straight: a window of five ranks that misses at most w ranks of the naturals.
 * - Everything else depends on ranks alone, and the best use of the wild cards there is
 *   to join the largest group (then the highest rank): that turns a pair into trips
 *   rather than two pair, trips into quads rather than a full house, and two pair into
 *   a full house on the higher pair, since a category of more alike cards always wins.
 *   The naturals plus w cards of that rank are one rank-key lookup.
 * The value is the greatest of these candidates, as every value is on one scale.
 * A flush needs five different ranks, so a wild card never doubles a card of the flush.
 */
#include "internal.h"

#define NO_WINDOW 0xFFFFu

/* The ten straights as 13-bit rank masks, best first; the wheel (A-2-3-4-5) last. */
static const uint16_t windows[10] = {0x1F00u, 0x0F80u, 0x07C0u, 0x03E0u, 0x01F0u,
                                     0x00F8u, 0x007Cu, 0x003Eu, 0x001Fu, 0x100Fu};

/* No-flush value of a sum of rank keys of 5..7 ranks (at most four of a rank). */
/* The best straight window in `ranks` that misses at most w ranks, or NO_WINDOW. */
static unsigned best_window(unsigned ranks, unsigned w)
{
    for (unsigned i = 0; i < 10u; i++)
        if (pe_popcount64(windows[i] & ~ranks) <= w)
            return i;
    return NO_WINDOW;
}

/* `mask` with its `w` highest missing ranks set. */
static unsigned fill_highest(unsigned mask, unsigned w)
{
    for (int r = 12; r >= 0 && w; r--)
        if (!(mask >> r & 1u))
            mask |= 1u << r, w--;
    return mask;
}

/* What the hand becomes: the winning candidate, enough to rebuild the cards. */
typedef struct {
    uint16_t value;
    int kind;      /* 0 five of a kind, 1 flush or straight flush, 2 straight, 3 ranks */
    unsigned rank; /* five of a kind, or the rank the wild cards join */
    unsigned suit; /* flush: its suit */
} pick_t;

static inline void consider(pick_t *best, uint16_t value, int kind, unsigned suit)
{
    if (value > best->value)
        best->value = value, best->kind = kind, best->suit = suit;
}

static inline int is_wild(int wild, unsigned id)
{
    return id >= 52u || (wild == PE_WILD_DEUCES && PE_RANK(id) == 0u);
}

/* Index of the highest set bit of a nonzero x. */
static inline unsigned top_bit(unsigned x)
{
#if defined(__GNUC__) || defined(__clang__)
    return 31u - (unsigned)__builtin_clz(x);
#else
    unsigned r = 0;
    while (x >>= 1)
        r++;
    return r;
#endif
}

/* The best flush or straight flush of a suit whose naturals have the ranks `mask`, with
 * w >= 1 wild cards (0 when they do not make five).  The bug takes the same table as a
 * joker: where it completes a flush it is the best card of the suit the hand lacks, even
 * with five naturals of the suit already (the ace held, the king), so a sixth card of
 * the suit never makes the hand weaker.  Both paths take flushes from here. */
static inline uint16_t flush_value(unsigned w, unsigned mask)
{
    return pe_wild_flush[(w - 1u) * 8192u + mask];
}

static pick_t best_pick(int wild, const uint8_t *ids, size_t n)
{
    unsigned suits[4] = {0, 0, 0, 0}, w = 0;
    uint32_t key = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned id = ids[i];
        if (is_wild(wild, id)) {
            w++;
            continue;
        }
        suits[PE_SUIT(id)] |= 1u << PE_RANK(id);
        key += pe_rank_keys[PE_RANK(id)];
    }
    pick_t best = {0, 3, PE_ACE, 0};
    if (w == 0) {
        best.value = pe_eval_high(PE_GAME_HOLDEM, ids, n);
        return best;
    }
    /* The rank the wild cards join: the largest group, then the highest rank (the bug
     * only ever joins the aces).  Ranks held by two, three or four suits at once are
     * ANDs of the suit masks. */
    unsigned s0 = suits[0], s1 = suits[1], s2 = suits[2], s3 = suits[3];
    unsigned four = s0 & s1 & s2 & s3;
    unsigned three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1));
    unsigned two = (s0 & (s1 | s2 | s3)) | (s1 & (s2 | s3)) | (s2 & s3);
    unsigned one = s0 | s1 | s2 | s3;
    unsigned alike = 0;
    unsigned join = top_bit(four ? four : three ? three : two ? two : one);
    if (wild == PE_WILD_BUG) {
        join = PE_ACE; /* and `alike` counts its aces */
        alike = (one >> PE_ACE & 1u) + (two >> PE_ACE & 1u) + (three >> PE_ACE & 1u) + (four >> PE_ACE & 1u);
    }
    best.rank = join;
    /* Five of a kind: the highest rank with 5 - w naturals or more (not always the
     * largest group: with four deuces wild, 5 5 K makes five kings). */
    unsigned at_least[5] = {one, one, two, three, four};
    unsigned five = wild == PE_WILD_BUG ? (alike + w >= 5u ? 1u : 0u) << PE_ACE : w >= 4u ? one : at_least[5u - w];
    if (five) {
        best.rank = top_bit(five);
        best.value = (uint16_t)(PE_MAX_HOLDEM + 1u + best.rank);
        best.kind = 0;
        return best; /* nothing beats five of a kind */
    }
    for (unsigned s = 0; s < 4u; s++)
        consider(&best, flush_value(w, suits[s]), 1, s);
    consider(&best, pe_wild_straight[(w - 1u) * 8192u + one], 2, 0);
    consider(&best, pe_rank_value_holdem(key + w * pe_rank_keys[join]), 3, 0);
    return best;
}

/* The checks of a call, before its cards: game, rule, count, pointer. */
static int check_call(int game, int wild, const uint8_t *ids, size_t n)
{
    const pe_game_t *g = pe_game(game);
    if (g == NULL || !g->wild)
        return g == NULL ? PE_ERR_GAME : PE_ERR_WILD;
    if (wild != PE_WILD_JOKER && wild != PE_WILD_BUG && wild != PE_WILD_DEUCES)
        return PE_ERR_ARG;
    if (n < 5 || n > 7)
        return PE_ERR_COUNT;
    if (ids == NULL)
        return PE_ERR_ARG;
    return PE_OK;
}

/* The checks of one hand's cards, in card order: the first bad card decides the code. */
static int check_cards(int wild, const uint8_t *ids, size_t n)
{
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned id = ids[i];
        /* Jokers (52, 53) only where jokers play; deuces wild needs none. */
        if (id >= 54u || (id >= 52u && wild == PE_WILD_DEUCES))
            return PE_ERR_CARD;
        if (seen >> id & 1u)
            return PE_ERR_DUPLICATE;
        seen |= (uint64_t)1 << id;
    }
    return PE_OK;
}

static int check_wild(int game, int wild, const uint8_t *ids, size_t n)
{
    int rc = check_call(game, wild, ids, n);
    return rc != PE_OK ? rc : check_cards(wild, ids, n);
}

int pe_wild_eval(int game, int wild, const uint8_t *ids, size_t n, uint16_t *value)
{
    if (value == NULL)
        return PE_ERR_ARG;
    int rc = check_wild(game, wild, ids, n);
    if (rc != PE_OK)
        return rc;
    *value = best_pick(wild, ids, n).value;
    return PE_OK;
}

uint16_t pe_eval_wild_unchecked(int wild, const uint8_t *ids, size_t n)
{
    return best_pick(wild, ids, n).value;
}

/* ---- the batch: one table lookup a row ----
 * best_pick above is the reference; the batch reaches the same values from tables that
 * gen_tables.py derives from the rules (a test holds every rank multiset and wild count
 * of the tables to best_pick).  Each card adds one 64-bit constant (pe_wild_card_keys):
 * naturals their rank key and suit counter, a wild card PE_WILD_KEY, a one in every suit
 * counter and a one in the wild count.  So the sum holds the natural ranks and the wild
 * count w in one key, and a suit counter reaches 8 exactly when its naturals and the
 * wild cards make five: the only suits a flush can come from.  Everything but flushes
 * depends on the ranks and w alone, which is one lookup (five of a kind, straights and
 * the groups the wild cards join all included); the best flush of each such suit is one
 * more, and the value is the greater.  With w = 0 the lookups are plain hold'em's.
 * The AVX-512 kernel (simd_avx512.c) sums sixteen rows at a time the same way and hands
 * the rows with a suit within reach of a flush back to pe_wild_value_of_sum. */
static inline uint16_t table_value(const pe_wild_hash_t *h, uint64_t key, uint64_t lanes)
{
    unsigned w = (unsigned)(key >> 48) & 0xFu;
    uint16_t v = pe_wild_rank_value(h, (uint32_t)key, w);
    /* A suit within reach of a flush, if any: its flush table entry (with none, a read of
     * suit 0's masked to nothing, rather than a branch). */
    uint32_t f = (uint32_t)(key >> 32) & 0x8888u;
    unsigned mask = (unsigned)(lanes >> (16u * pe_flush_suit(f & (0u - f)))) & 0x1FFFu;
    uint16_t flush = (uint16_t)(h->flush[w][mask] & (0u - (f != 0)));
    v = flush > v ? flush : v;
    /* Two suits within reach only with three wild cards or more. */
    for (f &= f - 1u; f; f &= f - 1u) {
        mask = (unsigned)(lanes >> (16u * pe_flush_suit(f & (0u - f)))) & 0x1FFFu;
        flush = flush_value(w, mask);
        v = flush > v ? flush : v;
    }
    return v;
}

/* A row's sum: the key and the lanes; bad is nonzero if the row holds a byte outside the
 * deck or a card twice. */
typedef struct {
    uint64_t key, lanes;
    int bad;
} row_sum_t;

static inline row_sum_t sum_row(const uint64_t *card_keys, const uint64_t *card_lanes, const uint8_t *ids,
                                unsigned k)
{
    uint64_t key = PE_SUIT_START, lanes = 0, lane_sum = 0;
    for (unsigned i = 0; i < k; i++) {
        uint64_t lane = card_lanes[ids[i]];
        key += card_keys[ids[i]];
        /* Each card, wild ones too, has its own lane bit: the sum equals the OR unless a
         * card repeats. */
        lane_sum += lane;
        lanes |= lane;
    }
    /* Bytes that are no card of the deck count themselves from bit 56. */
    row_sum_t sum = {key, lanes, (key >> 56) != 0 || lane_sum != lanes};
    return sum;
}

uint16_t pe_wild_value_of_sum(int wild, const uint8_t *ids, size_t k, uint64_t key)
{
    const uint64_t *card_lanes = pe_wild_card_lanes + 256u * (wild == PE_WILD_DEUCES);
    uint64_t lanes = 0;
    for (size_t i = 0; i < k; i++)
        lanes |= card_lanes[ids[i]];
    pe_wild_hash_t h = pe_wild_hash(wild);
    return table_value(&h, key, lanes);
}

static int batch_rows(int wild, const uint8_t *ids, size_t rows, unsigned k, uint16_t *out, size_t *bad_row)
{
    const unsigned deuces = wild == PE_WILD_DEUCES;
    const uint64_t *card_keys = pe_wild_card_keys + 256u * deuces;
    const uint64_t *card_lanes = pe_wild_card_lanes + 256u * deuces;
    const pe_wild_hash_t h = pe_wild_hash(wild);
    for (size_t r = 0; r < rows; r++, ids += k) {
        row_sum_t sum = sum_row(card_keys, card_lanes, ids, k);
        if (sum.bad) {
            /* The card-by-card check names the first bad card's code. */
            *bad_row = r;
            return check_cards(wild, ids, k);
        }
        out[r] = table_value(&h, sum.key, sum.lanes);
    }
    return PE_OK;
}

int pe_batch_wild_scalar(int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row)
{
    /* One copy per card count, so the compiler unrolls the card loop. */
    return k == 5 ? batch_rows(wild, ids, rows, 5, out, bad_row)
           : k == 6 ? batch_rows(wild, ids, rows, 6, out, bad_row)
                    : batch_rows(wild, ids, rows, 7, out, bad_row);
}

int pe_wild_batch(int game, int wild, const uint8_t *ids, size_t rows, size_t k, uint16_t *out, size_t *bad_row)
{
    size_t ignored;
    if (bad_row == NULL)
        bad_row = &ignored;
    *bad_row = 0;
    if (rows == 0)
        return check_call(game, wild, NULL, 5) == PE_ERR_ARG ? PE_OK : check_call(game, wild, NULL, 5);
    if (out == NULL)
        return PE_ERR_ARG;
    int rc = check_call(game, wild, ids, k);
    if (rc != PE_OK)
        return rc;
    return pe_batch_wild(wild, ids, rows, k, out, bad_row);
}

/* A card of rank r that no natural and no earlier stand-in uses, preferring suit
 * `suit` (4: any); a duplicate of a held card only when all four are taken. */
static unsigned free_card(uint64_t used, unsigned r, unsigned suit)
{
    if (suit < 4u && !(used >> (4u * r + suit) & 1u))
        return 4u * r + suit;
    for (unsigned s = 4; s-- > 0;)
        if (!(used >> (4u * r + s) & 1u))
            return 4u * r + s;
    return 4u * r + 3u;
}

int pe_wild_best_cards(int game, int wild, const uint8_t *ids, size_t n, uint16_t *value, uint8_t *pos,
                       uint8_t *stands_for)
{
    if (value == NULL || pos == NULL || stands_for == NULL)
        return PE_ERR_ARG;
    int rc = check_wild(game, wild, ids, n);
    if (rc != PE_OK)
        return rc;
    pick_t best = best_pick(wild, ids, n);
    *value = best.value;

    uint64_t used = 0;
    size_t wilds[7], nw = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_wild(wild, ids[i]))
            wilds[nw++] = i;
        else
            used |= (uint64_t)1 << ids[i];
    }
    if (best.kind == 0) {
        /* Five of a kind: the naturals of the rank, then the wild cards as that rank. */
        size_t m = 0;
        for (size_t i = 0; i < n && m < 5; i++)
            if (!is_wild(wild, ids[i]) && PE_RANK(ids[i]) == best.rank)
                pos[m] = (uint8_t)i, stands_for[m++] = ids[i];
        for (size_t j = 0; j < nw && m < 5; j++) {
            unsigned card = free_card(used, best.rank, 4);
            used |= (uint64_t)1 << card;
            pos[m] = (uint8_t)wilds[j], stands_for[m++] = (uint8_t)card;
        }
        return PE_OK;
    }
    /* Otherwise the wild cards become cards no natural holds, and the hand they make
     * is an ordinary one: its best five come from pe_best_cards. */
    uint8_t as_cards[7];
    for (size_t i = 0; i < n; i++)
        as_cards[i] = ids[i];
    size_t j = 0;
    if (best.kind == 1 || best.kind == 2) {
        unsigned suits_held[13] = {0}, suit_mask = 0, all = 0;
        for (size_t i = 0; i < n; i++)
            if (!is_wild(wild, ids[i])) {
                suits_held[PE_RANK(ids[i])] |= 1u << PE_SUIT(ids[i]);
                all |= 1u << PE_RANK(ids[i]);
                if (PE_SUIT(ids[i]) == best.suit)
                    suit_mask |= 1u << PE_RANK(ids[i]);
            }
        /* The ranks the hand plays: the best window reachable, else (a flush) the suit's
         * ranks topped up from the highest missing ones. */
        unsigned win = best_window(best.kind == 1 ? suit_mask : all, nw);
        unsigned ranks = win != NO_WINDOW ? windows[win] : fill_highest(suit_mask, nw);
        for (unsigned r = 13; r-- > 0 && j < nw;) {
            if (!(ranks >> r & 1u))
                continue;
            int need = best.kind == 1 ? !(suits_held[r] >> best.suit & 1u) : suits_held[r] == 0;
            if (need) {
                unsigned card = free_card(used, r, best.kind == 1 ? best.suit : 4);
                used |= (uint64_t)1 << card;
                as_cards[wilds[j++]] = (uint8_t)card;
            }
        }
    } else {
        for (; j < nw; j++) {
            unsigned card = free_card(used, best.rank, 4);
            used |= (uint64_t)1 << card;
            as_cards[wilds[j]] = (uint8_t)card;
        }
    }
    /* Wild cards the hand does not need stand for the lowest cards nobody holds. */
    for (unsigned card = 0; j < nw && card < 52u; card++)
        if (!(used >> card & 1u)) {
            used |= (uint64_t)1 << card;
            as_cards[wilds[j++]] = (uint8_t)card;
        }
    size_t n_hi = 0;
    rc = pe_best_cards(PE_GAME_HOLDEM, 0, as_cards, n, 0, pos, &n_hi, NULL, NULL, NULL);
    if (rc != PE_OK)
        return rc;
    for (size_t i = 0; i < 5; i++)
        stands_for[i] = as_cards[pos[i]];
    return PE_OK;
}
