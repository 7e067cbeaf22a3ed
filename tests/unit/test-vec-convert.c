/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCVT and the bulk conversions over arrays (target/tile/numeric/
 * vec_array_cvt.c) against the per-element reference (vec_convert(),
 * tile_num_convert() / tile_num_from_double()), bit for bit and flag for
 * flag: every pair in each RMode with and without Sat on arrays that mix
 * random, special and boundary values of the source, lone elements for
 * each element's flags, cases worked by hand, the one-byte and 4-bit
 * tables, and the pto-v0 profile's word copies and TFMA.
 */
#include <check.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "vec-array-inputs.h"

START_TEST(test_conversion)
{
    static uint8_t raw[MAXN * 4], back[MAXN * 4], want[MAXN * 4], dummy[MAXN * 4];
    static float f[MAXN];
    static double d[MAXN];

    for (unsigned t = 0; t < 3; t++) {
        unsigned dt = float_types[t], b = width(dt) / 8;
        for (unsigned round = 0; round < 200; round++) {
            for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) {
                size_t n = lengths[li];
                unsigned fg = 0, fw = 0;

                /* narrow -> float: exact, NaN payloads kept */
                fill(dt, raw, dummy, dummy, n);
                vec_array_to_float(dt, raw, f, n);
                for (size_t i = 0; i < n; i++) {
                    uint64_t x = get(dt, raw, i);
                    uint32_t fb, wb = (uint32_t)tile_num_convert(TILE_DT_FP32, dt, x,
                                                                 TILE_RND_RNE, 0, &fw);
                    memcpy(&fb, &f[i], 4);
                    if (tile_num_class_is_nan(tile_num_classify(dt, x))) {
                        /* the payload shifted up, the quiet bit kept */
                        unsigned sh = 32 - width(dt);
                        wb = dt == TILE_DT_FP16
                             ? (uint32_t)((x & 0x8000) << 16 | 0x7f800000 | (x & 0x3ff) << 13)
                             : (uint32_t)(x << sh);
                    }
                    if (fb != wb) {
                        ck_abort_msg("widen %u %#llx: %#x, want %#x", dt,
                                  (unsigned long long)x, fb, wb);
                    }
                }
                /* float -> narrow, double -> narrow: arbitrary values */
                fw = 0;
                for (size_t i = 0; i < n; i++) {
                    uint32_t fb = (uint32_t)pick(TILE_DT_FP32, rnd());
                    uint64_t db = pick(TILE_DT_FP64, rnd()), w;
                    if (rnd() & 1) {
                        /* a value of dt's range moved off its grid: roundings,
                         * ties (a quarter of them), the boundaries of the range */
                        unsigned ignored = 0, lowb = dt == TILE_DT_FP16 ? 13 : 16;
                        uint32_t nb = (uint32_t)tile_num_convert(TILE_DT_FP32, dt, pick(dt, 0),
                                                                 TILE_RND_RNE, 0, &ignored);
                        uint32_t mask = dt == TILE_DT_FP32 ? 0 : (1u << lowb) - 1;
                        float nf;
                        double dv;
                        memcpy(&nf, &nb, 4);
                        dv = (double)nf * (1 + ldexp((double)(rnd() & 0xfff) - 2048.0,
                                                     -20 - (int)(rnd() % 40)));
                        fb = rnd() & 3 ? nb ^ ((uint32_t)rnd() & mask)
                                       : (nb & ~mask) | ((mask + 1) >> 1);
                        memcpy(&db, &dv, 8);
                    }
                    memcpy(&f[i], &fb, 4);
                    memcpy(&d[i], &db, 8);
                    w = tile_num_convert(dt, TILE_DT_FP32, fb, TILE_RND_RNE, 0, &fw);
                    memcpy(want + i * b, &w, b);
                }
                fg = 0;
                vec_array_from_float(dt, f, back, n, &fg);
                ck_assert(!memcmp(back, want, n * b));
                ck_assert_uint_eq(fg, fw);
                fw = 0;
                for (size_t i = 0; i < n; i++) {
                    uint64_t w = tile_num_from_double(dt, d[i], TILE_RND_RNE, 0, &fw);
                    memcpy(want + i * b, &w, b);
                }
                fg = 0;
                vec_array_from_double(dt, d, back, n, &fg);
                for (size_t i = 0; i < n; i++) {
                    if (get(dt, back, i) != get(dt, want, i)) {
                        ck_abort_msg("from double %u %a: %#llx, want %#llx", dt, d[i],
                                  (unsigned long long)get(dt, back, i),
                                  (unsigned long long)get(dt, want, i));
                    }
                }
                ck_assert_uint_eq(fg, fw);
            }
        }
    }
}
END_TEST

/* ---- TCVT ---- */

/*
 * A TCVT source value: the general mix, or one placed where a conversion
 * decides -- integers and halves (ties) around the destination integer
 * type's bounds and around small integers, integers that are ties of a
 * narrow floating destination.
 */
