/*
 * PTO Tile CPU: the VEC engine (BSTART.TEPL / BSTART.VEC blocks)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-BSTART-TEPL, PTO-BLOCK-MODEL-DISPATCH-TILE-SCHEMA,
 * -TILE-SCALAR-SCHEMA, -COMPARISON-SCHEMA, -TCVT-SCHEMA, -NUMERIC-CONTROL,
 * -DESTINATION-SHAPE, PTO-TILE-MODEL-LEGALITY-OPERAND-SCHEMA and
 * -DTYPE-LAYOUT; the element rules are in vec_elem.c.  The commit order:
 * CUBE transport layouts and Shared bindings rejected, an all-zero mask a
 * no-op, binding counts and B.IOR surplus (Fault_BundleControl), B.DATR
 * applicability, the family's exact binding schema, the data type, the
 * sources (live, defined, numeric, row-major, one shape, the B.DIM shape,
 * valid encodings), the scalars, then the destination (Fault_TileAllocation
 * when it does not fit; its rows must be the source's).  Only then does any
 * PE compute.  Each PE computes its own fragment from its own source
 * fragments and, for the Mode 1 forms, its own GPR bank (docs/design.md
 * decision 1).  docs/tile-engine.md lists the choices made where the spec
 * leaves room.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/engines.h"
#include "numeric/vec_elem.h"
#include "numeric/vec_array.h"

typedef enum VecFamily {
    VF_BINARY,      /* TADD TSUB TMUL TMAX TMIN */
    VF_BITWISE,     /* TAND TOR TXOR TSHL TSHR */
    VF_UNARY,       /* TABS TNOT TNEG TRELU */
    VF_FMA,
    VF_CVT,
    VF_CMP,
    VF_SEL,
    VF_SCALAR,      /* TADDS .. TMINS */
    VF_CMPS,
    VF_SELS,
    VF_FILL,        /* TEXPANDS */
} VecFamily;

static void vec_commit(Tepl *v);

#define V(name, fam, ...) { name, "VEC", vec_commit, fam, __VA_ARGS__ }

static const TeplOpInfo vec_ops[] = {
    V("TADD", VF_BINARY, VEC_ADD), V("TSUB", VF_BINARY, VEC_SUB),
    V("TMUL", VF_BINARY, VEC_MUL), V("TMAX", VF_BINARY, VEC_MAX),
    V("TMIN", VF_BINARY, VEC_MIN),
    V("TAND", VF_BITWISE, VEC_AND, true), V("TOR", VF_BITWISE, VEC_OR, true),
    V("TXOR", VF_BITWISE, VEC_XOR, true), V("TSHL", VF_BITWISE, VEC_SHL, true),
    V("TSHR", VF_BITWISE, VEC_SHR, true),
    V("TABS", VF_UNARY, VEC_ABS), V("TNOT", VF_UNARY, VEC_NOT, true),
    V("TNEG", VF_UNARY, VEC_NEG), V("TRELU", VF_UNARY, VEC_RELU),
    V("TFMA", VF_FMA, 0), V("TCVT", VF_CVT, 0), V("TCMP", VF_CMP, 0), V("TSEL", VF_SEL, 0),
    V("TADDS", VF_SCALAR, VEC_ADD), V("TSUBS", VF_SCALAR, VEC_SUB),
    V("TMULS", VF_SCALAR, VEC_MUL), V("TMAXS", VF_SCALAR, VEC_MAX),
    V("TMINS", VF_SCALAR, VEC_MIN),
    V("TANDS", VF_SCALAR, VEC_AND, true), V("TORS", VF_SCALAR, VEC_OR, true),
    V("TXORS", VF_SCALAR, VEC_XOR, true), V("TSHLS", VF_SCALAR, VEC_SHL, true),
    V("TSHRS", VF_SCALAR, VEC_SHR, true),
    V("TCMPS", VF_CMPS, 0), V("TSELS", VF_SELS, 0), V("TEXPANDS", VF_FILL, 0),
};

