-- diagonal.lua: X sudoku, the two main diagonals also hold distinct digits.
return require("variant").make{
  name = "diagonal",
  summary = "X sudoku: both main diagonals hold distinct digits",
  description = "Classic rules, and each of the two main diagonals also holds every digit once.",
  sizes = {from = 4, to = 25},
  sizes_why = "smaller grids have no solution with distinct diagonals",
  rules = "classic;diagonal",
  -- The grades its puzzles of a size reach where some are never met (the
  -- others are refused at once: dig.check_reach); measured, none of a
  -- request's 10,000 grids gave them with seeds 1 and 2
  -- (scripts/RESULTS_variants_gen.md, 2026-12-02).
  grades_by_size = {[4] = {"easy"}, [5] = {"easy", "hard"},
                    [6] = {"easy", "medium", "hard", "expert", "extreme"}},
}
