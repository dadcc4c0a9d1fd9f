-- classic.lua: rows, columns and boxes each hold every digit once.
return require("variant").make{
  name = "classic",
  summary = "rows, columns and boxes each hold every digit once",
  description = "Fill the grid so that every row, every column and every box holds each digit once.",
  rules = "classic",
  shallow_search_to = 9,
}
