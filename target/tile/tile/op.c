/*
 * PTO Tile CPU: the Tile-operation API every engine uses (see tile/op.h)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-BLOCK-MODEL-DISPATCH-TILE-EXECUTION (the commit
 * sequence), -DESCRIPTOR-LEGALITY, -DESTINATION-SHAPE, -TILE-SCHEMA
 * (bindings, B.DIM, B.DATR applicability), PTO-BLOCK-MODEL-FAULTS-ROLLBACK,
 * PTO-TILE-MODEL-DEFINEDNESS-ELEMENTS (padding), ADR 0097 (capacity),
 * docs/design.md decision 10 (Local names are queues).  The three tile faults
 * are trap 5 with TRAPARG0 = the committing instruction; the log
 * (-d guest_errors) names which one.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/cpu_ldst.h"
#include "exec/memory.h"
#include "tile/op.h"
#include "numeric/vec_elem.h"
#include "trace.h"

/* The utilization counters of the Core's tile-core device (docs/tile-core.md). */
static void count_fault(CPUTileState *env, TileStatsFault kind)
{
    Object *tile_core = env_archcpu(env)->tile_core;

    if (tile_core) {
        tile_stats_record_fault(tile_core_stats(tile_core), kind);
    }
}

void tile_engine_fault(CPUTileState *env, TileFaultKind kind, uint64_t pc, uintptr_t ra,
                       const char *why)
{
    qemu_log_mask(LOG_GUEST_ERROR, "tile: %s at 0x%" PRIx64 ": %s\n",
                  tile_fault_name(EXCP_BUNDLE_TRAP, kind), pc, why);
    count_fault(env, kind == TILE_FAULT_ALLOCATION ? TILE_STATS_FAULT_ALLOCATION :
                     kind == TILE_FAULT_BUNDLE ? TILE_STATS_FAULT_BUNDLE :
                     TILE_STATS_FAULT_LEGALITY);
    env->fault_kind = kind;
    tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
}

void tile_op_fault(TileOp *op, TileFaultKind kind, const char *why)
{
    tile_engine_fault(op->env, kind, op->pc, op->ra, why);
}

/* ---- Operands ---- */

static TileLocal *live_source(TileOp *op, unsigned selector, bool need_defined)
{
    int name = tile_file_lookup(op->f, selector);
    TileLocal *t;

    if (name < 0) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "source names no live tile");
    }
    t = &op->f->local[name];
    if (need_defined && !t->defined) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "source contents not defined");
    }
    if ((t->mask & op->mask) != op->mask) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "source has no fragment on a selected PE");
    }
    return t;
}

TileLocal *tile_op_source(TileOp *op, unsigned selector, bool need_defined)
{
    TileLocal *t = live_source(op, selector, need_defined);

    if (t->d.storage != TILE_STORAGE_NUMERIC) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "a predicate tile is only a mask operand");
    }
    return t;
}

TileLocal *tile_op_mask_source(TileOp *op, unsigned selector)
{
    TileLocal *t = live_source(op, selector, true);

    if (t->d.storage != TILE_STORAGE_PREDICATE) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "mask tile is not predicate storage");
    }
    return t;
}

uint64_t tile_op_gpr(TileOp *op, unsigned pe, unsigned slot, uint64_t dflt)
{
    return op->has_ior ? op->env->gpr[pe][op->ior_src[slot]] : dflt;
}

uint32_t tile_op_lb(TileOp *op, unsigned idx)
{
    uint64_t v = op->lb[idx];

    return op->has_lb[idx] && v >= 1 && v <= 65535 ? (uint32_t)v : 0;
}

/* ---- Destinations ---- */

unsigned tile_op_push_local(TileOp *op, unsigned hand, const TileDesc *d)
{
    uint32_t cap = tile_size_code_bytes(d->size_code);
    TileNew *n = &op->dst[op->n_new];
    TilePoolResult r;

    g_assert(op->n_new < ARRAY_SIZE(op->dst));
    n->t = (TileLocal) { .d = *d, .mask = op->mask };
    /* a full hand retires its #16 (decision 10); its bytes count as free */
    n->name = tile_push_plan_add(&op->plan, op->f, hand, &n->retired);
    if (n->retired >= 0) {
        const TileLocal *old = &op->f->local[n->retired];
        tile_pool_release_local(&op->cap, old->mask, old->d.size_code);
    }
    r = tile_pool_charge_local(&op->cap, op->mask, d->size_code);
    if (r.status != TILE_POOL_OK) {
        trace_tile_capacity_fault(op->env->blk.bpc_cur, r.pe, 0, cap,
                                  r.pe >= 0 ? tile_pool_local_free(&op->cap, r.pe) : 0);
        tile_op_fault(op, TILE_FAULT_ALLOCATION, "a PE's Local pool is full");
    }
    return op->n_new++;
}

