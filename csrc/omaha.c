/* omaha.c - Omaha high and hi-lo: exactly two hole cards and three board cards.
 *
 * The value is the best of the C(hole,2) * C(board,3) five-card hands (60 for PLO4
 * with a full board), found without trying them one by one where it can be avoided:
 *
 * - Flush.  A pick is a flush only in a suit with at least three board cards and two
 *   hole cards, and a board of at most five cards has at most one suit with three, so
 *   one test of the suit counters rules flushes out for most hands.  When a flush is
 *   possible, the best one is worked out from that suit's two rank masks.
 * - Everything else depends on ranks alone, so every pick is a rank-key lookup (no
 *   flush test per pick).  A flush pick looked up by its ranks gets its no-flush
 *   value, which is below its flush value, so taking the maximum of both halves is
 *   exact.  With a full board the ranks are looked up once more in a const table
 *   (pe_omaha_pair_best, generated into tables_omaha.c) of the best no-flush value of every
 *   pair of hole ranks against every five-card board: six lookups for PLO4, not sixty.
 * - Low (hi-lo).  Only ranks A..8 count and suits never do, so a pair of distinct low
 *   hole ranks plays best with the three lowest board low ranks it does not repeat; the
 *   answer depends only on the two masks of low ranks, and a second generated table
 *   (pe_omaha_best_low8) holds it for every pair of masks.
 *
 * Positions of the cards that play (pe_best_cards only) come from trying every pick.
 */
#include "internal.h"

/* Hole-rank pairs (a <= b, 13 * 14 / 2 of them) in a row of the full-board table. */
#define PE_OMAHA_PAIR_SLOTS 91u

static inline unsigned pair_slot(unsigned a, unsigned b)
{
    unsigned lo = a < b ? a : b, hi = a ^ b ^ lo;
    /* Row lo starts after the 13 + 12 + ... pairs with a smaller low rank. */
    return lo * (25u - lo) / 2u + hi;
}

/* No-flush value of a 5-7 card sum of rank keys (pe_rank_keys). */
/* ---- the full-board tables ---- */

/* A five-card board's ranks, sorted r0 <= ... <= r4, become the strictly increasing
 * r0 < r1 + 1 < ... < r4 + 4 below 17, and those are numbered by the combinatorial
 * number system: sum of C(r_i + i, i + 1), 0 .. C(17,5) - 1.  choose[i][r] = C(r + i, i + 1). */
#define PE_OMAHA_BOARD_SLOTS 6188u

static const uint16_t choose[5][13] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12},
    {0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78},
    {0, 1, 4, 10, 20, 35, 56, 84, 120, 165, 220, 286, 364},
    {0, 1, 5, 15, 35, 70, 126, 210, 330, 495, 715, 1001, 1365},
    {0, 1, 6, 21, 56, 126, 252, 462, 792, 1287, 2002, 3003, 4368},
};

static inline unsigned board_slot(unsigned r0, unsigned r1, unsigned r2, unsigned r3, unsigned r4)
{
    return choose[0][r0] + choose[1][r1] + choose[2][r2] + choose[3][r3] + choose[4][r4];
}

static inline void sort2(unsigned *a, unsigned *b)
{
    unsigned lo = *a < *b ? *a : *b;
    *b = *a ^ *b ^ lo;
    *a = lo;
}

static inline unsigned board_slot_of(const uint8_t *board)
{
    unsigned r0 = PE_RANK(board[0]), r1 = PE_RANK(board[1]), r2 = PE_RANK(board[2]);
    unsigned r3 = PE_RANK(board[3]), r4 = PE_RANK(board[4]);
    /* A sorting network for five (nine compare-exchanges, no branches). */
    sort2(&r0, &r3), sort2(&r1, &r4), sort2(&r0, &r2), sort2(&r1, &r3), sort2(&r0, &r1);
    sort2(&r2, &r4), sort2(&r1, &r2), sort2(&r3, &r4), sort2(&r2, &r3);
    return board_slot(r0, r1, r2, r3, r4);
}


