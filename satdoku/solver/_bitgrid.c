/* Plain Sudoku search over candidate bitmasks, many puzzles per call, for
 * satdoku.solver.bitgrid.
 *
 * State: one mask per cell, bit v-1 set while value v is still possible there. A cell whose
 * mask has one bit left is a placement; it is queued once, and taking it from the queue
 * removes its value from the masks of its peers (naked singles). When the queue is empty,
 * every unit is scanned: a value possible in no cell of the unit is a conflict, a value
 * possible in exactly one cell places it there (hidden singles). When neither finds anything
 * the intersections of boxes with rows and columns are scanned: a value that a box holds only
 * in one row (column) leaves the rest of that row (column), and a value that a row (column)
 * holds only within one box leaves the rest of that box (locked candidates). Then the search
 * branches on an open cell with the fewest candidates, each level working on its own copy of
 * the masks; chronological backtracking, no learning.
 *
 * A puzzle's cells may start limited to some values (pencil marks, even and odd cells): the
 * masks start from them.
 *
 * 9x9 grids have a search of their own over masks turned around, with more rules and another
 * choice of branch: see "9x9" below; one that outlives SPLIT_AFTER nodes can start again split
 * over threads: see "9x9 on several threads".
 *
 * Every answer goes back unverified: the caller checks every grid it keeps.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <time.h>
#endif
#if !defined(_WIN32) && !defined(__STDC_NO_ATOMICS__)
#include <pthread.h>
#include <stdatomic.h>
#define PARALLEL /* a 9x9 search can be split over threads */
#endif

typedef uint32_t mask;

#define MAX_SIZE 32
#define CHECK_EVERY 1024 /* nodes between two looks at the clock and at Ctrl-C */
#define PUZZLES_BETWEEN_LOOKS 64 /* puzzles between two looks at Ctrl-C */
#define SPLIT_AFTER 20000 /* nodes of a 9x9 search on one thread before it is split */
#define SPLIT_BOARDS 64 /* boards per thread in a split search */
#define MAX_THREADS 64
#define POLL_MS 5 /* milliseconds between two looks at Ctrl-C while threads search */

/* How one puzzle's search ended (the status byte of solve_many). */
enum { SPENT = 0, EXHAUSTED = 1, LIMIT = 2, TIMED_OUT = 3, STOPPED = 4 };

typedef struct {
    int n, ncells, nunits, npeers, br, bc;
    mask full;
    int *units; /* nunits x n cells: rows, columns, boxes */
    int *peers; /* ncells x npeers */
    /* Box-line intersections: row segment (r, j) is row r within box column band j (bc
     * cells); column segment (c, i) is column c within box row band i (br cells). */
    int rbands, cbands; /* boxes across a row (n / bc), down a column (n / br) */
} Rules;

typedef struct Split Split; /* a 9x9 search split over threads: see below */

typedef struct {
    const Rules *rules;
    mask *stack;  /* one copy of the masks per decision level */
    int *queue, qlen;
    mask *rowseg, *colseg;
    long long nodes, budget, count, limit;
    double deadline; /* monotonic seconds; 0: none */
    int status, stored;
    unsigned char *grids; /* room for two grids */
    int error;            /* Ctrl-C: an exception is set */
    int dropped;          /* a candidate went since this was last cleared */
    long long split_after; /* nodes of a 9x9 search before it is split over threads */
    Split *split;          /* a thread's part of a split search: its board and their Split */
    int board;
} Search;

#ifdef PARALLEL
static int split_stop(Search *s);
static int split_counted(Search *s);
#endif

static double now(void)
{
#ifdef _WIN32
    return (double)GetTickCount64() / 1000.0;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
#endif
}

static int single(mask m) { return (m & (m - 1)) == 0; }

/* The lowest bit of a mask that is not 0, and the bits of a mask. */
static int lowest(mask m)
{
#ifdef __GNUC__
    return __builtin_ctz(m);
#else
    int i = 0;
    while (!(m & 1)) {
        m >>= 1;
        i++;
    }
    return i;
#endif
}

static int count_bits(mask m)
{
#ifdef __GNUC__
    return __builtin_popcount(m);
#else
    int k = 0;
    for (; m; m &= m - 1)
        k++;
    return k;
#endif
}

static void free_rules(Rules *r)
{
    PyMem_Free(r->units);
    PyMem_Free(r->peers);
    r->units = r->peers = NULL;
}

/* The units and peers of an n x n grid of br x bc boxes; -1 with MemoryError. */
static int build_rules(Rules *r, int br, int bc)
{
    const int n = br * bc, nc = n * n;
    r->n = n;
    r->br = br;
    r->bc = bc;
    r->ncells = nc;
    r->nunits = 3 * n;
    r->npeers = 3 * (n - 1) - (br - 1) - (bc - 1);
    r->full = n == 32 ? 0xFFFFFFFFu : ((mask)1 << n) - 1;
    r->rbands = n / bc;
    r->cbands = n / br;
    r->units = PyMem_Malloc(sizeof(int) * (size_t)(3 * n * n));
    r->peers = PyMem_Malloc(sizeof(int) * (size_t)(nc * r->npeers));
    if (r->units == NULL || r->peers == NULL) {
        free_rules(r);
        PyErr_NoMemory();
        return -1;
    }
    for (int u = 0; u < n; u++)
        for (int k = 0; k < n; k++) {
            r->units[u * n + k] = u * n + k;                    /* row u */
            r->units[(n + u) * n + k] = k * n + u;              /* column u */
            const int row = (u / r->rbands) * br + k / bc;      /* box u */
            const int col = (u % r->rbands) * bc + k % bc;
            r->units[(2 * n + u) * n + k] = row * n + col;
        }
    for (int cell = 0; cell < nc; cell++) {
        const int row = cell / n, col = cell % n, top = row / br * br, left = col / bc * bc;
        int *peer = r->peers + cell * r->npeers;
        for (int k = 0; k < n; k++) {
            if (k != col)
                *peer++ = row * n + k; /* the row */
            if (k != row)
                *peer++ = k * n + col; /* the column */
        }
        for (int i = top; i < top + br; i++) /* the rest of the box */
            for (int j = left; j < left + bc; j++)
                if (i != row && j != col)
                    *peer++ = i * n + j;
    }
    return 0;
}

