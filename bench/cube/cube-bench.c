/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cube-bench: the CUBE engine's products, optimized against reference in
 * one run, and OpenBLAS SGEMM (one thread) on the same FP32 shapes.
 *
 * Each case is a cooperative TMATMUL on four PEs: PE i multiplies its
 * 32 x K slice of A by the K x N B, so one case is 4 x (32 x N x K).  The
 * "whole" time covers what the emulator does per operation from the raw
 * operands (64-bit element words): decoding them (FP16 -> FP32, S8 -> S32,
 * B straight into the kernels' panels) and the product; the reference is
 * timed the same way.  The "product" time starts from FP32 arrays, as an
 * SGEMM call does (any copying of B or A included), and is the one set against
 * OpenBLAS.  Every optimized result is compared with the reference bit
 * for bit before a figure is printed.
 *
 *   cube-bench [--quick]
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cblas.h>

#include "numeric/gemm_decode.h"
#include "numeric/gemm.h"
#include "numeric/tile_numeric.h"

enum { PES = 4, M_PER_PE = 32 };

/* Runs of at least this long make one timing (the small cases repeat). */
#define MIN_TIME 0.02

/* The thread's CPU time: the other load of a busy machine (which takes
 * the CPU away from this process now and then) counts much less than in
 * wall-clock time; OpenBLAS runs on one thread, this one. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*
 * The FMA units' peak for this thread, in GFLOP/s: 24 independent chains
 * of fused multiply-adds on the widest vectors the host has (x86-64:
 * AVX-512 or AVX2), best of a few runs; 0 where it has neither.  A
 * product that runs near it cannot run much faster, whatever the kernel
 * (printed beside the FP32 ratios, docs/benchmarks.md).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define FMA_CHAINS(name, isa, lanes)                                                   \
    __attribute__((target(isa), noinline)) static double name(void)                    \
    {                                                                                  \
        typedef float v __attribute__((vector_size(lanes * 4)));                       \
        v acc[24], x = { 0 }, y = { 0 };                                               \
        long n = 200000;                                                               \
        double t0, t;                                                                  \
                                                                                       \
        x += 1.0000001f;                                                               \
        y += 0.9999999f;                                                               \
        for (int i = 0; i < 24; i++) {                                                 \
            acc[i] = x * (float)i;                                                     \
        }                                                                              \
        t0 = now();                                                                    \
        for (long k = 0; k < n; k++) {                                                 \
            _Pragma("GCC unroll 24") for (int i = 0; i < 24; i++) {                    \
                acc[i] = acc[i] * x + y;        /* contracted: one FMA */              \
            }                                                                          \
            __asm__ volatile("" : "+v"(x));                                            \
        }                                                                              \
        t = now() - t0;                                                                \
        for (int i = 1; i < 24; i++) {                                                 \
            acc[0] += acc[i];                   /* every chain is used */               \
        }                                                                              \
        __asm__ volatile("" : : "v"(acc[0]));                                          \
        return n * 24.0 * lanes * 2 / t * 1e-9;                                        \
    }
FMA_CHAINS(fma_chains_avx512, "avx512f,fma", 16)
FMA_CHAINS(fma_chains_avx2, "avx2,fma", 8)

static double fma_peak(void)
{
    double best = 0;

    for (int r = 0; r < 5; r++) {
        double g = __builtin_cpu_supports("avx512f") ? fma_chains_avx512() :
                   __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ?
                   fma_chains_avx2() : 0;
        best = g > best ? g : best;
    }
    return best;
}
#else
static double fma_peak(void)
{
    return 0;
}
#endif

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Raw operands: FP16 / BF16 of magnitude in [2^-2, 2), FP32 in [-2, 2),
 * integers over their whole range. */
static uint64_t raw_value(unsigned dtype)
{
    uint64_t r = rnd();

    switch (dtype) {
    case TILE_DT_FP16:          /* sign, exponent 13..15, any fraction */
        return ((r & 1) << 15) | ((13 + r % 3) << 10) | ((r >> 8) & 0x3ff);
    case TILE_DT_BF16:          /* sign, exponent 125..127, any fraction */
        return ((r & 1) << 15) | ((125 + r % 3) << 7) | ((r >> 8) & 0x7f);
    case TILE_DT_S8:
    case TILE_DT_U8:
        return r & 0xff;
    case TILE_DT_S16:
        return r & 0xffff;
    case TILE_DT_S4X2:
        return r & 0xf;
    default: {                  /* FP32 in [-2, 2) */
        float f = (float)((int64_t)(r % 2000001) - 1000000) / 500000.0f;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    }
}

/*
 * The FP32 arrays start a cache line, the product's and OpenBLAS's alike:
 * where malloc() puts them, one side's output or B could start mid-line
 * and the other's not, and a vector access across two lines costs either
 * side up to a tenth of a small product.
 */
static void *lines_new(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);

    if (!p) {
        fprintf(stderr, "cube-bench: out of memory\n");
        exit(1);
    }
    return p;
}

