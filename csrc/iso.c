/* iso.c - suit isomorphism: deals that are the same up to renaming suits.
 *
 * Renaming the four suits (one of 24 permutations) maps a deal to one with the same
 * equity for every player, as long as the renaming also maps the board and the dead
 * cards onto themselves.  Two uses:
 *
 * - pe_iso_suit_classes: inside one deal, suits that nothing tells apart (every player,
 *   the board and the dead cards hold the same ranks of them) play the same part;
 *   the equity engine works out such a suit once and counts it by its class size.
 * - pe_iso_canonical_deals: across deals (range against range), each deal is renamed
 *   to the least of its images under the permutations that fix the board and the dead
 *   cards, so that deals with equal canonical rows share one enumeration. */
#include "internal.h"

/* The 24 permutations of 4 suits, perm[i][s] = the suit s becomes. */
static const uint8_t suit_perms[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0},
};

void pe_iso_suit_classes(const uint16_t (*masks)[4], size_t nmasks, uint8_t rep[4], uint8_t mult[4])
{
    for (unsigned s = 0; s < 4; s++) {
        rep[s] = (uint8_t)s;
        mult[s] = 0;
        for (unsigned t = 0; t < s; t++) {
            size_t i = 0;
            while (i < nmasks && masks[i][s] == masks[i][t])
                i++;
            if (i == nmasks) {
                rep[s] = rep[t];
                break;
            }
        }
        mult[rep[s]]++;
    }
}

/* Rank masks of a set of cards, one per suit. */
static void suit_masks(uint64_t cards, uint16_t out[4])
{
    for (unsigned s = 0; s < 4; s++)
        out[s] = 0;
    for (unsigned id = 0; id < 52; id++)
        if (cards >> id & 1u)
            out[PE_SUIT(id)] |= (uint16_t)(1u << PE_RANK(id));
}

int pe_iso_canonical_deals(const uint8_t *deals, size_t ndeals, size_t players, const uint8_t *board,
                           size_t nboard, const uint8_t *dead, size_t ndead, uint8_t *out)
{
    if (players < 1 || players > 10 || nboard > 5 || ndead > 52)
        return PE_ERR_COUNT;
    if ((ndeals && (deals == NULL || out == NULL)) || (nboard && board == NULL) || (ndead && dead == NULL))
        return PE_ERR_ARG;
    uint64_t board_mask = 0, dead_mask = 0;
    for (size_t i = 0; i < nboard; i++)
        board_mask |= 1ull << (board[i] & 63u);
    for (size_t i = 0; i < ndead; i++)
        dead_mask |= 1ull << (dead[i] & 63u);
    /* The renamings that keep the board and the dead cards where they are. */
    uint16_t bm[4], dm[4];
    suit_masks(board_mask, bm);
    suit_masks(dead_mask, dm);
    uint8_t keep[24][52];
    size_t nkeep = 0;
    for (size_t i = 0; i < 24; i++) {
        const uint8_t *perm = suit_perms[i];
        int fixes = 1;
        for (unsigned s = 0; s < 4; s++)
            fixes &= bm[perm[s]] == bm[s] && dm[perm[s]] == dm[s];
        if (!fixes)
            continue;
        for (unsigned id = 0; id < 52; id++)
            keep[nkeep][id] = (uint8_t)(4u * PE_RANK(id) + perm[PE_SUIT(id)]);
        nkeep++;
    }
    size_t width = 2 * players;
    for (size_t d = 0; d < ndeals; d++) {
        const uint8_t *row = deals + d * width;
        uint8_t *best = out + d * width;
        for (size_t k = 0; k < width; k++)
            if (row[k] >= 52u)
                return PE_ERR_CARD;
        for (size_t i = 0; i < nkeep; i++) {
            /* Each image row keeps players in place, each player's higher card first. */
            uint8_t image[20];
            for (size_t p = 0; p < players; p++) {
                uint8_t a = keep[i][row[2 * p]], b = keep[i][row[2 * p + 1]];
                image[2 * p] = a > b ? a : b;
                image[2 * p + 1] = a > b ? b : a;
            }
            size_t k = 0;
            if (i > 0)
                while (k < width && image[k] == best[k])
                    k++;
            if (i == 0 || (k < width && image[k] < best[k]))
                for (k = 0; k < width; k++)
                    best[k] = image[k];
        }
    }
    return PE_OK;
}
