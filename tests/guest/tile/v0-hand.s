; SPDX-License-Identifier: GPL-2.0-or-later
; Hand-worked cases of numeric-profile=pto-v0 on the VEC and SFU engines,
; one or more for each pto-v0 decision of gen-vec.py's, gen-sfu-elem.py's
; and gen-sfu-reduce.py's models, worked from the reference profile's ASL
; (asl/arch/profile/reference-profile.asl and e8m0-conversion.asl; the
; model's element words: docs/numeric-profiles.md).  Each case names the
; ASL function and shows the working.  PE0, 1 x N tiles; a dword holds
; elements 0.. from its low end.  (The CUBE's are in cube-v0.s.)
; qemu-args: -global pto-core-tile-cpu.numeric-profile=pto-v0
    .include "../testlib.inc"
    .include "tile-check.inc"
    .include "hand.inc"
    .text
    .globl _start
_start:
    hbegin

    ; TADD FP16 (ScalarFPBinaryProfile ADD: the words' sum; TSTORE keeps
    ; the low 16 bits): 0x3C00 + 0x3C00 = 0x7800; 0xFFFF + 0x0001 =
    ; 0x10000 -> 0x0000; 0x7E00 (a NaN) + 0x0001 = 0x7E01: no NaN rule.
    tcase 1
    hload fp16, 4, a_a, t
    hload fp16, 4, a_b, t
    hop2 vec, tadd, fp16, 4
    hstore fp16, 4
    hword 0, 0x00007e0100007800
    hflags 0

    ; TSUB FP32: 0x3F800000 - 0x40000000 = -0x00800000 -> 0xFF800000;
    ; TMUL FP16: 0x3C00 * 0x4000 = 0x0F000000 -> 0x0000, 0x0101 * 0x0101
    ; = 0x10201 -> 0x0201.
    tcase 2
    hload fp32, 2, b_a, t
    hload fp32, 2, b_b, t
    hop2 vec, tsub, fp32, 2
    hstore fp32, 2
    hword 0, 0x00000000ff800000
    hload fp16, 4, b_c, t
    hload fp16, 4, b_d, t
    hop2 vec, tmul, fp16, 4
    hstore fp16, 4
    hword 0, 0x0000000002010000
    hflags 0

    ; TMAX is the fixed rule in every profile (TileFloatingMinMaxValue):
    ; [qNaN, 3.0] max [2.0, sNaN] = [2.0, 3.0]; between two tiles the
    ; reference profile records no flags (ExecuteTileBinary calls
    ; TileProfileBinary, which drops them): no NV.  TMAXS records them
    ; (ExecuteTileScalar): 3.0 max sNaN = 3.0 with NV.
    tcase 3
    hload fp32, 2, c_a, t
    hload fp32, 2, c_b, t
    hop2 vec, tmax, fp32, 2
    hstore fp32, 2
    hword 0, 0x4040000040000000
    hflags 0
    hload fp32, 2, c_c, t
    li64 0x7f800001
    or zero, x3, ->a2
    hops vec, tmaxs, fp32, 2
    hstore fp32, 2
    hword 0, 0x4040000040400000
    hflags 1

    ; TDIV FP16 (ScalarFPBinaryProfile DIV): ScalarFPCarrierIsZero(divisor,
    ; 4) takes the FP64 rule for code 4 -- the word must be 0 or 2^63 --
    ; so the FP16 -0 (word 0x8000) is a divisor like any other: 0x3C00 /
    ; 0x8000 = 15360 / 32768 -> 0; +0 is zero: all ones, 0xFFFF (DZ, but
    ; dropped between two tiles); 0x7BFF / 2 = 0x3DFF; 0x8000 / 0x8000 = 1.
    tcase 4
    hload fp16, 4, d_a, t
    hload fp16, 4, d_b, t
    hop2 sfu, tdiv, fp16, 4
    hstore fp16, 4
    hword 0, 0x00013dffffff0000
    hflags 0
    ; TREM FP16 (TileProfileFloatingModulo, the same zero test): 0x3C00 rem
    ; 0x8000 = 0x3C00; by +0 all ones; 0x7BFF rem 2 = 1; 0x8000 rem 0x8000
    ; = 0
    hop2 sfu, trem, fp16, 4
    hstore fp16, 4
    hword 0, 0x00000001ffff3c00
    hflags 0
    ; TDIVS records its flags (ExecuteTileScalar): FP16 by the scalar +0:
    ; all ones and DZ
    hload fp16, 4, d_a, t
    c.movi 0, ->a2
    hops sfu, tdivs, fp16, 4
    hstore fp16, 4
    hword 0, 0xffffffffffffffff
    hflags 2
    ; FP16 by the scalar 0x8000 (-0): an ordinary divisor, no DZ:
    ; [0x3C00, 0x3C00, 0x7BFF, 0x8000] / 0x8000 = [0, 0, 0, 1]
    li64 0x8000
    or zero, x3, ->a2
    hops sfu, tdivs, fp16, 4
    hstore fp16, 4
    hword 0, 0x0001000000000000
    hflags 0
    ; FP32 takes the FP32 rule (code 1): its -0 (0x80000000) is zero, all
    ; ones and DZ; TREMS by it: all ones, no flag
    ; (TileProfileFloatingModuloFlags is the default: none)
    hload fp32, 2, d_c, t
    li64 0x80000000
    or zero, x3, ->a2
    hops sfu, tdivs, fp32, 2
    hstore fp32, 2
    hword 0, 0xffffffffffffffff
    hflags 2
    li64 0x80000000
    or zero, x3, ->a2
    hops sfu, trems, fp32, 2
    hstore fp32, 2
    hword 0, 0xffffffffffffffff
    hflags 0

    ; The SFU placeholders after TileSFUUnarySpecialValue: TileExponential
    ; is the word + 1 (1.0 -> 0x3F800001) but EXP(-0) = 1.0 (the table);
    ; TileLogarithm is the word (2.0 -> 2.0) but LOG(1) = +0;
    ; TileReciprocal is (2^64 - 1) / word: 2.0 = 2^30 -> 2^34 - 1 -> low
    ; 32 bits 0xFFFFFFFF, but RECIP(+0) = +inf with DZ; TileSquareRoot and
    ; TileReciprocalSquareRoot are the word (2.0, 4.0), but RSQRT(-1) is
    ; NaN with NV.
    tcase 5
    hload fp32, 2, e_a, t
    hop1 sfu, texp, fp32, 2
    hstore fp32, 2
    hword 0, 0x3f8000003f800001
    hload fp32, 2, e_b, t
    hop1 sfu, tlog, fp32, 2
    hstore fp32, 2
    hword 0, 0x0000000040000000
    hflags 0
    hload fp32, 2, e_c, t
    hop1 sfu, trecip, fp32, 2
    hstore fp32, 2
    hword 0, 0x7f800000ffffffff
    hflags 2
    hload fp32, 2, e_d, t
    hop1 sfu, tsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x4080000040000000
    hload fp32, 2, e_e, t
    hop1 sfu, trsqrt, fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc0000040800000
    hflags 1

    ; TFMA (TileFixedFusedMultiplyAddValue, then ScalarFPFusedProfile
    ; MADD): 1.0 * 2.0 + 1.0 = 0x3F800000 * 0x40000000 + 0x3F800000 =
    ; 0x0FE0000000000000 + 0x3F800000 -> low 32 bits 0x3F800000; inf * qNaN
    ; + -inf: product_is_infinite, product_is_negative = FALSE (a NaN's
    ; class is not negative), the addend negative: opposite_infinities, the
    ; canonical NaN with NV.
    tcase 6
    hload fp32, 2, f_a, t
    hload fp32, 2, f_b, t
    hload fp32, 2, f_c, t
    hfma fp32, 2
    hstore fp32, 2
    hword 0, 0x7fc000003f800000
    hflags 1

    ; (TCVT keeps Rows: the destinations' SizeCodes match the sources'
    ; rows.)  TCVT (TileProfileConvert): into a floating type the source's word --
    ; S8 -2 is the sign-extended word 2^64 - 2 (TLOAD's
    ; DecodeTileMemoryElementRaw) -> FP32 0xFFFFFFFE; S8 5 -> 0x00000005
    tcase 7
    hloadz s8, 2, g_a, t, 0001
    hcvt s8, 2, 1, 0, 0011
    hstore fp32, 2
    hword 0, 0x00000005fffffffe
    hflags 0
    ; into an integer type NormalizeTileInteger keeps the low bits: FP16
    ; -1.0 (0xBC00, a zero-extended word) -> S32 0x0000BC00, even with Sat
    ; and RMode; into FP16 from FP32 the low 16 bits, no NaN rule and no
    ; flag: sNaN 0x7F800001 -> 0x0001, 1.0 -> 0x0000
    hloadz fp16, 2, g_b, t, 0001
    hcvts fp16, 2, 17, 5, 0010
    hstore s32, 2
    hword 0, 0x0000bc000000bc00
    hloadz fp32, 2, g_c, t, 0010
    hcvt fp32, 2, 4, 0, 0001
    hstore fp16, 2
    hl.liu hout, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x00000001
    hflags 0

    ; TCMP runs the reference profile's TileProfileFloatingCompare (not the
    ; JSON file's raw signed compare): EQ of +0 and -0 is 1 (both_zero);
    ; LT of -1.0 and 1.0 is 1 by the order key (as words, 0xBF800000 is
    ; above 0x3F800000)
    tcase 8
    hload u32, 2, sel_t, u
    hload u32, 2, sel_f, u
    hload fp32, 2, h_a, t
    hload fp32, 2, h_b, t
    hcmp fp32, 2, 0
    hstore u32, 2
    hword 0, 0x2222222211111111
    hcmp fp32, 2, 2
    hstore u32, 2
    hword 0, 0x1111111122222222
    hflags 0

    ; reductions (TileReductionStepWithFlags): SUM from the zero word with
    ; raw ADD steps, FP16 [1.0, 1.0, 0, 0] = 0 + 0x3C00 + 0x3C00 = 0x7800;
    ; PROD from TileReductionOneEncoding 0x3C00 with raw MUL steps, [2.0,
    ; 1.0, 1.0, 1.0]: 0x3C00 * 0x4000 = 0x0F000000 -> 0x0000, then 0 * ... = 0
    tcase 9
    hload fp16, 4, i_a, t
    hop1 sfu, trowsum, fp16, 4
    hstore fp16, 1
    hl.liu hout, ->a5
    lhui [a5, 0], ->a2
    check_eq a2, 0x7800
    hload fp16, 4, i_b, t
    hop1 sfu, trowprod, fp16, 4
    hstore fp16, 1
    hl.liu hout, ->a5
    lhui [a5, 0], ->a2
    check_eq a2, 0x0000
    hflags 0

    ; TROWEXPANDEXPDIF FP32 (TileExpandValueWithTypesAndFlags): raw SUB,
    ; TileSFUUnarySpecialValue(EXP), else the word + 1: 1.0 - 1.0 = 0, a
    ; zero: EXP gives 1.0; 2.0 - 1.0 = 0x00800000, a positive normal: +1 =
    ; 0x00800001
    tcase 10
    hload fp32, 1, j_b, t
    hload fp32, 2, j_a, t
    bstart.sfu trowexpandexpdif, fp32
    b.dim zero, 2, ->lb0
    b.iot t#1, t#2, mask=1000, last, ->m<0001>
    bstop
    hstore fp32, 2
    hword 0, 0x008000013f800000
    ; from FP16, ExactWidenFP16ToFP32 as the ASL writes it: 0x0003 -> shift
    ; the fraction 8 times to bit 9 (0x300), exponent field 112 - 8 = 104,
    ; bits 8:0 (0x100) into 22:13: 0x34000000 | 0x200000 = 0x34200000; minus
    ; +0, not special, + 1 = 0x34200001.  An FP16 sNaN widens to 0x7FC00000
    ; quietly; 0x7FC00000 - 0 is a NaN for the table: canonical, no NV.
    hload fp16, 1, j_d, t
    hload fp16, 2, j_c, t
    bstart.sfu trowexpandexpdif, fp16
    b.dim zero, 2, ->lb0
    b.datr layout=0, datatype=1, pad=0, cmode=0, rmode=0
    b.iot t#1, t#2, mask=1000, last, ->m<0010>
    bstop
    hstore fp32, 2
    hword 0, 0x7fc0000034200001
    hflags 0
    test_end

    tile_handler_body
    .data
    .balign 8
hout:       .space 16
a_a:        .half 0x3c00, 0xffff, 0x7e00, 0
a_b:        .half 0x3c00, 0x0001, 0x0001, 0
b_a:        .word 0x3f800000, 0
b_b:        .word 0x40000000, 0
b_c:        .half 0x3c00, 0x0101, 0, 0
b_d:        .half 0x4000, 0x0101, 0, 0
c_a:        .word 0x7fc00000, 0x40400000
c_b:        .word 0x40000000, 0x7f800001
c_c:        .word 0x40400000, 0x40400000
d_a:        .half 0x3c00, 0x3c00, 0x7bff, 0x8000
d_b:        .half 0x8000, 0x0000, 0x0002, 0x8000
d_c:        .word 0x3f800000, 0x40000000
e_a:        .word 0x3f800000, 0x80000000
e_b:        .word 0x40000000, 0x3f800000
e_c:        .word 0x40000000, 0x00000000
e_d:        .word 0x40000000, 0x40800000
e_e:        .word 0x40800000, 0xbf800000
f_a:        .word 0x3f800000, 0x7f800000
f_b:        .word 0x40000000, 0x7fc00000
f_c:        .word 0x3f800000, 0xff800000
g_a:        .byte 0xfe, 0x05
    .balign 4
g_b:        .half 0xbc00, 0xbc00
g_c:        .word 0x7f800001, 0x3f800000
sel_t:      .word 0x11111111, 0x11111111
sel_f:      .word 0x22222222, 0x22222222
h_a:        .word 0x00000000, 0xbf800000
h_b:        .word 0x80000000, 0x3f800000
i_a:        .half 0x3c00, 0x3c00, 0, 0
i_b:        .half 0x4000, 0x3c00, 0x3c00, 0x3c00
j_a:        .word 0x3f800000, 0x40000000
j_b:        .word 0x3f800000
j_c:        .half 0x0003, 0x7d00
j_d:        .half 0x0000
    tile_snap_area
