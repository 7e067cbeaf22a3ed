/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CUBE engine's matrix products (see gemm.h).
 *
 * The optimized kernels pack B into panels of NR columns (once, shared by
 * every product with that B) and run an MR x NR register-blocked
 * micro-kernel (gemm_host.h) reading A in place: for each k in order,
 * every accumulator takes one fused multiply-add.  Blocking K only stores
 * an accumulator to C and reloads it, which loses nothing, so each
 * element sees exactly the reference's sequence of roundings.  NaN
 * results are made the canonical FP32 NaN at the end by both
 * implementations (the payload a host FMA propagates is not the
 * architecture's business).  The integer types that fit an int16 run on
 * the host's multiply-add of int16 pairs where it has one
 * (cube_gemm_i16_panels()), else the narrow ones on the FP32
 * micro-kernels, exactly (cube_gemm_i32f_panels()).
 */
#include "numeric/gemm.h"

#include <glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "numeric/gemm_host.h"
#include "numeric/tile_numeric.h"

#define CANONICAL_NAN_F32 0x7fc00000u

static void canonicalize_nans_f32(float *c, int rows, int cols, int ldc)
{
    for (int m = 0; m < rows; m++) {
        float *row = c + (size_t)m * ldc;
        for (int n = 0; n < cols; n++) {
            if (isnan(row[n])) {
                uint32_t bits = CANONICAL_NAN_F32;
                memcpy(&row[n], &bits, 4);
            }
        }
    }
}

/* ---- Reference ---- */

void cube_gemm_f32_ref(const CubeGemmF32 *g)
{
    for (int m = 0; m < g->M; m++) {
        for (int n = 0; n < g->N; n++) {
            float acc = g->C[(size_t)m * g->ldc + n];
            for (int k = 0; k < g->K; k++) {
                acc = fmaf(g->A[(size_t)m * g->lda + k], g->B[(size_t)k * g->ldb + n], acc);
            }
            g->C[(size_t)m * g->ldc + n] = acc;
        }
    }
    canonicalize_nans_f32(g->C, g->M, g->N, g->ldc);
}

void cube_gemm_i32_ref(const CubeGemmI32 *g)
{
    for (int m = 0; m < g->M; m++) {
        for (int n = 0; n < g->N; n++) {
            uint32_t acc = g->C[(size_t)m * g->ldc + n];
            for (int k = 0; k < g->K; k++) {
                acc += (uint32_t)g->A[(size_t)m * g->lda + k] *
                       (uint32_t)g->B[(size_t)k * g->ldb + n];
            }
            g->C[(size_t)m * g->ldc + n] = acc;
        }
    }
}

/* ---- MX ---- */

/*
 * acc + t rounded once to FP32, t exact in a double: the sum is formed
 * with round-to-odd in double precision (host RNE addition, its exact error
 * by TwoSum, the last bit forced to one when inexact), which the second
 * rounding to FP32 cannot spoil (53 >= 24 + 2 bits).  Host arithmetic
 * where it is provably exact: |t| < 2^300 and >= 2^-600 here, far from
 * the double's limits.
 */
static float add_round_once(float acc, double t)
{
    double a = acc, s = a + t, bb, e;
    uint64_t u;

    if (!isfinite(s)) {
        return (float)s;
    }
    bb = s - a;
    e = (a - (s - bb)) + (t - bb);      /* the exact error of s */
    if (e != 0) {
        memcpy(&u, &s, 8);
        if ((e > 0) != (s > 0)) {
            u -= 1;                     /* s was rounded away from zero */
        }
        u |= 1;
        memcpy(&s, &u, 8);
    }
    return (float)s;
}

/* 2^(raw - 127) exactly; NaN for 0xFF. */
static double e8m0_scale(unsigned raw)
{
    uint64_t bits = (uint64_t)(raw + 1023 - 127) << 52;
    double d;

    if (raw == 0xff) {
        return NAN;
    }
    memcpy(&d, &bits, 8);
    return d;
}

void cube_gemm_mx_f32(const CubeGemmMxF32 *g)
{
    for (int m = 0; m < g->M; m++) {
        for (int n = 0; n < g->N; n++) {
            float v = g->C[(size_t)m * g->ldc + n];

            for (int k = 0; k < g->K; k++) {
                /* 24 x 24 bits: exact */
                double t = (double)g->A[(size_t)m * g->lda + k] * g->B[(size_t)k * g->ldb + n];

                if (g->SA) {
                    t *= e8m0_scale(g->SA[(size_t)m * g->ldsa + k / 32]);
                }
                if (g->SB) {
                    t *= e8m0_scale(g->SB[(size_t)(k / 32) * g->ldsb + n]);
                }
                v = isnan(t) ? NAN : add_round_once(v, t);
            }
            g->C[(size_t)m * g->ldc + n] = v;
        }
    }
    canonicalize_nans_f32(g->C, g->M, g->N, g->ldc);
}

/* ---- Optimized ---- */

/* K steps per pass of the micro-kernel: its slice of the B panel (KC x
 * NR words) stays in the L1 / L2 caches while every row block of C uses
 * it (256 measured best on 256..1024-wide B). */
enum { KC = 256 };

const char *cube_kernel_path(void)
{
    return gemm_host_kernels()->name;
}

/*
 * The kernels' own arrays (packed panels, copies of slices) start a cache
 * line, as their rows then do: a vector load across two lines costs
 * about twice one within a line.  Measured against the 16-byte aligned
 * arrays of g_new(), x OpenBLAS: 128 x 256 x 256 1.12 -> 1.24, 128 x
 * 1024 x 1024 1.07 -> 1.20.
 */
#define CACHE_LINE_BYTES 64

static uint32_t *words_new(size_t words)
{
    size_t bytes = (words * 4 + CACHE_LINE_BYTES - 1) / CACHE_LINE_BYTES * CACHE_LINE_BYTES;
    uint32_t *p = aligned_alloc(CACHE_LINE_BYTES, bytes ? bytes : CACHE_LINE_BYTES);

    if (!p) {
        g_error("cube kernels: out of memory (%zu bytes)", bytes);
    }
    return p;
}

/*
 * The last panels freed in this thread, kept for the next operation (its
 * pages are mapped already; a fresh allocation of a few megabytes costs
 * as much in page faults as the product itself).
 */
static _Thread_local uint32_t *spare;
static _Thread_local size_t spare_size;

/* Panels as wide as the host's tile, or half as wide for a narrow B
 * (the half-width kernels, gemm_host.h); words 32-bit words an element. */
static void panels_init(CubePanels *p, int K, int N, int words)
{
    const GemmHostKernels *h = gemm_host_kernels();
    int nr = N <= h->nr / 2 ? h->nr / 2 : h->nr;
    size_t panels = N > 0 ? (size_t)(N + nr - 1) / nr : 0;

    p->K = K;
    p->N = N;
    p->nr = nr;
    p->words = words;
    p->ld = nr;
    p->col_step = K;
    p->size = (panels * (size_t)K * nr + 1) * words;
    if (spare && spare_size >= p->size) {
        p->data = spare;                /* reused: no fresh pages to fault in */
        p->size = spare_size;
        spare = NULL;
    } else {
        p->data = words_new(p->size);
    }
    p->rows = p->data;
}

void cube_panels_init(CubePanels *p, int K, int N)
{
    panels_init(p, K, N, 1);
}

void cube_panels_init_f64(CubePanels *p, int K, int N)
{
    panels_init(p, K, N, 2);
}

void cube_panels_free(CubePanels *p)
{
    if (!p->data) {
        return;                         /* borrowed */
    }
    if (!spare || spare_size < p->size) {
        free(spare);
        spare = p->data;
        spare_size = p->size;
    } else {
        free(p->data);
    }
    p->data = NULL;
}

/* one row of a full panel: nr words (a constant size for each tile
 * width, so that the copy is a few vector moves, not a call) */
static inline void panel_row_copy(uint32_t *dst, const uint32_t *src, int nr)
{
    switch (nr) {
    case 4:
        memcpy(dst, src, 4 * 4);
        break;
    case 8:
        memcpy(dst, src, 4 * 8);
        break;
    case 16:
        memcpy(dst, src, 4 * 16);
        break;
    case 32:
        memcpy(dst, src, 4 * 32);
        break;
    default:
        memcpy(dst, src, 4 * (size_t)nr);
    }
}

/* a panel's row from w words of B, the columns past them zero */
static inline void panel_row_fill(uint32_t *dst, const uint32_t *src, int w, int nr)
{
    if (w == nr) {
        panel_row_copy(dst, src, nr);
        return;
    }
    memcpy(dst, src, 4 * (size_t)w);
    memset(dst + w, 0, 4 * (size_t)(nr - w));
}

void cube_panels_fill(CubePanels *p, const uint32_t *B, int ldb)
{
    g_assert(p->words == 1);
    CUBE_PANELS_FOREACH_ROW(p, k, j, w, dst) {
        panel_row_fill(dst, B + (size_t)k * ldb + j, w, p->nr);
    }
}

void cube_panels_of(CubePanels *p, const uint32_t *B, int K, int N, int ldb)
{
    *p = (CubePanels){ .K = K, .N = N, .words = 1, .rows = B, .ld = ldb, .col_step = 1 };
}

/* What the micro-kernels compute (gemm_host.h). */
typedef enum { KIND_F32, KIND_I32, KIND_I16, KIND_I32F, KIND_I32D } Kind;

/* A thread's scratch arrays (kept: the next product finds its pages mapped) */
typedef struct Scratch {
    uint32_t *words;
    size_t size;
} Scratch;

static uint32_t *scratch(Scratch *s, size_t words)
{
    if (s->size < words) {
        free(s->words);
        s->size = words;
        s->words = words_new(words);
    }
    return s->words;
}

/*
 * A's rows as the kernels read them: when A's row stride is a multiple of
 * 2 KiB, the rows of a register tile fall into the same few sets of the
 * first-level cache and evict one another and the panel (a 1024-wide A
 * ran 15 % slower); the K slice then runs on a copy whose stride is not.
 */
#define ALIAS_STRIDE_BYTES 2048
#define SLICE_PAD_WORDS 16

static _Thread_local Scratch a_copy, b_copy;

static const uint32_t *a_slice(const uint32_t *A, int lda, int words, int M, int k0, int kc,
                               int *slice_lda)
{
    size_t row_words = (size_t)kc * words, stride = row_words + SLICE_PAD_WORDS;
    uint32_t *copy;

    *slice_lda = lda;
    if (M <= 1 || ((size_t)lda * words * 4) % ALIAS_STRIDE_BYTES) {
        return A + (size_t)k0 * words;
    }
    copy = scratch(&a_copy, stride * M);
    for (int m = 0; m < M; m++) {
        memcpy(copy + m * stride, A + ((size_t)m * lda + k0) * words, row_words * 4);
    }
    *slice_lda = (int)(stride / words);
    return copy;
}

/*
 * A's K slice packed for the f32_packed kernels (gemm_host.h): each block
 * of mr rows as kc columns of mr elements (k-major), the blocks one after
 * the other (a last block of fewer rows keeps the stride mr).  The tile's
 * twelve rows then need no index register each: read in place, their
 * addresses had spilled, and a 128 x 1024 x 1024 product ran 5-10 %
 * slower.  Worth its copy when B has several panels to reuse it.
 */
#define A_PACK_MIN_PANELS 4

static const uint32_t *a_packed(const uint32_t *A, int lda, int M, int mr, int k0, int kc,
                                int *slice_lda)
{
    uint32_t *dst = scratch(&a_copy, (size_t)((M + mr - 1) / mr) * mr * kc);

    for (int i = 0; i < M; i += mr) {
        uint32_t *block = dst + (size_t)i * kc;

        for (int r = 0; r < mr && i + r < M; r++) {
            const uint32_t *src = A + (size_t)(i + r) * lda + k0;

            for (int k = 0; k < kc; k++) {
                block[(size_t)k * mr + r] = src[k];
            }
        }
    }
    *slice_lda = mr;
    return dst;
}

/*
 * A borrowed B (cube_panels_of()) is read in place when its width is a
 * whole number of panels and it is small (its rows, strided, stay in the
 * first-level cache all the same) or its rows are at most 2 KiB apart (a
 * panel's K slice then spans few pages, and the hardware prefetches it
 * from the second-level cache) and each starts a cache line (else a
 * vector load can span two; rows_aligned(): packed into aligned panels,
 * a 128 x 64 x 256 product ran 1.33 -> 1.50 x OpenBLAS): the copy is
 * saved, a tenth of a 128 x 64 x 64 product and more of a 256 x 256
 * one.  Otherwise (rows 4 KiB apart: a page a row, the same cache sets)
 * it is packed a K slice (kc x N) at a time, just before the kernels use
 * it, into panels that stay in the second-level cache: B is read once,
 * row by row, and no packed copy of all of it goes through memory (of a
 * 4 MiB B, that took a sixth of the product's time).
 */
#define IN_PLACE_SMALL_BYTES (32 * 1024)
#define IN_PLACE_ROW_BYTES 2048

/*
 * Except for the FP32 wide kernel when a K slice of its panel, read in
 * place, would not stay in the first-level cache: then B is packed
 * WIDE_PACK_KC steps at a time into panels of the wide kernel's 2 nr
 * columns (on AVX-512, 32 KiB a panel's slice, which stays there for
 * every block of rows).  A panel's row is P = 2 nr * 4 bytes; B's rows S
 * bytes apart, S a power of two above P, reach only P / S of the
 * cache's sets, so the slice of min(K, KC) rows needs as many sets as
 * min(K, KC) * S bytes would: packed when that passes
 * WIDE_PACK_REACH_BYTES, the first-level data cache of the host measured
 * (48 KiB; for other S, which spread over more sets, the rule errs
 * toward packing).  Rows no further apart than P are the panels already.
 * Measured, x OpenBLAS: 128 x 256 x 1024 0.99-1.03 -> 1.05-1.08, 128 x
 * 1024 x 1024 1.04-1.11 -> 1.15 (rows 1 KiB and 4 KiB apart, K past one
 * slice); 128 x 256 x 256 1.04-1.06 -> 1.08-1.11 and 128 x 512 x 128
 * 0.95 -> 1.08-1.09 (rows 1 and 2 KiB apart, one slice); 128 x 128 x 64,
 * whose rows 512 bytes apart fit, stays in place (packed: 4 % slower).
 */
#define WIDE_PACK_KC 128
#define WIDE_PACK_REACH_BYTES (48 * 1024)

/* whether a borrowed B goes packed for the wide kernel (see above) */
static bool wide_pack_pays(const CubePanels *b, const GemmHostKernels *h, int K, int kb)
{
    size_t row_bytes = (size_t)b->ld * 4, panel_row_bytes = (size_t)2 * h->nr * 4;

    return row_bytes > panel_row_bytes &&
           (size_t)MIN(K, kb) * row_bytes > WIDE_PACK_REACH_BYTES;
}

/* whether every row of a borrowed B starts a cache line (else a vector
 * load of its panel can span two lines) */
static bool rows_aligned(const CubePanels *b)
{
    return ((uintptr_t)b->rows | ((size_t)b->ld * 4)) % CACHE_LINE_BYTES == 0;
}

/* rows k0 .. k0 + kc - 1 of B (N columns, row stride ld) into panels of
 * nr columns, each kc x nr, the columns past N zero */
static void pack_slice(uint32_t *dst, const uint32_t *src, int ld, int kc, int N, int nr)
{
    for (int k = 0; k < kc; k++) {
        for (int j = 0; j < N; j += nr) {
            panel_row_fill(dst + ((size_t)j * kc + (size_t)k * nr), src + (size_t)k * ld + j,
                           N - j < nr ? N - j : nr, nr);
        }
    }
}

/* The panels of B's K slice k0 .. k0 + kc - 1, as the kernels read them
 * (*slice_ldb: elements from a row to the next; *slice_col_step: from
 * the panel of column 0 to that of column j, per j). */
static const uint32_t *b_slice(const CubePanels *b, int nr, int k0, int kc, bool in_place,
                               int *slice_ldb, int *slice_col_step)
{
    const uint32_t *src = b->rows + (size_t)k0 * b->ld * b->words;
    uint32_t *copy;

    *slice_ldb = b->ld;
    *slice_col_step = b->col_step;
    if (b->data || in_place) {
        return src;             /* packed already, or read in place */
    }
    copy = scratch(&b_copy, (size_t)kc * ((b->N + nr - 1) / nr) * nr);
    pack_slice(copy, src, b->ld, kc, b->N, nr);
    *slice_ldb = nr;
    *slice_col_step = kc;
    return copy;
}

/*
 * The blocked driver: for each slice of kb K steps (WIDE_PACK_KC for a B
 * packed for the wide kernel; in increasing K order:
 * blocking K only stores an accumulator to C and reloads it, which
 * changes no bit), each panel of B, each block of MR rows.  A block of C
 * narrower than a panel runs on a copy.  Without accumulate, the first
 * slice starts from zero instead of reading C.  The FP32 kernels of the
 * full tile read A packed (a_packed()) when B has A_PACK_MIN_PANELS
 * panels or more; on half panels, an A whose rows are 16 elements apart
 * goes mr_a16 rows a call where the host has f32_a16 (gemm_host.h).
 */
/*
 * LAST_BLOCKS_SHARE: when the last block of rows would hold a third of a
 * tile or less, the last two share their rows evenly (A read in place
 * only: a packed A comes in whole tiles).  A tile of one or two rows has
 * too few accumulators to keep the FMA units busy through their latency:
 * 128 rows as 21 x 6 + 2 ran 1 % slower than as 20 x 6 + 4 + 4, measured
 * alternately in one process.
 */
static void blocked(Kind kind, int kb, int M, const uint32_t *A, int lda, const CubePanels *b,
                    uint32_t *C, int ldc, bool accumulate)
{
    const GemmHostKernels *h = gemm_host_kernels();
    int K = b->K, words = b->words, nr = b->nr;
    bool in_place = false, wide, half, pack_a;
    int mr;
    GemmMicroFn *micro;
    uint32_t tile[GEMM_MAX_MR * GEMM_MAX_NR] TILE_SCRATCH;

    if (!b->data) {             /* borrowed: the widest kernel that fits */
        bool wide_fits = kind == KIND_F32 && h->f32_wide && b->N % (2 * h->nr) == 0;

        nr = b->N <= h->nr / 2 ? h->nr / 2 : h->nr;
        in_place = b->N % nr == 0 &&
                   ((size_t)K * b->ld * 4 <= IN_PLACE_SMALL_BYTES ||
                    ((size_t)b->ld * 4 <= IN_PLACE_ROW_BYTES && rows_aligned(b)));
        if (wide_fits && (!in_place || wide_pack_pays(b, h, K, kb))) {
            nr = 2 * h->nr;
            kb = WIDE_PACK_KC;
            in_place = false;
        } else if (wide_fits && in_place) {
            nr = 2 * h->nr;
        }
    }
    g_assert(nr == 2 * h->nr || nr == h->nr || nr == h->nr / 2);
    wide = nr == 2 * h->nr;
    half = nr == h->nr / 2;
    mr = kind == KIND_I32D ? (half ? h->mr_half / 2 : h->mr_d) :
         wide ? h->mr_wide : half ? h->mr_half : h->mr;
    micro = kind == KIND_F32 ? (wide ? h->f32_wide : half ? h->f32_half : h->f32) :
            kind == KIND_I32 ? (half ? h->i32_half : h->i32) :
            kind == KIND_I16 ? (half ? h->i16_half : h->i16) :
            kind == KIND_I32F ? (half ? h->i32f_half : h->i32f) :
                                (half ? h->i32d_half : h->i32d);
    pack_a = micro == h->f32 && M > mr && b->N >= A_PACK_MIN_PANELS * nr;
    if (pack_a) {
        micro = h->f32_packed;
    }
    g_assert(micro && (!wide || kind == KIND_F32));
    g_assert(words == (kind == KIND_I32D ? 2 : 1));
    /* (the wide kernels only take whole panels: no tile) */
    g_assert(mr <= GEMM_MAX_MR && (nr <= GEMM_MAX_NR || b->N % nr == 0));
    for (int k0 = 0; k0 == 0 || k0 < K; k0 += kb) {
        int kc = K - k0 < kb ? K - k0 : kb, slda, sldb, scol;
        unsigned flags = (k0 + kc >= K ? GEMM_LAST : 0) |
                         (k0 == 0 && !accumulate ? GEMM_FROM_ZERO : 0);
        const uint32_t *as = pack_a ? a_packed(A, lda, M, mr, k0, kc, &slda) :
                                      a_slice(A, lda, words, M, k0, kc, &slda);
        const uint32_t *bs = b_slice(b, nr, k0, kc, in_place, &sldb, &scol);

        for (int j = 0; j < b->N; j += nr) {
            const uint32_t *bk = bs + (size_t)j * scol * words;
            int w = b->N - j < nr ? b->N - j : nr;

            for (int i = 0, rows; i < M; i += rows) {
                const uint32_t *a = as + (size_t)i * (pack_a ? kc : slda * words);
                uint32_t *c = C + (size_t)i * ldc + j;

                rows = M - i < mr ? M - i : mr;
                if (!pack_a && M - i > mr && M - i - mr <= mr / 3) {
                    rows = (M - i + 1) / 2;     /* see LAST_BLOCKS_SHARE */
                }
                if (w == nr && micro == h->f32_half && h->f32_a16 && slda == 16 &&
                    M - i >= h->mr_a16) {
                    /* (A not packed: f32_half is no packed kernel) */
                    rows = h->mr_a16;
                    h->f32_a16(rows, kc, a, slda, bk, sldb * words, c, ldc, flags);
                    continue;
                }
                if (w == nr) {
                    micro(rows, kc, a, slda, bk, sldb * words, c, ldc, flags);
                    continue;
                }
                for (int r = 0; r < rows && !(flags & GEMM_FROM_ZERO); r++) {
                    memcpy(tile + r * nr, c + (size_t)r * ldc, 4 * (size_t)w);
                }
                micro(rows, kc, a, slda, bk, sldb * words, tile, nr, flags);
                for (int r = 0; r < rows; r++) {
                    memcpy(c + (size_t)r * ldc, tile + r * nr, 4 * (size_t)w);
                }
            }
        }
    }
}

void cube_gemm_f32_panels(int M, const float *A, int lda, const CubePanels *b, float *C,
                          int ldc, bool accumulate)
{
    blocked(KIND_F32, KC, M, (const uint32_t *)A, lda, b, (uint32_t *)C, ldc, accumulate);
}

/* Modular arithmetic: any grouping gives the reference's result. */
void cube_gemm_i32_panels(int M, const int32_t *A, int lda, const CubePanels *b,
                          uint32_t *C, int ldc, bool accumulate)
{
    blocked(KIND_I32, KC, M, (const uint32_t *)A, lda, b, C, ldc, accumulate);
}

/* Each pair's two products are exact in 32 bits, their sum wraps as the
 * reference's does (gemm_host.h): any grouping, the same residue. */
void cube_gemm_i16_panels(int M, const uint32_t *A, int lda, const CubePanels *b, uint32_t *C,
                          int ldc, bool accumulate)
{
    blocked(KIND_I16, KC, M, A, lda, b, C, ldc, accumulate);
}

bool cube_gemm_i16_available(void)
{
    return gemm_host_kernels()->i16 != NULL;
}

/* FP32 holds every integer of magnitude at most 2^24 exactly. */
#define EXACT_F32_INT (1u << 24)

int cube_gemm_i32f_block(uint32_t amax, uint32_t bmax)
{
    uint64_t term = (uint64_t)amax * bmax;
    uint64_t kb = term ? EXACT_F32_INT / term : KC;

    kb = kb < KC ? kb : KC;
    return kb >= CUBE_I32F_MIN_BLOCK ? (int)kb : 0;
}

/*
 * Why the result is the reference's: within a block of kb <= 2^24 /
 * (amax * bmax) steps, every product a * b and every partial sum is an
 * integer of magnitude at most sum |a * b| <= kb * amax * bmax <= 2^24,
 * hence an FP32 value: no step rounds, and the block sum S is the exact
 * integer sum of the block's products (|S| <= 2^24, so its conversion to
 * int32 is exact too).  The reference adds the same products to C in
 * 32-bit words, i.e. modulo 2^32, where the product of the sign- or
 * zero-extended words is the exact product modulo 2^32 and any grouping
 * of the additions gives the same residue; so C + S_1 + S_2 + ... modulo
 * 2^32, block by block, is its result bit for bit.
 */
void cube_gemm_i32f_panels(int M, const float *A, int lda, const CubePanels *b, uint32_t *C,
                           int ldc, int kb, bool accumulate)
{
    g_assert(kb > 0 && kb <= KC);
    blocked(KIND_I32F, kb, M, (const uint32_t *)A, lda, b, C, ldc, accumulate);
}

/*
 * The same in binary64, for the wider integer types (S16, U16, and 16-bit
 * by narrower): every product is at most 2^32 in magnitude, so within a
 * block of KC = 256 steps every partial sum is an integer below 2^40,
 * exact in binary64, and each block's sum converts exactly to an int64
 * whose residue modulo 2^32 is added to C; as above, C + S_1 + S_2 + ...
 * modulo 2^32 is the reference's wrapping result bit for bit.
 */
void cube_gemm_i32d_panels(int M, const double *A, int lda, const CubePanels *b, uint32_t *C,
                           int ldc, bool accumulate)
{
    blocked(KIND_I32D, KC, M, (const uint32_t *)A, lda, b, C, ldc, accumulate);
}

void cube_gemm_f32(const CubeGemmF32 *g)
{
    CubePanels p;

    if (g->M <= 0 || g->N <= 0) {
        return;
    }
    cube_panels_of(&p, (const uint32_t *)g->B, g->K, g->N, g->ldb);
    cube_gemm_f32_panels(g->M, g->A, g->lda, &p, g->C, g->ldc, true);
    cube_panels_free(&p);
}

void cube_gemm_i32(const CubeGemmI32 *g)
{
    CubePanels p;

    if (g->M <= 0 || g->N <= 0) {
        return;
    }
    cube_panels_of(&p, (const uint32_t *)g->B, g->K, g->N, g->ldb);
    cube_gemm_i32_panels(g->M, g->A, g->lda, &p, g->C, g->ldc, true);
    cube_panels_free(&p);
}
