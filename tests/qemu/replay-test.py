#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Deterministic record and replay of a program that reads the clock.

    replay-test.py --build DIR

tests/guest/sys/timer-replay.s reads TIME (SSRGET and C.SSRGET), sets the
timer, counts loop iterations until the timer interrupt and prints every
value it saw on the UART.  Under -icount shift=0,rr=record the run is
recorded to a file; under rr=replay the same file must give the same UART
output and the same exit status (0: the program's own checks passed).
Two separate recordings print different clock values (the virtual clock
starts from the host's time), so an identical replay is not a coincidence.
A clock read that the translator does not treat as I/O ends any -icount
run with "Bad icount read" (exit 1).

Ends with 'N passed, N failed'; exit 77 when the emulator is not built."""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from testutil import Checks, emulator_options  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAM = os.path.join(ROOT, "tests", "guest", "sys", "timer-replay.s")


def run(qemu, elf, icount):
    r = subprocess.run([qemu, "-M", "virt", "-nographic", "-monitor", "none",
                        "-kernel", elf, "-icount", icount],
                       capture_output=True, stdin=subprocess.DEVNULL, timeout=60)
    return r.returncode, r.stdout, r.stderr.decode(errors="replace").strip()


def main():
    found = emulator_options(__doc__)
    if not found:
        return 77
    _, qemu, tile_as = found
    checks = Checks()
    check = checks.check

    with tempfile.TemporaryDirectory() as tmp:
        elf = os.path.join(tmp, "timer-replay.elf")
        subprocess.run([tile_as, "-o", elf, PROGRAM], check=True)
        log = os.path.join(tmp, "run.rr")
        rec = run(qemu, elf, "shift=0,rr=record,rrfile=" + log)
        check("the recorded run passes its own checks", rec[0] == 0 and not rec[2],
              "exit %s, stderr %r, UART %r" % rec)
        rep = run(qemu, elf, "shift=0,rr=replay,rrfile=" + log)
        check("the replay ends as the recording did", rep[0] == rec[0] and not rep[2],
              "exit %s, stderr %r" % (rep[0], rep[2]))
        check("the replay prints the same clock values, loop count and trap",
              rep[1] == rec[1] and rec[1].count(b"\n") == 6,
              "recorded %r, replayed %r" % (rec[1], rep[1]))
        # a second recording sees another clock (tried twice: a host that
        # starts both runs in the same nanosecond is not impossible)
        differs = False
        for i in range(2):
            other = run(qemu, elf, "shift=0,rr=record,rrfile=%s.%d" % (log, i))
            differs = differs or (other[0] == 0 and other[1] != rec[1])
        check("another recording reads other clock values", differs,
              "every recording printed %r" % rec[1])
    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
