/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The ISA identity of images: the .note.pto.isa note, its descriptor and
 * the spec's comparison rule (spec/evidence/pto-isa-0583-abi-vectors.json,
 * elf_identity; docs/isa-identity.md).
 *
 * Everything read from an image is bounds-checked before it is used: a
 * truncated or absurd note is TILE_ISA_NOTE_MALFORMED with a reason, never
 * a read past the buffer.  No ELF header is included: the offsets of the
 * ELF64 fields are written out, so the library builds alike on every host.
 */
#include <stdio.h>
#include <string.h>

#include "tile-isa-internal.h"

#define NOTE_HEADER_BYTES   12      /* namesz, descsz, type */
#define NOTE_ALIGN          4
#define NOTE_NAME_BYTES     4       /* "PTO" and its NUL */
#define SHT_NOTE_TYPE       7
#define ELF64_SHDR_BYTES    64

static size_t align4(size_t n)
{
    return (n + NOTE_ALIGN - 1) & ~(size_t)(NOTE_ALIGN - 1);
}

static uint32_t le32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t le16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint64_t le64(const uint8_t *p)
{
    return le32(p) | (uint64_t)le32(p + 4) << 32;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) {
        p[i] = (uint8_t)(v >> (8 * i));
    }
}

static TileIsaNoteStatus malformed(char *why, size_t whylen, const char *text)
{
    if (whylen) {
        snprintf(why, whylen, "%s", text);
    }
    return TILE_ISA_NOTE_MALFORMED;
}

size_t tile_isa_identity_descriptor(const TileIsaIdentity *id, char *buf, size_t len)
{
    /* keys in lexicographic order */
    int n = snprintf(buf, len,
                     "{\"encoding_abi\":\"%s\",\"encoding_projection_sha256\":\"%s\","
                     "\"release\":\"%s\"}",
                     id->encoding_abi, id->encoding_projection_sha256, id->release);

    return n < 0 ? 0 : (size_t)n;
}

size_t tile_isa_identity_note(const TileIsaIdentity *id, uint8_t *buf, size_t len)
{
    char desc[3 * (TILE_ISA_IDENTITY_MAX + 1) + 96];
    size_t dlen = tile_isa_identity_descriptor(id, desc, sizeof(desc));
    size_t total = NOTE_HEADER_BYTES + NOTE_NAME_BYTES + align4(dlen);

    if (len < total) {
        return total;
    }
    memset(buf, 0, total);
    put32(buf, NOTE_NAME_BYTES);
    put32(buf + 4, (uint32_t)dlen);
    put32(buf + 8, TILE_ISA_NOTE_TYPE);
    memcpy(buf + NOTE_HEADER_BYTES, TILE_ISA_NOTE_NAME, NOTE_NAME_BYTES);
    memcpy(buf + NOTE_HEADER_BYTES + NOTE_NAME_BYTES, desc, dlen);
    return total;
}

TileIsaIdentityCheck tile_isa_identity_compare(const TileIsaIdentity *image,
                                               const TileIsaIdentity *impl)
{
    if (!image) {
        return TILE_ISA_IDENTITY_MISSING;
    }
    if (strcmp(image->release, impl->release)) {
        return TILE_ISA_IDENTITY_RELEASE_MISMATCH;
    }
    if (strcmp(image->encoding_abi, impl->encoding_abi)) {
        return TILE_ISA_IDENTITY_ABI_MISMATCH;
    }
    if (strcmp(image->encoding_projection_sha256, impl->encoding_projection_sha256)) {
        return TILE_ISA_IDENTITY_HASH_MISMATCH;
    }
    return TILE_ISA_IDENTITY_MATCH;
}

const char *tile_isa_identity_reason(TileIsaIdentityCheck check)
{
    switch (check) {
    case TILE_ISA_IDENTITY_MATCH:
        return "match";
    case TILE_ISA_IDENTITY_MISSING:
        return "missing-identity";
    case TILE_ISA_IDENTITY_RELEASE_MISMATCH:
        return "release-mismatch";
    case TILE_ISA_IDENTITY_ABI_MISMATCH:
        return "encoding-abi-mismatch";
    case TILE_ISA_IDENTITY_HASH_MISMATCH:
        return "encoding-hash-mismatch";
    }
    return "?";
}

/* ---- The descriptor ---- */

