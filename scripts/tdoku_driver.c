/*
 * tdoku_driver.c — a measurement peer for issue 23's classic ratios: the
 * same work as `sudolab bench` and `sudolab generate --symmetry none`,
 * done with tdoku's fastest solver (github.com/t-dillon/tdoku), so that
 * scripts/bench_tdoku.sh can run both side by side on one machine.
 *
 * Not part of the project's build: it links one external object that
 * exports
 *
 *   size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit,
 *                                   uint32_t configuration, char *solution,
 *                                   size_t *num_guesses);
 *
 * (tdoku's src/solver_dpll_triad_simd.cc and src/util.cc, built by
 * bench_tdoku.sh with tdoku's own flags). This file holds none of tdoku's
 * code.
 *
 *   tdoku_driver solve FILE...
 *       Solves every puzzle of each FILE (`#` lines and blank lines skipped,
 *       81 characters a puzzle, `.` or `0` empty) stopping at the first
 *       solution, and prints per file, as `sudolab bench` does: puzzles,
 *       puzzles/s, microseconds per puzzle, guesses per puzzle. Like
 *       `sudolab bench`, only the solver's calls are timed (CLOCK_MONOTONIC
 *       around each one); every solution is then checked against the rules
 *       and the givens, untimed.
 *
 *   tdoku_driver timer
 *       Prints the median length, in nanoseconds, of an empty interval timed
 *       as `solve` and `sudolab bench` time a call: what the clock itself
 *       adds to each puzzle's time (bench_tdoku.sh's CLOCK=cpu subtracts
 *       it).
 *
 *   tdoku_driver minimal COUNT [SEED]
 *       Makes COUNT minimal puzzles and writes them to standard output, one
 *       81-character line each; a summary (puzzles/s of the process's CPU
 *       time, mean clues) goes to standard error. A puzzle: a random solved
 *       grid (row 1 a random permutation of 1-9, solved, then bands, rows
 *       within bands, stacks and columns within stacks shuffled, and a
 *       transpose half the time), then every cell once in random order,
 *       left empty when the puzzle still has one solution (a count with
 *       limit 2), put back otherwise. Same SEED, same puzzles.
 *
 * Exit status: 0 on success, 1 when a solution fails its check, 2 on bad
 * usage or input (with the file and line).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
                                char *solution, size_t *num_guesses);

enum { CELLS = 81, SIDE = 9, RECORD = 96 };

/* A puzzle as the solver reads it: 81 characters, then a byte below '.'
 * (tdoku takes input[81] >= '.' for its 729-character pencilmark form),
 * padded so its vector loads stay inside the record. */
struct record {
    char cells[RECORD];
};

struct puzzles {
    struct record *items;
    size_t count, capacity;
};

static double seconds(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* --- reading ----------------------------------------------------------- */

static int push(struct puzzles *list, const struct record *r)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 1024;
        struct record *items = realloc(list->items, capacity * sizeof *items);
        if (items == NULL) return -1;
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = *r;
    return 0;
}

/* One line to a record; the column of the first bad character (1-based),
 * 0 when the line is a puzzle. */
static size_t parse_line(const char *line, size_t length, struct record *r)
{
    memset(r, 0, sizeof *r);
    if (length < CELLS) return length + 1;
    for (size_t i = 0; i < CELLS; i++) {
        char c = line[i];
        if (c == '.' || c == '0')
            r->cells[i] = '.';
        else if (c >= '1' && c <= '9')
            r->cells[i] = c;
        else
            return i + 1;
    }
    return 0;
}

static int is_skipped(const char *line, size_t length) { return length == 0 || line[0] == '#'; }

static int read_puzzles(const char *file, struct puzzles *list)
{
    FILE *f = fopen(file, "r");
    if (f == NULL) {
        perror(file);
        return 2;
    }
    char *line = NULL;
    size_t size = 0;
    long number = 0;
    ssize_t got;
    int status = 0;
    while (status == 0 && (got = getline(&line, &size, f)) >= 0) {
        size_t length = (size_t)got;
        number++;
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) length--;
        if (is_skipped(line, length)) continue;
        struct record r;
        size_t column = parse_line(line, length, &r);
        if (column != 0) {
            fprintf(stderr, "%s:%ld:%zu: not an 81-cell classic puzzle\n", file, number, column);
            status = 2;
        } else if (push(list, &r) != 0) {
            fprintf(stderr, "%s: out of memory\n", file);
            status = 2;
        }
    }
    free(line);
    fclose(f);
    return status;
}

