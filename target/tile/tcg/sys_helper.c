/*
 * PTO Tile SYS helpers: system registers, trap entry and return, the timer
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Spec units: PTO-SCALAR-MODEL-SYS-REGISTERS, PTO-ARCH-SYSTEM-REGISTERS-*,
 * PTO-ARCH-STATE-TRAP-CONTEXT, PTO-ARCH-PROFILE-TRAP-CONTEXT-RECOVERY.
 * The register catalog (names, addresses, RO/RW/WO) comes from
 * isa/sysregs.isa through the ISA library.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/timer.h"
#include "qemu/main-loop.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "exec/cputlb.h"
#include "tile-isa.h"
#include "trace.h"

/* Context-family low indexes with behaviour (system-registers.json). */
enum {
    SR_ECSTATE = 0xF00,
    SR_EVBASE = 0xF01,
    SR_TRAPNO = 0xF02,
    SR_TRAPARG0 = 0xF03,
    SR_ECONFIG = 0xF07,
    SR_IPENDING = 0xF08,
    SR_TOPEI = 0xF09,
    SR_EOIEI = 0xF0A,
    SR_TIMER_TIME = 0xF20,
    SR_TIMER_TIMECMP = 0xF21,
    SR_EBARG0 = 0xF40,
    SR_EBARG_BPC_CUR = 0xF41,
    SR_EBARG_BPC_TGT = 0xF42,
    SR_EBARG_TPC = 0xF43,
    SR_EBARG_LRA = 0xF44,
    SR_EBARG_TQ0 = 0xF45,
    SR_EBARG_UQ0 = 0xF49,
    SR_EBARG_LB = 0xF4D,
    SR_EBARG_LC = 0xF4E,
};

/* Base registers. */
enum {
    SR_THREAD_PTR = 0x0000,
    SR_GLOBAL_PTR = 0x0001,
    SR_TIME = 0x0010,
    SR_CORE_STATE = 0x0020,
    SR_CORE_ID = 0x0021,
    SR_VERSION = 0x0023,
    SR_CORE_FEATURE_ENABLE = 0x0025,
    SR_TILE_CAPACITY = 0x0027,
    SR_CYCLE = 0x0C00,
};

/* EBARG0 fields (PTO-ARCH-STATE-TRAP-CONTEXT) */
#define EBARG0_VALID        (1ull << 4)
#define EBARG0_ACTIVE       (1ull << 5)
#define EBARG0_BODY         (1ull << 6)

/* TRAPNO packing: [63] async, [62] argument valid, [47:24] cause, [5:0] number */
#define TRAPNO_ASYNC        (1ull << 63)
#define TRAPNO_ARG_VALID    (1ull << 62)
#define TRAPNO_MASK         (TRAPNO_ASYNC | TRAPNO_ARG_VALID | \
                             (0xffffffull << 24) | 0x3full)

#define TIMER_ID_RING0      1
#define TIMER_ID_OTHER      3

/* EBARG0[13:11] codes the transfer: FALL 0, DIRECT 1, COND 2, CALL 3,
 * RET 4, IND 5, ICALL 6 (PTO-BLOCK-MODEL-SCHEMA-PROFILE-ENCODING). */
static unsigned xfer_code(uint32_t kind)
{
    switch (kind) {
    case TILE_XFER_DIRECT:
        return 1;
    case TILE_XFER_COND:
        return 2;
    case TILE_XFER_RET:
        return 4;
    case TILE_XFER_IND:
        return 5;
    case TILE_XFER_CALL:
        return 3;
    case TILE_XFER_ICALL:
        return 6;
    default:
        return 0;
    }
}

static uint32_t xfer_of_code(unsigned code)
{
    static const uint32_t kinds[8] = {
        TILE_XFER_FALL, TILE_XFER_DIRECT, TILE_XFER_COND, TILE_XFER_CALL,
        TILE_XFER_RET, TILE_XFER_IND, TILE_XFER_ICALL, TILE_XFER_FALL,
    };
    return kinds[code & 7];
}

static uint64_t *ctx_reg(CPUTileState *env, unsigned ring, unsigned low)
{
    return &env->sr_ctx[ring][low - TILE_SR_CTX_FIRST];
}

/* docs/design.md decision 8: TIME and CYCLE count nanoseconds of virtual time. */
uint64_t tile_time_ns(void)
{
    return qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
}

