#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""scripts/tile-gdb's GDB commands against a running qemu-system-tile.

    cli-test.py [--build DIR] [-v]

Each session starts qemu-system-tile with -S and a gdbstub on a free port
of 127.0.0.1, runs `scripts/tile-gdb --elf cli-fw.elf -batch -ex ...` on
tests/gdb/cli-fw.s, and checks what it prints: GDB's spellings and output
(break/b, tbreak, hbreak, continue/c, stepi/si, nexti/ni over a CALL
block, info registers [NAME], info breakpoints, delete, x/FMT in the i x
d c s formats with b h w g units, print/p of registers, symbols and
expressions, set $reg / set {type} ADDR, disassemble, display/undisplay,
watch/rwatch/awatch, kill, detach), the earlier short names, and errors.

Expected values come from the program: the register values its comments
state, the bytes of its .data, its labels' addresses (symbol table) and
tile-objdump's listing of it (the text x/i and disassemble must show).
Ends with 'N passed, N failed'; exit 77 when the emulator is not built."""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from testutil import Checks, build_tool, free_port, load_module  # noqa: E402

TILE_GDB = os.path.join(ROOT, "scripts", "tile-gdb")
BYTES = [0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88,
         0xfe, 0xff, 0x00, 0x80, 0x01, 0x02, 0x03, 0x04]     # cli-fw.s `bytes`


class Session:
    """qemu-system-tile -S with a gdbstub, and one tile-gdb -batch run."""

    def __init__(self, t, cmds, batch=True):
        self.uart = os.path.join(t.tmp, "uart.txt")
        port = free_port()
        self.qemu = subprocess.Popen(
            [t.qemu, "-M", "virt", "-nographic", "-monitor", "none",
             "-serial", "file:" + self.uart, "-S", "-gdb", "tcp:127.0.0.1:%d" % port,
             "-kernel", t.elf], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
        argv = [sys.executable, TILE_GDB, "--elf", t.elf, "--objdump", t.objdump,
                "127.0.0.1:%d" % port] + (["-batch"] if batch else [])
        for c in cmds:
            argv += ["-ex", c]
        r = subprocess.run(argv, capture_output=True, text=True, timeout=120,
                           stdin=subprocess.DEVNULL)
        self.out, self.err, self.rc = r.stdout, r.stderr, r.returncode
        self.lines = self.out.splitlines()
        if t.verbose:
            print("  $ tile-gdb " + " ".join("-ex %r" % c for c in cmds))
            print("".join("  | " + l + "\n" for l in self.lines + self.err.splitlines()))

    def end(self, kill=True):
        """the emulator's exit status; "running" when it had to be killed
        (at once with kill, after 30 s without)"""
        try:
            if kill and self.qemu.poll() is None:
                raise subprocess.TimeoutExpired(self.qemu.args, 0)
            return self.qemu.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.qemu.kill()
            self.qemu.wait()
            return "running"
        finally:
            self.qemu.stderr.close()

    def uart_text(self):
        try:
            return open(self.uart, "rb").read()
        except OSError:
            return b""


class Tester(Checks):
    def __init__(self, o, tmp):
        self.tmp, self.verbose = tmp, o.verbose
        self.qemu = os.path.join(o.build, "qemu-system-tile")
        self.tile_as = build_tool(o.build, "tile-as")
        self.objdump = build_tool(o.build, "tile-objdump")

    def has(self, name, s, *patterns):
        """the output has lines matching the patterns, in this order"""
        i, lines = 0, s.lines
        for p in patterns:
            while i < len(lines) and not re.fullmatch(p, lines[i]):
                i += 1
            if i == len(lines):
                return self.check(name, False, "no line %r after the earlier ones in:\n%s%s" % (
                    p, s.out, s.err))
            i += 1
        return self.check(name, True)

    def setup(self):
        self.elf = os.path.join(self.tmp, "cli-fw.elf")
        subprocess.run([self.tile_as, "-o", self.elf, os.path.join(HERE, "cli-fw.s")],
                       check=True)
        self.sym = load_module("scripts/tile-gdb").Elf(self.elf).symbols
        listing = subprocess.run([self.objdump, self.elf], capture_output=True, text=True,
                                 check=True).stdout
        self.insns = [(int(m.group(1), 16), m.group(2), m.group(3)) for m in
                      re.finditer(r"^\s*([0-9a-f]+):\s+([0-9a-f]+)\s+(.*\S)\s*$", listing, re.M)]
        self.text = {a: t for a, _, t in self.insns}

    def after(self, addr, n=1):
        """the address n instructions after addr (tile-objdump's listing)"""
        addrs = [a for a, _, _ in self.insns]
        return addrs[addrs.index(addr) + n]

    @staticmethod
    def frame(addr, fn):
        return re.escape("0x%016x in %s ()" % (addr, fn))

    # -- sessions -----------------------------------------------------------

    def t_break_step_registers(self):
        s, sym = self.sym, self.sym
        setup = sym["call1"]
        ses = Session(self, [
            "info registers pc", "break call1", "info breakpoints", "c",
            "info registers a0 a1", "p $a0", "p/x $a0", "p $a0 * 2 + 1", "p $pc",
            "p/x $s1", "p $1 + 1", "stepi", "si", "b *0x%x" % s["ret2"], "delete 1",
            "info breakpoints", "info registers", "bt", "p counter", "info registers blk_phase"])
        self.has("attach: the frame where the Core waits", ses,
                 self.frame(0, "_start"), r"pc\s+0x0\s+0x0 <_start>")
        self.has("break SYM, info breakpoints, continue hits it", ses,
                 r"Breakpoint 1 at 0x%x" % setup,
                 r"Num\s+Type\s+Disp Enb Address\s+What",
                 r"1\s+breakpoint\s+keep y\s+0x%016x <call1>" % setup,
                 r"Continuing\.", r"", r"Breakpoint 1, " + self.frame(setup, "call1"))
        self.has("info registers NAME...: hex and natural value", ses,
                 r"r2\s+0x4d2\s+1234", r"r3\s+0x0\s+0")
        self.has("print: registers, formats, expressions, $pc, history", ses,
                 r"\$1 = 1234", r"\$2 = 0x4d2", r"\$3 = 2469",
                 r"\$4 = \(void \(\*\)\(\)\) 0x%x <call1>" % setup,
                 r"\$5 = 0x%x" % sym["counter"], r"\$6 = 1235")
        self.has("stepi / si: one instruction (the CALL block's BSTOP goes to the callee)", ses,
                 self.frame(sym["call1_end"], "call1_end"), self.frame(sym["inc"], "inc"))
        self.has("b *ADDR, delete N", ses, r"Breakpoint 2 at 0x%x" % sym["ret2"],
                 r"2\s+breakpoint\s+keep y\s+0x%016x <ret2>" % sym["ret2"])
        last = max(i for i, l in enumerate(ses.lines) if l.startswith("Num     Type"))
        self.check("delete 1 leaves only breakpoint 2",
                   [l.split()[0] for l in ses.lines[last + 1:last + 3]] == ["2", "r0"], ses.out)
        core = ["r%d" % i for i in range(24)] + ["pc", "bpc", "t1", "t2", "t3", "t4",
                                                 "u1", "u2", "u3", "u4", "t_valid", "u_valid"]
        shown = [l.split()[0] for l in ses.lines if re.match(r"\S+\s+0x[0-9a-f]+\s+\S", l)]
        self.check("info registers: the core feature, every register", all(
            any(x == r for x in shown) for r in core), shown)
        self.has("bt, p SYM (its address), info registers blk_phase", ses,
                 r"#0  " + self.frame(sym["inc"], "inc"),
                 r"\$7 = \(void \*\) 0x%x <counter>" % sym["counter"],
                 r"blk_phase\s+0x0\s+0")
        self.check("the session ends with status 0", ses.rc == 0 and not ses.err,
                   "status %d, stderr %r" % (ses.rc, ses.err))
        ses.end()

    def t_nexti_call(self):
        s = self.sym
        ses = Session(self, ["break call1_end", "c", "ni", "p $a1", "p $pc",
                             "si", "si", "p $pc", "p $a1", "ni", "ni", "p $pc", "p $a1"])
        self.has("nexti at a CALL block's BSTOP runs the callee and stops at the return", ses,
                 r"Breakpoint 1, " + self.frame(s["call1_end"], "call1_end"),
                 self.frame(s["ret1"], "ret1"), r"\$1 = 1",
                 r"\$2 = \(void \(\*\)\(\)\) 0x%x <ret1>" % s["ret1"])
        self.has("stepi at the same place enters the callee", ses,
                 self.frame(s["call2_end"], "call2_end"), self.frame(s["inc"], "inc"),
                 r"\$3 = \(void \(\*\)\(\)\) 0x%x <inc>" % s["inc"], r"\$4 = 1")
        self.has("nexti inside the callee steps; at its RET block it returns", ses,
                 self.frame(self.after(s["inc"]), "inc"), self.frame(self.after(s["inc"], 2), "inc"),
                 r"\$5 = \(void \(\*\)\(\)\) 0x%x <inc\+8>" % self.after(s["inc"], 2), r"\$6 = 2")
        ses.end()

    def t_memory(self):
        s = self.sym
        b = s["bytes"]
        ses = Session(self, [
            "x/4xb bytes", "x/2xh bytes", "x/2xw bytes", "x/xg bytes", "x/2dw bytes+8",
            "x/4db bytes+8", "x/s text", "x/3c text", "x", "x/3i $pc", "x/2i inc",
            "set {int} buf = 0x12345678", "x/2xw buf", "set *(char *) (buf + 1) = 0x41",
            "x/xw buf", "x bytes 8", "w buf 1 2 3", "x/3xb buf", "w64 buf 0x1122334455667788",
            "x/xg buf"])
        w = lambda off, n: int.from_bytes(bytes(BYTES[off:off + n]), "little")
        sd = lambda v, n: v - (1 << (8 * n)) if v >> (8 * n - 1) else v
        self.has("x/FMT: hex in byte, half, word and giant units", ses,
                 r"0x%x <bytes>:\t0x11\t0x22\t0x33\t0x44" % b,
                 r"0x%x <bytes>:\t0x%04x\t0x%04x" % (b, w(0, 2), w(2, 2)),
                 r"0x%x <bytes>:\t0x%08x\t0x%08x" % (b, w(0, 4), w(4, 4)),
                 r"0x%x <bytes>:\t0x%016x" % (b, w(0, 8)))
        self.has("x/d: signed words and bytes", ses,
                 r"0x%x <bytes\+8>:\t%d\t%d" % (b + 8, sd(w(8, 4), 4), sd(w(12, 4), 4)),
                 r"0x%x <bytes\+8>:\t-2\t-1\t0\t-128" % (b + 8))
        self.has("x/s, x/c, and x alone going on", ses,
                 r'0x%x <text>:\t"hi tile"' % s["text"],
                 r"0x%x <text>:\t104 'h'\t105 'i'\t32 ' '" % s["text"],
                 r"0x%x <text\+3>:\t116 't'" % (s["text"] + 3))
        pc_lines = [re.escape("%s0x%x <_start%s>:\t%s" % ("=> " if i == 0 else "   ", a,
                                                          "+%d" % a if a else "", t))
                    for i, (a, _, t) in enumerate(self.insns[:3])]
        self.has("x/3i $pc: tile-objdump's text, => at pc", ses, *pc_lines)
        inc = [a for a, _, _ in self.insns].index(s["inc"])
        self.has("x/2i SYM", ses, *[re.escape("   0x%x <inc%s>:\t%s" % (
            a, "+%d" % (a - s["inc"]) if a != s["inc"] else "", t))
            for a, _, t in self.insns[inc:inc + 2]])
        self.has("set {int} ADDR = V, set *(char *) ADDR = V", ses,
                 r"0x%x <buf>:\t0x12345678\t0x00000000" % s["buf"],
                 r"0x%x <buf>:\t0x12344178" % s["buf"])
        self.has("the earlier x ADDR LEN dump, w and w64", ses,
                 r"%08x  11 22 33 44 55 66 77 88\s+.\"3DUfw." % b,
                 r"0x%x <buf>:\t0x01\t0x02\t0x03" % s["buf"],
                 r"0x%x <buf>:\t0x1122334455667788" % s["buf"])
        ses.end()

    def t_disassemble_display(self):
        s = self.sym
        inc = [(a, t) for a, _, t in self.insns if s["inc"] <= a]
        ses = Session(self, [
            "break inc", "c", "disassemble", "disassemble /r inc,+8",
            "disassemble call1,ret1", "display/i $pc", "display $a1", "display/x $a1",
            "info display", "si", "undisplay 1", "si", "undisplay", "si"])
        lines = ["Dump of assembler code for function inc:"] + \
            ["%s0x%016x <\\+%d>:\t%s" % ("=> " if a == s["inc"] else "   ", a, a - s["inc"],
                                         re.escape(t)) for a, t in inc] + \
            ["End of assembler dump\\."]
        self.has("disassemble: the function around pc, tile-objdump's text", ses, *lines)
        raw = [(a, h, t) for a, h, t in self.insns if s["inc"] <= a < s["inc"] + 8]
        self.has("disassemble /r START,+LEN", ses,
                 "Dump of assembler code from 0x%x to 0x%x:" % (s["inc"], s["inc"] + 8),
                 *[re.escape("%s0x%016x <inc%s>:\t%s\t%s" % (
                     "=> " if a == s["inc"] else "   ", a,
                     "+%d" % (a - s["inc"]) if a != s["inc"] else "", h, t)) for a, h, t in raw])
        self.has("disassemble START,END", ses,
                 "Dump of assembler code from 0x%x to 0x%x:" % (s["call1"], s["ret1"]),
                 r"   0x%016x <call1>:\t%s" % (s["call1"], re.escape(self.text[s["call1"]])),
                 r"   0x%016x <call1_end>:\tbstop" % s["call1_end"])
        nxt = self.after(s["inc"])
        self.has("display/i $pc, display $a1, display/x: shown at once and after each stop", ses,
                 r"1: x/i \$pc", r"=> 0x%x <inc>:\t%s" % (s["inc"], re.escape(self.text[s["inc"]])),
                 r"2: \$a1 = 0", r"3: /x \$a1 = 0x0",
                 r"Auto-display expressions now in effect:", r"Num Enb Expression",
                 r"1:   y  /i \$pc", r"2:   y  \$a1", r"3:   y  /x \$a1",
                 self.frame(nxt, "inc"), r"1: x/i \$pc",
                 re.escape("=> 0x%x <inc+4>:\t%s" % (nxt, self.text[nxt])),
                 r"2: \$a1 = 1", r"3: /x \$a1 = 0x1")
        tail = ses.lines[[i for i, l in enumerate(ses.lines) if
                          l == "0x%016x in inc ()" % self.after(nxt)][0]:]
        self.check("undisplay N drops one display, undisplay all of them",
                   tail[1:3] == ["2: $a1 = 1", "3: /x $a1 = 0x1"] and
                   tail[-1].startswith("0x") and "1: x/i" not in "\n".join(tail), tail)
        ses.end()

    def t_watch(self):
        s = self.sym
        ses = Session(self, ["watch counter", "c", "delete", "rwatch counter", "c",
                             "delete", "awatch *(long *) counter", "c", "info breakpoints",
                             "delete", "tbreak print_k", "info breakpoints", "c",
                             "info breakpoints", "c"])
        self.has("watch SYM: old and new value, stops after the store", ses,
                 r"Hardware watchpoint 1: counter", r"Continuing\.", r"",
                 r"Hardware watchpoint 1: counter", r"", r"Old value = 0", r"New value = 7",
                 self.frame(s["after_store"], "after_store"))
        self.has("rwatch: a read of the value", ses,
                 r"Hardware read watchpoint 2: counter", r"Continuing\.", r"",
                 r"Hardware read watchpoint 2: counter", r"", r"Value = 7",
                 self.frame(s["after_load"], "after_load"))
        self.has("awatch *(long *) SYM: the write after the read; info breakpoints lists it",
                 ses, r"Hardware access \(read/write\) watchpoint 3: \*\(long \*\) counter",
                 r"Continuing\.", r"",
                 r"Hardware access \(read/write\) watchpoint 3: \*\(long \*\) counter", r"",
                 r"Old value = 7", r"New value = 8", self.frame(s["after_store2"], "after_store2"),
                 r"3\s+acc watchpoint\s+keep y\s+\*\(long \*\) counter")
        self.has("tbreak: hit once, then gone; continue to the end", ses,
                 r"Temporary breakpoint 4 at 0x%x" % s["print_k"],
                 r"4\s+breakpoint\s+del\s+y\s+0x%016x <print_k>" % s["print_k"],
                 r"Temporary breakpoint 4, " + self.frame(s["print_k"], "print_k"),
                 r"No breakpoints or watchpoints\.",
                 r"\[Inferior 1 \(process 1\) exited normally\]")
        self.check("the program ran to its end under the debugger",
                   ses.end(kill=False) == 0 and ses.uart_text() == b"ok\n",
                   ses.uart_text())

    def t_kill_detach_errors(self):
        ses = Session(self, ["break ret2", "c", "set $a1 = 41", "p $a1", "kill", "p $a1"])
        self.has("set $reg = V, then kill", ses, r"\$1 = 41",
                 r"\[Inferior 1 \(process 1\) killed\]")
        self.check("after kill: the program is not being run; status 1 in batch mode",
                   "The program is not being run." in ses.err and ses.rc == 1, ses.err)
        self.check("kill ends qemu-system-tile", ses.end(kill=False) != "running")
        ses = Session(self, ["break ret1", "c", "detach"])
        self.has("detach", ses, r"\[Inferior 1 \(process 1\) detached\]")
        self.check("after detach the program runs on to its end",
                   ses.end(kill=False) == 0 and ses.uart_text() == b"ok\n", ses.uart_text())
        ses = Session(self, ["frobnicate", "p nosuch", "x/4i 0x20000000", "info frobs",
                             "p 1 +", "delete 9", "p 6 * 7"])
        errs = ses.err.splitlines()
        self.check("errors: one GDB line each on stderr, the session goes on, status 1",
                   errs == ['Undefined command: "frobnicate".  Try "help".',
                            'No symbol "nosuch" in current context.',
                            "Cannot access memory at address 0x20000000",
                            'Undefined info command: "frobs".  Try "help info".',
                            "A syntax error in expression, near `'.",
                            "No breakpoint number 9."]
                   and "$1 = 42" in ses.lines and ses.rc == 1, errs)
        ses.end()

    def t_aliases(self):
        s = self.sym
        ses = Session(self, ["regs block", "reg a0 0x77", "step 2", "where", "sym inc",
                             "hbreak ret1", "continue", "watch counter 8 write", "continue",
                             "unwatch counter 8 write", "info breakpoints"])
        self.has("earlier names: regs, reg, step N, where, sym, hbreak, watch ADDR LEN KIND",
                 ses, r"blk_phase\s+0x0\s+0", r"a0 = 0x77",
                 self.frame(self.after(0, 2), "_start"), r"#0  " + self.frame(self.after(0, 2),
                                                                              "_start"),
                 r"inc = 0x%x" % s["inc"], r"Hardware assisted breakpoint 1 at 0x%x" % s["ret1"],
                 r"Breakpoint 1, " + self.frame(s["ret1"], "ret1"),
                 r"Hardware watchpoint 2: \*\(char \(\*\)\[8\]\) 0x%x" % s["counter"],
                 r"Old value = 0", r"New value = 7",
                 r"1\s+hw breakpoint\s+keep y\s+0x%016x <ret1>" % s["ret1"])
        self.check("unwatch removes the watchpoint", not any(
            "hw watchpoint" in l for l in ses.lines[-3:]), ses.lines[-3:])
        ses.end()

    def t_interactive(self):
        """without -batch, after the -ex commands tile-gdb reads commands
        from its input; EOF ends it"""
        ses = Session(self, ["p 2 + 3"], batch=False)
        self.check("no -batch: the -ex commands run, then EOF ends the session",
                   "$1 = 5" in ses.lines and ses.rc == 0, ses.out + ses.err)
        ses.end()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("-v", "--verbose", action="store_true")
    o = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t = Tester(o, tmp)
        for exe in (t.qemu, t.tile_as, t.objdump):
            if not os.path.exists(exe):
                print("SKIP: %s missing" % exe)
                return 77
        t.setup()
        for name in sorted(n for n in dir(t) if n.startswith("t_")):
            getattr(t, name)()
        return t.summary()


if __name__ == "__main__":
    sys.exit(main())
