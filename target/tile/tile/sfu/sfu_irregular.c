/*
 * PTO Tile CPU: the SFU engine's irregular operations (BSTART.SFU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * THISTOGRAM (PTO-TILE-MODEL-EXECUTION-COMPLEX, -LEGALITY-INDEXED-LAYOUT,
 * PTO-BLOCK-MODEL-DISPATCH-HISTOGRAM-SCHEMA), TSORT and TMRGSORT
 * (PTO-TILE-MODEL-EXECUTION-SORTING, -ORDERING-SORTING, -LEGALITY-SORTING,
 * PTO-BLOCK-MODEL-DISPATCH-SORTING-SCHEMA), TQUANT and TDEQUANT
 * (PTO-TILE-MODEL-NUMERIC-FORMATS, PTO-ARCH-PROFILE-REFERENCE-QUANTIZATION,
 * PTO-BLOCK-MODEL-DISPATCH-QUANTIZATION-SCHEMA); B.IOR values from
 * PTO-BLOCK-MODEL-DISPATCH-SCALAR-SCHEMA, destinations from
 * -DESTINATION-SHAPE.  Every check comes before any effect; each PE then
 * computes its own fragment from its own source fragments and its own GPR
 * bank (docs/design.md decision 1).  The padding of every destination is Null.
 * docs/tile-engine.md lists the choices made where the spec leaves room.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/engines.h"
#include "numeric/tile_numeric.h"
#include "numeric/elem_order.h"
#include "numeric/sfu_elem.h"
#include "numeric/sfu_array.h"

static void histogram_commit(Tepl *v);
static void sort_commit(Tepl *v);
static void mrgsort_commit(Tepl *v);
static void quant_commit(Tepl *v);

static const TeplOpInfo sfu_irregular_ops[] = {
    { "THISTOGRAM", "SFU", histogram_commit },
    { "TSORT", "SFU", sort_commit },
    { "TMRGSORT", "SFU", mrgsort_commit },
    { "TQUANT", "SFU", quant_commit, 0, 0 },
    { "TDEQUANT", "SFU", quant_commit, 0, 1 },
};

const TeplOpTable tile_sfu_irregular_ops = { sfu_irregular_ops, ARRAY_SIZE(sfu_irregular_ops) };

/* ---- Shared checks ---- */

/* B.DATR of the must-zero pad union: PadValueOrByteId is no pad here. */
static void check_datr(Tepl *v, unsigned allowed)
{
    tepl_check_datr(v, allowed);
    if (v->op->has_datr && v->op->pad) {
        tepl_tl(v, "B.DATR PadValue on an operation with Null padding");
    }
}

static bool any_lb(const TileOp *op)
{
    return op->has_lb[0] || op->has_lb[1] || op->has_lb[2];
}

static const TileBind *dst_binding(const TileOp *op, unsigned ordinal)
{
    for (unsigned i = 0; i < op->n_iot; i++) {
        if (op->iot[i].has_dst && !ordinal--) {
            return &op->iot[i];
        }
    }
    g_assert_not_reached();
}

/* ---- Sorting (the order: numeric/elem_order.c tile_sort_before()) ---- */

static bool sort_type(unsigned dt)
{
    return dt == TILE_DT_FP32 || dt == TILE_DT_FP16;
}

/* flag0 (B.IOR RegSrc0) of each PE: 0 ascending, 1 descending, else TL. */
static void read_descending(Tepl *v)
{
    TEPL_FOR_PES(v, pe) {
        uint64_t f = tile_op_gpr(v->op, pe, 0, 0);
        if (f > 1) {
            tepl_tl(v, "flag0 is neither 0 nor 1");
        }
        v->scalar[pe] = f;
    }
}

/* The sort sources: the BSTART type (FP32 / FP16), row-major, nonempty. */
static void check_sort_source(Tepl *v, const TileLocal *t)
{
    if (t->d.dtype != v->dt || t->d.layout != TILE_LAYOUT_ROW_MAJOR ||
        !t->d.valid_rows || !t->d.valid_cols) {
        tepl_tl(v, "sort source: a nonempty row-major tile of the BSTART type");
    }
}

