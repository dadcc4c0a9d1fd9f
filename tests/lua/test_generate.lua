-- test_generate.lua: the generation primitives (keeps_unique, dig, put,
-- get, givens) and the strategies of scripts/dig.lua and killer_cages.lua.
local check = require("check")
local expect = check.expect
local dig = require("dig")

local grid = sudolab.puzzle{}:fill(5)
local p = sudolab.puzzle{}
p:givens(grid)
expect("givens(text) sets every given", p:givens(), grid)
expect("get reads a given by cell number", p:get(0), tonumber(grid:sub(1, 1)))
p:put(0, 0)
expect("put 0 empties a cell", p:get(0), 0)
expect("a full grid stays unique without one cell", p:keeps_unique({0}, grid), true)
expect("keeps_unique leaves the puzzle alone", p:get(1), tonumber(grid:sub(2, 2)))

-- A deadly pattern: empty two digits that can swap in a rectangle and the
-- puzzle is no longer unique. Find one in the grid.
local function digit(cell) return tonumber(grid:sub(cell + 1, cell + 1)) end
local found
for r1 = 0, 8 do for r2 = r1 + 1, 8 do for c1 = 0, 8 do for c2 = c1 + 1, 8 do
  local a, b = r1 * 9 + c1, r1 * 9 + c2
  local c, d = r2 * 9 + c1, r2 * 9 + c2
  if not found and (c1 // 3 == c2 // 3 or r1 // 3 == r2 // 3) and digit(a) == digit(d)
     and digit(b) == digit(c) then found = {a, b, c, d} end
end end end end
expect("the grid has a rectangle of two digits in two boxes", found ~= nil, true)
local q = sudolab.puzzle{}
q:givens(grid)
expect("removing a swappable rectangle breaks uniqueness", q:keeps_unique(found, grid), false)
for _, cell in ipairs(found) do q:put(cell, 0) end
expect("as counting confirms", q:count(), 2)

-- dig: a random dig reaches a minimal puzzle.
local m = sudolab.puzzle{}
m:givens(grid)
math.randomseed(3)
local removed, undecided = m:dig(dig.orbits(9, "none"), grid)
expect("dig removes givens and reports how many", removed > 40, true)
expect("no search of a 9x9 classic dig gives up: nothing undecided", undecided, nil)
expect("sudolab.dig_nodes names the dig's node budget",
       math.type(sudolab.dig_nodes) == "integer" and sudolab.dig_nodes > 0, true)
expect("the result is unique", m:count(), 1)
local minimal = true
for cell = 0, 80 do
  if m:get(cell) ~= 0 and m:keeps_unique({cell}, grid) then minimal = false end
end
expect("and minimal: no clue can go", minimal, true)

-- dig takes bare cell numbers as groups of one: the same dig, fewer tables.
local bare = sudolab.puzzle{}
bare:givens(grid)
math.randomseed(3)
bare:dig(dig.cells(9), grid)
expect("a dig over bare cells digs as one over lists of one", bare:givens(), m:givens())
local ok, err = pcall(bare.dig, bare, {81}, grid)
expect("a bare cell off the grid is refused", not ok and err:find("group 1 is not a cell") ~= nil, true)
ok, err = pcall(bare.dig, bare, {0}, grid, "doubles")
expect("an unknown dig mode is refused", not ok and err:find("singles") ~= nil, true)

-- A symmetric dig (questions sharing states, dig.c) is minimal too: no
-- orbit left can go.
local sym = sudolab.puzzle{}
sym:givens(grid)
math.randomseed(4)
local orbits = dig.orbits(9, "rotate180")
sym:dig(orbits, grid)
local sym_minimal = sym:count() == 1
for _, orbit in ipairs(orbits) do
  if sym:get(orbit[1]) ~= 0 and sym:keeps_unique(orbit, grid) then sym_minimal = false end
end
expect("a symmetric dig is unique and no orbit can go", sym_minimal, true)

-- Remembering (p:dig's fourth argument) and a climb's try (p:dig_neighbour)
-- over orbits read once (sudolab.groups): the remembering dig removes what
-- a plain one does; a try gives back two orbits at least and digs to a
-- puzzle that is unique, symmetric and minimal again.
local groups = sudolab.groups(orbits)
local twin = sudolab.puzzle{}
twin:givens(sym:givens())
local remembering = sudolab.puzzle{} -- one memory over every dig below
local tries, moved, same_dig = 0, 0, true
for seed = 1, 8 do
  local before = sym:givens()
  sym:dig_neighbour(groups, grid, 4, seed)
  tries = tries + 1
  local after = sym:givens()
  moved = moved + (after ~= before and 1 or 0)
  local ok_sym = sym:count() == 1
  for _, orbit in ipairs(orbits) do
    local held = sym:get(orbit[1]) ~= 0
    for _, cell in ipairs(orbit) do ok_sym = ok_sym and (sym:get(cell) ~= 0) == held end
    if held and sym:keeps_unique(orbit, grid) then ok_sym = false end
  end
  expect("a climb's try " .. seed .. " leaves a unique, symmetric, minimal puzzle", ok_sym, true)
  -- The same givens back, dug by p:dig with and without remembering.
  local back = {}
  for _, orbit in ipairs(orbits) do
    if twin:get(orbit[1]) == 0 and sym:get(orbit[1]) ~= 0 then back[#back + 1] = orbit end
  end
  local order = {}
  for _, orbit in ipairs(orbits) do if sym:get(orbit[1]) ~= 0 then order[#order + 1] = orbit end end
  local plain = sudolab.puzzle{}
  plain:givens(sym:givens())
  for _, orbit in ipairs(back) do for _, cell in ipairs(orbit) do plain:put(cell, digit(cell)) end end
  remembering:givens(plain:givens())
  plain:dig(order, grid)
  remembering:dig(sudolab.groups(order), grid, nil, true)
  same_dig = same_dig and plain:givens() == remembering:givens()
  twin:givens(sym:givens())
end
expect("some tries move to another minimal puzzle", moved > 0, true)
expect("a remembering dig over sudolab.groups removes what a plain one does", same_dig, true)
ok, err = pcall(sudolab.puzzle{size = 4}.dig_neighbour, sudolab.puzzle{size = 4}, groups, "1234341221434321", 4, 1)
expect("groups past a smaller grid are refused", not ok and err:find("the grid has 16") ~= nil, true)

-- "singles": a dig that stops where singles stop filling the grid.
local function filled_by_singles(puzzle)
  local cand = puzzle:candidates()
  if not cand then return false end
  for _, digits in ipairs(cand) do if #digits ~= 1 then return false end end
  return true
end
local easy = sudolab.puzzle{}
easy:givens(grid)
math.randomseed(6)
local went = easy:dig(dig.cells(9), grid, "singles")
expect("a singles dig removes givens", went > 30, true)
expect("singles still fill its grid", filled_by_singles(easy), true)
expect("so it rates no harder than a naked single (2.3)", easy:rate().rating <= 2.3, true)
-- Most singles digs of a grid are minimal already; some order's is not,
-- and a search dig removes more from it.
local went_further = false
for seed = 1, 40 do
  math.randomseed(seed)
  local singles, further = sudolab.puzzle{}, sudolab.puzzle{}
  singles:givens(grid)
  singles:dig(dig.cells(9), grid, "singles")
  further:givens(singles:givens())
  if further:dig(dig.cells(9), grid) > 0 then went_further = true; break end
end
expect("where a search dig goes further", went_further, true)

-- orbits: every cell once, in orbits of the symmetry.
for _, sym in ipairs(dig.symmetries) do
  local seen, count = {}, 0
  for _, orbit in ipairs(dig.orbits(9, sym)) do
    for _, cell in ipairs(orbit) do
      if not seen[cell] then count = count + 1 end
      seen[cell] = true
    end
  end
  expect("orbits of " .. sym .. " cover the 81 cells once", count, 81)
end
local sizes = {}
for _, orbit in ipairs(dig.orbits(9, "rotate90")) do sizes[#orbit] = (sizes[#orbit] or 0) + 1 end
expect("rotate90: twenty orbits of four and the centre", sizes[4] == 20 and sizes[1] == 1, true)

-- exact: the count asked, or a clear refusal.
local e = sudolab.puzzle{}
e:givens(grid)
local got = dig.exact(e, grid, {clues = 30, symmetry = "none"})
expect("exact reaches 30 clues", got and dig.clue_count(got), 30)
expect("and stays unique", got and got:count(), 1)
local none, why = dig.exact(sudolab.puzzle{givens = grid}, grid, {clues = 16})
expect("16 clues is refused at once", none, nil)
expect("with the bound in the message", why:find("17 or more") ~= nil, true)

-- graded: the rating lands in the band asked.
math.randomseed(11)
local g = sudolab.puzzle{}
local band_grid = g:fill(11)
g:givens(band_grid)
local graded = dig.graded(g, band_grid, {rating = {1.0, 4.4}})
expect("graded lands in the band", graded and graded:rate().rating <= 4.4, true)

-- Killer: a partition has no repeated digit in a cage; its text round-trips.
local killer = require("killer_cages")
math.randomseed(2)
local cage = killer.partition(grid, 9, {2, 3, 4})
local ok = true
local digits = {}
for cell = 0, 80 do
  local id = cage[cell]
  digits[id] = digits[id] or {}
  if digits[id][digit(cell)] then ok = false end
  digits[id][digit(cell)] = true
end
expect("no cage repeats a digit", ok, true)
local map, sums = killer.text(cage, grid, 9)
local total = 0
for _, s in ipairs(sums) do total = total + s end
expect("the cage sums add up to the grid's", total, 405)
expect("the map names every cell", #map, 81)
local kv = require("killer")
local kp = kv.build{cages = map, sums = sums}
expect("the grid solves its own killer", kp:check(grid), true)

-- The cage text comes from C (sudolab.cages_text, sudolab.parse_cages),
-- the same reader and writer as the killer rule's.
local text, count = sudolab.cages_text{cages = map, sums = sums}
expect("cages_text writes MAP:SUMS", text, map .. ":" .. table.concat(sums, ","))
expect("and counts the cages", count, #sums)
expect("a partition and its grid give the same text", sudolab.cages_text{cages = cage, grid = grid}, text)
local parsed = sudolab.parse_cages(text)
expect("parse_cages gives the map back", parsed.map, map)
expect("and the sums", table.concat(parsed.sums, ","), table.concat(sums, ","))
expect("a sum may be absent", sudolab.cages_text{cages = "AB..", sums = {false, "?"}}, "AB..:?,?")
expect("absent sums read back as false", sudolab.parse_cages("AB..:?,3").sums[1], false)
local function fails(f, arg, says)
  local ok, why = pcall(f, arg)
  return not ok and tostring(why):find(says, 1, true) ~= nil
end
expect("a malformed sum names its column",
       fails(sudolab.parse_cages, "AB..:3,x", "column 8: cage 2 needs a sum"), true)
expect("a huge sum is refused, not wrapped",
       fails(sudolab.parse_cages, "AB..:3,99999999999999999999", "cage 2 needs a sum 1..325"), true)
expect("a map that is no grid is refused", fails(sudolab.parse_cages, "ABC:1,2,3", "size"), true)
expect("too few sums in a list", fails(sudolab.cages_text, {cages = "AB..", sums = {3}}, "list of 2 sums"), true)
expect("a sum out of range in a list",
       fails(sudolab.cages_text, {cages = "AB..", sums = {3, 400}}, "cage 2 needs a sum 1..325"), true)
expect("sums or grid, not both",
       fails(sudolab.cages_text, {cages = "AB..", sums = "3,4", grid = "1221"}, "either sums or grid"), true)
expect("an unknown key is named", fails(sudolab.cages_text, {cages = "AB..", sum = "3,4"}, "'sum'"), true)
expect("a grid with a non-digit is refused",
       fails(sudolab.cages_text, {cages = "AB..", grid = "12x1"}, "'x' at cell 2"), true)
expect("a cage larger than the digits is refused",
       fails(sudolab.cages_text, {cages = {[0] = 1, 1, 1, 2}, grid = "1221"}, "cage 1 has 3 cells"), true)

-- Cage shapes: the bounds hold for every cage of many partitions, and
-- the cage count stays in the band of published killers.
math.randomseed(5)
local low_ok, high_ok, band_ok = true, true, true
local fewest, most = killer.cage_band(9)
for _ = 1, 50 do
  local c = killer.partition(grid, 9, {2, 2, 3, 3, 4}, 2, 5)
  local size, count = {}, 0
  for cell = 0, 80 do size[c[cell]] = (size[c[cell]] or 0) + 1 end
  for _, n in pairs(size) do
    count = count + 1
    low_ok, high_ok = low_ok and n >= 2, high_ok and n <= 5
  end
  band_ok = band_ok and count >= fewest and count <= most
end
expect("no cage of one cell in 50 partitions", low_ok, true)
expect("no cage over five cells", high_ok, true)
expect("26..36 cages each", band_ok, true)
expect("the band of a 9x9", fewest .. ".." .. most, "26..36")
local function band_of(...) return table.concat({killer.cage_band(...)}, "..") end
expect("a grade's share narrows the band", band_of(9, 2, 5, {28, 31}), "28..31")
expect("scaled to the grid's cells", band_of(6, 2, 5, {28, 31}), "13..13")
expect("never past the bounds' reach", band_of(9, 5, 5, {28, 31}), "16..31")
-- A graded killer has its grade's cages (variants/killer.lua's grade_cages).
math.randomseed(8)
local hard = kv.generate{seed = 8, grade = "hard"}
local hard_cages = select(2, hard:rules():gsub(",", ",")) + 1
expect("a hard killer is rated hard", hard:rate().grade, "hard")
local share = kv.grade_cages.hard
expect("with the cages of hard's share", hard_cages >= share[1] and hard_cages <= share[2], true)
-- A landed killer's rating ran to its end, so annealing hands on that its
-- rules were checked (generate.lua then rates it no second time).
local medium, medium_info = kv.generate{seed = 8, grade = "medium"}
local medium_cages = select(2, medium:rules():gsub(",", ",")) + 1
share = kv.grade_cages.medium
expect("a medium killer is rated medium", medium:rate().grade, "medium")
expect("with the cages of medium's share", medium_cages >= share[1] and medium_cages <= share[2], true)
expect("its rules checked by annealing's rating", medium_info.rules_checked, medium:line())
-- Expert killers come from screened greedy starts (grade_screen): the
-- search nodes of a proof of uniqueness, as p:solutions gives them.
local one_open = sudolab.puzzle{size = 4, givens = "1234341221434321"}
one_open:set(1, 1, 0)
local _, root_nodes = one_open:solutions(2)
expect("a grid propagation settles takes one node", root_nodes, 1)
local found, open_nodes = sudolab.puzzle{size = 4}:solutions(2)
expect("an empty grid takes a search", #found == 2 and open_nodes > 1, true)
for grade, screen in pairs(kv.grade_screen) do
  expect(grade .. "'s screen: starts and nodes", screen.starts > 1 and screen.nodes > 1, true)
end
local expert = kv.generate{seed = 8, grade = "expert"}
local expert_cages = select(2, expert:rules():gsub(",", ",")) + 1
share = kv.grade_cages.expert
expect("an expert killer is rated expert", expert:rate().grade, "expert")
expect("with the cages of expert's share",
       expert_cages >= share[1] and expert_cages <= share[2], true)
-- Each kind of start expert and extreme relabel (grade_screen's
-- relabel_from) alone still makes killers the rater puts in the grade,
-- unique, in the grade's cages.
for _, grade in ipairs({"expert", "extreme"}) do
  local screen, cages_of_grade = kv.grade_screen[grade], kv.grade_cages[grade]
  for _, kind in ipairs({"past", "below", "deep"}) do
    kv.grade_screen[grade] = setmetatable({relabel_from = {[kind] = true}}, {__index = screen})
    for seed = 21, 22 do
      local k = kv.generate{seed = seed, grade = grade}
      local cages = select(2, k:rules():gsub(",", ",")) + 1
      local what = "relabeling " .. kind .. " starts alone: "
      expect(what .. "an " .. grade .. " killer", k:rate().grade, grade)
      expect(what .. "unique", k:count(2), 1)
      expect(what .. "with the grade's cages",
             cages >= cages_of_grade[1] and cages <= cages_of_grade[2], true)
    end
  end
  kv.grade_screen[grade] = screen
end
-- Expert's starts past the band are retried with the grid's digits
-- relabeled (grade_screen's relabels): a relabeling is a bijection of the
-- digits, so the grid stays a solution, cells agree where they agreed,
-- and a partition's cages keep distinct digits.
local relabel_grid = sudolab.puzzle{size = 9}:fill(11)
local relabel_cage = killer.partition(relabel_grid, 9, {2, 2, 3, 3, 4}, 2, 5)
local relabel_moved = 0
for _ = 1, 40 do
  local other = killer.relabeled(relabel_grid, 9)
  local agree = true
  for a = 1, 81 do
    for b = a + 1, 81 do
      local was = relabel_grid:sub(a, a) == relabel_grid:sub(b, b)
      if was ~= (other:sub(a, a) == other:sub(b, b)) then agree = false end
    end
  end
  if other ~= relabel_grid then relabel_moved = relabel_moved + 1 end
  local text = sudolab.cages_text{cages = relabel_cage, grid = other, size = 9}
  local p = sudolab.puzzle{size = 9, rules = kv.rules .. ":" .. text}
  expect("a relabeled grid keeps which cells agree", agree, true)
  expect("and solves its partition's killer", p:check(other), true)
end
expect("relabelings move the digits", relabel_moved >= 39, true)
expect("min above max is refused", pcall(killer.bounds, {min_cage = 4, max_cage = 3}), false)
expect("a profile reads as a list", table.concat(killer.profile("2,3,3,4"), " "), "2 3 3 4")
expect("a bad profile is refused", pcall(killer.profile, "2,,3"), false)

-- Givens a setter asks for: that many cells of the grid, the rest blank.
local gv = killer.givens(grid, 9, 12)
local placed, right = 0, true
for cell = 1, 81 do
  local ch = gv:sub(cell, cell)
  if ch ~= "." then
    placed = placed + 1
    right = right and ch == grid:sub(cell, cell)
  end
end
expect("givens(grid, 9, 12) places 12 givens", placed, 12)
expect("each the grid's digit", right, true)
expect("no givens asked, none", killer.givens(grid, 9, nil), nil)
local rows = {}
for cell = 0, 80 do rows[cell] = (cell // 9) * 3 + (cell % 9) // 3 + 1 end -- rows of three
local loose = killer.puzzle(kv, rows, grid, 9, killer.givens(grid, 9, 60))
expect("a loose partition with 60 givens builds and keeps the solution", loose and loose:check(grid), true)

-- A second solution without a search (sudolab.killer_swap): two digits
-- swapped over cells that keep every house and cage, or nil.
local function swapped_digits(a, b)
  local changed = {}
  for cell = 1, #a do
    if a:sub(cell, cell) ~= b:sub(cell, cell) then changed[a:sub(cell, cell)] = true end
  end
  local n = 0
  for _ in pairs(changed) do n = n + 1 end
  return n
end
local singles = {}
for cell = 0, 80 do singles[cell] = cell + 1 end
expect("cages of one cell allow no swap", sudolab.killer_swap(singles, grid), nil)
local free = sudolab.killer_swap({}, grid)
expect("with no cages a swap is found", free ~= nil and free ~= grid, true)
expect("it swaps two digits", free and swapped_digits(grid, free), 2)
expect("it keeps the houses", free and sudolab.puzzle{size = 9}:check(free), true)
local swaps, kept, none = 0, true, 0
math.randomseed(5)
for _ = 1, 20 do
  local c = killer.partition(grid, 9, {2, 2, 3, 3, 4}, 2, 5)
  local second = sudolab.killer_swap(c, grid)
  if second then
    swaps = swaps + 1
    kept = kept and second ~= grid and swapped_digits(grid, second) == 2
           and killer.puzzle(kv, c, grid, 9):check(second)
  else
    none = none + 1
  end
end
expect("random partitions: some with a swap", swaps > 0, true)
expect("each swap keeps every house and cage sum", kept, true)
local rows_swap = sudolab.killer_swap(rows, grid)
expect("rows of three: a swap, if any, keeps the killer",
       rows_swap == nil or killer.puzzle(kv, rows, grid, 9):check(rows_swap), true)
local six = sudolab.puzzle{size = 6}:fill(3)
local six_swap = sudolab.killer_swap({}, six)
expect("6x6 (2x3 boxes): the swap keeps the boxes", six_swap and sudolab.puzzle{size = 6}:check(six_swap), true)
expect("a grid that is no sudoku is refused",
       select(2, pcall(sudolab.killer_swap, {}, string.rep("123456789", 9))):find("not a complete 9x9") ~= nil, true)
expect("a grid of the wrong length is refused",
       select(2, pcall(sudolab.killer_swap, {}, "12345")):find("N%*N digits") ~= nil, true)

-- sudolab.shuffled: a dig's order of cells, drawn in C from a seed.
local order = sudolab.shuffled(81, 12)
local seen, every = {}, #order == 81
for _, cell in ipairs(order) do
  every = every and math.type(cell) == "integer" and cell >= 0 and cell < 81 and not seen[cell]
  seen[cell] = true
end
expect("shuffled(81, seed): each of 0..80 once", every, true)
expect("the same seed, the same order", table.concat(sudolab.shuffled(81, 12), ","), table.concat(order, ","))
expect("another seed, another order",
       table.concat(sudolab.shuffled(81, 13), ",") ~= table.concat(order, ","), true)
expect("shuffled(0, seed) is empty", #sudolab.shuffled(0, 1), 0)
expect("a negative count is refused",
       select(2, pcall(sudolab.shuffled, -1, 1)):find("shuffled") ~= nil, true)
expect("a seed that is no integer is refused",
       select(2, pcall(sudolab.shuffled, 81, "x")):find("integer") ~= nil, true)
-- p:dig(seed, solution): the cells alone in shuffled's order, no table.
local by_table, by_seed = sudolab.puzzle{}, sudolab.puzzle{}
by_table:givens(grid)
by_seed:givens(grid)
expect("p:dig(seed) removes what p:dig(shuffled(seed)) does",
       by_seed:dig(12, grid), by_table:dig(sudolab.shuffled(81, 12), grid))
expect("the same puzzle", by_seed:givens(), by_table:givens())
expect("a negative seed is refused",
       select(2, pcall(by_seed.dig, by_seed, -1, grid)):find("dig") ~= nil, true)
local counted = sudolab.puzzle{}
counted:givens(grid)
counted:put(0, 0)
counted:put(40, 0)
expect("p:clues() counts the givens", counted:clues(), 79)
expect("an empty puzzle has no clues", sudolab.puzzle{}:clues(), 0)

check.finish()

-- A graded request refuses a puzzle whose solve path leaves a rule of its
-- variant unused (generate.lua): a thermometer along rising digits of an
-- easy puzzle's solution adds nothing the classic steps need (box hidden
-- singles, rated below the thermometer, solve it).
do
  local generate = require("generate")
  local easy = sudolab.puzzle{givens = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"}
  local solution = easy:solve()
  local cells = {}
  for c = 0, 8 do
    local d = tonumber(solution:sub(c + 1, c + 1))
    if easy:get(c) == 0 and (#cells == 0 or d > tonumber(solution:sub(cells[#cells] + 1, cells[#cells] + 1))) then
      cells[#cells + 1] = c
    end
  end
  expect("a thermo of two cells or more fits row 1", #cells >= 2, true)
  local thermo = sudolab.read("sudolab 9 3x3 classic;thermo:" .. table.concat(cells, "-") .. " " .. easy:givens())[1]
  local why = generate.unused_rules(thermo, {grade = "easy"})
  expect("a graded request refuses a puzzle leaving a rule unused", why ~= nil and why:find("thermo", 1, true) ~= nil, true)
  expect("a rating band is a graded request too", generate.unused_rules(thermo, {rating = {1.0, 1.5}}) ~= nil, true)
  expect("an ungraded request takes it", generate.unused_rules(thermo, {}), nil)
  expect("a puzzle using every rule passes", generate.unused_rules(easy, {grade = "easy"}), nil)
end

-- An easy band eases a singles dig that needs a naked single (rated
-- above easy) back into the band: every orbit put back is rated, as
-- propagation's steps lie above the band (dig.lua). Grids 3 and 7 dig
-- to such puzzles.
do
  local dig = require("dig")
  local blank, work = sudolab.puzzle{}, sudolab.puzzle{}
  for _, seed in ipairs{3, 7} do
    local solution = blank:fill(seed)
    work:givens(solution)
    math.randomseed(seed)
    local p, info = dig.graded(work, solution, {grade = "easy", symmetry = "none"})
    expect("an easy band eases grid " .. seed .. " into it", p ~= nil, true)
    expect("grid " .. seed .. " needed easing", p ~= nil and info.ratings > 1, true)
    expect("grid " .. seed .. " is rated easy", p ~= nil and p:rate().grade, p ~= nil and "easy")
    expect("grid " .. seed .. " is unique", p ~= nil and #p:solutions(2), p ~= nil and 1)
  end
end

-- sudolab.killer_partition and sudolab.killer_unique: greedy's draw and
-- loop in C. Partitions keep their bounds and are reproducible; a unique
-- killer's cages and line agree, and bad requests are refused.
do
  local sizes = {2, 2, 3, 3, 4}
  local function shape(cage)
    local count, size, digits, ok = 0, {}, {}, true
    for cell = 0, 80 do
      local id, d = cage[cell], grid:sub(cell + 1, cell + 1)
      if not size[id] then count, size[id], digits[id] = count + 1, 0, {} end
      ok = ok and not digits[id][d]
      size[id], digits[id][d] = size[id] + 1, true
    end
    for _, s in pairs(size) do ok = ok and s >= 2 and s <= 5 end
    return ok, count
  end
  local spec = {grid = grid, sizes = sizes, min_cage = 2, max_cage = 5, fewest = 26, most = 36, seed = 4}
  local a, b = sudolab.killer_partition(spec), sudolab.killer_partition(spec)
  local ok, count = shape(a)
  expect("killer_partition: cages of 2..5 distinct digits", ok, true)
  expect("killer_partition: 26..36 cages", count >= 26 and count <= 36, true)
  expect("killer_partition: the same seed, the same cages", table.concat(a, ",", 0, 80), table.concat(b, ",", 0, 80))
  spec.seed = 5
  expect("killer_partition: another seed, other cages",
         table.concat(sudolab.killer_partition(spec), ",", 0, 80) ~= table.concat(a, ",", 0, 80), true)
  local p, cage, steps, cages, nodes, by_kernel = sudolab.killer_unique{grid = grid, rules = "classic;killer:",
    sizes = sizes, fewest = 26, most = 36, seed = 9, solutions = 8}
  expect("killer_unique: a puzzle", p ~= nil, true)
  expect("killer_unique: it is unique", p and p:count(2), 1)
  expect("killer_unique: its solution is the grid", p and p:solve(), grid)
  expect("killer_unique: its cages are the ones returned", p and select(2, shape(cage)), cages)
  expect("killer_unique: no givens", p and p:clues(), 0)
  expect("killer_unique: steps counted", math.type(steps) == "integer" and steps >= 1, true)
  expect("killer_unique: the last count's nodes", math.type(nodes) == "integer" and nodes >= 1, true)
  expect("killer_unique: whether the kernel counted", type(by_kernel), "boolean")
  -- The general search's nodes where it counted (the kernel's tries come first).
  local _, general = p:solutions(2)
  expect("killer_unique: the general search's nodes or more", by_kernel or nodes >= general, true)
  local again = sudolab.killer_unique{grid = grid, rules = "classic;killer:", sizes = sizes,
                                      fewest = 26, most = 36, seed = 9, solutions = 8}
  expect("killer_unique: reproducible from its seed", again and again:line(), p and p:line())
  local givens = grid:sub(1, 40) .. string.rep(".", 41)
  local with = sudolab.killer_unique{grid = grid, rules = "classic;killer:", sizes = sizes, givens = givens, seed = 2}
  expect("killer_unique: givens kept", with and with:givens(), givens)
  expect("killer_unique: with givens, unique", with and with:count(2), 1)
  local none, why = sudolab.killer_unique{grid = grid, rules = "classic;killer:", sizes = {9}, min_cage = 9,
                                          max_cage = 9, counts = 1, seed = 1}
  expect("killer_unique: no partition into cages of nine distinct digits", none == nil and why:find("no partition") ~= nil, true)
  local function refused(spec2, text)
    local ok2, err = pcall(sudolab.killer_unique, spec2)
    return not ok2 and err:find(text, 1, true) ~= nil
  end
  expect("killer_unique: a grid that is not complete", refused({grid = string.rep(".", 81), rules = "classic;killer:", sizes = sizes}, "complete"), true)
  expect("killer_unique: no sizes", refused({grid = grid, rules = "classic;killer:"}, "sizes"), true)
  expect("killer_unique: min above max", refused({grid = grid, rules = "classic;killer:", sizes = sizes, min_cage = 4, max_cage = 3}, "integer"), true)
  expect("killer_unique: givens off the grid", refused({grid = grid, rules = "classic;killer:", sizes = sizes,
         givens = (grid:sub(1, 1) == "1" and "2" or "1") .. string.rep(".", 80)}, "givens"), true)
  expect("killer_unique: an unknown key", refused({grid = grid, rules = "classic;killer:", sizes = sizes, size = 9}, "size"), true)
  expect("killer_unique: a grid the rules refuse", refused({grid = "1234214334124321", rules = "classic;killer:",
         sizes = {1, 2}, min_cage = 1, max_cage = 2, seed = 1, counts = 50}, "not a solution"), true)
  local _, seven = sudolab.killer_partition{grid = grid, sizes = {7}, min_cage = 7, seed = 1}
  expect("killer_partition: max_cage defaults to at least min_cage",
         seven == nil or seven:find("7 to 7", 1, true) ~= nil, true)
  expect("killer_unique: rules no rule reads", refused({grid = grid, rules = "nosuch:", sizes = sizes}, "killer_unique"), true)
end

-- Killer grades by size (variants/killer.lua's grade_givens): the table
-- names only known grades, each default inside its own range; a grade no
-- killer of the size reaches and a count outside the range are refused
-- before a run; the table's givens go where the request names none, and
-- one-sided walks end a request that cannot land.
do
  local kill = require("killer")
  local known, inside = true, true
  for n, row in pairs(kill.grade_givens) do
    for grade, asks in pairs(row) do
      known = known and sudolab.grades[grade] ~= nil and n >= 3 and n <= 16
      if asks then inside = inside and asks[2] <= asks[1] and asks[1] <= asks[3] and asks[3] <= n * n end
    end
  end
  expect("grade_givens: known grades and sizes", known, true)
  expect("grade_givens: each default within its range", inside, true)
  local function refusal(opts)
    local ok, err = pcall(kill.check, opts)
    return not ok and err or nil
  end
  expect("4x4 medium refused with the grades 4x4 reaches",
         refusal{size = 4, grade = "medium"}, "--grade medium: no 4x4 killer reaches it; the grades 4x4 killers reach: easy, hard")
  expect("16x16 medium --givens 100: too many", (refusal{size = 16, grade = "medium", givens = 100} or ""):find("too many", 1, true) ~= nil, true)
  expect("16x16 medium --givens 11: too few", (refusal{size = 16, grade = "medium", givens = 11} or ""):find("take --givens 12..60", 1, true) ~= nil, true)
  expect("16x16 medium --givens 12 and 60 taken", refusal{size = 16, grade = "medium", givens = 12} == nil
         and refusal{size = 16, grade = "medium", givens = 60} == nil, true)
  expect("cage options stand the range aside", refusal{size = 16, grade = "medium", givens = 5, cage_sizes = "2"}, nil)
  expect("9x9 takes any count", refusal{size = 9, grade = "hard", givens = 70}, nil)
  expect("16x16 medium gets the table's givens", kill.givens_for(kill, {grade = "medium"}, 16), 30)
  expect("a user's --givens wins", kill.givens_for(kill, {grade = "medium", givens = 20}, 16), 20)
  expect("9x9 gets none", kill.givens_for(kill, {grade = "hard"}, 9), nil)
  expect("three one-sided walks end a 16x16 request", kill.one_sided(16), 3)
  math.randomseed(1)
  local none, why = kill.generate{seed = 1, size = 16, grade = "hard", givens = 100, steps = 10}
  expect("16x16 hard with 100 givens ends, saying they rate below", none == nil and why,
         "16x16 killers with 100 givens rate below hard (every unique one of 3 walks did); fewer givens or larger cages make them harder")
end

-- What graded puzzles reach (dig.check_reach): each grades_by_size row
-- names sizes the variant takes and grades there are, a grade out of a
-- size's row is refused naming the row, a size without a row refuses
-- nothing, and binary's own steps cap it.
do
  local calcudoku, classic, oddeven, binary =
    require("calcudoku"), require("classic"), require("oddeven"), require("binary")
  local sound, rows = true, 0
  for n, reached in pairs(calcudoku.grades_by_size) do
    rows = rows + 1
    sound = sound and n >= calcudoku.sizes.from and n <= calcudoku.sizes.to and #reached >= 1
            and #reached < #sudolab.grades
    for _, g in ipairs(reached) do sound = sound and sudolab.grades[g] ~= nil end
  end
  expect("grades_by_size: sizes taken, grades known, some left out", sound and rows > 0, true)
  local function refusal(v, opts)
    local ok, err = pcall(dig.check_reach, v, opts)
    return not ok and err or nil
  end
  expect("3x3 calcudoku expert refused, naming those reached",
         refusal(calcudoku, {size = 3, grade = "expert"}),
         "--grade expert: no 3x3 calcudoku puzzle reaches it; the grades 3x3 calcudoku puzzles "
         .. "reach: easy, medium, hard")
  expect("3x3 calcudoku hard taken", refusal(calcudoku, {size = 3, grade = "hard"}), nil)
  expect("4x4 classic medium taken (no row)", refusal(classic, {size = 4, grade = "medium"}), nil)
  expect("4x4 odd/even hard taken (no row)", refusal(oddeven, {size = 4, grade = "hard"}), nil)
  expect("binary hard refused at its steps' top",
         (refusal(binary, {size = 8, grade = "hard"}) or ""):find("rates 2.5; the grades it can reach: easy, medium", 1, true) ~= nil, true)
  expect("binary's band reaching 2.5 taken", refusal(binary, {size = 8, rating = {2.4, 3.0}}), nil)
  expect("binary's band past 2.5 refused", refusal(binary, {size = 8, rating = {2.6, 3.0}}) ~= nil, true)
end

-- The walk builds a candidate's puzzle from the rule text it already
-- has (killer_cages.lua, puzzle_of): the same puzzle as the variant's
-- build from the map and sums, over random partitions of several sizes.
do
  local kv = require("killer")
  local same, drawn = true, 0
  for _, n in ipairs{4, 6, 9, 16} do
    local full = sudolab.puzzle{size = n}
    for i = 1, 6 do
      math.randomseed(100 * n + i)
      local g = full:fill(17 * n + i)
      local c = killer.partition(g, n, {2, 3}, 2, 3)
      local built = killer.puzzle(kv, c, g, n)
      local m, s = killer.text(c, g, n)
      if built then
        drawn = drawn + 1
        same = same and built:line() == kv.build{cages = m, sums = s, size = n}:line()
      end
    end
  end
  expect("partitions drawn at 4, 6, 9 and 16", drawn > 12, true)
  expect("the walk's puzzle is the variant's build", same, true)
end

-- A count that finds a puzzle unique keeps its solution for p:rate (the
-- walk past 9x9 counts, then rates): the rating is the one a fresh puzzle
-- gets; a count of several solutions, or to a limit of one, proves
-- nothing, and the rating still finds them.
do
  local agree, tried = true, 0
  for _, n in ipairs{4, 6, 9} do
    local full = sudolab.puzzle{size = n}
    for i = 1, 8 do
      math.randomseed(200 * n + i)
      local g = full:fill(31 * n + i)
      -- Small cages, some of one cell: most such killers are unique.
      local c = killer.partition(g, n, {1, 2, 2}, 1, 2)
      local text = sudolab.cages_text{cages = c, grid = g, size = n}
      local rules = "classic;killer:" .. text
      local counted = sudolab.puzzle{size = n, rules = rules}
      local count = counted:count(8)
      local fresh = sudolab.puzzle{size = n, rules = rules}:rate()
      local after, why = counted:rate()
      if count == 1 then
        tried = tried + 1
        agree = agree and after ~= nil and after.rating == fresh.rating and after.steps == fresh.steps
                and after.hardest == fresh.hardest
      else
        agree = agree and after == nil and why == "several solutions" and fresh == nil
      end
    end
  end
  expect("unique killers counted, then rated", tried > 6, true)
  expect("a count before a rating leaves the rating as it was", agree, true)
  local open = sudolab.puzzle{size = 4}
  expect("an empty 4x4 has more than one solution", open:count(8), 8)
  expect("so its rating finds several", select(2, open:rate()), "several solutions")
  local once = sudolab.puzzle{size = 4}
  expect("a count to one stops at one", once:count(1), 1)
  expect("and proves nothing", select(2, once:rate()), "several solutions")
end

-- The maker with no_stats: the same lines, no statistics (a plain run
-- reads none); without it, its statistics.
do
  local generate = require("generate")
  local with = generate.maker("calcudoku", {size = 4, rating = {1.5, 2.0}})
  local without = generate.maker("calcudoku", {size = 4, rating = {1.5, 2.0}, no_stats = true})
  local same, none, stats = true, true, true
  for seed = 1, 20 do
    local line, info = with(seed)
    local line2, info2 = without(seed)
    same = same and line ~= nil and line == line2
    none = none and info2 == nil
    stats = stats and type(info) == "table" and info.cages ~= nil
  end
  expect("no_stats: the same puzzles", same, true)
  expect("and no statistics", none, true)
  expect("without it, statistics", stats, true)
end

-- The blocks after the first finish report too.
check.finish()
