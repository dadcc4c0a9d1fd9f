-- Killer: greedy cage growth against simulated annealing toward the hard
-- grade. Which makes harder killers, and at what cost?
return {
  title = "Killer: greedy cages against simulated annealing",
  description = "200 killers per arm, no givens. Greedy grows random cages and mends a second "
             .. "solution; annealing moves, splits and merges cages toward the hard grade.",
  count = 200,
  seed = 1,
  jobs = 2,
  arms = {
    {name = "greedy", variant = "killer", strategy = "greedy"},
    {name = "annealing", variant = "killer", strategy = "anneal", grade = "hard"},
  },
}
