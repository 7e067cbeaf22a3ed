/*
 * PTO Tile CPU: the SFU reductions and expansions (BSTART.TEPL Mode 2)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-TILE-MODEL-EXECUTION-REDUCTION, -EXPANSION,
 * PTO-TILE-MODEL-LEGALITY-REDUCTION-AND-EXPANSION,
 * PTO-BLOCK-MODEL-DISPATCH-REDUCTION-SCHEMA, -EXPANSION-SCHEMA and
 * -DESTINATION-SHAPE.  The commit order: binding counts
 * (Fault_BundleControl), B.DATR applicability, the closed schema (one
 * B.IOT, no B.IOR, the B.DIM shape, the data type, the sources: type,
 * row-major, defined, valid encodings, shape; a nonzero integer divisor),
 * then the destination (Fault_TileAllocation), then the checks the ASL
 * makes after allocation (ARG* source types; the full source's rows).
 * Only then does any PE compute, each from its own fragments.
 *
 * A reduction is a sequential left fold in the element type (SUM from a
 * raw zero, PROD from one, MIN / MAX / ARG* from the first element); an
 * ARG* index moves to i when the step's result equals element i and
 * differs from the accumulator, so ties keep the lowest index.  An
 * expansion applies full OP broadcast per element; EXPDIF is
 * exp(full - broadcast), for FP16 / BF16 into FP32 after exact widening.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/engines.h"
#include "numeric/vec_elem.h"
#include "numeric/vec_array.h"
#include "numeric/elem_order.h"
#include "numeric/sfu_elem.h"
#include "numeric/sfu_array.h"

typedef enum SfuRedFamily {
    SR_ROW_REDUCE, SR_COL_REDUCE, SR_ROW_EXPAND, SR_COL_EXPAND,
} SfuRedFamily;

typedef enum SfuReduceOp {
    RED_SUM, RED_MAX, RED_MIN, RED_PROD, RED_ARGMAX, RED_ARGMIN,
} SfuReduceOp;

typedef enum SfuExpandOp {
    EXP_COPY, EXP_ADD, EXP_SUB, EXP_MUL, EXP_DIV, EXP_MAX, EXP_MIN, EXP_EXPDIF,
} SfuExpandOp;

static void reduce_commit(Tepl *v);
static void expand_commit(Tepl *v);

#define R(name, fam, op) { name, "SFU", reduce_commit, fam, op }
#define E(name, fam, op) { name, "SFU", expand_commit, fam, op }

static const TeplOpInfo sfu_reduce_ops[] = {
    R("TROWSUM", SR_ROW_REDUCE, RED_SUM), R("TROWMAX", SR_ROW_REDUCE, RED_MAX),
    R("TROWMIN", SR_ROW_REDUCE, RED_MIN), R("TROWPROD", SR_ROW_REDUCE, RED_PROD),
    R("TROWARGMAX", SR_ROW_REDUCE, RED_ARGMAX), R("TROWARGMIN", SR_ROW_REDUCE, RED_ARGMIN),
    R("TCOLSUM", SR_COL_REDUCE, RED_SUM), R("TCOLMAX", SR_COL_REDUCE, RED_MAX),
    R("TCOLMIN", SR_COL_REDUCE, RED_MIN), R("TCOLPROD", SR_COL_REDUCE, RED_PROD),
    R("TCOLARGMAX", SR_COL_REDUCE, RED_ARGMAX), R("TCOLARGMIN", SR_COL_REDUCE, RED_ARGMIN),
    E("TROWEXPAND", SR_ROW_EXPAND, EXP_COPY), E("TROWEXPANDADD", SR_ROW_EXPAND, EXP_ADD),
    E("TROWEXPANDSUB", SR_ROW_EXPAND, EXP_SUB), E("TROWEXPANDMUL", SR_ROW_EXPAND, EXP_MUL),
    E("TROWEXPANDDIV", SR_ROW_EXPAND, EXP_DIV), E("TROWEXPANDMAX", SR_ROW_EXPAND, EXP_MAX),
    E("TROWEXPANDMIN", SR_ROW_EXPAND, EXP_MIN),
    E("TROWEXPANDEXPDIF", SR_ROW_EXPAND, EXP_EXPDIF),
    E("TCOLEXPAND", SR_COL_EXPAND, EXP_COPY), E("TCOLEXPANDADD", SR_COL_EXPAND, EXP_ADD),
    E("TCOLEXPANDSUB", SR_COL_EXPAND, EXP_SUB), E("TCOLEXPANDMUL", SR_COL_EXPAND, EXP_MUL),
    E("TCOLEXPANDDIV", SR_COL_EXPAND, EXP_DIV), E("TCOLEXPANDMAX", SR_COL_EXPAND, EXP_MAX),
    E("TCOLEXPANDMIN", SR_COL_EXPAND, EXP_MIN),
    E("TCOLEXPANDEXPDIF", SR_COL_EXPAND, EXP_EXPDIF),
};

const TeplOpTable tile_sfu_reduce_ops = { sfu_reduce_ops, ARRAY_SIZE(sfu_reduce_ops) };

/* ---- Shared checks ---- */

