; SPDX-License-Identifier: GPL-2.0-or-later
; Hand-worked FSU cases, one or more for each decision of gen-fsu.py's
; model (NaN and infinity rules, the exact-zero sign, rounding, overflow
; and underflow, the FP32 carrier, FMIN / FMAX, the compares, FABS,
; FSQRT / FRECIP / FEXP specials, the fused forms, FCVT into each format,
; FP -> integer in the five fixed modes with the indefinite values,
; integer -> FP), so that a misreading shared by that model and the C
; cannot pass both.  Each case names its source -- the scalar ASL
; (asl/scalar/model/fsu/profile.asl, arithmetic.asl), IEEE 754-2019 as the
; hardware profile asks it (spec/hardware-conformance-profile.json
; /arithmetic), or the documented choice in docs/numeric-profiles.md --
; and shows the working; the status flags of each case are checked.
; Default (ieee) profile, RNE.  FP64: 1.0 0x3FF0000000000000, inf
; 0x7FF0000000000000, canonical NaN 0x7FF8000000000000.
    .include "../testlib.inc"

; a2 <- A OP B (source type ST), checked against WANT, then the flags
    .macro fbin op, st, a, b, want, flags
    li64 \a
    or zero, x3, ->a0
    li64 \b
    or zero, x3, ->a1
    \op a0, a1, ->a2, srctype=\st
    check_eq a2, \want
    check_fflags \flags
    .endm

; a1 <- OP A (FP64), checked against WANT, then the flags
    .macro fun op, a, want, flags
    li64 \a
    or zero, x3, ->a0
    \op a0, ->a1, srctype=0
    check_eq a1, \want
    check_fflags \flags
    .endm

; a1 <- the conversion OP of A (source type ST) into DstType DST
    .macro fcv op, dst, st, a, want, flags
    li64 \a
    or zero, x3, ->a0
    \op a0, ->a1, dsttype=\dst, srctype=\st
    check_eq a1, \want
    check_fflags \flags
    .endm

; a3 <- the fused OP of L = A, R = B and the addend C (FP64)
    .macro ffma op, a, b, c, want, flags
    li64 \a
    or zero, x3, ->a0
    li64 \b
    or zero, x3, ->a1
    li64 \c
    or zero, x3, ->a2
    \op a0, a1, a2, ->a3, srctype=0
    check_eq a3, \want
    check_fflags \flags
    .endm

    .text
    .globl _start
