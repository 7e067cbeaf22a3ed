; SPDX-License-Identifier: GPL-2.0-or-later
;
; slot_harness.s: the fixed part of the instruction fuzzer's guest images
; (tests/fuzz/fuzz_insn.py).  Assembled once with tile-as as a raw binary
; at HARNESS, high in RAM where the small numbers and scratch pointers the
; slots get as registers do not reach; the fuzzer puts it and the slots,
; their tables and PARAMS into an ELF image entered here.
;
; A slot is the words under test followed by a reserved word, which always
; traps.  Every trap of ring 0 comes here: the handler takes the number of
; the slot to run from CUR and moves CUR on at once (so whatever the slot
; does, the next trap resumes at the one after: a slot whose words
; overwrote the slot after it skips that one too), writes the number to
; the UART (16 bits, little-endian: the fuzzer's progress), loads r1..r23
; from the slot's register image, arms the watchdog (ring 0's timer,
; WATCHDOG_NS from now: a slot that loops is interrupted) and returns into
; the slot outside any block.  Past the last slot the table points at
; `done`, which powers the machine off through the exit device.
;
; PARAMS (filled by the fuzzer): the slot table's address (one dword per
; slot, then `done` repeated), the register images' address (256 bytes per
; slot: r1..r23 at 8..184), the number of slots; then `done`'s address,
; for the fuzzer to read.  START (written by -device loader when a run
; resumes) is the slot to begin with.

    .equ START,       0x0F000000
    .equ CUR,         0x0F000008
    .equ UART_THR,    0x10000000
    .equ EXIT_DEV,    0x10001000
    .equ HARNESS,     0x0E000000
    .equ PARAMS,      HARNESS + 0x1000
    .equ WATCHDOG_NS, 5000000

    .text
    .globl _start
_start:
    hl.liu handler, ->x0
    bstart.sys fall
    ssrset x0, 0xf01                ; EVBASE of ring 0
    bstop
    hl.liu START, ->x0
    ldi [x0, 0], ->x1
    hl.liu CUR, ->x0
    sdi x1, [x0, 0]
    .word 0x00000003                ; trap: the handler starts slot START

handler:
    bstart.sys fall
    hl.liu CUR, ->x0
    ldi [x0, 0], ->x1               ; x1 = the slot to run
    addi x1, 1, ->x2
    sdi x2, [x0, 0]
    hl.liu UART_THR, ->x2
    sbi x1, [x2, 0]
    srli x1, 8, ->x3
    sbi x3, [x2, 0]                 ; progress: the slot's number
    hl.liu PARAMS, ->x0
    ldi [x0, 0], ->x2
    add x2, x1<<3, ->x2
    ldi [x2, 0], ->x2
    ssrset x2, 0xf43                ; EBARG_TPC <- the slot
    ldi [x0, 8], ->x2
    add x2, x1<<8, ->x2             ; its register image
    ldi [x2, 8], ->r1
    ldi [x2, 16], ->r2
    ldi [x2, 24], ->r3
    ldi [x2, 32], ->r4
    ldi [x2, 40], ->r5
    ldi [x2, 48], ->r6
    ldi [x2, 56], ->r7
    ldi [x2, 64], ->r8
    ldi [x2, 72], ->r9
    ldi [x2, 80], ->r10
    ldi [x2, 88], ->r11
    ldi [x2, 96], ->r12
    ldi [x2, 104], ->r13
    ldi [x2, 112], ->r14
    ldi [x2, 120], ->r15
    ldi [x2, 128], ->r16
    ldi [x2, 136], ->r17
    ldi [x2, 144], ->r18
    ldi [x2, 152], ->r19
    c.movi 1, ->x0
    ssrset x0, 0xf0a                ; EOIEI: ring 0's timer served
    ssrget 0x010, ->x0
    hl.liu WATCHDOG_NS, ->x1
    add x0, x1, ->x0
    ssrset x0, 0xf21                ; the watchdog: TIMECMP <- TIME + budget
    hl.liu 0x10, ->x0
    ssrset x0, 0xf40                ; EBARG0: ring 0, VALID, no block
    ldi [x2, 160], ->x0             ; the slot's x0..x3 too: nothing of the
    ldi [x2, 168], ->x1             ; harness is left in a register
    ldi [x2, 184], ->x3
    ldi [x2, 176], ->x2
    acre 0

done:
    hl.liu EXIT_DEV, ->x0
    hl.liu 0x5555, ->x1
    swi x1, [x0, 0]
    j done

    .org PARAMS
params:
    .dword 0, 0, 0, done