/* Remove ``bits`` from a cell: 0 on a conflict (nothing left), queueing it when one is left. */
static int drop(Search *s, mask *cand, int cell, mask bits)
{
    const mask m = cand[cell];
    if (!(m & bits))
        return 1;
    const mask left = m & ~bits;
    if (!left)
        return 0;
    cand[cell] = left;
    s->dropped = 1;
    if (single(left))
        s->queue[s->qlen++] = cell;
    return 1;
}

/* Naked singles: place every queued cell. */
static int place_queued(Search *s, mask *cand, int *open)
{
    const Rules *r = s->rules;
    while (s->qlen) {
        const int cell = s->queue[--s->qlen];
        const mask bit = cand[cell];
        const int *peer = r->peers + cell * r->npeers;
        (*open)--;
        for (int k = 0; k < r->npeers; k++)
            if (!drop(s, cand, peer[k], bit))
                return 0;
    }
    return 1;
}

/* Hidden singles in every unit: 0 on a conflict; otherwise the queue holds what was found. */
static int hidden_singles(Search *s, mask *cand)
{
    const Rules *r = s->rules;
    const int n = r->n;
    for (int u = 0; u < r->nunits; u++) {
        const int *cells = r->units + u * n;
        mask once = 0, twice = 0, placed = 0;
        for (int k = 0; k < n; k++) {
            const mask m = cand[cells[k]];
            twice |= once & m;
            once |= m;
            if (single(m))
                placed |= m;
        }
        if (once != r->full)
            return 0;
        const mask lone = once & ~twice & ~placed;
        if (!lone)
            continue;
        for (int k = 0; k < n; k++) {
            const int cell = cells[k];
            const mask m = cand[cell] & lone;
            if (m && !single(cand[cell])) {
                if (!single(m))
                    return 0; /* one cell, two values that nowhere else fit */
                cand[cell] = m;
                s->queue[s->qlen++] = cell;
            }
        }
    }
    return 1;
}

/* Remove ``bits`` from the cells of row segment (row, band). */
static int drop_rowseg(Search *s, mask *cand, int row, int band, mask bits)
{
    const Rules *r = s->rules;
    const int first = row * r->n + band * r->bc;
    for (int k = 0; k < r->bc; k++)
        if (!drop(s, cand, first + k, bits))
            return 0;
    return 1;
}

static int drop_colseg(Search *s, mask *cand, int col, int band, mask bits)
{
    const Rules *r = s->rules;
    const int first = band * r->br * r->n + col;
    for (int k = 0; k < r->br; k++)
        if (!drop(s, cand, first + k * r->n, bits))
            return 0;
    return 1;
}

/* Locked candidates along rows (``rows``) or columns: 0 on a conflict; otherwise the masks
 * lost what the intersections rule out, and the queue holds any cell left with one value.
 * For rows, a line is a row, a segment its part in one box column band, and the segments of a
 * box are the rows of its box row band in that column band. */
static int locked(Search *s, mask *cand, int rows)
{
    const Rules *r = s->rules;
    const int n = r->n;
    const int bands = rows ? r->rbands : r->cbands; /* segments per line */
    const int seglen = rows ? r->bc : r->br;
    const int lines_per_box = rows ? r->br : r->bc;
    mask *seg = rows ? s->rowseg : s->colseg;
    for (int line = 0; line < n; line++)
        for (int b = 0; b < bands; b++) {
            mask m = 0;
            for (int k = 0; k < seglen; k++)
                m |= rows ? cand[line * n + b * seglen + k] : cand[(b * seglen + k) * n + line];
            seg[line * bands + b] = m;
        }
    for (int line = 0; line < n; line++) {
        const int first = line - line % lines_per_box; /* the first line of its box band */
        for (int b = 0; b < bands; b++) {
            const mask here = seg[line * bands + b];
            mask rest_line = 0, rest_box = 0;
            for (int o = 0; o < bands; o++)
                if (o != b)
                    rest_line |= seg[line * bands + o];
            for (int o = first; o < first + lines_per_box; o++)
                if (o != line)
                    rest_box |= seg[o * bands + b];
            const mask pointing = here & ~rest_box & rest_line; /* box -> line */
            const mask claiming = here & ~rest_line & rest_box; /* line -> box */
            if (pointing)
                for (int o = 0; o < bands; o++)
                    if (o != b && (seg[line * bands + o] & pointing)) {
                        if (!(rows ? drop_rowseg(s, cand, line, o, pointing)
                                   : drop_colseg(s, cand, line, o, pointing)))
                            return 0;
                        seg[line * bands + o] &= ~pointing;
                    }
            if (claiming)
                for (int o = first; o < first + lines_per_box; o++)
                    if (o != line && (seg[o * bands + b] & claiming)) {
                        if (!(rows ? drop_rowseg(s, cand, o, b, claiming)
                                   : drop_colseg(s, cand, o, b, claiming)))
                            return 0;
                        seg[o * bands + b] &= ~claiming;
                    }
        }
    }
    return 1;
}

