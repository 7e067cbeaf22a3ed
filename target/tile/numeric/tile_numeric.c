/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Numeric formats of the PTO Tile data types; see tile_numeric.h and
 * docs/numeric-formats.md.
 *
 * Everything is integer arithmetic on exact values (sig * 2^exp): there is
 * no host floating-point rounding except in tile_num_to_double() for
 * S64/U64 magnitudes above 2^53.
 */
#include <math.h>
#include <string.h>

#include "numeric/tile_numeric.h"

/* ---- The type table ---------------------------------------------------- */

#define FLOAT_TYPE(nm, c, k, w, e, m, lz, hz, b, inf, nan, snan, sub, nz, \
                   mx, mn, qn) \
    [c] = { .name = nm, .code = c, .kind = k, .width = w, .is_float = true, \
            .is_packed = (w) == 4, .exp_bits = e, .frac_bits = m, \
            .low_zero_bits = lz, .high_zero_bits = hz, .bias = b, \
            .has_inf = inf, .has_nan = nan, .has_snan = snan, \
            .has_subnormal = sub, .has_neg_zero = nz, .max_raw = mx, \
            .min_raw = mn, .nan_raw = qn }

#define BINARY(nm, c, w, e, m, lz, hz, b, inf, nan, snan, sub, mx, mn, qn) \
    FLOAT_TYPE(nm, c, TILE_KIND_BINARY, w, e, m, lz, hz, b, inf, nan, snan, \
               sub, true, mx, mn, qn)

#define SINT(nm, c, w) \
    [c] = { .name = nm, .code = c, .kind = TILE_KIND_SIGNED, .width = w, \
            .is_signed = true, .is_packed = (w) == 4, .bias = -1, \
            .max_raw = (1ull << ((w) - 1)) - 1, .min_raw = 1ull << ((w) - 1) }

#define UINT(nm, c, w) \
    [c] = { .name = nm, .code = c, .kind = TILE_KIND_UNSIGNED, .width = w, \
            .is_packed = (w) == 4, .bias = -1, \
            .max_raw = (w) == 64 ? ~0ull : (1ull << ((w) & 63)) - 1 }

static const TileDTypeInfo tile_dtypes[TILE_DT_CODES] = {
    /*     name      code           w   e   m  lz hz bias  inf    nan    snan   sub */
    BINARY("FP64",   TILE_DT_FP64,  64, 11, 52, 0, 0, 1023, true,  true,  true,  true,
           0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff8000000000000ull),
    BINARY("FP32",   TILE_DT_FP32,  32, 8,  23, 0, 0, 127,  true,  true,  true,  true,
           0x7f7fffff, 0xff7fffff, 0x7fc00000),
    BINARY("TF32",   TILE_DT_TF32,  32, 8,  10, 13, 0, 127, true,  true,  true,  true,
           0x7f7fe000, 0xff7fe000, 0x7fc00000),
    BINARY("HF32",   TILE_DT_HF32,  32, 8,  11, 12, 0, 127, true,  true,  true,  true,
           0x7f7ff000, 0xff7ff000, 0x7fc00000),
    BINARY("FP16",   TILE_DT_FP16,  16, 5,  10, 0, 0, 15,   true,  true,  true,  true,
           0x7bff, 0xfbff, 0x7e00),
    BINARY("BF16",   TILE_DT_BF16,  16, 8,  7,  0, 0, 127,  true,  true,  true,  true,
           0x7f7f, 0xff7f, 0x7fc0),
    FLOAT_TYPE("HiF8", TILE_DT_HIF8, TILE_KIND_HIF8, 8, 4, 3, 0, 0, -1,
               true, true, false, true, false, 0x6e, 0xee, 0x80),
    BINARY("E4M3",   TILE_DT_E4M3,  8,  4,  3,  0, 0, 7,    false, true,  false, true,
           0x7e, 0xfe, 0x7f),
    BINARY("E5M2",   TILE_DT_E5M2,  8,  5,  2,  0, 0, 15,   true,  true,  true,  true,
           0x7b, 0xfb, 0x7e),
    BINARY("E3M2",   TILE_DT_E3M2,  8,  3,  2,  0, 2, 3,    false, false, false, true,
           0x1f, 0x3f, 0),
    BINARY("E2M3",   TILE_DT_E2M3,  8,  2,  3,  0, 2, 1,    false, false, false, true,
           0x1f, 0x3f, 0),
    BINARY("E2M1X2", TILE_DT_E2M1X2, 4, 2,  1,  0, 0, 1,    false, false, false, false,
           0x7, 0xf, 0),
    BINARY("E1M2X2", TILE_DT_E1M2X2, 4, 1,  2,  0, 0, 1,    false, false, false, false,
           0x7, 0xf, 0),
    FLOAT_TYPE("E8M0", TILE_DT_E8M0, TILE_KIND_E8M0, 8, 8, 0, 0, 0, 127,
               false, true, false, false, false, 0xfe, 0x00, 0xff),
    BINARY("HiF4X2", TILE_DT_HIF4X2, 4, 1,  2,  0, 0, 1,    false, false, false, false,
           0x7, 0xf, 0),
    SINT("S64", TILE_DT_S64, 64),
    SINT("S32", TILE_DT_S32, 32),
    SINT("S16", TILE_DT_S16, 16),
    SINT("S8", TILE_DT_S8, 8),
    SINT("S4X2", TILE_DT_S4X2, 4),
    UINT("U64", TILE_DT_U64, 64),
    UINT("U32", TILE_DT_U32, 32),
    UINT("U16", TILE_DT_U16, 16),
    UINT("U8", TILE_DT_U8, 8),
    UINT("U4X2", TILE_DT_U4X2, 4),
};

