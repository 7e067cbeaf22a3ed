; SPDX-License-Identifier: GPL-2.0-or-later
; An ACRE that returns to no active block but leaves BARG fields set (the
; handler cleared EBARG0's ACTIVE and BODY bits and nothing else): the ASL
; restores BARG as EBARG holds it (RecoverTrapContext), so until a block
; begins and commits, a trap outside any block snapshots those fields
; again; the next block's commit clears them (BSTOP clears BARG).  The
; translator keeps blocks inline only from cleared fields, so the results
; are the same in every layout.  EBARG0 packing (docs/traps.md): VALID
; 0x10, ACTIVE 0x20, BODY 0x40, transfer code << 11 (COND = 2), TAKEN << 14.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    set_evbase handler

    case 1                          ; a trap in a taken COND block, returned to as "no block"
    c.movi 0, ->s2                  ; 0: the handler clears ACTIVE and BODY
f1: bstart.std cond, testlib_fail
    setc.eq zero, zero
    .word 0x00000003                ; trap 4; resumed at c1_after, outside any block
c1_after:
    add s8, zero, ->s3
    c.movi 1, ->s2                  ; 1: the handler changes nothing
    .word 0x00000003                ; trap 4 before any block: the kept fields
    check_eq s3, 0x10 | 0x20 | 0x40 | (2 << 11) | (1 << 14)
    check_eq s8, 0x10 | (2 << 11) | (1 << 14)

    case 2                          ; a block began and committed (check_eq's): the fields are cleared
    c.movi 0, ->a1
    bstart.std fall
    addi a1, 1, ->a1
    bstop
    .word 0x00000003
    check_eq s8, 0x10
    check_eq a1, 1

    test_end

; record EBARG0 in s8; with s2 = 0 clear its ACTIVE and BODY bits and
; resume at c1_after, else resume after the faulting word
handler:
    bstart.sys fall
    ssrget SR_EBARG0, ->s8
    ssrget SR_EBARG_TPC, ->s7
    bstop
    bstart.std cond, h_plain
    setc.nei s2, 0
    bstop
    bstart.sys fall
    andi s8, 0x60, ->s4
    xor s8, s4, ->s4                ; EBARG0 without ACTIVE and BODY
    ssrset s4, SR_EBARG0
    hl.liu c1_after, ->s7
    ssrset s7, SR_EBARG_TPC
    acre 0
h_plain:
    bstart.sys fall
    addi s7, 4, ->s7
    ssrset s7, SR_EBARG_TPC
    acre 0
