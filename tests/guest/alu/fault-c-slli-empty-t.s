; SPDX-License-Identifier: GPL-2.0-or-later
; C.SLLI reads T#1 implicitly and checks it (ScalarImplicitSourceOperandsLegal):
; with the T queue empty after reset it is Fault_IllegalInstruction at its
; own TPC (0x0, the first instruction), before any effect.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_IllegalInstruction (trap 4) at TPC 0x0000000000000000
    .text
    .globl _start
_start:
    c.slli t#1, 1, ->t
    c.bstop