/* The catalog entry for an SSR address, or NULL when it is Unknown. */
static const TileIsaSysreg *sysreg_lookup(uint64_t addr)
{
    if (addr >> 16) {
        return NULL;
    }
    unsigned ring = (addr >> 12) & 0xf, low = addr & 0xfff;
    for (unsigned i = 0; i < tile_isa_sysreg_count; i++) {
        const TileIsaSysreg *r = &tile_isa_sysregs[i];
        if (!r->context) {
            if (r->index == addr) {
                return r;
            }
        } else if (r->index == low &&
                   (r->fixed_acr < 0 || (unsigned)r->fixed_acr == ring)) {
            return r;
        }
    }
    return NULL;
}

/*
 * Access check, before any effect: context-family banks are reachable only
 * from ACR0; Unknown, write-only (for reads) and read-only (for writes)
 * registers are Fault_IllegalInstruction at the SSR instruction.
 */
static const TileIsaSysreg *sysreg_check(CPUTileState *env, uint64_t addr, bool read,
                                         bool write, uint64_t pc, uintptr_t ra)
{
    const TileIsaSysreg *r = sysreg_lookup(addr);

    if (!r || (r->context && env->acr != 0) || (read && !r->readable) ||
        (write && !r->writable)) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
    }
    return r;
}

/* The ring a trap or an interrupt of the current ring is taken in. */
static unsigned trap_target_ring(CPUTileState *env)
{
    return env->acr == 0 ? 0 : 1;
}

static unsigned timer_id_of(unsigned ring)
{
    return ring == 0 ? TIMER_ID_RING0 : TIMER_ID_OTHER;
}

/* Refresh the pending bit of the target ring's timer (TIME >= TIMECMP != 0). */
static void timer_refresh(CPUTileState *env, unsigned ring)
{
    uint64_t cmp = *ctx_reg(env, ring, SR_TIMER_TIMECMP);

    if (cmp != 0 && tile_time_ns() >= cmp) {
        env->ipending[ring] |= 1ull << timer_id_of(ring);
    }
}

/* Re-arm the host timer for the earliest deadline of rings 0 and 1. */
void tile_timer_update(CPUTileState *env)
{
    uint64_t next = UINT64_MAX;

    for (unsigned ring = 0; ring < 2; ring++) {
        uint64_t cmp = *ctx_reg(env, ring, SR_TIMER_TIMECMP);
        if (cmp != 0 && cmp < next) {
            next = cmp;
        }
    }
    if (next == UINT64_MAX) {
        timer_del(env_archcpu(env)->timer);
    } else {
        timer_mod(env_archcpu(env)->timer, next > INT64_MAX ? INT64_MAX : next);
    }
    if (tile_interrupt_deliverable(env)) {
        /* helpers run without the BQL; cpu_interrupt() needs it */
        BQL_LOCK_GUARD();
        cpu_interrupt(env_cpu(env), CPU_INTERRUPT_HARD);
    }
}

void tile_timer_cb(void *opaque)
{
    TileCPU *cpu = opaque;

    if (tile_interrupt_deliverable(&cpu->env)) {
        cpu_interrupt(CPU(cpu), CPU_INTERRUPT_HARD);
    }
}

/* ECONFIG bit 1 enables the ring's timer ID, bit 0 every other ID (ADR 0016) */
static bool interrupt_enabled(uint64_t econfig, unsigned ring, unsigned id)
{
    return econfig & (id == timer_id_of(ring) ? 2 : 1);
}

/*
 * The pending IDs of a ring's bank as software observes them: the timer
 * refreshed, and the external lines that are high latched into the bank
 * interrupts of the current ring go to (RaiseInterrupt sets the pending bit
 * of TrapTargetForInterrupt(current ring)).  A line that is still high after
 * EOIEI is pending again, as a reached timer is.
 */
static uint64_t interrupt_refresh(CPUTileState *env, unsigned ring)
{
    timer_refresh(env, ring);
    if (ring == trap_target_ring(env)) {
        qatomic_or(&env->ipending[ring], qatomic_read(&env->ext_lines));
    }
    return env->ipending[ring];
}

/*
 * The interrupt ID to take now, or -1.  docs/design.md decision 7: only
 * when the target ring's EBARG0 is not VALID (not inside a handler); among
 * the pending IDs ECONFIG enables, the lowest (TOPEI's order).  With
 * refresh false nothing is written (for callers outside the vCPU thread).
 */
