; SPDX-License-Identifier: GPL-2.0-or-later
;
; ADR 0097, the Shared pool: a B.IOS destination charges its complete
; encoded size once in the Core's 256 KiB Shared pool; decoded PEMode
; selects which PEs take part and which payload quarters they load, but
; does not multiply the charge.  Local pools are not touched.
; Spec units: PTO-BLOCK-B-IOS, PTO-TILE-MODEL-CAPACITY-SHARED (replaced by
; the ADR, spec/ADR-0097-local-shared-capacity-pools.txt),
; PTO-BLOCK-MODEL-DISPATCH-SHARED-TLSU.  ASL: TileSizeCodeBytes (the
; SizeCode table, asl/tile/model/state/descriptors.asl);
; AtomicUpdateSharedTileWithPublication (the first write fixes the
; allocation mask) and SharedTileUpdateCompatible (the pool check), both
; asl/tile/model/state/shared-registers.asl; TLOADShared
; (asl/tile/model/memory/shared-movement.asl).
; (Companion of capacity.s, which fills the Shared pool with one
; SizeCode-12 register first: Shared registers are never freed.)
;
; Every register here is a Shared TLOAD u8 of one element: VC = LB0 = 1,
; VR = LB1 = 1, Col = LB2 = 8, Rows = C * 8 / (8 * 8) = C / 8 (16 for
; 128 B, 16384 for 128 KiB); no B.IOR, so each PE in the mask uses base 0
; (RAM).  Element (0,0) is in quarter 0, loaded only if PE0 is in the mask.
    .include "../testlib.inc"
    .include "tile-check.inc"

    .macro sload mask, reg, size
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=\mask, ->\reg<\size>
    bstop
    .endm

    .equ FULL, 262144

    .text
    .globl _start
_start:
    install_tile_handler

    tcase 1                         ; reset: nothing used
    check_pools 0, 0, 0, 0, 0
    check_win W_SREGS, 0

    tcase 2                         ; 128 B with PE0 alone (PEMode 001): +128
    sload 1000, s1, 0001
    check_pools 0, 0, 0, 0, 128
    check_win W_SREGS, 0x2          ; S1

    tcase 3                         ; 128 B with all four PEs (PEMode 111): +128 as well, not 4 * 128
    sload 1111, s2, 0001
    check_pools 0, 0, 0, 0, 256
    check_win W_SREGS, 0x6

    tcase 4                         ; PE3 alone and PE0..PE2: +128 each
    sload 0001, s3, 0001
    check_win W_SHARED, 384
    sload 1110, s4, 0001
    check_pools 0, 0, 0, 0, 512
    check_win W_SREGS, 0x1e

    tcase 5                         ; SizeCode 12 needs the whole pool: 512 + 262144 > 262144
    snapshot
    expect_fault r5
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=0001, ->s5<1100>
b5: bstop
    j testlib_fail
r5:
    check_fault T_TILE, b5
    check_unchanged

    ; 512 + 131072 (SizeCode 11) = 131584; a second 131072 would make
    ; 262656 > 262144.  Then 65536 + 32768 + 16384 + 8192 + 4096 + 2048
    ; + 1024 + 512 (SizeCodes 10 down to 3) = 130560 = 131072 - 512 fill
    ; the pool exactly: 131584 + 130560 = 262144.
    tcase 6                         ; fill the pool to the byte with masks of every kind
    sload 1000, s5, 1011
    check_win W_SHARED, 131584
    snapshot
    expect_fault r6
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=1111, ->s6<1011>
b6: bstop
    j testlib_fail
r6:
    check_fault T_TILE, b6
    check_unchanged
    sload 1111, s6, 1010
    check_win W_SHARED, 197120      ; 131584 + 65536
    sload 0100, s7, 1001
    check_win W_SHARED, 229888      ; + 32768
    sload 0010, s8, 1000
    check_win W_SHARED, 246272      ; + 16384
    sload 1100, s9, 0111
    check_win W_SHARED, 254464      ; + 8192
    sload 0001, s10, 0110
    check_win W_SHARED, 258560      ; + 4096
    sload 1110, s11, 0101
    check_win W_SHARED, 260608      ; + 2048
    sload 1000, s12, 0100
    check_win W_SHARED, 261632      ; + 1024
    sload 1111, s13, 0011
    check_pools 0, 0, 0, 0, FULL    ; + 512 = 262144; no Local pool moved
    check_win W_SREGS, 0x3ffe       ; S1..S13

    tcase 7                         ; full: even 128 bytes on one PE fault; Local still allocates
    snapshot
    expect_fault r7
    bstart.tload u8
    c.b.dimi 1, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=0100, ->s14<0001>
b7: bstop
    j testlib_fail
r7:
    check_fault T_TILE, b7
    check_unchanged
    bstart.tload u8                 ; a 128-byte Local tile on all four PEs
    b.iot mask=1111, last, ->t<0001>
    bstop
    check_pools 128, 128, 128, 128, FULL

    test_end

    tile_handler_body

    .data
    tile_snap_area
