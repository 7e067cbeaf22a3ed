/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the Tile numeric formats (target/tile/numeric/tile_numeric.c).
 *
 * The "formats" cases always run.  Their expected values are worked out by
 * hand from the format definitions (docs/numeric-formats.md); the comment
 * beside a case gives the working.  The exhaustive cases check properties
 * over every encoding of the 4-, 8- and 16-bit types instead.
 *
 * The "vectors" cases check the spec's hardware numeric vectors, read at run
 * time from the JSON file named by the last argument (the repository's
 * spec/evidence copy); a missing or unreadable file fails the run.  The
 * groups about engine rules run the engines' own code: the VEC compare and
 * MIN / MAX and arithmetic (numeric/vec_elem.c), the SFU reduction fold
 * and sort (numeric/elem_order.c), EXPDIF (numeric/sfu_elem.c), the CUBE
 * products (numeric/gemm.c) and B.FPATR element (tile/cube/cube_post.c).
 */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mini-json.h"
#include "numeric/tile_numeric.h"
#include "numeric/vec_elem.h"
#include "numeric/elem_order.h"
#include "numeric/sfu_elem.h"
#include "numeric/gemm.h"
#include "tile/cube/cube_post.h"

#define NV TILE_NUM_NV
#define OF TILE_NUM_OF
#define UF TILE_NUM_UF
#define NX TILE_NUM_NX
#define SAT TILE_NUM_SAT
#define WRAP TILE_NUM_WRAP

#define RNE TILE_RND_RNE
#define RTZ TILE_RND_RTZ
#define RDN TILE_RND_RDN
#define RUP TILE_RND_RUP
#define RNA TILE_RND_RNA
#define RTO TILE_RND_RTO
#define RHB TILE_RND_RHB

static const TileRound all_modes[] = { RNE, RTZ, RDN, RUP, RNA, RTO, RHB };
#define N_MODES (sizeof(all_modes) / sizeof(all_modes[0]))

/* ck_assert_msg without Check's bookkeeping of every passing call, which
 * dominates the exhaustive loops. */
#define EXPECT(cond, ...) \
    do { \
        if (!(cond)) { \
            ck_abort_msg(__VA_ARGS__); \
        } \
    } while (0)

static const char *dt_name(TileDType t)
{
    const TileDTypeInfo *d = tile_dtype_info(t);

    return d ? d->name : "?";
}

static uint64_t f64_bits(double v)
{
    uint64_t r;

    memcpy(&r, &v, sizeof(r));
    return r;
}

/* ---- The type table ----------------------------------------------------- */

typedef struct TableRow {
    TileDType t;
    const char *name;
    unsigned width, exp_bits, frac_bits;
    int bias;
    bool is_float, is_signed, is_packed, has_inf, has_nan;
    uint64_t max_raw, nan_raw;
} TableRow;

/* From the format units (PTO-ARCH-DATA-TYPES-FORMAT-*) and the profile's
 * data_types list; the maxima are the largest finite encodings. */
static const TableRow table_rows[] = {
    { TILE_DT_FP64, "FP64", 64, 11, 52, 1023, 1, 0, 0, 1, 1,
      0x7fefffffffffffffull, 0x7ff8000000000000ull },
    { TILE_DT_FP32, "FP32", 32, 8, 23, 127, 1, 0, 0, 1, 1,
      0x7f7fffff, 0x7fc00000 },
    { TILE_DT_TF32, "TF32", 32, 8, 10, 127, 1, 0, 0, 1, 1,
      0x7f7fe000, 0x7fc00000 },
    { TILE_DT_HF32, "HF32", 32, 8, 11, 127, 1, 0, 0, 1, 1,
      0x7f7ff000, 0x7fc00000 },
    { TILE_DT_FP16, "FP16", 16, 5, 10, 15, 1, 0, 0, 1, 1, 0x7bff, 0x7e00 },
    { TILE_DT_BF16, "BF16", 16, 8, 7, 127, 1, 0, 0, 1, 1, 0x7f7f, 0x7fc0 },
    { TILE_DT_HIF8, "HiF8", 8, 4, 3, -1, 1, 0, 0, 1, 1, 0x6e, 0x80 },
    { TILE_DT_E4M3, "E4M3", 8, 4, 3, 7, 1, 0, 0, 0, 1, 0x7e, 0x7f },
    { TILE_DT_E5M2, "E5M2", 8, 5, 2, 15, 1, 0, 0, 1, 1, 0x7b, 0x7e },
    { TILE_DT_E3M2, "E3M2", 8, 3, 2, 3, 1, 0, 0, 0, 0, 0x1f, 0 },
    { TILE_DT_E2M3, "E2M3", 8, 2, 3, 1, 1, 0, 0, 0, 0, 0x1f, 0 },
    { TILE_DT_E2M1X2, "E2M1X2", 4, 2, 1, 1, 1, 0, 1, 0, 0, 0x7, 0 },
    { TILE_DT_E1M2X2, "E1M2X2", 4, 1, 2, 1, 1, 0, 1, 0, 0, 0x7, 0 },
    { TILE_DT_E8M0, "E8M0", 8, 8, 0, 127, 1, 0, 0, 0, 1, 0xfe, 0xff },
    { TILE_DT_HIF4X2, "HiF4X2", 4, 1, 2, 1, 1, 0, 1, 0, 0, 0x7, 0 },
    { TILE_DT_S64, "S64", 64, 0, 0, -1, 0, 1, 0, 0, 0,
      0x7fffffffffffffffull, 0 },
    { TILE_DT_S32, "S32", 32, 0, 0, -1, 0, 1, 0, 0, 0, 0x7fffffff, 0 },
    { TILE_DT_S16, "S16", 16, 0, 0, -1, 0, 1, 0, 0, 0, 0x7fff, 0 },
    { TILE_DT_S8, "S8", 8, 0, 0, -1, 0, 1, 0, 0, 0, 0x7f, 0 },
    { TILE_DT_S4X2, "S4X2", 4, 0, 0, -1, 0, 1, 1, 0, 0, 0x7, 0 },
    { TILE_DT_U64, "U64", 64, 0, 0, -1, 0, 0, 0, 0, 0, ~0ull, 0 },
    { TILE_DT_U32, "U32", 32, 0, 0, -1, 0, 0, 0, 0, 0, 0xffffffff, 0 },
    { TILE_DT_U16, "U16", 16, 0, 0, -1, 0, 0, 0, 0, 0, 0xffff, 0 },
    { TILE_DT_U8, "U8", 8, 0, 0, -1, 0, 0, 0, 0, 0, 0xff, 0 },
    { TILE_DT_U4X2, "U4X2", 4, 0, 0, -1, 0, 0, 1, 0, 0, 0xf, 0 },
};

START_TEST(test_table)
{
    static const unsigned reserved[] = { 15, 21, 22, 23, 29, 30, 31, 32 };
    unsigned n = 0;

    for (size_t i = 0; i < sizeof(table_rows) / sizeof(table_rows[0]); i++) {
        const TableRow *r = &table_rows[i];
        const TileDTypeInfo *d = tile_dtype_info(r->t);

        ck_assert_ptr_nonnull(d);
        ck_assert_str_eq(d->name, r->name);
        ck_assert_ptr_eq(tile_dtype_lookup(r->name), d);
        ck_assert_uint_eq(d->code, r->t);
        ck_assert_uint_eq(d->width, r->width);
        ck_assert_uint_eq(d->exp_bits, r->exp_bits);
        ck_assert_uint_eq(d->frac_bits, r->frac_bits);
        ck_assert_int_eq(d->bias, r->bias);
        ck_assert_int_eq(d->is_float, r->is_float);
        ck_assert_int_eq(d->is_signed, r->is_signed);
        ck_assert_int_eq(d->is_packed, r->is_packed);
        ck_assert_int_eq(d->has_inf, r->has_inf);
        ck_assert_int_eq(d->has_nan, r->has_nan);
        ck_assert_uint_eq(d->max_raw, r->max_raw);
        ck_assert_uint_eq(d->nan_raw, r->nan_raw);
        n++;
    }
    ck_assert_uint_eq(n, 25);
    for (size_t i = 0; i < sizeof(reserved) / sizeof(reserved[0]); i++) {
        ck_assert_ptr_null(tile_dtype_info(reserved[i]));
    }
    ck_assert_ptr_null(tile_dtype_lookup("FP8"));
    /* Subnormal support: PTO-ARCH-FEATURES-MX-FORMATS lists FP64..E2M3. */
    for (unsigned c = 0; c < TILE_DT_CODES; c++) {
        const TileDTypeInfo *d = tile_dtype_info(c);

        if (d) {
            ck_assert_int_eq(d->has_subnormal, c <= TILE_DT_E2M3);
        }
    }
}
END_TEST

/* ---- Classification and decoding by hand -------------------------------- */

typedef struct ClassCase {
    TileDType t;
    uint64_t raw;
    TileNumClass c;
} ClassCase;

static const ClassCase class_cases[] = {
    { TILE_DT_FP32, 0x00000001, TILE_NUM_POS_SUBNORMAL },
    { TILE_DT_FP32, 0x007fffff, TILE_NUM_POS_SUBNORMAL },
    { TILE_DT_FP32, 0x00800000, TILE_NUM_POS_NORMAL },
    { TILE_DT_FP32, 0x80000000, TILE_NUM_NEG_ZERO },
    { TILE_DT_FP32, 0x7f800001, TILE_NUM_SNAN },   /* quiet bit 22 clear */
    { TILE_DT_FP32, 0x7fc00000, TILE_NUM_QNAN },
    { TILE_DT_FP32, 0xff800000, TILE_NUM_NEG_INF },
    { TILE_DT_FP64, 0x7ff4000000000000ull, TILE_NUM_SNAN },
    { TILE_DT_FP64, 0x000fffffffffffffull, TILE_NUM_POS_SUBNORMAL },
    { TILE_DT_TF32, 0x3f801000, TILE_NUM_INVALID }, /* bit 12 of 12:0 */
    { TILE_DT_TF32, 0x3f802000, TILE_NUM_POS_NORMAL },
    { TILE_DT_TF32, 0x7fa00000, TILE_NUM_SNAN },   /* fraction 22:13 = 0x100 */
    { TILE_DT_HF32, 0x3f801000, TILE_NUM_POS_NORMAL },
    { TILE_DT_HF32, 0x3f800800, TILE_NUM_INVALID }, /* bit 11 of 11:0 */
    { TILE_DT_FP16, 0xffff3c00, TILE_NUM_POS_NORMAL }, /* bits 63:16 ignored */
    { TILE_DT_FP16, 0x7d00, TILE_NUM_SNAN },
    { TILE_DT_BF16, 0xff80, TILE_NUM_NEG_INF },
    { TILE_DT_HIF8, 0x80, TILE_NUM_QNAN },
    { TILE_DT_HIF8, 0x6f, TILE_NUM_POS_INF },
    { TILE_DT_HIF8, 0xef, TILE_NUM_NEG_INF },
    { TILE_DT_HIF8, 0x00, TILE_NUM_POS_ZERO },
    { TILE_DT_HIF8, 0x07, TILE_NUM_POS_SUBNORMAL },
    { TILE_DT_HIF8, 0x81, TILE_NUM_NEG_SUBNORMAL },
    { TILE_DT_HIF8, 0x08, TILE_NUM_POS_NORMAL },
    { TILE_DT_HIF8, 0xff, TILE_NUM_NEG_NORMAL },   /* -1.5 * 2^-15 */
    { TILE_DT_E4M3, 0x7f, TILE_NUM_QNAN },
    { TILE_DT_E4M3, 0xff, TILE_NUM_QNAN },
    { TILE_DT_E4M3, 0x78, TILE_NUM_POS_NORMAL },   /* 2^8: E=15 is finite */
    { TILE_DT_E4M3, 0x87, TILE_NUM_NEG_SUBNORMAL },
    { TILE_DT_E5M2, 0x7c, TILE_NUM_POS_INF },
    { TILE_DT_E5M2, 0x7d, TILE_NUM_SNAN },
    { TILE_DT_E5M2, 0x7e, TILE_NUM_QNAN },
    { TILE_DT_E3M2, 0x40, TILE_NUM_INVALID },      /* bits 7:6 set */
    { TILE_DT_E3M2, 0x80, TILE_NUM_INVALID },
    { TILE_DT_E3M2, 0x3f, TILE_NUM_NEG_NORMAL },
    { TILE_DT_E2M3, 0x21, TILE_NUM_NEG_SUBNORMAL },
    { TILE_DT_E2M1X2, 0x1, TILE_NUM_POS_NORMAL },  /* no subnormal class */
    { TILE_DT_E2M1X2, 0x8, TILE_NUM_NEG_ZERO },
    { TILE_DT_E1M2X2, 0xb, TILE_NUM_NEG_NORMAL },
    { TILE_DT_HIF4X2, 0x0, TILE_NUM_POS_ZERO },
    { TILE_DT_E8M0, 0xff, TILE_NUM_QNAN },
    { TILE_DT_E8M0, 0x00, TILE_NUM_POS_NORMAL },
    { TILE_DT_S8, 0x80, TILE_NUM_NEG_NORMAL },
    { TILE_DT_S8, 0x00, TILE_NUM_POS_ZERO },
    { TILE_DT_S4X2, 0x8, TILE_NUM_NEG_NORMAL },
    { TILE_DT_U8, 0xff, TILE_NUM_POS_NORMAL },
    { TILE_DT_U64, 0, TILE_NUM_POS_ZERO },
};

START_TEST(test_classify)
{
    for (size_t i = 0; i < sizeof(class_cases) / sizeof(class_cases[0]); i++) {
        const ClassCase *c = &class_cases[i];

        ck_assert_msg(tile_num_classify(c->t, c->raw) == c->c,
                      "%s 0x%llx: class %d, expected %d", dt_name(c->t),
                      (unsigned long long)c->raw,
                      tile_num_classify(c->t, c->raw), c->c);
    }
}
END_TEST

typedef struct DecodeCase {
    TileDType t;
    uint64_t raw;
    double v;
} DecodeCase;