/* Everything the rules force; 0 on a conflict. ``open``: cells not yet placed. */
static int propagate(Search *s, mask *cand, int *open)
{
    for (;;) {
        if (!place_queued(s, cand, open))
            return 0;
        if (*open == 0)
            return 1;
        if (!hidden_singles(s, cand))
            return 0;
        if (s->qlen)
            continue;
        s->dropped = 0;
        if (!locked(s, cand, 1) || !locked(s, cand, 0))
            return 0;
        if (!s->dropped)
            return 1;
    }
}

/* Checks of the budget, the clock and Ctrl-C before a node: 1 when the search must stop. */
static int stop_here(Search *s)
{
    if (s->budget && s->nodes >= s->budget) {
        s->status = SPENT;
        return 1;
    }
    if (++s->nodes % CHECK_EVERY == 0) {
#ifdef PARALLEL
        if (s->split)
            return split_stop(s); /* no GIL here: the thread that holds it looks at Ctrl-C */
#endif
        if (PyErr_CheckSignals() < 0) {
            s->error = 1;
            s->status = STOPPED;
            return 1;
        }
        if (s->deadline > 0 && now() > s->deadline) {
            s->status = TIMED_OUT;
            return 1;
        }
    }
    return 0;
}

/* One more solution: 1 when it is the last the limit allows. */
static int counted(Search *s)
{
#ifdef PARALLEL
    if (s->split)
        return split_counted(s);
#endif
    if (++s->count == s->limit) {
        s->status = LIMIT;
        return 1;
    }
    return 0;
}

static void record(Search *s, const mask *cand)
{
    const int nc = s->rules->ncells;
    unsigned char *grid = s->grids + (size_t)s->stored * (size_t)nc;
    for (int c = 0; c < nc; c++)
        grid[c] = (unsigned char)(lowest(cand[c]) + 1);
    s->stored++;
}

/* The node at decision level ``depth`` (its masks in the stack, its queue filled): 1 when the
 * search must stop (s->status says why). */
static int node(Search *s, int depth, int open)
{
    const Rules *r = s->rules;
    const int nc = r->ncells;
    mask *cand = s->stack + (size_t)depth * (size_t)nc;
    if (!propagate(s, cand, &open)) {
        s->qlen = 0;
        return 0;
    }
    if (open == 0) {
        if (s->stored < 2)
            record(s, cand);
        return counted(s);
    }
    int best = -1, fewest = MAX_SIZE + 1;
    for (int c = 0; c < nc; c++) {
        const mask m = cand[c];
        if (!single(m)) {
            const int k = count_bits(m);
            if (k < fewest) {
                fewest = k;
                best = c;
                if (k == 2)
                    break;
            }
        }
    }
    mask *child = cand + nc;
    mask left = cand[best];
    while (left) {
        const mask bit = left & (~left + 1);
        left ^= bit;
        if (stop_here(s))
            return 1;
        memcpy(child, cand, sizeof(mask) * (size_t)nc);
        child[best] = bit;
        s->queue[s->qlen++] = best;
        if (node(s, depth + 1, open))
            return 1;
    }
    return 0;
}

/* One puzzle (its givens already checked to be in range): s->status, count and grids say
 * how it went. */
static void solve_one(Search *s, const unsigned char *givens, const uint32_t *allowed)
{
    const Rules *r = s->rules;
    mask *cand = s->stack;
    s->qlen = 0;
    s->count = 0;
    s->stored = 0;
    s->nodes = 0;
    s->status = EXHAUSTED;
    for (int c = 0; c < r->ncells; c++) {
        cand[c] = givens[c] ? (mask)1 << (givens[c] - 1) : r->full;
        if (allowed)
            cand[c] &= allowed[c];
        if (!cand[c])
            return; /* a cell with no value: no solution */
        if (single(cand[c]))
            s->queue[s->qlen++] = c;
    }
    node(s, 0, r->ncells);
}

/* ---- 9x9: value-centric bands ------------------------------------------------------------
 *
 * The same search on 9x9, with the masks turned around: for each value v and band b (three
 * rows, 27 cells, bit i = cell 27b + i) the cells of the band where v is still possible. A
 * row, a box or a column is then a few bits of a few words, and one more rule is cheap: in a
 * band, v sits once in each row and once in each box, so the (row, box) segments that hold it
 * form a permutation of 3; a segment that no permutation open to v uses loses v (this holds
 * pointing and claiming, and more), and with no permutation left there is a conflict. The
 * same goes for the columns and boxes of a stack. A segment holds three values, so when three
 * values must go to one segment the others leave it. The search branches on the open
 * permutations of one value in one band or stack, not on a cell: a child per permutation. */

#define FULL27 0x7FFFFFFu

typedef struct {
    uint32_t p[9][3]; /* p[v][b]: cells of band b where value v+1 may go */
    uint32_t solved[3];
    uint32_t seen[9][3]; /* p[v] when the rules of value v alone last found nothing there */
} Board;

static uint32_t band_peers[27];   /* the row and box of a band cell, within the band */
static unsigned char segments[512]; /* the 3-cell segments of a 9-bit row that hold a bit */
static uint16_t keep[512];        /* the cells of a 3x3 matrix on some permutation in it */
static unsigned char perm_count[512]; /* the permutations in a 3x3 matrix */
static uint16_t lone_rows[512];   /* the bits of a 3x3 matrix alone in their row */
static uint32_t row_spread[512];  /* 3x3 (row, box) bits -> their segments' band bits */
static uint32_t col_spread[8];    /* 3 column bits -> those columns' bits in a band */


