/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the ADR 0097 capacity model (hw/tile/tile_pool.c).
 * Every expected number is written out by hand: 64 KiB = 65536,
 * 256 KiB = 262144, SizeCode k = 128 << (k - 1) bytes.
 */
#include <check.h>
#include <stdlib.h>

#include "hw/tile/tile_state.h"

static TileCapacity cap;

static void setup(void)
{
    tile_pool_reset(&cap);
}

static void assert_cap(uint32_t pe0, uint32_t pe1, uint32_t pe2, uint32_t pe3,
                       uint32_t shared)
{
    ck_assert_uint_eq(cap.local_used[0], pe0);
    ck_assert_uint_eq(cap.local_used[1], pe1);
    ck_assert_uint_eq(cap.local_used[2], pe2);
    ck_assert_uint_eq(cap.local_used[3], pe3);
    ck_assert_uint_eq(cap.shared_used, shared);
}

#define ASSERT_OK(expr) \
    ck_assert_int_eq((expr).status, TILE_POOL_OK)

static void assert_result(TilePoolResult r, TilePoolStatus st, int pe)
{
    ck_assert_int_eq(r.status, st);
    ck_assert_int_eq(r.pe, pe);
}

/* --- Constants and tables ------------------------------------------------ */

START_TEST(test_constants)
{
    ck_assert_uint_eq(TILE_POOL_BYTES, 262144);
    ck_assert_uint_eq(TILE_POOL_PES, 4);
}
END_TEST

START_TEST(test_size_code_bytes)
{
    static const uint32_t expect[16] = {
        0, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536,
        131072, 262144, 0, 0, 0,
    };
    for (unsigned k = 0; k < 16; k++) {
        ck_assert_uint_eq(tile_size_code_bytes(k), expect[k]);
    }
}
END_TEST

START_TEST(test_size_code_legality)
{
    /* Local 1..10, Shared 1..12; 0 is the source role, 13..15 reserved. */
    static const bool local[16] = {
        0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
    };
    static const bool shared[16] = {
        0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0,
    };
    for (unsigned k = 0; k < 16; k++) {
        ck_assert_int_eq(tile_local_size_code_is_legal(k), local[k]);
        ck_assert_int_eq(tile_shared_size_code_is_legal(k), shared[k]);
    }
}
END_TEST

START_TEST(test_pe_mask_of_mode)
{
    /* ASL strings (PE0 leftmost) -> bit i = PE i. */
    ck_assert_uint_eq(tile_pe_mask_of_mode(0), 0x0); /* 0000 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(1), 0x1); /* 1000: PE0 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(2), 0x2); /* 0100: PE1 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(3), 0x4); /* 0010: PE2 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(4), 0x8); /* 0001: PE3 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(5), 0x3); /* 1100: PE0+PE1 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(6), 0x7); /* 1110: PE0..PE2 */
    ck_assert_uint_eq(tile_pe_mask_of_mode(7), 0xf); /* 1111: all */
}
END_TEST

/* Each PEMode charges exactly the PEs of its mask (and nothing in Shared). */
START_TEST(test_pe_mode_charges_its_pes)
{
    static const uint32_t expect[8][4] = {
        { 0, 0, 0, 0 },
        { 1024, 0, 0, 0 },
        { 0, 1024, 0, 0 },
        { 0, 0, 1024, 0 },
        { 0, 0, 0, 1024 },
        { 1024, 1024, 0, 0 },
        { 1024, 1024, 1024, 0 },
        { 1024, 1024, 1024, 1024 },
    };
    unsigned mode = (unsigned)_i;

    ASSERT_OK(tile_pool_charge_local(&cap, tile_pe_mask_of_mode(mode), 4));
    assert_cap(expect[mode][0], expect[mode][1], expect[mode][2],
               expect[mode][3], 0);
}
END_TEST

/* --- ADR 0097 consequences ----------------------------------------------- */

