-- test_calcudoku.lua: the calcudoku variant: build from a cage text and
-- from a Keen ID, greedy generation (unique, reproducible, Keen IDs that
-- read back the same), annealing into a rating band, and the rater's
-- calcudoku techniques.
local check = require("check")
local expect = check.expect
local calc = require("calcudoku")
local cages = require("calcudoku_cages")

local p = calc.build{cages = "ABBCAADCEFDGEFGG", clues = {"4x", "6x", "1-", "2/", "5+", "1-", "4+"}}
expect("build from a map and clues solves", p:solve(), "1234412323413412")
expect("and is unique", p:count(), 1)
local keen = sudolab.read("4:_aa_6ba_a4,m4m6s1d2a5s1a4\n")[1]
expect("a Keen ID reads as the same puzzle", keen:line(), p:line())
local _, why = pcall(calc.build, {cages = "AAAB:6/,1"})
expect("'/' over three cells is an error at its clue",
       why:match("column 24: cage 1: '/' takes two cells, not 3") ~= nil, true)

-- Greedy generation: every puzzle unique and its cages' clues true of
-- the grid it was cut from; the same seed, the same puzzle.
local function generate(opts)
  math.randomseed(opts.seed)
  return calc.generate(opts)
end
local unique, sizes = true, {}
for seed = 1, 6 do
  local size = ({4, 5, 6})[seed % 3 + 1]
  local q = generate{seed = seed, size = size}
  unique = unique and q:count(2) == 1
  sizes[#sizes + 1] = q:size()
  local again = generate{seed = seed, size = size}
  expect("seed " .. seed .. " gives the same puzzle twice", again:line(), q:line())
  local back = sudolab.read(q:line() .. "\n")[1]
  expect("seed " .. seed .. " reads back from its line", back:line(), q:line())
end
expect("every greedy puzzle is unique", unique, true)
expect("the sizes asked", table.concat(sizes, ","), "5,6,4,5,6,4")

-- The text of a partition: targets from the grid, operations kept.
local grid = "123231312"
local cage = {[0] = 1, 1, 2, 3, 3, 2, 4, 4, 5}
local op = {"+", "-", "x", "/", ""}
local text, count = cages.text(cage, op, grid, 3)
expect("a partition's text", text, "AABCCBDDE:3+,2-,6x,3/,2")
expect("and its cage count", count, 5)

-- Annealing into a band, and the rater's own techniques.
local q = generate{seed = 3, size = 5, rating = {2.3, 2.6}, strategy = "anneal"}
local r = q and q:rate()
expect("annealing lands in the band asked", r and r.rating >= 2.3 and r.rating <= 2.6, true)
expect("and the puzzle is unique", q and q:count(2), 1)
-- A run's generator makes its settings and draw arguments once and
-- reuses them (generate.lua calls it once, then once per seed): a seed's
-- puzzle must not depend on the seeds drawn before it. One generator
-- drawing seeds 11..13 in turn, then backwards, against a fresh one each.
for _, request in ipairs{{size = 4, rating = {1.5, 2.0}}, {size = 5}, {size = 6, rating = {2.4, 3.0}}} do
  local function draw(by_seed, seed)
    math.randomseed(seed)
    local p = by_seed(seed)
    return p and p:line()
  end
  local shared = calc.generator(request)
  local lines = {}
  for seed = 11, 13 do lines[seed] = draw(shared, seed) end
  for seed = 13, 11, -1 do
    local what = string.format("generator of size %d, seed %d", request.size, seed)
    expect(what .. ": a puzzle", lines[seed] ~= nil, true)
    expect(what .. ": after others, as alone", lines[seed], draw(calc.generator(request), seed))
    expect(what .. ": drawn again, the same", draw(shared, seed), lines[seed])
  end
end

-- A generator's draws take each closure level's energy from a table made
-- once a request (calcudoku_cages' plan): the puzzles it keeps on 4x4
-- bands that cut the levels' ratings (2.0 alone; 1.5 to 2.0; 2.3 up)
-- are unique and rate inside the band, as the rater rates them.
for _, band in ipairs{{1.95, 2.05}, {1.5, 2.0}, {2.3, 3.0}} do
  local by_seed, inside = calc.generator{size = 4, rating = band}, true
  for seed = 1, 30 do
    math.randomseed(seed)
    local h = by_seed(seed)
    local rating = h and h:rate().rating
    inside = inside and h ~= nil and h:count(2) == 1 and rating >= band[1] and rating <= band[2]
  end
  expect(string.format("4x4 draws inside %.2f-%.2f by the plan's energies", band[1], band[2]),
         inside, true)
end

-- Hard bands steer the draws by hard_draws: a 6x6 hard band takes the
-- row's cage sizes and weights, 6x6 3.2-3.5 and a named --cage-sizes keep
-- their own; the steered puzzles are unique and rate inside the band.
local function steered(n, band, opts)
  local settings = {band = band}
  calc.steer(settings, opts or {}, n)
  return settings
end
expect("6x6 2.4-3.0 draws pairs by '+'", steered(6, {2.4, 3.0}).pair_ops, "+")
expect("9x9 3.0-3.5 draws cages of 2 and 3", #steered(9, {3.0, 3.5}).cage_sizes, 3)
expect("6x6 3.2-3.5 keeps the defaults", steered(6, {3.2, 3.5}).cage_sizes, nil)
expect("7x7 keeps the defaults", steered(7, {3.0, 3.5}).cage_sizes, nil)
expect("a band from 2.3 down keeps the defaults", steered(6, {2.0, 2.3}).cage_sizes, nil)
expect("named cage sizes are kept", steered(6, {2.4, 3.0}, {cage_sizes = "2,3"}).cage_sizes, nil)
-- Whether seeds 1..seeds each give a size x size puzzle, unique and
-- rated inside band.
local function all_in_band(size, band, seeds)
  for seed = 1, seeds do
    local h = generate{seed = seed, size = size, rating = band}
    local rating = h and h:rate().rating
    if not (h and h:count(2) == 1 and rating >= band[1] and rating <= band[2]) then return false end
  end
  return true
end
expect("steered 6x6 puzzles are unique and inside 2.4-3.0", all_in_band(6, {2.4, 3.0}, 4), true)
expect("9x9 3.0-3.5 hardens draws the propagation solves", steered(9, {3.0, 3.5}).harden, 4)
expect("6x6 2.4-3.0 does not harden", steered(6, {2.4, 3.0}).harden, nil)
expect("and so does 6x6 3.2-3.5", steered(6, {3.2, 3.5}).harden, 4)
expect("steered 9x9 puzzles are unique and inside 3.0-3.5", all_in_band(9, {3.0, 3.5}, 2), true)

local techniques = p:rate().techniques
expect("the rater uses cage arithmetic", (techniques["calcudoku-cage"] or 0) > 0, true)

-- The C draw (sudolab.calc_unique): its puzzle's text is the text of the
-- partition it hands back, the puzzle unique and true of its grid;
-- without ops it draws them; bad arguments are errors.
local g4 = "1234341221434321"
local drawn, dc, dop = sudolab.calc_unique{
  grid = g4, cages = {[0] = 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8},
  ops = {"+", "+", "+", "+", "+", "+", "+", "+"}, rules = "classic;calcudoku",
  pair_ops = cages.pair_ops, more_ops = cages.more_ops, tries = 64, seed = 5}
expect("a C draw is unique", drawn and drawn:count(2), 1)
expect("and solves to its grid", drawn and drawn:solve(), g4)
expect("its text is the text of the cages it hands back",
       drawn and drawn:line():match("calcudoku:(%S+)"), drawn and cages.text(dc, dop, g4, 4))
local g9 = sudolab.puzzle{size = 9, boxes = "none"}:fill(7)
local lone, lone_ops = {}, {}
for c = 0, 80 do lone[c], lone_ops[c + 1] = c + 1, "" end
local wide, wc, wo = sudolab.calc_unique{grid = g9, cages = lone, ops = lone_ops,
  rules = "classic;calcudoku", pair_ops = "-", more_ops = "+", tries = 1, seed = 1}
expect("past 62 cages, two symbols a cell",
       wide and wide:line():match("calcudoku:(%S+)"), wide and cages.text(wc, wo, g9, 9))
local wide_text, wide_count = cages.text(wc, wo, g9)
expect("named by first appearance", wide_text:sub(1, 8), "AAABACAD")
expect("past 62: the 63rd cell", wide_text:sub(123, 126), "A9BA")
expect("one clue a cage", wide_count, 81)
local function same_draw(seed)
  local q = sudolab.calc_unique{grid = g4, cages = {[0] = 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8},
    rules = "classic;calcudoku", pair_ops = cages.pair_ops, more_ops = cages.more_ops,
    tries = 64, seed = seed}
  return q and q:line()
end
expect("without ops it draws them: unique", sudolab.read(same_draw(3) .. "\n")[1]:count(2), 1)
expect("and the same from the same seed", same_draw(3), same_draw(3))

-- shift: a cell the mending cuts joins a neighbouring cage with room
-- instead of standing alone (a given): fewer lone cells, none past the
-- size asked, every puzzle unique.
local function lone_cells(shift)
  local lone, biggest, all_unique = 0, 0, true
  for seed = 1, 20 do
    local g6 = sudolab.puzzle{size = 6, boxes = "none"}:fill(seed)
    local start = {}
    for c = 0, 35 do start[c] = c // 2 + 1 end -- pairs along each row
    local q, qc, qo = sudolab.calc_unique{grid = g6, cages = start, rules = "classic;calcudoku",
      pair_ops = cages.pair_ops, more_ops = cages.more_ops, tries = 144, seed = seed, shift = shift}
    if q then
      all_unique = all_unique and q:count(2) == 1
      local size = {}
      for c = 0, 35 do size[qc[c]] = (size[qc[c]] or 0) + 1 end
      for id = 1, #qo do
        if size[id] == 1 then lone = lone + 1 end
        if size[id] > biggest then biggest = size[id] end
      end
    end
  end
  return lone, biggest, all_unique
end
local lone_cut, _, unique_cut = lone_cells(nil)
local lone_shift, biggest_shift, unique_shift = lone_cells(3)
expect("a shifted cell leaves fewer givens", lone_shift < lone_cut, true)
expect("and no cage past the size asked", biggest_shift <= 3, true)
expect("every mended puzzle unique", unique_cut and unique_shift, true)

-- The nodes of calc_unique's last count: a draw solved at the root (one
-- node) rates no higher than the propagation's steps (the annealing
-- skips rating such draws for a band above them).
local rooted, root_easy = 0, true
for seed = 1, 12 do
  local g6 = sudolab.puzzle{size = 6, boxes = "none"}:fill(seed)
  local start = {}
  for c = 0, 35 do start[c] = c // 2 + 1 end
  local q, _, _, nodes = sudolab.calc_unique{grid = g6, cages = start, rules = "classic;calcudoku",
    pair_ops = cages.pair_ops, more_ops = cages.more_ops, tries = 144, seed = seed, shift = 4}
  if q and nodes == 1 then
    rooted = rooted + 1
    root_easy = root_easy and q:rate().rating <= sudolab.technique_rating("naked-single")
  end
end
expect("some draws are solved at the root", rooted > 0, true)
expect("and rate no higher than the propagation's steps", root_easy, true)

-- calc_small: every draw unique, the same seed the same draw (and with
-- cages, its cages and ops), and its closure's level (calc_small.h) what
-- the rater says: level 1, exactly a hidden single's rating; levels 2
-- and 6, exactly a big cage's (a direct hidden pair's); both rules used;
-- level 7, above it. Every draw is decided, and exactly: a draw rated a
-- hidden single's is level 1, one rated above a big cage's level 7.
local hidden = sudolab.technique_rating("hidden-single")
local big = sudolab.technique_rating("calcudoku-big-cage")
local small_unique, closure_true, small_same = true, true, true
local levels, easy, easy_found = {[0] = 0, 0, 0, 0, 0, 0, 0, 0}, 0, 0
local hard, hard_found = 0, 0
for seed = 1, 400 do
  local n = seed % 10 == 0 and 5 or seed % 10 == 1 and 3 or 4
  local g = sudolab.calc_fill{size = n, seed = seed}
  local spec = {grid = g, sizes = {1, 2, 2, 2, 3, 3, 4}, min_cage = 1, max_cage = 4,
                rules = "classic;calcudoku", pair_ops = cages.pair_ops, more_ops = cages.more_ops,
                tries = 4 * n * n, nodes = 100000, seed = seed}
  local q, _, level, count = sudolab.calc_small(spec)
  if q then
    spec.cages = true
    local again, _, level2, count2, qc, qo = sudolab.calc_small(spec)
    small_same = small_same and again:line() == q:line() and level2 == level and count2 == count
      and #qo == count and calc.build{cages = cages.text(qc, qo, g), size = n}:line() == q:line()
    local back = sudolab.read(q:line() .. "\n")[1]
    small_unique = small_unique and back:count(2) == 1
    local r = back:rate()
    levels[level] = levels[level] + 1
    if level == 1 then closure_true = closure_true and r.rating == hidden and #r.unused == 0 end
    if level == 2 or level == 6 then
      closure_true = closure_true and r.rating == big and #r.unused == 0
    end
    if level == 7 or level == 0 then closure_true = closure_true and r.rating > big end
    if r.rating == hidden then easy, easy_found = easy + 1, easy_found + (level == 1 and 1 or 0) end
    if r.rating > big then hard, hard_found = hard + 1, hard_found + (level == 7 and 1 or 0) end
  end
