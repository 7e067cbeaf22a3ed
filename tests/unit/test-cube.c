/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CUBE kernels (target/tile/numeric/gemm.c): the optimized FP32 and
 * integer products -- every micro-kernel set the host can run
 * (gemm_host.h), the plain one included -- agree bit for bit with the
 * reference over random shapes and values (NaN, infinities, subnormals,
 * rounding ties), for every input data type through its decoding
 * (gemm_decode.c); and the reference does what the hardware profile says
 * (hand-worked cases).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numeric/gemm.h"
#include "numeric/gemm_decode.h"
#include "numeric/gemm_host.h"
#include "numeric/tile_numeric.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static float bits_f(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static uint32_t f_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* A mixture: ordinary values, small integers (exact sums and ties),
 * powers of two far apart, subnormals, zeros of both signs, infinities
 * and NaNs (rarely, so that most elements stay finite). */
static float rand_value(void)
{
    uint32_t r = rnd() % 100;

    if (r < 40) {
        return ((int)(rnd() % 2001) - 1000) / 64.0f;
    } else if (r < 60) {
        return bits_f(rnd());                               /* any pattern, NaN included */
    } else if (r < 75) {
        return ldexpf(1.0f, (int)(rnd() % 60) - 30) * ((rnd() & 1) ? -1 : 1);
    } else if (r < 85) {
        return bits_f((rnd() & 0x807fffffu));               /* subnormal or zero */
    } else if (r < 95) {
        return 1.0f + ldexpf((float)(rnd() % 4), -23);      /* ties near 1 */
    } else if (r < 98) {
        return (rnd() & 1) ? -0.0f : 0.0f;
    }
    return (rnd() & 1) ? INFINITY : -INFINITY;
}

/* lda, ldb below zero: K or N plus 0 to 2; b_shift below zero: B where
 * malloc() puts it, else b_shift elements past the start of a cache line */
static void run_f32_at(int M, int N, int K, int lda, int ldb, bool finite_only, int b_shift)
{
    int ldc = N + (int)(rnd() % 3);
    float *A, *B, *B_block = NULL;
    float *C1 = malloc(sizeof(float) * M * ldc), *C2 = malloc(sizeof(float) * M * ldc);

    lda = lda < 0 ? K + (int)(rnd() % 3) : lda;
    ldb = ldb < 0 ? N + (int)(rnd() % 3) : ldb;
    A = malloc(sizeof(float) * M * lda + 4);
    if (b_shift < 0) {
        B = malloc(sizeof(float) * K * ldb + 4);
    } else {
        B_block = aligned_alloc(64, (sizeof(float) * ((size_t)K * ldb + b_shift) + 64) / 64 * 64);
        B = B_block + b_shift;
    }

    for (int i = 0; i < M * lda; i++) {
        A[i] = finite_only ? ((int)(rnd() % 2001) - 1000) / 64.0f : rand_value();
    }
    for (int i = 0; i < K * ldb; i++) {
        B[i] = finite_only ? ((int)(rnd() % 2001) - 1000) / 64.0f : rand_value();
    }
    for (int i = 0; i < M * ldc; i++) {
        C1[i] = C2[i] = finite_only ? 0.0f : rand_value();
    }
    CubeGemmF32 r = { M, N, K, A, lda, B, ldb, C1, ldc };
    CubeGemmF32 o = { M, N, K, A, lda, B, ldb, C2, ldc };
    cube_gemm_f32_ref(&r);
    cube_gemm_f32(&o);
    for (int m = 0; m < M; m++) {
        for (int n = 0; n < ldc; n++) {
            ck_assert_msg(f_bits(C1[m * ldc + n]) == f_bits(C2[m * ldc + n]),
                          "%dx%dx%d: C[%d][%d] reference 0x%08x optimized 0x%08x", M, N, K,
                          m, n, f_bits(C1[m * ldc + n]), f_bits(C2[m * ldc + n]));
        }
    }
    free(A);
    free(B_block ? B_block : B);
    free(C1);
    free(C2);
}

static void run_f32_ld(int M, int N, int K, int lda, int ldb, bool finite_only)
{
    run_f32_at(M, N, K, lda, ldb, finite_only, -1);
}

static void run_f32(int M, int N, int K, bool finite_only)
{
    run_f32_ld(M, N, K, -1, -1, finite_only);
}

START_TEST(test_f32_random_shapes)
{
    for (int t = 0; t < 300; t++) {
        run_f32(1 + (int)(rnd() % 40), 1 + (int)(rnd() % 70), (int)(rnd() % 300), t & 1);
    }
    run_f32(128, 200, 600, false);      /* several K and N blocks */
    run_f32(97, 1100, 31, false);       /* N beyond one NC block */
}
END_TEST

