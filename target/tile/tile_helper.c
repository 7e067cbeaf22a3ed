/*
 * PTO Tile CPU: the commit of a Tile-operation block (see tile-engine.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-MODEL-DISPATCH-TILE-EXECUTION (the commit
 * sequence), -DESCRIPTOR-LEGALITY, -DESTINATION-SHAPE, PTO-BLOCK-MODEL-
 * FAULTS-ROLLBACK, ADR 0097 (capacity), DESIGN.md decision 10 (Local
 * names are queues).  The three tile faults are trap 5 with TRAPARG0 = the
 * committing instruction; the log (-d guest_errors) names which one.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/cpu_ldst.h"
#include "exec/memory.h"
#include "tile-engine.h"
#include "trace.h"

static const char *const fault_names[] = {
    [TILE_FAULT_LEGALITY] = "Fault_TileLegality",
    [TILE_FAULT_ALLOCATION] = "Fault_TileAllocation",
    [TILE_FAULT_BUNDLE] = "Fault_BundleControl",
};

void tile_engine_fault(CPUTileState *env, TileFaultKind kind, uint64_t pc, uintptr_t ra,
                       const char *why)
{
    qemu_log_mask(LOG_GUEST_ERROR, "tile: %s at 0x%" PRIx64 ": %s\n", fault_names[kind],
                  pc, why);
    tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
}

void tile_op_fault(TileOp *op, TileFaultKind kind, const char *why)
{
    tile_engine_fault(op->env, kind, op->pc, op->ra, why);
}

/* ---- Decoding the header ---- */

static void decode_header(TileOp *op)
{
    const TileBlockHeader *h = &op->env->blk.ext.hdr;
    uint32_t insn = op->env->blk.ext.tile_op;

    op->fn = extract32(insn, 20, 5);
    op->dtype = extract32(insn, 27, 5);
    op->n_iot = h->n_iot;
    op->n_ios = h->n_ios;
    op->mask = 0;
    for (unsigned i = 0; i < h->n_iot; i++) {
        uint32_t w = h->iot[i];
        unsigned form = extract32(w, 12, 3);      /* 100, 101, 110 */
        TileBind *b = &op->iot[i];

        b->size_code = extract32(w, 15, 4);
        b->has_dst = b->size_code != 0;
        b->hand = extract32(w, 7, 2);
        b->last = extract32(w, 19, 1);
        b->nsrc = form == 4 ? 2 : form == 5 ? 1 : 0;
        b->src[0] = extract32(w, 20, 6);
        b->src[1] = extract32(w, 26, 6);
        op->mask = tile_pe_mask_of_mode(extract32(w, 9, 3));
    }
    for (unsigned i = 0; i < h->n_ios; i++) {
        op->ios[i].id = extract32(h->ios[i], 20, 6);
        op->ios[i].size_code = extract32(h->ios[i], 15, 4);
        op->mask = tile_pe_mask_of_mode(extract32(h->ios[i], 9, 3));
    }
    op->has_ior = h->present & TILE_HDR_IOR;
    op->ior_dst = h->ior[0];
    for (unsigned i = 0; i < 3; i++) {
        op->ior_src[i] = h->ior[i + 1];
        op->has_lb[i] = h->present & (TILE_HDR_DIM0 << i);
        op->lb[i] = h->dim[i];
    }
    op->has_datr = h->present & TILE_HDR_DATR;
    op->layout_code = op->has_datr ? extract32(h->datr, 7, 5) : 0;
    op->pad = op->has_datr ? extract32(h->datr, 27, 2) : 3;     /* absent: Null */
    op->datr_dtype = op->has_datr ? extract32(h->datr, 20, 5) : 31;
    if (op->has_datr) {
        op->cmode = extract32(h->datr, 29, 3);
        op->sat = extract32(h->datr, 26, 1);
        op->canon = extract32(h->datr, 25, 1);
        op->rmode = extract32(h->datr, 15, 3);
    }
    op->datr_other = op->cmode | op->sat | op->canon | op->rmode;
    switch (op->layout_code) {  /* the destination half of X2Y */
    case 1: case 18: case 28:
        op->layout = TILE_LAYOUT_COL_MAJOR;
        break;
    case 3: case 8: case 30:
        op->layout = TILE_LAYOUT_ZN;
        break;
    case 4: case 9: case 20:
        op->layout = TILE_LAYOUT_NZ;
        break;
    default:
        op->layout = TILE_LAYOUT_ROW_MAJOR;
        break;
    }
    switch (op->layout_code) {  /* the source half (NORM: ND) */
    case 0: case 1: case 3: case 4:
        op->src_layout = TILE_LAYOUT_ROW_MAJOR;
        break;
    case 6: case 8: case 9:
        op->src_layout = TILE_LAYOUT_COL_MAJOR;
        break;
    case 17: case 18: case 20:
        op->src_layout = TILE_LAYOUT_ZN;
        break;
    case 27: case 28: case 30:
        op->src_layout = TILE_LAYOUT_NZ;
        break;
    default:
        op->src_layout = -1;    /* a CUBE transport or reserved code */
        break;
    }
}

