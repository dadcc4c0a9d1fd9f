/*
 * explain.c — the explain sink of explain.h.
 */
#include "explain.h"

void explain_name(struct explain_sink *sink, const char *key, const char *words, const int *cells,
                  int count)
{
    sink->key = key;
    sink->words = words;
    sink->ncells = count < EXPLAIN_MAX_CELLS ? count : EXPLAIN_MAX_CELLS;
    for (int i = 0; i < sink->ncells; i++) sink->cells[i] = cells[i];
}
