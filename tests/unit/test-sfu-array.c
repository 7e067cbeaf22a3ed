/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SFU arithmetic over arrays (target/tile/numeric/sfu_array.c) against
 * the per-element reference (sfu_elem.c), bit for bit and flag for flag:
 * every element is checked alone (its own flags word) and the whole
 * array once more (the outputs and the ORed flags).  The inputs: every
 * FP16 and BF16 encoding (TEXP TLOG TRECIP TSQRT TRSQRT), FP32 random
 * encodings of every class, sweeps of TEXP's whole finite range and of the
 * overflow and underflow thresholds, TLOG near 1 and across all binades,
 * powers of four for TRSQRT, and quotients of random, special, subnormal,
 * exact, tiny and huge operands for TDIV (also with a scalar divisor);
 * TEXP and TLOG at every short length and unaligned; a type without a
 * fast path (FP64, E5M2) goes through unchanged.  Also TSORT's sort by
 * ranks against the reference sort.  (test-sfu-profiles.c: the
 * pto-v0 profile and TREM.)
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numeric/sfu_array.h"
#include "numeric/vec_array.h"
#include "numeric/tile_numeric.h"
#include "numeric/elem_order.h"

#include "sfu-array-inputs.h"

static uint32_t f32_bits(float f)
{
    uint32_t b;

    memcpy(&b, &f, sizeof(b));
    return b;
}

/* One element alone, then nothing else: the reference's result and flags. */
static void check_unary_elem(unsigned dt, unsigned k, uint64_t x)
{
    unsigned fa = 0, fr = 0;
    uint8_t in[8], out[8];
    uint64_t want = sfu_unary(dt, unary_ops[k], x, false, &fr), got;

    sfu_array_put(dt, in, 0, x);
    sfu_array_unary(dt, unary_ops[k], in, out, 1, &fa);
    got = sfu_array_get(dt, out, 0);
    ck_assert_msg(got == want && fa == fr,
                  "%s dt %u x 0x%llx: got 0x%llx flags 0x%x, want 0x%llx flags 0x%x",
                  unary_names[k], dt, (unsigned long long)x, (unsigned long long)got, fa,
                  (unsigned long long)want, fr);
}

/* The whole array in one call: the same outputs, the flags ORed. */
static void check_unary_array(unsigned dt, unsigned k, const uint64_t *xs, size_t n)
{
    unsigned b = bytes_of(dt), fa = 0, fr = 0;
    uint8_t *in = malloc(n * b), *out = malloc(n * b);

    for (size_t i = 0; i < n; i++) {
        sfu_array_put(dt, in, i, xs[i]);
        check_unary_elem(dt, k, xs[i]);
    }
    sfu_array_unary(dt, unary_ops[k], in, out, n, &fa);
    for (size_t i = 0; i < n; i++) {
        uint64_t want = sfu_unary(dt, unary_ops[k], xs[i], false, &fr);
        ck_assert_msg(sfu_array_get(dt, out, i) == want, "%s dt %u array element %zu",
                      unary_names[k], dt, i);
    }
    ck_assert_msg(fa == fr, "%s dt %u: array flags 0x%x, want 0x%x", unary_names[k], dt,
                  fa, fr);
    free(in);
    free(out);
}

START_TEST(test_unary_every_16bit)
{
    static uint64_t xs[65536];

    for (unsigned t = 0; t < 2; t++) {
        unsigned dt = t ? BF16 : FP16;

        for (unsigned i = 0; i < 65536; i++) {
            xs[i] = i;
        }
        for (unsigned k = 0; k < 5; k++) {
            check_unary_array(dt, k, xs, 65536);
        }
    }
}
END_TEST

#define N32 60000

static void fp32_unary_inputs(unsigned k, uint64_t *xs)
{
    for (unsigned i = 0; i < N32; i++) {
        uint64_t r = next_rand();
        float v;

        switch (i % 4) {
        case 0:
            xs[i] = random_elem(FP32);
            continue;
        case 1:
            /* uniform across the operation's interesting range */
            v = (float)((double)(r >> 11) * 0x1p-53);
            xs[i] = f32_bits(unary_ops[k] == SFU_EXP ? -110 + 200 * v : 64 * v);
            continue;
        case 2:
            if (unary_ops[k] == SFU_EXP) {
                /* near the overflow and underflow thresholds and 0 */
                static const float th[] = { 88.72283f, -87.33655f, -103.27893f,
                                            -103.97208f, -88.0f, 0x1p-20f, -0x1p-20f };
                uint32_t b = f32_bits(th[r % 7]) + (int)((r >> 8) % 4001) - 2000;
                xs[i] = b;
            } else {
                /* near 1 and near powers of four */
                uint32_t b = f32_bits((r >> 20) & 1 ? 1.0f : 0x1p-60f * (float)(1u << (2 * ((r >> 8) % 14))));
                xs[i] = b + (int)((r >> 24) % 201) - 100;
            }
            continue;
        default:
            xs[i] = r & 0x7fffffff;             /* any positive finite or special */
            continue;
        }
    }
}

START_TEST(test_unary_fp32)
{
    static uint64_t xs[N32];

    for (unsigned k = 0; k < 5; k++) {
        fp32_unary_inputs(k, xs);
        check_unary_array(FP32, k, xs, N32);
    }
}
END_TEST

/* TEXP on a dense sweep of the finite range: every 2^14-th FP32 encoding
 * of magnitude up to 128 (where results are neither 1 nor saturated). */
START_TEST(test_exp_sweep)
{
    static uint64_t xs[1 << 17];
    size_t n = 0;

    for (uint64_t b = 0x20000000; b <= 0x43000000; b += 1u << 14) {
        xs[n++] = b;
        xs[n++] = b | 0x80000000u;
    }
    check_unary_array(FP32, 0, xs, n);
}
END_TEST

