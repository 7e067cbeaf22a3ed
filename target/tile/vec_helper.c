/*
 * PTO Tile CPU: the VEC engine (BSTART.TEPL / BSTART.VEC blocks)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-BSTART-TEPL, PTO-BLOCK-MODEL-DISPATCH-TILE-SCHEMA,
 * -TILE-SCALAR-SCHEMA, -COMPARISON-SCHEMA, -TCVT-SCHEMA, -NUMERIC-CONTROL,
 * -DESTINATION-SHAPE, PTO-TILE-MODEL-LEGALITY-OPERAND-SCHEMA and
 * -DTYPE-LAYOUT; the element rules are in vec-elem.c.  The commit order:
 * CUBE transport layouts and Shared bindings rejected, an all-zero mask a
 * no-op, binding counts and B.IOR surplus (Fault_BundleControl), B.DATR
 * applicability, the family's exact binding schema, the data type, the
 * sources (live, defined, numeric, row-major, one shape, the B.DIM shape,
 * valid encodings), the scalars, then the destination (Fault_TileAllocation
 * when it does not fit; its rows must be the source's).  Only then does any
 * PE compute.  Each PE computes its own fragment from its own source
 * fragments and, for the Mode 1 forms, its own GPR bank (DESIGN.md
 * decision 1).  docs/tile-engine.md lists the choices made where the spec
 * leaves room.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile-engine.h"
#include "tlsu.h"
#include "vec-elem.h"
#include "tile-isa.h"

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

typedef struct VecOp {
    const char *name;
    VecFamily family;
    int elem;       /* VecBinOp or VecUnOp */
    bool integer;   /* the integer set, else the arithmetic set (VA16) */
} VecOp;

static const VecOp vec_ops[] = {
    { "TADD", VF_BINARY, VEC_ADD }, { "TSUB", VF_BINARY, VEC_SUB },
    { "TMUL", VF_BINARY, VEC_MUL }, { "TMAX", VF_BINARY, VEC_MAX },
    { "TMIN", VF_BINARY, VEC_MIN },
    { "TAND", VF_BITWISE, VEC_AND, true }, { "TOR", VF_BITWISE, VEC_OR, true },
    { "TXOR", VF_BITWISE, VEC_XOR, true }, { "TSHL", VF_BITWISE, VEC_SHL, true },
    { "TSHR", VF_BITWISE, VEC_SHR, true },
    { "TABS", VF_UNARY, VEC_ABS }, { "TNOT", VF_UNARY, VEC_NOT, true },
    { "TNEG", VF_UNARY, VEC_NEG }, { "TRELU", VF_UNARY, VEC_RELU },
    { "TFMA", VF_FMA }, { "TCVT", VF_CVT }, { "TCMP", VF_CMP }, { "TSEL", VF_SEL },
    { "TADDS", VF_SCALAR, VEC_ADD }, { "TSUBS", VF_SCALAR, VEC_SUB },
    { "TMULS", VF_SCALAR, VEC_MUL }, { "TMAXS", VF_SCALAR, VEC_MAX },
    { "TMINS", VF_SCALAR, VEC_MIN },
    { "TANDS", VF_SCALAR, VEC_AND, true }, { "TORS", VF_SCALAR, VEC_OR, true },
    { "TXORS", VF_SCALAR, VEC_XOR, true }, { "TSHLS", VF_SCALAR, VEC_SHL, true },
    { "TSHRS", VF_SCALAR, VEC_SHR, true },
    { "TCMPS", VF_CMPS }, { "TSELS", VF_SELS }, { "TEXPANDS", VF_FILL },
};

/* Tile sources of each family, in binding order. */
static const unsigned family_sources[] = {
    [VF_BINARY] = 2, [VF_BITWISE] = 2, [VF_UNARY] = 1, [VF_FMA] = 3, [VF_CVT] = 1,
    [VF_CMP] = 2, [VF_SEL] = 3, [VF_SCALAR] = 1, [VF_CMPS] = 1, [VF_SELS] = 2,
    [VF_FILL] = 0,
};

#define TEPL_SELECTORS 128      /* Mode[1:0]:Function[4:0] */

