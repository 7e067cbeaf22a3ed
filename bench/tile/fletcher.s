; SPDX-License-Identifier: GPL-2.0-or-later
;
; fletcher: Fletcher-style running sums over FLETCHER_N 32-bit words,
; FLETCHER_REPS passes: for each word w, a += w, b += a (64-bit, no
; modulus); buf[i] = i * 0x9E3779B1 (mod 2^32); the check is b ^ a.  The
; word loop is compressed instructions only: C.LWI and the C.* ALU forms
; push their results to T, and a and b live in the U queue (each word
; pushes the new a, then the new b, so U#1 = b and U#2 = a at the top of
; every iteration).
    .include "bench.inc"
    .equ BUF, 0x100000

    .text
    .globl _start
_start:
    bstart.std fall
    hl.liu BUF, ->s0                ; s0 = buf
    hl.liu FLETCHER_N * 4, ->s1
    add s0, s1, ->s1                ; s1 = end
    hl.liu FLETCHER_REPS, ->s2      ; s2 = passes
    hl.liu 0x9E3779B1, ->s3
    addi zero, 0, ->a1              ; a1 = i
    add s0, zero, ->a0              ; a0 = p
    bstop

fill:                               ; buf[i] = i * 0x9E3779B1
    bstart.std cond, fill
    mul a1, s3, ->a2
    swi a2, [a0, 0]
    addi a1, 1, ->a1
    addi a0, 4, ->a0
    setc.ne a0, s1
    c.bstop

    bstart.std fall
    c.movi 0, ->u                   ; a = 0
    c.movi 0, ->u                   ; b = 0: U#1 = b, U#2 = a
    addi zero, 0, ->s4              ; s4 = pass
    bstop
pass:
    bstart.std fall
    add s0, zero, ->a0              ; a0 = p
    bstop
word:
    c.bstart cond, word
    c.lwi [a0, 0], ->t              ; T#1 = w (sign-extended)
    c.zext.w t#1, ->t               ; T#1 = w
    c.add t#1, u#2, ->t             ; T#1 = a + w
    c.add t#1, u#1, ->t             ; T#1 = b + a + w, T#2 = a + w
    c.movr t#2, ->u                 ; U: a'
    c.movr t#1, ->u                 ; U: b', a'
    c.addi a0, 4, ->t               ; T#1 = p + 4
    c.movr t#1, ->a0
    c.setc.ne a0, s1
    c.bstop
    bstart.std cond, pass
    addi s4, 1, ->s4
    setc.ne s4, s2
    c.bstop

    xor u#1, u#2, ->a2              ; b ^ a
    bench_check a2, FLETCHER_EXPECT, 1
    bench_end
