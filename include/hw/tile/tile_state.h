/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The interface between a PTO Core (target/tile) and its tile-core device
 * (hw/tile), and the machine's GQM queues: the one header of hw/ that
 * target/ includes.
 *
 * The tile-core device owns the Tile state of its Core: the four PEs'
 * Local capacity pools, the Shared pool, the Local names and the Shared
 * registers (one TileFile); it resets and migrates them.  The CPU holds
 * a QOM link to its device (property TILE_CORE_LINK_PROP, set by the
 * device when it is realized) and reaches the state only through
 * tile_core_tile_file().  target/ reads and changes a TileFile only while
 * a Tile block commits (tile/commit.c, and the engines through
 * tile/op.h), with the functions below; everything else about the device
 * (its MMIO window, its creation) is the machine's business
 * (hw/tile/tile_core.h).
 *
 * Plain C11, no QEMU dependency, so the host unit tests (tests/unit/
 * test-pool.c, test-tile-file.c) include it and link hw/tile/tile_pool.c
 * and tile_file.c directly.
 */
#ifndef HW_TILE_TILE_STATE_H
#define HW_TILE_TILE_STATE_H

#include <stdbool.h>
#include <stdint.h>

/* ---- The link from a CPU to its device ---- */

#define TYPE_TILE_CORE "tile-core"
#define TILE_CORE_LINK_PROP "tile-core"     /* the CPU's link property */

struct Object;
struct TileFile;

/* The Tile state of a tile-core device (the object the CPU links to). */
struct TileFile *tile_core_tile_file(struct Object *tile_core);

/*
 * ---- General queue management (PTO-ARCH-GQM): hw/tile/tile_gqm.c ----
 *
 * The queues are system state, shared by every Core: one device per
 * machine holds them (reset and migrated with it), and each CPU's QOM
 * link TILE_GQM_LINK_PROP names it.  Each function is one atomic queue
 * operation and returns the result word ([12:0] the primary value,
 * [63:62] the status: 00 done, 01 busy, 10 error); flags are the
 * instruction's suffix bits as helper.h passes them.  With no device
 * (gqm NULL) every operation is an error.
 */

#define TYPE_TILE_GQM "tile-gqm"
#define TILE_GQM_LINK_PROP "gqm"            /* the CPU's link property */

/* HL.QMT: [3] i (initialize with capacity[9:0]), [2] e, [1] s, [0] r */
uint64_t tile_gqm_manage(struct Object *gqm, uint64_t address, uint64_t capacity,
                         unsigned flags);
/* HL.QPUSH: [3] h (at the head), [2] e, [0] r */
uint64_t tile_gqm_push(struct Object *gqm, uint64_t address, uint64_t value,
                       unsigned flags);
/* HL.QPOP: [1] e, [0] r; *data the entry popped (0 when none) */
uint64_t tile_gqm_pop(struct Object *gqm, uint64_t address, unsigned flags,
                      uint64_t *data);

/*
 * ---- The capacity pools of one Core (ADR 0097): hw/tile/tile_pool.c ----
 *
 * Model (ADR 0097, "Decision"):
 *  - each of the four PEs owns an independent 256 KiB Local pool;
 *  - the Core owns one separate 256 KiB Shared pool;
 *  - Local and Shared never compete for one combined budget;
 *  - a Local (B.IOT) destination charges its SizeCode size once in EACH PE
 *    named by the decoded PEMode, against that PE's own pool; a single Local
 *    object is at most 64 KiB (SizeCode 1..10);
 *  - a Shared (B.IOS) destination charges its complete size once in the
 *    Shared pool (SizeCode 1..12, up to 256 KiB), whatever the PEMode.
 *
 * PE masks: bit i names PE i (PE0 = bit 0 = 0x1, ..., PE3 = bit 3 = 0x8).
 * The ASL writes its 4-bit masks with PE0 leftmost (PTOPEMaskBitOfPEIdentity
 * maps PE i to ASL bit 3 - i); this header uses the natural order instead.
 *
 * The charge functions are all-or-nothing: they check every pool involved
 * first and change nothing on failure.  A block commit that charges several
 * destinations takes a tile_pool_snapshot() first and tile_pool_restore()s
 * it if any later check fails.
 *
 * PEMode 000 (mask 0) is a strict no-op for B.IOT and B.IOS (PTO-BLOCK-B-IOT,
 * PTO-BLOCK-B-IOS): a charge with mask 0 changes nothing and succeeds.  As in
 * the ASL, the SizeCode is still checked first, so an illegal SizeCode is
 * rejected even with mask 0.
 */

