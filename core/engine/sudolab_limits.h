/*
 * sudolab_limits.h — every limit of sudolab in one place: grid sizes, the
 * capacities of fixed arrays and text buffers, and the budgets that stop
 * runaway work. Each says why it has its value. Change one here and
 * rebuild; the code reads the names only, and derived sizes follow.
 *
 * Libc only, so every layer may include it (core/README.md). What is not
 * a choice of capacity stays beside its code: facts of a representation
 * (64 bits to a word, Solo's own rules, a table indexed by 2^N) and the
 * tuning that is part of an algorithm (search restarts, the chain lengths
 * a technique looks at, how often the Lua budget is counted).
 */
#ifndef SUDOLAB_LIMITS_H
#define SUDOLAB_LIMITS_H

/* --- the grid (engine) ----------------------------------------------------- */

/* Largest N: a digit set is one 32-bit word with bit d for digit d, and 25
 * is the largest square size (5x5 boxes) whose digits fit in it. */
#define SL_MAX_SIZE 25
#define SL_MAX_CELLS (SL_MAX_SIZE * SL_MAX_SIZE)

/* Rules of one puzzle: the richest shipped variant uses a handful, and a
 * puzzle holds them in a fixed array. */
#define SL_MAX_RULES 32

/* Units (all-different groups) and watched groups of one ruleset: each set
 * of them is a fixed bitset of this many bits (a multiple of 64). A 25x25
 * grid has 75 houses; killer cages and the rule of 45 add the most. */
#define SL_MAX_UNITS 1024
#define SL_MAX_GROUPS 4096

/* Box-line segments kept for the propagator; past this many the rest are
 * left out (they only speed the search), and each keeps a digit union on
 * the propagator's stack. */
#define SL_MAX_INTERSECTIONS 2048

/* Alternatives in a split a rule offers the search (a cage's digit
 * combinations): the search takes one only when it has fewer than the best
 * cell has candidates, at most SL_MAX_SIZE, so this holds any worth making. */
#define SL_MAX_ALTERNATIVES 64

/* Cells a rule names as the cause of a contradiction (prop_blame): the
 * search only weighs them, so more are dropped; a sum names at most
 * SUM_MAX_CELLS. */
#define SL_MAX_BLAME 64

/* Cells a deduction shows a player: more are not worth showing. */
#define EXPLAIN_MAX_CELLS 32
/* A deduction's equation ("r1c1 - r2c9 = 7") takes at most this many bytes. */
#define EXPLAIN_MAX_DETAIL 96

/* Cells of all learnt nogoods together: a search learns a few dozen per
 * restart, so this bounds only a search that restarts without end. */
#define NOGOODS_MAX_CELLS (1 << 22)

/* Search nodes a dig may spend to check that one removal keeps the puzzle
 * unique: past it the clue stays, so a big grid's dig never stalls (9x9
 * checks take a few nodes). */
#define DIG_NODE_LIMIT 2000
/* Techniques a dig by deductions may ask for (dig.h): the ladder's rule
 * rows number about 40. */
#define DIG_DEDUCE_MAX_KEYS 64

/* --- killer cages and sums (constraints) --------------------------------- */

/* The greatest cage sum the text takes: every digit of the largest grid. */
#define CAGE_SUM_MAX (SL_MAX_SIZE * (SL_MAX_SIZE + 1) / 2)

/* Cells of one watched sum (a cage, or a rule-of-45 region of several
 * houses): its per-cell arrays live on the stack. */
#define SUM_MAX_CELLS 64

/* Digit combinations a sum enumerates; one with more is pruned by bounds
 * instead, which is as strong and cheaper at that size. */
#define SUM_MAX_COMBOS 65536L

/* Terms of one sum of the sums rule (arrows, lines), and the targets one
 * rule may list: a fixed array each. */
#define SUMS_MAX_TERMS 32
#define SUMS_MAX_TARGETS 3

