/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Quotients, roots and elementary functions, correctly rounded (see
 * elem_func.h and docs/numeric-formats.md, "Elementary functions").
 */
#include "numeric/elem_func.h"
#include "numeric/mp_fixed.h"

/* The precisions of the bounds, in fraction bits: the first leaves a
 * result undecided only within about 2^-80 (relative) of a rounding
 * boundary; each next one doubles it. */
#define FUNC_FIRST_FRAC 96
#define FUNC_LAST_FRAC  768

/* exp(r) is evaluated at r / 2^EXP_HALVINGS, then squared back. */
#define EXP_HALVINGS 8

static int msb64(uint64_t v)
{
    return 63 - __builtin_clzll(v);
}

static TileNumExact normalized(const TileNumExact *x)
{
    TileNumExact v = *x;
    int lz = __builtin_clzll(v.sig);

    v.sig <<= lz;
    v.exp -= lz;
    return v;
}

/* ---- Exact: quotient, square root, reciprocal square root ---- */

uint64_t tile_num_div(TileDType t, const TileNumExact *a, const TileNumExact *b,
                      TileRound rm, unsigned *flags)
{
    TileNumExact n = normalized(a), d = normalized(b), q;
    unsigned __int128 num = (unsigned __int128)n.sig << 64, quo;
    bool sticky;

    quo = num / d.sig;
    sticky = num % d.sig != 0;
    q.neg = n.neg != d.neg;
    q.exp = n.exp - 64 - d.exp;
    /* quo is in [2^63, 2^65): keep 64 bits, the rest is sticky */
    if (quo >> 64) {
        sticky |= quo & 1;
        quo >>= 1;
        q.exp++;
    }
    q.sig = (uint64_t)quo;
    q.sticky = sticky;
    return tile_num_round(t, &q, rm, 0, flags);
}

/* floor(sqrt(n)) by Newton's iteration from above; *exact when n is a
 * perfect square. */
static uint64_t isqrt128(unsigned __int128 n, bool *exact)
{
    uint64_t hi = (uint64_t)(n >> 64);
    int bits = hi ? 128 - __builtin_clzll(hi) : 64 - __builtin_clzll((uint64_t)n | 1);
    unsigned __int128 y = (unsigned __int128)1 << ((bits + 1) / 2), z;

    /* y >= sqrt(n); each step keeps y >= floor(sqrt(n)) and decreases it */
    for (;;) {
        z = (y + n / y) >> 1;
        if (z >= y) {
            break;
        }
        y = z;
    }
    *exact = y * y == n;
    return (uint64_t)y;
}

uint64_t tile_num_sqrt(TileDType t, const TileNumExact *x, TileRound rm,
                       unsigned *flags)
{
    TileNumExact v = normalized(x), r;
    /* an even exponent: sig * 2^exp = (sig << shift) * 2^(exp - shift) */
    int shift = (v.exp & 1) ? 63 : 62;
    bool exact;

    /* n below 2^127: its root is in [2^62, 2^63.5) */
    r.sig = isqrt128((unsigned __int128)v.sig << shift, &exact);
    r.exp = (v.exp - shift) / 2;
    r.neg = false;
    r.sticky = !exact;
    return tile_num_round(t, &r, rm, 0, flags);
}

/*
 * x = s * 2^e with e even and s in [2^53, 2^55) (a format's significand
 * shifted by an even amount): 1 / sqrt(x) = 2^(-e/2 - 84) * sqrt(2^168 / s),
 * and floor(sqrt(floor(2^168 / s))) = floor(sqrt(2^168 / s)), a root of
 * 57 or 58 bits of a quotient below 2^115; exact only for x a power of 4.
 */
uint64_t tile_num_rsqrt(TileDType t, const TileNumExact *x, TileRound rm,
                        unsigned *flags)
{
    uint64_t s = x->sig, q_hi, r;
    unsigned __int128 q, rem;
    int e = x->exp, shift;
    TileNumExact y;
    bool exact;

    while (!(s & 1)) {
        s >>= 1;
        e++;
    }
    if (e & 1) {
        s <<= 1;                /* odd s of a format: at most 53 bits */
        e--;
    }
    shift = (54 - (63 - __builtin_clzll(s))) & ~1;
    s <<= shift;
    e -= shift;
    /* 2^168 / s in two steps: 2^104 / s, then the remainder times 2^64 */
    q_hi = (uint64_t)(((unsigned __int128)1 << 104) / s);
    r = (uint64_t)(((unsigned __int128)1 << 104) % s);
    rem = ((unsigned __int128)r << 64) % s;
    q = (unsigned __int128)q_hi << 64 | (uint64_t)(((unsigned __int128)r << 64) / s);
    y.sig = isqrt128(q, &exact);
    y.exp = -e / 2 - 84;
    y.neg = false;
    y.sticky = rem != 0 || !exact;
    return tile_num_round(t, &y, rm, 0, flags);
}

