/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The micro-kernels of the matrix products (gemm_host.h), written once
 * with GCC vector extensions.  A template, deliberately without include
 * guard: gemm_host.c includes it once per host instruction set, each time
 * under that set's "#pragma GCC target", after defining
 *
 *   GM_VW     lanes of one host vector of 4-byte elements
 *   GM_MR     rows of the register tile (<= GEMM_MAX_MR)
 *   GM_NV     vectors per row: the tile is GM_MR x (GM_VW * GM_NV)
 *   GM_MR_HALF  rows of the half kernels' tile (panels of half the width,
 *             GM_NV / 2 vectors per row): as many accumulators again
 *   GM_MR_D   rows of the binary64 kernels' tile (twice as many vectors
 *             per row: the i32d kernels), half kernels GM_MR_HALF / 2
 *   GM_ID(x)  the names of this instance
 *   GM_LEAVE()  what a kernel does before it returns (x86-64: VZEROUPPER,
 *             see gemm_host.c)
 *   GM_MADD16_HOST(acc, a, b)  optional: the host's 16-bit pair
 *             multiply-add (GM_ID(madd16) below); the i16 kernels are
 *             built where it is defined
 *   GM_I16_ONLY  optional: only those (an instance that differs from
 *             another in that instruction alone)
 *   GM_ANY_NAN_HOST(x)  optional: whether a vector of FP32 lanes holds a
 *             NaN, in the host's instructions (else a test of every lane)
 *   GM_MR_WIDE  optional: rows of the wide FP32 kernel's tile, twice
 *             GM_NV vectors a row (f32_wide; for a small B read in place)
 *   GM_MR_A16  optional: rows of the f32_a16 kernel's tile (one vector a
 *             row, A's rows 16 elements apart)
 *
 * and undefines them at its end.
 *
 * The FP32 kernel holds its accumulators in registers and, for each k in
 * increasing order, performs one fused multiply-add per accumulator.  The
 * lane-wise __builtin_fmaf() is exactly the reference's fmaf() (one
 * rounding of the exact a * b + c); the compiler turns the lane loop into
 * one host vector FMA where the target has it, and into fmaf() calls
 * where it has not, which give the same bits.
 */

typedef float GM_ID(vf) __attribute__((vector_size(GM_VW * 4)));
typedef uint32_t GM_ID(vu) __attribute__((vector_size(GM_VW * 4)));
typedef int32_t GM_ID(vi) __attribute__((vector_size(GM_VW * 4)));
/* the same width in binary64 lanes (half as many), and their integers */
typedef double GM_ID(vd) __attribute__((vector_size(GM_VW * 4)));
typedef int64_t GM_ID(vl) __attribute__((vector_size(GM_VW * 4)));
typedef uint32_t GM_ID(vuh) __attribute__((vector_size(GM_VW * 2)));

#ifdef GM_MADD16_HOST
/* acc + a[0] * b[0] + a[1] * b[1] in each 32-bit lane, modulo 2^32, the
 * lanes of a and b read as pairs of int16: the host's instruction (a lane
 * loop compiles to no better than the i32f kernels, so an instance
 * without one has no i16 kernels) */
static inline __attribute__((always_inline))
GM_ID(vu) GM_ID(madd16)(GM_ID(vu) acc, GM_ID(vu) a, GM_ID(vu) b)
{
    return GM_MADD16_HOST(acc, a, b);
}
#endif

/* rows of the larger tile, full or half; vectors of the widest row */
#define GM_MR_ALL (GM_MR > GM_MR_HALF ? GM_MR : GM_MR_HALF)
#ifdef GM_MR_WIDE
#define GM_NV_ALL (2 * GM_NV)
#else
#define GM_NV_ALL GM_NV
#endif

/*
 * After the K loop: the compiler no longer knows c and ldc, so it
 * computes the addresses of C's rows again rather than keep them in
 * registers through the loop (the wide tile's 24 of them left too few
 * general registers for it, whose spills to vector registers took the
 * FMA ports' cycles: 8 %).  And after each row's stores, so that the
 * next row's address is one add, not one of many computed before the
 * first store and spilled (1-2 % of a 128 x 64 x 64 product).
 */
#define GM_FORGET_C(c, ldc) __asm__("" : "+r"(c), "+r"(ldc))

/* a * b + c lane by lane, each with one rounding */
static inline __attribute__((always_inline))
GM_ID(vf) GM_ID(fma)(GM_ID(vf) a, GM_ID(vf) b, GM_ID(vf) c)
{
    GM_ID(vf) r;

#pragma GCC unroll 16
    for (int l = 0; l < GM_VW; l++) {
        r[l] = __builtin_fmaf(a[l], b[l], c[l]);
    }
    return r;
}

