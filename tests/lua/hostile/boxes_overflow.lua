-- Box sizes whose product overflows an int.
sudolab.puzzle{size = 9, boxes = "2147483647x2"}
