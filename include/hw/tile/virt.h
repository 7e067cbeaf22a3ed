/*
 * PTO Tile "virt" machine
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_TILE_VIRT_H
#define HW_TILE_VIRT_H

#include "hw/boards.h"
#include "qom/object.h"

#define TILE_VIRT_CPUS_MAX 16

#define TYPE_TILE_VIRT_MACHINE MACHINE_TYPE_NAME("virt")
OBJECT_DECLARE_SIMPLE_TYPE(TileVirtMachineState, TILE_VIRT_MACHINE)

enum {
    TILE_VIRT_DRAM,
    TILE_VIRT_UART0,
    TILE_VIRT_TEST,
    TILE_VIRT_INTC,             /* interrupt controller (tile-intc) */
    TILE_VIRT_CORE,             /* the tile-core window of each core */
};

/* The interrupt controller's input line of each device. */
#define TILE_VIRT_UART0_IRQ 0

/* Stride between the tile-core MMIO windows of consecutive cores. */
#define TILE_VIRT_CORE_STRIDE 0x1000

typedef struct TileVirtMemMapEntry {
    hwaddr base;
    hwaddr size;
} TileVirtMemMapEntry;

struct TileVirtMachineState {
    MachineState parent_obj;

    vaddr entry;                /* reset PC of core 0 */
    int fdt_size;
    uint64_t data_limit;        /* -machine data-limit: RAM every ring may access */
    uint64_t app_region;        /* -machine app-region: RAM rings ACR2.. may access */
    bool isa_identity_strict;   /* -machine isa-identity=strict */
};

/*
 * hw/tile/virt_identity.c: the ISA identity note of an ELF image against
 * the emulator's (docs/isa-identity.md): silent when it matches or is
 * absent; otherwise one warning line, or with strict one error line and
 * exit(1).  Images that are not ELF for this machine are left alone.
 */
void tile_virt_check_identity(const char *what, const char *filename, bool strict);
/* The same for every -device loader ELF file, once the machine is built. */
void tile_virt_check_loader_identity(bool strict);

#endif
