-- Reads more puzzles than the memory cap holds: the cap fires inside sudolab.read.
local line = string.rep("1", 1) .. string.rep(".", 80) .. "\n"
local text = string.rep(line, 20000)
local puzzles = sudolab.read(text)
print(#puzzles)