unsigned tile_op_new_local(TileOp *op, unsigned hand, const TileDesc *d)
{
    uint32_t cap = tile_size_code_bytes(d->size_code);
    uint32_t bits = tile_dtype_bits(d->dtype);
    TileDesc full = *d;

    full.rows = tile_derived_rows(cap, d->cols, d->dtype);
    if (!full.rows || d->valid_rows > full.rows || d->valid_cols > d->cols ||
        (uint64_t)d->valid_rows * d->valid_cols > (uint64_t)cap * 8 / bits) {
        tile_op_fault(op, TILE_FAULT_ALLOCATION, "destination shape does not fit its SizeCode");
    }
    if (!tile_layout_shape_legal(&full)) {
        tile_op_fault(op, TILE_FAULT_LEGALITY, "ZN/NZ destination is not whole fractals");
    }
    return tile_op_push_local(op, hand, &full);
}

void tile_op_new_shared(TileOp *op, unsigned id)
{
    const TileShared *old = &op->f->shared[id];

    if (!old->valid) {
        TilePoolResult r = tile_pool_charge_shared(&op->cap, op->mask, op->shared.d.size_code);
        if (r.status != TILE_POOL_OK) {
            trace_tile_capacity_fault(op->env->blk.bpc_cur, -1, 1,
                                      tile_size_code_bytes(op->shared.d.size_code),
                                      tile_pool_shared_free(&op->cap));
            tile_op_fault(op, TILE_FAULT_LEGALITY, "the Shared pool is full");
        }
    }
    op->shared_id = id;
}

void tile_op_alloc_payloads(TileOp *op)
{
    for (unsigned i = 0; i < op->n_new; i++) {
        TileLocal *t = &op->dst[i].t;
        uint32_t bytes = tile_size_code_bytes(t->d.size_code);

        for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
            if (t->mask & (1u << pe)) {
                t->frag[pe] = tile_payload_new(bytes);
                t->frag_bytes[pe] = bytes;
            }
        }
    }
}

void tile_op_install(TileOp *op)
{
    for (unsigned i = 0; i < op->n_new; i++) {
        if (op->dst[i].retired >= 0) {
            tile_local_free(op->f, op->dst[i].retired, false);
        }
        tile_local_install(op->f, op->dst[i].name, &op->dst[i].t);
    }
    tile_push_plan_commit(op->f, &op->plan);
    if (op->shared_id >= 0) {
        tile_payload_free(op->f->shared[op->shared_id].payload);
        op->f->shared[op->shared_id] = op->shared;
    }
    op->f->cap = op->cap;
}

/* ---- Memory ---- */

void tile_op_probe(TileOp *op, uint64_t addr, unsigned bytes, bool write)
{
    CPUState *cs = env_cpu(op->env);

    if (bytes > 1 && (addr & (bytes - 1))) {
        count_fault(op->env, TILE_STATS_FAULT_DATA_ALIGN);
        tile_raise_exception(op->env, EXCP_DATA_ALIGN_FAULT, addr, op->ra);
    }
    if (!address_space_access_valid(cs->as, addr, bytes, write, MEMTXATTRS_UNSPECIFIED) ||
        !tile_data_access_permitted(op->env, addr, bytes)) {
        count_fault(op->env, TILE_STATS_FAULT_DATA_PAGE);
        tile_raise_exception(op->env, EXCP_DATA_PAGE_FAULT, addr, op->ra);
    }
}

static uint64_t load_bytes(TileOp *op, uint64_t addr, unsigned bytes)
{
    switch (bytes) {
    case 1:
        return cpu_ldub_data_ra(op->env, addr, op->ra);
    case 2:
        return cpu_lduw_le_data_ra(op->env, addr, op->ra);
    case 4:
        return cpu_ldl_le_data_ra(op->env, addr, op->ra);
    default:
        return cpu_ldq_le_data_ra(op->env, addr, op->ra);
    }
}

