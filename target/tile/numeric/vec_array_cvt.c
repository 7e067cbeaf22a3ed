/*
 * PTO Tile CPU: TCVT over arrays (see vec_array.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Bit for bit and flag for flag vec_convert() (PTO-TILE-MODEL-EXECUTION-
 * TCVT): the pairs of FP32, FP16, BF16, FP64 and the integers of 8 to 32
 * bits in host vectors (binary64 lanes rounded once, vec_round.h; into an
 * integer the value rounded, range-checked, clamped or made indefinite),
 * FP32 into FP8 in binary32 lanes, a one-byte or 4-bit source by a table
 * of its results, FP32 / FP16 / BF16 into HiF8 by a table of keys; every
 * lane the fast paths cannot decide, and every other pair, by
 * vec_convert().
 */

#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "numeric/vec_array.h"
#include "numeric/elem_util.h"
#include "numeric/vec_round.h"

/*
 * Served by vectors: FP32, FP16, BF16, FP64 and the integers of 8 to 32
 * bits into FP32, FP16, BF16, E4M3, E5M2, E3M2, E2M3 and those integers
 * (not integer into integer), in every rounding mode.  Each source value is exact in a
 * double.  Into a floating type, round_double() gives the rounding of that
 * exact value (err = 0) and sets apart the lanes that are not normal
 * there; into an integer type the rounded value is the result where it
 * lies in the type's range, and out of it (NaN and infinities too) Sat's
 * bound or the indefinite value, as tile_num_round_int():
 * PTO-TILE-MODEL-EXECUTION-TCVT, TileNumericRoundToInteger.  Between FP32
 * and FP16 / BF16 the lanes stay binary32 (convert_chunks(); narrowing to
 * nearest even only).  Every other pair and lane converts one element at
 * a time through vec_convert().
 */
static bool small_int(unsigned dt)
{
    unsigned w = tile_dtype_info(dt)->width;

    return vec_type_integer(dt) && w >= 8 && w <= 32;
}

/* an element's bytes in the TCVT arrays: a 4-bit one takes a byte */
static unsigned array_bytes(unsigned dt)
{
    unsigned w = tile_dtype_info(dt)->width;

    return w < 8 ? 1 : w / 8;
}

static void convert_elements(unsigned dst, unsigned src, unsigned rmode, bool sat,
                             unsigned lanes, const void *in, void *out, size_t i,
                             unsigned *flags)
{
    unsigned sb = array_bytes(src), db = array_bytes(dst);
    uint64_t mask = tile_dtype_info(src)->width < 8 ? 0xf : UINT64_MAX;

    for (unsigned j = 0; lanes; j++, lanes >>= 1) {
        if (lanes & 1) {
            raw_put(db, out, i + j, vec_convert(dst, src, raw_get(sb, in, i + j) & mask, rmode,
                                                sat, false, flags));
        }
    }
}

/* cnt source elements (a float type or a small integer) as exact doubles */
INLINE void convert_load(unsigned src, const void *in, size_t i, unsigned cnt, f64x4 d[2])
{
    if (vec_array_float_type(src)) {
        widen_halves(widen(src, load_raw(src, in, i, cnt)), d);
        return;
    }
    if (src == TILE_DT_FP64) {          /* the values themselves */
        chunk_in(d, 64, in, i * 8, cnt * 8);
        return;
    }
    const TileDTypeInfo *sd = tile_dtype_info(src);
    unsigned sb = sd->width / 8, up = 64 - sd->width;
    double v[LANES] = { 0 };

    if (sb == 4) {
        u32x8 w;
        chunk_in(&w, 32, in, i * 4, cnt * 4);
        if (sd->is_signed) {
            i32x4 h[2];
            memcpy(h, &w, sizeof(h));
            d[0] = __builtin_convertvector(h[0], f64x4);
            d[1] = __builtin_convertvector(h[1], f64x4);
        } else {
            u32x4 h[2];
            memcpy(h, &w, sizeof(h));
            d[0] = __builtin_convertvector(h[0], f64x4);
            d[1] = __builtin_convertvector(h[1], f64x4);
        }
        return;
    }

    for (unsigned k = 0; k < cnt; k++) {
        uint64_t x = raw_get(sb, in, i + k) << up;
        v[k] = sd->is_signed ? (double)((int64_t)x >> up) : (double)(x >> up);
    }
    memcpy(d, v, sizeof(v));
}

