/* _fastcall.c - one Python call per hand without cffi's per-call costs, and the
 * HandRank object those calls return.
 *
 * Why it exists: every cffi call releases and retakes the GIL and saves errno, about
 * 80 ns before any work, more than a whole evaluation.  For one hand per call that
 * overhead is the product, so these functions keep the GIL (they run for a few
 * nanoseconds) and take Python objects straight.  They evaluate nothing themselves:
 * pokereval._core hands them the core's checked entry points once, at import, as
 * PyCapsules checked by name (bind), so the core is compiled once, into the cffi module,
 * and no Python value can become a function pointer here.  One call here is not per hand:
 * exact_ranges, the small exact equity spot, releases the GIL for its few microseconds of
 * work and reads the core's totals into the tuples a result is made of (see its comment).
 *
 * The result type.  A program that keeps a few hundred thousand results would spend
 * most of its time in the garbage collector if each were a tracked object (a tuple, a
 * Python class): every collection walks them all.  HandRank holds no references at all,
 * only the value and the cards inline, so it has no Py_TPFLAGS_HAVE_GC and the collector
 * never sees it.  pokereval/rank.py adds the lazy, rarely read parts, written in Python,
 * to this type: the constructor, category, best five, words.  It behaves as its value:
 * ==, <, hash, int(), operator.index() all act on the value.
 *
 * The same reasoning for the betting engine: untrack() takes a pokereval.engine.Hand off the
 * collector's lists when it is made (a Hand refers to nothing that can refer back to it; see
 * pokereval/engine/hand.py), so the millions of copies a tree search keeps cost no passes.
 *
 * Errors.  Nothing here words a message: when the core refuses a hand, the position of
 * the bad card is found here, in C, and passed with the core's code to the wording
 * function that pokereval.api registers (register), so every path words it the same way.
 *
 * Limited API (Py_LIMITED_API 0x03090000, set by setup.py wherever the wheel is abi3), so
 * it goes into the same abi3 wheel.  On free-threaded CPython it declares that it runs
 * without the GIL (see the module init at the end). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <structmember.h>
#include <stdio.h>
#include <string.h>

/* The core's shared numbers (error codes, games): plain #defines, so including them links
 * nothing of the core (setup.py puts csrc/ on this module's include path). */
#include "pe_codes.h"

/* More game numbers than the core has (PE_NUM_GAMES); register() is told the real count. */
#define MAX_GAMES 32
/* The most cards one hand holds: 6 Omaha hole cards and a board of 5. */
#define MAX_CARDS 11

typedef int32_t (*ids_fn)(const uint8_t *ids, size_t n);
typedef int32_t (*mask_fn)(uint64_t mask);
typedef int32_t (*packed_fn)(int game, const uint8_t *ids, size_t n, size_t hole);
typedef int (*ranges_fn)(int game, size_t players, size_t hole, const uint8_t *rows, const uint32_t *counts,
                         const double *weights, const uint8_t *board, size_t nboard, const uint8_t *dead,
                         size_t ndead, size_t max_deals, uint64_t *plain, double *weighted, size_t *bad);

/* Written by bind() and register() while the package is imported, before any caller
 * can reach the functions that read them. */
static ids_fn eval_holdem;
static mask_fn eval_mask_checked;
static packed_fn eval_packed;
static ranges_fn exact_ranges_core;
static PyTypeObject *rank_type; /* pokereval.HandRank, made at module init */
static PyObject *holdem_text;   /* "holdem", interned at module init: the default game's name */
static long holdem_code = -1;   /* its number in the registered game codes */
static PyObject *game_codes;    /* dict: game name -> code, the exact names only */
static PyObject *game_names;    /* tuple: code -> name */
static PyObject *hand_error;    /* callable(code, game, ids, count, hole, given, first, second, value) -> exception */
static Py_ssize_t num_games;
static unsigned char split_game[MAX_GAMES]; /* 1 where a hand is hole cards + a board */
static unsigned char deck_first[MAX_GAMES]; /* the lowest id of the game's deck */

/* The ids of the 52 Card objects (pokereval.cards.CARDS, interned: there are no others)
 * and of the ints 0..51 as this interpreter caches them, by the object's address: a list
 * of Cards is read without a call per card (through the limited API, checking an item's
 * type and reading its value were two calls, 100 ns of a 7-card hand's 140).  Written by
 * register() and only read after; each object is held, so its address is never another's.
 * An object whose slot another took, or an int this interpreter does not cache, is read
 * the long way. */
#define ID_SLOTS 1024
static PyObject *id_objects[ID_SLOTS];
static uint8_t id_values[ID_SLOTS];

static size_t id_slot(PyObject *obj)
{
    uintptr_t at = (uintptr_t)obj;
    return (size_t)((at >> 5) ^ (at >> 15)) & (ID_SLOTS - 1);
}

static void remember_id(PyObject *obj, uint8_t id)
{
    size_t slot = id_slot(obj);
    if (id_objects[slot] == NULL) {
        Py_INCREF(obj);
        id_objects[slot] = obj;
        id_values[slot] = id;
    }
}

#define CAPSULE_IDS "pokereval._pokereval.pe_eval_holdem"
#define CAPSULE_MASK "pokereval._pokereval.pe_eval_mask_checked"
#define CAPSULE_PACKED "pokereval._pokereval.pe_eval_packed"
#define CAPSULE_RANGES "pokereval._pokereval.pe_equity_exact_ranges"

/* ---- the result type --------------------------------------------------------------- */

#define RANK_LOW 1u /* this rank is the low half of a hi-lo result */
#define RANK_WILD_SHIFT 1 /* bits 1-2: how wild cards play (PE_WILD_*), 0 for none */

typedef struct {
    PyObject_HEAD
    uint16_t value;      /* on the game's scale, greater is stronger */
    uint16_t low;        /* hi-lo high half: the low value, 0 when no low qualifies */
    uint8_t game;        /* PE_GAME_* */
    uint8_t flags;       /* RANK_LOW, and the wild mode << RANK_WILD_SHIFT */
    uint8_t hole;        /* split games: how many of ids are hole cards */
    uint8_t n;           /* how many ids */
    uint8_t nbest;       /* how many positions in best, 0xFF until someone asks */
    uint8_t ids[MAX_CARDS];
    uint8_t best[5];     /* positions in ids of the cards that play, reading order */
} RankObject;

#define AS_RANK(o) ((RankObject *)(o))

