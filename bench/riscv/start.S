/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Entry: a stack, then main(); its return value goes to the exit device. */
    .section .text.start, "ax"
    .globl _start
_start:
    lla     sp, __stack_top
    call    main
    call    bench_exit
1:  j       1b
