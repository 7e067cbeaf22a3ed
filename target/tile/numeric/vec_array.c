/*
 * PTO Tile CPU: the VEC element arithmetic over arrays (see vec_array.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The arrays are cut into chunks of eight elements (32 bytes for the
 * integer types); a short last chunk is padded with zeros, which compute
 * exactly and are never stored.  Each floating chunk yields its results,
 * a mask of the lanes the fast path got right (ok) and a mask of the
 * inexact ones; the lanes that are not ok are recomputed by vec_elem.c.
 *
 * Why the fast lanes are exact (PTO-TILE-MODEL-EXECUTION-ELEMENTWISE,
 * -FUSED-MULTIPLY-ADD: the exact result rounded once to nearest even):
 *  - FP16, BF16 and FP32 values widen exactly into doubles, and a product
 *    of two of them (at most 48 significant bits, exponents inside
 *    binary64's normal range) is exact there.  A sum's rounding error is
 *    exact by TwoSum (no overflow), so s + err is the exact result.
 *  - Rounding s to the p bits of the narrow type gives the rounding of
 *    s + err (|err| <= ulp(s) / 2, and no narrow rounding boundary lies
 *    strictly between two adjacent doubles) except when s is itself a
 *    tie of the narrow type and err != 0: such lanes are not ok.
 *  - A result whose exact magnitude is at least the smallest normal and
 *    that rounds to a finite value raises NX only (inexact) or nothing;
 *    tiny, overflowing, NaN and infinite results are not ok (a NaN or
 *    infinite operand gives a NaN or infinite s).  An exact zero s is ok:
 *    the host's sum takes the sign rule vec_elem.c applies.
 *  - FP32 ADD / SUB need no widening: TwoSum in binary32 is exact.
 *  - FP16 and BF16 ADD / SUB / MUL need none either: their binary32
 *    result rounded on to p bits (11, 8) is the exact one rounded once,
 *    since 24 >= 2p + 2 makes the double rounding of a sum or product of
 *    two p-bit values innocuous while it stays normal; NX when either
 *    rounding was inexact (TwoSum's error, the bits dropped).  FP32 MUL
 *    is the host's binary32 product where it is normal, NX from the exact
 *    binary64 one.  FMA, and TF32 / HF32 / E4M3 / E5M2 arithmetic, take
 *    the binary64 route; FP64 the host's binary64 arithmetic and fused
 *    multiply-add with the exact error (fp64_binary(), fp64_mul_fma()).
 * TCVT is vec_array_cvt.c; the rounding of binary64 lanes, vec_round.h.
 */

#include <string.h>

#include "numeric/vec_array.h"
#include "numeric/elem_util.h"
#include "numeric/vec_round.h"

static bool int_type(unsigned dtype)
{
    return vec_type_integer(dtype);
}

HOST_CLONES
void vec_array_to_float(unsigned dtype, const void *src, float *dst, size_t n)
{
    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f32x8 f = widen(dtype, load_raw(dtype, src, i, cnt));
        chunk_out(dst, i * 4, &f, 32, cnt * 4);
    }
}

/* Eight doubles (two halves) rounded into dt; the lanes that are not ok
 * converted by the numeric core from the source element. */
INLINE void from_double_chunk(unsigned dtype, const f64x4 d[2], const void *src,
                              bool is_double, void *dst, size_t i, unsigned cnt,
                              i64x4 *nx_acc, unsigned *flags)
{
    i64x4 ok[2], nx[2];

    round_store(dtype, TILE_RND_RNE, d, dst, i, cnt, ok, nx);
    *nx_acc |= (nx[0] & ok[0]) | (nx[1] & ok[1]);
    if (all64(ok[0] & ok[1])) {
        return;
    }
    unsigned bad = ~lanes_set(ok[0], ok[1]) & ((1u << cnt) - 1);
    for (unsigned k = 0; k < cnt; k++) {
        if (bad & (1u << k)) {
            uint64_t x;
            if (is_double) {
                double v;
                memcpy(&v, (const double *)src + i + k, 8);
                x = tile_num_from_double(dtype, v, TILE_RND_RNE, 0, flags);
            } else {
                x = tile_num_convert(dtype, TILE_DT_FP32, raw_get(4, src, i + k),
                                     TILE_RND_RNE, 0, flags);
            }
            raw_put(fbytes(dtype), dst, i + k, x);
        }
    }
}

void vec_array_from_float(unsigned dtype, const float *src, void *dst, size_t n,
                          unsigned *flags)
{
    i64x4 nx = { 0 };

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f32x8 f;
        f64x4 d[2];
        chunk_in(&f, 32, src, i * 4, cnt * 4);
        widen_halves(f, d);
        from_double_chunk(dtype, d, src, false, dst, i, cnt, &nx, flags);
    }
    if (any64(nx)) {
        *flags |= TILE_NUM_NX;
    }
}

HOST_CLONES
void vec_array_from_double(unsigned dtype, const double *src, void *dst, size_t n,
                           unsigned *flags)
{
    i64x4 nx = { 0 };

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f64x4 d[2];
        chunk_in(d, 64, src, i * 8, cnt * 8);
        from_double_chunk(dtype, d, src, true, dst, i, cnt, &nx, flags);
    }
    if (any64(nx)) {
        *flags |= TILE_NUM_NX;
    }
}

/* ---- Floating kernels ---- */

