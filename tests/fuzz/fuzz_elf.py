# SPDX-License-Identifier: GPL-2.0-or-later
"""Malformed ELF images for `-kernel`: valid images from tile-as (with
section headers and a symbol table), mutated byte by byte, field by field
(every header field, every program and section header, the symbols) and
structurally (cut short, grown, headers repeated), and hostile images built
from nothing.  Each is booted; the loader must either accept it (the guest
then runs, ends or loops) or reject it with one line on stderr and a
non-zero status (or the guest ends through the exit device with no word).
Besides crashes and hangs, an error of more than one line is a failure
here ("untidy": docs/machine.md promises one line)."""

import os
import random
import struct
import subprocess

import fuzz_lib

SEEDS = ("firmware/hello.s", "tests/gdb/gdb-fw.s", "firmware/fail.s")
RAM = 256 << 20

EHDR = (("e_type", 16, 2), ("e_machine", 18, 2), ("e_version", 20, 4), ("e_entry", 24, 8),
        ("e_phoff", 32, 8), ("e_shoff", 40, 8), ("e_flags", 48, 4), ("e_ehsize", 52, 2),
        ("e_phentsize", 54, 2), ("e_phnum", 56, 2), ("e_shentsize", 58, 2),
        ("e_shnum", 60, 2), ("e_shstrndx", 62, 2))
PHDR = (("p_type", 0, 4), ("p_flags", 4, 4), ("p_offset", 8, 8), ("p_vaddr", 16, 8),
        ("p_paddr", 24, 8), ("p_filesz", 32, 8), ("p_memsz", 40, 8), ("p_align", 48, 8))
SHDR = (("sh_name", 0, 4), ("sh_type", 4, 4), ("sh_flags", 8, 8), ("sh_addr", 16, 8),
        ("sh_offset", 24, 8), ("sh_size", 32, 8), ("sh_link", 40, 4), ("sh_info", 44, 4),
        ("sh_addralign", 48, 8), ("sh_entsize", 56, 8))
SYM = (("st_name", 0, 4), ("st_info", 4, 1), ("st_shndx", 6, 2), ("st_value", 8, 8),
       ("st_size", 16, 8))


def get(data, off, size):
    return int.from_bytes(data[off:off + size], "little")


def put(data, off, size, value):
    if off + size <= len(data):
        data[off:off + size] = (value & ((1 << (8 * size)) - 1)).to_bytes(size, "little")


class Mutator:
    def __init__(self, rng, seeds):
        self.rng, self.seeds = rng, seeds

    def fields(self, data):
        """(name, offset, size) of every header field, program and section
        header and symbol of @data (as far as its headers can be read)."""
        out = [(n, o, s) for n, o, s in EHDR]
        phoff, phnum = get(data, 32, 8), get(data, 56, 2)
        shoff, shnum = get(data, 40, 8), get(data, 60, 2)
        for i in range(min(phnum, 16)):
            out += [("ph%d.%s" % (i, n), phoff + 56 * i + o, s) for n, o, s in PHDR]
        for i in range(min(shnum, 32)):
            base = shoff + 64 * i
            out += [("sh%d.%s" % (i, n), base + o, s) for n, o, s in SHDR]
            if get(data, base + 4, 4) == 2:                 # SHT_SYMTAB
                off, size = get(data, base + 24, 8), get(data, base + 32, 8)
                for j in range(min(size // 24, 16)):
                    out += [("sym%d.%s" % (j, n), off + 24 * j + o, s) for n, o, s in SYM]
        return [f for f in out if f[1] + f[2] <= len(data)]

    def interesting(self, data, old, size):
        rng = self.rng
        top = (1 << (8 * size)) - 1
        n = len(data)
        return rng.choice((0, 1, 2, top, top - 1, top >> 1, (top >> 1) + 1, old + 1, old - 1,
                           old * 2, old + 8, old - 8, n, n - 1, n + 1, top - n + 1,
                           top - old + 1, RAM, RAM - 1, RAM - 4, RAM + 4, 0x10000000,
                           rng.getrandbits(8 * size), rng.randrange(0, n + 64),
                           old ^ (1 << rng.randrange(8 * size))))

    def mutate(self):
        rng = self.rng
        data = bytearray(rng.choice(self.seeds))
        for _ in range(rng.choice((1, 1, 1, 2, 3, 5))):
            k = rng.random()
            if k < 0.55:                                    # one field
                fields = self.fields(data)
                _name, off, size = rng.choice(fields)
                put(data, off, size, self.interesting(data, get(data, off, size), size))
            elif k < 0.75:                                  # bytes in the headers
                limit = min(len(data), max(64, get(data, 32, 8) + 56 * get(data, 56, 2)))
                for _ in range(rng.randrange(1, 9)):
                    i = rng.randrange(limit if rng.random() < 0.7 else len(data))
                    data[i] = rng.getrandbits(8) if rng.random() < 0.5 else data[i] ^ (1 << rng.randrange(8))
            elif k < 0.85:                                  # cut short or grown
                if rng.random() < 0.6:
                    del data[rng.randrange(16, len(data)):]
                else:
                    data += bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 200)))
            elif k < 0.95:                                  # a program header repeated
                phoff, phnum = get(data, 32, 8), get(data, 56, 2)
                if phnum and phoff + 56 * phnum <= len(data):
                    ph = data[phoff:phoff + 56]
                    put(data, 56, 2, phnum + 1)
                    data[phoff + 56 * phnum:phoff + 56 * phnum] = ph
            else:                                           # a range zeroed
                a = rng.randrange(len(data))
                data[a:a + rng.randrange(1, 64)] = bytes(min(64, len(data) - a))
        return bytes(data)

    def hostile(self):
        """An image built from nothing: random counts, offsets and sizes."""
        rng = self.rng
        nph = rng.choice((0, 1, 2, 3, 8, 40))
        nsh = rng.choice((0, 0, 1, 3))
        body = bytes(rng.getrandbits(8) for _ in range(rng.randrange(0, 512)))
        size = 64 + 56 * nph + len(body) + 64 * nsh

        def val(limit):
            return rng.choice((0, 1, limit, limit - 1, size, size - 8, (1 << 64) - 8,
                               1 << 63, rng.getrandbits(64), rng.randrange(0, size + 1)))
        ehdr = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
        ehdr += struct.pack("<HHIQQQIHHHHHH", rng.choice((2, 2, 2, 1, 3, 4, 0)), 0xE9, 1,
                            val(RAM), 64 if rng.random() < 0.8 else val(size),
                            64 + 56 * nph + len(body) if nsh else 0, 0, 64,
                            56 if rng.random() < 0.9 else rng.choice((0, 32, 64, 0xffff)),
                            nph, 64, nsh, 0)
        ph = b"".join(struct.pack("<IIQQQQQQ", rng.choice((1, 1, 1, 2, 4, 6, 0x70000000)), 7,
                                  val(size), val(RAM), val(RAM), val(size), val(RAM), 8)
                      for _ in range(nph))
        sh = b"".join(struct.pack("<IIQQQQIIQQ", 0, rng.choice((1, 2, 3, 8)), 0, 0, val(size),
                                  val(size), rng.randrange(0, nsh + 2), 0, 8, 24)
                      for _ in range(nsh))
        return ehdr + ph + body + sh


