#!/bin/sh
# report.sh — `sudolab report` end to end: the tables and charts written,
# index.html checked in headless Chromium (every image loads, no console
# message), the report without gnuplot, bad experiment files, and a run
# cut short by Ctrl-C.
#
#   sh tests/report.sh PATH_TO_SUDOLAB      (from the project root)

. "$(dirname "$0")/check.sh"

cat > "$T/killer.lua" <<'EOF'
return {title = "Killer <test> & co", count = 6, seed = 2, jobs = 2,
  arms = {{name = "greedy", variant = "killer"},
          {name = "annealing", variant = "killer", strategy = "anneal", grade = "hard"}}}
EOF
cat > "$T/classic.lua" <<'EOF'
return {title = "Classic", count = 30, seed = 1,
  arms = {{name = "random", symmetry = "none"}, {name = "symmetric"},
          {name = "exact", clues = 27, symmetry = "none"}}}
EOF


# --- a report and what it holds -------------------------------------------
"$S" report --out "$T/k" "$T/killer.lua" 2> "$T/err"
rc=$?
check "a killer experiment reports (exit 0)" [ "$rc" -eq 0 ]
check "every table has its header and a row per puzzle" eval \
    '[ "$(head -1 "$T/k/puzzles.csv")" = "arm,name,index,seed,failed,why,ms,nodes,work,rating,grade,clues,cages,puzzle" ] &&
     [ $(wc -l < "$T/k/puzzles.csv") -eq 13 ] && [ $(wc -l < "$T/k/summary.csv") -eq 3 ] &&
     grep -q "^0,greedy,0,cage-combinations," "$T/k/techniques.csv" &&
     grep -q "^1,annealing,0,0," "$T/k/energy.csv" &&
     grep -q "^0,greedy,0,[0-9]*,[0-9]*$" "$T/k/cage_sizes.csv"'
check "a killer's line, which holds commas, is one quoted CSV field" eval \
    'awk -F"\"" "NR > 1 && NF != 3 { bad = 1 } END { exit bad }" "$T/k/puzzles.csv" &&
     grep -q ",\"[^\"]*,[^\"]*\"\$" "$T/k/puzzles.csv"'
check "every puzzle has its work: the rater's effort, at least its rating" eval \
    'awk -F, "NR > 1 && (\$9 + 0 < \$10 || \$10 + 0 < 1) { bad = 1 } END { exit bad }" "$T/k/puzzles.csv"'
for chart in rating time grades techniques sizes energy; do
    check "chart $chart as PNG and SVG" eval \
        '[ -s "$T/k/$chart.png" ] && head -c 8 "$T/k/$chart.png" | grep -q PNG && grep -q "<svg" "$T/k/$chart.svg"'
done
check "summary.md has a row per arm" eval '[ $(grep -c "^| [a-z]* | [0-9]* | [0-9]* |" "$T/k/summary.md") -eq 2 ]'
check "the title is escaped in the HTML" grep -q "Killer &lt;test&gt; &amp; co" "$T/k/index.html"
check "each arm's first 3 puzzles as SVG pictures on the page" eval \
    '[ $(grep -o "<img src=\"puzzle-[a-z]*-[0-9].svg\"" "$T/k/index.html" | wc -l) -eq 6 ] &&
     (for a in greedy annealing; do for i in 1 2 3; do
         grep -q "<svg" "$T/k/puzzle-$a-$i.svg" || exit 1; done; done)'

# --- the page in a real browser ------------------------------------------
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    check "headless Chromium is installed (.ci/run installs it)" false
else
    # The page as it is, plus a script that counts the images that loaded.
    sed 's|</body>|<script>window.addEventListener("load", function () { var im = document.images, ok = 0; for (var i = 0; i < im.length; i++) if (im[i].complete \&\& im[i].naturalWidth > 0) ok++; var p = document.createElement("p"); p.textContent = "IMAGES " + ok + " OF " + im.length; document.body.appendChild(p); });</script></body>|' \
        "$T/k/index.html" > "$T/k/check.html"
    timeout 120 "$browser" --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
        --virtual-time-budget=5000 --dump-dom "file://$T/k/check.html" > "$T/dom" 2> "$T/console"
    check "Chromium loads the page and all 12 images (6 charts, 6 puzzles)" grep -q "IMAGES 12 OF 12" "$T/dom"
    check "with no console message" eval '! grep -q ":CONSOLE" "$T/console"'
