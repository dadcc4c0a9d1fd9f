# report_time.gp: generation time of each puzzle against its rating, time
# on a log scale. Run by `sudolab report` with: n, names, colors, term, out.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set termoption noenhanced
set output out
set title "Generation time per puzzle against its rating"
set xlabel "rating"
set ylabel "time to make it (ms, log scale)"
set logscale y
set offsets 0.1, 0.1, 0, 0
set key outside right top title "arm"
set grid
plot for [i = 0:n - 1] 'time.dat' index i using 1:2 with points pt 7 ps 0.6 \
     lc rgb word(colors, i + 1) title word(names, i + 1)
