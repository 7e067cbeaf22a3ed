/*
 * PTO Tile CPU migration state
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Every field is described one by one (no host struct goes into the
 * stream as bytes); state that is usually empty travels in a subsection
 * sent only when it holds something (the header records of an open block,
 * an interrupted template, a reservation).  What a subsection does not
 * bring is the reset value: each pre_load clears it first.
 *
 * Everything read from the stream is checked before the Core runs again
 * (post_load): counts and indexes against their arrays, enumerations
 * against their values, each recorded command word against the ISA
 * decoder, the invariants the helpers keep.  A stream that breaks one is
 * refused with one line naming it, never used.  Fields that only carry a
 * value from a helper to the rest of its own instruction (trap_cause,
 * trap_resume, trap_ring, fault_kind, blk.ext.gqm_data, fsu.fp_status)
 * are not migrated: migration happens between instructions.
 */

#include "qemu/osdep.h"
#include "qemu/error-report.h"
#include "cpu.h"
#include "migration/vmstate.h"
#include "hw/tile/tile_state.h"
#include "tile-isa.h"
#include "tile/commit.h"

static int refuse(const char *what, const char *why)
{
    error_report("PTO Core migration state: %s: %s", what, why);
    return -EINVAL;
}

/* ---- the block: header records, template progress ---- */

#define TILE_HDR_ALL    0x3ffu      /* every TILE_HDR_* bit */
#define TILE_CATR_ALL   0x3fu       /* every TILE_CATR_* bit */

/* Does the recorded 32-bit word decode as the command mnemonic? */
static bool word_is(uint32_t word, const char *mnemonic)
{
    TileIsaInsn d;

    return tile_isa_decode_word(word, 4, &d) == TILE_ISA_OK && d.length == 4 &&
           !strcmp(d.form->mnemonic, mnemonic);
}

/* A word helper_bstart_tile records: a Tile-operation BSTART. */
static bool word_is_tile_bstart(uint32_t word)
{
    static const char *const scalar[] = {
        "BSTART", "BSTART.STD", "BSTART.FP", "BSTART.SYS", "BSTART.CALL", "BSTART.ICALL",
    };
    TileIsaInsn d;

    if (tile_isa_decode_word(word, 4, &d) != TILE_ISA_OK || d.length != 4 ||
        strncmp(d.form->mnemonic, "BSTART.", 7)) {
        return false;
    }
    for (size_t i = 0; i < ARRAY_SIZE(scalar); i++) {
        if (!strcmp(d.form->mnemonic, scalar[i])) {
            return false;
        }
    }
    return !tile_insn_is_tepl(word) ||
           tile_tepl_has_semantics(extract32(word, 25, 2), extract32(word, 20, 5));
}

/*
 * The header records as helper_b_iot / _b_ios / ... leave them: at most
 * four bindings of each kind, each a B.IOT / B.IOS word with a nonzero
 * PEMode, all with one PE mask, no Shared register named twice; a record
 * only where its present bit is set; every unused slot zero.
 */
