-- oddeven.lua: cells marked odd (o) or even (e).
-- build{marks = "81 of o, e, .", givens = ...}
return require("variant").make{
  name = "oddeven",
  summary = "odd/even sudoku: marked cells hold odd (o) or even (e) digits",
  rules = "classic;oddeven",
  build = function(data)
    return sudolab.puzzle{rules = "classic;oddeven:" .. data.marks, givens = data.givens}
  end,
}
