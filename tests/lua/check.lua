-- check.lua: the little TAP-like checker the Lua test scripts share.
local M = {failures = 0}

function M.expect(what, got, want)
  if got ~= want then
    M.failures = M.failures + 1
    print(string.format("not ok - %s: got %s, want %s", what, tostring(got), tostring(want)))
  else
    print("ok - " .. what)
  end
end

-- Ends the script: an error (so a non-zero exit) when any check failed.
function M.finish()
  if M.failures > 0 then error(M.failures .. " checks failed", 2) end
  print("all passed")
end

return M
