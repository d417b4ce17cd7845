/* games.c - the checked entry points: input checks, dispatch by game, batches,
 * which cards play, categories and value scales. */
#include "internal.h"

/* ---- game facts ---- */

/* Every other file reads these rows; nothing else states a card count or a deck. */
static const pe_game_t game_facts[PE_NUM_GAMES] = {
    /* name            hand    hole    board   seat    sd  deck     low hilo cat top                     wild  wild top          engine */
    {"holdem",         5, 7,   0, 0,   0, 0,   2, 2,   5,  0, 52,   0, 0, 1, PE_MAX_HOLDEM,          1, PE_MAX_HOLDEM + 13, PE_ENGINE_HANDS},
    {"stud",           5, 7,   0, 0,   0, 0,   5, 7,   0,  0, 52,   0, 0, 1, PE_MAX_HOLDEM,          1, PE_MAX_HOLDEM + 13, PE_ENGINE_GAMES},
    {"shortdeck",      5, 7,   0, 0,   0, 0,   2, 2,   5, 16, 36,   0, 0, 1, PE_MAX_SHORTDECK,       0, PE_MAX_SHORTDECK, PE_ENGINE_GAMES},
    {"razz",           5, 7,   0, 0,   0, 0,   5, 7,   0,  0, 52,   1, 0, 1, PE_MAX_RAZZ,            0, PE_MAX_RAZZ, PE_ENGINE_GAMES},
    {"deuce-seven",    5, 5,   0, 0,   0, 0,   5, 5,   0,  0, 52,   1, 0, 1, PE_MAX_DEUCE_SEVEN,     0, PE_MAX_DEUCE_SEVEN, PE_ENGINE_NONE},
    {"omaha",          7, 11,  4, 6,   3, 5,   4, 6,   5,  0, 52,   0, 0, 1, PE_MAX_HOLDEM,          0, PE_MAX_HOLDEM, PE_ENGINE_HANDS},
    {"omaha-hilo",     7, 11,  4, 6,   3, 5,   4, 6,   5,  0, 52,   0, 1, 1, PE_MAX_HOLDEM,          0, PE_MAX_HOLDEM, PE_ENGINE_HANDS},
    {"badugi",         4, 4,   0, 0,   0, 0,   4, 4,   0,  0, 52,   1, 0, 0, (uint16_t)PE_BADUGI_MAX, 0, (uint16_t)PE_BADUGI_MAX, PE_ENGINE_NONE},
    {"shortdeck-trips",5, 7,   0, 0,   0, 0,   2, 2,   5, 16, 36,   0, 0, 1, PE_MAX_SHORTDECK_TRIPS, 0, PE_MAX_SHORTDECK_TRIPS, PE_ENGINE_GAMES},
    {"stud-hilo",      5, 7,   0, 0,   0, 0,   5, 7,   0,  0, 52,   0, 1, 1, PE_MAX_HOLDEM,          0, PE_MAX_HOLDEM, PE_ENGINE_GAMES},
};

const pe_game_t *pe_game(int game)
{
    return game >= 0 && game < PE_NUM_GAMES ? &game_facts[game] : NULL;
}

/* Cards allowed per game: hand size, and hole and board where the game fixes them. */
static int check_counts(int game, size_t n, size_t hole)
{
    const pe_game_t *g = pe_game(game);
    if (g == NULL)
        return PE_ERR_GAME;
    if (g->hole_max)
        return hole >= g->hole_min && hole <= g->hole_max && n >= hole + g->board_min &&
                       n <= hole + g->board_max
                   ? PE_OK
                   : PE_ERR_COUNT;
    return n >= g->hand_min && n <= g->hand_max ? PE_OK : PE_ERR_COUNT;
}

static int check_cards(int game, const uint8_t *ids, size_t n)
{
    unsigned lowest = pe_game(game)->deck_first;
    uint64_t seen = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned id = ids[i];
        if (id >= 52u || id < lowest)
            return PE_ERR_CARD;
        uint64_t bit = 1ull << id;
        if (seen & bit)
            return PE_ERR_DUPLICATE;
        seen |= bit;
    }
    return PE_OK;
}

/* Evaluate checked input; the positions of the playing cards are filled by
 * pe_best_cards, not here, except where the evaluator finds them for free. */
