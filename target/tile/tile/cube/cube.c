/*
 * PTO Tile CPU: the CUBE engine (TMATMUL, TGEMV and their BIAS, ACC and
 * MX forms), Local and cooperative
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-MODEL-DISPATCH-CUBE-TMATMUL, -CUBE-DESTINATION,
 * -SHARED-CUBE-MATRIX, PTO-BLOCK-B-FPATR, the hardware profile's matrix
 * rules (hardware-conformance-profile.json), and ADR 0097 for the
 * cooperative form: LB0 / LB1 / LB2 are each PE's M / N / K; a Shared A
 * holds 4*M rows and PE i multiplies rows [i*M, (i+1)*M) by the common B,
 * publishing its own Local M x N result.
 *
 * Operands: A, C and D are CUBE_M16 / CUBE_M32 tiles, B a CUBE_N8 tile
 * (made by the CUBE transport TLOADs), Shared A and B row-major
 * registers; MX scales (E8M0) and bias are row-major tiles.  Every check
 * is made before any effect (tile/op.h); the products run on the
 * kernels of numeric/gemm.c over operands decoded once (numeric/gemm_decode.c).
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "tile/engines.h"
#include "numeric/tile_numeric.h"
#include "numeric/gemm_decode.h"
#include "numeric/gemm.h"
#include "numeric/vec_elem.h"
#include "tile/cube/cube_post.h"

enum { ACC_F32 = 1, ACC_S32 = 17, ACC_U32 = 25 };

typedef struct CubeOp {
    TileOp *op;
    bool acc, bias, mx, gemv;
    unsigned atype, btype, acc_type, d_type;
    bool a_scaled, b_scaled;            /* MX sides with an E8M0 scale */
    uint32_t M, N, K;
    /* B.FPATR */
    bool trans_a, trans_b, max_abs, row_max_init, group_max, row_max;
    unsigned group_n, relu, prequant;
    /* operands: Local tiles, or Shared ids (-1: Local) */
    const TileLocal *C, *A, *SA, *B, *SB, *Bias, *RowMaxIn, *QuantVec, *PReluVec;
    CubePost post;
    unsigned flags;                     /* numeric status of the post-processing */
    int sh_a, sh_sa, sh_b, sh_sb;
    unsigned d_layout;
    unsigned d_idx, rmax_idx, gmax_idx;
} CubeOp;

static G_NORETURN void tl(CubeOp *c, const char *why)
{
    tile_op_fault(c->op, TILE_FAULT_LEGALITY, why);
}

static bool is_float_class(unsigned t)
{
    return (t >= 1 && t <= 12);         /* FP32 .. E1M2X2 */
}

static bool is_signed_class(unsigned t)
{
    return t == 18 || t == 19 || t == 20;
}

static bool is_unsigned_class(unsigned t)
{
    return t == 26 || t == 27 || t == 28;
}

/* MX operand types; FP16 / BF16 carry no scale. */
static bool mx_type(unsigned t)
{
    return t == 4 || t == 5 || t == 7 || t == 8 || t == 11 || t == 12;
}

static bool is_m_layout(unsigned l)
{
    return l == TILE_LAYOUT_CUBE_M16 || l == TILE_LAYOUT_CUBE_M32;
}

static bool pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* ---- Types, dimensions, B.FPATR, B.DATR ---- */

static void decode_form(CubeOp *c)
{
    TileOp *op = c->op;
    uint32_t fp = op->env->blk.ext.hdr.fpatr;
    static const unsigned group_n[10] = { 0, 8, 16, 32, 48, 64, 80, 96, 112, 128 };

    c->gemv = op->fn >= 16;
    switch (op->fn & 15) {
    case 1: case 5:
        c->bias = true;
        break;
    case 2: case 6:
        c->acc = true;
        break;
    }
    c->mx = (op->fn & 15) >= 4;
    c->trans_a = extract32(fp, 7, 1);
    c->trans_b = extract32(fp, 8, 1);
    c->max_abs = extract32(fp, 15, 1);
    c->row_max_init = extract32(fp, 16, 1);
    c->group_max = extract32(fp, 17, 1);
    c->row_max = extract32(fp, 18, 1);
    c->group_n = group_n[extract32(fp, 19, 4) % 10];
    c->relu = extract32(fp, 23, 3);
    c->prequant = extract32(fp, 26, 6);
    c->sh_a = c->sh_sa = c->sh_b = c->sh_sb = -1;
}