fi

# --- a relative --out -------------------------------------------------------
(cd "$T" && "$S" report --out rel "$T/classic.lua" 2> "$T/err")
check "a relative --out gets its charts too" eval '[ -s "$T/rel/rating.png" ]'

# --- classic arms, no annealing ---------------------------------------------
"$S" report --out "$T/c" "$T/classic.lua" 2> "$T/err"
check "a classic experiment charts clues and draws no energy chart" eval \
    '[ -s "$T/c/sizes.png" ] && [ ! -e "$T/c/energy.png" ] && [ $(grep -c "<img src=\"[a-z]*.png\"" "$T/c/index.html") -eq 5 ]'
check "its exact arm kept 27 clues every time" eval \
    'awk -F, "\$1 == 2 && \$12 != 27 { bad = 1 } END { exit bad }" "$T/c/puzzles.csv"'

# --- without gnuplot ----------------------------------------------------------
mkdir "$T/bin"
PATH="$T/bin" "$S" report --out "$T/n" "$T/classic.lua" 2> "$T/err"
rc=$?
check "without gnuplot: data and HTML, a clear note, exit 0" eval \
    '[ $rc -eq 0 ] && [ -s "$T/n/puzzles.csv" ] && [ ! -e "$T/n/rating.png" ] &&
     grep -q "gnuplot was not found" "$T/n/index.html" &&
     grep -q "not every chart was drawn: gnuplot was not found" "$T/err"'
PATH="$T/bin" "$S" report --require-charts --out "$T/n2" "$T/classic.lua" 2> "$T/err"
rc=$?
check "--require-charts without gnuplot: exit 1" [ "$rc" -eq 1 ]

# --- comparisons between arms ----------------------------------------------
check "arms compared: a table, words, comparisons.csv and the page" eval \
    'grep -q "^## Comparisons" "$T/k/summary.md" &&
     grep -q "^- annealing vs greedy: [-+][0-9.]* rating (median; 95% CI [-+][0-9.]*…[-+][0-9.]*), [0-9.]*× [a-z ]* (95% CI" "$T/k/summary.md" &&
     [ $(wc -l < "$T/k/comparisons.csv") -eq 2 ] && grep -q "<h2>Comparisons</h2>" "$T/k/index.html" &&
     grep -q "^1,annealing,.*,[0-9.]*,[0-9.]*,[0-9.]*$" "$T/k/summary.csv"'
check "three arms: every pair compared" eval '[ $(wc -l < "$T/c/comparisons.csv") -eq 4 ]'
# rel/ came from the same experiment: the same ratings give the same
# intervals and test (times differ from run to run, so not their ratio).
check "a rerun gives the same rating comparisons, to the digit" eval \
    '[ "$(cut -d, -f1-15 "$T/c/comparisons.csv")" = "$(cut -d, -f1-15 "$T/rel/comparisons.csv")" ]'

# A 2x2 design (two strategies at two grades) with more than three arms
# was compared each arm against the first alone: no strategy against
# strategy at the second grade. Now every pair up to six arms, p-values
# adjusted by Holm's method, said under the table; or the pairs named.
cat > "$T/design.lua" <<'EOF'
return {title = "2x2", count = 6, seed = 1,
  arms = {{name = "rand_easy", size = 4, symmetry = "none"}, {name = "sym_easy", size = 4},
          {name = "rand_clues", size = 4, symmetry = "none", clues = 6},
          {name = "sym_clues", size = 4, strategy = "exact", clues = 6}}}
EOF
"$S" report --out "$T/d" "$T/design.lua" 2> "$T/err"
rc=$?
check "four arms: all six pairs compared, with Holm's p (comparisons.csv, summary.md)" eval \
    '[ $rc -eq 0 ] && [ $(wc -l < "$T/d/comparisons.csv") -eq 7 ] &&
     grep -q "^3,sym_clues,2,rand_clues," "$T/d/comparisons.csv" &&
     head -1 "$T/d/comparisons.csv" | grep -q ",p_value,p_holm,time_ratio," &&
     grep -q "| p | p (Holm) |" "$T/d/summary.md" &&
     grep -q "adjusted by Holm.s step-down method for the 6 comparisons made" "$T/d/summary.md" &&
     grep -q "<th>p (Holm)</th>" "$T/d/index.html"'
