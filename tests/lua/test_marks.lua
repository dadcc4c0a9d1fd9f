-- test_marks.lua: the line and clue rules (whispers, renban, palindrome,
-- between, sandwich, little killer) and the generation of every variant
-- whose marks come from a filled grid (scripts/marks.lua).
--
-- The puzzles below were made by this project's generator (seeds 1 to 6,
-- the one with fewest givens per variant); no published puzzle of these
-- rules is transcribed here. Each is solved to the answer its grid was
-- filled with and proven unique by the exhaustive count.
local check = require("check")
local expect = check.expect
local marks = require("marks")

local constructed = {
  whispers = {
    "sudolab 9 3x3 classic;whispers:58-48-38-29-28-36-46-55,59-51-52-43-44,10-1-11-12,8-7-17,"
      .. "32-41-40-30-21-22-13,61-70-71,19-18-27,68-77-76-75 "
      .. "....5....4...........8.................6.......................9.........6....3..",
    "316754892498263751275819643739148265851672439624935187183526974942387516567491328"},
  renban = {
    "sudolab 9 3x3 classic;renban:6-16-25-35-34,51-41-50-60-70,27-19-11,37-36-45-54-63-73,"
      .. "17-8-7-15-24,58-59-69,33-43-52,49-39-30-21-22-12 "
      .. "..68....99...........................5..24............4..................92......",
    "126873459984512736537496821248731965759624183613985274461257398875349612392168547"},
  sandwich = {
    "sudolab 9 3x3 classic;sandwich:r1=28,r2=12,r4=24,r6=8,r7=13,r8=13,c1=11,c2=25,c3=10,c4=0,"
      .. "c5=22,c6=0,c7=29,c8=18,c9=19 "
      .. "................................4........................5.1.....................",
    "315872694629345187874916235236184759981657423457239816792561348163498572548723961"},
  palindrome = {
    "sudolab 9 3x3 classic;palindrome:39-40-49-58-66-74-73,32-41-50-59-69-79-80,51-43-42-34-25-26-17,"
      .. "55-65-57-48-38-29-20-12-21,45-36-27-28-19-11-2,60-70-78-77-76,8-7-15-23-33 "
      .. "..6...........3.5..........7.....2........4........1...........9.................",
    "316754892498263751275819643739148265851672439624935187183526974942387516567491328"},
  between = {
    "sudolab 9 3x3 classic;between:12-2-3-11,8-16-17-26-35,28-18-9-19-29-21,43-42-33,31-39-40,"
      .. "38-46-45-36,5-4-14-6-7,71-79-70-60-68 "
      .. "3.......4.............1...5..........8..5....4...3......25.....16.....7..........",
    "315872694629345187874916235236184759981657423457239816792561348163498572548723961"},
  littlekiller = {
    "sudolab 9 3x3 classic;sum:63+73=5,74+64+54=18,45+55+65+75=14,76+66+56+46+36=35,"
      .. "27+37+47+57+67+77=38,78+68+58+48+38+28+18=20,79+69+59+49+39+29+19+9=47,"
      .. "0+10+20+30+40+50+60+70+80=39,71+61+51+41+31+21+11+1=42,2+12+22+32+42+52+62=35,"
      .. "53+43+33+23+13+3=26,4+14+24+34+44=23,35+25+15+5=34,6+16+26=14,7+17=6,9+1=15,18+10+2=15,"
      .. "27+19+11+3=16,4+12+20+28+36=22,5+13+21+29+37+45=42,6+14+22+30+38+46+54=34,"
      .. "7+15+23+31+39+47+55+63=39,72+64+56+48+40+32+24+16+8=50,73+65+57+49+41+33+25+17=40,"
      .. "74+66+58+50+42+34+26=23,35+43+51+59+67+75=28,76+68+60+52+44=28,77+69+61+53=16,"
      .. "62+70+78=15,79+71=16 "
      .. "..........6......................................................1...............",
    "175649823863172954429853671516428739792536418348791562987315246251964387634287195"},
}

