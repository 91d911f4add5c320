/* DPLL over exactly-one constraints (an exact-cover matrix), for satdoku.solver.dpll.
 *
 * The formula: candidates (rows) r, each a Boolean variable x(cell, value); constraints
 * (columns) c, each saying "exactly one of these candidates is true" (a cell holds one value;
 * a unit holds each value once). This is the extended Sudoku encoding, whose unit
 * propagation is naked and hidden singles.
 *
 * State: open[r] says whether candidate r may still be chosen, count[c] how many candidates of
 * column c are open (plus DONE once c is satisfied). Choosing r satisfies every column of r and
 * closes every other candidate of those columns; a column left with one open candidate is a
 * unit (queued, and its candidate chosen by propagation), one left with none a conflict.
 *
 * Search: after propagation, branch on the unsatisfied column with the fewest open candidates
 * (the shortest clause), trying each candidate in turn; chronological backtracking, no
 * learning. Each decision level keeps a copy of the state it started from, so backtracking is
 * a copy back rather than an undo of every choice. Solutions come one per next() call, and the
 * search goes on from there at the following call.
 *
 * From Python nothing can break it: a matrix is built apart and put in place only when whole
 * (a failing __init__ leaves the object as it was), givens are read and checked before the
 * search state is touched, and while next() runs (its poll, Ctrl-C handlers, the garbage
 * collector may run Python code) the object refuses __init__, start() and next().
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>

/* Added to a column's count when it is satisfied, so that the smallest count is the column to
 * branch on and a count reaching 1 or 0 always means an open column. */
#define DONE (1 << 24)

/* Labels are 1 .. MAX_LABEL - 1 (0 marks a slot without a given). */
#define MAX_LABEL (1 << 16)

typedef unsigned char flag;

/* Where a search stands between two calls of next(). */
enum { IDLE, DESCEND, BACKTRACK };

typedef struct {
    PyObject_HEAD
    int nrows, ncols, nslots;
    int *row_start, *row_cols; /* CSR: the columns of each row */
    int *col_start, *col_rows; /* CSR: the rows of each column */
    int *row_slot, *row_label; /* a chosen row r puts row_label[r] into slot row_slot[r] */
    int *slot_start, *slot_rows; /* CSR: the rows of each slot */
    int *count, *initial;      /* open candidates per column: now, and before any choice */
    flag *open;
    int *trail, ntrail;        /* the chosen rows, in order */
    int *queue, qhead, qtail;  /* unit columns waiting for propagation */
    int conflict;
    int *level_trail, *level_col, *level_next; /* per decision level */
    int *saved_count;          /* per decision level: count and open as the level found them */
    flag *saved_open;
    int depth, levels, mode;   /* decision levels in use, and with room for their copies */
    long long nodes, counted; /* since start(): search nodes, solutions count() passed */
    int *grid;
    int busy;                  /* next() is under way */
} Cover;

static void cover_free_arrays(Cover *s)
{
    int **arrays[] = {&s->row_start,   &s->row_cols,  &s->col_start,   &s->col_rows,
                      &s->row_slot,    &s->row_label, &s->slot_start,  &s->slot_rows,
                      &s->count,
                      &s->initial,
                      &s->trail,       &s->queue,     &s->level_trail, &s->level_col,
                      &s->level_next,  &s->saved_count, &s->grid};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) {
        PyMem_Free(*arrays[i]);
        *arrays[i] = NULL;
    }
    PyMem_Free(s->open);
    PyMem_Free(s->saved_open);
    s->open = s->saved_open = NULL;
    s->levels = 0;
}

static void cover_dealloc(Cover *s)
{
    cover_free_arrays(s);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* An int in [lo, hi) from any object with __index__; -1 with an exception otherwise. */
static int int_in(PyObject *obj, long lo, long hi, long *out, const char *what)
{
    int overflow;
    long v = PyLong_AsLongAndOverflow(obj, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s: %s is out of range", what,
                     overflow > 0 ? "a huge number" : "a huge negative number");
        return -1;
    }
    if (v < lo || v >= hi) {
        PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
        return -1;
    }
    *out = v;
    return 0;
}

/* Copy a Python sequence of exactly n ints, each in [lo, hi), into a new array. The sequence
 * is copied to a tuple first: an item's __index__ may change a list under our feet. */