sed 's/^  arms = /  comparisons = {{"sym_easy", "rand_easy"}, {"sym_clues", "rand_clues"}},\n  arms = /; s/clues = 6},$/clues = 6, baseline = "rand_easy"},/' \
    "$T/design.lua" > "$T/named.lua"
"$S" report --out "$T/dn" "$T/named.lua" 2> "$T/err"
rc=$?
check "comparisons named: those pairs alone, in order, then the arms' baselines" eval \
    '[ $rc -eq 0 ] && [ "$(cut -d, -f2,4 "$T/dn/comparisons.csv" | tr "\n" " ")" = "name,base_name sym_easy,rand_easy sym_clues,rand_clues rand_clues,rand_easy " ] &&
     grep -q "for the 3 comparisons made" "$T/dn/summary.md" &&
     grep -q "\"comparisons\": \[\[\"sym_easy\", \"rand_easy\"\]" "$T/dn/meta.json"'
printf 'return {count = 2, seed = 1, arms = {{name = "a1", size = 4}, {name = "a2", size = 4},
  {name = "a3", size = 4}, {name = "a4", size = 4}, {name = "a5", size = 4}, {name = "a6", size = 4},
  {name = "a7", size = 4}}}\n' > "$T/seven.lua"
"$S" report --out "$T/d7" "$T/seven.lua" 2> "$T/err"
check "seven arms, none named: each against the first (six, not 21)" eval \
    '[ $(wc -l < "$T/d7/comparisons.csv") -eq 7 ] && [ $(grep -c ",0,a1," "$T/d7/comparisons.csv") -eq 6 ]'
for bad in '{{"sym_easy", "rand_esay"}}' '{{"sym_easy", "sym_easy"}}' \
    '{{"sym_easy", "rand_easy"}, {"rand_easy", "sym_easy"}}' '{"sym_easy"}'; do
    sed "s/^  arms = /  comparisons = $bad,\\n  arms = /" "$T/design.lua" > "$T/badpair.lua"
    "$S" report --out "$T/b" "$T/badpair.lua" > /dev/null 2>> "$T/badpairs"
done
check "comparisons: a misspelt arm guessed, an arm with itself, a pair twice, no pair: refused" eval \
    'grep -q "badpair.lua: comparison 1: unknown arm .rand_esay.; did you mean .rand_easy.?" "$T/badpairs" &&
     grep -q "badpair.lua: comparison 1: arm .sym_easy. compared with itself" "$T/badpairs" &&
     grep -q "badpair.lua: comparison 2: .rand_easy. and .sym_easy. are compared twice" "$T/badpairs" &&
     grep -q "badpair.lua: comparison 1 wants {ARM, BASE}, two arm names" "$T/badpairs"'

# --- failures told -------------------------------------------------------------
cat > "$T/never.lua" <<'EOF'
return require("variant").make{
  name = "never", summary = "a generator that never succeeds", rules = "classic",
  generate = function(opts) return nil, "no grid would take cages_like_these" end,
}
EOF
cat > "$T/fail.lua" <<'EOF'
return {title = "fails", count = 3, seed = 1,
  arms = {{name = "plain_one", symmetry = "none"}, {name = "broken_arm", variant = "never.lua"}}}
EOF
"$S" report --out "$T/f" "$T/fail.lua" 2> "$T/err"
rc=$?
check "an arm that made nothing: exit 1, its reason on the console" eval \
    '[ $rc -eq 1 ] && grep -q "arm broken_arm: 3 failed: no grid would take cages_like_these" "$T/err" &&
     grep -q "1 arm made no puzzle" "$T/err"'
check "the why column holds the reason, empty for puzzles made" eval \
    'awk -F, "NR > 1 && \$2 == \"broken_arm\" && \$6 != \"no grid would take cages_like_these\" { bad = 1 }
              NR > 1 && \$2 == \"plain_one\" && \$6 != \"\" { bad = 1 } END { exit bad || NR != 7 }" "$T/f/puzzles.csv"'
