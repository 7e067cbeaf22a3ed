/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Internal declarations shared by the ISA library's files. */
#ifndef TILE_ISA_INTERNAL_H
#define TILE_ISA_INTERNAL_H

#include "tile-isa.h"

/* Decode priority: indices into tile_isa_forms[], by length, commands
 * first, most specific mask first. */
extern const uint16_t tile_isa_decode_order[];

#endif