static const char *header_error(const TileBlockHeader *h)
{
    unsigned mask = 0;

    if ((h->present & ~TILE_HDR_ALL) || (h->catr & ~TILE_CATR_ALL)) {
        return "unknown header record bits";
    }
    if (h->n_iot > TILE_BLK_MAX_IOT || h->n_ios > TILE_BLK_MAX_IOS) {
        return "more bindings than a block header holds";
    }
    for (unsigned i = 0; i < TILE_BLK_MAX_IOT + TILE_BLK_MAX_IOS; i++) {
        bool local = i < TILE_BLK_MAX_IOT;
        unsigned k = local ? i : i - TILE_BLK_MAX_IOT;
        uint32_t w = local ? h->iot[k] : h->ios[k];
        unsigned pemode = extract32(w, 9, 3);

        if (k >= (local ? h->n_iot : h->n_ios)) {
            if (w) {
                return "a binding record beyond the count";
            }
            continue;
        }
        if (!word_is(w, local ? "B.IOT" : "B.IOS") || !pemode) {
            return "a binding record that is no B.IOT / B.IOS";
        }
        if (mask && mask != tile_pe_mask_of_mode(pemode)) {
            return "bindings with different PE masks";
        }
        mask = tile_pe_mask_of_mode(pemode);
        for (unsigned j = 0; !local && j < k; j++) {
            if (extract32(h->ios[j], 20, 6) == extract32(w, 20, 6)) {
                return "a Shared register bound twice";
            }
        }
    }
    if ((h->present & TILE_HDR_DATR) ? !word_is(h->datr, "B.DATR") : h->datr != 0) {
        return "the B.DATR record";
    }
    if ((h->present & TILE_HDR_FPATR) ? !word_is(h->fpatr, "B.FPATR") : h->fpatr != 0) {
        return "the B.FPATR record";
    }
    if ((h->present & TILE_HDR_HINT) ? !word_is(h->hint, "B.HINT") : h->hint != 0) {
        return "the B.HINT record";
    }
    if (!(h->present & TILE_HDR_CATR) && h->catr) {
        return "a B.CATR record without B.CATR";
    }
    for (unsigned i = 0; i < ARRAY_SIZE(h->ior); i++) {
        if ((h->present & TILE_HDR_IOR) ? h->ior[i] >= TILE_NUM_GPRS : h->ior[i] != 0) {
            return "the B.IOR record";
        }
    }
    for (unsigned i = 0; i < ARRAY_SIZE(h->dim); i++) {
        if (!(h->present & (TILE_HDR_DIM0 << i)) && h->dim[i]) {
            return "a B.DIM record without B.DIM";
        }
    }
    return NULL;
}

static bool range_wraps(uint64_t addr, uint64_t len)
{
    return len && addr + len < addr;
}

/* Template progress as helper_mcopy / helper_frame keep it. */
static const char *template_error(const TileTemplateState *t)
{
    if (t->mc_active > 1 || t->fr_active > 1) {
        return "a template's active flag";
    }
    if (t->mc_active &&
        (t->mc_progress > t->mc_len || range_wraps(t->mc_dst, t->mc_len) ||
         range_wraps(t->mc_src, t->mc_len) ||
         (t->mc_len && t->mc_dst < t->mc_src + t->mc_len &&
          t->mc_src < t->mc_dst + t->mc_len))) {
        return "MCOPY progress or operands";
    }
    if (t->fr_active) {
        if (t->fr_kind > TILE_FRAME_RET_STK ||
            t->fr_begin < TILE_FRAME_FIRST_REG || t->fr_begin > TILE_FRAME_LAST_REG ||
            t->fr_end < TILE_FRAME_FIRST_REG || t->fr_end > TILE_FRAME_LAST_REG ||
            (t->fr_kind == TILE_FRAME_RET_STK && t->fr_begin != 10)) {
            return "a frame template's kind or register range";
        }
        if (t->fr_count != tile_frame_count(t->fr_begin, t->fr_end) ||
            t->fr_progress > t->fr_count || t->fr_sp_done > 1 || t->fr_ret_valid > 1 ||
            (t->fr_size & 7) || t->fr_size < (uint64_t)t->fr_count * 8) {
            return "a frame template's progress or size";
        }
    }
    return NULL;
}

static int tile_block_pre_load(void *opaque)
{
    TileBlockState *b = opaque;

    memset(&b->ext, 0, sizeof(b->ext));
    return 0;
}

static int tile_block_post_load(void *opaque, int version_id)
{
    TileBlockState *b = opaque;
    const char *why;

    if (b->phase > TILE_BLOCK_BODY || b->btype > TILE_BTYPE_TILE || b->kind > 7 ||
        b->cond > 1 || b->setc_done > 1 || b->setc_tgt_done > 1) {
        return refuse("block", "phase, type, transfer or condition out of range");
    }
    why = header_error(&b->ext.hdr);
    if (!why) {
        why = template_error(&b->ext.tpl);
    }
    if (!why && b->ext.tile_op && !word_is_tile_bstart(b->ext.tile_op)) {
        why = "the Tile operation is no Tile BSTART";
    }
    return why ? refuse("block", why) : 0;
}

