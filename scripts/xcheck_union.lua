-- xcheck_union.lua: each cell's digits over every solution of each
-- puzzle given, cells joined by '|', one line a puzzle: what `sudolab
-- candidates` must say of a puzzle with several. p:solutions lists at
-- most 64: a puzzle with more prints "many".
--   sudolab run scripts/xcheck_union.lua 'PUZZLE' ['PUZZLE'...]
for _, text in ipairs({...}) do
  local p = sudolab.read(text)[1]
  local n = p:size()
  local seen = {}
  local all = p:solutions(64) or {}
  for _, s in ipairs(all) do
    for c = 1, n * n do
      seen[c] = seen[c] or {}
      seen[c][s:sub(c, c)] = true
    end
  end
  local cells = {}
  for c = 1, n * n do
    local digits = {}
    for d in pairs(seen[c] or {}) do digits[#digits + 1] = d end
    table.sort(digits, function(a, b) return tonumber(a, 36) < tonumber(b, 36) end)
    cells[c] = table.concat(digits)
  end
  print(#all < 64 and table.concat(cells, "|") or "many")
end
