-- generate.lua: what `sudolab generate` runs for each puzzle. The command
-- calls maker(variant, opts) once per job and then the function it returns
-- once per puzzle, with that puzzle's seed (derived from --seed and the
-- puzzle's index, so any shard or job makes the same puzzle).
--
-- The function returns the puzzle's line, then a table of statistics
-- (clues or cages, rating and grade when asked; none when opts.no_stats:
-- a plain run reads none, and they cost as much as the line), or nil
-- and why.
local M = {}

-- An annealing's energies as text, for reports (nil: no trace).
local function trace_text(trace)
  if not trace then return nil end
  -- Most traces end at once, in the band: no list to join.
  if #trace == 1 and trace[1] == 0 then return "0" end
  local parts = {}
  for i, e in ipairs(trace) do
    -- JSON and the report's CSV have no word for them.
    if e ~= e or e == math.huge or e == -math.huge then
      error("the strategy's trace holds " .. tostring(e) .. " at step " .. i ..
            ": energies must be finite numbers", 0)
    end
    parts[i] = e == 0 and "0" or string.format("%.4g", e)
  end
  return table.concat(parts, ",")
end

local no_info = {}

local function stats_of(p, opts, info, rated)
  info = info or no_info
  -- One constructor: the table is sized once, not grown field by field.
  local s = {clues = p:clues(), cages = info.cages, trace = trace_text(info.trace),
             cage_sizes = info.cage_sizes, unused_rules = info.unused_rules}
  if opts.want_rating then
    local r = rated or p:rate()
    if r then
      s.rating, s.grade, s.work = r.rating, r.grade, r.work
      local keys = {}
      for key in pairs(r.techniques) do keys[#keys + 1] = key end
      table.sort(keys)
      for i, key in ipairs(keys) do keys[i] = key .. ":" .. r.techniques[key] end
      s.techniques = table.concat(keys, ",")
    end
  end
  return s
end

-- The options of a request a variant's strategies may take, in the order
-- they are checked.
local strategy_options = {"symmetry", "clues", "grade", "rating", "min_cage", "max_cage",
                          "cage_sizes", "givens", "lines", "max_line"}

-- The command's name of a request's option: --min-cage for min_cage.
local function flag(key) return "--" .. key:gsub("_", "-") end

-- A value a strategy takes: true (any), one value, or a list of values.
local function takes_value(takes, value)
  if takes == true or takes == value then return true end
  if type(takes) ~= "table" then return false end
  for _, t in ipairs(takes) do if t == value then return true end end
  return false
end

local function takes_text(takes)
  return type(takes) == "table" and table.concat(takes, ", ") or tostring(takes)
end

local function names_of(list)
  local names = {}
  for i, s in ipairs(list) do names[i] = s.name end
  return names
end

local function unknown(what, word, names)
  local close = sudolab.suggest(word, names)
  error(string.format("unknown %s '%s'%s (one of: %s)", what, word,
                      close and "; did you mean '" .. close .. "'?" or "",
                      table.concat(names, ", ")), 0)
end

local function size_ok(sizes, n)
  if sizes.from then return n >= sizes.from and n <= sizes.to end
  for _, s in ipairs(sizes) do if s == n then return true end end
  return false
end

local function sizes_text(sizes)
  if sizes.from then return sizes.from .. ".." .. sizes.to end
  local parts = {}
  for i, s in ipairs(sizes) do parts[i] = tostring(s) end
  if #parts == 1 then return parts[1] end
  return table.concat(parts, ", ", 1, #parts - 1) .. " or " .. parts[#parts]
end

-- Checks a request against what the variant declares (variant.lua): its
-- sizes, its strategies and the options each takes. Errors name the
-- option as the command does, or as an experiment's arm does (its key,
-- opts.arm_keys: an experiment file has no --grade); returns the
-- strategy the request gets.
function M.check(v, opts)
  local flag = opts.arm_keys and function(key) return key end or flag
  local function use(strategy)
    return opts.arm_keys and string.format('use strategy = "%s"', strategy) or "use --strategy " .. strategy
  end
  if opts.size and not size_ok(v.sizes, opts.size) then
    error(string.format("%s takes %s %s, not %d%s", v.name, flag("size"), sizes_text(v.sizes), opts.size,
                        v.sizes_why and " (" .. v.sizes_why .. ")" or ""), 0)
  end
  local by_name = {}
  for _, s in ipairs(v.strategies) do by_name[s.name] = s end
  if opts.strategy and not by_name[opts.strategy] then
    unknown(v.name .. " strategy", opts.strategy, names_of(v.strategies))
  end
  local name = opts.strategy or v.strategy_for(opts, v)
  local strategy = by_name[name]
  if not strategy then
    error(string.format("variant %s: its default strategy '%s' is none of its strategies (%s)",
                        v.name, tostring(name), table.concat(names_of(v.strategies), ", ")), 0)
  end
  for _, key in ipairs(strategy_options) do
    local takes = strategy.takes[key]
    if opts[key] ~= nil and not takes_value(takes, opts[key]) then
      local what = takes and string.format("%s takes only %s %s", name, flag(key), takes_text(takes))
                   or string.format("%s does not take %s", name, flag(key))
      for _, other in ipairs(v.strategies) do
        if other ~= strategy and takes_value(other.takes[key], opts[key]) then
          error(string.format("%s; %s", what, use(other.name)), 0)
        end
      end
      if takes then error(what, 0) end
      error(string.format("%s does not take %s (no %s strategy uses it)", v.name, flag(key), v.name), 0)
    end
  end
  if strategy.needs then
    local given = false
    for _, key in ipairs(strategy.needs) do given = given or opts[key] ~= nil end
    if not given then
      local words = {}
      for i, key in ipairs(strategy.needs) do words[i] = flag(key) end
      error(string.format("%s needs %s", name, table.concat(words, " or ")), 0)
    end
  end
  local dig = require("dig")
  if opts.symmetry then
    local known = false
    for _, s in ipairs(dig.symmetries) do known = known or s == opts.symmetry end
    if not known then unknown("symmetry", opts.symmetry, dig.symmetries) end
  end
  local n = opts.size or v.size
  -- --givens for every variant: the mark variants' "at most N" took 82
  -- of 81 without a word
  for _, key in ipairs{"clues", "givens"} do
    if opts[key] and opts[key] > n * n then
      error(string.format("--%s %d: a %dx%d grid has %d cells", key, opts[key], n, n, n * n), 0)
    end
  end
  if opts.grade then dig.grade_band(opts.grade) end
  dig.check_reach(v, opts)
  if v.check then v.check(opts) end
  return name
end

-- text broken into lines of at most 80 characters: the first after
-- `first`, the others after `indent`.
local function wrapped(text, first, indent)
  local out, line, bare = {}, first, true
  for word in text:gmatch("%S+") do
    if not bare and #line + 1 + #word > 80 then
      out[#out + 1] = line
      line, bare = indent, true
    end
    line, bare = line .. (bare and "" or " ") .. word, false
  end
  out[#out + 1] = line
  return table.concat(out, "\n")
end

-- What strategy s takes, as the help lists it ("no options" for none).
local function takes_text(s)
  local takes = {}
  for _, key in ipairs(strategy_options) do
    local value = s.takes[key]
    if value then
      local text = type(value) == "table" and table.concat(value, "|") or tostring(value)
      takes[#takes + 1] = flag(key) .. (value == true and "" or " " .. text)
    end
  end
  return #takes > 0 and table.concat(takes, ", ") or "no options"
end

-- The grades a variant's n x n requests get past check, as the help
-- names them: nil for all, "all but extreme", or a list.
local function reached_text(v, n)
  local got, missed = {}, {}
  for _, g in ipairs(sudolab.grades) do
    local ok = pcall(M.check, v, {size = n, grade = g.name})
    if ok then got[#got + 1] = g.name else missed[#missed + 1] = g.name end
  end
  if #missed == 0 then return nil end
  if #got == 0 then return "none" end
  if #missed <= 2 then return "all but " .. table.concat(missed, " and ") end
  return table.concat(got, ", ")
end

-- For a variant whose grades check refuses somewhere (by size or for
-- every size), a line naming what each size reaches: asked of check
-- itself, so the help says what a request meets.
local function reach_line(v)
  local sizes = {} -- those a grid can have (1..25), whatever a file declares
  if v.sizes.from then
    for n = math.max(1, v.sizes.from), math.min(25, v.sizes.to) do sizes[#sizes + 1] = n end
  else
    for _, n in ipairs(v.sizes) do
      if math.type(n) == "integer" and n >= 1 and n <= 25 then sizes[#sizes + 1] = n end
    end
  end
  if #sizes == 0 then return nil end
  local parts, texts, all_alike = {}, {}, true
  for i, n in ipairs(sizes) do
    texts[i] = reached_text(v, n) or "all"
    all_alike = all_alike and texts[i] == texts[1]
  end
  if all_alike then
    if texts[1] == "all" then return nil end
    return string.format("  %-15s %s", v.name, texts[1])
  end
  for i, n in ipairs(sizes) do
    if texts[i] ~= "all" then parts[#parts + 1] = string.format("%dx%d %s", n, n, texts[i]) end
  end
  return wrapped(table.concat(parts, "; ") .. "; other sizes all",
                 string.format("  %-15s ", v.name), string.rep(" ", 18))
end

-- The text `sudolab generate --help` ends with: for each of the variants
-- named that generates, its sizes and strategies; then what each strategy
-- takes, and the symmetries. Variants may give one strategy name other
-- options (killer's greedy takes --givens, calcudoku's does not): such a
-- name gets a line for each set of options, naming its variants.
function M.describe(names)
  local lines, order, forms = {}, {}, {}
  for _, name in ipairs(names) do
    local ok, v = pcall(require, name)
    if ok and type(v) == "table" and type(v.generate) == "function" and v.strategies then
      local own = {}
      for i, s in ipairs(v.strategies) do
        own[i] = s.name
        if not forms[s.name] then forms[s.name] = {}; order[#order + 1] = s.name end
        local text, list = takes_text(s), forms[s.name]
        local form = nil
        for _, f in ipairs(list) do if f.text == text then form = f end end
        if not form then form = {text = text, variants = {}}; list[#list + 1] = form end
        form.variants[#form.variants + 1] = v.name
      end
      lines[#lines + 1] = string.format("  %-15s size %s; %s", v.name, sizes_text(v.sizes),
                                        table.concat(own, ", "))
    end
  end
  lines[#lines + 1] = "\nThe strategies, and the options each takes:"
  for _, name in ipairs(order) do
    for _, form in ipairs(forms[name]) do
      local indent = string.rep(" ", 18)
      lines[#lines + 1] = wrapped(form.text, string.format("  %-15s ", name), indent)
      if #forms[name] > 1 then
        lines[#lines + 1] = wrapped("for " .. table.concat(form.variants, ", "), indent .. "  ",
                                    indent .. "  ")
      end
    end
  end
  local reach = {}
  for _, name in ipairs(names) do
    local ok, v = pcall(require, name)
    if ok and type(v) == "table" and type(v.generate) == "function" and v.strategies then
      reach[#reach + 1] = reach_line(v)
    end
  end
  if #reach > 0 then
    lines[#lines + 1] = "\nThe grades a variant's --grade reaches, where not all:"
    for _, line in ipairs(reach) do lines[#lines + 1] = line end
  end
  lines[#lines + 1] = "\nThe symmetries: " .. table.concat(require("dig").symmetries, ", ")
  return table.concat(lines, "\n")
end

-- A graded request (a grade or a rating) must give a puzzle of its
-- variant: one whose solve path uses every rule, as the rater credits
-- them. The dig strategies refuse such puzzles and try further grids
-- (dig.lua); this checks every puzzle, the annealed cages' too. Returns
-- why the puzzle is refused, naming the rules left unused, or nil and
-- the rating it made, if it rated (stats_of uses it, not a second one).
-- The maker below asks only of puzzles their strategy has not checked.
function M.unused_rules(p, opts)
  if not (opts.grade or opts.rating) then return nil end
  local r = p:rate()
  if r and #r.unused > 0 then
    return "the puzzle's solve path leaves a rule unused (" .. table.concat(r.unused, ", ") .. ")"
  end
  return nil, r
end

-- True when the fourth field (the rules) of a line p:line() wrote is
-- "classic" alone. Such a line is "sudolab N RxC|none RULES GIVENS",
-- no field holding a space, the givens digits, capitals and dots: only
-- rules of "classic" alone put " classic " in it. Found plain, as a
-- pattern's fields cost more than the rest of the line's work.
local function rules_classic(line)
  return line:find(" classic ", 1, true) ~= nil
end

-- The methods of a puzzle a request calls below (stats_of, unused_rules):
-- a table standing for one must have them all.
local function methods_used(opts)
  local used = {"line", "size", "givens"}
  if not opts.no_stats then used[#used + 1] = "clues" end
  if opts.want_rating or opts.grade or opts.rating then used[#used + 1] = "rate" end
  return used
end

-- maker(name, opts, file): file is the variant's, named in the errors a
-- generator's slips give.
function M.maker(name, opts, file)
  local v = require(name)
  if type(v) ~= "table" then error("variant " .. name .. ": the file must return a table", 0) end
  if type(v.generate) ~= "function" then
    error("variant " .. name .. " cannot generate puzzles (it has no generate function)", 0)
  end
  if type(v.strategies) ~= "table" or type(v.strategy_for) ~= "function" then
    error("variant " .. name .. ": generating needs strategies (a list) and strategy_for (a function)", 0)
  end
  M.check(v, opts)
  local request = {__index = opts} -- every puzzle's settings fall back on the request
  -- A variant with a generator makes its per-run settings once (on the
  -- first puzzle, where its errors were met before), and its function
  -- takes the seed alone: no settings table a puzzle.
  local by_seed
  local function generated(seed) return v.generate(setmetatable({seed = seed}, request)) end
  local graded, no_stats = opts.grade or opts.rating, opts.no_stats
  local used = methods_used(opts)
  local where = file and " (" .. file .. ")" or ""
  return function(seed)
    math.randomseed(seed)
    if not by_seed then
      if v.generator then by_seed = v.generator(opts) else by_seed = generated end
    end
    local p, why, info = by_seed(seed)
    if not p then
      return nil, why or ("variant " .. name .. where .. ": its generator returned nothing "
                          .. "(it must return a puzzle, or nil and the reason)")
    end
    -- A slip in a user's variant once failed at p:line() below, or a
    -- table lacking p:clues() in stats_of, naming this file's line rather
    -- than the variant.
    local kind = type(p)
    if (kind ~= "userdata" and kind ~= "table") or type(p.line) ~= "function" then
      error("variant " .. name .. where .. ": its generator returned a " .. kind
            .. ", not a puzzle", 0)
    end
    if kind == "table" then
      for _, method in ipairs(used) do
        if type(p[method]) ~= "function" then
          error("variant " .. name .. where .. ": its generator returned a table without the "
                .. "puzzle method " .. method .. " (sudolab.puzzle makes puzzles with them all)", 0)
        end
      end
    end
    if type(why) == "table" then info = why end
    -- A classic 9x9 is written as its givens; any other as its line,
    -- read once for both (its rules are the line's fourth field: writing
    -- them apart cost a calcudoku as much as the line).
    local line = p:line()
    local classic = rules_classic(line) and p:size() <= 9
    local full = not classic and line or nil
    -- A graded dig that checked this very puzzle (dig.graded: its line;
    -- the annealing: the puzzle itself, untouched since) needs no second
    -- rating; most puzzles stop here, without a call.
    local unused, rated
    if graded and not (type(info) == "table" and (info.rules_checked == p or info.rules_checked == line)) then
      unused, rated = M.unused_rules(p, opts)
      if unused then return nil, unused end
    end
    if no_stats then return full or p:givens() end
    return full or p:givens(), stats_of(p, opts, info, rated)
  end
end

return M
