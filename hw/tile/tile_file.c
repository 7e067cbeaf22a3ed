/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Tile state of one Core (see include/hw/tile/tile_state.h and
 * docs/tile-core.md).  Plain C11 and glib (the payloads, which the
 * migration code also allocates with g_malloc); no QEMU headers.
 */
#include "hw/tile/tile_state.h"

#include <glib.h>
#include <string.h>

uint8_t *tile_payload_new(uint32_t bytes)
{
    return g_malloc0(bytes ? bytes : 1);
}

void tile_payload_free(uint8_t *p)
{
    g_free(p);
}

void tile_file_reset(TileFile *f)
{
    for (unsigned n = 0; n < TILE_LOCAL_NAMES; n++) {
        for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
            tile_payload_free(f->local[n].frag[pe]);
        }
    }
    for (unsigned s = 0; s < TILE_SHARED_REGS; s++) {
        tile_payload_free(f->shared[s].payload);
    }
    memset(f, 0, sizeof(*f));
    tile_pool_reset(&f->cap);
}

int tile_file_entry(const TileFile *f, unsigned hand, unsigned k)
{
    if (hand >= TILE_HANDS || k < 1 || k > f->count[hand]) {
        return -1;
    }
    return (int)(hand * TILE_HAND_DEPTH + (f->head[hand] + TILE_HAND_DEPTH - k) % TILE_HAND_DEPTH);
}

int tile_file_lookup(const TileFile *f, unsigned selector)
{
    return tile_file_entry(f, (selector >> 4) & 3, (selector & 15) + 1);
}

uint64_t tile_file_local_names(const TileFile *f)
{
    uint64_t m = 0;

    for (unsigned n = 0; n < TILE_LOCAL_NAMES; n++) {
        if (f->local[n].mask) {
            m |= 1ull << n;
        }
    }
    return m;
}

uint64_t tile_file_shared_names(const TileFile *f)
{
    uint64_t m = 0;

    for (unsigned s = 0; s < TILE_SHARED_REGS; s++) {
        if (f->shared[s].valid) {
            m |= 1ull << s;
        }
    }
    return m;
}

void tile_push_plan_init(TilePushPlan *p, const TileFile *f)
{
    memcpy(p->head, f->head, sizeof(p->head));
    memcpy(p->count, f->count, sizeof(p->count));
}

int tile_push_plan_add(TilePushPlan *p, const TileFile *f, unsigned hand, int *retired)
{
    unsigned slot = p->head[hand];
    int name = (int)(hand * TILE_HAND_DEPTH + slot);

    /* a full hand: the slot the push takes holds the entry past #16 */
    *retired = (p->count[hand] == TILE_HAND_DEPTH && f->local[name].mask) ? name : -1;
    p->head[hand] = (slot + 1) % TILE_HAND_DEPTH;
    if (p->count[hand] < TILE_HAND_DEPTH) {
        p->count[hand]++;
    }
    return name;
}

void tile_push_plan_commit(TileFile *f, const TilePushPlan *p)
{
    memcpy(f->head, p->head, sizeof(f->head));
    memcpy(f->count, p->count, sizeof(f->count));
}

void tile_local_free(TileFile *f, unsigned name, bool release_capacity)
{
    TileLocal *t = &f->local[name];

    if (release_capacity && t->mask) {
        tile_pool_release_local(&f->cap, t->mask, t->d.size_code);
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        tile_payload_free(t->frag[pe]);
    }
    memset(t, 0, sizeof(*t));
}

void tile_local_install(TileFile *f, unsigned name, const TileLocal *t)
{
    f->local[name] = *t;
}

const char *tile_dtype_name(unsigned dtype)
{
    static const char *const names[32] = {
        "FP64", "FP32", "TF32", "HF32", "FP16", "BF16", "HiF8", "E4M3", "E5M2", "E3M2",
        "E2M3", "E2M1X2", "E1M2X2", "E8M0", "HiF4X2", NULL, "S64", "S32", "S16", "S8",
        "S4X2", NULL, NULL, NULL, "U64", "U32", "U16", "U8", "U4X2",
    };
    return dtype < 32 && names[dtype] ? names[dtype] : "?";
}

