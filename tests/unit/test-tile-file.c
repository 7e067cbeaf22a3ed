/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the Tile state (hw/tile/tile_file.c): the Local hands as
 * queues (docs/design.md decision 10), storage indices of every layout, derived
 * rows, packed elements and Shared quarters, and the consistency checks a
 * migration stream must pass (tile_desc_fits(), tile_file_check()).  Every expected number is
 * worked out by hand in the comment beside it.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "hw/tile/tile_state.h"

static TileFile f;

static void setup(void)
{
    memset(&f, 0, sizeof(f));
    tile_file_reset(&f);
}

static void teardown(void)
{
    tile_file_reset(&f);
}

/* push one 128-byte tile on PE0 into hand, as a commit does */
static int push(unsigned hand, int *retired)
{
    TilePushPlan p;
    TileLocal t = { .d = { .dtype = 27, .size_code = 1, .rows = 128, .cols = 1 }, .mask = 1 };
    int name;

    tile_push_plan_init(&p, &f);
    name = tile_push_plan_add(&p, &f, hand, retired);
    if (*retired >= 0) {
        tile_local_free(&f, *retired, true);
    }
    ck_assert_int_eq(tile_pool_charge_local(&f.cap, t.mask, 1).status, TILE_POOL_OK);
    t.frag[0] = tile_payload_new(128);
    t.frag_bytes[0] = 128;
    tile_local_install(&f, name, &t);
    tile_push_plan_commit(&f, &p);
    return name;
}

START_TEST(test_empty_lookup)
{
    for (unsigned sel = 0; sel < 64; sel++) {
        ck_assert_int_eq(tile_file_lookup(&f, sel), -1);
    }
    ck_assert_uint_eq(tile_file_local_names(&f), 0);
}
END_TEST

START_TEST(test_queue_order)
{
    int retired;

    /* hand U = 1: names 16, 17, 18; #1 is the newest */
    ck_assert_int_eq(push(1, &retired), 16);
    ck_assert_int_eq(push(1, &retired), 17);
    ck_assert_int_eq(push(1, &retired), 18);
    ck_assert_int_eq(retired, -1);
    ck_assert_int_eq(tile_file_lookup(&f, 16), 18);     /* U#1 */
    ck_assert_int_eq(tile_file_lookup(&f, 17), 17);     /* U#2 */
    ck_assert_int_eq(tile_file_lookup(&f, 18), 16);     /* U#3 */
    ck_assert_int_eq(tile_file_lookup(&f, 19), -1);     /* U#4: none */
    ck_assert_int_eq(tile_file_lookup(&f, 0), -1);      /* T#1: none */
    ck_assert_uint_eq(tile_file_local_names(&f), 0x70000ull);
}
END_TEST

START_TEST(test_queue_retires_oldest)
{
    int retired;

    for (int i = 0; i < 16; i++) {
        ck_assert_int_eq(push(3, &retired), 48 + i);   /* hand N: names 48..63 */
        ck_assert_int_eq(retired, -1);
    }
    ck_assert_uint_eq(f.cap.local_used[0], 16 * 128);
    /* the 17th push takes slot 0 again and retires its tile (N#16) */
    ck_assert_int_eq(tile_file_lookup(&f, 63), 48);
    ck_assert_int_eq(push(3, &retired), 48);
    ck_assert_int_eq(retired, 48);
    ck_assert_uint_eq(f.cap.local_used[0], 16 * 128);
    ck_assert_int_eq(tile_file_lookup(&f, 48), 48);     /* N#1: the new tile */
    ck_assert_int_eq(tile_file_lookup(&f, 63), 49);     /* N#16: the second oldest */
}
END_TEST

