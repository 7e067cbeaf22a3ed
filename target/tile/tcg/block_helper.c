/*
 * PTO Tile block engine helpers: BSTART/BSTOP, header commands, templates
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The block argument (BARG: BPC, transfer type, target BPCN, TAKEN) lives
 * in env->blk; the header records and the template progress in
 * env->blk.ext (TileBlockExt, cpu.h).  A block ends through
 * tile_block_commit() (tile/commit.c), the one commit path.  Spec units:
 * PTO-BLOCK-MODEL-DISPATCH-START, -DISPATCH-COMMANDS, PTO-BLOCK-MODEL-
 * LIFECYCLE-BEGIN / -LIFETIME.
 * docs/design.md decisions 2 (the first non-header instruction starts the body)
 * and 3 (a taken block ended by the next BSTART continues at its target).
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/cpu_ldst.h"
#include "exec/helper-proto.h"
#include "exec/memory.h"
#include "tile/op.h"
#include "tile/commit.h"

/* Install a new block at pc (BeginBundleAt); returns the sequential PC. */
static uint64_t block_begin(CPUTileState *env, uint64_t pc, uint32_t len,
                            uint32_t btype, uint32_t kind, uint64_t target,
                            uint64_t ret_target)
{
    env->blk.phase = TILE_BLOCK_HEADER;
    env->blk.btype = btype;
    env->blk.setc_done = 0;
    env->blk.setc_tgt_done = 0;
    memset(&env->blk.ext.hdr, 0, sizeof(env->blk.ext.hdr));
    if (btype == TILE_BTYPE_SYS) {
        /* a SYS block has no candidate continuation */
        env->blk.kind = TILE_XFER_FALL;
        env->blk.cond = 0;
        env->blk.bpc_tgt = 0;
    } else {
        env->blk.kind = kind;
        env->blk.cond = kind != TILE_XFER_COND;
        env->blk.bpc_tgt = target;
    }
    env->blk.bpc_cur = pc;
    env->bpc = pc;
    if (kind == TILE_XFER_CALL || kind == TILE_XFER_ICALL) {
        env->blk.ret_addr = ret_target;
        env->gpr[0][10] = ret_target;
    }
    return pc + len;
}

/* Can a BSTART IND / ICALL read the retiring block's BPCN? */
static bool retiring_bpcn_available(CPUTileState *env)
{
    return env->blk.phase != TILE_BLOCK_NONE &&
           (env->blk.btype == TILE_BTYPE_STD || env->blk.btype == TILE_BTYPE_FP);
}

/*
 * BSTART at pc (len bytes): kind_type = transfer | block type << 8.
 * target is the decoded DIRECT/COND/CALL target, ret_target the CALL/ICALL
 * return target.  Returns the address execution continues at.
 */
uint64_t helper_bstart(CPUTileState *env, uint64_t pc, uint32_t len,
                       uint32_t kind_type, uint64_t target, uint64_t ret_target)
{
    uint32_t kind = kind_type & 0xff, btype = kind_type >> 8;
    uintptr_t ra = GETPC();
    bool active = env->blk.phase != TILE_BLOCK_NONE;

    switch (kind) {
    case TILE_XFER_FALL:
        target = pc + len;
        break;
    case TILE_XFER_RET:
        target = env->blk.ret_addr;
        break;
    case TILE_XFER_IND:
    case TILE_XFER_ICALL:
        /* the BPCN (from BSTART or SETC.TGT) of the block this retires */
        if (!retiring_bpcn_available(env)) {
            tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
        }
        target = env->blk.bpc_tgt;
        break;
    }
    /* an odd target faults before the retiring block is touched */
    if (btype != TILE_BTYPE_SYS && (target & 1)) {
        tile_raise_exception(env, EXCP_INST_PC_FAULT, target, ra);
    }
    if (active) {
        bool taken = tile_block_selects_target(env);
        uint64_t next = tile_block_commit(env, pc, pc, ra);
        if (taken) {
            return next;        /* decision 3: this BSTART opens nothing */
        }
    }
    return block_begin(env, pc, len, btype, kind, target, ret_target);
}

