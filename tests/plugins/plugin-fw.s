; SPDX-License-Identifier: GPL-2.0-or-later
;
; plugin-fw.s: the guest program tests/plugins/plugin-test.py runs under
; TCG plugins.  Every instruction length, a loop of known trip count,
; scalar loads and stores of every size, a load and a store pair, an
; atomic, LR/SC, a DMA copy and a Tile TLOAD / TSTORE, all at labels the
; test finds in the symbol table; the values are written here and
; worked out again by the test.  The test ends the run when `end` is
; reached, with QEMU's stoptrigger plugin (addr=end): the exit device's
; power-off is asynchronous, and a few more instructions could run after
; its store, while stoptrigger stops at an exact instruction.

    .equ UART,      0x10000000
    .equ LOOPS,     10

    .text
    .globl _start
_start:
len16:
    c.movi 5, ->a0                  ; a0 = 5
len32:
    addi a0, 3, ->a1                ; a1 = 8
len48:
    hl.liu 0x12345678, ->a2         ; a2 = 0x12345678
    bstart.std fall
    c.movi 1, ->a3
len64:
    l.bstop

    ; LOOPS iterations of a four-instruction COND block
    c.movi 0, ->a4
loop:
    bstart.std cond, loop
    addi a4, 1, ->a4
    setc.nei a4, LOOPS
    bstop
loop_done:

    hl.liu buf, ->s0
    hl.liu 0x11223344, ->a5
    hl.lui 0x55667788, ->a6
    or a6, a5, ->a6                 ; a6 = 0x5566778811223344
st_b:
    sbi a5, [s0, 0]                 ; buf+0: 0x44
st_h:
    shi a5, [s0, 2]                 ; buf+2: 0x3344
st_w:
    swi a5, [s0, 4]                 ; buf+4: 0x11223344
st_d:
    sdi a6, [s0, 8]                 ; buf+8: 0x5566778811223344
ld_b:
    lbui [s0, 0], ->a7              ; 0x44
ld_h:
    lhui [s0, 2], ->a7              ; 0x3344
ld_w:
    lwi [s0, 4], ->a7               ; 0x11223344
ld_d:
    ldi [s0, 8], ->a7               ; 0x5566778811223344
st_pair:
    hl.sdip a5, a6, [s0, 16]        ; buf+16: 0x11223344, buf+24: a6
ld_pair:
    hl.ldip [s0, 16], ->s1, s2
    addi s0, 32, ->s3               ; s3 = buf+32 (= 7 before the atomic)
    c.movi 7, ->a7
    sdi a7, [s3, 0]
    c.movi 2, ->s4
amo:
    ld.add [s3], s4, ->s5           ; s5 = 7, buf+32 = 9
lr:
    lr.d [s3], ->s6                 ; s6 = 9
sc:
    sc.d a6, [s3], ->s7             ; buf+32 = a6, s7 = 0 (success)
    hl.liu src64, ->s1
    hl.liu dst64, ->s2
dma:
    dma [s1], s2                    ; 64 bytes src64 -> dst64

    ; Tile: TLOAD u8 of one row of 8 bytes, TSTORE it back elsewhere
    hl.liu row, ->a0
    bstart.tload u8
    b.ior a0, zero, zero, ->zero
    b.dim zero, 8, ->lb0
    b.iot mask=1000, last, ->t<0001>
tload_end:
    bstop
    hl.liu row_out, ->a0
    bstart.tstore u8
    b.ior a0, zero, zero, ->zero
    b.iot t#1, mask=1000, last
tstore_end:
    bstop

    hl.liu UART, ->a1
    hl.liu '.', ->a0
uart_store:
    sbi a0, [a1, 0]                 ; an I/O access
end:
    j end                           ; the test's stoptrigger ends the run here

    .data
    .p2align 3
buf:
    .space 40
src64:
    .byte 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07
    .byte 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17
    .byte 0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27
    .byte 0x30, 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37
    .byte 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47
    .byte 0x50, 0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57
    .byte 0x60, 0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67
    .byte 0x70, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77
dst64:
    .space 64
row:
    .byte 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7
row_out:
    .space 8
