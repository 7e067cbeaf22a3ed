; SPDX-License-Identifier: GPL-2.0-or-later
;
; illegal.s: the first instruction is a reserved encoding (the B.TEXT
; extension reservation, match 0x00000003 under mask 0x0000007f), which is
; always Fault_IllegalInstruction.  EVBASE is still 0 (no handler), so the
; machine reports the unhandled trap on one line on stderr and exits
; non-zero (docs/traps.md), e.g. for an image assembled at --base 0x2000:
;
;   qemu-system-tile: unhandled trap: Fault_IllegalInstruction (trap 4) at TPC 0x0000000000002000 (insn 0x00000003)
;
; (A 16-bit 0x0000 is not illegal: it is C.BSTOP.)

    .text
    .globl _start
_start:
    .word 0x00000003                ; reserved: B.TEXT
    .word 0x00000003                ; never reached