/* Numeric (tepl_gather), of type dt, row-major, defined, valid encodings. */
static void check_operand(Tepl *v, const TileLocal *t, unsigned dt)
{
    if (t->d.dtype != dt) {
        tepl_tl(v, "source type is not the operation's source type");
    }
    if (t->d.layout != TILE_LAYOUT_ROW_MAJOR) {
        tepl_tl(v, "SFU reduction / expansion sources are row-major");
    }
    tepl_check_encodings(v, t);
}

/* The closed schema's common part: one B.IOT, no B.IOR, the LB shape. */
static void check_closed(Tepl *v, unsigned nsrc)
{
    tepl_one_binding(v, nsrc);
    if (v->op->has_ior) {
        tepl_tl(v, "B.IOR on a reduction or expansion");
    }
    tepl_lb_shape(v);
}

/* ---- Reductions ---- */

static const TileReduceOp reduce_op[] = {
    [RED_SUM] = TILE_RED_SUM, [RED_MAX] = TILE_RED_MAX, [RED_MIN] = TILE_RED_MIN,
    [RED_PROD] = TILE_RED_PROD, [RED_ARGMAX] = TILE_RED_ARGMAX,
    [RED_ARGMIN] = TILE_RED_ARGMIN,
};

/* One fold over outer index o of PE pe's source fragment
 * (numeric/elem_order.c). */
static uint64_t reduce_one(Tepl *v, unsigned pe, uint32_t o)
{
    const TileLocal *s = v->data;
    bool row = v->info->family == SR_ROW_REDUCE;
    uint32_t inner = row ? s->d.valid_cols : s->d.valid_rows;
    TileReduce red;

    tile_reduce_begin(&red, v->dt, reduce_op[v->info->elem], v->pto_v0);
    for (uint32_t i = 0; i < inner; i++) {
        tile_reduce_step(&red, row ? tepl_elem(s, pe, o, i) : tepl_elem(s, pe, i, o),
                         &v->flags);
    }
    return tile_reduce_result(&red);
}

/*
 * PE pe's folds through the array kernels (sfu_array.h: the same fold,
 * results and flags); false, with nothing done, under the reference
 * profile or when a row is not contiguous bytes.  The row folds and the
 * column folds each run over all the rows at once.
 */
static bool reduce_by_array(Tepl *v, unsigned pe)
{
    const TileLocal *s = v->data;
    TileReduceOp op = reduce_op[v->info->elem];
    uint32_t rows = s->d.valid_rows, cols = s->d.valid_cols;

    if (v->pto_v0 || !tepl_src_row(s, pe, 0) || !tepl_dst_row(v, pe, 0)) {
        return false;
    }
    g_autofree const void **rp = g_new(const void *, rows);

    for (uint32_t r = 0; r < rows; r++) {
        rp[r] = tepl_src_row(s, pe, r);
    }
    if (v->info->family == SR_ROW_REDUCE) {
        g_autofree uint64_t *res = g_new(uint64_t, rows);

        sfu_array_fold_rows(v->dt, op, rp, rows, cols, res, &v->flags);
        for (uint32_t r = 0; r < rows; r++) {
            tepl_put(v, pe, r, 0, res[r]);
        }
    } else {
        sfu_array_fold_cols(v->dt, op, rp, rows, cols, tepl_dst_row(v, pe, 0), &v->flags);
    }
    return true;
}

