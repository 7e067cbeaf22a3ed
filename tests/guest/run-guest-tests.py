#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Run the self-checking guest programs under tests/guest/ on the virt
machine.  Each *.s is assembled with tile-as and booted; exit status 0 is a
pass, status N a failure of the program's `case N`.

A program may declare, in a comment line of its own,
    ; expect-exit: N          the exit status it must end with
    ; expect-stderr: TEXT     a substring of its single stderr line
    ; qemu-args: ARGS         extra qemu-system-tile arguments
(for programs that must end in an unhandled trap, say).

The larger programs are written at test time by the families' models
(tests/guest/*/gen-*.py, fixed seeds): the tree is copied to a temporary
directory, each generator runs there, and every *.s of the copy is run.
Generated programs are not committed.

Usage: run-guest-tests.py BUILD_DIR [FILTER]; exit 77 when the emulator has
not been built.  Ends with 'N passed, N failed'."""

import glob
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

build = sys.argv[1]
flt = sys.argv[2] if len(sys.argv) > 2 else ""
here = os.path.dirname(os.path.abspath(__file__))
qemu = os.path.join(build, "qemu-system-tile")
tile_as = os.path.join(build, "tools", "tile-as")
if not os.path.exists(tile_as):
    tile_as = os.path.join(build, "tile-as")
if not os.path.exists(qemu) or not os.path.exists(tile_as):
    print("SKIP: %s or %s missing" % (qemu, tile_as))
    sys.exit(77)

passed = failed = 0
with tempfile.TemporaryDirectory() as tmp:
    # the copy keeps the repository's shape: generators read isa/ beside tests/
    tree = os.path.join(tmp, "tests", "guest")
    shutil.copytree(here, tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(here, "..", "..", "isa"), os.path.join(tmp, "isa"))
    for gen in sorted(glob.glob(os.path.join(tree, "*", "gen-*.py"))):
        r = subprocess.run([sys.executable, gen], cwd=os.path.dirname(gen),
                           capture_output=True, text=True)
        if r.returncode:
            print("FAIL %s: %s" % (os.path.relpath(gen, tree), r.stderr.strip()))
            failed += 1
    for src in sorted(glob.glob(os.path.join(tree, "**", "*.s"), recursive=True)):
        name = os.path.relpath(src, tree)
        if flt and flt not in name:
            continue
        meta = {"expect-exit": "0", "expect-stderr": None, "qemu-args": ""}
        for line in open(src):
            line = line.strip()
            for k in meta:
                if line.startswith("; " + k + ":"):
                    meta[k] = line.split(":", 1)[1].strip()
        elf = os.path.join(tmp, name.replace("/", "_") + ".elf")
        r = subprocess.run([tile_as, "-o", elf, src], capture_output=True, text=True)
        if r.returncode:
            print("FAIL %s: does not assemble:\n%s" % (name, r.stderr))
            failed += 1
            continue
        cmd = [qemu, "-M", "virt", "-nographic", "-monitor", "none", "-kernel", elf]
        cmd += shlex.split(meta["qemu-args"])
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=30,
                               stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired:
            print("FAIL %s: timed out" % name)
            failed += 1
            continue
        ok = r.returncode == int(meta["expect-exit"])
        if meta["expect-stderr"] is not None:
            ok = ok and meta["expect-stderr"] in r.stderr and r.stderr.count("\n") == 1
        elif r.returncode == 0:
            ok = ok and not r.stderr
        if ok:
            print("ok   %s" % name)
            passed += 1
        else:
            why = "case %d failed" % r.returncode if r.returncode and not r.stderr else "exit %d" % r.returncode
            print("FAIL %s: %s\n  stderr: %s" % (name, why, r.stderr.strip()))
            failed += 1

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