static int interrupt_select(CPUTileState *env, bool refresh)
{
    unsigned ring = trap_target_ring(env);
    uint64_t econfig = *ctx_reg(env, ring, SR_ECONFIG);
    uint64_t cmp = *ctx_reg(env, ring, SR_TIMER_TIMECMP);
    uint64_t pending;

    if (*ctx_reg(env, ring, SR_EBARG0) & EBARG0_VALID) {
        return -1;
    }
    if (refresh) {
        pending = interrupt_refresh(env, ring);
    } else {
        pending = env->ipending[ring] | qatomic_read(&env->ext_lines);
        if (cmp != 0 && tile_time_ns() >= cmp) {
            pending |= 1ull << timer_id_of(ring);
        }
    }
    for (; pending; pending &= pending - 1) {
        unsigned id = ctz64(pending);

        if (interrupt_enabled(econfig, ring, id)) {
            return id;
        }
    }
    return -1;
}

int tile_interrupt_next(CPUTileState *env)
{
    return interrupt_select(env, true);
}

bool tile_interrupt_deliverable(CPUTileState *env)
{
    return interrupt_select(env, true) >= 0;
}

/*
 * GPIO input @id of the CPU: external interrupt line @id, driven by the
 * platform's interrupt controller (hw/tile/tile_intc.c) under the BQL,
 * possibly while the vCPU runs: the shared words change atomically.
 */
void tile_cpu_set_ext_irq(void *opaque, int id, int level)
{
    TileCPU *cpu = opaque;
    CPUTileState *env = &cpu->env;
    uint64_t bit = 1ull << id;

    if (level) {
        /* RaiseInterrupt: pending at once, whatever ECONFIG says */
        qatomic_or(&env->ext_lines, bit);
        qatomic_or(&env->ipending[trap_target_ring(env)], bit);
        if (interrupt_select(env, false) >= 0) {
            cpu_interrupt(CPU(cpu), CPU_INTERRUPT_HARD);
        }
    } else {
        qatomic_and(&env->ext_lines, ~bit);
    }
}

/*
 * BWI (wait for interrupt): the vCPU idles until an interrupt can be
 * taken, as WFI does on other targets (docs/traps.md).  It does not wait
 * when nothing could wake it: inside a handler (EBARG0 VALID) or with both
 * ECONFIG enables clear.  The translator has already written the TPC of
 * the next instruction; the interrupt itself is taken at the next block
 * boundary (BWI sits in a SYS block).
 */
void helper_bwi(CPUTileState *env)
{
    CPUState *cs = env_cpu(env);
    unsigned ring = trap_target_ring(env);

    if (!(*ctx_reg(env, ring, SR_ECONFIG) & 3) ||
        (*ctx_reg(env, ring, SR_EBARG0) & EBARG0_VALID) ||
        interrupt_select(env, true) >= 0) {
        return;
    }
    cs->halted = 1;
    cs->exception_index = EXCP_HLT;
    cpu_loop_exit(cs);
}

static uint64_t sysreg_read(CPUTileState *env, uint64_t addr)
{
    unsigned ring = (addr >> 12) & 0xf, low = addr & 0xfff;

    switch (addr) {
    case SR_THREAD_PTR:
        return env->thread_ptr;
    case SR_GLOBAL_PTR:
        return env->global_ptr;
    case SR_TIME:
    case SR_CYCLE:
        return tile_time_ns();
    case SR_CORE_STATE:
        /* [3:0] the ring, [39:32] the FSU's sticky flags and rounding mode */
        return (env->core_state & ~(0xfull | TILE_FSU_CORE_STATE_MASK)) | env->acr |
               tile_fsu_core_state_bits(&env->fsu);
    case SR_CORE_ID:
        /* implementation-defined: the index of the Core under -smp */
        return env_cpu(env)->cpu_index;
    case SR_VERSION:
        return 1;
    case SR_CORE_FEATURE_ENABLE:
        return env->core_feature_enable;
    case SR_TILE_CAPACITY:
        return 256 * 1024;
    }
    if (addr < TILE_SR_CTX_FIRST) {
        return 0;                   /* the remaining read-only constants */
    }
    switch (low) {
    case SR_TIMER_TIME:
        return tile_time_ns();
    case SR_IPENDING:
        return interrupt_refresh(env, ring);
    case SR_TOPEI:
        interrupt_refresh(env, ring);
        return env->ipending[ring] ? ctz64(env->ipending[ring]) : 0;
    }
    return *ctx_reg(env, ring, low);
}

