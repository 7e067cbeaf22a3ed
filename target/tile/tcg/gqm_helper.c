/*
 * PTO Tile GQM helpers: HL.QMT, HL.QPUSH, HL.QPOP
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The queues are system state held by the machine's GQM device
 * (PTO-ARCH-GQM; hw/tile/tile_gqm.c), reached through the CPU's QOM link
 * "gqm" and include/hw/tile/tile_state.h.  The translator
 * (trans_block.c.inc) snapshots the sources and places the barriers.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/helper-proto.h"
#include "hw/tile/tile_state.h"

uint64_t helper_gqm_qmt(CPUTileState *env, uint64_t address, uint64_t cap_src,
                        uint32_t flags)
{
    return tile_gqm_manage(env_archcpu(env)->gqm, address, cap_src, flags);
}

uint64_t helper_gqm_push(CPUTileState *env, uint64_t address, uint64_t entry,
                         uint32_t flags)
{
    return tile_gqm_push(env_archcpu(env)->gqm, address, entry, flags);
}

/* The data goes to env->blk.ext.gqm_data, which the translator reads next. */
uint64_t helper_gqm_pop(CPUTileState *env, uint64_t address, uint32_t flags)
{
    return tile_gqm_pop(env_archcpu(env)->gqm, address, flags, &env->blk.ext.gqm_data);
}