/* Tile sources of each family, in binding order. */
static const unsigned family_sources[] = {
    [VF_BINARY] = 2, [VF_BITWISE] = 2, [VF_UNARY] = 1, [VF_FMA] = 3, [VF_CVT] = 1,
    [VF_CMP] = 2, [VF_SEL] = 3, [VF_SCALAR] = 1, [VF_CMPS] = 1, [VF_SELS] = 2,
    [VF_FILL] = 0,
};

const TeplOpTable tile_vec_ops = { vec_ops, ARRAY_SIZE(vec_ops) };

/* ---- One commit ---- */

typedef Tepl Vec;


static bool mode1(const Vec *v)
{
    return v->info->family >= VF_SCALAR;
}

/* B.DATR: PadValue everywhere, CMode for the compares, and for TCVT the
 * destination type, RMode, Sat, Canonicalize and Layout. */
static unsigned datr_fields(const Vec *v)
{
    switch (v->info->family) {
    case VF_CMP:
    case VF_CMPS:
        return TEPL_DATR_CMODE;
    case VF_CVT:
        return TEPL_DATR_DTYPE | TEPL_DATR_RMODE | TEPL_DATR_SAT | TEPL_DATR_CANON |
               TEPL_DATR_LAYOUT;
    default:
        return 0;
    }
}

/* The exact binding stream of the family, and its B.DIM / B.IOR rules. */
static void check_schema(Vec *v)
{
    TileOp *op = v->op;
    VecFamily f = v->info->family;

    if (f == VF_FMA || f == VF_SEL) {
        tepl_two_bindings(v);
    } else {
        tepl_one_binding(v, family_sources[f]);
    }
    tepl_lb_shape(v);
    if (op->has_ior && !mode1(v)) {
        tepl_tl(v, "B.IOR on a VEC operation without a scalar");
    }
    if (f == VF_CVT) {
        return;
    }
    if (v->info->integer ? !vec_type_integer(v->dt) : !vec_type_arith(v->dt)) {
        tepl_tl(v, "data type not accepted by the operation");
    }
}

/* Whether the family checks the encodings of its data sources. */
static bool checks_encodings(const Vec *v)
{
    switch (v->info->family) {
    case VF_BINARY:
        return v->info->elem == VEC_MAX || v->info->elem == VEC_MIN;
    case VF_SEL:
        return false;       /* a raw-carrier select */
    default:
        return true;
    }
}

static bool is_cube_layout(unsigned layout)
{
    return layout >= TILE_LAYOUT_CUBE_M16;
}

static void check_tcvt(Vec *v)
{
    TileOp *op = v->op;
    const TileLocal *s = v->src[0];
    bool matrix = is_cube_layout(s->d.layout);
    int sl = op->src_layout;

    v->dst_dt = !op->has_datr || op->datr_dtype == 31 ? v->dt : op->datr_dtype;
    if (!tile_dtype_info(v->dst_dt)) {
        tepl_tl(v, "TCVT destination type is reserved");
    }
    if (!tile_num_tcvt_supported(v->dst_dt, v->dt)) {
        tepl_tl(v, "TCVT type pair not supported");
    }
    if (sl < 0) {
        tepl_tl(v, "TCVT Layout code");
    }
    /* a private CUBE result (Matrix location) is canonicalized to ND */
    if (op->canon != matrix) {
        tepl_tl(v, "TCVT Canonicalize must be set exactly for a CUBE-layout source");
    }
    if (matrix ? op->layout_code != 0 : s->d.layout != (unsigned)sl) {
        tepl_tl(v, "TCVT source layout does not match B.DATR Layout");
    }
}

/* The data sources: one type (the BSTART type), one shape, row-major
 * (TCVT: any layout), the B.DIM shape; a mask of the data's shape. */