static uint16_t eval_checked(int game, const uint8_t *ids, size_t n, size_t hole, uint16_t *lo)
{
    uint16_t hi = 0, low = 0;
    switch (game) {
    case PE_GAME_HOLDEM:
    case PE_GAME_STUD:
    case PE_GAME_SHORTDECK:
    case PE_GAME_SHORTDECK_TRIPS:
        hi = pe_eval_high(game, ids, n);
        break;
    case PE_GAME_RAZZ:
        hi = pe_eval_razz_ids(ids, n);
        break;
    case PE_GAME_STUD_HILO:
        hi = pe_eval_high(PE_GAME_STUD, ids, n);
        low = pe_eval_low8_ids(ids, n);
        break;
    case PE_GAME_DEUCE_SEVEN:
        hi = pe_eval_deuce_seven_ids(ids);
        break;
    case PE_GAME_BADUGI:
        hi = pe_eval_badugi_ids(ids, NULL, NULL);
        break;
    case PE_GAME_OMAHA:
        pe_eval_omaha_ids(ids, hole, ids + hole, n - hole, &hi, NULL, NULL, NULL);
        break;
    case PE_GAME_OMAHA_HILO:
        pe_eval_omaha_ids(ids, hole, ids + hole, n - hole, &hi, &low, NULL, NULL);
        break;
    default:
        break;
    }
    if (lo)
        *lo = low;
    return hi;
}

uint16_t pe_eval_unchecked(int game, const uint8_t *ids, size_t n, size_t hole, uint16_t *lo)
{
    return eval_checked(game, ids, n, hole, lo);
}

static int check(int game, const uint8_t *ids, size_t n, size_t hole)
{
    int rc = check_counts(game, n, hole);
    if (rc != PE_OK)
        return rc;
    if (ids == NULL)
        return PE_ERR_ARG;
    return check_cards(game, ids, n);
}

int pe_eval(int game, int wild, const uint8_t *ids, size_t n, size_t hole, uint16_t *hi, uint16_t *lo)
{
    if (wild) {
        if (lo)
            *lo = 0;
        return pe_wild_eval(game, wild, ids, n, hi);
    }
    if (hi == NULL)
        return PE_ERR_ARG;
    int rc = check(game, ids, n, hole);
    if (rc != PE_OK)
        return rc;
    *hi = eval_checked(game, ids, n, hole, lo);
    return PE_OK;
}

int32_t pe_eval_packed(int game, const uint8_t *ids, size_t n, size_t hole)
{
    int rc = check(game, ids, n, hole);
    if (rc != PE_OK)
        return rc;
    uint16_t lo = 0;
    uint16_t hi = eval_checked(game, ids, n, hole, &lo);
    return (int32_t)((uint32_t)hi | (uint32_t)lo << 16);
}

int32_t pe_eval_holdem(const uint8_t *ids, size_t n)
{
    int rc = check(PE_GAME_HOLDEM, ids, n, 0);
    return rc != PE_OK ? rc : (int32_t)pe_eval_ids(ids, n);
}

/* Hold'em and stud rows: the kernel cpu.c chose (scalar, AVX2 or AVX-512). */
static int batch_holdem(const uint8_t *ids, size_t rows, size_t k, uint16_t *hi, size_t *bad_row)
{
    return pe_batch_holdem(ids, rows, k, hi, bad_row);
}

int pe_eval_batch(int game, int wild, const uint8_t *ids, size_t rows, size_t k, size_t hole,
                  uint16_t *hi, uint16_t *lo, size_t *bad_row)
{
    size_t ignored;
    if (bad_row == NULL)
        bad_row = &ignored;
    *bad_row = 0;
    if (wild) {
        if (lo)
            for (size_t r = 0; r < rows; r++)
                lo[r] = 0;
        return pe_wild_batch(game, wild, ids, rows, k, hi, bad_row);
    }
    int rc = check_counts(game, k, hole);
    if (rc != PE_OK)
        return rc;
    if (rows == 0)
        return PE_OK;
    if (ids == NULL || hi == NULL)
        return PE_ERR_ARG;
    if (lo)
        for (size_t r = 0; r < rows; r++)
            lo[r] = 0;
    if (game == PE_GAME_HOLDEM || game == PE_GAME_STUD)
        return batch_holdem(ids, rows, k, hi, bad_row);
    const uint8_t *from = ids;
    /* One loop per game, so the game is decided once and not per row (measured in a C
     * harness: razz 100 -> 139 M rows/s, deuce-seven 143 -> 210, badugi 79 -> 99). */
    /* Each row is copied before it is checked, and the copy is what is evaluated: the
     * caller's array may be written by another thread while the GIL is released, and a
     * byte changed between the check and the evaluation must not index a table. */
    uint8_t row[16]; /* the widest row a game takes: Omaha's 6 hole cards and 5 on the board */
    if (k > sizeof row)
        return PE_ERR_COUNT; /* check_counts allows no such width */
#define PE_BATCH_ROWS(EVAL)                            \
    for (size_t r = 0; r < rows; r++, from += k) {     \
        memcpy(row, from, k);                          \
        PE_COMPILER_BARRIER();                         \
        const uint8_t *ids = row;                      \
        rc = check_cards(game, ids, k);                \
        if (rc != PE_OK) {                             \
            *bad_row = r;                              \
            return rc;                                 \
        }                                              \
        EVAL;                                          \
    }                                                  \
    return PE_OK
    switch (game) {
    case PE_GAME_SHORTDECK:
    case PE_GAME_SHORTDECK_TRIPS:
        PE_BATCH_ROWS(hi[r] = pe_eval_high(game, ids, k));
    case PE_GAME_RAZZ:
        PE_BATCH_ROWS(hi[r] = pe_eval_razz_ids(ids, k));
    case PE_GAME_DEUCE_SEVEN:
        PE_BATCH_ROWS(hi[r] = pe_eval_deuce_seven_ids(ids));
    case PE_GAME_BADUGI:
        PE_BATCH_ROWS(hi[r] = pe_eval_badugi_ids(ids, NULL, NULL));
    case PE_GAME_OMAHA:
        PE_BATCH_ROWS(pe_eval_omaha_ids(ids, hole, ids + hole, k - hole, &hi[r], NULL, NULL, NULL));
    case PE_GAME_STUD_HILO:
        PE_BATCH_ROWS(hi[r] = pe_eval_high(PE_GAME_STUD, ids, k); if (lo) lo[r] = pe_eval_low8_ids(ids, k));
    case PE_GAME_OMAHA_HILO:
        PE_BATCH_ROWS(pe_eval_omaha_ids(ids, hole, ids + hole, k - hole, &hi[r], lo ? &lo[r] : NULL, NULL, NULL));
    default:
        return PE_ERR_GAME;
    }
#undef PE_BATCH_ROWS
}

