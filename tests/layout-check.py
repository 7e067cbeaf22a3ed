#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The layout of the QEMU target (docs/architecture.md), checked.

    layout-check.py --root REPO [--qemu-build DIR]
    layout-check.py --self-test

Over target/tile, hw/tile and include/hw/tile it fails on:
  - a file of target/, hw/ or include/ over MAX_LINES lines;
  - a circle of #include "..." lines;
  - a target/ file that includes a header of hw/ other than the one
    interface to the tile-core device (include/hw/tile/tile_state.h) and
    the QEMU CPU headers every target uses (QEMU_HW_HEADERS);
  - a dependency against the layering: numeric/ depends on nothing else;
    an engine (tile/tlsu, tile/cube, tile/vec, tile/sfu) only on
    tile/op.h, tile/engines.h, numeric/, its own folder, the top-level
    headers and the tile-core interface; tile/op.* on no engine and not
    on the commit; only tile/commit.c reaches the engines.
With --qemu-build (the QEMU build directory) it checks the same rules on
calls: which object file of target/tile and hw/tile uses a symbol another
one defines (nm), so a circle of calls between files fails too.  When
that directory holds no build the call check is reported as skipped
(exit 77) after the include checks pass.  --self-test runs the checks on
small trees with one fault each and fails unless every fault is found.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

MAX_LINES = 1200
SCAN_DIRS = ["target/tile", "hw/tile", "include/hw/tile"]
SIZE_DIRS = ["target", "hw", "include"]
SOURCE_EXT = (".c", ".h", ".c.inc")
INTERFACE = "include/hw/tile/tile_state.h"
ENGINES = ("tlsu", "cube", "vec", "sfu")
# QEMU's own CPU headers (not devices) that a target includes.
QEMU_HW_HEADERS = {
    "hw/core/cpu.h",
    "hw/core/sysemu-cpu-ops.h",
    "hw/qdev-properties.h",
    "hw/registerfields.h",
}
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def source_files(root):
    out = []
    for d in SCAN_DIRS:
        base = os.path.join(root, d)
        for dirpath, _, names in os.walk(base):
            for n in names:
                if n.endswith(SOURCE_EXT):
                    out.append(os.path.relpath(os.path.join(dirpath, n), root))
    return sorted(out)


def check_sizes(root):
    errors = []
    for d in SIZE_DIRS:
        for dirpath, _, names in os.walk(os.path.join(root, d)):
            for n in names:
                path = os.path.join(dirpath, n)
                try:
                    with open(path, encoding="utf-8") as f:
                        lines = sum(1 for _ in f)
                except (UnicodeDecodeError, OSError):
                    continue
                if lines > MAX_LINES:
                    errors.append("%s: %d lines (at most %d)"
                                  % (os.path.relpath(path, root), lines, MAX_LINES))
    return errors


def search_path(rel):
    """Where the build looks for a quoted include of file rel."""
    own = os.path.dirname(rel)
    if rel.startswith("target/"):
        return [own, "target/tile", "include"]
    return [own, "include", "target/tile"]


def resolve(root, rel, name):
    for d in search_path(rel):
        cand = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(root, cand)):
            return cand
    return None


def kind(path):
    """The layer a repository file belongs to."""
    if path.startswith(("hw/", "include/hw/")):
        return ("hw",)
    if not path.startswith("target/tile/"):
        return ("other",)
    p = path[len("target/tile/"):]
    if p.startswith("numeric/"):
        return ("numeric",)
    if p.startswith("tcg/"):
        return ("tcg",)
    if p.startswith("tile/"):
        rest = p[len("tile/"):]
        if "/" in rest:
            return ("engine", rest.split("/")[0])
        stem = rest.split(".")[0]
        if stem in ("op", "commit", "engines"):
            return (stem,)
        return ("tile",)
    return ("top",)


def layering_error(a, b, is_call):
    """Why the dependency a -> b breaks the layering, or None."""
    ka, kb = kind(a), kind(b)
    if a == b:
        return None
    if ka[0] != "hw" and kb[0] == "hw" and not is_call and b != INTERFACE:
        return "target/ includes hw/ header %s (only %s)" % (b, INTERFACE)
    if ka[0] == "numeric" and kb[0] != "numeric":
        return "numeric/ depends on %s" % b
    if ka[0] == "engine":
        if kb[0] == "engine" and kb != ka:
            return "engine %s depends on engine %s" % (ka[1], kb[1])
        if kb[0] in ("commit", "tcg", "tile"):
            return "engine %s depends on %s" % (ka[1], b)
        if kb[0] == "top" and not b.endswith(".h"):
            return "engine %s depends on %s" % (ka[1], b)
    if ka[0] == "op" and kb[0] in ("commit", "engines", "engine"):
        return "tile/op depends on %s" % b
    if ka[0] not in ("commit", "engine") and kb[0] in ("engines", "engine"):
        return "%s reaches an engine (%s); only tile/commit.c does" % (a, b)
    return None


