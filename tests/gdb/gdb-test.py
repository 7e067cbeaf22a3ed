#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""gdbstub tests for qemu-system-tile, over the real remote protocol.

    gdb-test.py [--build DIR] [--timeout SECONDS] [-k SUBSTRING] [-v]

Assembles tests/gdb/gdb-fw.s with tile-as, starts qemu-system-tile with -S
and -gdb on a free port of 127.0.0.1, and drives it with scripts/tile-gdb
(imported as a module): target description, every register read and
written, breakpoints (software, hardware, inside a block body), continue,
single-step across a block boundary, register and memory writes seen in the
program's UART output, a write watchpoint, the PE1..PE3 banks, malformed
and oversized packets, -smp 2 threads, monitor commands and trace events.

The last line is `N passed, N failed`; the exit status is 1 when a check
failed, 77 (skip) when build/qemu-system-tile or build/tile-as is missing.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


sys.path.insert(0, os.path.dirname(HERE))
from testutil import free_port, load_module  # noqa: E402

gdb = load_module("scripts/tile-gdb")

UART_THR = 0x10000000


class Qemu:
    """qemu-system-tile stopped at reset (-S) with a gdbstub."""

    def __init__(self, t, elf, *extra):
        self.uart = os.path.join(t.tmp, "uart-%d.txt" % id(self))
        self.errf = os.path.join(t.tmp, "stderr-%d.txt" % id(self))
        for _ in range(5):
            self.port = gdb.free_port()
            self.argv = [t.o.qemu, "-M", "virt", "-nographic", "-monitor", "none",
                         "-serial", "file:" + self.uart, "-S",
                         "-gdb", "tcp:127.0.0.1:%d" % self.port,
                         "-kernel", elf] + list(extra)
            with open(self.errf, "wb") as err:
                self.p = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=err)
            try:
                self.c = gdb.Client("127.0.0.1", self.port, timeout=t.o.timeout,
                                    connect_timeout=t.o.timeout, verbose=t.o.verbose > 1)
                return
            except gdb.RSPError:
                if self.p.poll() is None:
                    raise
                # the port was taken meanwhile: try another
        raise gdb.RSPError("qemu-system-tile did not start: %s" % self.stderr())

    def stderr(self):
        with open(self.errf, errors="replace") as f:
            return f.read()

    def output(self):
        try:
            with open(self.uart, "rb") as f:
                return f.read()
        except OSError:
            return b""

    def wait(self, timeout):
        try:
            return self.p.wait(timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self):
        self.c.close()
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()


