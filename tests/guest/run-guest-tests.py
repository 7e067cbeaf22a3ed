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

Usage: run-guest-tests.py BUILD_DIR [FILTER...] [--qemu-arg=ARG...]: the
programs whose path under tests/guest/ contains one of the FILTERs (all
without one); each --qemu-arg is added to every program's command line
(make check runs the block tests once more with one instruction per
translation block this way).  Exit 77 when the emulator has not been
built.  Ends with 'N passed, N failed'."""

import concurrent.futures
import glob
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

QEMU_ARG = "--qemu-arg="
extra_args = [a[len(QEMU_ARG):] for a in sys.argv[1:] if a.startswith(QEMU_ARG)]
positional = [a for a in sys.argv[1:] if not a.startswith(QEMU_ARG)]
if not positional:
    sys.exit("usage: run-guest-tests.py BUILD_DIR [FILTER...] [--qemu-arg=ARG...]")
build = positional[0]
filters = positional[1:]
here = os.path.dirname(os.path.abspath(__file__))
qemu = os.path.join(build, "qemu-system-tile")
tile_as = os.path.join(build, "tools", "tile-as")
if not os.path.exists(tile_as):
    tile_as = os.path.join(build, "tile-as")
if not os.path.exists(qemu) or not os.path.exists(tile_as):
    print("SKIP: %s or %s missing" % (qemu, tile_as))
    sys.exit(77)

def run_generator(gen):
    r = subprocess.run([sys.executable, gen], cwd=os.path.dirname(gen),
                       capture_output=True, text=True)
    return None if r.returncode == 0 else r.stderr.strip()


def run_program(src, name, tmp):
    """-> (ok, message)"""
    meta = {"expect-exit": "0", "expect-stderr": None, "qemu-args": ""}
    for line in open(src):
        line = line.strip()
        for k in meta:
            if line.startswith("; " + k + ":"):
                meta[k] = line.split(":", 1)[1].strip()
    elf = os.path.join(tmp, name.replace("/", "_") + ".elf")
    r = subprocess.run([tile_as, "-o", elf, src], capture_output=True, text=True)
    if r.returncode:
        return False, "FAIL %s: does not assemble:\n%s" % (name, r.stderr)
    cmd = [qemu, "-M", "virt", "-nographic", "-monitor", "none", "-kernel", elf]
    cmd += shlex.split(meta["qemu-args"]) + extra_args
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=30,
                           stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return False, "FAIL %s: timed out" % name
    ok = r.returncode == int(meta["expect-exit"])
    if meta["expect-stderr"] is not None:
        ok = ok and meta["expect-stderr"] in r.stderr and r.stderr.count("\n") == 1
    elif r.returncode == 0:
        ok = ok and not r.stderr
    if ok:
        return True, "ok   %s" % name
    if r.returncode and not r.stderr:
        why = "a case N with N mod 256 = %d failed (255: also N mod 256 = 0)" % r.returncode
    else:
        why = "exit %d" % r.returncode
    return False, "FAIL %s: %s\n  stderr: %s" % (name, why, r.stderr.strip())


passed = failed = 0
# generators and programs run on every host CPU; results print in name order
workers = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
with tempfile.TemporaryDirectory() as tmp, workers:
    # the copy keeps the repository's shape: generators read isa/ beside tests/
    tree = os.path.join(tmp, "tests", "guest")
    shutil.copytree(here, tree, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(here, "..", "..", "isa"), os.path.join(tmp, "isa"))
    gens = sorted(glob.glob(os.path.join(tree, "*", "gen-*.py")))
    for gen, err in zip(gens, workers.map(run_generator, gens)):
        if err is not None:
            print("FAIL %s: %s" % (os.path.relpath(gen, tree), err))
            failed += 1
    srcs = [s for s in sorted(glob.glob(os.path.join(tree, "**", "*.s"), recursive=True))
            if not filters or any(f in os.path.relpath(s, tree) for f in filters)]
    for ok, msg in workers.map(lambda s: run_program(s, os.path.relpath(s, tree), tmp), srcs):
        print(msg)
        if ok:
            passed += 1
        else:
            failed += 1

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
