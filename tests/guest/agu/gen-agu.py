#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the AGU guest tests (loads.s, stores.s, pairs.s, misc.s, resv.s).

Expected values come from the small model below, written from the AGU
rules (PTO-SCALAR-MODEL-DISPATCH-AGU): address = base + offset (post-index
accesses the base), offset = imm << scale or modifier(SrcR) << shift,
little-endian memory, sign/zero extension by form.  The form list is
written out from the mnemonics, independently of the emulator; when the
spec catalog is at hand (argument 1: scalar-forms.json) it is checked
against the catalog's agu records.

Usage: gen-agu.py [scalar-forms.json]   (run in this directory)
"""
import json
import sys

M64 = (1 << 64) - 1
SIZES = {"B": 1, "H": 2, "W": 4, "D": 8}
LOG2 = {1: 0, 2: 1, 4: 2, 8: 3}


def forms():
    """(mnemonic, action, kind, size, signed, scale, update, length)"""
    out = []
    # L32 loads
    for s in "BHWD":
        for u in ([""] if s == "D" else ["", "U"]):
            sz, sg = SIZES[s], (u == "" and s != "D")
            out.append(("L%s%s" % (s, u), "Load", "Register", sz, sg, 0, "None", 32))
            out.append(("L%s%s.PCR" % (s, u), "Load", "PCRelative", sz, sg, 2, "None", 32))
            out.append(("L%s%sI" % (s, u), "Load", "Immediate", sz, sg, LOG2[sz], "None", 32))
            if s != "B":
                out.append(("L%s%sI.U" % (s, u), "Load", "Immediate", sz, sg, 0, "None", 32))
            # HL48 loads
            out.append(("HL.L%s%s.PCR" % (s, u), "Load", "PCRelative", sz, sg, 2, "None", 48))
            out.append(("HL.L%s%sI" % (s, u), "Load", "Immediate", sz, sg, LOG2[sz], "None", 48))
            for m, up in (("PR", "PreIndex"), ("PO", "PostIndex")):
                out.append(("HL.L%s%s.%s" % (s, u, m), "Load", "Register", sz, sg, 0, up, 48))
                out.append(("HL.L%s%sI.%s" % (s, u, m), "Load", "Immediate", sz, sg, LOG2[sz], up, 48))
                if s != "B":
                    out.append(("HL.L%s%sI.U%s" % (s, u, m), "Load", "Immediate", sz, sg, 0, up, 48))
            if s != "B":
                out.append(("HL.L%s%sI.U" % (s, u), "Load", "Immediate", sz, sg, 0, "None", 48))
                out.append(("HL.L%s%sIP.U" % (s, u), "LoadPair", "Immediate", sz, sg, 0, "None", 48))
            out.append(("HL.L%s%sIP" % (s, u), "LoadPair", "Immediate", sz, sg, LOG2[sz], "None", 48))
            out.append(("HL.L%s%sP" % (s, u), "LoadPair", "Register", sz, sg, 0, "None", 48))
    for s in "BHWD":
        sz = SIZES[s]
        sc = LOG2[sz]
        out.append(("S%s" % s, "Store", "Register", sz, False, sc, "None", 32))
        out.append(("S%s.PCR" % s, "Store", "PCRelative", sz, False, 2, "None", 32))
        out.append(("S%sI" % s, "Store", "Immediate", sz, False, sc, "None", 32))
        out.append(("HL.S%s.PCR" % s, "Store", "PCRelative", sz, False, 2, "None", 48))
        out.append(("HL.S%sI" % s, "Store", "Immediate", sz, False, sc, "None", 48))
        out.append(("HL.S%sIP" % s, "StorePair", "Immediate", sz, False, sc, "None", 48))
        out.append(("HL.S%sP" % s, "StorePair", "Register", sz, False, sc, "None", 48))
        for m, up in (("PR", "PreIndex"), ("PO", "PostIndex")):
            out.append(("HL.S%s.%s" % (s, m), "Store", "Register", sz, False, sc, up, 48))
            out.append(("HL.S%sI.%s" % (s, m), "Store", "Immediate", sz, False, sc, up, 48))
            if s != "B":
                out.append(("HL.S%s.U%s" % (s, m), "Store", "Register", sz, False, 0, up, 48))
                out.append(("HL.S%sI.U%s" % (s, m), "Store", "Immediate", sz, False, 0, up, 48))
        if s != "B":
            out.append(("S%s.U" % s, "Store", "Register", sz, False, 0, "None", 32))
            out.append(("S%sI.U" % s, "Store", "Immediate", sz, False, 0, "None", 32))
            out.append(("HL.S%sI.U" % s, "Store", "Immediate", sz, False, 0, "None", 48))
            out.append(("HL.S%sIP.U" % s, "StorePair", "Immediate", sz, False, 0, "None", 48))
            out.append(("HL.S%sP.U" % s, "StorePair", "Register", sz, False, 0, "None", 48))
    out += [("C.LDI", "Load", "Compressed", 8, False, 3, "None", 16),
            ("C.LWI", "Load", "Compressed", 4, True, 2, "None", 16),
            ("C.SDI", "Store", "Compressed", 8, False, 3, "None", 16),
            ("C.SWI", "Store", "Compressed", 4, False, 2, "None", 16)]
    for mn, k in (("PRF", "Register"), ("PRFI.U", "Immediate"), ("HL.PRF", "Register"),
                  ("HL.PRF.A", "Register"), ("HL.PRFI.U", "Immediate"), ("HL.PRFI.UA", "Immediate")):
        out.append((mn, "Prefetch", k, 1, False, 0, "None", 48 if mn.startswith("HL") else 32))
    return out


FORMS = forms()


def check_catalog(path):
    cat = {f["mnemonic"]: f for f in json.load(open(path))["forms"] if f["semantic_family"] == "AGU"}
    mine = {f[0]: f for f in FORMS}
    assert set(cat) == set(mine), (set(cat) ^ set(mine))
    for mn, f in cat.items():
        a = f["agu"]
        got = (mn, a["action"], a["address_kind"], a["size_bytes"],
               a["signed_load"] and a["size_bytes"] < 8 or (a["signed_load"] and False),
               a["offset_scale"], a["update_mode"], f["length_bits"])
        m = mine[mn]
        exp = (m[0], m[1], m[2], m[3], m[4] and m[3] < 8, m[5], m[6], m[7])
        assert got[:4] == exp[:4] and got[5:] == exp[5:] and got[4] == exp[4], (got, exp)
    print("form list agrees with the catalog (%d forms)" % len(cat))


# ---- memory model ----
BUF = bytes(((i * 0x9d + 0x81) & 0xff) for i in range(256))   # buf: the load source
MID = 128                                                       # a0 = buf + MID


def ld(off, size, signed):
    v = int.from_bytes(BUF[MID + off:MID + off + size], "little")
    if signed and v >> (size * 8 - 1):
        v -= 1 << (size * 8)
    return v & M64


def mn_lower(mn):
    return mn.lower()


HEADER = """; SPDX-License-Identifier: GPL-2.0-or-later
; Generated by gen-agu.py: do not edit.  %s
    .include "../testlib.inc"
    .macro set reg, value
    li64 \\value
    add x3, zero, ->\\reg
    .endm
    .text
    .globl _start
