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
 * decoder, or an integer extended from its width by sign or zero (as a
 * 32-bit word, as its FP32 value: exact below 2^24, or as its binary64
 * value: two words an element).
 */
typedef enum { DEC_FP32, DEC_TABLE, DEC_EXACT, DEC_INT, DEC_INT_F32, DEC_INT_F64 } DecKind;

typedef struct Decoder {
    DecKind kind;
    unsigned dtype;
    const float *table;
    uint64_t mask;              /* the element's bits */
    uint64_t sign;              /* DEC_INT*: its sign bit, 0 if unsigned */
} Decoder;

typedef enum { AS_FP, AS_INT, AS_INT_F32, AS_INT_F64 } DecodeAs;

static void decoder_init(Decoder *d, unsigned dtype, DecodeAs as)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);
    unsigned bits = info ? info->width : 32;

    d->dtype = dtype;
    d->table = NULL;
    d->mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
    d->sign = 0;
    if (as != AS_FP) {
        d->kind = as == AS_INT ? DEC_INT : as == AS_INT_F32 ? DEC_INT_F32 : DEC_INT_F64;
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

/* Eight elements at a time in host vectors (portable GCC vector
 * extensions; one 512-bit register of element words where the host has
 * it). */
typedef uint64_t u64x8 __attribute__((vector_size(64)));
typedef uint32_t u32x8 __attribute__((vector_size(32)));
typedef int32_t i32x8 __attribute__((vector_size(32)));
typedef float f32x8 __attribute__((vector_size(32)));
typedef double f64x8 __attribute__((vector_size(64)));

/* eight element words' low 32 bits */
static inline __attribute__((always_inline)) void low_words(const uint64_t *raw, u32x8 *w)
{
    u64x8 r;

    memcpy(&r, raw, sizeof(r));
    *w = __builtin_convertvector(r, u32x8);
}

/* the integers of eight element words, extended from their width by
 * sign or zero: (v ^ s) - s extends v's bit s by sign (s = 0: nothing to
 * extend) */
static inline __attribute__((always_inline))
void int_words(const Decoder *d, const uint64_t *raw, i32x8 *v)
{
    u32x8 w;

    low_words(raw, &w);
    *v = (i32x8)(((w & (uint32_t)d->mask) ^ (uint32_t)d->sign) - (uint32_t)d->sign);
}

static inline __attribute__((always_inline))
void decode_run(const Decoder *d, const uint64_t *raw, size_t n, uint32_t *out)
{
    size_t i = 0;

    switch (d->kind) {
    case DEC_FP32:
        for (; i + 8 <= n; i += 8) {
            u32x8 w, nan;

            low_words(raw + i, &w);
            /* |w| > the infinity's bits: a signed compare, both sides >= 0 */
            nan = (u32x8)((i32x8)(w & 0x7fffffffu) > 0x7f800000);
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
        for (; i + 8 <= n; i += 8) {
            i32x8 v;

            int_words(d, raw + i, &v);
            memcpy(out + i, &v, sizeof(v));
        }
        for (; i < n; i++) {
            out[i] = (uint32_t)(((raw[i] & d->mask) ^ d->sign) - d->sign);
        }
        break;
    case DEC_INT_F32:
        for (; i + 8 <= n; i += 8) {
            i32x8 v;
            f32x8 f;

            int_words(d, raw + i, &v);
            f = __builtin_convertvector(v, f32x8);
            memcpy(out + i, &f, sizeof(f));
        }
        for (; i < n; i++) {
            float f = (float)(int32_t)(uint32_t)(((raw[i] & d->mask) ^ d->sign) - d->sign);
            memcpy(&out[i], &f, 4);
        }
        break;
    case DEC_INT_F64:           /* out holds binary64 elements */
        for (; i + 8 <= n; i += 8) {
            i32x8 v;
            f64x8 f;

            int_words(d, raw + i, &v);
            f = __builtin_convertvector(v, f64x8);
            memcpy(out + 2 * i, &f, sizeof(f));
        }
        for (; i < n; i++) {
            double f = (int32_t)(uint32_t)(((raw[i] & d->mask) ^ d->sign) - d->sign);
            memcpy(&out[2 * i], &f, 8);
        }
        break;
    }
}

/*
 * The host dispatch: on x86-64 the decoders are also built for AVX2 and
 * AVX-512 (wider lanes for the 64-bit element words) and the loader picks
 * the clone the CPU runs; every other host, and an older CPU, runs the
 * baseline build (GEMM_DECODE_BASELINE: that one only, for its test).
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__) && \
    !defined(GEMM_DECODE_BASELINE)
#define HOST_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define HOST_CLONES
#endif

/* As cube_panels_fill(): a band of rows at a time, panel by panel. */
static inline __attribute__((always_inline))
void decode_panels_as(const Decoder *d, const uint64_t *raw, CubePanels *p)
{
    size_t words = d->kind == DEC_INT_F64 ? 2 : 1;

    for (int k0 = 0; k0 < p->K; k0 += CUBE_PANEL_ROWS) {
        int k1 = p->K - k0 < CUBE_PANEL_ROWS ? p->K : k0 + CUBE_PANEL_ROWS;

        for (int j = 0; j < p->N; j += p->nr) {
            int w = p->N - j < p->nr ? p->N - j : p->nr;
            uint32_t *dst = p->data + ((size_t)(j / p->nr) * p->K + k0) * p->nr * words;

            for (int k = k0; k < k1; k++, dst += p->nr * words) {
                decode_run(d, raw + (size_t)k * p->N + j, w, dst);
                if (w < p->nr) {
                    memset(dst + w * words, 0, 4 * words * (size_t)(p->nr - w));
                }
            }
        }
    }
}

/* n elements into out, or (p not NULL) the K x N of B into p's panels */
static inline __attribute__((always_inline))
void decode_to(const Decoder *d, const uint64_t *raw, size_t n, uint32_t *out, CubePanels *p)
{
    if (p) {
        decode_panels_as(d, raw, p);
    } else {
        decode_run(d, raw, n, out);
    }
}

HOST_CLONES
static void decode(unsigned dtype, DecodeAs as, const uint64_t *raw, size_t n, uint32_t *out,
                   CubePanels *p)
{
    Decoder d;

    decoder_init(&d, dtype, as);
    /* one copy of the loops per kind, each with its decoding inline */
    switch (d.kind) {
    case DEC_FP32:
        decode_to(&(Decoder){ .kind = DEC_FP32 }, raw, n, out, p);
        break;
    case DEC_INT:
        d.kind = DEC_INT;       /* (a constant for the copy) */
        decode_to(&d, raw, n, out, p);
        break;
    case DEC_INT_F32:
        d.kind = DEC_INT_F32;
        decode_to(&d, raw, n, out, p);
        break;
    case DEC_INT_F64:
        d.kind = DEC_INT_F64;
        decode_to(&d, raw, n, out, p);
        break;
    default:
        decode_to(&d, raw, n, out, p);
        break;
    }
}
void cube_decode_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out)
{
    decode(dtype, AS_FP, raw, n, (uint32_t *)out, NULL);
}

void cube_decode_i32(unsigned dtype, const uint64_t *raw, size_t n, int32_t *out)
{
    decode(dtype, AS_INT, raw, n, (uint32_t *)out, NULL);
}

void cube_decode_i32_f32(unsigned dtype, const uint64_t *raw, size_t n, float *out)
{
    decode(dtype, AS_INT_F32, raw, n, (uint32_t *)out, NULL);
}

void cube_decode_panels_f32(unsigned dtype, const uint64_t *raw, CubePanels *p)
{
    decode(dtype, AS_FP, raw, 0, NULL, p);
}

void cube_decode_panels_i32(unsigned dtype, const uint64_t *raw, CubePanels *p)
{
    decode(dtype, AS_INT, raw, 0, NULL, p);
}

void cube_decode_panels_i32_f32(unsigned dtype, const uint64_t *raw, CubePanels *p)
{
    decode(dtype, AS_INT_F32, raw, 0, NULL, p);
}

/* The largest magnitude of an integer type's values. */
static uint32_t int_magnitude(unsigned dtype)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);
    unsigned bits = info ? info->width : 32;

    if (bits >= 32) {
        return UINT32_MAX;
    }
    return info->is_signed ? 1u << (bits - 1) : (1u << bits) - 1;
}

