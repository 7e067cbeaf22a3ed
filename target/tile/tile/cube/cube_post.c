/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * B.FPATR post-processing of one CUBE accumulator element (see
 * cube_post.h).
 *
 * Every intermediate value is held in a double, exactly: the source is an
 * FP32 (24-bit significand) or a 32-bit integer, the multiplier an FP19
 * (11-bit significand), so the product has at most 43 significant bits and
 * an exponent within [-285, 257].  Rounding therefore happens once, in the
 * encoders below, which follow the profile's reference encoders rather
 * than IEEE 754 where the two differ:
 *   - FP16 / BF16 / FP32 overflow to infinity whatever the rounding mode
 *     (the largest finite value only with Sat);
 *   - E4M3 / HiF8 overflow when the magnitude exceeds the largest finite
 *     value before rounding, and otherwise take the closest finite code
 *     under the mode (so a negative value that rounds to zero gives +0);
 *   - UF is raised for an inexact result whose source magnitude is below
 *     the smallest normal (E4M3 / HiF8), or whose rounding went through
 *     the subnormal path (FP16 / BF16 / FP32), even when it rounded up to
 *     the smallest normal.
 */
#include <math.h>

#include "tile/cube/cube_post.h"
#include "numeric/tile_numeric.h"

/* ---------------------------------------------------------------------
 * The PreQuantMode table
 */

enum { PARAM_NONE, PARAM_SCALAR, PARAM_VECTOR };
enum { FIXED_NONE, FIXED_RNE, FIXED_RHB };

typedef struct ModeInfo {
    bool legal;
    uint8_t src;                /* TILE_DT_FP32 or TILE_DT_S32; 0 = any */
    uint8_t out;                /* TileDType; mode 0: the accumulator's */
    uint8_t param;              /* PARAM_* */
    uint8_t offset_width;       /* 0, 5, 9 or 17 */
    uint8_t fixed;              /* FIXED_* */
    bool shift;
} ModeInfo;