end
expect("small draws are unique", small_unique, true)
expect("the same seed gives the same draw, its cages and ops with it", small_same, true)
expect("the closure decides some draws of each level",
       levels[1] > 100 and levels[2] > 100 and levels[6] > 5 and levels[7] > 5, true)
expect("and the rater agrees: a hidden single's, a big cage's, every rule used; or above",
       closure_true, true)
expect("and every draw rated a hidden single's is level 1", easy_found, easy)
expect("and every draw rated above a big cage's is level 7", hard_found, hard)
expect("no draw of sides 3 to 5 is left undecided", levels[0], 0)

-- calc_small on 6x6 with skip_easy (calc_mrv.h): a draw it gives up as
-- too easy is, drawn again without, unique, solved at the engine's root
-- (one node) and rated no higher than the propagation's steps; any draw
-- it keeps is the same draw as without, and not solved at the root. A
-- kept draw is unique by its own count alone (the engine counts only the
-- puzzle written): the rater, taking that count's solution, rates it as
-- it rates the draw the engine counted, and the engine finds it unique.
local ceiling = sudolab.technique_rating("naked-single")
local skipped, kept, skip_sound, keep_same = 0, 0, true, true
for seed = 1, 60 do
  local g = sudolab.calc_fill{size = 6, seed = seed}
  local spec = {grid = g, sizes = {2, 2, 2, 3}, min_cage = 2, max_cage = 4,
                rules = "classic;calcudoku", pair_ops = "+", more_ops = "++x",
                tries = 144, nodes = 120000, seed = seed, shift = 4}
  local q, nodes = sudolab.calc_small(spec)
  spec.skip_easy = true
  local s, why = sudolab.calc_small(spec)
  if q and not s then
    skipped = skipped + 1
    skip_sound = skip_sound and why:match("too easy") ~= nil and nodes == 1
      and q:count(2) == 1 and q:rate().rating <= ceiling
  elseif q then
    kept = kept + 1
    keep_same = keep_same and s:line() == q:line() and nodes > 1
      and s:rate().rating == q:rate().rating and s:count(2) == 1
  end
