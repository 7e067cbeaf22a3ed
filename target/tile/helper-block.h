/*
 * PTO Tile TCG helpers: block engine: BSTART/BSTOP, header commands,
 * templates (PTO-BLOCK-*)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

DEF_HELPER_6(bstart, i64, env, i64, i32, i32, i64, i64)
DEF_HELPER_3(bstop, i64, env, i64, i32)
DEF_HELPER_3(bstart_tile, i64, env, i64, i32)
DEF_HELPER_2(setc_check, void, env, i64)
DEF_HELPER_FLAGS_2(setc_set, TCG_CALL_NO_RWG, void, env, i64)
DEF_HELPER_FLAGS_2(set_ret_addr, TCG_CALL_NO_RWG, void, env, i64)

DEF_HELPER_3(b_catr, void, env, i64, i32)
DEF_HELPER_3(b_datr, void, env, i64, i32)
DEF_HELPER_3(b_fpatr, void, env, i64, i32)
DEF_HELPER_4(b_dim, void, env, i64, i32, i64)
DEF_HELPER_3(b_ior, void, env, i64, i32)
DEF_HELPER_4(b_iot, void, env, i64, i32, i32)
DEF_HELPER_3(b_ios, void, env, i64, i32)
DEF_HELPER_3(b_hint, void, env, i64, i32)
DEF_HELPER_3(b_hint_trace, i64, env, i64, i32)

DEF_HELPER_5(mcopy, void, env, i64, i64, i64, i64)
DEF_HELPER_5(mset, void, env, i64, i64, i64, i64)
DEF_HELPER_6(frame, i64, env, i64, i32, i32, i32, i64)

DEF_HELPER_4(gqm_qmt, i64, env, i64, i64, i32)
DEF_HELPER_4(gqm_push, i64, env, i64, i64, i32)
DEF_HELPER_3(gqm_pop, i64, env, i64, i32)
