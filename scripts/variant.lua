-- variant.lua: the shape every variant file shares. variant.make{...}
-- fills in the defaults (a 9x9 grid with 3x3 boxes, rotational symmetry)
-- and, for a variant whose rules need no per-puzzle data, the build
-- function and a generate function that digs a random grid (dig.lua); a
-- variant with data passes its own build and generate.
local M = {}

-- The classic-family generator: a random grid of the variant's rules, dug
-- by the strategy opts.strategy names (or the one opts imply: clues ->
-- exact, grade or rating -> graded, a symmetry -> symmetric).
M.unused_rule_limit = 25
-- A variant's prepare that fails this many times in a row, never giving a
-- grid to dig, is taken as unable to: each try may cost a second, and a
-- grade's 10,000 grids would run for hours.
M.prepare_limit = 100

function M.dig_generator(v)
  -- One empty puzzle per size fills every grid and one more is dug, each
  -- reused from puzzle to puzzle: their rules are compiled once. (The dug
  -- puzzle returned is this shared one: a caller reads it before the next.)
  local blank, work = {}, {}
  local function once(opts, seed, reached)
    local dig = require("dig")
    local size = opts.size or v.size
    local p, solution, why
    if v.prepare then -- rules with per-puzzle data: the variant makes them
      local final
      p, solution, final = v.prepare(opts, seed)
      if not p then
        return nil, solution or "no grid for the variant's data", final == "final" and final or "prepare"
      end
    else
      blank[size] = blank[size] or v.build{size = opts.size}
      solution, why = blank[size]:fill(seed)
      -- An empty grid its rules prove unfillable stays so for every seed:
      -- the variant's rules are wrong, and no other grid is tried.
      if not solution and why == "no solution" then
        return nil, string.format("variant %s: its rules leave an empty %dx%d grid no solution",
                                  v.name, size, size), "final"
      end
      if not solution then return nil, "no grid: " .. tostring(why) end
      work[size] = work[size] or v.build{size = opts.size}
      p = work[size]
      p:givens(solution)
    end
    local strategy = opts.strategy or dig.strategy_for(opts, v)
    local dig_with = dig[strategy]
    if type(dig_with) ~= "function" or strategy == "orbits" then
      error("unknown strategy '" .. tostring(strategy) .. "' (random, symmetric, exact, graded)", 0)
    end
    local settings = setmetatable({symmetry = opts.symmetry or v.defaults.symmetry,
                                   deduce = v.deduce_dig, reached = reached}, {__index = opts})
    return dig_with(p, solution, settings)
  end
  -- A strategy that can miss (a grade the grid cannot give, a clue count
  -- it cannot reach) tries further grids, each from the puzzle's seed.
  -- An exact clue count gets few grids (each may search long); a grade,
  -- many (each is quick, and a rare grade such as beyond may miss on a few
  -- thousand grids in a row). A strategy that knows no grid can help says
  -- so with a third result, "final", and so may a variant's prepare (one
  -- whose failures show its own code wrong: they would repeat alike).
  -- Grids whose graded puzzle left a rule unused are counted (a
  -- statistic); after M.unused_rule_limit of them the grade is taken as
  -- too easy for the rules' own steps.
  return function(opts)
    local why
    local attempts = opts.attempts or (opts.clues and 10 or 10000)
    local refused, unprepared = 0, 0
    local reached = {} -- the hardest rating a graded dig met (dig.lua, note_reached)
    for attempt = 0, attempts - 1 do
      local p, info_or_why, info = once(opts, (opts.seed + attempt * 0x9E3779B9) & math.maxinteger, reached)
      if p then
        if refused > 0 and type(info_or_why) == "table" then info_or_why.unused_rules = refused end
        return p, info_or_why, info
      end
      why = info_or_why
      if info == "final" then break end
      unprepared = info == "prepare" and unprepared + 1 or 0
      if unprepared >= M.prepare_limit then
        return nil, string.format("%s (the variant's prepare made no puzzle in %d tries)", why, unprepared)
      end
      if type(info) == "table" and info.unused_rules then
        refused = refused + 1
        if refused >= M.unused_rule_limit then
          return nil, string.format("%s in %d grids: the grade may be too easy for the rule", why, refused)
        end
      end
    end
    return nil, why
  end
end

