/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCVT into HiF8 over arrays (vec_array_convert(), its table of binary32
 * keys) against vec_convert() element by element, bit for bit and flag
 * for flag (each element alone, its own flags, then the whole array):
 * every FP16 and BF16 encoding and, for FP32, every key (sign, exponent
 * field, the four fraction bits below the leading one, the sticky bit)
 * with random lower bits, in each RMode with and without Sat; and values
 * converted by hand from PTO-ARCH-DATA-TYPES-FORMAT-HIF8.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "numeric/vec_array.h"
#include "numeric/vec_elem.h"
#include "numeric/tile_numeric.h"

#define HIF8 TILE_DT_HIF8

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* n source encodings of src (2 or 4 bytes each) against the reference */
static void check_words(unsigned src, const uint32_t *xs, size_t n, unsigned rmode, bool sat)
{
    unsigned b = tile_dtype_info(src)->width / 8, fa = 0, fr = 0;
    uint8_t *in = malloc(n * b), *out = malloc(n);

    for (size_t i = 0; i < n; i++) {
        unsigned f1 = 0, f2 = 0;
        uint8_t one_out;
        uint64_t want = vec_convert(HIF8, src, xs[i], rmode, sat, false, &f1);

        memcpy(in + i * b, &xs[i], b);
        vec_array_convert(HIF8, src, rmode, sat, in + i * b, &one_out, 1, &f2);
        ck_assert_msg(one_out == want && f1 == f2,
                      "HiF8 <- type %u 0x%x rmode %u sat %u: 0x%02x flags 0x%x, want 0x%02x "
                      "flags 0x%x", src, xs[i], rmode, sat, one_out, f2, (unsigned)want, f1);
    }
    vec_array_convert(HIF8, src, rmode, sat, in, out, n, &fa);
    for (size_t i = 0; i < n; i++) {
        ck_assert(out[i] == vec_convert(HIF8, src, xs[i], rmode, sat, false, &fr));
    }
    ck_assert_msg(fa == fr, "HiF8 <- type %u rmode %u sat %u: array flags 0x%x, want 0x%x",
                  src, rmode, sat, fa, fr);
    free(in);
    free(out);
}

START_TEST(test_every_16bit)
{
    static uint32_t xs[65536];

    for (unsigned i = 0; i < 65536; i++) {
        xs[i] = i;
    }
    for (unsigned rmode = 0; rmode < 8; rmode++) {
        for (unsigned sat = 0; sat < 2; sat++) {
            check_words(TILE_DT_FP16, xs, 65536, rmode, sat);
            check_words(TILE_DT_BF16, xs, 65536, rmode, sat);
        }
    }
}
END_TEST

START_TEST(test_fp32_keys)
{
    enum { PER_KEY = 3, N = (1 << 14) * PER_KEY };
    static uint32_t xs[N];

    for (unsigned k = 0; k < (1u << 14); k++) {
        for (unsigned j = 0; j < PER_KEY; j++) {
            /* the key's bits, and lower bits set exactly when its sticky bit is */
            uint32_t low = (k & 1) ? (next_rand() & 0x7ffff) | (j == 0 ? 0x40000 : 1) : 0;

            xs[k * PER_KEY + j] = (k >> 13) << 31 | ((k >> 5) & 0xff) << 23 |
                                  ((k >> 1) & 0xf) << 19 | (j == 2 && (k & 1) ? 0x7ffff : low);
        }
    }
    for (unsigned rmode = 0; rmode < 8; rmode++) {
        for (unsigned sat = 0; sat < 2; sat++) {
            check_words(TILE_DT_FP32, xs, N, rmode, sat);
        }
    }
}
END_TEST

/*
 * By hand (PTO-ARCH-DATA-TYPES-FORMAT-HIF8): 1.0 is dot prefix 0001
 * (exponent 0) with a zero fraction, 0x08; 1.5 adds the fraction 100,
 * 0x0c; 3.0 is prefix 001, exponent +1 (sign bit 0), fraction 100, 0x14;
 * 2^15, the largest magnitude, is prefix 11, |E| = 15 (111), fraction 0,
 * 0x6e; -1.0 is 0x88; 2^-22 is the smallest denormal, 0x01; 2^-23 is the
 * tie between 0 (even) and 0x01 (odd), 0 to nearest even with UF and NX;
 * 1 + 2^-4 is the tie between 0x08 and 0x09, 0x08 (NX); a NaN is 0x80.
 */
START_TEST(test_by_hand)
{
    static const struct {
        uint32_t fp32;
        uint8_t want;
        unsigned flags;
    } cases[] = {
        { 0x3f800000, 0x08, 0 }, { 0x3fc00000, 0x0c, 0 }, { 0x40400000, 0x14, 0 },
        { 0x47000000, 0x6e, 0 }, { 0xbf800000, 0x88, 0 }, { 0x34800000, 0x01, 0 },
        { 0x34000000, 0x00, TILE_NUM_UF | TILE_NUM_NX },
        { 0x3f880000, 0x08, TILE_NUM_NX }, { 0x7fc00000, 0x80, 0 },
    };

    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint8_t out = 0xa5;
        unsigned f = 0;

        vec_array_convert(HIF8, TILE_DT_FP32, 0, false, &cases[i].fp32, &out, 1, &f);
        ck_assert_msg(out == cases[i].want && f == cases[i].flags,
                      "case %u: 0x%02x flags 0x%x", i, out, f);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vec-hif8");
    TCase *tc = tcase_create("vec-hif8");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_by_hand);
    tcase_add_test(tc, test_every_16bit);
    tcase_add_test(tc, test_fp32_keys);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
