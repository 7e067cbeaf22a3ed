/*
 * PTO Tile CPU: raw-encoding helpers of the element arithmetic (plain C)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Shared by vec_elem.c and sfu_elem.c.  Elements are raw encodings held
 * zero-extended in a uint64_t.
 */

#ifndef TARGET_TILE_ELEM_UTIL_H
#define TARGET_TILE_ELEM_UTIL_H

#include "numeric/tile_numeric.h"

static inline unsigned elem_width(unsigned dtype)
{
    return tile_dtype_info(dtype)->width;
}

static inline uint64_t elem_low_bits(uint64_t v, unsigned w)
{
    return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
}

static inline uint64_t elem_sign_bit(unsigned dtype)
{
    return UINT64_C(1) << (elem_width(dtype) - 1);
}

static inline uint64_t elem_zero(unsigned dtype, bool neg)
{
    return neg ? elem_sign_bit(dtype) : 0;
}

static inline uint64_t elem_canonical_nan(unsigned dtype)
{
    return tile_dtype_info(dtype)->nan_raw;
}

/* +-inf: all-ones exponent, zero fraction; E4M3 (no infinity) gets its NaN */
static inline uint64_t elem_inf(unsigned dtype, bool neg)
{
    const TileDTypeInfo *d = tile_dtype_info(dtype);

    if (!d->has_inf) {
        return elem_canonical_nan(dtype);
    }
    return (((UINT64_C(1) << d->exp_bits) - 1) << (d->width - 1 - d->exp_bits)) |
           elem_zero(dtype, neg);
}

/* An invalid TF32 / HF32 encoding counts as a signaling NaN (no arithmetic
 * checks it; docs/implementation-defined.md entry 40). */
static inline bool elem_is_nan(TileNumClass c)
{
    return tile_num_class_is_nan(c) || c == TILE_NUM_INVALID;
}

static inline bool elem_is_snan(TileNumClass c)
{
    return c == TILE_NUM_SNAN || c == TILE_NUM_INVALID;
}

/* The NaN rule of a two-operand operation: when either operand is a NaN
 * (or invalid), *out is the canonical NaN, NV for a signaling one. */
static inline bool elem_nan_operands(unsigned dtype, TileNumClass cl, TileNumClass cr,
                                     uint64_t *out, unsigned *flags)
{
    if (!elem_is_nan(cl) && !elem_is_nan(cr)) {
        return false;
    }
    if (elem_is_snan(cl) || elem_is_snan(cr)) {
        *flags |= TILE_NUM_NV;
    }
    *out = elem_canonical_nan(dtype);
    return true;
}

/*
 * An FP16 encoding as the binary32 encoding of the same value, exactly
 * (subnormals normalized); a NaN keeps its payload, quiet bit included,
 * shifted into place.
 */
static inline uint32_t elem_fp16_as_fp32(uint32_t h)
{
    uint32_t sign = (h & 0x8000) << 16, e = (h >> 10) & 0x1f, f = h & 0x3ff;
    int lead;

    if (e == 0x1f) {
        return sign | 0x7f800000 | f << 13;
    }
    if (e) {
        return sign | (e + 112) << 23 | f << 13;
    }
    if (!f) {
        return sign;
    }
    lead = 31 - __builtin_clz(f);       /* f * 2^-24 = 2^(lead - 24) * 1.xxx */
    return sign | (uint32_t)(lead + 103) << 23 | ((f << (23 - lead)) & 0x7fffff);
}

#endif /* TARGET_TILE_ELEM_UTIL_H */
