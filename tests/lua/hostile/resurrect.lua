-- A finalizer brings a collected puzzle back, then rules are added to it.
local saved
do
    local p = sudolab.puzzle{size = 4}
    setmetatable({}, {__gc = function() saved = p end})
end
collectgarbage()
collectgarbage()
assert(saved, "the finalizer ran")
for i = 1, 100 do saved:add_rule("diagonal") end