#define M(src_, out_, param_, ow_, fixed_) \
    { true, TILE_DT_##src_, TILE_DT_##out_, PARAM_##param_, ow_, \
      FIXED_##fixed_, false }

static const ModeInfo modes[64] = {
    [0]  = { true, 0, 0, PARAM_NONE, 0, FIXED_NONE, false },
    [1]  = M(FP32, FP16,   NONE,   0,  RNE),    /* F322F16 */
    [2]  = M(S32,  S8,     VECTOR, 9,  NONE),   /* VREQ8 */
    [3]  = M(S32,  S8,     SCALAR, 9,  NONE),   /* REQ8 */
    [4]  = M(S32,  FP16,   VECTOR, 0,  NONE),   /* VDEQF16 */
    [5]  = M(S32,  FP16,   SCALAR, 0,  NONE),   /* DEQF16 */
    [12] = { true, TILE_DT_S32, TILE_DT_S16, PARAM_VECTOR, 0, FIXED_NONE,
             true },                            /* VSHIFTS322S16 */
    [13] = { true, TILE_DT_S32, TILE_DT_S16, PARAM_SCALAR, 0, FIXED_NONE,
             true },                            /* SHIFTS322S16 */
    [16] = M(FP32, BF16,   NONE,   0,  RNE),    /* F322BF16 */
    [17] = M(S32,  S4X2,   SCALAR, 5,  NONE),   /* REQ4 */
    [18] = M(S32,  S4X2,   VECTOR, 5,  NONE),   /* VREQ4 */
    [19] = M(S32,  S16,    SCALAR, 17, NONE),   /* DEQS16 */
    [20] = M(S32,  S16,    VECTOR, 17, NONE),   /* VDEQS16 */
    [23] = M(FP32, S8,     VECTOR, 9,  NONE),   /* VQF322B8_PRE */
    [24] = M(FP32, S8,     SCALAR, 9,  NONE),   /* QF322B8_PRE */
    [25] = M(FP32, HIF8,   SCALAR, 0,  RHB),    /* QF322HIF8_PRE */
    [26] = M(FP32, E4M3,   SCALAR, 0,  RNE),    /* QF322FP8_PRE */
    [27] = M(FP32, FP32,   SCALAR, 0,  NONE),   /* QF322F32_PRE */
    [28] = M(FP32, HIF8,   VECTOR, 0,  RHB),    /* VQF322HIF8_PRE */
    [32] = M(FP32, FP16,   SCALAR, 0,  RNE),    /* QF322F16_PRE */
    [33] = M(FP32, FP16,   VECTOR, 0,  RNE),    /* VQF322F16_PRE */
    [34] = M(FP32, BF16,   SCALAR, 0,  RNE),    /* QF322BF16_PRE */
    [35] = M(S32,  BF16,   SCALAR, 0,  NONE),   /* QS322BF16_PRE */
    [36] = M(FP32, BF16,   VECTOR, 0,  RNE),    /* VQF322BF16_PRE */
    [37] = M(FP32, E4M3,   VECTOR, 0,  RNE),    /* VQF322FP8_PRE */
    [38] = M(FP32, FP32,   VECTOR, 0,  NONE),   /* VQF322F32_PRE */
    [39] = M(S32,  BF16,   VECTOR, 0,  NONE),   /* VQS322BF16_PRE */
};

#undef M

static const ModeInfo *mode_info(unsigned prequant)
{
    return prequant < 64 && modes[prequant].legal ? &modes[prequant] : NULL;
}

int cube_post_out_type(unsigned prequant, unsigned acc_type)
{
    const ModeInfo *m = mode_info(prequant);

    if (!m) {
        return -1;
    }
    if (prequant == 0) {
        return acc_type == TILE_DT_FP32 || acc_type == TILE_DT_S32 ||
               acc_type == TILE_DT_U32 ? (int)acc_type : -1;
    }
    return acc_type == m->src ? m->out : -1;
}

bool cube_post_uses_scalar_param(unsigned prequant)
{
    const ModeInfo *m = mode_info(prequant);

    return m && m->param == PARAM_SCALAR;
}

bool cube_post_uses_vector_param(unsigned prequant)
{
    const ModeInfo *m = mode_info(prequant);

    return m && m->param == PARAM_VECTOR;
}

/* ---------------------------------------------------------------------
 * FP19 parameters and word legality
 */

/* The FP19 fields: sign [18], exponent [17:10], fraction [9:0]. */
static unsigned fp19_exp(uint32_t f)
{
    return (f >> 10) & 0xff;
}

static bool fp19_positive_normal(uint32_t f)
{
    return !(f & 0x40000) && fp19_exp(f) != 0 && fp19_exp(f) != 0xff;
}

/* The value of a finite FP19 (subnormals included, for completeness:
 * legal words never carry one). */
static double fp19_value(uint32_t f)
{
    unsigned e = fp19_exp(f), frac = f & 0x3ff;
    double mag = e ? ldexp(1024 + frac, (int)e - 127 - 10)
                   : ldexp(frac, -136);

    return (f & 0x40000) ? -mag : mag;
}

static uint32_t qp_scale_fp19(uint64_t word)
{
    return (uint32_t)(word >> 13) & 0x7ffff;
}

static uint64_t bits(uint64_t word, unsigned hi, unsigned lo)
{
    return (word >> lo) & ((2ull << (hi - lo)) - 1);
}

bool cube_post_param_legal(unsigned prequant, uint64_t word)
{
    const ModeInfo *m = mode_info(prequant);
    unsigned top;

    if (!m || m->param == PARAM_NONE) {
        return false;
    }
    if (m->shift) {
        /* Only the shift code [35:32]. */
        return bits(word, 31, 0) == 0 && bits(word, 63, 36) == 0;
    }
    if (bits(word, 12, 0) != 0 || !fp19_positive_normal(qp_scale_fp19(word))) {
        return false;
    }
    if (m->offset_width == 0) {
        return bits(word, 63, 32) == 0;
    }
    /* The offset sits at [36 + width : 37]; [36:32] and everything above
     * the offset are zero. */
    top = 37 + m->offset_width;
    return bits(word, 36, 32) == 0 && bits(word, 63, top) == 0;
}

bool cube_post_relu_param_legal(uint64_t word)
{
    uint32_t f = (uint32_t)word & 0x7ffff;

    return (word >> 19) == 0 && (f == 0 || fp19_positive_normal(f));
}

bool cube_post_datr_legal(unsigned prequant, unsigned rmode, bool sat)
{
    const ModeInfo *m = mode_info(prequant);

    if (!m || rmode > 7) {
        return false;
    }
    if (prequant == 0 || m->shift) {
        return rmode == 0 && !sat;
    }
    if (m->fixed != FIXED_NONE) {
        return rmode == 0;
    }
    return true;
}

/* ---------------------------------------------------------------------
 * Rounding to an integer
 */

/* Round the exact value v to an integer under rm (the reference profile's
 * nearest mode is ties-to-even). */
static double round_int(double v, TileRound rm)
{
    bool neg = v < 0;
    double m = fabs(v), lo = floor(m), fr = m - lo, r = lo;
    bool lo_odd = fmod(lo, 2.0) != 0;

    switch (rm) {
    case TILE_RND_RTZ:
        break;
    case TILE_RND_RDN:
        r = (neg && fr > 0) ? lo + 1 : lo;
        break;
    case TILE_RND_RUP:
        r = (!neg && fr > 0) ? lo + 1 : lo;
        break;
    case TILE_RND_RNA:
        r = fr >= 0.5 ? lo + 1 : lo;
        break;
    case TILE_RND_RTO:
        r = (fr > 0 && !lo_odd) ? lo + 1 : lo;
        break;
    case TILE_RND_RHB:
        /* Ties toward +infinity: up in magnitude only when positive. */
        r = (fr > 0.5 || (fr == 0.5 && !neg)) ? lo + 1 : lo;
        break;
    case TILE_RND_RNE:
    default:
        r = (fr > 0.5 || (fr == 0.5 && lo_odd)) ? lo + 1 : lo;
        break;
    }
    return neg ? -r : r;
}

/* ---------------------------------------------------------------------
 * Destination encoders (value is exact and finite)
 */

static unsigned out_width(TileDType t)
{
    switch (t) {
    case TILE_DT_S4X2:
        return 4;
    case TILE_DT_S8:
    case TILE_DT_E4M3:
    case TILE_DT_HIF8:
        return 8;
    case TILE_DT_S16:
    case TILE_DT_FP16:
    case TILE_DT_BF16:
        return 16;
    default:
        return 32;
    }
}

static uint64_t out_mask(TileDType t)
{
    return (1ull << out_width(t)) - 1;
}

static void int_range(TileDType t, double *min, double *max)
{
    if (t == TILE_DT_U32) {
        *min = 0;
        *max = 4294967295.0;
    } else {
        *max = ldexp(1, (int)out_width(t) - 1) - 1;
        *min = -*max - 1;
    }
}

/* Round to an integer, then either clamp (Sat) or wrap to the width when
 * out of range. */
static uint64_t int_encode(double y, TileDType t, TileRound rm, bool sat,
                           unsigned *flags)
{
    double r = round_int(y, rm), min, max;

    int_range(t, &min, &max);
    if (r < min || r > max) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        if (sat) {
            r = r < min ? min : max;
        } else {
            /* r modulo 2^32 is exact; the width is at most 32. */
            r = fmod(r, 4294967296.0);
        }
    } else if (r != y) {
        *flags |= TILE_NUM_NX;
    }
    return (uint64_t)(int64_t)r & out_mask(t);
}

