/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Fixed-point numbers of adjustable precision (see mp_fixed.h).
 */
#include <string.h>

#include "numeric/mp_fixed.h"

MpCtx mp_ctx(int frac)
{
    MpCtx c = { frac / 32 + 2, frac };

    return c;
}

void mp_zero(const MpCtx *c, Mp *r)
{
    memset(r->w, 0, sizeof(r->w[0]) * c->limbs);
}

bool mp_is_zero(const MpCtx *c, const Mp *a)
{
    for (int i = 0; i < c->limbs; i++) {
        if (a->w[i]) {
            return false;
        }
    }
    return true;
}

int mp_cmp(const MpCtx *c, const Mp *a, const Mp *b)
{
    for (int i = c->limbs - 1; i >= 0; i--) {
        if (a->w[i] != b->w[i]) {
            return a->w[i] < b->w[i] ? -1 : 1;
        }
    }
    return 0;
}

/* The number of words up to the highest nonzero one. */
static int used(const MpCtx *c, const Mp *a)
{
    int n = c->limbs;

    while (n > 0 && !a->w[n - 1]) {
        n--;
    }
    return n;
}

void mp_set_raw(const MpCtx *c, Mp *r, uint64_t sig, int shift)
{
    int wi = shift / 32, bi = shift % 32;
    uint32_t part[3] = { (uint32_t)sig, (uint32_t)(sig >> 32), 0 };

    if (bi) {
        part[0] = (uint32_t)(sig << bi);
        part[1] = (uint32_t)(sig >> (32 - bi));
        part[2] = (uint32_t)(sig >> (64 - bi));
    }
    mp_zero(c, r);
    for (int i = 0; i < 3; i++) {
        if (wi + i < c->limbs) {
            r->w[wi + i] = part[i];
        }
    }
}

void mp_set(const MpCtx *c, Mp *r, uint64_t sig, int exp, MpDir d)
{
    int shift = exp + c->frac;
    bool lost;

    if (shift >= 0) {
        mp_set_raw(c, r, sig, shift);
        return;
    }
    if (-shift >= 64) {
        lost = sig != 0;
        sig = 0;
    } else {
        lost = (sig & ((UINT64_C(1) << -shift) - 1)) != 0;
        sig >>= -shift;
    }
    mp_set_raw(c, r, sig, 0);
    if (lost && d == MP_UP) {
        mp_add_ulps(c, r, r, 1);
    }
}

void mp_set_int(const MpCtx *c, Mp *r, uint64_t n)
{
    mp_set_raw(c, r, n, c->frac);
}

