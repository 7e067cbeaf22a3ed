/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Numeric formats of the 25 PTO Tile data types (PTO ISA 0.58.3), as plain
 * C11 with no QEMU dependency: the CUBE, VEC and SFU engines use it, and the
 * host unit test (tests/unit/test-numeric.c, meson test `tile-numeric`)
 * links it directly.  docs/numeric-formats.md describes the rules and names
 * the spec units they come from.
 *
 * Raw values are passed as uint64_t holding one logical element, right
 * aligned: the whole carrier for 8..64-bit types (E3M2/E2M3 in their 8-bit
 * carrier, TF32/HF32 in their 32-bit carrier), one 4-bit lane for the packed
 * X2 types.  Bits above the element width are ignored on input and zero on
 * output; integer results are raw (S8 -1 is 0xFF), tile_int_normalize()
 * sign- or zero-extends them.
 *
 * Exception flags use the CORE_STATE[36:32] order, NV in bit 0.  Every
 * function that takes `unsigned *flags` ORs its flags into it (so one
 * variable can collect a whole tile's sticky status); flags may be NULL.
 */
#ifndef TARGET_TILE_TILE_NUMERIC_H
#define TARGET_TILE_TILE_NUMERIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * TILE_SCRATCH: a local buffer of the array paths that the code fills
 * before it reads.  The emulator is built with -ftrivial-auto-var-init=zero,
 * which would clear it on every call (kilobytes for a row of elements);
 * this attribute exempts it.
 */
#ifdef __has_attribute
#if __has_attribute(uninitialized)
#define TILE_SCRATCH __attribute__((uninitialized))
#endif
#endif
#ifndef TILE_SCRATCH
#define TILE_SCRATCH
#endif

/* B.DATR DataType codes (PTO-FIELD-BLOCK-DATATYPE); 15, 21..23, 29..31
 * are reserved. */
typedef enum TileDType {
    TILE_DT_FP64 = 0,
    TILE_DT_FP32 = 1,
    TILE_DT_TF32 = 2,
    TILE_DT_HF32 = 3,
    TILE_DT_FP16 = 4,
    TILE_DT_BF16 = 5,
    TILE_DT_HIF8 = 6,
    TILE_DT_E4M3 = 7,
    TILE_DT_E5M2 = 8,
    TILE_DT_E3M2 = 9,
    TILE_DT_E2M3 = 10,
    TILE_DT_E2M1X2 = 11,
    TILE_DT_E1M2X2 = 12,
    TILE_DT_E8M0 = 13,
    TILE_DT_HIF4X2 = 14,
    TILE_DT_S64 = 16,
    TILE_DT_S32 = 17,
    TILE_DT_S16 = 18,
    TILE_DT_S8 = 19,
    TILE_DT_S4X2 = 20,
    TILE_DT_U64 = 24,
    TILE_DT_U32 = 25,
    TILE_DT_U16 = 26,
    TILE_DT_U8 = 27,
    TILE_DT_U4X2 = 28,
} TileDType;

#define TILE_DT_CODES 32        /* the 5-bit DataType field */

typedef enum TileNumKind {
    TILE_KIND_SIGNED,           /* two's complement S64..S4X2 */
    TILE_KIND_UNSIGNED,         /* U64..U4X2 */
    TILE_KIND_BINARY,           /* sign | exponent | fraction */
    TILE_KIND_HIF8,             /* dynamic dot-prefix encoding */
    TILE_KIND_E8M0,             /* unsigned power-of-two scale */
} TileNumKind;

typedef struct TileDTypeInfo {
    const char *name;           /* spec spelling: "FP64", "HiF8", "E2M1X2" */
    TileDType code;
    TileNumKind kind;
    uint8_t width;              /* bits of one logical element in storage;
                                   4 for the X2 types (one lane) */
    bool is_float;              /* floating or scale (E8M0) type */
    bool is_signed;             /* signed integer type */
    bool is_packed;             /* two 4-bit lanes per byte */
    uint8_t exp_bits;           /* HiF8: the largest (4) */
    uint8_t frac_bits;          /* HiF8: the largest (3) */
    uint8_t low_zero_bits;      /* TF32 13, HF32 12: must be zero */
    uint8_t high_zero_bits;     /* E3M2/E2M3 2: bits 7:6 must be zero */
    int16_t bias;               /* -1 where there is none (HiF8, integers) */
    bool has_inf;
    bool has_nan;
    bool has_snan;
    bool has_subnormal;         /* PTO-ARCH-FEATURES-MX-FORMATS list */
    bool has_neg_zero;
    uint64_t max_raw;           /* largest finite value */
    uint64_t min_raw;           /* smallest (most negative) finite value */
    uint64_t nan_raw;           /* canonical NaN, 0 if has_nan is false */
} TileDTypeInfo;

/* NULL for a reserved code or name. */
const TileDTypeInfo *tile_dtype_info(unsigned code);
const TileDTypeInfo *tile_dtype_lookup(const char *name);

/* PTO-ARCH-DATA-TYPES-NUMERIC-CLASSIFICATION, NumericValueClass order.
 * Integers classify as zero or (positive/negative) normal. */
typedef enum TileNumClass {
    TILE_NUM_INVALID,           /* TF32/HF32 low bits, E3M2/E2M3 high bits */
    TILE_NUM_POS_ZERO,
    TILE_NUM_NEG_ZERO,
    TILE_NUM_POS_SUBNORMAL,
    TILE_NUM_NEG_SUBNORMAL,
    TILE_NUM_POS_NORMAL,
    TILE_NUM_NEG_NORMAL,
    TILE_NUM_POS_INF,
    TILE_NUM_NEG_INF,
    TILE_NUM_QNAN,
    TILE_NUM_SNAN,
} TileNumClass;

TileNumClass tile_num_classify(TileDType t, uint64_t raw);

static inline bool tile_num_class_is_nan(TileNumClass c)
{
    return c == TILE_NUM_QNAN || c == TILE_NUM_SNAN;
}

static inline bool tile_num_class_is_inf(TileNumClass c)
{
    return c == TILE_NUM_POS_INF || c == TILE_NUM_NEG_INF;
}

static inline bool tile_num_class_is_zero(TileNumClass c)
{
    return c == TILE_NUM_POS_ZERO || c == TILE_NUM_NEG_ZERO;
}

static inline bool tile_num_class_is_negative(TileNumClass c)
{
    return c == TILE_NUM_NEG_ZERO || c == TILE_NUM_NEG_SUBNORMAL ||
           c == TILE_NUM_NEG_NORMAL || c == TILE_NUM_NEG_INF;
}

/*
 * An exact finite value: (-1)^neg * sig * 2^exp.  As an input to
 * tile_num_round(), `sticky` says that nonzero bits follow below sig's
 * least significant bit (the value is strictly between sig and sig + 1
 * units of 2^exp); it is only meaningful when sig carries at least one more
 * bit than the destination keeps, so callers with wide intermediate results
 * pass sig normalised to bit 63.  Decoding always gives sticky = false.
 */
typedef struct TileNumExact {
    bool neg;
    bool sticky;
    uint64_t sig;
    int exp;
} TileNumExact;

/* PTO-NUMERIC-FINITE-DECOMPOSITION-001, extended to integers: false (and
 * *x untouched) for NaN, infinity and invalid encodings. */
bool tile_num_exact(TileDType t, uint64_t raw, TileNumExact *x);

/* The value as a double: exact for every type except FP64's NaN payloads
 * (passed through) and S64/U64 magnitudes above 2^53 (rounded to nearest).
 * NaN for invalid encodings. */
double tile_num_to_double(TileDType t, uint64_t raw);

/* Rounding modes, numbered as the B.DATR RMode field (1..7). */
typedef enum TileRound {
    TILE_RND_RNE = 1,           /* nearest, ties to even */
    TILE_RND_RTZ = 2,           /* toward zero */
    TILE_RND_RDN = 3,           /* toward -infinity (ASL RTM) */
    TILE_RND_RUP = 4,           /* toward +infinity (ASL RTP) */
    TILE_RND_RNA = 5,           /* nearest, ties away from zero */
    TILE_RND_RTO = 6,           /* to odd when inexact */
    TILE_RND_RHB = 7,           /* nearest, ties toward +infinity */
} TileRound;

/* B.DATR RMode: 0 selects the operation's default. */
TileRound tile_round_from_rmode(unsigned rmode, TileRound op_default);
/* CORE_STATE[39:37]: 1 RDN, 2 RUP, 3 RTZ, anything else RNE. */
TileRound tile_round_from_frm(unsigned frm);
/* The default of a TCVT to dst (B.DATR RMode 0): RTZ to an integer type,
 * the hardware numeric default RNE to a floating one. */
TileRound tile_round_tcvt_default(TileDType dst);

/* Exception flags (CORE_STATE[36:32]). */
#define TILE_NUM_NV 0x01u
#define TILE_NUM_DZ 0x02u
#define TILE_NUM_OF 0x04u
#define TILE_NUM_UF 0x08u
#define TILE_NUM_NX 0x10u

/* Options of the encoders. */
#define TILE_NUM_SAT  0x1u      /* B.DATR Sat: clamp instead of overflowing */
#define TILE_NUM_WRAP 0x2u      /* float -> integer without SAT: a finite
                                   out-of-range value wraps modulo 2^width
                                   (B.FPATR post-processing) instead of
                                   giving the indefinite value */

/*
 * Round the exact value *x once into type t.  Floating destinations follow
 * IEEE 754-2019 (tininess after rounding, gradual underflow) with the
 * per-format overflow rules of docs/numeric-formats.md; E8M0 follows
 * PTO-TCVT-E8M0-PROFILE-001; integer destinations round to an integer and
 * then check the range (so rounding happens before saturation).
 */
uint64_t tile_num_round(TileDType t, const TileNumExact *x, TileRound rm,
                        unsigned opts, unsigned *flags);

/* tile_num_round() into an integer of any width 1..64 (the FSU's integer
 * carriers include U2, U1, S2, S1). */
uint64_t tile_num_round_int(const TileNumExact *x, unsigned width, bool is_signed,
                            TileRound rm, unsigned opts, unsigned *flags);

/*
 * The reference encoders of B.FPATR post-processing
 * (PTO-ARCH-PROFILE-MATRIX-QUANTIZATION), for t = FP32, FP16, BF16, E4M3
 * or HiF8: tile_num_round() of the exact value, except that
 *   - FP32 / FP16 / BF16 overflow to infinity in every rounding mode (the
 *     largest finite value only with sat);
 *   - E4M3 / HiF8 overflow when the magnitude exceeds the largest finite
 *     value before rounding (NaN for E4M3, infinity for HiF8; the largest
 *     finite value with sat), and a result that rounds to zero is +0;
 *   - UF is decided before rounding: an inexact result whose exact
 *     magnitude is below the smallest normal;
 *   - an exact zero encodes as +0.
 * docs/numeric-formats.md lists these differences.
 */
uint64_t tile_num_round_reference(TileDType t, const TileNumExact *x, TileRound rm,
                                  bool sat, unsigned *flags);

/*
 * Convert one element of type src into type dst (TCVT semantics): NaN,
 * infinity and invalid encodings get the special results of
 * docs/numeric-formats.md, finite values are rounded once from their exact
 * value, integer -> integer wraps or (with TILE_NUM_SAT) saturates.
 */
uint64_t tile_num_convert(TileDType dst, TileDType src, uint64_t raw,
                          TileRound rm, unsigned opts, unsigned *flags);

/* tile_num_convert() from an FP64 source.  The double must be the exact
 * value to round: rounding an FP32 or FP64 intermediate first and then
 * calling this is a double rounding. */
uint64_t tile_num_from_double(TileDType t, double v, TileRound rm,
                              unsigned opts, unsigned *flags);

/* The encoding of one in type t (1.0, or the integer 1). */
uint64_t tile_num_one(TileDType t);

/* HardwareTCVTTypePairSupported: E8M0 accepts FP16, BF16, FP32 sources. */
bool tile_num_tcvt_supported(TileDType dst, TileDType src);

/* A key monotonic in the value of a non-NaN sign-magnitude (floating)
 * encoding of t, over its width (TileFloatingOrderKey): -0 orders below
 * +0.  TMAX / TMIN / TCMP and the sorts order by it. */
uint64_t tile_num_order_key(TileDType t, uint64_t raw);

/* floor(sqrt(2) * 2^63): the geometric midpoint of [2^f, 2^(f+1)) for a
 * significand normalised to bit 63 (E8M0 rounding, the LOG reduction). */
#define TILE_NUM_SQRT2_Q63 UINT64_C(0xb504f333f9de6484)

/* Integer raw value sign- or zero-extended to 64 bits. */
uint64_t tile_int_normalize(TileDType t, uint64_t raw);

/*
 * numeric-profile=pto-v0: the 64-bit word the reference model holds for an
 * element as TLOAD writes it (DecodeTileMemoryElementRaw): S8, S16 and S32
 * sign-extended (NormalizeTileInteger), every other type zero-extended --
 * S4X2 too, since the model keeps 4-bit elements packed and reads them
 * zero-extended.  The raw-carrier rules that consume whole words (TCVT
 * from an integer type to a floating one, the CUBE products) start from it.
 */
static inline uint64_t tile_v0_word(TileDType t, uint64_t raw)
{
    switch (t) {
    case TILE_DT_S8:
        return (uint64_t)(int64_t)(int8_t)raw;
    case TILE_DT_S16:
        return (uint64_t)(int64_t)(int16_t)raw;
    case TILE_DT_S32:
        return (uint64_t)(int64_t)(int32_t)raw;
    default:
        return raw;
    }
}

/*
 * Packed 4-bit types: logical lane 2*i is bits 3:0 of byte i, lane 2*i+1
 * is bits 7:4 (hardware conformance profile, packed_storage.lane_order).
 */
static inline unsigned tile_lane4_get(const uint8_t *base, size_t lane)
{
    return (base[lane >> 1] >> ((lane & 1) * 4)) & 0xf;
}

static inline void tile_lane4_set(uint8_t *base, size_t lane, unsigned v)
{
    unsigned shift = (lane & 1) * 4;

    base[lane >> 1] = (uint8_t)((base[lane >> 1] & ~(0xfu << shift)) |
                                ((v & 0xfu) << shift));
}

#endif /* TARGET_TILE_TILE_NUMERIC_H */