static void build_band_tables(void)
{
    static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int i = 0; i < 27; i++) {
        const int row = i / 9, box = (i % 9) / 3;
        band_peers[i] = (0x1FFu << (9 * row)) | (0x1C0E07u << (3 * box));
    }
    for (int m = 0; m < 512; m++) {
        segments[m] = (unsigned char)(((m & 7) != 0) | (((m & 070) != 0) << 1) |
                                      (((m & 0700) != 0) << 2));
        uint16_t on = 0;
        for (int k = 0; k < 6; k++) {
            const uint16_t perm = (uint16_t)((1u << perms[k][0]) | (1u << (3 + perms[k][1])) |
                                             (1u << (6 + perms[k][2])));
            if ((m & perm) == perm) {
                on |= perm;
                perm_count[m]++;
            }
        }
        keep[m] = on;
        for (int row = 0; row < 3; row++) {
            const int bits = (m >> (3 * row)) & 7;
            if (bits && !(bits & (bits - 1)))
                lone_rows[m] |= (uint16_t)(bits << (3 * row));
        }
        uint32_t spread = 0;
        for (int b = 0; b < 9; b++)
            if (m & (1 << b))
                spread |= 7u << (9 * (b / 3) + 3 * (b % 3));
        row_spread[m] = spread;
    }
    for (int m = 0; m < 8; m++) {
        uint32_t spread = 0;
        for (int c = 0; c < 3; c++)
            if (m & (1 << c))
                spread |= 0x40201u << c;
        col_spread[m] = spread;
    }
}

static void place(Board *x, int v, int b, int i)
{
    const uint32_t bit = 1u << i;
    for (int w = 0; w < 9; w++)
        x->p[w][b] &= ~bit;
    x->p[v][b] = (x->p[v][b] & ~band_peers[i]) | bit;
    const uint32_t col = 0x40201u << (i % 9);
    x->p[v][(b + 1) % 3] &= ~col;
    x->p[v][(b + 2) % 3] &= ~col;
    x->solved[b] |= bit;
}

/* A cell with one value left takes it; 0 on a cell with none. */
static int naked9(Board *x, int *changed)
{
    for (int b = 0; b < 3; b++) {
        uint32_t once = 0, twice = 0;
        for (int v = 0; v < 9; v++) {
            twice |= once & x->p[v][b];
            once |= x->p[v][b];
        }
        if (once != FULL27)
            return 0;
        uint32_t lone = once & ~twice & ~x->solved[b];
        while (lone) {
            const int i = lowest(lone);
            lone &= lone - 1;
            uint32_t values = 0;
            for (int v = 0; v < 9; v++)
                values |= (x->p[v][b] >> i & 1) << v;
            if (!values)
                return 0; /* an earlier placement took its last value */
            place(x, lowest(values), b, i);
            *changed = 1;
        }
    }
    return 1;
}

static uint32_t lone_or_zero(uint32_t m) { return (m & (m - 1)) ? 0 : m; }

/* Value v with one place left in a row, box or column goes there; 0 on a unit without one. */
static int hidden9(Board *x, int v, int *changed)
{
    uint32_t once = 0, twice = 0, placed = 0, lones[3];
    for (int b = 0; b < 3; b++) {
        const uint32_t m = x->p[v][b];
        const uint32_t r0 = m & 0x1FF, r1 = (m >> 9) & 0x1FF, r2 = m >> 18;
        const uint32_t x0 = m & 0x1C0E07, x1 = m & (0x1C0E07 << 3), x2 = m & (0x1C0E07 << 6);
        if ((r0 == 0) | (r1 == 0) | (r2 == 0) | (x0 == 0) | (x1 == 0) | (x2 == 0))
            return 0;
        const uint32_t lone = (lone_or_zero(r0) | lone_or_zero(r1) << 9 |
                               lone_or_zero(r2) << 18 | lone_or_zero(x0) | lone_or_zero(x1) |
                               lone_or_zero(x2)) & ~x->solved[b];
        twice |= (once & r0) | ((once | r0) & r1);
        once |= r0 | r1;
        twice |= once & r2;
        once |= r2;
        const uint32_t here = m & x->solved[b];
        placed |= (here | here >> 9 | here >> 18) & 0x1FF;
        lones[b] = lone;
    }
    if (lones[0] | lones[1] | lones[2]) {
        for (int b = 0; b < 3; b++)
            for (uint32_t l = lones[b]; l; l &= l - 1)
                if (x->p[v][b] >> lowest(l) & 1)
                    place(x, v, b, lowest(l));
        *changed = 1;
    }
    if (once != 0x1FF)
        return 0;
    for (uint32_t lone = once & ~twice & ~placed; lone; lone &= lone - 1) {
        const uint32_t col = 0x40201u << lowest(lone);
        for (int b = 0; b < 3; b++) {
            const uint32_t m = x->p[v][b] & col;
            if (m && !(m & x->solved[b])) {
                place(x, v, b, lowest(m));
                *changed = 1;
            }
        }
    }
    return 1;
}

/* The permutation rule for value v in every band and stack; 0 on a conflict. */
static int bands9(Board *x, int v, int *changed)
{
    uint32_t cols[3];
    for (int b = 0; b < 3; b++) {
        const uint32_t m = x->p[v][b];
        const int occ = segments[m & 0x1FF] | segments[(m >> 9) & 0x1FF] << 3 |
                        segments[m >> 18] << 6;
        const int on = keep[occ];
        if (!on)
            return 0;
        if (on != occ) {
            x->p[v][b] = m & ~row_spread[occ & ~on];
            *changed = 1;
        }
        cols[b] = (x->p[v][b] | x->p[v][b] >> 9 | x->p[v][b] >> 18) & 0x1FF;
    }
    for (int j = 0; j < 3; j++) {
        const int occ = (int)(((cols[0] >> (3 * j)) & 7) | ((cols[1] >> (3 * j)) & 7) << 3 |
                              ((cols[2] >> (3 * j)) & 7) << 6);
        const int on = keep[occ];
        if (!on)
            return 0;
        if (on != occ) {
            const int off = occ & ~on;
            for (int b = 0; b < 3; b++)
                x->p[v][b] &= ~(col_spread[(off >> (3 * b)) & 7] << (3 * j));
            *changed = 1;
        }
    }
    return 1;
}