static uint64_t pick_cvt(unsigned src, unsigned dst)
{
    const TileDTypeInfo *sd = tile_dtype_info(src), *dd = tile_dtype_info(dst);
    uint64_t r = rnd();
    unsigned ignored = 0;
    double v;

    if (r % 3 == 0) {
        return pick(src, rnd());
    }
    if (src == TILE_DT_FP32 && (dst == TILE_DT_E4M3 || dst == TILE_DT_E5M2) && r % 3 == 1) {
        /* within a few ulps of where the FP8 vector path hands over: the
         * smallest normals (2^-6, 2^-14), the largest finite values (448,
         * 57344), their rounding edges (464, 61440), 2^-7 / 2^-15 */
        static const uint32_t edge[] = {
            0x3c800000, 0x43e00000, 0x43e80000, 0x3c000000,
            0x38800000, 0x47600000, 0x47700000, 0x38000000,
        };
        uint32_t x = edge[(r >> 8) % 4 + (dst == TILE_DT_E5M2 ? 4 : 0)];

        x += (uint32_t)((r >> 16) % 9) - 4;
        return (r >> 24) & 1 ? x | 0x80000000u : x;
    }
    if (src == TILE_DT_FP32 && dst == TILE_DT_E8M0 && r % 3 == 1) {
        /* a power of two, or a significand either side of sqrt(2)
         * (0xb504f3.33 x 2^-23), at any exponent, the largest included;
         * now and then negative */
        static const uint32_t sig[] = { 0, 0x3504f3, 0x3504f4, 0x7fffff, 1 };
        uint32_t e = (r >> 8) % 8 == 0 ? 254 : 1 + (uint32_t)((r >> 12) % 254);
        uint32_t x = e << 23 | sig[(r >> 20) % 5];

        return (r >> 24) % 8 == 0 ? x | 0x80000000u : x;
    }
    if (src == TILE_DT_FP64 && vec_array_float_type(dst) && r % 3 == 1) {
        /* a value of the destination's precision at an exponent around its
         * smallest normal, its largest or anywhere between, then exact, a
         * tie (half an ulp more), or one binary64 ulp either side of the tie */
        int m = dst == TILE_DT_FP32 ? 23 : dst == TILE_DT_FP16 ? 10 : 7;
        int emin = dst == TILE_DT_FP16 ? -14 : -126, emax = dst == TILE_DT_FP16 ? 15 : 127;
        int edge[] = { emin - 1, emin, emin + 1, emax - 1, emax };
        unsigned k = (r >> 8) % 7;
        int e = k < 5 ? edge[k] : emin + (int)((r >> 12) % (unsigned)(emax - emin + 1));
        uint64_t frac = (r >> 20) & ((UINT64_C(1) << m) - 1);
        double base = ldexp(1.0 + ldexp((double)frac, -m), e), tie = base + ldexp(1.0, e - m - 1);
        double pickv[] = { base, tie, nextafter(tie, INFINITY), nextafter(tie, 0) };
        double w = pickv[(r >> 44) % 4];
        uint64_t bits;

        if ((r >> 50) % 8 == 0) {
            frac = (UINT64_C(1) << m) - 1;      /* the binade's last value: a carry */
            w = ldexp(1.0 + ldexp((double)frac, -m), e) + ldexp(1.0, e - m - 1);
        }
        w = (r >> 47) & 1 ? -w : w;
        memcpy(&bits, &w, 8);
        return bits;
    }
    if (!sd->is_float) {
        /* an odd significand of 3..12 bits then a half: a tie of a p-bit type */
        unsigned sh = 1 + (r >> 8) % 20;
        uint64_t x = ((((r >> 16) & 0xfff) | 1) << sh) | (UINT64_C(1) << (sh - 1));
        if ((r >> 40) & 1) {
            x = -x;
        }
        return low_bits((r >> 41) & 1 ? x : rnd() >> ((r >> 42) % 64), sd->width);
    }
    if (!dd->is_float) {
        double lo = dd->is_signed ? -ldexp(1, dd->width - 1) : 0;
        double hi = dd->is_signed ? ldexp(1, dd->width - 1) - 1 : ldexp(1, dd->width) - 1;
        double base = (r >> 8) % 3 == 0 ? lo : (r >> 8) % 3 == 1 ? hi : 0;
        v = base + (double)((int64_t)((r >> 12) % 9) - 4) + ((r >> 20) % 4) * 0.25;
    } else {
        v = ldexp((double)((r >> 8) % 4096), (int)((r >> 20) % 30) - 10);
    }
    return tile_num_from_double(src, (r >> 30) & 1 ? -v : v, TILE_RND_RTZ, 0, &ignored);
}