static bool block_header_needed(void *opaque)
{
    const TileBlockHeader *h = &((TileBlockState *)opaque)->ext.hdr;

    return h->present || h->n_iot || h->n_ios;
}

static const VMStateDescription vmstate_tile_block_header = {
    .name = "cpu/block/header",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = block_header_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(ext.hdr.present, TileBlockState),
        VMSTATE_UINT32(ext.hdr.catr, TileBlockState),
        VMSTATE_UINT32(ext.hdr.datr, TileBlockState),
        VMSTATE_UINT32(ext.hdr.fpatr, TileBlockState),
        VMSTATE_UINT32(ext.hdr.hint, TileBlockState),
        VMSTATE_UINT32(ext.hdr.n_iot, TileBlockState),
        VMSTATE_UINT32(ext.hdr.n_ios, TileBlockState),
        VMSTATE_UINT32_ARRAY(ext.hdr.ior, TileBlockState, 4),
        VMSTATE_UINT32_ARRAY(ext.hdr.iot, TileBlockState, TILE_BLK_MAX_IOT),
        VMSTATE_UINT32_ARRAY(ext.hdr.ios, TileBlockState, TILE_BLK_MAX_IOS),
        VMSTATE_UINT64_ARRAY(ext.hdr.dim, TileBlockState, 3),
        VMSTATE_END_OF_LIST()
    }
};

static bool block_tile_op_needed(void *opaque)
{
    return ((TileBlockState *)opaque)->ext.tile_op != 0;
}

static const VMStateDescription vmstate_tile_block_tile_op = {
    .name = "cpu/block/tile-op",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = block_tile_op_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(ext.tile_op, TileBlockState),
        VMSTATE_END_OF_LIST()
    }
};

/* An MCOPY in progress (interrupted at a step boundary, or faulted). */
static bool block_mcopy_needed(void *opaque)
{
    return ((TileBlockState *)opaque)->ext.tpl.mc_active;
}

static const VMStateDescription vmstate_tile_block_mcopy = {
    .name = "cpu/block/mcopy",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = block_mcopy_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(ext.tpl.mc_active, TileBlockState),
        VMSTATE_UINT64(ext.tpl.mc_pc, TileBlockState),
        VMSTATE_UINT64(ext.tpl.mc_dst, TileBlockState),
        VMSTATE_UINT64(ext.tpl.mc_src, TileBlockState),
        VMSTATE_UINT64(ext.tpl.mc_len, TileBlockState),
        VMSTATE_UINT64(ext.tpl.mc_progress, TileBlockState),
        VMSTATE_END_OF_LIST()
    }
};

/* A frame template (FENTRY, FEXIT, FRET.*) interrupted by a fault. */
static bool block_frame_needed(void *opaque)
{
    return ((TileBlockState *)opaque)->ext.tpl.fr_active;
}

static const VMStateDescription vmstate_tile_block_frame = {
    .name = "cpu/block/frame",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = block_frame_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(ext.tpl.fr_active, TileBlockState),
        VMSTATE_UINT64(ext.tpl.fr_pc, TileBlockState),
        VMSTATE_UINT64(ext.tpl.fr_size, TileBlockState),
        VMSTATE_UINT64(ext.tpl.fr_caller_sp, TileBlockState),
        VMSTATE_UINT64(ext.tpl.fr_ret, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_kind, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_begin, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_end, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_count, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_progress, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_sp_done, TileBlockState),
        VMSTATE_UINT32(ext.tpl.fr_ret_valid, TileBlockState),
        VMSTATE_UINT64_ARRAY(ext.tpl.fr_src, TileBlockState, TILE_FRAME_MAX_REGS),
        VMSTATE_END_OF_LIST()
    }
};

/* The frame depth and the last memory command: kept across blocks. */
static bool block_records_needed(void *opaque)
{
    const TileTemplateState *t = &((TileBlockState *)opaque)->ext.tpl;

    return t->fr_depth || t->last_addr || t->last_size;
}