/*
 * A Tile-operation BSTART (BSTART.TLOAD etc., insn the whole word): a FALL
 * block whose operation runs when the block commits.
 */
uint64_t helper_bstart_tile(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    uint64_t next = helper_bstart(env, pc, 4, TILE_XFER_FALL | (TILE_BTYPE_TILE << 8),
                                  pc + 4, 0);

    if (env->blk.phase == TILE_BLOCK_HEADER && env->blk.bpc_cur == pc) {
        env->blk.ext.tile_op = insn;
    }
    return next;
}

/* BSTOP / C.BSTOP / L.BSTOP at pc, len bytes long. */
uint64_t helper_bstop(CPUTileState *env, uint64_t pc, uint32_t len)
{
    uintptr_t ra = GETPC();

    if (env->blk.phase == TILE_BLOCK_NONE) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
    return tile_block_commit(env, pc, pc + len, ra);
}

/*
 * SETC placement: only in the body of an active COND block, and only one
 * condition setter per block (Fault_BundleControl otherwise), checked
 * before any operand is read.
 */
void helper_setc_check(CPUTileState *env, uint64_t pc)
{
    if (env->blk.phase != TILE_BLOCK_BODY || env->blk.kind != TILE_XFER_COND ||
        env->blk.setc_done) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
    }
}

void helper_setc_set(CPUTileState *env, uint64_t cond)
{
    env->blk.commit_arg = cond != 0;
    env->blk.cond = cond != 0;
    env->blk.setc_done = 1;
}


/* ---- Header commands (PTO-BLOCK-MODEL-DISPATCH-COMMANDS) ---- */

static bool in_header(CPUTileState *env)
{
    return env->blk.phase == TILE_BLOCK_HEADER;
}

static void header_check(CPUTileState *env, uint64_t pc, uint32_t dup_bit,
                         uintptr_t ra)
{
    if (!in_header(env) || (env->blk.ext.hdr.present & dup_bit)) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
}

static bool raw_bit(uint32_t insn, int bit)
{
    return (insn >> bit) & 1;
}

/* B.CATR: trap[19] atom[17] aq[16] rl[15] far[18] DR[26]; once per block */
void helper_b_catr(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    TileBlockHeader *h = &env->blk.ext.hdr;

    header_check(env, pc, TILE_HDR_CATR, GETPC());
    h->present |= TILE_HDR_CATR;
    h->catr = (raw_bit(insn, 19) ? TILE_CATR_TRAP : 0) |
              (raw_bit(insn, 17) ? TILE_CATR_ATOM : 0) |
              (raw_bit(insn, 16) ? TILE_CATR_AQ : 0) |
              (raw_bit(insn, 15) ? TILE_CATR_RL : 0) |
              (raw_bit(insn, 18) ? TILE_CATR_FAR : 0) |
              (raw_bit(insn, 26) ? TILE_CATR_DR : 0);
}

/* B.DATR: once per block (the catalog already rejects illegal codes) */
void helper_b_datr(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    header_check(env, pc, TILE_HDR_DATR, GETPC());
    env->blk.ext.hdr.present |= TILE_HDR_DATR;
    env->blk.ext.hdr.datr = insn;
}

/*
 * B.FPATR: once, in the header of a Matrix (CUBE) block, before any B.IOR
 * or (non-empty) tile binding (Fault_BundleControl); its enables must
 * agree (Fault_TileLegality: RowMaxInit needs RowMaxEn, GroupMaxEn goes
 * with a GroupN, MaxAbsEn needs a reduction).  PTO-BLOCK-B-FPATR.
 */
