# SPDX-License-Identifier: GPL-2.0-or-later
"""Migration streams, mutated, loaded with -incoming.

The stream comes from the firmware of tests/qemu/snapshot-test.py: live
Local tiles, a predicate tile and a Shared register, saved while the guest
waits for a byte on the UART.  A mutant is loaded into a fresh QEMU; it
must either be refused (QEMU ends with an error) or load and run on (the
guest gets its byte and ends, passing, failing or looping), never crash.

Two kinds of mutant:
  structural  the stream cut short at set places, its magic or version
              changed, a section name misspelt; the loader's own checks
              refuse these (a cut in the JSON description QEMU appends
              after the state changes nothing), so they pass today: make
              check runs them
  random      1 to 4 bytes changed anywhere, mostly in the device sections
              after the RAM pages (make fuzz)
A stream is loaded from a file (-incoming file:...)."""

import os
import random
import socket
import subprocess
import sys
import time

import fuzz_lib

# sections whose names the structural mutants misspell
SECTION_NAMES = (b"tile-core", b"cpu", b"serial", b"timer", b"ram")


def snapshot_test():
    """tests/qemu/snapshot-test.py as a module (it imports its neighbours)."""
    qemu_tests = os.path.join(fuzz_lib.ROOT, "tests", "qemu")
    if qemu_tests not in sys.path:
        sys.path.insert(0, qemu_tests)
    sys.path.insert(0, os.path.join(fuzz_lib.ROOT, "tests"))
    import testutil
    return testutil.load_module("tests/qemu/snapshot-test.py", "snapshot_test")


def connect(path, timeout, proc=None):
    """A unix-socket connection to @path, retried until @timeout or until
    @proc (the QEMU serving it) has ended."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            s = socket.socket(socket.AF_UNIX)
            s.connect(path)
            s.settimeout(timeout)
            return s
        except OSError:
            s.close()
            if time.monotonic() > deadline or proc is not None and proc.poll() is not None:
                raise
            time.sleep(0.01)


class Monitor:
    """HMP over a unix socket (one client at a time: close it before
    fuzz_lib.Runner probes)."""

    def __init__(self, path, timeout, proc=None):
        self.s = connect(path, timeout, proc)
        self.read()

    def read(self):
        data = b""
        while not data.endswith(b"(qemu) "):
            chunk = self.s.recv(4096)
            if not chunk:
                raise OSError("monitor closed")
            data += chunk
        return data.decode(errors="replace")

    def cmd(self, line):
        self.s.sendall(line.encode() + b"\n")
        return self.read()


def base_stream(o, tmp):
    """(firmware ELF, stream bytes) of a machine with live tiles, saved
    at the guest's 'R'."""
    st = snapshot_test()
    src = os.path.join(tmp, "snapshot-fw.s")
    elf = os.path.join(tmp, "snapshot-fw.elf")
    snap = os.path.join(tmp, "base.stream")
    with open(src, "w") as f:
        f.write(st.firmware())
    subprocess.run([o.tile_as, "-o", elf, src], check=True)
    m = st.Machine(o.qemu, elf, tmp, "base", ["-S", "-m", o.migration_ram])
    try:
        m.hmp("cont")
        if not m.serial_until(b"R\n"):
            raise RuntimeError("the snapshot firmware did not reach 'R'")
        m.hmp("stop")
        m.hmp('migrate "exec:cat > %s"' % snap)
        for _ in range(400):
            status = m.hmp("info migrate")
            if "completed" in status:
                break
            if "failed" in status:
                raise RuntimeError("migration to a file failed: %s" % status)
            time.sleep(0.05)
        m.hmp("quit")
    finally:
        m.finish()
    with open(snap, "rb") as f:
        return elf, f.read()


def device_part(stream):
    """[start, end): the device sections, after the RAM pages and before
    the JSON description QEMU appends (which loading skips)."""
    end = stream.find(b'{"configuration"')
    end = end if end > 0 else len(stream)
    start = stream.find(b"\x03cpu")
    start = max(0, start - 16) if 0 <= start < end else end // 2
    return start, end