static PyObject *new_rank(PyTypeObject *type, uint16_t value, uint16_t low, int game, unsigned flags,
                          const uint8_t *ids, size_t n, size_t hole)
{
    RankObject *rank = (RankObject *)PyType_GenericAlloc(type, 0);
    if (rank == NULL)
        return NULL;
    rank->value = value;
    rank->low = low;
    rank->game = (uint8_t)game;
    rank->flags = (uint8_t)flags;
    rank->hole = (uint8_t)hole;
    rank->n = (uint8_t)n;
    rank->nbest = 0xFF;
    memcpy(rank->ids, ids, n);
    return (PyObject *)rank;
}

static void rank_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_Free(self);
    Py_DECREF(type); /* instances of heap types own a reference to their type */
}

/* make(value, game, ids, hole, low, is_low): no judgement of the value (HandRank's
 * constructor, written in pokereval/rank.py, does that); only what keeps the object sound. */
static PyObject *make(PyObject *self, PyObject *args)
{
    (void)self;
    int value, game, hole, low, is_low, wild = 0;
    const char *ids;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "iiy#iip|i", &value, &game, &ids, &n, &hole, &low, &is_low, &wild))
        return NULL;
    if (wild < 0 || wild > 3)
        return PyErr_Format(PyExc_ValueError, "unknown wild mode %d", wild);
    if (value < 0 || value > 0xFFFF || low < 0 || low > 0xFFFF)
        return PyErr_Format(PyExc_ValueError, "value %d outside 0..65535", value < 0 || value > 0xFFFF ? value : low);
    if (game < 0 || game >= num_games)
        return PyErr_Format(PyExc_ValueError, "unknown game number %d", game);
    if (n > MAX_CARDS || hole < 0 || hole > n)
        return PyErr_Format(PyExc_ValueError, "%zd cards with %d hole cards", n, hole);
    for (Py_ssize_t i = 0; i < n; i++)
        if ((uint8_t)ids[i] > (wild ? 53 : 51)) /* 52 and 53 are jokers, which only wild hands hold */
            return PyErr_Format(PyExc_ValueError, "card id %d out of range 0..%d", (int)(uint8_t)ids[i],
                                wild ? 53 : 51);
    unsigned flags = (is_low ? RANK_LOW : 0u) | (unsigned)wild << RANK_WILD_SHIFT;
    return new_rank(rank_type, (uint16_t)value, (uint16_t)low, game, flags, (const uint8_t *)ids, (size_t)n,
                    (size_t)hole);
}

static PyObject *rank_label(RankObject *rank)
{
    PyObject *name = game_names ? PyTuple_GetItem(game_names, rank->game) : NULL;
    if (name == NULL) {
        PyErr_Clear();
        return PyUnicode_FromFormat("game %d%s", rank->game, rank->flags & RANK_LOW ? " low" : "");
    }
    return PyUnicode_FromFormat("%U%s", name, rank->flags & RANK_LOW ? " low" : "");
}

static PyObject *compare_values(long a, long b, int op)
{
    int r;
    switch (op) {
    case Py_LT: r = a < b; break;
    case Py_LE: r = a <= b; break;
    case Py_EQ: r = a == b; break;
    case Py_NE: r = a != b; break;
    case Py_GT: r = a > b; break;
    default: r = a >= b; break;
    }
    return PyBool_FromLong(r);
}

/* Two ranks compare by value within one game and one half.  Across games (or a high
 * against a low half) == is False and != True, as for naive and aware datetimes, and
 * ordering raises TypeError: there is no common scale.  Anything else compares with the
 * value as an int would (ints, floats, numpy numbers, ...). */
static PyObject *rank_richcompare(PyObject *self, PyObject *other, int op)
{
    RankObject *a = AS_RANK(self);
    if (Py_TYPE(other) == rank_type) {
        RankObject *b = AS_RANK(other);
        if (a->game != b->game || (a->flags & RANK_LOW) != (b->flags & RANK_LOW)) {
            if (op == Py_EQ)
                Py_RETURN_FALSE;
            if (op == Py_NE)
                Py_RETURN_TRUE;
            PyObject *la = rank_label(a), *lb = la ? rank_label(b) : NULL;
            if (lb != NULL)
                PyErr_Format(PyExc_TypeError, "cannot compare a %U rank with a %U rank", la, lb);
            Py_XDECREF(la);
            Py_XDECREF(lb);
            return NULL;
        }
        return compare_values(a->value, b->value, op);
    }
    if (PyLong_Check(other)) {
        int overflow;
        long b = PyLong_AsLongAndOverflow(other, &overflow);
        if (!overflow && !(b == -1 && PyErr_Occurred()))
            return compare_values(a->value, b, op);
        PyErr_Clear();
    }
    /* Not a number: NotImplemented, so that Python's own error names HandRank (comparing
     * the int would name an int the caller never gave). */
    if (!PyNumber_Check(other))
        Py_RETURN_NOTIMPLEMENTED;
    PyObject *value = PyLong_FromLong(a->value);
    if (value == NULL)
        return NULL;
    PyObject *result = PyObject_RichCompare(value, other, op);
    Py_DECREF(value);
    return result;
}

static Py_hash_t rank_hash(PyObject *self)
{
    return AS_RANK(self)->value; /* hash(n) == n for 0 <= n < 2**61 - 1 */
}

static PyObject *rank_int(PyObject *self)
{
    return PyLong_FromLong(AS_RANK(self)->value);
}

static PyObject *rank_float(PyObject *self)
{
    return PyFloat_FromDouble(AS_RANK(self)->value);
}

static int rank_bool(PyObject *self)
{
    return AS_RANK(self)->value != 0;
}

static PyObject *get_value(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(AS_RANK(self)->value);
}

static PyObject *get_game_code(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(AS_RANK(self)->game);
}

static PyObject *get_hole(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(AS_RANK(self)->hole);
}

static PyObject *get_ids(PyObject *self, void *closure)
{
    (void)closure;
    return PyBytes_FromStringAndSize((const char *)AS_RANK(self)->ids, AS_RANK(self)->n);
}

static PyObject *get_is_low(PyObject *self, void *closure)
{
    (void)closure;
    return PyBool_FromLong(AS_RANK(self)->flags & RANK_LOW);
}

static PyObject *get_wild(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(AS_RANK(self)->flags >> RANK_WILD_SHIFT & 3u);
}

static PyObject *get_low_value(PyObject *self, void *closure)
{
    (void)closure;
    return PyLong_FromLong(AS_RANK(self)->low);
}

/* The low half of a hi-lo result as a rank of its own, made when asked for (most
 * callers never ask); None where no low qualifies and in every other game. */
static PyObject *get_low(PyObject *self, void *closure)
{
    (void)closure;
    RankObject *rank = AS_RANK(self);
    if (rank->low == 0 || (rank->flags & RANK_LOW))
        Py_RETURN_NONE;
    return new_rank(Py_TYPE(self), rank->low, 0, rank->game, RANK_LOW, rank->ids, rank->n, rank->hole);
}