static void check_types(CubeOp *c)
{
    TileOp *op = c->op;

    c->atype = op->dtype;
    /* B.DATR DataType is B's type; absent or 31 (none): A's */
    c->btype = op->has_datr && op->datr_dtype != 31 ? op->datr_dtype : c->atype;
    if (op->has_datr && (op->layout_code || op->pad || op->cmode || op->canon)) {
        tl(c, "B.DATR Layout, Pad, CMode and Canonicalize must be 0 in a Matrix block");
    }
    if (c->mx) {
        if (!mx_type(c->atype) || !mx_type(c->btype)) {
            tl(c, "MX operand types");
        }
        c->acc_type = ACC_F32;
        c->a_scaled = c->atype != 4 && c->atype != 5;
        c->b_scaled = c->btype != 4 && c->btype != 5;
    } else if (is_float_class(c->atype) && is_float_class(c->btype)) {
        c->acc_type = ACC_F32;
    } else if (is_signed_class(c->atype) && is_signed_class(c->btype)) {
        c->acc_type = ACC_S32;
    } else if (is_unsigned_class(c->atype) && is_unsigned_class(c->btype)) {
        c->acc_type = ACC_U32;
    } else {
        tl(c, "Matrix input types are not one class");
    }
    /* B.FPATR post-processing: the mode must suit the accumulator type,
     * and B.DATR RMode / Sat the mode (PTO-BLOCK-B-FPATR) */
    if (cube_post_out_type(c->prequant, c->acc_type) < 0) {
        tl(c, "PreQuantMode does not suit the accumulator type");
    }
    c->d_type = cube_post_out_type(c->prequant, c->acc_type);
    c->post = (CubePost) {
        .prequant = c->prequant, .relu = c->relu,
        .sat = op->sat, .rmode = op->rmode,
    };
    if (c->relu > 3 || !cube_post_datr_legal(c->prequant, c->post.rmode, c->post.sat)) {
        tl(c, "B.DATR RMode / Sat not allowed by the PreQuantMode");
    }
}

/*
 * The scalar post-processing parameters (B.IOR, packed from RegSrc0:
 * the QuantParam, then the LReLU alpha), read by each PE from its own
 * bank; B.IOR must be there when a parameter is (docs/implementation-
 * defined.md) and name nothing else.
 */
static unsigned scalar_params(CubeOp *c)
{
    return cube_post_uses_scalar_param(c->prequant) + (c->relu == 2);
}

static uint64_t param_word(CubeOp *c, unsigned pe, unsigned slot)
{
    return c->op->env->gpr[pe][c->op->ior_src[slot]];
}

static void check_params(CubeOp *c)
{
    TileOp *op = c->op;
    unsigned need = scalar_params(c);

    if (need && !op->has_ior) {
        tl(c, "the post-processing mode needs its B.IOR parameter");
    }
    if (op->has_ior && (op->ior_dst || (need < 3 && op->ior_src[2]) ||
                        (need < 2 && op->ior_src[1]) || (need < 1 && op->ior_src[0]))) {
        tl(c, "B.IOR names a register the Matrix block does not use");
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        unsigned slot = 0;
        if (!(op->mask & (1u << pe))) {
            continue;
        }
        if (cube_post_uses_scalar_param(c->prequant) &&
            !cube_post_param_legal(c->prequant, param_word(c, pe, slot++))) {
            tl(c, "illegal QuantParam word");
        }
        if (c->relu == 2 && !cube_post_relu_param_legal(param_word(c, pe, slot))) {
            tl(c, "illegal LReLU alpha word");
        }
    }
}

static void check_dims(CubeOp *c)
{
    TileOp *op = c->op;

    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tl(c, "Matrix dimension 0");
        }
    }
    c->M = tile_op_lb(op, 0) ?: 1;
    c->N = tile_op_lb(op, 1) ?: 1;
    c->K = tile_op_lb(op, 2) ?: 1;
    if (op->n_ios && (!pow2(c->M) || !pow2(c->N) || !pow2(c->K))) {
        tl(c, "M, N and K must be powers of two with a Shared operand");
    }
    if (c->gemv && c->M != 1) {
        tl(c, "TGEMV needs M = 1");
    }
}

/* ---- Bindings ---- */

