# check.sh — what the shell test scripts share (sourced): the sudolab path
# from $1 made absolute, a temporary folder $T removed at exit, and
# check DESCRIPTION COMMAND... printing "ok - ..." or "not ok - ..." (with
# the first lines of $T/out and $T/err and the exit code) and counting
# both; run, rc_is and err_has, a command bounded in time and what it did;
# finish prints the counts and exits 1 when a check failed; check_drawn
# the drawing checks of a peer format's suite.
if [ $# -ne 1 ]; then
    echo "usage: sh $0 PATH_TO_SUDOLAB" >&2
    exit 2
fi
S=$1
case $S in /*) ;; *) S=$(pwd)/$S ;; esac
T=$(mktemp -d "${TMPDIR:-/tmp}/sudolab-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT HUP TERM

passed=0
failed=0
check() {
    desc=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
        echo "ok - $desc"
    else
        failed=$((failed + 1))
        echo "not ok - $desc"
        # What the last command did, indented, to make the failure readable.
        if [ -f "$T/out" ]; then head -n 5 "$T/out" | sed 's/^/#   stdout: /'; fi
        if [ -f "$T/err" ]; then head -n 5 "$T/err" | sed 's/^/#   stderr: /'; fi
        if [ -n "${rc:-}" ]; then echo "#   exit: $rc"; fi
    fi
}
# check_drawn RULE: our first puzzle ($T/made.txt's first line) drawn as
# SVG, and the terminal's grid of them naming RULE.
check_drawn() {
    head -n 1 "$T/made.txt" > "$T/first.txt"
    "$S" render "$T/first.txt" --output "$T/made.svg" > /dev/null 2> "$T/err"
    rc=$?
    check "render draws our first puzzle as SVG" \
        eval '[ $rc -eq 0 ] && [ -s "$T/made.svg" ] && grep -q "<svg" "$T/made.svg"'
    "$S" convert --to pretty "$T/made.txt" > "$T/pretty.txt" 2> "$T/err"
    check "the terminal's grid names $1" grep -q "^$1" "$T/pretty.txt"
}
# A hang's bound, not a speed test: wide enough for a loaded machine.
LIMIT=${CLI_TIMEOUT:-60}
# run ARGS...: sudolab (LIMIT seconds at most) with no input; $T/out,
# $T/err, and its exit code as rc and as run's own. rc_is N, err_has
# TEXT: what it did.
run() {
    timeout "$LIMIT" "$S" "$@" < /dev/null > "$T/out" 2> "$T/err"
    rc=$?
    return "$rc"
}
rc_is() { [ "$rc" -eq "$1" ]; }
err_has() { grep -q -F -- "$1" "$T/err"; }
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
