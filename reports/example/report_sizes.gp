# report_sizes.gp: the distribution of clue counts (classic arms) or of
# cage sizes (killer arms). Run by `sudolab report` with: n, names,
# colors, term, out, file ('clues.dat' or 'cages.dat'), what (the axis
# label).
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set termoption noenhanced
set output out
set title sprintf("Distribution of %s per arm", what)
set xlabel what
set ylabel "share"
set autoscale xfix
set yrange [0:*]
set key outside right top title "arm"
set grid ytics
plot for [i = 0:n - 1] file index i using 1:2 with histeps lw 2 \
     lc rgb word(colors, i + 1) title word(names, i + 1)