typedef struct Lists {
    unsigned nsrc, ndst;
    unsigned src[TILE_BLK_MAX_IOT * 2];
    unsigned dst_hand[TILE_BLK_MAX_IOT], dst_size[TILE_BLK_MAX_IOT];
    unsigned dst_sel[TILE_BLK_MAX_IOT];
} Lists;

static void binding_lists(CubeOp *c, Lists *l)
{
    TileOp *op = c->op;

    memset(l, 0, sizeof(*l));
    for (unsigned i = 0; i < op->n_iot; i++) {
        const TileBind *b = &op->iot[i];
        for (unsigned s = 0; s < b->nsrc; s++) {
            l->src[l->nsrc++] = b->src[s];
        }
        if (b->has_dst) {
            l->dst_hand[l->ndst] = b->hand;
            l->dst_size[l->ndst] = b->size_code;
            l->dst_sel[l->ndst++] = op->env->blk.ext.hdr.iot[i] >> 7 & 3;
        }
        if (b->last != (i == op->n_iot - 1)) {
            tl(c, "the bindings must end with L on the last B.IOT");
        }
    }
    if (!op->n_iot) {
        tl(c, "a Matrix block needs its destination bindings");
    }
}

/* A Shared source, cooperatively ready: all four PEs wrote and published it. */
static const TileShared *shared_ready(CubeOp *c, int id, unsigned dtype)
{
    const TileShared *s = &c->op->f->shared[id];

    if (!s->valid || s->alloc_mask != TILE_PE_MASK_ALL || s->init_mask != TILE_PE_MASK_ALL ||
        !s->published) {
        tl(c, "Shared operand is not ready (allocated, initialized and published by all four PEs)");
    }
    if (s->d.layout != TILE_LAYOUT_ROW_MAJOR || s->d.dtype != dtype) {
        tl(c, "Shared operand type or layout");
    }
    return s;
}

/* rows x cols must lie in the record's valid region, whose columns are cols */
static void shared_shape(CubeOp *c, const TileShared *s, uint32_t rows, uint32_t cols)
{
    if (s->d.cols != cols || s->d.valid_rows < rows || s->d.valid_cols < cols) {
        tl(c, "Shared operand shape");
    }
}

static void bind_shared(CubeOp *c)
{
    TileOp *op = c->op;
    unsigned right = 1 + (c->mx && c->b_scaled), left = 1 + (c->mx && c->a_scaled);
    unsigned i = 0;
    uint32_t kb = (c->K + 31) / 32;

    for (unsigned j = 0; j < op->n_ios; j++) {
        if (op->ios[j].size_code) {
            tl(c, "a Shared binding of a Matrix block is a source");
        }
    }
    if (op->n_ios && c->gemv) {
        tl(c, "TGEMV is Local only");
    }
    if (op->n_ios != 0 && op->n_ios != right && op->n_ios != left + right) {
        tl(c, "Shared operand groups");
    }
    if (op->n_ios == left + right) {
        c->sh_a = op->ios[i++].id;
        if (left == 2) {
            c->sh_sa = op->ios[i++].id;
        }
    }
    if (op->n_ios) {
        c->sh_b = op->ios[i++].id;
        if (right == 2) {
            c->sh_sb = op->ios[i++].id;
        }
    }
    if ((c->trans_a && c->sh_a < 0) || (c->trans_b && c->sh_b < 0)) {
        tl(c, "TransA / TransB need a Shared operand");
    }
    /* ADR 0097: Shared A is (4 * M) x K; PE i takes rows [i*M, (i+1)*M) */
    if (c->sh_a >= 0) {
        const TileShared *s = shared_ready(c, c->sh_a, c->atype);
        c->trans_a ? shared_shape(c, s, c->K, 4 * c->M) : shared_shape(c, s, 4 * c->M, c->K);
    }
    if (c->sh_sa >= 0) {
        shared_shape(c, shared_ready(c, c->sh_sa, TILE_DT_E8M0), 4 * c->M, kb);
    }
    if (c->sh_b >= 0) {
        const TileShared *s = shared_ready(c, c->sh_b, c->btype);
        c->trans_b ? shared_shape(c, s, c->N, c->K) : shared_shape(c, s, c->K, c->N);
    }
    if (c->sh_sb >= 0) {
        shared_shape(c, shared_ready(c, c->sh_sb, TILE_DT_E8M0), kb, c->N);
    }
}

/* raw element (r, col) of a Local tile's fragment on pe */
static uint64_t local_raw(const TileLocal *t, unsigned pe, uint32_t r, uint32_t col)
{
    return tile_elem_get(t->frag[pe], tile_dtype_bits(t->d.dtype), tile_storage_index(&t->d, r, col));
}

