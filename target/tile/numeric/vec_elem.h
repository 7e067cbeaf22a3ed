/*
 * PTO Tile CPU: the element arithmetic of the VEC engine (plain C)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * One element at a time, on raw encodings held zero-extended in a
 * uint64_t (PTO-TILE-MODEL-EXECUTION-ELEMENTWISE, -UNARY, -COMPARISON,
 * -FUSED-MULTIPLY-ADD, -MINMAX).  Floating results of ADD / SUB / MUL /
 * FMA are exact and then rounded once, to nearest even (or in a given
 * mode: the *_mode functions), into the element type under the default
 * (ieee) profile; host arithmetic serves where it is provably exact (the
 * narrow types through doubles, FP64 through binary64 to nearest even),
 * the exact 128-bit path everywhere else; under pto-v0 they are the
 * reference profile's integer arithmetic on the raw carriers.  Integer
 * arithmetic wraps.  Status flags (TILE_NUM_NV ... NX) are ORed into
 * *flags.  No QEMU dependency: tests/unit/test-vec-elem.c links it alone.
 */

#ifndef TARGET_TILE_VEC_ELEM_H
#define TARGET_TILE_VEC_ELEM_H

#include "numeric/tile_numeric.h"

typedef enum VecBinOp {
    VEC_ADD, VEC_SUB, VEC_MUL,
    VEC_AND, VEC_OR, VEC_XOR,
    VEC_SHL, VEC_SHR,
    VEC_MAX, VEC_MIN,
} VecBinOp;

typedef enum VecUnOp {
    VEC_ABS, VEC_NOT, VEC_NEG, VEC_RELU,
} VecUnOp;

/* B.DATR CMode of TCMP / TCMPS. */
typedef enum VecCmp {
    VEC_EQ, VEC_NE, VEC_LT, VEC_GT, VEC_LE, VEC_GE,
} VecCmp;

/* The arithmetic set (VA16) and the integer set of the VEC operations. */
bool vec_type_arith(unsigned dtype);
bool vec_type_integer(unsigned dtype);

/* TileNumericEncodingValid: false only for TF32 / HF32 with nonzero low
 * bits and E3M2 / E2M3 with bits 7:6 set. */
bool vec_encoding_valid(unsigned dtype, uint64_t raw);

uint64_t vec_binary(unsigned dtype, VecBinOp op, uint64_t l, uint64_t r, bool pto_v0,
                    unsigned *flags);
uint64_t vec_unary(unsigned dtype, VecUnOp op, uint64_t v, unsigned *flags);
/* l OP r; a NaN operand is unordered (only NE holds), a signaling one NV. */
bool vec_compare(unsigned dtype, VecCmp cmp, uint64_t l, uint64_t r, unsigned *flags);
/* l * r + a with one rounding. */
uint64_t vec_fma(unsigned dtype, uint64_t l, uint64_t r, uint64_t a, bool pto_v0,
                 unsigned *flags);
/*
 * The same arithmetic in any rounding mode (the FSU's, with its active
 * mode): ADD, SUB, MUL of vec_binary() rounded in rm (other operations as
 * vec_binary()); FMA rounding l * r + a once, with the addend and / or the
 * result negated (FMSUB, FNMADD = -(l * r + a), FNMSUB), an exact zero
 * taking the IEEE sign rule before the result's negation.
 */
#define VEC_FMA_NEG_ADDEND 1u
#define VEC_FMA_NEG_RESULT 2u

uint64_t vec_binary_mode(unsigned dtype, VecBinOp op, uint64_t l, uint64_t r, TileRound rm,
                         unsigned *flags);
uint64_t vec_fma_mode(unsigned dtype, uint64_t l, uint64_t r, uint64_t a, unsigned negate,
                      TileRound rm, unsigned *flags);

/* a + b of two exact finite values, rounded once to nearest even into
 * floating dtype (an exact zero sum is +0 unless both are -0). */
uint64_t vec_round_sum(unsigned dtype, const TileNumExact *a, const TileNumExact *b,
                       unsigned *flags);

/* TCVT of one element (B.DATR RMode 0 = the operation's default). */
uint64_t vec_convert(unsigned dst, unsigned src, uint64_t raw, unsigned rmode, bool sat,
                     bool pto_v0, unsigned *flags);

#endif /* TARGET_TILE_VEC_ELEM_H */
