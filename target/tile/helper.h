/*
 * PTO Tile TCG helper declarations
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

/*
 * Faults.  raise: exception number and argument, at the instruction the
 * helper is called from; raise_illegal_instruction: Fault_IllegalInstruction
 * at env->pc (insn bits, length in bytes).
 */
DEF_HELPER_3(raise, noreturn, env, i32, i64)
DEF_HELPER_3(raise_illegal_instruction, noreturn, env, i64, i32)

/* AGU (PTO-SCALAR-AGU): both halves of a load/store pair, before either access */
DEF_HELPER_FLAGS_3(agu_probe_pair, TCG_CALL_NO_WG, void, env, i64, i32)

/*
 * AMO forms: atomics, CAS, LR/SC (PTO-SCALAR-AMO).
 * The read-modify-write, SWAP and CAS forms are inline host atomics; only
 * the reservation monitor and the 64-byte DMA copy need helpers.
 */

/* LR: address, MemOpIdx; returns the loaded value, normalised */
DEF_HELPER_FLAGS_3(amo_lr, TCG_CALL_NO_WG, i64, env, i64, i32)
/* SC: address, value, MemOpIdx, parallel; returns 0 stored, 1 not */
DEF_HELPER_FLAGS_5(amo_sc, TCG_CALL_NO_WG, i64, env, i64, i64, i32, i32)
/* DMA: source, destination, mmu index */
DEF_HELPER_FLAGS_4(amo_dma, TCG_CALL_NO_WG, void, env, i64, i64, i32)

/*
 * FSU forms: scalar floating point (PTO-SCALAR-FSU).
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

/*
 * Call flags: TCG_CALL_NO_WG for every helper that writes no TCG global
 * (the PE0 GPRs and the PC are the only ones); it may still read them and
 * raise an exception.  Helpers that write a GPR (BSTART's R10, the frame
 * templates) or the PC through env have none.
 */

/* SYS forms: system registers, fences, maintenance, traps (PTO-SCALAR-SYS) */
DEF_HELPER_FLAGS_3(ssr_get, TCG_CALL_NO_WG, i64, env, i64, i64)
DEF_HELPER_FLAGS_4(ssr_set, TCG_CALL_NO_WG, void, env, i64, i64, i64)
DEF_HELPER_FLAGS_4(ssr_swap, TCG_CALL_NO_WG, i64, env, i64, i64, i64)
DEF_HELPER_FLAGS_4(ssr_check_write, TCG_CALL_NO_WG, void, env, i64, i32, i64)
DEF_HELPER_FLAGS_3(lsr_get, TCG_CALL_NO_WG, i64, env, i64, i64)
DEF_HELPER_3(ebreak, noreturn, env, i64, i32)
DEF_HELPER_FLAGS_3(assert, TCG_CALL_NO_WG, void, env, i64, i64)
DEF_HELPER_4(acrc, noreturn, env, i64, i32, i32)
DEF_HELPER_3(acre, i64, env, i64, i32)
DEF_HELPER_FLAGS_2(tlb_maint, TCG_CALL_NO_WG, void, env, i64)
DEF_HELPER_2(sys_placement, noreturn, env, i64)
DEF_HELPER_FLAGS_4(tlb_operand, TCG_CALL_NO_WG, void, env, i64, i32, i64)
DEF_HELPER_FLAGS_4(set_block_target, TCG_CALL_NO_WG, void, env, i64, i64, i32)
DEF_HELPER_1(bwi, void, env)

/* The block engine: BSTART/BSTOP, header commands, templates (PTO-BLOCK-*) */
DEF_HELPER_6(bstart, i64, env, i64, i32, i32, i64, i64)
DEF_HELPER_3(bstop, i64, env, i64, i32)
DEF_HELPER_3(bstart_tile, i64, env, i64, i32)
DEF_HELPER_FLAGS_2(setc_check, TCG_CALL_NO_WG, void, env, i64)
DEF_HELPER_FLAGS_2(setc_set, TCG_CALL_NO_RWG, void, env, i64)

DEF_HELPER_FLAGS_3(b_catr, TCG_CALL_NO_WG, void, env, i64, i32)
DEF_HELPER_FLAGS_3(b_datr, TCG_CALL_NO_WG, void, env, i64, i32)
DEF_HELPER_FLAGS_3(b_fpatr, TCG_CALL_NO_WG, void, env, i64, i32)
DEF_HELPER_FLAGS_4(b_dim, TCG_CALL_NO_WG, void, env, i64, i32, i64)
DEF_HELPER_FLAGS_3(b_ior, TCG_CALL_NO_WG, void, env, i64, i32)
DEF_HELPER_FLAGS_4(b_iot, TCG_CALL_NO_WG, void, env, i64, i32, i32)
DEF_HELPER_FLAGS_3(b_ios, TCG_CALL_NO_WG, void, env, i64, i32)
DEF_HELPER_FLAGS_3(b_hint, TCG_CALL_NO_WG, void, env, i64, i32)
DEF_HELPER_3(b_hint_trace, i64, env, i64, i32)

DEF_HELPER_FLAGS_5(mcopy, TCG_CALL_NO_WG, void, env, i64, i64, i64, i64)
DEF_HELPER_FLAGS_5(mset, TCG_CALL_NO_WG, void, env, i64, i64, i64, i64)
DEF_HELPER_6(frame, i64, env, i64, i32, i32, i32, i64)

DEF_HELPER_FLAGS_4(gqm_qmt, TCG_CALL_NO_WG, i64, env, i64, i64, i32)
DEF_HELPER_FLAGS_4(gqm_push, TCG_CALL_NO_WG, i64, env, i64, i64, i32)
DEF_HELPER_FLAGS_3(gqm_pop, TCG_CALL_NO_WG, i64, env, i64, i32)
