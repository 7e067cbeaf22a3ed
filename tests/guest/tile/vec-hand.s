; SPDX-License-Identifier: GPL-2.0-or-later
; Hand-worked VEC cases, one or more for each decision of gen-vec.py's
; element model (integer wrap and shifts, rounding, NaN and infinity
; rules, signed zeros, overflow, tininess, MIN / MAX, the unary and
; compare rules, TFMA, TCVT), so that a misreading shared by that model and
; the C cannot pass both.  Each case names the spec unit or ASL function it
; is worked from (asl/tile/model/execution/*.asl, asl/arch/features/*.asl,
; spec/hardware-conformance-profile.json keys, or the documented choice in
; docs/numeric-formats.md where the spec is silent) and shows the working.
; Results are 1 x N tiles on PE0; a dword holds elements 0.. from its low
; end.  FP32: 1.0 0x3F800000, 2.0 0x40000000, 3.0 0x40400000, 7.0
; 0x40E00000, -1.0 0xBF800000, max 0x7F7FFFFF, inf 0x7F800000, canonical
; NaN 0x7FC00000.  docs/coverage/tile.md lists the decisions.
    .include "../testlib.inc"
    .include "tile-check.inc"
    .include "hand.inc"
    .text
    .globl _start
_start:
    hbegin

    ; TADD U8 wraps (TileIntegerBinaryValue: NormalizeTileInteger of the
    ; sum): 200 + 100 = 300 - 256 = 44 (0x2C); 255 + 1, 1 + 255, 128 + 128,
    ; 100 + 156, 50 + 206 = 256 -> 0; 127 + 1 = 128; no flags.
    tcase 1
    hload u8, 8, i_u8a, t
    hload u8, 8, i_u8b, t
    hop2 vec, tadd, u8, 8
    hstore u8, 8
    hword 0, 0x000080000000002c
    hflags 0

    ; TSUB S8 wraps: -128 - 1 = -129 -> 127 (0x7F); 127 - (-1) = 128 ->
    ; -128 (0x80); 0 - 1 = -1 (0xFF); 5 - 10 = -5 (0xFB).
    tcase 2
    hload s8, 8, i_s8a, t
    hload s8, 8, i_s8b, t
    hop2 vec, tsub, s8, 8
    hstore s8, 8
    hword 0, 0x00000000fbff807f

    ; TMUL S16 wraps: -32768 * -1 = 32768 -> 0x8000; 300 * 300 = 90000 -
    ; 65536 = 24464 (0x5F90); -3 * 7 = -21 (0xFFEB); 181 * 181 = 32761
    ; (0x7FF9).
    tcase 3
    hload s16, 4, i_s16a, t
    hload s16, 4, i_s16b, t
    hop2 vec, tmul, s16, 4
    hstore s16, 4
    hword 0, 0x7ff9ffeb5f908000

    ; TSHL U8: the count keeps its low log2(8) = 3 bits
    ; (TileIntegerShiftAmount: value[2:0]): 1 << 9 is 1 << 1 = 2; 1 << 8
    ; is 1 << 0 = 1; 0x81 << 1 = 0x102 -> 0x02; 1 << 7 = 0x80.
    tcase 4
    hload u8, 8, i_shv, t
    hload u8, 8, i_shn, t
    hop2 vec, tshl, u8, 8
    hstore u8, 8
    hword 0, 0x0000000080020102

    ; TSHR is arithmetic for a signed type and logical for an unsigned one
    ; (TileIntegerBinaryValue: ASR / LSR): S8 0x80 >> 1 = 0xC0 (-64),
    ; 0xF0 >> 4 = 0xFF; U8 0x80 >> 1 = 0x40, 0xF0 >> 4 = 0x0F.
    tcase 5
    hload s8, 8, i_shr_v, t
    hload s8, 8, i_shr_n, t
    hop2 vec, tshr, s8, 8
    hstore s8, 8
    hword 0, 0x000000000000ffc0
    hload u8, 8, i_shr_v, t
    hload u8, 8, i_shr_n, t
    hop2 vec, tshr, u8, 8
    hstore u8, 8
    hword 0, 0x0000000000000f40

    ; TMAX / TMIN compare signed types as signed, unsigned as unsigned
    ; (TileIntegerMinMaxValue): S8 max(0x80, 0x01) = 0x01 (-128 < 1),
    ; min = 0x80; U8 max(0x80, 0x01) = 0x80 (128 > 1), min = 0x01.
    tcase 6
    hload s8, 8, i_mm_a, t
    hload s8, 8, i_mm_b, t
    hop2 vec, tmax, s8, 8
    hstore s8, 8
    hword 0, 0x0000000000000001
    hop2 vec, tmin, s8, 8
    hstore s8, 8
    hword 0, 0x0000000000000080
    hload u8, 8, i_mm_a, t
    hload u8, 8, i_mm_b, t
    hop2 vec, tmax, u8, 8
    hstore u8, 8
    hword 0, 0x0000000000000080
    hop2 vec, tmin, u8, 8
    hstore u8, 8
    hword 0, 0x0000000000000001

    ; TADD FP32, exact sum rounded once to nearest even (IEEE 754 through
    ; /arithmetic/standard, /b_datr/rounding_modes/0: RNE):
    ;   1 + 2^-24: exactly half an ulp (2^-23) above 1.0, a tie, to the
    ;   even 1.0 (0x3F800000), NX;
    ;   (1 + 2^-23) + 2^-24 = 1 + 3 * 2^-24: halfway between 1 + 2^-23
    ;   (fraction 1, odd) and 1 + 2^-22 (fraction 2, even): 0x3F800002, NX.
    tcase 7
    hload fp32, 2, f_tie_a, t
    hload fp32, 2, f_tie_b, t
    hop2 vec, tadd, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f8000023f800000
    hflags 16

    ; NaN operands give the canonical NaN (/arithmetic/canonical_nan_output);
    ; only a signaling one raises NV: qNaN 0x7FC01234 + 1.0 and 1.0 +
    ; -qNaN 0xFFC00000 -> 0x7FC00000, no flags; then sNaN 0x7F800001 + 1.0
    ; -> 0x7FC00000 with NV.
    tcase 8
    hload fp32, 2, f_qnan_a, t
    hload fp32, 2, f_qnan_b, t
    hop2 vec, tadd, fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc000007fc00000
    hflags 0
    hload fp32, 2, f_snan_a, t
    hload fp32, 2, f_ones, t
    hop2 vec, tadd, fp32, 2
    hstore fp32, 2
    hword 0, 0x400000007fc00000
    hflags 1

    ; TSUB inf - inf is invalid: the canonical NaN, NV; -inf - 1.0 = -inf
    ; exactly (no flags of its own).
    tcase 9
    hload fp32, 2, f_infs, t
    hload fp32, 2, f_inf_one, t
    hop2 vec, tsub, fp32, 2
    hstore fp32, 2
    hword 0, 0xff8000007fc00000
    hflags 1

    ; TMUL 0 * inf is invalid (canonical NaN, NV); -0 * 3.0 = -0
    ; (0x80000000), exact.
    tcase 10
    hload fp32, 2, f_zinf_a, t
    hload fp32, 2, f_zinf_b, t
    hop2 vec, tmul, fp32, 2
    hstore fp32, 2
    hword 0, 0x800000007fc00000
    hflags 1

    ; An exact zero sum (/arithmetic/signed_zero: exact cancellation
    ; follows the rounding mode): 1.0 + -1.0 = +0 under RNE; -0 + -0 = -0.
    tcase 11
    hload fp32, 2, f_cancel_a, t
    hload fp32, 2, f_cancel_b, t
    hop2 vec, tadd, fp32, 2
    hstore fp32, 2
    hword 0, 0x8000000000000000
    hflags 0

    ; Overflow (IEEE 754 7.4, RNE): max * 2 = 2^129 - 2^105 beyond the
    ; largest finite value -> +inf; -max * 2 -> -inf; OF NX.
    tcase 12
    hload fp32, 2, f_max2, t
    hload fp32, 2, f_twos, t
    hop2 vec, tmul, fp32, 2
    hstore fp32, 2
    hword 0, 0xff8000007f800000
    hflags 20

    ; E4M3 has no infinity (spec data_types: "infinity": "none"; the OFP8
    ; non-saturating result is NaN, unary.asl's
    ; TileFloatingUnaryUnboundedResult): 448 + 448 = 896 rounds beyond 448
    ; -> 0x7F with OF NX.  448 + 16 = 464 lies halfway between 448
    ; (1.110b * 2^8, even) and 480 (1.111b, the NaN code): to the even 448
    ; (0x7E), NX only -- the tie goes to a finite value.
    tcase 13
    hload e4m3, 8, e_big_a, t
    hload e4m3, 8, e_big_b, t
    hop2 vec, tadd, e4m3, 8
    hstore e4m3, 8
    hword 0, 0x0000000000007e7f
    hflags 20

    ; Gradual underflow (/subnormal_policy): 2^-100 * 2^-30 = 2^-130 is a
    ; subnormal exactly (2^19 * 2^-149: 0x00080000), no flags;
    ; (1 + 2^-23) * 2^-100 * 2^-30 = 2^-130 + 2^-153 rounds (quantum
    ; 2^-149) to 2^-130, inexact and tiny: UF NX.
    tcase 14
    hload fp32, 2, f_sub_a, t
    hload fp32, 2, f_sub_b, t
    hop2 vec, tmul, fp32, 2
    hstore fp32, 2
    hword 0, 0x0008000000080000
    hflags 24

    ; Tininess after rounding (/arithmetic/tininess_detection): 0x007FFC00
    ; (8191 * 2^-139) * 0x3F800400 (1 + 2^-13 = 8193 * 2^-13) = (2^26 - 1)
    ; * 2^-152 = 2^-126 - 2^-152.  Rounded to 24 bits with an unbounded
    ; exponent it is 2^-126 (the distance 2^-152 is below half of
    ; 2^-150), so it is not tiny: 0x00800000 with NX only.  The second
    ; lane, 1.0 * 1.0, is exact.
    tcase 15
    hload fp32, 2, f_tiny_a, t
    hload fp32, 2, f_tiny_b, t
    hop2 vec, tmul, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f80000000800000
    hflags 16
    ; ... while 0x3FFFFFFF (2 - 2^-23) * 0x00400000 (2^-127) = 2^-126 -
    ; 2^-150 has 24 significant bits, so with an unbounded exponent it is
    ; itself, below 2^-126: tiny.  The subnormal quantum 2^-149 makes it a
    ; tie between 2^23 - 1 (odd) and 2^23 (even) quanta: 0x00800000, UF NX.
    hload fp32, 2, f_tiny_c, t
    hload fp32, 2, f_tiny_d, t
    hop2 vec, tmul, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f80000000800000
    hflags 24

    ; TMAX (HardwareNumericFloatingMinMax, /min_max): one NaN gives the
    ; number (qNaN 0x7FC01234 vs 2.0 -> 2.0; 3.0 vs sNaN -> 3.0, NV);
    ; TMIN: two NaNs give the canonical NaN; -0 vs +0 -> -0.
    tcase 16
    hload fp32, 2, f_mm_a, t
    hload fp32, 2, f_mm_b, t
    hop2 vec, tmax, fp32, 2
    hstore fp32, 2
    hword 0, 0x4040000040000000
    hflags 1
    hload fp32, 2, f_mm_c, t
    hload fp32, 2, f_mm_d, t
    hop2 vec, tmin, fp32, 2
    hstore fp32, 2
    hword 0, 0x800000007fc00000
    hflags 0
    ; TMAX of the same operands: two NaNs -> canonical, max(-0, +0) = +0
    ; (/min_max/signed_zero_max); then max(-0, +0) = +0 again with the
    ; operands swapped, and a tie max(-1.0, -1.0) = -1.0
    hop2 vec, tmax, fp32, 2
    hstore fp32, 2
    hword 0, 0x000000007fc00000
    hload fp32, 2, f_mm_e, t
    hload fp32, 2, f_mm_f, t
    hop2 vec, tmax, fp32, 2
    hstore fp32, 2
    hword 0, 0xbf80000000000000

    ; TABS / TNEG touch the sign bit only (TileFloatingUnaryValue:
    ; carrier AND NOT sign / XOR sign), NaN payloads kept, no flags:
    ; TABS(0xFFC01234) = 0x7FC01234, TABS(-0) = 0; TNEG(sNaN 0x7F800001) =
    ; 0xFF800001, TNEG(1.0) = -1.0.
    tcase 17
    hload fp32, 2, f_abs, t
    hop1 vec, tabs, fp32, 2
    hstore fp32, 2
    hword 0, 0x000000007fc01234
    hload fp32, 2, f_neg, t
    hop1 vec, tneg, fp32, 2
    hstore fp32, 2
    hword 0, 0xbf800000ff800001
    hflags 0

    ; TRELU (TileFloatingUnaryValue): every negative value and +0 give +0
    ; (-0 -> 0, -inf -> 0); a NaN gives the canonical NaN, NV for a
    ; signaling one (sNaN -> 0x7FC00000, NV); a positive value is kept.
    tcase 18
    hload fp32, 2, f_relu_a, t
    hop1 vec, trelu, fp32, 2
    hstore fp32, 2
    hword 0, 0x0000000000000000
    hflags 0
    hload fp32, 2, f_relu_b, t
    hop1 vec, trelu, fp32, 2
    hstore fp32, 2
    hword 0, 0x400000007fc00000
    hflags 1

    ; Integer unary (TileIntegerUnaryValue): TABS S8 -128 (0x80) keeps its
    ; pattern (0 - (-128) = 128 -> 0x80), TABS(-5) = 5; TRELU S8 0x80 -> 0,
    ; 0x7F kept; TRELU U8 0x80 kept (unsigned: not negative); TNOT U8 0x0F
    ; = 0xF0, 0 = 0xFF; TNEG U8 (0 - x modulo 256) 0x80 = 0x80, 0xFB = 0x05,
    ; 0x7F = 0x81, 0x0F = 0xF1.
    tcase 19
    hload s8, 8, i_un, t
    hop1 vec, tabs, s8, 8
    hstore s8, 8
    hword 0, 0x000000000f7f0580
    hop1 vec, trelu, s8, 8
    hstore s8, 8
    hword 0, 0x000000000f7f0000
    hload u8, 8, i_un, t
    hop1 vec, trelu, u8, 8
    hstore u8, 8
    hword 0, 0x000000000f7ffb80
    hop1 vec, tnot, u8, 8
    hstore u8, 8
    hword 0, 0xfffffffff080047f
    hop1 vec, tneg, u8, 8
    hstore u8, 8
    hword 0, 0x00000000f1810580

    ; TCMP (TileProfileFloatingCompare; /comparisons): a NaN makes every
    ; relation false but NE; a signaling NaN raises NV; +0 and -0 are equal.
    ; GE (cmode 5) of [qNaN, -0] against [1.0, +0] = [0, 1] (no flags);
    ; the predicate selects from [0x11111111, 0x11111111] (1) and
    ; [0x22222222, 0x22222222] (0).
    tcase 20
    hload u32, 2, sel_t, u
    hload u32, 2, sel_f, u
    hload fp32, 2, c_a, t
    hload fp32, 2, c_b, t
    hcmp fp32, 2, 5
    hstore u32, 2
    hword 0, 0x1111111122222222
    hflags 0
    ; NE (1) of [sNaN, 1.0] against [1.0, 1.0] = [1, 0], NV
    hload fp32, 2, c_c, t
    hload fp32, 2, f_ones, t
    hcmp fp32, 2, 1
    hstore u32, 2
    hword 0, 0x2222222211111111
    hflags 1
    ; LT (2) of [-0, -inf] against [+0, -1.0] = [0, 1]: -0 is not below +0
    hload fp32, 2, c_d, t
    hload fp32, 2, c_e, t
    hcmp fp32, 2, 2
    hstore u32, 2
    hword 0, 0x1111111122222222
    ; integers by their type (TileCompareElement): S32 LT 0x80000000 <
    ; 0x00000001 holds (-2^31 < 1); U32 it does not
    hload s32, 2, c_i, t
    hload s32, 2, c_j, t
    hcmp s32, 2, 2
    hstore u32, 2
    hword 0, 0x2222222211111111
    hload u32, 2, c_i, t
    hload u32, 2, c_j, t
    hcmp u32, 2, 2
    hstore u32, 2
    hword 0, 0x2222222222222222
    hflags 0

    ; TFMA rounds once (/arithmetic/fused_operations): (1 + 2^-12)^2 =
    ; 1 + 2^-11 + 2^-24, minus (1 + 2^-11) = 2^-24 exactly (0x33800000;
    ; rounding the product first would give 1 + 2^-11 and then 0); 2 * 3
    ; + 1 = 7.
    tcase 21
    hload fp32, 2, m_a, t
    hload fp32, 2, m_b, t
    hload fp32, 2, m_c, t
    hfma fp32, 2
    hstore fp32, 2
    hword 0, 0x40e0000033800000
    hflags 0
    ; the invalid cases first (TileFixedFusedMultiplyAddValue): 0 * inf +
    ; qNaN and inf * 1 + -inf are the canonical NaN with NV
    hload fp32, 2, m_d, t
    hload fp32, 2, m_e, t
    hload fp32, 2, m_f, t
    hfma fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc000007fc00000
    hflags 1
    ; a quiet NaN otherwise just propagates: qNaN * 0 + 1 -> canonical, no
    ; NV; -0 * 1 + -0 = -0 (an exact zero of two negative terms)
    hload fp32, 2, m_g, t
    hload fp32, 2, m_h, t
    hload fp32, 2, m_i, t
    hfma fp32, 2
    hstore fp32, 2
    hword 0, 0x800000007fc00000
    hflags 0
    ; inf * qNaN + -inf: the default profile lets the NaN propagate (no NV;
    ; docs/implementation-defined.md entry 67); inf * 2 + 1 = inf
    hload fp32, 2, m_j, t
    hload fp32, 2, m_k, t
    hload fp32, 2, m_l, t
    hfma fp32, 2
    hstore fp32, 2
    hword 0, 0x7f8000007fc00000
    hflags 0

    ; (TCVT keeps Rows: an FP32 source with SizeCode 2 and Col 2 has the
    ; 32 rows of an FP16 destination with SizeCode 1.)
    ; TCVT FP32 -> FP16 (4), RMode 0 = the hardware default RNE
    ; (/b_datr/rounding_modes/0): 1 + 2^-11 is a tie at FP16's 10 fraction
    ; bits -> 1.0 (0x3C00), NX; 65520 is halfway between 65504 (0x7BFF)
    ; and 65536, which is beyond the format: to the even one, an overflow
    ; -> inf (0x7C00), OF NX.
    tcase 22
    hloadz fp32, 2, v_a, t, 0010
    hcvt fp32, 2, 4, 0, 0001
    hstore fp16, 2
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x7c003c00
    hflags 20
    ; with Sat the overflow clamps to 65504 (/b_datr/saturation/enabled)
    hcvts fp32, 2, 4, 0, 0001
    hstore fp16, 2
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x7bff3c00
    hflags 20
    ; a NaN converts to the canonical NaN (0x7E00), NV only if signaling;
    ; with Sat NaN converts to zero (/b_datr/saturation/enabled), the same
    ; NV rule (docs/numeric-formats.md)
    hloadz fp32, 2, v_b, t, 0010
    hcvt fp32, 2, 4, 0, 0001
    hstore fp16, 2
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x7e007e00
    hflags 1
    hcvts fp32, 2, 4, 0, 0001
    hstore fp16, 2
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x00000000
    hflags 1

    ; TCVT FP32 -> S32 (17): RMode 0 is toward zero into an integer type
    ; (ResolveTileNumericExecutionControl): 2.5 -> 2, NX; RHB (7) -2.5 ->
    ; -2 and 2.5 -> 3 (/conversion/rhb examples), NX.
    tcase 23
    hload fp32, 2, v_c, t
    hcvt fp32, 2, 17, 0, 0001
    hstore s32, 2
    hword 0, 0xfffffffe00000002
    hflags 16
    hcvt fp32, 2, 17, 7, 0001
    hstore s32, 2
    hword 0, 0xfffffffe00000003
    hflags 16
    ; RNA (5): -2.5 -> -3 (ties away from zero), 2.5 -> 3
    hcvt fp32, 2, 17, 5, 0001
    hstore s32, 2
    hword 0, 0xfffffffd00000003
    hflags 16
    ; out of range: 3e9 (0x4F32D05E) and NaN give the indefinite
    ; 0x80000000 with NV (/conversion/float_to_integer_invalid); with Sat
    ; 3e9 clamps to 0x7FFFFFFF with OF NX and NaN converts to 0, NV
    hload fp32, 2, v_d, t
    hcvt fp32, 2, 17, 0, 0001
    hstore s32, 2
    hword 0, 0x8000000080000000
    hflags 1
    hcvts fp32, 2, 17, 0, 0001
    hstore s32, 2
    hword 0, 0x000000007fffffff
    hflags 21
    ; -inf with Sat: the minimum 0x80000000, OF NX; +1.0 exact
    hload fp32, 2, v_e, t
    hcvts fp32, 2, 17, 0, 0001
    hstore s32, 2
    hword 0, 0x0000000180000000
    hflags 20

    ; integer pairs (TileConvertIntegerValue): S16 300 (0x012C) -> S8 wraps
    ; to 0x2C and -1 -> 0xFF; with Sat (TileConvertIntegerSaturating) 300
    ; -> 127, -1 -> -1; into U8 with Sat 300 -> 255 and -1 -> 0 (a
    ; negative signed source gives the unsigned minimum)
    tcase 24
    hloadz s16, 4, v_f, t, 0010
    hcvt s16, 4, 19, 0, 0001
    hstore s8, 4
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x0000ff2c
    hcvts s16, 4, 19, 0, 0001
    hstore s8, 4
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x0000ff7f
    hcvts s16, 4, 27, 0, 0001
    hstore u8, 4
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x000000ff
    hflags 0

    ; an integer into FP32: 16777217 = 2^24 + 1 is a tie at 24 bits -> the
    ; even 2^24 (0x4B800000), NX; 3 exact (0x40400000)
    tcase 25
    hload s32, 2, v_g, t
    hcvt s32, 2, 1, 0, 0001
    hstore fp32, 2
    hword 0, 0x404000004b800000
    hflags 16

    ; into E4M3 (7): 1000 is above 448 -> NaN (0x7F) with OF NX, Sat 448
    ; (0x7E); infinity -> NaN with OF NX (docs/numeric-formats.md: E4M3
    ; has no infinity); 1.0 -> 0x38 exact
    tcase 26
    hloadz fp32, 2, v_h, t, 0011
    hcvt fp32, 2, 7, 0, 0001
    hstore e4m3, 2
    hl.liu hout, ->a5
    lhui [a5, 0], ->a2
    check_eq a2, 0x387f
    hflags 20
    hcvts fp32, 2, 7, 0, 0001
    hstore e4m3, 2
    hl.liu hout, ->a5
    lhui [a5, 0], ->a2
    check_eq a2, 0x387e
    hflags 20
    hloadz fp32, 2, v_i, t, 0011
    hcvt fp32, 2, 7, 0, 0001
    hstore e4m3, 2
    hl.liu hout, ->a5
    lhui [a5, 0], ->a2
    check_eq a2, 0x387f
    hflags 20

    ; a scalar form takes the low W bits of the GPR (TileRawElementValue):
    ; TADDS U8 with a2 = 0x1FF adds 0xFF: 1 + 255 -> 0, 2 + 255 -> 1
    tcase 27
    hload u8, 8, i_small, t
    li64 0x1ff
    or zero, x3, ->a2
    hops vec, tadds, u8, 8
    hstore u8, 8
    hword 0, 0xffffffffffff0100
    test_end

    tile_handler_body
    .data
    .balign 8
hout:       .space 16
i_u8a:      .byte 200, 255, 1, 0, 128, 127, 100, 50
i_u8b:      .byte 100, 1, 255, 0, 128, 1, 156, 206
i_s8a:      .byte 0x80, 127, 0, 5, 0, 0, 0, 0
i_s8b:      .byte 1, 0xff, 1, 10, 0, 0, 0, 0
i_s16a:     .half 0x8000, 300, 0xfffd, 181
i_s16b:     .half 0xffff, 300, 7, 181
i_shv:      .byte 1, 1, 0x81, 1, 0, 0, 0, 0
i_shn:      .byte 9, 8, 1, 7, 0, 0, 0, 0
i_shr_v:    .byte 0x80, 0xf0, 0, 0, 0, 0, 0, 0
i_shr_n:    .byte 1, 4, 0, 0, 0, 0, 0, 0
i_mm_a:     .byte 0x80, 0, 0, 0, 0, 0, 0, 0
i_mm_b:     .byte 0x01, 0, 0, 0, 0, 0, 0, 0
i_un:       .byte 0x80, 0xfb, 0x7f, 0x0f, 0, 0, 0, 0
i_small:    .byte 1, 2, 0, 0, 0, 0, 0, 0
f_tie_a:    .word 0x3f800000, 0x3f800001
f_tie_b:    .word 0x33800000, 0x33800000
f_qnan_a:   .word 0x7fc01234, 0x3f800000
f_qnan_b:   .word 0x3f800000, 0xffc00000
f_snan_a:   .word 0x7f800001, 0x3f800000
f_ones:     .word 0x3f800000, 0x3f800000
f_infs:     .word 0x7f800000, 0xff800000
f_inf_one:  .word 0x7f800000, 0x3f800000
f_zinf_a:   .word 0x00000000, 0x80000000
f_zinf_b:   .word 0x7f800000, 0x40400000
f_cancel_a: .word 0x3f800000, 0x80000000
f_cancel_b: .word 0xbf800000, 0x80000000
f_max2:     .word 0x7f7fffff, 0xff7fffff
f_twos:     .word 0x40000000, 0x40000000
e_big_a:    .byte 0x7e, 0x7e, 0, 0, 0, 0, 0, 0
e_big_b:    .byte 0x7e, 0x58, 0, 0, 0, 0, 0, 0
f_sub_a:    .word 0x0d800000, 0x0d800001
f_sub_b:    .word 0x30800000, 0x30800000
f_tiny_a:   .word 0x007ffc00, 0x3f800000
f_tiny_b:   .word 0x3f800400, 0x3f800000
f_tiny_c:   .word 0x3fffffff, 0x3f800000
f_tiny_d:   .word 0x00400000, 0x3f800000
f_mm_a:     .word 0x7fc01234, 0x40400000
f_mm_b:     .word 0x40000000, 0x7f800001
f_mm_c:     .word 0x7fc01234, 0x80000000
f_mm_d:     .word 0xffc00000, 0x00000000
f_mm_e:     .word 0x80000000, 0xbf800000
f_mm_f:     .word 0x00000000, 0xbf800000
f_abs:      .word 0xffc01234, 0x80000000
f_neg:      .word 0x7f800001, 0x3f800000
f_relu_a:   .word 0x80000000, 0xff800000
f_relu_b:   .word 0x7f800001, 0x40000000
sel_t:      .word 0x11111111, 0x11111111
sel_f:      .word 0x22222222, 0x22222222
c_a:        .word 0x7fc00000, 0x80000000
c_b:        .word 0x3f800000, 0x00000000
c_c:        .word 0x7f800001, 0x3f800000
c_d:        .word 0x80000000, 0xff800000
c_e:        .word 0x00000000, 0xbf800000
c_i:        .word 0x80000000, 0x00000005
c_j:        .word 0x00000001, 0x00000005
m_a:        .word 0x3f800800, 0x40000000
m_b:        .word 0x3f800800, 0x40400000
m_c:        .word 0xbf801000, 0x3f800000
m_d:        .word 0x00000000, 0x7f800000
m_e:        .word 0x7f800000, 0x3f800000
m_f:        .word 0x7fc00000, 0xff800000
m_g:        .word 0x7fc00000, 0x80000000
m_h:        .word 0x00000000, 0x3f800000
m_i:        .word 0x3f800000, 0x80000000
m_j:        .word 0x7f800000, 0x7f800000
m_k:        .word 0x7fc00000, 0x40000000
m_l:        .word 0xff800000, 0x3f800000
v_a:        .word 0x3f801000, 0x477ff000
v_b:        .word 0x7fc00000, 0x7f800001
v_c:        .word 0x40200000, 0xc0200000
v_d:        .word 0x4f32d05e, 0x7fc00000
v_e:        .word 0xff800000, 0x3f800000
v_f:        .half 0x012c, 0xffff, 0, 0
v_g:        .word 16777217, 3
v_h:        .word 0x447a0000, 0x3f800000
v_i:        .word 0x7f800000, 0x3f800000
    tile_snap_area
