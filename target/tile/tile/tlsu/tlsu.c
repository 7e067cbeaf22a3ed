/*
 * PTO Tile CPU: the TLSU engine (TLOAD, TSTORE, TMOV, TPREFETCH, GMOV and
 * the Shared forms)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Each operation is a prepare step (every check; may fault; no effect)
 * and an execute step (tile/op.h).  Spec units: PTO-BLOCK-EXECUTION-
 * BSTART-TLOAD / -TSTORE / -TMOV / -TPREFETCH / -GMOV, PTO-BLOCK-MODEL-
 * DISPATCH-SHARED-TLSU, -TLSU-GMOV, -TLSU-PREFETCH, PTO-TILE-MODEL-MEMORY-
 * STRIDE (global-memory addressing).  Global memory is always the strided
 * row-major image: base + row * stride + column offset, with the 4-bit
 * types two to a byte (even column = low nibble).  Each PE reads B.IOR
 * through its own GPR bank (docs/design.md decision 1).
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile/engines.h"
#include "tile/tlsu/tlsu.h"

static bool pe_in(unsigned mask, unsigned pe)
{
    return mask & (1u << pe);
}

static uint64_t dense_stride(unsigned dtype, uint32_t cols)
{
    unsigned bits = tile_dtype_bits(dtype);

    return bits == 4 ? (cols + 1) / 2 : (uint64_t)cols * (bits / 8);
}

/* Probe every valid element one PE touches, row-major. */
static void probe_region(TileOp *op, uint64_t base, uint64_t stride, unsigned dtype,
                         uint32_t vr, uint32_t vc, bool write)
{
    unsigned bytes = tlsu_mem_bytes(dtype);

    for (uint32_t r = 0; r < vr; r++) {
        for (uint32_t c = 0; c < vc; c++) {
            tile_op_probe(op, tlsu_gm_addr(base, stride, dtype, r, c), bytes, write);
        }
    }
}

/* ---- Common legality ---- */

/* B.IOR: RegDst and the slots the operation does not read must be zero. */
static void check_ior(TileOp *op, unsigned used_slots)
{
    if (!op->has_ior) {
        return;
    }
    if (op->ior_dst) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "B.IOR RegDst must be zero");
    }
    for (unsigned i = used_slots; i < 3; i++) {
        if (op->ior_src[i]) {
            tile_op_fault(op, TILE_FAULT_BUNDLE, "B.IOR field not used by the operation");
        }
    }
}

static void no_shared(TileOp *op)
{
    if (op->n_ios) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "operation takes no Shared binding");
    }
}

/* ---- TLOAD / TSTORE, Local ---- */

static void tload_local(TileOp *op)
{
    const TileBind *b = tlsu_one_binding(op, 0, true);
    unsigned dt = tlsu_dtype(op);
    TileDesc d = { .dtype = dt, .layout = op->layout, .size_code = b->size_code };
    uint64_t base[TILE_POOL_PES], stride[TILE_POOL_PES];
    TileLocal *t;
    unsigned bits = tile_dtype_bits(dt);

    check_ior(op, 2);
    tlsu_check_datr(op, false);
    d.valid_cols = tile_op_lb(op, 0) ?: 1;
    d.valid_rows = tile_op_lb(op, 1) ?: 1;
    d.cols = tile_op_lb(op, 2) ?: d.valid_cols;
    t = &op->dst[tile_op_new_local(op, b->hand, &d)].t;
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (pe_in(op->mask, pe)) {
            base[pe] = tile_op_gpr(op, pe, 0, 0);
            stride[pe] = tile_op_gpr(op, pe, 1, dense_stride(dt, d.cols));
            probe_region(op, base[pe], stride[pe], dt, d.valid_rows, d.valid_cols, false);
        }
    }
    /* execute */
    tile_op_alloc_payloads(op);
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (!pe_in(op->mask, pe)) {
            continue;
        }
        for (uint32_t r = 0; r < d.valid_rows; r++) {
            for (uint32_t c = 0; c < d.valid_cols; c++) {
                uint64_t a = tlsu_gm_addr(base[pe], stride[pe], dt, r, c);
                uint64_t v = tlsu_gm_read(op, pe, a, dt, c);
                tile_elem_set(t->frag[pe], bits, tile_storage_index(&t->d, r, c), v);
            }
        }
    }
    t->defined = 1;
    tile_op_install(op);
}

