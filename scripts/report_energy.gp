# report_energy.gp: simulated annealing's energy over its steps: the median
# over an arm's runs, and the band from its 10% to its 90% quantile. Run by
# `sudolab report` with: annealed (the names of the arms that anneal, whose
# blocks energy.dat holds in that order), term, out.
eval sprintf("set terminal %s size 820,480 font ',11'", term)
set output out
set title "Annealing energy over steps (median, 10-90% band)"
set xlabel "step"
set ylabel "energy"
set key top right
set grid
set style fill transparent solid 0.25 noborder
plot for [j = 0:words(annealed) - 1] 'energy.dat' index j using 1:3:4 with filledcurves notitle, \
     for [j = 0:words(annealed) - 1] 'energy.dat' index j using 1:2 with lines lw 2 \
         title word(annealed, j + 1)
