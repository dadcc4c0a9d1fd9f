-- test_portable_math.lua: scripts/portable_math.lua, the logarithm and
-- exponential annealing decides by. The pinned bits below are what these
-- functions give on any IEEE-754 machine (+, -, *, / alone); the C
-- library's math.log and math.exp are compared within a tolerance only.
local check = require("check")
local expect = check.expect
local pm = require("portable_math")

local function bits(x) return string.format("%a", x) end

expect("ln 1", pm.ln(1), 0)
expect("ln 0", pm.ln(0), -math.huge)
expect("ln 1/4 is -2 ln 2, exactly", bits(pm.ln(0.25)), "-0x1.62e42fefa39efp+0")
expect("ln 0.1's bits", bits(pm.ln(0.1)), "-0x1.26bb1bbb55515p+1")
expect("ln 0.7's bits", bits(pm.ln(0.7)), "-0x1.6d3c324e13f5p-2")
expect("ln 2^-53's bits", bits(pm.ln(2 ^ -53)), "-0x1.25e4f7b2737fap+5")
expect("exp 0", pm.exp(0), 1)
expect("exp -800 underflows to 0", pm.exp(-800), 0)
expect("exp -1's bits", bits(pm.exp(-1)), "0x1.78b56362cef39p-2")
expect("exp -37.25's bits", bits(pm.exp(-37.25)), "0x1.3278bcd70e981p-54")
expect("exp -700's bits", bits(pm.exp(-700)), "0x1.14f2b0fb9307ep-1010")
-- Near the reduced range's edge (|r| up to ln(2)/2) the series' later
-- terms still reach the last bit.
expect("exp -0.34's bits", bits(pm.exp(-0.34)), "0x1.6c6d28e50ebb5p-1")
for c = 1, 8 do expect("log2 of count " .. c, pm.log2_count[c], math.log(c, 2)) end

-- Within a few units in the last place of the C library's, over draws
-- such as annealing makes (u in (0, 1); exponents below 0).
math.randomseed(3)
local worst_ln, worst_exp = 0, 0
for _ = 1, 20000 do
  local u = math.random()
  if u > 0 then worst_ln = math.max(worst_ln, math.abs(pm.ln(u) / math.log(u) - 1)) end
  local x = -40 * math.random()
  worst_exp = math.max(worst_exp, math.abs(pm.exp(x) / math.exp(x) - 1))
end
expect("ln within 2e-15 of math.log", worst_ln < 2e-15, true)
expect("exp within 2e-15 of math.exp", worst_exp < 2e-15, true)

check.finish()
