; SPDX-License-Identifier: GPL-2.0-or-later
; B.CATR trap: the block commits, then Fault_BundlePostCommit (trap 5)
; resumes at the next instruction, which is also its argument
; (PTO-BLOCK-B-CATR).  The report names that fault, not Fault_BundleControl.
; BSTART.STD, B.CATR and BSTOP are 32-bit words: the next PC is 0xc.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_BundlePostCommit (trap 5) at TPC 0x000000000000000c (argument 0xc)
    .text
    .globl _start
_start:
    bstart.std fall
    b.catr trap
    bstop
    bstart.std fall
