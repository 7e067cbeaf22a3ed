/*
 * PTO Tile "virt" machine: the ISA identity of the images it loads
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * An ELF image for this machine may carry the ISA it was built for in a
 * .note.pto.isa note (docs/isa-identity.md).  Each ELF image the machine
 * loads (-kernel, -bios, -device loader,file=) is compared with the
 * emulator's own identity, the one the ISA library is generated with:
 *
 *   matching note        silent
 *   no note              accepted (raw binaries and other tools' images
 *                        carry none)
 *   other identity,      one warning line; with -machine isa-identity=strict
 *   malformed note       one error line and exit status 1
 *
 * The comparison is the spec's (tile_isa_identity_compare(), the ISA
 * library); only the reaction is the machine's.
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "qemu/notify.h"
#include "hw/core/generic-loader.h"
#include "hw/tile/virt.h"
#include "system/system.h"
#include "tile-isa.h"

#define EM_TILE 0xE9

/* A little-endian ELF64 image for this machine (anything else has no
 * identity to check: the loaders make their own checks). */
static bool is_tile_elf(const uint8_t *img, size_t size)
{
    return size >= 64 && memcmp(img, "\177ELF", 4) == 0 && img[4] == 2 &&
           img[5] == 1 && (img[18] | img[19] << 8) == EM_TILE;
}

static void G_GNUC_PRINTF(2, 3) identity_problem(bool strict, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    if (strict) {
        error_vreport(fmt, ap);
        va_end(ap);
        exit(1);
    }
    warn_vreport(fmt, ap);
    va_end(ap);
}

void tile_virt_check_identity(const char *what, const char *filename, bool strict)
{
    const TileIsaIdentity *impl = &tile_isa_identity;
    g_autofree gchar *img = NULL;
    gsize size;
    TileIsaIdentity id;
    TileIsaIdentityCheck check;
    char why[160];

    if (!g_file_get_contents(filename, &img, &size, NULL) ||
        !is_tile_elf((const uint8_t *)img, size)) {
        return;
    }
    switch (tile_isa_elf_identity((const uint8_t *)img, size, &id, why, sizeof(why))) {
    case TILE_ISA_NOTE_ABSENT:
        return;
    case TILE_ISA_NOTE_MALFORMED:
        identity_problem(strict, "%s '%s': malformed ISA identity note: %s",
                         what, filename, why);
        return;
    case TILE_ISA_NOTE_FOUND:
        break;
    }
    check = tile_isa_identity_compare(&id, impl);
    switch (check) {
    case TILE_ISA_IDENTITY_MATCH:
    case TILE_ISA_IDENTITY_MISSING:
        return;
    case TILE_ISA_IDENTITY_RELEASE_MISMATCH:
        identity_problem(strict, "%s '%s': built for another ISA (%s): image release "
                         "%s, this emulator %s", what, filename,
                         tile_isa_identity_reason(check), id.release, impl->release);
        return;
    case TILE_ISA_IDENTITY_ABI_MISMATCH:
        identity_problem(strict, "%s '%s': built for another ISA (%s): image encoding "
                         "ABI %s, this emulator %s", what, filename,
                         tile_isa_identity_reason(check), id.encoding_abi,
                         impl->encoding_abi);
        return;
    case TILE_ISA_IDENTITY_HASH_MISMATCH:
        identity_problem(strict, "%s '%s': built for another ISA (%s): image encoding "
                         "projection %s, this emulator %s", what, filename,
                         tile_isa_identity_reason(check),
                         id.encoding_projection_sha256,
                         impl->encoding_projection_sha256);
        return;
    }
}

/* -device loader,file=F: checked once every device exists. */
static int check_loader(Object *obj, void *opaque)
{
    bool strict = *(bool *)opaque;
    GenericLoaderState *loader;

    if (!object_dynamic_cast(obj, TYPE_GENERIC_LOADER)) {
        return 0;
    }
    loader = GENERIC_LOADER(obj);
    if (loader->file && !loader->force_raw) {
        tile_virt_check_identity("-device loader", loader->file, strict);
    }
    return 0;
}

static bool loader_check_strict;

static void check_loaders(Notifier *notifier, void *data)
{
    object_child_foreach_recursive(object_get_root(), check_loader,
                                   &loader_check_strict);
}

static Notifier loader_check_notifier = { .notify = check_loaders };

void tile_virt_check_loader_identity(bool strict)
{
    loader_check_strict = strict;
    qemu_add_machine_init_done_notifier(&loader_check_notifier);
}