void helper_b_fpatr(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    TileBlockHeader *h = &env->blk.ext.hdr;
    bool max_abs = raw_bit(insn, 15), row_init = raw_bit(insn, 16);
    bool group = raw_bit(insn, 17), row = raw_bit(insn, 18);

    header_check(env, pc, TILE_HDR_FPATR, GETPC());
    if ((h->present & TILE_HDR_IOR) || h->n_iot || h->n_ios ||
        env->blk.btype != TILE_BTYPE_TILE || extract32(env->blk.ext.tile_op, 16, 4) != 3) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, GETPC());
    }
    if ((row_init && !row) || group != (extract32(insn, 19, 4) != 0) ||
        (max_abs && !row && !group)) {
        tile_engine_fault(env, TILE_FAULT_LEGALITY, pc, GETPC(), "B.FPATR enables disagree");
    }
    h->present |= TILE_HDR_FPATR;
    h->fpatr = insn;
}

/* B.DIM / C.B.DIMI: LB<idx> = value, each LB at most once per block */
void helper_b_dim(CPUTileState *env, uint64_t pc, uint32_t idx, uint64_t value)
{
    header_check(env, pc, TILE_HDR_DIM0 << idx, GETPC());
    env->blk.ext.hdr.present |= TILE_HDR_DIM0 << idx;
    env->blk.ext.hdr.dim[idx] = value;
}

/* B.IOR: the one scalar binding of the block */
void helper_b_ior(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    TileBlockHeader *h = &env->blk.ext.hdr;

    header_check(env, pc, TILE_HDR_IOR, GETPC());
    h->present |= TILE_HDR_IOR;
    h->ior[0] = extract32(insn, 7, 5);
    h->ior[1] = extract32(insn, 15, 5);
    h->ior[2] = extract32(insn, 20, 5);
    h->ior[3] = extract32(insn, 27, 5);
}

/* The PE mask every binding of the block must share (0: none yet). */
static unsigned header_binding_mask(const TileBlockHeader *h)
{
    if (h->n_iot) {
        return tile_pe_mask_of_mode(extract32(h->iot[0], 9, 3));
    }
    if (h->n_ios) {
        return tile_pe_mask_of_mode(extract32(h->ios[0], 9, 3));
    }
    return 0;
}

/*
 * B.IOT (has_dst: the form names a destination tile).  A SizeCode
 * outside 1..10 is no B.IOT to the decoder (isa/command.isa), so
 * Fault_IllegalInstruction before any of this.  PEMode 000 is a strict
 * no-op anywhere, then
 * placement (Fault_BundleControl): the header of an active block whose
 * binding sequence is not closed by an earlier L=1.  Then the common mask
 * with every earlier binding, Local or Shared, and the limit of four
 * effective B.IOT (Fault_TileLegality; PTO-BLOCK-B-IOT, and
 * docs/implementation-defined.md for the B.IOS side of the mask rule).
 * The binding is recorded raw; the commit resolves it.
 */
void helper_b_iot(CPUTileState *env, uint64_t pc, uint32_t insn, uint32_t has_dst)
{
    TileBlockHeader *h = &env->blk.ext.hdr;
    uint32_t pemode = extract32(insn, 9, 3);
    unsigned common = header_binding_mask(h);
    uintptr_t ra = GETPC();

    if (pemode == 0) {
        if (in_header(env)) {
            h->present |= TILE_HDR_ZERO_PART;
        }
        return;
    }
    if (!in_header(env) || (h->present & TILE_HDR_IOT_CLOSED)) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
    if ((common && common != tile_pe_mask_of_mode(pemode)) || h->n_iot >= TILE_BLK_MAX_IOT) {
        tile_engine_fault(env, TILE_FAULT_LEGALITY, pc, ra, "B.IOT mask or limit");
    }
    /* TMOV.L2S.INSERT / .PUBLISH (TLSU functions 9, 10) take no Local result */
    if (has_dst && env->blk.btype == TILE_BTYPE_TILE &&
        extract32(env->blk.ext.tile_op, 16, 4) == 1 && !tile_insn_is_tepl(env->blk.ext.tile_op) &&
        (extract32(env->blk.ext.tile_op, 20, 5) == 9 ||
         extract32(env->blk.ext.tile_op, 20, 5) == 10)) {
        tile_engine_fault(env, TILE_FAULT_LEGALITY, pc, ra, "Local destination in TMOV.L2S");
    }
    h->iot[h->n_iot++] = insn;
    if (raw_bit(insn, 19)) {
        h->present |= TILE_HDR_IOT_CLOSED;
    }
}