/* A Local operand of exactly vr x vc valid elements of dtype in layout. */
static const TileLocal *local_operand(CubeOp *c, unsigned sel, unsigned dtype, uint32_t vr,
                                      uint32_t vc, int layout)
{
    const TileLocal *t = tile_op_source(c->op, sel, true);

    if (t->d.dtype != dtype || t->d.valid_rows != vr || t->d.valid_cols != vc ||
        (layout < 0 ? !is_m_layout(t->d.layout) : t->d.layout != (unsigned)layout)) {
        tl(c, "Matrix operand type, shape or layout");
    }
    return t;
}

static void bind_local(CubeOp *c, const Lists *l)
{
    unsigned i = 0, want = 0;
    uint32_t kb = (c->K + 31) / 32;
    bool local_a = c->sh_a < 0, local_b = c->sh_b < 0;

    want = c->acc + (local_a ? 1 + (c->mx && c->a_scaled) : 0) +
           (local_b ? 1 + (c->mx && c->b_scaled) : 0) + c->bias +
           (c->row_max && c->row_max_init) + cube_post_uses_vector_param(c->prequant) +
           (c->relu == 3);
    if (l->nsrc != want) {
        tl(c, "Matrix source count");
    }
    if (l->ndst != 1u + c->row_max + c->group_max) {
        tl(c, "Matrix destination count");
    }
    if (c->acc) {
        c->C = local_operand(c, l->src[i++], c->acc_type, c->M, c->N, -1);
    }
    if (local_a) {
        c->A = local_operand(c, l->src[i++], c->atype, c->M, c->K, -1);
        if (c->mx && c->a_scaled) {
            c->SA = local_operand(c, l->src[i++], TILE_DT_E8M0, c->M, kb, TILE_LAYOUT_ROW_MAJOR);
        }
    }
    if (local_b) {
        c->B = local_operand(c, l->src[i++], c->btype, c->K, c->N, TILE_LAYOUT_CUBE_N8);
        if (c->mx && c->b_scaled) {
            c->SB = local_operand(c, l->src[i++], TILE_DT_E8M0, kb, c->N, TILE_LAYOUT_ROW_MAJOR);
        }
    }
    if (c->bias) {
        c->Bias = local_operand(c, l->src[i++], c->acc_type, 1, c->N, TILE_LAYOUT_ROW_MAJOR);
    }
    if (c->row_max && c->row_max_init) {
        c->RowMaxIn = local_operand(c, l->src[i++], c->acc_type, c->M, 1, TILE_LAYOUT_ROW_MAJOR);
    }
    if (cube_post_uses_vector_param(c->prequant)) {
        c->QuantVec = local_operand(c, l->src[i++], 24, 1, c->N, TILE_LAYOUT_ROW_MAJOR);
    }
    if (c->relu == 3) {
        c->PReluVec = local_operand(c, l->src[i++], 24, 1, c->N, TILE_LAYOUT_ROW_MAJOR);
    }
    /* every word of the parameter vectors, on every participating PE */
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        for (uint32_t n = 0; (c->op->mask & (1u << pe)) && n < c->N; n++) {
            if (c->QuantVec && !cube_post_param_legal(c->prequant, local_raw(c->QuantVec, pe, 0, n))) {
                tl(c, "illegal QuantParam vector word");
            }
            if (c->PReluVec && !cube_post_relu_param_legal(local_raw(c->PReluVec, pe, 0, n))) {
                tl(c, "illegal PReLU vector word");
            }
        }
    }
    /* the layout of D: A's, C's, or the smallest M class holding M rows */
    if (c->A) {
        c->d_layout = c->A->d.layout;
    } else if (c->C) {
        c->d_layout = c->C->d.layout;
    } else {
        c->d_layout = c->M <= 16 ? TILE_LAYOUT_CUBE_M16 : TILE_LAYOUT_CUBE_M32;
    }
    if ((c->C && c->C->d.layout != c->d_layout) ||
        c->M > (c->d_layout == TILE_LAYOUT_CUBE_M16 ? 16u : 32u)) {
        tl(c, "Matrix result layout");
    }
    /* ACC: C's encoded selector may not name D's hand code (PTO-BLOCK-MODEL-DISPATCH-CUBE-TMATMUL) */
    if (c->acc && l->src[0] == l->dst_sel[0]) {
        tl(c, "ACC source aliases the destination");
    }
}

