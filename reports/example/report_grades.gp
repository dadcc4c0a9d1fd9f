# report_grades.gp: the share of each grade in each arm, stacked. Run by
# `sudolab report` with: term, out.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set output out
set title "Grade shares per arm"
set ylabel "share of the arm's puzzles"
set yrange [0:1]
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
set key outside right
plot 'grades.dat' using 2:xtic(1) title 'easy', '' using 3 title 'medium', \
     '' using 4 title 'hard', '' using 5 title 'expert', '' using 6 title 'extreme', \
     '' using 7 title 'beyond'
