/*
 * fpuzzles.h — puzzles to and from f-puzzles JSON, the format f-puzzles,
 * SudokuPad and most variant solvers exchange, and its link forms.
 *
 * Forms the reader recognises (format.c hands them here):
 *   JSON      an object, on one line or spread over lines (a whole .json
 *             file: the object runs to its closing brace);
 *   base64    the JSON lz-string compressed in base64 (lz_string.h), bare
 *             ("N4Ig..."), or after "fpuzzles"/"fpuz" (SudokuPad's prefix);
 *   links     https://f-puzzles.com/?load=B64, and SudokuPad's
 *             https://sudokupad.app/fpuzzlesB64, .../?puzzle=fpuzzlesB64,
 *             https://app.crackingthecryptic.com/sudoku/fpuzzlesB64 (and
 *             "fpuz" for "fpuzzles"); %-escapes are undone.
 *
 * The mapping (cells "R1C1", 1-based; every rule is a primitive of the
 * sudolab line, as the shipped variants write it):
 *   size, grid          the grid; a cell's "value" with "given": true is a
 *                       given (a value without it is a solver's entry, not
 *                       read); "region" numbers make jigsaw regions, or the
 *                       boxes of an R x C shape when they match one;
 *   diagonal+/-         diagonal:+ (rising, like /), diagonal:-, both: diagonal
 *   killercage, cage    killer (cells, "value" the sum, none: '?'); an
 *                       entry with no cells is an error at the entry
 *   extraregion         extra (windoku when they are its windows); an
 *                       entry with no cells is an error, as for cages
 *   odd, even           oddeven
 *   thermometer         thermo, one path per line from the bulb
 *   whispers            whispers (German: neighbours differ by (N+1)/2 or
 *                       more; a "value", when given, must be that)
 *   renban, palindrome  renban, palindrome, one path per line
 *   betweenline         between, one path per line from one circle to the
 *                       other (3 or more cells)
 *   sandwichsum         sandwich "r3=10" for a clue beside row 3 ("cell"
 *                       R3C0 or R3C(N+1)), "c5=0" above or below column 5
 *                       (R0C5 or R(N+1)C5); a blank value is no clue.
 *                       Written left of rows and above columns.
 *   arrow               sum "shaft=@circle" per line (circle cells tens first)
 *   littlekillersum     sum "a+b+c=S" along the diagonal from the clue cell
 *                       ("cell" outside the grid, "direction" UL UR DL DR)
 *   difference, ratio   relation tables |a-b| = v (default 1), a = v*b (2)
 *   xv                  relation tables a+b = 10 (X), 5 (V)
 *   antiknight/antiking differ (knight pairs, then king pairs, one rule)
 *   nonconsecutive      with "negative": "difference", "ratio" and "xv":
 *                       relation tables over the orthogonal pairs that carry
 *                       no dot (no X or V): not consecutive, not double, sum
 *                       neither 10 nor 5
 * Titles, authors, rules text, a "solution" and the solver's settings are
 * ignored, as are empty lists and false flags of any name. Any other
 * constraint is an error naming it at its key (FPUZZLES_IGNORE_UNKNOWN
 * makes it a warning, and the puzzle is read without it).
 *
 * Writing gives one line of JSON (no title, author or colours) and refuses,
 * naming it, a rule it has no form for (a sum that is neither an arrow nor
 * a whole diagonal, a table no dot or mark stands for, differ pairs other
 * than all knight or all king moves, a grid without boxes or regions).
 * Every line and clue rule the project ships has an f-puzzles key; rules
 * without one (calcudoku, binary) are refused the same way.
 */
#ifndef SUDOLAB_FPUZZLES_H
#define SUDOLAB_FPUZZLES_H

#include <stddef.h>

#include "format.h"

enum { FPUZZLES_IGNORE_UNKNOWN = 1 };

/* Reads one f-puzzles JSON object: 0 with p initialised (the caller
 * clears it), or -1 with err at the JSON's line and column. A constraint
 * ignored under FPUZZLES_IGNORE_UNKNOWN is named in warn (with its line
 * and column, its text starting "warning: "; warn->msg empty when none). */
int fpuzzles_read_json(const char *text, size_t len, int flags, struct puzzle *p,
                       struct sl_error *warn, struct sl_error *err);

/* The JSON of p (malloc'ed, one line, no newline), or NULL with err. */
char *fpuzzles_write_json(const struct puzzle *p, struct sl_error *err);
/* The base64 compressed JSON, and the f-puzzles link, malloc'ed. */
char *fpuzzles_write_base64(const struct puzzle *p, struct sl_error *err);
char *fpuzzles_write_link(const struct puzzle *p, struct sl_error *err);

/* Line forms, for format.c: FPUZZLES_JSON when a line opens a JSON object,
 * FPUZZLES_CODE when it is a link or a bare compressed form, else 0. */
enum { FPUZZLES_JSON = 1, FPUZZLES_CODE = 2 };
int fpuzzles_detect(const char *text, size_t len);
/* Reads a link or compressed line: errors at the payload's column. */
int fpuzzles_read_code(const char *text, size_t len, int flags, struct puzzle *p,
                       struct sl_error *warn, struct sl_error *err);

#endif
