/*
 * vec.h — growing a malloc'd array by doubling.
 */
#ifndef SUDOLAB_VEC_H
#define SUDOLAB_VEC_H

#include <stdlib.h>

#include "error.h"

/* Makes *ptr (holding *cap items of `item` bytes) hold at least `need`
 * items. On failure *ptr is unchanged and err says out of memory. */
static inline int vec_grow(void **ptr, int *cap, int need, size_t item, struct sl_error *err)
{
    if (need <= *cap) return 0;
    int cap2 = *cap ? *cap : 64;
    while (cap2 < need) cap2 *= 2;
    void *p = realloc(*ptr, (size_t)cap2 * item);
    if (p == NULL) return sl_error_set(err, 0, 0, "out of memory");
    *ptr = p;
    *cap = cap2;
    return 0;
}

#endif
