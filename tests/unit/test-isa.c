/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the ISA library: every form round-trips through encode,
 * decode, format and assemble; decode classification agrees with an
 * independent brute-force scan; ADR 0097's B.IOS encoding.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tile-isa.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Numbers only: the tests never use symbols. */
static bool eval_number(void *ctx, const char *expr, int64_t *value, bool *known,
                        char *err, size_t errlen)
{
    char *end;
    (void)ctx;
    *known = true;
    if (expr[0] == '-') {
        *value = strtoll(expr, &end, 0);
    } else {
        *value = (int64_t)strtoull(expr, &end, 0);
    }
    if (*end || end == expr) {
        snprintf(err, errlen, "bad number '%s'", expr);
        return false;
    }
    return true;
}

static int64_t field_min(const TileIsaField *f)
{
    return f->sign == 's' ? -(INT64_C(1) << (f->width - 1)) : 0;
}

static int64_t field_max(const TileIsaField *f)
{
    return f->sign == 's' ? (INT64_C(1) << (f->width - 1)) - 1
                          : (int64_t)((UINT64_C(1) << f->width) - 1);
}

static const TileIsaConstraint *constraint_of(const TileIsaForm *form, unsigned field)
{
    for (unsigned i = 0; i < form->nconstraints; i++) {
        if (form->constraints[i].field == field) {
            return &form->constraints[i];
        }
    }
    return NULL;
}

/* mode 0: minimum, 1: maximum, 2: random */
static int64_t pick_value(const TileIsaForm *form, unsigned i, int mode)
{
    const TileIsaField *f = &form->fields[i];
    const TileIsaConstraint *c = constraint_of(form, i);
    if (c && c->op == TILE_ISA_CONS_IN) {
        unsigned k = mode == 0 ? 0u : mode == 1 ? c->nvalues - 1u : (unsigned)(rnd() % c->nvalues);
        return c->values[k];
    }
    int64_t lo = field_min(f), hi = field_max(f);
    int64_t v = mode == 0 ? lo : mode == 1 ? hi
              : lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
    if (c && c->op == TILE_ISA_CONS_NE && v == c->values[0]) {
        v = v == lo ? lo + 1 : v - 1;
    }
    return (int64_t)((uint64_t)v & ~tile_isa_field_holes(f));
}

/* Syntax guard "[Field=V]" of alternative k, applied to values. */
static void apply_guard(const TileIsaForm *form, unsigned k, int64_t *values)
{
    const char *s = form->syntax[k];
    char name[32];
    long v;
    if (s[0] == '[' && sscanf(s, "[%31[^=]=%ld]", name, &v) == 2) {
        int i = tile_isa_field_index(form, name);
        ck_assert_int_ge(i, 0);
        values[i] = v;
    }
}

static void round_trip(const TileIsaForm *form, const int64_t *values, uint64_t pc)
{
    uint64_t bits, bits2;
    char err[256], text[256];
    TileIsaInsn insn;
    uint8_t buf[8];

    ck_assert_msg(tile_isa_encode(form, values, &bits, err, sizeof(err)),
                  "%s (%s): encode failed: %s", form->mnemonic, form->id, err);
    tile_isa_store(bits, form->length_bits / 8, buf);
    TileIsaStatus st = tile_isa_decode(buf, form->length_bits / 8, &insn);
    ck_assert_msg(st == TILE_ISA_OK && insn.form == form,
                  "%s (%s): 0x%" PRIx64 " decoded as %s (status %d)", form->mnemonic,
                  form->id, bits, insn.form ? insn.form->id : "-", st);
    for (unsigned i = 0; i < form->nfields; i++) {
        ck_assert_msg(insn.value[i] == values[i], "%s field %s: %lld != %lld",
                      form->mnemonic, form->fields[i].name, (long long)insn.value[i],
                      (long long)values[i]);
    }
    ck_assert_int_ge(tile_isa_format(&insn, pc, text, sizeof(text)), 0);
    const TileIsaForm *form2;
    ck_assert_msg(tile_isa_assemble(text, pc, eval_number, NULL, true, &form2, &bits2,
                                    err, sizeof(err)),
                  "%s: '%s' does not assemble: %s", form->id, text, err);
    ck_assert_msg(bits2 == bits && form2 == form,
                  "%s: '%s' reassembled to 0x%" PRIx64 " (%s), want 0x%" PRIx64,
                  form->id, text, bits2, form2->id, bits);
}

