/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tile-as: assembler for PTO ISA 0.58.3 + ADR 0097.
 *
 * Every scalar and command form of the isa/ tables, labels, integer expressions,
 * PC-relative operands from labels, the usual data directives; output is an
 * ELF64 executable (e_machine 0xE9) or a raw binary.  Syntax: docs/assembly.md.
 *
 * The assembler runs passes until every label address is stable, then one
 * final pass in which every symbol must resolve.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tile-as.h"
#include "tile-isa.h"

#define MAX_PASSES 8

static void error_at(AsmState *as, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void error_at(AsmState *as, const char *fmt, ...)
{
    va_list ap;
    if (!as->final) {
        return;             /* report once, in the final pass */
    }
    fprintf(stderr, "%s:%d: ", as->file, as->line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    as->errors++;
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "tile-as: out of memory\n");
        exit(1);
    }
    return q;
}

/* ------------------------------------------------------------------ */
/* Sections and symbols */

static int find_section(AsmState *as, const char *name)
{
    for (int i = 0; i < as->nsections; i++) {
        if (!strcmp(as->sections[i].name, name)) {
            return i;
        }
    }
    return -1;
}

static int switch_section(AsmState *as, const char *name, const char *flags)
{
    int i = find_section(as, name);
    if (i < 0) {
        as->sections = xrealloc(as->sections, sizeof(AsmSection) * (as->nsections + 1));
        AsmSection *s = &as->sections[as->nsections];
        memset(s, 0, sizeof(*s));
        snprintf(s->name, sizeof(s->name), "%s", name);
        s->align = 4;
        bool text = !strncmp(name, ".text", 5);
        s->nobits = !strncmp(name, ".bss", 4) || !strncmp(name, ".sbss", 5);
        s->exec = text;
        s->write = !text;
        if (flags) {
            s->exec = strchr(flags, 'x') != NULL;
            s->write = strchr(flags, 'w') != NULL;
        }
        i = as->nsections++;
    }
    as->cur = i;
    return i;
}

static AsmSection *cur_section(AsmState *as)
{
    if (as->cur < 0) {
        switch_section(as, ".text", NULL);
    }
    return &as->sections[as->cur];
}

static AsmSymbol *find_symbol(AsmState *as, const char *name)
{
    for (int i = 0; i < as->nsymbols; i++) {
        if (!strcmp(as->symbols[i].name, name)) {
            return &as->symbols[i];
        }
    }
    return NULL;
}

static AsmSymbol *get_symbol(AsmState *as, const char *name)
{
    AsmSymbol *s = find_symbol(as, name);
    if (s) {
        return s;
    }
    if (as->nsymbols == as->capsymbols) {
        as->capsymbols = as->capsymbols ? as->capsymbols * 2 : 64;
        as->symbols = xrealloc(as->symbols, sizeof(AsmSymbol) * as->capsymbols);
    }
    s = &as->symbols[as->nsymbols++];
    memset(s, 0, sizeof(*s));
    snprintf(s->name, sizeof(s->name), "%s", name);
    s->section = -1;
    return s;
}

bool asm_symbol_value(AsmState *as, const char *name, int64_t *value)
{
    AsmSymbol *s = find_symbol(as, name);
    if (!s || !s->defined) {
        return false;
    }
    if (s->section < 0) {
        *value = (int64_t)s->offset;
    } else {
        *value = (int64_t)(as->sections[s->section].addr + s->offset);
    }
    return true;
}

static void define_symbol(AsmState *as, const char *name, int section, uint64_t offset)
{
    AsmSymbol *s = get_symbol(as, name);
    if (s->defined && s->defined_pass == as->pass) {
        error_at(as, "symbol '%s' is already defined", name);
        return;
    }
    if (s->defined && (s->section != section || s->offset != offset)) {
        as->changed = true;
    }
    if (!s->defined) {
        as->changed = true;
    }
    s->defined = true;
    s->defined_pass = as->pass;
    s->section = section;
    s->offset = offset;
}

static void emit_bytes(AsmState *as, const void *data, size_t n)
{
    AsmSection *s = cur_section(as);
    if (s->nobits) {
        bool zero = true;
        for (size_t i = 0; i < n; i++) {
            zero &= ((const uint8_t *)data)[i] == 0;
        }
        if (!zero) {
            error_at(as, "initialized data in the no-bits section %s", s->name);
        }
        s->size += n;
        return;
    }
    if (s->size + n > s->cap) {
        s->cap = (s->size + n) * 2 + 256;
        s->data = xrealloc(s->data, s->cap);
    }
    memcpy(s->data + s->size, data, n);
    s->size += n;
}

