-- classic.lua: rows, columns and boxes each hold every digit once.
return require("variant").make{
  name = "classic",
  summary = "rows, columns and boxes each hold every digit once",
  rules = "classic",
}