/* A JSON string of printable ASCII without escapes at *pos; its text. */
static bool json_string(const uint8_t *d, size_t len, size_t *pos, char *out, size_t outlen)
{
    size_t n = 0;

    if (*pos >= len || d[*pos] != '"') {
        return false;
    }
    for ((*pos)++; *pos < len && d[*pos] != '"'; (*pos)++) {
        if (d[*pos] < 0x20 || d[*pos] > 0x7e || d[*pos] == '\\' || n + 1 >= outlen) {
            return false;
        }
        out[n++] = (char)d[*pos];
    }
    if (*pos >= len) {
        return false;
    }
    (*pos)++;
    out[n] = 0;
    return true;
}

static bool is_sha256_hex(const char *s)
{
    size_t n = strlen(s);

    return n == 64 && strspn(s, "0123456789abcdef") == 64;
}

TileIsaNoteStatus tile_isa_parse_descriptor(const uint8_t *desc, size_t len,
                                            TileIsaIdentity *out, char *why,
                                            size_t whylen)
{
    TileIsaIdentity id;
    bool seen[3] = { false, false, false };
    char key[32], value[TILE_ISA_IDENTITY_MAX + 2];
    char canon[3 * (TILE_ISA_IDENTITY_MAX + 1) + 96];
    size_t pos = 1;

    memset(&id, 0, sizeof(id));
    if (len < 2 || desc[0] != '{' || desc[len - 1] != '}') {
        return malformed(why, whylen, "the descriptor is not a JSON object");
    }
    for (;;) {
        char *field;
        int k;

        if (!json_string(desc, len, &pos, key, sizeof(key)) || pos >= len ||
            desc[pos++] != ':') {
            return malformed(why, whylen,
                             "the descriptor is not a JSON object of plain ASCII strings");
        }
        if (!strcmp(key, "release")) {
            k = 0, field = id.release;
        } else if (!strcmp(key, "encoding_abi")) {
            k = 1, field = id.encoding_abi;
        } else if (!strcmp(key, "encoding_projection_sha256")) {
            k = 2, field = id.encoding_projection_sha256;
        } else {
            return malformed(why, whylen, "the descriptor has a field other than release, "
                             "encoding_abi and encoding_projection_sha256");
        }
        if (seen[k]) {
            return malformed(why, whylen, "the descriptor repeats a field");
        }
        seen[k] = true;
        if (!json_string(desc, len, &pos, value, sizeof(value))) {
            return malformed(why, whylen, "a descriptor value is not a string of at most "
                             "127 printable ASCII characters without escapes");
        }
        if (strlen(value) > (k == 2 ? 64 : TILE_ISA_IDENTITY_MAX) || !value[0]) {
            return malformed(why, whylen, k == 2 ?
                             "encoding_projection_sha256 is not 64 lower-case hex digits" :
                             "a descriptor value is empty or longer than 127 characters");
        }
        strcpy(field, value);
        if (pos < len && desc[pos] == ',') {
            pos++;
            continue;
        }
        break;
    }
    if (pos != len - 1) {
        return malformed(why, whylen, "the descriptor is not a JSON object of strings");
    }
    if (!seen[0] || !seen[1] || !seen[2]) {
        return malformed(why, whylen, "the descriptor lacks release, encoding_abi or "
                         "encoding_projection_sha256");
    }
    if (!is_sha256_hex(id.encoding_projection_sha256)) {
        return malformed(why, whylen,
                         "encoding_projection_sha256 is not 64 lower-case hex digits");
    }
    /* sorted keys, no whitespace: exactly what this library would write */
    if (tile_isa_identity_descriptor(&id, canon, sizeof(canon)) != len ||
        memcmp(canon, desc, len)) {
        return malformed(why, whylen, "the descriptor is not canonical JSON "
                         "(sorted keys, no whitespace, no NUL)");
    }
    *out = id;
    return TILE_ISA_NOTE_FOUND;
}

/* ---- The note and its section ---- */

