/*
 * fpuzzles_write.c — a puzzle to f-puzzles JSON (fpuzzles.h). Each rule's
 * written arguments (the one public form a plugin has) are mapped onto the
 * f-puzzles keys; what has no f-puzzles form is refused, naming the rule.
 */
#include "fpuzzles.h"

#include <stdlib.h>
#include <string.h>

#include "cage_text.h"
#include "fpuzzles_shapes.h"
#include "json.h"
#include "lz_string.h"

/* The keys written, in this order. */
enum {
    K_KILLERCAGE,
    K_EXTRAREGION,
    K_ODD,
    K_EVEN,
    K_THERMOMETER,
    K_ARROW,
    K_LITTLEKILLER,
    K_DIFFERENCE,
    K_RATIO,
    K_XV,
    K_WHISPERS,
    K_RENBAN,
    K_PALINDROME,
    K_BETWEEN,
    K_SANDWICH,
    K_COUNT
};
static const char *const fw_key_names[K_COUNT] = {
    "killercage", "extraregion",     "odd",        "even",        "thermometer",
    "arrow",      "littlekillersum", "difference", "ratio",       "xv",
    "whispers",   "renban",          "palindrome", "betweenline", "sandwichsum",
};
/* The key of each line rule (fpuzzles_shapes.h). */
static const int fw_line_keys[FP_LINE_KINDS] = {
    [FP_THERMO] = K_THERMOMETER,    [FP_WHISPERS] = K_WHISPERS, [FP_RENBAN] = K_RENBAN,
    [FP_PALINDROME] = K_PALINDROME, [FP_BETWEEN] = K_BETWEEN,
};

struct fp_writer {
    const struct puzzle *p;
    int n, ncells;
    struct sl_error *err;
    struct json_out key[K_COUNT];
    int classic, jigsaw, diagonal_plus, diagonal_minus, not_mask;
    int region[SL_MAX_CELLS];
    int pairs[2 * FP_MAX_PAIRS];
    uint8_t differ[SL_MAX_CELLS * SL_MAX_CELLS / 8 + 1];    /* by min*N*N+max */
    uint8_t marked[2][SL_MAX_CELLS * SL_MAX_CELLS / 8 + 1]; /* dots; XV marks */
    uint8_t negative[2][SL_MAX_CELLS * SL_MAX_CELLS / 8 + 1];
    int any_differ, any_negative[2];
};

/* ---- pair sets ---- */

static int fw_pair_key(const struct fp_writer *w, int a, int b)
{
    return a < b ? a * w->ncells + b : b * w->ncells + a;
}
static void fw_set(uint8_t *set, int key) { set[key / 8] |= (uint8_t)(1 << key % 8); }
static int fw_has(const uint8_t *set, int key) { return set[key / 8] >> key % 8 & 1; }

/* ---- entries ---- */

/* Opens an entry of key k: '{' after a ',' when there are others. */
static struct json_out *fw_entry(struct fp_writer *w, int k)
{
    json_out_printf(&w->key[k], "%s{", w->key[k].len ? "," : "");
    return &w->key[k];
}

static void fw_cell(const struct fp_writer *w, struct json_out *out, int c, int first)
{
    char name[16];
    fp_cell_name(w->n, c, name, sizeof name);
    json_out_printf(out, "%s\"%s\"", first ? "" : ",", name);
}

static void fw_cells(const struct fp_writer *w, struct json_out *out, const int *cells, int k)
{
    json_out_printf(out, "[");
    for (int i = 0; i < k; i++) fw_cell(w, out, cells[i], i == 0);
    json_out_printf(out, "]");
}

/* Cell numbers joined by sep from text into cells; the count, or -1. */
static int fw_numbers(const char *text, size_t len, char sep, int *cells, int max, int ncells)
{
    int k = 0;
    for (size_t i = 0; i < len;) {
        int v = 0, digits = 0;
        while (i < len && text[i] >= '0' && text[i] <= '9' && digits < 4)
            v = v * 10 + text[i++] - '0', digits++;
        if (digits == 0 || v >= ncells || k == max || (i < len && text[i] != sep)) return -1;
        cells[k++] = v;
        if (i < len) i++;
    }
    return k;
}

/* ---- rules ---- */

static int fw_refuse(struct fp_writer *w, const char *name, const char *why)
{
    return sl_error_set(w->err, 0, 0, "f-puzzles has no form for the rule '%s'%s%s", name,
                        why[0] ? ": " : "", why);
}

