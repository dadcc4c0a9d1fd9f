#!/bin/sh
# threads.sh — every path that runs threads, at 2, 3 and 8 jobs, against
# the same command on one: solve, count and rate (--jobs, over many
# batches of cmd_jobs.c, with bad lines, a missing file, standard input,
# grids, CRLF, long and endless lines, a named pipe among them), generate (threads, a shard, --output), a report's arm
# (jobs = 3) and a PDF booklet drawn by its worker thread while the input
# is read. Same exit code, same output byte for byte, same complaints.
# Quick in a plain build; a ThreadSanitizer build (SUDOLAB_TSAN) runs it
# to look for data races, which then fail the run (exit 66).
#
#   sh tests/threads.sh PATH_TO_SUDOLAB      (from the project root)

. "$(dirname "$0")/check.sh"
DATA=../shared/data
for f in puzzles7_serg_benchmark killer_sample.csv; do
    [ -f "$DATA/$f" ] || {
        echo "missing $DATA/$f (the shared puzzle collections, beside the checkout)" >&2
        exit 1
    }
done

# alike JOBS NAME ARGS...: the command on JOBS threads and on one.
alike() {
    jobs=$1 name=$2
    shift 2
    timeout 300 "$S" "$@" < "$T/stdin.txt" > "$T/one.out" 2> "$T/one.err"
    one=$?
    timeout 300 "$S" "$@" --jobs "$jobs" < "$T/stdin.txt" > "$T/many.out" 2> "$T/err"
    many=$?
    check "$name --jobs $jobs: as on one thread (exit $one)" eval \
        '[ $many -eq $one ] && [ -s "$T/one.out" ] && cmp -s "$T/one.out" "$T/many.out" &&
         cmp -s "$T/one.err" "$T/err"'
}

# 300 lines: past several batches of cmd_jobs.c.
grep -v '^#' "$DATA/puzzles7_serg_benchmark" | head -n 300 > "$T/serg.txt"
head -n 61 "$DATA/killer_sample.csv" > "$T/killers.csv"
{
    head -n 40 "$T/serg.txt"
    echo "12345"
    echo "1.3.5.7.9.x"
    printf '11%079d\n' 0 | tr 0 .
    tail -n 20 "$T/serg.txt"
} > "$T/mixed.txt"
head -n 5 "$T/serg.txt" > "$T/stdin.txt"

for j in 2 3 8; do
    alike $j "solve, 300 puzzles" solve "$T/serg.txt"
    alike $j "count --limit 3" count --limit 3 "$T/serg.txt" tests/data/several_solutions.txt
    alike $j "solve, bad lines, a missing file, stdin" \
        solve "$T/mixed.txt" "$T/none.txt" - "$T/killers.csv"
    alike $j "rate --json, killers" rate --json "$T/killers.csv"
    alike $j "rate --explain, bad lines" rate --explain "$T/mixed.txt"
    alike $j "generate" generate --count 12 --seed 7
    alike $j "generate killer" generate --variant killer --count 6 --seed 7
    alike $j "generate killer --grade hard" generate --variant killer --grade hard --count 4 --seed 3
    alike $j "generate thermo" generate --variant thermo --count 6 --seed 3
    alike $j "generate --shard 2/3" generate --count 12 --seed 5 --shard 2/3
done

# The input's edges, read once and shared: whatever the batches, the
# entries come out once each, in order, with their own line numbers.
# 10,002 easy puzzles with a bad line every 997 (batches grow to their
# largest, and done ones wait for those before them); grids, one broken;
# a last line without its end; CRLF; an empty file; a line past 1 MiB
# and one with no end at all (the stream's last entry, then the next
# operand); a puzzle that gives up (exit 3); a named pipe.
awk 'NR % 997 == 0 { print "1.3.5.7.9.x" } { print }' "$DATA/puzzles7_serg_benchmark" \
    > "$T/big.txt"
{
    awk 'length($0) == 81 && NR <= 30 {
             for (r = 0; r < 9; r++) print substr($0, 9 * r + 1, 3) " | " substr($0, 9 * r + 4, 3) \
                 " | " substr($0, 9 * r + 7, 3)
             print ""
         }' "$T/mixed.txt"
    printf '123456789\n456789123\n78912345x\n\n'
    head -n 3 "$T/serg.txt"
} > "$T/grids.txt"
{
    head -n 3 "$T/serg.txt"
    sed -n 4p "$T/serg.txt" | tr -d '\n'
} > "$T/noend.txt"
{ head -n 20 "$T/mixed.txt"; tail -n 30 "$T/mixed.txt"; } | sed 's/$/\r/' > "$T/crlf.txt"
: > "$T/empty.txt"
{
    head -n 2 "$T/serg.txt"
    head -c 1100000 /dev/zero | tr '\0' 1
    printf '\n'
    tail -n 2 "$T/serg.txt"
} > "$T/long.txt"
head -n 50 "$DATA/puzzles6_forum_hardest_1106" > "$T/hard.txt"
edge_cases() {
    alike $1 "solve, 10,002 puzzles, bad lines" solve "$T/big.txt"
    alike $1 "count --limit 2, 10,002 puzzles" count --limit 2 "$T/big.txt"
    alike $1 "solve, grids, a broken one" solve "$T/grids.txt"
    alike $1 "solve --pretty, several files, - twice, empty, no last line end" \
        solve --pretty "$T/noend.txt" - "$T/empty.txt" "$T/crlf.txt" - "$T/noend.txt"
    alike $1 "solve --format classic, a killer file among them" \
        solve --format classic "$T/mixed.txt" "$T/killers.csv" "$T/serg.txt"
    alike $1 "solve --format csv" solve --format csv "$T/killers.csv" "$T/mixed.txt"
    alike $1 "solve, a long line, an endless one" solve "$T/long.txt" /dev/zero "$T/noend.txt"
    alike $1 "solve --max-nodes 30, some give up" solve --max-nodes 30 "$T/hard.txt" "$T/mixed.txt"
    alike $1 "rate, bad lines" rate "$T/crlf.txt"
}
# answered_within LINES FILE: waits (up to 60 s) until FILE holds LINES
# lines; 1 when it never does.
answered_within() {
    k=0
    while [ "$(wc -l < "$2")" -lt "$1" ]; do
        k=$((k + 1))
        [ $k -gt 600 ] && return 1
        sleep 0.1
    done
}

