#!/bin/sh
# lua_hostile.sh — hostile scripts (tests/lua/hostile/) against the
# sandbox's limits, measured from outside: each must stop with its message
# and exit code, within twice its time budget of CPU (the wall clock gets
# the watchdog's four times as much, plus slack for a loaded machine) and
# under twice its memory cap plus 20 MB of resident memory.
#
#   sh tests/lua_hostile.sh PATH_TO_SUDOLAB   (from the project root, as ctest runs it)

if [ $# -ne 1 ]; then
    echo "usage: sh tests/lua_hostile.sh PATH_TO_SUDOLAB" >&2
    exit 2
fi
S=$1
H=tests/lua/hostile
T=$(mktemp -d "${TMPDIR:-/tmp}/sudolab-hostile.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT HUP TERM

# A sanitizer build keeps freed memory aside (ASan's quarantine): keep
# that small, or resident memory measures the sanitizer.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=1"
export ASAN_OPTIONS

passed=0
failed=0
CAP=16 # MiB, every run

# hostile FIXTURE SECONDS WANT_RC WANT_STDERR [OPTIONS...]
hostile() {
    file=$1 seconds=$2 want_rc=$3 want_err=$4
    shift 4
    /usr/bin/time -f "%e %U %S %M" -o "$T/time" \
        "$S" run --max-memory $CAP --max-seconds "$seconds" "$@" "$H/$file.lua" \
        >"$T/out" 2>"$T/err"
    rc=$?
    # shellcheck disable=SC2046
    set -- $(tail -n 1 "$T/time")
    verdict=$(awk -v wall="$1" -v user="$2" -v sys="$3" -v kb="$4" -v s="$seconds" \
        -v cap="$CAP" 'BEGIN {
            if (user + sys > 2 * s + 1) print "CPU " user + sys " s past twice " s " s";
            else if (wall > 8 * s + 30) print "wall clock " wall " s";
            else if (kb > (2 * cap + 20) * 1024) print "resident " kb " KB past " 2 * cap + 20 " MB";
            else print "ok" }')
    desc="$file: exit $want_rc, '$want_err' ($1 s wall, $2+$3 s CPU, $4 KB)"
    if [ -z "$want_err" ]; then said=$([ -s "$T/err" ] || echo yes); else
        said=$(grep -q -- "$want_err" "$T/err" && echo yes); fi
    if [ "$rc" -eq "$want_rc" ] && [ "$said" = yes ] && [ "$verdict" = ok ]; then
        passed=$((passed + 1))
        echo "ok - $desc"
    else
        failed=$((failed + 1))
        echo "not ok - $desc"
        echo "#   exit $rc; $verdict"
        head -n 3 "$T/err" | sed 's/^/#   stderr: /'
    fi
}

hostile string_rep 2 2 "not enough memory (cap 16 MiB"
hostile string_find 1 2 "string_find.lua: stopped: past twice its time budget"
hostile gc_loop 1 2 "gc_loop.lua: stopped: past twice its time budget"
hostile gc_at_close 1 2 "gc_at_close.lua: stopped: past twice its time budget"
hostile xpcall_handler 1 2 "xpcall_handler.lua:2: time budget exceeded"
hostile xpcall_handler 5 2 "xpcall_handler.lua:2: instruction budget exceeded" \
    --max-instructions 1000000
hostile count_search 5 2 "count_search.lua:5: count: instruction budget exceeded" \
    --max-instructions 1000000
hostile count_search 1 2 "count_search.lua: stopped: past twice its time budget"
hostile memory_solvers 10 0 ""
hostile memory_keep 5 2 "memory_keep.lua:5: count: not enough memory for the solver"
hostile memory_retotal 10 2 "memory_retotal.lua:1[23]: [a-z]*: not enough memory for the solver"
hostile read_cap 5 2 "read_cap.lua: not enough memory (cap 16 MiB"
hostile line_at_cap 5 2 "line_at_cap.lua:18: refused 100000 of 100000"
hostile resurrect 2 2 "resurrect.lua:10: add_rule: this puzzle was collected"
hostile busy_add_rule 2 2 "busy_add_rule.lua:4: add_rule: puzzle is busy"
hostile busy_search 2 2 "busy_search.lua:4: count: puzzle is busy"
hostile busy_givens 2 2 "busy_givens.lua:4: put: puzzle is busy"
hostile coroutine_rule 2 0 ""
hostile string_methods 2 0 ""
hostile boxes_overflow 2 2 "boxes must be \"RxC\" (each 1..25)"
hostile error_table 2 2 "error_table.lua:2: error object is a table value"
hostile error_nil 2 2 "error_nil.lua:2: error object is a nil value"
hostile nested_wraps 2 2 "^[^ ]*nested_wraps.lua:6: ([0-9]* times) C stack overflow\$"
hostile nested_rule_error 2 2 \
    "nested_rule_error.lua:10: count: a Lua rule failed: \.\.\. [^ ]*nested_rule_error.lua:7: the innermost cause\$"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