const TileDTypeInfo *tile_dtype_info(unsigned code)
{
    if (code >= TILE_DT_CODES || !tile_dtypes[code].name) {
        return NULL;
    }
    return &tile_dtypes[code];
}

const TileDTypeInfo *tile_dtype_lookup(const char *name)
{
    for (unsigned c = 0; c < TILE_DT_CODES; c++) {
        if (tile_dtypes[c].name && strcmp(tile_dtypes[c].name, name) == 0) {
            return &tile_dtypes[c];
        }
    }
    return NULL;
}

/* ---- Bit helpers -------------------------------------------------------- */

static uint64_t mask_bits(unsigned n)
{
    return n >= 64 ? ~0ull : (1ull << n) - 1;
}

static int msb64(uint64_t v)
{
    return 63 - __builtin_clzll(v);
}

/* Position of the sign bit of a BINARY type. */
static unsigned sign_pos(const TileDTypeInfo *d)
{
    return d->low_zero_bits + d->exp_bits + d->frac_bits;
}

/* Smallest normal exponent of a BINARY type. */
static int binary_emin(const TileDTypeInfo *d)
{
    return 1 - d->bias;
}

uint64_t tile_int_normalize(TileDType t, uint64_t raw)
{
    const TileDTypeInfo *d = tile_dtype_info(t);
    unsigned w = d ? d->width : 64;

    raw &= mask_bits(w);
    if (d && d->is_signed && w < 64 && (raw >> (w - 1))) {
        raw |= ~mask_bits(w);
    }
    return raw;
}

uint64_t tile_num_order_key(TileDType t, uint64_t raw)
{
    const TileDTypeInfo *d = tile_dtype_info(t);
    unsigned w = d ? d->width : 64;
    uint64_t sign = 1ull << (w - 1);

    raw &= mask_bits(w);
    return raw & sign ? ~raw & mask_bits(w) : raw | sign;
}

/* ---- Classification and decoding ---------------------------------------- */

typedef struct BinaryFields {
    bool neg;
    uint64_t ef;                /* exponent field */
    uint64_t fr;                /* fraction field */
} BinaryFields;

/* False for an encoding whose must-be-zero bits are set. */
static bool binary_fields(const TileDTypeInfo *d, uint64_t raw,
                          BinaryFields *f)
{
    unsigned sp = sign_pos(d);

    raw &= mask_bits(d->width);
    if ((raw & mask_bits(d->low_zero_bits)) || (sp < 63 && (raw >> (sp + 1)))) {
        return false;
    }
    f->neg = (raw >> sp) & 1;
    f->ef = (raw >> (d->low_zero_bits + d->frac_bits)) & mask_bits(d->exp_bits);
    f->fr = (raw >> d->low_zero_bits) & mask_bits(d->frac_bits);
    return true;
}

static TileNumClass finite_class(bool neg, bool zero, bool subnormal)
{
    if (zero) {
        return neg ? TILE_NUM_NEG_ZERO : TILE_NUM_POS_ZERO;
    }
    if (subnormal) {
        return neg ? TILE_NUM_NEG_SUBNORMAL : TILE_NUM_POS_SUBNORMAL;
    }
    return neg ? TILE_NUM_NEG_NORMAL : TILE_NUM_POS_NORMAL;
}