static void store_bytes(TileOp *op, uint64_t addr, unsigned bytes, uint64_t value)
{
    switch (bytes) {
    case 1:
        cpu_stb_data_ra(op->env, addr, value, op->ra);
        break;
    case 2:
        cpu_stw_le_data_ra(op->env, addr, value, op->ra);
        break;
    case 4:
        cpu_stl_le_data_ra(op->env, addr, value, op->ra);
        break;
    default:
        cpu_stq_le_data_ra(op->env, addr, value, op->ra);
        break;
    }
}

uint64_t tile_op_load(TileOp *op, unsigned pe, uint64_t addr, unsigned bytes)
{
    op->bits_loaded[pe] += 8 * bytes;
    return load_bytes(op, addr, bytes);
}

void tile_op_store(TileOp *op, unsigned pe, uint64_t addr, unsigned bytes, uint64_t value)
{
    op->bits_stored[pe] += 8 * bytes;
    op->elements_stored[pe]++;
    store_bytes(op, addr, bytes, value);
}

uint64_t tile_op_load_nibble(TileOp *op, unsigned pe, uint64_t addr, bool high)
{
    op->bits_loaded[pe] += 4;
    return (load_bytes(op, addr, 1) >> (high ? 4 : 0)) & 0xf;
}

void tile_op_store_nibble(TileOp *op, unsigned pe, uint64_t addr, bool high, uint64_t value)
{
    unsigned sh = high ? 4 : 0;
    uint64_t byte = load_bytes(op, addr, 1);

    op->bits_stored[pe] += 4;
    op->elements_stored[pe]++;
    store_bytes(op, addr, 1, (byte & ~(0xfull << sh)) | ((value & 0xf) << sh));
}

uint64_t tile_op_cas(TileOp *op, unsigned pe, uint64_t addr, unsigned bytes,
                     uint64_t expected, uint64_t replacement)
{
    CPUTileState *env = op->env;
    uint64_t old;

    switch (bytes) {
    case 1:
        old = cpu_atomic_cmpxchgb_mmu(env, addr, expected, replacement,
                                      make_memop_idx(MO_UB, 0), op->ra);
        break;
    case 2:
        old = cpu_atomic_cmpxchgw_le_mmu(env, addr, expected, replacement,
                                         make_memop_idx(MO_LEUW | MO_ALIGN, 0), op->ra);
        break;
    case 4:
        old = cpu_atomic_cmpxchgl_le_mmu(env, addr, expected, replacement,
                                         make_memop_idx(MO_LEUL | MO_ALIGN, 0), op->ra);
        break;
    default:
        old = cpu_atomic_cmpxchgq_le_mmu(env, addr, expected, replacement,
                                         make_memop_idx(MO_LEUQ | MO_ALIGN, 0), op->ra);
        break;
    }
    op->bits_loaded[pe] += 8 * bytes;
    if (old == expected) {
        op->bits_stored[pe] += 8 * bytes;
        op->elements_stored[pe]++;
    }
    return old;
}

/*
 * Pad elements (PTO-TILE-MODEL-DEFINEDNESS-ELEMENTS, TilePadValueForDataType):
 * Zero and Null are 0; Max / Min are the largest / most negative finite
 * value, all ones / zero for unsigned types; the formats the rule does
 * not name take all ones for Max and 0 for Min, as the reference model.
 */
uint64_t tile_pad_value(unsigned dtype, unsigned pad)
{
    static const uint64_t max[32] = {
        [0] = 0x7fefffffffffffffull, [1] = 0x7f7fffff, [2] = 0x7f7fe000, [3] = 0x7f7ff000,
        [4] = 0x7bff, [5] = 0x7f7f, [7] = 0x7e, [8] = 0x7b,
        [16] = 0x7fffffffffffffffull, [17] = 0x7fffffff, [18] = 0x7fff, [19] = 0x7f,
    };
    static const uint64_t min[32] = {
        [0] = 0xffefffffffffffffull, [1] = 0xff7fffff, [2] = 0xff7fe000, [3] = 0xff7ff000,
        [4] = 0xfbff, [5] = 0xff7f, [7] = 0xfe, [8] = 0xfb,
        [16] = 0x8000000000000000ull, [17] = 0x80000000, [18] = 0x8000, [19] = 0x80,
    };
    unsigned bits = tile_dtype_bits(dtype);
    uint64_t ones = bits == 64 ? ~0ull : (1ull << bits) - 1;

    switch (pad) {
    case 1:
        return max[dtype & 31] ? max[dtype & 31] : ones;
    case 2:
        return min[dtype & 31];
    default:
        return 0;
    }
}