START_TEST(test_i32_random_shapes)
{
    for (int t = 0; t < 200; t++) {
        int M = 1 + (int)(rnd() % 40), N = 1 + (int)(rnd() % 70), K = (int)(rnd() % 300);
        int32_t *A = malloc(4 * M * K + 4), *B = malloc(4 * K * N + 4);
        uint32_t *C1 = malloc(4 * M * N), *C2 = malloc(4 * M * N);
        for (int i = 0; i < M * K; i++) {
            A[i] = (t & 1) ? (int32_t)(rnd() % 65536) : (int32_t)(rnd() % 65536) - 32768;
        }
        for (int i = 0; i < K * N; i++) {
            B[i] = (t & 1) ? (int32_t)(rnd() % 65536) : (int32_t)(rnd() % 65536) - 32768;
        }
        for (int i = 0; i < M * N; i++) {
            C1[i] = C2[i] = rnd();
        }
        CubeGemmI32 r = { M, N, K, A, K, B, N, C1, N };
        CubeGemmI32 o = { M, N, K, A, K, B, N, C2, N };
        cube_gemm_i32_ref(&r);
        cube_gemm_i32(&o);
        ck_assert_mem_eq(C1, C2, 4 * M * N);
        free(A);
        free(B);
        free(C1);
        free(C2);
    }
}
END_TEST

/*
 * The driver's ways to B and A (gemm.c), each against the reference: a
 * B read in place (its width a whole number of every kernel set's
 * panels, half, full and the wide ones; B small, its rows contiguous or
 * strided, or large with rows close together), or with a partial panel;
 * a B packed a K slice at a time (whole panels whose rows are far apart,
 * partial panels, one column of many rows); an A whose row stride is
 * a multiple of 2 KiB, copied a K slice at a time (several slices, one
 * row or many); and through the engine's path, the binary64 kernels'
 * A of such a stride (256 binary64 elements a row).
 */
static void run_typed(unsigned dtype, int M, int N, int K, bool accumulate);

START_TEST(test_driver_paths)
{
    static const int widths[] = { 4, 8, 12, 16, 24, 32, 48, 64, 96, 128 };

    for (size_t w = 0; w < sizeof(widths) / sizeof(widths[0]); w++) {
        int N = widths[w];

        for (int K = 1; K < 80; K += 39) {
            run_f32_ld(1 + (int)(rnd() % 30), N, K, -1, N, false);
            run_f32_ld(1 + (int)(rnd() % 30), N, K, -1, N + 5, false);
            run_f32_ld(13, N + 1, K, -1, N + 1, false);
        }
    }
    run_f32_ld(40, 64, 200, -1, 64, false);
    run_f32_ld(20, 64, 100, -1, 600, false);
    run_f32_ld(29, 100, 300, -1, 100, false);
    run_f32_ld(7, 1, 9000, -1, 1, false);
    run_f32_ld(40, 33, 300, 512, -1, false);
    run_f32_ld(13, 64, 600, 1024, -1, false);
    run_f32_ld(1, 20, 600, 1024, -1, false);
    run_typed(TILE_DT_U16, 13, 40, 256, true);
    run_typed(TILE_DT_U16, 13, 40, 512, false);
}
END_TEST

/*
 * cube_gemm_f32_panels() without accumulate on a borrowed B: the first K
 * slice starts from +0 and must not read C, which holds 1.0 here.  The
 * values are small (k / 64), so that a C read by mistake shows in the
 * sums (random encodings' sums are so large that they absorb it).
 */
static void run_f32_from_zero(int M, int N, int K, int lda, int ldb)
{
    float *A = malloc(sizeof(float) * M * lda), *B = malloc(sizeof(float) * K * ldb);
    float *C1 = malloc(sizeof(float) * M * N), *C2 = malloc(sizeof(float) * M * N);
    CubeGemmF32 g = { M, N, K, A, lda, B, ldb, C1, N };
    CubePanels p;

    for (int i = 0; i < M * lda; i++) {
        A[i] = ((int)(rnd() % 201) - 100) / 64.0f;
    }
    for (int i = 0; i < K * ldb; i++) {
        B[i] = ((int)(rnd() % 201) - 100) / 64.0f;
    }
    for (int i = 0; i < M * N; i++) {
        C1[i] = 0.0f;
        C2[i] = 1.0f;
    }
    cube_gemm_f32_ref(&g);
    cube_panels_of(&p, (const uint32_t *)B, K, N, ldb);
    cube_gemm_f32_panels(M, A, lda, &p, C2, N, false);
    cube_panels_free(&p);
    for (int i = 0; i < M * N; i++) {
        ck_assert_msg(f_bits(C1[i]) == f_bits(C2[i]), "%dx%dx%d from zero: C[%d] reference "
                      "0x%08x optimized 0x%08x", M, N, K, i, f_bits(C1[i]), f_bits(C2[i]));
    }
    free(A);
    free(B);
    free(C1);
    free(C2);
}

/*
 * From zero through each driver path: half, full and wide panels read in
 * place, B packed (a partial last panel; A packed beside it), B packed for
 * the wide kernel (rows 1 KiB apart, K past a slice), several K slices.
 */
