/*
 * PTO Tile CPU: the engines' entry points, which tile/commit.c dispatches to
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Each engine defines its entries here and nothing else outside its own
 * folder; tile/commit.c lists them in its dispatch tables.  An entry
 * makes every check of its operation, then all its effects (tile/op.h).
 */

#ifndef TARGET_TILE_TILE_ENGINES_H
#define TARGET_TILE_TILE_ENGINES_H

#include "tile/op.h"

/* TLOAD, TSTORE, TMOV, TPREFETCH, GMOV, MGATHER, MSCATTER (tile/tlsu/). */
void tile_tlsu_commit(TileOp *op);

/* TMATMUL and TGEMV with their BIAS, ACC and MX forms (tile/cube/). */
void tile_cube_commit(TileOp *op);

/* The BSTART.TEPL operations of each engine file (tile/vec/, tile/sfu/). */
extern const TeplOpTable tile_vec_ops;                  /* vec.c */
extern const TeplOpTable tile_sfu_elementwise_ops;      /* sfu_elementwise.c */
extern const TeplOpTable tile_sfu_reduce_ops;           /* sfu_reduce.c */
extern const TeplOpTable tile_sfu_layout_ops;           /* sfu_layout.c */
extern const TeplOpTable tile_sfu_irregular_ops;        /* sfu_irregular.c */

#endif /* TARGET_TILE_TILE_ENGINES_H */
