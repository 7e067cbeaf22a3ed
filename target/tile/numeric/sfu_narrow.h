/*
 * PTO Tile CPU: the narrow floating formats of the SFU array kernels
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Private to sfu_array.c and sfu_fold.c: raw little-endian element
 * arrays, the FP32 / FP16 / BF16 formats (Fmt) with their exact binary64
 * values and roundings, and the vector rounding of binary32 magnitudes to
 * FP16.  Every helper is static and inlined.
 */

#ifndef TARGET_TILE_SFU_NARROW_H
#define TARGET_TILE_SFU_NARROW_H

#include <float.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "numeric/tile_numeric.h"
#include "numeric/vec_chunk.h"

/* x87 excess precision would break the reasoning: such hosts loop. */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define SFU_ARRAY_FAST 1
#else
#define SFU_ARRAY_FAST 0
#endif

/* Raw elements: raw_get() / raw_put() of vec_chunk.h (little-endian hosts). */

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

#endif /* TARGET_TILE_SFU_NARROW_H */