/* x with every NaN lane the canonical FP32 NaN, the other lanes as they are */
static inline __attribute__((always_inline))
GM_ID(vf) GM_ID(canonical_nans)(GM_ID(vf) x)
{
    GM_ID(vu) bits, nan = (GM_ID(vu))(x != x);

    memcpy(&bits, &x, sizeof(bits));
    bits = (bits & ~nan) | (nan & 0x7fc00000u);
    memcpy(&x, &bits, sizeof(bits));
    return x;
}

/*
 * Whether any lane of n accumulators (acc[i * stride + v], i < n / nv,
 * v < nv) is a NaN: their sum is then a NaN (and may be one where none
 * is: inf - inf), formed in four chains.  One compare for the tile, so
 * that the canonical NaNs (canonical_nans()) cost the FMA ports nothing
 * when there is none: with a compare and a blend an accumulator, they
 * took 3-5 % of a 128 x 64 x 64 product.
 */
static inline __attribute__((always_inline))
bool GM_ID(any_nan)(const int n, const int nv, const int stride, const GM_ID(vf) *acc)
{
    GM_ID(vf) sum[4];

#pragma GCC unroll 32
    for (int j = 0; j < n; j++) {
        GM_ID(vf) x = acc[(j / nv) * stride + j % nv];

        sum[j % 4] = j < 4 ? x : sum[j % 4] + x;
    }
#pragma GCC unroll 4
    for (int j = 1; j < 4 && j < n; j++) {
        sum[0] += sum[j];
    }
#ifdef GM_ANY_NAN_HOST
    return GM_ANY_NAN_HOST(sum[0]);
#else
    GM_ID(vi) nan = sum[0] != sum[0];
    uint32_t lanes[GM_VW], any = 0;

    memcpy(lanes, &nan, sizeof(lanes));
    for (int l = 0; l < GM_VW; l++) {
        any |= lanes[l];
    }
    return any != 0;
#endif
}

/*
 * step k of the FP32 kernel: every accumulator takes one FMA.  Row i's
 * A element is a[i * lda + k], or with A packed (the f32_packed kernels,
 * gemm_host.h) a[k * lda + i]: the tile's rows of one k side by side, so
 * that every broadcast is at a constant offset from one pointer.
 */
static inline __attribute__((always_inline))
void GM_ID(f32_step)(const int nv, const int mr, const bool a_packed, int k, const uint32_t *a,
                     int lda, const uint32_t *b, int ldb, GM_ID(vf) acc[][GM_NV_ALL])
{
    GM_ID(vf) bv[GM_NV_ALL];

#pragma GCC unroll 8
    for (int v = 0; v < nv; v++) {
        memcpy(&bv[v], b + (size_t)k * ldb + v * GM_VW, sizeof(bv[v]));
    }
#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
        float s;
        GM_ID(vf) x;

        memcpy(&s, a_packed ? a + (size_t)k * lda + i : a + (size_t)i * lda + k, 4);
#pragma GCC unroll 16
        for (int l = 0; l < GM_VW; l++) {
            x[l] = s;                   /* (not 0 + s, which loses -0) */
        }
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            acc[i][v] = GM_ID(fma)(x, bv[v], acc[i][v]);
        }
    }
}

static inline __attribute__((always_inline))
void GM_ID(f32_rows)(const int nv, const int mr, const bool a_packed, int kc, const uint32_t *a,
                     int lda, const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(vf) acc[GM_MR_ALL][GM_NV_ALL];

#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            if (flags & GEMM_FROM_ZERO) {
                acc[i][v] = (GM_ID(vf)){ 0 };           /* +0, as the reference's C */
            } else {
                memcpy(&acc[i][v], c + (size_t)i * ldc + v * GM_VW, sizeof(acc[i][v]));
            }
        }
    }
    /*
     * One vector a row (the half kernels): K in blocks of 16 steps
     * unrolled, so that each row's A elements lie at constant offsets from
     * one pointer a block (A[i][k0 .. k0 + 15]) and each broadcast folds
     * into its FMA without an index register (on x86 an indexed memory
     * operand costs the FMA a second micro-op: the 16 x 16 product ran
     * 20 % slower).  The wider tiles load each broadcast once for several
     * FMAs and keep the plain loop; so does a packed A, whose broadcasts
     * are at constant offsets already.
     */
    int k = 0;

    for (; nv == 1 && !a_packed && k + 16 <= kc; k += 16) {
        const uint32_t *ak = a + k;
        const uint32_t *bk = b + (size_t)k * ldb;

#pragma GCC unroll 16
        for (int kk = 0; kk < 16; kk++) {
            GM_ID(f32_step)(nv, mr, a_packed, kk, ak, lda, bk, ldb, acc);
        }
    }
    for (; k < kc; k++) {
        GM_ID(f32_step)(nv, mr, a_packed, k, a, lda, b, ldb, acc);
    }
    GM_FORGET_C(c, ldc);
    bool nans = (flags & GEMM_LAST) && GM_ID(any_nan)(mr * nv, nv, GM_NV_ALL, acc[0]);
