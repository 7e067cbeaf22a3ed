/*
 * The kernel benchmark's host side: the same math as the guest firmware
 * bench/run-kernel-bench writes, in plain C (one thread, cc -O2), over
 * the same input file, timed; it writes its result in the guest's output
 * format so that the runner compares the two (docs/benchmarks.md, "The
 * kernel benchmark").
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 *   kernel-host softmax|layernorm fp32|bf16 ROWS COLS 0 IN OUT [SECONDS]
 *   kernel-host attention fp32|bf16 ROWS KEYS DIM IN OUT [SECONDS]
 *
 * ROWS counts the rows of all four PEs together.  Every step follows the
 * guest's order of operations: the row reductions fold left in
 * increasing column order from +0 (SUM) or the first element (MAX), the
 * matrix products accumulate in increasing K from 0.  FP32 is plain float
 * arithmetic (expf, 1 / sqrtf: not correctly rounded, and a * b + c
 * rounded twice, where the guest rounds TEXP, TRSQRT and each TMATMUL
 * step once).  BF16 computes each step in float and rounds its result to
 * BF16 (nearest even), as the guest rounds each operation; float holds
 * every BF16 sum, difference, product and quotient closely enough that
 * the second rounding gives the correctly rounded BF16 value (24 >= 2 * 8
 * + 2 bits), and a BF16 product is exact in float, so the BF16 matrix
 * products equal the guest's fused steps.
 *
 * Prints "ns_per_iter N reps R": the best of several timed batches, each
 * at least 50 ms, SECONDS (default 0.3) in all; the first, untimed, run
 * writes OUT.  SECONDS 0: no timing.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static float bf(float x)
{
    uint32_t u;

    memcpy(&u, &x, 4);
    u += 0x7fff + ((u >> 16) & 1);
    u &= 0xffff0000u;
    memcpy(&x, &u, 4);
    return x;
}

#define RND(x) (b16 ? bf(x) : (x))
#define KERNEL static inline __attribute__((always_inline)) void

typedef struct Job {
    int rows, cols, dim;            /* attention: rows = 4M, cols = L, dim = D */
    float *x, *y;                   /* softmax, layernorm: rows x cols */
    float *q, *kt, *v, *s, *o;      /* attention: Q, K^T, V, scores, O */
    float *tmp;                     /* one row */
} Job;

/* one row of softmax: y = exp(x - max) / sum, each step rounded */
KERNEL softmax_row(const float *x, float *y, float *e, int cols, int b16)
{
    float m = x[0], s = 0;

    for (int j = 1; j < cols; j++) {
        m = x[j] > m ? x[j] : m;
    }
    for (int j = 0; j < cols; j++) {
        e[j] = RND(expf(RND(x[j] - m)));
    }
    for (int j = 0; j < cols; j++) {
        s = RND(s + e[j]);
    }
    for (int j = 0; j < cols; j++) {
        y[j] = RND(e[j] / s);
    }
}

KERNEL softmax(const Job *jb, int b16)
{
    for (int r = 0; r < jb->rows; r++) {
        softmax_row(jb->x + (size_t)r * jb->cols, jb->y + (size_t)r * jb->cols, jb->tmp,
                    jb->cols, b16);
    }
}

/* mean = sum * (1 / C); xc = x - mean; var = sum(xc * xc) * (1 / C);
 * y = xc * rsqrt(var + eps) */
KERNEL layernorm(const Job *jb, int b16)
{
    int cols = jb->cols;
    float inv = 1.0f / cols, eps = RND(1e-5f);

    for (int r = 0; r < jb->rows; r++) {
        const float *x = jb->x + (size_t)r * cols;
        float *y = jb->y + (size_t)r * cols, *xc = jb->tmp;
        float s = 0, s2 = 0, mean, var, rs;

        for (int j = 0; j < cols; j++) {
            s = RND(s + x[j]);
        }
        mean = RND(s * inv);
        for (int j = 0; j < cols; j++) {
            xc[j] = RND(x[j] - mean);
        }
        for (int j = 0; j < cols; j++) {
            s2 = RND(s2 + RND(xc[j] * xc[j]));
        }
        var = RND(s2 * inv);
        rs = RND(1.0f / sqrtf(RND(var + eps)));
        for (int j = 0; j < cols; j++) {
            y[j] = RND(xc[j] * rs);
        }
    }
}

/* c (m x n) = a (m x k) * b (k x n), accumulated in increasing k */
KERNEL matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
    for (int i = 0; i < m; i++) {
        float *ci = c + (size_t)i * n;

        for (int j = 0; j < n; j++) {
            ci[j] = 0;
        }
        for (int p = 0; p < k; p++) {
            float aip = a[(size_t)i * k + p];
            const float *bp = b + (size_t)p * n;

            for (int j = 0; j < n; j++) {
                ci[j] += aip * bp[j];
            }
        }
    }
}

