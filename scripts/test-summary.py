#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Print the closing 'N passed, N failed, N skipped' line of a meson test
run, counting the test cases each test program reports ('N passed, N
failed' lines, Check's 'Checks: N, Failures: N, Errors: N') and otherwise
one per test program.

    test-summary.py [--expect N] BUILD/meson-logs/testlog.json

Exit status 1 when any test failed or skipped (nothing in `make check` may
skip on a user's clone), when the log is missing (the run did not finish),
or when it holds fewer test programs than --expect (an incomplete run)."""
import argparse
import json
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--expect", type=int, default=0,
                    help="number of test programs the run must contain")
    ap.add_argument("log")
    args = ap.parse_args()
    try:
        lines = open(args.log).read().splitlines()
    except OSError:
        print("no test results (%s missing): the test run did not complete" % args.log)
        return 1
    passed = failed = skipped = programs = 0
    for line in lines:
        if not line.strip():
            continue
        t = json.loads(line)
        programs += 1
        out = t.get("stdout", "") or ""
        res = t["result"]
        if res == "SKIP":
            skipped += 1
            print("skipped: %s" % t.get("name", "?"))
            continue
        if res == "EXPECTEDFAIL":       # should_fail: the failure is the pass
            passed += 1
            continue
        m = re.findall(r"^(\d+) passed, (\d+) failed", out, re.M)
        c = re.findall(r"Checks: (\d+), Failures: (\d+), Errors: (\d+)", out)
        if m:
            p, f = map(int, m[-1])
        elif c:
            n, f1, e = map(int, c[-1])
            p, f = n - f1 - e, f1 + e
        else:
            p, f = (1, 0) if res == "OK" else (0, 1)
        if res != "OK" and f == 0:
            f = 1
        passed += p
        failed += f
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    if args.expect and programs < args.expect:
        print("incomplete run: %d of %d test programs reported" % (programs, args.expect))
        return 1
    return 1 if failed or skipped else 0


if __name__ == "__main__":
    sys.exit(main())
