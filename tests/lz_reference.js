// lz_reference.js — the npm package lz-string as a filter, for
// tests/fpuzzles_lz.sh: "c" writes compressToBase64 of standard input,
// "d" decompressFromBase64 of it, "clines" and "dlines" the same for each
// line of it (one line out for each), "text SEED N" a random text of N
// characters (every UTF-16 width, astral ones as surrogate pairs).
const lz = require('lz-string');
const fs = require('fs');
const mode = process.argv[2];
if (mode === 'text') {
  let seed = Number(process.argv[3]) >>> 0, out = '';
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  while (out.length < Number(process.argv[4])) {
    const r = next() % 4;
    const cp = r === 0 ? 0x20 + next() % 0x5f : r === 1 ? 0xa0 + next() % 0x700
             : r === 2 ? 0xe000 + next() % 0x1fff : 0x10000 + next() % 0xfffff;
    out += String.fromCodePoint(cp);
  }
  process.stdout.write(out);
} else if (mode === 'clines' || mode === 'dlines') {
  const lines = fs.readFileSync(0, 'utf8').split('\n').filter((l) => l !== '');
  const f = mode === 'clines' ? lz.compressToBase64 : lz.decompressFromBase64;
  process.stdout.write(lines.map((l) => f(l)).join('\n') + '\n');
} else {
  const input = fs.readFileSync(0, 'utf8');
  const result = mode === 'c' ? lz.compressToBase64(input) : lz.decompressFromBase64(input);
  if (result === null) { console.error('lz-string: no text'); process.exit(2); }
  process.stdout.write(result);
}
