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

#define HELPER_H "helper.h"
#include "exec/helper-info.c.inc"
#undef  HELPER_H

typedef struct DisasContext {
    DisasContextBase base;
    CPUTileState *env;
    uint64_t insn;              /* all parcels of the current instruction */
    int insn_len;               /* its length in bytes */
    uint32_t tb_flags;
    int mem_idx;
    TileBlockPhase phase;       /* block phase at the current instruction */
    TileBlockType btype;        /* type of the active block */
    /* The active block was opened earlier in this TB with a static target:
     * its BSTOP can chain to the continuation directly. */
    bool blk_static;
    int blk_kind;               /* TileBlockTransfer */
    uint64_t blk_target;
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
static TCGv_i64 cpu_bpc;

/* Register access for scalar instructions: R0 reads zero, writes vanish. */
static TCGv_i64 get_gpr(DisasContext *ctx, int r)
{
    return r == 0 ? tcg_constant_i64(0) : cpu_gpr[r];
}

static void gen_illegal(DisasContext *ctx)
{
    tcg_gen_movi_i64(cpu_pc, ctx->base.pc_next);
    gen_helper_raise_illegal_instruction(tcg_env,
                                         tcg_constant_i64(ctx->insn),
                                         tcg_constant_i32(ctx->insn_len));
    ctx->base.is_jmp = DISAS_NORETURN;
}

static void gen_goto_tb(DisasContext *ctx, int n, vaddr dest)
{
    if (translator_use_goto_tb(&ctx->base, dest)) {
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

static void gen_queue_check(DisasContext *ctx, int code)
{
    /* Reading an entry that holds no value is Fault_IllegalInstruction. */
    int t = code < REG5_U1;
    int idx = (code - REG5_T1) & 3;

    gen_helper_check_queue_entry(tcg_env, tcg_constant_i32(t), tcg_constant_i32(idx),
                                 tcg_constant_i64(ctx->insn),
                                 tcg_constant_i32(ctx->insn_len));
}

/* Snapshot a Reg5 source; queue reads never pop. */
static TCGv_i64 get_src(DisasContext *ctx, int code)
{
    TCGv_i64 v;

    if (code == 0) {
        return tcg_constant_i64(0);
    }
    if (code < TILE_NUM_GPRS) {
        return cpu_gpr[code];
    }
    gen_queue_check(ctx, code);
    v = tcg_temp_new_i64();
    if (code < REG5_U1) {
        tcg_gen_ld_i64(v, tcg_env, offsetof(CPUTileState, tq[code - REG5_T1]));
    } else {
        tcg_gen_ld_i64(v, tcg_env, offsetof(CPUTileState, uq[code - REG5_U1]));
    }
    return v;
}

static void gen_queue_push(size_t q_off, size_t valid_off, TCGv_i64 v)
{
    TCGv_i64 e = tcg_temp_new_i64();
    TCGv_i32 m = tcg_temp_new_i32();

    for (int i = TILE_QUEUE_DEPTH - 1; i > 0; i--) {
        tcg_gen_ld_i64(e, tcg_env, q_off + (i - 1) * sizeof(uint64_t));
        tcg_gen_st_i64(e, tcg_env, q_off + i * sizeof(uint64_t));
    }
    tcg_gen_st_i64(v, tcg_env, q_off);
    tcg_gen_ld_i32(m, tcg_env, valid_off);
    tcg_gen_shli_i32(m, m, 1);
    tcg_gen_ori_i32(m, m, 1);
    tcg_gen_andi_i32(m, m, (1 << TILE_QUEUE_DEPTH) - 1);
    tcg_gen_st_i32(m, tcg_env, valid_off);
}

/* Publish a result through a Reg5 destination (value already computed). */
static void put_dst(DisasContext *ctx, int code, TCGv_i64 v)
{
    if (code > 0 && code < TILE_NUM_GPRS) {
        tcg_gen_mov_i64(cpu_gpr[code], v);
    } else if (code == REG5_PUSH_T) {
        gen_queue_push(offsetof(CPUTileState, tq), offsetof(CPUTileState, tq_valid), v);
    } else if (code == REG5_PUSH_U) {
        gen_queue_push(offsetof(CPUTileState, uq), offsetof(CPUTileState, uq_valid), v);
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
    /* docs/design.md decision 2: the first instruction after BSTART that is not
     * a header command starts the block body. */
    if (ctx->phase == TILE_BLOCK_HEADER && !is_header_command(d.form)) {
        ctx->phase = TILE_BLOCK_BODY;
        tcg_gen_st_i32(tcg_constant_i32(TILE_BLOCK_BODY), tcg_env,
                       offsetof(CPUTileState, blk.phase));
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
    ctx->blk_static = false;
}

static void tile_tr_tb_start(DisasContextBase *dcbase, CPUState *cs)
{
}

static void tile_tr_insn_start(DisasContextBase *dcbase, CPUState *cs)
{
    DisasContext *ctx = container_of(dcbase, DisasContext, base);

    tcg_gen_insn_start(ctx->base.pc_next);
    /* TCG plugins read registers before each instruction: keep TPC current
     * for them (docs/plugins.md) */
    if (ctx->base.plugin_enabled) {
        tcg_gen_movi_i64(cpu_pc, ctx->base.pc_next);
    }
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
     * BSTART.CALL: fetch the parcel after it as well. */
    if (len == 2 && (insn & 0xf) == 0x2) {
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
        gen_goto_tb(ctx, 0, ctx->base.pc_next);
        break;
    case DISAS_JUMP:
        tcg_gen_lookup_and_goto_ptr();
        break;
    case DISAS_EXIT:
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
    cpu_bpc = tcg_global_mem_new_i64(tcg_env, offsetof(CPUTileState, bpc),
                                     "bpc");
    /* trans_block.c.inc asks which BSTART.TEPL operations have semantics */
    tile_commit_init();
}