static int *int_array(PyObject *seq, Py_ssize_t n, long lo, long hi, const char *what)
{
    PyObject *items = PySequence_Tuple(seq);
    if (items == NULL)
        return NULL;
    if (PyTuple_GET_SIZE(items) != n) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, n);
        Py_DECREF(items);
        return NULL;
    }
    int *out = PyMem_Malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (out == NULL) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v;
        if (int_in(PyTuple_GET_ITEM(items, i), lo, hi, &v, what) < 0) {
            PyMem_Free(out);
            Py_DECREF(items);
            return NULL;
        }
        out[i] = (int)v;
    }
    Py_DECREF(items);
    return out;
}

static int *zeros(Py_ssize_t n)
{
    int *out = PyMem_Calloc((size_t)(n > 0 ? n : 1), sizeof(int));
    if (out == NULL)
        PyErr_NoMemory();
    return out;
}

/* The length of a sequence, which must be below DONE. */
static Py_ssize_t length(PyObject *seq, const char *what)
{
    Py_ssize_t n = PySequence_Size(seq);
    if (n >= DONE) {
        PyErr_Format(PyExc_ValueError, "%s: too many items", what);
        return -1;
    }
    return n;
}

/* Cover(ncols, nslots, row_start, row_cols, row_slot, row_label), built into a Cover that is
 * no Python object (only its arrays and sizes are filled); on failure the caller frees what
 * was made. Python code (__index__, __iter__, __len__) may run here, so nothing is read from
 * the object being initialised. */
static int cover_build(Cover *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"ncols", "nslots", "row_start", "row_cols", "row_slot",
                             "row_label", NULL};
    long ncols, nslots;
    PyObject *ncols_arg, *nslots_arg, *start, *cols, *slot, *label;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OOOOOO", kwlist, &ncols_arg, &nslots_arg,
                                     &start, &cols, &slot, &label) ||
        int_in(ncols_arg, 0, DONE, &ncols, "ncols") < 0 ||
        int_in(nslots_arg, 0, DONE, &nslots, "nslots") < 0)
        return -1;
    const Py_ssize_t nstart = length(start, "row_start");
    if (nstart < 0)
        return -1;
    if (nstart == 0) {
        PyErr_SetString(PyExc_ValueError, "row_start: expected at least 1 item");
        return -1;
    }
    const Py_ssize_t nrows = nstart - 1;
    Py_ssize_t nentries = length(cols, "row_cols");
    if (nentries < 0)
        return -1;
    s->nrows = (int)nrows;
    s->ncols = (int)ncols;
    s->nslots = (int)nslots;
    if (!(s->row_start = int_array(start, nrows + 1, 0, nentries + 1, "row_start")) ||
        !(s->row_cols = int_array(cols, nentries, 0, ncols, "row_cols")) ||
        !(s->row_slot = int_array(slot, nrows, 0, nslots, "row_slot")) ||
        !(s->row_label = int_array(label, nrows, 1, MAX_LABEL, "row_label")))
        return -1;
    for (int r = 0; r < nrows; r++) {
        if (s->row_start[r] >= s->row_start[r + 1]) {
            PyErr_SetString(PyExc_ValueError, "every row needs at least one column");
            return -1;
        }
    }
    if (s->row_start[0] != 0 || s->row_start[nrows] != nentries) {
        PyErr_SetString(PyExc_ValueError, "row_start must run from 0 to len(row_cols)");
        return -1;
    }
    /* Each chosen row satisfies at least one column that was open: at most ncols on the
     * trail, and as many decision levels. */
    if (!(s->col_start = zeros(ncols + 1)) || !(s->col_rows = zeros(nentries)) ||
        !(s->count = zeros(ncols)) || !(s->initial = zeros(ncols)) ||
        !(s->trail = zeros(ncols + 1)) || !(s->queue = zeros(ncols + 1)) ||
        !(s->level_trail = zeros(ncols + 1)) || !(s->level_col = zeros(ncols + 1)) ||
        !(s->level_next = zeros(ncols + 1)) || !(s->grid = zeros(nslots)) ||
        !(s->slot_start = zeros(nslots + 1)) || !(s->slot_rows = zeros(nrows)))
        return -1;
    if (!(s->open = PyMem_Malloc((size_t)(nrows > 0 ? nrows : 1)))) {
        PyErr_NoMemory();
        return -1;
    }
    /* A column twice in one row would count it satisfied twice. `initial` marks the row that
     * last named each column, before it gets its real content below. */
    for (int c = 0; c < ncols; c++)
        s->initial[c] = -1;
    for (int r = 0; r < nrows; r++)
        for (int i = s->row_start[r]; i < s->row_start[r + 1]; i++) {
            const int c = s->row_cols[i];
            if (s->initial[c] == r) {
                PyErr_Format(PyExc_ValueError, "row %d has column %d twice", r, c);
                return -1;
            }
            s->initial[c] = r;
        }
    /* The transposes: the rows of each column, the rows of each slot (counting sorts, so
     * each list is in row order). */
    for (Py_ssize_t i = 0; i < nentries; i++)
        s->col_start[s->row_cols[i] + 1]++;
    for (int c = 0; c < ncols; c++)
        s->col_start[c + 1] += s->col_start[c];
    for (int r = 0; r < nrows; r++)
        s->slot_start[s->row_slot[r] + 1]++;
    for (int i = 0; i < nslots; i++)
        s->slot_start[i + 1] += s->slot_start[i];
    int *fill = zeros(ncols > nslots ? ncols : nslots);
    if (fill == NULL)
        return -1;
    for (int r = 0; r < nrows; r++)
        for (int i = s->row_start[r]; i < s->row_start[r + 1]; i++) {
            int c = s->row_cols[i];
            s->col_rows[s->col_start[c] + fill[c]++] = r;
        }
    memset(fill, 0, sizeof(int) * (size_t)nslots);
    for (int r = 0; r < nrows; r++) {
        const int slot = s->row_slot[r];
        s->slot_rows[s->slot_start[slot] + fill[slot]++] = r;
    }
    PyMem_Free(fill);
    for (int c = 0; c < ncols; c++)
        s->initial[c] = s->col_start[c + 1] - s->col_start[c];
    return 0;
}

