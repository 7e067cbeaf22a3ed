; SPDX-License-Identifier: GPL-2.0-or-later
; The GQM queues are system state (PTO-ARCH-GQM: its state's scope is
; "system"), one set shared by every Core: what Core 0 pushes, Core 1 pops.
; qemu-args: -smp 2
;
; Core 0 (CORE_ID 0) initializes queue QA (capacity 8) and pushes 1..5;
; Core 1 waits until QA exists (a query of a queue not yet initialized is
; busy), pops five entries and checks they come in push order (cases 1,
; 2), then initializes QB and pushes their sum, 1 + 2 + 3 + 4 + 5 = 15.
; Core 0 waits until QB holds an entry, pops it and checks 15 (case 3),
; with the queue left empty (case 4); Core 1 parks.  Queues private to
; each Core would leave Core 1 waiting for QA forever (the runner's
; timeout fails the test).
    .include "../testlib.inc"
    .equ QA, 0x5000
    .equ QB, 0x6000
    .equ SR_CORE_ID, 0x021
    .text
    .globl _start
_start:
    bstart.sys fall
    ssrget SR_CORE_ID, ->s0
    bstop
    hl.liu QA, ->a0
    hl.liu QB, ->a1
    bstart.std cond, core1
    setc.ne s0, zero
    bstop

    hl.liu 8, ->a2                  ; Core 0: QA of capacity 8, then 1..5
    hl.qmt a0, a2, ->a3, i
    c.movi 1, ->a4
push:
    hl.qpush a0, a4, ->a3
    addi a4, 1, ->a4
    hl.liu 6, ->a5
    bstart.std cond, push
    setc.ne a4, a5
    bstop
wait_qb:                            ; QB: busy until Core 1 has pushed the sum
    hl.qpop a1, ->a2, a3
    srli a3, 62, ->a5
    bstart.std cond, wait_qb
    setc.ne a5, zero
    bstop
    case 3
    check_eq a2, 15
    case 4
    check_eq a3, 0                  ; status done, nothing left
    test_end

core1:
wait_qa:                            ; a query is busy until QA exists
    hl.qmt a0, zero, ->a3
    srli a3, 62, ->a5
    bstart.std cond, wait_qa
    setc.ne a5, zero
    bstop
    c.movi 0, ->s1                  ; the sum
    c.movi 1, ->s2                  ; the value expected next
pop:
    hl.qpop a0, ->a2, a3
    srli a3, 62, ->a5
    bstart.std cond, pop            ; busy: Core 0 has not pushed it yet
    setc.ne a5, zero
    bstop
    case 1
    check_same a2, s2               ; in push order
    add s1, a2, ->s1
    addi s2, 1, ->s2
    hl.liu 6, ->a5
    bstart.std cond, pop
    setc.ne s2, a5
    bstop
    case 2
    hl.qpop a0, ->a2, a3            ; QA is empty now: busy
    srli a3, 62, ->a5
    check_eq a5, 1
    c.movi 4, ->a2
    hl.qmt a1, a2, ->a3, i
    hl.qpush a1, s1, ->a3
park:
    j park
