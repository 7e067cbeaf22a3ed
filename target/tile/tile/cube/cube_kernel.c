/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CUBE engine kernels (see cube_kernel.h).
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
#include "tile/cube/cube_kernel.h"

#include <glib.h>
#include <math.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define CUBE_HAVE_X86 1
#endif

#define CANONICAL_NAN_F32 0x7fc00000u

static void canonicalize_nans(const CubeGemmF32 *g)
{
    for (int m = 0; m < g->M; m++) {
        float *row = g->C + (size_t)m * g->ldc;
        for (int n = 0; n < g->N; n++) {
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
    canonicalize_nans(g);
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

/* ---- Optimized FP32 ---- */

enum { MR = 6, NR = 16, KC = 256, MC = 96, NC = 1024 };

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

typedef void MicroFn(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc);

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

/* The portable micro-kernel: the same order of operations, with fmaf(). */
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

#ifdef CUBE_HAVE_X86
__attribute__((target("avx2,fma")))
static void micro_fma(int kc, const uint32_t *wa, const uint32_t *wb, uint32_t *wc, int ldc)
{
    const float *pa = (const float *)wa, *pb = (const float *)wb;
    float *c = (float *)wc;
    __m256 c00 = _mm256_loadu_ps(c + 0 * ldc), c01 = _mm256_loadu_ps(c + 0 * ldc + 8);
    __m256 c10 = _mm256_loadu_ps(c + 1 * ldc), c11 = _mm256_loadu_ps(c + 1 * ldc + 8);
    __m256 c20 = _mm256_loadu_ps(c + 2 * ldc), c21 = _mm256_loadu_ps(c + 2 * ldc + 8);
    __m256 c30 = _mm256_loadu_ps(c + 3 * ldc), c31 = _mm256_loadu_ps(c + 3 * ldc + 8);
    __m256 c40 = _mm256_loadu_ps(c + 4 * ldc), c41 = _mm256_loadu_ps(c + 4 * ldc + 8);
    __m256 c50 = _mm256_loadu_ps(c + 5 * ldc), c51 = _mm256_loadu_ps(c + 5 * ldc + 8);

    for (int k = 0; k < kc; k++) {
        __m256 b0 = _mm256_loadu_ps(pb + k * NR), b1 = _mm256_loadu_ps(pb + k * NR + 8);
        __m256 a;

        a = _mm256_broadcast_ss(pa + k * MR + 0);
        c00 = _mm256_fmadd_ps(a, b0, c00);
        c01 = _mm256_fmadd_ps(a, b1, c01);
        a = _mm256_broadcast_ss(pa + k * MR + 1);
        c10 = _mm256_fmadd_ps(a, b0, c10);
        c11 = _mm256_fmadd_ps(a, b1, c11);
        a = _mm256_broadcast_ss(pa + k * MR + 2);
        c20 = _mm256_fmadd_ps(a, b0, c20);
        c21 = _mm256_fmadd_ps(a, b1, c21);
        a = _mm256_broadcast_ss(pa + k * MR + 3);
        c30 = _mm256_fmadd_ps(a, b0, c30);
        c31 = _mm256_fmadd_ps(a, b1, c31);
        a = _mm256_broadcast_ss(pa + k * MR + 4);
        c40 = _mm256_fmadd_ps(a, b0, c40);
        c41 = _mm256_fmadd_ps(a, b1, c41);
        a = _mm256_broadcast_ss(pa + k * MR + 5);
        c50 = _mm256_fmadd_ps(a, b0, c50);
        c51 = _mm256_fmadd_ps(a, b1, c51);
    }
    _mm256_storeu_ps(c + 0 * ldc, c00);
    _mm256_storeu_ps(c + 0 * ldc + 8, c01);
    _mm256_storeu_ps(c + 1 * ldc, c10);
    _mm256_storeu_ps(c + 1 * ldc + 8, c11);
    _mm256_storeu_ps(c + 2 * ldc, c20);
    _mm256_storeu_ps(c + 2 * ldc + 8, c21);
    _mm256_storeu_ps(c + 3 * ldc, c30);
    _mm256_storeu_ps(c + 3 * ldc + 8, c31);
    _mm256_storeu_ps(c + 4 * ldc, c40);
    _mm256_storeu_ps(c + 4 * ldc + 8, c41);
    _mm256_storeu_ps(c + 5 * ldc, c50);
    _mm256_storeu_ps(c + 5 * ldc + 8, c51);
}


/*
 * The integer micro-kernels: wrapping 32-bit multiply-adds, 8 lanes; or,
 * with pairs, one 16-bit multiply-add of two k per lane.
 */
static inline __attribute__((always_inline, target("avx2")))
void micro_int_body(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc,
                    bool pairs)
{
    __m256i acc[MR][2];

    for (int i = 0; i < MR; i++) {
        acc[i][0] = _mm256_loadu_si256((const __m256i *)(c + i * ldc));
        acc[i][1] = _mm256_loadu_si256((const __m256i *)(c + i * ldc + 8));
    }
    for (int k = 0; k < kc; k++) {
        __m256i b0 = _mm256_loadu_si256((const __m256i *)(pb + k * NR));
        __m256i b1 = _mm256_loadu_si256((const __m256i *)(pb + k * NR + 8));
        for (int i = 0; i < MR; i++) {
            __m256i a = _mm256_set1_epi32((int)pa[k * MR + i]);
            acc[i][0] = _mm256_add_epi32(acc[i][0], pairs ? _mm256_madd_epi16(a, b0)
                                                          : _mm256_mullo_epi32(a, b0));
            acc[i][1] = _mm256_add_epi32(acc[i][1], pairs ? _mm256_madd_epi16(a, b1)
                                                          : _mm256_mullo_epi32(a, b1));
        }
    }
    for (int i = 0; i < MR; i++) {
        _mm256_storeu_si256((__m256i *)(c + i * ldc), acc[i][0]);
        _mm256_storeu_si256((__m256i *)(c + i * ldc + 8), acc[i][1]);
    }
}

__attribute__((target("avx2")))
static void micro_int_avx2(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc)
{
    micro_int_body(kc, pa, pb, c, ldc, false);
}

__attribute__((target("avx2")))
static void micro_pair_avx2(int kp, const uint32_t *pa, const uint32_t *pb, uint32_t *c, int ldc)
{
    micro_int_body(kp, pa, pb, c, ldc, true);
}

static bool host_has_fma(void)
{
    static int have = -1;

    if (have < 0) {
        __builtin_cpu_init();
        have = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }
    return have;
}
#else
static bool host_has_fma(void)
{
    return false;
}
#endif

const char *cube_kernel_path(void)
{
    return host_has_fma() ? "avx2+fma" : "portable";
}

void cube_gemm_f32(const CubeGemmF32 *g)
{
    MicroFn *micro = micro_portable;
    Blocked b = { g->M, g->N, g->K, (const uint32_t *)g->A, g->lda, (const uint32_t *)g->B,
                  g->ldb, (uint32_t *)g->C, g->ldc };

#ifdef CUBE_HAVE_X86
    if (host_has_fma()) {
        micro = micro_fma;
    }
#endif
    if (g->M <= 0 || g->N <= 0) {
        return;
    }
    blocked(&b, micro, false);
    canonicalize_nans(g);
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
    MicroFn *micro = micro_int_portable;
    Blocked b = { g->M, g->N, g->K, (const uint32_t *)g->A, g->lda, (const uint32_t *)g->B,
                  g->ldb, g->C, g->ldc };
    bool pairs = false;

#ifdef CUBE_HAVE_X86
    if (host_has_fma()) {
        micro = micro_int_avx2;
        if (fits16(g->A, g->M, g->K, g->lda) && fits16(g->B, g->K, g->N, g->ldb)) {
            micro = micro_pair_avx2;
            pairs = true;
        }
    }
#endif
    if (g->M <= 0 || g->N <= 0) {
        return;
    }
    blocked(&b, micro, pairs);
}
