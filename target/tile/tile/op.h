/*
 * PTO Tile CPU: the Tile-operation commit shared by the engines
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
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

#ifndef TILE_ENGINE_H
#define TILE_ENGINE_H

#include "tile_file.h"

typedef enum TileFaultKind {
    TILE_FAULT_LEGALITY,        /* Fault_TileLegality */
    TILE_FAULT_ALLOCATION,      /* Fault_TileAllocation */
    TILE_FAULT_BUNDLE,          /* Fault_BundleControl */
} TileFaultKind;

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
} TileOp;

void tile_block_execute(CPUTileState *env, uint64_t pc, uintptr_t ra);

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

/* Memory: probes raise Fault_DataAlignment / Fault_DataPage (arg = addr). */
void tile_op_probe(TileOp *op, uint64_t addr, unsigned bytes, bool write);
uint64_t tile_op_load(TileOp *op, uint64_t addr, unsigned bytes);
void tile_op_store(TileOp *op, uint64_t addr, unsigned bytes, uint64_t value);

/* The engines: prepare + execute one operation. */
void tile_tlsu_commit(TileOp *op);         /* tile/tlsu/tlsu.c */
void tile_cube_commit(TileOp *op);         /* tile/cube/cube.c */
void tile_tepl_commit(TileOp *op);         /* tile/tepl.c: BSTART.TEPL */

/* Whether a BSTART word is BSTART.TEPL (from the isa/ tables). */
bool tile_insn_is_tepl(uint32_t insn);

/* Whether the TEPL operation at Mode:Function has semantics here (the
 * translator raises Fault_IllegalInstruction + LOG_UNIMP otherwise). */
bool tile_tepl_has_semantics(unsigned mode, unsigned function);

#endif /* TILE_ENGINE_H */
