; SPDX-License-Identifier: GPL-2.0-or-later
; The CUBE engine (PTO-BLOCK-MODEL-DISPATCH-CUBE-TMATMUL, -SHARED-CUBE-MATRIX,
; ADR 0097): TMATMUL, BIAS, ACC, integer and MX forms on Local CUBE tiles,
; the cooperative form (Shared A of 4M rows, PE i using rows [iM, (i+1)M)),
; Shared-B-only, and the legality rules, each faulting before any effect.
; Expected values are worked by hand in the comments; FP32 bit patterns:
; 3 0x40400000, 4 0x40800000, 5 0x40a00000, 6 0x40c00000, 7 0x40e00000,
; 8 0x41000000, 9 0x41100000, 10 0x41200000, 12 0x41400000, 14 0x41600000,
; 16 0x41800000, 18 0x41900000, 19 0x41980000, 20 0x41a00000,
; 22 0x41b00000, 38 0x42180000, 40 0x42200000, 43 0x422c0000,
; 44 0x42300000, 48 0x42400000, 50 0x42480000, 86 0x42ac0000, 100 0x42c80000.
    .include "../testlib.inc"
    .include "tile-check.inc"
    .include "cube.inc"

; the faulting block just run: trap 5 at its BSTOP LABEL, nothing
; allocated or changed in the pools and name bitmaps
    .macro rejected label
    check_fault T_TILE, \label
    check_unchanged
    .endm

    .text
    .globl _start
