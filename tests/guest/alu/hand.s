; SPDX-License-Identifier: GPL-2.0-or-later
; ALU forms: hand-worked cases (the arithmetic is written next to each one),
; queue operands and destinations, pair-destination ordering, C.SETRET and
; C.SETC.TGT.
    .include "../testlib.inc"

    .macro set64 reg, value
    li64 \value
    c.movr x3, ->\reg
    .endm

    .text
    .globl _start
_start:
    case 1                          ; DIV/REM: -7 / 2 = -3 rem -1 (truncating)
    set64 a0, -7
    c.movi 2, ->a1
    div a0, a1, ->s0
    rem a0, a1, ->s1
    check_eq s0, 0xfffffffffffffffd
    check_eq s1, 0xffffffffffffffff
    case 2                          ; division by zero: quotient 0, remainder = dividend
    c.movi 7, ->a0
    div a0, zero, ->s0
    divu a0, zero, ->s1
    rem a0, zero, ->s2
    remu a0, zero, ->s3
    check_eq s0, 0
    check_eq s1, 0
    check_eq s2, 7
    check_eq s3, 7
    case 3                          ; MIN / -1 = MIN, remainder 0
    set64 a0, 0x8000000000000000
    c.movi -1, ->a1
    div a0, a1, ->s0
    rem a0, a1, ->s1
    check_eq s0, 0x8000000000000000
    check_eq s1, 0
    case 4                          ; DIVW: 0x80000000 / -1 = 2^31, low 32 bits sign-extended
    hl.liu 0x80000000, ->a0
    divw a0, a1, ->s0
    remw a0, a1, ->s1
    check_eq s0, 0xffffffff80000000
    check_eq s1, 0
    case 5                          ; DIVUW/REMUW use only the low words: 0x10 / 3 = 5 rem 1
    set64 a0, 0xffffffff00000010
    set64 a1, 0x0000000700000003
    divuw a0, a1, ->s0
    remuw a0, a1, ->s1
    check_eq s0, 5
    check_eq s1, 1
    case 6                          ; DIVW by a zero low word: 0; REMW: sext(low word)
    set64 a1, 0x1234567800000000
    hl.liu 0x80000001, ->a0
    divw a0, a1, ->s0
    remw a0, a1, ->s1
    check_eq s0, 0
    check_eq s1, 0xffffffff80000001
    case 7                          ; HL.MADDW: (-2^31)(-2^31) + (-1) = 2^62 - 1
    hl.liu 0x80000000, ->a0
    c.movi -1, ->a2
    hl.maddw a0, a0, a2, ->s0, s1
    check_eq s0, 0xffffffffffffffff
    check_eq s1, 0x000000003fffffff
    case 8                          ; HL.MADD: (-1)(-1) + (-2) = -1 in 128 bits
    c.movi -1, ->a0
    c.movi -2, ->a2
    hl.madd a0, a0, a2, ->s0, s1
    check_eq s0, 0xffffffffffffffff
    check_eq s1, 0xffffffffffffffff
    case 9                          ; HL.CCAT: {1, 0} >> 1 puts bit 64 at bit 63
    c.movi 1, ->a0
    hl.ccat a0, zero, 1, ->s0, s1
    check_eq s0, 0x8000000000000000
    check_eq s1, 0
    case 10                         ; a bit field that wraps: bits 60..63 then 0..3 of 0xf00000000000000e
    set64 a0, 0xf00000000000000e
    bxs a0, 60, 8, ->s0             ; field 0xef, bit 7 set
    bxu a0, 60, 8, ->s1
    clz a0, 60, 8, ->s2
    ctz a0, 60, 8, ->s3
    bcnt a0, 60, 8, ->s4
    check_eq s0, 0xffffffffffffffef
    check_eq s1, 0xef
    check_eq s2, 0
    check_eq s3, 0
    check_eq s4, 7
    case 11                         ; BIC/BIS on the wrapped field, REV of 16 bits
    bic a0, 60, 8, ->s0
    bis zero, 60, 8, ->s1
    hl.liu 0xabcd, ->a1
    rev a1, 0, 16, ->s2
    check_eq s0, 0
    check_eq s1, 0xf00000000000000f
    check_eq s2, 0xcdab
    case 12                         ; HL.BFI first 60, last 3: eight bits wrapping past 63
    hl.liu 0xa5, ->a1
    hl.bfi zero, a1, 60, 3, ->s0
    check_eq s0, 0x500000000000000a
    case 13                         ; T/U sources: push 3 to T, 10 to U, then T#1 - U#1
    c.movi 3, ->t
    c.movi 10, ->u
    sub t#1, u#1, ->s0
    add t#1, u#1.neg<<1, ->s1       ; 3 + (-10 << 1) = -17
    check_eq s0, 0xfffffffffffffff9
    check_eq s1, 0xffffffffffffffef
    case 14                         ; a push renumbers the queue only after the result: T#1 = 3 -> T#1 = 6, T#2 = 3
    add t#1, t#1, ->t
    c.movr t#1, ->s0
    c.movr t#2, ->s1
    check_eq s0, 6
    check_eq s1, 3
    case 15                         ; pair destinations: sources are snapshots (17 / 5 = 3 rem 2)
    hl.liu 17, ->a0
    c.movi 5, ->a1
    hl.div a0, a1, ->a1, a0
    check_eq a1, 3
    check_eq a0, 2
    case 16                         ; equal GPR destinations keep Dst1 (the high half)
    c.movi -1, ->a0
    hl.mul a0, a0, ->s0, s0         ; (-1)(-1) = 1: low 1, high 0
    check_eq s0, 0
    case 17                         ; both destinations T: Dst0 pushed first, so T#2 = low, T#1 = high
    hl.mulu a0, a0, ->t, t          ; (2^64-1)^2 = 0xfffffffffffffffe_0000000000000001
    c.movr t#1, ->s0
    c.movr t#2, ->s1
    check_eq s0, 0xfffffffffffffffe
    check_eq s1, 1
    case 18                         ; HL.REM writes the remainder to Dst0 and the quotient to Dst1
    hl.liu 17, ->a0
    c.movi 5, ->a1
    hl.rem a0, a1, ->s0, s1
    check_eq s0, 2
    check_eq s1, 3
    case 19                         ; discarded destinations leave registers alone
    c.movi 9, ->s0
    add a0, a1, ->zero
    add a0, a1, ->$24
    hl.div a0, a1, ->$25, zero
    check_eq s0, 9
    case 20                         ; C.SETRET: ra <- its own address + 2*uimm5; BSTART.STD RET goes there
