/*
 * PTO Tile CPU: FSU engine state (scalar floating point)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Architecturally the FSU status lives in the base system register
 * CORE_STATE (address 0x0020): bits [36:32] are the sticky numeric flags
 * NV, DZ, OF, UF, NX (bit 32 = NV ... bit 36 = NX) and bits [39:37] select
 * the active scalar rounding mode (PTO-ARCH-STATE-NUMERIC-STATUS,
 * PTO-SCALAR-MODEL-FSU-PROFILE).  Until the system-register file lands,
 * those bits are kept here; the SYS engine reads and writes them through
 * tile_fsu_core_state_bits() / tile_fsu_set_core_state().
 */
#ifndef TILE_CPU_FSU_H
#define TILE_CPU_FSU_H

/* The 5-bit flag vector, in CORE_STATE[36:32] order. */
enum {
    TILE_FSU_NV = 1 << 0,       /* invalid operation */
    TILE_FSU_DZ = 1 << 1,       /* divide by zero */
    TILE_FSU_OF = 1 << 2,       /* overflow */
    TILE_FSU_UF = 1 << 3,       /* underflow */
    TILE_FSU_NX = 1 << 4,       /* inexact */
};

/* CORE_STATE[39:37]: 001 RTM, 010 RTP, 011 RTZ, anything else RNE. */
enum {
    TILE_FSU_RM_RNE = 0,
    TILE_FSU_RM_RTM = 1,
    TILE_FSU_RM_RTP = 2,
    TILE_FSU_RM_RTZ = 3,
};

/* Operation codes the translator passes to the FSU helpers. */
enum {
    FSU_ADD, FSU_SUB, FSU_MUL, FSU_DIV, FSU_MIN, FSU_MAX,
    FSU_SQRT, FSU_EXP, FSU_RECIP,
    FSU_MADD, FSU_MSUB, FSU_NMADD, FSU_NMSUB,
    FSU_EQ, FSU_NE, FSU_LT, FSU_GE,
    FSU_FCVT, FSU_FCVTA, FSU_FCVTM, FSU_FCVTN, FSU_FCVTP, FSU_FCVTZ,
    FSU_SCVTF, FSU_UCVTF,
};
#define FSU_SIGNALING 0x100     /* or'ed into a compare: FEQS, FNES, ... */

#define TILE_FSU_CORE_STATE_FLAGS_SHIFT 32
#define TILE_FSU_CORE_STATE_RMODE_SHIFT 37
#define TILE_FSU_CORE_STATE_MASK        (0xffull << 32)

typedef struct TileFsuState {
    float_status fp_status;     /* scratch softfloat state, set per operation */
    uint32_t flags;             /* CORE_STATE[36:32]: sticky NV DZ OF UF NX */
    uint32_t rmode;             /* CORE_STATE[39:37]: raw 3-bit encoding */
} TileFsuState;

/* The CORE_STATE bits [39:32] the FSU owns, in place. */
static inline uint64_t tile_fsu_core_state_bits(const TileFsuState *fsu)
{
    return ((uint64_t)(fsu->flags & 0x1f) << TILE_FSU_CORE_STATE_FLAGS_SHIFT) |
           ((uint64_t)(fsu->rmode & 7) << TILE_FSU_CORE_STATE_RMODE_SHIFT);
}

/* A CORE_STATE write: take bits [39:32] (a plain store, flags included). */
static inline void tile_fsu_set_core_state(TileFsuState *fsu, uint64_t value)
{
    fsu->flags = (value >> TILE_FSU_CORE_STATE_FLAGS_SHIFT) & 0x1f;
    fsu->rmode = (value >> TILE_FSU_CORE_STATE_RMODE_SHIFT) & 7;
}

#endif
