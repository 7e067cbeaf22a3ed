/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A small JSON reader for the unit tests; see mini-json.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mini-json.h"

typedef struct Parser {
    const char *p;
    const char *start;
    char *err;
    size_t errlen;
    int depth;
} Parser;

static JsonValue *parse_value(Parser *ps);

static void fail(Parser *ps, const char *what)
{
    if (ps->err && ps->err[0] == '\0') {
        snprintf(ps->err, ps->errlen, "offset %ld: %s",
                 (long)(ps->p - ps->start), what);
    }
}

static void skip_ws(Parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' ||
           *ps->p == '\r') {
        ps->p++;
    }
}

static JsonValue *new_value(JsonType type)
{
    JsonValue *v = calloc(1, sizeof(*v));

    if (v) {
        v->type = type;
    }
    return v;
}

/* Appends one element (and key, for objects); false when out of memory. */
static bool append(JsonValue *v, char *key, JsonValue *item)
{
    JsonValue **items = realloc(v->items, (v->count + 1) * sizeof(*items));

    if (!items) {
        return false;
    }
    v->items = items;
    if (v->type == JSON_OBJECT) {
        char **keys = realloc(v->keys, (v->count + 1) * sizeof(*keys));

        if (!keys) {
            return false;
        }
        v->keys = keys;
        v->keys[v->count] = key;
    }
    v->items[v->count++] = item;
    return true;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

static size_t put_utf8(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    out[0] = (char)(0xe0 | (cp >> 12));
    out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
}

/* A string token; *ps->p is the opening quote. */
static char *parse_string(Parser *ps)
{
    const char *q = ++ps->p;
    char *out, *o;

    while (*q && *q != '"') {
        q += (*q == '\\' && q[1]) ? 2 : 1;
    }
    if (*q != '"') {
        fail(ps, "unterminated string");
        return NULL;
    }
    /* Escapes never lengthen the text, so its length bounds the result. */
    out = o = malloc((size_t)(q - ps->p) + 1);
    if (!out) {
        fail(ps, "out of memory");
        return NULL;
    }
    while (ps->p < q) {
        char c = *ps->p++;

        if (c != '\\') {
            *o++ = c;
            continue;
        }
        c = *ps->p++;
        switch (c) {
        case '"': case '\\': case '/':
            *o++ = c;
            break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp = 0;

            for (int i = 0; i < 4; i++) {
                int d = ps->p < q ? hex_digit(*ps->p) : -1;

                if (d < 0) {
                    fail(ps, "bad \\u escape");
                    free(out);
                    return NULL;
                }
                cp = cp * 16 + (unsigned)d;
                ps->p++;
            }
            o += put_utf8(o, cp);
            break;
        }
        default:
            fail(ps, "bad escape");
            free(out);
            return NULL;
        }
    }
    *o = '\0';
    ps->p = q + 1;
    return out;
}

/* An array or object; *ps->p is the opening bracket or brace. */
static JsonValue *parse_container(Parser *ps, bool object)
{
    char close = object ? '}' : ']';
    JsonValue *v = new_value(object ? JSON_OBJECT : JSON_ARRAY);

    if (!v || ++ps->depth > 64) {
        fail(ps, v ? "nested too deeply" : "out of memory");
        json_free(v);
        return NULL;
    }
    ps->p++;
    skip_ws(ps);
    if (*ps->p == close) {
        ps->p++;
        ps->depth--;
        return v;
    }
    for (;;) {
        char *key = NULL;
        JsonValue *item;

        skip_ws(ps);
        if (object) {
            if (*ps->p != '"') {
                fail(ps, "expected a member name");
                break;
            }
            key = parse_string(ps);
            skip_ws(ps);
            if (!key || *ps->p != ':') {
                fail(ps, "expected ':'");
                free(key);
                break;
            }
            ps->p++;
        }
        item = parse_value(ps);
        if (!item || !append(v, key, item)) {
            fail(ps, "out of memory");
            free(key);
            json_free(item);
            break;
        }
        skip_ws(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            ps->depth--;
            return v;
        }
        fail(ps, object ? "expected ',' or '}'" : "expected ',' or ']'");
        break;
    }
    json_free(v);
    return NULL;
}

static JsonValue *parse_literal(Parser *ps, const char *word, JsonType type,
                                bool value)
{
    size_t n = strlen(word);
    JsonValue *v;

    if (strncmp(ps->p, word, n) != 0) {
        fail(ps, "unexpected token");
        return NULL;
    }
    ps->p += n;
    v = new_value(type);
    if (v) {
        v->boolean = value;
    }
    return v;
}

static JsonValue *parse_value(Parser *ps)
{
    JsonValue *v;
    char *end;

    skip_ws(ps);
    switch (*ps->p) {
    case '{':
        return parse_container(ps, true);
    case '[':
        return parse_container(ps, false);
    case '"':
        v = new_value(JSON_STRING);
        if (v && !(v->string = parse_string(ps))) {
            json_free(v);
            return NULL;
        }
        return v;
    case 't':
        return parse_literal(ps, "true", JSON_BOOL, true);
    case 'f':
        return parse_literal(ps, "false", JSON_BOOL, false);
    case 'n':
        return parse_literal(ps, "null", JSON_NULL, false);
    default:
        v = new_value(JSON_NUMBER);
        if (!v) {
            return NULL;
        }
        v->number = strtod(ps->p, &end);
        if (end == ps->p) {
            fail(ps, "unexpected character");
            json_free(v);
            return NULL;
        }
        ps->p = end;
        return v;
    }
}

JsonValue *json_parse(const char *text, char *err, size_t errlen)
{
    Parser ps = { .p = text, .start = text, .err = err, .errlen = errlen };
    JsonValue *v;

    if (err && errlen) {
        err[0] = '\0';
    }
    v = parse_value(&ps);
    skip_ws(&ps);
    if (v && *ps.p) {
        fail(&ps, "trailing text");
        json_free(v);
        return NULL;
    }
    return v;
}

JsonValue *json_parse_file(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    char *text = NULL;
    size_t len = 0, cap = 0, n;
    JsonValue *v;

    if (!f) {
        snprintf(err, errlen, "cannot open %s", path);
        return NULL;
    }
    do {
        if (len + 4096 + 1 > cap) {
            char *t = realloc(text, cap = (cap + 4096) * 2);

            if (!t) {
                free(text);
                fclose(f);
                snprintf(err, errlen, "out of memory");
                return NULL;
            }
            text = t;
        }
        n = fread(text + len, 1, 4096, f);
        len += n;
    } while (n > 0);
    fclose(f);
    text[len] = '\0';
    v = json_parse(text, err, errlen);
    free(text);
    return v;
}

void json_free(JsonValue *v)
{
    if (!v) {
        return;
    }
    for (size_t i = 0; i < v->count; i++) {
        if (v->keys) {
            free(v->keys[i]);
        }
        json_free(v->items[i]);
    }
    free(v->keys);
    free(v->items);
    free(v->string);
    free(v);
}

const JsonValue *json_get(const JsonValue *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT) {
        return NULL;
    }
    for (size_t i = 0; i < v->count; i++) {
        if (strcmp(v->keys[i], key) == 0) {
            return v->items[i];
        }
    }
    return NULL;
}

const char *json_get_str(const JsonValue *v, const char *key)
{
    const JsonValue *m = json_get(v, key);

    return m && m->type == JSON_STRING ? m->string : NULL;
}