setret_here:
    c.setret setret_target, ->ra
    check_eq ra, setret_target
    bstart.std ret
    bstop
    j setret_missed
setret_target:
    case 21                         ; C.SETC.TGT gives the target a BSTART.STD IND block uses
    set64 a0, setc_tgt_target
    bstart.std fall
    c.setc.tgt a0
    bstart.std ind
    bstop
setret_missed:
    case 99
    j testlib_fail
setc_tgt_target:
    case 22                         ; HL.CCATW: {0x89abcdef, 0x76543210} >> 4
    set64 a0, 0x0123456789abcdef
    set64 a1, 0xfedcba9876543210
    hl.ccatw a0, a1, 4, ->s0, s1    ; 0x089abcdef7654321: low 0xf7654321, high 0x089abcde
    check_eq s0, 0xfffffffff7654321
    check_eq s1, 0x00000000089abcde
    case 23                         ; HL.MIADD / HL.MISUB: 100 +/- 7 * 3
    c.movi 7, ->a1
    hl.liu 100, ->a0
    hl.miadd a0, a1, 3, ->s0
    hl.misub a0, a1, 3, ->s1
    check_eq s0, 121
    check_eq s1, 79
    case 24                         ; shifts use only the low 6 (W: 5) bits of R
    c.movi 1, ->a0
    c.movi -1, ->a1                 ; 63 / 31
    sll a0, a1, ->s0
    sllw a0, a1, ->s1
    check_eq s0, 0x8000000000000000
    check_eq s1, 0xffffffff80000000
    case 25                         ; SRAW of 0x00000000_80000000 by 31: the low word is negative
    hl.liu 0x80000000, ->a0
    sraiw a0, 31, ->s0
    srliw a0, 31, ->s1
    srai a0, 31, ->s2
    check_eq s0, 0xffffffffffffffff
    check_eq s1, 1
    check_eq s2, 1
    test_end