START_TEST(test_from_zero_paths)
{
    const GemmHostKernels *h = gemm_host_kernels();

    run_f32_from_zero(29, h->nr / 2, 40, 40, h->nr / 2);
    run_f32_from_zero(29, h->nr, 40, 41, h->nr);
    run_f32_from_zero(29, 2 * h->nr, 40, 40, 2 * h->nr);
    run_f32_from_zero(2 * h->mr + 5, 4 * h->nr + 3, 40, 40, 4 * h->nr + 3);
    run_f32_from_zero(29, 4 * h->nr, 300, 300, 256);
    run_f32_from_zero(13, h->nr, 600, 600, h->nr + 1);
}
END_TEST

/*
 * The FP32 product on half panels with A's rows 16 elements apart (the
 * f32_a16 kernel where the host has it, gemm_host.h): row counts around
 * multiples of its tile, K of 16 and less, C accumulated (random, NaNs
 * and infinities among the operands) and from zero (the typed path).
 */
/*
 * A borrowed B whose rows start a cache line and one whose rows do not
 * (gemm.c, rows_aligned()): read in place, or packed when it is larger
 * than the first-level cache, for the wide kernel where its width allows,
 * else the full and half kernels; rows a cache line apart and more.
 */
START_TEST(test_b_alignment)
{
    const GemmHostKernels *h = gemm_host_kernels();
    const int widths[] = { h->nr / 2, h->nr, 2 * h->nr, 4 * h->nr };

    for (int w = 0; w < 4; w++) {
        for (int shift = 0; shift < 3; shift++) {
            int N = widths[w];

            run_f32_at(2 * h->mr + 5, N, 16, -1, N, shift == 1, shift);
            run_f32_at(2 * h->mr + 5, N, 300, -1, N, shift == 2, shift);
            run_f32_at(h->mr + 1, N, 200, -1, N + 16, false, shift);
        }
    }
}
END_TEST

START_TEST(test_a16_rows)
{
    const GemmHostKernels *h = gemm_host_kernels();
    const int half = h->nr / 2, t = h->f32_a16 ? h->mr_a16 : h->mr_half;
    const int rows[] = { t - 1, t, t + 1, 2 * t + 7, 128 };

    for (int r = 0; r < 5; r++) {
        run_f32_ld(rows[r], half, 16, 16, -1, false);
        run_f32_ld(rows[r], half, 16, 16, half + 3, r == 2);
        run_f32_ld(rows[r], half, 1 + (int)(rnd() % 16), 16, -1, false);
    }
    run_typed(TILE_DT_FP32, 128, half, 16, false);
    run_typed(TILE_DT_BF16, 4 * t + 1, half, 16, true);
    for (int r = 0; r < 5; r++) {
        run_f32_from_zero(rows[r], half, 16, 16, half);
    }
}
END_TEST

/*
 * A borrowed B (cube_gemm_f32()) of whole panels of the wide kernel whose
 * K slice, read in place, would not stay in the first-level cache:
 * packed WIDE_PACK_KC steps at a time (gemm.c, wide_pack_pays()); rows
 * 1, 4 and 16 KiB apart with K past one slice, K ending inside a slice;
 * rows 1 KiB and two panels' rows apart with K within one slice (packed
 * too), and K short enough to stay in place; C accumulated (random) and
 * from zero.
 */
START_TEST(test_wide_packed_b)
{
    const GemmHostKernels *h = gemm_host_kernels();
    int w = h->f32_wide ? 2 * h->nr : h->nr;

    run_f32_ld(29, 4 * w, 1024, -1, 256, false);
    run_f32_ld(13, w, 300, -1, 1024, false);
    run_f32_ld(2 * h->mr + 5, 2 * w, 600, 1024, 4096, false);
    run_f32_ld(7, 2 * w, 257, -1, 2 * w + 200, true);
    run_f32_ld(29, 4 * w, 64, -1, 256, false);
    run_f32_ld(13, 2 * w, 200, -1, 2 * w, true);
    run_f32_ld(2 * h->mr + 1, 2 * w, 40, -1, 2 * w, false);
}
END_TEST

/*
 * The FP32 product on a packed A (gemm.c, a_packed: B of at least four
 * panels, more than one block of rows): row counts around the tile's
 * (a last block of fewer rows), B of whole panels and of a partial last
 * one, K within one slice and across several, A's rows 4 KiB apart, C
 * accumulated and from zero (the typed path, B decoded into panels).
 */
START_TEST(test_packed_a)
{
    const GemmHostKernels *h = gemm_host_kernels();
    const int rows[] = { h->mr + 1, 2 * h->mr + 5, 128 };
    const int cols[] = { 4 * h->nr, 4 * h->nr + 3, 9 * h->nr - 1 };

    for (int r = 0; r < 3; r++) {
        for (int c = 0; c < 3; c++) {
            run_f32_ld(rows[r], cols[c], 1 + (int)(rnd() % 20), -1, -1, false);
            run_f32_ld(rows[r], cols[c], 300, -1, -1, r == 1);
        }
    }
    run_f32_ld(2 * h->mr + 5, 4 * h->nr, 600, 1024, -1, false);
    run_typed(TILE_DT_FP32, 2 * h->mr + 5, 4 * h->nr + 3, 300, false);
    run_typed(TILE_DT_FP32, 2 * h->mr + 5, 4 * h->nr + 3, 300, true);
    run_typed(TILE_DT_BF16, 128, 4 * h->nr, 40, false);
}
END_TEST

