/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Assembly syntax: formatting decoded instructions and matching assembly
 * text against the syntax templates of the isa/ tables.  The two directions walk
 * the same template, so formatted text always assembles back to the same
 * bits.  The template notation is described in docs/isa-tables.md and the
 * user syntax in docs/assembly.md.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tile-isa-internal.h"

#define MAX_OPS 16
#define MAX_TEXT 256

static const char *const gpr_names[24] = {
    "zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "ra",
    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8",
    "x0", "x1", "x2", "x3",
};

static const char *const src_queue_names[8] = {
    "t#1", "t#2", "t#3", "t#4", "u#1", "u#2", "u#3", "u#4",
};

static const char *const data_type_names[32] = {
    [0] = "fp64", [1] = "fp32", [2] = "tf32", [3] = "hf32", [4] = "fp16",
    [5] = "bf16", [6] = "hif8", [7] = "e4m3", [8] = "e5m2", [9] = "e3m2",
    [10] = "e2m3", [11] = "e2m1x2", [12] = "e1m2x2", [13] = "e8m0",
    [14] = "hif4x2", [16] = "s64", [17] = "s32", [18] = "s16", [19] = "s8",
    [20] = "s4x2", [24] = "u64", [25] = "u32", [26] = "u16", [27] = "u8",
    [28] = "u4x2",
};

/* PEMode -> participating-PE mask, written PE0 first (PTO-BLOCK B.IOT). */
static const char *const pe_masks[8] = {
    "0000", "1000", "0100", "0010", "0001", "1100", "1110", "1111",
};

static const char tile_hands[4] = { 't', 'u', 'm', 'n' };

const char *tile_isa_reg_name(unsigned code)
{
    if (code < 24) {
        return gpr_names[code];
    }
    return code < 32 ? src_queue_names[code - 24] : "?";
}

const char *tile_isa_data_type_name(unsigned code)
{
    return code < 32 ? data_type_names[code] : NULL;
}

/* ------------------------------------------------------------------ */
/* Template pieces */

typedef struct Placeholder {
    char field[32];         /* field name, or "a+b+c" for ord */
    char kind[8];
    char arg[64];           /* text after '=' */
} Placeholder;

/* Parse "{Field:kind=arg}" at s (s[0] == '{'); returns chars consumed. */
static int parse_placeholder(const char *s, Placeholder *ph)
{
    const char *end = strchr(s, '}');
    const char *colon = strchr(s, ':');
    memset(ph, 0, sizeof(*ph));
    if (!end || !colon || colon > end) {
        return -1;
    }
    snprintf(ph->field, sizeof(ph->field), "%.*s", (int)(colon - s - 1), s + 1);
    const char *eq = memchr(colon, '=', end - colon);
    if (eq) {
        snprintf(ph->kind, sizeof(ph->kind), "%.*s", (int)(eq - colon - 1), colon + 1);
        snprintf(ph->arg, sizeof(ph->arg), "%.*s", (int)(end - eq - 1), eq + 1);
    } else {
        snprintf(ph->kind, sizeof(ph->kind), "%.*s", (int)(end - colon - 1), colon + 1);
    }
    return (int)(end - s + 1);
}

/* Split at top-level ", " (outside [] () {}); returns count. */
static int split_operands(const char *s, char ops[][MAX_TEXT], int max)
{
    int n = 0, depth = 0;
    size_t len = 0;
    bool quote = false;
    while (*s == ' ' || *s == '\t') {
        s++;
    }
    if (!*s) {
        return 0;
    }
    for (; ; s++) {
        char c = *s;
        if (c == '\'' ) {
            quote = !quote;
        }
        if (!quote) {
            if (c == '[' || c == '(' || c == '{') {
                depth++;
            } else if (c == ']' || c == ')' || c == '}') {
                depth--;
            }
        }
        if (c == '\0' || (c == ',' && depth == 0 && !quote)) {
            if (n >= max) {
                return -1;
            }
            while (len && (ops[n][len - 1] == ' ' || ops[n][len - 1] == '\t')) {
                len--;
            }
            ops[n][len] = '\0';
            n++;
            len = 0;
            if (c == '\0') {
                break;
            }
            while (s[1] == ' ' || s[1] == '\t') {
                s++;
            }
            continue;
        }
        if (len + 1 >= MAX_TEXT) {
            return -1;
        }
        ops[n][len++] = c;
    }
    return n;
}

/* A syntax line: optional "[Field=V]" guard, mnemonic part, operands. */
typedef struct Syntax {
    char guard_field[32];
    int64_t guard_value;
    char mnemonic[96];      /* without any ord placeholder */
    char ord_fields[32];    /* "aq+rl+far" when the mnemonic takes a suffix */
    int nops;
    char ops[MAX_OPS][MAX_TEXT];
} Syntax;