/*
 * TEXP and TLOG run eight lanes at a time: arrays of every length up to
 * 19 (short last chunks), at an odd byte offset, with the lanes the
 * exact path recomputes (specials, 1 for TLOG) at varying positions.
 */
START_TEST(test_func_chunks)
{
    static const unsigned dts[] = { FP32, FP16, BF16 };
    uint8_t in[20 * 4 + 1], out[20 * 4 + 1];

    for (unsigned t = 0; t < 3; t++) {
        unsigned dt = dts[t];
        uint64_t one = dt == FP32 ? 0x3f800000 : dt == FP16 ? 0x3c00 : 0x3f80;

        for (unsigned k = 0; k < 2; k++) {
            for (size_t n = 1; n <= 19; n++) {
                uint64_t xs[19], want[19];
                unsigned fa = 0, fr = 0;

                for (size_t i = 0; i < n; i++) {
                    uint64_t r = next_rand();

                    /* mostly ordinary positive values, some of every class */
                    xs[i] = r % 5 == 0 ? random_elem(dt) : r % 7 == 0 ? one
                          : (one - (one >> 3)) + ((r >> 8) % (one >> 2));
                    sfu_array_put(dt, in + 1, i, xs[i]);
                    want[i] = sfu_unary(dt, unary_ops[k], xs[i], false, &fr);
                }
                sfu_array_unary(dt, unary_ops[k], in + 1, out + 1, n, &fa);
                for (size_t i = 0; i < n; i++) {
                    ck_assert_msg(sfu_array_get(dt, out + 1, i) == want[i],
                                  "%s dt %u n %zu element %zu", unary_names[k], dt, n, i);
                }
                ck_assert_msg(fa == fr, "%s dt %u n %zu: flags 0x%x, want 0x%x",
                              unary_names[k], dt, n, fa, fr);
            }
        }
    }
}
END_TEST

static void check_div(unsigned dt, const uint64_t *a, const uint64_t *b, size_t n)
{
    unsigned w = bytes_of(dt), fa = 0, fr = 0;
    uint8_t *l = malloc(n * w), *r = malloc(n * w), *out = malloc(n * w);

    for (size_t i = 0; i < n; i++) {
        unsigned f1 = 0, f2 = 0;
        uint64_t want = sfu_binary(dt, SFU_DIV, a[i], b[i], false, &f1), got;
        uint8_t x[8], y[8], z[8];

        sfu_array_put(dt, l, i, a[i]);
        sfu_array_put(dt, r, i, b[i]);
        sfu_array_put(dt, x, 0, a[i]);
        sfu_array_put(dt, y, 0, b[i]);
        sfu_array_div(dt, x, y, z, 1, &f2);
        got = sfu_array_get(dt, z, 0);
        ck_assert_msg(got == want && f1 == f2,
                      "DIV dt %u 0x%llx / 0x%llx: got 0x%llx flags 0x%x, want 0x%llx "
                      "flags 0x%x", dt, (unsigned long long)a[i], (unsigned long long)b[i],
                      (unsigned long long)got, f2, (unsigned long long)want, f1);
        f2 = 0;
        sfu_array_div_scalar(dt, x, b[i], z, 1, &f2);
        ck_assert_msg(sfu_array_get(dt, z, 0) == want && f1 == f2, "DIVS dt %u", dt);
    }
    sfu_array_div(dt, l, r, out, n, &fa);
    for (size_t i = 0; i < n; i++) {
        ck_assert(sfu_array_get(dt, out, i) == sfu_binary(dt, SFU_DIV, a[i], b[i], false, &fr));
    }
    ck_assert_msg(fa == fr, "DIV dt %u array flags 0x%x want 0x%x", dt, fa, fr);
    free(l);
    free(r);
    free(out);
}

START_TEST(test_div)
{
    static const unsigned dts[] = { FP32, FP16, BF16 };
    enum { N = 40000 };
    static uint64_t a[N], b[N];

    for (unsigned t = 0; t < 3; t++) {
        unsigned dt = dts[t], w = tile_dtype_info(dt)->width;
        unsigned m = dt == FP32 ? 23 : dt == FP16 ? 10 : 7;

        for (unsigned i = 0; i < N; i++) {
            uint64_t r = next_rand();

            a[i] = random_elem(dt);
            b[i] = random_elem(dt);
            if (i % 5 == 1) {
                /* an exact quotient: b times a small integer */
                uint64_t q = 1 + (r % 255);
                b[i] &= ~((1ull << (m / 2 + 1)) - 1);
                a[i] = b[i] + (q << m) * ((r >> 9) & 1);        /* a few exponents up */
            } else if (i % 5 == 2) {
                /* quotients of magnitude near the smallest normal / the overflow */
                uint64_t ex = (r >> 16) & 1 ? (1ull << (w - 2)) : (1ull << (w - 3));
                b[i] = ex | ((r >> 20) & ((1ull << m) - 1));
                a[i] = ((r >> 8) & 1 ? 1ull << m : (((1ull << (w - 1)) - 1) >> m << m) - (1ull << m)) |
                       ((r >> 32) & ((1ull << m) - 1));
                if ((r >> 9) & 1) {
                    uint64_t t2 = a[i];
                    a[i] = b[i] & ~(1ull << (w - 1));
                    b[i] = t2;
                }
            } else if (i % 5 == 3 && dt == FP32) {
                /* a tiny dividend (exponent field 1..40, around the 2^-100
                 * bound of the FMA remainder test, or subnormal) by a
                 * small divisor: normal quotients, exact ones among them */
                uint32_t ea = r >> 12 & 1 ? 0 : 1 + (uint32_t)(r >> 16) % 40;
                uint32_t eb = 1 + (uint32_t)(r >> 24) % 30;

                a[i] = (uint64_t)ea << 23 | (r >> 32 & 0x7fffff) | (r >> 11 & 1) << 31;
                b[i] = (uint64_t)eb << 23 | (r >> 13 & 1 ? 0 : r >> 40 & 0x7fffff);
                if (r >> 14 & 1) {
                    b[i] = (uint64_t)eb << 23;              /* a power of two: exact */
                }
            }
        }
        check_div(dt, a, b, N);
    }
}
END_TEST

