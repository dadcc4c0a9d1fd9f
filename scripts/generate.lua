-- generate.lua: what `sudolab generate` runs for each puzzle. The command
-- calls maker(variant, opts) once per job and then the function it returns
-- once per puzzle, with that puzzle's seed (derived from --seed and the
-- puzzle's index, so any shard or job makes the same puzzle).
--
-- The function returns the puzzle's line, then a table of statistics
-- (clues or cages, rating and grade when asked), or nil and why.
local M = {}

local function stats_of(p, opts, info)
  local s = {}
  local _, blanks = p:givens():gsub("%.", "")
  s.clues = p:size() ^ 2 - blanks
  if info and info.cages then s.cages = info.cages end
  if info and info.trace then -- annealing's energies, for reports
    local parts = {}
    for i, e in ipairs(info.trace) do parts[i] = string.format("%.4g", e) end
    s.trace = table.concat(parts, ",")
  end
  if info and info.cage_sizes then s.cage_sizes = info.cage_sizes end
  if opts.want_rating then
    local r = p:rate()
    if r then
      s.rating, s.grade = r.rating, r.grade
      local keys = {}
      for key in pairs(r.techniques) do keys[#keys + 1] = key end
      table.sort(keys)
      for i, key in ipairs(keys) do keys[i] = key .. ":" .. r.techniques[key] end
      s.techniques = table.concat(keys, ",")
    end
  end
  return s
end

function M.maker(name, opts)
  local v = require(name)
  if type(v.generate) ~= "function" then
    error("variant " .. name .. " has no generate function", 0)
  end
  return function(seed)
    math.randomseed(seed)
    local settings = setmetatable({seed = seed}, {__index = opts})
    local p, why, info = v.generate(settings)
    if not p then return nil, why or "the generator made nothing" end
    if type(why) == "table" then info = why end
    local line = (p:rules() == "classic" and p:size() <= 9) and p:givens() or p:line()
    return line, stats_of(p, opts, info)
  end
end

return M
