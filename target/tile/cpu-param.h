/*
 * PTO Tile CPU parameters
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef TILE_CPU_PARAM_H
#define TILE_CPU_PARAM_H

#define TARGET_PAGE_BITS 12

#define TARGET_PHYS_ADDR_SPACE_BITS 48
#define TARGET_VIRT_ADDR_SPACE_BITS 48

/*
 * Guest memory order is PTO-TSO: every ordering is kept except a store
 * followed by a load.
 */
#define TCG_GUEST_DEFAULT_MO (TCG_MO_ALL & ~TCG_MO_ST_LD)

/*
 * insn_start words beyond the PC: what restore_state_to_opc needs to
 * rebuild the block state of a block the translator keeps inline
 * (tcg/translate.c, tile_restore_state_to_opc()): the packed block word
 * and the block's static target.
 */
#define TARGET_INSN_START_EXTRA_WORDS 2

#endif
