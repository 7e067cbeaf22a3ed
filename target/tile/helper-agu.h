/*
 * PTO Tile TCG helpers: AGU forms: scalar loads, stores and prefetch (PTO-SCALAR-AGU)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

/* pair preflight: both halves of a load/store pair, before either access */
DEF_HELPER_FLAGS_3(agu_probe_pair, TCG_CALL_NO_WG, void, env, i64, i32)