/* Positions of the playing cards, cached here once pokereval.rank has asked the core. */
static PyObject *get_best(PyObject *self, void *closure)
{
    (void)closure;
    RankObject *rank = AS_RANK(self);
    if (rank->nbest == 0xFF)
        Py_RETURN_NONE;
    return PyBytes_FromStringAndSize((const char *)rank->best, rank->nbest);
}

static int set_best(PyObject *self, PyObject *positions, void *closure)
{
    (void)closure;
    RankObject *rank = AS_RANK(self);
    if (positions == NULL || !PyBytes_Check(positions) || PyBytes_Size(positions) > 5) {
        PyErr_SetString(PyExc_TypeError, "_best takes bytes of at most 5 positions");
        return -1;
    }
    const char *data = PyBytes_AsString(positions);
    Py_ssize_t n = PyBytes_Size(positions);
    for (Py_ssize_t i = 0; i < n; i++)
        if ((uint8_t)data[i] >= rank->n) {
            PyErr_SetString(PyExc_ValueError, "_best holds a position past the cards");
            return -1;
        }
    memcpy(rank->best, data, (size_t)n);
    rank->nbest = (uint8_t)n;
    return 0;
}

static PyGetSetDef rank_getset[] = {
    {"value", get_value, NULL, "The value on the game's scale: greater is stronger.", NULL},
    {"is_low", get_is_low, NULL, "True for the low half of a hi-lo result.", NULL},
    {"low", get_low, NULL, "The low half of a hi-lo result, or None.", NULL},
    {"_game_code", get_game_code, NULL, NULL, NULL},
    {"_hole", get_hole, NULL, NULL, NULL},
    {"_ids", get_ids, NULL, NULL, NULL},
    {"_low_value", get_low_value, NULL, NULL, NULL},
    {"_wild", get_wild, NULL, NULL, NULL},
    {"_best", get_best, set_best, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot rank_slots[] = {
    {Py_tp_doc, "How strong one hand is in one game (see pokereval/rank.py)."},
    {Py_tp_dealloc, rank_dealloc},
    {Py_tp_richcompare, rank_richcompare},
    {Py_tp_hash, rank_hash},
    {Py_tp_getset, rank_getset},
    {Py_nb_int, rank_int},
    {Py_nb_index, rank_int},
    {Py_nb_float, rank_float},
    {Py_nb_bool, rank_bool},
    {0, NULL},
};

/* No Py_TPFLAGS_HAVE_GC (see the top), and no Py_TPFLAGS_BASETYPE: every class made by
 * a class statement is tracked by the collector since Python 3.9, so a subclass would
 * undo the point.  pokereval/rank.py adds the Python-written parts to this very type. */
static PyType_Spec rank_spec = {
    "pokereval.HandRank",
    sizeof(RankObject),
    0,
    Py_TPFLAGS_DEFAULT,
    rank_slots,
};

/* ---- binding ------------------------------------------------------------------------ */

static void *capsule_pointer(PyObject *capsule, const char *name)
{
    if (!PyCapsule_IsValid(capsule, name)) {
        PyErr_Format(PyExc_TypeError, "expected the capsule %s", name);
        return NULL;
    }
    return PyCapsule_GetPointer(capsule, name);
}

/* bind(holdem, mask, packed, ranges): the core's checked entry points, each a PyCapsule
 * named after its function.  A capsule is the one thing Python cannot make by accident. */
static PyObject *bind(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *ids_cap, *mask_cap, *packed_cap, *ranges_cap;
    if (!PyArg_ParseTuple(args, "OOOO", &ids_cap, &mask_cap, &packed_cap, &ranges_cap))
        return NULL;
    void *ids = capsule_pointer(ids_cap, CAPSULE_IDS);
    void *mask = ids ? capsule_pointer(mask_cap, CAPSULE_MASK) : NULL;
    void *packed = mask ? capsule_pointer(packed_cap, CAPSULE_PACKED) : NULL;
    void *ranges = packed ? capsule_pointer(ranges_cap, CAPSULE_RANGES) : NULL;
    if (ranges == NULL)
        return NULL;
    eval_holdem = (ids_fn)ids;
    eval_mask_checked = (mask_fn)mask;
    eval_packed = (packed_fn)packed;
    exact_ranges_core = (ranges_fn)ranges;
    Py_RETURN_NONE;
}

/* register(game_codes, game_names, split_games, deck_first, hand_error, cards): the core's
 * game facts as the Python layer read them (pokereval/games.py), its wording function, and
 * the Card objects of ids 0..51 in order. */
static PyObject *register_(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *codes, *names, *error, *cards;
    const char *split, *first;
    Py_ssize_t nsplit, nfirst;
    if (!PyArg_ParseTuple(args, "O!O!y#y#OO!", &PyDict_Type, &codes, &PyTuple_Type, &names, &split, &nsplit, &first,
                          &nfirst, &error, &PyTuple_Type, &cards))
        return NULL;
    Py_ssize_t n = PyTuple_Size(names);
    if (n > MAX_GAMES || nsplit != n || nfirst != n || !PyCallable_Check(error))
        return PyErr_Format(PyExc_TypeError, "expected at most %d games, a split flag and a first id each, "
                            "and a callable", MAX_GAMES);
    for (Py_ssize_t i = 0; i < n; i++)
        if (!PyUnicode_Check(PyTuple_GetItem(names, i)))
            return PyErr_Format(PyExc_TypeError, "game names must be str");
    if (PyTuple_Size(cards) != 52)
        return PyErr_Format(PyExc_TypeError, "expected the 52 cards");
    for (Py_ssize_t i = 0; i < 52; i++) {
        PyObject *card = PyTuple_GetItem(cards, i);
        long value = PyLong_Check(card) && !PyBool_Check(card) ? PyLong_AsLong(card) : -1;
        if (value != i) {
            PyErr_Clear();
            return PyErr_Format(PyExc_TypeError, "cards[%zd] must be an int of value %zd", i, i);
        }
    }
    for (long i = 0; i < 52; i++) {
        PyObject *small = PyLong_FromLong(i); /* the cached object, where ints are cached */
        if (small == NULL)
            return NULL;
        remember_id(PyTuple_GetItem(cards, i), (uint8_t)i);
        remember_id(small, (uint8_t)i);
        Py_DECREF(small);
    }
    memcpy(split_game, split, (size_t)n);
    memcpy(deck_first, first, (size_t)n);
    num_games = n;
    PyObject *old[3] = {game_codes, game_names, hand_error};
    Py_INCREF(codes);
    Py_INCREF(names);
    Py_INCREF(error);
    game_codes = codes;
    game_names = names;
    hand_error = error;
    for (int i = 0; i < 3; i++)
        Py_XDECREF(old[i]);
    PyObject *holdem = holdem_text != NULL ? PyDict_GetItem(codes, holdem_text) : NULL;
    holdem_code = holdem != NULL && PyLong_Check(holdem) ? PyLong_AsLong(holdem) : -1;
    if (holdem_code == -1)
        PyErr_Clear();
    Py_RETURN_NONE;
}

static int bound(void)
{
    if (eval_holdem && hand_error)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "pokereval._fastcall is not bound to the core");
    return 0;
}

/* type(obj).__name__, for messages (the limited API hides tp_name).  Always a str, or NULL
 * only when memory runs out: the callers format it with %U, and a metaclass can make
 * __name__ anything, or raise. */
static PyObject *type_name(PyObject *obj)
{
    PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(obj), "__name__");
    if (name != NULL && PyUnicode_Check(name))
        return name;
    Py_XDECREF(name);
    PyErr_Clear();
    return PyUnicode_FromString("object");
}

