/*
 * PTO Tile CPU: the TLSU engine's indexed forms (MGATHER, MGATHER.MASK,
 * MGATHER.CAS, MSCATTER, MSCATTER.MASK)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-MODEL-DISPATCH-TLSU-MGATHER / -MGATHER-MASK /
 * -MGATHER-CAS / -MSCATTER / -MSCATTER-MASK, PTO-TILE-MODEL-MEMORY-
 * GATHER-SCATTER.  Lane (r, c) of PE p addresses base_p + the index
 * element (r, c) of p's index fragment, a byte displacement sign- or
 * zero-extended from the index type and never scaled.  Every lane of
 * every PE is probed before the first access.  Lanes run in row-major
 * order, PE0 first (docs/implementation-defined.md): of two scatter lanes
 * to one address the later wins.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "tile/op.h"
#include "tile/tlsu/tlsu.h"

/* The shared shape rules: B.IOR base only, LB0 required, Col a power of two. */
static void indexed_schema(TileOp *op, TileDesc *d)
{
    unsigned dt = tlsu_dtype(op);

    if (op->n_ios) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "indexed transfer takes no Shared binding");
    }
    if (!op->has_ior || op->ior_dst || op->ior_src[1] || op->ior_src[2]) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "indexed transfer needs B.IOR base, zero, zero");
    }
    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "indexed dimension out of range");
        }
    }
    if (!op->has_lb[0]) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "indexed transfer needs LB0");
    }
    if (tile_dtype_bits(dt) == 4) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "indexed transfer of a 4-bit type");
    }
    *d = (TileDesc) { .dtype = dt, .layout = op->layout };
    d->valid_cols = tile_op_lb(op, 0);
    d->valid_rows = tile_op_lb(op, 1) ?: 1;
    d->cols = tile_op_lb(op, 2) ?: d->valid_cols;
    if ((d->cols & (d->cols - 1)) || d->valid_cols > d->cols ||
        (uint64_t)d->valid_rows * d->valid_cols > 32768) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "indexed transfer shape");
    }
}

static bool dtype_is_int(unsigned dt)
{
    return dt >= 16 && dt <= 28;
}

static bool dtype_is_signed(unsigned dt)
{
    return dt >= 16 && dt <= 20;
}

/* A defined operand tile whose valid region is the lane grid. */
static const TileLocal *lane_tile(TileOp *op, unsigned sel, const TileDesc *d, bool index)
{
    const TileLocal *t = tile_op_source(op, sel, true);

    if (t->d.valid_rows != d->valid_rows || t->d.valid_cols != d->valid_cols ||
        (index && !dtype_is_int(t->d.dtype))) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "index or data tile does not match the lanes");
    }
    return t;
}

static uint64_t lane_addr(TileOp *op, const TileLocal *idx, unsigned pe, uint32_t r, uint32_t c)
{
    unsigned bits = tile_dtype_bits(idx->d.dtype);
    uint64_t v = tile_elem_get(idx->frag[pe], bits, tile_storage_index(&idx->d, r, c));

    if (dtype_is_signed(idx->d.dtype) && bits < 64) {
        v = sextract64(v, 0, bits);
    }
    return tile_op_gpr(op, pe, 0, 0) + v;
}

/*
 * The mask of the MASK forms: a defined predicate-storage tile (TCMP /
 * TCMPS output) in the B.DATR layout whose valid shape is the lane grid.
 */
static const TileLocal *mask_tile(TileOp *op, unsigned sel, const TileDesc *d)
{
    const TileLocal *m = tile_op_mask_source(op, sel);

    if (m->d.layout != d->layout || m->d.valid_rows != d->valid_rows ||
        m->d.valid_cols != d->valid_cols) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "mask tile does not match the lanes");
    }
    return m;
}

/* Lane (r, c) of PE pe takes part: no mask, or its bit is 1. */
static bool lane_on(const TileLocal *m, unsigned pe, uint32_t r, uint32_t c)
{
    return !m || tile_pred_get(m->frag[pe], &m->d, r, c);
}

/* Every physical element of a gather destination starts as the pad. */
static void fill_pad(TileOp *op, TileLocal *t)
{
    uint64_t pad = tile_pad_value(t->d.dtype, op->pad);
    unsigned bits = tile_dtype_bits(t->d.dtype);
    uint64_t n = (uint64_t)t->d.rows * t->d.cols;

    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (t->frag[pe] && pad) {
            for (uint64_t i = 0; i < n; i++) {
                tile_elem_set(t->frag[pe], bits, i, pad);
            }
        }
    }
    t->defined = 1;
}

/*
 * MGATHER [IndexTile, ->Dst] and MGATHER.MASK [IndexTile, MaskTile, ->Dst]:
 * a masked-off lane is neither probed nor loaded and keeps the pad.
 */