/*
 * FP16 and BF16 quotients with every encoding as the dividend and then as
 * the divisor, against divisors / dividends of every class: the vector
 * path's rounding of the binary32 quotient, its range and tininess tests
 * and its inexactness test (the product back in binary32, subnormal
 * dividends included) on every input.
 */
START_TEST(test_div_every_16bit)
{
    static const unsigned dts[] = { FP16, BF16 };
    static uint64_t all[65536], other[65536];

    for (unsigned t = 0; t < 2; t++) {
        unsigned dt = dts[t];
        const uint64_t fixed[] = {
            dt == FP16 ? 0x4200 : 0x4040,       /* 3 */
            dt == FP16 ? 0x3555 : 0x3eab,       /* about 1/3 */
            0x0001, 0x8003,                     /* subnormals */
            dt == FP16 ? 0x7bff : 0x7f7f,       /* the largest */
            dt == FP16 ? 0x0400 : 0x0080,       /* the smallest normal */
        };

        for (unsigned i = 0; i < 65536; i++) {
            all[i] = i;
        }
        for (unsigned k = 0; k < sizeof(fixed) / sizeof(fixed[0]) + 2; k++) {
            for (unsigned i = 0; i < 65536; i++) {
                other[i] = k < sizeof(fixed) / sizeof(fixed[0]) ? fixed[k]
                                                                : random_elem(dt);
            }
            check_div(dt, all, other, 65536);
            check_div(dt, other, all, 65536);
        }
    }
}
END_TEST

/*
 * The folds: rows of random lengths whose elements are mostly ordinary
 * values of mixed magnitudes (so that sums round, cancel to zero and
 * sometimes overflow), some with a special value; each fold against
 * tile_reduce_step() element by element.
 */
static uint64_t fold_elem(unsigned dt, uint64_t r)
{
    switch (r % 64) {
    case 0:
        return random_elem(dt);
    case 1: case 2:
        /* a large value: sums may overflow */
        return dt == FP32 ? 0x7f000000u | (r >> 8 & 0x7fffff) | (r >> 40 & 1) << 31 :
               dt == FP16 ? 0x7800u | (r >> 8 & 0x3ff) : 0x7f00u | (r >> 8 & 0x7f);
    case 3:
        return r >> 9 & 1 ? 0x8000 << (dt == FP32 ? 16 : 0) : 0;     /* -0, +0 */
    case 4: case 5: {
        /* a subnormal of either sign: sums of them stay exact */
        uint32_t frac = dt == FP32 ? 0x7fffff : dt == FP16 ? 0x3ff : 0x7f;
        uint32_t sign = dt == FP32 ? 0x80000000u : 0x8000;

        return (r >> 8 & frac) | (r >> 40 & 1 ? sign : 0);
    }
    default: {
        /* +-[0.5, 2) scaled by 2^(0..15) or tiny */
        double v = (1 + (double)(r >> 12 & 0xfffff) * 0x1p-20) * (double)(1u << (r >> 40 & 15));
        float x = (float)((r >> 44 & 1 ? -v : v) * ((r >> 45 & 7) == 0 ? 0x1p-140 : 1));
        uint32_t b = f32_bits(x);
        if (dt == FP32) {
            return b;
        }
        if (dt == BF16) {
            return b >> 16;
        }
        return tile_num_convert(FP16, FP32, b, TILE_RND_RNE, 0, &(unsigned){ 0 });
    }
    }
}

/* one of six values, so that a fold meets ties often: +-0 (equal values,
 * distinct keys), +-1, 2 (repeated: equal encodings), +infinity */
static uint64_t tie_elem(unsigned dt, uint64_t r)
{
    static const uint32_t v[3][6] = {
        { 0, 0x80000000u, 0x3f800000, 0xbf800000u, 0x40000000, 0x7f800000 },
        { 0, 0x8000, 0x3c00, 0xbc00, 0x4000, 0x7c00 },
        { 0, 0x8000, 0x3f80, 0xbf80, 0x4000, 0x7f80 },
    };

    return v[dt == FP32 ? 0 : dt == FP16 ? 1 : 2][r % 6];
}

/* a value within 2^-4 of +-1, so that long products stay in range and
 * round at most steps (PROD), now and then tiny */
static uint64_t near_one(unsigned dt, uint64_t r)
{
    double v = (1 + ((double)(r >> 8 & 0xffff) - 32768) * 0x1p-19) * (r >> 7 & 1 ? -1 : 1);
    unsigned ignored = 0;

    if (r % 50 == 0) {
        v *= 0x1p-12;
    }
    return tile_num_from_double(dt, v, TILE_RND_RNE, 0, &ignored);
}

