; SPDX-License-Identifier: GPL-2.0-or-later
; Hand-worked SFU cases, one or more for each decision of gen-sfu-elem.py's
; model (integer truncation, the floor-modulo fix-up, the zero-divisor
; rejection, the floating DIV / REM special values in their order, the
; special-value table of TEXP TLOG TRECIP TSQRT TRSQRT in its order, the
; correctly rounded finite results) and of gen-sfu-reduce.py's fold (the
; start values, the left order, the ARG* selection) and EXPDIF widening,
; so that a misreading shared by those models and the C cannot pass both.
; Each case names the spec unit or ASL function it is worked from
; (asl/tile/model/execution/elementwise.asl, unary.asl, reduction.asl,
; expansion.asl; spec/hardware-conformance-profile.json keys; or the
; documented choice in docs/implementation-defined.md where the spec is
; silent) and shows the working.  Default (ieee) profile; PE0, 1 x N.
; FP32: 1.0 0x3F800000, 2.0 0x40000000, 3.0 0x40400000, 4.0 0x40800000,
; 0.5 0x3F000000, 1.5 0x3FC00000, -1.0 0xBF800000, inf 0x7F800000,
; canonical NaN 0x7FC00000.  docs/coverage/tile.md lists the decisions.
    .include "../testlib.inc"
    .include "tile-check.inc"
    .include "hand.inc"
    .text
    .globl _start
_start:
    hbegin

    ; TDIV S32 truncates toward zero (TileIntegerDivRemValue,
    ; ScalarDivideSigned): -7 / 2 = -3.5 -> -3; 7 / -2 -> -3.
    tcase 1
    hload s32, 2, d_a, t
    hload s32, 2, d_b, t
    hop2 sfu, tdiv, s32, 2
    hstore s32, 2
    hword 0, 0xfffffffdfffffffd
    ; -2^31 / -1 = 2^31 wraps to -2^31 (0x80000000); 7 / 7 = 1
    hload s32, 2, d_c, t
    hload s32, 2, d_d, t
    hop2 sfu, tdiv, s32, 2
    hstore s32, 2
    hword 0, 0x0000000180000000
    hflags 0

    ; TREM S32 is the floor modulo (TileSignedModulo): the truncated
    ; remainder, plus the divisor when it is nonzero and its sign differs
    ; from the divisor's.  -7 rem 3: q = -2, r = -7 + 6 = -1, signs differ
    ; -> -1 + 3 = 2; 7 rem -3: q = -2, r = 7 - 6 = 1 -> 1 - 3 = -2.
    tcase 2
    hload s32, 2, r_a, t
    hload s32, 2, r_b, t
    hop2 sfu, trem, s32, 2
    hstore s32, 2
    hword 0, 0xfffffffe00000002
    ; -7 rem -3: q = 2, r = -1, the divisor's sign: kept; -6 rem 3: r = 0,
    ; no fix-up
    hload s32, 2, r_c, t
    hload s32, 2, r_d, t
    hop2 sfu, trem, s32, 2
    hstore s32, 2
    hword 0, 0x00000000ffffffff
    ; U32: the plain remainder, 7 rem 3 = 1, 0xFFFFFFFF rem 16 = 15
    hload u32, 2, r_e, t
    hload u32, 2, r_f, t
    hop2 sfu, trem, u32, 2
    hstore u32, 2
    hword 0, 0x0000000f00000001
    hflags 0

    ; An integer zero divisor in a valid element is rejected before any
    ; effect (TileIntegerDivRemValue asserts a nonzero divisor; the
    ; operand legality: Fault_TileLegality, trap 5 at the BSTOP).
    case 3
    hload s32, 2, d_a, t
    hload s32, 2, d_zero, t
    snapshot
    expect_fault r3
    bstart.sfu tdiv, s32
    b.dim zero, 2, ->lb0
    b.iot t#2, t#1, mask=1000, last, ->m<0001>
f3: bstop
    j testlib_fail
