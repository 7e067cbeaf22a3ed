; SPDX-License-Identifier: GPL-2.0-or-later
; BWI (wait for interrupt) idles the vCPU until an interrupt can be taken
; (docs/traps.md).  The spec's reference profile retires it at once; this
; implementation waits, except when nothing could wake it: inside a
; handler (EBARG0 VALID) or with both ECONFIG enables clear.  A waiting
; BWI that never woke would hang the run (the runner's timeout fails it).
; Expected by hand: after a BWI with the timer armed 10 ms ahead, the
; timer's handler has already run when the SYS block ends and TIME has
; passed the deadline; an immediate retirement would find neither.
    .include "../testlib.inc"

    .equ SR_ECONFIG,    0xf07

    .text
    .globl _start
_start:
    set_evbase handler
    c.movi 0, ->s1                  ; handler entries

    case 1                          ; ECONFIG 0: nothing can wake it, BWI retires
    c.movi 0, ->a0
    bstart.sys fall
    ssrset a0, SR_ECONFIG
    bwi zero
    bstop
    c.movi 3, ->a0
    bstart.sys fall
    ssrset a0, SR_ECONFIG
    bstop
    check_eq s1, 0

    case 2                          ; inside a handler (EBARG0 VALID): BWI retires
    bstart.sys fall
    ebreak 7                        ; the handler runs BWI, skips this EBREAK
    bstop
    check_eq s1, 1
    check_eq s5, 50 | ARGV | (7 << 24)

    case 3                          ; the timer 10 ms ahead: BWI waits for it
    bstart.sys fall
    ssrget SR_TIME, ->a1
    hl.liu 10000000, ->a2
    add a1, a2, ->s2                ; the deadline
    ssrset s2, SR_TIMECMP
    bwi zero
    bstop                           ; the interrupt is taken here
    check_eq s1, 2
    check_eq s5, 44 | ARGV | (1 << 63)
    check_eq s6, 1
    bstart.sys fall
    ssrget SR_TIME, ->a1
    bstop
    bstart.std cond, testlib_fail
    setc.ltu a1, s2                 ; TIME >= the deadline
    bstop
    test_end

; The handler: count and record; a timer is stopped and acknowledged, an
; EBREAK is skipped (4 bytes) after a BWI that must not wait.
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    bwi zero
    ssrset zero, SR_TIMECMP
    c.movi 1, ->s3
    ssrset s3, SR_EOIEI
    ssrget SR_EBARG_TPC, ->s4
    bstop
    addi s1, 1, ->s1
    srli s5, 63, ->s3               ; 1 for an interrupt
    xori s3, 1, ->s3
    add s4, s3<<2, ->s4             ; + 4 for EBREAK
    bstart.sys fall
    ssrset s4, SR_EBARG_TPC
    acre 0
