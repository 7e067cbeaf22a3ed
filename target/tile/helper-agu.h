/*
 * PTO Tile TCG helpers: AGU forms: scalar loads, stores and prefetch (PTO-SCALAR-AGU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
