-- diagonal.lua: X sudoku, the two main diagonals also hold distinct digits.
return require("variant").make{
  name = "diagonal",
  summary = "X sudoku: both main diagonals hold distinct digits",
  description = "Classic rules, and each of the two main diagonals also holds every digit once.",
  sizes = {from = 4, to = 25},
  sizes_why = "smaller grids have no solution with distinct diagonals",
  rules = "classic;diagonal",
  shallow_search_to = 9,
}
