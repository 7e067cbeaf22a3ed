; SPDX-License-Identifier: GPL-2.0-or-later
;
; echo.s: an interrupt-driven echo console for the `virt` machine.
;
;   build/tile-as -o echo.elf firmware/echo.s
;   build/qemu-system-tile -M virt -nographic -kernel echo.elf
;
; Every key typed is echoed (Enter as CR LF); `q` prints how many UART
; interrupts were taken and powers the machine off with status 0.
;
; The path of a key (docs/machine.md, docs/traps.md): the 16550 raises its
; interrupt line (IER bit 0: received data available), the interrupt
; controller at 0x1000_2000 routes line 0 to external interrupt ID 32 of
; Core 0 (its reset route; the firmware only enables the line), and ring 0
; takes trap 44 with TRAPARG0 = 32 at the next block boundary (ECONFIG
; bit 0, set at reset, enables external IDs).  The handler reads and
; echoes one byte, acknowledges the ID with EOIEI and returns with ACRE.
; The main loop does nothing but BWI, which idles the vCPU until an
; interrupt.
;
; Registers: the main loop owns a0..a2; the handler owns s1..s7; s0 is the
; UART base, x0 the interrupt count.

    .equ UART,          0x10000000      ; 16550: RBR/THR at +0
    .equ UART_IER,      1               ; interrupt enable
    .equ UART_LSR,      5               ; line status: bit 0 data ready
    .equ INTC,          0x10002000      ; tile-intc
    .equ INTC_ENABLE,   0x008           ; bit n: line n is routed
    .equ UART_LINE,     0               ; the UART's line (device tree: interrupts = <0>)
    .equ EXIT_DEV,      0x10001000
    .equ EXIT_PASS,     0x5555

    .equ SR_EVBASE,     0xf01
    .equ SR_TRAPARG0,   0xf03
    .equ SR_EOIEI,      0xf0a
    .equ SR_EBARG_TPC,  0xf43

    .text
    .globl _start
_start:
    hl.liu handler, ->a0
    bstart.sys fall
    ssrset a0, SR_EVBASE            ; ring 0's trap vector
    bstop

    hl.liu UART, ->s0
    c.movi 0, ->x0                  ; no interrupt yet
    hl.liu banner, ->a1
    bstart.call puts, after_banner, ->ra
    bstop
after_banner:

    ; the receiver interrupt on, then the controller's line
    c.movi 1, ->a0
    sbi a0, [s0, UART_IER]
    hl.liu INTC, ->a1
    c.movi 1 << UART_LINE, ->a0
    swi a0, [a1, INTC_ENABLE]

; Wait for interrupts; the handler does the work, and on `q` it returns
; to `quit` instead of to the loop.  (Testing a flag the handler sets
; before each BWI would race: the last key could be handled between the
; test and the BWI, which would then wait for a key that never comes.)
; BWI sits in a SYS block, so the interrupt is taken when the block ends.
idle:
    bstart.sys fall
    bwi zero
    bstop
    j idle

quit:
    hl.liu bye, ->a1
    bstart.call puts, after_bye, ->ra
    bstop
after_bye:
    ; the interrupt count in hex, then CR LF
    hl.liu 60, ->a1                 ; shift of the top nibble
hex_digit:
    bstart.std cond, hex_digit
    srl x0, a1, ->a0
    andi a0, 15, ->a0
    hl.liu hexdigits, ->a2
    add a2, a0, ->a2
    lbui [a2, 0], ->a0
    sbi a0, [s0, 0]
    subi a1, 4, ->a1
    setc.gei a1, 0
    bstop
    hl.liu crlf, ->a1
    bstart.call puts, after_crlf, ->ra
    bstop
after_crlf:

    hl.liu EXIT_DEV, ->a1
    hl.liu EXIT_PASS, ->a0
    swi a0, [a1, 0]
hang:
    j hang

; puts: write the NUL-terminated string at a1 to the UART (a0, a1 clobbered)
puts:
    lbui [a1, 0], ->a0
    bstart.std cond, puts_done
    setc.eq a0, zero
    bstop
    sbi a0, [s0, 0]
    addi a1, 1, ->a1
    j puts
puts_done:
    bstart.std ret
    bstop

; The trap handler (ring 0).  Only the UART's ID is enabled, so every
; entry is trap 44 for ID 32; TRAPARG0 gives the ID to acknowledge.  It
; takes one byte per interrupt: while more bytes wait, the UART keeps its
; line high and the ID is pending again after EOIEI, so the next
; interrupt follows at once (one interrupt per byte).
handler:
    bstart.sys fall
    ssrget SR_TRAPARG0, ->s1        ; the interrupt ID
    bstop
    addi x0, 1, ->x0
    lbui [s0, UART_LSR], ->s2
    andi s2, 1, ->s2
    bstart.std cond, rx_done
    setc.eq s2, zero                ; receiver empty: nothing to do
    bstop
    lbui [s0, 0], ->s3              ; the byte
    sbi s3, [s0, 0]                 ; echo
    bstart.std cond, rx_not_cr
    setc.nei s3, 13
    bstop
    c.movi 10, ->s4
    sbi s4, [s0, 0]                 ; CR -> CR LF
rx_not_cr:
    bstart.std cond, rx_done
    setc.nei s3, 'q'
    bstop
    hl.liu quit, ->s4               ; `q`: return to quit (interrupts are
    bstart.sys fall                 ; taken between blocks, so no block
    ssrset s4, SR_EBARG_TPC         ; state is lost)
    bstop
rx_done:
    bstart.sys fall
    ssrset s1, SR_EOIEI             ; acknowledge the ID
    acre 0

    .data
banner:
    .asciz "echo: type, q quits\r\n"
bye:
    .asciz "\r\nbye, interrupts: 0x"
crlf:
    .asciz "\r\n"
hexdigits:
    .ascii "0123456789abcdef"
