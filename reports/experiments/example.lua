-- The committed example report (reports/example/): killer cages, greedy
-- against annealing toward three grades; rerun it with `sudolab
-- report --out reports/example reports/experiments/example.lua` (under
-- a CPU minute, most of it the expert arm's).
return {
  title = "Example: killer cages, greedy against simulated annealing at three grades",
  description = "Killers with no givens and no one-cell cages (cages of 2 to 5 cells, 26 to 36 "
             .. "a puzzle). Greedy grows random cages and mends a second solution; annealing "
             .. "moves, splits and merges cages toward the medium, hard and expert grades.",
  count = 120,
  seed = 1,
  jobs = 2,
  arms = {
    {name = "greedy", variant = "killer", strategy = "greedy"},
    {name = "medium", variant = "killer", strategy = "anneal", grade = "medium"},
    {name = "hard", variant = "killer", strategy = "anneal", grade = "hard"},
    {name = "expert", variant = "killer", strategy = "anneal", grade = "expert"},
  },
}
