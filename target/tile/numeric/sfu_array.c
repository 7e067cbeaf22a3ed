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
#include "numeric/sfu_narrow.h"
#include "numeric/vec_chunk.h"


#define ZIV_DELTA 0x1p-38

/*
 * The host dispatch of the quotients, EXP and LOG: on x86-64 clones for
 * x86-64-v4 (AVX-512: 32 registers, and a chunk's eight binary64 lanes in
 * one) and x86-64-v3 (AVX2 with FMA, which EXP and LOG may fuse: their
 * bounds hold either way) beside the baseline.  Each leaves the vector
 * state clean (pending_flush()).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(VEC_ARRAY_BASELINE) && defined(SFU_ARRAY_NO_V4)
/* (for a test of the x86-64-v3 clones on a CPU that would run v4) */
#define WIDE_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#elif defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(VEC_ARRAY_BASELINE)
#define WIDE_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define WIDE_CLONES
#endif

bool sfu_array_fast_type(unsigned dtype)
{
    return SFU_ARRAY_FAST &&
           (dtype == TILE_DT_FP32 || dtype == TILE_DT_FP16 || dtype == TILE_DT_BF16);
}

uint64_t sfu_array_get(unsigned dtype, const void *a, size_t i)
{
    return raw_get(tile_dtype_info(dtype)->width / 8, a, i);
}

