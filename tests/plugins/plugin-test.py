#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""TCG plugins on qemu-system-tile: what the plugin API shows of a guest.

    plugin-test.py --build DIR

Runs tests/plugins/plugin-fw.s under the plugins of build/plugins and
compares their output with what the program does, worked out here:

- the executed instructions: the program is straight-line code and one loop
  of LOOPS iterations, and QEMU's stoptrigger plugin ends the run at `end`,
  so the trace is the instructions of [_start, loop), LOOPS times those of
  [loop, loop_done), then those of [loop_done, end); each instruction's length comes from its
  first parcel by the spec's rule (bits [3:0] 1110: 48 bits, 1111: 64,
  otherwise bit 0 set: 32, clear: 16), its bytes from the image;
- register values read through qemu_plugin_read_register before chosen
  instructions (pc is the instruction's address; the block state and the
  GPRs the program has set by then);
- every memory access, in order, from the program's stores and loads: the
  four sizes, a pair (two accesses), an atomic (a load and a store), LR and
  SC, a 64-byte DMA copy (byte loads, then byte stores) and the Tile
  TLOAD / TSTORE of one 8-byte row (one access per element, seen at the
  BSTOP that commits the block), and a UART store (an I/O access);
- the register list of qemu_plugin_get_registers against gdb-xml/ and the
  naming rules of docs/debugging.md.

