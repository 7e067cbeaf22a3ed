/*
 * PTO Tile CPU: chunks of eight narrow floating elements in host vectors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The GCC vector types and the chunk helpers that the array kernels of
 * vec_array.c and sfu_array.c share: raw FP16 / BF16 / FP32 encodings in
 * and out of eight 32-bit lanes (a short chunk zero-padded) and their
 * exact widening into floats and doubles.  Every helper is always
 * inlined: no vector crosses a call.  Little-endian hosts only (tile
 * rows are read as host arrays).
 */

#ifndef TARGET_TILE_VEC_CHUNK_H
#define TARGET_TILE_VEC_CHUNK_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "numeric/tile_numeric.h"

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the array kernels read tile rows as little-endian host arrays"
#endif

#define LANES 8

/* the chunk helpers below are always inlined: no vector crosses a call */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

typedef float f32x8 __attribute__((vector_size(32)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint64_t u64x4 __attribute__((vector_size(32)));
typedef int64_t i64x4 __attribute__((vector_size(32)));
typedef double f64x4 __attribute__((vector_size(32)));
typedef float f32x4 __attribute__((vector_size(16)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));

#define INLINE static inline __attribute__((always_inline))

/*
 * The host dispatch: on x86-64 the entry points are also built for AVX2
 * (64-bit lane compares, 256-bit registers) and the loader picks the
 * clone the CPU runs; every other host, and an older CPU, runs the
 * baseline build of the same source (VEC_ARRAY_BASELINE: that one only,
 * for the tests).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(VEC_ARRAY_BASELINE)
#define HOST_CLONES __attribute__((target_clones("avx2", "default")))
/* where the host's fused multiply-add is the kernel's own operation */
#define FMA_CLONES __attribute__((target_clones("fma", "default"), noinline))
/* whether an FMA_CLONES kernel runs the host's fused multiply-add as one
 * instruction (else as libm's fma(), exact but slow) */
INLINE bool host_fma(void)
{
    return __builtin_cpu_supports("fma");
}
#else
#define HOST_CLONES
#define FMA_CLONES
INLINE bool host_fma(void)
{
#if defined(__aarch64__)
    return true;
#else
    return false;
#endif
}
#endif

/*
 * The host's wide vector state made clean before plain code runs: on
 * x86-64, VZEROUPPER where the CPU has AVX.  GCC inserts it before calls
 * and returns only after registers 0-15; after the AVX-512 registers
 * 16-31 it inserts none, and each SSE instruction that runs next (the
 * exact path, QEMU after the operation) is then many times slower.  The
 * upper halves of registers 0-15 are clobbered: nothing vector stays in
 * them across this.
 */
INLINE void vector_state_clean(void)
{
#if defined(__x86_64__) && defined(__GNUC__)
    if (__builtin_cpu_supports("avx")) {
        __asm__ volatile("vzeroupper" : : : "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
                         "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",
                         "xmm13", "xmm14", "xmm15");
    }
#endif
}

/* Element i of an array of raw encodings `bytes` wide (1, 2, 4 or 8),
 * zero-extended; and its store. */
INLINE uint64_t raw_get(unsigned bytes, const void *p, size_t i)
{
    const uint8_t *b = (const uint8_t *)p + i * bytes;
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;

    switch (bytes) {
    case 1:
        memcpy(&u8, b, 1);
        return u8;
    case 2:
        memcpy(&u16, b, 2);
        return u16;
    case 4:
        memcpy(&u32, b, 4);
        return u32;
    default:
        memcpy(&u64, b, 8);
        return u64;
    }
}

INLINE void raw_put(unsigned bytes, void *p, size_t i, uint64_t x)
{
    uint8_t *b = (uint8_t *)p + i * bytes;
    uint8_t u8 = x;
    uint16_t u16 = x;
    uint32_t u32 = x;

    switch (bytes) {
    case 1:
        memcpy(b, &u8, 1);
        break;
    case 2:
        memcpy(b, &u16, 2);
        break;
    case 4:
        memcpy(b, &u32, 4);
        break;
    default:
        memcpy(b, &x, 8);
        break;
    }
}

/* cnt elements of `bytes` each from p + i into a full chunk (zero-padded) */
INLINE void chunk_in(void *dst, unsigned full, const void *p, size_t off, unsigned used)
{
    if (used == full) {
        memcpy(dst, (const uint8_t *)p + off, full);
    } else {
        memset(dst, 0, full);
        memcpy(dst, (const uint8_t *)p + off, used);
    }
}

INLINE void chunk_out(void *p, size_t off, const void *src, unsigned full, unsigned used)
{
    memcpy((uint8_t *)p + off, src, used == full ? full : used);
}

INLINE bool any32(i32x8 m)
{
    uint64_t w[4];

    memcpy(w, &m, sizeof(w));
    return (w[0] | w[1] | w[2] | w[3]) != 0;
}

/* bit k: lane k of the mask m is set */
INLINE unsigned lane_bits(i32x8 m)
{
    unsigned bits = 0;

    for (unsigned k = 0; k < LANES; k++) {
        bits |= (unsigned)(m[k] & 1) << k;
    }
    return bits;
}

/* ---- Narrow <-> float / double ---- */

/* FP32 and the types held in its encoding with low bits zero (TF32, HF32) */
INLINE bool f32_carrier(unsigned dt)
{
    return dt == TILE_DT_FP32 || dt == TILE_DT_TF32 || dt == TILE_DT_HF32;
}

INLINE unsigned fbytes(unsigned dt)
{
    return f32_carrier(dt) ? 4 : tile_dtype_info(dt)->width == 8 ? 1 : 2;
}

/* eight raw elements (zero-extended) of a chunk */
INLINE u32x8 load_raw(unsigned dt, const void *p, size_t i, unsigned cnt)
{
    if (f32_carrier(dt)) {
        u32x8 v;
        chunk_in(&v, 32, p, i * 4, cnt * 4);
        return v;
    } else if (fbytes(dt) == 1) {
        u8x8 b;
        chunk_in(&b, 8, p, i, cnt);
        return __builtin_convertvector(b, u32x8);
    } else {
        u16x8 h;
        chunk_in(&h, 16, p, i * 2, cnt * 2);
        return __builtin_convertvector(h, u32x8);
    }
}

INLINE void store_raw(unsigned dt, void *p, size_t i, unsigned cnt, u32x8 v)
{
    if (f32_carrier(dt)) {
        chunk_out(p, i * 4, &v, 32, cnt * 4);
    } else if (fbytes(dt) == 1) {
        u8x8 b = __builtin_convertvector(v, u8x8);
        chunk_out(p, i, &b, 8, cnt);
    } else {
        u16x8 h = __builtin_convertvector(v, u16x8);
        chunk_out(p, i * 2, &h, 16, cnt * 2);
    }
}

/* Exact widening of raw FP16 / BF16 / FP32 (TF32, HF32) encodings (NaNs keep their
 * payload shifted up).  An FP16 magnitude moved into the float's field
 * reads as 2^-112 times its value (a subnormal as a float subnormal), so
 * one exact scaling by 2^112 finishes it; exponent 31 becomes 255. */
INLINE f32x8 widen(unsigned dt, u32x8 raw)
{
    if (f32_carrier(dt)) {
        return (f32x8)raw;
    }
    if (dt == TILE_DT_BF16) {
        return (f32x8)(raw << 16);
    }
    if (dt == TILE_DT_E4M3) {
        /* as FP16 below, bias 7: 2^-120 times the value; 0x7f (NaN)
         * reads as a number, which the callers leave to the element rule */
        return (f32x8)(((raw & 0x7f) << 20) | ((raw & 0x80) << 24)) * 0x1p120f;
    }
    if (dt == TILE_DT_E5M2) {
        raw <<= 8;              /* E5M2 is FP16's upper byte */
    }
    u32x8 em = raw & 0x7fff, sign = (raw & 0x8000) << 16;
    u32x8 special = (u32x8)(em >= 0x7c00);
    f32x8 scaled = (f32x8)(em << 13) * 0x1p112f;
    u32x8 bits = ((u32x8)scaled & ~special) | (((em << 13) | 0x7f800000) & special);
    return (f32x8)(bits | sign);
}

/* binary32 encodings rounded to nearest even at bit DROP, shifted down
 * (a carry runs into the exponent) */
INLINE u32x8 f32_round_at(u32x8 fm, unsigned drop)
{
    return (fm + ((1u << (drop - 1)) - 1) + ((fm >> drop) & 1)) >> drop;
}

/* binary32 magnitudes (encodings) fm in FP16's normal range [2^-14,
 * 2^16) rounded to FP16 encodings: round at bit 13 (up to infinity at
 * 65520), rebias */
INLINE u32x8 fp16_normal_of_f32(u32x8 fm)
{
    return f32_round_at(fm, 13) - (112u << 10);
}

/* binary32 encodings rounded to nearest even into BF16 at bit 16 (the
 * sign rides along from bit 31 to 15; infinity from 0x7f7f8000 on) */
INLINE u32x8 bf16_normal_of_f32(u32x8 fm)
{
    return f32_round_at(fm, 16);
}

/* FP32 / FP16 / BF16 encodings in 32-bit lanes: a key whose unsigned
 * order is the values' (tile_num_order_key(): -0 below +0; NaNs set
 * apart by nan8()). */
INLINE u32x8 order_key8(unsigned dt, u32x8 x)
{
    const uint32_t sign = dt == TILE_DT_FP32 ? 0x80000000u : 0x8000u;
    const uint32_t all = sign | (sign - 1);
    u32x8 neg = (u32x8)((i32x8)(x & sign) != 0);

    return ((~x & all) & neg) | ((x | sign) & ~neg);
}

INLINE i32x8 nan8(unsigned dt, u32x8 x)
{
    const uint32_t sign = dt == TILE_DT_FP32 ? 0x80000000u : 0x8000u;
    const uint32_t inf = dt == TILE_DT_FP32 ? 0x7f800000u : dt == TILE_DT_FP16 ? 0x7c00u : 0x7f80u;

    return (i32x8)((x & ~sign) > inf);
}

/* widen() for finite encodings only (an FP16 NaN or infinity gives some
 * finite value: for the paths that set those lanes apart) */
INLINE f32x8 widen_finite(unsigned dt, u32x8 raw)
{
    if (dt != TILE_DT_FP16) {
        return widen(dt, raw);
    }
    return (f32x8)(((raw & 0x7fff) << 13) | ((raw & 0x8000) << 16)) * 0x1p112f;
}

/* the two halves of a chunk of floats, widened */
INLINE void widen_halves(f32x8 f, f64x4 d[2])
{
    f32x4 h[2];

    memcpy(h, &f, sizeof(h));
    d[0] = __builtin_convertvector(h[0], f64x4);
    d[1] = __builtin_convertvector(h[1], f64x4);
}

/*
 * Lane-wise square roots of non-negative floats, correctly rounded (IEEE
 * sqrt).  GCC's vector extensions have no square root: on x86-64 the
 * SSE instruction (baseline there; VEX-encoded in the AVX2 clones) on
 * each half, elsewhere the lanes one by one (a negative lane, which the
 * callers never use, is taken as its magnitude: no libm error path).
 */
INLINE f32x8 sqrt8(f32x8 x)
{
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    f32x4 h[2];

    memcpy(h, &x, sizeof(h));
    h[0] = __builtin_ia32_sqrtps(h[0]);
    h[1] = __builtin_ia32_sqrtps(h[1]);
    memcpy(&x, h, sizeof(x));
#else
    for (int l = 0; l < LANES; l++) {
        x[l] = __builtin_sqrtf(__builtin_fabsf(x[l]));
    }
#endif
    return x;
}

#endif /* TARGET_TILE_VEC_CHUNK_H */
