/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the ISA identity of images (lib/tile-isa-identity.c,
 * docs/isa-identity.md).
 *
 * "vectors": every case of the spec's ABI vectors
 * (spec/evidence/pto-isa-0583-abi-vectors.json, the last argument; a
 * missing file fails the run) goes through tile_isa_identity_compare():
 * its expected outcome and reason must be what the function answers.
 * Link cases compare every input with the first (the spec's link policy:
 * all present and exactly equal), load cases the image with the
 * implementation.
 *
 * "note": the note bytes and the descriptor against literal bytes written
 * out by hand from the spec's elf_identity rules, and every malformed
 * form of note, section and ELF file the parser must refuse with a
 * reason; truncations and byte flips of a whole image never read outside
 * it (each is parsed from an exactly sized heap copy).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mini-json.h"
#include "tile-isa.h"

static const char *vector_path;

/* ---- The spec's vectors ---- */

static bool identity_of(const JsonValue *v, TileIsaIdentity *id)
{
    const char *r = json_get_str(v, "release");
    const char *a = json_get_str(v, "encoding_abi");
    const char *h = json_get_str(v, "encoding_projection_sha256");

    if (!r || !a || !h || strlen(r) > TILE_ISA_IDENTITY_MAX ||
        strlen(a) > TILE_ISA_IDENTITY_MAX || strlen(h) != 64) {
        return false;
    }
    memset(id, 0, sizeof(*id));
    strcpy(id->release, r);
    strcpy(id->encoding_abi, a);
    strcpy(id->encoding_projection_sha256, h);
    return true;
}

/* An identity of the vectors, or NULL for a JSON null. */
static const TileIsaIdentity *vector_identity(const JsonValue *v, TileIsaIdentity *id,
                                              const char *case_id)
{
    if (v->type == JSON_NULL) {
        return NULL;
    }
    ck_assert_msg(identity_of(v, id), "%s: malformed identity in the vectors", case_id);
    return id;
}

START_TEST(test_vectors)
{
    char err[200];
    JsonValue *doc = json_parse_file(vector_path, err, sizeof(err));
    const JsonValue *cases;
    unsigned n_link = 0, n_load = 0;
    TileIsaIdentity top;

    ck_assert_msg(doc, "cannot read %s: %s", vector_path, err);
    ck_assert_msg(identity_of(doc, &top), "no top-level identity in the vectors");
    /* the spec's own identity is not this implementation's (ADR 0097) */
    ck_assert_int_eq(tile_isa_identity_compare(&top, &tile_isa_identity),
                     TILE_ISA_IDENTITY_ABI_MISMATCH);
    cases = json_get(doc, "cases");
    ck_assert_msg(cases && cases->type == JSON_ARRAY && cases->count == 10,
                  "the vectors hold 10 cases");
    for (size_t i = 0; i < cases->count; i++) {
        const JsonValue *c = cases->items[i];
        const char *id = json_get_str(c, "id"), *stage = json_get_str(c, "stage");
        const char *expected = json_get_str(c, "expected"), *reason = json_get_str(c, "reason");
        TileIsaIdentityCheck got = TILE_ISA_IDENTITY_MATCH;

        ck_assert_msg(id && stage && expected, "case %zu incomplete", i);
        if (!strcmp(stage, "link")) {
            const JsonValue *in = json_get(c, "inputs");
            TileIsaIdentity first, other;
            const TileIsaIdentity *f;

            ck_assert_msg(in && in->type == JSON_ARRAY && in->count >= 2, "%s: inputs", id);
            f = vector_identity(in->items[0], &first, id);
            for (size_t k = 0; k < in->count && got == TILE_ISA_IDENTITY_MATCH; k++) {
                const TileIsaIdentity *o = vector_identity(in->items[k], &other, id);
                got = f ? tile_isa_identity_compare(o, f) : TILE_ISA_IDENTITY_MISSING;
            }
            n_link++;
        } else if (!strcmp(stage, "load") || !strcmp(stage, "bare-metal-load")) {
            TileIsaIdentity image, impl;
            const JsonValue *im = json_get(c, "image"), *ip = json_get(c, "implementation");

            ck_assert_msg(im && ip, "%s: image / implementation", id);
            got = tile_isa_identity_compare(vector_identity(im, &image, id),
                                            vector_identity(ip, &impl, id));
            n_load++;
        } else {
            ck_abort_msg("%s: unknown stage %s", id, stage);
        }
        if (!strcmp(expected, "accept")) {
            ck_assert_msg(got == TILE_ISA_IDENTITY_MATCH, "%s: accept expected, got %s", id,
                          tile_isa_identity_reason(got));
        } else {
            ck_assert_msg(!strcmp(expected, "reject") && reason, "%s: expectation", id);
            ck_assert_msg(!strcmp(tile_isa_identity_reason(got), reason),
                          "%s: %s expected, got %s", id, reason,
                          tile_isa_identity_reason(got));
        }
    }
    ck_assert_uint_eq(n_link, 5);
    ck_assert_uint_eq(n_load, 5);
    json_free(doc);
}
END_TEST

