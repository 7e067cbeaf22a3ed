/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Evaluates SFU element functions for tests/unit/elem-func-test.py: each
 * input line "DTYPE OP RMODE RAW" (B.DATR DataType code, one of exp log
 * recip sqrt rsqrt, B.DATR RMode 1..7, the raw operand in hex) gives the
 * line "RESULT FLAGS" (both hex) from sfu_unary_mode()
 * (target/tile/numeric/sfu_elem.c), the code the SFU and the FSU's FEXP
 * run.  A malformed line is an error: one line on stderr, exit status 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numeric/sfu_elem.h"

static const char *const op_names[] = {
    [SFU_EXP] = "exp", [SFU_LOG] = "log", [SFU_RECIP] = "recip",
    [SFU_SQRT] = "sqrt", [SFU_RSQRT] = "rsqrt",
};

int main(void)
{
    char line[256], name[16];
    unsigned long line_no = 0;

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
        raw = sfu_unary_mode(dtype, (SfuUnOp)op, raw, (TileRound)rmode, &flags);
        printf("%llx %x\n", raw, flags);
    }
    return 0;
}