static bool parse_syntax(const char *line, Syntax *sx)
{
    memset(sx, 0, sizeof(*sx));
    if (line[0] == '[') {
        const char *eq = strchr(line, '=');
        const char *close = strchr(line, ']');
        if (!eq || !close) {
            return false;
        }
        snprintf(sx->guard_field, sizeof(sx->guard_field), "%.*s", (int)(eq - line - 1), line + 1);
        sx->guard_value = strtoll(eq + 1, NULL, 0);
        line = close + 1;
    }
    const char *sp = strchr(line, ' ');
    size_t mlen = sp ? (size_t)(sp - line) : strlen(line);
    char mn[96];
    snprintf(mn, sizeof(mn), "%.*s", (int)mlen, line);
    char *brace = strchr(mn, '{');
    if (brace) {
        Placeholder ph;
        if (parse_placeholder(brace, &ph) < 0) {
            return false;
        }
        snprintf(sx->ord_fields, sizeof(sx->ord_fields), "%s", ph.field);
        *brace = '\0';
    }
    snprintf(sx->mnemonic, sizeof(sx->mnemonic), "%s", mn);
    if (sp) {
        sx->nops = split_operands(sp + 1, sx->ops, MAX_OPS);
        if (sx->nops < 0) {
            return false;
        }
    }
    return true;
}

/* An operand template that is a single optional placeholder. */
static bool optional_operand(const char *op, Placeholder *ph)
{
    if (op[0] != '{') {
        return false;
    }
    int n = parse_placeholder(op, ph);
    if (n < 0 || op[n] != '\0') {
        return false;
    }
    return !strcmp(ph->kind, "f") || !strcmp(ph->kind, "k");
}

static void lower_name(const char *in, char *out, size_t len)
{
    size_t j = 0;
    for (; *in && j + 1 < len; in++) {
        out[j++] = isalnum((unsigned char)*in) ? (char)tolower((unsigned char)*in) : '_';
    }
    out[j] = '\0';
}

/* The value names of an "m" placeholder: "sw,uw,neg," -> 4 entries. */
static int modifier_names(const char *arg, char names[4][8])
{
    int n = 0;
    const char *s = arg;
    while (n < 4) {
        const char *c = strchr(s, ',');
        size_t l = c ? (size_t)(c - s) : strlen(s);
        snprintf(names[n], 8, "%.*s", (int)l, s);
        n++;
        if (!c) {
            break;
        }
        s = c + 1;
    }
    return n;
}

static const char *const ord_suffixes[8] = {
    "", "aq", "rl", "aqrl", "f", "aqf", "rlf", "aqrlf",
};

/* ------------------------------------------------------------------ */
/* Formatting */

typedef struct OutBuf {
    char *buf;
    size_t len, pos;
} OutBuf;

static void out_printf(OutBuf *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void out_printf(OutBuf *o, const char *fmt, ...)
{
    va_list ap;
    size_t room = o->pos < o->len ? o->len - o->pos : 0;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->pos, room, fmt, ap);
    va_end(ap);
    if (n > 0) {
        o->pos += (size_t)n;
    }
}

static void print_int(OutBuf *o, int64_t v, bool is_signed)
{
    if (is_signed && v < 0) {
        out_printf(o, "%lld", (long long)v);
    } else if ((uint64_t)v < 10) {
        out_printf(o, "%llu", (unsigned long long)v);
    } else {
        out_printf(o, "0x%llx", (unsigned long long)v);
    }
}

static int64_t field_value_by_name(const TileIsaForm *f, const int64_t *values,
                                   const char *name, const TileIsaField **fld)
{
    int i = tile_isa_field_index(f, name);
    *fld = i >= 0 ? &f->fields[i] : NULL;
    return i >= 0 ? values[i] : 0;
}

/* Sign-extend an encoding-defined field whose semantics are signed. */
static int64_t as_signed(const TileIsaField *f, int64_t v)
{
    if (f->width < 64 && ((uint64_t)v >> (f->width - 1)) & 1) {
        return (int64_t)((uint64_t)v | ~((UINT64_C(1) << f->width) - 1));
    }
    return v;
}

/* Base of a PC-relative operand: "pa" uses the TPC with bits [1:0] clear
 * (PC-relative loads and stores), "pcl" the instruction's last parcel (the
 * return target of BSTART.CALL/ICALL), "pc" and "hi" the TPC itself. */
static uint64_t pc_base(const char *kind, const TileIsaForm *f, uint64_t pc)
{
    if (!strcmp(kind, "pa")) {
        return pc & ~UINT64_C(3);
    }
    if (!strcmp(kind, "pcl")) {
        return pc + f->length_bits / 8 - 2;
    }
    return pc;
}

static bool is_pc_kind(const char *k)
{
    return !strcmp(k, "pc") || !strcmp(k, "pa") || !strcmp(k, "pcl") || !strcmp(k, "hi");
}

