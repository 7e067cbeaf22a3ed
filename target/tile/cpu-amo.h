/*
 * PTO Tile CPU: AMO engine state (the LR/SC reservation monitor)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TILE_CPU_AMO_H
#define TILE_CPU_AMO_H

typedef struct TileAmoState {
    uint64_t resv_addr;         /* 64-byte granule of the reservation */
    uint64_t resv_value;        /* value loaded by LR, for the SC compare */
    uint32_t resv_valid;
    uint32_t pad;
} TileAmoState;

#endif
