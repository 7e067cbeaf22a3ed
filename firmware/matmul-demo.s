; SPDX-License-Identifier: GPL-2.0-or-later
;
; matmul-demo.s: one cooperative TMATMUL on the four PEs of a Core
; (ADR 0097), checked against a scalar reference the firmware computes
; itself.  `make demo` boots it:
;
;   build/tile-as -o matmul-demo.elf firmware/matmul-demo.s
;   build/qemu-system-tile -M virt -nographic -kernel matmul-demo.elf
;
; 1. Fill A (32 x 16, S8) and B (16 x 8, S8) with
;    A[r][k] = ((7r + 5k) & 31) - 16 and B[k][n] = ((7k + 3n) & 15) - 8.
; 2. TLOAD A into Shared S1 and B into Shared S2 (each PE loads its
;    quarter of the rows).
; 3. TMATMUL S8 -> S32 with LB0/LB1/LB2 = M/N/K = 8/8/16 per PE: PE i
;    multiplies rows [8i, 8i + 8) of A by B into its own Local D.
; 4. Gather: PE i stores its D (CUBE M16 -> row-major) to its own private
;    buffer, loads a 32 x 8 row-major tile whose rows 8i..8i+7 are that
;    buffer, TMOV.L2S.INSERT puts quarter i of every PE's tile into
;    Shared S3, and a TSTORE from S3 writes the whole 32 x 8 result.
; 5. Compare every element with the scalar sum over k of A[r][k] * B[k][n],
;    print each PE's slice checksum (the 32-bit sum of its 64 results,
;    each times its row number + 1)
;    and PASS, and power off with status 0 (FAIL and status 1 otherwise).

    .equ UART,      0x10000000
    .equ EXIT_DEV,  0x10001000
    .equ WIN,       0x10020000      ; tile-core window of Core 0
    .equ M, 8
    .equ N, 8
    .equ K, 16
    .equ ROWS, 32                   ; 4 * M

    .macro putc ch
    hl.liu \ch, ->x3
    sbi x3, [x2, 0]
    .endm

; PE1..PE3's a0 <- a0 + p * STEP and a1 <- a1 (PE0's are the scalar ones)
    .macro banks step
    sdi a1, [s8, 0x200 + 3 * 8]
    sdi a1, [s8, 0x300 + 3 * 8]
    sdi a1, [s8, 0x400 + 3 * 8]
    addi a0, \step, ->x0
    sdi x0, [s8, 0x200 + 2 * 8]
    addi x0, \step, ->x0
    sdi x0, [s8, 0x300 + 2 * 8]
    addi x0, \step, ->x0
    sdi x0, [s8, 0x400 + 2 * 8]
    .endm

    .text
    .globl _start
_start:
    hl.liu UART, ->x2
    hl.liu WIN, ->s8

    ; ---- 1. A and B ----
    hl.liu amat, ->a2
    c.movi 0, ->s0                  ; r
fill_a_row:
    c.movi 0, ->s1                  ; k
fill_a:
    bstart.std cond, fill_a
    slli s0, 3, ->a3
    sub a3, s0, ->a3                ; 7r
    slli s1, 2, ->a4
    add a4, s1, ->a4                ; 5k
    add a3, a4, ->a3
    andi a3, 31, ->a3
    subi a3, 16, ->a3
    sbi a3, [a2, 0]
    addi a2, 1, ->a2
    addi s1, 1, ->s1
    cmp.ltui s1, K, ->a5
    setc.ne a5, zero
    bstop
    bstart.std cond, fill_a_row
    addi s0, 1, ->s0
    cmp.ltui s0, ROWS, ->a5
    setc.ne a5, zero
    bstop

    hl.liu bmat, ->a2
    c.movi 0, ->s1                  ; k
fill_b_row:
    c.movi 0, ->s2                  ; n
fill_b:
    bstart.std cond, fill_b
    slli s1, 3, ->a3
    sub a3, s1, ->a3                ; 7k
    slli s2, 1, ->a4
    add a4, s2, ->a4                ; 3n
    add a3, a4, ->a3
    andi a3, 15, ->a3
    subi a3, 8, ->a3
    sbi a3, [a2, 0]
    addi a2, 1, ->a2
    addi s2, 1, ->s2
    cmp.ltui s2, N, ->a5
    setc.ne a5, zero
    bstop
    bstart.std cond, fill_b_row
    addi s1, 1, ->s1
    cmp.ltui s1, K, ->a5
    setc.ne a5, zero
    bstop

    ; ---- 2. Shared A (S1, 512 B) and Shared B (S2, 128 B) ----
    hl.liu amat, ->a0
    hl.liu K, ->a1                  ; row stride: 16 bytes
    banks 0
    bstart.tload s8
    b.ios mask=1111, ->s1<0011>
    b.ior a0, a1, zero, ->zero
    b.dim zero, K, ->lb0
    b.dim zero, ROWS, ->lb1
    bstop
    hl.liu bmat, ->a0
    hl.liu N, ->a1
    banks 0
    bstart.tload s8
    b.ios mask=1111, ->s2<0001>
    b.ior a0, a1, zero, ->zero
    b.dim zero, N, ->lb0
    b.dim zero, K, ->lb1
    bstop

    ; ---- 3. the cooperative TMATMUL: D (8 x 8 S32, CUBE M16, 512 B) per PE ----
    bstart.tmatmul s8
    b.fpatr prequant=0, relu=0, groupn=0, func=2, opc1=2, opcode=1, w=1
    b.ios s1, mask=1111
    b.ios s2, mask=1111
    b.iot mask=1111, last, ->m<0011>
    b.dim zero, M, ->lb0
    b.dim zero, N, ->lb1
    b.dim zero, K, ->lb2
    bstop

    ; ---- 4. gather through Shared S3 ----
    hl.liu priv, ->a0               ; PE i: priv + i * 1024, rows of 32 bytes
    hl.liu 32, ->a1
    banks 1024
    bstart.tstore s32
    b.datr layout=25, datatype=31, pad=0, cmode=0, rmode=0
    b.iot m#1, mask=1111, last
    b.ior a0, a1, zero, ->zero
    b.dim zero, N, ->lb0
    b.dim zero, M, ->lb1
    bstop
    ; PE i's row r of a 32 x 8 tile at priv + i * 768 + 32 r: rows 8i..8i+7
    ; are its own buffer, priv + 1024 i + 32 (r - 8i)
    hl.liu priv, ->a0
    banks 768
    bstart.tload s32
    b.iot mask=1111, last, ->t<0100>
    b.ior a0, a1, zero, ->zero
    b.dim zero, N, ->lb0
    b.dim zero, ROWS, ->lb1
    bstop
    bstart.tmov.l2s.insert s32      ; quarter i (rows 8i..8i+7) of PE i's tile
    b.iot t#1, mask=1111, last
    b.ios mask=1111, ->s3<0100>
    bstop
    hl.liu result, ->a0
    banks 0
    bstart.tstore s32
    b.ios s3, mask=1111
    b.ior a0, a1, zero, ->zero
    b.dim zero, N, ->lb0
    b.dim zero, ROWS, ->lb1
    bstop

    ; ---- 5. the scalar reference, and a checksum per PE slice ----
    hl.liu result, ->a6             ; next result element
    hl.liu sums, ->a7
    c.movi 0, ->s0                  ; r
