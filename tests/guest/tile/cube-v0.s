; SPDX-License-Identifier: GPL-2.0-or-later
; The CUBE engine under the pto-v0 numeric profile (docs/numeric-profiles.md).
; Every expected value is worked by hand from the spec's ASL:
;   - TLOAD (asl/tile/model/memory/load-store.asl, DecodeTileMemoryElementRaw)
;     puts each element into the model's 64-bit word: signed integers
;     sign-extended (NormalizeLoadedValue with signed = TRUE, as
;     NormalizeTileInteger in asl/tile/model/numeric/formats.asl), every
;     other type zero-extended;
;   - the reference profile's TileProfileMatrixAccumulate
;     (asl/arch/profile/reference-profile.asl) adds MultiplyWord(left, right)
;     to the 64-bit sum, K in increasing order (MatrixProductResultFromTiles,
;     asl/tile/model/execution/cube.asl), and TileProfileMatrixBias adds
;     the bias word;
;   - with B.FPATR all zero the sum is kept, and TSTORE of the S32 / FP32
;     result writes its low 32 bits (NormalizeMemoryAccessValue).
; qemu-args: -global pto-core-tile-cpu.numeric-profile=pto-v0
    .include "../testlib.inc"
    .include "tile-check.inc"
    .include "cube.inc"
    .text
    .globl _start