START_TEST(test_every_form_round_trips)
{
    unsigned cases = 0;
    for (unsigned fi = 0; fi < tile_isa_form_count; fi++) {
        const TileIsaForm *form = &tile_isa_forms[fi];
        ck_assert_ptr_nonnull(form->syntax);
        for (unsigned k = 0; form->syntax[k]; k++) {
            for (int trial = 0; trial < 24; trial++) {
                int64_t values[TILE_ISA_MAX_FIELDS] = { 0 };
                int mode = trial < 2 ? trial : 2;
                for (unsigned i = 0; i < form->nfields; i++) {
                    values[i] = pick_value(form, i, mode);
                }
                apply_guard(form, k, values);
                if (!tile_isa_constraints_hold(form, values)) {
                    continue;
                }
                round_trip(form, values, 0x10000 + (rnd() & 0xffffe));
                cases++;
            }
        }
    }
    ck_assert_uint_gt(cases, (466 + 74) * 20);
}
END_TEST

START_TEST(test_form_counts)
{
    unsigned scalar = 0, command = 0, variants = 0;
    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        if (tile_isa_forms[i].variant_function >= 0) {
            variants++;
        } else if (tile_isa_forms[i].cls == TILE_ISA_CLASS_SCALAR) {
            scalar++;
        } else {
            command++;
        }
    }
    ck_assert_uint_eq(scalar, 466);
    ck_assert_uint_eq(command, 74);
    ck_assert_uint_eq(variants, 5);
    ck_assert_uint_eq(tile_isa_reserved_count, 40);
}
END_TEST

/* ---- independent classification ---- */

static bool cons_ok(const TileIsaConstraint *c, unsigned n, const TileIsaField *fields,
                    uint64_t w)
{
    for (unsigned i = 0; i < n; i++) {
        int64_t v = tile_isa_field_value(&fields[c[i].field], w);
        bool ok = c[i].op == TILE_ISA_CONS_NE;
        for (unsigned k = 0; k < c[i].nvalues; k++) {
            if (c[i].op == TILE_ISA_CONS_IN && v == c[i].values[k]) {
                ok = true;
            }
            if (c[i].op == TILE_ISA_CONS_NE && v == c[i].values[k]) {
                ok = false;
            }
        }
        if (!ok) {
            return false;
        }
    }
    return true;
}

static int popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1) {
        n++;
    }
    return n;
}

/* Brute force over all tables for one word of exactly `bytes` bytes. */
static TileIsaStatus brute_classify(uint64_t w, unsigned bytes, const TileIsaForm **out)
{
    unsigned bits = bytes * 8;
    for (unsigned i = 0; i < tile_isa_reserved_count; i++) {
        const TileIsaReserved *r = &tile_isa_reserved[i];
        if (r->length_bits == bits && (w & r->mask) == r->match &&
            cons_ok(r->constraints, r->nconstraints, r->fields, w)) {
            return TILE_ISA_RESERVED;
        }
    }
    const TileIsaForm *best = NULL;
    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        const TileIsaForm *f = &tile_isa_forms[i];
        if (f->length_bits != bits || (w & f->mask) != f->match) {
            continue;
        }
        if (!best || (f->cls == TILE_ISA_CLASS_COMMAND && best->cls != TILE_ISA_CLASS_COMMAND) ||
            (f->cls == best->cls && popcount64(f->mask) > popcount64(best->mask))) {
            best = f;
        }
    }
    if (!best) {
        return TILE_ISA_ILLEGAL;
    }
    *out = best;
    return cons_ok(best->constraints, best->nconstraints, best->fields, w)
           ? TILE_ISA_OK : TILE_ISA_CONSTRAINT;
}

static void check_word(uint64_t w, unsigned bytes)
{
    TileIsaInsn insn;
    const TileIsaForm *want = NULL;
    TileIsaStatus expect = brute_classify(w, bytes, &want);
    TileIsaStatus got = tile_isa_decode_word(w, bytes, &insn);
    ck_assert_msg(got == expect, "word 0x%" PRIx64 "/%u: decode %d, brute force %d",
                  w, bytes, got, expect);
    if (got == TILE_ISA_OK) {
        ck_assert_ptr_eq(insn.form, want);
    }
    ck_assert_uint_eq(insn.length, bytes);
}

