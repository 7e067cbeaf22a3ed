#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The tile-core device's utilization report (docs/tile-core.md).

    tile-stats-test.py [--build DIR] [-v]

1. firmware/matmul-demo.s with -global tile-core.stats=FILE: the JSON
   written at exit must hold exactly what the demo does, worked out below
   from its source (DEMO), not from a run.
2. The same run stopped at its power-off (-no-shutdown) and read over QMP:
   qom-get /machine/tile-core[0] utilization equals the file, `info tile`
   shows the same figures; after system_reset every counter is 0.
3. Small programs, each ending in an unhandled Tile fault (or, for 4-bit
   elements, cleanly): the fault of each kind is counted once, the
   operations before it as operations, and the Local pool's peak of PE0
   alone when only PE0 allocates.
4. A stats file that cannot be created: one error line, status 1, before
   anything runs.
Migration of the counters is checked by snapshot-test.py.  The last line
is `N passed, N failed`; status 77 when qemu-system-tile is not built.
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from testutil import ROOT, Checks, emulator_options  # noqa: E402

POOL = 256 * 1024
FAULTS = ("TileLegality", "TileAllocation", "BundleControl", "BundlePostCommit",
          "DataAlignment", "DataPage")


def size_code_bytes(k):
    """SizeCode k is 128 << (k - 1) bytes (ADR 0097's table)."""
    return 128 << (k - 1)


