; SPDX-License-Identifier: GPL-2.0-or-later
;
; ADR 0097 (Local and Shared capacity pools) as the tile-core window of
; Core 0 shows it (docs/tile-core.md: 0x018 + 8*pe Local bytes used,
; 0x038 Shared bytes used, 0x040 Local names, 0x048 Shared registers).
; Spec units: PTO-BLOCK-B-IOT, PTO-BLOCK-B-IOS (SizeCode, PEMode, the
; ADR's 6-bit SharedTileID with bits 27:26 reserved), PTO-TILE-MODEL-
; CAPACITY-LOCAL and -SHARED (replaced by the ADR's per-PE and Shared
; pools, spec/ADR-0097-local-shared-capacity-pools.txt),
; PTO-BLOCK-MODEL-DISPATCH-DESTINATION-SHAPE, docs/design.md decision 10
; (a hand is a 16-deep queue; a 17th push retires the oldest entry and
; gives its bytes back).  Encodings: isa/command.isa (B.IOT, B.IOS).
; ASL: TileSizeCodeBytes (asl/tile/model/state/descriptors.asl),
; DerivedTileRows (asl/tile/model/shape/rows-columns.asl), TLOAD and
; TSTORE (asl/tile/model/memory/load-store.asl), TLOADShared and
; TSTOREShared (asl/tile/model/memory/shared-movement.asl),
; SharedTileUpdateCompatible (asl/tile/model/state/shared-registers.asl).
;
; SizeCode k is 1 << (k + 6) bytes: 0001 = 128 B, 1010 = 64 KiB,
; 1100 = 256 KiB = 262144 (TileSizeCodeBytes).  Each pool holds 262144
; bytes.  A Local destination charges its size in every PE of its mask;
; a Shared one charges its full size once, whatever the mask.
;
; The only Shared comparison that needs room in the pool (two 128-byte
; registers with masks 1000 and 1111 cost the same) is in
; capacity-shared.s: Shared registers are never freed, and this program
; fills the Shared pool with one SizeCode-12 register.
    .include "../testlib.inc"
    .include "tile-check.inc"

; TLOAD u8 into a 64 KiB Local tile of HAND on the PEs of MASK.
; VC = VR = 1 (LB0, LB1 absent), Col = LB2 = 2, so
; Rows = 65536 * 8 / (2 * 8) = 32768, inside 1..65535 (with Col = 1 it
; would be 65536 and illegal).  No B.IOR: base 0, so every PE reads the
; byte at address 0, which is RAM.
    .macro load64k mask, hand
    bstart.tload u8
    c.b.dimi 2, ->lb2
    b.iot mask=\mask, last, ->\hand<1010>
    bstop
    .endm

; TLOAD u8 of one element into a 128-byte Local tile: Col = VC = 1,
; Rows = 128 * 8 / 8 = 128.
    .macro load128 mask, hand
    bstart.tload u8
    b.iot mask=\mask, last, ->\hand<0001>
    bstop
    .endm

    .equ SENT, 0x5e5e5e5e5e5e5e5e
    .equ K64, 65536
    .equ FULL, 262144

    .text
    .globl _start
_start:
    install_tile_handler
    hl.liu src, ->s2
    hl.liu out, ->s3

    tcase 1                         ; reset: every pool empty, no names, no Shared registers
    check_pools 0, 0, 0, 0, 0
    check_win W_NAMES, 0
    check_win W_SREGS, 0

    tcase 2                         ; PE0 alone: four 64 KiB objects, one per hand, fill its pool
    load64k 1000, t
    check_pools K64, 0, 0, 0, 0
    load64k 1000, u
    check_win W_PE0, 2 * K64
    load64k 1000, m
    check_win W_PE0, 3 * K64
    load64k 1000, n
    check_pools FULL, 0, 0, 0, 0    ; 4 * 65536 = 262144; PE1..PE3 untouched
    check_hands 1, 1, 1, 1
    check_win W_SREGS, 0

    tcase 3                         ; a fifth PE0 object: Fault_TileAllocation (trap 5) at the BSTOP
    snapshot
    expect_fault r3a
    bstart.tload u8
    c.b.dimi 2, ->lb2
    b.iot mask=1000, last, ->t<1010>
b3a: bstop
    j testlib_fail
r3a:
    check_fault T_TILE, b3a
    check_unchanged                 ; PE0 still 262144, names unchanged
    check_win W_PE0, FULL
    snapshot                        ; even 128 bytes do not fit: 262144 + 128 > 262144
    expect_fault r3b
    bstart.tload u8
    b.iot mask=1000, last, ->u<0001>
b3b: bstop
    j testlib_fail
r3b:
    check_fault T_TILE, b3b
    check_unchanged

    tcase 4                         ; PE1's pool is its own: four more 64 KiB objects on PE1
    load64k 0100, t
    check_pools FULL, K64, 0, 0, 0
    load64k 0100, u
    load64k 0100, m
    load64k 0100, n
    check_pools FULL, FULL, 0, 0, 0
    check_hands 2, 2, 2, 2

    tcase 5                         ; PE1 full too; a mask with one full PE charges nobody
    snapshot
    expect_fault r5a
    bstart.tload u8
    b.iot mask=0100, last, ->t<0001>
b5a: bstop
    j testlib_fail
r5a:
    check_fault T_TILE, b5a
    check_unchanged
    snapshot                        ; PE0..PE2: PE2 has room, PE0 and PE1 do not
    expect_fault r5b
    bstart.tload u8
    b.iot mask=1110, last, ->m<0001>
b5b: bstop
    j testlib_fail
r5b:
    check_fault T_TILE, b5b
    check_unchanged                 ; PE2 stays 0: all or nothing
    load128 0010, t                 ; PE2 alone: 128 bytes
    check_pools FULL, FULL, 128, 0, 0
    check_hands 3, 2, 2, 2

    ; B.IOT destination-only form (isa/command.isa, funct3 110):
    ; opcode 0x13, DstTile [8:7] = 0 (T), PEMode [11:9] = 100 (mask 0001,
    ; PE3, whose pool is empty), funct3 [14:12] = 110, SizeCode [18:15],
    ; L [19] = 1, [31:20] = 0:
    ;   0x13 + (4 << 9 = 0x800) + (6 << 12 = 0x6000) + (1 << 19 = 0x80000)
    ;   = 0x86813;  SizeCode 11: + (11 << 15 = 0x58000) = 0x000de813
    ;               SizeCode 12: + (12 << 15 = 0x60000) = 0x000e6813
    ; (check: SizeCode 10 gives 0x86813 + 0x50000 = 0x000d6813, which is
    ; what tile-as makes of `b.iot mask=0001, last, ->t<1010>`).
    ; Form C (one source + destination, funct3 101 = 0x5000, SrcTile0 = 0
    ; = t#1): SizeCode 11 = 0x13 + 0x800 + 0x5000 + 0x80000 + 0x58000
    ;   = 0x000dd813.
    ; SizeCode outside 1..10 in a destination form fails the decode
    ; constraint: Fault_IllegalInstruction (trap 4) at that word, before
    ; any binding exists.
    tcase 6                         ; B.IOT SizeCode 11 and 12 (128 and 256 KiB Local): trap 4
    snapshot
    expect_fault r6a
    bstart.tload u8
    c.b.dimi 2, ->lb2
w6a: .word 0x000de813               ; b.iot mask=0001, last, ->t<1011>
    bstop
    j testlib_fail
r6a:
    check_fault T_ILL, w6a
    check_unchanged
    expect_fault r6b
    bstart.tload u8
    c.b.dimi 2, ->lb2
w6b: .word 0x000e6813               ; b.iot mask=0001, last, ->t<1100>
    bstop
    j testlib_fail
r6b:
    check_fault T_ILL, w6b
    check_unchanged
    expect_fault r6c
    bstart.tmov u8
w6c: .word 0x000dd813               ; b.iot t#1, mask=0001, last, ->t<1011>
    bstop
    j testlib_fail
r6c:
    check_fault T_ILL, w6c
    check_unchanged
    ; the two-source form with a destination (funct3 100 = 0x4000, SrcTile0 = 0
    ; = t#1, SrcTile1 [31:26] = 1 = t#2, 1 << 26 = 0x04000000), SizeCode 11:
    ;   0x13 + 0x800 + 0x4000 + 0x80000 + 0x58000 + 0x04000000 = 0x040dc813
    ; the destination-only form with SizeCode 15 (15 << 15 = 0x78000):
    ;   0x86813 + 0x78000 = 0x000fe813
    expect_fault r6d
    bstart.tmov u8
w6d: .word 0x040dc813               ; b.iot t#1, t#2, mask=0001, last, ->t<1011>
    bstop
    j testlib_fail
r6d:
    check_fault T_ILL, w6d
    check_unchanged
    expect_fault r6e
    bstart.tload u8
w6e: .word 0x000fe813               ; b.iot mask=0001, last, ->t<1111>
    bstop
    j testlib_fail
r6e:
    check_fault T_ILL, w6e
    check_unchanged
    check_win W_PE3, 0

    ; B.IOS (isa/command.isa, with the ADR): opcode 0x13, funct3 [14:12]
    ; = 001 (0x1000), PEMode [11:9], SizeCode [18:15], SharedTileID [25:20],
    ; bits [27:26] reserved zero.
    ;   b.ios mask=1111, ->s7<0001>: 0x13 + 0x1000 + (7 << 9 = 0xe00)
    ;     + (1 << 15 = 0x8000) + (7 << 20 = 0x700000) = 0x00709e13
    ;   with bit 26 (0x04000000): 0x04709e13; with bit 27 (0x08000000): 0x08709e13
    ;   b.ios mask=0000, ->s7<0001> (PEMode 000): 0x00709013; + bit 26: 0x04709013
    ;   b.ios s7, mask=1111 (source, SizeCode 0): 0x00701e13; + bit 27: 0x08701e13
    ; A reserved bit fails decode: Fault_IllegalInstruction at the word,
    ; even with PEMode 000, before any identifier, allocation or memory
    ; effect (ADR 0097).  The Shared pool is empty here, so a wrong
    ; allocation would show.
    tcase 7                         ; B.IOS with bit 26 or 27 set: trap 4, no effect
    li64 SENT
    sdi x3, [s3, 0]
    sdi x3, [s3, 8]
    sdi x3, [s3, 16]
    sdi x3, [s3, 24]
    sdi x3, [s3, 32]
    snapshot
    expect_fault r7a
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
w7a: .word 0x04709e13               ; b.ios mask=1111, ->s7<0001> | bit 26
    bstop
    j testlib_fail
r7a:
    check_fault T_ILL, w7a
    check_unchanged
    expect_fault r7b
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
w7b: .word 0x08709e13               ; b.ios mask=1111, ->s7<0001> | bit 27
    bstop
    j testlib_fail
r7b:
    check_fault T_ILL, w7b
    check_unchanged
    expect_fault r7c
    bstart.tload u8
w7c: .word 0x04709013               ; b.ios mask=0000, ->s7<0001> | bit 26: not a no-op
    bstop
    j testlib_fail
r7c:
    check_fault T_ILL, w7c
    check_unchanged
    c.movi 8, ->a1                  ; a Shared TSTORE to out: no store may happen
    add s3, zero, ->a0
    expect_fault r7d
    bstart.tstore u8
    b.ior a0, a1, zero, ->zero
w7d: .word 0x08701e13               ; b.ios s7, mask=1111 | bit 27
    bstop
    j testlib_fail
r7d:
    check_fault T_ILL, w7d
    check_unchanged
    check_mem s3, 0, SENT
    check_mem s3, 8, SENT
    ; the other fixed-zero bits of B.IOS ([8:7], [19], [31:28]) and the
    ; reserved SizeCodes 13..15 fail decode the same way (isa/command.isa):
    ;   bit 7:  0x00709e13 + 0x80       = 0x00709e93
    ;   bit 19: 0x00709e13 + 0x80000    = 0x00789e13
    ;   bit 28: 0x00709e13 + 0x10000000 = 0x10709e13
    ;   SizeCode 13: 0x13 + 0x1000 + 0xe00 + (13 << 15 = 0x68000) + 0x700000 = 0x00769e13
    expect_fault r7e
    bstart.tload u8
w7e: .word 0x00709e93
    bstop
    j testlib_fail
r7e:
    check_fault T_ILL, w7e
    check_unchanged
    expect_fault r7f
    bstart.tload u8
w7f: .word 0x00789e13
    bstop
    j testlib_fail
r7f:
    check_fault T_ILL, w7f
    check_unchanged
    expect_fault r7g
    bstart.tload u8
w7g: .word 0x10709e13
    bstop
    j testlib_fail
r7g:
    check_fault T_ILL, w7g
    check_unchanged
    expect_fault r7h
    bstart.tload u8
w7h: .word 0x00769e13
    bstop
    j testlib_fail
r7h:
    check_fault T_ILL, w7h
    check_unchanged
    check_win W_SHARED, 0
    check_win W_SREGS, 0

    ; S63 (the last register of the ADR's S0..S63), SizeCode 12, u8:
    ; VC = LB0 = 8, VR = LB1 = 4, Col = LB2 = 8, so
    ; Rows = 262144 * 8 / (8 * 8) = 32768.  Element (r, c) has storage
    ; byte r*8 + c <= 31, quarter floor(byte * 4 / 262144) = 0, so PE0
    ; loads all 32 from its base a0 = src + r * (a1 = 8) + c
    ; (SharedTileElementRegion and TLOADShared,
    ; asl/tile/model/memory/shared-movement.asl).
    tcase 8                         ; S63 <1100> on all PEs: the whole Shared pool, charged once
    add s2, zero, ->a0
    c.movi 8, ->a1
    set_banks R_A0, a0
    set_banks R_A1, a1
    bstart.tload u8
    b.ior a0, a1, zero, ->zero
    c.b.dimi 8, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=1111, ->s63<1100>
    bstop
    check_pools FULL, FULL, 128, 0, FULL    ; 262144, not 4 * 262144; Local untouched
    check_win W_SREGS, 0x8000000000000000   ; bit 63 = S63
    check_hands 3, 2, 2, 2
    add s3, zero, ->a0              ; TSTORE from S63 (all four PEs) to out, stride 8
    bstart.tstore u8
    b.ior a0, a1, zero, ->zero
    b.ios s63, mask=1111
    bstop
    check_mem s3, 0, 0x0807060504030201
    check_mem s3, 8, 0x100f0e0d0c0b0a09
    check_mem s3, 16, 0x1817161514131211
    check_mem s3, 24, 0x201f1e1d1c1b1a19
    check_mem s3, 32, SENT          ; 4 x 8 bytes and no more
    check_win W_SHARED, FULL        ; a source charges nothing

    tcase 9                         ; the Shared pool is full: a new register faults; Local still allocates
    snapshot
    expect_fault r9a
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2               ; 128 B: Rows = 1024 / 64 = 16
    b.ios mask=1111, ->s62<0001>
b9a: bstop
    j testlib_fail
r9a:
    check_fault T_TILE, b9a         ; 262144 + 128 > 262144 (TileLegality, SharedTileUpdateCompatible)
    check_unchanged
    expect_fault r9b
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=1000, ->s0<0001>     ; one PE costs the same: still full
b9b: bstop
    j testlib_fail
r9b:
    check_fault T_TILE, b9b
    check_unchanged
    load64k 0001, u                 ; Local and Shared never compete
    check_pools FULL, FULL, 128, K64, FULL
    check_hands 3, 3, 2, 2
    check_win W_SREGS, 0x8000000000000000

    tcase 10                        ; writing S63 again (same descriptor, mask 1000 within 1111) charges nothing
    hl.liu src2, ->a0
    bstart.tload u8
    b.ior a0, a1, zero, ->zero
    c.b.dimi 8, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=1000, ->s63<1100>
    bstop
    check_pools FULL, FULL, 128, K64, FULL
    check_win W_SREGS, 0x8000000000000000
    add s3, zero, ->a0
    bstart.tstore u8
    b.ior a0, a1, zero, ->zero
    b.ios s63, mask=1111
    bstop
    check_mem s3, 0, 0x8887868584838281    ; quarter 0 now holds src2
    check_mem s3, 8, 0x908f8e8d8c8b8a89
    check_mem s3, 16, 0x9897969594939291
    check_mem s3, 24, 0xa09f9e9d9c9b9a99
    check_mem s3, 32, SENT

    ; Hand N holds [PE0 64 KiB, PE1 64 KiB] (oldest first).  Fourteen
    ; 128-byte PE3 pushes make it 16 deep: PE3 = 65536 + 14*128 = 67328.
    ; The 17th push retires the oldest, PE0's 64 KiB: PE0 = 262144 - 65536
    ; = 196608, PE3 = 67456.  The 18th retires PE1's: PE1 = 196608,
    ; PE3 = 67584 (docs/design.md decision 10).
    tcase 11                        ; a 17th entry in a hand retires the oldest and returns its bytes
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    load128 0001, n
    check_pools FULL, FULL, 128, 67328, FULL
    check_hands 3, 3, 2, 16
    load128 0001, n
    check_pools 196608, FULL, 128, 67456, FULL
    check_hands 3, 3, 2, 16
    load128 0001, n
    check_pools 196608, 196608, 128, 67584, FULL
    check_hands 3, 3, 2, 16
    load64k 1000, t                 ; PE0 can use the returned 64 KiB again
    check_pools FULL, 196608, 128, 67584, FULL
    check_hands 4, 3, 2, 16

    ; Hand M holds [PE0 64 KiB, PE1 64 KiB]; fourteen PE3 pushes make it
    ; 16 deep (PE3 = 67584 + 1792 = 69376).  PE0 is full.  A PE0 64 KiB
    ; push into M retires M's oldest, PE0's 64 KiB, whose bytes count as
    ; free for this same commit (docs/design.md decision 10 retires it;
    ; the timing is docs/implementation-defined.md entry 17): PE0 stays
    ; 262144.  The same push into T, which retires nothing, does not fit.
    tcase 12                        ; the retired entry's bytes are free for the commit that retires it
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    load128 0001, m
    check_pools FULL, 196608, 128, 69376, FULL
    check_hands 4, 3, 16, 16
    snapshot
    expect_fault r12a
    bstart.tload u8
    c.b.dimi 2, ->lb2
    b.iot mask=1000, last, ->t<1010>
b12a: bstop
    j testlib_fail
r12a:
    check_fault T_TILE, b12a
    check_unchanged
    load64k 1000, m
    check_pools FULL, 196608, 128, 69376, FULL
    check_hands 4, 3, 16, 16

    test_end

    tile_handler_body

    .data
    .p2align 3
src:
    .dword 0x0807060504030201, 0x100f0e0d0c0b0a09, 0x1817161514131211, 0x201f1e1d1c1b1a19
src2:
    .dword 0x8887868584838281, 0x908f8e8d8c8b8a89, 0x9897969594939291, 0xa09f9e9d9c9b9a99
out:
    .space 48
    tile_snap_area
