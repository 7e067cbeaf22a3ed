/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * CUBE operand decoding (see gemm_decode.h).  The 4-, 8- and 16-bit float
 * types go through a table made once from tile_numeric's exact decoder.
 */
#include "numeric/gemm_decode.h"

#include <glib.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "numeric/tile_numeric.h"

static float exact_f32(unsigned dtype, uint64_t raw)
{
    double v = tile_num_to_double((TileDType)dtype, raw);

    if (isnan(v)) {
        uint32_t bits = 0x7fc00000u;
        float f;
        memcpy(&f, &bits, 4);
        return f;
    }
    return (float)v;            /* exact: every input type fits in FP32 */
}

/* Tables for the narrow types, filled on first use (32 type codes). */
static float *narrow_table(unsigned dtype, unsigned bits)
{
    static float *tables[32];
    float *t = __atomic_load_n(&tables[dtype], __ATOMIC_ACQUIRE);

    if (!t) {
        t = g_new(float, 1u << bits);
        for (uint32_t raw = 0; raw < (1u << bits); raw++) {
            t[raw] = exact_f32(dtype, raw);
        }
        /* two threads may race here: the loser's table is freed */
        if (!__atomic_compare_exchange_n(&tables[dtype], &(float *){ NULL }, t, false,
                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            g_free(t);
            t = __atomic_load_n(&tables[dtype], __ATOMIC_ACQUIRE);
        }
    }
    return t;
}

void cube_decode_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);
    unsigned bits = info ? info->width : 32;

    if (dtype == TILE_DT_FP32) {
        for (size_t i = 0; i < n; i++) {
            uint32_t b = (uint32_t)raw[i];
            memcpy(&out[i], &b, 4);
            if (isnan(out[i])) {
                out[i] = exact_f32(dtype, b);
            }
        }
    } else if (bits <= 16) {
        const float *t = narrow_table(dtype & 31, bits);
        for (size_t i = 0; i < n; i++) {
            out[i] = t[raw[i] & ((1u << bits) - 1)];
        }
    } else {
        for (size_t i = 0; i < n; i++) {
            out[i] = exact_f32(dtype, raw[i]);
        }
    }
}

void cube_decode_i32(unsigned dtype, const uint64_t *raw, size_t n, int32_t *out)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);
    unsigned bits = info ? info->width : 32;
    bool sign = info && info->is_signed;

    for (size_t i = 0; i < n; i++) {
        uint64_t v = raw[i] & (bits >= 64 ? ~0ull : (1ull << bits) - 1);
        if (sign && bits < 32 && (v >> (bits - 1)) & 1) {
            v |= ~0ull << bits;
        }
        out[i] = (int32_t)(uint32_t)v;
    }
}
