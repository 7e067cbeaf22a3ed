; SPDX-License-Identifier: GPL-2.0-or-later
; ACRE with no trap to return from (the ring's EBARG0 is not VALID after
; reset) fails its execution-state check: Fault_ExecutionStateCheck, trap
; 0, at the ACRE itself, before any effect (PTO-SCALAR-ACRE; the model's
; trap number for ExecutionStateCheck is 0).  BSTART.SYS is one 32-bit
; word at 0, so the ACRE is at 0x4.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_ExecutionStateCheck (trap 0) at TPC 0x0000000000000004 (argument 0x4)
    .text
    .globl _start
_start:
    bstart.sys fall
    acre 0