static void mgather(TileOp *op, bool masked)
{
    const TileBind *b = tlsu_one_binding(op, masked ? 2 : 1, true);
    const TileLocal *idx, *m = NULL;
    unsigned eb, bits;
    TileDesc d;
    TileLocal *t;

    indexed_schema(op, &d);
    tlsu_check_datr(op, true);
    idx = lane_tile(op, b->src[0], &d, true);
    if (masked) {
        m = mask_tile(op, b->src[1], &d);
    }
    d.size_code = b->size_code;
    t = &op->dst[tile_op_new_local(op, b->hand, &d)].t;
    bits = tile_dtype_bits(d.dtype);
    eb = bits / 8;
    TLSU_FOR_LANES(op, &d, pe, r, c) {
        if (lane_on(m, pe, r, c)) {
            tile_op_probe(op, lane_addr(op, idx, pe, r, c), eb, false);
        }
    }
    tile_op_alloc_payloads(op);
    fill_pad(op, t);
    TLSU_FOR_LANES(op, &d, pe, r, c) {
        if (lane_on(m, pe, r, c)) {
            tile_elem_set(t->frag[pe], bits, tile_storage_index(&t->d, r, c),
                          tile_op_load(op, pe, lane_addr(op, idx, pe, r, c), eb));
        }
    }
    tile_op_install(op);
}

/*
 * MSCATTER [DataTile, IndexTile] and MSCATTER.MASK [DataTile, IndexTile]
 * (L=0) then [MaskTile] (L=1): a masked-off lane has no effect at all.
 */
static void mscatter(TileOp *op, bool masked)
{
    const TileBind *b = masked ? &op->iot[0] : tlsu_one_binding(op, 2, false);
    const TileLocal *data, *idx, *m = NULL;
    unsigned eb;
    TileDesc d;

    if (masked && (op->n_iot != 2 || b->nsrc != 2 || b->has_dst || b->last ||
                   op->iot[1].nsrc != 1 || op->iot[1].has_dst || !op->iot[1].last)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "MSCATTER.MASK bindings");
    }
    indexed_schema(op, &d);
    tlsu_check_datr(op, false);
    data = lane_tile(op, b->src[0], &d, false);
    idx = lane_tile(op, b->src[1], &d, true);
    if (masked) {
        m = mask_tile(op, op->iot[1].src[0], &d);
    }
    if (data->d.dtype != d.dtype || data->d.cols != d.cols || data->d.layout != d.layout ||
        idx->d.layout != d.layout) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "scatter data tile does not match");
    }
    eb = tile_dtype_bits(d.dtype) / 8;
    TLSU_FOR_LANES(op, &d, pe, r, c) {
        if (lane_on(m, pe, r, c)) {
            tile_op_probe(op, lane_addr(op, idx, pe, r, c), eb, true);
        }
    }
    TLSU_FOR_LANES(op, &d, pe, r, c) {
        if (lane_on(m, pe, r, c)) {
            tile_op_store(op, pe, lane_addr(op, idx, pe, r, c), eb,
                          tile_elem_get(data->frag[pe], eb * 8,
                                        tile_storage_index(&data->d, r, c)));
        }
    }
    tile_op_install(op);
}

/* One lane's compare-and-swap: atomic on the host, bitwise at eb bytes. */
/*
 * MGATHER.CAS: [IndexTile, ExpectedTile] (L=0) then [ReplacementTile,
 * ->Dst] (L=1).  Each lane: old = [addr]; if old == expected, [addr] =
 * replacement; the destination lane gets old.
 */
static void mgather_cas(TileOp *op)
{
    const TileBind *b0 = &op->iot[0], *b1 = &op->iot[1];
    const TileLocal *idx, *exp, *rep;
    unsigned eb, bits;
    TileDesc d;
    TileLocal *t;

    if (op->n_iot != 2 || b0->nsrc != 2 || b0->has_dst || b0->last ||
        b1->nsrc != 1 || !b1->has_dst || !b1->last) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "MGATHER.CAS bindings");
    }
    indexed_schema(op, &d);
    tlsu_check_datr(op, true);
    idx = lane_tile(op, b0->src[0], &d, true);
    exp = lane_tile(op, b0->src[1], &d, false);
    rep = lane_tile(op, b1->src[0], &d, false);
    if (exp->d.dtype != d.dtype || rep->d.dtype != d.dtype) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "MGATHER.CAS operand types");
    }
    d.size_code = b1->size_code;
    t = &op->dst[tile_op_new_local(op, b1->hand, &d)].t;
    bits = tile_dtype_bits(d.dtype);
    eb = bits / 8;
    TLSU_FOR_LANES(op, &d, pe, r, c) {
        uint64_t a = lane_addr(op, idx, pe, r, c);
        tile_op_probe(op, a, eb, false);
        tile_op_probe(op, a, eb, true);
    }
    tile_op_alloc_payloads(op);
    fill_pad(op, t);
    TLSU_FOR_LANES(op, &d, pe, r, c) {
        uint64_t old = tile_op_cas(op, pe, lane_addr(op, idx, pe, r, c), eb,
                                   tile_elem_get(exp->frag[pe], bits,
                                                 tile_storage_index(&exp->d, r, c)),
                                   tile_elem_get(rep->frag[pe], bits,
                                                 tile_storage_index(&rep->d, r, c)));
        tile_elem_set(t->frag[pe], bits, tile_storage_index(&t->d, r, c), old);
    }
    tile_op_install(op);
}

void tlsu_indexed_commit(TileOp *op)
{
    switch (op->fn) {
    case TLSU_MGATHER:
    case TLSU_MGATHER_MASK:
        mgather(op, op->fn == TLSU_MGATHER_MASK);
        break;
    case TLSU_MSCATTER:
    case TLSU_MSCATTER_MASK:
        mscatter(op, op->fn == TLSU_MSCATTER_MASK);
        break;
    default:
        mgather_cas(op);
        break;
    }
}
