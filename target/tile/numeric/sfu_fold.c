/*
 * PTO Tile CPU: the SFU reductions over arrays (see sfu_array.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The sequential folds of TROWSUM / TROWMAX / TCOLSUM ... on the fast
 * path, bit for bit the reference's tile_reduce_step() sequence (the
 * reasons are at each method below); sfu_array.c has the element kernels.
 */

#include <stdlib.h>

#include "numeric/sfu_array.h"
#include "numeric/sfu_narrow.h"
#include "numeric/vec_elem.h"
#include "numeric/vec_chunk.h"

/* ---- Reductions ---- */

/*
 * Fold steps on the fast path.  SUM (PTO-TILE-MODEL-EXECUTION-REDUCTION: a
 * left fold from +0 rounding each step): the host's binary32 addition is
 * the correctly rounded sum (an exact zero taking the IEEE sign rule, as
 * vec_binary()), NX when its TwoSum error is nonzero; a subnormal sum is
 * exact, so a sum never underflows.  FP16 / BF16 through binary64: the
 * TwoSum there is exact unless the exponents differ by more than 45, and
 * then the exact sum lies within 2^-45 of the larger operand, a narrow
 * value, which both the sum and the binary64 sum round to (BF16 rounds
 * that through binary32: two roundings of a sum are innocuous when
 * 24 >= 2 * 8 + 1).  A fold that
 * meets an infinity or NaN (an operand, or an overflow) stays non-finite
 * (FP16 checks each step: its decoding is for finite values), so checking
 * the final accumulator suffices; that fold is then redone by
 * the reference.  MAX / MIN: the order key of tile_num_order_key() (-0
 * below +0), the accumulator kept on a tie; no flags without a NaN.
 * ARGMAX / ARGMIN: the same steps; the index moves to i when the step
 * selects element i, that is when its key is strictly beyond the
 * accumulator's (equal keys are equal encodings: the step returns the
 * accumulator), so ties keep the lowest index (elem_order.h).
 */
static inline int64_t order_key(const Fmt *f, uint32_t raw)
{
    uint32_t mag = narrow_mag(f, raw);

    return raw >> (f->bits - 1) ? -(int64_t)mag - 1 : (int64_t)mag;
}

static inline bool is_nan_raw(const Fmt *f, uint32_t raw)
{
    uint32_t mag = narrow_mag(f, raw);

    return mag > exp_field_max(f) << f->m;
}

static inline bool finite_raw(const Fmt *f, uint32_t raw)
{
    return narrow_mag(f, raw) >> f->m != exp_field_max(f);
}

/* acc + x on the fast path of SUM (acc and x finite), NX into *nx. */
static inline __attribute__((always_inline))
uint32_t sum_step(const Fmt *f, uint32_t acc, uint32_t x, bool *nx)
{
    if (f->bits == 32) {
        float a = f32_of(acc), b = f32_of(x), s = a + b, bb = s - a;
        float err = (a - (s - bb)) + (b - bb);

        *nx |= err != 0;
        return raw_of_f32(s);
    } else {
        double a = narrow_value(f, acc), b = narrow_value(f, x), s = a + b, bb = s - a;
        double err = (a - (s - bb)) + (b - bb);
        uint32_t r = narrow_round(f, s);

        *nx |= err != 0 || narrow_value(f, r) != s;
        return r;
    }
}

/*
 * acc * x on the fast path of PROD (acc and x finite): the product of two
 * values of the format is exact in binary64 (at most 48 significant
 * bits), so rounding it once gives the correctly rounded product, NX when
 * that moved it.  *ok is false where the exact product is nonzero and
 * below the smallest normal (it may underflow) or rounds to infinity.
 */
static inline __attribute__((always_inline))
uint32_t prod_step(const Fmt *f, uint32_t acc, uint32_t x, bool *nx, bool *ok)
{
    double p = narrow_value(f, acc) * narrow_value(f, x);
    uint32_t r = narrow_round(f, p);

    *ok = p == 0 || (__builtin_fabs(p) >= (f->bias == 15 ? 0x1p-14 : 0x1p-126) &&
                     finite_raw(f, r));
    *nx |= narrow_value(f, r) != p;
    return r;
}

