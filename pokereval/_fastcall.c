/* _fastcall.c - one Python call per hold'em hand, without cffi's per-call costs.
 *
 * Why it exists: every cffi call releases and retakes the GIL and saves errno, about
 * 80 ns before any work, more than a whole evaluation.  For one hand per call that
 * overhead is the product, so these two functions keep the GIL (they run for a few
 * nanoseconds) and take a Python object straight.  They do no evaluating of their own:
 * pokereval._core hands them the addresses of the core's checked entry points once, at
 * import (bind), so the core is compiled once, into the cffi module.  Limited API, so
 * it goes into the same abi3 wheel. */
/* setup.py defines Py_LIMITED_API (0x03090000) wherever the wheel is abi3. */
#include <Python.h>
#include <stdint.h>
#include <stdio.h>

typedef int32_t (*ids_fn)(const uint8_t *ids, size_t n);
typedef int32_t (*mask_fn)(uint64_t mask);

/* Set once by bind() while the package is imported, before any caller can reach them. */
static ids_fn eval_ids;
static mask_fn eval_mask_checked;

static PyObject *bind(PyObject *self, PyObject *args)
{
    (void)self;
    unsigned long long ids_addr, mask_addr;
    if (!PyArg_ParseTuple(args, "KK", &ids_addr, &mask_addr))
        return NULL;
    eval_ids = (ids_fn)(uintptr_t)ids_addr;
    eval_mask_checked = (mask_fn)(uintptr_t)mask_addr;
    Py_RETURN_NONE;
}

static int bound(void)
{
    if (eval_ids && eval_mask_checked)
        return 1;
    PyErr_SetString(PyExc_RuntimeError, "pokereval._fastcall is not bound to the core");
    return 0;
}

static const char RANK_CHARS[] = "23456789TJQKA";
static const char SUIT_CHARS[] = "cdhs";

/* The core's error for these ids, as the ValueError the rest of the package raises. */
static PyObject *raise_for(int32_t code, const uint8_t *ids, Py_ssize_t n)
{
    if (code == -3) /* PE_ERR_COUNT */
        return PyErr_Format(PyExc_ValueError, "holdem needs 5 to 7 cards, got %zd", n);
    if (code == -2) { /* PE_ERR_DUPLICATE: name the first card seen twice */
        uint64_t seen = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            uint64_t bit = 1ull << ids[i];
            if (seen & bit)
                return PyErr_Format(PyExc_ValueError, "duplicate card '%c%c'", RANK_CHARS[ids[i] >> 2],
                                    SUIT_CHARS[ids[i] & 3]);
            seen |= bit;
        }
    }
    return PyErr_Format(PyExc_ValueError, "core error %d", (int)code);
}

/* eval_mask(mask) -> value 1..7462 of the cards whose ids are the set bits. */
static PyObject *eval_mask(PyObject *self, PyObject *arg)
{
    (void)self;
    if (!bound())
        return NULL;
    if (!PyLong_Check(arg) || PyBool_Check(arg))
        return PyErr_Format(PyExc_TypeError, "mask must be an int");
    unsigned long long mask = PyLong_AsUnsignedLongLong(arg);
    if (mask == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return PyErr_Format(PyExc_ValueError, "mask has bits outside 0..51 (card ids run 0..51)");
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

/* eval_cards(list or tuple of 5..7 ids or Cards) -> value.  TypeError for anything else
 * (bool items included), so a caller can fall back to its parser for text items. */
static PyObject *eval_cards(PyObject *self, PyObject *cards)
{
    (void)self;
    if (!bound())
        return NULL;
    int is_list = PyList_Check(cards);
    if (!is_list && !PyTuple_Check(cards))
        return PyErr_Format(PyExc_TypeError, "cards must be a list or tuple of card ids");
    Py_ssize_t n = is_list ? PyList_Size(cards) : PyTuple_Size(cards);
    if (n < 5 || n > 7)
        return raise_for(-3, NULL, n);
    uint8_t ids[7];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = is_list ? PyList_GetItem(cards, i) : PyTuple_GetItem(cards, i); /* borrowed */
        if (item == NULL)
            return NULL;
        if (!PyLong_Check(item) || PyBool_Check(item))
            return PyErr_Format(PyExc_TypeError, "card %zd is not a card id", i + 1);
        long id = PyLong_AsLong(item);
        if (id == -1 && PyErr_Occurred())
            PyErr_Clear();
        if (id < 0 || id > 51)
            return PyErr_Format(PyExc_ValueError, "card id %R out of range 0..51 at position %zd", item, i + 1);
        ids[i] = (uint8_t)id;
    }
    int32_t value = eval_ids(ids, (size_t)n);
    return value > 0 ? PyLong_FromLong(value) : raise_for(value, ids, n);
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_VARARGS, "bind(ids_addr, mask_addr): the core's entry points (once, at import)."},
    {"eval_mask", eval_mask, METH_O, "Hold'em value (1..7462) of a 64-bit card mask of 5-7 cards."},
    {"eval_cards", eval_cards, METH_O, "Hold'em value (1..7462) of a list or tuple of 5-7 Cards or ids."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_fastcall", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fastcall(void)
{
    return PyModule_Create(&module);
}