/* ---- flushes ---- */

/* The ten straights as 13-bit rank masks (bit 0 = deuce), best first; the wheel last. */
static const uint16_t straights[10] = {
    0x1F00, 0x0F80, 0x07C0, 0x03E0, 0x01F0, 0x00F8, 0x007C, 0x003E, 0x001F, 0x100F,
};

static inline uint32_t keep_highest(uint32_t mask, unsigned k)
{
    while (pe_popcount64(mask) > k)
        mask &= mask - 1u;
    return mask;
}

/* Best flush from two of `hole` and three of `board`, the disjoint rank masks of one
 * suit (at least two and three bits).  A straight flush needs exactly two of its ranks
 * in the hole; otherwise the two highest hole ranks with the three highest board ranks
 * make the best flush, since raising any card of a flush never lowers it. */
static uint16_t best_flush(uint32_t hole, uint32_t board)
{
    uint32_t both = hole | board;
    for (int w = 0; w < 10; w++) {
        uint32_t run = straights[w];
        if ((run & ~both) == 0 && pe_popcount64(run & hole) == 2u)
            return pe_flush_holdem[run];
    }
    return pe_flush_holdem[keep_highest(hole, 2) | keep_highest(board, 3)];
}

/* ---- lows ---- */

/* Ace-low rank mask bit (bit 0 = A, ..., bit 7 = 8) of a card that can play in an
 * 8-or-better low, else 0: ranks 2..8 (0..6) shift to bits 1..7, higher ranks shift out
 * of the byte, and the ace (12) sets bit 0. */
static inline unsigned low8_bit(unsigned id)
{
    unsigned r = PE_RANK(id);
    return ((2u << r) | (unsigned)(r == PE_ACE)) & 0xFFu;
}

/* ---- values ---- */

static void eval_values(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb,
                        uint16_t *hi, uint16_t *lo)
{
    /* Suit counters as in pe_hand_t, one nibble per suit but starting at 0. */
    uint32_t hole_suits = 0, board_suits = 0;
    for (size_t i = 0; i < nh; i++)
        hole_suits += 1u << (4u * PE_SUIT(hole[i]));
    for (size_t i = 0; i < nb; i++)
        board_suits += 1u << (4u * PE_SUIT(board[i]));

    uint16_t best = 0;
    if (nb == 5) {
        const uint16_t *row = pe_omaha_pair_best + board_slot_of(board) * PE_OMAHA_PAIR_SLOTS;
        for (size_t i = 0; i < nh; i++)
            for (size_t j = i + 1; j < nh; j++) {
                uint16_t v = row[pair_slot(PE_RANK(hole[i]), PE_RANK(hole[j]))];
                best = v > best ? v : best;
            }
    } else {
        uint32_t pairs[15], triples[10];
        size_t np = 0, nt = 0;
        for (size_t i = 0; i < nh; i++)
            for (size_t j = i + 1; j < nh; j++)
                pairs[np++] = pe_rank_keys[PE_RANK(hole[i])] + pe_rank_keys[PE_RANK(hole[j])];
        for (size_t a = 0; a < nb; a++)
            for (size_t b = a + 1; b < nb; b++)
                for (size_t c = b + 1; c < nb; c++)
                    triples[nt++] = pe_rank_keys[PE_RANK(board[a])] + pe_rank_keys[PE_RANK(board[b])] +
                                    pe_rank_keys[PE_RANK(board[c])];
        for (size_t p = 0; p < np; p++)
            for (size_t t = 0; t < nt; t++) {
                uint16_t v = pe_rank_value_holdem(pairs[p] + triples[t]);
                best = v > best ? v : best;
            }
    }

    /* A nibble reaches 8 when the board holds 3+ of its suit (+5) and the hole 2+
     * (+6); neither count can carry into the next nibble (5 + 5, 6 + 6 < 16). */
    uint32_t flush = (board_suits + 0x5555u) & (hole_suits + 0x6666u) & 0x8888u;
    if (flush) {
        uint64_t hole_lanes = 0, board_lanes = 0;
        for (size_t i = 0; i < nh; i++)
            hole_lanes |= pe_card_lanes[hole[i]];
        for (size_t i = 0; i < nb; i++)
            board_lanes |= pe_card_lanes[board[i]];
        unsigned shift = 16u * pe_flush_suit(flush);
        uint16_t v = best_flush((uint32_t)(hole_lanes >> shift) & 0x1FFFu,
                                (uint32_t)(board_lanes >> shift) & 0x1FFFu);
        best = v > best ? v : best;
    }
    *hi = best;
    if (lo == NULL)
        return;
    unsigned hole_low = 0, board_low = 0;
    for (size_t i = 0; i < nh; i++)
        hole_low |= low8_bit(hole[i]);
    for (size_t i = 0; i < nb; i++)
        board_low |= low8_bit(board[i]);
    *lo = pe_omaha_best_low8[hole_low * 256u + board_low];
}

