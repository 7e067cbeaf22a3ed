; SPDX-License-Identifier: GPL-2.0-or-later
; The templates MSET, MCOPY, FENTRY, FEXIT, FRET.RA and FRET.STK
; (PTO-BLOCK-MODEL-COMMIT-EFFECTS, PTO-BLOCK-MODEL-LIFECYCLE-LIFETIME):
; results, operand rejection before effects, faults precise to the
; current memory step, and restart from the trap-preserved progress.
; RAM is 64 MiB here, so [RAM_END, ...) answers nothing (Fault_DataPage).
; The frame templates use R2 (`a0` in our register names) as their stack
; pointer: PTO_FRAME_SP_INDEX = 2 in the ASL.
; qemu-args: -m 64M
    .include "../testlib.inc"
    .include "trap-handler.inc"
    .equ RAM_END, 0x4000000
    .text
    .globl _start
_start:
    install_handler

    case 1                          ; MSET 5 bytes of value[7:0] at buf + 1
    hl.liu buf, ->a1
    sdi zero, [a1, 0]
    addi a1, 1, ->a2
    hl.liu 0x1ab, ->a3
    c.movi 5, ->s0
    mset [a2, a3, s0]
    ldi [a1, 0], ->s2
    check_eq s2, 0x0000ababababab00

    case 2                          ; MSET longer than 63 bytes: trap 4, nothing written
    expect_trap 4
    hl.liu 64, ->s0
f2: mset [a1, zero, s0]
    check_eq s5, 4 | ARGV
    hl.liu f2, ->s2
    check_same s6, s2
    ldi [a1, 0], ->s2
    check_eq s2, 0x0000ababababab00

    case 3                          ; MSET of 0 bytes touches no memory
    expect_trap 4
    hl.liu 0x8000000, ->a2
    mset [a2, a3, zero]
    check_eq s1, 0

    case 4                          ; MSET across the end of RAM: trap 35 at the start, no byte written
    hl.liu RAM_END - 8, ->s2
    li64 0x1122334455667788
    sdi x3, [s2, 0]
    hl.liu RAM_END - 4, ->a2
    c.movi 8, ->s0
    expect_trap 4
f4: mset [a2, a3, s0]
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END - 4
    ldi [s2, 0], ->s0
    check_eq s0, 0x1122334455667788

    case 5                          ; MCOPY 15 bytes (steps 8, 4, 2, 1)
    hl.liu src16, ->a1
    hl.liu buf2, ->a2
    sdi zero, [a2, 0]
    sdi zero, [a2, 8]
    c.movi 15, ->s0
    mcopy [a2, a1, s0]
    ldi [a2, 0], ->s2
    check_eq s2, 0x0807060504030201
    ldi [a2, 8], ->s2
    check_eq s2, 0x000f0e0d0c0b0a09

    case 6                          ; MCOPY rejects overlap and wrapping ranges before effects
    expect_trap 4
    addi a2, 1, ->a3
f6a: mcopy [a3, a2, s0]             ; dst = src + 1, 15 bytes
    check_eq s5, 4 | ARGV
    hl.liu f6a, ->s2
    check_same s6, s2
    ldi [a2, 0], ->s2
    check_eq s2, 0x0807060504030201
    expect_trap 4
    li64 0xfffffffffffffff8
    c.movi 8, ->s0
f6b: mcopy [a2, x3, s0]             ; the source wraps: [2^64 - 8, 2^64) ends at 0
    hl.liu f6b, ->s2
    check_same s6, s2
    expect_trap 4
    mcopy [a2, a2, zero]            ; zero length: no overlap, no effect
    check_eq s1, 0

    case 7                          ; MCOPY stopped by a data fault, resumed, not repeated
    ; 16 bytes to RAM_END - 8: step 1 (8 bytes) copies, step 2 faults at
    ; RAM_END.  On its first entry the handler rewrites step 1's source and
    ; returns to the MCOPY; the resumed template must not copy step 1 again.
    ; The second entry skips the MCOPY.
    hl.liu msrc, ->a1
    li64 0xaaaaaaaaaaaaaaaa
    sdi x3, [a1, 0]
    li64 0xbbbbbbbbbbbbbbbb
    sdi x3, [a1, 8]
    hl.liu RAM_END - 8, ->a2
    sdi zero, [a2, 0]
    hl.liu 16, ->s0
    expect_trap 4
    li64 0xcccccccccccccccc
    or x3, zero, ->a5               ; the hook: [msrc] <- 0xcc..
    or a1, zero, ->a4
    c.movi 2, ->a7                  ; skip on the second entry
f7: mcopy [a2, a1, s0]
    check_eq s1, 2
    check_eq s5, 35 | ARGV
    check_eq s6, RAM_END
    hl.liu f7, ->s2
    check_same s7, s2
    ldi [a2, 0], ->s2
    check_eq s2, 0xaaaaaaaaaaaaaaaa
    ldi [a1, 0], ->s2
    check_eq s2, 0xcccccccccccccccc
    hl.liu scratch, ->a4
    c.movi 0, ->a7

    case 8                          ; another MCOPY while that one is pending: trap 4, no effect
    expect_trap 4
    hl.liu buf2, ->a2