static void check_sources(Vec *v)
{
    VecFamily f = v->info->family;
    unsigned first = f == VF_SEL || f == VF_SELS ? 1 : 0;

    tepl_gather(v, first ? 0 : -1);
    if (!v->nsrc) {
        return;
    }
    v->data = v->src[first];
    for (unsigned i = first; i < v->nsrc; i++) {
        const TileLocal *t = v->src[i];
        if (t->d.dtype != v->dt) {
            tepl_tl(v, "source type is not the BSTART DataType");
        }
        if (!tepl_same_shape(&t->d, &v->data->d)) {
            tepl_tl(v, "sources differ in shape or layout");
        }
        if (f != VF_CVT && t->d.layout != TILE_LAYOUT_ROW_MAJOR) {
            tepl_tl(v, "VEC sources are row-major");
        }
        if (checks_encodings(v)) {
            tepl_check_encodings(v, t);
        }
    }
    if (first) {
        const TileLocal *m = v->src[0];
        if (m->d.rows != v->data->d.rows || m->d.cols != v->data->d.cols ||
            m->d.valid_rows != v->data->d.valid_rows ||
            m->d.valid_cols != v->data->d.valid_cols) {
            tepl_tl(v, "mask shape differs from the data");
        }
    }
    tepl_check_lb_shape(v, v->data);
}

static void plan_destination(Vec *v)
{
    TileOp *op = v->op;
    const TileBind *b = v->dst_bind;
    VecFamily f = v->info->family;

    if (f == VF_CMP || f == VF_CMPS) {
        /* a predicate tile with the source's physical shape, one bit each */
        TileDesc d = v->data->d;
        d.dtype = TILE_DT_U8;
        d.layout = TILE_LAYOUT_ROW_MAJOR;
        d.storage = TILE_STORAGE_PREDICATE;
        d.size_code = b->size_code;
        if (((uint64_t)d.rows * d.cols + 7) / 8 > tile_size_code_bytes(b->size_code)) {
            tile_op_fault(op, TILE_FAULT_ALLOCATION, "predicate does not fit its SizeCode");
        }
        v->d = &op->dst[tile_op_push_local(op, b->hand, &d)].t;
        return;
    }
    tepl_new_lb_dst(v, f == VF_CVT ? v->dst_dt : v->dt,
                    f == VF_CVT ? op->layout : TILE_LAYOUT_ROW_MAJOR, v->data);
}

/* ---- Execute ---- */

static uint64_t compute(Vec *v, unsigned pe, uint32_t r, uint32_t c)
{
    const TeplOpInfo *vo = v->info;
    unsigned dt = v->dt, cmp = v->op->cmode;
    bool pto_v0 = v->pto_v0;
    uint64_t a = v->src[0] ? tepl_elem(v->src[0], pe, r, c) : 0;

    switch ((VecFamily)vo->family) {
    case VF_BINARY:
    case VF_BITWISE:
        return vec_binary(dt, vo->elem, a, tepl_elem(v->src[1], pe, r, c), pto_v0, &v->flags);
    case VF_UNARY:
        return vec_unary(dt, vo->elem, a, &v->flags);
    case VF_FMA:
        return vec_fma(dt, a, tepl_elem(v->src[1], pe, r, c), tepl_elem(v->src[2], pe, r, c),
                       pto_v0, &v->flags);
    case VF_CVT:
        return vec_convert(v->dst_dt, dt, a, v->op->rmode, v->op->sat, pto_v0, &v->flags);
    case VF_CMP:
        return vec_compare(dt, cmp, a, tepl_elem(v->src[1], pe, r, c), &v->flags);
    case VF_SEL:
        return tile_pred_get(v->src[0]->frag[pe], &v->src[0]->d, r, c)
               ? tepl_elem(v->src[1], pe, r, c) : tepl_elem(v->src[2], pe, r, c);
    case VF_SCALAR:
        return vec_binary(dt, vo->elem, a, v->scalar[pe], pto_v0, &v->flags);
    case VF_CMPS:
        return vec_compare(dt, cmp, a, v->scalar[pe], &v->flags);
    case VF_SELS:
        return tile_pred_get(v->src[0]->frag[pe], &v->src[0]->d, r, c)
               ? tepl_elem(v->src[1], pe, r, c) : v->scalar[pe];
    case VF_FILL:
        return v->scalar[pe];
    }
    return 0;
}