static TileNumClass binary_classify(const TileDTypeInfo *d, uint64_t raw)
{
    BinaryFields f;
    uint64_t ef_max = mask_bits(d->exp_bits);
    uint64_t fr_max = mask_bits(d->frac_bits);

    if (!binary_fields(d, raw, &f)) {
        return TILE_NUM_INVALID;
    }
    if (d->has_inf && f.ef == ef_max) {
        /* IEEE style: the all-ones exponent holds infinities and NaNs. */
        if (f.fr == 0) {
            return f.neg ? TILE_NUM_NEG_INF : TILE_NUM_POS_INF;
        }
        return (f.fr >> (d->frac_bits - 1)) ? TILE_NUM_QNAN : TILE_NUM_SNAN;
    }
    if (d->has_nan && f.ef == ef_max && f.fr == fr_max) {
        return TILE_NUM_QNAN;           /* E4M3: S.1111.111 only */
    }
    return finite_class(f.neg, f.ef == 0 && f.fr == 0,
                        d->has_subnormal && f.ef == 0 && f.fr != 0);
}

/*
 * HiF8 (PTO-ARCH-DATA-TYPES-FORMAT-HIF8): bit 7 is the sign, then a dot
 * prefix in bits 6.. selects how many exponent bits D follow and how many
 * mantissa bits remain.  Body (bits 6:0) 0 is zero, 1..7 are the denormals
 * 2^(body-23), 0x6f is infinity; sign 1 with body 0 (0x80) is the NaN.
 */
#define HIF8_NAN     0x80
#define HIF8_INF     0x6f
#define HIF8_EMAX    15
#define HIF8_EMIN    (-15)      /* smallest normal exponent */
#define HIF8_DENORM_EMIN (-22)  /* 0x01 = 2^-22 */

/* Mantissa bits of the normal binade with unbiased exponent e. */
static unsigned hif8_mant_bits(int e)
{
    int a = e < 0 ? -e : e;

    return a <= 3 ? 3 : a <= 7 ? 2 : 1;
}

static bool hif8_exact(uint64_t raw, TileNumExact *x)
{
    unsigned v = raw & 0xff, body = v & 0x7f;
    unsigned mbits;
    int e, mag;
    bool eneg;

    if (v == HIF8_NAN || body == HIF8_INF) {
        return false;
    }
    x->neg = v >> 7;
    x->sticky = false;
    if (body < 0x08) {                  /* zero and denormals */
        x->sig = body != 0;
        x->exp = body ? (int)body - 23 : 0;
        return true;
    }
    if (body < 0x10) {                  /* D0: prefix 0001, E = 0 */
        mbits = 3, mag = 0, eneg = false;
    } else if (body < 0x20) {           /* D1: prefix 001, |E| = 1 */
        mbits = 3, mag = 1, eneg = (body >> 3) & 1;
    } else if (body < 0x40) {           /* D2: prefix 01, |E| = 2..3 */
        mbits = 3, mag = 2 + ((body >> 3) & 1), eneg = (body >> 4) & 1;
    } else if (body < 0x60) {           /* D3: prefix 10, |E| = 4..7 */
        mbits = 2, mag = 4 + ((body >> 2) & 3), eneg = (body >> 4) & 1;
    } else {                            /* D4: prefix 11, |E| = 8..15 */
        mbits = 1, mag = 8 + ((body >> 1) & 7), eneg = (body >> 4) & 1;
    }
    e = eneg ? -mag : mag;
    x->sig = (1u << mbits) | (body & mask_bits(mbits));
    x->exp = e - (int)mbits;
    return true;
}

static TileNumClass hif8_classify(uint64_t raw)
{
    unsigned v = raw & 0xff, body = v & 0x7f;

    if (v == HIF8_NAN) {
        return TILE_NUM_QNAN;
    }
    if (body == HIF8_INF) {
        return (v >> 7) ? TILE_NUM_NEG_INF : TILE_NUM_POS_INF;
    }
    return finite_class(v >> 7, v == 0, body < 0x08);
}

TileNumClass tile_num_classify(TileDType t, uint64_t raw)
{
    const TileDTypeInfo *d = tile_dtype_info(t);
    uint64_t v;

    if (!d) {
        return TILE_NUM_INVALID;
    }
    v = raw & mask_bits(d->width);
    switch (d->kind) {
    case TILE_KIND_BINARY:
        return binary_classify(d, v);
    case TILE_KIND_HIF8:
        return hif8_classify(v);
    case TILE_KIND_E8M0:
        return v == 0xff ? TILE_NUM_QNAN : TILE_NUM_POS_NORMAL;
    case TILE_KIND_SIGNED:
        return finite_class(v >> (d->width - 1), v == 0, false);
    case TILE_KIND_UNSIGNED:
        return finite_class(false, v == 0, false);
    }
    return TILE_NUM_INVALID;
}