/* ---- reading cards and wording errors ------------------------------------------------ */

/* Raise what pokereval.api's wording function makes of a refused hand: the core's code,
 * the game, the cards, and the positions (0-based) of the bad card and, for a duplicate,
 * of its first copy; `value` is an id that does not fit a byte, or NULL.  ids holds n
 * cards of the hand's count (fewer only when a list was too long to read).  `given` is how
 * many of the ids came before a board given apart (-1: no board), so that a position can
 * be worded as the hand's or the board's. */
static PyObject *raise_counted_error(int code, int game, const uint8_t *ids, size_t n, size_t count, size_t hole,
                                     Py_ssize_t given, Py_ssize_t first, Py_ssize_t second, PyObject *value)
{
    if (first < 0 && code != PE_ERR_COUNT) { /* the core's own reading: find the card it means */
        uint64_t seen = 0;
        unsigned lowest = deck_first[game];
        for (size_t i = 0; i < n && first < 0; i++) {
            uint64_t bit = 1ull << (ids[i] & 63);
            if (ids[i] >= 52 || ids[i] < lowest) {
                if (code == PE_ERR_CARD)
                    first = (Py_ssize_t)i;
            } else if (seen & bit) {
                if (code == PE_ERR_DUPLICATE) {
                    second = (Py_ssize_t)i;
                    for (size_t j = 0; j < i; j++)
                        if (ids[j] == ids[i]) {
                            first = (Py_ssize_t)j;
                            break;
                        }
                }
            }
            seen |= bit;
        }
    }
    PyObject *exc = PyObject_CallFunction(hand_error, "iiy#nnnnnO", code, game, (const char *)ids, (Py_ssize_t)n,
                                          (Py_ssize_t)count, (Py_ssize_t)hole, given, first, second,
                                          value ? value : Py_None);
    if (exc != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(exc), exc);
        Py_DECREF(exc);
    }
    return NULL;
}

static PyObject *raise_hand_error(int code, int game, const uint8_t *ids, size_t n, size_t hole, Py_ssize_t given,
                                  Py_ssize_t first, Py_ssize_t second, PyObject *value)
{
    return raise_counted_error(code, game, ids, n, n, hole, given, first, second, value);
}

/* A new reference to `cards` that no other thread can change while it is read.  With a
 * GIL nothing runs between the calls here.  On free-threaded CPython another thread could
 * change a list meanwhile and free an item borrowed from it, so a list is read through a
 * tuple copy (PyList_AsTuple makes it under the list's lock): a few tens of nanoseconds,
 * paid only there.  Tuples never change. */
static PyObject *hold(PyObject *cards)
{
#ifdef Py_GIL_DISABLED
    if (PyList_Check(cards))
        return PyList_AsTuple(cards);
#endif
    Py_INCREF(cards);
    return cards;
}

static Py_ssize_t read_held_ids(PyObject *cards, uint8_t *ids, Py_ssize_t at, int game, Py_ssize_t given);

/* Read a list or tuple of ints (Cards are ints) into ids[at..].  Returns the count read,
 * -1 when an item is no int (bools included) or there are too many: the caller's parser
 * reads those and words them; -2 with the error raised for an id outside 0..51, its
 * position worded by `given` (raise_counted_error's: a hand read before a board given apart
 * passes more than any hand holds, so every position is the hand's). */
static Py_ssize_t read_ids(PyObject *cards, uint8_t *ids, Py_ssize_t at, int game, Py_ssize_t given)
{
    PyObject *held = hold(cards);
    if (held == NULL)
        return -2;
    Py_ssize_t n = read_held_ids(held, ids, at, game, given);
    Py_DECREF(held);
    return n;
}

static Py_ssize_t read_held_ids(PyObject *cards, uint8_t *ids, Py_ssize_t at, int game, Py_ssize_t given)
{
    int is_list = PyList_Check(cards);
    if (!is_list && !PyTuple_Check(cards))
        return -1;
    Py_ssize_t n = is_list ? PyList_Size(cards) : PyTuple_Size(cards);
    if (at + n > MAX_CARDS)
        return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = is_list ? PyList_GetItem(cards, i) : PyTuple_GetItem(cards, i); /* borrowed */
        size_t slot = id_slot(item);
        if (id_objects[slot] == item && item != NULL) {
            ids[at + i] = id_values[slot];
            continue;
        }
        if (item == NULL || !PyLong_Check(item) || PyBool_Check(item)) {
            PyErr_Clear();
            return -1;
        }
        long id = PyLong_AsLong(item);
        if (id == -1 && PyErr_Occurred())
            PyErr_Clear();
        if (id < 0 || id > 51) {
            raise_hand_error(PE_ERR_CARD, game, ids, (size_t)(at + i), 0, given, at + i, -1, item);
            return -2;
        }
        ids[at + i] = (uint8_t)id;
    }
    return n;
}

/* Evaluate checked ids of `game` into a new rank, or raise the worded error (`given`: how
 * many ids came before a board given apart, -1 for none). */
static PyObject *rank_ids(int game, const uint8_t *ids, size_t n, size_t hole, Py_ssize_t given)
{
    int32_t packed = game <= PE_GAME_STUD ? eval_holdem(ids, n) : eval_packed(game, ids, n, hole);
    if (packed < 0)
        return raise_hand_error(packed, game, ids, n, hole, given, -1, -1, NULL);
    return new_rank(rank_type, (uint16_t)(packed & 0xFFFF), (uint16_t)((uint32_t)packed >> 16), game, 0, ids, n,
                    hole);
}

