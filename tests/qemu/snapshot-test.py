#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Live Tile state across a snapshot (migration to a file and back).

    snapshot-test.py --build DIR

The firmware, written here at test time, makes a Local tile (a u16 8 x 8
tile on all four PEs, each PE loading its own block) and a Shared register
(S5, u32 16 x 4, each PE loading its quarter from its own base) live,
prints "R" and waits for a byte on the UART.  Phase 2 stores both back
from every PE and compares them with what was loaded (the expected bytes
are the input buffers), then passes through the exit device.

Run A goes straight through.  Run B stops at "R" and migrates the machine
to a file; run C starts from that file (-incoming), gets the byte and must
end exactly as run A did: same UART output, exit status 0.  Without the
tile-core device's vmstate run C would find no live tiles and trap.
Ends with 'N passed, N failed'; exit 77 when the emulator is not built."""

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WIN = 0x10020000


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
    case = 1
    for src, dst, n in (("lin", "lout", 512), ("sin", "sout", 1024)):
        L.append("    case %d" % case)
        case += 1
        L += ["    hl.liu %s, ->a4" % src, "    hl.liu %s, ->a5" % dst]
        for off in range(0, n, 8):
            L += ["    ldi [a4, %d], ->a2" % off, "    ldi [a5, %d], ->a3" % off,
                  "    check_same a2, a3"]
    L += ["    hl.liu 'P', ->a3", "    sbi a3, [s0, 0]",
          "    hl.liu 10, ->a3", "    sbi a3, [s0, 0]", "    test_end",
          "    .data", "    .balign 64", "lin:"]
    for p in range(4):
        for r in range(8):
            L.append("    .half " + ", ".join("0x%04x" % (0x1000 * p + 0x100 * r + c)
                                             for c in range(8)))
    L.append("sin:")
    for q in range(4):
        words = [0xa0000000 + q * 0x1000 + k if k < 16 else 0 for k in range(64)]
        for i in range(0, 64, 8):
            L.append("    .word " + ", ".join("0x%08x" % w for w in words[i:i + 8]))
    L += ["lout:", "    .space 512", "sout:", "    .space 1024"]
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
            rc = "hung"
        return rc, self.out


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

        a = Machine(qemu, elf, tmp, "a", ["-S"])
        a.hmp("cont")
        ready = a.serial_until(b"R\n")
        a.ser.sendall(b"g")
        rc_a, out_a = a.finish()
        check("straight run passes", ready and rc_a == 0 and out_a == b"R\nP\n",
              "exit %s, UART %r" % (rc_a, out_a))

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

        c = Machine(qemu, elf, tmp, "c", ["-incoming", "exec:cat %s" % snap])
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
              "before %r after %r" % (tiles, restored))
        check("the restored run ends as the straight run",
              rc_c == 0 and b"R\n" + out_c == out_a, "exit %s, UART %r" % (rc_c, out_c))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
