/*
 * render_item.c — a puzzle made ready to draw: the marks of its rules,
 * gathered through each rule's marks hook, and its caption.
 */
#include <stdlib.h>
#include <string.h>

#include "render_spool.h"

/* The mark sink: copies each mark and its cells into the item. */
static int item_keep_name(struct render_item *it, const char *name)
{
    size_t len = strlen(it->names), add = strlen(name);
    if (strcmp(name, "classic") == 0 || strstr(it->names, name)) return 0;
    if (len + add + 3 > sizeof it->names) return 0; /* a caption keeps what fits */
    snprintf(it->names + len, sizeof it->names - len, "%s%s", len ? ", " : "", name);
    return 0;
}

int render_item_grow(void **array, int *cap, int need, size_t size)
{
    if (need <= *cap) return 0;
    int grown = *cap ? *cap : 16;
    while (grown < need) grown *= 2;
    void *more = realloc(*array, (size_t)grown * size);
    if (more == NULL) return -1;
    *array = more;
    *cap = grown;
    return 0;
}

static int item_emit(void *arg, const struct mark *m)
{
    struct render_item *it = arg;
    if (m->kind == MARK_NAME) return item_keep_name(it, m->text ? m->text : "");
    if (m->ncells < 0 || (m->ncells > 0 && m->cells == NULL)) return -1;
    for (int i = 0; i < m->ncells; i++)
        if (m->cells[i] < 0 || m->cells[i] >= it->geo.ncells) return -1;
    if (render_item_grow((void **)&it->marks, &it->mark_cap, it->nmarks + 1, sizeof *it->marks) ||
        render_item_grow((void **)&it->cells, &it->cell_cap, it->ncells + m->ncells,
                         sizeof *it->cells))
        return -1;
    struct render_mark *r = &it->marks[it->nmarks++];
    *r = (struct render_mark){m->kind, m->style, m->ncells, it->ncells, ""};
    if (m->text) snprintf(r->text, sizeof r->text, "%s", m->text);
    if (m->ncells) memcpy(it->cells + it->ncells, m->cells, (size_t)m->ncells * sizeof *it->cells);
    it->ncells += m->ncells;
    return 0;
}

/* The boxes, unless a rule draws regions of its own (jigsaw). */
void render_item_regions(struct render_item *it)
{
    const struct geometry *g = &it->geo;
    int own = 0;
    for (int m = 0; m < it->nmarks; m++) own |= it->marks[m].kind == MARK_REGION;
    for (int c = 0; c < g->ncells; c++) it->region[c] = own ? -1 : (int16_t)geometry_box(g, c);
    for (int m = 0, id = 0; m < it->nmarks; m++) {
        const struct render_mark *r = &it->marks[m];
        if (r->kind != MARK_REGION) continue;
        for (int i = 0; i < r->ncells; i++) it->region[it->cells[r->first + i]] = (int16_t)id;
        id++;
    }
}

int render_item_init(struct render_item *it, const struct puzzle *p, struct sl_error *err)
{
    memset(it, 0, sizeof *it);
    it->geo = p->geo;
    memcpy(it->givens, p->givens, (size_t)p->geo.ncells);
    struct mark_sink sink = {item_emit, it};
    for (int i = 0; i < p->nrules; i++) {
        const struct constraint_ops *ops = p->rules[i].ops;
        if (ops->marks == NULL) {
            render_item_free(it);
            return sl_error_set(err, 0, 0, "the rule '%s' has no drawing (no marks hook)",
                                ops->name);
        }
        if (ops->marks(p->rules[i].self, &p->geo, &sink)) {
            render_item_free(it);
            return sl_error_set(err, 0, 0, "cannot gather the marks of '%s' (out of memory)",
                                ops->name);
        }
    }
    if (it->names[0] == '\0') snprintf(it->names, sizeof it->names, "%s", "classic");
    render_item_regions(it);
    return 0;
}

void render_item_free(struct render_item *it)
{
    free(it->marks);
    free(it->cells);
    it->marks = NULL;
    it->cells = NULL;
    it->nmarks = it->ncells = it->mark_cap = it->cell_cap = 0;
}

int render_caption(const struct render_item *it, char *buf, size_t cap)
{
    char number[32] = "", rated[64] = "";
    if (it->number > 0) snprintf(number, sizeof number, "%ld  \u00b7  ", it->number);
    if (it->grade[0] && it->rating > 0)
        snprintf(rated, sizeof rated, "  \u00b7  %s %.1f", it->grade, it->rating);
    else if (it->grade[0])
        snprintf(rated, sizeof rated, "  \u00b7  %s", it->grade);
    return snprintf(buf, cap, "%s%s%s", number, it->names, rated);
}