class Tester:
    def __init__(self, o, tmp):
        self.o, self.tmp = o, tmp
        self.passed = self.failed = 0

    def check(self, name, ok, detail=""):
        if ok:
            self.passed += 1
            if self.o.verbose:
                print("ok   %s" % name)
        else:
            self.failed += 1
            print("FAIL %s%s" % (name, (": " + str(detail)) if detail else ""))
        return ok

    def eq(self, name, got, want):
        return self.check(name, got == want, "got %r, expected %r" % (got, want))

    def assemble(self, src, name):
        out = os.path.join(self.tmp, name)
        if "\n" in src:
            path = out + ".s"
            with open(path, "w") as f:
                f.write(src)
            src = path
        subprocess.run([self.o.tile_as, "-o", out, src], check=True)
        return out

    # ---------------------------------------------------------------

    def test_description(self, c):
        feats = c.features
        for f in ("org.pto.tile.core", "org.pto.tile.pe", "org.pto.tile.block",
                  "org.pto.tile.sys", "org.pto.tile.state"):
            self.check("feature %s present" % f, f in feats, sorted(feats))
        core = [r.name for r in feats.get("org.pto.tile.core", [])]
        want = (["r%d" % i for i in range(24)] + ["pc", "bpc"] +
                ["t%d" % i for i in range(1, 5)] + ["u%d" % i for i in range(1, 5)] +
                ["t_valid", "u_valid"])
        self.eq("core feature register names", core, want)
        pe = [r.name for r in feats.get("org.pto.tile.pe", [])]
        self.eq("PE feature register names", pe,
                ["pe%d_r%d" % (p, i) for p in (1, 2, 3) for i in range(24)])
        blk = [r.name for r in feats.get("org.pto.tile.block", [])]
        self.check("block feature names", blk[:4] == ["blk_phase", "blk_kind", "blk_cond",
                                                      "blk_setc_done"]
                   and "blk_bpc_tgt" in blk and "blk_ret_addr" in blk, blk)
        sysr = [r.name for r in feats.get("org.pto.tile.sys", [])]
        self.check("sys feature names", sysr[:2] == ["acr", "thread_ptr"] and
                   "evbase" in sysr and "ebarg_tpc" in sysr and sysr[-3:] == ["fault_insn", "fault_len", "trap_arg"]
                   and len(sysr) == 1 + 65 + 3, (len(sysr), sysr[:3], sysr[-3:]))
        state = [r.name for r in feats.get("org.pto.tile.state", [])]
        self.eq("state feature names", state,
                ["resv_valid", "resv_addr", "resv_size", "commit_arg", "last_mem_addr",
                 "last_mem_size", "tile_local_names", "tile_shared_names"])
        nums = sorted(c.by_num)
        self.eq("register numbers are 0..N-1", nums, list(range(len(c.regs))))

    def test_reset_state(self, c, elf):
        r = c.stop_reason()
        self.check("stopped at reset", r.kind == "signal" and r.signal == 5, r)
        regs = c.read_all()
        self.eq("all registers readable", len(regs), len(c.regs))
        self.eq("pc at reset = entry", regs.get("pc"), elf.entry)
        self.check("GPRs zero at reset", all(regs["r%d" % i] == 0 for i in range(24)))
        self.eq("queues empty at reset", (regs["t_valid"], regs["u_valid"]), (0, 0))
        self.eq("outside any block at reset", (regs["blk_phase"], regs["bpc"]), (0, 0))
        g = c.read_g()
        self.check("'g' packet agrees with 'p'", g and all(regs[k] == v for k, v in g.items())
                   and len(g) == 36, g)

    def test_write_every_register(self, c):
        limits = {"blk_phase": 2, "blk_kind": 7, "blk_cond": 1, "blk_setc_done": 1,
                  "acr": 3, "t_valid": 0xf, "u_valid": 0xf, "resv_valid": 1, "resv_size": 8}
        zero_regs = {"r0", "pe1_r0", "pe2_r0", "pe3_r0"}
        # read-only system registers keep their value; EOIEI is write-only
        # (reads 0); TRAPNO keeps only its defined fields
        read_only = {"time", "core_id", "vendor", "version", "core_feature", "thread_id",
                     "tile_capacity", "blocknum", "blockid", "cycle", "ipending", "topei",
                     "timer_time", "dbgid", "tile_local_names", "tile_shared_names"}
        trapno_mask = (3 << 62) | (0xffffff << 24) | 0x3f
        bad = []
        for name, reg in c.regs.items():
            old = c.read_reg(name)
            if name in limits:
                val = limits[name]
            else:
                val = (0x0123456789abcdef ^ (reg.regnum * 0x10001)) & ((1 << reg.bitsize) - 1) & ~1
            c.write_reg(name, val)
            got = c.read_reg(name)
            want = 0 if name in zero_regs else val
            if name in read_only:
                want = old
            elif name == "eoiei":
                want = 0
            elif name == "trapno":
                want = val & trapno_mask
            if got != want:
                bad.append((name, hex(got), hex(want)))
            c.write_reg(name, old)
            if name not in read_only and name != "eoiei" and c.read_reg(name) != old:
                bad.append((name, "not restored"))
        self.eq("every register writes and reads back (R0s ignore writes)", bad, [])
        # QEMU's generic 'P' handler answers OK even when the target refuses
        # the write, so a refused write shows as an unchanged value.
        for name, val in (("pc", 1), ("blk_phase", 3), ("acr", 16), ("t_valid", 0x10),
                          ("blk_kind", 8), ("resv_valid", 2), ("resv_size", 3),
                          ("resv_size", 16)):
            old = c.read_reg(name)
            try:
                c.write_reg(name, val)
            except gdb.RSPError:
                pass
            self.eq("write %s=%d refused (value unchanged)" % (name, val), c.read_reg(name), old)

    def test_pe_banks(self, c):
        # PE1..PE3 banks written through the debugger (the firmware writes
        # PE2's R7 through the tile-core window; checked at bp_regs).
        vals = {"pe1_r5": 0x1111222233334444, "pe2_r5": 0x5555666677778888,
                "pe3_r23": 0xfedcba9876543210}
        for k, v in vals.items():
            c.write_reg(k, v)
        self.eq("PE1..PE3 bank values read back", {k: c.read_reg(k) for k in vals}, vals)
        self.eq("PE0 r5 untouched by PE1 writes", c.read_reg("r5"), 0)
        return vals

    def run_main(self, fw, elf):
        q = Qemu(self, fw)
        c = q.c
        sym = elf.symbols
        try:
            self.test_description(c)
            self.test_reset_state(c, elf)
            self.test_write_every_register(c)
            pe_vals = self.test_pe_banks(c)

            # software breakpoint at a label; continue; registers
            c.set_breakpoint(sym["bp_regs"])
            r = c.cont()
            self.check("continue stops at the breakpoint", r.kind == "signal" and r.signal == 5, r)
            self.eq("pc = bp_regs", c.read_reg("pc"), sym["bp_regs"])
            self.eq("registers at bp_regs",
                    [c.read_reg(n) for n in ("a0", "a2", "a3", "t1", "t2", "t_valid", "u_valid")],
                    [UART_THR, 0x41, 0x1234, 4, 3, 3, 0])
            self.eq("block state at bp_regs (between blocks)",
                    (c.read_reg("blk_phase"), c.read_reg("bpc")), (0, 0))
            self.eq("PE1 bank kept across execution", c.read_reg("pe1_r5"), pe_vals["pe1_r5"])
            self.eq("PE2 R7 as the firmware wrote it through the tile-core window",
                    c.read_reg("pe2_r7"), 0x77)
            self.eq("stop reply names thread 1", r.thread, "01")
            c.clear_breakpoint(sym["bp_regs"])

            # change a register and memory: the program prints them
            c.write_reg("a2", ord("Z"))
            c.write_mem(sym["msg"], b"patched\n\0")
            self.eq("memory write reads back", c.read_mem(sym["msg"], 9), b"patched\n\0")

            # a breakpoint inside a COND block body, hit on two iterations
            c.set_breakpoint(sym["in_body"])
            c.cont()
            self.eq("pc = in_body", c.read_reg("pc"), sym["in_body"])
            self.eq("inside the block: bpc, phase (header until the body's first "
                    "instruction runs), a5", (c.read_reg("bpc"), c.read_reg("blk_phase"),
                                              c.read_reg("a5")), (sym["print"], 1, ord("p")))
            r = c.step()
            self.eq("step in the body", (c.read_reg("pc"), c.read_reg("blk_phase")),
                    (sym["in_body"] + 4, 2))
            c.cont()
            self.eq("second iteration stops at in_body again",
                    (c.read_reg("pc"), c.read_reg("a1"), c.read_reg("a5")),
                    (sym["in_body"], sym["msg"] + 1, ord("a")))
            c.clear_breakpoint(sym["in_body"])
            self.test_step_loop(c, sym)

            # hardware breakpoint, then single-step across a block boundary
            c.set_breakpoint(sym["step_here"], hw=True)
            c.cont()
            self.eq("hardware breakpoint at step_here", c.read_reg("pc"), sym["step_here"])
            self.eq("the print loop is done", c.read_reg("blk_phase"), 0)
            c.clear_breakpoint(sym["step_here"], hw=True)
            r = c.step()
            self.check("step stops with SIGTRAP", r.kind == "signal" and r.signal == 5, r)
            self.eq("after BSTART: pc, phase, bpc, target",
                    [c.read_reg(n) for n in ("pc", "blk_phase", "bpc", "blk_bpc_tgt", "blk_kind")],
                    [sym["step_body"], 1, sym["step_here"], sym["target"], 2])
            c.step()
            self.eq("after the body's first instruction",
                    [c.read_reg(n) for n in ("pc", "blk_phase", "a6")], [sym["step_stop"], 2, 7])
            c.step()
            self.eq("after BSTOP: at the block target, no block",
                    [c.read_reg(n) for n in ("pc", "blk_phase", "bpc", "a6")],
                    [sym["target"], 0, 0, 7])

            # write watchpoint
            c.set_watchpoint(sym["flag"], 4, "write")
            r = c.cont()
            self.eq("watchpoint stop reply", r.watch, ("watch", sym["flag"]))
            self.eq("pc after the watched store", c.read_reg("pc"), sym["after_store"])
            self.eq("watched word written", c.read_u32(sym["flag"]), 0x5a)
            c.clear_watchpoint(sym["flag"], 4, "write")

            # monitor command
            out = c.monitor("info registers")
            self.check("monitor info registers", "TPC" in out and
                       ("%016x" % sym["after_store"]) in out, out[:300])
            # the PE1 bank the debugger wrote earlier, through the tile-core
            # device's view
            out = c.monitor("info tile")
            self.check("monitor info tile", "Shared pool 0 of 262144 bytes used" in out and
                       "PE1: Local pool 0 of 262144" in out and
                       ("R5=%x" % pe_vals["pe1_r5"]) in out, out[:600])

            self.test_malformed(c, sym["after_store"])

            # run to the end: the exit device powers off with status 0
            r = c.cont()
            self.check("the program exits (W00)", r.kind == "exited" and r.code == 0, r)
        finally:
            rc = q.wait(self.o.timeout)
            q.stop()
        self.eq("qemu exit status", rc, 0)
        self.eq("UART output shows the debugger's writes", q.output(), b"Z\npatched\n")

    def test_step_loop(self, c, sym):
        """Single-step one whole iteration of the print loop (a COND block
        the translator keeps inline when it runs freely) and into the next,
        from in_body on its second iteration: every instruction stops, and
        the block state is the architectural one after each (the body's
        instructions are 4 bytes, then SETC.NE and C.BSTOP)."""
        body = sym["in_body"]
        msg = sym["msg"]
        regs = ("pc", "blk_phase", "bpc", "blk_kind", "blk_cond", "blk_setc_done", "a1", "a5")
        want = [
            # after SBI: the body started
            [body + 4, 2, sym["print"], 3, 0, 0, msg + 1, ord("a")],
            # after ADDI a1
            [body + 8, 2, sym["print"], 3, 0, 0, msg + 2, ord("a")],
            # after LBUI: a5 = msg[2]
            [body + 12, 2, sym["print"], 3, 0, 0, msg + 2, ord("t")],
            # after SETC.NE a5, zero: taken
            [body + 16, 2, sym["print"], 3, 1, 1, msg + 2, ord("t")],
            # after C.BSTOP: at the target, no block
            [sym["print"], 0, 0, 1, 0, 0, msg + 2, ord("t")],
            # after the next BSTART: a new COND block in its header
            [body, 1, sym["print"], 3, 0, 0, msg + 2, ord("t")],
        ]
        for i, w in enumerate(want):
            r = c.step()
            self.check("loop step %d stops with SIGTRAP" % i, r.kind == "signal" and r.signal == 5, r)
            self.eq("loop step %d: %s" % (i, ", ".join(regs)), [c.read_reg(n) for n in regs], w)
        self.eq("the target of the loop block", c.read_reg("blk_bpc_tgt"), sym["print"])

    def test_malformed(self, c, pc):
        def alive(what):
            # let the stub answer the noise (acks, NAKs, retransmissions),
            # then drop whatever it sent before talking to it again
            for _ in range(2):
                time.sleep(0.2)
                c.sock.setblocking(False)
                try:
                    while c.sock.recv(65536):
                        pass
                except (BlockingIOError, OSError):
                    pass
            c.sock.setblocking(True)
            c.sock.settimeout(c.timeout)
            c.buf = b""
            try:
                ok = c.read_reg("pc") == pc
            except gdb.RSPError as e:
                ok = False
                what += " (%s)" % e
            self.check("still serving after %s" % what, ok)

        c.send_raw(b"$qC#00")
        alive("a bad checksum")
        c.send_raw(b"garbage+-+-}}}##")
        alive("garbage between packets")
        c.send_raw(b"$" + b"m" * 300000 + b"#00")
        alive("a 300 KB packet")
        c.send_raw(b"$M0," + b"f" * 64 + b":" + b"00" * 70000 + b"#00")
        alive("an oversized memory write")
        c.send_raw(b"$unterminated")
        alive("an unterminated packet")
        c.send_raw(bytes(range(256)) * 64)
        alive("16 KB of binary noise")
        self.test_register_packets(c)
        alive("bad register packets")
        # Each gets an error, an empty reply ("not supported") or, for the
        # one QEMU does not validate, OK: qRcmd with non-hex text (the
        # monitor gets whatever it decodes to).  Then the stub must still
        # serve.
        for pkt in ("p9999", "pzz", "P9999=00", "m0,ffffffff", "mzz", "m,", "M0,4:zz",
                    "Z0,zz", "Z9,0,2", "z0,ffffffffffffffffff,2", "qXfer:features:read:nope.xml:0,100",
                    "qXfer:features:read:target.xml:zz", "Hgzz", "Hg99", "vFooBar", "qRcmd,zz",
                    "q" + "A" * 4000,
                    # these once got no answer at all (a debugger waits for ever)
                    "q", "Q", "v", "Qqemu.sstep=", "G"):
            try:
                reply = c.command(pkt)
            except gdb.RSPError as e:
                reply = "<%s>" % e
            self.check("bad packet %r answered with an error or nothing" % pkt[:30],
                       reply == "" or reply.startswith("E") or
                       pkt.startswith("qRcmd") and reply == "OK", reply[:60])
        alive("bad packets")
        self.eq("memory outside RAM is an error", self.read_error(c, 0x7000000000), True)

    def test_register_packets(self, c):
        """p, P and G that name no register, or carry a value of the wrong
        size or non-hex digits, are answered with an error (E..) and write
        nothing.  QEMU hands the register number to the target as an int:
        80000000 and up are negative there (p80000000 crashed the stub,
        pffffff00 returned host memory), and 100000005 would alias r5."""
        nregs = len(c.regs)
        before = c.read_all()
        r5 = c.register("r5").regnum
        bad = ["p80000000", "pf0000000", "pffffff00", "pffffffff", "p7fffffff",
               "p%x" % nregs, "p%x" % (nregs + 1000), "p1%08x" % r5, "p" + "f" * 40,
               "p", "p-1", "p%xzz" % r5, "p 5", "P80000000=" + "00" * 8,
               "Pf0000000=" + "00" * 8, "Pffffff00=" + "00" * 8, "Pffffffff=00",
               "P%x=%s" % (nregs, "00" * 8), "P1%08x=%s" % (r5, "11" * 8),
               "P" + "f" * 40 + "=" + "00" * 8, "P%x=00" % r5, "P%x=%s" % (r5, "11" * 9),
               "P%x=%s" % (r5, "1" * 15), "P%x=%s" % (r5, "zz" * 8), "P%x" % r5,
               "P=" + "00" * 8, "P%x=" % r5, "Pzz=" + "00" * 8, "G00",
               "G" + "00" * 9, "G" + "zz" * 8, "G" + "00" * 1000, "G",
               # and a thread that does not exist is an answer too
               "qThreadExtraInfo,99", "qThreadExtraInfo,p2.1"]
        for pkt in bad:
            try:
                reply = c.command(pkt)
            except gdb.RSPError as e:
                reply = "<%s>" % e
            self.check("register packet %r answered with an error" % pkt[:40],
                       reply.startswith("E"), reply[:60])
        self.eq("no register changed by the refused packets", c.read_all(), before)
        # and the well-formed ones still work: P of r5's own value, G of r0
        self.eq("P of a register's own value is OK",
                c.command("P%x=%s" % (r5, before["r5"].to_bytes(8, "little").hex())), "OK")
        self.eq("G of whole registers (r0 only) is OK", c.command("G" + "00" * 8), "OK")
        self.eq("the last register of the last feature is readable",
                len(c.check("p%x" % (nregs - 1))) > 0, True)

    def read_error(self, c, addr):
        try:
            c.read_mem(addr, 8)
            return False
        except gdb.RSPError:
            return True

    def run_detach(self):
        """After D detaches the only process the stub has no CPU: packets
        that need one answer E22 (they used to dereference NULL: `D` then
        `?` killed QEMU with SIGSEGV), and a new connection attaches
        again."""
        loop = self.assemble("    .text\n_start:\n    addi a1, 1, ->a1\n    j _start\n",
                             "loop.elf")
        q = Qemu(self, loop)
        c = q.c
        try:
            self.eq("D detaches", c.command("D"), "OK")
            # the guest runs again: an interrupt stops it (the stub drops
            # the byte that stops a running guest), then the packets
            c.send_raw(b"\x03")
            time.sleep(0.3)
            c.buf = b""
            for pkt in ("?", "g", "p0", "m0,4", "D", "Hg1", "qC"):
                try:
                    reply = c.command(pkt)
                except gdb.RSPError as e:
                    reply = "<%s>" % e
                self.check("after D, %r answers an error" % pkt, reply.startswith("E"), reply)
            self.check("QEMU still runs after the packets", q.p.poll() is None, q.stderr())
            c.close()
            c2 = gdb.Client("127.0.0.1", q.port, timeout=self.o.timeout,
                            connect_timeout=self.o.timeout)
            q.c = c2
            self.check("a new connection attaches again and reads the pc",
                       c2.stop_reason().kind == "signal" and c2.read_reg("pc") in (0, 4),
                       c2.read_reg("pc"))
        finally:
            q.stop()

    def run_smp(self, fw, elf):
        q = Qemu(self, fw, "-smp", "2")
        c = q.c
        try:
            threads = c.threads()
            self.eq("-smp 2: two threads", threads, ["01", "02"])
            c.select_thread("02")
            c.write_reg("r5", 0x55)
            c.write_reg("pe1_r7", 0x77)
            c.select_thread("01")
            self.eq("core 1 registers separate from core 2",
                    (c.read_reg("r5"), c.read_reg("pe1_r7")), (0, 0))
            c.select_thread("02")
            self.eq("core 2 registers", (c.read_reg("r5"), c.read_reg("pe1_r7")), (0x55, 0x77))
            c.select_thread("01")
            c.set_breakpoint(elf.symbols["bp_regs"])
            r = c.cont()
            self.check("-smp 2: a core stops at the breakpoint",
                       r.kind == "signal" and r.thread in ("01", "02"), r)
            if r.thread:
                c.select_thread(r.thread)
                self.eq("its pc", c.read_reg("pc"), elf.symbols["bp_regs"])
        finally:
            c.kill()
            q.wait(self.o.timeout)
            q.stop()

    STATE_FW = """
    .text
_start:
    hl.liu data, ->a0
    hl.liu 0x5a5a, ->a2
lr_here:
    lr.d [a0], ->a1
sc_here:
    sc.d a2, [a0], ->a3
    hl.liu buf, ->s0
    hl.liu 0x1ab, ->s1
    c.movi 5, ->s2
mset_here:
    mset [s0, s1, s2]
tload_here:
    bstart.tload u8
    b.iot mask=1000, last, ->t<0001>
    bstop
done:
    hl.liu 0x10001000, ->a4
    hl.liu 0x5555, ->a5
    swi a5, [a4, 0]
hang:
    j hang
    .data
    .p2align 6
data:
    .dword 0x1122334455667788
buf:
    .dword 0
"""

    def run_state(self, fw, elf):
        """org.pto.tile.state: the reservation set and read through the
        debugger is the one LR and SC use; the memory-command record and
        the tile bitmaps follow the program."""
        state = self.assemble(self.STATE_FW, "state.elf")
        sym = gdb.Elf(state).symbols
        q = Qemu(self, state)
        c = q.c
        try:
            self.eq("no reservation at reset (the reset profile's size 1)",
                    [c.read_reg(n) for n in ("resv_valid", "resv_addr", "resv_size")], [0, 0, 1])
            c.set_breakpoint(sym["lr_here"])
            c.cont()
            c.clear_breakpoint(sym["lr_here"])
            c.step()
            self.eq("LR.D reserves its address, 8 bytes",
                    [c.read_reg(n) for n in ("resv_valid", "resv_addr", "resv_size")],
                    [1, sym["data"], 8])
            # the debugger drops it: SC.D fails and leaves memory alone
            c.write_reg("resv_valid", 0)
            c.step()
            self.eq("SC.D after the debugger cleared the reservation fails",
                    (c.read_reg("a3"), c.read_u64(sym["data"])), (1, 0x1122334455667788))
            # a reservation made by the debugger alone (no LR) over memory
            # the debugger changed since the LR: taken as LR would, SC.D stores
            c.write_mem(sym["data"], bytes(range(8)))
            c.write_reg("resv_addr", sym["data"] + 8)      # same 64-byte granule
            c.write_reg("resv_size", 4)
            c.write_reg("resv_valid", 1)
            c.write_reg("pc", sym["sc_here"])
            c.step()
            self.eq("SC.D under a reservation the debugger made succeeds",
                    (c.read_reg("a3"), c.read_u64(sym["data"]), c.read_reg("resv_valid")),
                    (0, 0x5a5a, 0))
            # the memory-command record
            c.set_breakpoint(sym["mset_here"])
            c.cont()
            c.clear_breakpoint(sym["mset_here"])
            c.step()
            self.eq("MSET records its address and size",
                    (c.read_reg("last_mem_addr"), c.read_reg("last_mem_size")), (sym["buf"], 5))
            c.write_reg("last_mem_addr", 0x1234)
            self.eq("the record is writable", c.read_reg("last_mem_addr"), 0x1234)
            # the tile bitmaps
            self.eq("no tile before the TLOAD",
                    (c.read_reg("tile_local_names"), c.read_reg("tile_shared_names")), (0, 0))
            for _ in range(3):
                c.step()
            self.eq("pc after the TLOAD block", c.read_reg("pc"), sym["done"])
            self.eq("the TLOAD's tile is Local name 0",
                    (c.read_reg("tile_local_names"), c.read_reg("tile_shared_names")), (1, 0))
            c.write_reg("tile_local_names", 0)
            self.eq("the tile bitmap is read-only", c.read_reg("tile_local_names"), 1)
            r = c.cont()
            self.check("the state program exits (W00)", r.kind == "exited" and r.code == 0, r)
        finally:
            q.wait(self.o.timeout)
            q.stop()

    def run_trace(self, fw, elf):
        def run(elf, *args):
            p = subprocess.run([self.o.qemu, "-M", "virt", "-nographic", "-monitor", "none",
                                "-serial", "null", "-kernel", elf] + list(args),
                               stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=self.o.timeout)
            return p.returncode, p.stderr.decode(errors="replace")

        rc, err = run(fw, "-trace", "tile_block_commit")
        lines = [l for l in err.splitlines() if "tile_block_commit" in l]
        # 1 (_start) + 1 (bp_regs) + 9 (one per byte of "original\n") + 1 (step_here)
        self.eq("trace tile_block_commit: one line per committed block", len(lines), 12)
        self.check("trace: the DIRECT block is taken to target",
                   any("kind 2 taken 1 -> 0x%x" % elf.symbols["target"] in l for l in lines),
                   lines[-2:])
        # four 64 KiB Local tiles fill PE0's pool; the fifth TLOAD faults
        tload = "    bstart.tload u32\n    b.iot mask=1000, last, ->t<1010>\n    bstop\n"
        tiles = self.assemble("    .text\n_start:\n" + tload * 5, "tiles.elf")
        rc, err = run(tiles, "-trace", "tile_tile_op_commit", "-trace", "tile_capacity_fault")
        ops = [l for l in err.splitlines() if "tile_tile_op_commit" in l]
        self.check("trace tile_tile_op_commit: one line per committed TLOAD",
                   len(ops) == 4 and all("TLOAD PEs 0x1" in l for l in ops), ops)
        self.check("trace tile_capacity_fault: PE0 needs 65536 bytes, 0 free",
                   rc == 1 and "tile_capacity_fault" in err and
                   "PE 0 shared 0 needs 65536 bytes, 0 free" in err, err[-400:])
        bad = self.assemble("    .text\n_start:\n    bstop\n", "trap.elf")
        rc, err = run(bad, "-trace", "tile_trap_enter")
        self.check("trace tile_trap_enter on an unhandled trap",
                   rc == 1 and "tile_trap_enter" in err and "Fault_BundleControl" in err, err[-300:])

    def run(self):
        fw = self.assemble(os.path.join(HERE, "gdb-fw.s"), "gdb-fw.elf")
        elf = gdb.Elf(fw)
        for name, fn in (("main", lambda: self.run_main(fw, elf)),
                         ("detach", self.run_detach),
                         ("smp", lambda: self.run_smp(fw, elf)),
                         ("state", lambda: self.run_state(fw, elf)),
                         ("trace", lambda: self.run_trace(fw, elf))):
            if self.o.k and self.o.k not in name:
                continue
            try:
                fn()
            except Exception as e:          # a crashed session is one failure
                self.check("%s session" % name, False, "%s: %s" % (type(e).__name__, e))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--qemu")
    ap.add_argument("--tile-as")
    ap.add_argument("--timeout", type=float, default=30.0)
    ap.add_argument("-k", help="run only the sessions whose name contains this "
                    "(main, detach, smp, state, trace)")
    ap.add_argument("-v", "--verbose", action="count", default=0)
    o = ap.parse_args()
    o.qemu = o.qemu or os.path.join(o.build, "qemu-system-tile")
    o.tile_as = o.tile_as or os.path.join(o.build, "tile-as")
    for exe in (o.qemu, o.tile_as):
        if not os.access(exe, os.X_OK):
            print("skipped: %s not built" % exe)
            print("0 passed, 0 failed")
            return 77
    with tempfile.TemporaryDirectory(prefix="tile-gdb-test-") as tmp:
        t = Tester(o, tmp)
        t.run()
    print("%d passed, %d failed" % (t.passed, t.failed))
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