/* Four 64 KiB Local objects fill PE0; a fifth faults; PE1 keeps 256 KiB. */
START_TEST(test_local_fill_pe0)
{
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x1, 10));
    }
    assert_cap(262144, 0, 0, 0, 0);
    ck_assert_uint_eq(tile_pool_local_free(&cap, 0), 0);

    assert_result(tile_pool_charge_local(&cap, 0x1, 10),
                  TILE_POOL_NO_CAPACITY, 0);
    /* even the smallest object no longer fits */
    assert_result(tile_pool_charge_local(&cap, 0x1, 1),
                  TILE_POOL_NO_CAPACITY, 0);
    assert_cap(262144, 0, 0, 0, 0);

    /* PE1 still takes its full 256 KiB, as four 64 KiB objects */
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x2, 10));
    }
    assert_cap(262144, 262144, 0, 0, 0);
    assert_result(tile_pool_charge_local(&cap, 0x2, 1),
                  TILE_POOL_NO_CAPACITY, 1);
    /* PE2 and PE3 untouched */
    ck_assert_uint_eq(tile_pool_local_free(&cap, 2), 262144);
    ck_assert_uint_eq(tile_pool_local_free(&cap, 3), 262144);
}
END_TEST

/* Mixed sizes jointly fill one PE's pool exactly. */
START_TEST(test_local_mixed_sizes_fill)
{
    /* 65536 * 3 + 32768 + 16384 + 8192 + 4096 + 2048 + 1024 + 512 + 256
     * + 128 + 128 = 262144 */
    for (int i = 0; i < 3; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x4, 10));
    }
    for (unsigned k = 9; k >= 1; k--) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x4, k));
    }
    assert_cap(0, 0, 262016, 0, 0);
    ASSERT_OK(tile_pool_charge_local(&cap, 0x4, 1));
    assert_cap(0, 0, 262144, 0, 0);
    assert_result(tile_pool_charge_local(&cap, 0x4, 1),
                  TILE_POOL_NO_CAPACITY, 2);
}
END_TEST

/* Local SizeCode 11 and 12 (and 0, 13..15) are rejected, nothing charged. */
START_TEST(test_local_size_codes_rejected)
{
    static const unsigned bad[] = { 0, 11, 12, 13, 14, 15 };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_result(tile_pool_charge_local(&cap, 0x1, bad[i]),
                      TILE_POOL_ILLEGAL_SIZE, -1);
        assert_result(tile_pool_charge_local(&cap, 0xf, bad[i]),
                      TILE_POOL_ILLEGAL_SIZE, -1);
        /* SizeCode is checked even when the mask is empty (PEMode 000) */
        assert_result(tile_pool_charge_local(&cap, 0x0, bad[i]),
                      TILE_POOL_ILLEGAL_SIZE, -1);
    }
    assert_cap(0, 0, 0, 0, 0);
}
END_TEST

/* Shared SizeCode 13..15 and 0 are rejected. */
START_TEST(test_shared_size_codes_rejected)
{
    static const unsigned bad[] = { 0, 13, 14, 15 };
    for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
        assert_result(tile_pool_charge_shared(&cap, 0xf, bad[i]),
                      TILE_POOL_ILLEGAL_SIZE, -1);
    }
    assert_cap(0, 0, 0, 0, 0);
}
END_TEST

/* A Shared SizeCode-12 destination takes the whole Shared pool; a further
 * Shared allocation faults; Local allocations still succeed everywhere. */
START_TEST(test_shared_sc12_fills_pool)
{
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 12));
    assert_cap(0, 0, 0, 0, 262144);
    ck_assert_uint_eq(tile_pool_shared_free(&cap), 0);

    assert_result(tile_pool_charge_shared(&cap, 0xf, 1), TILE_POOL_NO_CAPACITY, -1);
    assert_result(tile_pool_charge_shared(&cap, 0xf, 12), TILE_POOL_NO_CAPACITY, -1);
    assert_cap(0, 0, 0, 0, 262144);

    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0xf, 10));
    }
    assert_cap(262144, 262144, 262144, 262144, 262144);
}
END_TEST

