/*
 * PTO Tile CPU: the SFU element arithmetic over arrays (see sfu_array.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The rules are those of sfu_elem.c (PTO-TILE-MODEL-EXECUTION-ELEMENTWISE,
 * -UNARY; docs/implementation-defined.md 44-46): DIV RECIP SQRT RSQRT EXP
 * LOG of finite inputs are the exact value rounded once to nearest even,
 * with NX when inexact, OF on overflow and UF when the result is tiny
 * after rounding and inexact.  Two methods give that result here without
 * the exact arithmetic, for FP32, FP16 and BF16 (p = 24, 11, 8 bits):
 *
 * Quotients and roots (DIV, RECIP, SQRT).  The host's binary64 square
 * root and its binary32 division (eight lanes at a time in GCC vectors,
 * see quot_chunk()) are correctly rounded (53 and 24 bits).  Rounding the exact
 * quotient or root of p-bit values first to 53 bits and then to p bits
 * gives the same result as rounding it once whenever 53 >= 2p + 2, and
 * rounding a quotient first to 24 bits whenever 24 >= 2p + 2 (the
 * double rounding of a quotient or square root is innocuous: such a value
 * is either a p+1-bit midpoint exactly, which the 53-bit rounding keeps,
 * or too far from one for the 53-bit rounding to reach it).  The result is
 * exact when the product back (result * divisor, result * result, at most
 * 2p <= 48 bits, so exact in binary64) gives the dividend or radicand.
 * Results below the smallest normal (where tininess after rounding needs
 * care) and overflows take the per-element path.
 *
 * Functions (EXP, LOG, RSQRT).  A binary64 approximation y of the exact
 * value Y with a proven relative error below 2^-45 (the bounds are at
 * each evaluation below), widened to the interval [lo, hi] =
 * y (1 -+ 2^-38) computed in binary64 (its own roundings move it by
 * less than 2^-51 relative, so Y lies inside).  Rounding to nearest is
 * monotonic: when lo and hi round to the same encoding, so does Y (Ziv's
 * rounding test).  Otherwise, about once in 2^13 inputs for FP32, the
 * element takes the exact path.  EXP and LOG of finite nonzero inputs
 * (other than LOG 1) are irrational, so always NX; RSQRT is exact exactly
 * for powers of four.  Whatever the compiler does with a * b + c (one
 * rounding in an FMA or two), each bound below holds.
 */

#include <float.h>
#include <string.h>

#include "numeric/sfu_array.h"
#include "numeric/vec_chunk.h"

/* x87 excess precision would break the reasoning: such hosts loop. */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define SFU_ARRAY_FAST 1
#else
#define SFU_ARRAY_FAST 0
#endif

#define ZIV_DELTA 0x1p-38

bool sfu_array_fast_type(unsigned dtype)
{
    return SFU_ARRAY_FAST &&
           (dtype == TILE_DT_FP32 || dtype == TILE_DT_FP16 || dtype == TILE_DT_BF16);
}

/* ---- Raw arrays (little-endian, unaligned) ---- */

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LE16(x) __builtin_bswap16(x)
#define LE32(x) __builtin_bswap32(x)
#define LE64(x) __builtin_bswap64(x)
#else
#define LE16(x) (x)
#define LE32(x) (x)
#define LE64(x) (x)
#endif

static inline __attribute__((always_inline))
uint64_t get_raw(unsigned bytes, const void *a, size_t i)
{
    const uint8_t *p = (const uint8_t *)a + i * bytes;
    uint16_t h;
    uint32_t w;
    uint64_t d;

    switch (bytes) {
    case 1:
        return *p;
    case 2:
        memcpy(&h, p, 2);
        return LE16(h);
    case 4:
        memcpy(&w, p, 4);
        return LE32(w);
    default:
        memcpy(&d, p, 8);
        return LE64(d);
    }
}

static inline __attribute__((always_inline))
void put_raw(unsigned bytes, void *a, size_t i, uint64_t x)
{
    uint8_t *p = (uint8_t *)a + i * bytes;
    uint16_t h = LE16((uint16_t)x);
    uint32_t w = LE32((uint32_t)x);
    uint64_t d = LE64(x);

    switch (bytes) {
    case 1:
        *p = (uint8_t)x;
        break;
    case 2:
        memcpy(p, &h, 2);
        break;
    case 4:
        memcpy(p, &w, 4);
        break;
    default:
        memcpy(p, &d, 8);
        break;
    }
}

uint64_t sfu_array_get(unsigned dtype, const void *a, size_t i)
{
    return get_raw(tile_dtype_info(dtype)->width / 8, a, i);
}

void sfu_array_put(unsigned dtype, void *a, size_t i, uint64_t x)
{
    put_raw(tile_dtype_info(dtype)->width / 8, a, i, x);
}

/* ---- The narrow formats and binary64 ---- */

typedef struct Fmt {
    unsigned bits;              /* 32 or 16 */
    unsigned m;                 /* fraction bits: 23, 10, 7 */
    int bias;                   /* also the largest exponent */
} Fmt;

static const Fmt fmt_fp32 = { 32, 23, 127 };
static const Fmt fmt_fp16 = { 16, 10, 15 };
static const Fmt fmt_bf16 = { 16, 7, 127 };

static inline double dbl(uint64_t b)
{
    double d;

    memcpy(&d, &b, sizeof(d));
    return d;
}