enum { K_ADD, K_SUB, K_MUL, K_FMA };

/* The lanes of a chunk the fast path did not get right, recomputed. */
static void float_fallback(unsigned dt, int k, VecBinOp op, unsigned bad, const void *l,
                           const void *r, const void *a, void *out, size_t i,
                           unsigned *flags)
{
    unsigned b = dt == TILE_DT_FP64 ? 8 : fbytes(dt);

    for (unsigned j = 0; bad; j++, bad >>= 1) {
        if (bad & 1) {
            uint64_t x = raw_get(b, l, i + j), y = raw_get(b, r, i + j);
            raw_put(b, out, i + j,
                    k == K_FMA ? vec_fma(dt, x, y, raw_get(b, a, i + j), false, flags)
                               : vec_binary(dt, op, x, y, false, flags));
        }
    }
}

/* the lanes float_arith()'s binary64 path cannot widen as values */
INLINE i32x8 operand_invalid(unsigned dt, u32x8 raw)
{
    if (dt == TILE_DT_E4M3) {
        return (i32x8)((raw & 0x7f) == 0x7f);
    }
    return (i32x8)((raw & ((1u << (23 - frac_bits(dt))) - 1)) != 0);
}

/* ADD, SUB, MUL, FMA over n elements of dt (k: the kernel). */
INLINE void float_arith(unsigned dt, int k, const void *l, const void *r, const void *a,
                        void *out, size_t n, unsigned *flags)
{
    VecBinOp op = k == K_ADD ? VEC_ADD : k == K_SUB ? VEC_SUB : VEC_MUL;
    i64x4 nx_acc = { 0 };
    i32x8 nx32_acc = { 0 };
    bool nx_found = false;

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f32x8 x = widen(dt, load_raw(dt, l, i, cnt));
        f32x8 y = widen(dt, load_raw(dt, r, i, cnt));
        unsigned bad;

        if (dt == TILE_DT_FP32 && (k == K_ADD || k == K_SUB)) {
            /* TwoSum in binary32; a normal or zero sum is the result */
            f32x8 yy = k == K_SUB ? -y : y;
            f32x8 s = x + yy, bb = s - x, err = (x - (s - bb)) + (yy - bb);
            f32x8 as = (f32x8)((u32x8)s & 0x7fffffff);
            i32x8 ok = ((as >= 0x1p-126f) & (as <= 0x1.fffffep127f)) | (as == 0);
            store_raw(dt, out, i, cnt, (u32x8)s);
            nx32_acc |= ok & (err != 0);
            if (!any32(~ok)) {
                continue;
            }
            bad = ~lane_bits(ok) & ((1u << cnt) - 1);
        } else if (dt == TILE_DT_FP32 && k == K_MUL) {
            /*
             * The host's binary32 product is the result where it is at
             * least 2^-125 (no tininess whatever the rounding) and finite,
             * or an exact zero of finite operands; NX where it differs
             * from the exact product in binary64, looked for until one
             * lane has it (NX is one flag for the array).
             */
            f32x8 p = x * y, ap = (f32x8)((u32x8)p & 0x7fffffff);
            f32x8 ax = (f32x8)((u32x8)x & 0x7fffffff), ay = (f32x8)((u32x8)y & 0x7fffffff);
            i32x8 ok = ((ap >= 0x1p-125f) & (ap <= 0x1.fffffep127f)) |
                       (((x == 0) | (y == 0)) & (ax <= 0x1.fffffep127f) &
                        (ay <= 0x1.fffffep127f));

            store_raw(dt, out, i, cnt, (u32x8)p);
            if (!nx_found) {
                f64x4 dx[2], dy[2], dp[2];

                widen_halves(x, dx);
                widen_halves(y, dy);
                widen_halves(p, dp);
                i64x4 nx0 = (dx[0] * dy[0]) != dp[0], nx1 = (dx[1] * dy[1]) != dp[1];
                i32x8 nx;

                memcpy(&nx, (i32x4[2]){ __builtin_convertvector(nx0, i32x4),
                                        __builtin_convertvector(nx1, i32x4) }, sizeof(nx));
                nx32_acc |= ok & nx;
                nx_found = any32(nx32_acc);
            }
            if (!any32(~ok)) {
                continue;
            }
            bad = ~lane_bits(ok) & ((1u << cnt) - 1);
        } else if ((dt == TILE_DT_FP16 || dt == TILE_DT_BF16) && k != K_FMA) {
            /*
             * FP16 / BF16 ADD, SUB, MUL in binary32, rounded on to dt:
             * a sum or product of two dt values rounded to 24 bits and
             * then to p (11, 8) is the exact one rounded once (24 >= 2p +
             * 2: innocuous double rounding) while it is normal in dt; a
             * product is even exact (at most 22 bits) and a sum's error
             * comes from TwoSum.  Lanes below dt's smallest normal (a
             * product that fell to zero among them) or rounding to
             * infinity, and NaN or infinite ones, are bad.
             */
            f32x8 yy = k == K_SUB ? -y : y, s, err = { 0 };
            u32x8 mag, res;
            i32x8 ok, zero;

            if (k == K_MUL) {
                s = x * y;
                zero = (x == 0) | (y == 0);
            } else {
                f32x8 bb;

                s = x + yy;
                bb = s - x;
                err = (x - (s - bb)) + (yy - bb);
                zero = s == 0;                  /* an exact zero (Hauser) */
            }
            mag = (u32x8)s & 0x7fffffff;
            if (dt == TILE_DT_FP16) {
                res = fp16_normal_of_f32(mag);
                ok = ((i32x8)mag >= 0x38800000) & ((i32x8)res < 0x7c00);
                nx32_acc |= ok & (((i32x8)(mag & 0x1fff) != 0) | (err != 0));
            } else {
                res = bf16_normal_of_f32(mag);
                ok = ((i32x8)mag >= 0x00800000) & ((i32x8)res < 0x7f80);
                nx32_acc |= ok & (((i32x8)(mag & 0xffff) != 0) | (err != 0));
            }
            ok |= (i32x8)(mag == 0) & zero;
            res = (res & (u32x8)~(i32x8)(mag == 0)) | (((u32x8)s >> 16) & 0x8000);
            store_raw(dt, out, i, cnt, res);
            if (!any32(~ok)) {
                continue;
            }
            bad = ~lane_bits(ok) & ((1u << cnt) - 1);
        } else {
            f64x4 dx[2], dy[2], dz[2];
            i64x4 ok[2], nx[2];
            u32x4 res[2];
            u32x8 res8;
            unsigned invalid = 0;

            if (dt == TILE_DT_TF32 || dt == TILE_DT_HF32 || dt == TILE_DT_E4M3) {
                /* an encoding with a low bit set is no TF32 / HF32 value,
                 * E4M3's NaN does not widen as one: the element rule's */
                i32x8 inval = operand_invalid(dt, load_raw(dt, l, i, cnt)) |
                              operand_invalid(dt, load_raw(dt, r, i, cnt));
                if (k == K_FMA) {
                    inval |= operand_invalid(dt, load_raw(dt, a, i, cnt));
                }
                invalid = lane_bits(inval);
            }

            widen_halves(x, dx);
            widen_halves(y, dy);
            if (k == K_FMA) {
                widen_halves(widen(dt, load_raw(dt, a, i, cnt)), dz);
            }
            for (unsigned h = 0; h < 2; h++) {
                f64x4 s;
                i64x4 err_nz = { 0 };
                if (k == K_MUL) {
                    s = dx[h] * dy[h];          /* exact */
                } else {
                    f64x4 p = dx[h], q = k == K_SUB ? -dy[h] : dy[h];
                    if (k == K_FMA) {
                        p = dx[h] * dy[h];      /* exact */
                        q = dz[h];
                    }
                    s = p + q;
                    f64x4 bb = s - p, err = (p - (s - bb)) + (q - bb);
                    err_nz = err != 0;
                }
                res[h] = round_double(dt, TILE_RND_RNE, s, err_nz, &ok[h], &nx[h]);
                for (unsigned j = 0; j < 4; j++) {
                    ok[h][j] &= (invalid >> (4 * h + j)) & 1 ? 0 : -1;
                }
                nx_acc |= nx[h] & ok[h];
            }
            memcpy(&res8, res, sizeof(res8));
            store_raw(dt, out, i, cnt, res8);
            bad = ~lanes_set(ok[0], ok[1]) & ((1u << cnt) - 1);
            if (!bad) {
                continue;
            }
        }
        float_fallback(dt, k, op, bad & ((1u << cnt) - 1), l, r, a, out, i, flags);
    }
    if (any64(nx_acc) || any32(nx32_acc)) {
        *flags |= TILE_NUM_NX;
    }
}