START_TEST(test_folds)
{
    static const unsigned dts[] = {
        FP32, FP16, BF16, FP64, TILE_DT_S32, TILE_DT_U32, TILE_DT_S8, TILE_DT_U8,
        TILE_DT_S16, TILE_DT_U16, TILE_DT_S64, TILE_DT_U64,
    };
    static const TileReduceOp ops[] = { TILE_RED_SUM, TILE_RED_MAX, TILE_RED_MIN,
                                        TILE_RED_PROD, TILE_RED_ARGMAX, TILE_RED_ARGMIN };
    enum { R = 24, C = 300 };
    static uint64_t m[R][C];
    static uint8_t rows[R][C * 8], out[C * 8];

    for (unsigned t = 0; t < sizeof(dts) / sizeof(dts[0]); t++) {
        unsigned dt = dts[t], b = bytes_of(dt);

        for (unsigned trial = 0; trial < 40; trial++) {
            unsigned nr = 1 + next_rand() % R, nc = 1 + next_rand() % C;
            const void *rp[R];

            for (unsigned r = 0; r < nr; r++) {
                for (unsigned c = 0; c < nc; c++) {
                    /* the integers: half the trials in -2 .. 2 (ties, wrapping products) */
                    uint64_t x = t >= 4 && trial % 2 ? next_rand() % 5 - 2
                                 : t >= 3 ? next_rand()
                                 : trial % 4 == 3 ? tie_elem(dt, next_rand())
                                 : trial % 4 == 2 ? near_one(dt, next_rand())
                                 : fold_elem(dt, next_rand());
                    m[r][c] = b == 8 ? x : x & ((1ull << (8 * b)) - 1);
                    sfu_array_put(dt, rows[r], c, m[r][c]);
                }
                rp[r] = rows[r];
            }
            for (unsigned k = 0; k < 6; k++) {
                unsigned fa = 0, fr = 0;
                TileReduce red;

                /* along each row, one row at a time and all the rows at once */
                uint64_t all[R];
                unsigned fall = 0, frall = 0;

                sfu_array_fold_rows(dt, ops[k], rp, nr, nc, all, &fall);
                for (unsigned r = 0; r < nr; r++) {
                    uint64_t got = sfu_array_fold(dt, ops[k], rows[r], nc, &fa);

                    tile_reduce_begin(&red, dt, ops[k], false);
                    for (unsigned c = 0; c < nc; c++) {
                        tile_reduce_step(&red, m[r][c], &fr);
                    }
                    ck_assert_msg(got == tile_reduce_result(&red) && fa == fr,
                                  "row fold dt %u op %u: got 0x%llx flags 0x%x, want 0x%llx "
                                  "flags 0x%x", dt, ops[k], (unsigned long long)got, fa,
                                  (unsigned long long)tile_reduce_result(&red), fr);
                    ck_assert_msg(all[r] == got, "rows fold dt %u op %u row %u: 0x%llx, want "
                                  "0x%llx", dt, ops[k], r, (unsigned long long)all[r],
                                  (unsigned long long)got);
                    frall |= fr;
                    fa = fr = 0;
                }
                ck_assert_msg(fall == frall, "rows fold dt %u op %u: flags 0x%x, want 0x%x",
                              dt, ops[k], fall, frall);
                /* down each column */
                fa = fr = 0;
                sfu_array_fold_cols(dt, ops[k], rp, nr, nc, out, &fa);
                for (unsigned c = 0; c < nc; c++) {
                    bool arg = ops[k] == TILE_RED_ARGMAX || ops[k] == TILE_RED_ARGMIN;

                    tile_reduce_begin(&red, dt, ops[k], false);
                    for (unsigned r = 0; r < nr; r++) {
                        tile_reduce_step(&red, m[r][c], &fr);
                    }
                    ck_assert_msg(sfu_array_get(arg ? TILE_DT_U32 : dt, out, c) ==
                                  tile_reduce_result(&red),
                                  "column fold dt %u op %u column %u", dt, ops[k], c);
                }
                ck_assert_msg(fa == fr, "column fold dt %u op %u: flags 0x%x, want 0x%x",
                              dt, ops[k], fa, fr);
            }
        }
    }
}
END_TEST

/*
 * Integer folds worked by hand (PTO-TILE-MODEL-EXECUTION-REDUCTION: a left
 * fold; integer ADD and MUL wrap to the type's width; ARGMAX / ARGMIN keep
 * the first index of equal values), along a row and down a column.
 */
START_TEST(test_int_folds_by_hand)
{
    static const struct {
        unsigned dt;
        TileReduceOp op;
        unsigned n;
        uint64_t x[4], want;
    } cases[] = {
        { TILE_DT_S8, TILE_RED_SUM, 3, { 100, 100, 100 }, 0x2c },     /* 300 mod 256 */
        { TILE_DT_S8, TILE_RED_ARGMAX, 4, { 0xff, 5, 5, 0x80 }, 1 },   /* -1 5 5 -128 */
        { TILE_DT_S8, TILE_RED_MIN, 2, { 0xff, 1 }, 0xff },           /* -1 < 1 */
        { TILE_DT_U8, TILE_RED_MAX, 2, { 0xff, 1 }, 0xff },           /* 255 > 1 */
        { TILE_DT_S16, TILE_RED_PROD, 3, { 0xffff, 0xffff, 300 }, 300 },
        { TILE_DT_U16, TILE_RED_PROD, 2, { 256, 256 }, 0 },           /* 65536 wraps */
        { TILE_DT_S32, TILE_RED_ARGMIN, 4, { 7, 0xfffffffe, 3, 0xfffffffe }, 1 },
    };

    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        unsigned dt = cases[i].dt, f = 0;
        bool arg = cases[i].op == TILE_RED_ARGMAX || cases[i].op == TILE_RED_ARGMIN;
        uint8_t row[32], col[4][8], out[8];
        const void *rp[4];

        for (unsigned j = 0; j < cases[i].n; j++) {
            sfu_array_put(dt, row, j, cases[i].x[j]);
            sfu_array_put(dt, col[j], 0, cases[i].x[j]);
            rp[j] = col[j];
        }
        ck_assert_msg(sfu_array_fold(dt, cases[i].op, row, cases[i].n, &f) == cases[i].want,
                      "hand integer fold %u", i);
        sfu_array_fold_cols(dt, cases[i].op, rp, cases[i].n, 1, out, &f);
        ck_assert_msg(sfu_array_get(arg ? TILE_DT_U32 : dt, out, 0) == cases[i].want,
                      "hand integer column fold %u", i);
        ck_assert(f == 0);
    }
}
END_TEST