end
expect("skip_easy gives up some 6x6 draws and keeps some", skipped > 0 and kept > 0, true)
expect("those it gives up are solved at the root and rate no higher", skip_sound, true)
expect("those it keeps are the same draws, past the root", keep_same, true)

-- With skip_easy calc_small's level is calc_small_band's: a draw of
-- level 3 the rater rates from the rule of 45 on a line's rating to a
-- naked pair's, every rule used. The draws rated below and above that
-- (which must stay level 0, or 6 above) are there too, and most in it
-- are decided. A draw of level 8 the rater rates past a naked pair's, and
-- capped at a naked pair's rating or a lower one it stops 0.1 past the
-- cap (as the annealing's energy then reads it); most draws rated past
-- a naked pair's are level 8. Below the band every draw rated up to a
-- naked single's is decided: levels 1, 2 and 6 (calc_small_closure's)
-- and 9 each give the rater's own rating, every rule used.
local band_lo = sudolab.technique_rating("calcudoku-rule-of-45")
local band_hi = sudolab.technique_rating("naked-pair")
local band_true, decided, inside, below, above = true, 0, 0, 0, 0
local past_true, past = true, 0
local low_rating = {hidden, big, [6] = big, [9] = sudolab.technique_rating("naked-single")}
local low_true, low_all, low_seen = true, true, {}
local function past_cap(q, cap)
  local r = q:rate(cap)
  return r.above == true and r.rating == cap + 0.1