/*
 * B.IOS: a SizeCode above 12 and the reserved bits [27:26] are decode
 * checks (ADR 0097, isa/command.isa), made before this helper runs;
 * PEMode 000 a strict no-op; then placement
 * (Fault_BundleControl), the common mask (Fault_TileLegality), a
 * duplicate SharedTileID or a fifth binding (Fault_BundleControl).
 */
void helper_b_ios(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    TileBlockHeader *h = &env->blk.ext.hdr;
    uint32_t pemode = extract32(insn, 9, 3);
    unsigned common = header_binding_mask(h);
    uintptr_t ra = GETPC();

    if (pemode == 0) {
        if (in_header(env)) {
            h->present |= TILE_HDR_ZERO_PART;
        }
        return;
    }
    if (!in_header(env)) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
    if (common && common != tile_pe_mask_of_mode(pemode)) {
        tile_engine_fault(env, TILE_FAULT_LEGALITY, pc, ra, "B.IOS mask");
    }
    for (uint32_t i = 0; i < h->n_ios; i++) {
        if (extract32(h->ios[i], 20, 6) == extract32(insn, 20, 6)) {
            tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
        }
    }
    if (h->n_ios >= TILE_BLK_MAX_IOS) {
        tile_raise_exception(env, EXCP_BUNDLE_TRAP, pc, ra);
    }
    h->ios[h->n_ios++] = insn;
}

/* B.HINT (branch form): a header command, once per block, no effect */
void helper_b_hint(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    header_check(env, pc, TILE_HDR_HINT, GETPC());
    env->blk.ext.hdr.present |= TILE_HDR_HINT;
    env->blk.ext.hdr.hint = insn;
}

/*
 * B.HINT TRACE: a block boundary.  It commits the active block (continuing
 * at its target if it selects one, as a BSTART would: decision 3) and
 * opens a STD FALL block whose hint is this TRACE word.
 */
uint64_t helper_b_hint_trace(CPUTileState *env, uint64_t pc, uint32_t insn)
{
    uintptr_t ra = GETPC();
    uint64_t next;

    if (env->blk.phase != TILE_BLOCK_NONE) {
        bool taken = tile_block_selects_target(env);
        uint64_t cont = tile_block_commit(env, pc, pc, ra);
        if (taken) {
            return cont;
        }
    }
    next = block_begin(env, pc, 4, TILE_BTYPE_STD, TILE_XFER_FALL, pc + 4, 0);
    env->blk.ext.hdr.present |= TILE_HDR_HINT;
    env->blk.ext.hdr.hint = insn;
    return next;
}

/* ---- Memory probes for the templates ---- */

static int mmu_idx(CPUTileState *env)
{
    return 0;
}

/*
 * Probe [addr, addr + size) before any effect of a memory step: alignment
 * (Fault_DataAlignment), then that memory or a device answers there
 * (Fault_DataPage); TRAPARG0 = addr.  Translation is the identity.
 */
static void probe_data(CPUTileState *env, uint64_t addr, int size, int align,
                       bool write, uintptr_t ra)
{
    CPUState *cs = env_cpu(env);

    if (align > 1 && (addr & (align - 1))) {
        tile_raise_exception(env, EXCP_DATA_ALIGN_FAULT, addr, ra);
    }
    if (!address_space_access_valid(cs->as, addr, size, write,
                                    MEMTXATTRS_UNSPECIFIED) ||
        !tile_data_access_permitted(env, addr, size)) {
        tile_raise_exception(env, EXCP_DATA_PAGE_FAULT, addr, ra);
    }
}

/* A write overlapping the reservation granule invalidates it. */
static void store_invalidates(CPUTileState *env, uint64_t addr, uint64_t size)
{
    uint64_t g = env->amo.resv_addr & ~63ull;

    if (env->amo.resv_valid && size && addr < g + 64 && g < addr + size) {
        env->amo.resv_valid = 0;
    }
}

/* ---- MCOPY, MSET (PTO-BLOCK-MODEL-COMMIT-EFFECTS) ---- */

