/*
 * PTO tile-core device: the utilization report
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The counters of include/hw/tile/tile_state.h (TileStats), shown three
 * ways, all with the same figures (docs/tile-core.md):
 *  - `info tile` (HMP): a few lines per Core;
 *  - the read-only QOM property "utilization" of each tile-core device
 *    (/machine/tile-core[N]), a JSON object through QMP's qom-get;
 *  - -global tile-core.stats=FILE: the same objects, every Core's, written
 *    to FILE as JSON when QEMU exits.
 */

#include "qemu/osdep.h"
#include "qemu/notify.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "qobject/qdict.h"
#include "qobject/qjson.h"
#include "qobject/qlist.h"
#include "qom/qom-qobject.h"
#include "migration/vmstate.h"
#include "monitor/monitor.h"
#include "qemu/error-report.h"
#include "system/system.h"
#include "hw/tile/tile_core.h"

static const char *const engines[] = { "TLSU", "CUBE", "VEC", "SFU" };

/* Operations of ops[] by engine. */
static void engine_totals(const uint64_t *ops, uint64_t *total, uint64_t *by_engine)
{
    *total = 0;
    memset(by_engine, 0, sizeof(uint64_t) * ARRAY_SIZE(engines));
    for (unsigned f = 0; f < TILE_STATS_FORMS; f++) {
        const char *engine = NULL;

        if (!ops[f] || !tile_stats_form_name(f, &engine)) {
            continue;
        }
        *total += ops[f];
        for (unsigned e = 0; e < ARRAY_SIZE(engines); e++) {
            if (!strcmp(engine, engines[e])) {
                by_engine[e] += ops[f];
            }
        }
    }
}

/* The figures every PE adds to the Core's. */
typedef struct PESums {
    uint64_t macs, elements, bytes_to_tile, bytes_to_memory;
} PESums;

static PESums pe_sums(const TileStats *s)
{
    PESums sum = { 0 };

    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        sum.macs += s->pe[pe].macs;
        sum.elements += s->pe[pe].elements;
        sum.bytes_to_tile += s->pe[pe].bytes_to_tile;
        sum.bytes_to_memory += s->pe[pe].bytes_to_memory;
    }
    return sum;
}

/* ---- QOM / JSON ---- */

static bool visit_u64(Visitor *v, const char *name, uint64_t value, Error **errp)
{
    return visit_type_uint64(v, name, &value, errp);
}

static bool visit_text(Visitor *v, const char *name, const char *text, Error **errp)
{
    char *s = (char *)text;         /* an output visitor does not change it */

    return visit_type_str(v, name, &s, errp);
}

static bool visit_pool(Visitor *v, const char *name, uint64_t peak, Error **errp)
{
    if (!visit_start_struct(v, name, NULL, 0, errp) ||
        !visit_u64(v, "peak", peak, errp) ||
        !visit_u64(v, "size", TILE_POOL_BYTES, errp) ||
        !visit_check_struct(v, errp)) {
        return false;
    }
    visit_end_struct(v, NULL);
    return true;
}

/* "operations", "engines" and "forms" of ops[]. */
static bool visit_ops(Visitor *v, const uint64_t *ops, Error **errp)
{
    uint64_t total, by_engine[ARRAY_SIZE(engines)];

    engine_totals(ops, &total, by_engine);
    if (!visit_u64(v, "operations", total, errp) ||
        !visit_start_struct(v, "engines", NULL, 0, errp)) {
        return false;
    }
    for (unsigned e = 0; e < ARRAY_SIZE(engines); e++) {
        if (!visit_u64(v, engines[e], by_engine[e], errp)) {
            return false;
        }
    }
    if (!visit_check_struct(v, errp)) {
        return false;
    }
    visit_end_struct(v, NULL);
    if (!visit_start_list(v, "forms", NULL, 0, errp)) {
        return false;
    }
    for (unsigned f = 0; f < TILE_STATS_FORMS; f++) {
        const char *engine = NULL, *form = tile_stats_form_name(f, &engine);

        if (!ops[f] || !form) {
            continue;
        }
        if (!visit_start_struct(v, NULL, NULL, 0, errp) ||
            !visit_text(v, "engine", engine, errp) ||
            !visit_text(v, "form", form, errp) ||
            !visit_u64(v, "count", ops[f], errp) ||
            !visit_check_struct(v, errp)) {
            return false;
        }
        visit_end_struct(v, NULL);
    }
    if (!visit_check_list(v, errp)) {
        return false;
    }
    visit_end_list(v, NULL);
    return true;
}

static bool visit_work(Visitor *v, uint64_t macs, uint64_t elements, uint64_t to_tile,
                       uint64_t to_memory, Error **errp)
{
    return visit_u64(v, "macs", macs, errp) &&
           visit_u64(v, "elements", elements, errp) &&
           visit_u64(v, "bytes-to-tile", to_tile, errp) &&
           visit_u64(v, "bytes-to-memory", to_memory, errp);
}