/*
 * Into an integer type of at most 32 bits, whose range is [lo, hi]: the
 * value rounded in mode rm, in range, inexact.  Adding and taking away
 * 1.5 * 2^52 rounds any |x| < 2^51 to nearest even (the host's mode);
 * in another mode the truncation follows from it, and round_increment()
 * decides from what the truncation dropped (exact: |d| < 2^51).
 */
INLINE void convert_to_int(TileRound rm, double lo, double hi, f64x4 d, i64x4 *ok, i64x4 *nx,
                           i64x4 *val)
{
    const i64x4 one = (i64x4)((f64x4){ 0 } + 1.0), sign = (i64x4){ 0 } + INT64_MIN;
    f64x4 r = (d + 0x1.8p52) - 0x1.8p52;

    if (rm == TILE_RND_RTZ) {   /* the host's conversion truncates */
        *ok = (d > lo - 1) & (d < hi + 1);
        *val = __builtin_convertvector((f64x4)((i64x4)d & *ok), i64x4);
        *nx = (__builtin_convertvector(*val, f64x4) != d) & *ok;
        return;
    }
    if (rm != TILE_RND_RNE) {
        i64x4 neg = d < 0;
        /* toward zero: a unit back where nearest went past d, away from 0 */
        f64x4 t = r - (f64x4)(one & (r > d) & ~neg) + (f64x4)(one & (r < d) & neg);
        f64x4 rest = (f64x4)((i64x4)(d - t) & ~sign), half_t = t * 0.5;
        i64x4 odd = ((half_t + 0x1.8p52) - 0x1.8p52) != half_t;
        i64x4 inc = round_increment(rm, rest > 0.5, rest == 0.5, rest != 0, odd, neg);

        r = t + (f64x4)((one | ((i64x4)d & sign)) & inc);      /* a unit away from 0 */
    }
    *ok = (r >= lo) & (r <= hi);
    /* out-of-range lanes (NaN included) become 0 before the conversion */
    *val = __builtin_convertvector((f64x4)((i64x4)r & *ok), i64x4);
    *nx = (r != d) & *ok;
}

/*
 * The lanes of d (exact values) below dt's smallest normal, 2^(1 - bias),
 * and not zero: the value scaled by 2^(m + bias - 1) (exact) rounded in
 * mode rm to an integer k is the subnormal result's magnitude encoding
 * (the exponent field zero) where k < 2^m; tiny both before and after
 * rounding, so UF (with NX) exactly when inexact (IEEE 754's default, as
 * the element rule).  k = 2^m, the smallest normal, takes the element
 * rule.  The other lanes keep res, ok and nx.
 */
INLINE u32x4 convert_tiny(unsigned dt, TileRound rm, f64x4 d, u32x4 res, i64x4 *ok, i64x4 *nx,
                          i64x4 *uf_acc)
{
    const unsigned m = frac_bits(dt);
    const double min_normal = ldexp(1.0, (int)(1 - exp_bias(dt)));
    const double scale = ldexp(1.0, (int)(m + exp_bias(dt) - 1));
    const double top = (double)((1u << m) - 1);
    f64x4 ad = (f64x4)((u64x4)d & UINT64_C(0x7fffffffffffffff));
    i64x4 tiny = (ad < min_normal) & ~*ok, k_ok, k_nx, k;   /* (zero is ok) */

    if (!any64(tiny)) {
        return res;
    }
    convert_to_int(rm, -top, top, d * scale, &k_ok, &k_nx, &k);
    tiny &= k_ok;
    u64x4 sign = ((u64x4)d >> 63) << (m + exp_bits(dt));
    u64x4 enc = (u64x4)((k ^ (k >> 63)) - (k >> 63)) | sign;     /* |k| */
    u32x4 sub = low32(enc);
    i32x4 pick = __builtin_convertvector(tiny, i32x4);

    *ok |= tiny;
    *nx = (*nx & ~tiny) | (k_nx & tiny);
    *uf_acc |= k_nx & tiny;
    if (dt == TILE_DT_TF32 || dt == TILE_DT_HF32) {
        sub <<= 23 - m;
    }
    return (res & (u32x4)~pick) | (sub & (u32x4)pick);
}

