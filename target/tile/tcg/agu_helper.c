/*
 * PTO Tile AGU helpers
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "exec/exec-all.h"
#include "exec/helper-proto.h"
#include "exec/memory.h"

/* Does [addr, addr + size) reach a memory or device region? */
static bool agu_backed(CPUTileState *env, uint64_t addr, int size,
                       MMUAccessType type, int mmu_idx, uintptr_t ra)
{
    CPUState *cs = env_cpu(env);
    MemoryRegionSection s;
    bool ok;

    if (probe_access(env, addr, size, type, mmu_idx, ra)) {
        return true;            /* RAM */
    }
    /* MMIO or nothing: identity translation, so look the address up. */
    s = memory_region_find(cs->as->root, addr, size);
    if (!s.mr) {
        return false;
    }
    ok = int128_get64(s.size) == size;
    memory_region_unref(s.mr);
    return ok;
}

/*
 * Pair preflight (PTO-SCALAR-MODEL-DISPATCH-AGU, ExecuteDecodedAGULoadPair
 * and ...StorePair): the halves at addr and addr + size are checked in
 * order, each for alignment first (Fault_DataAlignment) and then for memory
 * (Fault_DataPage), TRAPARG0 being that half's address.  Nothing is
 * accessed here; the translator performs both accesses after this returns.
 * desc: [1:0] log2(size), [2] store, [31:3] mmu index.
 */
void HELPER(agu_probe_pair)(CPUTileState *env, uint64_t addr, uint32_t desc)
{
    int size = 1 << (desc & 3);
    MMUAccessType type = desc & 4 ? MMU_DATA_STORE : MMU_DATA_LOAD;
    int mmu_idx = desc >> 3;
    uintptr_t ra = GETPC();

    for (int i = 0; i < 2; i++) {
        uint64_t a = addr + (uint64_t)i * size;

        if (a & (size - 1)) {
            tile_raise_exception(env, EXCP_DATA_ALIGN_FAULT, a, ra);
        }
        if (!agu_backed(env, a, size, type, mmu_idx, ra)) {
            tile_raise_exception(env, EXCP_DATA_PAGE_FAULT, a, ra);
        }
    }
}