static bool visit_pe(Visitor *v, const TileStatsPE *p, unsigned pe, Error **errp)
{
    if (!visit_start_struct(v, NULL, NULL, 0, errp) ||
        !visit_u64(v, "pe", pe, errp) ||
        !visit_ops(v, p->ops, errp) ||
        !visit_work(v, p->macs, p->elements, p->bytes_to_tile, p->bytes_to_memory, errp) ||
        !visit_pool(v, "local-pool", p->local_peak, errp) ||
        !visit_check_struct(v, errp)) {
        return false;
    }
    visit_end_struct(v, NULL);
    return true;
}

bool tile_stats_visit(Visitor *v, const char *name, const TileStats *s, uint32_t core,
                      Error **errp)
{
    PESums sum = pe_sums(s);

    if (!visit_start_struct(v, name, NULL, 0, errp) ||
        !visit_u64(v, "core", core, errp) ||
        !visit_ops(v, s->ops, errp) ||
        !visit_work(v, sum.macs, sum.elements, sum.bytes_to_tile, sum.bytes_to_memory,
                    errp) ||
        !visit_pool(v, "shared-pool", s->shared_peak, errp) ||
        !visit_start_struct(v, "faults", NULL, 0, errp)) {
        return false;
    }
    for (unsigned k = 0; k < TILE_STATS_FAULTS; k++) {
        if (!visit_u64(v, tile_stats_fault_name(k), s->faults[k], errp)) {
            return false;
        }
    }
    if (!visit_check_struct(v, errp)) {
        return false;
    }
    visit_end_struct(v, NULL);
    if (!visit_start_list(v, "pes", NULL, 0, errp)) {
        return false;
    }
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        if (!visit_pe(v, &s->pe[pe], pe, errp)) {
            return false;
        }
    }
    if (!visit_check_list(v, errp)) {
        return false;
    }
    visit_end_list(v, NULL);
    if (!visit_check_struct(v, errp)) {
        return false;
    }
    visit_end_struct(v, NULL);
    return true;
}

/* ---- `info tile` ---- */

static void print_ops(Monitor *mon, const uint64_t *ops)
{
    uint64_t total, by_engine[ARRAY_SIZE(engines)];
    const char *sep = " (";

    engine_totals(ops, &total, by_engine);
    monitor_printf(mon, "%" PRIu64 " operations", total);
    for (unsigned e = 0; e < ARRAY_SIZE(engines); e++) {
        if (by_engine[e]) {
            monitor_printf(mon, "%s%s %" PRIu64, sep, engines[e], by_engine[e]);
            sep = ", ";
        }
    }
    monitor_printf(mon, "%s", total ? ")" : "");
}

static void print_work(Monitor *mon, uint64_t macs, uint64_t elements, uint64_t to_tile,
                       uint64_t to_memory)
{
    monitor_printf(mon, ", %" PRIu64 " MACs, %" PRIu64 " elements, %" PRIu64
                   " bytes memory->tile, %" PRIu64 " bytes tile->memory",
                   macs, elements, to_tile, to_memory);
}

void tile_stats_print(Monitor *mon, const TileStats *s)
{
    PESums sum = pe_sums(s);
    const char *sep = "";

    monitor_printf(mon, "  utilization: ");
    print_ops(mon, s->ops);
    print_work(mon, sum.macs, sum.elements, sum.bytes_to_tile, sum.bytes_to_memory);
    monitor_printf(mon, "; Shared pool peak %" PRIu64 " of %u bytes\n", s->shared_peak,
                   TILE_POOL_BYTES);
    monitor_printf(mon, "    forms:");
    for (unsigned f = 0; f < TILE_STATS_FORMS; f++) {
        const char *engine = NULL, *form = tile_stats_form_name(f, &engine);

        if (s->ops[f] && form) {
            monitor_printf(mon, "%s %s %" PRIu64, sep, form, s->ops[f]);
            sep = ",";
        }
    }
    monitor_printf(mon, "%s\n", *sep ? "" : " none");
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        const TileStatsPE *p = &s->pe[pe];

        monitor_printf(mon, "    PE%u: ", pe);
        print_ops(mon, p->ops);
        print_work(mon, p->macs, p->elements, p->bytes_to_tile, p->bytes_to_memory);
        monitor_printf(mon, "; Local pool peak %" PRIu64 " of %u bytes\n", p->local_peak,
                       TILE_POOL_BYTES);
    }
    monitor_printf(mon, "    faults:");
    sep = "";
    for (unsigned k = 0; k < TILE_STATS_FAULTS; k++) {
        if (s->faults[k]) {
            monitor_printf(mon, "%s %s %" PRIu64, sep, tile_stats_fault_name(k),
                           s->faults[k]);
            sep = ",";
        }
    }
    monitor_printf(mon, "%s\n", *sep ? "" : " none");
}