START_TEST(test_random_words_agree_with_brute_force)
{
    unsigned counts[4] = { 0 };
    for (int n = 0; n < 100000; n++) {
        uint64_t w = rnd();
        unsigned kind = n % 3;
        if (kind == 0) {            /* 16-bit: bit 0 clear, not 1110 */
            w &= 0xfffe;
            if ((w & 0xf) == 0xe) {
                w ^= 0x4;
            }
            check_word(w, 2);
        } else if (kind == 1) {     /* 32-bit: bit 0 set, not 1111 */
            w = (w & 0xffffffff) | 1;
            if ((w & 0xf) == 0xf) {
                w ^= 0x8;
            }
            check_word(w, 4);
        } else {                    /* 48-bit: 1110 */
            w = (w & 0xffffffffffff & ~UINT64_C(0xf)) | 0xe;
            check_word(w, 6);
        }
        counts[kind]++;
    }
    /* Every form's own match word classifies the same way too. */
    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        const TileIsaForm *f = &tile_isa_forms[i];
        unsigned bytes = f->length_bits / 8;
        if (bytes == tile_isa_parcel_length(f->match & 0xffff)) {
            check_word(f->match, bytes);
            check_word(f->match | (~f->mask & rnd() & (bytes == 8 ? ~0ull : (1ull << (8 * bytes)) - 1)), bytes);
        }
    }
    ck_assert_uint_gt(counts[2], 30000);
}
END_TEST

START_TEST(test_reserved_rows_are_rejected)
{
    for (unsigned i = 0; i < tile_isa_reserved_count; i++) {
        const TileIsaReserved *r = &tile_isa_reserved[i];
        uint64_t w = r->match;
        if (tile_isa_parcel_length(r->match & 0xffff) * 8 != r->length_bits) {
            continue;   /* the fused row: test_fused_reserved_row_reads_as_two */
        }
        /* satisfy "!= 0" style constraints */
        for (unsigned k = 0; k < r->nconstraints; k++) {
            const TileIsaField *f = &r->fields[r->constraints[k].field];
            w |= (uint64_t)1 << f->pieces[0].insn_lsb;
        }
        TileIsaInsn insn;
        TileIsaStatus st = tile_isa_decode_word(w, r->length_bits / 8, &insn);
        ck_assert_msg(st == TILE_ISA_RESERVED, "%s (0x%" PRIx64 ") decodes with status %d",
                      r->mnemonic, w, st);
        ck_assert_uint_eq(insn.length, r->length_bits / 8);
    }
}
END_TEST

START_TEST(test_fused_bstart_call)
{
    /* C.BSTART DIRECT parcel followed by a C.SETRET parcel is BSTART.CALL;
     * followed by anything else, it is a 16-bit C.BSTART. */
    for (int n = 0; n < 20000; n++) {
        uint16_t p0 = (uint16_t)((rnd() & 0xfff0) | 0x2);
        uint16_t p1 = (uint16_t)rnd();
        if (n & 1) {
            p1 = (uint16_t)((p1 & ~0xf83f) | 0x5016);
        }
        uint8_t buf[4] = { (uint8_t)p0, (uint8_t)(p0 >> 8), (uint8_t)p1, (uint8_t)(p1 >> 8) };
        TileIsaInsn insn;
        ck_assert_int_eq(tile_isa_decode(buf, 4, &insn), TILE_ISA_OK);
        bool setret = (p1 & 0xf83f) == 0x5016;
        ck_assert_str_eq(insn.form->mnemonic, setret ? "BSTART.CALL" : "C.BSTART");
        ck_assert_uint_eq(insn.length, setret ? 4 : 2);
    }
}
END_TEST

