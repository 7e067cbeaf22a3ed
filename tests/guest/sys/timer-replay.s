; SPDX-License-Identifier: GPL-2.0-or-later
; The clock and the timer interrupt, printed on the UART: TIME read three
; times (SSRGET twice, C.SSRGET once), then a timer interrupt 3000 ns after
; the last read, waited for in a counting loop; the handler reads TIME too.
; Every value read is printed (A, B, C: the three reads; N: the loop count;
; I: TIME in the handler; T: its TRAPNO), so two runs print the same lines
; only when they saw the same clock.  tests/qemu/replay-test.py records this
; program under -icount rr=record and replays it: the output must be
; identical.  On its own it checks that TIME never goes backwards, that the
; interrupt is trap 44 (asynchronous, argument valid, ring 0's timer ID 1)
; and that it comes at or after TIMECMP.
    .include "../testlib.inc"
    .equ TIMER_DELAY, 3000

; print "TAG" then REG as 16 hex digits and a newline (a2..a5 clobbered)
    .macro puthex tag, reg
    hl.liu \tag, ->a4
    sbi a4, [s0, 0]
    hl.liu ' ', ->a4
    sbi a4, [s0, 0]
    or \reg, zero, ->a2
    hl.liu 16, ->a3
hex\@:
    srli a2, 60, ->a4
    hl.liu 10, ->a5
    cmp.geu a4, a5, ->a5            ; 1 for a digit a..f
    sub zero, a5, ->a5
    andi a5, 'a' - '0' - 10, ->a5
    add a4, a5, ->a4
    addi a4, '0', ->a4
    sbi a4, [s0, 0]
    slli a2, 4, ->a2
    subi a3, 1, ->a3
    bstart.std cond, hex\@
    setc.ne a3, zero
    bstop
    hl.liu 10, ->a4
    sbi a4, [s0, 0]
    .endm

    .text
    .globl _start
_start:
    hl.liu UART_THR, ->s0
    hl.liu handler, ->a0
    bstart.sys fall
    ssrset a0, SR_EVBASE
    bstop
    c.movi 0, ->s5                  ; TRAPNO the handler saw (0: none yet)

    bstart.sys fall
    ssrget SR_TIME, ->s1
    bstop
    bstart.sys fall
    ssrget SR_TIME, ->s2
    bstop
    bstart.sys fall
    c.ssrget 16, ->t                ; TIME, pushed to T
    bstop
    c.movr t#1, ->s3

    case 1                          ; TIME never goes backwards
    cmp.ltu s2, s1, ->a1
    check_eq a1, 0
    cmp.ltu s3, s2, ->a1
    check_eq a1, 0

    c.movi 0, ->s4                  ; loop count
    addi s3, TIMER_DELAY, ->a1
    bstart.sys fall
    ssrset a1, SR_TIMECMP
    bstop
wait:                               ; the interrupt is taken between blocks
    addi s4, 1, ->s4
    bstart.std cond, wait
    setc.eq s5, zero
    bstop

    puthex 'A', s1
    puthex 'B', s2
    puthex 'C', s3
    puthex 'N', s4
    puthex 'I', s6
    puthex 'T', s5

    case 2                          ; trap 44, asynchronous, argument valid
    check_eq s5, 44 | ARGV | (1 << 63)
    case 3                          ; TRAPARG0: ring 0's timer ID
    check_eq s7, 1
    case 4                          ; taken at or after TIMECMP
    addi s3, TIMER_DELAY, ->a1
    cmp.ltu s6, a1, ->a1
    check_eq a1, 0
    test_end

; ring 0's handler: record TRAPNO, TRAPARG0 and TIME, stop the timer,
; acknowledge the interrupt, return to the interrupted loop
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s7
    ssrget SR_TIME, ->s6
    ssrset zero, SR_TIMECMP
    c.movi 1, ->s8
    ssrset s8, SR_EOIEI
    acre 0
