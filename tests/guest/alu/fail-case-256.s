; SPDX-License-Identifier: GPL-2.0-or-later
; The test library's failure path never ends with the passing status: the
; exit status is the case number mod 256, so a failing case 256 would exit
; 0; testlib gives 255 instead.  This program fails case 256 on purpose.
; expect-exit: 255
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    case 256
    addi zero, 1, ->a0
    check_eq a0, 2
    test_end
