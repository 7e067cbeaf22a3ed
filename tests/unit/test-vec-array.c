/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The VEC arithmetic over arrays (target/tile/numeric/vec_array.c) against
 * the per-element reference (vec_elem.c), bit for bit and flag for flag:
 * every kernel, every data type it serves, on pseudo-random arrays that
 * mix random encodings, NaNs (quiet and signaling), infinities, signed
 * zeros, subnormals, the smallest normal, values near the largest finite
 * one, short significands (exact results and rounding ties), cancelling
 * pairs and products landing near the subnormal and overflow boundaries;
 * lengths below, at and between multiples of the vector width.  Lone
 * elements (n = 1) check the flags of each element alone.  (TCVT and
 * the bulk conversions: test-vec-convert.c.)
 */
#include <check.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "numeric/vec_array.h"
#include "numeric/tile_numeric.h"

#include "vec-array-inputs.h"

enum { T_BIN, T_SCALAR, T_UNARY, T_FMA };

static void check_kernel(int kind, unsigned dt, int op, unsigned rounds)
{
    static uint8_t l[MAXN * 8], r[MAXN * 8], a[MAXN * 8], got[MAXN * 8], want[MAXN * 8];
    unsigned b = width(dt) / 8;

    for (unsigned round = 0; round < rounds; round++) {
        for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) {
            size_t n = lengths[li];
            unsigned fg = 0, fw = 0;
            uint64_t s;

            fill(dt, l, r, a, n);
            s = get(dt, r, 0);
            memset(got, 0xa5, n * b);
            for (size_t i = 0; i < n; i++) {
                uint64_t x = get(dt, l, i), y = get(dt, r, i), z = get(dt, a, i), w;
                switch (kind) {
                case T_BIN:
                    w = vec_binary(dt, op, x, y, false, &fw);
                    break;
                case T_SCALAR:
                    w = vec_binary(dt, op, x, s, false, &fw);
                    break;
                case T_UNARY:
                    w = vec_unary(dt, op, x, &fw);
                    break;
                default:
                    w = vec_fma(dt, x, y, z, false, &fw);
                    break;
                }
                memcpy(want + i * b, &w, b);
            }
            switch (kind) {
            case T_BIN:
                vec_array_binary(dt, op, l, r, got, n, &fg);
                break;
            case T_SCALAR:
                vec_array_binary_scalar(dt, op, l, s, got, n, &fg);
                break;
            case T_UNARY:
                vec_array_unary(dt, op, l, got, n, &fg);
                break;
            default:
                vec_array_fma(dt, l, r, a, got, n, &fg);
                break;
            }
            for (size_t i = 0; i < n; i++) {
                /* (ck_assert costs a write per call: test first) */
                if (get(dt, got, i) == get(dt, want, i)) {
                    continue;
                }
                ck_abort_msg("kind %d type %u op %d n %zu element %zu: %#llx %#llx %#llx "
                              "-> %#llx, reference %#llx", kind, dt, op, n, i,
                              (unsigned long long)get(dt, l, i),
                              (unsigned long long)(kind == T_SCALAR ? s : get(dt, r, i)),
                              (unsigned long long)get(dt, a, i),
                              (unsigned long long)get(dt, got, i),
                              (unsigned long long)get(dt, want, i));
            }
            if (fg != fw) {
                ck_abort_msg("kind %d type %u op %d n %zu: flags %#x, reference %#x "
                          "(first %#llx %#llx %#llx)", kind, dt, op, n, fg, fw,
                          (unsigned long long)get(dt, l, 0), (unsigned long long)get(dt, r, 0),
                          (unsigned long long)get(dt, a, 0));
            }
        }
    }
}

static const VecBinOp float_bin_ops[] = { VEC_ADD, VEC_SUB, VEC_MUL, VEC_MAX, VEC_MIN };

