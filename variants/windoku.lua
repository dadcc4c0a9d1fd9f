-- windoku.lua: four extra 3x3 windows hold distinct digits too.
return require("variant").make{
  name = "windoku",
  summary = "windoku: four extra 3x3 windows hold every digit once",
  description = "Classic rules, and each of the four extra shaded 3x3 windows also holds every digit once.",
  sizes = {4, 9},
  sizes_why = "windows need square boxes, and past 9x9 a grid takes minutes",
  rules = "classic;windoku",
  shallow_search_to = 9,
}
