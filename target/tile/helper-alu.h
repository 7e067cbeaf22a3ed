/*
 * PTO Tile TCG helpers: ALU forms: integer arithmetic, bit fields, min/max, CMP/CSEL (PTO-SCALAR-ALU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

/* C.SETC.TGT placement: an active STD/FP block, else Fault_BundleControl */
DEF_HELPER_2(c_setc_tgt_check, void, env, i64)