def seeds(tile_as, tmp):
    out = []
    for i, src in enumerate(SEEDS):
        elf = os.path.join(tmp, "seed%d.elf" % i)
        r = subprocess.run([tile_as, "-o", elf, os.path.join(fuzz_lib.ROOT, src)],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError("tile-as %s: %s" % (src, r.stderr.strip()))
        with open(elf, "rb") as f:
            out.append(f.read())
    return out


def tidy(out, path):
    """A rejected image (or a guest that traps) says so in one line; a
    guest ending through the exit device says nothing.  An image the
    loader accepts with a warning (another ISA identity, a malformed
    identity note: docs/isa-identity.md) has that one warning line
    before the guest's own."""
    if out.kind != "error":
        return out
    lines = [l for l in out.stderr.splitlines() if l.strip()]
    warnings = [l for l in lines if l.startswith("qemu-system-tile: warning: ")]
    if len(warnings) <= 1:
        lines = [l for l in lines if l not in warnings]
    if len(lines) > 1 or lines and not lines[0].startswith("qemu-system-tile: "):
        return fuzz_lib.Outcome("untidy", out.rc, out.stderr,
                                "%d lines on stderr, expected one" % len(lines))
    return out


def fuzz(o, tally, count, seed, deadline):
    rng = random.Random(seed)
    tmp = fuzz_lib.fresh_dir(os.path.join(o.workdir, tally.name))
    runner = fuzz_lib.Runner(o.qemu, tmp, probe_timeout=o.probe_timeout)
    mut = Mutator(rng, seeds(o.tile_as, tmp))
    path = os.path.join(tmp, "mutant.elf")
    while tally.tried < count and not deadline():
        image = mut.hostile() if rng.random() < 0.2 else mut.mutate()
        with open(path, "wb") as f:
            f.write(image)
        args = ["-no-reboot", "-serial", "null", "-kernel", path]
        out = tidy(runner.run(args, timeout=o.elf_timeout), path)
        tally.tried += 1
        tally.count(out)
        if out.failed:
            d = fuzz_lib.save_repro(o.outdir, tally.name, "seed%d-%d" % (seed, tally.tried),
                                    {"mutant.elf": image},
                                    [o.qemu, "-M", "virt", "-display", "none", "-no-reboot",
                                     "-serial", "null", "-kernel", "mutant.elf"], out)
            tally.failures.append(d)
            if o.verbose:
                print("  %s: %s -> %s" % (tally.name, out.describe(), d))