START_TEST(test_convert)
{
    static uint8_t in[MAXN * 8], got[MAXN * 8], want[MAXN * 8];
    unsigned vectors = 0;

    for (unsigned di = 0; di < N_BYTE_TYPES; di++) {
        for (unsigned si = 0; si < N_BYTE_TYPES; si++) {
            unsigned dst = byte_types[di], src = byte_types[si];
            unsigned sb = width(src) / 8, db = width(dst) / 8;
            bool fp8 = src == TILE_DT_FP32 && (dst == TILE_DT_E4M3 || dst == TILE_DT_E5M2);
            bool deep = fp8 ||
                        ((vec_array_float_type(src) || src == TILE_DT_FP64 ||
                          (!tile_dtype_info(src)->is_float && width(src) <= 32)) &&
                         (vec_array_float_type(dst) || dst == TILE_DT_E4M3 ||
                          dst == TILE_DT_E5M2 || dst == TILE_DT_E3M2 || dst == TILE_DT_E2M3 ||
                          dst == TILE_DT_E8M0 ||
                          (!tile_dtype_info(dst)->is_float && width(dst) <= 32)));

            ck_assert(vec_array_convert_serves(dst, src) == tile_num_tcvt_supported(dst, src));
            if (!tile_num_tcvt_supported(dst, src)) {
                continue;
            }
            vectors += deep;
            for (unsigned rmode = 0; rmode < 8; rmode++) {
                for (unsigned sat = 0; sat < 2; sat++) {
                    /* FP32, FP16, BF16 and the small integers in depth, the rest
                     * once over */
                    unsigned rounds = deep ? 12 : 1;
                    for (unsigned round = 0; round < rounds; round++) {
                        for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) {
                            size_t n = lengths[li];
                            unsigned fg = 0, fw = 0;

                            for (size_t i = 0; i < n; i++) {
                                uint64_t x = pick_cvt(src, dst);
                                uint64_t w = vec_convert(dst, src, x, rmode, sat, false, &fw);
                                memcpy(in + i * sb, &x, sb);
                                memcpy(want + i * db, &w, db);
                            }
                            vec_array_convert(dst, src, rmode, sat, in, got, n, &fg);
                            for (size_t i = 0; i < n; i++) {
                                if (get(dst, got, i) != get(dst, want, i)) {
                                    ck_abort_msg("TCVT %u <- %u rmode %u sat %u: %#llx -> "
                                                 "%#llx, reference %#llx", dst, src, rmode,
                                                 sat, (unsigned long long)get(src, in, i),
                                                 (unsigned long long)get(dst, got, i),
                                                 (unsigned long long)get(dst, want, i));
                                }
                            }
                            ck_assert_msg(fg == fw, "TCVT %u <- %u rmode %u sat %u n %zu: "
                                          "flags %#x, reference %#x (first %#llx)", dst, src,
                                          rmode, sat, n, fg, fw,
                                          (unsigned long long)get(src, in, 0));
                        }
                    }
                }
            }
        }
    }
    /* FP32 FP16 BF16 FP64 and the six integers of 8..32 bits into the
     * three floats, E4M3, E5M2, E3M2, E2M3 and those integers; FP32 FP16
     * BF16 into E8M0 */
    ck_assert_uint_eq(vectors, 4 * 7 + 4 * 6 + 6 * 7 + 6 * 6 + 3);
}
END_TEST

/*
 * Worked from PTO-TILE-MODEL-EXECUTION-TCVT by hand (RMode 0 into an
 * integer is toward zero, 1 is nearest even; into FP16 and BF16 nearest
 * even; out of range without Sat: NV and the type's bound, with Sat: the
 * bound, OF and NX), and the rounding modes of TileRound (B.DATR RMode).
 */