_start:
    install_tile_handler

    case 1                          ; [[1,2],[3,4]] x [[5,6],[7,8]] = [[19,22],[43,50]]
    cload fp32, 22, 2, 2, a22, 8, t, 0001, 1000, 0     ; A: M16, one 128-byte cell
    cload fp32, 23, 2, 2, b22, 8, u, 0001, 1000, 0     ; B: N8, 4 x 8 storage
    bstart.tmatmul fp32
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
    bstop
    dstore fp32, m#1, 2, 2, out, 8, 1000, 0
    hl.liu out, ->a5
    ldi [a5, 0], ->a2
    check_eq a2, 0x41b0000041980000
    ldi [a5, 8], ->a2
    check_eq a2, 0x42480000422c0000

    case 2                          ; BIAS [1, -2]: [[20, 20], [44, 48]]
    rload fp32, 1, 2, bias, 8, n, 0001, 1000
    bstart.tmatmul.bias fp32
    fpatr0
    b.iot t#1, u#1, mask=1000
    b.iot n#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
    bstop
    dstore fp32, m#1, 2, 2, out, 8, 1000, 0
    ldi [a5, 0], ->a2
    check_eq a2, 0x41a0000041a00000
    ldi [a5, 8], ->a2
    check_eq a2, 0x4240000042300000

    case 3                          ; ACC from case 1's result: C + AB = [[38, 44], [86, 100]]
    bstart.tmatmul.acc fp32
    fpatr0
    b.iot m#2, t#1, mask=1000       ; m#2: case 1's D (case 2's is m#1)
    b.iot u#1, mask=1000, last, ->n<0001>
    mnk 2, 2, 2
    bstop
    dstore fp32, n#1, 2, 2, out, 8, 1000, 0
    ldi [a5, 0], ->a2
    check_eq a2, 0x4230000042180000
    ldi [a5, 8], ->a2
    check_eq a2, 0x42c8000042ac0000

    case 4                          ; S8 [[1,-2],[3,4]] x [[5,6],[-7,8]] = [[19,-10],[-13,50]] in S32
    cload s8, 22, 2, 2, a8, 2, t, 0001, 1000, 0
    cload s8, 23, 2, 2, b8, 2, u, 0001, 1000, 0
    bstart.tmatmul s8
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
    bstop
    dstore s32, m#1, 2, 2, out, 8, 1000, 0
    ldi [a5, 0], ->a2
    check_eq a2, 0xfffffff600000013
    ldi [a5, 8], ->a2
    check_eq a2, 0x00000032fffffff3

    ; Cooperative: Shared A is 8 x 2 (4M rows, M = 2), row r = [r, 1];
    ; B = [[1, 2], [3, 4]], so row r of the product is [r + 3, 2r + 4] and
    ; PE i holds rows 2i, 2i + 1: PE0 [3,4] [4,6], PE1 [5,8] [6,10],
    ; PE2 [7,12] [8,14], PE3 [9,16] [10,18].  (A broadcast of A's first two
    ; rows would give every PE PE0's result.)
    case 5
    sload s1, 8, 2, sha, 8
    sload s2, 2, 2, shb, 8
    bstart.tmatmul fp32
    fpatr0
    b.ios s1, mask=1111
    b.ios s2, mask=1111
    b.iot mask=1111, last, ->m<0001>
    mnk 2, 2, 2
    bstop
    dstore fp32, m#1, 2, 2, out4, 8, 1111, 16
    hl.liu out4, ->a5
    ldi [a5, 0], ->a2
    check_eq a2, 0x4080000040400000
    ldi [a5, 8], ->a2
    check_eq a2, 0x40c0000040800000
    ldi [a5, 16], ->a2
    check_eq a2, 0x4100000040a00000
    ldi [a5, 24], ->a2
    check_eq a2, 0x4120000040c00000
    ldi [a5, 32], ->a2
    check_eq a2, 0x4140000040e00000
    ldi [a5, 40], ->a2
    check_eq a2, 0x4160000041000000
    ldi [a5, 48], ->a2
    check_eq a2, 0x4180000041100000
    ldi [a5, 56], ->a2
    check_eq a2, 0x4190000041200000

    case 6                          ; Shared-B-only: PE p's Local A = rows 2p, 2p+1 of sha
    cload fp32, 22, 2, 2, sha, 8, t, 0001, 1111, 16
    bstart.tmatmul fp32
    fpatr0
    b.ios s2, mask=1111
    b.iot t#1, mask=1111, last, ->m<0001>
    mnk 2, 2, 2
    bstop
    dstore fp32, m#1, 2, 2, out4, 8, 1111, 16
    hl.liu out4, ->a5
    ldi [a5, 32], ->a2              ; PE2: [7, 12], [8, 14]
    check_eq a2, 0x4140000040e00000
    ldi [a5, 56], ->a2              ; PE3 row 1: [10, 18]
    check_eq a2, 0x4190000041200000

    case 7                          ; MX: K = 33 ones, E4M3 x E5M2, ScaleA [0x7f, 0x80],
                                    ; ScaleB [0x7f, 0x81]: 32 * 1 + 1 * 2 * 4 = 40
    cload e4m3, 22, 1, 33, ones, 40, t, 0100, 1000, 0  ; 40 columns: 5 cells
    rload e8m0, 1, 2, sca, 2, u, 0001, 1000
    cload e5m2, 23, 33, 1, ones5, 1, t, 0011, 1000, 0   ; 48 x 8 storage: 3 cells
    rload e8m0, 2, 1, scb, 1, u, 0001, 1000
    bstart.tmatmulmx e4m3
    fpatr0
    b.datr layout=0, datatype=8, pad=0, cmode=0, rmode=0
    b.iot t#2, u#2, mask=1000       ; A, its scale
    b.iot t#1, u#1, mask=1000, last, ->m<0001>   ; B, its scale
    mnk 1, 1, 33
    bstop
    dstore fp32, m#1, 1, 1, out, 8, 1000, 0
    hl.liu out, ->a5
    lwui [a5, 0], ->a2
    check_eq a2, 0x42200000

    ; The legality rules: each block faults at its BSTOP (trap 5) and
    ; changes nothing (pools and name bitmaps compared before and after).
    case 8                          ; no B.FPATR (Fault_BundleControl)
    cload fp32, 22, 2, 2, a22, 8, t, 0001, 1000, 0
    cload fp32, 23, 2, 2, b22, 8, u, 0001, 1000, 0
    snapshot
    expect_fault r8
    bstart.tmatmul fp32
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
f8: bstop
r8:
    rejected f8

    case 9                          ; FP32 x S8: not one type class
    snapshot
    expect_fault r9
    bstart.tmatmul fp32
    fpatr0
    b.datr layout=0, datatype=19, pad=0, cmode=0, rmode=0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
f9: bstop
r9:
    rejected f9

    case 10                         ; TGEMV needs M = 1
    snapshot
    expect_fault r10
    bstart.tgemv fp32
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
f10: bstop
r10:
    rejected f10

    case 11                         ; TGEMV takes no Shared operand
    snapshot
    expect_fault r11
    bstart.tgemv fp32
    fpatr0
    b.ios s2, mask=1000
    b.iot t#1, mask=1000, last, ->m<0001>
    mnk 1, 2, 2
f11: bstop
r11:
    rejected f11

    case 12                         ; group shape: Shared A of 4 rows cannot feed M = 2 on four PEs
    sload s3, 4, 2, sha, 8
    snapshot
    expect_fault r12
    bstart.tmatmul fp32
    fpatr0
    b.ios s3, mask=1111
    b.ios s2, mask=1111
    b.iot mask=1111, last, ->m<0001>
    mnk 2, 2, 2
f12: bstop
r12:
    rejected f12

    case 13                         ; K = 3 with a Shared operand: not a power of two
    snapshot
    expect_fault r13
    bstart.tmatmul fp32
    fpatr0
    b.ios s1, mask=1111
    b.ios s2, mask=1111
    b.iot mask=1111, last, ->m<0001>
    mnk 2, 2, 3
f13: bstop
r13:
    rejected f13

    case 14                         ; an unpublished Shared B (written by INSERT only)
    rload fp32, 2, 2, b22, 8, n, 0001, 1111
    bstart.tmov.l2s.insert fp32
    b.iot n#1, mask=1111, last
    b.ios mask=1111, ->s4<0001>
    bstop
    snapshot
    expect_fault r14
    bstart.tmatmul fp32
    fpatr0
    b.ios s1, mask=1111
    b.ios s4, mask=1111
    b.iot mask=1111, last, ->m<0001>
    mnk 2, 2, 2
f14: bstop
r14:
    rejected f14

    case 15                         ; ACC whose C selector equals D's hand code (t#1 -> t)
    cload fp32, 22, 2, 2, a22, 8, t, 0001, 1000, 0
    snapshot
    expect_fault r15
    bstart.tmatmul.acc fp32
    fpatr0
    b.iot t#1, t#2, mask=1000
    b.iot u#1, mask=1000, last, ->t<0001>
    mnk 2, 2, 2
f15: bstop
r15:
    rejected f15

    case 16                         ; a result too big for its SizeCode: 2 x 16 FP32 needs 8 cells
    cload fp32, 23, 2, 16, sha, 64, u, 0010, 1000, 0  ; B: 2 x 16 (any values), 2 cells
    cload fp32, 22, 2, 2, a22, 8, t, 0001, 1000, 0
    snapshot
    expect_fault r16
    bstart.tmatmul fp32
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 16, 2
f16: bstop
r16:
    rejected f16

    ; B.FPATR post-processing (tile/cube/cube_post.c; vectors matrix_postprocess)
    tcase 17                        ; REQ8 (mode 3): 3 * 2.0 - 1 = 5; 70 * 2.0 wraps to 0x8c; Sat: 0x7f
    cload s8, 22, 1, 1, three, 1, t, 0001, 1000, 0
    cload s8, 23, 1, 1, one8, 1, u, 0001, 1000, 0
    li64 0x00003fe040000000         ; FP19 2.0 in [31:13], S9 offset -1 in [45:37]
    bstart.tmatmul s8
    b.fpatr prequant=3, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    b.ior x3, zero, zero, ->zero
    bstop
    dstore s8, m#1, 1, 1, out, 8, 1000, 0
    hl.liu out, ->a5
    lbui [a5, 0], ->a2
    check_eq a2, 0x05
    cload s8, 22, 1, 1, seventy, 1, t, 0001, 1000, 0
    li64 0x0000000040000000         ; 2.0, offset 0
    bstart.tmatmul s8
    b.fpatr prequant=3, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    b.ior x3, zero, zero, ->zero
    bstop
    dstore s8, m#1, 1, 1, out, 8, 1000, 0
    hl.liu out, ->a5
    lbui [a5, 0], ->a2
    check_eq a2, 0x8c
    li64 0x0000000040000000
    bstart.tmatmul s8
    b.fpatr prequant=3, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.datr layout=0, datatype=31, pad=0, cmode=0, rmode=0, sat
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    b.ior x3, zero, zero, ->zero
    bstop
    dstore s8, m#1, 1, 1, out, 8, 1000, 0
    hl.liu out, ->a5
    lbui [a5, 0], ->a2
    check_eq a2, 0x7f

    tcase 18                        ; QF322B8_PRE (24) with LReLU alpha 0.5 on -4.0: -2 = 0xfe
    cload fp32, 22, 1, 1, minus4, 4, t, 0001, 1000, 0
    cload fp32, 23, 1, 1, onef, 4, u, 0001, 1000, 0
    hl.liu 0x3f800000, ->a3         ; FP19 1.0 in [31:13]
    hl.liu 0x1f800, ->a4            ; FP19 0.5 in [18:0]
    bstart.tmatmul fp32
    b.fpatr prequant=24, relu=2, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    b.ior a3, a4, zero, ->zero
    bstop
    dstore s8, m#1, 1, 1, out, 8, 1000, 0
    hl.liu out, ->a5
    lbui [a5, 0], ->a2
    check_eq a2, 0xfe

    tcase 19                        ; a scalar-parameter mode without B.IOR; an illegal word
    snapshot
    expect_fault r19
    bstart.tmatmul s8
    b.fpatr prequant=3, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#3, u#2, mask=1000, last, ->m<0001>
f19: bstop
r19:
    rejected f19
    li64 0x0000000040000001         ; nonzero bits [12:0]
    snapshot
    expect_fault r19b
    bstart.tmatmul s8
    b.fpatr prequant=3, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#3, u#2, mask=1000, last, ->m<0001>
    b.ior x3, zero, zero, ->zero
f19b: bstop
r19b:
    rejected f19b

    ; TCVT of a private CUBE result (PTO-TILE-TCVT, Matrix location): Canonicalize
    ; and Layout 0 give a row-major tile; here FP32 -> FP64 (B.DATR DataType
    ; 0).  The M16 result has 16 storage rows of 2 columns, so the FP64
    ; destination needs 256 bytes (SizeCode 2) for the same rows.
    ; 19, 22, 43, 50 in FP64: 0x4033.., 0x4036.., 0x40458.., 0x4049..
    tcase 20
    cload fp32, 22, 2, 2, a22, 8, t, 0001, 1000, 0
    cload fp32, 23, 2, 2, b22, 8, u, 0001, 1000, 0
    bstart.tmatmul fp32
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 2, 2, 2
    bstop
    bstart.vec tcvt, fp32
    b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=0, canonicalize
    b.iot m#1, mask=1000, last, ->n<0010>
    b.dim zero, 2, ->lb0
    b.dim zero, 2, ->lb1
    b.dim zero, 2, ->lb2
    bstop
    hl.liu out, ->a0
    hl.liu 16, ->a1
    bstart.tstore fp64
    b.iot n#1, mask=1000, last
    b.ior a0, a1, zero, ->zero
    bstop
    hl.liu out, ->a5
    ldi [a5, 0], ->a2
    check_eq a2, 0x4033000000000000
    ldi [a5, 8], ->a2
    check_eq a2, 0x4036000000000000
    ldi [a5, 16], ->a2
    check_eq a2, 0x4045800000000000
    ldi [a5, 24], ->a2
    check_eq a2, 0x4049000000000000
    ; without Canonicalize the CUBE result is rejected
    snapshot
    expect_fault r20
    bstart.vec tcvt, fp32
    b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=0
    b.iot m#1, mask=1000, last, ->n<0010>
    b.dim zero, 2, ->lb0
    b.dim zero, 2, ->lb1
    b.dim zero, 2, ->lb2
f20: bstop
r20:
    rejected f20

    test_end
    tile_handler_body

    .data
    .balign 64
a22:  .word 0x3f800000, 0x40000000, 0x40400000, 0x40800000     ; [[1,2],[3,4]]
b22:  .word 0x40a00000, 0x40c00000, 0x40e00000, 0x41000000     ; [[5,6],[7,8]]
bias: .word 0x3f800000, 0xc0000000                             ; [1, -2]
a8:   .byte 1, 0xfe, 3, 4                                      ; [[1,-2],[3,4]]
b8:   .byte 5, 6, 0xf9, 8                                      ; [[5,6],[-7,8]]
    .balign 8
sha:  .word 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000     ; rows [r, 1], r = 0..7
      .word 0x40000000, 0x3f800000, 0x40400000, 0x3f800000
      .word 0x40800000, 0x3f800000, 0x40a00000, 0x3f800000
      .word 0x40c00000, 0x3f800000, 0x40e00000, 0x3f800000
shb:  .word 0x3f800000, 0x40000000, 0x40400000, 0x40800000     ; [[1,2],[3,4]]
ones: .byte 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38     ; E4M3 1.0 (0 0111 000)
      .byte 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38
      .byte 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38
      .byte 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38
      .byte 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38, 0x38
ones5: .byte 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c    ; E5M2 1.0 (0 01111 00)
      .byte 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c
      .byte 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c
      .byte 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c, 0x3c
      .byte 0x3c
three: .byte 3
one8: .byte 1
seventy: .byte 70
    .balign 4
minus4: .word 0xc0800000
onef: .word 0x3f800000
sca:  .byte 0x7f, 0x80
scb:  .byte 0x7f, 0x81
    .balign 16
out:  .space 64
out4: .space 64
    tile_snap_area