static inline uint64_t dbits(double d)
{
    uint64_t b;

    memcpy(&b, &d, sizeof(b));
    return b;
}

static inline uint32_t exp_field_max(const Fmt *f)
{
    return (1u << (f->bits - 1 - f->m)) - 1;
}

/* The value of a finite encoding, exactly. */
static inline __attribute__((always_inline))
double narrow_value(const Fmt *f, uint32_t raw)
{
    uint32_t e = (raw >> f->m) & exp_field_max(f), fr = raw & ((1u << f->m) - 1);
    uint64_t sign = (uint64_t)(raw >> (f->bits - 1)) << 63;
    float x;

    if (f->bits == 32 || f->m == 7) {
        raw = f->bits == 32 ? raw : raw << 16;      /* BF16: the top of an FP32 */
        memcpy(&x, &raw, sizeof(x));
        return x;
    }
    if (e) {
        return dbl(sign | (uint64_t)(e - f->bias + 1023) << 52 | (uint64_t)fr << (52 - f->m));
    }
    return dbl(sign | dbits((double)fr * 0x1p-24));      /* FP16 subnormal */
}

/*
 * y (finite, zero or of magnitude at least 2^-1022) rounded once to
 * nearest even into the format, with gradual underflow and overflow to
 * infinity.  FP32 through the host's conversion, which does exactly that.
 */
static inline __attribute__((always_inline))
uint32_t narrow_round_near(const Fmt *f, double y, bool *near);

static inline __attribute__((always_inline))
uint32_t narrow_round(const Fmt *f, double y)
{
    bool near;

    return narrow_round_near(f, y, &near);
}

/*
 * narrow_round(), and *near when y lies within 2^15 units of its last
 * place (2^-37 relative) of a rounding boundary of the format (16-bit
 * formats only): otherwise every value within y (1 -+ 2^-38) rounds as y
 * does (a value beyond a power of two that y is close to below rounds to
 * that power, as y does).
 */
static inline __attribute__((always_inline))
uint32_t narrow_round_near(const Fmt *f, double y, bool *near)
{
    uint64_t b = dbits(y), sig, q, rem, half;
    uint32_t sign = (uint32_t)(b >> 63) << (f->bits - 1);
    int e = (int)((b >> 52) & 0x7ff) - 1023, emin = 1 - f->bias;
    int shift = 52 - f->m;

    *near = false;
    if (f->bits == 32 || f->m == 7) {
        float x = (float)y;
        uint32_t r;

        memcpy(&r, &x, sizeof(r));
        if (f->bits == 32) {
            return r;
        }
        /*
         * BF16 through binary32: x is within half an FP32 ulp of y; when x
         * is two FP32 ulps or more from a BF16 rounding boundary (which
         * are FP32 values), so is y, less half an ulp, and x rounds as y.
         * For a quotient or root the two roundings are innocuous
         * (24 >= 2 * 8 + 2), and then x rounds as the exact value.
         */
        *near = (r & 0xffff) - 0x7fff <= 2;
        return (r + 0x7fff + ((r >> 16) & 1)) >> 16;
    }
    if (f->m == 10 && (b << 1) - (UINT64_C(1009) << 53) < UINT64_C(30) << 53) {
        /* an FP16 normal magnitude in [2^-14, 2^16): round the binary64
         * encoding at bit 42 (a carry runs into the exponent), rebias */
        uint64_t mag = b & (UINT64_MAX >> 1), r = mag & ((UINT64_C(1) << 42) - 1);

        *near = r - (UINT64_C(1) << 41) + (1u << 15) <= 2u << 15;
        mag += (UINT64_C(1) << 41) - 1 + ((mag >> 42) & 1);
        return sign | (uint32_t)((mag >> 42) - (UINT64_C(1008) << 10));
    }
    if (!(b << 1)) {
        return sign;
    }
    sig = (b & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1) << 52);
    if (e < emin) {
        shift += emin - e;
        if (shift > 54) {
            return sign;        /* below half the smallest subnormal */
        }
    }
    q = sig >> shift;
    rem = sig & ((UINT64_C(1) << shift) - 1);
    half = UINT64_C(1) << (shift - 1);
    *near = rem - half + (1u << 15) <= 2u << 15;
    q += rem > half || (rem == half && (q & 1));
    if (e < emin) {
        return sign | (uint32_t)q;      /* 2^m is the smallest normal */
    }
    if (q >> (f->m + 1)) {
        q >>= 1;
        e++;
    }
    if (e > f->bias) {
        return sign | exp_field_max(f) << f->m;
    }
    return sign | (uint32_t)(e + f->bias) << f->m | (uint32_t)(q & ((1u << f->m) - 1));
}

/* The magnitude of an encoding (sign cleared). */
static inline uint32_t narrow_mag(const Fmt *f, uint32_t r)
{
    return r & ((1u << (f->bits - 1)) - 1);
}

/*
 * Ziv's rounding test (see the head of the file): y approximates the exact
 * value Y within 2^-45 relative; exact says Y is representable (then y is
 * Y).  False when the element must take the exact path: the interval
 * straddles a rounding boundary, or the result is the smallest normal,
 * where tininess after rounding depends on Y itself.
 */
