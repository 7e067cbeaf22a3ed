#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The virt machine's interrupt controller and firmware/echo.s.

    irq-test.py --build DIR

1. firmware/echo.s under `-nographic`, typed into through stdin (QEMU's
   stdio console, i.e. the UART): every key comes back (CR as CR LF), and
   `q` ends the run with exit status 0 and the count of interrupts the
   firmware took (its hex line) equal to the number of keys typed: its
   handler takes one byte per interrupt, so that holds however the keys
   arrive (the first session types them one at a time, each after the
   echo of the one before; a burst follows, all keys written at once).
   The firmware only waits in BWI: without the interrupt path nothing
   would come back.
2. The same firmware stopped after some keys, migrated to a file and
   restored: the restored machine still echoes (the controller's enable
   and route, the UART's and the CPU's state came across) and counts the
   keys of both halves; `info pic` shows the same controller state on
   both sides.
3. The device tree: a `pto,tile-intc` interrupt controller at 0x1000_2000
   with one interrupt cell, the UART's interrupt-parent pointing at it and
   its interrupts = <0> (the line virt.c wires it to).

The expected text is built here from what was typed.  Ends with
'N passed, N failed'; exit 77 when the emulator is not built."""

import argparse
import os
import select
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from testutil import Checks, build_tool, load_module  # noqa: E402
BANNER = b"echo: type, q quits\r\n"
TIMEOUT = 20


def echo_of(keys):
    return b"".join(b"\r\n" if k == 13 else bytes([k]) for k in keys)


def bye(count):
    return b"\r\nbye, interrupts: 0x%016x\r\n" % count


class Console:
    """qemu-system-tile -nographic with stdin and stdout as pipes."""

    def __init__(self, qemu, elf, extra=()):
        self.p = subprocess.Popen([qemu, "-M", "virt", "-nographic", "-kernel", elf]
                                  + list(extra), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = b""

    def read_until(self, text, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        fd = self.p.stdout.fileno()
        while text not in self.out:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return False
            chunk = os.read(fd, 4096)
            if not chunk:
                return False
            self.out += chunk
        return True

    def type(self, key):
        self.p.stdin.write(bytes([key]))
        self.p.stdin.flush()

    def finish(self):
        try:
            rc = self.p.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            rc = "hung"
        self.out += self.p.stdout.read()
        self.err = self.p.stderr.read().decode(errors="replace").strip()
        return rc


def pic_lines(text):
    return [l.strip() for l in text.splitlines() if "tile-intc" in l or "line" in l]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    o = ap.parse_args()
    qemu = os.path.join(o.build, "qemu-system-tile")
    tile_as = build_tool(o.build, "tile-as")
    if not os.path.exists(qemu) or not os.path.exists(tile_as):
        print("SKIP: %s or %s missing" % (qemu, tile_as))
        return 77
    checks = Checks()
    check = checks.check

    with tempfile.TemporaryDirectory() as tmp:
        elf = os.path.join(tmp, "echo.elf")
        subprocess.run([tile_as, "-o", elf, os.path.join(ROOT, "firmware", "echo.s")],
                       check=True)

        # 1. -nographic, keys on stdin one at a time
        keys = b"Hello, tile!\r" + b"0123 xyz\r" + b"q"
        con = Console(qemu, elf)
        ok = con.read_until(BANNER)
        want = BANNER
        for k in keys:
            if not ok:
                break
            con.type(k)
            want += echo_of([k])
            ok = con.read_until(want)
        ok = ok and con.read_until(bye(len(keys)))
        rc = con.finish()
        check("echo.s echoes every key typed on -nographic's stdin",
              con.out.startswith(BANNER + echo_of(keys)),
              "typed %r, got %r" % (keys, con.out))
        check("one interrupt per key, q ends the run with status 0",
              ok and rc == 0 and con.out == BANNER + echo_of(keys) + bye(len(keys)),
              "exit %s, output %r, stderr %r" % (rc, con.out, con.err))

        burst = b"burst of keys\rq"
        con = Console(qemu, elf)
        ok = con.read_until(BANNER)
        con.p.stdin.write(burst)
        con.p.stdin.flush()
        ok = ok and con.read_until(bye(len(burst)))
        rc = con.finish()
        check("a burst of keys: each echoed, one interrupt per key",
              ok and rc == 0 and con.out == BANNER + echo_of(burst) + bye(len(burst)),
              "exit %s, output %r, stderr %r" % (rc, con.out, con.err))

        # 2. migration in the middle of a session
        snap = os.path.join(tmp, "echo.snap")
        first, second = b"abc", b"de\rq"
        SocketMachine = load_module("tests/qemu/snapshot-test.py").Machine
        b = SocketMachine(qemu, elf, tmp, "b", ["-S"])
        b.hmp("cont")
        ok = b.serial_until(BANNER)
        want = BANNER
        for k in first:
            b.ser.sendall(bytes([k]))
            want += echo_of([k])
            ok = ok and b.serial_until(want)
        b.hmp("stop")
        pic_before = b.hmp("info pic")
        b.hmp('migrate "exec:cat > %s"' % snap)
        status = ""
        for _ in range(200):
            status = b.hmp("info migrate")
            if "completed" in status or "failed" in status:
                break
            time.sleep(0.05)
        b.hmp("quit")
        b.finish()
        check("echo.s session migrated to a file",
              ok and "completed" in status, "output %r, migrate %r" % (b.out, status))
        check("info pic shows the UART line enabled, routed to ID 32 of Core 0",
              "line  0: low, enabled, ID 32 of Core 0" in pic_before,
              "info pic %r" % pic_lines(pic_before))

        c = SocketMachine(qemu, elf, tmp, "c", ["-incoming", "exec:cat %s" % snap])
        for _ in range(200):
            st = c.hmp("info status")
            if "paused" in st and "inmigrate" not in st:
                break
            time.sleep(0.05)
        pic_after = c.hmp("info pic")
        c.hmp("cont")
        want = b""
        ok = True
        for k in second:
            c.ser.sendall(bytes([k]))
            want += echo_of([k])
            ok = ok and c.serial_until(want)
        ok = ok and c.serial_until(want + bye(len(first) + len(second)))
        rc, _ = c.finish()
        check("info pic is the same after the restore",
              pic_lines(pic_after) == pic_lines(pic_before) and pic_lines(pic_after),
              "before %r after %r" % (pic_lines(pic_before), pic_lines(pic_after)))
        check("the restored machine echoes and counts the keys of both halves",
              ok and rc == 0 and c.out == want + bye(len(first) + len(second)),
              "exit %s, output %r, stderr %r" % (rc, c.out, c.err))

        # 3. the device tree
        bt = load_module("tests/qemu/boot-test.py")
        dtb = os.path.join(tmp, "virt.dtb")
        r = subprocess.run([qemu, "-M", "virt", "-nographic", "-machine",
                            "dumpdtb=" + dtb], capture_output=True)
        nodes = bt.Tester.parse_fdt(open(dtb, "rb").read()) if r.returncode == 0 else {}
        cells = bt.Tester.cells
        intc = [p for p, v in nodes.items()
                if bt.Tester.strlist(v.get("compatible")) == ["pto,tile-intc"]]
        uart = [p for p, v in nodes.items()
                if "ns16550a" in bt.Tester.strlist(v.get("compatible"))]
        ic = nodes[intc[0]] if len(intc) == 1 else {}
        check("device tree: pto,tile-intc at 0x10002000, an interrupt controller with one cell",
              len(intc) == 1 and cells(ic.get("reg")) == [0, 0x10002000, 0, 0x1000]
              and "interrupt-controller" in ic and cells(ic.get("#interrupt-cells")) == [1],
              "nodes %r" % {p: nodes[p] for p in intc})
        u = nodes[uart[0]] if len(uart) == 1 else {}
        check("device tree: the UART's interrupt-parent is the controller, interrupts = <0>",
              ic and cells(u.get("interrupt-parent")) == cells(ic.get("phandle"))
              and cells(u.get("interrupts")) == [0],
              "uart %r" % u)

    return checks.summary()


if __name__ == "__main__":
    sys.exit(main())