/* the one-byte floating types round_double() rounds into (not HiF8,
 * whose fields vary, nor E8M0) */
static bool byte_float(unsigned dt)
{
    return dt == TILE_DT_E4M3 || dt == TILE_DT_E5M2 || dt == TILE_DT_E3M2 ||
           dt == TILE_DT_E2M3;
}

static bool convert_vectors(unsigned dst, unsigned src)
{
    if (!(vec_array_float_type(src) || src == TILE_DT_FP64 || small_int(src))) {
        return false;
    }
    return vec_array_float_type(dst) || byte_float(dst) || (small_int(dst) && !small_int(src));
}

INLINE void convert_chunks(unsigned dst, unsigned src, TileRound rm, unsigned rmode, bool sat,
                           const void *in, void *out, size_t n, unsigned *flags)
{
    const TileDTypeInfo *dd = tile_dtype_info(dst);
    const unsigned db = dd->width / 8;
    const double lo = dd->is_signed ? -(double)(UINT64_C(1) << (dd->width - 1)) : 0;
    const double hi = (double)((UINT64_C(1) << (dd->width - !!dd->is_signed)) - 1);
    /* the indefinite value: a signed type's minimum, an unsigned one's maximum */
    const int64_t indefinite = dd->is_signed ? (int64_t)lo : (int64_t)hi;
    i64x4 nx_acc = { 0 }, of_acc = { 0 }, nv_acc = { 0 }, uf_acc = { 0 };
    i32x8 nx32_acc = { 0 };

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f64x4 d[2];
        i64x4 ok[2], nx[2];

        if (vec_array_float_type(src) && vec_array_float_type(dst) &&
            (src == TILE_DT_FP32) != (dst == TILE_DT_FP32) &&
            (src != TILE_DT_FP32 || rm == TILE_RND_RNE)) {
            /*
             * Between FP32 and FP16 / BF16 in 32-bit lanes: narrowing
             * (to nearest even; the other modes through binary64 below)
             * rounds a binary32 magnitude at once (as float_arith()), right
             * where the result is normal and finite or the value zero;
             * widening is exact, right for finite values that are normal
             * in FP32 (or zero).
             */
            u32x8 raw = load_raw(src, in, i, cnt), res, mag;
            i32x8 ok32;

            if (src == TILE_DT_FP32) {
                mag = raw & 0x7fffffff;
                if (dst == TILE_DT_FP16) {
                    res = fp16_normal_of_f32(mag);
                    ok32 = ((i32x8)mag >= 0x38800000) & ((i32x8)res < 0x7c00);
                    nx32_acc |= ok32 & (i32x8)((mag & 0x1fff) != 0);
                } else {
                    res = bf16_normal_of_f32(mag);
                    ok32 = ((i32x8)mag >= 0x00800000) & ((i32x8)res < 0x7f80);
                    nx32_acc |= ok32 & (i32x8)((mag & 0xffff) != 0);
                }
                ok32 |= (i32x8)(mag == 0);
                res = (res & (u32x8)~(i32x8)(mag == 0)) | ((raw >> 16) & 0x8000);
            } else {
                res = (u32x8)widen(src, raw);
                mag = res & 0x7fffffff;
                ok32 = (((i32x8)mag >= 0x00800000) & ((i32x8)mag < 0x7f800000)) |
                       (i32x8)(mag == 0);
            }
            store_raw(dst, out, i, cnt, res);
            if (any32(~ok32)) {
                convert_elements(dst, src, rmode, sat, ~lane_bits(ok32) & ((1u << cnt) - 1), in,
                                 out, i, flags);
            }
            continue;
        }
        convert_load(src, in, i, cnt, d);
        if (vec_array_float_type(dst) || byte_float(dst)) {
            u32x4 res[2];
            u32x8 res8;

            for (unsigned h = 0; h < 2; h++) {
                res[h] = round_double(dst, rm, d[h], (i64x4){ 0 }, &ok[h], &nx[h]);
                if (!all64(ok[h])) {
                    res[h] = convert_tiny(dst, rm, d[h], res[h], &ok[h], &nx[h], &uf_acc);
                }
            }
            /* (overflow, NaN, a tiny value rounding up to the smallest
             * normal by the element rule) */
            memcpy(&res8, res, sizeof(res8));
            store_raw(dst, out, i, cnt, res8);
        } else {
            i64x4 val[2];
            for (unsigned h = 0; h < 2; h++) {
                convert_to_int(rm, lo, hi, d[h], &ok[h], &nx[h], &val[h]);
                /* out of range (infinities and NaN included), as
                 * tile_num_round_int() and convert_nan() / convert_inf():
                 * with Sat the bound on the value's side (OF NX; a NaN 0,
                 * NV), else the indefinite value (NV) */
                i64x4 live = (i64x4){ 0, 1, 2, 3 } + 4 * h < (int64_t)cnt;
                i64x4 nan = (i64x4)(d[h] != d[h]) & ~ok[h] & live;
                i64x4 over = ~ok[h] & ~nan & live, neg = (i64x4)(d[h] < 0);
                i64x4 bound = (neg & (int64_t)lo) | (~neg & (int64_t)hi);
                i64x4 fix = sat ? bound & ~nan : (i64x4){ 0 } + indefinite;

                val[h] = (val[h] & ok[h]) | (fix & ~ok[h]);
                if (sat) {
                    of_acc |= over;
                } else {
                    nv_acc |= over;
                }
                nv_acc |= nan;
                ok[h] = ok[h] | over | nan;     /* every lane done */
            }
            u32x4 low[2] = { low32((u64x4)val[0]), low32((u64x4)val[1]) };
            u32x8 words;

            memcpy(&words, low, sizeof(words));
            if (db == 4) {
                chunk_out(out, i * 4, &words, 32, cnt * 4);
            } else if (db == 2) {
                u16x8 halves = __builtin_convertvector(words, u16x8);
                chunk_out(out, i * 2, &halves, 16, cnt * 2);
            } else {
                u8x8 bytes = __builtin_convertvector(words, u8x8);
                chunk_out(out, i, &bytes, 8, cnt);
            }
        }
        nx_acc |= (nx[0] & ok[0]) | (nx[1] & ok[1]);
        if (!all64(ok[0] & ok[1])) {
            convert_elements(dst, src, rmode, sat, ~lanes_set(ok[0], ok[1]) & ((1u << cnt) - 1),
                             in, out, i, flags);
        }
    }
    if (any64(nx_acc) || any32(nx32_acc)) {
        *flags |= TILE_NUM_NX;
    }
    if (any64(of_acc)) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
    }
    if (any64(nv_acc)) {
        *flags |= TILE_NUM_NV;
    }
    if (any64(uf_acc)) {
        *flags |= TILE_NUM_UF | TILE_NUM_NX;
    }
}

