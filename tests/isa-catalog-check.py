#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The committed isa/ tables must be exactly what scripts/isa-import.py
derives from the spec catalogs, and must differ from the catalogs only by
ADR 0097 (B.IOS SharedTileID narrowed to [25:20], [27:26] reserved zero).

Usage: isa-catalog-check.py SOURCE_ROOT CATALOG_DIR   (CATALOG_DIR is the
repository's spec/catalog; a missing catalog is a failure)."""

import filecmp
import importlib.util
import json
import os
import subprocess
import sys
import tempfile

root, catalog = sys.argv[1], sys.argv[2]
if not os.path.isdir(catalog):
    print("FAIL: no spec catalogs at %s" % catalog)
    sys.exit(1)

spec = importlib.util.spec_from_file_location("isaparse", os.path.join(root, "scripts", "isa-parse.py"))
isaparse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(isaparse)
failures = []

# 1. regenerating gives the committed files byte for byte
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, os.path.join(root, "scripts", "isa-import.py"), catalog, tmp],
                   check=True)
    for name in sorted(os.listdir(tmp)):
        if not filecmp.cmp(os.path.join(tmp, name), os.path.join(root, "isa", name), shallow=False):
            failures.append("isa/%s differs from what scripts/isa-import.py derives" % name)

# 2. the only encoding difference from the catalogs is ADR 0097's B.IOS
def combined(enc):
    mask = match = shift = 0
    for part in sorted(enc, key=lambda e: e["index"]):
        mask |= int(part["mask"], 16) << shift
        match |= int(part["match"], 16) << shift
        shift += part["width_bits"]
    return mask, match

table = {}
for fn in ("scalar.isa", "command.isa"):
    for f in isaparse.parse(os.path.join(root, "isa", fn))[0]:
        table[f.id] = f
reserved = {f.id: f for f in isaparse.parse(os.path.join(root, "isa", "reserved.isa"))[0]}

diffs = []
for cat, cls in (("scalar-forms.json", "scalar"), ("command-forms.json", "command")):
    for form in json.load(open(os.path.join(catalog, cat)))["forms"]:
        t = table.get(form["form_id"])
        if t is None:
            failures.append("form %s missing from isa/" % form["form_id"])
            continue
        mask, match = combined(form["encoding"])
        fields = {f["name"]: (f["width"], [(p["instruction_lsb"], p["width"], p["value_lsb"]) for p in f["pieces"]]) for f in form["fields"]}
        tfields = {f.name: (f.width, f.pieces) for f in t.fields}
        cons = sorted((c["field"], c["operator"]) for c in form["constraints"])
        tcons = sorted((c[0], "one-of" if c[1] == "in" else "not-equal") for c in t.constraints)
        if (mask, match) != (t.mask, t.match) or fields != tfields or cons != tcons \
                or form["mnemonic"] != t.mnemonic or form["length_bits"] != t.length:
            diffs.append((form["mnemonic"], mask, match, t.mask, t.match, fields, tfields))
        for var in form.get("encoding_variants", []):
            vid = "%s.f%d" % (form["form_id"], var["function"])
            if vid not in table or combined(var["encoding"]) != (table[vid].mask, table[vid].match):
                failures.append("encoding variant %s differs" % vid)

if len(diffs) != 1 or diffs[0][0] != "B.IOS":
    failures.append("unexpected differences from the catalogs: %s" % [d[0] for d in diffs])
else:
    _, cmask, cmatch, tmask, tmatch, cf, tf = diffs[0]
    if (tmatch, tmask) != (0x00001013, 0xFC0871FF):
        failures.append("B.IOS is not the ADR 0097 encoding: %#x/%#x" % (tmatch, tmask))
    if cf["SharedTID"] != (8, [(20, 8, 0)]) or tf["SharedTID"] != (6, [(20, 6, 0)]):
        failures.append("B.IOS SharedTID is not narrowed from [27:20] to [25:20]")

cat_res = json.load(open(os.path.join(catalog, "extension-encoding-reservations.json")))["reservations"]
if len(cat_res) != len(reserved):
    failures.append("%d reserved rows, catalog has %d" % (len(reserved), len(cat_res)))
for r in cat_res:
    t = reserved.get(r["mnemonic"])
    if t is None or combined(r["encoding"]) != (t.mask, t.match):
        failures.append("reserved row %s differs" % r["mnemonic"])

for f in failures:
    print("FAIL:", f)
print("%d passed, %d failed" % (0 if failures else 1, 1 if failures else 0))
sys.exit(1 if failures else 0)
