; SPDX-License-Identifier: GPL-2.0-or-later
; BSTART.CALL (the fused C.BSTART DIRECT + C.SETRET pair), BSTART.ICALL and
; the RET blocks that return from them (PTO-BLOCK-BSTART-CALL, -ICALL,
; PTO-BLOCK-MODEL-DISPATCH-START, -LIFECYCLE-BEGIN).  Expected values by
; hand: CALL target = P + simm12*2, return target = P + 2 + uimm5*2, both
; written (ra = R10 and the hidden return address) only when the new
; block is installed; a faulting CALL/ICALL keeps ra and the retiring block.
    .include "../testlib.inc"
    .include "trap-handler.inc"
    .text
    .globl _start
_start:
    install_handler

    case 1                          ; CALL: the block commits to the callee
    c.movi 7, ->a1
c1: bstart.call callee_inc, c1_ret, ->ra
    bstop                           ; -> callee_inc, which returns with RET
    j testlib_fail
c1_ret:
    check_eq a1, 8
    hl.liu c1_ret, ->a2
    check_same ra, a2

    case 2                          ; the return target is independent: P + 2 + 2*uimm5
    c.movi 1, ->a1
c2: bstart.call callee_inc, c2_ret, ->ra
    c.movi 5, ->a1                  ; the call block's body runs before the callee
    bstop
    j testlib_fail
    j testlib_fail
c2_ret:
    check_eq a1, 6
    hl.liu c2_ret, ->a2
    check_same ra, a2

    case 3                          ; ICALL: the target is the retiring block's BPCN
    c.movi 3, ->a1
    bstart.std fall
    hl.liu callee_inc, ->a2
    setc.tgt a2
c3: bstart.icall c3_ret, ->ra       ; retires the FALL block, opens the ICALL block
    bstop
c3_ret:
    check_eq a1, 4
    hl.liu c3_ret, ->a2
    check_same ra, a2

    case 4                          ; ICALL with no active block: trap 5 at P, ra kept
    expect_trap 4
    hl.liu 0x1234, ->ra
c4: bstart.icall c4_ret, ->ra
c4_ret:
    check_eq s5, 5 | ARGV
    hl.liu c4, ->a2
    check_same s6, a2
    check_same s7, a2
    check_eq ra, 0x1234

    case 5                          ; ICALL retiring a SYS block: trap 5 (no BPCN)
    expect_trap 4
    bstart.sys fall
c5: bstart.icall c5_ret, ->ra
c5_ret:
    bstop                           ; the SYS block is still active after the return
    check_eq s5, 5 | ARGV
    hl.liu c5, ->a2
    check_same s6, a2
    check_eq ra, 0x1234

    case 6                          ; ICALL to an odd BPCN: trap 32, arg = the target, before effects
    expect_trap 4
    bstart.std fall
    hl.liu 0x2001, ->a2
    setc.tgt a2
c6: bstart.icall c6_ret, ->ra
c6_ret:
    lsrget 1, ->a3                  ; the FALL block is still the active one
    bstop
    check_eq s5, 32 | ARGV
    check_eq s6, 0x2001
    hl.liu c6, ->a2
    check_same s7, a2
    check_eq ra, 0x1234
    check_eq a3, 0x2001

    case 7                          ; a taken block ended by BSTART.CALL: decision 3, no call
    bstart.std direct, c7_t
c7: bstart.call callee_inc, c7_ret, ->ra
c7_ret:
    j testlib_fail
c7_t:
    check_eq ra, 0x1234

    case 8                          ; an untaken COND block ended by CALL: the call opens
    c.movi 0, ->a1
    bstart.std cond, testlib_fail
    setc.ne zero, zero              ; not taken
c8: bstart.call callee_inc, c8_ret, ->ra
    bstop
c8_ret:
    check_eq a1, 1
    hl.liu c8_ret, ->a2
    check_same ra, a2

    case 9                          ; LSRGET in the CALL block body: BPC = P, BPCN = target
c9: bstart.call callee_ret, c9_ret, ->ra
    lsrget 0, ->a1
    lsrget 1, ->a2
    bstop
c9_ret:
    hl.liu c9, ->a3
    check_same a1, a3
    hl.liu callee_ret, ->a3
    check_same a2, a3

    case 10                         ; C.BSTART.STD RET returns to the CALL's return target
    c.movi 0, ->a1
c10: bstart.call callee_cret, c10_ret, ->ra
    bstop
c10_ret:
    check_eq a1, 10

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
