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
#include "hw/tile/tile_gqm.h"
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
 * Vetting an ELF64 image before QEMU's loader sees it: that loader trusts
 * the program and section headers (an offset plus a size that wraps
 * around 2^64 passes its bounds check, and a huge symbol table size is an
 * allocation that aborts).  Every header the loader reads is checked here
 * against the file and the RAM; the first fault ends the run with one line
 * (docs/machine.md lists them).
 */

typedef struct VirtElfImage {
    const char *what;
    const char *filename;
    int fd;
    uint64_t file_size;
} VirtElfImage;

static G_NORETURN G_GNUC_PRINTF(2, 3)
void virt_elf_fail(const VirtElfImage *img, const char *fmt, ...)
{
    va_list ap;
    g_autofree char *msg = NULL;

    va_start(ap, fmt);
    msg = g_strdup_vprintf(fmt, ap);
    va_end(ap);
    error_report("%s '%s': %s", img->what, img->filename, msg);
    exit(1);
}

/* Is [offset, offset + size) inside the file?  (No overflow.) */
static bool virt_elf_in_file(const VirtElfImage *img, uint64_t offset,
                             uint64_t size)
{
    return offset <= img->file_size && size <= img->file_size - offset;
}

/* Read @size bytes at @offset, which virt_elf_in_file() has accepted. */
static void *virt_elf_read(const VirtElfImage *img, uint64_t offset,
                           uint64_t size, const char *part)
{
    g_autofree uint8_t *buf = g_malloc(size ? size : 1);

    errno = 0;
    if (pread(img->fd, buf, size, offset) != (ssize_t)size) {
        virt_elf_fail(img, "cannot read its %s: %s", part,
                      strerror(errno ? errno : EIO));
    }
    return g_steal_pointer(&buf);
}

/*
 * The program or section header table: @count entries of @entsize bytes
 * (which must be the ELF64 size @want) at @offset, inside the file.
 */
static void *virt_elf_read_table(const VirtElfImage *img, const char *kind,
                                 const char *entsize_name, uint64_t offset,
                                 unsigned count, unsigned entsize, size_t want)
{
    g_autofree char *what = g_strdup_printf("%s headers", kind);

    if (entsize != want) {
        virt_elf_fail(img, "truncated or malformed ELF image (%s %u, "
                      "expected %zu)", entsize_name, entsize, want);
    }
    if (!virt_elf_in_file(img, offset, (uint64_t)count * want)) {
        virt_elf_fail(img, "truncated or malformed ELF image (%s header "
                      "table of %u entries at offset 0x%" PRIx64 " runs past "
                      "the end of the file)", kind, count, offset);
    }
    return virt_elf_read(img, offset, (uint64_t)count * want, what);
}

/* One PT_LOAD segment that occupies memory: [low, low + size). */
typedef struct VirtElfSegment {
    unsigned index;
    uint64_t low, size;
} VirtElfSegment;

static int virt_elf_segment_cmp(const void *a, const void *b)
{
    const VirtElfSegment *x = a, *y = b;

    return x->low < y->low ? -1 : x->low > y->low;
}

static void virt_elf_check_segments(const VirtElfImage *img,
                                    const Elf64_Ehdr *eh, uint64_t ram_size)
{
    uint16_t phnum = le16_to_cpu(eh->e_phnum);
    uint16_t phentsize = le16_to_cpu(eh->e_phentsize);
    uint64_t phoff = le64_to_cpu(eh->e_phoff);
    g_autofree Elf64_Phdr *ph = NULL;
    g_autofree VirtElfSegment *seg = NULL;
    unsigned nseg = 0;

    if (phnum == 0) {
        virt_elf_fail(img, "ELF image has no loadable segment");
    }
    ph = virt_elf_read_table(img, "program", "e_phentsize", phoff, phnum,
                             phentsize, sizeof(Elf64_Phdr));
    seg = g_new(VirtElfSegment, phnum);

    for (unsigned i = 0; i < phnum; i++) {
        uint64_t offset = le64_to_cpu(ph[i].p_offset);
        uint64_t filesz = le64_to_cpu(ph[i].p_filesz);
        uint64_t memsz = le64_to_cpu(ph[i].p_memsz);
        uint64_t paddr = le64_to_cpu(ph[i].p_paddr);

        if (le32_to_cpu(ph[i].p_type) != PT_LOAD) {
            continue;
        }
        if (filesz > memsz) {
            virt_elf_fail(img, "truncated or malformed ELF image (segment %u: "
                          "file size 0x%" PRIx64 " exceeds memory size 0x%"
                          PRIx64 ")", i, filesz, memsz);
        }
        if (filesz && !virt_elf_in_file(img, offset, filesz)) {
            virt_elf_fail(img, "truncated or malformed ELF image (segment %u: "
                          "0x%" PRIx64 " bytes at offset 0x%" PRIx64
                          " run past the end of the file)", i, filesz, offset);
        }
        if (memsz == 0) {
            continue;               /* nothing to load */
        }
        if (paddr >= ram_size || memsz > ram_size - paddr) {
            if (memsz - 1 > UINT64_MAX - paddr) {
                virt_elf_fail(img, "segment at 0x%" PRIx64 " of 0x%" PRIx64
                              " bytes wraps around the address space",
                              paddr, memsz);
            }
            virt_elf_fail(img, "segment [0x%" PRIx64 ", 0x%" PRIx64
                          ") lies outside RAM [0, 0x%" PRIx64 ")",
                          paddr, paddr + memsz, ram_size);
        }
        seg[nseg++] = (VirtElfSegment){ i, paddr, memsz };
    }
    if (nseg == 0) {
        virt_elf_fail(img, "ELF image has no loadable segment");
    }
    qsort(seg, nseg, sizeof(*seg), virt_elf_segment_cmp);
    for (unsigned k = 1; k < nseg; k++) {
        if (seg[k].low < seg[k - 1].low + seg[k - 1].size) {
            virt_elf_fail(img, "segments %u [0x%" PRIx64 ", 0x%" PRIx64
                          ") and %u [0x%" PRIx64 ", 0x%" PRIx64 ") overlap",
                          seg[k - 1].index, seg[k - 1].low,
                          seg[k - 1].low + seg[k - 1].size, seg[k].index,
                          seg[k].low, seg[k].low + seg[k].size);
        }
    }
}