/* ---- Bounds of exp and log ---- */

/* a <= n units of the last place */
static bool at_most_ulps(const MpCtx *c, const Mp *a, uint32_t n)
{
    for (int i = 1; i < c->limbs; i++) {
        if (a->w[i]) {
            return false;
        }
    }
    return a->w[0] <= n;
}

/*
 * atanh(z) = z + z^3/3 + z^5/5 + ... for 0 <= z <= 1/3, from below (every
 * step rounded down, the series cut where its terms vanish) and from
 * above (every step rounded up, and 2 ulps for the tail, which is below
 * (9/8) z^(2k+1) / (2k+1) once that power is 1 ulp).
 */
static void atanh_bound(const MpCtx *c, const Mp *z, MpDir d, Mp *sum)
{
    Mp w, p, term;

    mp_mul(c, &w, z, z, d);
    p = *z;
    *sum = *z;
    for (uint32_t k = 1;; k++) {
        mp_mul(c, &p, &p, &w, d);
        if (d == MP_DOWN ? mp_is_zero(c, &p) : at_most_ulps(c, &p, 1)) {
            break;
        }
        mp_div_u32(c, &term, &p, 2 * k + 1, d);
        mp_add(c, sum, sum, &term);
    }
    if (d == MP_UP) {
        mp_add_ulps(c, sum, sum, 2);
    }
}

/* ln 2 = 2 atanh(1/3) */
static void ln2_compute(const MpCtx *c, Mp b[2])
{
    Mp one, third;

    mp_set_int(c, &one, 1);
    for (int d = MP_DOWN; d <= MP_UP; d++) {
        mp_div_u32(c, &third, &one, 3, d);
        atanh_bound(c, &third, d, &b[d]);
        mp_add(c, &b[d], &b[d], &b[d]);
    }
}

/*
 * The bounds of ln 2 at each precision, computed once: the first thread to
 * claim a slot (0 -> 1) fills it and publishes it (2); any other computes
 * its own copy meanwhile.  The values depend on nothing but the precision.
 */
static struct {
    int state;
    Mp b[2];
} ln2_cache[4];