static void tstore_local(TileOp *op)
{
    const TileBind *b = tlsu_one_binding(op, 1, false);
    const TileLocal *s;
    uint64_t base[TILE_POOL_PES], stride[TILE_POOL_PES];
    unsigned dt, bits;

    check_ior(op, 2);
    tlsu_check_datr(op, false);
    s = tile_op_source(op, b->src[0], true);
    dt = s->d.dtype;
    bits = tile_dtype_bits(dt);
    /* the stored rectangle is the source's valid region; its type is named */
    if (op->dtype != TILE_DTYPE_NONE && op->dtype != dt) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "BSTART data type is not the source's");
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (pe_in(op->mask, pe)) {
            base[pe] = tile_op_gpr(op, pe, 0, 0);
            stride[pe] = tile_op_gpr(op, pe, 1,
                                     dense_stride(dt, tile_op_lb(op, 2) ?: s->d.cols));
            probe_region(op, base[pe], stride[pe], dt, s->d.valid_rows, s->d.valid_cols, true);
        }
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (!pe_in(op->mask, pe)) {
            continue;
        }
        for (uint32_t r = 0; r < s->d.valid_rows; r++) {
            for (uint32_t c = 0; c < s->d.valid_cols; c++) {
                uint64_t v = tile_elem_get(s->frag[pe], bits, tile_storage_index(&s->d, r, c));
                tlsu_gm_write(op, pe, tlsu_gm_addr(base[pe], stride[pe], dt, r, c), dt, c, v);
            }
        }
    }
    tile_op_install(op);
}

/* ---- TMOV (Local) and GMOV ---- */

/* The type a TMOV names: the BSTART code, or 31 = the source's. */
static unsigned tmov_dtype(TileOp *op, unsigned src_dtype)
{
    return op->dtype == TILE_DTYPE_NONE ? src_dtype : op->dtype;
}

/* TileShapeAndTypeMatch: rows, columns, valid region, type, layout. */
static bool same_shape_and_type(const TileDesc *a, const TileDesc *b)
{
    return a->rows == b->rows && a->cols == b->cols && a->valid_rows == b->valid_rows &&
           a->valid_cols == b->valid_cols && a->dtype == b->dtype && a->layout == b->layout;
}

static void copy_fragment(TileLocal *d, unsigned dpe, const TileLocal *s, unsigned spe)
{
    memcpy(d->frag[dpe], s->frag[spe], d->frag_bytes[dpe]);
}

static void tmov_local(TileOp *op)
{
    const TileBind *b = tlsu_one_binding(op, 1, true);
    const TileLocal *s;
    TileDesc d;
    TileLocal *t;

    check_ior(op, 0);
    tlsu_check_datr(op, false);
    s = tile_op_source(op, b->src[0], true);
    d = (TileDesc) {
        .dtype = tmov_dtype(op, s->d.dtype), .layout = op->layout, .size_code = b->size_code,
        .valid_cols = tile_op_lb(op, 0) ?: s->d.valid_cols,
        .valid_rows = tile_op_lb(op, 1) ?: s->d.valid_rows,
        .cols = tile_op_lb(op, 2) ?: s->d.cols,
    };
    t = &op->dst[tile_op_new_local(op, b->hand, &d)].t;
    /* TMOV copies, it never converts: shape, type and layout all equal */
    if (!same_shape_and_type(&t->d, &s->d)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TMOV destination differs from its source");
    }
    tile_op_alloc_payloads(op);
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (pe_in(op->mask, pe)) {
            copy_fragment(t, pe, s, pe);
        }
    }
    t->defined = 1;
    tile_op_install(op);
}

/*
 * GMOV: each selected PE p copies the fragment of its peer PE
 * GPR_p[RegSrc0] (0 without B.IOR); all four peers must be PE0..PE3 and
 * the source must live on all four PEs (PTO-BLOCK-MODEL-DISPATCH-TLSU-GMOV).
 */