/* --- checking ---------------------------------------------------------- */

/* Does every row, column and box of the grid hold 1-9 once? */
static int is_valid_grid(const char *grid)
{
    for (int unit = 0; unit < SIDE; unit++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < SIDE; k++) {
            int box_cell = (unit / 3) * 27 + (unit % 3) * 3 + (k / 3) * SIDE + k % 3;
            row |= 1u << (grid[unit * SIDE + k] - '0');
            col |= 1u << (grid[k * SIDE + unit] - '0');
            box |= 1u << (grid[box_cell] - '0');
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe) return 0;
    }
    return 1;
}

static int keeps_givens(const char *puzzle, const char *grid)
{
    for (int i = 0; i < CELLS; i++)
        if (puzzle[i] != '.' && puzzle[i] != grid[i]) return 0;
    return 1;
}

/* --- solve mode -------------------------------------------------------- */

struct solve_run {
    double seconds;
    size_t guesses, unsolved, wrong;
};

static void solve_all(const struct puzzles *list, struct record *solutions, struct solve_run *run)
{
    for (size_t i = 0; i < list->count; i++) {
        size_t guesses = 0;
        double start = seconds(CLOCK_MONOTONIC);
        size_t found =
            TdokuSolverDpllTriadSimd(list->items[i].cells, 1, 0, solutions[i].cells, &guesses);
        run->seconds += seconds(CLOCK_MONOTONIC) - start;
        run->guesses += guesses;
        if (found == 0) {
            run->unsolved++;
            solutions[i].cells[0] = 0; /* marks "no solution" for the check */
        }
    }
}

static void check_all(const struct puzzles *list, const struct record *solutions,
                      struct solve_run *run)
{
    for (size_t i = 0; i < list->count; i++) {
        const char *grid = solutions[i].cells;
        if (grid[0] == 0) continue;
        if (!is_valid_grid(grid) || !keeps_givens(list->items[i].cells, grid)) run->wrong++;
    }
}

static void report_solve(const char *file, size_t n, const struct solve_run *run)
{
    double s = run->seconds > 0 ? run->seconds : 1e-9;
    printf("%s: %zu puzzles, %.0f puzzles/s, %.2f \u00b5s/puzzle, %.2f guesses/puzzle, ", file, n,
           (double)n / s, s * 1e6 / (double)n, (double)run->guesses / (double)n);
    if (run->unsolved + run->wrong)
        printf("NOT all verified (%zu unsolved, %zu wrong)\n", run->unsolved, run->wrong);
    else
        printf("all verified\n");
    fflush(stdout);
}

static int solve_file(const char *file)
{
    struct puzzles list = {0};
    int status = read_puzzles(file, &list);
    if (status != 0 || list.count == 0) {
        if (status == 0) printf("%s: no puzzles\n", file);
        free(list.items);
        return status;
    }
    struct record *solutions = calloc(list.count, sizeof *solutions);
    if (solutions == NULL) {
        free(list.items);
        return 2;
    }
    struct solve_run run = {0};
    solve_all(&list, solutions, &run);
    check_all(&list, solutions, &run);
    report_solve(file, list.count, &run);
    status = run.unsolved + run.wrong ? 1 : 0;
    free(solutions);
    free(list.items);
    return status;
}

/* --- timer mode -------------------------------------------------------- */

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median, not the mean: a preemption inside one interval is the
 * machine's load, not the clock's cost. */
static int report_timer(void)
{
    enum { PAIRS = 100001 };
    double *lengths = malloc(PAIRS * sizeof *lengths);
    if (lengths == NULL) return 2;
    for (int i = 0; i < PAIRS; i++) {
        double start = seconds(CLOCK_MONOTONIC);
        lengths[i] = seconds(CLOCK_MONOTONIC) - start;
    }
    qsort(lengths, PAIRS, sizeof *lengths, by_value);
    printf("%.1f\n", lengths[PAIRS / 2] * 1e9);
    free(lengths);
    return 0;
}

/* --- minimal mode ------------------------------------------------------ */