static void emit_fill(AsmState *as, size_t n, uint8_t fill)
{
    uint8_t buf[256];
    memset(buf, fill, sizeof(buf));
    while (n) {
        size_t k = n > sizeof(buf) ? sizeof(buf) : n;
        emit_bytes(as, buf, k);
        n -= k;
    }
}

/* ------------------------------------------------------------------ */
/* Statements */

static bool eval_cb(void *ctx, const char *expr, int64_t *value, bool *known,
                    char *err, size_t errlen)
{
    return asm_eval(ctx, expr, value, known, err, errlen);
}

static bool eval_now(AsmState *as, const char *expr, int64_t *v, const char *what)
{
    char err[256];
    bool known;
    if (!asm_eval(as, expr, v, &known, err, sizeof(err))) {
        error_at(as, "%s", err);
        return false;
    }
    if (!known) {
        /* Needed to lay out this pass: must not depend on later symbols. */
        if (as->final) {
            error_at(as, "%s must be a constant expression", what);
        }
        *v = 0;
        return as->final ? false : true;
    }
    return true;
}

/* Split a directive's argument list at commas outside quotes and parens. */
static int split_args(const char *s, char args[][512], int max)
{
    int n = 0, depth = 0;
    size_t len = 0;
    bool quote = false, esc = false;
    while (isspace((unsigned char)*s)) {
        s++;
    }
    if (!*s) {
        return 0;
    }
    for (;; s++) {
        char c = *s;
        if (quote) {
            if (esc) {
                esc = false;
            } else if (c == '\\') {
                esc = true;
            } else if (c == '"') {
                quote = false;
            }
        } else if (c == '"') {
            quote = true;
        } else if (c == '(') {
            depth++;
        } else if (c == ')') {
            depth--;
        }
        if (c == '\0' || (c == ',' && !quote && depth == 0)) {
            if (n >= max) {
                return -1;
            }
            while (len && isspace((unsigned char)args[n][len - 1])) {
                len--;
            }
            args[n][len] = '\0';
            n++;
            len = 0;
            if (!c) {
                return n;
            }
            while (isspace((unsigned char)s[1])) {
                s++;
            }
            continue;
        }
        if (len + 1 < 512) {
            args[n][len++] = c;
        } else {
            return -1;
        }
    }
}

static bool parse_string(AsmState *as, const char *s, char *out, size_t *outlen)
{
    size_t n = 0;
    if (*s != '"') {
        error_at(as, "expected a string");
        return false;
    }
    for (s++; *s && *s != '"'; s++) {
        char c = *s;
        if (c == '\\') {
            s++;
            switch (*s) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case '0': c = '\0'; break;
            case '\\': c = '\\'; break;
            case '"': c = '"'; break;
            case 'x': {
                char *end;
                c = (char)strtol(s + 1, &end, 16);
                s = end - 1;
                break;
            }
            default:
                error_at(as, "unknown escape '\\%c'", *s);
                return false;
            }
        }
        out[n++] = c;
    }
    if (*s != '"' || s[1]) {
        error_at(as, "unterminated or malformed string");
        return false;
    }
    *outlen = n;
    return true;
}

static void data_directive(AsmState *as, const char *args, unsigned size)
{
    char list[64][512];
    int n = split_args(args, list, 64);
    if (n <= 0) {
        error_at(as, n < 0 ? "too many values" : "missing value");
        return;
    }
    for (int i = 0; i < n; i++) {
        char err[256];
        bool known;
        int64_t v;
        as->dot = cur_section(as)->addr + cur_section(as)->size;
        if (!asm_eval(as, list[i], &v, &known, err, sizeof(err))) {
            error_at(as, "%s", err);
            v = 0;
        }
        if (size < 8 && known) {
            int64_t lo = -(INT64_C(1) << (size * 8 - 1));
            int64_t hi = (INT64_C(1) << (size * 8)) - 1;
            if (v < lo || v > hi) {
                error_at(as, "value %lld does not fit in %u byte%s", (long long)v, size,
                         size > 1 ? "s" : "");
            }
        }
        uint8_t b[8];
        for (unsigned k = 0; k < size; k++) {
            b[k] = (uint8_t)((uint64_t)v >> (8 * k));
        }
        emit_bytes(as, b, size);
    }
}

