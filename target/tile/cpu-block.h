/*
 * PTO Tile CPU: block engine state beyond BARG (header records, templates)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Everything here lives inside TileBlockState (as its member "ext"), so the
 * trap snapshot (env->snap[ring].blk) saves and ACRE restores it with the
 * rest of the block state: the header records of an interrupted block and
 * the progress of an interrupted template are "trap-preserved" state in
 * the sense of PTO-BLOCK-MODEL-STATE-CONTROL-STATE.
 */

#ifndef TILE_CPU_BLOCK_H
#define TILE_CPU_BLOCK_H

/* Transfer kinds beyond the BSTART.STD BrType codes (cpu.h). */
#define TILE_XFER_CALL  4       /* BSTART.CALL */
#define TILE_XFER_ICALL 6       /* BSTART.ICALL */

/* TileBlockHeader.present bits: which header commands were accepted. */
enum {
    TILE_HDR_CATR = 1u << 0,
    TILE_HDR_DATR = 1u << 1,
    TILE_HDR_FPATR = 1u << 2,
    TILE_HDR_IOR = 1u << 3,
    TILE_HDR_HINT = 1u << 4,
    TILE_HDR_DIM0 = 1u << 5,    /* DIM0..DIM2: LB0..LB2 */
    TILE_HDR_ZERO_PART = 1u << 8,   /* a PEMode 000 B.IOT/B.IOS was seen */
    TILE_HDR_IOT_CLOSED = 1u << 9,  /* a B.IOT with L=1 closed the sequence */
};

/* B.CATR bits as recorded in TileBlockHeader.catr */
enum {
    TILE_CATR_TRAP = 1u << 0,
    TILE_CATR_ATOM = 1u << 1,
    TILE_CATR_AQ = 1u << 2,
    TILE_CATR_RL = 1u << 3,
    TILE_CATR_FAR = 1u << 4,
    TILE_CATR_DR = 1u << 5,
};

#define TILE_BLK_MAX_IOT 4      /* effective B.IOT per block (contract) */
#define TILE_BLK_MAX_IOS 4

/*
 * The header of the active block (cleared at every block boundary).  The
 * tile bindings are kept raw (the 32-bit command word) for the tile engine.
 */
typedef struct TileBlockHeader {
    uint32_t present;           /* TILE_HDR_* */
    uint32_t catr;              /* TILE_CATR_* */
    uint32_t datr;              /* the B.DATR word */
    uint32_t fpatr;             /* the B.FPATR word */
    uint32_t hint;              /* the B.HINT word */
    uint32_t n_iot, n_ios;
    uint32_t ior[4];            /* B.IOR: RegDst, RegSrc0..2 */
    uint32_t iot[TILE_BLK_MAX_IOT];     /* B.IOT words, in order */
    uint32_t ios[TILE_BLK_MAX_IOS];     /* B.IOS words, in order */
    uint32_t pad;
    uint64_t dim[3];            /* LB0..LB2 */
} TileBlockHeader;

/* Frame template kinds (_FrameTemplate.kind) */
enum {
    TILE_FRAME_ENTRY = 0,       /* FENTRY */
    TILE_FRAME_EXIT = 1,        /* FEXIT */
    TILE_FRAME_RET_RA = 2,      /* FRET.RA */
    TILE_FRAME_RET_STK = 3,     /* FRET.STK */
};

#define TILE_FRAME_MAX_REGS 22  /* R2..R23 */

/*
 * Template progress: MCOPY (_MemoryCopyTemplate) and the frame templates
 * (_FrameTemplate).  A template that faults in the middle stays active;
 * re-executing the same instruction (at the same TPC) resumes it at the
 * first step that did not commit.
 */
typedef struct TileTemplateState {
    uint32_t mc_active;
    uint32_t fr_active;
    uint64_t mc_pc, mc_dst, mc_src, mc_len, mc_progress;
    uint64_t fr_pc, fr_size, fr_caller_sp, fr_ret;
    uint32_t fr_kind, fr_begin, fr_end, fr_count;
    uint32_t fr_progress, fr_sp_done, fr_ret_valid, fr_depth;
    uint64_t fr_src[TILE_FRAME_MAX_REGS];
    uint64_t last_addr, last_size;      /* _LastMemoryCommand{Address,Size} */
} TileTemplateState;

typedef struct TileBlockExt {
    TileBlockHeader hdr;
    TileTemplateState tpl;
    uint64_t gqm_data;          /* HL.QPOP: data from the helper to its translator */
    uint32_t tile_op;           /* the BSTART word of a TILE_BTYPE_TILE block */
    uint32_t pad;
} TileBlockExt;

#endif /* TILE_CPU_BLOCK_H */