r3:
    check_fault T_TILE, f3
    check_unchanged
    hflags 0

    ; TDIV FP32, the exact quotient rounded once (RNE): 1 / 3 =
    ; 0.0101...b -> 0x3EAAAAAB (the dropped 0.0101..b of an ulp is above
    ; one half: round up), NX; 10 / 4 = 2.5 (0x40200000) exact.
    tcase 4
    hload fp32, 2, q_a, t
    hload fp32, 2, q_b, t
    hop2 sfu, tdiv, fp32, 2
    hstore fp32, 2
    hword 0, 0x402000003eaaaaab
    hflags 16

    ; TDIV special values (IEEE 754 7.2, 7.3 through /arithmetic/standard;
    ; the canonical NaN): the NaN rule comes first -- qNaN / 0 is the
    ; canonical NaN without DZ, and 1 / 1 = 1.
    tcase 5
    hload fp32, 2, s_a, t
    hload fp32, 2, s_b, t
    hop2 sfu, tdiv, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f8000007fc00000
    hflags 0
    ; sNaN / 1 and inf / inf: the canonical NaN with NV
    hload fp32, 2, s_c, t
    hload fp32, 2, s_d, t
    hop2 sfu, tdiv, fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc000007fc00000
    hflags 1
    ; 0 / 0 is invalid (NV) before the zero-divisor rule; -inf / 2 = -inf
    hload fp32, 2, s_e, t
    hload fp32, 2, s_f, t
    hop2 sfu, tdiv, fp32, 2
    hstore fp32, 2
    hword 0, 0xff8000007fc00000
    hflags 1
    ; 1 / -0 = -inf and -1 / +0 = -inf, DZ
    hload fp32, 2, s_g, t
    hload fp32, 2, s_h, t
    hop2 sfu, tdiv, fp32, 2
    hstore fp32, 2
    hword 0, 0xff800000ff800000
    hflags 2
    ; 2 / -inf = -0 and -0 / 5 = -0 (the sign is the XOR), no flags
    hload fp32, 2, s_i, t
    hload fp32, 2, s_j, t
    hop2 sfu, tdiv, fp32, 2
    hstore fp32, 2
    hword 0, 0x8000000080000000
    hflags 0

    ; TREM FP32, the floor modulo x - floor(x / y) * y, exact
    ; (docs/implementation-defined.md entry 45, the TREM contract):
    ; 7.5 rem 2 = 7.5 - 3 * 2 = 1.5; -7.5 rem 2 = -7.5 - (-4) * 2 = 0.5.
    tcase 6
    hload fp32, 2, m_a, t
    hload fp32, 2, m_b, t
    hop2 sfu, trem, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f0000003fc00000
    ; 7.5 rem -2 = 7.5 - (-4)(-2) = -0.5; 6 rem -3 = 0, a zero result
    ; takes the divisor's sign: -0
    hload fp32, 2, m_c, t
    hload fp32, 2, m_d, t
    hop2 sfu, trem, fp32, 2
    hstore fp32, 2
    hword 0, 0x80000000bf000000
    ; -6 rem 3 = +0 (the divisor's sign); 0 rem -3 = -0 (a zero dividend
    ; too)
    hload fp32, 2, m_e, t
    hload fp32, 2, m_f, t
    hop2 sfu, trem, fp32, 2
    hstore fp32, 2
    hword 0, 0x8000000000000000
    hflags 0
    ; 1 rem 0 and inf rem 1 are NaN with NV
    hload fp32, 2, m_g, t
    hload fp32, 2, m_h, t
    hop2 sfu, trem, fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc000007fc00000
    hflags 1
    ; x rem inf: x when the signs agree (1 rem +inf = 1), the infinity when
    ; they differ (-1 rem +inf = +inf: floor(-1 / inf) = -1)
    hload fp32, 2, m_i, t
    hload fp32, 2, m_j, t
    hop2 sfu, trem, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f8000007f800000
    hflags 0

    ; TEXP's table (TileSFUUnarySpecialValue): +-0 -> 1.0; +inf -> +inf,
    ; -inf -> +0; no flags.
    tcase 7
    hload fp32, 2, e_a, t
    hop1 sfu, texp, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f8000003f800000
    hload fp32, 2, e_b, t
    hop1 sfu, texp, fp32, 2
    hstore fp32, 2
    hword 0, 0x000000007f800000
    hflags 0
    ; a NaN first: sNaN -> canonical, NV; e^1 = 2.7182818284... correctly
    ; rounded: 0x402DF854 (2.71828174...) is 8.3e-8 below, 0x402DF855
    ; 1.6e-7 above -> 0x402DF854, NX
    hload fp32, 2, e_c, t
    hop1 sfu, texp, fp32, 2
    hstore fp32, 2
    hword 0, 0x402df8547fc00000
    hflags 17

    ; TLOG: LOG(1.0) = +0 exactly; LOG(-0) = -inf with DZ (a zero comes
    ; before "negative": -0 is not an invalid input)
    tcase 8
    hload fp32, 2, l_a, t
    hop1 sfu, tlog, fp32, 2
    hstore fp32, 2
    hword 0, 0xff80000000000000
    hflags 2
    ; LOG(-1) -> NaN, NV; LOG(+inf) = +inf
    hload fp32, 2, l_b, t
    hop1 sfu, tlog, fp32, 2
    hstore fp32, 2
    hword 0, 0x7f8000007fc00000
    hflags 1
    ; ln 2 = 0.69314718056...: 0x3F317218 (0.6931471825) is 1.9e-9 away,
    ; 0x3F317217 5.8e-8: 0x3F317218, NX; LOG(4.0) = 2 ln 2 = 1.3862943611:
    ; 0x3FB17218 (1.386294365) 4.0e-9 away, 0x3FB17217 1.2e-7 -> 0x3FB17218
    hload fp32, 2, l_c, t
    hop1 sfu, tlog, fp32, 2
    hstore fp32, 2
    hword 0, 0x3fb172183f317218
    hflags 16

    ; TRECIP: +-0 -> +-inf, DZ; +-inf -> +-0; 1/3 -> 0x3EAAAAAB NX; 1/0.25
    ; = 4 exact
    tcase 9
    hload fp32, 2, c_a, t
    hop1 sfu, trecip, fp32, 2
    hstore fp32, 2
    hword 0, 0xff8000007f800000
    hflags 2
    hload fp32, 2, c_b, t
    hop1 sfu, trecip, fp32, 2
    hstore fp32, 2
    hword 0, 0x8000000000000000
    hflags 0
    hload fp32, 2, c_c, t
    hop1 sfu, trecip, fp32, 2
    hstore fp32, 2
    hword 0, 0x408000003eaaaaab
    hflags 16

    ; TSQRT: -0 -> -0, +inf -> +inf (no flags); -1 and -inf -> NaN, NV; a
    ; quiet NaN of either sign (0xFFC00000) is the NaN rule's, before the
    ; negative rule: canonical, no NV; sqrt(4) = 2 exact.
    tcase 10
    hload fp32, 2, q_sa, t
    hop1 sfu, tsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x7f80000080000000
    hflags 0
    hload fp32, 2, q_sb, t
    hop1 sfu, tsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc000007fc00000
    hflags 1
    hload fp32, 2, q_sc, t
    hop1 sfu, tsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x400000007fc00000
    hflags 0
    ; sqrt 2 = 1.41421356237: 0x3FB504F3 (1.4142135382) 2.4e-8 below,
    ; 0x3FB504F4 9.5e-8 above -> 0x3FB504F3, NX
    hload fp32, 2, q_sd, t
    hop1 sfu, tsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f8000003fb504f3
    hflags 16

    ; TRSQRT: -0 -> -inf, DZ (the zero rule, before the negative rule);
    ; +inf -> +0
    tcase 11
    hload fp32, 2, q_ra, t
    hop1 sfu, trsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x00000000ff800000
    hflags 2
    ; 1/sqrt(4) = 0.5 exact; 1/sqrt(2) = 0.70710678119: 0x3F3504F3
    ; (0.7071067691) 1.2e-8 below, 0x3F3504F4 4.8e-8 above -> 0x3F3504F3,
    ; NX
    hload fp32, 2, q_rb, t
    hop1 sfu, trsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f3504f33f000000
    hflags 16

    ; E4M3 has no infinity (TileFloatingUnaryUnboundedResult: the OFP8
    ; non-saturating result is NaN): LOG(+0) and RECIP(-0), RECIP(+0) give
    ; 0x7F with DZ only (every lane: the other seven are +0).
    tcase 12
    hload e4m3, 8, e4_a, t
    hop1 sfu, tlog, e4m3, 8
    hstore e4m3, 8
    hword 0, 0x7f7f7f7f7f7f7f7f
    hflags 2
    hload e4m3, 8, e4_b, t
    hop1 sfu, trecip, e4m3, 8
    hstore e4m3, 8
    hword 0, 0x7f7f7f7f7f7f7f7f
    hflags 2

    ; TROWSUM starts from the zero word (TileReductionInitialValue SUM):
    ; +0 + -0 = +0 under RNE, so the sum of [-0] is +0, not -0.
    tcase 13
    hload fp32, 1, z_neg, t
    hop1 sfu, trowsum, fp32, 1
    hstore fp32, 1
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0
    hflags 0
    ; FP16 [2048, 1, 1, 1, 1, 0, 0, 0] folds left, rounding each step
    ; (TileReductionStepWithFlags, increasing index): 2048 + 1 = 2049 is a
    ; tie between 2048 and 2050 (FP16's ulp there is 2): to the even 2048,
    ; four times: 2048 (0x6800), NX.  (A tree sum would reach 2052.)
    hload fp16, 8, z_h, t
    hop1 sfu, trowsum, fp16, 8
    hstore fp16, 1
    hl.liu hout, ->a5
    lhui [a5, 0], ->a2
    check_eq a2, 0x6800
    hflags 16
    ; TROWPROD starts from one (TileReductionOneEncoding): 1 * 3 * 0.5 =
    ; 1.5
    hload fp32, 2, z_p, t
    hop1 sfu, trowprod, fp32, 2
    hstore fp32, 1
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x3fc00000

    ; ARG* (ExecuteTileReduction): the index moves when the step's result
    ; equals the element and differs from the accumulator.  ARGMAX [1, 3,
    ; 3, 2] = 1 (the second 3 ties: max(3, 3) is the accumulator);
    tcase 14
    hload fp32, 4, a_a, t
    hop1 sfu, trowargmax, fp32, 4
    hstore u32, 1
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 1
    ; ARGMAX [qNaN, 1, 2, 0] = 2: max(NaN, 1) = 1 moves to 1, then 2 to 2,
    ; and 0 loses
    hload fp32, 4, a_b, t
    hop1 sfu, trowargmax, fp32, 4
    hstore u32, 1
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 2
    ; ARGMIN [+0, -0] = 1: min(+0, -0) = -0, the element, not the
    ; accumulator
    hload fp32, 2, a_c, t
    hop1 sfu, trowargmin, fp32, 2
    hstore u32, 1
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 1
    hflags 0
    ; TROWMAX [sNaN, 1.0] = 1.0, and the reduction records NV
    ; (docs/implementation-defined.md entry 57)
    hload fp32, 2, a_d, t
    hop1 sfu, trowmax, fp32, 2
    hstore fp32, 1
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x3f800000
    hflags 1

    ; TROWEXPANDEXPDIF FP16 into FP32, default profile: the hardware
    ; profile's exact widening (/mixed_expdif/exact_widening/FP16:
    ; "normalize to the unique equal-valued FP32 encoding"): 0x0003 = 3 *
    ; 2^-24 = 1.5 * 2^-23 -> 0x34400000; minus the broadcast +0, then
    ; e^(1.5 * 2^-23) = 1 + 1.5 * 2^-23 + 1.125 * 2^-46 + ...: just above
    ; the midpoint of 1 + 2^-23 and 1 + 2^-22 -> 0x3F800002, NX.  An FP16
    ; sNaN raises NV (the FP32 signaling-input rule): canonical NaN.
    tcase 15
    hload fp16, 1, x_b, t
    hload fp16, 2, x_a, t
    bstart.sfu trowexpandexpdif, fp16
    b.dim zero, 2, ->lb0
    b.datr layout=0, datatype=1, pad=0, cmode=0, rmode=0
    b.iot t#1, t#2, mask=1000, last, ->m<0010>
    bstop
    hstore fp32, 2
    hword 0, 0x7fc000003f800002
    hflags 17
    test_end

    tile_handler_body
    .data
    .balign 8