START_TEST(test_storage_index)
{
    TileDesc rm = { .dtype = 25, .layout = TILE_LAYOUT_ROW_MAJOR, .rows = 4, .cols = 8 };
    TileDesc cm = { .dtype = 25, .layout = TILE_LAYOUT_COL_MAJOR, .rows = 4, .cols = 8 };
    /* U8: 32-byte fractal rows hold 32 elements; 32 x 64 = 2 x 2 fractals of 16 x 32 */
    TileDesc zn = { .dtype = 27, .layout = TILE_LAYOUT_ZN, .rows = 32, .cols = 64 };
    TileDesc nz = { .dtype = 27, .layout = TILE_LAYOUT_NZ, .rows = 32, .cols = 64 };

    ck_assert_uint_eq(tile_storage_index(&rm, 1, 2), 10);      /* 1 * 8 + 2 */
    ck_assert_uint_eq(tile_storage_index(&cm, 1, 2), 9);       /* 2 * 4 + 1 */
    /* (17, 33): fractal (1, 1), inside (1, 1); a fractal is 512 elements */
    ck_assert_uint_eq(tile_storage_index(&zn, 17, 33), 1553);  /* (1*2+1)*512 + 1*16 + 1 */
    ck_assert_uint_eq(tile_storage_index(&nz, 17, 33), 1569);  /* (1*2+1)*512 + 1*32 + 1 */
    ck_assert_uint_eq(tile_storage_index(&zn, 0, 1), 16);      /* column-major inside */
    ck_assert_uint_eq(tile_storage_index(&nz, 1, 0), 32);      /* row-major inside */
    ck_assert(tile_layout_shape_legal(&zn));
    zn.rows = 8;                                               /* not whole fractals */
    ck_assert(!tile_layout_shape_legal(&zn));
}
END_TEST

START_TEST(test_cube_index)
{
    unsigned cr, cc;
    /* FP16 M16: cells of 16 rows x 4 columns (128 B) side by side */
    TileDesc m16 = { .dtype = 4, .layout = TILE_LAYOUT_CUBE_M16, .rows = 16, .cols = 8 };
    /* U4X2 M16: 16 x 16 cells; columns 4..7 and 8..11 swap inside a cell */
    TileDesc m16x4 = { .dtype = 28, .layout = TILE_LAYOUT_CUBE_M16, .rows = 16, .cols = 16 };
    /* FP32 N8: cells of 4 rows x 8 columns, down the rows first; 8 rows = 2 cells */
    TileDesc n8 = { .dtype = 1, .layout = TILE_LAYOUT_CUBE_N8, .rows = 8, .cols = 16 };

    tile_cube_cell(TILE_LAYOUT_CUBE_M32, 8, &cr, &cc);
    ck_assert_uint_eq(cr, 32);
    ck_assert_uint_eq(cc, 4);
    tile_cube_cell(TILE_LAYOUT_CUBE_N8, 16, &cr, &cc);
    ck_assert_uint_eq(cr, 8);
    ck_assert_uint_eq(cc, 8);
    ck_assert_uint_eq(tile_storage_index(&m16, 3, 6), 78);     /* cell 1: 64 + 3*4 + 2 */
    ck_assert_uint_eq(tile_storage_index(&m16x4, 0, 5), 9);    /* 5 -> 9 */
    ck_assert_uint_eq(tile_storage_index(&m16x4, 0, 9), 5);    /* 9 -> 5 */
    ck_assert_uint_eq(tile_storage_index(&m16x4, 1, 13), 29);  /* 16 + 13 */
    /* (5, 10): cell (10/8)*2 + 5/4 = 3; column 2, row 1 inside: 3*32 + 2*4 + 1 */
    ck_assert_uint_eq(tile_storage_index(&n8, 5, 10), 105);
}
END_TEST

/* element i of a row as tile_row_read() gives it: a 4-bit one a byte */
static uint64_t row_get(const uint8_t *row, unsigned bits, uint32_t i)
{
    return bits == 4 ? row[i] : tile_elem_get(row, bits, i);
}

/*
 * tile_row_read() / tile_row_write() against tile_storage_index() (whose
 * values the two tests above work by hand) one element at a time: every
 * layout, every width (4-bit elements a byte each in the row, the high
 * four bits ignored on write), every row, windows of columns that start
 * and end inside a run (NZ's 32-byte fractal rows, a CUBE cell's
 * columns); a write touches its elements and nothing else.
 */