/*
 * FP32 into E4M3 or E5M2, rounded to nearest even, in 32-bit lanes: the
 * magnitude rounded at once at the destination's last mantissa bit
 * (f32_round_at(), as fp16_normal_of_f32()), then the exponent bias moved, is right where the
 * value is zero or its magnitude lies between the destination's smallest
 * normal and its largest finite value (so that it rounds to a normal
 * number and can overflow under no rule: PTO-TILE-MODEL-EXECUTION-TCVT);
 * NX where bits were dropped.  Every other lane converts through
 * vec_convert() (subnormal results, overflow, NaN, infinity).
 */
INLINE void convert_f32_to_fp8(unsigned dst, unsigned rmode, bool sat, const void *in,
                               void *out, size_t n, unsigned *flags)
{
    const bool e4m3 = dst == TILE_DT_E4M3;
    /* the bits dropped; the smallest normal and largest finite magnitudes
     * as FP32 encodings; the rebias (127 - 7 or 127 - 15, in the field) */
    const unsigned drop = e4m3 ? 20 : 21;
    const uint32_t lo = e4m3 ? 0x3c800000 : 0x38800000, hi = e4m3 ? 0x43e00000 : 0x47600000;
    const uint32_t rebias = e4m3 ? 120u << 3 : 112u << 2;
    i32x8 nx_acc = { 0 };

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        u32x8 raw = load_raw(TILE_DT_FP32, in, i, cnt), mag = raw & 0x7fffffff, res;
        i32x8 ok, zero = (i32x8)(mag == 0);
        u8x8 bytes;

        res = f32_round_at(mag, drop) - rebias;
        ok = ((i32x8)mag >= (int32_t)lo) & ((i32x8)mag <= (int32_t)hi);
        nx_acc |= ok & (i32x8)((mag & ((1u << drop) - 1)) != 0);
        res = (res & (u32x8)~(zero | ~ok)) | ((raw >> 24) & 0x80);
        bytes = __builtin_convertvector(res, u8x8);
        chunk_out(out, i, &bytes, 8, cnt);
        ok |= zero;
        if (any32(~ok)) {
            convert_elements(dst, TILE_DT_FP32, rmode, sat, ~lane_bits(ok) & ((1u << cnt) - 1),
                             in, out, i, flags);
        }
    }
    if (any32(nx_acc)) {
        *flags |= TILE_NUM_NX;
    }
}

