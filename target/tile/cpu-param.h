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

#endif
