-- palindrome.lua: each line reads the same from either end.
-- build{lines = "a-b-c,d-e,...", givens = ...}
local marks = require("marks")
local v = require("variant").make{
  name = "palindrome",
  summary = "palindrome: each grey line reads the same from either end",
  description = "Classic rules; every line reads the same from either end: cells at the same distance from its two ends hold the same digit.",
  rules = "classic;palindrome",
  defaults = {symmetry = "none", lines = 8, min_line = 3, max_line = 9},
  build = function(data)
    return sudolab.puzzle{rules = "classic;palindrome:" .. data.lines, givens = data.givens}
  end,
}

-- A palindrome grown from its middle cell: both ends step by king's moves
-- onto two new cells holding the same digit, up to `target` cells.
local function grow(grid, n, used, middle, target)
  local left, right = {middle}, {middle}
  used[middle] = true
  while 2 * #left + 1 <= target + 1 do
    local options = {}
    for _, a in ipairs(marks.free_neighbours(left[#left], n, used)) do
      for _, b in ipairs(marks.free_neighbours(right[#right], n, used)) do
        if a ~= b and marks.digit(grid, a) == marks.digit(grid, b) then options[#options + 1] = {a, b} end
      end
    end
    if #options == 0 or 2 * #left + 1 > target then break end
    local pick = options[math.random(#options)]
    left[#left + 1], right[#right + 1] = pick[1], pick[2]
    used[pick[1]], used[pick[2]] = true, true
  end
  local line = {}
  for i = #left, 1, -1 do line[#line + 1] = left[i] end
  for i = 2, #right do line[#line + 1] = right[i] end
  return line
end

-- Generation (scripts/marks.lua): palindromes grown from random middles
-- (opts.lines of opts.min_line..max_line cells, odd lengths), kept where
-- they matter.
v.family = {
  place = function(grid, n, opts)
    local want = opts.lines or v.defaults.lines
    local high = opts.max_line or v.defaults.max_line
    local low = math.min(opts.min_line or v.defaults.min_line, high)
    local used, lines, cells = {}, {}, {}
    for cell = 0, n * n - 1 do cells[#cells + 1] = cell end
    for _, middle in ipairs(marks.shuffle(cells)) do
      if #lines >= want then break end
      if not used[middle] then
        local line = grow(grid, n, used, middle, math.random(low, high))
        if #line >= low then
          lines[#lines + 1] = {cells = line}
        else
          for _, c in ipairs(line) do used[c] = nil end
        end
      end
    end
    return lines
  end,
  data = function(list)
    local parts = {}
    for i, m in ipairs(list) do parts[i] = table.concat(m.cells, "-") end
    return {lines = table.concat(parts, ",")}
  end,
}
v.strategies, v.strategy_for = marks.line_strategies, marks.strategy_for
v.family.steps = {"palindrome-line"}
v.generate = marks.generator(v, v.family)
v.check = marks.check(v, v.family)
return v
