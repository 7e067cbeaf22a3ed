/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CUBE operands decoded once into the kernels' panels (gemm.h):
 * every floating input type to its exact FP32 value (all of them are
 * subsets of FP32; NaNs become the canonical NaN), every integer input
 * type sign- or zero-extended to 32 bits.  Plain C, on tile_numeric.c.
 */
#ifndef TILE_CUBE_DECODE_H
#define TILE_CUBE_DECODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "numeric/gemm.h"

/* raw: one element per entry (its low bits); out: n values. */
void cube_decode_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out);
void cube_decode_i32(unsigned dtype, const uint64_t *raw, size_t n, int32_t *out);
/* an integer type's values as FP32 (exact for the types of at most 16 bits) */
void cube_decode_i32_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out);

/* raw: the K x N of B, row-major; decoded straight into p's panels
 * (cube_panels_init(p, K, N) first) */
void cube_decode_panels_f32(unsigned dtype, const uint64_t *raw, CubePanels *p);
void cube_decode_panels_i32(unsigned dtype, const uint64_t *raw, CubePanels *p);
void cube_decode_panels_i32_f32(unsigned dtype, const uint64_t *raw, CubePanels *p);

/*
 * The product the CUBE engine runs on raw operands: the M x K of A
 * (row-major element words of atype) times the K x N of B (btype), added
 * to C (M x N: with accumulate, the initial values on entry; without,
 * zero initial values, C only written); fp: FP32 accumulation (both
 * operands decoded to FP32), otherwise wrapping 32-bit integer
 * accumulation: on int16 pairs (cube_gemm_i16_panels()) where both types
 * fit an int16 and the host has the instruction, else on the exact FP32
 * kernels (cube_gemm_i32f_panels()) where the types are narrow enough, on
 * the exact binary64 ones (cube_gemm_i32d_panels()) where the products
 * stay within 2^32, else on the wrapping 32-bit ones.  Bit for bit the
 * reference's result.
 */
void cube_product_raw(unsigned atype, unsigned btype, bool fp, int M, int N, int K,
                      const uint64_t *ra, const uint64_t *rb, uint32_t *C, bool accumulate);

#endif /* TILE_CUBE_DECODE_H */
