/*
 * PTO Tile CPU: the element arithmetic of the VEC engine (see vec_elem.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include <math.h>
#include <string.h>

#include "numeric/vec_elem.h"
#include "numeric/elem_util.h"

bool vec_type_arith(unsigned dtype)
{
    switch (dtype) {
    case TILE_DT_FP64: case TILE_DT_FP32: case TILE_DT_TF32: case TILE_DT_HF32:
    case TILE_DT_FP16: case TILE_DT_BF16: case TILE_DT_E4M3: case TILE_DT_E5M2:
        return true;
    default:
        return vec_type_integer(dtype);
    }
}

bool vec_type_integer(unsigned dtype)
{
    switch (dtype) {
    case TILE_DT_S64: case TILE_DT_S32: case TILE_DT_S16: case TILE_DT_S8:
    case TILE_DT_U64: case TILE_DT_U32: case TILE_DT_U16: case TILE_DT_U8:
        return true;
    default:
        return false;
    }
}

bool vec_encoding_valid(unsigned dtype, uint64_t raw)
{
    return tile_num_classify(dtype, raw) != TILE_NUM_INVALID;
}

/* ---- Integers ---- */

static bool is_signed(unsigned dtype)
{
    return tile_dtype_info(dtype)->is_signed;
}

static uint64_t int_binary(unsigned dtype, VecBinOp op, uint64_t l, uint64_t r)
{
    const TileDTypeInfo *d = tile_dtype_info(dtype);
    unsigned w = d->width;
    bool s = d->is_signed;
    /* the operands sign- or zero-extended from W bits */
    unsigned sh = 64 - w;
    uint64_t a = s ? (uint64_t)((int64_t)(l << sh) >> sh) : elem_low_bits(l, w);
    uint64_t b = s ? (uint64_t)((int64_t)(r << sh) >> sh) : elem_low_bits(r, w);
    unsigned n = (unsigned)(b & (w - 1));       /* the count keeps log2(W) bits */
    bool less = s ? (int64_t)a < (int64_t)b : a < b;

    switch (op) {
    case VEC_ADD:
        return elem_low_bits(a + b, w);
    case VEC_SUB:
        return elem_low_bits(a - b, w);
    case VEC_MUL:
        return elem_low_bits(a * b, w);
    case VEC_AND:
        return elem_low_bits(a & b, w);
    case VEC_OR:
        return elem_low_bits(a | b, w);
    case VEC_XOR:
        return elem_low_bits(a ^ b, w);
    case VEC_SHL:
        return elem_low_bits(a << n, w);
    case VEC_SHR:       /* arithmetic for signed types, logical for unsigned */
        return elem_low_bits(s ? (uint64_t)((int64_t)a >> n) : a >> n, w);
    case VEC_MAX:       /* a tie keeps the left operand */
        return elem_low_bits(less ? b : a, w);
    case VEC_MIN:
        return elem_low_bits(a == b || less ? a : b, w);
    }
    return 0;
}

/* ---- Floating point: exact intermediates ---- */

/* (-1)^neg * sig * 2^exp; a nonzero sig is kept with its top bit at 125
 * and any discarded bits jammed into bit 0, so one final rounding of up
 * to 64 bits is correct in every mode. */
typedef struct Wide {
    bool neg;
    unsigned __int128 sig;
    int exp;
} Wide;

#define WIDE_TOP 125

static int msb128(unsigned __int128 v)
{
    uint64_t hi = (uint64_t)(v >> 64);

    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)v);
}

static void wide_shift_right(Wide *w, int n)
{
    if (n >= 127) {
        w->sig = w->sig != 0;
    } else if (n > 0) {
        bool lost = (w->sig & ((((unsigned __int128)1) << n) - 1)) != 0;
        w->sig = (w->sig >> n) | lost;
    }
    w->exp += n;
}

