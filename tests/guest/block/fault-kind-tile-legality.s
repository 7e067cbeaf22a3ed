; SPDX-License-Identifier: GPL-2.0-or-later
; The unhandled-trap report names the precise fault behind trap 5: a
; TSTORE whose source selector T#1 names no live tile is Fault_TileLegality
; (PTO-BLOCK-MODEL-DISPATCH-DESCRIPTOR-LEGALITY), raised by the commit at
; the BSTOP.  Four 32-bit words precede it: the BSTOP is at 0x10.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_TileLegality (trap 5) at TPC 0x0000000000000010 (argument 0x10)
    .text
    .globl _start
_start:
    bstart.tstore u8
    b.ior zero, zero, zero, ->zero
    b.dim zero, 1, ->lb0
    b.iot t#1, mask=1000, last
    bstop
