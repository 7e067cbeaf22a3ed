; SPDX-License-Identifier: GPL-2.0-or-later
;
; memcpy: copy MEMCPY_WORDS 8-byte words from src to dst, MEMCPY_REPS
; times, four loads then four stores per loop iteration (one COND block).
; src[k] = (k + 1) * 0x9E3779B97F4A7C15 (built by addition).  The checks:
; dst == src word by word, and the 64-bit wrapping sum of dst.
    .include "bench.inc"
    .equ SRC, 0x100000
    .equ DST, 0x100000 + MEMCPY_WORDS * 8

    .text
    .globl _start
_start:
    bstart.std fall
    hl.liu SRC, ->s0                ; s0 = src
    hl.liu DST, ->s1                ; s1 = dst
    hl.liu MEMCPY_WORDS * 8, ->s2   ; s2 = bytes
    add s0, s2, ->s4                ; s4 = src end
    hl.liu MEMCPY_REPS, ->s3        ; s3 = repetitions
    bench_li64 0x9E3779B97F4A7C15
    add zero, x3, ->s5              ; s5 = step
    addi zero, 0, ->a0              ; a0 = v
    add zero, s0, ->a1              ; a1 = p
    bstop
fill:
    bstart.std cond, fill
    add a0, s5, ->a0
    sdi a0, [a1, 0]
    addi a1, 8, ->a1
    setc.ne a1, s4
    c.bstop

    bstart.std fall
    addi zero, 0, ->a7              ; a7 = repetition
    bstop
rep:
    bstart.std fall
    add zero, s0, ->a1              ; a1 = p
    add zero, s1, ->a2              ; a2 = q
    bstop
copy:
    bstart.std cond, copy
    ldi [a1, 0], ->a3
    ldi [a1, 8], ->a4
    ldi [a1, 16], ->a5
    ldi [a1, 24], ->a6
    sdi a3, [a2, 0]
    sdi a4, [a2, 8]
    sdi a5, [a2, 16]
    sdi a6, [a2, 24]
    addi a1, 32, ->a1
    addi a2, 32, ->a2
    setc.ne a1, s4
    c.bstop
    bstart.std cond, rep
    addi a7, 1, ->a7
    setc.ne a7, s3
    c.bstop

    bstart.std fall
    add zero, s0, ->a1              ; a1 = p
    add zero, s1, ->a2              ; a2 = q
    addi zero, 0, ->a0              ; a0 = sum
    hl.liu 2, ->x0                  ; status 2: dst != src
    bstop
verify:
    bstart.std cond, bench_fail     ; a differing word: fail
    ldi [a1, 0], ->a3
    ldi [a2, 0], ->a4
    add a0, a4, ->a0
    addi a1, 8, ->a1
    addi a2, 8, ->a2
    setc.ne a3, a4
    bstop
    bstart.std cond, verify
    setc.ne a1, s4
    c.bstop

    bench_check a0, MEMCPY_EXPECT, 1
    bench_end
