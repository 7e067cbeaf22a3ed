/*
 * tile-check: a TCG plugin that records what the plugin API shows of a
 * qemu-system-tile guest, for tests/plugins/plugin-test.py to compare with
 * what the guest program does.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Output (qemu_plugin_outs, so -d plugin -D FILE), one line per event:
 *
 *   reg FEATURE NAME                  every register of vCPU 0 (once)
 *   tb VADDR NINSNS                   a translation block starts executing
 *   insn VADDR SIZE BYTES NAME=VALUE... | DISAS
 *                                     an instruction starts executing: its
 *                                     bytes (hex, memory order) and the
 *                                     registers asked for, read before it
 *   mem VADDR ld|st SIZE ADDR VALUE ram|io:DEVICE
 *                                     a memory access of the instruction
 *                                     at VADDR (VALUE in hex)
 *
 * Arguments: regs=NAME:NAME:...   registers to read at every instruction
 *            (default pc); from=ADDR, to=ADDR  log only instructions in
 *            [from, to) and their accesses (default: everything).
 */

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

typedef struct Insn {
    uint64_t vaddr;
    char *text;                 /* "VADDR SIZE BYTES" */
    char *disas;
} Insn;

typedef struct Block {
    uint64_t vaddr;
    size_t ninsns;
} Block;

typedef struct Reg {
    char *name;
    struct qemu_plugin_register *handle;
} Reg;

static GPtrArray *reg_names;    /* of char *: the regs= argument */
static GArray *regs;            /* of Reg, resolved at vCPU 0's init */
static GHashTable *insns;       /* text -> Insn, one per address and bytes */
static GPtrArray *blocks;       /* of Block, one per translation */
static GMutex lock;
static uint64_t from_addr, to_addr = UINT64_MAX;

static bool wanted(uint64_t vaddr)
{
    return vaddr >= from_addr && vaddr < to_addr;
}

static void vcpu_init(qemu_plugin_id_t id, unsigned int vcpu_index)
{
    g_autoptr(GArray) all = qemu_plugin_get_registers();
    g_autoptr(GString) out = g_string_new("");

    if (vcpu_index != 0) {
        return;
    }
    for (guint i = 0; i < all->len; i++) {
        qemu_plugin_reg_descriptor *d =
            &g_array_index(all, qemu_plugin_reg_descriptor, i);

        g_string_append_printf(out, "reg %s %s\n",
                               d->feature ? d->feature : "-", d->name);
        for (guint j = 0; j < reg_names->len; j++) {
            if (!strcmp(d->name, g_ptr_array_index(reg_names, j))) {
                Reg r = { g_strdup(d->name), d->handle };
                g_array_append_val(regs, r);
            }
        }
    }
    for (guint j = 0; j < reg_names->len; j++) {
        bool found = false;

        for (guint i = 0; i < regs->len; i++) {
            found |= !strcmp(g_array_index(regs, Reg, i).name,
                             g_ptr_array_index(reg_names, j));
        }
        if (!found) {
            g_string_append_printf(out, "error: no register %s\n",
                                   (char *)g_ptr_array_index(reg_names, j));
        }
    }
    qemu_plugin_outs(out->str);
}

static void tb_exec(unsigned int vcpu_index, void *udata)
{
    Block *b = udata;
    g_autofree char *line = g_strdup_printf("tb %" PRIx64 " %zu\n", b->vaddr,
                                            b->ninsns);

    qemu_plugin_outs(line);
}

static void insn_exec(unsigned int vcpu_index, void *udata)
{
    Insn *insn = udata;
    g_autoptr(GString) out = g_string_new("insn ");
    g_autoptr(GByteArray) buf = g_byte_array_new();

    g_string_append(out, insn->text);
    for (guint i = 0; i < regs->len; i++) {
        Reg *r = &g_array_index(regs, Reg, i);
        int n;

        g_byte_array_set_size(buf, 0);
        n = qemu_plugin_read_register(r->handle, buf);
        g_string_append_printf(out, " %s=", r->name);
        if (n <= 0) {
            g_string_append(out, "?");
            continue;
        }
        /* target byte order is little-endian: print the number */
        for (int b = n - 1; b >= 0; b--) {
            g_string_append_printf(out, "%02x", buf->data[b]);
        }
    }
    g_string_append_printf(out, " | %s\n", insn->disas);
    qemu_plugin_outs(out->str);
}

