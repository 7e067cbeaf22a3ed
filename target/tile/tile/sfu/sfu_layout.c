/*
 * PTO Tile CPU: the SFU layout, generation, indexed and partial operations
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * TTRANS TCONCAT TEXTRACT TINSERT (PTO-TILE-MODEL-EXECUTION-REARRANGEMENT),
 * TFILLPAD TCI TTRI (-GENERATION), TGATHER TSCATTER (-INDEXED-
 * REARRANGEMENT), TPARTADD/MUL/MAX/MIN (-COMPLEX ExecuteTilePartial) and
 * TIMG2COL (-IMAGE-TO-COLUMN); their legality is PTO-TILE-MODEL-LEGALITY-
 * LAYOUT-REARRANGEMENT, -INDEXED-REARRANGEMENT, -INDEXED-LAYOUT and
 * -OPERAND-SCHEMA, with PTO-BLOCK-MODEL-DISPATCH-GENERATION-SCHEMA,
 * -PARTIAL-SCHEMA and -SCALAR-SCHEMA for the block checks.
 *
 * The order is the generic commit's: binding counts, the stream's L and
 * B.IOR surplus (Fault_BundleControl), the GPR values TCI / TTRI constrain,
 * B.DATR applicability (Layout where taken, PadValue zero; none for TPART*),
 * B.IOR on an operation without GPR inputs, B.DIM, the sources (live,
 * defined, numeric, not CUBE-laid-out, on every PE of the mask), the types,
 * the destination (Fault_TileAllocation), then the shape and index rules of
 * each operation; all before any PE computes.  Elements are indexed
 * logically, so any generic layout may be read and B.DATR Layout places the
 * destination.  Each PE computes its own fragment from its own sources and
 * its own GPR bank (docs/design.md decision 1).  Where the spec leaves room
 * (docs/tile-engine.md):
 *   - B.DIM gives the destination as for VEC: LB0 required, LB1 default 1,
 *     LB2 default LB0 (the contracts' defaults, not the ASL's fallback to
 *     the first source's shape);
 *   - TEXTRACT / TINSERT take the row and column offsets from B.IOR RegSrc0
 *     and RegSrc1 of each PE (0 when omitted), not from LB0 / LB1, which
 *     keep their meaning as the destination shape;
 *   - TFILLPAD accepts the carrier-only types (its legality function), not
 *     the 64-bit ones;
 *   - TIMG2COL can never commit: no instruction writes a feature-map
 *     descriptor and block destinations are never Matrix-located, so after
 *     its binding checks and allocation it raises Fault_TileLegality.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/engines.h"
#include "numeric/sfu_elem.h"
#include "qemu/bitmap.h"
#include "numeric/vec_elem.h"
#include "numeric/vec_array.h"

/* A TSCATTER destination holds at most 64 Ki elements (64 KiB of 8 bits or more). */
#define SFU_MAX_ELEMS 65536

/* ---- Shared checks ---- */


/* B.DATR: Layout (if taken) and nothing else, PadValue zero ("must-zero");
 * then B.IOR only on operations with GPR inputs. */
static void check_attrs(Tepl *v, bool layout, unsigned nscalars)
{
    tepl_check_datr(v, layout ? TEPL_DATR_LAYOUT : 0);
    if (v->op->has_datr && v->op->pad) {
        tepl_tl(v, "B.DATR PadValue must be zero for this operation");
    }
    if (v->op->has_ior && !nscalars) {
        tepl_tl(v, "B.IOR on an SFU operation without GPR inputs");
    }
}

/* The Tile sources in binding order; CUBE layouts have no generic indexing
 * (TileDescriptorLegal). */
static void sources(Tepl *v)
{
    tepl_gather(v, -1);
    for (unsigned i = 0; i < v->nsrc; i++) {
        if (v->src[i]->d.layout >= TILE_LAYOUT_CUBE_M16) {
            tepl_tl(v, "source in a CUBE layout");
        }
    }
}

static bool type_carrier_only(unsigned dt)
{
    const TileDTypeInfo *d = tile_dtype_info(dt);

    return d && !d->is_packed && d->width <= 32;
}

/* TTRANS / TCONCAT / TEXTRACT / TINSERT: every type but HiF4X2 (Move24),
 * the source's type; encodings checked unless carrier-only. */
