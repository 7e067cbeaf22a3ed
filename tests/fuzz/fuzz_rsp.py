# SPDX-License-Identifier: GPL-2.0-or-later
"""Remote-protocol packets against the gdbstub of qemu-system-tile.

A session starts QEMU stopped (-S) with a gdbstub on a free port and a
guest that loops forever, then sends packets: every command the stub
knows (registers, memory, breakpoints and watchpoints, threads, qXfer,
monitor commands, vCont, step and continue, detach) with interesting
numbers (0, the int boundaries, past 64 bits, not hex), payloads of the
wrong length or not hex, bad framing (checksums, escapes, run-length
marks, packets past the stub's buffer, no end), interrupts and noise.
After a packet that asks for an answer the stub must answer; every few
packets, and whenever it stays silent, it must answer `?`.  A QEMU that
dies of a signal is a crash; a QEMU that ends cleanly (k, vKill, a memory
write to the exit device) starts a new session; a stub that stops
answering is a hang; a packet that was owed an answer and got none, from
a stub that still serves, is a failure too ("silent": a debugger waits
for that answer forever).  Every byte sent in a session is kept, one packet per
line (hex), and a failure saves that log: `fuzz.py --replay-rsp LOG`
plays it against a fresh QEMU."""

import os
import random
import socket
import time

import fuzz_lib

FIRMWARE = """    .text
    .globl _start
_start:
    hl.liu 0x8000, ->a0
loop:
    addi a1, 1, ->a1
    sdi a1, [a0, 0]
    j loop
"""

NUMBERS = ("0", "1", "5", "18", "19", "23", "24", "ff", "7fffffff", "80000000", "f0000000",
           "ffffff00", "ffffffff", "100000005", "7fffffffffffffff", "8000000000000000",
           "ffffffffffffffff", "1" + "0" * 16, "f" * 40, "-1", "zz", "", " 5", "0x10", "1e")
ADDRESSES = ("0", "8000", "1000", "fffffff8", "ffffffc", "10000000", "10000005", "10020000",
             "10020300", "20000000", "7000000000", "ffffffffffffffff", "fffffffffffffff8",
             "8000000000000000", "-8", "zz", "")
LENGTHS = ("0", "1", "2", "4", "8", "10", "100", "1000", "ffff", "10000", "ffffffff",
           "100000000", "ffffffffffffffff", "-1", "zz", "")
MONITOR = ("info registers", "info tile", "info status", "info mtree", "x /4x 0", "xp /2g 0x8000",
           "info cpus", "help info", "nonsense", "stop", "info registers -a")


def checksum(data):
    return b"%02x" % (sum(data) & 0xff)


def escape(data):
    """The binary escape of X packets: '#', '$', '}' and '*' as '}' and
    the byte XOR 0x20."""
    out = bytearray()
    for b in data:
        out += bytes((0x7d, b ^ 0x20)) if b in b"#$}*" else bytes((b,))
    return bytes(out)


def frame(payload):
    return b"$" + payload + b"#" + checksum(payload)