/* The first row that puts `label` into `slot`, or -1. */
static int given_row(const Cover *s, int slot, long label)
{
    for (int j = s->slot_start[slot]; j < s->slot_start[slot + 1]; j++)
        if (s->row_label[s->slot_rows[j]] == label)
            return s->slot_rows[j];
    return -1;
}

/* Choose row r: its columns are satisfied, every other row of those columns closed;
 * columns left with one open row are queued, with none a conflict. */
static void choose(Cover *s, int r)
{
    const int first = s->row_start[r], last = s->row_start[r + 1];
    s->trail[s->ntrail++] = r;
    for (int i = first; i < last; i++)
        s->count[s->row_cols[i]] += DONE;
    for (int i = first; i < last; i++) {
        const int c = s->row_cols[i];
        for (int j = s->col_start[c]; j < s->col_start[c + 1]; j++) {
            const int r2 = s->col_rows[j];
            if (!s->open[r2])
                continue;
            s->open[r2] = 0;
            for (int k = s->row_start[r2]; k < s->row_start[r2 + 1]; k++) {
                const int c2 = s->row_cols[k];
                const int left = --s->count[c2];
                if (left == 1)
                    s->queue[s->qtail++] = c2;
                else if (left == 0)
                    s->conflict = 1;
            }
        }
    }
}

/* Keep the state as decision level d finds it (room for the copies grows as needed). */
static int save(Cover *s, int d)
{
    if (d >= s->levels) {
        /* Each level chose a row and satisfied a column before the next: d < ncols and
         * d <= nrows. */
        const int most = (s->ncols < s->nrows ? s->ncols : s->nrows) + 1;
        int levels = s->levels ? 2 * s->levels : 16;
        if (levels > most)
            levels = most;
        if (levels <= d)
            levels = d + 1;
        int *counts = PyMem_Realloc(s->saved_count, sizeof(int) * (size_t)levels * s->ncols);
        if (counts == NULL)
            return -1;
        s->saved_count = counts;
        flag *opens = PyMem_Realloc(s->saved_open, (size_t)levels * s->nrows);
        if (opens == NULL)
            return -1;
        s->saved_open = opens;
        s->levels = levels;
    }
    memcpy(s->saved_count + (size_t)d * s->ncols, s->count, sizeof(int) * s->ncols);
    memcpy(s->saved_open + (size_t)d * s->nrows, s->open, s->nrows);
    s->level_trail[d] = s->ntrail;
    return 0;
}

/* Back to the state decision level d found. */
static void restore(Cover *s, int d)
{
    memcpy(s->count, s->saved_count + (size_t)d * s->ncols, sizeof(int) * s->ncols);
    memcpy(s->open, s->saved_open + (size_t)d * s->nrows, s->nrows);
    s->ntrail = s->level_trail[d];
}