static const VMStateDescription vmstate_tile_block_records = {
    .name = "cpu/block/records",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = block_records_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(ext.tpl.fr_depth, TileBlockState),
        VMSTATE_UINT64(ext.tpl.last_addr, TileBlockState),
        VMSTATE_UINT64(ext.tpl.last_size, TileBlockState),
        VMSTATE_END_OF_LIST()
    }
};

/*
 * The block state (BARG and the block engine's records).  A new field of
 * TileBlockState goes into the field list (a new version) or, when it is
 * usually empty, into a subsection of its own; its check into
 * tile_block_post_load().
 */
static const VMStateDescription vmstate_tile_block = {
    .name = "cpu/block",
    .version_id = 3,
    .minimum_version_id = 3,
    .pre_load = tile_block_pre_load,
    .post_load = tile_block_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(bpc_cur, TileBlockState),
        VMSTATE_UINT64(bpc_tgt, TileBlockState),
        VMSTATE_UINT64(ret_addr, TileBlockState),
        VMSTATE_UINT32(phase, TileBlockState),
        VMSTATE_UINT32(btype, TileBlockState),
        VMSTATE_UINT32(kind, TileBlockState),
        VMSTATE_UINT32(cond, TileBlockState),
        VMSTATE_UINT32(setc_done, TileBlockState),
        VMSTATE_UINT32(setc_tgt_done, TileBlockState),
        VMSTATE_UINT64(commit_arg, TileBlockState),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tile_block_header,
        &vmstate_tile_block_tile_op,
        &vmstate_tile_block_mcopy,
        &vmstate_tile_block_frame,
        &vmstate_tile_block_records,
        NULL
    }
};

/* ---- the reservation monitor ---- */

static int tile_amo_post_load(void *opaque, int version_id)
{
    TileCPU *cpu = opaque;
    const TileAmoState *m = &cpu->env.amo;

    if (m->resv_valid > 1 || m->resv_line_ok > 1 ||
        (m->resv_size > 2 && m->resv_size != 4 && m->resv_size != 8)) {
        return refuse("reservation", "flag or size out of range");
    }
    return 0;
}

static bool tile_amo_needed(void *opaque)
{
    return ((TileCPU *)opaque)->env.amo.resv_valid;
}

static const VMStateDescription vmstate_tile_amo = {
    .name = "cpu/amo",
    .version_id = 2,
    .minimum_version_id = 2,
    .needed = tile_amo_needed,
    .post_load = tile_amo_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(env.amo.resv_addr, TileCPU),
        VMSTATE_UINT64(env.amo.resv_value, TileCPU),
        VMSTATE_UINT32(env.amo.resv_valid, TileCPU),
        VMSTATE_UINT32(env.amo.resv_size, TileCPU),
        VMSTATE_UINT32(env.amo.resv_line_ok, TileCPU),
        VMSTATE_UINT64_ARRAY(env.amo.resv_line, TileCPU, TILE_RESV_GRANULE / 8),
        VMSTATE_END_OF_LIST()
    }
};

/* ---- the trap snapshots and the Core ---- */

static bool queue_valid_ok(uint32_t valid)
{
    return valid < (1u << TILE_QUEUE_DEPTH);
}

static int tile_snapshot_post_load(void *opaque, int version_id)
{
    const TileTrapSnapshot *s = opaque;

    if (s->valid > 1 || !queue_valid_ok(s->tq_valid) || !queue_valid_ok(s->uq_valid)) {
        return refuse("trap snapshot", "flag or queue validity out of range");
    }
    return 0;
}

static const VMStateDescription vmstate_tile_snapshot = {
    .name = "cpu/trap-snapshot",
    .version_id = 2,
    .minimum_version_id = 2,
    .post_load = tile_snapshot_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT(blk, TileTrapSnapshot, 0, vmstate_tile_block, TileBlockState),
        VMSTATE_UINT32(tq_valid, TileTrapSnapshot),
        VMSTATE_UINT32(uq_valid, TileTrapSnapshot),
        VMSTATE_UINT32(valid, TileTrapSnapshot),
        VMSTATE_END_OF_LIST()
    }
};

