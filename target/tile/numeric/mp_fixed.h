/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fixed-point numbers of adjustable precision for the elementary
 * functions (elem_func.c): nonnegative values N * 2^-frac, N an unsigned
 * integer of `limbs` 32-bit words (little-endian), with 64 integer bits
 * above the `frac` fraction bits.  Every operation that can lose bits
 * takes a direction, so a computation can carry a lower and an upper
 * bound of its exact value side by side (interval arithmetic).
 *
 * Plain C on 32-bit words with 64-bit products: the same bits on every
 * host.  No allocation: a value is a fixed array of MP_LIMBS_MAX words, of
 * which the first `limbs` are used.
 */
#ifndef TARGET_TILE_MP_FIXED_H
#define TARGET_TILE_MP_FIXED_H

#include <stdbool.h>
#include <stdint.h>

#include "numeric/tile_numeric.h"

/* 768 fraction bits at most, and two words of integer part. */
#define MP_LIMBS_MAX 26

typedef struct Mp {
    uint32_t w[MP_LIMBS_MAX];
} Mp;

/* The precision of a computation: limbs = frac / 32 + 2. */
typedef struct MpCtx {
    int limbs;
    int frac;
} MpCtx;

typedef enum MpDir {
    MP_DOWN,                    /* round a lost part toward zero (floor) */
    MP_UP,                      /* toward +infinity (ceiling) */
} MpDir;

/* frac must be a positive multiple of 32, at most 32 * (MP_LIMBS_MAX - 2). */
MpCtx mp_ctx(int frac);

void mp_zero(const MpCtx *c, Mp *r);
bool mp_is_zero(const MpCtx *c, const Mp *a);
int mp_cmp(const MpCtx *c, const Mp *a, const Mp *b);

/* r = sig * 2^exp, floor or ceiling to the fraction bits; the integer part
 * must fit. */
void mp_set(const MpCtx *c, Mp *r, uint64_t sig, int exp, MpDir d);
/* r = the integer n. */
void mp_set_int(const MpCtx *c, Mp *r, uint64_t n);
/* The raw word array (not a fixed-point value): r = sig << shift. */
void mp_set_raw(const MpCtx *c, Mp *r, uint64_t sig, int shift);

/* r = a + b (must not overflow); r = a - b (a >= b). r may alias. */
void mp_add(const MpCtx *c, Mp *r, const Mp *a, const Mp *b);
void mp_sub(const MpCtx *c, Mp *r, const Mp *a, const Mp *b);
/* r = a + n units of the last place. */
void mp_add_ulps(const MpCtx *c, Mp *r, const Mp *a, uint32_t n);

/* r = a * b, a * m, a / m, a * 2^-s rounded in direction d. */
void mp_mul(const MpCtx *c, Mp *r, const Mp *a, const Mp *b, MpDir d);
void mp_mul_u32(const MpCtx *c, Mp *r, const Mp *a, uint32_t m);
void mp_div_u32(const MpCtx *c, Mp *r, const Mp *a, uint32_t m, MpDir d);
void mp_shr(const MpCtx *c, Mp *r, const Mp *a, int s, MpDir d);
/* The raw integer of a times 2^frac, divided by the integer b (nonzero):
 * the quotient of two integers as a fixed-point value, in direction d. */
void mp_div_u64(const MpCtx *c, Mp *r, const Mp *a, uint64_t b, MpDir d);

/*
 * The nonzero value a * 2^scale as an exact value of 64 significant bits:
 * with MP_DOWN the largest such value <= it (sticky says the rest was
 * nonzero), with MP_UP the smallest >= it.  Returns false for zero.
 */
bool mp_to_exact(const MpCtx *c, const Mp *a, int scale, MpDir d,
                 TileNumExact *x);

#endif /* TARGET_TILE_MP_FIXED_H */