/* TMAX / TMIN on the encodings: a key monotonic in the value (-0 below
 * +0); a NaN operand takes the exact path. */
INLINE void float_minmax(unsigned dt, bool max, const void *l, const void *r, void *out,
                         size_t n, unsigned *flags)
{
    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        u32x8 x = load_raw(dt, l, i, cnt), y = load_raw(dt, r, i, cnt);
        i32x8 nan = nan8(dt, x) | nan8(dt, y);
        u32x8 kx = order_key8(dt, x), ky = order_key8(dt, y);
        u32x8 take_x = (u32x8)(max ? kx >= ky : kx <= ky);

        store_raw(dt, out, i, cnt, (x & take_x) | (y & ~take_x));
        if (any32(nan)) {
            unsigned bad = lane_bits(nan) & ((1u << cnt) - 1);

            float_fallback(dt, K_ADD, max ? VEC_MAX : VEC_MIN, bad, l, r, NULL, out, i,
                           flags);
        }
    }
}

static void float_unary(unsigned dt, VecUnOp op, const void *src, void *out, size_t n,
                        unsigned *flags)
{
    const uint32_t sign = dt == TILE_DT_FP32 ? 0x80000000u : 0x8000u;
    const uint32_t inf = dt == TILE_DT_FP32 ? 0x7f800000u
                         : dt == TILE_DT_FP16 ? 0x7c00u : 0x7f80u;

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        u32x8 x = load_raw(dt, src, i, cnt), y;
        i32x8 nan = { 0 };

        switch (op) {
        case VEC_ABS:           /* the sign bit only: NaNs keep their payload */
            y = x & ~sign;
            break;
        case VEC_NEG:
            y = x ^ sign;
            break;
        default:                /* RELU: a negative (or -0) gives +0 */
            nan = (i32x8)((x & ~sign) > inf);
            y = x & ~(u32x8)((i32x8)(x & sign) != 0);
            break;
        }
        store_raw(dt, out, i, cnt, y);
        if (any32(nan)) {
            for (unsigned j = 0; j < cnt; j++) {
                if (nan[j]) {
                    raw_put(fbytes(dt), out, i + j,
                            vec_unary(dt, op, raw_get(fbytes(dt), src, i + j), flags));
                }
            }
        }
    }
}

