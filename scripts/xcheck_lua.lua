-- xcheck_lua.lua: the Lua API's answers for each puzzle given, one line
-- each, in the form scripts/xcheck.sh builds from the commands' output:
--   SOLUTION COUNT RATING GRADE WORK TECHNIQUE:COUNT... (techniques sorted)
-- and "check-failed" when p:check refuses the solution p:solve found.
--   sudolab run scripts/xcheck_lua.lua 'PUZZLE' ['PUZZLE'...]
for _, text in ipairs({...}) do
  local p = sudolab.read(text)[1]
  local solution = p:solve() or "none"
  local count = p:count(1000)
  local r = p:rate() or {rating = 0, grade = "none", work = 0, techniques = {}}
  local techs = {}
  for k, v in pairs(r.techniques) do techs[#techs + 1] = k .. ":" .. v end
  table.sort(techs)
  print(string.format("%s %s %.1f %s %.1f %s%s", solution, count, r.rating, r.grade, r.work,
                      table.concat(techs, " "),
                      (solution == "none" or p:check(solution)) and "" or " check-failed"))
end