static void reduce_commit(Tepl *v)
{
    bool row = v->info->family == SR_ROW_REDUCE;
    SfuReduceOp ro = v->info->elem;
    bool arg = ro == RED_ARGMAX || ro == RED_ARGMIN;
    const TileLocal *s;

    tepl_check_complete(v, 1, 0);
    tepl_check_datr(v, 0);
    check_closed(v, 1);
    if (!vec_type_arith(v->dt)) {
        tepl_tl(v, "data type not accepted by the reduction");
    }
    tepl_gather(v, -1);
    s = v->data = v->src[0];
    check_operand(v, s, v->dt);
    tepl_check_lb_shape(v, s);

    /* row: (src.VR, 1, Cols 1); column: (1, src.VC, src.Cols); ARG*: U32 */
    TileDesc d = {
        .dtype = arg ? TILE_DT_U32 : v->dt,
        .layout = TILE_LAYOUT_ROW_MAJOR,
        .size_code = v->dst_bind->size_code,
        .cols = row ? 1 : s->d.cols,
        .valid_rows = row ? s->d.valid_rows : 1,
        .valid_cols = row ? 1 : s->d.valid_cols,
    };
    tepl_new_dst(v, &d);
    /* TileOperandsLegal_ExecuteTileReduction, after allocation */
    if (arg && !sfu_type_a9(v->dt)) {
        tepl_tl(v, "ARGMAX / ARGMIN source type outside the A9 set");
    }

    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        uint32_t outer = row ? s->d.valid_rows : s->d.valid_cols;

        if (reduce_by_array(v, pe)) {
            tepl_pad(v, pe);
            continue;
        }
        for (uint32_t o = 0; o < outer; o++) {
            uint64_t x = reduce_one(v, pe, o);

            if (row) {
                tepl_put(v, pe, o, 0, x);
            } else {
                tepl_put(v, pe, 0, o, x);
            }
        }
        tepl_pad(v, pe);
    }
    tepl_finish(v, true);
}

/* ---- Expansions ---- */

/* TileExpandExpdifTypePairLegal */
static bool expdif_pair(unsigned src, unsigned dst)
{
    return (src == TILE_DT_FP16 && (dst == TILE_DT_FP16 || dst == TILE_DT_FP32)) ||
           (src == TILE_DT_BF16 && (dst == TILE_DT_BF16 || dst == TILE_DT_FP32)) ||
           (src == TILE_DT_FP32 && dst == TILE_DT_FP32);
}

static uint64_t expand_one(Tepl *v, unsigned pe, uint32_t r, uint32_t c)
{
    const TileLocal *b = v->src[v->nsrc - 1];
    SfuExpandOp eo = v->info->elem;
    uint64_t y = v->info->family == SR_ROW_EXPAND ? tepl_elem(b, pe, r, 0)
                                                  : tepl_elem(b, pe, 0, c);
    uint64_t x;

    if (eo == EXP_COPY) {
        return y;           /* bit for bit, no status */
    }
    x = tepl_elem(v->src[0], pe, r, c);
    switch (eo) {
    case EXP_ADD:
        return vec_binary(v->dt, VEC_ADD, x, y, v->pto_v0, &v->flags);
    case EXP_SUB:
        return vec_binary(v->dt, VEC_SUB, x, y, v->pto_v0, &v->flags);
    case EXP_MUL:
        return vec_binary(v->dt, VEC_MUL, x, y, v->pto_v0, &v->flags);
    case EXP_DIV:
        return sfu_binary(v->dt, SFU_DIV, x, y, v->pto_v0, &v->flags);
    case EXP_MAX:
        return vec_binary(v->dt, VEC_MAX, x, y, v->pto_v0, &v->flags);
    case EXP_MIN:
        return vec_binary(v->dt, VEC_MIN, x, y, v->pto_v0, &v->flags);
    default:
        return sfu_expdif(v->dt, v->dst_dt, x, y, v->pto_v0, &v->flags);
    }
}

/* The broadcast: row axis (LB1 | 1) x 1 with Cols 1; column axis
 * 1 x LB0 with Cols LB2 | LB0. */
