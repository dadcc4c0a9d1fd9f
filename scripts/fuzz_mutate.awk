# fuzz_mutate.awk: one mutant of the input (a puzzle line or a whole
# file) for scripts/fuzz_inputs.sh, drawn from -v seed=S (the same seed,
# the same mutant). -v lua=1 mutates a Lua file by lines and tokens;
# otherwise the input's lines are joined and mutated as bytes, with the
# moves that break readers most: a byte changed (often for one of its
# kind, so that more mutants still read), a span cut, doubled or
# moved, the line cut short, a number made huge, zero or negative, a
# size prefix changed, the line repeated to many kilobytes.
BEGIN {
    srand(seed)
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" \
               ".,:;_-+x/*?#|=[]{}()\"'\\ \t%&!<>@$^~`"
    split("0 -1 99 100 255 256 1000 65535 65536 2147483647 2147483648 4294967296 " \
          "9223372036854775807 9223372036854775808 1000000000000000000 " \
          "99999999999999999999999999 00000000000000000001 1e308 -0 0x10 NaN", huge, " ")
    nhuge = 21
    split("3x3 99x99 0x0 1x1 5x5 25x25 26x26 2x13 13x2 3x3k 3x3x 9j 99j 0 1 2 99 100 " \
          "1000000 4x4 6x6 14x14 15x15 16x16 8x9 99999999999999999999", sizes, " ")
    nsizes = 26
}
{ text = (NR == 1) ? $0 : text "\n" $0; nlines = NR }
function pick(n) { return int(rand() * n) + 1 }
function onechar() { return substr(alphabet, pick(length(alphabet)), 1) }
function highbyte() { return sprintf("%c", 128 + pick(127)) }
# The start and length of a run of digits in s (RSTART, RLENGTH), picked at random.
function some_number(s,    at, n, rest, k) {
    n = 0
    rest = s
    while (match(rest, /[0-9]+/)) {
        n++
        rest = substr(rest, RSTART + RLENGTH)
    }
    if (n == 0) return 0
    k = pick(n)
    at = 0
    rest = s
    while (k-- > 0) {
        match(rest, /[0-9]+/)
        at += RSTART - 1
        if (k > 0) { at += RLENGTH; rest = substr(rest, RSTART + RLENGTH) }
    }
    RSTART = at + 1
    return 1
}
# A byte of the same kind as c (digit, lower or upper case letter), or c.
function alike(c) {
    if (c ~ /[0-9]/) return substr("0123456789", pick(10), 1)
    if (c ~ /[a-z]/) return substr("abcdefghijklmnopqrstuvwxyz", pick(26), 1)
    if (c ~ /[A-Z]/) return substr("ABCDEFGHIJKLMNOPQRSTUVWXYZ", pick(26), 1)
    return c
}
function byte_mutant(s,    kind, i, j, len, n, piece) {
    len = length(s)
    kind = pick(16)
    i = pick(len + 1)
    if (kind > 12) return substr(s, 1, i - 1) alike(substr(s, i, 1)) substr(s, i + 1)
    j = i + pick(len < 24 ? len + 1 : 24) - 1
    if (kind == 1) return substr(s, 1, i - 1) onechar() substr(s, i + 1)
    if (kind == 2) return substr(s, 1, i - 1) highbyte() substr(s, i + 1)
    if (kind == 3) return substr(s, 1, i - 1) substr(s, j + 1)
    if (kind == 4) return substr(s, 1, j) substr(s, i, j - i + 1) substr(s, j + 1)
    if (kind == 5) return substr(s, 1, pick(len + 1) - 1)
    if (kind == 6) return substr(s, 1, i - 1) onechar() substr(s, i)
    if (kind == 7 && some_number(s))
        return substr(s, 1, RSTART - 1) huge[pick(nhuge)] substr(s, RSTART + RLENGTH)
    if (kind == 8 && match(s, /^[0-9]+(x[0-9]+)?[a-z]*/))
        return sizes[pick(nsizes)] substr(s, RLENGTH + 1)
    if (kind == 8 && match(s, /^sudolab [0-9]+ [0-9a-z]+/))
        return "sudolab " sizes[pick(nsizes)] substr(s, RLENGTH + 1)
    if (kind == 9) { # a span moved elsewhere
        piece = substr(s, i, j - i + 1)
        s = substr(s, 1, i - 1) substr(s, j + 1)
        n = pick(length(s) + 1)
        return substr(s, 1, n - 1) piece substr(s, n)
    }
    if (kind == 10) { # many kilobytes of one span
        piece = substr(s, i, j - i + 1)
        n = pick(4000)
        while (n-- > 0) s = substr(s, 1, i - 1) piece substr(s, i)
        return s
    }
    if (kind == 11) return substr(s, 1, i - 1) "\n" substr(s, i)
    return substr(s, 1, i - 1) sprintf("%c", pick(31)) substr(s, i + 1)
}
function lua_mutant(s,    n, line, i, kind, k, out) {
    n = split(s, line, "\n")
    i = pick(n)
    kind = pick(7)
    if (kind == 1) line[i] = ""
    else if (kind == 2) line[i] = line[i] "\n" line[pick(n)]
    else if (kind == 3 && some_number(line[i]))
        line[i] = substr(line[i], 1, RSTART - 1) huge[pick(nhuge)] substr(line[i], RSTART + RLENGTH)
    else if (kind == 4 && match(line[i], /"[^"]*"/))
        line[i] = substr(line[i], 1, RSTART) byte_mutant(substr(line[i], RSTART + 1, RLENGTH - 2)) \
                  substr(line[i], RSTART + RLENGTH - 1)
    else if (kind == 5) { n = i } # the file cut after line i
    else if (kind == 6 && match(line[i], /= *[^ ,}]+/))
        line[i] = substr(line[i], 1, RSTART) " " (pick(2) == 1 ? "nil" : "{}") substr(line[i], RSTART + RLENGTH)
    else line[i] = byte_mutant(line[i])
    out = line[1]
    for (k = 2; k <= n; k++) out = out "\n" line[k]
    return out
}
END {
    rounds = pick(10)
    rounds = rounds <= 6 ? 1 : rounds <= 9 ? 2 : 3
    while (rounds-- > 0) text = lua ? lua_mutant(text) : byte_mutant(text)
    printf "%s\n", text
}
