/* A forward checker of DRUP proofs, for satdoku.proof.checker.
 *
 * Input: a formula in DIMACS CNF and a proof in text DRAT/DRUP, each read from its file. Each
 * proof line adds a lemma ("1 -2 0") or deletes a clause ("d 1 -2 0"). A lemma is accepted
 * when it follows from the formula and the lemmas before it by reverse unit propagation (RUP):
 * assigning the negation of each of its literals, unit propagation over the clauses present
 * reaches a conflict. The proof is verified when it reaches the empty clause that way; the
 * first lemma that fails stops the check.
 *
 * Deletions shrink the clause database (so propagation gets cheaper) and are honoured, except
 * the deletion of a clause that is the reason of a literal fixed at the top level (a unit
 * clause, or one made unit by the literals fixed before it), which is ignored, as drat-trim
 * does by default, and the deletion of a clause that is not present. Ignoring a deletion is
 * sound: every clause present follows from the formula, so checking against more of them
 * accepts no lemma that does not follow. RAT lemmas (the "A" of DRAT) are not accepted, nor
 * variables past the formula's header.
 *
 * Propagation: two watched literals per clause with a blocking literal (for a clause of two
 * literals, the other one, so that propagating it reads no clause), over one assignment
 * whose top level (the literals fixed by unit clauses and propagation) stays between lemmas;
 * a lemma's check adds its negated literals above the top level and undoes them after. A
 * clause is found for deletion by a hash of its literal set. No code is shared with any
 * solver; the GIL is released during the check, taken back every 1,024 proof lines to look
 * for Ctrl-C and the time limit.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SIZE, FLAGS, NEXT, HASH, HEADER }; /* clause header words, then its literals */
#define DELETED 1
#define NONE UINT32_MAX
#define BINARY 0x80000000u /* in a watch: the clause has two literals, the blocker the other */
#define MAX_VAR (1 << 29)
#define POLL 1024
#define MESSAGE 240

enum { VERIFIED, FAILED, INVALID, TIMEOUT, NOMEMORY, INTERRUPTED };
static const char *VERDICTS[] = {"verified", "failed", "invalid", "timeout"};

typedef struct {
    uint32_t cref;
    int32_t blocker;
} Watch;

typedef struct {
    Watch *data;
    uint32_t size, cap;
} Watches;

typedef struct {
    int32_t *arena; /* every clause: its header, then its literals */
    size_t arena_len, arena_cap;
    uint32_t *buckets; /* hash chains of the clauses present, linked through NEXT */
    size_t nbuckets, present;
    size_t nvars;      /* arrays hold variables 1..nvars */
    int8_t *val;       /* per literal index: 1 true, -1 false, 0 open */
    uint32_t *reason;  /* per variable: the clause that fixed it */
    uint32_t *stamp;   /* per literal index: marks of the clause at hand */
    uint32_t now;
    Watches *watches;  /* per literal index: the clauses watching that literal */
    int32_t *trail;
    size_t trail_len, qhead;
    int inconsistent;  /* the top level has a conflict: the empty clause follows */
    int32_t *lits;     /* the clause being read */
    size_t nlits, lits_cap;
    int tautology;
} Checker;

typedef struct {
    FILE *file;
    char buf[1 << 16];
    size_t pos, len;
    long line;
} Reader;

typedef struct {
    int verdict;
    long long lemmas, deletions, ignored;
    long line;
    char message[MESSAGE];
} Outcome;

static inline size_t li(int32_t lit) { return lit > 0 ? 2 * (size_t)lit : 2 * (size_t)-lit + 1; }
static inline int8_t value(const Checker *c, int32_t lit) { return c->val[li(lit)]; }

static int next_char(Reader *r)
{
    if (r->pos == r->len) {
        r->len = fread(r->buf, 1, sizeof r->buf, r->file);
        r->pos = 0;
        if (r->len == 0)
            return EOF;
    }
    return (unsigned char)r->buf[r->pos++];
}

static int grow(void **data, size_t *cap, size_t need, size_t item)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap : 16;
    while (cap2 < need)
        cap2 *= 2;
    void *p = realloc(*data, cap2 * item);
    if (p == NULL)
        return -1;
    *data = p;
    *cap = cap2;
    return 0;
}

