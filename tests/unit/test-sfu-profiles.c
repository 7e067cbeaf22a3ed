/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The SFU elementwise operations over arrays in both numeric profiles
 * (target/tile/numeric/sfu_array.c) against the per-element functions
 * (sfu_elem.c), bit for bit and flag for flag, each element alone and
 * the whole array once more: pto-v0's unary placeholders
 * (sfu_array_unary_v0(): every FP16 and BF16 encoding, FP32 edges and
 * random encodings, E5M2 and FP64 through the element function), DIV and
 * REM with tile and scalar divisors in both profiles on nine types
 * (sfu_array_binary()), and cases worked by hand from the spec.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sfu-array-inputs.h"

/* ---- pto-v0's placeholders; DIV and REM element by element over arrays ---- */

/* sfu_array_unary_v0() against sfu_unary(.., true, ..): each element
 * alone, then the whole array */
static void check_unary_v0(unsigned dt, unsigned k, const uint64_t *xs, size_t n)
{
    unsigned b = bytes_of(dt), fa = 0, fr = 0;
    uint8_t *in = malloc(n * b), *out = malloc(n * b);

    for (size_t i = 0; i < n; i++) {
        unsigned f1 = 0, f2 = 0;
        uint64_t want = sfu_unary(dt, unary_ops[k], xs[i], true, &f1), got;
        uint8_t x[8], z[8];

        sfu_array_put(dt, in, i, xs[i]);
        sfu_array_put(dt, x, 0, xs[i]);
        sfu_array_unary_v0(dt, unary_ops[k], x, z, 1, &f2);
        got = sfu_array_get(dt, z, 0);
        ck_assert_msg(got == want && f1 == f2,
                      "pto-v0 %s dt %u x 0x%llx: got 0x%llx flags 0x%x, want 0x%llx flags 0x%x",
                      unary_names[k], dt, (unsigned long long)xs[i], (unsigned long long)got,
                      f2, (unsigned long long)want, f1);
    }
    sfu_array_unary_v0(dt, unary_ops[k], in, out, n, &fa);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(sfu_array_get(dt, out, i) == sfu_unary(dt, unary_ops[k], xs[i], true, &fr),
                      "pto-v0 %s dt %u array element %zu", unary_names[k], dt, i);
    }
    ck_assert_msg(fa == fr, "pto-v0 %s dt %u: array flags 0x%x, want 0x%x", unary_names[k],
                  dt, fa, fr);
    free(in);
    free(out);
}

START_TEST(test_unary_v0)
{
    static uint64_t xs[65536];
    static const uint64_t fp32_edges[] = {
        0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000, 0x3f800000, 0xbf800000,
        0x3f800001, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7f800001,
        0x7fc00000, 0xffc00001, 0xffffffff, 0x40000000, 0xc0000000,
    };

    for (unsigned t = 0; t < 2; t++) {          /* every FP16, BF16 encoding */
        for (unsigned i = 0; i < 65536; i++) {
            xs[i] = i;
        }
        for (unsigned k = 0; k < 5; k++) {
            check_unary_v0(t ? BF16 : FP16, k, xs, 65536);
        }
    }
    for (unsigned i = 0; i < 20000; i++) {
        bool edge = i < sizeof(fp32_edges) / sizeof(fp32_edges[0]);

        xs[i] = edge ? fp32_edges[i] : random_elem(FP32);
    }
    for (unsigned k = 0; k < 5; k++) {
        check_unary_v0(FP32, k, xs, 20000);
    }
    for (unsigned i = 0; i < 256; i++) {        /* the types left to sfu_unary() */
        xs[i] = i;
        xs[256 + i] = next_rand();
    }
    for (unsigned k = 0; k < 5; k++) {
        check_unary_v0(E5M2, k, xs, 256);
        check_unary_v0(FP64, k, xs + 256, 256);
    }
}
END_TEST

/* sfu_array_binary() against sfu_binary(): each element alone with a
 * tile divisor and with a scalar one, then the whole array */
static void check_binary(unsigned dt, SfuBinOp op, bool v0, const uint64_t *a,
                         const uint64_t *b, size_t n)
{
    unsigned w = bytes_of(dt), fa = 0, fr = 0;
    uint8_t *l = malloc(n * w), *r = malloc(n * w), *out = malloc(n * w);

    for (size_t i = 0; i < n; i++) {
        unsigned f1 = 0, f2 = 0, f3 = 0;
        uint64_t want = sfu_binary(dt, op, a[i], b[i], v0, &f1), got;
        uint8_t x[8], y[8], z[8];

        sfu_array_put(dt, l, i, a[i]);
        sfu_array_put(dt, r, i, b[i]);
        sfu_array_put(dt, x, 0, a[i]);
        sfu_array_put(dt, y, 0, b[i]);
        sfu_array_binary(dt, op, x, y, 0, v0, z, 1, &f2);
        got = sfu_array_get(dt, z, 0);
        ck_assert_msg(got == want && f1 == f2,
                      "%s%s dt %u 0x%llx, 0x%llx: got 0x%llx flags 0x%x, want 0x%llx flags 0x%x",
                      v0 ? "pto-v0 " : "", op == SFU_DIV ? "DIV" : "REM", dt,
                      (unsigned long long)a[i], (unsigned long long)b[i],
                      (unsigned long long)got, f2, (unsigned long long)want, f1);
        sfu_array_binary(dt, op, x, NULL, b[i], v0, z, 1, &f3);
        ck_assert_msg(sfu_array_get(dt, z, 0) == want && f1 == f3, "scalar form, dt %u", dt);
    }
    sfu_array_binary(dt, op, l, r, 0, v0, out, n, &fa);
    for (size_t i = 0; i < n; i++) {
        ck_assert(sfu_array_get(dt, out, i) == sfu_binary(dt, op, a[i], b[i], v0, &fr));
    }
    ck_assert_msg(fa == fr, "dt %u array flags 0x%x want 0x%x", dt, fa, fr);
    free(l);
    free(r);
    free(out);
}