/* ---- FP64 ---- */

/* bit k: lane k of m is set (four lanes) */
INLINE unsigned lanes4(i64x4 m)
{
    return (m[0] != 0) | (m[1] != 0) << 1 | (m[2] != 0) << 2 | (m[3] != 0) << 3;
}

/*
 * ADD / SUB as vec_elem.c's host path for FP64: with both operands and
 * the sum finite, the host's sum (nearest even) is the result and NX is
 * TwoSum's error being nonzero (a subnormal sum is exact: no underflow).
 * MAX / MIN on the order key, as float_minmax().  Lanes with a NaN or
 * infinite operand, or an overflowing sum, take vec_binary().
 */
INLINE void fp64_binary(VecBinOp op, const void *l, const void *r, void *out, size_t n,
                        unsigned *flags)
{
    const uint64_t e = UINT64_C(0x7ff0000000000000), sign = UINT64_C(1) << 63;
    i64x4 nx_acc = { 0 };

    for (size_t i = 0; i < n; i += 4) {
        unsigned cnt = n - i < 4 ? n - i : 4;
        u64x4 x, y, res;
        i64x4 ok;

        chunk_in(&x, 32, l, i * 8, cnt * 8);
        chunk_in(&y, 32, r, i * 8, cnt * 8);
        if (op == VEC_ADD || op == VEC_SUB) {
            f64x4 a = (f64x4)x, b = op == VEC_SUB ? -(f64x4)y : (f64x4)y;
            f64x4 sum = a + b, bb = sum - a, err = (a - (sum - bb)) + (b - bb);

            ok = (i64x4)((x & e) != e) & (i64x4)((y & e) != e) &
                 (i64x4)(((u64x4)sum & e) != e);
            nx_acc |= ok & (err != 0);
            res = (u64x4)sum;
        } else {
            /* the key: a negative value's bits inverted, a positive's sign set */
            u64x4 nx_ = (u64x4)((i64x4)x >> 63), ny = (u64x4)((i64x4)y >> 63);
            u64x4 kx = (~x & nx_) | ((x | sign) & ~nx_), ky = (~y & ny) | ((y | sign) & ~ny);
            u64x4 take_x = (u64x4)(op == VEC_MAX ? kx >= ky : kx <= ky);

            ok = (i64x4)((x & ~sign) <= e) & (i64x4)((y & ~sign) <= e);
            res = (x & take_x) | (y & ~take_x);
        }
        chunk_out(out, i * 8, &res, 32, cnt * 8);
        if (!all64(ok)) {       /* (a short chunk's spare lanes are zeros: ok) */
            float_fallback(TILE_DT_FP64, K_ADD, op, ~lanes4(ok) & ((1u << cnt) - 1), l, r,
                           NULL, out, i, flags);
        }
    }
    if (any64(nx_acc)) {
        *flags |= TILE_NUM_NX;
    }
}

/* lane by lane a * b + c rounded once (the host's fused multiply-add) */
INLINE f64x4 fma4(f64x4 a, f64x4 b, f64x4 c)
{
    f64x4 r;

    for (unsigned k = 0; k < 4; k++) {
        r[k] = __builtin_fma(a[k], b[k], c[k]);
    }
    return r;
}

/* (s, err): s = a + b rounded, err its exact error (TwoSum: no
 * multiplication, so nothing to contract) */
INLINE f64x4 two_sum(f64x4 a, f64x4 b, f64x4 *err)
{
    f64x4 s = a + b, bb = s - a;

    *err = (a - (s - bb)) + (b - bb);
    return s;
}

/*
 * MUL and FMA, the host's product and fused multiply-add rounded once to
 * nearest even (as vec_elem.c's exact rule), in the lanes where the
 * exact error is known and nothing underflows or overflows: every operand
 * finite, the result normal (at least 2^-1021, finite), the product a * b
 * zero or at least 2^-969 in magnitude (its error, fma(a, b, -p), is then
 * a binary64 number) and, for FMA, the product and the addend at most
 * 2^1021 (no sum below overflows).  NX: MUL's error nonzero; FMA's
 * a * b + c - r nonzero, from Boldo and Muller's ErrFma: with (u1, u2) the
 * product and its error, (a1, a2) = TwoSum(c, u2), (b1, b2) = TwoSum(u1,
 * a1), g = (b1 - r) + b2 (exact), the rest is g + a2.  Every other lane
 * takes vec_binary() / vec_fma().
 */