static void wide_normalize(Wide *w)
{
    int m;

    if (!w->sig) {
        return;
    }
    m = msb128(w->sig);
    if (m < WIDE_TOP) {
        w->sig <<= WIDE_TOP - m;
        w->exp -= WIDE_TOP - m;
    } else {
        wide_shift_right(w, m - WIDE_TOP);
    }
}

static Wide wide_of(const TileNumExact *x)
{
    Wide w = { x->neg, x->sig, x->exp };

    wide_normalize(&w);
    return w;
}

/* a + b; a zero sum has neg = false (the caller applies the zero rule). */
static Wide wide_add(Wide a, Wide b)
{
    Wide r;

    if (!a.sig) {
        return b;
    }
    if (!b.sig) {
        return a;
    }
    if (a.exp < b.exp) {
        Wide t = a;
        a = b;
        b = t;
    }
    wide_shift_right(&b, a.exp - b.exp);
    r.exp = a.exp;
    if (a.neg == b.neg) {
        r.sig = a.sig + b.sig;
        r.neg = a.neg;
    } else if (a.sig >= b.sig) {
        r.sig = a.sig - b.sig;
        r.neg = a.neg;
    } else {
        r.sig = b.sig - a.sig;
        r.neg = b.neg;
    }
    if (!r.sig) {
        r.neg = false;
    }
    wide_normalize(&r);
    return r;
}

static Wide wide_mul(const TileNumExact *a, const TileNumExact *b)
{
    Wide r = { a->neg != b->neg, (unsigned __int128)a->sig * b->sig, a->exp + b->exp };

    wide_normalize(&r);
    return r;
}

/* Round a nonzero wide value once, in mode rm, into dtype. */
static uint64_t wide_round(unsigned dtype, const Wide *w, TileRound rm, unsigned *flags)
{
    Wide n = *w;
    TileNumExact x;

    wide_shift_right(&n, WIDE_TOP - 63);
    x.neg = n.neg;
    x.sig = (uint64_t)n.sig & ~UINT64_C(1);
    x.sticky = (n.sig & 1) != 0;
    x.exp = n.exp;
    /* bit 0 carries only jammed bits (the top is at 63 with 62 more below
     * the widest fraction): move it into sticky */
    return tile_num_round(dtype, &x, rm, 0, flags);
}

/*
 * The sign of an exact zero sum a + b (IEEE 754-2019 6.3): the operands'
 * sign when they agree, otherwise -0 only when rounding toward -infinity.
 * flip: the sum is negated afterwards (the FSU's FNMADD / FNMSUB round
 * -(L*R + A); the zero rule applies before the negation).
 */
static bool zero_sum_negative(bool a_neg, bool b_neg, TileRound rm, bool flip)
{
    return a_neg == b_neg ? a_neg : (rm == TILE_RND_RDN) != flip;
}

/*
 * The narrow formats (every floating VEC type but FP64: at most 24
 * significant bits, exponents well inside FP64's) through host doubles: a
 * product is exact there, a sum's rounding error is exact by TwoSum, so
 * s + err is the exact result.  It is rounded once from a representative
 * strictly inside the same gap between adjacent doubles (s itself, or s
 * moved an eighth of its ulp toward the exact value), which rounds and
 * flags exactly as the exact value does: no rounding boundary of a 24-bit
 * format, nor 2^emin, lies inside such a gap.
 */
static double narrow_to_double(unsigned dtype, uint64_t raw)
{
    uint32_t b;
    float f;

    switch (dtype) {
    case TILE_DT_FP32:
        b = (uint32_t)raw;
        break;
    case TILE_DT_BF16:          /* the top half of an FP32 */
        b = (uint32_t)raw << 16;
        break;
    case TILE_DT_FP16: {
        unsigned e = (raw >> 10) & 0x1f;
        double m = (double)(raw & 0x3ff);
        /* finite here: 2^(e-15) * (1 + m/1024), or m * 2^-24 */
        double v = e ? (1024 + m) * ldexp(1.0, (int)e - 25) : m * 0x1p-24;
        return raw & 0x8000 ? -v : v;
    }
    default:
        return tile_num_to_double(dtype, raw);
    }
    memcpy(&f, &b, sizeof(f));
    return f;
}