-- A variant whose rules carry per-puzzle data (odd/even marks, jigsaw
-- regions) digs too when it has v.prepare(opts, seed): a puzzle of the
-- variant with fresh data and a solution as its givens, and the solution.
--
-- For the generator's checks (generate.lua) a variant that generates says
-- what it takes: v.sizes, the grid sizes (a list, or {from = a, to = b};
-- default: any size when the rules do not depend on it, else v.size alone)
-- and v.sizes_why, why not others (for the refusal),
-- v.strategies (dig.strategies' shape) and v.strategy_for(opts, v), the
-- strategy a request that names none gets. v.deduce_dig: the rules' own
-- techniques are the whole solve (no houses: no classic technique ever
-- applies), so a graded dig digs by them and reads the rating off them
-- (dig.lua). What its graded puzzles reach (dig.check_reach refuses the
-- rest before a run): v.easiest_steps, the rater's keys of a rule every
-- graded puzzle uses (none rates below the easiest); v.hardest_steps,
-- those of rules whose own steps alone solve its puzzles (none rates
-- above the hardest); v.grades_by_size[n], the grades its n x n puzzles
-- reach, where some are never met (a size not listed reaches them all);
-- v.shallow_search_to, the largest size whose puzzles' search fallback
-- stays far below the nodes a rating above sudolab.technique_top(n)
-- needs (2^18 at 9x9; scripts/RESULTS.md, tidy6), so a band above that is
-- refused.
-- v.generator(request), optional: the generate function of a whole run,
-- for settings that depend on the request alone (generate.lua calls it
-- once, then what it returns with each puzzle's seed).
-- A variant whose rules are whole (no per-puzzle data) has them read
-- once as it loads: a misspelt rule or bad data is then the setter's
-- slip at the file that called make, not an error of this file's build
-- on the first puzzle.
local function check_rules(v)
  local ok, why = pcall(sudolab.puzzle, {size = v.size, boxes = v.boxes, rules = v.rules})
  if not ok then
    why = tostring(why):gsub("^[^\n]-%.lua:%d+: ", "", 1)
    error(string.format("variant %s: its rules '%s': %s", tostring(v.name), tostring(v.rules), why), 3)
  end
end

function M.make(v)
  v.size = v.size or 9
  v.boxes = v.boxes or "3x3"
  v.defaults = v.defaults or {symmetry = "rotate180"}
  if v.prepare and not v.generate then v.generate = M.dig_generator(v) end
  if not v.strategies and (v.prepare or not v.build) then
    local dig = require("dig")
    v.strategies, v.strategy_for = dig.strategies, dig.strategy_for
  end
  if not v.sizes then v.sizes = v.build and {v.size} or {from = 1, to = 25} end
  if not v.build then
    check_rules(v)
    -- data.size: another size than the variant's (its boxes then the most
    -- square shape), for variants whose rules do not depend on the size.
    v.build = function(data)
      local size = data.size or v.size
      local boxes = size == v.size and v.boxes or nil
      return sudolab.puzzle{size = size, boxes = boxes, rules = v.rules, givens = data.givens}
    end
    v.generate = v.generate or M.dig_generator(v)
  end
  return v
end

-- The rules text of classic plus one relation rule over several tables:
-- tables is a list of {table_text, pairs_text}; empty pair lists are left out.
function M.relation_rules(tables)
  local parts = {}
  for _, t in ipairs(tables) do
    if t[2] and t[2] ~= "" then parts[#parts + 1] = t[1] .. ":" .. t[2] end
  end
  if #parts == 0 then return "classic" end
  return "classic;relation:" .. table.concat(parts, "|")
end

-- The orthogonal neighbour pairs of a 9x9 grid that none of the given
-- pair lists ("a-b,...") mentions: where a puzzle gives every mark, the
-- unmarked pairs obey the negative constraint.
function M.unmarked(...)
  local marked, out = {}, {}
  for _, list in ipairs{...} do
    for a, b in (list or ""):gmatch("(%d+)-(%d+)") do
      a, b = tonumber(a), tonumber(b) -- math.min would compare the strings
      marked[math.min(a, b) .. "-" .. math.max(a, b)] = true
    end
  end
  local cells = require("cells")
  for a, b in cells.pairs_at(9, cells.orthogonal):gmatch("(%d+)-(%d+)") do
    if not marked[a .. "-" .. b] then out[#out + 1] = a .. "-" .. b end
  end
  return table.concat(out, ",")
end

return M