# A program that writes a puzzle and waits for its answer before the
# next (a person at a terminal, a coprocess): the answers stayed in
# stdout's buffer, and with --jobs a batch waited for more puzzles, until
# the input ended. Each answer must come while the input is still open.
mkfifo "$T/asks"
sed -n 1,2p "$T/serg.txt" > "$T/two.txt"
for j in 1 2 3; do
    "$S" solve --jobs $j < "$T/asks" > "$T/answers" 2> "$T/err" &
    solver=$!
    exec 3> "$T/asks"
    sed -n 1p "$T/two.txt" >&3
    answered_within 1 "$T/answers"
    first=$?
    sed -n 2p "$T/two.txt" >&3
    answered_within 2 "$T/answers"
    second=$?
    exec 3>&-
    wait $solver
    check "solve --jobs $j answers each puzzle of a pipe before the next comes" eval \
        '[ $first -eq 0 ] && [ $second -eq 0 ] &&
         [ "$("$S" solve "$T/two.txt" | cksum)" = "$(cksum < "$T/answers")" ]'
done

mkfifo "$T/fifo"
for j in 2 3 8; do
    edge_cases $j
    cat "$T/big.txt" > "$T/fifo" &
    "$S" count "$T/fifo" "$T/mixed.txt" > "$T/one.out" 2> "$T/one.err"
    one=$?
    cat "$T/big.txt" > "$T/fifo" &
    "$S" count --jobs $j "$T/fifo" "$T/mixed.txt" > "$T/many.out" 2> "$T/err"
    many=$?
    check "count --jobs $j, a named pipe: as on one thread (exit $one)" eval \
        '[ $many -eq $one ] && [ -s "$T/one.out" ] && cmp -s "$T/one.out" "$T/many.out" &&
         cmp -s "$T/one.err" "$T/err"'
done

# Output to a full disk, then a file that will not open: the failed
# write's reason is told, as on one thread. errno is each thread's own:
# a write failed on another thread was told with the caller's errno,
# "Success", or the missing file's "No such file or directory".
for j in 2 3 8; do
    for run in 1 2 3; do
        "$S" count --jobs $j "$T/serg.txt" "$T/none.txt" > /dev/full 2> "$T/err$run"
        eval "rc$run=\$?"
    done
    cat "$T/err1" "$T/err2" "$T/err3" | grep "cannot write the output" > "$T/err"
    check "count --jobs $j > /dev/full: the reason of the failed write" eval \
        '[ $rc1 -eq 2 ] && [ $rc2 -eq 2 ] && [ $rc3 -eq 2 ] &&
         [ "$(grep -c ": No space left on device\$" "$T/err")" -eq 3 ]'
done

"$S" generate --variant killer --count 8 --seed 2 --output "$T/one.txt" 2> "$T/err"
one=$?
"$S" generate --variant killer --count 8 --seed 2 --jobs 3 --output "$T/many.txt" 2> "$T/err"
many=$?
check "generate --output --jobs 3: the file as on one thread" eval \
    '[ $one -eq 0 ] && [ $many -eq 0 ] && cmp -s "$T/one.txt" "$T/many.txt"'

# A report's arm on three threads: the puzzles of one (their times aside).
for jobs in 1 3; do
    printf 'return {title = "t", count = 6, seed = 2, jobs = %d, arms = {%s, %s}}\n' "$jobs" \
        '{name = "g", variant = "killer"}' '{name = "c", variant = "classic"}' > "$T/r$jobs.lua"
    "$S" report --out "$T/r$jobs" "$T/r$jobs.lua" 2> "$T/err"
    eval "report$jobs=\$?"
    awk -F, -v OFS=, '{ $7 = ""; print }' "$T/r$jobs/puzzles.csv" > "$T/r$jobs.csv" # ms
done
check "report, jobs = 3: the puzzles of jobs = 1" eval \
    '[ $report1 -eq 0 ] && [ $report3 -eq 0 ] && [ $(wc -l < "$T/r1.csv") -eq 13 ] &&
     cmp -s "$T/r1.csv" "$T/r3.csv"'

# A booklet to a file is drawn by a worker as the puzzles come; to
# standard output, at the end by the caller: the same pages.
no_dates() { grep -a -v 'CreationDate\|ModDate' "$1"; }
"$S" render --solutions --per-page 2 --output "$T/book.pdf" "$T/killers.csv" 2> "$T/err"
to_file=$?
"$S" render --solutions --per-page 2 "$T/killers.csv" > "$T/stdout.pdf" 2> "$T/err"
to_stdout=$?
check "render: the worker's booklet is the one drawn at the end" eval \
    '[ $to_file -eq 0 ] && [ $to_stdout -eq 0 ] && [ -s "$T/book.pdf" ] &&
     [ "$(no_dates "$T/book.pdf" | cksum)" = "$(no_dates "$T/stdout.pdf" | cksum)" ]'

finish
