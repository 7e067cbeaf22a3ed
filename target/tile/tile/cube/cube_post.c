/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * B.FPATR post-processing of one CUBE accumulator element (see
 * cube_post.h).
 *
 * Every intermediate value is exact (TileNumExact): the source is an FP32
 * (24-bit significand) or a 32-bit integer, the multiplier an FP19 (11-bit
 * significand), so the product has at most 43 significant bits.  Rounding
 * happens once, in the numeric core: integer destinations through
 * tile_num_round() (wrapping, or clamping with Sat), floating ones through
 * the profile's reference encoders, tile_num_round_reference(), which
 * differ from IEEE 754 in overflow, the sign of a zero E4M3 result and
 * before-rounding UF (tile_numeric.h).
 */
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

/* The exact value of a finite FP19 (subnormals included, for completeness:
 * legal words never carry one). */
static TileNumExact fp19_value(uint32_t f)
{
    unsigned e = fp19_exp(f), frac = f & 0x3ff;
    TileNumExact x = { .neg = (f & 0x40000) != 0, .sig = e ? 1024 + frac : frac,
                       .exp = e ? (int)e - 127 - 10 : -136 };

    return x;
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
 * Destinations
 */

static bool is_int_type(TileDType t)
{
    return t == TILE_DT_S4X2 || t == TILE_DT_S8 || t == TILE_DT_S16 ||
           t == TILE_DT_S32 || t == TILE_DT_U32;
}

static uint64_t int_min_raw(TileDType t)
{
    return tile_dtype_info(t)->min_raw;
}

static uint64_t int_max_raw(TileDType t)
{
    return tile_dtype_info(t)->max_raw;
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

/* Round the exact x to an integer, then saturate at the signed
 * `width`-bit intermediate (OF NX) -> the intermediate integer. */
static int64_t intermediate(const TileNumExact *x, TileRound rm, unsigned width,
                            unsigned *flags)
{
    int64_t lim = INT64_C(1) << (width - 1), t;
    unsigned f = 0;

    if (x->sig && x->exp + 63 - __builtin_clzll(x->sig) >= 62) {
        t = x->neg ? -lim - 1 : lim;        /* far out of range */
    } else {
        t = (int64_t)tile_num_round(TILE_DT_S64, x, rm, 0, &f);
    }
    if (t < -lim || t > lim - 1) {
        *flags |= TILE_NUM_OF | TILE_NUM_NX;
        return t < -lim ? -lim : lim - 1;
    }
    *flags |= f;
    return t;
}

uint64_t cube_post_element(const CubePost *p, unsigned acc_type, uint32_t v,
                           uint64_t qp, uint64_t alpha, unsigned *flags)
{
    const ModeInfo *m = mode_info(p->prequant);
    int out_code = cube_post_out_type(p->prequant, acc_type);
    TileDType src, out;
    TileNumClass k = TILE_NUM_POS_NORMAL;
    TileNumExact scale = { .sig = 1 }, mult, x = { 0 };
    TileRound rm;
    bool neg;
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
        mult = (TileNumExact) { .sig = 0 };
    } else {
        mult = fp19_value((uint32_t)alpha & 0x7ffff);
    }

    if (tile_num_class_is_nan(k) ||
        (tile_num_class_is_inf(k) && !(k == TILE_NUM_NEG_INF && mult.sig == 0))) {
        return special_result(k, out, p->sat, flags);
    }

    if (src == TILE_DT_S32 || src == TILE_DT_U32) {
        tile_num_exact(src, v, &x);
    } else if (k != TILE_NUM_NEG_INF) {     /* -inf under a zero slope: 0 */
        tile_num_exact(TILE_DT_FP32, v, &x);
    }
    /* exact: at most 32 + 11 significant bits */
    x.sig *= mult.sig;
    x.exp += mult.exp;
    x.neg ^= mult.neg;

    off = quant_offset(qp, m->offset_width);
    if (k == TILE_NUM_NEG_ZERO && mult.sig != 0 && off == 0 && !is_int_type(out)) {
        return float_neg_zero(out);
    }
    if (m->offset_width) {
        /* Round and saturate at the S5 / S9 / S17 intermediate, then add
         * the offset and encode. */
        int64_t t = intermediate(&x, rm, m->offset_width, flags) + off;

        x = (TileNumExact) { .neg = t < 0, .sig = t < 0 ? -(uint64_t)t : (uint64_t)t };
    }
    if (is_int_type(out)) {
        return tile_num_round(out, &x, rm, p->sat ? TILE_NUM_SAT : TILE_NUM_WRAP, flags);
    }
    return tile_num_round_reference(out, &x, rm, p->sat, flags);
}
