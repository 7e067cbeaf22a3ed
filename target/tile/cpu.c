/*
 * QEMU PTO Tile CPU (one CPU = one PTO Core)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/timer.h"
#include "qemu/qemu-print.h"
#include "qapi/error.h"
#include "cpu.h"
#include "migration/vmstate.h"
#include "exec/cputlb.h"
#include "exec/page-protection.h"
#include "exec/translation-block.h"
#include "exec/memory.h"
#include "qemu/rcu.h"
#include "hw/qdev-properties.h"
#include "tcg/debug-assert.h"
#include "hw/tile/tile_state.h"

static void tile_cpu_set_pc(CPUState *cs, vaddr value)
{
    TileCPU *cpu = TILE_CPU(cs);

    cpu->env.pc = value;
}

static vaddr tile_cpu_get_pc(CPUState *cs)
{
    TileCPU *cpu = TILE_CPU(cs);

    return cpu->env.pc;
}

static void tile_cpu_synchronize_from_tb(CPUState *cs,
                                         const TranslationBlock *tb)
{
    TileCPU *cpu = TILE_CPU(cs);

    tcg_debug_assert(!tcg_cflags_has(cs, CF_PCREL));
    cpu->env.pc = tb->pc;
}

static bool tile_cpu_has_work(CPUState *cs)
{
    return cs->interrupt_request & CPU_INTERRUPT_HARD;
}

static int tile_cpu_mmu_index(CPUState *cs, bool ifetch)
{
    return 0;
}

/*
 * Reset profile: PC 0 in ACR0, outside any block, empty T/U queues,
 * all GPRs and system registers zero.
 */
static void tile_cpu_reset_hold(Object *obj, ResetType type)
{
    CPUState *cs = CPU(obj);
    TileCPUClass *tcc = TILE_CPU_GET_CLASS(obj);
    CPUTileState *env = cpu_env(cs);

    if (tcc->parent_phases.hold) {
        tcc->parent_phases.hold(obj, type);
    }

    memset(env, 0, offsetof(CPUTileState, end_reset_fields));
    /* the reset profile (asl/arch/profile/reset.asl): PC 0, ACR0, no block,
     * every bank clear except ECONFIG = 3 (external and timer enabled) */
    env->pc = 0;
    env->acr = 0;
    env->blk.phase = TILE_BLOCK_NONE;
    env->blk.kind = TILE_XFER_FALL;
    env->trap_ring = -1;
    env->amo.resv_size = 1;     /* no reservation; the reset profile's size */
    for (int r = 0; r < TILE_NUM_ACRS; r++) {
        env->sr_ctx[r][0xF07 - TILE_SR_CTX_FIRST] = 3;
    }
    cs->exception_index = -1;
    if (TILE_CPU(obj)->timer) {
        timer_del(TILE_CPU(obj)->timer);
    }
}

static ObjectClass *tile_cpu_class_by_name(const char *cpu_model)
{
    ObjectClass *oc;
    char *typename;

    oc = object_class_by_name(cpu_model);
    if (oc != NULL && object_class_dynamic_cast(oc, TYPE_TILE_CPU) != NULL &&
        !object_class_is_abstract(oc)) {
        return oc;
    }
    typename = g_strdup_printf(TILE_CPU_TYPE_NAME("%s"), cpu_model);
    oc = object_class_by_name(typename);
    g_free(typename);

    return oc;
}

static void tile_cpu_realize(DeviceState *dev, Error **errp)
{
    CPUState *cs = CPU(dev);
    TileCPUClass *tcc = TILE_CPU_GET_CLASS(dev);
    TileCPU *cpu = TILE_CPU(dev);
    Error *local_err = NULL;

    if (!cpu->numeric_profile || !strcmp(cpu->numeric_profile, "ieee")) {
        cpu->pto_v0 = false;
    } else if (!strcmp(cpu->numeric_profile, "pto-v0")) {
        cpu->pto_v0 = true;
    } else {
        error_setg(errp, "numeric-profile must be 'ieee' or 'pto-v0', not '%s'",
                   cpu->numeric_profile);
        return;
    }

    cpu_exec_realizefn(cs, &local_err);
    if (local_err != NULL) {
        error_propagate(errp, local_err);
        return;
    }
    tile_cpu_register_gdb_regs(cs);

    cpu->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, tile_timer_cb, cpu);
    qemu_init_vcpu(cs);
    cpu_reset(cs);

    tcc->parent_realize(dev, errp);
}