bool tile_num_exact(TileDType t, uint64_t raw, TileNumExact *x)
{
    const TileDTypeInfo *d = tile_dtype_info(t);
    TileNumClass c = tile_num_classify(t, raw);
    BinaryFields f;
    uint64_t v;

    if (c == TILE_NUM_INVALID || tile_num_class_is_nan(c) ||
        tile_num_class_is_inf(c)) {
        return false;
    }
    v = raw & mask_bits(d->width);
    x->sticky = false;
    switch (d->kind) {
    case TILE_KIND_BINARY:
        binary_fields(d, v, &f);
        x->neg = f.neg;
        if (f.ef == 0) {
            x->sig = f.fr;
            x->exp = f.fr ? binary_emin(d) - d->frac_bits : 0;
        } else {
            x->sig = f.fr | (1ull << d->frac_bits);
            x->exp = (int)f.ef - d->bias - d->frac_bits;
        }
        return true;
    case TILE_KIND_HIF8:
        return hif8_exact(v, x);
    case TILE_KIND_E8M0:
        x->neg = false;
        x->sig = 1;
        x->exp = (int)v - 127;
        return true;
    case TILE_KIND_SIGNED:
        v = tile_int_normalize(t, v);
        x->neg = (int64_t)v < 0;
        x->sig = x->neg ? -v : v;
        x->exp = 0;
        return true;
    case TILE_KIND_UNSIGNED:
        x->neg = false;
        x->sig = v;
        x->exp = 0;
        return true;
    }
    return false;
}

double tile_num_to_double(TileDType t, uint64_t raw)
{
    TileNumClass c = tile_num_classify(t, raw);
    TileNumExact x;
    double v;

    if (t == TILE_DT_FP64) {
        memcpy(&v, &raw, sizeof(v));
        return v;
    }
    if (tile_num_class_is_inf(c)) {
        return c == TILE_NUM_NEG_INF ? -INFINITY : INFINITY;
    }
    if (!tile_num_exact(t, raw, &x)) {
        return NAN;
    }
    v = ldexp((double)x.sig, x.exp);
    return x.neg ? -v : v;
}

/* ---- Rounding ----------------------------------------------------------- */

/* Where the discarded part of a value lies, in units of the quantum. */
typedef enum Rest {
    REST_ZERO,                  /* exact */
    REST_BELOW,                 /* 0 < rest < 1/2 */
    REST_HALF,                  /* rest == 1/2 */
    REST_ABOVE,                 /* 1/2 < rest < 1 */
} Rest;

/* |x| = (*k + rest) * 2^qe with 0 <= rest < 1; the caller makes sure the
 * integer part fits in 64 bits. */
static Rest split_at(const TileNumExact *x, int qe, uint64_t *k)
{
    int shift = qe - x->exp;
    uint64_t r, half;

    if (shift <= 0) {
        *k = x->sig << -shift;
        return x->sticky ? REST_BELOW : REST_ZERO;
    }
    if (shift > 64) {
        *k = 0;
        return (x->sig || x->sticky) ? REST_BELOW : REST_ZERO;
    }
    if (shift == 64) {
        *k = 0;
        r = x->sig;
    } else {
        *k = x->sig >> shift;
        r = x->sig & mask_bits((unsigned)shift);
    }
    half = 1ull << (shift - 1);
    if (r == 0 && !x->sticky) {
        return REST_ZERO;
    }
    if (r < half) {
        return REST_BELOW;
    }
    if (r == half && !x->sticky) {
        return REST_HALF;
    }
    return REST_ABOVE;
}

/* Whether to take the candidate of larger magnitude.  lo_odd: the encoding
 * of the smaller-magnitude candidate has its least significant bit set. */
static bool round_away(TileRound rm, bool neg, Rest rest, bool lo_odd)
{
    if (rest == REST_ZERO) {
        return false;
    }
    switch (rm) {
    case TILE_RND_RTZ:
        return false;
    case TILE_RND_RUP:
        return !neg;
    case TILE_RND_RDN:
        return neg;
    case TILE_RND_RNA:
        return rest >= REST_HALF;
    case TILE_RND_RHB:
        return rest == REST_ABOVE || (rest == REST_HALF && !neg);
    case TILE_RND_RTO:
        return !lo_odd;
    case TILE_RND_RNE:
    default:
        return rest == REST_ABOVE || (rest == REST_HALF && lo_odd);
    }
}

static void add_flags(unsigned *flags, unsigned f)
{
    if (flags) {
        *flags |= f;
    }
}

/* Infinity of a format that has one: in both BINARY and HiF8 it is the
 * encoding after the largest finite value. */
static uint64_t float_inf(const TileDTypeInfo *d, bool neg)
{
    return (neg ? d->min_raw : d->max_raw) + (1ull << d->low_zero_bits);
}

/*
 * A floating result that overflows: SAT, a format with neither infinity
 * nor NaN, and the IEEE directed cases (RTZ, RTO, RUP of a negative and RDN
 * of a positive value) give the largest finite value; otherwise infinity,
 * or the canonical NaN where the format has no infinity (E4M3).
 */