static const DecodeCase decode_cases[] = {
    { TILE_DT_FP64, 0x7fefffffffffffffull, DBL_MAX },
    { TILE_DT_FP64, 0x0000000000000001ull, 0x1p-1074 },
    { TILE_DT_FP32, 0x7f7fffff, 0x1.fffffep127 },  /* (2 - 2^-23) 2^127 */
    { TILE_DT_FP32, 0x00000001, 0x1p-149 },        /* 2^(-126-23) */
    { TILE_DT_FP32, 0xbf800000, -1.0 },
    { TILE_DT_TF32, 0x7f7fe000, 0x1.ffcp127 },     /* (2 - 2^-10) 2^127 */
    { TILE_DT_TF32, 0x00002000, 0x1p-136 },        /* 2^(-126-10) */
    { TILE_DT_HF32, 0x7f7ff000, 0x1.ffep127 },     /* (2 - 2^-11) 2^127 */
    { TILE_DT_HF32, 0x00001000, 0x1p-137 },
    { TILE_DT_FP16, 0x7bff, 65504.0 },             /* (2 - 2^-10) 2^15 */
    { TILE_DT_FP16, 0x0001, 0x1p-24 },
    { TILE_DT_FP16, 0x0400, 0x1p-14 },
    { TILE_DT_FP16, 0x3c01, 1.0 + 0x1p-10 },
    { TILE_DT_BF16, 0x7f7f, 0x1.fep127 },          /* (2 - 2^-7) 2^127 */
    { TILE_DT_BF16, 0x0001, 0x1p-133 },
    /* HiF8: 0x6e = 0 11 0 111 0: D4, E = +(8 + 7), mantissa 0. */
    { TILE_DT_HIF8, 0x6e, 32768.0 },
    { TILE_DT_HIF8, 0xee, -32768.0 },
    { TILE_DT_HIF8, 0x7e, 0x1p-15 },               /* D4, E = -15 */
    { TILE_DT_HIF8, 0x7f, 0x1.8p-15 },
    { TILE_DT_HIF8, 0x01, 0x1p-22 },               /* denormal 2^(1-23) */
    { TILE_DT_HIF8, 0x06, 0x1p-17 },
    { TILE_DT_HIF8, 0x0c, 1.5 },                   /* D0, mantissa 100 */
    { TILE_DT_HIF8, 0x14, 3.0 },                   /* D1, E = +1, 1.5 */
    { TILE_DT_HIF8, 0x1c, 0.75 },                  /* D1, E = -1, 1.5 */
    { TILE_DT_HIF8, 0x2c, 12.0 },                  /* D2, E = +3, 1.5 */
    { TILE_DT_HIF8, 0x34, 0.375 },                 /* D2, E = -2, 1.5 */
    { TILE_DT_HIF8, 0x46, 48.0 },                  /* D3, E = +5, 1.10b */
    { TILE_DT_HIF8, 0x61, 384.0 },                 /* D4, E = +8, 1.1b */
    { TILE_DT_HIF8, 0x88, -1.0 },
    { TILE_DT_E4M3, 0x7e, 448.0 },                 /* 2^8 * 1.75 */
    { TILE_DT_E4M3, 0x01, 0x1p-9 },                /* 2^-6 * 1/8 */
    { TILE_DT_E4M3, 0x38, 1.0 },
    { TILE_DT_E5M2, 0x7b, 57344.0 },               /* 2^15 * 1.75 */
    { TILE_DT_E5M2, 0x01, 0x1p-16 },               /* 2^-14 * 1/4 */
    { TILE_DT_E3M2, 0x1f, 28.0 },                  /* 2^4 * 1.75 */
    { TILE_DT_E3M2, 0x01, 0.0625 },                /* 2^-2 * 1/4 */
    { TILE_DT_E3M2, 0x3f, -28.0 },
    { TILE_DT_E2M3, 0x1f, 7.5 },                   /* 2^2 * 1.875 */
    { TILE_DT_E2M3, 0x01, 0.125 },                 /* 2^0 * 1/8 */
    { TILE_DT_E2M1X2, 0x1, 0.5 }, { TILE_DT_E2M1X2, 0x2, 1.0 },
    { TILE_DT_E2M1X2, 0x3, 1.5 }, { TILE_DT_E2M1X2, 0x4, 2.0 },
    { TILE_DT_E2M1X2, 0x5, 3.0 }, { TILE_DT_E2M1X2, 0x6, 4.0 },
    { TILE_DT_E2M1X2, 0x7, 6.0 }, { TILE_DT_E2M1X2, 0xf, -6.0 },
    { TILE_DT_E1M2X2, 0x1, 0.25 }, { TILE_DT_E1M2X2, 0x3, 0.75 },
    { TILE_DT_E1M2X2, 0x4, 1.0 }, { TILE_DT_E1M2X2, 0x7, 1.75 },
    { TILE_DT_E1M2X2, 0xd, -1.25 },
    { TILE_DT_HIF4X2, 0x2, 0.5 }, { TILE_DT_HIF4X2, 0x6, 1.5 },
    { TILE_DT_E8M0, 0x00, 0x1p-127 },
    { TILE_DT_E8M0, 0x7f, 1.0 },
    { TILE_DT_E8M0, 0xfe, 0x1p127 },
    { TILE_DT_S8, 0x80, -128.0 },
    { TILE_DT_S4X2, 0x8, -8.0 }, { TILE_DT_S4X2, 0x7, 7.0 },
    { TILE_DT_U4X2, 0xf, 15.0 },
    { TILE_DT_S16, 0xffff, -1.0 },
    { TILE_DT_S32, 0x80000000, -2147483648.0 },
    { TILE_DT_U32, 0xffffffff, 4294967295.0 },
    { TILE_DT_S64, 0x8000000000000000ull, -0x1p63 },
    { TILE_DT_U64, 0xffffffffffffffffull, 0x1p64 },  /* rounded */
};

START_TEST(test_decode)
{
    for (size_t i = 0; i < sizeof(decode_cases) / sizeof(decode_cases[0]);
         i++) {
        const DecodeCase *c = &decode_cases[i];
        double v = tile_num_to_double(c->t, c->raw);

        ck_assert_msg(v == c->v, "%s 0x%llx: %a, expected %a", dt_name(c->t),
                      (unsigned long long)c->raw, v, c->v);
    }
    ck_assert(signbit(tile_num_to_double(TILE_DT_E4M3, 0x80)));
    ck_assert(signbit(tile_num_to_double(TILE_DT_E3M2, 0x20)));
    ck_assert(isnan(tile_num_to_double(TILE_DT_E8M0, 0xff)));
    ck_assert(isnan(tile_num_to_double(TILE_DT_HIF8, 0x80)));
    ck_assert(isnan(tile_num_to_double(TILE_DT_TF32, 0x3f800001)));
    ck_assert(isinf(tile_num_to_double(TILE_DT_HIF8, 0x6f)));
    ck_assert(tile_num_to_double(TILE_DT_E5M2, 0xfc) == -INFINITY);
    /* FP64 passes through, NaN payload and all. */
    ck_assert_uint_eq(f64_bits(tile_num_to_double(TILE_DT_FP64,
                                                  0x7ff0000000000123ull)),
                      0x7ff0000000000123ull);
}
END_TEST

START_TEST(test_exact)
{
    TileNumExact x;

    /* FP16 0x0001: 1 * 2^-24. */
    ck_assert(tile_num_exact(TILE_DT_FP16, 0x0001, &x));
    ck_assert(!x.neg && x.sig == 1 && x.exp == -24);
    /* FP32 -1.5: (2^23 + 2^22) * 2^-23. */
    ck_assert(tile_num_exact(TILE_DT_FP32, 0xbfc00000, &x));
    ck_assert(x.neg && x.sig == 0xc00000 && x.exp == -23);
    /* HiF8 0x6e: 2 * 2^14 (D4 keeps one mantissa bit). */
    ck_assert(tile_num_exact(TILE_DT_HIF8, 0x6e, &x));
    ck_assert(!x.neg && x.sig == 2 && x.exp == 14);
    /* E8M0 0x00: 1 * 2^-127. */
    ck_assert(tile_num_exact(TILE_DT_E8M0, 0x00, &x));
    ck_assert(!x.neg && x.sig == 1 && x.exp == -127);
    /* S64 minimum: magnitude 2^63. */
    ck_assert(tile_num_exact(TILE_DT_S64, 0x8000000000000000ull, &x));
    ck_assert(x.neg && x.sig == 0x8000000000000000ull && x.exp == 0);
    /* S4X2 lane 0xe: -2. */
    ck_assert(tile_num_exact(TILE_DT_S4X2, 0xe, &x));
    ck_assert(x.neg && x.sig == 2);
    ck_assert(!tile_num_exact(TILE_DT_FP32, 0x7f800000, &x));
    ck_assert(!tile_num_exact(TILE_DT_E4M3, 0x7f, &x));
    ck_assert(!tile_num_exact(TILE_DT_E3M2, 0xc0, &x));
}
END_TEST

/* ---- Encoding by hand --------------------------------------------------- */

typedef struct EncCase {
    TileDType t;
    double v;
    TileRound rm;
    unsigned opts;
    uint64_t raw;
    unsigned flags;
} EncCase;

