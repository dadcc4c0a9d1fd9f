/*
 * suggest.h — "did you mean": the known name closest to a misspelt one.
 *
 * Names come as a NULL-terminated list. The distance counts the letters
 * inserted, deleted or changed, and two neighbours swapped, to turn one
 * word into the other. A name is suggested only when it is close for the
 * word's length, so a word that resembles nothing gets no suggestion.
 */
#ifndef SUDOLAB_SUGGEST_H
#define SUDOLAB_SUGGEST_H

#include <stddef.h>

/* The edit distance of a and b (each at most SUGGEST_MAX_WORD bytes are
 * compared; a longer word counts its extra bytes as inserted). */
int suggest_distance(const char *a, const char *b);

#define SUGGEST_MAX_WORD 64

/* The closest of names to word when it is a likely misspelling, else NULL
 * (also when word is itself one of the names). A name equal to word but
 * for case is the closest. Ties go to the first. */
const char *suggest_name(const char *word, const char *const *names);

/* The names joined by ", " into buf (snprintf convention). */
int suggest_list(const char *const *names, char *buf, size_t cap);

/* "unknown WHAT 'word'; did you mean 'x'? (one of: a, b, c)" into buf,
 * without the suggestion when there is none. snprintf convention. */
int suggest_unknown(const char *what, const char *word, const char *const *names, char *buf,
                    size_t cap);

#endif
