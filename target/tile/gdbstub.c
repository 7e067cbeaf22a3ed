/*
 * PTO Tile gdb server stub
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The core feature (gdb-xml/tile-core.xml, "org.pto.tile.core") is the
 * scalar view of the Core: PE0's GPR bank R0..R23, pc (TPC), bpc (BPC),
 * the T/U queue entries and their valid bits.  Three more features are
 * generated here and registered with gdb_register_coprocessor():
 *
 *   org.pto.tile.pe     pe1_r0..pe1_r23, pe2_*, pe3_*: the other PE banks
 *   org.pto.tile.block  the live block state (env->blk)
 *   org.pto.tile.sys    acr, the base system registers and the current
 *                       ring's context-family registers by their catalog
 *                       names (thread_ptr, core_state, evbase, trapno,
 *                       ebarg_tpc, ...), and the last trap's fault_insn /
 *                       fault_len / trap_arg
 *   org.pto.tile.state  the LR/SC reservation (valid, address, size), the
 *                       commit argument and the last memory command's
 *                       address and size, and (read-only) the allocated
 *                       Local names and Shared registers: state no other
 *                       feature shows that a debugger (or a conformance
 *                       runner) needs to set up and check an instruction
 *
 * Every register is readable and writable.  Writes that would leave the
 * CPU in a state the translator cannot represent (an odd pc, a block
 * phase or ring out of range) are refused: the register keeps its value.
 * The 'P' packet answers OK regardless, and a refusal still reports the
 * register's size so that a 'G' packet stays aligned.  A register number
 * the packet names is checked here too (QEMU hands it over as an int, so
 * it may be negative), and a zero size means "no such register" (E14 to
 * 'p'; patches/0009 makes 'P' and 'G' errors as well).
 * Writes to an R0 are accepted and ignored, as the architecture ignores
 * them.
 *
 * Breakpoints, watchpoints, single-step and memory access are QEMU's
 * generic TCG ones: they need no target code beyond a precise
 * restore_state_to_opc (one insn_start per instruction, see tcg/translate.c).
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tile-isa.h"
#include "exec/gdbstub.h"
#include "exec/memory.h"
#include "gdbstub/helpers.h"
#include "hw/tile/tile_state.h"

/* ---- core feature: numbering as in gdb-xml/tile-core.xml ---- */
enum {
    TILE_GDB_PC = TILE_NUM_GPRS,                    /* 24 */
    TILE_GDB_BPC,                                   /* 25 */
    TILE_GDB_T1,                                    /* 26..29 */
    TILE_GDB_U1 = TILE_GDB_T1 + TILE_QUEUE_DEPTH,   /* 30..33 */
    TILE_GDB_TVALID = TILE_GDB_U1 + TILE_QUEUE_DEPTH, /* 34 */
    TILE_GDB_UVALID,                                /* 35 */
    TILE_GDB_NUM_CORE_REGS,
};

#define TILE_QUEUE_MASK ((1u << TILE_QUEUE_DEPTH) - 1)

int tile_cpu_gdb_read_register(CPUState *cs, GByteArray *mem_buf, int n)
{
    CPUTileState *env = cpu_env(cs);

    /* QEMU passes the packet's register number as an int: it may be
     * negative (p80000000) or past the core feature. */
    if (n < 0 || n >= TILE_GDB_NUM_CORE_REGS) {
        return 0;
    }
    if (n == 0) {
        return gdb_get_reg64(mem_buf, 0);
    }
    if (n < TILE_NUM_GPRS) {
        return gdb_get_reg64(mem_buf, env->gpr[0][n]);
    }
    switch (n) {
    case TILE_GDB_PC:
        return gdb_get_reg64(mem_buf, env->pc);
    case TILE_GDB_BPC:
        return gdb_get_reg64(mem_buf, env->bpc);
    case TILE_GDB_TVALID:
        return gdb_get_reg32(mem_buf, env->tq_valid & TILE_QUEUE_MASK);
    case TILE_GDB_UVALID:
        return gdb_get_reg32(mem_buf, env->uq_valid & TILE_QUEUE_MASK);
    }
    if (n >= TILE_GDB_T1 && n < TILE_GDB_U1) {
        return gdb_get_reg64(mem_buf, env->tq[n - TILE_GDB_T1]);
    }
    if (n >= TILE_GDB_U1 && n < TILE_GDB_TVALID) {
        return gdb_get_reg64(mem_buf, env->uq[n - TILE_GDB_U1]);
    }
    return 0;
}

