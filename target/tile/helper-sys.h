/*
 * PTO Tile TCG helpers: SYS forms: system registers, fences, maintenance, traps (PTO-SCALAR-SYS)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
