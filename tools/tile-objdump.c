/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tile-objdump: disassembler for PTO ISA 0.58.3 + ADR 0097.
 *
 *   tile-objdump [-S] FILE.elf           code sections of an ELF64 (EM 0xE9)
 *   tile-objdump [-S] --raw FILE [--base ADDR]
 *
 * One line per instruction: "ADDR: HEX  TEXT".  Bytes that are not an
 * instruction are shown as a data directive with the marker "; <illegal>"
 * (or "; <reserved NAME>", "; <truncated>").  TEXT always assembles back
 * to the same bytes; -S prints TEXT alone (with labels), ready for tile-as.
 * An ELF file's ISA identity note (.note.pto.isa, docs/isa-identity.md)
 * comes first, compared with this tool's own identity; a malformed note
 * is one line on stderr and status 1 (the code is still shown).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-elf.h"
#include "tile-isa.h"

typedef struct Label {
    uint64_t addr;
    const char *name;
} Label;

static bool source_only;

static void print_labels(const Label *labels, int n, uint64_t addr)
{
    for (int i = 0; i < n; i++) {
        if (labels[i].addr != addr) {
            continue;
        }
        if (source_only) {
            printf("%s:\n", labels[i].name);
        } else {
            printf("\n%016" PRIx64 " <%s>:\n", addr, labels[i].name);
        }
    }
}

static void line(uint64_t addr, const uint8_t *p, unsigned len, const char *text)
{
    if (source_only) {
        printf("    %s\n", text);
        return;
    }
    /* the instruction as one little-endian word, like other objdumps */
    char hex[32];
    uint64_t w = 0;
    for (unsigned i = 0; i < len; i++) {
        w |= (uint64_t)p[i] << (8 * i);
    }
    snprintf(hex, sizeof(hex), "%0*" PRIx64, (int)len * 2, w);
    printf("%8" PRIx64 ":  %-20s  %s\n", addr, hex, text);
}

static void disassemble(const uint8_t *code, size_t size, uint64_t base,
                        const Label *labels, int nlabels)
{
    size_t off = 0;
    while (off < size) {
        uint64_t addr = base + off;
        char text[256];
        print_labels(labels, nlabels, addr);
        bool is_insn;
        unsigned len = tile_isa_disassemble(code + off, size - off, addr, text,
                                            sizeof(text), &is_insn);
        line(addr, code + off, len, text);
        off += len;
    }
}

