/*
 * PTO Tile CPU: the Tile-operation API every engine uses
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The engines (tile/tlsu, tile/cube, tile/vec, tile/sfu) see a committing
 * Tile block as one TileOp and act on it only through this API: the
 * decoded bindings, operand lookup, faults, the planning of destinations
 * on a prospective copy of the pools, memory access and the final
 * install.  tile/commit.c decodes the block and calls the engine; an
 * engine never calls the commit path or another engine.
 *
 * A Tile block records its header (B.IOT, B.IOS, B.IOR, B.DIM, B.DATR);
 * the operation runs when the block commits (PTO-BLOCK-MODEL-DISPATCH-
 * TILE-EXECUTION).  The commit is two-phase: an engine's prepare step makes
 * every check (bindings, shapes, readiness, capacity on a prospective copy
 * of the pools, a probe of every memory element each PE touches) and may
 * fault; it changes nothing.  Only then the execute step reads the sources,
 * performs the memory accesses and installs the results, which cannot
 * fault.  So a faulting block leaves Tiles, Shared registers, capacity and
 * memory exactly as they were.
 */

#ifndef TARGET_TILE_TILE_OP_H
#define TARGET_TILE_TILE_OP_H

#include "hw/tile/tile_state.h"

/* One B.IOT binding, decoded. */
typedef struct TileBind {
    bool has_dst;
    bool last;
    unsigned hand;              /* destination hand (T U M N = 0..3) */
    unsigned size_code;
    unsigned nsrc;
    unsigned src[2];            /* 6-bit source selectors */
} TileBind;

/* One B.IOS binding: SizeCode 0 = source. */
typedef struct TileSBind {
    unsigned id;
    unsigned size_code;
} TileSBind;

/* A Local destination of this commit. */
typedef struct TileNew {
    int name;                   /* the physical name it takes */
    int retired;                /* the name it retires, or -1 */
    TileLocal t;
} TileNew;

typedef struct TileOp {
    CPUTileState *env;
    TileFile *f;
    uint64_t pc;                /* the committing BSTOP / BSTART */
    uintptr_t ra;
    const char *name;           /* for logs and traces */

    unsigned fn;                /* BSTART function (selector[4:0]) */
    unsigned dtype;             /* BSTART DataType */
    unsigned mask;              /* the common PE mask (bit i = PE i) */

    unsigned n_iot, n_ios;
    TileBind iot[TILE_BLK_MAX_IOT];
    TileSBind ios[TILE_BLK_MAX_IOS];

    bool has_ior;
    unsigned ior_dst, ior_src[3];
    bool has_lb[3];
    uint64_t lb[3];
    bool has_datr;
    unsigned layout_code, pad, datr_dtype;
    unsigned cmode, rmode, sat, canon;    /* the other B.DATR fields */
    unsigned datr_other;        /* nonzero when any of those four is */
    unsigned layout;            /* TileLayout of the destination */
    int src_layout;             /* TileLayout of the source half, or -1 */

    /* prospective state, made visible by tile_op_install() */
    TilePushPlan plan;
    TileCapacity cap;
    unsigned n_new;
    TileNew dst[3];
    int shared_id;              /* the Shared register to replace, or -1 */
    TileShared shared;

    /* what each PE moved between memory and tiles, in bits, and the
     * elements it stored: kept by the memory functions below for the
     * utilization counters (tile/commit.c) */
    uint64_t bits_loaded[TILE_POOL_PES];
    uint64_t bits_stored[TILE_POOL_PES];
    uint64_t elements_stored[TILE_POOL_PES];
} TileOp;

G_NORETURN void tile_engine_fault(CPUTileState *env, TileFaultKind kind, uint64_t pc,
                                  uintptr_t ra, const char *why);
G_NORETURN void tile_op_fault(TileOp *op, TileFaultKind kind, const char *why);

/* Sources: a live numeric Local entry (else Fault_TileLegality), ready if asked. */
TileLocal *tile_op_source(TileOp *op, unsigned selector, bool need_defined);
/* A mask operand: a live, defined predicate-storage entry (TCMP / TCMPS output). */
TileLocal *tile_op_mask_source(TileOp *op, unsigned selector);
/* PE p's GPR named by a B.IOR RegSrc slot, or dflt when B.IOR is absent. */
uint64_t tile_op_gpr(TileOp *op, unsigned pe, unsigned slot, uint64_t dflt);
/* An LB value when present and in 1..65535, else 0. */
uint32_t tile_op_lb(TileOp *op, unsigned idx);

/*
 * Plan a new Local tile in hand with descriptor d (rows derived here)
 * on the op's PEs: Fault_TileAllocation when the shape does not fit the
 * SizeCode or a PE's pool is full.  Returns its index in op->dst.
 */