static void format_placeholder(OutBuf *o, const Placeholder *ph, const TileIsaForm *f,
                               const int64_t *values, uint64_t pc)
{
    const TileIsaField *fld;
    int64_t v = field_value_by_name(f, values, ph->field, &fld);
    const char *k = ph->kind;

    if (!fld) {
        out_printf(o, "?");
    } else if (!strcmp(k, "r")) {
        out_printf(o, "%s", tile_isa_reg_name((unsigned)v));
    } else if (!strcmp(k, "d")) {
        if (v == 31) {
            out_printf(o, "t");
        } else if (v == 30) {
            out_printf(o, "u");
        } else if (v >= 24) {
            out_printf(o, "$%lld", (long long)v);
        } else {
            out_printf(o, "%s", gpr_names[v]);
        }
    } else if (!strcmp(k, "m")) {
        char names[4][8];
        int n = modifier_names(ph->arg, names);
        if (v < n && names[v][0]) {
            out_printf(o, ".%s", names[v]);
        }
    } else if (!strcmp(k, "sh")) {
        if (v) {
            out_printf(o, "<<%lld", (long long)v);
        }
    } else if (!strcmp(k, "i")) {
        int scale = ph->arg[0] ? atoi(ph->arg) : 0;
        print_int(o, (int64_t)((uint64_t)v << scale), fld->sign == 's');
    } else if (!strcmp(k, "p1")) {
        print_int(o, v + 1, false);
    } else if (!strcmp(k, "pc") || !strcmp(k, "pa") || !strcmp(k, "pcl")) {
        int scale = atoi(ph->arg);
        out_printf(o, "0x%llx", (unsigned long long)(pc_base(k, f, pc) + ((uint64_t)v << scale)));
    } else if (!strcmp(k, "hi")) {
        out_printf(o, "0x%llx", (unsigned long long)(pc + ((uint64_t)as_signed(fld, v) << 12)));
    } else if (!strcmp(k, "tile")) {
        out_printf(o, "%c#%lld", tile_hands[(v >> 4) & 3], (long long)(v & 15) + 1);
    } else if (!strcmp(k, "hand")) {
        out_printf(o, "%c", tile_hands[v & 3]);
    } else if (!strcmp(k, "s")) {
        out_printf(o, "s%lld", (long long)v);
    } else if (!strcmp(k, "pem")) {
        out_printf(o, "%s", pe_masks[v & 7]);
    } else if (!strcmp(k, "b4")) {
        out_printf(o, "%d%d%d%d", (int)(v >> 3) & 1, (int)(v >> 2) & 1,
                   (int)(v >> 1) & 1, (int)v & 1);
    } else if (!strcmp(k, "dt")) {
        const char *n = tile_isa_data_type_name((unsigned)v);
        if (n) {
            out_printf(o, "%s", n);
        } else {
            out_printf(o, "%lld", (long long)v);
        }
    } else if (!strcmp(k, "top")) {
        const TileIsaField *mf;
        const TileIsaTileOp *op = tile_isa_tepl_op(
            (unsigned)field_value_by_name(f, values, "Mode", &mf), (unsigned)v);
        char n[40];
        lower_name(op ? op->name : "?", n, sizeof(n));
        out_printf(o, "%s", n);
    } else if (!strcmp(k, "f")) {
        out_printf(o, "%s", ph->arg);
    } else if (!strcmp(k, "k")) {
        char n[40];
        lower_name(ph->field, n, sizeof(n));
        out_printf(o, "%s=", n);
        print_int(o, v, fld->sign == 's');
    } else {
        out_printf(o, "?%s", k);
    }
}

static void format_operand(OutBuf *o, const char *op, const TileIsaForm *f,
                           const int64_t *values, uint64_t pc)
{
    while (*op) {
        if (*op == '{') {
            Placeholder ph;
            int n = parse_placeholder(op, &ph);
            if (n < 0) {
                out_printf(o, "?");
                return;
            }
            format_placeholder(o, &ph, f, values, pc);
            op += n;
        } else {
            out_printf(o, "%c", *op++);
        }
    }
}

static bool guard_holds(const Syntax *sx, const TileIsaForm *f, const int64_t *values)
{
    const TileIsaField *fld;
    if (!sx->guard_field[0]) {
        return true;
    }
    return field_value_by_name(f, values, sx->guard_field, &fld) == sx->guard_value;
}

/*
 * A "{Function:top=ENGINE}" operand (BSTART.VEC / BSTART.SFU) names the
 * TEPL operation Mode:Function selects; the line applies only when that
 * operation is one of ENGINE's.
 */
