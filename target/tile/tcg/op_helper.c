/*
 * PTO Tile TCG helpers: exceptions
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"

G_NORETURN void tile_raise_exception(CPUTileState *env, int excp,
                                     uint64_t arg, uintptr_t retaddr)
{
    CPUState *cs = env_cpu(env);

    env->trap_arg = arg;
    cs->exception_index = excp;
    cpu_loop_exit_restore(cs, retaddr);
}

/* An exception at the instruction that calls the helper. */
void helper_raise(CPUTileState *env, uint32_t excp, uint64_t arg)
{
    tile_raise_exception(env, excp, arg, GETPC());
}

/*
 * Fault_IllegalInstruction.  The translator has already written the PC of
 * the faulting instruction to env->pc; the trap argument is that address.
 */
void helper_raise_illegal_instruction(CPUTileState *env, uint64_t insn,
                                      uint32_t len)
{
    env->fault_insn = insn;
    env->fault_len = len;
    tile_raise_exception(env, EXCP_ILLEGAL_INST, env->pc, 0);
}