/* Segments (bit 3 * row + box) that three values must take, from the values' open
 * segments ``on``: every other value leaves them; four values for one segment is a conflict
 * (-1). */
static int full_segments(const int *on)
{
    int once = 0, twice = 0, thrice = 0, four = 0;
    for (int v = 0; v < 9; v++) {
        const int l = lone_rows[on[v]];
        four |= thrice & l;
        thrice |= twice & l;
        twice |= once & l;
        once |= l;
    }
    return four ? -1 : thrice;
}

/* A segment (three cells of a row or column within a box) holds three values: when three
 * values must go there, the others leave it; 0 on a conflict. ``open[k][v]``: the segments
 * of band k (0..2) or stack k - 3 that value v could take, as they were looked at. */
static int triads9(Board *x, int *changed, int open[6][9])
{
    int *on;
    for (int b = 0; b < 3; b++) {
        on = open[b];
        for (int v = 0; v < 9; v++) {
            const uint32_t m = x->p[v][b];
            on[v] = keep[segments[m & 0x1FF] | segments[(m >> 9) & 0x1FF] << 3 |
                         segments[m >> 18] << 6];
        }
        const int full = full_segments(on);
        if (full < 0)
            return 0;
        if (full)
            for (int v = 0; v < 9; v++) {
                const int off = full & ~lone_rows[on[v]] & on[v];
                if (off) {
                    x->p[v][b] &= ~row_spread[off];
                    *changed = 1;
                }
            }
    }
    uint32_t cols[9][3];
    for (int v = 0; v < 9; v++)
        for (int b = 0; b < 3; b++)
            cols[v][b] = (x->p[v][b] | x->p[v][b] >> 9 | x->p[v][b] >> 18) & 0x1FF;
    for (int j = 0; j < 3; j++) {
        on = open[3 + j];
        for (int v = 0; v < 9; v++)
            on[v] = keep[((cols[v][0] >> (3 * j)) & 7) | ((cols[v][1] >> (3 * j)) & 7) << 3 |
                         ((cols[v][2] >> (3 * j)) & 7) << 6];
        const int full = full_segments(on);
        if (full < 0)
            return 0;
        if (full)
            for (int v = 0; v < 9; v++) {
                const int off = full & ~lone_rows[on[v]] & on[v];
                if (off) {
                    for (int b = 0; b < 3; b++)
                        x->p[v][b] &= ~(col_spread[(off >> (3 * b)) & 7] << (3 * j));
                    *changed = 1;
                }
            }
    }
    return 1;
}

/* The rules of one value at a time (hidden singles, then permutations), for the values whose
 * cells changed since those rules last found nothing for them: they read no other value's
 * cells. 0 on a conflict. */
static int values9(Board *x, int *changed)
{
    for (int v = 0; v < 9; v++) {
        if (x->p[v][0] == x->seen[v][0] && x->p[v][1] == x->seen[v][1] &&
            x->p[v][2] == x->seen[v][2])
            continue;
        int mine = 0;
        if (!hidden9(x, v, &mine) || (!mine && !bands9(x, v, &mine)))
            return 0;
        if (mine)
            *changed = 1;
        else
            memcpy(x->seen[v], x->p[v], sizeof x->seen[v]);
    }
    return 1;
}

/* Every rule to a fixpoint; 0 on a conflict. Then ``open`` holds what the last look of
 * triads9 saw: nothing changed since. */
static int propagate9(Board *x, int open[6][9])
{
    for (;;) {
        int changed;
        do {
            changed = 0;
            if (!naked9(x, &changed))
                return 0;
        } while (changed);
        if ((x->solved[0] & x->solved[1] & x->solved[2]) == FULL27)
            return 1;
        if (!values9(x, &changed))
            return 0;
        if (changed)
            continue;
        if (!triads9(x, &changed, open))
            return 0;
        if (!changed)
            return 1;
    }
}

static void record9(Search *s, const Board *x)
{
    unsigned char *grid = s->grids + (size_t)s->stored * 81;
    for (int v = 0; v < 9; v++)
        for (int b = 0; b < 3; b++)
            for (uint32_t m = x->p[v][b]; m; m &= m - 1)
                grid[27 * b + lowest(m)] = (unsigned char)(v + 1);
    s->stored++;
}

static const uint16_t perm_masks[6] = {0421, 0241, 0412, 0142, 0214, 0124};

/* What to branch on, from the open segments of a board propagated to a fixpoint
 * (propagate9): a value of a band (*where 0..2) or stack (3..5) with the fewest
 * permutations open, 2 or more, in the band or stack with the fewest open over all values;
 * its open segments in *occ. Propagated to a fixpoint, an unsolved board has one: with a
 * single permutation everywhere, each value would have one cell left in each box. */
static void pick9(int open[6][9], int *where, int *value, int *occ)
{
    int fewest = 1000;
    for (int k = 0; k < 6; k++) {
        int total = 0, vbest = -1, vfew = 7, vocc = 0;
        for (int v = 0; v < 9; v++) {
            const int o = open[k][v];
            const int c = perm_count[o];
            total += c;
            if (c >= 2 && c < vfew) {
                vfew = c;
                vbest = v;
                vocc = o;
            }
        }
        if (vbest >= 0 && total < fewest) {
            fewest = total;
            *where = k;
            *value = vbest;
            *occ = vocc;
        }
    }
}