static inline __attribute__((always_inline))
bool fold_fast(const Fmt *f, TileReduceOp op, const void *a, size_t n, uint32_t *res,
               unsigned *flags)
{
    unsigned bytes = f->bits / 8;
    uint32_t acc = 0;
    bool nx = false;

    if (op == TILE_RED_SUM) {
        for (size_t i = 0; i < n; i++) {
            uint32_t x = (uint32_t)raw_get(bytes, a, i);

            if (f == &fmt_fp16 && !finite_raw(f, x)) {
                return false;   /* narrow_value() is for finite values only */
            }
            acc = sum_step(f, acc, x, &nx);
            if (f == &fmt_fp16 && !finite_raw(f, acc)) {
                return false;
            }
        }
        if (!finite_raw(f, acc)) {
            return false;
        }
        *flags |= nx ? TILE_NUM_NX : 0;
    } else if (op == TILE_RED_PROD) {
        acc = (uint32_t)(f->bias << f->m);      /* 1.0, TileReductionOneEncoding */
        for (size_t i = 0; i < n; i++) {
            uint32_t x = (uint32_t)raw_get(bytes, a, i);
            bool ok;

            if (!finite_raw(f, x)) {
                return false;
            }
            acc = prod_step(f, acc, x, &nx, &ok);
            if (!ok) {
                return false;
            }
        }
        *flags |= nx ? TILE_NUM_NX : 0;
    } else {
        bool max = op == TILE_RED_MAX || op == TILE_RED_ARGMAX;
        uint32_t index = 0;
        int64_t ka;

        acc = n ? (uint32_t)raw_get(bytes, a, 0) : 0;
        ka = order_key(f, acc);
        if (is_nan_raw(f, acc)) {
            return false;
        }
        for (size_t i = 1; i < n; i++) {
            uint32_t x = (uint32_t)raw_get(bytes, a, i);
            int64_t kx = order_key(f, x);

            if (is_nan_raw(f, x)) {
                return false;
            }
            /* a step that selects x (its result is x, not the accumulator) */
            if (max ? kx > ka : kx < ka) {
                acc = x;
                ka = kx;
                index = i;
            }
        }
        if (op == TILE_RED_ARGMAX || op == TILE_RED_ARGMIN) {
            acc = index;
        }
    }
    *res = acc;
    return true;
}

static uint64_t fold_ref(unsigned dtype, TileReduceOp op, const void *a, size_t n,
                         unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;
    TileReduce red;

    tile_reduce_begin(&red, dtype, op, false);
    for (size_t i = 0; i < n; i++) {
        tile_reduce_step(&red, raw_get(bytes, a, i), flags);
    }
    return tile_reduce_result(&red);
}

/* tile_reduce_step() down column c of the nrows rows */
static uint64_t fold_col_ref(unsigned dtype, TileReduceOp op, const void *const *rows,
                             size_t nrows, size_t c, unsigned *flags)
{
    unsigned bytes = tile_dtype_info(dtype)->width / 8;
    TileReduce red;

    tile_reduce_begin(&red, dtype, op, false);
    for (size_t r = 0; r < nrows; r++) {
        tile_reduce_step(&red, raw_get(bytes, rows[r], c), flags);
    }
    return tile_reduce_result(&red);
}

/* The format of a type the fast folds serve (every op), or NULL. */
static const Fmt *fast_fmt(unsigned dtype)
{
    if (!SFU_ARRAY_FAST) {
        return NULL;
    }
    return dtype == TILE_DT_FP32 ? &fmt_fp32 : dtype == TILE_DT_BF16 ? &fmt_bf16 :
           dtype == TILE_DT_FP16 ? &fmt_fp16 : NULL;
}

/* ---- Integer folds ---- */

/*
 * The integer types' folds (and pto-v0's raw-carrier SUM and PROD of a
 * floating type, which sfu_reduce.c folds on the unsigned type of its
 * width).  SUM and PROD wrap modulo 2^w (vec_binary()'s integer ADD and
 * MUL), so any grouping gives the sequential fold's result: here LANES
 * partial accumulators modulo 2^64, whose low w bits are the result.
 * MAX, MIN and ARG* compare in order and keep the accumulator on a tie
 * (equal integers are equal encodings: the step returns the accumulator,
 * and the index stays); a signed type compares with its sign bit
 * flipped.  No integer step raises a flag.
 */