static const VecOp *tepl_ops[TEPL_SELECTORS];
static uint32_t tepl_match, tepl_mask;

/* The selectors come from the isa/ tables (tile-ops.isa), never from here. */
static void __attribute__((constructor)) vec_tables_init(void)
{
    const TileIsaForm *form;

    for (unsigned i = 0; i < ARRAY_SIZE(vec_ops); i++) {
        const TileIsaTileOp *t = tile_isa_tepl_op_by_name(vec_ops[i].name, "VEC");

        g_assert(t && t->mode >= 0 && t->function >= 0);
        tepl_ops[t->mode << 5 | t->function] = &vec_ops[i];
    }
    g_assert(tile_isa_lookup("BSTART.TEPL", &form, 1) == 1);
    tepl_match = form->match;
    tepl_mask = form->mask;
}

bool tile_insn_is_tepl(uint32_t insn)
{
    return (insn & tepl_mask) == tepl_match;
}

bool tile_tepl_has_semantics(unsigned mode, unsigned function)
{
    return mode < 4 && function < 32 && tepl_ops[mode << 5 | function];
}

/* ---- One commit ---- */

typedef struct Vec {
    TileOp *op;
    const VecOp *vo;
    unsigned dt;                        /* BSTART DataType */
    TileLocal *src[3];                  /* Tile sources in binding order */
    const TileLocal *data;              /* the source that gives the shape */
    const TileBind *dst_bind;
    uint32_t vr, vc, col;               /* the B.DIM shape */
    uint64_t scalar[TILE_POOL_PES];     /* GPR_p[RegSrc0], low W bits */
    unsigned dst_dt;
    TileLocal *d;
    unsigned flags;
} Vec;

static G_NORETURN void tl(Vec *v, const char *why)
{
    tile_op_fault(v->op, TILE_FAULT_LEGALITY, why);
}

static bool mode1(const Vec *v)
{
    return v->vo->family >= VF_SCALAR;
}

static bool is_mask_slot(const Vec *v, unsigned i)
{
    return i == 0 && (v->vo->family == VF_SEL || v->vo->family == VF_SELS);
}

/* Binding counts and the B.IOR surplus (BundleOperationBindingsComplete). */
static void check_complete(Vec *v)
{
    TileOp *op = v->op;
    unsigned ndst = 0, nsrc = 0, k = mode1(v) ? 1 : 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        ndst += op->iot[i].has_dst;
        nsrc += op->iot[i].nsrc;
    }
    if (ndst != 1 || nsrc != family_sources[v->vo->family]) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "VEC block bindings incomplete");
    }
    if (op->has_ior) {
        for (unsigned s = k; s < 3; s++) {
            if (op->ior_src[s]) {
                tile_op_fault(op, TILE_FAULT_BUNDLE, "B.IOR names a register the op does not use");
            }
        }
        if (op->ior_dst) {
            tile_op_fault(op, TILE_FAULT_BUNDLE, "B.IOR destination must be zero");
        }
    }
}

/* B.DATR: PadValue everywhere, CMode for the compares, and for TCVT the
 * destination type, RMode, Sat, Canonicalize and Layout. */
static void check_datr(Vec *v)
{
    TileOp *op = v->op;
    VecFamily f = v->vo->family;

    if (!op->has_datr) {
        return;
    }
    if (op->cmode && f != VF_CMP && f != VF_CMPS) {
        tl(v, "B.DATR CMode on an operation that does not compare");
    }
    if (op->cmode > VEC_GE) {
        tl(v, "B.DATR CMode 6 / 7");
    }
    if (f == VF_CVT) {
        return;
    }
    if (op->layout_code || op->rmode || op->sat || op->canon) {
        tl(v, "B.DATR Layout, RMode, Sat and Canonicalize apply to TCVT only");
    }
    if (op->datr_dtype != 0 && op->datr_dtype != 31) {
        tl(v, "B.DATR DataType on a VEC operation other than TCVT");
    }
}