/*
 * Element c of a row of a sort source or destination: these are row-major
 * tiles of whole-byte types (check_sort_source(), THISTOGRAM's data), so
 * each row is contiguous bytes (tepl_row_bytes()).
 */
static inline uint64_t row_elem(const uint8_t *row, uint32_t c, unsigned bytes)
{
    return ldn_le_p(row + (size_t)c * bytes, bytes);
}

static inline void row_put(uint8_t *row, uint32_t c, unsigned bytes, uint64_t x)
{
    stn_le_p(row + (size_t)c * bytes, bytes, x);
}

static const uint8_t *sort_row(const TileLocal *t, unsigned pe, uint32_t r)
{
    const uint8_t *row = tepl_src_row(t, pe, r);

    g_assert(row);
    return row;
}

/* A signaling NaN is a sortable value that records NV. */
static void note_snan(Tepl *v, const TileLocal *t, unsigned pe)
{
    unsigned bytes = tile_dtype_bits(v->dt) / 8;

    for (uint32_t r = 0; r < t->d.valid_rows; r++) {
        const uint8_t *row = sort_row(t, pe, r);

        for (uint32_t c = 0; c < t->d.valid_cols; c++) {
            uint64_t x = row_elem(row, c, bytes);

            if (tile_sort_is_nan(v->dt, x) && tile_num_classify(v->dt, x) == TILE_NUM_SNAN) {
                v->flags |= TILE_NUM_NV;
                return;
            }
        }
    }
}

/* ---- TSORT ---- */

/* One source and two destinations in any terminated split; B.IOR flag0. */
static void sort_check_complete(Tepl *v)
{
    TileOp *op = v->op;
    unsigned ndst = 0, n = 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        ndst += op->iot[i].has_dst;
        n += op->iot[i].nsrc;
    }
    if (ndst != 2 || n != 1 ||
        (op->has_ior && (op->ior_src[1] || op->ior_src[2] || op->ior_dst))) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "TSORT block bindings incomplete");
    }
}

/*
 * One row of TSORT, in groups of w columns: the values sorted into out,
 * their original indices (U32) into out_idx; elements of BYTES bytes (a
 * constant in each call of sort_commit()).  Whether the row holds a NaN.
 */
static inline __attribute__((always_inline))
bool sort_row_groups(Tepl *v, unsigned bytes, const uint8_t *in, uint8_t *out,
                     uint8_t *out_idx, uint32_t cols, unsigned w, bool descending)
{
    unsigned rank[TILE_SORT_MAX] TILE_SCRATCH;
    uint32_t x[TILE_SORT_MAX] TILE_SCRATCH;
    bool nan = false;

    for (uint32_t g = 0; g < cols; g += w) {
        unsigned n = MIN(w, cols - g);

        for (unsigned i = 0; i < n; i++) {
            x[i] = row_elem(in, g + i, bytes);
            nan |= tile_sort_is_nan(v->dt, x[i]);
        }
        tile_sort_ranks(v->dt, x, n, descending, rank);
        for (unsigned i = 0; i < n; i++) {
            row_put(out, g + rank[i], bytes, x[i]);
            row_put(out_idx, g + rank[i], 4, i);
        }
    }
    return nan;
}