static const EncCase enc_cases[] = {
    /* FP64 is the identity. */
    { TILE_DT_FP64, DBL_MAX, RNE, 0, 0x7fefffffffffffffull, 0 },
    { TILE_DT_FP64, 0x1p-1074, RNE, 0, 1, 0 },
    { TILE_DT_FP64, -0.0, RNE, 0, 0x8000000000000000ull, 0 },

    /* FP32: max (2 - 2^-23) 2^127, min subnormal 2^-149, min normal. */
    { TILE_DT_FP32, 0x1.fffffep127, RNE, 0, 0x7f7fffff, 0 },
    { TILE_DT_FP32, 0x1p-149, RNE, 0, 0x00000001, 0 },
    { TILE_DT_FP32, 0x1p-126, RNE, 0, 0x00800000, 0 },
    /* 1 + 2^-24 is halfway between 1 (even) and 1 + 2^-23 (odd). */
    { TILE_DT_FP32, 1 + 0x1p-24, RNE, 0, 0x3f800000, NX },
    { TILE_DT_FP32, 1 + 0x1p-24, RNA, 0, 0x3f800001, NX },
    { TILE_DT_FP32, 1 + 0x1p-24, RHB, 0, 0x3f800001, NX },
    { TILE_DT_FP32, -1 - 0x1p-24, RHB, 0, 0xbf800000, NX },  /* -1 > -1-u */
    { TILE_DT_FP32, -1 - 0x1p-24, RNA, 0, 0xbf800001, NX },
    { TILE_DT_FP32, 1 + 0x1p-24, RTZ, 0, 0x3f800000, NX },
    { TILE_DT_FP32, 1 + 0x1p-24, RUP, 0, 0x3f800001, NX },
    { TILE_DT_FP32, -1 - 0x1p-24, RUP, 0, 0xbf800000, NX },
    { TILE_DT_FP32, -1 - 0x1p-24, RDN, 0, 0xbf800001, NX },
    { TILE_DT_FP32, 1 + 0x1p-24, RTO, 0, 0x3f800001, NX },   /* lo even */
    { TILE_DT_FP32, 1 + 0x1.8p-23, RTO, 0, 0x3f800001, NX }, /* lo odd */
    /* 1 + 3 * 2^-24: halfway between ...01 (odd) and ...10 (even). */
    { TILE_DT_FP32, 1 + 0x3p-24, RNE, 0, 0x3f800002, NX },
    /* 2^128 - 2^103 is max + half an ulp: ties to the even 2^128. */
    { TILE_DT_FP32, 0x1.ffffffp127, RNE, 0, 0x7f800000, OF | NX },
    { TILE_DT_FP32, 0x1.ffffffp127, RTZ, 0, 0x7f7fffff, NX },
    { TILE_DT_FP32, 0x1p128, RNE, 0, 0x7f800000, OF | NX },
    { TILE_DT_FP32, 0x1p128, RTZ, 0, 0x7f7fffff, OF | NX },
    { TILE_DT_FP32, 0x1p128, RNE, SAT, 0x7f7fffff, OF | NX },
    { TILE_DT_FP32, -0x1p128, RUP, 0, 0xff7fffff, OF | NX },
    { TILE_DT_FP32, -0x1p128, RDN, 0, 0xff800000, OF | NX },
    { TILE_DT_FP32, 0x1p128, RDN, 0, 0x7f7fffff, OF | NX },
    { TILE_DT_FP32, 0x1p128, RTO, 0, 0x7f7fffff, OF | NX },
    /* 2^-150 is halfway between 0 (even) and 2^-149. */
    { TILE_DT_FP32, 0x1p-150, RNE, 0, 0x00000000, UF | NX },
    { TILE_DT_FP32, -0x1p-150, RNE, 0, 0x80000000, UF | NX },
    { TILE_DT_FP32, 0x1.8p-150, RNE, 0, 0x00000001, UF | NX },
    { TILE_DT_FP32, 0x1p-150, RUP, 0, 0x00000001, UF | NX },
    { TILE_DT_FP32, 0x1p-150, RTO, 0, 0x00000001, UF | NX },

    /* TF32: 10 fraction bits in 22:13. */
    { TILE_DT_TF32, 0x1.ffcp127, RNE, 0, 0x7f7fe000, 0 },
    { TILE_DT_TF32, 0x1p-136, RNE, 0, 0x00002000, 0 },
    { TILE_DT_TF32, 1 + 0x1p-10, RNE, 0, 0x3f802000, 0 },
    { TILE_DT_TF32, 1 + 0x1p-11, RNE, 0, 0x3f800000, NX },   /* tie, even */
    { TILE_DT_TF32, 1 + 0x3p-11, RNE, 0, 0x3f804000, NX },   /* to 1+2^-9 */
    { TILE_DT_TF32, 0x1.ffep127, RNE, 0, 0x7f800000, OF | NX },
    /* HF32: 11 fraction bits in 22:12. */
    { TILE_DT_HF32, 0x1.ffep127, RNE, 0, 0x7f7ff000, 0 },
    { TILE_DT_HF32, 0x1p-137, RNE, 0, 0x00001000, 0 },
    { TILE_DT_HF32, 1 + 0x1p-11, RNE, 0, 0x3f801000, 0 },
    { TILE_DT_HF32, 1 + 0x1p-12, RNE, 0, 0x3f800000, NX },

    /* FP16: max 65504; 65520 = max + half ulp ties to even 2^16. */
    { TILE_DT_FP16, 65504, RNE, 0, 0x7bff, 0 },
    { TILE_DT_FP16, 65519, RNE, 0, 0x7bff, NX },
    { TILE_DT_FP16, 65520, RNE, 0, 0x7c00, OF | NX },
    { TILE_DT_FP16, 65520, RNE, SAT, 0x7bff, OF | NX },
    { TILE_DT_FP16, 65520, RTZ, 0, 0x7bff, NX },          /* no overflow */
    { TILE_DT_FP16, 70000, RTZ, 0, 0x7bff, OF | NX },
    { TILE_DT_FP16, -70000, RNE, 0, 0xfc00, OF | NX },
    { TILE_DT_FP16, 0x1p-24, RNE, 0, 0x0001, 0 },
    { TILE_DT_FP16, 0x1p-25, RNE, 0, 0x0000, UF | NX },
    { TILE_DT_FP16, 0x3p-26, RNE, 0, 0x0001, UF | NX },   /* 0.75 * 2^-24 */
    { TILE_DT_FP16, 0x1p-14, RNE, 0, 0x0400, 0 },
    /*
     * Tininess after rounding.  2^-14 - 2^-26 is 1023.75 subnormal units:
     * it rounds to 0x0400, and at 11-bit precision (2047.5 units of 2^-25,
     * a tie going to the even 2048) it reaches 2^-14 too: not tiny, no UF.
     * 2^-14 - 2^-25 is a tie of 1023/1024 units (to the even 0x0400), but
     * at 11 bits it is exactly 2047 * 2^-25 < 2^-14: tiny, so UF.
     */
    { TILE_DT_FP16, 0x1p-14 - 0x1p-26, RNE, 0, 0x0400, NX },
    { TILE_DT_FP16, 0x1p-14 - 0x1p-25, RNE, 0, 0x0400, UF | NX },
    { TILE_DT_FP16, -0.0, RNE, 0, 0x8000, 0 },
    /* Above the tie by 2^-30: once rounded 1 + 2^-10 (via FP32 it would
     * become the tie 1 + 2^-11 and then 1.0). */
    { TILE_DT_FP16, 1 + 0x1p-11 + 0x1p-30, RNE, 0, 0x3c01, NX },

    /* BF16: max (2 - 2^-7) 2^127. */
    { TILE_DT_BF16, 0x1.fep127, RNE, 0, 0x7f7f, 0 },
    { TILE_DT_BF16, 0x1.ffp127, RNE, 0, 0x7f80, OF | NX },  /* tie to 2^128 */
    { TILE_DT_BF16, 0x1.ffp127, RNE, SAT, 0x7f7f, OF | NX },
    { TILE_DT_BF16, 1 + 0x1p-8, RNE, 0, 0x3f80, NX },
    { TILE_DT_BF16, 1 + 0x3p-8, RNE, 0, 0x3f82, NX },
    { TILE_DT_BF16, 0x1p-133, RNE, 0, 0x0001, 0 },
    { TILE_DT_BF16, 0x1p-126, RNE, 0, 0x0080, 0 },

    /*
     * HiF8.  The binade of 2^15 keeps one mantissa bit: its neighbours are
     * 32768 (0x6e, even) and 49152 (past the maximum), so 40960 is the tie.
     */
    { TILE_DT_HIF8, 32768, RNE, 0, 0x6e, 0 },
    { TILE_DT_HIF8, 40000, RNE, 0, 0x6e, NX },
    { TILE_DT_HIF8, 40960, RNE, 0, 0x6e, NX },
    { TILE_DT_HIF8, 40960, RNA, 0, 0x6f, OF | NX },
    { TILE_DT_HIF8, 40961, RNE, 0, 0x6f, OF | NX },
    { TILE_DT_HIF8, 40961, RNE, SAT, 0x6e, OF | NX },
    { TILE_DT_HIF8, -40961, RNE, 0, 0xef, OF | NX },
    { TILE_DT_HIF8, -40961, RNE, SAT, 0xee, OF | NX },
    { TILE_DT_HIF8, 1e6, RTZ, 0, 0x6e, OF | NX },
    { TILE_DT_HIF8, 1.0, RNE, 0, 0x08, 0 },
    { TILE_DT_HIF8, 1.5, RNE, 0, 0x0c, 0 },
    { TILE_DT_HIF8, 0.75, RNE, 0, 0x1c, 0 },
    { TILE_DT_HIF8, 6.0, RNE, 0, 0x24, 0 },     /* D2, E = +2, 1.5 */
    { TILE_DT_HIF8, 16.0, RNE, 0, 0x40, 0 },    /* D3, E = +4 */
    { TILE_DT_HIF8, 256.0, RNE, 0, 0x60, 0 },   /* D4, E = +8 */
    { TILE_DT_HIF8, 0x1p-15, RNE, 0, 0x7e, 0 },
    /* 1 + 1/16 is halfway between 1 (0x08) and 1.125 (0x09). */
    { TILE_DT_HIF8, 1.0625, RNE, 0, 0x08, NX },
    { TILE_DT_HIF8, 1.0625, RNA, 0, 0x09, NX },
    { TILE_DT_HIF8, 1.0625, RHB, 0, 0x09, NX },
    { TILE_DT_HIF8, -1.0625, RHB, 0, 0x88, NX },
    { TILE_DT_HIF8, -1.0, RNE, 0, 0x88, 0 },
    { TILE_DT_HIF8, -0.0, RNE, 0, 0x00, 0 },    /* one zero */
    /* Denormals 2^(M-23): the neighbours of a tie differ in M's parity. */
    { TILE_DT_HIF8, 0x1p-22, RNE, 0, 0x01, 0 },
    { TILE_DT_HIF8, 0x1p-16, RNE, 0, 0x07, 0 },
    { TILE_DT_HIF8, 0x1p-23, RNE, 0, 0x00, UF | NX },    /* 0 | 2^-22 */
    { TILE_DT_HIF8, 0x1p-23, RNA, 0, 0x01, UF | NX },
    { TILE_DT_HIF8, 0x1.8p-17, RNE, 0, 0x06, UF | NX },  /* 0x06 | 0x07 */
    { TILE_DT_HIF8, 0x1.8p-17, RTO, 0, 0x07, UF | NX },
    { TILE_DT_HIF8, 0x1.8p-18, RNE, 0, 0x06, UF | NX },  /* 0x05 | 0x06 */
    { TILE_DT_HIF8, 0x1.8p-18, RTO, 0, 0x05, UF | NX },
    { TILE_DT_HIF8, 0x1.4p-17, RNE, 0, 0x06, UF | NX },
    /* 1.5 * 2^-16: halfway between 2^-16 (0x07) and 2^-15 (0x7e, even). */
    { TILE_DT_HIF8, 0x1.8p-16, RNE, 0, 0x7e, NX },
    { TILE_DT_HIF8, -0x1p-24, RNE, 0, 0x00, UF | NX },
    { TILE_DT_HIF8, 0x1p-24, RUP, 0, 0x01, UF | NX },
    { TILE_DT_HIF8, -0x1p-24, RDN, 0, 0x81, UF | NX },

    /* E4M3: max 448 = 0x7e (mantissa 110); 480 would be the NaN code. */
    { TILE_DT_E4M3, 448, RNE, 0, 0x7e, 0 },
    { TILE_DT_E4M3, 464, RNE, 0, 0x7e, NX },     /* tie 448 | 480: even */
    { TILE_DT_E4M3, 465, RNE, 0, 0x7f, OF | NX },
    { TILE_DT_E4M3, 465, RNE, SAT, 0x7e, OF | NX },
    { TILE_DT_E4M3, -465, RNE, 0, 0x7f, OF | NX },
    { TILE_DT_E4M3, 480, RNE, 0, 0x7f, OF | NX },
    { TILE_DT_E4M3, 500, RTZ, 0, 0x7e, OF | NX },
    { TILE_DT_E4M3, 0x1p-9, RNE, 0, 0x01, 0 },
    { TILE_DT_E4M3, 0x1p-10, RNE, 0, 0x00, UF | NX },
    { TILE_DT_E4M3, -0x1p-10, RNE, 0, 0x80, UF | NX },
    { TILE_DT_E4M3, 0x1p-6, RNE, 0, 0x08, 0 },
    { TILE_DT_E4M3, 1.0, RNE, 0, 0x38, 0 },
    { TILE_DT_E4M3, 1.5, RNE, 0, 0x3c, 0 },
    { TILE_DT_E4M3, 1.0625, RNE, 0, 0x38, NX },
    { TILE_DT_E4M3, 1.0625, RNA, 0, 0x39, NX },

    /* E5M2: max 57344 (mantissa 11); 61440 ties to the even 2^16. */
    { TILE_DT_E5M2, 57344, RNE, 0, 0x7b, 0 },
    { TILE_DT_E5M2, 61439, RNE, 0, 0x7b, NX },
    { TILE_DT_E5M2, 61440, RNE, 0, 0x7c, OF | NX },
    { TILE_DT_E5M2, 1e6, RTZ, 0, 0x7b, OF | NX },
    { TILE_DT_E5M2, 0x1p-16, RNE, 0, 0x01, 0 },
    { TILE_DT_E5M2, 0x1p-14, RNE, 0, 0x04, 0 },
    { TILE_DT_E5M2, 1.0, RNE, 0, 0x3c, 0 },
    { TILE_DT_E5M2, 1.125, RNE, 0, 0x3c, NX },
    { TILE_DT_E5M2, 1.125, RUP, 0, 0x3d, NX },
    { TILE_DT_E5M2, -1.125, RUP, 0, 0xbc, NX },

    /* E3M2: finite only, so overflow always clamps to 28 = 0x1f. */
    { TILE_DT_E3M2, 28, RNE, 0, 0x1f, 0 },
    { TILE_DT_E3M2, 29, RNE, 0, 0x1f, NX },
    { TILE_DT_E3M2, 30, RNE, 0, 0x1f, OF | NX },   /* tie 28 | 32: 32 */
    { TILE_DT_E3M2, -30, RNE, 0, 0x3f, OF | NX },
    { TILE_DT_E3M2, 0.0625, RNE, 0, 0x01, 0 },
    { TILE_DT_E3M2, 0.03125, RNE, 0, 0x00, UF | NX },
    { TILE_DT_E3M2, -0.03125, RNE, 0, 0x20, UF | NX },
    { TILE_DT_E3M2, 0.25, RNE, 0, 0x04, 0 },       /* min normal 2^-2 */
    { TILE_DT_E3M2, 1.0, RNE, 0, 0x0c, 0 },
    { TILE_DT_E3M2, 1.125, RNE, 0, 0x0c, NX },

    /* E2M3: max 7.5 (mantissa 111). */
    { TILE_DT_E2M3, 7.5, RNE, 0, 0x1f, 0 },
    { TILE_DT_E2M3, 7.75, RNE, 0, 0x1f, OF | NX },   /* tie 7.5 | 8: 8 */
    { TILE_DT_E2M3, 0.125, RNE, 0, 0x01, 0 },
    { TILE_DT_E2M3, 0.0625, RNE, 0, 0x00, UF | NX },
    { TILE_DT_E2M3, 1.0, RNE, 0, 0x08, 0 },
    { TILE_DT_E2M3, 1.0625, RNE, 0, 0x08, NX },
    { TILE_DT_E2M3, 1.1875, RNE, 0, 0x0a, NX },      /* 0x09 | 0x0a */

    /* E2M1 lanes: 0 0.5 1 1.5 2 3 4 6. */
    { TILE_DT_E2M1X2, 6, RNE, 0, 0x7, 0 },
    { TILE_DT_E2M1X2, 5, RNE, 0, 0x6, NX },      /* tie 4 (even) | 6 */
    { TILE_DT_E2M1X2, 7, RNE, 0, 0x7, OF | NX },  /* tie 6 | 8: 8 */
    { TILE_DT_E2M1X2, 0.5, RNE, 0, 0x1, 0 },
    { TILE_DT_E2M1X2, 0.25, RNE, 0, 0x0, UF | NX },
    { TILE_DT_E2M1X2, 0.75, RNE, 0, 0x2, NX },   /* tie 0.5 | 1 (even) */
    { TILE_DT_E2M1X2, 2.5, RNE, 0, 0x4, NX },
    { TILE_DT_E2M1X2, 2.5, RNA, 0, 0x5, NX },
    { TILE_DT_E2M1X2, -3, RNE, 0, 0xd, 0 },
    { TILE_DT_E2M1X2, -0.0, RNE, 0, 0x8, 0 },
    /* E1M2 lanes: 0 0.25 ... 1.75. */
    { TILE_DT_E1M2X2, 1.75, RNE, 0, 0x7, 0 },
    { TILE_DT_E1M2X2, 1.875, RNE, 0, 0x7, OF | NX },
    { TILE_DT_E1M2X2, 0.25, RNE, 0, 0x1, 0 },
    { TILE_DT_E1M2X2, 0.125, RNE, 0, 0x0, UF | NX },
    { TILE_DT_E1M2X2, 0.375, RNE, 0, 0x2, NX },
    { TILE_DT_E1M2X2, 1.125, RNE, 0, 0x4, NX },
    { TILE_DT_E1M2X2, -1.75, RNE, 0, 0xf, 0 },
    { TILE_DT_HIF4X2, 1.25, RNE, 0, 0x5, 0 },
    { TILE_DT_HIF4X2, -0.375, RNE, 0, 0xa, NX },
    { TILE_DT_HIF4X2, 3.0, RNE, SAT, 0x7, OF | NX },

    /*
     * E8M0: round the exponent.  1.5 > sqrt(2) goes up, 1.4 < sqrt(2)
     * down; RTZ moves toward exponent 0, RTO to the odd exponent.
     */
    { TILE_DT_E8M0, 1.0, RNE, 0, 0x7f, 0 },
    { TILE_DT_E8M0, 0x1p-127, RNE, 0, 0x00, 0 },
    { TILE_DT_E8M0, 0x1p127, RNE, 0, 0xfe, 0 },
    { TILE_DT_E8M0, 1.5, RNE, 0, 0x80, NX },
    { TILE_DT_E8M0, 1.4, RNE, 0, 0x7f, NX },
    { TILE_DT_E8M0, 3.0, RNE, 0, 0x81, NX },     /* 1.5 * 2^1 -> 2^2 */
    { TILE_DT_E8M0, 0.75, RNE, 0, 0x7f, NX },    /* 1.5 * 2^-1 -> 2^0 */
    { TILE_DT_E8M0, 0.6, RNA, 0, 0x7e, NX },     /* 1.2 * 2^-1 -> 2^-1 */
    { TILE_DT_E8M0, 0.75, RTZ, 0, 0x7f, NX },    /* f = -1 -> 0 */
    { TILE_DT_E8M0, 1.5, RTZ, 0, 0x7f, NX },     /* f = 0 stays */
    { TILE_DT_E8M0, 1.01, RUP, 0, 0x80, NX },
    { TILE_DT_E8M0, 1.99, RDN, 0, 0x7f, NX },
    { TILE_DT_E8M0, 1.5, RTO, 0, 0x80, NX },     /* f = 0 -> 1 */
    { TILE_DT_E8M0, 3.0, RTO, 0, 0x80, NX },     /* f = 1 stays */
    { TILE_DT_E8M0, 0.0, RNE, 0, 0xff, NV },
    { TILE_DT_E8M0, -1.0, RNE, SAT, 0xff, NV },
    { TILE_DT_E8M0, 0x1p-128, RNE, 0, 0xff, UF | NX },
    { TILE_DT_E8M0, 0x1p-128, RUP, SAT, 0x00, UF | NX },
    { TILE_DT_E8M0, 0x1.8p127, RNE, 0, 0xff, OF | NX },
    { TILE_DT_E8M0, 0x1.8p127, RDN, SAT, 0xfe, OF | NX },

    /* Integers: round first, then check the range. */
    { TILE_DT_S8, 127.5, RNE, 0, 0x80, NV },     /* 128: indefinite */
    { TILE_DT_S8, 127.5, RNE, SAT, 0x7f, OF | NX },
    { TILE_DT_S8, 127.5, RNE, WRAP, 0x80, OF | NX },
    { TILE_DT_S8, 127.4, RNE, 0, 0x7f, NX },
    { TILE_DT_S8, -128.4, RNE, 0, 0x80, NX },
    { TILE_DT_S8, -128.5, RNE, 0, 0x80, NX },    /* tie -128 (even) | -129 */
    { TILE_DT_S8, -128.5, RNA, 0, 0x80, NV },
    { TILE_DT_S8, 300, RNE, WRAP, 0x2c, OF | NX },   /* 300 - 256 = 44 */
    { TILE_DT_S8, -300, RNE, WRAP, 0xd4, OF | NX },  /* -300 + 512 = 212 */
    { TILE_DT_S8, -0.0, RNE, 0, 0x00, 0 },
    { TILE_DT_U8, 255.5, RNE, 0, 0xff, NV },     /* 256 */
    { TILE_DT_U8, 255.5, RTZ, 0, 0xff, NX },
    { TILE_DT_U8, -0.4, RNE, 0, 0x00, NX },
    { TILE_DT_U8, -0.5, RNE, 0, 0x00, NX },      /* tie 0 (even) | -1 */
    { TILE_DT_U8, -0.6, RNE, 0, 0xff, NV },
    { TILE_DT_U8, -0.6, RNE, SAT, 0x00, OF | NX },
    { TILE_DT_U8, 256, RNE, WRAP, 0x00, OF | NX },
    { TILE_DT_S4X2, 7.5, RNE, 0, 0x8, NV },
    { TILE_DT_S4X2, 7.5, RNE, SAT, 0x7, OF | NX },
    { TILE_DT_S4X2, -8.5, RNE, 0, 0x8, NX },
    { TILE_DT_S4X2, -1, RNE, 0, 0xf, 0 },
    { TILE_DT_U4X2, 15.5, RNE, 0, 0xf, NV },
    { TILE_DT_U4X2, 15.4, RNE, 0, 0xf, NX },
    { TILE_DT_U4X2, 16, RNE, SAT, 0xf, OF | NX },
    { TILE_DT_S16, 32767.5, RNE, 0, 0x8000, NV },
    { TILE_DT_S16, -32768, RNE, 0, 0x8000, 0 },
    { TILE_DT_U16, 65535, RNE, 0, 0xffff, 0 },
    { TILE_DT_U16, 65535.5, RNE, 0, 0xffff, NV },
    { TILE_DT_S32, 2147483647.5, RNE, 0, 0x80000000, NV },
    { TILE_DT_S32, -2147483648.5, RNE, 0, 0x80000000, NX },
    { TILE_DT_S32, -2147483649.0, RNE, 0, 0x80000000, NV },
    { TILE_DT_U32, 4294967295.0, RNE, 0, 0xffffffff, 0 },
    { TILE_DT_U32, 4294967296.0, RNE, 0, 0xffffffff, NV },
    { TILE_DT_S64, 0x1p63, RNE, 0, 0x8000000000000000ull, NV },
    { TILE_DT_S64, 0x1p63, RNE, SAT, 0x7fffffffffffffffull, OF | NX },
    { TILE_DT_S64, -0x1p63, RNE, 0, 0x8000000000000000ull, 0 },
    { TILE_DT_S64, 0x1p62, RNE, 0, 0x4000000000000000ull, 0 },
    { TILE_DT_S64, 0x1p64 + 0x1p12, RNE, WRAP, 0x1000, OF | NX },
    { TILE_DT_S64, 0x1p70, RNE, WRAP, 0, OF | NX },
    { TILE_DT_U64, 0x1.fffffffffffffp63, RNE, 0, 0xfffffffffffff800ull, 0 },
    { TILE_DT_U64, 0x1p64, RNE, 0, 0xffffffffffffffffull, NV },
    { TILE_DT_U64, 0x1p64, RNE, SAT, 0xffffffffffffffffull, OF | NX },
    { TILE_DT_U64, -1.0, RNE, 0, 0xffffffffffffffffull, NV },
    { TILE_DT_U64, -1.0, RNE, SAT, 0, OF | NX },
};

