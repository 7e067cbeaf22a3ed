/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CUBE operands decoded once into the kernels' panels (gemm.h):
 * every floating input type to its exact FP32 value (all of them are
 * subsets of FP32; NaNs become the canonical NaN), every integer input
 * type sign- or zero-extended to 32 bits.  Plain C, on tile_numeric.c.
 */
#ifndef TILE_CUBE_DECODE_H
#define TILE_CUBE_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "numeric/gemm.h"

/* raw: one element per entry (its low bits); out: n values. */
void cube_decode_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out);
void cube_decode_i32(unsigned dtype, const uint64_t *raw, size_t n, int32_t *out);

/* raw: the K x N of B, row-major; decoded straight into p's panels
 * (cube_panels_init(p, K, N) first) */
void cube_decode_panels_f32(unsigned dtype, const uint64_t *raw, CubePanels *p);
void cube_decode_panels_i32(unsigned dtype, const uint64_t *raw, CubePanels *p);

#endif /* TILE_CUBE_DECODE_H */