_start:
    bstart.sys fall
    ssrset zero, SR_CORE_STATE
    bstop

    ; RNE ties (IEEE 754 4.3.1): 1 + 2^-53 is half an ulp above 1.0 -> the
    ; even 1.0, NX; 1 + (2^-53 + 2^-105) is above the tie -> 1 + 2^-52, NX
    case 1
    fbin fadd, 0, 0x3ff0000000000000, 0x3ca0000000000000, 0x3ff0000000000000, 16
    fbin fadd, 0, 0x3ff0000000000000, 0x3ca0000000000001, 0x3ff0000000000001, 16

    ; NaN operands give the canonical NaN (/arithmetic/canonical_nan_output);
    ; NV for a signaling one only
    case 2
    fbin fadd, 0, 0x7ff0000000000001, 0x3ff0000000000000, 0x7ff8000000000000, 1
    fbin fadd, 0, 0x3ff0000000000000, 0xfff8000000001234, 0x7ff8000000000000, 0

    ; inf - inf and 0 * inf are invalid (IEEE 754 7.2); inf + 1 = inf,
    ; -0 * 5 = -0, exact
    case 3
    fbin fsub, 0, 0x7ff0000000000000, 0x7ff0000000000000, 0x7ff8000000000000, 1
    fbin fadd, 0, 0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, 0
    fbin fmul, 0, 0x0000000000000000, 0x7ff0000000000000, 0x7ff8000000000000, 1
    fbin fmul, 0, 0x8000000000000000, 0x4014000000000000, 0x8000000000000000, 0

    ; the sign of an exact zero sum (IEEE 754 6.3): 1.5 + -1.5 = +0 under
    ; RNE; -0 + -0 = -0; -0 - +0 is -0 + -0 = -0
    case 4
    fbin fadd, 0, 0x3ff8000000000000, 0xbff8000000000000, 0x0000000000000000, 0
    fbin fadd, 0, 0x8000000000000000, 0x8000000000000000, 0x8000000000000000, 0
    fbin fsub, 0, 0x8000000000000000, 0x0000000000000000, 0x8000000000000000, 0

    ; overflow: max + max -> +inf, OF NX; underflow: 2^-1000 * 2^-74 =
    ; 2^-1074, the smallest subnormal, exact (no flag); 2^-1000 * 2^-100 =
    ; 2^-1100, below half of 2^-1074: +0, UF NX
    case 5
    fbin fadd, 0, 0x7fefffffffffffff, 0x7fefffffffffffff, 0x7ff0000000000000, 20
    fbin fmul, 0, 0x0170000000000000, 0x3b50000000000000, 0x0000000000000001, 0
    fbin fmul, 0, 0x0170000000000000, 0x39b0000000000000, 0x0000000000000000, 24

    ; FDIV (IEEE 754 7.3): 1 / 3 = 0x3FD5555555555555 (0.0101..b: the
    ; dropped part is a third of an ulp: down), NX; -1 / +0 = -inf, DZ;
    ; 0 / 0 invalid; 1 / inf = +0 and -2 / inf = -0, exact
    case 6
    fbin fdiv, 0, 0x3ff0000000000000, 0x4008000000000000, 0x3fd5555555555555, 16
    fbin fdiv, 0, 0xbff0000000000000, 0x0000000000000000, 0xfff0000000000000, 2
    fbin fdiv, 0, 0x0000000000000000, 0x0000000000000000, 0x7ff8000000000000, 1
    fbin fdiv, 0, 0x3ff0000000000000, 0x7ff0000000000000, 0x0000000000000000, 0
    fbin fdiv, 0, 0xc000000000000000, 0x7ff0000000000000, 0x8000000000000000, 0

    ; the FP32 carrier (NormalizeScalarFPSource / ...Result): bits 63:32 of
    ; a source are ignored, the result is zero-extended: 1.0 + 2.0 = 3.0
    ; (0x40400000)
    case 7
    fbin fadd, 1, 0xdeadbeef3f800000, 0x1234567840000000, 0x0000000040400000, 0

    ; FMIN / FMAX (ScalarFPMinMax): one NaN -> the other operand, NV for a
    ; signaling NaN (the portable rules); two NaNs -> the canonical NaN;
    ; +0 / -0: MIN -0, MAX +0; FP32 as well
    case 8
    fbin fmin, 0, 0x7ff8000000000000, 0x4008000000000000, 0x4008000000000000, 0
    fbin fmax, 0, 0x4008000000000000, 0x7ff0000000000001, 0x4008000000000000, 1
    fbin fmax, 0, 0x7ff8000000000000, 0x7ff0000000000002, 0x7ff8000000000000, 1
    fbin fmin, 0, 0x0000000000000000, 0x8000000000000000, 0x8000000000000000, 0
    fbin fmax, 0, 0x8000000000000000, 0x0000000000000000, 0x0000000000000000, 0
    fbin fmin, 1, 0xbf800000, 0x3f800000, 0xbf800000, 0

    ; compares: with a NaN FNE is 1 (docs/numeric-profiles.md ieee choice
    ; 1, IEEE unordered) and the others 0; a quiet compare of a qNaN raises
    ; nothing, a signaling operand NV, and the signaling forms (FEQS ...)
    ; NV for any NaN; +0 == -0, and -0 is not below +0
    case 9
    fbin fne, 0, 0x7ff8000000000000, 0x3ff0000000000000, 1, 0
    fbin feq, 0, 0x7ff8000000000000, 0x3ff0000000000000, 0, 0
    fbin flt, 0, 0x3ff0000000000000, 0x7ff0000000000001, 0, 1
    fbin feqs, 0, 0x7ff8000000000000, 0x7ff8000000000000, 0, 1
    fbin feq, 0, 0x0000000000000000, 0x8000000000000000, 1, 0
    fbin flt, 0, 0x8000000000000000, 0x0000000000000000, 0, 0
    fbin fge, 0, 0x8000000000000000, 0x0000000000000000, 1, 0

    ; FABS clears the sign bit only (ScalarFPUnaryProfile is bypassed: the
    ; portable rule), a NaN keeps its payload, no flags
    case 10
    fun fabs, 0xfff0000000000001, 0x7ff0000000000001, 0

    ; FSQRT: -0 -> -0; -1 -> NaN, NV; +inf -> +inf; sqrt 4 = 2 exact; sqrt 2
    ; = 1.41421356237309504..: 0x3FF6A09E667F3BCD, NX
    case 11
    fun fsqrt, 0x8000000000000000, 0x8000000000000000, 0
    fun fsqrt, 0xbff0000000000000, 0x7ff8000000000000, 1
    fun fsqrt, 0x7ff0000000000000, 0x7ff0000000000000, 0
    fun fsqrt, 0x4010000000000000, 0x4000000000000000, 0
    fun fsqrt, 0x4000000000000000, 0x3ff6a09e667f3bcd, 16

    ; FRECIP = 1 / x: 1 / 3 as FDIV; 1 / -0 = -inf, DZ; 1 / inf = +0
    case 12
    fun frecip, 0x4008000000000000, 0x3fd5555555555555, 16
    fun frecip, 0x8000000000000000, 0xfff0000000000000, 2
    fun frecip, 0x7ff0000000000000, 0x0000000000000000, 0

    ; FEXP (docs/numeric-profiles.md ieee choice 2): exp(+-0) = 1, exp(-inf)
    ; = +0, exp(+inf) = +inf exactly; e = 2.71828182845904523..:
    ; 0x4005BF0A8B145769, NX; a NaN -> canonical
    case 13
    fun fexp, 0x8000000000000000, 0x3ff0000000000000, 0
    fun fexp, 0xfff0000000000000, 0x0000000000000000, 0
    fun fexp, 0x7ff0000000000000, 0x7ff0000000000000, 0
    fun fexp, 0x3ff0000000000000, 0x4005bf0a8b145769, 16
    fun fexp, 0x7ff4000000000000, 0x7ff8000000000000, 1

    ; fused forms, one rounding: (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60
    ; exactly (0xBC30000000000000; a rounded product 1 - 2^-60 would round
    ; to 1.0 first and give 0); FMSUB 2 * 3 - 1 = 5; FNMADD -(2 * 3 + 1) =
    ; -7; FNMSUB -(2 * 3 - 1) = -5
    case 14
    ffma fmadd, 0x3ff0000000400000, 0x3fefffffff800000, 0xbff0000000000000, 0xbc30000000000000, 0
    ffma fmsub, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, 0x4014000000000000, 0
    ffma fnmadd, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, 0xc01c000000000000, 0
    ffma fnmsub, 0x4000000000000000, 0x4008000000000000, 0x3ff0000000000000, 0xc014000000000000, 0
    ; FNMADD rounds L * R + A first and then negates: 1 * -0 + +0 = +0
    ; (RNE), negated: -0; inf * 0 + 1 is invalid
    ffma fnmadd, 0x3ff0000000000000, 0x8000000000000000, 0x0000000000000000, 0x8000000000000000, 0
    ffma fmadd, 0x7ff0000000000000, 0x0000000000000000, 0x3ff0000000000000, 0x7ff8000000000000, 1

    ; FCVT between floating carriers (docs/numeric-profiles.md ieee choice
    ; 4): FP64 1/3 -> FP32 0x3EAAAAAB, NX; 1e40 -> FP32 +inf, OF NX
    case 15
    fcv fcvt, 1, 0, 0x3fd5555555555555, 0x3eaaaaab, 16
    fcv fcvt, 1, 0, 0x483d6329f1c35ca5, 0x7f800000, 20
    ; FP16 (4): 65520 is halfway between 65504 (0x7BFF) and 65536 (out of
    ; range): to the even 65536, an overflow -> +inf (0x7C00), OF NX;
    ; 65504 exact; 2^-24 -> 0x0001 exact; 2^-25 is a tie between 0 and
    ; 2^-24: the even 0, UF NX; an sNaN -> 0x7E00, NV
    fcv fcvt, 4, 0, 0x40effe0000000000, 0x7c00, 20
    fcv fcvt, 4, 0, 0x40effc0000000000, 0x7bff, 0
    fcv fcvt, 4, 0, 0x3e70000000000000, 0x0001, 0
    fcv fcvt, 4, 0, 0x3e60000000000000, 0x0000, 24
    fcv fcvt, 4, 0, 0x7ff0000000000001, 0x7e00, 1
    ; BF16 (5): 1 + 2^-8 is a tie at 7 fraction bits -> 1.0 (0x3F80);
    ; 1 + 3 * 2^-9 = 1 + 0.75 ulp -> 1 + 2^-7 (0x3F81); NX
    fcv fcvt, 5, 0, 0x3ff0100000000000, 0x3f80, 16
    fcv fcvt, 5, 0, 0x3ff0180000000000, 0x3f81, 16
    ; TF32 (2, s:e8:m10 in 19 bits): 1 + 2^-11 + 2^-30 is above the tie at
    ; 10 bits -> 1 + 2^-10: (127 << 10) | 1 = 0x1FC01, NX; a NaN -> the
    ; 19-bit canonical NaN 0 11111111 1000000000b = 0x3FE00.  HF32 (3, the
    ; binary32 layout with 11 fraction bits): 1 + 2^-11 -> 0x3F801000, NX
    fcv fcvt, 2, 0, 0x3ff0020000400000, 0x1fc01, 16
    fcv fcvt, 2, 1, 0x7fc00000, 0x3fe00, 0
    fcv fcvt, 3, 0, 0x3ff0020000400000, 0x3f801000, 16
    ; E5M2 (8): 1.375 is a tie between 1.25 (01b) and 1.5 (10b) -> 1.5:
    ; (15 << 2) | 2 = 0x3E, NX; -inf -> 0xFC.  E4M3 (7): 448 -> 0x7E; 1000
    ; overflows and E4M3 has no infinity -> NaN 0x7F, OF NX; 2^-9 -> the
    ; smallest subnormal 0x01
    fcv fcvt, 8, 0, 0x3ff6000000000000, 0x3e, 16
    fcv fcvt, 8, 0, 0xfff0000000000000, 0xfc, 0
    fcv fcvt, 7, 0, 0x407c000000000000, 0x7e, 0
    fcv fcvt, 7, 0, 0x408f400000000000, 0x7f, 20
    fcv fcvt, 7, 0, 0x3f60000000000000, 0x01, 0

    ; FP -> integer (ScalarFPFixedConversionRoundingMode: FCVTA RNA, FCVTM
    ; RTM, FCVTN RNE, FCVTP RTP, FCVTZ RTZ; S32 = 9, U32 = 1, U8 = 3,
    ; U1 = 6, S1 = 14; results sign- or zero-extended by
    ; NormalizeScalarIntegerResult): 2.5 -> FCVTN 2, FCVTA 3; -2.5 FCVTA
    ; -3; -0.5 FCVTM -1, FCVTP -0 -> 0; -1.7 FCVTZ -1; each NX
    case 16
    fcv fcvtn, 9, 0, 0x4004000000000000, 2, 16
    fcv fcvta, 9, 0, 0x4004000000000000, 3, 16
    fcv fcvta, 9, 0, 0xc004000000000000, 0xfffffffffffffffd, 16
    fcv fcvtm, 9, 0, 0xbfe0000000000000, 0xffffffffffffffff, 16
    fcv fcvtp, 9, 0, 0xbfe0000000000000, 0, 16
    fcv fcvtz, 9, 0, 0xbffb333333333333, 0xffffffffffffffff, 16
    ; invalid (docs/numeric-profiles.md ieee choice 3): NV only, the
    ; indefinite value -- the signed minimum sign-extended, the unsigned
    ; maximum: 1e20 -> S32 0xFFFFFFFF80000000; 255.5 FCVTN -> 256, beyond
    ; U8 -> 0xFF; NaN -> U32 0xFFFFFFFF; -1.0 -> U32 0xFFFFFFFF
    fcv fcvtz, 9, 0, 0x4415af1d78b58c40, 0xffffffff80000000, 1
    fcv fcvtn, 3, 0, 0x406ff00000000000, 0xff, 1
    fcv fcvtz, 1, 0, 0x7ff8000000000000, 0xffffffff, 1
    fcv fcvtz, 1, 0, 0xbff0000000000000, 0xffffffff, 1
    ; the 1-bit carriers: S1 holds -1 and 0, so -1.0 -> 0xFF..FF exactly
    ; and 1.0 is out of range -> the minimum -1, NV; U1: 1.0 -> 1, 2.0 out
    ; of range -> 1, NV
    fcv fcvtz, 14, 0, 0xbff0000000000000, 0xffffffffffffffff, 0
    fcv fcvtz, 14, 0, 0x3ff0000000000000, 0xffffffffffffffff, 1
    fcv fcvtz, 6, 0, 0x3ff0000000000000, 1, 0
    fcv fcvtz, 6, 0, 0x4000000000000000, 1, 1

    ; integer -> FP (active mode RNE): SCVTF of a 32-bit source
    ; (NormalizeScalarIntegerSource sign-extends bits 31:0, the upper bits
    ; ignored): 0xABCD0000FFFFFFFF -> -1.0; UCVTF zero-extends: 0xFFFFFFFF
    ; -> 4294967295.0 (0x41EFFFFFFFE00000); SCVTF 2^53 + 1 -> a tie: the
    ; even 2^53, NX; UCVTF 2^64 - 1 -> 2^64 (0x43F0000000000000), NX;
    ; SCVTF -1 -> E4M3 -1.0 (0xB8)
    case 17
    fcv scvtf, 0, 1, 0xabcd0000ffffffff, 0xbff0000000000000, 0
    fcv ucvtf, 0, 1, 0xabcd0000ffffffff, 0x41efffffffe00000, 0
    fcv scvtf, 0, 0, 0x0020000000000001, 0x4340000000000000, 16
    fcv ucvtf, 0, 0, 0xffffffffffffffff, 0x43f0000000000000, 16
    fcv scvtf, 7, 0, 0xffffffffffffffff, 0xb8, 0
    test_end