/* The exponent e of m = 1.f * 2^e (m > 0). */
static int norm_exp(double m)
{
    int e;

    frexp(m, &e);
    return e - 1;
}

static uint64_t fp32_encode(double x, TileRound rm, bool sat, unsigned *flags)
{
    unsigned f = 0;
    bool neg = x < 0;
    double m = fabs(x), s, r;
    uint32_t sign = neg ? 0x80000000u : 0, res;
    int e;

    if (x == 0) {
        return 0;
    }
    e = norm_exp(m);
    if (e > 127) {
        res = sign | 0x7f800000u;
        f = TILE_NUM_OF | TILE_NUM_NX;
    } else if (e < -126) {
        /* Subnormal range, in units of 2^-149. */
        s = ldexp(m, 149);
        r = fabs(round_int(neg ? -s : s, rm));
        res = sign | (uint32_t)r;
        f = r != s ? TILE_NUM_UF | TILE_NUM_NX : 0;
    } else {
        int be = e + 127;

        s = ldexp(m, 23 - e);
        r = fabs(round_int(neg ? -s : s, rm));
        f = r != s ? TILE_NUM_NX : 0;
        if (r == 0x1000000) {
            r = 0x800000;
            be++;
        }
        if (be >= 255) {
            res = sign | 0x7f800000u;
            f = TILE_NUM_OF | TILE_NUM_NX;
        } else {
            res = sign | (uint32_t)be << 23 | ((uint32_t)r - 0x800000u);
        }
    }
    if (sat && (f & TILE_NUM_OF)) {
        res = sign | 0x7f7fffffu;
    }
    *flags |= f;
    return res;
}

