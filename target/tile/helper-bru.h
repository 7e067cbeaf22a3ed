/*
 * PTO Tile TCG helpers: BRU forms: jumps, SETC, ADDTPC, SETRET (PTO-SCALAR-BRU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