/* Pair tables of one relation rule (kropki, XV and the like need two). */
#define RELATION_MAX_TABLES 16

/* --- calcudoku cages (constraints) ----------------------------------------- */

/* Cells of one calcudoku cage: its assignments are walked cell by cell on
 * the stack and its clashes are bits of a 32-bit mask; published cages
 * have at most six. */
#define CALC_MAX_CAGE_CELLS 16
/* The largest target a clue takes: a product of sixteen digits of a 9x9
 * is far below it, and products up to it stay exact in 64 bits. */
#define CALC_TARGET_MAX 1000000000000000LL
/* Sides up to which a generator may count a calcudoku draw by its own
 * search (calc_small.h): it reads no more than the lines and the cages'
 * partial sums and products, so past 6 it visits too many squares. */
#define CALC_SMALL_MAX_SIZE 6

/* Sides of a binary puzzle: even, and a line's patterns (2^N of them) are
 * sifted once per rule, which past 16 takes long for grids no one plays. */
#define BINARY_MIN_SIZE 4
#define BINARY_MAX_SIZE 16
/* Sides up to which a binary rule finds a line's fitting patterns by its
 * halves (binary.c): an 8-cell line has 34 patterns, one bit each of a
 * 64-bit word, and a half of 4 cells 256 states (two 2 KB tables). */
#define BINARY_HALVES_MAX_SIZE 8

/* --- the rater (rate) ------------------------------------------------------ */

/* Houses of the player's grid: 3N for classic plus diagonals, regions and
 * cages; and houses through one cell (row, column, box, two diagonals,
 * windows, cages...). */
#define HUMAN_MAX_HOUSES 256
#define HUMAN_MAX_HOUSES_PER_CELL 8

/* Pairs of houses that meet in two or more cells (locked candidates). */
#define HUMAN_MAX_MEETINGS 4096

/* What one step records: eliminations (past these, the rest are left for
 * a later step), the cells and houses it names, the chain nodes shown. */
#define STEP_MAX_ELIMS 512
#define STEP_MAX_CELLS 32
#define STEP_MAX_HOUSES 8
#define STEP_MAX_NODES 96

/* Techniques counted per rating: the ladder's rows (technique.c) and the
 * keys rules add through explain, with room. */
#define RATE_MAX_TALLY 64

/* --- text (format, lua) ---------------------------------------------------- */

/* One line of input: a 25x25 killer with a wide map and its sums is a few
 * kilobytes; a longer line is reported, not read without end. */
#define READER_LINE_MAX (1024L * 1024L)

/* A line that runs this far without a line end is no text to read
 * (/dev/zero, a binary file): the reader stops there (-2) instead of
 * skipping it for ever. Far past READER_LINE_MAX, so a long line is still
 * only reported and the lines after it read. */
#define READER_ENDLESS (64 * READER_LINE_MAX)

/* The longest rules field of a line a puzzle_source keeps (format.h), so
 * that a ruleset built from the same field is known to fit without its
 * rules being written again: an anti-king's 272 pairs are some 1.6 KB, and
 * no generated line is longer than GENERATE_LINE_MAX. */
#define SL_SOURCE_RULES_MAX 8192

/* One error message, with its position kept apart (error.h). */
#define SL_ERROR_MSG_MAX 256

/* f-puzzles interchange (core/format/json.h, lz_string.h): JSON nests an
 * object, arrays of entries, lists of lines, cells, so 64 is room to
 * spare and keeps the recursive reader's stack small; a puzzle's JSON,
 * whether spread over lines or decompressed from a link, is a few tens of
 * kilobytes for a busy 16x16, and a 1 MiB link could otherwise unpack to
 * gigabytes. */
#define JSON_DEPTH_MAX 64
#define JSON_TEXT_MAX (4L * 1024L * 1024L)

/* A Lua rule's error kept for the script that ran the search. */
#define LUA_RULE_ERROR_MAX 512