FMA_CLONES
static void fp64_mul_fma(bool fma, const void *l, const void *r, const void *a, void *out,
                         size_t n, unsigned *flags)
{
    const uint64_t e = UINT64_C(0x7ff0000000000000), sign = UINT64_C(1) << 63;
    const f64x4 zero = { 0 };
    i64x4 nx_acc = { 0 };

    for (size_t i = 0; i < n; i += 4) {
        unsigned cnt = n - i < 4 ? n - i : 4;
        u64x4 x, y, z = { 0 };
        f64x4 res, rest;
        i64x4 ok, prod_ok;

        chunk_in(&x, 32, l, i * 8, cnt * 8);
        chunk_in(&y, 32, r, i * 8, cnt * 8);
        f64x4 fx = (f64x4)x, fy = (f64x4)y, p = fma4(fx, fy, zero);
        f64x4 pa = (f64x4)((u64x4)p & ~sign);

        ok = (i64x4)((x & e) != e) & (i64x4)((y & e) != e);
        prod_ok = (i64x4)(fx == 0) | (i64x4)(fy == 0) | (pa >= 0x1p-969);
        if (fma) {
            chunk_in(&z, 32, a, i * 8, cnt * 8);
            f64x4 fz = (f64x4)z, za = (f64x4)(z & ~sign), a1, a2, b1, b2;

            res = fma4(fx, fy, fz);
            f64x4 u2 = fma4(fx, fy, -p);
            a1 = two_sum(fz, u2, &a2);
            b1 = two_sum(p, a1, &b2);
            rest = ((b1 - res) + b2) + a2;
            ok &= (i64x4)((z & e) != e) & (pa <= 0x1p1021) & (za <= 0x1p1021);
        } else {
            res = fx * fy;
            rest = fma4(fx, fy, -res);
        }
        f64x4 ra = (f64x4)((u64x4)res & ~sign);

        ok &= prod_ok & (ra >= 0x1p-1021) & (ra <= 0x1.fffffffffffffp1023);
        nx_acc |= ok & (rest != 0);
        chunk_out(out, i * 8, &res, 32, cnt * 8);
        if (!all64(ok | ~(i64x4)((u64x4){ 0, 1, 2, 3 } < cnt))) {
            float_fallback(TILE_DT_FP64, fma ? K_FMA : K_MUL, VEC_MUL,
                           ~lanes4(ok) & ((1u << cnt) - 1), l, r, a, out, i, flags);
        }
    }
    if (any64(nx_acc)) {
        *flags |= TILE_NUM_NX;
    }
}

/* lane by lane a * b + c rounded once in binary32 (the host's fused
 * multiply-add) */
INLINE f32x8 fma8(f32x8 a, f32x8 b, f32x8 c)
{
    f32x8 r;

    for (unsigned k = 0; k < LANES; k++) {
        r[k] = __builtin_fmaf(a[k], b[k], c[k]);
    }
    return r;
}

/*
 * FP32 FMA, the host's binary32 fused multiply-add (the exact a * b + c
 * rounded once to nearest even, as vec_fma()), in the lanes whose result
 * is finite (nothing overflowed) and above 2^-126 in magnitude (the exact
 * value is then at least the smallest normal: nothing is tiny), and where
 * a zero product of finite operands meets a zero addend (an exact zero,
 * its sign by the rule IEEE 754 and the host share).  NX is one flag for
 * the array: once a lane is known inexact, no other is examined.  Until
 * then, with the product exact in binary64 (48 bits) and TwoSum giving
 * the exact sum as s + err, a lane is exact when err is zero and s the
 * result.  Every other lane takes vec_fma().
 */
FMA_CLONES
static void fp32_fma(const void *l, const void *r, const void *a, void *out, size_t n,
                     unsigned *flags)
{
    bool nx = false;

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f32x8 x, y, z, res, ar, ax, ay;
        i32x8 ok;

        chunk_in(&x, 32, l, i * 4, cnt * 4);
        chunk_in(&y, 32, r, i * 4, cnt * 4);
        chunk_in(&z, 32, a, i * 4, cnt * 4);
        res = fma8(x, y, z);
        ar = (f32x8)((u32x8)res & 0x7fffffff);
        ax = (f32x8)((u32x8)x & 0x7fffffff);
        ay = (f32x8)((u32x8)y & 0x7fffffff);
        ok = ((ar > 0x1p-126f) & (ar <= 0x1.fffffep127f)) |
             (((x == 0) | (y == 0)) & (z == 0) & (ax <= 0x1.fffffep127f) &
              (ay <= 0x1.fffffep127f));
        chunk_out(out, i * 4, &res, 32, cnt * 4);
        if (!nx) {
            f64x4 dx[2], dy[2], dz[2], dr[2], err;
            i64x4 inexact[2];

            widen_halves(x, dx);
            widen_halves(y, dy);
            widen_halves(z, dz);
            widen_halves(res, dr);
            for (unsigned h = 0; h < 2; h++) {
                f64x4 s = two_sum(dx[h] * dy[h], dz[h], &err);

                inexact[h] = (s != dr[h]) | (err != 0);
            }
            nx = lanes_set(inexact[0], inexact[1]) & lane_bits(ok) & ((1u << cnt) - 1);
        }
        if (any32(~ok)) {
            unsigned bad = ~lane_bits(ok) & ((1u << cnt) - 1);

            if (bad) {
                float_fallback(TILE_DT_FP32, K_FMA, VEC_MUL, bad, l, r, a, out, i, flags);
            }
        }
    }
    if (nx) {
        *flags |= TILE_NUM_NX;
    }
}

/* ABS NEG on the sign bit; RELU: a negative (or -0) gives +0, a NaN takes
 * vec_unary(). */
INLINE void fp64_unary(VecUnOp op, const void *src, void *out, size_t n, unsigned *flags)
{
    const uint64_t inf = UINT64_C(0x7ff0000000000000), sign = UINT64_C(1) << 63;

    for (size_t i = 0; i < n; i++) {
        uint64_t x = raw_get(8, src, i), y;

        switch (op) {
        case VEC_ABS:
            y = x & ~sign;
            break;
        case VEC_NEG:
            y = x ^ sign;
            break;
        default:
            y = (x & ~sign) > inf ? vec_unary(TILE_DT_FP64, op, x, flags)
                                  : x & sign ? 0 : x;
            break;
        }
        raw_put(8, out, i, y);
    }
}

