# SPDX-License-Identifier: GPL-2.0-or-later
"""A qemu-system-tile machine driven through its monitor and UART, for the
tests under tests/qemu/ (finding the binaries and counting checks are
tests/testutil.py's)."""

import os
import socket
import subprocess
import time


class Machine:
    """qemu-system-tile on the virt machine with its HMP monitor and its
    UART on Unix sockets (name.mon, name.ser in tmp)."""

    def __init__(self, qemu, elf, tmp, name, extra=(), timeout=60):
        self.mon_path = os.path.join(tmp, name + ".mon")
        self.ser_path = os.path.join(tmp, name + ".ser")
        self.timeout = timeout
        argv = [qemu, "-M", "virt", "-display", "none", "-kernel", elf,
                "-monitor", "unix:%s,server=on,wait=off" % self.mon_path,
                "-serial", "unix:%s,server=on,wait=off" % self.ser_path] + list(extra)
        self.p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.out = b""
        self.err = ""
        self.mon = self._connect(self.mon_path)
        self.ser = self._connect(self.ser_path) if self.mon else None
        if self.mon:
            self.monitor_read()                # the banner and first prompt

    def _connect(self, path):
        deadline = time.time() + self.timeout
        while time.time() < deadline and self.p.poll() is None:
            try:
                s = socket.socket(socket.AF_UNIX)
                s.connect(path)
                s.settimeout(self.timeout)
                return s
            except OSError:
                time.sleep(0.02)
        return None

    def monitor_read(self):
        data = b""
        try:
            while not data.endswith(b"(qemu) "):
                chunk = self.mon.recv(4096)
                if not chunk:
                    break
                data += chunk
        except OSError:
            pass
        return data.decode(errors="replace")

    def hmp(self, cmd):
        try:
            self.mon.sendall(cmd.encode() + b"\n")
        except OSError:
            return ""
        return self.monitor_read()

    def wait_status(self, want, seconds=None):
        """Poll `info status` until it names want (and an incoming
        migration has ended: "paused (inmigrate)" is not "paused"); False
        if QEMU ended first."""
        deadline = time.time() + (seconds or self.timeout)
        while time.time() < deadline and self.p.poll() is None:
            status = self.hmp("info status")
            if want in status and "inmigrate" not in status:
                return True
            time.sleep(0.05)
        return False

    def migrate_to(self, path, seconds=60):
        """Migrate the machine to the file path; the last `info migrate`."""
        self.hmp('migrate "exec:cat > %s"' % path)
        status = ""
        deadline = time.time() + seconds
        while time.time() < deadline and "completed" not in status and "failed" not in status:
            status = self.hmp("info migrate")
            time.sleep(0.05)
        return status

    def _read_serial(self, text=None):
        """Collect UART output until text appears (or the UART closes)."""
        try:
            while self.ser and (text is None or text not in self.out):
                chunk = self.ser.recv(4096)
                if not chunk:
                    break
                self.out += chunk
        except OSError:
            pass

    def serial_until(self, text):
        self._read_serial(text)
        return text in self.out

    def finish(self, seconds=None):
        """Wait for QEMU to end (killing it after seconds): (status, UART)."""
        self._read_serial()
        try:
            rc = self.p.wait(timeout=seconds or self.timeout)
        except subprocess.TimeoutExpired:
            self.p.kill()
            self.p.wait()
            rc = "hung"
        self.err = self.p.stderr.read().decode(errors="replace").strip()
        return rc, self.out


def crashed(rc, err):
    """A host crash: a signal, an abort or a sanitizer report, not an exit."""
    return rc == "hung" or (isinstance(rc, int) and rc < 0) or \
        any(w in err for w in ("Aborted", "core dumped", "Segmentation", "AddressSanitizer",
                               "assertion", "Assertion"))
