/*
 * PTO Tile TCG helpers: FSU forms: scalar floating point (PTO-SCALAR-FSU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Every helper takes the operation, the SrcType selector (0 FP64, 1 FP32)
 * and the already-snapshotted sources, ORs the produced flags into the
 * sticky status and returns the normalized destination value.
 */

/* op: FSU_ADD..FSU_MAX; type; left; right */
DEF_HELPER_FLAGS_5(fsu_binary, TCG_CALL_NO_RWG, i64, env, i32, i32, i64, i64)
/* op: FSU_SQRT, FSU_EXP, FSU_RECIP; type; value */
DEF_HELPER_FLAGS_4(fsu_unary, TCG_CALL_NO_RWG, i64, env, i32, i32, i64)
/* op: FSU_MADD..FSU_NMSUB; type; addend; left; right */
DEF_HELPER_FLAGS_6(fsu_fused, TCG_CALL_NO_RWG, i64, env, i32, i32, i64, i64, i64)
/* op: FSU_EQ..FSU_GE | FSU_SIGNALING; type; left; right -> 0 or 1 */
DEF_HELPER_FLAGS_5(fsu_compare, TCG_CALL_NO_RWG, i64, env, i32, i32, i64, i64)
/* op: FSU_FCVT..FSU_UCVTF; SrcType | DstType << 8; value */
DEF_HELPER_FLAGS_4(fsu_convert, TCG_CALL_NO_RWG, i64, env, i32, i32, i64)