end
for seed = 1, 1200 do
  local g = sudolab.calc_fill{size = 6, seed = seed}
  local q, _, level = sudolab.calc_small{grid = g, sizes = {2, 2, 2, 3}, min_cage = 2,
    max_cage = 4, rules = "classic;calcudoku", pair_ops = "+", more_ops = "++x", tries = 144,
    nodes = 120000, seed = seed, shift = 4, skip_easy = true}
  if q then
    local r = q:rate()
    local within = r.rating >= band_lo and r.rating <= band_hi
    if level == 3 then
      decided = decided + 1
      band_true = band_true and within and #r.unused == 0
    elseif level == 8 then
      past = past + 1
      past_true = past_true and r.rating > band_hi and past_cap(q, band_hi) and
                  past_cap(q, band_lo) and past_cap(q, 2.6)
    elseif low_rating[level] then
      low_seen[level] = (low_seen[level] or 0) + 1
      low_true = low_true and r.rating == low_rating[level] and #r.unused == 0
    else
      low_all = low_all and r.rating >= band_lo
      band_true = band_true and level == 0
    end
    inside = inside + (within and 1 or 0)
    below = below + (r.rating < band_lo and 1 or 0)
    above = above + (r.rating > band_hi and 1 or 0)
  end
end
expect("the band's closures meet draws rated below and above it", below > 10 and above > 10, true)
expect("a draw of level 3 rates in the band, every rule used", band_true, true)
-- Nine in ten: those whose hidden pairs fill the grid but whose direct
-- hidden pair does not (2.4 at least) are decided by the high closure too.
expect("most draws rated in the band are level 3", decided > 100 and decided * 10 > inside * 9,
       true)