uint32_t tile_derived_rows(uint32_t cap, uint32_t cols, unsigned dtype)
{
    uint64_t bits = tile_dtype_bits(dtype);
    uint64_t row_bits = (uint64_t)cols * bits;
    uint64_t rows;

    if (!bits || cols == 0 || (cols & (cols - 1)) || (uint64_t)cap * 8 % row_bits) {
        return 0;
    }
    rows = (uint64_t)cap * 8 / row_bits;
    return rows >= 1 && rows <= 65535 ? (uint32_t)rows : 0;
}

void tile_cube_cell(unsigned layout, unsigned bits, unsigned *cell_rows, unsigned *cell_cols)
{
    unsigned cell_elems = 128 * 8 / bits;

    switch (layout) {
    case TILE_LAYOUT_CUBE_M16:
        *cell_rows = 16;
        break;
    case TILE_LAYOUT_CUBE_M32:
        *cell_rows = 32;
        break;
    default:                    /* CUBE_N8 */
        *cell_rows = cell_elems / 8;
        break;
    }
    *cell_cols = cell_elems / *cell_rows;
}

/*
 * M16 / M32: cells side by side along the columns, row-major inside a
 * cell (for 4-bit M16 the middle two groups of four columns swap places);
 * N8: cells down the rows first, column-major inside a cell.
 */
static uint64_t cube_index(const TileDesc *d, uint32_t r, uint32_t c)
{
    unsigned bits = tile_dtype_bits(d->dtype), cr, cc;
    uint64_t cell, ic;

    tile_cube_cell(d->layout, bits, &cr, &cc);
    if (d->layout == TILE_LAYOUT_CUBE_N8) {
        cell = (uint64_t)(c / 8) * (d->rows / cr) + r / cr;
        return cell * cr * 8 + (uint64_t)(c % 8) * cr + r % cr;
    }
    cell = c / cc;
    ic = c % cc;
    if (d->layout == TILE_LAYOUT_CUBE_M16 && bits == 4) {
        ic = ic >= 4 && ic < 8 ? ic + 4 : ic >= 8 && ic < 12 ? ic - 4 : ic;
    }
    return cell * cr * cc + (uint64_t)r * cc + ic;
}

uint64_t tile_storage_index(const TileDesc *d, uint32_t r, uint32_t c)
{
    unsigned inner;

    switch (d->layout) {
    case TILE_LAYOUT_CUBE_M16:
    case TILE_LAYOUT_CUBE_M32:
    case TILE_LAYOUT_CUBE_N8:
        return cube_index(d, r, c);
    case TILE_LAYOUT_COL_MAJOR:
        return (uint64_t)c * d->rows + r;
    case TILE_LAYOUT_ZN:
    case TILE_LAYOUT_NZ: {
        uint64_t br, bc, ir, ic, blk;

        inner = 256 / tile_dtype_bits(d->dtype);
        br = r / 16;
        bc = c / inner;
        ir = r % 16;
        ic = c % inner;
        blk = 16ull * inner;
        if (d->layout == TILE_LAYOUT_ZN) {
            return (br * (d->cols / inner) + bc) * blk + ic * 16 + ir;
        }
        return (bc * (d->rows / 16) + br) * blk + ir * inner + ic;
    }
    default:
        return (uint64_t)r * d->cols + c;
    }
}

/*
 * A row of d as runs: column c (c0 = 0) sits at storage index
 * first + (c / len) * step + c % len.  False where the row is not so
 * regular (CUBE N8, 4-bit M16), and for predicates and 4-bit types.
 */
typedef struct RowRuns {
    uint64_t first, step;
    uint32_t len;
} RowRuns;

