/*
 * PTO Tile CPU: binary64 lanes rounded into the narrow floating types
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * What the array kernels of vec_array.c (arithmetic) and vec_array_cvt.c
 * (TCVT) share: masks of four 64-bit lanes, and an exact binary64 value
 * (with the sign of its rest) rounded once to nearest even into FP32,
 * FP16, BF16, TF32, HF32, E4M3, E5M2, E3M2 or E2M3 where the result is
 * normal (an exact value in any of TCVT's rounding modes); the callers
 * send the other lanes to vec_elem.c.  Always inlined, as vec_chunk.h.
 */

#ifndef TARGET_TILE_VEC_ROUND_H
#define TARGET_TILE_VEC_ROUND_H

#include "numeric/vec_chunk.h"

/* ---- Chunks ---- */

/*
 * The 64-bit lanes work four at a time (32 bytes, the widest a common host
 * compares natively: wider vectors' compares are scalarized).  A chunk's
 * two halves: bit k of a lane set is lane k of the chunk.
 */
INLINE unsigned lanes_set(i64x4 lo, i64x4 hi)
{
    unsigned bits = 0;

    for (unsigned k = 0; k < 4; k++) {
        bits |= (lo[k] != 0) << k;
        bits |= (hi[k] != 0) << (k + 4);
    }
    return bits;
}

INLINE bool all64(i64x4 m)
{
    uint64_t w[4];

    memcpy(w, &m, sizeof(w));
    return (w[0] & w[1] & w[2] & w[3]) == UINT64_MAX;
}

INLINE bool any64(i64x4 m)
{
    uint64_t w[4];

    memcpy(w, &m, sizeof(w));
    return (w[0] | w[1] | w[2] | w[3]) != 0;
}

/* the low halves of four 64-bit lanes (a shuffle: compilers scalarize a
 * narrowing conversion) */
INLINE u32x4 low32(u64x4 v)
{
    u32x8 w = (u32x8)v;

    return __builtin_shufflevector(w, w, 0, 2, 4, 6);
}

/* The narrow formats' parameters: fraction bits, exponent bias, largest
 * finite biased exponent, sign position. */
INLINE unsigned frac_bits(unsigned dt)
{
    switch (dt) {
    case TILE_DT_FP32:
        return 23;
    case TILE_DT_HF32:
        return 11;
    case TILE_DT_FP16:
    case TILE_DT_TF32:
        return 10;
    case TILE_DT_E4M3:
    case TILE_DT_E2M3:
        return 3;
    case TILE_DT_E5M2:
    case TILE_DT_E3M2:
        return 2;
    default:
        return 7;
    }
}

INLINE unsigned exp_bits(unsigned dt)
{
    switch (dt) {
    case TILE_DT_FP16:
    case TILE_DT_E5M2:
        return 5;
    case TILE_DT_E4M3:
        return 4;
    case TILE_DT_E3M2:
        return 3;
    case TILE_DT_E2M3:
        return 2;
    default:
        return 8;
    }
}

INLINE int64_t exp_bias(unsigned dt)
{
    return (INT64_C(1) << (exp_bits(dt) - 1)) - 1;
}

/* (E3M2 and E2M3 have no infinity or NaN: their top exponent is finite) */
INLINE int64_t exp_max(unsigned dt)
{
    int64_t top = (INT64_C(1) << exp_bits(dt)) - 1;

    return dt == TILE_DT_E3M2 || dt == TILE_DT_E2M3 ? top : top - (dt != TILE_DT_E4M3);
}

/*
 * Whether a value's magnitude, truncated to the last kept digit, takes one
 * more unit there in mode rm: from what was dropped (more than half a
 * unit, exactly half, anything at all), the truncation's last digit and
 * the sign (masks).  PTO-TILE-MODEL-EXECUTION-TCVT's modes, as the
 * element rules round (tile_numeric.c): nearest with ties to even, away
 * from zero (RNA) or to +infinity (RHB); toward zero, +infinity or
 * -infinity when inexact; to odd, up from an even truncation.
 */
INLINE i64x4 round_increment(TileRound rm, i64x4 above, i64x4 tie, i64x4 inexact, i64x4 odd,
                             i64x4 neg)
{
    switch (rm) {
    case TILE_RND_RTZ:
        return (i64x4){ 0 };
    case TILE_RND_RUP:
        return inexact & ~neg;
    case TILE_RND_RDN:
        return inexact & neg;
    case TILE_RND_RNA:
        return above | tie;
    case TILE_RND_RHB:
        return above | (tie & ~neg);
    case TILE_RND_RTO:
        return inexact & ~odd;
    default:
        return above | (tie & odd);
    }
}