/* ---- Integer kernels: 32-byte chunks of one element type ---- */

/*
 * The integer operations wrap (vec_elem.c int_binary): arithmetic in the
 * unsigned type of the width, shifts by the low log2(W) bits of the right
 * operand (arithmetic right shift for a signed type), compares in the
 * element's own signedness, ties of MAX / MIN keep the left operand.
 */
#define INT_KERNELS(NAME, T, UT)                                                    \
typedef T NAME##_v __attribute__((vector_size(32)));                                \
typedef UT NAME##_uv __attribute__((vector_size(32)));                              \
enum { NAME##_lanes = 32 / sizeof(T) };                                             \
                                                                                    \
static void NAME##_binary(VecBinOp op, const void *l, const void *r, void *out,     \
                          size_t n)                                                 \
{                                                                                   \
    const size_t es = sizeof(T);                                                    \
    for (size_t i = 0; i < n; i += NAME##_lanes) {                                  \
        unsigned cnt = n - i < NAME##_lanes ? n - i : NAME##_lanes;                 \
        NAME##_uv a, b, y;                                                          \
        chunk_in(&a, 32, l, i * es, cnt * es);                                      \
        chunk_in(&b, 32, r, i * es, cnt * es);                                      \
        NAME##_uv cnt_v = b & (UT)(sizeof(T) * 8 - 1);                              \
        NAME##_uv less = (NAME##_uv)((NAME##_v)a < (NAME##_v)b);                    \
        switch (op) {                                                               \
        case VEC_ADD: y = a + b; break;                                             \
        case VEC_SUB: y = a - b; break;                                             \
        case VEC_MUL: y = a * b; break;                                             \
        case VEC_AND: y = a & b; break;                                             \
        case VEC_OR: y = a | b; break;                                              \
        case VEC_XOR: y = a ^ b; break;                                             \
        case VEC_SHL: y = a << cnt_v; break;                                        \
        case VEC_SHR: y = (NAME##_uv)((NAME##_v)a >> (NAME##_v)cnt_v); break;       \
        case VEC_MAX: y = (b & less) | (a & ~less); break;                          \
        default:                                                                    \
            less |= (NAME##_uv)(a == b);                                            \
            y = (a & less) | (b & ~less);                                           \
            break;                                                                  \
        }                                                                           \
        chunk_out(out, i * es, &y, 32, cnt * es);                                   \
    }                                                                               \
}                                                                                   \
                                                                                    \
static void NAME##_fma(const void *l, const void *r, const void *c, void *out,      \
                       size_t n)                                                    \
{                                                                                   \
    const size_t es = sizeof(T);                                                    \
    for (size_t i = 0; i < n; i += NAME##_lanes) {                                  \
        unsigned cnt = n - i < NAME##_lanes ? n - i : NAME##_lanes;                 \
        NAME##_uv a, b, d, y;                                                       \
        chunk_in(&a, 32, l, i * es, cnt * es);                                      \
        chunk_in(&b, 32, r, i * es, cnt * es);                                      \
        chunk_in(&d, 32, c, i * es, cnt * es);                                      \
        y = a * b;                                                                  \
        y += d;                                                                     \
        chunk_out(out, i * es, &y, 32, cnt * es);                                   \
    }                                                                               \
}                                                                                   \
                                                                                    \
static void NAME##_unary(VecUnOp op, const void *src, void *out, size_t n)          \
{                                                                                   \
    const size_t es = sizeof(T);                                                    \
    for (size_t i = 0; i < n; i += NAME##_lanes) {                                  \
        unsigned cnt = n - i < NAME##_lanes ? n - i : NAME##_lanes;                 \
        NAME##_uv a, y;                                                             \
        chunk_in(&a, 32, src, i * es, cnt * es);                                    \
        NAME##_uv neg = (NAME##_uv)((NAME##_v)a < 0);                               \
        switch (op) {                                                               \
        case VEC_ABS: y = ((0 - a) & neg) | (a & ~neg); break;                      \
        case VEC_NOT: y = ~a; break;                                                \
        case VEC_NEG: y = 0 - a; break;                                             \
        default: y = a & ~neg; break;                                               \
        }                                                                           \
        chunk_out(out, i * es, &y, 32, cnt * es);                                   \
    }                                                                               \
}

INT_KERNELS(s8, int8_t, uint8_t)
INT_KERNELS(u8, uint8_t, uint8_t)
INT_KERNELS(s16, int16_t, uint16_t)
INT_KERNELS(u16, uint16_t, uint16_t)
INT_KERNELS(s32, int32_t, uint32_t)
INT_KERNELS(u32, uint32_t, uint32_t)
INT_KERNELS(s64, int64_t, uint64_t)
INT_KERNELS(u64, uint64_t, uint64_t)

#define INT_DISPATCH(dtype, CALL)                                                   \
    switch (dtype) {                                                                \
    case TILE_DT_S8: s8_##CALL; break;                                              \
    case TILE_DT_U8: u8_##CALL; break;                                              \
    case TILE_DT_S16: s16_##CALL; break;                                            \
    case TILE_DT_U16: u16_##CALL; break;                                            \
    case TILE_DT_S32: s32_##CALL; break;                                            \
    case TILE_DT_U32: u32_##CALL; break;                                            \
    case TILE_DT_S64: s64_##CALL; break;                                            \
    default: u64_##CALL; break;                                                     \
    }

/* ---- Entry points ---- */

unsigned vec_array_binary_type(unsigned dtype, VecBinOp op, bool pto_v0)
{
    if (!pto_v0 || !tile_dtype_info(dtype)->is_float ||
        (op != VEC_ADD && op != VEC_SUB && op != VEC_MUL)) {
        return dtype;
    }
    switch (tile_dtype_info(dtype)->width) {
    case 8:
        return TILE_DT_U8;
    case 16:
        return TILE_DT_U16;
    case 32:
        return TILE_DT_U32;
    default:
        return TILE_DT_U64;
    }
}

bool vec_array_binary_serves(unsigned dtype, VecBinOp op)
{
    if (int_type(dtype)) {
        return true;
    }
    return vec_type_arith(dtype) &&
           (op == VEC_ADD || op == VEC_SUB || op == VEC_MUL || op == VEC_MAX ||
            op == VEC_MIN);
}

bool vec_array_unary_serves(unsigned dtype, VecUnOp op)
{
    return int_type(dtype) || (vec_type_arith(dtype) && op != VEC_NOT);
}

bool vec_array_fma_serves(unsigned dtype)
{
    return int_type(dtype) || vec_type_arith(dtype);
}

enum { K_UNARY = K_FMA + 1 };

/* The floating types without a vector kernel (FP64, TF32, HF32, E4M3,
 * E5M2): the per-element functions over the array (k: the kernel, op:
 * its VecBinOp or VecUnOp). */
static void element_loop(unsigned dt, int k, int op, const void *l, const void *r,
                         const void *a, void *out, size_t n, unsigned *flags)
{
    unsigned b = tile_dtype_info(dt)->width / 8;

    for (size_t i = 0; i < n; i++) {
        uint64_t x = raw_get(b, l, i), y;

        switch (k) {
        case K_UNARY:
            y = vec_unary(dt, op, x, flags);
            break;
        case K_FMA:
            y = vec_fma(dt, x, raw_get(b, r, i), raw_get(b, a, i), false, flags);
            break;
        default:
            y = vec_binary(dt, op, x, raw_get(b, r, i), false, flags);
            break;
        }
        raw_put(b, out, i, y);
    }
}

/* The types whose ADD / SUB / MUL / FMA take float_arith()'s binary64
 * path only (no float kernel of their own): TF32, HF32, E4M3, E5M2. */
static bool double_way(unsigned dtype)
{
    return dtype == TILE_DT_TF32 || dtype == TILE_DT_HF32 || dtype == TILE_DT_E4M3 ||
           dtype == TILE_DT_E5M2;
}

#define DOUBLE_WAY_DISPATCH(dtype, CALL)                                            \
    switch (dtype) {                                                                \
    case TILE_DT_TF32: { const unsigned dt = TILE_DT_TF32; CALL; break; }           \
    case TILE_DT_HF32: { const unsigned dt = TILE_DT_HF32; CALL; break; }           \
    case TILE_DT_E4M3: { const unsigned dt = TILE_DT_E4M3; CALL; break; }           \
    default: { const unsigned dt = TILE_DT_E5M2; CALL; break; }                     \
    }

HOST_CLONES
void vec_array_binary(unsigned dtype, VecBinOp op, const void *l, const void *r, void *out,
                      size_t n, unsigned *flags)
{
    if (int_type(dtype)) {
        INT_DISPATCH(dtype, binary(op, l, r, out, n));
        return;
    }
    if (dtype == TILE_DT_FP64 && (op == VEC_ADD || op == VEC_SUB || op == VEC_MAX ||
                                  op == VEC_MIN)) {
        switch (op) {           /* each a constant in its copy */
        case VEC_ADD:
            fp64_binary(VEC_ADD, l, r, out, n, flags);
            break;
        case VEC_SUB:
            fp64_binary(VEC_SUB, l, r, out, n, flags);
            break;
        case VEC_MAX:
            fp64_binary(VEC_MAX, l, r, out, n, flags);
            break;
        default:
            fp64_binary(VEC_MIN, l, r, out, n, flags);
            break;
        }
        return;
    }
    if (dtype == TILE_DT_FP64 && op == VEC_MUL) {
        fp64_mul_fma(false, l, r, NULL, out, n, flags);
        return;
    }
    if (double_way(dtype) && (op == VEC_ADD || op == VEC_SUB || op == VEC_MUL)) {
        int k = op == VEC_ADD ? K_ADD : op == VEC_SUB ? K_SUB : K_MUL;

        DOUBLE_WAY_DISPATCH(dtype, float_arith(dt, k, l, r, NULL, out, n, flags));
        return;
    }
    if (!vec_array_float_type(dtype)) {
        element_loop(dtype, K_ADD, op, l, r, NULL, out, n, flags);
        return;
    }
    switch (op) {
    case VEC_ADD:
        FLOAT_DISPATCH(dtype, float_arith(dt, K_ADD, l, r, NULL, out, n, flags));
        break;
    case VEC_SUB:
        FLOAT_DISPATCH(dtype, float_arith(dt, K_SUB, l, r, NULL, out, n, flags));
        break;
    case VEC_MUL:
        FLOAT_DISPATCH(dtype, float_arith(dt, K_MUL, l, r, NULL, out, n, flags));
        break;
    default:
        FLOAT_DISPATCH(dtype, float_minmax(dt, op == VEC_MAX, l, r, out, n, flags));
        break;
    }
}

HOST_CLONES
void vec_array_fma(unsigned dtype, const void *l, const void *r, const void *a, void *out,
                   size_t n, unsigned *flags)
{
    if (int_type(dtype)) {
        INT_DISPATCH(dtype, fma(l, r, a, out, n));
        return;
    }
    if (dtype == TILE_DT_FP64) {
        fp64_mul_fma(true, l, r, a, out, n, flags);
        return;
    }
    if (dtype == TILE_DT_FP32 && host_fma()) {
        fp32_fma(l, r, a, out, n, flags);
        return;
    }
    if (double_way(dtype)) {
        DOUBLE_WAY_DISPATCH(dtype, float_arith(dt, K_FMA, l, r, a, out, n, flags));
        return;
    }
    if (!vec_array_float_type(dtype)) {
        element_loop(dtype, K_FMA, 0, l, r, a, out, n, flags);
        return;
    }
    FLOAT_DISPATCH(dtype, float_arith(dt, K_FMA, l, r, a, out, n, flags));
}

/* The lanes of b-byte words whose exponent field (mask e) is all ones in
 * l, r or a (a NaN or an infinity), or which have a bit of mask lz set
 * (TF32 and HF32's low bits, which a valid encoding leaves zero). */
INLINE void fma_v0_specials(unsigned dtype, unsigned b, uint64_t e, uint64_t lz,
                            const void *l, const void *r, const void *a, void *out, size_t n,
                            unsigned *flags)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t x = raw_get(b, l, i), y = raw_get(b, r, i), z = raw_get(b, a, i);

        if (((x & e) == e) | ((y & e) == e) | ((z & e) == e) | !!((x | y | z) & lz)) {
            raw_put(b, out, i, vec_fma(dtype, x, y, z, true, flags));
        }
    }
}