/* The HandRank of cards (and board: None for none) in the game named game_name, or a new
 * reference to NotImplemented when the input is not a list or tuple of ids (text, bools,
 * numpy scalars, an alias of a game name, Omaha without a board): pokereval.api.evaluate
 * then parses it and calls rank_of_ids. */
static PyObject *rank_of(PyObject *cards, PyObject *board, PyObject *game_name)
{
    if (!bound())
        return NULL;
    long game = holdem_code;
    if (game_name != holdem_text || game < 0) { /* the interned default, known without a lookup */
        PyObject *code = PyUnicode_CheckExact(game_name) ? PyDict_GetItem(game_codes, game_name) : NULL;
        if (code == NULL)
            Py_RETURN_NOTIMPLEMENTED;
        game = PyLong_Check(code) ? PyLong_AsLong(code) : -1;
    }
    if (game < 0 || game >= num_games) { /* only a bad register() call could get here */
        PyErr_Clear();
        Py_RETURN_NOTIMPLEMENTED;
    }
    uint8_t ids[MAX_CARDS];
    Py_ssize_t hole = read_ids(cards, ids, 0, (int)game, board != Py_None ? MAX_CARDS + 1 : -1);
    if (hole == -2)
        return NULL;
    if (hole < 0)
        Py_RETURN_NOTIMPLEMENTED;
    Py_ssize_t n = hole;
    if (board != Py_None) {
        Py_ssize_t more = read_ids(board, ids, hole, (int)game, hole);
        if (more == -2)
            return NULL;
        if (more < 0)
            Py_RETURN_NOTIMPLEMENTED;
        n += more;
    } else if (split_game[game]) {
        Py_RETURN_NOTIMPLEMENTED; /* the caller says "pass the board as board=" */
    }
    return rank_ids((int)game, ids, (size_t)n, split_game[game] ? (size_t)hole : 0, board != Py_None ? hole : -1);
}

/* rank(cards, board, game) -> rank_of's answer. */
static PyObject *rank(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *cards, *board, *game_name;
    if (!PyArg_UnpackTuple(args, "rank", 3, 3, &cards, &board, &game_name))
        return NULL;
    return rank_of(cards, board, game_name);
}

/* ---- evaluate's front --------------------------------------------------------------- */

/* pokereval.evaluate itself: a callable that reads the hottest call of all (a hand as a list
 * or tuple of Cards or ids, a board or none, no game but hold'em or a game= by name) here,
 * and hands every other call, as it was made, to pokereval.api's evaluate, written in Python.
 * Why: a Python function's frame and its call of rank() were 45% of evaluate(list) (134 ns
 * of which 60; Zen 5), the rest the reading and the HandRank.  The front gets the Python
 * function's name, docstring and __wrapped__ from functools.update_wrapper (so
 * inspect.signature, help() and doctest see the function), keeps them in a __dict__, and
 * pickles by name as a function does.  The limited API has no vectorcall before 3.12, so
 * it is called with a tuple, as rank() was. */
typedef struct {
    PyObject_HEAD
    PyObject *fallback;
    PyObject *dict;
    PyObject *weakrefs;
} FrontObject;

static PyTypeObject *front_type; /* made at module init */

static PyObject *front_call(PyObject *self, PyObject *args, PyObject *kwargs)
{
    FrontObject *front = (FrontObject *)self;
    Py_ssize_t nargs = PyTuple_Size(args);
    PyObject *board = Py_None, *game = holdem_text;
    int fast = nargs == 1 || nargs == 2;
    if (fast && kwargs != NULL) { /* game=, and board= after one positional: anything else is the function's */
        PyObject *key, *value;
        Py_ssize_t at = 0;
        while (fast && PyDict_Next(kwargs, &at, &key, &value)) {
            if (PyUnicode_CompareWithASCIIString(key, "game") == 0)
                game = value;
            else if (nargs == 1 && PyUnicode_CompareWithASCIIString(key, "board") == 0)
                board = value;
            else
                fast = 0;
        }
    }
    if (fast) {
        if (nargs == 2)
            board = PyTuple_GetItem(args, 1);
        PyObject *out = rank_of(PyTuple_GetItem(args, 0), board, game);
        if (out != Py_NotImplemented)
            return out; /* a HandRank, or NULL with the error the function would raise too */
        Py_DECREF(out);
    }
    if (front->fallback == NULL) { /* cleared by the collector while being torn down */
        PyErr_SetString(PyExc_RuntimeError, "pokereval.evaluate is being torn down");
        return NULL;
    }
    return PyObject_Call(front->fallback, args, kwargs);
}

static int front_traverse(PyObject *self, visitproc visit, void *arg)
{
    FrontObject *front = (FrontObject *)self;
    Py_VISIT(front->fallback);
    Py_VISIT(front->dict);
    Py_VISIT((PyObject *)Py_TYPE(self)); /* a heap type's instances own a reference to it */
    return 0;
}

static int front_clear(PyObject *self)
{
    FrontObject *front = (FrontObject *)self;
    Py_CLEAR(front->fallback);
    Py_CLEAR(front->dict);
    return 0;
}

static void front_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    if (((FrontObject *)self)->weakrefs != NULL)
        PyObject_ClearWeakRefs(self);
    front_clear(self);
    freefunc free_slot = (freefunc)PyType_GetSlot(type, Py_tp_free);
    free_slot(self);
    Py_DECREF((PyObject *)type);
}

/* As a builtin function, not bound when read from a class or an instance; having __get__
 * also makes inspect (help(), doctest) take it for a routine. */
static PyObject *front_get(PyObject *self, PyObject *obj, PyObject *type)
{
    (void)obj;
    (void)type;
    Py_INCREF(self);
    return self;
}

/* The name it shows: its __qualname__ when that is a str (update_wrapper's), else none. */
static PyObject *front_name(PyObject *self)
{
    PyObject *name = PyObject_GetAttrString(self, "__qualname__");
    if (name != NULL && !PyUnicode_Check(name)) {
        Py_DECREF(name);
        PyErr_SetString(PyExc_TypeError, "__qualname__ must be a str");
        return NULL;
    }
    return name;
}

/* Pickled by its name, as a function is: pickle finds it again in its module. */
static PyObject *front_reduce(PyObject *self, PyObject *unused)
{
    (void)unused;
    return front_name(self);
}

/* Shown as the function it stands for. */
static PyObject *front_repr(PyObject *self)
{
    PyObject *name = front_name(self);
    if (name == NULL) { /* no name it can show: the type's words */
        PyErr_Clear();
        return PyUnicode_FromFormat("<pokereval evaluate front at %p>", (void *)self);
    }
    PyObject *out = PyUnicode_FromFormat("<function %U at %p>", name, (void *)self);
    Py_DECREF(name);
    return out;
}