static void check_move_type(Tepl *v, const TileLocal *s)
{
    if (v->dt == TILE_DT_HIF4X2) {
        tepl_tl(v, "HiF4X2 is not a Move24 type");
    }
    if (s->d.dtype != v->dt) {
        tepl_tl(v, "source type is not the BSTART DataType");
    }
    if (!type_carrier_only(s->d.dtype)) {
        tepl_check_encodings(v, s);
    }
}

/* The destination of the B.DIM shape in the B.DATR layout. */
static TileLocal *plan(Tepl *v, unsigned dt)
{
    return tepl_new_lb_dst(v, dt, v->op->layout, NULL);
}

/* A window of n at off fits in extent. */
static bool window_fits(uint64_t off, uint32_t n, uint32_t extent)
{
    return off <= extent && n <= extent - off;
}

/* ---- TTRANS (Mode 3 fn 14) ---- */

static void ttrans_commit(Tepl *v)
{
    const TileLocal *s;

    tepl_check_complete(v, 1, 0);
    check_attrs(v, true, 0);
    tepl_lb_shape(v);
    sources(v);
    s = v->src[0];
    check_move_type(v, s);
    plan(v, v->dt);
    if (v->vr != s->d.valid_cols || v->vc != s->d.valid_rows) {
        tepl_tl(v, "TTRANS destination is not the transposed source shape");
    }
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        if (tepl_transpose(v->d, s, pe)) {
            continue;
        }
        TEPL_FOR_VALID(&s->d, r, c) {
            tepl_put(v, pe, c, r, tepl_elem(s, pe, r, c));
        }
    }
    tepl_finish(v, false);
}

/* ---- TCONCAT (fn 0): columns of left then right ---- */

static void tconcat_commit(Tepl *v)
{
    const TileLocal *l, *rt;

    tepl_check_complete(v, 2, 0);
    check_attrs(v, true, 0);
    tepl_lb_shape(v);
    sources(v);
    l = v->src[0];
    rt = v->src[1];
    check_move_type(v, l);
    check_move_type(v, rt);
    plan(v, v->dt);
    if (l->d.valid_rows != rt->d.valid_rows || v->vr != l->d.valid_rows ||
        v->vc != l->d.valid_cols + rt->d.valid_cols) {
        tepl_tl(v, "TCONCAT shapes: equal rows, destination columns the sum");
    }
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        uint32_t lc = l->d.valid_cols;

        if (tepl_move_window(v->d, 0, 0, l, 0, 0, pe, v->vr, lc) &&
            tepl_move_window(v->d, 0, lc, rt, 0, 0, pe, v->vr, rt->d.valid_cols)) {
            continue;
        }
        TEPL_FOR_VALID(&v->d->d, r, c) {
            uint64_t x = c < lc ? tepl_elem(l, pe, r, c) : tepl_elem(rt, pe, r, c - lc);
            tepl_put(v, pe, r, c, x);
        }
    }
    tepl_finish(v, false);
}

/* ---- TEXTRACT (fn 2) / TINSERT (fn 3): offsets from B.IOR per PE ---- */

static uint64_t row_off(Tepl *v, unsigned pe)
{
    return tile_op_gpr(v->op, pe, 0, 0);
}

static uint64_t col_off(Tepl *v, unsigned pe)
{
    return tile_op_gpr(v->op, pe, 1, 0);
}

static void textract_commit(Tepl *v)
{
    const TileLocal *s;

    tepl_check_complete(v, 1, 2);
    check_attrs(v, true, 2);
    tepl_lb_shape(v);
    sources(v);
    s = v->src[0];
    check_move_type(v, s);
    plan(v, v->dt);
    TEPL_FOR_PES(v, pe) {
        if (!window_fits(row_off(v, pe), v->vr, s->d.valid_rows) ||
            !window_fits(col_off(v, pe), v->vc, s->d.valid_cols)) {
            tepl_tl(v, "TEXTRACT window outside the source's valid region");
        }
    }
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        uint32_t r0 = row_off(v, pe), c0 = col_off(v, pe);

        if (!tepl_move_window(v->d, 0, 0, s, r0, c0, pe, v->vr, v->vc)) {
            TEPL_FOR_VALID(&v->d->d, r, c) {
                tepl_put(v, pe, r, c, tepl_elem(s, pe, r + r0, c + c0));
            }
        }
        tepl_pad(v, pe);        /* Zero with a B.DATR, else Null */
    }
    tepl_finish(v, false);
}