static bool is_power_of_two(uint64_t v)
{
    return v && !(v & (v - 1));
}

static void align_to(AsmState *as, uint64_t align)
{
    AsmSection *s = cur_section(as);
    if (align > s->align) {
        s->align = align;
    }
    uint64_t pad = (align - (s->size % align)) % align;
    emit_fill(as, pad, 0);
}

static void directive(AsmState *as, const char *name, const char *args)
{
    char list[8][512];
    int64_t v;

    if (!strcmp(name, ".text") || !strcmp(name, ".data") || !strcmp(name, ".bss")) {
        switch_section(as, name, NULL);
    } else if (!strcmp(name, ".section")) {
        int n = split_args(args, list, 8);
        if (n < 1 || !list[0][0]) {
            error_at(as, ".section needs a name");
            return;
        }
        char flags[64] = "";
        size_t fl = 0;
        if (n >= 2 && !parse_string(as, list[1], flags, &fl)) {
            return;
        }
        flags[fl] = '\0';
        switch_section(as, list[0], n >= 2 ? flags : NULL);
    } else if (!strcmp(name, ".byte")) {
        data_directive(as, args, 1);
    } else if (!strcmp(name, ".half") || !strcmp(name, ".short") || !strcmp(name, ".2byte")) {
        data_directive(as, args, 2);
    } else if (!strcmp(name, ".word") || !strcmp(name, ".long") || !strcmp(name, ".4byte")) {
        data_directive(as, args, 4);
    } else if (!strcmp(name, ".dword") || !strcmp(name, ".quad") || !strcmp(name, ".8byte")) {
        data_directive(as, args, 8);
    } else if (!strcmp(name, ".ascii") || !strcmp(name, ".asciz") || !strcmp(name, ".string")) {
        char strs[16][512];
        int n = split_args(args, strs, 16);
        if (n <= 0) {
            error_at(as, "%s needs a string", name);
            return;
        }
        for (int i = 0; i < n; i++) {
            char buf[512];
            size_t len;
            if (!parse_string(as, strs[i], buf, &len)) {
                return;
            }
            emit_bytes(as, buf, len);
            if (strcmp(name, ".ascii")) {
                emit_fill(as, 1, 0);
            }
        }
    } else if (!strcmp(name, ".align") || !strcmp(name, ".balign") || !strcmp(name, ".p2align")) {
        if (split_args(args, list, 8) != 1 || !eval_now(as, list[0], &v, "alignment")) {
            error_at(as, "%s needs one constant", name);
            return;
        }
        uint64_t a = !strcmp(name, ".p2align") ? (v >= 0 && v < 32 ? UINT64_C(1) << v : 0)
                                               : (uint64_t)v;
        if (!is_power_of_two(a) || a > 0x10000) {
            error_at(as, "alignment %lld is not a power of two up to 65536", (long long)v);
            return;
        }
        align_to(as, a);
    } else if (!strcmp(name, ".globl") || !strcmp(name, ".global")) {
        int n = split_args(args, list, 8);
        for (int i = 0; i < n; i++) {
            get_symbol(as, list[i])->global = true;
        }
        if (n <= 0) {
            error_at(as, "%s needs a symbol", name);
        }
    } else if (!strcmp(name, ".equ") || !strcmp(name, ".set")) {
        if (split_args(args, list, 8) != 2) {
            error_at(as, "%s needs a symbol and a value", name);
            return;
        }
        if (eval_now(as, list[1], &v, "value")) {
            define_symbol(as, list[0], -1, (uint64_t)v);
        }
    } else if (!strcmp(name, ".org")) {
        AsmSection *s = cur_section(as);
        if (split_args(args, list, 8) != 1 || !eval_now(as, list[0], &v, ".org")) {
            error_at(as, ".org needs one constant");
            return;
        }
        /* .org takes an address in the current section */
        int64_t off = v - (int64_t)s->addr;
        if (off < (int64_t)s->size) {
            error_at(as, ".org 0x%llx moves the location counter backwards", (long long)v);
            return;
        }
        emit_fill(as, (size_t)(off - (int64_t)s->size), 0);
    } else if (!strcmp(name, ".space") || !strcmp(name, ".skip") || !strcmp(name, ".zero")) {
        int n = split_args(args, list, 8);
        int64_t fill = 0;
        if (n < 1 || n > 2 || !eval_now(as, list[0], &v, "size") ||
            (n == 2 && !eval_now(as, list[1], &fill, "fill"))) {
            error_at(as, "%s needs a size and an optional fill byte", name);
            return;
        }
        if (v < 0 || v > (1 << 28)) {
            error_at(as, "%s size %lld is out of range", name, (long long)v);
            return;
        }
        if (fill < -128 || fill > 255) {
            error_at(as, "fill value %lld does not fit in a byte", (long long)fill);
            return;
        }
        emit_fill(as, (size_t)v, (uint8_t)fill);
    } else {
        error_at(as, "unknown directive '%s'", name);
    }
}

