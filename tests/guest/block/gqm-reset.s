; SPDX-License-Identifier: GPL-2.0-or-later
; A system reset empties the GQM queues (PTO-ARCH-GQM, ResetGQMState).
;
; First boot: the word at MARK (RAM outside the image, which a reset does
; not reload) is not MAGIC: write MAGIC, initialize queue QA with one
; entry (cases 1, 2), then ask the exit device for a reset (0x7777).
; Second boot: MARK holds MAGIC: QA must no longer exist, so a pop is an
; error (status 10, data 0; case 3) and a query is busy with 0 (case 4).
    .include "../testlib.inc"
    .equ QA, 0x7000
    .equ MARK, 0x80000
    .equ MAGIC, 0x5e7
    .equ ERR, 2 << 62
    .equ BUSY, 1 << 62
    .text
    .globl _start
_start:
    hl.liu MARK, ->s0
    hl.liu QA, ->a0
    ldi [s0, 0], ->a1
    hl.liu MAGIC, ->a2
    bstart.std cond, after_reset
    setc.eq a1, a2
    bstop

    sdi a2, [s0, 0]
    case 1
    c.movi 4, ->a2
    hl.qmt a0, a2, ->a3, i
    check_eq a3, 32                 ; capacity 4 = 32 bytes
    case 2
    hl.liu 0x77, ->a2
    hl.qpush a0, a2, ->a3
    check_eq a3, 3
    hl.liu EXIT_DEV, ->a4
    hl.liu 0x7777, ->a5
    swi a5, [a4, 0]                 ; reset the machine
wait_reset:
    j wait_reset

after_reset:
    sdi zero, [s0, 0]
    case 3
    hl.liu 0x99, ->a2
    hl.qpop a0, ->a2, a3
    check_eq a3, ERR
    check_eq a2, 0
    case 4
    hl.qmt a0, zero, ->a3
    check_eq a3, BUSY
    test_end