/*
 * Row sums worked by hand from PTO-TILE-MODEL-EXECUTION-REDUCTION (a left
 * fold from +0, each step rounded to the type, nearest even) and IEEE
 * 754's addition (an exact zero sum is +0 under nearest), each row alone
 * and then all of them in one sfu_array_fold_rows() call, where they share
 * the eight lanes.
 */
START_TEST(test_row_sums_by_hand)
{
    static const struct {
        unsigned dt, n;
        uint16_t x[3];
        uint32_t x32[2];
        uint32_t want;
        unsigned flags;
    } cases[] = {
        /* 1 + 2^-11 is halfway between 1 and 1 + 2^-10: even is 1 */
        { FP16, 2, { 0x3c00, 0x1000 }, { 0 }, 0x3c00, TILE_NUM_NX },
        /* in order: each 2^-11 is lost again (not 1 + 2^-10) */
        { FP16, 3, { 0x3c00, 0x1000, 0x1000 }, { 0 }, 0x3c00, TILE_NUM_NX },
        /* -2^-24 + 2^-24 = +0, exactly */
        { FP16, 2, { 0x8001, 0x0001 }, { 0 }, 0x0000, 0 },
        /* +0 + -0 = +0 */
        { FP16, 1, { 0x8000 }, { 0 }, 0x0000, 0 },
        /* the largest subnormal + 2^-24 = the smallest normal, exact (no UF) */
        { FP16, 2, { 0x03ff, 0x0001 }, { 0 }, 0x0400, 0 },
        /* 65504 + 16 = 65520, halfway to 2^16: even is the overflow */
        { FP16, 2, { 0x7bff, 0x4c00 }, { 0 }, 0x7c00, TILE_NUM_OF | TILE_NUM_NX },
        /* 1 + 2^-8 is halfway between 1 and 1 + 2^-7: even is 1 */
        { BF16, 2, { 0x3f80, 0x3b80 }, { 0 }, 0x3f80, TILE_NUM_NX },
        /* 1 + 1.5 * 2^-8 is above halfway: 1 + 2^-7 */
        { BF16, 2, { 0x3f80, 0x3bc0 }, { 0 }, 0x3f81, TILE_NUM_NX },
        /* two BF16 subnormals: 2^-133 + 2^-133 = 2^-132, exact */
        { BF16, 2, { 0x0001, 0x0001 }, { 0 }, 0x0002, 0 },
        /* 1 + 2^-24 is halfway between 1 and 1 + 2^-23: even is 1 */
        { FP32, 2, { 0 }, { 0x3f800000, 0x33800000 }, 0x3f800000, TILE_NUM_NX },
        /* 3 * 2^-149 + -2^-149: 2^-148, exact */
        { FP32, 2, { 0 }, { 0x00000003, 0x80000001 }, 0x00000002, 0 },
    };
    enum { NC = sizeof(cases) / sizeof(cases[0]) };
    static uint8_t rows[NC][16];

    for (unsigned dt_i = 0; dt_i < 3; dt_i++) {
        unsigned dt = dt_i == 0 ? FP16 : dt_i == 1 ? BF16 : FP32, want_all = 0, fall = 0;
        const void *rp[NC];
        uint64_t out[NC];
        unsigned n = 0, nmax = 0;

        for (unsigned i = 0; i < NC; i++) {
            unsigned fl = 0;
            uint64_t got;

            if (cases[i].dt != dt) {
                continue;
            }
            for (unsigned c = 0; c < cases[i].n; c++) {
                sfu_array_put(dt, rows[i], c, dt == FP32 ? cases[i].x32[c] : cases[i].x[c]);
            }
            rp[n++] = rows[i];
            nmax = cases[i].n > nmax ? cases[i].n : nmax;
            sfu_array_fold_rows(dt, TILE_RED_SUM, &rp[n - 1], 1, cases[i].n, &got, &fl);
            ck_assert_msg(got == cases[i].want && fl == cases[i].flags,
                          "case %u: 0x%llx flags 0x%x, want 0x%x flags 0x%x", i,
                          (unsigned long long)got, fl, cases[i].want, cases[i].flags);
            want_all |= cases[i].flags;
        }
        /* together (rows of equal length: the shorter ones padded with +0,
         * which changes no sum here: +0 added to a nonzero or +0 sum) */
        for (unsigned i = 0; i < NC; i++) {
            for (unsigned c = cases[i].n; cases[i].dt == dt && c < nmax; c++) {
                sfu_array_put(dt, rows[i], c, 0);
            }
        }
        sfu_array_fold_rows(dt, TILE_RED_SUM, rp, n, nmax, out, &fall);
        for (unsigned i = 0, j = 0; i < NC; i++) {
            if (cases[i].dt == dt) {
                ck_assert_msg(out[j] == cases[i].want, "case %u among the others: 0x%llx", i,
                              (unsigned long long)out[j]);
                j++;
            }
        }
        ck_assert_uint_eq(fall, want_all);
    }
}
END_TEST

/*
 * The SFU expansions TROWEXPAND{ADD,SUB,MUL,MAX,MIN} and their TCOL twins
 * as the engine computes them on the array path (sfu_reduce.c: a row
 * expansion passes the row's broadcast element to
 * vec_array_binary_scalar(), a column expansion the broadcast row to
 * vec_array_binary()), against the expansion's per-element rule
 * (vec_binary(), IEEE profile) over a whole matrix: each row's result
 * bit for bit, the flags of all the rows ORed.  The broadcast values run
 * through every class (zeros, infinities, quiet and signaling NaNs,
 * subnormals, huge); the integer types wrap.
 */
