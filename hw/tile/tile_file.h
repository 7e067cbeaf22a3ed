/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Tile state of one Core: the 64 Local tile names (four hands of 16,
 * one payload fragment per PE), the Shared registers S0..S63 and the
 * ADR 0097 capacity pools.  Plain C11 with no QEMU dependency, so the
 * host unit tests link it directly; the tile-core device embeds one and
 * migrates it, and the CPU's tile helpers act on it.
 *
 * Local names are queues (DESIGN.md decision 10, ADR 0076): a hand holds
 * at most TILE_HAND_DEPTH live tiles, #1 the newest.  A 6-bit source
 * selector names hand (selector >> 4) and entry #((selector & 15) + 1).
 * Physically the hand is a ring of 16 slots; name hand * 16 + slot.
 *
 * PE masks: bit i = PE i (tile_pool.h).
 */
#ifndef HW_TILE_TILE_FILE_H
#define HW_TILE_TILE_FILE_H

#include <stdbool.h>
#include <stdint.h>

#include "tile_pool.h"

#define TILE_HANDS              4       /* T, U, M, N */
#define TILE_HAND_DEPTH         16
#define TILE_LOCAL_NAMES        (TILE_HANDS * TILE_HAND_DEPTH)
#define TILE_SHARED_REGS        64      /* S0..S63 (ADR 0097) */

/* Tile storage layouts (the destination half of a B.DATR Layout code). */
typedef enum TileLayout {
    TILE_LAYOUT_ROW_MAJOR = 0,  /* ND */
    TILE_LAYOUT_COL_MAJOR = 1,  /* DN */
    TILE_LAYOUT_ZN = 2,
    TILE_LAYOUT_NZ = 3,
    TILE_LAYOUT_CUBE_M16 = 4,
    TILE_LAYOUT_CUBE_M32 = 5,
    TILE_LAYOUT_CUBE_N8 = 6,
} TileLayout;

/*
 * A tile descriptor.  rows is always derived from the capacity, the
 * physical column count and the element width (destination-shape rule);
 * valid_rows x valid_cols is the region producers define.
 */
/* A tile's storage kind: predicate tiles hold one bit per element. */
typedef enum TileStorage {
    TILE_STORAGE_NUMERIC = 0,
    TILE_STORAGE_PREDICATE = 1, /* made by TCMP / TCMPS only */
} TileStorage;

typedef struct TileDesc {
    uint32_t dtype;             /* B.DATR DataType code */
    uint32_t layout;            /* TileLayout */
    uint32_t size_code;         /* capacity of each fragment / the record */
    uint32_t rows, cols;
    uint32_t valid_rows, valid_cols;
    uint32_t storage;           /* TileStorage */
} TileDesc;

typedef struct TileLocal {
    TileDesc d;
    uint32_t mask;              /* PEs with a fragment; 0 = name free */
    uint32_t defined;           /* contents defined (readiness) */
    uint32_t frag_bytes[TILE_POOL_PES];         /* 0 where no fragment */
    uint8_t *frag[TILE_POOL_PES];
} TileLocal;

typedef struct TileShared {
    TileDesc d;
    uint32_t valid;             /* descriptor valid (charged in the pool) */
    uint32_t alloc_mask;        /* fixed by the first write */
    uint32_t init_mask;         /* quarters written so far */
    uint32_t published;
    uint32_t bytes;             /* payload bytes (0 when not valid) */
    uint8_t *payload;           /* PE q owns bytes [q*bytes/4, (q+1)*bytes/4) */
} TileShared;

typedef struct TileFile {
    TileLocal local[TILE_LOCAL_NAMES];
    uint32_t head[TILE_HANDS];  /* next slot a push takes */
    uint32_t count[TILE_HANDS]; /* live entries, at most TILE_HAND_DEPTH */
    TileShared shared[TILE_SHARED_REGS];
    TileCapacity cap;
} TileFile;

/* Free every payload and return the file to its reset state. */
void tile_file_reset(TileFile *f);

/* The physical name of selector's entry, or -1 when that entry is not live. */
int tile_file_lookup(const TileFile *f, unsigned selector);

/* Physical name of entry #k (1..16) of a hand, or -1 when not live. */
int tile_file_entry(const TileFile *f, unsigned hand, unsigned k);

/* Bitmap of the allocated Local names / Shared registers. */
uint64_t tile_file_local_names(const TileFile *f);
uint64_t tile_file_shared_names(const TileFile *f);

/*
 * A planned push of new tiles into hands, made before any effect: plan
 * pushes on a copy of the queue heads, learning which physical name each
 * new tile takes and which live tile it retires (a full hand retires its
 * #16, DESIGN.md decision 10).
 */
