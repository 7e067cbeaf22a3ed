/*
 * QEMU PTO Tile CPU QOM header (target agnostic)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef TILE_CPU_QOM_H
#define TILE_CPU_QOM_H

#include "hw/core/cpu.h"

#define TYPE_TILE_CPU "tile-cpu"

#define TILE_CPU_TYPE_SUFFIX "-" TYPE_TILE_CPU
#define TILE_CPU_TYPE_NAME(model) model TILE_CPU_TYPE_SUFFIX

/* The one CPU model so far: a PTO Core of ISA 0.58.3 + ADR 0097. */
#define TYPE_TILE_CPU_PTO_CORE TILE_CPU_TYPE_NAME("pto-core")

OBJECT_DECLARE_CPU_TYPE(TileCPU, TileCPUClass, TILE_CPU)

#endif
