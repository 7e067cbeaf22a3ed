/*
 * PTO Tile CPU: SFU operations (in progress)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "cpu.h"
#include "tepl.h"