/* The exact binding stream of the family, and its B.DIM / B.IOR rules. */
static void check_schema(Vec *v)
{
    TileOp *op = v->op;
    VecFamily f = v->vo->family;
    bool two = f == VF_FMA || f == VF_SEL;
    const TileBind *b = &op->iot[0];

    if (two) {
        if (op->n_iot != 2 || b->nsrc != 2 || b->has_dst || op->iot[1].nsrc != 1 ||
            !op->iot[1].has_dst) {
            tl(v, "bindings: [source, source] then [source, ->destination]");
        }
        v->dst_bind = &op->iot[1];
    } else {
        if (op->n_iot != 1) {
            tl(v, "a VEC operation takes one B.IOT here");
        }
        v->dst_bind = b;
    }
    if (!op->has_lb[0]) {
        tl(v, "VEC operation needs LB0");
    }
    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tl(v, "VEC dimension 0 or above 65535");
        }
    }
    v->vc = tile_op_lb(op, 0);
    v->vr = tile_op_lb(op, 1) ?: 1;
    v->col = tile_op_lb(op, 2) ?: v->vc;
    if (op->has_ior && !mode1(v)) {
        tl(v, "B.IOR on a VEC operation without a scalar");
    }
    if (f == VF_CVT) {
        return;
    }
    if (v->vo->integer ? !vec_type_integer(v->dt) : !vec_type_arith(v->dt)) {
        tl(v, "data type not accepted by the operation");
    }
}

static bool type_can_be_invalid(unsigned dt)
{
    const TileDTypeInfo *d = tile_dtype_info(dt);

    return d->low_zero_bits || d->high_zero_bits;
}

static uint64_t elem(const TileLocal *t, unsigned pe, uint32_t r, uint32_t c)
{
    return tile_elem_get(t->frag[pe], tile_dtype_bits(t->d.dtype),
                         tile_storage_index(&t->d, r, c));
}

#define FOR_PES(op, pe) \
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) \
        if ((op)->mask & (1u << pe))

static void check_encodings(Vec *v, const TileLocal *t)
{
    if (!type_can_be_invalid(t->d.dtype)) {
        return;
    }
    FOR_PES(v->op, pe) {
        for (uint32_t r = 0; r < t->d.valid_rows; r++) {
            for (uint32_t c = 0; c < t->d.valid_cols; c++) {
                if (!vec_encoding_valid(t->d.dtype, elem(t, pe, r, c))) {
                    tl(v, "source element is not a valid encoding of its type");
                }
            }
        }
    }
}

static bool same_shape(const TileDesc *a, const TileDesc *b)
{
    return a->rows == b->rows && a->cols == b->cols && a->valid_rows == b->valid_rows &&
           a->valid_cols == b->valid_cols && a->layout == b->layout;
}

/* Whether the family checks the encodings of its data sources. */
static bool checks_encodings(const Vec *v)
{
    switch (v->vo->family) {
    case VF_BINARY:
        return v->vo->elem == VEC_MAX || v->vo->elem == VEC_MIN;
    case VF_SEL:
        return false;       /* a raw-carrier select */
    default:
        return true;
    }
}