static uint64_t b16_encode(double x, bool bf16, TileRound rm, bool sat,
                           unsigned *flags)
{
    const unsigned fb = bf16 ? 7 : 10, fs = 1u << fb;
    const int bias = bf16 ? 127 : 15, emin = 1 - bias;
    const int sub_exp = emin - (int)fb;     /* -133 / -24 */
    const uint32_t ovf = sat ? (bf16 ? 0x7f7f : 0x7bff)
                             : (bf16 ? 0x7f80 : 0x7c00);
    bool neg = x < 0;
    double m = fabs(x), s, r;
    uint32_t sign = neg ? 0x8000 : 0;
    int e, be;

    if (x == 0) {
        return 0;
    }
    e = norm_exp(m);
    if (e > bias) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return sign | ovf;
    }
    if (e < emin) {
        /* Gradual underflow; rounding up to fs gives the smallest normal
         * and still counts as an underflow. */
        s = ldexp(m, -sub_exp);
        r = fabs(round_int(neg ? -s : s, rm));
        if (r != s) {
            *flags |= TILE_NUM_UF | TILE_NUM_NX;
        }
        return sign | (uint32_t)r;
    }
    s = ldexp(m, (int)fb - e);
    r = fabs(round_int(neg ? -s : s, rm));
    be = e + bias;
    if (r == 2.0 * fs) {
        r = fs;
        be++;
    }
    if (be >= 2 * bias + 1) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return sign | ovf;
    }
    if (r != s) {
        *flags |= TILE_NUM_NX;
    }
    return sign | (uint32_t)be << fb | ((uint32_t)r - fs);
}

/*
 * Of two distinct-or-equal finite candidates c and b, whether c is
 * strictly closer to t (1), strictly farther (-1) or as close (0).
 * Compared against the midpoint, which is exact for these short values.
 */
static int closer(double t, double c, double b)
{
    double mid = (c + b) / 2;

    if (c == b || t == mid) {
        return 0;
    }
    return (c > b) == (t > mid) ? 1 : -1;
}

static bool fp8_candidate(TileDType t, unsigned code, bool need_valid,
                          double *val)
{
    TileNumClass k = tile_num_classify(t, code);

    if (tile_num_class_is_nan(k) || tile_num_class_is_inf(k) ||
        (need_valid && k == TILE_NUM_INVALID)) {
        return false;
    }
    *val = tile_num_to_double(t, code);
    return true;
}

/* Whether candidate c (code cc) replaces the best so far b (code bc). */
static bool fp8_better(double x, bool neg, TileRound rm, double c,
                       unsigned cc, double b, unsigned bc)
{
    int k;

    switch (rm) {
    case TILE_RND_RUP:
        return c < b;
    case TILE_RND_RDN:
        return c > b;
    case TILE_RND_RTZ:
    case TILE_RND_RTO:
        return neg ? c < b : c > b;
    default:
        break;
    }
    k = closer(x, c, b);
    if (k) {
        return k > 0;
    }
    switch (rm) {
    case TILE_RND_RNE:
        return !(cc & 1) && (bc & 1);
    case TILE_RND_RNA:
        return fabs(c) > fabs(b);
    default:                    /* RHB: the numerically greater */
        return c > b;
    }
}