static uint8_t *read_all(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "tile-objdump: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 65536, n = 0, k;
    uint8_t *buf = malloc(cap);
    while (buf && (k = fread(buf + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "tile-objdump: out of memory\n");
        return NULL;
    }
    *size = n;
    return buf;
}

static bool in_file(size_t size, uint64_t off, uint64_t len)
{
    return off <= size && len <= size - off;
}

/* The image's ISA identity note against this tool's; 1 if malformed. */
static int show_identity(const char *path, const uint8_t *img, size_t size)
{
    TileIsaIdentity id;
    char why[160];

    switch (tile_isa_elf_identity(img, size, &id, why, sizeof(why))) {
    case TILE_ISA_NOTE_ABSENT:
        if (!source_only) {
            printf("ISA identity: none (no %s note)\n", TILE_ISA_NOTE_SECTION);
        }
        return 0;
    case TILE_ISA_NOTE_MALFORMED:
        fprintf(stderr, "tile-objdump: %s: malformed ISA identity note: %s\n", path, why);
        return 1;
    case TILE_ISA_NOTE_FOUND:
        break;
    }
    if (!source_only) {
        TileIsaIdentityCheck c = tile_isa_identity_compare(&id, &tile_isa_identity);

        printf("ISA identity: release %s, encoding_abi %s, encoding_projection_sha256 %s",
               id.release, id.encoding_abi, id.encoding_projection_sha256);
        if (c == TILE_ISA_IDENTITY_MATCH) {
            printf(" (this tool's)\n");
        } else {
            printf(" (not this tool's: %s)\n", tile_isa_identity_reason(c));
        }
    }
    return 0;
}

static int dump_elf(const char *path, const uint8_t *img, size_t size)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)img;
    if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG)) {
        fprintf(stderr, "tile-objdump: %s: not an ELF file (use --raw for a binary)\n", path);
        return 1;
    }
    if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != ELFDATA2LSB) {
        fprintf(stderr, "tile-objdump: %s: not a little-endian ELF64 file\n", path);
        return 1;
    }
    if (eh->e_machine != EM_TILE) {
        fprintf(stderr, "tile-objdump: %s: e_machine is %u, not %u (PTO)\n", path,
                eh->e_machine, EM_TILE);
        return 1;
    }
    if (eh->e_shentsize != sizeof(Elf64_Shdr) ||
        !in_file(size, eh->e_shoff, (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr)) ||
        eh->e_shstrndx >= eh->e_shnum) {
        fprintf(stderr, "tile-objdump: %s: truncated or malformed section headers\n", path);
        return 1;
    }
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(img + eh->e_shoff);
    const Elf64_Shdr *shstr = &sh[eh->e_shstrndx];
    if (!in_file(size, shstr->sh_offset, shstr->sh_size)) {
        fprintf(stderr, "tile-objdump: %s: truncated section name table\n", path);
        return 1;
    }
    int rc = show_identity(path, img, size);

    /* symbols as labels */
    Label *labels = NULL;
    int nlabels = 0;
    for (unsigned i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type != SHT_SYMTAB || sh[i].sh_link >= eh->e_shnum ||
            !in_file(size, sh[i].sh_offset, sh[i].sh_size)) {
            continue;
        }
        const Elf64_Shdr *strs = &sh[sh[i].sh_link];
        if (!in_file(size, strs->sh_offset, strs->sh_size) || !strs->sh_size) {
            continue;
        }
        const char *strtab = (const char *)img + strs->sh_offset;
        size_t n = sh[i].sh_size / sizeof(Elf64_Sym);
        const Elf64_Sym *syms = (const Elf64_Sym *)(img + sh[i].sh_offset);
        labels = calloc(n + 1, sizeof(Label));
        for (size_t j = 1; j < n; j++) {
            if (syms[j].st_name >= strs->sh_size || syms[j].st_shndx == SHN_ABS ||
                syms[j].st_shndx == SHN_UNDEF ||
                memchr(strtab + syms[j].st_name, 0, strs->sh_size - syms[j].st_name) == NULL) {
                continue;
            }
            labels[nlabels].addr = syms[j].st_value;
            labels[nlabels].name = strtab + syms[j].st_name;
            nlabels++;
        }
    }

    for (unsigned i = 0; i < eh->e_shnum; i++) {
        if (!(sh[i].sh_flags & SHF_EXECINSTR) || sh[i].sh_type != SHT_PROGBITS) {
            continue;
        }
        if (!in_file(size, sh[i].sh_offset, sh[i].sh_size)) {
            fprintf(stderr, "tile-objdump: %s: section %u extends past the end of the file\n",
                    path, i);
            free(labels);
            return 1;
        }
        const char *name = sh[i].sh_name < shstr->sh_size ?
                           (const char *)img + shstr->sh_offset + sh[i].sh_name : "?";
        if (source_only) {
            printf("    .section %s, \"ax\"\n    .org 0x%" PRIx64 "\n", name, sh[i].sh_addr);
        } else {
            printf("\nDisassembly of section %s:\n", name);
        }
        disassemble(img + sh[i].sh_offset, sh[i].sh_size, sh[i].sh_addr, labels, nlabels);
    }
    free(labels);
    return rc;
}

int main(int argc, char **argv)
{
    const char *path = NULL;
    bool raw = false;
    uint64_t base = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--raw")) {
            raw = true;
        } else if (!strcmp(argv[i], "-S")) {
            source_only = true;
        } else if (!strcmp(argv[i], "--base") && i + 1 < argc) {
            char *end;
            errno = 0;
            base = strtoull(argv[++i], &end, 0);
            if (*end || errno) {
                fprintf(stderr, "tile-objdump: bad base address '%s'\n", argv[i]);
                return 1;
            }
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "tile-objdump: unknown option '%s'\n"
                    "usage: tile-objdump [-S] FILE.elf | tile-objdump [-S] --raw FILE [--base ADDR]\n",
                    argv[i]);
            return 1;
        } else if (!path) {
            path = argv[i];
        } else {
            fprintf(stderr, "tile-objdump: only one input file\n");
            return 1;
        }
    }
    if (!path) {
        fprintf(stderr, "usage: tile-objdump [-S] FILE.elf | tile-objdump [-S] --raw FILE [--base ADDR]\n");
        return 1;
    }
    size_t size;
    uint8_t *img = read_all(path, &size);
    if (!img) {
        return 1;
    }
    int rc = 0;
    if (raw) {
        if (source_only) {
            printf("    .org 0x%" PRIx64 "\n", base);
        }
        disassemble(img, size, base, NULL, 0);
    } else {
        rc = dump_elf(path, img, size);
    }
    free(img);
    return rc;
}
