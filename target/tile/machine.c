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
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(bpc_cur, TileBlockState),
        VMSTATE_UINT64(bpc_tgt, TileBlockState),
        VMSTATE_UINT64(lra, TileBlockState),
        VMSTATE_UINT64(lb, TileBlockState),
        VMSTATE_UINT64(lc, TileBlockState),
        VMSTATE_UINT64(tplflags, TileBlockState),
        VMSTATE_UINT64(ret_addr, TileBlockState),
        VMSTATE_UINT32(phase, TileBlockState),
        VMSTATE_UINT32(kind, TileBlockState),
        VMSTATE_UINT32(cond, TileBlockState),
        VMSTATE_UINT32(setc_done, TileBlockState),
        VMSTATE_UINT32(setc_tgt_done, TileBlockState),
        VMSTATE_UINT64(commit_arg, TileBlockState),
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
        VMSTATE_UINT64_ARRAY(env.sr_base, TileCPU, TILE_SR_BASE_COUNT),
        VMSTATE_UINT64_2DARRAY(env.sr_acr, TileCPU, TILE_NUM_ACRS,
                               TILE_SR_ACR_COUNT),
        VMSTATE_UINT64(env.fault_insn, TileCPU),
        VMSTATE_UINT64(env.trap_arg, TileCPU),
        VMSTATE_UINT32(env.fault_len, TileCPU),
        VMSTATE_END_OF_LIST()
    }
};
