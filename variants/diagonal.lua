-- diagonal.lua: X sudoku, the two main diagonals also hold distinct digits.
return require("variant").make{
  name = "diagonal",
  summary = "X sudoku: both main diagonals hold distinct digits",
  rules = "classic;diagonal",
}