/* the binary kernel's type (under pto-v0, floating ADD / SUB / MUL take
 * the carrier's integer kernel: vec_array_binary_type()) */
static unsigned binary_kernel_type(const Vec *v)
{
    return vec_array_binary_type(v->dt, v->info->elem, v->pto_v0);
}

/*
 * The array path (numeric/vec_array*.c, bit for bit
 * the per-element arithmetic above, flags included): whole rows of
 * row-major fragments, predicates by bit offset; TCVT's rows in other
 * layouts and of 4-bit types through a contiguous copy of each row.
 * Under pto-v0, floating ADD / SUB / MUL take the integer kernel of the
 * carrier (binary_kernel_type()), TCVT and floating TFMA their pto-v0
 * kernels (vec_array_convert_v0(), vec_array_fma_v0()) and the operations
 * that do not depend on the profile their usual kernels; the types the
 * kernels leave out take the per-element path.  (Only TCVT takes 4-bit
 * types: check_schema().)
 */
static bool array_serves(const Vec *v)
{
    const TeplOpInfo *vo = v->info;

    /* pto-v0's floating TFMA: vec_array_fma_v0() serves every type */
    if (v->pto_v0 && vo->family == VF_FMA && tile_dtype_info(v->dt)->is_float) {
        return true;
    }
    switch ((VecFamily)vo->family) {
    case VF_BINARY:
    case VF_BITWISE:
    case VF_SCALAR:
        return tile_dtype_bits(v->dt) >= 8 &&
               vec_array_binary_serves(binary_kernel_type(v), vo->elem);
    case VF_UNARY:
        return vec_array_unary_serves(v->dt, vo->elem);
    case VF_FMA:
        return vec_array_fma_serves(v->dt);
    case VF_CVT:
        return vec_array_convert_serves(v->dst_dt, v->dt);
    default:
        return tile_dtype_bits(v->dt) >= 8;     /* compares, selects, the fill */
    }
}

static bool is_select(VecFamily f)
{
    return f == VF_SEL || f == VF_SELS;
}

/* Every data source and the destination (unless a predicate) by rows. */
static bool rows_reachable(Vec *v, unsigned pe)
{
    VecFamily f = v->info->family;

    if (f != VF_CMP && f != VF_CMPS && !tepl_dst_row(v, pe, 0)) {
        return false;
    }
    for (unsigned i = is_select(f) ? 1 : 0; i < v->nsrc; i++) {
        if (!tepl_src_row(v->src[i], pe, 0)) {
            return false;
        }
    }
    return true;
}

/* one row of TCVT, in the profile's rule */
static void convert_row(Vec *v, const void *in, void *out, uint32_t n)
{
    if (v->pto_v0) {
        vec_array_convert_v0(v->dst_dt, v->dt, v->op->rmode, v->op->sat, in, out, n,
                             &v->flags);
    } else {
        vec_array_convert(v->dst_dt, v->dt, v->op->rmode, v->op->sat, in, out, n, &v->flags);
    }
}

/*
 * TCVT between layouts (B.DATR Layout X2Y), from a CUBE result or from or
 * into a 4-bit type: each source row read into a contiguous row whatever
 * its layout (tile_row_read(); a 4-bit element a byte, as the array
 * kernel takes it), converted, written into the destination's layout.
 */
static void convert_rows_by_copy(Vec *v, unsigned pe)
{
    const TileLocal *s = v->src[0];
    TileLocal *d = v->d;
    uint32_t n = d->d.valid_cols;
    unsigned in_bits = tile_dtype_bits(s->d.dtype), out_bits = tile_dtype_bits(d->d.dtype);
    g_autofree uint8_t *in = g_malloc((size_t)n * MAX(in_bits / 8, 1));
    g_autofree uint8_t *out = g_malloc((size_t)n * MAX(out_bits / 8, 1));

    for (uint32_t r = 0; r < d->d.valid_rows; r++) {
        tile_row_read(&s->d, s->frag[pe], r, 0, n, in);
        convert_row(v, in, out, n);
        tile_row_write(&d->d, d->frag[pe], r, 0, n, out);
    }
}