/*
 * s (+ err, the exact rest) rounded in mode rm into dt, in the encoding;
 * *ok: the lane is right (a normal result: the exact magnitude at least
 * the smallest normal, finite after rounding, and not a tie that err
 * decides; or an exact zero), *nx: inexact.  A mode other than nearest
 * even only with err zero (an exact s: TCVT).
 */
INLINE u32x4 round_double(unsigned dt, TileRound rm, f64x4 s, i64x4 err_nonzero, i64x4 *ok,
                          i64x4 *nx)
{
    const unsigned m = frac_bits(dt), sh = 52 - m;
    const uint64_t half = UINT64_C(1) << (sh - 1), low_mask = (UINT64_C(1) << sh) - 1;
    const int64_t rebias = (1023 - exp_bias(dt)) << m;
    /* (E4M3's all-ones magnitude is its NaN: 448 = 0x7e is the largest) */
    const int64_t largest = ((exp_max(dt) << m) | ((INT64_C(1) << m) - 1)) -
                            (dt == TILE_DT_E4M3);
    u64x4 u = (u64x4)s;
    u64x4 mag = u & UINT64_C(0x7fffffffffffffff);
    u64x4 low = mag & low_mask;
    /* the magnitude rounded to m fraction bits: (exponent << m) | fraction,
     * a carry rounding into the next binade */
    i64x4 rounded;

    if (rm == TILE_RND_RNE) {
        rounded = (i64x4)((mag + (half - 1) + ((mag >> sh) & 1)) >> sh) - rebias;
    } else {                    /* (a true mask is -1) */
        i64x4 inc = round_increment(rm, (i64x4)(low > half), (i64x4)(low == half),
                                    (i64x4)(low != 0), -(i64x4)((mag >> sh) & 1),
                                    (i64x4)s < 0);

        rounded = (i64x4)(mag >> sh) - inc - rebias;
    }
    i64x4 e0 = (i64x4)(mag >> 52) - 1023 + exp_bias(dt);
    i64x4 zero = (i64x4)(mag == 0);
    /* s at the smallest normal with a nonzero rest may be a rounded-up
     * tiny value, and a tie with a nonzero rest is decided by the rest */
    i64x4 doubt = ((i64x4)(low == half) |
                   (i64x4)(mag == (uint64_t)(1024 - exp_bias(dt)) << 52)) & err_nonzero;

    *ok = ((e0 >= 1) & (rounded <= largest) & ~doubt) | zero;
    *nx = (i64x4)(low != 0) | err_nonzero;
    u64x4 sign = (u >> 63) << (m + exp_bits(dt));
    u64x4 enc = ((u64x4)rounded & ~(u64x4)zero) | sign;

    if (dt == TILE_DT_TF32 || dt == TILE_DT_HF32) {
        enc <<= 23 - m;         /* FP32's encoding, the low bits zero */
    }
    return low32(enc);
}

/* Eight exact doubles (two halves) rounded into dt in mode rm and
 * stored: ok and nx of round_double() for each half. */
INLINE void round_store(unsigned dt, TileRound rm, const f64x4 d[2], void *dst, size_t i,
                        unsigned cnt, i64x4 ok[2], i64x4 nx[2])
{
    i64x4 none = { 0 };
    u32x4 r[2];
    u32x8 res;

    for (unsigned h = 0; h < 2; h++) {
        r[h] = round_double(dt, rm, d[h], none, &ok[h], &nx[h]);
    }
    memcpy(&res, r, sizeof(res));
    store_raw(dt, dst, i, cnt, res);
}

/* One float kernel specialised for each type. */
#define FLOAT_DISPATCH(dtype, CALL)                                                 \
    switch (dtype) {                                                                \
    case TILE_DT_FP32: { const unsigned dt = TILE_DT_FP32; CALL; break; }           \
    case TILE_DT_FP16: { const unsigned dt = TILE_DT_FP16; CALL; break; }           \
    default: { const unsigned dt = TILE_DT_BF16; CALL; break; }                     \
    }

/* The same for the one-byte types rounded into here (not HiF8, E8M0). */
#define BYTE_FLOAT_DISPATCH(dtype, CALL)                                            \
    switch (dtype) {                                                                \
    case TILE_DT_E4M3: { const unsigned dt = TILE_DT_E4M3; CALL; break; }           \
    case TILE_DT_E5M2: { const unsigned dt = TILE_DT_E5M2; CALL; break; }           \
    case TILE_DT_E3M2: { const unsigned dt = TILE_DT_E3M2; CALL; break; }           \
    default: { const unsigned dt = TILE_DT_E2M3; CALL; break; }                     \
    }

#endif
