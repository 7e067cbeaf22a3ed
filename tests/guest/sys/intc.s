; SPDX-License-Identifier: GPL-2.0-or-later
; The virt machine's interrupt controller (tile-intc at 0x1000_2000,
; docs/machine.md) and external interrupt delivery (ADR 0016,
; RaiseInterrupt): device line -> enable -> route (ID, Core) -> the Core's
; IPENDING bit -> trap 44 when ECONFIG bit 0 allows it.  The device is the
; 16550 in loopback (MCR bit 4): a byte written to THR is received at
; once, so its line goes high until RBR is read.
;
; Expected values by hand from those rules: the controller's reset state
; (32 lines, 1 Core, every line disabled, line n routed to ID 32 + n of
; Core 0); TRAPNO = 44 | 1 << 62 (argument valid) | 1 << 63 (asynchronous),
; TRAPARG0 = the ID; TOPEI = the lowest pending ID; a line that is still
; high is pending again after EOIEI; pending IDs are taken lowest first.
    .include "../testlib.inc"

    .equ UART_MCR,      4
    .equ UART_LSR,      5
    .equ UART_IER,      1
    .equ INTC,          0x10002000
    .equ INFO,          0x000
    .equ LEVEL,         0x004
    .equ ENABLE,        0x008
    .equ ROUTE0,        0x100
    .equ SR_ECONFIG,    0xf07
    .equ SR_IPENDING,   0xf08
    .equ SR_TOPEI,      0xf09
    .equ ASYNC,         1 << 63

; s0 = UART, s1 = trap count, s2 = INTC, s5/s6 = last TRAPNO/TRAPARG0,
; s7 = the trap log (TRAPARG0 of each entry), a6 = bytes a synchronous
; trap's return skips; a0..a5 scratch.

; ECONFIG of ring 0 <- VALUE
    .macro econfig value
    hl.liu \value, ->a0
    bstart.sys fall
    ssrset a0, SR_ECONFIG
    bstop
    .endm

; a1 <- bit ID of IPENDING (0 or 1)
    .macro pending_bit id
    bstart.sys fall
    ssrget SR_IPENDING, ->a1
    bstop
    srli a1, \id, ->a1
    andi a1, 1, ->a1
    .endm

; give a pending interrupt time to be taken: 64 block boundaries
    .macro settle
    c.movi 0, ->a5
settle\@:
    bstart.std cond, settle\@
    addi a5, 1, ->a5
    setc.nei a5, 64
    bstop
    .endm

; the loopback UART receives BYTE
    .macro send byte
    hl.liu \byte, ->a0
    sbi a0, [s0, 0]
    .endm

    .text
    .globl _start
