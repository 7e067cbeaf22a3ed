/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The order of Tile elements, the sorts and the reduction fold (see
 * elem_order.h).
 */
#include "numeric/elem_order.h"
#include "numeric/elem_util.h"
#include "numeric/vec_elem.h"

#include <assert.h>
#include <string.h>

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

void tile_sort_group_ref(unsigned dtype, TileSortItem *items, unsigned n, bool descending)
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

/*
 * By rank (sort_rank.h): item i goes to the place of the items whose keys
 * are smaller, and of those with its own key that come before it.  The
 * portable instance counts four keys at a time (SSE2, NEON); on x86-64
 * AVX2 counts eight and AVX-512 sixteen, when the host has them (not in
 * the baseline build the tests also run, VEC_ARRAY_BASELINE).
 */
#define SR_LANES 4
#define SR_ID(x) portable_##x
#include "numeric/sort_rank.h"

typedef struct SortPath {
    void (*keys)(unsigned width, const uint32_t *x, unsigned n, bool descending, int32_t *key);
    void (*ranks)(const int32_t *key, unsigned n, unsigned *rank);
} SortPath;

static const SortPath portable_sort = { portable_sort_keys, portable_sort_ranks };

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(VEC_ARRAY_BASELINE)
#pragma GCC push_options
#pragma GCC target("avx2")
#define SR_LANES 8
#define SR_ID(x) avx2_##x
#include "numeric/sort_rank.h"
#pragma GCC pop_options

#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx512bw")
#define SR_LANES 16
#define SR_ID(x) avx512_##x
#include "numeric/sort_rank.h"
#pragma GCC pop_options

static const SortPath avx2_sort = { avx2_sort_keys, avx2_sort_ranks };
static const SortPath avx512_sort = { avx512_sort_keys, avx512_sort_ranks };

/* the instances this host runs, the widest first */
static unsigned sort_paths_of(const SortPath **list)
{
    unsigned n = 0;

    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512bw")) {
        list[n++] = &avx512_sort;
    }
    if (__builtin_cpu_supports("avx2")) {
        list[n++] = &avx2_sort;
    }
    list[n++] = &portable_sort;
    return n;
}
#else
static unsigned sort_paths_of(const SortPath **list)
{
    list[0] = &portable_sort;
    return 1;
}
#endif

static const SortPath *sort_chosen;

static const SortPath *sort_path(void)
{
    const SortPath *p = __atomic_load_n(&sort_chosen, __ATOMIC_ACQUIRE);

    if (!p) {
        tile_sort_path_select(0);       /* (the same answer in every thread) */
        p = __atomic_load_n(&sort_chosen, __ATOMIC_ACQUIRE);
    }
    return p;
}

unsigned tile_sort_paths(void)
{
    const SortPath *list[3];

    return sort_paths_of(list);
}

void tile_sort_path_select(unsigned i)
{
    const SortPath *list[3];
    unsigned n = sort_paths_of(list);

    assert(i < n);
    __atomic_store_n(&sort_chosen, list[i], __ATOMIC_RELEASE);
}

void tile_sort_ranks(unsigned dtype, const uint32_t *x, unsigned n, bool descending,
                     unsigned *rank)
{
    const SortPath *p = sort_path();
    int32_t key[TILE_SORT_MAX] TILE_SCRATCH;

    assert((dtype == TILE_DT_FP32 || dtype == TILE_DT_FP16) && n <= TILE_SORT_MAX);
    if (dtype == TILE_DT_FP32) {        /* (the width a constant in each call) */
        p->keys(32, x, n, descending, key);
    } else {
        p->keys(16, x, n, descending, key);
    }
    p->ranks(key, n, rank);
}

void tile_sort_group(unsigned dtype, TileSortItem *items, unsigned n, bool descending)
{
    uint32_t x[TILE_SORT_MAX] = { 0 };
    unsigned rank[TILE_SORT_MAX];
    TileSortItem in[TILE_SORT_MAX];

    if ((dtype != TILE_DT_FP32 && dtype != TILE_DT_FP16) || n > TILE_SORT_MAX) {
        tile_sort_group_ref(dtype, items, n, descending);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        x[i] = items[i].x;
        in[i] = items[i];
    }
    tile_sort_ranks(dtype, x, n, descending, rank);
    for (unsigned i = 0; i < n; i++) {
        items[rank[i]] = in[i];
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
