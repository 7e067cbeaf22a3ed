/*
 * PTO Tile CPU: architectural state of one PTO Core
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * One QEMU CPU models one PTO Core: a single scalar instruction stream
 * (TPC, BPC, block state, trap banks, system registers) and the four PE
 * GPR banks.  Tile state (Local/Shared tiles, capacity pools) lives in the
 * tile-core device under hw/tile/, not here.
 */

#ifndef TILE_CPU_H
#define TILE_CPU_H

#include "qemu/bitops.h"
#include "hw/registerfields.h"
#include "cpu-qom.h"

#include "exec/cpu-defs.h"

/*
 * AMO state: the LR/SC reservation monitor.
 *
 * The local monitor is line based (PTO-SCALAR-MODEL-AMO-SEMANTICS): LR
 * reserves the 64-byte granule that holds its address, and SC matches on
 * the granule alone, whatever its width or byte address.
 *
 * Every write of this core to the granule drops the reservation, as the
 * ASL says, even when it leaves the bytes unchanged: AGU stores inline
 * (trans_agu.c.inc), AMO, CAS, SC and DMA.  Other cores' stores are not
 * hooked, so on RAM the monitor also keeps a snapshot of the reserved
 * granule taken atomically with the LR value; SC succeeds only if the
 * granule still holds those bytes, checked and stored in one step
 * (exclusively under MTTCG).  On a device page there is no snapshot and
 * SC checks the reservation alone.
 */

#define TILE_RESV_GRANULE 64    /* PTO_RESERVATION_GRANULE_BYTES */

typedef struct TileAmoState {
    uint64_t resv_addr;         /* address LR used (its granule is reserved) */
    uint64_t resv_value;        /* value LR loaded (SC does not compare it) */
    uint32_t resv_valid;
    uint32_t resv_size;         /* LR width in bytes */
    uint32_t resv_line_ok;      /* resv_line holds the granule (RAM) */
    uint32_t pad;
    uint64_t resv_line[TILE_RESV_GRANULE / 8];  /* granule bytes at LR */
} TileAmoState;

/*
 * FSU state: scalar floating point.
 *
 * Architecturally the FSU status lives in the base system register
 * CORE_STATE (address 0x0020): bits [36:32] are the sticky numeric flags
 * NV, DZ, OF, UF, NX (bit 32 = NV ... bit 36 = NX) and bits [39:37] select
 * the active scalar rounding mode (PTO-ARCH-STATE-NUMERIC-STATUS,
 * PTO-SCALAR-MODEL-FSU-PROFILE).  They are kept here, where the FSU
 * helpers update them; the CORE_STATE accessor (tcg/sys_helper.c) maps
 * them in and out through tile_fsu_core_state_bits() /
 * tile_fsu_set_core_state().
 */

/* The 5-bit flag vector, in CORE_STATE[36:32] order. */
enum {
    TILE_FSU_NV = 1 << 0,       /* invalid operation */
    TILE_FSU_DZ = 1 << 1,       /* divide by zero */
    TILE_FSU_OF = 1 << 2,       /* overflow */
    TILE_FSU_UF = 1 << 3,       /* underflow */
    TILE_FSU_NX = 1 << 4,       /* inexact */
};

/* CORE_STATE[39:37]: 001 RTM, 010 RTP, 011 RTZ, anything else RNE. */
enum {
    TILE_FSU_RM_RNE = 0,
    TILE_FSU_RM_RTM = 1,
    TILE_FSU_RM_RTP = 2,
    TILE_FSU_RM_RTZ = 3,
};

/* Operation codes the translator passes to the FSU helpers. */
enum {
    FSU_ADD, FSU_SUB, FSU_MUL, FSU_DIV, FSU_MIN, FSU_MAX,
    FSU_SQRT, FSU_EXP, FSU_RECIP,
    FSU_MADD, FSU_MSUB, FSU_NMADD, FSU_NMSUB,
    FSU_EQ, FSU_NE, FSU_LT, FSU_GE,
    FSU_FCVT, FSU_FCVTA, FSU_FCVTM, FSU_FCVTN, FSU_FCVTP, FSU_FCVTZ,
    FSU_SCVTF, FSU_UCVTF,
};
#define FSU_SIGNALING 0x100     /* or'ed into a compare: FEQS, FNES, ... */