START_TEST(test_encode)
{
    for (size_t i = 0; i < sizeof(enc_cases) / sizeof(enc_cases[0]); i++) {
        const EncCase *c = &enc_cases[i];
        unsigned flags = 0;
        uint64_t raw = tile_num_from_double(c->t, c->v, c->rm, c->opts,
                                            &flags);

        ck_assert_msg(raw == c->raw && flags == c->flags,
                      "%s %a rm %d opts %u: 0x%llx flags 0x%x, expected "
                      "0x%llx flags 0x%x", dt_name(c->t), c->v, c->rm,
                      c->opts, (unsigned long long)raw, flags,
                      (unsigned long long)c->raw, c->flags);
    }
}
END_TEST

/* Rounding twice differs from rounding once (see the FP16 case above). */
START_TEST(test_double_rounding)
{
    unsigned flags = 0;
    uint64_t f32 = tile_num_from_double(TILE_DT_FP32, 1 + 0x1p-11 + 0x1p-30,
                                        RNE, 0, &flags);

    ck_assert_uint_eq(f32, 0x3f801000);     /* 1 + 2^-11, the FP16 tie */
    ck_assert_uint_eq(tile_num_convert(TILE_DT_FP16, TILE_DT_FP32, f32, RNE,
                                       0, &flags), 0x3c00);
}
END_TEST

START_TEST(test_sticky)
{
    /* 1 + 2^-11 with the significand at bit 63: exactly the FP16 tie. */
    TileNumExact x = { .sig = 0x8010000000000000ull, .exp = -63 };
    unsigned flags = 0;

    ck_assert_uint_eq(tile_num_round(TILE_DT_FP16, &x, RNE, 0, &flags),
                      0x3c00);
    x.sticky = true;                /* a little above the tie */
    ck_assert_uint_eq(tile_num_round(TILE_DT_FP16, &x, RNE, 0, &flags),
                      0x3c01);
    ck_assert_uint_eq(tile_num_round(TILE_DT_FP16, &x, RTZ, 0, &flags),
                      0x3c00);
    /* 2.5 and a bit: 3 under RNE, not 2. */
    x = (TileNumExact){ .sig = 5, .exp = -1, .sticky = true };
    ck_assert_uint_eq(tile_num_round(TILE_DT_S32, &x, RNE, 0, &flags), 3);
    ck_assert_uint_eq(flags, NX);
}
END_TEST

/*
 * E8M0 nearest rounding compares the significand with sqrt(2) =
 * 1.41421356237309504880...  M_SQRT2 as a double is 1.41421356237309514547
 * (above), its predecessor 1.41421356237309492343 (below); with a 64-bit
 * significand floor(sqrt(2) * 2^63) = 0xb504f333f9de6484 is below and the
 * next integer above.
 */
START_TEST(test_e8m0_sqrt2)
{
    TileNumExact x = { .sig = 0xb504f333f9de6484ull, .exp = -63 };
    unsigned flags = 0;

    ck_assert_uint_eq(tile_num_from_double(TILE_DT_E8M0, M_SQRT2, RNE, 0,
                                           &flags), 0x80);
    ck_assert_uint_eq(tile_num_from_double(TILE_DT_E8M0,
                                           nextafter(M_SQRT2, 0), RNE, 0,
                                           &flags), 0x7f);
    ck_assert_uint_eq(tile_num_round(TILE_DT_E8M0, &x, RNE, 0, &flags), 0x7f);
    ck_assert_uint_eq(tile_num_round(TILE_DT_E8M0, &x, RHB, 0, &flags), 0x7f);
    x.sig++;
    ck_assert_uint_eq(tile_num_round(TILE_DT_E8M0, &x, RNE, 0, &flags), 0x80);
    ck_assert_uint_eq(tile_num_round(TILE_DT_E8M0, &x, RNA, 0, &flags), 0x80);
    ck_assert_uint_eq(flags, NX);
}
END_TEST

/* ---- Conversions by hand ------------------------------------------------ */

typedef struct ConvCase {
    TileDType dst, src;
    uint64_t in;
    TileRound rm;
    unsigned opts;
    uint64_t out;
    unsigned flags;
} ConvCase;

static const ConvCase conv_cases[] = {
    /* NaN sources: canonical NaN, NV only for a signaling source. */
    { TILE_DT_FP16, TILE_DT_FP32, 0x7f800001, RNE, 0, 0x7e00, NV },
    { TILE_DT_FP16, TILE_DT_FP32, 0xffc00001, RNE, 0, 0x7e00, 0 },
    { TILE_DT_FP64, TILE_DT_FP64, 0x7ff0000000000001ull, RNE, 0,
      0x7ff8000000000000ull, NV },
    { TILE_DT_FP16, TILE_DT_E5M2, 0x7d, RNE, 0, 0x7e00, NV },
    { TILE_DT_E4M3, TILE_DT_HIF8, 0x80, RNE, 0, 0x7f, 0 },
    { TILE_DT_FP32, TILE_DT_E8M0, 0xff, RNE, 0, 0x7fc00000, 0 },
    { TILE_DT_E3M2, TILE_DT_FP32, 0x7fc00000, RNE, 0, 0x00, NV },
    { TILE_DT_E2M1X2, TILE_DT_FP32, 0x7fc00000, RNE, SAT, 0x0, NV },
    { TILE_DT_FP16, TILE_DT_FP32, 0x7fc00000, RNE, SAT, 0x0000, 0 },
    { TILE_DT_FP16, TILE_DT_FP32, 0x7f800001, RNE, SAT, 0x0000, NV },
    /* Invalid encodings behave as signaling NaNs. */
    { TILE_DT_FP32, TILE_DT_TF32, 0x3f800001, RNE, 0, 0x7fc00000, NV },
    { TILE_DT_FP16, TILE_DT_E3M2, 0x40, RNE, 0, 0x7e00, NV },
    /* Infinities. */
    { TILE_DT_FP16, TILE_DT_FP32, 0x7f800000, RNE, 0, 0x7c00, 0 },
    { TILE_DT_HIF8, TILE_DT_FP32, 0xff800000, RNE, 0, 0xef, 0 },
    { TILE_DT_BF16, TILE_DT_FP32, 0x7f800000, RNE, SAT, 0x7f7f, OF | NX },
    { TILE_DT_E4M3, TILE_DT_FP32, 0x7f800000, RNE, 0, 0x7f, OF | NX },
    { TILE_DT_E4M3, TILE_DT_FP32, 0xff800000, RNE, SAT, 0xfe, OF | NX },
    { TILE_DT_E3M2, TILE_DT_FP32, 0xff800000, RNE, 0, 0x3f, OF | NX },
    { TILE_DT_S32, TILE_DT_FP32, 0x7f800000, RNE, 0, 0x80000000, NV },
    { TILE_DT_S32, TILE_DT_FP32, 0x7f800000, RNE, SAT, 0x7fffffff, OF | NX },
    { TILE_DT_U8, TILE_DT_FP32, 0xff800000, RNE, 0, 0xff, NV },
    { TILE_DT_U8, TILE_DT_FP32, 0xff800000, RNE, SAT, 0x00, OF | NX },
    { TILE_DT_E8M0, TILE_DT_FP32, 0x7f800000, RNE, 0, 0xff, OF | NX },
    { TILE_DT_E8M0, TILE_DT_FP32, 0x7f800000, RNE, SAT, 0xfe, OF | NX },
    { TILE_DT_E8M0, TILE_DT_FP32, 0xff800000, RNE, SAT, 0xff, NV },
    /* Exact widenings. */
    { TILE_DT_FP32, TILE_DT_FP16, 0x0001, RNE, 0, 0x33800000, 0 },  /* 2^-24 */
    { TILE_DT_FP32, TILE_DT_FP16, 0x7bff, RNE, 0, 0x477fe000, 0 },
    { TILE_DT_FP32, TILE_DT_BF16, 0x3f80, RNE, 0, 0x3f800000, 0 },
    { TILE_DT_FP16, TILE_DT_HIF8, 0x6e, RNE, 0, 0x7800, 0 },        /* 2^15 */
    { TILE_DT_FP16, TILE_DT_E5M2, 0x7b, RNE, 0, 0x7b00, 0 },
    { TILE_DT_FP32, TILE_DT_E8M0, 0x00, RNE, 0, 0x00400000, 0 },  /* 2^-127 */
    { TILE_DT_BF16, TILE_DT_E8M0, 0x7f, RNE, 0, 0x3f80, 0 },
    /* Narrowings. */
    { TILE_DT_FP16, TILE_DT_FP32, 0x00000001, RNE, 0, 0x0000, UF | NX },
    { TILE_DT_BF16, TILE_DT_FP32, 0x3f808000, RNE, 0, 0x3f80, NX },
    { TILE_DT_FP32, TILE_DT_FP64, 0x3ff0000010000000ull, RNE, 0,
      0x3f800000, NX },                             /* 1 + 2^-24: tie */
    /* Integers to floating point: one rounding from the exact integer. */
    { TILE_DT_FP32, TILE_DT_U64, 0xffffffffffffffffull, RNE, 0,
      0x5f800000, NX },                             /* 2^64 */
    { TILE_DT_FP64, TILE_DT_U64, 0xffffffffffffffffull, RNE, 0,
      0x43f0000000000000ull, NX },
    { TILE_DT_FP64, TILE_DT_U64, 0x0020000000000001ull, RNE, 0,
      0x4340000000000000ull, NX },                  /* 2^53 + 1: tie */
    { TILE_DT_FP64, TILE_DT_U64, 0x0020000000000001ull, RUP, 0,
      0x4340000000000001ull, NX },
    { TILE_DT_FP32, TILE_DT_S64, 0x8000000000000000ull, RNE, 0,
      0xdf000000, 0 },                              /* -2^63 */
    { TILE_DT_FP16, TILE_DT_S8, 0x80, RNE, 0, 0xd800, 0 },     /* -128 */
    { TILE_DT_FP16, TILE_DT_U32, 65520, RNE, 0, 0x7c00, OF | NX },
    { TILE_DT_E2M1X2, TILE_DT_S4X2, 0x8, RNE, 0, 0xf, OF | NX },  /* -8 */
    { TILE_DT_E8M0, TILE_DT_U8, 0x40, RNE, 0, 0x85, 0 },       /* 2^6 */
    /* Integer to integer (TileConvertIntegerValue): no flags. */
    { TILE_DT_S8, TILE_DT_S16, 0x8000, RNE, SAT, 0x80, 0 },
    { TILE_DT_S8, TILE_DT_S16, 0x8000, RNE, 0, 0x00, 0 },
    { TILE_DT_S8, TILE_DT_U16, 0xffff, RNE, SAT, 0x7f, 0 },
    { TILE_DT_S8, TILE_DT_U16, 0xffff, RNE, 0, 0xff, 0 },
    { TILE_DT_U8, TILE_DT_S8, 0xff, RNE, SAT, 0x00, 0 },
    { TILE_DT_U8, TILE_DT_S8, 0xff, RNE, 0, 0xff, 0 },
    { TILE_DT_U64, TILE_DT_S8, 0xff, RNE, 0, 0xffffffffffffffffull, 0 },
    { TILE_DT_U64, TILE_DT_S8, 0xff, RNE, SAT, 0, 0 },
    { TILE_DT_S8, TILE_DT_S4X2, 0x8, RNE, 0, 0xf8, 0 },
    { TILE_DT_S64, TILE_DT_U64, 0xffffffffffffffffull, RNE, SAT,
      0x7fffffffffffffffull, 0 },
    { TILE_DT_S64, TILE_DT_U64, 0xffffffffffffffffull, RNE, 0,
      0xffffffffffffffffull, 0 },
    { TILE_DT_S4X2, TILE_DT_U4X2, 0xf, RNE, SAT, 0x7, 0 },
    { TILE_DT_S4X2, TILE_DT_S64, 0xffffffffffffffffull, RNE, SAT, 0xf, 0 },
    { TILE_DT_S16, TILE_DT_S8, 0x1ff, RNE, 0, 0xffff, 0 },  /* bit 8 ignored */
};