START_TEST(test_float_binary)
{
    for (unsigned t = 0; t < 3; t++) {
        for (unsigned o = 0; o < 5; o++) {
            ck_assert(vec_array_binary_serves(float_types[t], float_bin_ops[o]));
            check_kernel(T_BIN, float_types[t], float_bin_ops[o], 300);
            check_kernel(T_SCALAR, float_types[t], float_bin_ops[o], 100);
        }
    }
}
END_TEST

/*
 * FP16 and BF16 ADD, SUB and MUL (computed in binary32 and rounded on):
 * every encoding of the type as the left operand against right operands
 * of every kind (ones, the smallest and largest normals, subnormals,
 * values that make ties, overflows and cancellation, infinities, NaNs,
 * and random ones), each element and the flags of each array against the
 * per-element reference.
 */
START_TEST(test_narrow_exhaustive)
{
    static const unsigned types[] = { TILE_DT_FP16, TILE_DT_BF16 };
    static const VecBinOp ops[] = { VEC_ADD, VEC_SUB, VEC_MUL };
    static const uint16_t fixed[2][12] = {
        { 0x3c00, 0x0400, 0x7bff, 0x0001, 0x03ff, 0x1000, 0x3c01, 0xbc00, 0x7c00, 0x7e00, 0x8000,
          0x5bff },
        { 0x3f80, 0x0080, 0x7f7f, 0x0001, 0x007f, 0x3b80, 0x3f81, 0xbf80, 0x7f80, 0x7fc0, 0x8000,
          0x5f7f },
    };
    enum { ALL = 1 << 16, RIGHT = 40 };
    static uint16_t l[ALL], r[ALL], got[ALL];

    for (unsigned t = 0; t < 2; t++) {
        unsigned dt = types[t];
        for (unsigned j = 0; j < RIGHT; j++) {
            uint16_t y = j < 12 ? fixed[t][j] : (uint16_t)pick(dt, rnd());
            for (uint32_t x = 0; x < ALL; x++) {
                l[x] = (uint16_t)x;
                r[x] = y;
            }
            for (unsigned o = 0; o < 3; o++) {
                /* a chunk of eight at a time: the flags of each */
                for (uint32_t x0 = 0; x0 < ALL; x0 += 8) {
                    unsigned fg = 0, fw = 0;

                    vec_array_binary(dt, ops[o], l + x0, r + x0, got + x0, 8, &fg);
                    for (uint32_t x = x0; x < x0 + 8; x++) {
                        uint64_t w = vec_binary(dt, ops[o], x, y, false, &fw);
                        if (got[x] != w) {
                            ck_abort_msg("type %u op %d: %#x, %#x -> %#x, reference %#llx", dt,
                                         ops[o], x, y, got[x], (unsigned long long)w);
                        }
                    }
                    if (fg != fw) {
                        ck_abort_msg("type %u op %d: %#x.. and %#x: flags %#x, reference %#x",
                                     dt, ops[o], x0, y, fg, fw);
                    }
                }
            }
        }
    }
}
END_TEST

START_TEST(test_float_fma_unary)
{
    for (unsigned t = 0; t < 3; t++) {
        ck_assert(vec_array_fma_serves(float_types[t]));
        check_kernel(T_FMA, float_types[t], 0, 600);
        for (int op = VEC_ABS; op <= VEC_RELU; op++) {
            if (op != VEC_NOT) {
                ck_assert(vec_array_unary_serves(float_types[t], op));
                check_kernel(T_UNARY, float_types[t], op, 50);
            }
        }
        ck_assert(!vec_array_unary_serves(float_types[t], VEC_NOT));
    }
}
END_TEST

START_TEST(test_integer)
{
    for (unsigned t = 0; t < 8; t++) {
        for (int op = VEC_ADD; op <= VEC_MIN; op++) {
            ck_assert(vec_array_binary_serves(int_types[t], op));
            check_kernel(T_BIN, int_types[t], op, 20);
            check_kernel(T_SCALAR, int_types[t], op, 20);
        }
        for (int op = VEC_ABS; op <= VEC_RELU; op++) {
            check_kernel(T_UNARY, int_types[t], op, 20);
        }
        check_kernel(T_FMA, int_types[t], 0, 20);
    }
}
END_TEST