def cycles(graph):
    """Strongly connected components with more than one node (Tarjan)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def check_includes(root):
    errors = []
    graph = {}
    for rel in source_files(root):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            text = f.read()
        graph.setdefault(rel, set())
        for name in INCLUDE_RE.findall(text):
            dst = resolve(root, rel, name)
            if dst is None:
                # QEMU's headers, generated files, the ISA library
                if rel.startswith("target/") and name.startswith("hw/") \
                        and name not in QEMU_HW_HEADERS:
                    errors.append("%s: includes %s (only %s)" % (rel, name, INTERFACE))
                continue
            graph[rel].add(dst)
            why = layering_error(rel, dst, False)
            if why:
                errors.append("%s: #include \"%s\": %s" % (rel, name, why))
    for comp in cycles(graph):
        errors.append("include circle: " + " -> ".join(comp))
    return errors


def repo_path(path):
    """The repository path of a compiled file, or None (not ours)."""
    path = path.replace(os.sep, "/")
    for d in ("target/tile/", "hw/tile/"):
        i = path.rfind("/" + d)
        if i >= 0:
            return path[i + 1:]
        if path.startswith(d):
            return path
    return None


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRVWCGS":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
    return defined, undefined


def check_calls(root, build):
    """(errors, skipped): the call graph of the compiled files."""
    db = os.path.join(build, "compile_commands.json")
    if not os.path.isfile(db):
        return [], True
    with open(db, encoding="utf-8") as f:
        entries = json.load(f)
    objects = {}
    for e in entries:
        rel = repo_path(e["file"])
        if rel is None or "output" not in e:
            continue
        objects[rel] = os.path.join(e["directory"], e["output"])
    errors = []
    wanted = [p for p in source_files(root) if p.endswith(".c")]
    for rel in wanted:
        obj = objects.get(rel)
        if obj is None:
            errors.append("%s: not in %s (stale QEMU build: run make qemu)" % (rel, db))
        elif not os.path.isfile(obj) or \
                os.path.getmtime(obj) < os.path.getmtime(os.path.join(root, rel)):
            errors.append("%s: object missing or older than the source (run make qemu)" % rel)
    if errors:
        return errors, False
    defs, uses = {}, {}
    for rel in wanted:
        defs[rel], uses[rel] = symbols(objects[rel])
    owner = {}
    for rel, d in defs.items():
        for s in d:
            owner.setdefault(s, rel)
    graph = {rel: set() for rel in wanted}
    for rel, u in uses.items():
        for s in sorted(u):
            dst = owner.get(s)
            if dst and dst != rel:
                if dst not in graph[rel]:
                    why = layering_error(rel, dst, True)
                    if why:
                        errors.append("%s calls %s (%s): %s" % (rel, dst, s, why))
                graph[rel].add(dst)
    for comp in cycles(graph):
        errors.append("call circle: " + " -> ".join(comp))
    return errors, False


def run(root, build):
    errors = check_sizes(root) + check_includes(root)
    skipped = False
    if build is not None and not errors:
        call_errors, skipped = check_calls(root, build)
        errors += call_errors
    return errors, skipped


# ---- self-test: every rule must catch its fault ----

CLEAN = {
    "target/tile/cpu.h": '#include "hw/core/cpu.h"\n',
    "target/tile/tile/op.h": '#include "hw/tile/tile_state.h"\n#include "numeric/n.h"\n',
    "target/tile/tile/engines.h": '#include "tile/op.h"\n',
    "target/tile/tile/commit.c": '#include "tile/engines.h"\nvoid commit(void) { eng(); }\n',
    "target/tile/tile/vec/vec.c": '#include "tile/engines.h"\n#include "cpu.h"\n'
                                  'void op(void);\nvoid eng(void) { op(); }\n',
    "target/tile/tile/op.c": '#include "tile/op.h"\nvoid op(void) {}\n',
    "target/tile/numeric/n.h": "extern int n;\n",
    "include/hw/tile/tile_state.h": "extern int state;\n",
    "include/hw/tile/tile_core.h": "extern int core;\n",
    "hw/tile/tile_core.c": '#include "hw/tile/tile_core.h"\n#include "cpu.h"\n',
    "stub/hw/core/cpu.h": "",       # stands for QEMU's header
}

FAULTS = [
    ("long file", {"target/tile/tile/vec/big.h": "x\n" * (MAX_LINES + 1)},
     "lines (at most"),
    ("include circle", {"target/tile/a.h": '#include "b.h"\n',
                        "target/tile/b.h": '#include "a.h"\n'}, "include circle"),
    ("device header", {"target/tile/tcg/x.c": '#include "hw/tile/tile_core.h"\n'},
     "includes hw/ header"),
    ("QEMU device header", {"target/tile/tcg/y.c": '#include "hw/misc/foo.h"\n'},
     "includes hw/misc/foo.h"),
    ("engine to engine", {"target/tile/tile/sfu/s.h": "int s;\n",
                          "target/tile/tile/vec/v.c": '#include "tile/sfu/s.h"\n'},
     "engine vec depends on engine sfu"),
    ("engine to commit", {"target/tile/tile/commit.h": "int c;\n",
                          "target/tile/tile/cube/c.c": '#include "tile/commit.h"\n'},
     "engine cube depends on"),
    ("numeric upward", {"target/tile/numeric/m.c": '#include "tile/op.h"\n'},
     "numeric/ depends on"),
    ("op to engine", {"target/tile/tile/tlsu/t.h": "int t;\n",
                      "target/tile/tile/op.c": '#include "tile/tlsu/t.h"\n'},
     "tile/op depends on"),
    ("translator to engine", {"target/tile/tcg/z.c": '#include "tile/engines.h"\n'},
     "only tile/commit.c does"),
]

CALL_FAULTS = [
    ("call circle", {"target/tile/tile/op.c": "void eng(void);\nvoid op(void) { eng(); }\n"},
     "call circle"),
    ("engine calls engine", {"target/tile/tile/sfu/s.c": "void sfu_fn(void) {}\n",
                             "target/tile/tile/vec/vec.c":
                             "void sfu_fn(void);\nvoid eng(void) { sfu_fn(); }\n"},
     "engine vec depends on engine sfu"),
]


def make_tree(base, files):
    for rel, text in files.items():
        path = os.path.join(base, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def compile_tree(base):
    """Compile every .c of a self-test tree and write its compile_commands."""
    build = os.path.join(base, "build")
    os.makedirs(build, exist_ok=True)
    entries = []
    for rel in source_files(base):
        if not rel.endswith(".c"):
            continue
        out = rel.replace("/", "_") + ".o"
        subprocess.run(["cc", "-c", "-w", "-o", os.path.join(build, out),
                        "-I", os.path.join(base, "target/tile"),
                        "-I", os.path.join(base, "include"), "-I", os.path.join(base, "stub"),
                        os.path.join(base, rel)],
                       check=True)
        entries.append({"directory": build, "file": os.path.join(base, rel), "output": out})
    with open(os.path.join(build, "compile_commands.json"), "w", encoding="utf-8") as f:
        json.dump(entries, f)
    return build


def self_test():
    failures = []
    tmp = tempfile.mkdtemp(prefix="layout-check-")
    try:
        cases = [("clean tree", {}, None, False)]
        cases += [(n, f, w, False) for n, f, w in FAULTS]
        cases += [(n, f, w, True) for n, f, w in CALL_FAULTS]
        cases.append(("clean tree, calls", {}, None, True))
        for i, (name, extra, want, calls) in enumerate(cases):
            base = os.path.join(tmp, str(i))
            make_tree(base, dict(CLEAN, **extra))
            build = compile_tree(base) if calls else None
            errors, skipped = run(base, build)
            if skipped:
                failures.append("%s: the call check was skipped" % name)
            elif want is None and errors:
                failures.append("%s: unexpected: %s" % (name, "; ".join(errors)))
            elif want is not None and not any(want in e for e in errors):
                failures.append("%s: not detected (got: %s)" % (name, "; ".join(errors) or "none"))
    finally:
        shutil.rmtree(tmp)
    for f in failures:
        print("layout-check self-test: " + f, file=sys.stderr)
    return not failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", help="the repository")
    ap.add_argument("--qemu-build", help="the QEMU build directory (call check)")
    ap.add_argument("--self-test", action="store_true")
    o = ap.parse_args()
    if o.self_test:
        if not self_test():
            return 1
        print("layout-check: self-test passed (%d faults found)" % (len(FAULTS) + len(CALL_FAULTS)))
        if not o.root:
            return 0
    if not o.root:
        ap.error("--root is required")
    errors, skipped = run(os.path.abspath(o.root), o.qemu_build)
    for e in errors:
        print("layout-check: " + e, file=sys.stderr)
    if errors:
        return 1
    if skipped:
        print("layout-check: includes and sizes pass; no QEMU build in %s, calls not checked"
              % o.qemu_build)
        return 77
    print("layout-check: %d files, no circle, layering kept%s"
          % (len(source_files(o.root)), ", calls checked" if o.qemu_build else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