static inline __attribute__((always_inline))
bool ziv_round(const Fmt *f, double y, bool exact, uint32_t *out, unsigned *flags)
{
    uint32_t a, mag;

    if (f->bits == 32) {
        double d = y * ZIV_DELTA;

        a = narrow_round(f, y - d);
        if (a != narrow_round(f, y + d)) {
            return false;
        }
    } else {
        bool near;

        a = narrow_round_near(f, y, &near);
        if (near) {
            return false;
        }
    }
    mag = narrow_mag(f, a);
    if (mag == 1u << f->m) {
        return false;
    }
    if (!exact) {
        *flags |= TILE_NUM_NX;
        if (mag >> f->m == exp_field_max(f)) {
            *flags |= TILE_NUM_OF;
        } else if (mag < 1u << f->m) {
            *flags |= TILE_NUM_UF;
        }
    }
    *out = a;
    return true;
}

/* ---- The evaluations (SQRT, RSQRT) ---- */

/*
 * One element of a unary operation on the fast path: false when it must
 * take sfu_unary() (a special input: NaN, infinity, zero, a negative
 * input of SQRT RSQRT; or an undecided rounding).
 */
static inline __attribute__((always_inline))
bool unary_fast(const Fmt *f, SfuUnOp op, uint32_t raw, uint32_t *out, unsigned *flags)
{
    uint32_t mag = narrow_mag(f, raw), em = exp_field_max(f);
    bool neg = raw >> (f->bits - 1);
    double x, y, back;

    if (!mag || mag >> f->m == em) {
        return false;
    }
    if (neg && op != SFU_EXP && op != SFU_RECIP) {
        return false;
    }
    x = narrow_value(f, raw);
    switch (op) {
    case SFU_RSQRT:
        /* exact exactly for a power of four: no fraction, an even exponent
         * (an odd biased exponent field) */
        y = 1.0 / __builtin_sqrt(x);
        return ziv_round(f, y, !(dbits(x) << 12) && ((dbits(x) >> 52) & 1), out, flags);
    case SFU_SQRT:
        *out = narrow_round(f, __builtin_sqrt(x));
        back = narrow_value(f, *out);
        if (back * back != x) {
            *flags |= TILE_NUM_NX;
        }
        return true;            /* the root of a p-bit value is normal */
    default:
        return false;           /* RECIP: quot_run(); EXP, LOG: func_run() */
    }
}

/* binary32 magnitudes (encodings) fm in FP16's normal range [2^-14,
 * 2^16) rounded to FP16 encodings: round at bit 13 (a carry runs into
 * the exponent, up to infinity at 65520), rebias */
INLINE u32x8 fp16_normal_of_f32(u32x8 fm)
{
    return ((fm + 0xfff + ((fm >> 13) & 1)) >> 13) - (112u << 10);
}

/*
 * ---- Quotients eight at a time ----
 *
 * DIV and RECIP of FP32, FP16 and BF16 in host binary32 vectors: the
 * encodings widen exactly, and the host's division rounds the exact
 * quotient to 24 bits; rounding that to p bits (FP16 11, BF16 8) is the
 * rounding of the exact quotient (24 >= 2p + 2: innocuous, see the head
 * of the file).  A lane is bad, and recomputed by sfu_elem.c, when an
 * operand is zero, infinite or a NaN, or the result is at most the
 * smallest normal (tininess after rounding) or overflows; the others
 * raise NX only, when the product back differs from the dividend.  That
 * product is exact: in binary64 for FP32 (48 bits); in binary32 for FP16
 * and BF16 (at most 22 and 16 significant bits around the dividend's
 * magnitude, which is at least the smallest subnormal of the type, so no
 * bit falls below binary32's subnormal grid; a product beyond the
 * binary32 range is infinite, so unequal).
 */
INLINE u32x8 quot_chunk(unsigned dt, u32x8 ra, u32x8 rb, bool recip, i32x8 *bad, i32x8 *nx)
{
    const unsigned m = dt == TILE_DT_FP32 ? 23 : dt == TILE_DT_FP16 ? 10 : 7;
    const uint32_t mag_mask = dt == TILE_DT_FP32 ? 0x7fffffff : 0x7fff;
    const int32_t inf = mag_mask & ~((1u << m) - 1), min_normal = 1u << m;
    f32x8 fx = recip ? (f32x8){} + 1.0f : widen(dt, ra), fy = widen(dt, rb);
    f32x8 q = fx / fy;
    u32x8 qb = (u32x8)q, res;
    i32x8 mag, mb = (i32x8)(rb & mag_mask), ma = (i32x8)(ra & mag_mask);

    /* (magnitudes below 2^31 compare as signed: SSE2 has no unsigned
     * compare) an operand zero, infinite or NaN */
    *bad = (mb == 0) | (mb >= inf);
    if (!recip) {
        *bad |= (ma == 0) | (ma >= inf);
    }
    if (dt == TILE_DT_FP32) {
        f64x4 dq[2], dx[2], dy[2];

        res = qb;
        widen_halves(q, dq);
        widen_halves(fx, dx);
        widen_halves(fy, dy);
        i64x4 lo = (i64x4)(dq[0] * dy[0] != dx[0]), hi = (i64x4)(dq[1] * dy[1] != dx[1]);
        *nx = __builtin_shufflevector((i32x8)lo, (i32x8)hi, 0, 2, 4, 6, 8, 10, 12, 14);
    } else if (dt == TILE_DT_BF16) {
        res = (qb + 0x7fff + ((qb >> 16) & 1)) >> 16;
        *nx = (i32x8)((f32x8)(res << 16) * fy != fx);
    } else {
        /* an FP16 normal magnitude in [2^-14, 2^16) */
        u32x8 fm = qb & 0x7fffffff, r = fp16_normal_of_f32(fm);

        *bad |= ((i32x8)fm < 113 << 23) | ((i32x8)fm >= 143 << 23);
        res = ((qb >> 16) & 0x8000) | r;
        *nx = (i32x8)((f32x8)(((r + (112u << 10)) << 13) | (qb & 0x80000000)) * fy != fx);
    }
    mag = (i32x8)(res & mag_mask);
    /* tiny (at most the smallest normal) or overflowing */
    *bad |= (mag <= min_normal) | (mag >= inf);
    return res;
}

