-- test_api_errors.lua: the readers of the API's option tables name the
-- function and the field in every error (never a stack index), and the
-- script line that called them. Cheap: no search runs (CI runs it under
-- valgrind).
local check = require("check")
local expect = check.expect

-- The error of f(spec), called from this file's line, or "no error".
local function error_of(f, spec)
  local ok, msg = pcall(function() return f(spec) end)
  return ok and "no error" or tostring(msg)
end

-- Checks that calling f with spec fails naming want (a plain substring),
-- with this file's line, and no "bad argument #-" index.
local function refuses(what, f, spec, want)
  local msg = error_of(f, spec)
  local named = msg:find(want, 1, true) ~= nil
  local placed = msg:match("test_api_errors%.lua:%d+:") ~= nil
  local no_index = msg:find("#-", 1, true) == nil
  expect(what, named and placed and no_index, true)
  if not (named and placed and no_index) then print("  got: " .. msg) end
end

-- A copy of base with the fields of change (false: removed).
local function with(base, change)
  local t = {}
  for k, v in pairs(base) do t[k] = v end
  for k, v in pairs(change) do t[k] = v or nil end
  return t
end

local g4 = "1234341221434321"
local pairs4 = {[0] = 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8}
local plus8 = {"+", "+", "+", "+", "+", "+", "+", "+"}
local calc = {grid = g4, cages = pairs4, ops = plus8, rules = "classic;calcudoku",
  pair_ops = "+-x/", more_ops = "+x", tries = 1, seed = 1}
local unique = sudolab.calc_unique

refuses("calc_unique: tries out of range", unique, with(calc, {tries = 0}),
        "calc_unique: field 'tries' must be an integer 1..1000000")
refuses("calc_unique: tries missing", unique, with(calc, {tries = false}),
        "calc_unique: field 'tries' must be an integer 1..1000000")
refuses("calc_unique: tries not a number", unique, with(calc, {tries = "many"}),
        "calc_unique: field 'tries' must be an integer")
refuses("calc_unique: tries of 10^18", unique, with(calc, {tries = 1000000000000000000}),
        "calc_unique: field 'tries' must be an integer 1..1000000")
refuses("calc_unique: a fractional seed", unique, with(calc, {seed = 1.5}),
        "calc_unique: field 'seed' must be an integer 0..")
refuses("calc_unique: seed missing", unique, with(calc, {seed = false}),
        "calc_unique: field 'seed' must be an integer 0..")
refuses("calc_unique: a negative node budget", unique, with(calc, {nodes = -1}),
        "calc_unique: field 'nodes' must be an integer 1..")
refuses("calc_unique: rules not a string", unique, with(calc, {rules = 7}),
        "calc_unique: field 'rules' must be a string")
refuses("calc_unique: rules missing", unique, with(calc, {rules = false}),
        "calc_unique: field 'rules' must be a string")
refuses("calc_unique: 10 MB of rules", unique, with(calc, {rules = string.rep("x", 10000000)}),
        "calc_unique: field 'rules' must be a text of at most 63 bytes")
refuses("calc_unique: shift out of range", unique, with(calc, {shift = -1}),
        "calc_unique: field 'shift' must be an integer 0..")
refuses("calc_unique: cages not a table", unique, with(calc, {cages = "AABB"}),
        "calc_unique: field 'cages' must be a table")
refuses("calc_unique: a cell with no cage id", unique,
        with(calc, {cages = {[0] = 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8}}),
        "calc_unique: cages[15] must be an integer cage id")
refuses("calc_unique: a cage id that is a word", unique,
        with(calc, {cages = with(pairs4, {[3] = "two"})}),
        "calc_unique: cages[3] must be an integer cage id")
refuses("calc_text: ops not a table", sudolab.calc_text,
        {grid = g4, cages = pairs4, ops = "+"}, "calc_text: field 'ops' must be a table")

local move = {grid = g4, cages = pairs4, ops = plus8, pair_ops = "+", more_ops = "+",
  max_cage = 3, seed = 1}
