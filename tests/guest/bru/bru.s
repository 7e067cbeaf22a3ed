; SPDX-License-Identifier: GPL-2.0-or-later
; BRU forms: CMP.*, SETC.*, ADDTPC, SETRET, J, JR and the block transfers
; they steer.  Expected values worked out by hand in the comments.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    c.movi -1, ->a0                 ; a0 = -1
    c.movi 5, ->a1                  ; a1 = 5

    case 1                          ; relational CMP: signed vs unsigned
    cmp.lt a0, a1, ->a2             ; -1 < 5 signed: 1
    check_eq a2, 1
    cmp.ltu a0, a1, ->a2            ; 0xff..ff < 5 unsigned: 0
    check_eq a2, 0
    cmp.ge a1, a0, ->a2             ; 5 >= -1: 1
    check_eq a2, 1
    cmp.geu a1, a0, ->a2            ; 5 >= 2^64-1 unsigned: 0
    check_eq a2, 0
    cmp.eq a1, a1, ->a2
    check_eq a2, 1
    cmp.ne a1, a1, ->a2
    check_eq a2, 0

    case 2                          ; .uw: low word of -1 is 0xffffffff, != -1
    cmp.eq a0, a0.uw, ->a2
    check_eq a2, 0
    cmp.eq a0, a0.sw, ->a2          ; sign-extended low word is -1 again
    check_eq a2, 1

    case 3                          ; immediate CMP forms
    cmp.eqi a1, 5, ->a2
    check_eq a2, 1
    cmp.lti a0, 0, ->a2             ; -1 < 0
    check_eq a2, 1
    cmp.ltui a1, 6, ->a2            ; 5 < 6
    check_eq a2, 1
    cmp.geui a0, 4095, ->a2         ; 2^64-1 >= 4095
    check_eq a2, 1
    hl.cmp.gei a1, -100000, ->a2    ; 5 >= -100000
    check_eq a2, 1
    hl.cmp.ltui a1, 0x800000, ->a2  ; 5 < 0x800000
    check_eq a2, 1

    case 4                          ; logical CMP: (L & R) != 0, (L | R) != 0
    c.movi 4, ->a3                  ; a3 = 0b100
    cmp.and a1, a3, ->a2            ; 0b101 & 0b100 = 4: 1
    check_eq a2, 1
    cmp.and a1, a3.not, ->a2        ; 0b101 & ~0b100 = 1: 1
    check_eq a2, 1
    cmp.andi a1, 2, ->a2            ; 0b101 & 0b010 = 0: 0
    check_eq a2, 0
    cmp.or zero, zero, ->a2
    check_eq a2, 0
    cmp.ori zero, 8, ->a2
    check_eq a2, 1

    case 5                          ; compressed CMP on T#1, result pushed to T
    c.movi 5, ->t
    c.cmp.eqi t#1, 5, ->t
    c.movr t#1, ->a2
    check_eq a2, 1
    c.cmp.nei t#1, 1, ->t           ; T#1 is now the 1 just pushed: 1 != 1 is 0
    c.movr t#1, ->a2
    check_eq a2, 0

    case 6                          ; SETC in a COND block: true -> target
    bstart.std cond, c6_ok
    setc.lt a0, a1                  ; -1 < 5
    bstop
    j testlib_fail
c6_ok:
    bstart.std cond, testlib_fail   ; false -> falls through after BSTOP
    setc.ltu a0, a1                 ; 2^64-1 < 5 is false
    bstop

    case 7                          ; immediate SETC with shamt: 5 == 5 << 0, 20 == 5 << 2
    addi zero, 20, ->a4
    bstart.std cond, c7_ok
    setc.eqi a4, 5, shamt=2
    bstop
    j testlib_fail
c7_ok:
    bstart.std cond, c7_ok2
    hl.setc.geui a4, 21             ; 20 >= 21 false
    bstop
    bstart.std cond, c7_ok2
    hl.setc.lti a0, 0               ; -1 < 0 true
    bstop
    j testlib_fail
c7_ok2:
    bstart.std cond, testlib_fail
    setc.andi a4, 3                 ; 20 & 3 = 0: false
    bstop
    bstart.std cond, c7_ok3
    setc.or zero, a4                ; nonzero: true
    bstop
    j testlib_fail
c7_ok3:
    c.bstart cond, c7_ok4           ; compressed BSTART with C.SETC
    c.setc.ne a0, a1
    c.bstop
    j testlib_fail
c7_ok4:

    case 8                          ; ADDTPC: the label's page, then its offset
c8_here:
    addtpc data_word, ->a5
    addi a5, %lo(data_word - c8_here), ->a5
    ldi [a5, 0], ->a6
    check_eq a6, 0x1122334455667788

    case 9                          ; SETRET writes R10 = ra; BSTART RET returns there
    setret c9_back, ->ra
    bstart.std direct, c9_sub       ; a direct block to the "subroutine"
    bstop
    j testlib_fail
c9_sub:
    bstart.std ret                  ; a RET block continues at ra at its BSTOP
    c.movi 9, ->a7
    bstop
    j testlib_fail
c9_back:
    check_eq a7, 9
    hl.liu c9_back, ->a2
    check_same ra, a2

    case 10                         ; SETC.TGT then BSTART IND
    hl.liu c10_tgt, ->a2
    bstart.std fall
    setc.tgt a2
    bstart.std ind                  ; an IND block whose target SETC.TGT gave
    bstop                           ; commit: continue there
    j testlib_fail
c10_tgt:
    bstart.std fall                 ; FALL: continues after BSTOP
    bstop

    case 11                         ; a taken block ended by the next BSTART continues at its target
    bstart.std direct, c11_tgt
    c.movi 1, ->a3
    bstart.std fall                 ; ends the DIRECT block: goes to c11_tgt
    j testlib_fail
c11_tgt:
    check_eq a3, 1

    case 12                         ; JR to a register target, J forward
    hl.liu c12_tgt, ->a2
    jr a2, 0
    j testlib_fail
c12_tgt:
    j c12_next
    j testlib_fail
c12_next:
    test_end

    .data
    .p2align 3
data_word:
    .dword 0x1122334455667788
