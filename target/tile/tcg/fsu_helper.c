/*
 * PTO Tile FSU helpers: scalar floating point under the two numeric profiles
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * "ieee" (default): IEEE 754-2019 arithmetic through QEMU softfloat, with
 * canonical NaN results, after-rounding tininess and no FTZ/DAZ
 * (spec/hardware-conformance-profile.json).  "pto-v0": the ASL reference
 * profile, whose arithmetic treats floating-point carriers as raw 64-bit
 * integers (PTO-ARCH-PROFILE-REFERENCE-PROFILE).  FABS, FMIN/FMAX and the
 * compares are defined by the portable scalar model for both profiles
 * (PTO-SCALAR-MODEL-FSU-PROFILE).  docs/numeric-profiles.md has the rules.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "fpu/softfloat.h"
#include "numeric/sfu_elem.h"

enum { TY_FP64 = 0, TY_FP32 = 1 };

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

static uint64_t sign_bit(int type)
{
    return type == TY_FP32 ? 0x80000000u : 0x8000000000000000ull;
}

static uint64_t canonical_nan(int type)
{
    return type == TY_FP32 ? 0x7fc00000u : 0x7ff8000000000000ull;
}

/* Total order key of a non-NaN encoding: the ASL's ScalarFP*OrderKey. */
static uint64_t order_key(uint64_t v, int type)
{
    if (v & sign_bit(type)) {
        return type == TY_FP32 ? (uint32_t)~v : ~v;
    }
    return v ^ sign_bit(type);
}

/* Non-NaN, and not both zero: encodings order by key. */
static bool enc_less(uint64_t l, uint64_t r, int type)
{
    if (is_zero(l, type) && is_zero(r, type)) {
        return false;
    }
    return order_key(l, type) < order_key(r, type);
}

static bool enc_equal(uint64_t l, uint64_t r, int type)
{
    return l == r || (is_zero(l, type) && is_zero(r, type));
}

static void record(CPUTileState *env, uint32_t flags)
{
    env->fsu.flags |= flags & 0x1f;
}

static bool pto_v0(CPUTileState *env)
{
    return env_archcpu(env)->pto_v0;
}

/* ---- softfloat set-up for the ieee profile ---- */

static FloatRoundMode rmode_of(int rm)
{
    switch (rm) {
    case TILE_FSU_RM_RTM:
        return float_round_down;
    case TILE_FSU_RM_RTP:
        return float_round_up;
    case TILE_FSU_RM_RTZ:
        return float_round_to_zero;
    default:
        return float_round_nearest_even;
    }
}

/* The active mode of CORE_STATE[39:37] (PTO-SCALAR-MODEL-FSU-ARITHMETIC). */
static FloatRoundMode active_rmode(CPUTileState *env)
{
    return rmode_of(env->fsu.rmode & 7);
}

static float_status *fsu_status(CPUTileState *env, FloatRoundMode rm)
{
    float_status *s = &env->fsu.fp_status;

    memset(s, 0, sizeof(*s));
    set_float_rounding_mode(rm, s);
    set_float_detect_tininess(float_tininess_after_rounding, s);
    set_default_nan_mode(true, s);              /* canonical NaN outputs */
    set_float_default_nan_pattern(0b01000000, s);  /* +qNaN, payload 0 */
    set_float_2nan_prop_rule(float_2nan_prop_s_ab, s);
    set_float_3nan_prop_rule(float_3nan_prop_s_cab, s);
    set_float_infzeronan_rule(float_infzeronan_dnan_always, s);
    return s;
}

/* softfloat's low five flag bits are NV DZ OF UF NX, as CORE_STATE. */
static uint32_t take_flags(float_status *s)
{
    return get_float_exception_flags(s) & 0x1f;
}

/* ---- FADD FSUB FMUL FDIV FMIN FMAX ---- */

static uint64_t minmax(CPUTileState *env, int op, uint64_t l, uint64_t r,
                       int type)
{
    bool ln = is_nan(l, type), rn = is_nan(r, type);

    /* PTO-SCALAR-FMIN / FMAX: a signaling NaN source reports NV. */
    if (is_snan(l, type) || is_snan(r, type)) {
        record(env, TILE_FSU_NV);
    }
    if (ln && rn) {
        return canonical_nan(type);
    } else if (ln) {
        return r;
    } else if (rn) {
        return l;
    }
    if (is_zero(l, type) && is_zero(r, type)) {
        /* Mixed-sign zeros: -0 for minimum, +0 for maximum. */
        bool ls = l & sign_bit(type), rs = r & sign_bit(type);
        bool neg = op == FSU_MAX ? (ls && rs) : (ls || rs);
        return neg ? sign_bit(type) : 0;
    }
    if (enc_less(l, r, type)) {
        return op == FSU_MIN ? l : r;
    }
    return op == FSU_MIN ? r : l;
}

