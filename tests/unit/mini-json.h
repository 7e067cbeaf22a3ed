/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A small JSON reader for the unit tests: parses a whole document into a
 * tree (RFC 8259 syntax; numbers become doubles, \u escapes UTF-8).
 */
#ifndef TESTS_UNIT_MINI_JSON_H
#define TESTS_UNIT_MINI_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum JsonType {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
} JsonType;

typedef struct JsonValue JsonValue;
struct JsonValue {
    JsonType type;
    bool boolean;
    double number;
    char *string;
    size_t count;               /* array elements or object members */
    char **keys;                /* object member names */
    JsonValue **items;          /* array elements or object member values */
};

/* NULL on error, with a message in err. */
JsonValue *json_parse(const char *text, char *err, size_t errlen);
JsonValue *json_parse_file(const char *path, char *err, size_t errlen);
void json_free(JsonValue *v);

/* NULL when v is not an object or has no such member. */
const JsonValue *json_get(const JsonValue *v, const char *key);
/* The member's string, or NULL when absent or not a string. */
const char *json_get_str(const JsonValue *v, const char *key);

#endif /* TESTS_UNIT_MINI_JSON_H */