static uint64_t float_overflow(const TileDTypeInfo *d, bool neg, TileRound rm,
                               unsigned opts, unsigned *flags)
{
    bool to_max = (opts & TILE_NUM_SAT) || !(d->has_inf || d->has_nan) ||
                  rm == TILE_RND_RTZ || rm == TILE_RND_RTO ||
                  (rm == TILE_RND_RUP && neg) || (rm == TILE_RND_RDN && !neg);

    add_flags(flags, TILE_NUM_OF | TILE_NUM_NX);
    if (to_max) {
        return neg ? d->min_raw : d->max_raw;
    }
    if (d->has_inf) {
        return float_inf(d, neg);
    }
    return d->nan_raw;
}

static uint64_t binary_round(const TileDTypeInfo *d, const TileNumExact *x,
                             TileRound rm, unsigned opts, unsigned *flags)
{
    unsigned m = d->frac_bits;
    int emin = binary_emin(d);
    int emax = (int)((d->max_raw >> (d->low_zero_bits + m)) &
                     mask_bits(d->exp_bits)) - d->bias;
    uint64_t sign = (uint64_t)x->neg << sign_pos(d);
    uint64_t k, code, max_code = (d->max_raw >> d->low_zero_bits) &
                                 mask_bits(d->exp_bits + m);
    Rest rest;
    int e;

    if (x->sig == 0) {
        return sign;
    }
    e = x->exp + msb64(x->sig);
    if (e > emax) {
        return float_overflow(d, x->neg, rm, opts, flags);
    }
    rest = split_at(x, (e < emin ? emin : e) - (int)m, &k);
    k += round_away(rm, x->neg, rest, k & 1);
    /* The hidden bit in k carries into the exponent field by itself. */
    code = e < emin ? k : ((uint64_t)(e - emin) << m) + k;
    if (code > max_code) {
        return float_overflow(d, x->neg, rm, opts, flags);
    }
    if (rest != REST_ZERO) {
        bool tiny;

        if (!d->has_subnormal) {
            /* Below the smallest nonzero magnitude. */
            tiny = e < emin - (int)m;
        } else if (e < emin - 1) {
            tiny = true;
        } else if (e == emin - 1) {
            /* Tininess after rounding: would the value, rounded to the
             * format's precision with an unbounded exponent, reach 2^emin? */
            uint64_t k2;
            Rest r2 = split_at(x, e - (int)m, &k2);

            k2 += round_away(rm, x->neg, r2, k2 & 1);
            tiny = k2 < (2ull << m);
        } else {
            tiny = false;
        }
        add_flags(flags, TILE_NUM_NX | (tiny ? TILE_NUM_UF : 0));
    }
    return sign | (code << d->low_zero_bits);
}

/* The HiF8 encoding of the magnitude k * 2^qe, which must be representable
 * (zero, a denormal power of two, or a normal value up to 2^15). */
static unsigned hif8_encode_mag(uint64_t k, int qe)
{
    unsigned mbits, se;
    uint64_t frac;
    int e, a, shift;

    if (k == 0) {
        return 0;
    }
    e = qe + msb64(k);
    if (e < HIF8_EMIN) {
        return (unsigned)(e + 23);
    }
    mbits = hif8_mant_bits(e);
    shift = qe - (e - (int)mbits);
    frac = (shift >= 0 ? k << shift : k >> -shift) & mask_bits(mbits);
    a = e < 0 ? -e : e;
    se = e < 0;
    if (a == 0) {
        return 0x08 | (unsigned)frac;
    }
    if (a == 1) {
        return 0x10 | se << 3 | (unsigned)frac;
    }
    if (a <= 3) {
        return 0x20 | se << 4 | (unsigned)(a - 2) << 3 | (unsigned)frac;
    }
    if (a <= 7) {
        return 0x40 | se << 4 | (unsigned)(a - 4) << 2 | (unsigned)frac;
    }
    return 0x60 | se << 4 | (unsigned)(a - 8) << 1 | (unsigned)frac;
}

/*
 * HiF8 rounding: the two candidates around the value are consecutive
 * multiples of the quantum of its binade (2^(e - mantissa bits) for normal
 * binades, 2^e for the denormal powers of two, 2^-22 below them).  Ties to
 * even compare the candidates' encodings (their bit 0), as round to odd does.
 */
