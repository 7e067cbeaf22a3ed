/*
 * PTO Tile CPU: the SFU element arithmetic over arrays (plain C)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The array forms of sfu_elem.h's functions under the default (ieee)
 * profile, bit for bit and flag for flag the same as calling the
 * per-element function on each element in turn and ORing the flags.  For
 * FP32, FP16 and BF16 a fast evaluation in host binary64 arithmetic (the
 * IEEE basic operations only: + - * / sqrt and conversions, which round
 * to nearest even on every host; no libm) decides the correctly rounded
 * result whenever it provably can (see sfu_array.c for the error bounds
 * and the rounding test); every other element (special inputs, results
 * near a rounding boundary, near the underflow threshold) and every other
 * type goes through sfu_elem.c.  The host FPU is assumed to round to
 * nearest even without flushing subnormals (QEMU's state).
 *
 * Arrays hold raw encodings packed at the type's width (1, 2, 4 or 8
 * bytes), little-endian, with no alignment requirement; the output never
 * overlaps an input.  No QEMU dependency: tests/unit/test-sfu-array.c
 * links it alone.
 */

#ifndef TARGET_TILE_SFU_ARRAY_H
#define TARGET_TILE_SFU_ARRAY_H

#include <stddef.h>

#include "numeric/sfu_elem.h"
#include "numeric/elem_order.h"

/* Whether the fast evaluation serves dtype (every function below accepts
 * any type the per-element functions accept; the others simply loop). */
bool sfu_array_fast_type(unsigned dtype);

/* out[i] = sfu_unary(dtype, op, src[i], false, flags) */
void sfu_array_unary(unsigned dtype, SfuUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags);
/* out[i] = sfu_binary(dtype, SFU_DIV, l[i], r[i], false, flags) */
void sfu_array_div(unsigned dtype, const void *l, const void *r, void *out, size_t n,
                   unsigned *flags);
/* out[i] = sfu_binary(dtype, SFU_DIV, l[i], r, false, flags) */
void sfu_array_div_scalar(unsigned dtype, const void *l, uint64_t r, void *out, size_t n,
                          unsigned *flags);

/*
 * out[i] = sfu_binary(dtype, op, l[i], r ? r[i] : scalar, pto_v0, flags):
 * TDIV / TREM and their scalar forms in either profile (the ieee
 * profile's DIV through sfu_array_div(), the rest element by element over
 * the arrays).  An integer divisor must not be zero.
 */
void sfu_array_binary(unsigned dtype, SfuBinOp op, const void *l, const void *r,
                      uint64_t scalar, bool pto_v0, void *out, size_t n, unsigned *flags);
/*
 * out[i] = sfu_unary(dtype, op, src[i], true, flags): the pto-v0
 * profile's placeholders on the raw carrier.  For FP32, FP16 and BF16 an
 * element that is no special input of op (unary_special() in sfu_elem.c:
 * a positive finite nonzero value, not 1 for LOG; a negative one too for
 * EXP and RECIP) takes its placeholder here, the others sfu_unary().
 */
void sfu_array_unary_v0(unsigned dtype, SfuUnOp op, const void *src, void *out, size_t n,
                        unsigned *flags);

/*
 * The reductions' sequential fold (elem_order.h, ieee profile):
 * sfu_array_fold() gives tile_reduce_result() after tile_reduce_step() on
 * a[0] .. a[n-1]; sfu_array_fold_rows() does that for each of the nrows
 * rows (row r at rows[r], n elements), row r's result (raw) into out[r];
 * sfu_array_fold_cols() does it for each column c of the nrows rows
 * (ncols elements each), column c's result into element c of out (ARG*:
 * a U32 index).  Fast for every op of FP32 FP16 BF16 (row SUMs eight rows
 * at a time, column folds eight columns at a time, FP32 column SUMs across
 * the columns, PRODs one row or column at a time); each fold with a NaN
 * operand, or for SUM and PROD an infinite operand, an overflow or (PROD)
 * a product that may underflow, is redone by tile_reduce_step(); the
 * integer types fold modulo 2^w in any grouping (SUM, PROD) or in order
 * (MAX, MIN, ARG*) without it (sfu_fold.c); every other type loops over
 * it.
 */
uint64_t sfu_array_fold(unsigned dtype, TileReduceOp op, const void *a, size_t n,
                        unsigned *flags);
void sfu_array_fold_rows(unsigned dtype, TileReduceOp op, const void *const *rows,
                         size_t nrows, size_t n, uint64_t *out, unsigned *flags);
void sfu_array_fold_cols(unsigned dtype, TileReduceOp op, const void *const *rows,
                         size_t nrows, size_t ncols, void *out, unsigned *flags);

/*
 * TQUANT and TDEQUANT over arrays: out[i] = sfu_quant(src[i], mult, zp, rm,
 * sat, to_signed, flags) of FP32 src into bytes, and out[i] =
 * sfu_dequant(src_dt, src[i], mult, zp, rm, flags) of S8 / U8 src into
 * FP32.  The exact values rounded once in host binary64 (sfu_array.c);
 * the elements it cannot decide that way through the element functions.
 */
void sfu_array_quant(const void *src, uint32_t mult, int64_t zp, TileRound rm, bool sat,
                     bool to_signed, void *out, size_t n, unsigned *flags);
void sfu_array_dequant(unsigned src_dt, const void *src, uint32_t mult, int64_t zp,
                       TileRound rm, void *out, size_t n, unsigned *flags);

/* Raw element i of a packed array of dtype, and its store. */
uint64_t sfu_array_get(unsigned dtype, const void *a, size_t i);
void sfu_array_put(unsigned dtype, void *a, size_t i, uint64_t x);

#endif /* TARGET_TILE_SFU_ARRAY_H */