static void instruction(AsmState *as, const char *text)
{
    AsmSection *s = cur_section(as);
    const TileIsaForm *form;
    uint64_t bits;
    char err[256];

    if (s->size & 1) {
        error_at(as, "instruction at an odd address");
    }
    if (s->align < 2) {
        s->align = 2;
    }
    as->dot = s->addr + s->size;
    if (!tile_isa_assemble(text, as->dot, eval_cb, as, as->final, &form, &bits,
                           err, sizeof(err))) {
        error_at(as, "%s", err);
        /* keep layout stable: reserve the mnemonic's length if known */
        const TileIsaForm *cands[1];
        char mn[64];
        sscanf(text, "%63s", mn);
        if (tile_isa_lookup(mn, cands, 1)) {
            emit_fill(as, cands[0]->length_bits / 8, 0);
        }
        return;
    }
    uint8_t b[8];
    tile_isa_store(bits, form->length_bits / 8, b);
    emit_bytes(as, b, form->length_bits / 8);
}

static void strip_comment(char *line)
{
    bool quote = false;
    char *p = line;
    while (isspace((unsigned char)*p)) {
        p++;
    }
    if (*p == '#') {        /* '#' comments only at the start of a line */
        *line = '\0';
        return;
    }
    for (p = line; *p; p++) {
        if (*p == '"' && (p == line || p[-1] != '\\')) {
            quote = !quote;
        }
        if (!quote && (*p == ';' || (p[0] == '/' && p[1] == '/'))) {
            *p = '\0';
            return;
        }
    }
}

static void statement(AsmState *as, char *line)
{
    strip_comment(line);
    char *p = line;
    for (;;) {
        while (isspace((unsigned char)*p)) {
            p++;
        }
        /* label: identifier followed by ':' */
        char *q = p;
        while (isalnum((unsigned char)*q) || *q == '_' || *q == '.' || *q == '$') {
            q++;
        }
        if (q > p && *q == ':' && !isdigit((unsigned char)*p)) {
            *q = '\0';
            AsmSection *s = cur_section(as);
            define_symbol(as, p, as->cur, s->size);
            p = q + 1;
            continue;
        }
        break;
    }
    if (!*p) {
        return;
    }
    size_t end = strlen(p);
    while (end && isspace((unsigned char)p[end - 1])) {
        p[--end] = '\0';
    }
    if (*p == '.') {
        char name[64];
        size_t n = 0;
        while (p[n] && !isspace((unsigned char)p[n]) && n + 1 < sizeof(name)) {
            name[n] = p[n];
            n++;
        }
        name[n] = '\0';
        as->dot = cur_section(as)->addr + cur_section(as)->size;
        directive(as, name, p + n);
        return;
    }
    instruction(as, p);
}

/* ------------------------------------------------------------------ */

typedef struct Source {
    char *path;
    char *text;
} Source;

static char *read_file(const char *path);
static void process_source(AsmState *as, const char *path, const char *text, int depth);

/* Files named by .include, read once and kept for every pass. */
static Source included[64];
static int nincluded;

static const Source *include_text(AsmState *as, const char *path)
{
    for (int i = 0; i < nincluded; i++) {
        if (!strcmp(included[i].path, path)) {
            return &included[i];
        }
    }
    if (nincluded == 64) {
        error_at(as, "too many included files");
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f) {
        error_at(as, "cannot open include file '%s'", path);
        return NULL;
    }
    fclose(f);
    char *text = read_file(path);
    if (!text) {
        error_at(as, "cannot read include file '%s'", path);
        return NULL;
    }
    included[nincluded].path = strdup(path);
    included[nincluded].text = text;
    return &included[nincluded++];
}

