/*
 * PTO Tile FSU helpers: scalar floating point under the two numeric profiles
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * "ieee" (default): IEEE 754-2019 arithmetic in the active rounding mode
 * through the Tile numeric core (target/tile/numeric/: the VEC engine's
 * ADD / SUB / MUL / FMA, the SFU's DIV / SQRT / RECIP / EXP, the formats'
 * conversions), with canonical NaN results, after-rounding tininess and no
 * FTZ/DAZ (spec/hardware-conformance-profile.json).  "pto-v0": the ASL reference
 * profile, whose arithmetic treats floating-point carriers as raw 64-bit
 * integers (PTO-ARCH-PROFILE-REFERENCE-PROFILE).  FABS, FMIN/FMAX and the
 * compares are defined by the portable scalar model for both profiles
 * (PTO-SCALAR-MODEL-FSU-PROFILE).  docs/numeric-profiles.md has the rules.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "numeric/sfu_elem.h"
#include "numeric/vec_elem.h"

/* The FSU's source types: the Tile DataType codes of FP64 and FP32. */
enum { TY_FP64 = TILE_DT_FP64, TY_FP32 = TILE_DT_FP32 };

/* ---- carriers ---- */

static uint64_t norm_src(uint64_t v, int type)
{
    return type == TY_FP32 ? (uint32_t)v : v;
}

static bool is_nan(uint64_t v, int type)
{
    if (type == TY_FP32) {
        return (v & 0x7fffffffu) > 0x7f800000u;
    }
    return (v & INT64_MAX) > 0x7ff0000000000000ull;
}

static bool is_snan(uint64_t v, int type)
{
    if (type == TY_FP32) {
        return is_nan(v, type) && !(v & 0x00400000u);
    }
    return is_nan(v, type) && !(v & 0x0008000000000000ull);
}

static bool is_zero(uint64_t v, int type)
{
    return type == TY_FP32 ? !(v & 0x7fffffffu) : !(v & INT64_MAX);
}

static void record(CPUTileState *env, uint32_t flags)
{
    env->fsu.flags |= flags & 0x1f;
}

static bool pto_v0(CPUTileState *env)
{
    return env_archcpu(env)->pto_v0;
}

/* The active mode of CORE_STATE[39:37] (PTO-SCALAR-MODEL-FSU-ARITHMETIC). */
static TileRound active_rmode(CPUTileState *env)
{
    return tile_round_from_frm(env->fsu.rmode);
}

/* ---- FADD FSUB FMUL FDIV FMIN FMAX ---- */

uint64_t HELPER(fsu_binary)(CPUTileState *env, uint32_t op, uint32_t type,
                            uint64_t l, uint64_t r)
{
    unsigned flags = 0;
    uint64_t res;

    l = norm_src(l, type);
    r = norm_src(r, type);
    if (op == FSU_MIN || op == FSU_MAX) {
        /* PTO-SCALAR-FMIN / FMAX in both profiles: the TMAX / TMIN rule (a
         * NaN loses to a number, NV for a signaling one, -0 below +0) */
        res = vec_binary(type, op == FSU_MIN ? VEC_MIN : VEC_MAX, l, r, false, &flags);
        record(env, flags);
        return res;
    }
    if (pto_v0(env)) {
        /* Raw-carrier arithmetic on the normalized words. */
        switch (op) {
        case FSU_ADD:
            res = l + r;
            break;
        case FSU_SUB:
            res = l - r;
            break;
        case FSU_MUL:
            res = l * r;
            break;
        default:                /* FSU_DIV */
            if (is_zero(r, type)) {
                record(env, TILE_FSU_DZ);
                res = UINT64_MAX;
            } else {
                res = l / r;
            }
            break;
        }
        return norm_src(res, type);
    }
    switch (op) {
    case FSU_ADD:
        res = vec_binary_mode(type, VEC_ADD, l, r, active_rmode(env), &flags);
        break;
    case FSU_SUB:
        res = vec_binary_mode(type, VEC_SUB, l, r, active_rmode(env), &flags);
        break;
    case FSU_MUL:
        res = vec_binary_mode(type, VEC_MUL, l, r, active_rmode(env), &flags);
        break;
    default:
        res = sfu_div_mode(type, l, r, active_rmode(env), &flags);
        break;
    }
    record(env, flags);
    return res;
}

/* ---- FSQRT FEXP FRECIP ---- */