static PyMethodDef front_methods[] = {
    {"__reduce__", front_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef front_members[] = {
    {"__dictoffset__", T_PYSSIZET, offsetof(FrontObject, dict), READONLY, NULL},
    {"__weaklistoffset__", T_PYSSIZET, offsetof(FrontObject, weakrefs), READONLY, NULL},
    {NULL, 0, 0, 0, NULL},
};

/* The dict is made with the front (make_front), so this getter never writes: no two threads
 * can race to make it. */
static PyObject *front_dict(PyObject *self, void *closure)
{
    (void)closure;
    FrontObject *front = (FrontObject *)self;
    if (front->dict == NULL) {
        PyErr_SetString(PyExc_AttributeError, "__dict__");
        return NULL;
    }
    Py_INCREF(front->dict);
    return front->dict;
}

/* Made by front() alone: type(pokereval.evaluate)() would be a front with no function. */
static PyObject *front_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    (void)type;
    (void)args;
    (void)kwargs;
    PyErr_SetString(PyExc_TypeError, "evaluate's front is made by pokereval._fastcall.front(function)");
    return NULL;
}

static PyGetSetDef front_getset[] = {
    {"__dict__", front_dict, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot front_slots[] = {
    {Py_tp_doc, "pokereval.evaluate: the hottest call read in C, every other call the Python function's."},
    {Py_tp_call, front_call},
    {Py_tp_repr, front_repr},
    {Py_tp_traverse, front_traverse},
    {Py_tp_clear, front_clear},
    {Py_tp_dealloc, front_dealloc},
    {Py_tp_descr_get, front_get},
    {Py_tp_methods, front_methods},
    {Py_tp_members, front_members},
    {Py_tp_getset, front_getset},
    {Py_tp_new, front_new},
    {0, NULL},
};

/* Named "function": help() heads its page with the type's name ("function in module
 * pokereval.api"), as it does for a Python function, where "Front" told a user nothing. */
static PyType_Spec front_spec = {
    "pokereval._fastcall.function",
    sizeof(FrontObject),
    0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    front_slots,
};

/* front(function) -> the front of pokereval.api's evaluate. */
static PyObject *make_front(PyObject *self, PyObject *fallback)
{
    (void)self;
    if (!PyCallable_Check(fallback)) {
        PyErr_SetString(PyExc_TypeError, "front() takes the function it stands before");
        return NULL;
    }
    allocfunc alloc = (allocfunc)PyType_GetSlot(front_type, Py_tp_alloc);
    FrontObject *front = (FrontObject *)alloc(front_type, 0);
    if (front == NULL)
        return NULL;
    Py_INCREF(fallback);
    front->fallback = fallback;
    front->weakrefs = NULL;
    front->dict = PyDict_New();
    if (front->dict == NULL) {
        Py_DECREF((PyObject *)front);
        return NULL;
    }
    return (PyObject *)front;
}

/* rank_of_ids(game, ids, hole[, given]) -> HandRank of parsed ids (bytes); `given` as for
 * rank_ids. */
static PyObject *rank_of_ids(PyObject *self, PyObject *args)
{
    (void)self;
    int game;
    const char *ids;
    Py_ssize_t n, hole, given = -1;
    if (!PyArg_ParseTuple(args, "iy#n|n", &game, &ids, &n, &hole, &given))
        return NULL;
    if (!bound())
        return NULL;
    if (game < 0 || game >= num_games || hole < 0 || hole > n || given < -1 || given > n)
        return PyErr_Format(PyExc_ValueError, "game %d with %zd hole cards of %zd", game, hole, n);
    if (n > MAX_CARDS) /* more than any game deals: the core words the count */
        return raise_hand_error(PE_ERR_COUNT, game, (const uint8_t *)ids, (size_t)n, (size_t)hole, given, -1, -1,
                                NULL);
    return rank_ids(game, (const uint8_t *)ids, (size_t)n, (size_t)hole, given);
}

/* ids_of(list or tuple) -> bytes of its items, each an int (a Card is one, a bool is not)
 * in 0..255, for readers that check ranges themselves (pokereval/showdown.py).  Raises
 * TypeError for anything else, without words: the caller's careful reader words it. */
static PyObject *ids_of_held(PyObject *cards);

static PyObject *ids_of(PyObject *self, PyObject *cards)
{
    (void)self;
    PyObject *held = hold(cards);
    if (held == NULL)
        return NULL;
    PyObject *out = ids_of_held(held);
    Py_DECREF(held);
    return out;
}

static PyObject *ids_of_held(PyObject *cards)
{
    int is_list = PyList_Check(cards);
    if (!is_list && !PyTuple_Check(cards))
        return PyErr_Format(PyExc_TypeError, "not a list or tuple");
    Py_ssize_t n = is_list ? PyList_Size(cards) : PyTuple_Size(cards);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n);
    if (out == NULL)
        return NULL;
    char *data = PyBytes_AsString(out);
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = is_list ? PyList_GetItem(cards, i) : PyTuple_GetItem(cards, i);
        long id = -1;
        if (item != NULL && PyLong_Check(item) && !PyBool_Check(item))
            id = PyLong_AsLong(item);
        if (id < 0 || id > 255) {
            Py_DECREF(out);
            PyErr_Clear();
            return PyErr_Format(PyExc_TypeError, "not plain card ids");
        }
        data[i] = (char)id;
    }
    return out;
}

/* ---- plain values: pokereval.fast ----------------------------------------------------- */

/* eval_mask(mask) -> hold'em value 1..7462 of the cards whose ids are the set bits. */
static PyObject *eval_mask(PyObject *self, PyObject *arg)
{
    (void)self;
    if (!bound())
        return NULL;
    /* A plain int only: a bool is no mask, nor is a Card (an int subclass: its id, read as
     * bits, would name other cards). */
    if (!PyLong_CheckExact(arg))
    {
        PyObject *name = type_name(arg);
        if (name != NULL)
            PyErr_Format(PyExc_TypeError, "mask must be an int, got %U (mask_of(cards) makes one)", name);
        Py_XDECREF(name);
        return NULL;
    }
    unsigned long long mask = PyLong_AsUnsignedLongLong(arg);
    if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return PyErr_Format(PyExc_ValueError, "mask %R has bits outside 0..51 (card ids run 0..51)", arg);
    }
    int32_t value = eval_mask_checked((uint64_t)mask);
    if (value > 0)
        return PyLong_FromLong(value);
    char hex[24]; /* PyErr_Format has no %llx */
    snprintf(hex, sizeof hex, "%#llx", mask);
    int count = 0;
    for (unsigned long long m = mask; m; m &= m - 1)
        count++;
    if (mask >> 52)
        return PyErr_Format(PyExc_ValueError, "mask %s has bits outside 0..51 (card ids run 0..51)", hex);
    return PyErr_Format(PyExc_ValueError, "mask %s holds %d cards; holdem needs 5 to 7", hex, count);
}

