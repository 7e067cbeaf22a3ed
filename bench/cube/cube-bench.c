/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cube-bench: the CUBE engine's products, optimized against reference in
 * one run, and OpenBLAS SGEMM (one thread) on the same FP32 shapes.
 *
 * Each case is a cooperative TMATMUL on four PEs: PE i multiplies its
 * 32 x K slice of A by the K x N B, so one case is 4 x (32 x N x K).  The
 * time covers what the emulator does per operation: decoding the raw
 * operands into panels (FP16 -> FP32, S8 -> S32) and the product.  Every
 * optimized result is compared with the reference bit for bit before a
 * figure is printed.
 *
 *   cube-bench [--quick]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cblas.h>

#include "numeric/gemm_decode.h"
#include "numeric/gemm.h"

enum { PES = 4, M_PER_PE = 32 };

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* FP16 values in [-2, 2) (raw), FP32 values, S8 values */
static uint64_t raw_value(unsigned dtype)
{
    switch (dtype) {
    case 4: {                   /* FP16: sign, exponent 13..15, any fraction */
        uint64_t r = rnd();
        return ((r & 1) << 15) | ((13 + r % 3) << 10) | ((r >> 8) & 0x3ff);
    }
    case 19:
        return rnd() & 0xff;
    default: {                  /* FP32 in [-2, 2) */
        float f = (float)((int64_t)(rnd() % 2000001) - 1000000) / 500000.0f;
        uint32_t b;
        memcpy(&b, &f, 4);
        return b;
    }
    }
}

typedef struct Case {
    const char *name;
    unsigned dtype;             /* 4 FP16, 1 FP32, 19 S8 */
    int N, K;
} Case;

/* One TMATMUL: decode A and B, then each PE's 32 x N x K product. */
static double run_case(const Case *c, const uint64_t *ra, const uint64_t *rb, void *out,
                       int optimized, int reps)
{
    int M = PES * M_PER_PE, N = c->N, K = c->K;
    size_t na = (size_t)M * K, nb = (size_t)K * N;
    double best = 1e30;
    int isint = c->dtype == 19;
    void *pa = malloc(na * 4), *pb = malloc(nb * 4);

    for (int rep = 0; rep < reps; rep++) {
        double t0 = now();
        memset(out, 0, (size_t)M * N * 4);
        if (isint) {
            cube_decode_i32(c->dtype, ra, na, pa);
            cube_decode_i32(c->dtype, rb, nb, pb);
        } else {
            cube_decode_f32(c->dtype, ra, na, pa);
            cube_decode_f32(c->dtype, rb, nb, pb);
        }
        for (int pe = 0; pe < PES; pe++) {
            size_t row = (size_t)pe * M_PER_PE;
            if (isint) {
                CubeGemmI32 g = { M_PER_PE, N, K, (int32_t *)pa + row * K, K, pb, N,
                                  (uint32_t *)out + row * N, N };
                (optimized ? cube_gemm_i32 : cube_gemm_i32_ref)(&g);
            } else {
                CubeGemmF32 g = { M_PER_PE, N, K, (float *)pa + row * K, K, pb, N,
                                  (float *)out + row * N, N };
                (optimized ? cube_gemm_f32 : cube_gemm_f32_ref)(&g);
            }
        }
        double t = now() - t0;
        best = t < best ? t : best;
    }
    free(pa);
    free(pb);
    return best;
}

static double run_openblas(const Case *c, const uint64_t *ra, const uint64_t *rb, float *out,
                           int reps)
{
    int M = PES * M_PER_PE, N = c->N, K = c->K;
    float *a = malloc((size_t)M * K * 4), *b = malloc((size_t)K * N * 4);
    double best = 1e30;

    for (size_t i = 0; i < (size_t)M * K; i++) {
        uint32_t w = (uint32_t)ra[i];
        memcpy(&a[i], &w, 4);
    }
    for (size_t i = 0; i < (size_t)K * N; i++) {
        uint32_t w = (uint32_t)rb[i];
        memcpy(&b[i], &w, 4);
    }
    for (int rep = 0; rep < reps; rep++) {
        double t0 = now();
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, 1.0f, a, K, b, N,
                    0.0f, out, N);
        double t = now() - t0;
        best = t < best ? t : best;
    }
    free(a);
    free(b);
    return best;
}

int main(int argc, char **argv)
{
    int quick = argc > 1 && !strcmp(argv[1], "--quick");
    static const Case cases[] = {
        { "FP16->FP32", 4, 64, 256 }, { "FP16->FP32", 4, 256, 256 },
        { "FP16->FP32", 4, 256, 1024 }, { "FP16->FP32", 4, 1024, 1024 },
        { "FP32", 1, 64, 256 }, { "FP32", 1, 256, 256 },
        { "FP32", 1, 256, 1024 }, { "FP32", 1, 1024, 1024 },
        { "S8->S32", 19, 256, 256 }, { "S8->S32", 19, 1024, 1024 },
    };
    int failed = 0;

    openblas_set_num_threads(1);
    printf("cube-bench: four PEs x (32 x N x K) per TMATMUL; optimized path %s; "
           "best of %d runs\n", cube_kernel_path(), quick ? 1 : 3);
    printf("%-11s %5s %5s | %10s %10s %7s | %10s %9s\n", "case", "N", "K", "optimized",
           "reference", "opt/ref", "OpenBLAS", "opt/BLAS");
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const Case *c = &cases[i];
        int M = PES * M_PER_PE;
        size_t na = (size_t)M * c->K, nb = (size_t)c->K * c->N, nc = (size_t)M * c->N;
        uint64_t *ra = malloc(na * 8), *rb = malloc(nb * 8);
        void *o1 = malloc(nc * 4), *o2 = malloc(nc * 4);
        double flops = 2.0 * M * c->N * c->K, topt, tref;

        if (quick && c->N * c->K > 256 * 256) {
            continue;
        }
        for (size_t j = 0; j < na; j++) {
            ra[j] = raw_value(c->dtype);
        }
        for (size_t j = 0; j < nb; j++) {
            rb[j] = raw_value(c->dtype);
        }
        run_case(c, ra, rb, o1, 1, 1);          /* warm up: decode tables, caches */
        topt = run_case(c, ra, rb, o1, 1, quick ? 1 : 3);
        tref = run_case(c, ra, rb, o2, 0, 1);
        if (memcmp(o1, o2, nc * 4)) {
            printf("%-11s %5d %5d | optimized and reference results differ\n", c->name,
                   c->N, c->K);
            failed = 1;
        } else {
            printf("%-11s %5d %5d | %10.2f %10.2f %6.1fx |", c->name, c->N, c->K,
                   flops / topt * 1e-9, flops / tref * 1e-9, tref / topt);
            if (c->dtype == 1) {
                double tb;
                run_openblas(c, ra, rb, o2, 1);
                tb = run_openblas(c, ra, rb, o2, quick ? 1 : 3);
                printf(" %10.2f %8.2fx\n", flops / tb * 1e-9, tb / topt);
            } else {
                printf(" %10s %9s\n", "-", "-");
            }
        }
        free(ra);
        free(rb);
        free(o1);
        free(o2);
    }
    printf("figures: GFLOP/s (S8: GOP/s) of the whole operation, decode included; "
           "opt/BLAS above 1 means faster than OpenBLAS\n");
    return failed;
}