/*
 * Cases the random mix rarely reaches, each alone (n = 1) and inside a
 * longer array: an FMA whose double sum is exactly the smallest normal
 * while the exact value lies just below it (tiny: UF), and one just above;
 * double sums exactly on a tie of the narrow type with a nonzero rest
 * either way.
 */
START_TEST(test_boundaries)
{
    static const struct { unsigned dt; uint32_t l, r, a; } cases[] = {
        { TILE_DT_FP32, 0x0d800000, 0x8d800000, 0x00800000 },   /* 2^-126 - 2^-200 */
        { TILE_DT_FP32, 0x0d800000, 0x0d800000, 0x00800000 },   /* 2^-126 + 2^-200 */
        { TILE_DT_FP32, 0x0d800000, 0x8d800000, 0x80800000 },
        { TILE_DT_FP32, 0x0d800000, 0x8d800000, 0x3f800001 },   /* not a tie */
        { TILE_DT_FP32, 0x20000000, 0x20000000, 0x3f800000 },   /* 1 + 2^-126 */
        { TILE_DT_BF16, 0x3f80, 0x3f80, 0x3b80 },               /* 1 + 2^-8: a tie */
        { TILE_DT_BF16, 0x2000, 0xa000, 0x3f81 },               /* tie - 2^-126 */
        { TILE_DT_BF16, 0x2000, 0x2000, 0x3f81 },
        { TILE_DT_FP16, 0x3c00, 0x3c00, 0x1000 },               /* 1 + 2^-11: a tie */
        { TILE_DT_FP16, 0x3c00, 0x3c01, 0x8001 },
        { TILE_DT_FP16, 0x0400, 0x3c00, 0x8001 },               /* 2^-14 - 2^-24 */
    };

    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        unsigned dt = cases[i].dt, b = width(dt) / 8;
        for (size_t n = 1; n <= 9; n += 8) {
            uint8_t l[72], r[72], a[72], got[72];
            unsigned fg = 0, fw = 0;
            uint64_t want = vec_fma(dt, cases[i].l, cases[i].r, cases[i].a, false, &fw);
            for (size_t j = 0; j < n; j++) {
                memcpy(l + j * b, &cases[i].l, b);
                memcpy(r + j * b, &cases[i].r, b);
                memcpy(a + j * b, &cases[i].a, b);
            }
            vec_array_fma(dt, l, r, a, got, n, &fg);
            for (size_t j = 0; j < n; j++) {
                ck_assert_msg(get(dt, got, j) == want, "case %u: %#llx, reference %#llx", i,
                              (unsigned long long)get(dt, got, j), (unsigned long long)want);
            }
            ck_assert_msg(fg == fw, "case %u: flags %#x, reference %#x", i, fg, fw);
        }
    }
}
END_TEST

/*
 * The other floating types of the arithmetic set.  FP64 ADD, SUB, MAX,
 * MIN, ABS, NEG and RELU have kernels of their own, checked in depth;
 * the rest are served element by element (the per-element functions
 * over the array), so for them this checks the walk -- widths, operand
 * order, the flags of the whole array -- against the same functions
 * called one element at a time.  The types beyond the arithmetic set are
 * not served.
 */