/* The one open row of column c. */
static int open_row(const Cover *s, int c)
{
    for (int j = s->col_start[c]; j < s->col_start[c + 1]; j++)
        if (s->open[s->col_rows[j]])
            return s->col_rows[j];
    return -1;
}

/* Choose the rows of unit columns until none is left or a conflict. */
static void propagate(Cover *s)
{
    while (!s->conflict && s->qhead < s->qtail) {
        const int c = s->queue[s->qhead++];
        if (s->count[c] == 1) /* else satisfied since it was queued */
            choose(s, open_row(s, c));
    }
    s->qhead = s->qtail = 0;
}

/* The open column with the fewest open rows (its count >= DONE when all are satisfied). */
static int pick(const Cover *s)
{
    int best = 0, fewest = INT_MAX;
    for (int c = 0; c < s->ncols; c++) {
        if (s->count[c] < fewest) {
            best = c;
            fewest = s->count[c];
            if (fewest <= 2) /* after propagation no open column has fewer */
                break;
        }
    }
    return best;
}

/* The grid of the trail, as a tuple of nslots labels (0 where no row was chosen). */
static PyObject *solution(Cover *s)
{
    memset(s->grid, 0, sizeof(int) * (size_t)s->nslots);
    for (int t = 0; t < s->ntrail; t++)
        s->grid[s->row_slot[s->trail[t]]] = s->row_label[s->trail[t]];
    PyObject *out = PyTuple_New(s->nslots);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < s->nslots; i++) {
        PyObject *v = PyLong_FromLong(s->grid[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* Nodes between two looks at Ctrl-C and at the caller's `poll`. */
#define POLL_EVERY 1024

/* Nothing chosen, no search under way. */
static void reset(Cover *s)
{
    memcpy(s->count, s->initial, sizeof(int) * s->ncols);
    memset(s->open, 1, s->nrows);
    s->ntrail = 0;
    s->conflict = 0;
    s->qhead = s->qtail = 0;
    s->depth = 0;
    s->nodes = 0;
    s->counted = 0;
    s->mode = IDLE;
}

/* Whether the object can start or go on with a search: built, and not inside its own next()
 * (from a poll, a signal handler or a finaliser). */
static int ready(const Cover *s)
{
    if (s->row_start == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Cover is not initialised");
        return -1;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "Cover is busy: next() is under way");
        return -1;
    }
    return 0;
}

/* Cover(...): the new matrix is built apart and replaces the old one only when whole, with no
 * search under way; on any error the object is left as it was. */
static int cover_init(Cover *s, PyObject *args, PyObject *kwds)
{
    Cover fresh;
    memset(&fresh, 0, sizeof fresh);
    if (cover_build(&fresh, args, kwds) < 0) {
        cover_free_arrays(&fresh);
        return -1;
    }
    if (s->busy) {
        cover_free_arrays(&fresh);
        PyErr_SetString(PyExc_RuntimeError, "Cover is busy: next() is under way");
        return -1;
    }
    cover_free_arrays(s);
    /* Everything after the object header: the new arrays and sizes, no saved levels. */
    const size_t head = offsetof(Cover, nrows);
    memcpy((char *)s + head, (char *)&fresh + head, sizeof(Cover) - head);
    reset(s);
    return 0;
}

/* start(givens): a new search, with givens[slot] (a label, 0 for none) chosen in each slot
 * first; a given that an earlier one rules out makes the search find nothing. The givens are
 * all read and checked before the search state changes: a refused call leaves it as it was. */
static PyObject *cover_start(Cover *s, PyObject *givens)
{
    if (ready(s) < 0)
        return NULL;
    if (!PySequence_Check(givens)) {
        PyErr_SetString(PyExc_TypeError, "givens must be a sequence of labels");
        return NULL;
    }
    PyObject *items = PySequence_Tuple(givens);
    if (items == NULL)
        return NULL;
    const Py_ssize_t n = PyTuple_GET_SIZE(items);
    long *labels = NULL;
    if (n != s->nslots) {
        PyErr_Format(PyExc_ValueError, "givens: expected %d labels", s->nslots);
        goto fail;
    }
    if (!(labels = PyMem_Malloc(sizeof(long) * (size_t)(n > 0 ? n : 1)))) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (int_in(PyTuple_GET_ITEM(items, i), LONG_MIN, LONG_MAX, &labels[i], "givens") < 0)
            goto fail;
    /* __index__ may have run Python code: look at the object again. */
    if (ready(s) < 0)
        goto fail;
    if (n != s->nslots) {
        PyErr_Format(PyExc_ValueError, "givens: expected %d labels", s->nslots);
        goto fail;
    }
    for (int slot = 0; slot < n; slot++) {
        const long label = labels[slot];
        if (label == 0)
            continue;
        const int r = given_row(s, slot, label);
        if (r < 0) {
            PyErr_Format(PyExc_ValueError, "no candidate %ld in slot %d", label, slot);
            goto fail;
        }
        labels[slot] = r + 1L; /* from here: 1 + the row of the given, 0 for none */
    }
    reset(s);
    for (int slot = 0; slot < n; slot++) {
        if (labels[slot] == 0)
            continue;
        const int r = (int)labels[slot] - 1;
        if (!s->open[r]) {
            s->conflict = 1;
            break;
        }
        choose(s, r);
    }
    PyMem_Free(labels);
    Py_DECREF(items);
    s->mode = DESCEND;
    Py_RETURN_NONE;
fail:
    PyMem_Free(labels);
    Py_DECREF(items);
    return NULL;
}

/* Backtrack to the deepest decision level with a row left to try, and choose it; 0 when
 * there is none (the whole tree is searched). */
static int next_branch(Cover *s)
{
    s->conflict = 0;
    s->qhead = s->qtail = 0;
    while (s->depth > 0) {
        const int d = s->depth - 1, c = s->level_col[d], end = s->col_start[c + 1];
        restore(s, d);
        int j = s->level_next[d];
        while (j < end && !s->open[s->col_rows[j]])
            j++;
        if (j < end) {
            s->level_next[d] = j + 1;
            choose(s, s->col_rows[j]);
            return 1;
        }
        s->depth--;
    }
    return 0;
}

/* Ctrl-C and the caller's poll: -1 with an exception when either raises. */
static int look(PyObject *poll)
{
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (poll != Py_None) {
        PyObject *answer = PyObject_CallNoArgs(poll);
        if (answer == NULL)
            return -1;
        Py_DECREF(answer);
    }
    return 0;
}

/* The search itself, from where the last call left it, up to its next solution: 1 when the
 * trail is one, 0 when the tree is searched or the budget spent, -1 with an exception. */
static int advance(Cover *s, long long budget, PyObject *poll)
{
    while (s->mode != IDLE) {
        if (s->mode == DESCEND) {
            /* A node: propagate, then a conflict, a solution or a branch. A node that ends
             * in an exception is not counted and is done again on the next call. */
            if (budget && s->nodes >= budget)
                return 0; /* resumable with a larger budget */
            if (++s->nodes % POLL_EVERY == 0 && look(poll) < 0) {
                s->nodes--;
                return -1;
            }
            propagate(s);
            s->mode = BACKTRACK;
            if (!s->conflict) {
                const int c = pick(s);
                if (s->ncols == 0 || s->count[c] >= DONE) {
                    if (s->depth == 0) /* no branch to go back to: the only solution */
                        s->mode = IDLE;
                    return 1;
                }
                if (save(s, s->depth) < 0) {
                    s->mode = DESCEND;
                    s->nodes--;
                    PyErr_NoMemory();
                    return -1;
                }
                s->level_col[s->depth] = c;
                s->level_next[s->depth] = s->col_start[c];
                s->depth++;
            }
        }
        s->mode = next_branch(s) ? DESCEND : IDLE;
    }
    return 0;
}

/* The arguments budget (0: none) and poll (None or a callable) of next() and count(). */
static int read_budget_poll(PyObject *budget_arg, PyObject *poll, long long *budget)
{
    *budget = 0;
    if (budget_arg != NULL) {
        int overflow;
        *budget = PyLong_AsLongLongAndOverflow(budget_arg, &overflow);
        if (*budget == -1 && PyErr_Occurred())
            return -1;
        if (overflow > 0) /* more nodes than a search can reach: no budget */
            *budget = 0;
        else if (overflow < 0 || *budget < 0) {
            PyErr_SetString(PyExc_ValueError, "budget must be 0 (none) or more");
            return -1;
        }
    }
    if (poll != Py_None && !PyCallable_Check(poll)) {
        PyErr_SetString(PyExc_TypeError, "poll must be callable or None");
        return -1;
    }
    return 0;
}

/* next(budget=0, poll=None) -> the next solution, or None */
static PyObject *cover_next(Cover *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"budget", "poll", NULL};
    PyObject *budget_arg = NULL, *poll = Py_None;
    long long budget;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|OO", kwlist, &budget_arg, &poll))
        return NULL;
    if (read_budget_poll(budget_arg, poll, &budget) < 0 || ready(s) < 0)
        return NULL;
    s->busy = 1;
    Py_INCREF(poll);
    PyObject *out = NULL;
    const int found = advance(s, budget, poll);
    if (found == 0)
        out = Py_NewRef(Py_None);
    else if (found > 0 && (out = solution(s)) == NULL) {
        s->mode = DESCEND; /* the solution is found again on the next call */
        s->nodes--;
    }
    s->busy = 0;
    Py_DECREF(poll);
    return out;
}

/* count(limit=0, budget=0, poll=None) -> solutions found by this call (no grids built) */
static PyObject *cover_count(Cover *s, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"limit", "budget", "poll", NULL};
    long long limit = 0, budget;
    PyObject *budget_arg = NULL, *poll = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|LOO", kwlist, &limit, &budget_arg, &poll))
        return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "limit must be 0 (none) or more");
        return NULL;
    }
    if (read_budget_poll(budget_arg, poll, &budget) < 0 || ready(s) < 0)
        return NULL;
    s->busy = 1;
    Py_INCREF(poll);
    long long found = 0;
    int step = 1;
    while ((limit == 0 || found < limit) && (step = advance(s, budget, poll)) > 0)
        found++;
    s->counted += found;
    s->busy = 0;
    Py_DECREF(poll);
    return step < 0 ? NULL : PyLong_FromLongLong(found);
}

