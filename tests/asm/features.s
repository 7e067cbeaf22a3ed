; Exercises the assembler's directives, labels and expressions.
    .equ UART, 0x10000000
    .set COUNT, 3 * 4 + 1
    .text
    .globl _start
_start:
    hl.liu UART, ->a0           // 48-bit immediate load
    addi zero, COUNT, ->a1
    addi zero, (COUNT << 2) - 1, ->a2
    c.movi -16, ->a3
    bstart.std cond, loop
    setc.eq a0, a1
loop:
    bstart.std direct, done
    j far_label
    lw.pcr [table], ->a4
    addtpc table, ->a5
    addi a5, %lo(table - here), ->a5
here:
    .p2align 3
far_label:
    bstop
done:
    c.bstop
    .data
table:
    .byte 1, 2, 0xff, -1
    .half 0x1234
    .word 0xdeadbeef, table
    .dword -1
    .ascii "ab"
    .asciz "c\n"
    .align 8
    .space 5, 0x7e
    .org table + 64
end_of_table:
    .bss
buffer:
    .space 256