/* K order: 2^24 + 1 rounds back to 2^24 (a tie, to even), then - 2^24
 * gives 0; any other order would give 1. */
START_TEST(test_k_order)
{
    float A[3] = { 16777216.0f, 1.0f, -16777216.0f };
    float B[3] = { 1.0f, 1.0f, 1.0f };
    float C[1] = { 0.0f }, D[1] = { 0.0f };
    CubeGemmF32 r = { 1, 1, 3, A, 3, B, 1, C, 1 };
    CubeGemmF32 o = { 1, 1, 3, A, 3, B, 1, D, 1 };

    cube_gemm_f32_ref(&r);
    cube_gemm_f32(&o);
    ck_assert_uint_eq(f_bits(C[0]), 0x00000000);
    ck_assert_uint_eq(f_bits(D[0]), 0x00000000);
}
END_TEST

/* One rounding per term: (1 + 2^-12)(1 - 2^-12) - 1 = -2^-24 exactly
 * (0xb3800000); a separately rounded product would be 1.0 and give 0. */
START_TEST(test_fused)
{
    float A[1] = { 1.0f + 1.0f / 4096 }, B[1] = { 1.0f - 1.0f / 4096 };
    float C[1] = { -1.0f }, D[1] = { -1.0f };
    CubeGemmF32 r = { 1, 1, 1, A, 1, B, 1, C, 1 };
    CubeGemmF32 o = { 1, 1, 1, A, 1, B, 1, D, 1 };

    cube_gemm_f32_ref(&r);
    cube_gemm_f32(&o);
    ck_assert_uint_eq(f_bits(C[0]), 0xb3800000);
    ck_assert_uint_eq(f_bits(D[0]), 0xb3800000);
}
END_TEST

/* NaN results are the canonical 0x7fc00000; inf - inf is a NaN too. */
START_TEST(test_nan)
{
    float A[2] = { INFINITY, 1.0f }, B[2] = { 1.0f, -INFINITY };
    float C[1] = { 0.0f };
    float A2[1] = { 1.0f }, B2[1] = { bits_f(0xffc12345) }, C2[1] = { 0.0f };
    CubeGemmF32 g = { 1, 1, 2, A, 2, B, 1, C, 1 };
    CubeGemmF32 h = { 1, 1, 1, A2, 1, B2, 1, C2, 1 };

    cube_gemm_f32(&g);
    cube_gemm_f32(&h);
    ck_assert_uint_eq(f_bits(C[0]), 0x7fc00000);
    ck_assert_uint_eq(f_bits(C2[0]), 0x7fc00000);
}
END_TEST

/*
 * One NaN in a tile of finite values, in each position of the tile of
 * each kernel in turn (full, half, wide, and A's rows 16 apart): it comes
 * out the canonical NaN (the kernels test a whole tile for NaNs at once,
 * gemm_micro.h), and nothing else changes.  The NaN is C's initial value
 * with a payload and a sign, or an A element (the NaN from the product).
 */
static void run_one_nan(int M, int N, int K, int lda, int at, bool in_a)
{
    float *A = malloc(sizeof(float) * M * lda), *B = malloc(sizeof(float) * K * N);
    float *C1 = malloc(sizeof(float) * M * N), *C2 = malloc(sizeof(float) * M * N);
    CubeGemmF32 r = { M, N, K, A, lda, B, N, C1, N };
    CubeGemmF32 o = { M, N, K, A, lda, B, N, C2, N };

    for (int i = 0; i < M * lda; i++) {
        A[i] = ((int)(rnd() % 201) - 100) / 64.0f;
    }
    for (int i = 0; i < K * N; i++) {
        B[i] = ((int)(rnd() % 201) - 100) / 64.0f;
    }
    for (int i = 0; i < M * N; i++) {
        C1[i] = C2[i] = ((int)(rnd() % 201) - 100) / 64.0f;
    }
    if (in_a) {
        A[(at / N) * lda + (int)(rnd() % K)] = bits_f(0x7f812345);
    } else {
        C1[at] = C2[at] = bits_f(0xffc00123);
    }
    cube_gemm_f32_ref(&r);
    cube_gemm_f32(&o);
    for (int i = 0; i < M * N; i++) {
        ck_assert_msg(f_bits(C1[i]) == f_bits(C2[i]), "%dx%dx%d NaN at %d: C[%d] reference "
                      "0x%08x optimized 0x%08x", M, N, K, at, i, f_bits(C1[i]), f_bits(C2[i]));
    }
    ck_assert_uint_eq(f_bits(C2[in_a ? (at / N) * N : at]), 0x7fc00000);
    free(A);
    free(B);
    free(C1);
    free(C2);
}

