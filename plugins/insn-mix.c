/*
 * insn-mix: the instruction mix of a qemu-system-tile guest, by ISA
 * family, by instruction length and by form (the role QEMU's contrib
 * plugin howvec plays for the targets whose encodings it knows).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Each translated instruction is decoded with the project's ISA library
 * (lib/, the tables of isa/), the same decoder as tile-objdump and
 * `-d in_asm`; an inline per-vCPU counter of its form counts executions.
 * At exit (qemu_plugin_outs, so -d plugin [-D FILE]):
 *
 *   insn-mix: N instructions executed
 *   family  ALU       N  P.P%        (ALU AGU BRU AMO FSU SYS CMD BBD)
 *   length  32-bit    N  P.P%
 *   form    addi      N  P.P%        (the `limit` most executed, default 20;
 *                                     the mnemonic in tile-objdump's case)
 *
 * A word no form decodes counts as family "illegal".
 * Arguments: limit=N (forms listed, 0 for all).
 */

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include <qemu-plugin.h>

#include "tile-isa.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* one counter per form, then one for words that decode to no form */
static struct qemu_plugin_scoreboard *counts;
static unsigned limit = 20;

static qemu_plugin_u64 counter(unsigned slot)
{
    return (qemu_plugin_u64) { counts, slot * sizeof(uint64_t) };
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);

    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *pi = qemu_plugin_tb_get_insn(tb, i);
        uint8_t bytes[TILE_ISA_MAX_INSN_BYTES];
        size_t len = qemu_plugin_insn_data(pi, bytes, sizeof(bytes));
        TileIsaInsn insn;
        unsigned slot = tile_isa_form_count;

        if (tile_isa_decode(bytes, len, &insn) == TILE_ISA_OK) {
            slot = insn.form->index;
        }
        qemu_plugin_register_vcpu_insn_exec_inline_per_vcpu(
            pi, QEMU_PLUGIN_INLINE_ADD_U64, counter(slot), 1);
    }
}

typedef struct Row {
    char *name;
    uint64_t count;
} Row;

static gint row_cmp(gconstpointer a, gconstpointer b)
{
    const Row *x = a, *y = b;

    if (x->count != y->count) {
        return x->count < y->count ? 1 : -1;
    }
    return strcmp(x->name, y->name);
}

static void row_clear(gpointer p)
{
    g_free(((Row *)p)->name);
}

static void add_to(GArray *rows, const char *name, uint64_t count)
{
    for (guint i = 0; i < rows->len; i++) {
        Row *r = &g_array_index(rows, Row, i);

        if (!strcmp(r->name, name)) {
            r->count += count;
            return;
        }
    }
    Row r = { g_strdup(name), count };
    g_array_append_val(rows, r);
}

static void print_rows(GString *out, const char *what, GArray *rows,
                       unsigned max, uint64_t total)
{
    g_array_sort(rows, row_cmp);
    for (guint i = 0; i < rows->len && (max == 0 || i < max); i++) {
        Row *r = &g_array_index(rows, Row, i);

        g_string_append_printf(out, "%-7s %-16s %12" PRIu64 "  %5.1f%%\n",
                               what, r->name, r->count,
                               total ? 100.0 * r->count / total : 0.0);
    }
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
    static const char *const lengths[] = {
        "16-bit", "32-bit", "48-bit", "64-bit",
    };
    g_autoptr(GString) out = g_string_new("");
    g_autoptr(GArray) families = g_array_new(false, false, sizeof(Row));
    g_autoptr(GArray) sizes = g_array_new(false, false, sizeof(Row));
    g_autoptr(GArray) forms = g_array_new(false, false, sizeof(Row));

    g_array_set_clear_func(families, row_clear);
    g_array_set_clear_func(sizes, row_clear);
    g_array_set_clear_func(forms, row_clear);
    uint64_t total = 0;

    for (unsigned slot = 0; slot <= tile_isa_form_count; slot++) {
        uint64_t c = qemu_plugin_u64_sum(counter(slot));
        const TileIsaForm *f;

        if (c == 0) {
            continue;
        }
        total += c;
        if (slot == tile_isa_form_count) {
            add_to(families, "illegal", c);
            continue;
        }
        f = &tile_isa_forms[slot];
        add_to(families, f->family, c);
        add_to(sizes, lengths[f->length_bits / 16 - 1], c);
        g_autofree char *mnemonic = g_ascii_strdown(f->mnemonic, -1);
        add_to(forms, mnemonic, c);
    }
    g_string_append_printf(out, "insn-mix: %" PRIu64 " instructions executed\n",
                           total);
    print_rows(out, "family", families, 0, total);
    print_rows(out, "length", sizes, 0, total);
    print_rows(out, "form", forms, limit, total);
    qemu_plugin_outs(out->str);
    qemu_plugin_scoreboard_free(counts);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        g_auto(GStrv) kv = g_strsplit(argv[i], "=", 2);
        char *end;

        if (kv[0] && kv[1] && !strcmp(kv[0], "limit")) {
            unsigned long v = strtoul(kv[1], &end, 0);

            if (*kv[1] && !*end && v <= UINT_MAX) {
                limit = v;
                continue;
            }
        }
        fprintf(stderr, "insn-mix: bad argument '%s' (limit=N)\n", argv[i]);
        return -1;
    }
    counts = qemu_plugin_scoreboard_new(sizeof(uint64_t) *
                                        (tile_isa_form_count + 1));
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
    return 0;
}
