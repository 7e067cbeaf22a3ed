; SPDX-License-Identifier: GPL-2.0-or-later
; System registers: values, access rules, SSRSWAP, C.SSRGET, LSRGET and the
; maintenance forms.  Faults are caught by an EVBASE handler that records
; TRAPNO/TRAPARG0 and steps over the 4- or 6-byte instruction (a6).
    .include "../testlib.inc"
    .equ SR_THREAD_PTR, 0x000
    .equ SR_GLOBAL_PTR, 0x001
    .equ SR_VERSION, 0x023
    .equ SR_TILE_CAPACITY, 0x027
    .text
    .globl _start
_start:
    hl.liu handler, ->a0
    bstart.sys fall
    ssrset a0, SR_EVBASE
    hl.ssrset a0, 0x1f01
    bstop

    case 1                          ; constants of the reset profile
    bstart.sys fall
    ssrget SR_VERSION, ->a1
    ssrget SR_TILE_CAPACITY, ->a2
    ssrget SR_CORE_STATE, ->a3
    bstop
    check_eq a1, 1
    check_eq a2, 262144             ; 256 KiB per capacity pool (ADR 0097)
    check_eq a3, 0                  ; ring 0

    case 2                          ; storage registers and SSRSWAP
    hl.liu 0x1234, ->a1
    bstart.sys fall
    ssrset a1, SR_THREAD_PTR
    c.movi 7, ->a2
    ssrswap a2, SR_THREAD_PTR, ->a3 ; a3 = old 0x1234, THREAD_PTR = 7
    ssrget SR_THREAD_PTR, ->a4
    bstop
    check_eq a3, 0x1234
    check_eq a4, 7

    case 3                          ; C.SSRGET pushes to T (IDs 0, 1, 16 only)
    c.movi 9, ->a1
    bstart.sys fall
    ssrset a1, SR_GLOBAL_PTR
    c.ssrget 1, ->t
    bstop
    c.movr t#1, ->a2
    check_eq a2, 9

    case 4                          ; TIME advances (nanoseconds of virtual time)
    bstart.sys fall
    ssrget SR_TIME, ->a1
    bstop
    bstart.sys fall
    ssrget SR_TIME, ->a2
    bstop
    cmp.ltu a1, a2, ->a3
    check_eq a3, 1

    case 5                          ; writing a read-only register: trap 4 at the SSRSET
    c.movi 4, ->a6
    c.movi 0, ->s5
    bstart.sys fall
f5: ssrset a1, SR_VERSION
    bstop
    check_eq s5, 4 | ARGV
    hl.liu f5, ->a1
    check_same s6, a1

    case 6                          ; an Unknown address: trap 4
    c.movi 4, ->a6
    c.movi 0, ->s5
    bstart.sys fall
f6: ssrget 0x123, ->a1
    bstop
    check_eq s5, 4 | ARGV

    case 7                          ; SSRGET outside a SYS block: trap 5
    c.movi 4, ->a6
    c.movi 0, ->s5
f7: ssrget SR_VERSION, ->a1
    check_eq s5, 5 | ARGV

    case 8                          ; LSRGET 0 is the BPC of the block
    bstart.std fall
c8_blk:
    lsrget 0, ->a1
    bstop
    hl.liu c8_blk - 4, ->a2         ; the BSTART before the label
    check_same a1, a2

    case 9                          ; maintenance in a SYS block: no effect, no fault
    bstart.sys fall
    dc.civa a0
    ic.iall
    bc.iall
    fence.d 3, 3
    fence.i
    tlb.iall
    tlb.iv a0
    bstop

    case 10                         ; TLB.IV of a non-canonical address: trap 35
    c.movi 4, ->a6
    c.movi 0, ->s5
    hl.lui 0x00010000, ->a1         ; bit 48 set, bit 47 clear
    bstart.sys fall
f10: tlb.iv a1
    bstop
    check_eq s5, 35 | ARGV
    check_same s6, a1

    case 11                         ; ring 1 may not touch a context bank: trap 4 taken in ring 1
    c.movi 6, ->a6                  ; HL.SSRGET is 6 bytes
    c.movi 0, ->s5
    c.movi 1, ->a1
    bstart.sys fall
    ssrset a1, SR_CORE_STATE        ; now ring 1
    bstop
    bstart.sys fall
f11: hl.ssrget 0x0f01, ->a2         ; ring 0's EVBASE from ring 1
    bstop
    j testlib_fail                  ; the ring-1 handler does not return
c11_pass:                           ; reached from the handler, in ring 1
    test_end

; The handler runs in ring 0 (from ring 0) or ring 1 (from ring 1): in
; ring 1 it can only use the 24-bit forms on ring 1's bank.
handler:
    bstart.sys fall
    ssrget SR_CORE_STATE, ->s4
    bstop
    bstart.std cond, handler_ring1
    setc.ne s4, zero
    bstop
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_EBARG_TPC, ->s7
    add s7, a6, ->s7
    ssrset s7, SR_EBARG_TPC
    acre 0
handler_ring1:
    ; reached only for case 11: the trap was taken in ring 1 (CORE_STATE is
    ; 1) at ring 1's vector.  Ring 1 cannot read even its own bank (only
    ; ACR0 may), so the test ends here.
    check_eq s4, 1
    j c11_pass
