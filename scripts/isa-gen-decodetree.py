#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Generate QEMU decodetree inputs from the ISA tables (build time).

Usage:
  isa-gen-decodetree.py decode LENGTH OUT.decode scalar.isa command.isa
  isa-gen-decodetree.py stubs OUT.c.inc scalar.isa command.isa TRANS_FILE...

One decoder per instruction length, as target/riscv has one per parcel
count: 16 and 32 are native widths; 48-bit forms are decoded as 64-bit
words whose top 16 bits are ignored.  Overlapping forms (the catalog's
reviewed overlaps) go into ordered {} groups, most specific mask first,
exactly the order the ISA library decodes in.  Instruction bits are numbered
as in the tables: the first parcel is bits [15:0].

"stubs" writes a trans_<name>() for every form that no TRANS_FILE defines:
it raises Fault_IllegalInstruction and logs LOG_UNIMP with the mnemonic.
"""

import importlib.util
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("isaparse", os.path.join(here, "isa-parse.py"))
isaparse = importlib.util.module_from_spec(spec)
spec.loader.exec_module(isaparse)


def ident(s):
    return re.sub(r"[^a-z0-9]+", "_", s.lower()).strip("_")


def form_names(forms):
    """Stable decodetree names: the mnemonic, and for a mnemonic with several
    forms a suffix from the syntax literals or the fields."""
    by = {}
    for f in forms:
        by.setdefault(f.mnemonic, []).append(f)
    names = {}
    for mn, fs in by.items():
        base = ident(mn)
        if len(fs) == 1:
            names[fs[0].id] = base
            continue
        for f in fs:
            syn = f.syntax[0]
            if syn.startswith("["):
                syn = syn[syn.index("]") + 1:]
            words = [w for w in re.findall(r"(?<![{:=.\w])([a-z][a-z0-9]*)\b", syn.split(" ", 1)[1]
                                            if " " in syn else "")
                     if w not in ("mask", "last")]
            if f.mnemonic == "B.IOT":
                fl = {x.name for x in f.fields}
                suffix = "%ds%s" % (("SrcTile0" in fl) + ("SrcTile1" in fl),
                                    "_d" if "DstTile" in fl else "")
            elif words:
                suffix = "_".join(words[:1])
            else:
                suffix = str(fs.index(f))
            names[f.id] = base + "_" + suffix
    if len(set(names.values())) != len(names):
        raise SystemExit("isa-gen-decodetree: duplicate decodetree names")
    return names


def field_spec(fl):
    """decodetree field segments, most significant first."""
    pieces = sorted(fl.pieces, key=lambda p: -p[2])
    nxt = None
    segs = []
    for i, (lsb, width, vlsb) in enumerate(pieces):
        if nxt is not None and vlsb + width != nxt:
            raise SystemExit("field %s has a gap between pieces" % fl.name)
        nxt = vlsb
        signed = fl.sign == "s" and i == 0
        segs.append("%d:%s%d" % (lsb, "s" if signed else "", width))
    low = pieces[-1][2]
    return " ".join(segs), low


def load(paths):
    forms = []
    for p in paths:
        forms += isaparse.parse(p)[0]
    return forms


def popcount(v):
    return bin(v).count("1")


def gen_decode(length, out, paths):
    forms = [f for f in load(paths) if f.length == length]
    allforms = load(paths)
    names = form_names(allforms)
    width = 64 if length == 48 else length
    fields = {}
    argsets = {}
    lines = []
    pats = []
    for f in forms:
        members = []
        refs = []
        for fl in f.fields:
            fbits = 0
            for (lsb, w, _) in fl.pieces:
                fbits |= ((1 << w) - 1) << lsb
            if fbits & f.mask == fbits:
                # a field the encoding fixes (B.FPATR's opcode fields): constant
                val = 0
                for (lsb, w, vlsb) in fl.pieces:
                    val |= ((f.match >> lsb) & ((1 << w) - 1)) << vlsb
                members.append(ident(fl.name))
                refs.append("%s=%d" % (ident(fl.name), val))
                continue
            if fbits & f.mask:
                raise SystemExit("%s: field %s partly overlaps fixed bits" % (f.id, fl.name))
            segs, low = field_spec(fl)
            fname = "f_" + ident(segs.replace(":", "_").replace(" ", "_")) + ("_x%d" % low if low else "")
            if fname not in fields:
                fields[fname] = "%%%s %s%s" % (fname, segs, " !function=ex_shl_%d" % low if low else "")
            m = ident(fl.name)
            members.append(m)
            refs.append("%s=%%%s" % (m, fname))
        aname = "_".join(sorted(members)) if members else "empty"
        argsets[aname] = members
        bits = []
        covered = 0
        for fl in f.fields:
            for (lsb, w, _) in fl.pieces:
                covered |= ((1 << w) - 1) << lsb
        covered &= ~f.mask
        for b in range(width - 1, -1, -1):
            if b >= length:
                bits.append("-")
            elif (f.mask >> b) & 1:
                bits.append("1" if (f.match >> b) & 1 else "0")
            elif (covered >> b) & 1:
                bits.append(".")
            else:
                bits.append("-")
        pat = " ".join("".join(bits[i:i + 8]) for i in range(0, width, 8))
        pats.append((f, "%-28s %s &%s %s" % (names[f.id], pat, aname, " ".join(refs))))

    # groups of overlapping patterns
    def overlap(a, b):
        return (a.mask & b.mask & (a.match ^ b.match)) == 0
    group = {}
    for i, (a, _) in enumerate(pats):
        for j, (b, _) in enumerate(pats):
            if i < j and overlap(a, b):
                gi = group.get(i, i)
                gj = group.get(j, j)
                g = min(gi, gj)
                for k in list(group):
                    if group[k] in (gi, gj):
                        group[k] = g
                group[i] = group[j] = g
    lines.append("# Generated by scripts/isa-gen-decodetree.py from isa/: do not edit.")
    lines.append("# PTO %d-bit forms." % length)
    lines.append("")
    for fname in sorted(fields):
        lines.append(fields[fname])
    lines.append("")
    # Argument sets shared with a decoder included earlier (16, 32, 48, 64
    # in that order) are declared !extern here, as target/riscv does.
    earlier = set()
    for f in allforms:
        if f.length < length:
            earlier.add("_".join(sorted(ident(fl.name) for fl in f.fields)) or "empty")
    for aname in sorted(argsets):
        ext = " !extern" if aname in earlier else ""
        lines.append("&%s %s%s" % (aname, " ".join(argsets[aname]), ext))
    lines.append("")
    done = set()
    order = lambda idx: (0 if pats[idx][0].cls == "command" else 1, -popcount(pats[idx][0].mask), idx)
    for i, (f, text) in enumerate(pats):
        if i in done:
            continue
        if i in group:
            members = sorted([k for k in group if group[k] == group[i]], key=order)
            lines.append("{")
            for k in members:
                lines.append("  " + pats[k][1])
                done.add(k)
            lines.append("}")
        else:
            lines.append(text)
            done.add(i)
    open(out, "w").write("\n".join(lines) + "\n")


def gen_stubs(out, paths, trans_files):
    allforms = load(paths)
    names = form_names(allforms)
    defined = set()
    for t in trans_files:
        text = open(t).read()
        defined.update(re.findall(r"\bTRANS\w*\(\s*(\w+)", text))
        defined.update(re.findall(r"\bbool\s+trans_(\w+)\s*\(", text))
    o = ["/* Generated by scripts/isa-gen-decodetree.py: do not edit. */",
         "/* Forms without semantics yet: precise Fault_IllegalInstruction. */", ""]
    for f in allforms:
        n = names[f.id]
        if n in defined:
            continue
        members = sorted(ident(fl.name) for fl in f.fields)
        aname = "_".join(members) if members else "empty"
        o.append("static bool trans_%s(DisasContext *ctx, arg_%s *a)" % (n, aname))
        o.append("{")
        o.append("    return gen_unimplemented(ctx, \"%s\");" % f.mnemonic)
        o.append("}")
        o.append("")
    open(out, "w").write("\n".join(o) + "\n")


def main():
    if sys.argv[1] == "decode":
        gen_decode(int(sys.argv[2]), sys.argv[3], sys.argv[4:6])
    elif sys.argv[1] == "stubs":
        gen_stubs(sys.argv[2], sys.argv[3:5], sys.argv[5:])
    else:
        raise SystemExit("usage: see the module docstring")


if __name__ == "__main__":
    main()