refuses("calc_move: max_cage too big", sudolab.calc_move, with(move, {max_cage = 1000}),
        "calc_move: field 'max_cage' must be an integer 1..")
refuses("calc_move: max_cage missing", sudolab.calc_move, with(move, {max_cage = false}),
        "calc_move: field 'max_cage' must be an integer 1..")
refuses("calc_move: seed a table", sudolab.calc_move, with(move, {seed = {}}),
        "calc_move: field 'seed' must be an integer 0..")
expect("calc_move with every field right moves",
       type(select(1, sudolab.calc_move(move))), "table")

local g9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
local killer = {grid = g9, sizes = {2, 3}, seed = 1}
local partition = sudolab.killer_partition
refuses("killer_partition: a size of 0", partition, with(killer, {sizes = {2, 0}}),
        "killer_partition: sizes[2] must be an integer 1..81")
refuses("killer_partition: a size that is a word", partition, with(killer, {sizes = {"two"}}),
        "killer_partition: sizes[1] must be an integer 1..81")
refuses("killer_partition: min_cage past the size", partition, with(killer, {min_cage = 10}),
        "killer_partition: field 'min_cage' must be an integer 1..9")
refuses("killer_partition: most below fewest", partition,
        with(killer, {fewest = 30, most = 20}),
        "killer_partition: field 'most' must be an integer 30..81")
refuses("killer_partition: a negative seed", partition, with(killer, {seed = -5}),
        "killer_partition: field 'seed' must be an integer 0..")
expect("killer_partition with every field right draws",
       type(select(1, partition(killer))), "table")

local kunique = with(killer, {rules = "classic;killer", counts = 1, steps = 1, nodes = 1})
refuses("killer_unique: rules missing", sudolab.killer_unique, with(kunique, {rules = false}),
        "killer_unique: field 'rules' must be a string")
refuses("killer_unique: a zero node budget", sudolab.killer_unique, with(kunique, {nodes = 0}),
        "killer_unique: field 'nodes' must be an integer 1..")
refuses("killer_unique: solutions past 64", sudolab.killer_unique,
        with(kunique, {solutions = 65}), "killer_unique: field 'solutions' must be an integer 2..64")
refuses("killer_unique: steps of 10^18", sudolab.killer_unique,
        with(kunique, {steps = 1000000000000000000}),
        "killer_unique: field 'steps' must be an integer 1..100000000")

refuses("killer_swap names itself, not cages_text", function(cages)
  return sudolab.killer_swap(cages, g9)
end, "AB", "killer_swap: cages: column")

refuses("puzzle: a size of 99", sudolab.puzzle, {size = 99},
        "puzzle: field 'size' must be an integer 1..25")
refuses("puzzle: boxes not a string", sudolab.puzzle, {boxes = 3},
        "puzzle: field 'boxes' must be a string")
refuses("puzzle: rules not a string", sudolab.puzzle, {rules = {}},
        "puzzle: field 'rules' must be a string")
refuses("puzzle: givens not a string", sudolab.puzzle, {givens = true},
        "puzzle: field 'givens' must be a string")
refuses("add_lua_rule: a name that is a table", function(spec)
  return sudolab.puzzle{}:add_lua_rule(spec)
end, {name = {}, check = function() return true end}, "add_lua_rule: field 'name' must be a string")
refuses("suggest: a name that is not a string", function(names)
  return sudolab.suggest("clasic", names)
end, {"classic", 5}, "suggest: names[2] must be a string")
-- A list's length comes from its __len: a negative one indexed the
-- names' array backwards (a crash), and strings an __index made fresh
-- were collected before they were compared.
refuses("suggest: a negative length", function(names)
  return sudolab.suggest("clasic", names)
end, setmetatable({}, {__len = function() return -1000 end}), "suggest: a list of -1000 names")
local fresh = setmetatable({}, {__len = function() return 200 end, __index = function(_, i)
  collectgarbage()
  return "name" .. i .. string.rep("q", 60)
end})
expect("suggest: names made by __index", sudolab.suggest("name7" .. string.rep("q", 60), fresh),
       "name7" .. string.rep("q", 60))