INLINE uint64_t int_key(unsigned bytes, bool is_signed, uint64_t x)
{
    return is_signed ? x ^ (UINT64_C(1) << (bytes * 8 - 1)) : x;
}

INLINE uint64_t int_low_bits(unsigned bytes, uint64_t x)
{
    return bytes == 8 ? x : x & ((UINT64_C(1) << (bytes * 8)) - 1);
}

INLINE uint64_t int_fold_by(unsigned bytes, bool is_signed, TileReduceOp op, const void *a,
                            size_t n)
{
    bool max = op == TILE_RED_MAX || op == TILE_RED_ARGMAX;
    uint64_t acc, key, index = 0;

    if (op == TILE_RED_SUM || op == TILE_RED_PROD) {
        bool sum = op == TILE_RED_SUM;
        uint64_t part[LANES];
        size_t i = 0;

        for (unsigned l = 0; l < LANES; l++) {
            part[l] = sum ? 0 : 1;              /* (the fold's start: 0, 1) */
        }
        for (; i + LANES <= n; i += LANES) {
            for (unsigned l = 0; l < LANES; l++) {
                uint64_t x = raw_get(bytes, a, i + l);

                part[l] = sum ? part[l] + x : part[l] * x;
            }
        }
        for (; i < n; i++) {
            part[0] = sum ? part[0] + raw_get(bytes, a, i) : part[0] * raw_get(bytes, a, i);
        }
        acc = part[0];
        for (unsigned l = 1; l < LANES; l++) {
            acc = sum ? acc + part[l] : acc * part[l];
        }
        return int_low_bits(bytes, acc);
    }
    acc = raw_get(bytes, a, 0);
    key = int_key(bytes, is_signed, acc);
    for (size_t i = 1; i < n; i++) {
        uint64_t x = raw_get(bytes, a, i), k = int_key(bytes, is_signed, x);

        if (max ? k > key : k < key) {
            acc = x;
            key = k;
            index = i;
        }
    }
    return op == TILE_RED_ARGMAX || op == TILE_RED_ARGMIN ? index : acc;
}

/* the same fold down columns c0 .. c0 + nc - 1 (nc <= COL_CHUNK) of the
 * nrows rows, each column's result (ARG*: a U32) into element c of out */
enum { COL_CHUNK = 256 };

INLINE void int_fold_cols_by(unsigned bytes, bool is_signed, TileReduceOp op,
                             const void *const *rows, size_t nrows, size_t c0, size_t nc,
                             void *out)
{
    bool max = op == TILE_RED_MAX || op == TILE_RED_ARGMAX;
    bool arg = op == TILE_RED_ARGMAX || op == TILE_RED_ARGMIN;
    uint64_t acc[COL_CHUNK] TILE_SCRATCH, key[COL_CHUNK] TILE_SCRATCH;
    uint32_t index[COL_CHUNK] TILE_SCRATCH;

    if (op == TILE_RED_SUM || op == TILE_RED_PROD) {
        bool sum = op == TILE_RED_SUM;

        for (size_t c = 0; c < nc; c++) {
            acc[c] = sum ? 0 : 1;
        }
        for (size_t r = 0; r < nrows; r++) {
            for (size_t c = 0; c < nc; c++) {
                uint64_t x = raw_get(bytes, rows[r], c0 + c);

                acc[c] = sum ? acc[c] + x : acc[c] * x;
            }
        }
        for (size_t c = 0; c < nc; c++) {
            raw_put(bytes, out, c0 + c, int_low_bits(bytes, acc[c]));
        }
        return;
    }
    for (size_t c = 0; c < nc; c++) {
        acc[c] = raw_get(bytes, rows[0], c0 + c);
        key[c] = int_key(bytes, is_signed, acc[c]);
        index[c] = 0;
    }
    for (size_t r = 1; r < nrows; r++) {
        for (size_t c = 0; c < nc; c++) {
            uint64_t x = raw_get(bytes, rows[r], c0 + c), k = int_key(bytes, is_signed, x);
            bool take = max ? k > key[c] : k < key[c];

            acc[c] = take ? x : acc[c];
            key[c] = take ? k : key[c];
            index[c] = take ? r : index[c];
        }
    }
    for (size_t c = 0; c < nc; c++) {
        if (arg) {
            raw_put(4, out, c0 + c, index[c]);
        } else {
            raw_put(bytes, out, c0 + c, acc[c]);
        }
    }
}

