; SPDX-License-Identifier: GPL-2.0-or-later
; Two Cores race on shared counters with the AMO forms (MTTCG).
; qemu-args: -smp 2
;
; Both Cores start at _start.  There is no core-id instruction in use
; here, so each Core draws a ticket with LD.ADD on a shared word: the old
; value (0 or 1) is unique per Core.  Each Core then adds 1, ITER times,
; to three counters in separate 64-byte granules: with SD.ADD, with an
; LR.D/SC.D retry loop and with a CASD retry loop; then it adds 1 to
; `done`.  Core 0 waits for done == 2 and checks every counter is
; 2 * ITER (a lost update would leave less); Core 1 parks.
; Written for exactly two Cores.
    .include "../testlib.inc"
    .equ ITER, 50000
    .equ BASE, 0x20000              ; zeroed RAM, not in the image
    .text
    .globl _start
_start:
    hl.liu BASE, ->a0               ; +0 ticket
    addi a0, 64, ->a1               ; +64 done
    addi a0, 128, ->a2              ; +128 LR/SC counter
    addi a0, 192, ->a3              ; +192 SD.ADD counter
    addi a0, 256, ->a4              ; +256 CAS counter
    c.movi 1, ->s2
    ld.add.aqrl [a0], s2, ->s0      ; s0 <- ticket
    hl.liu ITER, ->s1
work:
    sd.add [a3], s2
lrsc_retry:
    lr.d.aq [a2], ->a5
    addi a5, 1, ->a5
    sc.d.rl a5, [a2], ->a6
    bstart.std cond, lrsc_retry
    setc.ne a6, zero
    bstop
    ldi [a4, 0], ->a5
cas_retry:
    addi a5, 1, ->a6
    casd.aqrl [a4], a5, a6, ->a7    ; a7 <- what memory held
    bstart.std cond, cas_mismatch
    setc.ne a7, a5
    bstop
    subi s1, 1, ->s1
    bstart.std cond, work
    setc.ne s1, zero
    bstop
    sd.add.rl [a1], s2              ; done += 1
    bstart.std cond, park
    setc.ne s0, zero
    bstop
wait:
    ldi [a1, 0], ->a5
    hl.liu 2, ->a6
    bstart.std cond, wait
    setc.ne a5, a6
    bstop
    case 1
    ldi [a0, 0], ->a5
    check_eq a5, 2                  ; two tickets drawn
    case 2
    ldi [a2, 0], ->a5
    check_eq a5, 2 * ITER
    case 3
    ldi [a3, 0], ->a5
    check_eq a5, 2 * ITER
    case 4
    ldi [a4, 0], ->a5
    check_eq a5, 2 * ITER
    test_end
cas_mismatch:
    c.movr a7, ->a5                 ; retry from the value seen
    j cas_retry
park:
    j park
