-- A Lua rule added inside a coroutine outlives the coroutine.
local p = sudolab.puzzle{size = 4}
coroutine.wrap(function()
    p:add_lua_rule{name = "corner", cells = {0}, check = function(d) return d[1] == 1 end}
end)()
for _ = 1, 3 do collectgarbage() end
local q = sudolab.puzzle{size = 4}
local grid = assert(p:solve())
assert(grid:sub(1, 1) == "1", grid)
-- and a search started from inside another coroutine runs the check there
local co = coroutine.create(function() return p:count(1000) end)
local ok, n = coroutine.resume(co)
assert(ok and n > 1, tostring(n))
