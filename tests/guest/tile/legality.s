; SPDX-License-Identifier: GPL-2.0-or-later
;
; Tile legality: every rule a TLSU block can break faults with no partial
; effect.  For each faulting block: snapshot the tile-core window (the
; four Local pools, the Shared pool, the Local-name and Shared-register
; bitmaps) and keep a destination buffer (dst) full of a sentinel; run the
; block; check the trap number, TRAPARG0 and EBARG_TPC; then check that
; counters, bitmaps and memory are what they were.
;
; Spec units: PTO-BLOCK-MODEL-DISPATCH-TILE-EXECUTION (the commit
; sequence), -DESCRIPTOR-LEGALITY, -DESTINATION-SHAPE, -SCALAR-SCHEMA,
; -SHARED-TLSU, -TLSU-GMOV, -TLSU-PREFETCH, PTO-BLOCK-MODEL-FAULTS-
; ROLLBACK, PTO-ARCH-MEMORY-MODEL-FAULT-PRECISION, PTO-BLOCK-BSTART-TLOAD
; / -TSTORE / -TMOV / -GMOV, PTO-BLOCK-B-DATR, ADR 0097
; (spec/ADR-0097-local-shared-capacity-pools.txt: "every ... check
; completes before a source is consumed or any output becomes visible").
; ASL: ExecuteDecodedBundleCommand (the header-time checks,
; asl/block/model/dispatch/commands.asl),
; ExecuteBundleTileOperationLocallyWithAcceptedApplicabilityRules (the
; commit order, asl/block/model/dispatch/tile-execution.asl), the TLSU
; model in asl/tile/model/memory/load-store.asl and shared-movement.asl.
;
; Faults (SetFaultWithCause, asl/arch/memory-model/fault-precision.asl;
; docs/traps.md): TileLegality, TileAllocation and
; BundleControl are all trap 5 with TRAPARG0 = the committing BSTOP;
; DataAlignment 34 and DataPage 35 carry the element address; a word
; that fails decode is trap 4 at that word.  -d guest_errors names which
; tile fault the emulator raised.
;
; RAM is 128 MiB here, so RAM_END = 0x08000000 is the first address past
; it and nothing is mapped there (docs/machine.md: the devices start at
; 0x10000000; tests/guest/agu/precise.s does the same).
; qemu-args: -m 128M
    .include "../testlib.inc"
    .include "tile-check.inc"

    .equ RAM_END, 0x08000000
    .equ SENT, 0x5e5e5e5e5e5e5e5e

; src holds 16 u32 words 0xa0a00000 + i (a 4 x 4 tile, 16-byte rows), src2
; 0xb0b00000 + i.  Row R of such a tile stored with stride 16 at BASE is
; two dwords: word 4R | word 4R+1 << 32, word 4R+2 | word 4R+3 << 32.
    .macro check_row base, r, p
    check_mem \base, 16 * \r, (((\p << 16) + 4 * \r + 1) << 32) | ((\p << 16) + 4 * \r)
    check_mem \base, 16 * \r + 8, (((\p << 16) + 4 * \r + 3) << 32) | ((\p << 16) + 4 * \r + 2)
    .endm

    .macro check_rows4 base, p
    check_row \base, 0, \p
    check_row \base, 1, \p
    check_row \base, 2, \p
    check_row \base, 3, \p
    .endm

; a4 <- out, all 64 bytes zero
    .macro clear_out
    hl.liu out, ->a4
    sdi zero, [a4, 0]
    sdi zero, [a4, 8]
    sdi zero, [a4, 16]
    sdi zero, [a4, 24]
    sdi zero, [a4, 32]
    sdi zero, [a4, 40]
    sdi zero, [a4, 48]
    sdi zero, [a4, 56]
    .endm

; a0 <- REG in PE0 (the scalar register) and in the banks of PE1..PE3
    .macro all_base reg
    add \reg, zero, ->a0
    set_banks R_A0, a0
    .endm

; nothing changed: the window as snapshot saw it, dst all sentinel, and
; the sentinel just below RAM_END
    .macro check_no_effect
    check_unchanged
    check_mem s3, 0, SENT
    check_mem s3, 8, SENT
    check_mem s3, 16, SENT
    check_mem s3, 24, SENT
    check_mem s3, 32, SENT
    check_mem s3, 40, SENT
    check_mem s3, 48, SENT
    check_mem s3, 56, SENT
    hl.liu RAM_END - 8, ->a3
    check_mem a3, 0, SENT
    .endm

; TLOAD u8 of one element (no B.IOR: address 0) into a 128-byte tile:
; Col = VC = 1, Rows = 128 * 8 / 8 = 128.
    .macro load128 mask, hand
    bstart.tload u8
    b.iot mask=\mask, last, ->\hand<0001>
    bstop
    .endm

    .text
    .globl _start
_start:
    install_tile_handler
    hl.liu src, ->s2
    hl.liu dst, ->s3
    li64 SENT
    hl.liu RAM_END - 8, ->a3
    sdi x3, [a3, 0]
    hl.liu RAM_END, ->a5            ; a5 = RAM_END throughout
    addi zero, 16, ->a1             ; a1 = the row stride, 16 bytes, on every PE
    set_banks R_A1, a1

    ; A: u32, VC = LB0 = 4, VR = LB1 = 4, Col = VC = 4, SizeCode 0001:
    ; Rows = 128 * 8 / (4 * 32) = 8 >= 4.  Charged 128 in each PE.
    tcase 1                         ; set-up: T#1 = A = src on all four PEs; TSTORE gives it back
    all_base s2
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    b.iot mask=1111, last, ->t<0001>
    bstop
    check_pools 128, 128, 128, 128, 0
    check_hands 1, 0, 0, 0
    clear_out
    all_base a4
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot t#1, mask=1111, last
    bstop
    check_rows4 a4, 0xa0a0
    check_pools 128, 128, 128, 128, 0

    tcase 2                         ; TLOAD VR = 9 > Rows = 8: TileAllocation
    snapshot
    expect_fault r2
    bstart.tload u32
    c.b.dimi 4, ->lb0
    c.b.dimi 9, ->lb1
    b.iot mask=1111, last, ->t<0001>
b2: bstop
    j testlib_fail
r2:
    check_fault T_TILE, b2
    check_no_effect

    tcase 3                         ; TLOAD VC = LB0 = 8 > Col = LB2 = 4: TileAllocation
    snapshot
    expect_fault r3
    bstart.tload u32
    c.b.dimi 8, ->lb0
    c.b.dimi 4, ->lb2
    b.iot mask=1111, last, ->t<0001>
b3: bstop
    j testlib_fail
r3:
    check_fault T_TILE, b3
    check_no_effect

    ; u8 in 64 KiB with no LB: Col = VC = 1, Rows = 65536 * 8 / 8 = 65536,
    ; outside 1..65535 (DerivedTileRows, asl/tile/model/shape/rows-columns.asl):
    ; no shape.
    tcase 4                         ; TLOAD u8 <1010> with Col 1: Rows 65536 is no shape: TileAllocation
    snapshot
    expect_fault r4
    bstart.tload u8
    b.iot mask=1111, last, ->t<1010>
b4: bstop
    j testlib_fail
r4:
    check_fault T_TILE, b4
    check_no_effect

    ; Col = LB2 = 3 is not a power of two (and 512 * 8 = 4096 is not a
    ; multiple of 3 * 32 = 96): DerivedTileRows = 0.
    tcase 5                         ; TLOAD with Col 3: TileAllocation
    snapshot
    expect_fault r5
    bstart.tload u32
    c.b.dimi 3, ->lb0
    c.b.dimi 3, ->lb2
    b.iot mask=1111, last, ->t<0011>
b5: bstop
    j testlib_fail
r5:
    check_fault T_TILE, b5
    check_no_effect

    ; docs/design.md decision 10: a selector is a relative queue entry; one
    ; that names no live tile is an undefined source, TileLegality
    ; (TileOperandsLegal_TSTORE, asl/tile/model/legality/memory-schema.asl).
    ; M is empty; T holds one tile, so T#2 is empty.
    tcase 6                         ; TSTORE of a name that is not live: TileLegality, no store
    all_base s3
    snapshot
    expect_fault r6a
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot m#1, mask=1111, last
b6a: bstop
    j testlib_fail
r6a:
    check_fault T_TILE, b6a
    check_no_effect
    expect_fault r6b
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot t#2, mask=1111, last
b6b: bstop
    j testlib_fail
r6b:
    check_fault T_TILE, b6b
    check_no_effect

    ; TMOV copies and never converts (TileOperandsLegal_TMOV,
    ; asl/tile/model/legality/memory-schema.asl, TileShapeAndTypeMatch):
    ; ->u<0010> has Rows = 256 * 8 / 128 = 16, A has 8; LB0 = 2 gives
    ; VC 2, A has 4.  Both are TileLegality after the destination was
    ; tentatively allocated, so it must be rolled back.
    tcase 7                         ; TMOV whose destination differs from its source: TileLegality
    snapshot
    expect_fault r7a
    bstart.tmov u32
    b.iot t#1, mask=1111, last, ->u<0010>
b7a: bstop
    j testlib_fail
r7a:
    check_fault T_TILE, b7a
    check_no_effect
    expect_fault r7b
    bstart.tmov u32
    c.b.dimi 2, ->lb0
    b.iot t#1, mask=1111, last, ->u<0001>
b7b: bstop
    j testlib_fail
r7b:
    check_fault T_TILE, b7b
    check_no_effect
    expect_none                     ; the same TMOV at the right size works: U#1 = copy of A
    bstart.tmov u32
    b.iot t#1, mask=1111, last, ->u<0001>
    bstop
    check_pools 256, 256, 256, 256, 0
    check_hands 1, 1, 0, 0
    clear_out
    all_base a4
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot u#1, mask=1111, last
    bstop
    check_rows4 a4, 0xa0a0

    ; PE0 + PE1, one row of four u32: PE0 reads src .. src + 12, PE1 (its
    ; own bank's a0 = RAM_END - 12) reads RAM_END - 12, - 8, - 4 and then
    ; RAM_END, which is unmapped: Fault_DataPage at RAM_END.  Every element
    ; is probed before the first load, so PE0 loaded nothing either and no
    ; tile exists (TLOAD, asl/tile/model/memory/load-store.asl).
    tcase 8                         ; TLOAD whose last element (PE1's) is unmapped: trap 35, no tile
    all_base s2
    hl.liu RAM_END - 12, ->a4
    sdi a4, [s0, BANK1 + R_A0]
    snapshot
    expect_fault r8
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    b.iot mask=1100, last, ->t<0001>
b8: bstop
    j testlib_fail
r8:
    check_data_fault T_PAGE, a5, b8
    check_no_effect
    all_base s2

    ; u32 elements must be 4-byte aligned (ProbeTileMemoryAccess,
    ; asl/tile/model/memory/load-store.asl: eb = 4).
    tcase 9                         ; TLOAD misaligned for U32: trap 34 at the element
    addi s2, 2, ->a0                ; PE0 only, base src + 2
    snapshot
    expect_fault r9a
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    b.iot mask=1000, last, ->t<0001>
b9a: bstop
    j testlib_fail
r9a:
    addi s2, 2, ->a4
    check_data_fault T_ALIGN, a4, b9a
    check_no_effect
    all_base s2                     ; all four PEs, only PE2's base src + 1 is misaligned
    addi s2, 1, ->a4
    sdi a4, [s0, 0x300 + R_A0]
    expect_fault r9b
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    b.iot mask=1111, last, ->t<0001>
b9b: bstop
    j testlib_fail
r9b:
    addi s2, 1, ->a4
    check_data_fault T_ALIGN, a4, b9b
    check_no_effect
    all_base s2                     ; aligned base, stride 18: element (1,0) at src + 18
    addi zero, 18, ->a1
    expect_fault r9c
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 2, ->lb1
    b.iot mask=1000, last, ->t<0001>
b9c: bstop
    j testlib_fail
r9c:
    addi s2, 18, ->a4
    check_data_fault T_ALIGN, a4, b9c
    check_no_effect
    addi zero, 16, ->a1

    ; TSTORE of A from PE0 at RAM_END - 8, stride 16: (0,0) at RAM_END - 8
    ; and (0,1) at RAM_END - 4 are in RAM, (0,2) at RAM_END is not.  All
    ; elements are probed before the first store: the sentinel at
    ; RAM_END - 8 must survive (TSTORE, asl/tile/model/memory/load-store.asl).
    tcase 10                        ; TSTORE to a bad page after valid elements: trap 35, nothing stored
    hl.liu RAM_END - 8, ->a0
    snapshot
    expect_fault r10a
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot t#1, mask=1000, last
b10a: bstop
    j testlib_fail
r10a:
    check_data_fault T_PAGE, a5, b10a
    check_no_effect
    all_base s3                     ; PE0..PE2 store to dst, PE3 to RAM_END - 8
    hl.liu RAM_END - 8, ->a4
    sdi a4, [s0, 0x400 + R_A0]
    expect_fault r10b
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot t#1, mask=1111, last
b10b: bstop
    j testlib_fail
r10b:
    check_data_fault T_PAGE, a5, b10b
    check_no_effect                 ; dst untouched: PE0..PE2 stored nothing

    ; S1: Shared TLOAD u32, VC = VR = Col = 4, SizeCode 0001: Rows = 8.
    ; Element (r,c) is storage word 4r + c, byte 16r + 4c, quarter
    ; floor(byte * 4 / 128): rows 0-1 are quarter 0 (PE0), rows 2-3
    ; quarter 1 (PE1), each from its own base + r * 16 (SharedTileElementRegion
    ; and TLOADShared, asl/tile/model/memory/shared-movement.asl).
    tcase 11                        ; Shared TSTORE (fn 1) needs mask 1111: TileLegality otherwise
    all_base s2
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 4, ->lb2
    b.ios mask=1111, ->s1<0001>
    bstop
    check_pools 256, 256, 256, 256, 128
    check_win W_SREGS, 0x2
    clear_out                       ; TSTORE.SPART (fn 14) with 1100 is fine: PE0 rows 0-1, PE1 rows 2-3
    all_base a4
    bstart.tstore.spart u32
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1100
    bstop
    check_rows4 a4, 0xa0a0
    clear_out                       ; and TSTORE with 1111
    all_base a4
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1111
    bstop
    check_rows4 a4, 0xa0a0
    all_base s3
    snapshot
    expect_fault r11a
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1100
b11a: bstop
    j testlib_fail
r11a:
    check_fault T_TILE, b11a
    check_no_effect
    expect_fault r11b
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1000
b11b: bstop
    j testlib_fail
r11b:
    check_fault T_TILE, b11b
    check_no_effect

    ; INSERT makes a new register with alloc = init = 1111 but published =
    ; FALSE (TMOVLocalToShared, asl/tile/model/memory/shared-movement.asl).
    ; BROADCAST needs M = 1111, alloc = 1111 and published
    ; (BundleSharedTMOVDestinationSchemaLegal,
    ; asl/block/model/dispatch/shared-tlsu.asl); S1, written by TLOAD, is
    ; published.
    tcase 12                        ; BROADCAST of an unpublished register: TileLegality, no Local tile
    bstart.tmov.l2s.insert u32
    b.iot t#1, mask=1111, last
    b.ios mask=1111, ->s2<0001>
    bstop
    check_pools 256, 256, 256, 256, 256
    check_win W_SREGS, 0x6
    snapshot
    expect_fault r12a
    bstart.tmov.s2l.broadcast u32
    b.ios s2, mask=1111
    b.iot mask=1111, last, ->m<0001>
b12a: bstop
    j testlib_fail
r12a:
    check_fault T_TILE, b12a
    check_no_effect
    expect_fault r12b               ; BROADCAST with mask 1100
    bstart.tmov.s2l.broadcast u32
    b.ios s1, mask=1100
    b.iot mask=1100, last, ->m<0001>
b12b: bstop
    j testlib_fail
r12b:
    check_fault T_TILE, b12b
    check_no_effect
    expect_none                     ; BROADCAST of S1 works: M#1 on all PEs, +128 each
    bstart.tmov.s2l.broadcast u32
    b.ios s1, mask=1111
    b.iot mask=1111, last, ->m<0001>
    bstop
    check_pools 384, 384, 384, 384, 256
    check_hands 1, 1, 1, 0
    clear_out                       ; PE0's copy holds quarter 0 = rows 0-1 of src
    add a4, zero, ->a0
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot m#1, mask=1000, last
    bstop
    check_row a4, 0, 0xa0a0
    check_row a4, 1, 0xa0a0

    ; C: u32 4 x 4 from src2 on PE0 only (PE0 + 128 = 512); T = [C, A].
    ; INSERT C into a new S3 with mask 1000: alloc = init = 1000; quarter
    ; 0 (rows 0-1) = src2 rows 0-1.  A first write sets init = alloc, so a
    ; register whose allocated quarters are not all initialized cannot be
    ; made, and "PUBLISH of an incomplete register" cannot be reached
    ; (AtomicUpdateSharedTileWithPublication,
    ; asl/tile/model/state/shared-registers.asl).  The PUBLISH rules that
    ; can be broken: a mask outside the allocation mask, and a size other
    ; than the Local C (BundleSharedTMOVLocalSchemaLegal,
    ; asl/block/model/dispatch/shared-tlsu.asl, SharedTileUpdateCompatible).
    tcase 13                        ; PUBLISH that does not fit the register: TileLegality, register unchanged
    hl.liu src2, ->a0
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    b.iot mask=1000, last, ->t<0001>
    bstop
    bstart.tmov.l2s.insert u32
    b.iot t#1, mask=1000, last
    b.ios mask=1000, ->s3<0001>
    bstop
    check_pools 512, 384, 384, 384, 384
    check_hands 2, 1, 1, 0
    check_win W_SREGS, 0xe
    snapshot
    expect_fault r13a               ; PUBLISH A with 1111 into S3 (alloc 1000)
    bstart.tmov.l2s.publish u32
    b.iot t#2, mask=1111, last
    b.ios mask=1111, ->s3<0001>
b13a: bstop
    j testlib_fail
r13a:
    check_fault T_TILE, b13a
    check_no_effect
    expect_fault r13b               ; PUBLISH A (128 B) into a 256-byte S4
    bstart.tmov.l2s.publish u32
    b.iot t#2, mask=1111, last
    b.ios mask=1111, ->s4<0010>
b13b: bstop
    j testlib_fail
r13b:
    check_fault T_TILE, b13b
    check_no_effect
    expect_fault r13c               ; BROADCAST needs alloc = 1111; S3's is 1000
    bstart.tmov.s2l.broadcast u32
    b.ios s3, mask=1111
    b.iot mask=1111, last, ->m<0001>
b13c: bstop
    j testlib_fail
r13c:
    check_fault T_TILE, b13c
    check_no_effect
    expect_none
    clear_out                       ; S3 still holds src2's quarter 0 (SPART with 1000: rows 0-1 only)
    add a4, zero, ->a0
    bstart.tstore.spart u32
    b.ior a0, a1, zero, ->zero
    b.ios s3, mask=1000
    bstop
    check_row a4, 0, 0xb0b0
    check_row a4, 1, 0xb0b0
    check_mem a4, 32, 0
    check_mem a4, 56, 0
    bstart.tmov.l2s.publish u32     ; PUBLISH C with 1000: init | 1000 = alloc, fine; no charge
    b.iot t#1, mask=1000, last
    b.ios mask=1000, ->s3<0001>
    bstop
    check_pools 512, 384, 384, 384, 384

    ; The operation schema fixes the bindings: TLOAD one destination-only
    ; B.IOT, TSTORE one source-only, TMOV one source + destination, and the
    ; stream must end with L (BundleOperationBindingsComplete,
    ; asl/block/model/dispatch/descriptor-legality.asl): BundleControl.
    tcase 14                        ; bindings that do not match the operation: BundleControl
    all_base s3
    snapshot
    expect_fault r14a               ; TLOAD with a source binding
    bstart.tload u32
    b.iot t#1, mask=1111, last
b14a: bstop
    j testlib_fail
r14a:
    check_fault T_TILE, b14a
    check_no_effect
    expect_fault r14b               ; TLOAD whose binding does not end the stream (no L)
    bstart.tload u32
    b.iot mask=1111, ->t<0001>
b14b: bstop
    j testlib_fail
r14b:
    check_fault T_TILE, b14b
    check_no_effect
    expect_fault r14c               ; TLOAD with two destinations
    bstart.tload u32
    b.iot mask=1111, ->t<0001>
    b.iot mask=1111, last, ->u<0001>
b14c: bstop
    j testlib_fail
r14c:
    check_fault T_TILE, b14c
    check_no_effect
    expect_fault r14d               ; TSTORE with a destination
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot t#2, mask=1111, last, ->u<0001>
b14d: bstop
    j testlib_fail
r14d:
    check_fault T_TILE, b14d
    check_no_effect
    expect_fault r14e               ; TMOV without a destination
    bstart.tmov u32
    b.iot t#2, mask=1111, last
b14e: bstop
    j testlib_fail
r14e:
    check_fault T_TILE, b14e
    check_no_effect

    ; A nonzero B.DATR PadValue on a non-CUBE TLOAD/TSTORE, and any pad on
    ; TMOV, is TileLegality (SelectedBundleTileDataAttributesLegal,
    ; asl/block/model/dispatch/tile-schema.asl).
    ; DataType 0 and Layout 0 (NORM) keep the fault down to the pad.
    tcase 15                        ; B.DATR pad != 0: TileLegality
    snapshot
    expect_fault r15a
    bstart.tload u32
    b.datr layout=0, datatype=0, pad=1, cmode=0, rmode=0
    b.iot mask=1111, last, ->t<0001>
b15a: bstop
    j testlib_fail
r15a:
    check_fault T_TILE, b15a
    check_no_effect
    expect_fault r15b
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.datr layout=0, datatype=0, pad=2, cmode=0, rmode=0
    b.iot t#2, mask=1111, last
b15b: bstop
    j testlib_fail
r15b:
    check_fault T_TILE, b15b
    check_no_effect
    expect_fault r15c
    bstart.tmov u32
    b.datr layout=0, datatype=0, pad=3, cmode=0, rmode=0
    b.iot t#2, mask=1111, last, ->u<0001>
b15c: bstop
    j testlib_fail
r15c:
    check_fault T_TILE, b15c
    check_no_effect
    ; the other B.DATR fields a TLSU op may not use (the PTO-TILE-TLOAD
    ; contract; docs/implementation-defined.md entry 21): a concrete
    ; DataType (25 = U32), CMode, RMode, Sat
    expect_fault r15d
    bstart.tload u32
    b.datr layout=0, datatype=25, pad=0, cmode=0, rmode=0
    b.iot mask=1111, last, ->t<0001>
b15d: bstop
    j testlib_fail
r15d:
    check_fault T_TILE, b15d
    check_no_effect
    expect_fault r15e
    bstart.tload u32
    b.datr layout=0, datatype=0, pad=0, cmode=1, rmode=0
    b.iot mask=1111, last, ->t<0001>
b15e: bstop
    j testlib_fail
r15e:
    check_fault T_TILE, b15e
    check_no_effect
    expect_fault r15f
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=1
    b.iot t#2, mask=1111, last
b15f: bstop
    j testlib_fail
r15f:
    check_fault T_TILE, b15f
    check_no_effect
    expect_fault r15g
    bstart.tload u32
    b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=0, sat
    b.iot mask=1111, last, ->t<0001>
b15g: bstop
    j testlib_fail
r15g:
    check_fault T_TILE, b15g
    check_no_effect

    ; B.IOR: RegDst must be 0 and every RegSrc slot the schema does not
    ; read must be 0 (TLOAD/TSTORE read two; TMOV none): BundleControl
    ; (BundleOperationScalarBindingSchemaLegal,
    ; asl/block/model/dispatch/scalar-schema.asl, called by
    ; BundleOperationBindingsComplete).
    tcase 16                        ; B.IOR with RegDst or a surplus field: BundleControl
    expect_fault r16a
    bstart.tload u32
    b.ior a0, a1, zero, ->a2
    b.iot mask=1111, last, ->t<0001>
b16a: bstop
    j testlib_fail
r16a:
    check_fault T_TILE, b16a
    check_no_effect
    expect_fault r16b
    bstart.tload u32
    b.ior a0, a1, a2, ->zero
    b.iot mask=1111, last, ->t<0001>
b16b: bstop
    j testlib_fail
r16b:
    check_fault T_TILE, b16b
    check_no_effect
    expect_fault r16c
    bstart.tstore u32
    b.ior a0, a1, zero, ->a0
    b.iot t#2, mask=1111, last
b16c: bstop
    j testlib_fail
r16c:
    check_fault T_TILE, b16c
    check_no_effect
    expect_fault r16d
    bstart.tmov u32
    b.ior a0, zero, zero, ->zero
    b.iot t#2, mask=1111, last, ->u<0001>
b16d: bstop
    j testlib_fail
r16d:
    check_fault T_TILE, b16d
    check_no_effect

    ; docs/implementation-defined.md entry 22: the ASL stores the source's
    ; own rectangle and never compares types; the emulator adds "BSTART
    ; type == source type".
    tcase 17                        ; TSTORE u16 of a u32 tile: TileLegality, no store
    expect_fault r17
    bstart.tstore u16
    b.ior a0, a1, zero, ->zero
    b.iot t#2, mask=1111, last
b17: bstop
    j testlib_fail
r17:
    check_fault T_TILE, b17
    check_no_effect

    ; EXTRACT with M != 1111 makes a tile whose contents are not defined
    ; (TMOVSharedToLocal, asl/tile/model/memory/shared-movement.asl); a
    ; Local source must be contents-defined (TileSourceContentsDefined,
    ; asl/tile/model/legality/descriptor-shape.asl): TileLegality for
    ; TSTORE, TMOV and INSERT.
    tcase 18                        ; an undefined source: TileLegality, nothing stored or made
    bstart.tmov.s2l.extract u32
    b.ios s1, mask=1000
    b.iot mask=1000, last, ->n<0001>
    bstop
    check_pools 640, 384, 384, 384, 384
    check_hands 2, 1, 1, 1
    add s3, zero, ->a0
    snapshot
    expect_fault r18a
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot n#1, mask=1000, last
b18a: bstop
    j testlib_fail
r18a:
    check_fault T_TILE, b18a
    check_no_effect
    expect_fault r18b
    bstart.tmov u32
    b.iot n#1, mask=1000, last, ->u<0001>
b18b: bstop
    j testlib_fail
r18b:
    check_fault T_TILE, b18b
    check_no_effect
    expect_fault r18c
    bstart.tmov.l2s.insert u32
    b.iot n#1, mask=1000, last
    b.ios mask=1000, ->s5<0001>
b18c: bstop
    j testlib_fail
r18c:
    check_fault T_TILE, b18c
    check_no_effect
    expect_fault r18d               ; EXTRACT into a Local size (256 B) other than S1's 128 B
    bstart.tmov.s2l.extract u32
    b.ios s1, mask=1000
    b.iot mask=1000, last, ->n<0010>
b18d: bstop
    j testlib_fail
r18d:
    check_fault T_TILE, b18d
    check_no_effect

    ; GMOV (ExecuteBundleGMOVOperation,
    ; asl/block/model/dispatch/tlsu-gmov.asl): the source must live on all
    ; four PEs, the destination size must be the source's, no B.DIM, every
    ; peer_tid (GPR_p[RegSrc0]) < 4.  All TileLegality.
    tcase 19                        ; GMOV rules: TileLegality, no tile
    snapshot
    expect_fault r19a               ; C lives on PE0 only
    bstart.gmov u32
    b.iot t#1, mask=1111, last, ->u<0001>
b19a: bstop
    j testlib_fail
r19a:
    check_fault T_TILE, b19a
    check_no_effect
    expect_fault r19b               ; a B.DIM
    bstart.gmov u32
    c.b.dimi 4, ->lb0
    b.iot t#2, mask=1111, last, ->u<0001>
b19b: bstop
    j testlib_fail
r19b:
    check_fault T_TILE, b19b
    check_no_effect
    c.movi 0, ->a2                  ; PE0's peer 0, PE1's peer 4
    c.movi 4, ->a4
    sdi a4, [s0, BANK1 + R_A2]
    expect_fault r19c
    bstart.gmov u32
    b.ior a2, zero, zero, ->zero
    b.iot t#2, mask=1111, last, ->u<0001>
b19c: bstop
    j testlib_fail
r19c:
    check_fault T_TILE, b19c
    check_no_effect
    expect_fault r19d               ; 256-byte destination for a 128-byte source
    bstart.gmov u32
    b.iot t#2, mask=1111, last, ->u<0010>
b19d: bstop
    j testlib_fail
r19d:
    check_fault T_TILE, b19d
    check_no_effect
    expect_none                     ; peers 3, 2, 1, 0 are fine: U#1, +128 on each PE
    c.movi 3, ->a2
    c.movi 2, ->a4
    sdi a4, [s0, 0x200 + R_A2]
    c.movi 1, ->a4
    sdi a4, [s0, 0x300 + R_A2]
    sdi zero, [s0, 0x400 + R_A2]
    bstart.gmov u32
    b.ior a2, zero, zero, ->zero
    b.iot t#2, mask=1111, last, ->u<0001>
    bstop
    check_pools 768, 512, 512, 512, 384
    check_hands 2, 2, 1, 1
    clear_out
    all_base a4
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot u#1, mask=1111, last
    bstop
    check_rows4 a4, 0xa0a0

    ; TPREFETCH (ExecuteBundleTPREFETCHOperation,
    ; asl/block/model/dispatch/tlsu-prefetch.asl): no B.IOT or B.IOS; the
    ; ASL rejects the 64-bit types; every PE0..PE3 element is probed
    ; (stride in elements).
    tcase 20                        ; TPREFETCH rules and faults
    all_base s2
    snapshot
    expect_fault r20a
    bstart.tprefetch u32
    b.iot t#2, mask=1111, last
b20a: bstop
    j testlib_fail
r20a:
    check_fault T_TILE, b20a
    check_no_effect
    expect_fault r20b
    bstart.tprefetch u64
    b.ior a0, a1, zero, ->zero
b20b: bstop
    j testlib_fail
r20b:
    check_fault T_TILE, b20b
    check_no_effect
    hl.liu RAM_END - 8, ->a4        ; PE3: RAM_END - 8, - 4, then RAM_END
    sdi a4, [s0, 0x400 + R_A0]
    expect_fault r20c
    bstart.tprefetch u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
b20c: bstop
    j testlib_fail
r20c:
    check_data_fault T_PAGE, a5, b20c
    check_no_effect
    all_base s2
    expect_fault r20d               ; an explicit LB0 = 0
    bstart.tprefetch u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 0, ->lb0
b20d: bstop
    j testlib_fail
r20d:
    check_fault T_TILE, b20d
    check_no_effect
    expect_none                     ; all in RAM: no trap, no change
    bstart.tprefetch u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    bstop
    check_no_effect

    ; Shared TLOAD (ExecuteBundleSharedTLSUOperation,
    ; asl/block/model/dispatch/shared-tlsu.asl, and
    ; SharedTileUpdateCompatible): no B.IOT; VC <= Col; a live register
    ; keeps its descriptor (Col 8 gives Rows 1024 / 256 = 4, a legal shape
    ; but not S1's) and its allocation mask (S3: 1000).  All TileLegality.
    tcase 21                        ; Shared TLOAD rules: TileLegality, registers unchanged
    expect_fault r21a
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 8, ->lb2
    b.ios mask=1111, ->s1<0001>
b21a: bstop
    j testlib_fail
r21a:
    check_fault T_TILE, b21a
    check_no_effect
    expect_fault r21b
    bstart.tload u32
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    b.ios mask=1111, ->s6<0001>
    b.iot mask=1111, last, ->t<0001>
b21b: bstop
    j testlib_fail
r21b:
    check_fault T_TILE, b21b
    check_no_effect
    expect_fault r21c
    bstart.tload u32
    c.b.dimi 8, ->lb0
    c.b.dimi 1, ->lb1
    c.b.dimi 4, ->lb2
    b.ios mask=1111, ->s6<0001>
b21c: bstop
    j testlib_fail
r21c:
    check_fault T_TILE, b21c
    check_no_effect
    expect_fault r21e               ; an explicit VR = LB1 = 0 (the Shared path takes LBs raw)
    bstart.tload u32
    c.b.dimi 4, ->lb0
    c.b.dimi 0, ->lb1
    c.b.dimi 4, ->lb2
    b.ios mask=1111, ->s7<0001>
b21e: bstop
    j testlib_fail
r21e:
    check_fault T_TILE, b21e
    check_no_effect
    hl.liu src2, ->a0
    expect_fault r21d
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 4, ->lb2
    b.ios mask=1111, ->s3<0001>
b21d: bstop
    j testlib_fail
r21d:
    check_fault T_TILE, b21d
    check_no_effect
    expect_none
    clear_out                       ; S1 still holds src
    all_base a4
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1111
    bstop
    check_rows4 a4, 0xa0a0

    ; B.DATR: opcode 0x23, funct3 [14:12] = 001: 0x00001023;
    ; Layout [11:7], DataType [24:20], CMode [31:29].  Reserved codes fail
    ; the decode constraint: Fault_IllegalInstruction at the word
    ; (the `require` lines of B.DATR in isa/command.isa; PTO-BLOCK-B-DATR).
    ;   Layout 2:    0x1023 + (2 << 7 = 0x100)        = 0x00001123
    ;   DataType 15: 0x1023 + (15 << 20 = 0xf00000)   = 0x00f01023
    ;   CMode 6:     0x1023 + (6 << 29 = 0xc0000000)  = 0xc0001023
    tcase 22                        ; reserved B.DATR codes: trap 4 at the B.DATR
    expect_fault r22a
    bstart.tload u32
w22a: .word 0x00001123
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r22a:
    check_fault T_ILL, w22a
    check_no_effect
    expect_fault r22b
    bstart.tload u32
w22b: .word 0x00f01023
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r22b:
    check_fault T_ILL, w22b
    check_no_effect
    expect_fault r22c
    bstart.tload u32
w22c: .word 0xc0001023
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r22c:
    check_fault T_ILL, w22c
    check_no_effect

    ; INSERT needs the Local C to equal the Shared SizeCode bytes
    ; (BundleSharedTMOVLocalSchemaLegal,
    ; asl/block/model/dispatch/shared-tlsu.asl): A is 128 B, S4<0010> is 256 B.
    tcase 23                        ; INSERT of a different size: TileLegality, no register
    expect_fault r23
    bstart.tmov.l2s.insert u32
    b.iot t#2, mask=1111, last
    b.ios mask=1111, ->s4<0010>
b23: bstop
    j testlib_fail
r23:
    check_fault T_TILE, b23
    check_no_effect
    check_pools 768, 512, 512, 512, 384
    check_win W_SREGS, 0xe
    check_hands 2, 2, 1, 1

    ; The reported fault is the first failing element in the probe loop's
    ; order (TLOAD, asl/tile/model/memory/load-store.asl: row-major); for
    ; the Local multi-PE forms (which the ASL does not model) the order is
    ; PE0..PE3, then row-major.  PE0's last element (0,3) at
    ; RAM_END - 12 + 12 = RAM_END is bad; so is every element of
    ; PE1 (base RAM_END + 0x100), including (0,0), which an order of
    ; "element first, then PE" would report instead.
    tcase 24                        ; Local multi-PE: PE0's fault is reported before PE1's
    hl.liu RAM_END - 12, ->a0
    hl.liu RAM_END + 0x100, ->a4
    sdi a4, [s0, BANK1 + R_A0]
    snapshot
    expect_fault r24
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    b.iot mask=1100, last, ->t<0001>
b24: bstop
    j testlib_fail
r24:
    check_data_fault T_PAGE, a5, b24
    check_no_effect

    ; Shared TLOAD of a new S6 (u32 4 x 4, 128 B, as S1): rows 0-1 are PE0's
    ; quarter, rows 2-3 PE1's, each at ITS base + r * 16 with the ABSOLUTE
    ; row r (TileMemoryStridedByteAddress, asl/tile/model/memory/stride.asl;
    ; TLOADShared).  PE1's base RAM_END - 32 puts (2,0) at RAM_END - 32 +
    ; 2 * 16 = RAM_END, the first bad element in row-major
    ; order.  Nothing may be allocated.  With mask 1000 PE1's quarter is
    ; not accessed at all, so the same block succeeds (Shared + 128).
    tcase 25                        ; Shared TLOAD: a fault in PE1's quarter, at its absolute row
    all_base s2
    hl.liu RAM_END - 32, ->a4
    sdi a4, [s0, BANK1 + R_A0]
    snapshot
    expect_fault r25
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 4, ->lb2
    b.ios mask=1111, ->s6<0001>
b25: bstop
    j testlib_fail
r25:
    check_data_fault T_PAGE, a5, b25
    check_no_effect
    expect_none
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    c.b.dimi 4, ->lb2
    b.ios mask=1000, ->s6<0001>
    bstop
    check_pools 768, 512, 512, 512, 512
    check_win W_SREGS, 0x4e         ; S1, S2, S3, S6

    ; TSTORE.SPART of S1 with mask 1100: PE0 would store rows 0-1 at dst,
    ; PE1 rows 2-3 at RAM_END - 32 + r * 16, (2,0) = RAM_END unmapped.  All
    ; elements are probed first: dst keeps its sentinel (TSTOREShared,
    ; asl/tile/model/memory/shared-movement.asl).
    tcase 26                        ; Shared TSTORE.SPART: PE1's fault stops PE0's stores too
    all_base s3
    hl.liu RAM_END - 32, ->a4
    sdi a4, [s0, BANK1 + R_A0]
    snapshot
    expect_fault r26
    bstart.tstore.spart u32
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1100
b26: bstop
    j testlib_fail
r26:
    check_data_fault T_PAGE, a5, b26
    check_no_effect
    all_base s3

    ; TMOV with a concrete BSTART type takes that type for the
    ; destination; u16 is not A's u32 (and with Col 4 gives Rows
    ; 1024 / 64 = 16, not 8): TileShapeAndTypeMatch fails
    ; (TileOperandsLegal_TMOV, asl/tile/model/legality/memory-schema.asl).
    tcase 27                        ; TMOV u16 of a u32 tile: TileLegality
    snapshot
    expect_fault r27
    bstart.tmov u16
    b.iot t#2, mask=1111, last, ->u<0001>
b27: bstop
    j testlib_fail
r27:
    check_fault T_TILE, b27
    check_no_effect

    ; BSTART.TLOAD: 0x00011181 with DataType in [31:27] (tile-as makes
    ; 0xd8011181 of `bstart.tload u8`: 27 << 27 = 0xd8000000).  The legal
    ; DataTypes are 0..14, 16..20, 24..28 (31 only for TMOV): 31 << 27 =
    ; 0xf8000000 -> 0xf8011181; 15 << 27 = 0x78000000 -> 0x78011181.
    ; Reserved: Fault_IllegalInstruction at the BSTART, no block opened
    ; (the DataType `require` of BSTART.TLOAD in isa/command.isa).
    tcase 28                        ; BSTART.TLOAD with DataType 31 or 15: trap 4, no block
    expect_fault r28a
w28a: .word 0xf8011181
    bstop
    j testlib_fail
r28a:
    check_eq s1, 1
    check_eq s5, T_ILL
    hl.liu w28a, ->a2
    check_same s6, a2
    check_same s7, a2
    andi s8, 0x30, ->a2
    check_eq a2, 0x10               ; EBARG0: VALID, no block active
    expect_fault r28b
w28b: .word 0x78011181
    bstop
    j testlib_fail
r28b:
    check_eq s1, 1
    check_eq s5, T_ILL
    hl.liu w28b, ->a2
    check_same s6, a2
    check_same s7, a2
    expect_none
    check_no_effect

    ; U = [G, A'] (u#1 newest).  Fourteen 128-byte PE3 pushes make it 16
    ; deep, with u#16 = A' (PE3: 512 + 14 * 128 = 2304).  A push into a full
    ; hand retires u#16, but only if the commit succeeds: a TMOV that fails
    ; its shape match and a TLOAD that fails its memory probe must leave A'
    ; live and charged (ADR 0097: no output visible before every check;
    ; docs/design.md decision 10 retires at commit).  A successful PE0-only
    ; push then retires A': PE0 768 - 128 + 128 = 768, PE1 and PE2
    ; 512 - 128 = 384, PE3 2304 - 128 = 2176.
    tcase 29                        ; a failing push into a full hand retires nothing
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    load128 0001, u
    check_pools 768, 512, 512, 2304, 512
    check_hands 2, 16, 1, 1
    snapshot
    expect_fault r29a
    bstart.tmov u32
    b.iot t#2, mask=1111, last, ->u<0010>
b29a: bstop
    j testlib_fail
r29a:
    check_fault T_TILE, b29a
    check_no_effect
    all_base s2
    hl.liu RAM_END - 8, ->a4
    sdi a4, [s0, 0x400 + R_A0]
    expect_fault r29b
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    b.iot mask=1111, last, ->u<0001>
b29b: bstop
    j testlib_fail
r29b:
    check_data_fault T_PAGE, a5, b29b
    check_no_effect
    clear_out                       ; u#16 is still A
    all_base a4
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot u#16, mask=1111, last
    bstop
    check_rows4 a4, 0xa0a0
    all_base s2
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    b.iot mask=1000, last, ->u<0001>
    bstop
    check_pools 768, 384, 384, 2176, 512
    check_hands 2, 16, 1, 1

    ; Header words that fail decode (the B.IOT, B.IOR, B.DIM and C.B.DIMI
    ; forms of isa/command.isa): trap 4 at the word, nothing recorded,
    ; nothing committed.
    ;   the B.IOT destination-only form (funct3 110) must have [31:20] = 0:
    ;     b.iot mask=1111, last, ->t<0001> = 0x13 + (7 << 9 = 0xe00) + 0x6000
    ;     + (1 << 15 = 0x8000) + 0x80000 = 0x0008ee13; + SrcTile0 1 (1 << 20) = 0x0018ee13
    ;   opcode 0x13 with funct3 111 is no form: 0x0008ee13 + 0x1000 = 0x0008fe13
    ;   B.IOR: RegSrc0 24 (24 << 15 = 0xc0000): 0x13 + 0xc0000 = 0x000c0013;
    ;     bit 25 set: b.ior a0, a1, zero, ->zero = 0x13 + (2 << 15 = 0x10000)
    ;     + (3 << 20 = 0x300000) = 0x00310013; + 0x02000000 = 0x02310013
    ;   B.DIM ->lb0 (0x43, funct3 000) with RegSrc 24: 0x43 + 0xc0000 = 0x000c0043
    ;   C.B.DIMI with LoopNest [15:14] = 3: 0x003c + 0xc000 = 0xc03c
    tcase 30                        ; header words that do not decode: trap 4
    all_base s2
    snapshot
    expect_fault r30a
    bstart.tload u32
w30a: .word 0x0018ee13
    bstop
    j testlib_fail
r30a:
    check_fault T_ILL, w30a
    check_no_effect
    expect_fault r30b
    bstart.tload u32
w30b: .word 0x0008fe13
    bstop
    j testlib_fail
r30b:
    check_fault T_ILL, w30b
    check_no_effect
    expect_fault r30c
    bstart.tload u32
w30c: .word 0x000c0013
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r30c:
    check_fault T_ILL, w30c
    check_no_effect
    expect_fault r30d
    bstart.tload u32
w30d: .word 0x02310013
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r30d:
    check_fault T_ILL, w30d
    check_no_effect
    expect_fault r30e
    bstart.tload u32
w30e: .word 0x000c0043
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r30e:
    check_fault T_ILL, w30e
    check_no_effect
    expect_fault r30f
    bstart.tload u32
w30f: .half 0xc03c
    b.iot mask=1111, last, ->t<0001>
    bstop
    j testlib_fail
r30f:
    check_fault T_ILL, w30f
    check_no_effect

    ; A B.IOS whose mask is not that of the earlier B.IOT is TileLegality
    ; when the B.IOS executes (BindBundleSharedIO,
    ; asl/block/model/operands/shared-bindings.asl), TRAPARG0 = its address.
    tcase 31                        ; B.IOS with another mask than the B.IOT: trap 5 at the B.IOS
    snapshot
    expect_fault r31b
    bstart.tmov.l2s.publish u32
    b.iot t#2, mask=1111, last
h31b: b.ios mask=1100, ->s7<0001>
    bstop
    j testlib_fail
r31b:
    check_fault T_TILE, h31b
    check_no_effect

    ; Only the valid region is probed and loaded (TLOAD,
    ; asl/tile/model/memory/load-store.asl, loops over the valid rows and
    ; columns, row-major): VC = 2 of Col = 4 at
    ; RAM_END - 8 touches RAM_END - 8 and RAM_END - 4 only; column 2 would
    ; be RAM_END.  PE0 only: PE0 + 128.
    tcase 32                        ; elements outside the valid region are not probed
    hl.liu RAM_END - 8, ->a0
    bstart.tload u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 2, ->lb0
    c.b.dimi 4, ->lb2
    b.iot mask=1000, last, ->m<0001>
    bstop
    check_pools 896, 384, 384, 2176, 512
    check_hands 2, 16, 2, 1

    ; Descriptor rules (TileDataLayoutDestinationLayout,
    ; asl/block/model/state/control-state.asl; TileLayoutShapeLegal,
    ; asl/tile/model/definedness/elements.asl; TileOperandsLegal_TMOV;
    ; SharedTileReadSchemaLegal, asl/tile/model/state/shared-registers.asl):
    ;  a. ND2ZN (Layout 3) makes a ZN tile, which needs Rows % 16 = 0; a
    ;     u32 4 x 4 tile in 128 B has Rows 8: TileLegality;
    ;  b. TMOV never converts layouts: ND2DN (1) asks for a ColumnMajor
    ;     copy of the RowMajor A: TileLegality;
    ;  c.-e. a Shared read must match the register's layout and type and
    ;     stay inside its valid region (S1: u32, RowMajor, 4 x 4).
    tcase 33                        ; layout, type and region rules: TileLegality, no effect
    all_base s3
    snapshot
    expect_fault r33a
    bstart.tload u32
    b.datr layout=3, datatype=0, pad=0, cmode=0, rmode=0
    c.b.dimi 4, ->lb0
    c.b.dimi 4, ->lb1
    b.iot mask=1111, last, ->n<0001>
b33a: bstop
    j testlib_fail
r33a:
    check_fault T_TILE, b33a
    check_no_effect
    expect_fault r33b
    bstart.tmov u32
    b.datr layout=1, datatype=0, pad=0, cmode=0, rmode=0
    b.iot t#2, mask=1111, last, ->n<0001>
b33b: bstop
    j testlib_fail
r33b:
    check_fault T_TILE, b33b
    check_no_effect
    expect_fault r33c
    bstart.tstore.spart u32
    b.ior a0, a1, zero, ->zero
    b.datr layout=1, datatype=0, pad=0, cmode=0, rmode=0
    b.ios s1, mask=1100
b33c: bstop
    j testlib_fail
r33c:
    check_fault T_TILE, b33c
    check_no_effect
    expect_fault r33d
    bstart.tstore u16
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=1111
b33d: bstop
    j testlib_fail
r33d:
    check_fault T_TILE, b33d
    check_no_effect
    expect_fault r33e
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    c.b.dimi 5, ->lb1
    b.ios s1, mask=1111
b33e: bstop
    j testlib_fail
r33e:
    check_fault T_TILE, b33e
    check_no_effect

    ; A block whose every binding had PEMode 000 is a strict no-op at
    ; commit: nothing else is checked, not even B.IOR, LB or B.DATR values
    ; (ExecuteDecodedBundleCommand, asl/block/model/dispatch/commands.asl,
    ; and the first test of
    ; ExecuteBundleTileOperationLocallyWithAcceptedApplicabilityRules,
    ; asl/block/model/dispatch/tile-execution.asl).  Each of these blocks
    ; would fault with a real mask.
    tcase 34                        ; zero participation: no check, no effect
    all_base s3
    snapshot
    bstart.tload u32
    b.ior a0, a1, a2, ->a3          ; RegDst and a surplus field
    c.b.dimi 9, ->lb1               ; VR 9 > Rows 8
    b.datr layout=0, datatype=0, pad=1, cmode=0, rmode=0
    b.iot mask=0000, last, ->t<0001>
    bstop
    hl.liu RAM_END - 8, ->a0        ; a TSTORE of an empty name to a bad page
    bstart.tstore u32
    b.ior a0, a1, zero, ->zero
    b.iot m#9, mask=0000, last
    bstop
    bstart.tstore u32               ; a Shared TSTORE from S1 with a zero mask
    b.ior a0, a1, zero, ->zero
    b.ios s1, mask=0000
    bstop
    check_no_effect

    ; In TMOV.L2S.INSERT / PUBLISH (TLSU fn 9 / 10) a B.IOT that names a
    ; destination is Fault_TileLegality when that B.IOT executes
    ; (ExecuteDecodedBundleCommand, asl/block/model/dispatch/commands.asl:
    ; on TLSU function 9 or 10 a B.IOT with a DstTile is TileLegality at
    ; command time): trap 5 with TRAPARG0 = EBARG_TPC = the B.IOT, not the
    ; BSTOP.
    tcase 35                        ; L2S with a B.IOT destination: trap 5 at the B.IOT
    snapshot
    expect_fault r35
    bstart.tmov.l2s.insert u32
h35: b.iot t#2, mask=1111, last, ->u<0001>
    b.ios mask=1111, ->s7<0001>
    bstop
    j testlib_fail
r35:
    check_fault T_TILE, h35
    check_no_effect

    test_end

    tile_handler_body

    .data
    .p2align 3
src:
    .word 0xa0a00000, 0xa0a00001, 0xa0a00002, 0xa0a00003
    .word 0xa0a00004, 0xa0a00005, 0xa0a00006, 0xa0a00007
    .word 0xa0a00008, 0xa0a00009, 0xa0a0000a, 0xa0a0000b
    .word 0xa0a0000c, 0xa0a0000d, 0xa0a0000e, 0xa0a0000f
src2:
    .word 0xb0b00000, 0xb0b00001, 0xb0b00002, 0xb0b00003
    .word 0xb0b00004, 0xb0b00005, 0xb0b00006, 0xb0b00007
    .word 0xb0b00008, 0xb0b00009, 0xb0b0000a, 0xb0b0000b
    .word 0xb0b0000c, 0xb0b0000d, 0xb0b0000e, 0xb0b0000f
dst:
    .dword 0x5e5e5e5e5e5e5e5e, 0x5e5e5e5e5e5e5e5e, 0x5e5e5e5e5e5e5e5e, 0x5e5e5e5e5e5e5e5e
    .dword 0x5e5e5e5e5e5e5e5e, 0x5e5e5e5e5e5e5e5e, 0x5e5e5e5e5e5e5e5e, 0x5e5e5e5e5e5e5e5e
out:
    .space 64
    tile_snap_area