#define TILE_POOL_PES            4
#define TILE_PE_MASK_ALL        0xfu

/* Bytes in each PE's Local pool and in the Core's Shared pool (ADR 0097). */
#define TILE_POOL_BYTES         (256u * 1024u)

/* SizeCode 0 is the source role; 1..12 are 128 B..256 KiB; 13..15 reserved. */
#define TILE_SIZE_CODE_MIN      1u
#define TILE_LOCAL_SIZE_CODE_MAX  10u   /* 64 KiB per Local object */
#define TILE_SHARED_SIZE_CODE_MAX 12u   /* 256 KiB per Shared parent */

typedef struct TileCapacity {
    uint32_t local_used[TILE_POOL_PES];  /* bytes used in PE i's Local pool */
    uint32_t shared_used;               /* bytes used in the Shared pool */
} TileCapacity;

typedef enum TilePoolStatus {
    TILE_POOL_OK = 0,
    TILE_POOL_ILLEGAL_SIZE,     /* SizeCode outside the pool's legal range */
    TILE_POOL_ILLEGAL_MASK,     /* PE mask with bits above PE3 */
    TILE_POOL_NO_CAPACITY,      /* the charge does not fit; nothing changed */
    TILE_POOL_UNDERFLOW,        /* release of more than is in use */
} TilePoolStatus;

/*
 * Result of a charge or release.  For TILE_POOL_NO_CAPACITY and
 * TILE_POOL_UNDERFLOW on a Local pool, pe is the lowest-numbered PE that
 * failed; it is -1 for the Shared pool and for every other status.
 */
typedef struct TilePoolResult {
    TilePoolStatus status;
    int pe;
} TilePoolResult;

/* Bytes of SizeCode k (1..12): 128 << (k - 1).  0 for any other code. */
uint32_t tile_size_code_bytes(unsigned size_code);

bool tile_local_size_code_is_legal(unsigned size_code);   /* 1..10 */
bool tile_shared_size_code_is_legal(unsigned size_code);  /* 1..12 */

/* PEMode (3 bits) to the participating-PE mask (bit i = PE i). */
unsigned tile_pe_mask_of_mode(unsigned pemode);

void tile_pool_reset(TileCapacity *cap);

/* Charge / release a Local destination in each PE of pe_mask. */
TilePoolResult tile_pool_charge_local(TileCapacity *cap, unsigned pe_mask,
                                      unsigned size_code);
TilePoolResult tile_pool_release_local(TileCapacity *cap, unsigned pe_mask,
                                       unsigned size_code);

/*
 * Charge a Shared destination: the full size, once, in the Core's Shared
 * pool, for any nonzero pe_mask (the mask only selects participation and
 * payload quarters); nothing for mask 0.  Release gives back what one
 * successful charge took.
 */
TilePoolResult tile_pool_charge_shared(TileCapacity *cap, unsigned pe_mask,
                                       unsigned size_code);
TilePoolResult tile_pool_release_shared(TileCapacity *cap, unsigned size_code);

/* Free bytes left in one PE's Local pool / in the Shared pool. */
uint32_t tile_pool_local_free(const TileCapacity *cap, unsigned pe);
uint32_t tile_pool_shared_free(const TileCapacity *cap);