#define TILE_FSU_CORE_STATE_FLAGS_SHIFT 32
#define TILE_FSU_CORE_STATE_RMODE_SHIFT 37
#define TILE_FSU_CORE_STATE_MASK        (0xffull << 32)

typedef struct TileFsuState {
    uint32_t flags;             /* CORE_STATE[36:32]: sticky NV DZ OF UF NX */
    uint32_t rmode;             /* CORE_STATE[39:37]: raw 3-bit encoding */
} TileFsuState;

/* The CORE_STATE bits [39:32] the FSU owns, in place. */
static inline uint64_t tile_fsu_core_state_bits(const TileFsuState *fsu)
{
    return ((uint64_t)(fsu->flags & 0x1f) << TILE_FSU_CORE_STATE_FLAGS_SHIFT) |
           ((uint64_t)(fsu->rmode & 7) << TILE_FSU_CORE_STATE_RMODE_SHIFT);
}

/* A CORE_STATE write: take bits [39:32] (a plain store, flags included). */
static inline void tile_fsu_set_core_state(TileFsuState *fsu, uint64_t value)
{
    fsu->flags = (value >> TILE_FSU_CORE_STATE_FLAGS_SHIFT) & 0x1f;
    fsu->rmode = (value >> TILE_FSU_CORE_STATE_RMODE_SHIFT) & 7;
}

#ifdef CONFIG_USER_ONLY
#error "PTO Tile does not support user mode emulation"
#endif

enum {
    TILE_NUM_PES = 4,           /* PE0 VEC, PE1 TLSU, PE2 CUBE, PE3 SFU */
    TILE_NUM_GPRS = 24,         /* R0..R23 per PE bank; R0 reads as zero */
    TILE_QUEUE_DEPTH = 4,       /* T and U scalar queues */
    TILE_NUM_ACRS = 16,         /* architectural context rings ACR0..ACR15 */
    TILE_SR_CTX_FIRST = 0xF00,  /* context-family low indexes F00..FB7 */
    TILE_SR_CTX_SLOTS = 0xB8,
    TILE_NUM_INTERRUPT_IDS = 64, /* InterruptID 0..63 (ADR 0016) */
};

/*
 * QEMU exception indices.  Values below EXCP_INTERRUPT are the
 * architectural trap numbers of the PTO ISA (system-registers catalog).
 */
enum {
    EXCP_EXEC_STATE_CHECK = 0,
    EXCP_ILLEGAL_INST = 4,
    EXCP_BUNDLE_TRAP = 5,
    EXCP_SCALL = 6,
    EXCP_INST_PC_FAULT = 32,
    EXCP_INST_PAGE_FAULT = 33,
    EXCP_DATA_ALIGN_FAULT = 34,
    EXCP_DATA_PAGE_FAULT = 35,
    EXCP_INTERRUPT_TRAP = 44,
    EXCP_HW_BREAKPOINT = 49,
    EXCP_SW_BREAKPOINT = 50,
    EXCP_HW_WATCHPOINT = 51,
    EXCP_ASSERT_FAIL = 52,
};

/*
 * The precise fault behind a trap number that several faults share (trap
 * 5: the block and Tile faults).  The trap bank cannot tell them apart
 * (their cause is 0), but the unhandled-trap report and -d int name them.
 */
typedef enum TileFaultKind {
    TILE_FAULT_OF_TRAP = 0,     /* the trap number's own fault */
    TILE_FAULT_LEGALITY,        /* Fault_TileLegality */
    TILE_FAULT_ALLOCATION,      /* Fault_TileAllocation */
    TILE_FAULT_BUNDLE,          /* Fault_BundleControl */
    TILE_FAULT_POST_COMMIT,     /* Fault_BundlePostCommit */
} TileFaultKind;

/* Block (bundle) execution state of the scalar stream. */
typedef enum TileBlockPhase {
    TILE_BLOCK_NONE = 0,        /* outside any block */
    TILE_BLOCK_HEADER = 1,      /* after BSTART, in the header commands */
    TILE_BLOCK_BODY = 2,        /* first non-header instruction seen */
} TileBlockPhase;

/*
 * Block engine state beyond BARG: header records, templates.
 *
 * Everything here lives inside TileBlockState (as its member "ext"), so the
 * trap snapshot (env->snap[ring].blk) saves and ACRE restores it with the
 * rest of the block state: the header records of an interrupted block and
 * the progress of an interrupted template are "trap-preserved" state in
 * the sense of PTO-BLOCK-MODEL-STATE-CONTROL-STATE.
 */

