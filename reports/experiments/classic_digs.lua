-- Classic: random dig to a minimal puzzle, 180-degree symmetric dig, and a
-- dig to exactly 26 clues. How do symmetry and clue count shape difficulty?
return {
  title = "Classic: random, symmetric and exact-count digs",
  description = "9x9 classic puzzles, 300 per arm: random dig to a minimal puzzle, symmetric "
             .. "(180-degree) dig, and a dig to exactly 26 clues with retreats.",
  count = 300,
  seed = 1,
  jobs = 2,
  arms = {
    {name = "random", strategy = "random", symmetry = "none"},
    {name = "symmetric", strategy = "symmetric", symmetry = "rotate180"},
    {name = "exact26", strategy = "exact", clues = 26, symmetry = "none"},
  },
}