typedef struct Case {
    const char *name;
    unsigned dtype;
    int N, K;
} Case;

static bool is_int(unsigned dtype)
{
    return dtype >= TILE_DT_S64;
}

/* What a timing covers (see the top of the file). */
enum { REFERENCE, WHOLE, PRODUCT, OPENBLAS };

/* SGEMM on the decoded FP32 operands, once */
static void sgemm_once(const Case *c, const float *a, const float *b, float *out)
{
    int M = PES * M_PER_PE, N = c->N, K = c->K;

    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, a, K, b, N, 0.0f,
                out, N);
}

/*
 * One cooperative TMATMUL: on the engine's path (cube_product_raw) the
 * PEs' A slices are decoded into one array and the common B once,
 * straight into the kernels' panels (the narrow integer types as FP32
 * values), then one product of all the PEs' rows runs (each row's result
 * is its own: stacking the PEs changes no bit); the reference decodes
 * into plain arrays and runs its loops on each PE, leaving the decoded
 * operands in pa and pb for the product from FP32 arrays.
 */
static void run_once(const Case *c, const uint64_t *ra, const uint64_t *rb, void *pa, void *pb,
                     void *out, int mode)
{
    int M = PES * M_PER_PE, N = c->N, K = c->K;
    size_t na = (size_t)M * K, nb = (size_t)K * N;
    bool isint = is_int(c->dtype);
    CubePanels panels;

    if (mode == REFERENCE) {
        memset(out, 0, (size_t)M * N * 4);      /* a TMATMUL's initial values */
        if (isint) {
            cube_decode_i32(c->dtype, ra, na, pa);
        } else {
            cube_decode_f32(c->dtype, ra, na, pa);
        }
        if (isint) {
            cube_decode_i32(c->dtype, rb, nb, pb);
        } else {
            cube_decode_f32(c->dtype, rb, nb, pb);
        }
        for (int pe = 0; pe < PES; pe++) {
            size_t row = (size_t)pe * M_PER_PE;
            if (isint) {
                CubeGemmI32 g = { M_PER_PE, N, K, (int32_t *)pa + row * K, K, pb, N,
                                  (uint32_t *)out + row * N, N };
                cube_gemm_i32_ref(&g);
            } else {
                CubeGemmF32 g = { M_PER_PE, N, K, (float *)pa + row * K, K, pb, N,
                                  (float *)out + row * N, N };
                cube_gemm_f32_ref(&g);
            }
        }
        return;
    }
    if (mode == OPENBLAS) {
        sgemm_once(c, pa, pb, out);
        return;
    }
    if (mode == WHOLE) {                /* the engine's path */
        cube_product_raw(c->dtype, c->dtype, !isint, M, N, K, ra, rb, out, false);
        return;
    }
    cube_panels_of(&panels, pb, K, N, N);
    cube_gemm_f32_panels(M, pa, K, &panels, out, N, false);
    cube_panels_free(&panels);
}

/*
 * Two modes timed in turn (the optimized path and its reference, or the
 * product and OpenBLAS's SGEMM), each timing of enough runs to last
 * MIN_TIME, the best of reps of each: the two see the same machine,
 * whose speed drifts by minutes, at nearly the same moments.  out_a and
 * out_b keep each mode's result.
 */
