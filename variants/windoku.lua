-- windoku.lua: four extra 3x3 windows hold distinct digits too.
return require("variant").make{
  name = "windoku",
  summary = "windoku: four extra 3x3 windows hold every digit once",
  rules = "classic;windoku",
}