/*
 * The section headers and the symbol table QEMU's loader reads for its
 * disassembly symbols: inside the file, and every symbol name inside a
 * NUL-terminated string table.
 */
static void virt_elf_check_symbols(const VirtElfImage *img,
                                   const Elf64_Ehdr *eh)
{
    uint16_t shnum = le16_to_cpu(eh->e_shnum);
    uint64_t shoff = le64_to_cpu(eh->e_shoff);
    g_autofree Elf64_Shdr *sh = NULL;
    g_autofree Elf64_Sym *sym = NULL;
    g_autofree char *str = NULL;
    uint64_t symoff, symsize, stroff, strsize;
    uint32_t link;
    int symtab = -1;

    if (shnum == 0) {
        return;                     /* no section headers: no symbols */
    }
    sh = virt_elf_read_table(img, "section", "e_shentsize", shoff, shnum,
                             le16_to_cpu(eh->e_shentsize), sizeof(Elf64_Shdr));
    /* QEMU's loader uses the first SHT_SYMTAB section */
    for (unsigned i = 0; i < shnum && symtab < 0; i++) {
        if (le32_to_cpu(sh[i].sh_type) == SHT_SYMTAB) {
            symtab = i;
        }
    }
    if (symtab < 0) {
        return;
    }
    symoff = le64_to_cpu(sh[symtab].sh_offset);
    symsize = le64_to_cpu(sh[symtab].sh_size);
    link = le32_to_cpu(sh[symtab].sh_link);
    if (!virt_elf_in_file(img, symoff, symsize)) {
        virt_elf_fail(img, "truncated or malformed ELF image (symbol table "
                      "runs past the end of the file)");
    }
    if (link >= shnum) {
        virt_elf_fail(img, "truncated or malformed ELF image (symbol table "
                      "links to section %u of %u)", link, shnum);
    }
    stroff = le64_to_cpu(sh[link].sh_offset);
    strsize = le64_to_cpu(sh[link].sh_size);
    if (!virt_elf_in_file(img, stroff, strsize)) {
        virt_elf_fail(img, "truncated or malformed ELF image (string table "
                      "runs past the end of the file)");
    }
    if (symsize / sizeof(Elf64_Sym) == 0) {
        return;
    }
    str = virt_elf_read(img, stroff, strsize, "string table");
    if (strsize == 0 || str[strsize - 1] != '\0') {
        virt_elf_fail(img, "truncated or malformed ELF image (string table "
                      "does not end with a NUL)");
    }
    sym = virt_elf_read(img, symoff, symsize, "symbol table");
    for (uint64_t i = 0; i < symsize / sizeof(Elf64_Sym); i++) {
        if (le32_to_cpu(sym[i].st_name) >= strsize) {
            virt_elf_fail(img, "truncated or malformed ELF image (symbol %"
                          PRIu64 ": name offset %u outside the string table)",
                          i, le32_to_cpu(sym[i].st_name));
        }
    }
}

/* Everything QEMU's ELF loader reads, checked before it reads it. */
static void virt_vet_elf(const char *what, const char *filename,
                         uint64_t ram_size)
{
    VirtElfImage img = { .what = what, .filename = filename };
    Elf64_Ehdr eh;
    struct stat st;
    uint16_t type;

    img.fd = open(filename, O_RDONLY | O_BINARY);
    if (img.fd < 0 || fstat(img.fd, &st) < 0) {
        virt_elf_fail(&img, "%s", strerror(errno));
    }
    img.file_size = st.st_size;
    if (pread(img.fd, &eh, sizeof(eh), 0) != sizeof(eh)) {
        virt_elf_fail(&img, "truncated ELF header");
    }
    type = le16_to_cpu(eh.e_type);
    if (type == ET_REL) {
        virt_elf_fail(&img, "relocatable object: link it first");
    }
    if (type != ET_EXEC && type != ET_DYN) {
        virt_elf_fail(&img, "ELF e_type is %u, expected %u (executable) "
                      "or %u (shared object)", type, ET_EXEC, ET_DYN);
    }
    virt_elf_check_segments(&img, &eh, ram_size);
    virt_elf_check_symbols(&img, &eh);
    close(img.fd);
}

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
        virt_vet_elf(what, filename, ram_size);
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
    TileGqmState *gqm;
    DeviceState *intc;
    int i;

    virt_check_limit(machine, "data-limit", s->data_limit);
    virt_check_limit(machine, "app-region", s->app_region);
    /* the GQM queues: system state every Core shares (PTO-ARCH-GQM) */
    gqm = tile_gqm_create();
    for (i = 0; i < machine->smp.cpus; i++) {
        CPUState *cs = CPU(cpu_create(machine->cpu_type));
        TileCPU *cpu = TILE_CPU(cs);

        cpu->data_limit = s->data_limit;
        cpu->app_region = s->app_region;
        cpu->mem_end = virt_memmap[TILE_VIRT_DRAM].base + machine->ram_size;

        object_property_set_link(OBJECT(cs), TILE_GQM_LINK_PROP, OBJECT(gqm),
                                 &error_fatal);
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
