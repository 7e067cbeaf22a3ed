/*
 * PTO Tile CPU migration state
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "migration/vmstate.h"

static const VMStateDescription vmstate_tile_block = {
    .name = "cpu/block",
    .version_id = 2,
    .minimum_version_id = 2,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(bpc_cur, TileBlockState),
        VMSTATE_UINT64(bpc_tgt, TileBlockState),
        VMSTATE_UINT64(ret_addr, TileBlockState),
        VMSTATE_UINT32(phase, TileBlockState),
        VMSTATE_UINT32(btype, TileBlockState),
        VMSTATE_UINT32(kind, TileBlockState),
        VMSTATE_UINT32(cond, TileBlockState),
        VMSTATE_UINT32(setc_done, TileBlockState),
        VMSTATE_UINT32(setc_tgt_done, TileBlockState),
        VMSTATE_UINT64(commit_arg, TileBlockState),
        /* header bindings, template progress (host byte order) */
        VMSTATE_BUFFER_UNSAFE(ext, TileBlockState, 0, sizeof(TileBlockExt)),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tile_amo = {
    .name = "cpu/amo",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(resv_addr, TileAmoState),
        VMSTATE_UINT64(resv_value, TileAmoState),
        VMSTATE_UINT32(resv_valid, TileAmoState),
        VMSTATE_UINT32(resv_size, TileAmoState),
        VMSTATE_UINT32(resv_line_ok, TileAmoState),
        VMSTATE_UINT64_ARRAY(resv_line, TileAmoState, TILE_RESV_GRANULE / 8),
        VMSTATE_END_OF_LIST()
    }
};

static const VMStateDescription vmstate_tile_snapshot = {
    .name = "cpu/trap-snapshot",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(blk, TileTrapSnapshot, 1, vmstate_tile_block, TileBlockState),
        VMSTATE_UINT32(tq_valid, TileTrapSnapshot),
        VMSTATE_UINT32(uq_valid, TileTrapSnapshot),
        VMSTATE_UINT32(valid, TileTrapSnapshot),
        VMSTATE_END_OF_LIST()
    }
};

/* The levels of the external interrupt lines (only when one is high). */
static bool tile_ext_lines_needed(void *opaque)
{
    TileCPU *cpu = opaque;

    return cpu->env.ext_lines != 0;
}

static const VMStateDescription vmstate_tile_ext_lines = {
    .name = "cpu/ext_lines",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tile_ext_lines_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(env.ext_lines, TileCPU),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tile_cpu = {
    .name = "cpu",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64_2DARRAY(env.gpr, TileCPU, TILE_NUM_PES,
                               TILE_NUM_GPRS),
        VMSTATE_UINT64(env.pc, TileCPU),
        VMSTATE_UINT64(env.bpc, TileCPU),
        VMSTATE_STRUCT(env.blk, TileCPU, 1, vmstate_tile_block,
                       TileBlockState),
        VMSTATE_UINT64_ARRAY(env.tq, TileCPU, TILE_QUEUE_DEPTH),
        VMSTATE_UINT64_ARRAY(env.uq, TileCPU, TILE_QUEUE_DEPTH),
        VMSTATE_UINT32(env.tq_valid, TileCPU),
        VMSTATE_UINT32(env.uq_valid, TileCPU),
        VMSTATE_UINT32(env.acr, TileCPU),
        VMSTATE_UINT64(env.thread_ptr, TileCPU),
        VMSTATE_UINT64(env.global_ptr, TileCPU),
        VMSTATE_UINT64(env.core_state, TileCPU),
        VMSTATE_UINT64(env.core_feature_enable, TileCPU),
        VMSTATE_STRUCT(env.amo, TileCPU, 1, vmstate_tile_amo, TileAmoState),
        VMSTATE_UINT32(env.fsu.flags, TileCPU),
        VMSTATE_UINT32(env.fsu.rmode, TileCPU),
        VMSTATE_UINT64_2DARRAY(env.sr_ctx, TileCPU, TILE_NUM_ACRS,
                               TILE_SR_CTX_SLOTS),
        VMSTATE_UINT64_ARRAY(env.ipending, TileCPU, TILE_NUM_ACRS),
        VMSTATE_STRUCT_ARRAY(env.snap, TileCPU, TILE_NUM_ACRS, 1,
                             vmstate_tile_snapshot, TileTrapSnapshot),
        VMSTATE_UINT64(env.fault_insn, TileCPU),
        VMSTATE_UINT64(env.trap_arg, TileCPU),
        VMSTATE_UINT32(env.fault_len, TileCPU),
        VMSTATE_TIMER_PTR(timer, TileCPU),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tile_ext_lines,
        NULL
    }
};
