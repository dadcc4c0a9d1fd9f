-- Coroutines nested within each other until Lua's C stack limit: each
-- coroutine.wrap adds its place to the error on the way out, and the
-- ~200 copies of "nested_wraps.lua:6: " once filled the whole message,
-- cutting off its cause.
local function nest(depth)
  return coroutine.wrap(function() return nest(depth + 1) end)()
end
nest(1)
