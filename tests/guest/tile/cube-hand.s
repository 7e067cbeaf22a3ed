; SPDX-License-Identifier: GPL-2.0-or-later
; Hand-worked CUBE cases, one or more for each decision of gen-cube.py's
; model that cube.s does not already work by hand (cube.s: exact FP32 and
; S8 products, BIAS, ACC, the cooperative slices, MX scaling, REQ8, LReLU):
; the input decoders of the narrow formats, one RNE rounding per term in
; increasing K, the fused product, NaN / infinity / overflow, the zero
; sign, BIAS after the dot product, unsigned products, MX with an
; unscaled side and with the 0xFF scale, RowMax / MaxAbs / RowMaxInit, GroupMax,
; F322F16 / F322BF16 with tininess before rounding, ReLU, and the flags
; (none from the products).  Each case names the spec unit, ASL function
; or spec key it is worked from and shows the working.  PE0, Default
; (ieee) profile.  FP32: 1.0 0x3F800000, 2^24 0x4B800000, canonical NaN
; 0x7FC00000.  docs/coverage/tile.md lists the decisions.
    .include "../testlib.inc"
    .include "tile-check.inc"
    .include "cube.inc"
    .include "hand.inc"

; D = A * 1.0 for A one element of TYPE at LABEL (B: the FP32 1.0 in u#1,
; B.DATR DataType 1): the exact value of A as FP32, compared with WANT
    .macro hdec type, label, want
    cload \type, 22, 1, 1, \label, 1, t, 0001, 1000, 0
    bstart.tmatmul \type
    fpatr0
    b.datr layout=0, datatype=1, pad=0, cmode=0, rmode=0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    hl.liu out, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, \want
    .endm

; a 1 x K by K x 1 FP32 product of A at LA (row stride STRIDE = 4K; an
; M16 cell holds two FP32 columns, so K = 3 needs SizeCode 2: ASIZE) and B
; at LB into m, compared with WANT
    .macro hdot k, stride, asize, la, lb, want
    cload fp32, 22, 1, \k, \la, \stride, t, \asize, 1000, 0
    cload fp32, 23, \k, 1, \lb, 4, u, 0001, 1000, 0
    bstart.tmatmul fp32
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, \k
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    hl.liu out, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, \want
    .endm

; TSTORE the 1 x 1 row-major n#1 (a RowMaxOut) of TYPE to out; a2 <- it
    .macro hrowmax type
    hl.liu out, ->a0
    bstart.tstore \type
    b.iot n#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    b.dim zero, 1, ->lb0
    bstop
    hl.liu out, ->a5
    lwui [a5, 0], ->a2
    .endm