static void sysreg_write(CPUTileState *env, uint64_t addr, uint64_t v)
{
    unsigned ring = (addr >> 12) & 0xf, low = addr & 0xfff;

    switch (addr) {
    case SR_THREAD_PTR:
        env->thread_ptr = v;
        return;
    case SR_GLOBAL_PTR:
        env->global_ptr = v;
        return;
    case SR_CORE_STATE:
        /* a write sets the current ring at once (PTO-ARCH-SYSTEM-REGISTERS) */
        env->core_state = v & ~TILE_FSU_CORE_STATE_MASK;
        env->acr = v & 0xf;
        tile_fsu_set_core_state(&env->fsu, v);
        return;
    case SR_CORE_FEATURE_ENABLE:
        env->core_feature_enable = v;
        return;
    }
    switch (low) {
    case SR_TRAPNO:
        v &= TRAPNO_MASK;
        break;
    case SR_EOIEI:
        if (v < 64) {
            qatomic_and(&env->ipending[ring], ~(1ull << v));
        }
        *ctx_reg(env, ring, SR_TRAPNO) &= ~(TRAPNO_ASYNC | TRAPNO_ARG_VALID);
        tile_timer_update(env);
        return;
    }
    *ctx_reg(env, ring, low) = v;
    if (low == SR_TIMER_TIMECMP || low == SR_ECONFIG || low == SR_EBARG0) {
        tile_timer_update(env);
    }
}

/* SSRGET / SSRSET / SSRSWAP at pc (placement already checked). */
uint64_t helper_ssr_get(CPUTileState *env, uint64_t addr, uint64_t pc)
{
    sysreg_check(env, addr, true, false, pc, GETPC());
    return sysreg_read(env, addr);
}

void helper_ssr_set(CPUTileState *env, uint64_t addr, uint64_t value, uint64_t pc)
{
    sysreg_check(env, addr, false, true, pc, GETPC());
    sysreg_write(env, addr, value);
}

uint64_t helper_ssr_swap(CPUTileState *env, uint64_t addr, uint64_t value, uint64_t pc)
{
    sysreg_check(env, addr, true, true, pc, GETPC());
    uint64_t old = sysreg_read(env, addr);
    sysreg_write(env, addr, value);
    return old;
}

/* SSRSET and SSRSWAP check access before reading their source. */
void helper_ssr_check_write(CPUTileState *env, uint64_t addr, uint32_t swap, uint64_t pc)
{
    sysreg_check(env, addr, swap, true, pc, GETPC());
}

/* LSRGET: 0 BPC, 1 BPCN (STD/FP blocks), 2 the packed block word. */
uint64_t helper_lsr_get(CPUTileState *env, uint64_t id, uint64_t pc)
{
    TileBlockState *b = &env->blk;

    if (b->phase != TILE_BLOCK_BODY || id > 2 ||
        (id == 1 && b->btype == TILE_BTYPE_SYS)) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
    }
    switch (id) {
    case 0:
        return b->bpc_cur;
    case 1:
        return b->bpc_tgt;
    default:
        /* block type, TYPE code [6:4], TAKEN [7], the B.CATR bits [12:8] */
        return (uint64_t)b->btype | ((uint64_t)xfer_code(b->kind) << 4) |
               ((uint64_t)b->cond << 7) | ((uint64_t)((b->ext.hdr.catr >> 1) & 0x1f) << 8);
    }
}

/*
 * Trap entry (docs/design.md decision 4: the snapshot first, then the live
 * block state is cleared).  resume_pc is what EBARG_TPC records: the
 * faulting instruction, or the next one for ACRC.
 */
unsigned tile_trap_ring(CPUTileState *env)
{
    return trap_target_ring(env);
}

uint64_t tile_evbase(CPUTileState *env, unsigned ring)
{
    return *ctx_reg(env, ring, SR_EVBASE);
}

