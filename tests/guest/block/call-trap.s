; SPDX-License-Identifier: GPL-2.0-or-later
; BSTART.CALL (the fused C.BSTART DIRECT + C.SETRET pair), BSTART.ICALL and
; the RET blocks that return from them (PTO-BLOCK-BSTART-CALL, -ICALL,
; PTO-BLOCK-MODEL-DISPATCH-START, -LIFECYCLE-BEGIN).  Expected values by
; hand: CALL target = P + simm12*2, return target = P + 2 + uimm5*2, both
; (Pending: needs CALL/ICALL in tcg/sys_helper.c xfer_code/xfer_of_code.)
; written (ra = R10 and the hidden return address) only when the new
; block is installed; a faulting CALL/ICALL keeps ra and the retiring block.
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