static bool tile_op_holds(const Syntax *sx, const TileIsaForm *f, const int64_t *values)
{
    for (int i = 0; i < sx->nops; i++) {
        Placeholder ph;
        const TileIsaField *fld;
        if (sx->ops[i][0] != '{' || parse_placeholder(sx->ops[i], &ph) < 0 ||
            strcmp(ph.kind, "top")) {
            continue;
        }
        const TileIsaTileOp *op = tile_isa_tepl_op(
            (unsigned)field_value_by_name(f, values, "Mode", &fld),
            (unsigned)field_value_by_name(f, values, ph.field, &fld));
        if (!op || strcmp(op->engine, ph.arg)) {
            return false;
        }
    }
    return true;
}

static unsigned ord_value(const Syntax *sx, const TileIsaForm *f, const int64_t *values)
{
    const TileIsaField *fld;
    unsigned ord = 0;
    if (strstr(sx->ord_fields, "aq") && field_value_by_name(f, values, "aq", &fld)) {
        ord |= 1;
    }
    if (strstr(sx->ord_fields, "rl") && field_value_by_name(f, values, "rl", &fld)) {
        ord |= 2;
    }
    if (strstr(sx->ord_fields, "far") && field_value_by_name(f, values, "far", &fld)) {
        ord |= 4;
    }
    return ord;
}

int tile_isa_format(const TileIsaInsn *insn, uint64_t pc, char *buf, size_t len)
{
    OutBuf o = { buf, len, 0 };
    const TileIsaForm *f = insn->form;
    Syntax sx;

    if (len) {
        buf[0] = '\0';
    }
    if (!f || !f->syntax) {
        return -1;
    }
    const char *line = f->syntax[0];
    for (unsigned i = 0; f->syntax[i]; i++) {
        if (parse_syntax(f->syntax[i], &sx) && guard_holds(&sx, f, insn->value) &&
            tile_op_holds(&sx, f, insn->value)) {
            line = f->syntax[i];
            break;
        }
    }
    if (!parse_syntax(line, &sx)) {
        return -1;
    }
    out_printf(&o, "%s", sx.mnemonic);
    unsigned ord = ord_value(&sx, f, insn->value);
    if (ord) {
        out_printf(&o, ".%s", ord_suffixes[ord]);
    }
    bool first = true;
    for (int i = 0; i < sx.nops; i++) {
        Placeholder ph;
        if (optional_operand(sx.ops[i], &ph)) {
            const TileIsaField *fld;
            if (!field_value_by_name(f, insn->value, ph.field, &fld)) {
                continue;
            }
        }
        out_printf(&o, first ? " " : ", ");
        first = false;
        format_operand(&o, sx.ops[i], f, insn->value, pc);
    }
    return (int)o.pos;
}

/* ------------------------------------------------------------------ */
/* Assembling */

typedef struct MatchState {
    const TileIsaForm *form;
    int64_t values[TILE_ISA_MAX_FIELDS];
    bool is_target[TILE_ISA_MAX_FIELDS];    /* value still a target address */
    uint64_t pc;
    TileIsaEvalFn eval;
    void *ctx;
    bool final;
    bool unknown;           /* some expression named an undefined symbol */
    char *err;
    size_t errlen;
    bool hard_error;        /* a value error (as opposed to a shape mismatch) */
} MatchState;

static void squeeze(const char *in, char *out, size_t len)
{
    size_t j = 0;
    bool quote = false;
    for (; *in && j + 1 < len; in++) {
        if (*in == '\'') {
            quote = !quote;
        }
        if (!quote && isspace((unsigned char)*in)) {
            continue;
        }
        out[j++] = *in;
    }
    out[j] = '\0';
}

static bool set_field(MatchState *st, const char *name, int64_t v)
{
    int i = tile_isa_field_index(st->form, name);
    if (i < 0) {
        return false;
    }
    st->values[i] = v;
    return true;
}

static int parse_reg_token(const char *s, char *tok, size_t len)
{
    size_t n = 0;
    while (s[n] && (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '#' || s[n] == '$')) {
        n++;
    }
    if (n == 0 || n >= len) {
        return 0;
    }
    memcpy(tok, s, n);
    tok[n] = '\0';
    for (size_t i = 0; i < n; i++) {
        tok[i] = (char)tolower((unsigned char)tok[i]);
    }
    return (int)n;
}

/* Register code 0..31 from a name, or -1. */
static int reg_code(const char *tok, bool dest)
{
    for (int i = 0; i < 24; i++) {
        if (!strcmp(tok, gpr_names[i])) {
            return i;
        }
    }
    if (tok[0] == 'r' && isdigit((unsigned char)tok[1])) {
        char *end;
        long v = strtol(tok + 1, &end, 10);
        if (!*end && v >= 0 && v < 24) {
            return (int)v;
        }
    }
    if (tok[0] == '$' && isdigit((unsigned char)tok[1])) {
        char *end;
        long v = strtol(tok + 1, &end, 10);
        if (!*end && v >= 0 && v < 32) {
            return (int)v;
        }
    }
    if (dest) {
        if (!strcmp(tok, "t")) {
            return 31;
        }
        if (!strcmp(tok, "u")) {
            return 30;
        }
        return -1;
    }
    for (int i = 0; i < 8; i++) {
        if (!strcmp(tok, src_queue_names[i])) {
            return 24 + i;
        }
    }
    return -1;
}

