/*
 * PTO tile-core device: one per Core, owning the PE and Tile state
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_TILE_TILE_CORE_H
#define HW_TILE_TILE_CORE_H

#include "hw/sysbus.h"
#include "qom/object.h"
#include "hw/tile/tile_state.h"     /* TYPE_TILE_CORE */

OBJECT_DECLARE_SIMPLE_TYPE(TileCoreState, TILE_CORE)

/* The MMIO window (docs/tile-core.md) */
#define TILE_CORE_MMIO_SIZE         0x1000
#define TILE_CORE_REG_ID            0x000   /* RO: 'TILE' and the version */
#define TILE_CORE_REG_CORE          0x008   /* RO: this window's Core index */
#define TILE_CORE_REG_POOL_BYTES    0x010   /* RO: bytes in every pool */
#define TILE_CORE_REG_LOCAL_USED    0x018   /* RO: + 8 * pe, PE0..PE3 */
#define TILE_CORE_REG_SHARED_USED   0x038   /* RO */
#define TILE_CORE_REG_LOCAL_NAMES   0x040   /* RO: allocated Local names */
#define TILE_CORE_REG_SHARED_NAMES  0x048   /* RO: allocated S0..S63 */
#define TILE_CORE_REG_BANK          0x100   /* + 0x100 * pe + 8 * r */
#define TILE_CORE_ID_VALUE          0x454c495400000001ull   /* "TILE", v1 */


/* TileCoreState is private to hw/tile/tile_core.c. */

TileCoreState *tile_core_create(CPUState *cpu, uint32_t index, hwaddr base);

/*
 * The utilization report (hw/tile/tile_core_report.c, docs/tile-core.md):
 * the counters of one Core as a QOM / JSON object, as `info tile` lines,
 * their migration, and the report file written at exit for every device
 * whose "stats" property names one (created empty now, so that a bad
 * name fails at start-up).
 */
bool tile_stats_visit(Visitor *v, const char *name, const TileStats *s, uint32_t core,
                      Error **errp);
void tile_stats_print(Monitor *mon, const TileStats *s);
extern const VMStateDescription vmstate_tile_stats;
bool tile_stats_file_register(const char *file, Error **errp);

#endif
