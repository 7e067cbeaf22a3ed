#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Boot tests for qemu-system-tile's `virt` machine.

    boot-test.py [--build DIR] [--qemu EXE] [--tile-as EXE] [--tile-objdump EXE]
                 [--timeout SECONDS] [-k SUBSTRING] [-v]

Assembles the firmware under firmware/ with tile-as (ELF and raw binary) and
boots it: hello prints its line and exits 0, fail exits 7, a reserved
instruction gives a one-line unhandled-trap report, every bad -kernel image
gives a one-line error, -machine dumpdtb writes a tree with the UART and
exit device, and -d in_asm prints the ISA library's disassembly.

Each QEMU run has a timeout (a hang is a failure).  The last line is
`N passed, N failed`; the exit status is 1 when a check failed, 77 (skip)
when qemu-system-tile or tile-as has not been built.
"""

import argparse
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HELLO_TEXT = b"Hello from qemu-system-tile\n"
RAM_SIZE = 256 << 20             # the machine's default -m
PROG = "qemu-system-tile"


class Fail(Exception):
    pass


class Run:
    """One finished QEMU run."""

    def __init__(self, argv, rc, out, err, hung):
        self.argv, self.rc, self.out, self.err, self.hung = argv, rc, out, err, hung

    def lines(self):
        return [l for l in self.err.splitlines() if l.strip()]

    def describe(self):
        s = "command: %s\n" % " ".join(self.argv)
        s += "hung (killed after the timeout)\n" if self.hung else "exit status: %s\n" % self.rc
        s += "stdout: %r\n" % self.out[:400]
        s += "stderr: %r" % self.err[:800]
        return s


class Tester:
    def __init__(self, opts, tmp):
        self.o = opts
        self.tmp = tmp
        self.passed = self.failed = 0

    # -- helpers ----------------------------------------------------------

    def path(self, name):
        return os.path.join(self.tmp, name)

    def qemu(self, *args, timeout=None):
        argv = [self.o.qemu, "-M", "virt", "-nographic"] + list(args)
        try:
            p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                               cwd=self.tmp, timeout=timeout or self.o.timeout)
        except subprocess.TimeoutExpired as e:
            return Run(argv, None, e.stdout or b"",
                       (e.stderr or b"").decode(errors="replace"), True)
        return Run(argv, p.returncode, p.stdout, p.stderr.decode(errors="replace"), False)

    def assemble(self, src, out, *flags):
        """Assemble src (a path, or source text when it contains a newline)."""
        if "\n" in src:
            path = self.path(os.path.basename(out) + ".s")
            with open(path, "w") as f:
                f.write(src)
            src = path
        p = subprocess.run([self.o.tile_as] + list(flags) + ["-o", out, src],
                           capture_output=True, text=True)
        if p.returncode != 0:
            raise Fail("tile-as %s failed: %s" % (src, p.stderr.strip()))
        return out

    def firmware(self, name, raw=False, base=0):
        src = os.path.join(ROOT, "firmware", name + ".s")
        if raw:
            return self.assemble(src, self.path("%s-%x.bin" % (name, base)),
                                 "-O", "binary", "--base", hex(base))
        return self.assemble(src, self.path("%s-%x.elf" % (name, base)),
                             "--base", hex(base))

    def objdump(self, image):
        """{address: (hex, text)} from tile-objdump."""
        p = subprocess.run([self.o.tile_objdump, image], capture_output=True, text=True)
        if p.returncode != 0:
            raise Fail("tile-objdump failed: %s" % p.stderr.strip())
        insns = {}
        for line in p.stdout.splitlines():
            m = re.match(r"^\s*([0-9a-f]+):\s+([0-9a-f]+)\s+(.*?)\s*$", line)
            if m:
                insns[int(m.group(1), 16)] = (m.group(2), m.group(3))
        return insns

    def check(self, name, fn, *args):
        if self.o.k and self.o.k not in name:
            return
        try:
            fn(*args)
        except Fail as e:
            self.failed += 1
            print("FAIL %s" % name)
            for l in str(e).splitlines():
                print("    " + l)
        else:
            self.passed += 1
            print("ok   %s" % name)

    @staticmethod
    def expect(cond, msg, run=None):
        if not cond:
            raise Fail(msg + ("\n" + run.describe() if run else ""))

    def expect_exit(self, r, status):
        self.expect(not r.hung, "hung: no exit within %g s" % self.o.timeout, r)
        self.expect(r.rc is not None and r.rc >= 0, "killed by signal %s" % -r.rc, r)
        self.expect(r.rc == status, "exit status %s, expected %s" % (r.rc, status), r)

    def expect_error_exit(self, r):
        self.expect(not r.hung, "hung: no exit within %g s" % self.o.timeout, r)
        self.expect(r.rc is not None and r.rc >= 0, "killed by signal %s" % -r.rc, r)
        self.expect(r.rc != 0, "exit status 0, expected a failure", r)

    # -- firmware ---------------------------------------------------------

    def t_hello(self, raw):
        img = self.firmware("hello", raw=raw)
        r = self.qemu("-kernel", img)
        self.expect(r.out == HELLO_TEXT, "UART output is not %r" % HELLO_TEXT, r)
        self.expect_exit(r, 0)
        self.expect(r.err == "", "unexpected text on stderr", r)

    def t_matmul_demo(self):
        # The demo's matrices, as its comment defines them; the expected
        # checksums are computed here, not by the emulator.
        a = [[((7 * r + 5 * k) & 31) - 16 for k in range(16)] for r in range(32)]
        b = [[((7 * k + 3 * n) & 15) - 8 for n in range(8)] for k in range(16)]
        want = b""
        for pe in range(4):
            t = sum(sum(a[r][k] * b[k][n] for k in range(16)) * (r + 1)
                    for r in range(8 * pe, 8 * pe + 8) for n in range(8))
            want += b"PE%d slice checksum 0x%08x\n" % (pe, t & 0xffffffff)
        want += b"PASS\n"
        r = self.qemu("-kernel", self.firmware("matmul-demo"))
        self.expect(r.out == want, "UART output is not %r" % want, r)
        self.expect_exit(r, 0)

    def t_fail(self, raw):
        img = self.firmware("fail", raw=raw)
        r = self.qemu("-kernel", img)
        self.expect_exit(r, 7)
        self.expect(r.out == b"", "unexpected UART output", r)

    def expect_trap(self, r, tpc, insn):
        self.expect_error_exit(r)
        lines = r.lines()
        self.expect(len(lines) == 1, "%d lines on stderr, expected one" % len(lines), r)
        line = lines[0]
        for word in ("unhandled trap", "Fault_IllegalInstruction"):
            self.expect(word in line, "report lacks %r" % word, r)
        self.expect(line.startswith(PROG + ": "), "report does not start with %r" % (PROG + ": "), r)
        m = re.search(r"\bTPC (0x[0-9a-fA-F]+)", line)
        self.expect(m is not None, "report has no 'TPC 0x...'", r)
        self.expect(int(m.group(1), 16) == tpc, "TPC %s, expected %#x" % (m.group(1), tpc), r)
        self.expect(len(m.group(1)) == 18, "TPC is not printed with 16 hex digits", r)
        m = re.search(r"\(insn (0x[0-9a-fA-F]+)\)", line)
        self.expect(m is not None, "report has no '(insn 0x...)'", r)
        self.expect(m.group(1) == insn, "insn %s, expected %s" % (m.group(1), insn), r)
        self.expect(r.out == b"", "unexpected UART output", r)

    def t_illegal(self, raw, base, *extra):
        img = self.firmware("illegal", raw=raw, base=base)
        r = self.qemu("-kernel", img, *extra)
        self.expect_trap(r, 0 if raw else base, "0x00000003")

    def t_illegal_loader(self):
        img = self.firmware("illegal", raw=True)
        r = self.qemu("-device", "loader,file=%s,addr=0x3000,cpu-num=0" % img)
        self.expect_trap(r, 0x3000, "0x00000003")

    # After first-light code: the report names the faulting instruction,
    # not the start of its translation block (precise traps).
    LATE_OUTSIDE = """
    .text
    .globl _start