/*
 * FSQRT and FRECIP are the correctly rounded root and reciprocal; FEXP
 * (the spec leaves accuracy to the profile, FloatingExponential hook) is
 * e^x correctly rounded too (docs/implementation-defined.md entry 44).
 * All three in the active mode, with the special values of the SFU's
 * TSQRT / TRECIP / TEXP (they are IEEE 754's: exp(+-0) = 1, exp(+inf) =
 * +inf, exp(-inf) = +0; a NaN gives the canonical NaN, NV for a
 * signaling one).
 */
uint64_t HELPER(fsu_unary)(CPUTileState *env, uint32_t op, uint32_t type,
                           uint64_t v)
{
    static const SfuUnOp sfu_op[] = {
        [FSU_SQRT] = SFU_SQRT, [FSU_EXP] = SFU_EXP, [FSU_RECIP] = SFU_RECIP,
    };
    unsigned flags = 0;
    uint64_t res;

    v = norm_src(v, type);
    if (pto_v0(env)) {
        switch (op) {
        case FSU_SQRT:
            return v;
        case FSU_EXP:
            return norm_src(v + 1, type);
        default:                /* FSU_RECIP */
            if (is_zero(v, type)) {
                record(env, TILE_FSU_DZ);
                return norm_src(UINT64_MAX, type);
            }
            return norm_src(UINT64_MAX / v, type);
        }
    }
    res = sfu_unary_mode(type, sfu_op[op], v, active_rmode(env), &flags);
    record(env, flags);
    return res;
}

/* ---- FMADD FMSUB FNMADD FNMSUB: L * R +- A, rounded once ---- */

uint64_t HELPER(fsu_fused)(CPUTileState *env, uint32_t op, uint32_t type,
                           uint64_t a, uint64_t l, uint64_t r)
{
    static const unsigned negate[] = {
        [FSU_MADD] = 0,
        [FSU_MSUB] = VEC_FMA_NEG_ADDEND,
        [FSU_NMADD] = VEC_FMA_NEG_RESULT,
        [FSU_NMSUB] = VEC_FMA_NEG_ADDEND | VEC_FMA_NEG_RESULT,
    };
    unsigned flags = 0;
    uint64_t res;

    a = norm_src(a, type);
    l = norm_src(l, type);
    r = norm_src(r, type);
    if (pto_v0(env)) {
        uint64_t p = l * r;
        switch (op) {
        case FSU_MADD:
            res = p + a;
            break;
        case FSU_MSUB:
            res = p - a;
            break;
        case FSU_NMADD:
            res = -(p + a);
            break;
        default:
            res = -(p - a);
            break;
        }
        return norm_src(res, type);
    }
    res = vec_fma_mode(type, l, r, a, negate[op], active_rmode(env), &flags);
    record(env, flags);
    return res;
}

/* ---- FEQ FNE FLT FGE and their signaling forms ---- */

uint64_t HELPER(fsu_compare)(CPUTileState *env, uint32_t op, uint32_t type,
                             uint64_t l, uint64_t r)
{
    static const VecCmp cmp[] = {
        [FSU_EQ] = VEC_EQ, [FSU_NE] = VEC_NE, [FSU_LT] = VEC_LT, [FSU_GE] = VEC_GE,
    };
    bool signaling = op & FSU_SIGNALING;
    unsigned flags = 0;
    bool any_nan;

    op &= ~FSU_SIGNALING;
    l = norm_src(l, type);
    r = norm_src(r, type);
    any_nan = is_nan(l, type) || is_nan(r, type);
    if ((signaling && any_nan) || is_snan(l, type) || is_snan(r, type)) {
        record(env, TILE_FSU_NV);
    }
    if (any_nan) {
        /*
         * Unordered: false, except NE.  The 0.58.3 ASL answers false for
         * every relation (ScalarFPEncodingCompare) and pto-v0 follows it;
         * the ieee profile answers NE = true as IEEE 754 and the hardware
         * conformance profile's comparison table do.
         */
        return op == FSU_NE && !pto_v0(env);
    }
    /* the TCMP rule: +0 and -0 equal, the rest by value */
    return vec_compare(type, cmp[op], l, r, &flags);
}

/* ---- conversions ---- */

/* Integer carriers 0..14 (PTO-SCALAR-MODEL-FSU-PROFILE, integer results). */
static int int_width(int code)
{
    static const uint8_t w[15] = { 64, 32, 16, 8, 4, 2, 1, 1,
                                   64, 32, 16, 8, 4, 2, 1 };
    return w[code];
}

static bool int_signed(int code)
{
    return code >= 8;
}