unsigned tile_op_new_local(TileOp *op, unsigned hand, const TileDesc *d);
/* The same for a descriptor the caller has shaped and checked (CUBE). */
unsigned tile_op_push_local(TileOp *op, unsigned hand, const TileDesc *d);
/* Plan the replacement of Shared register id by op->shared. */
void tile_op_new_shared(TileOp *op, unsigned id);
/* Allocate the payload of the planned destinations (execute step). */
void tile_op_alloc_payloads(TileOp *op);
/* Make every planned effect visible. */
void tile_op_install(TileOp *op);

/*
 * Memory: probes raise Fault_DataAlignment / Fault_DataPage (arg = addr).
 * A load or store moves one element of PE pe between memory and a tile;
 * a 4-bit element is the low (even column) or high nibble of its byte,
 * and its store keeps the other nibble.
 */
void tile_op_probe(TileOp *op, uint64_t addr, unsigned bytes, bool write);
uint64_t tile_op_load(TileOp *op, unsigned pe, uint64_t addr, unsigned bytes);
void tile_op_store(TileOp *op, unsigned pe, uint64_t addr, unsigned bytes, uint64_t value);
uint64_t tile_op_load_nibble(TileOp *op, unsigned pe, uint64_t addr, bool high);
void tile_op_store_nibble(TileOp *op, unsigned pe, uint64_t addr, bool high, uint64_t value);
/* Atomically: old = [addr]; if old == expected, [addr] = replacement; old. */
uint64_t tile_op_cas(TileOp *op, unsigned pe, uint64_t addr, unsigned bytes,
                     uint64_t expected, uint64_t replacement);

/*
 * The raw pad element of a type for a B.DATR PadValue (0 Zero, 1 Max,
 * 2 Min, 3 Null).
 */
uint64_t tile_pad_value(unsigned dtype, unsigned pad);

/*
 * ---- BSTART.TEPL operations (the VEC and SFU engines) ----
 *
 * BSTART.TEPL's Mode:Function selector names one VEC or SFU operation
 * (isa/tile-ops.isa).  Each engine file exports a table of the
 * operations it implements, each with its commit function
 * (tile/engines.h); tile/commit.c finds the operation and calls it.  A
 * commit function makes every check first (a fault leaves everything as
 * it was) with the tepl_*() checks below, then computes each PE's
 * fragment and calls tepl_finish().
 */

typedef struct Tepl Tepl;

typedef struct TeplOpInfo {
    const char *name;           /* as in tile-ops.isa: "TADD" */
    const char *engine;         /* "VEC" or "SFU" */
    void (*commit)(Tepl *v);
    int family;                 /* the engine's own classification */
    int elem;                   /* the engine's element operation */
    bool integer;               /* the integer type set (VEC) */
} TeplOpInfo;

/* An engine's operations; tile/commit.c lists every table (engines.h). */
typedef struct TeplOpTable {
    const TeplOpInfo *ops;
    unsigned n;
} TeplOpTable;

struct Tepl {
    TileOp *op;
    const TeplOpInfo *info;
    unsigned dt;                        /* BSTART DataType */
    bool pto_v0;                        /* the reference numeric profile */
    TileLocal *src[3];                  /* Tile sources in binding order */
    unsigned nsrc;
    const TileLocal *data;              /* the source that gives the shape */
    const TileBind *dst_bind;
    uint32_t vr, vc, col;               /* the B.DIM shape */
    uint64_t scalar[TILE_POOL_PES];     /* GPR_p[RegSrc0], low W bits */
    unsigned dst_dt;
    TileLocal *d;                       /* the planned destination */
    unsigned flags;                     /* numeric status, ORed */
};

G_NORETURN void tepl_tl(Tepl *v, const char *why);

/* BundleOperationBindingsComplete: nsrc Tile sources, one destination
 * (dst_bind is its binding), the last B.IOT with L, B.IOR naming at most
 * nscalars registers (Fault_BundleControl). */
void tepl_check_complete(Tepl *v, unsigned nsrc, unsigned nscalars);

/* B.DATR fields an operation may set (PadValue always). */
enum {
    TEPL_DATR_CMODE = 1, TEPL_DATR_DTYPE = 2, TEPL_DATR_RMODE = 4, TEPL_DATR_SAT = 8,
    TEPL_DATR_CANON = 16, TEPL_DATR_LAYOUT = 32,
};
/* Any other nonzero field is Fault_TileLegality; without TEPL_DATR_DTYPE a
 * DataType of 0 or 31 keeps the BSTART type. */
void tepl_check_datr(Tepl *v, unsigned allowed);

/* One B.IOT with nsrc sources and the destination, or the two-binding
 * stream [s0, s1] then [s2, ->dst]; sets dst_bind. */