static int fw_jigsaw(struct fp_writer *w, const char *args)
{
    struct cellmap *m = malloc(sizeof *m);
    int rc = m ? cellmap_parse(m, &w->p->geo, args, strlen(args), w->err) : -1;
    for (int c = 0; rc == 0 && c < w->ncells; c++) w->region[c] = m->part[c];
    w->jigsaw = rc == 0;
    free(m);
    return rc;
}

static int fw_diagonal(struct fp_writer *w, const char *args)
{
    w->diagonal_plus |= args[0] != '-';
    w->diagonal_minus |= args[0] != '+';
    return 0;
}

/* Entries of key k, one per part of a map, with sums when given. */
static void fw_parts(struct fp_writer *w, int k, const struct cellmap *m, const int *sums)
{
    int cells[SL_MAX_CELLS];
    for (int q = 0; q < m->nparts; q++) {
        struct json_out *out = fw_entry(w, k);
        json_out_printf(out, "\"cells\":");
        fw_cells(w, out, cells, cellmap_cells(m, q, cells));
        if (sums && sums[q]) json_out_printf(out, ",\"value\":\"%d\"", sums[q]);
        json_out_printf(out, "}");
    }
}

static int fw_killer(struct fp_writer *w, const char *args)
{
    struct cage_text *ct = malloc(sizeof *ct);
    int rc = ct ? cage_text_parse(ct, &w->p->geo, args, strlen(args), w->err) : -1;
    if (rc == 0) fw_parts(w, K_KILLERCAGE, &ct->map, ct->sum);
    free(ct);
    return rc;
}

static int fw_extra(struct fp_writer *w, const char *args)
{
    struct cellmap *m = malloc(sizeof *m);
    int rc = m ? cellmap_parse(m, &w->p->geo, args, strlen(args), w->err) : -1;
    if (rc == 0) fw_parts(w, K_EXTRAREGION, m, NULL);
    free(m);
    return rc;
}

static int fw_windoku(struct fp_writer *w, const char *args)
{
    struct cellmap *m = malloc(sizeof *m);
    int part[SL_MAX_CELLS], rc = m && fp_windoku_parts(&w->p->geo, part) ? 0 : -1;
    (void)args;
    if (rc == 0) cellmap_from_parts(m, w->ncells, part);
    if (rc == 0) fw_parts(w, K_EXTRAREGION, m, NULL);
    free(m);
    return rc ? fw_refuse(w, "windoku", "no windows") : 0;
}

static int fw_oddeven(struct fp_writer *w, const char *args)
{
    for (int c = 0; c < w->ncells && args[c]; c++) {
        if (args[c] != 'o' && args[c] != 'e') continue;
        struct json_out *out = fw_entry(w, args[c] == 'o' ? K_ODD : K_EVEN);
        json_out_printf(out, "\"cell\":");
        fw_cell(w, out, c, 1);
        json_out_printf(out, "}");
    }
    return 0;
}

/* One entry of "lines" per path of a line rule. */
static int fw_lines(struct fp_writer *w, enum fp_line_kind kind, const char *args)
{
    int cells[SL_MAX_CELLS];
    for (const char *at = args; *at;) {
        size_t len = strcspn(at, ",");
        int k = fw_numbers(at, len, '-', cells, w->ncells, w->ncells);
        if (k < fp_line_rules[kind].min_cells)
            return fw_refuse(w, fp_line_rules[kind].rule, "unreadable path");
        struct json_out *out = fw_entry(w, fw_line_keys[kind]);
        json_out_printf(out, "\"lines\":[");
        fw_cells(w, out, cells, k);
        json_out_printf(out, "]}");
        at += len + (at[len] == ',');
    }
    return 0;
}

/* Sandwich clues "r1=10,c5=0": a row's clue left of it (R1C0), a
 * column's above it (R0C5). */
static int fw_sandwich(struct fp_writer *w, const char *args)
{
    for (const char *at = args; *at;) {
        char *end;
        long index = (*at == 'r' || *at == 'c') ? strtol(at + 1, &end, 10) : 0, sum = -1;
        if (index >= 1 && index <= w->n && *end == '=' && end[1] >= '0' && end[1] <= '9')
            sum = strtol(end + 1, &end, 10);
        if (sum < 0 || (*end != ',' && *end != '\0'))
            return fw_refuse(w, "sandwich", "unreadable clue");
        struct json_out *out = fw_entry(w, K_SANDWICH);
        json_out_printf(out, "\"cell\":\"R%ldC%ld\",\"value\":\"%ld\"}", *at == 'r' ? index : 0,
                        *at == 'r' ? 0 : index, sum);
        at = end + (*end == ',');
    }
    return 0;
}