/* splitmix64: small, seedable, and enough for shuffles. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void shuffle(int *items, int n, uint64_t *rng)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_random(rng) % (uint64_t)(i + 1));
        int t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* An order of the 9 rows (or columns) that keeps each band (stack) whole:
 * the bands shuffled, and the rows within each. */
static void band_order(int *order, uint64_t *rng)
{
    int bands[3] = {0, 1, 2};
    shuffle(bands, 3, rng);
    for (int b = 0; b < 3; b++) {
        int rows[3] = {0, 1, 2};
        shuffle(rows, 3, rng);
        for (int r = 0; r < 3; r++) order[b * 3 + r] = bands[b] * 3 + rows[r];
    }
}

/* A solved grid: row 1 a random permutation of 1-9, completed by the
 * solver, then moved by a random symmetry of the grid. */
static int random_grid(char *grid, uint64_t *rng)
{
    struct record seed, solved;
    int digits[SIDE] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    memset(&seed, 0, sizeof seed);
    memset(seed.cells, '.', CELLS);
    shuffle(digits, SIDE, rng);
    for (int c = 0; c < SIDE; c++) seed.cells[c] = (char)('0' + digits[c]);
    size_t guesses;
    if (TdokuSolverDpllTriadSimd(seed.cells, 1, 0, solved.cells, &guesses) != 1) return -1;
    int rows[SIDE], cols[SIDE];
    band_order(rows, rng);
    band_order(cols, rng);
    int transpose = (int)(next_random(rng) & 1);
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++) {
            int from = rows[r] * SIDE + cols[c];
            grid[transpose ? c * SIDE + r : r * SIDE + c] = solved.cells[from];
        }
    return 0;
}

/* Empties every cell once, in random order, unless the puzzle would then
 * have more than one solution; returns the clues left. */
static int dig_minimal(struct record *puzzle, uint64_t *rng)
{
    int order[CELLS], clues = CELLS;
    for (int i = 0; i < CELLS; i++) order[i] = i;
    shuffle(order, CELLS, rng);
    char scratch[RECORD];
    for (int i = 0; i < CELLS; i++) {
        char kept = puzzle->cells[order[i]];
        size_t guesses;
        puzzle->cells[order[i]] = '.';
        if (TdokuSolverDpllTriadSimd(puzzle->cells, 2, 0, scratch, &guesses) == 1)
            clues--;
        else
            puzzle->cells[order[i]] = kept;
    }
    return clues;
}

static int parse_count(const char *text, unsigned long long *value)
{
    char *end;
    *value = strtoull(text, &end, 10);
    return *text >= '0' && *text <= '9' && *end == '\0';
}

static int make_minimal(unsigned long long count, unsigned long long seed)
{
    uint64_t rng = seed;
    double start = seconds(CLOCK_PROCESS_CPUTIME_ID);
    unsigned long long clues = 0;
    for (unsigned long long n = 0; n < count; n++) {
        struct record puzzle;
        memset(&puzzle, 0, sizeof puzzle);
        if (random_grid(puzzle.cells, &rng) != 0) {
            fprintf(stderr, "tdoku_driver: the solver completed no grid\n");
            return 1;
        }
        clues += (unsigned long long)dig_minimal(&puzzle, &rng);
        puzzle.cells[CELLS] = '\n';
        fwrite(puzzle.cells, 1, CELLS + 1, stdout);
    }
    double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - start;
    fprintf(stderr, "%llu minimal puzzles, %.0f puzzles/s (CPU), %.2f clues/puzzle\n", count,
            cpu > 0 ? (double)count / cpu : 0, count ? (double)clues / (double)count : 0);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: tdoku_driver solve FILE...\n"
                    "       tdoku_driver timer\n"
                    "       tdoku_driver minimal COUNT [SEED]\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "solve") == 0) {
        int status = 0;
        for (int i = 2; i < argc; i++) {
            int s = solve_file(argv[i]);
            status = s > status ? s : status;
        }
        return status;
    }
    if (argc == 2 && strcmp(argv[1], "timer") == 0) return report_timer();
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "minimal") == 0) {
        unsigned long long count, seed = 1;
        if (!parse_count(argv[2], &count) || (argc == 4 && !parse_count(argv[3], &seed)))
            return usage();
        return make_minimal(count, seed);
    }
    return usage();
}
