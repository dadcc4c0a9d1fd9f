-- marks.lua: generation strategies for variants whose marks are read off a
-- filled grid (kropki dots, XV marks, thermometers, arrows, lines, clues
-- outside the grid). A family says where marks true of a grid can go; the
-- strategies here choose among them and dig the givens, one way for all:
--
--   marks.prune(v, family, grid, opts)   every placed mark, then the
--       givens dug to a minimal set (none when the marks alone are unique;
--       the givens whose check the dig gave up on asked again at the end,
--       at length; then at most opts.givens, so 0 asks for marks alone),
--       then each mark (or symmetric pair of marks) dropped in random order
--       while the puzzle stays unique: a cheap count first, a longer one
--       (up to the last of the family's drop budgets) only where it gave
--       up, so every mark left matters (check --redundant lists none)
--       unless its drop outlasted the last budget
--   marks.bare(v, family, grid, opts)    no givens at all: every mark the
--       grid allows (with the negative constraint where the family has one:
--       unmarked neighbours qualify for no mark), unique or nothing
--   marks.fewest(v, family, grid, opts)  every mark, as bare, and the
--       fewest givens the greedy choice finds: each given the grid's digit
--       in the cell where most of the other solutions differ from it,
--       then each dropped that the others make needless (none when the
--       marks alone are unique; at most opts.givens)
--   marks.graded(v, family, grid, opts)  the placed marks, and the givens
--       dug toward a grade or rating band with the rater (dig.graded)
--
-- Each returns the puzzle (v.build's), then {marks = count}, or nil and
-- why. A puzzle still unique once the variant's rules are dropped (its
-- givens alone a classic sudoku) is refused: the marks would not matter.
--
-- A family is a table:
--   place(grid, n, opts)   a list of marks true of grid (each a table the
--                          family alone reads; m.cells lists its cells)
--   data(marks, opts)      v.build's data for a list of marks (no givens)
--   negative               the data of every mark with the negative
--                          constraint (marks.bare uses it when present)
--   symmetric              marks go on every spot that qualifies: under
--                          --symmetry rotate180 only those whose half-turned
--                          spot has one too are placed
--   relabel                digit maps ("214357698": 1 becomes 2, ...) that
--                          keep every mark true, and why, in words: with
--                          them no puzzle of the family is unique without
--                          givens (each solution relabelled is another), so
--                          no givens is refused at once (marks.check)
--   steps                  the rater's technique keys of the family's rule
--                          (marks.check: a grade below their easiest
--                          rating is refused at once: a graded puzzle
--                          uses its rule)
--   drop_budgets           prune's rounds of search nodes, when not
--                          DROP_BUDGETS: a family whose marks nearly all
--                          stay, each proof of that a long search, stops
--                          sooner and says how often a mark is kept unproved
-- Line families share M.lines, which walks lines over the grid.
local M = {}
local dig = require("dig")

M.strategies = {
  {name = "prune", takes = {symmetry = true, givens = true}},
  {name = "bare", takes = {symmetry = "none", givens = 0}},
  {name = "graded", takes = {grade = true, rating = true, symmetry = true}, needs = {"grade", "rating"}},
  {name = "fewest", takes = {symmetry = "none", givens = true}},
}
-- The strategies of a variant whose marks are lines: prune and graded,
-- each also taking the options named in `extra` ({"lines", "max_line"}).
function M.strategies_with(extra)
  local out = {}
  for _, s in ipairs{M.strategies[1], M.strategies[3]} do -- lines: no bare, no fewest
    local takes = {}
    for k, v in pairs(s.takes) do takes[k] = v end
    for _, k in ipairs(extra) do takes[k] = true end
    out[#out + 1] = {name = s.name, takes = takes, needs = s.needs}
  end
  return out
end
M.line_strategies = M.strategies_with{"lines", "max_line"}

function M.strategy_for(opts)
  return (opts.grade or opts.rating) and "graded" or "prune"
end

-- Search nodes a uniqueness check may take. Whether the marks alone are
-- unique is asked with MAX_NODES (a grid whose marks alone leave a wide
-- search gets givens). Whether a mark can go is asked in rounds, one per
-- budget of DROP_BUDGETS: the first round tries every mark with a cheap
-- count, which settles most drops (a second solution found, or
-- uniqueness proved); each later round asks again, with ten times the
-- nodes or more, only the drops the round before left undecided. The
-- undecided wait for the next round instead of being retried at once: by
-- then the marks that go cheaply are gone, and the searches left are
-- shorter (RESULTS_variants_gen.md has both). A mark stays only when its
-- drop leaves a second solution, or its count gave up at the last budget.
local MAX_NODES = 500
local DROP_BUDGETS = {100, 1000, 10000, 200000}

function M.digit(grid, cell) return tonumber(grid:sub(cell + 1, cell + 1), 36) end

local function unique(p, nodes)
  return p:count(2, nodes or MAX_NODES) == 1
end

local shuffle = dig.shuffle
M.shuffle = shuffle

-- The cell a half turn takes cell to.
local function turned(cell, n) return n * n - 1 - cell end

local function cells_key(cells)
  local sorted = {table.unpack(cells)}
  table.sort(sorted)
  return table.concat(sorted, "-")
end

-- The index of the mark on the half-turned cells of each mark, where the
-- grid has one there.
local function turned_marks(marks, n)
  local at, image_of = {}, {}
  for i, m in ipairs(marks) do at[cells_key(m.cells)] = i end
  for i, m in ipairs(marks) do
    local image = {}
    for k, c in ipairs(m.cells) do image[k] = turned(c, n) end
    image_of[i] = at[cells_key(image)]
  end
  return image_of
end

-- Groups of mark indices dropped together: under rotate180, a mark and
-- the mark on its half-turned cells; each mark alone otherwise (the other
-- symmetries shape the givens only).
local function mark_groups(marks, n, symmetry)
  local image_of = symmetry == "rotate180" and turned_marks(marks, n) or {}
  local groups, seen = {}, {}
  for i in ipairs(marks) do
    if not seen[i] then
      seen[i] = true
      local group, j = {i}, image_of[i]
      if j and not seen[j] then seen[j] = true; group[2] = j end
      groups[#groups + 1] = group
    end
  end
  return shuffle(groups)
end

-- Under rotate180, the marks of a family that places them on every spot
-- that qualifies (family.symmetric) are kept only where the half-turned
-- spot holds one too, so the puzzle's marks are symmetric.
local function symmetric_only(marks, n)
  local image_of, out = turned_marks(marks, n), {}
  for i, m in ipairs(marks) do if image_of[i] then out[#out + 1] = m end end
  return out
end

local function build(v, family, marks, opts, givens)
  local data = family.data(marks, opts)
  data.givens = givens
  return v.build(data)
end

local function kept(marks, keep)
  local out = {}
  for i, m in ipairs(marks) do if keep[i] then out[#out + 1] = m end end
  return out
end

local function clue_count(givens)
  local _, blanks = givens:gsub("%.", "")
  return #givens - blanks
end

-- The puzzle's givens alone, as a classic sudoku: unique means the marks
-- add nothing.
function M.matters(p)
  local plain = sudolab.puzzle{size = p:size(), givens = p:givens()}
  return plain:count(2) ~= 1
end

local function finish(p, count)
  if not M.matters(p) then return nil, "unique without its marks" end
  return p, {marks = count}
end

local function set_kept(keep, group, value)
  for _, i in ipairs(group) do keep[i] = value end
end

-- Rounds of drops, one per budget of budgets: each group in turn goes
-- (drop(group)) when count_without(group, nodes), the count within nodes
-- of the puzzle without it and without every group gone so far, is 1; a
-- group whose count finds a second solution stays, and one whose count
-- gives up is asked again in the next round. A group that stays is needed
-- for good: dropping others only adds solutions.
local function drop_in_rounds(groups, budgets, count_without, drop)
  for _, nodes in ipairs(budgets) do
    local undecided = {}
    for _, group in ipairs(groups) do
      local count = count_without(group, nodes)
      if count == 1 then drop(group) elseif not count then undecided[#undecided + 1] = group end
    end
    groups = undecided
  end
end

-- The givens of the groups p:dig kept only because a check gave up
-- (past sudolab.dig_nodes) are asked again once the marks are settled,
-- within those of the family's drop budgets that are larger.
local function given_budgets(budgets)
  local out = {}
  for _, nodes in ipairs(budgets) do
    if nodes > sudolab.dig_nodes then out[#out + 1] = nodes end
  end
  return out
end

-- Why a puzzle of `count` givens is refused under --givens `limit` (nil
-- when it fits or there is no limit).
local function too_many_givens(count, limit)
  if limit and count > limit then
    return string.format("%d givens needed, more than --givens %d", count, limit)
  end
end

-- The cells of a list of groups.
local function cells_in(groups)
  local count = 0
  for _, group in ipairs(groups) do count = count + #group end
  return count
end

-- Givens with the cells of group blanked.
local function blanked(givens, group)
  for _, cell in ipairs(group) do givens = givens:sub(1, cell) .. "." .. givens:sub(cell + 2) end
  return givens
end

function M.prune(v, family, grid, opts)
  local n = math.tointeger(math.sqrt(#grid))
  local symmetry = opts.symmetry or "none"
  local marks = family.place(grid, n, opts)
  if family.symmetric and symmetry == "rotate180" then marks = symmetric_only(marks, n) end
  if #marks == 0 then return nil, "no marks fit the grid" end
  local p = build(v, family, marks, opts, nil)
  local budgets = family.drop_budgets or DROP_BUDGETS
  local second_look = given_budgets(budgets)
  local undecided_givens = {}
  if not unique(p) then
    if opts.givens == 0 then return nil, "not unique without givens" end
    p:givens(grid)
    local _, undecided = p:dig(dig.orbits(n, symmetry), grid)
    undecided_givens = undecided or {}
    -- The givens' second look (below) takes away at most the undecided
    -- ones: a grid with more than --givens besides those cannot fit, and
    -- goes before its marks are dropped.
    local fewest = clue_count(p:givens()) - (#second_look > 0 and cells_in(undecided_givens) or 0)
    local refused = too_many_givens(fewest, opts.givens)
    if refused then return nil, refused end
  end
  local givens = p:givens()
  local keep = {}
  for i = 1, #marks do keep[i] = true end
  drop_in_rounds(mark_groups(marks, n, symmetry), budgets,
    function(group, nodes)
      set_kept(keep, group, false)
      local count = build(v, family, kept(marks, keep), opts, givens):count(2, nodes)
      set_kept(keep, group, true)
      return count
    end,
    function(group) set_kept(keep, group, false) end)
  marks = kept(marks, keep)
  drop_in_rounds(undecided_givens, second_look,
    function(group, nodes) return build(v, family, marks, opts, blanked(givens, group)):count(2, nodes) end,
    function(group) givens = blanked(givens, group) end)
  local refused = too_many_givens(clue_count(givens), opts.givens)
  if refused then return nil, refused end
  return finish(build(v, family, marks, opts, givens), #marks)
end

-- The puzzle of every mark true of grid, no givens (its negative
-- constraint too: no mark where none is shown), and the marks.
local function every_mark(v, family, grid, opts)
  local n = math.tointeger(math.sqrt(#grid))
  local marks = family.place(grid, n, setmetatable({every = true}, {__index = opts}))
  local data = family.data(marks, opts)
  data.negative = family.negative
  return v.build(data), marks
end

function M.bare(v, family, grid, opts)
  local p, marks = every_mark(v, family, grid, opts)
  if not unique(p) then return nil, "not unique without givens" end
  return finish(p, #marks)
end

-- Solutions fewest lists at once, and the search nodes it may take: a
-- grid whose marks leave more is given the givens chosen from those
-- listed, then listed again; one whose marks leave a wide search is not
-- suited (the next grid is).
local SOLUTIONS, SOLUTION_NODES = 64, 2000

-- The empty cell where most of found differ from grid (ties broken at
-- random).
local function splitting_cell(p, grid, found)
  local cells = {}
  for cell = 0, #grid - 1 do if p:get(cell) == 0 then cells[#cells + 1] = cell end end
  local best, most = nil, -1
  for _, cell in ipairs(shuffle(cells)) do
    local digit, differ = grid:sub(cell + 1, cell + 1), 0
    for _, s in ipairs(found) do
      if s:sub(cell + 1, cell + 1) ~= digit then differ = differ + 1 end
    end
    if differ > most then best, most = cell, differ end
  end
  return best
end

function M.fewest(v, family, grid, opts)
  local p, marks = every_mark(v, family, grid, opts)
  local placed = {}
  while true do
    local found = p:solutions(SOLUTIONS, SOLUTION_NODES)
    if not found then return nil, "the marks leave too wide a search" end
    if #found <= 1 then break end
    local cell = splitting_cell(p, grid, found)
    p:put(cell, M.digit(grid, cell))
    placed[#placed + 1] = cell
  end
  -- A given chosen early may be needless once the later ones are in.
  for _, cell in ipairs(#placed > 1 and shuffle(placed) or {}) do
    p:put(cell, 0)
    if p:count(2, SOLUTION_NODES) ~= 1 then p:put(cell, M.digit(grid, cell)) end
  end
  local count = clue_count(p:givens())
  if opts.givens and count > opts.givens then
    return nil, string.format("more than --givens %d needed", opts.givens)
  end
  return finish(p, #marks)
end

function M.graded(v, family, grid, opts)
  local n = math.tointeger(math.sqrt(#grid))
  local marks = family.place(grid, n, opts)
  if #marks == 0 then return nil, "no marks fit the grid" end
  local p = build(v, family, marks, opts, grid)
  local settings = setmetatable({symmetry = opts.symmetry or "none"}, {__index = opts})
  local q, why, tally = dig.graded(p, grid, settings)
  if not q then return nil, why, tally end
  local made, info = finish(q, #marks)
  -- dig.graded has checked every rule's use: generate.lua need not rate again.
  if made then info.rules_checked = why.rules_checked end
  return made, info
end

-- The variant's check of a request (generate.lua calls v.check before
-- any puzzle), refusing at once what the family cannot make: no givens
-- where a digit relabelling keeps every mark (family.relabel), and a
-- grade or rating band below the easiest step of the family's rule
-- (family.steps), which every graded puzzle takes.
local function check_relabel(v, family, opts)
  local strategy = opts.strategy or v.strategy_for(opts)
  if family.relabel and (strategy == "bare" or opts.givens == 0) then
    error(string.format("%s cannot be unique without givens: %s, so every solution has a "
                        .. "twin; --strategy fewest gives every mark and the fewest givens",
                        v.name, family.relabel.why), 0)
  end
end

local function check_band(v, family, opts)
  dig.check_steps(v.name, opts, family.steps)
end

function M.check(v, family)
  return function(opts)
    check_relabel(v, family, opts)
    check_band(v, family, opts)
  end
end

-- The reasons grids gave, most often given first: "why" alone when every
-- grid gave it, else "why (N grids), other (M grids)".
function M.reasons(whys)
  local list = {}
  for why, count in pairs(whys) do list[#list + 1] = {why, count} end
  table.sort(list, function(a, b) return a[2] > b[2] or (a[2] == b[2] and a[1] < b[1]) end)
  if #list == 1 then return list[1][1] end
  for i, r in ipairs(list) do list[i] = string.format("%s (%d grids)", r[1], r[2]) end
  return table.concat(list, ", ")
end

-- The generate function of a variant of family: a fresh grid per attempt
-- (from the puzzle's seed) until a strategy makes a puzzle. A request
-- that cannot be met (a grade too far, givens too few) runs out of
-- attempts and says why.
function M.generator(v, family)
  return function(opts)
    local strategy = opts.strategy or M.strategy_for(opts)
    local make = M[strategy]
    if type(make) ~= "function" or strategy == "generator" then
      error("unknown " .. v.name .. " strategy '" .. tostring(strategy) .. "' (prune, bare, graded, fewest)", 0)
    end
    local settings = setmetatable({}, {__index = opts})
    settings.symmetry = opts.symmetry or v.defaults.symmetry
    if opts.grade and not opts.rating then settings.rating = dig.grade_band(opts.grade) end
    local blank = sudolab.puzzle{size = v.size}
    -- A graded run rates each grid's puzzle, many times: fewer grids.
    local attempts = opts.attempts or (strategy == "graded" and 40 or 200)
    local whys = {} -- each reason a grid gave, and how many gave it
    local refused = 0 -- grids whose puzzle left a rule unused (dig.graded)
    for attempt = 0, attempts - 1 do
      local grid = blank:fill((opts.seed + attempt * 0x9E3779B9) & math.maxinteger)
      local p, info, tally = make(v, family, grid, settings)
      if p then
        if refused > 0 then info.unused_rules = refused end
        return p, info
      end
      if tally and tally.unused_rules then refused = refused + 1 end
      whys[info] = (whys[info] or 0) + 1
    end
    return nil, string.format("%s (after %d grids)", M.reasons(whys), attempts)
  end
end

-- Edge families: a mark on each pair of orthogonal neighbours whose
-- digits qualify. kinds: {name, test(a, b)}, the first that holds names
-- the mark. data(pairs by kind) makes the build data.
function M.edges(kinds, to_data, negative)
  local family = {negative = negative, symmetric = true}
  function family.place(grid, n)
    local marks = {}
    for cell = 0, n * n - 1 do
      for _, other in ipairs{cell + 1, cell + n} do
        if (other == cell + 1 and other % n ~= 0) or (other == cell + n and other < n * n) then
          local a, b = M.digit(grid, cell), M.digit(grid, other)
          for _, kind in ipairs(kinds) do
            if kind[2](a, b) then
              marks[#marks + 1] = {kind = kind[1], cells = {cell, other}}
              break
            end
          end
        end
      end
    end
    return marks
  end
  function family.data(marks)
    local lists = {}
    for _, kind in ipairs(kinds) do lists[kind[1]] = {} end
    for _, m in ipairs(marks) do
      local list = lists[m.kind]
      list[#list + 1] = m.cells[1] .. "-" .. m.cells[2]
    end
    for name, list in pairs(lists) do lists[name] = table.concat(list, ",") end
    return to_data(lists)
  end
  return family
end

-- The king's-move neighbours of a cell, unused ones only.
local function free_neighbours(cell, n, used)
  local r, c, out = cell // n, cell % n, {}
  for dr = -1, 1 do
    for dc = -1, 1 do
      local r2, c2 = r + dr, c + dc
      if (dr ~= 0 or dc ~= 0) and r2 >= 0 and r2 < n and c2 >= 0 and c2 < n then
        local other = r2 * n + c2
        if not used[other] then out[#out + 1] = other end
      end
    end
  end
  return out
end
M.free_neighbours = free_neighbours

-- Lines over the grid, no two sharing a cell: up to opts.lines of them,
-- each of opts.min_line..opts.max_line cells, grown by random king's moves
-- from random cells. step(path, cell, grid) says whether cell may extend
-- path; done(path, grid) whether a path is a line (the longest prefix
-- that is one is kept).
function M.lines(grid, n, opts, step, done)
  local used, lines = {}, {}
  local cells = {}
  for cell = 0, n * n - 1 do cells[#cells + 1] = cell end
  shuffle(cells)
  local want, low, high = opts.lines or 8, opts.min_line or 3, opts.max_line or 6
  low = math.min(low, high)
  for _, start in ipairs(cells) do
    if #lines >= want then break end
    if not used[start] then
      local path, best = {start}, nil
      local target = math.random(low, high)
      used[start] = true
      while #path < target do
        local options = {}
        for _, c in ipairs(free_neighbours(path[#path], n, used)) do
          if step(path, c, grid) then options[#options + 1] = c end
        end
        if #options == 0 then break end
        local c = options[math.random(#options)]
        path[#path + 1], used[c] = c, true
        if #path >= low and done(path, grid) then best = #path end
      end
      for i = (best or 0) + 1, #path do used[path[i]] = nil end
      if best then
        local line = {}
        for i = 1, best do line[i] = path[i] end
        lines[#lines + 1] = {cells = line}
      end
    end
  end
  return lines
end

-- A line family: M.lines with step and done, built as data[key] = "a-b-c,...".
function M.line_family(key, step, done, defaults)
  local family = {}
  function family.place(grid, n, opts)
    local settings = setmetatable({}, {__index = function(_, k)
      if opts[k] ~= nil then return opts[k] end
      return defaults and defaults[k]
    end})
    return M.lines(grid, n, settings, step, done or function() return true end)
  end
  function family.data(marks)
    local parts = {}
    for i, m in ipairs(marks) do parts[i] = table.concat(m.cells, "-") end
    return {[key] = table.concat(parts, ",")}
  end
  return family
end

return M
