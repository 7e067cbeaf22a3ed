/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * memcpy: copy MEMCPY_WORDS 8-byte words from src to dst, MEMCPY_REPS
 * times, with a loop of four loads then four stores per iteration.
 * src[k] = (k + 1) * 0x9E3779B97F4A7C15 (built by addition); the check is
 * the 64-bit wrapping sum of dst plus dst == src word by word.
 */
#include "bench.h"

static u64 src[MEMCPY_WORDS], dst[MEMCPY_WORDS];
BENCH_RUNTIME(MEMCPY_REPS, MEMCPY_EXPECT);

int main(void)
{
    u64 k, r, v = 0, sum = 0, reps = bench_reps;
    const u64 step = 0x9E3779B97F4A7C15ul;

    for (k = 0; k < MEMCPY_WORDS; k++) {
        v += step;
        src[k] = v;
    }
    for (r = 0; r < reps; r++) {
        const u64 *p = src, *end = src + MEMCPY_WORDS;
        u64 *q = dst;
        barrier();
        do {
            u64 a = p[0], b = p[1], c = p[2], d = p[3];
            q[0] = a; q[1] = b; q[2] = c; q[3] = d;
            p += 4;
            q += 4;
        } while (p != end);
    }
    barrier();
    for (k = 0; k < MEMCPY_WORDS; k++) {
        if (dst[k] != src[k]) {
            return 2;
        }
        sum += dst[k];
    }
    return sum == bench_expect ? 0 : 1;
}