void tile_trap_enter(CPUTileState *env, int trapno, uint64_t arg, uint64_t resume_pc,
                     uint32_t cause, bool async, unsigned t)
{
    unsigned src = env->acr;
    TileBlockState *b = &env->blk;
    bool active = b->phase != TILE_BLOCK_NONE, body = b->phase == TILE_BLOCK_BODY;
    uint64_t evbase = *ctx_reg(env, t, SR_EVBASE);

    *ctx_reg(env, t, SR_ECSTATE) = (env->core_state & ~0x1full) | src | ((uint64_t)body << 4);
    *ctx_reg(env, t, SR_EBARG0) = src | EBARG0_VALID | ((uint64_t)active << 5) |
                                  ((uint64_t)body << 6) | ((uint64_t)b->btype << 7) |
                                  ((uint64_t)xfer_code(b->kind) << 11) | ((uint64_t)b->cond << 14);
    *ctx_reg(env, t, SR_EBARG_BPC_CUR) = b->bpc_cur;
    *ctx_reg(env, t, SR_EBARG_BPC_TGT) = b->bpc_tgt;
    *ctx_reg(env, t, SR_EBARG_TPC) = resume_pc;
    *ctx_reg(env, t, SR_EBARG_LRA) = b->ret_addr;
    for (int i = 0; i < TILE_QUEUE_DEPTH; i++) {
        *ctx_reg(env, t, SR_EBARG_TQ0 + i) = env->tq[i];
        *ctx_reg(env, t, SR_EBARG_UQ0 + i) = env->uq[i];
    }
    *ctx_reg(env, t, SR_EBARG_LB) = 0;
    *ctx_reg(env, t, SR_EBARG_LC) = 0;
    env->snap[t].blk = *b;
    env->snap[t].tq_valid = env->tq_valid;
    env->snap[t].uq_valid = env->uq_valid;
    env->snap[t].valid = 1;

    *ctx_reg(env, t, SR_TRAPNO) = (trapno & 0x3f) | TRAPNO_ARG_VALID |
                                  ((uint64_t)(cause & 0xffffff) << 24) |
                                  (async ? TRAPNO_ASYNC : 0);
    *ctx_reg(env, t, SR_TRAPARG0) = arg;

    env->acr = t;
    env->core_state = (env->core_state & ~0xfull) | t;
    memset(b, 0, sizeof(*b));
    b->kind = TILE_XFER_FALL;
    b->ret_addr = env->snap[t].blk.ret_addr;
    env->bpc = 0;
    /* EVBASE = 0 sends the trap to its argument (trap-literal=on) */
    env->pc = evbase ? evbase : arg;
    qemu_log_mask(CPU_LOG_INT, "trap entry: %d to ACR%u, EBARG_TPC 0x%016" PRIx64
                  ", vector 0x%016" PRIx64 "\n", trapno, t, resume_pc, env->pc);
}

/* EBREAK / C.EBREAK: trap 50 with the immediate as cause; ASSERT: trap 52. */
G_NORETURN void helper_ebreak(CPUTileState *env, uint64_t pc, uint32_t imm)
{
    env->trap_cause = imm;
    tile_raise_exception(env, EXCP_SW_BREAKPOINT, pc, GETPC());
}

void helper_assert(CPUTileState *env, uint64_t value, uint64_t pc)
{
    if (value == 0) {
        tile_raise_exception(env, EXCP_ASSERT_FAIL, pc, GETPC());
    }
}

/*
 * ACRC: a service request from a SYS block (trap 6, SCALL), resuming after
 * it.  Ring 1 may ask ring 0 (types 0, 2); rings 2..15 ring 1 (type 1) or
 * ring 0 (types 0, 2); ring 0 may not ask at all.
 */
G_NORETURN void helper_acrc(CPUTileState *env, uint64_t pc, uint32_t len, uint32_t type)
{
    if (env->acr == 0 || type > 2 || (env->acr == 1 && type == 1)) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, GETPC());
    }
    env->trap_cause = type;
    env->trap_resume = pc + len;
    env->trap_ring = type == 1 ? 1 : 0;
    tile_raise_exception(env, EXCP_SCALL, pc, GETPC());
}

/*
 * ACRE: return from a handler.  Everything is validated first (trap 0,
 * EXEC_STATE_CHECK, on any mismatch); then the handler's SYS block
 * commits and the snapshot, with any edits software made to EBARG, is
 * restored.
 */