/* ---- Operands ---- */

static TileLocal *live_source(TileOp *op, unsigned selector, bool need_defined)
{
    int name = tile_file_lookup(op->f, selector);
    TileLocal *t;

    if (name < 0) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "source names no live tile");
    }
    t = &op->f->local[name];
    if (need_defined && !t->defined) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "source contents not defined");
    }
    if ((t->mask & op->mask) != op->mask) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "source has no fragment on a selected PE");
    }
    return t;
}

TileLocal *tile_op_source(TileOp *op, unsigned selector, bool need_defined)
{
    TileLocal *t = live_source(op, selector, need_defined);

    if (t->d.storage != TILE_STORAGE_NUMERIC) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "a predicate tile is only a mask operand");
    }
    return t;
}

TileLocal *tile_op_mask_source(TileOp *op, unsigned selector)
{
    TileLocal *t = live_source(op, selector, true);

    if (t->d.storage != TILE_STORAGE_PREDICATE) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "mask tile is not predicate storage");
    }
    return t;
}

uint64_t tile_op_gpr(TileOp *op, unsigned pe, unsigned slot, uint64_t dflt)
{
    return op->has_ior ? op->env->gpr[pe][op->ior_src[slot]] : dflt;
}

uint32_t tile_op_lb(TileOp *op, unsigned idx)
{
    uint64_t v = op->lb[idx];

    return op->has_lb[idx] && v >= 1 && v <= 65535 ? (uint32_t)v : 0;
}

/* ---- Destinations ---- */

unsigned tile_op_push_local(TileOp *op, unsigned hand, const TileDesc *d)
{
    uint32_t cap = tile_size_code_bytes(d->size_code);
    TileNew *n = &op->dst[op->n_new];
    TilePoolResult r;

    g_assert(op->n_new < ARRAY_SIZE(op->dst));
    n->t = (TileLocal) { .d = *d, .mask = op->mask };
    /* a full hand retires its #16 (decision 10); its bytes count as free */
    n->name = tile_push_plan_add(&op->plan, op->f, hand, &n->retired);
    if (n->retired >= 0) {
        const TileLocal *old = &op->f->local[n->retired];
        tile_pool_release_local(&op->cap, old->mask, old->d.size_code);
    }
    r = tile_pool_charge_local(&op->cap, op->mask, d->size_code);
    if (r.status != TILE_POOL_OK) {
        trace_tile_capacity_fault(op->env->blk.bpc_cur, r.pe, 0, cap,
                                  r.pe >= 0 ? tile_pool_local_free(&op->cap, r.pe) : 0);
        tile_op_fault(op, TILE_FAULT_ALLOCATION, "a PE's Local pool is full");
    }
    return op->n_new++;
}

unsigned tile_op_new_local(TileOp *op, unsigned hand, const TileDesc *d)
{
    uint32_t cap = tile_size_code_bytes(d->size_code);
    uint32_t bits = tile_dtype_bits(d->dtype);
    TileDesc full = *d;

    full.rows = tile_derived_rows(cap, d->cols, d->dtype);
    if (!full.rows || d->valid_rows > full.rows || d->valid_cols > d->cols ||
        (uint64_t)d->valid_rows * d->valid_cols > (uint64_t)cap * 8 / bits) {
        tile_op_fault(op, TILE_FAULT_ALLOCATION, "destination shape does not fit its SizeCode");
    }
    if (!tile_layout_shape_legal(&full)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "ZN/NZ destination is not whole fractals");
    }
    return tile_op_push_local(op, hand, &full);
}

void tile_op_new_shared(TileOp *op, unsigned id)
{
    const TileShared *old = &op->f->shared[id];

    if (!old->valid) {
        TilePoolResult r = tile_pool_charge_shared(&op->cap, op->mask, op->shared.d.size_code);
        if (r.status != TILE_POOL_OK) {
            trace_tile_capacity_fault(op->env->blk.bpc_cur, -1, 1,
                                      tile_size_code_bytes(op->shared.d.size_code),
                                      tile_pool_shared_free(&op->cap));
            tile_op_fault(op, TILE_FAULT_LEGALITY, "the Shared pool is full");
        }
    }
    op->shared_id = id;
}