/*
 * Into E8M0 from FP32, FP16 or BF16 (widened exactly into binary32 lanes),
 * as PTO-TCVT-E8M0-PROFILE-001 (e8m0_round(), tile_numeric.c): a zero or a
 * negative finite value gives 0xff with NV; a positive normal binary32
 * value of exponent f (-126..127) gives f + 127 when its significand is 1,
 * else (NX) f rounded in the exponent domain: RDN keeps f, RUP adds one,
 * RTZ moves toward exponent zero, RTO takes the odd one, the nearest modes
 * add one above sqrt(2) (a 24-bit significand above 0xb504f3; sqrt(2) is
 * none).  An inexact f = 127 overflows: it, NaN, infinities and binary32
 * subnormals take vec_convert().
 */
INLINE void convert_to_e8m0(unsigned src, TileRound rm, unsigned rmode, bool sat,
                            const void *in, void *out, size_t n, unsigned *flags)
{
    i32x8 nx_acc = { 0 }, nv_acc = { 0 };

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        u32x8 raw = load_raw(src, in, i, cnt);
        u32x8 x = src == TILE_DT_FP32 ? raw : (u32x8)widen(src, raw);
        i32x8 e = (i32x8)((x >> 23) & 0xff), f = e - 127, up;
        u32x8 sig = (x & 0x7fffff) | 0x800000;
        i32x8 negative = (i32x8)x < 0, finite = e != 255;
        i32x8 live = (i32x8){ 0, 1, 2, 3, 4, 5, 6, 7 } < (int32_t)cnt;
        i32x8 invalid = (negative | (i32x8)((x & 0x7fffffff) == 0)) & finite & live;
        i32x8 inexact = (i32x8)((x & 0x7fffff) != 0);
        i32x8 normal = (e >= 1) & finite & ~negative;
        u8x8 bytes;

        switch (rm) {
        case TILE_RND_RDN:
            up = (i32x8){ 0 };
            break;
        case TILE_RND_RUP:
            up = inexact;
            break;
        case TILE_RND_RTZ:
            up = inexact & (f < 0);
            break;
        case TILE_RND_RTO:
            up = inexact & ((f & 1) == 0);
            break;
        default:
            up = inexact & (i32x8)(sig > 0xb504f3);
            break;
        }
        i32x8 ok = (normal & ~(inexact & (f == 127))) | invalid;
        i32x8 res = (f + 127 - up) | invalid;       /* (0xff where invalid) */

        bytes = __builtin_convertvector((u32x8)res, u8x8);
        chunk_out(out, i, &bytes, 8, cnt);
        nv_acc |= invalid;
        nx_acc |= normal & ok & inexact & live;
        ok |= ~live;
        if (any32(~ok)) {
            convert_elements(TILE_DT_E8M0, src, rmode, sat, ~lane_bits(ok) & ((1u << cnt) - 1),
                             in, out, i, flags);
        }
    }
    if (any32(nx_acc)) {
        *flags |= TILE_NUM_NX;
    }
    if (any32(nv_acc)) {
        *flags |= TILE_NUM_NV;
    }
}

