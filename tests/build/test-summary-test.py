#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""scripts/test-summary.py, which gives `make check` its closing line and
its status, tells the truth: a missing log (a run that did not finish), a
failure, a skip or fewer test programs than the run should hold each give a
non-zero status; only a complete, clean run gives 0.

    test-summary-test.py SOURCE_ROOT
"""
import json
import os
import subprocess
import sys
import tempfile


def entry(name, result, stdout=""):
    return json.dumps({"name": name, "result": result, "stdout": stdout})


CASES = [
    # (what, log lines or None for no file, --expect, status, closing line)
    ("a clean run", [entry("a", "OK", "3 passed, 0 failed\n"),
                     entry("b", "OK", "Checks: 5, Failures: 0, Errors: 0\n"),
                     entry("c", "EXPECTEDFAIL")], 3, 0, "9 passed, 0 failed, 0 skipped"),
    ("no log: the run did not complete", None, 3, 1, None),
    ("a failing program", [entry("a", "FAIL", "2 passed, 1 failed\n")], 1, 1,
     "2 passed, 1 failed, 0 skipped"),
    ("a program that failed without saying so", [entry("a", "FAIL")], 1, 1,
     "0 passed, 1 failed, 0 skipped"),
    ("a crash after its passes", [entry("a", "ERROR", "4 passed, 0 failed\n")], 1, 1,
     "4 passed, 1 failed, 0 skipped"),
    ("a skip", [entry("a", "OK"), entry("b", "SKIP")], 2, 1, "1 passed, 0 failed, 1 skipped"),
    ("an incomplete run", [entry("a", "OK")], 2, 1, "1 passed, 0 failed, 0 skipped"),
]


def main():
    tool = os.path.join(sys.argv[1], "scripts", "test-summary.py")
    passed = failed = 0
    with tempfile.TemporaryDirectory(prefix="test-summary-") as tmp:
        for what, lines, expect, status, closing in CASES:
            log = os.path.join(tmp, "testlog.json")
            if os.path.exists(log):
                os.unlink(log)
            if lines is not None:
                with open(log, "w") as f:
                    f.write("\n".join(lines) + "\n")
            r = subprocess.run([sys.executable, tool, "--expect", str(expect), log],
                               stdout=subprocess.PIPE, universal_newlines=True)
            ok = r.returncode == status and (closing is None or closing in r.stdout)
            print("ok  " if ok else "FAIL", what, "" if ok else repr(r.stdout))
            passed += ok
            failed += not ok
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