/* One case per integer type: width and signedness constants. */
#define INT_FOLD_CASES(call)                                            \
    case TILE_DT_U8: call(1, false); break;                             \
    case TILE_DT_S8: call(1, true); break;                              \
    case TILE_DT_U16: call(2, false); break;                            \
    case TILE_DT_S16: call(2, true); break;                             \
    case TILE_DT_U32: call(4, false); break;                            \
    case TILE_DT_S32: call(4, true); break;                             \
    case TILE_DT_U64: call(8, false); break;                            \
    case TILE_DT_S64: call(8, true); break;

/* The fold of a[0 .. n - 1] (n >= 1) of an integer type into *res;
 * false for the other types. */
static bool int_fold(unsigned dtype, TileReduceOp op, const void *a, size_t n, uint64_t *res)
{
#define INT_FOLD(b, s) *res = int_fold_by(b, s, op, a, n)
    switch (dtype) {
    INT_FOLD_CASES(INT_FOLD)
    default:
        return false;
    }
#undef INT_FOLD
    return true;
}

/* The column folds of an integer type; false for the other types. */
static bool int_fold_cols(unsigned dtype, TileReduceOp op, const void *const *rows,
                          size_t nrows, size_t ncols, void *out)
{
    if (!vec_type_integer(dtype) || !nrows) {
        return false;
    }
    for (size_t c0 = 0; c0 < ncols; c0 += COL_CHUNK) {
        size_t nc = ncols - c0 < COL_CHUNK ? ncols - c0 : COL_CHUNK;

#define INT_FOLD_COLS(b, s) int_fold_cols_by(b, s, op, rows, nrows, c0, nc, out)
        switch (dtype) {
        INT_FOLD_CASES(INT_FOLD_COLS)
        }
#undef INT_FOLD_COLS
    }
    return true;
}

#undef INT_FOLD_CASES

uint64_t sfu_array_fold(unsigned dtype, TileReduceOp op, const void *a, size_t n,
                        unsigned *flags)
{
    const Fmt *f = fast_fmt(dtype);
    uint32_t r;
    uint64_t r64;
    bool ok = false;

    if (n && int_fold(dtype, op, a, n, &r64)) {
        return r64;
    }
    if (f == &fmt_fp32) {
        ok = fold_fast(&fmt_fp32, op, a, n, &r, flags);
    } else if (f == &fmt_bf16) {
        ok = fold_fast(&fmt_bf16, op, a, n, &r, flags);
    } else if (f == &fmt_fp16) {
        ok = fold_fast(&fmt_fp16, op, a, n, &r, flags);
    }
    return ok ? r : fold_ref(dtype, op, a, n, flags);
}

/*
 * FP32 SUM down the columns, vectorized across them (each column is its
 * own left fold, in row order).  Columns whose accumulator ends
 * non-finite are redone by the reference.
 */

static void cols_sum_f32(const void *const *rows, size_t nrows, size_t c0, size_t nc,
                         uint32_t *out, bool *nxc)
{
    float acc[COL_CHUNK] TILE_SCRATCH, err[COL_CHUNK] TILE_SCRATCH;

    for (size_t c = 0; c < nc; c++) {
        acc[c] = 0;
        nxc[c] = false;
    }
    for (size_t r = 0; r < nrows; r++) {
        float x[COL_CHUNK] TILE_SCRATCH;

        memcpy(x, (const uint8_t *)rows[r] + 4 * c0, 4 * nc);
        for (size_t c = 0; c < nc; c++) {
            float a = acc[c], s = a + x[c], bb = s - a;

            err[c] = (a - (s - bb)) + (x[c] - bb);
            acc[c] = s;
        }
        for (size_t c = 0; c < nc; c++) {
            nxc[c] |= err[c] != 0;
        }
    }
    for (size_t c = 0; c < nc; c++) {
        out[c] = raw_of_f32(acc[c]);
    }
}

