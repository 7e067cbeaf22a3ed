/*
 * PTO Tile interrupt controller of the virt machine
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The spec delivers external interrupts through RaiseInterrupt(id): the
 * pending bit `id` (0..63) of the target ring's IPENDING is set, and the
 * interrupt is taken when ECONFIG bit 0 enables it (PTO-ARCH-SYSTEM-
 * REGISTERS-INTERRUPT, ADR 0016); which device raises which ID is left to
 * the platform.  The Core itself already holds the pending, top-priority
 * and end-of-interrupt registers, so all the platform needs is this
 * router: 32 level-sensitive device lines, each with an enable bit and a
 * route (interrupt ID and Core).  A routed line that is high holds its
 * ID's external input of that Core high.  Layout: docs/machine.md.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qapi/error.h"
#include "hw/irq.h"
#include "hw/qdev-properties.h"
#include "hw/intc/intc.h"
#include "hw/core/cpu.h"
#include "migration/vmstate.h"
#include "monitor/monitor.h"
#include "system/device_tree.h"
#include "hw/tile/tile_intc.h"

static unsigned route_id(uint32_t route)
{
    return route & TILE_INTC_ROUTE_ID_MASK;
}

static unsigned route_core(uint32_t route)
{
    return (route >> TILE_INTC_ROUTE_CORE_SHIFT) & TILE_INTC_ROUTE_CORE_MASK;
}

/* The output levels the lines ask for: one ID bitmap per Core. */
static void tile_intc_wanted(TileIntcState *s, uint64_t *want)
{
    uint32_t active = s->level & s->enable;

    memset(want, 0, sizeof(uint64_t) * TILE_INTC_MAX_CORES);
    for (unsigned n = 0; n < TILE_INTC_NUM_LINES; n++) {
        if (active & (1u << n)) {
            want[route_core(s->route[n])] |= 1ull << route_id(s->route[n]);
        }
    }
}

/* Drive the outputs whose level changed. */
static void tile_intc_update(TileIntcState *s)
{
    uint64_t want[TILE_INTC_MAX_CORES];

    tile_intc_wanted(s, want);
    for (unsigned c = 0; c < s->num_cores; c++) {
        uint64_t diff = want[c] ^ s->driven[c];

        s->driven[c] = want[c];
        for (; diff; diff &= diff - 1) {
            unsigned id = ctz64(diff);

            qemu_set_irq(s->out[c * TILE_INTC_NUM_IDS + id],
                         (want[c] >> id) & 1);
        }
    }
}

static void tile_intc_set_line(void *opaque, int n, int level)
{
    TileIntcState *s = opaque;

    if (level) {
        s->level |= 1u << n;
    } else {
        s->level &= ~(1u << n);
    }
    tile_intc_update(s);
}

static uint64_t tile_intc_read(void *opaque, hwaddr off, unsigned size)
{
    TileIntcState *s = opaque;

    switch (off) {
    case TILE_INTC_REG_INFO:
        return TILE_INTC_NUM_LINES | (s->num_cores << 8);
    case TILE_INTC_REG_LEVEL:
        return s->level;
    case TILE_INTC_REG_ENABLE:
        return s->enable;
    }
    if (off >= TILE_INTC_REG_ROUTE &&
        off < TILE_INTC_REG_ROUTE + 4 * TILE_INTC_NUM_LINES) {
        return s->route[(off - TILE_INTC_REG_ROUTE) / 4];
    }
    qemu_log_mask(LOG_GUEST_ERROR, "tile-intc: read of unknown register 0x%"
                  HWADDR_PRIx "\n", off);
    return 0;
}

static void tile_intc_write(void *opaque, hwaddr off, uint64_t value,
                            unsigned size)
{
    TileIntcState *s = opaque;

    if (off == TILE_INTC_REG_ENABLE) {
        s->enable = value;
        tile_intc_update(s);
        return;
    }
    if (off >= TILE_INTC_REG_ROUTE &&
        off < TILE_INTC_REG_ROUTE + 4 * TILE_INTC_NUM_LINES) {
        unsigned n = (off - TILE_INTC_REG_ROUTE) / 4;
        uint32_t fields = TILE_INTC_ROUTE_ID_MASK |
            (TILE_INTC_ROUTE_CORE_MASK << TILE_INTC_ROUTE_CORE_SHIFT);

        /* a route to a Core that does not exist, or with reserved bits
         * set, is ignored: the line keeps its route */
        if ((value & ~(uint64_t)fields) || route_core(value) >= s->num_cores) {
            qemu_log_mask(LOG_GUEST_ERROR, "tile-intc: line %u: invalid route "
                          "0x%" PRIx64 " ignored\n", n, value);
            return;
        }
        s->route[n] = value;
        tile_intc_update(s);
        return;
    }
    qemu_log_mask(LOG_GUEST_ERROR, "tile-intc: write to %s register 0x%"
                  HWADDR_PRIx "\n",
                  off == TILE_INTC_REG_INFO || off == TILE_INTC_REG_LEVEL ?
                  "read-only" : "unknown", off);
}

