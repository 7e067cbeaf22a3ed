/*
 * PTO tile-core device
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * One per Core, created by the virt machine and linked to its CPU.  It
 * owns the state ADR 0097 talks about (the four PEs' Local capacity pools,
 * the Core's Shared pool, the allocated names) and an MMIO window with the
 * capacity status and read/write access to the PE GPR banks, so firmware
 * can give each PE its own base addresses (scalar instructions use PE0's
 * bank: docs/design.md decision 1).  Layout: docs/tile-core.md.  The monitor's
 * `info tile` prints the same state.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "hw/tile/tile_core.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "monitor/monitor.h"
#include "monitor/hmp.h"
#include "hw/core/cpu.h"
#include "cpu.h"
#include "hw/tile/tile_state.h"

struct TileCoreState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    CPUState *cpu;              /* the Core this device belongs to */
    uint32_t core_index;

    /* Local names, Shared registers, ADR 0097 pools: the CPU's Tile
     * engine acts on it through tile_core_tile_file() */
    TileFile tiles;

    TileStats stats;            /* utilization counters: tile_core_stats() */
    char *stats_file;           /* "stats": the report written at exit */
};

TileFile *tile_core_tile_file(Object *tile_core)
{
    return &TILE_CORE(tile_core)->tiles;
}

/* ---- Utilization counters (tile_core_report.c, docs/tile-core.md) ---- */

TileStats *tile_core_stats(Object *tile_core)
{
    return &TILE_CORE(tile_core)->stats;
}

/* The read-only property "utilization": qom-get returns the report. */
static void tile_core_get_utilization(Object *obj, Visitor *v, const char *name,
                                      void *opaque, Error **errp)
{
    TileCoreState *s = TILE_CORE(obj);

    tile_stats_visit(v, name, &s->stats, s->core_index, errp);
}

/* Migrated only once something was counted. */
static bool tile_core_stats_needed(void *opaque)
{
    static const TileStats zero;
    TileCoreState *s = opaque;

    return memcmp(&s->stats, &zero, sizeof(zero)) != 0;
}

static const VMStateDescription vmstate_tile_core_stats = {
    .name = "tile-core/stats",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tile_core_stats_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(stats, TileCoreState, 1, vmstate_tile_stats, TileStats),
        VMSTATE_END_OF_LIST()
    }
};

static uint64_t tile_core_reg(TileCoreState *s, hwaddr off)
{
    CPUTileState *env = cpu_env(s->cpu);

    if (off >= TILE_CORE_REG_BANK &&
        off < TILE_CORE_REG_BANK + TILE_NUM_PES * 0x100) {
        unsigned pe = (off - TILE_CORE_REG_BANK) / 0x100;
        unsigned r = ((off - TILE_CORE_REG_BANK) % 0x100) / 8;
        return r < TILE_NUM_GPRS ? env->gpr[pe][r] : 0;
    }
    switch (off) {
    case TILE_CORE_REG_ID:
        return TILE_CORE_ID_VALUE;
    case TILE_CORE_REG_CORE:
        return s->core_index;
    case TILE_CORE_REG_POOL_BYTES:
        return TILE_POOL_BYTES;
    case TILE_CORE_REG_SHARED_USED:
        return s->tiles.cap.shared_used;
    case TILE_CORE_REG_LOCAL_NAMES:
        return tile_file_local_names(&s->tiles);
    case TILE_CORE_REG_SHARED_NAMES:
        return tile_file_shared_names(&s->tiles);
    }
    if (off >= TILE_CORE_REG_LOCAL_USED && off < TILE_CORE_REG_LOCAL_USED + 32) {
        return s->tiles.cap.local_used[(off - TILE_CORE_REG_LOCAL_USED) / 8];
    }
    return 0;
}

static uint64_t tile_core_read(void *opaque, hwaddr addr, unsigned size)
{
    TileCoreState *s = opaque;
    uint64_t v = tile_core_reg(s, addr & ~7ull);

    if (size == 4) {
        v = (addr & 4) ? v >> 32 : (uint32_t)v;
    }
    return v;
}

