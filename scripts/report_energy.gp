# report_energy.gp: simulated annealing's energy over its steps: the median
# over an arm's runs, and the band from its 10% to its 90% quantile. Run by
# `sudolab report` with: annealed (the names of the arms that anneal, whose
# blocks energy.dat holds in that order), annealed_colors (their colours,
# as every chart gives them), term, out.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set termoption noenhanced
set output out
set title "Annealing energy over steps (median, 10-90% band)"
set xlabel "step"
set ylabel "energy"
set autoscale xfix
set key outside right top title "arm"
set grid
set style fill transparent solid 0.2 noborder
plot for [j = 0:words(annealed) - 1] 'energy.dat' index j using 1:3:4 with filledcurves \
         lc rgb word(annealed_colors, j + 1) notitle, \
     for [j = 0:words(annealed) - 1] 'energy.dat' index j using 1:2 with lines lw 2 \
         lc rgb word(annealed_colors, j + 1) title word(annealed, j + 1)
