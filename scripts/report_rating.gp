# report_rating.gp: the rating distribution of each arm, as the share of
# its puzzles per half point, the arms overlaid. Run by `sudolab report` in
# the report's folder with: n (arms), names (their names), term, out.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set output out
set title "Rating distribution per arm"
set xlabel "rating (Sudoku Explainer scale)"
set ylabel "share of the arm's puzzles"
set xrange [1:12]
set yrange [0:*]
set key top right
set grid ytics
plot for [i = 0:n - 1] 'rating.dat' index i using 1:2 with histeps lw 2 title word(names, i + 1)