/* ---- which cards play ---- */

static int category_of(int game, uint16_t value);

/* Reading order: bigger groups first, then higher rank; an ace that plays low (the
 * wheel, A-6-7-8-9 in short deck, every A-5 low) goes last. */
static void reading_order(const uint8_t *ids, uint8_t *pos, size_t m, int ace_low, int low_game)
{
    int weight[7];
    for (size_t i = 0; i < m; i++) {
        unsigned r = low_game ? pe_low_rank(ids[pos[i]]) : PE_RANK(ids[pos[i]]);
        int mult = 0;
        for (size_t j = 0; j < m; j++)
            mult += PE_RANK(ids[pos[j]]) == PE_RANK(ids[pos[i]]);
        int w = (ace_low && PE_RANK(ids[pos[i]]) == PE_ACE) ? -1 : (int)r;
        weight[i] = mult * 16 + w;
    }
    /* Insertion sort, stable so equal cards keep their input order. */
    for (size_t i = 1; i < m; i++) {
        uint8_t p = pos[i];
        int w = weight[i];
        size_t j = i;
        while (j > 0 && weight[j - 1] < w) {
            pos[j] = pos[j - 1];
            weight[j] = weight[j - 1];
            j--;
        }
        pos[j] = p;
        weight[j] = w;
    }
}

static int plays_ace_low_straight(int game, const uint8_t *ids, const uint8_t *pos, uint16_t value)
{
    int cat = category_of(game, value);
    if (cat != PE_STRAIGHT && cat != PE_STRAIGHT_FLUSH)
        return 0;
    /* The run under the ace: 2 in the full deck, 6 in short deck. */
    unsigned below = pe_game(game)->deck_first >> 2;
    int has_ace = 0, has_below = 0;
    for (size_t i = 0; i < 5; i++) {
        has_ace |= PE_RANK(ids[pos[i]]) == PE_ACE;
        has_below |= PE_RANK(ids[pos[i]]) == below;
    }
    return has_ace && has_below;
}

/* The first five-card subset (in input order) worth the whole hand's value. */
static void pick_five(int game, const uint8_t *ids, size_t n, uint16_t value, uint8_t *pos)
{
    uint8_t sub[5];
    for (unsigned set = 0; set < (1u << n); set++) {
        if (pe_popcount64(set) != 5)
            continue;
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (set >> i & 1u)
                pos[m] = (uint8_t)i, sub[m++] = ids[i];
        uint16_t v = game == PE_GAME_RAZZ ? pe_eval_razz_ids(sub, 5)
                   : game == PE_GAME_DEUCE_SEVEN ? pe_eval_deuce_seven_ids(sub)
                   : pe_eval_high(game, sub, 5);
        if (v == value)
            return;
    }
}

/* Stud-hilo's low: the first card (in input order) of each of the five lowest distinct
 * ranks A..8, the cards pe_low8_of_lanes counted; only called when a low qualifies. */
static size_t pick_low8(const uint8_t *ids, size_t n, uint8_t *pos)
{
    size_t m = 0;
    for (unsigned low = 0; low < 8 && m < 5; low++) /* ace-low: A = 0, 2 = 1, ..., 8 = 7 */
        for (size_t i = 0; i < n; i++)
            if (pe_low_rank(ids[i]) == low) {
                pos[m++] = (uint8_t)i;
                break;
            }
    return m;
}

