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
 * elements (n = 1) check the flags of each element alone.  The bulk
 * conversions are checked against tile_num_convert() /
 * tile_num_from_double() the same way.
 */
#include <check.h>
#include <math.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#include "numeric/vec_array.h"
#include "numeric/tile_numeric.h"

#define MAXN 1100

static const size_t lengths[] = { 1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64, 100, 257, 1029 };

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const unsigned float_types[] = { TILE_DT_FP32, TILE_DT_FP16, TILE_DT_BF16 };
static const unsigned int_types[] = {
    TILE_DT_S8, TILE_DT_U8, TILE_DT_S16, TILE_DT_U16,
    TILE_DT_S32, TILE_DT_U32, TILE_DT_S64, TILE_DT_U64,
};

static unsigned width(unsigned dt)
{
    return tile_dtype_info(dt)->width;
}

static uint64_t low_bits(uint64_t v, unsigned w)
{
    return w >= 64 ? v : v & ((UINT64_C(1) << w) - 1);
}

/* A floating encoding from sign, biased exponent and fraction. */
static uint64_t fenc(unsigned dt, bool neg, uint64_t e, uint64_t f)
{
    const TileDTypeInfo *d = tile_dtype_info(dt);
    unsigned m = d->width - 1 - d->exp_bits;

    return ((uint64_t)neg << (d->width - 1)) | (e << m) | low_bits(f, m);
}

/* One value of a mix weighted toward the cases the fast path must leave
 * to the reference, next to plain values; prev: the previous operand
 * (cancellation, equal values). */
static uint64_t pick(unsigned dt, uint64_t prev)
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

static void fill(unsigned dt, uint8_t *l, uint8_t *r, uint8_t *a, size_t n)
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

static uint64_t get(unsigned dt, const uint8_t *p, size_t i)
{
    uint64_t x = 0;
    unsigned b = width(dt) / 8;

    memcpy(&x, p + i * b, b);
    return x;
}

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

/* ---- TCVT, compares, selects, fills ---- */

/* Every type whose elements are whole bytes, in TCVT's and TCMP's reach. */
static const unsigned byte_types[] = {
    TILE_DT_FP64, TILE_DT_FP32, TILE_DT_TF32, TILE_DT_HF32, TILE_DT_FP16, TILE_DT_BF16,
    TILE_DT_HIF8, TILE_DT_E4M3, TILE_DT_E5M2, TILE_DT_E3M2, TILE_DT_E2M3, TILE_DT_E8M0,
    TILE_DT_S64, TILE_DT_S32, TILE_DT_S16, TILE_DT_S8,
    TILE_DT_U64, TILE_DT_U32, TILE_DT_U16, TILE_DT_U8,
};
#define N_BYTE_TYPES (sizeof(byte_types) / sizeof(byte_types[0]))

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
    tcase_add_test(tc, test_conversion);
    tcase_add_test(tc, test_fp32_fma_mul_lanes);
    tcase_add_test(tc, test_pto_v0);
    tcase_add_test(tc, test_convert);
    tcase_add_test(tc, test_convert_hand);
    tcase_add_test(tc, test_convert_byte_table);
    tcase_add_test(tc, test_convert_nibbles);
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