static uint64_t hif8_round(const TileDTypeInfo *d, const TileNumExact *x,
                           TileRound rm, unsigned opts, unsigned *flags)
{
    uint64_t k;
    unsigned code;
    Rest rest;
    int e, qe, er;

    if (x->sig == 0) {
        return 0;                       /* HiF8 has one zero */
    }
    e = x->exp + msb64(x->sig);
    if (e > HIF8_EMAX) {
        return float_overflow(d, x->neg, rm, opts, flags);
    }
    if (e >= HIF8_EMIN) {
        qe = e - (int)hif8_mant_bits(e);
    } else {
        qe = e < HIF8_DENORM_EMIN ? HIF8_DENORM_EMIN : e;
    }
    rest = split_at(x, qe, &k);
    k += round_away(rm, x->neg, rest, hif8_encode_mag(k, qe) & 1);
    er = k ? qe + msb64(k) : HIF8_DENORM_EMIN - 1;
    if (er > HIF8_EMAX || (er == HIF8_EMAX && (k & (k - 1)))) {
        return float_overflow(d, x->neg, rm, opts, flags);
    }
    code = hif8_encode_mag(k, qe);
    if (rest != REST_ZERO) {
        add_flags(flags, TILE_NUM_NX | (er < HIF8_EMIN ? TILE_NUM_UF : 0));
    }
    return code ? (x->neg ? 0x80u : 0) | code : 0;
}

/*
 * PTO-TCVT-E8M0-PROFILE-001 for a finite value: zero and negative values
 * are invalid; the exponent f = floor(log2 |x|) must lie in -127..127 (and
 * an inexact value with f = 127 overflows) before it is rounded in the
 * exponent domain: RDN keeps f, RUP takes f + 1, RTZ moves toward exponent
 * zero, RTO picks the odd one and the nearest modes compare with sqrt(2)
 * (never a tie for a finite significand).
 */
static uint64_t e8m0_round(const TileNumExact *x, TileRound rm,
                           unsigned opts, unsigned *flags)
{
    bool sat = opts & TILE_NUM_SAT;
    bool exact;
    uint64_t norm;
    int f, h;

    if (x->sig == 0 || x->neg) {
        add_flags(flags, TILE_NUM_NV);
        return 0xff;
    }
    h = msb64(x->sig);
    f = x->exp + h;
    exact = x->sig == (1ull << h) && !x->sticky;
    if (f < -127) {
        add_flags(flags, TILE_NUM_UF | TILE_NUM_NX);
        return sat ? 0x00 : 0xff;
    }
    if (f > 127 || (f == 127 && !exact)) {
        add_flags(flags, TILE_NUM_OF | TILE_NUM_NX);
        return sat ? 0xfe : 0xff;
    }
    if (!exact) {
        switch (rm) {
        case TILE_RND_RDN:
            break;
        case TILE_RND_RUP:
            f++;
            break;
        case TILE_RND_RTZ:
            f += f < 0;
            break;
        case TILE_RND_RTO:
            f += (f & 1) == 0;
            break;
        default:
            norm = x->sig << (63 - h);
            f += norm > TILE_NUM_SQRT2_Q63 || (norm == TILE_NUM_SQRT2_Q63 && x->sticky);
            break;
        }
        add_flags(flags, TILE_NUM_NX);
    }
    return (uint64_t)(f + 127);
}

/*
 * An integer destination of `width` bits: round to an integer, then check
 * the range.  Out of range gives the clamped value with SAT (OF NX), the
 * value modulo 2^width with WRAP (OF NX), else the indefinite value (NV):
 * the minimum of a signed type, the maximum of an unsigned one.
 */
uint64_t tile_num_round_int(const TileNumExact *x, unsigned width, bool is_signed,
                            TileRound rm, unsigned opts, unsigned *flags)
{
    uint64_t mask = mask_bits(width);
    uint64_t min_raw = is_signed ? 1ull << (width - 1) : 0;
    uint64_t max_raw = is_signed ? min_raw - 1 : mask;
    uint64_t lim_pos = max_raw;
    uint64_t lim_neg = min_raw;                 /* magnitudes */
    uint64_t k = 0;
    Rest rest = REST_ZERO;
    bool over = false;

    if (x->sig != 0) {
        int e = x->exp + msb64(x->sig);

        if (e >= 64) {
            over = true;
            k = x->exp >= 64 ? 0 : x->sig << x->exp;
        } else {
            rest = split_at(x, 0, &k);
            if (round_away(rm, x->neg, rest, k & 1)) {
                over = ++k == 0;
            }
        }
    }
    over = over || k > (x->neg ? lim_neg : lim_pos);
    if (over) {
        if (opts & TILE_NUM_SAT) {
            add_flags(flags, TILE_NUM_OF | TILE_NUM_NX);
            return x->neg ? min_raw : max_raw;
        }
        if (opts & TILE_NUM_WRAP) {
            add_flags(flags, TILE_NUM_OF | TILE_NUM_NX);
            return (x->neg ? -k : k) & mask;
        }
        add_flags(flags, TILE_NUM_NV);
        return is_signed ? min_raw : max_raw;
    }
    if (rest != REST_ZERO) {
        add_flags(flags, TILE_NUM_NX);
    }
    return (x->neg ? -k : k) & mask;
}