START_TEST(test_row_copy)
{
    /* U8, U16, U32, U64, U4X2 */
    static const unsigned dtypes[] = { 27, 26, 25, 24, 28 };
    static const unsigned layouts[] = {
        TILE_LAYOUT_ROW_MAJOR, TILE_LAYOUT_COL_MAJOR, TILE_LAYOUT_ZN, TILE_LAYOUT_NZ,
        TILE_LAYOUT_CUBE_M16, TILE_LAYOUT_CUBE_M32, TILE_LAYOUT_CUBE_N8,
    };
    uint32_t seed = 12345;

    for (unsigned li = 0; li < sizeof(layouts) / sizeof(layouts[0]); li++) {
        for (unsigned di = 0; di < sizeof(dtypes) / sizeof(dtypes[0]); di++) {
            unsigned bits = tile_dtype_bits(dtypes[di]), bytes = bits < 8 ? 1 : bits / 8, cr, cc;
            TileDesc d = { .dtype = dtypes[di], .layout = layouts[li], .rows = 32, .cols = 64 };
            size_t size;
            uint8_t *frag, *want, row[64 * 8 + 1];

            if (d.layout >= TILE_LAYOUT_CUBE_M16) {     /* whole cells */
                tile_cube_cell(d.layout, bits, &cr, &cc);
                if (!cc) {
                    continue;                   /* M32 holds no 8-byte column */
                }
                d.rows = d.layout == TILE_LAYOUT_CUBE_N8 ? 2 * cr : cr;
                d.cols = d.layout == TILE_LAYOUT_CUBE_N8 ? 24 : 5 * cc;
            }
            ck_assert(tile_layout_shape_legal(&d));
            size = ((size_t)d.rows * d.cols * bits + 7) / 8;
            frag = malloc(size);
            want = malloc(size);
            for (size_t i = 0; i < size; i++) {
                seed = seed * 1103515245u + 12345u;
                frag[i] = (uint8_t)(seed >> 16);
            }
            for (uint32_t r = 0; r < d.rows; r++) {
                const uint32_t windows[][2] = { { 0, d.cols }, { 3, d.cols - 5 }, { 1, 1 } };

                for (unsigned w = 0; w < sizeof(windows) / sizeof(windows[0]); w++) {
                    uint32_t c0 = windows[w][0], n = windows[w][1];

                    memset(row, 0xee, sizeof(row));
                    tile_row_read(&d, frag, r, c0, n, row);
                    for (uint32_t i = 0; i < n; i++) {
                        ck_assert_uint_eq(row_get(row, bits, i),
                                          tile_elem_get(frag, bits,
                                                        tile_storage_index(&d, r, c0 + i)));
                    }
                    ck_assert_uint_eq(row[n * bytes], 0xee);    /* no more than n */
                    memcpy(want, frag, size);
                    for (uint32_t i = 0; i < n * bytes; i++) {
                        row[i] = (uint8_t)(row[i] ^ (i * 7 + r + 1));
                    }
                    for (uint32_t i = 0; i < n; i++) {
                        tile_elem_set(want, bits, tile_storage_index(&d, r, c0 + i),
                                      row_get(row, bits, i) & (bits == 4 ? 0xf : UINT64_MAX));
                    }
                    tile_row_write(&d, frag, r, c0, n, row);
                    ck_assert_mem_eq(frag, want, size);
                }
            }
            free(frag);
            free(want);
        }
    }
}
END_TEST

START_TEST(test_derived_rows)
{
    ck_assert_uint_eq(tile_derived_rows(512, 4, 25), 32);      /* 4096 bits / 128 */
    ck_assert_uint_eq(tile_derived_rows(512, 3, 25), 0);       /* not a power of two */
    ck_assert_uint_eq(tile_derived_rows(128, 64, 0), 0);       /* 1024 bits < one row */
    ck_assert_uint_eq(tile_derived_rows(65536, 1, 28), 0);     /* 131072 rows > 65535 */
    ck_assert_uint_eq(tile_derived_rows(65536, 2, 28), 0);     /* 65536 rows: one too many */
    ck_assert_uint_eq(tile_derived_rows(65536, 4, 28), 32768);
    ck_assert_uint_eq(tile_derived_rows(128, 1, 15), 0);       /* reserved type */
}
END_TEST

