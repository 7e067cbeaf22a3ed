; SPDX-License-Identifier: GPL-2.0-or-later
;
; crc32: bitwise CRC-32 (reflected, polynomial 0xEDB88320, as zlib) over a
; CRC_N-byte buffer, CRC_REPS times in a row (the CRC of the buffer repeated
; CRC_REPS times).  buf[i] = (i + (i >> 8)) & 0xff.  One COND block per
; byte, its eight bit steps written out:
;     m = -(crc & 1); crc = (crc >> 1) ^ (POLY & m)
; crc stays below 2^32, so 64-bit shifts and xors give the 32-bit CRC.
    .include "bench.inc"
    .equ BUF, 0x100000

    .macro bitstep
    andi a0, 1, ->a4                ; a4 = crc & 1
    sub zero, a4, ->a4              ; a4 = 0 or all ones
    and a4, s3, ->a4                ; a4 = POLY or 0
    srli a0, 1, ->a0
    xor a0, a4, ->a0
    .endm

    .text
    .globl _start
_start:
    bstart.std fall
    hl.liu BUF, ->s0                ; s0 = buf
    hl.liu CRC_N, ->s1              ; s1 = N
    hl.liu CRC_REPS, ->s2           ; s2 = repetitions
    hl.liu 0xEDB88320, ->s3         ; s3 = POLY
    addi zero, 0, ->a1              ; a1 = i
    bstop

fill:                               ; buf[i] = i + (i >> 8)  (low byte)
    bstart.std cond, fill
    srli a1, 8, ->a2
    add a1, a2, ->a2
    sb a2, [s0, a1]
    addi a1, 1, ->a1
    setc.ne a1, s1
    c.bstop

    bstart.std fall
    hl.liu 0xffffffff, ->a0         ; a0 = crc
    addi zero, 0, ->a3              ; a3 = repetition
    bstop
rep:
    bstart.std fall
    addi zero, 0, ->a1              ; a1 = i
    bstop
byte:
    bstart.std cond, byte
    lbu [s0, a1], ->a2
    xor a0, a2, ->a0
    bitstep
    bitstep
    bitstep
    bitstep
    bitstep
    bitstep
    bitstep
    bitstep
    addi a1, 1, ->a1
    setc.ne a1, s1
    c.bstop
    bstart.std cond, rep
    addi a3, 1, ->a3
    setc.ne a3, s2
    c.bstop

    hl.liu 0xffffffff, ->a2
    xor a0, a2, ->a0                ; final inversion
    bench_check a0, CRC_EXPECT, 1
    bench_end