int tile_cpu_gdb_write_register(CPUState *cs, uint8_t *mem_buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    uint64_t val;

    if (n < 0 || n >= TILE_GDB_NUM_CORE_REGS) {
        return 0;
    }
    if (n == TILE_GDB_TVALID || n == TILE_GDB_UVALID) {
        uint32_t v = ldl_le_p(mem_buf);

        if (v & ~TILE_QUEUE_MASK) {
            return 4;           /* refused, but the 4 bytes are consumed */
        }
        if (n == TILE_GDB_TVALID) {
            env->tq_valid = v;
        } else {
            env->uq_valid = v;
        }
        return 4;
    }
    val = ldq_le_p(mem_buf);
    if (n < TILE_NUM_GPRS) {
        if (n != 0) {
            env->gpr[0][n] = val;
        }
        return 8;
    }
    switch (n) {
    case TILE_GDB_PC:
        if (val & 1) {
            return 8;           /* refused: instructions are 16-bit aligned */
        }
        env->pc = val;
        return 8;
    case TILE_GDB_BPC:
        env->bpc = val;
        return 8;
    }
    if (n < TILE_GDB_U1) {
        env->tq[n - TILE_GDB_T1] = val;
    } else {
        env->uq[n - TILE_GDB_U1] = val;
    }
    return 8;
}

/* ---- org.pto.tile.pe: banks of PE1..PE3 ---- */

#define TILE_GDB_PE_REGS ((TILE_NUM_PES - 1) * TILE_NUM_GPRS)

static int tile_gdb_get_pe(CPUState *cs, GByteArray *buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    int pe, r;

    if (n < 0 || n >= TILE_GDB_PE_REGS) {
        return 0;
    }
    pe = 1 + n / TILE_NUM_GPRS;
    r = n % TILE_NUM_GPRS;
    return gdb_get_reg64(buf, r == 0 ? 0 : env->gpr[pe][r]);
}

static int tile_gdb_set_pe(CPUState *cs, uint8_t *buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    int pe, r;

    if (n < 0 || n >= TILE_GDB_PE_REGS) {
        return 0;
    }
    pe = 1 + n / TILE_NUM_GPRS;
    r = n % TILE_NUM_GPRS;
    if (r != 0) {
        env->gpr[pe][r] = ldq_le_p(buf);
    }
    return 8;
}

/* ---- org.pto.tile.block: env->blk ---- */

typedef struct TileGdbField {
    const char *name;
    int bits;                   /* 32 or 64 */
    size_t offset;              /* in CPUTileState */
    uint64_t max;               /* largest value a write may set */
} TileGdbField;

#define BLK32(f, m) { "blk_" #f, 32, offsetof(CPUTileState, blk.f), m }
#define BLK64(f)    { "blk_" #f, 64, offsetof(CPUTileState, blk.f), UINT64_MAX }

static const TileGdbField tile_gdb_block_fields[] = {
    BLK32(phase, TILE_BLOCK_BODY),
    BLK32(kind, 7),
    BLK32(cond, 1),
    BLK32(setc_done, 1),
    BLK64(bpc_cur),
    BLK64(bpc_tgt),
    BLK64(ret_addr),
};

static int tile_gdb_get_field(CPUState *cs, GByteArray *buf,
                              const TileGdbField *f)
{
    uint8_t *p = (uint8_t *)cpu_env(cs) + f->offset;

    if (f->bits == 32) {
        return gdb_get_reg32(buf, *(uint32_t *)p);
    }
    return gdb_get_reg64(buf, *(uint64_t *)p);
}

static int tile_gdb_set_field(CPUState *cs, uint8_t *buf,
                              const TileGdbField *f)
{
    uint8_t *p = (uint8_t *)cpu_env(cs) + f->offset;
    uint64_t val = f->bits == 32 ? ldl_le_p(buf) : ldq_le_p(buf);

    if (val > f->max) {
        return f->bits / 8;     /* refused */
    }
    if (f->bits == 32) {
        *(uint32_t *)p = val;
        return 4;
    }
    *(uint64_t *)p = val;
    return 8;
}

static int tile_gdb_get_block(CPUState *cs, GByteArray *buf, int n)
{
    if (n < 0 || n >= ARRAY_SIZE(tile_gdb_block_fields)) {
        return 0;
    }
    return tile_gdb_get_field(cs, buf, &tile_gdb_block_fields[n]);
}

static int tile_gdb_set_block(CPUState *cs, uint8_t *buf, int n)
{
    if (n < 0 || n >= ARRAY_SIZE(tile_gdb_block_fields)) {
        return 0;
    }
    return tile_gdb_set_field(cs, buf, &tile_gdb_block_fields[n]);
}