static bool row_runs(const TileDesc *d, uint32_t r, RowRuns *rr)
{
    unsigned bits = tile_dtype_bits(d->dtype), inner, cr, cc;

    if (bits < 8 || d->storage == TILE_STORAGE_PREDICATE) {
        return false;
    }
    switch (d->layout) {
    case TILE_LAYOUT_ROW_MAJOR:
        *rr = (RowRuns){ (uint64_t)r * d->cols, d->cols, d->cols };
        return true;
    case TILE_LAYOUT_COL_MAJOR:
        *rr = (RowRuns){ r, d->rows, 1 };
        return true;
    case TILE_LAYOUT_ZN:                /* 16 rows a fractal, column-major in it */
        *rr = (RowRuns){ (uint64_t)(r / 16) * 16 * d->cols + r % 16, 16, 1 };
        return true;
    case TILE_LAYOUT_NZ:                /* a fractal's row: 32 bytes */
        inner = 256 / bits;
        *rr = (RowRuns){ (uint64_t)(r / 16) * 16 * inner + (uint64_t)(r % 16) * inner,
                         (uint64_t)d->rows * inner, inner };
        return true;
    case TILE_LAYOUT_CUBE_M16:
    case TILE_LAYOUT_CUBE_M32:          /* cells side by side, row-major in a cell */
        tile_cube_cell(d->layout, bits, &cr, &cc);
        *rr = (RowRuns){ (uint64_t)r * cc, (uint64_t)cr * cc, cc };
        return true;
    default:
        return false;
    }
}

/* one element of bytes between a row (q) and a payload (p); to_row: into
 * the row (each size a constant: one move) */
static inline void move_elem(uint8_t *q, uint8_t *p, unsigned bytes, bool to_row)
{
    switch (bytes) {
    case 1:
        to_row ? memcpy(q, p, 1) : memcpy(p, q, 1);
        break;
    case 2:
        to_row ? memcpy(q, p, 2) : memcpy(p, q, 2);
        break;
    case 4:
        to_row ? memcpy(q, p, 4) : memcpy(p, q, 4);
        break;
    default:
        to_row ? memcpy(q, p, 8) : memcpy(p, q, 8);
        break;
    }
}

static void row_copy(const TileDesc *d, uint8_t *frag, uint32_t r, uint32_t c0, uint32_t n,
                     uint8_t *row, bool to_row)
{
    unsigned bits = tile_dtype_bits(d->dtype), bytes = bits / 8;
    RowRuns rr;

    g_assert(bits && d->storage != TILE_STORAGE_PREDICATE);
    if (bits == 4) {                /* a byte an element in the row */
        for (uint32_t i = 0; i < n; i++) {
            uint64_t idx = tile_storage_index(d, r, c0 + i);

            if (to_row) {
                row[i] = (uint8_t)tile_elem_get(frag, 4, idx);
            } else {
                tile_elem_set(frag, 4, idx, row[i] & 0xf);
            }
        }
        return;
    }
    if (!row_runs(d, r, &rr)) {
        for (uint32_t i = 0; i < n; i++) {
            move_elem(row + (size_t)i * bytes, frag + tile_storage_index(d, r, c0 + i) * bytes,
                      bytes, to_row);
        }
        return;
    }
    for (uint32_t i = 0; i < n;) {
        uint32_t c = c0 + i, in_run = rr.len - c % rr.len;
        uint32_t k = n - i < in_run ? n - i : in_run;
        uint8_t *p = frag + (rr.first + (uint64_t)(c / rr.len) * rr.step + c % rr.len) * bytes;

        if (rr.len == 1) {          /* one element a run: a strided row */
            for (uint32_t j = 0; j < n; j++) {
                move_elem(row + (size_t)j * bytes, p + j * rr.step * bytes, bytes, to_row);
            }
            return;
        }
        to_row ? memcpy(row + (size_t)i * bytes, p, (size_t)k * bytes)
               : memcpy(p, row + (size_t)i * bytes, (size_t)k * bytes);
        i += k;
    }
}

void tile_row_read(const TileDesc *d, const uint8_t *frag, uint32_t r, uint32_t c0, uint32_t n,
                   uint8_t *row)
{
    row_copy(d, (uint8_t *)frag, r, c0, n, row, true);
}

void tile_row_write(const TileDesc *d, uint8_t *frag, uint32_t r, uint32_t c0, uint32_t n,
                    const uint8_t *row)
{
    row_copy(d, frag, r, c0, n, (uint8_t *)row, false);
}