/* Transfer kinds beyond the BSTART.STD BrType codes (TileBlockTransfer). */
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
#define TILE_FRAME_FIRST_REG 2
#define TILE_FRAME_LAST_REG 23

/* Registers in the inclusive R2..R23 ring from b to e (both 2..23). */
static inline uint32_t tile_frame_count(uint32_t b, uint32_t e)
{
    return e >= b ? e - b + 1 : (TILE_FRAME_LAST_REG + 1 - b) + e - 1;
}

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

typedef struct TileBlockState {
    uint64_t bpc_cur;           /* address of the BSTART of the live block */
    uint64_t bpc_tgt;           /* block target (DIRECT / COND) */
    uint64_t ret_addr;          /* the return address SETRET/CALL record */
    uint32_t phase;             /* TileBlockPhase */
    uint32_t btype;             /* TileBlockType */
    uint32_t kind;              /* transfer: TileBlockTransfer */
    uint32_t cond;              /* BARG.TAKEN */
    uint32_t setc_done;         /* a SETC condition setter succeeded */
    uint32_t setc_tgt_done;     /* SETC.TGT succeeded in this block */
    uint64_t commit_arg;        /* the last SETC result (_CommitArgument); no
                                 * instruction reads it, and an inline block
                                 * (tcg/translate.c) stores it only when its
                                 * SETC result is stored */
    TileBlockExt ext;           /* block engine: header records, templates */
} TileBlockState;

/* Block types. */
typedef enum TileBlockType {
    TILE_BTYPE_STD = 0,
    TILE_BTYPE_FP = 1,
    TILE_BTYPE_SYS = 2,
    TILE_BTYPE_TILE = 3,        /* a Tile operation block (BSTART.TLOAD, ...) */
} TileBlockType;

/* Block transfer kinds, as BSTART.STD encodes them in bits [14:12]. */
typedef enum TileBlockTransfer {
    TILE_XFER_FALL = 1,
    TILE_XFER_DIRECT = 2,
    TILE_XFER_COND = 3,
    TILE_XFER_IND = 5,
    TILE_XFER_RET = 7,
} TileBlockTransfer;

/* The part of a trap snapshot that has no EBARG register. */
typedef struct TileTrapSnapshot {
    TileBlockState blk;
    uint32_t tq_valid, uq_valid;
    uint32_t valid;
    uint32_t pad;
} TileTrapSnapshot;

typedef struct CPUArchState {
    /*
     * PE GPR banks.  Scalar instructions use PE0's bank (docs/design.md
     * decision 1); banks 1..3 are reached through the tile-core MMIO window
     * and the debugger.  gpr[pe][0] is always zero.
     */
    uint64_t gpr[TILE_NUM_PES][TILE_NUM_GPRS];

    uint64_t pc;                /* TPC: address of the current instruction */
    uint64_t bpc;               /* BPC: block PC */
    TileBlockState blk;

    /* T/U scalar queues; entry 0 is the newest (T#1 / U#1). */
    uint64_t tq[TILE_QUEUE_DEPTH];
    uint64_t uq[TILE_QUEUE_DEPTH];
    uint32_t tq_valid;          /* bit i: tq[i] holds a value */
    uint32_t uq_valid;

    TileAmoState amo;           /* LR/SC reservation monitor */
    TileFsuState fsu;           /* scalar floating point */

    /*
     * System registers (tcg/sys_helper.c).  The base registers that hold state,
     * and one bank of context-family registers per ring, indexed by
     * low index - TILE_SR_CTX_FIRST.  CORE_STATE[3:0] is the current ring.
     */
    uint32_t acr;               /* current architectural context ring */
    uint32_t pad0;
    uint64_t thread_ptr, global_ptr, core_state, core_feature_enable;
    uint64_t sr_ctx[TILE_NUM_ACRS][TILE_SR_CTX_SLOTS];
    uint64_t ipending[TILE_NUM_ACRS];   /* interrupt IDs pending, per ring */
    TileTrapSnapshot snap[TILE_NUM_ACRS];   /* what EBARG cannot hold */

    /* Fault reporting: the instruction bits and length of the last trap. */
    uint64_t fault_insn;
    uint64_t trap_arg;
    uint32_t fault_len;         /* in bytes: 2, 4, 6 or 8 */
    uint32_t trap_cause;        /* TRAPNO cause of the pending trap */
    uint64_t trap_resume;       /* EBARG_TPC for a trap that resumes after */
    int32_t trap_ring;          /* the ring ACRC routes to, or -1 */
    uint32_t fault_kind;        /* TileFaultKind of the pending trap */

    /* Fields up to this point are cleared by a CPU reset */
    struct {} end_reset_fields;

    /*
     * Levels of the external interrupt lines, bit i = interrupt ID i: the
     * platform's interrupt controller drives them (hw/tile/tile_intc.c),
     * so a CPU reset leaves them alone.
     */
    uint64_t ext_lines;
} CPUTileState;