int pe_best_cards(int game, int wild, const uint8_t *ids, size_t n, size_t hole, uint8_t *hi_pos, size_t *n_hi,
                  uint8_t *lo_pos, size_t *n_lo, uint8_t *stands_for)
{
    if (hi_pos == NULL || n_hi == NULL)
        return PE_ERR_ARG;
    if (wild) {
        uint16_t value;
        uint8_t as[5];
        int rc = pe_wild_best_cards(game, wild, ids, n, &value, hi_pos, stands_for ? stands_for : as);
        if (rc == PE_OK) {
            *n_hi = 5;
            if (n_lo)
                *n_lo = 0;
        }
        return rc;
    }
    int rc = check(game, ids, n, hole);
    if (rc != PE_OK)
        return rc;
    uint8_t lo_tmp[5];
    size_t lo_count = 0;
    uint16_t lo = 0;
    uint16_t hi = eval_checked(game, ids, n, hole, &lo);
    switch (game) {
    case PE_GAME_BADUGI:
        pe_eval_badugi_ids(ids, hi_pos, n_hi);
        break;
    case PE_GAME_OMAHA:
    case PE_GAME_OMAHA_HILO: {
        uint16_t h2, l2;
        pe_eval_omaha_ids(ids, hole, ids + hole, n - hole, &h2, &l2, hi_pos, lo_tmp);
        *n_hi = 5;
        reading_order(ids, hi_pos, 5, plays_ace_low_straight(PE_GAME_OMAHA, ids, hi_pos, hi), 0);
        if (game == PE_GAME_OMAHA_HILO && lo) {
            lo_count = 5;
            reading_order(ids, lo_tmp, 5, 1, 1);
        }
        break;
    }
    case PE_GAME_STUD_HILO:
        pick_five(PE_GAME_STUD, ids, n, hi, hi_pos);
        *n_hi = 5;
        reading_order(ids, hi_pos, 5, plays_ace_low_straight(PE_GAME_STUD, ids, hi_pos, hi), 0);
        if (lo) {
            lo_count = pick_low8(ids, n, lo_tmp);
            reading_order(ids, lo_tmp, 5, 1, 1);
        }
        break;
    default:
        pick_five(game, ids, n, hi, hi_pos);
        *n_hi = 5;
        if (game == PE_GAME_RAZZ)
            reading_order(ids, hi_pos, 5, 1, 1);
        else
            reading_order(ids, hi_pos, 5,
                          game != PE_GAME_DEUCE_SEVEN && plays_ace_low_straight(game, ids, hi_pos, hi), 0);
        break;
    }
    if (n_lo)
        *n_lo = lo_count;
    if (lo_pos)
        for (size_t i = 0; i < lo_count; i++)
            lo_pos[i] = lo_tmp[i];
    if (stands_for) /* without wild cards every card plays as itself */
        for (size_t i = 0; i < *n_hi; i++)
            stands_for[i] = ids[hi_pos[i]];
    return PE_OK;
}

/* ---- categories and scales ---- */

static int category_of(int game, uint16_t value)
{
    const uint16_t *start;
    const int8_t *cat;
    switch (game) {
    case PE_GAME_HOLDEM:
    case PE_GAME_STUD:
    case PE_GAME_STUD_HILO:
    case PE_GAME_OMAHA:
    case PE_GAME_OMAHA_HILO:
        start = pe_cat_start_holdem, cat = pe_cat_of_holdem;
        break;
    case PE_GAME_SHORTDECK:
        start = pe_cat_start_shortdeck, cat = pe_cat_of_shortdeck;
        break;
    case PE_GAME_SHORTDECK_TRIPS:
        start = pe_cat_start_shortdeck_trips, cat = pe_cat_of_shortdeck_trips;
        break;
    case PE_GAME_RAZZ:
        start = pe_cat_start_razz, cat = pe_cat_of_razz;
        break;
    case PE_GAME_DEUCE_SEVEN:
        start = pe_cat_start_deuce_seven, cat = pe_cat_of_deuce_seven;
        break;
    default:
        return -1;
    }
    /* Five of a kind, which only wild cards make, sits just above the top. */
    if ((game == PE_GAME_HOLDEM || game == PE_GAME_STUD) && value > PE_MAX_HOLDEM &&
        value <= PE_MAX_HOLDEM + 13)
        return PE_FIVE_OF_A_KIND;
    if (value < 1 || value > pe_game_max(game))
        return -1;
    int found = -1;
    for (int i = 0; i < 10 && cat[i] >= 0; i++)
        if (start[i] <= value)
            found = cat[i];
    return found;
}

int pe_category(int game, uint16_t value)
{
    return category_of(game, value);
}

uint16_t pe_game_max(int game)
{
    const pe_game_t *g = pe_game(game);
    return g ? g->top : 0;
}
