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

#include "numeric/gemm.h"
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

/* Four elements at a time in host vectors (portable GCC vector extensions):
 * the low 32 bits of each raw element, the NaNs made canonical or (ext)
 * the low bits extended from `bits' wide by sign. */
typedef uint64_t u64x4 __attribute__((vector_size(32)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));

static size_t decode_words4(const uint64_t *raw, size_t n, uint32_t *out, bool fp32,
                            uint64_t mask, uint64_t sign)
{
    size_t i = 0;

    for (; i + 4 <= n; i += 4) {
        u64x4 r;
        u32x4 w;

        memcpy(&r, raw + i, sizeof(r));
        if (fp32) {
            w = __builtin_convertvector(r, u32x4);
            u32x4 nan = (u32x4)((w & 0x7fffffffu) > 0x7f800000u);
            w = (w & ~nan) | (nan & 0x7fc00000u);
        } else {
            r = ((r & mask) ^ sign) - sign;
            w = __builtin_convertvector(r, u32x4);
        }
        memcpy(out + i, &w, sizeof(w));
    }
    return i;
}

void cube_decode_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);
    unsigned bits = info ? info->width : 32;

    if (dtype == TILE_DT_FP32) {
        for (size_t i = decode_words4(raw, n, (uint32_t *)out, true, 0, 0); i < n; i++) {
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
    uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    /* (v ^ s) - s extends v's bit s by sign (s = 0: nothing to extend) */
    uint64_t s = sign && bits < 32 ? 1ull << (bits - 1) : 0;

    for (size_t i = decode_words4(raw, n, (uint32_t *)out, false, mask, s); i < n; i++) {
        out[i] = (int32_t)(uint32_t)(((raw[i] & mask) ^ s) - s);
    }
}

static void decode_panels(unsigned dtype, bool fp, const uint64_t *raw, CubePanels *p)
{
    g_autofree uint32_t *row = g_new(uint32_t, p->N + 1);

    for (int k = 0; k < p->K; k++) {
        if (fp) {
            cube_decode_f32(dtype, raw + (size_t)k * p->N, p->N, (float *)row);
        } else {
            cube_decode_i32(dtype, raw + (size_t)k * p->N, p->N, (int32_t *)row);
        }
        cube_panels_set_row(p, k, row);
    }
}

void cube_decode_panels_f32(unsigned dtype, const uint64_t *raw, CubePanels *p)
{
    decode_panels(dtype, true, raw, p);
}

void cube_decode_panels_i32(unsigned dtype, const uint64_t *raw, CubePanels *p)
{
    decode_panels(dtype, false, raw, p);
}
