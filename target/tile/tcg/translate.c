/*
 * PTO Tile translation (TCG frontend)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Instructions are 16, 32, 48 or 64 bits long, made of little-endian
 * 16-bit parcels; the length is a function of the first parcel (see
 * tile_insn_length()).  Decoding is table driven, in two steps
 * (decode_insn()): the ISA library (lib/, tile_isa_decode_word())
 * classifies the word against the isa/ tables (length, reserved rows,
 * catalog constraints), then the decodetree decoder of its length,
 * generated at build time from the same tables, calls the form's trans_
 * function (insn_trans/trans_<class>.c.inc).  A word either step rejects,
 * and a form without semantics here, raises a precise
 * Fault_IllegalInstruction at its own TPC.
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "tcg/tcg-op.h"
#include "exec/helper-proto.h"
#include "exec/helper-gen.h"
#include "exec/translator.h"
#include "exec/translation-block.h"
#include "exec/log.h"
#include "tile-isa.h"
#include "tile/commit.h"
#include "trace.h"

#define HELPER_H "helper.h"
#include "exec/helper-info.c.inc"
#undef  HELPER_H

/*
 * The block the translator keeps inline.
 *
 * A STD, FP or SYS block whose BSTART is translated in this TB, from a
 * state with no active block, is kept in the DisasContext instead of
 * CPUTileState: its kind, BPC and target are known here, SETC writes the
 * condition to one TCG value, and its BSTOP is a branch to its two
 * continuations.  CPUTileState keeps the cleared block form meanwhile
 * (tile_block_idle_clean()), except the condition and a target that is
 * only known at run time (SETC.TGT, RET, IND), which are stored there as
 * they are made.  Every instruction's insn_start words describe the block
 * (blk_insn_word()), so an exception rebuilds it exactly
 * (tile_restore_state_to_opc()); the TB never ends inside an inline block
 * without writing it out first (gen_blk_materialize()), and a helper that
 * reads the block state gets it written out before it runs.
 */
/*
 * The LR reservation as the translator knows it: none (TB flag RESV clear,
 * or after SC or a fence), held (flag set, or after LR), or maybe (a store
 * or another write may have dropped it).  Stores carry the code that drops
 * it only when one may be held; a TB exit where it is "maybe" is not
 * chained, so the next TB is looked up with the flag as it really is.
 */
typedef enum TileResvKnown {
    RESV_NONE,
    RESV_HELD,
    RESV_MAYBE,
} TileResvKnown;

typedef struct DisasContext {
    DisasContextBase base;
    CPUTileState *env;
    uint64_t insn;              /* all parcels of the current instruction */
    int insn_len;               /* its length in bytes */
    uint32_t tb_flags;
    int mem_idx;
    TileBlockPhase phase;       /* block phase at the current instruction */
    TileBlockType btype;        /* type of the active block */
    bool idle_stale;            /* TB_FLAGS.IDLE_STALE: keep nothing inline */
    uint32_t tqv, uqv;          /* the T and U valid masks at this instruction */
    TileResvKnown resv;         /* what is known of the LR reservation */
    /*
     * The active block was opened earlier in this TB: kind, BPC and target
     * are known (blk_inline: and nothing of it is in CPUTileState yet).
     */
    bool blk_known;
    bool blk_inline;
    int blk_kind;               /* TileBlockTransfer, TILE_XFER_CALL, ... */
    uint64_t blk_bpc;           /* its BSTART */
    uint64_t blk_target;        /* the static target (FALL: after the BSTART) */
    bool blk_tgt_dyn;           /* the target is in env->blk.bpc_tgt instead */
    bool blk_setc;              /* a condition setter ran (inline: blk_cmp*) */
    bool blk_cond_unsaved;      /* its result is not in env->blk.cond yet */
    bool blk_setc_tgt;          /* a C.SETC.TGT ran */
    /* inline: the SETC condition, taken when blk_cmp(blk_cmp_l, blk_cmp_r) */
    TCGCond blk_cmp;
    TCGv_i64 blk_cmp_l, blk_cmp_r;
    unsigned goto_tb_used;      /* bit n: goto_tb slot n is taken */
} DisasContext;