/* Block-commit transaction: save the whole state, restore it on failure. */
static inline TileCapacity tile_pool_snapshot(const TileCapacity *cap)
{
    return *cap;
}

static inline void tile_pool_restore(TileCapacity *cap, const TileCapacity *snap)
{
    *cap = *snap;
}

const char *tile_pool_status_name(TilePoolStatus status);

/*
 * ---- The Tile state of one Core: hw/tile/tile_file.c ----
 *
 * The 64 Local tile names (four hands of 16, one payload fragment per
 * PE), the Shared registers S0..S63 and the ADR 0097 capacity pools.  The
 * tile-core device embeds one and migrates it; the CPU's Tile engine acts
 * on it while a block commits.
 *
 * Local names are queues (docs/design.md decision 10, ADR 0076): a hand holds
 * at most TILE_HAND_DEPTH live tiles, #1 the newest.  A 6-bit source
 * selector names hand (selector >> 4) and entry #((selector & 15) + 1).
 * Physically the hand is a ring of 16 slots; name hand * 16 + slot.
 *
 * PE masks: bit i = PE i, as for the pools.
 */

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

/*
 * Consistency of a TileFile (what a migration stream must satisfy before
 * the Core uses it).  tile_desc_fits(): the descriptor names a data type,
 * a layout and a storage kind, its valid region lies in its rows x cols,
 * and that storage (whole CUBE cells, ZN/NZ fractals) fits in bytes.
 * tile_local_sizes_ok() / tile_shared_sizes_ok(): the payload sizes are
 * exactly what the SizeCode and the mask give (checked before a payload
 * is allocated).  tile_file_check(): NULL when the whole file is
 * consistent (queue heads and counts in range, a Local name allocated
 * exactly when it is a live queue entry, every descriptor fitting, the
 * pools' use equal to what the live tiles and Shared registers hold),
 * else what is not.
 */
bool tile_desc_fits(const TileDesc *d, uint32_t bytes);
bool tile_local_sizes_ok(const TileLocal *t);
bool tile_shared_sizes_ok(const TileShared *s);
const char *tile_file_check(const TileFile *f);

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
 * #16, docs/design.md decision 10).
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

/* Bits per element of a DataType code (4 for the X2 types), 0 if none
 * (inline: the commit path asks per row and per element). */
static inline unsigned tile_dtype_bits(unsigned dtype)
{
    /* PTO-ARCH-DATA-TYPES-TILE-DATA-TYPES: element widths by code */
    static const unsigned char bits[32] = {
        [0] = 64, [1] = 32, [2] = 32, [3] = 32, [4] = 16, [5] = 16,
        [6] = 8, [7] = 8, [8] = 8, [9] = 8, [10] = 8, [11] = 4, [12] = 4,
        [13] = 8, [14] = 4, [16] = 64, [17] = 32, [18] = 16, [19] = 8,
        [20] = 4, [24] = 64, [25] = 32, [26] = 16, [27] = 8, [28] = 4,
    };
    return dtype < 32 ? bits[dtype] : 0;
}

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

/*
 * Row r of a numeric tile, columns c0 .. c0 + n - 1, as contiguous
 * element encodings whatever the layout: tile_row_read() copies them out
 * of the payload frag into row, tile_row_write() from row into their
 * places.  Each element lands where tile_storage_index() puts it; the
 * layouts whose rows are runs of contiguous elements (row-major, NZ, CUBE
 * M16 / M32) copy a run at a time.  A 4-bit element takes a byte of the
 * row (its encoding in the low four bits; the high four are written zero
 * and ignored when read back).
 */
void tile_row_read(const TileDesc *d, const uint8_t *frag, uint32_t r, uint32_t c0, uint32_t n,
                   uint8_t *row);
void tile_row_write(const TileDesc *d, uint8_t *frag, uint32_t r, uint32_t c0, uint32_t n,
                    const uint8_t *row);

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