START_TEST(test_other_floats)
{
    static const unsigned other[] = {
        TILE_DT_FP64, TILE_DT_TF32, TILE_DT_HF32, TILE_DT_E4M3, TILE_DT_E5M2,
    };

    for (unsigned t = 0; t < sizeof(other) / sizeof(other[0]); t++) {
        /* ADD SUB MUL FMA of each have a kernel of their own (FP64's MAX MIN
         * ABS NEG RELU too): in depth */
        unsigned rounds = 100;
        for (unsigned o = 0; o < 5; o++) {
            ck_assert(vec_array_binary_serves(other[t], float_bin_ops[o]));
            check_kernel(T_BIN, other[t], float_bin_ops[o], rounds);
            check_kernel(T_SCALAR, other[t], float_bin_ops[o], rounds / 3 + 1);
        }
        ck_assert(vec_array_fma_serves(other[t]));
        check_kernel(T_FMA, other[t], 0, rounds);
        for (int op = VEC_ABS; op <= VEC_RELU; op++) {
            ck_assert(vec_array_unary_serves(other[t], op) == (op != VEC_NOT));
            if (op != VEC_NOT) {
                check_kernel(T_UNARY, other[t], op, rounds);
            }
        }
        ck_assert(!vec_array_binary_serves(other[t], VEC_AND));
        ck_assert(!vec_array_float_type(other[t]));
    }
    ck_assert(!vec_array_binary_serves(TILE_DT_E8M0, VEC_ADD));
    ck_assert(!vec_array_fma_serves(TILE_DT_HIF8));
}
END_TEST

static uint64_t f64_bits(double v)
{
    uint64_t b;

    memcpy(&b, &v, 8);
    return b;
}

/* a normal binary64 value of random significand and sign at 2^e */
static double f64_at(int e)
{
    uint64_t r = rnd();
    double v = ldexp(1.0 + ldexp((double)(r >> 12), -52), e);

    return r & 1 ? -v : v;
}

/*
 * An FP64 MUL / FMA operand triple where the host path decides: small
 * integers (exact), c = -(a * b rounded) (the exact rest, representable:
 * exact), that plus a little (inexact), products at the bounds the path
 * hands over at (2^-969, 2^-1021, 2^1021, overflow), ties of a * b + c
 * (1 + 2^-53 and just above), or the general mix.
 */
static void pick_fp64_fma(uint64_t v[3])
{
    uint64_t r = rnd();
    double a, b, c;
    static const int edges[] = { -969, -970, -1021, -1022, -1074, 1021, 1023 };

    switch (r % 8) {
    case 0:
        a = (double)((int64_t)(rnd() % (1u << 21)) - (1 << 20));
        b = (double)((int64_t)(rnd() % (1u << 21)) - (1 << 20));
        c = (double)((int64_t)(rnd() % (1u << 21)) - (1 << 20));
        break;
    case 1:
    case 2:
        a = f64_at((int)(rnd() % 400) - 200);
        b = f64_at((int)(rnd() % 400) - 200);
        c = -(a * b);
        if (r % 8 == 2) {
            c = nextafter(c, (r >> 8) & 1 ? INFINITY : -INFINITY);
        }
        break;
    case 3: {
        /* a * b around 2^edge; c zero, tiny or of the product's size */
        int e = edges[(r >> 8) % 7], ea = (int)(rnd() % 40) - 20;
        a = f64_at(ea);
        b = f64_at(e - ea + (int)((r >> 16) % 3) - 1);
        c = (r >> 20) % 3 == 0 ? 0 : (r >> 20) % 3 == 1 ? f64_at(-1060) : f64_at(e);
        break;
    }
    case 4:
        a = ldexp(1.0, -26);
        b = ldexp(1.0, -27);
        c = 1.0;                        /* 1 + 2^-53: a tie, to 1 */
        if ((r >> 8) & 1) {
            b = nextafter(b, INFINITY); /* just above the tie: up */
        }
        if ((r >> 9) & 1) {
            c = nextafter(1.0, INFINITY);   /* an odd last bit: the tie goes up */
        }
        break;
    default:
        v[0] = pick(TILE_DT_FP64, rnd());
        v[1] = pick(TILE_DT_FP64, v[0]);
        v[2] = pick(TILE_DT_FP64, v[1]);
        return;
    }
    v[0] = f64_bits(a);
    v[1] = f64_bits(b);
    v[2] = f64_bits(c);
}