START_TEST(test_binary_profiles)
{
    static const unsigned dts[] = {
        FP32, FP16, BF16, FP64, E5M2, TILE_DT_S32, TILE_DT_U8, TILE_DT_S16, TILE_DT_U64,
    };
    enum { N = 3000 };
    static uint64_t a[N], b[N];

    for (unsigned t = 0; t < (sizeof(dts) / sizeof(dts[0])); t++) {
        unsigned dt = dts[t], w = tile_dtype_info(dt)->width;
        uint64_t mask = w == 64 ? ~0ull : (1ull << w) - 1;
        bool is_int = !tile_dtype_info(dt)->is_float;

        for (unsigned i = 0; i < N; i++) {
            a[i] = random_elem(dt) & mask;
            b[i] = random_elem(dt) & mask;
            if (i % 7 == 3) {
                b[i] = (1ull << (w - 1)) * (i & 1);    /* +0 and the sign bit alone */
            }
            if (is_int && !b[i]) {
                b[i] = 1 + i % 5;       /* (an integer zero divisor never reaches them) */
            }
        }
        for (unsigned v0 = 0; v0 < 2; v0++) {
            check_binary(dt, SFU_REM, v0, a, b, N);
            check_binary(dt, SFU_DIV, v0, a, b, N);
        }
    }
}
END_TEST

/*
 * The pto-v0 placeholders worked by hand from the spec (TileExponential:
 * the word plus one; TileReciprocal: (2^64 - 1) over the word;
 * TileSquareRoot: the word; TileLogarithm of 1 and TileSquareRoot of a
 * negative from the special-value table; DIV and REM the words' unsigned
 * quotient and remainder, a zero divisor by ScalarFPCarrierIsZero: FP32
 * -0 is zero, FP16 -0 (0x8000) is not).
 */
START_TEST(test_v0_by_hand)
{
    static const struct {
        unsigned dt, k;
        uint64_t x, want;
        unsigned flags;
    } un[] = {
        { FP32, 0, 0x40000000, 0x40000001, 0 },         /* EXP 2.0: the word + 1 */
        { FP32, 0, 0xc0000000, 0xc0000001, 0 },         /* EXP -2.0: no special */
        { FP32, 0, 0x80000000, 0x3f800000, 0 },         /* EXP -0: 1.0 (table) */
        { FP32, 2, 0x40000000, 0xffffffff, 0 },         /* RECIP: 2^34 - 1, low 32 bits */
        { FP16, 2, 0x3c00, 0x4444, 0 },                 /* RECIP 1.0: (2^64 - 1) / 15360 */
        { BF16, 3, 0x4080, 0x4080, 0 },                 /* SQRT 4.0: the word */
        { BF16, 3, 0xc080, 0x7fc0, TILE_NUM_NV },       /* SQRT -4.0: NaN, NV */
        { FP16, 1, 0x3c00, 0x0000, 0 },                 /* LOG 1.0: +0 */
        { FP16, 1, 0x0000, 0xfc00, TILE_NUM_DZ },       /* LOG +0: -inf, DZ */
    };
    static const struct {
        unsigned dt;
        SfuBinOp op;
        uint64_t l, r, want;
        unsigned flags;
    } bin[] = {
        { FP16, SFU_DIV, 0x3c00, 0x8000, 0x0000, 0 },   /* FP16 -0 is a divisor */
        { FP32, SFU_DIV, 0x3f800000, 0x80000000, 0xffffffff, TILE_NUM_DZ },
        { FP32, SFU_DIV, 0x40400000, 0x3f800000, 0x00000001, 0 },  /* 3.0 / 1.0 words */
        { FP16, SFU_REM, 0x3c00, 0x0007, 0x0002, 0 },   /* 15360 mod 7 */
        { BF16, SFU_REM, 0x3f80, 0x0000, 0xffff, 0 },   /* zero divisor: ones, no flag */
    };

    for (unsigned i = 0; i < (sizeof(un) / sizeof(un[0])); i++) {
        uint8_t x[8], z[8];
        unsigned f = 0;

        sfu_array_put(un[i].dt, x, 0, un[i].x);
        sfu_array_unary_v0(un[i].dt, unary_ops[un[i].k], x, z, 1, &f);
        ck_assert_msg(sfu_array_get(un[i].dt, z, 0) == un[i].want && f == un[i].flags,
                      "hand unary case %u: 0x%llx flags 0x%x", i,
                      (unsigned long long)sfu_array_get(un[i].dt, z, 0), f);
    }
    for (unsigned i = 0; i < (sizeof(bin) / sizeof(bin[0])); i++) {
        uint8_t x[8], y[8], z[8];
        unsigned f = 0;

        sfu_array_put(bin[i].dt, x, 0, bin[i].l);
        sfu_array_put(bin[i].dt, y, 0, bin[i].r);
        sfu_array_binary(bin[i].dt, bin[i].op, x, y, 0, true, z, 1, &f);
        ck_assert_msg(sfu_array_get(bin[i].dt, z, 0) == bin[i].want && f == bin[i].flags,
                      "hand binary case %u: 0x%llx flags 0x%x", i,
                      (unsigned long long)sfu_array_get(bin[i].dt, z, 0), f);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sfu-profiles");
    TCase *tc = tcase_create("sfu-profiles");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_unary_v0);
    tcase_add_test(tc, test_binary_profiles);
    tcase_add_test(tc, test_v0_by_hand);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
