/*
 * PTO Tile gdb server stub: PE0 GPR bank and PC (gdb-xml/tile-core.xml)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "gdbstub/helpers.h"

enum {
    TILE_GDB_PC = TILE_NUM_GPRS,
};

int tile_cpu_gdb_read_register(CPUState *cs, GByteArray *mem_buf, int n)
{
    CPUTileState *env = cpu_env(cs);

    if (n == 0) {
        return gdb_get_reg64(mem_buf, 0);
    }
    if (n < TILE_NUM_GPRS) {
        return gdb_get_reg64(mem_buf, env->gpr[0][n]);
    }
    if (n == TILE_GDB_PC) {
        return gdb_get_reg64(mem_buf, env->pc);
    }
    return 0;
}

int tile_cpu_gdb_write_register(CPUState *cs, uint8_t *mem_buf, int n)
{
    CPUTileState *env = cpu_env(cs);
    uint64_t val = ldq_le_p(mem_buf);

    if (n < TILE_NUM_GPRS) {
        if (n != 0) {
            env->gpr[0][n] = val;
        }
        return 8;
    }
    if (n == TILE_GDB_PC) {
        env->pc = val;
        return 8;
    }
    return 0;
}