uint64_t tile_num_round(TileDType t, const TileNumExact *x, TileRound rm,
                        unsigned opts, unsigned *flags)
{
    const TileDTypeInfo *d = tile_dtype_info(t);

    if (!d) {
        add_flags(flags, TILE_NUM_NV);
        return 0;
    }
    switch (d->kind) {
    case TILE_KIND_BINARY:
        return binary_round(d, x, rm, opts, flags);
    case TILE_KIND_HIF8:
        return hif8_round(d, x, rm, opts, flags);
    case TILE_KIND_E8M0:
        return e8m0_round(x, rm, opts, flags);
    case TILE_KIND_SIGNED:
    case TILE_KIND_UNSIGNED:
        return tile_num_round_int(x, d->width, d->is_signed, rm, opts, flags);
    }
    return 0;
}

/* ---- The B.FPATR reference encoders -------------------------------------- */

/* floor(log2 |x|) of a nonzero exact value. */
static int exact_log2(const TileNumExact *x)
{
    return x->exp + msb64(x->sig);
}

/* |x| > |y| for nonzero exact values with sticky clear. */
static bool exact_mag_above(const TileNumExact *x, const TileNumExact *y)
{
    int ex = exact_log2(x), ey = exact_log2(y);

    if (ex != ey) {
        return ex > ey;
    }
    return x->sig << (63 - msb64(x->sig)) > y->sig << (63 - msb64(y->sig));
}

uint64_t tile_num_round_reference(TileDType t, const TileNumExact *x, TileRound rm,
                                  bool sat, unsigned *flags)
{
    const TileDTypeInfo *d = tile_dtype_info(t);
    bool narrow = t == TILE_DT_E4M3 || t == TILE_DT_HIF8;
    int emin = t == TILE_DT_HIF8 ? HIF8_EMIN : binary_emin(d);
    unsigned f = 0;
    uint64_t r;

    if (x->sig == 0) {
        return 0;
    }
    if (narrow) {
        TileNumExact max;

        tile_num_exact(t, d->max_raw, &max);
        if (exact_mag_above(x, &max)) {
            add_flags(flags, TILE_NUM_OF | TILE_NUM_NX);
            if (sat) {
                return x->neg ? d->min_raw : d->max_raw;
            }
            return d->has_inf ? float_inf(d, x->neg) : d->nan_raw;
        }
    }
    r = tile_num_round(t, x, rm, sat ? TILE_NUM_SAT : 0, &f);
    if ((f & TILE_NUM_OF) && !sat) {
        r = float_inf(d, x->neg);
    }
    if (narrow && tile_num_class_is_zero(tile_num_classify(t, r))) {
        r = 0;
    }
    f &= ~TILE_NUM_UF;
    if ((f & TILE_NUM_NX) && !(f & TILE_NUM_OF) && exact_log2(x) < emin) {
        f |= TILE_NUM_UF;
    }
    add_flags(flags, f);
    return r;
}

/* ---- Conversion --------------------------------------------------------- */

static bool is_integer(const TileDTypeInfo *d)
{
    return d->kind == TILE_KIND_SIGNED || d->kind == TILE_KIND_UNSIGNED;
}

/* TileConvertIntegerValue: wrap through the source then the destination
 * width, or clamp to the destination range.  No flags. */
static uint64_t int_to_int(const TileDTypeInfo *dd, const TileDTypeInfo *sd,
                           uint64_t raw, bool sat)
{
    uint64_t v = tile_int_normalize(sd->code, raw);
    bool neg = sd->is_signed && (int64_t)v < 0;

    if (sat) {
        if (neg) {
            if (!dd->is_signed) {
                return 0;
            }
            if ((int64_t)v < (int64_t)tile_int_normalize(dd->code,
                                                         dd->min_raw)) {
                return dd->min_raw;
            }
        } else if (v > dd->max_raw) {
            return dd->max_raw;
        }
    }
    return v & mask_bits(dd->width);
}

/*
 * The result of a NaN (or invalid encoding) source: an integer gets the
 * indefinite value, or zero with SAT (NV either way); E8M0 its NaN (NV); a
 * format without NaN zero (NV); any other format its canonical NaN, or zero
 * with SAT (NV only for a signaling source).
 */
