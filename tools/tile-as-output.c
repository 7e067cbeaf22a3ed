/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tile-as output writers: ELF64 executable and raw binary. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-as.h"
#include "tile-elf.h"
#include "tile-isa.h"

typedef struct Buf {
    uint8_t *data;
    size_t size, cap;
} Buf;

static void buf_put(Buf *b, const void *p, size_t n)
{
    if (b->size + n > b->cap) {
        b->cap = (b->size + n) * 2 + 4096;
        b->data = realloc(b->data, b->cap);
        if (!b->data) {
            fprintf(stderr, "tile-as: out of memory\n");
            exit(1);
        }
    }
    memcpy(b->data + b->size, p, n);
    b->size += n;
}

static void buf_align(Buf *b, size_t a)
{
    static const uint8_t zero[16];
    while (b->size % a) {
        buf_put(b, zero, 1);
    }
}

static size_t strtab_add(Buf *b, const char *s)
{
    size_t off = b->size;
    buf_put(b, s, strlen(s) + 1);
    return off;
}

static bool write_all(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "tile-as: cannot create %s: %s\n", path, strerror(errno));
        return false;
    }
    bool ok = fwrite(data, 1, n, f) == n;
    ok &= fclose(f) == 0;
    if (!ok) {
        fprintf(stderr, "tile-as: cannot write %s\n", path);
    }
    return ok;
}

/* The header of a section that is not loaded (string tables, notes). */
static void put_file_section_header(Buf *file, size_t name, Elf64_Word type, size_t offset,
                                    size_t size, size_t align)
{
    Elf64_Shdr sh;

    memset(&sh, 0, sizeof(sh));
    sh.sh_name = (Elf64_Word)name;
    sh.sh_type = type;
    sh.sh_offset = offset;
    sh.sh_size = size;
    sh.sh_addralign = align;
    buf_put(file, &sh, sizeof(sh));
}