/* RECIP of src, or l / r (r == NULL: every divisor is scalar) */
INLINE void quot_run(unsigned dt, bool recip, const void *l, const void *r, uint64_t scalar,
                     void *out, size_t n, unsigned *flags)
{
    unsigned bytes = dt == TILE_DT_FP32 ? 4 : 2, fl = 0;
    u32x8 rs = (u32x8){} + (uint32_t)scalar;
    i32x8 nx_all = {};

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        u32x8 ra = load_raw(dt, l, i, cnt), rb = recip ? ra : r ? load_raw(dt, r, i, cnt) : rs;
        i32x8 bad, nx;
        u32x8 q = quot_chunk(dt, ra, rb, recip, &bad, &nx);

        nx_all |= nx & ~bad;
        store_raw(dt, out, i, cnt, q);
        if (!any32(bad)) {
            continue;
        }
        for (unsigned k = 0; k < cnt; k++) {
            if (bad[k]) {
                put_raw(bytes, out, i + k,
                        recip ? sfu_unary(dt, SFU_RECIP, rb[k], false, &fl)
                              : sfu_binary(dt, SFU_DIV, ra[k], rb[k], false, &fl));
            }
        }
    }
    *flags |= fl | (any32(nx_all) ? TILE_NUM_NX : 0);
}

HOST_CLONES
static void quot_any(unsigned dtype, bool recip, const void *l, const void *r,
                     uint64_t scalar, void *out, size_t n, unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;

    if (SFU_ARRAY_FAST && dtype == TILE_DT_FP32) {
        quot_run(TILE_DT_FP32, recip, l, r, scalar, out, n, flags);
    } else if (SFU_ARRAY_FAST && dtype == TILE_DT_BF16) {
        quot_run(TILE_DT_BF16, recip, l, r, scalar, out, n, flags);
    } else if (SFU_ARRAY_FAST && dtype == TILE_DT_FP16) {
        quot_run(TILE_DT_FP16, recip, l, r, scalar, out, n, flags);
    } else if (recip) {
        for (size_t i = 0; i < n; i++) {
            put_raw(bytes, out, i,
                    sfu_unary(dtype, SFU_RECIP, get_raw(bytes, l, i), false, flags));
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            uint64_t b = r ? get_raw(bytes, r, i) : scalar;
            put_raw(bytes, out, i,
                    sfu_binary(dtype, SFU_DIV, get_raw(bytes, l, i), b, false, flags));
        }
    }
}

/*
 * ---- EXP and LOG eight at a time ----
 *
 * The chunk is widened exactly to two halves of four doubles, both
 * functions are evaluated in every lane (the approximations below, with
 * the bounds of the head of the file), and Ziv's interval
 * y (1 -+ 2^-38) is rounded at both ends to the format (FP32 by the
 * host's conversion), or y once through binary32 with a test that the
 * interval rounds as y does (FP16 by fp16_of_f32(), BF16 with the test
 * of narrow_round_near()).  A lane is bad, and recomputed by
 * sfu_elem.c, when its input is special (zero, infinite, NaN; for LOG
 * negative or 1), the ends differ, or the result is the smallest normal
 * (tininess after rounding depends on the exact value); every other lane
 * is inexact (e^x and ln x are irrational there), OF when infinite and
 * UF when below the smallest normal.
 */

/* ln 2 = LN2_HI + LN2_LO + O(2^-97); LN2_HI has 42 significant bits (a
 * multiple of 2^-42), so k * LN2_HI is exact for |k| < 2^11. */
#define LN2_HI  0x1.62e42fefa38p-1
#define LN2_LO  0x1.ef35793c7673p-45
#define INV_LN2 0x1.71547652b82fep+0
#define SQRT2   0x1.6a09e667f3bcdp+0

/* Adding 1.5 * 2^52 rounds a |v| < 2^51 to an integer (nearest even),
 * which the low bits of the sum's encoding then hold in two's complement. */
#define F64_MAGIC       0x1.8p52
#define F64_MAGIC_BITS  INT64_C(0x4338000000000000)

INLINE f64x4 sel64(i64x4 m, f64x4 a, f64x4 b)
{
    return (f64x4)(((i64x4)a & m) | ((i64x4)b & ~m));
}