expect("a draw of level 8 rates past the band, capped 0.1 past the cap", past_true, true)
expect("most draws rated past the band are level 8", past > 100 and past * 10 > above * 8, true)
expect("a draw of level 1, 2, 6 or 9 rates as its level says, every rule used", low_true, true)
expect("every draw rated up to a naked single's has such a level", low_all, true)
expect("levels 6 and 9 are met", (low_seen[6] or 0) > 5 and (low_seen[9] or 0) > 5, true)

-- With easy_band calc_small's level is calc_small_grade's: levels 1 and 2
-- as calc_small_closure's, level 4 a big cage's to a naked single's
-- rating, level 3 calc_small_band's, level 5 the rule of 45 on a line's or
-- more; every draw rated up to 2.3 past level 2 is level 4 or 0, and each
-- level is met, on 5x5 and 6x6 alike.
local naked = sudolab.technique_rating("naked-single")
local grade_range = {{hidden, hidden}, {big, big}, {band_lo, band_hi}, {big, naked},
                     {band_lo, math.huge}}
local grade_true, grade_seen, grade_rated = true, {[0] = 0, 0, 0, 0, 0, 0}, 0
for seed = 1, 600 do
  local n = seed % 2 == 0 and 6 or 5
  local g = sudolab.calc_fill{size = n, seed = seed}
  local q, _, level = sudolab.calc_small{grid = g, sizes = {1, 2, 2, 3, 3, 4}, min_cage = 1,
    max_cage = 4, rules = "classic;calcudoku", pair_ops = "+-x/", more_ops = "+x",
    tries = 4 * n * n, nodes = 120000, seed = seed,
    easy_band = true}
  if q then
    local r = q:rate()
    local range = grade_range[level]
    grade_seen[level] = grade_seen[level] + 1
    if range then
      grade_true = grade_true and r.rating >= range[1] and r.rating <= range[2]
      if level ~= 5 then grade_true = grade_true and #r.unused == 0 end
    end
    if r.rating > big and r.rating <= naked then
      grade_rated = grade_rated + 1
      grade_true = grade_true and (level == 4 or level == 0)
    end
  end
end
expect("calc_small_grade's levels hold the rater's rating", grade_true, true)
expect("each of levels 1, 2, 4 and 5 is met", grade_seen[1] > 10 and grade_seen[2] > 10
       and grade_seen[4] > 10 and grade_seen[5] > 10 and grade_rated > 10, true)

-- calc_small refuses what its own counts and closure do not model: other
-- rules, sides below 3, cages past the rule's most cells; and a count
-- past its node budget gives up instead of running on.
do
  local g4 = sudolab.calc_fill{size = 4, seed = 1}
  local function spec(over)
    local t = {grid = g4, sizes = {2, 3}, min_cage = 2, max_cage = 3, rules = "classic;calcudoku",
               pair_ops = "+-x/", more_ops = "+x", tries = 64, nodes = 100000, seed = 1}
    for k, v in pairs(over) do t[k] = v end
    return t
  end
  local function refused(over)
    local ok, err = pcall(sudolab.calc_small, spec(over))
    return not ok and tostring(err) or nil
  end
  expect("other rules refused", (refused{rules = "classic;diagonal;calcudoku"} or ""):find(
         'rules must be "classic;calcudoku"', 1, true) ~= nil, true)
  expect("a 2x2 refused", (refused{grid = "1221"} or ""):find("side 3 to", 1, true) ~= nil, true)
  expect("cages past 16 cells refused", (refused{max_cage = 17} or ""):find("max_cage", 1, true) ~= nil,
         true)
  local g6 = sudolab.calc_fill{size = 6, seed = 6}
  local q, why = sudolab.calc_small(spec{grid = g6, sizes = {8}, min_cage = 6, max_cage = 16,
                                         pair_ops = "+", more_ops = "+", nodes = 3, shift = 16})
  expect("a count out of nodes gives up", q == nil and why, "the count gave up")