/* ---- BSTART.TEPL operations: checks ---- */

void tepl_tl(Tepl *v, const char *why)
{
    tile_op_fault(v->op, TILE_FAULT_LEGALITY, why);
}

void tepl_check_complete(Tepl *v, unsigned nsrc, unsigned nscalars)
{
    TileOp *op = v->op;
    unsigned ndst = 0, n = 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        if (op->iot[i].has_dst) {
            v->dst_bind = &op->iot[i];
            ndst++;
        }
        n += op->iot[i].nsrc;
    }
    if (ndst != 1 || n != nsrc) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "TEPL block bindings incomplete");
    }
    /* BundleTileBindingStreamTerminated: the last B.IOT carries L */
    if (op->n_iot && !op->iot[op->n_iot - 1].last) {
        tile_op_fault(op, TILE_FAULT_BUNDLE, "the B.IOT stream is not terminated");
    }
    if (op->has_ior) {
        for (unsigned s = nscalars; s < 3; s++) {
            if (op->ior_src[s]) {
                tile_op_fault(op, TILE_FAULT_BUNDLE,
                              "B.IOR names a register the operation does not use");
            }
        }
        if (op->ior_dst) {
            tile_op_fault(op, TILE_FAULT_BUNDLE, "B.IOR destination must be zero");
        }
    }
}

void tepl_check_datr(Tepl *v, unsigned allowed)
{
    TileOp *op = v->op;

    if (!op->has_datr) {
        return;
    }
    if ((op->cmode && !(allowed & TEPL_DATR_CMODE)) ||
        (op->rmode && !(allowed & TEPL_DATR_RMODE)) ||
        (op->sat && !(allowed & TEPL_DATR_SAT)) ||
        (op->canon && !(allowed & TEPL_DATR_CANON)) ||
        (op->layout_code && !(allowed & TEPL_DATR_LAYOUT))) {
        tepl_tl(v, "a B.DATR field the operation does not take");
    }
    if (op->cmode > VEC_GE) {
        tepl_tl(v, "B.DATR CMode 6 / 7");
    }
    if (!(allowed & TEPL_DATR_DTYPE) && op->datr_dtype != 0 && op->datr_dtype != 31) {
        tepl_tl(v, "B.DATR DataType on an operation without a destination type");
    }
}

void tepl_one_binding(Tepl *v, unsigned nsrc)
{
    if (v->op->n_iot != 1 || v->op->iot[0].nsrc != nsrc) {
        tepl_tl(v, "the operation takes one B.IOT");
    }
    v->dst_bind = &v->op->iot[0];
}

void tepl_two_bindings(Tepl *v)
{
    const TileBind *b = v->op->iot;

    if (v->op->n_iot != 2 || b[0].nsrc != 2 || b[0].has_dst || b[1].nsrc != 1 ||
        !b[1].has_dst) {
        tepl_tl(v, "bindings: [source, source] then [source, ->destination]");
    }
    v->dst_bind = &b[1];
}

void tepl_lb_shape(Tepl *v)
{
    TileOp *op = v->op;

    if (!op->has_lb[0]) {
        tepl_tl(v, "the operation needs LB0");
    }
    for (unsigned i = 0; i < 3; i++) {
        if (op->has_lb[i] && !tile_op_lb(op, i)) {
            tepl_tl(v, "B.DIM dimension 0 or above 65535");
        }
    }
    v->vc = tile_op_lb(op, 0);
    v->vr = tile_op_lb(op, 1) ?: 1;
    v->col = tile_op_lb(op, 2) ?: v->vc;
}

void tepl_gather(Tepl *v, int mask_slot)
{
    TileOp *op = v->op;
    unsigned n = 0;

    for (unsigned i = 0; i < op->n_iot; i++) {
        for (unsigned j = 0; j < op->iot[i].nsrc; j++) {
            unsigned sel = op->iot[i].src[j];
            v->src[n] = (int)n == mask_slot ? tile_op_mask_source(op, sel)
                                            : tile_op_source(op, sel, true);
            n++;
        }
    }
    v->nsrc = n;
}

uint64_t tepl_elem(const TileLocal *t, unsigned pe, uint32_t r, uint32_t c)
{
    return tile_elem_get(t->frag[pe], tile_dtype_bits(t->d.dtype),
                         tile_storage_index(&t->d, r, c));
}