START_TEST(test_convert_hand)
{
    static const struct {
        unsigned dst, src, rmode, sat;
        uint64_t in, out;
        unsigned flags;
    } cases[] = {
        { TILE_DT_S8, TILE_DT_FP32, 0, 0, 0xc0200000, 0xfe, TILE_NUM_NX },  /* -2.5 -> -2 */
        { TILE_DT_S8, TILE_DT_FP32, 1, 0, 0xc0200000, 0xfe, TILE_NUM_NX },  /* tie: even -2 */
        { TILE_DT_S8, TILE_DT_FP32, 1, 0, 0xc0600000, 0xfc, TILE_NUM_NX },  /* -3.5 -> -4 */
        { TILE_DT_S8, TILE_DT_FP32, 0, 0, 0x43000000, 0x80, TILE_NUM_NV },  /* 128 */
        { TILE_DT_S8, TILE_DT_FP32, 0, 1, 0x43000000, 0x7f, TILE_NUM_OF | TILE_NUM_NX },
        { TILE_DT_U8, TILE_DT_FP32, 0, 0, 0xbf000000, 0x00, TILE_NUM_NX },  /* -0.5 -> 0 */
        { TILE_DT_U32, TILE_DT_FP32, 0, 0, 0x4f7fffff, 0xffffff00, 0 },     /* 2^32 - 256 */
        { TILE_DT_FP16, TILE_DT_FP32, 0, 0, 0x3f801000, 0x3c00, TILE_NUM_NX },  /* 1 + 2^-11 */
        { TILE_DT_FP16, TILE_DT_FP32, 0, 0, 0x3f803000, 0x3c02, TILE_NUM_NX },  /* 1 + 3*2^-11 */
        { TILE_DT_BF16, TILE_DT_FP32, 0, 0, 0x3f818000, 0x3f82, TILE_NUM_NX },  /* a tie up */
        { TILE_DT_FP32, TILE_DT_S32, 0, 0, 0x01000001, 0x4b800000, TILE_NUM_NX },  /* 2^24+1 */
        { TILE_DT_FP32, TILE_DT_S32, 0, 0, 0x01000003, 0x4b800002, TILE_NUM_NX },  /* 2^24+3 */
        { TILE_DT_FP32, TILE_DT_BF16, 0, 0, 0xc0a0, 0xc0a00000, 0 },            /* -5 */
        { TILE_DT_FP16, TILE_DT_U16, 0, 0, 0xffff, 0x7c00, TILE_NUM_OF | TILE_NUM_NX },
        /* E4M3 (bias 7, 3 fraction bits), E5M2 (bias 15, 2 bits): */
        { TILE_DT_E4M3, TILE_DT_FP32, 0, 0, 0x3f880000, 0x38, TILE_NUM_NX },  /* 1 + 2^-4: even 1 */
        { TILE_DT_E4M3, TILE_DT_FP32, 0, 0, 0xbf980000, 0xba, TILE_NUM_NX },  /* -(1 + 3*2^-4) */
        { TILE_DT_E4M3, TILE_DT_FP32, 0, 0, 0x43e00000, 0x7e, 0 },            /* 448, the largest */
        { TILE_DT_E4M3, TILE_DT_FP32, 0, 0, 0x3c800000, 0x08, 0 },            /* 2^-6 */
        { TILE_DT_E4M3, TILE_DT_FP32, 0, 0, 0x3c900000, 0x09, 0 },            /* 2^-6 * 1.125 */
        { TILE_DT_E5M2, TILE_DT_FP32, 0, 0, 0x3f900000, 0x3c, TILE_NUM_NX },  /* 1 + 2^-3: even 1 */
        { TILE_DT_E5M2, TILE_DT_FP32, 0, 0, 0x3fb00000, 0x3e, TILE_NUM_NX },  /* 1 + 3*2^-3: 1.5 */
        { TILE_DT_E5M2, TILE_DT_FP32, 0, 0, 0xc7600000, 0xfb, 0 },            /* -57344 */
        { TILE_DT_E5M2, TILE_DT_FP32, 0, 0, 0x80000000, 0x80, 0 },            /* -0 */
        /*
         * The other B.DATR RModes (2 toward zero, 3 toward -infinity, 4
         * toward +infinity, 5 nearest with ties away from zero, 6 to odd, 7
         * nearest with ties toward +infinity) on 2.5 and -2.5 into S32:
         */
        { TILE_DT_S32, TILE_DT_FP32, 2, 0, 0xc0200000, 0xfffffffe, TILE_NUM_NX },  /* -2 */
        { TILE_DT_S32, TILE_DT_FP32, 3, 0, 0x40200000, 2, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 3, 0, 0xc0200000, 0xfffffffd, TILE_NUM_NX },  /* -3 */
        { TILE_DT_S32, TILE_DT_FP32, 4, 0, 0x40200000, 3, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 4, 0, 0xc0200000, 0xfffffffe, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 5, 0, 0x40200000, 3, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 5, 0, 0xc0200000, 0xfffffffd, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 6, 0, 0x40200000, 3, TILE_NUM_NX },        /* 2 or 3: odd */
        { TILE_DT_S32, TILE_DT_FP32, 6, 0, 0xc0100000, 0xfffffffd, TILE_NUM_NX },  /* -2.25 */
        { TILE_DT_S32, TILE_DT_FP32, 6, 0, 0x40000000, 2, 0 },                  /* 2: exact */
        { TILE_DT_S32, TILE_DT_FP32, 7, 0, 0x40200000, 3, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 7, 0, 0xc0200000, 0xfffffffe, TILE_NUM_NX },
        { TILE_DT_S32, TILE_DT_FP32, 7, 0, 0xc0300000, 0xfffffffd, TILE_NUM_NX },  /* -2.75 */
        /* past the range by the mode alone: -0.25 down is -1, 127.5 up 128 */
        { TILE_DT_U8, TILE_DT_FP32, 3, 0, 0xbe800000, 0xff, TILE_NUM_NV },
        { TILE_DT_U8, TILE_DT_FP32, 3, 1, 0xbe800000, 0x00, TILE_NUM_OF | TILE_NUM_NX },
        { TILE_DT_U8, TILE_DT_FP32, 4, 0, 0xbe800000, 0x00, TILE_NUM_NX },         /* -0 */
        { TILE_DT_S8, TILE_DT_FP32, 4, 1, 0x42ff0000, 0x7f, TILE_NUM_OF | TILE_NUM_NX },
        /* 1 + 2^-11 (half an FP16 ulp above 1) and its negative into FP16 */
        { TILE_DT_FP16, TILE_DT_FP32, 4, 0, 0x3f801000, 0x3c01, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 3, 0, 0x3f801000, 0x3c00, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 3, 0, 0xbf801000, 0xbc01, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 5, 0, 0xbf801000, 0xbc01, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 6, 0, 0x3f801000, 0x3c01, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 6, 0, 0x3f802000, 0x3c01, 0 },    /* 1 + 2^-10: exact */
        { TILE_DT_FP16, TILE_DT_FP32, 7, 0, 0x3f801000, 0x3c01, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 7, 0, 0xbf801000, 0xbc00, TILE_NUM_NX },
        { TILE_DT_FP16, TILE_DT_FP32, 2, 0, 0xbf803000, 0xbc01, TILE_NUM_NX },  /* 1 + 3*2^-11 */
        /* into BF16 and E4M3 (1 + 2^-4, half an ulp above 1) up */
        { TILE_DT_BF16, TILE_DT_S32, 4, 0, 0x00000101, 0x4381, TILE_NUM_NX },   /* 257 -> 258 */
        { TILE_DT_E4M3, TILE_DT_FP32, 4, 0, 0x3f880000, 0x39, TILE_NUM_NX },
        { TILE_DT_E4M3, TILE_DT_FP32, 2, 0, 0xbf980000, 0xb9, TILE_NUM_NX },  /* -(1 + 3*2^-4) */
        /* E3M2 (bias 3, 2 fraction bits, sign bit 5), E2M3 (bias 1, 3 bits) */
        { TILE_DT_E3M2, TILE_DT_FP32, 0, 0, 0x3f800000, 0x0c, 0 },            /* 1 */
        { TILE_DT_E3M2, TILE_DT_FP32, 0, 0, 0x3f900000, 0x0c, TILE_NUM_NX },  /* 1.125: even 1 */
        { TILE_DT_E3M2, TILE_DT_FP32, 0, 0, 0x3fb00000, 0x0e, TILE_NUM_NX },  /* 1.375: 1.5 */
        { TILE_DT_E3M2, TILE_DT_FP32, 4, 0, 0x3f900000, 0x0d, TILE_NUM_NX },  /* up: 1.25 */
        { TILE_DT_E3M2, TILE_DT_FP32, 0, 0, 0x41e00000, 0x1f, 0 },            /* 28, the largest */
        { TILE_DT_E3M2, TILE_DT_FP32, 0, 0, 0xbe800000, 0x24, 0 },            /* -0.25 */
        { TILE_DT_E2M3, TILE_DT_FP32, 0, 0, 0x3f800000, 0x08, 0 },            /* 1 */
        { TILE_DT_E2M3, TILE_DT_FP32, 0, 0, 0x40f00000, 0x1f, 0 },            /* 7.5, the largest */
        { TILE_DT_E2M3, TILE_DT_FP32, 0, 0, 0x3f880000, 0x08, TILE_NUM_NX },  /* 1.0625: even 1 */
        { TILE_DT_E2M3, TILE_DT_S32, 0, 0, 0xfffffffd, 0x34, 0 },             /* -3 */
        /* E8M0 (the exponent + 127; PTO-TCVT-E8M0-PROFILE-001): 1, 1.5
         * (above sqrt(2): up), 1.375 (below), 3 down / up, 0.75 toward
         * zero (exponent -1 -> 0), 3 and 5 to odd, -1 and 0 invalid */
        { TILE_DT_E8M0, TILE_DT_FP32, 0, 0, 0x3f800000, 0x7f, 0 },
        { TILE_DT_E8M0, TILE_DT_FP32, 0, 0, 0x3fc00000, 0x80, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 0, 0, 0x3fb00000, 0x7f, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 3, 0, 0x40400000, 0x80, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 4, 0, 0x40400000, 0x81, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 2, 0, 0x3f400000, 0x7f, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 6, 0, 0x40400000, 0x80, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 6, 0, 0x40a00000, 0x82, TILE_NUM_NX },
        { TILE_DT_E8M0, TILE_DT_FP32, 0, 0, 0xbf800000, 0xff, TILE_NUM_NV },
        { TILE_DT_E8M0, TILE_DT_FP32, 0, 0, 0x00000000, 0xff, TILE_NUM_NV },
    };

    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        unsigned sb = width(cases[i].src) / 8, db = width(cases[i].dst) / 8;
        for (size_t n = 1; n <= 9; n += 8) {
            uint8_t in[72], got[72];
            unsigned fg = 0;
            for (size_t j = 0; j < n; j++) {
                memcpy(in + j * sb, &cases[i].in, sb);
            }
            vec_array_convert(cases[i].dst, cases[i].src, cases[i].rmode, cases[i].sat, in, got,
                              n, &fg);
            for (size_t j = 0; j < n; j++) {
                uint64_t w = 0;
                memcpy(&w, got + j * db, db);
                ck_assert_msg(w == cases[i].out, "case %u: %#llx, want %#llx", i,
                              (unsigned long long)w, (unsigned long long)cases[i].out);
            }
            ck_assert_msg(fg == cases[i].flags, "case %u: flags %#x, want %#x", i, fg,
                          cases[i].flags);
        }
    }
}
END_TEST