static void check_expand(unsigned dt, VecBinOp op, bool row_axis)
{
    enum { ROWS = 37, COLS = 45 };
    unsigned w = bytes_of(dt), fa = 0, fr = 0;
    static uint8_t full[ROWS * COLS * 8], out[ROWS * COLS * 8], brow[COLS * 8];
    uint64_t bcol[ROWS];
    bool fl = tile_dtype_info(dt)->is_float;

    for (unsigned i = 0; i < ROWS * COLS; i++) {
        sfu_array_put(dt, full, i, fl ? random_elem(dt) : next_rand());
    }
    for (unsigned i = 0; i < COLS; i++) {
        sfu_array_put(dt, brow, i, fl ? random_elem(dt) : next_rand());
    }
    for (unsigned i = 0; i < ROWS; i++) {
        uint8_t e[8];

        sfu_array_put(dt, e, 0, fl ? random_elem(dt) : next_rand());
        bcol[i] = sfu_array_get(dt, e, 0);
    }
    for (unsigned r = 0; r < ROWS; r++) {
        /* a short row too: the kernels' tails */
        size_t n = r == 5 ? 3 : COLS;

        if (row_axis) {
            vec_array_binary_scalar(dt, op, full + r * COLS * w, bcol[r], out + r * COLS * w,
                                    n, &fa);
        } else {
            vec_array_binary(dt, op, full + r * COLS * w, brow, out + r * COLS * w, n, &fa);
        }
        for (size_t c = 0; c < n; c++) {
            uint64_t x = sfu_array_get(dt, full, r * COLS + c);
            uint64_t y = row_axis ? bcol[r] : sfu_array_get(dt, brow, c);
            uint64_t want = vec_binary(dt, op, x, y, false, &fr);
            uint64_t got = sfu_array_get(dt, out, r * COLS + c);

            ck_assert_msg(got == want, "%s expand op %d dt %u (%u, %zu): 0x%llx, 0x%llx "
                          "-> 0x%llx, reference 0x%llx", row_axis ? "row" : "column", op,
                          dt, r, c, (unsigned long long)x, (unsigned long long)y,
                          (unsigned long long)got, (unsigned long long)want);
        }
    }
    ck_assert_msg(fa == fr, "%s expand op %d dt %u: flags 0x%x, reference 0x%x",
                  row_axis ? "row" : "column", op, dt, fa, fr);
}

START_TEST(test_expand)
{
    static const unsigned dts[] = {
        FP32, FP16, BF16, TILE_DT_S8, TILE_DT_U16, TILE_DT_S32, TILE_DT_U64,
    };
    static const VecBinOp ops[] = { VEC_ADD, VEC_SUB, VEC_MUL, VEC_MAX, VEC_MIN };

    for (unsigned t = 0; t < sizeof(dts) / sizeof(dts[0]); t++) {
        for (unsigned o = 0; o < 5; o++) {
            ck_assert(vec_array_binary_serves(dts[t], ops[o]));
            for (unsigned round = 0; round < 20; round++) {
                check_expand(dts[t], ops[o], true);
                check_expand(dts[t], ops[o], false);
            }
        }
    }
}
END_TEST

/* A type without a fast path, and an empty array. */
START_TEST(test_other_types)
{
    uint64_t xs[512];
    uint8_t in[8], out[8];
    unsigned f = 0;

    for (unsigned i = 0; i < 256; i++) {
        xs[i] = i;
    }
    for (unsigned k = 0; k < 5; k++) {
        check_unary_array(E5M2, k, xs, 256);
    }
    for (unsigned i = 0; i < 512; i++) {
        xs[i] = next_rand();
    }
    for (unsigned k = 0; k < 5; k++) {
        check_unary_array(FP64, k, xs, 64);
    }
    check_div(FP64, xs, xs + 256, 256);
    for (unsigned i = 0; i < 512; i++) {
        xs[i] &= 0xff;
    }
    check_div(E5M2, xs, xs + 256, 256);
    sfu_array_unary(FP32, SFU_EXP, in, out, 0, &f);
    ck_assert(f == 0);
}
END_TEST

/* TQUANT's inputs: specials, values that scale to integers and halves,
 * beyond 2^31 and 2^62, subnormals, and random encodings */
static uint32_t quant_input(float scale, bool mostly_in_range)
{
    switch (mostly_in_range && next_rand() % 16 ? 1 + next_rand() % 3 : next_rand() % 10) {
    case 0:
        return (uint32_t[]){ 0x7fc00000u, 0x7f800001u, 0x7f800000u, 0xff800000u, 0, 0x80000000u,
                             0x00000001u, 0x807fffffu }[next_rand() % 8];
    case 1:
    case 2:
        /* an integer or a half of about +-300 before the multiplier */
        return f32_bits(((float)((int)(next_rand() % 1201) - 600) / 2) / scale);
    case 3:
        return f32_bits((float)((int)(next_rand() % 2001) - 1000) / 7 / scale);
    case 4:
        return f32_bits(ldexpf(1.0f + (float)(next_rand() % 8) / 8, 28 + (int)(next_rand() % 40)) *
                        (next_rand() & 1 ? 1 : -1));
    default:
        return (uint32_t)next_rand();
    }
}

/*
 * sfu_array_quant() and sfu_array_dequant() against sfu_quant() and
 * sfu_dequant() element by element, bits and ORed flags: every rounding
 * mode, Sat on and off, S8 and U8, zero points across their range,
 * multipliers exact, inexact, tiny (subnormal) and huge.
 */