static void gmov(TileOp *op)
{
    const TileBind *b = tlsu_one_binding(op, 1, true);
    unsigned peer[TILE_POOL_PES];
    const TileLocal *s;
    TileDesc d;
    TileLocal *t;

    no_shared(op);
    check_ior(op, 1);
    tlsu_check_datr(op, false);
    s = tile_op_source(op, b->src[0], true);
    if (s->mask != TILE_PE_MASK_ALL) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "GMOV source must live on all four PEs");
    }
    if (tile_dtype_bits(s->d.dtype) == 64) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "GMOV of a 64-bit type");
    }
    if (tile_size_code_bytes(b->size_code) != tile_size_code_bytes(s->d.size_code) ||
        s->d.dtype != op->dtype || s->d.layout != op->layout) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "GMOV destination differs from its source");
    }
    if (op->has_lb[0] || op->has_lb[1] || op->has_lb[2]) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "GMOV takes no B.DIM");
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        uint64_t p = tile_op_gpr(op, pe, 0, 0);
        if (p >= TILE_POOL_PES) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "GMOV peer is not PE0..PE3");
        }
        peer[pe] = p;
    }
    d = s->d;
    t = &op->dst[tile_op_new_local(op, b->hand, &d)].t;
    tile_op_alloc_payloads(op);
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (pe_in(op->mask, pe)) {
            copy_fragment(t, pe, s, peer[pe]);
        }
    }
    t->defined = 1;
    tile_op_install(op);
}

/* ---- TPREFETCH ---- */

/*
 * No bindings; all four PEs; stride in elements.  Architecturally only
 * its faults are visible: probe every element, change nothing.
 */
static void tprefetch(TileOp *op)
{
    unsigned dt = tlsu_dtype(op);
    uint32_t vc, vr, cols;

    if (op->n_iot || op->n_ios) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TPREFETCH takes no tile binding");
    }
    if (tile_dtype_bits(dt) == 64) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TPREFETCH of a 64-bit type");
    }
    check_ior(op, 2);
    tlsu_check_datr(op, false);
    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "TPREFETCH dimension out of range");
        }
    }
    vc = tile_op_lb(op, 0) ?: 1;
    vr = tile_op_lb(op, 1) ?: 1;
    cols = tile_op_lb(op, 2) ?: vc;
    if ((cols & (cols - 1)) || vc > cols || (uint64_t)vr * vc > 32768) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TPREFETCH shape");
    }
    op->mask = TILE_PE_MASK_ALL;
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        uint64_t base = tile_op_gpr(op, pe, 0, 0);
        uint64_t stride = tile_op_gpr(op, pe, 1, cols);
        unsigned bits = tile_dtype_bits(dt);

        for (uint32_t r = 0; r < vr; r++) {
            for (uint32_t c = 0; c < vc; c++) {
                uint64_t idx = r * stride + c;
                tile_op_probe(op, base + (bits == 4 ? idx / 2 : idx * (bits / 8)),
                              tlsu_mem_bytes(dt), false);
            }
        }
    }
}

/* ---- Shared forms ---- */

static const TileSBind *one_shared(TileOp *op, bool dst)
{
    if (op->n_ios != 1 || (op->ios[0].size_code != 0) != dst) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "operation needs one Shared binding");
    }
    return &op->ios[0];
}

/*
 * A new value for a Shared register (SharedTileUpdateCompatible, then the
 * one atomic record update): the first write fixes the allocation mask;
 * a later one must use a subset of it and the same descriptor.  The
 * caller fills the selected quarters of op->shared.payload.
 */
static TileShared *shared_update(TileOp *op, unsigned id, const TileDesc *d)
{
    const TileShared *old = &op->f->shared[id];
    TileShared *n = &op->shared;

    if (old->valid && ((op->mask & ~old->alloc_mask) || !tile_desc_equal(&old->d, d))) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared update incompatible with the register");
    }
    *n = (TileShared) { .d = *d, .valid = 1, .bytes = tile_size_code_bytes(d->size_code) };
    if (old->valid) {
        n->alloc_mask = old->alloc_mask;
        n->init_mask = old->init_mask | op->mask;
        n->published = old->published;
    } else {
        n->alloc_mask = n->init_mask = op->mask;
    }
    tile_op_new_shared(op, id);
    return n;
}

