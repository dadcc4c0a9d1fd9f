-- killer_relabel_ab.lua: expert killers' relabeling settings (variants/
-- killer.lua, grade_screen.expert) compared by CPU time a killer, in one
-- process: each seed makes one killer under every configuration in turn,
-- so the machine's load falls on all alike. A killer's time is about
-- geometric, so a difference of a few percent needs thousands of killers.
--
--   build/sudolab run -X 3000 -I 1000000000000000 scripts/killer_relabel_ab.lua \
--     FIRST COUNT CONFIG...
--
-- CONFIG: name=setting,setting,... with settings relabels=N, nodes=N,
-- from=KIND+KIND (relabel_from: past, below, deep; "none" for none)
-- (grade_screen.expert's) and cages=FEWEST:MOST (grade_cages.expert); any
-- left out: the variant's, e.g. "main=" "more=relabels=200,from=past".
-- Prints one line a configuration: killers, CPU seconds, killers a
-- second, ms a killer.
local first, count = math.tointeger(tonumber(arg[1])), math.tointeger(tonumber(arg[2]))
if not (first and count and #arg >= 3) then
  error("usage: killer_relabel_ab.lua FIRST COUNT NAME=SETTINGS...", 0)
end
local v = require("killer")
local main, main_cages = v.grade_screen.expert, v.grade_cages.expert
local configs = {}
for i = 3, #arg do
  local name, settings = arg[i]:match("^([^=]+)=(.*)$")
  if not name then error("a configuration is NAME=SETTINGS: " .. arg[i], 0) end
  local screen, cages = {}, main_cages
  for k, value in pairs(main) do screen[k] = value end
  for key, value in settings:gmatch("([%w_]+)=([^,]+)") do
    if key == "relabels" or key == "nodes" then
      screen[key] = math.tointeger(tonumber(value))
      if not screen[key] then error(key .. " wants a whole number: " .. value, 0) end
    elseif key == "from" then
      screen.relabel_from = {}
      for kind in value:gmatch("[^+]+") do
        if kind ~= "past" and kind ~= "below" and kind ~= "deep" and kind ~= "none" then
          error("from names past, below, deep or none: " .. kind, 0)
        end
        screen.relabel_from[kind] = true
      end
    elseif key == "cages" then
      local fewest, most = value:match("^(%d+):(%d+)$")
      if not fewest then error("cages wants FEWEST:MOST: " .. value, 0) end
      cages = {math.tointeger(tonumber(fewest)), math.tointeger(tonumber(most))}
    else
      error("unknown setting " .. key, 0)
    end
  end
  configs[#configs + 1] = {name = name, screen = screen, cages = cages, seconds = 0, killers = 0}
end
local make = require("generate").maker("killer", {grade = "expert"})
for seed = first, first + count - 1 do
  for _, c in ipairs(configs) do
    v.grade_screen.expert, v.grade_cages.expert = c.screen, c.cages
    local started = os.clock()
    local made = make(seed)
    c.seconds = c.seconds + os.clock() - started
    if made then c.killers = c.killers + 1 end
  end
end
v.grade_screen.expert, v.grade_cages.expert = main, main_cages
for _, c in ipairs(configs) do
  print(string.format("%-12s %5d killers %8.2f s %6.2f/s %7.1f ms a killer", c.name, c.killers,
                      c.seconds, c.killers / c.seconds, 1000 * c.seconds / math.max(c.killers, 1)))
end
