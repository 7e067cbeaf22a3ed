; SPDX-License-Identifier: GPL-2.0-or-later
; The CUBE engine under the pto-v0 numeric profile (docs/numeric-profiles.md):
; carriers are multiplied as raw integers, as the reference model does
; (PTO-ARCH-PROFILE-REFERENCE-PROFILE).  FP16 0x3c00 (1.0) times 0x4000
; (2.0) contributes 0x3c00 * 0x4000 = 0x0f000000, not the FP32 2.0.
; qemu-args: -global pto-core-tile-cpu.numeric-profile=pto-v0
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    case 1
    hl.liu one, ->a0
    bstart.tload fp16
    b.datr layout=22, datatype=31, pad=0, cmode=0, rmode=0   ; ND2M16
    b.iot mask=1000, last, ->t<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 1, ->lb0
    b.dim zero, 1, ->lb1
    bstop
    hl.liu two, ->a0
    bstart.tload fp16
    b.datr layout=23, datatype=31, pad=0, cmode=0, rmode=0   ; ND2N8
    b.iot mask=1000, last, ->u<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 1, ->lb0
    b.dim zero, 1, ->lb1
    bstop
    bstart.tmatmul fp16
    b.fpatr prequant=0, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.iot t#1, u#1, mask=1000, last, ->m<0001>
    bstop                               ; M = N = K = 1 (LBs absent)
    hl.liu out, ->a0
    bstart.tstore fp32
    b.datr layout=25, datatype=31, pad=0, cmode=0, rmode=0   ; M162ND
    b.iot m#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    b.dim zero, 1, ->lb0
    b.dim zero, 1, ->lb1
    bstop
    hl.liu out, ->a1
    lwui [a1, 0], ->a2
    check_eq a2, 0x0f000000
    test_end
    .data
    .balign 8
one: .half 0x3c00
two: .half 0x4000
    .balign 8
out: .word 0