/* ---- Destinations ---- */

static void plan_destinations(CubeOp *c, const Lists *l)
{
    TileOp *op = c->op;
    TileDesc d = tile_cube_desc(c->d_layout, c->d_type, l->dst_size[0], c->M, c->N);
    unsigned k = 1;

    if (!d.rows) {
        tile_op_fault(op, TILE_FAULT_ALLOCATION, "Matrix result does not fit its SizeCode");
    }
    if (c->acc && c->prequant == 0 && c->C->d.size_code != d.size_code) {
        tl(c, "ACC source capacity differs from the result's");
    }
    c->d_idx = tile_op_push_local(op, l->dst_hand[0], &d);
    if (c->row_max) {
        TileDesc r = { .dtype = c->acc_type, .layout = TILE_LAYOUT_ROW_MAJOR,
                       .size_code = l->dst_size[k], .cols = 1, .valid_rows = c->M,
                       .valid_cols = 1 };
        c->rmax_idx = tile_op_new_local(op, l->dst_hand[k++], &r);
    }
    if (c->group_max) {
        uint32_t g = (c->N + c->group_n - 1) / c->group_n;
        TileDesc r = { .dtype = c->acc_type, .layout = TILE_LAYOUT_ROW_MAJOR,
                       .size_code = l->dst_size[k], .cols = g, .valid_rows = c->M,
                       .valid_cols = g };
        c->gmax_idx = tile_op_new_local(op, l->dst_hand[k], &r);
    }
}

/* ---- Operand panels ---- */

static uint64_t shared_raw(const TileShared *s, uint32_t r, uint32_t col)
{
    return tile_elem_get(s->payload, tile_dtype_bits(s->d.dtype), tile_storage_index(&s->d, r, col));
}

/*
 * The rows x cols valid elements of a Local operand on pe as raw words
 * (out[r * cols + c], zero-extended, as local_raw() gives them): its rows
 * read in bulk whatever the layout (tile_row_read(); a 4-bit element a
 * byte), then widened.
 */
static void local_rows_raw(const TileLocal *t, unsigned pe, uint32_t rows, uint32_t cols,
                           uint64_t *out)
{
    unsigned bits = tile_dtype_bits(t->d.dtype), bytes = bits < 8 ? 1 : bits / 8;
    g_autofree uint8_t *row = g_malloc((size_t)cols * bytes);

    for (uint32_t r = 0; r < rows; r++) {
        uint64_t *o = out + (size_t)r * cols;

        tile_row_read(&t->d, t->frag[pe], r, 0, cols, row);
        switch (bytes) {        /* (each width a constant loop) */
        case 1:
            for (uint32_t c = 0; c < cols; c++) {
                o[c] = row[c];
            }
            break;
        case 2:
            for (uint32_t c = 0; c < cols; c++) {
                o[c] = lduw_le_p(row + 2 * c);
            }
            break;
        case 4:
            for (uint32_t c = 0; c < cols; c++) {
                o[c] = ldl_le_p(row + 4 * c);
            }
            break;
        default:
            for (uint32_t c = 0; c < cols; c++) {
                o[c] = ldq_le_p(row + 8 * c);
            }
            break;
        }
    }
}

/* The raw M x K of A on PE pe (row-major), and the K x N of B. */
static void raw_a(CubeOp *c, unsigned pe, uint64_t *out)
{
    const TileShared *s = c->sh_a >= 0 ? &c->op->f->shared[c->sh_a] : NULL;

    if (!s) {
        local_rows_raw(c->A, pe, c->M, c->K, out);
        return;
    }
    for (uint32_t m = 0; m < c->M; m++) {
        for (uint32_t k = 0; k < c->K; k++) {
            uint32_t row = pe * c->M + m;
            out[(size_t)m * c->K + k] = !s ? local_raw(c->A, pe, m, k) :
                                        c->trans_a ? shared_raw(s, k, row) : shared_raw(s, row, k);
        }
    }
}

static void raw_b(CubeOp *c, unsigned pe, uint64_t *out)
{
    const TileShared *s = c->sh_b >= 0 ? &c->op->f->shared[c->sh_b] : NULL;

    if (!s) {
        local_rows_raw(c->B, pe, c->K, c->N, out);
        return;
    }
    for (uint32_t k = 0; k < c->K; k++) {
        for (uint32_t n = 0; n < c->N; n++) {
            out[(size_t)k * c->N + n] = !s ? local_raw(c->B, pe, k, n) :
                                        c->trans_b ? shared_raw(s, n, k) : shared_raw(s, k, n);
        }
    }
}