static bool range_wraps(uint64_t addr, uint64_t len)
{
    return len != 0 && addr + len < addr;
}

/*
 * MCOPY [dst, src, len]: a restartable template.  The accepted start
 * snapshots the operands; each step (8, 4, 2 or 1 bytes, forward) probes
 * source then destination, then copies and advances the progress, all at
 * one restart boundary.  A fault leaves the template active, so running
 * the same MCOPY again (ACRE to EBARG_TPC) resumes at the first byte not
 * copied, without reading the GPRs again.
 *
 * A long copy leaves to the main loop at a step boundary whenever it is
 * asked to (an interrupt, a vCPU kick, the monitor or the debugger
 * stopping the machine), as s390x's MVCL does: the template stays active
 * and the TB restarts at this MCOPY, which resumes from its progress.  An
 * interrupt may so be taken between two steps of an MCOPY outside a
 * block; the trap snapshot keeps the progress and ACRE resumes it
 * (docs/implementation-defined.md).
 */
void helper_mcopy(CPUTileState *env, uint64_t pc, uint64_t dst, uint64_t src,
                  uint64_t len)
{
    TileTemplateState *t = &env->blk.ext.tpl;
    CPUState *cs = env_cpu(env);
    uintptr_t ra = GETPC();

    if (!t->mc_active) {
        if (range_wraps(dst, len) || range_wraps(src, len) ||
            (len && dst < src + len && src < dst + len)) {
            tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
        }
        t->mc_active = 1;
        t->mc_pc = pc;
        t->mc_dst = dst;
        t->mc_src = src;
        t->mc_len = len;
        t->mc_progress = 0;
    }
    if (t->mc_pc != pc) {
        /* another MCOPY while one is still in progress */
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
    }
    while (t->mc_progress != t->mc_len) {
        uint64_t rem = t->mc_len - t->mc_progress;
        int step = rem >= 8 ? 8 : rem >= 4 ? 4 : rem >= 2 ? 2 : 1;
        uint64_t s = t->mc_src + t->mc_progress, d = t->mc_dst + t->mc_progress;
        uint8_t buf[8];

        probe_data(env, s, step, 1, false, ra);
        probe_data(env, d, step, 1, true, ra);
        for (int i = 0; i < step; i++) {
            buf[i] = cpu_ldub_mmuidx_ra(env, s + i, mmu_idx(env), ra);
        }
        for (int i = 0; i < step; i++) {
            cpu_stb_mmuidx_ra(env, d + i, buf[i], mmu_idx(env), ra);
        }
        store_invalidates(env, d, step);
        t->mc_progress += step;
        if (t->mc_progress != t->mc_len && cpu_loop_exit_requested(cs)) {
            cpu_loop_exit_restore(cs, ra);
        }
    }
    t->last_addr = t->mc_dst;
    t->last_size = t->mc_len;
    t->mc_active = 0;
}

/*
 * MSET [dst, value, len]: len <= 63 (Fault_IllegalInstruction otherwise);
 * the whole destination is probed before the first store, then every byte
 * gets value[7:0] in increasing address order.
 */
void helper_mset(CPUTileState *env, uint64_t pc, uint64_t dst, uint64_t value,
                 uint64_t len)
{
    TileTemplateState *t = &env->blk.ext.tpl;
    uintptr_t ra = GETPC();

    if (len > 63) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
    }
    if (len) {
        probe_data(env, dst, len, 1, true, ra);
        for (uint64_t i = 0; i < len; i++) {
            cpu_stb_mmuidx_ra(env, dst + i, value & 0xff, mmu_idx(env), ra);
        }
        store_invalidates(env, dst, len);
    }
    t->last_addr = dst;
    t->last_size = len;
}

/* ---- Frame templates FENTRY, FEXIT, FRET.RA, FRET.STK (LIFETIME) ---- */

enum { FRAME_SP = 2, FRAME_RA = 10 };

static uint32_t frame_reg(uint32_t b, uint32_t ordinal)
{
    uint32_t r = b + ordinal;

    return r <= 23 ? r : r - 22;
}