/* One translator per form: trans_NAME calls FUNC with extra arguments. */
#define TRANS(NAME, FUNC, ...) \
    static bool trans_##NAME(DisasContext *ctx, arg_##NAME *a) \
    { return FUNC(ctx, a, ##__VA_ARGS__); }

/* Target-specific values for dc->base.is_jmp.  */
#define DISAS_JUMP    DISAS_TARGET_0    /* PC written, look up next TB */
#define DISAS_EXIT    DISAS_TARGET_1    /* PC written, leave the loop */

/* TCG globals */
static TCGv_i64 cpu_gpr[TILE_NUM_GPRS];  /* PE0 bank: the scalar view */
static TCGv_i64 cpu_pc;
static TCGv_i64 cpu_tq[TILE_QUEUE_DEPTH], cpu_uq[TILE_QUEUE_DEPTH];

/* Register access for scalar instructions: R0 reads zero, writes vanish. */
static TCGv_i64 get_gpr(DisasContext *ctx, int r)
{
    return r == 0 ? tcg_constant_i64(0) : cpu_gpr[r];
}

static void gen_blk_materialize(DisasContext *ctx);
static void gen_blk_cond_flush(DisasContext *ctx);
static uint64_t blk_insn_word(DisasContext *ctx);

/* Exception excp with argument arg at the current instruction. */
static void gen_raise(DisasContext *ctx, int excp, TCGv_i64 arg)
{
    gen_helper_raise(tcg_env, tcg_constant_i32(excp), arg);
    ctx->base.is_jmp = DISAS_NORETURN;
}

static void gen_illegal(DisasContext *ctx)
{
    gen_blk_materialize(ctx);
    tcg_gen_movi_i64(cpu_pc, ctx->base.pc_next);
    gen_helper_raise_illegal_instruction(tcg_env,
                                         tcg_constant_i64(ctx->insn),
                                         tcg_constant_i32(ctx->insn_len));
    ctx->base.is_jmp = DISAS_NORETURN;
}

/*
 * Leave the TB for dest: a chained jump through a free goto_tb slot (a TB
 * has two), else a lookup (also when the reservation state at this exit
 * is only known at run time).
 */
static void gen_goto_tb(DisasContext *ctx, vaddr dest)
{
    int n = !(ctx->goto_tb_used & 1) ? 0 : !(ctx->goto_tb_used & 2) ? 1 : -1;

    if (n >= 0 && ctx->resv != RESV_MAYBE && translator_use_goto_tb(&ctx->base, dest)) {
        ctx->goto_tb_used |= 1u << n;
        tcg_gen_goto_tb(n);
        tcg_gen_movi_i64(cpu_pc, dest);
        tcg_gen_exit_tb(ctx->base.tb, n);
    } else {
        tcg_gen_movi_i64(cpu_pc, dest);
        tcg_gen_lookup_and_goto_ptr();
    }
    ctx->base.is_jmp = DISAS_NORETURN;
}

/*
 * A form the catalog defines but whose semantics are not implemented yet:
 * never a silent no-op, always a precise Fault_IllegalInstruction.
 */
static bool gen_unimplemented(DisasContext *ctx, const char *mnemonic)
{
    qemu_log_mask(LOG_UNIMP, "tile: %s at 0x%" PRIx64 " is not implemented\n",
                  mnemonic, (uint64_t)ctx->base.pc_next);
    gen_illegal(ctx);
    return true;
}

/* ---- The Reg5 operand namespace (PTO-SCALAR-MODEL registers) ---- */

enum {
    REG5_T1 = 24,               /* sources 24..27: T#1..T#4 */
    REG5_U1 = 28,               /* sources 28..31: U#1..U#4 */
    REG5_PUSH_U = 30,           /* destination 30 pushes U */
    REG5_PUSH_T = 31,           /* destination 31 pushes T */
};

/*
 * The T and U queues (entry 0 = #1, the newest) are TCG globals, and their
 * valid masks are known at translation (TB flags TQV/UQV, then every push
 * in the TB): a read of an entry that holds no value is
 * Fault_IllegalInstruction at the reading instruction (TRAPARG0 its TPC),
 * raised here with no run-time check; a push moves four globals and
 * stores the new mask only while the queue is filling.
 */
static TCGv_i64 get_src(DisasContext *ctx, int code)
{
    bool is_t = code < REG5_U1;
    int idx = (code - REG5_T1) & 3;

    if (code == 0) {
        return tcg_constant_i64(0);
    }
    if (code < TILE_NUM_GPRS) {
        return cpu_gpr[code];
    }
    if (!((is_t ? ctx->tqv : ctx->uqv) & (1u << idx))) {
        gen_illegal(ctx);
        return tcg_constant_i64(0);
    }
    return is_t ? cpu_tq[idx] : cpu_uq[idx];
}

static void gen_queue_push(DisasContext *ctx, bool is_t, TCGv_i64 v)
{
    TCGv_i64 *q = is_t ? cpu_tq : cpu_uq;
    uint32_t *valid = is_t ? &ctx->tqv : &ctx->uqv;
    uint32_t next = ((*valid << 1) | 1) & TILE_QUEUE_VALID_MASK;
    TCGv_i64 t = tcg_temp_new_i64();

    tcg_gen_mov_i64(t, v);      /* v may be one of the entries */
    for (int i = TILE_QUEUE_DEPTH - 1; i > 0; i--) {
        tcg_gen_mov_i64(q[i], q[i - 1]);
    }
    tcg_gen_mov_i64(q[0], t);
    if (next != *valid) {
        tcg_gen_st_i32(tcg_constant_i32(next), tcg_env,
                       is_t ? offsetof(CPUTileState, tq_valid) : offsetof(CPUTileState, uq_valid));
        *valid = next;
    }
}

/* A helper or an access may have written the reservation granule. */
static void resv_may_drop(DisasContext *ctx)
{
    if (ctx->resv == RESV_HELD) {
        ctx->resv = RESV_MAYBE;
    }
}

/* Publish a result through a Reg5 destination (value already computed). */
static void put_dst(DisasContext *ctx, int code, TCGv_i64 v)
{
    if (code > 0 && code < TILE_NUM_GPRS) {
        tcg_gen_mov_i64(cpu_gpr[code], v);
    } else if (code == REG5_PUSH_T) {
        gen_queue_push(ctx, true, v);
    } else if (code == REG5_PUSH_U) {
        gen_queue_push(ctx, false, v);
    }
    /* 0 and 24..29 discard the result */
}

/* ---- Generated decoders and the per-class translators ---- */

/* decodetree !function helpers: fields whose low bits are implicit zeros */
static int __attribute__((unused)) ex_shl_3(DisasContext *ctx, int x)
{
    return x << 3;
}

#include "decode-insn16.c.inc"
#include "decode-insn32.c.inc"
#include "decode-insn48.c.inc"
#include "decode-insn64.c.inc"

#include "insn_trans/trans_alu.c.inc"
#include "insn_trans/trans_agu.c.inc"
#include "insn_trans/trans_amo.c.inc"
#include "insn_trans/trans_block.c.inc"
#include "insn_trans/trans_bru.c.inc"
#include "insn_trans/trans_fsu.c.inc"
#include "insn_trans/trans_sys.c.inc"
#include "decode-unimp.c.inc"

/* Header commands of a block (they fault outside the header phase). */
static bool is_header_command(const TileIsaForm *f)
{
    static const char *const headers[] = {
        "B.CATR", "B.DATR", "B.FPATR", "B.DIM", "C.B.DIMI", "B.IOR", "B.IOT",
        "B.IOS", "B.HINT",
    };

    if (f->cls != TILE_ISA_CLASS_COMMAND) {
        return false;
    }
    for (size_t i = 0; i < ARRAY_SIZE(headers); i++) {
        if (!strcmp(f->mnemonic, headers[i])) {
            return true;
        }
    }
    return false;
}

static bool is_bstop(const TileIsaForm *f)
{
    return !strcmp(f->mnemonic, "BSTOP") || !strcmp(f->mnemonic, "C.BSTOP") ||
           !strcmp(f->mnemonic, "L.BSTOP");
}

/*
 * Decoder entry point.  The ISA library classifies the word first (length,
 * the fused BSTART.CALL pair, reserved rows, catalog constraints); a legal
 * word then goes to the decodetree decoder of its length, whose patterns
 * come from the same tables.  Returns false for an illegal word.
 */
static bool decode_insn(DisasContext *ctx, uint64_t insn, int avail)
{
    TileIsaInsn d;

    if (tile_isa_decode_word(insn, avail, &d) != TILE_ISA_OK) {
        ctx->insn_len = d.length ? d.length : 2;
        ctx->insn = d.bits;
        return false;
    }
    ctx->insn_len = d.length;
    ctx->insn = d.bits;
    if (!is_bstop(d.form)) {
        gen_blk_cond_flush(ctx);
    }
    /* docs/design.md decision 2: the first instruction after BSTART that is not
     * a header command starts the block body. */
    if (ctx->phase == TILE_BLOCK_HEADER && !is_header_command(d.form)) {
        ctx->phase = TILE_BLOCK_BODY;
        if (ctx->blk_inline) {
            /* a fault in this instruction sees the body started */
            tcg_set_insn_start_param(ctx->base.insn_start, 1, blk_insn_word(ctx));
        } else {
            tcg_gen_st_i32(tcg_constant_i32(TILE_BLOCK_BODY), tcg_env,
                           offsetof(CPUTileState, blk.phase));
        }
    }
    switch (d.form->length_bits) {
    case 16:
        return decode_insn16(ctx, d.bits);
    case 32:
        return decode_insn32(ctx, d.bits);
    case 48:
        return decode_insn48(ctx, d.bits);
    case 64:
        return decode_insn64(ctx, d.bits);
    }
    return false;
}

static void tile_tr_init_disas_context(DisasContextBase *dcbase,
                                       CPUState *cs)
{
    DisasContext *ctx = container_of(dcbase, DisasContext, base);

    ctx->env = cpu_env(cs);
    ctx->tb_flags = ctx->base.tb->flags;
    ctx->mem_idx = 0;
    ctx->phase = FIELD_EX32(ctx->tb_flags, TB_FLAGS, PHASE);
    ctx->btype = FIELD_EX32(ctx->tb_flags, TB_FLAGS, BTYPE);
    /* with the commit trace on, every block goes through the helpers */
    ctx->idle_stale = FIELD_EX32(ctx->tb_flags, TB_FLAGS, IDLE_STALE) ||
                      trace_event_get_state_backends(TRACE_TILE_BLOCK_COMMIT);
    ctx->tqv = FIELD_EX32(ctx->tb_flags, TB_FLAGS, TQV);
    ctx->uqv = FIELD_EX32(ctx->tb_flags, TB_FLAGS, UQV);
    ctx->resv = FIELD_EX32(ctx->tb_flags, TB_FLAGS, RESV) ? RESV_HELD : RESV_NONE;
    ctx->blk_known = false;
    ctx->blk_inline = false;
    ctx->goto_tb_used = 0;
}

static void tile_tr_tb_start(DisasContextBase *dcbase, CPUState *cs)
{
}

/*
 * The insn_start words of an instruction inside an inline block: bit 0
 * set, the phase, type, kind and the SETC / C.SETC.TGT / run-time target
 * marks, and the distance back to the BSTART in bits [31:16]; the static
 * target is the third word.  Zero outside inline blocks.
 */
enum {
    BLKW_INLINE = 1 << 0,
    BLKW_PHASE_SHIFT = 1,
    BLKW_BTYPE_SHIFT = 3,
    BLKW_KIND_SHIFT = 5,
    BLKW_SETC = 1 << 8,
    BLKW_SETC_TGT = 1 << 9,
    BLKW_TGT_DYN = 1 << 10,
    BLKW_BPC_SHIFT = 16,
};

static uint64_t blk_insn_word(DisasContext *ctx)
{
    if (!ctx->blk_inline) {
        return 0;
    }
    return BLKW_INLINE | (ctx->phase << BLKW_PHASE_SHIFT) |
           (ctx->btype << BLKW_BTYPE_SHIFT) | (ctx->blk_kind << BLKW_KIND_SHIFT) |
           (ctx->blk_setc ? BLKW_SETC : 0) | (ctx->blk_setc_tgt ? BLKW_SETC_TGT : 0) |
           (ctx->blk_tgt_dyn ? BLKW_TGT_DYN : 0) |
           ((ctx->base.pc_next - ctx->blk_bpc) << BLKW_BPC_SHIFT);
}

static void tile_tr_insn_start(DisasContextBase *dcbase, CPUState *cs)
{
    DisasContext *ctx = container_of(dcbase, DisasContext, base);

    tcg_gen_insn_start(ctx->base.pc_next, blk_insn_word(ctx),
                       ctx->blk_inline && !ctx->blk_tgt_dyn ? ctx->blk_target : 0);
    /* TCG plugins read registers before each instruction: keep TPC current
     * for them (docs/plugins.md) */
    if (ctx->base.plugin_enabled) {
        tcg_gen_movi_i64(cpu_pc, ctx->base.pc_next);
    }
}

/* BARG.TAKEN as block_begin() sets it: no SYS block selects a target. */
static uint32_t blk_initial_cond(int btype, int kind)
{
    return btype != TILE_BTYPE_SYS && kind != TILE_XFER_COND;
}

/*
 * An exception (or an I/O rewind) inside the TB: rebuild the block state
 * at the instruction from its insn_start words.  CPUTileState already
 * holds the condition of a SETC and a run-time target.
 */
void tile_restore_state_to_opc(CPUState *cs, const TranslationBlock *tb,
                               const uint64_t *data)
{
    CPUTileState *env = cpu_env(cs);
    TileBlockState *b = &env->blk;
    uint64_t w = data[1];

    env->pc = data[0];
    if (!(w & BLKW_INLINE)) {
        return;
    }
    b->phase = extract64(w, BLKW_PHASE_SHIFT, 2);
    b->btype = extract64(w, BLKW_BTYPE_SHIFT, 2);
    b->kind = extract64(w, BLKW_KIND_SHIFT, 3);
    b->bpc_cur = data[0] - extract64(w, BLKW_BPC_SHIFT, 16);
    env->bpc = b->bpc_cur;
    if (!(w & BLKW_TGT_DYN)) {
        b->bpc_tgt = data[2];
    }
    b->setc_done = !!(w & BLKW_SETC);
    b->setc_tgt_done = !!(w & BLKW_SETC_TGT);
    if (!b->setc_done) {
        b->cond = blk_initial_cond(b->btype, b->kind);
    }
}

/*
 * The SETC of an inline block keeps its comparison, which the BSTOP
 * branches on; the 0/1 result reaches CPUTileState only when something
 * could need it there: any instruction after the SETC but the
 * BSTOP that consumes it (it may fault, and the trap snapshots the block),
 * or the block being written out.  The usual SETC; BSTOP pair stores
 * nothing.
 */
static void gen_blk_cond_flush(DisasContext *ctx)
{
    if (ctx->blk_cond_unsaved) {
        TCGv_i64 c = tcg_temp_new_i64();

        tcg_gen_setcond_i64(ctx->blk_cmp, c, ctx->blk_cmp_l, ctx->blk_cmp_r);
        tcg_gen_st32_i64(c, tcg_env, offsetof(CPUTileState, blk.cond));
        tcg_gen_st_i64(c, tcg_env, offsetof(CPUTileState, blk.commit_arg));
        ctx->blk_cond_unsaved = false;
    }
}

/*
 * Write the inline block out to CPUTileState (block_begin()'s fields and
 * the phase); from here on the helpers own it.  Its kind and target stay
 * known, so its BSTOP still chains.
 */
static void gen_blk_materialize(DisasContext *ctx)
{
    if (!ctx->blk_inline) {
        return;
    }
    gen_blk_cond_flush(ctx);
    tcg_gen_st_i32(tcg_constant_i32(ctx->phase), tcg_env, offsetof(CPUTileState, blk.phase));
    tcg_gen_st_i32(tcg_constant_i32(ctx->btype), tcg_env, offsetof(CPUTileState, blk.btype));
    tcg_gen_st_i32(tcg_constant_i32(ctx->blk_kind), tcg_env, offsetof(CPUTileState, blk.kind));
    if (!ctx->blk_setc) {
        tcg_gen_st_i32(tcg_constant_i32(blk_initial_cond(ctx->btype, ctx->blk_kind)), tcg_env,
                       offsetof(CPUTileState, blk.cond));
    } else {
        tcg_gen_st_i32(tcg_constant_i32(1), tcg_env, offsetof(CPUTileState, blk.setc_done));
    }
    if (ctx->blk_setc_tgt) {
        tcg_gen_st_i32(tcg_constant_i32(1), tcg_env, offsetof(CPUTileState, blk.setc_tgt_done));
    }
    tcg_gen_st_i64(tcg_constant_i64(ctx->blk_bpc), tcg_env, offsetof(CPUTileState, blk.bpc_cur));
    tcg_gen_st_i64(tcg_constant_i64(ctx->blk_bpc), tcg_env, offsetof(CPUTileState, bpc));
    if (!ctx->blk_tgt_dyn) {
        tcg_gen_st_i64(tcg_constant_i64(ctx->blk_target), tcg_env,
                       offsetof(CPUTileState, blk.bpc_tgt));
    }
    ctx->blk_inline = false;
}

/* Would the instruction starting at @pc run past the current page? */
static bool insn_crosses_page(DisasContext *ctx, CPUTileState *env,
                              vaddr pc)
{
    vaddr page_end = (ctx->base.pc_first | ~TARGET_PAGE_MASK) + 1;
    uint16_t parcel;

    if (pc + 2 > page_end) {
        return true;
    }
    parcel = translator_lduw(env, &ctx->base, pc);
    return pc + tile_insn_length(parcel) > page_end;
}

/*
 * Can the parcel at @pc be fetched?  Yes on the page being translated;
 * on the next page only when it is RAM (probed without faulting).  The
 * last parcel of RAM has no next parcel, so it cannot start a fused pair.
 */
static bool next_parcel_fetchable(DisasContext *ctx, CPUTileState *env,
                                  vaddr pc)
{
    void *host;

    if (translator_is_same_page(&ctx->base, pc)) {
        return true;
    }
    return !(probe_access_flags(env, pc, 0, MMU_INST_FETCH,
                                cpu_mmu_index(env_cpu(env), true), true,
                                &host, 0) & TLB_INVALID_MASK);
}

static void tile_tr_translate_insn(DisasContextBase *dcbase, CPUState *cs)
{
    DisasContext *ctx = container_of(dcbase, DisasContext, base);
    CPUTileState *env = cpu_env(cs);
    vaddr pc = ctx->base.pc_next;
    uint64_t insn;
    int len, i;

    insn = translator_lduw(env, &ctx->base, pc);
    len = tile_insn_length(insn);
    /* A C.BSTART DIRECT parcel may be the first half of a fused
     * BSTART.CALL: fetch the parcel after it as well, when there is one. */
    if (len == 2 && (insn & 0xf) == 0x2 &&
        next_parcel_fetchable(ctx, env, pc + 2)) {
        len = 4;
    }
    for (i = 2; i < len; i += 2) {
        insn |= (uint64_t)translator_lduw(env, &ctx->base, pc + i) << (8 * i);
    }
    ctx->insn = insn;
    ctx->insn_len = len;

    if (!decode_insn(ctx, insn, len)) {
        gen_illegal(ctx);
    }
    ctx->base.pc_next = pc + ctx->insn_len;

    if (ctx->base.is_jmp == DISAS_NEXT &&
        insn_crosses_page(ctx, env, ctx->base.pc_next)) {
        ctx->base.is_jmp = DISAS_TOO_MANY;
    }
}

static void tile_tr_tb_stop(DisasContextBase *dcbase, CPUState *cs)
{
    DisasContext *ctx = container_of(dcbase, DisasContext, base);

    switch (ctx->base.is_jmp) {
    case DISAS_NEXT:
    case DISAS_TOO_MANY:
        gen_blk_materialize(ctx);
        gen_goto_tb(ctx, ctx->base.pc_next);
        break;
    case DISAS_JUMP:
        gen_blk_materialize(ctx);
        tcg_gen_lookup_and_goto_ptr();
        break;
    case DISAS_EXIT:
        gen_blk_materialize(ctx);
        tcg_gen_exit_tb(NULL, 0);
        break;
    case DISAS_NORETURN:
        break;
    default:
        g_assert_not_reached();
    }
}

static const TranslatorOps tile_tr_ops = {
    .init_disas_context = tile_tr_init_disas_context,
    .tb_start           = tile_tr_tb_start,
    .insn_start         = tile_tr_insn_start,
    .translate_insn     = tile_tr_translate_insn,
    .tb_stop            = tile_tr_tb_stop,
};

void tile_translate_code(CPUState *cs, TranslationBlock *tb,
                         int *max_insns, vaddr pc, void *host_pc)
{
    DisasContext dc;

    translator_loop(cs, tb, max_insns, pc, host_pc, &tile_tr_ops, &dc.base);
}

void tile_translate_init(void)
{
    static const char * const regnames[TILE_NUM_GPRS] = {
        "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
        "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
        "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23",
    };
    int i;

    /* R0 has no TCG global: it is a constant zero. */
    for (i = 1; i < TILE_NUM_GPRS; i++) {
        cpu_gpr[i] = tcg_global_mem_new_i64(tcg_env,
                                            offsetof(CPUTileState, gpr[0][i]),
                                            regnames[i]);
    }
    cpu_pc = tcg_global_mem_new_i64(tcg_env, offsetof(CPUTileState, pc),
                                    "pc");
    for (i = 0; i < TILE_QUEUE_DEPTH; i++) {
        static const char * const tnames[] = { "t1", "t2", "t3", "t4" };
        static const char * const unames[] = { "u1", "u2", "u3", "u4" };

        cpu_tq[i] = tcg_global_mem_new_i64(tcg_env, offsetof(CPUTileState, tq[i]),
                                           tnames[i]);
        cpu_uq[i] = tcg_global_mem_new_i64(tcg_env, offsetof(CPUTileState, uq[i]),
                                           unames[i]);
    }
    /* trans_block.c.inc asks which BSTART.TEPL operations have semantics */
    tile_commit_init();
}