/* ---- The note ---- */

#define SPEC_DESC "{\"encoding_abi\":\"pto-isa-0.58.3-mode-function-v1\"," \
    "\"encoding_projection_sha256\":" \
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\"," \
    "\"release\":\"0.58.3\"}"

static const TileIsaIdentity spec_identity = {
    "0.58.3", "pto-isa-0.58.3-mode-function-v1",
    "8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172",
};

/* Parse from an exactly sized heap copy, so that a stray read is caught
 * by the allocator's checks (and by valgrind or ASan when they run). */
static TileIsaNoteStatus parse_copy(TileIsaNoteStatus (*fn)(const uint8_t *, size_t,
                                                            TileIsaIdentity *, char *,
                                                            size_t),
                                    const void *data, size_t len, TileIsaIdentity *id,
                                    char *why, size_t whylen)
{
    uint8_t *copy = malloc(len ? len : 1);
    TileIsaNoteStatus st;

    memcpy(copy, data, len);
    st = fn(copy, len, id, why, whylen);
    free(copy);
    return st;
}

static TileIsaNoteStatus parse_desc(const char *text, TileIsaIdentity *id, char *why)
{
    return parse_copy(tile_isa_parse_descriptor, text, strlen(text), id, why, 160);
}

START_TEST(test_descriptor)
{
    char buf[512], why[160];
    TileIsaIdentity id;

    /* the descriptor is the spec's JSON byte for byte, without a NUL */
    ck_assert_uint_eq(tile_isa_identity_descriptor(&spec_identity, buf, sizeof(buf)),
                      strlen(SPEC_DESC));
    ck_assert_str_eq(buf, SPEC_DESC);
    ck_assert_int_eq(parse_desc(SPEC_DESC, &id, why), TILE_ISA_NOTE_FOUND);
    ck_assert_int_eq(tile_isa_identity_compare(&id, &spec_identity), TILE_ISA_IDENTITY_MATCH);
}
END_TEST

START_TEST(test_note_bytes)
{
    uint8_t note[512], expect[512];
    size_t dlen = strlen(SPEC_DESC), n = 0;

    /* namesz 4, descsz, type 1, "PTO\0", the descriptor, zeros to 4 bytes */
    memcpy(expect, "\x04\0\0\0", 4);
    expect[4] = (uint8_t)dlen, expect[5] = (uint8_t)(dlen >> 8), expect[6] = expect[7] = 0;
    memcpy(expect + 8, "\x01\0\0\0PTO\0", 8);
    memcpy(expect + 16, SPEC_DESC, dlen);
    n = 16 + dlen;
    while (n % 4) {
        expect[n++] = 0;
    }
    ck_assert_uint_eq(tile_isa_identity_note(&spec_identity, note, 8), n);  /* too small */
    ck_assert_uint_eq(tile_isa_identity_note(&spec_identity, note, sizeof(note)), n);
    ck_assert(memcmp(note, expect, n) == 0);
}
END_TEST

