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

/* As cube_panels_fill() */
static inline __attribute__((always_inline))
void decode_panels_as(const Decoder *d, const uint64_t *raw, CubePanels *p)
{
    size_t words = p->words;

    CUBE_PANELS_FOREACH_ROW(p, k, j, w, dst) {
        decode_run(d, raw + (size_t)k * p->N + j, w, dst);
        if (w < p->nr) {
            memset(dst + w * words, 0, 4 * words * (size_t)(p->nr - w));
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

/*
 * Integers as int16 pairs (cube_gemm_i16_panels()): rows of A, each K
 * elements as (K + 1) / 2 words of two int16, or B's K x N as panels
 * whose word (k / 2, n) holds B[k][n] and B[k + 1][n]; past K, zero.
 * The two int16 of a word are lanes 2i and 2i + 1 of an int16 vector
 * (built by lane, so on any host byte order).
 */
typedef int16_t i16x8 __attribute__((vector_size(16)));
typedef int16_t i16x16 __attribute__((vector_size(32)));

typedef uint32_t u32x16 __attribute__((vector_size(64)));
typedef uint16_t u16x16 __attribute__((vector_size(32)));

/* the 32-bit half of word i holding its low bits, in sixteen element
 * words read as 32 halves */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define LOW(i) (2 * (i) + 1)
#else
#define LOW(i) (2 * (i))
#endif

static inline __attribute__((always_inline))
int16_t int16_of(const Decoder *d, uint64_t raw)
{
    return (int16_t)(((raw & d->mask) ^ d->sign) - d->sign);
}

/* sixteen element words as int16 (the arithmetic of int_words() in 16
 * bits, which hold the whole of these types) */
static inline __attribute__((always_inline))
void int16_words(const Decoder *d, const uint64_t *raw, int16_t *out)
{
    u32x16 w0, w1, low;
    u16x16 h;

    memcpy(&w0, raw, sizeof(w0));
    memcpy(&w1, raw + 8, sizeof(w1));
    low = __builtin_shufflevector(w0, w1, LOW(0), LOW(1), LOW(2), LOW(3), LOW(4), LOW(5), LOW(6),
                                  LOW(7), LOW(8), LOW(9), LOW(10), LOW(11), LOW(12), LOW(13),
                                  LOW(14), LOW(15));
    h = __builtin_convertvector(low, u16x16);
    h = ((h & (uint16_t)d->mask) ^ (uint16_t)d->sign) - (uint16_t)d->sign;
    memcpy(out, &h, sizeof(h));
}

/* w elements of two rows (lo: elements k, hi: k + 1, NULL past K) */
static inline __attribute__((always_inline))
void interleave_run(const Decoder *d, const uint64_t *lo, const uint64_t *hi, int w, int16_t *out)
{
    int n = 0;

    for (; n + 8 <= w; n += 8) {
        i32x8 l, h = { 0 };
        i16x16 pairs;

        int_words(d, lo + n, &l);
        if (hi) {
            int_words(d, hi + n, &h);
        }
        pairs = __builtin_shufflevector(__builtin_convertvector(l, i16x8),
                                        __builtin_convertvector(h, i16x8),
                                        0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
        memcpy(out + 2 * n, &pairs, sizeof(pairs));
    }
    for (; n < w; n++) {
        int16_t e[2] = { int16_of(d, lo[n]), hi ? int16_of(d, hi[n]) : 0 };

        memcpy(out + 2 * n, e, sizeof(e));
    }
}

HOST_CLONES
static void decode_pairs(unsigned dtype, const uint64_t *raw, int rows, int K, uint32_t *out,
                         CubePanels *p)
{
    Decoder d;
    int kp = (K + 1) / 2;

    decoder_init(&d, dtype, AS_INT);
    if (!p) {
        /* an even K: the rows are one run (no padding between them) */
        size_t run = K % 2 ? (size_t)K : (size_t)rows * K;

        for (size_t m = 0; m < (K % 2 ? (size_t)rows : 1); m++) {
            const uint64_t *row = raw + m * K;
            int16_t *dst = (int16_t *)(out + m * kp);
            size_t k = 0;

            for (; k + 16 <= run; k += 16) {
                int16_words(&d, row + k, dst + k);
            }
            for (; k < run + K % 2; k++) {
                int16_t e = k < run ? int16_of(&d, row[k]) : 0;

                memcpy(dst + k, &e, 2);
            }
        }
        return;
    }
    CUBE_PANELS_FOREACH_ROW(p, k, j, w, dst) {
        const uint64_t *lo = raw + (size_t)2 * k * p->N + j;

        interleave_run(&d, lo, 2 * k + 1 < K ? lo + p->N : NULL, w, (int16_t *)dst);
        if (w < p->nr) {
            memset(dst + w, 0, 4 * (size_t)(p->nr - w));
        }
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

/* Whether every value of an integer type fits in an int16. */
static bool fits_int16(unsigned dtype)
{
    const TileDTypeInfo *info = tile_dtype_info(dtype);

    return info && info->width <= (info->is_signed ? 16u : 15u);
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
    if (!fp && fits_int16(atype) && fits_int16(btype) && cube_gemm_i16_available()) {
        int kp = (K + 1) / 2;

        a = g_new(uint32_t, (size_t)M * kp + 1);
        cube_panels_init(&p, kp, N);
        decode_pairs(atype, ra, M, K, a, NULL);
        decode_pairs(btype, rb, 0, K, NULL, &p);
        cube_gemm_i16_panels(M, a, kp, &p, C, N, accumulate);
        cube_panels_free(&p);
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
