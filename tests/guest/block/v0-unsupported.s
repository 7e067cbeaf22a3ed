; SPDX-License-Identifier: GPL-2.0-or-later
; ESAVE, ERCOV and XB: the PTO v0 profile does not support their handlers
; (CommandHandlerSupportedPTOv0), so each raises Fault_IllegalInstruction
; (trap 4) at its own address, in or out of a block, with no effect.
    .include "../testlib.inc"
    .include "trap-handler.inc"
    .text
    .globl _start
_start:
    install_handler

    .macro check_illegal label
    check_eq s5, 4 | ARGV
    hl.liu \label, ->a2
    check_same s6, a2
    check_same s7, a2
    .endm

    case 1
    expect_trap 4
f1: esave [a1, a2, a3]
    check_illegal f1

    case 2
    expect_trap 4
f2: ercov [a1, a2, a3]
    check_illegal f2

    case 3                          ; XB in a block body: still trap 4, the block goes on
    expect_trap 4
    bstart.std direct, c3_t
    c.movi 0, ->a1
f3: xb acr=1, bid=2
    bstop
    j testlib_fail
c3_t:
    check_illegal f3

    test_end

    trap_handler_body

    .data
    .p2align 3
scratch:
    .dword 0