/* S = Q K^T, P = softmax(S) by rows (after rounding S to the type), O = P V */
KERNEL attention(const Job *jb, int b16)
{
    int rows = jb->rows, keys = jb->cols, dim = jb->dim;

    matmul(jb->q, jb->kt, jb->s, rows, keys, dim);
    for (int r = 0; r < rows; r++) {
        float *sr = jb->s + (size_t)r * keys;

        if (b16) {
            for (int j = 0; j < keys; j++) {
                sr[j] = bf(sr[j]);
            }
        }
        softmax_row(sr, sr, jb->tmp, keys, b16);
    }
    matmul(jb->s, jb->v, jb->o, rows, dim, keys);
}

#define INSTANCE(name, b16) \
    static __attribute__((noinline)) void name##_##b16(const Job *jb) { name(jb, b16); }
INSTANCE(softmax, 0)
INSTANCE(softmax, 1)
INSTANCE(layernorm, 0)
INSTANCE(layernorm, 1)
INSTANCE(attention, 0)
INSTANCE(attention, 1)

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static float *alloc(size_t n)
{
    float *p = calloc(n ? n : 1, sizeof(float));

    if (!p) {
        perror("calloc");
        exit(1);
    }
    return p;
}

/* n elements of the input (FP32 or BF16 words) as float */
static void get(FILE *f, float *dst, size_t n, int b16)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t u = 0;

        if (fread(&u, b16 ? 2 : 4, 1, f) != 1) {
            fprintf(stderr, "kernel-host: input too short\n");
            exit(1);
        }
        u <<= b16 ? 16 : 0;
        memcpy(&dst[i], &u, 4);
    }
}

static void put(FILE *f, const float *src, size_t n, int b16)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t u;

        memcpy(&u, &src[i], 4);
        u >>= b16 ? 16 : 0;
        fwrite(&u, b16 ? 2 : 4, 1, f);
    }
}

int main(int argc, char **argv)
{
    Job jb = { 0 };
    void (*fn)(const Job *);
    FILE *in, *out;
    int b16;
    double best = 1e30;
    long reps = 1, total = 0;
    double seconds;

    if (argc != 8 && argc != 9) {
        fprintf(stderr, "usage: kernel-host KERNEL TYPE ROWS COLS DIM IN OUT [SECONDS]\n");
        return 2;
    }
    seconds = argc == 9 ? atof(argv[8]) : 0.3;
    b16 = !strcmp(argv[2], "bf16");
    jb.rows = atoi(argv[3]);
    jb.cols = atoi(argv[4]);
    jb.dim = atoi(argv[5]);
    in = fopen(argv[6], "rb");
    if (!in) {
        perror(argv[6]);
        return 1;
    }
    jb.tmp = alloc(jb.cols);
    if (!strcmp(argv[1], "attention")) {
        /* the guest's layout: Q, K^T, V, each 64-byte aligned */
        size_t nq = (size_t)jb.rows * jb.dim, nk = (size_t)jb.dim * jb.cols;
        int es = b16 ? 2 : 4;
        jb.q = alloc(nq);
        jb.kt = alloc(nk);
        jb.v = alloc(nk);
        jb.s = alloc((size_t)jb.rows * jb.cols);
        jb.o = alloc((size_t)jb.rows * jb.dim);
        get(in, jb.q, nq, b16);
        fseek(in, (long)((nq * es + 63) & ~63ul), SEEK_SET);
        get(in, jb.kt, nk, b16);
        fseek(in, (long)(((nq * es + 63) & ~63ul) + ((nk * es + 63) & ~63ul)), SEEK_SET);
        get(in, jb.v, nk, b16);
        fn = b16 ? attention_1 : attention_0;
    } else {
        size_t n = (size_t)jb.rows * jb.cols;
        jb.x = alloc(n);
        jb.y = alloc(n);
        get(in, jb.x, n, b16);
        if (!strcmp(argv[1], "softmax")) {
            fn = b16 ? softmax_1 : softmax_0;
        } else if (!strcmp(argv[1], "layernorm")) {
            fn = b16 ? layernorm_1 : layernorm_0;
        } else {
            fprintf(stderr, "kernel-host: unknown kernel %s\n", argv[1]);
            return 2;
        }
    }
    fclose(in);

    fn(&jb);
    out = fopen(argv[7], "wb");
    if (!out) {
        perror(argv[7]);
        return 1;
    }
    if (jb.o) {
        put(out, jb.o, (size_t)jb.rows * jb.dim, 0);
    } else {
        put(out, jb.y, (size_t)jb.rows * jb.cols, b16);
    }
    fclose(out);

    /* batches of at least 50 ms, SECONDS in all: the best batch's mean */
    if (seconds <= 0) {
        printf("ns_per_iter 0 reps 0\n");
        return 0;
    }
    for (double start = now(); now() - start < seconds || total < 3 * reps;) {
        double t0 = now(), t;

        for (long i = 0; i < reps; i++) {
            fn(&jb);
            __asm__ volatile("" ::: "memory");
        }
        t = now() - t0;
        total += reps;
        if (t < 0.05) {
            reps *= 2;
            continue;
        }
        if (t / reps < best) {
            best = t / reps;
        }
    }
    printf("ns_per_iter %.1f reps %ld\n", best * 1e9, total);
    return 0;
}
