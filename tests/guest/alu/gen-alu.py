#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking ALU guest programs tests/guest/alu/gen-*.s.

The expected values come from the small reference model below, written
from the PTO 0.58.3 ALU rules (PTO-SCALAR-MODEL-ALU-SEMANTICS) with plain
Python integers and, where the spec defines a result bit by bit (bit
fields, counts, byte reversal, insertion), with the same bit-by-bit loops:
never from running the emulator.  Operands are boundary values plus a few
fixed pseudo-random ones (seeded, so the output is reproducible).

Usage: gen-alu.py [OUTDIR]   (default: the directory of this script)
"""

import os
import random
import sys

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1


def u64(v):
    return v & M64


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def s64(v):
    return sext(v, 64)


def sx(v, bits):
    """sign-extend the low `bits` of v to a 64-bit pattern"""
    return u64(sext(v, bits))


def zx(v, bits):
    return v & ((1 << bits) - 1)


# ---- the model -------------------------------------------------------------

def modifier(r, srcrtype, logical):
    if srcrtype == 0:
        return sx(r, 32)
    if srcrtype == 1:
        return zx(r, 32)
    if srcrtype == 2:
        return u64(~r) if logical else u64(-r)
    return r


BIN = {
    "add": lambda a, b: a + b,
    "sub": lambda a, b: a - b,
    "and": lambda a, b: a & b,
    "or": lambda a, b: a | b,
    "xor": lambda a, b: a ^ b,
}


def binary(op, l, r, w):
    if w:
        return sx(BIN[op](l & M32, r & M32), 32)
    return u64(BIN[op](l, r))


def shift(op, l, n, w):
    if w:
        n &= 31
        l32 = l & M32
        if op == "sll":
            res = l32 << n
        elif op == "srl":
            res = l32 >> n
        else:
            res = sext(l32, 32) >> n
        return sx(res, 32)
    n &= 63
    if op == "sll":
        return u64(l << n)
    if op == "srl":
        return l >> n
    return u64(s64(l) >> n)


def div_s(l, r):
    if r == 0:
        return 0
    a, b = s64(l), s64(r)
    q = abs(a) // abs(b)
    return u64(-q if (a < 0) != (b < 0) else q)


def div_u(l, r):
    return 0 if r == 0 else l // r


def rem_s(l, r):
    return l if r == 0 else u64(l - div_s(l, r) * r)


def rem_u(l, r):
    return l if r == 0 else l % r


def divrem(kind, l, r):
    """kind: div/divu/divw/divuw/rem/remu/remw/remuw"""
    w = kind.endswith("w")
    sign = "u" not in kind
    if w:
        l, r = (sx(l, 32), sx(r, 32)) if sign else (zx(l, 32), zx(r, 32))
    if kind.startswith("div"):
        v = div_s(l, r) if sign else div_u(l, r)
    else:
        v = rem_s(l, r) if sign else rem_u(l, r)
    return sx(v, 32) if w else v


def bit(v, i):
    return (v >> i) & 1


def rotr(v, n):
    return u64((v >> n) | (v << (64 - n))) if n else v


def rotl(v, n):
    return u64((v << n) | (v >> (64 - n))) if n else v


def extract(v, width, offset, signed):
    rot = rotr(v, offset)
    res = 0
    for i in range(width):
        res |= bit(rot, i) << i
    if signed and bit(res, width - 1):
        for i in range(width, 64):
            res |= 1 << i
    return res


def count(v, width, offset, kind):
    f = extract(v, width, offset, False)
    n = 0
    if kind == "bcnt":
        return sum(bit(f, i) for i in range(width))
    order = range(width - 1, -1, -1) if kind == "clz" else range(width)
    for i in order:
        if bit(f, i):
            break
        n += 1
    return n


def modify(v, width, offset, set_bits):
    rot = rotr(v, offset)
    for i in range(width):
        rot = (rot | (1 << i)) if set_bits else (rot & ~(1 << i))
    return rotl(rot, offset)


def rev(v, width, offset):
    if width % 8:
        return 0
    f = extract(v, width, offset, False)
    nb = width // 8
    res = 0
    for b in range(nb):
        res |= ((f >> (8 * b)) & 0xff) << (8 * (nb - 1 - b))
    return res


def bfi(base, src, first, last):
    width = ((last - first) % 64) + 1
    res = base
    for i in range(width):
        d = (first + i) % 64
        res = (res & ~(1 << d)) | (bit(src, i) << d)
    return res


def ccat(l, r, sh, w):
    if w:
        if sh >= 64:
            return 0, 0
        p = (((l & M32) << 32) | (r & M32)) >> sh
        return sx(p, 32), sx(p >> 32, 32)
    v = ((l << 64) | r) >> sh
    return v & M64, v >> 64


def mulpair(l, r, signed):
    p = (s64(l) * s64(r)) if signed else (l * r)
    p &= (1 << 128) - 1
    return p & M64, p >> 64


def maddpair(l, r, d, w):
    if w:
        l, r, d = sx(l, 32), sx(r, 32), sx(d, 32)
    acc = (s64(l) * s64(r) + s64(d)) & ((1 << 128) - 1)
    if w:
        return sx(acc, 32), sx(acc >> 32, 32)
    return acc & M64, acc >> 64


# ---- program writer --------------------------------------------------------

OPERAND_REGS = ["a0", "a1", "a2", "a3", "s5"]   # sources
DEST = "s0"
DEST2 = "s1"


class Prog:
    def __init__(self, name, title):
        self.name = name
        self.lines = [
            "; SPDX-License-Identifier: GPL-2.0-or-later",
            "; %s" % title,
            "; Generated by gen-alu.py from its reference model: do not edit.",
            '    .include "../testlib.inc"',
            "",
            "; REG <- a 64-bit constant (x2 and x3 are clobbered)",
            "    .macro set64 reg, value",
            "    li64 \\value",
            "    c.movr x3, ->\\reg",
            "    .endm",
            "",
            "    .text",
            "    .globl _start",
            "_start:",
        ]
        self.case = 0
        self.setvals = {}

    def new_case(self, comment):
        self.case += 1
        assert self.case < 256, "exit status holds 8 bits: split the program"
        self.lines.append("    case %d                          ; %s" % (self.case, comment))
        self.setvals = {}

    def set(self, reg, value):
        self.lines.append("    set64 %s, 0x%016x" % (reg, u64(value)))

    def emit(self, text):
        self.lines.append("    " + text)

    def check(self, reg, value):
        self.lines.append("    check_eq %s, 0x%016x" % (reg, u64(value)))

    def write(self, outdir):
        self.lines.append("    test_end")
        with open(os.path.join(outdir, self.name), "w") as f:
            f.write("\n".join(self.lines) + "\n")


rng = random.Random(0x58_3)

BOUNDARY = [0, 1, M64, 0x8000000000000000, 0x7fffffffffffffff,
            0x80000000, 0x7fffffff, 0xffffffff, 0xffffffff80000000]


def rand64():
    return rng.getrandbits(64)


def values(n):
    """n operand values: boundaries first, then random ones"""
    return [rand64() for _ in range(n)]


def gen_binary(outdir):
    p = Prog("gen-binary.s", "ADD/SUB/AND/OR/XOR and W forms: modifiers, shifts")
    mods = {0: ".sw", 1: ".uw", 3: ""}
    pairs = [(0x0123456789abcdef, 0xfedcba9876543210), (M64, 1),
             (0x8000000000000000, 0x80000001), (0x7fffffff, 0x7fffffff)]
    for op in ["add", "sub", "and", "or", "xor"]:
        logical = op in ("and", "or", "xor")
        neg = ".not" if logical else ".neg"
        for w in (False, True):
            name = op + ("w" if w else "")
            for i, (st, sh) in enumerate([(3, 0), (0, 0), (1, 4), (2, 0), (2, 31), (0, 31), (3, 17)]):
                l, r = pairs[i % len(pairs)] if i < 4 else (rand64(), rand64())
                right = u64(modifier(r, st, logical) << sh)
                exp = binary(op, l, right, w)
                m = mods.get(st, neg)
                shs = "<<%d" % sh if sh else ""
                p.new_case("%s %s%s" % (name, m or "plain", shs))
                p.set("a0", l)
                p.set("a1", r)
                p.emit("%s a0, a1%s%s, ->%s" % (name, m, shs, DEST))
                p.check(DEST, exp)
    p.write(outdir)


def gen_imm(outdir):
    p = Prog("gen-imm.s", "ADDI/SUBI/ANDI/ORI/XORI, W forms, HL.* 24-bit immediates")
    for op in ["add", "sub", "and", "or", "xor"]:
        unsigned = op in ("add", "sub")
        for w in (False, True):
            for hl in (False, True):
                bits = 24 if hl else 12
                name = ("hl." if hl else "") + op + "i" + ("w" if w else "")
                if unsigned:
                    imms = [0, (1 << bits) - 1, 1 << (bits - 1), rng.getrandbits(bits)]
                else:
                    imms = [-1, -(1 << (bits - 1)), (1 << (bits - 1)) - 1,
                            sext(rng.getrandbits(bits), bits)]
                lefts = [0x7fffffffffffffff, 0xffffffff, 0x8000000000000000 | 0x7ffff000, rand64()]
                for imm, l in zip(imms, lefts):
                    ext = zx(imm, bits) if unsigned else sx(imm, bits)
                    exp = binary(op, l, ext, w)
                    p.new_case("%s %d" % (name, imm))
                    p.set("a0", l)
                    p.emit("%s a0, %d, ->%s" % (name, imm, DEST))
                    p.check(DEST, exp)
    p.write(outdir)


def gen_shift(outdir):
    p = Prog("gen-shift.s", "SLL/SRL/SRA, W forms, immediate forms")
    lefts = [0x8000000000000001, 0xfedcba9880000000, 0x00000000c0000005, rand64()]
    for op in ["sll", "srl", "sra"]:
        for w in (False, True):
            name = op + ("w" if w else "")
            # register amounts: only R[5:0] / R[4:0] count
            for i, amt in enumerate([0, 1, 31, 32, 63, 0xffffffffffffffc1, 0x7f]):
                l = lefts[i % len(lefts)]
                p.new_case("%s by 0x%x" % (name, amt))
                p.set("a0", l)
                p.set("a1", amt)
                p.emit("%s a0, a1, ->%s" % (name, DEST))
                p.check(DEST, shift(op, l, amt, w))
            iname = op + "i" + ("w" if w else "")
            amts = [0, 1, 31] if w else [0, 1, 32, 63]
            for i, amt in enumerate(amts):
                l = lefts[(i + 1) % len(lefts)]
                p.new_case("%s %d" % (iname, amt))
                p.set("a0", l)
                p.emit("%s a0, %d, ->%s" % (iname, amt, DEST))
                p.check(DEST, shift(op, l, amt, w))
    p.write(outdir)


def gen_bitfield(outdir):
    p = Prog("gen-bitfield.s", "BXS/BXU/CLZ/CTZ/BCNT/BIC/BIS/REV/HL.BFI")
    v1 = 0xf0e1d2c3b4a59687
    fields = [(0, 64), (0, 1), (63, 1), (60, 8), (4, 12), (32, 32), (56, 16), (1, 63)]
    for name in ["bxs", "bxu"]:
        for i, (m, n) in enumerate(fields):
            v = v1 if i % 2 == 0 else rand64()
            p.new_case("%s %d, %d" % (name, m, n))
            p.set("a0", v)
            p.emit("%s a0, %d, %d, ->%s" % (name, m, n, DEST))
            p.check(DEST, extract(v, n, m, name == "bxs"))
    for name in ["clz", "ctz", "bcnt"]:
        cases = [(0, 0, 64), (1, 0, 64), (0x8000000000000000, 0, 64), (M64, 0, 64),
                 (0x0000000000f00000, 16, 16), (0, 8, 8), (0x8000000000000001, 60, 8),
                 (rand64(), 13, 40)]
        for v, m, n in cases:
            p.new_case("%s 0x%x %d, %d" % (name, v, m, n))
            p.set("a0", v)
            p.emit("%s a0, %d, %d, ->%s" % (name, m, n, DEST))
            p.check(DEST, count(v, n, m, name))
    for name in ["bic", "bis"]:
        for i, (m, n) in enumerate(fields):
            v = v1 if i % 2 else rand64()
            p.new_case("%s %d, %d" % (name, m, n))
            p.set("a0", v)
            p.emit("%s a0, %d, %d, ->%s" % (name, m, n, DEST))
            p.check(DEST, modify(v, n, m, name == "bis"))
    for m, n in [(0, 64), (0, 8), (0, 16), (8, 32), (56, 16), (4, 24), (0, 12), (3, 7)]:
        v = 0x0123456789abcdef
        p.new_case("rev %d, %d" % (m, n))
        p.set("a0", v)
        p.emit("rev a0, %d, %d, ->%s" % (m, n, DEST))
        p.check(DEST, rev(v, n, m))
    for first, last in [(0, 63), (0, 0), (63, 63), (8, 15), (60, 3), (32, 31), (1, 0), (20, 43)]:
        base, src = 0x0123456789abcdef, rand64()
        p.new_case("hl.bfi %d, %d" % (first, last))
        p.set("a0", base)
        p.set("a1", src)
        p.emit("hl.bfi a0, a1, %d, %d, ->%s" % (first, last, DEST))
        p.check(DEST, bfi(base, src, first, last))
    p.write(outdir)


def gen_muldiv(outdir):
    p = Prog("gen-muldiv.s", "MUL/MULU/MULW/MULUW, MADD/MADDW, DIV/REM (all forms)")
    mpairs = [(0, M64), (M64, M64), (0x8000000000000000, M64), (0xffffffff, 0xffffffff),
              (0x7fffffff, 0x80000000), (rand64(), rand64())]
    for name in ["mul", "mulu", "mulw", "muluw"]:
        for l, r in mpairs:
            p.new_case("%s" % name)
            p.set("a0", l)
            p.set("a1", r)
            p.emit("%s a0, a1, ->%s" % (name, DEST))
            exp = sx(l * r, 32) if name.endswith("w") else u64(l * r)
            p.check(DEST, exp)
    for name in ["madd", "maddw"]:
        for (l, r), d in zip(mpairs, [1, M64, 0x8000000000000000, 0x7fffffff, 0xffffffff00000001, rand64()]):
            p.new_case(name)
            p.set("a0", l)
            p.set("a1", r)
            p.set("a2", d)
            p.emit("%s a0, a1, a2, ->%s" % (name, DEST))
            if name == "madd":
                exp = u64(d + l * r)
            else:
                exp = sx(l * r + d, 32)
            p.check(DEST, exp)
    dpairs = [(7, 0), (M64, 0), (0x8000000000000000, M64), (0x80000000, 0xffffffff),
              (u64(-7), 2), (7, u64(-2)), (u64(-7), u64(-2)), (0x100000007, 0x100000002),
              (0xffffffff00000010, 3), (rand64(), rand64() >> 40)]
    for kind in ["div", "divu", "divw", "divuw", "rem", "remu", "remw", "remuw"]:
        for l, r in dpairs:
            p.new_case("%s 0x%x, 0x%x" % (kind, l, r))
            p.set("a0", l)
            p.set("a1", r)
            p.emit("%s a0, a1, ->%s" % (kind, DEST))
            p.check(DEST, divrem(kind, l, r))
    p.write(outdir)


def gen_pairs(outdir):
    p = Prog("gen-pairs.s", "HL.DIV*/HL.REM*, HL.MUL/MULU, HL.MADD/MADDW, HL.CCAT/CCATW, HL.MIADD/MISUB")
    dpairs = [(7, 0), (0x8000000000000000, M64), (u64(-7), 2), (0x80000000, 0xffffffff),
              (0xffffffff00000010, 3), (rand64(), rand64() >> 36)]
    for kind in ["div", "divu", "divw", "divuw", "rem", "remu", "remw", "remuw"]:
        for l, r in dpairs:
            base = kind.replace("rem", "div")
            q = divrem(base, l, r)
            rm = divrem(base.replace("div", "rem"), l, r)
            first, second = (q, rm) if kind.startswith("div") else (rm, q)
            p.new_case("hl.%s 0x%x, 0x%x" % (kind, l, r))
            p.set("a0", l)
            p.set("a1", r)
            p.emit("hl.%s a0, a1, ->%s, %s" % (kind, DEST, DEST2))
            p.check(DEST, first)
            p.check(DEST2, second)
    mpairs = [(M64, M64), (0x8000000000000000, 0x8000000000000000), (0x8000000000000000, 1),
              (0x7fffffffffffffff, 2), (rand64(), rand64())]
    for name in ["mul", "mulu"]:
        for l, r in mpairs:
            lo, hi = mulpair(l, r, name == "mul")
            p.new_case("hl.%s" % name)
            p.set("a0", l)
            p.set("a1", r)
            p.emit("hl.%s a0, a1, ->%s, %s" % (name, DEST, DEST2))
            p.check(DEST, lo)
            p.check(DEST2, hi)
    for name in ["madd", "maddw"]:
        for (l, r), d in zip(mpairs, [M64, 0x8000000000000000, M64, 0x7fffffffffffffff, rand64()]):
            lo, hi = maddpair(l, r, d, name == "maddw")
            p.new_case("hl.%s" % name)
            p.set("a0", l)
            p.set("a1", r)
            p.set("a2", d)
            p.emit("hl.%s a0, a1, a2, ->%s, %s" % (name, DEST, DEST2))
            p.check(DEST, lo)
            p.check(DEST2, hi)
    for name in ["ccat", "ccatw"]:
        for sh in [0, 1, 4, 31, 32, 63, 64, 65, 100, 127]:
            l, r = 0x8123456789abcdef, 0xfedcba9876543210
            lo, hi = ccat(l, r, sh, name == "ccatw")
            p.new_case("hl.%s %d" % (name, sh))
            p.set("a0", l)
            p.set("a1", r)
            p.emit("hl.%s a0, a1, %d, ->%s, %s" % (name, sh, DEST, DEST2))
            p.check(DEST, lo)
            p.check(DEST2, hi)
    for name in ["miadd", "misub"]:
        for imm, l, r in [(0, 5, 7), ((1 << 19) - 1, 1, M64), (3, M64, 0x5555555555555555),
                          (rng.getrandbits(19), rand64(), rand64())]:
            prod = r * imm
            exp = u64(l - prod) if name == "misub" else u64(l + prod)
            p.new_case("hl.%s %d" % (name, imm))
            p.set("a0", l)
            p.set("a1", r)
            p.emit("hl.%s a0, a1, %d, ->%s" % (name, imm, DEST))
            p.check(DEST, exp)
    p.write(outdir)


def gen_misc(outdir):
    p = Prog("gen-misc.s", "MIN/MAX/MINU/MAXU, CSEL, LUI/HL.LUI/HL.LIS/HL.LIU, C.MOVI/C.MOVR")
    pairs = [(0, M64), (0x8000000000000000, 0x7fffffffffffffff), (5, 5), (rand64(), rand64())]
    fns = {"min": lambda a, b: a if s64(a) < s64(b) else b,
           "max": lambda a, b: a if s64(a) > s64(b) else b,
           "minu": lambda a, b: a if a < b else b,
           "maxu": lambda a, b: a if a > b else b}
    for name, fn in fns.items():
        for l, r in pairs:
            p.new_case("%s 0x%x, 0x%x" % (name, l, r))
            p.set("a0", l)
            p.set("a1", r)
            p.emit("%s a0, a1, ->%s" % (name, DEST))
            p.check(DEST, fn(l, r))
    mods = {0: "", 1: ".m1", 2: ".m2", 3: ".neg"}
    for pred in [0, 1, 0x8000000000000000]:
        for st in range(4):
            l, r = 0x1111, 0x2222
            exp = l if pred else (u64(-r) if st == 3 else r)
            p.new_case("csel p=0x%x %s" % (pred, mods[st] or "plain"))
            p.set("a0", l)
            p.set("a1", r)
            p.set("a2", pred)
            p.emit("csel a2, a0, a1%s, ->%s" % (mods[st], DEST))
            p.check(DEST, exp)
    for imm in [0, 1, 0x7ffff, 0x80000, 0xfffff, 0x12345]:
        p.new_case("lui 0x%x" % imm)
        p.emit("lui 0x%x, ->%s" % (imm, DEST))
        p.check(DEST, u64(sext(imm, 20) << 12))
    for imm in [0, 1, 0x80000000, 0xffffffff, 0x12345678]:
        p.new_case("hl.lui / hl.liu / hl.lis 0x%x" % imm)
        p.emit("hl.lui 0x%x, ->%s" % (imm, DEST))
        p.check(DEST, imm << 32)
        p.emit("hl.liu 0x%x, ->%s" % (imm, DEST))
        p.check(DEST, imm)
        p.emit("hl.lis %d, ->%s" % (sext(imm, 32), DEST))
        p.check(DEST, sx(imm, 32))
    for imm in [-16, -1, 0, 15]:
        p.new_case("c.movi %d" % imm)
        p.emit("c.movi %d, ->%s" % (imm, DEST))
        p.check(DEST, sx(imm, 64))
    p.new_case("c.movr")
    p.set("a0", 0xdeadbeefcafef00d)
    p.emit("c.movr a0, ->%s" % DEST)
    p.check(DEST, 0xdeadbeefcafef00d)
    p.write(outdir)


def gen_compressed(outdir):
    p = Prog("gen-compressed.s", "C.ADD/SUB/AND/OR/ADDI/SLLI/SRLI, C.SEXT.*/C.ZEXT.* (results pushed to T)")
    l, r = 0x80000000ffff8081, 0x7fffffff00017f7f
    ops = {"c.add": lambda a, b: a + b, "c.sub": lambda a, b: a - b,
           "c.and": lambda a, b: a & b, "c.or": lambda a, b: a | b}
    for name, fn in ops.items():
        for a, b in [(l, r), (r, l), (M64, 1)]:
            p.new_case(name)
            p.set("a0", a)
            p.set("a1", b)
            p.emit("%s a0, a1, ->t" % name)
            p.emit("c.movr t#1, ->%s" % DEST)
            p.check(DEST, u64(fn(a, b)))
    for imm in [-16, -1, 0, 15]:
        for a in [M64, 0x7fffffffffffffff]:
            p.new_case("c.addi %d" % imm)
            p.set("a0", a)
            p.emit("c.addi a0, %d, ->t" % imm)
            p.emit("c.movr t#1, ->%s" % DEST)
            p.check(DEST, u64(a + imm))
    for name in ["c.slli", "c.srli"]:
        for amt in [0, 1, 31]:
            v = 0x8000000180000001
            p.new_case("%s %d" % (name, amt))
            p.set("a0", v)
            p.emit("c.movr a0, ->t")
            p.emit("%s t#1, %d, ->t" % (name, amt))
            p.emit("c.movr t#1, ->%s" % DEST)
            p.emit("c.movr t#2, ->%s" % DEST2)
            p.check(DEST, shift("sll" if name == "c.slli" else "srl", v, amt, False))
            p.check(DEST2, v)
    for name, bits, signed in [("c.sext.b", 8, True), ("c.sext.h", 16, True), ("c.sext.w", 32, True),
                               ("c.zext.b", 8, False), ("c.zext.h", 16, False), ("c.zext.w", 32, False)]:
        for v in [0x0123456789abcdef, 0xfedcba9876543210 ^ 0x80808080]:
            p.new_case(name)
            p.set("a0", v)
            p.emit("%s a0, ->t" % name)
            p.emit("c.movr t#1, ->%s" % DEST)
            p.check(DEST, sx(v, bits) if signed else zx(v, bits))
    p.write(outdir)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    for gen in (gen_binary, gen_imm, gen_shift, gen_bitfield, gen_muldiv, gen_pairs,
                gen_misc, gen_compressed):
        gen(outdir)


if __name__ == "__main__":
    main()