/* Source layout half of a TCVT Layout code (ND, DN, ZN, NZ), -1 if none. */
static int tcvt_source_layout(unsigned code)
{
    switch (code) {
    case 0: case 1: case 3: case 4:
        return TILE_LAYOUT_ROW_MAJOR;
    case 6: case 8: case 9:
        return TILE_LAYOUT_COL_MAJOR;
    case 17: case 18: case 20:
        return TILE_LAYOUT_ZN;
    case 27: case 28: case 30:
        return TILE_LAYOUT_NZ;
    default:
        return -1;
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
    int sl = tcvt_source_layout(op->layout_code);

    v->dst_dt = !op->has_datr || op->datr_dtype == 31 ? v->dt : op->datr_dtype;
    if (!tile_dtype_info(v->dst_dt)) {
        tl(v, "TCVT destination type is reserved");
    }
    if (!tile_num_tcvt_supported(v->dst_dt, v->dt)) {
        tl(v, "TCVT type pair not supported");
    }
    if (sl < 0) {
        tl(v, "TCVT Layout code");
    }
    /* a private CUBE result (Matrix location) is canonicalized to ND */
    if (op->canon != matrix) {
        tl(v, "TCVT Canonicalize must be set exactly for a CUBE-layout source");
    }
    if (matrix ? op->layout_code != 0 : s->d.layout != (unsigned)sl) {
        tl(v, "TCVT source layout does not match B.DATR Layout");
    }
}

static void gather_sources(Vec *v)
{
    TileOp *op = v->op;
    unsigned n = 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        for (unsigned j = 0; j < op->iot[i].nsrc; j++) {
            unsigned sel = op->iot[i].src[j];
            v->src[n] = is_mask_slot(v, n) ? tile_op_mask_source(op, sel)
                                           : tile_op_source(op, sel, true);
            n++;
        }
    }
    if (!n) {
        return;
    }
    /* the data sources: one type, one shape (TileShapeAndTypeMatch) */
    unsigned first = is_mask_slot(v, 0) ? 1 : 0;
    v->data = v->src[first];
    for (unsigned i = first; i < n; i++) {
        const TileLocal *t = v->src[i];
        if (t->d.dtype != v->dt) {
            tl(v, "source type is not the BSTART DataType");
        }
        if (!same_shape(&t->d, &v->data->d)) {
            tl(v, "sources differ in shape or layout");
        }
        if (v->vo->family != VF_CVT && t->d.layout != TILE_LAYOUT_ROW_MAJOR) {
            tl(v, "VEC sources are row-major");
        }
        if (checks_encodings(v)) {
            check_encodings(v, t);
        }
    }
    if (first) {
        const TileLocal *m = v->src[0];
        if (m->d.rows != v->data->d.rows || m->d.cols != v->data->d.cols ||
            m->d.valid_rows != v->data->d.valid_rows ||
            m->d.valid_cols != v->data->d.valid_cols) {
            tl(v, "mask shape differs from the data");
        }
    }
    if (v->data->d.valid_rows != v->vr || v->data->d.valid_cols != v->vc ||
        v->data->d.cols != v->col) {
        tl(v, "source shape differs from B.DIM");
    }
}

static void read_scalars(Vec *v)
{
    unsigned w = tile_dtype_bits(v->dt);
    bool check = v->vo->family != VF_SELS;     /* TSELS: a raw false value */

    FOR_PES(v->op, pe) {
        uint64_t x = tile_op_gpr(v->op, pe, 0, 0);
        v->scalar[pe] = w >= 64 ? x : x & ((UINT64_C(1) << w) - 1);
        if (check && !vec_encoding_valid(v->dt, v->scalar[pe])) {
            tl(v, "scalar is not a valid encoding of the type");
        }
    }
}

static void plan_destination(Vec *v)
{
    TileOp *op = v->op;
    const TileBind *b = v->dst_bind;
    VecFamily f = v->vo->family;

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
    if (f != VF_CVT) {
        v->dst_dt = v->dt;
    }
    TileDesc d = {
        .dtype = v->dst_dt,
        .layout = f == VF_CVT ? op->layout : TILE_LAYOUT_ROW_MAJOR,
        .size_code = b->size_code,
        .cols = v->col,
        .valid_rows = v->vr,
        .valid_cols = v->vc,
    };
    v->d = &op->dst[tile_op_new_local(op, b->hand, &d)].t;
    if (v->data && v->d->d.rows != v->data->d.rows) {
        tl(v, "destination SizeCode does not give the source's rows");
    }
}

/* ---- Execute ---- */

static void put(Vec *v, unsigned pe, uint32_t r, uint32_t c, uint64_t x)
{
    tile_elem_set(v->d->frag[pe], tile_dtype_bits(v->d->d.dtype),
                  tile_storage_index(&v->d->d, r, c), x);
}

