; SPDX-License-Identifier: GPL-2.0-or-later
; An external interrupt taken between two steps of a large MCOPY: the copy
; is a restartable template whose progress the trap snapshot keeps, so the
; handler runs in the middle of the copy and ACRE resumes it at the first
; byte not copied (docs/implementation-defined.md; PTO-INST-BLOCK-MCOPY:
; each step is a restart boundary).
;
; SRC holds N 64-bit words, word i = (i + 1) * K (K = 0x9e3779b97f4a7c15,
; mod 2^64), DST is cleared and one MCOPY on Core 0 copies all 8 * N bytes
; (16 MiB).  The interrupt does not come from a clock guessed to expire
; after the copy has begun: Core 1 watches DST and, once it sees DST's
; first word copied, raises the loopback UART's line (docs/machine.md:
; line 0 at reset is ID 32 of Core 0; a byte written to THR is received at
; once and the line stays high until RBR is read).  So the interrupt is
; raised while the copy runs, whatever the host's scheduling; it counts
; when Core 0 took it inside the MCOPY: TRAPNO = 44 | 1 << 62 | 1 << 63
; (external, argument valid, asynchronous), TRAPARG0 = 32, EBARG_TPC the
; MCOPY's own address, DST's first word copied and its last word not yet.
; Only a Core 1 delayed by the whole rest of the copy can miss: up to five
; attempts, and at least one must count (case 1).  Every attempt must
; leave DST exactly SRC (case 2, checked word by word against (i + 1) * K,
; not against SRC).  Core 1 starts attempt k when GO = k, after Core 0 has
; cleared DST (stores reach other Cores in order: TCG_GUEST_DEFAULT_MO).
; qemu-args: -smp 2
    .include "../testlib.inc"
    .include "pattern.inc"
    .equ SRC, 0x1000000
    .equ DST, 0x3000000
    .equ N, 0x200000                ; words: 16 MiB
    .equ K_HI, 0x9e3779b9
    .equ K_LO, 0x7f4a7c15
    .equ UART_IER, 1
    .equ UART_MCR, 4
    .equ INTC, 0x10002000
    .equ ENABLE, 0x008
    .equ SR_CORE_ID, 0x021
    .equ LINE_ID, 32                ; line 0's ID at reset (Core 0)
    .text
    .globl _start
_start:
    set_evbase handler
    bstart.sys fall
    ssrget SR_CORE_ID, ->a0
    bstop
    bstart.std cond, core0
    setc.eq a0, zero
    bstop

; Core 1, for attempt k = 1, 2, ...: wait for GO = k, then for DST's first
; word to be copied, then send a byte to the loopback UART (line 0 high)
core1:
    c.movi 1, ->s1
    hl.liu go, ->s2
    hl.liu DST, ->s3
    hl.liu UART_THR, ->s4
core1_go:
    ldi [s2, 0], ->a0
    bstart.std cond, core1_go
    setc.ne a0, s1
    bstop
core1_copied:
    ldi [s3, 0], ->a0
    bstart.std cond, core1_copied
    setc.eq a0, zero
    bstop
    hl.liu 'M', ->a0
    sbi a0, [s4, 0]
    addi s1, 1, ->s1
    j core1_go

core0:
    hl.liu UART_THR, ->a1           ; loopback, received-data interrupt on
    hl.liu 0x10, ->a0
    sbi a0, [a1, UART_MCR]
    c.movi 1, ->a0
    sbi a0, [a1, UART_IER]
    hl.liu INTC, ->a1               ; line 0 enabled
    swi a0, [a1, ENABLE]

    hl.lui K_HI, ->s0               ; s0 = K
    hl.liu K_LO, ->a0
    or s0, a0, ->s0

    fill_pattern SRC, N, s0         ; SRC word i = (i + 1) * K

    c.movi 0, ->s1                  ; attempts that counted
    c.movi 5, ->s2                  ; attempts left
    c.movi 0, ->s3                  ; attempt number
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
    addi s3, 1, ->s3                ; GO = the attempt's number: Core 1 watches
    hl.liu go, ->a0
    sdi s3, [a0, 0]
    hl.liu DST, ->a0
    hl.liu SRC, ->a1
    hl.liu N * 8, ->a2
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
    cmp.eqi a6, LINE_ID, ->a5       ; from line 0
    and a4, a5, ->a4
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

; ring 0 (Core 0): record TRAPNO (s5), TRAPARG0 (a6), EBARG_TPC (s7), DST's
; first (s6) and last (s4) words, read RBR (the line goes low), acknowledge,
; return (to the MCOPY, which resumes)
handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->a6
    ssrget SR_EBARG_TPC, ->s7
    bstop
    hl.liu DST, ->s8
    ldi [s8, 0], ->s6
    hl.liu DST + N * 8 - 8, ->s8
    ldi [s8, 0], ->s4
    hl.liu UART_THR, ->s8
    lbui [s8, 0], ->s8
    bstart.sys fall
    ssrset a6, SR_EOIEI
    acre 0

    .data
    .p2align 3
go:
    .dword 0
