/*
 * PTO Tile CPU: the commit of a block, the one path every block kind uses
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * tile_block_commit() completes the active block (CompleteBundleAt) for
 * every block type: the BSTOP, the next BSTART and B.HINT TRACE all end
 * a block through it.  A TILE block's operation runs here first: its
 * recorded header is decoded into a TileOp (tile/op.h) and the engine
 * that claims the BSTART word in tile_engines[] runs it; a BSTART.TEPL
 * operation is found by its Mode:Function selector in the operation
 * tables the VEC and SFU engines export (tile/engines.h).
 *
 * Spec units: PTO-BLOCK-MODEL-LIFECYCLE-ENTER-STOP, PTO-BLOCK-MODEL-
 * COMMIT-VALIDATION / -EFFECTS, PTO-BLOCK-MODEL-DISPATCH-TILE-EXECUTION,
 * PTO-BLOCK-BSTART-TEPL.  docs/design.md decision 3 (a taken block ended
 * by the next BSTART continues at its target).
 *
 * Every Tile operation that commits is counted here, once, for the
 * tile-core device's utilization report (docs/tile-core.md).
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "tile/op.h"
#include "tile/commit.h"
#include "tile/engines.h"
#include "tile-isa.h"
#include "trace.h"

/* ---- BSTART.TEPL operations: the selector table ---- */

#define TEPL_SELECTORS 128      /* Mode[1:0]:Function[4:0] */

static const TeplOpInfo *tepl_ops[TEPL_SELECTORS];
static uint32_t tepl_match, tepl_mask;

/* Every engine's BSTART.TEPL operations. */
static const TeplOpTable *const tepl_tables[] = {
    &tile_vec_ops,
    &tile_sfu_elementwise_ops,
    &tile_sfu_reduce_ops,
    &tile_sfu_layout_ops,
    &tile_sfu_irregular_ops,
};

/* The selectors come from the isa/ tables (tile-ops.isa), never from here. */
void tile_commit_init(void)
{
    const TileIsaForm *form;

    g_assert(tile_isa_lookup("BSTART.TEPL", &form, 1) == 1);
    tepl_match = form->match;
    tepl_mask = form->mask;
    for (unsigned k = 0; k < ARRAY_SIZE(tepl_tables); k++) {
        const TeplOpInfo *ops = tepl_tables[k]->ops;

        for (unsigned i = 0; i < tepl_tables[k]->n; i++) {
            const TileIsaTileOp *t = tile_isa_tepl_op_by_name(ops[i].name, ops[i].engine);

            g_assert(t && t->mode >= 0 && t->function >= 0);
            g_assert(!tepl_ops[t->mode << 5 | t->function]);
            tepl_ops[t->mode << 5 | t->function] = &ops[i];
        }
    }
}

bool tile_insn_is_tepl(uint32_t insn)
{
    return (insn & tepl_mask) == tepl_match;
}

bool tile_tepl_has_semantics(unsigned mode, unsigned function)
{
    return mode < 4 && function < 32 && tepl_ops[mode << 5 | function];
}

/* BSTART.TEPL: the operation its Mode:Function selector names. */
static void tepl_commit(TileOp *op)
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
     * here (tile_op_commit).
     */
    if (!op->n_iot) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "TEPL block without a B.IOT");
    }
    v.info->commit(&v);
}

/* ---- A Tile block: decoding its header ---- */

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

/* ---- A Tile block: the utilization counters (docs/tile-core.md) ---- */

/*
 * What a committed operation did, from its TileOp: the elements of its
 * Local destinations on each PE of the mask, each PE's quarter of a
 * Shared destination (PTO-TILE-MODEL: PE q owns quarter q), the elements
 * it stored and the bits it moved (tile/op.c's memory functions), and for
 * CUBE M x N x K multiply-accumulates per PE, M, N, K being B.DIM LB0,
 * LB1, LB2 (1 when absent) as the CUBE engine reads them.
 */
