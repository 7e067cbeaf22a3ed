/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The inputs of the VEC array tests (test-vec-array.c,
 * test-vec-convert.c): a seeded generator, the types, and random arrays
 * that mix random encodings with the special and boundary values of a
 * type (pick(), fill()).  Included once by each test.
 */
#ifndef TESTS_UNIT_VEC_ARRAY_INPUTS_H
#define TESTS_UNIT_VEC_ARRAY_INPUTS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "numeric/vec_array.h"
#include "numeric/tile_numeric.h"

#define MAXN 1100

static const size_t lengths[] __attribute__((unused)) = { 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 257, 1029 };

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static inline uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const unsigned float_types[] __attribute__((unused)) = { TILE_DT_FP32, TILE_DT_FP16, TILE_DT_BF16 };
static const unsigned int_types[] __attribute__((unused)) = {
    TILE_DT_S8, TILE_DT_U8, TILE_DT_S16, TILE_DT_U16,
    TILE_DT_S32, TILE_DT_U32, TILE_DT_S64, TILE_DT_U64,
};

static inline unsigned width(unsigned dt)
{
    return tile_dtype_info(dt)->width;
}

static inline uint64_t low_bits(uint64_t v, unsigned w)
{
    return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
}

/* A floating encoding from sign, biased exponent and fraction. */
static inline uint64_t fenc(unsigned dt, bool neg, uint64_t e, uint64_t f)
{
    const TileDTypeInfo *d = tile_dtype_info(dt);
    unsigned m = d->width - 1 - d->exp_bits;

    return ((uint64_t)neg << (d->width - 1)) | (e << m) | low_bits(f, m);
}

/* One value of a mix weighted toward the cases the fast path must leave
 * to the reference, next to plain values; prev: the previous operand
 * (cancellation, equal values). */
static inline uint64_t pick(unsigned dt, uint64_t prev)
{
    const TileDTypeInfo *d = tile_dtype_info(dt);
    unsigned w = d->width;
    uint64_t r = rnd(), emax;
    bool neg = r & 1;

    if (!d->is_float) {
        switch ((r >> 1) % 6) {
        case 0:
            return low_bits(UINT64_C(1) << (w - 1), w);            /* INT_MIN */
        case 1:
            return low_bits(~UINT64_C(0), w);                      /* -1 / max */
        case 2:
            return (r >> 8) % (w + 3);                             /* shift counts */
        case 3:
            return prev;
        default:
            return low_bits(rnd(), w);
        }
    }
    unsigned m = w - 1 - d->exp_bits;
    emax = (UINT64_C(1) << d->exp_bits) - 1;
    switch ((r >> 1) % 20) {
    case 0:
        return low_bits(rnd(), w);                                 /* any encoding */
    case 1:
        return fenc(dt, neg, emax, 1 + (rnd() >> 1) % ((UINT64_C(1) << (m - 1)) - 1));
    case 2:                                                          /* quiet NaN */
        return fenc(dt, neg, emax, (UINT64_C(1) << (m - 1)) | rnd());
    case 3:
        return fenc(dt, neg, emax, 0);                               /* +-inf */
    case 4:
        return fenc(dt, neg, 0, 0);                                  /* +-0 */
    case 5:
        return fenc(dt, neg, 0, rnd());                              /* subnormal */
    case 6:
        return fenc(dt, neg, 1, (r >> 8) & 3 ? 0 : rnd());           /* smallest normals */
    case 7:
        return fenc(dt, neg, emax - 1, rnd());                       /* near the largest */
    case 8:
        return fenc(dt, neg, emax - 1 - (r >> 8) % 3, ~UINT64_C(0));
    case 9:
        return prev ^ (UINT64_C(1) << (w - 1));                      /* cancels prev */
    case 10:
        return prev ^ ((r >> 8) & 3);                                /* near prev */
    case 11:                                                         /* small: products tiny */
        return fenc(dt, neg, 1 + (r >> 8) % (emax / 2 > 12 ? 12 : emax / 2), rnd());
    case 12:                                                         /* large: products huge */
        return fenc(dt, neg, emax - 1 - (r >> 8) % (emax / 2), rnd());
    case 13:                                                         /* short significand */
    case 14:
        return fenc(dt, neg, emax / 2 - 3 + (r >> 8) % 7,
                    rnd() & ~((UINT64_C(1) << (m > 3 ? m - 3 : 0)) - 1));
    default:                                                         /* ordinary values */
        return fenc(dt, neg, emax / 2 - 8 + (r >> 8) % 17, rnd());
    }
}

static inline void fill(unsigned dt, uint8_t *l, uint8_t *r, uint8_t *a, size_t n)
{
    unsigned b = width(dt) / 8;
    uint64_t prev = 0;

    for (size_t i = 0; i < n; i++) {
        uint64_t x = pick(dt, prev), y = pick(dt, x), z = pick(dt, y);
        memcpy(l + i * b, &x, b);
        memcpy(r + i * b, &y, b);
        memcpy(a + i * b, &z, b);
        prev = z;
    }
}

static inline uint64_t get(unsigned dt, const uint8_t *p, size_t i)
{
    uint64_t x = 0;
    unsigned b = width(dt) / 8;

    memcpy(&x, p + i * b, b);
    return x;
}

/* Every type whose elements are whole bytes, in TCVT's and TCMP's reach. */
static const unsigned byte_types[] __attribute__((unused)) = {
    TILE_DT_FP64, TILE_DT_FP32, TILE_DT_TF32, TILE_DT_HF32, TILE_DT_FP16, TILE_DT_BF16,
    TILE_DT_HIF8, TILE_DT_E4M3, TILE_DT_E5M2, TILE_DT_E3M2, TILE_DT_E2M3, TILE_DT_E8M0,
    TILE_DT_S64, TILE_DT_S32, TILE_DT_S16, TILE_DT_S8,
    TILE_DT_U64, TILE_DT_U32, TILE_DT_U16, TILE_DT_U8,
};
#define N_BYTE_TYPES (sizeof(byte_types) / sizeof(byte_types[0]))

#endif /* TESTS_UNIT_VEC_ARRAY_INPUTS_H */