/*
 * ---- The utilization counters of one Core: hw/tile/tile_stats.c ----
 *
 * Not architectural state: what the Core's Tile operations did, for the
 * report of docs/tile-core.md (`info tile`, the tile-core device's
 * "utilization" property, -global tile-core.stats=FILE).  The tile-core
 * device owns them (tile_core_stats()), resets them with the machine and
 * migrates them.  They are counted in two places only: tile/commit.c
 * records each Tile operation that commits (tile_stats_record_op(), after
 * its effects are installed: a faulting operation counts as a fault, not
 * as an operation) and tile/op.c each Tile fault as it is raised.
 *
 * An operation's form is its BSTART: the Mode:Function selector of a
 * BSTART.TEPL, or the function code of a TLSU or CUBE BSTART.
 */

#define TILE_STATS_FORM_TEPL    0       /* + Mode:Function, 0..127 */
#define TILE_STATS_FORM_TLSU    128     /* + BSTART function, 0..31 */
#define TILE_STATS_FORM_CUBE    160     /* + BSTART function, 0..31 */
#define TILE_STATS_FORMS        192

typedef enum TileStatsFault {
    TILE_STATS_FAULT_LEGALITY,          /* Fault_TileLegality */
    TILE_STATS_FAULT_ALLOCATION,        /* Fault_TileAllocation */
    TILE_STATS_FAULT_BUNDLE,            /* Fault_BundleControl */
    TILE_STATS_FAULT_POST_COMMIT,       /* Fault_BundlePostCommit of a Tile block */
    TILE_STATS_FAULT_DATA_ALIGN,        /* Fault_DataAlignment of a Tile access */
    TILE_STATS_FAULT_DATA_PAGE,         /* Fault_DataPage of a Tile access */
    TILE_STATS_FAULTS
} TileStatsFault;

typedef struct TileStatsPE {
    uint64_t ops[TILE_STATS_FORMS];     /* operations this PE took part in */
    uint64_t macs;                      /* CUBE multiply-accumulates */
    uint64_t elements;                  /* elements written, to tiles or memory */
    uint64_t bytes_to_tile;             /* bytes read from memory */
    uint64_t bytes_to_memory;           /* bytes written to memory */
    uint64_t local_peak;                /* most bytes its Local pool held */
} TileStatsPE;

typedef struct TileStats {
    uint64_t ops[TILE_STATS_FORMS];     /* operations of the Core */
    uint64_t faults[TILE_STATS_FAULTS];
    uint64_t shared_peak;               /* most bytes the Shared pool held */
    TileStatsPE pe[TILE_POOL_PES];
} TileStats;

/* What one committed operation did on each PE of its mask. */
typedef struct TileOpWork {
    unsigned form;                      /* TILE_STATS_FORM_* + code */
    unsigned mask;                      /* bit i = PE i */
    uint64_t macs[TILE_POOL_PES];
    uint64_t elements[TILE_POOL_PES];
    uint64_t bytes_to_tile[TILE_POOL_PES];
    uint64_t bytes_to_memory[TILE_POOL_PES];
} TileOpWork;

/* The counters of a tile-core device (the object the CPU links to). */
struct TileStats *tile_core_stats(struct Object *tile_core);

void tile_stats_reset(TileStats *s);
/* One committed operation, and the pools as it left them. */
void tile_stats_record_op(TileStats *s, const TileOpWork *w, const TileCapacity *cap);
void tile_stats_record_fault(TileStats *s, TileStatsFault kind);

/*
 * The operation a form index counts ("TADD", "TLOAD", "TMOV.L2S.INSERT",
 * "TMATMUL_MX", names of the ISA tables) and its engine ("VEC", "SFU",
 * "TLSU", "CUBE"); NULL for an index no operation has.  Needs the ISA
 * library (lib/tile-isa.h).
 */
const char *tile_stats_form_name(unsigned form, const char **engine);
/* "TileLegality", "TileAllocation", ... */
const char *tile_stats_fault_name(TileStatsFault kind);

#endif /* HW_TILE_TILE_STATE_H */
