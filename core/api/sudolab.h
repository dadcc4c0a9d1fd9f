/*
 * sudolab.h — the sudolab library: read, solve, count, rate and generate
 * sudoku puzzles of every variant the `sudolab` command knows.
 *
 * A puzzle is an opaque handle, made by sudolab_parse or sudolab_generate
 * and released by sudolab_free. Every other function takes a handle and
 * returns one of the status codes below; when it is not SUDOLAB_OK,
 * sudolab_errmsg tells why (on a handle that did not parse, every call
 * fails and the message stays the parse error; given a NULL handle, every
 * call fails, sudolab_size answers 0 and sudolab_line NULL). The library keeps no
 * state outside the handles, so threads may work at once on different
 * handles (never on one handle at once).
 *
 * Generating runs the Lua scripts of variants/ and scripts/, found as the
 * command finds them (sudolab(1), ENVIRONMENT): $SUDOLAB_ROOT, else
 * share/sudolab beside the installed program or library.
 *
 *   const char *line = "53..7....6..195....98....6.8...6...34..8.3..17...2..."
 *                      "6.6....28....419..5....8..79";
 *   char solution[82];
 *   sudolab_puzzle *p;
 *   if (sudolab_parse(line, &p) == SUDOLAB_OK &&
 *       sudolab_solve(p, solution, sizeof solution) == SUDOLAB_OK)
 *       puts(solution);
 *   else
 *       fprintf(stderr, "%s\n", sudolab_errmsg(p));
 *   sudolab_free(p);
 */
#ifndef SUDOLAB_H
#define SUDOLAB_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define SUDOLAB_API __attribute__((visibility("default")))
#else
#define SUDOLAB_API
#endif

/* Status codes, the same numbers as the command's exit codes. */
#define SUDOLAB_OK 0
#define SUDOLAB_UNSOLVED 1 /* no solution (solve); not exactly one (rate) */
#define SUDOLAB_ERROR 2    /* bad input or arguments, a script's error, no memory */
#define SUDOLAB_GAVE_UP 3  /* the search reached the handle's node limit first */

typedef struct sudolab_puzzle sudolab_puzzle;

/* The library's version, "X.Y.Z". */
SUDOLAB_API const char *sudolab_version(void);

/* Reads the one puzzle of `text` in any form the command reads: the
 * N*N-symbol line or grid of a classic puzzle, a sudolab line
 * ("sudolab 9 3x3 classic;diagonal 1....7.9..."), a killer line or CSV
 * row, a Solo game ID. Stores a new handle in *out and returns SUDOLAB_OK,
 * or SUDOLAB_ERROR with the reason in the handle's sudolab_errmsg
 * ("LINE:COL: what is wrong"); free the handle either way. *out is NULL
 * only when memory ran out. With out NULL nothing is made: SUDOLAB_ERROR. */
SUDOLAB_API int sudolab_parse(const char *text, sudolab_puzzle **out);

/* Makes a unique puzzle: `variant` names one (NULL: "classic"; "killer",
 * ... as `sudolab variants` lists them) or is the path of a variant's
 * .lua file; `grade` asks for one of easy, medium, hard, expert, extreme,
 * beyond (NULL: any). The same seed makes the same puzzle, the first that
 * `sudolab generate --variant VARIANT --seed SEED` prints. Returns as
 * sudolab_parse does. */
SUDOLAB_API int sudolab_generate(const char *variant, unsigned long long seed, const char *grade,
                                 sudolab_puzzle **out);

/* Releases the handle (NULL is allowed). */
SUDOLAB_API void sudolab_free(sudolab_puzzle *p);

/* Why the last call on p failed, or "" after a success. Valid until the
 * next call on p. */
SUDOLAB_API const char *sudolab_errmsg(const sudolab_puzzle *p);

/* The puzzle's size N (its grid is N x N), or 0 when it did not parse. */
SUDOLAB_API int sudolab_size(const sudolab_puzzle *p);

/* The puzzle as one line: its N*N givens ('.' empty) for a classic puzzle
 * up to 9x9, else its sudolab line (rules included). NULL when it did not
 * parse. Valid until the handle is freed. */
SUDOLAB_API const char *sudolab_line(sudolab_puzzle *p);

/* The search nodes one call of sudolab_solve or sudolab_count may spend
 * on p before it stops with SUDOLAB_GAVE_UP; 0 is no limit. A handle
 * starts with the `sudolab solve` and `count` commands' default: none up
 * to 9x9, 20,000,000 above (an empty 25x25 or a hard 16x16 could search
 * for hours), and sudolab_rate's check that the puzzle is unique starts
 * with `sudolab rate`'s, 2,000,000 at any size. 0 for a NULL handle or
 * one that did not parse. */
SUDOLAB_API unsigned long long sudolab_node_limit(const sudolab_puzzle *p);

/* Sets the node limit of p's later sudolab_solve, sudolab_count and
 * sudolab_rate calls alike (0: none, search as long as it takes).
 * SUDOLAB_OK, or SUDOLAB_ERROR for a NULL handle or one that did not
 * parse. */
SUDOLAB_API int sudolab_set_node_limit(sudolab_puzzle *p, unsigned long long nodes);

/* Writes the first solution found, N*N symbols ('1'-'9', then 'A'...)
 * and a NUL, into out (cap bytes: N*N + 1 suffice). SUDOLAB_OK,
 * SUDOLAB_UNSOLVED when there is none, SUDOLAB_GAVE_UP (out untouched),
 * or SUDOLAB_ERROR. */
SUDOLAB_API int sudolab_solve(sudolab_puzzle *p, char *out, size_t cap);

/* Counts the solutions into *count, stopping at limit (>= 1): with limit
 * 2, 0 is none, 1 unique, 2 several. SUDOLAB_OK, SUDOLAB_GAVE_UP (*count
 * then holds the solutions found before the limit, a lower bound), or
 * SUDOLAB_ERROR. */
SUDOLAB_API int sudolab_count(sudolab_puzzle *p, long limit, long *count);

/* Rates a unique puzzle by the human techniques it needs: *rating is the
 * hardest step on Sudoku Explainer's scale (1.0 ... 11+), *grade the
 * name of its band (a static string: easy, medium, hard, expert, extreme
 * or beyond, as `sudolab rate --help` bounds them). Either may be NULL.
 * SUDOLAB_OK, SUDOLAB_UNSOLVED when the puzzle has no or several
 * solutions, SUDOLAB_GAVE_UP when the check of that reached the node
 * limit, or SUDOLAB_ERROR. */
SUDOLAB_API int sudolab_rate(sudolab_puzzle *p, double *rating, const char **grade);

#ifdef __cplusplus
}
#endif

#endif
