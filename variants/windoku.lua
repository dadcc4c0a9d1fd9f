-- windoku.lua: four extra 3x3 windows hold distinct digits too.
return require("variant").make{
  name = "windoku",
  summary = "windoku: four extra 3x3 windows hold every digit once",
  description = "Classic rules, and each of the four extra shaded 3x3 windows also holds every digit once.",
  sizes = {4, 9},
  sizes_why = "windows need square boxes, and past 9x9 a grid takes minutes",
  rules = "classic;windoku",
  -- Up to 9x9 its searches stay far shallower than a rating past the
  -- techniques' top needs, so a band above that is refused (dig.lua).
  shallow_search_to = 9,
}
