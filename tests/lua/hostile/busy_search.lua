-- A Lua rule's check starts another search on the puzzle being searched.
local p = sudolab.puzzle{size = 4}
p:add_lua_rule{name = "evil", cells = {0, 1}, check = function(d)
    p:count(5)
    return true
end}
print(p:count(2))
