/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Minimal ELF64 definitions shared by tile-as and tile-objdump. */
#ifndef TILE_ELF_H
#define TILE_ELF_H

#include <elf.h>

/* The PTO (LinxISA) machine number. */
#define EM_TILE 0xE9

#endif
