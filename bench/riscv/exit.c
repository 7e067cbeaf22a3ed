/* SPDX-License-Identifier: GPL-2.0-or-later */
#include "bench.h"

__attribute__((noreturn)) void bench_exit(int code)
{
    bench_exit_impl(code);
}