static uint64_t fp8_encode(double x, TileDType t, TileRound rm, bool sat,
                           unsigned *flags)
{
    const bool e4m3 = t == TILE_DT_E4M3;
    const double max = e4m3 ? 448.0 : 32768.0;
    const double min_normal = e4m3 ? ldexp(1, -6) : ldexp(1, -15);
    bool neg = x < 0, found = false;
    double m = fabs(x), best = 0, c;
    unsigned code, best_code = 0;

    if (x == 0) {
        return 0;
    }
    if (m > max) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        if (sat) {
            return e4m3 ? (neg ? 0xfe : 0x7e) : (neg ? 0xee : 0x6e);
        }
        return e4m3 ? 0x7f : (neg ? 0xef : 0x6f);
    }
    for (code = 0; code < 256; code++) {
        bool eligible = true;

        if (!fp8_candidate(t, code, true, &c)) {
            continue;
        }
        if (rm == TILE_RND_RUP) {
            eligible = c >= x;
        } else if (rm == TILE_RND_RDN) {
            eligible = c <= x;
        } else if (rm == TILE_RND_RTZ || rm == TILE_RND_RTO) {
            eligible = neg ? (c <= 0 && c >= x) : (c >= 0 && c <= x);
        }
        if (eligible &&
            (!found || fp8_better(x, neg, rm, c, code, best, best_code))) {
            found = true;
            best = c;
            best_code = code;
        }
    }
    if (rm == TILE_RND_RTO && best != x && !(best_code & 1)) {
        /* To odd: the nearest odd code farther from zero. */
        bool odd_found = false;
        double odd = best;
        unsigned odd_code = best_code;

        for (code = 1; code < 256; code += 2) {
            if (!fp8_candidate(t, code, false, &c)) {
                continue;
            }
            if ((neg ? c < best : c > best) &&
                (!odd_found || (neg ? c > odd : c < odd))) {
                odd_found = true;
                odd = c;
                odd_code = code;
            }
        }
        best = odd;
        best_code = odd_code;
    }
    if (best != x) {
        *flags |= m < min_normal ? TILE_NUM_UF | TILE_NUM_NX : TILE_NUM_NX;
    }
    return best_code;
}

static uint64_t float_encode(double x, TileDType t, TileRound rm, bool sat,
                             unsigned *flags)
{
    switch (t) {
    case TILE_DT_FP32:
        return fp32_encode(x, rm, sat, flags);
    case TILE_DT_FP16:
        return b16_encode(x, false, rm, sat, flags);
    case TILE_DT_BF16:
        return b16_encode(x, true, rm, sat, flags);
    default:
        return fp8_encode(x, t, rm, sat, flags);
    }
}

static bool is_int_type(TileDType t)
{
    return t == TILE_DT_S4X2 || t == TILE_DT_S8 || t == TILE_DT_S16 ||
           t == TILE_DT_S32 || t == TILE_DT_U32;
}

static uint64_t int_min_raw(TileDType t)
{
    return t == TILE_DT_U32 ? 0 : (out_mask(t) >> 1) + 1;
}

static uint64_t int_max_raw(TileDType t)
{
    return t == TILE_DT_U32 ? 0xffffffffu : out_mask(t) >> 1;
}

/* The largest finite value of the sign (the table's max / min). */
static uint64_t float_largest(TileDType t, bool neg)
{
    const TileDTypeInfo *d = tile_dtype_info(t);

    return neg ? d->min_raw : d->max_raw;
}

static uint64_t float_inf(TileDType t, bool neg)
{
    switch (t) {
    case TILE_DT_FP32:
        return neg ? 0xff800000u : 0x7f800000u;
    case TILE_DT_FP16:
        return neg ? 0xfc00 : 0x7c00;
    case TILE_DT_BF16:
        return neg ? 0xff80 : 0x7f80;
    case TILE_DT_HIF8:
        return neg ? 0xef : 0x6f;
    default:                    /* E4M3 has none: its NaN */
        return tile_dtype_info(t)->nan_raw;
    }
}

static uint64_t float_neg_zero(TileDType t)
{
    switch (t) {
    case TILE_DT_FP32:
        return 0x80000000u;
    case TILE_DT_FP16:
    case TILE_DT_BF16:
        return 0x8000;
    case TILE_DT_E4M3:
        return 0x80;
    default:                    /* HiF8 has a single zero */
        return 0;
    }
}

/* The result of an FP32 NaN or infinity source. */
static uint64_t special_result(TileNumClass k, TileDType out, bool sat,
                               unsigned *flags)
{
    bool neg = k == TILE_NUM_NEG_INF;

    if (tile_num_class_is_nan(k)) {
        if (is_int_type(out)) {
            *flags |= TILE_NUM_NV;
            return sat ? 0 : int_min_raw(out);
        }
        if (k == TILE_NUM_SNAN) {
            *flags |= TILE_NUM_NV;
        }
        return sat ? 0 : tile_dtype_info(out)->nan_raw;
    }
    if (is_int_type(out)) {
        if (!sat) {
            *flags |= TILE_NUM_NV;
            return int_min_raw(out);
        }
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return neg ? int_min_raw(out) : int_max_raw(out);
    }
    if (sat) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return float_largest(out, neg);
    }
    if (out == TILE_DT_E4M3) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
    }
    return float_inf(out, neg);
}