typedef struct TilePushPlan {
    uint32_t head[TILE_HANDS];
    uint32_t count[TILE_HANDS];
} TilePushPlan;

void tile_push_plan_init(TilePushPlan *p, const TileFile *f);
/* Returns the name the push takes; *retired = the name it retires or -1. */
int tile_push_plan_add(TilePushPlan *p, const TileFile *f, unsigned hand, int *retired);

/*
 * Free a Local name (its payload and, by the caller's choice, its
 * capacity) and install a new tile in a name: used only after every
 * check of a commit has passed.
 */
void tile_local_free(TileFile *f, unsigned name, bool release_capacity);
void tile_local_install(TileFile *f, unsigned name, const TileLocal *t);
/* Make the pushes of a plan visible (heads and counts). */
void tile_push_plan_commit(TileFile *f, const TilePushPlan *p);

/* Allocate a zeroed fragment buffer of bytes (never NULL). */
uint8_t *tile_payload_new(uint32_t bytes);
void tile_payload_free(uint8_t *p);

/* Bits per element of a DataType code (4 for the X2 types), 0 if none. */
unsigned tile_dtype_bits(unsigned dtype);

/* The DataType's name ("FP32", "U4X2", ...), "?" for reserved codes. */
const char *tile_dtype_name(unsigned dtype);

/*
 * Rows of a tile of cap bytes and cols columns of dtype: 0 when cols is
 * not a nonzero power of two, the capacity is not a whole number of rows
 * or the result is outside 1..65535 (DerivedTileRows).
 */
uint32_t tile_derived_rows(uint32_t cap, uint32_t cols, unsigned dtype);

/*
 * Where element (r, c) sits in a tile's storage: an element index (a
 * nibble index for the 4-bit types).  RowMajor r*cols+c, ColumnMajor
 * c*rows+r; ZN and NZ are 16-row by 32-byte fractals
 * (PTO-TILE-MODEL-DEFINEDNESS-ELEMENTS, TileLinearIndex).
 */
uint64_t tile_storage_index(const TileDesc *d, uint32_t r, uint32_t c);

/*
 * The 128-byte cells of the CUBE layouts (PTO-TILE-MODEL-SHAPE-CUBE-CELL):
 * M16 16 rows, M32 32 rows, N8 8 columns; the other extent fills the cell.
 */
void tile_cube_cell(unsigned layout, unsigned bits, unsigned *cell_rows, unsigned *cell_cols);

/*
 * The descriptor of a CUBE tile of SizeCode size_code holding vr x vc
 * valid elements: storage rows and columns rounded up to whole cells;
 * rows = 0 when no legal storage exists (M16 / M32 hold one cell of rows;
 * at most 16384 cells; the cells must fit the capacity).
 */
TileDesc tile_cube_desc(unsigned layout, unsigned dtype, unsigned size_code, uint32_t vr,
                        uint32_t vc);
/* ZN/NZ need whole fractals: rows % 16 == 0, cols % (256 / bits) == 0. */
bool tile_layout_shape_legal(const TileDesc *d);

/* Element idx of a payload (little-endian; 4-bit: even idx = low nibble). */
uint64_t tile_elem_get(const uint8_t *buf, unsigned bits, uint64_t idx);
void tile_elem_set(uint8_t *buf, unsigned bits, uint64_t idx, uint64_t v);

/* Byte offset of element idx and its Shared quarter (PE q owns q). */
static inline unsigned tile_shared_quarter(const TileDesc *d, uint64_t idx)
{
    uint64_t bytes = 128ull << (d->size_code - 1);
    uint64_t off = idx * tile_dtype_bits(d->dtype) / 8;

    return (unsigned)(off * 4 / bytes);
}

bool tile_desc_equal(const TileDesc *a, const TileDesc *b);

/*
 * Predicate storage (PTO-TILE-MODEL-DEFINEDNESS-ELEMENTS): element (r, c)
 * is bit i = r * cols + c of the fragment, in byte i / 8, bit i % 8 (the
 * first element in the least significant bit); ceil(rows * cols / 8)
 * bytes are used.
 */
static inline bool tile_pred_get(const uint8_t *frag, const TileDesc *d, uint32_t r, uint32_t c)
{
    uint64_t i = (uint64_t)r * d->cols + c;

    return (frag[i >> 3] >> (i & 7)) & 1;
}

static inline void tile_pred_set(uint8_t *frag, const TileDesc *d, uint32_t r, uint32_t c,
                                 bool v)
{
    uint64_t i = (uint64_t)r * d->cols + c;

    frag[i >> 3] = (uint8_t)((frag[i >> 3] & ~(1u << (i & 7))) | ((unsigned)v << (i & 7)));
}

#endif /* HW_TILE_TILE_FILE_H */
