/*
 * PTO general queue management: the machine's side of the GQM device
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The CPU's side (the queue operations, the link property) is in
 * tile_state.h.
 */
#ifndef HW_TILE_TILE_GQM_H
#define HW_TILE_TILE_GQM_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/tile/tile_state.h"     /* TYPE_TILE_GQM */

OBJECT_DECLARE_SIMPLE_TYPE(TileGqmState, TILE_GQM)

/* The machine's one GQM device; each CPU's link TILE_GQM_LINK_PROP names it. */
TileGqmState *tile_gqm_create(void);

#endif