START_TEST(test_nan_each_lane)
{
    const GemmHostKernels *h = gemm_host_kernels();
    const int rows[] = { h->mr, h->mr_half, h->mr_wide ? h->mr_wide : h->mr,
                         h->mr_a16 ? h->mr_a16 : h->mr_half };
    const int cols[] = { h->nr, h->nr / 2, h->f32_wide ? 2 * h->nr : h->nr, h->nr / 2 };

    for (int t = 0; t < 4; t++) {
        int lda = t == 3 ? 16 : 20;

        for (int at = 0; at < rows[t] * cols[t]; at++) {
            run_one_nan(rows[t], cols[t], t == 3 ? 16 : 20, lda, at, false);
        }
        for (int m = 0; m < rows[t]; m++) {
            run_one_nan(rows[t], cols[t], t == 3 ? 16 : 20, lda, m * cols[t], true);
        }
    }
}
END_TEST

/* S32 wraps: 65535 * 65535 + 65535 * 65535 = 0x1_FFFC_0002 -> 0xFFFC0002. */
START_TEST(test_wrap)
{
    int32_t A[2] = { 65535, 65535 }, B[2] = { 65535, 65535 };
    uint32_t C[1] = { 0 }, D[1] = { 0 };
    CubeGemmI32 r = { 1, 1, 2, A, 2, B, 1, C, 1 };
    CubeGemmI32 o = { 1, 1, 2, A, 2, B, 1, D, 1 };

    cube_gemm_i32_ref(&r);
    cube_gemm_i32(&o);
    ck_assert_uint_eq(C[0], 0xfffc0002u);
    ck_assert_uint_eq(D[0], 0xfffc0002u);
}
END_TEST

/*
 * Raw elements of a data type: any pattern half the time (NaN,
 * infinities, subnormals, both zeros included where the type has them),
 * otherwise a boundary value (the largest and smallest magnitudes, zeros,
 * the extreme integers) or a small one.
 */
static uint64_t rand_raw(unsigned dtype)
{
    unsigned bits = tile_dtype_info(dtype)->width;
    uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t top = 1ull << (bits - 1);
    uint32_t r = rnd() % 8;

    switch (r) {
    case 0:
        return 0;
    case 1:
        return top;                     /* -0, or the most negative integer */
    case 2:
        return top - 1;                 /* the largest positive (NaN in some types) */
    case 3:
        return mask;                    /* all ones */
    case 4:
        return 1;                       /* the smallest subnormal, or 1 */
    case 5:
        return (rnd() & 1 ? top : 0) | (rnd() % 4);
    default:
        return ((uint64_t)rnd() << 32 | rnd()) & mask;
    }
}

static bool float_type(unsigned dtype)
{
    return dtype < TILE_DT_S64;
}

/*
 * One product through the path the CUBE engine takes (cube_product_raw:
 * A decoded in place, B straight into the panels, the narrow integer
 * types on the exact FP32 kernels), against the reference on plain
 * decoded arrays.  With accumulate, C starts random (FP32: NaN and
 * infinities among its values, and many zeros of either sign, whose sum
 * with a zero product depends on the signs); without, the reference's C
 * starts at +0 and the optimized one holds random words it must not read.
 */
static void run_typed2(unsigned atype, unsigned btype, int M, int N, int K, bool accumulate)
{
    size_t na = (size_t)M * K, nb = (size_t)K * N, nc = (size_t)M * N;
    uint64_t *ra = malloc(8 * na + 8), *rb = malloc(8 * nb + 8);
    uint32_t *a = malloc(4 * na + 4), *b = malloc(4 * nb + 4);
    uint32_t *c1 = malloc(4 * nc + 4), *c2 = malloc(4 * nc + 4);
    bool fp = float_type(atype);

    for (size_t i = 0; i < na; i++) {
        ra[i] = rand_raw(atype);
    }
    for (size_t i = 0; i < nb; i++) {
        rb[i] = rand_raw(btype);
    }
    for (size_t i = 0; i < nc; i++) {
        c1[i] = c2[i] = !fp ? rnd() : rnd() % 4 ? f_bits(rand_value()) : rnd() & 0x80000000u;
        if (!accumulate) {
            c1[i] = 0;
        }
    }
    if (fp) {
        CubeGemmF32 r = { M, N, K, (float *)a, K, (float *)b, N, (float *)c1, N };

        cube_decode_f32(atype, ra, na, (float *)a);
        cube_decode_f32(btype, rb, nb, (float *)b);
        cube_gemm_f32_ref(&r);
    } else {
        CubeGemmI32 r = { M, N, K, (int32_t *)a, K, (int32_t *)b, N, c1, N };

        cube_decode_i32(atype, ra, na, (int32_t *)a);
        cube_decode_i32(btype, rb, nb, (int32_t *)b);
        cube_gemm_i32_ref(&r);
    }
    cube_product_raw(atype, btype, fp, M, N, K, ra, rb, c2, accumulate);
    for (size_t i = 0; i < nc; i++) {
        ck_assert_msg(c1[i] == c2[i],
                      "%s x %s %dx%dx%d%s: C[%zu] reference 0x%08x optimized 0x%08x",
                      tile_dtype_info(atype)->name, tile_dtype_info(btype)->name, M, N, K,
                      accumulate ? "" : " from zero", i, c1[i], c2[i]);
    }
    free(ra);
    free(rb);
    free(a);
    free(b);
    free(c1);
    free(c2);
}