/*
 * FP64 MUL and FMA (their host path, vec_array.c fp64_mul_fma()) against
 * vec_binary() / vec_fma(), one element at a time (so that each element's
 * flags are checked) and over arrays that mix every kind above; then
 * values worked by hand: 3 * 5 + 1 = 16 exact; (1 + 2^-52)^2 rounds (NX);
 * 2^-26 * 2^-27 + 1 is a tie that rounds to 1 (NX), with 1 + 2^-52 it
 * rounds up to 1 + 2^-51; x * y - (x * y rounded) is the exact rest.
 */
START_TEST(test_fp64_mul_fma)
{
    enum { N = 37 };
    uint64_t a[N], b[N], c[N], got[N], want[N];

    for (unsigned round = 0; round < 20000; round++) {
        uint64_t v[3], r1, w1;
        unsigned fg = 0, fw = 0;

        pick_fp64_fma(v);
        vec_array_fma(TILE_DT_FP64, &v[0], &v[1], &v[2], &r1, 1, &fg);
        w1 = vec_fma(TILE_DT_FP64, v[0], v[1], v[2], false, &fw);
        ck_assert_msg(r1 == w1 && fg == fw, "FMA %#llx * %#llx + %#llx: %#llx flags %#x, "
                      "reference %#llx flags %#x", (unsigned long long)v[0],
                      (unsigned long long)v[1], (unsigned long long)v[2],
                      (unsigned long long)r1, fg, (unsigned long long)w1, fw);
        fg = fw = 0;
        vec_array_binary(TILE_DT_FP64, VEC_MUL, &v[0], &v[1], &r1, 1, &fg);
        w1 = vec_binary(TILE_DT_FP64, VEC_MUL, v[0], v[1], false, &fw);
        ck_assert_msg(r1 == w1 && fg == fw, "MUL %#llx * %#llx: %#llx flags %#x, reference "
                      "%#llx flags %#x", (unsigned long long)v[0], (unsigned long long)v[1],
                      (unsigned long long)r1, fg, (unsigned long long)w1, fw);
    }
    for (unsigned round = 0; round < 2000; round++) {
        unsigned fg = 0, fw = 0, n = 1 + round % N;

        for (unsigned i = 0; i < n; i++) {
            uint64_t v[3];

            pick_fp64_fma(v);
            a[i] = v[0];
            b[i] = v[1];
            c[i] = v[2];
            want[i] = round & 1 ? vec_fma(TILE_DT_FP64, a[i], b[i], c[i], false, &fw)
                                : vec_binary(TILE_DT_FP64, VEC_MUL, a[i], b[i], false, &fw);
        }
        if (round & 1) {
            vec_array_fma(TILE_DT_FP64, a, b, c, got, n, &fg);
        } else {
            vec_array_binary(TILE_DT_FP64, VEC_MUL, a, b, got, n, &fg);
        }
        ck_assert(!memcmp(got, want, n * 8));
        ck_assert_uint_eq(fg, fw);
    }
    {
        static const struct {
            double a, b, c, r;
            unsigned flags;
        } hand[] = {
            { 3, 5, 1, 16, 0 },
            { 0x1p-26, 0x1p-27, 1, 1, TILE_NUM_NX },
            { 0x1p-26, 0x1p-27, 0x1.0000000000001p0, 0x1.0000000000002p0, TILE_NUM_NX },
            { 0x1.0000000000001p0, 0x1.0000000000001p0, 0, 0x1.0000000000002p0, TILE_NUM_NX },
            /* (1 + 2^-52)^2 = 1 + 2^-51 + 2^-104; less 1 + 2^-51: 2^-104 exactly */
            { 0x1.0000000000001p0, 0x1.0000000000001p0, -0x1.0000000000002p0, 0x1p-104, 0 },
        };

        for (unsigned i = 0; i < sizeof(hand) / sizeof(hand[0]); i++) {
            uint64_t x = f64_bits(hand[i].a), y = f64_bits(hand[i].b), z = f64_bits(hand[i].c);
            uint64_t r1;
            unsigned fg = 0;

            vec_array_fma(TILE_DT_FP64, &x, &y, &z, &r1, 1, &fg);
            ck_assert_msg(r1 == f64_bits(hand[i].r) && fg == hand[i].flags,
                          "case %u: %#llx flags %#x", i, (unsigned long long)r1, fg);
        }
    }
}
END_TEST