void tile_op_alloc_payloads(TileOp *op)
{
    for (unsigned i = 0; i < op->n_new; i++) {
        TileLocal *t = &op->dst[i].t;
        uint32_t bytes = tile_size_code_bytes(t->d.size_code);

        for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
            if (t->mask & (1u << pe)) {
                t->frag[pe] = tile_payload_new(bytes);
                t->frag_bytes[pe] = bytes;
            }
        }
    }
}

void tile_op_install(TileOp *op)
{
    for (unsigned i = 0; i < op->n_new; i++) {
        if (op->dst[i].retired >= 0) {
            tile_local_free(op->f, op->dst[i].retired, false);
        }
        tile_local_install(op->f, op->dst[i].name, &op->dst[i].t);
    }
    tile_push_plan_commit(op->f, &op->plan);
    if (op->shared_id >= 0) {
        tile_payload_free(op->f->shared[op->shared_id].payload);
        op->f->shared[op->shared_id] = op->shared;
    }
    op->f->cap = op->cap;
}

/* ---- Memory ---- */

void tile_op_probe(TileOp *op, uint64_t addr, unsigned bytes, bool write)
{
    CPUState *cs = env_cpu(op->env);

    if (bytes > 1 && (addr & (bytes - 1))) {
        tile_raise_exception(op->env, EXCP_DATA_ALIGN_FAULT, addr, op->ra);
    }
    if (!address_space_access_valid(cs->as, addr, bytes, write, MEMTXATTRS_UNSPECIFIED) ||
        !tile_data_access_permitted(op->env, addr, bytes)) {
        tile_raise_exception(op->env, EXCP_DATA_PAGE_FAULT, addr, op->ra);
    }
}

uint64_t tile_op_load(TileOp *op, uint64_t addr, unsigned bytes)
{
    switch (bytes) {
    case 1:
        return cpu_ldub_data_ra(op->env, addr, op->ra);
    case 2:
        return cpu_lduw_le_data_ra(op->env, addr, op->ra);
    case 4:
        return cpu_ldl_le_data_ra(op->env, addr, op->ra);
    default:
        return cpu_ldq_le_data_ra(op->env, addr, op->ra);
    }
}

void tile_op_store(TileOp *op, uint64_t addr, unsigned bytes, uint64_t value)
{
    switch (bytes) {
    case 1:
        cpu_stb_data_ra(op->env, addr, value, op->ra);
        break;
    case 2:
        cpu_stw_le_data_ra(op->env, addr, value, op->ra);
        break;
    case 4:
        cpu_stl_le_data_ra(op->env, addr, value, op->ra);
        break;
    default:
        cpu_stq_le_data_ra(op->env, addr, value, op->ra);
        break;
    }
}

/* ---- The commit ---- */

void tile_block_execute(CPUTileState *env, uint64_t pc, uintptr_t ra)
{
    const TileBlockHeader *h = &env->blk.ext.hdr;
    TileOp *op;

    if (!env->tiles) {
        tile_engine_fault(env, TILE_FAULT_LEGALITY, pc, ra, "no tile-core device");
    }
    /* a block whose every binding had PEMode 000: strict no-op */
    if ((h->present & TILE_HDR_ZERO_PART) && !h->n_iot && !h->n_ios) {
        return;
    }
    /* on the stack: a fault leaves by longjmp, and nothing is allocated
     * before the last check has passed */
    TileOp o = { .env = env, .f = env->tiles, .pc = pc, .ra = ra, .shared_id = -1 };
    op = &o;
    decode_header(op);
    tile_push_plan_init(&op->plan, op->f);
    op->cap = tile_pool_snapshot(&op->f->cap);
    /* the BSTART's class (selector[19:16]): 1 TLSU or TEPL, 3 CUBE */
    if (extract32(env->blk.ext.tile_op, 16, 4) == 3) {
        tile_cube_commit(op);
    } else if (tile_insn_is_tepl(env->blk.ext.tile_op)) {
        tile_tepl_commit(op);
    } else {
        tile_tlsu_commit(op);       /* (B.FPATR is only accepted in Matrix blocks) */
    }
    trace_tile_tile_op_commit(env->blk.bpc_cur, op->name, op->mask,
                              op->n_new ? op->dst[0].name : -1);
}
