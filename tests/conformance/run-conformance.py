#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Replay the spec's AVS-derived instruction vectors on qemu-system-tile.

    run-conformance.py [--build DIR] [--family F] [-k SUBSTRING] [--jobs N]
                       [--markdown] [--list-disagreements] [-v]

tests/conformance/vectors/ holds the instruction-level vectors traced from
the AVS tests of the PTO spec (release 0.58.3; schema and licence in its
README.md).  Every vector with `standalone: true` and every in-block chain
whose `sequence.replay_identical` is true is replayed:

  * one qemu-system-tile per job, stopped (-S) with a gdbstub, under the
    reference profile's settings: numeric-profile=pto-v0, trap-literal=on
    (a trap with EVBASE = 0 goes to its argument, as the model does) and
    the data-access rule of the reference profile
    (-machine virt,data-limit=4096,app-region=3072);
  * per case: system_reset, the pre-state written through the debugger
    (GPRs, T/U queues, TPC, BPC, CORE_STATE / ACR, THREAD_PTR / GLOBAL_PTR,
    the trap banks and trap vectors of the rings the vector names, the
    block records, the LR/SC reservation, memory [0, 0x1000) and the
    instruction bytes at each step's TPC), then one single-step per
    instruction;
  * the state read back and compared with the vector's post-state and
    status: TPC, ACR, every GPR, both queues, all 4 KiB of memory, BPC,
    CORE_STATE, THREAD_PTR, GLOBAL_PTR, the block records, the reservation,
    the trap vectors, and the trap bank of rings 0 and 1 (a rejected
    vector: trap taken, number, cause, TRAPARG0, saved TPC, source ring;
    an executed one: no trap and both banks unchanged).

A disagreement must be listed, with its reason, in
tests/conformance/expected-deviations.txt (by vector id, with exactly the
fields that differ); an unlisted disagreement, a listed vector whose fields
differ otherwise, and a listed vector that now agrees all fail the run.
The last line is `N passed, N failed`; exit status 0, 1 (a failure) or 77
(skip: build/qemu-system-tile missing).
"""

import argparse
import collections
import hashlib
import json
import lzma
import os
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VECTOR_DIR = os.path.join(HERE, "vectors")
EXPECTED = os.path.join(HERE, "expected-deviations.txt")

FAMILIES = ["ALU", "AGU", "AMO", "BRU", "FSU", "SYS", "CMD", "UNDECODED"]

MODEL_MEMORY = 0x1000           # the model's 4 KiB of memory at 0
RAM = "16K"                     # room for the instructions above it
MACHINE = "virt,data-limit=4096,app-region=3072"
TRAP_ARG_SENTINEL = 0x7ea5_0000_dead_beef   # "no trap raised by this step"

# the vector's fault kinds and the trap number each one raises
FAULT_TRAP = {
    "ExecutionStateCheck": 0, "IllegalInstruction": 4, "BundleControl": 5,
    "TileLegality": 5, "TileAllocation": 5, "BundlePostCommit": 5,
    "ServiceRequest": 6, "InstructionPC": 32, "InstructionPage": 33,
    "DataAlignment": 34, "DataPage": 35, "HardwareBreakpoint": 49,
    "SoftwareBreakpoint": 50, "HardwareWatchpoint": 51, "Assert": 52,
}

# TRAPNO and EBARG0 fields (docs/traps.md)
TRAPNO_ARG_VALID = 1 << 62
EBARG0_VALID = 1 << 4


sys.path.insert(0, os.path.join(ROOT, "tests"))
import testutil  # noqa: E402

gdb = testutil.load_module("scripts/tile-gdb", "tile_gdb")


class Failure(Exception):
    """Bad input: the data or the expected list is malformed."""


def h(text):
    return int(text, 16)


# ---------------------------------------------------------------------------
# The vectors


def load_vectors(directory):
    """All vectors in file order, each file checked against the manifest."""
    with open(os.path.join(directory, "manifest.json")) as f:
        manifest = json.load(f)
    vectors = []
    for name, info in manifest["files"].items():
        path = os.path.join(directory, name + ".xz")
        try:
            with lzma.open(path) as f:
                data = f.read()
        except (OSError, lzma.LZMAError) as e:
            raise Failure("%s: %s" % (path, e))
        if hashlib.sha256(data).hexdigest() != info["sha256"]:
            raise Failure("%s: content differs from manifest.json (sha256)" % path)
        lines = data.decode().splitlines()
        if len(lines) != info["vectors"]:
            raise Failure("%s: %d vectors, manifest.json says %d"
                          % (path, len(lines), info["vectors"]))
        vectors += [json.loads(line) for line in lines]
    return vectors


class Case:
    """One replay: the pre-state of `start`, the instructions of `steps`,
    compared with the status and post-state of the last step."""

    def __init__(self, steps):
        self.steps = steps
        self.start = steps[0]
        self.last = steps[-1]
        self.id = self.last["id"]
        self.family = self.last["family"]
        self.kind = "chain" if len(steps) > 1 or self.last["in_block"] else "standalone"


def select_cases(vectors):
    by_id = {v["id"]: v for v in vectors}
    cases = []
    for v in vectors:
        if v["standalone"]:
            cases.append(Case([v]))
            continue
        seq = v.get("sequence")
        if not seq or not seq.get("replay_identical"):
            continue
        test, last = v["id"].rsplit("#", 1)
        first = int(seq["start_id"].rsplit("#", 1)[1])
        ids = ["%s#%d" % (test, i) for i in range(first, int(last) + 1)]
        if len(ids) != seq["length"] or any(i not in by_id for i in ids):
            raise Failure("%s: sequence %s does not name its steps" % (v["id"], seq))
        cases.append(Case([by_id[i] for i in ids]))
    return cases


# ---------------------------------------------------------------------------
# Expected state, in the shape observe() returns


def memory_image(pre, steps):
    """[0, 0x1000) as the vector states it, with the instruction bytes of
    every step at its TPC (the model passes them to its entry point; a
    machine fetches them); and the instruction bytes placed elsewhere."""
    image = bytearray(MODEL_MEMORY)
    for addr, run in pre["mem"].items():
        a, data = h(addr), bytes.fromhex(run)
        image[a:a + len(data)] = data
    outside = {}
    for step in steps:
        pc, code = h(step["pre"]["pc"]), bytes.fromhex(step["insn"]["bytes_le"])
        for i, b in enumerate(code):
            a = (pc + i) & (2**64 - 1)
            if a < MODEL_MEMORY:
                image[a] = b
            else:
                outside[a] = b
    return image, outside


def queue(entries):
    return [(e["valid"], h(e["value"]) if e["valid"] else None) for e in entries]


def bundle_of(record):
    record = record or {}
    return {
        "active": record.get("active", False),
        "body_active": record.get("body_active", False),
        "return_address": h(record.get("return_address", "0x0")),
        "commit_argument": h(record.get("commit_argument", "0x0")),
        "last_mem_cmd_address": h(record.get("last_mem_cmd_address", "0x0")),
        "last_mem_cmd_size": h(record.get("last_mem_cmd_size", "0x0")),
    }


def reservation_of(record):
    record = record or {"valid": False, "address": "0x0", "size": 1}
    return (record["valid"], h(record["address"]), record["size"])


def trap_bank_of(record):
    """A trap-bank summary as the vectors record it (all zero at reset)."""
    record = record or {}
    return {
        "argument_valid": record.get("argument_valid", False),
        "cause": h(record.get("cause", "0x0")),
        "number": h(record.get("number", "0x0")),
        "argument0": h(record.get("argument0", "0x0")),
        "context_valid": record.get("context_valid", False),
        "source_acr": record.get("source_acr", 0),
        "saved_tpc": h(record.get("saved_tpc", "0x0")),
    }


def rings_of(case):
    rings = {0, 1}
    for v in case.steps:
        rings |= {int(r) for r in v["pre"].get("traps", {})}
        rings |= {int(r) for r in v["pre"].get("trap_vectors", {})}
        rings |= {int(r) for r in v["post"].get("traps_changed", {})}
    return sorted(rings)


def expected_state(case, image):
    v = case.last
    pre, post, status = v["pre"], v["post"], v["status"]
    gpr = {i: 0 for i in range(1, 24)}
    gpr.update({int(r): h(x) for r, x in pre["gpr"].items()})
    gpr.update({int(r): h(x) for r, x in post["gpr_changed"].items()})
    mem = bytearray(image)
    for addr, change in post["mem_changed"].items():
        mem[h(addr)] = h(change["new"])
    # The model does not fetch: where the instruction bytes cover what
    # pre.mem states, a byte the model left unchanged may have been
    # written with the value the model saw (a store over its own bytes),
    # so either value is accepted there.
    stated, _ = memory_image(pre, [])
    either = {a: stated[a] for a in range(MODEL_MEMORY)
              if image[a] != stated[a] and "0x%x" % a not in post["mem_changed"]}
    traps = {}
    for r in rings_of(case):
        bank = trap_bank_of(pre.get("traps", {}).get(str(r)))
        if str(r) in post.get("traps_changed", {}):
            bank = trap_bank_of(post["traps_changed"][str(r)])
        traps[r] = bank
    vectors = dict(pre.get("trap_vectors", {}))
    vectors.update(post.get("trap_vectors", {}))
    exp = {
        "pc": h(post["pc"]),
        "acr": post["acr"],
        "gpr": gpr,
        "tq": queue(post["tq"]),
        "uq": queue(post["uq"]),
        "mem": bytes(mem),
        "mem_either": either,
        "bpc": h(post.get("bpc", pre.get("bpc", "0x0"))),
        "core_state": h(post.get("core_state", pre["core_state"])),
        "thread_ptr": h(post.get("thread_ptr", pre.get("thread_ptr", "0x0"))),
        "global_ptr": h(post.get("global_ptr", pre.get("global_ptr", "0x0"))),
        "bundle": bundle_of(post.get("bundle", pre.get("bundle"))),
        "reservation": reservation_of(post.get("reservation", pre.get("reservation"))),
        "trap_vectors": {r: h(vectors.get(str(r), "0x0")) for r in rings_of(case)},
        # no Local name or Shared register allocated or freed: the vector's
        # own tiles are not established (see docs/conformance.md), so a
        # vector that changes none leaves the emulator's Tile state empty
        "tiles": (0, 0) if not post.get("tiles_changed") else None,
        "traps": traps,
    }
    if status["result"] == "rejected":
        t = status["trap"]
        if FAULT_TRAP.get(status["fault"]) != h(t["number"]):
            raise Failure("%s: fault %s with trap number %s"
                          % (v["id"], status["fault"], t["number"]))
        exp["trap"] = (t["ring"], h(t["number"]), h(t["cause"]), h(t["argument0"]),
                       h(t["saved_tpc"]), t["source_acr"])
        traps[t["ring"]] = dict(traps[t["ring"]], argument_valid=True,
                                context_valid=True, number=h(t["number"]),
                                cause=h(t["cause"]), argument0=h(t["argument0"]),
                                saved_tpc=h(t["saved_tpc"]), source_acr=t["source_acr"])
    else:
        exp["trap"] = None
    return exp


# ---------------------------------------------------------------------------
# The machine


class Machine:
    """One qemu-system-tile under the gdbstub, reused for every case."""

    BANK = ("evbase", "trapno", "traparg0", "ebarg0", "ebarg_tpc")

    def __init__(self, qemu, tmp, timeout):
        self.errf = os.path.join(tmp, "qemu-%d.err" % id(self))
        for _ in range(5):
            port = gdb.free_port()
            argv = [qemu, "-M", MACHINE, "-m", RAM, "-nographic",
                    "-monitor", "none", "-serial", "none", "-S",
                    "-gdb", "tcp:127.0.0.1:%d" % port,
                    "-global", "pto-core-tile-cpu.trap-literal=on",
                    "-global", "pto-core-tile-cpu.numeric-profile=pto-v0"]
            with open(self.errf, "wb") as err:
                self.p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                          stdout=subprocess.DEVNULL, stderr=err)
            try:
                self.c = gdb.Client("127.0.0.1", port, timeout=timeout,
                                    connect_timeout=timeout)
                break
            except gdb.RSPError:
                if self.p.poll() is None:
                    self.p.kill()
                    raise
        else:
            raise gdb.RSPError("qemu-system-tile did not start: %s" % self.stderr())
        self.core = [r.name for r in self.c.features["org.pto.tile.core"]]
        self.num = {name: reg.regnum for name, reg in self.c.regs.items()}
        self.size = {name: reg.size for name, reg in self.c.regs.items()}
        self.outside = {}           # bytes written above the model memory
        self.mem = None             # [0, 0x1000) as last read

    def stderr(self):
        with open(self.errf, errors="replace") as f:
            return f.read().strip()

    def stop(self):
        self.c.kill()
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()

    # -- registers by name, one packet each ------------------------------

    def get(self, name):
        data = bytes.fromhex(self.c.check("p%x" % self.num[name]))
        return int.from_bytes(data, "little")

    def put(self, name, value):
        n = self.size[name]
        reply = self.c.command("P%x=%s" % (self.num[name],
                                           (value % (1 << (8 * n))).to_bytes(n, "little").hex()))
        if reply != "OK":
            raise gdb.RSPError("writing %s: %s" % (name, reply))

    def get_core(self):
        data = bytes.fromhex(self.c.check("g"))
        out, off = {}, 0
        for name in self.core:
            n = self.size[name]
            out[name] = int.from_bytes(data[off:off + n], "little")
            off += n
        return out

    def put_core(self, values):
        data = b"".join(values[name].to_bytes(self.size[name], "little") for name in self.core)
        if self.c.command("G" + data.hex()) != "OK":
            raise gdb.RSPError("G packet refused")

    # -- memory ---------------------------------------------------------

    def read_model_memory(self):
        out = b""
        while len(out) < MODEL_MEMORY:
            n = min(0x7f0, MODEL_MEMORY - len(out))
            out += bytes.fromhex(self.c.check("m%x,%x" % (len(out), n)))
        return out

    def write(self, addr, data):
        while data:
            chunk, data = data[:0x7f0], data[0x7f0:]
            if self.c.command("M%x,%x:%s" % (addr, len(chunk), chunk.hex())) != "OK":
                return False
            addr += len(chunk)
        return True

    def load_memory(self, image, outside):
        """Make [0, 0x1000) equal image (only the runs that differ from what
        it holds) and place the bytes outside it; False when some byte has
        no memory behind it."""
        if self.mem is None:
            self.mem = self.read_model_memory()
        runs = []
        for i in range(MODEL_MEMORY):
            if self.mem[i] != image[i]:
                if runs and i - runs[-1][1] <= 16:
                    runs[-1][1] = i + 1
                else:
                    runs.append([i, i + 1])
        for a, b in runs:
            if not self.write(a, bytes(image[a:b])):
                raise gdb.RSPError("cannot write memory at 0x%x" % a)
        self.mem = bytes(image)
        for a in [a for a in self.outside if a not in outside]:
            self.write(a, b"\0")
            del self.outside[a]
        ok = True
        for a, b in outside.items():
            if self.write(a, bytes([b])):
                self.outside[a] = b
            else:
                ok = False
        return ok

    # -- one case ---------------------------------------------------------

    def reset(self):
        self.c.check("qRcmd," + b"system_reset".hex())

    def setup(self, case, image, outside):
        pre = case.start["pre"]
        self.reset()
        if not self.load_memory(image, outside):
            return "no memory at the instruction's TPC"
        core = {name: 0 for name in self.core}
        for r, x in pre["gpr"].items():
            core["r%s" % r] = h(x)
        core["pc"] = h(pre["pc"])
        core["bpc"] = h(pre.get("bpc", "0x0"))
        for q in ("t", "u"):
            valid = 0
            for i, e in enumerate(pre[q + "q"]):
                core["%s%d" % (q, i + 1)] = h(e["value"])
                valid |= e["valid"] << i
            core[q + "_valid"] = valid
        if core["pc"] & 1:
            return "odd TPC"
        self.put_core(core)
        # the trap banks and vectors of the rings the case names
        for r in rings_of(case):
            bank = pre.get("traps", {}).get(str(r))
            vector = pre.get("trap_vectors", {}).get(str(r))
            if not bank and not vector:
                continue
            self.put("acr", r)
            if vector:
                self.put("evbase", h(vector))
            if bank:
                b = trap_bank_of(bank)
                self.put("trapno", b["number"] | b["cause"] << 24 |
                         (TRAPNO_ARG_VALID if b["argument_valid"] else 0))
                self.put("traparg0", b["argument0"])
                self.put("ebarg0", b["source_acr"] |
                         (EBARG0_VALID if b["context_valid"] else 0))
                self.put("ebarg_tpc", b["saved_tpc"])
        # CORE_STATE carries the ring in [3:0]
        self.put("core_state", h(pre["core_state"]))
        self.put("acr", pre["acr"])
        for name in ("thread_ptr", "global_ptr"):
            if name in pre:
                self.put(name, h(pre[name]))
        if "bundle" in pre:
            b = bundle_of(pre["bundle"])
            self.put("blk_phase", 2 if b["body_active"] else 1 if b["active"] else 0)
            self.put("blk_ret_addr", b["return_address"])
            self.put("commit_arg", b["commit_argument"])
            self.put("last_mem_addr", b["last_mem_cmd_address"])
            self.put("last_mem_size", b["last_mem_cmd_size"])
        if "reservation" in pre:
            valid, addr, size = reservation_of(pre["reservation"])
            self.put("resv_addr", addr)
            self.put("resv_size", size)
            self.put("resv_valid", int(valid))
        self.put("trap_arg", TRAP_ARG_SENTINEL)
        return None

    def run(self, case):
        for _ in case.steps:
            r = gdb.StopReply(self.c.command("s"))
            if r.kind != "signal":
                raise gdb.RSPError("the machine stopped: %s (%s)" % (r, self.stderr()))

    def observe(self, case):
        core = self.get_core()
        got = {
            "pc": core["pc"],
            "gpr": {i: core["r%d" % i] for i in range(1, 24)},
            "bpc": core["bpc"],
        }
        for q in ("t", "u"):
            valid = core[q + "_valid"]
            got[q + "q"] = [(bool(valid >> i & 1),
                             core["%s%d" % (q, i + 1)] if valid >> i & 1 else None)
                            for i in range(4)]
        self.mem = self.read_model_memory()
        got["mem"] = self.mem
        acr = self.get("acr")
        got["acr"] = acr
        for name in ("core_state", "thread_ptr", "global_ptr"):
            got[name] = self.get(name)
        phase = self.get("blk_phase")
        got["bundle"] = {
            "active": phase != 0, "body_active": phase == 2,
            "return_address": self.get("blk_ret_addr"),
            "commit_argument": self.get("commit_arg"),
            "last_mem_cmd_address": self.get("last_mem_addr"),
            "last_mem_cmd_size": self.get("last_mem_size"),
        }
        got["reservation"] = (bool(self.get("resv_valid")), self.get("resv_addr"),
                              self.get("resv_size"))
        got["tiles"] = (self.get("tile_local_names"), self.get("tile_shared_names"))
        trap_arg = self.get("trap_arg")
        got["traps"], got["trap_vectors"] = {}, {}
        current = acr
        for r in rings_of(case):
            if r != current:
                self.put("acr", r)
                current = r
            bank = {name: self.get(name) for name in self.BANK}
            got["trap_vectors"][r] = bank["evbase"]
            got["traps"][r] = {
                "argument_valid": bool(bank["trapno"] & TRAPNO_ARG_VALID),
                "cause": bank["trapno"] >> 24 & 0xffffff,
                "number": bank["trapno"] & 0x3f,
                "argument0": bank["traparg0"],
                "context_valid": bool(bank["ebarg0"] & EBARG0_VALID),
                "source_acr": bank["ebarg0"] & 0xf,
                "saved_tpc": bank["ebarg_tpc"],
            }
        if current != acr:
            self.put("acr", acr)
        got["trap"] = None
        if trap_arg != TRAP_ARG_SENTINEL:
            # the ring the trap went to is the ring the core is in now
            t = got["traps"].get(acr)
            got["trap"] = (acr, t["number"], t["cause"], t["argument0"],
                           t["saved_tpc"], t["source_acr"]) if t else (acr,)
        return got


def compare(exp, got):
    """The names of the fields that differ."""
    diff = []
    for key in ("pc", "acr", "bpc", "core_state", "thread_ptr", "global_ptr",
                "tq", "uq", "reservation", "trap", "tiles"):
        if exp[key] != got[key]:
            diff.append(key)
    for r, v in sorted(exp["gpr"].items()):
        if got["gpr"][r] != v:
            diff.append("r%d" % r)
    if exp["mem"] != got["mem"] and any(
            got["mem"][a] != b and exp["mem_either"].get(a) != got["mem"][a]
            for a, b in enumerate(exp["mem"])):
        diff.append("mem")
    for k, v in exp["bundle"].items():
        if got["bundle"][k] != v:
            diff.append("bundle." + k)
    for r, v in exp["trap_vectors"].items():
        if got["trap_vectors"][r] != v:
            diff.append("evbase%d" % r)
    for r, bank in exp["traps"].items():
        for k, v in bank.items():
            if got["traps"][r][k] != v:
                diff.append("trap%d.%s" % (r, k))
    return diff


def describe(exp, got, fields):
    """One line per differing field: expected, then what the emulator has."""
    out = []
    for f in fields:
        if f == "mem":
            bad = [i for i in range(MODEL_MEMORY) if exp["mem"][i] != got["mem"][i]]
            out.append("mem: %d bytes differ, first at 0x%x: expected %02x, got %02x"
                       % (len(bad), bad[0], exp["mem"][bad[0]], got["mem"][bad[0]]))
            continue
        if f.startswith("r") and f[1:].isdigit():
            e, g = exp["gpr"][int(f[1:])], got["gpr"][int(f[1:])]
        elif f.startswith("bundle."):
            e, g = exp["bundle"][f[7:]], got["bundle"][f[7:]]
        elif f.startswith("evbase"):
            e, g = exp["trap_vectors"][int(f[6:])], got["trap_vectors"][int(f[6:])]
        elif f.startswith("trap") and "." in f:
            r, k = f[4:].split(".")
            e, g = exp["traps"][int(r)][k], got["traps"][int(r)][k]
        else:
            e, g = exp[f], got[f]
        fmt = lambda x: hex(x) if isinstance(x, int) and not isinstance(x, bool) else repr(x)
        if isinstance(e, tuple) or isinstance(g, tuple):
            fmt = lambda x: "(" + ", ".join(hex(y) if isinstance(y, int) and not isinstance(y, bool)
                                             else repr(y) for y in x) + ")" if x else repr(x)
        out.append("%s: expected %s, got %s" % (f, fmt(e), fmt(g)))
    return out


# ---------------------------------------------------------------------------
# The expected-deviations list


class Expected:
    """tests/conformance/expected-deviations.txt: sections headed
    `[category] reason`, then one `VECTOR-ID field field ...` per line."""

    CATEGORIES = ("deviation", "known-bug", "not-expressible")

    def __init__(self, path):
        self.entries = {}           # id -> (fields, category, reason)
        category = reason = None
        with open(path) as f:
            for n, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                if line.startswith("["):
                    cat, _, reason = line[1:].partition("]")
                    if cat not in self.CATEGORIES or not reason.strip():
                        raise Failure("%s:%d: a section is `[%s] reason`"
                                      % (path, n, "|".join(self.CATEGORIES)))
                    category, reason = cat, reason.strip()
                    continue
                if category is None:
                    raise Failure("%s:%d: an entry before any section" % (path, n))
                words = line.split()
                if "#" not in words[0] or len(words) < 2:
                    raise Failure("%s:%d: expected `VECTOR-ID field ...`" % (path, n))
                if words[0] in self.entries:
                    raise Failure("%s:%d: %s listed twice" % (path, n, words[0]))
                self.entries[words[0]] = (sorted(words[1:]), category, reason)


# ---------------------------------------------------------------------------


def results_markdown(table, expected):
    """The results block of docs/conformance.md: the table per family, then
    every listed disagreement under its reason, by AVS test and step."""
    out = ["<!-- conformance-results: tests/conformance/run-conformance.py --markdown -->",
           "",
           "| family | standalone | agree | chains | agree | deviation | known bug "
           "| not expressible |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    total = collections.Counter()
    cols = ("standalone", "standalone agree", "chain", "chain agree", "deviation",
            "known-bug", "not-expressible")
    for f, t in list(table.items()) + [("all", total)]:
        if f != "all":
            total.update(t)
        out.append("| %s | %s |" % (f, " | ".join(str(t[c]) for c in cols)))
    sections = collections.OrderedDict()
    for vid, (fields, category, reason) in expected.entries.items():
        sections.setdefault((category, reason), []).append(vid)
    for (category, reason), ids in sections.items():
        out += ["", "**%s** (%d): %s" % (category, len(ids), reason), ""]
        tests = collections.OrderedDict()
        for vid in ids:
            test, step = vid.rsplit("#", 1)
            tests.setdefault(test, []).append(int(step))
        out.append("; ".join("`%s` #%s" % (t, ", #".join(map(str, sorted(s))))
                             for t, s in tests.items()))
    out += ["", "<!-- /conformance-results -->", ""]
    return "\n".join(out)


def replay(qemu, cases, tmp, timeout, verbose, results):
    m = Machine(qemu, tmp, timeout)
    try:
        for case in cases:
            try:
                image, outside = memory_image(case.start["pre"], case.steps)
                exp = expected_state(case, image)
                why = m.setup(case, image, outside)
            except (KeyError, ValueError, TypeError, AttributeError, IndexError) as e:
                raise Failure("%s: malformed vector (%s: %s)" % (case.id, type(e).__name__, e))
            if why:
                results[case.id] = (["setup"], [why])
                continue
            m.run(case)
            got = m.observe(case)
            diff = compare(exp, got)
            results[case.id] = (diff, describe(exp, got, diff) if diff else [])
            if verbose:
                print("%s %s %s" % ("ok  " if not diff else "DIFF", case.id, " ".join(diff)))
    finally:
        m.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--family", action="append", choices=FAMILIES)
    ap.add_argument("-k", dest="match", help="only cases whose id contains this")
    ap.add_argument("--jobs", type=int, default=2, help="QEMU processes (default 2)")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--expected", default=EXPECTED)
    ap.add_argument("--vectors", default=VECTOR_DIR, help="the vectors' directory")
    ap.add_argument("--markdown", action="store_true",
                    help="print the results block of docs/conformance.md (full runs)")
    ap.add_argument("--doc", help="fail unless this file holds the results block")
    ap.add_argument("--list-disagreements", action="store_true",
                    help="print every disagreement as an expected-list line")
    ap.add_argument("-v", "--verbose", action="count", default=0)
    o = ap.parse_args()

    qemu = os.path.join(o.build, "qemu-system-tile")
    if not os.access(qemu, os.X_OK):
        print("skipped: %s not built" % qemu)
        return 77
    try:
        vectors = load_vectors(o.vectors)
        cases = select_cases(vectors)
        expected = Expected(o.expected)
    except (OSError, ValueError, KeyError, TypeError, Failure) as e:
        print("run-conformance: %s" % e, file=sys.stderr)
        return 1
    selected = [c for c in cases if (not o.family or c.family in o.family) and
                (not o.match or o.match in c.id)]
    if not selected:
        print("run-conformance: no case selected", file=sys.stderr)
        return 1

    results = {}
    jobs = max(1, min(o.jobs, len(selected)))
    with tempfile.TemporaryDirectory(prefix="tile-conformance-") as tmp:
        errors = []

        def worker(part):
            try:
                replay(qemu, part, tmp, o.timeout, o.verbose, results)
            except (gdb.RSPError, OSError, Failure) as e:
                errors.append(str(e))

        threads = [threading.Thread(target=worker, args=(selected[i::jobs],))
                   for i in range(jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if errors:
            for e in errors:
                print("run-conformance: %s" % e, file=sys.stderr)
            return 1

    passed = failed = 0
    table = collections.OrderedDict((f, collections.Counter()) for f in FAMILIES)
    for case in selected:
        diff, detail = results[case.id]
        listed = expected.entries.get(case.id)
        t = table[case.family]
        t[case.kind] += 1
        if not diff and not listed:
            t[case.kind + " agree"] += 1
            passed += 1
        elif diff and listed and sorted(diff) == listed[0]:
            t[listed[1]] += 1
            passed += 1
        elif not diff:
            failed += 1
            print("FAIL %s agrees now but is listed (%s: %s); remove it from %s"
                  % (case.id, listed[1], listed[2], os.path.basename(o.expected)))
        else:
            failed += 1
            print("FAIL %s (%s, %s): %s" % (case.id, case.family, case.last["mnemonic"],
                                            " ".join(diff)))
            if listed:
                print("     listed with other fields: %s" % " ".join(listed[0]))
            for line in detail:
                print("     " + line)
        if o.list_disagreements and diff:
            print("%s %s" % (case.id, " ".join(sorted(diff))), file=sys.stderr)
    missing = [i for i in expected.entries if i not in results]
    full = not o.family and not o.match
    if full:
        for i in missing:
            failed += 1
            print("FAIL %s is listed in %s but is no replayed case"
                  % (i, os.path.basename(o.expected)))

    if full:
        block = results_markdown(table, expected)
        if o.markdown:
            print(block, end="")
        if o.doc:
            try:
                with open(o.doc) as f:
                    doc = f.read()
            except OSError as e:
                print("run-conformance: %s" % e, file=sys.stderr)
                return 1
            if block not in doc:
                failed += 1
                print("FAIL %s does not hold this run's results (between the "
                      "conformance-results markers); regenerate them with --markdown"
                      % o.doc)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
