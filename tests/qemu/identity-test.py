#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The virt machine against the ISA identity note of the images it loads
(docs/isa-identity.md).

    identity-test.py [--build DIR] [-v]

firmware/hello.s is assembled by tile-as (which writes the emulator's own
identity) and its note is then replaced, removed or damaged here:

  matching note, no note, a raw binary    boot silently
  another release / ABI / projection      boot, with one warning line naming
                                          the reason and both values
  the same with isa-identity=strict       one error line, status 1, no boot
  a malformed note (truncated, absurd     one warning line (strict: one
  sizes, not JSON, outside the file)      error line and status 1)

for -kernel, -bios and -device loader.  The last line is `N passed,
N failed`; status 1 when a check failed, 77 when qemu-system-tile or
tile-as has not been built.
"""

import json
import os
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from testutil import ROOT, Checks, build_tool, emulator_options, load_module  # noqa: E402

note_tools = load_module("tests/isa-identity-check.py", "isa_identity_check")
HELLO = b"Hello from qemu-system-tile"


def identity_json(release, abi, sha):
    return json.dumps({"release": release, "encoding_abi": abi,
                       "encoding_projection_sha256": sha},
                      sort_keys=True, separators=(",", ":")).encode()


def main():
    setup = emulator_options(__doc__)
    if not setup:
        return 77
    o, qemu, tile_as = setup
    c = Checks()

    with tempfile.TemporaryDirectory() as tmp:
        def path(name):
            return os.path.join(tmp, name)

        def write(name, data):
            with open(path(name), "wb") as f:
                f.write(data)
            return path(name)

        hello = os.path.join(ROOT, "firmware", "hello.s")
        subprocess.run([tile_as, "-o", path("match.elf"), hello], check=True)
        subprocess.run([tile_as, "-O", "binary", "--base", "0", "-o", path("raw.bin"), hello],
                       check=True)
        with open(path("match.elf"), "rb") as f:
            elf = f.read()
        own = json.loads(note_tools.note_section(elf)[16:].rstrip(b"\0"))

        def variant(**change):
            ident = dict(own, **change)
            return note_tools.with_note(elf, note_tools.note(identity_json(
                ident["release"], ident["encoding_abi"], ident["encoding_projection_sha256"])))

        images = {
            "release": (variant(release="0.58.0"), "release-mismatch", "0.58.0"),
            "abi": (variant(encoding_abi="pto-isa-0.58.3-mode-function-v1"),
                    "encoding-abi-mismatch", "pto-isa-0.58.3-mode-function-v1"),
            "hash": (variant(encoding_projection_sha256="f" * 64), "encoding-hash-mismatch",
                     "f" * 64),
        }
        good = note_tools.note_section(elf)
        at = note_tools.note_header(elf)
        renamed = bytearray(elf)
        shoff, = struct.unpack_from("<Q", elf, 0x28)
        shstrndx, = struct.unpack_from("<H", elf, 0x3e)
        names_off, = struct.unpack_from("<Q", elf, shoff + 64 * shstrndx + 0x18)
        name, = struct.unpack_from("<I", elf, at)
        renamed[names_off + name:names_off + name + 13] = b".note.pto.xxx"
        write("missing.elf", bytes(renamed))
        shown = subprocess.run([build_tool(o.build, "tile-objdump"), path("missing.elf")],
                               capture_output=True, text=True).stdout
        c.check("the renamed section leaves no identity (tile-objdump)",
                "ISA identity: none" in shown, shown[:200])

        def damaged(offset, fmt, value):
            sec = bytearray(good)
            struct.pack_into(fmt, sec, offset, value)
            return note_tools.with_note(elf, bytes(sec))

        beyond = bytearray(elf)
        struct.pack_into("<Q", beyond, at + 0x18, len(elf) - 8)    # sh_offset near the end
        malformed = {
            "truncated descriptor": (damaged(4, "<I", len(good)), "larger than its section"),
            "absurd name size": (damaged(0, "<I", 0xffffffff), "larger than its section"),
            "truncated section": (note_tools.with_note(elf, good[:10]), "header is truncated"),
            "not JSON": (note_tools.with_note(elf, note_tools.note(b"not json at all")),
                         "not a JSON object"),
            "section outside the file": (bytes(beyond), "extends past the end of the file"),
        }

        def run(*args):
            argv = [qemu, "-M", args[0], "-nographic"] + list(args[1:])
            try:
                p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                                   cwd=tmp, timeout=30)
            except subprocess.TimeoutExpired:
                return None, b"", ["(hung)"]
            err = [l for l in p.stderr.decode(errors="replace").splitlines() if l.strip()]
            if o.v:
                print("   ", " ".join(argv), "->", p.returncode, err)
            return p.returncode, p.stdout, err

        def boots_silently(name, *args):
            rc, out, err = run(*args)
            c.check(name, rc == 0 and HELLO in out and not err, (rc, out[:80], err))

        boots_silently("a matching note boots silently", "virt", "-kernel", path("match.elf"))
        boots_silently("strict: a matching note boots silently", "virt,isa-identity=strict",
                       "-kernel", path("match.elf"))
        boots_silently("no note: accepted", "virt", "-kernel", path("missing.elf"))
        boots_silently("strict: no note accepted", "virt,isa-identity=strict",
                       "-kernel", path("missing.elf"))
        boots_silently("a raw binary: accepted", "virt,isa-identity=strict",
                       "-kernel", path("raw.bin"))
        boots_silently("-device loader with a matching note", "virt", "-device",
                       "loader,file=%s,cpu-num=0" % path("match.elf"))

        for key, (data, reason, value) in images.items():
            img = write(key + ".elf", data)
            rc, out, err = run("virt", "-kernel", img)
            c.check("%s differs: boots with one warning naming it" % key,
                    rc == 0 and HELLO in out and len(err) == 1 and "warning:" in err[0] and
                    reason in err[0] and value in err[0] and img in err[0], (rc, err))
            rc, out, err = run("virt,isa-identity=strict", "-kernel", img)
            c.check("%s differs, strict: one error line, status 1, no boot" % key,
                    rc == 1 and HELLO not in out and len(err) == 1 and
                    "warning" not in err[0] and reason in err[0], (rc, err))
        img = path("abi.elf")
        rc, out, err = run("virt", "-device", "loader,file=%s,cpu-num=0" % img)
        c.check("-device loader: a differing image warns once",
                rc == 0 and HELLO in out and len(err) == 1 and "-device loader" in err[0] and
                "encoding-abi-mismatch" in err[0], (rc, err))
        rc, out, err = run("virt,isa-identity=strict", "-device",
                           "loader,file=%s,cpu-num=0" % img)
        c.check("-device loader, strict: one error line, status 1",
                rc == 1 and HELLO not in out and len(err) == 1 and
                "encoding-abi-mismatch" in err[0], (rc, err))
        rc, out, err = run("virt", "-bios", img)
        c.check("-bios: a differing image warns once",
                rc == 0 and HELLO in out and len(err) == 1 and "-bios" in err[0], (rc, err))

        for key, (data, why) in malformed.items():
            img = write(key.replace(" ", "-") + ".elf", data)
            rc, out, err = run("virt", "-kernel", img)
            c.check("malformed note (%s): boots with one warning" % key,
                    rc == 0 and HELLO in out and len(err) == 1 and "warning:" in err[0] and
                    "malformed ISA identity note" in err[0] and why in err[0], (rc, err))
            rc, out, err = run("virt,isa-identity=strict", "-kernel", img)
            c.check("malformed note (%s), strict: one error line, status 1" % key,
                    rc == 1 and HELLO not in out and len(err) == 1 and
                    "malformed ISA identity note" in err[0], (rc, err))

        rc, out, err = run("virt,isa-identity=loose", "-kernel", path("match.elf"))
        c.check("isa-identity=loose: one error line, status 1",
                rc == 1 and len(err) == 1 and "'warn' or 'strict'" in err[0], (rc, err))
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
