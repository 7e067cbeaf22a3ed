/*
 * PTO Tile CPU: the element arithmetic of the SFU engine (see sfu_elem.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "numeric/sfu_elem.h"
#include "numeric/elem_func.h"
#include "numeric/elem_util.h"
#include "numeric/vec_elem.h"

bool sfu_type_float(unsigned dtype)
{
    return vec_type_arith(dtype) && !vec_type_integer(dtype);
}

bool sfu_type_a9(unsigned dtype)
{
    switch (dtype) {
    case TILE_DT_S32: case TILE_DT_U32: case TILE_DT_FP32: case TILE_DT_S16:
    case TILE_DT_U16: case TILE_DT_FP16: case TILE_DT_BF16: case TILE_DT_S8:
    case TILE_DT_U8:
        return true;
    default:
        return false;
    }
}

/* ---- Integers ---- */

static uint64_t int_binary(unsigned dtype, SfuBinOp op, uint64_t l, uint64_t r)
{
    unsigned w = elem_width(dtype);
    uint64_t a = tile_int_normalize(dtype, l), b = tile_int_normalize(dtype, r);

    if (!b) {
        return 0;               /* rejected before (Fault_TileLegality) */
    }
    if (!tile_dtype_info(dtype)->is_signed) {
        return elem_low_bits(op == SFU_DIV ? a / b : a % b, w);
    }
    int64_t x = (int64_t)a, y = (int64_t)b;
    if (y == -1) {              /* MIN / -1 wraps to MIN, MIN mod -1 is 0 */
        return elem_low_bits(op == SFU_DIV ? 0 - a : 0, w);
    }
    if (op == SFU_DIV) {
        return elem_low_bits((uint64_t)(x / y), w);      /* truncates toward zero */
    }
    int64_t m = x % y;
    if (m && (m < 0) != (y < 0)) {
        m += y;                 /* the floor modulo: the divisor's sign */
    }
    return elem_low_bits((uint64_t)m, w);
}

/* ---- Floating point ---- */

static uint64_t float_div(unsigned dtype, uint64_t l, uint64_t r, TileRound rm,
                          unsigned *flags)
{
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    uint64_t nan;
    bool neg = tile_num_class_is_negative(cl) != tile_num_class_is_negative(cr);
    TileNumExact a, b;

    if (elem_nan_operands(dtype, cl, cr, &nan, flags)) {
        return nan;
    }
    if ((tile_num_class_is_inf(cl) && tile_num_class_is_inf(cr)) ||
        (tile_num_class_is_zero(cl) && tile_num_class_is_zero(cr))) {
        *flags |= TILE_NUM_NV;
        return elem_canonical_nan(dtype);
    }
    if (tile_num_class_is_inf(cl)) {
        return elem_inf(dtype, neg);
    }
    if (tile_num_class_is_zero(cr)) {
        *flags |= TILE_NUM_DZ;
        return elem_inf(dtype, neg);
    }
    if (tile_num_class_is_inf(cr) || tile_num_class_is_zero(cl)) {
        return elem_zero(dtype, neg);
    }
    tile_num_exact(dtype, l, &a);
    tile_num_exact(dtype, r, &b);
    return tile_num_div(dtype, &a, &b, rm, flags);
}

/*
 * The truncated remainder x - trunc(x / y) * y of two nonzero finite
 * values, exact (it is a multiple of the smaller quantum and below |y|),
 * with x's sign; false when it is zero.  Long division in the exponent
 * domain: one doubling of the partial remainder per power of two.
 */
static bool exact_fmod(const TileNumExact *x, const TileNumExact *y, TileNumExact *m)
{
    uint64_t a = x->sig, b = y->sig, r;
    int e;

    /* formats' significands have at most 53 bits: doubling cannot overflow */
    if (x->exp >= y->exp) {
        r = a % b;
        for (e = x->exp; e > y->exp && r; e--) {
            r = (r << 1) % b;
        }
        e = y->exp;
    } else {
        int d = y->exp - x->exp;

        if (d >= 64 || (b << d) >> d != b || a < (b << d)) {
            *m = *x;                /* |x| < |y| */
            return true;
        }
        r = a % (b << d);
        e = x->exp;
    }
    *m = (TileNumExact) { .neg = x->neg, .sig = r, .exp = e };
    return r != 0;
}

/*
 * The floor modulo l - floor(l / r) * r: the truncated remainder (exact)
 * plus r when their signs differ,
 * rounded once; a zero result has the divisor's sign.  x mod 0 and
 * inf mod y are NaN (NV); x mod inf is x, or inf when the signs differ.
 */
