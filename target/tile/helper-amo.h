/*
 * PTO Tile TCG helpers: AMO forms: atomics, CAS, LR/SC (PTO-SCALAR-AMO)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