/*
 * e^x per lane, x clamped to [-200, 200] (beyond, every format's result
 * is that of +-200: an overflow, OF NX, or +0, UF NX).  k = nearest(x /
 * ln 2) (|k| <= 289), r = x - k ln 2 with |r| <= 0.3467: x - k LN2_HI is
 * exact (both multiples of 2^-42 when k != 0, since then |x| > 0.34 and
 * x has at most 24 bits; the difference is below 2^-1), so r carries one
 * rounding (2^-54.5 absolute) and the error of k LN2_LO (below 2^-80).
 * e^r by its Taylor polynomial of degree 12: the remainder is below
 * 0.3467^13 / 13! * e^0.3467 < 2^-51.9, relative to e^r >= 0.707 below
 * 2^-51.4; Horner's 24 roundings and the coefficients' own add at most
 * 25 * 2^-53 * e^|r| / e^r < 2^-47.  Scaling by 2^k (built from the
 * encoding of the sum that rounded k) is exact (2^-289 is normal).  In
 * all below 2^-46.
 */
INLINE f64x4 exp_approx4(f64x4 x)
{
    f64x4 t, k, r, p;

    x = sel64((i64x4)(x > 200), (f64x4){} + 200, x);
    x = sel64((i64x4)(x < -200), (f64x4){} - 200, x);
    t = x * INV_LN2 + F64_MAGIC;
    k = t - F64_MAGIC;
    r = (x - k * LN2_HI) - k * LN2_LO;
    p = (f64x4){} + 1.0 / 479001600;
    p = p * r + 1.0 / 39916800;
    p = p * r + 1.0 / 3628800;
    p = p * r + 1.0 / 362880;
    p = p * r + 1.0 / 40320;
    p = p * r + 1.0 / 5040;
    p = p * r + 1.0 / 720;
    p = p * r + 1.0 / 120;
    p = p * r + 1.0 / 24;
    p = p * r + 1.0 / 6;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    return p * (f64x4)(((i64x4)t - F64_MAGIC_BITS + 1023) << 52);
}

/*
 * ln x per lane, for finite x > 0 (a normal binary64): x = 2^j m, m in
 * [sqrt(1/2), sqrt(2)], ln m = 2 atanh(z), z = (m - 1) / (m + 1) with
 * |z| <= 0.1716: m - 1 is exact, so z carries one or two roundings
 * (2^-52); atanh(z) / z = 1 + w/3 + ... + w^9/19, w = z^2 <= 0.0295,
 * truncated below w^10 / 21 / (1 - w) < 2^-55, its positive Horner steps
 * within 2^-49.8 relative: ln m within 2^-49.5.  j ln 2 = j LN2_HI (exact,
 * |j| <= 150) + j LN2_LO; when j != 0, |j ln 2| >= 0.693 is at least
 * twice |ln m| <= 0.347, so the sum's relative error stays below 2^-49.
 * j comes from the exponent field through the encoding of 2^52 + field.
 */
INLINE f64x4 log_approx4(f64x4 x)
{
    i64x4 b = (i64x4)x, up;
    f64x4 m = (f64x4)((b & ((INT64_C(1) << 52) - 1)) | (INT64_C(1023) << 52));
    f64x4 j, z, w, q;

    up = (i64x4)(m > SQRT2);            /* then m / 2, j + 1 */
    m = (f64x4)((i64x4)m - (up & (INT64_C(1) << 52)));
    j = (f64x4)((((b >> 52) & 0x7ff) - up) | F64_MAGIC_BITS) - (F64_MAGIC + 1023);
    z = (m - 1) / (m + 1);
    w = z * z;
    q = (f64x4){} + 1.0 / 19;
    q = q * w + 1.0 / 17;
    q = q * w + 1.0 / 15;
    q = q * w + 1.0 / 13;
    q = q * w + 1.0 / 11;
    q = q * w + 1.0 / 9;
    q = q * w + 1.0 / 7;
    q = q * w + 1.0 / 5;
    q = q * w + 1.0 / 3;
    q = q * w + 1.0;
    return j * LN2_HI + (j * LN2_LO + (z + z) * q);
}

/*
 * r, the binary32 rounding of y, rounded on to FP16 per lane (every FP16
 * rounding boundary is a binary32 value): a magnitude in [2^-14, 2^16)
 * by fp16_normal_of_f32(); below 2^-14 the subnormal's field is s =
 * |r| 2^24 (exact) rounded to an integer (1024 being the smallest
 * normal's encoding); from 2^16 on, infinity.  *near unless r is more
 * than two binary32 units of its last place from an FP16 boundary: the
 * 13 bits below the rounding point, or the fraction of s within s 2^-21
 * of a half (the boundaries there are at s >= 1/2, where r is normal and
 * a unit is at most s 2^-23).  Otherwise y, within half a unit of r, and
 * the interval y (1 -+ 2^-38) round as r does (as narrow_round_near()
 * for BF16).
 */
INLINE u32x8 fp16_of_f32(u32x8 r, i32x8 *near)
{
    u32x8 fm = r & 0x7fffffff;
    f32x8 s = (f32x8)fm * 0x1p24f, q = s + 0x1.8p23f, frac = s - (q - 0x1.8p23f);
    f32x8 dt = (f32x8)((u32x8)((f32x8)((u32x8)frac & 0x7fffffff) - 0.5f) & 0x7fffffff);
    i32x8 tiny = (i32x8)fm < 113 << 23, big = (i32x8)fm >= 143 << 23;
    i32x8 low = (i32x8)(fm & 0x1fff);

    *near = (tiny & (dt <= s * 0x1p-21f)) |
            (~(tiny | big) & (low >= 0xffe) & (low <= 0x1002));
    return (((u32x8)q - 0x4b400000) & (u32x8)tiny) |
           (fp16_normal_of_f32(fm) & (u32x8)~(tiny | big)) | (0x7c00 & (u32x8)big) |
           ((r >> 16) & 0x8000);
}