/*
 * TileCPU:
 * @env: #CPUTileState
 *
 * A PTO Core.
 */
struct ArchCPU {
    CPUState parent_obj;

    CPUTileState env;

    QEMUTimer *timer;           /* the ring timers' next deadline */

    /*
     * The Core's tile-core device, which owns (resets, migrates) its Tile
     * state: QOM link "tile-core", set by the device when it is realized;
     * reached through include/hw/tile/tile_state.h.
     */
    Object *tile_core;

    /*
     * The machine's GQM queues (system state shared by every Core): QOM
     * link "gqm", set by the machine; reached through tile_state.h.
     */
    Object *gqm;

    /* Properties */
    bool trap_literal;          /* follow EVBASE literally instead of report */
    char *numeric_profile;      /* "ieee" (default) or "pto-v0" */
    bool pto_v0;                /* numeric_profile == "pto-v0" */

    /*
     * Data-access limits set by the virt machine (docs/machine.md,
     * options data-limit and app-region; 0 = no limit): a data access
     * that reaches RAM at or above the limit of the current ring is
     * Fault_DataPage.  RAM is [0, mem_end).
     */
    uint64_t data_limit;        /* every ring */
    uint64_t app_region;        /* rings ACR2..ACR15 */
    uint64_t mem_end;
};

/*
 * TileCPUClass:
 * @parent_realize: The parent class' realize handler.
 * @parent_phases: The parent class' reset phase handlers.
 */
struct TileCPUClass {
    CPUClass parent_class;

    DeviceRealize parent_realize;
    ResettablePhases parent_phases;
};

#define CPU_RESOLVING_TYPE TYPE_TILE_CPU

/*
 * Instruction length from the first 16-bit parcel:
 * bits[3:0] == 0b1110 -> 48 bit, 0b1111 -> 64 bit,
 * otherwise bit 0 set -> 32 bit, clear -> 16 bit.
 */
static inline int tile_insn_length(uint16_t parcel)
{
    switch (parcel & 0xf) {
    case 0xe:
        return 6;
    case 0xf:
        return 8;
    default:
        return (parcel & 1) ? 4 : 2;
    }
}

const char *tile_trap_name(int trapno);
const char *tile_fault_name(int trapno, TileFaultKind kind);
void tile_cpu_do_interrupt(CPUState *cs);
bool tile_cpu_exec_interrupt(CPUState *cs, int int_req);
hwaddr tile_cpu_get_phys_page_debug(CPUState *cs, vaddr addr);
void tile_cpu_dump_state(CPUState *cs, FILE *f, int flags);
int tile_cpu_gdb_read_register(CPUState *cs, GByteArray *buf, int reg);
int tile_cpu_gdb_write_register(CPUState *cs, uint8_t *buf, int reg);
void tile_cpu_register_gdb_regs(CPUState *cs);
void tile_cpu_disas_set_info(CPUState *cs, disassemble_info *info);

void tile_translate_init(void);
void tile_translate_code(CPUState *cs, TranslationBlock *tb,
                         int *max_insns, vaddr pc, void *host_pc);
void tile_restore_state_to_opc(CPUState *cs, const TranslationBlock *tb,
                               const uint64_t *data);

G_NORETURN void tile_raise_exception(CPUTileState *env, int excp,
                                     uint64_t arg, uintptr_t retaddr);

/* tcg/sys_helper.c: trap entry and the timer */
void tile_trap_enter(CPUTileState *env, int trapno, uint64_t arg,
                     uint64_t resume_pc, uint32_t cause, bool async,
                     unsigned ring);