f8: mcopy [a2, a1, s0]
    check_eq s5, 4 | ARGV
    hl.liu f8, ->s2
    check_same s6, s2
    ldi [a2, 0], ->s2
    check_eq s2, 0x0807060504030201

    case 9                          ; FENTRY [a1 ~ a3]: sp -= 32, stores below the caller sp
    hl.liu stk_top, ->a0
    c.movi 11, ->a1
    c.movi 12, ->a2
    c.movi 13, ->a3
    fentry [a1 ~ a3], sp!, 32
    hl.liu stk_top - 32, ->s2
    check_same a0, s2
    ldi [s2, 24], ->s0
    check_eq s0, 11
    ldi [s2, 16], ->s0
    check_eq s0, 12
    ldi [s2, 8], ->s0
    check_eq s0, 13

    case 10                         ; FEXIT [a1 ~ a3]: sp += 32, loads the same slots
    c.movi 0, ->a1
    c.movi 0, ->a2
    c.movi 0, ->a3
    fexit [a1 ~ a3], sp!, 32
    hl.liu stk_top, ->s2
    check_same a0, s2
    check_eq a1, 11
    check_eq a2, 12
    check_eq a3, 13

    case 11                         ; FENTRY saves the sp register itself before adjusting it
    fentry [a0 ~ a1], sp!, 16
    hl.liu stk_top - 16, ->s2
    check_same a0, s2
    ldi [s2, 8], ->s0
    hl.liu stk_top, ->s2
    check_same s0, s2
    hl.liu stk_top, ->a0

    case 12                         ; operand rejection: trap 4 before sp or memory effects
    expect_trap 4
f12a: fentry [a1 ~ a3], sp!, 16     ; 3 registers need 24 bytes
    hl.liu f12a, ->s2
    check_same s6, s2
    hl.liu stk_top, ->s2
    check_same a0, s2
    expect_trap 4
f12b: .word 0x0851b041               ; fret.stk [a1 ~ a3], sp!, 32: must begin at ra
    hl.liu f12b, ->s2
    check_same s6, s2
    check_eq s5, 4 | ARGV
    hl.liu stk_top, ->s2
    check_same a0, s2

    case 13                         ; FEXIT [ra ~ ra] also sets the hidden return address
    hl.liu stk_top - 8, ->a0
    hl.liu c13_back, ->s2
    sdi s2, [a0, 0]
    fexit [ra ~ ra], sp!, 8
    bstart.std ret
    bstop
    j testlib_fail
c13_back:
    hl.liu stk_top, ->s2
    check_same a0, s2

    case 14                         ; FRET.RA: restore, then continue at the return address
    setret c14_back, ->ra
    hl.liu stk_top - 8, ->a0
    hl.liu 0x77, ->s2
    sdi s2, [a0, 0]
    fret.ra [s0 ~ s0], sp!, 8
    j testlib_fail
c14_back:
    check_eq s0, 0x77
    hl.liu stk_top, ->s2
    check_same a0, s2

    case 15                         ; FRET.STK: odd slot 0 faults; fixed by the handler, it resumes
    ; slot 0 (stk_top - 8) holds 0x3001, slot 1 (stk_top - 16) 0x5555.
    ; The handler writes c15_back to slot 0 and returns to the FRET.STK,
    ; which must not add the frame size to sp a second time.
    hl.liu stk_top - 16, ->a0
    hl.liu 0x3001, ->s2
    sdi s2, [a0, 8]
    hl.liu 0x5555, ->s2
    sdi s2, [a0, 0]
    hl.liu stk_top - 8, ->a4
    hl.liu c15_back, ->a5
    hl.liu 99, ->a7                 ; never skip
    expect_trap 0
f15: fret.stk [ra ~ s0], sp!, 16
    j testlib_fail
c15_back:
    check_eq s1, 1
    check_eq s5, 32 | ARGV
    check_eq s6, 0x3001
    hl.liu f15, ->s2
    check_same s7, s2
    hl.liu stk_top, ->s2
    check_same a0, s2
    hl.liu c15_back, ->s2
    check_same ra, s2
    check_eq s0, 0x5555
    hl.liu scratch, ->a4
    c.movi 0, ->a7

    case 16                         ; FEXIT faulting on its third load: precise to that step
    ; caller sp = 16: loads [8] -> a1, [0] -> a2, then [-8] faults.
    ldi [zero, 8], ->s0
    ldi [zero, 0], ->s2
    hl.liu 0x1234, ->a3
    li64 0xfffffffffffffff8
    or x3, zero, ->a0               ; sp = 16 - 24
    c.movi 0, ->a1
    c.movi 0, ->a2
    expect_trap 4
f16: fexit [a1 ~ a3], sp!, 24
    check_eq s5, 35 | ARGV
    check_eq s6, 0xfffffffffffffff8
    check_eq a0, 16                 ; the sp adjustment is restart-visible
    check_same a1, s0
    check_same a2, s2
    check_eq a3, 0x1234             ; the faulting step wrote nothing

    case 17                         ; a different frame template while that one is pending: trap 4
    expect_trap 4
    hl.liu stk_top, ->a0
f17: fentry [a1 ~ a1], sp!, 8
    check_eq s5, 4 | ARGV
    hl.liu f17, ->s2
    check_same s6, s2
    hl.liu stk_top, ->s2
    check_same a0, s2

    test_end

    trap_handler_body

    .data
    .p2align 3
scratch:
    .dword 0
buf:
    .dword 0
buf2:
    .dword 0, 0
src16:
    .byte 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
msrc:
    .dword 0, 0
stk:
    .dword 0, 0, 0, 0, 0, 0, 0, 0
stk_top:
    .dword 0
