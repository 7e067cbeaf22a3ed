/*
 * PTO Tile TCG helper declarations
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

/* raise Fault_IllegalInstruction at env->pc: insn bits, length in bytes */
DEF_HELPER_3(raise_illegal_instruction, noreturn, env, i64, i32)
DEF_HELPER_2(raise_exception, noreturn, env, i32)
DEF_HELPER_5(check_queue_entry, void, env, i32, i32, i64, i32)
DEF_HELPER_5(bstart, i64, env, i64, i32, i32, i64)
DEF_HELPER_3(bstop, i64, env, i64, i32)
DEF_HELPER_2(setc_check, void, env, i64)
DEF_HELPER_FLAGS_2(setc_set, TCG_CALL_NO_RWG, void, env, i64)
DEF_HELPER_2(check_jump_target, void, env, i64)
