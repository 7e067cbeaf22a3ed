#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Print the closing 'N passed, N failed' line of a meson test run, counting
the test cases each test program reports ('N passed, N failed' lines, Check's
'Checks: N, Failures: N, Errors: N') and otherwise one per test program."""
import json
import re
import sys

passed = failed = skipped = 0
for line in open(sys.argv[1]):
    t = json.loads(line)
    out = t.get("stdout", "") or ""
    res = t["result"]
    if res == "SKIP":
        skipped += 1
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
sys.exit(1 if failed else 0)