/* .include "FILE": relative to the directory of the including file. */
static void include_directive(AsmState *as, const char *args, int depth)
{
    char name[512], path[1024];
    size_t len;
    while (isspace((unsigned char)*args)) {
        args++;
    }
    if (!parse_string(as, args, name, &len)) {
        return;
    }
    name[len] = '\0';
    const char *slash = strrchr(as->file, '/');
    if (name[0] == '/' || !slash) {
        snprintf(path, sizeof(path), "%s", name);
    } else {
        snprintf(path, sizeof(path), "%.*s/%s", (int)(slash - as->file), as->file, name);
    }
    if (depth >= 16) {
        error_at(as, ".include nested too deeply");
        return;
    }
    const Source *inc = include_text(as, path);
    if (inc) {
        const char *file = as->file;
        int line = as->line;
        process_source(as, inc->path, inc->text, depth + 1);
        as->file = file;
        as->line = line;
    }
}

/*
 * Macros: ".macro NAME [P1[, P2...]]" ... ".endm".  In the body, \P is
 * replaced by the argument and \@ by a number unique to each expansion
 * (for local labels).  A use is a line "NAME ARG1, ARG2".
 */
typedef struct Macro {
    char name[64];
    char params[16][32];
    int nparams;
    char *body;
    const char *file;
    int line;
} Macro;

static Macro macros[256];
static int nmacros;
static int macro_counter;
static Macro *defining;
static size_t defining_len;

static Macro *find_macro(const char *name)
{
    for (int i = 0; i < nmacros; i++) {
        if (!strcasecmp(macros[i].name, name)) {
            return &macros[i];
        }
    }
    return NULL;
}

static void macro_begin(AsmState *as, const char *args)
{
    char list[17][512];
    char head[600];
    snprintf(head, sizeof(head), "%s", args);
    /* NAME then comma-separated parameters */
    char *p = head;
    while (isspace((unsigned char)*p)) {
        p++;
    }
    char *q = p;
    while (*q && !isspace((unsigned char)*q) && *q != ',') {
        q++;
    }
    char name[64];
    snprintf(name, sizeof(name), "%.*s", (int)(q - p), p);
    if (!name[0]) {
        error_at(as, ".macro needs a name");
        return;
    }
    int n = split_args(q, list, 16);
    if (n < 0) {
        error_at(as, "too many macro parameters");
        return;
    }
    Macro *m = find_macro(name);
    if (!m) {
        if (nmacros == 256) {
            error_at(as, "too many macros");
            return;
        }
        m = &macros[nmacros++];
    } else if (m->line != as->line || strcmp(m->file, as->file)) {
        error_at(as, "macro '%s' is already defined", name);
        return;
    }
    memset(m, 0, sizeof(*m));
    snprintf(m->name, sizeof(m->name), "%s", name);
    for (int i = 0; i < n; i++) {
        char *a = list[i];
        while (*a == ',' || isspace((unsigned char)*a)) {
            a++;
        }
        snprintf(m->params[m->nparams++], 32, "%.31s", a);
    }
    m->file = as->file;
    m->line = as->line;
    m->body = xrealloc(NULL, 1);
    m->body[0] = '\0';
    defining = m;
    defining_len = 0;
}

static void macro_add_line(const char *line)
{
    size_t l = strlen(line);
    defining->body = xrealloc(defining->body, defining_len + l + 2);
    memcpy(defining->body + defining_len, line, l);
    defining_len += l;
    defining->body[defining_len++] = '\n';
    defining->body[defining_len] = '\0';
}

static void process_source(AsmState *as, const char *path, const char *text, int depth);

