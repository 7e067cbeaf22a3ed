/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tile-as internal interfaces. */
#ifndef TILE_AS_H
#define TILE_AS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct AsmSection {
    char name[64];
    uint8_t *data;
    size_t size, cap;
    uint64_t align;
    uint64_t addr;
    bool exec, write, nobits;
} AsmSection;

typedef struct AsmSymbol {
    char name[128];
    int section;            /* index, or -1 for an absolute (.equ) symbol */
    uint64_t offset;        /* section offset, or the value when absolute */
    bool defined, global;
    int defined_pass;
} AsmSymbol;

typedef struct AsmState {
    AsmSection *sections;
    int nsections, cur;
    AsmSymbol *symbols;
    int nsymbols, capsymbols;
    uint64_t base;
    uint64_t dot;           /* address of the current statement */
    int pass;
    bool final;             /* last pass: everything must resolve */
    bool changed;           /* a symbol moved during this pass */
    int errors;
    const char *file;
    int line;
} AsmState;

bool asm_symbol_value(AsmState *as, const char *name, int64_t *value);
bool asm_eval(AsmState *as, const char *text, int64_t *value, bool *known,
              char *err, size_t errlen);
bool asm_write_elf(AsmState *as, const char *path, uint64_t entry);
bool asm_write_binary(AsmState *as, const char *path);

#endif
