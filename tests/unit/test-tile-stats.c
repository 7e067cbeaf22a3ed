/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the utilization counters (hw/tile/tile_stats.c,
 * docs/tile-core.md), plain C linked with the ISA library.
 *
 * "names": every operation of the ISA tables is found again at its form
 * index under its own name and engine; the TLSU encoding variants carry
 * the names and function codes of the spec's command catalog
 * (spec/catalog/command-forms.json, encoding_variants), written out here;
 * an index no operation has is NULL.
 * "counting": an operation counts once for the Core and once for each PE
 * of its mask, its figures only on those PEs; pool peaks only grow; a
 * reset clears everything; an out-of-range form or fault is ignored.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hw/tile/tile_state.h"
#include "tile-isa.h"

START_TEST(test_every_operation_named)
{
    unsigned named = 0;

    for (unsigned i = 0; i < tile_isa_tile_op_count; i++) {
        const TileIsaTileOp *t = &tile_isa_tile_ops[i];
        unsigned form;
        const char *engine = NULL, *name;

        if (t->mode >= 0) {
            form = TILE_STATS_FORM_TEPL + ((unsigned)t->mode << 5 | (unsigned)t->function);
        } else if (!strcmp(t->engine, "CUBE")) {
            form = TILE_STATS_FORM_CUBE + (unsigned)t->function;
        } else {
            ck_assert_str_eq(t->engine, "TLSU");
            form = TILE_STATS_FORM_TLSU + (unsigned)t->function;
        }
        name = tile_stats_form_name(form, &engine);
        ck_assert_msg(name && !strcmp(name, t->name) && !strcmp(engine, t->engine),
                      "%s (%s) at form %u: got %s (%s)", t->name, t->engine, form,
                      name ? name : "NULL", name ? engine : "");
        named++;
    }
    ck_assert_uint_eq(named, 109);          /* the catalog's 109 operations */
}
END_TEST

START_TEST(test_variants_and_holes)
{
    static const struct {
        unsigned function;
        const char *name;
    } variants[] = {
        { 9, "TMOV.L2S.INSERT" }, { 10, "TMOV.L2S.PUBLISH" }, { 11, "TMOV.S2L.BROADCAST" },
        { 12, "TMOV.S2L.EXTRACT" }, { 14, "TSTORE.SPART" },
    };
    const char *engine = NULL, *name;
    unsigned holes = 0;

    for (unsigned i = 0; i < sizeof(variants) / sizeof(variants[0]); i++) {
        name = tile_stats_form_name(TILE_STATS_FORM_TLSU + variants[i].function, &engine);
        ck_assert_msg(name && !strcmp(name, variants[i].name), "TLSU function %u",
                      variants[i].function);
        ck_assert_str_eq(engine, "TLSU");
    }
    /* 192 indexes: 109 operations, 5 variants, the rest named by nothing */
    for (unsigned f = 0; f < TILE_STATS_FORMS + 8; f++) {
        holes += tile_stats_form_name(f, &engine) == NULL;
    }
    ck_assert_uint_eq(holes, TILE_STATS_FORMS + 8 - 109 - 5);
}
END_TEST

START_TEST(test_counting)
{
    TileStats s;
    TileOpWork w = { .form = TILE_STATS_FORM_CUBE, .mask = 0x5 };   /* PE0, PE2 */
    TileCapacity cap = { .local_used = { 512, 0, 1024, 0 }, .shared_used = 640 };

    tile_stats_reset(&s);
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        w.macs[pe] = 100 + pe;
        w.elements[pe] = 10 + pe;
        w.bytes_to_tile[pe] = 1000 + pe;
        w.bytes_to_memory[pe] = 2000 + pe;
    }
    tile_stats_record_op(&s, &w, &cap);
    tile_stats_record_op(&s, &w, &cap);
    ck_assert_uint_eq(s.ops[TILE_STATS_FORM_CUBE], 2);
    ck_assert_uint_eq(s.pe[0].ops[TILE_STATS_FORM_CUBE], 2);
    ck_assert_uint_eq(s.pe[1].ops[TILE_STATS_FORM_CUBE], 0);
    ck_assert_uint_eq(s.pe[2].macs, 2 * 102);
    ck_assert_uint_eq(s.pe[2].elements, 2 * 12);
    ck_assert_uint_eq(s.pe[2].bytes_to_tile, 2 * 1002);
    ck_assert_uint_eq(s.pe[2].bytes_to_memory, 2 * 2002);
    ck_assert_uint_eq(s.pe[1].macs + s.pe[1].elements + s.pe[3].bytes_to_tile, 0);
    ck_assert_uint_eq(s.pe[0].local_peak, 512);
    ck_assert_uint_eq(s.pe[2].local_peak, 1024);
    ck_assert_uint_eq(s.shared_peak, 640);
    /* the pools shrink: the peaks stay */
    cap = (TileCapacity) { .local_used = { 128, 256, 0, 0 }, .shared_used = 0 };
    tile_stats_record_op(&s, &w, &cap);
    ck_assert_uint_eq(s.pe[0].local_peak, 512);
    ck_assert_uint_eq(s.pe[1].local_peak, 256);     /* a PE outside the mask too */
    ck_assert_uint_eq(s.shared_peak, 640);
    /* out of range: ignored */
    w.form = TILE_STATS_FORMS;
    tile_stats_record_op(&s, &w, &cap);
    ck_assert_uint_eq(s.pe[2].macs, 3 * 102);
    tile_stats_record_fault(&s, TILE_STATS_FAULT_DATA_PAGE);
    tile_stats_record_fault(&s, TILE_STATS_FAULTS);
    ck_assert_uint_eq(s.faults[TILE_STATS_FAULT_DATA_PAGE], 1);
    ck_assert_str_eq(tile_stats_fault_name(TILE_STATS_FAULT_DATA_PAGE), "DataPage");
    tile_stats_reset(&s);
    ck_assert_uint_eq(s.ops[TILE_STATS_FORM_CUBE] + s.faults[TILE_STATS_FAULT_DATA_PAGE] +
                      s.pe[0].local_peak + s.shared_peak, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tile-stats");
    TCase *tc = tcase_create("names");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_every_operation_named);
    tcase_add_test(tc, test_variants_and_holes);
    suite_add_tcase(s, tc);
    tc = tcase_create("counting");
    tcase_add_test(tc, test_counting);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
