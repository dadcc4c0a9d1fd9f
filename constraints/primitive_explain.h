/*
 * primitive_explain.h — the rater's steps for the rule primitives that
 * have no techniques of their own (relation pairs, thermometers, sums):
 * each part of the rule (a pair, a thermometer, an arrow) narrowed as the
 * search's propagate hook narrows it, one part a step, named by the
 * rule's technique key (constraints/README.md lists them).
 */
#ifndef SUDOLAB_PRIMITIVE_EXPLAIN_H
#define SUDOLAB_PRIMITIVE_EXPLAIN_H

#include "constraint.h"

int relation_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                     struct explain_sink *sink);
int thermo_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                   struct explain_sink *sink);
int sums_explain(const void *self, const char *technique, struct prop_ctx *ctx,
                 struct explain_sink *sink);

/* For a rule of no search state whose watched groups are its parts (a
 * line, a clue) and that names its steps itself: narrow(self, ctx, part)
 * narrows one part as its propagate would (SL_PROP_OK or
 * SL_PROP_CONTRADICTION), and one part is one step, whatever it leaves
 * due elsewhere. Asked for key: the first part narrow changes, its index
 * (from 0, in the order of the rule's watched groups) in *part, and 1;
 * ctx holds the narrowing. Asked for EXPLAIN_ALL: every part once, 1, 0
 * or -1 as an explain hook returns. Else 0. */
int primitive_explain_part(int (*narrow)(const void *self, struct prop_ctx *ctx, int part),
                           const void *self, const char *technique, const char *key,
                           struct prop_ctx *ctx, int *part);

#endif