_start:
    c.movi 1, ->a0
    addi a0, 2, ->a0
    hl.liu 0x1234, ->a1
    .word 0x00000003
"""
    LATE_IN_BLOCK = """
    .text
    .globl _start
_start:
    bstart.std fall
    addi zero, 5, ->a0
    .word 0x00000003
    bstop
"""

    def t_illegal_late(self, src, tpc):
        img = self.assemble(src, self.path("late-%x.elf" % tpc))
        r = self.qemu("-kernel", img)
        self.expect_trap(r, tpc, "0x00000003")

    def t_tepl_hole(self):
        """BSTART.TEPL whose Mode:Function names no operation (0x005): a
        precise Fault_IllegalInstruction, and not an unimplemented form."""
        img = self.assemble("_start:\n    c.movi 1, ->a0\n    bstart.tepl mode=0, function=5, fp32\n",
                            self.path("hole.elf"))
        log = self.path("hole.log")
        r = self.qemu("-kernel", img, "-d", "unimp", "-D", log)
        self.expect_trap(r, 2, "0x%08x" % (0x00019181 | 5 << 20 | 1 << 27))
        text = open(log).read() if os.path.exists(log) else ""
        if "not implemented" in text:
            raise Fail("a selector hole is logged as unimplemented: %r" % text)

    def t_trap_literal(self):
        """trap-literal=on: with EVBASE = 0 a trap goes to its argument, as
        the spec says, so an illegal word traps to itself again and again."""
        img = self.assemble("_start:\n    c.movi 1, ->a0\n    .word 3\n", self.path("lit.elf"))
        log = self.path("lit.log")
        r = self.qemu("-kernel", img, "-global", "pto-core-tile-cpu.trap-literal=on",
                      "-d", "int", "-D", log, timeout=2)
        if not r.hung:
            raise Fail("the run ended (status %s): %s" % (r.rc, r.err))
        entries = [l for l in open(log) if l.startswith("trap entry: 4 to ACR0, EBARG_TPC "
                   "0x0000000000000002, vector 0x0000000000000002")]
        if len(entries) < 2:
            raise Fail("%d literal trap entries at TPC 2 in the -d int log" % len(entries))

    def t_bad_limit(self, option, expect):
        """A data-access limit outside RAM or not a size: one line, status 1."""
        r = self.qemu("-M", "virt," + option, "-m", "64M", "-kernel", self.firmware("hello"))
        self.expect_error_exit(r)
        self.expect(r.rc == 1, "exit status %s, expected 1" % r.rc, r)
        lines = r.lines()
        self.expect(len(lines) == 1 and expect in lines[0],
                    "stderr %r, expected one line with %r" % (lines, expect), r)
        self.expect(r.out == b"", "unexpected UART output", r)

    # -- bad images -------------------------------------------------------

    @staticmethod
    def elf(machine=0xE9, cls=64, data=1, vaddr=0, entry=None, code=b"\0\0\0\0",
            memsz=None, ptype=1):
        """A minimal ELF with one program header (as scripts/qemu-mkimage.py)."""
        entry = vaddr if entry is None else entry
        memsz = len(code) if memsz is None else memsz
        if cls == 32:
            hdr = b"\x7fELF" + bytes([1, data, 1, 0]) + bytes(8)
            hdr += struct.pack("<HHIIIIIHHHHHH", 2, machine, 1, entry, 52, 0, 0,
                               52, 32, 1, 0, 0, 0)
            ph = struct.pack("<IIIIIIII", ptype, 84, vaddr, vaddr, len(code),
                             memsz, 5, 4)
        else:
            hdr = b"\x7fELF" + bytes([2, data, 1, 0]) + bytes(8)
            hdr += struct.pack("<HHIQQQIHHHHHH", 2, machine, 1, entry, 64, 0, 0,
                               64, 56, 1, 0, 0, 0)
            ph = struct.pack("<IIQQQQQQ", ptype, 5, 120, vaddr, vaddr, len(code),
                             memsz, 4)
        return hdr + ph + code

    def t_bad(self, fname, content, expect, option="-kernel", extra=()):
        img = self.path(fname)
        if content is not None:
            with open(img, "wb") as f:
                f.write(content)
        r = self.qemu(*extra, option, img)
        self.expect_error_exit(r)
        self.expect(r.rc == 1, "exit status %s, expected 1 (docs/machine.md)" % r.rc, r)
        lines = r.lines()
        self.expect(len(lines) == 1, "%d lines on stderr, expected one" % len(lines), r)
        prefix = "%s: %s '%s': " % (PROG, option, img)
        self.expect(lines[0].startswith(prefix), "message does not start with %r" % prefix, r)
        msg = lines[0][len(prefix):]
        if expect is not None:
            alts = expect if isinstance(expect, tuple) else (expect,)
            self.expect(any(a in msg for a in alts),
                        "message %r does not contain %s" % (msg, " or ".join(map(repr, alts))), r)
        self.expect(r.out == b"", "unexpected UART output", r)

    def bad_images(self):
        e = self.elf
        good = e()
        M = RAM_SIZE
        return [
            ("wrong-machine", "wrongm.elf", e(machine=0x3E),
             "ELF e_machine is 62 (0x3e), expected 0xe9 (PTO)", ()),
            ("truncated-header", "trunc-hdr.elf", good[:40], "truncated ELF header", ()),
            ("magic-only", "magic.elf", b"\x7fELF",
             ("not an ELF64 image", "truncated ELF header"), ()),
            ("elf32", "elf32.elf", e(cls=32), "not an ELF64 image", ()),
            ("big-endian", "be.elf", e(data=2), "ELF image is not little-endian", ()),
            ("truncated-phdrs", "trunc-ph.elf", good[:100],
             "truncated or malformed ELF image", ()),
            ("truncated-segment", "trunc-seg.elf", e(code=bytes(16))[:124],
             "truncated or malformed ELF image", ()),
            ("no-loadable-segment", "noload.elf", e(ptype=4),
             "ELF image has no loadable segment", ()),
            ("segment-outside-ram", "outside.elf", e(vaddr=M),
             "segment [%#x, %#x) lies outside RAM [0, %#x)" % (M, M + 4, M), ()),
            ("segment-straddles-ram-end", "straddle.elf", e(vaddr=M - 4, code=bytes(8)),
             "lies outside RAM", ()),
            ("bss-outside-ram", "bss.elf", e(memsz=M + 0x1000), "lies outside RAM", ()),
            ("segment-outside-small-ram", "m64.elf", e(vaddr=0x5000000),
             "lies outside RAM [0, 0x4000000)", ("-m", "64M")),
            ("segment-address-wraps", "wrap.elf",
             e(vaddr=(1 << 64) - 4, entry=0, code=bytes(8)), None, ()),
            ("entry-outside-ram", "entry.elf", e(entry=2 * M),
             ("entry point %#x lies outside RAM" % (2 * M)), ()),
            ("empty-file", "empty.bin", b"", "image is empty", ()),
            ("missing-file", "missing.elf", None, "No such file or directory", ()),
            ("raw-larger-than-ram", "big.bin", bytes((16 << 20) + 2),
             "does not fit in RAM", ("-m", "16M")),
        ]

    # -- device tree ------------------------------------------------------

    @staticmethod
    def parse_fdt(blob):
        """{path: {prop: bytes}} of a flattened device tree."""
        if len(blob) < 40:
            raise Fail("dtb of %d bytes is too short" % len(blob))
        (magic, total, off_struct, off_strings, _rsv, version, _last, _cpu,
         size_strings, size_struct) = struct.unpack_from(">10I", blob, 0)
        if magic != 0xD00DFEED:
            raise Fail("bad FDT magic %#x" % magic)
        if total != len(blob):
            raise Fail("FDT totalsize %d, file is %d bytes" % (total, len(blob)))
        if version < 17:
            raise Fail("FDT version %d < 17" % version)
        strings = blob[off_strings:off_strings + size_strings]
        nodes, stack, pos, end = {}, [], off_struct, off_struct + size_struct
        while pos < end:
            (tok,) = struct.unpack_from(">I", blob, pos)
            pos += 4
            if tok == 1:                                   # FDT_BEGIN_NODE
                z = blob.index(b"\0", pos)
                name = blob[pos:z].decode()
                pos = (z + 4) & ~3
                stack.append(name)
                path = "/" + "/".join(n for n in stack if n)
                nodes[path] = {}
            elif tok == 2:                                 # FDT_END_NODE
                stack.pop()
            elif tok == 3:                                 # FDT_PROP
                ln, nameoff = struct.unpack_from(">II", blob, pos)
                pos += 8
                pname = strings[nameoff:strings.index(b"\0", nameoff)].decode()
                nodes["/" + "/".join(n for n in stack if n)][pname] = blob[pos:pos + ln]
                pos = (pos + ln + 3) & ~3
            elif tok == 4:                                 # FDT_NOP
                pass
            elif tok == 9:                                 # FDT_END
                break
            else:
                raise Fail("bad FDT token %#x at %#x" % (tok, pos - 4))
        if stack:
            raise Fail("unterminated FDT node %s" % "/".join(stack))
        return nodes

    @staticmethod
    def strlist(v):
        return [s.decode() for s in v.split(b"\0")[:-1]] if v else []

    @staticmethod
    def cells(v):
        return [x for (x,) in struct.iter_unpack(">I", v)] if v else []

    def reg(self, nodes, path):
        """The (address, size) pairs of a node's reg, by its parent's cells."""
        parent = path.rsplit("/", 1)[0] or "/"
        ac = self.cells(nodes[parent].get("#address-cells", struct.pack(">I", 2)))[0]
        sc = self.cells(nodes[parent].get("#size-cells", struct.pack(">I", 1)))[0]
        c = self.cells(nodes[path].get("reg", b""))
        out = []
        for i in range(0, len(c) - ac - sc + 1, ac + sc):
            a = s = 0
            for x in c[i:i + ac]:
                a = (a << 32) | x
            for x in c[i + ac:i + ac + sc]:
                s = (s << 32) | x
            out.append((a, s))
        return out

    def find_compat(self, nodes, compat):
        return [p for p, props in nodes.items()
                if compat in self.strlist(props.get("compatible"))]

    def dumpdtb(self, name, *extra):
        dtb = self.path(name)
        r = self.qemu("-machine", "dumpdtb=" + dtb, *extra)
        self.expect_exit(r, 0)
        self.expect(os.path.exists(dtb), "no dtb written", r)
        with open(dtb, "rb") as f:
            blob = f.read()
        return dtb, self.parse_fdt(blob)

    def t_dtb(self):
        dtb, nodes = self.dumpdtb("virt.dtb")
        uart = self.find_compat(nodes, "ns16550a")
        self.expect(len(uart) == 1, "expected one ns16550a node, found %s" % uart)
        self.expect(self.reg(nodes, uart[0]) == [(0x10000000, 0x100)],
                    "UART reg %s" % self.reg(nodes, uart[0]))
        test = self.find_compat(nodes, "sifive,test1")
        self.expect(len(test) == 1, "expected one sifive,test1 node, found %s" % test)
        self.expect(self.reg(nodes, test[0]) == [(0x10001000, 0x1000)],
                    "exit device reg %s" % self.reg(nodes, test[0]))
        off = self.find_compat(nodes, "syscon-poweroff")
        self.expect(len(off) == 1 and self.cells(nodes[off[0]].get("value")) == [0x5555],
                    "no syscon-poweroff node with value 0x5555")
        rb = self.find_compat(nodes, "syscon-reboot")
        self.expect(len(rb) == 1 and self.cells(nodes[rb[0]].get("value")) == [0x7777],
                    "no syscon-reboot node with value 0x7777")
        chosen = nodes.get("/chosen", {})
        sp = self.strlist(chosen.get("stdout-path"))
        self.expect(sp, "/chosen has no stdout-path")
        target = sp[0].split(":")[0]
        aliases = nodes.get("/aliases", {})
        if not target.startswith("/") and target in aliases:
            target = self.strlist(aliases[target])[0]
        self.expect(target == uart[0], "stdout-path %r is not the UART %r" % (sp[0], uart[0]))
        mem = [p for p, v in nodes.items() if self.strlist(v.get("device_type")) == ["memory"]]
        self.expect(len(mem) == 1 and self.reg(nodes, mem[0]) == [(0, RAM_SIZE)],
                    "memory node %s" % [(m, self.reg(nodes, m)) for m in mem])
        cpus = self.find_compat(nodes, "pto,tile-core")
        self.expect(cpus == ["/cpus/cpu@0"], "cpu nodes %s" % cpus)
        if shutil.which("dtc"):
            p = subprocess.run(["dtc", "-I", "dtb", "-O", "dts", "-o", os.devnull, dtb],
                               capture_output=True, text=True)
            self.expect(p.returncode == 0, "dtc rejects the dtb: %s" % p.stderr.strip())

    def t_dtb_options(self):
        img = self.firmware("hello")
        _, nodes = self.dumpdtb("virt2.dtb", "-smp", "2", "-m", "64M",
                                "-kernel", img, "-append", "console=ttyS0 quiet")
        cpus = sorted(self.find_compat(nodes, "pto,tile-core"))
        self.expect(cpus == ["/cpus/cpu@0", "/cpus/cpu@1"], "cpu nodes %s" % cpus)
        mem = [p for p, v in nodes.items() if self.strlist(v.get("device_type")) == ["memory"]]
        self.expect(len(mem) == 1 and self.reg(nodes, mem[0]) == [(0, 64 << 20)],
                    "memory node %s" % [(m, self.reg(nodes, m)) for m in mem])
        ba = self.strlist(nodes.get("/chosen", {}).get("bootargs"))
        self.expect(ba == ["console=ttyS0 quiet"], "bootargs %s" % ba)

    # -- disassembly ------------------------------------------------------

    def in_asm(self, img, *extra):
        log = self.path(os.path.basename(img) + ".log")
        r = self.qemu("-kernel", img, "-d", "in_asm", "-D", log, *extra)
        self.expect(not r.hung, "hung", r)
        self.expect(os.path.exists(log), "no -D log written", r)
        lines = []
        with open(log, errors="replace") as f:
            for line in f:
                m = re.match(r"^0x([0-9a-f]+):\s+([0-9a-f]+)\s+(.*?)\s*$", line)
                if m:
                    lines.append((int(m.group(1), 16), m.group(2), m.group(3)))
        self.expect(lines, "no instruction lines in the in_asm log", r)
        return r, lines

    def compare_objdump(self, img, lines):
        ref = self.objdump(img)
        for addr, hx, text in lines:
            self.expect(addr in ref, "in_asm shows %#x, not an instruction of tile-objdump" % addr)
            self.expect((hx, text) == ref[addr],
                        "at %#x in_asm shows %r, tile-objdump %r" % (addr, "%s  %s" % (hx, text),
                                                                    "%s  %s" % ref[addr]))

    def t_in_asm_first(self):
        img = self.firmware("hello")
        r, lines = self.in_asm(img)
        self.expect(lines[0][0] == 0 and lines[0][2] == "bstart.std fall",
                    "first in_asm line %r, expected 0x0 bstart.std fall" % (lines[0],), r)
        self.compare_objdump(img, lines)

    def t_in_asm_hello(self):
        img = self.firmware("hello")
        r, lines = self.in_asm(img)
        self.compare_objdump(img, lines)
        texts = " | ".join(t for _, _, t in lines)
        for mnem in ("hl.liu 0x10000000, ->a0", "lbui [a1, 0], ->a2", "sbi a2, [a0, 0]",
                     "setc.ne a2, zero", "c.bstop", "lui 0x10001, ->a3", "swi a4, [a3, 0]"):
            self.expect(mnem in texts, "in_asm never shows %r" % mnem, r)
        self.expect_exit(r, 0)
        self.expect(r.out == HELLO_TEXT, "UART output under -d in_asm", r)

    def t_in_asm_reserved(self):
        img = self.firmware("illegal", base=0x2000)
        r, lines = self.in_asm(img)
        self.compare_objdump(img, lines)

    # -- all --------------------------------------------------------------

    def run_all(self):
        c = self.check
        # Work today (no instruction semantics needed).
        c("illegal: reserved word at the ELF entry (0x2000)", self.t_illegal, False, 0x2000)
        c("illegal: reserved word, raw binary at 0", self.t_illegal, True, 0)
        c("illegal: -smp 4 still one report line", self.t_illegal, False, 0x2000, "-smp", "4")
        c("illegal: -device loader file + cpu-num sets the PC", self.t_illegal_loader)
        for name, fname, content, expect, extra in self.bad_images():
            c("bad image: " + name, self.t_bad, fname, content, expect, "-kernel", extra)
        c("bad image: -bios with the wrong machine", self.t_bad, "wrongm-bios.elf",
          self.elf(machine=0x3E), "ELF e_machine is 62", "-bios", ())
        c("dumpdtb: uart, exit device, chosen, memory, cpu", self.t_dtb)
        c("dumpdtb: -smp 2 -m 64M -append", self.t_dtb_options)
        c("in_asm: first instruction as tile-objdump prints it", self.t_in_asm_first)
        c("in_asm: reserved word as tile-objdump prints it", self.t_in_asm_reserved)
        # Need the first-light semantics.
        c("hello: ELF prints its line and exits 0", self.t_hello, False)
        c("hello: raw binary at 0 prints its line and exits 0", self.t_hello, True)
        c("matmul-demo: cooperative TMATMUL, per-PE checksums and PASS", self.t_matmul_demo)
        c("fail: ELF exits with status 7", self.t_fail, False)
        c("fail: raw binary exits with status 7", self.t_fail, True)
        c("illegal: precise TPC after scalar code", self.t_illegal_late, self.LATE_OUTSIDE, 0xC)
        c("illegal: precise TPC inside a FALL block", self.t_illegal_late, self.LATE_IN_BLOCK, 0x8)
        c("in_asm: whole hello program, as tile-objdump prints it", self.t_in_asm_hello)
        c("illegal: a BSTART.TEPL selector hole", self.t_tepl_hole)
        c("trap-literal=on: EVBASE 0 sends the trap to its argument", self.t_trap_literal)
        c("bad option: app-region beyond RAM", self.t_bad_limit, "app-region=128M",
          "-machine app-region=0x8000000 lies outside RAM [0, 0x4000000)")
        c("bad option: data-limit beyond RAM", self.t_bad_limit, "data-limit=65M",
          "-machine data-limit=0x4100000 lies outside RAM [0, 0x4000000)")
        c("bad option: app-region not a size", self.t_bad_limit, "app-region=lots",
          "app-region")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--qemu")
    ap.add_argument("--tile-as")
    ap.add_argument("--tile-objdump")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("-k", help="run only the checks whose name contains this")
    ap.add_argument("-v", action="store_true", help="keep the temporary directory")
    o = ap.parse_args()
    o.qemu = o.qemu or os.path.join(o.build, "qemu-system-tile")
    o.tile_as = o.tile_as or os.path.join(o.build, "tile-as")
    o.tile_objdump = o.tile_objdump or os.path.join(o.build, "tile-objdump")
    for exe in (o.qemu, o.tile_as, o.tile_objdump):
        if not os.access(exe, os.X_OK):
            print("SKIP: %s is not built (make tools qemu)" % exe)
            return 77
    o.qemu, o.tile_as, o.tile_objdump = map(os.path.abspath, (o.qemu, o.tile_as, o.tile_objdump))

    tmp = tempfile.mkdtemp(prefix="tile-boot-")
    try:
        t = Tester(o, tmp)
        t.run_all()
    finally:
        if o.v:
            print("files kept in %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print("%d passed, %d failed" % (t.passed, t.failed))
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