/*
 * FP32 FMA and MUL over arrays of exact lanes (2 * 3 + 1, 2 * 3) with one
 * lane that alone decides the result and the flags, at every position of
 * arrays of 1 to 20 elements: NX is one flag for the array, so each case
 * must set it by itself.  Worked by hand from the IEEE 754 operations
 * that PTO-TILE-MODEL-EXECUTION-TFMA / TMUL round once to nearest even
 * (mul: the case holds for a * b too, its addend a zero that changes
 * nothing):
 */
START_TEST(test_fp32_fma_mul_lanes)
{
    static const struct {
        uint32_t a, b, c, r;
        unsigned flags;
        bool mul;
    } hand[] = {
        /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46: a binary64 number, not FP32 */
        { 0x3f800001, 0x3f800001, 0x00000000, 0x3f800002, TILE_NUM_NX, true },
        /* 1 * 1 + 2^-80: not even a binary64 number; rounds to 1 */
        { 0x3f800000, 0x3f800000, 0x17800000, 0x3f800000, TILE_NUM_NX, false },
        /* (1 + 2^-23)(1 - 2^-23) + 2^-46 = 1 exactly */
        { 0x3f800001, 0x3f7ffffe, 0x28800000, 0x3f800000, 0, false },
        /* (1 - 2^-24) 2^-126: a tie between the largest subnormal and
         * 2^-126, to even 2^-126; tiny (UF) */
        { 0x3f7fffff, 0x00800000, 0x00000000, 0x00800000, TILE_NUM_UF | TILE_NUM_NX, true },
        /* 0 * inf + 0: invalid, the canonical NaN */
        { 0x00000000, 0x7f800000, 0x00000000, 0x7fc00000, TILE_NUM_NV, true },
        /* -0 * 5 + -0 = -0; 0 * -5 + 0 = +0 (unlike signs: +0) */
        { 0x80000000, 0x40a00000, 0x80000000, 0x80000000, 0, true },
        { 0x00000000, 0xc0a00000, 0x00000000, 0x00000000, 0, false },
        /* 2^127 * 2 + 0 overflows */
        { 0x7f000000, 0x40000000, 0x00000000, 0x7f800000, TILE_NUM_OF | TILE_NUM_NX, true },
    };
    uint32_t a[20], b[20], c[20], got[20];

    ck_assert(vec_array_fma_serves(TILE_DT_FP32));
    for (unsigned i = 0; i < sizeof(hand) / sizeof(hand[0]); i++) {
        for (unsigned mul = 0; mul <= hand[i].mul; mul++) {
            for (unsigned n = 1; n <= 20; n++) {
                for (unsigned at = 0; at < n; at++) {
                    uint32_t filler = mul ? 0x40c00000 : 0x40e00000;       /* 6, 7 */
                    unsigned fg = 0;

                    for (unsigned j = 0; j < n; j++) {
                        a[j] = j == at ? hand[i].a : 0x40000000;    /* 2 */
                        b[j] = j == at ? hand[i].b : 0x40400000;    /* 3 */
                        c[j] = j == at ? hand[i].c : 0x3f800000;    /* 1 */
                    }
                    if (mul) {
                        vec_array_binary(TILE_DT_FP32, VEC_MUL, a, b, got, n, &fg);
                    } else {
                        vec_array_fma(TILE_DT_FP32, a, b, c, got, n, &fg);
                    }
                    for (unsigned j = 0; j < n; j++) {
                        ck_assert_msg(got[j] == (j == at ? hand[i].r : filler),
                                      "case %u mul %u n %u at %u: element %u %#x", i, mul, n,
                                      at, j, got[j]);
                    }
                    ck_assert_msg(fg == hand[i].flags, "case %u mul %u n %u at %u: flags %#x, "
                                  "want %#x", i, mul, n, at, fg, hand[i].flags);
                }
            }
        }
        unsigned fw = 0;
        (void)vec_fma(TILE_DT_FP32, hand[i].a, hand[i].b, hand[i].c, false, &fw);
        ck_assert_uint_eq(fw, hand[i].flags);           /* the element rule agrees */
    }
}
END_TEST

