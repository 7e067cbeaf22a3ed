#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Generate the C tables of the ISA library from the isa/ tables (build time).

Usage: isa-gen-c.py OUT.c scalar.isa command.isa reserved.isa
                     [sysregs.isa [tile-ops.isa [identity.isa]]]
The output is a build product; it is never edited or committed.

With identity.isa, the output also holds the ISA identity of images
(tile_isa_identity): its release and encoding ABI, and the SHA-256 of the
encoding projection of the other five tables, computed here
(docs/isa-identity.md says how; tests/isa-identity-check.py computes it
again on its own).
"""

import hashlib
import importlib.util
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("isaparse", os.path.join(here, "isa-parse.py"))
isaparse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(isaparse)


def cstr(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def popcount(v):
    return bin(v).count("1")


def field_rows(form):
    return [{"name": f.name, "signedness": f.sign, "width": f.width,
             "pieces": [{"instruction_lsb": lsb, "width": w, "value_lsb": vlsb}
                        for lsb, w, vlsb in f.pieces]} for f in form.fields]


def constraint_rows(form):
    return [{"field": fld, "operator": "in" if op == "in" else "!=", "values": values}
            for fld, op, values in form.constraints]


def key_values(parts):
    """The key=value words of a sysreg / tileop line (operand roles excluded)."""
    return dict(p.split("=", 1) for p in parts if "=" in p and not p.startswith("operands="))


def encoding_projection(abi, forms, reserved, sysreg_lines, tileop_lines):
    """The encoding projection of the tables (docs/isa-identity.md)."""
    def number(text):
        return None if text == "-" else int(text, 0)

    form_rows = [{
        "form_id": f.id, "mnemonic": f.mnemonic, "length_bits": f.length,
        "encoding_kind": f.kind, "match": f.match, "mask": f.mask,
        "fields": field_rows(f), "constraints": constraint_rows(f),
        "agu": {"kind": f.agu[0], "scale": f.agu[1]} if f.agu else None,
        "variant": {"name": f.variant[0], "function": f.variant[1]} if f.variant else None,
        "syntax": f.syntax,
    } for f in sorted(forms, key=lambda f: f.id)]
    reserved_rows = [{
        "mnemonic": r.mnemonic, "length_bits": r.length, "match": r.match, "mask": r.mask,
        "fields": field_rows(r), "constraints": constraint_rows(r),
    } for r in sorted(reserved, key=lambda r: r.mnemonic)]
    register_rows = []
    for parts in sysreg_lines:
        row = {"name": parts[1], "access": parts[2], "scope": parts[3]}
        row.update({k: int(v, 0) for k, v in key_values(parts[4:]).items()})
        register_rows.append(row)
    register_rows.sort(key=lambda r: r["name"])
    op_rows = []
    for parts in tileop_lines:
        kv = key_values(parts[4:])
        op_rows.append({"name": parts[1], "engine": parts[2], "carrier": parts[3],
                        "mode": number(kv["mode"]), "function": number(kv["function"]),
                        "selector": number(kv["selector"])})
    op_rows.sort(key=lambda r: r["name"])
    return {
        "encoding_abi": abi,
        "extension_encoding_reservations": reserved_rows,
        "scalar_and_command_forms": form_rows,
        "system_registers": register_rows,
        "tile_operations": op_rows,
    }


def projection_sha256(projection):
    """The spec's normalization: sorted keys, no whitespace, UTF-8."""
    text = json.dumps(projection, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def identity_fields(path):
    fields = {}
    for parts in isaparse.parse(path)[1]:
        if parts[0] not in ("release", "encoding_abi") or len(parts) != 2 or parts[0] in fields:
            raise SystemExit("%s: bad line %r" % (path, " ".join(parts)))
        fields[parts[0]] = parts[1]
    if len(fields) != 2:
        raise SystemExit("%s: needs one release and one encoding_abi line" % path)
    for value in fields.values():
        # the note's descriptor carries them as plain JSON strings
        if any(c in '"\\' or not " " < c <= "~" for c in value) or len(value) > 127:
            raise SystemExit("%s: %r is not printable ASCII of at most 127 characters"
                             % (path, value))
    return fields


def main():
    out_path, scalar, command, reserved = sys.argv[1:5]
    sysregs = sys.argv[5] if len(sys.argv) > 5 else None
    tileops = sys.argv[6] if len(sys.argv) > 6 else None
    identity = sys.argv[7] if len(sys.argv) > 7 else None
    forms = []
    for path in (command, scalar):
        forms += isaparse.parse(path)[0]
    res = isaparse.parse(reserved)[0]
    for f in forms + res:
        if len(f.fields) > 16:     # TILE_ISA_MAX_FIELDS in lib/tile-isa.h
            raise SystemExit("%s has more than 16 fields" % f.id)
    o = []
    o.append("/* Generated by scripts/isa-gen-c.py from the isa/ tables: do not edit. */")
    o.append('#include "tile-isa-internal.h"')
    o.append("")

    def emit_fields(prefix, idx, f):
        name = "%s_%d_fields" % (prefix, idx)
        if not f.fields:
            return "NULL"
        o.append("static const TileIsaField %s[] = {" % name)
        for fl in f.fields:
            pcs = ", ".join("{%d, %d, %d}" % p for p in fl.pieces)
            o.append("    { %s, %d, '%s', %d, { %s } }," % (cstr(fl.name), fl.width, fl.sign,
                                                        len(fl.pieces), pcs))
        o.append("};")
        return name

    def emit_constraints(prefix, idx, f):
        if not f.constraints:
            return "NULL"
        names = [fl.name for fl in f.fields]
        name = "%s_%d_cons" % (prefix, idx)
        vals = []
        for j, (fld, op, values) in enumerate(f.constraints):
            vname = "%s_%d_v%d" % (prefix, idx, j)
            o.append("static const int32_t %s[] = { %s };" % (vname, ", ".join(map(str, values))))
            vals.append((names.index(fld), op, vname, len(values)))
        o.append("static const TileIsaConstraint %s[] = {" % name)
        for fi, op, vname, n in vals:
            o.append("    { %d, %s, %d, %s }," % (fi, "TILE_ISA_CONS_IN" if op == "in" else "TILE_ISA_CONS_NE", n, vname))
        o.append("};")
        return name

    for i, f in enumerate(forms):
        f._fields = emit_fields("form", i, f)
        f._cons = emit_constraints("form", i, f)
        if f.syntax:
            o.append("static const char *const form_%d_syntax[] = { %s, NULL };" % (
                i, ", ".join(cstr(s) for s in f.syntax)))
    o.append("")
    o.append("const TileIsaForm tile_isa_forms[] = {")
    for i, f in enumerate(forms):
        agu_kind = f.agu[0] if f.agu else ""
        agu_scale = f.agu[1] if f.agu else 0
        o.append("    { %d, %s, %s, %d, %s, %s, %s, UINT64_C(0x%x), UINT64_C(0x%x), %d, %s, %d, %s, %s, %s, %d, %d }," % (
            i, cstr(f.id), cstr(f.mnemonic), f.length,
            "TILE_ISA_CLASS_COMMAND" if f.cls == "command" else "TILE_ISA_CLASS_SCALAR",
            cstr(f.family), cstr(f.handler), f.match, f.mask,
            len(f.fields), f._fields, len(f.constraints), f._cons,
            "form_%d_syntax" % i if f.syntax else "NULL", cstr(agu_kind), agu_scale,
            f.variant[1] if f.variant else -1))
    o.append("};")
    o.append("const unsigned tile_isa_form_count = %d;" % len(forms))
    o.append("")
    # Decode order: commands before scalars, then most specific mask first.
    order = sorted(range(len(forms)), key=lambda i: (
        forms[i].length, 0 if forms[i].cls == "command" else 1, -popcount(forms[i].mask), i))
    o.append("const uint16_t tile_isa_decode_order[] = { %s };" % ", ".join(map(str, order)))
    o.append("")
    for i, r in enumerate(res):
        r._fields = emit_fields("res", i, r)
        r._cons = emit_constraints("res", i, r)
    o.append("const TileIsaReserved tile_isa_reserved[] = {")
    for i, r in enumerate(res):
        o.append("    { %s, %d, UINT64_C(0x%x), UINT64_C(0x%x), %d, %s, %d, %s }," % (
            cstr(r.mnemonic), r.length, r.match, r.mask, len(r.fields), r._fields,
            len(r.constraints), r._cons))
    o.append("};")
    o.append("const unsigned tile_isa_reserved_count = %d;" % len(res))
    o.append("")
    regs, traps = [], []
    if sysregs:
        for parts in isaparse.parse(sysregs)[1]:
            if parts[0] == "sysreg":
                name, acc, scope = parts[1], parts[2], parts[3]
                kv = dict(p.split("=") for p in parts[4:])
                ctx = scope == "context-family"
                index = int(kv.get("address", kv.get("index")), 16)
                acr = int(kv["acr"]) if "acr" in kv else -1
                if name.endswith("_ACRn"):
                    name = name[:-5]
                regs.append((name, index, acc, ctx, acr))
            elif parts[0] == "trap":
                traps.append((int(parts[1]), parts[2], parts[3], parts[4]))
    o.append("const TileIsaSysreg tile_isa_sysregs[] = {")
    for name, index, acc, ctx, acr in regs:
        o.append("    { %s, 0x%x, %d, %d, %s, %d }," % (cstr(name), index, "R" in acc, "W" in acc,
                                                   "true" if ctx else "false", acr))
    o.append("};")
    o.append("const unsigned tile_isa_sysreg_count = %d;" % len(regs))
    o.append("const TileIsaTrap tile_isa_traps[] = {")
    for num, name, arg, restart in traps:
        o.append("    { %d, %s, %s, %s }," % (num, cstr(name), cstr(arg), cstr(restart)))
    o.append("};")
    o.append("const unsigned tile_isa_trap_count = %d;" % len(traps))
    ops = []
    if tileops:
        for parts in isaparse.parse(tileops)[1]:
            if parts[0] == "tileop":
                # (operand roles may hold spaces: only the leading keys)
                kv = dict(p.split("=", 1) for p in parts[4:8] if "=" in p)
                num = lambda t: int(t) if t.lstrip("-").isdigit() else -1    # "-": none
                ops.append((parts[1], parts[2], parts[3], num(kv["mode"]), num(kv["function"]),
                            kv["handler"]))
    o.append("const TileIsaTileOp tile_isa_tile_ops[] = {")
    for name, engine, carrier, mode, fn, handler in ops:
        o.append("    { %s, %s, %s, %d, %d, %s }," % (cstr(name), cstr(engine), cstr(carrier),
                                                    mode, fn, cstr(handler)))
    if not ops:
        o.append("    { NULL, NULL, NULL, 0, 0, NULL },")
    o.append("};")
    o.append("const unsigned tile_isa_tile_op_count = %d;" % len(ops))
    o.append("")
    if identity:
        if not (sysregs and tileops):
            raise SystemExit("the identity needs sysregs.isa and tile-ops.isa")
        fields = identity_fields(identity)
        projection = encoding_projection(
            fields["encoding_abi"], forms, res,
            [p for p in isaparse.parse(sysregs)[1] if p[0] == "sysreg"],
            [p for p in isaparse.parse(tileops)[1] if p[0] == "tileop"])
        o.append("const TileIsaIdentity tile_isa_identity = { %s, %s, %s };" % (
            cstr(fields["release"]), cstr(fields["encoding_abi"]),
            cstr(projection_sha256(projection))))
    open(out_path, "w").write("\n".join(o) + "\n")


if __name__ == "__main__":
    main()