#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            if (nans) {
                acc[i][v] = GM_ID(canonical_nans)(acc[i][v]);
            }
            memcpy(c + v * GM_VW, &acc[i][v], sizeof(acc[i][v]));
        }
        c += ldc;
        GM_FORGET_C(c, ldc);
    }
}

static inline __attribute__((always_inline))
void GM_ID(f32_body)(const int nv, const int mr, int kc, const uint32_t *a, int lda,
                     const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(f32_rows)(nv, mr, false, kc, a, lda, b, ldb, c, ldc, flags);
}

#ifdef GM_MR_A16
/*
 * The FP32 kernel on panels of one vector for an A whose rows are 16
 * elements apart (lda 16: a K of 16, the CUBE's fractal, in a contiguous
 * A), GM_MR_A16 rows at a time: every row's broadcast is at a constant
 * offset from one pointer, so the tile can hold more rows than there are
 * general registers for row pointers (the f32_half kernels' limit), and
 * each call does more of the product (a 128 x 16 x 16 product: 1.1x
 * OpenBLAS, from 0.95-1.0x with 12-row calls).  The same steps, each k in
 * increasing order, as f32_rows().
 */
static void GM_ID(f32_a16)(int mr, int kc, const uint32_t *a, int lda, const uint32_t *b,
                           int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(vf) acc[GM_MR_A16];

    (void)mr;                   /* always GM_MR_A16 */
    (void)lda;                  /* always 16 */
#pragma GCC unroll 32
    for (int i = 0; i < GM_MR_A16; i++) {
        if (flags & GEMM_FROM_ZERO) {
            acc[i] = (GM_ID(vf)){ 0 };
        } else {
            memcpy(&acc[i], c + (size_t)i * ldc, sizeof(acc[i]));
        }
    }
    for (int k = 0; k < kc; k++) {
        GM_ID(vf) bv;

        memcpy(&bv, b + (size_t)k * ldb, sizeof(bv));
#pragma GCC unroll 32
        for (int i = 0; i < GM_MR_A16; i++) {
            float s;
            GM_ID(vf) x;

            memcpy(&s, a + i * 16 + k, 4);
#pragma GCC unroll 16
            for (int l = 0; l < GM_VW; l++) {
                x[l] = s;
            }
            acc[i] = GM_ID(fma)(x, bv, acc[i]);
        }
    }
    GM_FORGET_C(c, ldc);
    bool nans = (flags & GEMM_LAST) && GM_ID(any_nan)(GM_MR_A16, 1, 1, acc);
#pragma GCC unroll 32
    for (int i = 0; i < GM_MR_A16; i++) {
        if (nans) {
            acc[i] = GM_ID(canonical_nans)(acc[i]);
        }
        memcpy(c, &acc[i], sizeof(acc[i]));
        c += ldc;
        GM_FORGET_C(c, ldc);
    }
    GM_LEAVE();
}
#endif

static inline __attribute__((always_inline))
void GM_ID(f32_packed_body)(const int nv, const int mr, int kc, const uint32_t *a, int lda,
                            const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(f32_rows)(nv, mr, true, kc, a, lda, b, ldb, c, ldc, flags);
}

/*
 * The wrapping integer products: on 32-bit integers (pairs false), or
 * on pairs of 16-bit integers (gemm.h, cube_gemm_i16_panels): each 32-bit
 * word of a and b then holds two int16 elements (consecutive k), and one
 * step adds a[0] * b[0] + a[1] * b[1] to every accumulator modulo 2^32
 * (GM_ID(madd16)), the reference's wrapping sum of the same products.
 */
static inline __attribute__((always_inline))
void GM_ID(int_body)(const int nv, const int mr, const bool pairs, int kc, const uint32_t *a,
                     int lda, const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(vu) acc[GM_MR_ALL][GM_NV];

    (void)pairs;                /* (no pairs without GM_MADD16_HOST) */

#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            if (flags & GEMM_FROM_ZERO) {
                acc[i][v] = (GM_ID(vu)){ 0 };
            } else {
                memcpy(&acc[i][v], c + (size_t)i * ldc + v * GM_VW, sizeof(acc[i][v]));
            }
        }
    }
    for (int k = 0; k < kc; k++) {
        GM_ID(vu) bv[GM_NV];

#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            memcpy(&bv[v], b + (size_t)k * ldb + v * GM_VW, sizeof(bv[v]));
        }