INLINE u32x8 join_f32(f32x4 lo, f32x4 hi)
{
    return (u32x8)__builtin_shufflevector(lo, hi, 0, 1, 2, 3, 4, 5, 6, 7);
}

INLINE u32x8 func_chunk(unsigned dt, SfuUnOp op, u32x8 raw, i32x8 *bad, i32x8 *of,
                        i32x8 *uf)
{
    const unsigned m = dt == TILE_DT_FP32 ? 23 : dt == TILE_DT_FP16 ? 10 : 7;
    const uint32_t mag_mask = dt == TILE_DT_FP32 ? 0x7fffffff : 0x7fff;
    const uint32_t one = dt == TILE_DT_FP32 ? 0x3f800000 : dt == TILE_DT_FP16 ? 0x3c00 : 0x3f80;
    const int32_t inf = mag_mask & ~((1u << m) - 1), min_normal = 1u << m;
    i32x8 mag = (i32x8)(raw & mag_mask);
    f64x4 x[2], y[2], lo[2], hi[2];
    u32x8 res;

    *bad = (mag == 0) | (mag >= inf);
    if (op == SFU_LOG) {
        *bad |= ((i32x8)raw != mag) | ((i32x8)raw == (int32_t)one);
    }
    widen_halves(widen(dt, raw), x);
    for (int h = 0; h < 2; h++) {
        y[h] = op == SFU_EXP ? exp_approx4(x[h]) : log_approx4(x[h]);
        lo[h] = y[h] - y[h] * ZIV_DELTA;
        hi[h] = y[h] + y[h] * ZIV_DELTA;
    }
    if (dt == TILE_DT_FP32) {
        res = join_f32(__builtin_convertvector(lo[0], f32x4),
                       __builtin_convertvector(lo[1], f32x4));
        *bad |= (i32x8)(res != join_f32(__builtin_convertvector(hi[0], f32x4),
                                        __builtin_convertvector(hi[1], f32x4)));
    } else if (dt == TILE_DT_FP16) {
        i32x8 near;

        res = fp16_of_f32(join_f32(__builtin_convertvector(y[0], f32x4),
                                   __builtin_convertvector(y[1], f32x4)), &near);
        *bad |= near;
    } else {
        /* as narrow_round_near(): near when y's binary32 rounding lies
         * within two units of a BF16 rounding boundary */
        u32x8 r = join_f32(__builtin_convertvector(y[0], f32x4),
                           __builtin_convertvector(y[1], f32x4));
        i32x8 low = (i32x8)(r & 0xffff);

        *bad |= (low >= 0x7fff) & (low <= 0x8001);
        res = (r + 0x7fff + ((r >> 16) & 1)) >> 16;
    }
    mag = (i32x8)(res & mag_mask);
    *bad |= mag == min_normal;
    *of = mag >= inf;
    *uf = mag < min_normal;
    return res;
}

INLINE void func_run(unsigned dt, SfuUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags)
{
    unsigned bytes = fbytes(dt), fl = 0;
    i32x8 nx_all = {}, of_all = {}, uf_all = {};

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        u32x8 raw = load_raw(dt, src, i, cnt);
        i32x8 bad, of, uf;
        u32x8 res = func_chunk(dt, op, raw, &bad, &of, &uf);

        nx_all |= ~bad;
        of_all |= of & ~bad;
        uf_all |= uf & ~bad;
        store_raw(dt, out, i, cnt, res);
        if (!any32(bad)) {
            continue;
        }
        for (unsigned k = 0; k < cnt; k++) {
            if (bad[k]) {
                put_raw(bytes, out, i + k, sfu_unary(dt, op, raw[k], false, &fl));
            }
        }
    }
    *flags |= fl | (any32(nx_all) ? TILE_NUM_NX : 0) | (any32(of_all) ? TILE_NUM_OF : 0) |
              (any32(uf_all) ? TILE_NUM_UF : 0);
}

HOST_CLONES
static void func_any(unsigned dtype, SfuUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags)
{
#define FUNC_RUN(dt) \
    (op == SFU_EXP ? func_run(dt, SFU_EXP, src, out, n, flags) \
                   : func_run(dt, SFU_LOG, src, out, n, flags))

    if (dtype == TILE_DT_FP32) {
        FUNC_RUN(TILE_DT_FP32);
    } else if (dtype == TILE_DT_BF16) {
        FUNC_RUN(TILE_DT_BF16);
    } else {
        FUNC_RUN(TILE_DT_FP16);
    }
#undef FUNC_RUN
}

/* ---- The loops ---- */

static inline __attribute__((always_inline))
void unary_run(const Fmt *f, unsigned dtype, SfuUnOp op, const void *src, void *out,
               size_t n, unsigned *flags)
{
    unsigned bytes = f->bits / 8, fl = 0;

    for (size_t i = 0; i < n; i++) {
        uint32_t raw = (uint32_t)get_raw(bytes, src, i), r;

        if (!unary_fast(f, op, raw, &r, &fl)) {
            r = (uint32_t)sfu_unary(dtype, op, raw, false, &fl);
        }
        put_raw(bytes, out, i, r);
    }
    *flags |= fl;
}

