; SPDX-License-Identifier: GPL-2.0-or-later
; Precise AGU faults: each faulting load, store, pair and pre/post-index
; form is taken to an EVBASE handler that records TRAPNO, TRAPARG0 and
; EBARG_TPC and resumes after the faulting instruction (a6 bytes).  The
; checks then show that the instruction wrote no destination, no base and
; no memory (the first half of a pair whose second half faults included).
; RAM is 128 MiB here so that 0x08000000 is the first address past it.
; qemu-args: -m 128M
    .include "../testlib.inc"
    .equ RAM_END, 0x08000000
    .equ SENT, 0x5e5e5e5e5e5e5e5e
    .macro set reg, value
    li64 \value
    add x3, zero, ->\reg
    .endm
    .text
    .globl _start
_start:
    set_evbase handler
    set s1, SENT
    hl.liu sbuf, ->s2
    sdi s1, [s2, 0]
    sdi s1, [s2, 8]
    sdi s1, [s2, 16]
    sdi s1, [s2, 24]
    set a2, 0x2222
    set a3, 0x3333

    case 1                          ; C.SDI with no value in T#1: trap 4, no store
    c.movi 2, ->a6
f1: c.sdi t#1, [s2, 0]
    check_eq s5, 4 | ARGV
    hl.liu f1, ->a1
    check_same s7, a1
    ldi [s2, 0], ->a1
    check_eq a1, SENT

    case 2                          ; HL.LDI.PR misaligned: trap 34, no value, no base
    c.movi 6, ->a6
    hl.liu buf + 4, ->a4
f2: hl.ldi.pr [a4, 8], ->a2, a3
    check_eq s5, 34 | ARGV
    hl.liu buf + 12, ->a1
    check_same s6, a1
    hl.liu f2, ->a1
    check_same s7, a1
    check_eq a2, 0x2222
    check_eq a3, 0x3333
    hl.liu buf + 4, ->a1
    check_same a4, a1

    case 3                          ; HL.LWI.PO: the access is the base, misaligned
    c.movi 6, ->a6
    hl.liu buf + 2, ->a4
f3: hl.lwi.po [a4, 8], ->a4, a3
    check_eq s5, 34 | ARGV
    hl.liu buf + 2, ->a1
    check_same s6, a1
    check_same a4, a1
    check_eq a3, 0x3333

    case 4                          ; HL.LD.PR past RAM: trap 35, nothing written
    c.movi 6, ->a6
    hl.liu RAM_END - 64, ->a4
    c.movi 8, ->a5
f4: hl.ld.pr [a4, a5<<3], ->a2, a4
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END
    check_eq a4, RAM_END - 64
    check_eq a2, 0x2222

    case 5                          ; HL.SWI.PR past RAM: trap 35, base not written
    c.movi 6, ->a6
    hl.liu RAM_END, ->a4
f5: hl.swi.pr s1, [a4, 16], ->a4
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END + 16
    check_eq a4, RAM_END

    case 6                          ; HL.SD.PO misaligned base: no store, no base
    c.movi 6, ->a6
    hl.liu sbuf + 4, ->a4
    set a5, 0x1111
f6: hl.sd.po a5, [a4, a5<<3], ->a4
    check_eq s5, 34 | ARGV
    hl.liu sbuf + 4, ->a1
    check_same s6, a1
    check_same a4, a1
    ldi [s2, 0], ->a1
    check_eq a1, SENT
    ldi [s2, 8], ->a1
    check_eq a1, SENT

    case 7                          ; HL.SDP whose second half is past RAM: the first half is not written
    c.movi 6, ->a6
    hl.liu RAM_END - 8, ->a4
    sdi s1, [a4, 0]
    set a5, 0x7777
f7: hl.sdp a5, a5, [a4, zero<<3]
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END
    hl.liu f7, ->a1
    check_same s7, a1
    ldi [a4, 0], ->a1
    check_eq a1, SENT

    case 8                          ; HL.SWIP.U likewise, first half in RAM
    c.movi 6, ->a6
    hl.liu RAM_END - 4, ->a4
f8: hl.swip.u a5, a5, [a4, 0]
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END
    ldi.u [a4, -4], ->a1
    check_eq a1, SENT

    case 9                          ; HL.LDIP whose second half is past RAM: neither destination written
    c.movi 6, ->a6
    hl.liu RAM_END - 16, ->a4
f9: hl.ldip [a4, 8], ->a2, a3
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END
    check_eq a2, 0x2222
    check_eq a3, 0x3333

    case 10                         ; HL.LHP misaligned: the first address is reported
    c.movi 6, ->a6
    hl.liu buf + 1, ->a4
f10: hl.lhp [a4, zero], ->a2, a3
    check_eq s5, 34 | ARGV
    hl.liu buf + 1, ->a1
    check_same s6, a1
    check_eq a2, 0x2222
    check_eq a3, 0x3333

    case 11                         ; HL.SHIP misaligned: no memory written
    c.movi 6, ->a6
    hl.liu sbuf + 3, ->a4
f11: hl.ship a5, a5, [a4, 0]
    check_eq s5, 34 | ARGV
    hl.liu sbuf + 3, ->a1
    check_same s6, a1
    ldi [s2, 0], ->a1
    check_eq a1, SENT

    case 12                         ; LD.PCR at a 4- but not 8-aligned address: trap 34
    c.movi 4, ->a6
f12: ld.pcr [buf + 4], ->a2
    check_eq s5, 34 | ARGV
    hl.liu buf + 4, ->a1
    check_same s6, a1
    check_eq a2, 0x2222

    case 13                         ; SH at an odd address (offset (-(1 << 63)) << 1 = 0): no store
    c.movi 4, ->a6
    hl.liu sbuf + 8, ->a4
    set a5, 0x8000000000000000      ; .neg leaves it, << 1 makes it 0
    hl.liu sbuf + 9, ->a4
f13: sh a5, [a4, a5.neg<<1]
    check_eq s5, 34 | ARGV
    hl.liu sbuf + 9, ->a1
    check_same s6, a1
    ldi [s2, 8], ->a1
    check_eq a1, SENT

    case 14                         ; LBI from no memory: trap 35, destination kept
    c.movi 4, ->a6
    hl.liu 0x20000000, ->a4
f14: lbi [a4, -1], ->a2
    check_eq s5, 35 | ARGV
    check_eq s6, 0x1fffffff
    check_eq a2, 0x2222

    case 15                         ; HL.PRF.A with no value in U#4: trap 4, no address published
    c.movi 6, ->a6
f15: hl.prf.a [u#4, zero], ->a2, model=1
    check_eq s5, 4 | ARGV
    hl.liu f15, ->a1
    check_same s7, a1
    check_eq a2, 0x2222

    case 16                         ; HL.SBI.PO with data U#1 invalid: trap 4, no store, no base
    c.movi 6, ->a6
    hl.liu sbuf, ->a4
f16: hl.sbi.po u#1, [a4, 1], ->a4
    check_eq s5, 4 | ARGV
    check_same a4, s2
    ldi [s2, 0], ->a1
    check_eq a1, SENT
    test_end

; The handler (ring 0): record, skip a6 bytes, return.
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_EBARG_TPC, ->s7
    add s7, a6, ->s4
    ssrset s4, SR_EBARG_TPC
    acre 0

    .data
    .p2align 4
buf:
    .dword 0x0706050403020100, 0x0f0e0d0c0b0a0908
    .dword 0x1716151413121110, 0x1f1e1d1c1b1a1918
sbuf:
    .dword 0, 0, 0, 0
