; SPDX-License-Identifier: GPL-2.0-or-later
; Trap entry and return: each trap number the scalar ISA raises is taken
; to an EVBASE handler that records TRAPNO, TRAPARG0, EBARG_TPC and EBARG0,
; moves EBARG_TPC past the faulting instruction (a6 bytes) and returns with
; ACRE.  Expected values are the spec's packing (see docs/traps.md):
; TRAPNO = number | 1 << 62 (argument valid) | cause << 24 | async << 63.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    hl.liu handler, ->a0
    bstart.sys fall
    ssrset a0, SR_EVBASE            ; ring 0's vector
    hl.ssrset a0, 0x1f01            ; ring 1's vector
    bstop

    case 1                          ; a reserved word: trap 4 at its own TPC
    c.movi 4, ->a6
f1: .word 0x00000003
    check_eq s5, 4 | ARGV
    hl.liu f1, ->a1
    check_same s6, a1
    check_same s7, a1
    check_eq s8, 0x10               ; EBARG0: ring 0, VALID, no block

    case 2                          ; BSTOP outside a block: trap 5
    c.movi 4, ->a6
f2: bstop
    check_eq s5, 5 | ARGV
    hl.liu f2, ->a1
    check_same s6, a1

    case 3                          ; JR to an odd target: trap 32, argument the target
    c.movi 4, ->a6
    c.movi 9, ->a2
f3: jr a2, 0
    check_eq s5, 32 | ARGV
    check_eq s6, 9
    hl.liu f3, ->a1
    check_same s7, a1

    case 4                          ; misaligned LDI: trap 34, argument the address
    c.movi 4, ->a6
    hl.liu data + 4, ->a2
f4: ldi [a2, 0], ->a3
    hl.liu data + 4, ->a1
    check_same s6, a1
    check_eq s5, 34 | ARGV

    case 5                          ; a load from no memory: trap 35
    c.movi 4, ->a6
    hl.liu 0x20000000, ->a2
f5: lbi [a2, 8], ->a3
    check_eq s5, 35 | ARGV
    check_eq s6, 0x20000008

    case 6                          ; EBREAK 3 in a SYS block: trap 50, cause 3
    c.movi 4, ->a6
    bstart.sys fall
f6: ebreak 3
    bstop
    check_eq s5, 50 | ARGV | (3 << 24)
    hl.liu f6, ->a1
    check_same s6, a1

    case 7                          ; ASSERT of zero: trap 52
    c.movi 4, ->a6
    bstart.sys fall
f7: assert zero
    bstop
    check_eq s5, 52 | ARGV

    case 8                          ; a trap inside a COND block: the block is restored
    c.movi 4, ->a6
    c.movi 1, ->a4
    bstart.std cond, c8_taken
    setc.eq a4, a4                  ; condition true before the fault
f8: .word 0x00000003                ; trap 4 in the body
    c.movi 2, ->a4                  ; runs after the return, still in the block
    bstop                           ; taken: goes to c8_taken
    j testlib_fail
c8_taken:
    check_eq a4, 2
    ; EBARG0: VALID | active | body | STD (0) << 7 | COND (code 2) << 11 | taken << 14
    check_eq s8, 0x10 | 0x20 | 0x40 | (2 << 11) | (1 << 14)

    case 9                          ; EBARG0 VALID is clear after ACRE
    bstart.sys fall
    ssrget SR_EBARG0, ->a1
    bstop
    andi a1, 0x10, ->a1
    check_eq a1, 0

    case 10                         ; the timer: TIME >= TIMECMP != 0 raises interrupt 44
    c.movi 0, ->a6
    c.movi 0, ->s5
    bstart.sys fall
    ssrget SR_TIME, ->a1
    addi a1, 2000, ->a1             ; 2 us from now
    ssrset a1, SR_TIMECMP
    bstop
c10_wait:                           ; taken between blocks
    bstart.std cond, c10_wait
    setc.eq s5, zero
    bstop
    check_eq s5, 44 | ARGV | (1 << 63)
    check_eq s6, 1                  ; ring 0's timer ID

    case 12                         ; T#1 read with the T queue empty: trap 4, TRAPARG0 =
    c.movi 4, ->a6                  ; its own TPC (not a stale PC from earlier in the TB)
    c.movi 1, ->a1
    c.movi 2, ->a2
f12: add t#1, a1, ->a2
    check_eq s5, 4 | ARGV
    hl.liu f12, ->a1
    check_same s6, a1
    check_same s7, a1
    check_eq a2, 2                  ; no effect

    case 11                         ; ACRC from ring 1: SCALL (trap 6) to ring 0, resuming after it
    c.movi 0, ->a6
    c.movi 1, ->a1
    bstart.sys fall
    ssrset a1, SR_CORE_STATE        ; drop to ring 1
    bstop
    bstart.sys fall
f11: acrc 0
    bstop
    check_eq s5, 6 | ARGV
    hl.liu f11, ->a1
    check_same s6, a1
    hl.liu f11 + 4, ->a1
    check_same s7, a1
    test_end

; The handler (ring 0): record, skip a6 bytes, acknowledge the timer, return.
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_EBARG_TPC, ->s7
    ssrget SR_EBARG0, ->s8
    add s7, a6, ->s4
    ssrset s4, SR_EBARG_TPC
    ssrset zero, SR_TIMECMP
    c.movi 1, ->s3
    ssrset s3, SR_EOIEI
    acre 0

    .data
    .p2align 3
data:
    .dword 0, 0