START_TEST(test_fused_reserved_row_reads_as_two)
{
    /*
     * The reserved 48-bit HL.BSTART.CALL row (match 0x501600000011, mask
     * 0xf83f0000007f) is a 32-bit BSTART DIRECT (low 7 bits 0010001,
     * simm25 in bits 31:7) followed by a C.SETRET parcel (0x5016 under mask
     * 0xf83f, uimm5 in its bits 10:6).  Decoded from the full six bytes it
     * must give the BSTART, 4 bytes, and then the C.SETRET
     * (docs/implementation-defined.md entry 63).
     */
    unsigned rows = 0;

    for (unsigned i = 0; i < tile_isa_reserved_count; i++) {
        rows += !strcmp(tile_isa_reserved[i].mnemonic, "HL.BSTART.CALL");
    }
    ck_assert_uint_eq(rows, 1);
    for (int n = 0; n < 5000; n++) {
        uint32_t simm25 = (uint32_t)rnd() & 0x1ffffff;
        uint32_t uimm5 = (uint32_t)rnd() & 0x1f;
        uint64_t lo = 0x11 | (uint64_t)simm25 << 7;
        uint16_t hi = (uint16_t)(0x5016 | uimm5 << 6);
        uint8_t buf[6];
        TileIsaInsn insn;

        for (int b = 0; b < 4; b++) {
            buf[b] = (uint8_t)(lo >> (8 * b));
        }
        buf[4] = (uint8_t)hi;
        buf[5] = (uint8_t)(hi >> 8);
        ck_assert_int_eq(tile_isa_decode(buf, 6, &insn), TILE_ISA_OK);
        ck_assert_str_eq(insn.form->mnemonic, "BSTART");
        ck_assert_uint_eq(insn.length, 4);
        ck_assert_uint_eq(insn.bits, lo);
        int64_t want = simm25 & 0x1000000 ? (int64_t)simm25 - 0x2000000 : simm25;
        ck_assert_int_eq(insn.value[tile_isa_field_index(insn.form, "simm25")], want);
        ck_assert_int_eq(tile_isa_decode(buf + 4, 2, &insn), TILE_ISA_OK);
        ck_assert_str_eq(insn.form->mnemonic, "C.SETRET");
        ck_assert_int_eq(insn.value[tile_isa_field_index(insn.form, "uimm5")], uimm5);
    }
}
END_TEST

START_TEST(test_encode_never_internal_error)
{
    /*
     * Any operand values, in range or not, allowed by the catalog or not:
     * tile_isa_encode either encodes a word that decodes back to the form
     * or says which operand is wrong, never "internal error" (B.FPATR's
     * Func overlaps fixed bits and may only be 2).
     */
    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        const TileIsaForm *f = &tile_isa_forms[i];
        for (int n = 0; n < 200; n++) {
            int64_t v[TILE_ISA_MAX_FIELDS];
            uint64_t bits;
            char err[256] = "";
            for (unsigned j = 0; j < f->nfields; j++) {
                unsigned w = f->fields[j].width + (n % 3 == 0);
                v[j] = (int64_t)(rnd() & ((w >= 64 ? 0 : UINT64_C(1) << w) - 1));
                if (f->fields[j].sign == 's' && w < 64 && (v[j] >> (w - 1)) & 1) {
                    v[j] -= (int64_t)1 << w;
                }
            }
            if (tile_isa_encode(f, v, &bits, err, sizeof(err))) {
                ck_assert_uint_eq(bits & f->mask, f->match);
            } else {
                ck_assert_msg(strncmp(err, "internal error", 14) != 0, "%s: %s",
                              f->mnemonic, err);
            }
        }
    }
}
END_TEST

static uint64_t assemble_ok(const char *text)
{
    const TileIsaForm *f;
    uint64_t bits;
    char err[256];
    ck_assert_msg(tile_isa_assemble(text, 0, eval_number, NULL, true, &f, &bits, err,
                                    sizeof(err)), "'%s': %s", text, err);
    return bits;
}

START_TEST(test_adr0097_bios)
{
    uint64_t w = assemble_ok("b.ios s63, mask=1111");
    TileIsaInsn insn;
    ck_assert_int_eq(tile_isa_decode_word(w, 4, &insn), TILE_ISA_OK);
    ck_assert_str_eq(insn.form->mnemonic, "B.IOS");
    ck_assert_int_eq(insn.value[tile_isa_field_index(insn.form, "SharedTID")], 63);
    ck_assert_uint_eq((w >> 20) & 0x3f, 63);
    ck_assert_uint_eq(w & 0xfc0871ff, 0x00001013);

    uint64_t d = assemble_ok("b.ios mask=0001, ->s17<1100>");
    ck_assert_int_eq(tile_isa_decode_word(d, 4, &insn), TILE_ISA_OK);
    ck_assert_int_eq(insn.value[tile_isa_field_index(insn.form, "SizeCode")], 12);

    /* bits 27:26 are reserved zero */
    for (int bit = 26; bit <= 27; bit++) {
        ck_assert_int_eq(tile_isa_decode_word(w | (UINT64_C(1) << bit), 4, &insn),
                         TILE_ISA_ILLEGAL);
        ck_assert_int_eq(tile_isa_decode_word(d | (UINT64_C(1) << bit), 4, &insn),
                         TILE_ISA_ILLEGAL);
    }
    const TileIsaForm *f;
    uint64_t bits;
    char err[256];
    ck_assert(!tile_isa_assemble("b.ios s64, mask=1111", 0, eval_number, NULL, true, &f,
                                 &bits, err, sizeof(err)));
    ck_assert_ptr_nonnull(strstr(err, "s64"));
}
END_TEST

