/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * sieve: sieve of Eratosthenes over SIEVE_N byte flags, SIEVE_REPS times:
 * clear the flags (8-byte stores), cross out the multiples of every prime
 * p with p * p < N starting at p * p, then count the crossed-out numbers
 * in 2..N-1 (N - 2 minus the primes below N), summed over the repetitions.
 */
#include "bench.h"

static u8 flags[SIEVE_N] __attribute__((aligned(8)));
BENCH_RUNTIME(SIEVE_REPS, SIEVE_EXPECT);

int main(void)
{
    u64 i, j, r, total = 0, reps = bench_reps;

    for (r = 0; r < reps; r++) {
        barrier();
        for (i = 0; i < SIEVE_N / 8; i++) {
            ((u64 *)flags)[i] = 0;
        }
        for (i = 2; i * i < SIEVE_N; i++) {
            if (!flags[i]) {
                for (j = i * i; j < SIEVE_N; j += i) {
                    flags[j] = 1;
                }
            }
        }
        for (i = 2; i < SIEVE_N; i++) {
            total += flags[i];
        }
    }
    return total == bench_expect ? 0 : 1;
}