static void tinsert_commit(Tepl *v)
{
    const TileLocal *old, *s;

    tepl_check_complete(v, 2, 2);
    check_attrs(v, true, 2);
    tepl_lb_shape(v);
    sources(v);
    old = v->src[0];
    s = v->src[1];
    check_move_type(v, old);
    check_move_type(v, s);
    plan(v, v->dt);
    if (!tepl_same_shape(&v->d->d, &old->d)) {
        tepl_tl(v, "TINSERT destination differs from the old destination");
    }
    TEPL_FOR_PES(v, pe) {
        if (!window_fits(row_off(v, pe), s->d.valid_rows, v->vr) ||
            !window_fits(col_off(v, pe), s->d.valid_cols, v->vc)) {
            tepl_tl(v, "TINSERT window outside the destination's valid region");
        }
    }
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        uint32_t r0 = row_off(v, pe), c0 = col_off(v, pe);
        /* the old payload, padding included (one capacity: same shape and type) */
        memcpy(v->d->frag[pe], old->frag[pe],
               MIN(v->d->frag_bytes[pe], old->frag_bytes[pe]));
        if (tepl_move_window(v->d, r0, c0, s, 0, 0, pe, s->d.valid_rows, s->d.valid_cols)) {
            continue;
        }
        TEPL_FOR_VALID(&s->d, r, c) {
            tepl_put(v, pe, r + r0, c + c0, tepl_elem(s, pe, r, c));
        }
    }
    tepl_finish(v, false);
}

/* ---- TFILLPAD (fn 5): the source, then the scalar everywhere else ---- */

static void tfillpad_commit(Tepl *v)
{
    const TileLocal *s;
    const TileDesc *d;

    tepl_check_complete(v, 1, 1);
    check_attrs(v, true, 1);
    tepl_lb_shape(v);
    sources(v);
    s = v->src[0];
    if (!type_carrier_only(v->dt)) {
        tepl_tl(v, "TFILLPAD takes the carrier-only types");
    }
    if (s->d.dtype != v->dt) {
        tepl_tl(v, "source type is not the BSTART DataType");
    }
    tepl_read_scalars(v, v->dt, false);
    d = &plan(v, v->dt)->d;
    if (d->rows < s->d.rows || d->cols < s->d.cols || d->valid_rows < s->d.valid_rows ||
        d->valid_cols < s->d.valid_cols) {
        tepl_tl(v, "TFILLPAD destination smaller than its source");
    }
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        if (tepl_move_window(v->d, 0, 0, s, 0, 0, pe, s->d.valid_rows, s->d.valid_cols)) {
            unsigned bytes = tile_dtype_bits(v->dt) / 8;
            g_autofree uint8_t *fill = NULL;

            if (!tepl_row_bytes(v->d, pe, 0)) {     /* another layout: a row of the scalar */
                fill = g_malloc((size_t)d->cols * bytes);
                vec_array_fill(bytes, v->scalar[pe], fill, d->cols);
            }
            for (uint32_t r = 0; r < d->rows; r++) {
                uint32_t from = r < s->d.valid_rows ? s->d.valid_cols : 0;

                if (fill) {
                    tile_row_write(&v->d->d, v->d->frag[pe], r, from, d->cols - from, fill);
                } else {
                    vec_array_fill(bytes, v->scalar[pe], tepl_row_bytes(v->d, pe, r) +
                                   (size_t)from * bytes, d->cols - from);
                }
            }
            continue;
        }
        for (uint32_t r = 0; r < d->rows; r++) {
            for (uint32_t c = 0; c < d->cols; c++) {
                bool in = r < s->d.valid_rows && c < s->d.valid_cols;
                tepl_put(v, pe, r, c, in ? tepl_elem(s, pe, r, c) : v->scalar[pe]);
            }
        }
    }
    tepl_finish(v, false);
}

/* ---- TIMG2COL (fn 4): checked, never committed ---- */