static void frame_set_gpr(CPUTileState *env, uint32_t r, uint64_t v)
{
    env->gpr[0][r] = v;
}

/*
 * One frame template.  The accepted start checks the operands (FRET.STK
 * must begin at ra; the frame must hold every register), snapshots the
 * sources (FENTRY) and the return target (FRET.RA), then adjusts sp once.
 * Each 8-byte slot access is one restart boundary: a fault leaves the
 * progress in the trap-preserved template state.  Returns the next PC.
 */
uint64_t helper_frame(CPUTileState *env, uint64_t pc, uint32_t kind,
                      uint32_t begin, uint32_t end, uint64_t size)
{
    TileTemplateState *t = &env->blk.ext.tpl;
    uintptr_t ra = GETPC();

    if (!t->fr_active) {
        uint32_t count = tile_frame_count(begin, end);
        uint64_t sp = env->gpr[0][FRAME_SP];

        if ((kind == TILE_FRAME_RET_STK && begin != FRAME_RA) ||
            (size & 7) || size < (uint64_t)count * 8) {
            tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
        }
        if (kind == TILE_FRAME_RET_RA && (env->blk.ret_addr & 1)) {
            tile_raise_exception(env, EXCP_INST_PC_FAULT, env->blk.ret_addr, ra);
        }
        t->fr_active = 1;
        t->fr_kind = kind;
        t->fr_pc = pc;
        t->fr_begin = begin;
        t->fr_end = end;
        t->fr_count = count;
        t->fr_size = size;
        t->fr_caller_sp = kind == TILE_FRAME_ENTRY ? sp : sp + size;
        t->fr_sp_done = 0;
        t->fr_progress = 0;
        t->fr_ret = kind == TILE_FRAME_RET_RA ? env->blk.ret_addr : 0;
        t->fr_ret_valid = kind == TILE_FRAME_RET_RA;
        for (uint32_t i = 0; i < TILE_FRAME_MAX_REGS; i++) {
            t->fr_src[i] = kind == TILE_FRAME_ENTRY && i < count ?
                           env->gpr[0][frame_reg(begin, i)] : 0;
        }
    }
    if (t->fr_pc != pc || t->fr_kind != kind) {
        tile_raise_exception(env, EXCP_ILLEGAL_INST, pc, ra);
    }
    if (!t->fr_sp_done) {
        frame_set_gpr(env, FRAME_SP, kind == TILE_FRAME_ENTRY ?
                      t->fr_caller_sp - t->fr_size : t->fr_caller_sp);
        t->fr_sp_done = 1;
    }
    while (t->fr_progress < t->fr_count) {
        uint32_t i = t->fr_progress;
        uint64_t addr = t->fr_caller_sp - (uint64_t)(i + 1) * 8;

        if (kind == TILE_FRAME_ENTRY) {
            probe_data(env, addr, 8, 8, true, ra);
            cpu_stq_le_mmuidx_ra(env, addr, t->fr_src[i], mmu_idx(env), ra);
            store_invalidates(env, addr, 8);
        } else {
            uint32_t r = frame_reg(t->fr_begin, i);
            uint64_t v;

            probe_data(env, addr, 8, 8, false, ra);
            v = cpu_ldq_le_mmuidx_ra(env, addr, mmu_idx(env), ra);
            if (kind == TILE_FRAME_RET_STK && i == 0) {
                if (v & 1) {
                    tile_raise_exception(env, EXCP_INST_PC_FAULT, v, ra);
                }
                t->fr_ret = v;
                t->fr_ret_valid = 1;
            }
            frame_set_gpr(env, r, v);
            if (r == FRAME_RA) {
                env->blk.ret_addr = v;
            }
        }
        t->fr_progress++;
    }
    t->fr_active = 0;
    if (kind == TILE_FRAME_ENTRY) {
        t->fr_depth++;
        return pc + 4;
    }
    if (t->fr_depth) {
        t->fr_depth--;
    }
    return kind == TILE_FRAME_EXIT ? pc + 4 : t->fr_ret;
}
