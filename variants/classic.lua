-- classic.lua: rows, columns and boxes each hold every digit once.
return require("variant").make{
  name = "classic",
  summary = "rows, columns and boxes each hold every digit once",
  description = "Fill the grid so that every row, every column and every box holds each digit once.",
  rules = "classic",
  -- Up to 9x9 its searches stay far shallower than a rating past the
  -- techniques' top needs, so a band above that is refused (dig.lua).
  shallow_search_to = 9,
}