START_TEST(test_convert)
{
    for (size_t i = 0; i < sizeof(conv_cases) / sizeof(conv_cases[0]); i++) {
        const ConvCase *c = &conv_cases[i];
        unsigned flags = 0;
        uint64_t out = tile_num_convert(c->dst, c->src, c->in, c->rm, c->opts,
                                        &flags);

        ck_assert_msg(out == c->out && flags == c->flags,
                      "%s <- %s 0x%llx: 0x%llx flags 0x%x, expected 0x%llx "
                      "flags 0x%x", dt_name(c->dst), dt_name(c->src),
                      (unsigned long long)c->in, (unsigned long long)out,
                      flags, (unsigned long long)c->out, c->flags);
    }
    /* Flags accumulate; NULL is allowed. */
    {
        unsigned flags = UF;

        tile_num_from_double(TILE_DT_FP16, 1e9, RNE, 0, &flags);
        ck_assert_uint_eq(flags, UF | OF | NX);
        ck_assert_uint_eq(tile_num_from_double(TILE_DT_FP16, 1e9, RNE, 0,
                                               NULL), 0x7c00);
    }
    ck_assert(tile_num_tcvt_supported(TILE_DT_E8M0, TILE_DT_BF16));
    ck_assert(!tile_num_tcvt_supported(TILE_DT_E8M0, TILE_DT_FP64));
    ck_assert(tile_num_tcvt_supported(TILE_DT_FP64, TILE_DT_E8M0));
    ck_assert(!tile_num_tcvt_supported(TILE_DT_FP64, 15));
}
END_TEST

START_TEST(test_int_normalize)
{
    ck_assert_uint_eq(tile_int_normalize(TILE_DT_S8, 0x80),
                      0xffffffffffffff80ull);
    ck_assert_uint_eq(tile_int_normalize(TILE_DT_S4X2, 0x8),
                      0xfffffffffffffff8ull);
    ck_assert_uint_eq(tile_int_normalize(TILE_DT_S4X2, 0x17), 0x7);
    ck_assert_uint_eq(tile_int_normalize(TILE_DT_U8, 0x1ff), 0xff);
    ck_assert_uint_eq(tile_int_normalize(TILE_DT_S32, 0x80000000),
                      0xffffffff80000000ull);
    ck_assert_uint_eq(tile_int_normalize(TILE_DT_S64, 0x8000000000000000ull),
                      0x8000000000000000ull);
}
END_TEST

START_TEST(test_lanes)
{
    uint8_t buf[3] = { 0x91, 0x00, 0xff };

    /* Lane 2i is bits 3:0 of byte i, lane 2i+1 bits 7:4. */
    ck_assert_uint_eq(tile_lane4_get(buf, 0), 0x1);
    ck_assert_uint_eq(tile_lane4_get(buf, 1), 0x9);
    ck_assert_uint_eq(tile_lane4_get(buf, 4), 0xf);
    tile_lane4_set(buf, 1, 0x3);
    ck_assert_uint_eq(buf[0], 0x31);
    tile_lane4_set(buf, 0, 0x1a);           /* only the low 4 bits */
    ck_assert_uint_eq(buf[0], 0x3a);
    tile_lane4_set(buf, 3, 0x5);
    ck_assert_uint_eq(buf[1], 0x50);
    tile_lane4_set(buf, 4, 0x0);
    ck_assert_uint_eq(buf[2], 0xf0);
}
END_TEST

START_TEST(test_round_selectors)
{
    static const TileRound frm[8] = { RNE, RDN, RUP, RTZ, RNE, RNE, RNE, RNE };

    for (unsigned i = 0; i < 8; i++) {
        ck_assert_int_eq(tile_round_from_frm(i), frm[i]);
        ck_assert_int_eq(tile_round_from_rmode(i, RTZ), i ? (TileRound)i : RTZ);
    }
}
END_TEST

/* ---- Exhaustive checks -------------------------------------------------- */

static const TileDType small_types[] = {
    TILE_DT_FP16, TILE_DT_BF16, TILE_DT_HIF8, TILE_DT_E4M3, TILE_DT_E5M2,
    TILE_DT_E3M2, TILE_DT_E2M3, TILE_DT_E2M1X2, TILE_DT_E1M2X2, TILE_DT_E8M0,
    TILE_DT_HIF4X2, TILE_DT_S16, TILE_DT_S8, TILE_DT_S4X2, TILE_DT_U16,
    TILE_DT_U8, TILE_DT_U4X2,
};
#define N_SMALL (sizeof(small_types) / sizeof(small_types[0]))

/*
 * Decode then encode gives the same bits in every rounding mode (an exact
 * value rounds to itself), through a double, through the exact parts and
 * through a widening to FP64 and back; NaNs come back canonical.
 */
START_TEST(test_round_trip)
{
    TileDType t = small_types[_i];
    const TileDTypeInfo *d = tile_dtype_info(t);
    uint64_t n = 1ull << d->width;
    unsigned invalid = 0;

    for (uint64_t raw = 0; raw < n; raw++) {
        TileNumClass c = tile_num_classify(t, raw);
        unsigned flags = 0, nan_nv = t == TILE_DT_E8M0 ? NV : 0;
        TileNumExact x;
        uint64_t wide;
        double v;

        if (c == TILE_NUM_INVALID) {
            EXPECT(!tile_num_exact(t, raw, &x) &&
                   isnan(tile_num_to_double(t, raw)),
                   "%s 0x%llx: invalid but decodes", d->name,
                   (unsigned long long)raw);
            invalid++;
            continue;
        }
        v = tile_num_to_double(t, raw);
        if (tile_num_class_is_nan(c)) {
            /* E8M0 reports NV for every NaN source. */
            EXPECT(isnan(v) &&
                   tile_num_from_double(t, v, RNE, 0, &flags) == d->nan_raw &&
                   flags == nan_nv, "%s NaN 0x%llx from a double",
                   d->name, (unsigned long long)raw);
            flags = 0;
            EXPECT(tile_num_convert(t, t, raw, RNE, 0, &flags) == d->nan_raw &&
                   flags == (c == TILE_NUM_SNAN ? NV : nan_nv),
                   "%s NaN 0x%llx: flags 0x%x", d->name,
                   (unsigned long long)raw, flags);
            continue;
        }
        wide = tile_num_convert(TILE_DT_FP64, t, raw, RNE, 0, &flags);
        EXPECT(wide == f64_bits(v), "%s 0x%llx: FP64 0x%llx", d->name,
               (unsigned long long)raw, (unsigned long long)wide);
        for (size_t m = 0; m < N_MODES; m++) {
            TileRound rm = all_modes[m];

            EXPECT(tile_num_from_double(t, v, rm, 0, &flags) == raw &&
                   tile_num_convert(t, TILE_DT_FP64, wide, rm, 0, &flags) ==
                   raw, "%s 0x%llx mode %d: not itself", d->name,
                   (unsigned long long)raw, rm);
            /* Sat clamps the infinities, nothing else. */
            EXPECT(tile_num_convert(t, t, raw, rm, SAT, &flags) ==
                   (c == TILE_NUM_POS_INF ? d->max_raw :
                    c == TILE_NUM_NEG_INF ? d->min_raw : raw),
                   "%s 0x%llx mode %d: Sat", d->name,
                   (unsigned long long)raw, rm);
            EXPECT(!tile_num_exact(t, raw, &x) ||
                   tile_num_round(t, &x, rm, 0, &flags) == raw,
                   "%s 0x%llx mode %d: exact parts", d->name,
                   (unsigned long long)raw, rm);
        }
        EXPECT(flags == (tile_num_class_is_inf(c) ? (OF | NX) : 0),
               "%s 0x%llx: flags 0x%x", d->name, (unsigned long long)raw,
               flags);
    }
    /* Only TF32/HF32 (not here) and E3M2/E2M3 have invalid encodings. */
    ck_assert_uint_eq(invalid, d->high_zero_bits ? 256 - 64 : 0);
}
END_TEST

typedef struct Neighbour {
    double v;
    uint64_t raw;
} Neighbour;

static int cmp_neighbour(const void *a, const void *b)
{
    double x = ((const Neighbour *)a)->v, y = ((const Neighbour *)b)->v;

    return x < y ? -1 : x > y;
}

/* The encoding of -v where v is the value of raw (positive or zero). */
static uint64_t negate_raw(const TileDTypeInfo *d, uint64_t raw)
{
    if (d->kind == TILE_KIND_HIF8) {
        return raw ? raw | 0x80 : 0;
    }
    return raw | (1ull << (d->width - 1 - d->high_zero_bits));
}

/*
 * The neighbour a mode picks for +-v where lo < v < hi are magnitudes,
 * worked out on the number line: of the two signed candidates, RUP takes
 * the upper and RDN the lower one, RTZ the one nearer zero, RTO the one
 * with the odd encoding, and the nearest modes the nearer one (side: -1
 * v nearer lo, 0 halfway, +1 nearer hi), a halfway value going to the
 * upper one (RHB), the one farther from zero (RNA) or the even encoding.
 */
static const Neighbour *pick(TileRound rm, bool neg, int side,
                             const Neighbour *lo, const Neighbour *hi)
{
    const Neighbour *lower = neg ? hi : lo, *upper = neg ? lo : hi;
    int toward_upper = neg ? -side : side;

    if (rm == TILE_RND_RUP) {
        return upper;
    }
    if (rm == TILE_RND_RDN) {
        return lower;
    }
    if (rm == TILE_RND_RTZ) {
        return lo;
    }
    if (rm == TILE_RND_RTO) {
        return (lo->raw & 1) ? lo : hi;
    }
    if (toward_upper != 0) {
        return toward_upper > 0 ? upper : lower;
    }
    if (rm == TILE_RND_RHB) {
        return upper;
    }
    if (rm == TILE_RND_RNA) {
        return hi;
    }
    return (lo->raw & 1) ? hi : lo;
}

/*
 * For every two neighbouring finite values of a floating format, round the
 * midpoint and points just either side of it, of both signs, in every mode,
 * and compare with the choice the rounding rule makes between the two
 * neighbours' encodings.  E8M0 rounds exponents, so it is checked apart.
 */
START_TEST(test_neighbours)
{
    static const TileDType types[] = {
        TILE_DT_FP16, TILE_DT_BF16, TILE_DT_HIF8, TILE_DT_E4M3, TILE_DT_E5M2,
        TILE_DT_E3M2, TILE_DT_E2M3, TILE_DT_E2M1X2, TILE_DT_E1M2X2,
        TILE_DT_HIF4X2,
    };
    TileDType t = types[_i];
    const TileDTypeInfo *d = tile_dtype_info(t);
    uint64_t n = 1ull << d->width;
    Neighbour *vals = malloc(n * sizeof(*vals));
    size_t count = 0, checked = 0;

    for (uint64_t raw = 0; raw < n; raw++) {
        TileNumClass c = tile_num_classify(t, raw);

        if (c == TILE_NUM_POS_ZERO || c == TILE_NUM_POS_SUBNORMAL ||
            c == TILE_NUM_POS_NORMAL) {
            vals[count++] = (Neighbour){ tile_num_to_double(t, raw), raw };
        }
    }
    qsort(vals, count, sizeof(*vals), cmp_neighbour);
    for (size_t i = 0; i + 1 < count; i++) {
        double lo = vals[i].v, hi = vals[i + 1].v, mid = (lo + hi) / 2;
        double pts[3] = { nextafter(mid, lo), mid, nextafter(mid, hi) };

        EXPECT(lo < hi, "%s: values out of order", d->name);
        for (int s = 0; s < 3; s++) {
            for (int neg = 0; neg < 2; neg++) {
                for (size_t m = 0; m < N_MODES; m++) {
                    uint64_t want = pick(all_modes[m], neg, s - 1, &vals[i],
                                         &vals[i + 1])->raw;
                    unsigned flags = 0;
                    uint64_t got;

                    if (neg) {
                        want = negate_raw(d, want);
                    }
                    got = tile_num_from_double(t, neg ? -pts[s] : pts[s],
                                               all_modes[m], 0, &flags);
                    EXPECT(got == want && (flags & NX) &&
                                  !(flags & (NV | OF)),
                                  "%s %a mode %d: 0x%llx flags 0x%x, "
                                  "expected 0x%llx", d->name,
                                  neg ? -pts[s] : pts[s], all_modes[m],
                                  (unsigned long long)got, flags,
                                  (unsigned long long)want);
                    checked++;
                }
            }
        }
    }
    printf("neighbours: %s: %zu values, %zu roundings checked\n", d->name,
           count, checked);
    fflush(stdout);
    free(vals);
}
END_TEST

/* E8M0: each exact power rounds to itself; between 2^f and 2^(f+1) the
 * modes choose as PTO-TCVT-E8M0-PROFILE-001 says. */