/*
 * A one-byte source the vectors do not take (E4M3, E5M2, HiF8, E3M2,
 * E2M3, E8M0, and S8 / U8 into the integers, or into a floating type in
 * a directed mode): each of its 256 encodings converted once by
 * vec_convert() for the pair, mode and Sat in use, its result and its
 * own flags kept (the thread's last table, 2.3 KiB), then every element
 * looked up: the same bits and flags as element by element.
 */
typedef struct ByteTable {
    bool built;
    unsigned dst, src, rmode;
    bool sat;
    uint64_t out[256];
    uint8_t flags[256];
} ByteTable;

static _Thread_local ByteTable byte_table;

static const ByteTable *byte_table_for(unsigned dst, unsigned src, unsigned rmode, bool sat)
{
    ByteTable *t = &byte_table;

    if (!t->built || t->dst != dst || t->src != src || t->rmode != rmode || t->sat != sat) {
        unsigned count = tile_dtype_info(src)->width < 8 ? 16 : 256;

        for (unsigned x = 0; x < count; x++) {
            unsigned f = 0;

            t->out[x] = vec_convert(dst, src, x, rmode, sat, false, &f);
            t->flags[x] = f;
        }
        t->built = true;
        t->dst = dst;
        t->src = src;
        t->rmode = rmode;
        t->sat = sat;
    }
    return t;
}

INLINE void convert_bytes(unsigned dst, unsigned src, unsigned rmode, bool sat,
                          const void *in, void *out, size_t n, unsigned *flags)
{
    const ByteTable *t = byte_table_for(dst, src, rmode, sat);
    const uint8_t *x = in;
    unsigned db = array_bytes(dst), fl = 0;
    uint8_t mask = tile_dtype_info(src)->width < 8 ? 0xf : 0xff;

    for (size_t i = 0; i < n; i++) {
        unsigned k = x[i] & mask;

        raw_put(db, out, i, t->out[k]);
        fl |= t->flags[k];
    }
    *flags |= fl;
}

/* a word copy: each source element as the wider or narrower integer */
#define V0_WORDS(ST, DT)                                                            \
    for (size_t i = 0; i < n; i++) {                                                \
        ST x;                                                                       \
        DT y;                                                                       \
        memcpy(&x, (const uint8_t *)in + i * sizeof(x), sizeof(x));                 \
        y = (DT)x;                                                                  \
        memcpy((uint8_t *)out + i * sizeof(y), &y, sizeof(y));                      \
    }

#define V0_INTO(ST)                                                                 \
    switch (db) {                                                                   \
    case 1: V0_WORDS(ST, uint8_t); break;                                           \
    case 2: V0_WORDS(ST, uint16_t); break;                                          \
    case 4: V0_WORDS(ST, uint32_t); break;                                          \
    default: V0_WORDS(ST, uint64_t); break;                                         \
    }

/*
 * pto-v0 TCVT where a floating type takes part and the destination is not
 * E8M0: the source's word as the reference profile holds it
 * (tile_v0_word(): S8, S16, S32 sign-extended, every other type
 * zero-extended), its low bits into the destination, no flags
 * (TileProfileConvert, NormalizeTileInteger; vec_convert()).  The other
 * pairs convert as in the IEEE profile.
 */