/* The most solutions p:count lists (on the stack) to keep the one
 * solution of a puzzle it finds unique, so that p:rate need not count it
 * again: killer annealing past 9x9 counts to 8, then rates. */
#define LUA_COUNT_LISTED 8

/* A variant's rules text: anti-knight lists about 300 cell pairs. */
#define VARIANT_RULES_MAX 16384
/* A variant's or a report field's name. */
#define SL_NAME_MAX 64

/* A file path the Lua host builds (root + folder + module name). */
#define HOST_PATH_MAX 4096
/* A search path ($SUDOLAB_PATH, then the root's folders) or a file in it. */
#define VARIANT_PATH_MAX 8192

/* --- budgets (lua) ------------------------------------------------------- */

/* Default budget of one script run, in VM instructions (a few seconds;
 * --max-instructions changes it), and of its memory. */
#define SL_LUA_INSTRUCTIONS 2000000000LL
#define SL_LUA_MEMORY ((size_t)256 << 20)
/* Default time budget of one script run, in seconds of CPU (the wall
 * clock gets four times as long): a watchdog enforces it even where no
 * VM instruction runs. */
#define SL_LUA_SECONDS 60

/* Search nodes one API call (p:solve(), p:count() ...) may spend before
 * it answers "gave up": a script stays responsive on a puzzle too loose. */
#define API_NODE_LIMIT 50000000ULL

/* Search nodes the commands spend on one puzzle when --max-nodes is not
 * given, before they say "gave up" (exit 3) rather than run on for
 * minutes. rate, hint and check only need to know a puzzle is unique: a
 * published 9x9 takes thousands of nodes, so a puzzle past this bound
 * (a few seconds of search) is one no player could solve either. solve
 * and count are the exact tools: bounded only above 9x9, where a loose
 * grid can search for hours, and ten times further. Plain numbers: the
 * help texts spell them. */
#define CLI_CHECK_NODES 2000000
#define CLI_SOLVE_NODES 20000000
#define CLI_SOLVE_BOUNDED_ABOVE 9

/* The setter's tools (cmd_setter.c, cmd_candidates.c). check counts a
 * puzzle with several solutions, and the puzzle with each given it might
 * propose, up to CLI_PROPOSE_CAP: a thousand tells "many" from "a few"
 * and costs milliseconds on a 9x9. candidates stops after finding
 * CLI_CANDIDATES_CAP solutions (--limit), far more than a 9x9 needs, as
 * each solution found settles a digit in most cells. count --estimate
 * makes CLI_ESTIMATE_PROBES probes on grids of up to CLI_ESTIMATE_CELLS
 * cells unless --probes says otherwise: enough for an interval a few
 * percent wide on an empty 9x9. A probe's cost grows faster than the
 * square of the cells (a path through every cell, each step propagating
 * every digit of one), so a larger grid makes that many times the square
 * of CLI_ESTIMATE_CELLS over the square of its cells (cmd_setter.c):
 * 1,001 at 16x16 and 167 at 25x25, the wide interval shown saying when
 * to ask for more. Before its probes it counts, within
 * CLI_ESTIMATE_COUNT_NODES search nodes a probe: a small count is then
 * exact, where its estimate is heavy-tailed. When fewer than
 * CLI_ESTIMATE_FEW_SOLVED probes meet a solution the interval is told to
 * be untrustworthy: the sample variance of a few rare heavy probes is
 * no measure of their spread (scripts/RESULTS.md, review11, has the
 * case). Plain numbers: the help texts spell them. */
#define CLI_PROPOSE_CAP 1000
#define CLI_CANDIDATES_CAP 1000
#define CLI_ESTIMATE_PROBES 10000
#define CLI_ESTIMATE_CELLS 81
#define CLI_ESTIMATE_COUNT_NODES 10
#define CLI_ESTIMATE_FEW_SOLVED 30

