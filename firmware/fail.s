; SPDX-License-Identifier: GPL-2.0-or-later
;
; fail.s: reports failure code 7 through the sifive_test-compatible exit
; device: a 32-bit store of (code << 16) | 0x3333 makes QEMU exit with
; status `code`.  Expected exit status: 7.
;
; Beside the exit path it exercises c.movi, c.movr, add with a shifted
; operand, lui/addi and a DIRECT block (which must branch at its BSTOP:
; falling through instead exits with status 1).

    .equ EXIT_DEV,  0x10001000
    .equ EXIT_FAIL, 0x3333          ; low half of a failure report
    .equ CODE,      7

    .text
    .globl _start
_start:
    c.movi CODE, ->a0               ; a0 = 7
    lui EXIT_DEV >> 12, ->a1        ; a1 = exit device
    add zero, a0<<16, ->a2          ; a2 = 7 << 16
    lui EXIT_FAIL >> 12, ->a3       ; a3 = 0x3000
    addi a3, EXIT_FAIL & 0xfff, ->a3 ; a3 = 0x3333
    add a2, a3, ->a2                ; a2 = 0x00073333
    c.movr a2, ->a4                 ; a4 = a2

    ; A DIRECT block: BSTOP transfers to `report`.
    bstart.std direct, report
    bstop

    ; Only reached if the DIRECT block fell through: exit status 1.
    swi a3, [a1, 0]
    j hang

report:
    swi a4, [a1, 0]                 ; exit with status 7

    ; Not reached when the exit device works; the test's timeout catches it.
hang:
    j hang