static void ln2_bounds(const MpCtx *c, Mp b[2])
{
    int slot = c->frac == FUNC_FIRST_FRAC ? 0 : c->frac == 2 * FUNC_FIRST_FRAC ? 1 :
               c->frac == 4 * FUNC_FIRST_FRAC ? 2 : 3;
    bool cached = c->frac == FUNC_FIRST_FRAC << slot;   /* another precision: not kept */
    int empty = 0;

    if (cached && __atomic_load_n(&ln2_cache[slot].state, __ATOMIC_ACQUIRE) == 2) {
        b[0] = ln2_cache[slot].b[0];
        b[1] = ln2_cache[slot].b[1];
        return;
    }
    ln2_compute(c, b);
    if (cached &&
        __atomic_compare_exchange_n(&ln2_cache[slot].state, &empty, 1, false,
                                    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
        ln2_cache[slot].b[0] = b[0];
        ln2_cache[slot].b[1] = b[1];
        __atomic_store_n(&ln2_cache[slot].state, 2, __ATOMIC_RELEASE);
    }
}

/* A signed fixed-point value. */
typedef struct SMp {
    bool neg;
    Mp m;
} SMp;

static SMp smp_add(const MpCtx *c, SMp a, SMp b)
{
    SMp r;

    if (a.neg == b.neg) {
        r.neg = a.neg;
        mp_add(c, &r.m, &a.m, &b.m);
    } else if (mp_cmp(c, &a.m, &b.m) >= 0) {
        r.neg = a.neg;
        mp_sub(c, &r.m, &a.m, &b.m);
    } else {
        r.neg = b.neg;
        mp_sub(c, &r.m, &b.m, &a.m);
    }
    if (mp_is_zero(c, &r.m)) {
        r.neg = false;
    }
    return r;
}

/*
 * exp(x) = 2^k exp(r), r = x - k ln 2 in [0, 2): exp(r) from the Taylor
 * series at r / 2^8 (all terms positive), squared eight times.  k starts
 * from a 64-bit estimate of x / ln 2 and moves until r is certainly
 * nonnegative and below 2; false when the bounds of r straddle zero.
 */
static bool exp_bounds(int frac, const TileNumExact *x, TileNumExact *lo,
                       TileNumExact *hi)
{
    MpCtx c = mp_ctx(frac);
    Mp l2[2], xm[2], two;
    SMp r[2];
    int shift = x->exp + 30;
    /* |x| < 2^12 in Q30 times 1/ln 2 in Q20 (1512775): below 2^63 */
    int64_t xq = (int64_t)(shift >= 0 ? x->sig << shift :
                           shift > -64 ? x->sig >> -shift : 0);
    int64_t k = (xq * 1512775) >> 50;
    int tries;

    if (x->neg) {
        k = -k - 1;
    }
    ln2_bounds(&c, l2);
    mp_set(&c, &xm[MP_DOWN], x->sig, x->exp, MP_DOWN);
    mp_set(&c, &xm[MP_UP], x->sig, x->exp, MP_UP);
    mp_set_int(&c, &two, 2);
    for (tries = 0; tries < 4; tries++) {
        uint32_t ak = (uint32_t)(k < 0 ? -k : k);

        for (int d = MP_DOWN; d <= MP_UP; d++) {
            /* r_lo = x_lo - (k ln2)_hi, r_hi = x_hi - (k ln2)_lo */
            SMp xv = { x->neg, xm[x->neg ? !d : d] };
            SMp kl = { k >= 0, l2[(k < 0) == (d == MP_DOWN) ? MP_DOWN : MP_UP] };

            mp_mul_u32(&c, &kl.m, &kl.m, ak);
            if (!ak) {
                kl.neg = false;
            }
            r[d] = smp_add(&c, xv, kl);
        }
        if (r[MP_UP].neg) {
            k--;
        } else if (r[MP_DOWN].neg) {
            return false;
        } else if (mp_cmp(&c, &r[MP_DOWN].m, &two) >= 0) {
            k++;
        } else if (mp_cmp(&c, &r[MP_UP].m, &two) >= 0) {
            return false;
        } else {
            break;
        }
    }
    if (tries == 4) {
        return false;
    }
    for (int d = MP_DOWN; d <= MP_UP; d++) {
        Mp t, sum, term;

        mp_shr(&c, &t, &r[d].m, EXP_HALVINGS, d);
        mp_set_int(&c, &sum, 1);
        term = sum;
        for (uint32_t n = 1;; n++) {
            mp_mul(&c, &term, &term, &t, d);
            mp_div_u32(&c, &term, &term, n, d);
            if (d == MP_DOWN ? mp_is_zero(&c, &term) : at_most_ulps(&c, &term, 1)) {
                break;
            }
            mp_add(&c, &sum, &sum, &term);
        }
        if (d == MP_UP) {
            mp_add_ulps(&c, &sum, &sum, 2);     /* the tail: below 1.01 ulp */
        }
        for (int i = 0; i < EXP_HALVINGS; i++) {
            mp_mul(&c, &sum, &sum, &sum, d);
        }
        if (!mp_to_exact(&c, &sum, (int)k, d, d == MP_DOWN ? lo : hi)) {
            return false;
        }
    }
    return true;
}

/*
 * ln(x) = j ln 2 + ln(m), m = x / 2^j in [sqrt(1/2), sqrt(2)), and
 * ln(m) = 2 atanh(z), z = |m - 1| / (m + 1) <= 0.172 (negated for m < 1).
 */
static bool log_bounds(int frac, const TileNumExact *x, TileNumExact *lo,
                       TileNumExact *hi)
{
    MpCtx c = mp_ctx(frac);
    int h = x->exp + msb64(x->sig);
    uint64_t s64 = x->sig << (63 - msb64(x->sig));
    int j = s64 > TILE_NUM_SQRT2_Q63 ? h + 1 : h;
    uint32_t aj = (uint32_t)(j < 0 ? -j : j);
    uint64_t s55, unit;
    Mp num, z, at[2], l2[2], mag[2];
    bool below, neg;

    /* m = s55 / 2^(55 + j - h), s55 the significand at bit 55: z is the
     * quotient of the integers |s55 - 2^(55 + j - h)| and their sum, both
     * below 2^57 */
    s55 = x->sig << (55 - msb64(x->sig));
    unit = UINT64_C(1) << (55 + j - h);
    below = s55 < unit;
    if (j == 0 && s55 == unit) {
        return false;                           /* x = 1: the caller's */
    }
    mp_set_raw(&c, &num, below ? unit - s55 : s55 - unit, 0);
    for (int d = MP_DOWN; d <= MP_UP; d++) {
        mp_div_u64(&c, &z, &num, s55 + unit, d);
        atanh_bound(&c, &z, d, &at[d]);
        mp_add(&c, &at[d], &at[d], &at[d]);
    }
    if (j == 0) {
        mag[MP_DOWN] = at[MP_DOWN];
        mag[MP_UP] = at[MP_UP];
        neg = below;
    } else {
        ln2_bounds(&c, l2);
        for (int d = MP_DOWN; d <= MP_UP; d++) {
            mp_mul_u32(&c, &l2[d], &l2[d], aj);
        }
        if ((j > 0) != below) {
            mp_add(&c, &mag[MP_DOWN], &l2[MP_DOWN], &at[MP_DOWN]);
            mp_add(&c, &mag[MP_UP], &l2[MP_UP], &at[MP_UP]);
        } else {
            /* |j| ln 2 >= 0.69 > 2 atanh(0.172) */
            mp_sub(&c, &mag[MP_DOWN], &l2[MP_DOWN], &at[MP_UP]);
            mp_sub(&c, &mag[MP_UP], &l2[MP_UP], &at[MP_DOWN]);
        }
        neg = j < 0;
    }
    if (!mp_to_exact(&c, &mag[MP_DOWN], 0, MP_DOWN, lo) ||
        !mp_to_exact(&c, &mag[MP_UP], 0, MP_UP, hi)) {
        return false;
    }
    lo->neg = hi->neg = neg;
    return true;
}

typedef bool BoundsFn(int frac, const TileNumExact *x, TileNumExact *lo,
                      TileNumExact *hi);

/*
 * The rounding test: the exact result y is irrational, so it lies strictly
 * between the 64-bit bounds lo and hi.  Rounding is monotonic, so when the
 * values just above lo and just below hi round to the same encoding with
 * the same flags, y does too (every rounding boundary of a format with at
 * most 53 bits is a 64-bit value).  Otherwise again with twice the
 * precision; past the last precision (never reached: the hardest cases of
 * binary64 need about 120 bits) the bound from below is taken.
 */
static uint64_t round_bounded(TileDType t, const TileNumExact *x, TileRound rm,
                              int first_frac, unsigned *flags, BoundsFn *bounds)
{
    uint64_t r1 = 0, r2;
    unsigned f1 = 0, f2;

    for (int frac = first_frac; frac <= FUNC_LAST_FRAC; frac *= 2) {
        TileNumExact lo, hi;

        if (!bounds(frac, x, &lo, &hi)) {
            continue;
        }
        lo.sticky = true;               /* in (lo, lo + 1 unit) */
        hi.sig -= 1;                    /* in (hi - 1 unit, hi) */
        hi.sticky = true;
        f1 = f2 = 0;
        r1 = tile_num_round(t, &lo, rm, 0, &f1);
        r2 = tile_num_round(t, &hi, rm, 0, &f2);
        if (r1 == r2 && f1 == f2) {
            break;
        }
    }
    *flags |= f1;
    return r1;
}

uint64_t tile_num_exp_from(TileDType t, const TileNumExact *x, TileRound rm,
                           int first_frac, unsigned *flags)
{
    int e = x->exp + msb64(x->sig);     /* 2^e <= |x| < 2^(e+1) */
    TileNumExact near;

    if (e >= 12) {
        /* |x| >= 4096: e^x is far outside every format's range */
        near = (TileNumExact) { .sig = UINT64_C(1) << 63,
                                .exp = x->neg ? -20063 : 19937, .sticky = true };
        return tile_num_round(t, &near, rm, 0, flags);
    }
    if (e < -80) {
        /* e^x lies strictly between 1 and 1 + 2^-79 (x > 0), or between
         * 1 - 2^-80 and 1 (x < 0): the same rounding as just above 1, or
         * as just below it */
        near = x->neg ? (TileNumExact) { .sig = UINT64_MAX, .exp = -64, .sticky = true }
                      : (TileNumExact) { .sig = UINT64_C(1) << 63, .exp = -63,
                                         .sticky = true };
        return tile_num_round(t, &near, rm, 0, flags);
    }
    return round_bounded(t, x, rm, first_frac, flags, exp_bounds);
}

uint64_t tile_num_exp(TileDType t, const TileNumExact *x, TileRound rm,
                      unsigned *flags)
{
    return tile_num_exp_from(t, x, rm, FUNC_FIRST_FRAC, flags);
}

uint64_t tile_num_log_from(TileDType t, const TileNumExact *x, TileRound rm,
                           int first_frac, unsigned *flags)
{
    return round_bounded(t, x, rm, first_frac, flags, log_bounds);
}

uint64_t tile_num_log(TileDType t, const TileNumExact *x, TileRound rm,
                      unsigned *flags)
{
    return tile_num_log_from(t, x, rm, FUNC_FIRST_FRAC, flags);
}
