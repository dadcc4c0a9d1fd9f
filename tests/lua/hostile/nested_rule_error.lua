-- Rules whose checks search again, eight deep, the innermost failing:
-- each level puts its place in front, and the message was cut at its
-- end, losing the cause. The outermost place and the cause stay.
local function nest(depth)
    local p = sudolab.puzzle{}
    p:add_lua_rule{name = "deep" .. depth, cells = {1}, check = function()
        if depth == 0 then error("the innermost cause") end
        return nest(depth - 1)
    end}
    return p:count(1) > 0
end
nest(8)