/* ---- sums: arrows and little killers ---- */

static int fw_arrow(struct fp_writer *w, const int *shaft, int k, const int *circle, int m)
{
    int best = 0, best_d = 1 << 20, n = w->n;
    for (int i = 0; i < m; i++) {
        int dr = abs(circle[i] / n - shaft[0] / n), dc = abs(circle[i] % n - shaft[0] % n);
        int d = dr > dc ? dr : dc;
        if (d < best_d) best = i, best_d = d;
    }
    struct json_out *out = fw_entry(w, K_ARROW);
    json_out_printf(out, "\"cells\":");
    fw_cells(w, out, circle, m);
    json_out_printf(out, ",\"lines\":[[");
    fw_cell(w, out, circle[best], 1);
    for (int i = 0; i < k; i++) fw_cell(w, out, shaft[i], 0);
    json_out_printf(out, "]]}");
    return 0;
}

/* A little killer: the cells run along a whole diagonal, edge to edge. */
static int fw_little_killer(struct fp_writer *w, const int *cells, int k, int total)
{
    static const struct {
        const char *name;
        int dr, dc;
    } dirs[] = {{"DR", 1, 1}, {"DL", 1, -1}, {"UR", -1, 1}, {"UL", -1, -1}};
    int n = w->n;
    for (int d = 0; d < 4; d++) {
        int r = cells[0] / n - dirs[d].dr, c = cells[0] % n - dirs[d].dc, ok = 1;
        if (r >= 0 && r < n && c >= 0 && c < n) continue; /* the clue must be outside */
        for (int i = 0; i < k && ok; i++)
            ok = cells[i] == (r + (i + 1) * dirs[d].dr) * n + c + (i + 1) * dirs[d].dc &&
                 r + (i + 1) * dirs[d].dr >= 0 && r + (i + 1) * dirs[d].dr < n &&
                 c + (i + 1) * dirs[d].dc >= 0 && c + (i + 1) * dirs[d].dc < n;
        int er = r + (k + 1) * dirs[d].dr, ec = c + (k + 1) * dirs[d].dc;
        if (!ok || (er >= 0 && er < n && ec >= 0 && ec < n)) continue;
        struct json_out *out = fw_entry(w, K_LITTLEKILLER);
        json_out_printf(out, "\"cell\":\"R%dC%d\",\"direction\":\"%s\",\"value\":\"%d\",\"cells\":",
                        r + 1, c + 1, dirs[d].name, total);
        fw_cells(w, out, cells, k);
        json_out_printf(out, "}");
        return 0;
    }
    return fw_refuse(w, "sum", "a sum to a number whose cells are not a whole diagonal");
}

static int fw_sum_entry(struct fp_writer *w, const char *text, size_t len)
{
    int terms[SL_MAX_CELLS], circle[4];
    const char *eq = memchr(text, '=', len);
    if (eq == NULL) return fw_refuse(w, "sum", "unreadable entry");
    int k = fw_numbers(text, (size_t)(eq - text), '+', terms, w->ncells, w->ncells);
    size_t rest = len - (size_t)(eq - text) - 1;
    if (k < 1) return fw_refuse(w, "sum", "unreadable entry");
    if (rest > 0 && eq[1] == '@') {
        int m = fw_numbers(eq + 2, rest - 1, '@', circle, 3, w->ncells);
        if (m < 1) return fw_refuse(w, "sum", "unreadable entry");
        return fw_arrow(w, terms, k, circle, m);
    }
    int total = 0;
    for (size_t i = 1; i <= rest; i++) {
        if (eq[i] < '0' || eq[i] > '9' || i > 4) return fw_refuse(w, "sum", "unreadable entry");
        total = total * 10 + eq[i] - '0';
    }
    return fw_little_killer(w, terms, k, total);
}

static int fw_sum(struct fp_writer *w, const char *args)
{
    for (const char *at = args; *at;) {
        size_t len = strcspn(at, ",");
        if (fw_sum_entry(w, at, len)) return -1;
        at += len + (at[len] == ',');
    }
    return 0;
}

/* ---- pairs: differ and relation ---- */