class Generator:
    def __init__(self, rng):
        self.rng = rng

    def hexdata(self, nbytes):
        rng = self.rng
        h = bytes(rng.getrandbits(8) for _ in range(nbytes)).hex()
        k = rng.random()
        if k < 0.1:
            return h[:-1]                           # odd length
        if k < 0.2 and h:                           # not hex (but no framing byte)
            i = rng.randrange(len(h))
            return h[:i] + rng.choice("xz-:; ,=") + h[i + 1:]
        return h

    def payload(self):
        """(payload, kind): kind "answer" (the stub must reply), "run" (it
        runs the guest until interrupted) or "quiet" (maybe no reply)."""
        rng, n = self.rng, NUMBERS
        c = rng.random()
        if c < 0.25:
            k = rng.randrange(6)
            if k == 0:
                return "p" + rng.choice(n), "answer"
            if k == 1:
                return "P%s=%s" % (rng.choice(n), self.hexdata(rng.choice((0, 1, 4, 7, 8, 9, 64)))), "answer"
            if k == 2:
                return "g", "answer"
            if k == 3:
                return "G" + self.hexdata(rng.choice((0, 1, 8, 100, 288, 300, 1000))), "answer"
            if k == 4:
                return "P%s" % rng.choice(n), "answer"
            return "p%x" % rng.randrange(0, 300), "answer"
        if c < 0.45:
            a, l = rng.choice(ADDRESSES), rng.choice(LENGTHS)
            k = rng.randrange(4)
            if k == 0:
                return "m%s,%s" % (a, l), "answer"
            if k == 1:
                return "M%s,%s:%s" % (a, l, self.hexdata(rng.choice((0, 1, 4, 8, 64)))), "answer"
            if k == 2:
                data = bytes(rng.getrandbits(8) for _ in range(rng.choice((0, 1, 8, 40))))
                return ("X%s,%s:" % (a, l)).encode() + escape(data), "answer"
            return "m%s" % a, "answer"
        if c < 0.58:
            kind = rng.choice("0123456789")
            return "%s%s,%s,%s" % (rng.choice("Zz"), kind, rng.choice(ADDRESSES),
                                   rng.choice(LENGTHS)), "answer"
        if c < 0.70:
            t = rng.choice(("0", "-1", "1", "2", "99", "p1.1", "p1.-1", "p2.1", "zz", "", "p",
                            "ffffffff"))
            return rng.choice(("Hg", "Hc", "T", "qThreadExtraInfo,", "Hs")) + t, "answer"
        if c < 0.78:
            return rng.choice(("qC", "qfThreadInfo", "qsThreadInfo", "qAttached", "qOffsets",
                               "qSymbol::", "qTStatus", "vCont?", "vMustReplyEmpty", "?",
                               "qSupported:swbreak+;hwbreak+;xmlRegisters=tile",
                               "qSupported:" + "A" * rng.randrange(2000),
                               "qqemu.sstepbits", "qqemu.sstep", "Qqemu.sstep=%s" % rng.choice(n),
                               "qqemu.PhyMemMode", "Qqemu.PhyMemMode:%s" % rng.choice(n),
                               "qRcmd,", "qGDBServerVersion", "qHostInfo", "vFile:open:0,0,0",
                               "qL1200000000000000000", "qP0000001f0000000000007fff")), "answer"
        if c < 0.84:
            annex = rng.choice(("target.xml", "tile-core.xml", "tile-pe.xml", "tile-sys.xml",
                                "tile-block.xml", "nope.xml", "", "../../etc/passwd",
                                "target.xml" * 30))
            return "qXfer:features:read:%s:%s,%s" % (annex, rng.choice(LENGTHS),
                                                     rng.choice(LENGTHS)), "answer"
        if c < 0.88:
            cmd = rng.choice(MONITOR).encode()
            h = cmd.hex() if rng.random() < 0.8 else self.hexdata(rng.randrange(1, 40))
            return "qRcmd," + h, "answer"
        if c < 0.94:
            return rng.choice(("c", "s", "s8000", "c%s" % rng.choice(ADDRESSES), "vCont;c",
                               "vCont;s:1", "vCont;s", "vCont;c:%s" % rng.choice(NUMBERS),
                               "vCont;t", "vCont;s:1;c", "C05", "S05", "vCont;C05:1")), "run"
        if c < 0.97:
            return rng.choice(("vCont;%s" % rng.choice(("x", "", ";", "c:", "s:zz")),
                               "v" + "x" * rng.randrange(50), "q" + "Z" * rng.randrange(300),
                               "Q", "", "b", "B0,0", "d", "r", "t0:0,0", "i", "!",
                               "vAttach;1", "vAttach;zz", "qTfV", "QTinit",
                               "QNonStop:1", "QNonStop:zz")), "answer"
        return rng.choice(("D", "D;1", "k", "vKill;1", "vKill;zz", "QStartNoAckMode")), "quiet"

    def packet(self):
        """(bytes to send, kind)."""
        rng = self.rng
        p, kind = self.payload()
        if isinstance(p, str):
            p = p.encode()
        k = rng.random()
        if k < 0.85:
            return frame(p), kind
        if k < 0.89:
            return b"$" + p + b"#" + rng.choice((b"00", b"zz", b"0", b"")), "quiet"
        if k < 0.92:
            return b"$" + p, "quiet"                        # no end
        if k < 0.94:
            return frame(p + b"}"), "quiet"                 # escape with nothing after
        if k < 0.96:
            return frame(p + b"*" + bytes([rng.randrange(29, 127)])), "quiet"
        if k < 0.98:
            return frame(b"m0," + b"1" * rng.randrange(4090, 5000)), "quiet"
        return rng.choice((b"\x03", b"+", b"-", b"$$$$", b"#00",
                           bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 300))))), "quiet"


