/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * B.FPATR post-processing of one CUBE element (target/tile/tile/cube/cube_post.c):
 * the spec's matrix_postprocess hardware vectors, hand-worked cases for
 * every PreQuantMode family and ReLU mode, special values, rounding
 * modes, offsets, shifts, and the parameter-word and B.DATR rules.
 *
 * Every expected value below was worked out by hand from the B.FPATR
 * rules (the working is in the comments); none was produced by running
 * the code under test.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "tile/cube/cube_post.h"
#include "numeric/tile_numeric.h"

#define FP32 TILE_DT_FP32
#define S32 TILE_DT_S32
#define U32 TILE_DT_U32

#define NV TILE_NUM_NV
#define OF TILE_NUM_OF
#define UF TILE_NUM_UF
#define NX TILE_NUM_NX

/* B.DATR RMode values. */
#define R_DEF 0
#define R_RNE 1
#define R_RTZ 2
#define R_RTM 3
#define R_RTP 4
#define R_RNA 5
#define R_RTO 6
#define R_RHB 7

/* FP19 scale [31:13] = the top 19 bits of the FP32 `f`, signed offset
 * `off` in the `w`-bit field at [36 + w : 37]. */
static uint64_t qp(uint32_t f, int off, unsigned w)
{
    uint64_t word = f & 0xffffe000u;

    if (w) {
        word |= ((uint64_t)(uint32_t)off & ((1u << w) - 1)) << 37;
    }
    return word;
}

/* An FP19 alpha in [18:0] from the top 19 bits of the FP32 `f`. */
static uint64_t alpha(uint32_t f)
{
    return f >> 13;
}

/* QuantParam of a shift mode: code [35:32], shift = code + 1. */
static uint64_t shift_qp(unsigned code)
{
    return (uint64_t)code << 32;
}

static void check(unsigned mode, unsigned relu, bool sat, unsigned rmode,
                  unsigned acc, uint32_t v, uint64_t q, uint64_t a,
                  uint64_t want, unsigned want_flags, int line)
{
    CubePost p = { mode, relu, sat, rmode };
    unsigned flags = 0;
    uint64_t got = cube_post_element(&p, acc, v, q, a, &flags);

    ck_assert_msg(got == want && flags == want_flags,
                  "line %d: mode %u relu %u sat %d rmode %u v 0x%08x: "
                  "got 0x%llx flags 0x%x, want 0x%llx flags 0x%x", line,
                  mode, relu, sat, rmode, v, (unsigned long long)got, flags,
                  (unsigned long long)want, want_flags);
}

#define EXPECT(mode, relu, sat, rmode, acc, v, q, a, want, fl) \
    check(mode, relu, sat, rmode, acc, v, q, a, want, fl, __LINE__)

/* FP32 bit patterns used below. */
#define F_1       0x3f800000u   /* 1.0 */
#define F_1_5     0x3fc00000u   /* 1.5 */
#define F_2       0x40000000u   /* 2.0 */
#define F_3       0x40400000u   /* 3.0 */
#define F_4       0x40800000u   /* 4.0 */
#define F_0_5     0x3f000000u   /* 0.5 */
#define F_0_25    0x3e800000u   /* 0.25 */
#define F_NEG0    0x80000000u
#define F_INF     0x7f800000u
#define F_NINF    0xff800000u
#define F_QNAN    0x7fc00000u
#define F_SNAN    0x7f800001u
#define F_MAX     0x7f7fffffu

/* ---------------------------------------------------------------------
 * The spec's vectors: group matrix_postprocess of
 * shared/spec/evidence/pto-isa-0583-hardware-numeric-vectors.json.
 */
START_TEST(test_vectors)
{
    /* req8-scalar-affine: 3 * 2 = 6, S9 intermediate 6, + (-1) = 5. */
    EXPECT(3, 0, false, R_DEF, S32, 3, qp(F_2, -1, 9), 0, 0x05, 0);
    /* req8-wrap: 70 * 2 = 140 fits S9, + 0, > 127: wraps to 140 - 256
     * = -116 = 0x8C. */
    EXPECT(3, 0, false, R_DEF, S32, 70, qp(F_2, 0, 9), 0, 0x8c, OF | NX);
    /* req8-saturate: the same, clamped to 127. */
    EXPECT(3, 0, true, R_DEF, S32, 70, qp(F_2, 0, 9), 0, 0x7f, OF | NX);
    /* f32-e4m3-exact: 1.5 = 1.100b * 2^0 -> exponent 7, fraction 100b. */
    EXPECT(26, 0, false, R_DEF, FP32, 0x3fc00000, qp(F_1, 0, 0), 0, 0x3c, 0);
    /* f32-hif8-exact: 1.5 = 1 + 4/8 -> HiF8 body 8 + 4 = 0x0C. */
    EXPECT(25, 0, false, R_DEF, FP32, 0x3fc00000, qp(F_1, 0, 0), 0, 0x0c, 0);
    /* post-conversion-lrelu: -4.0 is negative, so alpha 0.5 replaces the
     * scale 1.0: -2 -> 0xFE. */
    EXPECT(24, 2, false, R_DEF, FP32, 0xc0800000, qp(F_1, 0, 9),
           alpha(F_0_5), 0xfe, 0);
    /* nan-indefinite: NaN to an integer gives its minimum with NV. */
    EXPECT(24, 0, false, R_DEF, FP32, F_QNAN, qp(F_1, 0, 9), 0, 0x80, NV);
    /* nan-saturating-zero: with Sat, 0 (still NV). */
    EXPECT(24, 0, true, R_DEF, FP32, F_QNAN, qp(F_1, 0, 9), 0, 0x00, NV);
}
END_TEST

/* ---------------------------------------------------------------------
 * Mode 0 (NoQuant): raw pass-through, or the activation alone.
 */
