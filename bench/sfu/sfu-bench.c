/*
 * The SFU array benchmark: the emulator's SFU arithmetic over arrays
 * (target/tile/numeric/sfu_array.c, as the SFU engine runs a row) against
 * the host's native FP32 arithmetic and libm on the same operands, and
 * against the per-element reference (sfu_elem.c), in one process
 * (docs/benchmarks.md, "The SFU benchmark").  libm is used here only, as
 * the host's side.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "numeric/sfu_array.h"

#define N 65536
#define NREF 2048       /* elements timed through the per-element reference */

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

typedef enum { B_EXP, B_LOG, B_RECIP, B_SQRT, B_RSQRT, B_DIV, B_ROWSUM, B_ROWMAX, B_NOPS } Op;

static const char *const op_names[] = {
    "TEXP", "TLOG", "TRECIP", "TSQRT", "TRSQRT", "TDIV", "TROWSUM", "TROWMAX",
};
static const SfuUnOp unary_of[] = { SFU_EXP, SFU_LOG, SFU_RECIP, SFU_SQRT, SFU_RSQRT };

enum { ROW = 256 };     /* the folds: rows of 256 elements */

static float fa[N], fb[N], fout[N];
static uint8_t ra[N * 4], rb[N * 4], rout[N * 4];
static uint64_t ea[N], eb[N];

static void inputs(Op op)
{
    uint32_t x = 12345;

    for (int i = 0; i < N; i++) {
        float u;

        x = x * 1664525u + 1013904223u;
        u = (x >> 8) * 0x1p-24f;
        /* softmax's TEXP sees x - max <= 0 */
        fa[i] = op == B_EXP ? -20 + 22 * u : op == B_ROWSUM || op == B_ROWMAX ? u - 0.5f
                                                                                 : 0.01f + 100 * u;
        fb[i] = 0.5f + (x & 0xffff) * 0x1p-17f;
    }
}

static double run_array(unsigned dt, Op op, int reps)
{
    unsigned flags = 0, b = tile_dtype_info(dt)->width / 8;
    double best = 1e30;

    for (int r = 0; r < reps; r++) {
        double t0 = now();

        if (op <= B_RSQRT) {
            sfu_array_unary(dt, unary_of[op], ra, rout, N, &flags);
        } else if (op == B_DIV) {
            sfu_array_div(dt, ra, rb, rout, N, &flags);
        } else {
            /* all the rows at once, as the SFU engine folds a tile */
            static const void *rows[N / ROW];
            static uint64_t sums[N / ROW];

            for (int i = 0; i < N; i += ROW) {
                rows[i / ROW] = (const uint8_t *)ra + i * b;
            }
            sfu_array_fold_rows(dt, op == B_ROWSUM ? TILE_RED_SUM : TILE_RED_MAX, rows, N / ROW,
                                ROW, sums, &flags);
            for (int i = 0; i < N / ROW; i++) {
                sfu_array_put(dt, rout, i, sums[i]);
            }
        }
        __asm__ volatile("" : : "r"(rout) : "memory");
        best = fmin(best, now() - t0);
    }
    return best / N * 1e9;
}

static double run_reference(unsigned dt, Op op)
{
    unsigned flags = 0, b = tile_dtype_info(dt)->width / 8;
    int n = op <= B_LOG ? NREF : N;
    double t0 = now();

    if (op >= B_ROWSUM) {
        for (int i = 0; i < n; i += ROW) {
            TileReduce red;

            tile_reduce_begin(&red, dt, op == B_ROWSUM ? TILE_RED_SUM : TILE_RED_MAX, false);
            for (int j = 0; j < ROW; j++) {
                tile_reduce_step(&red, ea[i + j], &flags);
            }
            sfu_array_put(dt, rout, i / ROW, tile_reduce_result(&red));
        }
    } else {
        for (int i = 0; i < n; i++) {
            uint64_t y = op == B_DIV ? sfu_binary(dt, SFU_DIV, ea[i], eb[i], false, &flags)
                                     : sfu_unary(dt, unary_of[op], ea[i], false, &flags);
            sfu_array_put(dt, rout, i % N, y);
        }
    }
    (void)b;
    return (now() - t0) / n * 1e9;
}