static void sort_commit(Tepl *v)
{
    TileOp *op = v->op;
    const TileLocal *s;
    TileLocal *dst[2], *idx;
    unsigned w;

    sort_check_complete(v);
    read_descending(v);
    check_datr(v, 0);
    /* LB0 is the group width (absent or 0: 32); no LB1, LB2 */
    if (op->has_lb[1] || op->has_lb[2] || (op->has_lb[0] && op->lb[0] > 64)) {
        tepl_tl(v, "TSORT takes LB0 (at most 64) only");
    }
    w = op->has_lb[0] && op->lb[0] ? op->lb[0] : 32;
    if (!sort_type(v->dt)) {
        tepl_tl(v, "TSORT data type is not FP32 / FP16");
    }
    tepl_gather(v, -1);
    s = v->src[0];
    check_sort_source(v, s);
    /* values (the source type), then indices (U32), of the source's shape */
    for (unsigned k = 0; k < 2; k++) {
        const TileBind *b = dst_binding(op, k);
        TileDesc d = {
            .dtype = k ? TILE_DT_U32 : s->d.dtype, .layout = TILE_LAYOUT_ROW_MAJOR,
            .size_code = b->size_code, .cols = s->d.cols,
            .valid_rows = s->d.valid_rows, .valid_cols = s->d.valid_cols,
        };
        dst[k] = &op->dst[tile_op_new_local(op, b->hand, &d)].t;
    }
    v->d = dst[0];
    idx = dst[1];
    if (v->d->d.rows != s->d.rows || idx->d.rows != s->d.rows) {
        tepl_tl(v, "TSORT destination SizeCode does not give the source's rows");
    }
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        bool nan = false;

        for (uint32_t r = 0; r < s->d.valid_rows; r++) {
            const uint8_t *in = sort_row(s, pe, r);
            uint8_t *out = tepl_row_bytes(v->d, pe, r), *out_idx = tepl_row_bytes(idx, pe, r);

            if (v->dt == TILE_DT_FP32) {
                nan |= sort_row_groups(v, 4, in, out, out_idx, s->d.valid_cols, w,
                                       v->scalar[pe]);
            } else {
                nan |= sort_row_groups(v, 2, in, out, out_idx, s->d.valid_cols, w,
                                       v->scalar[pe]);
            }
        }
        if (nan) {
            note_snan(v, s, pe);        /* (a signaling one among them?) */
        }
    }
    idx->defined = 1;
    tepl_finish(v, true);
}

/* ---- TMRGSORT ---- */

static bool sequence_ordered(Tepl *v, const TileLocal *t, unsigned pe)
{
    const uint8_t *row = sort_row(t, pe, 0);
    unsigned bytes = tile_dtype_bits(v->dt) / 8;

    for (uint32_t c = 0; c + 1 < t->d.valid_cols; c++) {
        if (!tile_sort_before(v->dt, row_elem(row, c, bytes), row_elem(row, c + 1, bytes),
                              v->scalar[pe])) {
            return false;
        }
    }
    return true;
}

static void mrgsort_commit(Tepl *v)
{
    TileOp *op = v->op;
    const TileLocal *l, *r;
    uint32_t n;

    tepl_check_complete(v, 2, 1);
    read_descending(v);
    check_datr(v, 0);
    if (any_lb(op)) {
        tepl_tl(v, "TMRGSORT takes no B.DIM");
    }
    if (!sort_type(v->dt)) {
        tepl_tl(v, "TMRGSORT data type is not FP32 / FP16");
    }
    tepl_gather(v, -1);
    l = v->src[0];
    r = v->src[1];
    check_sort_source(v, l);
    check_sort_source(v, r);
    n = l->d.valid_cols + r->d.valid_cols;
    if (l->d.valid_rows != 1 || r->d.valid_rows != 1 || n > 32768) {
        tepl_tl(v, "TMRGSORT sources: one row each, at most 32768 columns in all");
    }
    TEPL_FOR_PES(v, pe) {
        if (!sequence_ordered(v, l, pe) || !sequence_ordered(v, r, pe)) {
            tepl_tl(v, "TMRGSORT source is not sorted in the selected direction");
        }
    }
    TileDesc d = {
        .dtype = v->dt, .layout = TILE_LAYOUT_ROW_MAJOR,
        .size_code = v->dst_bind->size_code, .cols = pow2ceil(n),
        .valid_rows = 1, .valid_cols = n,
    };
    tepl_new_dst(v, &d);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        const uint8_t *lrow = sort_row(l, pe, 0), *rrow = sort_row(r, pe, 0);
        uint8_t *out = tepl_dst_row(v, pe, 0);
        unsigned bytes = tile_dtype_bits(v->dt) / 8;
        uint32_t i = 0, j = 0;

        for (uint32_t k = 0; k < n; k++) {
            uint64_t a = i < l->d.valid_cols ? row_elem(lrow, i, bytes) : 0;
            uint64_t b = j < r->d.valid_cols ? row_elem(rrow, j, bytes) : 0;
            bool left = j >= r->d.valid_cols ||
                        (i < l->d.valid_cols && tile_sort_before(v->dt, a, b, v->scalar[pe]));

            row_put(out, k, bytes, left ? a : b);
            i += left;
            j += !left;
        }
        note_snan(v, l, pe);
        note_snan(v, r, pe);
    }
    tepl_finish(v, true);
}