-- A NUL inside a text the engine reads as C does (to its first NUL):
-- "classic\0;killer:..." was taken as "classic" without a word.
refuses("puzzle: rules with a NUL", sudolab.puzzle, {rules = "classic\0;killer:x"},
        "puzzle: field 'rules' must be a string without NUL bytes")
refuses("add_rule: a rule with a NUL", function(rule)
  return sudolab.puzzle{}:add_rule(rule)
end, "diagonal\0x", "'add_rule' (a string without NUL bytes expected)")
refuses("require: a name with a NUL (it loaded 'dig')", require, "dig\0x",
        "require: 'dig\\x00x' is not a module name")
-- Words compared as C strings took what followed a NUL as said.
refuses("dig: \"singles\" and a NUL", function(how)
  return sudolab.puzzle{size = 4, givens = g4}:dig({0, 1}, g4, how)
end, "singles\0x", "dig: the third argument is a rating or \"singles\"")
refuses("calc_text: an op and a NUL", sudolab.calc_text,
        {grid = g4, cages = pairs4, ops = with(plus8, {[1] = "+\0x"})},
        "calc_text: ops[1] must be \"\", \"+\", \"-\", \"x\" or \"/\"")
refuses("cages_text: '?' and a NUL", sudolab.cages_text,
        {cages = "AABBCCDDEEFFGGHH", sums = {"?\0x", 7, 4, 6, 5, 5, 4, 6}},
        "cages_text: cage 1 needs a sum 1..325, or false or '?' for none")
-- A NUL or ESC quoted from the input is shown as \xNN: a NUL cut the
-- message short, an ESC reached the terminal.
refuses("givens: a NUL quoted whole", function(g)
  return sudolab.puzzle{}:givens(g)
end, string.rep(".", 80) .. "\0", "'\\x00' at position 81 is not a digit 1..9 or '.'")
refuses("parse_cages: an ESC quoted", function(map)
  return sudolab.parse_cages(map, 2)
end, "AB\27C", "'\\x1B' names no part")

-- A dig by search tests each removal against its solution: one that
-- breaks a given or a rule dug puzzles of two solutions without a word.
local function dig_with(solution)
  return sudolab.puzzle{size = 4, givens = g4}:dig(1, solution)
end
refuses("dig: a solution that breaks the rules", dig_with, string.rep("1", 16),
        "dig: the solution does not solve the puzzle")
refuses("dig: a grid of the rules, not of the givens", dig_with, "2134342112434312",
        "dig: the solution does not solve the puzzle")
refuses("dig_neighbour: a solution that breaks the rules", function(solution)
  return sudolab.puzzle{size = 4, givens = g4}:dig_neighbour({0, 1, 2}, solution, 1, 1)
end, string.rep("1", 16), "dig_neighbour: the solution does not solve the puzzle")
-- keeps_unique took any solution: given a minimal puzzle's grid with one
-- given's digit swapped for another of its row, it answered true for that
-- given's removal, which leaves two solutions. It checks as the digs do.
local function keeps_with(solution)
  return sudolab.puzzle{size = 4, givens = g4}:keeps_unique({0}, solution)
end
refuses("keeps_unique: a solution that breaks the rules", keeps_with, string.rep("1", 16),
        "keeps_unique: the solution does not solve the puzzle: it breaks a rule or a given")
refuses("keeps_unique: a grid of the rules, not of the givens", keeps_with, "2134342112434312",
        "keeps_unique: the solution does not solve the puzzle")
expect("keeps_unique: the puzzle's own solution is taken", keeps_with(g4), true)
-- The check remembers the last solution that kept the rules (a descent
-- asks hundreds of times of one): a given changed since, or a rule
-- added, is still seen.
local asked = sudolab.puzzle{size = 4, givens = g4}
expect("keeps_unique: asked once", asked:keeps_unique({0}, g4), true)
asked:put(1, 1)
refuses("keeps_unique: a given changed since", function(solution)
  return asked:keeps_unique({0}, solution)
end, g4, "keeps_unique: the solution does not solve the puzzle")
asked:put(1, 2)
expect("keeps_unique: the given put back", asked:keeps_unique({0}, g4), true)
asked:add_rule("diagonal")
refuses("keeps_unique: a rule added since that the solution breaks", function(solution)
  return asked:keeps_unique({0}, solution)
end, g4, "keeps_unique: the solution does not solve the puzzle")

