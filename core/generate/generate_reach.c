/*
 * generate_reach.c — see generate.h: a rating band cut to the most a
 * variant's puzzles can rate.
 *
 * `--rating 11.5-12` for antiknight ran to the 60 s time budget: the
 * variant's check (scripts/dig.lua, check_reach) refuses a band wholly
 * above the top, but one that meets it was taken whole, and each grid's
 * dig aimed at ratings no such puzzle has. The part above the top is
 * cut here, with a note, before the variant's own check; the cut band is
 * the one the run aims at and the report records.
 */
#include <math.h>
#include <stdio.h>

#include "generate.h"
#include "technique.h"

int generate_band_may_cut(const struct generate_request *req)
{
    /* The top grows with the size: a band within 1x1's (9.1) is within
     * every size's, and needs no variant read (an interpreter's start). */
    return req->rating_high > technique_top_rating(1) + 1e-9;
}

int generate_cut_band(struct generate_request *req, const char *name, int size, int shallow_to,
                      char *note, size_t cap)
{
    int n = req->size ? req->size : size;
    if (!generate_band_may_cut(req) || !shallow_to || n > shallow_to) return 0;
    /* Ratings are tenths: the top's own tenth, as check_reach prints it. */
    double top = floor(technique_top_rating(n) * 10 + 0.5) / 10;
    if (req->rating_high <= top + 1e-9 || req->rating_low > top + 1e-9) return 0;
    char band[32]; /* what is looked for: one rating when the band starts at the top */
    if (req->rating_low > top - 1e-9)
        snprintf(band, sizeof band, "%.1f", top);
    else
        snprintf(band, sizeof band, "%.1f-%.1f", req->rating_low, top);
    snprintf(note, cap,
             "--rating %.1f-%.1f reaches past %.1f, the most a %dx%d %s puzzle rates (the "
             "techniques' top; their searches stay too shallow for more): looking for %s",
             req->rating_low, req->rating_high, top, n, n, name, band);
    req->rating_high = top;
    return 1;
}