/* E8M0 scale of A row m, K block kb / of B block kb, column n */
static unsigned scale_a(CubeOp *c, unsigned pe, uint32_t m, uint32_t kb)
{
    return c->sh_sa >= 0 ? shared_raw(&c->op->f->shared[c->sh_sa], pe * c->M + m, kb)
                         : local_raw(c->SA, pe, m, kb);
}

static unsigned scale_b(CubeOp *c, unsigned pe, uint32_t kb, uint32_t n)
{
    return c->sh_sb >= 0 ? shared_raw(&c->op->f->shared[c->sh_sb], kb, n)
                         : local_raw(c->SB, pe, kb, n);
}

/* ---- The products ---- */

/*
 * The reference profile's product on one PE (pto_v0 only;
 * TileProfileMatrixAccumulate and ...ScaledAccumulate): products of the
 * model's element words (S8 / S16 sign-extended, the rest zero-extended),
 * each scaled by its E8M0 word where the operand is, summed modulo 2^64
 * onto C, low 32 bits kept.  Modulo 2^32 only the low 32 bits of each
 * scaled word count and any grouping of the sum gives the same bits: the
 * integer product kernel (cube_gemm_i32(), C += A * B modulo 2^32) on the
 * scaled words.
 */
static void product_v0(CubeOp *c, unsigned pe, const uint64_t *ra, const uint64_t *rb,
                       uint32_t *acc)
{
    g_autofree int32_t *a = g_new(int32_t, (size_t)c->M * c->K);
    g_autofree int32_t *b = g_new(int32_t, (size_t)c->K * c->N);
    CubeGemmI32 g = { c->M, c->N, c->K, a, c->K, b, c->N, acc, c->N };

    for (uint32_t m = 0; m < c->M; m++) {
        for (uint32_t k = 0; k < c->K; k++) {
            uint64_t w = tile_v0_word(c->atype, ra[m * c->K + k]);

            if (c->mx && c->a_scaled) {
                w *= scale_a(c, pe, m, k / 32);
            }
            a[m * c->K + k] = (int32_t)(uint32_t)w;
        }
    }
    for (uint32_t k = 0; k < c->K; k++) {
        for (uint32_t n = 0; n < c->N; n++) {
            uint64_t w = tile_v0_word(c->btype, rb[k * c->N + n]);

            if (c->mx && c->b_scaled) {
                w *= scale_b(c, pe, k / 32, n);
            }
            b[k * c->N + n] = (int32_t)(uint32_t)w;
        }
    }
    cube_gemm_i32(&g);
}

/* The MX product on one PE. */
static void product_mx(CubeOp *c, unsigned pe, const uint64_t *ra, const uint64_t *rb,
                       uint32_t *acc)
{
    size_t mk = (size_t)c->M * c->K, kn = (size_t)c->K * c->N;
    uint32_t kb = (c->K + 31) / 32;
    g_autofree float *fa = g_new(float, mk);
    g_autofree float *fb = g_new(float, kn);
    g_autofree uint8_t *sa = c->a_scaled ? g_new(uint8_t, (size_t)c->M * kb) : NULL;
    g_autofree uint8_t *sb = c->b_scaled ? g_new(uint8_t, (size_t)kb * c->N) : NULL;
    CubeGemmMxF32 g = { c->M, c->N, c->K, fa, c->K, fb, c->N, sa, kb, sb, c->N,
                        (float *)acc, c->N };

    cube_decode_f32(c->atype, ra, mk, fa);
    cube_decode_f32(c->btype, rb, kn, fb);
    for (uint32_t i = 0; sa && i < c->M * kb; i++) {
        sa[i] = scale_a(c, pe, i / kb, i % kb);
    }
    for (uint32_t i = 0; sb && i < kb * c->N; i++) {
        sb[i] = scale_b(c, pe, i / c->N, i % c->N);
    }
    cube_gemm_mx_f32(&g);
}