static uint64_t compute(Vec *v, unsigned pe, uint32_t r, uint32_t c, bool pto_v0)
{
    const VecOp *vo = v->vo;
    unsigned dt = v->dt, cmp = v->op->cmode;
    uint64_t a = v->src[0] ? elem(v->src[0], pe, r, c) : 0;

    switch (vo->family) {
    case VF_BINARY:
    case VF_BITWISE:
        return vec_binary(dt, vo->elem, a, elem(v->src[1], pe, r, c), pto_v0, &v->flags);
    case VF_UNARY:
        return vec_unary(dt, vo->elem, a, &v->flags);
    case VF_FMA:
        return vec_fma(dt, a, elem(v->src[1], pe, r, c), elem(v->src[2], pe, r, c), pto_v0,
                       &v->flags);
    case VF_CVT:
        return vec_convert(v->dst_dt, dt, a, v->op->rmode, v->op->sat, pto_v0, &v->flags);
    case VF_CMP:
        return vec_compare(dt, cmp, a, elem(v->src[1], pe, r, c), &v->flags);
    case VF_SEL:
        return tile_pred_get(v->src[0]->frag[pe], &v->src[0]->d, r, c)
               ? elem(v->src[1], pe, r, c) : elem(v->src[2], pe, r, c);
    case VF_SCALAR:
        return vec_binary(dt, vo->elem, a, v->scalar[pe], pto_v0, &v->flags);
    case VF_CMPS:
        return vec_compare(dt, cmp, a, v->scalar[pe], &v->flags);
    case VF_SELS:
        return tile_pred_get(v->src[0]->frag[pe], &v->src[0]->d, r, c)
               ? elem(v->src[1], pe, r, c) : v->scalar[pe];
    case VF_FILL:
        return v->scalar[pe];
    }
    return 0;
}

/* Every physical element outside the valid region gets the B.DATR pad
 * (Null leaves it undefined; it reads as 0). */
static void pad(Vec *v, unsigned pe)
{
    const TileDesc *d = &v->d->d;
    unsigned padv = v->op->pad;
    bool pred = d->storage == TILE_STORAGE_PREDICATE;
    uint64_t x = pred ? padv == 1 : tlsu_pad_value(d->dtype, padv);

    if (padv == 3 || !x) {
        return;             /* the payload starts zeroed */
    }
    for (uint32_t r = 0; r < d->rows; r++) {
        for (uint32_t c = 0; c < d->cols; c++) {
            if (r >= d->valid_rows || c >= d->valid_cols) {
                if (pred) {
                    tile_pred_set(v->d->frag[pe], d, r, c, x);
                } else {
                    put(v, pe, r, c, x);
                }
            }
        }
    }
}

static void execute(Vec *v)
{
    TileOp *op = v->op;
    bool pto_v0 = env_archcpu(op->env)->pto_v0;
    const TileDesc *d;
    bool pred;

    tile_op_alloc_payloads(op);
    d = &v->d->d;
    pred = d->storage == TILE_STORAGE_PREDICATE;
    FOR_PES(op, pe) {
        for (uint32_t r = 0; r < d->valid_rows; r++) {
            for (uint32_t c = 0; c < d->valid_cols; c++) {
                uint64_t x = compute(v, pe, r, c, pto_v0);
                if (pred) {
                    tile_pred_set(v->d->frag[pe], d, r, c, x);
                } else {
                    put(v, pe, r, c, x);
                }
            }
        }
        pad(v, pe);
    }
    v->d->defined = 1;
    /* TADD .. TMIN record no status under the reference profile (its
     * ExecuteTileBinary drops them); the IEEE profile records them */
    if (!(pto_v0 && v->vo->family == VF_BINARY)) {
        op->env->fsu.flags |= v->flags & 0x1f;
    }
    tile_op_install(op);
}

void tile_tepl_commit(TileOp *op)
{
    unsigned sel = extract32(op->env->blk.ext.tile_op, 25, 2) << 5 | op->fn;
    Vec v = { .op = op, .vo = tepl_ops[sel], .dt = op->dtype };

    if (!v.vo) {            /* the translator admits only these */
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TEPL operation without semantics");
    }
    op->name = v.vo->name;
    if (op->has_datr && op->layout_code >= 21 && op->layout_code <= 26) {
        tl(&v, "CUBE transport layout in a VEC block");
    }
    if (op->n_ios) {
        tl(&v, "a VEC block takes no Shared binding");
    }
    if (!op->mask) {
        return;
    }
    check_complete(&v);
    check_datr(&v);
    check_schema(&v);
    gather_sources(&v);
    if (v.vo->family == VF_CVT) {
        check_tcvt(&v);
    }
    if (mode1(&v)) {
        read_scalars(&v);
    }
    plan_destination(&v);
    execute(&v);
}