_start:
    install_tile_handler
    hl.liu out, ->a5

    ; FP16 1.0 (0x3C00) times 2.0 (0x4000): zero-extended words,
    ; 0x3C00 * 0x4000 = 0x3C * 0x40 << 16 = 0xF00 << 16 = 0x0F000000
    ; (not the FP32 2.0).
    tcase 1
    cload fp16, 22, 1, 1, h_one, 2, t, 0001, 1000, 0
    cload fp16, 23, 1, 1, h_two, 2, u, 0001, 1000, 0
    bstart.tmatmul fp16
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0x0f000000

    ; FP16 -1.0 (0xBC00) times 1.0 (0x3C00): the sign bit is a plain bit of
    ; a zero-extended word, 0xBC00 * 0x3C00 = (188 * 60 = 11280 = 0x2C10)
    ; << 16 = 0x2C100000.
    tcase 2
    cload fp16, 22, 1, 1, h_neg_one, 2, t, 0001, 1000, 0
    cload fp16, 23, 1, 1, h_one, 2, u, 0001, 1000, 0
    bstart.tmatmul fp16
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore fp32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0x2c100000

    ; S8 [[1, -2], [3, 4]] x [[5, 6], [-7, 8]]: the words of -2 and -7 are
    ; 2^64 - 2 and 2^64 - 7, so modulo 2^64
    ;   D00 = 1*5 + (-2)(-7) = 19           -> 0x00000013
    ;   D01 = 1*6 + (-2)*8   = -10          -> 0xFFFFFFF6
    ;   D10 = 3*5 + 4*(-7)   = -13          -> 0xFFFFFFF3
    ;   D11 = 3*6 + 4*8      = 50           -> 0x00000032
    ; (zero-extended bytes would give D00 = 5 + 254 * 249 = 63251 = 0xF713).
    tcase 3
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

    ; S16 [[-32768, 3]] x [[-32768], [-2]] (M = N = 1, K = 2):
    ;   (-32768)^2 + 3 * (-2) = 2^30 - 6 = 0x3FFFFFFA
    ; (zero-extended halves: 32768^2 + 3 * 65534 = 2^30 + 196602, low 32
    ; bits 0x4002FFFA).
    tcase 4
    cload s16, 22, 1, 2, a16, 4, t, 0001, 1000, 0
    cload s16, 23, 2, 1, b16, 2, u, 0001, 1000, 0
    bstart.tmatmul s16
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 2
    bstop
    dstore s32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0x3ffffffa

    ; BIAS: S8 [[2]] x [[-3]] = -6, plus the S32 bias word -1 (TLOAD
    ; sign-extends it): -7 -> 0xFFFFFFF9.
    tcase 5
    cload s8, 22, 1, 1, two8, 1, t, 0001, 1000, 0
    cload s8, 23, 1, 1, minus3, 1, u, 0001, 1000, 0
    rload s32, 1, 1, minus1_32, 4, n, 0001, 1000
    bstart.tmatmul.bias s8
    fpatr0
    b.iot t#1, u#1, mask=1000
    b.iot n#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore s32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0xfffffff9

    ; S4X2 [[-1]] x [[3]]: TLOAD reads a 4-bit element zero-extended
    ; (DecodeTileMemoryElementRaw's 4-bit branch ignores the sign), so the
    ; word of -1 is 15: 15 * 3 = 45 = 0x2D (the default profile: -3).
    tcase 6
    cload s4x2, 22, 1, 1, s4_minus1, 1, t, 0001, 1000, 0
    cload s4x2, 23, 1, 1, s4_three, 1, u, 0001, 1000, 0
    bstart.tmatmul s4x2
    fpatr0
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    mnk 1, 1, 1
    bstop
    dstore s32, m#1, 1, 1, out, 4, 1000, 0
    lwui [a5, 0], ->a2
    check_eq a2, 0x2d

    ; Shared U4X2 operands (cooperative, M = 1, N = K = 2): A is 4 x 2 with
    ; row r = [r + 1, 2], B = [[3, 4], [5, 6]]; PE i multiplies each element
    ; of row i: [3(i + 1) + 10, 4(i + 1) + 12] = [3i + 13, 4i + 16], so PE0
    ; [13, 16], PE1 [16, 20], PE2 [19, 24], PE3 [22, 28] (U32).  (The model
    ; keeps these row-major 4-bit registers packed and would multiply its
    ; packed words: docs/implementation-defined.md entry 66.)
    tcase 7
    hl.liu sha4, ->a0
    hl.liu 1, ->a1
    banks 0
    bstart.tload u4x2
    b.ios mask=1111, ->s1<0001>
    b.ior a0, a1, zero, ->zero
    b.dim zero, 2, ->lb0
    b.dim zero, 4, ->lb1
    bstop
    hl.liu shb4, ->a0
    banks 0
    bstart.tload u4x2
    b.ios mask=1111, ->s2<0001>
    b.ior a0, a1, zero, ->zero
    b.dim zero, 2, ->lb0
    b.dim zero, 2, ->lb1
    bstop
    bstart.tmatmul u4x2
    fpatr0
    b.ios s1, mask=1111
    b.ios s2, mask=1111
    b.iot mask=1111, last, ->m<0001>
    mnk 1, 2, 2
    bstop
    dstore u32, m#1, 1, 2, out4, 8, 1111, 8
    hl.liu out4, ->a5
    ldi [a5, 0], ->a2
    check_eq a2, 0x000000100000000d
    ldi [a5, 8], ->a2
    check_eq a2, 0x0000001400000010
    ldi [a5, 16], ->a2
    check_eq a2, 0x0000001800000013
    ldi [a5, 24], ->a2
    check_eq a2, 0x0000001c00000016
    test_end
    tile_handler_body

    .data
    .balign 64
h_one:      .half 0x3c00
h_two:      .half 0x4000
h_neg_one:  .half 0xbc00
a8:         .byte 1, 0xfe, 3, 4         ; [[1,-2],[3,4]]
b8:         .byte 5, 6, 0xf9, 8         ; [[5,6],[-7,8]]
two8:       .byte 2
minus3:     .byte 0xfd
    .balign 4
a16:        .half 0x8000, 3             ; [[-32768, 3]]
b16:        .half 0x8000, 0xfffe        ; [[-32768], [-2]]
minus1_32:  .word 0xffffffff
s4_minus1:  .byte 0x0f
s4_three:   .byte 0x03
sha4:       .byte 0x21, 0x22, 0x23, 0x24    ; rows [r + 1, 2]: lane 0 low nibble
shb4:       .byte 0x43, 0x65                ; [[3, 4], [5, 6]]
    .balign 8
out:        .space 16
out4:       .space 32