/* BIAS: one addition in the result type after the complete dot product */
static void add_bias(CubeOp *c, unsigned pe, bool pto_v0, uint32_t *acc)
{
    for (uint32_t m = 0; m < c->M; m++) {
        for (uint32_t n = 0; n < c->N; n++) {
            uint32_t b = (uint32_t)local_raw(c->Bias, pe, 0, n), *p = &acc[m * c->N + n];
            if (c->acc_type == ACC_F32 && !pto_v0) {
                unsigned no_flags = 0;      /* the addition records none */

                *p = (uint32_t)vec_binary(TILE_DT_FP32, VEC_ADD, *p, b, false, &no_flags);
            } else {
                *p += b;
            }
        }
    }
}

/*
 * The accumulators of the n participating PEs pes[0..n-1], stacked in
 * acc (PE pes[i]'s M x N at acc + i * M * N): C's values (or zero), plus
 * the product, plus the bias.  When every PE multiplies by the same B (a
 * Shared B of the cooperative form, or identical Local B fragments), B is
 * decoded once and all the PEs' rows run as one product.
 */
static void products(CubeOp *c, const unsigned *pes, unsigned n, uint32_t *acc)
{
    size_t mk = (size_t)c->M * c->K, kn = (size_t)c->K * c->N, mn = (size_t)c->M * c->N;
    g_autofree uint64_t *ra = g_new(uint64_t, n * mk);
    g_autofree uint64_t *rb = g_new(uint64_t, n * kn);
    bool pto_v0 = env_archcpu(c->op->env)->pto_v0, common = true;

    for (unsigned i = 0; i < n; i++) {
        raw_a(c, pes[i], ra + i * mk);
        if (i == 0 || c->sh_b < 0) {
            raw_b(c, pes[i], rb + i * kn);
            common = common && (i == 0 || !memcmp(rb, rb + i * kn, kn * sizeof(*rb)));
        }
        for (size_t j = 0; j < mn; j++) {
            acc[i * mn + j] = c->C ? (uint32_t)local_raw(c->C, pes[i], j / c->N, j % c->N) : 0;
        }
    }
    for (unsigned i = 0; i < n; i++) {
        const uint64_t *b = rb + (common ? 0 : i * kn);

        if (pto_v0) {
            product_v0(c, pes[i], ra + i * mk, b, acc + i * mn);
        } else if (c->mx) {
            product_mx(c, pes[i], ra + i * mk, b, acc + i * mn);
        } else if (!common) {
            cube_product_raw(c->atype, c->btype, c->acc_type == ACC_F32, c->M, c->N, c->K,
                             ra + i * mk, b, acc + i * mn, c->C != NULL);
        } else if (i == 0) {
            /* each row of the result depends on its own row of A and on
             * B: the PEs' rows run as one product, B decoded once */
            cube_product_raw(c->atype, c->btype, c->acc_type == ACC_F32, n * c->M, c->N, c->K,
                             ra, b, acc, c->C != NULL);
        }
    }
    for (unsigned i = 0; c->bias && i < n; i++) {
        add_bias(c, pes[i], pto_v0, acc + i * mn);
    }
}

/* ---- Post-processing and reductions ---- */

/* MAX in the accumulator type: the TMAX rule (a NaN loses to a number;
 * an sNaN operand raises NV; +0 above -0; a tie keeps a) */
static uint32_t acc_max(CubeOp *c, unsigned type, uint32_t a, uint32_t b)
{
    /* the ACC_* codes are the accumulator's DataType codes */
    return (uint32_t)vec_binary(type, VEC_MAX, a, b, false, &c->flags);
}

/* |v|; the S32 |INT_MIN| saturates with OF */
static uint32_t acc_abs(CubeOp *c, unsigned type, uint32_t v)
{
    if (type == ACC_F32) {
        return v & 0x7fffffffu;
    }
    if (type == ACC_S32) {
        if ((int32_t)v == INT32_MIN) {
            c->flags |= TILE_NUM_OF;
            return 0x7fffffffu;
        }
        return (uint32_t)abs((int32_t)v);
    }
    return v;
}

/* the destination element of column n on pe (cube_post.c) */
static uint64_t post_process(CubeOp *c, unsigned pe, uint32_t n, uint32_t v)
{
    uint64_t qp = 0, alpha = 0;

    if (c->prequant == 0 && c->relu == 0) {
        return v;
    }
    if (cube_post_uses_scalar_param(c->prequant)) {
        qp = param_word(c, pe, 0);
    } else if (c->QuantVec) {
        qp = local_raw(c->QuantVec, pe, 0, n);
    }
    if (c->relu == 2) {
        alpha = param_word(c, pe, cube_post_uses_scalar_param(c->prequant));
    } else if (c->relu == 3) {
        alpha = local_raw(c->PReluVec, pe, 0, n);
    }
    return cube_post_element(&c->post, c->acc_type, v, qp, alpha, &c->flags);
}