end

-- calc_small_draws: its function makes calc_small's draw of the same
-- settings, grid and seed (the puzzle, nodes, level, cages and ops), on
-- each side it serves and with skip_easy too; it refuses what calc_small
-- refuses, its settings when made, a grid or seed on each draw.
do
  local same, compared = true, 0
  for seed = 1, 60 do
    local n = seed % 3 == 0 and 6 or seed % 3 == 1 and 3 or 4
    local settings = {sizes = {2, 2, 2, 3}, min_cage = n == 6 and 2 or 1, max_cage = 4,
                      rules = "classic;calcudoku", pair_ops = "+-x/", more_ops = "++x",
                      tries = 4 * n * n, nodes = 120000, shift = n == 6 and 4 or nil,
                      skip_easy = n == 6}
    local draw = sudolab.calc_small_draws(settings)
    local g = sudolab.calc_fill{size = n, seed = seed}
    local spec = {grid = g, seed = seed * 7919, cages = true}
    for k, v in pairs(settings) do spec[k] = v end
    local a = table.pack(sudolab.calc_small(spec))
    local b = table.pack(draw(g, seed * 7919, true))
    local agree = a.n == b.n and (a[1] == nil) == (b[1] == nil)
    if agree and a[1] then
      agree = a[1]:line() == b[1]:line() and a[2] == b[2] and a[3] == b[3] and a[4] == b[4]
      for c = 0, n * n - 1 do agree = agree and a[5][c] == b[5][c] end
      for k = 1, #a[6] do agree = agree and a[6][k] == b[6][k] end
      compared = compared + 1
    elseif agree then
      agree = a[2] == b[2]
    end
    same = same and agree
  end
  expect("a draw function makes calc_small's draws", same, true)
  expect("and made some on every side", compared > 30, true)
  local function refused(f, ...)
    local ok, err = pcall(f, ...)
    return not ok and tostring(err) or ""
  end
  local good = {sizes = {2, 3}, min_cage = 2, max_cage = 3, rules = "classic;calcudoku",
                pair_ops = "+-x/", more_ops = "+x", tries = 64, nodes = 100000}
  local function with(over)
    local t = {}
    for k, v in pairs(good) do t[k] = v end
    for k, v in pairs(over) do t[k] = v end
    return t
  end
  expect("its settings' other rules refused", refused(sudolab.calc_small_draws,
         with{rules = "classic;diagonal"}):find('rules must be "classic;calcudoku"', 1, true) ~= nil,
         true)
  expect("a grid or seed among its settings refused", refused(sudolab.calc_small_draws,
         with{seed = 1}):find("unknown key", 1, true) ~= nil, true)
  local draw = sudolab.calc_small_draws(good)
  expect("a 2x2 refused on a draw", refused(draw, "1221", 1):find("side 3 to", 1, true) ~= nil,
         true)
  expect("a grid not complete refused", refused(draw, "1234341221434.21", 1):find(
         "grid must be complete", 1, true) ~= nil, true)
  expect("a negative seed refused", refused(draw, sudolab.calc_fill{size = 4, seed = 1}, -1) ~= "",
         true)
end

