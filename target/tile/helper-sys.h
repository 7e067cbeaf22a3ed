/*
 * PTO Tile TCG helpers: SYS forms: system registers, fences, maintenance, traps (PTO-SCALAR-SYS)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

DEF_HELPER_3(ssr_get, i64, env, i64, i64)
DEF_HELPER_4(ssr_set, void, env, i64, i64, i64)
DEF_HELPER_4(ssr_swap, i64, env, i64, i64, i64)
DEF_HELPER_4(ssr_check_write, void, env, i64, i32, i64)
DEF_HELPER_3(lsr_get, i64, env, i64, i64)
DEF_HELPER_3(ebreak, noreturn, env, i64, i32)
DEF_HELPER_3(assert, void, env, i64, i64)
DEF_HELPER_4(acrc, noreturn, env, i64, i32, i32)
DEF_HELPER_3(acre, i64, env, i64, i32)
DEF_HELPER_2(tlb_maint, void, env, i64)
DEF_HELPER_2(sys_placement, noreturn, env, i64)
DEF_HELPER_4(tlb_operand, void, env, i64, i32, i64)
DEF_HELPER_4(set_block_target, void, env, i64, i64, i32)
DEF_HELPER_1(bwi, void, env)
