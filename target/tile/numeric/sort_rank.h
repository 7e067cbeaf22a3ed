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
 * sort_keys(): tile_sort_before()'s order as one integer key of each of
 * the n FP32 or FP16 encodings x[] (WIDTH bits): l is before r exactly
 * when key(l) <= key(r).  Numbers map in their order (the sign-magnitude
 * encoding made offset binary), -0 first made +0; descending flips a
 * number's key within the width; every NaN takes the largest key, above
 * any number's in both directions.  The keys are stored offset by 2^31,
 * as signed lanes, in whole vectors (the lanes past n zero).
 *
 * sort_ranks(): rank[i] is the number of keys smaller than key[i], and of
 * keys equal to it that come before it: its place in the stable order
 * (n <= TILE_SORT_MAX; the lanes past n are not read).
 */

typedef int32_t SR_ID(lanes) __attribute__((vector_size(SR_LANES * 4)));
typedef uint32_t SR_ID(ulanes) __attribute__((vector_size(SR_LANES * 4)));

static void SR_ID(sort_keys)(unsigned width, const uint32_t *x, unsigned n, bool descending,
                             int32_t *key)
{
    const uint32_t sign = 1u << (width - 1), ones = sign | (sign - 1);
    const uint32_t inf = width == 32 ? 0x7f800000u : 0x7c00u;
    const uint32_t flip = descending ? ones : 0;

    for (unsigned base = 0; base < n; base += SR_LANES) {
        unsigned cnt = n - base < SR_LANES ? n - base : SR_LANES;
        SR_ID(ulanes) u = { 0 }, mag, negative, k;
        SR_ID(lanes) nan;

        if (cnt == SR_LANES) {
            memcpy(&u, x + base, sizeof(u));    /* (a constant size: one load) */
        } else {
            memcpy(&u, x + base, cnt * 4);
        }
        mag = u & (sign - 1);
        nan = mag > inf;
        u &= (SR_ID(ulanes))(mag != 0);                 /* -0 -> +0 */
        negative = (SR_ID(ulanes))((u & sign) != 0);    /* all ones or zero */
        /* (a negative number: x ^ ones = ~x within the width; else x | sign) */
        k = (u ^ (sign | (ones & negative)) ^ flip) | (SR_ID(ulanes))nan;
        k ^= 0x80000000u;
        memcpy(key + base, &k, sizeof(k));
    }
}

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