START_TEST(test_mode0)
{
    /* No activation: raw, even an sNaN, no flags. */
    EXPECT(0, 0, false, R_DEF, FP32, F_SNAN, 0, 0, F_SNAN, 0);
    EXPECT(0, 0, false, R_DEF, S32, 0xfffffffb, 0, 0, 0xfffffffb, 0);
    /* ReLU on S32 -5 / FP32 -3.0 / -0.0 / -inf: slope 0 gives +0. */
    EXPECT(0, 1, false, R_DEF, S32, 0xfffffffb, 0, 0, 0, 0);
    EXPECT(0, 1, false, R_DEF, FP32, 0xc0400000, 0, 0, 0, 0);
    EXPECT(0, 1, false, R_DEF, FP32, F_NEG0, 0, 0, 0, 0);
    EXPECT(0, 1, false, R_DEF, FP32, F_NINF, 0, 0, 0, 0);
    /* ReLU leaves positives: S32 7, FP32 1.5, U32 0x80000000 (U32 is
     * never negative). */
    EXPECT(0, 1, false, R_DEF, S32, 7, 0, 0, 7, 0);
    EXPECT(0, 1, false, R_DEF, FP32, F_1_5, 0, 0, F_1_5, 0);
    EXPECT(0, 1, false, R_DEF, U32, 0x80000000, 0, 0, 0x80000000, 0);
    /* +inf is not negative: special value, FP32 +inf, no flags. */
    EXPECT(0, 1, false, R_DEF, FP32, F_INF, 0, 0, F_INF, 0);
    /* NaN through ReLU: canonical NaN; NV only for an sNaN. */
    EXPECT(0, 1, false, R_DEF, FP32, 0xffc00001, 0, 0, F_QNAN, 0);
    EXPECT(0, 1, false, R_DEF, FP32, F_SNAN, 0, 0, F_QNAN, NV);
    /* LReLU alpha 0.25 on -0.0: multiplier nonzero, no offset -> -0. */
    EXPECT(0, 2, false, R_DEF, FP32, F_NEG0, 0, alpha(F_0_25), F_NEG0, 0);
    /* LReLU alpha 0.25 on S32 -7: -1.75 -> RNE -2 (0xFFFFFFFE), NX. */
    EXPECT(0, 2, false, R_DEF, S32, 0xfffffff9, 0, alpha(F_0_25),
           0xfffffffe, NX);
    /* -6 * 0.25 = -1.5: tie, even -> -2. */
    EXPECT(0, 2, false, R_DEF, S32, 0xfffffffa, 0, alpha(F_0_25),
           0xfffffffe, NX);
    /* PReLU alpha 0.5 on -5: -2.5 -> even -2. */
    EXPECT(0, 3, false, R_DEF, S32, 0xfffffffb, 0, alpha(F_0_5),
           0xfffffffe, NX);
    /* LReLU alpha +0 on FP32 -inf: multiplier 0 -> +0, no flags. */
    EXPECT(0, 2, false, R_DEF, FP32, F_NINF, 0, 0, 0, 0);
    /* LReLU alpha 4 on S32 -2^30: -2^32 is out of S32: OF|NX, wraps to
     * -2^32 mod 2^32 = 0. */
    EXPECT(0, 2, false, R_DEF, S32, 0xc0000000, 0, alpha(F_4), 0, OF | NX);
    /* LReLU alpha 1.0 on -2^-149 (FP32 0x80000001): exact subnormal. */
    EXPECT(0, 2, false, R_DEF, FP32, 0x80000001, 0, alpha(F_1),
           0x80000001, 0);
    /* alpha 0.5: -2^-150 = -0.5 units of 2^-149 -> RNE 0 -> -0, UF|NX. */
    EXPECT(0, 2, false, R_DEF, FP32, 0x80000001, 0, alpha(F_0_5),
           F_NEG0, UF | NX);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 1 / 16: FP32 -> FP16 / BF16, RNE fixed, no scale.
 */
START_TEST(test_f32_to_b16)
{
    EXPECT(1, 0, false, R_DEF, FP32, F_1, 0, 0, 0x3c00, 0);
    /* 65504 = 0x477FE000: the largest FP16, exact. */
    EXPECT(1, 0, false, R_DEF, FP32, 0x477fe000, 0, 0, 0x7bff, 0);
    /* 65520: 2047.5 units of 2^5 -> even 2048 -> exponent 16: inf. */
    EXPECT(1, 0, false, R_DEF, FP32, 0x477ff000, 0, 0, 0x7c00, OF | NX);
    EXPECT(1, 0, true, R_DEF, FP32, 0x477ff000, 0, 0, 0x7bff, OF | NX);
    /* 2^-25 = 0.5 units of 2^-24 -> RNE 0; negative keeps its sign. */
    EXPECT(1, 0, false, R_DEF, FP32, 0x33000000, 0, 0, 0x0000, UF | NX);
    EXPECT(1, 0, false, R_DEF, FP32, 0xb3000000, 0, 0, 0x8000, UF | NX);
    /* 1.5 * 2^-24 -> tie -> even 2 -> 0x0002. */
    EXPECT(1, 0, false, R_DEF, FP32, 0x33c00000, 0, 0, 0x0002, UF | NX);
    /* 2^-14 * (1 - 2^-12) = 1023.75 units of 2^-24 -> 1024: the smallest
     * normal 0x0400, still UF. */
    EXPECT(1, 0, false, R_DEF, FP32, 0x387ff000, 0, 0, 0x0400, UF | NX);
    /* Specials: inf, -inf unchanged class; Sat: largest finite. */
    EXPECT(1, 0, false, R_DEF, FP32, F_INF, 0, 0, 0x7c00, 0);
    EXPECT(1, 0, false, R_DEF, FP32, F_NINF, 0, 0, 0xfc00, 0);
    EXPECT(1, 0, true, R_DEF, FP32, F_NINF, 0, 0, 0xfbff, OF | NX);
    EXPECT(1, 0, false, R_DEF, FP32, F_QNAN, 0, 0, 0x7e00, 0);
    EXPECT(1, 0, true, R_DEF, FP32, F_QNAN, 0, 0, 0x0000, 0);
    EXPECT(1, 0, true, R_DEF, FP32, F_SNAN, 0, 0, 0x0000, NV);
    EXPECT(1, 0, false, R_DEF, FP32, F_NEG0, 0, 0, 0x8000, 0);
    /* ReLU on -1.0 -> +0. */
    EXPECT(1, 1, false, R_DEF, FP32, 0xbf800000, 0, 0, 0x0000, 0);

    /* BF16: 1 + 2^-8 = 128.5 units of 2^-7 -> even 128 -> 0x3F80. */
    EXPECT(16, 0, false, R_DEF, FP32, 0x3f808000, 0, 0, 0x3f80, NX);
    /* 1 + 3 * 2^-8 = 129.5 -> even 130 -> 0x3F82. */
    EXPECT(16, 0, false, R_DEF, FP32, 0x3f818000, 0, 0, 0x3f82, NX);
    /* FLT_MAX: 255.99.. -> 256 -> exponent 255: inf. */
    EXPECT(16, 0, false, R_DEF, FP32, F_MAX, 0, 0, 0x7f80, OF | NX);
    EXPECT(16, 0, true, R_DEF, FP32, F_MAX, 0, 0, 0x7f7f, OF | NX);
    EXPECT(16, 0, false, R_DEF, FP32, F_QNAN, 0, 0, 0x7fc0, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 2 / 3 (S32 -> S8, S9 offset) under every B.DATR rounding mode.
 */
START_TEST(test_req8)
{
    uint64_t half = qp(F_0_5, 0, 9);

    /* 5 * 0.5 = 2.5 */
    EXPECT(3, 0, false, R_DEF, S32, 5, half, 0, 0x02, NX);
    EXPECT(3, 0, false, R_RNE, S32, 5, half, 0, 0x02, NX);
    EXPECT(3, 0, false, R_RTZ, S32, 5, half, 0, 0x02, NX);
    EXPECT(3, 0, false, R_RTM, S32, 5, half, 0, 0x02, NX);
    EXPECT(3, 0, false, R_RTP, S32, 5, half, 0, 0x03, NX);
    EXPECT(3, 0, false, R_RNA, S32, 5, half, 0, 0x03, NX);
    EXPECT(3, 0, false, R_RTO, S32, 5, half, 0, 0x03, NX);
    EXPECT(3, 0, false, R_RHB, S32, 5, half, 0, 0x03, NX);
    /* -5 * 0.5 = -2.5: -2 = 0xFE, -3 = 0xFD. */
    EXPECT(3, 0, false, R_DEF, S32, 0xfffffffb, half, 0, 0xfe, NX);
    EXPECT(3, 0, false, R_RTZ, S32, 0xfffffffb, half, 0, 0xfe, NX);
    EXPECT(3, 0, false, R_RTM, S32, 0xfffffffb, half, 0, 0xfd, NX);
    EXPECT(3, 0, false, R_RTP, S32, 0xfffffffb, half, 0, 0xfe, NX);
    EXPECT(3, 0, false, R_RNA, S32, 0xfffffffb, half, 0, 0xfd, NX);
    EXPECT(3, 0, false, R_RTO, S32, 0xfffffffb, half, 0, 0xfd, NX);
    EXPECT(3, 0, false, R_RHB, S32, 0xfffffffb, half, 0, 0xfe, NX);
    /* Offset -256 (the S9 minimum) on 0: -256 wraps to 0x00; Sat -128. */
    EXPECT(3, 0, false, R_DEF, S32, 0, qp(F_1, -256, 9), 0, 0x00, OF | NX);
    EXPECT(3, 0, true, R_DEF, S32, 0, qp(F_1, -256, 9), 0, 0x80, OF | NX);
    /* 1000: the S9 intermediate clamps to 255 (OF|NX), then 255 + 0 does
     * not fit S8: wraps to 0xFF, or Sat 0x7F. */
    EXPECT(3, 0, false, R_DEF, S32, 1000, qp(F_1, 0, 9), 0, 0xff, OF | NX);
    EXPECT(3, 0, true, R_DEF, S32, 1000, qp(F_1, 0, 9), 0, 0x7f, OF | NX);
    /* The intermediate clamps before the offset: 1000 -> 255, - 200 =
     * 55, so S8 holds it; only the intermediate flags. */
    EXPECT(3, 0, false, R_DEF, S32, 1000, qp(F_1, -200, 9), 0, 55,
           OF | NX);
    /* Vector mode 2: scale 1.5, offset 3 on -4: -6 + 3 = -3 = 0xFD. */
    EXPECT(2, 0, false, R_DEF, S32, 0xfffffffc, qp(F_1_5, 3, 9), 0,
           0xfd, 0);
    /* ReLU on -4 with offset 5: 0 + 5. */
    EXPECT(3, 1, false, R_DEF, S32, 0xfffffffc, qp(F_1_5, 5, 9), 0,
           0x05, 0);
    /* LReLU alpha 0.5 replaces the scale 4 on -3: -1.5 -> -2. */
    EXPECT(3, 2, false, R_DEF, S32, 0xfffffffd, qp(F_4, 0, 9),
           alpha(F_0_5), 0xfe, NX);
    /* PReLU: a positive element keeps the scale: 3 * 4 = 12. */
    EXPECT(2, 3, false, R_DEF, S32, 3, qp(F_4, 0, 9), alpha(F_0_5),
           0x0c, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 4 / 5 (S32 -> FP16) and 35 / 39 (S32 -> BF16), B.DATR rounding.
 */
START_TEST(test_deq_float)
{
    /* 3 * 0.5 = 1.5 -> 0x3E00. */
    EXPECT(5, 0, false, R_DEF, S32, 3, qp(F_0_5, 0, 0), 0, 0x3e00, 0);
    /* -2049 = -(1024.5 units of 2): RNE / RTZ / RTP give -2048 (0xE800),
     * RTM gives -2050 (0xE801). */
    EXPECT(5, 0, false, R_DEF, S32, (uint32_t)-2049, qp(F_1, 0, 0), 0,
           0xe800, NX);
    EXPECT(5, 0, false, R_RTZ, S32, (uint32_t)-2049, qp(F_1, 0, 0), 0,
           0xe800, NX);
    EXPECT(5, 0, false, R_RTP, S32, (uint32_t)-2049, qp(F_1, 0, 0), 0,
           0xe800, NX);
    EXPECT(5, 0, false, R_RTM, S32, (uint32_t)-2049, qp(F_1, 0, 0), 0,
           0xe801, NX);
    /* 2^31 - 1 overflows FP16 to inf even under RTZ; Sat: 0x7BFF. */
    EXPECT(4, 0, false, R_DEF, S32, 0x7fffffff, qp(F_1, 0, 0), 0,
           0x7c00, OF | NX);
    EXPECT(4, 0, false, R_RTZ, S32, 0x7fffffff, qp(F_1, 0, 0), 0,
           0x7c00, OF | NX);
    EXPECT(4, 0, true, R_RTZ, S32, 0x7fffffff, qp(F_1, 0, 0), 0,
           0x7bff, OF | NX);
    /* BF16: 257 = 128.5 units of 2 -> RNE 256 (0x4380), RTP 258 (0x4381).
     * -257: RTP -256 (0xC380), RTM -258 (0xC381). */
    EXPECT(35, 0, false, R_DEF, S32, 257, qp(F_1, 0, 0), 0, 0x4380, NX);
    EXPECT(35, 0, false, R_RTP, S32, 257, qp(F_1, 0, 0), 0, 0x4381, NX);
    EXPECT(35, 0, false, R_RTP, S32, (uint32_t)-257, qp(F_1, 0, 0), 0,
           0xc380, NX);
    EXPECT(35, 0, false, R_RTM, S32, (uint32_t)-257, qp(F_1, 0, 0), 0,
           0xc381, NX);
    /* Mode 39 PReLU alpha 0.5 on -6 (scale 3 replaced): -3 -> 0xC040. */
    EXPECT(39, 3, false, R_DEF, S32, (uint32_t)-6, qp(F_3, 0, 0),
           alpha(F_0_5), 0xc040, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 12 / 13: S32 >> (code + 1), saturated to S16, ReLU ignored.
 */
START_TEST(test_shift)
{
    /* 0x12345 >> 4 = 0x1234. */
    EXPECT(13, 0, false, R_DEF, S32, 0x12345, shift_qp(3), 0, 0x1234, 0);
    /* -17 >> 4 = floor(-17 / 16) = -2 -> 0xFFFE. */
    EXPECT(13, 0, false, R_DEF, S32, (uint32_t)-17, shift_qp(3), 0,
           0xfffe, 0);
    /* 0x7FFFFFFF >> 1 = 0x3FFFFFFF: clamps to 0x7FFF. */
    EXPECT(12, 0, false, R_DEF, S32, 0x7fffffff, shift_qp(0), 0, 0x7fff,
           OF | NX);
    /* -2^31 >> 16 = -32768 fits; >> 15 = -65536 clamps to -32768. */
    EXPECT(12, 0, false, R_DEF, S32, 0x80000000, shift_qp(15), 0, 0x8000, 0);
    EXPECT(12, 0, false, R_DEF, S32, 0x80000000, shift_qp(14), 0, 0x8000,
           OF | NX);
    /* ReLU plays no part: -16 >> 4 = -1. */
    EXPECT(12, 1, false, R_DEF, S32, (uint32_t)-16, shift_qp(3), 0,
           0xffff, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 17 / 18 (S5 -> S4X2) and 19 / 20 (S17 -> S16).
 */
START_TEST(test_req4_deqs16)
{
    EXPECT(17, 0, false, R_DEF, S32, 7, qp(F_1, 0, 5), 0, 0x7, 0);
    /* 8 fits S5 but not S4: wraps to 0x8 (-8), Sat 0x7. */
    EXPECT(17, 0, false, R_DEF, S32, 8, qp(F_1, 0, 5), 0, 0x8, OF | NX);
    EXPECT(17, 0, true, R_DEF, S32, 8, qp(F_1, 0, 5), 0, 0x7, OF | NX);
    /* -20: S5 clamps to -16, then -16 wraps to 0 in S4 / Sat -8. */
    EXPECT(17, 0, false, R_DEF, S32, (uint32_t)-20, qp(F_1, 0, 5), 0, 0x0,
           OF | NX);
    EXPECT(17, 0, true, R_DEF, S32, (uint32_t)-20, qp(F_1, 0, 5), 0, 0x8,
           OF | NX);
    /* Offset -3: 2 - 3 = -1 -> 0xF. */
    EXPECT(17, 0, false, R_DEF, S32, 2, qp(F_1, -3, 5), 0, 0xf, 0);
    /* Mode 18: 10 * 0.25 = 2.5 -> 2, + 1 = 3. */
    EXPECT(18, 0, false, R_DEF, S32, 10, qp(F_0_25, 1, 5), 0, 0x3, NX);

    /* Offset -65536 (the S17 minimum) on 0: wraps to 0, Sat -32768. */
    EXPECT(19, 0, false, R_DEF, S32, 0, qp(F_1, -65536, 17), 0, 0x0000,
           OF | NX);
    EXPECT(19, 0, true, R_DEF, S32, 0, qp(F_1, -65536, 17), 0, 0x8000,
           OF | NX);
    /* 100000: S17 clamps to 65535, which wraps to 0xFFFF / Sat 0x7FFF. */
    EXPECT(19, 0, false, R_DEF, S32, 100000, qp(F_1, 0, 17), 0, 0xffff,
           OF | NX);
    EXPECT(19, 0, true, R_DEF, S32, 100000, qp(F_1, 0, 17), 0, 0x7fff,
           OF | NX);
    /* Mode 20: -50 * 2 + 100 = 0. */
    EXPECT(20, 0, false, R_DEF, S32, (uint32_t)-50, qp(F_2, 100, 17), 0,
           0x0000, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 23 / 24: FP32 -> S8 with S9 offset; special values.
 */
START_TEST(test_f32_to_s8)
{
    uint64_t one = qp(F_1, 0, 9);

    /* +inf: no Sat -> minimum 0x80 with NV; Sat -> 0x7F, OF|NX. */
    EXPECT(24, 0, false, R_DEF, FP32, F_INF, one, 0, 0x80, NV);
    EXPECT(24, 0, true, R_DEF, FP32, F_INF, one, 0, 0x7f, OF | NX);
    EXPECT(24, 0, true, R_DEF, FP32, F_NINF, one, 0, 0x80, OF | NX);
    EXPECT(24, 0, false, R_DEF, FP32, F_SNAN, one, 0, 0x80, NV);
    /* -inf under ReLU is 0, then + offset 7. */
    EXPECT(24, 1, false, R_DEF, FP32, F_NINF, qp(F_1, 7, 9), 0, 0x07, 0);
    /* +inf under ReLU is not negative: still the special value. */
    EXPECT(24, 1, false, R_DEF, FP32, F_INF, one, 0, 0x80, NV);
    /* 2.5 -> RNE 2; RNA 3. */
    EXPECT(24, 0, false, R_DEF, FP32, 0x40200000, one, 0, 0x02, NX);
    EXPECT(24, 0, false, R_RNA, FP32, 0x40200000, one, 0, 0x03, NX);
    /* Mode 23: 2^-149 * 0.5 -> 0 (NX), - 1 = -1 = 0xFF. */
    EXPECT(23, 0, false, R_DEF, FP32, 0x00000001, qp(F_0_5, -1, 9), 0,
           0xff, NX);
    /* -0.0 to an integer: 0. */
    EXPECT(23, 0, false, R_DEF, FP32, F_NEG0, one, 0, 0x00, 0);
    /* -300 * 1: S9 clamps to -256, + 0 wraps to 0x00 in S8. */
    EXPECT(23, 0, false, R_DEF, FP32, 0xc3960000, one, 0, 0x00, OF | NX);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 25 / 28: FP32 -> HiF8, RHB fixed.
 */
START_TEST(test_hif8)
{
    uint64_t one = qp(F_1, 0, 0);

    /* 1.0625 lies halfway between 1.0 (0x08) and 1.125 (0x09): ties go to
     * the greater, 0x09; -1.0625 -> the greater is -1.0 = 0x88. */
    EXPECT(25, 0, false, R_DEF, FP32, 0x3f880000, one, 0, 0x09, NX);
    EXPECT(25, 0, false, R_DEF, FP32, 0xbf880000, one, 0, 0x88, NX);
    /* 32768 = 2^15 is the largest, 0x6E. */
    EXPECT(25, 0, false, R_DEF, FP32, 0x47000000, one, 0, 0x6e, 0);
    /* 32769 > 32768 overflows before rounding: inf 0x6F / 0xEF; Sat
     * 0x6E / 0xEE. */
    EXPECT(25, 0, false, R_DEF, FP32, 0x47000100, one, 0, 0x6f, OF | NX);
    EXPECT(25, 0, false, R_DEF, FP32, 0xc7000100, one, 0, 0xef, OF | NX);
    EXPECT(25, 0, true, R_DEF, FP32, 0x47000100, one, 0, 0x6e, OF | NX);
    EXPECT(25, 0, true, R_DEF, FP32, 0xc7000100, one, 0, 0xee, OF | NX);
    /* Specials. */
    EXPECT(25, 0, false, R_DEF, FP32, F_INF, one, 0, 0x6f, 0);
    EXPECT(25, 0, false, R_DEF, FP32, F_NINF, one, 0, 0xef, 0);
    EXPECT(25, 0, false, R_DEF, FP32, F_QNAN, one, 0, 0x80, 0);
    EXPECT(25, 0, false, R_DEF, FP32, F_NEG0, one, 0, 0x00, 0);
    /* 2^-23 is halfway between 0 and 2^-22 (0x01): the greater, 0x01,
     * UF since below 2^-15.  -2^-23: the greater is 0 -> 0x00. */
    EXPECT(25, 0, false, R_DEF, FP32, 0x34000000, one, 0, 0x01, UF | NX);
    EXPECT(25, 0, false, R_DEF, FP32, 0xb4000000, one, 0, 0x00, UF | NX);
    /* Mode 28: 0.75 * 2 = 1.5 -> 0x0C. */
    EXPECT(28, 0, false, R_DEF, FP32, 0x3f400000, qp(F_2, 0, 0), 0,
           0x0c, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 26 / 37: FP32 -> E4M3, RNE fixed.
 */
START_TEST(test_e4m3)
{
    uint64_t one = qp(F_1, 0, 0);

    /* 448 is the largest, 0x7E; 449 overflows before rounding: NaN 0x7F
     * (either sign), Sat 0x7E / 0xFE. */
    EXPECT(26, 0, false, R_DEF, FP32, 0x43e00000, one, 0, 0x7e, 0);
    EXPECT(26, 0, false, R_DEF, FP32, 0x43e08000, one, 0, 0x7f, OF | NX);
    EXPECT(26, 0, false, R_DEF, FP32, 0xc3e08000, one, 0, 0x7f, OF | NX);
    EXPECT(26, 0, true, R_DEF, FP32, 0x43e08000, one, 0, 0x7e, OF | NX);
    EXPECT(26, 0, true, R_DEF, FP32, 0xc3e08000, one, 0, 0xfe, OF | NX);
    /* inf has no E4M3 form: NaN with OF|NX; Sat: largest. */
    EXPECT(26, 0, false, R_DEF, FP32, F_INF, one, 0, 0x7f, OF | NX);
    EXPECT(26, 0, false, R_DEF, FP32, F_NINF, one, 0, 0x7f, OF | NX);
    EXPECT(26, 0, true, R_DEF, FP32, F_NINF, one, 0, 0xfe, OF | NX);
    EXPECT(26, 0, false, R_DEF, FP32, F_QNAN, one, 0, 0x7f, 0);
    /* -2^-11 is nearest to zero: +0 (0x00), UF|NX. */
    EXPECT(26, 0, false, R_DEF, FP32, 0xba000000, one, 0, 0x00, UF | NX);
    /* 1.5 * 2^-9: halfway between 0x01 and 0x02 -> even 0x02. */
    EXPECT(26, 0, false, R_DEF, FP32, 0x3b400000, one, 0, 0x02, UF | NX);
    /* 2^-6 - 2^-11 = 7.75 * 2^-9 -> 8 * 2^-9, the smallest normal 0x08,
     * still UF (below 2^-6 before rounding). */
    EXPECT(26, 0, false, R_DEF, FP32, 0x3c780000, one, 0, 0x08, UF | NX);
    /* 1.0625: halfway between 0x38 and 0x39 -> even 0x38. */
    EXPECT(26, 0, false, R_DEF, FP32, 0x3f880000, one, 0, 0x38, NX);
    EXPECT(26, 0, false, R_DEF, FP32, F_NEG0, one, 0, 0x80, 0);
    /* Mode 37: 3.0 * 0.5 = 1.5 -> 0x3C. */
    EXPECT(37, 0, false, R_DEF, FP32, F_3, qp(F_0_5, 0, 0), 0, 0x3c, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 27 / 38: FP32 -> FP32 with scale and B.DATR rounding.
 */
START_TEST(test_f32_to_f32)
{
    uint64_t s15 = qp(F_1_5, 0, 0);

    /* (1 + 2^-23) * 1.5 = 1.5 + 1.5 * 2^-23: 12582913.5 units of 2^-23.
     * RNE / RHB: 12582914 -> 0x3FC00002; RTZ / RTO (odd): 0x3FC00001. */
    EXPECT(27, 0, false, R_DEF, FP32, 0x3f800001, s15, 0, 0x3fc00002, NX);
    EXPECT(27, 0, false, R_RHB, FP32, 0x3f800001, s15, 0, 0x3fc00002, NX);
    EXPECT(27, 0, false, R_RTZ, FP32, 0x3f800001, s15, 0, 0x3fc00001, NX);
    EXPECT(27, 0, false, R_RTO, FP32, 0x3f800001, s15, 0, 0x3fc00001, NX);
    /* FLT_MAX * 2 overflows to inf even under RTZ; Sat: FLT_MAX. */
    EXPECT(27, 0, false, R_RTZ, FP32, F_MAX, qp(F_2, 0, 0), 0, F_INF,
           OF | NX);
    EXPECT(27, 0, true, R_RTZ, FP32, F_MAX, qp(F_2, 0, 0), 0, F_MAX,
           OF | NX);
    EXPECT(27, 0, false, R_RTZ, FP32, 0xff7fffff, qp(F_2, 0, 0), 0, F_NINF,
           OF | NX);
    EXPECT(27, 0, true, R_RTZ, FP32, 0xff7fffff, qp(F_2, 0, 0), 0,
           0xff7fffff, OF | NX);
    /* 2^-149 * 0.5 = 0.5 units: RNE 0 (UF|NX), RTP 1. */
    EXPECT(27, 0, false, R_DEF, FP32, 0x00000001, qp(F_0_5, 0, 0), 0,
           0x00000000, UF | NX);
    EXPECT(27, 0, false, R_RTP, FP32, 0x00000001, qp(F_0_5, 0, 0), 0,
           0x00000001, UF | NX);
    /* Mode 38: 3 units * 0.5 = 1.5 -> even 2. */
    EXPECT(38, 0, false, R_DEF, FP32, 0x00000003, qp(F_0_5, 0, 0), 0,
           0x00000002, UF | NX);
    /* An exact subnormal result raises nothing. */
    EXPECT(38, 0, false, R_DEF, FP32, 0x00000002, qp(F_0_5, 0, 0), 0,
           0x00000001, 0);
    /* -0.0 keeps its sign; under ReLU it becomes +0. */
    EXPECT(27, 0, false, R_DEF, FP32, F_NEG0, qp(F_2, 0, 0), 0, F_NEG0, 0);
    EXPECT(27, 1, false, R_DEF, FP32, F_NEG0, qp(F_2, 0, 0), 0, 0, 0);
    /* NaN: canonical; Sat: +0; NV only for the sNaN. */
    EXPECT(27, 0, false, R_DEF, FP32, F_SNAN, s15, 0, F_QNAN, NV);
    EXPECT(27, 0, true, R_DEF, FP32, F_SNAN, s15, 0, 0, NV);
    EXPECT(27, 0, true, R_DEF, FP32, F_QNAN, s15, 0, 0, 0);
    EXPECT(27, 0, true, R_DEF, FP32, F_INF, s15, 0, F_MAX, OF | NX);
}
END_TEST

/* ---------------------------------------------------------------------
 * Modes 32 / 33 (FP32 -> FP16) and 34 / 36 (FP32 -> BF16), RNE fixed.
 */
START_TEST(test_f32_scaled_b16)
{
    /* 3.0 * 0.5 = 1.5 -> 0x3E00. */
    EXPECT(32, 0, false, R_DEF, FP32, F_3, qp(F_0_5, 0, 0), 0, 0x3e00, 0);
    /* 40000 * 2 = 80000 > 65504: exponent 16 -> inf. */
    EXPECT(33, 0, false, R_DEF, FP32, 0x471c4000, qp(F_2, 0, 0), 0,
           0x7c00, OF | NX);
    /* 1.0 * 3 = 3.0 -> BF16 0x4040. */
    EXPECT(34, 0, false, R_DEF, FP32, F_1, qp(F_3, 0, 0), 0, 0x4040, 0);
    /* -(1 + 2^-8): 128.5 units -> even 128 -> 0xBF80. */
    EXPECT(36, 0, false, R_DEF, FP32, 0xbf808000, qp(F_1, 0, 0), 0,
           0xbf80, NX);
    /* LReLU alpha 0.25 on -4.0 (scale 2 replaced): -1 -> 0xBF80. */
    EXPECT(34, 2, false, R_DEF, FP32, 0xc0800000, qp(F_2, 0, 0),
           alpha(F_0_25), 0xbf80, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * The mode table.
 */
START_TEST(test_mode_table)
{
    static const unsigned scalar[] = { 3, 5, 13, 17, 19, 24, 25, 26, 27,
                                       32, 34, 35 };
    static const unsigned vector[] = { 2, 4, 12, 18, 20, 23, 28, 33, 36,
                                       37, 38, 39 };
    unsigned i, n_scalar = 0, n_vector = 0, n_legal = 0;

    ck_assert_int_eq(cube_post_out_type(0, FP32), FP32);
    ck_assert_int_eq(cube_post_out_type(0, S32), S32);
    ck_assert_int_eq(cube_post_out_type(0, U32), U32);
    ck_assert_int_eq(cube_post_out_type(0, TILE_DT_FP16), -1);
    ck_assert_int_eq(cube_post_out_type(1, FP32), TILE_DT_FP16);
    ck_assert_int_eq(cube_post_out_type(1, S32), -1);
    ck_assert_int_eq(cube_post_out_type(3, S32), TILE_DT_S8);
    ck_assert_int_eq(cube_post_out_type(3, FP32), -1);
    ck_assert_int_eq(cube_post_out_type(3, U32), -1);
    ck_assert_int_eq(cube_post_out_type(12, S32), TILE_DT_S16);
    ck_assert_int_eq(cube_post_out_type(16, FP32), TILE_DT_BF16);
    ck_assert_int_eq(cube_post_out_type(17, S32), TILE_DT_S4X2);
    ck_assert_int_eq(cube_post_out_type(20, S32), TILE_DT_S16);
    ck_assert_int_eq(cube_post_out_type(23, FP32), TILE_DT_S8);
    ck_assert_int_eq(cube_post_out_type(25, FP32), TILE_DT_HIF8);
    ck_assert_int_eq(cube_post_out_type(26, FP32), TILE_DT_E4M3);
    ck_assert_int_eq(cube_post_out_type(27, FP32), FP32);
    ck_assert_int_eq(cube_post_out_type(35, S32), TILE_DT_BF16);
    ck_assert_int_eq(cube_post_out_type(37, FP32), TILE_DT_E4M3);
    ck_assert_int_eq(cube_post_out_type(39, S32), TILE_DT_BF16);
    ck_assert_int_eq(cube_post_out_type(6, FP32), -1);
    ck_assert_int_eq(cube_post_out_type(40, FP32), -1);
    ck_assert_int_eq(cube_post_out_type(64, FP32), -1);
    for (i = 0; i < 12; i++) {
        ck_assert(cube_post_uses_scalar_param(scalar[i]));
        ck_assert(!cube_post_uses_vector_param(scalar[i]));
        ck_assert(cube_post_uses_vector_param(vector[i]));
        ck_assert(!cube_post_uses_scalar_param(vector[i]));
    }
    for (i = 0; i < 70; i++) {
        n_scalar += cube_post_uses_scalar_param(i);
        n_vector += cube_post_uses_vector_param(i);
        n_legal += cube_post_out_type(i, FP32) >= 0 ||
                   cube_post_out_type(i, S32) >= 0;
    }
    /* 27 modes: 0, 1 and 16 take no parameter. */
    ck_assert_uint_eq(n_scalar, 12);
    ck_assert_uint_eq(n_vector, 12);
    ck_assert_uint_eq(n_legal, 27);
}
END_TEST

/* ---------------------------------------------------------------------
 * QuantParam and alpha words.
 */
START_TEST(test_param_words)
{
    /* S9 mode 3. */
    ck_assert(cube_post_param_legal(3, qp(F_2, -1, 9)));
    ck_assert(cube_post_param_legal(3, qp(F_2, 0, 9) | 1ull << 45));
    ck_assert(!cube_post_param_legal(3, qp(F_2, 0, 9) | 1ull << 46));
    ck_assert(!cube_post_param_legal(3, qp(F_2, 0, 9) | 1));
    ck_assert(!cube_post_param_legal(3, qp(F_2, 0, 9) | 1ull << 12));
    ck_assert(!cube_post_param_legal(3, qp(F_2, 0, 9) | 1ull << 32));
    ck_assert(!cube_post_param_legal(3, qp(F_2, 0, 9) | 1ull << 36));
    /* The scale must be a positive normal. */
    ck_assert(!cube_post_param_legal(3, qp(0xc0000000, 0, 9)));
    ck_assert(!cube_post_param_legal(3, qp(0, 0, 9)));
    ck_assert(!cube_post_param_legal(3, qp(0x00400000, 0, 9)));
    ck_assert(!cube_post_param_legal(3, qp(F_INF, 0, 9)));
    ck_assert(cube_post_param_legal(3, qp(0x00800000, 0, 9)));
    ck_assert(cube_post_param_legal(3, qp(F_MAX, 0, 9)));
    /* S5: [41:37]; S17: [53:37]. */
    ck_assert(cube_post_param_legal(17, qp(F_1, 0, 5) | 1ull << 41));
    ck_assert(!cube_post_param_legal(17, qp(F_1, 0, 5) | 1ull << 42));
    ck_assert(cube_post_param_legal(18, qp(F_1, -16, 5)));
    ck_assert(cube_post_param_legal(19, qp(F_1, 0, 17) | 1ull << 53));
    ck_assert(!cube_post_param_legal(20, qp(F_1, 0, 17) | 1ull << 54));
    /* No offset: [63:32] zero. */
    ck_assert(cube_post_param_legal(5, qp(F_1, 0, 0)));
    ck_assert(!cube_post_param_legal(5, qp(F_1, 0, 0) | 1ull << 37));
    ck_assert(!cube_post_param_legal(27, qp(F_1, 0, 0) | 1ull << 32));
    ck_assert(!cube_post_param_legal(38, qp(F_1, 0, 0) | 1ull << 63));
    /* Shift: only [35:32]. */
    ck_assert(cube_post_param_legal(13, shift_qp(15)));
    ck_assert(cube_post_param_legal(12, 0));
    ck_assert(!cube_post_param_legal(13, 1ull << 36));
    ck_assert(!cube_post_param_legal(13, 1));
    ck_assert(!cube_post_param_legal(12, qp(F_1, 0, 0)));
    /* Modes without a parameter, and reserved modes. */
    ck_assert(!cube_post_param_legal(0, 0));
    ck_assert(!cube_post_param_legal(1, qp(F_1, 0, 0)));
    ck_assert(!cube_post_param_legal(16, qp(F_1, 0, 0)));
    ck_assert(!cube_post_param_legal(6, qp(F_1, 0, 0)));

    /* Alpha: FP19 in [18:0], +0 or positive normal. */
    ck_assert(cube_post_relu_param_legal(0));
    ck_assert(cube_post_relu_param_legal(alpha(F_0_5)));      /* 0x1F800 */
    ck_assert(cube_post_relu_param_legal(0x3fbff));           /* largest */
    ck_assert(cube_post_relu_param_legal(0x00400));           /* 2^-126 */
    ck_assert(!cube_post_relu_param_legal(0x40000));          /* -0 */
    ck_assert(!cube_post_relu_param_legal(0x40000 | alpha(F_0_5)));
    ck_assert(!cube_post_relu_param_legal(0x00001));          /* subnormal */
    ck_assert(!cube_post_relu_param_legal(0x3fc00));          /* inf */
    ck_assert(!cube_post_relu_param_legal(0x3fe00));          /* NaN */
    ck_assert(!cube_post_relu_param_legal(1ull << 19));
    /* The scale's position [31:13] is not the alpha's. */
    ck_assert(!cube_post_relu_param_legal(qp(F_0_5, 0, 0)));
}
END_TEST

/* ---------------------------------------------------------------------
 * B.DATR controls.
 */
START_TEST(test_datr)
{
    ck_assert(cube_post_datr_legal(0, 0, false));
    ck_assert(!cube_post_datr_legal(0, 1, false));
    ck_assert(!cube_post_datr_legal(0, 0, true));
    ck_assert(cube_post_datr_legal(12, 0, false));
    ck_assert(!cube_post_datr_legal(13, 0, true));
    ck_assert(!cube_post_datr_legal(12, 2, false));
    /* Fixed rounding: RMode 0 only, Sat free. */
    ck_assert(cube_post_datr_legal(1, 0, true));
    ck_assert(!cube_post_datr_legal(1, 1, false));
    ck_assert(!cube_post_datr_legal(25, 7, false));
    ck_assert(cube_post_datr_legal(26, 0, true));
    ck_assert(!cube_post_datr_legal(37, 4, true));
    ck_assert(!cube_post_datr_legal(16, 1, false));
    /* Programmable: anything. */
    ck_assert(cube_post_datr_legal(3, 7, true));
    ck_assert(cube_post_datr_legal(27, 6, false));
    ck_assert(cube_post_datr_legal(35, 2, true));
    ck_assert(cube_post_datr_legal(17, 5, false));
    ck_assert(!cube_post_datr_legal(3, 8, false));
    ck_assert(!cube_post_datr_legal(6, 0, false));
    ck_assert(!cube_post_datr_legal(63, 0, false));
}
END_TEST

/* Flags accumulate: the function ORs, never clears. */
START_TEST(test_flags_accumulate)
{
    CubePost p = { 3, 0, false, 0 };
    unsigned flags = NV;

    ck_assert_uint_eq(cube_post_element(&p, S32, 70, qp(F_2, 0, 9), 0,
                                        &flags), 0x8c);
    ck_assert_uint_eq(flags, NV | OF | NX);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cube-post");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_vectors);
    tcase_add_test(tc, test_mode0);
    tcase_add_test(tc, test_f32_to_b16);
    tcase_add_test(tc, test_req8);
    tcase_add_test(tc, test_deq_float);
    tcase_add_test(tc, test_shift);
    tcase_add_test(tc, test_req4_deqs16);
    tcase_add_test(tc, test_f32_to_s8);
    tcase_add_test(tc, test_hif8);
    tcase_add_test(tc, test_e4m3);
    tcase_add_test(tc, test_f32_to_f32);
    tcase_add_test(tc, test_f32_scaled_b16);
    tcase_add_test(tc, test_mode_table);
    tcase_add_test(tc, test_param_words);
    tcase_add_test(tc, test_datr);
    tcase_add_test(tc, test_flags_accumulate);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
