; SPDX-License-Identifier: GPL-2.0-or-later
; A failing case above 255 ends with its number mod 256 (300 -> 44), never 0.
; expect-exit: 44
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    case 300
    addi zero, 1, ->a0
    check_eq a0, 2
    test_end
