/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one host-dispatch point of the numeric core: optimized micro-kernels
 * of the matrix products for the host the emulator runs on
 * (gemm_host.c), chosen at run time.  Every kernel updates a GEMM_MR x
 * GEMM_NR block of C (row stride ldc) from packed panels: for each of kc
 * steps, MR values of A and NR values of B (for pairs16, each 32-bit word
 * holds two 16-bit k values, low first).
 */
#ifndef TARGET_TILE_GEMM_HOST_H
#define TARGET_TILE_GEMM_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GEMM_MR 6
#define GEMM_NR 16

typedef void GemmMicroFn(int kc, const uint32_t *pa, const uint32_t *pb, uint32_t *c,
                         int ldc);

typedef struct GemmHostKernels {
    const char *name;           /* as cube_kernel_path() reports it */
    GemmMicroFn *f32;           /* FP32 fused multiply-adds */
    GemmMicroFn *i32;           /* wrapping 32-bit multiply-adds */
    GemmMicroFn *pairs16;       /* two 16-bit products per step and lane */
} GemmHostKernels;

/* The host's kernels, or NULL: gemm.c then runs its plain-C ones. */
const GemmHostKernels *gemm_host_kernels(void);

#endif /* TARGET_TILE_GEMM_HOST_H */
