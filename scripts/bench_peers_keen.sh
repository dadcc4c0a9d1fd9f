#!/bin/sh
# bench_peers_keen.sh — calcudoku and binary generation against Simon
# Tatham's Keen and Unruly (Debian sgt-puzzles) at each of their grades,
# matched by our rater: the peer makes COUNT puzzles of a grade, our
# rater rates them, and we make COUNT puzzles whose ratings lie in the
# middle half of the peer's (its 25th to 75th percentile, widened to 0.1
# when narrower). Rates are puzzles per second of CPU (user + system),
# the median of RUNS runs of each side taking turns; every puzzle of ours
# is counted again to prove it unique. Both sides make the same number
# of puzzles in one process each (the peer's --generate N against our
# --count N); a grade the peer makes COUNT of in under a second is run
# again with ten times as many on both sides (up to a thousand times
# COUNT): rates are throughput, and at a few tens of milliseconds a
# process's start-up and the clock's ticks (10 ms) would decide the
# ratio instead.
#
#   sh scripts/bench_peers_keen.sh [PATH_TO_SUDOLAB [GRADES...]]
#   COUNT=50 and RUNS=3 by default; GRADES like 6de 6dn 6dh 6dx 9dn 9dh
#   (Keen) and 8x8dt 8x8de 8x8dn 14x14dn (Unruly).
#
# Results: scripts/RESULTS_keen_unruly.md.
S=${1:-build/sudolab}
[ $# -gt 0 ] && shift
GRADES=${*:-4de 4dn 6de 6dn 6dh 6dx 9dn 9dh 8x8dt 8x8de 8x8dn 10x10dn 14x14dn}
COUNT=${COUNT:-50}
RUNS=${RUNS:-3}
KEEN=${SGT_KEEN:-/usr/games/sgt-keen}
UNRULY=${SGT_UNRULY:-/usr/games/sgt-unruly}
T=$(mktemp -d "${TMPDIR:-/tmp}/sudolab-bench-keen.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT

# The median of its arguments (numbers).
median() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# CPU seconds (user + system) of a command, its output to $T/out.
cpu() {
    /usr/bin/time -f "%U %S" -o "$T/time" "$@" > "$T/out" 2> /dev/null
    awk '{ printf "%.3f", $1 + $2 }' "$T/time"
}

printf '%-8s %-9s %10s %10s %7s %s\n' grade band peer/s ours/s ratio unique
for grade in $GRADES; do
    case $grade in
    *x[0-9]*) peer=$UNRULY variant=binary size=${grade%%x*} ;;
    *) peer=$KEEN variant=calcudoku size=${grade%%d*} ;;
    esac
    n=$COUNT
    keen=$(cpu "$peer" --generate "$n" "$grade#sudolab-bench")
    while [ "$n" -lt $((COUNT * 1000)) ] && awk -v t="$keen" 'BEGIN { exit !(t < 1) }'; do
        n=$((n * 10))
        keen=$(cpu "$peer" --generate "$n" "$grade#sudolab-bench")
    done
    cp "$T/out" "$T/keen.txt"
    band=$("$S" rate "$T/keen.txt" | awk '{ print $1 }' | sort -n | awk '
        { r[NR] = $1 }
        END { lo = r[int(NR / 4) + 1]; hi = r[int(3 * NR / 4) + 1]
              if (hi - lo < 0.1) { lo -= 0.05; hi += 0.05 }
              printf "%.2f-%.2f", lo, hi }')
    ours=$(cpu "$S" generate --variant "$variant" --size "$size" --count "$n" --seed 1 \
           --rating "$band")
    made=$(grep -c '^sudolab' "$T/out")
    unique=$("$S" count "$T/out" | grep -c '^1$')
    # The two sides take turns, RUNS times each, and each keeps its median:
    # a neighbour's load that falls on one run of one side moves nothing.
    peer_times=$keen ours_times=$ours
    run=1
    while [ "$run" -lt "$RUNS" ]; do
        ours_times="$ours_times $(cpu "$S" generate --variant "$variant" --size "$size" \
                                  --count "$n" --seed 1 --rating "$band")"
        peer_times="$peer_times $(cpu "$peer" --generate "$n" "$grade#sudolab-bench")"
        run=$((run + 1))
    done
    keen=$(median $peer_times) ours=$(median $ours_times)
    awk -v g="$grade" -v b="$band" -v k="$keen" -v o="$ours" -v c="$n" -v m="$made" \
        -v u="$unique" 'BEGIN {
            kr = c / (k > 0 ? k : 0.001); orr = m / (o > 0 ? o : 0.001)
            printf "%-8s %-9s %10.1f %10.1f %6.1fx %d/%d\n", g, b, kr, orr, orr / kr, u, m }'
done