static const char *const bad_descriptors[] = {
    "",
    "{}",
    "[\"0.58.3\"]",
    /* whitespace, key order, a NUL: valid JSON, not the canonical form */
    "{\"encoding_abi\": \"pto-isa-0.58.3-mode-function-v1\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"release\":\"0.58.3\"}",
    "{\"release\":\"0.58.3\",\"encoding_abi\":\"pto-isa-0.58.3-mode-function-v1\","
    "\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\"}",
    /* a field missing, repeated, unknown */
    "{\"encoding_abi\":\"x\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"x\",\"encoding_abi\":\"x\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"x\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"extra\":\"1\","
    "\"release\":\"0.58.3\"}",
    /* the hash: short, upper case, not hex, a number */
    "{\"encoding_abi\":\"x\",\"encoding_projection_sha256\":\"8a48\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"x\",\"encoding_projection_sha256\":"
    "\"8A48B80E04484C70870F155BF9EFC79D2A805CF99E809F4E4E8A7E6A7EB34172\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"x\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb3417g\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"x\",\"encoding_projection_sha256\":1,\"release\":\"0.58.3\"}",
    /* escapes, control characters, an empty value, an unterminated string */
    "{\"encoding_abi\":\"a\\\"b\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"a\tb\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"release\":\"0.58.3\"}",
    "{\"encoding_abi\":\"x",
    /* trailing text */
    "{\"encoding_abi\":\"x\",\"encoding_projection_sha256\":"
    "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\",\"release\":\"0.58.3\"},",
};

START_TEST(test_bad_descriptor)
{
    char why[160] = "";
    TileIsaIdentity id;

    ck_assert_msg(parse_desc(bad_descriptors[_i], &id, why) == TILE_ISA_NOTE_MALFORMED,
                  "descriptor %d accepted", _i);
    ck_assert_msg(why[0], "descriptor %d: no reason", _i);
}
END_TEST

START_TEST(test_long_values)
{
    char desc[1024], why[160];
    char value[200];
    TileIsaIdentity id;

    for (int n = 126; n <= 129; n++) {
        memset(value, 'a', n);
        value[n] = 0;
        snprintf(desc, sizeof(desc), "{\"encoding_abi\":\"%s\",\"encoding_projection_sha256\":"
                 "\"8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172\","
                 "\"release\":\"0.58.3\"}", value);
        ck_assert_int_eq(parse_desc(desc, &id, why),
                         n <= TILE_ISA_IDENTITY_MAX ? TILE_ISA_NOTE_FOUND
                                                    : TILE_ISA_NOTE_MALFORMED);
    }
}
END_TEST

static size_t good_note(uint8_t *buf)
{
    return tile_isa_identity_note(&spec_identity, buf, 512);
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

START_TEST(test_note_section)
{
    uint8_t sec[1200], other[64];
    char why[160];
    TileIsaIdentity id;
    size_t n = good_note(sec), m;

    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n, &id, why, sizeof(why)),
                     TILE_ISA_NOTE_FOUND);
    ck_assert_str_eq(id.encoding_abi, "pto-isa-0.58.3-mode-function-v1");
    /* without the descriptor's padding, as some writers leave the last note */
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, 16 + strlen(SPEC_DESC), &id,
                                why, sizeof(why)), TILE_ISA_NOTE_FOUND);
    /* another vendor's note first is skipped */
    put32(other, 4), put32(other + 4, 4), put32(other + 8, 1);
    memcpy(other + 12, "GNU\0abcd", 8);
    memmove(sec + 20, sec, n);
    memcpy(sec, other, 20);
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n + 20, &id, why,
                                sizeof(why)), TILE_ISA_NOTE_FOUND);
    /* every truncation of a note is refused, never read past */
    n = good_note(sec);
    for (size_t len = 0; len + 4 <= 16 + strlen(SPEC_DESC); len++) {
        ck_assert_msg(parse_copy(tile_isa_parse_note_section, sec, len, &id, why,
                                 sizeof(why)) == TILE_ISA_NOTE_MALFORMED, "length %zu", len);
    }
    /* absurd sizes */
    put32(sec, 0xffffffffu);
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n, &id, why, sizeof(why)),
                     TILE_ISA_NOTE_MALFORMED);
    n = good_note(sec);
    put32(sec + 4, 0xfffffff0u);
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n, &id, why, sizeof(why)),
                     TILE_ISA_NOTE_MALFORMED);
    /* another type, another name: no identity note in the section */
    n = good_note(sec);
    put32(sec + 8, 2);
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n, &id, why, sizeof(why)),
                     TILE_ISA_NOTE_MALFORMED);
    n = good_note(sec);
    sec[14] = 'X';
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n, &id, why, sizeof(why)),
                     TILE_ISA_NOTE_MALFORMED);
    /* two identity notes */
    n = good_note(sec);
    m = good_note(sec + n);
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n + m, &id, why,
                                sizeof(why)), TILE_ISA_NOTE_MALFORMED);
    /* a descriptor with its NUL */
    n = good_note(sec);
    put32(sec + 4, (uint32_t)strlen(SPEC_DESC) + 1);
    ck_assert_int_eq(parse_copy(tile_isa_parse_note_section, sec, n, &id, why, sizeof(why)),
                     TILE_ISA_NOTE_MALFORMED);
}
END_TEST