static PyObject *cover_get_exhausted(Cover *s, void *closure)
{
    (void)closure;
    return PyBool_FromLong(s->mode == IDLE);
}

static PyObject *cover_get_counted(Cover *s, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(s->counted);
}

static PyObject *cover_get_nodes(Cover *s, void *closure)
{
    (void)closure;
    return PyLong_FromLongLong(s->nodes);
}

static PyGetSetDef cover_getset[] = {
    {"exhausted", (getter)cover_get_exhausted, NULL,
     "True once the search has found every solution (or none was started).", NULL},
    {"nodes", (getter)cover_get_nodes, NULL, "Search nodes since start().", NULL},
    {"counted", (getter)cover_get_counted, NULL,
     "Solutions count() has passed since start(), also when a call ended in an exception.",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef cover_methods[] = {
    {"start", (PyCFunction)cover_start, METH_O,
     "start(givens): begin a search; givens[slot] is the label chosen first in each slot "
     "(0: none)."},
    {"next", (PyCFunction)(void (*)(void))cover_next, METH_VARARGS | METH_KEYWORDS,
     "next(budget=0, poll=None) -> the next solution (a tuple of slot labels) or None.\n\n"
     "None when the search is exhausted, or when it has used `budget` nodes since start() "
     "(0: no budget; then `exhausted` is False and a later call with a larger budget goes "
     "on). Every 1,024 nodes it looks for Ctrl-C and calls `poll()`; an exception from "
     "either ends the call, and a later call goes on."},
    {"count", (PyCFunction)(void (*)(void))cover_count, METH_VARARGS | METH_KEYWORDS,
     "count(limit=0, budget=0, poll=None) -> how many solutions the search passes, up to "
     "`limit` (0: all), building none of them.\n\n"
     "Stops, like next(), when the search is exhausted or `budget` nodes are spent, and on an "
     "exception from Ctrl-C or `poll()`; `counted` keeps the running total since start()."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CoverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "satdoku.solver._dpll.Cover",
    .tp_basicsize = sizeof(Cover),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Cover(ncols, nslots, row_start, row_cols, row_slot, row_label): an exact-cover "
              "matrix (rows: candidates, columns: exactly-one constraints) and its DPLL search.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)cover_init,
    .tp_dealloc = (destructor)cover_dealloc,
    .tp_methods = cover_methods,
    .tp_getset = cover_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "satdoku.solver._dpll",
    .m_doc = "DPLL search over exactly-one constraints (see satdoku.solver.dpll).",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__dpll(void)
{
    if (PyType_Ready(&CoverType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&CoverType);
    if (PyModule_AddObject(m, "Cover", (PyObject *)&CoverType) < 0) {
        Py_DECREF(&CoverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
