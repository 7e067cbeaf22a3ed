; SPDX-License-Identifier: GPL-2.0-or-later
; A timer interrupt taken between two steps of a large MCOPY: the copy is
; a restartable template whose progress the trap snapshot keeps, so the
; handler runs in the middle of the copy and ACRE resumes it at the first
; byte not copied (docs/implementation-defined.md; PTO-INST-BLOCK-MCOPY:
; each step is a restart boundary).
;
; SRC holds N 64-bit words, word i = (i + 1) * K (K = 0x9e3779b97f4a7c15,
; mod 2^64), DST is cleared, the timer is set 200 us ahead and one MCOPY
; copies all 8 * N bytes (16 MiB; it takes far longer than 200 us).  The
; handler records TRAPNO, EBARG_TPC and DST's first and last words.  An
; attempt counts when the interrupt came inside the MCOPY: trap 44 at the
; MCOPY's own TPC with DST's first word copied and its last word not yet.
; A host that stalls for 200 us before the MCOPY starts makes the
; interrupt come earlier: up to five attempts, and at least one must count
; (case 1).  Every attempt must leave DST exactly SRC (case 2, checked
; word by word against (i + 1) * K, not against SRC).  Under -icount the
; virtual clock stands still inside one instruction, so the timer cannot
; expire during the copy and case 1 cannot pass: make check runs block/
; without -icount.
    .include "../testlib.inc"
    .include "pattern.inc"
    .equ SRC, 0x1000000
    .equ DST, 0x3000000
    .equ N, 0x200000                ; words: 16 MiB
    .equ K_HI, 0x9e3779b9
    .equ K_LO, 0x7f4a7c15
    .equ DELAY, 200000              ; ns
    .text
    .globl _start
_start:
    hl.liu handler, ->a0
    bstart.sys fall
    ssrset a0, SR_EVBASE
    bstop
    hl.lui K_HI, ->s0               ; s0 = K
    hl.liu K_LO, ->a0
    or s0, a0, ->s0

    fill_pattern SRC, N, s0         ; SRC word i = (i + 1) * K

    c.movi 0, ->s1                  ; attempts that counted
    c.movi 5, ->s2                  ; attempts left
attempt:
    hl.liu DST, ->a0                ; clear DST
    hl.liu N, ->a1
clear:
    sdi zero, [a0, 0]
    addi a0, 8, ->a0
    subi a1, 1, ->a1
    bstart.std cond, clear
    setc.ne a1, zero
    bstop

    c.movi 0, ->s5                  ; TRAPNO seen (0: no interrupt yet)
    hl.liu DST, ->a0
    hl.liu SRC, ->a1
    hl.liu N * 8, ->a2
    bstart.sys fall
    ssrget SR_TIME, ->a3
    bstop
    hl.liu DELAY, ->a4
    add a3, a4, ->a3
    bstart.sys fall
    ssrset a3, SR_TIMECMP
    bstop
copy:
    mcopy [a0, a1, a2]
wait:                               ; the interrupt, if it has not come yet
    bstart.std cond, wait
    setc.eq s5, zero
    bstop

    hl.liu 44, ->a3                 ; did it come inside the MCOPY?
    hl.lui 0xc0000000, ->a4
    or a3, a4, ->a3
    cmp.eq s5, a3, ->a4             ; trap 44, asynchronous, argument valid
    hl.liu copy, ->a3
    cmp.eq s7, a3, ->a5             ; at the MCOPY
    and a4, a5, ->a4
    cmp.eq s6, s0, ->a5             ; DST's first word copied
    and a4, a5, ->a4
    cmp.eq s4, zero, ->a5           ; its last word not yet
    and a4, a5, ->a4
    add s1, a4, ->s1

    case 2                          ; DST word i = (i + 1) * K, every word
    check_pattern DST, N, s0

    subi s2, 1, ->s2                ; another attempt while none counted
    cmp.eq s1, zero, ->a3
    cmp.ne s2, zero, ->a4
    and a3, a4, ->a3
    bstart.std cond, attempt
    setc.ne a3, zero
    bstop
    case 1
    check_eq s1, 1
    test_end

; ring 0: record TRAPNO (s5), EBARG_TPC (s7), DST's first (s6) and last
; (s4) words, stop the timer, acknowledge, return (to the MCOPY, which
; resumes)
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_EBARG_TPC, ->s7
    ssrset zero, SR_TIMECMP
    c.movi 1, ->s8
    ssrset s8, SR_EOIEI
    bstop
    hl.liu DST, ->s8
    ldi [s8, 0], ->s6
    hl.liu DST + N * 8 - 8, ->s8
    ldi [s8, 0], ->s4
    bstart.sys fall
    acre 0