static void timg2col_commit(Tepl *v)
{
    const TileLocal *s;

    tepl_check_complete(v, 1, 2);            /* posM, posK (the contract's B.IOR) */
    check_attrs(v, false, 2);
    tepl_lb_shape(v);
    sources(v);
    s = v->src[0];
    if (!type_carrier_only(v->dt) || s->d.dtype != v->dt) {
        tepl_tl(v, "TIMG2COL type");
    }
    if (s->d.layout != TILE_LAYOUT_ROW_MAJOR) {
        tepl_tl(v, "TIMG2COL source is row-major");
    }
    plan(v, v->dt);
    tepl_tl(v, "TIMG2COL: no feature-map descriptor can exist (no 0.58.3 instruction "
               "writes one) and a block destination is never Matrix-located");
}

/* ---- TCI (fn 6) / TTRI (fn 7): destination-only generation ---- */

/* PTO-BLOCK-MODEL-DISPATCH-SCALAR-SCHEMA: flag0 (RegSrc1) is 0 or 1. */
static void check_flag0(Tepl *v)
{
    TEPL_FOR_PES(v, pe) {
        if (tile_op_gpr(v->op, pe, 1, 0) > 1) {
            tepl_tl(v, "flag0 is neither 0 nor 1");
        }
    }
}

/* The closed generation schema: one B.IOT, no source; LB2 >= LB0. */
static void generation_schema(Tepl *v)
{
    tepl_one_binding(v, 0);
    tepl_lb_shape(v);
    if (v->col < v->vc) {
        tepl_tl(v, "B.DIM LB2 below LB0");
    }
}

static void tci_commit(Tepl *v)
{
    unsigned w = tile_dtype_bits(v->dt);
    uint64_t m = (UINT64_C(1) << w) - 1;

    tepl_check_complete(v, 0, 2);
    check_flag0(v);
    check_attrs(v, false, 2);
    generation_schema(v);
    if (v->op->has_lb[1] && v->vr != 1) {
        tepl_tl(v, "TCI makes one row");
    }
    if (v->dt != TILE_DT_S32 && v->dt != TILE_DT_S16 && v->dt != TILE_DT_U32 &&
        v->dt != TILE_DT_U16) {
        tepl_tl(v, "TCI type");
    }
    plan(v, v->dt);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        uint64_t start = tile_op_gpr(v->op, pe, 0, 0);
        bool down = tile_op_gpr(v->op, pe, 1, 0);
        uint8_t *row = tepl_dst_row(v, pe, 0);

        for (uint32_t c = 0; c < v->vc; c++) {
            uint64_t x = (down ? start - c : start + c) & m;

            if (row) {
                stn_le_p(row + (size_t)c * (w / 8), w / 8, x);
            } else {
                tepl_put(v, pe, 0, c, x);
            }
        }
    }
    tepl_finish(v, false);
}

static int64_t ttri_diagonal(Tepl *v, unsigned pe)
{
    return (int64_t)tile_op_gpr(v->op, pe, 0, 0);
}

static void ttri_commit(Tepl *v)
{
    uint64_t one;

    tepl_check_complete(v, 0, 2);
    TEPL_FOR_PES(v, pe) {
        int64_t diag = ttri_diagonal(v, pe);
        if (diag < -65535 || diag > 65535) {
            tepl_tl(v, "TTRI diagonal outside -65535..65535");
        }
    }
    check_flag0(v);
    check_attrs(v, false, 2);
    generation_schema(v);
    switch (v->dt) {
    case TILE_DT_FP32: case TILE_DT_FP16:
    case TILE_DT_S32: case TILE_DT_S16: case TILE_DT_U32: case TILE_DT_U16:
        one = tile_num_one(v->dt);
        break;
    default:
        tepl_tl(v, "TTRI type");
    }
    plan(v, v->dt);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        int64_t diag = ttri_diagonal(v, pe);
        bool upper = tile_op_gpr(v->op, pe, 1, 0);

        if (tepl_dst_row(v, pe, 0)) {
            /* by rows: each row's ones are one run of columns, [r + diag, VC)
             * upper, [0, r + diag] lower */
            unsigned bytes = tile_dtype_bits(v->dt) / 8;

            for (uint32_t r = 0; r < v->vr; r++) {
                int64_t edge = (int64_t)r + diag;
                int64_t lo = upper ? MAX(edge, 0) : 0;
                int64_t hi = upper ? v->vc : MIN(MAX(edge + 1, 0), (int64_t)v->vc);
                uint8_t *row = tepl_dst_row(v, pe, r);

                lo = MIN(lo, hi);
                vec_array_fill(bytes, 0, row, lo);
                vec_array_fill(bytes, one, row + lo * bytes, hi - lo);
                vec_array_fill(bytes, 0, row + hi * bytes, v->vc - hi);
            }
            continue;
        }
        TEPL_FOR_VALID(&v->d->d, r, c) {
            int64_t edge = (int64_t)r + diag;
            bool sel = upper ? (int64_t)c >= edge : (int64_t)c <= edge;
            tepl_put(v, pe, r, c, sel ? one : 0);
        }
    }
    tepl_finish(v, false);
}