/* ---- Migration: the counters as a struct (tile_core.c's subsection) ---- */

static const VMStateDescription vmstate_tile_stats_pe = {
    .name = "tile-core/stats/pe",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64_ARRAY(ops, TileStatsPE, TILE_STATS_FORMS),
        VMSTATE_UINT64(macs, TileStatsPE),
        VMSTATE_UINT64(elements, TileStatsPE),
        VMSTATE_UINT64(bytes_to_tile, TileStatsPE),
        VMSTATE_UINT64(bytes_to_memory, TileStatsPE),
        VMSTATE_UINT64(local_peak, TileStatsPE),
        VMSTATE_END_OF_LIST()
    }
};

const VMStateDescription vmstate_tile_stats = {
    .name = "tile-core/stats/counters",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64_ARRAY(ops, TileStats, TILE_STATS_FORMS),
        VMSTATE_UINT64_ARRAY(faults, TileStats, TILE_STATS_FAULTS),
        VMSTATE_UINT64(shared_peak, TileStats),
        VMSTATE_STRUCT_ARRAY(pe, TileStats, TILE_POOL_PES, 1, vmstate_tile_stats_pe,
                             TileStatsPE),
        VMSTATE_END_OF_LIST()
    }
};

/* ---- -global tile-core.stats=FILE ---- */

typedef struct CoreReport {
    uint64_t core;
    QObject *utilization;       /* the device's "utilization" property */
} CoreReport;

static void core_report_clear(gpointer p)
{
    qobject_unref(((CoreReport *)p)->utilization);
}

static int collect_core(Object *obj, void *opaque)
{
    GHashTable *files = opaque;
    g_autofree char *file = NULL;
    CoreReport c;
    GArray *cores;

    if (!object_dynamic_cast(obj, TYPE_TILE_CORE)) {
        return 0;
    }
    file = object_property_get_str(obj, "stats", NULL);
    if (!file || !*file) {
        return 0;
    }
    cores = g_hash_table_lookup(files, file);
    if (!cores) {
        cores = g_array_new(false, false, sizeof(CoreReport));
        g_array_set_clear_func(cores, core_report_clear);
        g_hash_table_insert(files, g_strdup(file), cores);
    }
    c.core = object_property_get_uint(obj, "core-index", &error_abort);
    c.utilization = object_property_get_qobject(obj, "utilization", &error_abort);
    g_array_append_val(cores, c);
    return 0;
}

static gint by_core(gconstpointer a, gconstpointer b)
{
    const CoreReport *x = a, *y = b;

    return x->core < y->core ? -1 : x->core > y->core;
}

/* {"cores": [ every Core's utilization object, by Core number ]} */
static void write_stats_file(const char *file, GArray *cores)
{
    QDict *report = qdict_new();
    QList *list = qlist_new();
    g_autoptr(GError) err = NULL;
    g_autoptr(GString) json = NULL;

    g_array_sort(cores, by_core);
    for (unsigned i = 0; i < cores->len; i++) {
        qlist_append_obj(list, qobject_ref(g_array_index(cores, CoreReport, i).utilization));
    }
    qdict_put(report, "cores", list);
    json = qobject_to_json_pretty(QOBJECT(report), true);
    g_string_append_c(json, '\n');
    if (!g_file_set_contents(file, json->str, json->len, &err)) {
        error_report("tile-core: cannot write the utilization report: %s", err->message);
    }
    qobject_unref(report);
}

static void write_stats_files(Notifier *notifier, void *data)
{
    g_autoptr(GHashTable) files =
        g_hash_table_new_full(g_str_hash, g_str_equal, g_free,
                              (GDestroyNotify)g_array_unref);
    GHashTableIter it;
    gpointer file, cores;

    object_child_foreach_recursive(object_get_root(), collect_core, files);
    g_hash_table_iter_init(&it, files);
    while (g_hash_table_iter_next(&it, &file, &cores)) {
        write_stats_file(file, cores);
    }
}

static Notifier stats_exit_notifier = { .notify = write_stats_files };

bool tile_stats_file_register(const char *file, Error **errp)
{
    static bool registered;
    g_autoptr(GError) err = NULL;

    /* fail now, not when the run is over */
    if (!g_file_set_contents(file, "", 0, &err)) {
        error_setg(errp, "tile-core.stats: %s", err->message);
        return false;
    }
    if (!registered) {
        qemu_add_exit_notifier(&stats_exit_notifier);
        registered = true;
    }
    return true;
}
