-- error(nil): the message still says where it was raised.
error(nil)