check "summary.md and the page count the reasons" eval \
    'grep -q "^- broken_arm: 3 of 3 failed: 3 × no grid would take" "$T/f/summary.md" &&
     grep -q "<li>broken_arm: 3 of 3 failed: 3 &times; no grid would take" "$T/f/index.html" &&
     grep -q "Arm broken_arm made no puzzle" "$T/f/index.html"'
# Its one comparison was not made: the note said "With one comparison".
check "no comparison made: the note speaks of none" eval \
    '! grep -q "With one comparison" "$T/f/summary.md" "$T/f/index.html"'
check "the arm that made puzzles is charted, and no chart is said missing" eval \
    '[ -s "$T/f/rating.png" ] && [ -s "$T/f/techniques.png" ] && ! grep -q "not every chart" "$T/err"'
check "a name with _ is plain text in an SVG legend, not a subscript" eval \
    'grep -q "<text>plain_one</text>" "$T/f/rating.svg" && ! grep -q "<tspan[^>]*>plain" "$T/f/rating.svg" &&
     grep -q "<text>plain_one</text>" "$T/f/techniques.svg"'
# A stand-in gnuplot: fake_gnuplot NAME SCRIPT writes SCRIPT as
# $T/NAME/gnuplot; report_with NAME OUT [OPTION...] runs the report with
# it first on PATH, its stderr in $T/err and its exit code in $rc.
fake_gnuplot() {
    mkdir "$T/$1"
    printf '%s\n' "$2" > "$T/$1/gnuplot"
    chmod +x "$T/$1/gnuplot"
}
report_with() {
    plot=$1 out=$2
    shift 2
    PATH="$T/$plot:$PATH" "$S" report "$@" --out "$T/$out" "$T/classic.lua" 2> "$T/err"
    rc=$?
}

# A gnuplot that fails: the report says so, with what it said.
fake_gnuplot badplot "$(printf '#!/bin/sh\necho "\\"report_x.gp\\" line 3: this gnuplot is broken" >&2\nexit 1\n')"
report_with badplot g
check "gnuplot failing: its message on the console and the page, exit 0" eval \
    '[ $rc -eq 0 ] && grep -q "not every chart was drawn: gnuplot failed on report_rating.gp: \"report_x.gp\" line 3: this gnuplot is broken" "$T/err" &&
     grep -q "this gnuplot is broken" "$T/g/index.html"'