static void macro_expand(AsmState *as, Macro *m, const char *args, int depth)
{
    char list[16][512];
    int n = split_args(args, list, 16);
    if (n < 0 || n > m->nparams) {
        error_at(as, "macro '%s' takes %d argument%s", m->name, m->nparams,
                 m->nparams == 1 ? "" : "s");
        return;
    }
    if (depth >= 16) {
        error_at(as, "macro expansion nested too deeply");
        return;
    }
    size_t cap = strlen(m->body) * 4 + 1024, o = 0;
    char *out = xrealloc(NULL, cap);
    int unique = macro_counter++;
    for (const char *b = m->body; *b; b++) {
        if (o + 600 > cap) {
            cap *= 2;
            out = xrealloc(out, cap);
        }
        if (*b == '\\' && b[1] == '@') {
            o += (size_t)snprintf(out + o, cap - o, "%d", unique);
            b++;
            continue;
        }
        if (*b == '\\') {
            int best = -1;
            size_t bestlen = 0;
            for (int i = 0; i < m->nparams; i++) {
                size_t l = strlen(m->params[i]);
                if (!strncmp(b + 1, m->params[i], l) && l > bestlen &&
                    !(isalnum((unsigned char)b[1 + l]) || b[1 + l] == '_')) {
                    best = i;
                    bestlen = l;
                }
            }
            if (best >= 0) {
                const char *v = best < n ? list[best] : "";
                o += (size_t)snprintf(out + o, cap - o, "%s", v);
                b += bestlen;
                continue;
            }
        }
        out[o++] = *b;
    }
    out[o] = '\0';
    const char *file = as->file;
    int line = as->line;
    /* errors inside the expansion are reported at the use */
    char *save = out;
    while (*out) {
        char *nl = strchr(out, '\n');
        if (nl) {
            *nl = '\0';
        }
        as->file = file;
        as->line = line;
        char buf[4096];
        snprintf(buf, sizeof(buf), "%s", out);
        process_source(as, file, buf, depth + 1);
        as->line = line;
        out = nl ? nl + 1 : out + strlen(out);
    }
    as->file = file;
    as->line = line;
    free(save);
}

static void process_line(AsmState *as, char *buf, int depth)
{
    char *p = buf;
    while (isspace((unsigned char)*p)) {
        p++;
    }
    if (defining) {
        if (!strncasecmp(p, ".endm", 5) && !isalnum((unsigned char)p[5])) {
            defining = NULL;
        } else if (!strncasecmp(p, ".macro", 6) && isspace((unsigned char)p[6])) {
            error_at(as, "nested .macro");
        } else {
            macro_add_line(buf);
        }
        return;
    }
    if (!strncmp(p, ".include", 8) && isspace((unsigned char)p[8])) {
        include_directive(as, p + 8, depth);
        return;
    }
    if (!strncasecmp(p, ".macro", 6) && isspace((unsigned char)p[6])) {
        macro_begin(as, p + 6);
        return;
    }
    if (!strncasecmp(p, ".endm", 5) && !isalnum((unsigned char)p[5])) {
        error_at(as, ".endm without .macro");
        return;
    }
    /* a macro use: first word (after any labels) names a macro */
    char copy[4096];
    snprintf(copy, sizeof(copy), "%s", buf);
    strip_comment(copy);
    char *w = copy, *labels_end = copy;
    for (;;) {
        while (isspace((unsigned char)*w)) {
            w++;
        }
        char *q = w;
        while (isalnum((unsigned char)*q) || *q == '_' || *q == '.' || *q == '$') {
            q++;
        }
        if (q > w && *q == ':') {
            w = labels_end = q + 1;
            continue;
        }
        char name[64];
        snprintf(name, sizeof(name), "%.*s", (int)(q - w), w);
        Macro *m = name[0] ? find_macro(name) : NULL;
        if (m) {
            *labels_end = '\0';
            statement(as, copy);        /* the labels before the use */
            macro_expand(as, m, q, depth);
            return;
        }
        break;
    }
    statement(as, buf);
}

static void process_source(AsmState *as, const char *path, const char *text, int depth)
{
    as->file = path;
    if (depth == 0 || strchr(text, '\n')) {
        as->line = 0;
    }
    bool single = !strchr(text, '\n') && depth > 0;
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        char buf[4096];
        if (!single) {
            as->line++;
        }
        if (len >= sizeof(buf)) {
            error_at(as, "line too long");
        } else {
            memcpy(buf, text, len);
            buf[len] = '\0';
            process_line(as, buf, depth);
        }
        text += len + (nl ? 1 : 0);
    }
}

