-- A Lua rule's check changes the givens of the puzzle being searched.
local p = sudolab.puzzle{size = 4}
p:add_lua_rule{name = "evil", cells = {0, 1}, check = function(d)
    p:put(5, 1)
    return true
end}
print(p:solve())
