; SPDX-License-Identifier: GPL-2.0-or-later
; A faulting AMO leaves registers and memory untouched: each misaligned or
; out-of-memory atomic is caught by an EVBASE handler that records TRAPNO
; and TRAPARG0 and steps over it; the destination keeps its old value and
; the memory word is unchanged.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    set_evbase handler
    hl.liu word, ->s0               ; s0 = an aligned doubleword, 0x1111222233334444
    addi s0, 4, ->s1                ; s1 = misaligned for a doubleword
    c.movi 5, ->a1

    case 1                          ; LD.ADD misaligned: trap 34, a2 and memory untouched
    c.movi -1, ->a2
f1: ld.add [s1], a1, ->a2
    check_eq s5, 34 | ARGV
    check_same s6, s1
    check_eq a2, 0xffffffffffffffff
    ldi [s0, 0], ->a3
    check_eq a3, 0x1111222233334444

    case 2                          ; CASD misaligned: destination and memory untouched
    c.movi -1, ->a2
f2: casd [s1], a1, a1, ->a2
    check_eq s5, 34 | ARGV
    check_eq a2, 0xffffffffffffffff
    ldi [s0, 0], ->a3
    check_eq a3, 0x1111222233334444

    case 3                          ; SWAPD to no memory: trap 35
    hl.liu 0x20000000, ->s2
    c.movi -1, ->a2
f3: swapd [s2], a1, ->a2
    check_eq s5, 35 | ARGV
    check_same s6, s2
    check_eq a2, 0xffffffffffffffff

    case 4                          ; SD.ADD misaligned: memory untouched
f4: sd.add [s1], a1
    check_eq s5, 34 | ARGV
    ldi [s0, 0], ->a3
    check_eq a3, 0x1111222233334444

    case 5                          ; and the same word, aligned, really changes
    ld.add [s0], a1, ->a2
    check_eq a2, 0x1111222233334444
    ldi [s0, 0], ->a3
    check_eq a3, 0x1111222233334449
    test_end

handler:                            ; record, step over the 4-byte AMO, return
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_EBARG_TPC, ->s7
    addi s7, 4, ->s7
    ssrset s7, SR_EBARG_TPC
    acre 0

    .data
    .p2align 3
word:
    .dword 0x1111222233334444