START_TEST(test_known_encodings)
{
    /* Hand-worked from the catalog fields: add a0, a1, ->a2 is
     * match 0x00000005 | RegDst(4)<<7 | SrcL(2)<<15 | SrcR(3)<<20 |
     * SrcRType(3 = none)<<25. */
    ck_assert_uint_eq(assemble_ok("add a0, a1, ->a2"),
                      0x5u | (4u << 7) | (2u << 15) | (3u << 20) | (3u << 25));
    /* c.movi -1, ->t: simm5 = 0x1f at [10:6], RegDst 31 at [15:11] */
    ck_assert_uint_eq(assemble_ok("c.movi -1, ->t"), 0x0016u | (0x1fu << 6) | (31u << 11));
    /* bstop is a fixed word */
    ck_assert_uint_eq(assemble_ok("bstop"), 0x00000001u);
}
END_TEST

static const char *tile_as_path;

/* One instance of every form (every syntax alternative), formatted by the
 * library, assembled by the tile-as program: the bytes must be identical. */
START_TEST(test_tile_as_reassembles_every_form)
{
    char dir[] = "/tmp/test-isa-XXXXXX";
    char src[64], out[64], cmd[512];
    ck_assert_ptr_nonnull(tile_as_path);
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(src, sizeof(src), "%s/all.s", dir);
    snprintf(out, sizeof(out), "%s/all.bin", dir);
    FILE *f = fopen(src, "w");
    uint8_t *want = malloc(1 << 20);
    size_t nwant = 0;
    uint64_t pc = 0x2000;
    fprintf(f, "    .org 0x2000\n");
    for (unsigned fi = 0; fi < tile_isa_form_count; fi++) {
        const TileIsaForm *form = &tile_isa_forms[fi];
        for (unsigned k = 0; form->syntax[k]; k++) {
            for (int trial = 0; trial < 3; trial++) {
                int64_t values[TILE_ISA_MAX_FIELDS] = { 0 };
                for (unsigned i = 0; i < form->nfields; i++) {
                    values[i] = pick_value(form, i, trial);
                }
                apply_guard(form, k, values);
                uint64_t bits;
                char err[256], text[256];
                TileIsaInsn insn;
                if (!tile_isa_constraints_hold(form, values) ||
                    !tile_isa_encode(form, values, &bits, err, sizeof(err))) {
                    continue;
                }
                unsigned len = form->length_bits / 8;
                ck_assert_int_eq(tile_isa_decode_word(bits, len, &insn), TILE_ISA_OK);
                ck_assert_int_ge(tile_isa_format(&insn, pc, text, sizeof(text)), 0);
                fprintf(f, "    %s\n", text);
                tile_isa_store(bits, len, want + nwant);
                nwant += len;
                pc += len;
            }
        }
    }
    fclose(f);
    snprintf(cmd, sizeof(cmd), "%s -O binary --base 0 -o %s %s", tile_as_path, out, src);
    ck_assert_int_eq(system(cmd), 0);
    FILE *g = fopen(out, "rb");
    ck_assert_ptr_nonnull(g);
    uint8_t *got = malloc(nwant + 0x2000 + 16);
    size_t ngot = fread(got, 1, nwant + 0x2000 + 16, g);
    fclose(g);
    ck_assert_uint_eq(ngot, nwant + 0x2000);
    ck_assert_msg(memcmp(got + 0x2000, want, nwant) == 0, "tile-as output differs");
    ck_assert_uint_gt(nwant, 1000);
    free(want);
    free(got);
    snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

static Suite *isa_suite(void)
{
    Suite *s = suite_create("tile-isa");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_form_counts);
    tcase_add_test(tc, test_every_form_round_trips);
    tcase_add_test(tc, test_random_words_agree_with_brute_force);
    tcase_add_test(tc, test_reserved_rows_are_rejected);
    tcase_add_test(tc, test_fused_bstart_call);
    tcase_add_test(tc, test_fused_reserved_row_reads_as_two);
    tcase_add_test(tc, test_encode_never_internal_error);
    tcase_add_test(tc, test_adr0097_bios);
    tcase_add_test(tc, test_known_encodings);
    tcase_add_test(tc, test_tile_as_reassembles_every_form);
    suite_add_tcase(s, tc);
    return s;
}

int main(int argc, char **argv)
{
    tile_as_path = argc > 1 ? argv[1] : NULL;
    SRunner *sr = srunner_create(isa_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