/* Reads "a-b,c-d" into w->pairs; the count, or -1. */
static int fw_pair_list(struct fp_writer *w, const char *text, size_t len)
{
    int k = 0;
    for (size_t at = 0; at < len;) {
        size_t n = strcspn(text + at, ",|");
        if (at + n > len) n = len - at;
        if (k == FP_MAX_PAIRS || fw_numbers(text + at, n, '-', w->pairs + 2 * k, 2, w->ncells) != 2)
            return -1;
        k++;
        at += n + 1;
    }
    return k;
}

static int fw_differ(struct fp_writer *w, const char *args)
{
    int k = fw_pair_list(w, args, strlen(args));
    if (k < 0) return fw_refuse(w, "differ", "unreadable pairs");
    for (int i = 0; i < k; i++)
        fw_set(w->differ, fw_pair_key(w, w->pairs[2 * i], w->pairs[2 * i + 1]));
    w->any_differ = 1;
    return 0;
}

/* What a relation table is in f-puzzles: 0 with key and value, or -1. */
static int fw_table_kind(const struct fp_writer *w, const char *table, size_t len, int *key,
                         int *value, int *family)
{
    static const struct {
        enum fp_relation_kind kind;
        int key, family, lo, hi; /* values lo..hi; hi 0: n - 1; -1: n */
    } kinds[] = {
        {FP_DIFFERENCE, K_DIFFERENCE, 0, 1, 0},
        {FP_RATIO, K_RATIO, 0, 2, -1},
        {FP_SUM, K_XV, 1, 10, 10},
        {FP_SUM, K_XV, 1, 5, 5},
        {FP_NOT, -1, 0, 1, 3},
        {FP_NOT, -1, 1, 12, 12},
    };
    char want[512];
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        int hi = kinds[i].hi == 0 ? w->n - 1 : kinds[i].hi < 0 ? w->n : kinds[i].hi;
        for (int v = kinds[i].lo; v <= hi; v++) {
            int need = fp_relation_table(w->n, kinds[i].kind, v, want, sizeof want);
            if ((size_t)need != len || memcmp(want, table, len) != 0) continue;
            *key = kinds[i].key, *value = v, *family = kinds[i].family;
            return 0;
        }
    }
    return -1;
}

static void fw_dot(struct fp_writer *w, int key, int value, int a, int b)
{
    struct json_out *out = fw_entry(w, key);
    json_out_printf(out, "\"cells\":[");
    fw_cell(w, out, a, 1);
    fw_cell(w, out, b, 0);
    json_out_printf(out, "]");
    if (key == K_XV) json_out_printf(out, ",\"value\":\"%s\"", value == 10 ? "X" : "V");
    if ((key == K_DIFFERENCE && value != 1) || (key == K_RATIO && value != 2))
        json_out_printf(out, ",\"value\":\"%d\"", value);
    json_out_printf(out, "}");
}

static int fw_relation_group(struct fp_writer *w, const char *text, size_t len)
{
    const char *colon = memchr(text, ':', len);
    int key, value, family;
    if (colon == NULL || fw_table_kind(w, text, (size_t)(colon - text), &key, &value, &family))
        return fw_refuse(w, "relation", "a table that is no dot or mark of f-puzzles");
    int k = fw_pair_list(w, colon + 1, len - (size_t)(colon - text) - 1);
    if (k < 0) return fw_refuse(w, "relation", "unreadable pairs");
    for (int i = 0; i < k; i++) {
        int a = w->pairs[2 * i], b = w->pairs[2 * i + 1], pk = fw_pair_key(w, a, b);
        if (key >= 0) {
            fw_dot(w, key, value, a, b);
            fw_set(w->marked[family], pk);
        } else {
            fw_set(w->negative[family], pk);
        }
    }
    if (key < 0) w->not_mask |= value, w->any_negative[family] = 1;
    return 0;
}

static int fw_relation(struct fp_writer *w, const char *args)
{
    for (const char *at = args; *at;) {
        size_t len = strcspn(at, "|");
        if (fw_relation_group(w, at, len)) return -1;
        at += len + (at[len] == '|');
    }
    return 0;
}

/* ---- checks after all rules ---- */