START_TEST(test_elements)
{
    uint8_t buf[8] = { 0 };

    tile_elem_set(buf, 4, 3, 0xa);          /* lane 3: byte 1, high nibble */
    tile_elem_set(buf, 4, 2, 0x5);          /* lane 2: byte 1, low nibble */
    ck_assert_uint_eq(buf[1], 0xa5);
    ck_assert_uint_eq(tile_elem_get(buf, 4, 3), 0xa);
    tile_elem_set(buf, 16, 2, 0x1234);      /* bytes 4, 5, little-endian */
    ck_assert_uint_eq(buf[4], 0x34);
    ck_assert_uint_eq(buf[5], 0x12);
    ck_assert_uint_eq(tile_elem_get(buf, 16, 2), 0x1234);
    ck_assert_uint_eq(buf[1], 0xa5);
}
END_TEST

START_TEST(test_shared_quarter)
{
    /* 256 B of U32: 64 elements, 16 per quarter */
    TileDesc d = { .dtype = 25, .size_code = 2, .rows = 16, .cols = 4 };

    ck_assert_uint_eq(tile_shared_quarter(&d, 15), 0);
    ck_assert_uint_eq(tile_shared_quarter(&d, 16), 1);
    ck_assert_uint_eq(tile_shared_quarter(&d, 63), 3);
    d.dtype = 28;                           /* 4-bit: 512 elements, 128 per quarter */
    ck_assert_uint_eq(tile_shared_quarter(&d, 127), 0);
    ck_assert_uint_eq(tile_shared_quarter(&d, 128), 1);
}
END_TEST

START_TEST(test_reset_frees)
{
    int retired;

    push(0, &retired);
    f.shared[63].valid = 1;
    f.shared[63].bytes = 128;
    f.shared[63].payload = tile_payload_new(128);
    ck_assert_uint_eq(tile_file_shared_names(&f), 1ull << 63);
    tile_file_reset(&f);
    ck_assert_uint_eq(tile_file_local_names(&f), 0);
    ck_assert_uint_eq(tile_file_shared_names(&f), 0);
    ck_assert_uint_eq(f.cap.local_used[0], 0);
    ck_assert_int_eq(tile_file_lookup(&f, 0), -1);
}
END_TEST

/*
 * tile_desc_fits(), worked by hand.  U8 (code 27, 8 bits) in 128 bytes
 * (1024 bits): 128 x 1 and 16 x 8 fill it, 17 x 8 needs 1088 bits.  A
 * predicate holds one bit per element: 32 x 32 = 1024 bits fits, 33 x 32
 * not.  FP16 (code 4) ZN fractals are 16 rows x 16 columns (256 bits per
 * fractal row): 16 x 16 FP16 = 512 bytes; 8 rows are not whole fractals.
 * U8 CUBE_M16 cells are 16 rows x 8 columns (128 bytes): 16 x 8 fits, 12
 * columns are not whole cells, 32 rows are more than M16's one cell.
 */
START_TEST(test_desc_fits)
{
    TileDesc d = { .dtype = 27, .rows = 128, .cols = 1, .valid_rows = 128, .valid_cols = 1 };

    ck_assert(tile_desc_fits(&d, 128));
    d.rows = 16, d.cols = 8, d.valid_rows = 3, d.valid_cols = 8;
    ck_assert(tile_desc_fits(&d, 128));
    d.rows = 17;
    ck_assert(!tile_desc_fits(&d, 128));
    d.rows = 16, d.valid_cols = 9;              /* valid region wider than the tile */
    ck_assert(!tile_desc_fits(&d, 128));
    d.valid_cols = 8, d.dtype = 15;             /* reserved data type */
    ck_assert(!tile_desc_fits(&d, 128));
    d.dtype = 27, d.layout = 7;                 /* no such layout */
    ck_assert(!tile_desc_fits(&d, 128));
    d.layout = 0, d.storage = 2;                /* no such storage kind */
    ck_assert(!tile_desc_fits(&d, 128));
    d.storage = TILE_STORAGE_PREDICATE, d.rows = 32, d.cols = 32;
    ck_assert(tile_desc_fits(&d, 128));
    d.rows = 33;
    ck_assert(!tile_desc_fits(&d, 128));
    d = (TileDesc) { .dtype = 4, .layout = TILE_LAYOUT_ZN, .rows = 16, .cols = 16 };
    ck_assert(tile_desc_fits(&d, 512));
    ck_assert(!tile_desc_fits(&d, 256));
    d.rows = 8;
    ck_assert(!tile_desc_fits(&d, 512));
    d = (TileDesc) { .dtype = 27, .layout = TILE_LAYOUT_CUBE_M16, .rows = 16, .cols = 8 };
    ck_assert(tile_desc_fits(&d, 128));
    d.cols = 12;
    ck_assert(!tile_desc_fits(&d, 128));
    d.cols = 8, d.rows = 32;
    ck_assert(!tile_desc_fits(&d, 1024));
    d.rows = 0;
    ck_assert(!tile_desc_fits(&d, 128));
}
END_TEST