static uint64_t convert_nan(const TileDTypeInfo *dd, bool signaling,
                            unsigned opts, unsigned *flags)
{
    bool sat = opts & TILE_NUM_SAT;

    if (is_integer(dd)) {
        add_flags(flags, TILE_NUM_NV);
        return sat ? 0 : dd->is_signed ? dd->min_raw : dd->max_raw;
    }
    if (dd->kind == TILE_KIND_E8M0) {
        add_flags(flags, TILE_NUM_NV);
        return dd->nan_raw;
    }
    if (!dd->has_nan) {
        add_flags(flags, TILE_NUM_NV);
        return 0;
    }
    add_flags(flags, signaling ? TILE_NUM_NV : 0);
    return sat ? 0 : dd->nan_raw;
}

/*
 * The result of an infinite source: an integer gets the indefinite value
 * (NV), or with SAT the clamped one (OF NX); E8M0 NaN for -inf (NV), else
 * PTO-TCVT-E8M0-PROFILE-001's 0xFF or with SAT 0xFE (OF NX); a format with
 * infinity keeps it (no flags) unless SAT clamps it (OF NX); E4M3 gives its
 * NaN and the formats with neither the largest finite value (OF NX).
 */
static uint64_t convert_inf(const TileDTypeInfo *dd, bool neg, unsigned opts,
                            unsigned *flags)
{
    bool sat = opts & TILE_NUM_SAT;
    uint64_t max = neg ? dd->min_raw : dd->max_raw;

    if (is_integer(dd)) {
        add_flags(flags, sat ? TILE_NUM_OF | TILE_NUM_NX : TILE_NUM_NV);
        return sat ? max : dd->is_signed ? dd->min_raw : dd->max_raw;
    }
    if (dd->kind == TILE_KIND_E8M0) {
        add_flags(flags, neg ? TILE_NUM_NV : TILE_NUM_OF | TILE_NUM_NX);
        return sat && !neg ? dd->max_raw : dd->nan_raw;
    }
    if (dd->has_inf && !sat) {
        return float_inf(dd, neg);
    }
    add_flags(flags, TILE_NUM_OF | TILE_NUM_NX);
    return dd->has_nan && !sat ? dd->nan_raw : max;
}

uint64_t tile_num_convert(TileDType dst, TileDType src, uint64_t raw,
                          TileRound rm, unsigned opts, unsigned *flags)
{
    const TileDTypeInfo *dd = tile_dtype_info(dst);
    const TileDTypeInfo *sd = tile_dtype_info(src);
    TileNumClass c;
    TileNumExact x;

    if (!dd || !sd) {
        add_flags(flags, TILE_NUM_NV);
        return 0;
    }
    if (is_integer(dd) && is_integer(sd)) {
        return int_to_int(dd, sd, raw, opts & TILE_NUM_SAT);
    }
    c = tile_num_classify(src, raw);
    if (c == TILE_NUM_INVALID || tile_num_class_is_nan(c)) {
        return convert_nan(dd, c != TILE_NUM_QNAN, opts, flags);
    }
    if (tile_num_class_is_inf(c)) {
        return convert_inf(dd, c == TILE_NUM_NEG_INF, opts, flags);
    }
    tile_num_exact(src, raw, &x);
    return tile_num_round(dst, &x, rm, opts, flags);
}

uint64_t tile_num_from_double(TileDType t, double v, TileRound rm,
                              unsigned opts, unsigned *flags)
{
    uint64_t raw;

    memcpy(&raw, &v, sizeof(raw));
    return tile_num_convert(t, TILE_DT_FP64, raw, rm, opts, flags);
}

uint64_t tile_num_one(TileDType t)
{
    unsigned flags = 0;

    return tile_num_from_double(t, 1.0, TILE_RND_RNE, 0, &flags);     /* exact */
}

bool tile_num_tcvt_supported(TileDType dst, TileDType src)
{
    if (!tile_dtype_info(dst) || !tile_dtype_info(src)) {
        return false;
    }
    if (dst == TILE_DT_E8M0) {
        return src == TILE_DT_FP16 || src == TILE_DT_BF16 ||
               src == TILE_DT_FP32;
    }
    return true;
}

/* ---- Rounding-mode selectors -------------------------------------------- */

TileRound tile_round_from_rmode(unsigned rmode, TileRound op_default)
{
    rmode &= 7;
    return rmode ? (TileRound)rmode : op_default;
}

TileRound tile_round_tcvt_default(TileDType dst)
{
    const TileDTypeInfo *d = tile_dtype_info(dst);

    return d && is_integer(d) ? TILE_RND_RTZ : TILE_RND_RNE;
}

TileRound tile_round_from_frm(unsigned frm)
{
    switch (frm & 7) {
    case 1:
        return TILE_RND_RDN;
    case 2:
        return TILE_RND_RUP;
    case 3:
        return TILE_RND_RTZ;
    default:
        return TILE_RND_RNE;
    }
}
