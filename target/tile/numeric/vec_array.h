/*
 * PTO Tile CPU: the VEC element arithmetic over arrays (plain C)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The array forms of vec_elem.h's functions under the default (ieee)
 * profile, bit for bit and flag for flag the same as calling the
 * per-element function on each element in turn and ORing the flags:
 * host SIMD (GCC vector extensions) computes the finite common case, and
 * each element that needs the exact path (a NaN or infinite operand, a
 * subnormal or overflowing result, a rounding tie the host cannot see) is
 * recomputed by the per-element function of vec_elem.c.  The host FPU is
 * assumed to round to nearest even without flushing subnormals (QEMU's
 * state; see docs/architecture.md).
 *
 * Arrays hold raw encodings packed at the type's width (1, 2, 4 or 8
 * bytes), little-endian, with no alignment requirement; the output never
 * overlaps an input.  No QEMU dependency: tests/unit/test-vec-array.c
 * links it alone.
 */

#ifndef TARGET_TILE_VEC_ARRAY_H
#define TARGET_TILE_VEC_ARRAY_H

#include <stddef.h>

#include "numeric/vec_elem.h"

/*
 * ---- Bulk conversion between the narrow floating types and host floats ----
 *
 * dtype: TILE_DT_FP16, TILE_DT_BF16 or TILE_DT_FP32.  Widening is exact,
 * NaNs included (the payload shifted up, a signaling NaN stays
 * signaling).  Narrowing rounds to nearest even exactly as
 * tile_num_convert() from FP32 / tile_num_from_double() does for each
 * element, flags ORed into *flags; a double must be the exact value to
 * round (rounding an intermediate first is a double rounding).
 */
static inline bool vec_array_float_type(unsigned dtype)
{
    return dtype == TILE_DT_FP32 || dtype == TILE_DT_FP16 || dtype == TILE_DT_BF16;
}

void vec_array_to_float(unsigned dtype, const void *src, float *dst, size_t n);
void vec_array_from_float(unsigned dtype, const float *src, void *dst, size_t n,
                          unsigned *flags);
void vec_array_from_double(unsigned dtype, const double *src, void *dst, size_t n,
                           unsigned *flags);

/*
 * ---- Element-wise kernels (ieee profile) ----
 *
 * Each *_serves() tells whether the kernel takes dtype (and op); for any
 * other type the caller uses the per-element function.  Served: the
 * floating types of the arithmetic set (FP64 FP32 TF32 HF32 FP16 BF16
 * E4M3 E5M2) for ADD SUB MUL MAX MIN, FMA, ABS NEG RELU -- in host
 * vectors for FP32, FP16 and BF16, the others element by element through
 * vec_elem.c over the array; the eight integer types (S8 .. S64, U8 ..
 * U64) for every binary operation, FMA and every unary operation.
 */
bool vec_array_binary_serves(unsigned dtype, VecBinOp op);
bool vec_array_unary_serves(unsigned dtype, VecUnOp op);
bool vec_array_fma_serves(unsigned dtype);

/*
 * The type whose binary kernel computes vec_binary(dtype, op, .., pto_v0,
 * ..): dtype, except under pto-v0, where ADD / SUB / MUL of a floating
 * type are integer arithmetic on the raw carrier: the unsigned type of
 * its width.
 */
unsigned vec_array_binary_type(unsigned dtype, VecBinOp op, bool pto_v0);

/* out[i] = vec_binary(dtype, op, l[i], r[i], false, flags) */
void vec_array_binary(unsigned dtype, VecBinOp op, const void *l, const void *r, void *out,
                      size_t n, unsigned *flags);
/* out[i] = vec_binary(dtype, op, l[i], scalar, false, flags): TADDS .. */
void vec_array_binary_scalar(unsigned dtype, VecBinOp op, const void *l, uint64_t scalar,
                             void *out, size_t n, unsigned *flags);
/* out[i] = vec_unary(dtype, op, src[i], flags) */
void vec_array_unary(unsigned dtype, VecUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags);
/* out[i] = vec_fma(dtype, l[i], r[i], a[i], false, flags) */
void vec_array_fma(unsigned dtype, const void *l, const void *r, const void *a, void *out,
                   size_t n, unsigned *flags);
/*
 * Under numeric-profile=pto-v0, out[i] = vec_fma(dtype, l[i], r[i], a[i],
 * true, flags) for every floating type TFMA takes: the carrier's wrapping
 * multiply-add, and the element rule where an operand is a NaN or an
 * infinity, or a TF32 / HF32 word with a low bit set (no valid encoding).
 */
void vec_array_fma_v0(unsigned dtype, const void *l, const void *r, const void *a, void *out,
                      size_t n, unsigned *flags);

/*
 * ---- TCVT (ieee profile) ----
 *
 * Served: every pair tile_num_tcvt_supported() takes.  An element of a
 * 4-bit type sits in a byte of its own in these arrays (its encoding in
 * the low four bits; the high four are ignored on input, zero on output).
 * FP32, FP16, BF16 and the integers of 8 to 32 bits convert into one
 * another, and FP64 into them, in host vectors (into a floating type when
 * rounding to nearest even, into an integer when rounding to nearest even
 * or toward zero); all of them into E4M3 and E5M2 rounding to nearest
 * even; a one-byte or 4-bit source in every other case by a table of its
 * 256 (16) conversions; every other pair element by element.
 */
bool vec_array_convert_serves(unsigned dst, unsigned src);
/* out[i] = vec_convert(dst, src, in[i], rmode, sat, false, flags) */
void vec_array_convert(unsigned dst, unsigned src, unsigned rmode, bool sat, const void *in,
                       void *out, size_t n, unsigned *flags);
/* out[i] = vec_convert(dst, src, in[i], rmode, sat, true, flags): the
 * same pairs under numeric-profile=pto-v0 */
void vec_array_convert_v0(unsigned dst, unsigned src, unsigned rmode, bool sat, const void *in,
                          void *out, size_t n, unsigned *flags);

/*
 * ---- Predicates: TCMP / TCMPS, TSEL / TSELS, TEXPANDS (vec_array_pred.c) ----
 *
 * A predicate is a bit string, bit k in bit k % 8 of byte k / 8 (the
 * layout of a predicate tile's fragment); a kernel touches only the bits
 * [bit0, bit0 + n).  Any type whose elements are whole bytes wide.
 */
/* bit bit0 + i of pred = vec_compare(dtype, cmp, l[i], r[i], flags); r NULL:
 * the scalar in place of r[i] (TCMPS) */
void vec_array_compare(unsigned dtype, VecCmp cmp, const void *l, const void *r,
                       uint64_t scalar, uint8_t *pred, uint64_t bit0, size_t n,
                       unsigned *flags);
/* out[i] = bit bit0 + i of pred ? t[i] : f[i], elements `bytes` wide (1, 2,
 * 4 or 8); f NULL: the scalar in place of f[i] (TSELS) */
void vec_array_select(unsigned bytes, const uint8_t *pred, uint64_t bit0, const void *t,
                      const void *f, uint64_t scalar, void *out, size_t n);
/* out[i] = x (TEXPANDS) */
void vec_array_fill(unsigned bytes, uint64_t x, void *out, size_t n);

#endif /* TARGET_TILE_VEC_ARRAY_H */