START_TEST(test_e8m0_all)
{
    for (unsigned raw = 0; raw < 0xff; raw++) {
        int f = (int)raw - 127;
        double p = ldexp(1.0, f);

        for (size_t m = 0; m < N_MODES; m++) {
            unsigned flags = 0;

            EXPECT(tile_num_from_double(TILE_DT_E8M0, p, all_modes[m], 0,
                                        &flags) == raw && flags == 0,
                   "E8M0 2^%d mode %d", f, all_modes[m]);
        }
        if (raw == 0xfe) {
            break;                  /* above 2^127 overflows */
        }
        for (size_t m = 0; m < N_MODES; m++) {
            TileRound rm = all_modes[m];
            unsigned up_low, up_high, flags = 0;
            bool odd = f & 1;

            /* 1.25 * 2^f lies below the geometric midpoint, 1.5 above. */
            switch (rm) {
            case TILE_RND_RTZ:
                up_low = up_high = f < 0;
                break;
            case TILE_RND_RUP:
                up_low = up_high = 1;
                break;
            case TILE_RND_RDN:
                up_low = up_high = 0;
                break;
            case TILE_RND_RTO:
                up_low = up_high = !odd;
                break;
            default:
                up_low = 0;
                up_high = 1;
                break;
            }
            EXPECT(tile_num_from_double(TILE_DT_E8M0, 1.25 * p, rm, 0,
                                        &flags) == raw + up_low &&
                   tile_num_from_double(TILE_DT_E8M0, 1.5 * p, rm, 0,
                                        &flags) == raw + up_high &&
                   flags == NX, "E8M0 between 2^%d and 2^%d mode %d", f,
                   f + 1, rm);
        }
    }
}
END_TEST

static Suite *formats_suite(void)
{
    Suite *s = suite_create("tile-numeric");
    TCase *tc = tcase_create("formats");

    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_table);
    tcase_add_test(tc, test_classify);
    tcase_add_test(tc, test_decode);
    tcase_add_test(tc, test_exact);
    tcase_add_test(tc, test_encode);
    tcase_add_test(tc, test_double_rounding);
    tcase_add_test(tc, test_sticky);
    tcase_add_test(tc, test_e8m0_sqrt2);
    tcase_add_test(tc, test_convert);
    tcase_add_test(tc, test_int_normalize);
    tcase_add_test(tc, test_lanes);
    tcase_add_test(tc, test_round_selectors);
    tcase_add_loop_test(tc, test_round_trip, 0, N_SMALL);
    tcase_add_loop_test(tc, test_neighbours, 0, 10);
    tcase_add_test(tc, test_e8m0_all);
    suite_add_tcase(s, tc);
    return s;
}

/* ---- The spec's vectors ------------------------------------------------- */

static JsonValue *vector_doc;
static const JsonValue *vector_groups;

typedef struct Tally {
    unsigned checked;           /* vectors compared */
    unsigned skipped;           /* vectors left out, for `why` */
    unsigned failed;
    const char *why;
} Tally;

/* Records one comparison; prints it when it fails. */
static void check(Tally *t, bool ok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void check(Tally *t, bool ok, const char *fmt, ...)
{
    va_list ap;

    if (ok) {
        return;
    }
    t->failed++;
    printf("  MISMATCH: ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

static void skip(Tally *t, const char *why)
{
    t->skipped++;
    t->why = why;
}

/* "+0", "-0", "+infinity", "-infinity", "NaN", "qNaN", "qNaN#1",
 * "canonical-qNaN", "2^-22" or a decimal number. */
static bool parse_value(const char *s, double *v)
{
    char *end;

    if (!s) {
        return false;
    }
    if (strcmp(s, "+0") == 0 || strcmp(s, "-0") == 0) {
        *v = s[0] == '-' ? -0.0 : 0.0;
        return true;
    }
    if (strcmp(s, "+infinity") == 0 || strcmp(s, "-infinity") == 0) {
        *v = s[0] == '-' ? -INFINITY : INFINITY;
        return true;
    }
    if (strcmp(s, "NaN") == 0 || strncmp(s, "qNaN", 4) == 0 ||
        strcmp(s, "canonical-qNaN") == 0) {
        *v = NAN;
        return true;
    }
    if (strncmp(s, "2^", 2) == 0) {
        long e = strtol(s + 2, &end, 10);

        *v = ldexp(1.0, (int)e);
        return *end == '\0';
    }
    *v = strtod(s, &end);
    return end != s && *end == '\0';
}

static bool parse_raw(const char *s, uint64_t *raw)
{
    char *end;

    if (!s || strncmp(s, "0x", 2) != 0) {
        return false;
    }
    *raw = strtoull(s + 2, &end, 16);
    return end != s + 2 && *end == '\0';
}

static double value_of(const JsonValue *e, const char *key, Tally *t)
{
    double v = 0;
    const char *s = json_get_str(e, key);

    check(t, parse_value(s, &v), "bad value %s: %s", key, s ? s : "(none)");
    return v;
}

static uint64_t raw_of(const JsonValue *e, const char *key, Tally *t)
{
    uint64_t raw = 0;
    const char *s = json_get_str(e, key);

    check(t, parse_raw(s, &raw), "bad raw %s: %s", key, s ? s : "(none)");
    return raw;
}

static TileDType type_of(const JsonValue *e, const char *key, Tally *t)
{
    const char *s = json_get_str(e, key);
    const TileDTypeInfo *d = s ? tile_dtype_lookup(s) : NULL;

    check(t, d != NULL, "bad data type %s: %s", key, s ? s : "(none)");
    return d ? d->code : TILE_DT_FP32;
}

static TileRound mode_of(const JsonValue *e, const char *key, Tally *t)
{
    static const struct { const char *name; TileRound rm; } modes[] = {
        { "RNE", RNE }, { "RTZ", RTZ }, { "RDN", RDN }, { "RTM", RDN },
        { "RUP", RUP }, { "RTP", RUP }, { "RNA", RNA }, { "RTO", RTO },
        { "RHB", RHB },
    };
    const char *s = json_get_str(e, key);

    for (size_t i = 0; s && i < sizeof(modes) / sizeof(modes[0]); i++) {
        if (strcmp(s, modes[i].name) == 0) {
            return modes[i].rm;
        }
    }
    check(t, false, "bad rounding mode %s: %s", key, s ? s : "(none)");
    return RNE;
}

static bool bool_of(const JsonValue *e, const char *key)
{
    const JsonValue *b = json_get(e, key);

    return b && b->type == JSON_BOOL && b->boolean;
}

static double number_of(const JsonValue *e, const char *key, double dflt)
{
    const JsonValue *n = json_get(e, key);

    return n && n->type == JSON_NUMBER ? n->number : dflt;
}

/* A list of flag names, e.g. ["OF", "NX"]. */
static unsigned flags_of(const JsonValue *list, Tally *t)
{
    static const char *const names[] = { "NV", "DZ", "OF", "UF", "NX" };
    unsigned flags = 0;

    for (size_t i = 0; list && i < list->count; i++) {
        const char *s = list->items[i]->string;
        bool known = false;

        for (unsigned b = 0; s && b < 5; b++) {
            if (strcmp(s, names[b]) == 0) {
                flags |= 1u << b;
                known = true;
            }
        }
        check(t, known, "bad flag %s", s ? s : "(none)");
    }
    return flags;
}

static bool same_value(double a, double b)
{
    return (isnan(a) && isnan(b)) ||
           (a == b && signbit(a) == signbit(b));
}

/* canonical_nan: the canonical NaN of each NaN-capable type, produced from
 * any NaN source (FP64 quiet, signaling, negative, payloads) and from
 * every NaN encoding of the type itself. */
static void group_canonical_nan(const JsonValue *g, Tally *t)
{
    static const uint64_t f64_nans[] = {
        0x7ff8000000000000ull, 0x7ff0000000000001ull,  /* signaling */
        0xfff8000000000123ull, 0x7fffffffffffffffull,
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        TileDType ty = type_of(e, "data_type", t);
        const TileDTypeInfo *d = tile_dtype_info(ty);
        uint64_t want = raw_of(e, "expected", t);
        unsigned own = 0;

        check(t, strcmp(json_get_str(e, "input_class"), "any-NaN") == 0,
              "canonical_nan: unknown input class");
        check(t, d->nan_raw == want, "canonical_nan %s: table 0x%llx",
              d->name, (unsigned long long)d->nan_raw);
        for (size_t k = 0; k < 4; k++) {
            unsigned flags = 0;
            uint64_t r = tile_num_convert(ty, TILE_DT_FP64, f64_nans[k], RNE,
                                          0, &flags);
            unsigned nv = (k == 1 || ty == TILE_DT_E8M0) ? NV : 0;

            check(t, r == want && flags == nv,
                  "canonical_nan %s <- FP64 0x%llx: 0x%llx flags 0x%x",
                  d->name, (unsigned long long)f64_nans[k],
                  (unsigned long long)r, flags);
        }
        if (d->width <= 16) {
            for (uint64_t raw = 0; raw < (1ull << d->width); raw++) {
                if (tile_num_class_is_nan(tile_num_classify(ty, raw))) {
                    uint64_t r = tile_num_convert(ty, ty, raw, RNE, 0, NULL);

                    check(t, r == want, "canonical_nan %s <- 0x%llx: 0x%llx",
                          d->name, (unsigned long long)raw,
                          (unsigned long long)r);
                    own++;
                }
            }
        } else {
            uint64_t lsb = 1ull << d->low_zero_bits;
            uint64_t inf = d->max_raw + lsb, sign = 1ull << (d->width - 1);
            uint64_t own_nans[] = { want, want | sign, inf + lsb, want + lsb };

            for (size_t k = 0; k < 4; k++) {
                check(t, tile_num_convert(ty, ty, own_nans[k], RNE, 0, NULL)
                      == want, "canonical_nan %s <- 0x%llx", d->name,
                      (unsigned long long)own_nans[k]);
                own++;
            }
        }
        check(t, own > 0, "canonical_nan %s: no NaN encodings", d->name);
        t->checked++;
    }
}

/* The FP32 encoding of a vector value ("qNaN" the canonical NaN,
 * "qNaN#k" the quiet NaN with payload k). */
static uint64_t fp32_raw_of(const char *s, Tally *t)
{
    double v = 0;

    if (s && strncmp(s, "qNaN#", 5) == 0) {
        return 0x7fc00000u | (uint64_t)strtoul(s + 5, NULL, 10);
    }
    check(t, parse_value(s, &v), "bad value %s", s ? s : "(none)");
    return tile_num_from_double(TILE_DT_FP32, v, RNE, 0, NULL);
}

/* comparison: the VEC compare (vec_compare(), TCMP's element rule) on the
 * FP32 encodings of the inputs. */
static void group_comparison(const JsonValue *g, Tally *t)
{
    static const struct { const char *name; VecCmp cmp; } modes[] = {
        { "EQ", VEC_EQ }, { "NE", VEC_NE }, { "LT", VEC_LT },
        { "GT", VEC_GT }, { "LE", VEC_LE }, { "GE", VEC_GE },
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i], *in = json_get(e, "inputs");
        const char *mode = json_get_str(e, "mode");
        unsigned flags = 0;
        int r = -1;

        if (!in || in->count != 2 || !mode) {
            check(t, false, "comparison: malformed entry %zu", i);
            continue;
        }
        for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
            if (strcmp(mode, modes[m].name) == 0) {
                r = vec_compare(TILE_DT_FP32, modes[m].cmp,
                                fp32_raw_of(in->items[0]->string, t),
                                fp32_raw_of(in->items[1]->string, t), &flags);
            }
        }
        check(t, r == (int)number_of(e, "expected", -2),
              "comparison %s %s %s: %d", in->items[0]->string, mode,
              in->items[1]->string, r);
        t->checked++;
    }
}

/* invalid_float_to_integer: NaN and infinities from several floating
 * sources, Sat off: the destination's indefinite value and NV. */
static void group_invalid_float_to_integer(const JsonValue *g, Tally *t)
{
    static const TileDType srcs[] = {
        TILE_DT_FP64, TILE_DT_FP32, TILE_DT_FP16, TILE_DT_BF16, TILE_DT_HIF8,
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        TileDType dst = type_of(e, "destination", t);
        double v = value_of(e, "input", t);
        uint64_t want = raw_of(e, json_get(e, "expected_raw") ?
                               "expected_raw" : "expected_lane_raw", t);
        unsigned opts = bool_of(e, "sat") ? SAT : 0;

        for (size_t k = 0; k < sizeof(srcs) / sizeof(srcs[0]); k++) {
            uint64_t in = tile_num_from_double(srcs[k], v, RNE, 0, NULL);
            unsigned flags = 0;
            uint64_t r = tile_num_convert(dst, srcs[k], in,
                                          tile_round_tcvt_default(dst), opts,
                                          &flags);

            check(t, r == want && flags == NV, "%s <- %s %s: 0x%llx flags "
                  "0x%x", dt_name(dst), dt_name(srcs[k]),
                  json_get_str(e, "input"), (unsigned long long)r, flags);
        }
        t->checked++;
    }
}

/* low_precision_encoding: decode each raw value, and encode the value
 * back to the same raw value. */
static void group_low_precision_encoding(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        TileDType ty = type_of(e, "data_type", t);
        uint64_t raw = raw_of(e, "raw", t), r;
        double want = value_of(e, "expected", t);
        double v = tile_num_to_double(ty, raw);
        unsigned flags = 0;

        check(t, same_value(v, want), "%s 0x%llx: %a, expected %s",
              dt_name(ty), (unsigned long long)raw, v,
              json_get_str(e, "expected"));
        r = tile_num_from_double(ty, want, RNE, 0, &flags);
        check(t, r == raw && (isnan(want) || flags == 0),
              "%s %s: encodes as 0x%llx flags 0x%x", dt_name(ty),
              json_get_str(e, "expected"), (unsigned long long)r, flags);
        t->checked++;
    }
}

static double list_value(const JsonValue *list, size_t i, Tally *t)
{
    double v = 0;

    check(t, list && i < list->count && list->items[i]->type == JSON_STRING &&
             parse_value(list->items[i]->string, &v), "bad list element");
    return v;
}

static float list_f32(const JsonValue *list, size_t i, Tally *t)
{
    return (float)list_value(list, i, t);
}

static uint32_t f32_bits(float f)
{
    uint32_t u;

    memcpy(&u, &f, 4);
    return u;
}

/* matrix: the CUBE engine's products (numeric/gemm.c: cube_gemm_f32() for
 * the FP32 cases, cube_gemm_mx_f32() for MX) and its BIAS addition (the
 * VEC FP32 ADD, vec_binary()). */