static inline __attribute__((always_inline))
uint64_t narrow_round(unsigned dtype, double s, double err, TileRound rm, unsigned *flags)
{
    uint64_t bits;
    TileNumExact x;

    if (s == 0) {
        return elem_zero(dtype, signbit(s));
    }
    if (dtype == TILE_DT_FP32 && err == 0 && rm == TILE_RND_RNE) {
        /* exact in the double: the host's conversion (to nearest even)
         * rounds it once; a normal, finite result above 2^-126 cannot be
         * tiny */
        float f = (float)s;
        if (isfinite(f) && fabsf(f) > 0x1p-126f) {
            uint32_t fb;
            if ((double)f != s) {
                *flags |= TILE_NUM_NX;
            }
            memcpy(&fb, &f, sizeof(fb));
            return fb;
        }
    }
    memcpy(&bits, &s, sizeof(bits));
    x.neg = bits >> 63;
    x.sig = ((bits & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52)) << 11;
    x.exp = (int)((bits >> 52) & 0x7ff) - 1075 - 11;
    x.sticky = false;
    if (err != 0) {
        /* the exact value lies beyond s, away from zero or toward it */
        x.sig = (err > 0) != x.neg ? x.sig + 256 : x.sig - 256;
    }
    return tile_num_round(dtype, &x, rm, 0, flags);
}

/* FP32, BF16, FP16 operands that are all finite (no NaN, no infinity):
 * the fast path needs no classification at all */
static bool plain_finite(unsigned dtype, uint64_t l, uint64_t r, uint64_t a)
{
    uint64_t e;

    switch (dtype) {
    case TILE_DT_FP32:
        e = 0x7f800000;
        break;
    case TILE_DT_BF16:
        e = 0x7f80;
        break;
    case TILE_DT_FP16:
        e = 0x7c00;
        break;
    default:
        return false;
    }
    return (l & e) != e && (r & e) != e && (a & e) != e;
}

/*
 * FP64 operands that are both finite, through the host's binary64
 * arithmetic, which rounds to nearest even: the result is the host's, NX
 * when its exact error (TwoSum, or the FMA of the product) is nonzero.  A
 * sum that is subnormal is exact, so it never underflows; products near
 * the subnormal range, and overflows, take the exact path instead.
 */
static bool fp64_finite(uint64_t l, uint64_t r)
{
    uint64_t e = UINT64_C(0x7ff0000000000000);

    return (l & e) != e && (r & e) != e;
}

static double as_double(uint64_t raw)
{
    double d;

    memcpy(&d, &raw, sizeof(d));
    return d;
}

static uint64_t as_raw(double d)
{
    uint64_t raw;

    memcpy(&raw, &d, sizeof(raw));
    return raw;
}

/* s = a + b and its exact error (Knuth's TwoSum; no overflow here) */
static double two_sum(double a, double b, double *err)
{
    double s = a + b, bb = s - a;

    *err = (a - (s - bb)) + (b - bb);
    return s;
}

/* s = x + y (no overflow: narrow values) rounded in mode rm; an exact zero
 * takes the IEEE sign rule. */
static inline __attribute__((always_inline))
uint64_t narrow_sum(unsigned dtype, double x, double y, TileRound rm, bool flip,
                    unsigned *flags)
{
    double err, sum = two_sum(x, y, &err);

    if (sum == 0) {
        return elem_zero(dtype, zero_sum_negative(signbit(x), signbit(y), rm, flip));
    }
    return narrow_round(dtype, sum, err, rm, flags);
}

