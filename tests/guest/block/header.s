; SPDX-License-Identifier: GPL-2.0-or-later
; Header commands: placement (the header of an active block only), the
; duplicate rules, B.HINT TRACE as a block boundary, B.CATR's post-commit
; trap, and the PEMode 000 no-op of B.IOT / B.IOS
; (PTO-BLOCK-MODEL-DISPATCH-COMMANDS, -SCHEMA-DIMENSIONS, -LIFECYCLE-ENTER-STOP).
; Each rejected command is Fault_BundleControl (trap 5) with TRAPARG0 = its
; own address; the handler skips it (a6 = 4) and the block goes on.
    .include "../testlib.inc"
    .include "trap-handler.inc"
    .equ T5, 5 | ARGV
    .text
    .globl _start
_start:
    install_handler

; a header command that must fault: trap 5 at LABEL
    .macro check_rejected label
    check_eq s5, T5
    hl.liu \label, ->a2
    check_same s6, a2
    check_same s7, a2
    .endm

    .macro check_no_trap
    check_eq s1, 0
    .endm

    case 1                          ; B.CATR outside a block
    expect_trap 4
f1: b.catr atomic
    check_rejected f1

    case 2                          ; B.CATR in the body
    expect_trap 4
    bstart.std fall
    c.movi 1, ->a1                  ; the body starts here (decision 2)
f2: b.catr atomic
    bstop
    check_rejected f2

    case 3                          ; B.CATR twice
    expect_trap 4
    bstart.std fall
    b.catr aq, rl, far
f3: b.catr atomic
    bstop
    check_rejected f3

    case 4                          ; B.DATR once is fine, twice faults
    expect_trap 4
    bstart.std fall
    b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=0
f4: b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=0
    bstop
    check_rejected f4
    check_eq s1, 1

    case 5                          ; B.IOR twice
    expect_trap 4
    bstart.std fall
    b.ior a1, a2, a3, ->a4
f5: b.ior zero, zero, zero, ->zero
    bstop
    check_rejected f5

    case 6                          ; B.FPATR after B.IOR
    expect_trap 4
    bstart.std fall
    b.ior a1, a2, a3, ->zero
f6: .word 0x00002023                ; b.fpatr (all fields 0)
    bstop
    check_rejected f6

    case 7                          ; B.FPATR twice
    expect_trap 4
    bstart.std fall
    .word 0x00002023                ; b.fpatr
f7: .word 0x04002023                ; b.fpatr prequant=1
    bstop
    check_rejected f7

    case 8                          ; B.DIM: each of LB0..LB2 once; a second LB0 faults
    expect_trap 4
    bstart.std fall
    b.dim a1, 16, ->lb0
    b.dim a1, 16, ->lb1
    c.b.dimi 8, ->lb2
f8: c.b.dimi 9, ->lb0
    bstop
    check_rejected f8
    check_eq s1, 1

    case 9                          ; B.DIM LB2 twice (register then immediate form)
    expect_trap 4
    bstart.std fall
    b.dim zero, 0, ->lb2
f9: c.b.dimi 1, ->lb2
    bstop
    check_rejected f9

    case 10                         ; B.DIM outside a block and in the body
    expect_trap 4
f10a: b.dim a1, 1, ->lb0
    check_rejected f10a
    expect_trap 4
    bstart.std fall
    c.movi 0, ->a1
f10b: c.b.dimi 1, ->lb1
    bstop
    check_rejected f10b

    case 11                         ; B.HINT: once per block, only in the header
    expect_trap 4
    bstart.std fall
    b.hint br=1, valid, temp=2, prfsize=5
f11: b.hint br=0, temp=0, prfsize=0
    bstop
    check_rejected f11
    expect_trap 4
f11b: b.hint br=0, temp=0, prfsize=0
    check_rejected f11b

    case 12                         ; B.IOT / B.IOS with PEMode 000: no-ops anywhere
    expect_trap 4
    b.iot mask=0000, ->t<1010>
    b.ios mask=0000, ->s1<1100>
    bstart.std fall
    c.movi 0, ->a1
    b.iot t#1, mask=0000
    b.ios s3, mask=0000
    bstop
    check_no_trap

    case 13                         ; B.IOT / B.IOS with a PE mask: outside a block fault
    expect_trap 4
f13a: b.iot mask=1111, ->t<1010>
    check_rejected f13a
    expect_trap 4
f13b: b.ios s63, mask=1111
    check_rejected f13b

    case 14                         ; B.IOT in the header; after last (L=1) the sequence is closed
    expect_trap 4
    bstart.std fall
    b.iot t#1, mask=1000
    b.iot t#2, t#3, mask=1000, last
f14: b.iot t#4, mask=1111
    bstop
    check_rejected f14
    check_eq s1, 1

    case 30                         ; one PE mask for every binding (Fault_TileLegality)
    expect_trap 4
    bstart.std fall
    b.iot t#1, mask=1000
