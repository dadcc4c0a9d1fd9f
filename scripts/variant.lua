-- variant.lua: the shape every variant file shares. variant.make{...}
-- fills in the defaults (a 9x9 grid with 3x3 boxes, rotational symmetry)
-- and, for a variant whose rules need no per-puzzle data, the build
-- function; a variant with data passes its own build.
local M = {}

function M.make(v)
  v.size = v.size or 9
  v.boxes = v.boxes or "3x3"
  v.defaults = v.defaults or {symmetry = "rotate180"}
  v.build = v.build or function(data)
    return sudolab.puzzle{size = v.size, boxes = v.boxes, rules = v.rules, givens = data.givens}
  end
  return v -- v.generate stays nil until the generator issue fills it in
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