static uint64_t round_sum(unsigned dtype, const TileNumExact *a, const TileNumExact *b,
                          TileRound rm, unsigned *flags)
{
    if (!a->sig && !b->sig) {
        return elem_zero(dtype, zero_sum_negative(a->neg, b->neg, rm, false));
    }
    Wide s = wide_add(wide_of(a), wide_of(b));
    return s.sig ? wide_round(dtype, &s, rm, flags)
                 : elem_zero(dtype, zero_sum_negative(false, true, rm, false));
}

uint64_t vec_round_sum(unsigned dtype, const TileNumExact *a, const TileNumExact *b,
                       unsigned *flags)
{
    return round_sum(dtype, a, b, TILE_RND_RNE, flags);
}

/* l + r (l - r with negate_r) in mode rm: the narrow types exactly through
 * doubles; FP64 through the host's binary64 addition, which rounds to
 * nearest even, when rm is RNE, else exactly.  Inlined, as float_mul and
 * fma_mode, so that the VEC's calls (RNE) lose the mode tests. */
static inline __attribute__((always_inline))
uint64_t float_add(unsigned dtype, uint64_t l, uint64_t r, bool negate_r, TileRound rm,
                   unsigned *flags)
{
    if (plain_finite(dtype, l, r, 0)) {
        double x = narrow_to_double(dtype, l), y = narrow_to_double(dtype, r);
        return narrow_sum(dtype, x, negate_r ? -y : y, rm, false, flags);
    }
    if (dtype == TILE_DT_FP64 && rm == TILE_RND_RNE && fp64_finite(l, r)) {
        double y = as_double(r), err, sum = two_sum(as_double(l), negate_r ? -y : y, &err);
        if (isfinite(sum)) {
            if (err != 0) {
                *flags |= TILE_NUM_NX;
            }
            return as_raw(sum);
        }
    }
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    uint64_t nan;
    TileNumExact a, b;
    bool rneg = tile_num_class_is_negative(cr) != negate_r;

    if (elem_nan_operands(dtype, cl, cr, &nan, flags)) {
        return nan;
    }
    if (tile_num_class_is_inf(cl) || tile_num_class_is_inf(cr)) {
        if (tile_num_class_is_inf(cl) && tile_num_class_is_inf(cr) &&
            tile_num_class_is_negative(cl) != rneg) {
            *flags |= TILE_NUM_NV;
            return elem_canonical_nan(dtype);
        }
        return elem_inf(dtype, tile_num_class_is_inf(cl) ? tile_num_class_is_negative(cl) : rneg);
    }
    if (dtype != TILE_DT_FP64) {
        double x = narrow_to_double(dtype, l), y = narrow_to_double(dtype, r);
        return narrow_sum(dtype, x, negate_r ? -y : y, rm, false, flags);
    }
    tile_num_exact(dtype, l, &a);
    tile_num_exact(dtype, r, &b);
    b.neg = rneg;
    return round_sum(dtype, &a, &b, rm, flags);
}

/* l * r in mode rm (host binary64 only for RNE, as float_add). */
static inline __attribute__((always_inline))
uint64_t float_mul(unsigned dtype, uint64_t l, uint64_t r, TileRound rm, unsigned *flags)
{
    if (plain_finite(dtype, l, r, 0)) {
        return narrow_round(dtype, narrow_to_double(dtype, l) * narrow_to_double(dtype, r), 0,
                            rm, flags);
    }
    if (dtype == TILE_DT_FP64 && rm == TILE_RND_RNE && fp64_finite(l, r)) {
        double x = as_double(l), y = as_double(r), p = x * y;
        if (isfinite(p) && fabs(p) >= 0x1p-960) {
            if (fma(x, y, -p) != 0) {
                *flags |= TILE_NUM_NX;
            }
            return as_raw(p);
        }
    }
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    uint64_t nan;
    bool neg = tile_num_class_is_negative(cl) != tile_num_class_is_negative(cr);
    TileNumExact a, b;

    if (elem_nan_operands(dtype, cl, cr, &nan, flags)) {
        return nan;
    }
    if (tile_num_class_is_inf(cl) || tile_num_class_is_inf(cr)) {
        if (tile_num_class_is_zero(cl) || tile_num_class_is_zero(cr)) {
            *flags |= TILE_NUM_NV;
            return elem_canonical_nan(dtype);
        }
        return elem_inf(dtype, neg);
    }
    if (tile_num_class_is_zero(cl) || tile_num_class_is_zero(cr)) {
        return elem_zero(dtype, neg);
    }
    if (dtype != TILE_DT_FP64) {
        /* at most 48 significant bits: exact in a double */
        return narrow_round(dtype, narrow_to_double(dtype, l) * narrow_to_double(dtype, r), 0,
                            rm, flags);
    }
    tile_num_exact(dtype, l, &a);
    tile_num_exact(dtype, r, &b);
    Wide p = wide_mul(&a, &b);
    return wide_round(dtype, &p, rm, flags);
}

