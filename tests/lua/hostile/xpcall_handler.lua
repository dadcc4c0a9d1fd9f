-- A message handler that loops.
xpcall(function() error("x") end, function() while true do end end)
