; SPDX-License-Identifier: GPL-2.0-or-later
; The accesses of data-limits.s without the data-access limits (the
; default): only the misaligned one faults.
    .equ LIMITS, 0
    .include "data-limits.inc"
