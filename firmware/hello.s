; SPDX-License-Identifier: GPL-2.0-or-later
;
; hello.s: first-light firmware for qemu-system-tile's `virt` machine.
; Prints a line on the 16550 UART, then powers off through the
; sifive_test-compatible exit device with status 0.
;
;   build/tile-as -o hello.elf firmware/hello.s
;   build/qemu-system-tile -M virt -nographic -kernel hello.elf
;
; It uses only the first-light instructions: hl.liu, lui, addi, lbui, sbi,
; swi, j and the standard blocks (bstart.std fall/cond, setc.ne, bstop,
; c.bstop).  The image also works as a raw binary loaded at 0
; (tile-as -O binary --base 0).

    .equ UART_THR,  0x10000000      ; 16550 transmit holding register
    .equ EXIT_DEV,  0x10001000      ; sifive_test exit device
    .equ EXIT_PASS, 0x5555          ; power off, exit status 0

    .text
    .globl _start
_start:
    ; Set-up in a FALL block: it commits at BSTOP and continues after it.
    bstart.std fall
    hl.liu UART_THR, ->a0           ; a0 = UART base
    hl.liu msg, ->a1                ; a1 = next byte of the message
    lbui [a1, 0], ->a2              ; a2 = current byte (the message is not empty)
    bstop

    ; Print loop, one COND block per byte.  SETC.NE sets the block's
    ; condition; when it is true C.BSTOP goes back to `print`, otherwise
    ; execution continues after it.
print:
    bstart.std cond, print
    sbi a2, [a0, 0]                 ; THR <- a2 (the UART accepts it at once)
    addi a1, 1, ->a1
    lbui [a1, 0], ->a2              ; load the next byte
    setc.ne a2, zero                ; loop while it is not the NUL
    c.bstop

    ; Power off: a 32-bit store of 0x5555 to the exit device.
    lui EXIT_DEV >> 12, ->a3        ; a3 = 0x10001000
    lui EXIT_PASS >> 12, ->a4       ; a4 = 0x5000
    addi a4, EXIT_PASS & 0xfff, ->a4 ; a4 = 0x5555
    swi a4, [a3, 0]

    ; Not reached when the exit device works; the test's timeout catches it.
hang:
    j hang

    .data
msg:
    .asciz "Hello from qemu-system-tile\n"
