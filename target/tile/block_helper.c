/*
 * PTO Tile block engine helpers: BSTART, BSTOP, SETC (scalar STD blocks)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The block argument (BARG: BPC, transfer type, target BPCN, TAKEN) lives
 * in env->blk.  Spec units: PTO-BLOCK-MODEL-DISPATCH-START,
 * PTO-BLOCK-MODEL-LIFECYCLE-BEGIN / -ENTER-STOP, PTO-BLOCK-MODEL-COMMIT.
 * DESIGN.md decisions 2 (the first non-header instruction starts the body)
 * and 3 (a taken block ended by the next BSTART continues at its target).
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "trace.h"

static bool block_selects_target(CPUTileState *env)
{
    switch (env->blk.kind) {
    case TILE_XFER_DIRECT:
    case TILE_XFER_IND:
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
    env->blk.kind = TILE_XFER_FALL;
    env->blk.cond = 0;
    env->blk.setc_done = 0;
    env->blk.bpc_cur = 0;
    env->blk.bpc_tgt = 0;
    env->bpc = 0;
}

/*
 * Commit the active block; cont is where a block that does not select its
 * target continues.  Returns the continuation address.
 */
static uint64_t block_commit(CPUTileState *env, uint64_t cont, uintptr_t ra)
{
    uint64_t next = block_selects_target(env) ? env->blk.bpc_tgt : cont;

    if (next & 1) {
        tile_raise_exception(env, EXCP_INST_PC_FAULT, next, ra);
    }
    trace_tile_block_commit(env->blk.bpc_cur, env->blk.kind, next != cont,
                            next);
    block_clear(env);
    return next;
}

/*
 * BSTART at pc (len bytes) with transfer kind and, for DIRECT/COND, its
 * target.  Returns the address execution continues at.
 */
uint64_t helper_bstart(CPUTileState *env, uint64_t pc, uint32_t len,
                       uint32_t kind, uint64_t target)
{
    uintptr_t ra = GETPC();
    bool active = env->blk.phase != TILE_BLOCK_NONE;

    switch (kind) {
    case TILE_XFER_FALL:
        target = pc + len;
        break;
    case TILE_XFER_RET:
        target = env->blk.ret_addr;
        break;
    case TILE_XFER_IND:
        /* the target SETC.TGT gave the block this BSTART retires */
        if (!active) {
            tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
        }
        target = env->blk.bpc_tgt;
        break;
    }
    if (target & 1) {
        tile_raise_exception(env, EXCP_INST_PC_FAULT, target, ra);
    }
    if (active) {
        bool taken = block_selects_target(env);
        uint64_t next = block_commit(env, pc, ra);
        if (taken) {
            return next;        /* decision 3: this BSTART opens nothing */
        }
    }
    env->blk.phase = TILE_BLOCK_HEADER;
    env->blk.kind = kind;
    env->blk.cond = kind != TILE_XFER_COND;
    env->blk.setc_done = 0;
    env->blk.bpc_cur = pc;
    env->blk.bpc_tgt = target;
    env->bpc = pc;
    return pc + len;
}

/* BSTOP / C.BSTOP / L.BSTOP at pc, len bytes long. */
uint64_t helper_bstop(CPUTileState *env, uint64_t pc, uint32_t len)
{
    uintptr_t ra = GETPC();

    if (env->blk.phase == TILE_BLOCK_NONE) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
    return block_commit(env, pc + len, ra);
}

/*
 * SETC placement: only in the body of an active COND block, and only one
 * condition setter per block (Fault_BundleControl otherwise), checked
 * before any operand is read.
 */
void helper_setc_check(CPUTileState *env, uint64_t pc)
{
    if (env->blk.phase != TILE_BLOCK_BODY || env->blk.kind != TILE_XFER_COND ||
        env->blk.setc_done) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
    }
}

void helper_setc_set(CPUTileState *env, uint64_t cond)
{
    env->blk.cond = cond != 0;
    env->blk.setc_done = 1;
}
