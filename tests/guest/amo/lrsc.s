; SPDX-License-Identifier: GPL-2.0-or-later
; LoadReserved / StoreConditional and the 64-byte reservation monitor
; (PTO-SCALAR-MODEL-AMO-SEMANTICS LoadReserved, StoreConditional; the
; LR.*/SC.* contracts).  Expected values worked out by hand:
;   SC writes 0 to its destination when it stored, 1 when it did not;
;   every SC clears the reservation; a miss (no reservation, or another
;   64-byte granule) is probe-free, so even a misaligned miss does not
;   fault; a completed write of this core to the granule drops it.
    .include "../testlib.inc"
    .text
    .globl _start
_start:
    hl.liu 0x8000, ->a0             ; granule G = [0x8000, 0x8040)
    hl.liu 0x9000, ->s0             ; another granule, far away

    case 1                          ; LR.D then SC.D: stores, status 0
    hl.liu 0x1111, ->a1
    sdi a1, [a0, 0]
    lr.d [a0], ->a2
    check_eq a2, 0x1111
    hl.liu 0x2222, ->a1
    sc.d a1, [a0], ->a3
    check_eq a3, 0
    ldi [a0, 0], ->a3
    check_eq a3, 0x2222

    case 2                          ; SC with no reservation: status 1, no store
    hl.liu 0x3333, ->a1
    sc.d a1, [a0], ->a3
    check_eq a3, 1
    ldi [a0, 0], ->a3
    check_eq a3, 0x2222

    case 3                          ; a store to other bytes of G breaks it
    lr.d [a0], ->a2
    hl.liu 0x4444, ->a1
    sdi a1, [a0, 56]
    hl.liu 0x5555, ->a1
    sc.d a1, [a0], ->a3
    check_eq a3, 1
    ldi [a0, 0], ->a3
    check_eq a3, 0x2222

    case 4                          ; a store to another granule does not
    lr.d [a0], ->a2
    sdi a1, [a0, 64]
    sc.d a1, [a0], ->a3
    check_eq a3, 0
    ldi [a0, 0], ->a3
    check_eq a3, 0x5555

    case 5                          ; the match is by granule, not address/width
    li64 0x0102030405060708
    sdi x3, [a0, 56]
    addi a0, 4, ->a4
    lr.w [a4], ->a2                 ; reserves G through 0x8004
    addi a0, 63, ->a5
    hl.liu 0x1ee, ->a1
    sc.b a1, [a5], ->a3             ; byte 63 of G gets 0xee
    check_eq a3, 0
    ldi [a0, 56], ->a3
    check_eq a3, 0xee02030405060708

    case 6                          ; SC to another granule misses and clears
    lr.d [a0], ->a2
    sc.d a1, [s0], ->a3
    check_eq a3, 1
    sc.d a1, [a0], ->a3             ; the reservation is gone
    check_eq a3, 1
    ldi [a0, 0], ->a3
    check_eq a3, 0x5555

    case 7                          ; a misaligned miss is probe-free: no fault
    addi a0, 1, ->a4
    sc.w a1, [a4], ->a3
    check_eq a3, 1
    lr.d [s0], ->a2                 ; reserved elsewhere: still a miss
    sc.d a1, [a4], ->a3
    check_eq a3, 1

    case 8                          ; LR widths: B/H zero-extend, W sign-extends
    li64 0xfedcba9880706050
    sdi x3, [a0, 0]
    lr.b [a0], ->a2
    check_eq a2, 0x50
    addi a0, 3, ->a4
    lr.b [a4], ->a2
    check_eq a2, 0x80
    addi a0, 2, ->a4
    lr.h [a4], ->a2
    check_eq a2, 0x8070
    addi a0, 6, ->a4
    lr.h [a4], ->a2
    check_eq a2, 0xfedc
    lr.w [a0], ->a2
    check_eq a2, 0xffffffff80706050
    addi a0, 4, ->a4
    lr.w [a4], ->a2
    check_eq a2, 0xfffffffffedcba98
    lr.d [a0], ->a2
    check_eq a2, 0xfedcba9880706050

    case 9                          ; SC widths store the low bytes of SrcL
    li64 0x8877665544332211
    c.movr x3, ->a1
    lr.b [a0], ->a2
    sc.b a1, [a0], ->a3             ; byte 0 <- 0x11
    check_eq a3, 0
    addi a0, 2, ->a4
    lr.h [a4], ->a2
    sc.h a1, [a4], ->a3             ; bytes 2..3 <- 0x2211
    check_eq a3, 0
    addi a0, 4, ->a4
    lr.w [a4], ->a2
    sc.w a1, [a4], ->a3             ; bytes 4..7 <- 0x44332211
    check_eq a3, 0
    ldi [a0, 0], ->a3               ; 44 33 22 11 | 22 11 | 60 | 11
    check_eq a3, 0x4433221122116011

    case 10                         ; an AMO on G drops it even if nothing changes
    lr.d [a0], ->a2
    ld.add [a0], zero, ->zero
    sc.d a1, [a0], ->a3
    check_eq a3, 1
    ldi [a0, 0], ->a3
    check_eq a3, 0x4433221122116011

    case 11                         ; a store-only AMO on G too
    lr.d [a0], ->a2
    addi a0, 8, ->a4
    sd.or [a4], zero
    sc.d a1, [a0], ->a3
    check_eq a3, 1

    case 12                         ; an AMO on another granule keeps it
    lr.d [a0], ->a2
    sd.add [s0], zero
    sc.d a1, [a0], ->a3
    check_eq a3, 0
    ldi [a0, 0], ->a3
    check_eq a3, 0x8877665544332211

    case 13                         ; a CAS that does not store keeps it
    lr.d [a0], ->a2
    hl.liu 0x9999, ->a5
    casd [a0], zero, a5, ->a6       ; memory is not 0: no store
    check_eq a6, 0x8877665544332211
    hl.liu 0x6666, ->a1
    sc.d a1, [a0], ->a3
    check_eq a3, 0
    ldi [a0, 0], ->a3
    check_eq a3, 0x6666

    case 14                         ; a CAS that stores (the same value) drops it
    lr.d [a0], ->a2
    hl.liu 0x6666, ->a5
    casd [a0], a5, a5, ->a6
    check_eq a6, 0x6666
    hl.liu 0x7777, ->a1
    sc.d a1, [a0], ->a3
    check_eq a3, 1
    ldi [a0, 0], ->a3
    check_eq a3, 0x6666

    case 15                         ; a DMA onto G drops it (even an exact copy)
    lr.d [a0], ->a2
    dma [a0], a0
    sc.d a1, [a0], ->a3
    check_eq a3, 1

    case 16                         ; a DMA next to G keeps it
    lr.d [a0], ->a2
    addi a0, 64, ->a4
    dma [s0], a4                    ; [0x8040, 0x8080)
    sc.d a1, [a0], ->a3
    check_eq a3, 0
    ldi [a0, 0], ->a3
    check_eq a3, 0x7777

    case 17                         ; a later LR replaces the reservation
    lr.d [a0], ->a2
    lr.d [s0], ->a2
    sc.d a1, [a0], ->a3
    check_eq a3, 1

    case 18                         ; queue operands: ->t, t#1 value, ->u status
    lr.d [a0], ->t
    c.movr a0, ->u
    sc.d t#1, [u#1], ->u
    c.movr u#1, ->a3
    check_eq a3, 0
    c.movr t#1, ->a2
    check_eq a2, 0x7777

    case 19                         ; SrcZero is ignored; ordering suffixes
    lr.d.aqrlf [a0], ->a2, srczero=31
    hl.liu 0x8888, ->a1
    sc.d.aqrlf a1, [a0], ->a3
    check_eq a3, 0
    lr.w.aq [a0], ->a2
    sc.w.rl a1, [a0], ->a3
    check_eq a3, 0
    lr.h.f [a0], ->a2
    sc.h.aqf a1, [a0], ->a3
    check_eq a3, 0
    lr.b.rlf [a0], ->a2
    sc.b.aqrl a1, [a0], ->zero      ; status discarded; the store happens
    ldi [a0, 0], ->a3
    check_eq a3, 0x8888
    sc.b a1, [a0], ->a3             ; and the reservation is gone
    check_eq a3, 1

    case 20                         ; an LR/SC increment loop, 10 times
    sdi zero, [a0, 0]
    hl.liu 10, ->s1
inc_loop:
    lr.d.aq [a0], ->a2
    addi a2, 1, ->a2
    sc.d.rl a2, [a0], ->a3
    bstart.std cond, inc_loop       ; retry on a failed SC
    setc.ne a3, zero
    bstop
    subi s1, 1, ->s1
    bstart.std cond, inc_loop
    setc.ne s1, zero
    bstop
    ldi [a0, 0], ->a3
    check_eq a3, 10

    test_end