/* Value v of band (where < 3) or stack (where - 3) kept to the segments of ``perm``. */
static void restrict9(Board *x, int where, int v, int perm)
{
    if (where < 3) {
        x->p[v][where] &= row_spread[perm];
        return;
    }
    const int j = where - 3;
    for (int b = 0; b < 3; b++)
        x->p[v][b] &= ~(col_spread[~(perm >> (3 * b)) & 7] << (3 * j));
}

static int node9(Search *s, Board *x)
{
    int open[6][9];
    if (!propagate9(x, open))
        return 0;
    if ((x->solved[0] & x->solved[1] & x->solved[2]) == FULL27) {
        if (s->stored < 2)
            record9(s, x);
        return counted(s);
    }
    int where = 0, value = 0, occ = 0;
    pick9(open, &where, &value, &occ);
    for (int k = 0; k < 6; k++) {
        if ((occ & perm_masks[k]) != perm_masks[k])
            continue;
        if (stop_here(s))
            return 1;
        Board child = *x;
        restrict9(&child, where, value, perm_masks[k]);
        if (node9(s, &child))
            return 1;
    }
    return 0;
}

/* The board of a puzzle: its cells' allowed values (NULL: any), then its givens placed; 0
 * when a given is not allowed or clashes with another. */
static int board9(Board *x, const unsigned char *givens, const uint32_t *allowed)
{
    for (int v = 0; v < 9; v++)
        for (int b = 0; b < 3; b++)
            x->p[v][b] = allowed ? 0 : FULL27;
    if (allowed)
        for (int c = 0; c < 81; c++)
            for (int v = 0; v < 9; v++)
                if (allowed[c] >> v & 1)
                    x->p[v][c / 27] |= 1u << (c % 27);
    x->solved[0] = x->solved[1] = x->solved[2] = 0;
    memset(x->seen, 0xFF, sizeof x->seen); /* no p[v] looks like this: every value is looked at */
    for (int c = 0; c < 81; c++)
        if (givens[c]) {
            const int v = givens[c] - 1, b = c / 27, i = c % 27;
            if (!(x->p[v][b] >> i & 1))
                return 0;
            place(x, v, b, i);
        }
    return 1;
}

#ifdef PARALLEL
/* ---- 9x9 on several threads ---------------------------------------------------------------
 *
 * A search that outlives SPLIT_AFTER nodes starts again, split: the top of its tree is
 * opened level by level into a row of boards in the order the search meets them, and
 * threads take those boards in turn. A board's solutions are counted where it stands, so
 * the first solutions of the row are the ones a single search finds first: once the boards
 * up to some board hold ``limit`` solutions, the boards after it stop, the ones before it
 * run to their end, and the answer is the one a single thread gives. */

struct Split {
    Board *boards;
    int nboards;
    long long limit;
    double deadline;
    long long *found;       /* per board: its solutions so far */
    unsigned char *grids;   /* per board: room for its first two */
    atomic_int next;        /* the next board to take */
    atomic_int cutoff;      /* the boards after it are not needed */
    atomic_int stop;        /* 1: the clock ran out; 2: Ctrl-C */
    atomic_llong nodes;
    atomic_int running;     /* threads not yet ended */
    pthread_mutex_t lock;   /* found and cutoff change under it */
};

/* The first board up to which the boards hold ``limit`` solutions (found only grows, so the
 * cutoff only moves back), called under the lock. */
static void move_cutoff(Split *sp)
{
    long long total = 0;
    for (int i = 0; i < sp->nboards; i++) {
        total += sp->found[i];
        if (total >= sp->limit) {
            atomic_store(&sp->cutoff, i);
            return;
        }
    }
}

static int split_stop(Search *s)
{
    Split *sp = s->split;
    if (atomic_load(&sp->stop) || s->board > atomic_load(&sp->cutoff))
        return 1;
    if (sp->deadline > 0 && now() > sp->deadline) {
        atomic_store(&sp->stop, 1);
        return 1;
    }
    return 0;
}

static int split_counted(Search *s)
{
    Split *sp = s->split;
    ++s->count;
    if (sp->limit) {
        pthread_mutex_lock(&sp->lock);
        sp->found[s->board] = s->count;
        move_cutoff(sp);
        pthread_mutex_unlock(&sp->lock);
    }
    return s->count == s->limit;
}

static void *split_worker(void *arg)
{
    Split *sp = arg;
    for (;;) {
        const int i = atomic_fetch_add(&sp->next, 1);
        if (i >= sp->nboards || i > atomic_load(&sp->cutoff) || atomic_load(&sp->stop)) {
            atomic_fetch_sub(&sp->running, 1);
            return NULL;
        }
        Search s = {0};
        s.split = sp;
        s.board = i;
        s.limit = sp->limit;
        s.grids = sp->grids + (size_t)i * 162;
        Board x = sp->boards[i];
        node9(&s, &x);
        pthread_mutex_lock(&sp->lock);
        sp->found[i] = s.count;
        pthread_mutex_unlock(&sp->lock);
        atomic_fetch_add(&sp->nodes, s.nodes);
    }
}

/* The boards the top of the tree opens into, in the search's order, at least ``want`` of
 * them unless the tree is smaller; NULL with MemoryError. */