static void count_op(TileOp *op, Object *tile_core, unsigned form_base)
{
    TileOpWork w = { .form = form_base + op->fn, .mask = op->mask };
    uint64_t quarter[TILE_POOL_PES] = { 0 };

    if (form_base == TILE_STATS_FORM_TEPL) {
        w.form |= extract32(op->env->blk.ext.tile_op, 25, 2) << 5;
    }
    if (op->shared_id >= 0) {
        const TileDesc *d = &op->shared.d;

        for (uint32_t r = 0; r < d->valid_rows; r++) {
            for (uint32_t c = 0; c < d->valid_cols; c++) {
                quarter[tile_shared_quarter(d, tile_storage_index(d, r, c))]++;
            }
        }
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (!(op->mask & (1u << pe))) {
            continue;
        }
        for (unsigned i = 0; i < op->n_new; i++) {
            const TileDesc *d = &op->dst[i].t.d;

            if (op->dst[i].t.mask & (1u << pe)) {
                w.elements[pe] += (uint64_t)d->valid_rows * d->valid_cols;
            }
        }
        w.elements[pe] += quarter[pe] + op->elements_stored[pe];
        w.bytes_to_tile[pe] = DIV_ROUND_UP(op->bits_loaded[pe], 8);
        w.bytes_to_memory[pe] = DIV_ROUND_UP(op->bits_stored[pe], 8);
        if (form_base == TILE_STATS_FORM_CUBE) {
            w.macs[pe] = (uint64_t)(tile_op_lb(op, 0) ?: 1) * (tile_op_lb(op, 1) ?: 1) *
                         (tile_op_lb(op, 2) ?: 1);
        }
    }
    tile_stats_record_op(tile_core_stats(tile_core), &w, &op->f->cap);
}

/* ---- A Tile block: the engine dispatch table ---- */

/* The BSTART's class (selector[19:16]): 1 TLSU or TEPL, 3 CUBE. */
static bool is_matrix_bstart(uint32_t insn)
{
    return extract32(insn, 16, 4) == 3;
}

static bool is_any_bstart(uint32_t insn)
{
    return true;
}

/*
 * The engine that runs a Tile block, by its BSTART word: the first entry
 * that claims the word.  (B.FPATR is only accepted in Matrix blocks.)
 */
static const struct {
    const char *engine;
    bool (*claims)(uint32_t bstart);
    void (*commit)(TileOp *op);
    unsigned stats_form;        /* its first form in the utilization counters */
} tile_engines[] = {
    { "CUBE", is_matrix_bstart, tile_cube_commit, TILE_STATS_FORM_CUBE },
    { "VEC / SFU (BSTART.TEPL)", tile_insn_is_tepl, tepl_commit, TILE_STATS_FORM_TEPL },
    { "TLSU", is_any_bstart, tile_tlsu_commit, TILE_STATS_FORM_TLSU },
};

/* The Tile operation of a committing TILE block: all its checks, then
 * all its effects, or a fault that leaves everything as it was. */
static void tile_op_commit(CPUTileState *env, uint64_t pc, uintptr_t ra)
{
    const TileBlockHeader *h = &env->blk.ext.hdr;
    Object *tile_core = env_archcpu(env)->tile_core;
    TileOp *op;

    if (!tile_core) {
        tile_engine_fault(env, TILE_FAULT_LEGALITY, pc, ra, "no tile-core device");
    }
    /* a block whose every binding had PEMode 000: strict no-op */
    if ((h->present & TILE_HDR_ZERO_PART) && !h->n_iot && !h->n_ios) {
        return;
    }
    /* on the stack: a fault leaves by longjmp, and nothing is allocated
     * before the last check has passed */
    TileOp o = {
        .env = env, .f = tile_core_tile_file(tile_core), .pc = pc, .ra = ra,
        .shared_id = -1,
    };
    op = &o;
    decode_header(op);
    tile_push_plan_init(&op->plan, op->f);
    op->cap = tile_pool_snapshot(&op->f->cap);
    for (unsigned i = 0; i < ARRAY_SIZE(tile_engines); i++) {
        if (tile_engines[i].claims(env->blk.ext.tile_op)) {
            tile_engines[i].commit(op);
            count_op(op, tile_core, tile_engines[i].stats_form);
            break;
        }
    }
    trace_tile_tile_op_commit(env->blk.bpc_cur, op->name, op->mask,
                              op->n_new ? op->dst[0].name : -1);
}

