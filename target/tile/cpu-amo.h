/*
 * PTO Tile CPU: AMO engine state (the LR/SC reservation monitor)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The local monitor is line based (PTO-SCALAR-MODEL-AMO-SEMANTICS): LR
 * reserves the 64-byte granule that holds its address, and SC matches on
 * the granule alone, whatever its width or byte address.
 *
 * Other cores' stores and this core's plain stores are not hooked, so the
 * monitor also keeps a snapshot of the reserved granule taken atomically
 * with the LR value; SC succeeds only if the granule still holds those
 * bytes, checked and stored in one step (exclusively under MTTCG).  AMO,
 * CAS and DMA writes of this core drop the reservation explicitly, as the
 * ASL says, even when they leave the bytes unchanged.
 */
#ifndef TILE_CPU_AMO_H
#define TILE_CPU_AMO_H

#define TILE_RESV_GRANULE 64    /* PTO_RESERVATION_GRANULE_BYTES */

typedef struct TileAmoState {
    uint64_t resv_addr;         /* address LR used (its granule is reserved) */
    uint64_t resv_value;        /* value LR loaded (MMIO: the only check) */
    uint32_t resv_valid;
    uint32_t resv_size;         /* LR width in bytes */
    uint32_t resv_line_ok;      /* resv_line holds the granule (RAM) */
    uint32_t pad;
    uint64_t resv_line[TILE_RESV_GRANULE / 8];  /* granule bytes at LR */
} TileAmoState;

#endif
