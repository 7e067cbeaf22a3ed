#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A large MCOPY does not freeze the machine: the monitor stops it between
two steps, migration carries its progress, and the copy ends exact.

    mcopy-test.py --build DIR

The firmware, written here, fills SRC with N 64-bit words, word i =
(i + 1) * K (K = 0x9e3779b97f4a7c15, mod 2^64), prints "S", copies all
8 * N bytes (96 MiB) to DST with one MCOPY (seconds of work), then checks
every word of DST against (i + 1) * K (not against SRC) and prints "P"
(exit status 0; a wrong word ends it with status 1).

As soon as "S" arrives the monitor stops the machine (again a moment
later if it stopped before the MCOPY was reached).  The MCOPY leaves to
the main loop at a step boundary when asked, so the stop returns while the
copy runs: `info registers` shows TPC at the MCOPY itself, and the
migration stream written then carries the template's progress (its
subsection cpu/block/mcopy: the MCOPY's TPC, 0 < progress < length).  An
MCOPY done in one go would hold the stop until the copy ended: TPC past
the MCOPY and no progress in the stream.  The machine restored from that
stream resumes the copy at its progress and must print "P".  Then the
stream with its progress past the length, with the source overlapping the
destination, or with the active flag 2 must be refused (status 1).
Ends with 'N passed, N failed'; exit 77 when the emulator is not built."""

import os
import re
import subprocess
import sys
import tempfile
import time

import migration_stream as ms
from qemu_test import Machine

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from testutil import Checks, build_tool, emulator_options  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SRC, DST = 0x1000000, 0x8000000
WORDS = 96 * 1024 * 1024 // 8
K = 0x9e3779b97f4a7c15


def firmware():
    return """    .include "%s"
    .include "%s"
    .text
    .globl _start
_start:
    hl.liu 0x10000000, ->s3
    hl.lui 0x%x, ->s0
    hl.liu 0x%x, ->a0
    or s0, a0, ->s0
    fill_pattern 0x%x, %d, s0
    hl.liu 'S', ->a3
    sbi a3, [s3, 0]
    hl.liu 10, ->a3
    sbi a3, [s3, 0]
    hl.liu 0x%x, ->a0
    hl.liu 0x%x, ->a1
    hl.liu %d, ->a2
copy:
    mcopy [a0, a1, a2]
    case 1
    check_pattern 0x%x, %d, s0
    hl.liu 'P', ->a3
    sbi a3, [s3, 0]
    hl.liu 10, ->a3
    sbi a3, [s3, 0]
    test_end
""" % (os.path.join(ROOT, "tests", "guest", "testlib.inc"),
       os.path.join(ROOT, "tests", "guest", "block", "pattern.inc"), K >> 32, K & 0xffffffff,
       SRC, WORDS, DST, SRC, WORDS * 8, DST, WORDS)


def main():
    found = emulator_options(__doc__)
    if not found:
        return 77
    options, qemu, tile_as = found
    objdump = build_tool(options.build, "tile-objdump")
    checks = Checks()
    check = checks.check
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "mcopy-fw.s")
        elf = os.path.join(tmp, "mcopy-fw.elf")
        snap = os.path.join(tmp, "snap.bin")
        open(src, "w").write(firmware())
        subprocess.run([tile_as, "-o", elf, src], check=True)
        listing = subprocess.run([objdump, elf], check=True, capture_output=True,
                                 text=True).stdout
        copy_pc = int(re.search(r"^([0-9a-f]+) <copy>:", listing, re.M).group(1), 16)

        b = Machine(qemu, elf, tmp, "b")
        started = b.serial_until(b"S\n")
        # a stop may still land in the few instructions before the MCOPY:
        # then let it run a little further and stop again
        for _ in range(200):
            t0 = time.time()
            b.hmp("stop")
            stop_time = time.time() - t0
            m = re.search(r"TPC\s+([0-9a-f]+)", b.hmp("info registers"))
            tpc = int(m.group(1), 16) if m else None
            if tpc is None or tpc >= copy_pc:
                break
            b.hmp("cont")
            time.sleep(0.01)
        status = b.migrate_to(snap)
        b.hmp("quit")
        b.finish()
        check("the monitor stops the machine inside the MCOPY (TPC at the MCOPY)",
              started and tpc == copy_pc,
              "TPC %s, MCOPY at 0x%x, stop took %.2f s" % (m and m.group(1), copy_pc, stop_time))

        stream = open(snap, "rb").read() if os.path.exists(snap) else b""
        fields = {}
        try:
            fields, _ = ms.fields(stream, "cpu")
        except ValueError as e:
            check("the stream describes the CPU", False, str(e))
        mc = "env.blk.mcopy:ext.tpl."
        progress = ms.value(stream, fields[mc + "mc_progress"]) if mc + "mc_pc" in fields else None
        check("the stream carries the copy's progress (0 < progress < length, TPC the MCOPY's)",
              progress is not None and 0 < progress < WORDS * 8 and
              ms.value(stream, fields[mc + "mc_pc"]) == copy_pc and
              ms.value(stream, fields[mc + "mc_len"]) == WORDS * 8,
              "migrate %r, progress %r" % (status[-200:], progress))

        c = Machine(qemu, elf, tmp, "c", ["-incoming", "exec:cat %s" % snap])
        c.wait_status("paused")
        c.hmp("cont")
        rc, out = c.finish(120)
        check("the restored machine resumes the copy and DST is exact",
              rc == 0 and out == b"P\n", "exit %s, UART %r, stderr %r" % (rc, out, c.err))

        if progress is not None:
            cases = [
                ("progress past the length", fields[mc + "mc_progress"], WORDS * 8 + 8,
                 "MCOPY progress or operands"),
                ("source overlapping the destination", fields[mc + "mc_src"], DST + 8,
                 "MCOPY progress or operands"),
                ("active flag 2", fields[mc + "mc_active"], 2, "a template's active flag"),
            ]
            for i, (name, where, value, why) in enumerate(cases):
                path = os.path.join(tmp, "bad%d.bin" % i)
                open(path, "wb").write(ms.with_value(stream, where, value))
                r = subprocess.run([qemu, "-M", "virt", "-display", "none", "-monitor", "none",
                                    "-serial", "none", "-kernel", elf,
                                    "-incoming", "exec:cat %s" % path],
                                   capture_output=True, text=True, timeout=60,
                                   stdin=subprocess.DEVNULL)
                check("a stream with the MCOPY's %s is refused" % name,
                      r.returncode == 1 and why in r.stderr,
                      "exit %d, stderr %r" % (r.returncode, r.stderr[-300:]))
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
