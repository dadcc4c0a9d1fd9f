-- print_marks.lua: prints each published puzzle of the line and clue
-- rules (published_marks.lua) as its sudolab line, a tab and its answer,
-- for shell tests (tests/fpuzzles_cli.sh); `sudolab run` it.
for _, e in ipairs(require("published_marks")) do
  if not e.slow then print(e.line .. "\t" .. e.answer) end
end