bool asm_write_elf(AsmState *as, const char *path, uint64_t entry)
{
    Buf file = { 0 }, shstr = { 0 }, str = { 0 }, sym = { 0 };
    int nsec = as->nsections;
    int nload = 0;

    for (int i = 0; i < nsec; i++) {
        nload += as->sections[i].size > 0;
    }
    Elf64_Ehdr eh;
    memset(&eh, 0, sizeof(eh));
    memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
    eh.e_type = ET_EXEC;
    eh.e_machine = EM_TILE;
    eh.e_version = EV_CURRENT;
    eh.e_entry = entry;
    eh.e_ehsize = sizeof(Elf64_Ehdr);
    eh.e_phentsize = sizeof(Elf64_Phdr);
    eh.e_phnum = (Elf64_Half)nload;
    eh.e_phoff = nload ? sizeof(Elf64_Ehdr) : 0;
    eh.e_shentsize = sizeof(Elf64_Shdr);

    buf_put(&file, &eh, sizeof(eh));
    size_t phoff = file.size;
    Elf64_Phdr zero_ph;
    memset(&zero_ph, 0, sizeof(zero_ph));
    for (int i = 0; i < nload; i++) {
        buf_put(&file, &zero_ph, sizeof(zero_ph));
    }

    /* section contents */
    size_t *offs = calloc(nsec + 1, sizeof(size_t));
    int ph = 0;
    for (int i = 0; i < nsec; i++) {
        AsmSection *s = &as->sections[i];
        buf_align(&file, 16);
        offs[i] = file.size;
        if (!s->nobits && s->size) {
            buf_put(&file, s->data, s->size);
        }
        if (!s->size) {
            continue;
        }
        Elf64_Phdr p;
        memset(&p, 0, sizeof(p));
        p.p_type = PT_LOAD;
        p.p_flags = PF_R | (s->exec ? PF_X : 0) | (s->write ? PF_W : 0);
        p.p_offset = offs[i];
        p.p_vaddr = p.p_paddr = s->addr;
        p.p_filesz = s->nobits ? 0 : s->size;
        p.p_memsz = s->size;
        p.p_align = 4;
        memcpy(file.data + phoff + ph * sizeof(p), &p, sizeof(p));
        ph++;
    }

    /* symbols: locals first */
    strtab_add(&str, "");
    Elf64_Sym es;
    memset(&es, 0, sizeof(es));
    buf_put(&sym, &es, sizeof(es));
    int nlocal = 1;
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < as->nsymbols; i++) {
            AsmSymbol *s = &as->symbols[i];
            if (!s->defined || s->global != (pass == 1)) {
                continue;
            }
            memset(&es, 0, sizeof(es));
            es.st_name = (Elf64_Word)strtab_add(&str, s->name);
            bool code = s->section >= 0 && as->sections[s->section].exec;
            es.st_info = ELF64_ST_INFO(s->global ? STB_GLOBAL : STB_LOCAL,
                                       code ? STT_FUNC : (s->section >= 0 ? STT_OBJECT : STT_NOTYPE));
            es.st_shndx = s->section >= 0 ? (Elf64_Section)(s->section + 1) : SHN_ABS;
            es.st_value = s->section >= 0 ? as->sections[s->section].addr + s->offset : s->offset;
            buf_put(&sym, &es, sizeof(es));
            if (pass == 0) {
                nlocal++;
            }
        }
    }
    buf_align(&file, 8);
    size_t symoff = file.size;
    buf_put(&file, sym.data, sym.size);
    size_t stroff = file.size;
    buf_put(&file, str.data, str.size);

    strtab_add(&shstr, "");
    size_t *names = calloc(nsec + 1, sizeof(size_t));
    for (int i = 0; i < nsec; i++) {
        names[i] = strtab_add(&shstr, as->sections[i].name);
    }
    size_t n_symtab = strtab_add(&shstr, ".symtab");
    size_t n_strtab = strtab_add(&shstr, ".strtab");
    size_t n_shstrtab = strtab_add(&shstr, ".shstrtab");
    size_t n_note = strtab_add(&shstr, TILE_ISA_NOTE_SECTION);
    size_t shstroff = file.size;
    buf_put(&file, shstr.data, shstr.size);

    /* the ISA identity note (docs/isa-identity.md), not loaded */
    uint8_t note[512];
    size_t note_size = tile_isa_identity_note(&tile_isa_identity, note, sizeof(note));
    if (note_size > sizeof(note)) {
        fprintf(stderr, "tile-as: the ISA identity note does not fit\n");
        exit(1);
    }
    buf_align(&file, 4);
    size_t noteoff = file.size;
    buf_put(&file, note, note_size);

    buf_align(&file, 8);
    size_t shoff = file.size;
    Elf64_Shdr sh;
    memset(&sh, 0, sizeof(sh));
    buf_put(&file, &sh, sizeof(sh));
    for (int i = 0; i < nsec; i++) {
        AsmSection *s = &as->sections[i];
        memset(&sh, 0, sizeof(sh));
        sh.sh_name = (Elf64_Word)names[i];
        sh.sh_type = s->nobits ? SHT_NOBITS : SHT_PROGBITS;
        sh.sh_flags = SHF_ALLOC | (s->exec ? SHF_EXECINSTR : 0) | (s->write ? SHF_WRITE : 0);
        sh.sh_addr = s->addr;
        sh.sh_offset = offs[i];
        sh.sh_size = s->size;
        sh.sh_addralign = s->align;
        buf_put(&file, &sh, sizeof(sh));
    }
    memset(&sh, 0, sizeof(sh));
    sh.sh_name = (Elf64_Word)n_symtab;
    sh.sh_type = SHT_SYMTAB;
    sh.sh_offset = symoff;
    sh.sh_size = sym.size;
    sh.sh_link = (Elf64_Word)(nsec + 2);
    sh.sh_info = (Elf64_Word)nlocal;
    sh.sh_addralign = 8;
    sh.sh_entsize = sizeof(Elf64_Sym);
    buf_put(&file, &sh, sizeof(sh));
    put_file_section_header(&file, n_strtab, SHT_STRTAB, stroff, str.size, 1);
    put_file_section_header(&file, n_shstrtab, SHT_STRTAB, shstroff, shstr.size, 1);
    put_file_section_header(&file, n_note, SHT_NOTE, noteoff, note_size, 4);

    Elf64_Ehdr *h = (Elf64_Ehdr *)file.data;
    h->e_shoff = shoff;
    h->e_shnum = (Elf64_Half)(nsec + 5);
    h->e_shstrndx = (Elf64_Half)(nsec + 3);

    bool ok = write_all(path, file.data, file.size);
    free(file.data);
    free(shstr.data);
    free(str.data);
    free(sym.data);
    free(offs);
    free(names);
    return ok;
}

bool asm_write_binary(AsmState *as, const char *path)
{
    uint64_t lo = UINT64_MAX, hi = 0;
    for (int i = 0; i < as->nsections; i++) {
        AsmSection *s = &as->sections[i];
        if (s->nobits || !s->size) {
            continue;
        }
        lo = s->addr < lo ? s->addr : lo;
        hi = s->addr + s->size > hi ? s->addr + s->size : hi;
    }
    if (lo == UINT64_MAX) {
        lo = hi = as->base;
    }
    if (hi - lo > (UINT64_C(1) << 30)) {
        fprintf(stderr, "tile-as: binary image would be larger than 1 GiB\n");
        return false;
    }
    uint8_t *img = calloc(1, hi - lo + 1);
    for (int i = 0; i < as->nsections; i++) {
        AsmSection *s = &as->sections[i];
        if (!s->nobits && s->size) {
            memcpy(img + (s->addr - lo), s->data, s->size);
        }
    }
    bool ok = write_all(path, img, hi - lo);
    free(img);
    return ok;
}
