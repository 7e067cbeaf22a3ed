/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fletcher: Fletcher-style running sums over FLETCHER_N 32-bit words,
 * FLETCHER_REPS passes: for each word w, a += w, b += a (64-bit, no
 * modulus).  buf[i] = i * 0x9E3779B1 (mod 2^32).  The check is b ^ a.
 * The PTO version is written in compressed (16-bit) instructions and
 * keeps a and b in the U queue.
 */
#include "bench.h"

static u32 buf[FLETCHER_N];
BENCH_RUNTIME(FLETCHER_REPS, FLETCHER_EXPECT);

int main(void)
{
    u64 i, r, a = 0, b = 0, reps = bench_reps;

    for (i = 0; i < FLETCHER_N; i++) {
        buf[i] = (u32)(i * 0x9E3779B1u);
    }
    for (r = 0; r < reps; r++) {
        const u32 *p = buf, *end = buf + FLETCHER_N;
        barrier();
        do {
            a += *p++;
            b += a;
        } while (p != end);
    }
    return (b ^ a) == bench_expect ? 0 : 1;
}