static Board *open_top(Search *s, const Board *root, int want, int *nboards)
{
    int n = 1, room = 6 * want + 6;
    Board *row = PyMem_Malloc(sizeof(Board) * (size_t)room);
    Board *next = PyMem_Malloc(sizeof(Board) * (size_t)room);
    if (row == NULL || next == NULL) {
        PyMem_Free(row);
        PyMem_Free(next);
        PyErr_NoMemory();
        return NULL;
    }
    row[0] = *root;
    for (int opened = 1; opened && n < want;) {
        int m = 0;
        opened = 0;
        for (int i = 0; i < n; i++) {
            Board x = row[i];
            int open[6][9];
            s->nodes++;
            if (!propagate9(&x, open))
                continue;
            if ((x.solved[0] & x.solved[1] & x.solved[2]) == FULL27 || m + 6 > room) {
                next[m++] = x;
                continue;
            }
            int where = 0, value = 0, occ = 0;
            pick9(open, &where, &value, &occ);
            for (int k = 0; k < 6; k++)
                if ((occ & perm_masks[k]) == perm_masks[k]) {
                    next[m] = x;
                    restrict9(&next[m++], where, value, perm_masks[k]);
                    opened = 1;
                }
        }
        Board *t = row;
        row = next;
        next = t;
        n = m;
    }
    PyMem_Free(next);
    *nboards = n;
    return row;
}

/* The search of ``root`` split over ``threads`` threads; the caller holds the GIL, which
 * is let go but for a look at Ctrl-C every POLL_MS. */
static void solve_split9(Search *s, const Board *root, int threads)
{
    int nboards = 0;
    Board *boards = open_top(s, root, SPLIT_BOARDS * threads, &nboards);
    if (boards == NULL) {
        s->error = 1;
        s->status = STOPPED;
        return;
    }
    Split sp = {0};
    sp.boards = boards;
    sp.nboards = nboards;
    sp.limit = s->limit;
    sp.deadline = s->deadline;
    sp.found = PyMem_Calloc((size_t)nboards + 1, sizeof(long long));
    sp.grids = PyMem_Calloc((size_t)nboards + 1, 162);
    if (sp.found == NULL || sp.grids == NULL) {
        PyMem_Free(sp.found);
        PyMem_Free(sp.grids);
        PyMem_Free(boards);
        PyErr_NoMemory();
        s->error = 1;
        s->status = STOPPED;
        return;
    }
    atomic_init(&sp.next, 0);
    atomic_init(&sp.cutoff, nboards);
    atomic_init(&sp.stop, 0);
    atomic_init(&sp.nodes, 0);
    atomic_init(&sp.running, threads);
    pthread_mutex_init(&sp.lock, NULL);
    pthread_t ids[MAX_THREADS];
    int started = 0;
    Py_BEGIN_ALLOW_THREADS
    for (; started < threads; started++)
        if (pthread_create(&ids[started], NULL, split_worker, &sp) != 0)
            break;
    atomic_fetch_sub(&sp.running, threads - started);
    if (started == 0) {
        atomic_store(&sp.running, 1);
        split_worker(&sp); /* no thread to be had: this one searches, deaf to Ctrl-C */
    }
    while (atomic_load(&sp.running) > 0) {
        const struct timespec pause = {0, POLL_MS * 1000000L};
        nanosleep(&pause, NULL);
        Py_BLOCK_THREADS
        const int signalled = PyErr_CheckSignals() < 0;
        Py_UNBLOCK_THREADS
        if (signalled) {
            atomic_store(&sp.stop, 2);
            break;
        }
    }
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    Py_END_ALLOW_THREADS
    pthread_mutex_destroy(&sp.lock);
    s->nodes += atomic_load(&sp.nodes);
    s->count = 0;
    s->stored = 0;
    const int keep = s->limit == 1 ? 1 : 2; /* a single thread keeps no more than it counts */
    memset(s->grids, 0, 162); /* what the first pass on one thread kept */
    for (int i = 0; i < nboards; i++) {
        for (int j = 0; j < sp.found[i] && j < 2 && s->stored < keep; j++)
            memcpy(s->grids + (size_t)s->stored++ * 81, sp.grids + (size_t)i * 162 + j * 81, 81);
        s->count += sp.found[i];
    }
    const int stop = atomic_load(&sp.stop);
    if (stop == 2) {
        s->error = 1;
        s->status = STOPPED;
    } else if (s->limit && s->count >= s->limit) {
        s->count = s->limit;
        s->status = LIMIT;
    } else {
        s->status = stop ? TIMED_OUT : EXHAUSTED;
    }
    PyMem_Free(sp.found);
    PyMem_Free(sp.grids);
    PyMem_Free(boards);
}
#endif

/* One 9x9 puzzle: on one thread, or, past SPLIT_AFTER nodes with ``threads`` above 1 and no
 * node budget, split over that many. */
static void solve_one9(Search *s, const unsigned char *givens, const uint32_t *allowed,
                       int threads)
{
    Board root;
    s->count = 0;
    s->stored = 0;
    s->nodes = 0;
    s->status = EXHAUSTED;
    if (!board9(&root, givens, allowed))
        return; /* no solution */
    Board x = root;
#ifdef PARALLEL
    if (threads > 1 && s->budget == 0) {
        s->budget = s->split_after;
        node9(s, &x);
        s->budget = 0;
        if (s->status != SPENT)
            return;
        s->count = 0;
        s->stored = 0;
        solve_split9(s, &root, threads);
        return;
    }
#else
    (void)threads;
#endif
    node9(s, &x);
}