HOST_CLONES
void vec_array_convert_v0(unsigned dst, unsigned src, unsigned rmode, bool sat, const void *in,
                          void *out, size_t n, unsigned *flags)
{
    const TileDTypeInfo *dd = tile_dtype_info(dst), *sd = tile_dtype_info(src);
    unsigned db = array_bytes(dst);

    if (!(dd->is_float || sd->is_float) || dst == TILE_DT_E8M0) {
        vec_array_convert(dst, src, rmode, sat, in, out, n, flags);
        return;
    }
    if (sd->width < 8 || dd->width < 8) {       /* a 4-bit element a byte */
        uint64_t sm = sd->width < 8 ? 0xf : UINT64_MAX, dm = dd->width < 8 ? 0xf : UINT64_MAX;

        for (size_t i = 0; i < n; i++) {
            uint64_t w = tile_v0_word(src, raw_get(array_bytes(src), in, i) & sm);
            raw_put(db, out, i, w & dm);
        }
        return;
    }
    switch (src) {
    case TILE_DT_S8:
        V0_INTO(int8_t);
        break;
    case TILE_DT_S16:
        V0_INTO(int16_t);
        break;
    case TILE_DT_S32:
        V0_INTO(int32_t);
        break;
    default:
        switch (sd->width) {
        case 8:
            V0_INTO(uint8_t);
            break;
        case 16:
            V0_INTO(uint16_t);
            break;
        case 32:
            V0_INTO(uint32_t);
            break;
        default:
            V0_INTO(uint64_t);
            break;
        }
    }
}

bool vec_array_convert_serves(unsigned dst, unsigned src)
{
    const TileDTypeInfo *dd = tile_dtype_info(dst), *sd = tile_dtype_info(src);

    return dd && sd && tile_num_tcvt_supported(dst, src);
}

/*
 * TCVT from FP32, FP16 and BF16 into HiF8 (PTO-ARCH-DATA-TYPES-FORMAT-
 * HIF8: at most three mantissa bits, a quantum that depends on the
 * binade) by table.  Every value's result and flags depend only on its
 * sign, its binary32 exponent field, the four fraction bits below the
 * leading one and whether any lower bit is set (the sticky bit): the
 * quantum keeps at most three of those fraction bits, the next one is
 * the rounding bit, and below the HiF8 range every nonzero value rounds
 * alike.  A table of the 2^14 such keys, each converted once by
 * vec_convert() from a binary32 value with that key, gives every
 * element's result and flags.  FP16 and BF16 values are widened exactly
 * to binary32 first (a NaN keeps its quiet bit).  One table for each
 * RMode and Sat (32 KiB each), built on first use; a thread that finds
 * one being built by another converts element by element meanwhile.
 */
#define HIF8_KEYS (1u << 14)

typedef struct Hif8Table {
    uint8_t out[HIF8_KEYS];
    uint8_t flags[HIF8_KEYS];
} Hif8Table;

enum { TABLE_EMPTY, TABLE_BUILDING, TABLE_BUILT };

static Hif8Table hif8_tables[8][2];
static _Atomic int hif8_state[8][2];

static inline unsigned hif8_key(uint32_t w)
{
    return (w >> 31) << 13 | ((w >> 23) & 0xff) << 5 | ((w >> 19) & 0xf) << 1 |
           ((w & 0x7ffff) != 0);
}

static const Hif8Table *hif8_table(unsigned rmode, bool sat)
{
    Hif8Table *t;
    int empty = TABLE_EMPTY;

    if (rmode >= 8) {
        return NULL;
    }
    t = &hif8_tables[rmode][sat];
    if (atomic_load_explicit(&hif8_state[rmode][sat], memory_order_acquire) == TABLE_BUILT) {
        return t;
    }
    if (!atomic_compare_exchange_strong(&hif8_state[rmode][sat], &empty, TABLE_BUILDING)) {
        return NULL;                    /* another thread builds it */
    }
    for (unsigned k = 0; k < HIF8_KEYS; k++) {
        /* the key's own value: its sticky bit as the lowest fraction bit */
        uint32_t w = (k >> 13) << 31 | ((k >> 5) & 0xff) << 23 | ((k >> 1) & 0xf) << 19 | (k & 1);
        unsigned f = 0;

        t->out[k] = vec_convert(TILE_DT_HIF8, TILE_DT_FP32, w, rmode, sat, false, &f);
        t->flags[k] = f;
    }
    atomic_store_explicit(&hif8_state[rmode][sat], TABLE_BUILT, memory_order_release);
    return t;
}

