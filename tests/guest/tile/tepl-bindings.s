; SPDX-License-Identifier: GPL-2.0-or-later
;
; A TEPL block (BSTART.VEC / BSTART.SFU) closed with no B.IOT at all fails
; the binding schema at its commit: Fault_BundleControl (trap 5, TRAPARG0
; the BSTOP) with no effect (PTO-BLOCK-MODEL-DISPATCH-DESCRIPTOR-LEGALITY:
; the completed bundle must bind the destination the operation defines,
; BundleOperationBindingsComplete; the spec's AVS test
; PTO-AVS-BLOCK-TESTBUNDLETILECOMMITROLLBACK-EXECUTION-001 expects exactly
; this).  A block whose bindings all have PEMode 000 is the strict no-op,
; and commits.
    .include "../testlib.inc"
    .include "tile-check.inc"
    .text
    .globl _start
_start:
    install_tile_handler

    case 1                          ; BSTART.VEC TADD then BSTOP: trap 5 at the BSTOP
    snapshot
    expect_fault r1
    bstart.vec tadd, u32
b1: bstop
    j testlib_fail
r1:
    check_fault T_TILE, b1
    check_unchanged

    case 2                          ; the same on the SFU spelling (TDIV)
    snapshot
    expect_fault r2
    bstart.sfu tdiv, fp32
b2: bstop
    j testlib_fail
r2:
    check_fault T_TILE, b2
    check_unchanged

    tcase 3                         ; only a PEMode 000 binding: a strict no-op
    snapshot
    bstart.vec tadd, u32
    b.iot t#1, t#2, mask=0000, last, ->t<0001>
    bstop
    check_unchanged
    test_end

    tile_handler_body
    .data
    tile_snap_area
