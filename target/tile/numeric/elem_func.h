/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Quotients, roots and elementary functions of exact values, correctly
 * rounded into a Tile floating type in any rounding mode: the result is
 * the one tile_num_round() gives for the exact mathematical value, with
 * its flags (NX whenever that value is not representable, OF and UF by
 * the format's rules).  The SFU elements (sfu_elem.c) and the FSU's FEXP
 * use them; docs/numeric-formats.md describes the method.
 *
 * Only the project's own integer arithmetic: no host floating point, no
 * long double, no libm, so the bits depend only on the inputs.  DIV, SQRT
 * and RSQRT are computed exactly (the quotient or root to at least 57 bits
 * and a sticky bit, in 128-bit integers).  EXP and LOG are evaluated in fixed point with a proven
 * lower and upper bound (mp_fixed.h); when both bounds round to the same
 * encoding with the same flags, that is the result of the exact value
 * too, otherwise the evaluation is repeated with twice the precision, from
 * 96 up to 768 fraction bits (Ziv's strategy).
 *
 * The arguments are exact finite values of a Tile format (TileNumExact
 * with sticky clear, at most 53 significant bits); the special values (NaN, infinities, zeros where the function has a
 * special rule) are the caller's.
 */
#ifndef TARGET_TILE_ELEM_FUNC_H
#define TARGET_TILE_ELEM_FUNC_H

#include "numeric/tile_numeric.h"

/* a / b; a and b nonzero. */
uint64_t tile_num_div(TileDType t, const TileNumExact *a, const TileNumExact *b,
                      TileRound rm, unsigned *flags);
/* sqrt(x); x > 0. */
uint64_t tile_num_sqrt(TileDType t, const TileNumExact *x, TileRound rm,
                       unsigned *flags);
/* 1 / sqrt(x); x > 0. */
uint64_t tile_num_rsqrt(TileDType t, const TileNumExact *x, TileRound rm,
                        unsigned *flags);
/* e^x; x nonzero. */
uint64_t tile_num_exp(TileDType t, const TileNumExact *x, TileRound rm,
                      unsigned *flags);
/* ln(x); x > 0 and x != 1. */
uint64_t tile_num_log(TileDType t, const TileNumExact *x, TileRound rm,
                      unsigned *flags);

/* tile_num_exp() / tile_num_log() with the first bounds at first_frac
 * fraction bits (a multiple of 32, at most 768) instead of 96: the same
 * results.  tests/unit/elem-func-test.py starts at 32 to drive the
 * refinement through every precision. */
uint64_t tile_num_exp_from(TileDType t, const TileNumExact *x, TileRound rm,
                           int first_frac, unsigned *flags);
uint64_t tile_num_log_from(TileDType t, const TileNumExact *x, TileRound rm,
                           int first_frac, unsigned *flags);

#endif /* TARGET_TILE_ELEM_FUNC_H */
