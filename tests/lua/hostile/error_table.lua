-- error() with a table: the message still says where it was raised.
local function fail() error({}) end
fail()