/* Execute step: the new payload starts as a copy of the old one. */
static void shared_alloc_payload(TileOp *op)
{
    const TileShared *old = &op->f->shared[op->shared_id];
    TileShared *n = &op->shared;

    n->payload = tile_payload_new(n->bytes);
    if (old->valid) {
        memcpy(n->payload, old->payload, n->bytes);
    }
}

static bool shared_complete(const TileShared *s)
{
    return s->valid && s->init_mask == s->alloc_mask;
}

/*
 * The shape a Shared read uses: LB values when present (0 is illegal),
 * else the register's valid region and columns, else 1, 1, VC.  An
 * allocated register must have the same columns, type and layout and
 * cover the region; an unallocated one is read at the smallest capacity
 * its shape fits (the values read are undefined).
 */
static TileDesc shared_read_view(TileOp *op, unsigned id, unsigned dt)
{
    const TileShared *s = &op->f->shared[id];
    TileDesc d = { .dtype = dt, .layout = op->layout };

    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared dimension out of range");
        }
    }
    d.valid_cols = tile_op_lb(op, 0) ?: (s->valid ? s->d.valid_cols : 1);
    d.valid_rows = tile_op_lb(op, 1) ?: (s->valid ? s->d.valid_rows : 1);
    d.cols = tile_op_lb(op, 2) ?: (s->valid ? s->d.cols : d.valid_cols);
    if (s->valid) {
        if (s->d.cols != d.cols || s->d.dtype != dt || s->d.layout != d.layout) {
            tile_op_fault(op, TILE_FAULT_LEGALITY,
                          "Shared register has another type, layout or column count");
        }
        if (d.valid_rows > s->d.valid_rows || d.valid_cols > s->d.valid_cols) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "read outside the Shared register");
        }
        d.size_code = s->d.size_code;
        d.rows = s->d.rows;
        return d;
    }
    for (d.size_code = 1; d.size_code <= TILE_SHARED_SIZE_CODE_MAX; d.size_code++) {
        d.rows = tile_derived_rows(tile_size_code_bytes(d.size_code), d.cols, dt);
        if (d.rows && d.valid_rows <= d.rows && d.valid_cols <= d.cols &&
            tile_layout_shape_legal(&d)) {
            return d;
        }
    }
    tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared read shape fits no capacity");
}

/*
 * A word of a Shared register: an unallocated register or an
 * uninitialized quarter reads as an undefined value; this model gives
 * (SharedTileID XOR storage index), as the reference model does.
 */
static uint64_t shared_word(const TileShared *s, unsigned id, const TileDesc *view, uint64_t idx)
{
    unsigned q = tile_shared_quarter(view, idx);

    if (!s->valid || !(s->init_mask & (1u << q))) {
        return (uint64_t)id ^ idx;
    }
    return tile_elem_get(s->payload, tile_dtype_bits(view->dtype), idx);
}

/*
 * The global-memory side of a Shared transfer: each PE's base and stride,
 * then a probe of every valid element, by the PE owning its quarter, at
 * its absolute (r, c).
 */
static void shared_gm_probe(TileOp *op, const TileDesc *d, uint64_t *base, uint64_t *stride,
                            bool write)
{
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        base[pe] = tile_op_gpr(op, pe, 0, 0);
        stride[pe] = tile_op_gpr(op, pe, 1, dense_stride(d->dtype, d->cols));
    }
    for (uint32_t r = 0; r < d->valid_rows; r++) {
        for (uint32_t c = 0; c < d->valid_cols; c++) {
            unsigned q = tile_shared_quarter(d, tile_storage_index(d, r, c));
            if (pe_in(op->mask, q)) {
                tile_op_probe(op, tlsu_gm_addr(base[q], stride[q], d->dtype, r, c),
                              tlsu_mem_bytes(d->dtype), write);
            }
        }
    }
}