/* --- generation and reports ------------------------------------------- */

/* Threads of one generation run: one interpreter each. */
#define GENERATE_MAX_JOBS 256

/* The end of the rater's scale: its search fallback rates 10.0 plus a
 * tenth per doubling of a 64-bit count of nodes (rate_search_rating), and
 * every technique's step rates below it, so no puzzle rates higher.
 * test_rate ties the figure to the rater. */
#define RATE_SCALE_MAX 16.4

/* The rating band a run may ask for (generate --rating, an experiment
 * arm's rating): a band past the scale's end is never met, so it is
 * refused before the run rather than after its time budget. */
#define GENERATE_RATING_MIN 1.0
#define GENERATE_RATING_MAX RATE_SCALE_MAX

/* Puzzles made ahead of the one due out wait in a ring of this many
 * slots, so memory stays bounded however many puzzles a run makes. */
#define GENERATE_RUN_WINDOW 1024

/* What one generated puzzle carries: its line (a 25x25 killer's sudolab
 * line fits), annealing's energy trace (cut at its last whole number),
 * the technique counts, the cage size histogram, a grade name. */
#define GENERATE_LINE_MAX 8192
#define GENERATE_TRACE_MAX 8192
#define GENERATE_TECHNIQUES_MAX 2048
#define GENERATE_CAGE_SIZES_MAX 256
#define GRADE_NAME_MAX 16

/* Arms of one experiment (a fixed array; a chart of more is unreadable),
 * and puzzles per arm or experiment. */
#define REPORT_MAX_ARMS 16
/* Comparisons an experiment may name: every pair of its arms. */
#define REPORT_MAX_COMPARISONS (REPORT_MAX_ARMS * (REPORT_MAX_ARMS - 1) / 2)
#define REPORT_MAX_COUNT 10000000
/* An experiment's path, title and description. */
#define REPORT_PATH_MAX 1024
#define REPORT_TITLE_MAX 256
#define REPORT_DESCRIPTION_MAX 1024
/* How many of each arm's puzzles a report shows as pictures: a row that
 * fits beside the charts. */
#define REPORT_THUMBNAILS 3
/* Distinct failure reasons a report lists per arm (the rest are counted
 * in the failed column), and the bootstrap's resamples for each interval
 * of a comparison between arms. */
#define REPORT_REASONS 8
#define REPORT_BOOTSTRAP 2000
/* The longest gnuplot may take over one drawing of a chart before the
 * report stops it (a gnuplot that never ends held the report for ever):
 * a base, and more for each million puzzles, as a chart of time against
 * rating draws a point for each (scripts/RESULTS.md, "tidy4"). report
 * --chart-seconds sets it instead. */
#define REPORT_CHART_SECONDS 60
#define REPORT_CHART_SECONDS_PER_MILLION 40

/* Drawing (core/render): a mark's text (a 25x25 cage's sum has three
 * digits, a sign three UTF-8 bytes), a caption (the names of a few rules,
 * a grade and a rating), and a page title. */
#define RENDER_MARK_TEXT 16
#define RENDER_CAPTION_MAX 256
#define RENDER_TITLE_MAX 256

/* The game (core/play): the node budget of the search that finds a
 * game's solution (a puzzle that needs more is no game), a player's name
 * on the leaderboard, its rows, and a variant's rules text. */
#define PLAY_SOLVE_NODES 2000000
#define PLAY_NAME_MAX 32
#define PLAY_TOP 10
#define PLAY_RULES_MAX 4096

/* The killer kernel's nodes (killer_kernel.h) before a count goes to the
 * general search instead: the generators' killers mostly need a few; the
 * hardest killers' trees are far larger in the kernel than in the general
 * search (which reasons over more sums), so little is spent before
 * handing them over (scripts/RESULTS_killer.md). */
#define KILLER_KERNEL_NODES 100

#endif
