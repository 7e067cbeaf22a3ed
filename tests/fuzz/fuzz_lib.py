# SPDX-License-Identifier: GPL-2.0-or-later
"""Shared parts of the fuzzers under tests/fuzz/: running qemu-system-tile
with a bound and classifying how the run ended, keeping reproducers, the
tally each fuzzer reports, and the ISA tables read from isa/*.isa.

Outcomes of one run:
  ok          the run ended by itself with status 0
  error       the run ended by itself with a non-zero status and no sign
              of a crash (an unhandled trap, a rejected image or stream)
  guest-loop  the run did not end within its bound, and QEMU stopped the
              guest when asked (the monitor's `stop` returned): the guest
              loops, the emulator does not
  crash       a host signal (SIGSEGV, SIGABRT from an assertion or a failed
              allocation, ...) or an assertion / GLib-CRITICAL message
  hang        the run did not end within its bound and the monitor did not
              answer `stop`: QEMU itself is stuck
A crash or a hang is a failure; the fuzzer keeps a reproducer for it.  Two
fuzzers add failures of their own: "untidy" (an ELF image refused with
more than one line, fuzz_elf) and "silent" (a packet the stub owed an
answer got none, fuzz_rsp)."""

import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Text that means a crash even when the status does not say so (an
# assertion caught by a handler, a sanitizer report, a GLib critical).
CRASH_TEXT = re.compile(r"assertion failed|code should not be reached|GLib-CRITICAL|"
                        r"GLib-ERROR|AddressSanitizer|runtime error:|Bail out!|"
                        r"qemu: fatal|tcg fatal error")

FAILURES = ("crash", "hang", "untidy", "silent")


class Outcome:
    def __init__(self, kind, rc=None, stderr="", detail=""):
        self.kind, self.rc, self.stderr, self.detail = kind, rc, stderr, detail

    @property
    def failed(self):
        return self.kind in FAILURES

    def describe(self):
        s = "%s (exit status %s)" % (self.kind, self.rc)
        if self.detail:
            s += ": " + self.detail
        tail = self.stderr.strip().splitlines()[-6:]
        return s + "".join("\n    stderr: " + l for l in tail)


def classify_exit(rc, stderr):
    if rc < 0:
        try:
            name = signal.Signals(-rc).name
        except ValueError:
            name = "signal %d" % -rc
        return Outcome("crash", rc, stderr, "killed by %s" % name)
    if CRASH_TEXT.search(stderr):
        return Outcome("crash", rc, stderr, "crash text on stderr")
    return Outcome("ok" if rc == 0 else "error", rc, stderr)


def _hmp_until_prompt(sock, deadline):
    data = b""
    while not data.endswith(b"(qemu) "):
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = sock.recv(4096)
        if not chunk:
            raise OSError("monitor closed")
        data += chunk
    return data


def monitor_stops(path, timeout):
    """Does the HMP monitor at unix socket @path answer `stop` within
    @timeout seconds?  (The vCPU must leave the guest code for `stop` to
    complete, so a vCPU stuck in the emulator does not.)"""
    deadline = time.monotonic() + timeout
    try:
        with socket.socket(socket.AF_UNIX) as s:
            s.settimeout(timeout)
            s.connect(path)
            _hmp_until_prompt(s, deadline)
            s.sendall(b"stop\n")
            _hmp_until_prompt(s, deadline)
        return True
    except (OSError, socket.timeout):
        return False


class Runner:
    """Runs qemu-system-tile with a unix-socket monitor under a bound."""

    def __init__(self, qemu, tmp, probe_timeout=20.0):
        self.qemu, self.tmp, self.probe_timeout = qemu, tmp, probe_timeout
        self.n = 0

    def start(self, args, stdin=subprocess.DEVNULL):
        """Start QEMU; returns (process, monitor path, stderr path)."""
        self.n += 1
        mon = os.path.join(self.tmp, "mon-%d.sock" % self.n)
        errf = os.path.join(self.tmp, "stderr-%d.txt" % self.n)
        argv = [self.qemu, "-M", "virt", "-display", "none",
                "-monitor", "unix:%s,server=on,wait=off" % mon] + list(args)
        with open(errf, "wb") as err:
            p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL,
                                 stderr=err, start_new_session=True)
        p.argv, p.mon, p.errf = argv, mon, errf
        return p

    def finish(self, p, timeout, progress=None, stall=None, grace=0.0, limit=None,
               poll=0.02):
        """Wait for @p: it ends by itself, or after @timeout seconds (or
        @stall seconds without a change of progress(), the first @grace
        seconds not counted, or once progress() passes @limit) it is probed
        and killed.  Returns an Outcome."""
        start = time.monotonic()
        last_change = start + grace
        last = progress() if progress else None
        while True:
            rc = p.poll()
            if rc is not None:
                return classify_exit(rc, self._stderr(p))
            now = time.monotonic()
            if progress:
                cur = progress()
                if cur != last:
                    last, last_change = cur, now
            if now - start > timeout or (stall and now - last_change > stall) or \
               (limit is not None and last > limit):
                break
            time.sleep(poll)
        alive = monitor_stops(p.mon, self.probe_timeout)
        rc = p.poll()
        self.kill(p)
        if rc is not None:               # it ended while being probed
            return classify_exit(rc, self._stderr(p))
        if limit is not None and last > limit:
            why = "progress past %d: the guest goes round" % limit
        elif stall and time.monotonic() - start <= timeout:
            why = "no progress for %gs" % stall
        else:
            why = "still running after %gs" % timeout
        if alive:
            return Outcome("guest-loop", None, self._stderr(p), why)
        return Outcome("hang", None, self._stderr(p),
                       why + "; the monitor did not answer `stop` within %gs" % self.probe_timeout)

    def run(self, args, timeout, **kw):
        return self.finish(self.start(args), timeout, **kw)

    @staticmethod
    def kill(p):
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                p.kill()
        p.wait()

    @staticmethod
    def _stderr(p):
        try:
            with open(p.errf, errors="replace") as f:
                return f.read()
        except OSError:
            return ""


