/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one host-dispatch point of the numeric core: the micro-kernels of
 * the matrix products (gemm.c) for the host the emulator runs on, chosen
 * at run time (gemm_host.c).  Each is written once with GCC vector
 * extensions (gemm_micro.h) and compiled for a host vector width; there
 * is always a plain one that any host builds.
 *
 * A micro-kernel updates an mr x NR block of C (row stride ldc, mr <= MR)
 * over kc steps: step k adds, to every accumulator C[i][j], the product
 * of a[i * lda + k] and b[k * ldb + j] (B in panels of NR columns,
 * gemm.h: ldb is NR, or B's own row stride when borrowed; in 32-bit
 * words) -- one fused multiply-add rounding to FP32, or a wrapping 32-bit
 * multiply-add.  With GEMM_LAST, an FP32 kernel stores every NaN as the
 * canonical 0x7fc00000; with GEMM_FROM_ZERO, the block's initial values
 * are zero (+0 for FP32) and C is only written.  The i32f kernels take
 * integers held as FP32 values, sum the kc products in FP32 from zero
 * (exactly: see cube_gemm_i32f_panels()) and add the sums to C's 32-bit
 * words; the i32d kernels do the same in binary64 (a and b binary64
 * arrays: lda counts binary64 elements, a panel row holds nr of them).
 * The i16 kernels take a and b as 32-bit words each holding two int16
 * (two consecutive k): a step is a pair of k, adding both products.  The
 * f32_packed kernels are the f32 ones on a packed A: row i's element k
 * at a[k * lda + i] (lda: the tile's MR).
 */
#ifndef TARGET_TILE_GEMM_HOST_H
#define TARGET_TILE_GEMM_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* the largest register tile of any kernel */
#define GEMM_MAX_MR 16
#define GEMM_MAX_NR 32

/* the flags of a micro-kernel call */
#define GEMM_LAST 1u            /* the last K block: canonical NaNs */
#define GEMM_FROM_ZERO 2u       /* C's initial values are zero: not read */

typedef void GemmMicroFn(int mr, int kc, const uint32_t *a, int lda, const uint32_t *b,
                         int ldb, uint32_t *c, int ldc, unsigned flags);

typedef struct GemmHostKernels {
    const char *name;           /* as cube_kernel_path() reports it */
    int mr, nr;                 /* register tile */
    int mr_half;                /* rows of the half kernels' tile (nr / 2 wide) */
    int mr_d;                   /* rows of the i32d tile (half kernels: mr_half / 2) */
    GemmMicroFn *f32;           /* FP32 fused multiply-adds */
    GemmMicroFn *f32_packed;    /* the same on a packed A */
    GemmMicroFn *i32;           /* wrapping 32-bit multiply-adds */
    GemmMicroFn *i32f;          /* exact integer sums in FP32 */
    GemmMicroFn *f32_half;      /* the same on panels of nr / 2 columns */
    GemmMicroFn *i32_half;
    GemmMicroFn *i32f_half;
    GemmMicroFn *i32d;          /* exact integer sums in binary64 */
    GemmMicroFn *i32d_half;
    GemmMicroFn *i16;           /* wrapping sums of int16 pairs' products (NULL:
                                 * the host has no such instruction) */
    GemmMicroFn *i16_half;
    int mr_wide;                /* rows of the wide kernel's tile (2 nr wide) */
    GemmMicroFn *f32_wide;      /* FP32 on panels of 2 nr columns: a borrowed B
                                 * (gemm.h) that wide; NULL: none */
    int mr_a16;                 /* rows of the f32_a16 tile (nr / 2 wide) */
    GemmMicroFn *f32_a16;       /* FP32 on panels of nr / 2 columns, A's rows 16
                                 * elements apart, mr_a16 rows a call (mr is
                                 * ignored); NULL: none */
} GemmHostKernels;

/* The kernels in use: the host's best, unless gemm_host_use() chose. */
const GemmHostKernels *gemm_host_kernels(void);

/*
 * Every kernel set this host can run, best first, NULL-terminated (the
 * plain one last); for tests and benchmarks, which may run each of them
 * through gemm_host_use() (NULL: back to the best).
 */
const GemmHostKernels *const *gemm_host_all(void);
void gemm_host_use(const GemmHostKernels *k);

#endif /* TARGET_TILE_GEMM_HOST_H */