static bool eval_expr(MatchState *st, const char *expr, int64_t *v)
{
    bool known = true;
    char e[MAX_TEXT];
    if (!*expr) {
        snprintf(st->err, st->errlen, "missing expression");
        st->hard_error = true;
        return false;
    }
    snprintf(e, sizeof(e), "%s", expr);
    if (!st->eval(st->ctx, e, v, &known, st->err, st->errlen)) {
        st->hard_error = true;
        return false;
    }
    if (!known) {
        st->unknown = true;
        *v = 0;
    }
    return true;
}

/* Length of the expression at s: up to the next literal "stop" at paren
 * depth zero (or the end). */
static size_t expr_extent(const char *s, const char *stop)
{
    int depth = 0;
    size_t stoplen = strlen(stop);
    bool quote = false;
    for (size_t i = 0; s[i]; i++) {
        if (s[i] == '\'') {
            quote = !quote;
        }
        if (quote) {
            continue;
        }
        if (s[i] == '(') {
            depth++;
        } else if (s[i] == ')') {
            depth--;
        } else if (depth == 0 && stoplen && !strncasecmp(s + i, stop, stoplen)) {
            return i;
        }
    }
    return strlen(s);
}

static bool is_binary4(const char *s)
{
    for (int i = 0; i < 4; i++) {
        if (s[i] != '0' && s[i] != '1') {
            return false;
        }
    }
    return true;
}