bool tile_layout_shape_legal(const TileDesc *d)
{
    unsigned bits = tile_dtype_bits(d->dtype);

    if (d->layout != TILE_LAYOUT_ZN && d->layout != TILE_LAYOUT_NZ) {
        return true;
    }
    return bits && d->rows % 16 == 0 && d->cols % (256 / bits) == 0;
}

/* Little-endian payloads; each width spelled out, so that the compiler
 * makes one load or store of it. */
static uint64_t get_le(const uint8_t *p, unsigned bytes)
{
    switch (bytes) {
    case 1:
        return p[0];
    case 2:
        return (uint64_t)p[0] | (uint64_t)p[1] << 8;
    case 4:
        return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
               (uint64_t)p[3] << 24;
    default:
        return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
               (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
               (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
    }
}

static void set_le(uint8_t *p, unsigned bytes, uint64_t v)
{
    switch (bytes) {
    case 8:
        p[7] = (uint8_t)(v >> 56);
        p[6] = (uint8_t)(v >> 48);
        p[5] = (uint8_t)(v >> 40);
        p[4] = (uint8_t)(v >> 32);
        /* fall through */
    case 4:
        p[3] = (uint8_t)(v >> 24);
        p[2] = (uint8_t)(v >> 16);
        /* fall through */
    case 2:
        p[1] = (uint8_t)(v >> 8);
        /* fall through */
    default:
        p[0] = (uint8_t)v;
    }
}

uint64_t tile_elem_get(const uint8_t *buf, unsigned bits, uint64_t idx)
{
    if (bits == 4) {
        return (buf[idx / 2] >> ((idx & 1) * 4)) & 0xf;
    }
    return get_le(buf + idx * (bits / 8), bits / 8);
}

void tile_elem_set(uint8_t *buf, unsigned bits, uint64_t idx, uint64_t v)
{
    if (bits == 4) {
        unsigned sh = (idx & 1) * 4;
        buf[idx / 2] = (uint8_t)((buf[idx / 2] & ~(0xfu << sh)) | ((v & 0xf) << sh));
        return;
    }
    set_le(buf + idx * (bits / 8), bits / 8, v);
}

bool tile_desc_equal(const TileDesc *a, const TileDesc *b)
{
    return a->dtype == b->dtype && a->layout == b->layout && a->size_code == b->size_code &&
           a->rows == b->rows && a->cols == b->cols && a->valid_rows == b->valid_rows &&
           a->valid_cols == b->valid_cols && a->storage == b->storage;
}

static uint32_t round_up(uint32_t v, uint32_t q)
{
    return (v + q - 1) / q * q;
}

/*
 * The descriptor of a CUBE tile with the given valid region, or rows = 0
 * when the region has no legal storage (M16/M32 hold at most one cell of
 * rows; extents stay within 65535; the cells fit the capacity).
 */
TileDesc tile_cube_desc(unsigned layout, unsigned dt, unsigned size_code, uint32_t vr,
                          uint32_t vc)
{
    TileDesc d = { .dtype = dt, .layout = layout, .size_code = size_code,
                   .valid_rows = vr, .valid_cols = vc };
    unsigned cr, cc;
    uint64_t cells;

    tile_cube_cell(layout, tile_dtype_bits(dt), &cr, &cc);
    if (layout != TILE_LAYOUT_CUBE_N8 && vr > cr) {
        return d;
    }
    d.rows = layout == TILE_LAYOUT_CUBE_N8 ? round_up(vr, cr) : cr;
    d.cols = round_up(vc, cc);
    cells = (uint64_t)(d.rows / cr) * (d.cols / cc);
    if (d.rows > 65535 || d.cols > 65535 || cells > 16384 ||
        cells * 128 > tile_size_code_bytes(size_code)) {
        d.rows = 0;
    }
    return d;
}


/* ---- Consistency: what a migration stream must satisfy ---- */

bool tile_desc_fits(const TileDesc *d, uint32_t bytes)
{
    unsigned bits = tile_dtype_bits(d->dtype), cr, cc;
    uint64_t elems = (uint64_t)d->rows * d->cols;

    if (!bits || d->layout > TILE_LAYOUT_CUBE_N8 || d->storage > TILE_STORAGE_PREDICATE ||
        !d->rows || !d->cols || d->rows > 65535 || d->cols > 65535 ||
        d->valid_rows > d->rows || d->valid_cols > d->cols) {
        return false;
    }
    /* a predicate holds one bit per element */
    if (elems * (d->storage == TILE_STORAGE_PREDICATE ? 1 : bits) > (uint64_t)bytes * 8) {
        return false;
    }
    if (d->layout >= TILE_LAYOUT_CUBE_M16) {
        tile_cube_cell(d->layout, bits, &cr, &cc);
        return cr && cc && d->rows % cr == 0 && d->cols % cc == 0 &&
               (d->layout == TILE_LAYOUT_CUBE_N8 || d->rows == cr);
    }
    return tile_layout_shape_legal(d);
}

bool tile_local_sizes_ok(const TileLocal *t)
{
    uint32_t bytes = tile_size_code_bytes(t->d.size_code);

    if (t->mask & ~TILE_PE_MASK_ALL) {
        return false;
    }
    if (t->mask && !tile_local_size_code_is_legal(t->d.size_code)) {
        return false;
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (t->frag_bytes[pe] != (t->mask & (1u << pe) ? bytes : 0)) {
            return false;
        }
    }
    return true;
}

bool tile_shared_sizes_ok(const TileShared *s)
{
    if (s->valid > 1) {
        return false;
    }
    if (!s->valid) {
        return s->bytes == 0;
    }
    return tile_shared_size_code_is_legal(s->d.size_code) &&
           s->bytes == tile_size_code_bytes(s->d.size_code);
}

/* Is slot of hand h one of its live entries #1..#count? */
static bool slot_live(const TileFile *f, unsigned h, unsigned slot)
{
    unsigned k = (f->head[h] + TILE_HAND_DEPTH - slot) % TILE_HAND_DEPTH;

    return (k ? k : TILE_HAND_DEPTH) <= f->count[h];
}

const char *tile_file_check(const TileFile *f)
{
    TileCapacity used;

    tile_pool_reset(&used);
    for (unsigned h = 0; h < TILE_HANDS; h++) {
        if (f->head[h] >= TILE_HAND_DEPTH || f->count[h] > TILE_HAND_DEPTH) {
            return "a hand's queue head or count is out of range";
        }
    }
    for (unsigned n = 0; n < TILE_LOCAL_NAMES; n++) {
        const TileLocal *t = &f->local[n];
        uint32_t bytes = tile_size_code_bytes(t->d.size_code);

        if (!tile_local_sizes_ok(t)) {
            return "a Local tile's fragment sizes do not match its SizeCode and mask";
        }
        if (slot_live(f, n / TILE_HAND_DEPTH, n % TILE_HAND_DEPTH) != (t->mask != 0)) {
            return "the hands' queues and the allocated Local names disagree";
        }
        if (!t->mask) {
            continue;
        }
        if (t->defined > 1 || !tile_desc_fits(&t->d, bytes)) {
            return "a Local tile's descriptor does not fit its fragments";
        }
        for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
            if (t->mask & (1u << pe)) {
                used.local_used[pe] += bytes;
            }
        }
    }
    for (unsigned i = 0; i < TILE_SHARED_REGS; i++) {
        const TileShared *s = &f->shared[i];

        if (!tile_shared_sizes_ok(s)) {
            return "a Shared register's payload size does not match its SizeCode";
        }
        if (!s->valid) {
            if (s->alloc_mask || s->init_mask || s->published) {
                return "an unallocated Shared register has masks";
            }
            continue;
        }
        if (!s->alloc_mask || (s->alloc_mask & ~TILE_PE_MASK_ALL) ||
            (s->init_mask & ~s->alloc_mask) || s->published > 1 ||
            !tile_desc_fits(&s->d, s->bytes)) {
            return "a Shared register's masks or descriptor";
        }
        used.shared_used += s->bytes;
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (f->cap.local_used[pe] != used.local_used[pe]) {
            return "a Local pool's use is not what its live tiles hold";
        }
    }
    if (f->cap.shared_used != used.shared_used) {
        return "the Shared pool's use is not what its registers hold";
    }
    return NULL;
}
