; SPDX-License-Identifier: GPL-2.0-or-later
; C.CMP.NEI reads T#1 implicitly; with the T queue empty after reset
; it is Fault_IllegalInstruction at its own TPC (0x0, the first
; instruction), before any effect, as every other T#1 reader
; (docs/implementation-defined.md row 13).
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_IllegalInstruction (trap 4) at TPC 0x0000000000000000
    .text
    .globl _start
_start:
    c.cmp.nei t#1, 5, ->t
    c.bstop
