; SPDX-License-Identifier: GPL-2.0-or-later
; CUBE transport layouts (PTO-BLOCK-MODEL-DISPATCH-TLSU-LAYOUT-CONVERSION,
; PTO-TILE-MODEL-SHAPE-CUBE-CELL): TLOAD ND2M16 / ND2M32 / ND2N8 and
; TSTORE M162ND / M322ND / N82ND round-trip the valid region through the
; 128-byte cell storage; the schema and shape rules fault before any
; effect.  (Where an element sits inside the cells is checked by the
; tile-file unit test.)
    .include "../testlib.inc"
    .include "tile-check.inc"
    .equ T5, 5 | ARGV

; TLOAD TYPE VR x VC from src (row stride 16) with layout CODE into t, size SIZE
    .macro cube_load type, code, vr, vc, size
    hl.liu src, ->a0
    hl.liu 16, ->a1
    bstart.tload \type
    b.datr layout=\code, datatype=31, pad=0, cmode=0, rmode=0
    b.iot mask=1000, last, ->t<\size>
    b.ior a0, a1, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.dim zero, \vr, ->lb1
    bstop
    .endm

    .macro cube_store type, code, vr, vc, buf
    hl.liu \buf, ->a0
    hl.liu 16, ->a1
    bstart.tstore \type
    b.datr layout=\code, datatype=31, pad=0, cmode=0, rmode=0
    b.iot t#1, mask=1000, last
    b.ior a0, a1, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.dim zero, \vr, ->lb1
    bstop
    .endm

    .text
    .globl _start
_start:
    install_tile_handler
    hl.liu WIN, ->s0

    case 1                          ; FP16 4 x 6 through M16: 16 x 8 storage, 2 cells = 256 B
    cube_load fp16, 22, 4, 6, 0010
    ldi [s0, 0x018], ->a2
    check_eq a2, 256
    cube_store fp16, 25, 4, 6, dst1
    hl.liu dst1, ->a5               ; row r: its 12 bytes are src bytes 16r..16r+11
    ldi [a5, 0], ->a2
    check_eq a2, 0x0706050403020100
    lwui [a5, 8], ->a2
    check_eq a2, 0x0b0a0908
    lwui [a5, 12], ->a2             ; past VC: untouched
    check_eq a2, 0
    ldi [a5, 48], ->a2              ; row 3
    check_eq a2, 0x3736353433323130
    ldi [a5, 64], ->a2              ; row 4: untouched
    check_eq a2, 0

    case 2                          ; U8 N8 3 x 5: 16-row cells, 16 x 8 storage = 1 cell
    cube_load u8, 23, 3, 5, 0001
    cube_store u8, 26, 3, 5, dst2
    hl.liu dst2, ->a5
    ldi [a5, 16], ->a2              ; row 1: bytes 16..20 of src = 0x10..0x14, then 0
    check_eq a2, 0x0000001413121110
    lwui [a5, 32], ->a2             ; row 2 bytes 0..3
    check_eq a2, 0x23222120

    case 3                          ; U4X2 M32 2 x 3: nibbles, the sibling nibble kept
    hl.liu dst3, ->a5
    hl.liu 0xff, ->a2
    sbi a2, [a5, 1]                 ; byte 1 = 0xff: its high nibble (column 3) must stay
    cube_load u4x2, 21, 2, 3, 0001
    cube_store u4x2, 24, 2, 3, dst3
    hl.liu dst3, ->a5
    lbui [a5, 0], ->a2              ; columns 0, 1 of row 0 = src byte 0 = 0x00
    check_eq a2, 0x00
    lbui [a5, 1], ->a2              ; column 2 = low nibble of src byte 1 (0x01) = 1; high kept f
    check_eq a2, 0xf1
    lbui [a5, 16], ->a2             ; row 1, columns 0, 1: src byte 16 = 0x10
    check_eq a2, 0x10
    lbui [a5, 17], ->a2             ; column 2: low nibble of 0x11; high nibble kept 0
    check_eq a2, 0x01

    case 4                          ; the schema: LB2 given, DataType not 31, M16 rows > 16
    ldi [s0, 0x018], ->s2
    expect_fault r_f4
    hl.liu src, ->a0
    bstart.tload fp16
    b.datr layout=22, datatype=31, pad=0, cmode=0, rmode=0
    b.iot mask=1000, last, ->t<0010>
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
    b.dim zero, 4, ->lb2
f4: bstop
r_f4:
    check_eq s5, T5
    hl.liu f4, ->a2
    check_same s6, a2
    expect_fault r_f4b
    bstart.tload fp16
    b.datr layout=22, datatype=4, pad=0, cmode=0, rmode=0
    b.iot mask=1000, last, ->t<0010>
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
f4b: bstop
r_f4b:
    hl.liu f4b, ->a2
    check_same s6, a2
    expect_fault r_f4c
    bstart.tload fp16
    b.datr layout=22, datatype=31, pad=0, cmode=0, rmode=0
    b.iot mask=1000, last, ->t<1010>
    b.dim zero, 4, ->lb0
    b.dim zero, 17, ->lb1           ; an M16 tile holds one cell of rows
f4c: bstop
r_f4c:
    hl.liu f4c, ->a2
    check_same s6, a2
    expect_fault r_f4d
    bstart.tload fp32               ; 8 x 3 FP32 in M16: 16 x 4 storage = 2 cells > 128 B
    b.datr layout=22, datatype=31, pad=0, cmode=0, rmode=0
    b.iot mask=1000, last, ->t<0001>
    b.dim zero, 3, ->lb0
    b.dim zero, 8, ->lb1
f4d: bstop
r_f4d:
    hl.liu f4d, ->a2
    check_same s6, a2
    ldi [s0, 0x018], ->a2           ; nothing allocated by the four
    check_same a2, s2

    case 5                          ; a store layout on TLOAD; a store of another layout
    expect_fault r_f5
    bstart.tload fp16
    b.datr layout=25, datatype=31, pad=0, cmode=0, rmode=0
    b.iot mask=1000, last, ->t<0010>
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
f5: bstop
r_f5:
    hl.liu f5, ->a2
    check_same s6, a2
    cube_load fp16, 22, 4, 6, 0010  ; an M16 tile ...
    expect_fault r_f5b
    hl.liu dst1, ->a0
    bstart.tstore fp16
    b.datr layout=24, datatype=31, pad=0, cmode=0, rmode=0   ; ... stored as M32
    b.iot t#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    b.dim zero, 6, ->lb0
    b.dim zero, 4, ->lb1
f5b: bstop
r_f5b:
    hl.liu f5b, ->a2
    check_same s6, a2

    test_end
    tile_handler_body

    .data
    .balign 64
src:                                ; byte i = i (64 bytes)
    .byte 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
    .byte 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f
    .byte 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f
    .byte 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f
    .balign 64
dst1: .space 128
dst2: .space 128
dst3: .space 128
scratch: .dword 0
