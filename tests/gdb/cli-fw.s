; SPDX-License-Identifier: GPL-2.0-or-later
;
; cli-fw.s: the program tests/gdb/cli-test.py debugs with scripts/tile-gdb's
; GDB commands.  The labels are where the test stops; the comments say
; what holds there.  UART output when nobody interferes: "ok\n".

    .equ UART_THR,  0x10000000
    .equ EXIT_DEV,  0x10001000
    .equ EXIT_PASS, 0x5555

    .text
    .globl _start
_start:
    hl.liu 1234, ->a0               ; a0 = 1234
    hl.liu UART_THR, ->s0
    c.movi 0, ->a1                  ; a1 counts the calls of inc
    hl.liu counter, ->s1
call1:                              ; a0 = 1234, a1 = 0, s1 = counter
    bstart.call inc, ret1, ->ra     ; a CALL block: inc, then back to ret1
call1_end:
    bstop
ret1:                               ; a1 = 1
    bstart.call inc, ret2, ->ra
call2_end:
    bstop
ret2:                               ; a1 = 2
    c.movi 7, ->a2
store_counter:
    sdi a2, [s1, 0]                 ; counter <- 7 (write watchpoints)
after_store:
    ldi [s1, 0], ->a3               ; a read of counter (read watchpoints)
after_load:
    addi a3, 1, ->a3
    sdi a3, [s1, 0]                 ; counter <- 8
after_store2:
    hl.liu 'o', ->a4
    sbi a4, [s0, 0]
print_k:
    hl.liu 'k', ->a4
    sbi a4, [s0, 0]
    hl.liu 10, ->a4
    sbi a4, [s0, 0]
    hl.liu EXIT_DEV, ->a5
    hl.liu EXIT_PASS, ->a4
    swi a4, [a5, 0]
hang:
    j hang

inc:                                ; a1 += 1, return through the CALL's return address
    addi a1, 1, ->a1
    bstart.std ret
    bstop

    .data
    .p2align 3
counter:
    .dword 0
bytes:
    .byte 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88
    .byte 0xfe, 0xff, 0x00, 0x80, 0x01, 0x02, 0x03, 0x04
text:
    .asciz "hi tile"
buf:
    .dword 0, 0
