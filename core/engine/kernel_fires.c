/*
 * kernel_fires.c — see kernel_fires.h. Each block of nine crossings (the
 * rows of a band, or the columns of a stack) is three lines across three
 * boxes, and a crossing fires when a digit of its segment is in two of
 * its line's three segments but not in two of its box's, or the other
 * way round (the segment itself being one of the two). The vector path
 * and the portable one compute that same predicate, so they agree bit
 * for bit on every block they both read.
 */
#include "kernel_fires.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The digits at least two of a, b and c hold. */
static inline digitset fires_twice3(digitset a, digitset b, digitset c)
{
    return (a & (b | c)) | (b & c);
}

/* Nine segments p[3 * line + box] (the rows of a band, or the columns of
 * a stack with p[3 * column + band]): bit 3 * line + box set when that
 * crossing fires. */
static unsigned fires_block(const digitset *p)
{
    digitset box[3], line[3];
    for (int i = 0; i < 3; i++) {
        box[i] = fires_twice3(p[i], p[3 + i], p[6 + i]);
        line[i] = fires_twice3(p[3 * i], p[3 * i + 1], p[3 * i + 2]);
    }
    digitset narrow[9], any = 0;
    for (int i = 0; i < 9; i++) any |= narrow[i] = p[i] & (line[i / 3] ^ box[i % 3]);
    if (!any) return 0; /* most blocks: nothing to narrow, no mask to build */
    unsigned fires = 0;
    for (int i = 0; i < 9; i++) fires |= (unsigned)(narrow[i] != 0) << i;
    return fires;
}

/* The nine segments of a block by the fixed layout: a band's row
 * segments are three cells in a row, a stack's column segments three
 * cells a row apart (column c, band b at 3 * c + b). */
static void fires_unions(const digitset *cand, int block, digitset *seg)
{
    if (block < 3) {
        for (int s = 0; s < 9; s++) {
            const digitset *p = cand + 27 * block + 3 * s;
            seg[s] = p[0] | p[1] | p[2];
        }
        return;
    }
    for (int c = 0; c < 3; c++)
        for (int b = 0; b < 3; b++) {
            const digitset *p = cand + 27 * b + 3 * (block - 3) + c;
            seg[3 * c + b] = p[0] | p[9] | p[18];
        }
}

uint64_t kernel_fires_portable(const digitset *cand, uint64_t due)
{
    uint64_t fires = 0;
    digitset seg[9];
    for (int block = 0; block < 6; block++) {
        if (!(due >> 9 * block & 0x1ff)) continue;
        fires_unions(cand, block, seg);
        fires |= (uint64_t)fires_block(seg) << 9 * block;
    }
    return fires & due;
}

#if defined(__SSE2__)

static inline __m128i fires_load(const digitset *p)
{
    return _mm_loadu_si128((const __m128i *)(const void *)p);
}

static inline __m128i fires_or3(__m128i a, __m128i b, __m128i c)
{
    return _mm_or_si128(_mm_or_si128(a, b), c);
}

static inline __m128i fires_twice3_v(__m128i a, __m128i b, __m128i c)
{
    return _mm_or_si128(_mm_and_si128(a, _mm_or_si128(b, c)), _mm_and_si128(b, c));
}

/* fires_twice3 of lanes 0-2 of v, in each of lanes 0-2: the three
 * rotations of those lanes, combined lane by lane. */
static inline __m128i fires_twice3_lanes(__m128i v)
{
    return fires_twice3_v(v, _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 0, 2, 1)),
                          _mm_shuffle_epi32(v, _MM_SHUFFLE(3, 1, 0, 2)));
}

/* Bit i set when lane i (of 0-2) of segments & (line ^ box) is not 0. */
static inline unsigned fires_lanes(__m128i segments, __m128i line, __m128i box)
{
    __m128i narrow = _mm_and_si128(segments, _mm_xor_si128(line, box));
    __m128i empty = _mm_cmpeq_epi32(narrow, _mm_setzero_si128());
    return ~(unsigned)_mm_movemask_ps(_mm_castsi128_ps(empty)) & 7;
}

/* Row r's three segments in lanes 0-2, from the row's cells p: lane 0
 * of p | p + 1 | p + 2 is cells 0-2 and lane 3 cells 3-5; lane 1 of
 * p + 5 | p + 6 | p + 7 is cells 6-8. */
static inline __m128i fires_row(const digitset *p)
{
    __m128i front = fires_or3(fires_load(p), fires_load(p + 1), fires_load(p + 2));
    __m128i back = fires_or3(fires_load(p + 5), fires_load(p + 6), fires_load(p + 7));
    return _mm_castps_si128(
        _mm_shuffle_ps(_mm_castsi128_ps(front), _mm_castsi128_ps(back), _MM_SHUFFLE(1, 1, 3, 0)));
}

/* Band t's nine row crossings: lanes are boxes, one vector per row, so
 * each box's "in two segments" is lane-wise and each row's is across
 * lanes. */
static inline unsigned fires_band(const digitset *cand, int t)
{
    const digitset *p = cand + 27 * t;
    __m128i r0 = fires_row(p), r1 = fires_row(p + 9), r2 = fires_row(p + 18);
    __m128i box = fires_twice3_v(r0, r1, r2);
    return fires_lanes(r0, fires_twice3_lanes(r0), box) |
           fires_lanes(r1, fires_twice3_lanes(r1), box) << 3 |
           fires_lanes(r2, fires_twice3_lanes(r2), box) << 6;
}

/* Bit i of a three-bit mask moved to bit 3i. */
static const uint8_t fires_spread[8] = {0x00, 0x01, 0x08, 0x09, 0x40, 0x41, 0x48, 0x49};

/* Stack t's nine column crossings: lanes are the stack's columns, one
 * vector per band (the three cells a row apart in each lane), so each
 * column's "in two segments" is lane-wise and each box's across lanes;
 * a column's crossings are three bits apart. */
static inline unsigned fires_stack(const digitset *cand, int t)
{
    const digitset *p = cand + 3 * t;
    __m128i b0 = fires_or3(fires_load(p), fires_load(p + 9), fires_load(p + 18));
    __m128i b1 = fires_or3(fires_load(p + 27), fires_load(p + 36), fires_load(p + 45));
    __m128i b2 = fires_or3(fires_load(p + 54), fires_load(p + 63), fires_load(p + 72));
    __m128i line = fires_twice3_v(b0, b1, b2);
    return fires_spread[fires_lanes(b0, line, fires_twice3_lanes(b0))] |
           fires_spread[fires_lanes(b1, line, fires_twice3_lanes(b1))] << 1 |
           fires_spread[fires_lanes(b2, line, fires_twice3_lanes(b2))] << 2;
}

uint64_t kernel_fires(const digitset *cand, uint64_t due)
{
    uint64_t fires = 0;
    for (int t = 0; t < 3; t++) {
        if (due >> 9 * t & 0x1ff) fires |= (uint64_t)fires_band(cand, t) << 9 * t;
        if (due >> (27 + 9 * t) & 0x1ff) fires |= (uint64_t)fires_stack(cand, t) << (27 + 9 * t);
    }
    return fires;
}

#else

uint64_t kernel_fires(const digitset *cand, uint64_t due)
{
    return kernel_fires_portable(cand, due);
}

#endif