/* *data, of `old` items, grown to `n` items, the new ones zero: fresh zeroed memory, so that
 * pages never written (variables a header declares but no clause uses) take no room. */
static int widen(void **data, size_t old, size_t n, size_t item)
{
    void *p = calloc(n, item);
    if (p == NULL)
        return -1;
    if (*data != NULL)
        memcpy(p, *data, old * item);
    free(*data);
    *data = p;
    return 0;
}

/* Room for variables 1..var in every per-variable and per-literal array. */
static int ensure_var(Checker *c, size_t var)
{
    if (var <= c->nvars)
        return 0;
    size_t n = c->nvars ? c->nvars : 1024;
    while (n < var)
        n *= 2;
    const size_t lits = 2 * n + 2, old = c->nvars ? 2 * c->nvars + 2 : 0;
    const size_t vars = c->nvars ? c->nvars + 1 : 0;
    if (widen((void **)&c->val, old, lits, sizeof *c->val) < 0 ||
        widen((void **)&c->stamp, old, lits, sizeof *c->stamp) < 0 ||
        widen((void **)&c->watches, old, lits, sizeof *c->watches) < 0 ||
        widen((void **)&c->reason, vars, n + 1, sizeof *c->reason) < 0 ||
        widen((void **)&c->trail, vars, n + 1, sizeof *c->trail) < 0)
        return -1;
    c->nvars = n;
    return 0;
}

static uint32_t new_stamp(Checker *c)
{
    if (++c->now == 0) {
        memset(c->stamp, 0, (2 * c->nvars + 2) * sizeof *c->stamp);
        c->now = 1;
    }
    return c->now;
}

/* Read one clause into c->lits (duplicates dropped, tautology noted); 1 read, 0 at the end,
 * -1 on a syntax error or a variable past `nvars`, -2 out of memory. With `proof`, a leading
 * "d" marks a deletion. */
static int read_clause(Reader *r, Checker *c, int proof, long long nvars, int *deletion,
                       long *line, Outcome *o)
{
    int ch = next_char(r), started = 0, negative = 0, digits = 0;
    long long number = 0;
    uint32_t mark = new_stamp(c);
    c->nlits = 0;
    c->tautology = 0;
    *deletion = 0;
    for (;; ch = next_char(r)) {
        if (ch >= '0' && ch <= '9') {
            if (number <= MAX_VAR) /* past it, only "too large" matters */
                number = number * 10 + (ch - '0');
            digits++;
            continue;
        }
        if (digits) { /* a number ends here */
            if (!started)
                *line = r->line;
            started = 1;
            if (number > nvars) {
                snprintf(o->message, MESSAGE, "%s line %ld: variable %lld%s past the %lld of the"
                         " header", proof ? "proof" : "formula", r->line, number,
                         number > MAX_VAR ? "..." : "", nvars);
                return -1;
            }
            if (number == 0) {
                if (ch == '\n')
                    r->line++;
                return 1;
            }
            int32_t lit = negative ? -(int32_t)number : (int32_t)number;
            if (grow((void **)&c->lits, &c->lits_cap, c->nlits + 1, sizeof(int32_t)) < 0)
                return -2;
            if (c->stamp[li(-lit)] == mark)
                c->tautology = 1;
            if (c->stamp[li(lit)] != mark) {
                c->stamp[li(lit)] = mark;
                c->lits[c->nlits++] = lit;
            }
            number = 0;
            digits = 0;
            negative = 0;
        } else if (negative) {
            snprintf(o->message, MESSAGE, "line %ld: '-' without a number", r->line);
            return -1;
        }
        if (ch == EOF) {
            if (!started && !*deletion)
                return 0;
            snprintf(o->message, MESSAGE, "line %ld: the last clause does not end with 0", r->line);
            return -1;
        }
        if (ch == '\n')
            r->line++;
        else if (ch == '-')
            negative = 1;
        else if (ch == 'c' && !started && !*deletion) { /* a comment line */
            while ((ch = next_char(r)) != '\n' && ch != EOF)
                ;
            if (ch == '\n')
                r->line++;
        } else if (ch == 'd' && proof && !started && !*deletion) {
            *deletion = 1;
            *line = r->line;
        } else if (ch != ' ' && ch != '\t' && ch != '\r') {
            snprintf(o->message, MESSAGE, "line %ld: unexpected character %s%c%s", r->line,
                     ch >= 32 && ch < 127 ? "'" : "(byte ", ch >= 32 && ch < 127 ? ch : '?',
                     ch >= 32 && ch < 127 ? "'" : ")");
            return -1;
        }
    }
}

