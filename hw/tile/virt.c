/*
 * PTO Tile "virt" machine
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Memory map (see docs/machine.md):
 *
 *   0x0000_0000  RAM (default 256 MiB, -m); reset PC 0
 *   0x1000_0000  16550 UART (serial-mm, regshift 0), console
 *   0x1000_1000  exit device, sifive_test compatible
 *   0x1000_2000  interrupt controller: device lines to external IDs
 *   0x1002_0000 + core * 0x1000  tile-core window of each core
 */

#include "qemu/osdep.h"
#include "qemu/units.h"
#include "qemu/error-report.h"
#include "qemu/datadir.h"
#include "qemu/guest-random.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "elf.h"
#include "hw/boards.h"
#include "hw/loader.h"
#include "hw/char/serial-mm.h"
#include "hw/misc/sifive_test.h"
#include "hw/tile/virt.h"
#include "system/system.h"
#include "system/reset.h"
#include "system/device_tree.h"
#include "exec/address-spaces.h"
#include "cpu.h"
#include "hw/tile/tile_core.h"
#include "hw/tile/tile_intc.h"

#include <libfdt.h>

/* The ELF machine number of the PTO (LinxISA) architecture. */
#define EM_TILE 0xE9

#define TILE_VIRT_UART_CLOCK 1843200    /* 115200 baud x 16 */

static const TileVirtMemMapEntry virt_memmap[] = {
    [TILE_VIRT_DRAM]  = { 0x00000000, 0 },
    [TILE_VIRT_UART0] = { 0x10000000, 0x100 },
    [TILE_VIRT_TEST]  = { 0x10001000, 0x1000 },
    [TILE_VIRT_INTC]  = { 0x10002000, 0x1000 },
    [TILE_VIRT_CORE]  = { 0x10020000, TILE_VIRT_CORE_STRIDE },
};

/* ------------------------------------------------------------------ */
/* Device tree                                                        */
/* ------------------------------------------------------------------ */

