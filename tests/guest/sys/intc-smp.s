; SPDX-License-Identifier: GPL-2.0-or-later
; The interrupt controller's route names the Core (ROUTE[15:8]): with two
; Cores, line 0 routed to ID 33 of Core 1 interrupts Core 1 only.  Core 1
; waits in BWI; its handler writes the ID it took into got[1].  Core 0
; checks got[1] = 33 and that it took nothing itself (got[0] = 0), and that
; INFO reports 32 lines and 2 Cores.  Expected values by hand.
; qemu-args: -smp 2
    .include "../testlib.inc"

    .equ UART_IER,      1
    .equ UART_MCR,      4
    .equ INTC,          0x10002000
    .equ INFO,          0x000
    .equ ENABLE,        0x008
    .equ ROUTE0,        0x100
    .equ SR_CORE_ID,    0x021

    .text
    .globl _start
_start:
    set_evbase handler
    hl.liu got, ->s7
    hl.liu INTC, ->s2
    bstart.sys fall
    ssrget SR_CORE_ID, ->s0
    bstop
    bstart.std cond, core0
    setc.eq s0, zero
    bstop

core1:                              ; announce, then wait for interrupts forever
    c.movi 1, ->a0
    hl.liu ready, ->a1
    sdi a0, [a1, 0]
core1_idle:
    bstart.sys fall
    bwi zero
    bstop
    j core1_idle

core0:
    hl.liu ready, ->a1
wait_ready:                         ; Core 1 is in its idle loop
    ldi [a1, 0], ->a0
    bstart.std cond, wait_ready
    setc.eq a0, zero
    bstop

    case 1
    lwi [s2, INFO], ->a1
    check_eq a1, 32 | (2 << 8)

    case 2                          ; line 0 -> ID 33 of Core 1
    hl.liu (1 << 8) | 33, ->a0
    swi a0, [s2, ROUTE0]
    lwi [s2, ROUTE0], ->a1
    check_eq a1, (1 << 8) | 33
    c.movi 1, ->a0
    swi a0, [s2, ENABLE]
    hl.liu UART_THR, ->s0
    hl.liu 0x10, ->a0
    sbi a0, [s0, UART_MCR]          ; loopback
    c.movi 1, ->a0
    sbi a0, [s0, UART_IER]
    hl.liu 'D', ->a0
    sbi a0, [s0, 0]                 ; received at once: the line goes high
wait_core1:
    ldi [s7, 8], ->a0
    bstart.std cond, wait_core1
    setc.eq a0, zero
    bstop
    check_eq a0, 33
    ldi [s7, 0], ->a0
    check_eq a0, 0
    test_end

; Either Core: got[core] <- the ID; the line is disabled and the ID
; acknowledged (the byte stays unread).
handler:
    bstart.sys fall
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_CORE_ID, ->s5
    bstop
    add s7, s5<<3, ->s4
    sdi s6, [s4, 0]
    swi zero, [s2, ENABLE]
    bstart.sys fall
    ssrset s6, SR_EOIEI
    acre 0

    .data
    .p2align 3
ready:
    .dword 0
got:
    .dword 0, 0