static uint32_t clause_hash(const int32_t *lits, size_t n)
{
    uint64_t sum = 0, x = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t h = (uint64_t)(uint32_t)lits[i] * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
        sum += h;
        x ^= h * 0xBF58476D1CE4E5B9ull;
    }
    uint64_t h = sum ^ (x >> 17) ^ (n * 0x94D049BB133111EBull);
    return (uint32_t)(h ^ (h >> 32));
}

static int rehash(Checker *c)
{
    size_t n = c->nbuckets ? 2 * c->nbuckets : 1024;
    uint32_t *buckets = malloc(n * sizeof *buckets);
    if (buckets == NULL)
        return -1;
    for (size_t i = 0; i < n; i++)
        buckets[i] = NONE;
    for (size_t b = 0; b < c->nbuckets; b++) {
        for (uint32_t cref = c->buckets[b], next; cref != NONE; cref = next) {
            int32_t *cl = c->arena + cref;
            next = (uint32_t)cl[NEXT];
            size_t to = (uint32_t)cl[HASH] & (n - 1);
            cl[NEXT] = (int32_t)buckets[to];
            buckets[to] = cref;
        }
    }
    free(c->buckets);
    c->buckets = buckets;
    c->nbuckets = n;
    return 0;
}

static int push_watch(Watches *w, uint32_t cref, int32_t blocker)
{
    if (w->size == w->cap) {
        uint32_t cap = w->cap ? 2 * w->cap : 4;
        Watch *data = realloc(w->data, cap * sizeof *data);
        if (data == NULL)
            return -1;
        w->data = data;
        w->cap = cap;
    }
    w->data[w->size++] = (Watch){cref, blocker};
    return 0;
}

static void assign(Checker *c, int32_t lit, uint32_t cref)
{
    c->val[li(lit)] = 1;
    c->val[li(-lit)] = -1;
    c->reason[lit > 0 ? lit : -lit] = cref;
    c->trail[c->trail_len++] = lit;
}

/* Unit propagation from c->qhead: 1 conflict, 0 none, -1 out of memory. */
static int propagate(Checker *c)
{
    while (c->qhead < c->trail_len) {
        const int32_t falsified = -c->trail[c->qhead++];
        Watches *ws = &c->watches[li(falsified)];
        Watch *w = ws->data;
        uint32_t i = 0, j = 0, n = ws->size;
        while (i < n) {
            const Watch seen = w[i++];
            const int8_t other = value(c, seen.blocker);
            if (other == 1) {
                w[j++] = seen;
                continue;
            }
            if (seen.cref & BINARY) { /* deleted ones leave their watches at once */
                w[j++] = seen;
                if (other == -1) {
                    while (i < n)
                        w[j++] = w[i++];
                    ws->size = j;
                    c->qhead = c->trail_len;
                    return 1;
                }
                assign(c, seen.blocker, seen.cref & ~BINARY);
                continue;
            }
            int32_t *cl = c->arena + seen.cref;
            if (cl[FLAGS] & DELETED)
                continue;
            int32_t *lits = cl + HEADER;
            if (lits[0] == falsified) {
                lits[0] = lits[1];
                lits[1] = falsified;
            }
            const int32_t first = lits[0];
            const Watch kept = {seen.cref, first};
            if (first != seen.blocker && value(c, first) == 1) {
                w[j++] = kept;
                continue;
            }
            int moved = 0;
            for (int32_t k = 2; k < cl[SIZE]; k++) {
                if (value(c, lits[k]) != -1) {
                    lits[1] = lits[k];
                    lits[k] = falsified;
                    if (push_watch(&c->watches[li(lits[1])], seen.cref, first) < 0) {
                        while (i < n)
                            w[j++] = w[i++];
                        ws->size = j;
                        return -1;
                    }
                    moved = 1;
                    break;
                }
            }
            if (moved)
                continue;
            w[j++] = kept;
            if (value(c, first) == -1) {
                while (i < n)
                    w[j++] = w[i++];
                ws->size = j;
                c->qhead = c->trail_len;
                return 1;
            }
            assign(c, first, seen.cref);
        }
        ws->size = j;
    }
    return 0;
}