/* The differ pairs must be every knight pair, every king pair, or both. */
static int fw_differ_flags(struct fp_writer *w, int *knight, int *king)
{
    uint8_t *cover = calloc(sizeof w->differ, 1);
    *knight = *king = 0;
    if (!w->any_differ) return free(cover), 0;
    if (cover == NULL) return sl_error_set(w->err, 0, 0, "out of memory");
    for (int move = FP_KNIGHT; move <= FP_KING; move++) {
        int k = fp_move_pairs(w->n, (enum fp_move)move, w->pairs), all = 1;
        for (int i = 0; i < k && all; i++)
            all = fw_has(w->differ, fw_pair_key(w, w->pairs[2 * i], w->pairs[2 * i + 1]));
        for (int i = 0; i < k && all; i++)
            fw_set(cover, fw_pair_key(w, w->pairs[2 * i], w->pairs[2 * i + 1]));
        *(move == FP_KNIGHT ? knight : king) = all;
    }
    int ok = 1;
    for (size_t i = 0; i < sizeof w->differ && ok; i++) ok = (w->differ[i] & ~cover[i]) == 0;
    free(cover);
    return ok ? 0 : fw_refuse(w, "differ", "pairs other than every knight's or king's move");
}

/* A negative table must cover exactly the unmarked orthogonal pairs. */
static int fw_negative_check(struct fp_writer *w, int family)
{
    if (!w->any_negative[family]) return 0;
    int k = fp_move_pairs(w->n, FP_ORTHOGONAL, w->pairs), count = 0;
    for (int i = 0; i < k; i++) {
        int key = fw_pair_key(w, w->pairs[2 * i], w->pairs[2 * i + 1]);
        if (fw_has(w->marked[family], key) == fw_has(w->negative[family], key))
            return fw_refuse(w, "relation",
                             "a negative table over other pairs than the unmarked neighbours");
        count += fw_has(w->negative[family], key);
    }
    for (size_t i = 0; i < sizeof w->negative[family]; i++)
        for (int bit = 0; bit < 8; bit++) count -= w->negative[family][i] >> bit & 1;
    return count == 0
               ? 0
               : fw_refuse(w, "relation", "a negative table over pairs that are not neighbours");
}

/* ---- the object ---- */

static const struct {
    const char *name;
    int (*take)(struct fp_writer *, const char *);
} fw_rules[] = {
    {"jigsaw", fw_jigsaw},     {"diagonal", fw_diagonal}, {"killer", fw_killer},
    {"extra", fw_extra},       {"windoku", fw_windoku},   {"oddeven", fw_oddeven},
    {"sum", fw_sum},           {"differ", fw_differ},     {"relation", fw_relation},
    {"sandwich", fw_sandwich},
};

/* The rule's own text, for its writer to take; NULL when out of memory. */
static char *fw_rule_args(const struct puzzle_rule *rule)
{
    int len = rule->ops->write(rule->self, NULL, 0);
    char *args = malloc((size_t)len + 1);
    if (args) rule->ops->write(rule->self, args, (size_t)len + 1);
    return args;
}

static int fw_rule(struct fp_writer *w, const struct puzzle_rule *rule)
{
    const char *name = rule->ops->name;
    int line = -1, other = -1;
    if (strcmp(name, "classic") == 0) return w->classic = 1, 0;
    for (int kind = 0; kind < FP_LINE_KINDS; kind++)
        if (strcmp(fp_line_rules[kind].rule, name) == 0) line = kind;
    for (size_t i = 0; i < sizeof fw_rules / sizeof fw_rules[0]; i++)
        if (strcmp(fw_rules[i].name, name) == 0) other = (int)i;
    if (line < 0 && other < 0) return fw_refuse(w, name, "");
    char *args = fw_rule_args(rule);
    if (args == NULL) return sl_error_set(w->err, 0, 0, "out of memory");
    int rc = line >= 0 ? fw_lines(w, line, args) : fw_rules[other].take(w, args);
    free(args);
    return rc;
}

/* Regions are written when they are not f-puzzles' default boxes. */
static int fw_regions(struct fp_writer *w)
{
    const struct geometry *g = &w->p->geo;
    struct geometry def;
    if (w->jigsaw) return 1;
    if (geometry_init_default(&def, w->n, NULL) == 0 && def.box_rows == g->box_rows &&
        def.box_cols == g->box_cols)
        return 0;
    for (int c = 0; c < w->ncells; c++) w->region[c] = geometry_box(g, c);
    return 1;
}