/* A minimal ELF64: header, the note, .shstrtab, three section headers. */
static size_t make_elf(uint8_t *elf, bool with_note)
{
    static const char names[] = "\0.shstrtab\0.note.pto.isa";
    size_t note_off = 64, note_len, str_off, sh_off;

    memset(elf, 0, 1024);
    memcpy(elf, "\177ELF\2\1\1", 7);
    elf[18] = 0xe9;
    note_len = good_note(elf + note_off);
    str_off = note_off + note_len;
    memcpy(elf + str_off, names, sizeof(names));
    sh_off = (str_off + sizeof(names) + 7) & ~(size_t)7;
    elf[0x28] = (uint8_t)sh_off;
    elf[0x29] = (uint8_t)(sh_off >> 8);
    elf[0x3a] = 64;                 /* e_shentsize */
    elf[0x3c] = 3;                  /* e_shnum */
    elf[0x3e] = 1;                  /* e_shstrndx */
    /* [1] .shstrtab */
    put32(elf + sh_off + 64, 1);
    put32(elf + sh_off + 64 + 4, 3);
    elf[sh_off + 64 + 0x18] = (uint8_t)str_off, elf[sh_off + 64 + 0x19] = (uint8_t)(str_off >> 8);
    elf[sh_off + 64 + 0x20] = sizeof(names);
    /* [2] .note.pto.isa (or a section of another name) */
    put32(elf + sh_off + 128, with_note ? 11 : 2);
    put32(elf + sh_off + 128 + 4, 7);
    elf[sh_off + 128 + 0x18] = (uint8_t)note_off;
    elf[sh_off + 128 + 0x20] = (uint8_t)note_len;
    return sh_off + 3 * 64;
}

/* One change to the minimal image: bytes at an offset (from the start, or
 * from the section table with sh), and what the parser must answer. */
typedef struct ElfDamage {
    const char *what;
    bool note, sh;
    unsigned offset;
    uint8_t byte;
    int copy_from;              /* copy section header 2 over this one, or -1 */
    TileIsaNoteStatus expect;
    const char *why;            /* the exact reason, when one is asked */
} ElfDamage;

static const ElfDamage elf_damages[] = {
    { "the note", true, false, 0, 0, -1, TILE_ISA_NOTE_FOUND, NULL },
    { "no such section", false, false, 0, 0, -1, TILE_ISA_NOTE_ABSENT, NULL },
    { "no section table", true, false, 0x3c, 0, -1, TILE_ISA_NOTE_ABSENT, NULL },
    { "section table past the end", true, false, 0x3c, 200, -1, TILE_ISA_NOTE_MALFORMED,
      "the section headers lie outside the file" },
    { "section table offset absurd", true, false, 0x2f, 0x80, -1, TILE_ISA_NOTE_MALFORMED,
      "the section headers lie outside the file" },
    { "name table past the end", true, true, 64 + 0x27, 0x7f, -1, TILE_ISA_NOTE_MALFORMED,
      "the section name table lies outside the file" },
    { "note section past the end", true, true, 128 + 0x21, 0x10, -1, TILE_ISA_NOTE_MALFORMED,
      ".note.pto.isa extends past the end of the file" },
    { "note section of another type", true, true, 128 + 4, 1, -1, TILE_ISA_NOTE_MALFORMED,
      ".note.pto.isa is not a note section" },
    { "two sections of that name", true, true, 0, 0, 0, TILE_ISA_NOTE_MALFORMED,
      "two .note.pto.isa sections" },
    { "ELF32", true, false, 4, 1, -1, TILE_ISA_NOTE_MALFORMED,
      "not a little-endian ELF64 image" },
};

