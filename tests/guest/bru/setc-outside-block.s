; SPDX-License-Identifier: GPL-2.0-or-later
; SETC outside a COND block body is Fault_BundleControl (trap 5) at the SETC.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_BundleControl (trap 5) at TPC 0x0000000000000002
_start:
    c.movi 1, ->a0
    setc.eq a0, a0