-- Lists whose __len is negative or past 2^32: a negative count of groups
-- wrote below the dig's arrays, one of cells was taken as none
-- (keeps_unique answered true, assign "out of memory"), and (int) of
-- 2^32 + 1 read one cage size.
local function len_of(n)
  return setmetatable({}, {__len = function() return n end, __index = function() return 2 end})
end
local dug = sudolab.puzzle{size = 4, givens = g4}
refuses("groups: a negative count", sudolab.groups, len_of(-1000),
        "groups: a list of -1000 groups, not 0..625")
refuses("dig: a negative count of groups", function(groups)
  return dug:dig(groups, g4)
end, len_of(-1000), "dig: a list of -1000 groups, not 0..16")
refuses("dig: a group of a negative count", function(group)
  return dug:dig({0, group, 1}, g4)
end, len_of(-1), "dig: a list of -1 cells, not 0..16")
refuses("keeps_unique: a negative count", function(cells)
  return dug:keeps_unique(cells, g4)
end, len_of(-1), "keeps_unique: a list of -1 cells, not 0..16")
refuses("assign: a negative count", function(cells)
  local layout = sudolab.killer_layout{grid = g4, cages = pairs4}
  return layout:assign(cells, 1)
end, len_of(-1), "assign: a list of -1 cells, not 0..16")
refuses("killer_partition: 2^32 + 1 sizes", partition,
        with(killer, {sizes = len_of((1 << 32) + 1)}),
        "killer_partition: sizes must list 1 to 64 cage sizes")
refuses("killer_partition: a negative count of sizes", partition,
        with(killer, {sizes = len_of(-1)}), "killer_partition: sizes must list 1 to 64 cage sizes")

-- A proxy list (__len and __index, no entries of its own) is read as
-- every other list of the API: killer's and calcudoku's sizes were read
-- raw, as nils ("sizes[1] must be an integer") or as no list at all.
local function proxy(list)
  return setmetatable({}, {__len = function() return #list end,
                           __index = function(_, i) return list[i] end})
end
local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  for k, v in pairs(a) do if b[k] ~= v then return false end end
  for k, v in pairs(b) do if a[k] ~= v then return false end end
  return true
end
expect("killer_partition: proxied sizes draw the cages plain ones do",
       same(partition(with(killer, {sizes = proxy({2, 3})})), partition(killer)), true)
-- (one count: no unique partition, the same answer either way)
local function answer(cages, why) return type(cages) == "table" and cages or tostring(why) end
expect("killer_unique: proxied sizes answer as plain ones do",
       answer(sudolab.killer_unique(with(kunique, {sizes = proxy({2, 3})}))),
       answer(sudolab.killer_unique(kunique)))
refuses("killer_partition: a proxied size of 0", partition,
        with(killer, {sizes = proxy({2, 0})}), "killer_partition: sizes[2] must be an integer 1..81")
local function calc_cages(sizes)
  math.randomseed(7)
  return sudolab.calc_partition{size = 4, sizes = sizes, min_cage = 2, max_cage = 3,
                                random = math.random}
end
expect("calc_partition: proxied sizes draw the cages plain ones do",
       same(calc_cages(proxy({2, 3})), calc_cages({2, 3})), true)
refuses("calc_partition: a proxied size of 0", calc_cages, proxy({2, 0}),
        "calc_partition: field 'sizes' must be an integer 1..")
-- calcudoku's cages (from cell 0) and ops were read raw too.
local function calc_answer(spec)
  local p, why = unique(with(spec, {tries = 200}))
  return p and p:line() or tostring(why)
end
expect("calc_unique: proxied cages and ops make the puzzle plain ones do",
       calc_answer(with(calc, {cages = proxy(pairs4), ops = proxy(plus8)})), calc_answer(calc))

check.finish()
