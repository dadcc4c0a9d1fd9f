-- test_published.lua: published variant puzzles, each solved to its
-- published answer and proven unique, through the shipped variants.
-- Sources: the Miracle sudoku (Mitchell Lee, 2020); UK Sudoku Championship
-- 2022 booklet (thermo, kropki); WPF Sudoku GP 2023 round 1 (kropki with
-- every dot given) and round 7 puzzle 8 (arrows); gridpuzzle.com (XV).
local check = require("check")
local expect = check.expect

-- givens from {row, col, digit} (0-based rows and columns)
local function givens(list)
  local g = {}
  for i = 1, 81 do g[i] = "." end
  for _, v in ipairs(list) do g[v[1] * 9 + v[2] + 1] = tostring(v[3]) end
  return table.concat(g)
end

-- pairs "a-b,..." from {{r1, c1, r2, c2}, ...}
local function pairs_of(list)
  local out = {}
  for i, p in ipairs(list) do out[i] = (p[1] * 9 + p[2]) .. "-" .. (p[3] * 9 + p[4]) end
  return table.concat(out, ",")
end

-- The rule each puzzle is built on, as the rater names its steps.
local steps_of = {["Miracle sudoku"] = "related-pair", ["UKSC 2022 thermo"] = "thermometer",
                  ["UKSC 2022 kropki"] = "related-pair", ["WPF GP 2023 R1 kropki"] = "related-pair",
                  ["WPF GP 2023 R7 arrows"] = "sum-line", ["gridpuzzle XV 159j0"] = "related-pair"}

local function solves(name, p, answer)
  local t = os.clock()
  expect(name .. ": the published answer", p:solve(), answer)
  expect(name .. ": unique", p:count(), 1)
  -- Rated by the rule's own steps, without the search fallback.
  local r = p:rate()
  expect(name .. ": rated without search", r.techniques.search, nil)
  expect(name .. ": by its rule's steps", (r.techniques[steps_of[name]] or 0) > 0, true)
  expect(name .. ": every rule used on the solve path", table.concat(r.unused, ","), "")
  print(string.format("# %s: %.1f ms", name, (os.clock() - t) * 1000))
end

-- The Miracle sudoku: anti-knight, anti-king, non-consecutive; 1 at r5c3,
-- 2 at r6c7. Its rules are the three shipped variants' rules together
-- (the two differ lists joined into one rule).
local function data_of(variant, rule)
  return require(variant).rules:match(rule .. ":([^;]+)")
end
solves("Miracle sudoku", sudolab.puzzle{
  rules = "classic;differ:" .. data_of("antiknight", "differ") .. "," .. data_of("antiking", "differ")
    .. ";relation:" .. data_of("nonconsecutive", "relation"),
  givens = givens{{4, 2, 1}, {5, 6, 2}}},
  "483726159726159483159483726837261594261594837594837261372615948615948372948372615")

-- UK Sudoku Championship 2022, thermo (hard).
solves("UKSC 2022 thermo", require("thermo").build{
  thermos = "6-5-4-3-2-1-0,18-27-36-45-54-63-72,23-22-21,29-38-47,51-42-33,57-58-59,"
    .. "62-53-44-35-26-17-8,74-75-76-77-78-79-80",
  givens = givens{{2, 2, 2}, {2, 6, 4}, {3, 4, 5}, {5, 4, 1}, {6, 2, 9}, {6, 6, 5}}},
  "986542137354781296172963485263857914417629853598314762639478521725196348841235679")

-- UK Sudoku Championship 2022, kropki (white dots, givens).
solves("UKSC 2022 kropki", require("kropki").build{
  white = pairs_of{{1,0,1,1},{1,1,1,2},{1,5,2,5},{2,5,3,5},{0,7,1,7},{1,7,2,7},{3,1,3,2},{3,2,3,3},
                   {5,3,6,3},{6,3,7,3},{5,5,5,6},{5,6,5,7},{6,1,7,1},{7,1,8,1},{7,6,7,7},{7,7,7,8}},
  givens = givens{{0,3,4},{0,4,3},{3,4,4},{3,8,1},{4,0,8},{4,3,6},{4,5,3},{4,8,4},{5,0,4},{5,4,5},
                  {8,4,6},{8,5,5}}},
  "769432158123586947548917632956748321817623594432159876695271483281394765374865219")