static bool compute_rows(Vec *v, unsigned pe)
{
    const TeplOpInfo *vo = v->info;
    const TileDesc *d = &v->d->d;
    uint32_t n = d->valid_cols;
    unsigned bytes = tile_dtype_bits(d->dtype) / 8;
    /* a select's data, the others' first source; the last source */
    const TileLocal *s0 = v->nsrc ? v->src[is_select(vo->family) ? 1 : 0] : NULL;
    const TileLocal *s1 = v->nsrc > 1 ? v->src[v->nsrc - 1] : NULL;
    /* a predicate row (the select's mask, the compare's result) starts at
     * bit r * Col */
    uint32_t pred_cols = is_select(vo->family) ? v->src[0]->d.cols : d->cols;

    if (!rows_reachable(v, pe)) {
        if (vo->family != VF_CVT) {
            return false;
        }
        convert_rows_by_copy(v, pe);
        return true;
    }
    for (uint32_t r = 0; r < d->valid_rows; r++) {
        uint8_t *out = tepl_dst_row(v, pe, r);
        const uint8_t *a = s0 ? tepl_src_row(s0, pe, r) : NULL;
        const uint8_t *b = s1 ? tepl_src_row(s1, pe, r) : NULL;
        uint64_t bit0 = (uint64_t)r * pred_cols;

        switch ((VecFamily)vo->family) {
        case VF_BINARY:
        case VF_BITWISE:
            vec_array_binary(binary_kernel_type(v), vo->elem, a, b, out, n, &v->flags);
            break;
        case VF_SCALAR:
            vec_array_binary_scalar(binary_kernel_type(v), vo->elem, a, v->scalar[pe], out, n,
                                    &v->flags);
            break;
        case VF_UNARY:
            vec_array_unary(v->dt, vo->elem, a, out, n, &v->flags);
            break;
        case VF_FMA:
            if (v->pto_v0 && tile_dtype_info(v->dt)->is_float) {
                vec_array_fma_v0(v->dt, a, tepl_src_row(v->src[1], pe, r), b, out, n,
                                 &v->flags);
                break;
            }
            vec_array_fma(v->dt, a, tepl_src_row(v->src[1], pe, r), b, out, n, &v->flags);
            break;
        case VF_CVT:
            convert_row(v, a, out, n);
            break;
        case VF_CMP:
        case VF_CMPS:
            vec_array_compare(v->dt, v->op->cmode, a, vo->family == VF_CMP ? b : NULL,
                              v->scalar[pe], v->d->frag[pe], bit0, n, &v->flags);
            break;
        case VF_SEL:
        case VF_SELS:
            vec_array_select(bytes, v->src[0]->frag[pe], bit0, a,
                             vo->family == VF_SEL ? b : NULL, v->scalar[pe], out, n);
            break;
        case VF_FILL:
            vec_array_fill(bytes, v->scalar[pe], out, n);
            break;
        }
    }
    return true;
}

static void vec_commit(Vec *v)
{
    VecFamily f = v->info->family;

    tepl_check_complete(v, family_sources[f], mode1(v) ? 1 : 0);
    tepl_check_datr(v, datr_fields(v));
    check_schema(v);
    check_sources(v);
    if (f == VF_CVT) {
        check_tcvt(v);
    }
    if (mode1(v)) {
        /* TSELS: a raw false value; the others check the scalar's encoding */
        tepl_read_scalars(v, v->dt, f != VF_SELS);
    }
    plan_destination(v);
    tepl_begin(v);
    bool array = array_serves(v);
    TEPL_FOR_PES(v, pe) {
        if (!array || !compute_rows(v, pe)) {
            TEPL_FOR_VALID(&v->d->d, r, c) {
                tepl_put(v, pe, r, c, compute(v, pe, r, c));
            }
        }
        tepl_pad(v, pe);
    }
    /* TADD .. TMIN record no status under the reference profile (its
     * ExecuteTileBinary drops them); the IEEE profile records them */
    tepl_finish(v, !(v->pto_v0 && f == VF_BINARY));
}