static void group_matrix(const JsonValue *g, Tally *t)
{
    unsigned no_flags = 0;

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        const char *id = json_get_str(e, "id");

        if (!id) {
            check(t, false, "matrix: entry without id");
        } else if (strcmp(id, "fp32-matmul-2x2") == 0) {
            const JsonValue *l = json_get(e, "left"), *r = json_get(e, "right");
            const JsonValue *x = json_get(e, "expected");
            const JsonValue *order = json_get(e, "k_order");
            float A[4], B[4], C[4] = { 0 };
            CubeGemmF32 gm = { 2, 2, 2, A, 2, B, 2, C, 2 };

            for (size_t k = 0; k < 2; k++) {
                check(t, order && order->count == 2 && order->items[k]->number == k,
                      "%s: the kernel adds in increasing K order", id);
            }
            for (size_t m = 0; m < 4; m++) {
                A[m] = list_f32(l->items[m / 2], m % 2, t);
                B[m] = list_f32(r->items[m / 2], m % 2, t);
            }
            cube_gemm_f32(&gm);
            for (size_t m = 0; m < 4; m++) {
                check(t, C[m] == list_f32(x->items[m / 2], m % 2, t),
                      "%s [%zu][%zu]: %g", id, m / 2, m % 2, C[m]);
            }
        } else if (strcmp(id, "fp32-matmul-bias") == 0 ||
                   strcmp(id, "fp32-matmul-acc") == 0) {
            bool bias = id[12] == 'b';
            const JsonValue *dot = json_get(e, "dot_products");
            const JsonValue *add = json_get(e, bias ? "bias" : "prior_acc");
            const JsonValue *x = json_get(e, "expected_acc");

            for (size_t n = 0; dot && n < dot->count; n++) {
                float d = list_f32(dot, n, t), p = list_f32(add, n, t), one = 1, r;

                if (bias) {
                    r = tile_num_to_double(TILE_DT_FP32,
                        vec_binary(TILE_DT_FP32, VEC_ADD, f32_bits(d), f32_bits(p), false,
                                   &no_flags));
                } else {
                    /* ACC: the product accumulates onto the prior value */
                    CubeGemmF32 gm = { 1, 1, 1, &d, 1, &one, 1, &p, 1 };

                    cube_gemm_f32(&gm);
                    r = p;
                }
                check(t, r == list_f32(x, n, t), "%s [%zu]: %g", id, n, r);
            }
        } else if (strcmp(id, "mx-e8m0-scale") == 0) {
            float a = (float)value_of(e, "base", t), b = 1, c = 0;
            uint8_t sa = (uint8_t)raw_of(e, "e8m0", t);
            CubeGemmMxF32 gm = { 1, 1, 1, &a, 1, &b, 1, &sa, 1, NULL, 1, &c, 1 };

            cube_gemm_mx_f32(&gm);
            check(t, c == value_of(e, "expected", t), "%s: %g", id, c);
        } else if (strcmp(id, "mx-k-block-33") == 0) {
            const JsonValue *sa = json_get(e, "scale_a");
            const JsonValue *sb = json_get(e, "scale_b");
            const JsonValue *shape = json_get(e, "logical_shape");
            TileDType lt = type_of(e, "left_type", t);
            TileDType rt = type_of(e, "right_type", t);
            size_t kdim = (size_t)number_of(shape, "K", 0);
            float A[64], B[64], acc[2] = { 0, 3 };  /* from zero; from prior ACC 3 */
            uint8_t SA[2], SB[2];
            uint64_t r;

            check(t, strcmp(json_get_str(e, "unscaled_inputs"), "all-one") ==
                  0 && strcmp(json_get_str(e, "order"),
                              "scale-inputs-before-each-fma") == 0 &&
                  kdim > 32 && kdim <= 64 && sa && sa->count == 2 && sb && sb->count == 2,
                  "%s: unknown inputs, order or shape", id);
            for (size_t k = 0; k < kdim && k < 64; k++) {
                A[k] = (float)tile_num_to_double(lt, tile_num_one(lt));
                B[k] = (float)tile_num_to_double(rt, tile_num_one(rt));
            }
            for (size_t kb = 0; kb < 2; kb++) {
                uint64_t a = 0, b = 0;

                check(t, parse_raw(sa->items[kb]->string, &a) &&
                         parse_raw(sb->items[kb]->string, &b), "%s: bad scale", id);
                SA[kb] = (uint8_t)a;
                SB[kb] = (uint8_t)b;
            }
            for (int p = 0; p < 2; p++) {
                CubeGemmMxF32 gm = { 1, 1, (int)kdim, A, (int)kdim, B, 1, SA, 2, SB, 1,
                                     &acc[p], 1 };

                cube_gemm_mx_f32(&gm);
            }
            r = vec_binary(TILE_DT_FP32, VEC_ADD, f32_bits(acc[0]), f32_bits(2.0f), false,
                           &no_flags);
            check(t, acc[0] == value_of(e, "expected_acc", t) &&
                     tile_num_to_double(TILE_DT_FP32, r) ==
                     value_of(e, "expected_acc_with_bias_2", t) &&
                     acc[1] == value_of(e, "expected_acc_with_prior_3", t),
                  "%s: %g, %g", id, acc[0], acc[1]);
        } else {
            check(t, false, "matrix: unknown id %s", id);
        }
        t->checked++;
    }
}

/* The signed intermediate width of a B.FPATR quantising mode, 0 if none
 * (PTO-MATRIX-QUANT-BITEXACT-001; the profile's postprocess.modes). */
static int fpatr_intermediate_bits(int mode)
{
    switch (mode) {
    case 2: case 3: case 23: case 24:
        return 9;
    case 17: case 18:
        return 5;
    case 19: case 20:
        return 17;
    default:
        return 0;
    }
}

/* The FP19 word of a value exactly representable there: the top 19 bits of
 * its FP32 encoding. */
static uint64_t fp19_of(double v)
{
    return tile_num_from_double(TILE_DT_FP32, v, RNE, 0, NULL) >> 13;
}

/*
 * matrix_postprocess: the CUBE engine's B.FPATR element (cube_post_element()),
 * the QuantParam word built from the vector's FP19 scale ([31:13]) and
 * signed offset (two's complement at [36 + w : 37], w the mode's
 * intermediate width), the alpha word from its FP19 alpha; RMode 0.
 */
static void group_matrix_postprocess(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        const char *id = json_get_str(e, "id");
        const char *in = json_get_str(e, "input");
        int mode = (int)number_of(e, "mode", 0);
        int w = fpatr_intermediate_bits(mode);
        CubePost p = { .prequant = (unsigned)mode,
                       .relu = (unsigned)number_of(e, "relu_mode", 0),
                       .sat = bool_of(e, "sat"), .rmode = 0 };
        TileDType acc = json_get(e, "source_type") ? type_of(e, "source_type", t)
                                                    : TILE_DT_FP32;
        uint64_t qp, alpha = 0, want = raw_of(e, "expected_raw", t), r;
        uint32_t v;
        unsigned flags = 0;

        if (!in) {
            v = (uint32_t)raw_of(e, "input_raw", t);
        } else if (acc == TILE_DT_S32) {
            v = (uint32_t)(int32_t)value_of(e, "input", t);
        } else {
            v = (uint32_t)fp32_raw_of(in, t);
        }
        qp = fp19_of(json_get(e, "fp19_scale") ? value_of(e, "fp19_scale", t) : 1.0) << 13;
        if (w && json_get(e, "signed_offset")) {
            int64_t off = (int64_t)value_of(e, "signed_offset", t);

            qp |= ((uint64_t)off & ((UINT64_C(1) << w) - 1)) << 37;
        }
        if (json_get(e, "fp19_alpha")) {
            alpha = fp19_of(value_of(e, "fp19_alpha", t));
        }
        check(t, cube_post_out_type(p.prequant, acc) == (int)type_of(e, "destination", t),
              "%s: mode %d does not give the destination type", id, mode);
        r = cube_post_element(&p, acc, v, qp, alpha, &flags);
        check(t, r == want, "%s: 0x%llx", id, (unsigned long long)r);
        if (json_get(e, "expected_flags")) {
            unsigned wf = flags_of(json_get(e, "expected_flags"), t);

            check(t, flags == wf, "%s: flags 0x%x, expected 0x%x", id, flags,
                  wf);
        }
        t->checked++;
    }
}

/*
 * mixed_expdif: the EXPDIF expansions' own code (numeric/sfu_elem.c): the
 * exact FP16/BF16 -> FP32 widenings (every encoding of both, against the
 * group's rules), and per discriminator vector the widen-first SUB and EXP
 * (sfu_expdif(), what TROW / TCOLEXPANDEXPDIF run) and the source-precision
 * alternative the profile rejects (VEC SUB in the source type, widened,
 * then the SFU EXP), which must differ.
 */
static void group_mixed_expdif(const JsonValue *g, Tally *t)
{
    const JsonValue *dv = json_get(g, "discriminator_vectors");
    const JsonValue *rule = json_get(json_get(g, "exact_widening"), "BF16");
    unsigned widened = 0;

    check(t, rule && strcmp(json_get_str(rule, "finite_zero_infinity"),
                            "ZeroExtend32(source_bits) << 16") == 0,
          "mixed_expdif: unknown BF16 widening rule");
    for (uint64_t raw = 0; raw < 0x10000; raw++) {
        bool snan = false;
        uint64_t b = sfu_widen_bf16_fp32(raw);
        uint64_t h = sfu_widen_fp16_fp32(raw, &snan);

        if (!tile_num_class_is_nan(tile_num_classify(TILE_DT_BF16, raw))) {
            check(t, b == raw << 16, "BF16 0x%llx widens to 0x%llx",
                  (unsigned long long)raw, (unsigned long long)b);
        }
        if (!tile_num_class_is_nan(tile_num_classify(TILE_DT_FP16, raw))) {
            check(t, same_value(tile_num_to_double(TILE_DT_FP32, h),
                                tile_num_to_double(TILE_DT_FP16, raw)) && !snan,
                  "FP16 0x%llx widens to 0x%llx",
                  (unsigned long long)raw, (unsigned long long)h);
        }
        widened += 2;
    }
    printf("vectors: mixed_expdif: %u exact widenings checked\n", widened);
    for (size_t i = 0; dv && i < dv->count; i++) {
        const JsonValue *e = dv->items[i];
        TileDType src = type_of(e, "source_type", t);
        uint64_t a = raw_of(e, "a", t), b = raw_of(e, "b", t);
        bool snan = false;
        unsigned flags = 0;
        uint32_t wa = src == TILE_DT_FP16 ? sfu_widen_fp16_fp32(a, &snan)
                                          : sfu_widen_bf16_fp32(a);
        uint32_t wb = src == TILE_DT_FP16 ? sfu_widen_fp16_fp32(b, &snan)
                                          : sfu_widen_bf16_fp32(b);
        uint64_t wsub = vec_binary(TILE_DT_FP32, VEC_SUB, wa, wb, false, &flags);
        uint64_t ssub16 = vec_binary(src, VEC_SUB, a, b, false, &flags);
        uint64_t ssub = src == TILE_DT_FP16 ? sfu_widen_fp16_fp32(ssub16, &snan)
                                            : sfu_widen_bf16_fp32(ssub16);
        uint64_t wexp = sfu_expdif(src, TILE_DT_FP32, a, b, false, &flags);
        uint64_t sexp = sfu_unary(TILE_DT_FP32, SFU_EXP, ssub, false, &flags);

        check(t, !snan, "mixed_expdif %zu: a signaling NaN from the widening", i);
        check(t, wsub == raw_of(e, "widen_first_sub", t),
              "mixed_expdif %zu: widen-first SUB 0x%llx", i,
              (unsigned long long)wsub);
        check(t, ssub == raw_of(e, "source_precision_sub_then_widen", t),
              "mixed_expdif %zu: source-precision SUB 0x%llx", i,
              (unsigned long long)ssub);
        check(t, wexp == raw_of(e, "widen_first_exp", t),
              "mixed_expdif %zu: widen-first EXP 0x%llx", i,
              (unsigned long long)wexp);
        check(t, sexp == raw_of(e, "source_precision_exp", t),
              "mixed_expdif %zu: source-precision EXP 0x%llx", i,
              (unsigned long long)sexp);
        check(t, wexp != sexp, "mixed_expdif %zu: the two readings agree", i);
        t->checked++;
    }
}

/* packed_lane_order: read both lanes of the byte and decode them, then
 * build the byte again from the encoded lane values. */
static void group_packed_lane_order(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        const JsonValue *lanes = json_get(e, "expected_logical_lanes");
        TileDType ty = type_of(e, "data_type", t);
        uint8_t byte = (uint8_t)raw_of(e, "raw_byte", t), built = 0;

        check(t, strcmp(json_get_str(e, "rule"),
                        "low-nibble-even-high-nibble-odd") == 0,
              "packed_lane_order: unknown rule");
        for (size_t l = 0; lanes && l < lanes->count; l++) {
            double want = list_value(lanes, l, t);
            double v = tile_num_to_double(ty, tile_lane4_get(&byte, l));

            check(t, same_value(v, want), "%s 0x%02x lane %zu: %g",
                  dt_name(ty), byte, l, v);
            tile_lane4_set(&built, l,
                           (unsigned)tile_num_from_double(ty, want, RNE, 0,
                                                          NULL));
        }
        check(t, built == byte, "%s: lanes build 0x%02x", dt_name(ty), built);
        t->checked++;
    }
}

/* reduction: the SFU reduction fold (numeric/elem_order.c, what TROW* /
 * TCOL* run) over the FP32 encodings of the inputs. */
static void group_reduction(const JsonValue *g, Tally *t)
{
    static const struct { const char *name; TileReduceOp op; } ops[] = {
        { "SUM", TILE_RED_SUM }, { "MAX", TILE_RED_MAX }, { "MIN", TILE_RED_MIN },
        { "PROD", TILE_RED_PROD }, { "ARGMAX", TILE_RED_ARGMAX },
        { "ARGMIN", TILE_RED_ARGMIN },
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i], *in = json_get(e, "inputs");
        const char *op = json_get_str(e, "operation");
        int found = -1;
        unsigned flags = 0;
        TileReduce red;
        uint64_t r;

        for (size_t k = 0; op && k < sizeof(ops) / sizeof(ops[0]); k++) {
            if (strcmp(op, ops[k].name) == 0) {
                found = (int)k;
            }
        }
        if (found < 0 || !in || !in->count) {
            check(t, false, "reduction: malformed entry %zu", i);
            continue;
        }
        tile_reduce_begin(&red, TILE_DT_FP32, ops[found].op, false);
        for (size_t k = 0; k < in->count; k++) {
            tile_reduce_step(&red, fp32_raw_of(in->items[k]->string, t), &flags);
        }
        r = tile_reduce_result(&red);
        if (json_get(e, "expected_index")) {
            check(t, r == (uint64_t)number_of(e, "expected_index", -1),
                  "%s: index %llu", op, (unsigned long long)r);
        } else if (strcmp(json_get_str(e, "expected"), "canonical-qNaN") == 0) {
            check(t, r == 0x7fc00000, "%s: 0x%llx", op, (unsigned long long)r);
        } else {
            check(t, r == fp32_raw_of(json_get_str(e, "expected"), t), "%s: 0x%llx",
                  op, (unsigned long long)r);
        }
        t->checked++;
    }
}