static void run_typed(unsigned dtype, int M, int N, int K, bool accumulate)
{
    run_typed2(dtype, dtype, M, N, K, accumulate);
}

static const unsigned typed[] = {
    TILE_DT_FP32, TILE_DT_FP16, TILE_DT_BF16, TILE_DT_E4M3, TILE_DT_E5M2, TILE_DT_E2M1X2,
    TILE_DT_S32, TILE_DT_S16, TILE_DT_S8, TILE_DT_S4X2, TILE_DT_U32, TILE_DT_U16,
    TILE_DT_U8, TILE_DT_U4X2,
};

START_TEST(test_typed)
{
    for (size_t t = 0; t < sizeof(typed) / sizeof(typed[0]); t++) {
        /* odd shapes around the register tiles, then a few larger */
        for (int i = 0; i < 30; i++) {
            run_typed(typed[t], 1 + (int)(rnd() % 19), 1 + (int)(rnd() % 40),
                      (int)(rnd() % 40), i % 2);
        }
        run_typed(typed[t], 32, 64, 64, true);
        run_typed(typed[t], 32, 64, 64, false);
        run_typed(typed[t], 33, 70, 300, true);
        run_typed(typed[t], 33, 70, 300, false);
    }
}
END_TEST

/*
 * The binary64 kernels (gemm.c, cube_gemm_i32d_panels) and the int16
 * pair kernels (cube_gemm_i16_panels) at their extremes: every product
 * the largest of its types (65535 * 65535 for U16, -32768 * -32768 for
 * S16, whose pair sums 2^31 overflow an int32, -32768 * 65535 mixed, 255
 * * 255 for U8), of one sign, so that each binary64 block of 256 steps
 * sums to nearly 2^40 and C wraps many times; K across several blocks,
 * even and odd (an odd K pads the last pair); C random, or from zero.
 * Against the reference's wrapping 32-bit loop.
 */
START_TEST(test_wide_extremes)
{
    static const unsigned pairs[][2] = {
        { TILE_DT_U16, TILE_DT_U16 }, { TILE_DT_S16, TILE_DT_S16 },
        { TILE_DT_S16, TILE_DT_U16 }, { TILE_DT_U16, TILE_DT_S8 },
        { TILE_DT_S16, TILE_DT_S8 }, { TILE_DT_U8, TILE_DT_U8 },
    };
    enum { M = 13, N = 37, KMAX = 701 };
    static uint64_t ra[M * KMAX], rb[KMAX * N];
    static int32_t a[M * KMAX], b[KMAX * N];
    static uint32_t c1[M * N], c2[M * N];

    for (unsigned t = 0; t < 2 * sizeof(pairs) / sizeof(pairs[0]); t++) {
        for (int mode = 0; mode < 2; mode++) {
            unsigned at = pairs[t / 2][0], bt = pairs[t / 2][1];
            int K = KMAX - (int)(t % 2);
            uint64_t amax = at == TILE_DT_U16 ? 0xffff : at == TILE_DT_U8 ? 0xff : 0x8000;
            uint64_t bmax = bt == TILE_DT_U16 ? 0xffff : bt == TILE_DT_S16 ? 0x8000 :
                            bt == TILE_DT_U8 ? 0xff : 0x80;

            for (int i = 0; i < M * K; i++) {
                ra[i] = i % 97 ? amax : rnd() & 0xffff;   /* a few others */
            }
            for (int i = 0; i < K * N; i++) {
                rb[i] = i % 89 ? bmax : rnd() & (bt == TILE_DT_S8 ? 0xff : 0xffff);
            }
            for (int i = 0; i < M * N; i++) {
                c1[i] = c2[i] = mode ? rnd() : 0;
            }
            CubeGemmI32 r = { M, N, K, a, K, b, N, c1, N };
            cube_decode_i32(at, ra, M * K, a);
            cube_decode_i32(bt, rb, K * N, b);
            cube_gemm_i32_ref(&r);
            if (!mode) {
                for (int i = 0; i < M * N; i++) {
                    c2[i] = rnd();              /* not read */
                }
            }
            cube_product_raw(at, bt, false, M, N, K, ra, rb, c2, mode);
            ck_assert_mem_eq(c1, c2, sizeof(c1));
        }
    }
}
END_TEST

