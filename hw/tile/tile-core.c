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
 * bank: DESIGN.md decision 1).  Layout: docs/tile-core.md.  The monitor's
 * `info tile` prints the same state.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "hw/tile/tile-core.h"
#include "hw/qdev-properties.h"
#include "migration/vmstate.h"
#include "monitor/monitor.h"
#include "monitor/hmp.h"
#include "hw/core/cpu.h"
#include "cpu.h"
#include "tile-pool.h"

struct TileCoreState {
    SysBusDevice parent_obj;

    MemoryRegion mmio;
    CPUState *cpu;              /* the Core this device belongs to */
    uint32_t core_index;

    TileCapacity cap;           /* ADR 0097: four Local pools, one Shared */
    uint64_t local_names;       /* allocated Local tile names */
    uint64_t shared_names;      /* allocated Shared registers S0..S63 */
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
        return s->cap.shared_used;
    case TILE_CORE_REG_LOCAL_NAMES:
        return s->local_names;
    case TILE_CORE_REG_SHARED_NAMES:
        return s->shared_names;
    }
    if (off >= TILE_CORE_REG_LOCAL_USED && off < TILE_CORE_REG_LOCAL_USED + 32) {
        return s->cap.local_used[(off - TILE_CORE_REG_LOCAL_USED) / 8];
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

    tile_pool_reset(&s->cap);
    s->local_names = 0;
    s->shared_names = 0;
}

static void tile_core_realize(DeviceState *dev, Error **errp)
{
    TileCoreState *s = TILE_CORE(dev);

    if (!s->cpu) {
        error_setg(errp, "tile-core: no CPU linked");
        return;
    }
    memory_region_init_io(&s->mmio, OBJECT(s), &tile_core_ops, s, "tile-core",
                          TILE_CORE_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->mmio);
}

static const VMStateDescription vmstate_tile_core = {
    .name = "tile-core",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32_ARRAY(cap.local_used, TileCoreState, TILE_POOL_PES),
        VMSTATE_UINT32(cap.shared_used, TileCoreState),
        VMSTATE_UINT64(local_names, TileCoreState),
        VMSTATE_UINT64(shared_names, TileCoreState),
        VMSTATE_END_OF_LIST()
    }
};

static const Property tile_core_properties[] = {
    DEFINE_PROP_LINK("cpu", TileCoreState, cpu, TYPE_CPU, CPUState *),
    DEFINE_PROP_UINT32("core-index", TileCoreState, core_index, 0),
};

static void tile_core_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = tile_core_realize;
    device_class_set_legacy_reset(dc, tile_core_reset);
    dc->vmsd = &vmstate_tile_core;
    device_class_set_props(dc, tile_core_properties);
    dc->user_creatable = false;
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

    object_property_set_link(OBJECT(dev), "cpu", OBJECT(cpu), &error_fatal);
    qdev_prop_set_uint32(dev, "core-index", index);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(dev), 0, base);
    return TILE_CORE(dev);
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
                   "0x%016" PRIx64 "\n", s->core_index, s->cap.shared_used,
                   TILE_POOL_BYTES, s->shared_names);
    for (int pe = 0; pe < TILE_NUM_PES; pe++) {
        monitor_printf(mon, "  PE%d: Local pool %u of %u bytes used\n", pe,
                       s->cap.local_used[pe], TILE_POOL_BYTES);
        monitor_printf(mon, "      ");
        for (int r = 1; r < TILE_NUM_GPRS; r++) {
            monitor_printf(mon, "R%d=%" PRIx64 "%s", r, env->gpr[pe][r],
                           r % 8 == 7 && r != TILE_NUM_GPRS - 1 ? "\n      " : " ");
        }
        monitor_printf(mon, "\n");
    }
    monitor_printf(mon, "  Local names allocated 0x%016" PRIx64 "\n", s->local_names);
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
