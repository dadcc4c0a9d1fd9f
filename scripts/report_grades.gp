# report_grades.gp: the share of each arm's puzzles in each grade, a bar
# per arm in each grade. Run by `sudolab report` with: n, names, colors,
# term, out. grades.dat has a row per grade and a column per arm.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set termoption noenhanced
set output out
set title "Grade shares per arm"
set ylabel "share of the arm's puzzles"
set yrange [0:*]
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set key outside right top title "arm"
set grid ytics
plot for [i = 1:n] 'grades.dat' using i + 1:xtic(1) lc rgb word(colors, i) title word(names, i)