/*
 * A one-byte source converts through a table of its 256 conversions kept
 * for one pair, mode and Sat: calls that differ in one of them alone get
 * their own results.  By hand: E4M3 0x3c is 0.0111.100 = 1.5, E5M2 0x3c
 * is 0.01111.00 = 1.0; E4M3 0x46 is 0.1000.110 = 3.5 (toward zero 3, to
 * nearest even 4); E5M2 0x7c is +infinity (into FP16 infinity, with Sat
 * the largest finite value 0x7bff, OF NX).
 */
START_TEST(test_convert_byte_table)
{
    static const struct {
        unsigned dst, src, rmode, sat;
        uint8_t in;
        uint64_t out;
        unsigned flags;
    } seq[] = {
        { TILE_DT_FP32, TILE_DT_E4M3, 0, 0, 0x3c, 0x3fc00000, 0 },
        { TILE_DT_FP32, TILE_DT_E5M2, 0, 0, 0x3c, 0x3f800000, 0 },          /* src */
        { TILE_DT_FP16, TILE_DT_E5M2, 0, 0, 0x3c, 0x3c00, 0 },              /* dst */
        { TILE_DT_FP16, TILE_DT_E4M3, 0, 0, 0x3c, 0x3e00, 0 },
        { TILE_DT_S8, TILE_DT_E4M3, 0, 0, 0x46, 0x03, TILE_NUM_NX },        /* toward zero */
        { TILE_DT_S8, TILE_DT_E4M3, 1, 0, 0x46, 0x04, TILE_NUM_NX },        /* rmode */
        { TILE_DT_FP16, TILE_DT_E5M2, 0, 0, 0x7c, 0x7c00, 0 },
        { TILE_DT_FP16, TILE_DT_E5M2, 0, 1, 0x7c, 0x7bff, TILE_NUM_OF | TILE_NUM_NX }, /* sat */
    };

    for (unsigned i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
        uint8_t in[3] = { seq[i].in, seq[i].in, seq[i].in }, got[24];
        unsigned fg = 0, db = width(seq[i].dst) / 8;
        uint64_t w = 0;

        vec_array_convert(seq[i].dst, seq[i].src, seq[i].rmode, seq[i].sat, in, got, 3, &fg);
        memcpy(&w, got + 2 * db, db);
        ck_assert_msg(w == seq[i].out && fg == seq[i].flags, "step %u: %#llx flags %#x, want "
                      "%#llx flags %#x", i, (unsigned long long)w, fg,
                      (unsigned long long)seq[i].out, seq[i].flags);
    }
}
END_TEST

