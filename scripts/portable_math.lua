-- portable_math.lua: the logarithms and exponentials a seeded walk
-- decides by, from +, -, * and / alone.
--
-- math.log and math.exp are the C library's, and libraries round their
-- last bit differently (glibc, musl, macOS, Windows): annealing's
-- acceptance (killer_cages.lua, calcudoku_cages.lua) compares against
-- them, so one seed could walk another way on another machine. Lua runs
-- each arithmetic operation alone, and IEEE-754 rounds each the same
-- everywhere, so these give the same bits on every machine. They agree
-- with glibc's to within a few units in the last place: a decision
-- differs from glibc's only when an energy lies that close to its limit.
local M = {}

-- ln 2 as a rounded whole and a high part whose multiples by small k are
-- exact, plus the rest (hex literals are exact)
local LN2 = 0x1.62e42fefa39efp-1
local LN2_HIGH, LN2_LOW = 0x1.62e42feep-1, 0x1.a39ef35793c76p-33
local SQRT_HALF, SQRT_TWO = 0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp+0

-- log2 of the small counts killer_cages.lua weighs (2..8), as glibc's
-- math.log(c, 2) rounds them, written out.
M.log2_count = {[1] = 0, [2] = 1, [3] = 0x1.95c01a39fbd68p+0, [4] = 2, [5] = 0x1.2934f0979a371p+1,
                [6] = 0x1.4ae00d1cfdeb4p+1, [7] = 0x1.675767f54042dp+1, [8] = 3}

-- ln x for x >= 0 (-math.huge at 0): x scaled by powers of two (exact)
-- into [sqrt(1/2), sqrt(2)], then 2 atanh((x-1)/(x+1)) by its series, a
-- fixed number of terms (|s| <= 0.172: the 20th is below 2^-100).
function M.ln(x)
  if x == 0 then return -math.huge end
  local k = 0
  while x < SQRT_HALF do x, k = x * 2, k - 1 end
  while x > SQRT_TWO do x, k = x / 2, k + 1 end
  local s = (x - 1) / (x + 1)
  local s2, term, sum = s * s, s, s
  for i = 3, 41, 2 do
    term = term * s2
    sum = sum + term / i
  end
  return k * LN2_HIGH + (k * LN2_LOW + 2 * sum)
end

-- e^x: 0 below -746 (a double's underflow), else x = k ln 2 + r with
-- |r| <= ln(2)/2, e^r by 24 terms of its series (the last below 2^-90),
-- times 2^k by exact halvings or doublings.
function M.exp(x)
  if x < -746 then return 0 end
  if x > 710 then return math.huge end
  local k = math.floor(x / LN2 + 0.5)
  local r = (x - k * LN2_HIGH) - k * LN2_LOW
  local term, sum = 1, 1
  for i = 1, 24 do
    term = term * r / i
    sum = sum + term
  end
  while k > 0 do sum, k = sum * 2, k - 1 end
  while k < 0 do sum, k = sum / 2, k + 1 end
  return sum
end

return M