# A gnuplot whose writes fail (a full disk, a file size limit) still
# exits 0: its cut pictures were shown as the charts, exit 0 even with
# --require-charts. This one writes the start of a PNG and stops.
fake_gnuplot cutplot "$(printf '#!/bin/sh\nout=$(printf "%%s" "$2" | sed -n "s/.*out=.\\([^'"'"']*\\).*/\\1/p")\nprintf "\\211PNG" > "$out"\nexit 0\n')"
report_with cutplot cut --count 2
check "a chart gnuplot left cut short is a write error (exit 2), named" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/cut/rating.png: gnuplot left it cut short" "$T/err"'

# One that exits 0 and writes nothing: said as such, not as a cut chart.
fake_gnuplot noplot "$(printf '#!/bin/sh\nexit 0\n')"
report_with noplot nochart --count 2
check "a chart gnuplot never wrote is a write error (exit 2), said so" eval \
    '[ $rc -eq 2 ] && grep -q "cannot write $T/nochart/rating.png: gnuplot did not write it (No such file or directory)" "$T/err"'

# A gnuplot that never ends held the report for ever: now it is killed
# at --chart-seconds, named with its chart, and no further chart is tried.
mkdir "$T/hangplot"
printf '#!/bin/sh\necho $$ >> "%s/hangplot/pids"\nexec sleep 120\n' "$T" > "$T/hangplot/gnuplot"
chmod +x "$T/hangplot/gnuplot"
started=$(date +%s)
PATH="$T/hangplot:$PATH" timeout 60 "$S" report --require-charts --chart-seconds 1 --count 2 \
    --out "$T/h" "$T/classic.lua" > /dev/null 2> "$T/err"
rc=$?
took=$(($(date +%s) - started))
hung=$(cat "$T/hangplot/pids" 2> /dev/null)
check "a gnuplot that hangs: killed at --chart-seconds, the chart and limit named, exit 1" eval \
    '[ $rc -eq 1 ] && [ $took -lt 20 ] && [ "$(echo "$hung" | wc -l)" -eq 1 ] &&
     ! kill -0 "$hung" 2> /dev/null &&
     grep -q "not every chart was drawn: gnuplot did not finish the rating chart (rating.png) within 1 s: stopped" "$T/err" &&
     grep -q "did not finish the rating chart" "$T/h/index.html"'
[ -n "$hung" ] && kill "$hung" 2> /dev/null

# --- meta.json and the overrides ---------------------------------------------
"$S" report --count 2 --seed 5 --out "$T/m" "$T/classic.lua" 2> "$T/err"
rc=$?
check "--count 2 --seed 5: two puzzles per arm" eval '[ $rc -eq 0 ] && [ $(wc -l < "$T/m/puzzles.csv") -eq 7 ]'
cat > "$T/meta.py" <<'EOF'
import json, re, sys
m = json.load(open(sys.argv[1]))
assert re.match(r"\d+\.\d+\.\d+$", m["sudolab"]["version"]) and m["sudolab"]["commit"]
assert m["command_line"].startswith("sudolab report --count 2 --seed 5 --out "), m["command_line"]
e = m["experiment"]
assert e["count"] == 2 and e["seed"] == 5 and e["jobs"] == 1 and len(e["arms"]) == 3
assert all(a["count"] == 2 and a["seed"] == 5 and a["variant"] == "classic" for a in e["arms"])
assert e["arms"][2]["name"] == "exact" and e["arms"][2]["clues"] == 27
assert e["arms"][0]["symmetry"] == "none" and e["arms"][1]["strategy"] is None
# An option left to the variant is null, as reports/README.md says (clues
# and size once came out as 0).
assert e["arms"][0]["clues"] is None and e["arms"][0]["size"] is None, e["arms"][0]
assert m["seed"] == 5 and m["threads"] == 1 and m["bootstrap_resamples"] > 0
assert m["machine"]["cpu"] and m["machine"]["cores"] >= 1
assert re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$", m["started"]) and m["wall_seconds"] > 0
assert m["interrupted"] is False
EOF
check "meta.json is JSON with the version, commit, experiment, machine and date" \
    python3 "$T/meta.py" "$T/m/meta.json"
check "the page and summary.md say how to reproduce it" eval \
    'grep -q "<h2>Reproducing</h2>" "$T/m/index.html" && grep -q "^- seed 5, threads 1" "$T/m/summary.md"'
# meta.json holds the command line: an --out name with a Latin-1 byte in
# it once went in raw, and meta.json was no longer JSON.
latin1_out="$T/m-$(printf '\351')"
"$S" report --count 1 --out "$latin1_out" "$T/classic.lua" 2> "$T/err"
rc=$?
check "an --out name not in UTF-8 still gives a meta.json that is JSON" eval \
    '[ $rc -eq 0 ] && python3 -c "import json,sys; json.load(open(sys.argv[1], \"rb\"))" "$latin1_out/meta.json"'

# A seed past 2^53 was a JSON number alone, which jq (and any reader of
# numbers as doubles) reads back as another seed: seed_text beside each
# seed holds its digits.
"$S" report --count 1 --seed 18446744073709551615 --out "$T/m-big" "$T/classic.lua" 2> "$T/err"
rc=$?
cat > "$T/bigseed.py" <<'EOF'
import json, sys
big = "18446744073709551615"
m = json.load(open(sys.argv[1]), parse_int=float)  # numbers as doubles, as jq reads them
e = m["experiment"]
seeds = [m, e] + e["arms"]
assert all(x["seed_text"] == big for x in seeds), [x.get("seed_text") for x in seeds]
assert int(json.load(open(sys.argv[1]))["seed"]) == int(big)  # the number is exact too
EOF
check "a seed of 2^64-1 reads back exactly from meta.json (seed_text)" eval \
    '[ $rc -eq 0 ] && python3 "$T/bigseed.py" "$T/m-big/meta.json"'

# --- bad experiments ----------------------------------------------------------
printf 'return {arms = {{name = "a", count = "many"}}}\n' > "$T/bad1.lua"
"$S" report --out "$T/b" "$T/bad1.lua" 2> "$T/err"
rc=$?
check "a malformed arm is named (exit 2)" eval '[ $rc -eq 2 ] && grep -q "bad1.lua: arm 1" "$T/err"'
# An arm name is data: one that would run a shell command through gnuplot's
# -e, or shift a CSV's columns, is refused before any work.
cat > "$T/inject.lua" <<'EOF'
return {count = 1, arms = {{name = "a'; system('touch INJECTED'); x='"}}}
EOF
(cd "$T" && "$S" report --out "$T/inj" "$T/inject.lua" 2> "$T/err")
rc=$?
check "an arm name holding quotes is refused (exit 2), nothing run or written" eval \
    '[ $rc -eq 2 ] && grep -q "may hold only letters, digits" "$T/err" && [ ! -e "$T/INJECTED" ] &&
     [ ! -e "$T/inj" ]'
printf 'return {arms = \n' > "$T/bad2.lua"
"$S" report --out "$T/b" "$T/bad2.lua" 2> "$T/err"
rc=$?
check "a syntax error names its file and line (exit 2)" eval '[ $rc -eq 2 ] && grep -q "bad2.lua:[0-9]" "$T/err"'
"$S" report --out "$T/b" "$T/missing.lua" 2> "$T/err"
rc=$?
check "a missing experiment is an error (exit 2)" [ "$rc" -eq 2 ]
# "-" reads the experiment from standard input, named "<stdin>" as every
# command names it: in messages and the title; its default folder is
# report-stdin.
printf 'return 5\n' | "$S" report - 2> "$T/err"
rc=$?
check "report -: its errors name <stdin> (exit 2)" eval \
    '[ $rc -eq 2 ] && grep -q "^sudolab report: <stdin>: must return a table" "$T/err"'
printf 'return {count = 1, arms = {{name = "a"}}}\n' > "$T/one.lua"
(cd "$T" && "$S" report - < "$T/one.lua" 2> "$T/err")
rc=$?
check "report -: written to report-stdin, titled <stdin>" eval \
    '[ $rc -eq 0 ] && [ "$(head -1 "$T/report-stdin/summary.md")" = "# <stdin>" ]'

# Puzzles per second in the tables: "%.3g" wrote 4.72e+03 beside 904, a
# larger number that reads as a smaller one. 4x4 arms make thousands a
# second; the column is plain digits in summary.md and the page.
printf 'return {title = "fast", count = 30, seed = 1, arms = {{name = "four", size = 4},\n  {name = "four_none", size = 4, symmetry = "none"}}}\n' > "$T/fast.lua"
"$S" report "$T/fast.lua" --out "$T/fast" 2> /dev/null
check "puzzles/s is written without an exponent (summary.md and the page)" eval \
    '[ $(awk -F" [|] " "/^[|] four/ && \$2 ~ /^[0-9]+\$/ && \$5 ~ /^[0-9]+(\\.[0-9]+)?\$/" "$T/fast/summary.md" | wc -l) -eq 2 ] &&
     ! grep -q "<td>[0-9.]*e+[0-9]*</td>" "$T/fast/index.html"'
# refused NAME MESSAGE LUA: the experiment LUA (a file NAME.lua) is refused
# before any arm runs: exit 2, MESSAGE naming the file, no report folder.
refused() {
    name=$1 msg=$2
    printf '%s\n' "$3" > "$T/$name.lua"
    "$S" report --out "$T/r-$name" "$T/$name.lua" 2> "$T/err"
    rc=$?
    check "refused: $name -> $msg" eval \
        '[ $rc -eq 2 ] && grep -q -F -- "$T/$name.lua: $msg" "$T/err" && [ ! -e "$T/r-$name" ] &&
         ! grep -q "puzzles\.\.\." "$T/err"'
}
refused misspelt_key "arm 1: unknown key 'stratgy'; did you mean 'strategy'? (one of: name," \
    'return {count = 2, arms = {{name = "a", variant = "killer", stratgy = "anneal"}}}'
refused top_key "unknown key 'titel'; did you mean 'title'? (one of: title, description," \
    'return {titel = "x", count = 2, arms = {{name = "a"}}}'
refused stray_value "a value without a name (number key)" \
    'return {count = 2, arms = {{name = "a"}}, "stray"}'
refused unused_option "arm 'b': greedy does not take grade; use strategy = \"anneal\"" \
    'return {count = 2, arms = {{name = "a"}, {name = "b", variant = "killer", strategy = "greedy", grade = "hard"}}}'
refused bad_grade "arm 'a': unknown grade 'hadr'; did you mean 'hard'?" \
    'return {count = 2, arms = {{name = "a", grade = "hadr"}}}'
refused bad_strategy "arm 'a': unknown killer strategy 'anneel'; did you mean 'anneal'?" \
    'return {count = 2, arms = {{name = "a", variant = "killer", strategy = "anneel"}}}'
refused bad_size "arm 'a': jigsaw takes size 1..16, not 20" \
    'return {count = 2, arms = {{name = "a", variant = "jigsaw", size = 20}}}'
refused bad_symmetry "arm 'a': unknown symmetry 'mirorr'; did you mean 'mirror'?" \
    'return {count = 2, arms = {{name = "a", symmetry = "mirorr"}}}'
# An arm at index 0 lies outside the list, as one under a name does.
refused arm_at_zero "arms must be a list of 1 to 16 tables" \
    'return {count = 2, arms = {[0] = {name = "z"}, {name = "a"}}}'
# A field of the wrong kind or range is named, with what it wants. A rating
# band is the one generate --rating takes: math.huge once went through and
# wrote "inf" into meta.json, which no JSON reader takes.
refused bad_count "count wants a whole number 1..10000000" \
    'return {count = 0, arms = {{name = "a"}}}'
refused bad_arm_size "arm 1: size wants a whole number 0..25" \
    'return {count = 2, arms = {{name = "a", size = 99}}}'
refused endless_rating "arm 1: rating wants {LOW, HIGH} with 1 <= LOW <= HIGH <= 16.4" \
    'return {count = 2, arms = {{name = "a", strategy = "graded", rating = {2, math.huge}}}}'
refused wide_rating "arm 1: rating wants {LOW, HIGH} with 1 <= LOW <= HIGH <= 16.4" \
    'return {count = 2, arms = {{name = "a", strategy = "graded", rating = {1, 100}}}}'
# past the rater's scale: the arm dug for its whole time budget
refused past_scale_rating "arm 1: rating wants {LOW, HIGH} with 1 <= LOW <= HIGH <= 16.4" \
    'return {count = 2, arms = {{name = "a", strategy = "graded", rating = {17, 18}}}}'
# above the 9x9 techniques' top, where antiknight's searches never go
refused shallow_search_rating "arm 'a': --rating 12.0-16.0: no 9x9 antiknight puzzle reaches it" \
    'return {count = 2, arms = {{name = "a", variant = "antiknight", rating = {12, 16}}}}'
# a band meeting that top is cut to it, with a note, and recorded cut
printf 'return {count = 1, seed = 1, arms = {{name = "a", variant = "antiknight", rating = {10.5, 12}}}}\n' \
    > "$T/cut_rating.lua"
"$S" report --out "$T/r-cut" "$T/cut_rating.lua" > /dev/null 2> "$T/err"
rc=$?
check "an arm's rating band past antiknight's top is cut to 11.8, with a note" \
    eval '[ $rc -eq 0 ] && grep -q -F "$T/cut_rating.lua: arm '"'a'"': --rating 10.5-12.0 reaches past 11.8" "$T/err" &&
          grep -q "10.5, 11.8" "$T/r-cut/meta.json"'
refused three_ratings "arm 1: rating wants {LOW, HIGH} with 1 <= LOW <= HIGH <= 16.4" \
    'return {count = 2, arms = {{name = "a", strategy = "graded", rating = {1, 3, 5}}}}'
# The title goes into meta.json, the page and summary.md, all UTF-8: bytes
# that are not once made meta.json unreadable.
refused latin1_title "title wants UTF-8 text of at most 255 bytes" \
    'return {title = "caf\xe9", count = 2, arms = {{name = "a"}}}'
refused latin1_description "description wants UTF-8 text of at most 1023 bytes" \
    'return {description = "\xff", count = 2, arms = {{name = "a"}}}'
"$S" report "$T/classic.lua" --out "$T/after" --require-charts --bogus 2> "$T/err"
rc=$?
check "report's options may follow the file; an unknown one is refused first" eval \
    '[ $rc -eq 2 ] && grep -q "unknown option .--bogus." "$T/err" && [ ! -e "$T/after" ]'

# --- a bad --out fails before any work -----------------------------------------
# long.lua would run for minutes: a bad --out must stop it at once.
cat > "$T/long.lua" <<'EOF'
return {title = "long", count = 5000000, arms = {{name = "endless", symmetry = "none"}}}
EOF
echo data > "$T/afile"
bad_out() {
    desc=$1 out=$2 msg=$3
    timeout 20 "$S" report --out "$out" "$T/long.lua" 2> "$T/err"
    rc=$?
    check "--out $desc: exit 2 at once, says why" eval \
        '[ $rc -eq 2 ] && grep -q -F -- "$msg" "$T/err" && ! grep -q "puzzles\.\.\." "$T/err"'
}
bad_out "onto an existing file" "$T/afile" "--out $T/afile is a file, not a folder"
bad_out "under a missing folder" "$T/none/r" "cannot make $T/none/r: its folder $T/none is missing"
bad_out "under a file" "$T/afile/r" "cannot use $T/afile/r: Not a directory"
# Root passes access() anywhere: /proc's folders took the check, and the
# run went to its end before "cannot make". The check now makes a file.
if [ -d /proc/self ]; then
    bad_out "a new folder in /proc" "/proc/sudolab-report" "cannot make /proc/sudolab-report: "
    bad_out "the folder /proc/self" "/proc/self" "cannot write in /proc/self: "
fi
# An empty name passed the check (its parent taken as "."), and the run
# went to its end before "cannot make : No such file or directory".
bad_out "empty" "" "--out is empty"
check "and the file is left as it was" eval '[ "$(cat "$T/afile")" = data ] && [ ! -e "$T/none" ]'
# --count past the experiment file's own bound (10^7) was taken.
timeout 20 "$S" report --count 10000001 --out "$T/big" "$T/long.lua" 2> "$T/err"
rc=$?
check "--count past 10^7: exit 2 at once, the bound named" eval \
    '[ $rc -eq 2 ] && grep -q -F "count wants a whole number 1..10000000" "$T/err" && [ ! -e "$T/big" ]'
# The refusal quoted the number parsed ('10000001'), not what was typed.
for typed in 010000001 +10000001 10000001; do
    for form in "--count $typed" "--count=$typed" "-c$typed" "-Qc $typed"; do
        timeout 20 "$S" report $form --out "$T/big" "$T/long.lua" 2> "$T/err"
        rc=$?
        check "report $form: the text typed quoted" eval \
            '[ $rc -eq 2 ] && grep -q -F -- "--count wants a whole number 1..10000000, not '"'$typed'"'" "$T/err" &&
             [ ! -e "$T/big" ]'
    done
done

# --- Ctrl-C keeps what finished ------------------------------------------------
# interrupted EXPERIMENT OUT WHAT: Ctrl-C a second into the report.
interrupted() {
    out=$2
    "$S" report --out "$out" "$1" 2> "$T/err" &
    pid=$!
    sleep 1
    kill -INT "$pid"
    wait "$pid"
    rc=$?
    check "Ctrl-C$3: exit 130, the finished puzzles written up, marked interrupted" eval \
        '[ $rc -eq 130 ] && [ $(wc -l < "$out/puzzles.csv") -gt 2 ] && grep -q "Interrupted" "$out/summary.md"'
}
interrupted "$T/long.lua" "$T/l" ""
# The same under --jobs: every thread reads the flag the handler sets.
sed 's/count = 5000000,/count = 5000000, jobs = 3,/' "$T/long.lua" > "$T/longj.lua"
interrupted "$T/longj.lua" "$T/lj" " under jobs = 3"

finish