-- Annealing's moves (sudolab.calc_move): every cage stays connected and
-- within max_cage (or its size before), each operation fits its cage.
local g5 = sudolab.puzzle{size = 5, boxes = "none"}:fill(3)
local mc, mo = {}, {}
for c = 0, 24 do mc[c] = c // 5 * 3 + c % 5 // 2 + 1 end -- each row: 2, 2, 1 cells
for id = 1, 15 do mo[id] = id % 3 == 0 and "" or "+" end
local cells_of = require("cells")
local function connected(cage, id)
  local members = {}
  for c = 0, 24 do if cage[c] == id then members[#members + 1] = c end end
  local seen, stack, reached = {[members[1]] = true}, {members[1]}, 1
  while #stack > 0 do
    local c = table.remove(stack)
    for _, nb in ipairs(cells_of.neighbours(c, 5)) do
      if cage[nb] == id and not seen[nb] then seen[nb], reached = true, reached + 1; stack[#stack + 1] = nb end
    end
  end
  return reached == #members, #members
end
local moves_ok, grew = true, false
for step = 1, 300 do
  mc, mo = sudolab.calc_move{grid = g5, cages = mc, ops = mo, pair_ops = cages.pair_ops,
                             more_ops = cages.more_ops, max_cage = 4, seed = step}
  for id = 1, #mo do
    local ok, size = connected(mc, id)
    moves_ok = moves_ok and ok and size <= 4
    grew = grew or size > 2
  end
  local text, count = cages.text(mc, mo, g5)
  moves_ok = moves_ok and count == #mo and calc.build{cages = text}:solve() ~= nil
end
expect("300 moves keep every cage connected, small and with a fitting operation", moves_ok, true)
expect("and merge cages", grew, true)
local ok_move, move_msg = pcall(sudolab.calc_move, {grid = g5, cages = mc, ops = mo,
  pair_ops = "-", more_ops = "+", max_cage = 4})
expect("a move needs its seed", not ok_move and move_msg:match("calc_move") ~= nil, true)
local ok_text, text_msg = pcall(sudolab.calc_text, {grid = g4, cages = lone4 or {}, ops = {}})
expect("calc_text checks its operations", not ok_text and text_msg:match("calc_text") ~= nil, true)
local function draw_error(spec)
  local base = {grid = g4, cages = {[0] = 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8},
                ops = {"+", "+", "+", "+", "+", "+", "+", "+"}, rules = "classic;calcudoku",
                pair_ops = "-+", more_ops = "+", tries = 4, seed = 1}
  for k, x in pairs(spec) do base[k] = x end
  local ok, msg = pcall(sudolab.calc_unique, base)
  return not ok and msg or "no error"
end
expect("an incomplete grid", draw_error{grid = "123434122143432."}:match("grid must be complete") ~= nil, true)
expect("a grid that is not a string", draw_error{grid = 12}:match("grid must be N%*N") ~= nil, true)
expect("an odd grid length", draw_error{grid = "12345"}:match("grid must be N%*N") ~= nil, true)
expect("an unknown operation", draw_error{ops = {"%", "+", "+", "+", "+", "+", "+", "+"}}
       :match("ops%[1%] must be") ~= nil, true)
expect("'-' among more cells' weights", draw_error{more_ops = "+-"}:match("more_ops must be") ~= nil, true)
expect("empty weights", draw_error{pair_ops = ""}:match("pair_ops must be") ~= nil, true)
expect("an unknown key", draw_error{size = 4}:match("calc_unique") ~= nil, true)
local lone4, divide4 = {}, {}
for c = 0, 15 do lone4[c], divide4[c + 1] = c + 1, "/" end
expect("'/' on one cell", draw_error{cages = lone4, ops = divide4}
       :match("does not fit a cage of 1 cells") ~= nil, true)
expect("no operation on two cells", draw_error{ops = {"", "+", "+", "+", "+", "+", "+", "+"}}
       :match("ops%[1%] '' does not fit a cage of 2 cells") ~= nil, true)

-- The partition in C (sudolab.calc_partition) draws with math.random as
-- the Lua loop it replaced: the same seed, the same cage ids, checked
-- against that loop (kept here as the reference) over sizes, seeds and
-- cage bounds, a fold of small cages among them.
local neighbours = require("cells").neighbour_lists
local function lua_partition(n, sizes, low, high)
  local cage, order, size, id, random, lists = {}, {}, {}, 0, math.random, neighbours(n)
  local members, free = {}, {}
  for cell = 0, n * n - 1 do order[cell + 1] = cell end
  for i = #order, 2, -1 do
    local j = random(i)
    order[i], order[j] = order[j], order[i]
  end
  for o = 1, #order do
    local start = order[o]
    if not cage[start] then
      id = id + 1
      local want = math.max(low, math.min(high, sizes[random(#sizes)]))
      members[1], cage[start], size[id] = start, id, 1
      while size[id] < want do
        local nfree = 0
        for i = 1, size[id] do
          for _, nb in ipairs(lists[members[i]]) do
            if not cage[nb] then nfree = nfree + 1; free[nfree] = nb end
          end
        end
        if nfree == 0 then break end
        local pick = free[random(nfree)]
        cage[pick], size[id] = id, size[id] + 1
        members[size[id]] = pick
      end
    end
  end
  for cell = 0, n * n - 1 do
    local own, best = cage[cell], nil
    if size[own] < low then
      for _, nb in ipairs(lists[cell]) do
        local other = cage[nb]
        if other ~= own and size[other] + size[own] <= high and (not best or size[other] < size[best]) then
          best = other
        end
      end
      if best then
        for c = 0, n * n - 1 do if cage[c] == own then cage[c] = best end end
        size[best], size[own] = size[best] + size[own], 0
      end
    end
  end
  return cage
end
local same_partitions, folded = true, false
for _, case in ipairs{{3, {2, 2, 3}, 1, 4}, {4, {2, 2, 2, 3, 3, 4}, 1, 4}, {5, {1, 2, 5}, 2, 5},
                      {6, {1, 3, 5}, 3, 4}, {7, {2, 3, 4}, 1, 6}, {9, {1, 1, 6}, 2, 6}} do
  local n, sizes, low, high = table.unpack(case)
  for seed = 1, 40 do
    math.randomseed(seed)
    local want = lua_partition(n, sizes, low, high)
    local after = math.random(1 << 30)
    math.randomseed(seed)
    local got = sudolab.calc_partition{size = n, sizes = sizes, min_cage = low, max_cage = high,
                                       random = math.random}
    same_partitions = same_partitions and math.random(1 << 30) == after
    local ids = {}
    for c = 0, n * n - 1 do
      same_partitions = same_partitions and got[c] == want[c]
      ids[want[c]] = true
    end
    for id = 1, n * n do folded = folded or (ids[id] == nil and ids[id + 1] ~= nil) end
  end
end
expect("calc_partition gives the Lua loop's partitions and draws as many numbers", same_partitions, true)
expect("and folds small cages into neighbours", folded, true)

-- calc_fill: a Latin square of each small side, the same for the same seed.
local latin, fill_same = true, true
for n = 1, 6 do
  for seed = 1, 20 do
    local g = sudolab.calc_fill{size = n, seed = seed}
    fill_same = fill_same and g == sudolab.calc_fill{size = n, seed = seed}
      and g == sudolab.calc_fill(n, seed)
    latin = latin and #g == n * n and sudolab.puzzle{size = n, boxes = "none", givens = g}:count(2) == 1
    for i = 0, n - 1 do
      local row, col = {}, {}
      for j = 0, n - 1 do
        row[g:sub(i * n + j + 1, i * n + j + 1)] = true
        col[g:sub(j * n + i + 1, j * n + i + 1)] = true
      end
      local rows, cols = 0, 0
      for _ in pairs(row) do rows = rows + 1 end
      for _ in pairs(col) do cols = cols + 1 end
      latin = latin and rows == n and cols == n
    end
  end
end
expect("calc_fill gives Latin squares", latin, true)
expect("the same for the same seed, in either form", fill_same, true)
local fill_ok, fill_why = pcall(sudolab.calc_fill, {size = 7, seed = 1})
expect("and refuses a side past 6", not fill_ok and fill_why:match("'size' must be an integer 1%.%.6") ~= nil,
       true)
local function fill_error(...)
  local ok, why = pcall(sudolab.calc_fill, ...)
  return not ok and why or "no error"
end
expect("two numbers: a side past 6 refused", fill_error(7, 1):match("integer 1%.%.6 expected") ~= nil,
       true)
expect("a negative seed refused", fill_error(4, -1):match("#2.*integer 0%.%.") ~= nil, true)
expect("no seed refused", fill_error(4):match("#2") ~= nil, true)
expect("neither a table nor a size refused", fill_error("4", 1):match("table or size expected") ~= nil,
       true)
local function partition_error(spec)
  local base = {size = 4, sizes = {2, 3}, min_cage = 1, max_cage = 4, random = math.random}
  for k, x in pairs(spec) do base[k] = x end
  local ok, msg = pcall(sudolab.calc_partition, base)
  return not ok and msg or "no error"
end
expect("a random function out of range", partition_error{random = function(m) return m + 1 end}
       :match("random%(%d+%) must give an integer 1%.%.%d+") ~= nil, true)
expect("no sizes", partition_error{sizes = {}}:match("'sizes' must be a list") ~= nil, true)
expect("max_cage under min_cage", partition_error{min_cage = 3, max_cage = 2}
       :match("'max_cage' must be an integer 3%.%.") ~= nil, true)
expect("no random function", partition_error{random = 4}:match("'random' must be a function") ~= nil, true)

check.finish()