/*
 * pto-v0 TFMA (vec_fma() with pto_v0): where no operand is a NaN or an
 * infinity, the element rule is the carrier words' l * r + a modulo 2^w
 * with no flag -- the unsigned kernel of the width; the other lanes (the
 * invalid cases among them) take the element rule.  Every TFMA type
 * (FP64 FP32 TF32 HF32 FP16 BF16 E4M3 E5M2) encodes its NaNs and
 * infinities with the exponent field after the sign all ones; E4M3's
 * other encodings with that field are normal values, which the element
 * rule gives the carrier's word for as well.  (A TF32 or HF32 word with
 * a low bit set, no valid encoding, takes the element rule too.)
 */
HOST_CLONES
void vec_array_fma_v0(unsigned dtype, const void *l, const void *r, const void *a, void *out,
                      size_t n, unsigned *flags)
{
    const TileDTypeInfo *d = tile_dtype_info(dtype);
    uint64_t e = ((UINT64_C(1) << d->exp_bits) - 1) << (d->width - 1 - d->exp_bits);
    uint64_t lz = (UINT64_C(1) << d->low_zero_bits) - 1;

    switch (d->width) {
    case 8:
        u8_fma(l, r, a, out, n);
        fma_v0_specials(dtype, 1, e, lz, l, r, a, out, n, flags);
        break;
    case 16:
        u16_fma(l, r, a, out, n);
        fma_v0_specials(dtype, 2, e, lz, l, r, a, out, n, flags);
        break;
    case 32:
        u32_fma(l, r, a, out, n);
        fma_v0_specials(dtype, 4, e, lz, l, r, a, out, n, flags);
        break;
    default:
        u64_fma(l, r, a, out, n);
        fma_v0_specials(dtype, 8, e, lz, l, r, a, out, n, flags);
        break;
    }
}