/* Match one placeholder at *ps; stop is the literal that follows it. */
static bool match_placeholder(MatchState *st, const Placeholder *ph, const char **ps,
                              const char *stop)
{
    const char *s = *ps;
    const char *k = ph->kind;
    char tok[MAX_TEXT];
    int64_t v = 0;

    if (!strcmp(k, "r") || !strcmp(k, "d")) {
        int n = parse_reg_token(s, tok, sizeof(tok));
        int code = n ? reg_code(tok, k[0] == 'd') : -1;
        if (code < 0) {
            return false;
        }
        set_field(st, ph->field, code);
        *ps = s + n;
        return true;
    }
    if (!strcmp(k, "m")) {
        char names[4][8];
        int n = modifier_names(ph->arg, names);
        int empty = -1;
        for (int i = 0; i < n; i++) {
            if (!names[i][0]) {
                empty = i;
            }
        }
        if (*s == '.') {
            int l = parse_reg_token(s + 1, tok, sizeof(tok));
            for (int i = 0; l && i < n; i++) {
                if (names[i][0] && !strcmp(tok, names[i])) {
                    set_field(st, ph->field, i);
                    *ps = s + 1 + l;
                    return true;
                }
            }
            return false;
        }
        if (empty < 0) {
            return false;
        }
        set_field(st, ph->field, empty);
        return true;
    }
    if (!strcmp(k, "sh")) {
        if (strncmp(s, "<<", 2)) {
            set_field(st, ph->field, 0);
            return true;
        }
        s += 2;
        size_t n = expr_extent(s, stop);
        snprintf(tok, sizeof(tok), "%.*s", (int)n, s);
        if (!eval_expr(st, tok, &v)) {
            return false;
        }
        set_field(st, ph->field, v);
        *ps = s + n;
        return true;
    }
    if (!strcmp(k, "tile")) {
        char hand = (char)tolower((unsigned char)s[0]);
        const char *h = memchr(tile_hands, hand, 4);
        if (!h || s[1] != '#' || !isdigit((unsigned char)s[2])) {
            return false;
        }
        char *end;
        long idx = strtol(s + 2, &end, 10);
        if (idx < 1 || idx > 16) {
            snprintf(st->err, st->errlen, "tile entry %c#%ld out of range (#1..#16)", hand, idx);
            st->hard_error = true;
            return false;
        }
        set_field(st, ph->field, (h - tile_hands) * 16 + idx - 1);
        *ps = end;
        return true;
    }
    if (!strcmp(k, "hand")) {
        char hand = (char)tolower((unsigned char)s[0]);
        const char *h = memchr(tile_hands, hand, 4);
        if (!h || isalnum((unsigned char)s[1])) {
            return false;
        }
        set_field(st, ph->field, h - tile_hands);
        *ps = s + 1;
        return true;
    }
    if (!strcmp(k, "s")) {
        if (tolower((unsigned char)s[0]) != 's' || !isdigit((unsigned char)s[1])) {
            return false;
        }
        char *end;
        long idx = strtol(s + 1, &end, 10);
        const TileIsaField *fld;
        field_value_by_name(st->form, st->values, ph->field, &fld);
        if (!fld || idx >= (1L << fld->width)) {
            snprintf(st->err, st->errlen, "Shared register s%ld does not exist (s0..s%ld)",
                     idx, fld ? (1L << fld->width) - 1 : 0L);
            st->hard_error = true;
            return false;
        }
        set_field(st, ph->field, idx);
        *ps = end;
        return true;
    }
    if (!strcmp(k, "pem")) {
        for (int i = 0; i < 8; i++) {
            if (!strncmp(s, pe_masks[i], 4) && !isalnum((unsigned char)s[4])) {
                set_field(st, ph->field, i);
                *ps = s + 4;
                return true;
            }
        }
        if (is_binary4(s)) {
            snprintf(st->err, st->errlen, "PE mask %.4s is not one of the eight PEMode masks", s);
            st->hard_error = true;
        }
        return false;
    }
    if (!strcmp(k, "b4")) {
        if (!is_binary4(s)) {
            return false;
        }
        set_field(st, ph->field, (s[0] - '0') * 8 + (s[1] - '0') * 4 + (s[2] - '0') * 2 + (s[3] - '0'));
        *ps = s + 4;
        return true;
    }
    if (!strcmp(k, "top")) {
        int n = parse_reg_token(s, tok, sizeof(tok));
        const TileIsaTileOp *op = n ? tile_isa_tepl_op_by_name(tok, ph->arg) : NULL;
        if (!op) {
            if (n) {
                snprintf(st->err, st->errlen, "%s is not a %s tile operation", tok, ph->arg);
                st->hard_error = true;
            }
            return false;
        }
        set_field(st, "Mode", op->mode);
        set_field(st, ph->field, op->function);
        *ps = s + n;
        return true;
    }
    if (!strcmp(k, "dt")) {
        int n = parse_reg_token(s, tok, sizeof(tok));
        for (int i = 0; n && i < 32; i++) {
            if (data_type_names[i] && !strcmp(tok, data_type_names[i])) {
                set_field(st, ph->field, i);
                *ps = s + n;
                return true;
            }
        }
        /* otherwise a numeric code */
    }
    if (!strcmp(k, "f")) {
        size_t l = strlen(ph->arg);
        if (strncasecmp(s, ph->arg, l) || isalnum((unsigned char)s[l])) {
            return false;
        }
        set_field(st, ph->field, 1);
        *ps = s + l;
        return true;
    }
    if (!strcmp(k, "k")) {
        char n[40];
        lower_name(ph->field, n, sizeof(n));
        size_t l = strlen(n);
        if (strncasecmp(s, n, l) || s[l] != '=') {
            return false;
        }
        s += l + 1;
    }
    /* expression kinds: i, p1, pc, pa, hi, k, dt (numeric) */
    size_t n = expr_extent(s, stop);
    if (n == 0) {
        return false;
    }
    snprintf(tok, sizeof(tok), "%.*s", (int)n, s);
    if (!eval_expr(st, tok, &v)) {
        return false;
    }
    int i = tile_isa_field_index(st->form, ph->field);
    if (i < 0) {
        return false;
    }
    if (!strcmp(k, "i") && ph->arg[0]) {
        int scale = atoi(ph->arg);
        if (v & ((INT64_C(1) << scale) - 1)) {
            snprintf(st->err, st->errlen, "offset %lld is not a multiple of %d",
                     (long long)v, 1 << scale);
            st->hard_error = true;
            return false;
        }
        v >>= scale;
    } else if (!strcmp(k, "p1")) {
        v -= 1;
    } else if (is_pc_kind(k)) {
        st->is_target[i] = true;
    }
    st->values[i] = v;
    *ps = s + n;
    return true;
}

/* Match an input operand (whitespace removed) against a template operand. */
static bool match_operand(MatchState *st, const char *tmpl, const char *in)
{
    const char *s = in;
    const char *t = tmpl;
    char stop[MAX_TEXT];

    while (*t) {
        if (*t == '{') {
            Placeholder ph;
            int n = parse_placeholder(t, &ph);
            if (n < 0) {
                return false;
            }
            /* the literal after this placeholder, up to the next one */
            const char *next = t + n;
            size_t l = 0;
            while (next[l] && next[l] != '{') {
                l++;
            }
            char lit[MAX_TEXT];
            snprintf(lit, sizeof(lit), "%.*s", (int)l, next);
            squeeze(lit, stop, sizeof(stop));
            if (!match_placeholder(st, &ph, &s, stop)) {
                return false;
            }
            t = next;
        } else if (isspace((unsigned char)*t)) {
            t++;
        } else {
            if (tolower((unsigned char)*s) != tolower((unsigned char)*t)) {
                return false;
            }
            s++;
            t++;
        }
    }
    return *s == '\0';
}

