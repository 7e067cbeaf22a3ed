/*
 * PTO Tile TCG helpers: AMO forms: atomics, CAS, LR/SC (PTO-SCALAR-AMO)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The read-modify-write, SWAP and CAS forms are inline host atomics; only
 * the reservation monitor and the 64-byte DMA copy need helpers.
 */

/* LR: address, MemOpIdx; returns the loaded value, normalised */
DEF_HELPER_3(amo_lr, i64, env, i64, i32)
/* SC: address, value, MemOpIdx, parallel; returns 0 stored, 1 not */
DEF_HELPER_5(amo_sc, i64, env, i64, i64, i32, i32)
/* DMA: source, destination, mmu index */
DEF_HELPER_4(amo_dma, void, env, i64, i64, i32)
