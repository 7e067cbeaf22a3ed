/*
 * PTO Tile CPU: the commit of BSTART.TEPL blocks (see tepl.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-BSTART-TEPL, PTO-BLOCK-MODEL-DISPATCH-TILE-EXECUTION
 * (the commit order), -TILE-SCHEMA (bindings, B.DIM, B.DATR applicability),
 * -DESTINATION-SHAPE, PTO-TILE-MODEL-DEFINEDNESS-ELEMENTS (padding).
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tepl.h"
#include "tlsu.h"
#include "vec-elem.h"
#include "tile-isa.h"

#define TEPL_SELECTORS 128      /* Mode[1:0]:Function[4:0] */

static const TeplOpInfo *tepl_ops[TEPL_SELECTORS];
static uint32_t tepl_match, tepl_mask;

/* The selectors come from the isa/ tables (tile-ops.isa), never from here. */
void tepl_register(const TeplOpInfo *ops, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        const TileIsaTileOp *t = tile_isa_tepl_op_by_name(ops[i].name, ops[i].engine);

        g_assert(t && t->mode >= 0 && t->function >= 0);
        tepl_ops[t->mode << 5 | t->function] = &ops[i];
    }
}

static void __attribute__((constructor)) tepl_init(void)
{
    const TileIsaForm *form;

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

/* ---- Checks ---- */

void tepl_tl(Tepl *v, const char *why)
{
    tile_op_fault(v->op, TILE_FAULT_LEGALITY, why);
}

void tepl_check_complete(Tepl *v, unsigned nsrc, unsigned nscalars)
{
    TileOp *op = v->op;
    unsigned ndst = 0, n = 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        if (op->iot[i].has_dst) {
            v->dst_bind = &op->iot[i];
            ndst++;
        }
        n += op->iot[i].nsrc;
    }
    if (ndst != 1 || n != nsrc) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "TEPL block bindings incomplete");
    }
    /* BundleTileBindingStreamTerminated: the last B.IOT carries L */
    if (op->n_iot && !op->iot[op->n_iot - 1].last) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "the B.IOT stream is not terminated");
    }
    if (op->has_ior) {
        for (unsigned s = nscalars; s < 3; s++) {
            if (op->ior_src[s]) {
                tile_op_fault(op, TILE_FAULT_BUNDLE,
                              "B.IOR names a register the operation does not use");
            }
        }
        if (op->ior_dst) {
            tile_op_fault(op, TILE_FAULT_BUNDLE, "B.IOR destination must be zero");
        }
    }
}

void tepl_check_datr(Tepl *v, unsigned allowed)
{
    TileOp *op = v->op;

    if (!op->has_datr) {
        return;
    }
    if ((op->cmode && !(allowed & TEPL_DATR_CMODE)) ||
        (op->rmode && !(allowed & TEPL_DATR_RMODE)) ||
        (op->sat && !(allowed & TEPL_DATR_SAT)) ||
        (op->canon && !(allowed & TEPL_DATR_CANON)) ||
        (op->layout_code && !(allowed & TEPL_DATR_LAYOUT))) {
        tepl_tl(v, "a B.DATR field the operation does not take");
    }
    if (op->cmode > VEC_GE) {
        tepl_tl(v, "B.DATR CMode 6 / 7");
    }
    if (!(allowed & TEPL_DATR_DTYPE) && op->datr_dtype != 0 && op->datr_dtype != 31) {
        tepl_tl(v, "B.DATR DataType on an operation without a destination type");
    }
}

void tepl_one_binding(Tepl *v, unsigned nsrc)
{
    if (v->op->n_iot != 1 || v->op->iot[0].nsrc != nsrc) {
        tepl_tl(v, "the operation takes one B.IOT");
    }
    v->dst_bind = &v->op->iot[0];
}

void tepl_two_bindings(Tepl *v)
{
    const TileBind *b = v->op->iot;

    if (v->op->n_iot != 2 || b[0].nsrc != 2 || b[0].has_dst || b[1].nsrc != 1 ||
        !b[1].has_dst) {
        tepl_tl(v, "bindings: [source, source] then [source, ->destination]");
    }
    v->dst_bind = &b[1];
}

void tepl_lb_shape(Tepl *v)
{
    TileOp *op = v->op;

    if (!op->has_lb[0]) {
        tepl_tl(v, "the operation needs LB0");
    }
    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tepl_tl(v, "B.DIM dimension 0 or above 65535");
        }
    }
    v->vc = tile_op_lb(op, 0);
    v->vr = tile_op_lb(op, 1) ?: 1;
    v->col = tile_op_lb(op, 2) ?: v->vc;
}

void tepl_gather(Tepl *v, int mask_slot)
{
    TileOp *op = v->op;
    unsigned n = 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        for (unsigned j = 0; j < op->iot[i].nsrc; j++) {
            unsigned sel = op->iot[i].src[j];
            v->src[n] = (int)n == mask_slot ? tile_op_mask_source(op, sel)
                                            : tile_op_source(op, sel, true);
            n++;
        }
    }
    v->nsrc = n;
}

uint64_t tepl_elem(const TileLocal *t, unsigned pe, uint32_t r, uint32_t c)
{
    return tile_elem_get(t->frag[pe], tile_dtype_bits(t->d.dtype),
                         tile_storage_index(&t->d, r, c));
}

