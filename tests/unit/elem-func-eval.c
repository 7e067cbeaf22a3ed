/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Evaluates SFU element functions for tests/unit/elem-func-test.py: each
 * input line "DTYPE OP RMODE RAW" (B.DATR DataType code, one of exp log
 * recip sqrt rsqrt, B.DATR RMode 1..7, the raw operand in hex) gives the
 * line "RESULT FLAGS" (both hex) from sfu_unary_mode()
 * (target/tile/numeric/sfu_elem.c), the code the SFU and the FSU's FEXP
 * run.  With --first-frac N, EXP and LOG of an input without a special
 * value start their bounds at N fraction bits (tile_num_exp_from(),
 * tile_num_log_from()), which drives the refinement.  A malformed line or
 * argument is an error: one line on stderr, exit status 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numeric/sfu_elem.h"
#include "numeric/elem_func.h"

static const char *const op_names[] = {
    [SFU_EXP] = "exp", [SFU_LOG] = "log", [SFU_RECIP] = "recip",
    [SFU_SQRT] = "sqrt", [SFU_RSQRT] = "rsqrt",
};

/* op of raw with the first bounds at first_frac bits, when the input has
 * no special value; else the ordinary result. */
static uint64_t evaluate(unsigned dtype, SfuUnOp op, uint64_t raw, TileRound rm,
                         int first_frac, unsigned *flags)
{
    TileNumExact x;

    if (first_frac && (op == SFU_EXP || op == SFU_LOG) && tile_num_exact(dtype, raw, &x) &&
        x.sig && (op == SFU_EXP || (!x.neg && raw != tile_num_one(dtype)))) {
        return op == SFU_EXP ? tile_num_exp_from(dtype, &x, rm, first_frac, flags)
                             : tile_num_log_from(dtype, &x, rm, first_frac, flags);
    }
    return sfu_unary_mode(dtype, op, raw, rm, flags);
}

int main(int argc, char **argv)
{
    char line[256], name[16];
    unsigned long line_no = 0;
    int first_frac = 0;

    if (argc == 3 && strcmp(argv[1], "--first-frac") == 0) {
        first_frac = atoi(argv[2]);
    }
    if ((argc != 1 && argc != 3) || (argc == 3 && (first_frac < 32 || first_frac % 32 ||
                                                    first_frac > 768))) {
        fprintf(stderr, "usage: elem-func-eval [--first-frac N (32..768, a multiple of 32)]\n");
        return 1;
    }

    while (fgets(line, sizeof(line), stdin)) {
        unsigned dtype, rmode, flags = 0;
        unsigned long long raw;
        int op = -1;

        line_no++;
        if (sscanf(line, "%u %15s %u %llx", &dtype, name, &rmode, &raw) != 4) {
            fprintf(stderr, "elem-func-eval: line %lu: expected DTYPE OP RMODE RAW\n",
                    line_no);
            return 1;
        }
        for (int i = 0; i < (int)(sizeof(op_names) / sizeof(op_names[0])); i++) {
            if (strcmp(name, op_names[i]) == 0) {
                op = i;
            }
        }
        if (op < 0 || !sfu_type_float(dtype) || rmode < 1 || rmode > 7) {
            fprintf(stderr, "elem-func-eval: line %lu: bad operation, type or mode\n",
                    line_no);
            return 1;
        }
        raw = evaluate(dtype, (SfuUnOp)op, raw, (TileRound)rmode, first_frac, &flags);
        printf("%llx %x\n", raw, flags);
    }
    return 0;
}