/* ---- TGATHER (fn 15) / TSCATTER (fn 16): per-column row indices ---- */

static bool index_type(unsigned dt)
{
    return dt == TILE_DT_S16 || dt == TILE_DT_U16 || dt == TILE_DT_S32 ||
           dt == TILE_DT_U32 || dt == TILE_DT_S64 || dt == TILE_DT_U64;
}

/*
 * TileIndexedRowValue of the n elements of row r of PE pe's index tile
 * from column c0, into out[0 .. n - 1]: UINT64_MAX for a negative signed
 * index.  Read from the row's bytes where the tile is row-major
 * (tepl_src_row()), from a copy of them in any other layout
 * (tile_row_read()).  The callers take a row INDEX_CHUNK columns at a
 * time (a block may leave through a fault: nothing allocated).
 */
#define INDEX_CHUNK 256

static inline __attribute__((always_inline))
void index_row_by(unsigned bytes, bool is_signed, const uint8_t *row, uint32_t n, uint64_t *out)
{
    for (uint32_t j = 0; j < n; j++) {
        uint64_t x = ldn_le_p(row + (size_t)j * bytes, bytes);

        out[j] = is_signed && (x >> (bytes * 8 - 1)) & 1 ? UINT64_MAX : x;
    }
}

static void index_row(const TileLocal *ix, unsigned pe, uint32_t r, uint32_t c0, uint32_t n,
                      uint64_t *out)
{
    const uint8_t *row = tepl_src_row(ix, pe, r);
    unsigned w = tile_dtype_bits(ix->d.dtype);
    bool is_signed = tile_dtype_info(ix->d.dtype)->is_signed;
    uint8_t copy[INDEX_CHUNK * 8] TILE_SCRATCH;

    g_assert(n <= INDEX_CHUNK);
    if (row) {
        row += (size_t)c0 * (w / 8);
    } else {
        tile_row_read(&ix->d, ix->frag[pe], r, c0, n, copy);
        row = copy;
    }
    /* (the index types: 16, 32 or 64 bits, index_type()); width and
     * signedness each a constant in its case, as move_indexed()'s width
     * and direction: with either left to a run-time test in the loop,
     * TGATHER / TSCATTER blocks ran about twice as slow */
    switch (w / 8 + is_signed) {
    case 2:
        index_row_by(2, false, row, n, out);
        break;
    case 3:
        index_row_by(2, true, row, n, out);
        break;
    case 4:
        index_row_by(4, false, row, n, out);
        break;
    case 5:
        index_row_by(4, true, row, n, out);
        break;
    case 8:
        index_row_by(8, false, row, n, out);
        break;
    default:
        index_row_by(8, true, row, n, out);
    }
}

/*
 * The element moves of TGATHER and TSCATTER by row bytes, for the columns
 * c0 .. c0 + n - 1 of a row with their indices idx[]: TGATHER (scatter
 * false) sets row[c] to the element (idx, c) of tile (row stride
 * stride); TSCATTER sets that element to row[c].  Elements of BYTES
 * bytes, a constant in each case of move_indexed() (one load, one store).
 */
static inline __attribute__((always_inline))
void move_indexed_by(unsigned bytes, bool scatter, uint8_t *row, uint8_t *tile, size_t stride,
                     const uint64_t *idx, uint32_t c0, uint32_t n)
{
    for (uint32_t j = 0; j < n; j++) {
        size_t at = (size_t)(c0 + j) * bytes;
        uint8_t *elem = tile + idx[j] * stride + at;

        if (scatter) {
            memcpy(elem, row + at, bytes);
        } else {
            memcpy(row + at, elem, bytes);
        }
    }
}

#define MOVE_INDEXED_CASE(b)                                                    \
    case b:                                                                     \
        if (scatter) {                                                          \
            move_indexed_by(b, true, row, tile, stride, idx, c0, n);            \
        } else {                                                                \
            move_indexed_by(b, false, row, tile, stride, idx, c0, n);           \
        }                                                                       \
        break;

