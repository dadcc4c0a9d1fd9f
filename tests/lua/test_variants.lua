-- test_variants.lua: every shipped variant solves a published puzzle to its
-- published answer (Solo's own, or the killer sample's), through the
-- variant's build function; run by ctest as `sudolab run`.
local check = require("check")
local expect = check.expect

local function variant(name)
  local v = require(name)
  expect(name .. " has a name, summary and build", type(v.build), "function")
  return v
end

-- classic: a Solo 3x3 ID and its answer
local classic = variant("classic")
local p = classic.build{givens = sudolab.read("3x3:6b1b2_5b4_1e7b2_5b6_3c8_4a5b6d3d3b7a1_9c6_4b2_7b9e4_2b1_7b4b3")[1]:givens()}
expect("classic solves", p:solve(), "639178254541263897782549631198425376475936182326781945864352719953617428217894563")
expect("classic is unique", p:count(), 1)

-- diagonal: a Solo X ID
local x = variant("diagonal")
local xp = x.build{givens = sudolab.read("3x3x:8_5e7d9_7c2e6c9e2_6a6g7a3_5e8c1e3c6_9d4e1_6")[1]:givens()}
expect("diagonal solves", xp:solve(), "856312974413978652792456183978543261624891537135627498567184329381269745249735816")
expect("diagonal puzzle has the X rule", xp:rules(), "classic;diagonal")

-- killer: the first puzzle of killer_sample.csv
local k = variant("killer")
local kp = k.build{cages = "AABCDDDEFGGBCHIEEFJJKHHILLMNNKKOPQQMRSSTOPUVVRRWTXUUYZabWWXcdYZabeeXcdffgghhccfff",
                   sums = {13,11,7,18,18,6,13,14,7,7,8,12,13,8,7,16,14,16,15,14,15,5,12,13,11,13,3,9,16,11,12,20,12,16}}
expect("killer solves", kp:solve(), "673298154948531672521476398714329865396857241852614937239145786165783429487962513")
expect("killer is unique", kp:count(), 1)
-- The cages settle this killer without a ruleset (p:solve's shortcut); a
-- wrong given or a repeated one must still answer as the search does.
local kcages, ksums = kp:rules():match("killer:([^:]+):([%d,]+)")
local function killer_with(givens)
  return sudolab.puzzle{rules = "classic;killer:" .. kcages .. ":" .. ksums, givens = givens}
end
local open = kp:givens():sub(2)
expect("killer settled: count first, then solve", killer_with("6" .. open):count(), 1)
local kwrong = killer_with("7" .. open)
expect("killer with a wrong given has no solution", select(2, kwrong:solve()), "no solution")
expect("and counts 0", kwrong:count(), 0)
-- p:count asks the killer's own kernel before any ruleset: a killer with
-- ten cages left out has more solutions than its limit, and a count of
-- one node cannot finish.
local kloose = sudolab.puzzle{rules = "classic;killer:" .. kcages:gsub("[A-J]", ".") .. ":" ..
                                         ksums:gsub("^" .. ("%d+,"):rep(10), ""), givens = kp:givens()}
expect("killer missing cages counts to its limit", kloose:count(5), 5)
expect("the same, limit 2", kloose:count(2), 2)
expect("a count of one node gives up", select(2, kloose:count(2, 1)), "gave up")
local krepeat = killer_with("77" .. open:sub(2))
local ok, err = pcall(krepeat.solve, krepeat)
expect("killer with a repeated given is refused", ok, false)
expect("naming the cells", err:match("r1c2: digit 7 repeats the given at r1c1") ~= nil, true)

-- jigsaw: a Solo 9j ID, rebuilt through the variant from its region map
local solo = sudolab.read("9j:5e3c2b8_5a7h8_1b3_4a9_7e8_2_1e5_2a8_6b2_9h1a7_4b9c4e8,aa_e__e_b_a__cacdaa_a_dbb_eecccab__fa_c_a_aa___baaab__abda")[1]
local regions = solo:rules():match("jigsaw:([^;]+)")
local j = variant("jigsaw")
local jp = j.build{regions = regions, givens = solo:givens()}
expect("jigsaw solves as Solo does", jp:solve(), solo:solve())
expect("jigsaw is unique", jp:count(), 1)

-- oddeven: the classic puzzle with the answer's parity on every empty cell
local o = variant("oddeven")
local answer = p:solve()
local marks = answer:gsub("%d", function(d) return tonumber(d) % 2 == 1 and "o" or "e" end)
local op = o.build{marks = marks, givens = p:givens()}
expect("oddeven solves", op:solve(), answer)
local at = p:givens():find("%.")
local flipped = marks:sub(1, at - 1) .. (marks:sub(at, at) == "o" and "e" or "o") .. marks:sub(at + 1)
local wrong = sudolab.puzzle{rules = "classic;oddeven:" .. flipped, givens = p:givens()}
local none, why = wrong:solve()
expect("oddeven with one mark flipped has no solution", none, nil)
expect("and says so", why, "no solution")

-- windoku: a random fill keeps the four windows distinct
local w = variant("windoku")
local grid = w.build{}:fill(3)
for _, top in ipairs{1, 5} do
  for _, left in ipairs{1, 5} do
    local seen = {}
    for r = top, top + 2 do
      for c = left, left + 2 do seen[grid:sub(r * 9 + c + 1, r * 9 + c + 1)] = true end
    end
    local n = 0
    for _ in pairs(seen) do n = n + 1 end
    expect("windoku window at " .. top .. "," .. left .. " holds 9 digits", n, 9)
  end
end

-- every rule the engine has is listed
local names = {}
for _, r in ipairs(sudolab.rules()) do names[#names + 1] = r.name end
expect("rules listed", table.concat(names, " "), "classic killer diagonal oddeven jigsaw extra windoku differ relation thermo sum whispers renban palindrome between sandwich calcudoku binary")

-- each rule's words (sudolab rules NAME): a form opening with its name,
-- and an example line that reads as a puzzle of that rule
for _, r in ipairs(sudolab.rules()) do
  expect(r.name .. ": form", r.form:sub(1, #r.name), r.name)
  expect(r.name .. ": arguments", type(r.arguments) == "string" and #r.arguments > 0, true)
  local read = sudolab.read(r.example)
  expect(r.name .. ": example reads", #read == 1 and read[1]:rules():find(r.name, 1, true) ~= nil, true)
end

check.finish()