/* The integer an integer raw value stands for. */
static int64_t int_value(TileDType ty, uint64_t raw)
{
    return (int64_t)tile_int_normalize(ty, raw);
}

/* rounding: FP64 decimal inputs to S32 under each mode. */
static void group_rounding(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        TileDType dst = type_of(e, "destination", t);
        uint64_t r = tile_num_from_double(dst, value_of(e, "input", t),
                                          mode_of(e, "mode", t), 0, NULL);

        check(t, int_value(dst, r) == (int64_t)value_of(e, "expected", t),
              "%s %s %s: %lld", dt_name(dst), json_get_str(e, "mode"),
              json_get_str(e, "input"), (long long)int_value(dst, r));
        t->checked++;
    }
}

/* rounding_before_saturation: the rounded intermediate (to S32) and the
 * saturated result. */
static void group_rounding_before_saturation(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        TileDType dst = type_of(e, "destination", t);
        TileRound rm = mode_of(e, "mode", t);
        double v = value_of(e, "input", t);
        uint64_t mid = tile_num_from_double(TILE_DT_S32, v, rm, 0, NULL);
        uint64_t r = tile_num_from_double(dst, v, rm,
                                          bool_of(e, "sat") ? SAT : 0, NULL);

        check(t, int_value(TILE_DT_S32, mid) ==
                 (int64_t)value_of(e, "rounded_intermediate", t) &&
                 int_value(dst, r) == (int64_t)value_of(e, "expected", t),
              "%s %s: %lld then %lld", dt_name(dst), json_get_str(e, "input"),
              (long long)int_value(TILE_DT_S32, mid),
              (long long)int_value(dst, r));
        t->checked++;
    }
}

/* rounding_selection: CORE_STATE FRM and the B.DATR RMode of a TCVT; the
 * public CAST_* ordinals are translated by compilers, not by the ISA. */
static void group_rounding_selection(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        const char *ns = json_get_str(e, "namespace");
        unsigned raw = (unsigned)number_of(e, "raw", 0);

        if (strcmp(ns, "scalar-core-state-frm") == 0) {
            TileRound rm = tile_round_from_frm(raw);

            check(t, rm == mode_of(e, "expected_mode", t), "FRM %u: %d", raw,
                  rm);
        } else if (strcmp(ns, "bundle-rmode") == 0 &&
                   strcmp(json_get_str(e, "operation"),
                          "TCVT-float-to-integer") == 0) {
            TileRound rm = tile_round_from_rmode(raw,
                tile_round_tcvt_default(TILE_DT_S32));

            check(t, rm == mode_of(e, "expected_mode", t), "RMode %u: %d",
                  raw, rm);
        } else {
            skip(t, "public CAST_* ordinals belong to the compiler");
            continue;
        }
        t->checked++;
    }
}

/* saturation: Sat on, into integers and FP16. */
static void group_saturation(const JsonValue *g, Tally *t)
{
    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        TileDType dst = type_of(e, "destination", t);
        const char *x = json_get_str(e, "expected");
        uint64_t r = tile_num_from_double(dst, value_of(e, "input", t),
                                          tile_round_tcvt_default(dst), SAT,
                                          NULL);
        uint64_t want;
        bool ok;

        if (parse_raw(x, &want)) {
            ok = r == want;
        } else {
            ok = int_value(dst, r) == (int64_t)value_of(e, "expected", t);
        }
        check(t, ok, "%s Sat %s: 0x%llx", dt_name(dst),
              json_get_str(e, "input"), (unsigned long long)r);
        t->checked++;
    }
}

/* signed_zero: the VEC element arithmetic (TMUL, TADD, TMIN, TMAX:
 * vec_binary(), round to nearest even) on FP32 encodings. */
static void group_signed_zero(const JsonValue *g, Tally *t)
{
    static const struct { const char *name; VecBinOp op; } ops[] = {
        { "multiply", VEC_MUL }, { "add", VEC_ADD },
        { "minimum", VEC_MIN }, { "maximum", VEC_MAX },
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i], *in = json_get(e, "inputs");
        const char *op = json_get_str(e, "operation");
        const char *rounding = json_get_str(e, "rounding");
        unsigned flags = 0;
        int found = -1;
        uint64_t r;

        for (size_t k = 0; op && k < sizeof(ops) / sizeof(ops[0]); k++) {
            if (strcmp(op, ops[k].name) == 0) {
                found = (int)k;
            }
        }
        /* the VEC arithmetic rounds to nearest even */
        if (found < 0 || !in || in->count != 2 || (rounding && strcmp(rounding, "RNE"))) {
            check(t, false, "signed_zero: entry %zu not an RNE VEC operation", i);
            continue;
        }
        r = vec_binary(TILE_DT_FP32, ops[found].op, fp32_raw_of(in->items[0]->string, t),
                       fp32_raw_of(in->items[1]->string, t), false, &flags);
        check(t, r == raw_of(e, "expected", t), "%s: 0x%llx",
              json_get_str(e, "id"), (unsigned long long)r);
        t->checked++;
    }
}

/* sort: one group through the TSORT sort (tile_sort_group()), ascending and
 * descending; the expected original indices in each direction. */
static void group_sort(const JsonValue *g, Tally *t)
{
    static const char *const keys[2] = {
        "ascending_expected_original_indices", "descending_expected_original_indices",
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i], *in = json_get(e, "input_values");
        TileDType ty = type_of(e, "data_type", t);
        TileSortItem items[64];
        size_t n = in ? in->count : 0;

        if (!n || n > 64 || ty != TILE_DT_FP32) {
            check(t, false, "sort: entry %zu is not an FP32 group of 1..64", i);
            continue;
        }
        for (int desc = 0; desc < 2; desc++) {
            const JsonValue *want = json_get(e, keys[desc]);

            for (size_t k = 0; k < n; k++) {
                items[k] = (TileSortItem) { fp32_raw_of(in->items[k]->string, t),
                                            (uint32_t)k };
            }
            tile_sort_group(ty, items, (unsigned)n, desc);
            check(t, want && want->count == n, "sort: %s missing", keys[desc]);
            for (size_t k = 0; want && k < n && k < want->count; k++) {
                check(t, items[k].index == (uint32_t)want->items[k]->number,
                      "sort %s position %zu: index %u", desc ? "descending" : "ascending",
                      k, items[k].index);
            }
        }
        t->checked++;
    }
}

/* subnormal_policy: the classification entries; the FTZ/DAZ/override
 * requests have nothing to check (the model has no such state). */
static void group_subnormal_policy(const JsonValue *g, Tally *t)
{
    static const struct { const char *name; TileNumClass c; } classes[] = {
        { "positive-subnormal", TILE_NUM_POS_SUBNORMAL },
        { "positive-normal", TILE_NUM_POS_NORMAL },
    };

    for (size_t i = 0; i < g->count; i++) {
        const JsonValue *e = g->items[i];
        const char *cls = json_get_str(e, "expected_class");
        TileNumClass want = TILE_NUM_INVALID, c;
        TileDType ty;
        uint64_t raw;

        if (!cls) {
            skip(t, "FTZ/DAZ requests: the model has no such state");
            continue;
        }
        for (size_t k = 0; k < 2; k++) {
            if (strcmp(cls, classes[k].name) == 0) {
                want = classes[k].c;
            }
        }
        ty = type_of(e, "data_type", t);
        raw = raw_of(e, "raw", t);
        c = tile_num_classify(ty, raw);
        check(t, want != TILE_NUM_INVALID && c == want, "%s: class %d",
              json_get_str(e, "id"), c);
        /* Preserved exactly: widening to FP64 and back is the identity. */
        check(t, tile_num_convert(ty, TILE_DT_FP64,
                                  tile_num_convert(TILE_DT_FP64, ty, raw, RNE,
                                                   0, NULL), RNE, 0, NULL)
              == raw, "%s: not preserved", json_get_str(e, "id"));
        t->checked++;
    }
}

/* tcvt_e8m0: the vectors (result and exact flags) and the source types. */
static void group_tcvt_e8m0(const JsonValue *g, Tally *t)
{
    const JsonValue *vec = json_get(g, "vectors");
    const JsonValue *bad = json_get(g, "unsupported_source_types");
    const JsonValue *good = json_get(json_get(g, "contract"),
                                     "accepted_source_types");
    unsigned types = 0;

    for (size_t i = 0; vec && i < vec->count; i++) {
        const JsonValue *e = vec->items[i];
        TileDType src = type_of(e, "source_type", t);
        unsigned flags = 0, wf = flags_of(json_get(e, "flags"), t);
        uint64_t r = tile_num_convert(TILE_DT_E8M0, src,
                                      raw_of(e, "input", t),
                                      mode_of(e, "rmode", t),
                                      bool_of(e, "sat") ? SAT : 0, &flags);

        check(t, tile_num_tcvt_supported(TILE_DT_E8M0, src) &&
                 r == raw_of(e, "expected", t) && flags == wf,
              "E8M0 <- %s %s %s: 0x%llx flags 0x%x", dt_name(src),
              json_get_str(e, "input"), json_get_str(e, "rmode"),
              (unsigned long long)r, flags);
        t->checked++;
    }
    for (size_t i = 0; bad && i < bad->count; i++, types++) {
        const TileDTypeInfo *d = tile_dtype_lookup(bad->items[i]->string);

        check(t, d && !tile_num_tcvt_supported(TILE_DT_E8M0, d->code),
              "E8M0 <- %s accepted", bad->items[i]->string);
    }
    for (size_t i = 0; good && i < good->count; i++, types++) {
        const TileDTypeInfo *d = tile_dtype_lookup(good->items[i]->string);

        check(t, d && tile_num_tcvt_supported(TILE_DT_E8M0, d->code),
              "E8M0 <- %s rejected", good->items[i]->string);
    }
    check(t, types == 25, "tcvt_e8m0: %u source types listed", types);
    printf("vectors: tcvt_e8m0: %u source types checked\n", types);
}

typedef struct VectorGroup {
    const char *name;
    void (*run)(const JsonValue *g, Tally *t);
} VectorGroup;

static const VectorGroup vector_group_list[] = {
    { "canonical_nan", group_canonical_nan },
    { "comparison", group_comparison },
    { "invalid_float_to_integer", group_invalid_float_to_integer },
    { "low_precision_encoding", group_low_precision_encoding },
    { "matrix", group_matrix },
    { "matrix_postprocess", group_matrix_postprocess },
    { "mixed_expdif", group_mixed_expdif },
    { "packed_lane_order", group_packed_lane_order },
    { "reduction", group_reduction },
    { "rounding", group_rounding },
    { "rounding_before_saturation", group_rounding_before_saturation },
    { "rounding_selection", group_rounding_selection },
    { "saturation", group_saturation },
    { "signed_zero", group_signed_zero },
    { "sort", group_sort },
    { "subnormal_policy", group_subnormal_policy },
    { "tcvt_e8m0", group_tcvt_e8m0 },
};
#define N_VECTOR_GROUPS \
    (sizeof(vector_group_list) / sizeof(vector_group_list[0]))

START_TEST(test_vector_group)
{
    const VectorGroup *vg = &vector_group_list[_i];
    const JsonValue *g = json_get(vector_groups, vg->name);
    Tally t = { 0 };

    ck_assert_msg(g != NULL, "vector group %s is missing", vg->name);
    vg->run(g, &t);
    printf("vectors: %-27s %3u checked", vg->name, t.checked);
    if (t.skipped) {
        printf(", %u skipped (%s)", t.skipped, t.why);
    }
    printf("%s\n", t.failed ? ", FAILED" : "");
    fflush(stdout);
    ck_assert_msg(t.failed == 0, "%s: %u mismatches", vg->name, t.failed);
    ck_assert_msg(t.checked + t.skipped > 0, "%s: no vectors", vg->name);
}
END_TEST

/* Every group in the file is one of the groups above. */
START_TEST(test_vector_groups_known)
{
    ck_assert_ptr_nonnull(vector_groups);
    ck_assert_int_eq(vector_groups->type, JSON_OBJECT);
    for (size_t i = 0; i < vector_groups->count; i++) {
        bool known = false;

        for (size_t k = 0; k < N_VECTOR_GROUPS; k++) {
            known |= strcmp(vector_groups->keys[i],
                            vector_group_list[k].name) == 0;
        }
        ck_assert_msg(known, "vector group %s is not tested",
                      vector_groups->keys[i]);
    }
    ck_assert_str_eq(json_get_str(vector_doc, "release"), "0.58.3");
}
END_TEST

static char vector_error[320];

/* The vector file is missing or cannot be read. */
START_TEST(test_vector_file)
{
    ck_abort_msg("%s", vector_error);
}
END_TEST

static void add_vector_suite(SRunner *sr, const char *path)
{
    FILE *f = fopen(path, "r");
    char err[256];
    Suite *s;
    TCase *tc;

    s = suite_create("tile-numeric-vectors");
    tc = tcase_create("vectors");
    if (!f) {
        snprintf(vector_error, sizeof(vector_error),
                 "%s: cannot open the vector file", path);
        tcase_add_test(tc, test_vector_file);
        suite_add_tcase(s, tc);
        srunner_add_suite(sr, s);
        return;
    }
    fclose(f);
    vector_doc = json_parse_file(path, err, sizeof(err));
    vector_groups = json_get(vector_doc, "vector_groups");
    if (!vector_doc) {
        snprintf(vector_error, sizeof(vector_error), "%s: %s", path, err);
        tcase_add_test(tc, test_vector_file);
    } else {
        tcase_add_test(tc, test_vector_groups_known);
        tcase_add_loop_test(tc, test_vector_group, 0, N_VECTOR_GROUPS);
    }
    suite_add_tcase(s, tc);
    srunner_add_suite(sr, s);
}

static void free_vectors(void)
{
    json_free(vector_doc);
}


int main(int argc, char **argv)
{
    SRunner *sr = srunner_create(formats_suite());
    int failed;

    /* The last argument, so `meson test --test-args` can name another. */
    if (argc < 2) {
        fprintf(stderr, "usage: %s VECTOR-FILE (spec/evidence/"
                "pto-isa-0583-hardware-numeric-vectors.json)\n", argv[0]);
        srunner_free(sr);
        return EXIT_FAILURE;
    }
    add_vector_suite(sr, argv[argc - 1]);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    free_vectors();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