_start:
    set_evbase handler
    hl.liu UART_THR, ->s0
    hl.liu INTC, ->s2
    hl.liu log, ->s7
    c.movi 0, ->s1
    c.movi 0, ->a6

    case 1                          ; the reset state
    lwi [s2, INFO], ->a1
    check_eq a1, 32 | (1 << 8)
    lwi [s2, ENABLE], ->a1
    check_eq a1, 0
    lwi [s2, LEVEL], ->a1
    check_eq a1, 0
    lwi [s2, ROUTE0], ->a1
    check_eq a1, 32
    lwi [s2, ROUTE0 + 4 * 31], ->a1
    check_eq a1, 63

    case 2                          ; a high line that is not enabled reaches no Core
    hl.liu 0x10, ->a0
    sbi a0, [s0, UART_MCR]          ; loopback
    hl.liu 1, ->a0
    sbi a0, [s0, UART_IER]          ; received data available
    send 'A'
    lwi [s2, LEVEL], ->a1
    check_eq a1, 1
    pending_bit 32
    check_eq a1, 0
    settle
    check_eq s1, 0

    case 3                          ; enabled with ECONFIG bit 0 clear: pending, not taken
    econfig 2
    hl.liu 1, ->a0
    swi a0, [s2, ENABLE]
    pending_bit 32
    check_eq a1, 1
    bstart.sys fall
    ssrget SR_TOPEI, ->a1
    bstop
    check_eq a1, 32
    settle
    check_eq s1, 0

    case 4                          ; ECONFIG bit 0 set: trap 44, argument 32
    econfig 3
    settle
    check_eq s1, 1
    check_eq s5, 44 | ARGV | ASYNC
    check_eq s6, 32
    lwi [s2, ENABLE], ->a1          ; the handler disabled the line
    check_eq a1, 0
    pending_bit 32                  ; and EOIEI cleared the ID
    check_eq a1, 0

    case 5                          ; level: still high after EOIEI, pending again
    econfig 2
    hl.liu 1, ->a0
    swi a0, [s2, ENABLE]
    hl.liu 32, ->a0
    bstart.sys fall
    ssrset a0, SR_EOIEI
    bstop
    pending_bit 32
    check_eq a1, 1
    lbui [s0, 0], ->a1              ; reading RBR lowers the line
    check_eq a1, 'A'
    lwi [s2, LEVEL], ->a1
    check_eq a1, 0
    hl.liu 32, ->a0
    bstart.sys fall
    ssrset a0, SR_EOIEI
    bstop
    pending_bit 32
    check_eq a1, 0

    case 6                          ; a route to ID 40
    hl.liu 40, ->a0
    swi a0, [s2, ROUTE0]
    lwi [s2, ROUTE0], ->a1
    check_eq a1, 40
    send 'B'
    econfig 3
    settle
    check_eq s1, 2
    check_eq s6, 40
    lbui [s0, 0], ->a1
    check_eq a1, 'B'

    case 7                          ; invalid routes are ignored
    hl.liu (1 << 8) | 5, ->a0       ; Core 1 of a one-Core machine
    swi a0, [s2, ROUTE0]
    hl.liu 0x10000 | 5, ->a0        ; a reserved bit
    swi a0, [s2, ROUTE0]
    lwi [s2, ROUTE0], ->a1
    check_eq a1, 40
    swi a0, [s2, INFO]              ; read-only: no effect
    lwi [s2, INFO], ->a1
    check_eq a1, 32 | (1 << 8)

    case 8                          ; two pending IDs: the lower is taken first
    econfig 0
    bstart.sys fall
    ssrget SR_TIME, ->a1
    addi a1, 1, ->a1
    ssrset a1, SR_TIMECMP           ; the timer (ID 1) is reached at once
    bstop
    send 'C'
    hl.liu 1, ->a0
    swi a0, [s2, ENABLE]            ; ID 40 pending
    settle
    check_eq s1, 2
    econfig 3
    settle
    check_eq s1, 4
    ldi [s7, 2 * 8], ->a1
    check_eq a1, 1
    ldi [s7, 3 * 8], ->a1
    check_eq a1, 40
    lbui [s0, 0], ->a1
    check_eq a1, 'C'

    case 9                          ; a byte access to the controller: Fault_DataPage
    c.movi 4, ->a6
f9: lbui [s2, INFO], ->a1
    c.movi 0, ->a6
    check_eq s1, 5
    check_eq s5, 35 | ARGV
    check_eq s6, INTC + INFO
    test_end

; The handler (ring 0): count, log TRAPARG0, record TRAPNO/TRAPARG0;
; disable every line and stop the timer, acknowledge the ID, skip a6
; bytes, return.
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_EBARG_TPC, ->s4
    add s4, a6, ->s4
    ssrset s4, SR_EBARG_TPC
    ssrset zero, SR_TIMECMP
    bstop
    add s7, s1<<3, ->s4
    sdi s6, [s4, 0]
    addi s1, 1, ->s1
    swi zero, [s2, ENABLE]
    bstart.sys fall
    ssrset s6, SR_EOIEI
    acre 0

    .data
    .p2align 3
log:
    .space 8 * 16