static void fw_grid(struct fp_writer *w, struct json_out *out)
{
    int regions = fw_regions(w);
    json_out_printf(out, "{\"size\":%d,\"grid\":[", w->n);
    for (int c = 0; c < w->ncells; c++) {
        int d = w->p->givens[c], sep = 0;
        json_out_printf(out, "%s{", c % w->n ? "," : c ? "],[" : "[");
        if (d) json_out_printf(out, "\"value\":%d,\"given\":true", d), sep = 1;
        if (regions && w->region[c] >= 0)
            json_out_printf(out, "%s\"region\":%d", sep ? "," : "", w->region[c]);
        if (regions && w->region[c] < 0) json_out_printf(out, "%s\"region\":null", sep ? "," : "");
        json_out_printf(out, "}");
    }
    json_out_printf(out, "]]");
}

static void fw_flags(struct fp_writer *w, struct json_out *out, int knight, int king)
{
    const int kropki = w->not_mask & (FP_NOT_CONSECUTIVE | FP_NOT_DOUBLE);
    if (w->diagonal_plus) json_out_printf(out, ",\"diagonal+\":true");
    if (w->diagonal_minus) json_out_printf(out, ",\"diagonal-\":true");
    if (knight) json_out_printf(out, ",\"antiknight\":true");
    if (king) json_out_printf(out, ",\"antiking\":true");
    if (kropki & FP_NOT_CONSECUTIVE) json_out_printf(out, ",\"nonconsecutive\":true");
    if ((kropki & FP_NOT_DOUBLE) || (w->not_mask & FP_NOT_X))
        json_out_printf(out, ",\"negative\":[%s%s%s]", kropki & FP_NOT_DOUBLE ? "\"ratio\"" : "",
                        (kropki & FP_NOT_DOUBLE) && (w->not_mask & FP_NOT_X) ? "," : "",
                        w->not_mask & FP_NOT_X ? "\"xv\"" : "");
}

static int fw_build(struct fp_writer *w, struct json_out *out)
{
    int knight, king;
    for (int i = 0; i < w->p->nrules; i++)
        if (fw_rule(w, &w->p->rules[i])) return -1;
    if (!w->classic) return sl_error_set(w->err, 0, 0, "f-puzzles needs the classic rule");
    if (w->jigsaw && w->p->geo.box_rows)
        return sl_error_set(w->err, 0, 0, "f-puzzles has regions or boxes, not both");
    if (w->p->geo.box_rows == 0 && !w->jigsaw && w->n > 1)
        for (int c = 0; c < w->ncells; c++) w->region[c] = -1;
    if (fw_differ_flags(w, &knight, &king) || fw_negative_check(w, 0) || fw_negative_check(w, 1))
        return -1;
    fw_grid(w, out);
    fw_flags(w, out, knight, king);
    for (int k = 0; k < K_COUNT; k++)
        if (w->key[k].len) json_out_printf(out, ",\"%s\":[%s]", fw_key_names[k], w->key[k].buf);
    json_out_printf(out, "}");
    for (int k = 0; k < K_COUNT; k++) out->failed |= w->key[k].failed;
    return out->failed ? sl_error_set(w->err, 0, 0, "out of memory") : 0;
}

char *fpuzzles_write_json(const struct puzzle *p, struct sl_error *err)
{
    struct sl_error quiet = {0};
    struct fp_writer *w = calloc(1, sizeof *w);
    struct json_out out = {0};
    if (w == NULL) return sl_error_set(err, 0, 0, "out of memory"), NULL;
    w->p = p;
    w->n = p->geo.size;
    w->ncells = p->geo.ncells;
    w->err = err ? err : &quiet;
    int rc = fw_build(w, &out);
    for (int k = 0; k < K_COUNT; k++) json_out_free(&w->key[k]);
    free(w);
    if (rc) json_out_free(&out);
    return rc ? NULL : out.buf;
}

char *fpuzzles_write_base64(const struct puzzle *p, struct sl_error *err)
{
    char *json = fpuzzles_write_json(p, err);
    char *code = json ? lz_compress_base64(json, strlen(json), err) : NULL;
    free(json);
    return code;
}

char *fpuzzles_write_link(const struct puzzle *p, struct sl_error *err)
{
    static const char prefix[] = "https://f-puzzles.com/?load=";
    char *code = fpuzzles_write_base64(p, err), *link = NULL;
    if (code && (link = malloc(sizeof prefix + strlen(code))) != NULL) {
        memcpy(link, prefix, sizeof prefix - 1);
        strcpy(link + sizeof prefix - 1, code);
    } else if (code) {
        sl_error_set(err, 0, 0, "out of memory");
    }
    free(code);
    return link;
}