/*
 * TCVT from and into the 4-bit types, a byte an element in the arrays
 * (vec_array.h): every 4-bit source value (the high four bits of its byte
 * set at random, which the kernel ignores) and random sources of every
 * other type into a 4-bit type, against vec_convert() element by element,
 * flags included, in every RMode with and without Sat; then values worked
 * by hand from the type table (docs/numeric-formats.md: E2M1 1.2.1 with
 * bias 1, largest 6; S4 two's complement in four bits).
 */
START_TEST(test_convert_nibbles)
{
    static const struct {
        unsigned dst, src, rmode, sat;
        uint8_t in;
        uint64_t out;
        unsigned flags;
    } hand[] = {
        { TILE_DT_FP32, TILE_DT_E2M1X2, 0, 0, 0x3, 0x3fc00000, 0 },         /* 1.5 */
        { TILE_DT_FP32, TILE_DT_E2M1X2, 0, 0, 0x7, 0x40c00000, 0 },         /* 6 */
        { TILE_DT_FP32, TILE_DT_E2M1X2, 0, 0, 0x9, 0xbf000000, 0 },         /* -0.5 */
        { TILE_DT_FP32, TILE_DT_S4X2, 0, 0, 0xf, 0xbf800000, 0 },           /* -1 */
        { TILE_DT_FP16, TILE_DT_U4X2, 0, 0, 0xf, 0x4b80, 0 },               /* 15 */
        { TILE_DT_S4X2, TILE_DT_FP32, 0, 0, 0x00, 0x2, TILE_NUM_NX },       /* 2.75: 2 */
    };
    uint8_t in[64 * 8], got[64 * 8 + 1], want[64 * 8];
    unsigned pairs = 0;

    for (unsigned src = 0; src < 32; src++) {
        for (unsigned dst = 0; dst < 32; dst++) {
            const TileDTypeInfo *sd = tile_dtype_info(src), *dd = tile_dtype_info(dst);
            unsigned sb, db;

            if (!sd || !dd || (sd->width != 4 && dd->width != 4) ||
                !tile_num_tcvt_supported(dst, src)) {
                continue;
            }
            ck_assert(vec_array_convert_serves(dst, src));
            pairs++;
            sb = sd->width < 8 ? 1 : sd->width / 8;
            db = dd->width < 8 ? 1 : dd->width / 8;
            for (unsigned rmode = 0; rmode < 8; rmode++) {
                for (unsigned sat = 0; sat < 2; sat++) {
                    size_t n = sd->width == 4 ? 48 : 37;
                    unsigned fg = 0, fw = 0;

                    for (size_t i = 0; i < n; i++) {
                        uint64_t x = sd->width == 4 ? (i < 16 ? i : rnd() & 0xf)
                                                    : pick_cvt(src, dst);
                        uint64_t w = vec_convert(dst, src, x, rmode, sat, false, &fw);

                        if (sd->width == 4) {
                            x |= (rnd() & 0xf) << 4;        /* ignored */
                        }
                        memcpy(in + i * sb, &x, sb);
                        memcpy(want + i * db, &w, db);
                    }
                    memset(got, 0xa5, sizeof(got));
                    vec_array_convert(dst, src, rmode, sat, in, got, n, &fg);
                    ck_assert_msg(!memcmp(got, want, n * db) && fg == fw,
                                  "TCVT %u <- %u rmode %u sat %u: flags %#x, reference %#x",
                                  dst, src, rmode, sat, fg, fw);
                    ck_assert_uint_eq(got[n * db], 0xa5);
                }
            }
        }
    }
    ck_assert_uint_ge(pairs, 10);
    for (unsigned i = 0; i < sizeof(hand) / sizeof(hand[0]); i++) {
        unsigned fg = 0, db = width(hand[i].dst) < 8 ? 1 : width(hand[i].dst) / 8;
        uint32_t f32 = 0x40300000;                  /* 2.75 */
        uint64_t w = 0;

        if (width(hand[i].src) == 32) {
            memcpy(in, &f32, 4);
        } else {
            in[0] = hand[i].in;
        }
        vec_array_convert(hand[i].dst, hand[i].src, hand[i].rmode, hand[i].sat, in, got, 1,
                          &fg);
        memcpy(&w, got, db);
        ck_assert_msg(w == hand[i].out && fg == hand[i].flags, "case %u: %#llx flags %#x", i,
                      (unsigned long long)w, fg);
    }
}
END_TEST