/* Raises the error for a list or tuple that read_ids refused: its first item that is no
 * card id, or too many cards. */
static void word_bad_ids(PyObject *cards, uint8_t *ids)
{
    int is_list = PyList_Check(cards);
    Py_ssize_t size = is_list ? PyList_Size(cards) : PyTuple_Size(cards);
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *item = is_list ? PyList_GetItem(cards, i) : PyTuple_GetItem(cards, i);
        if (!PyLong_Check(item) || PyBool_Check(item)) {
            PyObject *name = type_name(item);
            if (name != NULL)
                PyErr_Format(PyExc_TypeError, "expected a card id (an int or a Card), got %U at position %zd", name,
                             i + 1);
            Py_XDECREF(name);
            return;
        }
    }
    (void)raise_counted_error(PE_ERR_COUNT, 0, ids, 0, (size_t)size, 0, -1, -1, -1, NULL); /* over MAX_CARDS */
}

/* eval_cards(list or tuple of ids or Cards, or bytes) -> hold'em value 1..7462. */
static PyObject *eval_cards(PyObject *self, PyObject *cards)
{
    (void)self;
    if (!bound())
        return NULL;
    uint8_t ids[MAX_CARDS];
    Py_ssize_t n;
    const uint8_t *data = ids;
    if (PyBytes_Check(cards)) {
        n = PyBytes_Size(cards);
        data = (const uint8_t *)PyBytes_AsString(cards);
    } else {
        n = read_ids(cards, ids, 0, 0, -1);
        if (n == -2)
            return NULL;
        if (n == -1) {
            int listlike = PyList_Check(cards) || PyTuple_Check(cards);
            if (!listlike) {
                PyObject *name = type_name(cards);
                if (name != NULL)
                    PyErr_Format(PyExc_TypeError, "card ids must be bytes, a list or a tuple, got %U", name);
                Py_XDECREF(name);
                return NULL;
            }
            PyObject *held = hold(cards);
            if (held == NULL)
                return NULL;
            word_bad_ids(held, ids);
            Py_DECREF(held);
            return NULL;
        }
    }
    int32_t value = eval_holdem(data, (size_t)n);
    if (value > 0)
        return PyLong_FromLong(value);
    return raise_hand_error(value, 0, data, (size_t)n, 0, -1, -1, -1, NULL);
}

/* Take an object off the collector's lists (Python objects that can never be part of a
 * reference cycle, such as an engine Hand: see pokereval/engine/hand.py).  Tracked again
 * by nothing; freed by its reference count as any object. */
static PyObject *untrack(PyObject *self, PyObject *obj)
{
    (void)self;
    if (PyObject_GC_IsTracked(obj))
        PyObject_GC_UnTrack(obj);
    Py_RETURN_NONE;
}


/* ---- small exact equity ------------------------------------------------------------ */

/* exact_ranges(game, players, hole, rows, counts, weights, board, dead, max_deals): one
 * call of pe_equity_exact_ranges (csrc/equity_ranges.c), with the totals read out here.
 * Why here and not through cffi: a hand against a range on the turn is about 7 us of work,
 * and cffi's call (two arrays made, fourteen arguments converted) and the Python that read
 * the totals into a result cost 3 us more (pokereval/equity/exact.py, SmallSpot).
 *
 * rows, counts (native uint32, one per player), board and dead are bytes, weights bytes
 * of native doubles (one per row) or None; the lengths are checked against each other
 * here, so no call reads past what it was given.  The card ids and the game are the core's
 * to check.  Returns (0, equity, wins, ties, runs, weighted_runs, weighted_totals) where
 * equity[p] = share / (weighted_runs * PE_EQ_UNIT), as the core's header defines it, and
 * weighted_totals is the core's weighted totals as bytes of doubles (players * PE_EQ_FIELDS
 * + 1), read for the categories; or (code,) when the core returns another code. */
#define MAX_PLAYERS 10
#define TOTALS (MAX_PLAYERS * PE_EQ_FIELDS + 1)

static int bytes_arg(PyObject *obj, const char *what, const char **data, Py_ssize_t *n)
{
    if (!PyBytes_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "%s must be bytes", what);
        return 0;
    }
    *data = PyBytes_AsString(obj);
    *n = PyBytes_Size(obj);
    return *data != NULL;
}