#define UNARY_OPS(f, dtype, src, out, n, flags) \
    switch (op) { \
    default: break; \
    case SFU_SQRT: unary_run(f, dtype, SFU_SQRT, src, out, n, flags); return; \
    case SFU_RSQRT: unary_run(f, dtype, SFU_RSQRT, src, out, n, flags); return; \
    }

void sfu_array_unary(unsigned dtype, SfuUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;

    if (op == SFU_RECIP) {
        quot_any(dtype, true, src, NULL, 0, out, n, flags);
        return;
    }
    if (sfu_array_fast_type(dtype) && (op == SFU_EXP || op == SFU_LOG)) {
        func_any(dtype, op, src, out, n, flags);
        return;
    }
    if (SFU_ARRAY_FAST && dtype == TILE_DT_FP32) {
        UNARY_OPS(&fmt_fp32, TILE_DT_FP32, src, out, n, flags);
    } else if (SFU_ARRAY_FAST && dtype == TILE_DT_BF16) {
        UNARY_OPS(&fmt_bf16, TILE_DT_BF16, src, out, n, flags);
    } else if (SFU_ARRAY_FAST && dtype == TILE_DT_FP16) {
        UNARY_OPS(&fmt_fp16, TILE_DT_FP16, src, out, n, flags);
    }
    for (size_t i = 0; i < n; i++) {
        put_raw(bytes, out, i, sfu_unary(dtype, op, get_raw(bytes, src, i), false, flags));
    }
}

void sfu_array_div(unsigned dtype, const void *l, const void *r, void *out, size_t n,
                   unsigned *flags)
{
    quot_any(dtype, false, l, r, 0, out, n, flags);
}

void sfu_array_div_scalar(unsigned dtype, const void *l, uint64_t r, void *out, size_t n,
                          unsigned *flags)
{
    quot_any(dtype, false, l, NULL, r, out, n, flags);
}

/* ---- Reductions ---- */

/*
 * Fold steps on the fast path.  SUM (PTO-TILE-MODEL-EXECUTION-REDUCTION: a
 * left fold from +0 rounding each step): the host's binary32 addition is
 * the correctly rounded sum (an exact zero taking the IEEE sign rule, as
 * vec_binary()), NX when its TwoSum error is nonzero; a subnormal sum is
 * exact, so a sum never underflows.  FP16 / BF16 through binary64: the
 * TwoSum there is exact unless the exponents differ by more than 45, and
 * then the exact sum lies within 2^-45 of the larger operand, a narrow
 * value, which both the sum and the binary64 sum round to (BF16 rounds
 * that through binary32: two roundings of a sum are innocuous when
 * 24 >= 2 * 8 + 1).  A fold that
 * meets an infinity or NaN (an operand, or an overflow) stays non-finite
 * (FP16 checks each step: its decoding is for finite values), so checking
 * the final accumulator suffices; that fold is then redone by
 * the reference.  MAX / MIN: the order key of tile_num_order_key() (-0
 * below +0), the accumulator kept on a tie; no flags without a NaN.
 */
static inline int64_t order_key(const Fmt *f, uint32_t raw)
{
    uint32_t mag = narrow_mag(f, raw);

    return raw >> (f->bits - 1) ? -(int64_t)mag - 1 : (int64_t)mag;
}

static inline bool is_nan_raw(const Fmt *f, uint32_t raw)
{
    uint32_t mag = narrow_mag(f, raw);

    return mag > exp_field_max(f) << f->m;
}

static inline bool finite_raw(const Fmt *f, uint32_t raw)
{
    return narrow_mag(f, raw) >> f->m != exp_field_max(f);
}

static inline float f32_of(uint32_t raw)
{
    float x;

    memcpy(&x, &raw, sizeof(x));
    return x;
}

static inline uint32_t raw_of_f32(float x)
{
    uint32_t r;

    memcpy(&r, &x, sizeof(r));
    return r;
}

/* acc + x on the fast path of SUM (acc and x finite), NX into *nx. */
static inline __attribute__((always_inline))
uint32_t sum_step(const Fmt *f, uint32_t acc, uint32_t x, bool *nx)
{
    if (f->bits == 32) {
        float a = f32_of(acc), b = f32_of(x), s = a + b, bb = s - a;
        float err = (a - (s - bb)) + (b - bb);

        *nx |= err != 0;
        return raw_of_f32(s);
    } else {
        double a = narrow_value(f, acc), b = narrow_value(f, x), s = a + b, bb = s - a;
        double err = (a - (s - bb)) + (b - bb);
        uint32_t r = narrow_round(f, s);

        *nx |= err != 0 || narrow_value(f, r) != s;
        return r;
    }
}

