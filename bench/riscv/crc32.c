/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crc32: bitwise CRC-32 (reflected, polynomial 0xEDB88320, as zlib) over a
 * CRC_N-byte buffer, CRC_REPS times in a row, i.e. the CRC of the buffer
 * repeated CRC_REPS times.  buf[i] = (i + (i >> 8)) & 0xff.  The eight bit
 * steps of a byte are written out, as in the PTO version.
 */
#include "bench.h"

static u8 buf[CRC_N];
BENCH_RUNTIME(CRC_REPS, CRC_EXPECT);

#define STEP(c) ((c) = ((c) >> 1) ^ (0xEDB88320u & -((c) & 1)))

int main(void)
{
    u64 i, r, reps = bench_reps;
    u64 crc = 0xffffffffu;

    for (i = 0; i < CRC_N; i++) {
        buf[i] = (u8)(i + (i >> 8));
    }
    for (r = 0; r < reps; r++) {
        barrier();
        for (i = 0; i < CRC_N; i++) {
            crc ^= buf[i];
            STEP(crc); STEP(crc); STEP(crc); STEP(crc);
            STEP(crc); STEP(crc); STEP(crc); STEP(crc);
        }
    }
    crc ^= 0xffffffffu;
    return crc == bench_expect ? 0 : 1;
}