/* ---------------------------------------------------------------------
 * One element
 */

static TileRound effective_round(const ModeInfo *m, unsigned rmode)
{
    if (m->fixed == FIXED_RHB) {
        return TILE_RND_RHB;
    }
    if (m->fixed == FIXED_RNE || rmode == 0 || rmode > 7) {
        return TILE_RND_RNE;
    }
    return (TileRound)rmode;
}

/* ASR by 1..16 of an S32, saturated to S16. */
static uint64_t shift_s16(uint32_t v, unsigned shift, unsigned *flags)
{
    int64_t s = (int64_t)(int32_t)v >> shift;

    if (s < -32768 || s > 32767) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return s < 0 ? 0x8000 : 0x7fff;
    }
    return (uint64_t)s & 0xffff;
}

static int quant_offset(uint64_t qp, unsigned width)
{
    uint64_t raw;

    if (width == 0) {
        return 0;
    }
    raw = bits(qp, 36 + width, 37);
    return (int)raw - ((raw >> (width - 1)) ? (1 << width) : 0);
}

uint64_t cube_post_element(const CubePost *p, unsigned acc_type, uint32_t v,
                           uint64_t qp, uint64_t alpha, unsigned *flags)
{
    const ModeInfo *m = mode_info(p->prequant);
    int out_code = cube_post_out_type(p->prequant, acc_type);
    TileDType src, out;
    TileNumClass k = TILE_NUM_POS_NORMAL;
    TileRound rm;
    bool neg;
    double scale = 1.0, mult, x, lim;
    int off;

    if (out_code < 0 || p->relu > 3 || (p->prequant == 0 && p->relu == 0)) {
        return v;
    }
    out = (TileDType)out_code;
    src = p->prequant == 0 ? (TileDType)acc_type : (TileDType)m->src;
    rm = effective_round(m, p->rmode);

    if (m->shift) {
        /* ReLU plays no part in the shift modes. */
        return shift_s16(v, (unsigned)bits(qp, 35, 32) + 1, flags);
    }

    if (src == TILE_DT_FP32) {
        k = tile_num_classify(TILE_DT_FP32, v);
        neg = tile_num_class_is_negative(k);
    } else {
        neg = src == TILE_DT_S32 && (int32_t)v < 0;
    }
    if (m->param != PARAM_NONE) {
        scale = fp19_value(qp_scale_fp19(qp));
    }
    /* For a negative source the activation slope replaces the scale. */
    if (!neg || p->relu == 0) {
        mult = scale;
    } else if (p->relu == 1) {
        mult = 0.0;
    } else {
        mult = fp19_value((uint32_t)alpha & 0x7ffff);
    }

    if (tile_num_class_is_nan(k) ||
        (tile_num_class_is_inf(k) && !(k == TILE_NUM_NEG_INF && mult == 0))) {
        return special_result(k, out, p->sat, flags);
    }

    if (src == TILE_DT_S32) {
        x = (int32_t)v;
    } else if (src == TILE_DT_U32) {
        x = v;
    } else if (k == TILE_NUM_NEG_INF) {
        x = 0.0;                /* -inf under a zero slope */
    } else {
        x = tile_num_to_double(TILE_DT_FP32, v);
    }
    x *= mult;                  /* exact, see the top of the file */

    off = quant_offset(qp, m->offset_width);
    if (k == TILE_NUM_NEG_ZERO && mult != 0 && off == 0 && !is_int_type(out)) {
        return float_neg_zero(out);
    }
    if (m->offset_width) {
        /* Round and saturate at the S5 / S9 / S17 intermediate, then add
         * the offset and encode. */
        double t = round_int(x, rm);

        lim = ldexp(1, m->offset_width - 1);
        if (t < -lim || t > lim - 1) {
            *flags |= TILE_NUM_OF | TILE_NUM_NX;
            t = t < -lim ? -lim : lim - 1;
        } else if (t != x) {
            *flags |= TILE_NUM_NX;
        }
        return int_encode(t + off, out, rm, p->sat, flags);
    }
    if (is_int_type(out)) {
        return int_encode(x, out, rm, p->sat, flags);
    }
    return float_encode(x, out, rm, p->sat, flags);
}
