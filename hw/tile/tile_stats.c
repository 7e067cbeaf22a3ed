/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The utilization counters of one Core (see include/hw/tile/tile_state.h
 * and docs/tile-core.md).  Plain C11; the names of the forms come from the
 * ISA library, so the report names operations as the ISA tables do.
 */
#include "hw/tile/tile_state.h"

#include <stddef.h>
#include <string.h>

#include "tile-isa.h"

void tile_stats_reset(TileStats *s)
{
    memset(s, 0, sizeof(*s));
}

void tile_stats_record_op(TileStats *s, const TileOpWork *w, const TileCapacity *cap)
{
    if (w->form >= TILE_STATS_FORMS) {
        return;
    }
    s->ops[w->form]++;
    for (unsigned pe = 0; pe < TILE_POOL_PES; pe++) {
        TileStatsPE *p = &s->pe[pe];

        if (w->mask & (1u << pe)) {
            p->ops[w->form]++;
            p->macs += w->macs[pe];
            p->elements += w->elements[pe];
            p->bytes_to_tile += w->bytes_to_tile[pe];
            p->bytes_to_memory += w->bytes_to_memory[pe];
        }
        if (cap->local_used[pe] > p->local_peak) {
            p->local_peak = cap->local_used[pe];
        }
    }
    if (cap->shared_used > s->shared_peak) {
        s->shared_peak = cap->shared_used;
    }
}

void tile_stats_record_fault(TileStats *s, TileStatsFault kind)
{
    if ((unsigned)kind < TILE_STATS_FAULTS) {
        s->faults[kind]++;
    }
}

/* The tile-ops.isa operation of a TLSU or CUBE function code. */
static const TileIsaTileOp *bstart_op(const char *engine, unsigned function)
{
    for (unsigned i = 0; i < tile_isa_tile_op_count; i++) {
        const TileIsaTileOp *t = &tile_isa_tile_ops[i];

        if (!strcmp(t->engine, engine) && t->mode < 0 && t->function == (int)function) {
            return t;
        }
    }
    return NULL;
}

/* A TLSU encoding variant (TMOV.L2S.INSERT, TSTORE.SPART, ...): its
 * command form, BSTART.NAME. */
static const char *tlsu_variant(unsigned function)
{
    static const char prefix[] = "BSTART.";

    for (unsigned i = 0; i < tile_isa_form_count; i++) {
        const TileIsaForm *f = &tile_isa_forms[i];

        if (f->variant_function == (int)function &&
            !strncmp(f->mnemonic, prefix, sizeof(prefix) - 1)) {
            return f->mnemonic + sizeof(prefix) - 1;
        }
    }
    return NULL;
}

const char *tile_stats_form_name(unsigned form, const char **engine)
{
    const TileIsaTileOp *t = NULL;

    if (form < TILE_STATS_FORM_TLSU) {
        t = tile_isa_tepl_op(form >> 5, form & 31);
    } else if (form < TILE_STATS_FORM_CUBE) {
        t = bstart_op("TLSU", form - TILE_STATS_FORM_TLSU);
        if (!t) {
            *engine = "TLSU";
            return tlsu_variant(form - TILE_STATS_FORM_TLSU);
        }
    } else if (form < TILE_STATS_FORMS) {
        t = bstart_op("CUBE", form - TILE_STATS_FORM_CUBE);
    }
    if (!t) {
        return NULL;
    }
    *engine = t->engine;
    return t->name;
}

const char *tile_stats_fault_name(TileStatsFault kind)
{
    static const char *const names[TILE_STATS_FAULTS] = {
        [TILE_STATS_FAULT_LEGALITY] = "TileLegality",
        [TILE_STATS_FAULT_ALLOCATION] = "TileAllocation",
        [TILE_STATS_FAULT_BUNDLE] = "BundleControl",
        [TILE_STATS_FAULT_POST_COMMIT] = "BundlePostCommit",
        [TILE_STATS_FAULT_DATA_ALIGN] = "DataAlignment",
        [TILE_STATS_FAULT_DATA_PAGE] = "DataPage",
    };

    return (unsigned)kind < TILE_STATS_FAULTS ? names[kind] : "?";
}
