/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fib: recursive Fibonacci, fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2),
 * of FIB_N, FIB_REPS times; the check is the sum of the results.  fib is
 * kept out of line (noinline, noclone), so gcc -O2 turns the second call
 * into a loop and keeps one real call per step: fib(n - 1) for n, n - 2,
 * ... down to n & 1.  The PTO version has the same shape: one CALL block
 * per call, returns through RET and IND blocks.
 */
#include "bench.h"

BENCH_RUNTIME(FIB_REPS, FIB_EXPECT);

__attribute__((noinline, noclone)) static u64 fib(u64 n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(void)
{
    u64 r, sum = 0, reps = bench_reps;

    for (r = 0; r < reps; r++) {
        barrier();
        sum += fib(FIB_N);
    }
    return sum == bench_expect ? 0 : 1;
}
