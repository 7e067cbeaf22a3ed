; SPDX-License-Identifier: GPL-2.0-or-later
; The FSU's sticky exception flags appear in CORE_STATE[36:32]
; (NV DZ OF UF NX from bit 32) and clear when CORE_STATE is written.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    case 1                          ; nothing raised yet
    bstart.sys fall
    ssrget SR_CORE_STATE, ->a5
    bstop
    check_eq a5, 0
    case 2                          ; 1/3 is inexact (NX), 1/0 divides by zero (DZ)
    li64 0x3ff0000000000000         ; 1.0
    or zero, x3, ->a0
    li64 0x4008000000000000         ; 3.0
    or zero, x3, ->a1
    fdiv a0, a1, ->a2, srctype=0
    fdiv a0, zero, ->a3, srctype=0
    check_eq a3, 0x7ff0000000000000 ; +inf
    bstart.sys fall
    ssrget SR_CORE_STATE, ->a5
    bstop
    check_eq a5, (1 << 36) | (1 << 33)
    case 3                          ; writing CORE_STATE clears them
    bstart.sys fall
    ssrset zero, SR_CORE_STATE
    ssrget SR_CORE_STATE, ->a5
    bstop
    check_eq a5, 0
    test_end