/*
 * ---- org.pto.tile.sys: the system registers ----
 * acr, the base registers, the context-family registers of the current
 * ring (named as in isa/sysregs.isa, lower case), then the last trap's
 * instruction, length and argument.
 */

/* The catalog entries the feature shows, in order (the fixed-ring ones,
 * TTBR0_ACR1 and friends, are left out). */
static const TileIsaSysreg *tile_gdb_sysreg(int i)
{
    int k = 0;

    for (unsigned j = 0; j < tile_isa_sysreg_count; j++) {
        if (tile_isa_sysregs[j].fixed_acr >= 0) {
            continue;
        }
        if (k++ == i) {
            return &tile_isa_sysregs[j];
        }
    }
    return NULL;
}

static int tile_gdb_sysreg_count(void)
{
    int n = 0;

    for (unsigned j = 0; j < tile_isa_sysreg_count; j++) {
        n += tile_isa_sysregs[j].fixed_acr < 0;
    }
    return n;
}

static uint64_t tile_gdb_sysreg_addr(CPUTileState *env, const TileIsaSysreg *r)
{
    return r->context ? (uint64_t)env->acr * 0x1000 + r->index : r->index;
}

enum {
    TILE_GDB_SYS_ACR = 0,
    TILE_GDB_SYS_FIRST_SR = 1,
    TILE_GDB_SYS_TRAP_REGS = 3,     /* fault_insn, fault_len, trap_arg */
};

static int tile_gdb_get_sys(CPUState *cs, GByteArray *buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    int nsr = tile_gdb_sysreg_count();

    if (n < 0 || n >= TILE_GDB_SYS_FIRST_SR + nsr + TILE_GDB_SYS_TRAP_REGS) {
        return 0;
    }
    if (n == TILE_GDB_SYS_ACR) {
        return gdb_get_reg32(buf, env->acr);
    }
    if (n >= TILE_GDB_SYS_FIRST_SR && n < TILE_GDB_SYS_FIRST_SR + nsr) {
        const TileIsaSysreg *r = tile_gdb_sysreg(n - TILE_GDB_SYS_FIRST_SR);
        return gdb_get_reg64(buf, tile_sysreg_debug_read(env, tile_gdb_sysreg_addr(env, r)));
    }
    switch (n - TILE_GDB_SYS_FIRST_SR - nsr) {
    case 0:
        return gdb_get_reg64(buf, env->fault_insn);
    case 1:
        return gdb_get_reg32(buf, env->fault_len);
    case 2:
        return gdb_get_reg64(buf, env->trap_arg);
    }
    return 0;
}

static int tile_gdb_set_sys(CPUState *cs, uint8_t *buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    int nsr = tile_gdb_sysreg_count();

    if (n < 0 || n >= TILE_GDB_SYS_FIRST_SR + nsr + TILE_GDB_SYS_TRAP_REGS) {
        return 0;
    }
    if (n == TILE_GDB_SYS_ACR) {
        uint32_t v = ldl_le_p(buf);

        if (v < TILE_NUM_ACRS) {
            env->acr = v;       /* otherwise refused */
        }
        return 4;
    }
    if (n >= TILE_GDB_SYS_FIRST_SR && n < TILE_GDB_SYS_FIRST_SR + nsr) {
        const TileIsaSysreg *r = tile_gdb_sysreg(n - TILE_GDB_SYS_FIRST_SR);
        if (r->writable) {
            tile_sysreg_debug_write(env, tile_gdb_sysreg_addr(env, r), ldq_le_p(buf));
        }
        return 8;
    }
    switch (n - TILE_GDB_SYS_FIRST_SR - nsr) {
    case 0:
        env->fault_insn = ldq_le_p(buf);
        return 8;
    case 1:
        env->fault_len = ldl_le_p(buf);
        return 4;
    case 2:
        env->trap_arg = ldq_le_p(buf);
        return 8;
    }
    return 0;
}

/*
 * ---- org.pto.tile.state: the reservation and the block's memory records ----
 * A reservation written through the debugger is taken as LR would take it:
 * the monitor (TileAmoState, cpu.h) snapshots the reserved granule from
 * memory at that moment, so write memory first.  Sizes other than 1, 2, 4 and 8 are
 * refused.  The two tile bitmaps are the tile-core window's (bit per
 * allocated Local name / Shared register) and read-only.
 */
enum {
    TILE_GDB_RESV_VALID,
    TILE_GDB_RESV_ADDR,
    TILE_GDB_RESV_SIZE,
    TILE_GDB_COMMIT_ARG,
    TILE_GDB_LAST_MEM_ADDR,
    TILE_GDB_LAST_MEM_SIZE,
    TILE_GDB_LOCAL_NAMES,
    TILE_GDB_SHARED_NAMES,
    TILE_GDB_STATE_REGS,
};

