/*
 * PTO Tile interrupt controller of the virt machine
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Routes device interrupt lines to the external interrupt IDs of the
 * Cores (the IPENDING / TOPEI / EOIEI registers of each ring bank).
 * Register layout: docs/machine.md.
 */

#ifndef HW_TILE_TILE_INTC_H
#define HW_TILE_TILE_INTC_H

#include "hw/sysbus.h"
#include "qom/object.h"

#define TYPE_TILE_INTC "tile-intc"
OBJECT_DECLARE_SIMPLE_TYPE(TileIntcState, TILE_INTC)

#define TILE_INTC_NUM_LINES     32      /* device interrupt lines */
#define TILE_INTC_MAX_CORES     16
#define TILE_INTC_NUM_IDS       64      /* InterruptID 0..63 */
#define TILE_INTC_MMIO_SIZE     0x1000

/* Registers, all 32 bits wide */
#define TILE_INTC_REG_INFO      0x000   /* RO: [7:0] lines, [15:8] Cores */
#define TILE_INTC_REG_LEVEL     0x004   /* RO: bit n = line n is high */
#define TILE_INTC_REG_ENABLE    0x008   /* RW: bit n = line n is routed */
#define TILE_INTC_REG_ROUTE     0x100   /* RW: + 4 * n: line n's route */

/* ROUTE fields: the interrupt ID and the Core a line raises */
#define TILE_INTC_ROUTE_ID_MASK     0x3f
#define TILE_INTC_ROUTE_CORE_SHIFT  8
#define TILE_INTC_ROUTE_CORE_MASK   0xff

/* Reset route of line n: ID TILE_INTC_DEFAULT_ID_BASE + n on Core 0. */
#define TILE_INTC_DEFAULT_ID_BASE   32

struct TileIntcState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    qemu_irq out[TILE_INTC_MAX_CORES * TILE_INTC_NUM_IDS];
    uint32_t num_cores;

    uint32_t level;                     /* input line levels */
    uint32_t enable;
    uint32_t route[TILE_INTC_NUM_LINES];
    uint64_t driven[TILE_INTC_MAX_CORES];   /* output levels, per Core */
};

/*
 * Create the controller at @base for the first @num_cores CPUs and connect
 * its outputs to their external interrupt inputs.
 */
DeviceState *tile_intc_create(hwaddr base, unsigned num_cores);

/* Add its device tree node under @parent; returns its phandle. */
uint32_t tile_intc_add_fdt_node(void *fdt, const char *parent, hwaddr base);

#endif
