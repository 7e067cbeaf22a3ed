# SPDX-License-Identifier: GPL-2.0-or-later
"""What the tests under tests/qemu/ share: finding the binaries of a build
and counting checks."""

import os
import sys


def binaries(build):
    """(qemu-system-tile, tile-as) of the build directory; exits 77 (skip)
    when either is missing."""
    qemu = os.path.join(build, "qemu-system-tile")
    tile_as = os.path.join(build, "tools", "tile-as")
    if not os.path.exists(tile_as):
        tile_as = os.path.join(build, "tile-as")
    if not os.path.exists(qemu) or not os.path.exists(tile_as):
        print("SKIP: %s or %s missing" % (qemu, tile_as))
        sys.exit(77)
    return qemu, tile_as


class Checks:
    """One 'ok   NAME' or 'FAIL NAME: DETAIL' line per check; summary()
    prints 'N passed, N failed' and gives the exit status."""

    def __init__(self):
        self.passed = self.failed = 0

    def check(self, name, ok, detail=""):
        print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail), flush=True)
        self.passed += bool(ok)
        self.failed += not ok
        return ok

    def summary(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0
