/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tile capacity pools of one Core (ADR 0097), as plain C11 with no QEMU
 * dependency so the host unit tests link it directly.
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
#ifndef HW_TILE_TILE_POOL_H
#define HW_TILE_TILE_POOL_H

#include <stdbool.h>
#include <stdint.h>

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

#endif /* HW_TILE_TILE_POOL_H */
