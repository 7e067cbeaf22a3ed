/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One disassembly line for any bytes: the instruction's canonical text, or
 * a .half/.byte data directive with a marker.  tile-objdump and the QEMU
 * target's -d in_asm both print through this, so they always agree, and
 * the text always assembles back to the same bytes.
 */
#include <stdio.h>
#include <string.h>

#include "tile-isa.h"

unsigned tile_isa_disassemble(const uint8_t *buf, size_t avail, uint64_t pc,
                              char *text, size_t len, bool *is_insn)
{
    TileIsaInsn insn;
    char canon[256] = "";
    size_t o;

    *is_insn = false;
    if (avail == 0) {
        snprintf(text, len, "; <no bytes>");
        return 0;
    }
    if (avail == 1) {
        snprintf(text, len, ".byte 0x%02x ; <truncated>", buf[0]);
        return 1;
    }
    TileIsaStatus st = tile_isa_decode(buf, avail, &insn);
    unsigned n = insn.length ? insn.length : 2;
    if (st == TILE_ISA_OK && tile_isa_format(&insn, pc, text, len) >= 0) {
        /* Bits outside every field and the fixed mask (the DstTile bits of
         * a source-only B.IOT) do not survive the text: show such words as
         * data, with the instruction in the marker. */
        uint64_t again;
        char err[128];
        if (tile_isa_encode(insn.form, insn.value, &again, err, sizeof(err)) &&
            again == insn.bits) {
            *is_insn = true;
            return n;
        }
        snprintf(canon, sizeof(canon), "%s", text);
    }
    if (n > avail) {
        n = (unsigned)(avail & ~(size_t)1);
    }
    o = (size_t)snprintf(text, len, ".half ");
    for (unsigned i = 0; i < n && o < len; i += 2) {
        o += (size_t)snprintf(text + o, len - o, "%s0x%02x%02x", i ? ", " : "",
                              buf[i + 1], buf[i]);
    }
    if (o < len) {
        const char *why = canon[0] ? "non-canonical: " :
                          st == TILE_ISA_RESERVED ? "reserved " :
                          st == TILE_ISA_TRUNCATED ? "truncated" : "illegal";
        snprintf(text + o, len - o, " ; <%s%s>", why,
                 canon[0] ? canon : st == TILE_ISA_RESERVED ? insn.reserved->mnemonic : "");
    }
    return n;
}