void tepl_check_encodings(Tepl *v, const TileLocal *t)
{
    const TileDTypeInfo *d = tile_dtype_info(t->d.dtype);

    if (!d->low_zero_bits && !d->high_zero_bits) {
        return;             /* every encoding of the type is valid */
    }
    TEPL_FOR_PES(v, pe) {
        TEPL_FOR_VALID(&t->d, r, c) {
            if (!vec_encoding_valid(t->d.dtype, tepl_elem(t, pe, r, c))) {
                tepl_tl(v, "source element is not a valid encoding of its type");
            }
        }
    }
}

bool tepl_same_shape(const TileDesc *a, const TileDesc *b)
{
    return a->rows == b->rows && a->cols == b->cols && a->valid_rows == b->valid_rows &&
           a->valid_cols == b->valid_cols && a->layout == b->layout;
}

void tepl_check_lb_shape(Tepl *v, const TileLocal *t)
{
    if (t->d.valid_rows != v->vr || t->d.valid_cols != v->vc || t->d.cols != v->col) {
        tepl_tl(v, "source shape differs from B.DIM");
    }
}

void tepl_read_scalars(Tepl *v, unsigned dt, bool check)
{
    unsigned w = tile_dtype_bits(dt);

    TEPL_FOR_PES(v, pe) {
        uint64_t x = tile_op_gpr(v->op, pe, 0, 0);
        v->scalar[pe] = w >= 64 ? x : x & ((UINT64_C(1) << w) - 1);
        if (check && !vec_encoding_valid(dt, v->scalar[pe])) {
            tepl_tl(v, "scalar is not a valid encoding of the type");
        }
    }
}

TileLocal *tepl_new_dst(Tepl *v, const TileDesc *d)
{
    v->d = &v->op->dst[tile_op_new_local(v->op, v->dst_bind->hand, d)].t;
    return v->d;
}

TileLocal *tepl_new_lb_dst(Tepl *v, unsigned dt, unsigned layout, const TileLocal *rows_of)
{
    TileDesc d = {
        .dtype = dt, .layout = layout, .size_code = v->dst_bind->size_code,
        .cols = v->col, .valid_rows = v->vr, .valid_cols = v->vc,
    };

    v->dst_dt = dt;
    tepl_new_dst(v, &d);
    if (rows_of && v->d->d.rows != rows_of->d.rows) {
        tepl_tl(v, "destination SizeCode does not give the source's rows");
    }
    return v->d;
}

/* ---- BSTART.TEPL operations: execute ---- */

void tepl_store(TileLocal *t, unsigned pe, uint32_t r, uint32_t c, uint64_t x)
{
    const TileDesc *d = &t->d;

    if (d->storage == TILE_STORAGE_PREDICATE) {
        tile_pred_set(t->frag[pe], d, r, c, x);
    } else {
        tile_elem_set(t->frag[pe], tile_dtype_bits(d->dtype), tile_storage_index(d, r, c), x);
    }
}

void tepl_put(Tepl *v, unsigned pe, uint32_t r, uint32_t c, uint64_t x)
{
    tepl_store(v->d, pe, r, c, x);
}

/* the bytes of an element both tiles' rows hold as contiguous bytes on
 * pe (tepl_row_bytes()), of one width; 0 when either does not */
static unsigned movable_bytes(const TileLocal *dst, const TileLocal *src, unsigned pe)
{
    unsigned bits = tile_dtype_bits(src->d.dtype);

    if (!tepl_row_bytes(dst, pe, 0) || !tepl_row_bytes(src, pe, 0) ||
        tile_dtype_bits(dst->d.dtype) != bits) {
        return 0;
    }
    return bits / 8;
}

/* the bytes of an element in the rows tile_row_read() / tile_row_write()
 * move between the two tiles in any layout (numeric, one width; a 4-bit
 * element a byte); 0 when they cannot */
static unsigned row_copy_bytes(const TileLocal *dst, const TileLocal *src)
{
    unsigned bits = tile_dtype_bits(src->d.dtype);

    if (tile_dtype_bits(dst->d.dtype) != bits ||
        src->d.storage == TILE_STORAGE_PREDICATE || dst->d.storage == TILE_STORAGE_PREDICATE) {
        return 0;
    }
    return bits < 8 ? 1 : bits / 8;
}

