# report_grades.gp: the share of each grade in each arm, stacked. Run by
# `sudolab report` with: term, out. grades.dat's header row names the
# grades, one column each, so this file names none.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set output out
set title "Grade shares per arm"
set ylabel "share of the arm's puzzles"
set yrange [0:1]
stats 'grades.dat' using 2 nooutput
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
set key outside right
plot for [g=2:STATS_columns] 'grades.dat' using g:xtic(1) title columnheader
