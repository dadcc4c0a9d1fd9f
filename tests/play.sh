#!/bin/sh
# play.sh — `sudolab play`, `scores` and `trace` driven through tmux: a
# game from a known puzzle (digits, pencil marks, undo and redo, a hint,
# the finish, a name) that lands in the SQLite file and in `sudolab
# scores`; a killer's cages and its rules screen; a game kept at the quit
# and taken up; a corrupt scores file; a terminal too small; the trace;
# refusals. HOME and XDG_DATA_HOME live in a temporary folder.
#
#   sh tests/play.sh PATH_TO_SUDOLAB      (from the project root, as ctest runs it)
#
# Prints "ok - ..." or "not ok - ..." per check and ends with
# "N passed, M failed"; exits 1 when any check failed. Screens are waited
# for by polling (up to 20 s each), never by fixed sleeps.

if [ $# -ne 1 ]; then
    echo "usage: sh tests/play.sh PATH_TO_SUDOLAB" >&2
    exit 2
fi
S=$1
case $S in /*) ;; *) S=$(pwd)/$S ;; esac
for tool in tmux sqlite3; do
    command -v $tool > /dev/null || { echo "not ok - $tool is missing"; exit 1; }
done

T=$(mktemp -d "${TMPDIR:-/tmp}/sudolab-play.XXXXXX") || exit 2
# One tmux server per session started (a server just killed may still be
# going away), each killed at the end.
SOCK="sudolab-play-$$-0"
n_sock=0
tm() { tmux -u -L "$SOCK" -f /dev/null "$@"; }
kill_all() {
    i=0
    while [ $i -le $n_sock ]; do
        tmux -L "sudolab-play-$$-$i" kill-server 2> /dev/null
        i=$((i + 1))
    done
}
trap 'kill_all; rm -rf "$T"' EXIT
trap 'exit 130' INT HUP TERM

passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() {
    failed=$((failed + 1))
    echo "not ok - $1"
    tm capture-pane -p 2> /dev/null | sed 's/^/#   screen: /'
}
check() {
    desc=$1
    shift
    if "$@"; then ok "$desc"; else not_ok "$desc"; fi
}

mkdir -p "$T/home" "$T/data"
ENV="env HOME=$T/home XDG_DATA_HOME=$T/data USER=Tester LANG=C.UTF-8"
DB=$T/data/sudolab/scores.db
PUZZLE=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
SOLUTION=534678912672195348198342567859761423426853791713924856961537284287419635345286179
grep '^sudolab 9 3x3 classic;killer' tests/data/published_variants.txt | head -n 1 > "$T/killer.txt"

# start W H COMMAND: a fresh tmux session of W x H running COMMAND.
start() {
    tm kill-server 2> /dev/null
    n_sock=$((n_sock + 1))
    SOCK="sudolab-play-$$-$n_sock"
    tm new-session -d -x "$1" -y "$2" "$3; echo sudolab-exited-\$?; sleep 60"
}
screen() { tm capture-pane -p 2> /dev/null; }
# wait_for TEXT: polls the screen until it shows TEXT (fixed string).
wait_for() {
    i=0
    while [ $i -lt 400 ]; do
        screen | grep -qF -- "$1" && return 0
        sleep 0.05
        i=$((i + 1))
    done
    return 1
}
keys() { tm send-keys "$@"; }
row() { screen | sed -n "$1p"; }

# --- a whole game --------------------------------------------------------
start 80 24 "$ENV $S play $PUZZLE"
check "the game starts: title, timer, hints" wait_for "sudolab - classic - easy - 9x9"
keys l l 4
check "a digit goes in" wait_for "┃ 5 │ 3 │ 4 ┃"
keys u
check "undo takes it back" wait_for "┃ 5 │ 3 │ . ┃"
keys C-r
check "redo makes it again" wait_for "┃ 5 │ 3 │ 4 ┃"
keys l m 1 2
check "pencil marks in a cell and in the panel" eval 'wait_for "marks 1 2" && row 3 | grep -qF "┃ 5 │ 3 │ 4 ┃12 │"'
keys u
check "undo takes back one mark" wait_for "┃ 5 │ 3 │ 4 ┃1  │"
keys m f
check "filled marks, kept up to date" eval 'wait_for "marks kept" && wait_for "marks 2 6"'
keys 6
check "a digit crosses itself off the filled marks" eval 'wait_for "┃ 5 │ 3 │ 4 ┃ 6 │" && keys l l && wait_for "marks 2 8"'
keys i
check "a hint in words, counted" eval 'wait_for "hints 1" && screen | grep -Eq "single|r[0-9]c[0-9]"'
# The rest of the solution, row by row: a given ignores its key.
keys h h h h h
r=0
while [ $r -lt 9 ]; do
    line=$(echo "$SOLUTION" | cut -c$((r * 9 + 1))-$((r * 9 + 9)))
    keys $(echo "$line" | sed 's/./& l /g') j
    r=$((r + 1))
done
# The keys after the last empty cell went to the name: cleared.
check "the finish asks for a name" wait_for "solved! your name: Tester"
keys C-u Ann Enter
check "the board shows the game" eval 'wait_for "the ten fastest: classic, easy, 9x9" && wait_for " 1. Ann"'
keys Enter q
check "the game ends with exit 0" wait_for "sudolab-exited-0"
check "the SQLite file holds the game" \
    eval '[ "$(sqlite3 "$DB" "select name, variant, grade, size, hints from scores")" = "Ann|classic|easy|9|1" ]'
$ENV "$S" scores > "$T/out" 2> "$T/err"
check "sudolab scores prints it" eval 'grep -q "^classic easy 9x9" "$T/out" && grep -q " 1\. Ann .* hints 1" "$T/out"'
$ENV "$S" scores --variant killer > "$T/out" 2> "$T/err"
check "sudolab scores --variant killer: none" grep -q "no games yet" "$T/out"
# A game the rater cannot grade is filed as unrated (play_ui.c): its
# board was out of reach, "unknown grade 'unrated'".
sqlite3 "$DB" "INSERT INTO scores VALUES ('myrule', 'unrated', 9, 'Uma', 61000, '2026-12-01 17:02', 0);"
$ENV "$S" scores --grade unrated > "$T/out" 2> "$T/err"
rc=$?
check "sudolab scores --grade unrated shows the unrated board alone" \
    eval '[ $rc -eq 0 ] && grep -q "^myrule unrated 9x9" "$T/out" && grep -q " 1\. Uma " "$T/out" &&
          ! grep -q Ann "$T/out"'

# --- a killer: cages, rules, kept on quit ----------------------------------
start 80 24 "$ENV $S play $T/killer.txt"
check "a killer's screen shows its cages and sums" \
    eval 'wait_for "sudolab - killer" && row 2 | grep -qF "┏13━━━━━┯11━┳7━━┯18"'
keys v
check "the rules screen shows the variant's text" wait_for "each outlined cage add up to"
keys Enter 5
check "back in the game, a digit goes in" wait_for "┃ 5   . │"
keys q
check "quitting keeps the game" eval 'wait_for "sudolab-exited-0" && grep -q "^values 5\.\.\." "$T/data/sudolab/game.txt"'
start 80 24 "$ENV $S play"
check "the next start offers the kept game" wait_for "a killer game"
keys y
check "taken up, with its digit" eval 'wait_for "sudolab - killer" && wait_for "┃ 5   . │"'
keys q
check "the kept game ends with exit 0" wait_for "sudolab-exited-0"

# --- broken scores, small terminals, a made game ---------------------------
# Rows a hand edit left: an ESC in a name went raw to the terminal, and a
# negative time ranked first as "-153722867280912:-55.-8".
sqlite3 "$DB" "INSERT INTO scores VALUES ('classic', 'easy', 9, 'a' || char(27) || '[2J', 5000, '2026-12-01 17:02', 0);
    INSERT INTO scores VALUES ('classic', 'easy', 9, 'minus', -9223372036854775808, '2026-12-01 17:02', 0);"
$ENV "$S" scores --grade easy > "$T/out" 2> "$T/err"
rc=$?
check "scores: a name's ESC is shown as \\x1B, a negative time is left out" \
    eval '[ $rc -eq 0 ] && grep -q "a\\\\x1B\[2J" "$T/out" && ! grep -q "minus" "$T/out" &&
          ! grep -q "$(printf "\033")" "$T/out"'
echo "not a database at all, just text" > "$DB"
start 80 24 "$ENV $S play $PUZZLE"
check "a corrupt scores file is reported and the game runs" \
    eval 'wait_for "scores.db: file is not a database" && wait_for "hints 0"'
$ENV "$S" scores > "$T/out" 2> "$T/err"
rc=$?
check "sudolab scores on a corrupt file: said, exit 2" eval '[ $rc -eq 2 ] && grep -q "not a database" "$T/err"'
keys s y
check "show answer fills the grid" wait_for "not on the board"
keys q
check "the game on broken scores ends with exit 0" wait_for "sudolab-exited-0"
start 40 12 "$ENV $S play $PUZZLE"
check "a terminal too small says so" wait_for "terminal too small"
tm resize-window -x 80 -y 24 2> /dev/null
check "and the game shows once it grows" wait_for "hints 0"
keys q
check "the grown game ends with exit 0" wait_for "sudolab-exited-0"
rm -f "$T/data/sudolab/game.txt"
start 80 44 "$ENV $S play $PUZZLE"
check "a tall screen draws three lines a cell" \
    eval 'wait_for "┃ 5 │ 3 │ . ┃ . │ 7 │ . ┃" && row 3 | grep -q "^┃   │   │   ┃   │   │   ┃   │   │   ┃  cell"'
keys l l m 1 5 9
check "with each mark in its place" \
    eval 'wait_for "┃   │   │1  ┃" && wait_for "┃ 5 │ 3 │ 5 ┃" && wait_for "┃   │   │  9┃"'
keys q
check "the tall game ends with exit 0" wait_for "sudolab-exited-0"
rm -f "$T/data/sudolab/game.txt"
start 80 24 "$ENV $S play --variant classic --grade easy --seed 3"
check "a game made on the spot" wait_for "sudolab - classic - easy - 9x9"
keys q
check "the made game ends with exit 0" wait_for "sudolab-exited-0"
rm -f "$T/data/sudolab/game.txt"
# Without --seed the clock's seed is told at the end, and gives the game
# again (the screens compared with the timer cut).
board() { screen | sed -n '2,20p' | sed 's/[0-9]*:[0-9][0-9]//g' > "$1"; }
start 80 24 "$ENV $S play --variant classic --grade easy"
wait_for "sudolab - classic - easy - 9x9" && wait_for "┗" && board "$T/clock_game"
keys q
check "the clock's seed is told at the end" wait_for "the games came from --seed"
seed=$(screen | sed -n 's/.*the games came from --seed \([0-9]*\).*/\1/p')
rm -f "$T/data/sudolab/game.txt"
start 80 24 "$ENV $S play --variant classic --grade easy --seed $seed"
wait_for "sudolab - classic - easy - 9x9" && wait_for "┗" && board "$T/seed_game"
check "--seed of the told seed makes the same game" \
    eval '[ -n "$seed" ] && grep -q "┃" "$T/seed_game" && cmp -s "$T/clock_game" "$T/seed_game"'
keys q
check "a game with --seed tells no seed" \
    eval 'wait_for "sudolab-exited-0" && ! screen | grep -qF "the games came from"'
rm -f "$T/data/sudolab/game.txt"

# --- the trace -------------------------------------------------------------
start 80 24 "$ENV $S trace 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
check "the trace starts with the givens' propagation" wait_for "step 1: the givens propagated"
keys Space
check "each key a step: a guess" wait_for "step 2: guess"
keys + + + + + a
check "a runs it to the end, through backtracks" eval 'wait_for "solved" && screen | grep -Eq "step [0-9]+: solved"'
keys q
check "the trace ends with exit 0" wait_for "sudolab-exited-0"

# --- refusals ----------------------------------------------------------------
printf '53..7....6..195..\n' > "$T/bad.txt"
$ENV "$S" play "$T/bad.txt" > "$T/out" 2> "$T/err" < /dev/null
rc=$?
check "a malformed puzzle: file:line:col, exit 2" eval '[ $rc -eq 2 ] && grep -q "bad.txt:1:" "$T/err"'
$ENV "$S" play "$PUZZLE" > "$T/out" 2> "$T/err" < /dev/null
rc=$?
check "no terminal: said, exit 2" eval '[ $rc -eq 2 ] && grep -q "^sudolab play: needs a terminal" "$T/err"'
# The trace shares the game's terminal set-up; its refusal once spoke of
# "the game".
$ENV "$S" trace "$PUZZLE" > "$T/out" 2> "$T/err" < /dev/null
rc=$?
check "trace with no terminal: names trace, exit 2" eval \
    '[ $rc -eq 2 ] && grep -q "^sudolab trace: needs a terminal" "$T/err" && ! grep -q game "$T/err"'
$ENV "$S" trace > "$T/out" 2> "$T/err" < /dev/null
rc=$?
check "trace without a puzzle: usage, exit 2" eval '[ $rc -eq 2 ]'
# Only the first puzzle of a file is played: the rest was read too, and a
# bad line after it refused the game ("good_bad.txt:2:1: ...", exit 2).
printf '%s\nxx bad\n' "$PUZZLE" > "$T/good_bad.txt"
for command in play trace; do
    $ENV "$S" $command "$T/good_bad.txt" > "$T/out" 2> "$T/err" < /dev/null
    rc=$?
    check "$command: a bad line after the first puzzle is not read" eval \
        '[ $rc -eq 2 ] && grep -q "^sudolab $command: needs a terminal" "$T/err" && ! grep -q good_bad "$T/err"'
done
printf '\n\n' > "$T/blank.txt"
$ENV "$S" trace "$T/blank.txt" > "$T/out" 2> "$T/err" < /dev/null
rc=$?
check "trace of a file with no puzzle: named with the command and file, exit 2" eval \
    '[ $rc -eq 2 ] && grep -q -F "sudolab trace: $T/blank.txt: no puzzle in it" "$T/err"'
printf '\n' | $ENV "$S" trace - > "$T/out" 2> "$T/err"
rc=$?
check "trace of standard input with no puzzle: named <stdin>, exit 2" eval \
    '[ $rc -eq 2 ] && grep -q -F "sudolab trace: <stdin>: no puzzle in it" "$T/err"'
$ENV "$S" play 11..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 \
    > "$T/out" 2> "$T/err" < /dev/null
rc=$?
check "a given that breaks a rule: exit 2" eval '[ $rc -eq 2 ]'

# A terminal curses cannot draw on: said before curses starts, exit 2
# (initscr's own refusal exited 1, the code for "no solution"; TERM=dumb
# was drawn as one smeared line).
start 80 24 "$ENV TERM=sudolab-no-such-term $S play $PUZZLE"
check "an unknown TERM: named, exit 2" eval 'wait_for "sudolab-exited-" &&
    screen | grep -qF "sudolab play: TERM=sudolab-no-such-term: no such terminal" &&
    screen | grep -qF "sudolab-exited-2"'
start 80 24 "$ENV TERM=dumb $S trace $PUZZLE"
check "TERM=dumb: cannot move the cursor, exit 2" eval 'wait_for "sudolab-exited-" &&
    screen | grep -qF "sudolab trace: TERM=dumb cannot move the cursor" &&
    screen | grep -qF "sudolab-exited-2"'
tm kill-server 2> /dev/null

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