static uint64_t norm_int_result(uint64_t v, int code)
{
    int w = int_width(code);

    if (w == 64) {
        return v;
    }
    return int_signed(code) ? (uint64_t)sextract64(v, 0, w) : extract64(v, 0, w);
}

/* Floating carriers 0..14: width of the raw result (pto-v0 normalization). */
static uint64_t norm_fp_result(uint64_t v, int code)
{
    static const uint8_t w[15] = { 64, 32, 19, 32, 16, 16, 8, 8, 8,
                                   6, 6, 4, 4, 8, 9 };
    return w[code] == 64 ? v : extract64(v, 0, w[code]);
}

/* FCVT / SCVTF / UCVTF destination carriers 0..8 under ieee: their Tile
 * types (6, HiF8, has no scalar rule and is rejected at translation). */
static const TileDType fp_dest[9] = {
    TILE_DT_FP64, TILE_DT_FP32, TILE_DT_TF32, TILE_DT_HF32, TILE_DT_FP16,
    TILE_DT_BF16, TILE_DT_HIF8, TILE_DT_E4M3, TILE_DT_E5M2,
};

/*
 * Into floating carrier dt from Tile type src, by the numeric core's
 * conversion.  Two carrier rules of the FSU: TF32 is the packed 19-bit
 * s:e8:m10 (the Tile TF32 without its 13 zero bits), and an infinite
 * source into E4M3 (no infinity) is invalid: NaN 0x7F with NV.
 */
static uint64_t to_fp(CPUTileState *env, uint64_t v, TileDType src, int dt, TileRound rm)
{
    TileDType d = fp_dest[dt];
    unsigned flags = 0;
    uint64_t r;

    if (d == TILE_DT_E4M3 && tile_num_class_is_inf(tile_num_classify(src, v))) {
        flags = TILE_NUM_NV;
        r = tile_dtype_info(d)->nan_raw;
    } else {
        r = tile_num_convert(d, src, v, rm, 0, &flags);
    }
    record(env, flags);
    return d == TILE_DT_TF32 ? r >> 13 : r;
}

/*
 * FP64/FP32 source -> integer carrier, rounded in mode rm.  NaN, infinity
 * and a rounded value outside the carrier are invalid: NV only, and the
 * indefinite value (signed minimum, unsigned maximum) of the carrier
 * (hardware conformance profile, conversion.float_to_integer_invalid).
 */
static uint64_t to_int(CPUTileState *env, uint64_t v, int st, int dt, TileRound rm)
{
    int w = int_width(dt);
    bool sgn = int_signed(dt);
    unsigned flags = 0;
    TileNumExact x;
    uint64_t r;

    if (tile_num_exact(st, v, &x)) {
        r = tile_num_round_int(&x, w, sgn, rm, 0, &flags);
    } else {
        flags = TILE_NUM_NV;
        r = sgn ? UINT64_C(1) << (w - 1) : UINT64_MAX;
    }
    record(env, flags);
    return norm_int_result(r, dt);
}

uint64_t HELPER(fsu_convert)(CPUTileState *env, uint32_t op, uint32_t types,
                             uint64_t v)
{
    int st = types & 3, dt = (types >> 8) & 31;
    TileRound rm;

    if (op == FSU_SCVTF) {
        v = st == TY_FP32 ? (uint64_t)(int32_t)v : v;
    } else {
        v = norm_src(v, st);
    }
    if (pto_v0(env)) {
        /* Normalized source bits, truncated to the destination carrier. */
        if (op == FSU_FCVT || op == FSU_SCVTF || op == FSU_UCVTF) {
            return norm_fp_result(v, dt);
        }
        return norm_int_result(v, dt);
    }
    switch (op) {
    case FSU_FCVTA:
        rm = TILE_RND_RNA;
        break;
    case FSU_FCVTM:
        rm = TILE_RND_RDN;
        break;
    case FSU_FCVTN:
        rm = TILE_RND_RNE;
        break;
    case FSU_FCVTP:
        rm = TILE_RND_RUP;
        break;
    case FSU_FCVTZ:
        rm = TILE_RND_RTZ;
        break;
    default:
        rm = active_rmode(env);
        break;
    }
    switch (op) {
    case FSU_FCVT:
        return to_fp(env, v, st, dt, rm);
    case FSU_SCVTF:
        return to_fp(env, v, TILE_DT_S64, dt, rm);
    case FSU_UCVTF:
        return to_fp(env, v, TILE_DT_U64, dt, rm);
    default:
        return to_int(env, v, st, dt, rm);
    }
}