/* The lowest data-access limit of any ring, 0 if there is none. */
static uint64_t tile_lowest_data_limit(TileCPU *cpu)
{
    if (cpu->app_region && (!cpu->data_limit || cpu->app_region < cpu->data_limit)) {
        return cpu->app_region;
    }
    return cpu->data_limit;
}

/* Does @addr hold memory instructions can be fetched from (RAM or ROM)? */
static bool tile_cpu_fetchable(CPUState *cs, hwaddr addr)
{
    MemoryRegion *mr;
    hwaddr xlat, len = 1;

    RCU_READ_LOCK_GUARD();
    mr = address_space_translate(cs->as, addr, &xlat, &len, false,
                                 MEMTXATTRS_UNSPECIFIED);
    return memory_region_is_ram(mr) || memory_region_is_romd(mr);
}

/*
 * No address translation (TranslateDataAddress is the identity):
 * physical = virtual.  Only RAM is executable: a fetch from a device or an
 * unassigned address is Fault_InstructionPage (TRAPARG0 = the address
 * fetched), raised before the fetch, so no device register is ever read
 * as an instruction.  A page that some ring may not
 * wholly access (data-limit, app-region) gets exec-only entries for
 * fetches and one-shot data entries, so every data access to it is
 * checked for the ring that makes it.
 */
static bool tile_cpu_tlb_fill(CPUState *cs, vaddr addr, int size,
                              MMUAccessType access_type, int mmu_idx,
                              bool probe, uintptr_t retaddr)
{
    TileCPU *cpu = TILE_CPU(cs);
    vaddr page = addr & TARGET_PAGE_MASK;
    uint64_t lowest = tile_lowest_data_limit(cpu);
    int prot = PAGE_READ | PAGE_WRITE;
    uint64_t tlb_size = TARGET_PAGE_SIZE;

    if (tile_cpu_fetchable(cs, page)) {
        prot |= PAGE_EXEC;
    } else if (access_type == MMU_INST_FETCH) {
        if (probe) {
            return false;
        }
        tile_raise_exception(cpu_env(cs), EXCP_INST_PAGE_FAULT, addr, retaddr);
    }
    if (lowest && page + TARGET_PAGE_SIZE > lowest && page < cpu->mem_end) {
        if (access_type == MMU_INST_FETCH) {
            prot = PAGE_EXEC;
        } else {
            if (!tile_data_access_permitted(&cpu->env, addr, size ? size : 1)) {
                if (probe) {
                    return false;
                }
                tile_raise_exception(&cpu->env, EXCP_DATA_PAGE_FAULT, addr, retaddr);
            }
            prot = PAGE_READ | PAGE_WRITE;
            tlb_size = 1;
        }
    }
    tlb_set_page(cs, page, page, prot, mmu_idx, tlb_size);
    return true;
}

/* A misaligned scalar access: Fault_DataAlignment, TRAPARG0 = address. */
static G_NORETURN void tile_cpu_do_unaligned_access(CPUState *cs, vaddr addr,
                                                    MMUAccessType access_type,
                                                    int mmu_idx, uintptr_t retaddr)
{
    tile_raise_exception(cpu_env(cs), EXCP_DATA_ALIGN_FAULT, addr, retaddr);
}

/* An access that reaches no memory or device: Fault_DataPage. */
static void tile_cpu_do_transaction_failed(CPUState *cs, hwaddr physaddr,
                                           vaddr addr, unsigned size,
                                           MMUAccessType access_type,
                                           int mmu_idx, MemTxAttrs attrs,
                                           MemTxResult response,
                                           uintptr_t retaddr)
{
    int excp = access_type == MMU_INST_FETCH ? EXCP_INST_PAGE_FAULT
                                             : EXCP_DATA_PAGE_FAULT;

    tile_raise_exception(cpu_env(cs), excp, addr, retaddr);
}