#pragma GCC unroll 16
        for (int i = 0; i < mr; i++) {
            GM_ID(vu) x = (GM_ID(vu)){ 0 } + a[(size_t)i * lda + k];

#pragma GCC unroll 8
            for (int v = 0; v < nv; v++) {
#ifdef GM_MADD16_HOST
                if (pairs) {
                    acc[i][v] = GM_ID(madd16)(acc[i][v], x, bv[v]);
                    continue;
                }
#endif
                acc[i][v] += x * bv[v];         /* unsigned: wraps modulo 2^32 */
            }
        }
    }
    GM_FORGET_C(c, ldc);
#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            memcpy(c + (size_t)i * ldc + v * GM_VW, &acc[i][v], sizeof(acc[i][v]));
        }
    }
}

static inline __attribute__((always_inline))
void GM_ID(i32_body)(const int nv, const int mr, int kc, const uint32_t *a, int lda,
                     const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(int_body)(nv, mr, false, kc, a, lda, b, ldb, c, ldc, flags);
}

#ifdef GM_MADD16_HOST
static inline __attribute__((always_inline))
void GM_ID(i16_body)(const int nv, const int mr, int kc, const uint32_t *a, int lda,
                     const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(int_body)(nv, mr, true, kc, a, lda, b, ldb, c, ldc, flags);
}
#endif

/*
 * An integer product in FP32 (gemm.h, cube_gemm_i32f_panels): a and b
 * hold integers as FP32 values, small enough that every partial sum of
 * the kc products is exact; the accumulators start at zero, and their
 * block sums (exact integers) are converted and added to the 32-bit
 * words of c modulo 2^32.  Exact arithmetic: fused or not, each step
 * gives the same bits.
 */
static inline __attribute__((always_inline))
void GM_ID(i32f_body)(const int nv, const int mr, int kc, const uint32_t *a, int lda,
                      const uint32_t *b, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    GM_ID(vf) acc[GM_MR_ALL][GM_NV];

#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            acc[i][v] = (GM_ID(vf)){ 0 };
        }
    }
    for (int k = 0; k < kc; k++) {
        GM_ID(vf) bv[GM_NV];

#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            memcpy(&bv[v], b + (size_t)k * ldb + v * GM_VW, sizeof(bv[v]));
        }
#pragma GCC unroll 16
        for (int i = 0; i < mr; i++) {
            float s;

            memcpy(&s, a + (size_t)i * lda + k, 4);
#pragma GCC unroll 8
            for (int v = 0; v < nv; v++) {
                acc[i][v] += s * bv[v];
            }
        }
    }
    GM_FORGET_C(c, ldc);
#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < nv; v++) {
            GM_ID(vu) w = { 0 };

            if (!(flags & GEMM_FROM_ZERO)) {
                memcpy(&w, c + (size_t)i * ldc + v * GM_VW, sizeof(w));
            }
            w += (GM_ID(vu))__builtin_convertvector(acc[i][v], GM_ID(vi));
            memcpy(c + (size_t)i * ldc + v * GM_VW, &w, sizeof(w));
        }
    }
}

/*
 * An integer product in binary64 (gemm.h, cube_gemm_i32d_panels): a and
 * b hold integers as binary64 values (panels of nr binary64 columns, two
 * vectors per GM_NV), products of at most 2^32 in magnitude, so that every
 * partial sum of a block of at most 2^21 steps is an exact integer; the
 * block sums are converted and added to C's 32-bit words modulo 2^32, as
 * the i32f kernels do.
 */
static inline __attribute__((always_inline))
void GM_ID(i32d_body)(const int nv, const int mr, int kc, const uint32_t *a32, int lda,
                      const uint32_t *b32, int ldb, uint32_t *c, int ldc, unsigned flags)
{
    const double *a = (const double *)a32, *b = (const double *)b32;
    enum { DW = GM_VW / 2 };        /* binary64 lanes per vector */
    GM_ID(vd) acc[GM_MR_ALL][2 * GM_NV];

#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < 2 * nv; v++) {
            acc[i][v] = (GM_ID(vd)){ 0 };
        }
    }
    for (int k = 0; k < kc; k++) {
        GM_ID(vd) bv[2 * GM_NV];

#pragma GCC unroll 8
        for (int v = 0; v < 2 * nv; v++) {
            memcpy(&bv[v], b + (size_t)k * (ldb / 2) + v * DW, sizeof(bv[v]));
        }
#pragma GCC unroll 16
        for (int i = 0; i < mr; i++) {
            double s = a[(size_t)i * lda + k];

#pragma GCC unroll 8
            for (int v = 0; v < 2 * nv; v++) {
                acc[i][v] += s * bv[v];
            }
        }
    }
    GM_FORGET_C(c, ldc);