_start:
    hl.liu buf + %d, ->a0
"""

DATA = """
    .data
    .p2align 4
buf:
%s
sbuf:
    .dword 0, 0, 0, 0, 0, 0, 0, 0
"""


def data_lines():
    return "\n".join("    .byte " + ", ".join("0x%02x" % b for b in BUF[i:i + 16])
                     for i in range(0, 256, 16))


class Prog:
    def __init__(self, title):
        self.lines = [HEADER % (title, MID)]
        self.case = 0

    def c(self, comment):
        self.case += 1
        assert self.case < 256
        self.lines.append("    case %d                          ; %s" % (self.case, comment))

    def o(self, s):
        self.lines.append("    " + s)

    def text(self):
        return "\n".join(self.lines) + "\n    test_end\n" + DATA % data_lines()


# offsets for the immediate forms: varied signs, multiples of the size
def imm_offsets(size, scale):
    step = size
    return [-3 * step * (1 if scale == 0 else 1), 5 * step, -step * 16 if size < 8 else -64]


MODS = ["", ".sw", ".uw", ".neg"]


def reg_offset_setup(p, size, idx, shift):
    """Put in a1 a value whose modifier(.)<<shift is a byte offset; return (operand, off)."""
    mod = MODS[idx % 4]
    want = [-(size * 7), size * 3, size * 9, -(size * 2)][idx % 4]
    if shift > LOG2[size]:
        shift = LOG2[size]
    unit = want >> shift
    if mod == "":
        val = unit & M64
        off = want
    elif mod == ".sw":     # garbage above bit 31, low word negative
        val = (0x5a5a5a5a00000000 | (unit & 0xffffffff)) & M64
        off = want
    elif mod == ".uw":     # garbage above bit 31, low word positive
        val = 0xa5a5a5a500000000 | (unit & 0xffffffff)
        off = want
    else:                  # .neg: the register holds -unit
        val = (-unit) & M64
        off = want
    p.o("set a1, 0x%x" % val)
    return "a1%s%s" % (mod, "<<%d" % shift if shift else ""), off, shift


def gen_loads():
    p = Prog("Loads: every load form, every addressing mode.")
    n = 0
    for f in FORMS:
        mn, act, kind, size, sg, scale, upd, length = f
        if act != "Load":
            continue
        m = mn_lower(mn)
        n += 1
        if kind == "Immediate":
            for off in imm_offsets(size, scale)[n % 2:n % 2 + 2]:
                if upd == "None":
                    p.c("%s [a0, %d]" % (m, off))
                    p.o("%s [a0, %d], ->a2" % (m, off))
                    p.o("check_eq a2, 0x%x" % ld(off, size, sg))
                else:
                    p.c("%s [a0, %d], ->a2, a3" % (m, off))
                    p.o("add a0, zero, ->a4")
                    p.o("%s [a4, %d], ->a2, a3" % (m, off))
                    acc = off if upd == "PreIndex" else 0
                    p.o("check_eq a2, 0x%x" % ld(acc, size, sg))
                    p.o("check_eq a3, buf + %d" % (MID + off))
                    p.o("check_same a4, a0")
        elif kind == "Register":
            for idx in (n, n + 1):
                shift = (idx % 3)
                p.c("%s register offset, modifier %s" % (m, MODS[idx % 4] or "none"))
                opnd, off, sh = reg_offset_setup(p, size, idx, shift)
                if upd == "None":
                    p.o("%s [a0, %s], ->a2" % (m, opnd))
                    p.o("check_eq a2, 0x%x" % ld(off, size, sg))
                else:
                    p.o("add a0, zero, ->a4")
                    p.o("%s [a4, %s], ->a2, a3" % (m, opnd))
                    acc = off if upd == "PreIndex" else 0
                    p.o("check_eq a2, 0x%x" % ld(acc, size, sg))
                    p.o("check_eq a3, buf + %d" % (MID + off))
                    p.o("check_same a4, a0")
        elif kind == "PCRelative":
            for off in (0, 24 if size == 8 else 20):
                # the label buf+MID+off is 4-aligned; the form's scale is 4
                p.c("%s [buf + %d]" % (m, MID + off))
                p.o("%s [buf + %d], ->a2" % (m, MID + off))
                p.o("check_eq a2, 0x%x" % ld(off, size, sg))
        elif kind == "Compressed":
            for off in (-size * 2, size * 15, -size * 16):
                p.c("%s [a0, %d], ->t" % (m, off))
                p.o("%s [a0, %d], ->t" % (m, off))
                p.o("c.movr t#1, ->a2")
                p.o("check_eq a2, 0x%x" % ld(off, size, sg))
    return p



# ---- stores ----
P_FILL = 0xa5a5a5a5a5a5a5a5
D0 = 0xf1e2d3c4b5a69788
D1 = 0x0123456789abcdef
SMID = 32                                   # s0 = sbuf + SMID


def store_model(addr_off, size, values):
    mem = bytearray(P_FILL.to_bytes(8, "little") * 8)
    for i, v in enumerate(values):
        a = SMID + addr_off + i * size
        mem[a:a + size] = (v & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    return mem


def check_sbuf(p, mem, addr_off, span):
    lo = max(0, (SMID + addr_off) // 8 - 1)
    hi = min(7, (SMID + addr_off + span - 1) // 8 + 1)
    for k in range(lo, hi + 1):
        p.o("ldi [s2, %d], ->a2" % (k * 8))
        p.o("check_eq a2, 0x%x" % int.from_bytes(mem[k * 8:k * 8 + 8], "little"))


def fill(p):
    for k in range(8):
        p.o("sdi s1, [s2, %d]" % (k * 8))


STORE_SETUP = """    set s1, 0x%x
    set s3, 0x%x
    set s4, 0x%x
    hl.liu sbuf, ->s2
    hl.liu sbuf + %d, ->s0