static void move_indexed(unsigned bytes, bool scatter, uint8_t *row, uint8_t *tile,
                         size_t stride, const uint64_t *idx, uint32_t c0, uint32_t n)
{
    switch (bytes) {
    MOVE_INDEXED_CASE(1)
    MOVE_INDEXED_CASE(2)
    MOVE_INDEXED_CASE(4)
    MOVE_INDEXED_CASE(8)
    default:
        g_assert_not_reached();
    }
}

#undef MOVE_INDEXED_CASE

/* The value and index sources; the value type is the BSTART type. */
static void indexed_prologue(Tepl *v)
{
    tepl_check_complete(v, 2, 0);
    check_attrs(v, true, 0);
    tepl_lb_shape(v);
    sources(v);
    if (tile_dtype_info(v->dt)->is_packed || v->src[0]->d.dtype != v->dt) {
        tepl_tl(v, "value type: the BSTART DataType, not a 4-bit type");
    }
    if (!index_type(v->src[1]->d.dtype)) {
        tepl_tl(v, "index type: S16 U16 S32 U32 S64 U64");
    }
    plan(v, v->dt);
}

/*
 * TGATHER / TSCATTER move each element as it is (the value type is whole
 * bytes, indexed_prologue()), by rows of bytes.  indexed_rows(): rows 0
 * .. rows - 1 of t on PE pe, columns 0 .. cols - 1, as row-major bytes
 * (the first row; *stride: bytes from a row to the next): t's own where
 * it is row-major, otherwise a copy in *copy, of its elements if read
 * (tile_row_read()), of zeros if not (a destination: every element of
 * its region is then written).  indexed_rows_back(): such a copy into
 * t's layout (tile_row_write()), freed.
 */
static uint8_t *indexed_rows(const TileLocal *t, unsigned pe, uint32_t rows, uint32_t cols,
                             bool read, uint8_t **copy, size_t *stride)
{
    unsigned bytes = tile_dtype_bits(t->d.dtype) / 8;
    uint8_t *row0 = tepl_row_bytes(t, pe, 0);

    *copy = NULL;
    if (row0) {
        *stride = (size_t)t->d.cols * bytes;
        return row0;
    }
    *stride = (size_t)cols * bytes;
    *copy = g_malloc0(rows * *stride);
    for (uint32_t r = 0; read && r < rows; r++) {
        tile_row_read(&t->d, t->frag[pe], r, 0, cols, *copy + r * *stride);
    }
    return *copy;
}

static void indexed_rows_back(TileLocal *t, unsigned pe, uint32_t rows, uint32_t cols,
                              uint8_t *copy, size_t stride)
{
    if (copy) {
        for (uint32_t r = 0; r < rows; r++) {
            tile_row_write(&t->d, t->frag[pe], r, 0, cols, copy + r * stride);
        }
        g_free(copy);
    }
}

static void tgather_commit(Tepl *v)
{
    const TileLocal *val, *ix;
    uint64_t idx[INDEX_CHUNK] TILE_SCRATCH;
    unsigned bytes;

    indexed_prologue(v);
    val = v->src[0];
    ix = v->src[1];
    if (v->vr != ix->d.valid_rows || v->vc != ix->d.valid_cols ||
        val->d.valid_cols < v->vc) {
        tepl_tl(v, "TGATHER shapes: the index's, within the value columns");
    }
    TEPL_FOR_PES(v, pe) {
        for (uint32_t r = 0; r < v->vr; r++) {
            for (uint32_t c0 = 0; c0 < v->vc; c0 += INDEX_CHUNK) {
                uint32_t n = MIN(v->vc - c0, INDEX_CHUNK);

                index_row(ix, pe, r, c0, n, idx);
                for (uint32_t j = 0; j < n; j++) {
                    if (idx[j] >= val->d.valid_rows) {
                        tepl_tl(v, "TGATHER index negative or beyond the value rows");
                    }
                }
            }
        }
    }
    tepl_begin(v);
    bytes = tile_dtype_bits(v->dt) / 8;
    TEPL_FOR_PES(v, pe) {
        uint8_t *val_copy, *dst_copy;
        size_t val_stride, dst_stride;
        uint8_t *vals = indexed_rows(val, pe, val->d.valid_rows, v->vc, true, &val_copy,
                                     &val_stride);
        uint8_t *dst = indexed_rows(v->d, pe, v->vr, v->vc, false, &dst_copy, &dst_stride);

        for (uint32_t r = 0; r < v->vr; r++) {
            for (uint32_t c0 = 0; c0 < v->vc; c0 += INDEX_CHUNK) {
                uint32_t n = MIN(v->vc - c0, INDEX_CHUNK);

                index_row(ix, pe, r, c0, n, idx);
                move_indexed(bytes, false, dst + r * dst_stride, vals, val_stride, idx, c0, n);
            }
        }
        indexed_rows_back(v->d, pe, v->vr, v->vc, dst_copy, dst_stride);
        g_free(val_copy);
    }
    tepl_finish(v, false);
}

