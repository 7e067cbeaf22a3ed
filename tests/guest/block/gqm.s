; SPDX-License-Identifier: GPL-2.0-or-later
; GQM queue operations HL.QMT, HL.QPUSH, HL.QPOP (PTO-ARCH-GQM,
; PTO-BLOCK-MODEL-COMMIT-EFFECTS).  Result word: [12:0] primary value,
; [63:62] status (00 ok, 01 busy: empty, full or suspended, 10 error: no
; such queue).  Worked by hand: a queue of capacity 3 at QA; tail pushes of
; 0x11 and 0x22 go to slots 0 and 1; a head push of 0x33 goes to slot 2 and
; becomes the head; pops return 0x33, 0x11, 0x22.
    .include "../testlib.inc"
    .include "trap-handler.inc"
    .equ QA, 0x1000
    .equ QB, 0x2000
    .equ BUSY, 1 << 62
    .equ ERR, 2 << 62
    .text
    .globl _start
_start:
    install_handler

    case 1                          ; query of a queue never initialized: busy, 0
    hl.liu QA, ->a1
    hl.qmt a1, zero, ->a3
    check_eq a3, BUSY

    case 2                          ; initialize capacity 3: result = 3 * 8 bytes
    c.movi 3, ->a2
    hl.qmt a1, a2, ->a3, i
    check_eq a3, 24
    hl.qmt a1, zero, ->a3           ; query: 3 free
    check_eq a3, 3

    case 3                          ; pushes: remaining after each; full is busy
    hl.liu 0x11, ->a2
    hl.qpush a1, a2, ->a3
    check_eq a3, 2
    hl.liu 0x22, ->a2
    hl.qpush a1, a2, ->a3, r
    check_eq a3, 1
    hl.liu 0x33, ->a2
    hl.qpush a1, a2, ->a3, h, e
    check_eq a3, 0
    hl.liu 0x44, ->a2
    hl.qpush a1, a2, ->a3
    check_eq a3, BUSY

    case 4                          ; pops: data and the count left; empty is busy
    hl.qpop a1, ->a2, a3
    check_eq a2, 0x33
    check_eq a3, 2
    hl.qpop a1, ->a2, a3, r
    check_eq a2, 0x11
    check_eq a3, 1
    hl.qpop a1, ->a2, a3, e
    check_eq a2, 0x22
    check_eq a3, 0
    hl.liu 0x99, ->a2
    hl.qpop a1, ->a2, a3
    check_eq a2, 0
    check_eq a3, BUSY

    case 5                          ; no such queue: error for push, pop and query
    hl.liu QB, ->s0
    hl.qpush s0, a2, ->a3
    check_eq a3, ERR
    hl.qpop s0, ->a2, a3
    check_eq a3, ERR
    check_eq a2, 0

    case 6                          ; suspend: pushes are busy (with the free count); restore
    hl.qmt a1, zero, ->a3, s
    check_eq a3, 3
    hl.qpush a1, a2, ->a3
    check_eq a3, 3 | BUSY
    hl.qmt a1, zero, ->a3, e, r
    check_eq a3, 3
    hl.liu 0x55, ->a2
    hl.qpush a1, a2, ->a3
    check_eq a3, 2

    case 7                          ; the pop's two destinations in order: data, then status
    hl.qpop a1, ->t, t
    add t#2, zero, ->a2
    add t#1, zero, ->a3
    check_eq a2, 0x55
    check_eq a3, 0

    case 8                          ; re-initializing an existing queue empties it
    hl.qpush a1, a2, ->a3
    c.movi 5, ->a2
    hl.qmt a1, a2, ->a3, i
    check_eq a3, 40
    hl.qpop a1, ->a2, a3
    check_eq a3, BUSY

    case 9                          ; HL.QMT with s and r: illegal before any effect
    expect_trap 6
    hl.liu 0x7777, ->a3
f9: .half 0x000e, 0x82fd, 0x0c01     ; hl.qmt a1, zero, ->a3, s, r
    check_eq s5, 4 | ARGV
    hl.liu f9, ->a2
    check_same s6, a2
    check_eq a3, 0x7777

    test_end

    trap_handler_body

    .data
    .p2align 3
scratch:
    .dword 0
