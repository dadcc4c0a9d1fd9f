-- classic.lua: rows, columns and boxes each hold every digit once.
return require("variant").make{
  name = "classic",
  summary = "rows, columns and boxes each hold every digit once",
  description = "Fill the grid so that every row, every column and every box holds each digit once.",
  rules = "classic",
  -- The grades its puzzles of a size reach where some are never met (the
  -- others are refused at once: dig.check_reach); measured, none of a
  -- request's 10,000 grids gave them with seeds 1 and 2
  -- (scripts/RESULTS_variants_gen.md, 2026-12-02).
  grades_by_size = {[1] = {"easy"}, [2] = {"easy"}, [3] = {"easy"}, [4] = {"easy"},
                    [5] = {"easy", "extreme"},
                    [6] = {"easy", "medium", "hard", "expert", "extreme"},
                    [7] = {"easy", "medium", "hard", "expert", "extreme"}},
}
