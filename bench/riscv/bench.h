/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench.h: shared by the riscv64 benchmark programs (bare metal on QEMU's
 * virt machine).  main() returns 0 when its result is right, otherwise the
 * number of the failed check; bench_exit() hands that to the sifive_test
 * device at 0x100000 (0x5555: status 0, (code << 16) | 0x3333: status code).
 * The sizes and expected values come from params.h, which bench/run-bench
 * writes (the same numbers as the PTO programs get).
 */
#ifndef BENCH_H
#define BENCH_H

#include "params.h"

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long u64;

/*
 * The repetition count and the expected result are read from memory, so the
 * code is the same whatever their values: run-bench counts instructions on
 * builds with 1 and 2 repetitions (see docs/benchmarks.md).
 */
#define BENCH_RUNTIME(reps, expect) \
    static volatile const u64 bench_reps_v = (reps); \
    static volatile const u64 bench_expect_v = (expect)
#define bench_reps bench_reps_v
#define bench_expect bench_expect_v

/* keeps the compiler from merging or dropping the repetitions */
#define barrier() __asm__ volatile("" ::: "memory")

/* `bench_hang` labels the instruction after the exit store: the
 * instruction counter stops counting there. */
__attribute__((noreturn)) static inline void bench_exit_impl(int code)
{
    u32 v = code ? ((u32)code << 16) | 0x3333 : 0x5555;
    __asm__ volatile("sw %0, 0(%1)\n"
                     ".globl bench_hang\n"
                     "bench_hang: j bench_hang\n"
                     :: "r"(v), "r"(0x100000UL) : "memory");
    __builtin_unreachable();
}

#endif