unsigned tile_trap_ring(CPUTileState *env);
uint64_t tile_evbase(CPUTileState *env, unsigned ring);
bool tile_interrupt_deliverable(CPUTileState *env);
int tile_interrupt_next(CPUTileState *env);
void tile_cpu_set_ext_irq(void *opaque, int id, int level);
void tile_timer_update(CPUTileState *env);
void tile_timer_cb(void *opaque);
uint64_t tile_time_ns(void);
void tile_block_boundary(CPUTileState *env);
uint64_t tile_sysreg_debug_read(CPUTileState *env, uint64_t addr);
void tile_sysreg_debug_write(CPUTileState *env, uint64_t addr, uint64_t value);

#ifndef CONFIG_USER_ONLY
extern const VMStateDescription vmstate_tile_cpu;
#endif

#include "exec/cpu-all.h"

/*
 * The data-access permission rule (the reference profile's
 * DataAccessPermitted hook when the virt machine sets its limits): the
 * bytes [addr, addr + size) that lie in RAM must lie below the current
 * ring's limit.  Devices above RAM stay reachable.
 */
static inline bool tile_data_access_permitted(CPUTileState *env, uint64_t addr,
                                              uint64_t size)
{
    TileCPU *cpu = env_archcpu(env);
    uint64_t limit = cpu->data_limit;

    if (env->acr >= 2 && cpu->app_region &&
        (!limit || cpu->app_region < limit)) {
        limit = cpu->app_region;
    }
    if (!limit || addr >= cpu->mem_end) {
        return true;
    }
    return addr < limit && size <= limit - addr;
}

/*
 * Outside a block (phase NONE) the block fields hold their cleared form,
 * as tile_block_commit() leaves them, unless an ACRE or a debugger wrote
 * other values.  The translator keeps a block it opens inline only from
 * that cleared form (tcg/translate.c); this tells whether it holds.
 */
static inline bool tile_block_idle_clean(const CPUTileState *env)
{
    const TileBlockState *b = &env->blk;

    return !(b->btype | b->cond | b->setc_done | b->setc_tgt_done |
             b->ext.hdr.present | b->ext.hdr.n_iot | b->ext.hdr.n_ios |
             b->ext.hdr.catr | (b->kind ^ TILE_XFER_FALL)) &&
           !(b->bpc_cur | b->bpc_tgt | env->bpc);
}

/*
 * TB flags: what translation depends on.  The block phase and type tell
 * the translator where the body starts and which forms are placed right;
 * IDLE_STALE (phase NONE only) that the block fields are not in their
 * cleared form, so no block is kept inline; TQV and UQV are the T and U
 * queue valid masks, so a queue read is checked at translation; RESV that
 * an LR reservation is held, so a store without one carries no code for
 * it.  The ring is not here: privileged forms are checked by their helpers
 * at run time.
 */
FIELD(TB_FLAGS, PHASE, 0, 2)
FIELD(TB_FLAGS, BTYPE, 2, 2)
FIELD(TB_FLAGS, IDLE_STALE, 4, 1)
FIELD(TB_FLAGS, TQV, 5, 4)
FIELD(TB_FLAGS, UQV, 9, 4)
FIELD(TB_FLAGS, RESV, 13, 1)

#define TILE_QUEUE_VALID_MASK ((1u << TILE_QUEUE_DEPTH) - 1)

static inline void cpu_get_tb_cpu_state(CPUTileState *env, vaddr *pc,
                                        uint64_t *cs_base, uint32_t *flags)
{
    uint32_t f;

    *pc = env->pc;
    *cs_base = 0;
    f = FIELD_DP32(0, TB_FLAGS, PHASE, env->blk.phase);
    f = FIELD_DP32(f, TB_FLAGS, BTYPE, env->blk.btype);
    if (env->blk.phase == TILE_BLOCK_NONE && !tile_block_idle_clean(env)) {
        f = FIELD_DP32(f, TB_FLAGS, IDLE_STALE, 1);
    }
    f = FIELD_DP32(f, TB_FLAGS, TQV, env->tq_valid & TILE_QUEUE_VALID_MASK);
    f = FIELD_DP32(f, TB_FLAGS, UQV, env->uq_valid & TILE_QUEUE_VALID_MASK);
    f = FIELD_DP32(f, TB_FLAGS, RESV, env->amo.resv_valid != 0);
    *flags = f;
}

#endif /* TILE_CPU_H */