ref_row:
    c.movi 0, ->s2                  ; n
ref_col:
    c.movi 0, ->s3                  ; the sum
    c.movi 0, ->s1                  ; k
    hl.liu amat, ->a2
    slli s0, 4, ->a3
    add a2, a3, ->a2                ; &A[r][0]
    hl.liu bmat, ->a4
    add a4, s2, ->a4                ; &B[0][n]
ref_k:
    bstart.std cond, ref_k
    lbi [a2, 0], ->a3
    lbi [a4, 0], ->a5
    mul a3, a5, ->a3
    add s3, a3, ->s3
    addi a2, 1, ->a2
    addi a4, N, ->a4
    addi s1, 1, ->s1
    cmp.ltui s1, K, ->a5
    setc.ne a5, zero
    bstop
    lwi [a6, 0], ->a3               ; the TMATMUL's S32 (sign-extended)
    sllw s3, zero, ->s3             ; the reference as S32, sign-extended
    bstart.std cond, fail
    setc.ne a3, s3
    bstop
    srli s0, 3, ->a3                ; the PE whose slice holds row r
    slli a3, 2, ->a3
    add a7, a3, ->a3
    lwui [a3, 0], ->a4
    addi s0, 1, ->a5
    mul s3, a5, ->a5                ; result * (r + 1)
    add a4, a5, ->a4
    swi a4, [a3, 0]
    addi a6, 4, ->a6
    bstart.std cond, ref_col
    addi s2, 1, ->s2
    cmp.ltui s2, N, ->a5
    setc.ne a5, zero
    bstop
    bstart.std cond, ref_row
    addi s0, 1, ->s0
    cmp.ltui s0, ROWS, ->a5
    setc.ne a5, zero
    bstop

    ; "PEi slice checksum 0x........" for i = 0..3
    c.movi 0, ->s0
print_pe:
    putc 'P'
    putc 'E'
    addi s0, '0', ->x3
    sbi x3, [x2, 0]
    hl.liu msg_sum, ->a2
    lbui [a2, 0], ->a3
puts:
    bstart.std cond, puts
    sbi a3, [x2, 0]
    addi a2, 1, ->a2
    lbui [a2, 0], ->a3
    setc.ne a3, zero
    bstop
    slli s0, 2, ->a3
    add a7, a3, ->a3
    lwui [a3, 0], ->s3
    hl.liu 28, ->s1                 ; shift of the next hex digit
hex:
    bstart.std cond, hex
    srl s3, s1, ->a3
    andi a3, 15, ->a3
    cmp.ltui a3, 10, ->a4           ; 1: a decimal digit
    hl.liu 39, ->a5
    mul a4, a5, ->a4
    sub a5, a4, ->a5                ; 0 for 0..9, 39 for a..f
    add a3, a5, ->a3
    addi a3, '0', ->a3
    sbi a3, [x2, 0]
    subi s1, 4, ->s1
    cmp.lti s1, 0, ->a4
    setc.eq a4, zero
    bstop
    putc 10
    bstart.std cond, print_pe
    addi s0, 1, ->s0
    cmp.ltui s0, 4, ->a5
    setc.ne a5, zero
    bstop
    putc 'P'
    putc 'A'
    putc 'S'
    putc 'S'
    putc 10
    hl.liu EXIT_DEV, ->a0
    hl.liu 0x5555, ->a1
    swi a1, [a0, 0]
halt:
    j halt

fail:
    putc 'F'
    putc 'A'
    putc 'I'
    putc 'L'
    putc 10
    hl.liu EXIT_DEV, ->a0
    hl.liu 0x13333, ->a1            ; exit status 1
    swi a1, [a0, 0]
    j halt

    .data
msg_sum: .asciz " slice checksum 0x"
    .balign 64
amat:   .space 512
bmat:   .space 128
sums:   .space 16
    .balign 64
result: .space 1024
priv:   .space 4096
