; SPDX-License-Identifier: GPL-2.0-or-later
; The virt machine's data-access limits, on: the reference profile's
; DataAccessPermitted rule (docs/machine.md).  data-limits-off.s makes the
; same accesses without them.
; qemu-args: -M virt,data-limit=4096,app-region=3072
    .equ LIMITS, 1
    .include "data-limits.inc"