/*
 * SUM along the rows, eight rows at a time, one row per lane: each lane
 * runs its own row's left fold in order, so every result is that row's
 * sequential fold.  FP32 steps in binary32 with its TwoSum error (as
 * sum_step()).  FP16 and BF16 step in binary32 too: the sum of two p-bit
 * values rounded to 24 bits and then to p bits is their sum rounded once
 * (double rounding of a sum is innocuous when 24 >= 2p + 1: FP16 11, BF16
 * 8); an FP16 sum below 2^-14 is exact (a multiple of 2^-24 under 2^-14
 * has at most 10 bits), and a BF16 subnormal lies on the binary32 grid;
 * NX when the TwoSum error is nonzero or the narrowing moved the sum.  A
 * lane whose row has a non-finite operand or whose sum ends non-finite
 * (an overflow) is marked bad, and that row is redone by fold_ref().
 */
/* a binary32 sum s rounded to FP16 (fp16_of_f32(), whose nearness
 * test a sum does not need) */
INLINE u32x8 fp16_of_f32_sum(u32x8 sb)
{
    i32x8 near;

    return fp16_of_f32(sb, &near);
}

/* one step of eight row folds: acc += x, lane by lane (see above) */
INLINE void sum_step8(unsigned dt, u32x8 raw, f32x8 *acc, i32x8 *bad, i32x8 *nx)
{
    const uint32_t inf = dt == TILE_DT_FP32 ? 0x7f800000 : dt == TILE_DT_FP16 ? 0x7c00 : 0x7f80;
    const uint32_t mag_mask = dt == TILE_DT_FP32 ? 0x7fffffff : 0x7fff;
    f32x8 a = *acc, x = widen(dt, raw), s = a + x, bb = s - a;
    f32x8 err = (a - (s - bb)) + (x - bb);

    *bad |= (i32x8)((raw & mag_mask) >= inf);
    *nx |= (i32x8)(err != 0);
    if (dt == TILE_DT_FP32) {
        *acc = s;
    } else {
        u32x8 sb = (u32x8)s, r;

        r = dt == TILE_DT_BF16 ? bf16_normal_of_f32(sb) : fp16_of_f32_sum(sb);
        *acc = widen(dt, r);
        *nx |= (i32x8)(*acc != s);
    }
}