def demo_expectation():
    """What firmware/matmul-demo.s does, per PE, from its source:

    M, N, K = 8, 8, 16; ROWS = 4 * M = 32; A is ROWS x K S8, B is K x N S8.
    - TLOAD A into Shared S1 <0011>: each PE loads its quarter of the rows,
      8 x 16 one-byte elements;
    - TLOAD B into Shared S2 <0001>: each PE its quarter, 4 x 8 bytes;
    - TMATMUL, LB0/LB1/LB2 = M/N/K: M*N*K MACs per PE, its Local D
      (m<0011>) holds M x N elements;
    - TSTORE of D (layout 25 to row-major): M x N S32 elements per PE;
    - TLOAD t<0100>: ROWS x N S32 per PE;
    - TMOV.L2S.INSERT into S3 <0100>: each PE its quarter of ROWS x N;
    - TSTORE of S3: each PE its quarter, ROWS/4 x N S32.
    Pools: Local m (512 B) and t (1024 B) stay live on every PE; the
    Shared registers S1 (512 B), S2 (128 B), S3 (1024 B) are never freed.
    """
    m, n, k, rows = 8, 8, 16, 32
    s8, s32 = 1, 4
    q_a = (rows // 4) * k              # elements of PE q's quarter of A
    q_b = (k // 4) * n
    d = m * n
    t = rows * n
    q_s3 = (rows // 4) * n
    return {
        "ops": {("TLSU", "TLOAD"): 3, ("TLSU", "TSTORE"): 2,
                ("TLSU", "TMOV.L2S.INSERT"): 1, ("CUBE", "TMATMUL"): 1},
        "pe": {
            "macs": m * n * k,
            "elements": q_a + q_b + d + d + t + q_s3 + q_s3,
            "bytes-to-tile": q_a * s8 + q_b * s8 + t * s32,
            "bytes-to-memory": d * s32 + q_s3 * s32,
            "local-peak": size_code_bytes(3) + size_code_bytes(4),
        },
        "shared-peak": size_code_bytes(3) + size_code_bytes(1) + size_code_bytes(4),
    }


def forms_of(obj):
    return {(f["engine"], f["form"]): f["count"] for f in obj["forms"]}


def check_demo(c, core, label):
    """core: one Core's utilization object."""
    e = demo_expectation()
    ops = sum(e["ops"].values())
    per = e["pe"]
    c.check("%s: operations by form" % label, forms_of(core) == e["ops"], core["forms"])
    c.check("%s: operations by engine" % label,
            core["operations"] == ops and core["engines"] ==
            {"TLSU": 6, "CUBE": 1, "VEC": 0, "SFU": 0}, (core["operations"], core["engines"]))
    for key in ("macs", "elements", "bytes-to-tile", "bytes-to-memory"):
        c.check("%s: Core %s = 4 PEs x %d" % (label, key, per[key]),
                core[key] == 4 * per[key], core[key])
    c.check("%s: Shared pool peak %d of %d" % (label, e["shared-peak"], POOL),
            core["shared-pool"] == {"peak": e["shared-peak"], "size": POOL}, core["shared-pool"])
    c.check("%s: no fault" % label, core["faults"] == {f: 0 for f in FAULTS}, core["faults"])
    for p in core["pes"]:
        got = {k: p[k] for k in ("macs", "elements", "bytes-to-tile", "bytes-to-memory")}
        got["local-peak"] = p["local-pool"]["peak"]
        c.check("%s: PE%d's figures" % (label, p["pe"]),
                got == per and p["local-pool"]["size"] == POOL and forms_of(p) == e["ops"]
                and p["operations"] == ops, (got, per))


class Qmp:
    def __init__(self, path):
        for _ in range(200):
            try:
                self.s = socket.socket(socket.AF_UNIX)
                self.s.connect(path)
                break
            except OSError:
                time.sleep(0.05)
        self.s.settimeout(30)
        self.buf = b""
        self.events = []
        self.read()                                     # the greeting
        self.cmd("qmp_capabilities")

    def read(self):
        while b"\n" not in self.buf:
            chunk = self.s.recv(65536)
            if not chunk:
                raise RuntimeError("QMP closed")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line)

    def cmd(self, name, **args):
        self.s.sendall(json.dumps({"execute": name, "arguments": args}).encode() + b"\n")
        while True:
            msg = self.read()
            if "event" in msg:
                self.events.append(msg["event"])
                continue
            if "error" in msg:
                raise RuntimeError("%s: %s" % (name, msg["error"]))
            return msg["return"]

    def wait_event(self, name):
        while name not in self.events:
            msg = self.read()
            if "event" in msg:
                self.events.append(msg["event"])


# Programs that end in a Tile fault, and what their counters must hold.
# A 64 KiB u8 Local tile of one element at address 0 (capacity.s's load64k):
# Col = LB2 = 2 makes its rows legal.
LOAD64K = """
    bstart.tload u8
    c.b.dimi 2, ->lb2
    b.iot mask=1000, last, ->{hand}<1010>
    bstop
"""

# A TLOAD of one element from addr on PE0.
TLOAD_AT = """
    hl.liu {addr}, ->a0
    bstart.tload {dtype}
    b.iot mask=1000, last, ->t<0001>
    b.ior a0, zero, zero, ->zero
    bstop
"""
NOTHING = {"bytes-to-tile": 0, "elements": 0, "local-peak": 0}

PROGRAMS = {
    # four 64 KiB tiles fill PE0's pool; the fifth cannot be allocated
    "TileAllocation": ("".join(LOAD64K.format(hand=h) for h in "tumnt"),
                       {"TLOAD": 4}, {"bytes-to-tile": 4, "elements": 4,
                                      "local-peak": 4 * 65536}),
    # a TSTORE from T#1 when no tile was ever made
    "TileLegality": ("""
    bstart.tstore u8
    b.iot t#1, mask=1000, last
    bstop
""", {}, NOTHING),
    # a TLOAD from an address with nothing behind it
    "DataPage": (TLOAD_AT.format(addr=0x30000000, dtype="u8"), {}, NOTHING),
    # B.CATR trap on a Tile block: the TLOAD commits, then the trap
    "BundlePostCommit": ("""
    bstart.tload u8
    b.catr trap
    b.iot mask=1000, last, ->t<0001>
    bstop
""", {"TLOAD": 1}, {"bytes-to-tile": 1, "elements": 1, "local-peak": 128}),
    # an S32 TLOAD from an address that is not a multiple of 4
    "DataAlignment": (TLOAD_AT.format(addr=2, dtype="s32"), {}, NOTHING),
}

# 4-bit elements, cleanly: 3 nibbles (VC = 3, Col = 4) loaded and stored
# back are 12 bits, 2 bytes, each way; 3 elements into the tile, 3 to memory.
NIBBLES = """
    hl.liu buf, ->a0
    bstart.tload u4x2
    b.iot mask=1000, last, ->t<0001>
    b.ior a0, zero, zero, ->zero
    c.b.dimi 3, ->lb0
    c.b.dimi 4, ->lb2
    bstop
    bstart.tstore u4x2
    b.iot t#1, mask=1000, last
    b.ior a0, zero, zero, ->zero
    c.b.dimi 3, ->lb0
    bstop
"""

# One operation of each engine but CUBE on PE0: TLOAD 4 u32 (16 bytes),
# TADD T#1 + T#1 (VEC), TDIV of that by T#1 (SFU), each result 4 elements
# in a 128-byte Local tile.
ENGINES = """
    hl.liu buf, ->a0
    bstart.tload u32
    b.iot mask=1000, last, ->t<0001>
    b.ior a0, zero, zero, ->zero
    c.b.dimi 4, ->lb0
    bstop
    bstart.vec tadd, u32
    b.iot t#1, t#1, mask=1000, last, ->u<0001>
    c.b.dimi 4, ->lb0
    bstop
    bstart.sfu tdiv, u32
    b.iot u#1, t#1, mask=1000, last, ->m<0001>
    c.b.dimi 4, ->lb0
    bstop
"""


def program(body, clean):
    end = ("    hl.liu 0x10001000, ->a1\n    hl.liu 0x5555, ->a2\n    swi a2, [a1, 0]\n"
           "halt:\n    j halt\n") if clean else "halt:\n    j halt\n"
    return ("    .text\n    .globl _start\n_start:\n" + body + end +
            "    .data\n    .balign 8\nbuf:\n    .byte " + ", ".join(str(b) for b in range(0x21, 0x31))
            + "\n")


def main():
    setup = emulator_options(__doc__)
    if not setup:
        return 77
    o, qemu, tile_as = setup
    c = Checks()

    with tempfile.TemporaryDirectory() as tmp:
        def path(name):
            return os.path.join(tmp, name)

        def assemble(src, name):
            if "\n" in src:
                with open(path(name + ".s"), "w") as f:
                    f.write(src)
                src = path(name + ".s")
            subprocess.run([tile_as, "-o", path(name + ".elf"), src], check=True)
            return path(name + ".elf")

        def run(elf, *extra):
            argv = [qemu, "-M", "virt", "-nographic", "-kernel", elf] + list(extra)
            p = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=60)
            err = [l for l in p.stderr.decode(errors="replace").splitlines() if l.strip()]
            if o.v:
                print("   ", " ".join(argv), "->", p.returncode, err)
            return p.returncode, p.stdout, err

        def report(name):
            with open(path(name)) as f:
                return json.load(f)

        demo = assemble(os.path.join(ROOT, "firmware", "matmul-demo.s"), "demo")

        # 1. the file written at exit
        rc, out, err = run(demo, "-global", "tile-core.stats=" + path("demo.json"))
        c.check("the demo passes with the report on", rc == 0 and b"PASS" in out, (rc, err))
        data = report("demo.json")
        c.check("the report holds one Core", [x["core"] for x in data["cores"]] == [0])
        check_demo(c, data["cores"][0], "file")

        # the demo is not written for two Cores (both would share its data):
        # hello.s, which each Core may run alone, shows the file's shape
        hello = assemble(os.path.join(ROOT, "firmware", "hello.s"), "hello")
        rc, out, err = run(hello, "-smp", "2", "-global", "tile-core.stats=" + path("smp.json"))
        c.check("-smp 2: one file, both Cores in order",
                rc == 0 and [x["core"] for x in report("smp.json")["cores"]] == [0, 1], (rc, err))

        # 2. QMP and `info tile`, then a reset
        sock = path("qmp.sock")
        argv = [qemu, "-M", "virt", "-display", "none", "-serial", "null", "-kernel", demo,
                "-S", "-no-shutdown", "-qmp", "unix:%s,server=on,wait=off" % sock]
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        try:
            q = Qmp(sock)
            q.cmd("cont")
            q.wait_event("SHUTDOWN")
            got = q.cmd("qom-get", path="/machine/tile-core[0]", property="utilization")
            c.check("qom-get utilization is the report file's Core", got == data["cores"][0])
            check_demo(c, got, "qom-get")
            e = demo_expectation()["pe"]
            info = q.cmd("human-monitor-command", **{"command-line": "info tile"})
            lines = [l.strip() for l in info.splitlines()]
            want = [
                "utilization: 7 operations (TLSU 6, CUBE 1), %d MACs, %d elements, %d bytes "
                "memory->tile, %d bytes tile->memory; Shared pool peak %d of %d bytes"
                % (4 * e["macs"], 4 * e["elements"], 4 * e["bytes-to-tile"],
                   4 * e["bytes-to-memory"], demo_expectation()["shared-peak"], POOL),
                "forms: TLOAD 3, TSTORE 2, TMOV.L2S.INSERT 1, TMATMUL 1",
                "faults: none",
            ] + ["PE%d: 7 operations (TLSU 6, CUBE 1), %d MACs, %d elements, %d bytes "
                 "memory->tile, %d bytes tile->memory; Local pool peak %d of %d bytes"
                 % (pe, e["macs"], e["elements"], e["bytes-to-tile"], e["bytes-to-memory"],
                    e["local-peak"], POOL) for pe in range(4)]
            missing = [w for w in want if w not in lines]
            c.check("info tile shows the same figures", not missing, missing or info)
            q.cmd("system_reset")
            zero = q.cmd("qom-get", path="/machine/tile-core[0]", property="utilization")
            counts = [zero[k] for k in ("operations", "macs", "elements", "bytes-to-tile",
                                        "bytes-to-memory")]
            counts += [zero["shared-pool"]["peak"]] + list(zero["faults"].values())
            counts += [p[k] for p in zero["pes"] for k in ("operations", "macs", "elements")]
            counts += [p["local-pool"]["peak"] for p in zero["pes"]]
            c.check("system_reset clears every counter",
                    not any(counts) and zero["forms"] == [], zero)
            info = q.cmd("human-monitor-command", **{"command-line": "info tile"})
            c.check("info tile after the reset",
                    "utilization: 0 operations, 0 MACs" in info and "forms: none" in info, info)
            q.cmd("quit")
        finally:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

        # 3. faults
        for kind, (body, ops, pe0) in PROGRAMS.items():
            elf = assemble(program(body, False), kind)
            rc, out, err = run(elf, "-global", "tile-core.stats=" + path(kind + ".json"))
            core = report(kind + ".json")["cores"][0]
            c.check("%s: the run ends in that unhandled trap" % kind,
                    rc == 1 and len(err) == 1 and kind in err[0], (rc, err))
            c.check("%s: counted once, no other fault" % kind,
                    core["faults"] == {f: int(f == kind) for f in FAULTS}, core["faults"])
            c.check("%s: the operations before it" % kind,
                    {f: n for (_, f), n in forms_of(core).items()} == ops, core["forms"])
            p0 = core["pes"][0]
            got = {"bytes-to-tile": p0["bytes-to-tile"], "elements": p0["elements"],
                   "local-peak": p0["local-pool"]["peak"]}
            c.check("%s: PE0's figures; PE1..PE3 did nothing" % kind,
                    got == pe0 and all(p["operations"] == 0 and p["local-pool"]["peak"] == 0
                                       for p in core["pes"][1:]), (got, pe0))
        elf = assemble(program(NIBBLES, True), "nibbles")
        rc, out, err = run(elf, "-global", "tile-core.stats=" + path("nibbles.json"))
        p0 = report("nibbles.json")["cores"][0]["pes"][0]
        c.check("4-bit elements: 3 nibbles are 2 bytes each way, 6 elements",
                rc == 0 and (p0["bytes-to-tile"], p0["bytes-to-memory"], p0["elements"]) ==
                (2, 2, 6), (rc, err, p0))

        elf = assemble(program(ENGINES, True), "engines")
        rc, out, err = run(elf, "-global", "tile-core.stats=" + path("engines.json"))
        core = report("engines.json")["cores"][0]
        p0 = core["pes"][0]
        c.check("VEC and SFU operations: named, by engine",
                rc == 0 and forms_of(core) == {("TLSU", "TLOAD"): 1, ("VEC", "TADD"): 1,
                                               ("SFU", "TDIV"): 1} and
                core["engines"] == {"TLSU": 1, "CUBE": 0, "VEC": 1, "SFU": 1}, (rc, err, core))
        c.check("VEC and SFU operations: PE0's figures",
                (p0["elements"], p0["bytes-to-tile"], p0["bytes-to-memory"], p0["macs"],
                 p0["local-pool"]["peak"]) == (12, 16, 0, 0, 3 * 128), p0)

        # 4. a file that cannot be written
        bad = path("no-such-dir/stats.json")
        rc, out, err = run(demo, "-global", "tile-core.stats=" + bad)
        c.check("an unwritable stats file: one error line, status 1, nothing runs",
                rc == 1 and len(err) == 1 and "tile-core.stats" in err[0] and b"PE0" not in out,
                (rc, err))
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