hwaddr tile_cpu_get_phys_page_debug(CPUState *cs, vaddr addr)
{
    return addr & TARGET_PAGE_MASK;
}

static const char *tile_block_phase_name(uint32_t phase)
{
    switch (phase) {
    case TILE_BLOCK_NONE:
        return "none";
    case TILE_BLOCK_HEADER:
        return "header";
    case TILE_BLOCK_BODY:
        return "body";
    default:
        return "?";
    }
}

void tile_cpu_dump_state(CPUState *cs, FILE *f, int flags)
{
    CPUTileState *env = cpu_env(cs);
    int i;

    qemu_fprintf(f, "TPC  %016" PRIx64 "  BPC  %016" PRIx64 "  ACR%u\n",
                 env->pc, env->bpc, env->acr);
    {
        unsigned r = env->acr;
        const uint64_t *c = env->sr_ctx[r];
        qemu_fprintf(f, "ACR%-2u ECSTATE %016" PRIx64 " EVBASE %016" PRIx64
                     " TRAPNO %016" PRIx64 " TRAPARG0 %016" PRIx64 "\n"
                     "      ECONFIG %016" PRIx64 " EBARG0 %016" PRIx64
                     " EBARG_TPC %016" PRIx64 " TIMECMP %016" PRIx64 "\n",
                     r, c[0x00], c[0x01], c[0x02], c[0x03], c[0x07], c[0x40], c[0x43],
                     c[0x21]);
    }
    static const char *const btypes[4] = { "STD", "FP", "SYS", "?" };
    static const char *const xfers[8] = {
        "?", "FALL", "DIRECT", "COND", "?", "IND", "?", "RET",
    };
    qemu_fprintf(f, "BLK  %-6s  %s %s taken %u  cur %016" PRIx64
                 " tgt %016" PRIx64 " ra %016" PRIx64 "\n",
                 tile_block_phase_name(env->blk.phase), btypes[env->blk.btype & 3],
                 xfers[env->blk.kind & 7], env->blk.cond, env->blk.bpc_cur,
                 env->blk.bpc_tgt, env->blk.ret_addr);
    for (i = 0; i < TILE_NUM_GPRS; i++) {
        qemu_fprintf(f, "R%-2d %016" PRIx64 "%s", i, env->gpr[0][i],
                     (i % 4) == 3 ? "\n" : "  ");
    }
    /* PE1..PE3 banks: only the registers that hold a value */
    for (int pe = 1; pe < TILE_NUM_PES; pe++) {
        int n = 0;
        qemu_fprintf(f, "PE%d ", pe);
        for (i = 1; i < TILE_NUM_GPRS; i++) {
            if (env->gpr[pe][i]) {
                qemu_fprintf(f, " R%d=%016" PRIx64, i, env->gpr[pe][i]);
                n++;
            }
        }
        qemu_fprintf(f, "%s\n", n ? "" : " (all zero)");
    }
    qemu_fprintf(f, "T    ");
    for (i = 0; i < TILE_QUEUE_DEPTH; i++) {
        if (env->tq_valid & (1u << i)) {
            qemu_fprintf(f, " #%d=%016" PRIx64, i + 1, env->tq[i]);
        } else {
            qemu_fprintf(f, " #%d=<empty>", i + 1);
        }
    }
    qemu_fprintf(f, "\nU    ");
    for (i = 0; i < TILE_QUEUE_DEPTH; i++) {
        if (env->uq_valid & (1u << i)) {
            qemu_fprintf(f, " #%d=%016" PRIx64, i + 1, env->uq[i]);
        } else {
            qemu_fprintf(f, " #%d=<empty>", i + 1);
        }
    }
    qemu_fprintf(f, "\n");
}

