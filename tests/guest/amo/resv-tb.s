; SPDX-License-Identifier: GPL-2.0-or-later
; The LR reservation across translation blocks.  The translator knows when
; no reservation can be held and gives stores no code for it then (TB flag
; RESV); these cases put LR, the store and SC in different translation
; blocks, and run the same code with a store that sometimes hits the
; reserved granule, so a translation made for one case must not serve the
; other.  Expected values by hand, from the monitor's rule
; (PTO-SCALAR-MODEL-AMO-SEMANTICS): a completed store of this core to the
; reserved 64-byte granule drops the reservation, even with the bytes the
; granule already holds; SC then fails (status 1), else it stores (0).
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    hl.liu 0x8000, ->a0             ; granule G = [0x8000, 0x8040)
    hl.liu 0x8040, ->s0             ; the next granule

; LR.D on G, a block boundary, a store of the bytes [BASE + 16] already
; holds, another boundary, SC.D on G -> a3
    .macro lr_store_sc base
    ldi [\base, 16], ->a5
    bstart.std fall
    lr.d [a0], ->a2
    bstop
    bstart.std fall
    sdi a5, [\base, 16]
    bstop
    bstart.std fall
    sc.d a2, [a0], ->a3
    bstop
    .endm

    case 1                          ; LR, a block boundary, the store, another boundary, SC
    lr_store_sc a0
    check_eq a3, 1

    case 2                          ; the same with the store outside G: SC stores
    lr_store_sc s0
    check_eq a3, 0

    case 3                          ; one loop: the first block's store hits G on odd passes
    ; only, the second block's always; so SC fails on every pass (the first
    ; pass runs in the translation block of the code before the loop)
    c.movi 0, ->a1                  ; pass
    c.movi 0, ->s1                  ; the SC statuses, first pass highest
    ldi [a0, 40], ->a7              ; the bytes the second store writes back
c3_loop:
    bstart.std fall
    andi a1, 1, ->a3
    xori a3, 1, ->a3
    slli a3, 6, ->a3                ; 0 (G, odd passes) or 64 (the next granule)
    add a0, a3, ->a4
    ldi [a4, 24], ->a5
    lr.d [a0], ->a2
    sdi a5, [a4, 24]
    bstop
    bstart.std cond, c3_loop
    sdi a7, [a0, 40]
    sc.d a2, [a0], ->a6
    slli s1, 1, ->s1
    or s1, a6, ->s1
    addi a1, 1, ->a1
    setc.nei a1, 6
    bstop
    check_eq s1, 0x3f               ; 1, 1, 1, 1, 1, 1

    case 4                          ; a reservation held at a TB start survives a store elsewhere
    lr.d [a0], ->a2
    j c4_next
c4_next:
    sdi a5, [s0, 32]
    j c4_sc
c4_sc:
    sc.d a2, [a0], ->a3
    check_eq a3, 0

    test_end
