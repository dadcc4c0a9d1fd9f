/*
 * rng.h — the one seeded pseudo-random generator (xoshiro256**).
 *
 * Nothing in sudolab draws randomness from anywhere else, so every random
 * result is a function of the seed. rng_for_index derives an independent
 * stream for item i of a run, which is what makes shard i of n
 * reproducible without running shards 0..i-1 first.
 */
#ifndef SUDOLAB_RNG_H
#define SUDOLAB_RNG_H

#include <stdint.h>

struct rng {
    uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
/* The stream for item `index` of a run seeded with `seed`. */
void rng_for_index(struct rng *r, uint64_t seed, uint64_t index);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, bound), bound > 0, without modulo bias. */
uint32_t rng_below(struct rng *r, uint32_t bound);
/* Shuffles n ints in place (Fisher–Yates). */
void rng_shuffle_ints(struct rng *r, int *items, int n);

#endif
