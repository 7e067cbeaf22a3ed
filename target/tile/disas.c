/*
 * PTO Tile disassembler glue for -d in_asm / -d out_asm / monitor x/i
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The instruction text comes from the project's ISA library (lib/, linked
 * into the QEMU tree as isa-lib/ by the top-level configure), the same code
 * that tile-objdump uses (tile_isa_disassemble()), so -d in_asm and
 * tile-objdump always print the same text.
 */

#include "qemu/osdep.h"
#include "disas/dis-asm.h"
#include "cpu.h"

#include "tile-isa.h"


static int print_insn_tile(bfd_vma addr, disassemble_info *info)
{
    bfd_byte b[8];
    char text[256];
    uint64_t word = 0;
    int avail, n, i;
    bool is_insn;

    int status = info->read_memory_func(addr, b, 2, info);
    if (status != 0) {
        info->memory_error_func(status, addr, info);
        return -1;
    }
    /* Fetch as much as is readable, up to 8 bytes, for fused pairs. */
    avail = 2;
    for (n = 8; n > 2; n -= 2) {
        if (info->read_memory_func(addr + 2, b + 2, n - 2, info) == 0) {
            avail = n;
            break;
        }
    }
    /* the same text as tile-objdump prints */
    n = tile_isa_disassemble(b, avail, addr, text, sizeof(text), &is_insn);
    for (i = 0; i < n; i++) {
        word |= (uint64_t)b[i] << (8 * i);
    }
    info->fprintf_func(info->stream, "%0*" PRIx64 "  %s", n * 2, word, text);
    return n;
}

void tile_cpu_disas_set_info(CPUState *cs, disassemble_info *info)
{
    info->endian = BFD_ENDIAN_LITTLE;
    info->print_insn = print_insn_tile;
}