/* TLOAD -> S: PE q loads the elements of quarter q, at absolute (r, c). */
static void tload_shared(TileOp *op)
{
    const TileSBind *sb = one_shared(op, true);
    unsigned dt = tlsu_dtype(op);
    TileDesc d = { .dtype = dt, .layout = op->layout, .size_code = sb->size_code };
    uint64_t base[TILE_POOL_PES], stride[TILE_POOL_PES];
    unsigned bits = tile_dtype_bits(dt);
    TileShared *n;

    if (op->n_iot) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared TLOAD takes no B.IOT");
    }
    check_ior(op, 2);
    tlsu_check_datr(op, false);
    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared dimension out of range");
        }
    }
    d.valid_cols = tile_op_lb(op, 0) ?: 1;
    d.valid_rows = tile_op_lb(op, 1) ?: 1;
    d.cols = tile_op_lb(op, 2) ?: d.valid_cols;       /* decision 9 */
    d.rows = tile_derived_rows(tile_size_code_bytes(d.size_code), d.cols, dt);
    if (!d.rows || d.valid_rows > d.rows || d.valid_cols > d.cols ||
        !tile_layout_shape_legal(&d)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared TLOAD shape");
    }
    n = shared_update(op, sb->id, &d);
    shared_gm_probe(op, &d, base, stride, false);
    shared_alloc_payload(op);
    for (uint32_t r = 0; r < d.valid_rows; r++) {
        for (uint32_t c = 0; c < d.valid_cols; c++) {
            uint64_t idx = tile_storage_index(&d, r, c);
            unsigned q = tile_shared_quarter(&d, idx);
            if (pe_in(op->mask, q)) {
                uint64_t a = tlsu_gm_addr(base[q], stride[q], dt, r, c);
                tile_elem_set(n->payload, bits, idx, tlsu_gm_read(op, q, a, dt, c));
            }
        }
    }
    /* TLOAD publishes whenever the value is complete */
    n->published |= shared_complete(n);
    tile_op_install(op);
}

/* TSTORE from S (all four PEs) and TSTORE.SPART (any PEs). */
static void tstore_shared(TileOp *op)
{
    const TileSBind *sb = one_shared(op, false);
    unsigned dt = tlsu_dtype(op);
    const TileShared *s = &op->f->shared[sb->id];
    uint64_t base[TILE_POOL_PES], stride[TILE_POOL_PES];
    TileDesc v;

    if (op->n_iot) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "Shared TSTORE takes no B.IOT");
    }
    if (op->fn == TLSU_TSTORE && op->mask != TILE_PE_MASK_ALL) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "TSTORE from Shared needs all four PEs");
    }
    check_ior(op, 2);
    tlsu_check_datr(op, false);
    v = shared_read_view(op, sb->id, dt);
    shared_gm_probe(op, &v, base, stride, true);
    for (uint32_t r = 0; r < v.valid_rows; r++) {
        for (uint32_t c = 0; c < v.valid_cols; c++) {
            uint64_t idx = tile_storage_index(&v, r, c);
            unsigned q = tile_shared_quarter(&v, idx);
            if (pe_in(op->mask, q)) {
                tlsu_gm_write(op, q, tlsu_gm_addr(base[q], stride[q], dt, r, c), dt, c,
                         shared_word(s, sb->id, &v, idx));
            }
        }
    }
    tile_op_install(op);
}

/*
 * TMOV.L2S.INSERT / .PUBLISH: PE q writes quarter q of its fragment into
 * quarter q of the Shared register.  PUBLISH needs the result complete.
 */
static void tmov_l2s(TileOp *op)
{
    const TileBind *b = tlsu_one_binding(op, 1, false);
    const TileSBind *sb = one_shared(op, true);
    const TileLocal *s;
    TileDesc d;
    TileShared *n;
    uint32_t qbytes;

    check_ior(op, 0);
    tlsu_check_datr(op, false);
    s = tile_op_source(op, b->src[0], true);
    if (tile_size_code_bytes(s->d.size_code) != tile_size_code_bytes(sb->size_code) ||
        tmov_dtype(op, s->d.dtype) != s->d.dtype) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "Local source does not match the Shared size");
    }
    d = s->d;
    n = shared_update(op, sb->id, &d);
    if (op->fn == TLSU_L2S_PUBLISH && !shared_complete(n)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "PUBLISH of an incomplete Shared register");
    }
    shared_alloc_payload(op);
    qbytes = n->bytes / 4;
    for (unsigned q = 0; q < TILE_POOL_PES; q++) {
        if (pe_in(op->mask, q)) {
            memcpy(n->payload + q * qbytes, s->frag[q] + q * qbytes, qbytes);
        }
    }
    if (op->fn == TLSU_L2S_PUBLISH) {
        n->published = 1;
    }
    tile_op_install(op);
}