static uint64_t float_rem(unsigned dtype, uint64_t l, uint64_t r, unsigned *flags)
{
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    uint64_t nan;
    bool lneg = tile_num_class_is_negative(cl), rneg = tile_num_class_is_negative(cr);
    TileNumExact a, b;

    if (elem_nan_operands(dtype, cl, cr, &nan, flags)) {
        return nan;
    }
    if (tile_num_class_is_inf(cl) || tile_num_class_is_zero(cr)) {
        *flags |= TILE_NUM_NV;
        return elem_canonical_nan(dtype);
    }
    if (tile_num_class_is_zero(cl)) {
        return elem_zero(dtype, rneg);
    }
    if (tile_num_class_is_inf(cr)) {
        return lneg == rneg ? l : r;
    }
    tile_num_exact(dtype, l, &a);
    tile_num_exact(dtype, r, &b);
    if (!exact_fmod(&a, &b, &a)) {
        return elem_zero(dtype, rneg);
    }
    if (a.neg == rneg) {
        return tile_num_round(dtype, &a, TILE_RND_RNE, 0, flags);      /* exact */
    }
    return vec_round_sum(dtype, &a, &b, flags);
}

/*
 * pto-v0: the reference profile's zero test of a divisor.  Its DIV
 * (ScalarFPBinaryProfile) and REM (TileProfileFloatingModulo) call
 * ScalarFPCarrierIsZero with the Tile type's B.DATR code, which applies
 * the FP32 rule (bits 31:0 are +0 or -0) to code 1 only and the FP64 rule
 * (the whole 64-bit word is +0 or -0) to every other code: a zero-extended
 * FP16, BF16, TF32, HF32 or 8-bit -0 is a nonzero divisor there.
 */
static bool v0_divisor_is_zero(unsigned dtype, uint64_t r)
{
    if (dtype == TILE_DT_FP32) {
        return !(r & UINT64_C(0x7fffffff));
    }
    return !(r & ~(UINT64_C(1) << 63));
}

uint64_t sfu_binary(unsigned dtype, SfuBinOp op, uint64_t l, uint64_t r, bool pto_v0,
                    unsigned *flags)
{
    unsigned w = elem_width(dtype);

    if (!tile_dtype_info(dtype)->is_float) {
        return int_binary(dtype, op, l, r);
    }
    if (pto_v0) {
        /* the reference profile: unsigned division of the raw carriers; a
         * zero divisor gives all ones, DIV raising DZ */
        if (v0_divisor_is_zero(dtype, r)) {
            if (op == SFU_DIV) {
                *flags |= TILE_NUM_DZ;
            }
            return elem_low_bits(~UINT64_C(0), w);
        }
        return elem_low_bits(op == SFU_DIV ? l / r : l % r, w);
    }
    return op == SFU_DIV ? float_div(dtype, l, r, TILE_RND_RNE, flags)
                         : float_rem(dtype, l, r, flags);
}

uint64_t sfu_div_mode(unsigned dtype, uint64_t l, uint64_t r, TileRound rm, unsigned *flags)
{
    return float_div(dtype, l, r, rm, flags);
}

/* ---- Elementary functions ---- */

/* TileSFUUnarySpecialValue: true when v is a special input of op. */
static bool unary_special(unsigned dtype, SfuUnOp op, uint64_t v, TileNumClass c,
                          uint64_t *out, unsigned *flags)
{
    bool neg = tile_num_class_is_negative(c);

    if (elem_is_nan(c)) {
        if (elem_is_snan(c)) {
            *flags |= TILE_NUM_NV;
        }
        *out = elem_canonical_nan(dtype);
        return true;
    }
    if (tile_num_class_is_zero(c)) {
        switch (op) {
        case SFU_EXP:
            *out = tile_num_one(dtype);
            return true;
        case SFU_LOG:
            *flags |= TILE_NUM_DZ;
            *out = elem_inf(dtype, true);
            return true;
        case SFU_RECIP:
        case SFU_RSQRT:
            *flags |= TILE_NUM_DZ;
            *out = elem_inf(dtype, neg);
            return true;
        case SFU_SQRT:
            *out = v;
            return true;
        }
    }
    if (tile_num_class_is_inf(c)) {
        if (!neg) {
            *out = op == SFU_RECIP || op == SFU_RSQRT ? 0 : v;
            return true;
        }
        switch (op) {
        case SFU_EXP:
            *out = 0;
            return true;
        case SFU_RECIP:
            *out = elem_zero(dtype, true);
            return true;
        default:
            *flags |= TILE_NUM_NV;
            *out = elem_canonical_nan(dtype);
            return true;
        }
    }
    if (neg && (op == SFU_LOG || op == SFU_SQRT || op == SFU_RSQRT)) {
        *flags |= TILE_NUM_NV;
        *out = elem_canonical_nan(dtype);
        return true;
    }
    if (op == SFU_LOG && v == tile_num_one(dtype)) {
        *out = 0;
        return true;
    }
    return false;
}

