; SPDX-License-Identifier: GPL-2.0-or-later
; Instruction fetch (docs/traps.md): only RAM is executable.  Running into
; a device (the UART at 0x1000_0000, the exit device at 0x1000_1000) or an
; unassigned address is Fault_InstructionPage (trap 33) at that address:
; TRAPARG0 and EBARG_TPC are the address fetched, and no device register
; is read as an instruction (the exit device would end the run).  A
; C.BSTART DIRECT in the last parcel of a page still forms the fused
; BSTART.CALL pair with a C.SETRET on the next page when that page is RAM.
; (The last parcel of RAM itself is a boot test: tests/qemu/boot-test.py.)
; The handler records TRAPNO -> s5, TRAPARG0 -> s6, EBARG_TPC -> s7,
; EBARG0 -> s8 and returns to a7.
    .include "../testlib.inc"
    .text
    .globl _start
; JR to ADDR: trap 33 with TRAPARG0 = EBARG_TPC = ADDR, outside any block
    .macro fetch_faults addr
    hl.liu back\@, ->a7
    hl.liu \addr, ->a2
    jr a2, 0
back\@:
    check_eq s5, 33 | ARGV
    check_eq s6, \addr
    check_eq s7, \addr
    check_eq s8, 0x10               ; EBARG0: ring 0, VALID, no block
    .endm

_start:
    set_evbase handler

    case 1                          ; JR into the UART's registers
    fetch_faults 0x10000000
    case 2                          ; into the exit device: no exit, a trap
    fetch_faults 0x10001000
    case 3                          ; to an unassigned address
    fetch_faults 0x20000000

    case 4                          ; BSTART.CALL split across two RAM pages
    c.movi 7, ->a1
    hl.liu back4, ->a7
    j pair

handler:
    bstart.sys fall
    ssrget SR_TRAPNO, ->s5
    ssrget SR_TRAPARG0, ->s6
    ssrget SR_EBARG_TPC, ->s7
    ssrget SR_EBARG0, ->s8
    ssrset a7, SR_EBARG_TPC
    acre 0

back4:
    j testlib_fail

    .org 0x1ffc
pair:
    c.movi 0, ->s5
    bstart.call callee_inc, pair_ret, ->ra  ; C.BSTART at 0x1ffe, C.SETRET at 0x2000
    bstop
pair_ret:
    check_eq a1, 8
    hl.liu pair_ret, ->a2
    check_same ra, a2
    check_eq s5, 0                  ; no trap on the way
    test_end

callee_inc:                         ; a1 += 1, then return
    addi a1, 1, ->a1
    bstart.std ret
    bstop
