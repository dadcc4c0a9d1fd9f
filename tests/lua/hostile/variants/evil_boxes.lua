-- Boxes whose product overflows an int.
return {size = 9, boxes = "2147483647x2", rules = "classic"}