static void virt_create_fdt(TileVirtMachineState *s)
{
    MachineState *ms = MACHINE(s);
    hwaddr base, size;
    uint8_t rng_seed[32];
    uint32_t test_ph, intc_ph;
    char *name;
    void *fdt;
    int cpu;

    fdt = create_device_tree(&s->fdt_size);
    if (!fdt) {
        error_report("create_device_tree() failed");
        exit(1);
    }
    ms->fdt = fdt;

    qemu_fdt_setprop_string(fdt, "/", "model", "PTO Tile virt machine");
    qemu_fdt_setprop_string(fdt, "/", "compatible", "pto,tile-virt");
    qemu_fdt_setprop_cell(fdt, "/", "#address-cells", 2);
    qemu_fdt_setprop_cell(fdt, "/", "#size-cells", 2);

    /* memory */
    base = virt_memmap[TILE_VIRT_DRAM].base;
    name = g_strdup_printf("/memory@%" HWADDR_PRIx, base);
    qemu_fdt_add_subnode(fdt, name);
    qemu_fdt_setprop_sized_cells(fdt, name, "reg", 2, base, 2, ms->ram_size);
    qemu_fdt_setprop_string(fdt, name, "device_type", "memory");
    g_free(name);

    /* cpus: one per PTO Core */
    qemu_fdt_add_subnode(fdt, "/cpus");
    qemu_fdt_setprop_cell(fdt, "/cpus", "#address-cells", 1);
    qemu_fdt_setprop_cell(fdt, "/cpus", "#size-cells", 0);
    for (cpu = ms->smp.cpus - 1; cpu >= 0; cpu--) {
        name = g_strdup_printf("/cpus/cpu@%d", cpu);
        qemu_fdt_add_subnode(fdt, name);
        qemu_fdt_setprop_string(fdt, name, "device_type", "cpu");
        qemu_fdt_setprop_string(fdt, name, "compatible", "pto,tile-core");
        qemu_fdt_setprop_cell(fdt, name, "reg", cpu);
        qemu_fdt_setprop_string(fdt, name, "status", "okay");
        g_free(name);
    }

    /* soc */
    qemu_fdt_add_subnode(fdt, "/soc");
    qemu_fdt_setprop(fdt, "/soc", "ranges", NULL, 0);
    qemu_fdt_setprop_string(fdt, "/soc", "compatible", "simple-bus");
    qemu_fdt_setprop_cell(fdt, "/soc", "#address-cells", 2);
    qemu_fdt_setprop_cell(fdt, "/soc", "#size-cells", 2);

    /* interrupt controller (hw/tile/tile_intc.c) */
    intc_ph = tile_intc_add_fdt_node(fdt, "/soc",
                                     virt_memmap[TILE_VIRT_INTC].base);

    /* uart */
    base = virt_memmap[TILE_VIRT_UART0].base;
    size = virt_memmap[TILE_VIRT_UART0].size;
    name = g_strdup_printf("/soc/serial@%" HWADDR_PRIx, base);
    qemu_fdt_add_subnode(fdt, name);
    qemu_fdt_setprop_string(fdt, name, "compatible", "ns16550a");
    qemu_fdt_setprop_sized_cells(fdt, name, "reg", 2, base, 2, size);
    qemu_fdt_setprop_cell(fdt, name, "clock-frequency", TILE_VIRT_UART_CLOCK);
    qemu_fdt_setprop_cell(fdt, name, "reg-shift", 0);
    qemu_fdt_setprop_cell(fdt, name, "reg-io-width", 1);
    qemu_fdt_setprop_cell(fdt, name, "interrupt-parent", intc_ph);
    qemu_fdt_setprop_cell(fdt, name, "interrupts", TILE_VIRT_UART0_IRQ);
    qemu_fdt_add_subnode(fdt, "/chosen");
    qemu_fdt_setprop_string(fdt, "/chosen", "stdout-path", name);
    qemu_fdt_add_subnode(fdt, "/aliases");
    qemu_fdt_setprop_string(fdt, "/aliases", "serial0", name);
    g_free(name);

    /* exit device */
    base = virt_memmap[TILE_VIRT_TEST].base;
    size = virt_memmap[TILE_VIRT_TEST].size;
    name = g_strdup_printf("/soc/test@%" HWADDR_PRIx, base);
    qemu_fdt_add_subnode(fdt, name);
    {
        static const char compat[] = "sifive,test1\0sifive,test0\0syscon";
        qemu_fdt_setprop(fdt, name, "compatible", compat, sizeof(compat));
    }
    qemu_fdt_setprop_sized_cells(fdt, name, "reg", 2, base, 2, size);
    test_ph = qemu_fdt_alloc_phandle(fdt);
    qemu_fdt_setprop_cell(fdt, name, "phandle", test_ph);
    g_free(name);

    /* tile-core windows, one per Core (docs/tile-core.md) */
    for (cpu = ms->smp.cpus - 1; cpu >= 0; cpu--) {
        base = virt_memmap[TILE_VIRT_CORE].base + cpu * TILE_VIRT_CORE_STRIDE;
        name = g_strdup_printf("/soc/tile-core@%" HWADDR_PRIx, base);
        qemu_fdt_add_subnode(fdt, name);
        qemu_fdt_setprop_string(fdt, name, "compatible", "pto,tile-core-window");
        qemu_fdt_setprop_sized_cells(fdt, name, "reg", 2, base, 2, TILE_CORE_MMIO_SIZE);
        qemu_fdt_setprop_cell(fdt, name, "pto,core", cpu);
        g_free(name);
    }

    qemu_fdt_add_subnode(fdt, "/poweroff");
    qemu_fdt_setprop_string(fdt, "/poweroff", "compatible", "syscon-poweroff");
    qemu_fdt_setprop_cell(fdt, "/poweroff", "regmap", test_ph);
    qemu_fdt_setprop_cell(fdt, "/poweroff", "offset", 0);
    qemu_fdt_setprop_cell(fdt, "/poweroff", "value", FINISHER_PASS);

    qemu_fdt_add_subnode(fdt, "/reboot");
    qemu_fdt_setprop_string(fdt, "/reboot", "compatible", "syscon-reboot");
    qemu_fdt_setprop_cell(fdt, "/reboot", "regmap", test_ph);
    qemu_fdt_setprop_cell(fdt, "/reboot", "offset", 0);
    qemu_fdt_setprop_cell(fdt, "/reboot", "value", FINISHER_RESET);

    if (ms->kernel_cmdline && *ms->kernel_cmdline) {
        qemu_fdt_setprop_string(fdt, "/chosen", "bootargs",
                                ms->kernel_cmdline);
    }
    qemu_guest_getrandom_nofail(rng_seed, sizeof(rng_seed));
    qemu_fdt_setprop(fdt, "/chosen", "rng-seed", rng_seed, sizeof(rng_seed));
}

