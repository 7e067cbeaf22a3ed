/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tile capacity pools of one Core, ADR 0097 (see include/hw/tile/tile_state.h and
 * docs/tile-pools.md).  Plain C11; no QEMU headers.
 */
#include "hw/tile/tile_state.h"

#include <stddef.h>

uint32_t tile_size_code_bytes(unsigned size_code)
{
    /* One SizeCode table for B.IOT and B.IOS (ADR 0097; TileSizeCodeBytes). */
    if (size_code < TILE_SIZE_CODE_MIN || size_code > TILE_SHARED_SIZE_CODE_MAX) {
        return 0;
    }
    return 128u << (size_code - 1);
}

bool tile_local_size_code_is_legal(unsigned size_code)
{
    /* A single Local object is capped at 64 KiB (ADR 0097). */
    return size_code >= TILE_SIZE_CODE_MIN &&
           size_code <= TILE_LOCAL_SIZE_CODE_MAX;
}

bool tile_shared_size_code_is_legal(unsigned size_code)
{
    return size_code >= TILE_SIZE_CODE_MIN &&
           size_code <= TILE_SHARED_SIZE_CODE_MAX;
}

unsigned tile_pe_mask_of_mode(unsigned pemode)
{
    /*
     * PTO-BLOCK-MODEL-SCHEMA-PROFILE-ENCODING (PTOv0PEMaskOfPEMode):
     * 000 none, 001 PE0, 010 PE1, 011 PE2, 100 PE3, 101 PE0+PE1,
     * 110 PE0+PE1+PE2, 111 all four.  Here bit i = PE i.
     */
    static const unsigned char mask[8] = {
        0x0, 0x1, 0x2, 0x4, 0x8, 0x3, 0x7, 0xf,
    };
    return mask[pemode & 7u];
}

void tile_pool_reset(TileCapacity *cap)
{
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        cap->local_used[pe] = 0;
    }
    cap->shared_used = 0;
}

static TilePoolResult result(TilePoolStatus status, int pe)
{
    TilePoolResult r = { status, pe };
    return r;
}

/* The checks a Local charge and release share: the SizeCode (before the
 * PEMode 000 no-op, as in the ASL), then the mask. */
static TilePoolResult local_arguments(unsigned pe_mask, unsigned size_code, uint32_t *bytes)
{
    if (!tile_local_size_code_is_legal(size_code)) {
        return result(TILE_POOL_ILLEGAL_SIZE, -1);
    }
    if (pe_mask & ~TILE_PE_MASK_ALL) {
        return result(TILE_POOL_ILLEGAL_MASK, -1);
    }
    *bytes = tile_size_code_bytes(size_code);
    return result(TILE_POOL_OK, -1);
}

TilePoolResult tile_pool_charge_local(TileCapacity *cap, unsigned pe_mask,
                                      unsigned size_code)
{
    uint32_t bytes;
    TilePoolResult bad = local_arguments(pe_mask, size_code, &bytes);

    if (bad.status != TILE_POOL_OK) {
        return bad;
    }
    /* Check every named PE first: all-or-nothing. */
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if ((pe_mask & (1u << pe)) &&
            bytes > TILE_POOL_BYTES - cap->local_used[pe]) {
            return result(TILE_POOL_NO_CAPACITY, (int)pe);
        }
    }
    /* Once in each PE, against that PE's own pool (ADR 0097). */
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (pe_mask & (1u << pe)) {
            cap->local_used[pe] += bytes;
        }
    }
    return result(TILE_POOL_OK, -1);
}

TilePoolResult tile_pool_release_local(TileCapacity *cap, unsigned pe_mask,
                                       unsigned size_code)
{
    uint32_t bytes;
    TilePoolResult bad = local_arguments(pe_mask, size_code, &bytes);

    if (bad.status != TILE_POOL_OK) {
        return bad;
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if ((pe_mask & (1u << pe)) && bytes > cap->local_used[pe]) {
            return result(TILE_POOL_UNDERFLOW, (int)pe);
        }
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (pe_mask & (1u << pe)) {
            cap->local_used[pe] -= bytes;
        }
    }
    return result(TILE_POOL_OK, -1);
}

TilePoolResult tile_pool_charge_shared(TileCapacity *cap, unsigned pe_mask,
                                       unsigned size_code)
{
    uint32_t bytes;

    if (!tile_shared_size_code_is_legal(size_code)) {
        return result(TILE_POOL_ILLEGAL_SIZE, -1);
    }
    if (pe_mask & ~TILE_PE_MASK_ALL) {
        return result(TILE_POOL_ILLEGAL_MASK, -1);
    }
    if (pe_mask == 0) {
        return result(TILE_POOL_OK, -1);    /* PEMode 000: strict no-op */
    }
    /*
     * The complete size, once, in the Core-wide pool; PEMode selects
     * participation and payload quarters only (ADR 0097).
     */
    bytes = tile_size_code_bytes(size_code);
    if (bytes > TILE_POOL_BYTES - cap->shared_used) {
        return result(TILE_POOL_NO_CAPACITY, -1);
    }
    cap->shared_used += bytes;
    return result(TILE_POOL_OK, -1);
}

TilePoolResult tile_pool_release_shared(TileCapacity *cap, unsigned size_code)
{
    uint32_t bytes;

    if (!tile_shared_size_code_is_legal(size_code)) {
        return result(TILE_POOL_ILLEGAL_SIZE, -1);
    }
    bytes = tile_size_code_bytes(size_code);
    if (bytes > cap->shared_used) {
        return result(TILE_POOL_UNDERFLOW, -1);
    }
    cap->shared_used -= bytes;
    return result(TILE_POOL_OK, -1);
}

uint32_t tile_pool_local_free(const TileCapacity *cap, unsigned pe)
{
    if (pe >= TILE_POOL_PES) {
        return 0;
    }
    return TILE_POOL_BYTES - cap->local_used[pe];
}

uint32_t tile_pool_shared_free(const TileCapacity *cap)
{
    return TILE_POOL_BYTES - cap->shared_used;
}

const char *tile_pool_status_name(TilePoolStatus status)
{
    switch (status) {
    case TILE_POOL_OK:
        return "ok";
    case TILE_POOL_ILLEGAL_SIZE:
        return "illegal SizeCode";
    case TILE_POOL_ILLEGAL_MASK:
        return "illegal PE mask";
    case TILE_POOL_NO_CAPACITY:
        return "no capacity";
    case TILE_POOL_UNDERFLOW:
        return "release underflow";
    }
    return "?";
}
