/*
 * tech_fish.c — basic fish: a digit whose places in k rows all lie in k
 * columns (or the other way round) is in those columns only in those rows,
 * so it leaves the rest of the columns. k = 2 is an X-wing, 3 a swordfish,
 * 4 a jellyfish.
 */
#include "technique.h"

/* Columns (dir 0) or rows (dir 1) where digit can go in line i of the
 * other kind, as a bit set. */
static uint32_t line_places(const struct human *h, int dir, int line, int digit)
{
    if (h->lay->lines_in_order) return h->places[h->lay->line_house[dir][line]][digit];
    const struct geometry *g = &h->lay->rs->geo;
    uint32_t set = 0;
    for (int j = 0; j < g->size; j++) {
        int c = dir == 0 ? geometry_cell(g, line, j) : geometry_cell(g, j, line);
        if (h->cand[c] & digitset_of(digit)) set |= UINT32_C(1) << j;
    }
    return set;
}

static int fish_step(const struct human *h, int dir, int digit, const int *base, int k,
                     uint32_t cover, struct step *out)
{
    const struct human_layout *lay = h->lay;
    const struct geometry *g = &lay->rs->geo;
    uint32_t base_set = 0;
    for (int i = 0; i < k; i++) base_set |= UINT32_C(1) << base[i];
    out->nelims = 0;
    for (int j = 0; j < g->size; j++) {
        if (!(cover >> j & 1)) continue;
        for (int i = 0; i < g->size; i++) {
            if (base_set >> i & 1) continue;
            int c = dir == 0 ? geometry_cell(g, i, j) : geometry_cell(g, j, i);
            if (h->cand[c] & digitset_of(digit))
                out->elims[out->nelims++] = (struct step_elim){(uint16_t)c, digitset_of(digit)};
        }
    }
    if (out->nelims == 0) return 0;
    out->digits = digitset_of(digit);
    out->nhouses = 0;
    for (int i = 0; i < k; i++) out->houses[out->nhouses++] = lay->line_house[dir][base[i]];
    for (int j = 0; j < g->size; j++)
        if (cover >> j & 1) out->houses[out->nhouses++] = lay->line_house[!dir][j];
    return 1;
}

/* The lines of direction dir whose places of digit may have changed, as
 * a bit set (every line when changed is NULL). */
static uint32_t fish_touched(const struct human *h, int dir, const uint8_t *touched)
{
    uint32_t set = 0;
    for (int i = 0; i < h->lay->size; i++)
        if (touched[h->lay->line_house[dir][i]]) set |= UINT32_C(1) << i;
    return set;
}

/* One digit's lines of one direction, as a fish search sees them. */
struct fish {
    const struct human *h;
    int dir, digit, k, nl;
    int lines[SL_MAX_SIZE];       /* the lines with 2..k places */
    uint32_t places[SL_MAX_SIZE]; /* each line's places */
    uint32_t fresh;               /* lines that may have lost a place */
    int base[4];
};

/* The base lines from lines[from] on, in the order of their combinations:
 * a prefix covering more than k places is cut with all it leads to. */
static int fish_grow(struct fish *f, int depth, int from, uint32_t cover, uint32_t fresh,
                     struct step *out)
{
    if (depth == f->k)
        return fresh && __builtin_popcount(cover) == f->k &&
               fish_step(f->h, f->dir, f->digit, f->base, f->k, cover, out);
    for (int i = from; i <= f->nl - f->k + depth; i++) {
        int line = f->lines[i];
        uint32_t more = cover | f->places[line];
        if (__builtin_popcount(more) > f->k) continue;
        f->base[depth] = line;
        if (fish_grow(f, depth + 1, i + 1, more, fresh | (f->fresh >> line & 1), out)) return 1;
    }
    return 0;
}

/* Told what changed, only base lines of which one lost a place of the
 * digit are tried: the others have the same cover and fewer targets. */
int find_fish_since(const struct human *h, int param, const struct changes *changed,
                    struct step *out)
{
    const struct human_layout *lay = h->lay;
    int n = lay->size;
    uint8_t touched[HUMAN_MAX_HOUSES];
    struct fish f = {.h = h, .k = param};
    for (int i = 0; i < n; i++)
        if (lay->line_house[0][i] < 0 || lay->line_house[1][i] < 0) return 0;
    for (f.digit = 1; f.digit <= n; f.digit++) {
        digit_houses_touched(h, f.digit, changed, touched);
        for (f.dir = 0; f.dir < 2; f.dir++) {
            uint32_t any = 0;
            f.fresh = fish_touched(h, f.dir, touched);
            f.nl = 0;
            for (int i = 0; i < n; i++) {
                f.places[i] = line_places(h, f.dir, i, f.digit);
                int count = __builtin_popcount(f.places[i]);
                if (count >= 2 && count <= f.k) f.lines[f.nl++] = i, any |= f.fresh >> i & 1;
            }
            if (f.nl >= f.k && any && fish_grow(&f, 0, 0, 0, 0, out)) return 1;
        }
    }
    return 0;
}

int find_fish(const struct human *h, int param, struct step *out)
{
    return find_fish_since(h, param, NULL, out);
}
