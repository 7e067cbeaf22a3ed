/*
 * PTO Tile AMO helpers: the LR/SC reservation monitor and DMA
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Semantics: PTO-SCALAR-MODEL-AMO-SEMANTICS and the LR.*, SC.* and DMA
 * contracts.  See TileAmoState in cpu.h for how the monitor is kept.
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/cpu_ldst.h"
#include "exec/memory.h"
#include "exec/helper-proto.h"
#include "qemu/atomic.h"

static uint64_t granule_of(uint64_t addr)
{
    return addr & ~(uint64_t)(TILE_RESV_GRANULE - 1);
}

static uint64_t amo_load_mmu(CPUTileState *env, uint64_t addr, MemOpIdx oi,
                             uintptr_t ra)
{
    switch (memop_size(get_memop(oi))) {
    case 1:
        return cpu_ldb_mmu(env, addr, oi, ra);
    case 2:
        return cpu_ldw_mmu(env, addr, oi, ra);
    case 4:
        return cpu_ldl_mmu(env, addr, oi, ra);
    default:
        return cpu_ldq_mmu(env, addr, oi, ra);
    }
}

static void amo_store_mmu(CPUTileState *env, uint64_t addr, uint64_t val,
                          MemOpIdx oi, uintptr_t ra)
{
    switch (memop_size(get_memop(oi))) {
    case 1:
        cpu_stb_mmu(env, addr, val, oi, ra);
        break;
    case 2:
        cpu_stw_mmu(env, addr, val, oi, ra);
        break;
    case 4:
        cpu_stl_mmu(env, addr, val, oi, ra);
        break;
    default:
        cpu_stq_mmu(env, addr, val, oi, ra);
        break;
    }
}

/*
 * LR.B/H/W/D.  A fault leaves an older reservation as it was.  On RAM the
 * granule is copied with 8-byte single-copy-atomic reads and the result is
 * taken from that copy, so the value and the snapshot always agree.
 */
uint64_t helper_amo_lr(CPUTileState *env, uint64_t addr, uint32_t oi)
{
    uintptr_t ra = GETPC();
    MemOp mop = get_memop(oi);
    int size = memop_size(mop);
    TileAmoState *m = &env->amo;
    uint64_t val;
    uint8_t *host;

    if (addr & (size - 1)) {
        tile_raise_exception(env, EXCP_DATA_ALIGN_FAULT, addr, ra);
    }
    host = probe_access(env, addr, size, MMU_DATA_LOAD, get_mmuidx(oi), ra);
    if (host) {
        uint64_t *line = (uint64_t *)(host - (addr & (TILE_RESV_GRANULE - 1)));

        for (int i = 0; i < TILE_RESV_GRANULE / 8; i++) {
            m->resv_line[i] = qatomic_read__nocheck(&line[i]);
        }
        val = ldn_le_p((uint8_t *)m->resv_line + (addr & (TILE_RESV_GRANULE - 1)),
                       size);
        m->resv_line_ok = 1;
    } else {
        /* I/O: Fault_DataPage outside any device, else one plain read */
        val = amo_load_mmu(env, addr, oi, ra);
        m->resv_line_ok = 0;
    }
    m->resv_valid = 1;
    m->resv_addr = addr;
    m->resv_size = size;
    m->resv_value = val;
    if (mop & MO_SIGN) {
        val = sextract64(val, 0, size * 8);
    }
    return val;
}

/*
 * SC.B/H/W/D.  Every attempt clears the reservation.  A miss (no
 * reservation, or another granule) is probe-free and returns 1; a granule
 * match checks alignment and access, then stores and returns 0.  The
 * granule compare and the store must be one indivisible step, so under
 * MTTCG a matching SC is re-executed with the other vCPUs stopped.
 */
uint64_t helper_amo_sc(CPUTileState *env, uint64_t addr, uint64_t val,
                       uint32_t oi, uint32_t parallel)
{
    uintptr_t ra = GETPC();
    int size = memop_size(get_memop(oi));
    TileAmoState *m = &env->amo;
    uint8_t *host;

    if (!m->resv_valid || granule_of(addr) != granule_of(m->resv_addr)) {
        m->resv_valid = 0;
        return 1;
    }
    if (parallel) {
        cpu_loop_exit_atomic(env_cpu(env), ra);
    }
    m->resv_valid = 0;
    if (addr & (size - 1)) {
        tile_raise_exception(env, EXCP_DATA_ALIGN_FAULT, addr, ra);
    }
    host = probe_access(env, addr, size, MMU_DATA_STORE, get_mmuidx(oi), ra);
    if (m->resv_line_ok) {
        const uint64_t *line;

        if (!host) {
            return 1;
        }
        line = (const uint64_t *)(host - (addr & (TILE_RESV_GRANULE - 1)));
        for (int i = 0; i < TILE_RESV_GRANULE / 8; i++) {
            if (qatomic_read__nocheck(&line[i]) != m->resv_line[i]) {
                /* another agent wrote the granule since LR */
                return 1;
            }
        }
    }
    amo_store_mmu(env, addr, val, oi, ra);
    return 0;
}

/* The whole range must reach memory or a device (identity translation). */
static bool dma_range_ok(CPUState *cs, uint64_t addr, bool is_write)
{
    return addr <= UINT64_MAX - 63 &&
           address_space_access_valid(cs->as, addr, 64, is_write,
                                      MEMTXATTRS_UNSPECIFIED) &&
           tile_data_access_permitted(cpu_env(cs), addr, 64);
}

/*
 * DMA [SrcL], SrcR: copy 64 bytes from SrcL to SrcR, one-byte alignment.
 * The source range is checked, then the destination range; any failure is
 * Fault_DataPage with the range's original address before any byte moves.
 * The source is read whole before the first write (memmove semantics).
 */
void helper_amo_dma(CPUTileState *env, uint64_t src, uint64_t dst,
                    uint32_t mmu_idx)
{
    uintptr_t ra = GETPC();
    CPUState *cs = env_cpu(env);
    TileAmoState *m = &env->amo;
    uint8_t buf[64];

    if (!dma_range_ok(cs, src, false)) {
        tile_raise_exception(env, EXCP_DATA_PAGE_FAULT, src, ra);
    }
    if (!dma_range_ok(cs, dst, true)) {
        tile_raise_exception(env, EXCP_DATA_PAGE_FAULT, dst, ra);
    }
    for (int i = 0; i < 64; i++) {
        buf[i] = cpu_ldub_mmuidx_ra(env, src + i, mmu_idx, ra);
    }
    for (int i = 0; i < 64; i++) {
        cpu_stb_mmuidx_ra(env, dst + i, buf[i], mmu_idx, ra);
    }
    /* a destination range overlapping the reserved granule drops it */
    if (m->resv_valid) {
        uint64_t g = granule_of(m->resv_addr);

        if (dst < g + TILE_RESV_GRANULE && g < dst + 64) {
            m->resv_valid = 0;
        }
    }
}