TileIsaNoteStatus tile_isa_parse_note_section(const uint8_t *sec, size_t len,
                                              TileIsaIdentity *out, char *why,
                                              size_t whylen)
{
    size_t pos = 0;
    bool found = false;

    while (pos < len) {
        uint32_t namesz, descsz, type;
        size_t name_end, desc_end;

        if (len - pos < NOTE_HEADER_BYTES) {
            return malformed(why, whylen, "a note header is truncated");
        }
        namesz = le32(sec + pos);
        descsz = le32(sec + pos + 4);
        type = le32(sec + pos + 8);
        /* sizes first, so that no sum below can pass the section's end */
        if (namesz > len - pos - NOTE_HEADER_BYTES ||
            align4(namesz) > len - pos - NOTE_HEADER_BYTES ||
            descsz > len - pos - NOTE_HEADER_BYTES - align4(namesz)) {
            return malformed(why, whylen, "a note is larger than its section");
        }
        name_end = pos + NOTE_HEADER_BYTES + align4(namesz);
        desc_end = name_end + descsz;
        if (namesz == NOTE_NAME_BYTES && type == TILE_ISA_NOTE_TYPE &&
            !memcmp(sec + pos + NOTE_HEADER_BYTES, TILE_ISA_NOTE_NAME, NOTE_NAME_BYTES)) {
            TileIsaNoteStatus st;

            if (found) {
                return malformed(why, whylen, "the section holds two identity notes");
            }
            st = tile_isa_parse_descriptor(sec + name_end, descsz, out, why, whylen);
            if (st != TILE_ISA_NOTE_FOUND) {
                return st;
            }
            found = true;
        }
        /* the last note's descriptor padding may be absent */
        pos = desc_end + (align4(descsz) - descsz);
        if (pos > len) {
            pos = len;
        }
    }
    if (!found) {
        return malformed(why, whylen, "the section holds no note named PTO of type 1");
    }
    return TILE_ISA_NOTE_FOUND;
}

TileIsaNoteStatus tile_isa_elf_identity(const uint8_t *elf, size_t size,
                                        TileIsaIdentity *out, char *why,
                                        size_t whylen)
{
    uint64_t shoff;
    unsigned shentsize, shnum, shstrndx;
    uint64_t str_off, str_size;
    const uint8_t *strsh;
    int found = -1;

    if (size < 64 || memcmp(elf, "\177ELF", 4) || elf[4] != 2 || elf[5] != 1) {
        return malformed(why, whylen, "not a little-endian ELF64 image");
    }
    shoff = le64(elf + 0x28);
    shentsize = le16(elf + 0x3a);
    shnum = le16(elf + 0x3c);
    shstrndx = le16(elf + 0x3e);
    if (shnum == 0) {
        return TILE_ISA_NOTE_ABSENT;        /* no section table at all */
    }
    if (shentsize != ELF64_SHDR_BYTES || shoff > size ||
        (uint64_t)shnum * ELF64_SHDR_BYTES > size - shoff || shstrndx >= shnum) {
        return malformed(why, whylen, "the section headers lie outside the file");
    }
    strsh = elf + shoff + (uint64_t)shstrndx * ELF64_SHDR_BYTES;
    str_off = le64(strsh + 0x18);
    str_size = le64(strsh + 0x20);
    if (str_off > size || str_size > size - str_off) {
        return malformed(why, whylen, "the section name table lies outside the file");
    }
    for (unsigned i = 0; i < shnum; i++) {
        const uint8_t *sh = elf + shoff + (uint64_t)i * ELF64_SHDR_BYTES;
        uint32_t name = le32(sh);
        size_t want = sizeof(TILE_ISA_NOTE_SECTION);

        if (name < str_size && str_size - name >= want &&
            !memcmp(elf + str_off + name, TILE_ISA_NOTE_SECTION, want)) {
            if (found >= 0) {
                return malformed(why, whylen, "two .note.pto.isa sections");
            }
            found = (int)i;
        }
    }
    if (found < 0) {
        return TILE_ISA_NOTE_ABSENT;
    }
    {
        const uint8_t *sh = elf + shoff + (uint64_t)found * ELF64_SHDR_BYTES;
        uint64_t off = le64(sh + 0x18), sz = le64(sh + 0x20);

        if (le32(sh + 4) != SHT_NOTE_TYPE) {
            return malformed(why, whylen, ".note.pto.isa is not a note section");
        }
        if (off > size || sz > size - off) {
            return malformed(why, whylen, ".note.pto.isa extends past the end of the file");
        }
        return tile_isa_parse_note_section(elf + off, sz, out, why, whylen);
    }
}
