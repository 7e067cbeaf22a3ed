/*
 * PTO Tile TCG helper declarations
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

/* raise Fault_IllegalInstruction at env->pc: insn bits, length in bytes */
DEF_HELPER_3(raise_illegal_instruction, noreturn, env, i64, i32)
DEF_HELPER_2(raise_exception, noreturn, env, i32)
DEF_HELPER_5(check_queue_entry, void, env, i32, i32, i64, i32)
DEF_HELPER_2(check_jump_target, void, env, i64)

/* One declaration file per engine, next to its E_helper.c. */
#include "helper-alu.h"
#include "helper-agu.h"
#include "helper-bru.h"
#include "helper-amo.h"
#include "helper-fsu.h"
#include "helper-sys.h"
#include "helper-block.h"
