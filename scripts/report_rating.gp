# report_rating.gp: the rating distribution of each arm, as the share of
# its puzzles per half point, the arms overlaid. Run by `sudolab report` in
# the report's folder with: n (arms), names (their names), colors (one per
# arm, in the arms' order: every chart gives an arm the same), term, out.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set termoption noenhanced
set output out
set title "Rating distribution per arm"
set xlabel "rating (Sudoku Explainer scale)"
set ylabel "share of the arm's puzzles"
set autoscale xfix
set yrange [0:*]
set key outside right top title "arm"
set grid ytics
plot for [i = 0:n - 1] 'rating.dat' index i using 1:2 with histeps lw 2 \
     lc rgb word(colors, i + 1) title word(names, i + 1)