void sfu_array_put(unsigned dtype, void *a, size_t i, uint64_t x)
{
    raw_put(tile_dtype_info(dtype)->width / 8, a, i, x);
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


/*
 * ---- The lanes left to the exact path ----
 *
 * The chunks with bad lanes wait here, their operands kept (the output
 * may be a source), until the vector loop stops: the exact path is plain
 * code, which runs with the vector state clean (vector_state_clean()) and
 * does not stand in the loop.  DIV takes a and b, RECIP, EXP and LOG a.
 */
enum { PENDING = 32 };

typedef struct Pending {
    unsigned n;
    size_t at[PENDING];
    u32x8 a[PENDING], b[PENDING];
    i32x8 bad[PENDING];
} Pending;

INLINE void pending_add(Pending *p, size_t at, u32x8 a, u32x8 b, i32x8 bad)
{
    p->at[p->n] = at;
    p->a[p->n] = a;
    p->b[p->n] = b;
    p->bad[p->n++] = bad;
}

/* the pending lanes (of n elements) by sfu_elem.c: div ? a / b : op a */
static void pending_flush(unsigned dt, bool div, SfuUnOp op, void *out, size_t n, Pending *p,
                          unsigned *fl)
{
    vector_state_clean();
    for (unsigned c = 0; c < p->n; c++) {
        for (unsigned k = 0; k < LANES && p->at[c] + k < n; k++) {
            if (p->bad[c][k]) {
                raw_put(fbytes(dt), out, p->at[c] + k,
                        div ? sfu_binary(dt, SFU_DIV, p->a[c][k], p->b[c][k], false, fl)
                            : sfu_unary(dt, op, p->a[c][k], false, fl));
            }
        }
    }
    p->n = 0;
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
 *
 * With a fused multiply-add (fma), FP32 takes the remainder x - q y in
 * one FMA instead: it is zero exactly when q is exact, and a nonzero
 * remainder cannot round to zero, since it is a multiple of 2^(e - 48)
 * for a dividend of exponent e (x's grid and q y's, whose exponents add
 * up to at least e - 2), so at least 2^-149 whenever |x| >= 2^-100; the
 * lanes with a smaller dividend are bad.
 */
INLINE u32x8 quot_chunk(unsigned dt, u32x8 ra, u32x8 rb, bool recip, bool fma, i32x8 *bad,
                        i32x8 *nx)
{
    const unsigned m = dt == TILE_DT_FP32 ? 23 : dt == TILE_DT_FP16 ? 10 : 7;
    const uint32_t mag_mask = dt == TILE_DT_FP32 ? 0x7fffffff : 0x7fff;
    const int32_t inf = mag_mask & ~((1u << m) - 1), min_normal = 1u << m;
    f32x8 fx = recip ? (f32x8){} + 1.0f : widen_finite(dt, ra), fy = widen_finite(dt, rb);
    f32x8 q = fx / fy;
    u32x8 qb = (u32x8)q, res;
    i32x8 mag, mb = (i32x8)(rb & mag_mask), ma = (i32x8)(ra & mag_mask);

    /* (magnitudes below 2^31 compare as signed: SSE2 has no unsigned
     * compare) an operand zero, infinite or NaN */
    *bad = (mb == 0) | (mb >= inf);
    if (!recip) {
        *bad |= (ma == 0) | (ma >= inf);
    }
    if (dt == TILE_DT_FP32 && fma) {
        f32x8 rem;

        res = qb;
        for (unsigned l = 0; l < LANES; l++) {
            rem[l] = __builtin_fmaf(-q[l], fy[l], fx[l]);
        }
        *nx = (i32x8)(rem != 0);
        if (!recip) {
            *bad |= ma < (27 << 23);                    /* |x| < 2^-100 */
        }
    } else if (dt == TILE_DT_FP32) {
        f64x4 dq[2], dx[2], dy[2];

        res = qb;
        widen_halves(q, dq);
        widen_halves(fx, dx);
        widen_halves(fy, dy);
        i64x4 lo = (i64x4)(dq[0] * dy[0] != dx[0]), hi = (i64x4)(dq[1] * dy[1] != dx[1]);
        *nx = __builtin_shufflevector((i32x8)lo, (i32x8)hi, 0, 2, 4, 6, 8, 10, 12, 14);
    } else if (dt == TILE_DT_BF16) {
        res = bf16_normal_of_f32(qb);
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

/* One chunk of cnt elements from i of quot_run() (cnt a constant in its
 * main loop: plain vector loads and stores). */
INLINE void quot_step(unsigned dt, bool recip, bool fma, const void *l, const void *r,
                      u32x8 rs, void *out, size_t i, unsigned cnt, i32x8 *nx_all, Pending *p)
{
    u32x8 ra = load_raw(dt, l, i, cnt), rb = recip ? ra : r ? load_raw(dt, r, i, cnt) : rs;
    i32x8 bad, nx;
    u32x8 q = quot_chunk(dt, ra, rb, recip, fma, &bad, &nx);

    *nx_all |= nx & ~bad;
    store_raw(dt, out, i, cnt, q);
    if (__builtin_expect(any32(bad), 0)) {
        pending_add(p, i, ra, rb, bad);
    }
}

/* RECIP of src, or l / r (r == NULL: every divisor is scalar) */
INLINE void quot_run(unsigned dt, bool recip, bool fma, const void *l, const void *r,
                     uint64_t scalar, void *out, size_t n, unsigned *flags)
{
    u32x8 rs = (u32x8){} + (uint32_t)scalar;
    i32x8 nx_all = {};
    Pending p TILE_SCRATCH;
    unsigned fl = 0;
    size_t i = 0;

    p.n = 0;
    while (i + LANES <= n) {
        for (; i + LANES <= n && p.n < PENDING; i += LANES) {
            quot_step(dt, recip, fma, l, r, rs, out, i, LANES, &nx_all, &p);
        }
        if (p.n == PENDING) {
            pending_flush(dt, !recip, SFU_RECIP, out, n, &p, &fl);
        }
    }
    if (i < n) {
        quot_step(dt, recip, fma, l, r, rs, out, i, n - i, &nx_all, &p);
    }
    pending_flush(dt, !recip, SFU_RECIP, out, n, &p, &fl);
    *flags |= fl | (any32(nx_all) ? TILE_NUM_NX : 0);
}

/*
 * The FP32 quotients with the host's fused multiply-add: on x86-64 a
 * build for AVX2 + FMA chosen at run time (quot_any() takes the binary64
 * check in every clone, the macros being the baseline's); hosts whose
 * baseline has one use it directly.
 */
#if defined(__FMA__) || defined(__aarch64__)
#define QUOT_NATIVE_FMA true
#else
#define QUOT_NATIVE_FMA false
#endif

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__FMA__) && \
    !defined(VEC_ARRAY_BASELINE)
__attribute__((target("avx2,fma")))
static void quot_f32_fma(bool recip, const void *l, const void *r, uint64_t scalar, void *out,
                         size_t n, unsigned *flags)
{
    quot_run(TILE_DT_FP32, recip, true, l, r, scalar, out, n, flags);
}

static bool quot_host_fma(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}
#else
static void quot_f32_fma(bool recip, const void *l, const void *r, uint64_t scalar, void *out,
                         size_t n, unsigned *flags)
{
    quot_run(TILE_DT_FP32, recip, QUOT_NATIVE_FMA, l, r, scalar, out, n, flags);
}

static bool quot_host_fma(void)
{
    return QUOT_NATIVE_FMA;
}
#endif

WIDE_CLONES
static void quot_any(unsigned dtype, bool recip, const void *l, const void *r,
                     uint64_t scalar, void *out, size_t n, unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;

    if (SFU_ARRAY_FAST && dtype == TILE_DT_FP32) {
        quot_run(TILE_DT_FP32, recip, false, l, r, scalar, out, n, flags);
    } else if (SFU_ARRAY_FAST && dtype == TILE_DT_BF16) {
        quot_run(TILE_DT_BF16, recip, false, l, r, scalar, out, n, flags);
    } else if (SFU_ARRAY_FAST && dtype == TILE_DT_FP16) {
        quot_run(TILE_DT_FP16, recip, false, l, r, scalar, out, n, flags);
    } else if (recip) {
        for (size_t i = 0; i < n; i++) {
            raw_put(bytes, out, i,
                    sfu_unary(dtype, SFU_RECIP, raw_get(bytes, l, i), false, flags));
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            uint64_t b = r ? raw_get(bytes, r, i) : scalar;
            raw_put(bytes, out, i,
                    sfu_binary(dtype, SFU_DIV, raw_get(bytes, l, i), b, false, flags));
        }
    }
}

/* quot_any(), FP32 with the host's FMA where it has one */
static void quot(unsigned dtype, bool recip, const void *l, const void *r, uint64_t scalar,
                 void *out, size_t n, unsigned *flags)
{
    if (SFU_ARRAY_FAST && dtype == TILE_DT_FP32 && quot_host_fma()) {
        quot_f32_fma(recip, l, r, scalar, out, n, flags);
    } else {
        quot_any(dtype, recip, l, r, scalar, out, n, flags);
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

/* A whole chunk in binary64 lanes: one 512-bit register where the host
 * has them (the x86-64-v4 clone), halves or quarters elsewhere, which the
 * compiler splits it into. */
typedef double f64x8 __attribute__((vector_size(64)));
typedef int64_t i64x8 __attribute__((vector_size(64)));

INLINE f64x8 sel64(i64x8 m, f64x8 a, f64x8 b)
{
    return (f64x8)(((i64x8)a & m) | ((i64x8)b & ~m));
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
 * 2^-51.4.  Evaluated by Estrin's scheme (a shallow tree, so that the
 * lanes do not wait on a chain of 12 steps): each term c_i r^i reaches
 * the sum through at most 16 roundings (its coefficient; r^2, r^4, r^8
 * with 1, 3, 7; a product and an addition at each of three levels), so
 * the computed sum is within 16.1 * 2^-53 of each term's magnitude,
 * 16.1 * 2^-53 * e^|r| / e^r < 2^-48 relative.  Scaling by 2^k (built
 * from the encoding of the sum that rounded k) is exact (2^-289 is
 * normal).  In all below 2^-46.
 */
INLINE f64x8 exp_approx8(f64x8 x)
{
    f64x8 t, k, r, p, r2, r4, r8, p01, p23, p45, p67, p89, pab, p03, p47, p8b, p8c, p07;

    x = sel64((i64x8)(x > 200), (f64x8){} + 200, x);
    x = sel64((i64x8)(x < -200), (f64x8){} - 200, x);
    t = x * INV_LN2 + F64_MAGIC;
    k = t - F64_MAGIC;
    r = (x - k * LN2_HI) - k * LN2_LO;
    r2 = r * r;
    r4 = r2 * r2;
    r8 = r4 * r4;
    /* Estrin's scheme: pairs, then pairs of pairs, in a shallow tree */
    p01 = 1.0 + r;
    p23 = 0.5 + r * (1.0 / 6);
    p45 = 1.0 / 24 + r * (1.0 / 120);
    p67 = 1.0 / 720 + r * (1.0 / 5040);
    p89 = 1.0 / 40320 + r * (1.0 / 362880);
    pab = 1.0 / 3628800 + r * (1.0 / 39916800);
    p03 = p01 + r2 * p23;
    p47 = p45 + r2 * p67;
    p8b = p89 + r2 * pab;
    p8c = p8b + r4 * (1.0 / 479001600);
    p07 = p03 + r4 * p47;
    p = p07 + r8 * p8c;
    return p * (f64x8)(((i64x8)t - F64_MAGIC_BITS + 1023) << 52);
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
INLINE f64x8 log_approx8(f64x8 x)
{
    i64x8 b = (i64x8)x, up;
    f64x8 m = (f64x8)((b & ((INT64_C(1) << 52) - 1)) | (INT64_C(1023) << 52));
    f64x8 j, z, w, q;

    up = (i64x8)(m > SQRT2);            /* then m / 2, j + 1 */
    m = (f64x8)((i64x8)m - (up & (INT64_C(1) << 52)));
    j = (f64x8)((((b >> 52) & 0x7ff) - up) | F64_MAGIC_BITS) - (F64_MAGIC + 1023);
    z = (m - 1) / (m + 1);
    w = z * z;
    q = (f64x8){} + 1.0 / 19;
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

INLINE u32x8 func_chunk(unsigned dt, SfuUnOp op, u32x8 raw, i32x8 *bad, i32x8 *of,
                        i32x8 *uf)
{
    const unsigned m = dt == TILE_DT_FP32 ? 23 : dt == TILE_DT_FP16 ? 10 : 7;
    const uint32_t mag_mask = dt == TILE_DT_FP32 ? 0x7fffffff : 0x7fff;
    const uint32_t one = dt == TILE_DT_FP32 ? 0x3f800000 : dt == TILE_DT_FP16 ? 0x3c00 : 0x3f80;
    const int32_t inf = mag_mask & ~((1u << m) - 1), min_normal = 1u << m;
    i32x8 mag = (i32x8)(raw & mag_mask);
    f64x8 x = __builtin_convertvector(widen(dt, raw), f64x8), y;
    u32x8 res;

    *bad = (mag == 0) | (mag >= inf);
    if (op == SFU_LOG) {
        *bad |= ((i32x8)raw != mag) | ((i32x8)raw == (int32_t)one);
    }
    y = op == SFU_EXP ? exp_approx8(x) : log_approx8(x);
    if (dt == TILE_DT_FP32) {
        res = (u32x8)__builtin_convertvector(y - y * ZIV_DELTA, f32x8);
        *bad |= (i32x8)(res != (u32x8)__builtin_convertvector(y + y * ZIV_DELTA, f32x8));
    } else if (dt == TILE_DT_FP16) {
        i32x8 near;

        res = fp16_of_f32((u32x8)__builtin_convertvector(y, f32x8), &near);
        *bad |= near;
    } else {
        /* as narrow_round_near(): near when y's binary32 rounding lies
         * within two units of a BF16 rounding boundary */
        u32x8 r = (u32x8)__builtin_convertvector(y, f32x8);
        i32x8 low = (i32x8)(r & 0xffff);

        *bad |= (low >= 0x7fff) & (low <= 0x8001);
        res = bf16_normal_of_f32(r);
    }
    mag = (i32x8)(res & mag_mask);
    *bad |= mag == min_normal;
    *of = mag >= inf;
    *uf = mag < min_normal;
    return res;
}

/* One chunk of cnt elements from i of func_run() (cnt a constant in its
 * main loop). */
INLINE void func_step(unsigned dt, SfuUnOp op, const void *src, void *out, size_t i,
                      unsigned cnt, i32x8 *nx_all, i32x8 *of_all, i32x8 *uf_all, Pending *p)
{
    u32x8 raw = load_raw(dt, src, i, cnt);
    i32x8 bad, of, uf;
    u32x8 res = func_chunk(dt, op, raw, &bad, &of, &uf);

    *nx_all |= ~bad;
    *of_all |= of & ~bad;
    *uf_all |= uf & ~bad;
    store_raw(dt, out, i, cnt, res);
    if (__builtin_expect(any32(bad), 0)) {
        pending_add(p, i, raw, raw, bad);
    }
}

INLINE void func_run(unsigned dt, SfuUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags)
{
    unsigned fl = 0;
    i32x8 nx_all = {}, of_all = {}, uf_all = {};
    Pending p TILE_SCRATCH;
    size_t i = 0;

    p.n = 0;
    while (i + LANES <= n) {
        for (; i + LANES <= n && p.n < PENDING; i += LANES) {
            func_step(dt, op, src, out, i, LANES, &nx_all, &of_all, &uf_all, &p);
        }
        if (p.n == PENDING) {
            pending_flush(dt, false, op, out, n, &p, &fl);
        }
    }
    if (i < n) {
        func_step(dt, op, src, out, i, n - i, &nx_all, &of_all, &uf_all, &p);
    }
    pending_flush(dt, false, op, out, n, &p, &fl);
    *flags |= fl | (any32(nx_all) ? TILE_NUM_NX : 0) | (any32(of_all) ? TILE_NUM_OF : 0) |
              (any32(uf_all) ? TILE_NUM_UF : 0);
}

WIDE_CLONES
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

/*
 * ---- Square roots eight at a time ----
 *
 * SQRT of FP32, FP16 and BF16 in host binary32 vectors: the encodings
 * widen exactly and the host's square root rounds the exact root to 24
 * bits, which rounded on to p bits (FP16 11, BF16 8) is the exact root
 * rounded once (24 >= 2p + 2: innocuous, see the head of the file).  The
 * root of a positive finite value of these types is a normal of its type
 * (at least 2^-12, 2^-67, 2^-75), so neither tininess nor overflow
 * arises; NX when the root squared differs from the operand (exact: in
 * binary64 for FP32, 48 bits; in binary32 for FP16 and BF16, at most 22
 * and 16 bits, the square of a BF16 root at least 2^-134 keeping them
 * on binary32's grid).  Zeros, negatives, infinities and NaNs are bad
 * lanes, left to sfu_elem.c.
 */
INLINE u32x8 root_chunk(unsigned dt, u32x8 raw, i32x8 *bad, i32x8 *nx)
{
    const uint32_t mag_mask = dt == TILE_DT_FP32 ? 0x7fffffff : 0x7fff;
    const int32_t inf = dt == TILE_DT_FP32 ? 0x7f800000 : dt == TILE_DT_FP16 ? 0x7c00 : 0x7f80;
    i32x8 mag = (i32x8)(raw & mag_mask);
    f32x8 x = widen(dt, raw & mag_mask), q = sqrt8(x);
    u32x8 qb = (u32x8)q, res;

    *bad = (mag == 0) | (mag >= inf) | ((i32x8)raw != mag);
    if (dt == TILE_DT_FP32) {
        f64x4 dq[2], dx[2];

        res = qb;
        widen_halves(q, dq);
        widen_halves(x, dx);
        i64x4 lo = (i64x4)(dq[0] * dq[0] != dx[0]), hi = (i64x4)(dq[1] * dq[1] != dx[1]);
        *nx = __builtin_shufflevector((i32x8)lo, (i32x8)hi, 0, 2, 4, 6, 8, 10, 12, 14);
    } else {
        res = dt == TILE_DT_BF16 ? bf16_normal_of_f32(qb) : fp16_normal_of_f32(qb);
        f32x8 r = widen(dt, res);

        *nx = (i32x8)(r * r != x);
    }
    return res;
}

INLINE void root_step(unsigned dt, const void *src, void *out, size_t i, unsigned cnt,
                      i32x8 *nx_all, unsigned *fl)
{
    u32x8 raw = load_raw(dt, src, i, cnt);
    i32x8 bad, nx;
    u32x8 res = root_chunk(dt, raw, &bad, &nx);

    *nx_all |= nx & ~bad;
    store_raw(dt, out, i, cnt, res);
    if (__builtin_expect(any32(bad), 0)) {
        for (unsigned k = 0; k < cnt; k++) {
            if (bad[k]) {
                raw_put(fbytes(dt), out, i + k, sfu_unary(dt, SFU_SQRT, raw[k], false, fl));
            }
        }
    }
}

INLINE void root_run(unsigned dt, const void *src, void *out, size_t n, unsigned *flags)
{
    i32x8 nx_all = {};
    unsigned fl = 0;
    size_t i = 0;

    for (; i + LANES <= n; i += LANES) {
        root_step(dt, src, out, i, LANES, &nx_all, &fl);
    }
    if (i < n) {
        root_step(dt, src, out, i, n - i, &nx_all, &fl);
    }
    *flags |= fl | (any32(nx_all) ? TILE_NUM_NX : 0);
}

HOST_CLONES
static void root_any(unsigned dtype, const void *src, void *out, size_t n, unsigned *flags)
{
    if (dtype == TILE_DT_FP32) {
        root_run(TILE_DT_FP32, src, out, n, flags);
    } else if (dtype == TILE_DT_BF16) {
        root_run(TILE_DT_BF16, src, out, n, flags);
    } else {
        root_run(TILE_DT_FP16, src, out, n, flags);
    }
}

/* ---- The loops ---- */

static inline __attribute__((always_inline))
void unary_run(const Fmt *f, unsigned dtype, SfuUnOp op, const void *src, void *out,
               size_t n, unsigned *flags)
{
    unsigned bytes = f->bits / 8, fl = 0;

    for (size_t i = 0; i < n; i++) {
        uint32_t raw = (uint32_t)raw_get(bytes, src, i), r;

        if (!unary_fast(f, op, raw, &r, &fl)) {
            r = (uint32_t)sfu_unary(dtype, op, raw, false, &fl);
        }
        raw_put(bytes, out, i, r);
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
        quot(dtype, true, src, NULL, 0, out, n, flags);
        return;
    }
    if (sfu_array_fast_type(dtype) && (op == SFU_EXP || op == SFU_LOG)) {
        func_any(dtype, op, src, out, n, flags);
        return;
    }
    if (sfu_array_fast_type(dtype) && op == SFU_SQRT) {
        root_any(dtype, src, out, n, flags);
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
        raw_put(bytes, out, i, sfu_unary(dtype, op, raw_get(bytes, src, i), false, flags));
    }
}

void sfu_array_div(unsigned dtype, const void *l, const void *r, void *out, size_t n,
                   unsigned *flags)
{
    quot(dtype, false, l, r, 0, out, n, flags);
}

void sfu_array_div_scalar(unsigned dtype, const void *l, uint64_t r, void *out, size_t n,
                          unsigned *flags)
{
    quot(dtype, false, l, NULL, r, out, n, flags);
}

void sfu_array_binary(unsigned dtype, SfuBinOp op, const void *l, const void *r,
                      uint64_t scalar, bool pto_v0, void *out, size_t n, unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;

    if (op == SFU_DIV && !pto_v0) {
        quot(dtype, false, l, r, scalar, out, n, flags);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t b = r ? raw_get(bytes, r, i) : scalar;

        raw_put(bytes, out, i, sfu_binary(dtype, op, raw_get(bytes, l, i), b, pto_v0, flags));
    }
}

/*
 * pto-v0's unary placeholders (sfu_unary()) on elements of BYTES bytes
 * whose infinity encodes as inf and 1.0 as one (constants in each call):
 * EXP the carrier plus one, RECIP (2^64 - 1) divided by it, the others
 * the input, in the low bits; a special input (zero, infinity, NaN, a
 * negative one of LOG / SQRT / RSQRT, LOG 1) through sfu_unary().
 */
static inline __attribute__((always_inline))
void unary_v0_run(unsigned dtype, unsigned bytes, uint64_t inf, uint64_t one, SfuUnOp op,
                  const void *src, void *out, size_t n, unsigned *flags)
{
    uint64_t sign = UINT64_C(1) << (bytes * 8 - 1), mask = sign | (sign - 1);
    bool neg_special = op == SFU_LOG || op == SFU_SQRT || op == SFU_RSQRT;

    for (size_t i = 0; i < n; i++) {
        uint64_t x = raw_get(bytes, src, i), mag = x & ~sign, y;

        if (!mag || mag >= inf || (neg_special && (x & sign)) || (op == SFU_LOG && x == one)) {
            y = sfu_unary(dtype, op, x, true, flags);
        } else if (op == SFU_EXP) {
            y = (x + 1) & mask;
        } else if (op == SFU_RECIP) {
            y = (~UINT64_C(0) / x) & mask;
        } else {
            y = x;
        }
        raw_put(bytes, out, i, y);
    }
}

#define UNARY_V0_OPS(dt, bytes, inf, one) \
    switch (op) { \
    case SFU_EXP: unary_v0_run(dt, bytes, inf, one, SFU_EXP, src, out, n, flags); return; \
    case SFU_LOG: unary_v0_run(dt, bytes, inf, one, SFU_LOG, src, out, n, flags); return; \
    case SFU_RECIP: unary_v0_run(dt, bytes, inf, one, SFU_RECIP, src, out, n, flags); return; \
    default: unary_v0_run(dt, bytes, inf, one, op, src, out, n, flags); return; \
    }

void sfu_array_unary_v0(unsigned dtype, SfuUnOp op, const void *src, void *out, size_t n,
                        unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;

    if (dtype == TILE_DT_FP32) {
        UNARY_V0_OPS(TILE_DT_FP32, 4, 0x7f800000, 0x3f800000);
    } else if (dtype == TILE_DT_FP16) {
        UNARY_V0_OPS(TILE_DT_FP16, 2, 0x7c00, 0x3c00);
    } else if (dtype == TILE_DT_BF16) {
        UNARY_V0_OPS(TILE_DT_BF16, 2, 0x7f80, 0x3f80);
    }
    for (size_t i = 0; i < n; i++) {
        raw_put(bytes, out, i, sfu_unary(dtype, op, raw_get(bytes, src, i), true, flags));
    }
}

#undef UNARY_V0_OPS

/* ---- TQUANT / TDEQUANT ---- */

/*
 * TQUANT: x * mult of two binary32 values is exact in binary64 (48
 * significant bits, exponents from -298 to 256); its sum with the zero
 * point (at most 255 in magnitude) is exact when TwoSum's error is zero.
 * That exact value rounds to an integer in RNE, RTZ, RDN, RUP and RNA
 * below, inexact exactly when the integer differs (NX); Sat clamps, else
 * the low byte is the value modulo 256 (sfu_quant()'s quant_finite gives
 * the same from the same exact value).  NaN, infinities, sums not exact
 * in binary64, magnitudes of 2^31 or more and the modes RTO and RHB take
 * sfu_quant().
 */

/* four lanes d (|d| < 2^51) rounded to integers in rm: to nearest even by
 * the host's own rounding of d + 1.5 * 2^52, whose ulp is 1; the other
 * modes one step from there toward d's side (or away from zero at a half) */
static inline __attribute__((always_inline))
f64x4 round_to_integer4(f64x4 d, TileRound rm)
{
    const f64x4 c = { 0x1.8p52, 0x1.8p52, 0x1.8p52, 0x1.8p52 };
    const u64x4 sign = { 1ull << 63, 1ull << 63, 1ull << 63, 1ull << 63 };
    const u64x4 one = { 0x3ff0000000000000ull, 0x3ff0000000000000ull,
                        0x3ff0000000000000ull, 0x3ff0000000000000ull };
    f64x4 r = (d + c) - c, ar = (f64x4)((u64x4)r & ~sign), ad = (f64x4)((u64x4)d & ~sign);
    /* +-1 with d's sign, and its half */
    f64x4 unit = (f64x4)(((u64x4)d & sign) | one), step;

    switch (rm) {
    case TILE_RND_RTZ:
        step = (f64x4)((u64x4)(ar > ad) & (u64x4)unit);
        return r - step;
    case TILE_RND_RDN:
        step = (f64x4)((u64x4)(r > d) & one);
        return r - step;
    case TILE_RND_RUP:
        step = (f64x4)((u64x4)(r < d) & one);
        return r + step;
    case TILE_RND_RNA: {
        u64x4 half = (u64x4)((r - d) * (r - d) == 0.25);
        f64x4 away = d + unit * 0.5;

        return (f64x4)(((u64x4)away & half) | ((u64x4)r & ~half));
    }
    default:
        return r;
    }
}

/* one element, rm a constant in each instance; *inexact collects NX */
static inline __attribute__((always_inline))
uint8_t quant_one(uint32_t bits, uint32_t mult, int64_t zp, TileRound rm, bool sat,
                  bool to_signed, bool *inexact, unsigned *flags)
{
    int64_t lo = to_signed ? -128 : 0, hi = to_signed ? 127 : 255;
    double p = (double)f32_of(bits) * f32_of(mult), z = (double)zp, d = p + z;
    double z1 = d - p, err = (p - (d - z1)) + (z - z1);      /* TwoSum */
    double r;
    int64_t q;

    if (!(__builtin_fabs(d) < 0x1p31) || err != 0) {
        /* (NaN and infinities fail the magnitude test) */
        return sfu_quant(bits, mult, zp, rm, sat, to_signed, flags);
    }
    r = round_to_integer4((f64x4){ d, d, d, d }, rm)[0];
    *inexact |= r != d;
    q = (int64_t)r;
    if (sat) {
        q = q < lo ? lo : q > hi ? hi : q;
    }
    return (uint8_t)q;
}

/* the loop for one mode: four lanes at a time where all four are decided
 * that way, else those four one by one */
static inline __attribute__((always_inline))
void quant_loop(const void *src, uint32_t mult, int64_t zp, TileRound rm, bool sat,
                bool to_signed, uint8_t *o, size_t n, unsigned *flags)
{
    int32_t lo = to_signed ? -128 : 0, hi = to_signed ? 127 : 255;
    double m = f32_of(mult), z = (double)zp;
    bool inexact = false;
    size_t i = 0;

    for (; i + 4 <= n; i += 4) {
        f32x4 xf;
        f64x4 p, d, z1, err, r;
        i64x4 ok;
        i32x4 q;

        memcpy(&xf, (const uint8_t *)src + i * 4, sizeof(xf));
        p = __builtin_convertvector(xf, f64x4) * m;
        d = p + z;
        z1 = d - p;
        err = (p - (d - z1)) + (z - z1);
        ok = ((f64x4)((u64x4)d & ~(1ull << 63)) < 0x1p31) & (err == 0);
        if (!(ok[0] & ok[1] & ok[2] & ok[3])) {
            for (int l = 0; l < 4; l++) {
                o[i + l] = quant_one(raw_get(4, src, i + l), mult, zp, rm, sat, to_signed,
                                     &inexact, flags);
            }
            continue;
        }
        r = round_to_integer4(d, rm);
        ok = r != d;
        inexact |= ok[0] | ok[1] | ok[2] | ok[3];
        q = __builtin_convertvector(r, i32x4);
        if (sat) {
            i32x4 vlo = (i32x4){ 0 } + lo, vhi = (i32x4){ 0 } + hi, below = q < vlo;
            i32x4 above = q > vhi;

            q = (q & ~below) | (vlo & below);
            q = (q & ~above) | (vhi & above);
        }
        for (int l = 0; l < 4; l++) {
            o[i + l] = (uint8_t)q[l];
        }
    }
    for (; i < n; i++) {
        o[i] = quant_one(raw_get(4, src, i), mult, zp, rm, sat, to_signed, &inexact, flags);
    }
    if (inexact) {
        *flags |= TILE_NUM_NX;
    }
}

HOST_CLONES
void sfu_array_quant(const void *src, uint32_t mult, int64_t zp, TileRound rm, bool sat,
                     bool to_signed, void *out, size_t n, unsigned *flags)
{
#define QUANT_MODE(mode)                                                \
    case mode:                                                          \
        quant_loop(src, mult, zp, mode, sat, to_signed, out, n, flags); \
        break;

    switch (rm) {
    QUANT_MODE(TILE_RND_RNE)
    QUANT_MODE(TILE_RND_RTZ)
    QUANT_MODE(TILE_RND_RDN)
    QUANT_MODE(TILE_RND_RUP)
    QUANT_MODE(TILE_RND_RNA)
#undef QUANT_MODE
    default:
        for (size_t i = 0; i < n; i++) {
            ((uint8_t *)out)[i] = sfu_quant(raw_get(4, src, i), mult, zp, rm, sat, to_signed,
                                            flags);
        }
    }
}

/*
 * TDEQUANT: (q - zp) * mult is exact in binary64 (at most 9 and 24
 * significant bits).  Where it lies in the normal binary32 range below
 * 2^127, the host's conversion rounds it to nearest even, and one step
 * toward the exact value's side gives the directed modes; NX when the
 * result differs from the exact value.  Zero, the rest and the other
 * modes take sfu_dequant().
 */
void sfu_array_dequant(unsigned src_dt, const void *src, uint32_t mult, int64_t zp,
                       TileRound rm, void *out, size_t n, unsigned *flags)
{
    double m = f32_of(mult);
    bool fast = rm == TILE_RND_RNE || rm == TILE_RND_RTZ || rm == TILE_RND_RDN ||
                rm == TILE_RND_RUP;

    for (size_t i = 0; i < n; i++) {
        uint64_t q = raw_get(1, src, i);
        double d = (double)((int64_t)tile_int_normalize(src_dt, q) - zp) * m;
        float f;

        if (!fast || !(__builtin_fabs(d) >= 0x1p-126 && __builtin_fabs(d) < 0x1p127)) {
            raw_put(4, out, i, sfu_dequant(src_dt, q, mult, zp, rm, flags));
            continue;
        }
        f = (float)d;
        if ((double)f != d) {
            *flags |= TILE_NUM_NX;
            if ((rm == TILE_RND_RTZ && __builtin_fabs(f) > __builtin_fabs(d)) ||
                (rm == TILE_RND_RDN && f > d) || (rm == TILE_RND_RUP && f < d)) {
                f = __builtin_nextafterf(f, rm == TILE_RND_RTZ ? 0.0f :
                                            rm == TILE_RND_RDN ? -__builtin_inff() :
                                                                 __builtin_inff());
            }
        }
        raw_put(4, out, i, raw_of_f32(f));
    }
}
