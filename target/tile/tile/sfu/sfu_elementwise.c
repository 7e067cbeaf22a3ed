/*
 * PTO Tile CPU: the SFU engine's elementwise operations (BSTART.SFU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * TDIV, TREM (tile / tile), TDIVS, TREMS (tile / each PE's scalar), and
 * TEXP, TLOG, TRECIP, TSQRT, TRSQRT (PTO-TILE-MODEL-EXECUTION-ELEMENTWISE,
 * -UNARY; PTO-BLOCK-MODEL-DISPATCH-TILE-SCHEMA, -TILE-SCALAR-SCHEMA).  The
 * bindings and checks are those of the VEC forms (tile/op.c): one B.IOT,
 * B.DIM LB0 required, row-major sources of the BSTART type whose valid
 * shape is the B.DIM shape, a destination whose SizeCode gives the
 * source's rows, PadValue the only B.DATR field.  An integer zero divisor
 * in a valid element or scalar is Fault_TileLegality before any effect.
 * The element rules are in sfu_elem.c.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/engines.h"
#include "numeric/sfu_elem.h"
#include "numeric/sfu_array.h"
#include "numeric/vec_elem.h"

typedef enum SfuFamily {
    SF_BINARY,      /* TDIV TREM */
    SF_SCALAR,      /* TDIVS TREMS */
    SF_UNARY,       /* TEXP TLOG TRECIP TSQRT TRSQRT */
} SfuFamily;

static void sfu_elem_commit(Tepl *v);

#define S(name, fam, elem) { name, "SFU", sfu_elem_commit, fam, elem, false }

static const TeplOpInfo sfu_elem_ops[] = {
    S("TDIV", SF_BINARY, SFU_DIV), S("TREM", SF_BINARY, SFU_REM),
    S("TDIVS", SF_SCALAR, SFU_DIV), S("TREMS", SF_SCALAR, SFU_REM),
    S("TEXP", SF_UNARY, SFU_EXP), S("TLOG", SF_UNARY, SFU_LOG),
    S("TRECIP", SF_UNARY, SFU_RECIP), S("TSQRT", SF_UNARY, SFU_SQRT),
    S("TRSQRT", SF_UNARY, SFU_RSQRT),
};

const TeplOpTable tile_sfu_elementwise_ops = { sfu_elem_ops, ARRAY_SIZE(sfu_elem_ops) };

static bool is_int(unsigned dt)
{
    return !tile_dtype_info(dt)->is_float;
}

static void check_sources(Tepl *v)
{
    SfuFamily f = v->info->family;

    tepl_gather(v, -1);
    v->data = v->src[0];
    for (unsigned i = 0; i < v->nsrc; i++) {
        const TileLocal *t = v->src[i];
        if (t->d.dtype != v->dt || t->d.layout != TILE_LAYOUT_ROW_MAJOR ||
            !tepl_same_shape(&t->d, &v->data->d)) {
            tepl_tl(v, "SFU sources: one row-major shape of the BSTART type");
        }
        /* DIV / REM do not check encodings; the scalar and unary forms do */
        if (f != SF_BINARY) {
            tepl_check_encodings(v, t);
        }
    }
    tepl_check_lb_shape(v, v->data);
    /* an integer divisor of zero in the valid region (TilePayloadNonzero) */
    if (f == SF_BINARY && is_int(v->dt)) {
        TEPL_FOR_PES(v, pe) {
            TEPL_FOR_VALID(&v->src[1]->d, r, c) {
                if (!tile_int_normalize(v->dt, tepl_elem(v->src[1], pe, r, c))) {
                    tepl_tl(v, "integer division by a zero element");
                }
            }
        }
    }
}

/*
 * PE pe's valid region row by row through the array kernels (sfu_array.h:
 * the same results and flags as sfu_unary() / sfu_binary() element by
 * element, in either profile).  The sources are row-major
 * (check_sources()), the destination too, and every type they take has
 * whole-byte elements.
 */
static void rows_by_array(Tepl *v, unsigned pe)
{
    SfuFamily f = v->info->family;
    uint32_t rows = v->d->d.valid_rows, n = v->d->d.valid_cols;

    g_assert(tepl_src_row(v->src[0], pe, 0) && tepl_dst_row(v, pe, 0) &&
             (f != SF_BINARY || tepl_src_row(v->src[1], pe, 0)));
    for (uint32_t r = 0; r < rows; r++) {
        const uint8_t *a = tepl_src_row(v->src[0], pe, r);
        uint8_t *out = tepl_dst_row(v, pe, r);

        if (f == SF_UNARY && v->pto_v0) {
            sfu_array_unary_v0(v->dt, v->info->elem, a, out, n, &v->flags);
        } else if (f == SF_UNARY) {
            sfu_array_unary(v->dt, v->info->elem, a, out, n, &v->flags);
        } else {
            sfu_array_binary(v->dt, v->info->elem, a,
                             f == SF_BINARY ? tepl_src_row(v->src[1], pe, r) : NULL,
                             v->scalar[pe], v->pto_v0, out, n, &v->flags);
        }
    }
}

static void sfu_elem_commit(Tepl *v)
{
    SfuFamily f = v->info->family;
    unsigned nsrc = f == SF_BINARY ? 2 : 1;

    tepl_check_complete(v, nsrc, f == SF_SCALAR ? 1 : 0);
    tepl_check_datr(v, 0);
    tepl_one_binding(v, nsrc);
    tepl_lb_shape(v);
    if (v->op->has_ior && f != SF_SCALAR) {
        tepl_tl(v, "B.IOR on an SFU operation without a scalar");
    }
    if (f == SF_UNARY ? !sfu_type_float(v->dt) : !vec_type_arith(v->dt)) {
        tepl_tl(v, "data type not accepted by the operation");
    }
    check_sources(v);
    if (f == SF_SCALAR) {
        tepl_read_scalars(v, v->dt, true);
        if (is_int(v->dt)) {
            TEPL_FOR_PES(v, pe) {
                if (!v->scalar[pe]) {
                    tepl_tl(v, "integer division by a zero scalar");
                }
            }
        }
    }
    tepl_new_lb_dst(v, v->dt, TILE_LAYOUT_ROW_MAJOR, v->data);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        rows_by_array(v, pe);
        tepl_pad(v, pe);
    }
    /* TDIV / TREM record no status under the reference profile (its
     * ExecuteTileBinary drops them), as TADD; the IEEE profile records them */
    tepl_finish(v, !(v->pto_v0 && f == SF_BINARY));
}
