# SPDX-License-Identifier: GPL-2.0-or-later
"""Helpers shared by the Python tests under tests/ (import it after putting
tests/ on sys.path)."""

import importlib.machinery
import importlib.util
import os
import socket

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load_module(path, name=None):
    """A Python file that is not named like a module (scripts/tile-gdb,
    tests/qemu/boot-test.py), loaded as one; path is relative to the
    repository root."""
    name = name or os.path.basename(path).replace("-", "_").replace(".py", "")
    loader = importlib.machinery.SourceFileLoader(name, os.path.join(ROOT, path))
    spec = importlib.util.spec_from_loader(name, loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


def free_port():
    """a TCP port of 127.0.0.1 that was free a moment ago"""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def build_tool(build, name):
    """BUILD/tools/NAME when the host tools live there, else BUILD/NAME"""
    p = os.path.join(build, "tools", name)
    return p if os.path.exists(p) else os.path.join(build, name)


def emulator_options(description):
    """The options of a test that boots qemu-system-tile: --build DIR
    (default: the repository's build/) and -v.  Returns (options, the
    emulator, tile-as) with absolute paths, or None when either has not
    been built (the test then prints SKIP and exits 77)."""
    import argparse
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("-v", action="store_true")
    o = ap.parse_args()
    o.build = os.path.abspath(o.build)
    qemu = os.path.join(o.build, "qemu-system-tile")
    tile_as = build_tool(o.build, "tile-as")
    if not (os.path.exists(qemu) and os.path.exists(tile_as)):
        print("SKIP: build qemu-system-tile and tile-as first (make qemu)")
        return None
    return o, qemu, tile_as


class Checks:
    """ok / FAIL lines and the 'N passed, N failed' count of a test."""

    passed = failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            print("ok   " + name)
        else:
            self.failed += 1
            print("FAIL %s%s" % (name, (": " + str(detail)) if detail else ""))
        return ok

    def summary(self):
        print("%d passed, %d failed" % (self.passed, self.failed))
        return 1 if self.failed else 0