tests/plugins/tile-check.c (the project's test plugin) records the trace;
QEMU's own plugins (insn, bb, mem, hotblocks, hotpages, cache, execlog,
howvec) and the project's insn-mix must report the same counts.  Ends with
'N passed, N failed'; exit 77 when the emulator or the plugins are not
built."""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from testutil import Checks, build_tool, load_module  # noqa: E402
LOOPS = 10
UART = 0x10000000
# GPR aliases of the assembler: r0 zero, r1 sp, r2..r9 a0..a7, r10 ra,
# r11..r19 s0..s8, r20..r23 x0..x3
A = {"a%d" % i: "r%d" % (i + 2) for i in range(8)}
S = {"s%d" % i: "r%d" % (i + 11) for i in range(9)}


def insn_length(parcel):
    """bytes, from the first 16-bit parcel (PTO-ARCH-DISPATCH-TOP-LEVEL)"""
    if parcel & 0xf == 0xe:
        return 6
    if parcel & 0xf == 0xf:
        return 8
    return 4 if parcel & 1 else 2


class Program:
    def __init__(self, tile_as, tile_objdump, tmp):
        src = os.path.join(HERE, "plugin-fw.s")
        self.elf = os.path.join(tmp, "plugin-fw.elf")
        raw = os.path.join(tmp, "plugin-fw.bin")
        subprocess.run([tile_as, "-o", self.elf, src], check=True)
        subprocess.run([tile_as, "-O", "binary", "--base", "0", "-o", raw, src], check=True)
        self.image = open(raw, "rb").read()
        self.sym = load_module("scripts/tile-gdb").Elf(self.elf).symbols
        listing = subprocess.run([tile_objdump, self.elf], check=True,
                                 capture_output=True, text=True).stdout
        self.text = {}                       # address -> tile-objdump's text
        self.hex = {}                        # address -> tile-objdump's hex
        for m in re.finditer(r"^\s*([0-9a-f]+):\s+([0-9a-f]+)\s+(.*\S)\s*$", listing, re.M):
            self.hex[int(m.group(1), 16)] = m.group(2)
            self.text[int(m.group(1), 16)] = m.group(3)

    def length(self, addr):
        return insn_length(int.from_bytes(self.image[addr:addr + 2], "little"))

    def walk(self, start, end):
        """instruction addresses in [start, end)"""
        out, a = [], start
        while a < end:
            out.append(a)
            a += self.length(a)
        return out

    def trace(self):
        s = self.sym
        return (self.walk(s["_start"], s["loop"]) + LOOPS * self.walk(s["loop"], s["loop_done"])
                + self.walk(s["loop_done"], s["end"]))

    def next_insn(self, label):
        a = self.sym[label]
        return a + self.length(a)

    def accesses(self):
        """(insn address, ld|st, size, address, value, ram|io) of every access"""
        s = self.sym
        buf, v5, v6 = s["buf"], 0x11223344, 0x5566778811223344
        acc = [(s["st_b"], "st", 1, buf, 0x44), (s["st_h"], "st", 2, buf + 2, 0x3344),
               (s["st_w"], "st", 4, buf + 4, v5), (s["st_d"], "st", 8, buf + 8, v6),
               (s["ld_b"], "ld", 1, buf, 0x44), (s["ld_h"], "ld", 2, buf + 2, 0x3344),
               (s["ld_w"], "ld", 4, buf + 4, v5), (s["ld_d"], "ld", 8, buf + 8, v6),
               (s["st_pair"], "st", 8, buf + 16, v5), (s["st_pair"], "st", 8, buf + 24, v6),
               (s["ld_pair"], "ld", 8, buf + 16, v5), (s["ld_pair"], "ld", 8, buf + 24, v6)]
        sdi7 = [a for a in self.walk(s["ld_pair"], s["amo"])][-2]     # sdi a7, [s3, 0]
        acc += [(sdi7, "st", 8, buf + 32, 7),
                (s["amo"], "ld", 8, buf + 32, 7), (s["amo"], "st", 8, buf + 32, 9),
                (s["lr"], "ld", 8, buf + 32, 9), (s["sc"], "st", 8, buf + 32, v6)]
        src = [0x10 * (i // 8) + i % 8 for i in range(64)]
        acc += [(s["dma"], "ld", 1, s["src64"] + i, src[i]) for i in range(64)]
        acc += [(s["dma"], "st", 1, s["dst64"] + i, src[i]) for i in range(64)]
        acc += [(s["tload_end"], "ld", 1, s["row"] + i, 0xa0 + i) for i in range(8)]
        acc += [(s["tstore_end"], "st", 1, s["row_out"] + i, 0xa0 + i) for i in range(8)]
        acc = [a + ("ram",) for a in acc]
        acc.append((s["uart_store"], "st", 1, UART, ord("."), "io"))
        return acc


class Log:
    """The lines of one run with plugins (-d plugin -D FILE)."""

    def __init__(self, text):
        self.lines = text.splitlines()
        self.regs = []                  # (feature, name)
        self.events = []                # ("tb", vaddr, n) / ("insn", dict) / ("mem", tuple)
        for line in self.lines:
            w = line.split()
            if line.startswith("reg "):
                self.regs.append((w[1], w[2]))
            elif re.match(r"tb [0-9a-f]+ \d+$", line):
                self.events.append(("tb", int(w[1], 16), int(w[2])))
            elif re.match(r"insn [0-9a-f]+ \d ", line):
                head, _, disas = line.partition(" | ")
                h = head.split()
                vals = dict(kv.split("=", 1) for kv in h[4:])
                self.events.append(("insn", {
                    "vaddr": int(h[1], 16), "size": int(h[2]), "bytes": bytes.fromhex(h[3]),
                    "regs": {k: int(v, 16) for k, v in vals.items()},
                    "disas": disas.split("  ", 1)[-1].strip()}))
            elif re.match(r"mem [0-9a-f]+ (ld|st) ", line):
                self.events.append(("mem", (int(w[1], 16), w[2], int(w[3]), int(w[4], 16),
                                            int(w[5], 16), w[6].split(":")[0])))

    def insns(self):
        return [e[1] for e in self.events if e[0] == "insn"]

    def find(self, pattern):
        """the integer groups of the first line matching pattern"""
        for line in self.lines:
            m = re.match(pattern, line)
            if m:
                return [int(g, 0) for g in m.groups()]
        return None


class Tester(Checks):
    def __init__(self, o, tmp):
        self.o, self.tmp = o, tmp
        self.qemu = os.path.join(o.build, "qemu-system-tile")
        self.plugins = os.path.join(o.build, "plugins")

    def run(self, prog, *plugins):
        """Run with these plugins and stoptrigger, which ends the run when
        the instruction at `end` is about to execute, before the others see
        it (their callbacks for it come after its own)."""
        plugins += ("libstoptrigger.so,addr=%#x" % prog.sym["end"],)
        log = os.path.join(self.tmp, "plugins.log")
        if os.path.exists(log):
            os.unlink(log)
        argv = [self.qemu, "-M", "virt", "-nographic", "-monitor", "none",
                "-kernel", prog.elf, "-d", "plugin", "-D", log]
        for p in plugins:
            argv += ["-plugin", os.path.join(self.plugins, p)]
        r = subprocess.run(argv, capture_output=True, text=True, timeout=60,
                           stdin=subprocess.DEVNULL)
        text = open(log).read() if os.path.exists(log) else ""
        self.check("run with %s exits 0" % ", ".join(p.split(",")[0] for p in plugins),
                   r.returncode == 0, "exit %d, stderr %r" % (r.returncode, r.stderr))
        return Log(text)

    # -- the trace of tile-check ------------------------------------------

    def t_registers(self, log):
        core = [r.get("name") for r in
                ET.parse(os.path.join(ROOT, "gdb-xml", "tile-core.xml")).getroot().iter("reg")]
        by = collections.defaultdict(list)
        for feat, name in log.regs:
            by[feat].append(name)
        self.check("get_registers: the core feature is gdb-xml/tile-core.xml",
                   by["org.pto.tile.core"] == core, by["org.pto.tile.core"])
        pe = ["pe%d_r%d" % (p, r) for p in (1, 2, 3) for r in range(24)]
        self.check("get_registers: org.pto.tile.pe is pe1_r0..pe3_r23",
                   by["org.pto.tile.pe"] == pe, by["org.pto.tile.pe"])
        want = {"org.pto.tile.block": {"blk_phase", "blk_kind", "blk_bpc_cur", "blk_ret_addr"},
                "org.pto.tile.sys": {"acr", "evbase", "econfig", "trapno", "ebarg0"}}
        for feat, names in want.items():
            self.check("get_registers: %s has %s" % (feat, " ".join(sorted(names))),
                       names <= set(by[feat]), by[feat])
        self.check("no unknown register asked for", not any(l.startswith("error") for l in log.lines),
                   [l for l in log.lines if l.startswith("error")])

    def t_insns(self, prog, log):
        got = log.insns()
        want = prog.trace()
        self.check("every executed instruction once, in program order (%d)" % len(want),
                   [i["vaddr"] for i in got] == want,
                   "got %s" % ["%x" % i["vaddr"] for i in got][:120])
        bad = [i for i in got if i["size"] != prog.length(i["vaddr"])
               or i["bytes"] != prog.image[i["vaddr"]:i["vaddr"] + i["size"]]]
        self.check("instruction sizes from the first parcel, bytes from the image", not bad,
                   bad[:3])
        sizes = {i["size"] for i in got}
        self.check("the trace has 16-, 32-, 48- and 64-bit instructions",
                   sizes == {2, 4, 6, 8} and
                   [prog.length(prog.sym[l]) for l in ("len16", "len32", "len48", "len64")]
                   == [2, 4, 6, 8], sizes)
        bad = [i for i in got if i["regs"].get("pc") != i["vaddr"]]
        self.check("pc read before each instruction is its address", not bad,
                   ["%x: pc %s" % (i["vaddr"], i["regs"].get("pc")) for i in bad[:5]])
        bad = [i for i in got if i["disas"] != prog.text.get(i["vaddr"])]
        self.check("the plugin API's disassembly is tile-objdump's text", not bad,
                   [(hex(i["vaddr"]), i["disas"], prog.text.get(i["vaddr"])) for i in bad[:3]])

    def t_values(self, prog, log):
        s = prog.sym
        first = {}
        for i in log.insns():
            first.setdefault(i["vaddr"], i["regs"])
        body = prog.next_insn("len48") + 4          # after BSTART.STD FALL
        cases = [
            ("a0 = 5 before len32", first[s["len32"]][A["a0"]], 5),
            ("a1 = 8 before len48", first[s["len48"]][A["a1"]], 8),
            ("a2 = 0x12345678 after len48", first[prog.next_insn("len48")][A["a2"]], 0x12345678),
            ("blk_phase 1 (header) before the first body instruction", first[body]["blk_phase"], 1),
            ("bpc = its BSTART there", first[body]["bpc"], prog.next_insn("len48")),
            ("blk_phase 2 (body) before L.BSTOP", first[s["len64"]]["blk_phase"], 2),
            ("blk_phase 0 after the block", first[prog.next_insn("len64")]["blk_phase"], 0),
            ("s0 = buf before st_b", first[s["st_b"]][S["s0"]], s["buf"]),
        ]
        for name, got, want in cases:
            self.check("register read: " + name, got == want, "got %#x, expected %#x" % (got, want))
        setc = prog.walk(s["loop"], s["loop_done"])[2]        # setc.nei a4, LOOPS
        a4 = [i["regs"][A["a4"]] for i in log.insns() if i["vaddr"] == setc]
        self.check("register read: a4 = k before the k-th loop test",
                   a4 == list(range(1, LOOPS + 1)), a4)

    def t_blocks(self, prog, log):
        """each tb line is followed by consecutive instructions from its
        address, at most as many as the block holds (none for the last
        block, the one at `end`)"""
        bad, cur, n = [], None, 0
        last = [e for e in log.events if e[0] == "tb"][-1:]
        self.check("block callbacks: the last block is the one at end",
                   last and last[0][1] == prog.sym["end"], last)
        for e in log.events + [("tb", None, 0)]:
            if e[0] == "tb":
                if cur is not None and not ((1 if e[1] is not None else 0) <= n <= cur[2]):
                    bad.append((hex(cur[1]), cur[2], n))
                cur, n, nxt = e, 0, e[1]
            elif e[0] == "insn" and cur is not None:
                if e[1]["vaddr"] != nxt:
                    bad.append((hex(cur[1]), "insn %x" % e[1]["vaddr"]))
                n += 1
                nxt = e[1]["vaddr"] + e[1]["size"]
        self.check("block callbacks: each block runs a prefix of its instructions", not bad, bad[:5])

    def t_memory(self, prog, log):
        got = [e[1] for e in log.events if e[0] == "mem"]
        want = prog.accesses()
        diff = [(i, "%x %s %d %x %x %s" % g if g else None, "%x %s %d %x %x %s" % w if w else None)
                for i, (g, w) in enumerate(zip(got + [None] * len(want), want + [None] * len(got)))
                if g != w]
        self.check("every memory access in order: sizes 1-8, pairs, atomic, LR/SC, DMA, "
                   "Tile elements, I/O (%d)" % len(want), not diff, diff[:6])

    # -- QEMU's plugins and insn-mix ---------------------------------------

    def t_counts(self, prog, log):
        n = len(prog.trace())
        acc = prog.accesses()
        ram = [a for a in acc if a[5] == "ram"]
        tbs = [e for e in log.events if e[0] == "tb"]
        self.check("insn: total insns = the trace (%d)" % n,
                   log.find(r"total insns: (\d+)") == [n], log.find(r"total insns: (\d+)"))
        self.check("bb: one bb per block callback, insns = their sizes",
                   log.find(r"Total: bb's: (\d+), insns: (\d+)") == [len(tbs), sum(t[2] for t in tbs)],
                   "%s, tile-check: %d blocks, %d insns" % (
                       log.find(r"Total: bb's: (\d+), insns: (\d+)"), len(tbs),
                       sum(t[2] for t in tbs)))
        self.check("mem: mem accesses = the program's (%d)" % len(acc),
                   log.find(r"mem accesses: (\d+)") == [len(acc)], log.find(r"mem accesses: (\d+)"))
        execs = collections.Counter((t[1], t[2]) for t in tbs)
        hot = {}
        for line in log.lines:
            m = re.match(r"(0x[0-9a-f]{16}), (\d+), (\d+), (\d+)$", line)
            if m:
                pc, _, icount, ecount = (int(g, 0) for g in m.groups())
                hot[(pc, icount)] = hot.get((pc, icount), 0) + ecount
        hot = {k: v for k, v in hot.items() if v}
        self.check("hotblocks: executions per block = the block callbacks",
                   hot == dict(execs), "hotblocks %s, tile-check %s" % (hot, dict(execs)))
        loop_runs = sum(v for (pc, _), v in hot.items() if pc == prog.sym["loop"])
        self.check("hotblocks: the loop block runs LOOPS - 1 times on its own "
                   "(the first pass is in the block before it)", loop_runs == LOOPS - 1, loop_runs)
        pages = collections.defaultdict(lambda: [0, 0])
        for a in ram:
            pages[a[3] & ~0xfff][a[1] == "st"] += 1
        got = {}
        for line in log.lines:
            m = re.match(r"(0x[0-9a-f]{16}), 0x[0-9a-f]+, (\d+), 0x[0-9a-f]+, (\d+)$", line)
            if m:
                got[int(m.group(1), 0)] = [int(m.group(2)), int(m.group(3))]
        self.check("hotpages: reads and writes per RAM page", got == dict(pages),
                   "got %s, expected %s" % (got, dict(pages)))
        c = None
        for line in log.lines:
            m = re.match(r"0\s+(\d+)\s+\d+\s+[\d.]+%\s+(\d+)\s", line)
            if m:
                c = [int(m.group(1)), int(m.group(2))]
        self.check("cache: data accesses = the RAM accesses, insn accesses = the trace",
                   c == [len(ram), n], "got %s, expected %s" % (c, [len(ram), n]))
        self.t_insn_mix(prog, log)

    def t_insn_mix(self, prog, log):
        trace = prog.trace()
        want_len = collections.Counter("%d-bit" % (8 * prog.length(a)) for a in trace)
        want_form = collections.Counter(prog.text[a].split()[0] for a in trace)
        got = {"family": {}, "length": {}, "form": {}}
        for line in log.lines:
            m = re.match(r"(family|length|form)\s+(\S+)\s+(\d+)\s+[\d.]+%$", line)
            if m:
                got[m.group(1)][m.group(2)] = int(m.group(3))
        self.check("insn-mix: total = the trace",
                   log.find(r"insn-mix: (\d+) instructions") == [len(trace)],
                   log.find(r"insn-mix: (\d+) instructions"))
        self.check("insn-mix: counts by length", got["length"] == dict(want_len),
                   "got %s, expected %s" % (got["length"], dict(want_len)))
        self.check("insn-mix: counts by form (all of them with limit=0)",
                   got["form"] == dict(want_form),
                   "got %s, expected %s" % (got["form"], dict(want_form)))
        self.check("insn-mix: families add up, ISA family names only",
                   sum(got["family"].values()) == len(trace) and set(got["family"]) <=
                   {"ALU", "AGU", "BRU", "AMO", "FSU", "SYS", "CMD", "BBD"}, got["family"])

    def t_execlog(self, prog, log):
        trace = prog.trace()
        lines = [l for l in log.lines if re.match(r"0, 0x", l)]
        pcs = [int(l.split(",")[1], 16) for l in lines]
        self.check("execlog: one line per executed instruction, in order",
                   pcs == trace, "%d lines" % len(lines))
        addi = prog.walk(prog.sym["loop"], prog.sym["loop_done"])[1]    # addi a4, 1, ->a4
        changes = [int(m.group(1), 16) for l in lines if int(l.split(",")[1], 16) == addi
                   for m in [re.search(r"r6 -> (0x[0-9a-f]+)", l)] if m]
        self.check("execlog reg=r6: a4 becomes 1..LOOPS at the loop's ADDI",
                   changes == list(range(1, LOOPS + 1)), changes)
        st_d = [l for l in lines if int(l.split(",")[1], 16) == prog.sym["st_d"]]
        self.check("execlog: st_d stores to buf + 8 in RAM",
                   len(st_d) == 1 and re.search(r"store, 0x0*%x, RAM" % (prog.sym["buf"] + 8),
                                                st_d[0]), st_d)

    def t_howvec(self, prog, log):
        """howvec knows no PTO classes: it counts each encoding on its own
        (and lists all of them but the last of its sorted list)"""
        want = collections.Counter(prog.hex[a] for a in prog.trace())
        got = {m.group(1): int(m.group(2)) for m in
               re.finditer(r"^Instr: ([0-9a-f]+) .*?\((\d+) hits\)", "\n".join(log.lines), re.M)}
        bad = {k: (v, want.get(k)) for k, v in got.items() if want.get(k) != v}
        self.check("howvec: the hits of every encoding it lists are the trace's",
                   got and not bad and len(got) >= len(want) - 1,
                   "wrong %s, listed %d of %d" % (bad, len(got), len(want)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    o = ap.parse_args()
    tile_as = build_tool(o.build, "tile-as")
    tile_objdump = build_tool(o.build, "tile-objdump")
    need = [os.path.join(o.build, "qemu-system-tile"), tile_as, tile_objdump,
            os.path.join(o.build, "plugins", "libtile-check.so")]
    missing = [p for p in need if not os.path.exists(p)]
    if missing:
        print("SKIP: %s missing (make qemu builds the plugins)" % ", ".join(missing))
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        t = Tester(o, tmp)
        prog = Program(tile_as, tile_objdump, tmp)
        log = t.run(prog, "libtile-check.so,regs=pc:bpc:blk_phase:%s:%s:%s:%s:%s"
                    % (A["a0"], A["a1"], A["a2"], A["a4"], S["s0"]),
                    "libinsn.so", "libbb.so", "libmem.so,callback=true", "libhotblocks.so",
                    "libhotpages.so", "libcache.so", "libinsn-mix.so,limit=0")
        t.t_registers(log)
        t.t_insns(prog, log)
        t.t_values(prog, log)
        t.t_blocks(prog, log)
        t.t_memory(prog, log)
        t.t_counts(prog, log)
        t.t_execlog(prog, t.run(prog, "libexeclog.so,reg=r6"))
        t.t_howvec(prog, t.run(prog, "libhowvec.so"))
        return t.summary()


if __name__ == "__main__":
    sys.exit(main())
