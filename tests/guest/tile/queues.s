; SPDX-License-Identifier: GPL-2.0-or-later
; Local tile names are queues per hand (docs/design.md decision 10): a TLOAD
; destination becomes #1 of its hand and pushes the others down (#2 is the
; one before); a hand holds 16, and a push into a full hand retires #16 and
; gives its capacity back to its PEs -- counted as free for that same
; commit.  Capacity is charged per PE (ADR 0097: 256 KiB Local per PE).
; Expected values worked out by hand (see each case); the Local-used
; counters are the tile-core window's 0x018 + 8 * pe, and the Local names
; bitmap 0x040 has one bit per live name, bits 16*hand..16*hand+15.
; qemu-args: -m 128M
    .include "../testlib.inc"
    .include "tlsu.inc"

; TLOAD u8 of one row of VC bytes at ADDR into HAND with SIZECODE, on PE0
    .macro load_row addr, vc, hand, size
    hl.liu \addr, ->a0
    bstart.tload u8
    b.ior a0, zero, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.iot mask=1000, last, ->\hand<\size>
    bstop
    .endm

; TSTORE u8 of SRC (on PE0) to ADDR
    .macro store_row src, addr
    hl.liu \addr, ->a0
    bstart.tstore u8
    b.ior a0, zero, zero, ->zero
    b.iot \src, mask=1000, last
    bstop
    .endm

; the same on PE3 only: one byte at PE3's a0 (R2)
    .macro load_pe3 addr, hand, size
    pe_set 3, 2, \addr
    bstart.tload u8
    b.ior a0, zero, zero, ->zero
    b.iot mask=0001, last, ->\hand<\size>
    .endm

    .macro store_pe3 src, addr
    pe_set 3, 2, \addr
    bstart.tstore u8
    b.ior a0, zero, zero, ->zero
    b.iot \src, mask=0001, last
    bstop
    .endm

; a3 <- the number of live names of hand HAND (0 T, 1 U, 2 M, 3 N)
    .macro names hand
    ldi [s0, WIN_LOCAL_NAMES], ->a3
    bcnt a3, 16 * \hand, 16, ->a3
    .endm

    .text
    .globl _start
