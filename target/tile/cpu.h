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
#include "fpu/softfloat-types.h"

/* Per-engine state, one header each (the engine's owner edits it). */
#include "cpu-amo.h"
#include "cpu-fsu.h"

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

/* Block (bundle) execution state of the scalar stream. */
typedef enum TileBlockPhase {
    TILE_BLOCK_NONE = 0,        /* outside any block */
    TILE_BLOCK_HEADER = 1,      /* after BSTART, in the header commands */
    TILE_BLOCK_BODY = 2,        /* first non-header instruction seen */
} TileBlockPhase;

/* ---- block engine extension (owner: block engine): cpu-block.h, blk.ext ---- */
#include "cpu-block.h"

typedef struct TileBlockState {
    uint64_t bpc_cur;           /* address of the BSTART of the live block */
    uint64_t bpc_tgt;           /* block target (DIRECT / COND) */
    uint64_t lra;               /* link return address */
    uint64_t lb;                /* loop bound */
    uint64_t lc;                /* loop count */
    uint64_t tplflags;
    uint64_t ret_addr;          /* the return address SETRET/CALL record */
    uint32_t phase;             /* TileBlockPhase */
    uint32_t btype;             /* TileBlockType */
    uint32_t kind;              /* transfer: TileBlockTransfer */
    uint32_t cond;              /* BARG.TAKEN */
    uint32_t setc_done;         /* a SETC condition setter succeeded */
    uint32_t setc_tgt_done;     /* SETC.TGT succeeded in this block */
    uint64_t commit_arg;        /* the last SETC result (_CommitArgument) */
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
     * PE GPR banks.  Scalar instructions use PE0's bank (decision 1 of
     * DESIGN.md); banks 1..3 are reached through the tile-core MMIO window
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
     * System registers (sys_helper.c).  The base registers that hold state,
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
    uint32_t pad1;

    /* Fields up to this point are cleared by a CPU reset */
    struct {} end_reset_fields;

    /*
     * Levels of the external interrupt lines, bit i = interrupt ID i: the
     * platform's interrupt controller drives them (hw/tile/tile-intc.c),
     * so a CPU reset leaves them alone.
     */
    uint64_t ext_lines;

    /*
     * The Core's Tile state, owned (reset, migrated) by its tile-core
     * device (hw/tile/tile-core.c), which sets this link when realized.
     */
    struct TileFile *tiles;
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

    /* Properties */
    bool trap_literal;          /* follow EVBASE literally instead of report */
    char *numeric_profile;      /* "ieee" (default) or "pto-v0" */
    bool pto_v0;                /* numeric_profile == "pto-v0" */
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

G_NORETURN void tile_raise_exception(CPUTileState *env, int excp,
                                     uint64_t arg, uintptr_t retaddr);

/* sys_helper.c: trap entry and the timer */
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
 * TB flags: the current ACR ring (decides privileged forms later) and the
 * block phase, so the translator knows statically where the body starts.
 */
FIELD(TB_FLAGS, ACR, 0, 4)
FIELD(TB_FLAGS, PHASE, 4, 2)
FIELD(TB_FLAGS, BTYPE, 6, 2)

static inline void cpu_get_tb_cpu_state(CPUTileState *env, vaddr *pc,
                                        uint64_t *cs_base, uint32_t *flags)
{
    *pc = env->pc;
    *cs_base = 0;
    *flags = FIELD_DP32(0, TB_FLAGS, ACR, env->acr);
    *flags = FIELD_DP32(*flags, TB_FLAGS, PHASE, env->blk.phase);
    *flags = FIELD_DP32(*flags, TB_FLAGS, BTYPE, env->blk.btype);
}

#endif /* TILE_CPU_H */
