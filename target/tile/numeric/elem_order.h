/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The order of Tile elements and the operations built on it, one element
 * at a time on raw encodings (plain C): the sort order of TSORT / TMRGSORT
 * (PTO-TILE-MODEL-ORDERING-SORTING), a stable sort of one group, and the
 * sequential fold of the SFU reductions (PTO-TILE-MODEL-EXECUTION-REDUCTION).
 * The engines and tests/unit/test-numeric.c run this same code.
 */
#ifndef TARGET_TILE_ELEM_ORDER_H
#define TARGET_TILE_ELEM_ORDER_H

#include "numeric/tile_numeric.h"

/*
 * TileSortLeftBefore: whether l may stay before r in a sort in the given
 * direction.  Numbers come before NaNs in both directions; NaNs, +0 and
 * -0, and equal values are "before" each other, which keeps the sort and
 * the merge stable.
 */
bool tile_sort_before(unsigned dtype, uint64_t l, uint64_t r, bool descending);

/* Whether x, of a sort type (FP32, FP16), is a NaN: a magnitude above
 * the infinity's. */
static inline bool tile_sort_is_nan(unsigned dtype, uint64_t x)
{
    return dtype == TILE_DT_FP32 ? (x & 0x7fffffffu) > 0x7f800000u : (x & 0x7fffu) > 0x7c00u;
}

typedef struct TileSortItem {
    uint64_t x;
    uint32_t index;             /* the original index */
} TileSortItem;

/* Stable sort of n items by tile_sort_before(): the order the model's
 * bubble passes give.  tile_sort_group_ref() is the reference, an
 * insertion sort on tile_sort_before() itself; tile_sort_group() gives
 * its result from one key an item (FP32 and FP16, groups of at most
 * TILE_SORT_MAX: TSORT's; other calls go to the reference). */
#define TILE_SORT_MAX 64
void tile_sort_group_ref(unsigned dtype, TileSortItem *items, unsigned n, bool descending);
void tile_sort_group(unsigned dtype, TileSortItem *items, unsigned n, bool descending);
/* The same order as ranks: rank[i] is x[i]'s place in the stable sorted
 * order of the n encodings x[] (FP32 or FP16, n <= TILE_SORT_MAX). */
void tile_sort_ranks(unsigned dtype, const uint32_t *x, unsigned n, bool descending,
                     unsigned *rank);
/* The host's instances of the rank count behind tile_sort_ranks() (the
 * tests run each): how many this host runs, and the choice of one, 0
 * (the widest) by default. */
unsigned tile_sort_paths(void);
void tile_sort_path_select(unsigned i);

typedef enum TileReduceOp {
    TILE_RED_SUM, TILE_RED_MAX, TILE_RED_MIN, TILE_RED_PROD,
    TILE_RED_ARGMAX, TILE_RED_ARGMIN,
} TileReduceOp;

/*
 * A sequential left fold in the element type, rounding after every step:
 * SUM from the raw zero, PROD from one, MIN / MAX / ARG* from the first
 * element; an ARG* index moves to i when the step's result equals element
 * i and differs from the accumulator, so ties keep the lowest index.
 */
typedef struct TileReduce {
    unsigned dtype;
    TileReduceOp op;
    bool pto_v0;
    uint64_t acc;
    uint32_t index;
    uint32_t count;             /* elements folded so far */
} TileReduce;

void tile_reduce_begin(TileReduce *r, unsigned dtype, TileReduceOp op, bool pto_v0);
void tile_reduce_step(TileReduce *r, uint64_t x, unsigned *flags);
/* The accumulator, or for ARG* the index. */
uint64_t tile_reduce_result(const TileReduce *r);

#endif /* TARGET_TILE_ELEM_ORDER_H */
