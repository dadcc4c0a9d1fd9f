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

#endif