/* Only PE1..PE3's GPRs are writable; R0 stays zero; the rest is RO. */
static void tile_core_write(void *opaque, hwaddr addr, uint64_t value, unsigned size)
{
    TileCoreState *s = opaque;
    CPUTileState *env = cpu_env(s->cpu);
    hwaddr off = addr & ~7ull;

    if (off >= TILE_CORE_REG_BANK + 0x100 &&
        off < TILE_CORE_REG_BANK + TILE_NUM_PES * 0x100) {
        unsigned pe = (off - TILE_CORE_REG_BANK) / 0x100;
        unsigned r = ((off - TILE_CORE_REG_BANK) % 0x100) / 8;
        if (r == 0 || r >= TILE_NUM_GPRS) {
            return;
        }
        if (size == 4) {
            uint64_t old = env->gpr[pe][r];
            value = (addr & 4) ? (old & 0xffffffffull) | (value << 32)
                               : (old & ~0xffffffffull) | (uint32_t)value;
        }
        env->gpr[pe][r] = value;
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "tile-core: write to read-only offset 0x%"
                  HWADDR_PRIx "\n", addr);
}

static const MemoryRegionOps tile_core_ops = {
    .read = tile_core_read,
    .write = tile_core_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 8, .unaligned = false },
    .impl = { .min_access_size = 4, .max_access_size = 8 },
};

static void tile_core_reset(DeviceState *dev)
{
    TileCoreState *s = TILE_CORE(dev);

    tile_file_reset(&s->tiles);
    tile_stats_reset(&s->stats);
}

static void tile_core_realize(DeviceState *dev, Error **errp)
{
    TileCoreState *s = TILE_CORE(dev);

    if (!s->cpu) {
        error_setg(errp, "tile-core: no CPU linked");
        return;
    }
    tile_file_reset(&s->tiles);
    tile_stats_reset(&s->stats);
    if (s->stats_file && !tile_stats_file_register(s->stats_file, errp)) {
        return;
    }
    if (!object_property_set_link(OBJECT(s->cpu), TILE_CORE_LINK_PROP, OBJECT(s), errp)) {
        return;
    }
    memory_region_init_io(&s->mmio, OBJECT(s), &tile_core_ops, s, "tile-core",
                          TILE_CORE_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->mmio);
}

static const VMStateDescription vmstate_tile_desc = {
    .name = "tile-core/desc",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(dtype, TileDesc),
        VMSTATE_UINT32(layout, TileDesc),
        VMSTATE_UINT32(size_code, TileDesc),
        VMSTATE_UINT32(rows, TileDesc),
        VMSTATE_UINT32(cols, TileDesc),
        VMSTATE_UINT32(valid_rows, TileDesc),
        VMSTATE_UINT32(valid_cols, TileDesc),
        VMSTATE_END_OF_LIST()
    }
};

/* Sent only while a predicate tile (TCMP / TCMPS output) is live. */
static bool tile_local_storage_needed(void *opaque)
{
    const TileLocal *t = opaque;

    return t->d.storage != TILE_STORAGE_NUMERIC;
}

static const VMStateDescription vmstate_tile_local_storage = {
    .name = "tile-core/local/storage",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tile_local_storage_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(d.storage, TileLocal),
        VMSTATE_END_OF_LIST()
    }
};

/* A Local name: descriptor, PE mask, and the fragment of each PE. */
static const VMStateDescription vmstate_tile_local = {
    .name = "tile-core/local",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(d, TileLocal, 1, vmstate_tile_desc, TileDesc),
        VMSTATE_UINT32(mask, TileLocal),
        VMSTATE_UINT32(defined, TileLocal),
        VMSTATE_UINT32_ARRAY(frag_bytes, TileLocal, TILE_POOL_PES),
        VMSTATE_VBUFFER_ALLOC_UINT32(frag[0], TileLocal, 1, NULL, frag_bytes[0]),
        VMSTATE_VBUFFER_ALLOC_UINT32(frag[1], TileLocal, 1, NULL, frag_bytes[1]),
        VMSTATE_VBUFFER_ALLOC_UINT32(frag[2], TileLocal, 1, NULL, frag_bytes[2]),
        VMSTATE_VBUFFER_ALLOC_UINT32(frag[3], TileLocal, 1, NULL, frag_bytes[3]),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tile_local_storage,
        NULL
    }
};