bool tepl_move_window(TileLocal *dst, uint32_t dr, uint32_t dc, const TileLocal *src,
                      uint32_t sr, uint32_t sc, unsigned pe, uint32_t rows, uint32_t cols)
{
    unsigned bytes = movable_bytes(dst, src, pe);
    g_autofree uint8_t *row = NULL;

    if (bytes) {
        for (uint32_t r = 0; r < rows; r++) {
            memcpy(tepl_row_bytes(dst, pe, dr + r) + (size_t)dc * bytes,
                   tepl_row_bytes(src, pe, sr + r) + (size_t)sc * bytes, (size_t)cols * bytes);
        }
        return true;
    }
    bytes = row_copy_bytes(dst, src);
    if (!bytes) {
        return false;
    }
    /* another layout on either side: each row through a contiguous copy */
    row = g_malloc((size_t)cols * bytes);
    for (uint32_t r = 0; r < rows; r++) {
        tile_row_read(&src->d, src->frag[pe], sr + r, sc, cols, row);
        tile_row_write(&dst->d, dst->frag[pe], dr + r, dc, cols, row);
    }
    return true;
}

/* out[c][r] = in[r][c] (row strides ldo and ldi, in elements) for
 * elements of BYTES bytes (a constant in each case below, so that each
 * move is one load and one store) */
#define TRANSPOSE_BY(bytes)                                                              \
    for (uint32_t r = 0; r < rows; r++) {                                                \
        for (uint32_t c = 0; c < cols; c++) {                                            \
            memcpy(out + ((size_t)c * ldo + r) * (bytes),                                \
                   in + ((size_t)r * ldi + c) * (bytes), (bytes));                       \
        }                                                                                \
    }

static void transpose_words(uint8_t *out, size_t ldo, const uint8_t *in, size_t ldi,
                            uint32_t rows, uint32_t cols, unsigned bytes)
{
    switch (bytes) {
    case 1:
        TRANSPOSE_BY(1);
        break;
    case 2:
        TRANSPOSE_BY(2);
        break;
    case 4:
        TRANSPOSE_BY(4);
        break;
    default:
        TRANSPOSE_BY(8);
        break;
    }
}

bool tepl_transpose(TileLocal *dst, const TileLocal *src, unsigned pe)
{
    unsigned bytes = movable_bytes(dst, src, pe);
    uint32_t rows = src->d.valid_rows, cols = src->d.valid_cols;
    g_autofree uint8_t *in = NULL, *out = NULL;

    if (bytes) {
        transpose_words(tepl_row_bytes(dst, pe, 0), dst->d.cols, tepl_row_bytes(src, pe, 0),
                        src->d.cols, rows, cols, bytes);
        return true;
    }
    bytes = row_copy_bytes(dst, src);
    if (!bytes) {
        return false;
    }
    /* another layout on either side: the rows out, transposed, back in */
    in = g_malloc((size_t)rows * cols * bytes);
    out = g_malloc((size_t)rows * cols * bytes);
    for (uint32_t r = 0; r < rows; r++) {
        tile_row_read(&src->d, src->frag[pe], r, 0, cols, in + (size_t)r * cols * bytes);
    }
    transpose_words(out, rows, in, cols, rows, cols, bytes);
    for (uint32_t c = 0; c < cols; c++) {
        tile_row_write(&dst->d, dst->frag[pe], c, 0, rows, out + (size_t)c * rows * bytes);
    }
    return true;
}

void tepl_begin(Tepl *v)
{
    tile_op_alloc_payloads(v->op);
}

/* Every physical element outside the valid region gets the B.DATR pad
 * (Null, or no B.DATR, leaves it undefined; it reads as 0). */
void tepl_pad(Tepl *v, unsigned pe)
{
    const TileDesc *d = &v->d->d;
    unsigned padv = v->op->pad;
    uint64_t x = d->storage == TILE_STORAGE_PREDICATE ? padv == 1
                                                      : tile_pad_value(d->dtype, padv);

    if (padv == 3 || !x) {
        return;             /* the payload starts zeroed */
    }
    for (uint32_t r = 0; r < d->rows; r++) {
        for (uint32_t c = 0; c < d->cols; c++) {
            if (r >= d->valid_rows || c >= d->valid_cols) {
                tepl_put(v, pe, r, c, x);
            }
        }
    }
}

void tepl_finish(Tepl *v, bool record)
{
    v->d->defined = 1;
    if (record) {
        v->op->env->fsu.flags |= v->flags & 0x1f;
    }
    tile_op_install(v->op);
}