-- WPF Sudoku GP 2023, round 1: kropki with every dot given, no givens.
solves("WPF GP 2023 R1 kropki", require("kropki").build{
  white = pairs_of{{0,2,0,3},{0,4,1,4},{2,3,2,4},{0,7,1,7},{1,8,2,8},{2,6,2,7},{2,6,3,6},{4,1,4,2},
                   {4,2,4,3},{5,0,5,1},{4,3,5,3},{5,3,5,4},{5,5,5,6},{5,5,6,5},{3,7,4,7},{5,6,6,6},
                   {6,0,6,1},{7,0,7,1},{8,1,8,2},{6,4,6,5},{6,5,6,6},{7,3,7,4},{7,5,8,5},{6,6,7,6},
                   {6,7,7,7},{7,6,8,6},{8,7,8,8}},
  black = pairs_of{{1,0,2,0},{2,1,3,1},{0,3,0,4},{2,3,3,3},{3,2,3,3},{5,0,6,0},{4,3,4,4},{5,4,5,5},
                   {3,8,4,8},{4,7,4,8},{4,7,5,7},{6,4,7,4},{6,5,7,5},{7,5,7,6},{6,6,6,7}},
  negative = true},
  "752368149496172853831459672164295738587631924329784516675923481218546397943817265")

-- WPF Sudoku GP 2023, round 7, puzzle 8: arrows (one with a two-digit
-- circle), 1 at r1c4 and r6c9.
solves("WPF GP 2023 R7 arrows", require("arrow").build{
  arrows = {{0, 10, 20, 30, 40, 50}, {11, 21}, {16, 26, 25, 24}, {22, 31, 41},
            {{29, 38}, 39, 48, 49, 59}, {46, 56}, {51, 52, 44}, {54, 45, 36, 27}, {68, 60},
            {69, 61, 71}, {70, 80, 79, 78}, {74, 75, 65, 64, 63}},
  givens = givens{{0, 3, 1}, {5, 8, 1}}},
  "943127658528463197761895243182356479395714862476982531837541926214639785659278314")

-- gridpuzzle.com VX sudoku 159j0 (as transcribed in an open test suite):
-- marks row by row, each row's 8 pairs across then its 9 pairs down;
-- every mark given; 9 at r8c2 and 8 at r8c9.
local marks = "---------V-VV-V-------------X----X-VX---X--V---XX------X---X----V------X--X----V-X-V-X--X----V---------X-----X----X------X----X--X-V--V---------"
local xs, vs = {}, {}
for i = 1, #marks do
  local k, ch = i - 1, marks:sub(i, i)
  local r, j = k // 17, k % 17
  local a, b = r * 9 + j, r * 9 + j + 1
  if j >= 8 then a, b = r * 9 + j - 8, (r + 1) * 9 + j - 8 end
  if ch == "X" then xs[#xs + 1] = a .. "-" .. b elseif ch == "V" then vs[#vs + 1] = a .. "-" .. b end
end
solves("gridpuzzle XV 159j0", require("xv").build{
  x = table.concat(xs, ","), v = table.concat(vs, ","), negative = true,
  givens = givens{{7, 1, 9}, {7, 8, 8}}},
  "938427156625138497741956283213564879859371642467289315182793564394615728576842931")

-- The line and clue rules (tests/lua/published_marks.lua, sources there):
-- each published puzzle solved to its answer and proven unique, its line
-- read back the same, its marks mattering (not unique as classic sudoku
-- with the same givens) and its rule's own step on the rater's path. The
-- slow ones are left to scripts/bench_marks.lua.
local rule_step = {whispers = "whispers-line", renban = "renban-line", sandwich = "sandwich-clue",
                   palindrome = "palindrome-line", between = "between-line", littlekiller = "sum-line"}
local covered = {}
for _, e in ipairs(require("published_marks")) do
  if not e.slow then
    local p = sudolab.read(e.line)[1]
    local t = os.clock()
    expect(e.name .. ": the answer", p:solve(), e.answer)
    expect(e.name .. ": unique", p:count(), 1)
    print(string.format("# %s: %.1f ms", e.name, (os.clock() - t) * 1000))
    expect(e.name .. ": the line reads back the same", sudolab.read(p:line())[1]:line(), e.line)
    expect(e.name .. ": not unique as a classic sudoku", require("marks").matters(p), true)
    expect(e.name .. ": rated by its rule's steps", (p:rate().techniques[rule_step[e.rule]] or 0) > 0, true)
    covered[e.rule] = true
  end
end
for _, rule in ipairs{"whispers", "renban", "sandwich", "palindrome", "between", "littlekiller"} do
  expect("a published " .. rule .. " puzzle", covered[rule], true)
end

check.finish()