static const VMStateDescription vmstate_tile_shared = {
    .name = "tile-core/shared",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(d, TileShared, 1, vmstate_tile_desc, TileDesc),
        VMSTATE_UINT32(valid, TileShared),
        VMSTATE_UINT32(alloc_mask, TileShared),
        VMSTATE_UINT32(init_mask, TileShared),
        VMSTATE_UINT32(published, TileShared),
        VMSTATE_UINT32(bytes, TileShared),
        VMSTATE_VBUFFER_ALLOC_UINT32(payload, TileShared, 1, NULL, bytes),
        VMSTATE_END_OF_LIST()
    }
};

/* Loading allocates every live payload afresh: free the current ones. */
static int tile_core_pre_load(void *opaque)
{
    TileCoreState *s = opaque;

    tile_file_reset(&s->tiles);
    return 0;
}

static const VMStateDescription vmstate_tile_core = {
    .name = "tile-core",
    .version_id = 2,
    .minimum_version_id = 2,
    .pre_load = tile_core_pre_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(tiles.cap.local_used, TileCoreState, TILE_POOL_PES),
        VMSTATE_UINT32(tiles.cap.shared_used, TileCoreState),
        VMSTATE_UINT32_ARRAY(tiles.head, TileCoreState, TILE_HANDS),
        VMSTATE_UINT32_ARRAY(tiles.count, TileCoreState, TILE_HANDS),
        VMSTATE_STRUCT_ARRAY(tiles.local, TileCoreState, TILE_LOCAL_NAMES, 1,
                             vmstate_tile_local, TileLocal),
        VMSTATE_STRUCT_ARRAY(tiles.shared, TileCoreState, TILE_SHARED_REGS, 1,
                             vmstate_tile_shared, TileShared),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tile_core_stats,
        NULL
    }
};

static const Property tile_core_properties[] = {
    DEFINE_PROP_LINK("cpu", TileCoreState, cpu, TYPE_CPU, CPUState *),
    DEFINE_PROP_UINT32("core-index", TileCoreState, core_index, 0),
    DEFINE_PROP_STRING("stats", TileCoreState, stats_file),
};

static void tile_core_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = tile_core_realize;
    device_class_set_legacy_reset(dc, tile_core_reset);
    dc->vmsd = &vmstate_tile_core;
    device_class_set_props(dc, tile_core_properties);
    dc->user_creatable = false;
    object_class_property_add(klass, "utilization", "TileUtilization",
                              tile_core_get_utilization, NULL, NULL, NULL);
    object_class_property_set_description(klass, "utilization",
        "What the Core's Tile operations did (docs/tile-core.md)");
}

static const TypeInfo tile_core_info = {
    .name = TYPE_TILE_CORE,
    .parent = TYPE_SYS_BUS_DEVICE,
    .instance_size = sizeof(TileCoreState),
    .class_init = tile_core_class_init,
};

TileCoreState *tile_core_create(CPUState *cpu, uint32_t index, hwaddr base)
{
    DeviceState *dev = qdev_new(TYPE_TILE_CORE);
    g_autofree char *name = g_strdup_printf("tile-core[%u]", index);

    /* /machine/tile-core[N]: where qom-get finds "utilization" */
    object_property_add_child(qdev_get_machine(), name, OBJECT(dev));
    object_property_set_link(OBJECT(dev), "cpu", OBJECT(cpu), &error_fatal);
    qdev_prop_set_uint32(dev, "core-index", index);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(dev), 0, base);
    return TILE_CORE(dev);
}