/* a file made by commits is consistent, before and after a retirement */
START_TEST(test_check_consistent)
{
    int retired;

    ck_assert_ptr_null(tile_file_check(&f));
    for (int i = 0; i < 17; i++) {              /* hand M: full, then one retired */
        push(2, &retired);
        ck_assert_ptr_null(tile_file_check(&f));
    }
    push(0, &retired);
    f.shared[7] = (TileShared) {
        .d = { .dtype = 25, .size_code = 2, .rows = 16, .cols = 4, .valid_rows = 16,
               .valid_cols = 4 },
        .valid = 1, .alloc_mask = 0xf, .init_mask = 0x3, .bytes = 256,
        .payload = tile_payload_new(256),
    };
    f.cap.shared_used = 256;
    ck_assert_ptr_null(tile_file_check(&f));
}
END_TEST

/* each invariant broken on its own is found */
START_TEST(test_check_catches)
{
    TileFile good;
    int retired;

    push(0, &retired);                          /* T: names 0, 1 */
    push(0, &retired);
    good = f;
#define BROKEN(change) do { f = good; change; ck_assert_ptr_nonnull(tile_file_check(&f)); } \
    while (0)
    BROKEN(f.head[0] = 16);
    BROKEN(f.count[0] = 17);
    BROKEN(f.count[0] = 1);                     /* name 0 allocated but not live */
    BROKEN(f.count[0] = 3);                     /* entry #3 live but name 15 free */
    f = good;
    f.head[1] = 5;                              /* an empty queue may start anywhere */
    ck_assert_ptr_null(tile_file_check(&f));
    BROKEN(f.cap.local_used[0] += 128);
    BROKEN(f.cap.local_used[1] = 128);
    BROKEN(f.cap.shared_used = 128);
    BROKEN(f.local[0].mask = 3);                /* PE1 has no fragment */
    BROKEN(f.local[0].mask = 0x11);
    BROKEN(f.local[0].frag_bytes[0] = 256);
    BROKEN(f.local[0].d.size_code = 11);
    BROKEN(f.local[0].d.rows = 129);
    BROKEN(f.local[0].defined = 2);
    BROKEN(f.local[5].frag_bytes[2] = 128);     /* a free name with a fragment */
    BROKEN(f.shared[3].bytes = 128);            /* an unallocated register with a payload */
    BROKEN(f.shared[3].alloc_mask = 1);
    BROKEN((f.shared[3].valid = 1, f.shared[3].bytes = 128, f.cap.shared_used = 128));
#undef BROKEN
    f = good;
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tile-file");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_empty_lookup);
    tcase_add_test(tc, test_queue_order);
    tcase_add_test(tc, test_queue_retires_oldest);
    tcase_add_test(tc, test_storage_index);
    tcase_add_test(tc, test_cube_index);
    tcase_add_test(tc, test_row_copy);
    tcase_add_test(tc, test_derived_rows);
    tcase_add_test(tc, test_elements);
    tcase_add_test(tc, test_shared_quarter);
    tcase_add_test(tc, test_reset_frees);
    tcase_add_test(tc, test_desc_fits);
    tcase_add_test(tc, test_check_consistent);
    tcase_add_test(tc, test_check_catches);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