/* ---- THISTOGRAM ---- */

/*
 * The ByteId prefix filter of row r: an element x passes when its bytes
 * above ByteId equal the prefix's, (x & *mask) == *prefix.  U16, ByteId
 * 0: the high byte against the row's own filter[r][0]; U32: bytes 3, 2, 1
 * above ByteId against the global filter[0..2][0].
 */
static void hist_filter(Tepl *v, const TileLocal *f, unsigned pe, uint32_t r, unsigned byte,
                        uint32_t *mask, uint32_t *prefix)
{
    *mask = *prefix = 0;
    if (v->dt == TILE_DT_U16) {
        if (!byte) {
            *mask = 0xff00;
            *prefix = (tepl_elem(f, pe, r, 0) & 0xff) << 8;
        }
        return;
    }
    for (unsigned k = 3; k > byte; k--) {
        *mask |= 0xffu << (8 * k);
        *prefix |= (uint32_t)(tepl_elem(f, pe, 3 - k, 0) & 0xff) << (8 * k);
    }
}

static void histogram_commit(Tepl *v)
{
    TileOp *op = v->op;
    const TileLocal *data, *f;
    unsigned byte = op->pad, need;

    tepl_check_complete(v, 2, 0);
    tepl_check_datr(v, TEPL_DATR_DTYPE);
    tepl_one_binding(v, 2);
    if (op->has_ior || any_lb(op)) {
        tepl_tl(v, "THISTOGRAM takes no B.IOR and no B.DIM");
    }
    if (!op->has_datr || op->datr_dtype != TILE_DT_U32) {
        tepl_tl(v, "THISTOGRAM needs B.DATR DataType U32");
    }
    if (v->dt != TILE_DT_U16 && v->dt != TILE_DT_U32) {
        tepl_tl(v, "THISTOGRAM data type is not U16 / U32");
    }
    if (v->dt == TILE_DT_U16 && byte > 1) {
        tepl_tl(v, "THISTOGRAM U16 ByteId 2 / 3");
    }
    data = tile_op_source(op, v->dst_bind->src[0], true);
    f = tile_op_source(op, v->dst_bind->src[1], false);
    if (data->d.dtype != v->dt || data->d.layout != TILE_LAYOUT_ROW_MAJOR) {
        tepl_tl(v, "THISTOGRAM data: row-major, of the BSTART type");
    }
    if (f->d.dtype != TILE_DT_U8) {
        tepl_tl(v, "THISTOGRAM filter is not U8");
    }
    /* only the filter rows of column 0 the ByteId reads must be defined */
    need = v->dt == TILE_DT_U16 ? (byte ? 0 : data->d.valid_rows) : 3 - byte;
    if (need && (f->d.valid_rows < need || !f->d.valid_cols || !f->defined)) {
        tepl_tl(v, "THISTOGRAM filter prefix not defined");
    }
    TileDesc d = {
        .dtype = TILE_DT_U32, .layout = TILE_LAYOUT_ROW_MAJOR,
        .size_code = v->dst_bind->size_code, .cols = 256,
        .valid_rows = data->d.valid_rows, .valid_cols = 256,
    };
    tepl_new_dst(v, &d);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        unsigned bytes = tile_dtype_bits(v->dt) / 8;

        for (uint32_t r = 0; r < data->d.valid_rows; r++) {
            const uint8_t *in = sort_row(data, pe, r);
            uint8_t *out = tepl_dst_row(v, pe, r);
            uint32_t count[256] = { 0 }, sum = 0, mask, prefix;

            hist_filter(v, f, pe, r, byte, &mask, &prefix);
            for (uint32_t c = 0; c < data->d.valid_cols; c++) {
                uint32_t x = row_elem(in, c, bytes);

                if ((x & mask) == prefix) {
                    count[(x >> (8 * byte)) & 0xff]++;
                }
            }
            /* the inclusive cumulative count of bins 0..b */
            for (unsigned b = 0; b < 256; b++) {
                sum += count[b];
                row_put(out, b, 4, sum);
            }
        }
    }
    tepl_finish(v, false);
}