static const struct {
    const char *name;
    int bits;
} tile_gdb_state_regs[TILE_GDB_STATE_REGS] = {
    [TILE_GDB_RESV_VALID] = { "resv_valid", 32 },
    [TILE_GDB_RESV_ADDR] = { "resv_addr", 64 },
    [TILE_GDB_RESV_SIZE] = { "resv_size", 32 },
    [TILE_GDB_COMMIT_ARG] = { "commit_arg", 64 },
    [TILE_GDB_LAST_MEM_ADDR] = { "last_mem_addr", 64 },
    [TILE_GDB_LAST_MEM_SIZE] = { "last_mem_size", 64 },
    [TILE_GDB_LOCAL_NAMES] = { "tile_local_names", 64 },
    [TILE_GDB_SHARED_NAMES] = { "tile_shared_names", 64 },
};

/* Snapshot the reserved granule (RAM only; elsewhere SC has no snapshot). */
static void tile_gdb_take_granule(CPUState *cs)
{
    TileAmoState *m = &cpu_env(cs)->amo;
    uint64_t offset = m->resv_addr & (TILE_RESV_GRANULE - 1);
    hwaddr xlat, len = TILE_RESV_GRANULE;
    MemoryRegion *mr;

    m->resv_line_ok = 0;
    m->resv_value = 0;
    RCU_READ_LOCK_GUARD();
    mr = address_space_translate(cs->as, m->resv_addr - offset, &xlat, &len,
                                 false, MEMTXATTRS_UNSPECIFIED);
    if (memory_region_is_ram(mr) && len == TILE_RESV_GRANULE) {
        memcpy(m->resv_line, (uint8_t *)memory_region_get_ram_ptr(mr) + xlat,
               TILE_RESV_GRANULE);
        if (is_power_of_2(m->resv_size) && m->resv_size <= 8 &&
            offset + m->resv_size <= TILE_RESV_GRANULE) {
            m->resv_value = ldn_le_p((uint8_t *)m->resv_line + offset,
                                     m->resv_size);
        }
        m->resv_line_ok = 1;
    }
}

static int tile_gdb_get_state(CPUState *cs, GByteArray *buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    Object *core = env_archcpu(env)->tile_core;
    TileFile *tiles = core ? tile_core_tile_file(core) : NULL;

    switch (n) {
    case TILE_GDB_RESV_VALID:
        return gdb_get_reg32(buf, env->amo.resv_valid);
    case TILE_GDB_RESV_ADDR:
        return gdb_get_reg64(buf, env->amo.resv_addr);
    case TILE_GDB_RESV_SIZE:
        return gdb_get_reg32(buf, env->amo.resv_size);
    case TILE_GDB_COMMIT_ARG:
        return gdb_get_reg64(buf, env->blk.commit_arg);
    case TILE_GDB_LAST_MEM_ADDR:
        return gdb_get_reg64(buf, env->blk.ext.tpl.last_addr);
    case TILE_GDB_LAST_MEM_SIZE:
        return gdb_get_reg64(buf, env->blk.ext.tpl.last_size);
    case TILE_GDB_LOCAL_NAMES:
        return gdb_get_reg64(buf, tiles ? tile_file_local_names(tiles) : 0);
    case TILE_GDB_SHARED_NAMES:
        return gdb_get_reg64(buf, tiles ? tile_file_shared_names(tiles) : 0);
    }
    return 0;
}

static int tile_gdb_set_state(CPUState *cs, uint8_t *buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    TileAmoState *m = &env->amo;
    uint32_t v32;

    switch (n) {
    case TILE_GDB_RESV_VALID:
        v32 = ldl_le_p(buf);
        if (v32 <= 1) {
            m->resv_valid = v32;
        }
        break;
    case TILE_GDB_RESV_ADDR:
        m->resv_addr = ldq_le_p(buf);
        break;
    case TILE_GDB_RESV_SIZE:
        v32 = ldl_le_p(buf);
        if (v32 == 1 || v32 == 2 || v32 == 4 || v32 == 8) {
            m->resv_size = v32;
        }
        break;
    case TILE_GDB_COMMIT_ARG:
        env->blk.commit_arg = ldq_le_p(buf);
        return 8;
    case TILE_GDB_LAST_MEM_ADDR:
        env->blk.ext.tpl.last_addr = ldq_le_p(buf);
        return 8;
    case TILE_GDB_LAST_MEM_SIZE:
        env->blk.ext.tpl.last_size = ldq_le_p(buf);
        return 8;
    case TILE_GDB_LOCAL_NAMES:
    case TILE_GDB_SHARED_NAMES:
        return 8;               /* read-only: the tile-core device owns them */
    default:
        return 0;
    }
    if (m->resv_valid) {
        tile_gdb_take_granule(cs);
    }
    return tile_gdb_state_regs[n].bits / 8;
}

