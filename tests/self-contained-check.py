#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The repository stands on its own.

Every tracked file is read, and the check fails on:
  - a citation of a file outside the repository: a path that climbs out of
    it into a sibling folder ("../<name>/...") or the name of a design
    brief that is not in it (the design decisions live in docs/design.md);
  - an absolute path of a user's or a build machine's directories (home
    and root directories, work and scratch trees); a temporary-directory
    template in a test ("/tmp/name-XXXXXX") is fine;
  - a relative link in a Markdown file whose target does not exist.

The one allowed reference outside is .ci/run's optional use of the
fresh-machine check that CI machines provide beside the clone.

    self-contained-check.py [--self-test] SOURCE_ROOT
"""
import os
import re
import subprocess
import sys

BRIEF = "DESIGN" + ".md"                # built so this file does not match
OUTSIDE = re.compile(r"\.\./(?:\.\./)*(?!\.)[A-Za-z_][\w.-]*/")
ABSOLUTE = re.compile(r"(?<![\w.~$-])/(?:work|home/[a-z][\w.-]*|root|Users|srv|mnt|var/tmp|tmp)/[^\s'\"`)]*")
TEMPLATE = re.compile(r"/tmp/[\w.-]*XXXXXX")
MD_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
ALLOWED_OUTSIDE = {(".ci/run", "../shared/tools/")}
SKIP_DIRS = ("spec/",)                  # the spec's data, unchanged
SELF = "tests/self-contained-check.py"  # states the patterns it looks for


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if x not in (".git", "build")]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


def outside_refs(path, text):
    """(line, what) for each reference that leaves the repository."""
    bad = []
    for no, line in enumerate(text.splitlines(), 1):
        if BRIEF in line:
            bad.append((no, "cites %s (use docs/design.md)" % BRIEF))
        for m in OUTSIDE.finditer(line):
            ref = m.group(0)
            target = os.path.normpath(os.path.join(os.path.dirname(path), ref))
            if not target.startswith(".."):
                continue                # stays inside the repository
            if any(path == f and ref.startswith(p) for f, p in ALLOWED_OUTSIDE):
                continue
            bad.append((no, "points outside the repository: %s" % ref))
        for m in ABSOLUTE.finditer(line):
            if TEMPLATE.match(m.group(0)):
                continue
            bad.append((no, "absolute machine path: %s" % m.group(0)))
    return bad


def broken_links(root, path, text):
    bad = []
    for no, line in enumerate(text.splitlines(), 1):
        for m in MD_LINK.finditer(line):
            target = m.group(1)
            if re.match(r"[a-z]+:", target) or target.startswith("/"):
                continue
            full = os.path.normpath(os.path.join(root, os.path.dirname(path), target))
            if not full.startswith(os.path.abspath(root)) or not os.path.exists(full):
                bad.append((no, "broken link: %s" % target))
    return bad


def check_tree(root):
    problems = []
    for f in tracked_files(root):
        if f.startswith(SKIP_DIRS) or f == SELF:
            continue
        try:
            text = open(os.path.join(root, f), encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue                    # binary or unreadable: nothing to cite
        for no, what in outside_refs(f, text):
            problems.append("%s:%d: %s" % (f, no, what))
        if f.endswith(".md"):
            for no, what in broken_links(os.path.abspath(root), f, text):
                problems.append("%s:%d: %s" % (f, no, what))
    return problems


def self_test():
    """Each rule catches what it is for, and lets the allowed forms pass."""
    cases = [
        ("a.c", "see ../shared/spec/x.json", True),
        ("docs/a.md", "see ../../outside/x", True),
        ("docs/a.md", "see ../spec/x.json", False),
        ("a.c", "the " + BRIEF + " decision 3", True),
        ("a.py", "notes in /" + "work/notes/x.md", True),
        ("a.py", "/" + "home/user/x", True),
        ("a.py", "/" + "root/x", True),
        ("a.c", 'char dir[] = "/' + 'tmp/test-XXXXXX";', False),
        ("a.c", "/" + "tmp/fixed-name", True),
        (".ci/run", "fresh=../shared/tools/fresh-debian-check", False),
        ("b.sh", "fresh=../shared/tools/fresh-debian-check", True),
        ("a.c", "/usr/include/libfdt.h", False),
    ]
    ok = True
    for path, text, want in cases:
        got = bool(outside_refs(path, text))
        if got != want:
            print("self-test FAIL: %r in %s: flagged=%s" % (text, path, got))
            ok = False
    return ok


def main():
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        if not self_test():
            return 1
        args = args[1:]
    root = args[0] if args else "."
    problems = check_tree(root)
    for p in problems:
        print(p)
    print("%d passed, %d failed" % (0 if problems else 1, len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