static void finish_pe(CubeOp *c, unsigned pe, const uint32_t *p)
{
    TileLocal *d = &c->op->dst[c->d_idx].t;
    unsigned bits = tile_dtype_bits(c->d_type);

    for (uint32_t m = 0; m < c->M; m++) {
        for (uint32_t n = 0; n < c->N; n++) {
            tile_elem_set(d->frag[pe], bits, tile_storage_index(&d->d, m, n),
                          post_process(c, pe, n, p[m * c->N + n]));
        }
    }
    if (c->row_max) {
        TileLocal *r = &c->op->dst[c->rmax_idx].t;
        for (uint32_t m = 0; m < c->M; m++) {
            uint32_t best = c->max_abs ? acc_abs(c, c->acc_type, p[m * c->N]) : p[m * c->N];
            for (uint32_t n = 1; n < c->N; n++) {
                uint32_t v = p[m * c->N + n];
                best = acc_max(c, c->acc_type, best, c->max_abs ? acc_abs(c, c->acc_type, v) : v);
            }
            if (c->row_max_init) {
                uint32_t in = (uint32_t)local_raw(c->RowMaxIn, pe, m, 0);
                best = acc_max(c, c->acc_type, c->max_abs ? acc_abs(c, c->acc_type, in) : in, best);
            }
            tile_elem_set(r->frag[pe], 32, tile_storage_index(&r->d, m, 0), best);
        }
    }
    if (c->group_max) {
        TileLocal *g = &c->op->dst[c->gmax_idx].t;
        for (uint32_t m = 0; m < c->M; m++) {
            for (uint32_t n0 = 0, gi = 0; n0 < c->N; n0 += c->group_n, gi++) {
                uint32_t best = 0;
                for (uint32_t n = n0; n < c->N && n < n0 + c->group_n; n++) {
                    uint32_t v = p[m * c->N + n];
                    v = c->max_abs ? acc_abs(c, c->acc_type, v) : v;
                    best = n == n0 ? v : acc_max(c, c->acc_type, best, v);
                }
                tile_elem_set(g->frag[pe], 32, tile_storage_index(&g->d, m, gi), best);
            }
        }
    }
}

/* ---- The commit ---- */

void tile_cube_commit(TileOp *op)
{
    CubeOp cube = { .op = op };
    CubeOp *c = &cube;
    Lists l;

    static const char *const names[32] = {
        [0] = "TMATMUL", [1] = "TMATMUL.BIAS", [2] = "TMATMUL.ACC", [4] = "TMATMULMX",
        [5] = "TMATMULMX.BIAS", [6] = "TMATMULMX.ACC", [16] = "TGEMV", [17] = "TGEMV.BIAS",
        [18] = "TGEMV.ACC", [20] = "TGEMVMX", [21] = "TGEMVMX.BIAS", [22] = "TGEMVMX.ACC",
    };

    op->name = names[op->fn & 31] ? names[op->fn & 31] : "?";
    if (!(op->env->blk.ext.hdr.present & TILE_HDR_FPATR)) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "a Matrix block needs its B.FPATR");
    }
    decode_form(c);
    check_types(c);
    check_params(c);
    check_dims(c);
    binding_lists(c, &l);
    bind_shared(c);
    bind_local(c, &l);
    plan_destinations(c, &l);

    /* execute: every check has passed */
    tile_op_alloc_payloads(op);
    {
        size_t mn = (size_t)c->M * c->N;
        g_autofree uint32_t *p = g_new(uint32_t, TILE_POOL_PES * mn);
        unsigned pes[TILE_POOL_PES], n = 0;

        for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
            if (op->mask & (1u << pe)) {
                pes[n++] = pe;
            }
        }
        products(c, pes, n, p);
        for (unsigned i = 0; i < n; i++) {
            finish_pe(c, pes[i], p + i * mn);
        }
    }
    for (unsigned i = 0; i < op->n_new; i++) {
        op->dst[i].t.defined = 1;
    }
    tile_op_install(op);
    /* the post-processing's numeric status, with the outputs (CORE_STATE[36:32]) */
    op->env->fsu.flags |= c->flags & 0x1f;
}
