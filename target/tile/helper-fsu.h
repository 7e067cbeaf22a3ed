/*
 * PTO Tile TCG helpers: FSU forms: scalar floating point (PTO-SCALAR-FSU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