/* The same Shared allocation with PEMode 0001 (PE3 alone) and 1111 (all)
 * charges the same bytes: the Shared charge ignores participation. */
START_TEST(test_shared_same_bytes_any_mode)
{
    TileCapacity a, b;

    tile_pool_reset(&a);
    tile_pool_reset(&b);
    /* PEMode 100 decodes to ASL 0001 = PE3 = 0x8; 111 to 1111 = 0xf */
    ASSERT_OK(tile_pool_charge_shared(&a, tile_pe_mask_of_mode(4), 11));
    ASSERT_OK(tile_pool_charge_shared(&b, tile_pe_mask_of_mode(7), 11));
    ck_assert_uint_eq(a.shared_used, 131072);
    ck_assert_uint_eq(b.shared_used, 131072);
    for (int pe = 0; pe < 4; pe++) {
        ck_assert_uint_eq(a.local_used[pe], 0);
        ck_assert_uint_eq(b.local_used[pe], 0);
    }
    /* a second 128 KiB parent fits in either, whatever its PEMode */
    ASSERT_OK(tile_pool_charge_shared(&a, 0xf, 11));
    ASSERT_OK(tile_pool_charge_shared(&b, 0x8, 11));
    ck_assert_uint_eq(a.shared_used, 262144);
    ck_assert_uint_eq(b.shared_used, 262144);
    /* a full-pool SizeCode 12 on all four PEs is still 256 KiB, not 1 MiB */
    tile_pool_reset(&a);
    ASSERT_OK(tile_pool_charge_shared(&a, 0xf, 12));
    ck_assert_uint_eq(a.shared_used, 262144);
}
END_TEST

/* Every nonzero PEMode charges the same 4 KiB once; PEMode 000 nothing. */
START_TEST(test_shared_every_mode)
{
    static const uint32_t expect[8] = {
        0, 4096, 4096, 4096, 4096, 4096, 4096, 4096,
    };
    unsigned mode = (unsigned)_i;

    ASSERT_OK(tile_pool_charge_shared(&cap, tile_pe_mask_of_mode(mode), 6));
    assert_cap(0, 0, 0, 0, expect[mode]);
}
END_TEST

/* Shared mask 0 is a no-op even when the pool is full; SizeCode and mask
 * bits are still checked. */
START_TEST(test_shared_masks)
{
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 12));
    ASSERT_OK(tile_pool_charge_shared(&cap, 0x0, 12));
    assert_result(tile_pool_charge_shared(&cap, 0x0, 13),
                  TILE_POOL_ILLEGAL_SIZE, -1);
    assert_result(tile_pool_charge_shared(&cap, 0x10, 1),
                  TILE_POOL_ILLEGAL_MASK, -1);
    assert_cap(0, 0, 0, 0, 262144);
}
END_TEST

/* Local and Shared never compete, in either direction. */
START_TEST(test_local_shared_independent)
{
    /* fill all four Local pools first */
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0xf, 10));
    }
    assert_cap(262144, 262144, 262144, 262144, 0);
    assert_result(tile_pool_charge_local(&cap, 0xf, 1),
                  TILE_POOL_NO_CAPACITY, 0);
    /* the Shared pool is still whole */
    ck_assert_uint_eq(tile_pool_shared_free(&cap), 262144);
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 12));
    assert_cap(262144, 262144, 262144, 262144, 262144);

    /* releasing Shared does not give Local room, and vice versa */
    ASSERT_OK(tile_pool_release_shared(&cap, 12));
    assert_result(tile_pool_charge_local(&cap, 0x1, 1),
                  TILE_POOL_NO_CAPACITY, 0);
    ASSERT_OK(tile_pool_release_local(&cap, 0x1, 10));
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 12));
    assert_result(tile_pool_charge_shared(&cap, 0xf, 1), TILE_POOL_NO_CAPACITY, -1);
    assert_cap(196608, 262144, 262144, 262144, 262144);
}
END_TEST