/* ---- The commit of a block ---- */

bool tile_block_selects_target(CPUTileState *env)
{
    switch (env->blk.kind) {
    case TILE_XFER_DIRECT:
    case TILE_XFER_CALL:
    case TILE_XFER_IND:
    case TILE_XFER_ICALL:
    case TILE_XFER_RET:
        return true;
    case TILE_XFER_COND:
        return env->blk.cond != 0;
    default:
        return false;
    }
}

/* Retire the active block: all block-private state is cleared. */
static void block_clear(CPUTileState *env)
{
    env->blk.phase = TILE_BLOCK_NONE;
    env->blk.btype = TILE_BTYPE_STD;
    env->blk.kind = TILE_XFER_FALL;
    env->blk.cond = 0;
    env->blk.setc_done = 0;
    env->blk.setc_tgt_done = 0;
    env->blk.bpc_cur = 0;
    env->blk.bpc_tgt = 0;
    memset(&env->blk.ext.hdr, 0, sizeof(env->blk.ext.hdr));
    env->bpc = 0;
}

/*
 * A fault raised after the instruction's effects are architectural: the
 * trap records resume_pc (not the instruction) as EBARG_TPC.
 */
static G_NORETURN void raise_after(CPUTileState *env, int excp, uint64_t arg,
                                   uint64_t resume_pc)
{
    CPUState *cs = env_cpu(env);

    env->pc = resume_pc;
    env->trap_arg = arg;
    cs->exception_index = excp;
    cpu_loop_exit(cs);
}

/*
 * Commit the active block (CompleteBundleAt); cont is where a block that
 * does not select its target continues.  Every check precedes every
 * effect.  Returns the continuation address.  B.CATR trap: after the
 * commit, Fault_BundlePostCommit (trap 5, TRAPARG0 = the next PC), which
 * resumes at the next PC.
 */
uint64_t tile_block_commit(CPUTileState *env, uint64_t pc, uint64_t cont, uintptr_t ra)
{
    uint64_t next = tile_block_selects_target(env) ? env->blk.bpc_tgt : cont;
    uint32_t catr = env->blk.ext.hdr.catr;
    bool tile_block = env->blk.btype == TILE_BTYPE_TILE;

    if ((cont & 1) || (next & 1)) {
        tile_raise_exception(env, EXCP_INST_PC_FAULT, next, ra);
    }
    /* B.CATR DR: only VEC/TLSU blocks; scalar block kinds reject it here */
    if ((catr & TILE_CATR_DR) && env->blk.btype != TILE_BTYPE_TILE) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
    /* the Tile operation: all its checks, then all its effects, or a fault */
    if (env->blk.btype == TILE_BTYPE_TILE) {
        tile_op_commit(env, pc, ra);
    }
    trace_tile_block_commit(env->blk.bpc_cur, env->blk.kind, next != cont, next);
    block_clear(env);
    if (catr & TILE_CATR_TRAP) {
        if (tile_block && env_archcpu(env)->tile_core) {
            tile_stats_record_fault(tile_core_stats(env_archcpu(env)->tile_core),
                                    TILE_STATS_FAULT_POST_COMMIT);
        }
        env->fault_kind = TILE_FAULT_POST_COMMIT;
        raise_after(env, EXCP_BUNDLE_TRAP, next, next);
    }
    tile_block_boundary(env);
    return next;
}
