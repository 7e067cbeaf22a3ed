/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The order of Tile elements, the sorts and the reduction fold (see
 * elem_order.h).
 */
#include "numeric/elem_order.h"
#include "numeric/elem_util.h"
#include "numeric/vec_elem.h"

bool tile_sort_before(unsigned dtype, uint64_t l, uint64_t r, bool descending)
{
    TileNumClass lc = tile_num_classify(dtype, l), rc = tile_num_classify(dtype, r);

    if (tile_num_class_is_nan(lc)) {
        return tile_num_class_is_nan(rc);
    }
    if (tile_num_class_is_nan(rc)) {
        return true;
    }
    if ((tile_num_class_is_zero(lc) && tile_num_class_is_zero(rc)) || l == r) {
        return true;
    }
    return descending ? tile_num_order_key(dtype, l) > tile_num_order_key(dtype, r)
                      : tile_num_order_key(dtype, l) < tile_num_order_key(dtype, r);
}

void tile_sort_group(unsigned dtype, TileSortItem *items, unsigned n, bool descending)
{
    for (unsigned i = 1; i < n; i++) {
        TileSortItem t = items[i];
        unsigned j = i;

        while (j > 0 && !tile_sort_before(dtype, items[j - 1].x, t.x, descending)) {
            items[j] = items[j - 1];
            j--;
        }
        items[j] = t;
    }
}

static const VecBinOp reduce_step_op[] = {
    [TILE_RED_SUM] = VEC_ADD, [TILE_RED_MAX] = VEC_MAX, [TILE_RED_MIN] = VEC_MIN,
    [TILE_RED_PROD] = VEC_MUL, [TILE_RED_ARGMAX] = VEC_MAX, [TILE_RED_ARGMIN] = VEC_MIN,
};

void tile_reduce_begin(TileReduce *r, unsigned dtype, TileReduceOp op, bool pto_v0)
{
    *r = (TileReduce) { .dtype = dtype, .op = op, .pto_v0 = pto_v0 };
    if (op == TILE_RED_SUM) {
        r->acc = 0;                             /* the raw zero word: +0.0 */
    } else if (op == TILE_RED_PROD) {
        r->acc = tile_num_one(dtype);           /* TileReductionOneEncoding */
    }
}

void tile_reduce_step(TileReduce *r, uint64_t x, unsigned *flags)
{
    uint64_t res;

    if (r->count++ == 0 && r->op != TILE_RED_SUM && r->op != TILE_RED_PROD) {
        r->acc = x;
        return;
    }
    res = vec_binary(r->dtype, reduce_step_op[r->op], r->acc, x, r->pto_v0, flags);
    if (res == x && res != r->acc) {
        r->index = r->count - 1;    /* "selected": a tie returns the accumulator */
    }
    r->acc = res;
}

uint64_t tile_reduce_result(const TileReduce *r)
{
    return r->op == TILE_RED_ARGMAX || r->op == TILE_RED_ARGMIN ? r->index : r->acc;
}