/* A PE mask as the assembler writes it: PE0 first ("mask=1100"). */
static const char *mask_text(unsigned mask, char *buf)
{
    for (int pe = 0; pe < TILE_NUM_PES; pe++) {
        buf[pe] = mask & (1u << pe) ? '1' : '0';
    }
    buf[TILE_NUM_PES] = 0;
    return buf;
}

/* `info tile`: every Core's capacity pools, allocated names and PE banks. */
static int tile_core_print(Object *obj, void *opaque)
{
    Monitor *mon = opaque;
    TileCoreState *s;

    if (!object_dynamic_cast(obj, TYPE_TILE_CORE)) {
        return 0;
    }
    s = TILE_CORE(obj);
    CPUTileState *env = cpu_env(s->cpu);
    monitor_printf(mon, "core %u: Shared pool %u of %u bytes used, Shared registers "
                   "0x%016" PRIx64 "\n", s->core_index, s->tiles.cap.shared_used,
                   TILE_POOL_BYTES, tile_file_shared_names(&s->tiles));
    for (int pe = 0; pe < TILE_NUM_PES; pe++) {
        monitor_printf(mon, "  PE%d: Local pool %u of %u bytes used\n", pe,
                       s->tiles.cap.local_used[pe], TILE_POOL_BYTES);
        monitor_printf(mon, "      ");
        for (int r = 1; r < TILE_NUM_GPRS; r++) {
            monitor_printf(mon, "R%d=%" PRIx64 "%s", r, env->gpr[pe][r],
                           r % 8 == 7 && r != TILE_NUM_GPRS - 1 ? "\n      " : " ");
        }
        monitor_printf(mon, "\n");
    }
    monitor_printf(mon, "  Local names allocated 0x%016" PRIx64 "\n",
                   tile_file_local_names(&s->tiles));
    for (unsigned h = 0; h < TILE_HANDS; h++) {
        for (unsigned k = 1; k <= s->tiles.count[h]; k++) {
            const TileLocal *t = &s->tiles.local[tile_file_entry(&s->tiles, h, k)];
            char m[TILE_NUM_PES + 1];
            monitor_printf(mon, "  %c#%-2u name %2d mask=%s %s %ux%u valid %ux%u "
                           "layout %u %u bytes%s%s\n", "TUMN"[h], k,
                           tile_file_entry(&s->tiles, h, k), mask_text(t->mask, m),
                           tile_dtype_name(t->d.dtype), t->d.rows, t->d.cols,
                           t->d.valid_rows, t->d.valid_cols, t->d.layout,
                           tile_size_code_bytes(t->d.size_code),
                           t->d.storage == TILE_STORAGE_PREDICATE ? " predicate" : "",
                           t->defined ? "" : " undefined");
        }
    }
    for (unsigned i = 0; i < TILE_SHARED_REGS; i++) {
        const TileShared *r = &s->tiles.shared[i];
        char ma[TILE_NUM_PES + 1], mi[TILE_NUM_PES + 1];
        if (r->valid) {
            monitor_printf(mon, "  S%-2u %s %ux%u valid %ux%u layout %u %u bytes "
                           "alloc=%s init=%s%s\n", i, tile_dtype_name(r->d.dtype),
                           r->d.rows, r->d.cols, r->d.valid_rows, r->d.valid_cols,
                           r->d.layout, r->bytes, mask_text(r->alloc_mask, ma),
                           mask_text(r->init_mask, mi),
                           r->published ? " published" : "");
        }
    }
    tile_stats_print(mon, &s->stats);
    return 0;
}

static void hmp_info_tile(Monitor *mon, const QDict *qdict)
{
    object_child_foreach_recursive(object_get_root(), tile_core_print, mon);
}

static void tile_core_register_types(void)
{
    type_register_static(&tile_core_info);
    monitor_register_hmp("tile", true, hmp_info_tile);
}

type_init(tile_core_register_types)