/* The levels of the external interrupt lines (only when one is high). */
static bool tile_ext_lines_needed(void *opaque)
{
    TileCPU *cpu = opaque;

    return cpu->env.ext_lines != 0;
}

static const VMStateDescription vmstate_tile_ext_lines = {
    .name = "cpu/ext_lines",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = tile_ext_lines_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(env.ext_lines, TileCPU),
        VMSTATE_END_OF_LIST()
    }
};

static int tile_cpu_pre_load(void *opaque)
{
    TileCPU *cpu = opaque;

    memset(&cpu->env.amo, 0, sizeof(cpu->env.amo));
    cpu->env.ext_lines = 0;
    return 0;
}

static int tile_cpu_post_load(void *opaque, int version_id)
{
    TileCPU *cpu = opaque;
    CPUTileState *env = &cpu->env;

    for (int pe = 0; pe < TILE_NUM_PES; pe++) {
        if (env->gpr[pe][0]) {
            return refuse("registers", "R0 is not zero");
        }
    }
    if (env->acr >= TILE_NUM_ACRS || (env->core_state & 0xf) != env->acr) {
        return refuse("ring", "ACR out of range or not CORE_STATE[3:0]");
    }
    if (!queue_valid_ok(env->tq_valid) || !queue_valid_ok(env->uq_valid)) {
        return refuse("T/U queues", "validity out of range");
    }
    if (env->fsu.flags > 0x1f || env->fsu.rmode > 7) {
        return refuse("FSU status", "flags or rounding mode out of range");
    }
    if (env->fault_len > 8 || (env->fault_len & 1)) {
        return refuse("fault report", "instruction length out of range");
    }
    return 0;
}

const VMStateDescription vmstate_tile_cpu = {
    .name = "cpu",
    .version_id = 2,
    .minimum_version_id = 2,
    .pre_load = tile_cpu_pre_load,
    .post_load = tile_cpu_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64_2DARRAY(env.gpr, TileCPU, TILE_NUM_PES,
                               TILE_NUM_GPRS),
        VMSTATE_UINT64(env.pc, TileCPU),
        VMSTATE_UINT64(env.bpc, TileCPU),
        VMSTATE_STRUCT(env.blk, TileCPU, 0, vmstate_tile_block,
                       TileBlockState),
        VMSTATE_UINT64_ARRAY(env.tq, TileCPU, TILE_QUEUE_DEPTH),
        VMSTATE_UINT64_ARRAY(env.uq, TileCPU, TILE_QUEUE_DEPTH),
        VMSTATE_UINT32(env.tq_valid, TileCPU),
        VMSTATE_UINT32(env.uq_valid, TileCPU),
        VMSTATE_UINT32(env.acr, TileCPU),
        VMSTATE_UINT64(env.thread_ptr, TileCPU),
        VMSTATE_UINT64(env.global_ptr, TileCPU),
        VMSTATE_UINT64(env.core_state, TileCPU),
        VMSTATE_UINT64(env.core_feature_enable, TileCPU),
        VMSTATE_UINT32(env.fsu.flags, TileCPU),
        VMSTATE_UINT32(env.fsu.rmode, TileCPU),
        VMSTATE_UINT64_2DARRAY(env.sr_ctx, TileCPU, TILE_NUM_ACRS,
                               TILE_SR_CTX_SLOTS),
        VMSTATE_UINT64_ARRAY(env.ipending, TileCPU, TILE_NUM_ACRS),
        VMSTATE_STRUCT_ARRAY(env.snap, TileCPU, TILE_NUM_ACRS, 0,
                             vmstate_tile_snapshot, TileTrapSnapshot),
        VMSTATE_UINT64(env.fault_insn, TileCPU),
        VMSTATE_UINT64(env.trap_arg, TileCPU),
        VMSTATE_UINT32(env.fault_len, TileCPU),
        VMSTATE_TIMER_PTR(timer, TileCPU),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_tile_amo,
        &vmstate_tile_ext_lines,
        NULL
    }
};