/* maximumNumber / minimumNumber with -0 < +0 (HardwareNumericMinMaxSpecial). */
static uint64_t float_minmax(unsigned dtype, bool max, uint64_t l, uint64_t r,
                             unsigned *flags)
{
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    bool nl = elem_is_nan(cl), nr = elem_is_nan(cr);

    if (elem_is_snan(cl) || elem_is_snan(cr)) {
        *flags |= TILE_NUM_NV;
    }
    if (nl && nr) {
        return elem_canonical_nan(dtype);
    }
    if (nl || nr) {
        return nl ? r : l;          /* the number, bits unchanged */
    }
    if (max) {
        return tile_num_order_key(dtype, l) >= tile_num_order_key(dtype, r) ? l : r;
    }
    return tile_num_order_key(dtype, l) <= tile_num_order_key(dtype, r) ? l : r;
}

uint64_t vec_binary(unsigned dtype, VecBinOp op, uint64_t l, uint64_t r, bool pto_v0,
                    unsigned *flags)
{
    unsigned w = elem_width(dtype);

    if (!tile_dtype_info(dtype)->is_float) {
        return int_binary(dtype, op, l, r);
    }
    if (pto_v0 && (op == VEC_ADD || op == VEC_SUB || op == VEC_MUL)) {
        /* the reference profile: integer arithmetic on the raw carriers */
        return elem_low_bits(op == VEC_ADD ? l + r : op == VEC_SUB ? l - r : l * r, w);
    }
    switch (op) {
    case VEC_ADD:
        return float_add(dtype, l, r, false, TILE_RND_RNE, flags);
    case VEC_SUB:
        return float_add(dtype, l, r, true, TILE_RND_RNE, flags);
    case VEC_MUL:
        return float_mul(dtype, l, r, TILE_RND_RNE, flags);
    case VEC_MAX:
    case VEC_MIN:
        return float_minmax(dtype, op == VEC_MAX, l, r, flags);
    default:
        return int_binary(dtype, op, l, r);     /* not reached: integer-only ops */
    }
}

/* ---- Unary ---- */

uint64_t vec_unary(unsigned dtype, VecUnOp op, uint64_t v, unsigned *flags)
{
    unsigned w = elem_width(dtype);
    uint64_t sign = UINT64_C(1) << (w - 1);
    bool s = is_signed(dtype);

    if (tile_dtype_info(dtype)->is_float) {
        TileNumClass c = tile_num_classify(dtype, v);

        switch (op) {
        case VEC_ABS:           /* the sign bit only: NaNs keep their payload */
            return v & ~sign;
        case VEC_NEG:
            return v ^ sign;
        case VEC_RELU:
            if (elem_is_nan(c)) {
                if (elem_is_snan(c)) {
                    *flags |= TILE_NUM_NV;
                }
                return elem_canonical_nan(dtype);
            }
            return tile_num_class_is_negative(c) ? 0 : v;
        default:
            return v;           /* TNOT: integers only (checked before) */
        }
    }
    switch (op) {
    case VEC_ABS:               /* INT_MIN keeps its pattern */
        return s && (v & sign) ? elem_low_bits(0 - v, w) : v;
    case VEC_NOT:
        return elem_low_bits(~v, w);
    case VEC_NEG:
        return elem_low_bits(0 - v, w);
    case VEC_RELU:
        return s && (v & sign) ? 0 : v;
    }
    return v;
}

