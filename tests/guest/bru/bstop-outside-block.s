; SPDX-License-Identifier: GPL-2.0-or-later
; BSTOP with no active block is Fault_BundleControl at the BSTOP.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_BundleControl (trap 5) at TPC 0x0000000000000004
_start:
    c.movi 1, ->a0
    c.movi 2, ->a1
    bstop
