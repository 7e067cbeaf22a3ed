/*
 * PTO Tile CPU: the element arithmetic of the SFU engine (see sfu_elem.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include <math.h>
#include <string.h>

#include "tile/sfu/sfu_elem.h"
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

static void normalize63(TileNumExact *x)
{
    int lz = __builtin_clzll(x->sig);

    x->sig <<= lz;
    x->exp -= lz;
}

/* a / b of two nonzero finite values, rounded once */
static uint64_t exact_div(unsigned dtype, TileNumExact a, TileNumExact b, unsigned *flags)
{
    TileNumExact q;
    unsigned __int128 num, quo;
    bool sticky;

    normalize63(&a);
    normalize63(&b);
    num = (unsigned __int128)a.sig << 64;
    quo = num / b.sig;
    sticky = num % b.sig != 0;
    q.neg = a.neg != b.neg;
    q.exp = a.exp - 64 - b.exp;
    /* quo is in [2^63, 2^65): keep 64 bits, the rest is sticky */
    if (quo >> 64) {
        sticky |= quo & 1;
        quo >>= 1;
        q.exp++;
    }
    q.sig = (uint64_t)quo;
    q.sticky = sticky;
    return tile_num_round(dtype, &q, TILE_RND_RNE, 0, flags);
}

static uint64_t float_div(unsigned dtype, uint64_t l, uint64_t r, unsigned *flags)
{
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    bool neg = tile_num_class_is_negative(cl) != tile_num_class_is_negative(cr);
    TileNumExact a, b;

    if (elem_is_nan(cl) || elem_is_nan(cr)) {
        if (elem_is_snan(cl) || elem_is_snan(cr)) {
            *flags |= TILE_NUM_NV;
        }
        return elem_canonical_nan(dtype);
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
    return exact_div(dtype, a, b, flags);
}

static bool exact_of_double(double d, TileNumExact *x)
{
    uint64_t bits;

    memcpy(&bits, &d, sizeof(bits));
    return tile_num_exact(TILE_DT_FP64, bits, x);
}

/*
 * The floor modulo l - floor(l / r) * r: the truncated remainder (exact,
 * host fmod on the exact double values) plus r when their signs differ,
 * rounded once; a zero result has the divisor's sign.  x mod 0 and
 * inf mod y are NaN (NV); x mod inf is x, or inf when the signs differ.
 */
static uint64_t float_rem(unsigned dtype, uint64_t l, uint64_t r, unsigned *flags)
{
    TileNumClass cl = tile_num_classify(dtype, l), cr = tile_num_classify(dtype, r);
    bool lneg = tile_num_class_is_negative(cl), rneg = tile_num_class_is_negative(cr);
    TileNumExact a, b;

    if (elem_is_nan(cl) || elem_is_nan(cr)) {
        if (elem_is_snan(cl) || elem_is_snan(cr)) {
            *flags |= TILE_NUM_NV;
        }
        return elem_canonical_nan(dtype);
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
    double x = tile_num_to_double(dtype, l), y = tile_num_to_double(dtype, r);
    double m = fmod(x, y);      /* exact */
    if (m == 0) {
        return elem_zero(dtype, rneg);
    }
    exact_of_double(m, &a);
    if (a.neg == rneg) {
        return tile_num_round(dtype, &a, TILE_RND_RNE, 0, flags);      /* exact */
    }
    tile_num_exact(dtype, r, &b);
    return vec_round_sum(dtype, &a, &b, flags);
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
         * zero divisor (either sign) gives all ones, DIV raising DZ */
        if (!(r & ~elem_sign_bit(dtype))) {
            if (op == SFU_DIV) {
                *flags |= TILE_NUM_DZ;
            }
            return elem_low_bits(~UINT64_C(0), w);
        }
        return elem_low_bits(op == SFU_DIV ? l / r : l % r, w);
    }
    return op == SFU_DIV ? float_div(dtype, l, r, flags) : float_rem(dtype, l, r, flags);
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

/* sqrt of a positive finite value, rounded once */
static uint64_t exact_sqrt(unsigned dtype, TileNumExact x, unsigned *flags)
{
    unsigned __int128 n;
    uint64_t s;
    int k;

    normalize63(&x);
    if (x.exp & 1) {            /* an even exponent: sig * 2^exp = (2 sig) * 2^(exp-1) */
        n = (unsigned __int128)x.sig << 63;
        x.exp -= 63;
    } else {
        n = (unsigned __int128)x.sig << 62;
        x.exp -= 62;
    }
    /* n < 2^127: its root is below 2^63.5 */
    s = (uint64_t)sqrtl((long double)n);
    while ((unsigned __int128)s * s > n) {
        s--;
    }
    while ((unsigned __int128)(s + 1) * (s + 1) <= n) {
        s++;
    }
    k = x.exp / 2;
    TileNumExact r = { .neg = false, .sig = s, .exp = k,
                       .sticky = (unsigned __int128)s * s != n };
    normalize63(&r);
    return tile_num_round(dtype, &r, TILE_RND_RNE, 0, flags);
}

/*
 * Round a positive long double approximation y (64 significant bits) of a
 * result that is never exact (exp, log, a root that is no power of two):
 * the sticky bit makes it inexact, so NX is raised and a tie cannot occur.
 */
static uint64_t from_long_double(unsigned dtype, long double y, unsigned *flags)
{
    int e;
    long double m = frexpl(y, &e);      /* y = m * 2^e, 0.5 <= m < 1 */
    TileNumExact x = { .neg = false, .sig = (uint64_t)ldexpl(m, 64), .exp = e - 64,
                       .sticky = true };

    return tile_num_round(dtype, &x, TILE_RND_RNE, 0, flags);
}

uint64_t sfu_unary(unsigned dtype, SfuUnOp op, uint64_t v, bool pto_v0, unsigned *flags)
{
    TileNumClass c = tile_num_classify(dtype, v);
    unsigned w = elem_width(dtype);
    uint64_t out;
    TileNumExact x;

    if (unary_special(dtype, op, v, c, &out, flags)) {
        return out;
    }
    if (pto_v0) {
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
    tile_num_exact(dtype, v, &x);
    switch (op) {
    case SFU_RECIP: {
        TileNumExact one = { .sig = 1, .exp = 0 };
        return exact_div(dtype, one, x, flags);
    }
    case SFU_SQRT:
        return exact_sqrt(dtype, x, flags);
    case SFU_RSQRT:
        if (!(x.sig & (x.sig - 1))) {
            /* 2^e: exact when e is even */
            int e = x.exp + 63 - __builtin_clzll(x.sig);
            if (!(e & 1)) {
                TileNumExact p = { .sig = 1, .exp = -e / 2 };
                return tile_num_round(dtype, &p, TILE_RND_RNE, 0, flags);
            }
        }
        return from_long_double(dtype, 1.0L / sqrtl(tile_num_to_double(dtype, v)), flags);
    case SFU_EXP: {
        long double y = expl(tile_num_to_double(dtype, v));
        if (y == 0) {           /* below every subnormal */
            TileNumExact tiny = { .sig = 1, .exp = -20000 };
            return tile_num_round(dtype, &tiny, TILE_RND_RNE, 0, flags);
        }
        if (isinf(y)) {
            TileNumExact huge = { .sig = 1, .exp = 20000 };
            return tile_num_round(dtype, &huge, TILE_RND_RNE, 0, flags);
        }
        return from_long_double(dtype, y, flags);
    }
    case SFU_LOG: {
        long double y = logl(tile_num_to_double(dtype, v));
        if (y == 0) {
            return 0;
        }
        uint64_t r = from_long_double(dtype, fabsl(y), flags);
        return y < 0 ? r | elem_sign_bit(dtype) : r;
    }
    }
    return v;
}