/* Store c->lits as a clause at the top level and watch it (or fix its unit); 0, or -1 out of
 * memory. The top level must be consistent and propagated. */
static int add_clause(Checker *c)
{
    const size_t n = c->nlits;
    if (n == 0) {
        c->inconsistent = 1;
        return 0;
    }
    if (c->arena_len + HEADER + n >= BINARY)
        return -1;
    if (grow((void **)&c->arena, &c->arena_cap, c->arena_len + HEADER + n, sizeof(int32_t)) < 0)
        return -1;
    if (c->present + 1 > c->nbuckets && rehash(c) < 0)
        return -1;
    const uint32_t cref = (uint32_t)c->arena_len;
    int32_t *cl = c->arena + cref, *lits = cl + HEADER;
    const uint32_t hash = clause_hash(c->lits, n);
    cl[SIZE] = (int32_t)n;
    cl[FLAGS] = 0;
    cl[HASH] = (int32_t)hash;
    cl[NEXT] = (int32_t)c->buckets[hash & (c->nbuckets - 1)];
    c->buckets[hash & (c->nbuckets - 1)] = cref;
    memcpy(lits, c->lits, n * sizeof *lits);
    c->arena_len += HEADER + n;
    c->present++;
    size_t open = 0; /* literals not false go first */
    for (size_t i = 0; i < n && open < 2; i++) {
        if (value(c, lits[i]) != -1) {
            int32_t t = lits[open];
            lits[open++] = lits[i];
            lits[i] = t;
        }
    }
    if (open == 0) {
        c->inconsistent = 1;
        return 0;
    }
    const uint32_t tag = n == 2 ? cref | BINARY : cref;
    if (n > 1 && (push_watch(&c->watches[li(lits[0])], tag, lits[1]) < 0 ||
                  push_watch(&c->watches[li(lits[1])], tag, lits[0]) < 0))
        return -1;
    if (open == 1 && value(c, lits[0]) == 0) {
        assign(c, lits[0], cref);
        int conflict = propagate(c);
        if (conflict < 0)
            return -1;
        c->inconsistent = conflict;
    }
    return 0;
}

/* Whether c->lits follows by reverse unit propagation: 1 yes, 0 no, -1 out of memory. */
static int rup(Checker *c)
{
    for (size_t i = 0; i < c->nlits; i++)
        if (value(c, c->lits[i]) == 1)
            return 1;
    const size_t mark = c->trail_len;
    for (size_t i = 0; i < c->nlits; i++)
        if (value(c, c->lits[i]) == 0)
            assign(c, -c->lits[i], NONE);
    const int conflict = propagate(c);
    while (c->trail_len > mark) {
        const int32_t lit = c->trail[--c->trail_len];
        c->val[li(lit)] = 0;
        c->val[li(-lit)] = 0;
    }
    c->qhead = mark;
    return conflict;
}

/* Remove the watch of clause `tag` from `w`. */
static void unwatch(Watches *w, uint32_t tag)
{
    for (uint32_t i = 0; i < w->size; i++) {
        if (w->data[i].cref == tag) {
            w->data[i] = w->data[--w->size];
            return;
        }
    }
}