void mp_add(const MpCtx *c, Mp *r, const Mp *a, const Mp *b)
{
    uint64_t carry = 0;

    for (int i = 0; i < c->limbs; i++) {
        uint64_t s = (uint64_t)a->w[i] + b->w[i] + carry;

        r->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
}

void mp_sub(const MpCtx *c, Mp *r, const Mp *a, const Mp *b)
{
    uint64_t borrow = 0;

    for (int i = 0; i < c->limbs; i++) {
        uint64_t d = (uint64_t)a->w[i] - b->w[i] - borrow;

        r->w[i] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
}

void mp_add_ulps(const MpCtx *c, Mp *r, const Mp *a, uint32_t n)
{
    uint64_t carry = n;

    for (int i = 0; i < c->limbs; i++) {
        uint64_t s = (uint64_t)a->w[i] + carry;

        r->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
}

void mp_mul(const MpCtx *c, Mp *r, const Mp *a, const Mp *b, MpDir d)
{
    uint32_t p[2 * MP_LIMBS_MAX] = { 0 };
    int na = used(c, a), nb = used(c, b), fw = c->frac / 32;
    bool lost = false;

    for (int i = 0; i < na; i++) {
        uint64_t carry = 0;

        for (int j = 0; j < nb; j++) {
            uint64_t t = (uint64_t)a->w[i] * b->w[j] + p[i + j] + carry;

            p[i + j] = (uint32_t)t;
            carry = t >> 32;
        }
        p[i + nb] = (uint32_t)carry;
    }
    for (int i = 0; i < fw; i++) {
        lost |= p[i] != 0;
    }
    for (int i = 0; i < c->limbs; i++) {
        r->w[i] = p[i + fw];
    }
    if (lost && d == MP_UP) {
        mp_add_ulps(c, r, r, 1);
    }
}

void mp_mul_u32(const MpCtx *c, Mp *r, const Mp *a, uint32_t m)
{
    uint64_t carry = 0;

    for (int i = 0; i < c->limbs; i++) {
        uint64_t t = (uint64_t)a->w[i] * m + carry;

        r->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
}

void mp_div_u32(const MpCtx *c, Mp *r, const Mp *a, uint32_t m, MpDir d)
{
    uint64_t rem = 0;

    for (int i = c->limbs - 1; i >= 0; i--) {
        uint64_t cur = rem << 32 | a->w[i];

        r->w[i] = (uint32_t)(cur / m);
        rem = cur % m;
    }
    if (rem && d == MP_UP) {
        mp_add_ulps(c, r, r, 1);
    }
}

void mp_shr(const MpCtx *c, Mp *r, const Mp *a, int s, MpDir d)
{
    int ws = s / 32, bs = s % 32;
    bool lost = false;
    Mp t;

    for (int i = 0; i < c->limbs; i++) {
        if (i < ws) {
            lost |= a->w[i] != 0;
        } else if (i == ws && bs) {
            lost |= (a->w[i] & ((UINT32_C(1) << bs) - 1)) != 0;
        }
    }
    for (int i = 0; i < c->limbs; i++) {
        uint64_t lo = i + ws < c->limbs ? a->w[i + ws] : 0;
        uint64_t hi = i + ws + 1 < c->limbs ? a->w[i + ws + 1] : 0;

        t.w[i] = (uint32_t)((hi << 32 | lo) >> bs);
    }
    memcpy(r->w, t.w, sizeof(t.w[0]) * c->limbs);
    if (lost && d == MP_UP) {
        mp_add_ulps(c, r, r, 1);
    }
}

/* One 32-bit quotient word at a time; the remainder stays below b. */
void mp_div_u64(const MpCtx *c, Mp *r, const Mp *a, uint64_t b, MpDir d)
{
    int fw = c->frac / 32;
    unsigned __int128 rem = 0;

    mp_zero(c, r);
    for (int i = c->limbs + fw - 1; i >= 0; i--) {
        unsigned __int128 cur = rem << 32 | (i >= fw ? a->w[i - fw] : 0);
        uint64_t q = (uint64_t)(cur / b);       /* below 2^32: rem < b */

        rem = cur % b;
        if (i < c->limbs) {
            r->w[i] = (uint32_t)q;
        }
    }
    if (rem && d == MP_UP) {
        mp_add_ulps(c, r, r, 1);
    }
}

/* Bit i of a (0 past the end). */
static unsigned bit_of(const uint32_t *w, int n, int i)
{
    return i / 32 < n ? (w[i / 32] >> (i % 32)) & 1 : 0;
}

/* The highest set bit of a, -1 for zero. */
static int msb_of(const MpCtx *c, const Mp *a)
{
    int n = used(c, a);

    return n ? (n - 1) * 32 + 31 - __builtin_clz(a->w[n - 1]) : -1;
}

bool mp_to_exact(const MpCtx *c, const Mp *a, int scale, MpDir d,
                 TileNumExact *x)
{
    int top = msb_of(c, a), q;
    uint64_t sig = 0;
    bool lost = false;

    if (top < 0) {
        return false;
    }
    q = top - 63;
    if (q <= 0) {
        for (int i = top; i >= 0; i--) {
            sig = sig << 1 | bit_of(a->w, c->limbs, i);
        }
        sig <<= -q;
    } else {
        for (int i = top; i >= q; i--) {
            sig = sig << 1 | bit_of(a->w, c->limbs, i);
        }
        for (int i = 0; i < q / 32; i++) {
            lost |= a->w[i] != 0;
        }
        lost |= (q % 32) && (a->w[q / 32] & ((UINT32_C(1) << (q % 32)) - 1));
    }
    x->neg = false;
    x->exp = scale - c->frac + q;
    x->sticky = false;
    if (d == MP_DOWN) {
        x->sticky = lost;
    } else if (lost) {
        if (++sig == 0) {
            sig = UINT64_C(1) << 63;
            x->exp++;
        }
    }
    x->sig = sig;
    return true;
}