uint64_t helper_acre(CPUTileState *env, uint64_t pc, uint32_t type)
{
    unsigned r = env->acr;
    uint64_t ebarg0 = *ctx_reg(env, r, SR_EBARG0);
    uint64_t ecstate = *ctx_reg(env, r, SR_ECSTATE);
    uint64_t tpc = *ctx_reg(env, r, SR_EBARG_TPC);
    uint64_t bpc = *ctx_reg(env, r, SR_EBARG_BPC_CUR);
    TileBlockState *b = &env->blk;

    if (type > 1) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, GETPC());
    }
    if (!env->snap[r].valid || !(ebarg0 & EBARG0_VALID) ||
        (ebarg0 & 0xf) != (ecstate & 0xf) || (tpc & 1) || (bpc & 1)) {
        tile_raise_exception(env, EXCP_EXEC_STATE_CHECK, pc, GETPC());
    }
    *b = env->snap[r].blk;
    b->phase = !(ebarg0 & EBARG0_ACTIVE) ? TILE_BLOCK_NONE :
               (ebarg0 & EBARG0_BODY) ? TILE_BLOCK_BODY : TILE_BLOCK_HEADER;
    b->btype = (ebarg0 >> 7) & 3;
    b->kind = xfer_of_code(ebarg0 >> 11);
    b->cond = (ebarg0 >> 14) & 1;
    b->bpc_cur = bpc;
    b->bpc_tgt = *ctx_reg(env, r, SR_EBARG_BPC_TGT);
    b->ret_addr = *ctx_reg(env, r, SR_EBARG_LRA);
    env->bpc = b->phase != TILE_BLOCK_NONE ? bpc : 0;
    for (int i = 0; i < TILE_QUEUE_DEPTH; i++) {
        env->tq[i] = *ctx_reg(env, r, SR_EBARG_TQ0 + i);
        env->uq[i] = *ctx_reg(env, r, SR_EBARG_UQ0 + i);
    }
    env->tq_valid = env->snap[r].tq_valid;
    env->uq_valid = env->snap[r].uq_valid;
    env->snap[r].valid = 0;
    *ctx_reg(env, r, SR_EBARG0) = ebarg0 & ~EBARG0_VALID;
    env->core_state = ecstate & ~0x10ull;
    env->acr = ecstate & 0xf;
    qemu_log_mask(CPU_LOG_INT, "trap return: ACR%u to ACR%u at 0x%016" PRIx64 "\n",
                  r, env->acr, tpc);
    trace_tile_trap_return(env_cpu(env)->cpu_index, tpc, env->bpc);
    tile_timer_update(env);
    return tpc;
}

/* TLB maintenance: ACR0 only; there is no address translation: a flush. */
void helper_tlb_maint(CPUTileState *env, uint64_t pc)
{
    if (env->acr != 0) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, GETPC());
    }
    tlb_flush(env_cpu(env));
}

/* The SYS-block placement rule: trap 5 outside the body of a SYS block. */
G_NORETURN void helper_sys_placement(CPUTileState *env, uint64_t pc)
{
    tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
}

void helper_tlb_operand(CPUTileState *env, uint64_t op, uint32_t is_asid, uint64_t pc)
{
    uintptr_t ra = GETPC();

    if (env->acr != 0) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
    }
    if (is_asid) {
        if (op >> 16) {
            tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
        }
    } else if ((uint64_t)((int64_t)(op << 16) >> 16) != op) {
        tile_raise_exception(env, EXCP_DATA_PAGE_FAULT, op, ra);
    }
    tlb_flush(env_cpu(env));
}

/*
 * SETC.TGT / C.SETC.TGT: the target of the active STD or FP block (what a
 * BSTART IND ending it continues at).  C.SETC.TGT may succeed once per
 * block; the 32-bit form has no such marker (PTO-SCALAR-SETC-TGT).
 */
void helper_set_block_target(CPUTileState *env, uint64_t pc, uint64_t target,
                             uint32_t once)
{
    if (env->blk.phase == TILE_BLOCK_NONE || env->blk.btype == TILE_BTYPE_SYS ||
        (once && env->blk.setc_tgt_done)) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
    }
    env->blk.bpc_tgt = target;
    if (once) {
        env->blk.setc_tgt_done = 1;
    }
}

/* The debugger's view: the same reads and writes as SSRGET/SSRSET, with
 * no access check (the gdbstub's org.pto.tile.sys feature). */
uint64_t tile_sysreg_debug_read(CPUTileState *env, uint64_t addr)
{
    return sysreg_read(env, addr);
}

void tile_sysreg_debug_write(CPUTileState *env, uint64_t addr, uint64_t value)
{
    sysreg_write(env, addr, value);
}
