/* cardrules.engine._records: the compiled build's records made from their slots' values.
 *
 * maker(cls, names) -> a callable: maker(values...) makes an instance of cls, a class
 * of slots built by object.__new__ (a frozen attrs class with slots, say), its slot
 * names[i] holding values[i], without calling __init__: what object.__new__ and one
 * object.__setattr__ a slot do, in one call.  It is cardrules.engine.slots.maker in the
 * compiled build; the pure build does it so, in Python (the tests hold the two alike).
 *
 * maker() checks what it is given once: cls makes its instances with object's own
 * __new__, and each name is a writable slot of an object (a member descriptor of cls);
 * a call then only fills in the places those slots have in a new instance.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyTypeObject *cls;
    Py_ssize_t count;
    Py_ssize_t offsets[1]; /* count of them: each slot's place in an instance */
} Maker;

static PyObject *make(PyObject *self, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    Maker *maker = (Maker *)self;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs != maker->count || (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0)) {
        PyErr_Format(PyExc_TypeError, "a maker of %s takes %zd values in order (%zd given)",
                     maker->cls->tp_name, maker->count, nargs);
        return NULL;
    }
    PyObject *made = maker->cls->tp_alloc(maker->cls, 0);
    if (made == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject **slot = (PyObject **)((char *)made + maker->offsets[i]);
        Py_INCREF(args[i]);
        Py_XSETREF(*slot, args[i]);
    }
    return made;
}

static void maker_dealloc(PyObject *self)
{
    Py_XDECREF(((Maker *)self)->cls);
    PyObject_Free(self);
}

static PyTypeObject MakerType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cardrules.engine._records.Maker",
    .tp_basicsize = offsetof(Maker, offsets),
    .tp_itemsize = sizeof(Py_ssize_t),
    .tp_dealloc = maker_dealloc,
    .tp_vectorcall_offset = offsetof(Maker, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Makes records of one class from their slots' values "
              "(cardrules.engine._records.maker).",
};

/* The place of slot `name` in an instance of `cls`, or -1 with an exception set. */
static Py_ssize_t slot_offset(PyTypeObject *cls, PyObject *name)
{
    PyObject *found = PyObject_GetAttr((PyObject *)cls, name);
    if (found == NULL) {
        if (!PyErr_ExceptionMatches(PyExc_AttributeError))
            return -1;
        PyErr_Clear(); /* no such attribute: no slot, said below */
    }
    Py_ssize_t offset = -1;
    if (found != NULL && Py_IS_TYPE(found, &PyMemberDescr_Type)) {
        PyMemberDef *member = ((PyMemberDescrObject *)found)->d_member;
        if ((member->type == T_OBJECT_EX || member->type == T_OBJECT) &&
            !(member->flags & READONLY) && member->offset > 0 &&
            member->offset + (Py_ssize_t)sizeof(PyObject *) <= cls->tp_basicsize)
            offset = member->offset;
    }
    Py_XDECREF(found);
    if (offset < 0)
        PyErr_Format(PyExc_TypeError, "%R is not a writable slot of %s", name, cls->tp_name);
    return offset;
}

static PyObject *maker(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyType_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "maker(cls, names) takes a class and a tuple of names");
        return NULL;
    }
    PyTypeObject *cls = (PyTypeObject *)args[0];
    if (cls->tp_new != PyBaseObject_Type.tp_new || cls->tp_itemsize != 0 ||
        cls->tp_alloc == NULL) {
        PyErr_Format(PyExc_TypeError, "%s does not make its instances with object.__new__",
                     cls->tp_name);
        return NULL;
    }
    Py_ssize_t count = PyTuple_GET_SIZE(args[1]);
    Maker *made = PyObject_NewVar(Maker, &MakerType, count);
    if (made == NULL)
        return NULL;
    made->vectorcall = make;
    made->count = count;
    Py_INCREF(cls);
    made->cls = cls;
    for (Py_ssize_t i = 0; i < count; i++) {
        made->offsets[i] = slot_offset(cls, PyTuple_GET_ITEM(args[1], i));
        if (made->offsets[i] < 0) {
            Py_DECREF(made);
            return NULL;
        }
    }
    return (PyObject *)made;
}

static PyMethodDef methods[] = {
    {"maker", (PyCFunction)(void (*)(void))maker, METH_FASTCALL,
     "maker(cls, names, /)\n--\n\n"
     "A callable making instances of cls from the values of its slots named by names,\n"
     "in that order, without calling __init__."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "cardrules.engine._records",
    "The compiled build's records made from their slots' values "
    "(cardrules.engine.slots.maker).",
    0, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__records(void)
{
    if (PyType_Ready(&MakerType) < 0)
        return NULL;
    return PyModule_Create(&module);
}