void tepl_check_encodings(Tepl *v, const TileLocal *t)
{
    const TileDTypeInfo *d = tile_dtype_info(t->d.dtype);

    if (!d->low_zero_bits && !d->high_zero_bits) {
        return;             /* every encoding of the type is valid */
    }
    TEPL_FOR_PES(v, pe) {
        TEPL_FOR_VALID(&t->d, r, c) {
            if (!vec_encoding_valid(t->d.dtype, tepl_elem(t, pe, r, c))) {
                tepl_tl(v, "source element is not a valid encoding of its type");
            }
        }
    }
}

bool tepl_same_shape(const TileDesc *a, const TileDesc *b)
{
    return a->rows == b->rows && a->cols == b->cols && a->valid_rows == b->valid_rows &&
           a->valid_cols == b->valid_cols && a->layout == b->layout;
}

void tepl_check_lb_shape(Tepl *v, const TileLocal *t)
{
    if (t->d.valid_rows != v->vr || t->d.valid_cols != v->vc || t->d.cols != v->col) {
        tepl_tl(v, "source shape differs from B.DIM");
    }
}

void tepl_read_scalars(Tepl *v, unsigned dt, bool check)
{
    unsigned w = tile_dtype_bits(dt);

    TEPL_FOR_PES(v, pe) {
        uint64_t x = tile_op_gpr(v->op, pe, 0, 0);
        v->scalar[pe] = w >= 64 ? x : x & ((UINT64_C(1) << w) - 1);
        if (check && !vec_encoding_valid(dt, v->scalar[pe])) {
            tepl_tl(v, "scalar is not a valid encoding of the type");
        }
    }
}

TileLocal *tepl_new_dst(Tepl *v, const TileDesc *d)
{
    v->d = &v->op->dst[tile_op_new_local(v->op, v->dst_bind->hand, d)].t;
    return v->d;
}

TileLocal *tepl_new_lb_dst(Tepl *v, unsigned dt, unsigned layout, const TileLocal *rows_of)
{
    TileDesc d = {
        .dtype = dt, .layout = layout, .size_code = v->dst_bind->size_code,
        .cols = v->col, .valid_rows = v->vr, .valid_cols = v->vc,
    };

    v->dst_dt = dt;
    tepl_new_dst(v, &d);
    if (rows_of && v->d->d.rows != rows_of->d.rows) {
        tepl_tl(v, "destination SizeCode does not give the source's rows");
    }
    return v->d;
}

/* ---- Execute ---- */

void tepl_store(TileLocal *t, unsigned pe, uint32_t r, uint32_t c, uint64_t x)
{
    const TileDesc *d = &t->d;

    if (d->storage == TILE_STORAGE_PREDICATE) {
        tile_pred_set(t->frag[pe], d, r, c, x);
    } else {
        tile_elem_set(t->frag[pe], tile_dtype_bits(d->dtype), tile_storage_index(d, r, c), x);
    }
}

void tepl_put(Tepl *v, unsigned pe, uint32_t r, uint32_t c, uint64_t x)
{
    tepl_store(v->d, pe, r, c, x);
}

void tepl_begin(Tepl *v)
{
    tile_op_alloc_payloads(v->op);
}

/* Every physical element outside the valid region gets the B.DATR pad
 * (Null, or no B.DATR, leaves it undefined; it reads as 0). */
void tepl_pad(Tepl *v, unsigned pe)
{
    const TileDesc *d = &v->d->d;
    unsigned padv = v->op->pad;
    uint64_t x = d->storage == TILE_STORAGE_PREDICATE ? padv == 1
                                                      : tlsu_pad_value(d->dtype, padv);

    if (padv == 3 || !x) {
        return;             /* the payload starts zeroed */
    }
    for (uint32_t r = 0; r < d->rows; r++) {
        for (uint32_t c = 0; c < d->cols; c++) {
            if (r >= d->valid_rows || c >= d->valid_cols) {
                tepl_put(v, pe, r, c, x);
            }
        }
    }
}

void tepl_finish(Tepl *v, bool record)
{
    v->d->defined = 1;
    if (record) {
        v->op->env->fsu.flags |= v->flags & 0x1f;
    }
    tile_op_install(v->op);
}

/* ---- The commit ---- */

void tile_tepl_commit(TileOp *op)
{
    unsigned sel = extract32(op->env->blk.ext.tile_op, 25, 2) << 5 | op->fn;
    Tepl v = {
        .op = op, .info = tepl_ops[sel], .dt = op->dtype,
        .pto_v0 = env_archcpu(op->env)->pto_v0,
    };

    if (!v.info) {          /* the translator admits only these */
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TEPL operation without semantics");
    }
    op->name = v.info->name;
    if (op->has_datr && op->layout_code >= 21 && op->layout_code <= 26) {
        tepl_tl(&v, "CUBE transport layout in a TEPL block");
    }
    if (op->n_ios) {
        tepl_tl(&v, "a TEPL block takes no Shared binding");
    }
    /*
     * No B.IOT at all fails the binding schema (Fault_BundleControl:
     * BundleOperationBindingsComplete counts no destination); a block
     * whose bindings all had PEMode 000 is a strict no-op and never gets
     * here (tile_block_execute).
     */
    if (!op->n_iot) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "TEPL block without a B.IOT");
    }
    v.info->commit(&v);
}
