#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Every profile hook of the spec has an entry in docs/profile-hooks.md.

    profile-hooks-check.py SOURCE_ROOT

spec/profile-hooks.json lists the hooks of the ASL model that a profile
decides; docs/profile-hooks.md names each one in bold (**Name**) where it
says what this platform does.  Fails when a hook has no entry, or an entry
names no hook.  The last line is `N passed, N failed`.
"""

import json
import os
import re
import sys


def main():
    if len(sys.argv) != 2:
        print("usage: profile-hooks-check.py SOURCE_ROOT", file=sys.stderr)
        return 2
    root = sys.argv[1]
    try:
        with open(os.path.join(root, "spec", "profile-hooks.json")) as f:
            hooks = [h["name"] for h in json.load(f)["hooks"]]
        with open(os.path.join(root, "docs", "profile-hooks.md")) as f:
            doc = f.read()
    except (OSError, ValueError, KeyError, TypeError) as e:
        print("profile-hooks-check: %s" % e, file=sys.stderr)
        return 1
    named = set(re.findall(r"\*\*([A-Za-z0-9]+)\*\*", doc))
    passed = failed = 0
    for h in hooks:
        if h in named:
            passed += 1
        else:
            print("FAIL docs/profile-hooks.md has no entry for the hook %s" % h)
            failed += 1
    for n in sorted(named - set(hooks)):
        print("FAIL docs/profile-hooks.md names %s, which is no hook of "
              "spec/profile-hooks.json" % n)
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not hooks else 0


if __name__ == "__main__":
    sys.exit(main())