static inline __attribute__((always_inline))
bool fold_fast(const Fmt *f, TileReduceOp op, const void *a, size_t n, uint32_t *res,
               unsigned *flags)
{
    unsigned bytes = f->bits / 8;
    uint32_t acc = 0;
    bool nx = false;

    if (op == TILE_RED_SUM) {
        for (size_t i = 0; i < n; i++) {
            uint32_t x = (uint32_t)get_raw(bytes, a, i);

            if (f == &fmt_fp16 && !finite_raw(f, x)) {
                return false;   /* narrow_value() is for finite values only */
            }
            acc = sum_step(f, acc, x, &nx);
            if (f == &fmt_fp16 && !finite_raw(f, acc)) {
                return false;
            }
        }
        if (!finite_raw(f, acc)) {
            return false;
        }
        *flags |= nx ? TILE_NUM_NX : 0;
    } else {
        int64_t ka;

        acc = n ? (uint32_t)get_raw(bytes, a, 0) : 0;
        ka = order_key(f, acc);
        if (is_nan_raw(f, acc)) {
            return false;
        }
        for (size_t i = 1; i < n; i++) {
            uint32_t x = (uint32_t)get_raw(bytes, a, i);
            int64_t kx = order_key(f, x);

            if (is_nan_raw(f, x)) {
                return false;
            }
            if (op == TILE_RED_MAX ? kx > ka : kx < ka) {
                acc = x;
                ka = kx;
            }
        }
    }
    *res = acc;
    return true;
}

static uint64_t fold_ref(unsigned dtype, TileReduceOp op, const void *a, size_t n,
                         unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;
    TileReduce red;

    tile_reduce_begin(&red, dtype, op, false);
    for (size_t i = 0; i < n; i++) {
        tile_reduce_step(&red, get_raw(bytes, a, i), flags);
    }
    return tile_reduce_result(&red);
}

static const Fmt *fast_fmt(unsigned dtype, TileReduceOp op)
{
    if (!SFU_ARRAY_FAST ||
        (op != TILE_RED_SUM && op != TILE_RED_MAX && op != TILE_RED_MIN)) {
        return NULL;
    }
    return dtype == TILE_DT_FP32 ? &fmt_fp32 : dtype == TILE_DT_BF16 ? &fmt_bf16 :
           dtype == TILE_DT_FP16 ? &fmt_fp16 : NULL;
}

uint64_t sfu_array_fold(unsigned dtype, TileReduceOp op, const void *a, size_t n,
                        unsigned *flags)
{
    const Fmt *f = fast_fmt(dtype, op);
    uint32_t r;
    bool ok = false;

    if (f == &fmt_fp32) {
        ok = fold_fast(&fmt_fp32, op, a, n, &r, flags);
    } else if (f == &fmt_bf16) {
        ok = fold_fast(&fmt_bf16, op, a, n, &r, flags);
    } else if (f == &fmt_fp16) {
        ok = fold_fast(&fmt_fp16, op, a, n, &r, flags);
    }
    return ok ? r : fold_ref(dtype, op, a, n, flags);
}

/*
 * FP32 SUM down the columns, vectorized across them (each column is its
 * own left fold, in row order).  Columns whose accumulator ends
 * non-finite are redone by the reference.
 */
enum { COL_CHUNK = 256 };

static void cols_sum_f32(const void *const *rows, size_t nrows, size_t c0, size_t nc,
                         uint32_t *out, bool *nxc)
{
    float acc[COL_CHUNK], err[COL_CHUNK];

    for (size_t c = 0; c < nc; c++) {
        acc[c] = 0;
        nxc[c] = false;
    }
    for (size_t r = 0; r < nrows; r++) {
        float x[COL_CHUNK];

        memcpy(x, (const uint8_t *)rows[r] + 4 * c0, 4 * nc);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        for (size_t c = 0; c < nc; c++) {
            x[c] = f32_of(LE32(raw_of_f32(x[c])));
        }
#endif
        for (size_t c = 0; c < nc; c++) {
            float a = acc[c], s = a + x[c], bb = s - a;

            err[c] = (a - (s - bb)) + (x[c] - bb);
            acc[c] = s;
        }
        for (size_t c = 0; c < nc; c++) {
            nxc[c] |= err[c] != 0;
        }
    }
    for (size_t c = 0; c < nc; c++) {
        out[c] = raw_of_f32(acc[c]);
    }
}

void sfu_array_fold_cols(unsigned dtype, TileReduceOp op, const void *const *rows,
                         size_t nrows, size_t ncols, void *out, unsigned *flags)
{
    const Fmt *f = fast_fmt(dtype, op);
    unsigned bytes = tile_dtype_info(dtype)->width / 8;

    for (size_t c0 = 0; c0 < ncols; c0 += COL_CHUNK) {
        size_t nc = ncols - c0 < COL_CHUNK ? ncols - c0 : COL_CHUNK;
        uint32_t acc[COL_CHUNK];
        bool nxc[COL_CHUNK], ok[COL_CHUNK];

        if (f == &fmt_fp32 && op == TILE_RED_SUM) {
            cols_sum_f32(rows, nrows, c0, nc, acc, nxc);
            for (size_t c = 0; c < nc; c++) {
                ok[c] = finite_raw(f, acc[c]);
            }
        } else {
            for (size_t c = 0; c < nc; c++) {
                ok[c] = false;
            }
        }
        for (size_t c = 0; c < nc; c++) {
            uint64_t x;

            if (ok[c]) {
                *flags |= nxc[c] ? TILE_NUM_NX : 0;
                x = acc[c];
            } else {
                TileReduce red;

                tile_reduce_begin(&red, dtype, op, false);
                for (size_t r = 0; r < nrows; r++) {
                    tile_reduce_step(&red, get_raw(bytes, rows[r], c0 + c), flags);
                }
                x = tile_reduce_result(&red);
            }
            put_raw(op == TILE_RED_ARGMAX || op == TILE_RED_ARGMIN ? 4 : bytes, out,
                    c0 + c, x);
        }
    }
}
