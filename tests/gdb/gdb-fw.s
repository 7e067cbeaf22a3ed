; SPDX-License-Identifier: GPL-2.0-or-later
;
; gdb-fw.s: the program tests/gdb/gdb-test.py debugs.  First-light
; instructions only (as firmware/hello.s).  The labels are the places the
; test stops at; the comments say what the test checks there.
;
; UART output when nobody interferes:  "A\noriginal\n"
; The test changes a2 (-> 'Z') and msg (-> "patched\n") at bp_regs, so a
; debugged run prints "Z\npatched\n".

    .equ UART_THR,  0x10000000
    .equ EXIT_DEV,  0x10001000
    .equ EXIT_PASS, 0x5555

    .text
    .globl _start
_start:
    bstart.std fall
    hl.liu UART_THR, ->a0           ; a0 = 0x10000000
    hl.liu 0x1234, ->a3             ; a3 = 0x1234
    addi zero, 'A', ->a2            ; a2 = 0x41, printed below
    addi zero, 3, ->t               ; T: #1 = 3
    addi zero, 4, ->t               ; T: #1 = 4, #2 = 3
    bstop
    ; PE2's R7 <- 0x77 through Core 0's tile-core window (docs/tile-core.md);
    ; x0 is scratch
    hl.liu 0x10020000 + 0x300 + 7 * 8, ->x0
    addi zero, 0x77, ->x1
    sdi x1, [x0, 0]

bp_regs:                            ; breakpoint: a0, a2, a3, T checked
    bstart.std fall
    sbi a2, [a0, 0]                 ; print a2
    addi zero, 10, ->a4
    sbi a4, [a0, 0]                 ; newline
    hl.liu msg, ->a1
    lbui [a1, 0], ->a5
    bstop

print:                              ; one COND block per byte of msg
    bstart.std cond, print
in_body:                            ; breakpoint inside a block body
    sbi a5, [a0, 0]
    addi a1, 1, ->a1
    lbui [a1, 0], ->a5
    setc.ne a5, zero
    c.bstop

step_here:                          ; single-step across the block boundary
    bstart.std direct, target
step_body:
    addi zero, 7, ->a6
step_stop:
    bstop
skipped:
    addi zero, 99, ->a6             ; never executed: the block goes to target
target:                             ; a hardware breakpoint stops here
    hl.liu flag, ->a7
    addi zero, 0x5a, ->s0
store_flag:                         ; the watchpoint on flag fires here
    swi s0, [a7, 0]
after_store:
    hl.liu EXIT_DEV, ->x1
    hl.liu EXIT_PASS, ->x2
    swi x2, [x1, 0]                 ; power off, status 0
hang:
    j hang

    .data
msg:
    .asciz "original\n"
    .space 16                       ; room for the debugger's text
    .align 8
flag:
    .word 0