static PyObject *exact_ranges(PyObject *self, PyObject *args)
{
    (void)self;
    int game;
    Py_ssize_t players, hole, max_deals;
    PyObject *rows_obj, *counts_obj, *weights_obj, *board_obj, *dead_obj;
    if (!PyArg_ParseTuple(args, "innOOOOOn", &game, &players, &hole, &rows_obj, &counts_obj, &weights_obj,
                          &board_obj, &dead_obj, &max_deals))
        return NULL;
    if (exact_ranges_core == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "pokereval._fastcall is not bound to the core");
        return NULL;
    }
    const char *rows, *counts_data, *board, *dead, *weights = NULL;
    Py_ssize_t nrows, ncounts, nboard, ndead, nweights = 0;
    if (!bytes_arg(rows_obj, "rows", &rows, &nrows) || !bytes_arg(counts_obj, "counts", &counts_data, &ncounts) ||
        !bytes_arg(board_obj, "board", &board, &nboard) || !bytes_arg(dead_obj, "dead", &dead, &ndead))
        return NULL;
    if (weights_obj != Py_None && !bytes_arg(weights_obj, "weights", &weights, &nweights))
        return NULL;
    if (players < 2 || players > MAX_PLAYERS || hole < 1 || hole > 6 || max_deals < 0 ||
        ncounts != players * (Py_ssize_t)sizeof(uint32_t))
        return PyErr_Format(PyExc_ValueError,
                            "exact_ranges: 2 to %d players, 1 to 6 hole cards, a count each and max_deals >= 0",
                            MAX_PLAYERS);
    uint32_t counts[MAX_PLAYERS];
    memcpy(counts, counts_data, (size_t)ncounts);
    uint64_t listed = 0; /* at most 10 * 2**32: no product below can wrap */
    for (Py_ssize_t p = 0; p < players; p++)
        listed += counts[p];
    if ((uint64_t)nrows != listed * (uint64_t)hole ||
        (weights != NULL && (uint64_t)nweights != listed * sizeof(double)))
        return PyErr_Format(PyExc_ValueError, "exact_ranges: %llu rows of %zd cards (and a weight each) expected",
                            (unsigned long long)listed, hole);
    uint64_t plain[TOTALS];
    double weighted[TOTALS];
    size_t bad = 0;
    int rc;
    /* The weights' bytes may not be aligned for doubles: copied when they are not. */
    double *aligned = NULL;
    if (weights != NULL && ((uintptr_t)weights % sizeof(double)) != 0) {
        aligned = PyMem_Malloc((size_t)nweights);
        if (aligned == NULL)
            return PyErr_NoMemory();
        memcpy(aligned, weights, (size_t)nweights);
        weights = (const char *)aligned;
    }
    Py_BEGIN_ALLOW_THREADS
    rc = exact_ranges_core(game, (size_t)players, (size_t)hole, (const uint8_t *)rows, counts,
                           (const double *)weights, (const uint8_t *)board, (size_t)nboard, (const uint8_t *)dead,
                           (size_t)ndead, (size_t)max_deals, plain, weighted, &bad);
    Py_END_ALLOW_THREADS
    PyMem_Free(aligned);
    if (rc != PE_OK)
        return Py_BuildValue("(i)", rc);
    Py_ssize_t end = players * PE_EQ_FIELDS;
    double pot = weighted[end] * (double)PE_EQ_UNIT;
    PyObject *equity = PyTuple_New(players), *wins = PyTuple_New(players), *ties = PyTuple_New(players);
    PyObject *out = NULL;
    if (equity == NULL || wins == NULL || ties == NULL)
        goto done;
    for (Py_ssize_t p = 0; p < players; p++) {
        const Py_ssize_t at = p * PE_EQ_FIELDS;
        PyObject *share = PyFloat_FromDouble(weighted[at + PE_EQ_SHARE] / pot);
        PyObject *won = PyLong_FromUnsignedLongLong(plain[at + PE_EQ_WINS]);
        PyObject *tied = PyLong_FromUnsignedLongLong(plain[at + PE_EQ_TIES]);
        if (share == NULL || won == NULL || tied == NULL) {
            Py_XDECREF(share);
            Py_XDECREF(won);
            Py_XDECREF(tied);
            goto done;
        }
        /* New tuples and an index in range: these steal the references and cannot fail. */
        PyTuple_SetItem(equity, p, share);
        PyTuple_SetItem(wins, p, won);
        PyTuple_SetItem(ties, p, tied);
    }
    out = Py_BuildValue("(iOOOKdy#)", 0, equity, wins, ties, (unsigned long long)plain[end], weighted[end],
                        (const char *)weighted, (Py_ssize_t)((end + 1) * (Py_ssize_t)sizeof(double)));
done:
    Py_XDECREF(equity);
    Py_XDECREF(wins);
    Py_XDECREF(ties);
    return out;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS, "bind(holdem, mask, packed, ranges): the core's entry points as named capsules."},
    {"register", register_, METH_VARARGS,
     "register(game_codes, game_names, split_games, deck_first, hand_error, cards): the Python side."},
    {"make", make, METH_VARARGS, "make(value, game, ids, hole, low, is_low) -> HandRank, unjudged."},
    {"rank", rank, METH_VARARGS, "rank(cards, board, game) -> HandRank, or NotImplemented to parse first."},
    {"rank_of_ids", rank_of_ids, METH_VARARGS, "rank_of_ids(game, ids, hole) -> HandRank of parsed ids."},
    {"ids_of", ids_of, METH_O, "ids_of(list or tuple of ints) -> bytes; TypeError for anything else."},
    {"eval_mask", eval_mask, METH_O, "Hold'em value (1..7462) of a 64-bit card mask of 5-7 cards."},
    {"eval_cards", eval_cards, METH_O, "Hold'em value (1..7462) of 5-7 card ids: bytes, list or tuple."},
    {"exact_ranges", exact_ranges, METH_VARARGS,
     "exact_ranges(game, players, hole, rows, counts, weights, board, dead, max_deals) -> totals read."},
    {"untrack", untrack, METH_O, "untrack(obj): off the garbage collector's lists (objects in no cycle)."},
    {"front", make_front, METH_O, "front(function): pokereval.evaluate, the hottest call read here."},
    {NULL, NULL, 0, NULL},
};

/* Adds HandRank to a new module object; the type itself is made once per process. */
static int exec_module(PyObject *mod)
{
    if (rank_type == NULL) {
        rank_type = (PyTypeObject *)PyType_FromSpec(&rank_spec);
        if (rank_type == NULL)
            return -1;
    }
    Py_INCREF((PyObject *)rank_type);
    if (PyModule_AddObject(mod, "HandRank", (PyObject *)rank_type) < 0) {
        Py_DECREF((PyObject *)rank_type);
        return -1;
    }
    if (front_type == NULL) {
        front_type = (PyTypeObject *)PyType_FromSpec(&front_spec);
        if (front_type == NULL)
            return -1;
    }
    if (holdem_text == NULL) {
        holdem_text = PyUnicode_InternFromString("holdem");
        if (holdem_text == NULL)
            return -1;
    }
    return 0;
}

/* Free-threaded CPython turns the GIL back on when it imports a module that does not say
 * it can run without it.  This one can: its globals are written once, by bind() and
 * register() while the package is imported, and only read after; HandRank objects are
 * immutable; evaluate's front holds its function, written once, and a dict (thread-safe); lists are read through a copy there (hold), so no item borrowed from one
 * can be freed by another thread while it is read.
 *
 * The Py_mod_gil slot exists from CPython 3.13, and the headers declare it only when the
 * API asked for is 3.13 or later: always where the GIL can be off (a free-threaded build
 * has no limited API before 3.15, and from there its abi3t is newer than 3.13), never in
 * the cp39-abi3 build (Py_LIMITED_API 0x03090000, set by setup.py), which is for builds
 * with a GIL.  So "#ifdef Py_mod_gil" is the guard: where the slot is declared the module
 * uses multi-phase init and says so; elsewhere it keeps the single-phase init that every
 * CPython from 3.9 accepts.  The globals also mean one copy per process, not one per
 * interpreter: the multi-phase module says so too (Py_mod_multiple_interpreters, 3.12),
 * as m_size -1 says it for single-phase init. */
#ifdef Py_mod_gil
static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, (void *)exec_module},
    {Py_mod_multiple_interpreters, Py_MOD_MULTIPLE_INTERPRETERS_NOT_SUPPORTED},
    {Py_mod_gil, Py_MOD_GIL_NOT_USED},
    {0, NULL},
};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastcall", NULL, 0, methods, module_slots, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fastcall(void)
{
    return PyModuleDef_Init(&module);
}
#else
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastcall", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fastcall(void)
{
    PyObject *mod = PyModule_Create(&module);
    if (mod != NULL && exec_module(mod) < 0)
        Py_CLEAR(mod);
    return mod;
}
#endif
