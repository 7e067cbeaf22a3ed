; SPDX-License-Identifier: GPL-2.0-or-later
;
; fib: recursive Fibonacci of FIB_N, FIB_REPS times; the check is the sum
; of the results.  The shape gcc -O2 gives bench/riscv/fib.c: fib(n) for
; n >= 2 is a loop of calls fib(m - 1) for m = n, n - 2, ... while m >= 2,
; plus m & 1 at the end (the second recursive call became that loop).
; Every call is a CALL block (BSTART.CALL sets ra and the return address);
; a leaf returns through a RET block, a caller, whose return address its
; own calls replaced, restores ra from its frame and returns through an
; IND block (SETC.TGT ra).
    .include "bench.inc"
    .equ STACK, 0x200000

    .text
    .globl _start
_start:
    bstart.std fall
    hl.liu STACK, ->sp
    hl.liu FIB_REPS, ->s4           ; s4 = repetitions
    addi zero, 0, ->s5              ; s5 = sum
    addi zero, 0, ->s6              ; s6 = repetition
    bstop
rep:
    bstart.call fib, rep_back, ->ra
    hl.liu FIB_N, ->a0
    bstop
rep_back:
    bstart.std cond, rep
    add s5, a0, ->s5
    addi s6, 1, ->s6
    setc.ne s6, s4
    bstop
    bench_check s5, FIB_EXPECT, 1
    bench_end

; a0 = n -> a0 = fib(n); s0, s1 and the stack below sp are the callee's
fib:
    bstart.std cond, fib_leaf       ; n < 2: fib(n) = n
    setc.ltui a0, 2
    c.bstop
    bstart.std fall                 ; the frame: ra, s0, s1
    subi sp, 24, ->sp
    sdi ra, [sp, 0]
    sdi s0, [sp, 8]
    sdi s1, [sp, 16]
    add a0, zero, ->s0              ; s0 = m = n
    addi zero, 0, ->s1              ; s1 = sum of the calls
    bstop
fib_loop:
    bstart.call fib, fib_back, ->ra
    subi s0, 1, ->a0                ; fib(m - 1)
    c.bstop
fib_back:
    bstart.std cond, fib_loop
    add s1, a0, ->s1
    subi s0, 2, ->s0
    setc.geui s0, 2
    c.bstop
    bstart.std fall                 ; fib(n) = sum + (m = n & 1)
    add s1, s0, ->a0
    ldi [sp, 0], ->ra
    ldi [sp, 8], ->s0
    ldi [sp, 16], ->s1
    addi sp, 24, ->sp
    setc.tgt ra
    bstart.std ind                  ; continues at ra
    c.bstop
fib_leaf:
    bstart.std ret
    c.bstop