static bool bit_of(const uint8_t *p, uint64_t k)
{
    return (p[k >> 3] >> (k & 7)) & 1;
}

/* TCMP and TCMPS: the bits [bit0, bit0 + n) and nothing else, the flags. */
START_TEST(test_compare)
{
    static uint8_t l[MAXN * 8], r[MAXN * 8], a[MAXN * 8];
    static uint8_t got[MAXN / 8 + 4], want[MAXN / 8 + 4];
    static const unsigned offsets[] = { 0, 3, 8, 13 };

    for (unsigned t = 0; t < N_BYTE_TYPES; t++) {
        unsigned dt = byte_types[t];
        bool simd = vec_array_float_type(dt) || !tile_dtype_info(dt)->is_float;
        for (int cmp = VEC_EQ; cmp <= VEC_GE; cmp++) {
            for (unsigned round = 0; round < (simd ? 20u : 3u); round++) {
                for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) {
                    size_t n = lengths[li];
                    uint64_t bit0 = offsets[round % 4];
                    bool scalar = round & 1;
                    uint64_t s;
                    unsigned fg = 0, fw = 0;

                    fill(dt, l, r, a, n);
                    s = get(dt, r, n / 2);
                    for (size_t k = 0; k < sizeof(got); k++) {
                        got[k] = want[k] = (uint8_t)rnd();
                    }
                    for (size_t i = 0; i < n; i++) {
                        uint64_t k = bit0 + i;
                        bool w = vec_compare(dt, cmp, get(dt, l, i), scalar ? s : get(dt, r, i),
                                             &fw);
                        want[k >> 3] = (uint8_t)((want[k >> 3] & ~(1u << (k & 7))) |
                                                 ((unsigned)w << (k & 7)));
                    }
                    vec_array_compare(dt, cmp, l, scalar ? NULL : r, s, got, bit0, n, &fg);
                    for (size_t k = 0; k < sizeof(got) * 8; k++) {
                        if (bit_of(got, k) != bit_of(want, k)) {
                            size_t i = k - bit0;
                            ck_abort_msg("TCMP%s type %u cmp %d n %zu bit %zu: %d, reference "
                                         "%d (%#llx, %#llx)", scalar ? "S" : "", dt, cmp, n, k,
                                         bit_of(got, k), bit_of(want, k),
                                         (unsigned long long)(i < n ? get(dt, l, i) : 0),
                                         (unsigned long long)(i < n ? (scalar ? s : get(dt, r, i))
                                                                    : 0));
                        }
                    }
                    ck_assert_msg(fg == fw, "TCMP type %u cmp %d n %zu: flags %#x, reference %#x",
                                  dt, cmp, n, fg, fw);
                }
            }
        }
    }
}
END_TEST

/* PTO-TILE-MODEL-EXECUTION-COMPARE by hand: +0 = -0; a NaN is unordered
 * (only NE holds), a signaling one raises NV; S8 0x80 < 0x7f, U8 not. */
