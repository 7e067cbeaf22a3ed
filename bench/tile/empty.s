; SPDX-License-Identifier: GPL-2.0-or-later
; empty: exits at once; its run time is the emulator's start-up cost.
    .include "bench.inc"
    .text
    .globl _start
_start:
    bench_end
