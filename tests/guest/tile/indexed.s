; SPDX-License-Identifier: GPL-2.0-or-later
; The TLSU indexed forms (PTO-BLOCK-MODEL-DISPATCH-TLSU-MGATHER, -MSCATTER,
; -MGATHER-CAS, -MGATHER-MASK): lane (r, c) of PE p addresses
; GPR_p[base] + the index element, a byte displacement, sign-extended for
; signed index types and never scaled.  Scatter lanes run row-major, so of
; two lanes to one address the later wins (docs/implementation-defined.md).
; Index tiles are loaded into hand U, data into T, results into M.
    .include "../testlib.inc"
    .include "tile-check.inc"
    .equ T5, 5 | ARGV

; a 1 x 4 tile of TYPE from LABEL into HAND on PEs MASK
    .macro load4 type, label, hand, mask
    hl.liu \label, ->a0
    bstart.tload \type
    b.iot mask=\mask, last, ->\hand<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    .endm

; TSTORE tile SEL (1 x 4, u32) of PEs MASK to LABEL (PE1: LABEL + 16)
    .macro store4 sel, label, mask
    hl.liu \label, ->a0
    bstart.tstore u32
    b.iot \sel, mask=\mask, last
    b.ior a0, zero, zero, ->zero
    bstop
    .endm

    .text
    .globl _start
_start:
    install_tile_handler

    case 1                          ; MGATHER: lanes [12, 0, 28, 4] of src = 13, 10, 17, 11
    load4 s32, idx_a, u, 1000
    hl.liu src, ->a0
    bstart.mgather u32
    b.iot u#1, mask=1000, last, ->m<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    store4 m#1, out, 1000
    hl.liu out, ->a1
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000a0000000d
    ldi [a1, 8], ->a2
    check_eq a2, 0x0000000b00000011

    case 2                          ; a signed index: [-4, 0, 4, -8] from src + 8 = 11, 12, 13, 10
    load4 s32, idx_neg, u, 1000
    hl.liu src + 8, ->a0
    bstart.mgather u32
    b.iot u#1, mask=1000, last, ->m<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    store4 m#1, out, 1000
    hl.liu out, ->a1
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000c0000000b
    ldi [a1, 8], ->a2
    check_eq a2, 0x0000000a0000000d

    case 3                          ; two PEs, two bases: PE1's base is src + 16
    hl.liu WIN, ->s0
    hl.liu idx_a, ->a1
    sdi a1, [s0, 0x200 + 2 * 8]     ; PE1's a0: its index tile comes from idx_a too
    load4 s32, idx_a, u, 1100       ; both PEs: indices [12, 0, 28, 4]
    hl.liu src, ->a0
    hl.liu src + 16, ->a1
    sdi a1, [s0, 0x200 + 2 * 8]
    bstart.mgather u32
    b.iot u#1, mask=1100, last, ->m<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    hl.liu out2, ->a1
    sdi a1, [s0, 0x200 + 2 * 8]     ; PE1 stores to out2
    store4 m#1, out, 1100
    hl.liu out, ->a1                ; PE0: 13, 10, 17, 11
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000a0000000d
    hl.liu out2, ->a1               ; PE1: src + 16 + [12, 0, 28, 4] = 17, 14, 21, 15
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000e00000011
    ldi [a1, 8], ->a2
    check_eq a2, 0x0000000f00000015

    case 4                          ; MSCATTER of [13, 10, 17, 11] to [0, 4, 8, 12]: in order
    load4 u32, data_a, t, 1000
    load4 s32, idx_seq, u, 1000
    hl.liu sout, ->a0
    bstart.mscatter u32
    b.iot t#1, u#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    hl.liu sout, ->a1
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000a0000000d
    ldi [a1, 8], ->a2
    check_eq a2, 0x0000000b00000011

    case 5                          ; duplicate lanes [0, 0, 4, 4]: the later lane wins
    load4 s32, idx_dup, u, 1000
    hl.liu sout2, ->a0
    bstart.mscatter u32
    b.iot t#1, u#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    hl.liu sout2, ->a1
    ldi [a1, 0], ->a2               ; lanes 1 and 3: 10 and 11
    check_eq a2, 0x0000000b0000000a
    ldi [a1, 8], ->a2
    check_eq a2, 0

    case 6                          ; MGATHER.CAS: expected [1, 9, 3, 9] -> lanes 0 and 2 swap
    load4 s32, idx_seq, u, 1000     ; u#1 index
    load4 u32, cas_exp, t, 1000     ; t#1 expected
    load4 u32, cas_rep, t, 1000     ; t#1 replacement, t#2 expected
    hl.liu cas_mem, ->a0
    bstart.mgather.cas u32
    b.iot u#1, t#2, mask=1000
    b.iot t#1, mask=1000, last, ->m<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
    hl.liu cas_mem, ->a1            ; memory: 100, 2, 300, 4
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000200000064
    ldi [a1, 8], ->a2
    check_eq a2, 0x000000040000012c
    store4 m#1, out, 1000           ; the old values 1, 2, 3, 4
    hl.liu out, ->a1
    ldi [a1, 0], ->a2
    check_eq a2, 0x0000000200000001
    ldi [a1, 8], ->a2
    check_eq a2, 0x0000000400000003

    case 7                          ; no B.IOR: Fault_TileLegality at the BSTOP, nothing allocated
    hl.liu WIN, ->s0
    ldi [s0, 0x040], ->s2           ; Local names before
    expect_fault r_f7
    bstart.mgather u32
    b.iot u#1, mask=1000, last, ->m<0001>
    b.dim zero, 4, ->lb0
f7: bstop
r_f7:
    check_eq s5, T5
    hl.liu f7, ->a2
    check_same s6, a2
    ldi [s0, 0x040], ->a1
    check_same a1, s2

    case 8                          ; a lane on no memory: Fault_DataPage, TRAPARG0 = its address
    load4 s32, idx_far, u, 1000     ; [0, 4, 0x20000000, 8]
    hl.liu WIN, ->s0
    ldi [s0, 0x018], ->s2           ; PE0 Local bytes before
    expect_fault r_x2
    hl.liu 0, ->a0
    bstart.mgather u32
    b.iot u#1, mask=1000, last, ->m<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
    bstop
r_x2:
    check_eq s5, 35 | ARGV
    check_eq s6, 0x20000000
    ldi [s0, 0x018], ->a1
    check_same a1, s2

    case 9                          ; MGATHER.MASK: the mask must be predicate storage
    load4 u32, data_a, t, 1000
    expect_fault r_f9
    hl.liu src, ->a0
    bstart.mgather.mask u32
    b.iot u#2, t#1, mask=1000, last, ->m<0001>
    b.ior a0, zero, zero, ->zero
    b.dim zero, 4, ->lb0
f9: bstop
r_f9:
    check_eq s5, T5
    hl.liu f9, ->a2
    check_same s6, a2

    test_end
    tile_handler_body

    .data
    .balign 64
src:     .word 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21
idx_a:   .word 12, 0, 28, 4
idx_neg: .word -4, 0, 4, -8
idx_seq: .word 0, 4, 8, 12
idx_dup: .word 0, 0, 4, 4
idx_far: .word 0, 4, 0x20000000, 8
data_a:  .word 13, 10, 17, 11
cas_exp: .word 1, 9, 3, 9
cas_rep: .word 100, 200, 300, 400
    .balign 16
cas_mem: .word 1, 2, 3, 4
out:     .word 0, 0, 0, 0
out2:    .word 0, 0, 0, 0
sout:    .word 0, 0, 0, 0
sout2:   .word 0, 0, 0, 0
scratch: .dword 0