HOST_CLONES
void vec_array_unary(unsigned dtype, VecUnOp op, const void *src, void *out, size_t n,
                     unsigned *flags)
{
    if (int_type(dtype)) {
        INT_DISPATCH(dtype, unary(op, src, out, n));
        return;
    }
    if (dtype == TILE_DT_FP64) {
        fp64_unary(op, src, out, n, flags);
        return;
    }
    if (!vec_array_float_type(dtype)) {
        element_loop(dtype, K_UNARY, op, src, NULL, NULL, out, n, flags);
        return;
    }
    float_unary(dtype, op, src, out, n, flags);
}

/* The scalar forms: the array form against a broadcast block of the scalar. */
void vec_array_binary_scalar(unsigned dtype, VecBinOp op, const void *l, uint64_t scalar,
                             void *out, size_t n, unsigned *flags)
{
    enum { BLOCK = 256 };
    uint64_t block[BLOCK] TILE_SCRATCH;
    unsigned b = tile_dtype_info(dtype)->width / 8;
    size_t m = n < BLOCK ? n : BLOCK;

    for (size_t j = 0; j < m; j++) {
        raw_put(b, block, j, scalar);
    }
    for (size_t i = 0; i < n; i += BLOCK) {
        size_t cnt = n - i < BLOCK ? n - i : BLOCK;
        vec_array_binary(dtype, op, (const uint8_t *)l + i * b, block,
                         (uint8_t *)out + i * b, cnt, flags);
    }
}

/* ---- TCVT ---- */
