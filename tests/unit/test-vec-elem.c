/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The element arithmetic of the VEC engine (target/tile/numeric/vec_elem.c): the
 * worked examples of the VEC semantics (integer, bitwise and shift ops,
 * the scalar forms, ieee and pto-v0 floating ADD / SUB / MUL, TMAX / TMIN,
 * the unary ops, TCMP in all six CModes, TFMA, TCVT), then hand-worked
 * edge cases: FP64 additions across large exponent gaps, cancellation,
 * subnormal results and tininess after rounding, the BF16 / TF32 / HF32 /
 * E5M2 / E4M3 grids, fused rounding in FP16 and FP64, integer wrap, 64-bit
 * shifts and compares, and the type sets and encoding validity of all 25
 * DataType codes.
 *
 * Every expected value below was worked out by hand from the rules (the
 * working is in the comments); none was produced by running the code
 * under test.  Each case starts with flags = 0 and checks both the result
 * and the flags word.
 */
#include <check.h>
#include <fenv.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "numeric/vec_elem.h"
#include "numeric/tile_numeric.h"

#define FP64 TILE_DT_FP64
#define FP32 TILE_DT_FP32
#define TF32 TILE_DT_TF32
#define HF32 TILE_DT_HF32
#define FP16 TILE_DT_FP16
#define BF16 TILE_DT_BF16
#define HIF8 TILE_DT_HIF8
#define E4M3 TILE_DT_E4M3
#define E5M2 TILE_DT_E5M2
#define E8M0 TILE_DT_E8M0
#define S64 TILE_DT_S64
#define S32 TILE_DT_S32
#define S16 TILE_DT_S16
#define S8 TILE_DT_S8
#define S4 TILE_DT_S4X2
#define U64 TILE_DT_U64
#define U32 TILE_DT_U32
#define U16 TILE_DT_U16
#define U8 TILE_DT_U8
#define U4 TILE_DT_U4X2

#define NV TILE_NUM_NV
#define DZ TILE_NUM_DZ
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

/* Profiles. */
#define IEEE false
#define V0 true

static unsigned cases;

/* TileRawElementValue: the *S scalar is lowW(GPR). */
static uint64_t scalar_of(unsigned dt, uint64_t gpr)
{
    unsigned w = tile_dtype_info(dt)->width;

    return w >= 64 ? gpr : gpr & ((UINT64_C(1) << w) - 1);
}

static void check_bin(unsigned dt, VecBinOp op, uint64_t l, uint64_t r, bool v0,
                      uint64_t want, unsigned want_flags, int line)
{
    unsigned flags = 0;
    uint64_t got = vec_binary(dt, op, l, r, v0, &flags);

    cases++;
    ck_assert_msg(got == want && flags == want_flags,
                  "line %d: binary dt %u op %d l 0x%llx r 0x%llx %s: "
                  "got 0x%llx flags 0x%x, want 0x%llx flags 0x%x", line, dt, op,
                  (unsigned long long)l, (unsigned long long)r, v0 ? "pto-v0" : "ieee",
                  (unsigned long long)got, flags, (unsigned long long)want, want_flags);
}

static void check_un(unsigned dt, VecUnOp op, uint64_t v, uint64_t want,
                     unsigned want_flags, int line)
{
    unsigned flags = 0;
    uint64_t got = vec_unary(dt, op, v, &flags);

    cases++;
    ck_assert_msg(got == want && flags == want_flags,
                  "line %d: unary dt %u op %d v 0x%llx: got 0x%llx flags 0x%x, "
                  "want 0x%llx flags 0x%x", line, dt, op, (unsigned long long)v,
                  (unsigned long long)got, flags, (unsigned long long)want, want_flags);
}

static void check_cmp(unsigned dt, VecCmp c, uint64_t l, uint64_t r, bool want,
                      unsigned want_flags, int line)
{
    unsigned flags = 0;
    bool got = vec_compare(dt, c, l, r, &flags);

    cases++;
    ck_assert_msg(got == want && flags == want_flags,
                  "line %d: compare dt %u cmode %d l 0x%llx r 0x%llx: got %d flags 0x%x, "
                  "want %d flags 0x%x", line, dt, c, (unsigned long long)l,
                  (unsigned long long)r, got, flags, want, want_flags);
}

/* All six CModes (EQ NE LT GT LE GE) on one pair. */
static void check_cmp6(unsigned dt, uint64_t l, uint64_t r, bool eq, bool ne, bool lt,
                       bool gt, bool le, bool ge, unsigned want_flags, int line)
{
    check_cmp(dt, VEC_EQ, l, r, eq, want_flags, line);
    check_cmp(dt, VEC_NE, l, r, ne, want_flags, line);
    check_cmp(dt, VEC_LT, l, r, lt, want_flags, line);
    check_cmp(dt, VEC_GT, l, r, gt, want_flags, line);
    check_cmp(dt, VEC_LE, l, r, le, want_flags, line);
    check_cmp(dt, VEC_GE, l, r, ge, want_flags, line);
}

static void check_fma(unsigned dt, uint64_t l, uint64_t r, uint64_t a, bool v0,
                      uint64_t want, unsigned want_flags, int line)
{
    unsigned flags = 0;
    uint64_t got = vec_fma(dt, l, r, a, v0, &flags);

    cases++;
    ck_assert_msg(got == want && flags == want_flags,
                  "line %d: fma dt %u 0x%llx * 0x%llx + 0x%llx %s: got 0x%llx flags 0x%x, "
                  "want 0x%llx flags 0x%x", line, dt, (unsigned long long)l,
                  (unsigned long long)r, (unsigned long long)a, v0 ? "pto-v0" : "ieee",
                  (unsigned long long)got, flags, (unsigned long long)want, want_flags);
}

static void check_cvt(unsigned dst, unsigned src, uint64_t raw, unsigned rmode, bool sat,
                      bool v0, uint64_t want, unsigned want_flags, int line)
{
    unsigned flags = 0;
    uint64_t got = vec_convert(dst, src, raw, rmode, sat, v0, &flags);

    cases++;
    ck_assert_msg(got == want && flags == want_flags,
                  "line %d: tcvt %u -> %u raw 0x%llx rmode %u sat %d %s: got 0x%llx "
                  "flags 0x%x, want 0x%llx flags 0x%x", line, src, dst,
                  (unsigned long long)raw, rmode, sat, v0 ? "pto-v0" : "ieee",
                  (unsigned long long)got, flags, (unsigned long long)want, want_flags);
}

/* ieee only / pto-v0 only / the same in both profiles. */
#define BIN(dt, op, l, r, want, fl) \
    check_bin(dt, op, l, r, IEEE, want, fl, __LINE__)
#define BIN_V0(dt, op, l, r, want, fl) \
    check_bin(dt, op, l, r, V0, want, fl, __LINE__)
#define BIN2(dt, op, l, r, want, fl) \
    do { \
        check_bin(dt, op, l, r, IEEE, want, fl, __LINE__); \
        check_bin(dt, op, l, r, V0, want, fl, __LINE__); \
    } while (0)
#define UN(dt, op, v, want, fl) check_un(dt, op, v, want, fl, __LINE__)
#define CMP(dt, c, l, r, want, fl) check_cmp(dt, c, l, r, want, fl, __LINE__)
#define CMP6(dt, l, r, eq, ne, lt, gt, le, ge, fl) \
    check_cmp6(dt, l, r, eq, ne, lt, gt, le, ge, fl, __LINE__)
#define FMA(dt, l, r, a, want, fl) check_fma(dt, l, r, a, IEEE, want, fl, __LINE__)
#define FMA_V0(dt, l, r, a, want, fl) check_fma(dt, l, r, a, V0, want, fl, __LINE__)
#define FMA2(dt, l, r, a, want, fl) \
    do { \
        check_fma(dt, l, r, a, IEEE, want, fl, __LINE__); \
        check_fma(dt, l, r, a, V0, want, fl, __LINE__); \
    } while (0)
#define CVT(dst, src, raw, rm, sat, want, fl) \
    check_cvt(dst, src, raw, rm, sat, IEEE, want, fl, __LINE__)
#define CVT_V0(dst, src, raw, rm, sat, want, fl) \
    check_cvt(dst, src, raw, rm, sat, V0, want, fl, __LINE__)
#define CVT2(dst, src, raw, rm, sat, want, fl) \
    do { \
        check_cvt(dst, src, raw, rm, sat, IEEE, want, fl, __LINE__); \
        check_cvt(dst, src, raw, rm, sat, V0, want, fl, __LINE__); \
    } while (0)

/* FP32 bit patterns used below. */
#define F_0       0x00000000u
#define F_NEG0    0x80000000u
#define F_1       0x3f800000u   /* 1.0 */
#define F_NEG1    0xbf800000u
#define F_2       0x40000000u   /* 2.0 */
#define F_NEG2    0xc0000000u
#define F_0_5     0x3f000000u   /* 0.5 */
#define F_0_75    0x3f400000u   /* 0.75 */
#define F_MAX     0x7f7fffffu
#define F_NMAX    0xff7fffffu
#define F_INF     0x7f800000u
#define F_NINF    0xff800000u
#define F_QNAN    0x7fc00000u
#define F_SNAN    0x7f800001u

/* FP64 bit patterns. */
#define D_1       0x3ff0000000000000ull
#define D_0_5     0x3fe0000000000000ull
#define D_MAX     0x7fefffffffffffffull
#define D_INF     0x7ff0000000000000ull
#define D_QNAN    0x7ff8000000000000ull

/* ---------------------------------------------------------------------
 * 14.1: integer, bitwise and shift ops (both profiles).
 */
