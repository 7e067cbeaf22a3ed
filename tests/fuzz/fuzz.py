#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Fuzzers for qemu-system-tile (docs/fuzzing.md).

    fuzz.py [--build DIR] [--smoke] [--words N] [--blocks N] [--rsp N]
            [--elf N] [--migration N] [--structural] [--time SECONDS]
            [--only NAME,...] [--seed S] [--out DIR] [-v]
    fuzz.py --replay-rsp PACKETS [--smp N]

  words      random instruction words and words built from the ISA forms
  blocks     random Tile blocks (from the assembled template library and
             built from the forms)
  rsp        remote-protocol packets against the gdbstub
  elf        malformed ELF images for -kernel
  migration  mutated migration streams for -incoming (--structural: only
             the structural mutants, which make check runs)

Each fuzzer runs until its count is tried or, with --time, for that many
seconds.  A crash is a host signal, an abort or an assertion message; a
hang is a QEMU whose monitor no longer answers (a guest loop is not one).
Each failure keeps a reproducer under OUT/NAME/ (repro.sh, the input, the
outcome).  --smoke is the short deterministic run of `make check` (fixed
seeds, each fuzzer briefly, the structural migration mutants).  The last
lines are one per fuzzer: tried, crashes, hangs, seconds; the exit status
is 1 when anything failed.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import fuzz_elf         # noqa: E402
import fuzz_insn        # noqa: E402
import fuzz_lib         # noqa: E402
import fuzz_migration   # noqa: E402
import fuzz_rsp         # noqa: E402

NAMES = ("words", "blocks", "rsp", "elf", "migration")
SMOKE = {"words": 5000, "blocks": 1000, "rsp": 300, "elf": 80, "migration": 60}
DEFAULT = {"words": 100000, "blocks": 10000, "rsp": 2000, "elf": 500, "migration": 200}
UNITS = {"words": "words", "blocks": "blocks", "rsp": "packets", "elf": "images",
         "migration": "streams"}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(fuzz_lib.ROOT, "build"))
    ap.add_argument("--qemu")
    ap.add_argument("--tile-as")
    ap.add_argument("--out", help="where reproducers go (default BUILD/fuzz, with --smoke "
                                  "BUILD/fuzz-smoke)")
    ap.add_argument("--smoke", action="store_true", help="the short run of make check")
    for n in NAMES:
        ap.add_argument("--" + n, type=int, help="how many %s to try" % UNITS[n])
    ap.add_argument("--structural", action="store_true",
                    help="migration: the structural mutants only")
    ap.add_argument("--time", type=float, help="seconds per fuzzer (instead of the counts)")
    ap.add_argument("--only", help="comma-separated fuzzers to run (%s)" % ",".join(NAMES))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-image", type=int, default=1000, help="slots per guest image")
    ap.add_argument("--replay-rsp", metavar="PACKETS", help="replay a saved RSP session")
    ap.add_argument("--smp", type=int, default=1)
    ap.add_argument("-v", "--verbose", action="store_true")
    o = ap.parse_args()
    o.qemu = os.path.abspath(o.qemu or os.path.join(o.build, "qemu-system-tile"))
    o.tile_as = o.tile_as or os.path.join(o.build, "tools", "tile-as")
    if not os.path.exists(o.tile_as):
        o.tile_as = os.path.join(o.build, "tile-as")
    o.tile_as = os.path.abspath(o.tile_as)
    for exe in (o.qemu, o.tile_as):
        if not os.access(exe, os.X_OK):
            print("SKIP: %s is not built (make tools qemu)" % exe)
            return 77
    # bounds of one run (seconds)
    o.run_timeout, o.stall, o.grace, o.probe_timeout = 120.0, 2.0, 10.0, 30.0
    o.elf_timeout, o.rsp_timeout, o.rsp_session = 2.0, 10.0, 300
    o.migration_ram, o.migration_timeout = "64M", 10.0
    o.templates = 150 if o.smoke else 600
    o.outdir = os.path.abspath(o.out or os.path.join(o.build, "fuzz-smoke" if o.smoke else "fuzz"))
    o.workdir = os.path.join(o.outdir, "work")

    if o.replay_rsp:
        return fuzz_rsp.replay(o, o.replay_rsp, o.smp)

    only = o.only.split(",") if o.only else list(NAMES)
    for n in only:
        if n not in NAMES:
            ap.error("unknown fuzzer %r (%s)" % (n, ", ".join(NAMES)))
    counts = SMOKE if o.smoke else DEFAULT
    structural = o.structural or o.smoke
    load0 = os.getloadavg()
    start = time.monotonic()
    tallies = []
    for n in only:
        count = getattr(o, n) or counts[n]
        if o.time:
            count = 1 << 62
            stop = time.monotonic() + o.time
            deadline = lambda stop=stop: time.monotonic() > stop   # noqa: E731
        else:
            deadline = lambda: False                                 # noqa: E731
        t = fuzz_lib.Tally(n, UNITS[n])
        seed = o.seed
        if n in ("words", "blocks"):
            fuzz_insn.fuzz(o, t, n, count, seed, o.per_image, deadline)
        elif n == "rsp":
            fuzz_rsp.fuzz(o, t, count, seed, deadline)
        elif n == "elf":
            fuzz_elf.fuzz(o, t, count, seed, deadline)
        else:
            fuzz_migration.fuzz(o, t, count, seed, deadline, structural,
                                then_random=o.smoke and not o.structural)
        t.done()
        tallies.append(t)
        print(t.line(), flush=True)
    load1 = os.getloadavg()
    failures = [d for t in tallies for d in t.failures]
    print("wall time %.0f s; load average %.2f at the start, %.2f at the end"
          % (time.monotonic() - start, load0[0], load1[0]))
    for d in failures:
        print("reproducer: %s" % d)
    print("%d tried, %d crashes, %d hangs, %d other failures"
          % (sum(t.tried for t in tallies), sum(t.crashes for t in tallies),
             sum(t.hangs for t in tallies),
             len(failures) - sum(t.crashes + t.hangs for t in tallies)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