START_TEST(test_quant)
{
    static const float mults[] = { 1.0f, 0.5f, 1.0f / 3, 127.0f / 6, 0x1p-140f, 0x1p100f,
                                   3.0f };
    enum { N = 600 };
    uint32_t in[N];
    uint8_t out[N], q[256];
    uint32_t fout[256];

    for (unsigned mi = 0; mi < sizeof(mults) / sizeof(mults[0]); mi++) {
        uint32_t m = f32_bits(mults[mi]);

        /* the first half mixed; the second mostly values in range, so that
         * whole groups of lanes run together */
        for (unsigned i = 0; i < N; i++) {
            in[i] = quant_input(mults[mi], i >= N / 2);
        }
        for (unsigned rm = TILE_RND_RNE; rm <= TILE_RND_RHB; rm++) {
            for (unsigned k = 0; k < 4; k++) {
                bool sat = k & 1, sgn = k & 2;
                int64_t zp = sgn ? (int64_t)(next_rand() % 256) - 128 : (int64_t)(next_rand() % 256);
                unsigned fa = 0, fe = 0;

                if (k < 2) {
                    zp = 0;             /* (every sum exact: huge values stay fast) */
                }
                sfu_array_quant(in, m, zp, rm, sat, sgn, out, N, &fa);
                for (unsigned i = 0; i < N; i++) {
                    unsigned f1 = 0, fe1 = 0;
                    uint64_t e = sfu_quant(in[i], m, zp, rm, sat, sgn, &fe1);

                    ck_assert_msg(out[i] == e, "TQUANT 0x%08x x 0x%08x + %lld rm %u sat %d %s: "
                                  "array 0x%02x element 0x%02x", in[i], m, (long long)zp, rm,
                                  sat, sgn ? "S8" : "U8", out[i], (unsigned)e);
                    /* each element's own flags, which the OR would hide */
                    sfu_array_quant(&in[i], m, zp, rm, sat, sgn, out, 1, &f1);
                    ck_assert_msg(f1 == fe1, "TQUANT 0x%08x x 0x%08x + %lld rm %u: flags 0x%x, "
                                  "element 0x%x", in[i], m, (long long)zp, rm, f1, fe1);
                    fe |= fe1;
                }
                ck_assert_msg(fa == fe, "TQUANT flags 0x%x, element by element 0x%x", fa, fe);
            }
            for (unsigned k = 0; k < 2; k++) {
                unsigned dt = k ? TILE_DT_S8 : TILE_DT_U8, fa = 0, fe = 0;
                int64_t zp = k ? (int64_t)(next_rand() % 256) - 128 : (int64_t)(next_rand() % 256);

                for (unsigned i = 0; i < 256; i++) {
                    q[i] = i;
                }
                sfu_array_dequant(dt, q, m, zp, rm, fout, 256, &fa);
                for (unsigned i = 0; i < 256; i++) {
                    unsigned f1 = 0, fe1 = 0;
                    uint64_t e = sfu_dequant(dt, i, m, zp, rm, &fe1);

                    ck_assert_msg(fout[i] == e, "TDEQUANT 0x%02x - %lld x 0x%08x rm %u: array "
                                  "0x%08x element 0x%08x", i, (long long)zp, m, rm, fout[i],
                                  (unsigned)e);
                    sfu_array_dequant(dt, &q[i], m, zp, rm, fout, 1, &f1);
                    ck_assert_msg(f1 == fe1, "TDEQUANT 0x%02x - %lld x 0x%08x rm %u: flags 0x%x, "
                                  "element 0x%x", i, (long long)zp, m, rm, f1, fe1);
                    fe |= fe1;
                }
                ck_assert_msg(fa == fe, "TDEQUANT flags 0x%x, element by element 0x%x", fa, fe);
            }
        }
    }
}
END_TEST

/*
 * Cases worked by hand (docs/implementation-defined.md entry 48: x * mult
 * + zp rounded once in the BSTART RMode, then Sat's clamp or the low 8
 * bits; (q - zp) * mult rounded once into FP32).
 */
START_TEST(test_quant_by_hand)
{
    static const struct {
        float x, mult;
        int zp;
        unsigned rm;
        bool sat, sgn;
        uint8_t q;
        unsigned flags;
    } cases[] = {
        { 2.5f, 1.0f, 0, TILE_RND_RNE, false, true, 2, TILE_NUM_NX },     /* tie to even */
        { 2.5f, 1.0f, 0, TILE_RND_RNA, false, true, 3, TILE_NUM_NX },     /* tie away */
        { -2.5f, 1.0f, 0, TILE_RND_RTZ, false, true, 0xfe, TILE_NUM_NX }, /* -2 */
        { -2.25f, 1.0f, 0, TILE_RND_RDN, false, true, 0xfd, TILE_NUM_NX },/* -3 */
        { 0.25f, 1.0f, 0, TILE_RND_RUP, false, false, 1, TILE_NUM_NX },
        { 150.0f, 2.0f, 0, TILE_RND_RNE, true, false, 255, 0 },          /* 300 clamped */
        { 150.0f, 2.0f, 0, TILE_RND_RNE, false, false, 44, 0 },          /* 300 mod 256 */
        { 1.5f, 0.5f, 100, TILE_RND_RNE, false, false, 101, TILE_NUM_NX },/* 100.75 */
        { -0.0f, 1.0f, 0, TILE_RND_RNE, false, true, 0, 0 },
    };
    uint8_t in[1], out[1], q = 0x81;            /* S8: -127 */
    uint32_t x, f;
    unsigned fl;

    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        x = f32_bits(cases[i].x);
        fl = 0;
        sfu_array_quant(&x, f32_bits(cases[i].mult), cases[i].zp, cases[i].rm, cases[i].sat,
                        cases[i].sgn, out, 1, &fl);
        ck_assert_msg(out[0] == cases[i].q && fl == cases[i].flags,
                      "case %u: 0x%02x flags 0x%x", i, out[0], fl);
    }
    /* four lanes together: only the last one inexact (2.5 to even, 2), and
     * none */
    {
        uint32_t four[4] = { f32_bits(1.0f), f32_bits(2.0f), f32_bits(3.0f), f32_bits(2.5f) };
        uint8_t got[4];

        fl = 0;
        sfu_array_quant(four, f32_bits(1.0f), 0, TILE_RND_RNE, false, true, got, 4, &fl);
        ck_assert(got[0] == 1 && got[1] == 2 && got[2] == 3 && got[3] == 2);
        ck_assert_uint_eq(fl, TILE_NUM_NX);
        four[3] = f32_bits(4.0f);
        fl = 0;
        sfu_array_quant(four, f32_bits(1.0f), 0, TILE_RND_RNE, false, true, got, 4, &fl);
        ck_assert(got[3] == 4);
        ck_assert_uint_eq(fl, 0);
    }
    /* -127 * 0.1f = -1704565171 / 2^27 exactly, 13316915.398... units of
     * 2^-20 (its binade's ulp): to nearest 13316915 (0xc14b3333), toward
     * -infinity 13316916 (0xc14b3334); inexact */
    in[0] = q;
    fl = 0;
    sfu_array_dequant(TILE_DT_S8, in, f32_bits(0.1f), 0, TILE_RND_RNE, &f, 1, &fl);
    ck_assert_uint_eq(f, 0xc14b3333u);
    ck_assert_uint_eq(fl, TILE_NUM_NX);
    sfu_array_dequant(TILE_DT_S8, in, f32_bits(0.1f), 0, TILE_RND_RDN, &f, 1, &fl);
    ck_assert_uint_eq(f, 0xc14b3334u);
    /* (-127 - 1) * 0.1f: a power of two times 0.1f, exact */
    fl = 0;
    sfu_array_dequant(TILE_DT_S8, in, f32_bits(0.1f), 1, TILE_RND_RNE, &f, 1, &fl);
    ck_assert_uint_eq(f, f32_bits(0.1f) + (7u << 23) + 0x80000000u);
    ck_assert_uint_eq(fl, 0);
}
END_TEST