/* Delete the clause with the literals of c->lits: 1 deleted, 0 ignored. */
static int delete_clause(Checker *c)
{
    if (c->nbuckets == 0)
        return 0;
    const uint32_t hash = clause_hash(c->lits, c->nlits), mark = new_stamp(c);
    for (size_t i = 0; i < c->nlits; i++)
        c->stamp[li(c->lits[i])] = mark;
    uint32_t *link = &c->buckets[hash & (c->nbuckets - 1)];
    for (uint32_t cref = *link; cref != NONE; link = (uint32_t *)&c->arena[cref + NEXT], cref = *link) {
        int32_t *cl = c->arena + cref, *lits = cl + HEADER;
        if ((uint32_t)cl[HASH] != hash || (size_t)cl[SIZE] != c->nlits)
            continue;
        int same = 1;
        for (int32_t k = 0; k < cl[SIZE] && same; k++)
            same = c->stamp[li(lits[k])] == mark;
        if (!same)
            continue;
        for (int32_t k = 0; k < cl[SIZE]; k++)
            if (value(c, lits[k]) == 1 && c->reason[lits[k] > 0 ? lits[k] : -lits[k]] == cref)
                return 0; /* the reason of a top-level literal stays */
        *link = (uint32_t)cl[NEXT];
        cl[FLAGS] |= DELETED;
        c->present--;
        for (int k = 0; cl[SIZE] == 2 && k < 2; k++)
            unwatch(&c->watches[li(lits[k])], cref | BINARY);
        return 1;
    }
    return 0;
}

