/*
 * PTO Tile CPU: the element arithmetic of the SFU engine (plain C)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Division, remainder and the elementary functions of one element, on raw
 * encodings (PTO-TILE-MODEL-EXECUTION-ELEMENTWISE, -UNARY).  Integer
 * division truncates toward zero and wraps (MIN / -1 = MIN); the integer
 * remainder is the floor modulo (a nonzero result has the divisor's sign).
 * Floating DIV and REM, and RECIP SQRT RSQRT EXP LOG of finite inputs, are
 * the exact value rounded once to nearest even (correctly rounded,
 * elem_func.h); the special values of EXP LOG RECIP SQRT RSQRT are the
 * spec's table.  Under pto-v0 the reference profile's raw-carrier
 * placeholders apply.  Status flags are ORed into *flags.
 */

#ifndef TARGET_TILE_SFU_ELEM_H
#define TARGET_TILE_SFU_ELEM_H

#include "numeric/tile_numeric.h"

typedef enum SfuBinOp {
    SFU_DIV, SFU_REM,
} SfuBinOp;

typedef enum SfuUnOp {
    SFU_EXP, SFU_LOG, SFU_RECIP, SFU_SQRT, SFU_RSQRT,
} SfuUnOp;

/* The floating elementwise set (FE8): FP64 FP32 TF32 HF32 FP16 BF16 E4M3 E5M2. */
bool sfu_type_float(unsigned dtype);

/* TileA9DataTypeSupported: S32 U32 FP32 S16 U16 FP16 BF16 S8 U8 (the ARG*
 * reductions' sources, the TPART* operations). */
bool sfu_type_a9(unsigned dtype);

/* l / r or l mod r; an integer zero divisor must have been rejected. */
uint64_t sfu_binary(unsigned dtype, SfuBinOp op, uint64_t l, uint64_t r, bool pto_v0,
                    unsigned *flags);
uint64_t sfu_unary(unsigned dtype, SfuUnOp op, uint64_t v, bool pto_v0, unsigned *flags);
/* Floating l / r under the ieee profile, rounded in mode rm (the FSU's FDIV). */
uint64_t sfu_div_mode(unsigned dtype, uint64_t l, uint64_t r, TileRound rm, unsigned *flags);
/* The ieee profile's result in rounding mode rm (the SFU rounds to nearest
 * even; the FSU's FEXP in its active mode): the special-value table, then
 * the correctly rounded value (elem_func.h). */
uint64_t sfu_unary_mode(unsigned dtype, SfuUnOp op, uint64_t v, TileRound rm,
                        unsigned *flags);

/* ExactWidenFP16ToFP32 (value-preserving; a NaN gives 0x7fc00000 and
 * *snan is set for a signaling one) and ExactWidenBF16ToFP32. */
uint32_t sfu_widen_fp16_fp32(uint64_t raw, bool *snan);
uint32_t sfu_widen_bf16_fp32(uint64_t raw);

/* An FP16 / BF16 EXPDIF operand widened exactly into FP32 (the hardware
 * profile's rule), NV for an FP16 signaling NaN. */
uint32_t sfu_expdif_widen(unsigned src, uint64_t raw, unsigned *flags);

/* EXPDIF of the TROW / TCOLEXPANDEXPDIF expansions: exp(a - b), SUB then
 * EXP in the destination type dst, each rounded once; FP16 / BF16 sources
 * into FP32 are widened exactly first (hardware profile, mixed_expdif;
 * pto-v0: the ASL's widening, which places an FP16 subnormal's fraction
 * one bit low and raises no NV). */
uint64_t sfu_expdif(unsigned src, unsigned dst, uint64_t a, uint64_t b, bool pto_v0,
                    unsigned *flags);

/*
 * TQUANT of one FP32 element into S8 (to_signed) or U8: x * mult + zp
 * rounded once in rm, clamped with sat, else wrapped modulo 256 (NX when
 * inexact, no OF); NaN gives 0 with NV, +-inf the type's extreme with OF
 * NX.  TDEQUANT of one S8 / U8 element (src): (q - zp) * mult rounded once
 * into FP32, an overflow +-inf in every mode.  docs/implementation-defined.md
 * entry 48.
 */
uint64_t sfu_quant(uint64_t x, uint32_t mult, int64_t zp, TileRound rm, bool sat,
                   bool to_signed, unsigned *flags);
uint64_t sfu_dequant(unsigned src, uint64_t q, uint32_t mult, int64_t zp, TileRound rm,
                     unsigned *flags);

#endif /* TARGET_TILE_SFU_ELEM_H */
