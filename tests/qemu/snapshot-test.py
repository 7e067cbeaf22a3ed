#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Live Tile state across a snapshot (migration to a file and back).

    snapshot-test.py --build DIR

The firmware, written here at test time, makes live: two numeric Local
tiles (T#1 and U#1, u16 8 x 8 on all four PEs, each PE loading its own
blocks lin and kin), a predicate tile (N#1 = TCMP.LT T#1, U#1: one bit per
element, the storage kind only TCMP / TCMPS make) and a Shared register
(S5, u32 16 x 4, each PE loading its quarter from its own base); then it
prints "R" and waits for a byte on the UART.  Phase 2 stores T#1 and S5
back from every PE and compares them with what was loaded (the expected
bytes are the input buffers); then TSEL uses the predicate (mask N#1, true
U#1, false T#1 -> M#1, so max(lin, kin) elementwise), TSTOREs M#1 and
compares every byte with sel_expect and the sum of its 64-bit words with a
checksum, both worked out here in Python from lin and kin (the unsigned
u16 compare, no emulator); then it passes through the exit device.

Run A goes straight through.  Run B stops at "R" and migrates the machine
to a file; run C starts from that file (-incoming), gets the byte and must
end exactly as run A did: same UART output, exit status 0.  Without the
tile-core device's vmstate run C would find no live tiles and trap; a
predicate restored as a numeric U8 tile makes the TSEL fault
(Fault_TileLegality, an unhandled trap: exit 1), and lost or moved
predicate bits change the selected bytes (case 3) and the checksum
(case 4).  `info tile` must show N#1 as a predicate both before the
migration and after the restore (and T#1, U#1 as numeric tiles).  The
utilization counters (docs/tile-core.md) travel too: `info tile` shows the
same before and after, and the report written at exit by run C
(-global tile-core.stats) equals run A's.
Ends with 'N passed, N failed'; exit 77 when the emulator is not built."""

import argparse
import json
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIN = 0x10020000
LT = 2                                         # B.DATR CMode: EQ NE LT GT LE GE


def lin_value(p, r, c):                        # T#1: PE p, row r, column c (u16)
    return 0x1000 * p + 0x100 * r + c


def kin_values():
    """U#1: kin[p][r][c], fixed pseudo-random u16 near lin or anywhere, so
    the predicate lin < kin is irregular on every PE.  Never equal to lin:
    then TSEL's two sources differ at every element and every predicate
    bit shows in the result."""
    rng = random.Random(0x5eed)
    kin = []
    for p in range(4):
        rows = []
        for r in range(8):
            row = []
            for c in range(8):
                x = v = lin_value(p, r, c)
                while v == x:
                    if rng.randrange(4) == 0:
                        v = rng.randrange(0x10000)                   # anywhere
                    else:
                        v = (x + rng.randrange(-0x80, 0x81)) & 0xffff  # near
                row.append(v)
            rows.append(row)
        kin.append(rows)
    return kin


def predicate(kin):
    """N#1 = TCMP u16 LT (left T#1, right U#1): pred[p][r][c]"""
    return [[[lin_value(p, r, c) < kin[p][r][c] for c in range(8)] for r in range(8)]
            for p in range(4)]


def selected(kin):
    """M#1 = TSEL (mask N#1, true U#1, false T#1), the bytes TSTORE writes
    (PE p at sel_out + p * 128, row stride 16), and their 64-bit word sum"""
    pred = predicate(kin)
    out = bytearray()
    for p in range(4):
        for r in range(8):
            for c in range(8):
                v = kin[p][r][c] if pred[p][r][c] else lin_value(p, r, c)
                out += v.to_bytes(2, "little")
    total = sum(int.from_bytes(out[i:i + 8], "little") for i in range(0, len(out), 8))
    return bytes(out), total & 0xffffffffffffffff


def firmware():
    L = ['    .include "%s"' % os.path.join(ROOT, "tests", "guest", "testlib.inc"),
         "    .text", "    .globl _start", "_start:",
         "    hl.liu 0x10000000, ->s0", "    hl.liu %d, ->s1" % WIN,
         "    hl.liu 16, ->a1"]
    for pe in (1, 2, 3):                       # every PE's row stride (a1 = R3) is 16
        L.append("    sdi a1, [s1, %d]" % (0x100 + 0x100 * pe + 3 * 8))

    def bases(label, step):                    # a0 (R2) of PE p = label + p * step
        L.append("    hl.liu %s, ->a0" % label)
        for pe in (1, 2, 3):
            L.append("    hl.liu %s + %d, ->a3" % (label, pe * step))
            L.append("    sdi a3, [s1, %d]" % (0x100 + 0x100 * pe + 2 * 8))

    # Local: PE p loads 8 rows of 8 u16 from lin + p * 128 (stride 16)
    bases("lin", 128)
    L += ["    bstart.tload u16", "    b.iot mask=1111, last, ->t<0001>",
          "    b.ior a0, a1, zero, ->zero", "    b.dim zero, 8, ->lb0",
          "    b.dim zero, 8, ->lb1", "    bstop"]
    # Local U#1: the same shape from kin + p * 128
    bases("kin", 128)
    L += ["    bstart.tload u16", "    b.iot mask=1111, last, ->u<0001>",
          "    b.ior a0, a1, zero, ->zero", "    b.dim zero, 8, ->lb0",
          "    b.dim zero, 8, ->lb1", "    bstop"]
    # the predicate N#1 = T#1 < U#1 (one bit per element, 8 of 128 bytes used)
    L += ["    bstart.vec tcmp, u16", "    b.dim zero, 8, ->lb0",
          "    b.dim zero, 8, ->lb1",
          "    b.datr layout=0, datatype=0, pad=0, cmode=%d, rmode=0" % LT,
          "    b.iot t#1, u#1, mask=1111, last, ->n<0001>", "    bstop"]
    # Shared S5 (256 B, 16 rows of 4 u32): PE q owns rows 4q..4q+3 and reads
    # row r at base_q + r * 16; base_q = sin + q * 0xc0 puts its rows at
    # sin + q * 0x100 + (r - 4q) * 16, a region of its own.
    bases("sin", 0xc0)
    L += ["    bstart.tload u32", "    b.ios mask=1111, ->s5<0010>",
          "    b.ior a0, a1, zero, ->zero", "    b.dim zero, 4, ->lb0",
          "    b.dim zero, 16, ->lb1", "    bstop",
          "    hl.liu 'R', ->a3", "    sbi a3, [s0, 0]",
          "    hl.liu 10, ->a3", "    sbi a3, [s0, 0]",
          "wait:", "    bstart.std cond, wait", "    lbui [s0, 5], ->a3",
          "    andi a3, 1, ->a3", "    setc.eq a3, zero", "    bstop",
          "    lbui [s0, 0], ->a3"]
    bases("lout", 128)
    L += ["    bstart.tstore u16", "    b.iot t#1, mask=1111, last",
          "    b.ior a0, a1, zero, ->zero", "    bstop"]
    bases("sout", 0xc0)
    L += ["    bstart.tstore u32", "    b.ios s5, mask=1111",
          "    b.ior a0, a1, zero, ->zero", "    bstop"]
    # use the restored predicate: M#1 = N#1 ? U#1 : T#1, stored to sel_out
    L += ["    bstart.vec tsel, u16", "    b.dim zero, 8, ->lb0",
          "    b.dim zero, 8, ->lb1",
          "    b.iot n#1, u#1, mask=1111",
          "    b.iot t#1, mask=1111, last, ->m<0001>", "    bstop"]
    bases("sel_out", 128)
    L += ["    bstart.tstore u16", "    b.iot m#1, mask=1111, last",
          "    b.ior a0, a1, zero, ->zero", "    bstop"]
    sel_bytes, sel_sum = selected(kin_values())
    case = 1
    for src, dst, n in (("lin", "lout", 512), ("sin", "sout", 1024),
                        ("sel_expect", "sel_out", 512)):
        L.append("    case %d" % case)
        case += 1
        L += ["    hl.liu %s, ->a4" % src, "    hl.liu %s, ->a5" % dst]
        for off in range(0, n, 8):
            L += ["    ldi [a4, %d], ->a2" % off, "    ldi [a5, %d], ->a3" % off,
                  "    check_same a2, a3"]
    # case 4: the 64-bit word sum of what TSEL + TSTORE wrote
    L += ["    case %d" % case, "    hl.liu sel_out, ->a5", "    c.movr zero, ->a4"]
    for off in range(0, 512, 8):
        L += ["    ldi [a5, %d], ->a2" % off, "    add a4, a2, ->a4"]
    L += ["    check_eq a4, 0x%016x" % sel_sum]
    L += ["    hl.liu 'P', ->a3", "    sbi a3, [s0, 0]",
          "    hl.liu 10, ->a3", "    sbi a3, [s0, 0]", "    test_end",
          "    .data", "    .balign 64", "lin:"]
    for p in range(4):
        for r in range(8):
            L.append("    .half " + ", ".join("0x%04x" % lin_value(p, r, c)
                                             for c in range(8)))
    L.append("sin:")
    for q in range(4):
        words = [0xa0000000 + q * 0x1000 + k if k < 16 else 0 for k in range(64)]
        for i in range(0, 64, 8):
            L.append("    .word " + ", ".join("0x%08x" % w for w in words[i:i + 8]))
    L.append("kin:")
    for rows in kin_values():
        for row in rows:
            L.append("    .half " + ", ".join("0x%04x" % v for v in row))
    L.append("sel_expect:")
    for i in range(0, len(sel_bytes), 16):
        L.append("    .byte " + ", ".join("0x%02x" % b for b in sel_bytes[i:i + 16]))
    L += ["lout:", "    .space 512", "sout:", "    .space 1024", "sel_out:", "    .space 512"]
    return "\n".join(L) + "\n"


class Machine:
    def __init__(self, qemu, elf, tmp, name, extra=()):
        self.mon_path = os.path.join(tmp, name + ".mon")
        self.ser_path = os.path.join(tmp, name + ".ser")
        argv = [qemu, "-M", "virt", "-display", "none", "-kernel", elf,
                "-monitor", "unix:%s,server=on,wait=off" % self.mon_path,
                "-serial", "unix:%s,server=on,wait=off" % self.ser_path] + list(extra)
        self.p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.mon = self._connect(self.mon_path)
        self.ser = self._connect(self.ser_path)
        self.monitor_read()                    # the banner and first prompt
        self.out = b""

    def _connect(self, path):
        for _ in range(200):
            try:
                s = socket.socket(socket.AF_UNIX)
                s.connect(path)
                s.settimeout(20)
                return s
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("no socket %s" % path)

    def monitor_read(self):
        data = b""
        while not data.endswith(b"(qemu) "):
            chunk = self.mon.recv(4096)
            if not chunk:
                break
            data += chunk
        return data.decode(errors="replace")

    def hmp(self, cmd):
        self.mon.sendall(cmd.encode() + b"\n")
        return self.monitor_read()

    def serial_until(self, text):
        while text not in self.out:
            chunk = self.ser.recv(4096)
            if not chunk:
                break
            self.out += chunk
        return text in self.out

    def finish(self):
        try:
            while True:
                chunk = self.ser.recv(4096)
                if not chunk:
                    break
                self.out += chunk
        except OSError:
            pass
        try:
            rc = self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            rc = "hung"
        self.err = self.p.stderr.read().decode(errors="replace").strip()
        return rc, self.out


def tile_line(info, name):
    """the `info tile` line of Local entry name ("N#1"), or None"""
    m = re.search(r"^\s*%s\s+name .*$" % re.escape(name), info, re.M)
    return m.group(0).strip() if m else None


def tile_lines(info):
    """the Local entry and Shared register lines of `info tile` (for messages)"""
    return [l.strip() for l in info.splitlines() if re.match(r"\s+([TUMN]#\d|S\d)", l)]


def tiles_as_expected(info):
    """T#1 and U#1 numeric u16 8 x 8 tiles, N#1 the predicate TCMP made
    (U8 bits over the 8 x 8 shape, SizeCode 1 = 128 bytes)"""
    num = r"mask=1111 U16 8x8 valid 8x8 layout 0 128 bytes"
    pred = r"mask=1111 U8 8x8 valid 8x8 layout 0 128 bytes predicate"
    want = {"T#1": num, "U#1": num, "N#1": pred}
    for name, tail in want.items():
        line = tile_line(info, name)
        if line is None or not re.search(r"name\s+\d+ %s$" % tail, line):
            return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    o = ap.parse_args()
    qemu = os.path.join(o.build, "qemu-system-tile")
    tile_as = os.path.join(o.build, "tools", "tile-as")
    if not os.path.exists(tile_as):
        tile_as = os.path.join(o.build, "tile-as")
    if not os.path.exists(qemu) or not os.path.exists(tile_as):
        print("SKIP: %s or %s missing" % (qemu, tile_as))
        return 77
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "snapshot-fw.s")
        elf = os.path.join(tmp, "snapshot-fw.elf")
        snap = os.path.join(tmp, "snap.bin")
        open(src, "w").write(firmware())
        subprocess.run([tile_as, "-o", elf, src], check=True)

        def check(name, ok, detail=""):
            nonlocal passed, failed
            print(("ok   " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
            passed += ok
            failed += not ok

        report_a = os.path.join(tmp, "a.json")
        report_c = os.path.join(tmp, "c.json")
        a = Machine(qemu, elf, tmp, "a", ["-S", "-d", "guest_errors",
                                          "-global", "tile-core.stats=" + report_a])
        a.hmp("cont")
        ready = a.serial_until(b"R\n")
        a.ser.sendall(b"g")
        rc_a, out_a = a.finish()
        check("straight run passes", ready and rc_a == 0 and out_a == b"R\nP\n",
              "exit %s, UART %r, stderr %r" % (rc_a, out_a, a.err))

        b = Machine(qemu, elf, tmp, "b", ["-S"])
        b.hmp("cont")
        ready = b.serial_until(b"R\n")
        b.hmp("stop")
        tiles = b.hmp("info tile")
        b.hmp('migrate "exec:cat > %s"' % snap)
        status = ""
        for _ in range(200):
            status = b.hmp("info migrate")
            if "completed" in status or "failed" in status:
                break
            time.sleep(0.05)
        b.hmp("quit")
        b.finish()
        check("the snapshot holds live Local and Shared tiles",
              ready and "T#1" in tiles and "S5" in tiles and "completed" in status,
              "info tile %r, migrate %r" % (tiles, status))
        check("info tile shows the live predicate N#1 (and numeric T#1, U#1) before",
              ready and tiles_as_expected(tiles), "info tile %r" % tile_lines(tiles))

        c = Machine(qemu, elf, tmp, "c", ["-incoming", "exec:cat %s" % snap,
                                          "-d", "guest_errors",
                                          "-global", "tile-core.stats=" + report_c])
        for _ in range(200):                   # loaded: paused, as the source was
            if "paused" in c.hmp("info status"):
                break
            time.sleep(0.05)
        restored = c.hmp("info tile")
        c.hmp("cont")
        c.ser.sendall(b"g")
        rc_c, out_c = c.finish()
        check("the restored machine has the same tiles",
              restored.split("\n", 1)[1:] == tiles.split("\n", 1)[1:],
              "before %r after %r" % (tile_lines(tiles), tile_lines(restored)))
        check("info tile shows the predicate N#1 (and numeric T#1, U#1) after restore",
              tiles_as_expected(restored), "info tile %r" % tile_lines(restored))
        check("the restored run ends as the straight run (TSEL over the restored predicate)",
              rc_c == 0 and b"R\n" + out_c == out_a,
              "exit %s, UART %r, stderr %r" % (rc_c, out_c, c.err))
        util = [l.strip() for l in tiles.splitlines() if "utilization:" in l]
        util_after = [l.strip() for l in restored.splitlines() if "utilization:" in l]
        check("the utilization counters survive the migration",
              util and "utilization: 0 operations" not in util[0] and util == util_after,
              "before %r after %r" % (util, util_after))
        with open(report_a) as f:
            got_a = json.load(f)
        with open(report_c) as f:
            got_c = json.load(f)
        check("the migrated run's report equals the straight run's",
              got_a == got_c and got_a["cores"][0]["operations"] > 0,
              "straight %r migrated %r" % (got_a, got_c))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
