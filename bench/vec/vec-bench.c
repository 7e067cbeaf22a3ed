/*
 * The VEC element benchmark: the emulator's element arithmetic
 * (target/tile/numeric/vec_elem.c) against the host's native arithmetic on the
 * same operands, in one process (docs/benchmarks.md).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numeric/vec_elem.h"

#define N 65536

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t a[N], b[N], c[N], out[N];
static float fa[N], fb[N], fc[N], fout[N];

typedef enum { ADD, MUL, FMA } Op;

static double run_emulator(unsigned dt, Op op, int reps)
{
    unsigned flags = 0;
    double t0 = now();

    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < N; i++) {
            out[i] = op == FMA ? vec_fma(dt, a[i], b[i], c[i], false, &flags)
                               : vec_binary(dt, op == ADD ? VEC_ADD : VEC_MUL, a[i], b[i],
                                            false, &flags);
        }
    }
    return (now() - t0) / ((double)reps * N) * 1e9;
}

static double run_host(Op op, int reps)
{
    double t0 = now();

    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < N; i++) {
            fout[i] = op == ADD ? fa[i] + fb[i] : op == MUL ? fa[i] * fb[i]
                                                            : fa[i] * fb[i] + fc[i];
        }
        __asm__ volatile("" : : "r"(fout) : "memory");
    }
    return (now() - t0) / ((double)reps * N) * 1e9;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 && !strcmp(argv[1], "--quick") ? 2 : 40;
    static const struct { const char *name; unsigned dt; } types[] = {
        { "FP32", TILE_DT_FP32 }, { "BF16", TILE_DT_BF16 }, { "FP16", TILE_DT_FP16 },
        { "FP64", TILE_DT_FP64 }, { "S32", TILE_DT_S32 },
    };
    static const char *const ops[] = { "add", "mul", "fma" };
    uint32_t x = 12345;

    for (int i = 0; i < N; i++) {
        x = x * 1664525u + 1013904223u;
        fa[i] = 1.0f + (x >> 8) * 0x1p-24f;
        fb[i] = 0.5f + (x & 0xffff) * 0x1p-17f;
        fc[i] = -0.75f + (x >> 20) * 0x1p-12f;
    }
    printf("VEC element arithmetic, ns per element (%d x %d elements); host = the host's\n"
           "native FP32 arithmetic on the same operands, in this process\n\n", reps, N);
    printf("%-6s %-4s %10s %10s %8s\n", "type", "op", "emulator", "host", "ratio");
    for (unsigned t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
        unsigned flags = 0;
        for (int i = 0; i < N; i++) {
            uint32_t ba, bb, bc;
            memcpy(&ba, &fa[i], 4);
            memcpy(&bb, &fb[i], 4);
            memcpy(&bc, &fc[i], 4);
            /* the same values in each type (converted once, nearest even) */
            a[i] = tile_num_convert(types[t].dt, TILE_DT_FP32, ba, TILE_RND_RNE, 0, &flags);
            b[i] = tile_num_convert(types[t].dt, TILE_DT_FP32, bb, TILE_RND_RNE, 0, &flags);
            c[i] = tile_num_convert(types[t].dt, TILE_DT_FP32, bc, TILE_RND_RNE, 0, &flags);
        }
        for (Op op = ADD; op <= FMA; op++) {
            double e = run_emulator(types[t].dt, op, reps), h = run_host(op, reps);
            printf("%-6s %-4s %10.1f %10.2f %7.0fx\n", types[t].name, ops[op], e, h, e / h);
        }
    }
    return 0;
}
