/*
 * registry.c — the table of rule plugins. The engine reaches a plugin only
 * through here; it includes no plugin header (plugins have none it needs).
 */
#include "registry.h"

#include <stdio.h>
#include <string.h>

#include "suggest.h"

extern const struct constraint_ops classic_constraint, killer_constraint, diagonal_constraint,
    oddeven_constraint, jigsaw_constraint, extra_constraint, windoku_constraint, differ_constraint,
    relation_constraint, thermo_constraint, sums_constraint;
extern const struct constraint_ops whispers_constraint, renban_constraint, palindrome_constraint,
    between_constraint, sandwich_constraint;
extern const struct constraint_ops calcudoku_constraint, binary_constraint;

static const struct constraint_ops *const registry_table[] = {
    &classic_constraint,   &killer_constraint,     &diagonal_constraint, &oddeven_constraint,
    &jigsaw_constraint,    &extra_constraint,      &windoku_constraint,  &differ_constraint,
    &relation_constraint,  &thermo_constraint,     &sums_constraint,     &whispers_constraint,
    &renban_constraint,    &palindrome_constraint, &between_constraint,  &sandwich_constraint,
    &calcudoku_constraint, &binary_constraint,
};

#define REGISTRY_SIZE ((int)(sizeof registry_table / sizeof registry_table[0]))

const struct constraint_ops *registry_find(const char *name, size_t len)
{
    for (int i = 0; i < REGISTRY_SIZE; i++) {
        const char *candidate = registry_table[i]->name;
        if (strlen(candidate) == len && memcmp(candidate, name, len) == 0) return registry_table[i];
    }
    return NULL;
}

const char *registry_closest(const char *name, size_t len)
{
    const char *names[REGISTRY_SIZE + 1];
    for (int i = 0; i < REGISTRY_SIZE; i++) names[i] = registry_table[i]->name;
    names[REGISTRY_SIZE] = NULL;
    char word[SUGGEST_MAX_WORD + 1];
    snprintf(word, sizeof word, "%.*s", (int)(len < SUGGEST_MAX_WORD ? len : SUGGEST_MAX_WORD),
             name);
    return suggest_name(word, names);
}

int registry_count(void) { return REGISTRY_SIZE; }

const struct constraint_ops *registry_at(int i)
{
    return i >= 0 && i < REGISTRY_SIZE ? registry_table[i] : NULL;
}