static void tscatter_commit(Tepl *v)
{
    const TileLocal *val, *ix;
    unsigned long seen[BITS_TO_LONGS(SFU_MAX_ELEMS)] TILE_SCRATCH;
    uint64_t idx[INDEX_CHUNK] TILE_SCRATCH;
    unsigned bytes;

    indexed_prologue(v);
    val = v->src[0];
    ix = v->src[1];
    if (val->d.valid_rows != ix->d.valid_rows || val->d.valid_cols != ix->d.valid_cols ||
        v->vc != val->d.valid_cols) {
        tepl_tl(v, "TSCATTER shapes: value and index equal, the value's columns");
    }
    g_assert((uint64_t)v->vr * v->vc <= SFU_MAX_ELEMS);
    TEPL_FOR_PES(v, pe) {
        bitmap_zero(seen, v->vr * v->vc);     /* the bits the indices can reach */
        for (uint32_t r = 0; r < ix->d.valid_rows; r++) {
            for (uint32_t c0 = 0; c0 < v->vc; c0 += INDEX_CHUNK) {
                uint32_t n = MIN(v->vc - c0, INDEX_CHUNK);

                index_row(ix, pe, r, c0, n, idx);
                for (uint32_t j = 0, c = c0; j < n; j++, c++) {
                    if (idx[j] >= v->vr) {
                        tepl_tl(v, "TSCATTER index negative or beyond the destination rows");
                    }
                    if (test_and_set_bit(idx[j] * v->vc + c, seen)) {
                        tepl_tl(v, "TSCATTER: two elements target one destination element");
                    }
                }
            }
        }
    }
    tepl_begin(v);              /* every physical element starts as zero */
    bytes = tile_dtype_bits(v->dt) / 8;
    TEPL_FOR_PES(v, pe) {
        uint8_t *val_copy, *dst_copy;
        size_t val_stride, dst_stride;
        uint8_t *vals = indexed_rows(val, pe, val->d.valid_rows, v->vc, true, &val_copy,
                                     &val_stride);
        uint8_t *dst = indexed_rows(v->d, pe, v->vr, v->vc, false, &dst_copy, &dst_stride);

        for (uint32_t r = 0; r < val->d.valid_rows; r++) {
            for (uint32_t c0 = 0; c0 < v->vc; c0 += INDEX_CHUNK) {
                uint32_t n = MIN(v->vc - c0, INDEX_CHUNK);

                index_row(ix, pe, r, c0, n, idx);
                move_indexed(bytes, true, vals + r * val_stride, dst, dst_stride, idx, c0, n);
            }
        }
        indexed_rows_back(v->d, pe, v->vr, v->vc, dst_copy, dst_stride);
        g_free(val_copy);
    }
    tepl_finish(v, false);
}

/* ---- TPARTADD / TPARTMUL / TPARTMAX / TPARTMIN (fn 17-20) ---- */

static bool covers(const TileLocal *t, uint32_t r, uint32_t c)
{
    return r < t->d.valid_rows && c < t->d.valid_cols;
}

/* a row segment [from, to) of src's row r to the destination's */
static void copy_segment(Tepl *v, const TileLocal *src, unsigned pe, uint32_t r, uint32_t from,
                         uint32_t to, unsigned bytes)
{
    if (to > from) {
        memcpy(tepl_dst_row(v, pe, r) + (size_t)from * bytes,
               tepl_src_row(src, pe, r) + (size_t)from * bytes, (size_t)(to - from) * bytes);
    }
}