/* ---- which cards play ---- */

/* Every pick tried in turn (for pe_best_cards only, off the hot path): the first pick
 * worth the best value, as positions in the caller's row (hole, then board at nh + i). */
static void find_positions(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb,
                           uint16_t *hi, uint16_t *lo, uint8_t *hi_pos, uint8_t *lo_pos)
{
    uint16_t best_hi = 0, best_lo = 0;
    for (size_t i = 0; i < nh; i++)
        for (size_t j = i + 1; j < nh; j++)
            for (size_t a = 0; a < nb; a++)
                for (size_t b = a + 1; b < nb; b++)
                    for (size_t c = b + 1; c < nb; c++) {
                        uint8_t pick[5] = {(uint8_t)i, (uint8_t)j, (uint8_t)(nh + a), (uint8_t)(nh + b),
                                           (uint8_t)(nh + c)};
                        pe_hand_t h = pe_hand_empty();
                        unsigned low = 0, all_low = 1;
                        for (int k = 0; k < 5; k++) {
                            unsigned id = pick[k] < nh ? hole[pick[k]] : board[pick[k] - nh];
                            h = pe_hand_add(h, id);
                            all_low &= low8_bit(id) != 0u && !(low & low8_bit(id));
                            low |= low8_bit(id);
                        }
                        uint16_t v = pe_lookup_holdem(h);
                        uint16_t lv = all_low ? pe_low8_value[low] : 0;
                        if (v > best_hi) {
                            best_hi = v;
                            for (int k = 0; k < 5; k++)
                                hi_pos[k] = pick[k];
                        }
                        if (lv > best_lo) {
                            best_lo = lv;
                            for (int k = 0; k < 5; k++)
                                lo_pos[k] = pick[k];
                        }
                    }
    *hi = best_hi;
    if (lo)
        *lo = best_lo;
}

void pe_eval_omaha_ids(const uint8_t *hole, size_t nh, const uint8_t *board, size_t nb,
                       uint16_t *hi, uint16_t *lo, uint8_t *hi_pos, uint8_t *lo_pos)
{
    if (hi_pos == NULL && lo_pos == NULL) {
        eval_values(hole, nh, board, nb, hi, lo);
        return;
    }
    /* Until a pick wins (a low may never), both point at the first pick. */
    uint8_t hi_tmp[5], lo_tmp[5];
    hi_pos = hi_pos ? hi_pos : hi_tmp;
    lo_pos = lo_pos ? lo_pos : lo_tmp;
    for (int k = 0; k < 5; k++)
        hi_pos[k] = lo_pos[k] = (uint8_t)(k < 2 ? k : (int)nh + k - 2);
    find_positions(hole, nh, board, nb, hi, lo, hi_pos, lo_pos);
}