class Tally:
    """What one fuzzer tried and found."""

    def __init__(self, name, unit):
        self.name, self.unit = name, unit
        self.tried = 0
        self.kinds = {}
        self.failures = []              # reproducer directories
        self.start = time.monotonic()
        self.wall = 0.0

    def count(self, outcome, n=1):
        self.kinds[outcome.kind] = self.kinds.get(outcome.kind, 0) + n

    @property
    def crashes(self):
        return self.kinds.get("crash", 0)

    @property
    def hangs(self):
        return self.kinds.get("hang", 0)

    def done(self):
        self.wall = time.monotonic() - self.start

    def line(self):
        other = ", ".join("%s %d" % (k, v) for k, v in sorted(self.kinds.items())
                          if k not in ("crash", "hang"))
        return ("%-10s tried %d %s, crashes %d, hangs %d, %.0f s (%s)"
                % (self.name, self.tried, self.unit, self.crashes, self.hangs,
                   self.wall, other or "-"))


def save_repro(outdir, fuzzer, tag, files, argv, outcome, note=""):
    """Keep a failure: @files ({name: bytes}) in outdir/fuzzer/tag/, the
    command (run from that directory) in repro.sh, the outcome in
    outcome.txt.  @argv may name the files by their bare names."""
    d = os.path.join(outdir, fuzzer, tag)
    os.makedirs(d, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)
    with open(os.path.join(d, "repro.sh"), "w") as f:
        f.write("#!/bin/sh\n# %s\ncd \"$(dirname \"$0\")\" || exit 1\n%s\n"
                % (note or "reproduces a %s found by tests/fuzz/" % outcome.kind,
                   " ".join(shlex.quote(a) for a in argv)))
    os.chmod(os.path.join(d, "repro.sh"), 0o755)
    with open(os.path.join(d, "outcome.txt"), "w") as f:
        f.write(outcome.describe() + "\n")
    return d


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path, exist_ok=True)
    return path


# ---- ISA tables (isa/*.isa, docs/isa-tables.md) ----

class Field:
    def __init__(self, name, sign, width, pieces):
        self.name, self.sign, self.width, self.pieces = name, sign, width, pieces

    def place(self, value):
        """The instruction bits of @value in this field."""
        bits = 0
        for lsb, width, vlsb in self.pieces:
            bits |= ((value >> vlsb) & ((1 << width) - 1)) << lsb
        return bits

    def mask(self):
        return self.place((1 << self.width) - 1)


class Form:
    def __init__(self, name):
        self.name = name
        self.mnemonic = self.cls = ""
        self.length = 0
        self.match = self.mask = 0
        self.fields = {}
        self.requires = []              # (field, "in" | "!=", [values])


def load_forms(root=ROOT):
    forms = []
    for fname in ("scalar.isa", "command.isa"):
        cur = None
        with open(os.path.join(root, "isa", fname)) as f:
            for line in f:
                w = line.split()
                if not w or w[0].startswith("#"):
                    continue
                if w[0] == "form":
                    cur = Form(w[1])
                    forms.append(cur)
                elif cur is None:
                    continue
                elif w[0] == "mnemonic":
                    cur.mnemonic = w[1]
                elif w[0] == "length":
                    cur.length = int(w[1])
                elif w[0] == "class":
                    cur.cls = w[1]
                elif w[0] == "encode":
                    cur.match, cur.mask = int(w[1], 16), int(w[2], 16)
                elif w[0] == "field":
                    pieces = []
                    for p in w[3:]:
                        lw, vlsb = p.split("@")
                        lsb, width = lw.split(":")
                        pieces.append((int(lsb), int(width), int(vlsb)))
                    cur.fields[w[1]] = Field(w[1], w[2][0], int(w[2][1:]), pieces)
                elif w[0] == "require":
                    if w[2] == "in":
                        cur.requires.append((w[1], "in", [int(v) for v in w[3].split(",")]))
                    else:
                        cur.requires.append((w[1], "!=", [int(w[3])]))
                elif w[0] == "end":
                    cur = None
    return forms


def load_tile_ops(root=ROOT):
    """[(name, engine, carrier, mode, function)] of isa/tile-ops.isa"""
    ops = []
    with open(os.path.join(root, "isa", "tile-ops.isa")) as f:
        for line in f:
            w = line.split()
            if not w or w[0] != "tileop":
                continue
            kv = dict(x.split("=", 1) for x in w[4:] if "=" in x)
            num = lambda k: int(kv[k]) if kv.get(k, "-").isdigit() else -1
            ops.append((w[1], w[2], w[3], num("mode"), num("function")))
    return ops


def parcel_length(parcel0):
    """Bytes of the instruction whose first parcel is @parcel0."""
    if parcel0 & 0xf == 0xe:
        return 6
    if parcel0 & 0xf == 0xf:
        return 8
    return 4 if parcel0 & 1 else 2