/*
 * TMOV.S2L.BROADCAST: every PE receives the whole published register.
 * TMOV.S2L.EXTRACT: PE q receives quarter q (the rest of its fragment is
 * undefined); the tile is defined when all four PEs take part.
 * (docs/implementation-defined.md: Shared <-> Local with per-PE fragments.)
 */
static void tmov_s2l(TileOp *op)
{
    const TileBind *b = tlsu_one_binding(op, 0, true);
    const TileSBind *sb = one_shared(op, false);
    const TileShared *s = &op->f->shared[sb->id];
    bool bcast = op->fn == TLSU_S2L_BROADCAST;
    unsigned dt = tlsu_dtype(op);
    unsigned bits = tile_dtype_bits(dt);
    TileDesc v;
    TileLocal *t;

    check_ior(op, 0);
    tlsu_check_datr(op, false);
    if (bcast && (op->mask != TILE_PE_MASK_ALL || s->alloc_mask != TILE_PE_MASK_ALL ||
                  !shared_complete(s) || !s->published)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "BROADCAST needs all four PEs and a complete, published register on all four");
    }
    v = shared_read_view(op, sb->id, dt);
    if (tile_size_code_bytes(v.size_code) != tile_size_code_bytes(b->size_code)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "Local destination size is not the Shared size");
    }
    v.size_code = b->size_code;
    t = &op->dst[tile_op_new_local(op, b->hand, &v)].t;
    tile_op_alloc_payloads(op);
    for (uint32_t r = 0; r < v.rows; r++) {
        for (uint32_t c = 0; c < v.cols; c++) {
            uint64_t idx = tile_storage_index(&v, r, c);
            unsigned q = tile_shared_quarter(&v, idx);
            uint64_t w;

            if (!pe_in(op->mask, q) && !bcast) {
                continue;
            }
            w = shared_word(s, sb->id, &v, idx);
            for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
                if (bcast || pe == q) {
                    tile_elem_set(t->frag[pe], bits, idx, w);
                }
            }
        }
    }
    t->defined = op->mask == TILE_PE_MASK_ALL;
    tile_op_install(op);
}

/* ---- Dispatch ---- */

void tile_tlsu_commit(TileOp *op)
{
    static const char *const names[] = {
        "TLOAD", "TSTORE", "TMOV", "TPREFETCH", "MGATHER", "MSCATTER", "MGATHER.MASK",
        "MSCATTER.MASK", "MGATHER.CAS", "TMOV.L2S.INSERT", "TMOV.L2S.PUBLISH",
        "TMOV.S2L.BROADCAST", "TMOV.S2L.EXTRACT", "GMOV", "TSTORE.SPART",
    };

    op->name = op->fn < ARRAY_SIZE(names) ? names[op->fn] : "?";
    /* an explicit CUBE transport layout selects that form, whatever the function */
    if (op->has_datr && op->layout_code >= 21 && op->layout_code <= 26) {
        tlsu_cube_commit(op);
        return;
    }
    switch (op->fn) {
    case TLSU_TLOAD:
        (op->n_ios ? tload_shared : tload_local)(op);
        break;
    case TLSU_TSTORE:
        (op->n_ios ? tstore_shared : tstore_local)(op);
        break;
    case TLSU_TSTORE_SPART:
        tstore_shared(op);
        break;
    case TLSU_TMOV:
        no_shared(op);
        tmov_local(op);
        break;
    case TLSU_L2S_INSERT:
    case TLSU_L2S_PUBLISH:
        tmov_l2s(op);
        break;
    case TLSU_S2L_BROADCAST:
    case TLSU_S2L_EXTRACT:
        tmov_s2l(op);
        break;
    case TLSU_TPREFETCH:
        tprefetch(op);
        break;
    case TLSU_GMOV:
        gmov(op);
        break;
    default:
        tlsu_indexed_commit(op);
        break;
    }
}