static void tile_cpu_init(Object *obj)
{
    TileCPU *cpu = TILE_CPU(obj);

    /* settable after realize: the device is created after its CPU */
    object_property_add_link(obj, TILE_CORE_LINK_PROP, TYPE_TILE_CORE,
                             &cpu->tile_core, object_property_allow_set_link, 0);
    object_property_add_link(obj, TILE_GQM_LINK_PROP, TYPE_TILE_GQM,
                             &cpu->gqm, object_property_allow_set_link, 0);

    /* external interrupt lines, one per interrupt ID (hw/tile/tile_intc.c) */
    qdev_init_gpio_in(DEVICE(obj), tile_cpu_set_ext_irq,
                      TILE_NUM_INTERRUPT_IDS);
}

static const Property tile_cpu_properties[] = {
    /*
     * docs/design.md decision 6: by default an unhandled trap is reported and
     * the run ends; "trap-literal=on" follows EVBASE literally.
     */
    DEFINE_PROP_BOOL("trap-literal", TileCPU, trap_literal, false),
    /*
     * The numeric profile (docs/design.md, "Numerics"): "ieee" is the hardware
     * profile, "pto-v0" the ASL reference profile with raw carriers.
     */
    DEFINE_PROP_STRING("numeric-profile", TileCPU, numeric_profile),
};

#include "hw/core/sysemu-cpu-ops.h"

static const struct SysemuCPUOps tile_sysemu_ops = {
    .has_work = tile_cpu_has_work,
    .get_phys_page_debug = tile_cpu_get_phys_page_debug,
};

#include "accel/tcg/cpu-ops.h"

static const TCGCPUOps tile_tcg_ops = {
    .initialize = tile_translate_init,
    .translate_code = tile_translate_code,
    .synchronize_from_tb = tile_cpu_synchronize_from_tb,
    .restore_state_to_opc = tile_restore_state_to_opc,
    .tlb_fill = tile_cpu_tlb_fill,
    .do_unaligned_access = tile_cpu_do_unaligned_access,
    .do_transaction_failed = tile_cpu_do_transaction_failed,

    .cpu_exec_interrupt = tile_cpu_exec_interrupt,
    .cpu_exec_halt = tile_cpu_has_work,
    .do_interrupt = tile_cpu_do_interrupt,
};

static void tile_cpu_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    CPUClass *cc = CPU_CLASS(klass);
    TileCPUClass *tcc = TILE_CPU_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    device_class_set_parent_realize(dc, tile_cpu_realize,
                                    &tcc->parent_realize);
    resettable_class_set_parent_phases(rc, NULL, tile_cpu_reset_hold, NULL,
                                       &tcc->parent_phases);
    device_class_set_props(dc, tile_cpu_properties);
    dc->vmsd = &vmstate_tile_cpu;

    cc->class_by_name = tile_cpu_class_by_name;
    cc->mmu_index = tile_cpu_mmu_index;
    cc->dump_state = tile_cpu_dump_state;
    cc->set_pc = tile_cpu_set_pc;
    cc->get_pc = tile_cpu_get_pc;

    cc->sysemu_ops = &tile_sysemu_ops;
    cc->gdb_read_register = tile_cpu_gdb_read_register;
    cc->gdb_write_register = tile_cpu_gdb_write_register;
    cc->gdb_core_xml_file = "tile-core.xml";
    cc->disas_set_info = tile_cpu_disas_set_info;
    cc->tcg_ops = &tile_tcg_ops;
}

static const TypeInfo tile_cpu_types[] = {
    {
        .name = TYPE_TILE_CPU,
        .parent = TYPE_CPU,
        .instance_size = sizeof(TileCPU),
        .instance_align = __alignof(TileCPU),
        .instance_init = tile_cpu_init,
        .abstract = true,
        .class_size = sizeof(TileCPUClass),
        .class_init = tile_cpu_class_init,
    },
    {
        .name = TYPE_TILE_CPU_PTO_CORE,
        .parent = TYPE_TILE_CPU,
    },
};

DEFINE_TYPES(tile_cpu_types)
