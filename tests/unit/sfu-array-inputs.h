/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The inputs of the SFU array tests (test-sfu-array.c,
 * test-sfu-profiles.c): a seeded random generator and random encodings
 * biased toward the interesting classes.  Included once by each test.
 */
#ifndef TESTS_UNIT_SFU_ARRAY_INPUTS_H
#define TESTS_UNIT_SFU_ARRAY_INPUTS_H

#include "numeric/sfu_array.h"
#include "numeric/tile_numeric.h"

#define FP64 TILE_DT_FP64
#define FP32 TILE_DT_FP32
#define FP16 TILE_DT_FP16
#define BF16 TILE_DT_BF16
#define E5M2 TILE_DT_E5M2

static const SfuUnOp unary_ops[] = { SFU_EXP, SFU_LOG, SFU_RECIP, SFU_SQRT, SFU_RSQRT };
static const char *const unary_names[] = { "EXP", "LOG", "RECIP", "SQRT", "RSQRT" };

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static unsigned bytes_of(unsigned dt)
{
    return tile_dtype_info(dt)->width / 8;
}

/* A random encoding of dt, biased toward the interesting classes. */
static uint64_t random_elem(unsigned dt)
{
    unsigned w = tile_dtype_info(dt)->width, m = dt == FP32 ? 23 : dt == FP16 ? 10 : 7;
    uint64_t mask = w >= 64 ? ~0ull : (1ull << w) - 1, sign = 1ull << (w - 1);
    uint64_t r = next_rand(), s = (r >> 40) & 1 ? sign : 0;
    uint64_t emax = (mask >> (m + 1)) << m;       /* the all-ones exponent field */

    switch (r % 16) {
    case 0:
        return s;                                   /* +-0 */
    case 1:
        return s | emax;                            /* +-inf */
    case 2:
        return s | emax | (1ull << (m - 1)) | ((r >> 8) & ((1ull << (m - 1)) - 1));
    case 3:
        return s | emax | 1 | ((r >> 8) & ((1ull << (m - 1)) - 1));     /* sNaN */
    case 4:
        return s | ((r >> 8) & ((1ull << m) - 1));  /* subnormal */
    case 5:
        return s | (1ull << m) | ((r >> 8) & 3);    /* near the smallest normal */
    case 6:
        return s | (emax - (1ull << m)) | ((r >> 8) & ((1ull << m) - 1)); /* huge */
    default:
        return (r >> 8) & mask;
    }
}

#endif /* TESTS_UNIT_SFU_ARRAY_INPUTS_H */
