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
#include "numeric/vec_array.h"

#define N 65536

static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);   /* CPU time: steadier on a loaded machine */
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static uint64_t a[N], b[N], c[N], out[N];
/* the same operands packed at the type's width, for the array kernels */
static uint8_t pa[N * 8], pb[N * 8], pc[N * 8], pout[N * 8];
static float fa[N], fb[N], fc[N], fout[N];

/* FMA_V0: TFMA under numeric-profile=pto-v0 */
typedef enum { ADD, MUL, FMA, FMA_V0 } Op;

static double run_emulator(unsigned dt, Op op, int reps)
{
    unsigned flags = 0;
    double t0 = now();

    for (int r = 0; r < reps; r++) {
        for (int i = 0; i < N; i++) {
            out[i] = op >= FMA ? vec_fma(dt, a[i], b[i], c[i], op == FMA_V0, &flags)
                               : vec_binary(dt, op == ADD ? VEC_ADD : VEC_MUL, a[i], b[i],
                                            false, &flags);
        }
    }
    return (now() - t0) / ((double)reps * N) * 1e9;
}

static double run_array(unsigned dt, Op op, int reps)
{
    unsigned flags = 0;
    double t0 = now();

    for (int r = 0; r < reps; r++) {
        if (op == FMA_V0) {
            vec_array_fma_v0(dt, pa, pb, pc, pout, N, &flags);
        } else if (op == FMA) {
            vec_array_fma(dt, pa, pb, pc, pout, N, &flags);
        } else {
            vec_array_binary(dt, op == ADD ? VEC_ADD : VEC_MUL, pa, pb, pout, N, &flags);
        }
        __asm__ volatile("" : : "r"(pout) : "memory");
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

/* TCVT and TCMP: the per-element functions against the array kernels */
static void run_convert_compare(int reps)
{
    static const struct { const char *name; unsigned dst, src, rmode; bool v0; } cvt[] = {
        { "FP32->BF16", TILE_DT_BF16, TILE_DT_FP32, 0, false },
        { "FP32->FP16", TILE_DT_FP16, TILE_DT_FP32, 0, false },
        { "BF16->FP32", TILE_DT_FP32, TILE_DT_BF16, 0, false },
        { "FP32->S32", TILE_DT_S32, TILE_DT_FP32, 0, false },
        { "FP32->S8 RNE", TILE_DT_S8, TILE_DT_FP32, 1, false },
        { "FP32->S32 RDN", TILE_DT_S32, TILE_DT_FP32, 3, false },
        { "FP32->S8 RNA", TILE_DT_S8, TILE_DT_FP32, 5, false },
        { "FP32->FP16 RUP", TILE_DT_FP16, TILE_DT_FP32, 4, false },
        { "FP32->BF16 RTZ", TILE_DT_BF16, TILE_DT_FP32, 2, false },
        { "S32->FP32", TILE_DT_FP32, TILE_DT_S32, 0, false },
        { "FP64->FP32", TILE_DT_FP32, TILE_DT_FP64, 0, false },
        { "FP32->E4M3", TILE_DT_E4M3, TILE_DT_FP32, 0, false },
        { "E4M3->FP32", TILE_DT_FP32, TILE_DT_E4M3, 0, false },
        { "E5M2->BF16", TILE_DT_BF16, TILE_DT_E5M2, 0, false },
        { "E2M1->BF16", TILE_DT_BF16, TILE_DT_E2M1X2, 0, false },
        { "BF16->E4M3", TILE_DT_E4M3, TILE_DT_BF16, 0, false },
        { "FP32->E2M3", TILE_DT_E2M3, TILE_DT_FP32, 0, false },
        { "FP32->E8M0", TILE_DT_E8M0, TILE_DT_FP32, 0, false },
        { "FP32->HiF8", TILE_DT_HIF8, TILE_DT_FP32, 0, false },
        { "FP16->HiF8 RUP", TILE_DT_HIF8, TILE_DT_FP16, 4, false },
        { "FP32->BF16 v0", TILE_DT_BF16, TILE_DT_FP32, 0, true },
        { "S8->FP32 v0", TILE_DT_FP32, TILE_DT_S8, 0, true },
    };
    static uint8_t pred[N / 8];
    unsigned flags = 0;

    printf("\nTCVT and TCMP, ns per element: element = vec_convert() / vec_compare() per\n"
           "element, array = vec_array_convert() / vec_array_compare()\n\n");
    printf("%-14s %9s %9s %8s\n", "operation", "element", "array", "el/arr");
    for (unsigned k = 0; k <= sizeof(cvt) / sizeof(cvt[0]); k++) {
        bool is_cmp = k == sizeof(cvt) / sizeof(cvt[0]);
        unsigned src = is_cmp ? TILE_DT_FP32 : cvt[k].src;
        /* (a 4-bit element a byte in the arrays) */
        unsigned sb = tile_dtype_info(src)->width < 8 ? 1 : tile_dtype_info(src)->width / 8;
        double t0, e, y;

        for (int i = 0; i < N; i++) {
            uint32_t bits;
            /* into S8's range and beyond; E2M3's range (7.5) */
            float v = (fa[i] - 1.5f) * (cvt[k].dst == TILE_DT_E2M3 ? 8.0f : 300.0f);
            memcpy(&bits, &v, 4);
            a[i] = src == TILE_DT_S32 ? (uint32_t)(int32_t)(v * 1e5f)
                   : tile_num_convert(src, TILE_DT_FP32, bits, TILE_RND_RNE, 0, &flags);
            memcpy(pa + i * sb, &a[i], sb);
            memcpy(pb + i * sb, &b[i], sb);
        }
        t0 = now();
        for (int r = 0; r < reps; r++) {
            for (int i = 0; i < N; i++) {
                out[i] = is_cmp ? vec_compare(src, VEC_LT, a[i], a[(i + 1) % N], &flags)
                                : vec_convert(cvt[k].dst, src, a[i], cvt[k].rmode, false,
                                              cvt[k].v0, &flags);
            }
        }
        e = (now() - t0) / ((double)reps * N) * 1e9;
        t0 = now();
        for (int r = 0; r < reps * 4; r++) {
            if (is_cmp) {
                vec_array_compare(src, VEC_LT, pa, pa + sb, 0, pred, 0, N - 1, &flags);
            } else if (cvt[k].v0) {
                vec_array_convert_v0(cvt[k].dst, src, cvt[k].rmode, false, pa, pout, N,
                                     &flags);
            } else {
                vec_array_convert(cvt[k].dst, src, cvt[k].rmode, false, pa, pout, N, &flags);
            }
            __asm__ volatile("" : : "r"(pout), "r"(pred) : "memory");
        }
        y = (now() - t0) / ((double)reps * 4 * N) * 1e9;
        printf("%-14s %9.2f %9.2f %7.1fx\n", is_cmp ? "TCMP FP32 LT" : cvt[k].name, e, y,
               e / y);
    }
}

int main(int argc, char **argv)
{
    int reps = argc > 1 && !strcmp(argv[1], "--quick") ? 2 : 40;
    static const struct { const char *name; unsigned dt; } types[] = {
        { "FP32", TILE_DT_FP32 }, { "BF16", TILE_DT_BF16 }, { "FP16", TILE_DT_FP16 },
        { "FP64", TILE_DT_FP64 }, { "TF32", TILE_DT_TF32 }, { "HF32", TILE_DT_HF32 },
        { "E4M3", TILE_DT_E4M3 }, { "E5M2", TILE_DT_E5M2 },
        { "S32", TILE_DT_S32 },
    };
    static const char *const ops[] = { "add", "mul", "fma", "v0fma" };
    uint32_t x = 12345;

    for (int i = 0; i < N; i++) {
        x = x * 1664525u + 1013904223u;
        fa[i] = 1.0f + (x >> 8) * 0x1p-24f;
        fb[i] = 0.5f + (x & 0xffff) * 0x1p-17f;
        fc[i] = -0.75f + (x >> 20) * 0x1p-12f;
    }
    printf("VEC element arithmetic, ns per element (%d x %d elements): element = the\n"
           "per-element functions (vec_elem.c), array = the array kernels (vec_array.c,\n"
           "where they serve the type), host = the host's native FP32 arithmetic on the\n"
           "same operands, in this process; v0fma: TFMA under numeric-profile=pto-v0\n\n",
           reps, N);
    printf("%-6s %-5s %9s %9s %8s %8s %8s\n", "type", "op", "element", "array", "host",
           "el/host", "arr/host");
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
            unsigned w = tile_dtype_info(types[t].dt)->width / 8;
            memcpy(pa + i * w, &a[i], w);
            memcpy(pb + i * w, &b[i], w);
            memcpy(pc + i * w, &c[i], w);
        }
        for (Op op = ADD; op <= FMA_V0; op++) {
            /* (vec_array_fma_v0() serves every floating type) */
            bool served = op == FMA_V0 ? tile_dtype_info(types[t].dt)->is_float
                          : op == FMA  ? vec_array_fma_serves(types[t].dt)
                                       : vec_array_binary_serves(types[t].dt, VEC_ADD);

            if (op == FMA_V0 && !served) {
                continue;
            }
            double e = run_emulator(types[t].dt, op, reps);
            double y = served ? run_array(types[t].dt, op, reps * 4) : 0;
            double h = run_host(op, reps * 4);
            if (served) {
                printf("%-6s %-5s %9.2f %9.2f %8.3f %7.0fx %7.1fx\n", types[t].name, ops[op],
                       e, y, h, e / h, y / h);
            } else {
                printf("%-6s %-5s %9.2f %9s %8.3f %7.0fx %8s\n", types[t].name, ops[op], e,
                       "-", h, e / h, "-");
            }
        }
    }
    run_convert_compare(reps);
    return 0;
}