def structural_mutants(stream):
    """[(name, bytes)]: the checks the loader makes, each mutant once."""
    n = device_part(stream)[1]
    out = [("unchanged", stream)]
    # (not an empty stream: QEMU then waits in "inmigrate" for data that
    # never comes, its monitor still serving)
    for frac in (1, 4, 8, 16):
        out.append(("cut at %d" % frac, stream[:frac]))
    for frac in (0.25, 0.5, 0.9, 0.99):
        out.append(("cut at %d%%" % int(frac * 100), stream[:int(n * frac)]))
    out.append(("cut before the last byte", stream[:-1]))
    out.append(("magic", b"X" + stream[1:]))
    out.append(("version", stream[:7] + bytes([stream[7] ^ 0x40]) + stream[8:]))
    for name in SECTION_NAMES:
        i = stream.find(bytes([len(name)]) + name)      # the length-prefixed idstr
        if 0 <= i < n:
            out.append(("section name %s misspelt" % name.decode(),
                        stream[:i + 1] + b"?" + stream[i + 2:]))
    return out


def random_mutant(rng, stream, dev):
    data = bytearray(stream)
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3, 4))):
        if rng.random() < 0.8:
            i = rng.randrange(*dev)
        else:
            i = rng.randrange(dev[1])
        k = rng.random()
        if k < 0.4:
            data[i] ^= 1 << rng.randrange(8)
        elif k < 0.7:
            data[i] = rng.choice((0, 0xff, 0x7f, 0x80, 1))
        else:
            data[i] = rng.getrandbits(8)
    return bytes(data)


def load(o, runner, tmp, elf, mutant):
    """Load @mutant; run the guest on when it loads.  Returns an Outcome
    ("ok" / "error" for a clean end, "guest-loop", "crash", "hang")."""
    path = os.path.join(tmp, "mutant.stream")
    with open(path, "wb") as f:
        f.write(mutant)
    ser = os.path.join(tmp, "ser-%d.sock" % (runner.n + 1))
    p = runner.start(["-kernel", elf, "-m", o.migration_ram, "-incoming", "file:" + path,
                      "-serial", "unix:%s,server=on,wait=off" % ser])
    mon = None
    try:
        mon = Monitor(p.mon, o.migration_timeout, p)
        deadline = time.monotonic() + o.migration_timeout
        while time.monotonic() < deadline:
            if p.poll() is not None:
                break
            mig = mon.cmd("info migrate")
            if "completed" in mig or "Migration status: failed" in mig:
                break
            time.sleep(0.02)
        if p.poll() is None:
            status = mon.cmd("info status")
            if "paused" in status and "inmigrate" not in status:
                mon.cmd("cont")
                s = connect(ser, 5, p)
                s.sendall(b"g")
                s.close()
    except OSError:
        pass                        # QEMU went away meanwhile: its status tells
    if mon:
        mon.s.close()               # the probe needs the monitor
    return runner.finish(p, timeout=o.migration_timeout)


def fuzz(o, tally, count, seed, deadline, structural, then_random=False):
    """structural: the structural mutants first; then_random: random ones
    after them, up to count (the smoke runs both)."""
    rng = random.Random(seed)
    tmp = fuzz_lib.fresh_dir(os.path.join(o.workdir, tally.name))
    runner = fuzz_lib.Runner(o.qemu, tmp, probe_timeout=o.probe_timeout)
    elf, stream = base_stream(o, tmp)
    dev = device_part(stream)
    todo = structural_mutants(stream) if structural else []
    i = 0
    while tally.tried < count and not deadline():
        if structural and i < len(todo):
            name, mutant = todo[i]
        elif structural and not then_random:
            break
        else:
            name, mutant = "random %d" % i, random_mutant(rng, stream, dev)
        i += 1
        out = load(o, runner, tmp, elf, mutant)
        if name == "unchanged" and out.kind != "ok":
            out = fuzz_lib.Outcome("crash", out.rc, out.stderr,
                                   "the unchanged stream does not load and run: %s" % out.kind)
        tally.tried += 1
        tally.count(out)
        if out.failed:
            with open(elf, "rb") as f:
                fw = f.read()
            d = fuzz_lib.save_repro(
                o.outdir, tally.name, "seed%d-%d" % (seed, i), {"mutant.stream": mutant,
                                                               "snapshot-fw.elf": fw},
                [o.qemu, "-M", "virt", "-display", "none", "-m", o.migration_ram,
                 "-kernel", "snapshot-fw.elf", "-incoming", "file:mutant.stream",
                 "-monitor", "stdio"], out, "mutant: %s" % name)
            tally.failures.append(d)
            if o.verbose:
                print("  %s: %s (%s) -> %s" % (tally.name, out.describe(), name, d))
