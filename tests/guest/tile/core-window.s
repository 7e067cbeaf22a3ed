; SPDX-License-Identifier: GPL-2.0-or-later
; The tile-core MMIO window of Core 0 (docs/tile-core.md): identity,
; ADR 0097 pool sizes and usage, and the PE1..PE3 GPR banks, which
; firmware writes so that each PE gets its own base addresses.
    .include "../testlib.inc"
    .equ WIN, 0x10020000
    .text
    .globl _start
_start:
    hl.liu WIN, ->s0

    case 1                          ; identity: "TILE" and version 1, Core 0
    ldi [s0, 0x000], ->a1
    check_eq a1, 0x454c495400000001
    ldi [s0, 0x008], ->a1
    check_eq a1, 0

    case 2                          ; every pool holds 256 KiB; nothing allocated at reset
    ldi [s0, 0x010], ->a1
    check_eq a1, 262144
    ldi [s0, 0x018], ->a1           ; PE0 Local used
    check_eq a1, 0
    ldi [s0, 0x030], ->a1           ; PE3 Local used
    check_eq a1, 0
    ldi [s0, 0x038], ->a1           ; Shared used
    check_eq a1, 0
    ldi [s0, 0x040], ->a1           ; Local names
    check_eq a1, 0

    case 3                          ; PE1 R5 and PE3 R23: written and read back
    li64 0x0123456789abcdef
    sdi x3, [s0, 0x200 + 5 * 8]     ; PE1 bank at 0x200
    ldi [s0, 0x200 + 5 * 8], ->a1
    check_eq a1, 0x0123456789abcdef
    c.movi -7, ->a2
    sdi a2, [s0, 0x400 + 23 * 8]    ; PE3 bank at 0x400
    ldi [s0, 0x400 + 23 * 8], ->a1
    check_eq a1, 0xfffffffffffffff9

    case 4                          ; the PE banks are not PE0's: the scalar R5 is untouched
    c.movi 3, ->a5                  ; a5 is R7; R5 is a3
    c.movi 0, ->a3
    ldi [s0, 0x100 + 5 * 8], ->a1   ; PE0's bank reads the scalar R5
    check_eq a1, 0
    ldi [s0, 0x100 + 7 * 8], ->a1
    check_eq a1, 3

    case 5                          ; R0 of a bank stays zero; PE0's bank is read-only here
    sdi a2, [s0, 0x200]
    ldi [s0, 0x200], ->a1
    check_eq a1, 0
    sdi a2, [s0, 0x100 + 7 * 8]
    check_eq a5, 3

    case 6                          ; 32-bit halves
    hl.liu 0xcafef00d, ->a4
    swi a4, [s0, 0x300 + 2 * 8 + 4] ; PE2 R2 high half
    swi zero, [s0, 0x300 + 2 * 8]   ; low half
    ldi [s0, 0x300 + 2 * 8], ->a1
    check_eq a1, 0xcafef00d00000000
    lwui [s0, 0x300 + 2 * 8 + 4], ->a1
    check_eq a1, 0xcafef00d

    case 7                          ; status registers are read-only
    sdi a2, [s0, 0x010]
    ldi [s0, 0x010], ->a1
    check_eq a1, 262144
    test_end
