/*
 * PTO Tile CPU: the commit of BSTART.TEPL blocks (the VEC and SFU engines)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * BSTART.TEPL's Mode:Function selector names one VEC or SFU operation
 * (isa/tile-ops.isa).  Each engine file registers a table of the
 * operations it implements, each with its commit function; tepl.c owns
 * the selector table, the dispatch and the checks and element access the
 * operations share.  A commit function makes every check first (a fault
 * leaves everything as it was), then computes each PE's fragment and
 * calls tepl_finish().
 */

#ifndef TARGET_TILE_TEPL_H
#define TARGET_TILE_TEPL_H

#include "tile/op.h"

typedef struct Tepl Tepl;

typedef struct TeplOpInfo {
    const char *name;           /* as in tile-ops.isa: "TADD" */
    const char *engine;         /* "VEC" or "SFU" */
    void (*commit)(Tepl *v);
    int family;                 /* the engine's own classification */
    int elem;                   /* the engine's element operation */
    bool integer;               /* the integer type set (VEC) */
} TeplOpInfo;

/* Register an engine's operations (from a constructor). */
void tepl_register(const TeplOpInfo *ops, unsigned n);

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

#endif /* TARGET_TILE_TEPL_H */
