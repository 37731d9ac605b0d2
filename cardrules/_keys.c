/* cardrules._keys: the compiled build's sort of a shuffle's cards by their keys.
 *
 * by_keys(digest, size) -> list[int]: the cards 0 .. size-1 sorted by their keys, card c's
 * key the 64-bit little-endian number at bytes 8c .. 8c+7 of digest, a tie keeping the
 * lower card first.  It is cardrules.cards.by_keys in the compiled build; the pure build
 * sorts with Python's sorted() (the same order: the tests hold the two to each other).
 *
 * The cards are counted into buckets by the top bits of their keys (at least as many
 * buckets as cards), laid out bucket by bucket, each bucket's cards in their own order,
 * then each card moved down past the cards before it whose keys are higher: the few cards
 * sharing a bucket end sorted, and equal keys keep their order.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* Cards up to this many are sorted in arrays on the stack. */
#define ON_STACK 512

static uint64_t key_of(const unsigned char *digest, Py_ssize_t card)
{
    const unsigned char *at = digest + 8 * card;
    return (uint64_t)at[0] | (uint64_t)at[1] << 8 | (uint64_t)at[2] << 16 |
           (uint64_t)at[3] << 24 | (uint64_t)at[4] << 32 | (uint64_t)at[5] << 40 |
           (uint64_t)at[6] << 48 | (uint64_t)at[7] << 56;
}

/* Put in order[0 .. size-1] the cards sorted by keys[card] (ties: the lower card first),
 * with starts[] holding (1 << width) + 1 counters. */
static void sort_cards(const uint64_t *keys, Py_ssize_t size, int width,
                       Py_ssize_t *starts, Py_ssize_t *order)
{
    Py_ssize_t buckets = (Py_ssize_t)1 << width;
    int down = 64 - width;
    for (Py_ssize_t b = 0; b <= buckets; b++)
        starts[b] = 0;
    for (Py_ssize_t c = 0; c < size; c++) /* at b + 1: how many cards bucket b holds */
        starts[(keys[c] >> down) + 1]++;
    for (Py_ssize_t b = 1; b <= buckets; b++) /* then at b: where bucket b starts */
        starts[b] += starts[b - 1];
    for (Py_ssize_t c = 0; c < size; c++) /* each bucket's cards in their own order */
        order[starts[keys[c] >> down]++] = c;
    for (Py_ssize_t i = 1; i < size; i++) {
        Py_ssize_t card = order[i];
        uint64_t key = keys[card];
        Py_ssize_t j = i;
        while (j > 0 && keys[order[j - 1]] > key) { /* strictly higher: ties stay */
            order[j] = order[j - 1];
            j--;
        }
        order[j] = card;
    }
}

static PyObject *by_keys(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "by_keys() takes 2 arguments (%zd given)", nargs);
        return NULL;
    }
    Py_ssize_t size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred())
        return NULL;
    Py_buffer digest;
    if (PyObject_GetBuffer(args[0], &digest, PyBUF_SIMPLE) < 0)
        return NULL;
    if (size < 0 || digest.len / 8 < size) {
        PyErr_Format(PyExc_ValueError,
                     "by_keys() needs 8 bytes of digest a card: %zd bytes for %zd cards",
                     digest.len, size);
        PyBuffer_Release(&digest);
        return NULL;
    }
    int width = 1; /* bucket bits: 2**width buckets, at least as many as cards */
    while (width < 16 && ((Py_ssize_t)1 << width) < size)
        width++;
    uint64_t keys_here[ON_STACK];
    Py_ssize_t order_here[ON_STACK];
    Py_ssize_t starts_here[ON_STACK + 1];
    uint64_t *keys = keys_here;
    Py_ssize_t *order = order_here, *starts = starts_here;
    if (size > ON_STACK) {
        keys = PyMem_Malloc(sizeof(uint64_t) * (size_t)size);
        order = PyMem_Malloc(sizeof(Py_ssize_t) * (size_t)size);
        starts = PyMem_Malloc(sizeof(Py_ssize_t) * (((size_t)1 << width) + 1));
        if (keys == NULL || order == NULL || starts == NULL) {
            PyMem_Free(keys);
            PyMem_Free(order);
            PyMem_Free(starts);
            PyBuffer_Release(&digest);
            return PyErr_NoMemory();
        }
    }
    for (Py_ssize_t c = 0; c < size; c++)
        keys[c] = key_of((const unsigned char *)digest.buf, c);
    PyBuffer_Release(&digest);
    sort_cards(keys, size, width, starts, order);
    PyObject *sorted = PyList_New(size);
    for (Py_ssize_t i = 0; sorted != NULL && i < size; i++) {
        PyObject *card = PyLong_FromSsize_t(order[i]);
        if (card == NULL)
            Py_CLEAR(sorted);
        else
            PyList_SET_ITEM(sorted, i, card);
    }
    if (size > ON_STACK) {
        PyMem_Free(keys);
        PyMem_Free(order);
        PyMem_Free(starts);
    }
    return sorted;
}

static PyMethodDef methods[] = {
    {"by_keys", (PyCFunction)(void (*)(void))by_keys, METH_FASTCALL,
     "by_keys(digest, size, /)\n--\n\n"
     "The cards 0 .. size-1 sorted by their keys, card c's key the 64-bit little-endian\n"
     "number at bytes 8c .. 8c+7 of digest, a tie keeping the lower card first."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cardrules._keys",
    "The compiled build's sort of a shuffle's cards by their keys (cardrules.cards.by_keys).",
    0, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__keys(void)
{
    return PyModule_Create(&module);
}