/*
 * The rows of a TPART* on the array kernels (numeric/vec_array.c, bit for
 * bit and flag for flag vec_binary(); under pto-v0 floating ADD and MUL
 * on the carrier's integer kernel, vec_array_binary_type()): in each row,
 * the columns both sources cover take the operation, the next ones the
 * left source where it covers them, the rest the right one (one of the
 * two covers the whole shape).  The kernels serve every TPART* type, and
 * the sources and the destination are row-major (tpart_commit()).
 */
static void tpart_rows(Tepl *v, const TileLocal *l, const TileLocal *rt, unsigned pe)
{
    unsigned bytes = tile_dtype_bits(v->dt) / 8;
    unsigned kernel_dt = vec_array_binary_type(v->dt, v->info->elem, v->pto_v0);

    g_assert(vec_array_binary_serves(kernel_dt, v->info->elem) && tepl_dst_row(v, pe, 0) &&
             tepl_src_row(l, pe, 0) && tepl_src_row(rt, pe, 0));
    for (uint32_t r = 0; r < v->vr; r++) {
        bool in_l = r < l->d.valid_rows, in_rt = r < rt->d.valid_rows;
        uint32_t both = in_l && in_rt ? MIN(l->d.valid_cols, rt->d.valid_cols) : 0;
        uint32_t l_end = in_l ? MAX(both, l->d.valid_cols) : both;

        if (both) {
            vec_array_binary(kernel_dt, v->info->elem, tepl_src_row(l, pe, r),
                             tepl_src_row(rt, pe, r), tepl_dst_row(v, pe, r), both, &v->flags);
        }
        copy_segment(v, l, pe, r, both, l_end, bytes);
        copy_segment(v, rt, pe, r, l_end, v->vc, bytes);
    }
}

static void tpart_commit(Tepl *v)
{
    const TileLocal *l, *rt;

    tepl_check_complete(v, 2, 0);
    if (v->op->has_datr) {
        tepl_tl(v, "TPART* take no B.DATR");
    }
    check_attrs(v, false, 0);
    tepl_lb_shape(v);
    if (v->col < v->vc) {
        tepl_tl(v, "B.DIM LB2 below LB0");
    }
    if (!sfu_type_a9(v->dt)) {
        tepl_tl(v, "TPART* type");
    }
    sources(v);
    for (unsigned i = 0; i < 2; i++) {
        const TileDesc *s = &v->src[i]->d;
        if (s->dtype != v->dt || s->layout != TILE_LAYOUT_ROW_MAJOR) {
            tepl_tl(v, "TPART* sources are row-major, of the BSTART DataType");
        }
        if (!s->valid_rows || !s->valid_cols || s->valid_rows > v->vr ||
            s->valid_cols > v->vc) {
            tepl_tl(v, "TPART* source empty or beyond the B.DIM shape");
        }
        tepl_check_encodings(v, v->src[i]);
    }
    l = v->src[0];
    rt = v->src[1];
    if (!covers(l, v->vr - 1, v->vc - 1) && !covers(rt, v->vr - 1, v->vc - 1)) {
        tepl_tl(v, "TPART*: neither source covers the whole shape");
    }
    plan(v, v->dt);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        tpart_rows(v, l, rt, pe);
    }
    tepl_finish(v, true);
}

/* ---- Registration ---- */

#define S(name, fn, ...) { name, "SFU", fn, 0, __VA_ARGS__ }

static const TeplOpInfo sfu_layout_ops[] = {
    S("TTRANS", ttrans_commit, 0), S("TCONCAT", tconcat_commit, 0),
    S("TEXTRACT", textract_commit, 0), S("TINSERT", tinsert_commit, 0),
    S("TFILLPAD", tfillpad_commit, 0), S("TIMG2COL", timg2col_commit, 0),
    S("TCI", tci_commit, 0), S("TTRI", ttri_commit, 0),
    S("TGATHER", tgather_commit, 0), S("TSCATTER", tscatter_commit, 0),
    S("TPARTADD", tpart_commit, VEC_ADD), S("TPARTMUL", tpart_commit, VEC_MUL),
    S("TPARTMAX", tpart_commit, VEC_MAX), S("TPARTMIN", tpart_commit, VEC_MIN),
};

const TeplOpTable tile_sfu_layout_ops = { sfu_layout_ops, ARRAY_SIZE(sfu_layout_ops) };
