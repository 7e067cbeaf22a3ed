/*
 * PTO Tile CPU: FSU engine state (scalar floating point)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef TILE_CPU_FSU_H
#define TILE_CPU_FSU_H

typedef struct TileFsuState {
    float_status fp_status;     /* softfloat rounding mode and flags */
    uint32_t flags;             /* accumulated exception flags */
    uint32_t rmode;             /* architectural rounding mode */
} TileFsuState;

#endif
