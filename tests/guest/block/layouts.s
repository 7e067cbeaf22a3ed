; SPDX-License-Identifier: GPL-2.0-or-later
; layouts.inc in the usual layout: most blocks open and commit inside one
; translation block, where the translator keeps them inline.
    .include "layouts.inc"