; PreQuantMode PQ of the FP32 value at LABEL times 1.0 (u#1) into a D of
; the 16-bit TYPE; a2 <- its half
    .macro hpq pq, type, label
    cload fp32, 22, 1, 1, \label, 4, t, 0001, 1000, 0
    bstart.tmatmul fp32
    b.fpatr prequant=\pq, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore \type, m#1, 1, 1, out, 2, 1000, 0
    hl.liu out, ->a5
    lhui [a5, 0], ->a2
    .endm

    .text
    .globl _start
_start:
    hbegin
    hl.liu out, ->a5

    ; The decoders (spec/hardware-conformance-profile.json data_types), one
    ; element times FP32 1.0 (an exact product).  HiF8: 0x0C = S 0, prefix
    ; 0001 (D = 0, E = 0), M = 100b: 1 + 4/8 = 1.5 (0x3FC00000); 0x6E =
    ; prefix 11 (D = 4), Em = 0111b (Se 0, magnitude 1 111b = 15), M = 0:
    ; 2^15 = 32768 (0x47000000); 0x01 = prefix 0000, M = 1: the denormal
    ; 2^(1 - 23) = 2^-22 (0x34800000); 0x2A = prefix 01 (D = 2), Em = 01b
    ; (Se 0, magnitude 11b = 3), M = 010b: 1.25 * 2^3 = 10 (0x41200000);
    ; 0x3A: Em = 11b (Se 1): 1.25 * 2^-3 = 0.15625 (0x3E200000).
    tcase 1
    cload fp32, 23, 1, 1, one_f, 4, u, 0001, 1000, 0
    hdec hif8, hif_a, 0x3fc00000
    hdec hif8, hif_b, 0x47000000
    hdec hif8, hif_c, 0x34800000
    hdec hif8, hif_d, 0x41200000
    hdec hif8, hif_e, 0x3e200000
    ; E3M2 (6 bits, bias 3, no specials): 0x1F = 0 111 11b: 2^4 * 1.75 =
    ; 28 (0x41E00000); E2M3 (bias 1): 0x1F = 0 11 111b: 2^2 * 1.875 = 7.5
    ; (0x40F00000); E2M1 lane 0xF: S 1, E 11b, M 1: -(2^2 * 1.5) = -6
    ; (0xC0C00000); E1M2 lane 0x7: E 1, M 11b: 2^0 * 1.75 (0x3FE00000);
    ; E4M3 0x7E = 0 1111 110b: 2^8 * 1.75 = 448 (0x43E00000), its largest
    ; value (S.1111.111 is the NaN); TF32 0x3F802000 and HF32 0x3F801000
    ; are FP32 carriers: 1 + 2^-10, 1 + 2^-11.
    hdec e3m2, e32_a, 0x41e00000
    hdec e2m3, e23_a, 0x40f00000
    hdec e2m1x2, e21_a, 0xc0c00000
    hdec e1m2x2, e12_a, 0x3fe00000
    hdec e4m3, e43_a, 0x43e00000
    hdec tf32, tf_a, 0x3f802000
    hdec hf32, hf_a, 0x3f801000
    hflags 0

    ; One RNE rounding per term, K in increasing order
    ; (/matrix/dot_order): [2^24, 1, 1] . [1, 1, 1]: 0 + 2^24 = 2^24;
    ; 2^24 + 1 is a tie between 2^24 and 2^24 + 2: the even 2^24; again
    ; 2^24 -> 0x4B800000.  (Summed exactly, 2^24 + 2 = 0x4B800001; the
    ; other order, 1 + 1 + 2^24, too.)  The products record no flags
    ; (docs/implementation-defined.md entry 30).
    tcase 2
    hdot 3, 12, 0010, k_a, k_ones, 0x4b800000
    hflags 0
    ; the fused term (/arithmetic/fused_operations): [1, 1 + 2^-12] .
    ; [-(1 + 2^-11), 1 + 2^-12]: -(1 + 2^-11) + (1 + 2^-11 + 2^-24) = 2^-24
    ; exactly (0x33800000); rounding the product first would give 0
    hdot 2, 8, 0001, k_b, k_c, 0x33800000

    ; NaN and infinity (/arithmetic/canonical_nan_output): inf * 0 is NaN
    ; -> 0x7FC00000; inf * 1 + -inf * 1 is inf - inf -> NaN; a qNaN with a
    ; payload gives the canonical NaN; max * 1 + max * 1 overflows -> +inf;
    ; -0 * 1 from the +0 start: +0 + -0 = +0 (RNE) -> 0x00000000
    tcase 3
    hdot 1, 4, 0001, n_inf, n_zero, 0x7fc00000
    hdot 2, 8, 0001, n_infs, k_ones, 0x7fc00000
    hdot 1, 4, 0001, n_qnan, k_ones, 0x7fc00000
    hdot 2, 8, 0001, n_max, k_ones, 0x7f800000
    hdot 1, 4, 0001, n_negz, k_ones, 0x00000000
    hflags 0

    ; BIAS after the complete dot product (/matrix/bias_order): [1, 2^24]
    ; . [1, 1] = 1, then 1 + 2^24 -> 2^24 (tie to even); + bias -2^24 = +0.
    ; (Bias first: -2^24 + 1 + 2^24 = 1.0.)
    tcase 4
    cload fp32, 22, 1, 2, b_a, 8, t, 0001, 1000, 0
    cload fp32, 23, 2, 1, k_ones, 4, u, 0001, 1000, 0
    rload fp32, 1, 1, b_bias, 4, n, 0001, 1000
    bstart.tmatmul.bias fp32
    fpatr0
    b.iot t#1, u#1, mask=1000
    b.iot n#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 2
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0

    ; Unsigned inputs are zero-extended (the U class accumulates in U32):
    ; U8 255 * 255 = 65025 (0xFE01), where S8 -1 * -1 would be 1
    tcase 5
    cload u8, 22, 1, 1, u_ff, 1, t, 0001, 1000, 0
    cload u8, 23, 1, 1, u_ff, 1, u, 0001, 1000, 0
    bstart.tmatmul u8
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore u32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0xfe01

    ; MX (/matrix/mx/scale_order): an FP16 side has no scale; E4M3 1.0
    ; (0x38) with scale 0x80 is 1.0 * 2^(128 - 127) = 2; FP16 1.0 * 2 = 2.0
    ; (0x40000000).  A 0xFF scale makes the term NaN: 0x7FC00000.
    tcase 6
    cload fp16, 22, 1, 1, x_h1, 2, t, 0001, 1000, 0
    cload e4m3, 23, 1, 1, x_e1, 1, t, 0001, 1000, 0
    rload e8m0, 1, 1, x_s80, 1, u, 0001, 1000
    bstart.tmatmulmx fp16
    fpatr0
    b.datr layout=0, datatype=7, pad=0, cmode=0, rmode=0
    b.iot t#2, t#1, mask=1000       ; A, B
    b.iot u#1, mask=1000, last, ->m<0001>   ; B's scale
    mnk 1, 1, 1
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0x40000000
    cload e4m3, 22, 1, 1, x_e1, 1, t, 0001, 1000, 0
    rload e8m0, 1, 1, x_sff, 1, u, 0001, 1000
    cload e4m3, 23, 1, 1, x_e1, 1, t, 0001, 1000, 0
    rload e8m0, 1, 1, x_s7f, 1, u, 0001, 1000
    bstart.tmatmulmx e4m3
    fpatr0
    b.iot t#2, u#2, mask=1000       ; A, its scale 0xFF
    b.iot t#1, u#1, mask=1000, last, ->m<0001>   ; B, its scale 0x7F
    mnk 1, 1, 1
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0x7fc00000
    hflags 0

    ; (A 1 x 4 FP32 result takes two M16 cells: SizeCode 2.)
    ; RowMax (MatrixRowMaxResult, TileProfileMatrixReductionStepWithFlags:
    ; the MAX rule of TMAX on the raw accumulator): [1.0] x [qNaN, 2, 3,
    ; -5] = [NaN, 2, 3, -5]; the fold from the first element: max(NaN, 2) =
    ; 2 (a NaN loses), 3, max(3, -5) = 3 -> 0x40400000
    tcase 7
    cload fp32, 22, 1, 1, one_f, 4, t, 0001, 1000, 0
    cload fp32, 23, 1, 4, r_b, 16, u, 0001, 1000, 0
    bstart.tmatmul fp32
    b.fpatr prequant=0, relu=0, groupn=0, rowmax, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, ->m<0010>
    b.iot mask=1000, last, ->n<0001>
    mnk 1, 4, 1
    bstop
    hrowmax fp32
    check_eq a2, 0x40400000
    ; MaxAbs (MatrixReductionAbsoluteWithFlags: the sign cleared): |NaN|,
    ; 2, 3, 5 -> 5.0 (0x40A00000)
    bstart.tmatmul fp32
    b.fpatr prequant=0, relu=0, groupn=0, rowmax, maxabs, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, ->m<0010>
    b.iot mask=1000, last, ->n<0001>
    mnk 1, 4, 1
    bstop
    hrowmax fp32
    check_eq a2, 0x40a00000
    ; RowMaxInit: the input row's value first, max(4.0, 3.0) = 4.0
    rload fp32, 1, 1, r_in, 4, n, 0001, 1000
    bstart.tmatmul fp32
    b.fpatr prequant=0, relu=0, groupn=0, rowmax, rowmaxinit, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000
    b.iot n#1, mask=1000, ->m<0010>
    b.iot mask=1000, last, ->n<0001>
    mnk 1, 4, 1
    bstop
    hrowmax fp32
    check_eq a2, 0x40800000
    hflags 0
    ; S32 MaxAbs of INT_MIN saturates to 0x7FFFFFFF with OF
    ; (MatrixReductionAbsoluteWithFlags): ACC from C = [0x80000000, 1] with
    ; [0] x [0, 0] -> D = C; max(0x7FFFFFFF, 1) = 0x7FFFFFFF
    cload s32, 22, 1, 2, r_c, 8, m, 0001, 1000, 0
    cload s8, 22, 1, 1, r_z, 1, t, 0001, 1000, 0
    cload s8, 23, 1, 2, r_z, 2, u, 0001, 1000, 0
    bstart.tmatmul.acc s8
    b.fpatr prequant=0, relu=0, groupn=0, rowmax, maxabs, func=2, opc1=2, opcode=1, w=1
    b.iot m#1, t#1, mask=1000
    b.iot u#1, mask=1000, ->n<0001>
    b.iot mask=1000, last, ->n<0001>
    mnk 1, 2, 1
    bstop
    hrowmax s32
    check_eq a2, 0x7fffffff
    hflags 4

    ; F322F16 (PreQuantMode 1; MatrixPostQuantBaseWithFlags, the FP16
    ; encoder of asl/arch/profile/matrix-quantization.asl): RNE;
    ; 1 + 2^-11 is a tie -> 1.0 (0x3C00), NX
    tcase 8
    cload fp32, 23, 1, 1, one_f, 4, u, 0001, 1000, 0
    hpq 1, fp16, q_a
    check_eq a2, 0x3c00
    hflags 16
    ; 65520 overflows to +inf (0x7C00) with OF NX
    hpq 1, fp16, q_b
    check_eq a2, 0x7c00
    hflags 20
    ; 1.5 * 2^-25 = 0.75 of the subnormal quantum 2^-24 -> 0x0001, UF NX
    hpq 1, fp16, q_c
    check_eq a2, 0x0001
    hflags 24
    ; (1 - 2^-12) * 2^-14 rounds up to the smallest normal 2^-14 (0x0400);
    ; this encoder decides tininess before rounding (the value is below
    ; 2^-14): UF NX, where IEEE's after-rounding rule would give NX only
    hpq 1, fp16, q_d
    check_eq a2, 0x0400
    hflags 24

    ; F322BF16 (PreQuantMode 16): 1 + 2^-8 is a tie at BF16's 7 fraction
    ; bits -> 1.0 (0x3F80); 1 + 3 * 2^-8 is a tie between 1 + 2^-7 (odd)
    ; and 1 + 2^-6 (even) -> 0x3F82; NX
    tcase 9
    hpq 16, bf16, q_e
    check_eq a2, 0x3f80
    hpq 16, bf16, q_f
    check_eq a2, 0x3f82
    hflags 16

    ; ReLU (ReluMode 1, MatrixSelectedMultiplier: 0 for a negative
    ; source): [1.0] x [2, -3, qNaN, 0] = [2, -3, NaN, +0] -> [2.0, +0,
    ; 0x7FC00000 (the special value first), +0]
    tcase 10
    cload fp32, 22, 1, 1, one_f, 4, t, 0001, 1000, 0
    cload fp32, 23, 1, 4, l_b, 16, u, 0001, 1000, 0
    bstart.tmatmul fp32
    b.fpatr prequant=0, relu=1, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, last, ->m<0010>
    mnk 1, 4, 1
    bstop
    dstore fp32, m#1, 1, 4, out, 16, 1000, 0
    hl.liu out, ->a5
    ldi [a5, 0], ->a2
    check_eq a2, 0x0000000040000000
    ldi [a5, 8], ->a2
    check_eq a2, 0x000000007fc00000
    hflags 0

    ; GroupMax (MatrixGroupMaxResult; BundleFPATRGroupN: code 1 = groups
    ; of 8 columns, the last one partial): [1.0] x [1 .. 8, -1, -9, 20,
    ; qNaN] -> group 0 max(1 .. 8) = 8.0 (0x41000000); group 1 (columns
    ; 8 .. 11) max(-1, -9, 20, NaN) = 20.0 (0x41A00000), the NaN losing.
    ; (D, 1 x 12 FP32, takes six 128-byte M16 cells: SizeCode 4, 1024
    ; bytes; B, 1 x 12 in N8 cells of 8 columns, two: SizeCode 2.)
    tcase 11
    cload fp32, 22, 1, 1, one_f, 4, t, 0001, 1000, 0
    cload fp32, 23, 1, 12, g_b, 48, u, 0010, 1000, 0
    bstart.tmatmul fp32
    b.fpatr prequant=0, relu=0, groupn=1, groupmax, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, ->m<0100>
    b.iot mask=1000, last, ->n<0001>
    mnk 1, 12, 1
    bstop
    hl.liu out, ->a0
    bstart.tstore fp32
    b.iot n#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    b.dim zero, 2, ->lb0
    bstop
    hl.liu out, ->a5
    ldi [a5, 0], ->a2
    check_eq a2, 0x41a0000041000000
    hflags 0
    test_end

    tile_handler_body
    .data
    .balign 64
out:        .space 32
one_f:      .word 0x3f800000
hif_a:      .byte 0x0c
hif_b:      .byte 0x6e
hif_c:      .byte 0x01
hif_d:      .byte 0x2a
hif_e:      .byte 0x3a
e32_a:      .byte 0x1f
e23_a:      .byte 0x1f
e21_a:      .byte 0x0f
e12_a:      .byte 0x07
e43_a:      .byte 0x7e
u_ff:       .byte 0xff
x_e1:       .byte 0x38
x_s80:      .byte 0x80
x_sff:      .byte 0xff
x_s7f:      .byte 0x7f
r_z:        .byte 0, 0
    .balign 4
x_h1:       .half 0x3c00
    .balign 4
tf_a:       .word 0x3f802000
hf_a:       .word 0x3f801000
k_a:        .word 0x4b800000, 0x3f800000, 0x3f800000
k_ones:     .word 0x3f800000, 0x3f800000, 0x3f800000
k_b:        .word 0x3f800000, 0x3f800800
k_c:        .word 0xbf801000, 0x3f800800
n_inf:      .word 0x7f800000
n_zero:     .word 0x00000000
n_infs:     .word 0x7f800000, 0xff800000
n_qnan:     .word 0x7fc01234
n_max:      .word 0x7f7fffff, 0x7f7fffff
n_negz:     .word 0x80000000
b_a:        .word 0x3f800000, 0x4b800000
b_bias:     .word 0xcb800000
r_b:        .word 0x7fc00000, 0x40000000, 0x40400000, 0xc0a00000
r_in:       .word 0x40800000
r_c:        .word 0x80000000, 0x00000001
q_a:        .word 0x3f801000
q_b:        .word 0x477ff000
q_c:        .word 0x33400000
q_d:        .word 0x387ff000
q_e:        .word 0x3f808000
q_f:        .word 0x3f818000
l_b:        .word 0x40000000, 0xc0400000, 0x7fc00000, 0x00000000
g_b:        .word 0x3f800000, 0x40000000, 0x40400000, 0x40800000
            .word 0x40a00000, 0x40c00000, 0x40e00000, 0x41000000
            .word 0xbf800000, 0xc1100000, 0x41a00000, 0x7fc00000
    tile_snap_area