#pragma GCC unroll 16
    for (int i = 0; i < mr; i++) {
#pragma GCC unroll 8
        for (int v = 0; v < 2 * nv; v++) {
            GM_ID(vuh) w = { 0 };

            if (!(flags & GEMM_FROM_ZERO)) {
                memcpy(&w, c + (size_t)i * ldc + v * DW, sizeof(w));
            }
            w += __builtin_convertvector(__builtin_convertvector(acc[i][v], GM_ID(vl)),
                                         GM_ID(vuh));
            memcpy(c + (size_t)i * ldc + v * DW, &w, sizeof(w));
        }
    }
}

/* One instance per row count below the tile's (max), so that each keeps
 * its accumulators in registers; the counts above max never come. */
#define GM_ROWS(body, nv, max, ...)                             \
    switch (mr) {                                               \
    GM_ROW_CASE(1, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(2, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(3, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(4, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(5, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(6, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(7, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(8, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(9, body, nv, max, __VA_ARGS__)                  \
    GM_ROW_CASE(10, body, nv, max, __VA_ARGS__)                 \
    GM_ROW_CASE(11, body, nv, max, __VA_ARGS__)                 \
    GM_ROW_CASE(12, body, nv, max, __VA_ARGS__)                 \
    GM_ROW_CASE(13, body, nv, max, __VA_ARGS__)                 \
    GM_ROW_CASE(14, body, nv, max, __VA_ARGS__)                 \
    GM_ROW_CASE(15, body, nv, max, __VA_ARGS__)                 \
    default:                                                    \
        body(nv, max, __VA_ARGS__);                             \
    }
#define GM_ROW_CASE(n, body, nv, max, ...)                      \
    case n:                                                     \
        body(nv, n <= max ? n : 1, __VA_ARGS__);                \
        break;

#define GM_KERNEL(name, body, nv, max)                                                  \
    static void GM_ID(name)(int mr, int kc, const uint32_t *a, int lda, const uint32_t *b, \
                            int ldb, uint32_t *c, int ldc, unsigned flags)              \
    {                                                                                   \
        GM_ROWS(GM_ID(body), nv, max, kc, a, lda, b, ldb, c, ldc, flags)                \
        GM_LEAVE();                                                                     \
    }

#ifdef GM_MADD16_HOST
GM_KERNEL(i16, i16_body, GM_NV, GM_MR)
GM_KERNEL(i16_half, i16_body, GM_NV / 2, GM_MR_HALF)
#endif
#ifndef GM_I16_ONLY
GM_KERNEL(f32, f32_body, GM_NV, GM_MR)
GM_KERNEL(f32_half, f32_body, GM_NV / 2, GM_MR_HALF)
GM_KERNEL(f32_packed, f32_packed_body, GM_NV, GM_MR)
#ifdef GM_MR_WIDE
GM_KERNEL(f32_wide, f32_body, 2 * GM_NV, GM_MR_WIDE)
#endif
GM_KERNEL(i32, i32_body, GM_NV, GM_MR)
GM_KERNEL(i32_half, i32_body, GM_NV / 2, GM_MR_HALF)
GM_KERNEL(i32f, i32f_body, GM_NV, GM_MR)
GM_KERNEL(i32f_half, i32f_body, GM_NV / 2, GM_MR_HALF)
GM_KERNEL(i32d, i32d_body, GM_NV, GM_MR_D)
GM_KERNEL(i32d_half, i32d_body, GM_NV / 2, GM_MR_HALF / 2)
#endif

#undef GM_KERNEL
#undef GM_ROWS
#undef GM_ROW_CASE
#undef GM_MR_ALL
#undef GM_NV_ALL
#undef GM_FORGET_C

/* the parameters, for the next instance */
#undef GM_VW
#undef GM_MR
#undef GM_MR_HALF
#undef GM_MR_D
#undef GM_NV
#undef GM_ID
#undef GM_LEAVE
#undef GM_MADD16_HOST
#undef GM_ANY_NAN_HOST
#undef GM_I16_ONLY
#undef GM_MR_WIDE
#undef GM_MR_A16