""" % (P_FILL, D0, D1, SMID)


def store_forms():
    """(n, mnemonic, lower-case name, kind, size, update, values, data
    operands) of every store and store-pair form, n counting from 1."""
    n = 0
    for f in FORMS:
        mn, act, kind, size, sg, scale, upd, length = f
        if act not in ("Store", "StorePair"):
            continue
        n += 1
        pair = act == "StorePair"
        yield (n, mn, mn_lower(mn), kind, size, upd, [D0, D1] if pair else [D0],
               "s3, s4" if pair else "s3")


def gen_stores():
    p = Prog("Stores and store pairs: every form, every addressing mode.")
    p.lines.append(STORE_SETUP)
    for n, mn, m, kind, size, upd, vals, data in store_forms():
        span = size * len(vals)
        if kind == "Immediate":
            offs = [-size * 2, size] if size < 8 else [-16, 8]
            for off in offs[n % 2:] + offs[:n % 2]:
                p.c("%s %s, [s0, %d]" % (m, data, off))
                fill(p)
                if upd == "None":
                    p.o("%s %s, [s0, %d]" % (m, data, off))
                else:
                    p.o("add s0, zero, ->a4")
                    p.o("%s %s, [a4, %d], ->a3" % (m, data, off))
                    p.o("check_eq a3, sbuf + %d" % (SMID + off))
                    p.o("check_same a4, s0")
                acc = 0 if upd == "PostIndex" else off
                check_sbuf(p, store_model(acc, size, vals), acc, span)
        elif kind == "Register":
            shift = 0 if (".U" in mn or mn.endswith("P.U")) else LOG2[size]
            for idx in (n, n + 1):
                mod = MODS[idx % 4]
                want = [-(size * 2), size, size * 2, -size][idx % 4]
                unit = want >> shift
                val = {"" : unit & M64, ".sw": 0x5a5a5a5a00000000 | (unit & 0xffffffff),
                       ".uw": 0xa5a5a5a500000000 | (unit & 0xffffffff), ".neg": (-unit) & M64}[mod]
                opnd = "a1" + mod + ("<<%d" % shift if shift else "")
                p.c("%s %s, [s0, %s] with a1 = 0x%x" % (m, data, opnd, val))
                fill(p)
                p.o("set a1, 0x%x" % val)
                if upd == "None":
                    p.o("%s %s, [s0, %s]" % (m, data, opnd))
                else:
                    p.o("add s0, zero, ->a4")
                    p.o("%s %s, [a4, %s], ->a3" % (m, data, opnd))
                    p.o("check_eq a3, sbuf + %d" % (SMID + want))
                    p.o("check_same a4, s0")
                acc = 0 if upd == "PostIndex" else want
                check_sbuf(p, store_model(acc, size, vals), acc, span)
        elif kind == "PCRelative":
            for off in (-8, 4 if size < 8 else 8):
                p.c("%s s3, [sbuf + %d]" % (m, SMID + off))
                fill(p)
                p.o("%s s3, [sbuf + %d]" % (m, SMID + off))
                check_sbuf(p, store_model(off, size, vals), off, span)
        elif kind == "Compressed":
            for off in (-size * 4, size * 3):
                p.c("%s t#1, [s0, %d]" % (m, off))
                fill(p)
                p.o("add s3, zero, ->t")
                p.o("%s t#1, [s0, %d]" % (m, off))
                check_sbuf(p, store_model(off, size, vals), off, span)
    return p


def gen_resv():
    """Every store form breaks an LR reservation on the granule it writes
    (PTO-SCALAR-MODEL-AGU-MEMORY StoreTranslated; the 64-byte monitor of
    PTO-SCALAR-MODEL-AMO-SEMANTICS), even when it writes the bytes the
    granule already holds: LR.D, the store, SC.D -> 1 (nothing stored).
    The same store leaves a reservation on the granule below it alone:
    SC.D -> 0.  The first sequence runs inside a STD block, the second
    outside any block."""
    p = Prog("Stores between LR and SC: every store form breaks the reservation "
             "of its own granule only.")
    p.lines.append(STORE_SETUP)
    for n, mn, m, kind, size, upd, vals, data in store_forms():
        setup = []
        if kind == "Immediate":
            off = size if n % 2 else -size * 2
            acc = 0 if upd == "PostIndex" else off
            if upd == "None":
                op = "%s %s, [s0, %d]" % (m, data, off)
            else:
                setup.append("add s0, zero, ->a4")
                op = "%s %s, [a4, %d], ->a3" % (m, data, off)
        elif kind == "Register":
            shift = 0 if ".U" in mn else LOG2[size]
            want = size * 2 if n % 2 else -size
            setup.append("set a1, 0x%x" % ((want >> shift) & M64))
            opnd = "a1" + ("<<%d" % shift if shift else "")
            acc = 0 if upd == "PostIndex" else want
            if upd == "None":
                op = "%s %s, [s0, %s]" % (m, data, opnd)
            else:
                setup.append("add s0, zero, ->a4")
                op = "%s %s, [a4, %s], ->a3" % (m, data, opnd)
        elif kind == "PCRelative":
            acc = 8 if size < 8 else 16
            op = "%s s3, [sbuf + %d]" % (m, SMID + acc)
        elif kind == "Compressed":
            acc = size * 2
            setup.append("add s3, zero, ->t")
            op = "%s t#1, [s0, %d]" % (m, acc)
        p.c("%s between LR.D and SC.D, same bytes: the reservation of its granule breaks"
            % m)
        fill(p)
        for line in setup:
            p.o(line)
        p.o(op)
        p.o("hl.liu sbuf + %d, ->a5" % (SMID + acc))
        p.o("srli a5, 6, ->a5")
        p.o("slli a5, 6, ->a5")
        p.o("bstart.std fall")
        p.o("lr.d [a5], ->a6")
        for line in setup:
            p.o(line)
        p.o(op)
        p.o("sc.d a6, [a5], ->a3")
        p.o("bstop")
        p.o("check_eq a3, 1")
        check_sbuf(p, store_model(acc, size, vals), acc, size * len(vals))
        p.c("%s between LR.D and SC.D on the granule below: kept" % m)
        p.o("subi a5, 64, ->a7")
        p.o("lr.d [a7], ->a6")
        for line in setup:
            p.o(line)
        p.o(op)
        p.o("sc.d a6, [a7], ->a3")
        p.o("check_eq a3, 0")
    return p


def gen_pairs():
    p = Prog("Load pairs: every form; the two values and neighbours.")
    n = 0
    for f in FORMS:
        mn, act, kind, size, sg, scale, upd, length = f
        if act != "LoadPair":
            continue
        m = mn_lower(mn)
        n += 1
        if kind == "Immediate":
            for off in ([-size * 4, size * 3] if size < 8 else [-32, 16]):
                p.c("%s [a0, %d], ->a2, a3" % (m, off))
                p.o("%s [a0, %d], ->a2, a3" % (m, off))
                p.o("check_eq a2, 0x%x" % ld(off, size, sg))
                p.o("check_eq a3, 0x%x" % ld(off + size, size, sg))
        else:
            for idx in (n, n + 1):
                shift = idx % 3
                p.c("%s register offset, modifier %s" % (m, MODS[idx % 4] or "none"))
                opnd, off, sh = reg_offset_setup(p, size, idx, shift)
                p.o("%s [a0, %s], ->a2, a3" % (m, opnd))
                p.o("check_eq a2, 0x%x" % ld(off, size, sg))
                p.o("check_eq a3, 0x%x" % ld(off + size, size, sg))
    # destinations through the T queue: T#1 is the second value
    p.c("hl.lwip [a0, 8], ->t, t: pushes the first, then the second")
    p.o("hl.lwip [a0, 8], ->t, t")
    p.o("c.movr t#1, ->a2")
    p.o("c.movr t#2, ->a3")
    p.o("check_eq a2, 0x%x" % ld(12, 4, True))
    p.o("check_eq a3, 0x%x" % ld(8, 4, True))
    p.c("hl.ldip [a0, 0], ->a0, a0: the second value wins; both from the old base")
    p.o("add a0, zero, ->a5")
    p.o("hl.ldip [a5, 0], ->a5, a5")
    p.o("check_eq a5, 0x%x" % ld(8, 8, False))
    return p


def gen_misc():
    p = Prog("Prefetch, aliasing, queues, boundaries.")
    o = p.o
    p.c("prf: no effect, its RegDst field (a3) is an ignored alias")
    o("set a3, 0x1234")
    o("set a1, 3")
    o("prf [a0, a1.neg<<4], regdst=5")
    o("check_eq a3, 0x1234")
    p.c("prfi.u on a misaligned address outside memory: no fault")
    o("hl.liu 0x20000001, ->a5")
    o("prfi.u [a5, -1], regdst=5")
    o("check_eq a3, 0x1234")
    p.c("hl.prf and hl.prfi.u with each model")
    o("hl.prf [a5, a1.sw<<2], model=0")
    o("hl.prf [a5, a1], model=2")
    o("hl.prfi.u [a5, 65535], model=1")
    o("check_eq a3, 0x1234")
    p.c("hl.prf.a publishes base + (-a1 << 3)")
    o("hl.prf.a [a0, a1.neg<<3], ->a2, model=2")
    o("check_eq a2, buf + %d" % (MID - 24))
    p.c("hl.prf.a with .uw and shamt 31")
    o("set a1, 0xffffffff00000001")
    o("hl.prf.a [zero, a1.uw<<31], ->a2, model=1")
    o("check_eq a2, 0x80000000")
    p.c("hl.prfi.ua publishes base + simm17 (negative)")
    o("hl.prfi.ua [a0, -65536], ->t, model=0")
    o("c.movr t#1, ->a2")
    o("check_eq a2, buf + %d - 65536" % MID)
    p.c("hl.ldi.pr [a4, 8], ->a4, a4: the updated base is written last")
    o("add a0, zero, ->a4")
    o("hl.ldi.pr [a4, 8], ->a4, a4")
    o("check_eq a4, buf + %d" % (MID + 8))
    p.c("hl.lbi.po [a4, 1], ->a4, a5: value from the old base, a5 = old base + 1")
    o("add a0, zero, ->a4")
    o("hl.lbi.po [a4, 1], ->a4, a5")
    o("check_eq a4, 0x%x" % ld(0, 1, True))
    o("check_eq a5, buf + %d" % (MID + 1))
    p.c("hl.lwi.pr [a0, 4], ->t, t: T#1 = updated base, T#2 = value")
    o("hl.lwi.pr [a0, 4], ->t, t")
    o("c.movr t#1, ->a2")
    o("c.movr t#2, ->a3")
    o("check_eq a2, buf + %d" % (MID + 4))
    o("check_eq a3, 0x%x" % ld(4, 4, True))
    p.c("a base from T#1 and an offset from U#2")
    o("add a0, zero, ->t")
    o("set a1, 2")
    o("add a1, zero, ->u")
    o("add zero, zero, ->u")
    o("ld [t#1, u#2<<3], ->a2")
    o("check_eq a2, 0x%x" % ld(16, 8, False))
    p.c("lb with shamt 31: (1 << 33) << 31 wraps to 0")
    o("set a1, 0x200000000")
    o("lb [a0, a1<<31], ->a2")
    o("check_eq a2, 0x%x" % ld(0, 1, True))
    p.c("address arithmetic wraps mod 2^64: base -8 + (buf + MID + 8)")
    o("set a5, 0xfffffffffffffff8")
    o("hl.liu buf + %d, ->a1" % (MID + 8))
    o("lhu [a5, a1], ->a2")
    o("check_eq a2, 0x%x" % ld(0, 2, False))
    p.c("lbi / lbui at the sign boundary: the bytes 0x81 and 0x1e around MID")
    o("lbi [a0, 0], ->a2")
    o("lbui [a0, 0], ->a3")
    o("check_eq a2, 0x%x" % ld(0, 1, True))
    o("check_eq a3, 0x%x" % ld(0, 1, False))
    p.c("hl.ldi with the largest negative simm22 relative to a far base")
    o("hl.liu buf + %d + (1 << 24), ->a5" % MID)
    o("hl.ldi [a5, -(1 << 24)], ->a2")
    o("check_eq a2, 0x%x" % ld(0, 8, False))
    p.c("store data and base from the same register (sdi a0, [a0, 0] into sbuf)")
    o("hl.liu sbuf, ->a5")
    o("sdi a5, [a5, 0]")
    o("ldi [a5, 0], ->a2")
    o("check_same a2, a5")
    p.c("hl.sdi.pr a5, [a5, 8], ->a5: stores the old a5 at old a5 + 8")
    o("hl.liu sbuf, ->a5")
    o("hl.sdi.pr a5, [a5, 8], ->a5")
    o("hl.liu sbuf, ->a4")
    o("ldi [a4, 8], ->a2")
    o("check_same a2, a4")
    o("check_eq a5, sbuf + 8")
    return p

if __name__ == "__main__":
    if len(sys.argv) > 1:
        check_catalog(sys.argv[1])
    open("loads.s", "w").write(gen_loads().text())
    open("stores.s", "w").write(gen_stores().text())
    open("pairs.s", "w").write(gen_pairs().text())
    open("misc.s", "w").write(gen_misc().text())
    open("resv.s", "w").write(gen_resv().text())