/* A multi-PE charge where only one PE overflows changes nothing anywhere. */
START_TEST(test_local_all_or_nothing)
{
    /* PE2 holds 224 KiB (3 x 64 + 32); the others hold 0 */
    for (int i = 0; i < 3; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x4, 10));
    }
    ASSERT_OK(tile_pool_charge_local(&cap, 0x4, 9));
    assert_cap(0, 0, 229376, 0, 0);

    /* 64 KiB on all four: fits PE0, PE1, PE3, overflows PE2 */
    assert_result(tile_pool_charge_local(&cap, 0xf, 10),
                  TILE_POOL_NO_CAPACITY, 2);
    assert_cap(0, 0, 229376, 0, 0);
    /* PEMode 110 (PE0..PE2) likewise */
    assert_result(tile_pool_charge_local(&cap, tile_pe_mask_of_mode(6), 10),
                  TILE_POOL_NO_CAPACITY, 2);
    assert_cap(0, 0, 229376, 0, 0);

    /* exactly the remaining 32 KiB fits on all four */
    ASSERT_OK(tile_pool_charge_local(&cap, 0xf, 9));
    assert_cap(32768, 32768, 262144, 32768, 0);
}
END_TEST

/* The reported PE is the lowest one that overflows. */
START_TEST(test_local_reports_lowest_pe)
{
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x8, 10));   /* PE3 full */
    }
    assert_result(tile_pool_charge_local(&cap, 0xf, 1),
                  TILE_POOL_NO_CAPACITY, 3);
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x2, 10));   /* PE1 full */
    }
    assert_result(tile_pool_charge_local(&cap, 0xf, 1),
                  TILE_POOL_NO_CAPACITY, 1);
    assert_result(tile_pool_charge_local(&cap, 0x8, 1),
                  TILE_POOL_NO_CAPACITY, 3);
    assert_cap(0, 262144, 0, 262144, 0);
}
END_TEST

/* Mask 0 (PEMode 000) charges nothing; bits above PE3 are rejected. */
START_TEST(test_local_masks)
{
    ASSERT_OK(tile_pool_charge_local(&cap, 0x0, 10));
    assert_cap(0, 0, 0, 0, 0);
    assert_result(tile_pool_charge_local(&cap, 0x10, 1),
                  TILE_POOL_ILLEGAL_MASK, -1);
    assert_result(tile_pool_charge_local(&cap, 0x1f, 1),
                  TILE_POOL_ILLEGAL_MASK, -1);
    assert_result(tile_pool_release_local(&cap, 0x10, 1),
                  TILE_POOL_ILLEGAL_MASK, -1);
    assert_cap(0, 0, 0, 0, 0);
}
END_TEST

/* Release returns capacity; an over-release changes nothing. */
START_TEST(test_release)
{
    for (int i = 0; i < 4; i++) {
        ASSERT_OK(tile_pool_charge_local(&cap, 0x1, 10));
    }
    assert_result(tile_pool_charge_local(&cap, 0x1, 10),
                  TILE_POOL_NO_CAPACITY, 0);
    ASSERT_OK(tile_pool_release_local(&cap, 0x1, 10));
    assert_cap(196608, 0, 0, 0, 0);
    ASSERT_OK(tile_pool_charge_local(&cap, 0x1, 10));
    assert_cap(262144, 0, 0, 0, 0);

    /* a multi-PE release that would underflow PE1 changes nothing */
    assert_result(tile_pool_release_local(&cap, 0x3, 1),
                  TILE_POOL_UNDERFLOW, 1);
    assert_cap(262144, 0, 0, 0, 0);
    assert_result(tile_pool_release_local(&cap, 0x1, 0),
                  TILE_POOL_ILLEGAL_SIZE, -1);

    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 12));
    assert_result(tile_pool_charge_shared(&cap, 0xf, 1), TILE_POOL_NO_CAPACITY, -1);
    ASSERT_OK(tile_pool_release_shared(&cap, 12));
    assert_cap(262144, 0, 0, 0, 0);
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 1));
    assert_cap(262144, 0, 0, 0, 128);
    assert_result(tile_pool_release_shared(&cap, 2), TILE_POOL_UNDERFLOW, -1);
    assert_result(tile_pool_release_shared(&cap, 13), TILE_POOL_ILLEGAL_SIZE, -1);
    assert_cap(262144, 0, 0, 0, 128);
    ASSERT_OK(tile_pool_release_shared(&cap, 1));
    assert_cap(262144, 0, 0, 0, 0);
}
END_TEST

