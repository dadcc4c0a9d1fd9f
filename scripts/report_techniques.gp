# report_techniques.gp: the share of each arm's puzzles that need each
# technique, hardest technique at the top, a bar per arm. Run by `sudolab
# report` with: n, names, colors, term, out, height (pixels: the rows need
# room). techniques.dat has a header, then a row per technique and a
# column per arm.
eval sprintf("set terminal %s size 820,%d font ',11'", term, height)
set termoption noenhanced
set output out
set title "Techniques each arm's puzzles need (hardest first)"
set xlabel "share of the arm's puzzles that need it"
set xrange [0:1.02]
set yrange [*:*] reverse
set offsets 0, 0, 0.6, 0.6
set ytics scale 0
set key outside right top title "arm"
set grid xtics
set style fill solid 0.85 noborder
bar = 0.8 / n
plot 'techniques.dat' skip 1 using (0):0:ytic(1) with dots notitle, \
     for [i = 1:n] 'techniques.dat' skip 1 \
         using (column(i + 1) / 2):($0 - 0.4 + bar * (i - 0.5)):(column(i + 1) / 2):(bar / 2) \
         with boxxyerror lc rgb word(colors, i) title word(names, i)