class Rsp:
    """A raw connection: send bytes, read packets (acking them)."""

    def __init__(self, port, timeout):
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        self.buf = b""

    def send(self, data):
        self.sock.sendall(data)

    def read_packet(self, timeout):
        """The next packet's payload, or None when none comes in time."""
        deadline = time.monotonic() + timeout
        while True:
            start = self.buf.find(b"$")
            if start >= 0:
                end = self.buf.find(b"#", start)
                if end >= 0 and len(self.buf) >= end + 3:
                    body = self.buf[start + 1:end]
                    self.buf = self.buf[end + 3:]
                    self.sock.sendall(b"+")
                    return body
            else:
                self.buf = b""
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                return None
            if not chunk:
                raise ConnectionError("closed")
            self.buf += chunk

    def drain(self, wait):
        time.sleep(wait)
        self.sock.setblocking(False)
        try:
            while self.sock.recv(65536):
                pass
        except (BlockingIOError, OSError):
            pass
        self.sock.setblocking(True)
        self.buf = b""

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Session:
    def __init__(self, o, runner, fw, smp):
        self.o, self.runner = o, runner
        self.port = free_port()
        self.args = ["-S", "-no-reboot", "-serial", "null", "-smp", str(smp),
                     "-gdb", "tcp:127.0.0.1:%d" % self.port, "-kernel", fw]
        self.p = runner.start(self.args)
        self.log = []
        try:
            self.c = Rsp(self.port, 20)
        except OSError:
            self.c = None

    def send(self, data):
        self.log.append(data)
        if self.c is None:
            raise ConnectionError("not connected")
        self.c.send(data)

    def alive(self):
        """Does the stub answer `?` (after an interrupt, in case the guest
        runs)?  Three tries, resynchronizing the framing first.  An error
        means D detached every process: a new connection attaches again."""
        for attempt in range(3):
            try:
                if self.c is None:
                    self.c = Rsp(self.port, 5)
                self.send(b"\x03")
                self.c.drain(0.05)
                # "#00" twice ends a packet left open, even one in an escape
                self.send(b"#00#00" + frame(b"?"))
                while True:
                    r = self.c.read_packet(min(2.0, self.o.rsp_timeout) if attempt == 0
                                           else self.o.rsp_timeout)
                    if r is None:
                        break
                    if r[:1] in (b"S", b"T", b"W", b"X"):
                        return True
                    if r[:1] == b"E":
                        self.c.close()
                        self.c = None
                        break
            except (OSError, ConnectionError):
                if self.c:
                    self.c.close()
                self.c = None
                if self.p.poll() is not None:
                    return False
        return False

    def end(self):
        """How the session ended: an Outcome."""
        rc = self.p.poll()
        if rc is None:
            return self.runner.finish(self.p, timeout=0.0)
        return fuzz_lib.classify_exit(rc, fuzz_lib.Runner._stderr(self.p))

    def close(self):
        if self.c:
            self.c.close()
        fuzz_lib.Runner.kill(self.p)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def play(o, s, data, kind):
    """Send one packet; None when all is well, else what went wrong."""
    try:
        s.send(data)
        if kind == "answer":
            while True:
                r = s.c.read_packet(o.rsp_timeout)
                if r is None:
                    return "no answer to the packet"
                if not (r.startswith(b"O") and r != b"OK"):
                    return None
        if kind == "run":
            time.sleep(0.001 * (len(s.log) % 16))
            s.send(b"\x03")
        s.c.drain(0.001)
    except (OSError, ConnectionError) as e:
        return "connection: %s" % e
    return None


