/*
 * PTO Tile disassembler glue for -d in_asm / -d out_asm / monitor x/i
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The instruction text comes from the project's ISA library (lib/, linked
 * into the QEMU tree as isa-lib/ by the top-level configure), the same code
 * that tile-objdump uses.  When the library is compiled in,
 * CONFIG_TILE_ISA_LIB is defined and tile_disas_format() calls it; words
 * it cannot format (illegal, reserved) are printed as .half data, as
 * tile-objdump prints them.
 */

#include "qemu/osdep.h"
#include "disas/dis-asm.h"
#include "cpu.h"

#ifdef CONFIG_TILE_ISA_LIB
#include "tile-isa.h"
#endif

/*
 * Decode and format the instruction held in the first @avail bytes of
 * @word.  Returns its length in bytes (fused pairs such as BSTART.CALL are
 * longer than the first parcel says), or 0 when no textual form exists.
 * This is the only place that knows the ISA library's API.
 */
static int tile_disas_format(uint64_t word, int avail, uint64_t pc,
                             char *buf, size_t size)
{
#ifdef CONFIG_TILE_ISA_LIB
    TileIsaInsn d;

    if (tile_isa_decode_word(word, avail, &d) == TILE_ISA_OK &&
        tile_isa_format(&d, pc, buf, size) > 0) {
        return d.length;
    }
#endif
    return 0;
}

static int print_insn_tile(bfd_vma addr, disassemble_info *info)
{
    bfd_byte b[8];
    uint64_t word = 0;
    char text[160];
    int len, avail, n, i, status;

    status = info->read_memory_func(addr, b, 2, info);
    if (status != 0) {
        info->memory_error_func(status, addr, info);
        return -1;
    }
    len = tile_insn_length(b[0] | (b[1] << 8));

    /* Fetch as much as is readable, up to 8 bytes, for fused pairs. */
    avail = 2;
    for (n = 8; n > 2; n -= 2) {
        if (info->read_memory_func(addr + 2, b + 2, n - 2, info) == 0) {
            avail = n;
            break;
        }
    }
    if (avail < len) {
        info->memory_error_func(-1, addr + avail, info);
        return -1;
    }
    for (i = 0; i < avail; i++) {
        word |= (uint64_t)b[i] << (8 * i);
    }

    n = tile_disas_format(word, avail, addr, text, sizeof(text));
    if (n > 0) {
        len = n;
    }
    word = len < 8 ? word & ((1ULL << (8 * len)) - 1) : word;
    if (n > 0) {
        info->fprintf_func(info->stream, "%0*" PRIx64 "  %s",
                           len * 2, word, text);
    } else {
        /* as tile-objdump does: the parcels, as data */
        info->fprintf_func(info->stream, "%0*" PRIx64 "  .half ",
                           len * 2, word);
        for (i = 0; i < len; i += 2) {
            info->fprintf_func(info->stream, "%s0x%04x", i ? ", " : "",
                               (unsigned)((word >> (8 * i)) & 0xffff));
        }
#ifdef CONFIG_TILE_ISA_LIB
        info->fprintf_func(info->stream, " ; <illegal>");
#endif
    }
    return len;
}

void tile_cpu_disas_set_info(CPUState *cs, disassemble_info *info)
{
    info->endian = BFD_ENDIAN_LITTLE;
    info->print_insn = print_insn_tile;
}