hout:       .space 16
d_a:        .word 0xfffffff9, 7
d_b:        .word 2, 0xfffffffe
d_c:        .word 0x80000000, 7
d_d:        .word 0xffffffff, 7
d_zero:     .word 1, 0
r_a:        .word 0xfffffff9, 7
r_b:        .word 3, 0xfffffffd
r_c:        .word 0xfffffff9, 0xfffffffa
r_d:        .word 0xfffffffd, 3
r_e:        .word 7, 0xffffffff
r_f:        .word 3, 16
q_a:        .word 0x3f800000, 0x41200000
q_b:        .word 0x40400000, 0x40800000
s_a:        .word 0x7fc00000, 0x3f800000
s_b:        .word 0x00000000, 0x3f800000
s_c:        .word 0x7f800001, 0x7f800000
s_d:        .word 0x3f800000, 0x7f800000
s_e:        .word 0x00000000, 0xff800000
s_f:        .word 0x00000000, 0x40000000
s_g:        .word 0x3f800000, 0xbf800000
s_h:        .word 0x80000000, 0x00000000
s_i:        .word 0x40000000, 0x80000000
s_j:        .word 0xff800000, 0x40a00000
m_a:        .word 0x40f00000, 0xc0f00000
m_b:        .word 0x40000000, 0x40000000
m_c:        .word 0x40f00000, 0x40c00000
m_d:        .word 0xc0000000, 0xc0400000
m_e:        .word 0xc0c00000, 0x00000000
m_f:        .word 0x40400000, 0xc0400000
m_g:        .word 0x3f800000, 0x7f800000
m_h:        .word 0x00000000, 0x3f800000
m_i:        .word 0xbf800000, 0x3f800000
m_j:        .word 0x7f800000, 0x7f800000
e_a:        .word 0x00000000, 0x80000000
e_b:        .word 0x7f800000, 0xff800000
e_c:        .word 0x7f800001, 0x3f800000
l_a:        .word 0x3f800000, 0x80000000
l_b:        .word 0xbf800000, 0x7f800000
l_c:        .word 0x40000000, 0x40800000
c_a:        .word 0x00000000, 0x80000000
c_b:        .word 0x7f800000, 0xff800000
c_c:        .word 0x40400000, 0x3e800000
q_sa:       .word 0x80000000, 0x7f800000
q_sb:       .word 0xbf800000, 0xff800000
q_sc:       .word 0xffc00000, 0x40800000
q_sd:       .word 0x40000000, 0x3f800000
q_ra:       .word 0x80000000, 0x7f800000
q_rb:       .word 0x40800000, 0x40000000
e4_a:       .byte 0x00, 0, 0, 0, 0, 0, 0, 0
e4_b:       .byte 0x80, 0, 0, 0, 0, 0, 0, 0
z_neg:      .word 0x80000000
z_h:        .half 0x6800, 0x3c00, 0x3c00, 0x3c00, 0x3c00, 0, 0, 0
    .balign 8
z_p:        .word 0x40400000, 0x3f000000
a_a:        .word 0x3f800000, 0x40400000, 0x40400000, 0x40000000
a_b:        .word 0x7fc00000, 0x3f800000, 0x40000000, 0
a_c:        .word 0x00000000, 0x80000000
a_d:        .word 0x7f800001, 0x3f800000
x_a:        .half 0x0003, 0x7d00
x_b:        .half 0x0000
    tile_snap_area