START_TEST(test_compare_hand)
{
    static const struct {
        unsigned dt;
        uint32_t l, r;
        unsigned bits;          /* EQ NE LT GT LE GE, bit k for CMode k */
        unsigned flags;
    } cases[] = {
        { TILE_DT_FP32, 0x00000000, 0x80000000, 0x31, 0 },
        { TILE_DT_FP32, 0x3f800000, 0x7fc00000, 0x02, 0 },
        { TILE_DT_FP32, 0x7fa00000, 0x3f800000, 0x02, TILE_NUM_NV },
        { TILE_DT_FP16, 0xfc00, 0x3c00, 0x16, 0 },
        { TILE_DT_BF16, 0x7f80, 0x7f80, 0x31, 0 },
        { TILE_DT_S8, 0x80, 0x7f, 0x16, 0 },
        { TILE_DT_U8, 0x80, 0x7f, 0x2a, 0 },
    };

    for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        unsigned dt = cases[i].dt, b = width(dt) / 8;
        for (int cmp = VEC_EQ; cmp <= VEC_GE; cmp++) {
            uint8_t l[4], r[4], pred = 0;
            unsigned fg = 0;
            memcpy(l, &cases[i].l, b);
            memcpy(r, &cases[i].r, b);
            vec_array_compare(dt, cmp, l, r, 0, &pred, 0, 1, &fg);
            ck_assert_msg(pred == ((cases[i].bits >> cmp) & 1), "case %u cmode %d: %u", i, cmp,
                          pred);
            ck_assert_uint_eq(fg, cases[i].flags);
        }
    }
}
END_TEST

/* TSEL, TSELS (a raw select) and TEXPANDS at every element width. */
START_TEST(test_select_fill)
{
    static uint8_t t[MAXN * 8], f[MAXN * 8], got[MAXN * 8], pred[MAXN / 8 + 4];
    static const unsigned widths[] = { 1, 2, 4, 8 };

    for (unsigned wi = 0; wi < 4; wi++) {
        unsigned b = widths[wi];
        for (unsigned round = 0; round < 40; round++) {
            for (size_t li = 0; li < sizeof(lengths) / sizeof(lengths[0]); li++) {
                size_t n = lengths[li];
                uint64_t bit0 = rnd() % 17, s = rnd();
                bool scalar = round & 1;

                for (size_t k = 0; k < n * b; k++) {
                    t[k] = (uint8_t)rnd();
                    f[k] = (uint8_t)rnd();
                }
                for (size_t k = 0; k < sizeof(pred); k++) {
                    pred[k] = (uint8_t)rnd();
                }
                memset(got, 0x5a, (n + 1) * b);
                vec_array_select(b, pred, bit0, t, scalar ? NULL : f, s, got, n);
                for (size_t i = 0; i < n; i++) {
                    uint64_t w = 0, g = 0;
                    if (bit_of(pred, bit0 + i)) {
                        memcpy(&w, t + i * b, b);
                    } else if (scalar) {
                        w = low_bits(s, b * 8);
                    } else {
                        memcpy(&w, f + i * b, b);
                    }
                    memcpy(&g, got + i * b, b);
                    ck_assert_msg(g == w, "select width %u n %zu element %zu: %#llx, want %#llx",
                                  b, n, i, (unsigned long long)g, (unsigned long long)w);
                }
                ck_assert_uint_eq(got[n * b], 0x5a);
                vec_array_fill(b, s, got, n);
                for (size_t i = 0; i < n; i++) {
                    uint64_t g = 0;
                    memcpy(&g, got + i * b, b);
                    ck_assert(g == low_bits(s, b * 8));
                }
                ck_assert_uint_eq(got[n * b], 0x5a);
            }
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("vec-array");
    TCase *tc = tcase_create("kernels");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_float_binary);
    tcase_add_test(tc, test_narrow_exhaustive);
    tcase_add_test(tc, test_float_fma_unary);
    tcase_add_test(tc, test_integer);
    tcase_add_test(tc, test_boundaries);
    tcase_add_test(tc, test_other_floats);
    tcase_add_test(tc, test_fp64_mul_fma);
    tcase_add_test(tc, test_fp32_fma_mul_lanes);
    tcase_add_test(tc, test_compare);
    tcase_add_test(tc, test_compare_hand);
    tcase_add_test(tc, test_select_fill);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
