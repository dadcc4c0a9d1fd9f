-- xcheck_grid.lua: checks a solved grid against its puzzle's rules, read
-- from the puzzle's own text with no help from the sudolab module, so a
-- wrong answer of the engine cannot hide behind the same parsing.
--   sudolab run scripts/xcheck_grid.lua 'PUZZLE' SOLUTION [VARIANT]
-- PUZZLE is a classic line of N*N symbols or 'sudolab N BOXES RULES
-- GIVENS'; SOLUTION the grid as `solve` prints it. VARIANT adds the
-- variant's geometry the pairs must cover (antiknight, antiking,
-- nonconsecutive). Prints "ok" or every broken rule, one line each.
local puzzle, solution, variant = ...
local problems = {}
local function fail(fmt, ...) problems[#problems + 1] = string.format(fmt, ...) end

local function digit_of(ch)
  if ch:match("%d") then return tonumber(ch) end
  if ch:match("%u") then return ch:byte() - 55 end
  return 0
end

local n, boxes, rules, givens
if puzzle:sub(1, 8) == "sudolab " then
  local ns, bs, rs, gs = puzzle:match("^sudolab (%d+) (%S+) (%S+) (%S+)$")
  n, boxes, rules, givens = tonumber(ns), bs, rs, gs
else
  n = math.floor(math.sqrt(#puzzle) + 0.5)
  local r = math.floor(math.sqrt(n))
  while n % r ~= 0 do r = r - 1 end
  boxes, rules, givens = r == 1 and "none" or (r .. "x" .. (n // r)), "classic", puzzle
end
if not n or #givens ~= n * n then print("bad puzzle"); return end
if #solution ~= n * n then print("bad solution length " .. #solution); return end

local g = {}
for i = 1, n * n do
  g[i - 1] = digit_of(solution:sub(i, i))
  local given = digit_of(givens:sub(i, i))
  if g[i - 1] < 1 or g[i - 1] > n then fail("cell %d holds %s", i - 1, solution:sub(i, i)) end
  if given > 0 and given ~= g[i - 1] then fail("given %d changed", i - 1) end
end

local function distinct(cells, what)
  local seen = {}
  for _, c in ipairs(cells) do
    if seen[g[c]] then fail("%s repeats %d", what, g[c]) end
    seen[g[c]] = true
  end
end
local function numbers(text, sep)
  local out = {}
  for x in text:gmatch("[^" .. sep .. "]+") do out[#out + 1] = tonumber(x) end
  return out
end
local function map_cells(map)
  local width = #map == 2 * n * n and 2 or 1
  local order, cages = {}, {}
  for c = 0, n * n - 1 do
    local sym = map:sub(c * width + 1, c * width + width)
    if sym ~= "." and sym ~= ".." then
      if not cages[sym] then cages[sym] = {}; order[#order + 1] = sym end
      table.insert(cages[sym], c)
    end
  end
  local list = {}
  for i, sym in ipairs(order) do list[i] = cages[sym] end
  return list
end

-- The cells of the h x w block whose top-left cell is (r0, c0).
local function block(r0, c0, h, w)
  local cells = {}
  for r = r0, r0 + h - 1 do for c = c0, c0 + w - 1 do cells[#cells + 1] = r * n + c end end
  return cells
end

local function houses()
  for r = 0, n - 1 do
    local row, col = {}, {}
    for c = 0, n - 1 do row[#row + 1] = r * n + c; col[#col + 1] = c * n + r end
    distinct(row, "row " .. r + 1); distinct(col, "column " .. r + 1)
  end
  local br, bc = boxes:match("(%d+)x(%d+)")
  if not br then return end
  br, bc = tonumber(br), tonumber(bc)
  for b0 = 0, n - 1, br do
    for b1 = 0, n - 1, bc do
      distinct(block(b0, b1, br, bc), "box at " .. b0 .. "," .. b1)
    end
  end
end

local function paths(text)
  local out = {}
  for p in text:gmatch("[^,]+") do out[#out + 1] = numbers(p, "-") end
  return out
end

local check = {}
check.classic = houses
check.jigsaw = function(a)
  for i, region in ipairs(map_cells(a)) do distinct(region, "region " .. i) end
end
check.extra = check.jigsaw
check.diagonal = function(a)
  local fall, rise = {}, {}
  for i = 0, n - 1 do fall[#fall + 1] = i * n + i; rise[#rise + 1] = (n - 1 - i) * n + i end
  if a ~= "+" then distinct(fall, "falling diagonal") end
  if a ~= "-" then distinct(rise, "rising diagonal") end
end
check.windoku = function()
  local b = math.floor(math.sqrt(n) + 0.5)
  for r0 = 1, n - 1 - b, b + 1 do
    for c0 = 1, n - 1 - b, b + 1 do
      distinct(block(r0, c0, b, b), "window at " .. r0 .. "," .. c0)
    end
  end
end
check.oddeven = function(a)
  for c = 0, n * n - 1 do
    local m = a:sub(c + 1, c + 1)
    if (m == "o" and g[c] % 2 == 0) or (m == "e" and g[c] % 2 == 1) then fail("mark %s at %d", m, c) end
  end
end
check.differ = function(a)
  for _, p in ipairs(paths(a)) do if g[p[1]] == g[p[2]] then fail("pair %d-%d equal", p[1], p[2]) end end
end
check.relation = function(a)
  for part in a:gmatch("[^|]+") do
    local tab, pairs_text = part:match("^([^:]+):(.*)$")
    local masks = {}
    for m in tab:gmatch("[^.]+") do masks[#masks + 1] = tonumber(m, 16) end
    for _, p in ipairs(paths(pairs_text)) do
      local d, e = g[p[1]], g[p[2]]
      if (masks[d] >> (e - 1)) & 1 == 0 then fail("relation %d-%d breaks (%d,%d)", p[1], p[2], d, e) end
    end
  end
end
check.thermo = function(a)
  for _, p in ipairs(paths(a)) do
    for i = 2, #p do if g[p[i]] <= g[p[i - 1]] then fail("thermo at %d", p[i]) end end
  end
end
check.whispers = function(a)
  for _, p in ipairs(paths(a)) do
    for i = 2, #p do
      if math.abs(g[p[i]] - g[p[i - 1]]) < (n + 1) // 2 then fail("whispers at %d", p[i]) end
    end
  end
end
check.renban = function(a)
  for _, p in ipairs(paths(a)) do
    distinct(p, "renban")
    local lo, hi = n, 1
    for _, c in ipairs(p) do lo = math.min(lo, g[c]); hi = math.max(hi, g[c]) end
    if hi - lo ~= #p - 1 then fail("renban at %d not consecutive", p[1]) end
  end
end
check.palindrome = function(a)
  for _, p in ipairs(paths(a)) do
    for i = 1, #p do if g[p[i]] ~= g[p[#p + 1 - i]] then fail("palindrome at %d", p[i]) end end
  end
end
check.between = function(a)
  for _, p in ipairs(paths(a)) do
    local lo, hi = math.min(g[p[1]], g[p[#p]]), math.max(g[p[1]], g[p[#p]])
    for i = 2, #p - 1 do
      if g[p[i]] <= lo or g[p[i]] >= hi then fail("between at %d", p[i]) end
    end
  end
end
check.sum = function(a)
  for entry in a:gmatch("[^,]+") do
    local lhs, rhs = entry:match("^([^=]+)=(.*)$")
    local total = 0
    for _, c in ipairs(numbers(lhs, "+")) do total = total + g[c] end
    local want = 0
    if rhs:sub(1, 1) == "@" then
      for c in rhs:gmatch("@(%d+)") do want = want * 10 + g[tonumber(c)] end
    else
      want = tonumber(rhs)
    end
    if total ~= want then fail("sum %s: %d", entry, total) end
  end
end
check.sandwich = function(a)
  for kind, line, want in a:gmatch("([rc])(%d+)=(%d+)") do
    local cells = {}
    for i = 0, n - 1 do
      local l = tonumber(line) - 1
      cells[#cells + 1] = kind == "r" and l * n + i or i * n + l
    end
    local inside, total, ends = false, 0, 0
    for _, c in ipairs(cells) do
      if g[c] == 1 or g[c] == n then ends = ends + 1; inside = not inside
      elseif inside then total = total + g[c] end
    end
    if ends ~= 2 or total ~= tonumber(want) then fail("sandwich %s%s: %d", kind, line, total) end
  end
end
-- A cage rule's argument MAP:TARGETS: its cages' cells and their
-- comma-separated targets, in order.
local function cages_and_targets(a)
  local map, list = a:match("^([^:]+):(.*)$")
  local targets = {}
  for s in list:gmatch("[^,]+") do targets[#targets + 1] = s end
  return map_cells(map), targets
end
check.killer = function(a)
  local cages, targets = cages_and_targets(a)
  for i, cage in ipairs(cages) do
    distinct(cage, "cage " .. i)
    local total = 0
    for _, c in ipairs(cage) do total = total + g[c] end
    if targets[i] ~= "?" and total ~= tonumber(targets[i]) then fail("cage %d sums %d", i, total) end
  end
end
check.calcudoku = function(a)
  local cages, targets = cages_and_targets(a)
  for i, cage in ipairs(cages) do
    local want, op = targets[i]:match("^(%d+)([-+x/]?)$")
    want = tonumber(want)
    local v = {}
    for _, c in ipairs(cage) do v[#v + 1] = g[c] end
    local got
    if op == "" then got = v[1]
    elseif op == "+" then got = 0; for _, x in ipairs(v) do got = got + x end
    elseif op == "x" then got = 1; for _, x in ipairs(v) do got = got * x end
    elseif op == "-" then got = math.abs(v[1] - v[2])
    else got = math.max(v[1], v[2]) % math.min(v[1], v[2]) == 0
        and math.max(v[1], v[2]) // math.min(v[1], v[2]) or -1 end
    if got ~= want then fail("calcudoku cage %d: %s", i, targets[i]) end
  end
end
check.binary = function(a)
  for r = 0, n - 1 do
    local row, col = {}, {}
    for c = 0, n - 1 do row[#row + 1] = g[r * n + c]; col[#col + 1] = g[c * n + r] end
    for _, line in ipairs({row, col}) do
      local ones = 0
      for i, x in ipairs(line) do
        if x == 1 then ones = ones + 1 end
        if i >= 3 and x == line[i - 1] and x == line[i - 2] then fail("three alike in line %d", r) end
      end
      if ones * 2 ~= n then fail("line %d unbalanced", r) end
    end
  end
  if a == "u" then
    local seen = {}
    for r = 0, n - 1 do
      local row, col = "", ""
      for c = 0, n - 1 do row = row .. g[r * n + c]; col = col .. g[c * n + r] end
      if seen["r" .. row] or seen["c" .. col] then fail("line %d repeats", r) end
      seen["r" .. row], seen["c" .. col] = true, true
    end
  end
end

for rule in rules:gmatch("[^;]+") do
  local name, args = rule:match("^([^:]+):?(.*)$")
  if check[name] then check[name](args) else fail("no checker for rule %s", name) end
end
-- A variant's pairs must cover its whole geometry, not just what it listed.
local steps = {
  antiknight = {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}},
  antiking = {{1, 1}, {1, -1}, {0, 1}, {1, 0}},
  nonconsecutive = {{0, 1}, {1, 0}},
}
for _, s in ipairs(steps[variant] or {}) do
  for r = 0, n - 1 do
    for c = 0, n - 1 do
      local r2, c2 = r + s[1], c + s[2]
      if r2 >= 0 and r2 < n and c2 >= 0 and c2 < n then
        local d, e = g[r * n + c], g[r2 * n + c2]
        if d == e or (variant == "nonconsecutive" and math.abs(d - e) == 1) then
          fail("%s: r%dc%d and r%dc%d", variant, r + 1, c + 1, r2 + 1, c2 + 1)
        end
      end
    end
  end
end
-- A marked pair must obey one of the variant's marks, whatever its table
-- says: the table itself is checked.
local marks = {
  kropki = function(d, e) return math.abs(d - e) == 1 or d == 2 * e or e == 2 * d end,
  xv = function(d, e) return d + e == 10 or d + e == 5 end,
}
if marks[variant] then
  local marked = rules:match("relation:([^;]*)") or ""
  for part in marked:gmatch("[^|]+") do
    local tab, pairs_text = part:match("^([^:]+):(.*)$")
    local allowed = 0 -- a negative constraint's table allows most pairs
    for m in tab:gmatch("[^.]+") do
      for bit = 0, n - 1 do allowed = allowed + ((tonumber(m, 16) >> bit) & 1) end
    end
    for _, p in ipairs(allowed * 2 < n * n and paths(pairs_text) or {}) do
      local d, e = g[p[1]], g[p[2]]
      if not marks[variant](d, e) then
        fail("%s: %d-%d holds %d and %d, no mark of the variant", variant, p[1], p[2], d, e)
      end
    end
  end
end
print(#problems == 0 and "ok" or table.concat(problems, "\n"))
