; SPDX-License-Identifier: GPL-2.0-or-later
; layouts.inc with one instruction per translation block (the layout of
; single-stepping): every block goes through the block engine's helpers,
; with the same results as layouts.s.
; qemu-args: -accel tcg,one-insn-per-tb=on
    .include "layouts.inc"
