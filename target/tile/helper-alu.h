/*
 * PTO Tile TCG helpers: ALU forms: integer arithmetic, bit fields, min/max, CMP/CSEL (PTO-SCALAR-ALU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

