/*
 * PTO Tile CPU: the TLSU engine's CUBE transport forms (TLOAD with
 * ND2M32 / ND2M16 / ND2N8, TSTORE with M322ND / M162ND / N82ND)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-MODEL-DISPATCH-TLSU-LAYOUT-CONVERSION,
 * PTO-TILE-MODEL-SHAPE-CUBE-CELL.  An explicit B.DATR Layout 21..26 (with
 * DataType 31) selects them.  LB0 / LB1 give the valid columns / rows;
 * the storage extents round them up to whole 128-byte cells
 * (tile_cube_cell()), and where an element sits is tile_storage_index().
 * Global memory is the usual strided row-major image.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/op.h"
#include "tile/tlsu/tlsu.h"

static unsigned cube_layout(unsigned code)
{
    switch (code) {
    case 21: case 24:
        return TILE_LAYOUT_CUBE_M32;
    case 22: case 25:
        return TILE_LAYOUT_CUBE_M16;
    default:
        return TILE_LAYOUT_CUBE_N8;
    }
}

void tlsu_cube_commit(TileOp *op)
{
    bool load = op->fn == 0;
    unsigned layout = cube_layout(op->layout_code);
    const TileBind *b = &op->iot[0];
    uint64_t base[TILE_POOL_PES], stride[TILE_POOL_PES];
    unsigned dt, bits;
    uint32_t vc, vr;
    TileDesc d;

    /* every schema error of this form is Fault_TileLegality */
    if (!op->has_lb[0] || !op->has_lb[1] || op->has_lb[2] || !tile_op_lb(op, 0) ||
        !tile_op_lb(op, 1) || op->datr_dtype != TILE_DTYPE_NONE || op->datr_other ||
        !(load ? op->layout_code <= 23 : op->layout_code >= 24) || (op->fn != 0 && op->fn != 1) ||
        op->n_ios || op->n_iot != 1 || !b->last || b->nsrc != (load ? 0 : 1) ||
        b->has_dst != load || (op->has_ior && (op->ior_dst || op->ior_src[2]))) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "CUBE transport schema");
    }
    dt = tlsu_dtype(op);
    bits = tile_dtype_bits(dt);
    if (dt == 14 || bits == 64) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "CUBE transport of HiF4X2 or a 64-bit type");
    }
    vc = tile_op_lb(op, 0);
    vr = tile_op_lb(op, 1);
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        base[pe] = tile_op_gpr(op, pe, 0, 0);
        stride[pe] = tile_op_gpr(op, pe, 1, ((uint64_t)vc * bits + 7) / 8);
    }
#define GM(pe, r, c) tlsu_gm_addr(base[pe], stride[pe], dt, r, c)
    if (load) {
        TileLocal *t;
        uint64_t pad;

        d = tile_cube_desc(layout, dt, b->size_code, vr, vc);
        if (!d.rows) {
            tile_op_fault(op, TILE_FAULT_ALLOCATION, "CUBE shape does not fit its SizeCode");
        }
        t = &op->dst[tile_op_push_local(op, b->hand, &d)].t;
        TLSU_FOR_LANES(op, &d, pe, r, c) {
            tile_op_probe(op, GM(pe, r, c), tlsu_mem_bytes(dt), false);
        }
        tile_op_alloc_payloads(op);
        /* padding: every storage position outside the valid region */
        pad = tile_pad_value(dt, op->pad);
        for (unsigned pe = 0; pad && pe < TILE_POOL_PES; pe++) {
            for (uint32_t r = 0; t->frag[pe] && r < d.rows; r++) {
                for (uint32_t c = 0; c < d.cols; c++) {
                    tile_elem_set(t->frag[pe], bits, tile_storage_index(&d, r, c), pad);
                }
            }
        }
        TLSU_FOR_LANES(op, &d, pe, r, c) {
            tile_elem_set(t->frag[pe], bits, tile_storage_index(&d, r, c),
                          tlsu_gm_read(op, pe, GM(pe, r, c), dt, c));
        }
        t->defined = 1;
    } else {
        const TileLocal *s = tile_op_source(op, b->src[0], true);

        if (s->d.layout != layout || s->d.dtype != dt || s->d.valid_rows != vr ||
            s->d.valid_cols != vc) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "CUBE source does not match the store");
        }
        d = s->d;
        TLSU_FOR_LANES(op, &d, pe, r, c) {
            tile_op_probe(op, GM(pe, r, c), tlsu_mem_bytes(dt), true);
        }
        TLSU_FOR_LANES(op, &d, pe, r, c) {
            tlsu_gm_write(op, pe, GM(pe, r, c), dt, c,
                          tile_elem_get(s->frag[pe], bits, tile_storage_index(&d, r, c)));
        }
    }
#undef GM
    tile_op_install(op);
}