static void mem_access(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                       uint64_t vaddr, void *udata)
{
    Insn *insn = udata;
    qemu_plugin_mem_value v = qemu_plugin_mem_get_value(info);
    struct qemu_plugin_hwaddr *hw = qemu_plugin_get_hwaddr(info, vaddr);
    g_autofree char *value = NULL;
    g_autofree char *line = NULL;
    g_autofree char *where = NULL;

    switch (v.type) {
    case QEMU_PLUGIN_MEM_VALUE_U8:
        value = g_strdup_printf("%" PRIx8, v.data.u8);
        break;
    case QEMU_PLUGIN_MEM_VALUE_U16:
        value = g_strdup_printf("%" PRIx16, v.data.u16);
        break;
    case QEMU_PLUGIN_MEM_VALUE_U32:
        value = g_strdup_printf("%" PRIx32, v.data.u32);
        break;
    case QEMU_PLUGIN_MEM_VALUE_U64:
        value = g_strdup_printf("%" PRIx64, v.data.u64);
        break;
    case QEMU_PLUGIN_MEM_VALUE_U128:
        value = g_strdup_printf("%" PRIx64 "%016" PRIx64, v.data.u128.high,
                                v.data.u128.low);
        break;
    }
    if (hw && qemu_plugin_hwaddr_is_io(hw)) {
        where = g_strdup_printf("io:%s", qemu_plugin_hwaddr_device_name(hw));
    } else {
        where = g_strdup("ram");
    }
    line = g_strdup_printf("mem %" PRIx64 " %s %u %" PRIx64 " %s %s\n",
                           insn->vaddr,
                           qemu_plugin_mem_is_store(info) ? "st" : "ld",
                           1u << qemu_plugin_mem_size_shift(info), vaddr, value,
                           where);
    qemu_plugin_outs(line);
}

/* The record of the instruction at vaddr with these bytes. */
static Insn *insn_record(struct qemu_plugin_insn *pi)
{
    uint64_t vaddr = qemu_plugin_insn_vaddr(pi);
    size_t size = qemu_plugin_insn_size(pi);
    uint8_t bytes[16];
    g_autoptr(GString) text = g_string_new("");
    Insn *insn;
    size_t n;

    n = qemu_plugin_insn_data(pi, bytes, sizeof(bytes));
    g_string_printf(text, "%" PRIx64 " %zu ", vaddr, size);
    for (size_t i = 0; i < n; i++) {
        g_string_append_printf(text, "%02x", bytes[i]);
    }

    g_mutex_lock(&lock);
    insn = g_hash_table_lookup(insns, text->str);
    if (!insn) {
        insn = g_new0(Insn, 1);
        insn->vaddr = vaddr;
        insn->text = g_strdup(text->str);
        insn->disas = qemu_plugin_insn_disas(pi);
        g_hash_table_insert(insns, g_strdup(text->str), insn);
    }
    g_mutex_unlock(&lock);
    return insn;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);

    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *pi = qemu_plugin_tb_get_insn(tb, i);
        Insn *insn;

        if (!wanted(qemu_plugin_insn_vaddr(pi))) {
            continue;
        }
        insn = insn_record(pi);
        if (i == 0) {
            Block *b = g_new(Block, 1);

            b->vaddr = insn->vaddr;
            b->ninsns = n;
            g_mutex_lock(&lock);
            g_ptr_array_add(blocks, b);
            g_mutex_unlock(&lock);
            qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec,
                                                 QEMU_PLUGIN_CB_NO_REGS, b);
        }
        qemu_plugin_register_vcpu_insn_exec_cb(pi, insn_exec,
                                               QEMU_PLUGIN_CB_R_REGS, insn);
        qemu_plugin_register_vcpu_mem_cb(pi, mem_access, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_RW, insn);
    }
}

static void insn_free(gpointer p)
{
    Insn *insn = p;

    g_free(insn->text);
    g_free(insn->disas);
    g_free(insn);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    reg_names = g_ptr_array_new_with_free_func(g_free);
    regs = g_array_new(false, true, sizeof(Reg));
    insns = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, insn_free);
    blocks = g_ptr_array_new_with_free_func(g_free);

    for (int i = 0; i < argc; i++) {
        g_auto(GStrv) kv = g_strsplit(argv[i], "=", 2);

        if (kv[0] && kv[1] && !strcmp(kv[0], "regs")) {
            g_auto(GStrv) names = g_strsplit(kv[1], ":", -1);

            for (int j = 0; names[j]; j++) {
                g_ptr_array_add(reg_names, g_strdup(names[j]));
            }
        } else if (kv[0] && kv[1] && !strcmp(kv[0], "from")) {
            from_addr = g_ascii_strtoull(kv[1], NULL, 0);
        } else if (kv[0] && kv[1] && !strcmp(kv[0], "to")) {
            to_addr = g_ascii_strtoull(kv[1], NULL, 0);
        } else {
            fprintf(stderr, "tile-check: unknown argument '%s' "
                    "(regs=A:B, from=ADDR, to=ADDR)\n", argv[i]);
            return -1;
        }
    }
    if (reg_names->len == 0) {
        g_ptr_array_add(reg_names, g_strdup("pc"));
    }
    qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
    qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
    return 0;
}