static const MemoryRegionOps tile_intc_ops = {
    .read = tile_intc_read,
    .write = tile_intc_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

static void tile_intc_realize(DeviceState *dev, Error **errp)
{
    TileIntcState *s = TILE_INTC(dev);

    if (s->num_cores < 1 || s->num_cores > TILE_INTC_MAX_CORES) {
        error_setg(errp, "tile-intc: num-cores must be 1..%d, not %u",
                   TILE_INTC_MAX_CORES, s->num_cores);
        return;
    }
    memory_region_init_io(&s->mmio, OBJECT(dev), &tile_intc_ops, s,
                          TYPE_TILE_INTC, TILE_INTC_MMIO_SIZE);
    sysbus_init_mmio(SYS_BUS_DEVICE(dev), &s->mmio);
    qdev_init_gpio_in(dev, tile_intc_set_line, TILE_INTC_NUM_LINES);
    qdev_init_gpio_out_named(dev, s->out, "core-irq",
                             s->num_cores * TILE_INTC_NUM_IDS);
}

/* Reset: every line disabled, routed to ID 32 + n of Core 0.  The input
 * levels belong to the devices and stay as they are. */
static void tile_intc_reset_hold(Object *obj, ResetType type)
{
    TileIntcState *s = TILE_INTC(obj);

    s->enable = 0;
    for (unsigned n = 0; n < TILE_INTC_NUM_LINES; n++) {
        s->route[n] = TILE_INTC_DEFAULT_ID_BASE + n;
    }
}

static void tile_intc_reset_exit(Object *obj, ResetType type)
{
    tile_intc_update(TILE_INTC(obj));
}

/* The CPUs carry their input levels in their own state: only recompute
 * what the outputs drive. */
static int tile_intc_post_load(void *opaque, int version_id)
{
    TileIntcState *s = opaque;

    for (unsigned n = 0; n < TILE_INTC_NUM_LINES; n++) {
        if (route_core(s->route[n]) >= s->num_cores) {
            return -EINVAL;
        }
    }
    tile_intc_wanted(s, s->driven);
    return 0;
}

static const VMStateDescription vmstate_tile_intc = {
    .name = TYPE_TILE_INTC,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = tile_intc_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(level, TileIntcState),
        VMSTATE_UINT32(enable, TileIntcState),
        VMSTATE_UINT32_ARRAY(route, TileIntcState, TILE_INTC_NUM_LINES),
        VMSTATE_END_OF_LIST()
    }
};

/* `info pic` */
static void tile_intc_print_info(InterruptStatsProvider *obj, GString *buf)
{
    TileIntcState *s = TILE_INTC(obj);

    g_string_append_printf(buf, "tile-intc: level 0x%08x enable 0x%08x\n",
                           s->level, s->enable);
    for (unsigned n = 0; n < TILE_INTC_NUM_LINES; n++) {
        uint32_t bit = 1u << n;

        if ((s->level | s->enable) & bit) {
            g_string_append_printf(buf,
                                   "  line %2u: %s, %s, ID %u of Core %u\n",
                                   n, s->level & bit ? "high" : "low",
                                   s->enable & bit ? "enabled" : "disabled",
                                   route_id(s->route[n]),
                                   route_core(s->route[n]));
        }
    }
}

static const Property tile_intc_properties[] = {
    DEFINE_PROP_UINT32("num-cores", TileIntcState, num_cores, 1),
};

static void tile_intc_class_init(ObjectClass *oc, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(oc);
    ResettableClass *rc = RESETTABLE_CLASS(oc);
    InterruptStatsProviderClass *ic = INTERRUPT_STATS_PROVIDER_CLASS(oc);

    dc->desc = "PTO Tile interrupt controller (device lines to interrupt IDs)";
    dc->realize = tile_intc_realize;
    dc->vmsd = &vmstate_tile_intc;
    device_class_set_props(dc, tile_intc_properties);
    rc->phases.hold = tile_intc_reset_hold;
    rc->phases.exit = tile_intc_reset_exit;
    ic->print_info = tile_intc_print_info;
}

static const TypeInfo tile_intc_types[] = {
    {
        .name = TYPE_TILE_INTC,
        .parent = TYPE_SYS_BUS_DEVICE,
        .instance_size = sizeof(TileIntcState),
        .class_init = tile_intc_class_init,
        .interfaces = (InterfaceInfo[]) {
            { TYPE_INTERRUPT_STATS_PROVIDER },
            { }
        },
    },
};

DEFINE_TYPES(tile_intc_types)

DeviceState *tile_intc_create(hwaddr base, unsigned num_cores)
{
    DeviceState *dev = qdev_new(TYPE_TILE_INTC);

    qdev_prop_set_uint32(dev, "num-cores", num_cores);
    sysbus_realize_and_unref(SYS_BUS_DEVICE(dev), &error_fatal);
    sysbus_mmio_map(SYS_BUS_DEVICE(dev), 0, base);
    for (unsigned c = 0; c < num_cores; c++) {
        DeviceState *cpu = DEVICE(qemu_get_cpu(c));

        for (unsigned id = 0; id < TILE_INTC_NUM_IDS; id++) {
            qdev_connect_gpio_out_named(dev, "core-irq",
                                        c * TILE_INTC_NUM_IDS + id,
                                        qdev_get_gpio_in(cpu, id));
        }
    }
    return dev;
}

uint32_t tile_intc_add_fdt_node(void *fdt, const char *parent, hwaddr base)
{
    char *name = g_strdup_printf("%s/interrupt-controller@%" HWADDR_PRIx,
                                 parent, base);
    uint32_t phandle = qemu_fdt_alloc_phandle(fdt);

    qemu_fdt_add_subnode(fdt, name);
    qemu_fdt_setprop_string(fdt, name, "compatible", "pto,tile-intc");
    qemu_fdt_setprop_sized_cells(fdt, name, "reg", 2, base, 2,
                                 TILE_INTC_MMIO_SIZE);
    qemu_fdt_setprop(fdt, name, "interrupt-controller", NULL, 0);
    qemu_fdt_setprop_cell(fdt, name, "#interrupt-cells", 1);
    qemu_fdt_setprop_cell(fdt, name, "#address-cells", 0);
    qemu_fdt_setprop_cell(fdt, name, "pto,num-lines", TILE_INTC_NUM_LINES);
    qemu_fdt_setprop_cell(fdt, name, "phandle", phandle);
    g_free(name);
    return phandle;
}
