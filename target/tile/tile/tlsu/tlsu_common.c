/*
 * PTO Tile CPU: what the TLSU engine's forms share (see tlsu.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Global-memory element access and the legality checks every TLSU form
 * makes (PTO-TILE-MODEL-MEMORY-STRIDE, PTO-BLOCK-MODEL-DISPATCH-TILE-
 * SCHEMA).  tlsu.c, tlsu_indexed.c and tlsu_cube.c call these; nothing
 * here calls them back.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/op.h"
#include "tile/tlsu/tlsu.h"

/* Bytes of one global-memory access for a type (1 for the 4-bit types). */
unsigned tlsu_mem_bytes(unsigned dtype)
{
    unsigned bits = tile_dtype_bits(dtype);

    return bits == 4 ? 1 : bits / 8;
}

uint64_t tlsu_gm_addr(uint64_t base, uint64_t stride, unsigned dtype, uint32_t r, uint32_t c)
{
    unsigned bits = tile_dtype_bits(dtype);

    return base + r * stride + (bits == 4 ? c / 2 : (uint64_t)c * (bits / 8));
}

/* One element of PE pe between memory and a payload, with the nibble rules. */
uint64_t tlsu_gm_read(TileOp *op, unsigned pe, uint64_t addr, unsigned dtype, uint32_t c)
{
    if (tile_dtype_bits(dtype) == 4) {
        return tile_op_load_nibble(op, pe, addr, c & 1);
    }
    return tile_op_load(op, pe, addr, tlsu_mem_bytes(dtype));
}

void tlsu_gm_write(TileOp *op, unsigned pe, uint64_t addr, unsigned dtype, uint32_t c,
                   uint64_t v)
{
    if (tile_dtype_bits(dtype) == 4) {
        tile_op_store_nibble(op, pe, addr, c & 1, v);
    } else {
        tile_op_store(op, pe, addr, tlsu_mem_bytes(dtype), v);
    }
}

/*
 * B.DATR on a TLSU block: only Layout (and, where allowed, PadValue) may
 * be nonzero; DataType 0 or 31 leaves the BSTART type in force
 * (docs/implementation-defined.md).  CUBE transport layouts (21..26) are
 * a separate form.
 */
void tlsu_check_datr(TileOp *op, bool pad_allowed)
{
    if (!op->has_datr) {
        return;
    }
    if (op->datr_other || (op->datr_dtype != 0 && op->datr_dtype != TILE_DTYPE_NONE) ||
        (!pad_allowed && op->pad)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "B.DATR field not allowed here");
    }
}

/* Exactly the given B.IOT shape: count, one binding, L set. */
const TileBind *tlsu_one_binding(TileOp *op, unsigned nsrc, bool has_dst)
{
    const TileBind *b = &op->iot[0];

    if (op->n_iot != 1 || b->nsrc != nsrc || b->has_dst != has_dst || !b->last) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "bindings do not match the operation");
    }
    return b;
}

unsigned tlsu_dtype(TileOp *op)
{
    if (op->dtype == TILE_DTYPE_NONE || !tile_dtype_bits(op->dtype)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "no element data type");
    }
    return op->dtype;
}
