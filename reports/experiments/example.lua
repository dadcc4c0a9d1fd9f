-- The committed example report (reports/example/): a small killer
-- comparison, quick to rerun with `sudolab report --out reports/example
-- reports/experiments/example.lua`.
return {
  title = "Example: killer cages, greedy against simulated annealing",
  description = "150 killers per arm, no givens. Greedy grows random cages and mends a second "
             .. "solution; annealing moves, splits and merges cages toward the hard grade. "
             .. "Annealing buys harder puzzles at about thirty times the time.",
  count = 150,
  seed = 1,
  jobs = 2,
  arms = {
    {name = "greedy", variant = "killer", strategy = "greedy"},
    {name = "annealing", variant = "killer", strategy = "anneal", grade = "hard"},
  },
}
