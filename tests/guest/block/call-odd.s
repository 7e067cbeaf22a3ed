; SPDX-License-Identifier: GPL-2.0-or-later
; BSTART.ICALL retiring a block whose SETC.TGT target is odd:
; Fault_InstructionPC with the odd target as argument, at the BSTART.
; expect-exit: 1
; expect-stderr: unhandled trap: Fault_InstructionPC (trap 32) at TPC 0x0000000000000012 (argument 0x1235)
_start:
    bstart.std fall                 ; 0x00
    hl.liu 0x1235, ->a1             ; 0x04
    setc.tgt a1                     ; 0x0a
    c.movi 0, ->a2                  ; 0x0e
    c.movi 0, ->a2                  ; 0x10
    bstart.icall after, ->ra        ; 0x12
after:
    bstop