/* ------------------------------------------------------------------ */
/* Image loading                                                      */
/* ------------------------------------------------------------------ */

/*
 * Load @filename (from -kernel or -bios) into RAM.  An ELF64 image with
 * e_machine EM_TILE is loaded by its program headers and entered at
 * e_entry; anything that does not start with the ELF magic is a raw
 * binary, loaded and entered at 0.  Every bad image is a one-line error
 * and exit(1).
 */
static vaddr virt_load_image(const char *what, const char *filename,
                             uint64_t ram_size)
{
    uint8_t ehdr[64];
    uint64_t entry = 0, low = 0, high = 0;
    ssize_t n, size;
    int fd;

    fd = open(filename, O_RDONLY | O_BINARY);
    if (fd < 0) {
        error_report("%s '%s': %s", what, filename, strerror(errno));
        exit(1);
    }
    n = read(fd, ehdr, sizeof(ehdr));
    close(fd);
    if (n < 0) {
        error_report("%s '%s': %s", what, filename, strerror(errno));
        exit(1);
    }

    if (n >= SELFMAG && memcmp(ehdr, ELFMAG, SELFMAG) == 0) {
        uint16_t machine;

        if (n < EI_NIDENT || ehdr[EI_CLASS] != ELFCLASS64) {
            error_report("%s '%s': not an ELF64 image%s", what, filename,
                         n < EI_NIDENT ? " (truncated header)" : "");
            exit(1);
        }
        if (ehdr[EI_DATA] != ELFDATA2LSB) {
            error_report("%s '%s': ELF image is not little-endian",
                         what, filename);
            exit(1);
        }
        if (n < (ssize_t)sizeof(Elf64_Ehdr)) {
            error_report("%s '%s': truncated ELF header (%zd of %zu bytes)",
                         what, filename, n, sizeof(Elf64_Ehdr));
            exit(1);
        }
        machine = ehdr[18] | (ehdr[19] << 8);
        if (machine != EM_TILE) {
            error_report("%s '%s': ELF e_machine is %u (0x%x), expected "
                         "0x%x (PTO)", what, filename, machine, machine,
                         EM_TILE);
            exit(1);
        }
        size = load_elf(filename, NULL, NULL, NULL, &entry, &low, &high,
                        NULL, ELFDATA2LSB, EM_TILE, 0, 0);
        if (size < 0) {
            error_report("%s '%s': truncated or malformed ELF image (%s)",
                         what, filename, load_elf_strerror(size));
            exit(1);
        }
        if (high <= low) {
            error_report("%s '%s': ELF image has no loadable segment",
                         what, filename);
            exit(1);
        }
        if (low >= ram_size || high > ram_size) {
            error_report("%s '%s': segment [0x%" PRIx64 ", 0x%" PRIx64
                         ") lies outside RAM [0, 0x%" PRIx64 ")",
                         what, filename, low, high, ram_size);
            exit(1);
        }
        if (entry >= ram_size) {
            error_report("%s '%s': entry point 0x%" PRIx64
                         " lies outside RAM [0, 0x%" PRIx64 ")",
                         what, filename, entry, ram_size);
            exit(1);
        }
        return entry;
    }

    /* Raw binary at 0. */
    size = get_image_size(filename);
    if (size < 0) {
        error_report("%s '%s': cannot determine its size", what, filename);
        exit(1);
    }
    if (size == 0) {
        error_report("%s '%s': image is empty", what, filename);
        exit(1);
    }
    if ((uint64_t)size > ram_size) {
        error_report("%s '%s': raw image of %zd bytes does not fit in RAM "
                     "(0x%" PRIx64 " bytes)", what, filename, size, ram_size);
        exit(1);
    }
    if (load_image_targphys(filename, 0, ram_size) < 0) {
        error_report("%s '%s': could not load raw image", what, filename);
        exit(1);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Machine                                                            */
/* ------------------------------------------------------------------ */

static void virt_cpu_reset(void *opaque)
{
    CPUState *cs = opaque;
    TileVirtMachineState *s = TILE_VIRT_MACHINE(qdev_get_machine());

    cpu_reset(cs);
    cpu_set_pc(cs, s->entry);
}

/*
 * The data-access limits (docs/machine.md): the reference profile's
 * DataAccessPermitted rule is data-limit=4096,app-region=3072.  A limit
 * must lie inside RAM; 0 (the default) means none.
 */
static void virt_check_limit(MachineState *machine, const char *name,
                             uint64_t limit)
{
    if (limit > machine->ram_size) {
        error_report("-machine %s=0x%" PRIx64 " lies outside RAM [0, 0x%"
                     PRIx64 ")", name, limit, (uint64_t)machine->ram_size);
        exit(1);
    }
}

static void virt_machine_init(MachineState *machine)
{
    TileVirtMachineState *s = TILE_VIRT_MACHINE(machine);
    MemoryRegion *sysmem = get_system_memory();
    const char *firmware = machine->firmware;
    DeviceState *intc;
    int i;

    virt_check_limit(machine, "data-limit", s->data_limit);
    virt_check_limit(machine, "app-region", s->app_region);
    for (i = 0; i < machine->smp.cpus; i++) {
        CPUState *cs = CPU(cpu_create(machine->cpu_type));
        TileCPU *cpu = TILE_CPU(cs);

        cpu->data_limit = s->data_limit;
        cpu->app_region = s->app_region;
        cpu->mem_end = virt_memmap[TILE_VIRT_DRAM].base + machine->ram_size;

        qemu_register_reset(virt_cpu_reset, cs);
        /* the Core's tile-core device and its MMIO window */
        tile_core_create(cs, i, virt_memmap[TILE_VIRT_CORE].base +
                                i * TILE_VIRT_CORE_STRIDE);
    }

    memory_region_add_subregion(sysmem, virt_memmap[TILE_VIRT_DRAM].base,
                                machine->ram);

    /* 0x1000_2000: device lines to the Cores' external interrupt IDs */
    intc = tile_intc_create(virt_memmap[TILE_VIRT_INTC].base,
                            machine->smp.cpus);

    serial_mm_init(sysmem, virt_memmap[TILE_VIRT_UART0].base, 0,
                   qdev_get_gpio_in(intc, TILE_VIRT_UART0_IRQ),
                   115200, serial_hd(0), DEVICE_LITTLE_ENDIAN);

    sifive_test_create(virt_memmap[TILE_VIRT_TEST].base);

    virt_create_fdt(s);

    s->entry = 0;
    if (firmware && strcmp(firmware, "none") != 0) {
        char *path = qemu_find_file(QEMU_FILE_TYPE_BIOS, firmware);

        s->entry = virt_load_image("-bios", path ? path : firmware,
                                   machine->ram_size);
        tile_virt_check_identity("-bios", path ? path : firmware,
                                 s->isa_identity_strict);
        g_free(path);
    }
    if (machine->kernel_filename) {
        s->entry = virt_load_image("-kernel", machine->kernel_filename,
                                   machine->ram_size);
        tile_virt_check_identity("-kernel", machine->kernel_filename,
                                 s->isa_identity_strict);
    }
    tile_virt_check_loader_identity(s->isa_identity_strict);
}

/* The property "data-limit" or "app-region" (both are sizes). */
static uint64_t *virt_limit(Object *obj, const char *name)
{
    TileVirtMachineState *s = TILE_VIRT_MACHINE(obj);

    return strcmp(name, "data-limit") == 0 ? &s->data_limit : &s->app_region;
}

static void virt_get_limit(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    visit_type_size(v, name, virt_limit(obj, name), errp);
}

static void virt_set_limit(Object *obj, Visitor *v, const char *name,
                           void *opaque, Error **errp)
{
    visit_type_size(v, name, virt_limit(obj, name), errp);
}

/* -machine isa-identity=warn|strict (docs/isa-identity.md) */
static char *virt_get_isa_identity(Object *obj, Error **errp)
{
    return g_strdup(TILE_VIRT_MACHINE(obj)->isa_identity_strict ? "strict" : "warn");
}

static void virt_set_isa_identity(Object *obj, const char *value, Error **errp)
{
    TileVirtMachineState *s = TILE_VIRT_MACHINE(obj);

    if (strcmp(value, "warn") && strcmp(value, "strict")) {
        error_setg(errp, "isa-identity must be 'warn' or 'strict', not '%s'", value);
        return;
    }
    s->isa_identity_strict = strcmp(value, "strict") == 0;
}

static void virt_machine_class_init(ObjectClass *oc, void *data)
{
    MachineClass *mc = MACHINE_CLASS(oc);
    static const char * const valid_cpu_types[] = {
        TYPE_TILE_CPU_PTO_CORE,
        NULL
    };

    mc->desc = "PTO Tile virtual machine";
    mc->init = virt_machine_init;
    mc->max_cpus = TILE_VIRT_CPUS_MAX;
    mc->is_default = true;
    mc->default_cpu_type = TYPE_TILE_CPU_PTO_CORE;
    mc->valid_cpu_types = valid_cpu_types;
    mc->default_ram_size = 256 * MiB;
    mc->default_ram_id = "tile.ram";

    object_class_property_add(oc, "data-limit", "size", virt_get_limit,
                              virt_set_limit, NULL, NULL);
    object_class_property_set_description(oc, "data-limit",
        "Data accesses of every ring must lie below this RAM address "
        "(0: no limit; the reference profile's memory is 4096 bytes)");
    object_class_property_add(oc, "app-region", "size", virt_get_limit,
                              virt_set_limit, NULL, NULL);
    object_class_property_set_description(oc, "app-region",
        "Data accesses of rings ACR2..ACR15 must lie below this RAM address "
        "(0: no limit; the reference profile's application region is 3072)");
    object_class_property_add_str(oc, "isa-identity", virt_get_isa_identity,
                                  virt_set_isa_identity);
    object_class_property_set_description(oc, "isa-identity",
        "An ELF image whose ISA identity note differs from the emulator's "
        "or is malformed: 'warn' (the default) or 'strict' (an error)");
}

static const TypeInfo virt_machine_types[] = {
    {
        .name          = TYPE_TILE_VIRT_MACHINE,
        .parent        = TYPE_MACHINE,
        .instance_size = sizeof(TileVirtMachineState),
        .class_init    = virt_machine_class_init,
    },
};

DEFINE_TYPES(virt_machine_types)