void cube_product_raw(unsigned atype, unsigned btype, bool fp, int M, int N, int K,
                      const uint64_t *ra, const uint64_t *rb, uint32_t *C, bool accumulate)
{
    size_t mk = (size_t)M * K;
    uint64_t term = (uint64_t)int_magnitude(atype) * int_magnitude(btype);
    int kb = fp ? 0 : cube_gemm_i32f_block(int_magnitude(atype), int_magnitude(btype));
    bool f64 = !fp && !kb && term <= (UINT64_C(1) << 32);
    g_autofree uint32_t *a = NULL;
    CubePanels p;

    if (M <= 0 || N <= 0) {
        return;
    }
    a = g_new(uint32_t, (mk + 1) * (f64 ? 2 : 1));
    if (f64) {
        cube_panels_init_f64(&p, K, N);
    } else {
        cube_panels_init(&p, K, N);
    }
    if (fp) {
        decode(atype, AS_FP, ra, mk, a, NULL);
        decode(btype, AS_FP, rb, 0, NULL, &p);
        cube_gemm_f32_panels(M, (const float *)a, K, &p, (float *)C, N, accumulate);
    } else if (kb) {
        decode(atype, AS_INT_F32, ra, mk, a, NULL);
        decode(btype, AS_INT_F32, rb, 0, NULL, &p);
        cube_gemm_i32f_panels(M, (const float *)a, K, &p, C, N, kb, accumulate);
    } else if (f64) {
        decode(atype, AS_INT_F64, ra, mk, a, NULL);
        decode(btype, AS_INT_F64, rb, 0, NULL, &p);
        cube_gemm_i32d_panels(M, (const double *)a, K, &p, C, N, accumulate);
    } else {
        decode(atype, AS_INT, ra, mk, a, NULL);
        decode(btype, AS_INT, rb, 0, NULL, &p);
        cube_gemm_i32_panels(M, (const int32_t *)a, K, &p, C, N, accumulate);
    }
    cube_panels_free(&p);
}