f30: b.iot t#2, mask=0100
    bstop
    check_rejected f30
    check_eq s1, 1
    expect_trap 4
    bstart.std fall
    b.ios s1, mask=1100
f30b: b.iot t#2, mask=1111           ; a B.IOT must match an earlier B.IOS too
    bstop
    check_rejected f30b
    check_eq s1, 1

    case 31                         ; at most four B.IOT; a Shared ID once; at most four B.IOS
    expect_trap 4
    bstart.std fall
    b.iot t#1, mask=1111
    b.iot t#2, mask=1111
    b.iot t#3, mask=1111
    b.iot t#4, mask=1111
f31: b.iot t#5, mask=1111
    bstop
    check_rejected f31
    check_eq s1, 1
    expect_trap 4
    bstart.std fall
    b.ios s7, mask=1111
f31b: b.ios s7, mask=1111
    bstop
    check_rejected f31b
    check_eq s1, 1
    expect_trap 4
    bstart.std fall
    b.ios s1, mask=1111
    b.ios s2, mask=1111
    b.ios s3, mask=1111
    b.ios s4, mask=1111
f31c: b.ios s5, mask=1111
    bstop
    check_rejected f31c
    check_eq s1, 1

    case 15                         ; B.IOT in the body
    expect_trap 4
    bstart.std fall
    c.movi 0, ->a1
f15: b.iot t#1, mask=1111
    bstop
    check_rejected f15

    case 16                         ; B.IOT Local destination size 0 or 11: illegal (trap 4), even with PEMode 000
    expect_trap 4
    bstart.std fall
f16: .word 0x00006e13                ; b.iot mask=1111, ->t<0000>: size 0
f16b: .word 0x0005e013               ; b.iot mask=0000, ->t<1011>: size 11
    bstop
    check_eq s5, 4 | ARGV
    hl.liu f16b, ->a2
    check_same s6, a2
    check_eq s1, 2

    case 17                         ; B.FPATR after a tile binding faults
    expect_trap 4
    bstart.std fall
    b.iot t#1, mask=1111
f17: .word 0x00002023               ; b.fpatr
    bstop
    check_rejected f17

    case 18                         ; B.HINT TRACE outside a block opens a STD FALL block
    expect_trap 4
f18: b.hint trace=0
    lsrget 0, ->a1                  ; BPC: the TRACE itself
    lsrget 1, ->a2                  ; BPCN: the FALL target, TRACE + 4
    bstop
    hl.liu f18, ->a3
    check_same a1, a3
    hl.liu f18 + 4, ->a3
    check_same a2, a3
    check_no_trap

    case 19                         ; the TRACE block's hint is present: a B.HINT after it faults
    expect_trap 4
f19: b.hint trace=1
f19b: b.hint br=0, temp=0, prfsize=0
    bstop
    check_rejected f19b

    case 20                         ; TRACE commits a FALL block and opens a new one at itself
    expect_trap 4
    bstart.std fall
    c.movi 0, ->a1
f20: b.hint trace=0
    lsrget 0, ->a1
    bstop
    hl.liu f20, ->a3
    check_same a1, a3
    check_no_trap

    case 21                         ; TRACE ending a taken block continues at its target
    bstart.std direct, c21_t
    b.hint trace=0
    j testlib_fail
c21_t:
    expect_trap 4
f21: bstop                          ; no block is active here
    check_rejected f21

    case 22                         ; B.CATR trap: trap 5 after the commit, at the next PC
    expect_trap 0                   ; resume at EBARG_TPC = the next PC
    bstart.std direct, c22_t
    b.catr trap
    bstop
    j testlib_fail
c22_t:
    check_eq s5, T5
    hl.liu c22_t, ->a2
    check_same s6, a2
    check_same s7, a2
    check_eq s8, 0x10               ; EBARG0: VALID only, the block is committed
    check_eq s1, 1

    case 23                         ; B.CATR trap on a FALL block closed by BSTOP: next = after it
    expect_trap 0
    bstart.std fall
    b.catr trap, atomic
f23: bstop
c23_next:
    check_eq s5, T5
    hl.liu c23_next, ->a2
    check_same s6, a2
    check_eq s1, 1

    case 24                         ; B.CATR trap with a following BSTART: it resumes at that BSTART
    expect_trap 0
    bstart.std fall
    b.catr trap
c24: bstart.std direct, c24_t       ; the FALL block commits (trap), then this opens
    bstop
    j testlib_fail
c24_t:
    hl.liu c24, ->a2
    check_same s6, a2
    check_same s7, a2
    check_eq s1, 1

    case 25                         ; header commands do not start the body: SETC after them
    c.movi 0, ->a1
    bstart.std cond, c25_t
    b.catr aq
    b.dim zero, 3, ->lb0
    b.hint br=0, temp=0, prfsize=0
    setc.eq a1, zero                ; taken
    bstop
    j testlib_fail
c25_t:

    test_end

    trap_handler_body

    .data
    .p2align 3
scratch:
    .dword 0