/* ---- Compare ---- */

bool vec_compare(unsigned dtype, VecCmp cmp, uint64_t l, uint64_t r, unsigned *flags)
{
    bool equal, less;

    if (tile_dtype_info(dtype)->is_float) {
        TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
        bool both_zero = tile_num_class_is_zero(cl) && tile_num_class_is_zero(cr);

        if (elem_is_nan(cl) || elem_is_nan(cr)) {
            if (elem_is_snan(cl) || elem_is_snan(cr)) {
                *flags |= TILE_NUM_NV;
            }
            return cmp == VEC_NE;
        }
        equal = both_zero || l == r;
        less = !both_zero && tile_num_order_key(dtype, l) < tile_num_order_key(dtype, r);
    } else {
        uint64_t a = tile_int_normalize(dtype, l), b = tile_int_normalize(dtype, r);
        equal = a == b;
        less = is_signed(dtype) ? (int64_t)a < (int64_t)b : a < b;
    }
    switch (cmp) {
    case VEC_EQ:
        return equal;
    case VEC_NE:
        return !equal;
    case VEC_LT:
        return less;
    case VEC_GT:
        return !less && !equal;
    case VEC_LE:
        return less || equal;
    case VEC_GE:
        return !less;
    }
    return false;
}

/* ---- FMA ---- */

/* l * r + a with one rounding in mode rm; negate: VEC_FMA_NEG_*.  Inlined
 * into its two callers, so that the VEC's hot path (RNE, no negation)
 * folds its constants. */
