/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * tile-as expression evaluator: C-like integer expressions over symbols,
 * '.', numbers, character constants, %hi() and %lo().
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-as.h"

typedef struct Parser {
    const char *s;
    AsmState *as;
    bool known;
    char *err;
    size_t errlen;
    bool failed;
} Parser;

static void skip_ws(Parser *p)
{
    while (isspace((unsigned char)*p->s)) {
        p->s++;
    }
}

static void fail(Parser *p, const char *msg, const char *what)
{
    if (!p->failed) {
        snprintf(p->err, p->errlen, msg, what);
        p->failed = true;
    }
}

static int64_t parse_expr(Parser *p);

static bool sym_char(char c, bool first)
{
    return isalpha((unsigned char)c) || c == '_' || c == '.' || c == '$' ||
           (!first && isdigit((unsigned char)c));
}

static int64_t parse_primary(Parser *p)
{
    skip_ws(p);
    char c = *p->s;
    if (c == '(') {
        p->s++;
        int64_t v = parse_expr(p);
        skip_ws(p);
        if (*p->s != ')') {
            fail(p, "missing ')'%s", "");
            return 0;
        }
        p->s++;
        return v;
    }
    if (c == '-' || c == '~' || c == '!' || c == '+') {
        p->s++;
        int64_t v = parse_primary(p);
        return c == '-' ? (int64_t)(0 - (uint64_t)v) : c == '~' ? ~v : c == '!' ? !v : v;
    }
    if (c == '%') {
        const char *name = p->s + 1;
        bool hi = !strncmp(name, "hi(", 3), lo = !strncmp(name, "lo(", 3);
        if (!hi && !lo) {
            fail(p, "unknown operator '%s'", p->s);
            return 0;
        }
        p->s += 3;              /* now at the '(' of the argument */
        int64_t v = parse_primary(p);
        if (hi) {
            return (v + 0x800) >> 12;
        }
        return (int64_t)((uint64_t)v << 52) >> 52;
    }
    if (c == '\'') {
        int64_t v;
        const char *q = p->s + 1;
        if (*q == '\\') {
            q++;
            switch (*q) {
            case 'n': v = '\n'; break;
            case 't': v = '\t'; break;
            case 'r': v = '\r'; break;
            case '0': v = 0; break;
            default: v = (unsigned char)*q; break;
            }
        } else {
            v = (unsigned char)*q;
        }
        if (!*q || q[1] != '\'') {
            fail(p, "bad character constant%s", "");
            return 0;
        }
        p->s = q + 2;
        return v;
    }
    if (isdigit((unsigned char)c)) {
        char *end;
        uint64_t v;
        if (c == '0' && (p->s[1] == 'b' || p->s[1] == 'B')) {
            v = strtoull(p->s + 2, &end, 2);
        } else {
            v = strtoull(p->s, &end, 0);
        }
        if (sym_char(*end, false)) {
            fail(p, "bad number '%s'", p->s);
            return 0;
        }
        p->s = end;
        return (int64_t)v;
    }
    if (c == '.' && !sym_char(p->s[1], false)) {
        p->s++;
        return (int64_t)p->as->dot;
    }
    if (sym_char(c, true)) {
        char name[128];
        size_t n = 0;
        while (sym_char(p->s[n], n == 0) && n + 1 < sizeof(name)) {
            name[n] = p->s[n];
            n++;
        }
        name[n] = '\0';
        p->s += n;
        int64_t v;
        if (!asm_symbol_value(p->as, name, &v)) {
            p->known = false;
            if (p->as->final) {
                fail(p, "undefined symbol '%s'", name);
            }
            return 0;
        }
        return v;
    }
    fail(p, "expected an expression at '%s'", p->s);
    return 0;
}

static int64_t parse_binary(Parser *p, int level)
{
    static const char *const ops[][4] = {
        { "|", NULL }, { "^", NULL }, { "&", NULL }, { "<<", ">>", NULL },
        { "+", "-", NULL }, { "*", "/", "%", NULL },
    };
    if (level == 6) {
        return parse_primary(p);
    }
    int64_t v = parse_binary(p, level + 1);
    for (;;) {
        skip_ws(p);
        const char *op = NULL;
        for (int i = 0; ops[level][i]; i++) {
            size_t l = strlen(ops[level][i]);
            if (!strncmp(p->s, ops[level][i], l) &&
                !(l == 1 && (p->s[1] == '<' || p->s[1] == '>') && (*p->s == '<' || *p->s == '>'))) {
                op = ops[level][i];
                break;
            }
        }
        if (!op || p->failed) {
            return v;
        }
        p->s += strlen(op);
        int64_t r = parse_binary(p, level + 1);
        switch (op[0]) {
        case '|': v |= r; break;
        case '^': v ^= r; break;
        case '&': v &= r; break;
        case '<': v = (int64_t)((uint64_t)v << (r & 63)); break;
        case '>': v >>= (r & 63); break;
        case '+': v = (int64_t)((uint64_t)v + (uint64_t)r); break;
        case '-': v = (int64_t)((uint64_t)v - (uint64_t)r); break;
        case '*': v = (int64_t)((uint64_t)v * (uint64_t)r); break;
        case '/':
        case '%':
            if (r == 0) {
                if (p->known) {
                    fail(p, "division by zero%s", "");
                }
                return 0;
            }
            v = op[0] == '/' ? v / r : v % r;
            break;
        }
    }
}

static int64_t parse_expr(Parser *p)
{
    return parse_binary(p, 0);
}

bool asm_eval(AsmState *as, const char *text, int64_t *value, bool *known,
              char *err, size_t errlen)
{
    Parser p = { text, as, true, err, errlen, false };
    int64_t v = parse_expr(&p);
    skip_ws(&p);
    if (!p.failed && *p.s) {
        fail(&p, "unexpected text '%s' in expression", p.s);
    }
    if (p.failed) {
        return false;
    }
    *value = v;
    *known = p.known;
    return true;
}