static bool resolve_targets(MatchState *st)
{
    const TileIsaForm *f = st->form;
    char syn[MAX_TEXT];
    /* Find each target placeholder's kind again from the syntax text. */
    for (unsigned i = 0; i < f->nfields; i++) {
        if (!st->is_target[i]) {
            continue;
        }
        const TileIsaField *fld = &f->fields[i];
        snprintf(syn, sizeof(syn), "{%s:", fld->name);
        const char *p = NULL;
        for (unsigned j = 0; f->syntax[j] && !p; j++) {
            p = strstr(f->syntax[j], syn);
        }
        Placeholder ph;
        if (!p || parse_placeholder(p, &ph) < 0) {
            return false;
        }
        int64_t target = st->values[i];
        if (st->unknown && !st->final) {
            st->values[i] = 0;
            continue;
        }
        int scale = !strcmp(ph.kind, "hi") ? 12 : atoi(ph.arg);
        int64_t diff = (int64_t)((uint64_t)target - pc_base(ph.kind, f, st->pc));
        int64_t v;
        if (!strcmp(ph.kind, "hi")) {
            v = (diff + 0x800) >> 12;
        } else {
            if (diff & ((INT64_C(1) << scale) - 1)) {
                snprintf(st->err, st->errlen, "target 0x%llx is not %d-byte aligned%s",
                         (unsigned long long)target, 1 << scale,
                         scale == 1 ? " (odd target)" : "");
                st->hard_error = true;
                return false;
            }
            v = diff >> scale;
        }
        int64_t lo, hi;
        if (fld->sign == 's' || !strcmp(ph.kind, "hi")) {
            lo = -(INT64_C(1) << (fld->width - 1));
            hi = (INT64_C(1) << (fld->width - 1)) - 1;
        } else {
            lo = 0;
            hi = (INT64_C(1) << fld->width) - 1;
        }
        if (v < lo || v > hi) {
            snprintf(st->err, st->errlen, "target 0x%llx out of range for %s (%lld bytes from here)",
                     (unsigned long long)target, f->mnemonic, (long long)diff);
            st->hard_error = true;
            return false;
        }
        if (fld->sign != 's' && v < 0) {
            v &= (INT64_C(1) << fld->width) - 1;
        }
        st->values[i] = v;
    }
    return true;
}

/* Encoding-defined fields accept a negative value as its two's complement. */
static void wrap_encoding_defined(MatchState *st)
{
    for (unsigned i = 0; i < st->form->nfields; i++) {
        const TileIsaField *fld = &st->form->fields[i];
        int64_t v = st->values[i];
        if (fld->sign == 'e' && v < 0 && fld->width < 64 &&
            v >= -(INT64_C(1) << (fld->width - 1))) {
            st->values[i] = v & ((INT64_C(1) << fld->width) - 1);
        }
    }
}

static bool try_syntax(MatchState *st, const Syntax *sx, char in_ops[][MAX_TEXT], int nin)
{
    int j = 0;
    for (int i = 0; i < sx->nops; i++) {
        Placeholder ph;
        if (optional_operand(sx->ops[i], &ph)) {
            /* a run of optional operands, in any order */
            int run_end = i;
            Placeholder run[MAX_OPS];
            while (run_end < sx->nops && optional_operand(sx->ops[run_end], &run[run_end - i])) {
                run_end++;
            }
            bool progress = true;
            while (progress && j < nin) {
                progress = false;
                for (int r = i; r < run_end; r++) {
                    MatchState save = *st;
                    if (match_operand(st, sx->ops[r], in_ops[j])) {
                        j++;
                        progress = true;
                        break;
                    }
                    if (st->hard_error) {
                        return false;
                    }
                    *st = save;
                }
            }
            i = run_end - 1;
            continue;
        }
        if (j >= nin || !match_operand(st, sx->ops[i], in_ops[j])) {
            return false;
        }
        j++;
    }
    return j == nin;
}

static bool mnemonic_matches(const Syntax *sx, const char *mn, unsigned *ord)
{
    size_t l = strlen(sx->mnemonic);
    *ord = 0;
    if (!strcasecmp(mn, sx->mnemonic)) {
        return true;
    }
    if (!sx->ord_fields[0] || strncasecmp(mn, sx->mnemonic, l) || mn[l] != '.') {
        return false;
    }
    for (unsigned i = 1; i < 8; i++) {
        if (!strcasecmp(mn + l + 1, ord_suffixes[i])) {
            if (((i & 1) && !strstr(sx->ord_fields, "aq")) ||
                ((i & 4) && !strstr(sx->ord_fields, "far"))) {
                return false;
            }
            *ord = i;
            return true;
        }
    }
    return false;
}

unsigned tile_isa_lookup(const char *mnemonic, const TileIsaForm **out, unsigned max)
{
    unsigned n = 0;
    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        const TileIsaForm *f = &tile_isa_forms[i];
        for (unsigned j = 0; f->syntax && f->syntax[j]; j++) {
            Syntax sx;
            unsigned ord;
            if (parse_syntax(f->syntax[j], &sx) && mnemonic_matches(&sx, mnemonic, &ord)) {
                if (n < max) {
                    out[n] = f;
                }
                n++;
                break;
            }
        }
    }
    return n;
}

