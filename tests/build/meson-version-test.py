#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A build directory that another meson version set up is set up again by
every make entry point (scripts/meson-setup.sh), instead of failing with
"generated with an old version of meson".

A second meson cannot be installed beside Debian's, so the test simulates
one: it sets up a scratch build directory of this project with the
installed meson, then rewrites the version recorded in it (the pickled
core data meson checks, and meson-info.json) to an older release.  It
first shows that meson itself now refuses the directory, then that
meson-setup.sh sets it up again with a one-line message and that meson
accepts it afterwards.  A directory already in step is left alone.

    meson-version-test.py SOURCE_ROOT
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

OLD = "1.0.1"


def meson_python():
    """The interpreter meson runs on (its own modules are importable there)."""
    with open(shutil.which("meson"), "rb") as f:
        first = f.readline().decode().strip()
    if first.startswith("#!"):
        parts = first[2:].split()
        if os.path.basename(parts[0]) == "env":
            return shutil.which(parts[1])
        return parts[0]
    return sys.executable


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, **kw)


def age(build):
    """Make build look as if meson OLD had set it up."""
    code = ("import pickle, sys\n"
            "import mesonbuild.coredata\n"
            "p = sys.argv[1]\n"
            "d = pickle.load(open(p, 'rb'))\n"
            "d.version = sys.argv[2]\n"
            "pickle.dump(d, open(p, 'wb'))\n")
    r = run([meson_python(), "-c", code,
             os.path.join(build, "meson-private", "coredata.dat"), OLD])
    if r.returncode:
        raise SystemExit("cannot rewrite the core data: " + r.stdout)
    info = os.path.join(build, "meson-info", "meson-info.json")
    j = json.load(open(info))
    j["meson_version"] = {"full": OLD, "major": 1, "minor": 0, "patch": 1}
    json.dump(j, open(info, "w"))


def main():
    src = os.path.abspath(sys.argv[1])
    guard = os.path.join(src, "scripts", "meson-setup.sh")
    failures = []
    passed = 0

    def check(ok, what, detail=""):
        nonlocal passed
        if ok:
            passed += 1
            print("ok  ", what)
        else:
            failures.append(what)
            print("FAIL", what, detail)

    with tempfile.TemporaryDirectory(prefix="meson-version-") as tmp:
        build = os.path.join(tmp, "build")
        r = run(["sh", guard, build])
        check(r.returncode == 0 and os.path.exists(os.path.join(build, "build.ninja")),
              "a new build directory is set up", r.stdout)
        keep = os.path.join(build, "qemu", "keep-me")
        os.makedirs(os.path.dirname(keep))
        open(keep, "w").close()

        r = run(["sh", guard, build])
        check(r.returncode == 0 and r.stdout == "",
              "a directory of the installed meson is left alone", r.stdout)

        age(build)
        r = run(["meson", "test", "-C", build, "--list"])
        check(r.returncode != 0,
              "meson refuses the simulated %s directory" % OLD, r.stdout)

        r = run(["sh", guard, build])
        lines = r.stdout.splitlines()
        check(r.returncode == 0 and len(lines) == 1 and OLD in lines[0] and
              "setting it up again" in lines[0],
              "meson-setup.sh says so in one line and sets it up again", r.stdout)
        r = run(["meson", "test", "-C", build, "--list"])
        check(r.returncode == 0 and "isa-library" in r.stdout,
              "meson accepts the directory afterwards", r.stdout[-400:])
        check(os.path.exists(keep), "the rest of the build directory is kept")

    print("%d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