static void check_broadcast(Tepl *v, const TileLocal *b)
{
    bool row = v->info->family == SR_ROW_EXPAND;
    bool ok = row ? b->d.valid_rows == v->vr && b->d.valid_cols == 1 && b->d.cols == 1
                  : b->d.valid_rows == 1 && b->d.valid_cols == v->vc && b->d.cols == v->col;

    check_operand(v, b, v->dt);
    if (!ok) {
        tepl_tl(v, "broadcast shape does not fit the expansion axis");
    }
}

/* TileBroadcastPayloadNonzero on every PE: each broadcast element used. */
static void check_divisors(Tepl *v, const TileLocal *b)
{
    bool row = v->info->family == SR_ROW_EXPAND;
    uint32_t n = row ? v->vr : v->vc;

    TEPL_FOR_PES(v, pe) {
        for (uint32_t i = 0; i < n; i++) {
            if (!(row ? tepl_elem(b, pe, i, 0) : tepl_elem(b, pe, 0, i))) {
                tepl_tl(v, "integer division by a zero broadcast element");
            }
        }
    }
}

/* The VEC operation whose element rule an expansion applies (expand_one) */
static const VecBinOp expand_vec_op[] = {
    [EXP_ADD] = VEC_ADD, [EXP_SUB] = VEC_SUB, [EXP_MUL] = VEC_MUL,
    [EXP_MAX] = VEC_MAX, [EXP_MIN] = VEC_MIN,
};

/*
 * Whether the array kernels compute this expansion: COPY as row fills
 * or copies of the broadcast row; DIV through the SFU quotient kernels;
 * ADD SUB MUL MAX MIN through the VEC kernels (vec_array.h: vec_binary()
 * element by element under the IEEE profile, results and flags, the same
 * rule as expand_one()'s), for the types they serve; EXPDIF as
 * sfu_expdif() does it, in three array steps (the widening, SUB in the
 * destination type, EXP).  The reference profile takes the per-element
 * path for floating types (its ADD / SUB / MUL are raw-carrier
 * arithmetic); integer rules do not depend on the profile.
 */
static bool expand_array_serves(const Tepl *v)
{
    SfuExpandOp eo = v->info->elem;

    switch (eo) {
    case EXP_COPY:
        return true;
    case EXP_DIV:
    case EXP_EXPDIF:
        return !v->pto_v0;
    default:
        if (v->pto_v0 && tile_dtype_info(v->dt)->is_float) {
            return false;
        }
        return vec_array_binary_serves(v->dt, expand_vec_op[eo]);
    }
}

/* n elements of src (FP16 or BF16) widened into FP32 (sfu_expdif_widen()). */
static void expdif_widen(unsigned src, const void *a, uint32_t *out, uint32_t n,
                         unsigned *flags)
{
    for (uint32_t i = 0; i < n; i++) {
        out[i] = sfu_expdif_widen(src, sfu_array_get(src, a, i), flags);
    }
}

/*
 * PE pe's expansion row by row through the array kernels: a row
 * expansion passes the row's broadcast element as the scalar operand, a
 * column expansion the broadcast row as the right operands; EXPDIF
 * widens the sources where its destination is FP32 (wide, and brow for
 * a column's broadcast row) and keeps the difference in diff.  False,
 * with nothing done, when expand_array_serves() says no or a row is not
 * contiguous bytes.
 */
