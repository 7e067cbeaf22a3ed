; SPDX-License-Identifier: GPL-2.0-or-later
; A trap in the body of a BSTART.CALL block (the fused C.BSTART DIRECT +
; C.SETRET pair; call.s holds cases 1-10), resumed by ACRE
; (PTO-BLOCK-BSTART-CALL, PTO-ARCH-STATE-TRAP-CONTEXT).  Expected values
; by hand: the trap snapshot keeps the block's CALL transfer (EBARG0
; transfer code 3), so after the handler steps over the faulting word the
; BSTOP still calls: the callee runs once and returns through the hidden
; return address to P + 2 + uimm5*2, and ra (R10), written when the CALL
; block opened, still holds that address after the trap.
    .include "../testlib.inc"
    .include "trap-handler.inc"
    .text
    .globl _start
_start:
    install_handler

    case 11                         ; a trap in the body of a CALL block keeps ra
    expect_trap 4
    c.movi 0, ->a1
c11: bstart.call callee_inc, c11_ret, ->ra
c11f: .word 0x00000003              ; reserved: trap 4 in the body
    bstop                           ; the CALL block commits to the callee after the return
    j testlib_fail
c11_ret:
    check_eq s5, 4 | ARGV
    check_eq a1, 1
    hl.liu c11_ret, ->a2
    check_same ra, a2

    test_end

callee_inc:                         ; a1 += 1, return through the hidden return address
    addi a1, 1, ->a1
    bstart.std ret
    bstop
callee_ret:
    bstart.std ret
    bstop
callee_cret:
    c.movi 10, ->a1
    c.bstart.std ret
    c.bstop

    trap_handler_body

    .data
    .p2align 3
scratch:
    .dword 0
