/*
 * registry.h — rule plugins by name.
 *
 * registry.c holds the one table of every constraint_ops the binary knows;
 * adding a rule family is one file under constraints/ and one line there.
 */
#ifndef SUDOLAB_REGISTRY_H
#define SUDOLAB_REGISTRY_H

#include "constraint.h"

/* The plugin called `name` (length len), or NULL. */
const struct constraint_ops *registry_find(const char *name, size_t len);
/* The plugin name closest to the misspelt `name` (length len), or NULL
 * when none is close (suggest.h): the "did you mean" of every unknown
 * rule, in lines, variants and scripts alike. */
const char *registry_closest(const char *name, size_t len);
/* Plugin i for i in 0..registry_count()-1, in registration order. */
int registry_count(void);
const struct constraint_ops *registry_at(int i);

#endif
