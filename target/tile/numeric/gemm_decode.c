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

/*
 * A decoder resolved once per operand: FP32 words (NaNs made canonical),
 * a narrow float type through its table, a wide one through the exact
 * decoder, or an integer extended from its width by sign or zero.
 */
typedef enum { DEC_FP32, DEC_TABLE, DEC_EXACT, DEC_INT } DecKind;

typedef struct Decoder {
    DecKind kind;
    unsigned dtype;
    const float *table;
    uint64_t mask;              /* the element's bits */
    uint64_t sign;              /* DEC_INT: its sign bit, 0 if unsigned */
} Decoder;

static void decoder_init(Decoder *d, unsigned dtype, bool fp)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);
    unsigned bits = info ? info->width : 32;

    d->dtype = dtype;
    d->table = NULL;
    d->mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    d->sign = 0;
    if (!fp) {
        d->kind = DEC_INT;
        if (info && info->is_signed && bits < 32) {
            d->sign = 1ull << (bits - 1);
        }
    } else if (dtype == TILE_DT_FP32) {
        d->kind = DEC_FP32;
    } else if (bits <= 16) {
        d->kind = DEC_TABLE;
        d->table = narrow_table(dtype & 31, bits);
    } else {
        d->kind = DEC_EXACT;
    }
}

/* Four elements at a time in host vectors (portable GCC vector extensions). */
typedef uint64_t u64x4 __attribute__((vector_size(32)));
typedef uint32_t u32x4 __attribute__((vector_size(16)));
typedef int32_t i32x4 __attribute__((vector_size(16)));

static inline __attribute__((always_inline))
void decode_run(const Decoder *d, const uint64_t *raw, size_t n, uint32_t *out)
{
    size_t i = 0;

    switch (d->kind) {
    case DEC_FP32:
        for (; i + 4 <= n; i += 4) {
            u64x4 r;
            u32x4 w, nan;

            memcpy(&r, raw + i, sizeof(r));
            w = __builtin_convertvector(r, u32x4);
            /* |w| > the infinity's bits: a signed compare, both sides >= 0 */
            nan = (u32x4)((i32x4)(w & 0x7fffffffu) > 0x7f800000);
            w = (w & ~nan) | (nan & 0x7fc00000u);
            memcpy(out + i, &w, sizeof(w));
        }
        for (; i < n; i++) {
            uint32_t w = (uint32_t)raw[i];
            out[i] = (w & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : w;
        }
        break;
    case DEC_TABLE:
        for (; i < n; i++) {
            memcpy(&out[i], &d->table[raw[i] & d->mask], 4);
        }
        break;
    case DEC_EXACT:
        for (; i < n; i++) {
            float f = exact_f32(d->dtype, raw[i]);
            memcpy(&out[i], &f, 4);
        }
        break;
    case DEC_INT:
        /* (v ^ s) - s extends v's bit s by sign (s = 0: nothing to extend) */
        for (; i + 4 <= n; i += 4) {
            u64x4 r;
            u32x4 w;

            memcpy(&r, raw + i, sizeof(r));
            r = ((r & d->mask) ^ d->sign) - d->sign;
            w = __builtin_convertvector(r, u32x4);
            memcpy(out + i, &w, sizeof(w));
        }
        for (; i < n; i++) {
            out[i] = (uint32_t)(((raw[i] & d->mask) ^ d->sign) - d->sign);
        }
        break;
    }
}

void cube_decode_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out)
{
    Decoder d;

    decoder_init(&d, dtype, true);
    decode_run(&d, raw, n, (uint32_t *)out);
}

void cube_decode_i32(unsigned dtype, const uint64_t *raw, size_t n, int32_t *out)
{
    Decoder d;

    decoder_init(&d, dtype, false);
    decode_run(&d, raw, n, (uint32_t *)out);
}

/* As cube_panels_fill(): a band of rows at a time, panel by panel. */
static inline __attribute__((always_inline))
void decode_panels_as(const Decoder *d, const uint64_t *raw, CubePanels *p)
{
    for (int k0 = 0; k0 < p->K; k0 += CUBE_PANEL_ROWS) {
        int k1 = p->K - k0 < CUBE_PANEL_ROWS ? p->K : k0 + CUBE_PANEL_ROWS;

        for (int j = 0; j < p->N; j += p->nr) {
            int w = p->N - j < p->nr ? p->N - j : p->nr;
            uint32_t *dst = p->data + ((size_t)(j / p->nr) * p->K + k0) * p->nr;

            for (int k = k0; k < k1; k++, dst += p->nr) {
                decode_run(d, raw + (size_t)k * p->N + j, w, dst);
                if (w < p->nr) {
                    memset(dst + w, 0, 4 * (size_t)(p->nr - w));
                }
            }
        }
    }
}

static void decode_panels(unsigned dtype, bool fp, const uint64_t *raw, CubePanels *p)
{
    Decoder d;

    decoder_init(&d, dtype, fp);
    /* one copy of the loops per kind, each with its decoding inline */
    switch (d.kind) {
    case DEC_FP32:
        decode_panels_as(&(Decoder){ .kind = DEC_FP32 }, raw, p);
        break;
    case DEC_INT:
        decode_panels_as(&(Decoder){ .kind = DEC_INT, .mask = d.mask, .sign = d.sign }, raw, p);
        break;
    default:
        decode_panels_as(&d, raw, p);
        break;
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
