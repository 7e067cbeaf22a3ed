/*
 * PTO Tile CPU: the VEC predicate kernels over arrays (see vec_array.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * TCMP / TCMPS write one predicate bit per element, TSEL / TSELS read
 * one, TEXPANDS fills.  Eight elements make one byte of bits, stored
 * or read at any bit offset (a predicate row starts at bit r * Col).
 *
 * The compares (PTO-TILE-MODEL-EXECUTION-COMPARE, vec_elem.c
 * vec_compare()): FP32, FP16 and BF16 widen exactly into binary32, whose
 * host compares are the spec's -- +0 equals -0, a NaN operand makes the
 * pair unordered and only NE holds -- and a chunk with a NaN asks
 * vec_compare() for its flags (NV for a signaling NaN).  Integers compare
 * in their own signedness.  Other types go element by element.
 */

#include "numeric/vec_array.h"
#include "numeric/vec_chunk.h"

/* ---- Bits at any offset (cnt <= 8) ---- */

INLINE unsigned bits_get(const uint8_t *p, uint64_t pos, unsigned cnt)
{
    const uint8_t *b = p + (pos >> 3);
    unsigned sh = pos & 7, w = b[0] >> sh;

    if (sh + cnt > 8) {
        w |= (unsigned)b[1] << (8 - sh);
    }
    return w & ((1u << cnt) - 1);
}

INLINE void bits_put(uint8_t *p, uint64_t pos, unsigned v, unsigned cnt)
{
    uint8_t *b = p + (pos >> 3);
    unsigned sh = pos & 7, mask = ((1u << cnt) - 1) << sh;

    v = (v << sh) & mask;
    b[0] = (uint8_t)((b[0] & ~mask) | v);
    if (sh + cnt > 8) {
        b[1] = (uint8_t)((b[1] & ~(mask >> 8)) | (v >> 8));
    }
}

/* ---- Compare ---- */

/* The relation from the lanes' less, equal and unordered bits. */
INLINE unsigned relation(VecCmp cmp, unsigned lt, unsigned eq, unsigned un)
{
    switch (cmp) {
    case VEC_EQ:
        return eq;
    case VEC_NE:
        return ~eq;
    case VEC_LT:
        return lt;
    case VEC_GT:
        return ~(lt | eq | un);
    case VEC_LE:
        return lt | eq;
    default:
        return ~(lt | un);
    }
}

INLINE void float_compare(unsigned dt, VecCmp cmp, const void *l, const void *r,
                          uint64_t scalar, uint8_t *pred, uint64_t bit0, size_t n,
                          unsigned *flags)
{
    const unsigned b = fbytes(dt);
    f32x8 y = widen(dt, (u32x8){ 0 } + (uint32_t)scalar);

    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        f32x8 x = widen(dt, load_raw(dt, l, i, cnt));
        if (r) {
            y = widen(dt, load_raw(dt, r, i, cnt));
        }
        unsigned un = lane_bits((x != x) | (y != y));

        bits_put(pred, bit0 + i, relation(cmp, lane_bits(x < y), lane_bits(x == y), un), cnt);
        un &= (1u << cnt) - 1;
        for (unsigned k = 0; un; k++, un >>= 1) {
            if (un & 1) {       /* the flags of a NaN operand */
                vec_compare(dt, cmp, raw_get(b, l, i + k), r ? raw_get(b, r, i + k) : scalar,
                            flags);
            }
        }
    }
}

#define INT_COMPARE(NAME, T)                                                        \
static void NAME##_compare(VecCmp cmp, const void *l, const void *r, uint64_t scalar, \
                           uint8_t *pred, uint64_t bit0, size_t n)                 \
{                                                                                   \
    for (size_t i = 0; i < n; i += LANES) {                                         \
        unsigned cnt = n - i < LANES ? n - i : LANES, lt = 0, eq = 0;               \
        for (unsigned k = 0; k < cnt; k++) {                                        \
            T a = (T)raw_get(sizeof(T), l, i + k);                                  \
            T c = (T)(r ? raw_get(sizeof(T), r, i + k) : scalar);                   \
            lt |= (unsigned)(a < c) << k;                                           \
            eq |= (unsigned)(a == c) << k;                                          \
        }                                                                           \
        bits_put(pred, bit0 + i, relation(cmp, lt, eq, 0), cnt);                    \
    }                                                                               \
}

INT_COMPARE(s8, int8_t)
INT_COMPARE(u8, uint8_t)
INT_COMPARE(s16, int16_t)
INT_COMPARE(u16, uint16_t)
INT_COMPARE(s32, int32_t)
INT_COMPARE(u32, uint32_t)
INT_COMPARE(s64, int64_t)
INT_COMPARE(u64, uint64_t)

HOST_CLONES
void vec_array_compare(unsigned dtype, VecCmp cmp, const void *l, const void *r,
                       uint64_t scalar, uint8_t *pred, uint64_t bit0, size_t n,
                       unsigned *flags)
{
    const unsigned b = tile_dtype_info(dtype)->width / 8;

    switch (dtype) {
    case TILE_DT_FP32:
        float_compare(TILE_DT_FP32, cmp, l, r, scalar, pred, bit0, n, flags);
        return;
    case TILE_DT_FP16:
        float_compare(TILE_DT_FP16, cmp, l, r, scalar, pred, bit0, n, flags);
        return;
    case TILE_DT_BF16:
        float_compare(TILE_DT_BF16, cmp, l, r, scalar, pred, bit0, n, flags);
        return;
    case TILE_DT_S8: s8_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_U8: u8_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_S16: s16_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_U16: u16_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_S32: s32_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_U32: u32_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_S64: s64_compare(cmp, l, r, scalar, pred, bit0, n); return;
    case TILE_DT_U64: u64_compare(cmp, l, r, scalar, pred, bit0, n); return;
    default:
        break;
    }
    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES, bits = 0;
        for (unsigned k = 0; k < cnt; k++) {
            bits |= (unsigned)vec_compare(dtype, cmp, raw_get(b, l, i + k),
                                          r ? raw_get(b, r, i + k) : scalar, flags) << k;
        }
        bits_put(pred, bit0 + i, bits, cnt);
    }
}

/* ---- Select and fill ---- */

INLINE void select_bytes(unsigned b, const uint8_t *pred, uint64_t bit0, const void *t,
                         const void *f, uint64_t scalar, void *out, size_t n)
{
    for (size_t i = 0; i < n; i += LANES) {
        unsigned cnt = n - i < LANES ? n - i : LANES;
        unsigned bits = bits_get(pred, bit0 + i, cnt);
        for (unsigned k = 0; k < cnt; k++) {
            uint64_t x = (bits >> k) & 1 ? raw_get(b, t, i + k)
                         : f ? raw_get(b, f, i + k) : scalar;
            raw_put(b, out, i + k, x);
        }
    }
}

void vec_array_select(unsigned bytes, const uint8_t *pred, uint64_t bit0, const void *t,
                      const void *f, uint64_t scalar, void *out, size_t n)
{
    switch (bytes) {
    case 1:
        select_bytes(1, pred, bit0, t, f, scalar, out, n);
        break;
    case 2:
        select_bytes(2, pred, bit0, t, f, scalar, out, n);
        break;
    case 4:
        select_bytes(4, pred, bit0, t, f, scalar, out, n);
        break;
    default:
        select_bytes(8, pred, bit0, t, f, scalar, out, n);
        break;
    }
}

void vec_array_fill(unsigned bytes, uint64_t x, void *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        raw_put(bytes, out, i, x);
    }
}
