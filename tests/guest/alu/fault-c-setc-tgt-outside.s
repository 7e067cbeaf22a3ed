; SPDX-License-Identifier: GPL-2.0-or-later
; C.SETC.TGT outside a block is Fault_BundleControl (trap 5) at its own TPC
; (BundleCommitTargetWritable is false); 0x0 is the first instruction.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_BundleControl (trap 5) at TPC 0x0000000000000000
    .text
    .globl _start
_start:
    c.setc.tgt zero
    c.bstop