static inline __attribute__((always_inline))
uint64_t fma_mode(unsigned dtype, uint64_t l, uint64_t r, uint64_t a, unsigned negate,
                  TileRound rm, bool pto_v0, unsigned *flags)
{
    unsigned w = elem_width(dtype);
    bool flip = negate & VEC_FMA_NEG_RESULT;
    TileNumClass cl, cr, ca;
    bool pneg, pinf;
    TileNumExact x, y, z;

    if (!tile_dtype_info(dtype)->is_float) {
        return elem_low_bits(elem_low_bits(l * r, w) + a, w);
    }
    /* -(l * r +- a) = (-l) * r -+ a exactly; only the sign of an exact zero
     * needs the flip (zero_sum_negative()) */
    if (negate) {
        uint64_t sign = UINT64_C(1) << (w - 1);

        if (!(negate & VEC_FMA_NEG_ADDEND) != !flip) {
            a ^= sign;
        }
        if (flip) {
            l ^= sign;
        }
    }
    if (!pto_v0 && plain_finite(dtype, l, r, a)) {
        volatile double p = narrow_to_double(dtype, l) * narrow_to_double(dtype, r);
        return narrow_sum(dtype, p, narrow_to_double(dtype, a), rm, flip, flags);
    }
    cl = tile_num_classify(dtype, l);
    cr = tile_num_classify(dtype, r);
    ca = tile_num_classify(dtype, a);
    pneg = tile_num_class_is_negative(cl) != tile_num_class_is_negative(cr);
    pinf = tile_num_class_is_inf(cl) || tile_num_class_is_inf(cr);
    /*
     * The invalid cases come first, in both profiles
     * (TileFixedFusedMultiplyAddValue).  An infinite factor times a quiet
     * NaN is an infinite product there too, so pto-v0 also takes
     * inf * NaN + inf of the other sign (a NaN counts as positive) as
     * invalid; the IEEE profile lets the NaN propagate
     * (docs/numeric-profiles.md).
     */
    if (elem_is_snan(cl) || elem_is_snan(cr) || elem_is_snan(ca) ||
        (pinf && (tile_num_class_is_zero(cl) || tile_num_class_is_zero(cr))) ||
        (pinf && (pto_v0 || (!elem_is_nan(cl) && !elem_is_nan(cr))) &&
         tile_num_class_is_inf(ca) && tile_num_class_is_negative(ca) != pneg)) {
        *flags |= TILE_NUM_NV;
        return elem_canonical_nan(dtype);
    }
    if (pto_v0) {
        return elem_low_bits(l * r + a, w);
    }
    if (elem_is_nan(cl) || elem_is_nan(cr) || elem_is_nan(ca)) {
        return elem_canonical_nan(dtype);
    }
    if (pinf) {
        return elem_inf(dtype, pneg);
    }
    if (tile_num_class_is_inf(ca)) {
        return a;
    }
    tile_num_exact(dtype, a, &z);
    if (tile_num_class_is_zero(cl) || tile_num_class_is_zero(cr)) {
        if (tile_num_class_is_zero(ca)) {
            return elem_zero(dtype, zero_sum_negative(pneg, z.neg, rm, flip));
        }
        return a;
    }
    if (dtype != TILE_DT_FP64) {
        volatile double p = narrow_to_double(dtype, l) * narrow_to_double(dtype, r);
        return narrow_sum(dtype, p, narrow_to_double(dtype, a), rm, flip, flags);
    }
    tile_num_exact(dtype, l, &x);
    tile_num_exact(dtype, r, &y);
    Wide s = wide_add(wide_mul(&x, &y), wide_of(&z));
    return s.sig ? wide_round(dtype, &s, rm, flags)
                 : elem_zero(dtype, zero_sum_negative(pneg, z.neg, rm, flip));
}

uint64_t vec_fma(unsigned dtype, uint64_t l, uint64_t r, uint64_t a, bool pto_v0,
                 unsigned *flags)
{
    return fma_mode(dtype, l, r, a, 0, TILE_RND_RNE, pto_v0, flags);
}

uint64_t vec_fma_mode(unsigned dtype, uint64_t l, uint64_t r, uint64_t a, unsigned negate,
                      TileRound rm, unsigned *flags)
{
    return fma_mode(dtype, l, r, a, negate, rm, false, flags);
}

uint64_t vec_binary_mode(unsigned dtype, VecBinOp op, uint64_t l, uint64_t r, TileRound rm,
                         unsigned *flags)
{
    switch (op) {
    case VEC_ADD:
    case VEC_SUB:
        return float_add(dtype, l, r, op == VEC_SUB, rm, flags);
    case VEC_MUL:
        return float_mul(dtype, l, r, rm, flags);
    default:
        return vec_binary(dtype, op, l, r, false, flags);
    }
}

/* ---- TCVT ---- */

uint64_t vec_convert(unsigned dst, unsigned src, uint64_t raw, unsigned rmode, bool sat,
                     bool pto_v0, unsigned *flags)
{
    const TileDTypeInfo *dd = tile_dtype_info(dst), *sd = tile_dtype_info(src);
    /* RMode 0: toward zero into an integer, else nearest even */
    TileRound rm = tile_round_from_rmode(rmode, tile_round_tcvt_default(dst));

    if (pto_v0 && (dd->is_float || sd->is_float) && dst != TILE_DT_E8M0) {
        /* the reference profile (TileProfileConvert) keeps the source's
         * word into a floating type -- a signed integer's sign-extended --
         * and NormalizeTileInteger truncates it into an integer type */
        return elem_low_bits(tile_v0_word(src, raw), dd->width);
    }
    return tile_num_convert(dst, src, raw, rm, sat ? TILE_NUM_SAT : 0, flags);
}
