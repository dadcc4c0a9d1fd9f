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

return M