static PyObject *solve_many(PyObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"box_rows", "box_cols", "givens", "limit", "budget", "seconds",
                             "allowed", "threads", "split_after", NULL};
    int br, bc, threads = 1;
    Py_buffer view, allowed = {0};
    long long limit = 0, budget = 0, split_after = SPLIT_AFTER;
    double seconds = 0;
    (void)self;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiy*|LLdz*iL", kwlist, &br, &bc, &view, &limit,
                                     &budget, &seconds, &allowed, &threads, &split_after))
        return NULL;
    PyObject *result = NULL, *counts = NULL, *status = NULL, *grids = NULL;
    Rules rules = {0};
    Search s = {0};
    if (br < 1 || bc < 1 || br * bc > MAX_SIZE || limit < 0 || budget < 0 || seconds < 0 ||
        threads < 1 || threads > MAX_THREADS || split_after < 1) {
        PyErr_SetString(PyExc_ValueError, "box sides of 1 or more with at most 32 values, "
                                          "a limit, budget and seconds of 0 or more, 1 to 64 "
                                          "threads and a split after 1 node or more");
        goto done;
    }
    const int n = br * bc, nc = n * n;
    if (view.len % nc) {
        PyErr_Format(PyExc_ValueError, "givens come %d bytes a puzzle, not %zd in all", nc,
                     view.len);
        goto done;
    }
    const Py_ssize_t count = view.len / nc;
    const unsigned char *bytes = view.buf;
    const uint32_t *masks = allowed.buf;
    if (masks != NULL && allowed.len != count * nc * (Py_ssize_t)sizeof(uint32_t)) {
        PyErr_Format(PyExc_ValueError, "allowed values come 4 bytes a cell, %zd in all, not %zd",
                     count * nc * (Py_ssize_t)sizeof(uint32_t), allowed.len);
        goto done;
    }
    for (Py_ssize_t i = 0; i < view.len; i++)
        if (bytes[i] > n) {
            PyErr_Format(PyExc_ValueError, "a given of %d in a grid of %d values", bytes[i], n);
            goto done;
        }
    const int nine = n == 9 && br == 3; /* the band kernel needs none of the general state */
    s.limit = limit;
    s.budget = budget;
    s.split_after = split_after;
    if (!nine) {
        if (build_rules(&rules, br, bc) < 0)
            goto done;
        s.rules = &rules;
        s.stack = PyMem_Malloc(sizeof(mask) * (size_t)(nc + 1) * (size_t)nc);
        s.queue = PyMem_Malloc(sizeof(int) * (size_t)nc);
        s.rowseg = PyMem_Malloc(sizeof(mask) * (size_t)n * (size_t)n);
        s.colseg = PyMem_Malloc(sizeof(mask) * (size_t)n * (size_t)n);
        if (s.stack == NULL || s.queue == NULL || s.rowseg == NULL || s.colseg == NULL) {
            PyErr_NoMemory();
            goto done;
        }
    }
    counts = PyList_New(count);
    status = PyBytes_FromStringAndSize(NULL, count);
    grids = PyBytes_FromStringAndSize(NULL, count * 2 * nc);
    if (counts == NULL || status == NULL || grids == NULL)
        goto done;
    memset(PyBytes_AS_STRING(grids), 0, (size_t)(count * 2 * nc));
    for (Py_ssize_t i = 0; i < count; i++) {
        if (i % PUZZLES_BETWEEN_LOOKS == 0 && PyErr_CheckSignals() < 0)
            goto done; /* Ctrl-C between puzzles too: easy ones never reach CHECK_EVERY */
        s.grids = (unsigned char *)PyBytes_AS_STRING(grids) + i * 2 * nc;
        s.deadline = seconds > 0 ? now() + seconds : 0;
        const uint32_t *cells = masks ? masks + i * nc : NULL;
        if (nine)
            solve_one9(&s, bytes + i * nc, cells, threads);
        else
            solve_one(&s, bytes + i * nc, cells);
        if (s.error)
            goto done;
        PyObject *found = PyLong_FromLongLong(s.count);
        if (found == NULL)
            goto done;
        PyList_SET_ITEM(counts, i, found);
        PyBytes_AS_STRING(status)[i] = (char)s.status;
    }
    result = PyTuple_Pack(3, counts, status, grids);
done:
    Py_XDECREF(counts);
    Py_XDECREF(status);
    Py_XDECREF(grids);
    PyMem_Free(s.stack);
    PyMem_Free(s.queue);
    PyMem_Free(s.rowseg);
    PyMem_Free(s.colseg);
    free_rules(&rules);
    PyBuffer_Release(&view);
    if (allowed.obj != NULL)
        PyBuffer_Release(&allowed);
    return result;
}

static PyMethodDef methods[] = {
    {"solve_many", (PyCFunction)(void (*)(void))solve_many, METH_VARARGS | METH_KEYWORDS,
     "solve_many(box_rows, box_cols, givens, limit=0, budget=0, seconds=0, allowed=None, "
     "threads=1, split_after=20000) -> (counts, status, grids)\n\n"
     "Search each plain Sudoku of `givens` (bytes: a value 0..N per cell, 0 blank, puzzle after "
     "puzzle) up to `limit` solutions (0: all), `budget` nodes (0: no bound) and `seconds` each "
     "(0: no bound). `allowed` (native uint32 a cell, bit v-1 for value v) limits the cells' "
     "values. A 9x9 search with no budget that outlives `split_after` nodes starts again split "
     "over `threads` threads, with the same answer. `counts`: the solutions found per puzzle; `status`: a byte per puzzle, 0 "
     "budget spent, 1 tree searched, 2 limit reached, 3 time up; `grids`: two grids per puzzle, "
     "the first solutions found (zeros where there are fewer), unverified."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "satdoku.solver._bitgrid",
    .m_doc = "Plain Sudoku search over candidate bitmasks (see satdoku.solver.bitgrid). SPLITS: "
             "whether a 9x9 search can be split over threads (not on Windows).",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__bitgrid(void)
{
    build_band_tables();
    PyObject *m = PyModule_Create(&module);
#ifdef PARALLEL
    const int splits = 1;
#else
    const int splits = 0;
#endif
    if (m != NULL && PyModule_AddObjectRef(m, "SPLITS", splits ? Py_True : Py_False) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