START_TEST(test_elf)
{
    const ElfDamage *d = &elf_damages[_i];
    uint8_t elf[1024];
    char why[160] = "";
    TileIsaIdentity id;
    size_t n = make_elf(elf, d->note);
    size_t sh_off = elf[0x28] | elf[0x29] << 8;
    size_t at = (d->sh ? sh_off : 0) + d->offset;

    if (d->copy_from >= 0) {
        memcpy(elf + sh_off + 64 * d->copy_from, elf + sh_off + 128, 64);
    } else if (d->offset) {
        elf[at] = d->byte;
    }
    ck_assert_msg(parse_copy(tile_isa_elf_identity, elf, n, &id, why, sizeof(why)) ==
                  d->expect, "%s: wrong answer (%s)", d->what, why);
    if (d->why) {
        ck_assert_str_eq(why, d->why);
    }
    if (d->expect == TILE_ISA_NOTE_FOUND) {
        ck_assert_int_eq(tile_isa_identity_compare(&id, &spec_identity),
                         TILE_ISA_IDENTITY_MATCH);
    }
}
END_TEST

/* Every truncation and every single-byte change of a whole image: an
 * answer with a reason, never a read outside the copy. */
START_TEST(test_elf_damage)
{
    uint8_t elf[1024], bad[1024];
    char why[160];
    TileIsaIdentity id;
    size_t n = make_elf(elf, true);

    for (size_t len = 0; len < n; len++) {
        why[0] = 0;
        if (parse_copy(tile_isa_elf_identity, elf, len, &id, why, sizeof(why)) ==
            TILE_ISA_NOTE_MALFORMED) {
            ck_assert_msg(why[0], "truncation to %zu: no reason", len);
        }
    }
    for (size_t i = 0; i < n; i++) {
        static const uint8_t values[] = { 0x00, 0x01, 0x7f, 0x80, 0xff };
        for (size_t k = 0; k < sizeof(values); k++) {
            memcpy(bad, elf, n);
            bad[i] = values[k];
            why[0] = 0;
            if (parse_copy(tile_isa_elf_identity, bad, n, &id, why, sizeof(why)) ==
                TILE_ISA_NOTE_MALFORMED) {
                ck_assert_msg(why[0], "byte %zu = 0x%02x: no reason", i, values[k]);
            }
        }
    }
}
END_TEST

static Suite *identity_suite(void)
{
    Suite *s = suite_create("isa-identity");
    TCase *tc = tcase_create("vectors");

    tcase_add_test(tc, test_vectors);
    suite_add_tcase(s, tc);
    tc = tcase_create("note");
    tcase_add_test(tc, test_descriptor);
    tcase_add_test(tc, test_note_bytes);
    tcase_add_loop_test(tc, test_bad_descriptor, 0,
                        sizeof(bad_descriptors) / sizeof(bad_descriptors[0]));
    tcase_add_test(tc, test_long_values);
    tcase_add_test(tc, test_note_section);
    tcase_add_loop_test(tc, test_elf, 0, sizeof(elf_damages) / sizeof(elf_damages[0]));
    tcase_add_test(tc, test_elf_damage);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    SRunner *sr;
    int failed;

    if (argc < 2) {
        fprintf(stderr, "usage: %s VECTOR-FILE (spec/evidence/pto-isa-0583-abi-vectors.json)\n",
                argv[0]);
        return EXIT_FAILURE;
    }
    vector_path = argv[argc - 1];
    sr = srunner_create(identity_suite());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
