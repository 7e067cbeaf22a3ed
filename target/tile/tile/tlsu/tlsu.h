/*
 * PTO Tile CPU: what the TLSU engine's files share
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * tlsu.c runs the TLSU forms (tile_tlsu_commit) and hands MGATHER /
 * MSCATTER to tlsu_indexed.c and the CUBE transport layouts to
 * tlsu_cube.c; tlsu_common.c holds what the three share.
 */

#ifndef TARGET_TILE_TLSU_H
#define TARGET_TILE_TLSU_H

#include "tile/op.h"

/* BSTART TLSU function codes (selector[4:0], PTO-BLOCK-EXECUTION-BSTART-*) */
enum {
    TLSU_TLOAD = 0,
    TLSU_TSTORE = 1,
    TLSU_TMOV = 2,
    TLSU_TPREFETCH = 3,
    TLSU_MGATHER = 4,
    TLSU_MSCATTER = 5,
    TLSU_MGATHER_MASK = 6,
    TLSU_MSCATTER_MASK = 7,
    TLSU_MGATHER_CAS = 8,
    TLSU_L2S_INSERT = 9,
    TLSU_L2S_PUBLISH = 10,
    TLSU_S2L_BROADCAST = 11,
    TLSU_S2L_EXTRACT = 12,
    TLSU_GMOV = 13,
    TLSU_TSTORE_SPART = 14,
};

#define TILE_DTYPE_NONE 31

/* The BSTART data type, which every TLSU form needs. */
unsigned tlsu_dtype(TileOp *op);
/* Exactly one B.IOT with nsrc sources, a destination or not, and L. */
const TileBind *tlsu_one_binding(TileOp *op, unsigned nsrc, bool has_dst);
/* B.DATR: Layout, and PadValue where pad_allowed; nothing else. */
void tlsu_check_datr(TileOp *op, bool pad_allowed);

/*
 * Global memory: element (r, c) of the strided row-major image at base;
 * one access of tlsu_mem_bytes(); the 4-bit types two to a byte, even
 * column in the low nibble, loads zero-extended, stores keeping the
 * sibling nibble (PTO-TILE-MODEL-MEMORY-STRIDE).
 */
unsigned tlsu_mem_bytes(unsigned dtype);
uint64_t tlsu_gm_addr(uint64_t base, uint64_t stride, unsigned dtype, uint32_t r, uint32_t c);
uint64_t tlsu_gm_read(TileOp *op, unsigned pe, uint64_t addr, unsigned dtype, uint32_t c);
void tlsu_gm_write(TileOp *op, unsigned pe, uint64_t addr, unsigned dtype, uint32_t c,
                   uint64_t v);

/* Every valid lane (r, c) of every PE of the op, PE0 first, row-major. */
#define TLSU_FOR_LANES(op, d, pe, r, c) \
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) \
        if ((op)->mask & (1u << pe)) \
            for (uint32_t r = 0; r < (d)->valid_rows; r++) \
                for (uint32_t c = 0; c < (d)->valid_cols; c++)

void tlsu_indexed_commit(TileOp *op);       /* tlsu_indexed.c */
void tlsu_cube_commit(TileOp *op);          /* tlsu_cube.c */

#endif /* TARGET_TILE_TLSU_H */
