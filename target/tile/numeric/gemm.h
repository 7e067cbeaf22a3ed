/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CUBE engine kernels: the matrix products of TMATMUL and TGEMV on
 * operands already decoded into plain panels.  Plain C11 with no QEMU
 * dependency (host unit tests and benchmarks link it directly).
 *
 * The arithmetic is the hardware profile's (hardware-conformance-profile
 * .json, matrix.dot_order): every output element starts from its initial
 * value (zero, ACC's C, ...) and adds its products in increasing K order,
 * each with one fused multiply-add rounding to the accumulator type:
 * FP32 with round-to-nearest-even, or S32 / U32 wrapping modulo 2^32.
 *
 * Two implementations sit behind one interface: the reference (plain
 * loops, obviously right) and the optimized kernels the emulator uses
 * (B packed in panels, register-blocked micro-kernels vectorized across N
 * with host FMA where the host has it, gemm_host.h, so that each output
 * element still sees its products in K order with one rounding each).  The two agree bit for bit, NaN payloads
 * included; tests/unit/test-cube.c holds them to it.
 */
#ifndef TILE_CUBE_KERNEL_H
#define TILE_CUBE_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * C[m * ldc + n] = C[m * ldc + n] + sum over k of A[m * lda + k] * B[k * ldb + n],
 * for m < M, n < N, k = 0, 1, ..., K-1 in order.  C holds the initial values
 * on entry.
 */
typedef struct CubeGemmF32 {
    int M, N, K;
    const float *A;
    int lda;
    const float *B;
    int ldb;
    float *C;
    int ldc;
} CubeGemmF32;

/* The same with integer operands (S16/S8/S4X2 sign-, U* zero-extended). */
typedef struct CubeGemmI32 {
    int M, N, K;
    const int32_t *A;
    int lda;
    const int32_t *B;
    int ldb;
    uint32_t *C;
    int ldc;
} CubeGemmI32;

/*
 * The MX product (TMATMULMX, TGEMVMX): each term (A * 2^(SA - 127)) *
 * (B * 2^(SB - 127)) is exact and is added to C[m][n] with one rounding to
 * FP32, in increasing K order; SA[m * ldsa + k / 32] is the E8M0 scale of
 * row m's K block, SB[(k / 32) * ldsb + n] that of column n's; a NULL
 * scale array leaves that side unscaled.  A scale of 0xFF (NaN) makes the
 * term NaN; every NaN result is the canonical FP32 NaN.
 */
typedef struct CubeGemmMxF32 {
    int M, N, K;
    const float *A;
    int lda;
    const float *B;
    int ldb;
    const uint8_t *SA;
    int ldsa;
    const uint8_t *SB;
    int ldsb;
    float *C;
    int ldc;
} CubeGemmMxF32;

void cube_gemm_mx_f32(const CubeGemmMxF32 *g);

void cube_gemm_f32_ref(const CubeGemmF32 *g);
void cube_gemm_i32_ref(const CubeGemmI32 *g);

void cube_gemm_f32(const CubeGemmF32 *g);
void cube_gemm_i32(const CubeGemmI32 *g);

/*
 * B packed once for the optimized kernels, so that several products with
 * the same B (the PEs of a cooperative TMATMUL) share it: panels of nr
 * columns (the kernels' register tile), each K x nr contiguous, the
 * columns past N zero.  Elements are 4-byte FP32 or S32/U32 words.  Or
 * B borrowed as it is (cube_panels_of()): the products then form the
 * panels themselves.
 */
typedef struct CubePanels {
    int K, N, nr;
    int words;                  /* 32-bit words an element: 1, or 2 (binary64) */
    const uint32_t *rows;       /* what the kernels read: data, or the borrowed B */
    int ld;                     /* elements from a panel's row to the next */
    int col_step;               /* elements from the panel of column 0 to that of
                                 * column j, per j: K packed, 1 borrowed */
    uint32_t *data;             /* the packed panels (NULL: borrowed; nr is then
                                 * the products' choice) */
    size_t size;                /* words allocated */
} CubePanels;

/* rows of B the panel fillers take at a time */
#define CUBE_PANEL_ROWS 32

/*
 * Every row of p's panels in the fillers' order: a band of
 * CUBE_PANEL_ROWS rows of B at a time (it stays in the cache), panel by
 * panel (the writes run in order).  The body sees k (the row), j (the
 * panel's first column of B), w (the columns of B it holds, nr but in the
 * last panel) and dst (the row's words); continue goes to the next row.
 */
#define CUBE_PANELS_FOREACH_ROW(p, k, j, w, dst)                                          \
    for (int k0_ = 0; k0_ < (p)->K; k0_ += CUBE_PANEL_ROWS)                               \
        for (int j = 0; j < (p)->N; j += (p)->nr)                                         \
            for (int k = k0_, w = (p)->N - j < (p)->nr ? (p)->N - j : (p)->nr,            \
                     k1_ = (p)->K - k0_ < CUBE_PANEL_ROWS ? (p)->K : k0_ + CUBE_PANEL_ROWS; \
                 k < k1_; k++)                                                            \
                for (uint32_t *dst = (p)->data +                                          \
                         ((size_t)(j / (p)->nr) * (p)->K + k) * (p)->nr * (p)->words;     \
                     dst; dst = NULL)

void cube_panels_init(CubePanels *p, int K, int N);
/* the same with binary64 elements (cube_gemm_i32d_panels()) */
void cube_panels_init_f64(CubePanels *p, int K, int N);
void cube_panels_free(CubePanels *p);
/* all of B (K x N words, row stride ldb) */
void cube_panels_fill(CubePanels *p, const uint32_t *B, int ldb);
/*
 * B (K x N 32-bit words, row stride ldb) borrowed, not copied: the
 * products read a small B in place and pack a larger one a K slice at a
 * time as they go (gemm.c).  B must outlive p; cube_panels_free() is a
 * no-op on it.
 */
void cube_panels_of(CubePanels *p, const uint32_t *B, int K, int N, int ldb);

/*
 * C (M x p->N) = initial values + A (M x p->K) x B: with accumulate, C
 * holds the initial values on entry; without, they are all zero (+0) and
 * C's contents on entry are not read (the same bits as a zeroed C).
 */
void cube_gemm_f32_panels(int M, const float *A, int lda, const CubePanels *b, float *C,
                          int ldc, bool accumulate);
void cube_gemm_i32_panels(int M, const int32_t *A, int lda, const CubePanels *b,
                          uint32_t *C, int ldc, bool accumulate);

/*
 * An integer product in FP32, for narrow integer types (S8, U8, the
 * 4-bit ones): A and B hold integers of magnitude at most amax and bmax
 * as FP32 values (B's panels too); the products are summed exactly in
 * FP32 over blocks of kb K steps and each block's sum added to C's words
 * modulo 2^32, which is the reference's wrapping result bit for bit (the
 * reasoning is at cube_gemm_i32f_panels() in gemm.c).  kb comes from
 * cube_gemm_i32f_block(amax, bmax): 0 when the terms are too large for a
 * block of at least CUBE_I32F_MIN_BLOCK steps (S16: the 32-bit kernels).
 */
#define CUBE_I32F_MIN_BLOCK 64

int cube_gemm_i32f_block(uint32_t amax, uint32_t bmax);
void cube_gemm_i32f_panels(int M, const float *A, int lda, const CubePanels *b, uint32_t *C,
                           int ldc, int kb, bool accumulate);

/*
 * An integer product in binary64, for the types whose products reach
 * 2^32 at most (S16, U16, and mixtures with narrower types): A and B (its
 * panels from cube_panels_init_f64()) hold the integers as binary64
 * values; the block sums, exact, are added to C's words modulo 2^32 (the
 * reasoning is at cube_gemm_i32d_panels() in gemm.c).
 */
void cube_gemm_i32d_panels(int M, const double *A, int lda, const CubePanels *b, uint32_t *C,
                           int ldc, bool accumulate);

/*
 * An integer product on 16-bit pairs, for the types whose values fit in
 * an int16 (S16, S8, U8, the 4-bit ones): A's rows and B's panels hold
 * two int16 in each 32-bit word, elements k and k + 1 (an odd K padded
 * with a zero), so that p->K and lda count pairs (cube_panels_init(p,
 * (K + 1) / 2, N)); every pair of products is added to C's words modulo
 * 2^32, the reference's wrapping result bit for bit.
 */
void cube_gemm_i16_panels(int M, const uint32_t *A, int lda, const CubePanels *b, uint32_t *C,
                          int ldc, bool accumulate);
/* whether the kernels in use have it (a host multiply-add of int16 pairs) */
bool cube_gemm_i16_available(void);

/* Which optimized path the host runs ("avx512", "avx2+fma", "portable"). */
const char *cube_kernel_path(void);

#endif /* TILE_CUBE_KERNEL_H */