/*
 * Worked by hand (an S16 TMATMUL accumulates in S32, the hardware
 * profile's matrix.accumulator_by_class, one term at a time in K order,
 * matrix.dot_order, keeping the low 32 bits as the ASL's
 * TileProfileMatrixAccumulate does): S16 rows of
 * -32768, one column of B of -32768.  Each product is 2^30; two of them
 * sum to 2^31, which wraps to 0x80000000 (the one pair sum outside an
 * int32); three, to 0xc0000000; four, to 0 (2^32); with C = 5 on entry,
 * 5 more.  K = 1..4 covers a lone element, an odd K's padded pair and
 * two full pairs.
 */
START_TEST(test_i16_pairs_by_hand)
{
    static const uint32_t expect[5] = { 0, 0x40000000u, 0x80000000u, 0xc0000000u, 0 };
    uint64_t ra[4] = { 0x8000, 0x8000, 0x8000, 0x8000 }, rb[4] = { 0x8000, 0x8000, 0x8000, 0x8000 };

    for (int K = 1; K <= 4; K++) {
        uint32_t c = 0xdeadbeefu;

        cube_product_raw(TILE_DT_S16, TILE_DT_S16, false, 1, 1, K, ra, rb, &c, false);
        ck_assert_msg(c == expect[K], "K = %d: 0x%08x, expected 0x%08x", K, c, expect[K]);
        c = 5;
        cube_product_raw(TILE_DT_S16, TILE_DT_S16, false, 1, 1, K, ra, rb, &c, true);
        ck_assert_msg(c == expect[K] + 5, "K = %d from 5: 0x%08x", K, c);
    }
}
END_TEST

/*
 * Integer operands of two types (the exact FP32 kernels where both are
 * narrow, the 32-bit ones otherwise), with K across the FP32 blocks
 * (256 steps and fewer) and odd shapes.
 */
START_TEST(test_typed_mixed_int)
{
    static const unsigned ints[] = {
        TILE_DT_S8, TILE_DT_U8, TILE_DT_S4X2, TILE_DT_U4X2, TILE_DT_S16, TILE_DT_U16,
    };
    enum { NI = sizeof(ints) / sizeof(ints[0]) };

    for (int x = 0; x < NI; x++) {
        for (int y = 0; y < NI; y++) {
            for (int i = 0; i < 6; i++) {
                run_typed2(ints[x], ints[y], 1 + (int)(rnd() % 37), 1 + (int)(rnd() % 70),
                           (int)(rnd() % 700), i % 2);
            }
            run_typed2(ints[x], ints[y], 17, 33, 257, true);
            run_typed2(ints[x], ints[y], 9, 5, 513, false);
        }
    }
}
END_TEST

/*
 * The exact FP32 kernels at their bound: a block's sum reaches
 * kb * amax * bmax (every product the largest, of one sign), the most
 * an exact block may hold; C wraps.  Every block length the driver may
 * take, on the largest and smallest values of the narrow types.
 */
START_TEST(test_i32f_bound)
{
    static const struct { int32_t lo, hi; } ranges[] = {
        { -128, 127 }, { 0, 255 }, { -8, 7 }, { 0, 15 }, { -128, 255 },
    };

    ck_assert_int_eq(cube_gemm_i32f_block(255, 255), 256);
    ck_assert_int_eq(cube_gemm_i32f_block(128, 128), 256);
    ck_assert_int_eq(cube_gemm_i32f_block(65535, 255), 0);
    ck_assert_int_eq(cube_gemm_i32f_block(32768, 128), 0);
    ck_assert_int_eq(cube_gemm_i32f_block(1024, 255), 64);
    for (size_t t = 0; t < sizeof(ranges) / sizeof(ranges[0]); t++) {
        int32_t lo = ranges[t].lo, hi = ranges[t].hi;
        uint32_t amax = (uint32_t)(-lo > hi ? -lo : hi);
        int kb = cube_gemm_i32f_block(amax, amax);

        for (int rep = 0; rep < 8; rep++) {
            int M = 1 + (int)(rnd() % 20), N = 1 + (int)(rnd() % 50);
            int K = rep < 2 ? kb * (1 + rep) : (int)(rnd() % 600);
            int32_t *A = malloc(4 * (size_t)M * K + 4), *B = malloc(4 * (size_t)K * N + 4);
            float *fa = malloc(4 * (size_t)M * K + 4), *fb = malloc(4 * (size_t)K * N + 4);
            uint32_t *C1 = malloc(4 * (size_t)M * N), *C2 = malloc(4 * (size_t)M * N);
            CubePanels p;

            for (int i = 0; i < M * K; i++) {
                /* the bound itself in the first rows, mixed values below */
                A[i] = i < 2 * K ? (i < K ? lo : hi) :
                       rnd() % 3 ? (rnd() & 1 ? lo : hi) : lo + (int32_t)(rnd() % (hi - lo + 1));
                fa[i] = (float)A[i];
            }
            for (int i = 0; i < K * N; i++) {
                B[i] = (i % N) < 2 ? ((i % N) ? hi : lo) :
                       rnd() % 3 ? (rnd() & 1 ? lo : hi) : lo + (int32_t)(rnd() % (hi - lo + 1));
                fb[i] = (float)B[i];
            }
            for (int i = 0; i < M * N; i++) {
                C1[i] = C2[i] = rnd() % 2 ? 0x7fffffffu - (rnd() % 4) : rnd();
            }
            CubeGemmI32 r = { M, N, K, A, K, B, N, C1, N };
            cube_gemm_i32_ref(&r);
            cube_panels_init(&p, K, N);
            cube_panels_fill(&p, (const uint32_t *)fb, N);
            cube_gemm_i32f_panels(M, fa, K, &p, C2, N, kb, true);
            cube_panels_free(&p);
            ck_assert_mem_eq(C1, C2, 4 * (size_t)M * N);
            free(A);
            free(B);
            free(fa);
            free(fb);
            free(C1);
            free(C2);
        }
    }
}
END_TEST