void tepl_one_binding(Tepl *v, unsigned nsrc);
void tepl_two_bindings(Tepl *v);
/* LB0 required, every LB in 1..65535: (VR, VC, Col) = (LB1 | 1, LB0, LB2 | LB0). */
void tepl_lb_shape(Tepl *v);
/* Collect the n Tile sources in binding order: numeric, defined, on
 * every PE of the mask (mask_slot: that one is a predicate mask). */
void tepl_gather(Tepl *v, int mask_slot);
/* TF32 / HF32 / E3M2 / E2M3 elements of the valid region are valid. */
void tepl_check_encodings(Tepl *v, const TileLocal *t);
bool tepl_same_shape(const TileDesc *a, const TileDesc *b);
/* SelectedBundleComparisonShapeMatches: t's (VR, VC, Col) is the B.DIM shape. */
void tepl_check_lb_shape(Tepl *v, const TileLocal *t);
/* The scalar of each PE: the low W bits of GPR_p[RegSrc0] (0 without
 * B.IOR), checked as an encoding of dt if asked. */
void tepl_read_scalars(Tepl *v, unsigned dt, bool check);
/* Plan the destination d (rows derived from its SizeCode) in dst_bind's hand. */
TileLocal *tepl_new_dst(Tepl *v, const TileDesc *d);
/* The same for the B.DIM shape, type dt and layout, with dst_bind's
 * SizeCode; when rows_of is given, the rows must be its rows
 * (TileShapeAndTypeMatch: Fault_TileLegality). */
TileLocal *tepl_new_lb_dst(Tepl *v, unsigned dt, unsigned layout, const TileLocal *rows_of);

uint64_t tepl_elem(const TileLocal *t, unsigned pe, uint32_t r, uint32_t c);
/* Element (r, c) of PE pe's fragment of t (a predicate: its bit), or of
 * the destination. */
void tepl_store(TileLocal *t, unsigned pe, uint32_t r, uint32_t c, uint64_t x);
void tepl_put(Tepl *v, unsigned pe, uint32_t r, uint32_t c, uint64_t x);
/*
 * Element access by row, for the array kernels: row r of PE pe's fragment
 * of t as contiguous little-endian host bytes (element c at byte
 * c * bits / 8), or NULL when t's elements of a row are not contiguous
 * whole bytes (a layout other than row-major, a 4-bit type, a predicate);
 * the caller then uses tepl_elem() / tepl_store().  The destination's
 * payload must be allocated (tepl_begin()).
 */
static inline uint8_t *tepl_row_bytes(const TileLocal *t, unsigned pe, uint32_t r)
{
    const TileDesc *d = &t->d;
    unsigned bits = tile_dtype_bits(d->dtype);

    if (d->storage == TILE_STORAGE_PREDICATE || d->layout != TILE_LAYOUT_ROW_MAJOR ||
        bits < 8) {
        return NULL;
    }
    return t->frag[pe] + (uint64_t)r * d->cols * (bits / 8);
}

/* (inline: the array paths ask once per row) */
static inline const uint8_t *tepl_src_row(const TileLocal *t, unsigned pe, uint32_t r)
{
    return tepl_row_bytes(t, pe, r);
}

static inline uint8_t *tepl_dst_row(Tepl *v, unsigned pe, uint32_t r)
{
    return tepl_row_bytes(v->d, pe, r);
}
/*
 * Element moves by rows, for the rearrangements, between numeric tiles
 * of one element width; each returns false, having moved nothing, where
 * it cannot (a predicate, two widths), and the caller then moves element
 * by element.  tepl_move_window(): the rows x cols elements of src at
 * (sr, sc) to dst at (dr, dc), on PE pe, in any layout (rows of another
 * layout than row-major, and of a 4-bit type, through tile_row_read() /
 * tile_row_write()).  tepl_transpose(): dst[c][r] = src[r][c] over src's
 * valid region, in any layout likewise.
 */
bool tepl_move_window(TileLocal *dst, uint32_t dr, uint32_t dc, const TileLocal *src,
                      uint32_t sr, uint32_t sc, unsigned pe, uint32_t rows, uint32_t cols);
bool tepl_transpose(TileLocal *dst, const TileLocal *src, unsigned pe);
/* Allocate the payloads; then per PE: compute, tepl_pad(). */
void tepl_begin(Tepl *v);
void tepl_pad(Tepl *v, unsigned pe);
/* The valid region defined, the flags recorded (if record), all installed. */
void tepl_finish(Tepl *v, bool record);

#define TEPL_FOR_PES(v, pe) \
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) \
        if ((v)->op->mask & (1u << pe))

#define TEPL_FOR_VALID(d, r, c) \
    for (uint32_t r = 0; r < (d)->valid_rows; r++) \
        for (uint32_t c = 0; c < (d)->valid_cols; c++)

#endif /* TARGET_TILE_TILE_OP_H */