uint64_t HELPER(fsu_binary)(CPUTileState *env, uint32_t op, uint32_t type,
                            uint64_t l, uint64_t r)
{
    float_status *s;
    uint64_t res;

    l = norm_src(l, type);
    r = norm_src(r, type);
    if (op == FSU_MIN || op == FSU_MAX) {
        return minmax(env, op, l, r, type);
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
    s = fsu_status(env, active_rmode(env));
    if (type == TY_FP32) {
        float32 a = make_float32(l), b = make_float32(r);
        switch (op) {
        case FSU_ADD:
            res = float32_val(float32_add(a, b, s));
            break;
        case FSU_SUB:
            res = float32_val(float32_sub(a, b, s));
            break;
        case FSU_MUL:
            res = float32_val(float32_mul(a, b, s));
            break;
        default:
            res = float32_val(float32_div(a, b, s));
            break;
        }
    } else {
        float64 a = make_float64(l), b = make_float64(r);
        switch (op) {
        case FSU_ADD:
            res = float64_val(float64_add(a, b, s));
            break;
        case FSU_SUB:
            res = float64_val(float64_sub(a, b, s));
            break;
        case FSU_MUL:
            res = float64_val(float64_mul(a, b, s));
            break;
        default:
            res = float64_val(float64_div(a, b, s));
            break;
        }
    }
    record(env, take_flags(s));
    return res;
}

/* ---- FSQRT FEXP FRECIP ---- */

/*
 * FEXP under ieee: the spec delegates accuracy to the profile
 * (FloatingExponential hook); the result is e^x correctly rounded in the
 * active mode by the numeric core, with the special values of the SFU's
 * TEXP (exp(+-0) = 1, exp(+inf) = +inf, exp(-inf) = +0, a NaN gives the
 * canonical NaN, NV for a signaling one) and IEEE flags
 * (docs/implementation-defined.md entry 44).
 */
static uint64_t fexp(CPUTileState *env, uint64_t v, int type)
{
    unsigned flags = 0;
    uint64_t res = sfu_unary_mode(type == TY_FP32 ? TILE_DT_FP32 : TILE_DT_FP64,
                                  SFU_EXP, v, tile_round_from_frm(env->fsu.rmode),
                                  &flags);

    record(env, flags);
    return res;
}

uint64_t HELPER(fsu_unary)(CPUTileState *env, uint32_t op, uint32_t type,
                           uint64_t v)
{
    float_status *s;
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
    s = fsu_status(env, active_rmode(env));
    if (type == TY_FP32) {
        float32 a = make_float32(v);
        switch (op) {
        case FSU_SQRT:
            res = float32_val(float32_sqrt(a, s));
            break;
        case FSU_EXP:
            return fexp(env, v, type);
        default:
            res = float32_val(float32_div(float32_one, a, s));
            break;
        }
    } else {
        float64 a = make_float64(v);
        switch (op) {
        case FSU_SQRT:
            res = float64_val(float64_sqrt(a, s));
            break;
        case FSU_EXP:
            return fexp(env, v, type);
        default:
            res = float64_val(float64_div(float64_one, a, s));
            break;
        }
    }
    record(env, take_flags(s));
    return res;
}

/* ---- FMADD FMSUB FNMADD FNMSUB: L * R +- A, rounded once ---- */

uint64_t HELPER(fsu_fused)(CPUTileState *env, uint32_t op, uint32_t type,
                           uint64_t a, uint64_t l, uint64_t r)
{
    static const int neg[] = {
        [FSU_MADD] = 0,
        [FSU_MSUB] = float_muladd_negate_c,
        [FSU_NMADD] = float_muladd_negate_result,
        [FSU_NMSUB] = float_muladd_negate_c | float_muladd_negate_result,
    };
    float_status *s;
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
    s = fsu_status(env, active_rmode(env));
    if (type == TY_FP32) {
        res = float32_val(float32_muladd(make_float32(l), make_float32(r),
                                         make_float32(a), neg[op], s));
    } else {
        res = float64_val(float64_muladd(make_float64(l), make_float64(r),
                                         make_float64(a), neg[op], s));
    }
    record(env, take_flags(s));
    return res;
}

/* ---- FEQ FNE FLT FGE and their signaling forms ---- */

uint64_t HELPER(fsu_compare)(CPUTileState *env, uint32_t op, uint32_t type,
                             uint64_t l, uint64_t r)
{
    bool signaling = op & FSU_SIGNALING;
    bool any_nan, res;

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
    switch (op) {
    case FSU_EQ:
        res = enc_equal(l, r, type);
        break;
    case FSU_NE:
        res = !enc_equal(l, r, type);
        break;
    case FSU_LT:
        res = enc_less(l, r, type);
        break;
    default:                    /* FSU_GE */
        res = !enc_less(l, r, type);
        break;
    }
    return res;
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

/*
 * An exact value sign * sig * 2^exp (sig != 0), rounded into a small
 * binary format: e bits of exponent with the given bias, m fraction bits.
 * Used for the formats softfloat has no type for: TF32 (e8m10, 19-bit
 * carrier), HF32 (e8m11 in a binary32 layout), E5M2 and E4M3.
 */
typedef struct MiniFormat {
    int ebits, mbits, bias;
    int emax;                   /* largest unbiased exponent of a finite */
    uint32_t maxmant;           /* largest fraction at emax */
    bool has_inf;               /* else overflow and infinity give NaN */
    uint64_t nan;               /* canonical NaN, in the packed layout */
} MiniFormat;

static const MiniFormat fmt_tf32 = { 8, 10, 127, 127, 0x3ff, true, 0x3fe00 };
static const MiniFormat fmt_hf32 = { 8, 11, 127, 127, 0x7ff, true, 0x7fc00 };
static const MiniFormat fmt_e5m2 = { 5, 2, 15, 15, 3, true, 0x7e };
static const MiniFormat fmt_e4m3 = { 4, 3, 7, 8, 6, false, 0x7f };

static uint64_t round_shift(uint64_t sig, int shift, bool sign,
                            FloatRoundMode rm, bool *inexact)
{
    uint64_t q;
    bool rbit, sticky, up;

    if (shift <= 0) {
        *inexact = false;
        return sig << -shift;
    }
    if (shift > 64) {
        q = 0;
        rbit = false;
        sticky = sig != 0;
    } else if (shift == 64) {
        q = 0;
        rbit = sig >> 63;
        sticky = sig & INT64_MAX;
    } else {
        q = sig >> shift;
        rbit = (sig >> (shift - 1)) & 1;
        sticky = shift > 1 && (sig & ((1ull << (shift - 1)) - 1));
    }
    switch (rm) {
    case float_round_nearest_even:
        up = rbit && (sticky || (q & 1));
        break;
    case float_round_ties_away:
        up = rbit;
        break;
    case float_round_up:
        up = !sign && (rbit || sticky);
        break;
    case float_round_down:
        up = sign && (rbit || sticky);
        break;
    default:
        up = false;
        break;
    }
    *inexact = rbit || sticky;
    return q + up;
}

static uint64_t mini_pack(const MiniFormat *f, bool sign, uint64_t field,
                          uint64_t mant)
{
    return ((uint64_t)sign << (f->ebits + f->mbits)) | (field << f->mbits) | mant;
}

static uint64_t mini_round(const MiniFormat *f, bool sign, uint64_t sig,
                           int exp, FloatRoundMode rm, uint32_t *flags)
{
    int msb = 63 - clz64(sig);
    int e = exp + msb;                  /* value in [2^e, 2^(e+1)) */
    int emin = 1 - f->bias;
    int qe = MAX(e, emin) - f->mbits;   /* exponent of one unit in the last place */
    uint64_t one = 1ull << f->mbits;
    uint64_t q, field, mant;
    bool inexact, tiny;

    q = round_shift(sig, qe - exp, sign, rm, &inexact);
    if (q == one << 1) {
        q >>= 1;
        qe++;
    }
    if (q >= one) {
        int er = qe + f->mbits;
        field = er + f->bias;
        mant = q - one;
        if (er > f->emax || (er == f->emax && mant > f->maxmant)) {
            bool to_inf = rm == float_round_nearest_even ||
                          rm == float_round_ties_away ||
                          (rm == float_round_up && !sign) ||
                          (rm == float_round_down && sign);
            *flags |= TILE_FSU_OF | TILE_FSU_NX;
            if (!to_inf) {
                return mini_pack(f, sign, f->emax + f->bias, f->maxmant);
            }
            if (!f->has_inf) {
                return f->nan;
            }
            return mini_pack(f, sign, (1u << f->ebits) - 1, 0);
        }
    } else {
        field = 0;
        mant = q;
    }
    /* Tininess after rounding: round as if the exponent were unbounded. */
    tiny = e < emin;
    if (e == emin - 1) {
        bool ix;
        uint64_t qu = round_shift(sig, e - f->mbits - exp, sign, rm, &ix);
        tiny = qu != (one << 1);
    }
    if (inexact) {
        *flags |= TILE_FSU_NX | (tiny ? TILE_FSU_UF : 0);
    }
    return mini_pack(f, sign, field, mant);
}

/* Unpacked source: class and exact value. */
typedef struct Unpacked {
    enum { U_ZERO, U_FINITE, U_INF, U_QNAN, U_SNAN } cls;
    bool sign;
    uint64_t sig;
    int exp;
} Unpacked;

static Unpacked unpack_fp(uint64_t v, int type)
{
    Unpacked u = { 0 };
    uint64_t frac;
    int e;

    if (type == TY_FP32) {
        u.sign = (v >> 31) & 1;
        e = (v >> 23) & 0xff;
        frac = v & 0x7fffff;
        if (e == 0xff) {
            u.cls = !frac ? U_INF : (frac & 0x400000) ? U_QNAN : U_SNAN;
        } else if (e == 0) {
            u.cls = frac ? U_FINITE : U_ZERO;
            u.sig = frac;
            u.exp = -149;
        } else {
            u.cls = U_FINITE;
            u.sig = frac | (1u << 23);
            u.exp = e - 150;
        }
    } else {
        u.sign = v >> 63;
        e = (v >> 52) & 0x7ff;
        frac = v & ((1ull << 52) - 1);
        if (e == 0x7ff) {
            u.cls = !frac ? U_INF : (frac & (1ull << 51)) ? U_QNAN : U_SNAN;
        } else if (e == 0) {
            u.cls = frac ? U_FINITE : U_ZERO;
            u.sig = frac;
            u.exp = -1074;
        } else {
            u.cls = U_FINITE;
            u.sig = frac | (1ull << 52);
            u.exp = e - 1075;
        }
    }
    return u;
}

static uint64_t mini_convert(const MiniFormat *f, Unpacked u,
                             FloatRoundMode rm, uint32_t *flags)
{
    switch (u.cls) {
    case U_SNAN:
        *flags |= TILE_FSU_NV;
        /* fall through */
    case U_QNAN:
        return f->nan;
    case U_INF:
        if (!f->has_inf) {
            *flags |= TILE_FSU_NV;
            return f->nan;
        }
        return mini_pack(f, u.sign, (1u << f->ebits) - 1, 0);
    case U_ZERO:
        return mini_pack(f, u.sign, 0, 0);
    default:
        return mini_round(f, u.sign, u.sig, u.exp, rm, flags);
    }
}

/* The ieee profile: destination floating formats with a result rule. */
static const MiniFormat *mini_format(int code)
{
    switch (code) {
    case 2:
        return &fmt_tf32;
    case 3:
        return &fmt_hf32;
    case 7:
        return &fmt_e4m3;
    case 8:
        return &fmt_e5m2;
    default:
        return NULL;
    }
}

/* HF32 travels in a binary32 layout: fraction bits [22:12], [11:0] zero. */
static uint64_t mini_carrier(int code, uint64_t packed)
{
    if (code == 3) {
        return (((packed >> 19) & 1) << 31) | (((packed >> 11) & 0xff) << 23) |
               ((packed & 0x7ff) << 12);
    }
    return packed;
}

/* FP64/FP32 source -> floating carrier code 0..14 (FCVT). */
static uint64_t fp_to_fp(CPUTileState *env, uint64_t v, int st, int dt,
                         float_status *s)
{
    const MiniFormat *f = mini_format(dt);
    float64 d;

    if (f) {
        uint32_t flags = 0;
        uint64_t r = mini_convert(f, unpack_fp(v, st), get_float_rounding_mode(s),
                                  &flags);
        record(env, flags);
        return mini_carrier(dt, r);
    }
    if (st == dt) {
        /* same format: canonicalize NaNs, keep everything else */
        if (is_nan(v, st)) {
            record(env, is_snan(v, st) ? TILE_FSU_NV : 0);
            return canonical_nan(st);
        }
        return v;
    }
    d = st == TY_FP32 ? float32_to_float64(make_float32(v), s) : make_float64(v);
    switch (dt) {
    case 0:
        return float64_val(d);
    case 1:
        return float32_val(float64_to_float32(d, s));
    case 4:
        return float16_val(float64_to_float16(d, true, s));
    default:                    /* 5 */
        return (uint16_t)float64_to_bfloat16(d, s);
    }
}

/* Integer source (already sign/zero-extended) -> floating carrier. */
static uint64_t int_to_fp(CPUTileState *env, uint64_t v, bool sgn, int dt,
                          float_status *s)
{
    const MiniFormat *f = mini_format(dt);

    if (f) {
        uint32_t flags = 0;
        Unpacked u = { .cls = U_FINITE, .sign = sgn && (int64_t)v < 0 };
        uint64_t r;

        u.sig = u.sign ? -v : v;
        if (!v) {
            u.cls = U_ZERO;
        }
        r = mini_convert(f, u, get_float_rounding_mode(s), &flags);
        record(env, flags);
        return mini_carrier(dt, r);
    }
    switch (dt) {
    case 0:
        return sgn ? float64_val(int64_to_float64(v, s))
                   : float64_val(uint64_to_float64(v, s));
    case 1:
        return sgn ? float32_val(int64_to_float32(v, s))
                   : float32_val(uint64_to_float32(v, s));
    case 4:
        return sgn ? float16_val(int64_to_float16(v, s))
                   : float16_val(uint64_to_float16(v, s));
    default:                    /* 5 */
        return sgn ? (uint16_t)int64_to_bfloat16(v, s)
                   : (uint16_t)uint64_to_bfloat16(v, s);
    }
}

/*
 * FP64/FP32 source -> integer carrier, rounded in mode rm.  NaN, infinity
 * and a rounded value outside the carrier are invalid: NV only, and the
 * indefinite value (signed minimum, unsigned maximum) of the carrier
 * (hardware conformance profile, conversion.float_to_integer_invalid).
 */
static uint64_t fp_to_int(CPUTileState *env, uint64_t v, int st, int dt,
                          float_status *s)
{
    int w = int_width(dt);
    bool sgn = int_signed(dt);
    uint64_t indefinite = sgn ? UINT64_MAX << (w - 1) : UINT64_MAX >> (64 - w);
    float64 d, hi, lo, r;
    int save;

    if (is_nan(v, st)) {
        record(env, TILE_FSU_NV);
        return norm_int_result(indefinite, dt);
    }
    d = st == TY_FP32 ? float32_to_float64(make_float32(v), s) : make_float64(v);
    r = float64_round_to_int(d, s);
    save = get_float_exception_flags(s);
    /* in range: lo <= r < hi */
    hi = make_float64((uint64_t)(1023 + (sgn ? w - 1 : w)) << 52);
    lo = sgn ? float64_chs(make_float64((uint64_t)(1023 + w - 1) << 52))
             : float64_zero;
    if (float64_lt(r, lo, s) || !float64_lt(r, hi, s)) {
        record(env, TILE_FSU_NV);
        return norm_int_result(indefinite, dt);
    }
    set_float_exception_flags(0, s);
    v = sgn ? (uint64_t)float64_to_int64(r, s) : float64_to_uint64(r, s);
    record(env, save & float_flag_inexact);
    return norm_int_result(v, dt);
}

uint64_t HELPER(fsu_convert)(CPUTileState *env, uint32_t op, uint32_t types,
                             uint64_t v)
{
    int st = types & 3, dt = (types >> 8) & 31;
    FloatRoundMode rm;
    float_status *s;
    uint64_t res;

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
        rm = float_round_ties_away;
        break;
    case FSU_FCVTM:
        rm = float_round_down;
        break;
    case FSU_FCVTN:
        rm = float_round_nearest_even;
        break;
    case FSU_FCVTP:
        rm = float_round_up;
        break;
    case FSU_FCVTZ:
        rm = float_round_to_zero;
        break;
    default:
        rm = active_rmode(env);
        break;
    }
    s = fsu_status(env, rm);
    switch (op) {
    case FSU_FCVT:
        res = fp_to_fp(env, v, st, dt, s);
        break;
    case FSU_SCVTF:
    case FSU_UCVTF:
        res = int_to_fp(env, v, op == FSU_SCVTF, dt, s);
        break;
    default:
        return fp_to_int(env, v, st, dt, s);
    }
    record(env, take_flags(s));
    return res;
}