def save(o, tally, s, tag, out):
    log = "".join(d.hex() + "\n" for d in s.log).encode()
    d = fuzz_lib.save_repro(o.outdir, tally.name, tag, {"packets.txt": log},
                            ["python3", os.path.join(fuzz_lib.HERE, "fuzz.py"), "--qemu", o.qemu,
                             "--tile-as", o.tile_as, "--replay-rsp", "packets.txt",
                             "--smp", str(s.args[s.args.index("-smp") + 1])],
                            out, "replays the session's packets against a fresh QEMU")
    tally.failures.append(d)
    if o.verbose:
        print("  %s: %s -> %s" % (tally.name, out.describe(), d))


def firmware(o, tmp):
    src = os.path.join(tmp, "loop.s")
    elf = os.path.join(tmp, "loop.elf")
    with open(src, "w") as f:
        f.write(FIRMWARE)
    import subprocess
    subprocess.run([o.tile_as, "-o", elf, src], check=True)
    return elf


def run_session(o, tally, runner, fw, gen, rng, budget, tag):
    """One session of up to @budget packets; returns the number sent."""
    s = Session(o, runner, fw, rng.choice((1, 1, 2)))
    sent = 0
    try:
        if s.c is None:
            out = s.end()
            tally.count(out)
            if out.failed:
                save(o, tally, s, tag, out)
            return 1
        while sent < budget:
            data, kind = gen.packet()
            sent += 1
            problem = play(o, s, data, kind)
            if problem is None and sent % 16 and kind != "quiet":
                continue
            if problem is None and s.alive():
                continue
            if s.p.poll() is None and s.alive():
                if problem and problem.startswith("no answer"):
                    # the stub serves, but this packet was owed an answer
                    out = fuzz_lib.Outcome("silent", None, "", "no answer to %r" % data[:100])
                    tally.count(out)
                    save(o, tally, s, "%s-packet%d" % (tag, sent), out)
                continue
            out = s.end()
            if out.kind in ("ok", "error"):
                if s.p.poll() is not None:   # QEMU ended cleanly (k, vKill, exit device)
                    tally.count(out)
                    return sent
                out = fuzz_lib.Outcome("hang", None, out.stderr,
                                       "the stub stopped answering (%s)" % (problem or "no answer to ?"))
            elif out.kind == "guest-loop":
                out = fuzz_lib.Outcome("hang", None, out.stderr,
                                       "QEMU runs but the stub stopped answering (%s)"
                                       % (problem or "no answer to ?"))
            tally.count(out)
            save(o, tally, s, tag, out)
            return sent
        tally.count(fuzz_lib.Outcome("ok"))
        return sent
    finally:
        s.close()


def fuzz(o, tally, count, seed, deadline):
    rng = random.Random(seed)
    gen = Generator(rng)
    tmp = fuzz_lib.fresh_dir(os.path.join(o.workdir, tally.name))
    runner = fuzz_lib.Runner(o.qemu, tmp, probe_timeout=o.probe_timeout)
    fw = firmware(o, tmp)
    n = 0
    while tally.tried < count and not deadline():
        tally.tried += run_session(o, tally, runner, fw, gen, rng,
                                   min(o.rsp_session, count - tally.tried),
                                   "seed%d-session%d" % (seed, n))
        n += 1


def replay(o, log_path, smp):
    """Play a saved session; prints how it ends, returns 1 on a failure."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="tile-rsp-replay-") as tmp:
        runner = fuzz_lib.Runner(o.qemu, tmp, probe_timeout=o.probe_timeout)
        fw = firmware(o, tmp)
        s = Session(o, runner, fw, smp)
        try:
            with open(log_path) as f:
                packets = [bytes.fromhex(l.strip()) for l in f if l.strip()]
            for data in packets:
                try:
                    s.send(data)
                    s.c.drain(0.002)
                except OSError:
                    break
            ok = s.p.poll() is None and s.alive()
            out = s.end() if not ok else fuzz_lib.Outcome("ok")
            print("replayed %d packets: %s" % (len(packets), out.describe()))
            return 1 if out.failed or not ok and s.p.poll() is None else 0
        finally:
            s.close()
