/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CUBE engine's matrix products (see gemm.h).
 *
 * The optimized FP32 kernel packs B into panels of 16 columns and A into
 * panels of 6 rows, then runs a 6 x 16 register-blocked micro-kernel:
 * for each k in order, every one of its 96 accumulators takes one fused
 * multiply-add.  Blocking K only stores an accumulator to C and reloads
 * it, which loses nothing, so each element sees exactly the reference's
 * sequence of roundings.  NaN results are made the canonical FP32 NaN at
 * the end by both implementations (the payload a host FMA propagates is
 * not the architecture's business).
 */
#include "numeric/gemm.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#include "numeric/gemm_host.h"

#define CANONICAL_NAN_F32 0x7fc00000u

static void canonicalize_nans_f32(float *c, int rows, int cols, int ldc)
{
    for (int m = 0; m < rows; m++) {
        float *row = c + (size_t)m * ldc;
        for (int n = 0; n < cols; n++) {
            if (isnan(row[n])) {
                uint32_t bits = CANONICAL_NAN_F32;
                memcpy(&row[n], &bits, 4);
            }
        }
    }
}

/* ---- Reference ---- */

void cube_gemm_f32_ref(const CubeGemmF32 *g)
{
    for (int m = 0; m < g->M; m++) {
        for (int n = 0; n < g->N; n++) {
            float acc = g->C[(size_t)m * g->ldc + n];
            for (int k = 0; k < g->K; k++) {
                acc = fmaf(g->A[(size_t)m * g->lda + k], g->B[(size_t)k * g->ldb + n], acc);
            }
            g->C[(size_t)m * g->ldc + n] = acc;
        }
    }
    canonicalize_nans_f32(g->C, g->M, g->N, g->ldc);
}

void cube_gemm_i32_ref(const CubeGemmI32 *g)
{
    for (int m = 0; m < g->M; m++) {
        for (int n = 0; n < g->N; n++) {
            uint32_t acc = g->C[(size_t)m * g->ldc + n];
            for (int k = 0; k < g->K; k++) {
                acc += (uint32_t)g->A[(size_t)m * g->lda + k] *
                       (uint32_t)g->B[(size_t)k * g->ldb + n];
            }
            g->C[(size_t)m * g->ldc + n] = acc;
        }
    }
}

/* ---- MX ---- */

/*
 * acc + t rounded once to FP32, t exact in a double: the sum is formed
 * with round-to-odd in double precision (host RNE addition, its exact error
 * by TwoSum, the last bit forced to one when inexact), which the second
 * rounding to FP32 cannot spoil (53 >= 24 + 2 bits).  Host arithmetic
 * where it is provably exact: |t| < 2^300 and >= 2^-600 here, far from
 * the double's limits.
 */
static float add_round_once(float acc, double t)
{
    double a = acc, s = a + t, bb, e;
    uint64_t u;

    if (!isfinite(s)) {
        return (float)s;
    }
    bb = s - a;
    e = (a - (s - bb)) + (t - bb);      /* the exact error of s */
    if (e != 0) {
        memcpy(&u, &s, 8);
        if ((e > 0) != (s > 0)) {
            u -= 1;                     /* s was rounded away from zero */
        }
        u |= 1;
        memcpy(&s, &u, 8);
    }
    return (float)s;
}

/* 2^(raw - 127) exactly; NaN for 0xFF. */
static double e8m0_scale(unsigned raw)
{
    uint64_t bits = (uint64_t)(raw + 1023 - 127) << 52;
    double d;

    if (raw == 0xff) {
        return NAN;
    }
    memcpy(&d, &bits, 8);
    return d;
}

void cube_gemm_mx_f32(const CubeGemmMxF32 *g)
{
    for (int m = 0; m < g->M; m++) {
        for (int n = 0; n < g->N; n++) {
            float v = g->C[(size_t)m * g->ldc + n];

            for (int k = 0; k < g->K; k++) {
                /* 24 x 24 bits: exact */
                double t = (double)g->A[(size_t)m * g->lda + k] * g->B[(size_t)k * g->ldb + n];

                if (g->SA) {
                    t *= e8m0_scale(g->SA[(size_t)m * g->ldsa + k / 32]);
                }
                if (g->SB) {
                    t *= e8m0_scale(g->SB[(size_t)(k / 32) * g->ldsb + n]);
                }
                v = isnan(t) ? NAN : add_round_once(v, t);
            }
            g->C[(size_t)m * g->ldc + n] = v;
        }
    }
    canonicalize_nans_f32(g->C, g->M, g->N, g->ldc);
}

/* ---- Optimized FP32 ---- */

enum { MR = GEMM_MR, NR = GEMM_NR, KC = 256, MC = 96, NC = 1024 };

/*
 * The blocked driver, for 4-byte elements of either kind: a micro-kernel
 * updates a 6 x 16 block of C (row stride ldc) from packed panels.
 */
typedef struct Blocked {
    int M, N, K;
    const uint32_t *A;
    int lda;
    const uint32_t *B;
    int ldb;
    uint32_t *C;
    int ldc;
} Blocked;

typedef GemmMicroFn MicroFn;

/* Pack rows [m0, m0+mr) x k [k0, k0+kc) of A: for each k, MR values. */
static void pack_a(const Blocked *g, int m0, int mr, int k0, int kc, uint32_t *p)
{
    for (int k = 0; k < kc; k++) {
        for (int i = 0; i < MR; i++) {
            p[k * MR + i] = i < mr ? g->A[(size_t)(m0 + i) * g->lda + k0 + k] : 0;
        }
    }
}

/* Pack k [k0, k0+kc) x columns [n0, n0+nr) of B: for each k, NR values. */
static void pack_b(const Blocked *g, int n0, int nr, int k0, int kc, uint32_t *p)
{
    for (int k = 0; k < kc; k++) {
        const uint32_t *src = g->B + (size_t)(k0 + k) * g->ldb + n0;
        for (int j = 0; j < NR; j++) {
            p[k * NR + j] = j < nr ? src[j] : 0;
        }
    }
}

/*
 * The paired packing of the 16-bit integer kernel: each 32-bit word holds
 * the elements of k and k + 1 (low half first; 0 past K), for A row i as
 * p[kp * MR + i], for B column j as p[kp * NR + j].
 */
static uint32_t pair16(int32_t lo, int32_t hi)
{
    return (uint16_t)lo | (uint32_t)(uint16_t)hi << 16;
}

static void pack_a_pairs(const Blocked *g, int m0, int mr, int k0, int kc, uint32_t *p)
{
    for (int kp = 0; kp < (kc + 1) / 2; kp++) {
        for (int i = 0; i < MR; i++) {
            const uint32_t *row = g->A + (size_t)(m0 + i) * g->lda + k0 + 2 * kp;
            p[kp * MR + i] = i >= mr ? 0 : pair16((int32_t)row[0],
                                                  2 * kp + 1 < kc ? (int32_t)row[1] : 0);
        }
    }
}

static void pack_b_pairs(const Blocked *g, int n0, int nr, int k0, int kc, uint32_t *p)
{
    for (int kp = 0; kp < (kc + 1) / 2; kp++) {
        const uint32_t *r0 = g->B + (size_t)(k0 + 2 * kp) * g->ldb + n0;
        const uint32_t *r1 = r0 + g->ldb;
        for (int j = 0; j < NR; j++) {
            p[kp * NR + j] = j >= nr ? 0 : pair16((int32_t)r0[j],
                                                  2 * kp + 1 < kc ? (int32_t)r1[j] : 0);
        }
    }
}

/*
 * pairs: the 16-bit integer kernel, whose panels hold k pairs (the
 * micro-kernel is given the number of pairs).
 */
static void blocked(const Blocked *g, MicroFn *micro, bool pairs)
{
    uint32_t *pa = g_new(uint32_t, MC * KC);
    uint32_t *pb = g_new(uint32_t, (NC + NR) * KC);
    uint32_t tile[MR * NR];

    for (int n0 = 0; n0 < g->N; n0 += NC) {
        int nc = g->N - n0 < NC ? g->N - n0 : NC;
        for (int k0 = 0; k0 < g->K; k0 += KC) {
            int kc = g->K - k0 < KC ? g->K - k0 : KC;
            int ks = pairs ? (kc + 1) & ~1 : kc;      /* panel stride */
            int kn = pairs ? ks / 2 : kc;             /* micro-kernel steps */
            for (int j = 0; j < nc; j += NR) {
                (pairs ? pack_b_pairs : pack_b)(g, n0 + j, nc - j < NR ? nc - j : NR, k0, kc,
                                                pb + (size_t)j * ks);
            }
            for (int m0 = 0; m0 < g->M; m0 += MC) {
                int mc = g->M - m0 < MC ? g->M - m0 : MC;
                for (int i = 0; i < mc; i += MR) {
                    (pairs ? pack_a_pairs : pack_a)(g, m0 + i, mc - i < MR ? mc - i : MR, k0,
                                                    kc, pa + (size_t)i * ks);
                }
                for (int j = 0; j < nc; j += NR) {
                    int nr = nc - j < NR ? nc - j : NR;
                    for (int i = 0; i < mc; i += MR) {
                        int mr = mc - i < MR ? mc - i : MR;
                        uint32_t *c = g->C + (size_t)(m0 + i) * g->ldc + n0 + j;

                        if (mr == MR && nr == NR) {
                            micro(kn, pa + (size_t)i * ks, pb + (size_t)j * ks, c, g->ldc);
                            continue;
                        }
                        /* an edge: run on a copy of the valid part of C */
                        memset(tile, 0, sizeof(tile));
                        for (int r = 0; r < mr; r++) {
                            memcpy(tile + r * NR, c + (size_t)r * g->ldc, 4 * nr);
                        }
                        micro(kn, pa + (size_t)i * ks, pb + (size_t)j * ks, tile, NR);
                        for (int r = 0; r < mr; r++) {
                            memcpy(c + (size_t)r * g->ldc, tile + r * NR, 4 * nr);
                        }
                    }
                }
            }
        }
    }
    g_free(pa);
    g_free(pb);
}

/* The portable micro-kernels (any host without an optimized one,
 * gemm_host.h): the same order of operations, with fmaf(), which C99
 * defines as one rounding of the exact a * b + c. */
static void micro_portable(int kc, const uint32_t *wa, const uint32_t *wb, uint32_t *wc,
                           int ldc)
{
    const float *pa = (const float *)wa, *pb = (const float *)wb;
    float *c = (float *)wc;

    for (int k = 0; k < kc; k++) {
        for (int i = 0; i < MR; i++) {
            float a = pa[k * MR + i];
            for (int j = 0; j < NR; j++) {
                c[i * ldc + j] = fmaf(a, pb[k * NR + j], c[i * ldc + j]);
            }
        }
    }
}

static void micro_int_portable(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c,
                               int ldc)
{
    for (int k = 0; k < kc; k++) {
        for (int i = 0; i < MR; i++) {
            uint32_t a = pa[k * MR + i];
            for (int j = 0; j < NR; j++) {
                c[i * ldc + j] += a * pb[k * NR + j];
            }
        }
    }
}

const char *cube_kernel_path(void)
{
    const GemmHostKernels *h = gemm_host_kernels();

    return h ? h->name : "portable";
}

void cube_gemm_f32(const CubeGemmF32 *g)
{
    const GemmHostKernels *h = gemm_host_kernels();
    MicroFn *micro = h ? h->f32 : micro_portable;
    Blocked b = { g->M, g->N, g->K, (const uint32_t *)g->A, g->lda, (const uint32_t *)g->B,
                  g->ldb, (uint32_t *)g->C, g->ldc };

    if (g->M <= 0 || g->N <= 0) {
        return;
    }
    blocked(&b, micro, false);
    canonicalize_nans_f32(g->C, g->M, g->N, g->ldc);
}

/* ---- Optimized integer ---- */

/* Are all n values of p (row stride ld, rows of len) 16-bit signed? */
static bool fits16(const int32_t *p, int rows, int len, int ld)
{
    for (int r = 0; r < rows; r++) {
        for (int i = 0; i < len; i++) {
            if (p[(size_t)r * ld + i] != (int16_t)p[(size_t)r * ld + i]) {
                return false;
            }
        }
    }
    return true;
}

/*
 * Modular arithmetic: the blocked order gives the reference's result.
 * Operands that fit 16 bits (S16, S8, U8, the 4-bit types) take the paired
 * kernel; each 16-bit multiply-add's pair sum wraps modulo 2^32 as the
 * reference's does.
 */
void cube_gemm_i32(const CubeGemmI32 *g)
{
    const GemmHostKernels *h = gemm_host_kernels();
    MicroFn *micro = h ? h->i32 : micro_int_portable;
    Blocked b = { g->M, g->N, g->K, (const uint32_t *)g->A, g->lda, (const uint32_t *)g->B,
                  g->ldb, g->C, g->ldc };
    bool pairs = false;

    if (h && h->pairs16 && fits16(g->A, g->M, g->K, g->lda) &&
        fits16(g->B, g->K, g->N, g->ldb)) {
        micro = h->pairs16;
        pairs = true;
    }
    if (g->M <= 0 || g->N <= 0) {
        return;
    }
    blocked(&b, micro, pairs);
}