_start:
    tile_setup
    hl.liu POISON, ->a7             ; PE1..PE3 read no memory unless told
    sdi a7, [s0, 0x200 + 2 * 8]
    sdi a7, [s0, 0x300 + 2 * 8]
    sdi a7, [s0, 0x400 + 2 * 8]

    case 1                          ; TLOAD A ->t, TLOAD B ->t: t#1 = B, t#2 = A
    load_row rowA, 8, t, 0001
    load_row rowB, 8, t, 0001
    check_no_trap
    store_row t#1, out
    store_row t#2, out + 8
    check_no_trap
    hl.liu out, ->a4
    ldi [a4, 0], ->a3
    check_eq a3, 0x2827262524232221
    ldi [a4, 8], ->a3
    check_eq a3, 0x1817161514131211

    case 2                          ; two 128-byte tiles on PE0; PE1..PE3 nothing
    check_win WIN_PE_USED + 8 * 0, 256
    check_win WIN_PE_USED + 8 * 1, 0
    check_win WIN_PE_USED + 8 * 3, 0
    names 0
    check_eq a3, 2

    case 3                          ; TMOV t#2 ->t: the copy of A is t#1, B t#2, A t#3
    bstart.tmov u8
    b.iot t#2, mask=1000, last, ->t<0001>
    bstop
    check_no_trap
    store_row t#1, out + 16
    store_row t#2, out + 24
    store_row t#3, out + 32
    hl.liu out, ->a4
    ldi [a4, 16], ->a3
    check_eq a3, 0x1817161514131211
    ldi [a4, 24], ->a3
    check_eq a3, 0x2827262524232221
    ldi [a4, 32], ->a3
    check_eq a3, 0x1817161514131211
    check_win WIN_PE_USED, 384

    ; hand M: push k (k = 0..16) loads row k (bytes 16k .. 16k+7) with
    ; SizeCode 4 (1 KiB) for k = 0, 1 (128 B) for k = 1..15, 2 (256 B) for 16
    case 4                          ; 16 pushes: all live, 384 + 1024 + 15*128 = 3328
    load_row rows + 0 * 8, 8, m, 0100
    load_row rows + 1 * 8, 8, m, 0001
    load_row rows + 2 * 8, 8, m, 0001
    load_row rows + 3 * 8, 8, m, 0001
    load_row rows + 4 * 8, 8, m, 0001
    load_row rows + 5 * 8, 8, m, 0001
    load_row rows + 6 * 8, 8, m, 0001
    load_row rows + 7 * 8, 8, m, 0001
    load_row rows + 8 * 8, 8, m, 0001
    load_row rows + 9 * 8, 8, m, 0001
    load_row rows + 10 * 8, 8, m, 0001
    load_row rows + 11 * 8, 8, m, 0001
    load_row rows + 12 * 8, 8, m, 0001
    load_row rows + 13 * 8, 8, m, 0001
    load_row rows + 14 * 8, 8, m, 0001
    load_row rows + 15 * 8, 8, m, 0001
    check_no_trap
    check_win WIN_PE_USED, 3328
    names 2
    check_eq a3, 16
    store_row m#16, out + 40        ; the oldest: row 0
    store_row m#1, out + 48         ; the newest: row 15
    hl.liu out, ->a4
    ldi [a4, 40], ->a3
    check_eq a3, 0x0706050403020100
    ldi [a4, 48], ->a3
    check_eq a3, 0xf7f6f5f4f3f2f1f0

    case 5                          ; the 17th push retires row 0's 1 KiB: 3328 - 1024 + 256 = 2560
    load_row rows + 16 * 8, 8, m, 0010
    check_no_trap
    check_win WIN_PE_USED, 2560
    names 2
    check_eq a3, 16
    store_row m#1, out + 56         ; row 16
    store_row m#2, out + 64         ; row 15
    store_row m#16, out + 72        ; row 1, now the oldest
    hl.liu out, ->a4
    ldi [a4, 56], ->a3
    check_eq a3, 0x0706050403020100
    ldi [a4, 64], ->a3
    check_eq a3, 0xf7f6f5f4f3f2f1f0
    ldi [a4, 72], ->a3
    check_eq a3, 0x1716151413121110
    check_win WIN_PE_USED + 8 * 1, 0
    check_win WIN_PE_USED + 8 * 3, 0

    ; PE3 alone: hand N with 16 KiB tiles (SizeCode 8) of one byte each;
    ; push j loads byte bytes[j] = 0x40 + j
    case 6                          ; 16 x 16 KiB = 262144: PE3's pool is full, PE0's is not touched
    load_pe3 bytes + 0, n, 1000
f6a: bstop
    load_pe3 bytes + 1, n, 1000
    bstop
    load_pe3 bytes + 2, n, 1000
    bstop
    load_pe3 bytes + 3, n, 1000
    bstop
    load_pe3 bytes + 4, n, 1000
    bstop
    load_pe3 bytes + 5, n, 1000
    bstop
    load_pe3 bytes + 6, n, 1000
    bstop
    load_pe3 bytes + 7, n, 1000
    bstop
    load_pe3 bytes + 8, n, 1000
    bstop
    load_pe3 bytes + 9, n, 1000
    bstop
    load_pe3 bytes + 10, n, 1000
    bstop
    load_pe3 bytes + 11, n, 1000
    bstop
    load_pe3 bytes + 12, n, 1000
    bstop
    load_pe3 bytes + 13, n, 1000
    bstop
    load_pe3 bytes + 14, n, 1000
    bstop
    load_pe3 bytes + 15, n, 1000
    bstop
    check_no_trap
    check_win WIN_PE_USED + 8 * 3, 262144
    check_win WIN_PE_USED, 2560
    names 3
    check_eq a3, 16

    case 7                          ; PE3 full: 128 B more into T is Fault_TileAllocation (trap 5)
    load_pe3 bytes, t, 0001