/* ---- feature generation and registration ---- */

static GDBFeature tile_gdb_pe_feature;
static GDBFeature tile_gdb_block_feature;
static GDBFeature tile_gdb_sys_feature;
static GDBFeature tile_gdb_state_feature;

/*
 * The features are the same for every Core and so is the register number
 * they start at (all Cores have the same core feature), so they are built
 * once.  Realize runs under the BQL.
 */
static void tile_gdb_build_features(int base)
{
    static bool built;
    GDBFeatureBuilder b;
    int i;

    if (built) {
        return;
    }
    built = true;

    gdb_feature_builder_init(&b, &tile_gdb_pe_feature, "org.pto.tile.pe",
                             "tile-pe.xml", base);
    for (i = 0; i < TILE_GDB_PE_REGS; i++) {
        gdb_feature_builder_append_reg(&b,
            g_strdup_printf("pe%d_r%d", 1 + i / TILE_NUM_GPRS,
                            i % TILE_NUM_GPRS),
            64, i, "int64", "pe");
    }
    gdb_feature_builder_end(&b);
    base += tile_gdb_pe_feature.num_regs;

    gdb_feature_builder_init(&b, &tile_gdb_block_feature,
                             "org.pto.tile.block", "tile-block.xml", base);
    for (i = 0; i < ARRAY_SIZE(tile_gdb_block_fields); i++) {
        const TileGdbField *f = &tile_gdb_block_fields[i];

        gdb_feature_builder_append_reg(&b, f->name, f->bits, i,
                                       f->bits == 32 ? "uint32" : "uint64",
                                       "block");
    }
    gdb_feature_builder_end(&b);
    base += tile_gdb_block_feature.num_regs;

    gdb_feature_builder_init(&b, &tile_gdb_sys_feature, "org.pto.tile.sys",
                             "tile-sys.xml", base);
    gdb_feature_builder_append_reg(&b, "acr", 32, TILE_GDB_SYS_ACR,
                                   "uint32", "system");
    int nsr = tile_gdb_sysreg_count();
    for (i = 0; i < nsr; i++) {
        gdb_feature_builder_append_reg(&b, g_ascii_strdown(tile_gdb_sysreg(i)->name, -1),
                                       64, TILE_GDB_SYS_FIRST_SR + i, "uint64",
                                       "system");
    }
    gdb_feature_builder_append_reg(&b, "fault_insn", 64, TILE_GDB_SYS_FIRST_SR + nsr,
                                   "uint64", "system");
    gdb_feature_builder_append_reg(&b, "fault_len", 32, TILE_GDB_SYS_FIRST_SR + nsr + 1,
                                   "uint32", "system");
    gdb_feature_builder_append_reg(&b, "trap_arg", 64, TILE_GDB_SYS_FIRST_SR + nsr + 2,
                                   "uint64", "system");
    gdb_feature_builder_end(&b);
    base += tile_gdb_sys_feature.num_regs;

    gdb_feature_builder_init(&b, &tile_gdb_state_feature, "org.pto.tile.state",
                             "tile-state.xml", base);
    for (i = 0; i < TILE_GDB_STATE_REGS; i++) {
        int bits = tile_gdb_state_regs[i].bits;

        gdb_feature_builder_append_reg(&b, tile_gdb_state_regs[i].name, bits, i,
                                       bits == 32 ? "uint32" : "uint64", "state");
    }
    gdb_feature_builder_end(&b);
}

void tile_cpu_register_gdb_regs(CPUState *cs)
{
    tile_gdb_build_features(cs->gdb_num_regs);
    gdb_register_coprocessor(cs, tile_gdb_get_pe, tile_gdb_set_pe,
                             &tile_gdb_pe_feature, 0);
    gdb_register_coprocessor(cs, tile_gdb_get_block, tile_gdb_set_block,
                             &tile_gdb_block_feature, 0);
    gdb_register_coprocessor(cs, tile_gdb_get_sys, tile_gdb_set_sys,
                             &tile_gdb_sys_feature, 0);
    gdb_register_coprocessor(cs, tile_gdb_get_state, tile_gdb_set_state,
                             &tile_gdb_state_feature, 0);
}
