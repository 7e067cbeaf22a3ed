; SPDX-License-Identifier: GPL-2.0-or-later
; JR to an odd address is Fault_InstructionPC at the JR, argument the target.
; expect-exit: 1
; expect-stderr: (trap 32) at TPC 0x0000000000000002 (argument 0x7)
_start:
    c.movi 7, ->a0
    jr a0, 0