/* A template shown to users: placeholders become their field names. */
static void describe_syntax(const char *line, char *out, size_t len)
{
    size_t o = 0;
    if (line[0] == '[') {
        const char *c = strchr(line, ']');
        line = c ? c + 1 : line;
    }
    while (*line && o + 1 < len) {
        if (*line == '{') {
            Placeholder ph;
            int n = parse_placeholder(line, &ph);
            if (n < 0) {
                break;
            }
            const char *show = ph.field;
            char lname[80];
            if (!strcmp(ph.kind, "m") || !strcmp(ph.kind, "sh") || !strcmp(ph.kind, "ord")) {
                show = !strcmp(ph.kind, "m") ? "[.mod]" : !strcmp(ph.kind, "sh") ? "[<<n]" : "[.order]";
            } else if (!strcmp(ph.kind, "f")) {
                snprintf(lname, sizeof(lname), "[%.60s]", ph.arg);
                show = lname;
            } else if (!strcmp(ph.kind, "k")) {
                lower_name(ph.field, lname + 1, sizeof(lname) - 8);
                lname[0] = '[';
                strcat(lname, "=n]");
                show = lname;
            }
            o += (size_t)snprintf(out + o, len - o, "%s", show);
            line += n;
        } else {
            out[o++] = *line++;
        }
    }
    out[o < len ? o : len - 1] = '\0';
}

bool tile_isa_assemble(const char *text, uint64_t pc, TileIsaEvalFn eval, void *ctx,
                       bool final, const TileIsaForm **form_out, uint64_t *bits,
                       char *err, size_t errlen)
{
    char mn[64];
    size_t l = 0;
    while (*text == ' ' || *text == '\t') {
        text++;
    }
    while (text[l] && !isspace((unsigned char)text[l]) && l + 1 < sizeof(mn)) {
        mn[l] = text[l];
        l++;
    }
    mn[l] = '\0';
    const char *rest = text + l;

    static char in_raw[MAX_OPS][MAX_TEXT];
    char in_ops[MAX_OPS][MAX_TEXT];
    int nin = split_operands(rest, in_raw, MAX_OPS);
    if (nin < 0) {
        snprintf(err, errlen, "too many or too long operands");
        return false;
    }
    for (int i = 0; i < nin; i++) {
        squeeze(in_raw[i], in_ops[i], MAX_TEXT);
    }

    char first_err[256] = "";
    const char *hint = NULL;
    bool any_mnemonic = false;
    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        const TileIsaForm *f = &tile_isa_forms[i];
        for (unsigned j = 0; f->syntax && f->syntax[j]; j++) {
            Syntax sx;
            unsigned ord;
            if (!parse_syntax(f->syntax[j], &sx) || !mnemonic_matches(&sx, mn, &ord)) {
                continue;
            }
            any_mnemonic = true;
            if (!hint) {
                hint = f->syntax[j];
            }
            MatchState st;
            char msg[256] = "";
            memset(&st, 0, sizeof(st));
            st.form = f;
            st.pc = pc;
            st.eval = eval;
            st.ctx = ctx;
            st.final = final;
            st.err = msg;
            st.errlen = sizeof(msg);
            if (sx.guard_field[0]) {
                set_field(&st, sx.guard_field, sx.guard_value);
            }
            if (ord & 1) {
                set_field(&st, "aq", 1);
            }
            if (ord & 2) {
                set_field(&st, "rl", 1);
            }
            if (ord & 4) {
                set_field(&st, "far", 1);
            }
            if (!try_syntax(&st, &sx, in_ops, nin)) {
                if (st.hard_error && !first_err[0]) {
                    snprintf(first_err, sizeof(first_err), "%s", msg);
                }
                continue;
            }
            if (!resolve_targets(&st)) {
                if (!first_err[0]) {
                    snprintf(first_err, sizeof(first_err), "%s", msg);
                }
                continue;
            }
            wrap_encoding_defined(&st);
            if (!final && st.unknown) {
                /* First pass: only the form (and so the length) matters. */
                *form_out = f;
                *bits = f->match;
                return true;
            }
            if (!tile_isa_encode(f, st.values, bits, msg, sizeof(msg))) {
                if (!first_err[0]) {
                    snprintf(first_err, sizeof(first_err), "%s", msg);
                }
                continue;
            }
            *form_out = f;
            return true;
        }
    }
    if (!any_mnemonic) {
        snprintf(err, errlen, "unknown mnemonic '%s'", mn);
    } else if (first_err[0]) {
        snprintf(err, errlen, "%s", first_err);
    } else {
        char pretty[MAX_TEXT];
        describe_syntax(hint, pretty, sizeof(pretty));
        snprintf(err, errlen, "operands do not match '%s' (expected: %s)", mn, pretty);
    }
    return false;
}