/* The decoding against its definition: FP32 bits kept, every NaN the
 * canonical one; integers extended from their width by sign or zero. */
START_TEST(test_decode_words)
{
    enum { N = 203 };
    uint64_t raw[N];
    uint32_t out[N];

    for (size_t t = 0; t < sizeof(typed) / sizeof(typed[0]); t++) {
        unsigned dtype = typed[t];
        const TileDTypeInfo *info = tile_dtype_info(dtype);

        if (float_type(dtype) && dtype != TILE_DT_FP32) {
            continue;
        }
        for (int i = 0; i < N; i++) {
            raw[i] = rand_raw(dtype) | (i & 1 ? 0xabcd000000000000ull : 0);  /* junk above */
        }
        if (dtype == TILE_DT_FP32) {
            cube_decode_f32(dtype, raw, N, (float *)out);
        } else {
            cube_decode_i32(dtype, raw, N, (int32_t *)out);
        }
        for (int i = 0; i < N; i++) {
            uint64_t v = raw[i] & ((1ull << info->width) - 1);
            uint32_t want = (uint32_t)v;

            if (dtype == TILE_DT_FP32) {
                want = (v & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : want;
            } else if (info->is_signed && info->width < 32 && (v >> (info->width - 1))) {
                want = (uint32_t)(v - (1ull << info->width));
            }
            ck_assert_msg(out[i] == want, "%s raw 0x%llx: 0x%08x, expected 0x%08x",
                          info->name, (unsigned long long)raw[i], out[i], want);
        }
        /* the narrow integers as FP32 values too */
        if (!float_type(dtype) && info->width <= 16) {
            float f[N];

            cube_decode_i32_f32(dtype, raw, N, f);
            for (int i = 0; i < N; i++) {
                ck_assert_msg(f[i] == (float)(int32_t)out[i] && f_bits(f[i]) != 0x80000000u,
                              "%s raw 0x%llx as FP32: %g, expected %d", info->name,
                              (unsigned long long)raw[i], f[i], (int32_t)out[i]);
            }
        }
    }
}
END_TEST

int main(void)
{
    const GemmHostKernels *const *all = gemm_host_all();
    int failed = 0;

    /* every kernel set this host can run, each through every test */
    for (int i = 0; all[i]; i++) {
        Suite *s = suite_create("cube-kernel");
        TCase *tc = tcase_create(all[i]->name);
        SRunner *sr;

        gemm_host_use(all[i]);
        tcase_set_timeout(tc, 120);
        tcase_add_test(tc, test_f32_random_shapes);
        tcase_add_test(tc, test_i32_random_shapes);
        tcase_add_test(tc, test_driver_paths);
        tcase_add_test(tc, test_packed_a);
    tcase_add_test(tc, test_wide_packed_b);
    tcase_add_test(tc, test_a16_rows);
    tcase_add_test(tc, test_b_alignment);
    tcase_add_test(tc, test_from_zero_paths);
        tcase_add_test(tc, test_k_order);
        tcase_add_test(tc, test_fused);
        tcase_add_test(tc, test_nan);
        tcase_add_test(tc, test_nan_each_lane);
        tcase_add_test(tc, test_wrap);
        tcase_add_test(tc, test_typed);
        tcase_add_test(tc, test_typed_mixed_int);
        tcase_add_test(tc, test_wide_extremes);
        tcase_add_test(tc, test_i16_pairs_by_hand);
        tcase_add_test(tc, test_i32f_bound);
        tcase_add_test(tc, test_decode_words);
        suite_add_tcase(s, tc);
        sr = srunner_create(s);
        srunner_set_fork_status(sr, CK_NOFORK);
        printf("kernels: %s (%d x %d)\n", all[i]->name, all[i]->mr, all[i]->nr);
        srunner_run_all(sr, CK_NORMAL);
        failed += srunner_ntests_failed(sr);
        srunner_free(sr);
    }
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