f7: bstop
    check_trap 5, f7, f7
    check_win WIN_PE_USED + 8 * 3, 262144
    names 0
    check_eq a3, 3

    case 8                          ; the same on all PEs: no PE is charged (PE0 has room)
    hl.liu rowA, ->a0
    pe_set 1, 2, rowA
    pe_set 2, 2, rowA
    pe_set 3, 2, rowA
    bstart.tload u8
    b.ior a0, zero, zero, ->zero
    b.iot mask=1111, last, ->t<0001>
f8: bstop
    check_trap 5, f8, f8
    check_win WIN_PE_USED, 2560
    check_win WIN_PE_USED + 8 * 1, 0
    check_win WIN_PE_USED + 8 * 2, 0
    check_win WIN_PE_USED + 8 * 3, 262144

    case 9                          ; a 17th 16 KiB push into the full hand N fits: #16 is retired first
    load_pe3 bytes + 16, n, 1000
f9: bstop
    check_no_trap
    check_win WIN_PE_USED + 8 * 3, 262144
    store_pe3 n#1, out + 80         ; byte 0x50
    store_pe3 n#16, out + 81        ; byte 0x41 (push 1)
    store_pe3 n#15, out + 82        ; byte 0x42
    check_no_trap
    hl.liu out, ->a4
    lbui [a4, 80], ->a3
    check_eq a3, 0x50
    lbui [a4, 81], ->a3
    check_eq a3, 0x41
    lbui [a4, 82], ->a3
    check_eq a3, 0x42

    case 10                         ; 32 KiB does not fit even with #16 retired: trap 5, hand N unchanged
    load_pe3 bytes + 17, n, 1001
f10: bstop
    check_trap 5, f10, f10
    check_win WIN_PE_USED + 8 * 3, 262144
    store_pe3 n#1, out + 83         ; still byte 0x50
    store_pe3 n#16, out + 84        ; still byte 0x41
    check_no_trap
    hl.liu out, ->a4
    lbui [a4, 83], ->a3
    check_eq a3, 0x50
    lbui [a4, 84], ->a3
    check_eq a3, 0x41
    names 3
    check_eq a3, 16

    case 11                         ; PE0's pool is its own: a 64 KiB tile on PE0 still fits
    hl.liu rowA, ->a0
    bstart.tload u8
    b.ior a0, zero, zero, ->zero
    b.dim zero, 8, ->lb0
    b.iot mask=1000, last, ->u<1010>
    bstop
    check_no_trap
    check_win WIN_PE_USED, 2560 + 65536
    store_row u#1, out + 88
    hl.liu out, ->a4
    ldi [a4, 88], ->a3
    check_eq a3, 0x1817161514131211

    tlsu_end

    .data
    .p2align 6
rowA:
    .dword 0x1817161514131211
rowB:
    .dword 0x2827262524232221
    .p2align 6
rows:                               ; row k: bytes 16k .. 16k+7 (mod 256)
    .dword 0x0706050403020100, 0x1716151413121110, 0x2726252423222120, 0x3736353433323130
    .dword 0x4746454443424140, 0x5756555453525150, 0x6766656463626160, 0x7776757473727170
    .dword 0x8786858483828180, 0x9796959493929190, 0xa7a6a5a4a3a2a1a0, 0xb7b6b5b4b3b2b1b0
    .dword 0xc7c6c5c4c3c2c1c0, 0xd7d6d5d4d3d2d1d0, 0xe7e6e5e4e3e2e1e0, 0xf7f6f5f4f3f2f1f0
    .dword 0x0706050403020100
    .p2align 6
bytes:                              ; bytes[j] = 0x40 + j
    .byte 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47
    .byte 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f
    .byte 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57
    .p2align 6
out:
    .space 128
