/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The ranks of a stable sort by keys (elem_order.c, tile_sort_group()),
 * written once with GCC vector extensions.  A template, deliberately
 * without include guard: elem_order.c includes it once per host
 * instruction set, after defining
 *
 *   SR_LANES  int32 lanes of one host vector
 *   SR_ID(x)  the names of this instance
 *
 * and undefines them at its end.
 *
 * rank[i] is the number of keys smaller than key[i], and of keys equal to
 * it that come before it: its place in the stable order.  The keys are
 * signed, n <= TILE_SORT_MAX, and key[] holds a whole number of vectors
 * (its lanes past n any value: their ranks are not kept).
 */

typedef int32_t SR_ID(lanes) __attribute__((vector_size(SR_LANES * 4)));

static void SR_ID(sort_ranks)(const int32_t *key, unsigned n, unsigned *rank)
{
    SR_ID(lanes) lane;

    for (unsigned l = 0; l < SR_LANES; l++) {
        lane[l] = l;
    }
    /* the ranks of the keys base .. base + SR_LANES - 1 at once */
    for (unsigned base = 0; base < n; base += SR_LANES) {
        unsigned end = base + SR_LANES < n ? base + SR_LANES : n;
        SR_ID(lanes) mine, at = lane + (int32_t)base, greater = { 0 }, less = { 0 }, r;

        memcpy(&mine, key + base, sizeof(mine));
        /* (a true comparison is -1 in its lane) */
        for (unsigned j = 0; j < base; j++) {
            greater += mine < key[j];   /* the keys before: all but the greater */
        }
        for (unsigned j = base; j < end; j++) {
            less += (mine > key[j]) | ((mine == key[j]) & (at > (int32_t)j));
        }
        for (unsigned j = end; j < n; j++) {
            less += mine > key[j];      /* the keys after: the smaller */
        }
        r = (int32_t)base + greater - less;
        for (unsigned l = 0; l < end - base; l++) {
            rank[base + l] = r[l];
        }
    }
}

#undef SR_LANES
#undef SR_ID
