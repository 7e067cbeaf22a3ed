/*
 * PTO Tile ALU helpers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"

/*
 * C.SETC.TGT may only write the target of an active STD or FP block
 * (BundleCommitTargetWritable, PTO-SCALAR-C-SETC-TGT); otherwise it is
 * Fault_BundleControl at the instruction, before its source is read.
 * All blocks the engine opens today are STD blocks.
 */
void helper_c_setc_tgt_check(CPUTileState *env, uint64_t pc)
{
    if (env->blk.phase == TILE_BLOCK_NONE) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
    }
}
