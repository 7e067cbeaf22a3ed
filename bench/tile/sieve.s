; SPDX-License-Identifier: GPL-2.0-or-later
;
; sieve: sieve of Eratosthenes over SIEVE_N byte flags, SIEVE_REPS times:
; clear the flags (8-byte stores), cross out the multiples of every prime
; p with p * p < N starting at p * p, then count the crossed-out numbers
; in 2..N-1 (N - 2 minus the primes below N).  The check is that count
; summed over the repetitions.
    .include "bench.inc"
    .equ FLAGS, 0x100000

    .text
    .globl _start
_start:
    bstart.std fall
    hl.liu FLAGS, ->s0              ; s0 = flags
    hl.liu SIEVE_N, ->s1            ; s1 = N
    hl.liu SIEVE_REPS, ->s2         ; s2 = repetitions
    hl.liu SIEVE_N / 8, ->s4        ; s4 = N / 8
    addi zero, 1, ->a6              ; a6 = 1
    addi zero, 0, ->s3              ; s3 = total count
    addi zero, 0, ->a7              ; a7 = repetition
    bstop
rep:
    bstart.std fall
    addi zero, 0, ->a1              ; a1 = k
    bstop
clear:                              ; 64-bit word k = 0
    bstart.std cond, clear
    sd zero, [s0, a1<<3]
    addi a1, 1, ->a1
    setc.ne a1, s4
    c.bstop

    bstart.std fall
    addi zero, 2, ->a1              ; a1 = i = 2
    addi zero, 4, ->a2              ; a2 = i * i
    bstop
outer:                              ; crossed out already: next i
    bstart.std cond, next_i
    lbu [s0, a1], ->a3
    add zero, a2, ->a4              ; a4 = j = i * i
    setc.ne a3, zero
    bstop
mark:                               ; flags[j] = 1 for j = i*i, i*i + i, ... < N
    bstart.std cond, mark
    sb a6, [s0, a4]
    add a4, a1, ->a4
    setc.ltu a4, s1
    c.bstop
next_i:
    bstart.std cond, outer
    addi a1, 1, ->a1
    mul a1, a1, ->a2
    setc.ltu a2, s1
    c.bstop

    bstart.std fall
    addi zero, 2, ->a1              ; a1 = i = 2
    bstop
count:                              ; total += flags[i] for 2 <= i < N
    bstart.std cond, count
    lbu [s0, a1], ->a3
    add s3, a3, ->s3
    addi a1, 1, ->a1
    setc.ne a1, s1
    c.bstop

    bstart.std cond, rep
    addi a7, 1, ->a7
    setc.ne a7, s2
    c.bstop

    bench_check s3, SIEVE_EXPECT, 1
    bench_end
