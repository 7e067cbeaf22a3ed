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

/*
 * PE pe's folds through the array kernels (sfu_array.h: the same fold,
 * results and flags as tile_reduce_step() element by element); the row
 * folds and the column folds each run over all the rows at once.  The
 * source and the destination are row-major (check_operand(), the
 * destination's descriptor), every type of whole bytes.
 *
 * Under pto-v0, SUM and PROD of a floating type are integer arithmetic
 * on the raw carriers (vec_binary()): they fold on the unsigned kernel of
 * the carrier's width.  PROD starts from the encoding of 1.0
 * (TileReductionOneEncoding), the kernel from the integer 1; products
 * modulo 2^w commute, so that encoding multiplies the kernel's result
 * afterwards.  MAX, MIN and ARG* do not depend on the profile.
 */
static void reduce_by_array(Tepl *v, unsigned pe)
{
    const TileLocal *s = v->data;
    TileReduceOp op = reduce_op[v->info->elem];
    uint32_t rows = s->d.valid_rows, cols = s->d.valid_cols;
    bool raw = v->pto_v0 && tile_dtype_info(v->dt)->is_float &&
               (op == TILE_RED_SUM || op == TILE_RED_PROD);
    unsigned kernel_dt = raw ? vec_array_binary_type(v->dt, VEC_ADD, true) : v->dt;
    unsigned w = tile_dtype_bits(v->dt);
    uint64_t one = raw && op == TILE_RED_PROD ? tile_num_one(v->dt) : 1;
    uint64_t mask = w == 64 ? UINT64_MAX : (UINT64_C(1) << w) - 1;
    g_autofree const void **rp = g_new(const void *, rows);

    g_assert(tepl_src_row(s, pe, 0) && tepl_dst_row(v, pe, 0));
    for (uint32_t r = 0; r < rows; r++) {
        rp[r] = tepl_src_row(s, pe, r);
    }
    if (v->info->family == SR_ROW_REDUCE) {
        g_autofree uint64_t *res = g_new(uint64_t, rows);

        sfu_array_fold_rows(kernel_dt, op, rp, rows, cols, res, &v->flags);
        for (uint32_t r = 0; r < rows; r++) {
            tepl_put(v, pe, r, 0, raw ? (res[r] * one) & mask : res[r]);
        }
    } else {
        uint8_t *out = tepl_dst_row(v, pe, 0);

        sfu_array_fold_cols(kernel_dt, op, rp, rows, cols, out, &v->flags);
        for (uint32_t c = 0; one != 1 && c < cols; c++) {
            sfu_array_put(v->dt, out, c, (sfu_array_get(v->dt, out, c) * one) & mask);
        }
    }
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
        reduce_by_array(v, pe);
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

/* The VEC operation whose element rule an expansion applies */
static const VecBinOp expand_vec_op[] = {
    [EXP_ADD] = VEC_ADD, [EXP_SUB] = VEC_SUB, [EXP_MUL] = VEC_MUL,
    [EXP_MAX] = VEC_MAX, [EXP_MIN] = VEC_MIN,
};

/* n elements of src (FP16 or BF16) widened into FP32 (sfu_expdif_widen()). */
static void expdif_widen(unsigned src, const void *a, uint32_t *out, uint32_t n,
                         unsigned *flags)
{
    for (uint32_t i = 0; i < n; i++) {
        out[i] = sfu_expdif_widen(src, sfu_array_get(src, a, i), flags);
    }
}

/* n pto-v0 EXPDIF elements: sfu_expdif() over the arrays (a row
 * expansion's broadcast element y, a column expansion's row yrow) */
static void expdif_v0(Tepl *v, const void *a, const void *yrow, uint64_t y, void *out,
                      uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        sfu_array_put(v->dst_dt, out, i,
                      sfu_expdif(v->dt, v->dst_dt, sfu_array_get(v->dt, a, i),
                                 yrow ? sfu_array_get(v->dt, yrow, i) : y, true, &v->flags));
    }
}

/*
 * PE pe's expansion row by row through the array kernels (each the same
 * results and flags as the element rules): a row expansion passes the
 * row's broadcast element as the scalar operand, a column expansion the
 * broadcast row as the right operands.  COPY fills or copies rows; DIV
 * takes sfu_array_binary(); ADD SUB MUL MAX MIN the VEC kernels (under
 * pto-v0, floating ADD SUB MUL the carrier's integer kernel,
 * vec_array_binary_type()); EXPDIF is sfu_expdif() in three array steps
 * (the widening, where its destination is FP32, into wide, and brow for
 * a column's broadcast row; SUB in the destination type into diff; EXP),
 * under pto-v0 sfu_expdif() element by element over the rows.  The
 * sources and the destination are row-major (check_operand(), the
 * destination's descriptor), every type of whole bytes.
 */
static void expand_by_array(Tepl *v, unsigned pe)
{
    const TileLocal *b = v->src[v->nsrc - 1];
    bool row = v->info->family == SR_ROW_EXPAND;
    SfuExpandOp eo = v->info->elem;
    uint32_t rows = v->d->d.valid_rows, n = v->d->d.valid_cols;
    unsigned bytes = tile_dtype_bits(v->dt) / 8, dst = v->dst_dt;
    bool widen = eo == EXP_EXPDIF && v->dt != dst && !v->pto_v0;

    g_assert(tepl_src_row(v->src[0], pe, 0) && tepl_src_row(b, pe, 0) &&
             tepl_dst_row(v, pe, 0));
    if (eo == EXP_COPY) {
        /* bit for bit, no status */
        for (uint32_t r = 0; r < rows; r++) {
            if (row) {
                vec_array_fill(bytes, tepl_elem(b, pe, r, 0), tepl_dst_row(v, pe, r), n);
            } else {
                memcpy(tepl_dst_row(v, pe, r), tepl_src_row(b, pe, 0), (size_t)n * bytes);
            }
        }
        return;
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
            if (v->pto_v0) {
                expdif_v0(v, a, yrow, y, out, n);
                break;
            }
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
            sfu_array_binary(v->dt, SFU_DIV, a, yrow, y, v->pto_v0, out, n, &v->flags);
            break;
        default: {
            VecBinOp op = expand_vec_op[eo];
            unsigned kernel_dt = vec_array_binary_type(v->dt, op, v->pto_v0);

            if (row) {
                vec_array_binary_scalar(kernel_dt, op, a, y, out, n, &v->flags);
            } else {
                vec_array_binary(kernel_dt, op, a, yrow, out, n, &v->flags);
            }
            break;
        }
        }
    }
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
        expand_by_array(v, pe);
        tepl_pad(v, pe);
    }
    tepl_finish(v, true);
}