static bool expand_by_array(Tepl *v, unsigned pe)
{
    const TileLocal *b = v->src[v->nsrc - 1];
    bool row = v->info->family == SR_ROW_EXPAND;
    SfuExpandOp eo = v->info->elem;
    uint32_t rows = v->d->d.valid_rows, n = v->d->d.valid_cols;
    unsigned bytes = tile_dtype_bits(v->dt) / 8, dst = v->dst_dt;
    bool widen = eo == EXP_EXPDIF && v->dt != dst;

    if (!expand_array_serves(v) || !tepl_src_row(v->src[0], pe, 0) ||
        !tepl_src_row(b, pe, 0) || !tepl_dst_row(v, pe, 0)) {
        return false;
    }
    if (eo == EXP_COPY) {
        /* bit for bit, no status */
        for (uint32_t r = 0; r < rows; r++) {
            if (row) {
                vec_array_fill(bytes, tepl_elem(b, pe, r, 0), tepl_dst_row(v, pe, r), n);
            } else {
                memcpy(tepl_dst_row(v, pe, r), tepl_src_row(b, pe, 0), (size_t)n * bytes);
            }
        }
        return true;
    }

    g_autofree uint32_t *wide = widen ? g_new(uint32_t, n) : NULL;
    g_autofree uint32_t *brow = widen && !row ? g_new(uint32_t, n) : NULL;
    g_autofree uint8_t *diff = eo == EXP_EXPDIF ? g_new(uint8_t, (size_t)n * 4) : NULL;
    const void *yrow = row ? NULL : tepl_src_row(b, pe, 0);

    if (brow) {
        expdif_widen(v->dt, yrow, brow, n, &v->flags);
        yrow = brow;
    }
    for (uint32_t r = 0; r < rows; r++) {
        const void *a = tepl_src_row(v->src[0], pe, r);
        uint8_t *out = tepl_dst_row(v, pe, r);
        uint64_t y = row ? tepl_elem(b, pe, r, 0) : 0;

        switch (eo) {
        case EXP_EXPDIF:
            /* exp(a - y) in the destination type (sfu_expdif()) */
            if (widen) {
                expdif_widen(v->dt, a, wide, n, &v->flags);
                a = wide;
                if (row) {
                    y = sfu_expdif_widen(v->dt, y, &v->flags);
                }
            }
            if (row) {
                vec_array_binary_scalar(dst, VEC_SUB, a, y, diff, n, &v->flags);
            } else {
                vec_array_binary(dst, VEC_SUB, a, yrow, diff, n, &v->flags);
            }
            sfu_array_unary(dst, SFU_EXP, diff, out, n, &v->flags);
            break;
        case EXP_DIV:
            if (row) {
                sfu_array_div_scalar(v->dt, a, y, out, n, &v->flags);
            } else {
                sfu_array_div(v->dt, a, yrow, out, n, &v->flags);
            }
            break;
        default:
            if (row) {
                vec_array_binary_scalar(v->dt, expand_vec_op[eo], a, y, out, n, &v->flags);
            } else {
                vec_array_binary(v->dt, expand_vec_op[eo], a, yrow, out, n, &v->flags);
            }
            break;
        }
    }
    return true;
}

static void expand_commit(Tepl *v)
{
    TileOp *op = v->op;
    SfuExpandOp eo = v->info->elem;
    bool copy = eo == EXP_COPY, ed = eo == EXP_EXPDIF;
    unsigned nsrc = copy ? 1 : 2;
    const TileLocal *b;

    tepl_check_complete(v, nsrc, 0);
    tepl_check_datr(v, ed ? TEPL_DATR_DTYPE : 0);
    check_closed(v, nsrc);
    if (ed) {
        /* B.DATR DataType is the destination type; 31 (or none) the source's */
        v->dst_dt = op->has_datr && op->datr_dtype != 31 ? op->datr_dtype : v->dt;
        if (!expdif_pair(v->dt, v->dst_dt)) {
            tepl_tl(v, "EXPDIF source / destination type pair");
        }
    } else {
        v->dst_dt = v->dt;
        if (!vec_type_arith(v->dt)) {
            tepl_tl(v, "data type not accepted by the expansion");
        }
    }
    tepl_gather(v, -1);
    b = v->src[nsrc - 1];
    check_broadcast(v, b);
    if (!copy) {
        v->data = v->src[0];
        check_operand(v, v->data, v->dt);
        tepl_check_lb_shape(v, v->data);
        if (eo == EXP_DIV && vec_type_integer(v->dt)) {
            check_divisors(v, b);
        }
    }

    /* TileShapeAndTypeMatch / TileLogicalShapeMatch(dst, full): Rows too */
    tepl_new_lb_dst(v, v->dst_dt, TILE_LAYOUT_ROW_MAJOR, copy ? NULL : v->data);

    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        if (expand_by_array(v, pe)) {
            tepl_pad(v, pe);
            continue;
        }
        TEPL_FOR_VALID(&v->d->d, r, c) {
            tepl_put(v, pe, r, c, expand_one(v, pe, r, c));
        }
        tepl_pad(v, pe);
    }
    tepl_finish(v, true);
}
