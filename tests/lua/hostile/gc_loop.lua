-- A finalizer that never ends, run by collectgarbage (hooks are off in finalizers).
setmetatable({}, {__gc = function() while true do end end})
collectgarbage()