/*
 * TSORT's sort by ranks (tile_sort_group(), tile_sort_ranks()) against the
 * reference insertion sort on tile_sort_before(): groups of 1..64 FP32 and
 * FP16 encodings of every class, with repeated values, both zeros and
 * NaNs of both signs, in both directions; item for item, on each of the
 * host's instances (tile_sort_paths()).
 */
START_TEST(test_sort)
{
    static const unsigned types[] = { FP32, FP16 };

    for (unsigned t = 0; t < 2 * tile_sort_paths(); t++) {
        unsigned dt = types[t % 2];

        tile_sort_path_select(t / 2);       /* each host instance */

        for (unsigned trial = 0; trial < 2000; trial++) {
            unsigned n = 1 + next_rand() % TILE_SORT_MAX, rank[TILE_SORT_MAX];
            bool desc = trial & 1;
            TileSortItem ref[TILE_SORT_MAX], got[TILE_SORT_MAX];
            uint32_t xs[TILE_SORT_MAX];

            for (unsigned i = 0; i < n; i++) {
                uint64_t r = next_rand();

                xs[i] = i && r % 4 == 0 ? xs[r % i] : random_elem(dt);   /* repeats */
                ref[i] = got[i] = (TileSortItem) { xs[i], i };
            }
            tile_sort_group_ref(dt, ref, n, desc);
            tile_sort_group(dt, got, n, desc);
            tile_sort_ranks(dt, xs, n, desc, rank);
            for (unsigned i = 0; i < n; i++) {
                ck_assert_msg(got[i].index == ref[i].index && got[i].x == ref[i].x,
                              "dt %u n %u desc %d place %u: item %u, want %u", dt, n, desc,
                              i, got[i].index, ref[i].index);
                ck_assert_msg(ref[rank[i]].index == i, "dt %u n %u desc %d: rank of %u",
                              dt, n, desc, i);
            }
        }
    }
    tile_sort_path_select(0);
}
END_TEST

/*
 * PTO-TILE-MODEL-ORDERING-SORTING, worked by hand: numbers come before
 * NaNs in both directions, +0 and -0 are equal, and equal values keep
 * their order.  FP32 [qNaN, 1, -0, -inf, +0, 1, sNaN]: ascending
 * -inf, -0, +0, 1, 1, then the NaNs: indices 3 2 4 1 5 0 6; descending
 * 1, 1, -0, +0, -inf, then the NaNs: 1 5 2 4 3 0 6.
 */
START_TEST(test_sort_by_hand)
{
    static const uint64_t xs[] = {
        0x7fc00000, 0x3f800000, 0x80000000, 0xff800000, 0x00000000, 0x3f800000, 0xff800001,
    };
    static const unsigned want[2][7] = { { 3, 2, 4, 1, 5, 0, 6 }, { 1, 5, 2, 4, 3, 0, 6 } };

    for (int desc = 0; desc < 2; desc++) {
        TileSortItem a[7], r[7];

        for (unsigned i = 0; i < 7; i++) {
            a[i] = r[i] = (TileSortItem) { xs[i], i };
        }
        tile_sort_group(FP32, a, 7, desc);
        tile_sort_group_ref(FP32, r, 7, desc);
        for (unsigned i = 0; i < 7; i++) {
            ck_assert_uint_eq(a[i].index, want[desc][i]);
            ck_assert_uint_eq(r[i].index, want[desc][i]);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sfu-array");
    TCase *tc = tcase_create("sfu-array");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_unary_every_16bit);
    tcase_add_test(tc, test_unary_fp32);
    tcase_add_test(tc, test_exp_sweep);
    tcase_add_test(tc, test_func_chunks);
    tcase_add_test(tc, test_div);
    tcase_add_test(tc, test_div_every_16bit);
    tcase_add_test(tc, test_folds);
    tcase_add_test(tc, test_row_sums_by_hand);
    tcase_add_test(tc, test_int_folds_by_hand);
    tcase_add_test(tc, test_expand);
    tcase_add_test(tc, test_other_types);
    tcase_add_test(tc, test_quant);
    tcase_add_test(tc, test_quant_by_hand);
    tcase_add_test(tc, test_sort);
    tcase_add_test(tc, test_sort_by_hand);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