/* the 8 x 8 block v (v[r]: eight elements of row r) transposed in place */
INLINE void transpose8(u32x8 v[8])
{
    u32x8 t[8], u[8];

    for (int p = 0; p < 8; p += 2) {
        t[p] = __builtin_shufflevector(v[p], v[p + 1], 0, 8, 1, 9, 4, 12, 5, 13);
        t[p + 1] = __builtin_shufflevector(v[p], v[p + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
    for (int p = 0; p < 8; p += 4) {
        for (int h = 0; h < 2; h++) {
            u[p + 2 * h] = __builtin_shufflevector(t[p + h], t[p + h + 2],
                                                   0, 1, 8, 9, 4, 5, 12, 13);
            u[p + 2 * h + 1] = __builtin_shufflevector(t[p + h], t[p + h + 2],
                                                       2, 3, 10, 11, 6, 7, 14, 15);
        }
    }
    /* u[0..3] hold columns 0-3 of rows 0-3 (and 4-7 in their upper halves),
     * u[4..7] the same of rows 4-7 */
    for (int c = 0; c < 4; c++) {
        v[c] = __builtin_shufflevector(u[c], u[c + 4], 0, 1, 2, 3, 8, 9, 10, 11);
        v[c + 4] = __builtin_shufflevector(u[c], u[c + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
}

/* eight sums' accumulators (values of dt in binary32) as encodings of
 * dt; an infinite or NaN one (widened: exponent all ones) is bad */
INLINE void sum_finish(unsigned dt, f32x8 acc, i32x8 *bad, u32x8 *res)
{
    *bad |= (i32x8)(((u32x8)acc & 0x7f800000) == 0x7f800000);
    if (dt == TILE_DT_FP32) {
        *res = (u32x8)acc;
    } else if (dt == TILE_DT_BF16) {
        *res = (u32x8)acc >> 16;
    } else {
        *res = fp16_of_f32_sum((u32x8)acc);     /* exact: acc is an FP16 value */
    }
}

INLINE void sum_rows8(unsigned dt, const void *const *rp, size_t n, u32x8 *res, i32x8 *bad,
                      i32x8 *nx)
{
    unsigned bytes = fbytes(dt);
    f32x8 acc = {};             /* the fold starts at +0 */
    i32x8 b = {}, x_nx = {};
    size_t i = 0;

    /* eight steps at a time: a block of eight elements of each row, turned
     * into eight columns of one element per row */
    for (; i + LANES <= n; i += LANES) {
        u32x8 v[LANES];

        for (unsigned l = 0; l < LANES; l++) {
            v[l] = load_raw(dt, rp[l], i, LANES);
        }
        transpose8(v);
        for (unsigned j = 0; j < LANES; j++) {
            sum_step8(dt, v[j], &acc, &b, &x_nx);
        }
    }
    for (; i < n; i++) {
        u32x8 raw;

        for (unsigned l = 0; l < LANES; l++) {
            raw[l] = (uint32_t)raw_get(bytes, rp[l], i);
        }
        sum_step8(dt, raw, &acc, &b, &x_nx);
    }
    sum_finish(dt, acc, &b, res);
    *bad = b;
    *nx = x_nx;
}

HOST_CLONES
static bool sum_rows(unsigned dtype, const void *const *rows, size_t nrows, size_t n,
                     uint64_t *out, unsigned *flags)
{
    unsigned fl = 0;

    if (!SFU_ARRAY_FAST ||
        (dtype != TILE_DT_FP32 && dtype != TILE_DT_BF16 && dtype != TILE_DT_FP16)) {
        return false;
    }
    for (size_t r0 = 0; r0 < nrows; r0 += LANES) {
        unsigned g = nrows - r0 < LANES ? nrows - r0 : LANES;
        const void *rp[LANES];
        u32x8 res;
        i32x8 bad, nx;

        for (unsigned l = 0; l < LANES; l++) {
            rp[l] = rows[r0 + (l < g ? l : 0)];     /* spare lanes repeat a row */
        }
        if (dtype == TILE_DT_FP32) {
            sum_rows8(TILE_DT_FP32, rp, n, &res, &bad, &nx);
        } else if (dtype == TILE_DT_BF16) {
            sum_rows8(TILE_DT_BF16, rp, n, &res, &bad, &nx);
        } else {
            sum_rows8(TILE_DT_FP16, rp, n, &res, &bad, &nx);
        }
        for (unsigned l = 0; l < g; l++) {
            if (bad[l]) {
                out[r0 + l] = fold_ref(dtype, TILE_RED_SUM, rows[r0 + l], n, flags);
            } else {
                out[r0 + l] = res[l];
                fl |= nx[l] ? TILE_NUM_NX : 0;
            }
        }
    }
    *flags |= fl;
    return true;
}

void sfu_array_fold_rows(unsigned dtype, TileReduceOp op, const void *const *rows,
                         size_t nrows, size_t n, uint64_t *out, unsigned *flags)
{
    if (op == TILE_RED_SUM && sum_rows(dtype, rows, nrows, n, out, flags)) {
        return;
    }
    for (size_t r = 0; r < nrows; r++) {
        out[r] = sfu_array_fold(dtype, op, rows[r], n, flags);
    }
}

/*
 * The folds down the columns, eight columns at a time, one column per
 * lane, each its own left fold in row order: SUM steps as sum_rows8()'s;
 * MAX / MIN / ARG* keep the accumulator, its key and its row in each
 * lane, taking row r's element where its key is strictly beyond (as
 * fold_fast()).  A lane with a NaN operand (MAX ..) or a non-finite
 * operand or sum (SUM) is bad.
 */
INLINE void fold_cols8(unsigned dt, TileReduceOp op, const void *const *rows, size_t nrows,
                       size_t c0, unsigned cnt, u32x8 *res, i32x8 *bad, i32x8 *nx)
{
    i32x8 b = {}, x_nx = {};

    if (op == TILE_RED_SUM) {
        f32x8 acc = {};         /* the fold starts at +0 */
        for (size_t r = 0; r < nrows; r++) {
            sum_step8(dt, load_raw(dt, rows[r], c0, cnt), &acc, &b, &x_nx);
        }
        sum_finish(dt, acc, &b, res);
    } else {
        bool max = op == TILE_RED_MAX || op == TILE_RED_ARGMAX;
        u32x8 acc = load_raw(dt, rows[0], c0, cnt), ka = order_key8(dt, acc), index = {};

        b = nan8(dt, acc);
        for (size_t r = 1; r < nrows; r++) {
            u32x8 x = load_raw(dt, rows[r], c0, cnt), kx = order_key8(dt, x);
            u32x8 take = (u32x8)(max ? kx > ka : kx < ka);

            b |= nan8(dt, x);
            acc = (x & take) | (acc & ~take);
            ka = (kx & take) | (ka & ~take);
            index = ((uint32_t)r & take) | (index & ~take);
        }
        *res = op == TILE_RED_ARGMAX || op == TILE_RED_ARGMIN ? index : acc;
    }
    *bad = b;
    *nx = x_nx;
}

HOST_CLONES
void sfu_array_fold_cols(unsigned dtype, TileReduceOp op, const void *const *rows,
                         size_t nrows, size_t ncols, void *out, unsigned *flags)
{
    const Fmt *f = fast_fmt(dtype);
    unsigned bytes = tile_dtype_info(dtype)->width / 8;
    unsigned out_bytes = op == TILE_RED_ARGMAX || op == TILE_RED_ARGMIN ? 4 : bytes;
    size_t c0 = 0;

    if (int_fold_cols(dtype, op, rows, nrows, ncols, out)) {
        return;
    }
    if (f == &fmt_fp32 && op == TILE_RED_SUM) {
        /* in chunks of COL_CHUNK columns, vectorized by the compiler */
        for (; c0 < ncols; c0 += COL_CHUNK) {
            size_t nc = ncols - c0 < COL_CHUNK ? ncols - c0 : COL_CHUNK;
            uint32_t acc[COL_CHUNK] TILE_SCRATCH;
            bool nxc[COL_CHUNK] TILE_SCRATCH;

            cols_sum_f32(rows, nrows, c0, nc, acc, nxc);
            for (size_t c = 0; c < nc; c++) {
                if (finite_raw(f, acc[c])) {
                    *flags |= nxc[c] ? TILE_NUM_NX : 0;
                    raw_put(4, out, c0 + c, acc[c]);
                } else {
                    raw_put(4, out, c0 + c, fold_col_ref(dtype, op, rows, nrows, c0 + c,
                                                         flags));
                }
            }
        }
        return;
    }
    if (f && op == TILE_RED_PROD) {
        /* a sequential fold per column, gathered into one array */
        uint8_t *col = malloc(nrows * bytes + 1);

        for (; col && c0 < ncols; c0++) {
            for (size_t r = 0; r < nrows; r++) {
                raw_put(bytes, col, r, raw_get(bytes, rows[r], c0));
            }
            raw_put(bytes, out, c0, sfu_array_fold(dtype, op, col, nrows, flags));
        }
        free(col);
    }
    for (; f && op != TILE_RED_PROD && nrows && c0 < ncols; c0 += LANES) {
        unsigned cnt = ncols - c0 < LANES ? ncols - c0 : LANES;
        u32x8 res;
        i32x8 bad, nx;

        if (dtype == TILE_DT_FP32) {
            fold_cols8(TILE_DT_FP32, op, rows, nrows, c0, cnt, &res, &bad, &nx);
        } else if (dtype == TILE_DT_BF16) {
            fold_cols8(TILE_DT_BF16, op, rows, nrows, c0, cnt, &res, &bad, &nx);
        } else {
            fold_cols8(TILE_DT_FP16, op, rows, nrows, c0, cnt, &res, &bad, &nx);
        }
        for (unsigned l = 0; l < cnt; l++) {
            uint64_t x = res[l];

            if (bad[l]) {
                x = fold_col_ref(dtype, op, rows, nrows, c0 + l, flags);
            } else if (nx[l]) {
                *flags |= TILE_NUM_NX;
            }
            raw_put(out_bytes, out, c0 + l, x);
        }
    }
    for (; c0 < ncols; c0++) {
        raw_put(out_bytes, out, c0, fold_col_ref(dtype, op, rows, nrows, c0, flags));
    }
}
