#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Regenerate the committed ISA description (the isa/ tables) from the PTO 0.58.3
machine-readable catalogs, then apply ADR 0097 on top.

Usage: scripts/isa-import.py CATALOG_DIR OUT_DIR

The catalogs are only input: the files this writes are the project's source
of truth and are committed.  Run it again only when the catalogs change, and
review the diff.  tests/isa-catalog-check.py verifies that the committed
tables still equal what this script derives (the ADR 0097 delta being the
only difference from the catalogs).
"""

import json
import os
import re
import sys

# ---------------------------------------------------------------------------
# ADR 0097: B.IOS SharedTileID is 6 bits at [25:20]; [27:26] reserved zero.
ADR0097_BIOS_MATCH = 0x00001013
ADR0097_BIOS_MASK = 0xFC0871FF

GPR_FIELDS = {"SrcL", "SrcR", "SrcD", "SrcD1", "SrcA", "SrcP",
              "RegSrc", "RegSrc0", "RegSrc1", "RegSrc2", "SrcBegin", "SrcEnd"}
DST_FIELDS = {"RegDst", "RegDst0", "RegDst1", "DstBegin", "DstEnd"}

# SrcRType spellings, per decoder (see the spec's scalar decode unit):
# value 0..3 -> suffix; '' means no suffix.
MOD_BINARY_NEG = "sw,uw,neg,"
MOD_BINARY_NOT = "sw,uw,not,"
MOD_COMPARE = ",sw,uw,not"     # SETC.AND/OR-style templates that list .not
MOD_RELATION = ",sw,uw,m3"    # relational compares: 11 is the plain operand
MOD_ADDRESS = ",sw,uw,neg"
MOD_SELECT = ",m1,m2,neg"

# PC-relative operands: kind per mnemonic.  pc=S: target = PC + (v << S);
# pa=S: target = (PC & ~3) + (v << S); hi: target = PC + (v << 12).
PCREL = {
    "J": ("simm22", "pc=1"),
    "SETRET": ("imm20", "pc=1"),
    "HL.SETRET": ("imm32", "pc=1"),
    "C.SETRET": ("uimm5", "pc=1"),
    "ADDTPC": ("imm20", "hi"),
    "HL.ADDTPC": ("imm32", "hi"),
}


# Address kind and displacement scale of every AGU form (spec unit
# PTO-SCALAR-MODEL-DISPATCH-AGU: the displacement is shifted left by the
# scale; PC-relative bases are the TPC with bits [1:0] cleared).
AGU = {
    "C.LDI": ("Compressed", 3),
    "C.LWI": ("Compressed", 2),
    "C.SDI": ("Compressed", 3),
    "C.SWI": ("Compressed", 2),
    "HL.LB.PCR": ("PCRelative", 2),
    "HL.LB.PO": ("Register", 0),
    "HL.LB.PR": ("Register", 0),
    "HL.LBI.PO": ("Immediate", 0),
    "HL.LBI.PR": ("Immediate", 0),
    "HL.LBI": ("Immediate", 0),
    "HL.LBIP": ("Immediate", 0),
    "HL.LBP": ("Register", 0),
    "HL.LBU.PCR": ("PCRelative", 2),
    "HL.LBU.PO": ("Register", 0),
    "HL.LBU.PR": ("Register", 0),
    "HL.LBUI.PO": ("Immediate", 0),
    "HL.LBUI.PR": ("Immediate", 0),
    "HL.LBUI": ("Immediate", 0),
    "HL.LBUIP": ("Immediate", 0),
    "HL.LBUP": ("Register", 0),
    "HL.LD.PCR": ("PCRelative", 2),
    "HL.LD.PO": ("Register", 0),
    "HL.LD.PR": ("Register", 0),
    "HL.LDI.PO": ("Immediate", 3),
    "HL.LDI.PR": ("Immediate", 3),
    "HL.LDI.U": ("Immediate", 0),
    "HL.LDI.UPO": ("Immediate", 0),
    "HL.LDI.UPR": ("Immediate", 0),
    "HL.LDI": ("Immediate", 3),
    "HL.LDIP.U": ("Immediate", 0),
    "HL.LDIP": ("Immediate", 3),
    "HL.LDP": ("Register", 0),
    "HL.LH.PCR": ("PCRelative", 2),
    "HL.LH.PO": ("Register", 0),
    "HL.LH.PR": ("Register", 0),
    "HL.LHI.PO": ("Immediate", 1),
    "HL.LHI.PR": ("Immediate", 1),
    "HL.LHI.U": ("Immediate", 0),
    "HL.LHI.UPO": ("Immediate", 0),
    "HL.LHI.UPR": ("Immediate", 0),
    "HL.LHI": ("Immediate", 1),
    "HL.LHIP.U": ("Immediate", 0),
    "HL.LHIP": ("Immediate", 1),
    "HL.LHP": ("Register", 0),
    "HL.LHU.PCR": ("PCRelative", 2),
    "HL.LHU.PO": ("Register", 0),
    "HL.LHU.PR": ("Register", 0),
    "HL.LHUI.PO": ("Immediate", 1),
    "HL.LHUI.PR": ("Immediate", 1),
    "HL.LHUI.U": ("Immediate", 0),
    "HL.LHUI.UPO": ("Immediate", 0),
    "HL.LHUI.UPR": ("Immediate", 0),
    "HL.LHUI": ("Immediate", 1),
    "HL.LHUIP.U": ("Immediate", 0),
    "HL.LHUIP": ("Immediate", 1),
    "HL.LHUP": ("Register", 0),
    "HL.LW.PCR": ("PCRelative", 2),
    "HL.LW.PO": ("Register", 0),
    "HL.LW.PR": ("Register", 0),
    "HL.LWI.PO": ("Immediate", 2),
    "HL.LWI.PR": ("Immediate", 2),
    "HL.LWI.U": ("Immediate", 0),
    "HL.LWI.UPO": ("Immediate", 0),
    "HL.LWI.UPR": ("Immediate", 0),
    "HL.LWI": ("Immediate", 2),
    "HL.LWIP.U": ("Immediate", 0),
    "HL.LWIP": ("Immediate", 2),
    "HL.LWP": ("Register", 0),
    "HL.LWU.PCR": ("PCRelative", 2),
    "HL.LWU.PO": ("Register", 0),
    "HL.LWU.PR": ("Register", 0),
    "HL.LWUI.PO": ("Immediate", 2),
    "HL.LWUI.PR": ("Immediate", 2),
    "HL.LWUI.U": ("Immediate", 0),
    "HL.LWUI.UPO": ("Immediate", 0),
    "HL.LWUI.UPR": ("Immediate", 0),
    "HL.LWUI": ("Immediate", 2),
    "HL.LWUIP.U": ("Immediate", 0),
    "HL.LWUIP": ("Immediate", 2),
    "HL.LWUP": ("Register", 0),
    "HL.PRF.A": ("Register", 0),
    "HL.PRF": ("Register", 0),
    "HL.PRFI.U": ("Immediate", 0),
    "HL.PRFI.UA": ("Immediate", 0),
    "HL.SB.PCR": ("PCRelative", 2),
    "HL.SB.PO": ("Register", 0),
    "HL.SB.PR": ("Register", 0),
    "HL.SBI.PO": ("Immediate", 0),
    "HL.SBI.PR": ("Immediate", 0),
    "HL.SBI": ("Immediate", 0),
    "HL.SBIP": ("Immediate", 0),
    "HL.SBP": ("Register", 0),
    "HL.SD.PCR": ("PCRelative", 2),
    "HL.SD.PO": ("Register", 3),
    "HL.SD.PR": ("Register", 3),
    "HL.SD.UPO": ("Register", 0),
    "HL.SD.UPR": ("Register", 0),
    "HL.SDI.PO": ("Immediate", 3),
    "HL.SDI.PR": ("Immediate", 3),
    "HL.SDI.U": ("Immediate", 0),
    "HL.SDI.UPO": ("Immediate", 0),
    "HL.SDI.UPR": ("Immediate", 0),
    "HL.SDI": ("Immediate", 3),
    "HL.SDIP.U": ("Immediate", 0),
    "HL.SDIP": ("Immediate", 3),
    "HL.SDP.U": ("Register", 0),
    "HL.SDP": ("Register", 3),
    "HL.SH.PCR": ("PCRelative", 2),
    "HL.SH.PO": ("Register", 1),
    "HL.SH.PR": ("Register", 1),
    "HL.SH.UPO": ("Register", 0),
    "HL.SH.UPR": ("Register", 0),
    "HL.SHI.PO": ("Immediate", 1),
    "HL.SHI.PR": ("Immediate", 1),
    "HL.SHI.U": ("Immediate", 0),
    "HL.SHI.UPO": ("Immediate", 0),
    "HL.SHI.UPR": ("Immediate", 0),
    "HL.SHI": ("Immediate", 1),
    "HL.SHIP.U": ("Immediate", 0),
    "HL.SHIP": ("Immediate", 1),
    "HL.SHP.U": ("Register", 0),
    "HL.SHP": ("Register", 1),
    "HL.SW.PCR": ("PCRelative", 2),
    "HL.SW.PO": ("Register", 2),
    "HL.SW.PR": ("Register", 2),
    "HL.SW.UPO": ("Register", 0),
    "HL.SW.UPR": ("Register", 0),
    "HL.SWI.PO": ("Immediate", 2),
    "HL.SWI.PR": ("Immediate", 2),
    "HL.SWI.U": ("Immediate", 0),
    "HL.SWI.UPO": ("Immediate", 0),
    "HL.SWI.UPR": ("Immediate", 0),
    "HL.SWI": ("Immediate", 2),
    "HL.SWIP.U": ("Immediate", 0),
    "HL.SWIP": ("Immediate", 2),
    "HL.SWP.U": ("Register", 0),
    "HL.SWP": ("Register", 2),
    "LB.PCR": ("PCRelative", 2),
    "LB": ("Register", 0),
    "LBI": ("Immediate", 0),
    "LBU.PCR": ("PCRelative", 2),
    "LBU": ("Register", 0),
    "LBUI": ("Immediate", 0),
    "LD.PCR": ("PCRelative", 2),
    "LD": ("Register", 0),
    "LDI.U": ("Immediate", 0),
    "LDI": ("Immediate", 3),
    "LH.PCR": ("PCRelative", 2),
    "LH": ("Register", 0),
    "LHI.U": ("Immediate", 0),
    "LHI": ("Immediate", 1),
    "LHU.PCR": ("PCRelative", 2),
    "LHU": ("Register", 0),
    "LHUI.U": ("Immediate", 0),
    "LHUI": ("Immediate", 1),
    "LW.PCR": ("PCRelative", 2),
    "LW": ("Register", 0),
    "LWI.U": ("Immediate", 0),
    "LWI": ("Immediate", 2),
    "LWU.PCR": ("PCRelative", 2),
    "LWU": ("Register", 0),
    "LWUI.U": ("Immediate", 0),
    "LWUI": ("Immediate", 2),
    "PRF": ("Register", 0),
    "PRFI.U": ("Immediate", 0),
    "SB.PCR": ("PCRelative", 2),
    "SB": ("Register", 0),
    "SBI": ("Immediate", 0),
    "SD.PCR": ("PCRelative", 2),
    "SD.U": ("Register", 0),
    "SD": ("Register", 3),
    "SDI.U": ("Immediate", 0),
    "SDI": ("Immediate", 3),
    "SH.PCR": ("PCRelative", 2),
    "SH.U": ("Register", 0),
    "SH": ("Register", 1),
    "SHI.U": ("Immediate", 0),
    "SHI": ("Immediate", 1),
    "SW.PCR": ("PCRelative", 2),
    "SW.U": ("Register", 0),
    "SW": ("Register", 2),
    "SWI.U": ("Immediate", 0),
    "SWI": ("Immediate", 2),
}

def die(msg):
    sys.stderr.write("isa-import: %s\n" % msg)
    sys.exit(1)


def combined(enc):
    mask = match = 0
    shift = 0
    for part in sorted(enc, key=lambda e: e["index"]):
        mask |= int(part["mask"], 16) << shift
        match |= int(part["match"], 16) << shift
        shift += part["width_bits"]
    return mask, match


def field_kind_default(f):
    return "i"


def lc(name):
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


# ---------------------------------------------------------------------------
# Scalar syntax: rewrite the catalog template into our regular notation.

def scalar_syntax(form):
    asm = form["asm"]
    mnem = form["mnemonic"]
    fields = {f["name"]: f for f in form["fields"]}
    used = set()
    m = re.match(r"^([^<\s]+)(<\.\{[^}]*\}>)?\s*(.*)$", asm)
    head, rest = m.group(1), m.group(3)
    out_mn = mnem.lower()
    if m.group(2):
        ordf = [n for n in ("aq", "rl", "far") if n in fields]
        out_mn += "{%s:ord}" % "+".join(ordf)
        used.update(ordf)
    elif "<" in head:
        die("unhandled mnemonic decoration: %s" % asm)
    rest = rest.strip()
    ops = split_ops(rest) if rest else []
    out = []
    imm_fields = [f["name"] for f in form["fields"]
                  if f["name"] not in GPR_FIELDS | DST_FIELDS
                  and f["name"] not in ("SrcRType", "shamt", "aq", "rl", "far",
                                        "SrcZero", "SrcType", "DstType", "model")]
    pcrel = PCREL.get(mnem)
    pending_dst = False
    for op in ops:
        o = op.strip()
        if o in ("->{t, u, Rd}", "{->t, ->u, ->Rd}"):
            out.append("->{RegDst:d}")
            used.add("RegDst")
            continue
        if o == "->Dst0":
            out.append("->{RegDst0:d}")
            used.add("RegDst0")
            pending_dst = True
            continue
        if o == "Dst1" and pending_dst:
            out.append("{RegDst1:d}")
            used.add("RegDst1")
            continue
        if o in ("->t", "->ra", "->Ra"):
            out.append(o.lower())
            continue
        out.append(rewrite_operand(o, form, fields, used, imm_fields, pcrel))
    # Fields the catalog template does not show become optional keyed operands.
    for f in form["fields"]:
        if f["name"] not in used:
            out.append("{%s:k}" % f["name"])
            used.add(f["name"])
    s = out_mn
    if out:
        s += " " + ", ".join(out)
    return s


def split_ops(s):
    """Split a template at top-level commas ([], {} and <> group)."""
    ops, depth, angle, cur = [], 0, 0, ""
    for i, ch in enumerate(s):
        prev = s[i - 1] if i else ""
        nxt = s[i + 1] if i + 1 < len(s) else ""
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        elif ch == "<" and prev != "<" and nxt != "<":
            angle += 1
        elif ch == ">" and angle > 0 and prev != "-":
            angle -= 1
        if ch == "," and depth == 0 and angle == 0:
            ops.append(cur)
            cur = ""
        else:
            cur += ch
    ops.append(cur)
    return [o.strip() for o in ops if o.strip()]


def take_imm(imm_fields, used, prefix=None):
    for n in imm_fields:
        if n in used:
            continue
        if prefix is None or n.lower().startswith(prefix):
            used.add(n)
            return n
    return None


def rewrite_operand(o, form, fields, used, imm_fields, pcrel):
    mnem = form["mnemonic"]
    fam = form["semantic_family"]
    in_mem = o.startswith("[")
    body = o[1:-1] if in_mem else o
    parts = [p.strip() for p in split_ops(body)] if in_mem else [body]
    res = []
    for p in parts:
        res.append(rewrite_atom(p, form, fields, used, imm_fields, pcrel,
                                in_mem, fam, mnem))
    text = ", ".join(res)
    return "[" + text + "]" if in_mem else text


def rewrite_atom(p, form, fields, used, imm_fields, pcrel, in_mem, fam, mnem):
    # register with optional modifier and shift
    m = re.match(r"^(SrcL|srcL|SrcR|srcR|SrcD|SrcD1|SrcA|SrcP)"
                 r"(<[^>]*>)?(<<<shamt>|<<[0-9])?$", p)
    if m:
        name = m.group(1)
        name = name[0].upper() + name[1:]
        if name not in fields:
            die("%s: operand %s has no field" % (mnem, name))
        used.add(name)
        s = "{%s:r}" % name
        if m.group(2):
            mods = m.group(2)
            if "SrcRType" not in fields:
                die("%s: modifier without SrcRType" % mnem)
            used.add("SrcRType")
            if in_mem:
                table = MOD_ADDRESS
            elif mods == "<.neg>":
                table = MOD_SELECT
            elif fam == "BRU":
                table = MOD_COMPARE if ".not" in mods else MOD_RELATION
            elif ".not" in mods:
                table = MOD_BINARY_NOT
            else:
                table = MOD_BINARY_NEG
            s += "{SrcRType:m=%s}" % table
        if m.group(3):
            if m.group(3) == "<<<shamt>":
                used.add("shamt")
                s += "{shamt:sh}"
            else:
                s += m.group(3)
        return s
    if p == "t#1":
        return "t#1"
    if p in ("label", "symbol", "<symbol>"):
        if pcrel:
            used.add(pcrel[0])
            return "{%s:%s}" % pcrel
        n = take_imm(imm_fields, used, "simm")
        if n is None:
            die("%s: no displacement field" % mnem)
        if "PCR" in mnem:
            return "{%s:pa=2}" % n
        return "{%s:i}" % n
    if p in ("simm", "uimm", "imm", "pred_imm", "succ_imm", "rst_type",
             "rra_type", "SSR_ID", "SSR-ID", "LSR_ID"):
        if pcrel:
            used.add(pcrel[0])
            return "{%s:%s}" % pcrel
        pref = {"simm": "simm", "uimm": "uimm", "imm": "imm",
                "pred_imm": "pred", "succ_imm": "succ", "rst_type": "rst",
                "rra_type": "rra", "SSR_ID": "ssr", "SSR-ID": "ssr",
                "LSR_ID": "lsr"}[p]
        n = take_imm(imm_fields, used, pref)
        if n is None:
            n = take_imm(imm_fields, used, None)
        if n is None:
            die("%s: no field for %s in %s" % (mnem, p, form["asm"]))
        scale = AGU.get(mnem, ("", 0))[1] if in_mem else 0
        return "{%s:i=%d}" % (n, scale) if scale else "{%s:i}" % n
    if p == "shamt":
        used.add("shamt")
        return "{shamt:i}"
    if p == "M":
        for n in ("imms", "immr"):
            if n in fields and n not in used:
                if mnem == "HL.BFI":
                    n = "immr"
                used.add(n)
                return "{%s:i}" % n
        die("%s: no M field" % mnem)
    if p == "N":
        if "imml" in fields and "imml" not in used:
            used.add("imml")
            return "{imml:p1}"
        if "imms" in fields and "imms" not in used:
            used.add("imms")
            return "{imms:i}"
        die("%s: no N field" % mnem)
    die("%s: cannot rewrite operand '%s' of '%s'" % (mnem, p, form["asm"]))


# ---------------------------------------------------------------------------
# Command syntax: written out here, one per catalog template, in the same
# regular notation.  Key: (mnemonic, catalog asm).

CMD_SYNTAX = {
    ("B.CATR", "B.CATR {trap, atomic, <aq, rl, aqrl>, far, dr}"):
        ["b.catr {trap:f=trap}, {atom:f=atomic}, {aq:f=aq}, {rl:f=rl}, {far:f=far}, {DR:f=dr}"],
    ("B.DATR", None):
        ["b.datr layout={Layout:i}, datatype={DataType:i}, pad={PadValueOrByteId:i}, cmode={CMode:i}, rmode={RMode:i}, {Sat:f=sat}, {Canonicalize:f=canonicalize}"],
    ("B.DIM", "B.DIM RegSrc, uimm, ->LB0"): ["b.dim {RegSrc:r}, {uimm17:i}, ->lb0"],
    ("B.DIM", "B.DIM RegSrc, uimm, ->LB1"): ["b.dim {RegSrc:r}, {uimm17:i}, ->lb1"],
    ("B.DIM", "B.DIM RegSrc, uimm, ->LB2"): ["b.dim {RegSrc:r}, {uimm17:i}, ->lb2"],
    ("B.HINT", "B.HINT {BR.{likely, unlikely}, TEMP.{hot, warm, cool, none}, PRFSIZE}"):
        ["b.hint br={L/UL:i}, {V:f=valid}, temp={temp:i}, prfsize={prefetch_size:i}"],
    ("B.HINT", "B.HINT TRACE.{begin, end}"): ["b.hint trace={B/E:i}"],
    ("B.IOR", None): ["b.ior {RegSrc0:r}, {RegSrc1:r}, {RegSrc2:r}, ->{RegDst:d}"],
    ("B.IOT", "B.IOT SrcTile0, mask=PE_MASK, <last>, ->DstTile<SizeCode>"):
        ["b.iot {SrcTile0:tile}, mask={PEMode:pem}, {L:f=last}, ->{DstTile:hand}<{SizeCode:b4}>"],
    ("B.IOT", "B.IOT SrcTile0, SrcTile1, mask=PE_MASK, <last>"):
        ["b.iot {SrcTile0:tile}, {SrcTile1:tile}, mask={PEMode:pem}, {L:f=last}"],
    ("B.IOT", "B.IOT SrcTile0, SrcTile1, mask=PE_MASK, <last>, ->DstTile<SizeCode>"):
        ["b.iot {SrcTile0:tile}, {SrcTile1:tile}, mask={PEMode:pem}, {L:f=last}, ->{DstTile:hand}<{SizeCode:b4}>"],
    ("B.IOT", "B.IOT SrcTile0, mask=PE_MASK, <last>"):
        ["b.iot {SrcTile0:tile}, mask={PEMode:pem}, {L:f=last}"],
    ("B.IOT", "B.IOT mask=PE_MASK, <last>, ->DstTile<SizeCode>"):
        ["b.iot mask={PEMode:pem}, {L:f=last}, ->{DstTile:hand}<{SizeCode:b4}>"],
    ("B.IOS", None): ["[SizeCode=0]b.ios {SharedTID:s}, mask={PEMode:pem}",
                      "b.ios mask={PEMode:pem}, ->{SharedTID:s}<{SizeCode:b4}>"],
    ("BSTART", "BSTART DIRECT, <label>"): ["bstart direct, {simm25:pc=1}"],
    ("BSTART", "BSTART COND, <label>"): ["bstart cond, {simm25:pc=1}"],
    ("BSTART.CALL", None): ["bstart.call {simm12:pc=1}, {uimm5:pcl=1}, ->ra"],
    ("BSTART.ICALL", None): ["bstart.icall {uimm5:pcl=1}, ->ra"],
    ("BSTART.FP", "BSTART.FP RET"): ["bstart.fp ret"],
    ("BSTART.FP", "BSTART.FP COND, <label>"): ["bstart.fp cond, {simm17:pc=1}"],
    ("BSTART.FP", "BSTART.FP IND"): ["bstart.fp ind"],
    ("BSTART.FP", "BSTART.FP DIRECT, <label>"): ["bstart.fp direct, {simm17:pc=1}"],
    ("BSTART.FP", "BSTART.FP FALL"): ["bstart.fp fall"],
    ("BSTART.STD", "BSTART.STD COND, <label>"): ["bstart.std cond, {simm17:pc=1}"],
    ("BSTART.STD", "BSTART.STD FALL"): ["bstart.std fall"],
    ("BSTART.STD", "BSTART.STD RET"): ["bstart.std ret"],
    ("BSTART.STD", "BSTART.STD IND"): ["bstart.std ind"],
    ("BSTART.STD", "BSTART.STD DIRECT, <label>"): ["bstart.std direct, {simm17:pc=1}"],
    ("BSTART.SYS", None): ["bstart.sys fall"],
    # canonical: the VEC / SFU engine alias (PTO-BLOCK-BSTART-VEC, -SFU)
    ("BSTART.TEPL", None): ["bstart.vec {Function:top=VEC}, {DataType:dt}",
                            "bstart.sfu {Function:top=SFU}, {DataType:dt}",
                            "bstart.tepl mode={Mode:i}, function={Function:i}, {DataType:dt}"],
    ("BSTOP", None): ["bstop"],
    ("C.B.DIMI", None): ["[LoopNest=0]c.b.dimi {imm8:i}, ->lb0",
                         "[LoopNest=1]c.b.dimi {imm8:i}, ->lb1",
                         "[LoopNest=2]c.b.dimi {imm8:i}, ->lb2"],
    ("C.BSTART", "C.BSTART COND,  label"): ["c.bstart cond, {simm12:pc=1}"],
    ("C.BSTART", "C.BSTART DIRECT, label"): ["c.bstart direct, {simm12:pc=1}"],
    ("C.BSTART.FP", None): ["[BrType=1]c.bstart.fp fall", "[BrType=5]c.bstart.fp ind",
                            "[BrType=7]c.bstart.fp ret"],
    ("C.BSTART.STD", None): ["[BrType=1]c.bstart.std fall", "[BrType=5]c.bstart.std ind",
                             "[BrType=7]c.bstart.std ret"],
    ("C.BSTART.SYS", None): ["c.bstart.sys fall"],
    ("C.BSTOP", None): ["c.bstop"],
    ("ERCOV", None): ["ercov [{RegSrc0:r}, {RegSrc1:r}, {RegSrc2:r}]"],
    ("ESAVE", None): ["esave [{RegSrc0:r}, {RegSrc1:r}, {RegSrc2:r}]"],
    ("FENTRY", None): ["fentry [{SrcBegin:r} ~ {SrcEnd:r}], sp!, {uimm:i}"],
    ("FEXIT", None): ["fexit [{DstBegin:r} ~ {DstEnd:r}], sp!, {uimm:i}"],
    ("FRET.RA", None): ["fret.ra [{DstBegin:r} ~ {DstEnd:r}], sp!, {uimm:i}"],
    ("FRET.STK", None): ["fret.stk [{DstBegin:r} ~ {DstEnd:r}], sp!, {uimm:i}"],
    ("HL.QMT", None): ["hl.qmt {SrcL:r}, {SrcR:r}, ->{RegDst:d}, {i:f=i}, {e:f=e}, {s:f=s}, {r:f=r}"],
    ("HL.QPOP", None): ["hl.qpop {SrcL:r}, ->{RegDst0:d}, {RegDst1:d}, {e:f=e}, {r:f=r}"],
    ("HL.QPUSH", None): ["hl.qpush {SrcL:r}, {SrcR:r}, ->{RegDst:d}, {h:f=h}, {e:f=e}, {r:f=r}"],
    ("MCOPY", None): ["mcopy [{RegSrc0:r}, {RegSrc1:r}, {RegSrc2:r}]"],
    ("MSET", None): ["mset [{RegSrc0:r}, {RegSrc1:r}, {RegSrc2:r}]"],
    ("XB", None): ["xb acr={ACR-ID:i}, bid={CROSS-BID:i}"],
    ("L.BSTOP", None): ["l.bstop"],
    ("B.FPATR", None): ["b.fpatr prequant={PreQuantMode:i}, relu={ReluMode:i}, groupn={GroupNCode:i}, {RowMaxEn:f=rowmax}, {GroupMaxEn:f=groupmax}, {RowMaxInit:f=rowmaxinit}, {MaxAbsEn:f=maxabs}, {TransA:f=transa}, {TransB:f=transb}"],
}


def command_syntax(form):
    mn, asm = form["mnemonic"], form["asm"]
    if (mn, asm) in CMD_SYNTAX:
        lines = CMD_SYNTAX[(mn, asm)]
    elif (mn, None) in CMD_SYNTAX:
        lines = CMD_SYNTAX[(mn, None)]
    elif re.match(r"^BSTART\.[A-Z.]+ DataType$", asm):
        lines = ["%s {DataType:dt}" % mn.lower()]
    else:
        die("no command syntax for %s: %s" % (mn, asm))
    names = {f["name"] for f in form["fields"]}
    out = []
    for line in lines:
        placed = set(re.findall(r"\{([^:}]+):", line))
        for g in re.findall(r"^\[([^=\]]+)=", line):
            placed.add(g)
        for p in list(placed):
            if "+" in p:
                placed.update(p.split("+"))
        if ":top=" in line:
            placed.add("Mode")      # a tile-operation name sets Mode and Function
        missing = [f["name"] for f in form["fields"] if f["name"] not in placed]
        extra = [p for p in placed if p not in names and "+" not in p]
        if extra:
            die("%s: syntax names unknown fields %s" % (mn, extra))
        for n in missing:
            line += ("," if " " in line else "") + " {%s:k}" % n
        out.append(line)
    return out


# ---------------------------------------------------------------------------

def fmt_field(f):
    sign = {"signed": "s", "unsigned": "u", "encoding-defined": "e"}[f["signedness"]]
    pieces = " ".join("%d:%d@%d" % (p["instruction_lsb"], p["width"], p["value_lsb"])
                      for p in f["pieces"])
    return "  field %s %s%d %s" % (f["name"], sign, f["width"], pieces)


def fmt_constraint(c):
    if c["operator"] == "one-of":
        return "  require %s in %s" % (c["field"], ",".join(str(v) for v in c["values"]))
    if c["operator"] == "not-equal":
        return "  require %s != %d" % (c["field"], c["value"])
    die("unknown constraint operator %s" % c["operator"])


def hexw(v, bits):
    return "0x%0*x" % ((bits + 3) // 4, v)


def emit_form(out, form, cls, syntax_lines, mnemonic=None, form_id=None,
              encoding=None, extra=None):
    mn = mnemonic or form["mnemonic"]
    fid = form_id or form["form_id"]
    mask, match = combined(encoding or form["encoding"])
    bits = form["length_bits"]
    out.append("form %s" % fid)
    out.append("  mnemonic %s" % mn)
    out.append("  length %d %s" % (bits, form["encoding_kind"]))
    out.append("  class %s %s %s" % (cls, form["semantic_family"], form["semantic_handler"]))
    out.append("  encode %s %s" % (hexw(match, bits), hexw(mask, bits)))
    for f in form["fields"]:
        out.append(fmt_field(f))
    for c in form.get("constraints", []):
        out.append(fmt_constraint(c))
    if form["mnemonic"] in AGU and mnemonic is None:
        out.append("  agu %s %d" % AGU[form["mnemonic"]])
    for line in extra or []:
        out.append(line)
    for s in syntax_lines:
        out.append("  syntax %s" % s)
    out.append("end")
    out.append("")


def apply_adr0097(form):
    """B.IOS: SharedTileID narrows to 6 bits at [25:20], [27:26] reserved."""
    if form["mnemonic"] != "B.IOS":
        return form
    form = json.loads(json.dumps(form))
    form["encoding"] = [{"index": 0, "mask": "0x%08x" % ADR0097_BIOS_MASK,
                         "match": "0x%08x" % ADR0097_BIOS_MATCH, "width_bits": 32}]
    for f in form["fields"]:
        if f["name"] == "SharedTID":
            f["width"] = 6
            f["pieces"] = [{"instruction_lsb": 20, "value_lsb": 0, "width": 6}]
    return form


HEADER = """# SPDX-License-Identifier: GPL-2.0-or-later
# PTO ISA 0.58.3 + ADR 0097: %s.
# Derived from the spec's machine-readable catalogs by scripts/isa-import.py;
# this committed file is the source of truth for decoder, assembler and
# disassembler.  Format: docs/isa-tables.md.
"""


def main():
    if len(sys.argv) != 3:
        die("usage: isa-import.py CATALOG_DIR OUT_DIR")
    cat, outdir = sys.argv[1], sys.argv[2]
    load = lambda n: json.load(open(os.path.join(cat, n)))
    scalar = load("scalar-forms.json")
    command = load("command-forms.json")
    reserved = load("extension-encoding-reservations.json")
    sysregs = load("system-registers.json")
    tileops = load("tile-operations.json")
    os.makedirs(outdir, exist_ok=True)

    out = [HEADER % "scalar forms"]
    for form in scalar["forms"]:
        emit_form(out, form, "scalar", [scalar_syntax(form)])
    open(os.path.join(outdir, "scalar.isa"), "w").write("\n".join(out))

    out = [HEADER % "command and block-boundary forms"]
    for form in command["forms"]:
        form = apply_adr0097(form)
        emit_form(out, form, "command", command_syntax(form))
        for var in form.get("encoding_variants", []):
            name = "BSTART." + var["name"]
            emit_form(out, form, "command",
                      ["%s {DataType:dt}" % name.lower()], mnemonic=name,
                      form_id="%s.f%d" % (form["form_id"], var["function"]),
                      encoding=var["encoding"],
                      extra=["  variant %s %d" % (var["name"], var["function"])])
    open(os.path.join(outdir, "command.isa"), "w").write("\n".join(out))

    out = [HEADER % "reserved extension encodings (always illegal)"]
    for r in reserved["reservations"]:
        mask, match = combined(r["encoding"])
        bits = r["length_bits"]
        out.append("reserved %s %d %s %s" % (r["mnemonic"], bits,
                                             hexw(match, bits), hexw(mask, bits)))
        for f in r.get("fields", []):
            f = dict(f)
            f.setdefault("signedness", "encoding-defined")
            out.append(fmt_field(f))
        for c in r.get("constraints", []):
            out.append(fmt_constraint(c))
        out.append("end")
    out.append("")
    open(os.path.join(outdir, "reserved.isa"), "w").write("\n".join(out))

    out = [HEADER % "system registers and trap numbers"]
    for r in sysregs["registers"]:
        if "address" in r:
            where = "address=%s" % r["address"]
        elif "fixed_context" in r:
            where = "index=%s acr=%d" % (r["low_index"], r["fixed_context"])
        else:
            where = "index=%s" % r["low_index"]
        out.append("sysreg %s %s %s %s" % (r["name"], r["access"], r["scope"], where))
    for t in sysregs["trap_numbers"]:
        out.append("trap %d %s %s %s" % (t["number"], t["name"], t["argument"], t["restart"]))
    out.append("")
    open(os.path.join(outdir, "sysregs.isa"), "w").write("\n".join(out))

    out = [HEADER % "tile operations"]
    for op in tileops["operations"]:
        operands = ",".join("%s:%s" % (o["field"], o["role"]) for o in op.get("operands", []))
        out.append("tileop %s %s %s mode=%s function=%s selector=%s handler=%s operands=%s" % (
            op["name"], op["engine"], op["command_mnemonic"], op.get("mode", "-"),
            op.get("function", "-"), op.get("selector", "-"),
            op.get("semantic_handler", "-"), operands or "-"))
    out.append("")
    open(os.path.join(outdir, "tile-ops.isa"), "w").write("\n".join(out))


if __name__ == "__main__":
    main()