static void timed_pair(const Case *c, const uint64_t *ra, const uint64_t *rb, void *pa, void *pb,
                       int mode_a, void *out_a, int mode_b, void *out_b, int reps, double *ta,
                       double *tb)
{
    int inner[2] = { 1, 1 }, mode[2] = { mode_a, mode_b };
    void *out[2] = { out_a, out_b };
    double *best[2] = { ta, tb };

    *ta = *tb = 1e30;
    for (int r = -1; r < reps; r++) {           /* r = -1: warm up, calibrate */
        for (int m = 0; m < 2; m++) {
            double t0 = now(), t;

            for (int i = 0; i < inner[m]; i++) {
                run_once(c, ra, rb, pa, pb, out[m], mode[m]);
            }
            t = (now() - t0) / inner[m];
            if (r < 0) {
                inner[m] = t < MIN_TIME ? (int)(MIN_TIME / (t + 1e-9)) + 1 : 1;
            } else {
                *best[m] = t < *best[m] ? t : *best[m];
            }
        }
    }
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "--quick"), reps = quick ? 1 : 3;
    static const Case cases[] = {
        { "FP32", TILE_DT_FP32, 16, 16 }, { "FP32", TILE_DT_FP32, 64, 64 },
        { "FP32", TILE_DT_FP32, 64, 256 }, { "FP32", TILE_DT_FP32, 256, 256 },
        { "FP32", TILE_DT_FP32, 256, 1024 }, { "FP32", TILE_DT_FP32, 1024, 1024 },
        { "FP16->FP32", TILE_DT_FP16, 16, 16 }, { "FP16->FP32", TILE_DT_FP16, 64, 256 },
        { "FP16->FP32", TILE_DT_FP16, 256, 256 }, { "FP16->FP32", TILE_DT_FP16, 1024, 1024 },
        { "BF16->FP32", TILE_DT_BF16, 16, 16 }, { "BF16->FP32", TILE_DT_BF16, 256, 256 },
        { "BF16->FP32", TILE_DT_BF16, 1024, 1024 },
        { "S8->S32", TILE_DT_S8, 16, 16 }, { "S8->S32", TILE_DT_S8, 64, 64 },
        { "S8->S32", TILE_DT_S8, 256, 256 }, { "S8->S32", TILE_DT_S8, 1024, 1024 },
        { "U8->S32", TILE_DT_U8, 16, 16 }, { "U8->S32", TILE_DT_U8, 256, 256 },
        { "S16->S32", TILE_DT_S16, 16, 16 }, { "S16->S32", TILE_DT_S16, 256, 256 },
        { "S4->S32", TILE_DT_S4X2, 16, 16 }, { "S4->S32", TILE_DT_S4X2, 256, 256 },
    };
    int failed = 0;

    openblas_set_num_threads(1);
    printf("cube-bench: four PEs x (32 x N x K) per TMATMUL; optimized path %s; each pair "
           "timed in turn, best of %d timings (product and OpenBLAS: %d)\n", cube_kernel_path(),
           reps, 2 * reps);
    printf("FMA units' peak of this thread: %.1f GFLOP/s\n", fma_peak());
    printf("%-11s %5s %5s | %9s %9s %7s | %9s %9s %8s\n", "case", "N", "K", "whole",
           "reference", "whole/ref", "product", "OpenBLAS", "prod/BLAS");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const Case *c = &cases[i];
        int M = PES * M_PER_PE;
        size_t na = (size_t)M * c->K, nb = (size_t)c->K * c->N, nc = (size_t)M * c->N;
        uint64_t *ra, *rb;
        void *o1, *o2, *pa, *pb;
        double flops = 2.0 * M * c->N * c->K, topt, tref;

        if (quick && c->N * c->K > 256 * 256) {
            continue;
        }
        ra = malloc(na * 8);
        rb = malloc(nb * 8);
        pa = lines_new(na * 4 + 4);
        pb = lines_new(nb * 4 + 4);
        o1 = lines_new(nc * 4);
        o2 = lines_new(nc * 4);
        for (size_t j = 0; j < na; j++) {
            ra[j] = raw_value(c->dtype);
        }
        for (size_t j = 0; j < nb; j++) {
            rb[j] = raw_value(c->dtype);
        }
        /* (the reference leaves pa and pb decoded) */
        timed_pair(c, ra, rb, pa, pb, REFERENCE, o2, WHOLE, o1, reps, &tref, &topt);
        if (memcmp(o1, o2, nc * 4)) {
            printf("%-11s %5d %5d | optimized and reference results differ\n", c->name,
                   c->N, c->K);
            failed = 1;
        } else {
            printf("%-11s %5d %5d | %9.2f %9.2f %6.1fx |", c->name, c->N, c->K,
                   flops / topt * 1e-9, flops / tref * 1e-9, tref / topt);
            if (c->dtype == TILE_DT_FP32) {
                double tp, tb;

                run_once(c, ra, rb, pa, pb, o1, PRODUCT);
                if (memcmp(o1, o2, nc * 4)) {   /* the product alone, checked too */
                    printf(" product and reference results differ\n");
                    failed = 1;
                    goto next;
                }
                timed_pair(c, ra, rb, pa, pb, PRODUCT, o1, OPENBLAS, o2, 2 * reps, &tp, &tb);
                printf(" %9.2f %9.2f %8.2fx\n", flops / tp * 1e-9, flops / tb * 1e-9, tb / tp);
            } else {
                printf(" %9s %9s %9s\n", "-", "-", "-");
            }
        }
    next:
        free(ra);
        free(rb);
        free(pa);
        free(pb);
        free(o1);
        free(o2);
    }
    printf("FMA units' peak of this thread, again: %.1f GFLOP/s\n", fma_peak());
    printf("figures: GFLOP/s (integers: GOP/s); whole: from the raw operands, decode "
           "included; product: from FP32 arrays; prod/BLAS above 1: faster than OpenBLAS\n");
    return failed;
}