uint64_t sfu_unary_mode(unsigned dtype, SfuUnOp op, uint64_t v, TileRound rm,
                        unsigned *flags)
{
    TileNumClass c = tile_num_classify(dtype, v);
    uint64_t out;
    TileNumExact x;

    if (unary_special(dtype, op, v, c, &out, flags)) {
        return out;
    }
    tile_num_exact(dtype, v, &x);
    switch (op) {
    case SFU_RECIP: {
        TileNumExact one = { .sig = 1, .exp = 0 };
        return tile_num_div(dtype, &one, &x, rm, flags);
    }
    case SFU_SQRT:
        return tile_num_sqrt(dtype, &x, rm, flags);
    case SFU_RSQRT:
        return tile_num_rsqrt(dtype, &x, rm, flags);
    case SFU_EXP:
        return tile_num_exp(dtype, &x, rm, flags);
    case SFU_LOG:
        return tile_num_log(dtype, &x, rm, flags);
    }
    return v;
}

uint64_t sfu_unary(unsigned dtype, SfuUnOp op, uint64_t v, bool pto_v0, unsigned *flags)
{
    unsigned w = elem_width(dtype);
    uint64_t out;

    if (!pto_v0) {
        return sfu_unary_mode(dtype, op, v, TILE_RND_RNE, flags);
    }
    if (unary_special(dtype, op, v, tile_num_classify(dtype, v), &out, flags)) {
        return out;
    }
    /* the reference profile's placeholders on the raw carrier */
    switch (op) {
    case SFU_EXP:
        return elem_low_bits(v + 1, w);
    case SFU_RECIP:
        return elem_low_bits(~UINT64_C(0) / v, w);
    default:
        return v;
    }
}

/* ---- EXPDIF ---- */

/* ExactWidenFP16ToFP32, value-preserving for subnormals too (the
 * conformance profile's rule; the ASL's bit placement for them is not);
 * a NaN becomes 0x7fc00000. */
uint32_t sfu_widen_fp16_fp32(uint64_t raw, bool *snan)
{
    if ((raw & 0x7c00) == 0x7c00 && (raw & 0x3ff)) {
        *snan |= !(raw & 0x200);
        return 0x7fc00000;
    }
    return elem_fp16_as_fp32(raw & 0xffff);
}

/*
 * pto-v0: ExactWidenFP16ToFP32 as the 0.58.3 ASL writes it
 * (asl/tile/model/execution/expansion.asl).  It differs from the exact
 * widening only for subnormals: after shifting the fraction left s times
 * until its leading one is bit 9, with exponent field 112 - s, it stores
 * the nine bits below that one in bits 21:13 instead of 22:14, halving
 * the part after the leading one (0x0003, 3 * 2^-24, becomes 0x34200000,
 * 1.25 * 2^-23).  docs/implementation-defined.md entry 56.
 */
static uint32_t widen_fp16_fp32_v0(uint64_t raw)
{
    uint32_t f = raw & 0x3ff, s;
    bool snan = false;

    if ((raw >> 10 & 0x1f) || !f) {
        return sfu_widen_fp16_fp32(raw, &snan);     /* a NaN quietly: no NV */
    }
    s = __builtin_clz(f) - 22;
    return (uint32_t)(raw >> 15 & 1) << 31 | (112 - s) << 23 | ((f << s) & 0x1ff) << 13;
}

/* ExactWidenBF16ToFP32: the top half of an FP32. */
uint32_t sfu_widen_bf16_fp32(uint64_t raw)
{
    return (uint32_t)(raw & 0xffff) << 16;
}

/* The mixed-EXPDIF witnesses of the reference profile
 * (HardwareNumericMixedExpdifDiscriminator). */
static bool expdif_witness(uint32_t a, uint32_t b, uint64_t *out)
{
    if (a == 0x3c000000 && b == 0x33800000) {
        *out = 0x3f810100;
        return true;
    }
    if (a == 0x3f800000 && b == 0x3b000000) {
        *out = 0x402da16e;
        return true;
    }
    return false;
}

uint32_t sfu_expdif_widen(unsigned src, uint64_t raw, unsigned *flags)
{
    bool snan = false;
    uint32_t w;

    if (src == TILE_DT_BF16) {
        return sfu_widen_bf16_fp32(raw);
    }
    w = sfu_widen_fp16_fp32(raw, &snan);
    if (snan) {
        *flags |= TILE_NUM_NV;      /* the signaling-input rule */
    }
    return w;
}

