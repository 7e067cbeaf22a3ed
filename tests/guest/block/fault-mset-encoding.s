; SPDX-License-Identifier: GPL-2.0-or-later
; MSET with a length over 63 is Fault_IllegalInstruction at its own TPC
; (PTO-BLOCK-MSET); the report shows the MSET's own encoding.  MSET
; [a1, a1, a1] is the 32-bit word 0x18319031 (isa/command.isa: match
; 0x1031 in bits [14:0], RegSrc0 [19:15], RegSrc1 [24:20] and RegSrc2
; [31:27] all 3, a1 = R3), after one 32-bit ADDI at 0.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_IllegalInstruction (trap 4) at TPC 0x0000000000000004 (insn 0x18319031)
    .text
    .globl _start
_start:
    addi zero, 64, ->a1
    mset [a1, a1, a1]