static void release(Checker *c)
{
    if (c->watches != NULL)
        for (size_t i = 0; i < 2 * c->nvars + 2; i++)
            free(c->watches[i].data);
    free(c->watches);
    free(c->arena);
    free(c->buckets);
    free(c->val);
    free(c->reason);
    free(c->stamp);
    free(c->trail);
    free(c->lits);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The DIMACS header "p cnf VARS CLAUSES" after any comment lines: 0, or -1 (message set). */
static int read_header(Reader *r, long long *nvars, long long *nclauses, Outcome *o)
{
    char word[4];
    for (;;) {
        int ch = next_char(r);
        while (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
            if (ch == '\n')
                r->line++;
            ch = next_char(r);
        }
        if (ch == 'c') {
            while ((ch = next_char(r)) != '\n' && ch != EOF)
                ;
            r->line++;
            continue;
        }
        if (ch != 'p')
            break;
        char rest[128];
        size_t k = 0;
        while ((ch = next_char(r)) != '\n' && ch != EOF && k < sizeof rest - 1)
            rest[k++] = (char)ch;
        rest[k] = 0;
        r->line++;
        if (sscanf(rest, " %3s %lld %lld", word, nvars, nclauses) == 3 &&
            strcmp(word, "cnf") == 0 && *nvars >= 0 && *nvars <= MAX_VAR && *nclauses >= 0)
            return 0;
        break;
    }
    snprintf(o->message, MESSAGE, "the formula has no 'p cnf VARIABLES CLAUSES' line first");
    return -1;
}

#define STOP(code, ...)                                   \
    do {                                                  \
        o->verdict = (code);                              \
        snprintf(o->message, MESSAGE, __VA_ARGS__);       \
        return;                                           \
    } while (0)

/* Read the formula, then check the proof line by line; the outcome in *o. */
static void run(Checker *c, Reader *formula, Reader *proof, double seconds,
                PyThreadState **save, Outcome *o)
{
    long long nvars, nclauses, steps = 0;
    int deletion, got;
    long line = 0;
    const double start = now_seconds();
    o->verdict = INVALID;
    if (read_header(formula, &nvars, &nclauses, o) < 0)
        return;
    if (ensure_var(c, (size_t)nvars + 1) < 0)
        STOP(NOMEMORY, "out of memory");
    for (long long k = 0; k < nclauses; k++) {
        if ((got = read_clause(formula, c, 0, nvars, &deletion, &line, o)) == 0)
            STOP(INVALID, "the formula has %lld clauses, not %lld as its header says", k, nclauses);
        if (got < 0) {
            o->verdict = got == -2 ? NOMEMORY : INVALID;
            return;
        }
        if (!c->tautology && !c->inconsistent && add_clause(c) < 0)
            STOP(NOMEMORY, "out of memory");
    }
    if ((got = read_clause(formula, c, 0, nvars, &deletion, &line, o)) != 0) {
        if (got > 0)
            STOP(INVALID, "formula line %ld: more clauses than the header's %lld", line, nclauses);
        o->verdict = got == -2 ? NOMEMORY : INVALID;
        return;
    }
    for (;;) {
        if (++steps % POLL == 0) {
            PyEval_RestoreThread(*save);
            const int signalled = PyErr_CheckSignals();
            *save = PyEval_SaveThread();
            if (signalled < 0) {
                o->verdict = INTERRUPTED;
                return;
            }
            if (seconds >= 0 && now_seconds() - start > seconds)
                STOP(TIMEOUT, "the check ran out of time after %lld lemmas", o->lemmas);
        }
        if ((got = read_clause(proof, c, 1, nvars, &deletion, &line, o)) == 0)
            STOP(FAILED, "the proof ends without the empty clause");
        if (got < 0) {
            o->verdict = got == -2 ? NOMEMORY : INVALID;
            return;
        }
        o->line = line;
        if (deletion) {
            o->deletions++;
            if (!c->inconsistent && !c->tautology && !delete_clause(c))
                o->ignored++;
            continue;
        }
        o->lemmas++;
        if (c->inconsistent) {
            if (c->nlits == 0)
                STOP(VERIFIED, "the empty clause is reached at proof line %ld", line);
            continue;
        }
        if (c->tautology)
            continue;
        const int follows = rup(c);
        if (follows < 0)
            STOP(NOMEMORY, "out of memory");
        if (!follows)
            STOP(FAILED, "proof line %ld: the %s does not follow by unit propagation", line,
                 c->nlits ? "lemma" : "empty clause");
        if (add_clause(c) < 0)
            STOP(NOMEMORY, "out of memory");
    }
}

/* check(formula, proof, seconds=-1) -> (verdict, lemmas, deletions, ignored, line, message) */
static PyObject *check(PyObject *self, PyObject *args, PyObject *kwds)
{
    (void)self;
    static char *kwlist[] = {"formula", "proof", "seconds", NULL};
    PyObject *formula_path, *proof_path;
    double seconds = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O&O&|d", kwlist, PyUnicode_FSConverter,
                                     &formula_path, PyUnicode_FSConverter, &proof_path, &seconds))
        return NULL;
    Reader *formula = calloc(1, sizeof *formula), *proof = calloc(1, sizeof *proof);
    Checker *c = calloc(1, sizeof *c);
    Outcome o = {0};
    PyObject *out = NULL;
    if (formula == NULL || proof == NULL || c == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    formula->line = proof->line = 1;
    formula->file = fopen(PyBytes_AS_STRING(formula_path), "rb");
    proof->file = formula->file ? fopen(PyBytes_AS_STRING(proof_path), "rb") : NULL;
    if (proof->file == NULL) {
        PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError,
                                             formula->file ? proof_path : formula_path);
        goto done;
    }
    PyThreadState *save = PyEval_SaveThread();
    run(c, formula, proof, seconds, &save, &o);
    PyEval_RestoreThread(save);
    if (o.verdict == NOMEMORY)
        PyErr_NoMemory();
    else if (o.verdict != INTERRUPTED)
        out = Py_BuildValue("sLLLls", VERDICTS[o.verdict], o.lemmas, o.deletions, o.ignored,
                            o.line, o.message);
done:
    if (formula && formula->file)
        fclose(formula->file);
    if (proof && proof->file)
        fclose(proof->file);
    if (c != NULL)
        release(c);
    free(c);
    free(formula);
    free(proof);
    Py_DECREF(formula_path);
    Py_DECREF(proof_path);
    return out;
}

static PyMethodDef methods[] = {
    {"check", (PyCFunction)(void (*)(void))check, METH_VARARGS | METH_KEYWORDS,
     "check(formula, proof, seconds=-1) -> (verdict, lemmas, deletions, ignored, line, "
     "message)\n\n"
     "Check the DRUP proof in the file `proof` against the DIMACS CNF in the file `formula`. "
     "verdict: 'verified', 'failed' (a lemma does not follow, or no empty clause), 'invalid' "
     "(a file is not DIMACS or text DRAT) or 'timeout' (past `seconds`; negative: no limit). "
     "lemmas and deletions: the proof lines read; ignored: deletions not carried out; line: "
     "the proof line reached."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "satdoku.proof._rup",
    .m_doc = "A forward checker of DRUP proofs (see satdoku.proof.checker).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__rup(void) { return PyModule_Create(&module); }