/*
 * numeric-profile=pto-v0 over arrays: TCVT of every supported pair (4-bit
 * elements a byte, the upper half ignored) and TFMA of FP64, FP32, FP16
 * and BF16 against vec_convert() / vec_fma() with pto_v0, element and
 * flags; and by hand from the reference profile's rules
 * (docs/numeric-profiles.md: TileProfileConvert keeps the source's word,
 * S8 / S16 / S32 sign-extended, NormalizeTileInteger takes its low bits;
 * TFMA is the carriers' wrapping multiply-add after the invalid cases).
 */
START_TEST(test_pto_v0)
{
    static uint8_t in[64 * 8], got[64 * 8 + 1], want[64 * 8];
    static uint8_t l[MAXN * 8], r[MAXN * 8], a[MAXN * 8], fgot[MAXN * 8], fwant[MAXN * 8];
    static const unsigned fma_types[] = { TILE_DT_FP64, TILE_DT_FP32, TILE_DT_FP16,
                                          TILE_DT_BF16, TILE_DT_TF32, TILE_DT_HF32,
                                          TILE_DT_E4M3, TILE_DT_E5M2 };
    static const struct {
        unsigned dst, src;
        uint64_t in, out;
    } hand[] = {
        { TILE_DT_S8, TILE_DT_FP32, 0x3f800000, 0x00 },       /* 1.0's low byte */
        { TILE_DT_FP32, TILE_DT_S8, 0xff, 0xffffffff },       /* -1 sign-extended */
        { TILE_DT_FP16, TILE_DT_U8, 0xff, 0x00ff },           /* zero-extended */
        { TILE_DT_FP64, TILE_DT_S32, 0x80000000, 0xffffffff80000000 },
        { TILE_DT_BF16, TILE_DT_FP32, 0x3f818000, 0x8000 },   /* the low half */
        { TILE_DT_FP32, TILE_DT_S4X2, 0xf, 0xf },             /* S4: zero-extended */
    };
    unsigned pairs = 0;

    for (unsigned src = 0; src < 32; src++) {
        for (unsigned dst = 0; dst < 32; dst++) {
            const TileDTypeInfo *sd = tile_dtype_info(src), *dd = tile_dtype_info(dst);
            unsigned sb, db;

            if (!sd || !dd || !tile_num_tcvt_supported(dst, src)) {
                continue;
            }
            pairs++;
            sb = sd->width < 8 ? 1 : sd->width / 8;
            db = dd->width < 8 ? 1 : dd->width / 8;
            for (unsigned rmode = 0; rmode < 8; rmode += 3) {
                for (unsigned sat = 0; sat < 2; sat++) {
                    size_t n = 37;
                    unsigned fg = 0, fw = 0;

                    for (size_t i = 0; i < n; i++) {
                        uint64_t x = sd->width == 4 ? rnd() & 0xf
                                                    : low_bits(pick_cvt(src, dst), sd->width);
                        uint64_t w = vec_convert(dst, src, x, rmode, sat, true, &fw);

                        if (sd->width == 4) {
                            x |= (rnd() & 0xf) << 4;        /* ignored */
                        }
                        memcpy(in + i * sb, &x, sb);
                        memcpy(want + i * db, &w, db);
                    }
                    memset(got, 0xa5, sizeof(got));
                    vec_array_convert_v0(dst, src, rmode, sat, in, got, n, &fg);
                    for (size_t i = 0; i < n; i++) {
                        uint64_t g = 0, w = 0, x = 0;

                        memcpy(&g, got + i * db, db);
                        memcpy(&w, want + i * db, db);
                        memcpy(&x, in + i * sb, sb);
                        ck_assert_msg(g == w, "pto-v0 TCVT %u <- %u rmode %u sat %u: %#llx -> "
                                      "%#llx, reference %#llx", dst, src, rmode, sat,
                                      (unsigned long long)x, (unsigned long long)g,
                                      (unsigned long long)w);
                    }
                    ck_assert_msg(fg == fw, "pto-v0 TCVT %u <- %u rmode %u sat %u: flags %#x, "
                                  "reference %#x", dst, src, rmode, sat, fg, fw);
                    ck_assert_uint_eq(got[n * db], 0xa5);
                }
            }
        }
    }
    ck_assert_uint_ge(pairs, 100);
    for (unsigned i = 0; i < sizeof(hand) / sizeof(hand[0]); i++) {
        uint64_t x = hand[i].in, y = 0;
        unsigned fg = 0;

        vec_array_convert_v0(hand[i].dst, hand[i].src, 0, false, &x, &y, 1, &fg);
        ck_assert_msg(y == hand[i].out && fg == 0, "case %u: %#llx flags %#x", i,
                      (unsigned long long)y, fg);
    }

    for (unsigned t = 0; t < sizeof(fma_types) / sizeof(fma_types[0]); t++) {
        unsigned dt = fma_types[t], b = width(dt) / 8;

        for (unsigned round = 0; round < (t < 4 ? 200 : 50); round++) {
            for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) {
                size_t n = lengths[li];
                unsigned fg = 0, fw = 0;

                fill(dt, l, r, a, n);
                for (size_t i = 0; i < n; i++) {
                    uint64_t w = vec_fma(dt, get(dt, l, i), get(dt, r, i), get(dt, a, i), true,
                                         &fw);
                    memcpy(fwant + i * b, &w, b);
                }
                vec_array_fma_v0(dt, l, r, a, fgot, n, &fg);
                ck_assert_msg(!memcmp(fgot, fwant, n * b) && fg == fw,
                              "pto-v0 TFMA type %u n %zu: flags %#x, reference %#x", dt, n,
                              fg, fw);
            }
        }
    }
    {
        /* FP32 words 2 * 3 + 1 = 7 (raw); 0 * inf + 0: invalid */
        uint32_t x[2] = { 2, 0 }, y[2] = { 3, 0x7f800000 }, z[2] = { 1, 0 }, o[2];
        unsigned fg = 0;

        vec_array_fma_v0(TILE_DT_FP32, x, y, z, o, 1, &fg);
        ck_assert(o[0] == 7 && fg == 0);
        vec_array_fma_v0(TILE_DT_FP32, x, y, z, o, 2, &fg);
        ck_assert(o[0] == 7 && o[1] == 0x7fc00000 && fg == TILE_NUM_NV);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vec-convert");
    TCase *tc = tcase_create("conversions");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_conversion);
    tcase_add_test(tc, test_pto_v0);
    tcase_add_test(tc, test_convert);
    tcase_add_test(tc, test_convert_hand);
    tcase_add_test(tc, test_convert_byte_table);
    tcase_add_test(tc, test_convert_nibbles);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
