/*
 * PTO Tile CPU: the commit of a block (tile/commit.c)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * What the translator and the block helpers (tcg/) call.  The engines
 * never include this header: the commit calls them, not the other way.
 */

#ifndef TARGET_TILE_TILE_COMMIT_H
#define TARGET_TILE_TILE_COMMIT_H

/* Build the BSTART.TEPL selector table from the engines' tables; once,
 * before the first translation. */
void tile_commit_init(void);

/*
 * Commit the active block (CompleteBundleAt) at pc: a TILE block's
 * operation first, then the block's own effects.  cont is where a block
 * that does not select its target continues; returns where execution
 * continues.  May raise a trap (every check precedes every effect).
 */
uint64_t tile_block_commit(CPUTileState *env, uint64_t pc, uint64_t cont, uintptr_t ra);

/* Whether the active block continues at its target when it commits. */
bool tile_block_selects_target(CPUTileState *env);

/* Whether a BSTART word is BSTART.TEPL (from the isa/ tables). */
bool tile_insn_is_tepl(uint32_t insn);

/* Whether the TEPL operation at Mode:Function has semantics here (the
 * translator raises Fault_IllegalInstruction + LOG_UNIMP otherwise). */
bool tile_tepl_has_semantics(unsigned mode, unsigned function);

#endif /* TARGET_TILE_TILE_COMMIT_H */