for _, name in ipairs{"whispers", "renban", "sandwich", "palindrome", "between", "littlekiller"} do
  local line, answer = constructed[name][1], constructed[name][2]
  local p = sudolab.read(line)[1]
  local t = os.clock()
  expect(name .. ": solved to its answer", p:solve(), answer)
  expect(name .. ": unique", p:count(), 1)
  print(string.format("# %s: %.1f ms", name, (os.clock() - t) * 1000))
  expect(name .. ": the line reads back the same", sudolab.read(p:line())[1]:line(), line)
  expect(name .. ": not unique as a classic sudoku", marks.matters(p), true)
end

-- The rules on complete grids: a grid breaking each is refused.
local grid = constructed.sandwich[2]
local function refuses(what, rules)
  local p = sudolab.puzzle{rules = rules}
  expect(what, p:check(grid), false)
end
refuses("sandwich: a wrong sum", "classic;sandwich:r1=27")
refuses("renban: a line of digits not in a run", "classic;renban:0-1-2") -- 3 1 5
refuses("whispers: neighbours closer than 5", "classic;whispers:0-1") -- 3 1
refuses("palindrome: ends that differ", "classic;palindrome:0-1-2")
refuses("between: an inside digit outside the ends", "classic;between:0-1-2") -- 3 1 5

-- Malformed arguments: an error naming the culprit.
local function bad(what, rules, words)
  local ok, err = pcall(sudolab.puzzle, {rules = rules})
  expect(what .. ": refused", ok, false)
  expect(what .. ": says why (" .. tostring(err) .. ")", tostring(err):find(words, 1, true) ~= nil, true)
end
bad("sandwich row 0", "classic;sandwich:r0=5", "'r1=10' or 'c5=0'")
bad("sandwich sum too large", "classic;sandwich:r1=36", "a sum 0..35")
bad("sandwich clue twice", "classic;sandwich:c2=3,c2=4", "a second clue for c2")
bad("sandwich no letter", "classic;sandwich:x1=3", "'r1=10' or 'c5=0'")
bad("renban longer than 9", "classic;renban:0-1-2-3-4-5-6-7-8-9", "path of 2 to 9")
bad("between of two cells", "classic;between:0-1", "path of 3 to")
bad("whispers off the grid", "classic;whispers:80-81", "path of 2 to")

-- Generation: every variant of the family makes unique puzzles whose
-- marks matter (not unique as classic sudoku with the same givens), each
-- puzzle solved and checked against its rules.
local cheap = {kropki = 2, xv = 2, thermo = 3, arrow = 3, whispers = 3, renban = 3,
               sandwich = 2, palindrome = 3, between = 3, littlekiller = 1}
local names = {"kropki", "xv", "thermo", "arrow", "whispers", "renban", "sandwich", "palindrome",
               "between", "littlekiller"}
for _, name in ipairs(names) do
  local v = require(name)
  for seed = 1, cheap[name] do
    math.randomseed(seed)
    local p, info = v.generate{seed = seed}
    expect(name .. " seed " .. seed .. ": made", p ~= nil, true)
    if p then
      expect(name .. " seed " .. seed .. ": unique", p:count(), 1)
      expect(name .. " seed " .. seed .. ": the marks matter", marks.matters(p), true)
      expect(name .. " seed " .. seed .. ": marks counted", info.marks > 0, true)
      expect(name .. " seed " .. seed .. ": its solution obeys the rules", p:check(p:solve()), true)
    end
  end
end

-- Kropki with every dot and no givens (the negative constraint).
do
  local v = require("kropki")
  math.randomseed(7)
  local p = v.generate{seed = 7, strategy = "bare"}
  expect("kropki bare: made", p ~= nil, true)
  expect("kropki bare: no givens", p:givens(), string.rep(".", 81))
  expect("kropki bare: unique", p:count(), 1)
end

-- The same seed, the same puzzle.
do
  local v = require("thermo")
  math.randomseed(3)
  local a = v.generate{seed = 3}:line()
  math.randomseed(3)
  local b = v.generate{seed = 3}:line()
  expect("thermo: reproducible from the seed", a, b)
end

check.finish()