static void run_pass(AsmState *as, Source *src, int nsrc)
{
    for (int i = 0; i < as->nsections; i++) {
        as->sections[i].size = 0;
    }
    as->cur = -1;
    as->changed = false;
    macro_counter = 0;
    for (int f = 0; f < nsrc; f++) {
        process_source(as, src[f].path, src[f].text, 0);
    }
    if (defining) {
        error_at(as, ".macro '%s' has no .endm", defining->name);
        defining = NULL;
    }
}

static void layout(AsmState *as)
{
    uint64_t addr = as->base;
    for (int i = 0; i < as->nsections; i++) {
        AsmSection *s = &as->sections[i];
        uint64_t align = s->align < 16 ? 16 : s->align;
        if (i == 0) {
            align = 1;      /* the first section starts exactly at the base */
        }
        addr = (addr + align - 1) & ~(align - 1);
        if (s->addr != addr) {
            as->changed = true;
        }
        s->addr = addr;
        addr += s->size;
    }
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "tile-as: cannot open %s: %s\n", path, strerror(errno));
        return NULL;
    }
    size_t cap = 65536, n = 0;
    char *buf = xrealloc(NULL, cap);
    size_t k;
    while ((k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (n + 1 >= cap) {
            cap *= 2;
            buf = xrealloc(buf, cap);
        }
    }
    fclose(f);
    buf[n] = '\0';
    if (strlen(buf) != n) {
        fprintf(stderr, "tile-as: %s: contains a NUL byte\n", path);
        free(buf);
        return NULL;
    }
    return buf;
}

static void usage(void)
{
    fprintf(stderr,
            "usage: tile-as [-o OUTPUT] [--base ADDR] [-O elf|binary] FILE...\n"
            "Assemble PTO 0.58.3 + ADR 0097 source into an ELF64 executable\n"
            "(e_machine 0xE9, entry _start) or a raw binary.\n");
}

int main(int argc, char **argv)
{
    const char *out = "a.out";
    bool binary = false;
    AsmState as;
    Source src[64];
    int nsrc = 0;

    memset(&as, 0, sizeof(as));
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if ((!strcmp(a, "--base") || !strcmp(a, "-b")) && i + 1 < argc) {
            char *end;
            errno = 0;
            as.base = strtoull(argv[++i], &end, 0);
            if (*end || errno || (as.base & 1)) {
                fprintf(stderr, "tile-as: bad base address '%s'\n", argv[i]);
                return 1;
            }
        } else if (!strncmp(a, "--base=", 7)) {
            char *end;
            as.base = strtoull(a + 7, &end, 0);
            if (*end || (as.base & 1)) {
                fprintf(stderr, "tile-as: bad base address '%s'\n", a + 7);
                return 1;
            }
        } else if (!strcmp(a, "-O") && i + 1 < argc) {
            const char *fmt = argv[++i];
            if (!strcmp(fmt, "binary")) {
                binary = true;
            } else if (strcmp(fmt, "elf")) {
                fprintf(stderr, "tile-as: unknown output format '%s'\n", fmt);
                return 1;
            }
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage();
            return 0;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "tile-as: unknown option '%s'\n", a);
            usage();
            return 1;
        } else if (nsrc < 64) {
            src[nsrc].path = (char *)a;
            if (!(src[nsrc].text = read_file(a))) {
                return 1;
            }
            nsrc++;
        } else {
            fprintf(stderr, "tile-as: too many input files\n");
            return 1;
        }
    }
    if (!nsrc) {
        usage();
        return 1;
    }

    for (as.pass = 1; as.pass <= MAX_PASSES; as.pass++) {
        run_pass(&as, src, nsrc);
        layout(&as);
        if (!as.changed && as.pass > 1) {
            break;
        }
    }
    as.final = true;
    as.pass++;
    run_pass(&as, src, nsrc);
    for (int i = 0; i < as.nsymbols; i++) {
        if (as.symbols[i].global && !as.symbols[i].defined) {
            fprintf(stderr, "%s: global symbol '%s' is never defined\n", src[0].path,
                    as.symbols[i].name);
            as.errors++;
        }
    }
    if (as.errors) {
        return 1;
    }
    int64_t entry;
    if (!asm_symbol_value(&as, "_start", &entry)) {
        entry = (int64_t)as.base;
    }
    bool ok = binary ? asm_write_binary(&as, out) : asm_write_elf(&as, out, (uint64_t)entry);
    if (!ok) {
        remove(out);
        return 1;
    }
    return 0;
}