/* ---- TQUANT / TDEQUANT (the reference profile's rules, in every profile) ---- */

/* RegSrc0: a positive finite nonzero FP32 in the low 32 bits (1.0 without
 * B.IOR); RegSrc1: a canonical 64-bit integer of the S8 / U8 type (0). */
static bool scale_legal(uint64_t m)
{
    TileNumClass c = tile_num_classify(TILE_DT_FP32, (uint32_t)m);

    return !(m & 0x80000000u) && !tile_num_class_is_nan(c) && !tile_num_class_is_inf(c) &&
           !tile_num_class_is_zero(c);
}

static void quant_commit(Tepl *v)
{
    TileOp *op = v->op;
    bool de = v->info->elem;
    unsigned int_dt;
    const TileLocal *s;
    uint64_t mult[TILE_POOL_PES];
    TileRound rm = tile_round_from_rmode(op->rmode, TILE_RND_RNE);

    tepl_check_complete(v, 1, 2);
    check_datr(v, TEPL_DATR_DTYPE | TEPL_DATR_RMODE | (de ? 0 : TEPL_DATR_SAT));
    if (!op->has_datr) {
        tepl_tl(v, "TQUANT / TDEQUANT need B.DATR");
    }
    v->dst_dt = op->datr_dtype;
    int_dt = de ? v->dt : v->dst_dt;
    if ((de ? v->dst_dt != TILE_DT_FP32 : v->dt != TILE_DT_FP32) ||
        (int_dt != TILE_DT_S8 && int_dt != TILE_DT_U8)) {
        tepl_tl(v, "TQUANT FP32 -> S8 / U8, TDEQUANT S8 / U8 -> FP32");
    }
    TEPL_FOR_PES(v, pe) {
        mult[pe] = tile_op_gpr(op, pe, 0, 0x3f800000);
        v->scalar[pe] = tile_op_gpr(op, pe, 1, 0);
        if (!scale_legal(mult[pe])) {
            tepl_tl(v, "multiplier is not a positive finite nonzero FP32");
        }
        if (tile_int_normalize(int_dt, v->scalar[pe]) != v->scalar[pe]) {
            tepl_tl(v, "zero point is not a canonical value of its type");
        }
    }
    tepl_one_binding(v, 1);
    tepl_lb_shape(v);
    tepl_gather(v, -1);
    s = v->src[0];
    if (s->d.dtype != v->dt || s->d.layout != TILE_LAYOUT_ROW_MAJOR) {
        tepl_tl(v, "source: row-major, of the BSTART type");
    }
    tepl_check_lb_shape(v, s);
    tepl_new_lb_dst(v, v->dst_dt, TILE_LAYOUT_ROW_MAJOR, NULL);
    tepl_begin(v);
    TEPL_FOR_PES(v, pe) {
        int64_t zp = (int64_t)v->scalar[pe];
        uint32_t m = mult[pe];

        /* by rows (numeric/sfu_array.c: the element functions' bits and
         * flags): the source and the destination are row-major, of whole
         * bytes */
        g_assert(tepl_src_row(s, pe, 0) && tepl_dst_row(v, pe, 0));
        for (uint32_t r = 0; r < v->d->d.valid_rows; r++) {
            if (de) {
                sfu_array_dequant(v->dt, tepl_src_row(s, pe, r), m, zp, rm,
                                  tepl_dst_row(v, pe, r), v->d->d.valid_cols, &v->flags);
            } else {
                sfu_array_quant(tepl_src_row(s, pe, r), m, zp, rm, v->op->sat,
                                v->dst_dt == TILE_DT_S8, tepl_dst_row(v, pe, r),
                                v->d->d.valid_cols, &v->flags);
            }
        }
    }
    tepl_finish(v, true);
}
