/*
 * PTO Tile trap and interrupt delivery
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/atomic.h"
#include "qemu/error-report.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "system/runstate.h"
#include "trace.h"

static const struct {
    int number;
    const char *fault;
} tile_traps[] = {
    { EXCP_EXEC_STATE_CHECK, "Fault_ExecutionStateCheck" },
    { EXCP_ILLEGAL_INST, "Fault_IllegalInstruction" },
    { EXCP_BUNDLE_TRAP, "Fault_BundleControl" },
    { EXCP_SCALL, "Fault_ServiceRequest" },
    { EXCP_INST_PC_FAULT, "Fault_InstructionPC" },
    { EXCP_INST_PAGE_FAULT, "Fault_InstructionPage" },
    { EXCP_DATA_ALIGN_FAULT, "Fault_DataAlignment" },
    { EXCP_DATA_PAGE_FAULT, "Fault_DataPage" },
    { EXCP_INTERRUPT_TRAP, "Interrupt" },
    { EXCP_HW_BREAKPOINT, "Fault_HardwareBreakpoint" },
    { EXCP_SW_BREAKPOINT, "Fault_SoftwareBreakpoint" },
    { EXCP_HW_WATCHPOINT, "Fault_HardwareWatchpoint" },
    { EXCP_ASSERT_FAIL, "Fault_Assert" },
};

const char *tile_trap_name(int trapno)
{
    for (size_t i = 0; i < ARRAY_SIZE(tile_traps); i++) {
        if (tile_traps[i].number == trapno) {
            return tile_traps[i].fault;
        }
    }
    return "Fault_Unknown";
}

/* The fault a trap stands for: its precise kind where the raiser knew it. */
const char *tile_fault_name(int trapno, TileFaultKind kind)
{
    static const char *const kinds[] = {
        [TILE_FAULT_LEGALITY] = "Fault_TileLegality",
        [TILE_FAULT_ALLOCATION] = "Fault_TileAllocation",
        [TILE_FAULT_BUNDLE] = "Fault_BundleControl",
        [TILE_FAULT_POST_COMMIT] = "Fault_BundlePostCommit",
    };

    if (trapno == EXCP_BUNDLE_TRAP && kind > TILE_FAULT_OF_TRAP &&
        kind < ARRAY_SIZE(kinds)) {
        return kinds[kind];
    }
    return tile_trap_name(trapno);
}

/*
 * The encoding of the instruction at the trap's TPC, for the report: what
 * the raiser recorded when it matches memory (it may know a fused pair),
 * else the instruction read from memory by the length rule.
 */
static void trap_instruction(CPUState *cs, uint64_t *insn, uint32_t *len)
{
    CPUTileState *env = cpu_env(cs);
    uint8_t bytes[8] = { 0 };
    uint64_t mem = 0;
    int n;

    if (cpu_memory_rw_debug(cs, env->pc, bytes, 2, false) < 0) {
        return;
    }
    n = tile_insn_length(lduw_le_p(bytes));
    if (cpu_memory_rw_debug(cs, env->pc, bytes, 8, false) < 0 &&
        cpu_memory_rw_debug(cs, env->pc, bytes, n, false) < 0) {
        return;
    }
    mem = ldq_le_p(bytes);
    if (env->fault_len >= 2 && env->fault_len <= 8 &&
        extract64(mem, 0, env->fault_len * 8) == env->fault_insn) {
        return;
    }
    *insn = extract64(mem, 0, n * 8);
    *len = n;
}

/*
 * End the run after an unhandled trap (docs/design.md decision 6): one line on
 * stderr, then a clean shutdown with a non-zero exit status.  The vCPU
 * halts and stays halted, so nothing else executes meanwhile.
 */