static double run_host(Op op, int reps)
{
    double best = 1e30;

    for (int r = 0; r < reps; r++) {
        double t0 = now();

        switch (op) {
        case B_EXP:
            for (int i = 0; i < N; i++) {
                fout[i] = expf(fa[i]);
            }
            break;
        case B_LOG:
            for (int i = 0; i < N; i++) {
                fout[i] = logf(fa[i]);
            }
            break;
        case B_RECIP:
            for (int i = 0; i < N; i++) {
                fout[i] = 1.0f / fa[i];
            }
            break;
        case B_SQRT:
            for (int i = 0; i < N; i++) {
                fout[i] = sqrtf(fa[i]);
            }
            break;
        case B_RSQRT:
            for (int i = 0; i < N; i++) {
                fout[i] = 1.0f / sqrtf(fa[i]);
            }
            break;
        case B_DIV:
            for (int i = 0; i < N; i++) {
                fout[i] = fa[i] / fb[i];
            }
            break;
        default:
            for (int i = 0; i < N; i += ROW) {
                float s = op == B_ROWSUM ? 0 : fa[i];

                for (int j = 0; j < ROW; j++) {
                    s = op == B_ROWSUM ? s + fa[i + j] : fmaxf(s, fa[i + j]);
                }
                fout[i / ROW] = s;
            }
            break;
        }
        __asm__ volatile("" : : "r"(fout) : "memory");
        best = fmin(best, now() - t0);
    }
    return best / N * 1e9;
}

int main(int argc, char **argv)
{
    int reps = argc > 1 && !strcmp(argv[1], "--quick") ? 3 : 40;
    static const struct { const char *name; unsigned dt; } types[] = {
        { "FP32", TILE_DT_FP32 }, { "BF16", TILE_DT_BF16 }, { "FP16", TILE_DT_FP16 },
    };

    printf("SFU arithmetic over arrays, ns per element (the fastest of %d passes over\n"
           "%d elements; the folds in rows of %d); host = the host's native FP32\n"
           "arithmetic and libm on the same operands; reference = the per-element\n"
           "path (TEXP / TLOG over %d elements)\n\n",
           reps, N, ROW, NREF);
    printf("%-8s %-5s %10s %10s %8s %12s\n", "op", "type", "array", "host", "ratio",
           "reference");
    for (Op op = 0; op < B_NOPS; op++) {
        inputs(op);
        for (unsigned t = 0; t < sizeof(types) / sizeof(types[0]); t++) {
            unsigned dt = types[t].dt, flags = 0;
            double e, h, ref;

            for (int i = 0; i < N; i++) {
                uint32_t ba, bb;

                memcpy(&ba, &fa[i], 4);
                memcpy(&bb, &fb[i], 4);
                /* the same values in each type (converted once, nearest even) */
                ea[i] = tile_num_convert(dt, TILE_DT_FP32, ba, TILE_RND_RNE, 0, &flags);
                eb[i] = tile_num_convert(dt, TILE_DT_FP32, bb, TILE_RND_RNE, 0, &flags);
                sfu_array_put(dt, ra, i, ea[i]);
                sfu_array_put(dt, rb, i, eb[i]);
            }
            run_array(dt, op, 1);                   /* warm up */
            e = run_array(dt, op, reps);
            h = run_host(op, reps);
            ref = run_reference(dt, op);
            printf("%-8s %-5s %10.2f %10.2f %7.1fx %12.1f\n", op_names[op], types[t].name,
                   e, h, e / h, ref);
        }
    }
    return 0;
}