/* A block commit charging several destinations rolls all of them back. */
START_TEST(test_snapshot_restore)
{
    TileCapacity snap;

    ASSERT_OK(tile_pool_charge_local(&cap, 0x1, 10));
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 11));
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 10));
    assert_cap(65536, 0, 0, 0, 196608);

    snap = tile_pool_snapshot(&cap);
    /* destination 1: Local 32 KiB on all PEs (fits) */
    ASSERT_OK(tile_pool_charge_local(&cap, 0xf, 9));
    /* destination 2: Shared 64 KiB (fits exactly) */
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 10));
    assert_cap(98304, 32768, 32768, 32768, 262144);
    /* destination 3: Shared 128 B does not fit -> roll the block back */
    assert_result(tile_pool_charge_shared(&cap, 0xf, 1), TILE_POOL_NO_CAPACITY, -1);
    tile_pool_restore(&cap, &snap);
    assert_cap(65536, 0, 0, 0, 196608);
}
END_TEST

START_TEST(test_reset)
{
    ASSERT_OK(tile_pool_charge_local(&cap, 0xf, 10));
    ASSERT_OK(tile_pool_charge_shared(&cap, 0xf, 12));
    tile_pool_reset(&cap);
    assert_cap(0, 0, 0, 0, 0);
}
END_TEST

START_TEST(test_status_names)
{
    ck_assert_str_eq(tile_pool_status_name(TILE_POOL_OK), "ok");
    ck_assert_str_eq(tile_pool_status_name(TILE_POOL_NO_CAPACITY),
                     "no capacity");
}
END_TEST

static Suite *pool_suite(void)
{
    Suite *s = suite_create("tile-pool");
    TCase *tc = tcase_create("adr0097");

    tcase_add_checked_fixture(tc, setup, NULL);
    tcase_add_test(tc, test_constants);
    tcase_add_test(tc, test_size_code_bytes);
    tcase_add_test(tc, test_size_code_legality);
    tcase_add_test(tc, test_pe_mask_of_mode);
    tcase_add_loop_test(tc, test_pe_mode_charges_its_pes, 0, 8);
    tcase_add_test(tc, test_local_fill_pe0);
    tcase_add_test(tc, test_local_mixed_sizes_fill);
    tcase_add_test(tc, test_local_size_codes_rejected);
    tcase_add_test(tc, test_shared_size_codes_rejected);
    tcase_add_test(tc, test_shared_sc12_fills_pool);
    tcase_add_test(tc, test_shared_same_bytes_any_mode);
    tcase_add_loop_test(tc, test_shared_every_mode, 0, 8);
    tcase_add_test(tc, test_shared_masks);
    tcase_add_test(tc, test_local_shared_independent);
    tcase_add_test(tc, test_local_all_or_nothing);
    tcase_add_test(tc, test_local_reports_lowest_pe);
    tcase_add_test(tc, test_local_masks);
    tcase_add_test(tc, test_release);
    tcase_add_test(tc, test_snapshot_restore);
    tcase_add_test(tc, test_reset);
    tcase_add_test(tc, test_status_names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(pool_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
