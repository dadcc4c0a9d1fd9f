-- published_marks.lua: published puzzles of the line and clue rules
-- (whispers, renban, sandwich, palindrome, between, little killer), each
-- with its answer, for tests/lua/test_published.lua and
-- scripts/bench_marks.lua. Puzzle grids and clues are facts; each entry
-- names its setter or venue and where it was published.
--
-- published = true: the answer is the one given beside the puzzle in
-- public solver test data (the Interactive Sudoku Solver's example
-- puzzles for the Cracking the Cryptic and Logic Masters Deutschland
-- ones; lisudoku's solver tests for the Logic Masters India and WPF
-- ones), checked against the published grid by this project's solver.
-- published = false: no answer came with the puzzle; the answer here was
-- checked, not published: this project's solver finds it and proves it
-- unique, and an independent plain backtracking count over the same
-- clues (classic rules plus diagonal sums, written apart from the engine)
-- found exactly one solution, the same grid.
--
-- Conversions: cells are numbered 0..80 row by row; a line lists its cells
-- from one end; a little killer clue lists its diagonal from the clue's
-- end. The Cracking the Cryptic little killer gives its top-edge clues as
-- diagonals running down and to the left and its left-edge clues down and
-- to the right (the clue at r1c5 reads either way to 23 in the answer).
-- slow = true: solved to its answer (`sudolab solve --max-nodes
-- 1000000000`) but too slow for the test suite; tests skip it.
return {
  {name = "whispers_ctc", rule = "whispers", published = true,
   source = "German whispers, Cracking the Cryptic's featured puzzle:"
     .. " https://www.youtube.com/watch?v=nH3vat8z9uM,"
     .. " https://sudokupad.app/QM8RdBLBb9",
   line = "sudolab 9 3x3 classic;whispers:63-54-55-65-74-73,77-69-60-61-53-43,"
     .. "47-37-29-21-13-5-6-16-25-33-41-50-59-67-57,"
     .. "31-32-24"
     .. " ....1.....5.........................6.......9...........3.............3.5...3....",
   answer = "796413852352689417184275693247591386615348279839762541923857164478126935561934728"},
  {name = "renban_ctc", rule = "renban", published = true,
   source = "Renban with black kropki dots, Cracking the Cryptic:"
     .. " https://www.youtube.com/watch?v=XouRUgRsVSA,"
     .. " https://sudokupad.app/jtgN8Hd7f6",
   line = "sudolab 9 3x3 classic;renban:34-35-44-53,62-71-80-79,51-60-69-68,14-5-4-3,9-0-1-2,"
     .. "11-12-21-30,40-41-50-59,39-38-47-56,18-27-36-37,54-63-72-73,"
     .. "57-66-75-74;relation:2.9.20.82.0.4.0.8.0:17-26,6-7,23-22,"
     .. "33-42 ........................1........................................................",
   answer = "132769845496518723758342196815473269963285417274196358521937684389624571647851932"},
  {name = "renban_lmi1", rule = "renban", published = true,
   source = "Logic Masters India, Sudoku Mahotsav 2024 (contest SM202403), renban 1:"
     .. " https://logicmastersindia.com/live/?contest=SM202403",
   line = "sudolab 9 3x3 classic;renban:9-0-1-2-11,10-18,14-6-7-17,15-24-25-26-16,22-21-20-29-38,"
     .. "23-33-42-34-43,39-30-31-40-49,41-50-59-58-67,47-46-45-54-63,64-72-73-74-65,69-77,"
     .. "70-71-80-79-78"
     .. " 5...36......2......6.......73...1.2.8.......1...4...97.......7......8......32....",
   answer = "524136789183279456967584213736891524849752361251463897312645978475918632698327145"},
  {name = "renban_lmi16", rule = "renban", published = true,
   source = "Logic Masters India, Sudoku Mahotsav 2024 (SM202403), IB puzzle 16:"
     .. " https://logicmastersindia.com/live/main?contest=SM202403",
   line = "sudolab 9 3x3 classic;renban:7-8-17-26,13-23,39-48-49-40,"
     .. "54-63-73-74"
     .. " ..........123..45..456..32..789...................123..23..456..54..789..........",
   answer = "367425189812379456945618327278943615431562978596781234723894561654137892189256743"},
  {name = "renban_wpf", rule = "renban", published = true,
   source = "WPF Sudoku GP 2024, round 4:"
     .. " https://gp.worldpuzzle.org/sites/default/files/Puzzles/2024/2024_SudokuRound4.pdf",
   line = "sudolab 9 3x3 classic;renban:7-8-17,9-10,11-12-21,14-15-16,18-27-28-37,30-31-32-33,"
     .. "43-52-53-62,47-48-49-50,59-68-69,63-72-73,64-65-66,"
     .. "70-71 .4...8..................7..........6.........5..........2..................1...3.",
   answer = "147928365236517894859436712971342586364851927528679143492783651613295478785164239"},
  {name = "sandwich_ctc", rule = "sandwich", published = true,
   source = "Sandwich sudoku with every clue, 1, 5, 9 on the diagonal, Cracking the Cryptic:"
     .. " https://www.youtube.com/watch?v=2wfR6QIvNn4,"
     .. " https://sudokupad.app/p8fFp3hT96",
   line = "sudolab 9 3x3 classic;sandwich:c1=8,c2=4,c3=17,c4=35,c5=14,c6=13,c7=3,c8=10,c9=25,r1=4,"
     .. "r2=33,r3=20,r4=17,r5=26,r6=10,r7=16,r8=24,"
     .. "r9=0 ....................1...................5...................9....................",
   answer = "236941875954378612871625439182439756397856124645217398413562987569783241728194563"},
  {name = "palindrome_lmd", rule = "palindrome", published = true,
   source = "Palindromes, Logic Masters Deutschland 0001WP:"
     .. " https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0001WP,"
     .. " https://sudokupad.app/0eqtn1ibko",
   line = "sudolab 9 3x3 classic;palindrome:54-46-36-28-20-12-4-14-6,74-66-76-68-60-52-44-34-26,"
     .. "57-58-59-51-42-33,"
     .. "23-22-21-29-38-47"
     .. " 6.......5..8.5.9...........8...1...3....4........2.............9.7...8.2.5.....6.",
   answer = "694178235128453976375296481842619753719345628536827149283761594967534812451982367"},
  {name = "between_lmd", rule = "between", published = true,
   source = "Between lines, Logic Masters Deutschland 0002KO:"
     .. " https://logic-masters.de/Raetselportal/Raetsel/zeigen.php?id=0002KO",
   line = "sudolab 9 3x3 classic;between:76-68-60-52-44,74-66-58-50-42-34-26,8-16-24-32-40-48-56-64-72,"
     .. "36-28-20-12-4,"
     .. "54-46-38-30-22-14-6"
     .. " .9.......2.....1.............6.7..5..3.....8.....5.2.............9.....8.......1.",
   answer = "697531842258497163314862579846273951532149786971658234125386497469715328783924615"},
  {name = "littlekiller_ashby", rule = "littlekiller", published = false,
   source = "Gary Ashby, by Bill Murphy, as shown by Cracking the Cryptic:"
     .. " https://www.youtube.com/watch?v=FLATfYbBeug, https://tinyurl.com/323m669w",
   line = "sudolab 9 3x3 classic;sum:7+17=6,9+1=5,73+63=15,71+79=14,5+15+25+35=15,27+19+11+3=15,"
     .. "75+65+55+45=23,"
     .. "53+61+69+77=23"
     .. " ...........1...2...8..2..9....3.4.....5...9.....2.9....1..6..4...6...3...........",
   answer = "529483617341697285687521493298354761135876924764219538913765842856142379472938156"},
  {name = "littlekiller_ctc", rule = "littlekiller", published = true,
   source = "Little killer, Cracking the Cryptic:"
     .. " https://www.youtube.com/watch?v=y4eKdI3ZJ78,"
     .. " https://sudokupad.app/nQHjr7Ggpg",
   line = "sudolab 9 3x3 classic;sum:0+10+20+30+40+50+60+70+80=22,9+19+29+39+49+59+69+79=28,"
     .. "18+28+38+48+58+68+78=26,4+12+20+28+36=23,6+14+22+30+38+46+54=34,7+15+23+31+39+47+55+63=40,"
     .. "8+16+24+32+40+48+56+64+72=42"
     .. " ...................5....2..............37........................................",
   answer = "198235764427968531653714289732186945541379826986542173865421397279653418314897652"},
}