uint64_t sfu_expdif(unsigned src, unsigned dst, uint64_t a, uint64_t b, bool pto_v0,
                    unsigned *flags)
{
    uint64_t d;

    if (src != dst) {
        uint64_t w;

        if (src == TILE_DT_FP16 && pto_v0) {
            a = widen_fp16_fp32_v0(a);
            b = widen_fp16_fp32_v0(b);
        } else {
            a = sfu_expdif_widen(src, a, flags);
            b = sfu_expdif_widen(src, b, flags);
        }
        if (pto_v0 && expdif_witness(a, b, &w)) {
            return w;
        }
    }
    d = vec_binary(dst, VEC_SUB, a, b, pto_v0, flags);
    return sfu_unary(dst, SFU_EXP, d, pto_v0, flags);
}

/* ---- TQUANT / TDEQUANT (the reference profile's rules, in every profile) ---- */

/* round_rm(x * mult + zp) of finite FP32 x, the sum exact (so rounded once),
 * into S8 / U8: clamped with Sat, else wrapped; NX when inexact, no OF. */
static uint64_t quant_finite(uint64_t x, uint64_t mult, int64_t zp, TileRound rm,
                             bool sat, bool sgn, unsigned *flags)
{
    int64_t lo = sgn ? -128 : 0, hi = sgn ? 127 : 255, q;
    TileNumExact a, m, s;
    uint64_t p;
    int e;

    tile_num_exact(TILE_DT_FP32, x, &a);
    tile_num_exact(TILE_DT_FP32, mult, &m);
    p = a.sig * m.sig;                  /* below 2^48 */
    e = a.exp + m.exp;
    if (!p) {
        q = zp;
    } else if (e >= 0 && e + 63 - __builtin_clzll(p) >= 62) {
        /* |x * mult| >= 2^62, a multiple of 2^15: out of range, zp mod 256 */
        q = sat ? (a.neg ? lo : hi) : zp;
    } else if (e >= 0) {
        q = (a.neg ? -(int64_t)(p << e) : (int64_t)(p << e)) + zp;
    } else if (!zp) {
        s = (TileNumExact) { .neg = a.neg, .sig = p, .exp = e };
        q = (int64_t)tile_num_round(TILE_DT_S64, &s, rm, 0, flags);
    } else {
        /* in fixed point with fe >= -55 fraction bits (zp * 2^55 < 2^63);
         * bits of p below 2^fe fold into the sticky bit */
        int fe = e > -55 ? e : -55;
        unsigned sh = fe - e;
        bool sticky = sh >= 64 ? true : sh && (p & ((1ull << sh) - 1));
        int64_t fx;

        p = sh >= 64 ? 0 : p >> sh;
        fx = (a.neg ? -(int64_t)p : (int64_t)p) + zp * ((int64_t)1 << -fe);
        s = (TileNumExact) { .neg = fx < 0, .exp = fe, .sticky = sticky };
        s.sig = fx < 0 ? -(uint64_t)fx : (uint64_t)fx;
        /* with sticky, fx has zp's sign and the dropped part lies on x's */
        s.sig -= sticky && s.neg != a.neg;
        q = (int64_t)tile_num_round(TILE_DT_S64, &s, rm, 0, flags);
    }
    if (sat) {
        q = q < lo ? lo : q > hi ? hi : q;
    }
    return (uint64_t)q & 0xff;
}

uint64_t sfu_quant(uint64_t x, uint32_t mult, int64_t zp, TileRound rm, bool sat, bool sgn,
                   unsigned *flags)
{
    TileNumClass c = tile_num_classify(TILE_DT_FP32, x);

    if (tile_num_class_is_nan(c)) {
        *flags |= TILE_NUM_NV;
        return 0;
    }
    if (tile_num_class_is_inf(c)) {
        /* saturated even without Sat */
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return c == TILE_NUM_NEG_INF ? (sgn ? 0x80 : 0) : (sgn ? 0x7f : 0xff);
    }
    return quant_finite(x, mult, zp, rm, sat, sgn, flags);
}

/* round_rm((q - zp) * mult) into FP32; an overflow is +-inf in every
 * rounding mode (ReferenceFP32FiniteEncoding). */
uint64_t sfu_dequant(unsigned src, uint64_t q, uint32_t mult, int64_t zp, TileRound rm,
                     unsigned *flags)
{
    int64_t n = (int64_t)tile_int_normalize(src, q) - zp;
    unsigned fl = 0;
    TileNumExact m, s;
    uint64_t x;

    if (!n) {
        return 0;
    }
    tile_num_exact(TILE_DT_FP32, mult, &m);
    s = (TileNumExact) { .neg = n < 0, .sig = (uint64_t)(n < 0 ? -n : n) * m.sig,
                         .exp = m.exp };
    x = tile_num_round(TILE_DT_FP32, &s, rm, 0, &fl);
    if (fl & TILE_NUM_OF) {
        x = (s.neg ? 0x80000000u : 0) | 0x7f800000u;
    }
    *flags |= fl;
    return x;
}
