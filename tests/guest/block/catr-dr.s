; SPDX-License-Identifier: GPL-2.0-or-later
; B.CATR DR in a STD block: the commit rejects it (DR is for VEC/TLSU
; blocks only) with Fault_BundleControl at the BSTOP, before any effect.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_BundleControl (trap 5) at TPC 0x0000000000000008
_start:
    bstart.std fall
    b.catr dr
    bstop