START_TEST(test_int_examples)
{
    /* 127 + 1 = 128 = 0x80 (-128): wraps, no flag. */
    BIN2(S8, VEC_ADD, 0x7f, 0x01, 0x80, 0);
    /* 255 + 1 = 256 -> low 8 bits 0. */
    BIN2(U8, VEC_ADD, 0xff, 0x01, 0x00, 0);
    /* -2^31 - 1 = -2^31 - 1 -> mod 2^32 = 2^31 - 1. */
    BIN2(S32, VEC_SUB, 0x80000000, 0x00000001, 0x7fffffff, 0);
    BIN2(U8, VEC_SUB, 0x00, 0x01, 0xff, 0);
    /* 2^14 * 4 = 2^16 -> low 16 bits 0. */
    BIN2(S16, VEC_MUL, 0x4000, 0x0004, 0x0000, 0);
    /* (2^32 - 1)^2 = 2^64 - 2^33 + 1 -> low 32 bits 1. */
    BIN2(U32, VEC_MUL, 0xffffffff, 0xffffffff, 0x00000001, 0);
    /* S8: -1 < 1 -> max 1.  U8: 255 > 1 -> max 255. */
    BIN2(S8, VEC_MAX, 0xff, 0x01, 0x01, 0);
    BIN2(U8, VEC_MAX, 0xff, 0x01, 0xff, 0);
    /* -128 < 127. */
    BIN2(S8, VEC_MIN, 0x80, 0x7f, 0x80, 0);
    BIN2(U16, VEC_AND, 0xf0f0, 0x0ff0, 0x00f0, 0);
    BIN2(S64, VEC_XOR, 0x8000000000000000ull, 0xffffffffffffffffull,
         0x7fffffffffffffffull, 0);
    /* 0x81 << 1 = 0x102 -> 0x02. */
    BIN2(U8, VEC_SHL, 0x81, 1, 0x02, 0);
    /* count 9 & 7 = 1. */
    BIN2(U8, VEC_SHL, 0x01, 9, 0x02, 0);
    /* count 0xFFFFFFFF & 31 = 31. */
    BIN2(S32, VEC_SHL, 0x00000001, 0xffffffff, 0x80000000, 0);
    /* S8 arithmetic: -128 >> 1 = -64 = 0xC0; U8 logical: 0x40. */
    BIN2(S8, VEC_SHR, 0x80, 1, 0xc0, 0);
    BIN2(U8, VEC_SHR, 0x80, 1, 0x40, 0);
    /* count 0xFF & 7 = 7: -128 >> 7 = -1. */
    BIN2(S8, VEC_SHR, 0x80, 0xff, 0xff, 0);
    /* -32768 >> 15 = -1. */
    BIN2(S16, VEC_SHR, 0x8000, 15, 0xffff, 0);
    /* count 64 & 63 = 0: unchanged. */
    BIN2(U64, VEC_SHR, 0x8000000000000000ull, 64, 0x8000000000000000ull, 0);

    /* TABS S8: INT_MIN keeps its pattern, -1 -> 1, 5 -> 5; U8 identity. */
    UN(S8, VEC_ABS, 0x80, 0x80, 0);
    UN(S8, VEC_ABS, 0xff, 0x01, 0);
    UN(S8, VEC_ABS, 0x05, 0x05, 0);
    UN(U8, VEC_ABS, 0xff, 0xff, 0);
    /* TNEG: 0 - (-128) = 128 -> 0x80; U8: 0 - 1 -> 0xFF. */
    UN(S8, VEC_NEG, 0x80, 0x80, 0);
    UN(U8, VEC_NEG, 0x01, 0xff, 0);
    UN(S16, VEC_NOT, 0x0000, 0xffff, 0);
    /* TRELU: S32 -1 -> 0; U32 0xFFFFFFFF is positive. */
    UN(S32, VEC_RELU, 0xffffffff, 0x00000000, 0);
    UN(U32, VEC_RELU, 0xffffffff, 0xffffffff, 0);

    /* TFMA S8: low8(0xFF * 2 = 0x1FE) = 0xFE, + 3 = 0x101 -> 0x01. */
    FMA2(S8, 0xff, 0x02, 0x03, 0x01, 0);
    /* TFMA U8: 0x80 * 2 = 0x100 -> 0x00, + 1 = 0x01. */
    FMA2(U8, 0x80, 0x02, 0x01, 0x01, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.2: the scalar forms, as element ops (tile OP lowW(GPR)).
 */
START_TEST(test_scalar_examples)
{
    /* TADDS S8: GPR 0x1FF -> scalar 0xFF = -1: 5 - 1 = 4. */
    ck_assert_uint_eq(scalar_of(S8, 0x1ff), 0xff);
    BIN2(S8, VEC_ADD, 0x05, scalar_of(S8, 0x1ff), 0x04, 0);
    /* TSUBS U8: src - scalar = 3 - 5 = -2 -> 0xFE. */
    BIN2(U8, VEC_SUB, 0x03, scalar_of(U8, 0x05), 0xfe, 0);
    /* TSHLS U32: count 33 & 31 = 1. */
    BIN2(U32, VEC_SHL, 0x1, scalar_of(U32, 33), 0x2, 0);
    /* TSHRS S16: count 0x11 & 15 = 1: -32768 >> 1 = -16384 = 0xC000. */
    BIN2(S16, VEC_SHR, 0x8000, scalar_of(S16, 0x11), 0xc000, 0);
    /* TMINS S16: GPR 0x00017FFF -> 0x7FFF; min(-32768, 32767). */
    ck_assert_uint_eq(scalar_of(S16, 0x00017fff), 0x7fff);
    BIN2(S16, VEC_MIN, 0x8000, scalar_of(S16, 0x00017fff), 0x8000, 0);
    /* TMAXS FP32: the sNaN loses to the number, NV (both profiles). */
    BIN2(FP32, VEC_MAX, F_SNAN, scalar_of(FP32, F_1), F_1, NV);
    /* TCMPS LT: GPR 0x100 -> scalar 0.  S8: -1 < 0; U8: 255 < 0 false. */
    ck_assert_uint_eq(scalar_of(S8, 0x100), 0);
    CMP(S8, VEC_LT, 0xff, scalar_of(S8, 0x100), true, 0);
    CMP(U8, VEC_LT, 0xff, scalar_of(U8, 0x100), false, 0);
    /* TCMPS TF32 with 0x3F800001: the scalar encoding is invalid (TL). */
    ck_assert(!vec_encoding_valid(TF32, scalar_of(TF32, 0x3f800001)));
    /* TADDS FP32 ieee: the scalar 1 is 2^-149: 1 + 2^-149 is far below
     * half an ulp (2^-24) -> 1.0, NX; not tiny, so no UF. */
    BIN(FP32, VEC_ADD, F_1, scalar_of(FP32, 0x00000001), F_1, NX);
    /* pto-v0: 0x3F800000 + 1 as integers. */
    BIN_V0(FP32, VEC_ADD, F_1, scalar_of(FP32, 0x00000001), 0x3f800001, 0);
    /* TEXPANDS FP32 GPR 0xDEADBEEF3F800000: the low 32 bits. */
    ck_assert_uint_eq(scalar_of(FP32, 0xdeadbeef3f800000ull), F_1);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.3: floating ADD / SUB / MUL under ieee, flags as TADDS would record.
 */
START_TEST(test_float_ieee_examples)
{
    /* 1 + 2^-24: exactly half an FP32 ulp at 1 (2^-23) -> even 1.0. */
    BIN(FP32, VEC_ADD, F_1, 0x33800000, F_1, NX);
    /* 1 + 2^-24 (1 + 2^-23): above half -> 1 + 2^-23. */
    BIN(FP32, VEC_ADD, F_1, 0x33800001, 0x3f800001, NX);
    /* 65504 + 14 (0x4B00 = 2^3 * 1.75): 14 < 16 = half the ulp 32. */
    BIN(FP16, VEC_ADD, 0x7bff, 0x4b00, 0x7bff, NX);
    /* 65504 + 16 = 65520 = 2047.5 * 32: tie, 2047 odd -> 2048 * 32 =
     * 2^16 > max: +inf. */
    BIN(FP16, VEC_ADD, 0x7bff, 0x4c00, 0x7c00, OF | NX);
    /* BF16 1 + 2^-8 (0x3B80: exponent 119): half of the ulp 2^-7 -> 1. */
    BIN(BF16, VEC_ADD, 0x3f80, 0x3b80, 0x3f80, NX);
    /* Exact cancellation under RNE is +0. */
    BIN(FP32, VEC_SUB, F_1, F_1, F_0, 0);
    /* -0 - +0 = -0 + -0 = -0. */
    BIN(FP32, VEC_SUB, F_NEG0, F_0, F_NEG0, 0);
    /* -0 * 2 = -0. */
    BIN(FP32, VEC_MUL, F_NEG0, F_2, F_NEG0, 0);
    /* 2^-126 * 0.5 = 2^-127 = 0x00400000, exact subnormal: no UF. */
    BIN(FP32, VEC_MUL, 0x00800000, F_0_5, 0x00400000, 0);
    /* 2^-126 (1 + 2^-23) / 2 = 2^-127 + 2^-150 = (2^22 + 1/2) * 2^-149:
     * tie -> even 2^22; tiny and inexact: UF NX. */
    BIN(FP32, VEC_MUL, 0x00800001, F_0_5, 0x00400000, UF | NX);
    BIN(FP32, VEC_MUL, F_MAX, F_2, F_INF, OF | NX);
    BIN(FP32, VEC_ADD, F_INF, F_NINF, F_QNAN, NV);
    BIN(FP32, VEC_ADD, F_SNAN, F_1, F_QNAN, NV);
    /* A qNaN operand: canonical NaN, no flag, payload dropped. */
    BIN(FP32, VEC_ADD, 0xffc00001, F_1, F_QNAN, 0);
    /* E5M2 0x7B = 1.75 * 2^15; twice that is 1.75 * 2^16: exponent 16 >
     * 15 -> +inf 0x7C. */
    BIN(E5M2, VEC_ADD, 0x7b, 0x7b, 0x7c, OF | NX);
    /* E4M3 448 + 16 (0x58 = 2^4) = 464 = 14.5 * 32: tie -> even 14 ->
     * 1.110b * 2^8 = 0x7E. */
    BIN(E4M3, VEC_ADD, 0x7e, 0x58, 0x7e, NX);
    /* 448 + 32 (0x60) = 480 = 15 * 32: the 0x7F slot is the NaN, so it
     * overflows; E4M3 has no infinity: the NaN 0x7F. */
    BIN(E4M3, VEC_ADD, 0x7e, 0x60, 0x7f, OF | NX);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.4: floating arithmetic under pto-v0: raw carrier integers, low W
 * bits kept, no flags, no NaN handling.
 */
START_TEST(test_pto_v0_examples)
{
    /* 0x3F800000 + 0x3F800000 = 0x7F000000. */
    BIN_V0(FP32, VEC_ADD, F_1, F_1, 0x7f000000, 0);
    BIN_V0(FP16, VEC_ADD, 0x3c00, 0x3c00, 0x7800, 0);
    /* 0x3F800000 - 0x40000000 = -0x00800000 -> low 32 0xFF800000. */
    BIN_V0(FP32, VEC_SUB, F_1, F_2, 0xff800000, 0);
    /* 0x3F8 << 20 squared is 0xFC040 << 40: low 32 bits 0. */
    BIN_V0(FP32, VEC_MUL, F_1, F_1, 0x00000000, 0);
    /* 0x3C00 * 0x4000 = 0x0F000000: low 16 bits 0. */
    BIN_V0(FP16, VEC_MUL, 0x3c00, 0x4000, 0x0000, 0);
    /* TFMA: 0x3F800000 * 0x40000000 = 0x0FE0000000000000, + 0x3F800000:
     * low 32 bits 0x3F800000. */
    FMA_V0(FP32, F_1, F_2, F_1, 0x3f800000, 0);
    /* 0x7F800001 + 0x3F800000 = 0xBF000001: no NaN handling, no NV. */
    BIN_V0(FP32, VEC_ADD, F_SNAN, F_1, 0xbf000001, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.5: TMAX / TMIN and the unary ops on floats (both profiles).
 */
START_TEST(test_minmax_unary_examples)
{
    /* -0 < +0: max is +0 in either order; max(-0, -0) = -0. */
    BIN2(FP32, VEC_MAX, F_0, F_NEG0, F_0, 0);
    BIN2(FP32, VEC_MAX, F_NEG0, F_0, F_0, 0);
    BIN2(FP32, VEC_MAX, F_NEG0, F_NEG0, F_NEG0, 0);
    BIN2(FP32, VEC_MIN, F_0, F_NEG0, F_NEG0, 0);
    BIN2(FP32, VEC_MIN, F_NEG0, F_0, F_NEG0, 0);
    BIN2(FP32, VEC_MAX, F_NEG1, F_NEG2, F_NEG1, 0);
    /* One qNaN: the other operand, no flag; one sNaN: NV. */
    BIN2(FP32, VEC_MAX, 0x7fc00001, F_1, F_1, 0);
    BIN2(FP32, VEC_MAX, F_SNAN, F_1, F_1, NV);
    /* Both NaN: the canonical NaN. */
    BIN2(FP32, VEC_MIN, 0x7fc00001, 0x7fc00002, F_QNAN, 0);
    /* E4M3: 0xFF and 0x7F are both quiet NaNs. */
    BIN2(E4M3, VEC_MIN, 0xff, 0x7f, 0x7f, 0);
    BIN2(FP16, VEC_MAX, 0x7c00, 0x7bff, 0x7c00, 0);
    /* -2^-24 < +0. */
    BIN2(FP16, VEC_MIN, 0x8001, 0x0000, 0x8001, 0);

    /* TABS clears the sign bit only: payloads kept, no NV for the sNaN. */
    UN(FP32, VEC_ABS, 0xffc00001, 0x7fc00001, 0);
    UN(FP32, VEC_ABS, F_NEG0, F_0, 0);
    UN(FP32, VEC_ABS, 0xff800001, 0x7f800001, 0);
    /* TNEG flips the sign bit only. */
    UN(FP16, VEC_NEG, 0x0000, 0x8000, 0);
    UN(FP16, VEC_NEG, 0x7c01, 0xfc01, 0);
    UN(E4M3, VEC_NEG, 0x7f, 0xff, 0);
    /* TRELU: -0 and -inf -> +0, +inf unchanged. */
    UN(FP32, VEC_RELU, F_NEG0, F_0, 0);
    UN(FP32, VEC_RELU, F_NINF, F_0, 0);
    UN(FP32, VEC_RELU, F_INF, F_INF, 0);
    /* FP16: negative subnormal -> +0; qNaN 0x7E01 -> 0x7E00; sNaN 0x7C01
     * -> 0x7E00 with NV. */
    UN(FP16, VEC_RELU, 0x8001, 0x0000, 0);
    UN(FP16, VEC_RELU, 0x7e01, 0x7e00, 0);
    UN(FP16, VEC_RELU, 0x7c01, 0x7e00, NV);
    /* E5M2 0x7D: exponent 31, fraction 01: sNaN -> 0x7E, NV.  E4M3 0xFF
     * is a quiet NaN -> 0x7F, no flag. */
    UN(E5M2, VEC_RELU, 0x7d, 0x7e, NV);
    UN(E4M3, VEC_RELU, 0xff, 0x7f, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.6: TCMP in all six CModes.  Columns: EQ NE LT GT LE GE.
 */
START_TEST(test_compare_examples)
{
    /* +0 == -0, and neither is less. */
    CMP6(FP32, F_0, F_NEG0, 1, 0, 0, 0, 1, 1, 0);
    CMP6(FP32, F_NEG0, F_0, 1, 0, 0, 0, 1, 1, 0);
    /* -2^-149 < +0. */
    CMP6(FP32, 0x80000001, F_0, 0, 1, 1, 0, 1, 0, 0);
    /* A qNaN: unordered, only NE holds, no flag; either side. */
    CMP6(FP32, F_QNAN, F_1, 0, 1, 0, 0, 0, 0, 0);
    CMP6(FP32, F_1, F_QNAN, 0, 1, 0, 0, 0, 0, 0);
    /* An sNaN: unordered and NV. */
    CMP6(FP32, F_SNAN, F_1, 0, 1, 0, 0, 0, 0, NV);
    /* -inf < -max. */
    CMP6(FP32, F_NINF, F_NMAX, 0, 1, 1, 0, 1, 0, 0);
    CMP6(FP32, F_1, F_1, 1, 0, 0, 0, 1, 1, 0);
    /* -1 > -2. */
    CMP6(FP32, F_NEG1, F_NEG2, 0, 1, 0, 1, 0, 1, 0);
    /* -2^-149 > -2^-148. */
    CMP6(FP32, 0x80000001, 0x80000002, 0, 1, 0, 1, 0, 1, 0);
    CMP6(FP16, 0x7c00, 0x7bff, 0, 1, 0, 1, 0, 1, 0);
    /* E4M3 0xFF vs 0x7F: both quiet NaNs. */
    CMP6(E4M3, 0xff, 0x7f, 0, 1, 0, 0, 0, 0, 0);
    /* E5M2 0xFD (sNaN) vs 1.0; BF16 0x7F81 (sNaN) vs +0. */
    CMP6(E5M2, 0xfd, 0x3c, 0, 1, 0, 0, 0, 0, NV);
    CMP6(BF16, 0x7f81, 0x0000, 0, 1, 0, 0, 0, 0, NV);
    /* FP64 -0 == +0. */
    CMP6(FP64, 0x8000000000000000ull, 0, 1, 0, 0, 0, 1, 1, 0);
    /* S8: -1 < 1; U8: 255 > 1. */
    CMP6(S8, 0xff, 0x01, 0, 1, 1, 0, 1, 0, 0);
    CMP6(U8, 0xff, 0x01, 0, 1, 0, 1, 0, 1, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.7: TFMA on floats.
 */
START_TEST(test_fma_examples)
{
    /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46; - (1 + 2^-22) = 2^-46, exact:
     * exponent field 127 - 46 = 81 -> 0x28800000. */
    FMA(FP32, 0x3f800001, 0x3f800001, 0xbf800002, 0x28800000, 0);
    /* The invalid cases, both profiles: 0 * inf; inf * 1 + -inf; 0 * inf
     * + qNaN is still invalid. */
    FMA2(FP32, F_0, F_INF, F_1, F_QNAN, NV);
    FMA2(FP32, F_INF, F_1, F_NINF, F_QNAN, NV);
    FMA2(FP32, F_0, F_INF, F_QNAN, F_QNAN, NV);
    /* inf * 1 + inf = inf. */
    FMA(FP32, F_INF, F_1, F_INF, F_INF, 0);
    /* qNaN * 0 + 1: canonical NaN, no flag. */
    FMA(FP32, F_QNAN, F_0, F_1, F_QNAN, 0);
    /* inf * qNaN + -inf.  TileFixedFusedMultiplyAddValue
     * (asl/tile/model/execution/fused-multiply-add.asl): product_is_infinite
     * (the left class is an infinity), product_is_negative = negative(+inf)
     * != negative(qNaN) = FALSE != FALSE = FALSE, the addend -inf is
     * negative, so opposite_infinities holds: the canonical NaN with NV.
     * pto-v0 follows it; the IEEE profile lets the NaN through (the
     * canonical NaN, no flag).  -inf * qNaN + +inf is invalid the same way
     * (TRUE != FALSE); +inf * qNaN + +inf is not: pto-v0 goes on to the
     * raw MADD, 0x7F800000 * 0x7FC00000 = 0x7F8 * 0x7FC << 40 (low 32 bits
     * 0) + 0x7F800000 = 0x7F800000, no flags. */
    FMA_V0(FP32, F_INF, F_QNAN, F_NINF, F_QNAN, NV);
    FMA_V0(FP32, F_QNAN, F_INF, F_NINF, F_QNAN, NV);
    FMA_V0(FP32, F_NINF, F_QNAN, F_INF, F_QNAN, NV);
    FMA(FP32, F_INF, F_QNAN, F_NINF, F_QNAN, 0);
    FMA_V0(FP32, F_INF, F_QNAN, F_INF, F_INF, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * 14.8: TCVT.  FP32 2.5 = 0x40200000, -2.5 = 0xC0200000, -2.25 =
 * 0xC0100000.
 */
START_TEST(test_convert_examples)
{
    /* 2.5 -> S32: RMode 0 (RTZ) 2, RNE 2 (even), RNA 3, RHB 3, RTO 3
     * (the odd candidate); all NX. */
    CVT(S32, FP32, 0x40200000, R_DEF, false, 2, NX);
    CVT(S32, FP32, 0x40200000, R_RNE, false, 2, NX);
    CVT(S32, FP32, 0x40200000, R_RNA, false, 3, NX);
    CVT(S32, FP32, 0x40200000, R_RHB, false, 3, NX);
    CVT(S32, FP32, 0x40200000, R_RTO, false, 3, NX);
    /* -2.5 RHB: toward +inf -> -2; RNA -> -3; -2.25 RTO: -2 / -3 -> -3. */
    CVT(S32, FP32, 0xc0200000, R_RHB, false, 0xfffffffe, NX);
    CVT(S32, FP32, 0xc0200000, R_RNA, false, 0xfffffffd, NX);
    CVT(S32, FP32, 0xc0100000, R_RTO, false, 0xfffffffd, NX);
    /* qNaN: the indefinite value with NV; Sat: 0, still NV
     * (numeric-formats.md: "Sat: 0, NV"). */
    CVT(S32, FP32, F_QNAN, R_DEF, false, 0x80000000, NV);
    CVT(S32, FP32, F_QNAN, R_DEF, true, 0x00000000, NV);
    /* +inf: indefinite NV; Sat clamps, OF NX. */
    CVT(S32, FP32, F_INF, R_DEF, false, 0x80000000, NV);
    CVT(S32, FP32, F_INF, R_DEF, true, 0x7fffffff, OF | NX);
    /* -inf -> U8: the unsigned indefinite 0xFF; Sat: 0. */
    CVT(U8, FP32, F_NINF, R_DEF, false, 0xff, NV);
    CVT(U8, FP32, F_NINF, R_DEF, true, 0x00, OF | NX);
    /* 300.0 = 0x43960000 -> U8 out of range. */
    CVT(U8, FP32, 0x43960000, R_DEF, false, 0xff, NV);
    CVT(U8, FP32, 0x43960000, R_DEF, true, 0xff, OF | NX);
    /* RNA before the clamp: 127.5 (0x42FF0000) -> 128 -> 127;
     * -128.5 (0xC3008000) -> -129 -> -128. */
    CVT(S8, FP32, 0x42ff0000, R_RNA, true, 0x7f, OF | NX);
    CVT(S8, FP32, 0xc3008000, R_RNA, true, 0x80, OF | NX);
    /* 70000.0 = 0x4788B800 -> FP16: above 65504 + 16 -> inf; Sat max. */
    CVT(FP16, FP32, 0x4788b800, R_DEF, false, 0x7c00, OF | NX);
    CVT(FP16, FP32, 0x4788b800, R_DEF, true, 0x7bff, OF | NX);
    /* +inf Sat -> the largest finite, OF NX (numeric-formats.md); no Sat:
     * inf, no flags. */
    CVT(FP16, FP32, F_INF, R_DEF, true, 0x7bff, OF | NX);
    CVT(FP16, FP32, F_INF, R_DEF, false, 0x7c00, 0);
    /* 1 + 2^-23 -> FP16 (ulp 2^-10): far below half -> 1.0. */
    CVT(FP16, FP32, 0x3f800001, R_DEF, false, 0x3c00, NX);
    /* FP16 2^-24 -> FP32 exponent field 103 = 0x67: 0x33800000 exact. */
    CVT(FP32, FP16, 0x0001, R_DEF, false, 0x33800000, 0);
    /* 1.5 -> E4M3 0 0111 100 = 0x3C; -> HiF8 D0 prefix 0001, mantissa
     * 100 = 0x0C. */
    CVT(E4M3, FP32, 0x3fc00000, R_DEF, false, 0x3c, 0);
    CVT(HIF8, FP32, 0x3fc00000, R_DEF, false, 0x0c, 0);
    /* 16777217 = 2^24 + 1: FP32 ulp 2 at 2^24, tie -> even 2^24 =
     * 0x4B800000; RTP -> 2^24 + 2 = 0x4B800001. */
    CVT(FP32, S32, 0x01000001, R_RNE, false, 0x4b800000, NX);
    CVT(FP32, S32, 0x01000001, R_RTP, false, 0x4b800001, NX);
    /* RMode 0 to a floating destination is RNE. */
    CVT(FP32, S32, 0x01000001, R_DEF, false, 0x4b800000, NX);

    /* Integer -> integer, both profiles, no flags. */
    /* U16 300 = 0x12C: wraps to 0x2C, Sat 0xFF. */
    CVT2(U8, U16, 0x012c, R_DEF, false, 0x2c, 0);
    CVT2(U8, U16, 0x012c, R_DEF, true, 0xff, 0);
    /* S16 -200 = 0xFF38: wraps to 0x38; Sat -128. */
    CVT2(S8, S16, 0xff38, R_DEF, false, 0x38, 0);
    CVT2(S8, S16, 0xff38, R_DEF, true, 0x80, 0);
    /* U8 200: the raw 0xC8 (-56); Sat 127. */
    CVT2(S8, U8, 0xc8, R_DEF, false, 0xc8, 0);
    CVT2(S8, U8, 0xc8, R_DEF, true, 0x7f, 0);
    /* S16 -1: raw 0xFFFF; Sat 0. */
    CVT2(U16, S16, 0xffff, R_DEF, false, 0xffff, 0);
    CVT2(U16, S16, 0xffff, R_DEF, true, 0x0000, 0);

    /* -> E8M0, both profiles. */
    /* BF16 1.5: f = 0, 1.5 > sqrt(2) -> RNE 1 (0x80); RTM 0 (0x7F). */
    CVT2(E8M0, BF16, 0x3fc0, R_RNE, false, 0x80, NX);
    CVT2(E8M0, BF16, 0x3fc0, R_RTM, false, 0x7f, NX);
    /* 0.75: f = -1, 1.5 > sqrt(2) -> RNE 0 (0x7F); RTZ toward exponent 0
     * -> 0 (0x7F); RTM -1 (0x7E). */
    CVT2(E8M0, FP32, F_0_75, R_RNE, false, 0x7f, NX);
    CVT2(E8M0, FP32, F_0_75, R_RTZ, false, 0x7f, NX);
    CVT2(E8M0, FP32, F_0_75, R_RTM, false, 0x7e, NX);
    /* 3.0: f = 1 -> RNE 2 (0x81); RTZ 1 (0x80); RTO f odd -> 1 (0x80). */
    CVT2(E8M0, FP32, 0x40400000, R_RNE, false, 0x81, NX);
    CVT2(E8M0, FP32, 0x40400000, R_RTZ, false, 0x80, NX);
    CVT2(E8M0, FP32, 0x40400000, R_RTO, false, 0x80, NX);
    /* Powers of two: 2^-127 -> 0x00, 2^127 -> 0xFE, exact. */
    CVT2(E8M0, FP32, 0x00400000, R_DEF, false, 0x00, 0);
    CVT2(E8M0, FP32, 0x7f000000, R_DEF, false, 0xfe, 0);
    /* 2^-128: f < -127 -> 0xFF, Sat 0x00, UF NX. */
    CVT2(E8M0, FP32, 0x00200000, R_DEF, false, 0xff, UF | NX);
    CVT2(E8M0, FP32, 0x00200000, R_DEF, true, 0x00, UF | NX);
    /* The largest FP32: f = 127, not a power of two -> OF NX. */
    CVT2(E8M0, FP32, F_MAX, R_DEF, false, 0xff, OF | NX);
    CVT2(E8M0, FP32, F_MAX, R_DEF, true, 0xfe, OF | NX);
    /* Zero and negative values: 0xFF, NV. */
    CVT2(E8M0, BF16, 0x0000, R_DEF, false, 0xff, NV);
    CVT2(E8M0, BF16, 0xbf80, R_DEF, false, 0xff, NV);
    /* +inf Sat: 0xFE, OF NX. */
    CVT2(E8M0, BF16, 0x7f80, R_DEF, true, 0xfe, OF | NX);
    /* E8M0 -> E8M0 and S8 -> E8M0 are not legal pairs (TL). */
    ck_assert(!tile_num_tcvt_supported(E8M0, E8M0));
    ck_assert(!tile_num_tcvt_supported(E8M0, S8));
    ck_assert(tile_num_tcvt_supported(E8M0, FP16));

    /* pto-v0: raw copies / truncations, no flags. */
    CVT_V0(S32, FP32, F_1, R_DEF, false, 0x3f800000, 0);
    CVT_V0(S8, FP32, F_1, R_DEF, false, 0x00, 0);
    CVT_V0(FP16, FP32, F_1, R_DEF, false, 0x0000, 0);
    CVT_V0(FP32, S32, 5, R_DEF, false, 0x00000005, 0);
    /* pto-v0 from a signed integer type (TileProfileConvert keeps the
     * source's word; TLOAD's DecodeTileMemoryElementRaw sign-extends S8 /
     * S16 / S32, NormalizeTileInteger): S32 -1 (0xFFFFFFFF) -> FP64 the word
     * 0xFFFFFFFFFFFFFFFF; S8 -2 (0xFE) -> FP32 0xFFFFFFFE, -> FP16 0xFFFE;
     * S16 0x8000 -> FP32 0xFFFF8000; S8 +5 -> FP16 0x0005; U8 0xFE (no sign)
     * -> FP32 0x000000FE; S4X2 0xE (packed in the model, read zero-extended)
     * -> FP16 0x000E; S8 0xFE -> E4M3 keeps the low 8 bits 0xFE.  Sat and
     * RMode change nothing. */
    CVT_V0(FP64, S32, 0xffffffff, R_DEF, false, 0xffffffffffffffffull, 0);
    CVT_V0(FP32, S8, 0xfe, R_DEF, false, 0xfffffffe, 0);
    CVT_V0(FP16, S8, 0xfe, 4, true, 0xfffe, 0);
    CVT_V0(FP32, S16, 0x8000, R_DEF, false, 0xffff8000, 0);
    CVT_V0(FP16, S8, 0x05, R_DEF, false, 0x0005, 0);
    CVT_V0(FP32, U8, 0xfe, R_DEF, false, 0x000000fe, 0);
    CVT_V0(FP16, TILE_DT_S4X2, 0xe, R_DEF, false, 0x000e, 0);
    CVT_V0(E4M3, S8, 0xfe, R_DEF, false, 0xfe, 0);
    /* Into an integer type NormalizeTileInteger keeps the low bits of the
     * floating word: FP16 0xBC00 (-1.0) -> S32 0x0000BC00 (a zero-extended
     * FP16 word), -> S8 0x00. */
    CVT_V0(S32, FP16, 0xbc00, R_DEF, true, 0x0000bc00, 0);
    CVT_V0(S8, FP16, 0xbc00, R_DEF, false, 0x00, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * FP64 additions across large exponent gaps, and FP64 specials.
 */
START_TEST(test_fp64_add)
{
    /* 2^-60 (field 1023 - 60 = 0x3C3): far below half an ulp (2^-53). */
    BIN(FP64, VEC_ADD, D_1, 0x3c30000000000000ull, D_1, NX);
    /* 2^-53 (field 0x3CA): exactly half -> even 1.0. */
    BIN(FP64, VEC_ADD, D_1, 0x3ca0000000000000ull, D_1, NX);
    /* 2^-53 (1 + 2^-52) = 2^-53 + 2^-105: above half -> 1 + 2^-52. */
    BIN(FP64, VEC_ADD, D_1, 0x3ca0000000000001ull, 0x3ff0000000000001ull, NX);
    /* 1 + 2^-1074: the gap exceeds the whole intermediate -> 1.0, NX. */
    BIN(FP64, VEC_ADD, D_1, 0x0000000000000001ull, D_1, NX);
    /* 1 - 2^-1074: the neighbour below 1 is 1 - 2^-53, much further. */
    BIN(FP64, VEC_SUB, D_1, 0x0000000000000001ull, D_1, NX);
    /* 1 - 2^-54 (field 0x3C9): below 1 the ulp is 2^-53, so this is the
     * midpoint of 1 - 2^-53 (odd) and 1 (even) -> 1.0. */
    BIN(FP64, VEC_SUB, D_1, 0x3c90000000000000ull, D_1, NX);
    /* 1 - (2^-54 + 2^-106): past the midpoint -> 1 - 2^-53. */
    BIN(FP64, VEC_SUB, D_1, 0x3c90000000000001ull, 0x3fefffffffffffffull, NX);
    /* 1 - 2^-53 is representable: exact. */
    BIN(FP64, VEC_SUB, D_1, 0x3ca0000000000000ull, 0x3fefffffffffffffull, 0);
    /* Cancellation: (1 + 2^-52) - 1 = 2^-52 (field 0x3CB), exact. */
    BIN(FP64, VEC_SUB, 0x3ff0000000000001ull, D_1, 0x3cb0000000000000ull, 0);
    /* (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104 -> 1 + 2^-51, NX. */
    BIN(FP64, VEC_MUL, 0x3ff0000000000001ull, 0x3ff0000000000001ull,
        0x3ff0000000000002ull, NX);
    /* Overflow: max + max; max + 2^970 (half the ulp 2^971 at 2^1023,
     * field 1993 = 0x7C9) is a tie, max is odd -> up to 2^1024: inf;
     * max + 2^969 (0x7C8) is below half -> max. */
    BIN(FP64, VEC_ADD, D_MAX, D_MAX, D_INF, OF | NX);
    BIN(FP64, VEC_ADD, D_MAX, 0x7c90000000000000ull, D_INF, OF | NX);
    BIN(FP64, VEC_ADD, D_MAX, 0x7c80000000000000ull, D_MAX, NX);
    BIN(FP64, VEC_MUL, D_MAX, 0x4000000000000000ull, D_INF, OF | NX);
    /* Subnormals: (2^-1022 + 2^-1074) - 2^-1022 = 2^-1074, exact;
     * 2^-1074 / 2 -> tie -> 0, UF NX; 3 * 2^-1074 / 2 -> 2 units. */
    BIN(FP64, VEC_SUB, 0x0010000000000001ull, 0x0010000000000000ull,
        0x0000000000000001ull, 0);
    BIN(FP64, VEC_MUL, 0x0000000000000001ull, D_0_5, 0, UF | NX);
    BIN(FP64, VEC_MUL, 0x0000000000000003ull, D_0_5, 0x0000000000000002ull, UF | NX);
    /* 2^-1074 * 2^-1074 = 2^-2148: far below half the smallest
     * subnormal -> a zero of the product's sign. */
    BIN(FP64, VEC_MUL, 0x0000000000000001ull, 0x0000000000000001ull, 0, UF | NX);
    BIN(FP64, VEC_MUL, 0x8000000000000001ull, 0x0000000000000001ull,
        0x8000000000000000ull, UF | NX);
    BIN(FP32, VEC_MUL, 0x00000001, 0x00000001, F_0, UF | NX);
    /* 2^-1022 / 2 = 2^-1023: exact subnormal 0x0008000000000000. */
    BIN(FP64, VEC_MUL, 0x0010000000000000ull, D_0_5, 0x0008000000000000ull, 0);
    /* -2^-1074 + 2^-1074 = +0. */
    BIN(FP64, VEC_ADD, 0x8000000000000001ull, 0x0000000000000001ull, 0, 0);
    /* NaNs: canonical 0x7FF8000000000000. */
    BIN(FP64, VEC_SUB, D_INF, D_INF, D_QNAN, NV);
    BIN(FP64, VEC_MUL, 0x7ff0000000000001ull, D_1, D_QNAN, NV);
    BIN(FP64, VEC_ADD, 0xfff8000000000001ull, D_1, D_QNAN, 0);
    /* TMAX FP64: 1 > -1. */
    BIN2(FP64, VEC_MAX, 0xbff0000000000000ull, D_1, D_1, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * FP32 / FP16: cancellation, signed zeros, subnormal results, tininess
 * after rounding, infinities.
 */
START_TEST(test_cancel_subnormal)
{
    /* (1 + 2^-23) - 1 = 2^-23 (field 104 = 0x68): exact, no NX. */
    BIN(FP32, VEC_SUB, 0x3f800001, F_1, 0x34000000, 0);
    BIN(FP32, VEC_ADD, 0x3f800001, F_NEG1, 0x34000000, 0);
    /* 1 - (1 - 2^-24) = 2^-24 (0x33800000), exact. */
    BIN(FP32, VEC_SUB, F_1, 0x3f7fffff, 0x33800000, 0);
    /* 2^-126 - (2^-126 - 2^-149) = 2^-149, exact. */
    BIN(FP32, VEC_SUB, 0x00800000, 0x007fffff, 0x00000001, 0);
    /* 2^-149 / 2: tie between 0 and 2^-149 -> even 0; the sign stays. */
    BIN(FP32, VEC_MUL, 0x00000001, F_0_5, F_0, UF | NX);
    BIN(FP32, VEC_MUL, 0x80000001, F_0_5, F_NEG0, UF | NX);
    /* 0.75 * 2^-149 -> 2^-149. */
    BIN(FP32, VEC_MUL, 0x00000001, F_0_75, 0x00000001, UF | NX);
    /* (1 - 2^-24) * 2^-126 = 2^-126 - 2^-150: midway between 0x7FFFFF
     * (odd) and 0x800000 -> 2^-126.  Tininess after rounding: at 24 bits
     * with an unbounded exponent the value is exact (1.1...1b * 2^-127,
     * below 2^-126), so it is tiny: UF NX. */
    BIN(FP32, VEC_MUL, 0x3f7fffff, 0x00800000, 0x00800000, UF | NX);
    /* (1 + 2^-23) * (2^-126 - 2^-149) = 2^-126 (1 - 2^-46) = 2^-126 -
     * 2^-172: at 24 bits it rounds to 2^-126 (the gap 2^-172 is below
     * half the 2^-150 ulp), so it is not tiny: NX only. */
    BIN(FP32, VEC_MUL, 0x3f800001, 0x007fffff, 0x00800000, NX);
    /* FP16: 2^-24 / 2 -> 0; 3 * 2^-24 / 2 = 1.5 units -> 2 units. */
    BIN(FP16, VEC_MUL, 0x0001, 0x3800, 0x0000, UF | NX);
    BIN(FP16, VEC_MUL, 0x0003, 0x3800, 0x0002, UF | NX);
    /* Signed zeros in FP16. */
    BIN(FP16, VEC_ADD, 0x8000, 0x8000, 0x8000, 0);
    BIN(FP16, VEC_ADD, 0x8000, 0x0000, 0x0000, 0);
    BIN(FP16, VEC_SUB, 0x8000, 0x8000, 0x0000, 0);
    BIN(FP16, VEC_SUB, 0x0000, 0x8000, 0x0000, 0);
    BIN(FP16, VEC_ADD, 0x8400, 0x0400, 0x0000, 0);
    /* x + -0 = x for a subnormal x. */
    BIN(FP32, VEC_ADD, 0x80000001, F_NEG0, 0x80000001, 0);
    BIN(FP32, VEC_MUL, F_NEG1, F_0, F_NEG0, 0);
    BIN(FP32, VEC_MUL, F_NEG0, F_NEG0, F_0, 0);
    /* Infinities. */
    BIN(FP32, VEC_ADD, F_INF, F_INF, F_INF, 0);
    BIN(FP32, VEC_SUB, F_INF, F_NINF, F_INF, 0);
    BIN(FP32, VEC_SUB, F_INF, F_INF, F_QNAN, NV);
    BIN(FP32, VEC_SUB, F_NINF, F_1, F_NINF, 0);
    BIN(FP32, VEC_MUL, F_INF, F_NEG2, F_NINF, 0);
    BIN(FP32, VEC_MUL, F_INF, F_0, F_QNAN, NV);
    BIN(FP32, VEC_MUL, F_0, F_NINF, F_QNAN, NV);
    BIN(FP32, VEC_ADD, F_INF, F_QNAN, F_QNAN, 0);
    BIN(FP32, VEC_ADD, F_INF, F_SNAN, F_QNAN, NV);
}
END_TEST

/* ---------------------------------------------------------------------
 * BF16, TF32, HF32, E5M2, E4M3 rounding grids.
 */
START_TEST(test_narrow_formats)
{
    /* BF16 (7 fraction bits; ulp at 1 is 2^-7). */
    /* 1 + 1.5 * 2^-8 (0x3BC0): above half -> 1 + 2^-7. */
    BIN(BF16, VEC_ADD, 0x3f80, 0x3bc0, 0x3f81, NX);
    /* (1 + 2^-7) + 2^-8: tie, 0x3F81 odd -> 0x3F82. */
    BIN(BF16, VEC_ADD, 0x3f81, 0x3b80, 0x3f82, NX);
    /* (1 + 2^-7)^2 = 1 + 2^-6 + 2^-14 -> 1 + 2^-6. */
    BIN(BF16, VEC_MUL, 0x3f81, 0x3f81, 0x3f82, NX);
    BIN(BF16, VEC_ADD, 0x7f7f, 0x7f7f, 0x7f80, OF | NX);
    BIN(BF16, VEC_SUB, 0x7f80, 0x7f80, 0x7fc0, NV);
    /* 2^-133 / 2: tie -> 0. */
    BIN(BF16, VEC_MUL, 0x0001, 0x3f00, 0x0000, UF | NX);

    /* TF32: FP32 carrier, 10 fraction bits in 22:13, ulp at 1 is 2^-10
     * (bit 13); bits 12:0 of every result are 0. */
    /* 1 + 2^-11 (field 116: 0x3A000000): tie -> 1.0. */
    BIN(TF32, VEC_ADD, F_1, 0x3a000000, F_1, NX);
    /* 1 + 1.5 * 2^-11 (0x3A400000): above half -> 1 + 2^-10. */
    BIN(TF32, VEC_ADD, F_1, 0x3a400000, 0x3f802000, NX);
    /* (1 + 2^-10) + 2^-11: tie, odd -> 1 + 2^-9. */
    BIN(TF32, VEC_ADD, 0x3f802000, 0x3a000000, 0x3f804000, NX);
    /* (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 -> 1 + 2^-9. */
    BIN(TF32, VEC_MUL, 0x3f802000, 0x3f802000, 0x3f804000, NX);
    /* 1 + 2^-10 exact. */
    BIN(TF32, VEC_ADD, F_1, 0x3a800000, 0x3f802000, 0);
    BIN(TF32, VEC_ADD, 0x7f7fe000, 0x7f7fe000, F_INF, OF | NX);
    /* max + 2^116 (half the ulp 2^117 at 2^127; field 243 = 0xF3): tie,
     * max odd -> 2^128: inf. */
    BIN(TF32, VEC_ADD, 0x7f7fe000, 0x79800000, F_INF, OF | NX);
    /* Smallest subnormal 2^-136 = 0x00002000; / 2 -> tie -> 0; 3 units /
     * 2 -> 2 units = 0x00004000. */
    BIN(TF32, VEC_MUL, 0x00002000, F_0_5, 0x00000000, UF | NX);
    BIN(TF32, VEC_MUL, 0x00006000, F_0_5, 0x00004000, UF | NX);
    BIN(TF32, VEC_SUB, F_INF, F_INF, F_QNAN, NV);
    BIN(TF32, VEC_ADD, 0x7fc02000, F_1, F_QNAN, 0);

    /* HF32: 11 fraction bits in 22:12, ulp at 1 is 2^-11 (bit 12). */
    /* 1 + 2^-12 (field 115: 0x39800000): tie -> 1.0. */
    BIN(HF32, VEC_ADD, F_1, 0x39800000, F_1, NX);
    /* 1 + 2^-11 (0x3A000000) exact. */
    BIN(HF32, VEC_ADD, F_1, 0x3a000000, 0x3f801000, 0);
    /* (1 + 2^-11) + 2^-12: tie, odd -> 1 + 2^-10. */
    BIN(HF32, VEC_ADD, 0x3f801000, 0x39800000, 0x3f802000, NX);
    /* (1 + 2^-11)^2 = 1 + 2^-10 + 2^-22 -> 1 + 2^-10. */
    BIN(HF32, VEC_MUL, 0x3f801000, 0x3f801000, 0x3f802000, NX);
    /* max + 2^115 (half the ulp 2^116; 0x79000000): tie, odd -> inf. */
    BIN(HF32, VEC_ADD, 0x7f7ff000, 0x79000000, F_INF, OF | NX);

    /* E5M2 (2 fraction bits, bias 15): 0x3C = 1.0, 0x3D = 1.25, 0x3E =
     * 1.5, 0x30 = 2^-3, 0x38 = 0.5, 0x01 = 2^-16. */
    /* 1 + 0.125: half the ulp 0.25 -> even 1.0. */
    BIN(E5M2, VEC_ADD, 0x3c, 0x30, 0x3c, NX);
    /* 1.25 + 0.125: tie, odd -> 1.5. */
    BIN(E5M2, VEC_ADD, 0x3d, 0x30, 0x3e, NX);
    /* 1.25^2 = 1.5625 -> 1.5. */
    BIN(E5M2, VEC_MUL, 0x3d, 0x3d, 0x3e, NX);
    /* 2^-16 / 2 -> 0; 3 * 2^-16 / 2 -> 2 units. */
    BIN(E5M2, VEC_MUL, 0x01, 0x38, 0x00, UF | NX);
    BIN(E5M2, VEC_MUL, 0x03, 0x38, 0x02, UF | NX);
    /* max 57344 + 2^12 (0x6C; half the ulp 2^13): tie, odd -> inf. */
    BIN(E5M2, VEC_ADD, 0x7b, 0x6c, 0x7c, OF | NX);
    /* 0x7F: quiet NaN; 0xFD: sNaN; inf - inf. */
    BIN(E5M2, VEC_ADD, 0x7f, 0x3c, 0x7e, 0);
    BIN(E5M2, VEC_ADD, 0xfd, 0x3c, 0x7e, NV);
    BIN(E5M2, VEC_SUB, 0x7c, 0x7c, 0x7e, NV);
    BIN(E5M2, VEC_MUL, 0x7c, 0x00, 0x7e, NV);

    /* E4M3 (3 fraction bits, bias 7): 0x38 = 1.0, 0x39 = 1.125, 0x3A =
     * 1.25, 0x18 = 2^-4, 0x30 = 0.5, 0x01 = 2^-9. */
    /* 1 + 2^-4: half the ulp 2^-3 -> 1.0. */
    BIN(E4M3, VEC_ADD, 0x38, 0x18, 0x38, NX);
    /* 1.125 + 2^-4: tie, odd -> 1.25. */
    BIN(E4M3, VEC_ADD, 0x39, 0x18, 0x3a, NX);
    /* 2^-9 / 2 -> 0. */
    BIN(E4M3, VEC_MUL, 0x01, 0x30, 0x00, UF | NX);
    /* -448 + -32 (0xE0) = -480: overflow -> the NaN 0x7F. */
    BIN(E4M3, VEC_ADD, 0xfe, 0xe0, 0x7f, OF | NX);
    BIN(E4M3, VEC_MUL, 0x7e, 0x7e, 0x7f, OF | NX);
    /* NaN operands (quiet only in E4M3): 0x7F, no flag. */
    BIN(E4M3, VEC_ADD, 0x7f, 0x38, 0x7f, 0);
    BIN(E4M3, VEC_ADD, 0xff, 0x38, 0x7f, 0);
    BIN(E4M3, VEC_SUB, 0x7e, 0x7e, 0x00, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * TFMA: one rounding in FP16 and FP64, signed zeros, overflow avoided by
 * fusion, pto-v0, and integer wrap.
 */
START_TEST(test_fma_extra)
{
    /* FP16: (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20; - (1 + 2^-9) (0xBC02) =
     * 2^-20 = 16 * 2^-24 = 0x0010, exact (unfused: 0). */
    FMA(FP16, 0x3c01, 0x3c01, 0xbc02, 0x0010, 0);
    /* + 2^-11 (0x1000): 1 + 2 * 2^-10 + (1/2 + 2^-10) * 2^-10 is past the
     * midpoint -> 1 + 3 * 2^-10 = 0x3C03.  Unfused: the product rounds to
     * 0x3C02 first, then + 2^-11 is a tie -> 0x3C02. */
    FMA(FP16, 0x3c01, 0x3c01, 0x1000, 0x3c03, NX);
    /* FP64: (1 + 2^-52)^2 - (1 + 2^-51) = 2^-104 (field 919 = 0x397). */
    FMA(FP64, 0x3ff0000000000001ull, 0x3ff0000000000001ull, 0xbff0000000000002ull,
        0x3970000000000000ull, 0);
    /* + 2^-53 (0x3CA): 1 + 2 * 2^-52 + (1/2 + 2^-52) * 2^-52 -> up to
     * 1 + 3 * 2^-52. */
    FMA(FP64, 0x3ff0000000000001ull, 0x3ff0000000000001ull, 0x3ca0000000000000ull,
        0x3ff0000000000003ull, NX);
    /* FP64, a product whose low bits fall below the intermediate when it
     * is aligned to the addend 1.0 (sticky subtraction):
     * x = 2^-27 (1 + 2^-52) = 0x3E40000000000001; x * -x = -(2^-54 +
     * 2^-105 + 2^-158): 1 - that is past the midpoint 1 - 2^-54 ->
     * 1 - 2^-53. */
    FMA(FP64, 0x3e40000000000001ull, 0xbe40000000000001ull, 0x3ff0000000000000ull,
        0x3fefffffffffffffull, NX);
    /* y = 2^-27 (1 - 2^-52) = 2^-28 (2 - 2^-51) = 0x3E3FFFFFFFFFFFFE;
     * x * -y = -(2^-54 - 2^-158): 1 - 2^-54 + 2^-158 is above the
     * midpoint -> 1.0. */
    FMA(FP64, 0x3e40000000000001ull, 0xbe3ffffffffffffeull, 0x3ff0000000000000ull,
        0x3ff0000000000000ull, NX);
    /* max * 2 - max = max exactly: no overflow inside a fused op. */
    FMA(FP32, F_MAX, F_2, F_NMAX, F_MAX, 0);
    /* max * 2 + 0 overflows. */
    FMA(FP32, F_MAX, F_2, F_0, F_INF, OF | NX);
    /* Zero products: +0 + -0 = +0; -0 + -0 = -0; 1 * 1 - 1 = +0. */
    FMA(FP32, F_1, F_0, F_NEG0, F_0, 0);
    FMA(FP32, F_NEG1, F_0, F_NEG0, F_NEG0, 0);
    FMA(FP32, F_NEG1, F_0, F_0, F_0, 0);
    FMA(FP32, F_1, F_1, F_NEG1, F_0, 0);
    /* 0 * x + a = a exactly, even a subnormal. */
    FMA(FP32, F_0, F_2, 0x00000001, 0x00000001, 0);
    /* A tiny product rounds to a signed zero: 2^-25 -> 0, -2^-25 -> -0. */
    FMA(FP16, 0x0001, 0x3800, 0x0000, 0x0000, UF | NX);
    FMA(FP16, 0x8001, 0x3800, 0x0000, 0x8000, UF | NX);
    /* An sNaN addend: NV in both profiles. */
    FMA2(FP32, F_1, F_1, F_SNAN, F_QNAN, NV);
    /* inf * qNaN + -inf: the product is a NaN, not an infinity: no
     * invalid case; ieee gives the canonical NaN without a flag. */
    FMA(FP32, F_INF, F_QNAN, F_NINF, F_QNAN, 0);
    /* pto-v0 outside the invalid cases is raw: qNaN * 0 + 1.0 =
     * 0x7FC00000 * 0 + 0x3F800000. */
    FMA_V0(FP32, F_QNAN, F_0, F_1, F_1, 0);

    /* Integer TFMA wraps, both profiles, no flags. */
    /* S16: 32767 * 2 = 0xFFFE, + 1 = 0xFFFF. */
    FMA2(S16, 0x7fff, 0x0002, 0x0001, 0xffff, 0);
    /* U32: low32((2^32 - 1)^2) = 1, + 5 = 6. */
    FMA2(U32, 0xffffffff, 0xffffffff, 0x00000005, 0x00000006, 0);
    /* S64: -2^63 * 2 = -2^64 = 0 mod 2^64, + 3. */
    FMA2(S64, 0x8000000000000000ull, 2, 3, 3, 0);
    /* S8: -128 * -1 = 128 = 0x80, + 0x80 = 0x100 -> 0. */
    FMA2(S8, 0x80, 0xff, 0x80, 0x00, 0);
    /* U64: (2^64 - 1)^2 = 1 mod 2^64, + (2^64 - 1) = 2^64 -> 0. */
    FMA2(U64, 0xffffffffffffffffull, 0xffffffffffffffffull, 0xffffffffffffffffull, 0, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Integers: 64-bit arithmetic, shifts on S64 / U64 / S16, min / max
 * signedness and ties, unary on 64 bits.
 */
START_TEST(test_int_extra)
{
    BIN2(S64, VEC_ADD, 0x7fffffffffffffffull, 1, 0x8000000000000000ull, 0);
    BIN2(U64, VEC_SUB, 0, 1, 0xffffffffffffffffull, 0);
    /* -1 * -1 = 1. */
    BIN2(S64, VEC_MUL, 0xffffffffffffffffull, 0xffffffffffffffffull, 1, 0);
    /* -1 * -32768 = 32768 -> 0x8000. */
    BIN2(S16, VEC_MUL, 0xffff, 0x8000, 0x8000, 0);
    BIN2(U8, VEC_MUL, 0x10, 0x10, 0x00, 0);
    BIN2(S8, VEC_OR, 0x0f, 0xf0, 0xff, 0);
    BIN2(U64, VEC_AND, 0xff00ff00ff00ff00ull, 0x0ff00ff00ff00ff0ull,
         0x0f000f000f000f00ull, 0);

    /* Shifts: S64 / U64. */
    BIN2(S64, VEC_SHR, 0x8000000000000000ull, 63, 0xffffffffffffffffull, 0);
    BIN2(U64, VEC_SHR, 0x8000000000000000ull, 63, 1, 0);
    /* count 64 -> 0; 65 -> 1: -2^63 >> 1 = -2^62 = 0xC000... */
    BIN2(S64, VEC_SHR, 0x8000000000000000ull, 64, 0x8000000000000000ull, 0);
    BIN2(S64, VEC_SHR, 0x8000000000000000ull, 65, 0xc000000000000000ull, 0);
    BIN2(S64, VEC_SHL, 1, 63, 0x8000000000000000ull, 0);
    /* count 0x7F & 63 = 63: 3 << 63 keeps bit 63 only. */
    BIN2(U64, VEC_SHL, 3, 0x7f, 0x8000000000000000ull, 0);
    BIN2(U64, VEC_SHL, 1, 64, 1, 0);
    /* S16. */
    BIN2(S16, VEC_SHL, 0x4001, 1, 0x8002, 0);
    /* count 0x18 & 15 = 8. */
    BIN2(S16, VEC_SHL, 0x00ff, 0x18, 0xff00, 0);
    /* count 16 & 15 = 0. */
    BIN2(S16, VEC_SHR, 0x8001, 0x0010, 0x8001, 0);
    /* count 0xFFFF (-1 as S16) & 15 = 15: -4096 >> 15 = -1. */
    BIN2(S16, VEC_SHR, 0xf000, 0xffff, 0xffff, 0);
    BIN2(S16, VEC_SHR, 0x7000, 12, 0x0007, 0);
    BIN2(U16, VEC_SHR, 0xf000, 12, 0x000f, 0);
    BIN2(S8, VEC_SHL, 0x01, 7, 0x80, 0);
    BIN2(S8, VEC_SHL, 0x01, 8, 0x01, 0);
    BIN2(U32, VEC_SHL, 0x1, 32, 0x1, 0);
    BIN2(S32, VEC_SHR, 0x80000000, 0x20, 0x80000000, 0);

    /* Signed vs unsigned max / min. */
    BIN2(S64, VEC_MAX, 0x8000000000000000ull, 0x7fffffffffffffffull,
         0x7fffffffffffffffull, 0);
    BIN2(U64, VEC_MAX, 0x8000000000000000ull, 0x7fffffffffffffffull,
         0x8000000000000000ull, 0);
    BIN2(S64, VEC_MIN, 0x8000000000000000ull, 0x7fffffffffffffffull,
         0x8000000000000000ull, 0);
    BIN2(U64, VEC_MIN, 0x8000000000000000ull, 0x7fffffffffffffffull,
         0x7fffffffffffffffull, 0);
    BIN2(S16, VEC_MIN, 0x8000, 0x7fff, 0x8000, 0);
    BIN2(U16, VEC_MIN, 0x8000, 0x7fff, 0x7fff, 0);
    BIN2(S32, VEC_MAX, 0xffffffff, 0, 0, 0);
    BIN2(U32, VEC_MAX, 0xffffffff, 0, 0xffffffff, 0);
    /* Ties keep the left operand (the same bits). */
    BIN2(S32, VEC_MAX, 5, 5, 5, 0);
    BIN2(U16, VEC_MIN, 0x1234, 0x1234, 0x1234, 0);
    BIN2(FP32, VEC_MAX, F_1, F_1, F_1, 0);
    BIN2(FP32, VEC_MIN, F_NEG0, F_NEG0, F_NEG0, 0);
    BIN2(FP32, VEC_MIN, F_0, F_0, F_0, 0);
    /* More floating min / max. */
    BIN2(FP32, VEC_MIN, F_QNAN, F_NEG0, F_NEG0, 0);
    BIN2(FP32, VEC_MAX, F_INF, F_QNAN, F_INF, 0);
    BIN2(FP32, VEC_MAX, F_SNAN, F_SNAN, F_QNAN, NV);
    BIN2(FP32, VEC_MIN, 0x00000001, 0x00000002, 0x00000001, 0);
    BIN2(FP32, VEC_MAX, 0x80000001, 0x80000002, 0x80000001, 0);
    BIN2(FP32, VEC_MIN, F_NINF, F_NMAX, F_NINF, 0);

    /* Unary on 64 bits and U8. */
    UN(S64, VEC_ABS, 0x8000000000000000ull, 0x8000000000000000ull, 0);
    UN(S64, VEC_ABS, 0xfffffffffffffffbull, 5, 0);
    UN(U64, VEC_NEG, 1, 0xffffffffffffffffull, 0);
    UN(U64, VEC_NOT, 0, 0xffffffffffffffffull, 0);
    UN(S64, VEC_RELU, 0x8000000000000000ull, 0, 0);
    UN(U8, VEC_NOT, 0x0f, 0xf0, 0);
    UN(U8, VEC_RELU, 0x80, 0x80, 0);
    /* Floating TRELU of a positive subnormal and of FP64 -1. */
    UN(FP32, VEC_RELU, 0x00000001, 0x00000001, 0);
    UN(FP64, VEC_RELU, 0xbff0000000000000ull, 0, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * TCMP: signed vs unsigned on 64 (and 32, 16) bits.
 */
START_TEST(test_compare_int)
{
    /* -2^63 < 2^63 - 1 signed; 2^63 > 2^63 - 1 unsigned. */
    CMP6(S64, 0x8000000000000000ull, 0x7fffffffffffffffull, 0, 1, 1, 0, 1, 0, 0);
    CMP6(U64, 0x8000000000000000ull, 0x7fffffffffffffffull, 0, 1, 0, 1, 0, 1, 0);
    /* -1 < 1 signed; 2^64 - 1 > 1 unsigned. */
    CMP6(S64, 0xffffffffffffffffull, 1, 0, 1, 1, 0, 1, 0, 0);
    CMP6(U64, 0xffffffffffffffffull, 1, 0, 1, 0, 1, 0, 1, 0);
    CMP6(S64, 0x8000000000000000ull, 0x8000000000000000ull, 1, 0, 0, 0, 1, 1, 0);
    CMP6(U64, 0, 0xffffffffffffffffull, 0, 1, 1, 0, 1, 0, 0);
    CMP6(S32, 0x80000000, 0x7fffffff, 0, 1, 1, 0, 1, 0, 0);
    CMP6(U32, 0x80000000, 0x7fffffff, 0, 1, 0, 1, 0, 1, 0);
    CMP6(S16, 0x8000, 0x0001, 0, 1, 1, 0, 1, 0, 0);
    CMP6(U16, 0x8000, 0x0001, 0, 1, 0, 1, 0, 1, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * TCVT beyond the worked examples.
 */
START_TEST(test_convert_extra)
{
    /* RMode 3 is RTM, 4 is RTP: 2.5 -> 2 / 3; -2.5 -> -3 / -2. */
    CVT(S32, FP32, 0x40200000, R_RTM, false, 2, NX);
    CVT(S32, FP32, 0x40200000, R_RTP, false, 3, NX);
    CVT(S32, FP32, 0xc0200000, R_RTM, false, 0xfffffffd, NX);
    CVT(S32, FP32, 0xc0200000, R_RTP, false, 0xfffffffe, NX);
    CVT(S32, FP32, 0xc0200000, R_DEF, false, 0xfffffffe, NX);
    CVT(S32, FP32, 0x40200000, R_RTZ, false, 2, NX);
    /* 255.5 (0x437F8000) -> U8: RTZ 255 in range, NX; RNE 256 is out of
     * range (rounding first): indefinite, NV. */
    CVT(U8, FP32, 0x437f8000, R_DEF, false, 0xff, NX);
    CVT(U8, FP32, 0x437f8000, R_RNE, false, 0xff, NV);
    /* FP32 -> BF16: 1 + 2^-8 tie -> 1.0; 1 + 2^-7 + 2^-8 tie, odd -> up. */
    CVT(BF16, FP32, 0x3f808000, R_DEF, false, 0x3f80, NX);
    CVT(BF16, FP32, 0x3f818000, R_DEF, false, 0x3f82, NX);
    /* FP32 -> TF32: 1 + 2^-11 (bit 12) tie -> 1.0; RTP -> 1 + 2^-10. */
    CVT(TF32, FP32, 0x3f801000, R_DEF, false, 0x3f800000, NX);
    CVT(TF32, FP32, 0x3f801000, R_RTP, false, 0x3f802000, NX);
    /* FP32 -> HF32: 1 + 2^-12 (bit 11) tie -> 1.0; 1 + 2^-11 + 2^-12 tie,
     * odd -> 1 + 2^-10. */
    CVT(HF32, FP32, 0x3f800800, R_DEF, false, 0x3f800000, NX);
    CVT(HF32, FP32, 0x3f801800, R_DEF, false, 0x3f802000, NX);
    /* FP32 1.125 -> E5M2 (ulp 0.25): tie -> 1.0 = 0x3C. */
    CVT(E5M2, FP32, 0x3f900000, R_DEF, false, 0x3c, NX);
    /* +inf -> E4M3 (no infinity): NaN, OF NX; Sat: 448, OF NX. */
    CVT(E4M3, FP32, F_INF, R_DEF, false, 0x7f, OF | NX);
    CVT(E4M3, FP32, F_INF, R_DEF, true, 0x7e, OF | NX);
    /* 449 (0x43E08000) = 14.03 units of 32 -> 448, NX. */
    CVT(E4M3, FP32, 0x43e08000, R_DEF, false, 0x7e, NX);
    /* FP64 1 + 2^-24 + 2^-52 -> FP32: past the midpoint -> 1 + 2^-23
     * (one rounding from the exact value). */
    CVT(FP32, FP64, 0x3ff0000010000001ull, R_DEF, false, 0x3f800001, NX);
    /* S32 70000 (0x11170) -> FP16: RNE inf; RTZ and Sat the max. */
    CVT(FP16, S32, 0x00011170, R_DEF, false, 0x7c00, OF | NX);
    CVT(FP16, S32, 0x00011170, R_RTZ, false, 0x7bff, OF | NX);
    CVT(FP16, S32, 0x00011170, R_DEF, true, 0x7bff, OF | NX);
    /* -70000 RTP: toward +inf, a negative overflow gives -max. */
    CVT(FP16, FP32, 0xc788b800, R_RTP, false, 0xfbff, OF | NX);
    /* U32 65519: 15 above 65504 < 16 -> 65504. */
    CVT(FP16, U32, 0x0000ffef, R_DEF, false, 0x7bff, NX);
    /* FP16 NaNs and -0 -> FP32. */
    CVT(FP32, FP16, 0x7c01, R_DEF, false, F_QNAN, NV);
    CVT(FP32, FP16, 0x7e00, R_DEF, false, F_QNAN, 0);
    CVT(FP32, FP16, 0x8000, R_DEF, false, F_NEG0, 0);
    /* FP32 -> FP16 subnormals: 2^-25 -> 0; 1.5 * 2^-24 -> 2 units. */
    CVT(FP16, FP32, 0x33000000, R_DEF, false, 0x0000, UF | NX);
    CVT(FP16, FP32, 0x33c00000, R_DEF, false, 0x0002, UF | NX);
    /* S8 -128 -> FP32 -128 = 0xC3000000; U64 2^64 - 1 -> 2^64 =
     * 0x5F800000, NX. */
    CVT(FP32, S8, 0x80, R_DEF, false, 0xc3000000, 0);
    CVT(FP32, U64, 0xffffffffffffffffull, R_DEF, false, 0x5f800000, NX);
    /* E8M0: 1.25 < sqrt(2) -> RNE 0 (0x7F), RTP 1 (0x80); 0.75 RTO:
     * f = -1 is odd -> 0x7E; RMode 0 is RNE; FP16 powers of two. */
    CVT2(E8M0, FP32, 0x3fa00000, R_RNE, false, 0x7f, NX);
    CVT2(E8M0, FP32, 0x3fa00000, R_RTP, false, 0x80, NX);
    CVT2(E8M0, FP32, F_0_75, R_RTO, false, 0x7e, NX);
    CVT2(E8M0, FP32, F_0_75, R_DEF, false, 0x7f, NX);
    CVT2(E8M0, FP16, 0x3c00, R_DEF, false, 0x7f, 0);
    CVT2(E8M0, FP16, 0x0001, R_DEF, false, 0x67, 0);      /* 2^-24 */
    /* The range checks come before rounding (15.10): f = 127 inexact is
     * OF even under RTM; f = -128 is UF even under RTP. */
    CVT2(E8M0, FP32, F_MAX, R_RTM, false, 0xff, OF | NX);
    CVT2(E8M0, FP32, 0x00200000, R_RTP, false, 0xff, UF | NX);
    /* 1.5 * 2^-127 (0x00600000): f = -127 -> RNE -126 = 0x01; 2^-149:
     * f < -127, UF NX. */
    CVT2(E8M0, FP32, 0x00600000, R_DEF, false, 0x01, NX);
    CVT2(E8M0, FP32, 0x00000001, R_DEF, false, 0xff, UF | NX);
    /* +inf without Sat: 0xFF, OF NX; -inf, a negative subnormal and a
     * NaN: 0xFF, NV. */
    CVT2(E8M0, BF16, 0x7f80, R_DEF, false, 0xff, OF | NX);
    CVT2(E8M0, BF16, 0xff80, R_DEF, false, 0xff, NV);
    CVT2(E8M0, FP32, 0x80000001, R_DEF, false, 0xff, NV);
    CVT2(E8M0, BF16, 0x7fc0, R_DEF, false, 0xff, NV);
    /* Integer -> integer through 4-bit lanes: S4 0xF (-1) -> S8 0xFF;
     * S64 -1 -> U4 Sat 0. */
    CVT2(S8, S4, 0xf, R_DEF, false, 0xff, 0);
    CVT2(U4, S64, 0xffffffffffffffffull, R_DEF, true, 0x0, 0);
    /* pto-v0: raw, so a qNaN -> S32 with Sat is its bits, no flag; FP32
     * -1.0 -> S16 keeps the low 16 bits (0). */
    CVT_V0(S32, FP32, F_QNAN, R_DEF, true, F_QNAN, 0);
    CVT_V0(S16, FP32, F_NEG1, R_RNE, false, 0x0000, 0);
}
END_TEST

/* ---------------------------------------------------------------------
 * Type sets and encoding validity of the 25 DataType codes.
 */
START_TEST(test_type_sets)
{
    static const struct {
        unsigned dt;
        bool arith, integer;
    } t[] = {
        { FP64, true, false }, { FP32, true, false }, { TF32, true, false },
        { HF32, true, false }, { FP16, true, false }, { BF16, true, false },
        { HIF8, false, false }, { E4M3, true, false }, { E5M2, true, false },
        { TILE_DT_E3M2, false, false }, { TILE_DT_E2M3, false, false },
        { TILE_DT_E2M1X2, false, false }, { TILE_DT_E1M2X2, false, false },
        { E8M0, false, false }, { TILE_DT_HIF4X2, false, false },
        { S64, true, true }, { S32, true, true }, { S16, true, true },
        { S8, true, true }, { S4, false, false },
        { U64, true, true }, { U32, true, true }, { U16, true, true },
        { U8, true, true }, { U4, false, false },
        /* reserved codes */
        { 15, false, false }, { 21, false, false }, { 22, false, false },
        { 23, false, false }, { 29, false, false }, { 30, false, false },
        { 31, false, false },
    };

    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
        cases++;
        ck_assert_msg(vec_type_arith(t[i].dt) == t[i].arith &&
                      vec_type_integer(t[i].dt) == t[i].integer,
                      "dtype %u: arith %d integer %d", t[i].dt,
                      vec_type_arith(t[i].dt), vec_type_integer(t[i].dt));
    }
}
END_TEST

#define VALID(dt, raw, want) \
    do { \
        cases++; \
        ck_assert_msg(vec_encoding_valid(dt, raw) == (want), \
                      "line %d: dtype %u raw 0x%llx", __LINE__, (unsigned)(dt), \
                      (unsigned long long)(raw)); \
    } while (0)

START_TEST(test_encoding_valid)
{
    /* Only TF32 (12:0), HF32 (11:0), E3M2 / E2M3 (7:6) can be invalid;
     * NaNs and infinities are valid encodings. */
    VALID(FP64, 0xffffffffffffffffull, true);
    VALID(FP64, 1, true);
    VALID(FP32, 0x3f800001, true);
    VALID(FP32, F_SNAN, true);
    VALID(TF32, 0x3f800000, true);
    VALID(TF32, 0x3f802000, true);
    VALID(TF32, 0xffffe000, true);
    VALID(TF32, 0x3f800001, false);
    VALID(TF32, 0x3f801000, false);
    VALID(TF32, 0x00001fff, false);
    VALID(HF32, 0x3f801000, true);
    VALID(HF32, 0xfffff000, true);
    VALID(HF32, 0x3f800800, false);
    VALID(HF32, 0x00000001, false);
    VALID(HF32, 0x00000fff, false);
    VALID(FP16, 0xffff, true);
    VALID(BF16, 0xffff, true);
    VALID(HIF8, 0x80, true);
    VALID(HIF8, 0xff, true);
    VALID(E4M3, 0xff, true);
    VALID(E5M2, 0xff, true);
    VALID(TILE_DT_E3M2, 0x3f, true);
    VALID(TILE_DT_E3M2, 0x40, false);
    VALID(TILE_DT_E3M2, 0x80, false);
    VALID(TILE_DT_E3M2, 0xc0, false);
    VALID(TILE_DT_E2M3, 0x3f, true);
    VALID(TILE_DT_E2M3, 0x41, false);
    VALID(TILE_DT_E2M3, 0x80, false);
    VALID(TILE_DT_E2M1X2, 0xf, true);
    VALID(TILE_DT_E1M2X2, 0xf, true);
    VALID(E8M0, 0xff, true);
    VALID(E8M0, 0x00, true);
    VALID(TILE_DT_HIF4X2, 0xf, true);
    VALID(S64, 0xffffffffffffffffull, true);
    VALID(S32, 0xffffffff, true);
    VALID(S16, 0xffff, true);
    VALID(S8, 0xff, true);
    VALID(S4, 0xf, true);
    VALID(U64, 0xffffffffffffffffull, true);
    VALID(U32, 0xffffffff, true);
    VALID(U16, 0xffff, true);
    VALID(U8, 0xff, true);
    VALID(U4, 0xf, true);
}
END_TEST

/* Flags accumulate: the functions OR, never clear. */
START_TEST(test_flags_accumulate)
{
    unsigned flags = NV;

    ck_assert_uint_eq(vec_binary(FP32, VEC_ADD, F_1, 0x33800000, false, &flags), F_1);
    ck_assert_uint_eq(flags, NV | NX);
    ck_assert_uint_eq(vec_binary(S8, VEC_ADD, 0x7f, 0x01, false, &flags), 0x80);
    ck_assert_uint_eq(flags, NV | NX);
    flags = DZ;
    ck_assert_uint_eq(vec_fma(FP32, F_MAX, F_2, F_0, false, &flags), F_INF);
    ck_assert_uint_eq(flags, DZ | OF | NX);
    cases += 3;
}
END_TEST

/*
 * FP32 against the host's own IEEE binary32 arithmetic (an independent
 * implementation: SSE rounds to nearest even, detects tininess after
 * rounding and raises the five flags), over random operands biased toward
 * subnormals, ties, cancellation and overflow.  NaN results only need to
 * be NaN here (the host's default NaN is not the canonical one).
 */
static uint32_t rnd32(uint64_t *st)
{
    *st ^= *st << 13;
    *st ^= *st >> 7;
    *st ^= *st << 17;
    return (uint32_t)(*st >> 11);
}

static uint32_t biased_fp32(uint64_t *st)
{
    uint32_t v = rnd32(st);

    switch (v & 7) {
    case 0:                     /* a subnormal or tiny normal */
        return (v & 0x80000000u) | (rnd32(st) & 0x00ffffffu);
    case 1:                     /* huge */
        return (v & 0x80000000u) | 0x7e000000u | (rnd32(st) & 0x00ffffffu);
    case 2:                     /* a few ulps from 1 */
        return (v & 0x80000000u) | (0x3f800000u + (rnd32(st) & 3)) | 0;
    default:
        return v;
    }
}

static unsigned host_flags(void)
{
    int e = fetestexcept(FE_ALL_EXCEPT);

    return (e & FE_INVALID ? TILE_NUM_NV : 0) | (e & FE_DIVBYZERO ? TILE_NUM_DZ : 0) |
           (e & FE_OVERFLOW ? TILE_NUM_OF : 0) | (e & FE_UNDERFLOW ? TILE_NUM_UF : 0) |
           (e & FE_INEXACT ? TILE_NUM_NX : 0);
}

START_TEST(test_fp32_host_differential)
{
    uint64_t st = 0x9e3779b97f4a7c15ull;

    for (int i = 0; i < 300000; i++) {
        uint32_t a = biased_fp32(&st), b = biased_fp32(&st), c = biased_fp32(&st);
        volatile float fa, fb, fc;
        float r;
        uint32_t want[4], got[4];
        unsigned wf[4], gf[4] = { 0, 0, 0, 0 };

        memcpy((void *)&fa, &a, 4);
        memcpy((void *)&fb, &b, 4);
        memcpy((void *)&fc, &c, 4);
        for (int k = 0; k < 4; k++) {
            feclearexcept(FE_ALL_EXCEPT);
            r = k == 0 ? fa + fb : k == 1 ? fa - fb : k == 2 ? fa * fb : fmaf(fa, fb, fc);
            wf[k] = host_flags();
            memcpy(&want[k], &r, 4);
        }
        got[0] = (uint32_t)vec_binary(FP32, VEC_ADD, a, b, false, &gf[0]);
        got[1] = (uint32_t)vec_binary(FP32, VEC_SUB, a, b, false, &gf[1]);
        got[2] = (uint32_t)vec_binary(FP32, VEC_MUL, a, b, false, &gf[2]);
        got[3] = (uint32_t)vec_fma(FP32, a, b, c, false, &gf[3]);
        for (int k = 0; k < 4; k++) {
            float w;
            memcpy(&w, &want[k], 4);
            if (isnan(w)) {
                ck_assert_msg(got[k] == 0x7fc00000u, "op %d %08x %08x %08x: NaN", k, a, b, c);
                continue;
            }
            ck_assert_msg(got[k] == want[k] && gf[k] == wf[k],
                          "op %d of %08x %08x %08x: %08x flags %x, host %08x flags %x",
                          k, a, b, c, got[k], gf[k], want[k], wf[k]);
        }
    }
}
END_TEST

/* FP64 ADD / SUB / MUL against the host's binary64 arithmetic and flags. */
static uint64_t rnd64(uint64_t *st)
{
    return ((uint64_t)rnd32(st) << 32) | rnd32(st);
}

static uint64_t biased_fp64(uint64_t *st)
{
    uint64_t v = rnd64(st), s = v & (UINT64_C(1) << 63);

    switch (v & 7) {
    case 0:                     /* subnormal or tiny */
        return s | (rnd64(st) & UINT64_C(0x001fffffffffffff));
    case 1:                     /* huge */
        return s | UINT64_C(0x7fe0000000000000) | (rnd64(st) & UINT64_C(0x000fffffffffffff));
    case 2:                     /* a few ulps from 1 */
        return s | (UINT64_C(0x3ff0000000000000) + (rnd64(st) & 3));
    case 3:                     /* near the square root of the smallest normal */
        return s | UINT64_C(0x1ff0000000000000) | (rnd64(st) & UINT64_C(0x001fffffffffffff));
    default:
        return v;
    }
}

START_TEST(test_fp64_host_differential)
{
    uint64_t st = 0x2545f4914f6cdd1dull;

    for (int i = 0; i < 300000; i++) {
        uint64_t a = biased_fp64(&st), b = biased_fp64(&st);
        volatile double da, db;
        double r;
        uint64_t want, got;
        unsigned wf, gf;

        memcpy((void *)&da, &a, 8);
        memcpy((void *)&db, &b, 8);
        for (int k = 0; k < 3; k++) {
            feclearexcept(FE_ALL_EXCEPT);
            r = k == 0 ? da + db : k == 1 ? da - db : da * db;
            wf = host_flags();
            memcpy(&want, &r, 8);
            gf = 0;
            got = vec_binary(TILE_DT_FP64, k == 0 ? VEC_ADD : k == 1 ? VEC_SUB : VEC_MUL, a, b,
                             false, &gf);
            if (isnan(r)) {
                ck_assert_msg(got == UINT64_C(0x7ff8000000000000), "op %d %016lx %016lx: NaN",
                              k, (unsigned long)a, (unsigned long)b);
                continue;
            }
            ck_assert_msg(got == want && gf == wf,
                          "op %d of %016lx %016lx: %016lx flags %x, host %016lx flags %x", k,
                          (unsigned long)a, (unsigned long)b, (unsigned long)got, gf,
                          (unsigned long)want, wf);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vec-elem");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_int_examples);
    tcase_add_test(tc, test_fp32_host_differential);
    tcase_add_test(tc, test_fp64_host_differential);
    tcase_add_test(tc, test_scalar_examples);
    tcase_add_test(tc, test_float_ieee_examples);
    tcase_add_test(tc, test_pto_v0_examples);
    tcase_add_test(tc, test_minmax_unary_examples);
    tcase_add_test(tc, test_compare_examples);
    tcase_add_test(tc, test_fma_examples);
    tcase_add_test(tc, test_convert_examples);
    tcase_add_test(tc, test_fp64_add);
    tcase_add_test(tc, test_cancel_subnormal);
    tcase_add_test(tc, test_narrow_formats);
    tcase_add_test(tc, test_fma_extra);
    tcase_add_test(tc, test_int_extra);
    tcase_add_test(tc, test_compare_int);
    tcase_add_test(tc, test_convert_extra);
    tcase_add_test(tc, test_type_sets);
    tcase_add_test(tc, test_encoding_valid);
    tcase_add_test(tc, test_flags_accumulate);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    /* One process, so the case counter sums over the tests. */
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    printf("%u cases\n", cases);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