INLINE void convert_to_hif8(unsigned src, const Hif8Table *t, const void *in, void *out,
                            size_t n, unsigned *flags)
{
    uint8_t *o = out;
    unsigned fl = 0;

    for (size_t i = 0; i < n; i++) {
        uint32_t w = src == TILE_DT_FP32 ? (uint32_t)raw_get(4, in, i)
                     : src == TILE_DT_BF16 ? (uint32_t)raw_get(2, in, i) << 16
                     : elem_fp16_as_fp32(raw_get(2, in, i));
        unsigned k = hif8_key(w);

        o[i] = t->out[k];
        fl |= t->flags[k];
    }
    *flags |= fl;
}

HOST_CLONES
void vec_array_convert(unsigned dst, unsigned src, unsigned rmode, bool sat, const void *in,
                       void *out, size_t n, unsigned *flags)
{
    TileRound rm = tile_round_from_rmode(rmode, tile_round_tcvt_default(dst));
    const Hif8Table *hif8;

    if (dst == TILE_DT_HIF8 && vec_array_float_type(src) && (hif8 = hif8_table(rmode, sat))) {
        FLOAT_DISPATCH(src, convert_to_hif8(dt, hif8, in, out, n, flags));
        return;
    }
    if (src == TILE_DT_FP32 && (dst == TILE_DT_E4M3 || dst == TILE_DT_E5M2) &&
        rm == TILE_RND_RNE) {
        convert_f32_to_fp8(dst, rmode, sat, in, out, n, flags);
        return;
    }
    if (dst == TILE_DT_E8M0 && vec_array_float_type(src)) {      /* (its only sources) */
        FLOAT_DISPATCH(src, convert_to_e8m0(dt, rm, rmode, sat, in, out, n, flags));
        return;
    }
    if (!convert_vectors(dst, src)) {
        if (tile_dtype_info(src)->width <= 8) {
            convert_bytes(dst, src, rmode, sat, in, out, n, flags);
            return;
        }
        for (size_t i = 0; i < n; i += 32) {
            unsigned cnt = n - i < 32 ? n - i : 32;
            convert_elements(dst, src, rmode, sat, cnt == 32 ? ~0u : (1u << cnt) - 1, in, out,
                             i, flags);
        }
        return;
    }
    if (vec_array_float_type(dst) && vec_array_float_type(src)) {
        /* both types constant in each copy */
        switch (src) {
        case TILE_DT_FP32:
            FLOAT_DISPATCH(dst, convert_chunks(dt, TILE_DT_FP32, rm, rmode, sat, in, out, n,
                                               flags));
            break;
        case TILE_DT_FP16:
            FLOAT_DISPATCH(dst, convert_chunks(dt, TILE_DT_FP16, rm, rmode, sat, in, out, n,
                                               flags));
            break;
        default:
            FLOAT_DISPATCH(dst, convert_chunks(dt, TILE_DT_BF16, rm, rmode, sat, in, out, n,
                                               flags));
            break;
        }
    } else if (vec_array_float_type(dst)) {
        FLOAT_DISPATCH(dst, convert_chunks(dt, src, rm, rmode, sat, in, out, n, flags));
    } else if (byte_float(dst)) {
        BYTE_FLOAT_DISPATCH(dst, convert_chunks(dt, src, rm, rmode, sat, in, out, n, flags));
    } else if (vec_array_float_type(src)) {
        FLOAT_DISPATCH(src, convert_chunks(dst, dt, rm, rmode, sat, in, out, n, flags));
    } else {
        convert_chunks(dst, src, rm, rmode, sat, in, out, n, flags);
    }
}
