; SPDX-License-Identifier: GPL-2.0-or-later
; First-light ALU forms; expected values worked out by hand.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    case 1                          ; c.movi sign-extends simm5
    c.movi -3, ->a0
    check_eq a0, 0xfffffffffffffffd
    case 2                          ; addi zero-extends uimm12
    addi zero, 4095, ->a1
    check_eq a1, 4095
    case 3                          ; add with .sw and a shift: (-3 sext32) << 4
    add zero, a0.sw<<4, ->a2
    check_eq a2, 0xffffffffffffffd0
    case 4                          ; .uw: low 32 bits of -3 = 0xfffffffd
    add zero, a0.uw, ->a2
    check_eq a2, 0x00000000fffffffd
    case 5                          ; sub and .neg: 4095 - (-(-3)) = 4092
    sub a1, a0.neg, ->a3
    check_eq a3, 4092
    case 6                          ; lui sign-extends imm20: 0x80000 << 12
    lui 0x80000, ->a4
    check_eq a4, 0xffffffff80000000
    case 7                          ; hl.lis / hl.liu
    hl.lis -2, ->a5
    check_eq a5, 0xfffffffffffffffe
    hl.liu 0x89abcdef, ->a5
    check_eq a5, 0x0000000089abcdef
    case 8                          ; addw wraps and sign-extends: 0x7fffffff + 1
    hl.liu 0x7fffffff, ->a6
    c.movi 1, ->a7
    addw a6, a7, ->a6
    check_eq a6, 0xffffffff80000000
    case 9                          ; T queue: push two, read T#1 and T#2
    c.movi 7, ->t
    c.movi 9, ->t
    c.movr t#1, ->s0
    c.movr t#2, ->s1
    check_eq s0, 9
    check_eq s1, 7
    case 10                         ; xori / andi sign-extend simm12
    xori zero, -1, ->s2
    andi s2, 0x7f0, ->s2
    check_eq s2, 0x7f0
    test_end
