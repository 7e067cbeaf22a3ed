; SPDX-License-Identifier: GPL-2.0-or-later
; idle-stale.s with one instruction per translation block: the same results.
; qemu-args: -accel tcg,one-insn-per-tb=on
    .include "idle-stale.s"