static void tile_report_unhandled_trap(CPUState *cs, int trapno,
                                       TileFaultKind kind)
{
    static bool reported;
    CPUTileState *env = cpu_env(cs);

    /* With -smp, only the first Core to trap is reported; all halt. */
    if (qatomic_xchg(&reported, true)) {
        cpu_interrupt(cs, CPU_INTERRUPT_HALT);
        return;
    }
    if (trapno == EXCP_ILLEGAL_INST) {
        error_report("unhandled trap: %s (trap %d) at TPC 0x%016" PRIx64
                     " (insn 0x%0*" PRIx64 ")",
                     tile_fault_name(trapno, kind), trapno, env->pc,
                     (int)env->fault_len * 2, env->fault_insn);
    } else {
        error_report("unhandled trap: %s (trap %d) at TPC 0x%016" PRIx64
                     " (argument 0x%" PRIx64 ")",
                     tile_fault_name(trapno, kind), trapno, env->pc, env->trap_arg);
    }
    qemu_system_shutdown_request_with_code(SHUTDOWN_CAUSE_GUEST_PANIC, 1);
    cpu_interrupt(cs, CPU_INTERRUPT_HALT);
}

void tile_cpu_do_interrupt(CPUState *cs)
{
    CPUTileState *env = cpu_env(cs);
    TileCPU *cpu = env_archcpu(env);
    int trapno = cs->exception_index;
    unsigned ring = env->trap_ring >= 0 ? (unsigned)env->trap_ring : tile_trap_ring(env);
    uint64_t resume = trapno == EXCP_SCALL ? env->trap_resume : env->pc;
    uint32_t cause = env->trap_cause;
    TileFaultKind kind = env->fault_kind;

    env->trap_ring = -1;
    env->trap_cause = 0;
    env->fault_kind = TILE_FAULT_OF_TRAP;
    cs->exception_index = -1;
    if (trapno == EXCP_ILLEGAL_INST) {
        trap_instruction(cs, &env->fault_insn, &env->fault_len);
    }
    qemu_log_mask(CPU_LOG_INT, "trap %d (%s) at TPC 0x%016" PRIx64
                  " argument 0x%016" PRIx64 "\n",
                  trapno, tile_fault_name(trapno, kind), env->pc, env->trap_arg);
    trace_tile_trap_enter(cs->cpu_index, trapno, tile_fault_name(trapno, kind),
                          env->pc, env->trap_arg);

    /* docs/design.md decision 6: with EVBASE = 0 report and end the run, unless
     * trap-literal=on asks for the spec's literal behaviour. */
    if (tile_evbase(env, ring) == 0 && !cpu->trap_literal) {
        tile_report_unhandled_trap(cs, trapno, kind);
        return;
    }
    tile_trap_enter(env, trapno, env->trap_arg, resume, cause, false, ring);
}

bool tile_cpu_exec_interrupt(CPUState *cs, int interrupt_request)
{
    CPUTileState *env = cpu_env(cs);
    int id;

    if (!(interrupt_request & CPU_INTERRUPT_HARD)) {
        return false;
    }
    /* the timer's or an external ID: the lowest pending one enabled */
    id = tile_interrupt_next(env);
    if (id < 0) {
        cpu_reset_interrupt(cs, CPU_INTERRUPT_HARD);
        return false;
    }
    /* taken only between blocks: retried at the next block boundary */
    if (env->blk.phase != TILE_BLOCK_NONE) {
        return false;
    }
    unsigned ring = tile_trap_ring(env);
    cpu_reset_interrupt(cs, CPU_INTERRUPT_HARD);
    if (tile_evbase(env, ring) == 0 && !env_archcpu(env)->trap_literal) {
        env->trap_arg = id;
        tile_report_unhandled_trap(cs, EXCP_INTERRUPT_TRAP, TILE_FAULT_OF_TRAP);
        return true;
    }
    tile_trap_enter(env, EXCP_INTERRUPT_TRAP, id, env->pc, 0, true, ring);
    return true;
}

/*
 * A block just committed.  An interrupt refused inside the block (docs/design.md
 * decision 7) is still requested, but the TB-entry exit check was already
 * consumed: arm it again so the next TB starts by taking the interrupt.
 */
void tile_block_boundary(CPUTileState *env)
{
    CPUState *cs = env_cpu(env);

    if (qatomic_read(&cs->interrupt_request) & CPU_INTERRUPT_HARD) {
        qatomic_set(&cs->neg.icount_decr.u16.high, -1);
    }
}
