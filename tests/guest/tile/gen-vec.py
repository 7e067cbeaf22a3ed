#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking VEC-engine guest programs tests/guest/tile/vec-gen-*.s.

Every expected value comes from the model in this file, written from the
VEC rules of PTO ISA 0.58.3 (the element rules of the spec's
asl/tile/model/execution/elementwise.asl, unary.asl, comparison.asl,
fused-multiply-add.asl and minmax.asl; the binding schemas of
asl/block/model/dispatch/tile-schema.asl, tile-scalar-schema.asl and
comparison-schema.asl) and the project's documented choices
(docs/tile-engine.md, docs/implementation-defined.md entries 36 to 43)
-- never from running the emulator:

  - Elements are raw encodings.  Integers wrap at their width; shift
    counts keep log2(W) bits; TSHR is arithmetic for signed types.
  - Floating ADD / SUB / MUL / FMA are computed exactly (fractions) and
    rounded once, to nearest even, into the element type with gradual
    underflow; NaN results are the type's canonical NaN; a signaling NaN,
    inf - inf and 0 * inf raise NV; overflow gives inf (E4M3: NaN) with
    OF NX.  Under the pto-v0 profile (cpu property numeric-profile) ADD /
    SUB / MUL, and FMA after its invalid cases, are integer arithmetic on
    the raw bits; TCVT involving a floating type keeps the source's word (a
    signed integer sign-extended, TileProfileConvert) in the destination's
    width.
  - TMAX / TMIN are maximumNumber / minimumNumber with -0 < +0; TCMP is
    unordered on NaN (only NE holds); TABS / TNEG touch the sign bit only;
    TRELU gives +0 for every negative value and the canonical NaN for NaN.
  - The *S forms take the low W bits of each PE's own GPR as the raw
    scalar.  TCMP / TCMPS make a predicate tile (one bit per element);
    TSEL / TSELS pick the true source where the bit is 1; TEXPANDS fills.
  - TCVT rounds once in the B.DATR RMode (0: toward zero into an integer,
    else nearest even), saturates with Sat, and gives the indefinite
    value (signed minimum / unsigned maximum) with NV otherwise.
  - Status flags (CORE_STATE[36:32]) are the OR over every PE and element;
    TADD .. TMIN record them too (the project's choice for the default
    profile).
  - A rejected block is trap 5 at its BSTOP and leaves memory, the
    queues, the pools and the flags unchanged.

The programs (tests/guest/run-guest-tests.py writes them at test time):
  vec-gen-int.s     the integer and bitwise operations on the eight
                    integer types, tile and scalar forms, PE masks with
                    per-PE data and scalars;
  vec-gen-float.s   the floating operations on FP64 FP32 TF32 HF32 FP16
                    BF16 E4M3 E5M2 with special values, ties and
                    subnormals, flags;
  vec-gen-pred.s    TCMP / TCMPS in all six modes, TSEL / TSELS over the
                    predicates, MGATHER.MASK / MSCATTER.MASK;
  vec-gen-cvt.s     TCVT between the floating and integer types, RMode,
                    Sat, layouts;
  vec-gen-legal.s   the legality rules, each block faulting with no effect.

Usage: gen-vec.py [OUTDIR]   (default: the directory of this script)
"""

import os
import random
import sys
import textwrap
from fractions import Fraction as Fr

HERE = os.path.dirname(os.path.abspath(__file__))


sys.path.insert(0, HERE)
from genmod import load as _load       # noqa: E402


T = _load("gen-tlsu")       # the TLSU program writer and its model

# the engine of each TEPL operation (isa/tile-ops.isa): BSTART.VEC or BSTART.SFU
ENGINE = {}
for _line in open(os.path.join(HERE, "..", "..", "..", "isa", "tile-ops.isa")):
    _f = _line.split()
    if _f and _f[0] == "tileop" and _f[3] == "BSTART.TEPL":
        ENGINE[_f[1].lower()] = _f[2].lower()
C = _load("gen-cube")       # the exact decoders of the formats

ALL = T.ALL
MASKS = T.MASKS
BITS = T.BITS
M64 = (1 << 64) - 1

NV, DZ, OF, UF, NX = 1, 2, 4, 8, 16

INT_TYPES = ["s64", "s32", "s16", "s8", "u64", "u32", "u16", "u8"]
FLOAT_TYPES = ["fp64", "fp32", "tf32", "hf32", "fp16", "bf16", "e4m3", "e5m2"]
ARITH = FLOAT_TYPES + INT_TYPES

# (exponent bits, fraction bits, low zero bits of the carrier, canonical NaN)
FMT = {
    "fp64": (11, 52, 0, 0x7FF8000000000000),
    "fp32": (8, 23, 0, 0x7FC00000),
    "tf32": (8, 10, 13, 0x7FC00000),
    "hf32": (8, 11, 12, 0x7FC00000),
    "fp16": (5, 10, 0, 0x7E00),
    "bf16": (8, 7, 0, 0x7FC0),
    "e4m3": (4, 3, 0, 0x7F),
    "e5m2": (5, 2, 0, 0x7E),
}

DEC = dict(C.FLOAT_DEC)
DEC["fp64"] = lambda r: C.dec_bin(r, 11, 52, 1023, "ieee")


def is_signed(t):
    return t.startswith("s")


def is_float(t):
    return t in FMT


def low(v, w):
    return v & ((1 << w) - 1)


def sext(v, w):
    v = low(v, w)
    return v - (1 << w) if v >> (w - 1) else v


# ---- floating classification ------------------------------------------------

def sign_bit(t):
    return 1 << (BITS[t] - 1)


def valid(t, raw):
    """TileNumericEncodingValid: TF32 / HF32 keep their low bits zero"""
    return not (is_float(t) and low(raw, FMT[t][2]))


def is_nan(t, raw):
    return DEC[t](raw)[0] == "n" or not valid(t, raw)


def is_snan(t, raw):
    if not valid(t, raw):
        return True                 # the project's choice: an invalid encoding
    if t == "e4m3" or DEC[t](raw)[0] != "n":
        return False
    eb = FMT[t][0]
    return not (raw >> (BITS[t] - 2 - eb)) & 1      # the quiet bit: the top fraction bit


def value(t, raw):
    """('f', q, s), ('i', s) or ('n',)"""
    return DEC[t](raw)


# ---- rounding ---------------------------------------------------------------

def rnd_int(q, mode):
    """q (a Fraction) rounded to an integer in B.DATR RMode 1..7"""
    fl = q.numerator // q.denominator
    frac = q - fl
    if frac == 0:
        return fl
    up = fl + 1
    if mode == 1:   # RNE
        return up if frac > Fr(1, 2) or (frac == Fr(1, 2) and fl % 2) else fl
    if mode == 2:   # RTZ
        return fl if q >= 0 else up
    if mode == 3:   # toward -inf
        return fl
    if mode == 4:   # toward +inf
        return up
    if mode == 5:   # nearest, ties away
        return up if frac > Fr(1, 2) or (frac == Fr(1, 2) and q > 0) else fl
    if mode == 6:   # to odd
        return fl if fl % 2 else up
    # 7: nearest, ties toward +inf
    return up if frac >= Fr(1, 2) else fl


def encode_float(t, v, mode=1, sat=False):
    """the exact value v into floating type t -> (raw, flags)"""
    eb, mb, lz, qnan = FMT[t]
    w = BITS[t]
    sgn = sign_bit(t)
    bias = (1 << (eb - 1)) - 1
    emin = 1 - bias
    if t == "e4m3":
        max_raw = 0x7E
    else:
        max_raw = (((1 << eb) - 2) << mb | ((1 << mb) - 1)) << lz
    max_val = DEC[t](max_raw)[1]
    inf_raw = (((1 << eb) - 1) << mb) << lz
    if v[0] == "n":
        return (0 if sat else qnan), 0
    if v[0] == "i":
        if sat or t == "e4m3":
            return (max_raw | (sgn if v[1] else 0)) if sat else qnan, (OF | NX)
        return inf_raw | (sgn if v[1] else 0), 0
    q, s = v[1], v[2]
    if q == 0:
        return (sgn if s else 0), 0
    neg = q < 0
    a = -q if neg else q
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if C.p2(e) > a:
        e -= 1
    quantum = max(e, emin) - mb
    scaled = a / C.p2(quantum)
    # directed modes act on the signed value
    m_signed = rnd_int(-scaled if neg else scaled, mode)
    m = abs(m_signed)
    flags = 0
    if m != scaled:
        flags |= NX
        unb = abs(rnd_int((-a if neg else a) / C.p2(e - mb), mode)) * C.p2(e - mb)
        if unb < C.p2(emin):
            flags |= UF
    rv = m * C.p2(quantum)
    if rv > max_val:
        toward_zero = mode in (2, 6) or (mode == 3 and not neg) or (mode == 4 and neg)
        if sat or toward_zero:
            return max_raw | (sgn if neg else 0), OF | NX
        if t == "e4m3":
            return qnan, OF | NX
        return inf_raw | (sgn if neg else 0), OF | NX
    if m == 0:
        return (sgn if neg else 0), flags
    if m >= 1 << (mb + 1):
        m >>= 1
        quantum += 1
    if m >> mb:
        biased = quantum + mb + bias
        frac = m - (1 << mb)
    else:
        biased, frac = 0, m
    return ((sgn if neg else 0) | ((biased << mb | frac) << lz)), flags


INT_RANGE = {t: ((-(1 << (BITS[t] - 1)), (1 << (BITS[t] - 1)) - 1) if is_signed(t)
                 else (0, (1 << BITS[t]) - 1)) for t in INT_TYPES + ["s4x2", "u4x2"]}


def indefinite(t):
    return (1 << (BITS[t] - 1)) if is_signed(t) else (1 << BITS[t]) - 1


def encode_int(t, v, mode, sat):
    """an exact value into integer type t (TCVT float -> int) -> (raw, flags)"""
    lo, hi = INT_RANGE[t]
    w = BITS[t]
    if v[0] == "n":
        return (0, NV) if sat else (indefinite(t), NV)
    if v[0] == "i":
        if sat:
            return low(lo if v[1] else hi, w), OF | NX
        return indefinite(t), NV
    q = v[1]
    n = rnd_int(q, mode)
    flags = NX if n != q else 0
    if n < lo or n > hi:
        if sat:
            return low(lo if n < lo else hi, w), OF | NX
        return indefinite(t), NV
    return low(n, w), flags


# ---- the element operations -------------------------------------------------

def canon(t):
    return FMT[t][3]


def nan_case(t, *raws):
    fl = NV if any(is_snan(t, r) for r in raws) else 0
    return canon(t), fl


def f_add(t, l, r, negate=False):
    if is_nan(t, l) or is_nan(t, r):
        return nan_case(t, l, r)
    a, b = value(t, l), value(t, r)
    if negate:
        b = ("i", 1 - b[1]) if b[0] == "i" else ("f", -b[1], 1 - b[2])
    s = C.fadd(a, b)
    if s[0] == "n":
        return canon(t), NV
    return encode_float(t, s)


def f_mul(t, l, r):
    if is_nan(t, l) or is_nan(t, r):
        return nan_case(t, l, r)
    p = C.fmul(value(t, l), value(t, r))
    if p[0] == "n":
        return canon(t), NV
    return encode_float(t, p)


def order_key(t, v):
    w = BITS[t]
    return low(~v, w) if v & sign_bit(t) else v | sign_bit(t)


def f_minmax(t, is_max, l, r):
    fl = NV if is_snan(t, l) or is_snan(t, r) else 0
    nl, nr = is_nan(t, l), is_nan(t, r)
    if nl and nr:
        return canon(t), fl
    if nl or nr:
        return (r if nl else l), fl
    kl, kr = order_key(t, l), order_key(t, r)
    if is_max:
        return (l if kl >= kr else r), fl
    return (l if kl <= kr else r), fl


def i_binary(t, op, l, r):
    w = BITS[t]
    a = sext(l, w) if is_signed(t) else low(l, w)
    b = sext(r, w) if is_signed(t) else low(r, w)
    n = low(b, w) & (w - 1)             # the count keeps log2(W) bits
    if op == "add":
        return low(a + b, w)
    if op == "sub":
        return low(a - b, w)
    if op == "mul":
        return low(a * b, w)
    if op == "and":
        return low(a & b, w)
    if op == "or":
        return low(a | b, w)
    if op == "xor":
        return low(a ^ b, w)
    if op == "shl":
        return low(a << n, w)
    if op == "shr":
        return low(a >> n, w)            # Python's >> is arithmetic on signed a
    if op == "max":
        return low(b if a < b else a, w)
    return low(a if a <= b else b, w)    # min


def binary(t, op, l, r, v0=False):
    """-> (raw, flags)"""
    if not is_float(t):
        return i_binary(t, op, l, r), 0
    w = BITS[t]
    if v0 and op in ("add", "sub", "mul"):
        return low(l + r if op == "add" else l - r if op == "sub" else l * r, w), 0
    if op == "add":
        return f_add(t, l, r)
    if op == "sub":
        return f_add(t, l, r, True)
    if op == "mul":
        return f_mul(t, l, r)
    return f_minmax(t, op == "max", l, r)


def unary(t, op, v):
    w = BITS[t]
    sb = sign_bit(t)
    if is_float(t):
        if op == "abs":
            return v & ~sb, 0
        if op == "neg":
            return v ^ sb, 0
        # relu
        if is_nan(t, v):
            return canon(t), NV if is_snan(t, v) else 0
        return (0 if v & sb else v), 0
    neg = is_signed(t) and v & sb
    if op == "abs":
        return (low(-v, w) if neg else v), 0
    if op == "not":
        return low(~v, w), 0
    if op == "neg":
        return low(-v, w), 0
    return (0 if neg else v), 0


CMP = ["eq", "ne", "lt", "gt", "le", "ge"]


def compare(t, cm, l, r):
    """-> (bit, flags)"""
    if is_float(t):
        if is_nan(t, l) or is_nan(t, r):
            return int(cm == 1), NV if is_snan(t, l) or is_snan(t, r) else 0
        bz = value(t, l)[0] == "f" and value(t, l)[1] == 0 and \
            value(t, r)[0] == "f" and value(t, r)[1] == 0
        eq = bz or l == r
        lt = not bz and order_key(t, l) < order_key(t, r)
    else:
        w = BITS[t]
        a = sext(l, w) if is_signed(t) else l
        b = sext(r, w) if is_signed(t) else r
        eq, lt = a == b, a < b
    return int([eq, not eq, lt, not lt and not eq, lt or eq, not lt][cm]), 0


def fma(t, l, r, a, v0=False):
    w = BITS[t]
    if not is_float(t):
        return low(low(l * r, w) + a, w), 0
    vl, vr, va = value(t, l), value(t, r), value(t, a)
    nl, nr, na = is_nan(t, l), is_nan(t, r), is_nan(t, a)
    pinf = vl[0] == "i" or vr[0] == "i"
    zero = (vl[0] == "f" and vl[1] == 0) or (vr[0] == "f" and vr[1] == 0)
    psign = C.sign_of(vl) ^ C.sign_of(vr)
    # TileFixedFusedMultiplyAddValue: pto-v0 takes its opposite_infinities
    # test as written (an infinite factor makes the product infinite even
    # beside a NaN, whose class is not negative); IEEE lets the NaN through
    opposite = pinf and va[0] == "i" and va[1] != psign and (v0 or not (nl or nr))
    if (is_snan(t, l) or is_snan(t, r) or is_snan(t, a) or (pinf and zero and not nl and not nr)
            or opposite):
        return canon(t), NV
    if v0:
        # TileFixedFusedMultiplyAddValue's invalid cases come first (above);
        # then the reference profile's ScalarFPFusedProfile MADD: the raw
        # words' product plus the addend, the low W bits stored
        return low(l * r + a, w), 0
    if nl or nr or na:
        return canon(t), 0
    p = C.fmul(vl, vr)
    s = C.fadd(p, va)
    if p[0] == "f" and p[1] == 0 and va[0] == "f" and va[1] == 0:
        s = ("f", Fr(0), p[2] & va[2])
    return encode_float(t, s)


def convert(dst, src, raw, rmode, sat, v0=False):
    """TCVT of one element -> (raw, flags); the types of this program only"""
    if not is_float(src) and not is_float(dst):
        w = BITS[src]
        v = sext(raw, w) if is_signed(src) else low(raw, w)
        if sat:
            lo, hi = INT_RANGE[dst]
            return low(min(max(v, lo), hi), BITS[dst]), 0
        return low(v, BITS[dst]), 0
    if v0:
        # TileProfileConvert of the reference profile: the source's word
        # (TLOAD sign-extends a signed integer, NormalizeTileInteger) into a
        # floating type, its low bits into an integer type; no RMode, no
        # Sat, no flags
        word = sext(raw, BITS[src]) if is_signed(src) else raw
        return low(word, BITS[dst]), 0
    mode = rmode or (2 if is_float(src) and not is_float(dst) else 1)
    if is_float(src):
        if not valid(src, raw):
            v = C.NAN
            snan = True
        else:
            v = value(src, raw)
            snan = is_snan(src, raw)
    else:
        w = BITS[src]
        v = C.fin(sext(raw, w) if is_signed(src) else low(raw, w))
        snan = False
    if is_float(dst):
        out, fl = encode_float(dst, v, mode, sat)
        if v[0] == "n":
            fl = NV if snan else 0
        return out, fl
    return encode_int(dst, v, mode, sat)


# ---- random operands --------------------------------------------------------

def specials(t):
    """interesting raw encodings of floating type t"""
    eb, mb, lz, qnan = FMT[t]
    sb = sign_bit(t)
    one = ((1 << (eb - 1)) - 1) << mb << lz
    top = ((1 << eb) - 2) << mb << lz
    vals = [0, sb, one, one | sb, 1 << lz, (1 << lz) | sb,          # +-0, +-1, +-min sub
            ((1 << mb) - 1) << lz, 1 << mb << lz,                   # max sub, min normal
            top | (((1 << mb) - 1) << lz), one + (1 << lz), one - (1 << lz)]
    if t == "e4m3":
        vals += [0x7E, 0xFE, 0x7F, 0xFF]                            # +-448, NaN
    else:
        inf = ((1 << eb) - 1) << mb << lz
        vals += [inf, inf | sb, qnan, qnan | sb, inf | (1 << lz),   # +-inf, qNaN, sNaN
                 qnan | (1 << lz)]
    return vals


def rand_raw(rng, t, special=0.25):
    w = BITS[t]
    if is_float(t):
        if rng.random() < special:
            return rng.choice(specials(t))
        eb, mb, lz, _ = FMT[t]
        bias = (1 << (eb - 1)) - 1
        # mostly values near 1 so that sums and products round
        e = rng.randint(max(1, bias - 6), min((1 << eb) - 2, bias + 6))
        v = (rng.getrandbits(1) << (w - 1)) | (e << mb << lz) | (rng.getrandbits(mb) << lz)
        return v
    x = rng.random()
    if x < 0.15:
        return rng.choice([0, 1, low(-1, w), 1 << (w - 1), (1 << (w - 1)) - 1])
    if x < 0.4:
        return low(rng.randint(-9, 9), w)
    return rng.getrandbits(w)


def pack(vals, bits, stride):
    """rows of values into bytes, row r at r * stride (4-bit: two to a
    byte, the even column in the low half)"""
    eb = bits // 8
    out = bytearray(max(1, (len(vals) - 1) * stride + T.row_bytes(len(vals[0]), bits)))
    for r, row in enumerate(vals):
        for c, v in enumerate(row):
            if bits == 4:
                out[r * stride + c // 2] |= (v & 0xF) << (4 * (c & 1))
                continue
            out[r * stride + c * eb:r * stride + (c + 1) * eb] = v.to_bytes(eb, "little")
    return bytes(out)


# ---- the program writer -----------------------------------------------------

class VecProg(T.Prog):
    """gen-tlsu's writer plus the VEC operations, the flags and predicates"""

    GENERATOR = "gen-vec.py"        # named in the programs' headers

    def __init__(self, name, seed, v0=False):
        super().__init__(name, seed)
        self.flags = 0
        self.v0 = v0

    def load(self, dt, pes, vals, hand="t", size=None, col=None):
        """TLOAD per-PE value grids vals[p] (VR x VC) into hand"""
        bits = BITS[dt]
        vr, vc = len(vals[pes[0]]), len(vals[pes[0]][0])
        col = col or vc
        srcs, strides = [None] * 4, [None] * 4
        for p in pes:
            stride = T.row_bytes(vc, bits) + T.eb(bits) * self.rng.randint(0, 2)
            b = self.new_buf(1)
            data = pack(vals[p], bits, stride)
            b.init, b.cur, b.known = bytearray(data), bytearray(data), bytearray([1]) * len(data)
            srcs[p], strides[p] = T.Addr(b, 0), stride
        self.regs(a0=srcs, a1=strides)
        t = self.tload(dt, pes, srcs, strides, vr=vr, vc=vc, col=col if col != vc else None,
                       size=size, hand=hand)
        return t

    def rand_load(self, dt, pes, vr, vc, hand="t", gen=None, col=None, size=None):
        gen = gen or (lambda: rand_raw(self.rng, dt))
        vals = [[[gen() for _ in range(vc)] for _ in range(vr)] if p in pes else None
                for p in ALL]
        return self.load(dt, pes, vals, hand, size=size, col=col)

    def store(self, dt, pes, sel=("m", 1)):
        """TSTORE the tile sel of each PE to its own buffer and compare"""
        tile = self.src(sel)
        bits = BITS[dt]
        rb = T.row_bytes(tile.vc, bits)
        dsts, strides, bufs = [None] * 4, [None] * 4, []
        for p in pes:
            stride = rb + T.eb(bits) * self.rng.randint(0, 2)
            b, a = T.dst_buf(self, tile.vr, stride, rb)
            dsts[p], strides[p] = a, stride
            bufs.append(b)
        self.regs(a0=dsts, a1=strides)
        self.tstore(dt, pes, dsts, strides, src=sel)
        self.check(*bufs)

    def scalar_regs(self, vals):
        """a2 of each PE <- a 64-bit value (None: 0)"""
        for p, v in enumerate(vals):
            self.emit("li64 0x%x" % (v or 0))
            if p == 0:
                self.emit("c.movr x3, ->a2")
            else:
                self.emit("sdi x3, [s0, 0x%x]" % (0x100 + 0x100 * p + 8 * T.GPR["a2"]))

    def check_flags(self):
        self.emit("bstart.sys fall")
        self.emit("ssrget SR_CORE_STATE, ->a3")
        self.emit("bstop")
        self.emit("srli a3, 32, ->a3")
        self.emit("andi a3, 0x1f, ->a3")
        self.emit("check_eq a3, %d" % self.flags)
        self.emit("bstart.sys fall")
        self.emit("ssrset zero, SR_CORE_STATE")
        self.emit("bstop")
        self.flags = 0

    def vec(self, op, dt, pes, srcs, size, vc, vr=None, col=None, hand="m", scalars=None,
            cmode=None, pad=None, datr=None, ior=None, expect="ok", bindings=None,
            model=None, dst_dt=None, pred=False, extra=None):
        """one VEC block: BSTART.VEC op, dt; srcs in binding order; the
        destination in hand with SizeCode size; model(p, r, c) -> (raw, flags)
        gives each valid element of PE p's result (None: the block faults)"""
        if scalars is not None:
            self.scalar_regs(scalars)
        self.emit("bstart.%s %s, %s" % (ENGINE[op], op, dt))
        if ior is not None:
            self.emit(ior)
        elif scalars is not None:
            self.emit("b.ior a2, zero, zero, ->zero")
        self.dims(vc, vr, col)
        if datr is not None:
            self.emit(datr)
        elif cmode is not None or pad is not None:
            self.emit("b.datr layout=0, datatype=0, pad=%d, cmode=%d, rmode=0" % (
                pad or 0, cmode or 0))
        m = T.mask_str(pes)
        sz = format(size, "04b")
        names = ["%s#%d" % s for s in srcs]
        if bindings is not None:
            for line in bindings:
                self.emit(line)
        elif op in ("tfma", "tsel"):
            self.emit("b.iot %s, %s, mask=%s" % (names[0], names[1], m))
            self.emit("b.iot %s, mask=%s, last, ->%s<%s>" % (names[2], m, hand, sz))
        elif names:
            self.emit("b.iot %s, mask=%s, last, ->%s<%s>" % (", ".join(names), m, hand, sz))
        else:
            self.emit("b.iot mask=%s, last, ->%s<%s>" % (m, hand, sz))
        if extra:
            for line in extra:
                self.emit(line)
        if expect != "ok":
            self.finish((5, None), 5)
            return None
        first = self.src(srcs[0]) if srcs else None
        VR, VC = vr or 1, vc
        COL = col or vc
        ddt = dst_dt or dt
        if pred:
            new = T.Tile("u8", T.size_bytes(size), first.col, first.vr, first.vc, "RM", pes)
            new.rows = first.rows
            new.pred = True
        else:
            new = T.Tile(ddt, T.size_bytes(size), COL, VR, VC, "RM", pes)
            new.pred = False
        # the reference profile's ExecuteTileBinary records no status
        record = not (self.v0 and op in ("tadd", "tsub", "tmul", "tmax", "tmin", "tdiv",
                                         "trem"))
        for p in pes:
            frag = {}
            for r in range(VR):
                for c in range(VC):
                    raw, fl = model(p, r, c)
                    frag[(r, c)] = raw
                    if record:
                        self.flags |= fl
            new.frag[p] = frag
            new.defined[p] = True
        self.push(hand, new)
        self.finish(None, "ok")
        return new

    def write(self, outdir, header):
        super().write(outdir, header)
        path = os.path.join(outdir, self.name)
        text = open(path).read()
        text = text.replace("; Generated by gen-tlsu.py", "; Generated by " + self.GENERATOR, 1)
        if self.v0:
            text = text.replace("; qemu-args: -m 128M", "; qemu-args: -m 128M -global "
                                "pto-core-tile-cpu.numeric-profile=pto-v0", 1)
        open(path, "w").write(text)


def header(text):
    return "SPDX-License-Identifier: GPL-2.0-or-later\n" + textwrap.fill(text, 74)


def rand_shape(rng, bits, max_elems=48):
    col = rng.choice([c for c in (1, 2, 4, 8, 16) if c * bits <= 1024])
    vc = rng.randint(1, col)
    vr = rng.randint(1, max(1, min(4, max_elems // col)))
    return vr, vc, col


def dims_of(vr, vc, col):
    return dict(vc=vc, vr=vr if vr > 1 or random.random() < 0.5 else None,
                col=col if col != vc else None)


def scalar_regs(rng, pes, gen):
    return [gen() if p in pes else None for p in ALL]


BIN_INT = ["add", "sub", "mul", "and", "or", "xor", "shl", "shr", "max", "min"]
BIN_FLOAT = ["add", "sub", "mul", "max", "min"]


def binary_case(P, dt, op, pes, scalar_form, gen_a=None, gen_b=None, shape=None,
                model=None):
    """TOP A, B (or TOPS A, scalar) with per-PE data, stored and compared;
    model(dt, op, l, r, v0) -> (raw, flags), by default the VEC one"""
    rng = P.rng
    model = model or binary
    bits = BITS[dt]
    vr, vc, col = shape or rand_shape(rng, bits)
    size = T.min_size(bits, col, vr)
    P.case("t%s%s %s %dx%d col %d mask %s" % (op, "s" if scalar_form else "", dt, vr, vc,
                                                col, T.mask_str(pes)))
    A = P.rand_load(dt, pes, vr, vc, col=col, gen=gen_a)
    d = dims_of(vr, vc, col)
    if scalar_form:
        sc = scalar_regs(rng, pes, lambda: (gen_b or (lambda: rand_raw(rng, dt)))() |
                         (rng.getrandbits(64 - bits) << bits if bits < 64 else 0))
        P.vec("t%ss" % op, dt, pes, [("t", 1)], size, scalars=sc, **d,
              model=lambda p, r, c: model(dt, op, A.frag[p][(r, c)], low(sc[p], bits), P.v0))
    else:
        B = P.rand_load(dt, pes, vr, vc, col=col, gen=gen_b)
        P.vec("t%s" % op, dt, pes, [("t", 2), ("t", 1)], size, **d,
              model=lambda p, r, c: model(dt, op, A.frag[p][(r, c)], B.frag[p][(r, c)],
                                          P.v0))
    P.store(dt, pes)
    P.check_flags()


def unary_case(P, dt, op, pes, gen=None, model=None):
    """TOP A with per-PE data; model(dt, op, raw) -> (raw, flags)"""
    rng = P.rng
    bits = BITS[dt]
    vr, vc, col = rand_shape(rng, bits)
    size = T.min_size(bits, col, vr)
    model = model or unary
    P.case("t%s %s %dx%d mask %s" % (op, dt, vr, vc, T.mask_str(pes)))
    A = P.rand_load(dt, pes, vr, vc, col=col, gen=gen)
    P.vec("t%s" % op, dt, pes, [("t", 1)], size, **dims_of(vr, vc, col),
          model=lambda p, r, c: model(dt, op, A.frag[p][(r, c)]))
    P.store(dt, pes)
    P.check_flags()


def fma_case(P, dt, pes, gens=(None, None, None)):
    rng = P.rng
    bits = BITS[dt]
    vr, vc, col = rand_shape(rng, bits)
    size = T.min_size(bits, col, vr)
    P.case("tfma %s %dx%d mask %s" % (dt, vr, vc, T.mask_str(pes)))
    A = P.rand_load(dt, pes, vr, vc, col=col, gen=gens[0])
    B = P.rand_load(dt, pes, vr, vc, col=col, gen=gens[1])
    Cc = P.rand_load(dt, pes, vr, vc, col=col, gen=gens[2])
    P.vec("tfma", dt, pes, [("t", 3), ("t", 2), ("t", 1)], size, **dims_of(vr, vc, col),
          model=lambda p, r, c: fma(dt, A.frag[p][(r, c)], B.frag[p][(r, c)],
                                    Cc.frag[p][(r, c)], P.v0))
    P.store(dt, pes)
    P.check_flags()


def fill_case(P, dt, pes):
    rng = P.rng
    bits = BITS[dt]
    vr, vc, col = rand_shape(rng, bits)
    size = T.min_size(bits, col, vr)
    P.case("texpands %s %dx%d mask %s" % (dt, vr, vc, T.mask_str(pes)))
    sc = scalar_regs(rng, pes, lambda: rand_raw(rng, dt, 0.1) if is_float(dt)
                     else rng.getrandbits(64))
    P.vec("texpands", dt, pes, [], size, scalars=sc, **dims_of(vr, vc, col),
          model=lambda p, r, c: (low(sc[p], bits), 0))
    P.store(dt, pes)
    P.check_flags()


def gen_int(outdir):
    P = VecProg("vec-gen-int.s", 0x7EC1)
    rng = P.rng
    for dt in INT_TYPES:
        for op in BIN_INT:
            binary_case(P, dt, op, rng.choice(MASKS), False)
            binary_case(P, dt, op, rng.choice(MASKS), True)
        for op in ("abs", "not", "neg", "relu"):
            unary_case(P, dt, op, rng.choice(MASKS))
        fma_case(P, dt, rng.choice(MASKS))
        fill_case(P, dt, rng.choice(MASKS))
    # the shift count keeps log2(W) bits: counts W .. 2W-1 and all ones
    for dt in ("s8", "u16", "s32", "u64"):
        w = BITS[dt]
        binary_case(P, dt, "shl", ALL, True, gen_b=lambda: rng.randint(w, 2 * w - 1))
        binary_case(P, dt, "shr", ALL, False, gen_b=lambda: low(-1, w))
    P.case("pools: every destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, header(
        "VEC integer operations: TADD TSUB TMUL TAND TOR TXOR TSHL TSHR TMAX TMIN and "
        "their scalar forms, TABS TNOT TNEG TRELU, TFMA and TEXPANDS on the eight integer "
        "types, with random shapes and PE masks, each PE with its own data and its own "
        "scalar (the low W bits of its GPR); results wrap, shift counts keep log2(W) "
        "bits, no status flags."))


def gen_float(outdir, name, v0):
    P = VecProg(name, 0x7EC2 + v0, v0)
    rng = P.rng
    for dt in FLOAT_TYPES:
        for op in BIN_FLOAT:
            for _ in range(2):
                binary_case(P, dt, op, rng.choice(MASKS), False)
            binary_case(P, dt, op, rng.choice(MASKS), True)
        if v0:
            fma_case(P, dt, rng.choice(MASKS))
            sp = specials(dt)
            fma_case(P, dt, ALL, (lambda: rng.choice(sp), lambda: rng.choice(sp),
                                  lambda: rng.choice(sp)))
            continue
        for op in ("abs", "neg", "relu"):
            unary_case(P, dt, op, rng.choice(MASKS))
        fma_case(P, dt, rng.choice(MASKS))
        fill_case(P, dt, rng.choice(MASKS))
        # cancellation and ties: A + (-A + tiny)
        sp = specials(dt)
        binary_case(P, dt, "add", ALL, False, gen_a=lambda: rng.choice(sp),
                    gen_b=lambda: rng.choice(sp))
        binary_case(P, dt, "mul", ALL, False, gen_a=lambda: rng.choice(sp),
                    gen_b=lambda: rand_raw(rng, dt, 0.5))
        fma_case(P, dt, ALL, (lambda: rng.choice(sp), lambda: rand_raw(rng, dt, 0.5),
                              lambda: rng.choice(sp)))
    if v0:
        # TCVT: every integer type into a floating one and back, floating
        # pairs; the signed sources' words are sign-extended
        for src in ARITH:
            for dst in rng.sample([t for t in ARITH if t != src and
                                   (is_float(t) or is_float(src))], 3):
                cvt_case(P, src, dst, rng.choice(MASKS), rng.randint(0, 7),
                         rng.random() < 0.4)
    P.write(outdir, header(
        ("VEC floating operations under the pto-v0 profile: TADD TSUB TMUL and TFMA are "
         "integer arithmetic on the raw carriers after TFMA's invalid cases (TMAX TMIN as "
         "in the default profile), TADD .. TMIN with no status flags; TCVT keeps the "
         "source's word (a signed integer sign-extended) in the destination's width." if v0
         else
         "VEC floating operations on FP64 FP32 TF32 HF32 FP16 BF16 E4M3 E5M2: TADD TSUB "
         "TMUL TMAX TMIN and their scalar forms, TABS TNEG TRELU, TFMA, TEXPANDS; exact "
         "results rounded once to nearest even, special values, subnormals, ties, and "
         "the status flags ORed over every PE and element.")))


def same_width(rng, dt):
    """a VEC type of dt's width (a predicate fits data of the same rows)"""
    return rng.choice([t for t in ARITH if BITS[t] == BITS[dt]])


def pred_case(P, dt, pes, cm, scalar_form, sel_dt=None, sel_scalar=False):
    """TCMP / TCMPS into a predicate, then TSEL / TSELS over it"""
    rng = P.rng
    bits = BITS[dt]
    vr, vc, col = rand_shape(rng, bits)
    size = T.min_size(bits, col, vr)
    d = dims_of(vr, vc, col)
    sel_dt = sel_dt or dt
    P.case("tcmp%s.%s %s, then tsel%s %s, %dx%d mask %s" % (
        "s" if scalar_form else "", CMP[cm], dt, "s" if sel_scalar else "", sel_dt, vr, vc,
        T.mask_str(pes)))
    if is_float(dt):
        sp = specials(dt)
        gen = lambda: rng.choice(sp) if rng.random() < 0.4 else rand_raw(rng, dt)
    else:
        gen = lambda: rand_raw(rng, dt)
    A = P.rand_load(dt, pes, vr, vc, col=col, gen=gen)
    psize = rng.choice([1, size])       # ceil(rows * col / 8) bytes suffice
    pad = rng.randint(0, 3)
    if scalar_form:
        sc = scalar_regs(rng, pes, lambda: rng.choice([gen(), A.frag[pes[0]][(0, 0)]]) |
                         (rng.getrandbits(64 - bits) << bits if bits < 64 else 0))
        while any(s is not None and not valid(dt, low(s, bits)) for s in sc):
            sc = [None if s is None else s & ~((1 << FMT[dt][2]) - 1) for s in sc]
        pr = P.vec("tcmps", dt, pes, [("t", 1)], psize, hand="n", scalars=sc, cmode=cm,
                   pad=pad, pred=True, **d,
                   model=lambda p, r, c: compare(dt, cm, A.frag[p][(r, c)], low(sc[p], bits)))
    else:
        B = P.rand_load(dt, pes, vr, vc, col=col,
                        gen=lambda: rng.choice([gen(), A.frag[pes[0]][(0, 0)]]))
        pr = P.vec("tcmp", dt, pes, [("t", 2), ("t", 1)], psize, hand="n", cmode=cm, pad=pad,
                   pred=True, **d,
                   model=lambda p, r, c: compare(dt, cm, A.frag[p][(r, c)], B.frag[p][(r, c)]))
    P.check_flags()
    # TSELS checks its true source's encodings (tile-scalar-schema); TSEL does not
    lz = FMT[sel_dt][2] if sel_scalar and is_float(sel_dt) else 0
    X = P.rand_load(sel_dt, pes, vr, vc, col=col, hand="u",
                    gen=lambda: rng.getrandbits(bits) & ~((1 << lz) - 1))
    if sel_scalar:
        f = scalar_regs(rng, pes, lambda: rng.getrandbits(64))
        P.vec("tsels", sel_dt, pes, [("n", 1), ("u", 1)], size, scalars=f, **d,
              model=lambda p, r, c: (X.frag[p][(r, c)] if pr.frag[p][(r, c)]
                                     else low(f[p], bits), 0))
    else:
        Y = P.rand_load(sel_dt, pes, vr, vc, col=col, hand="u",
                        gen=lambda: rng.getrandbits(bits))
        P.vec("tsel", sel_dt, pes, [("n", 1), ("u", 2), ("u", 1)], size, **d,
              model=lambda p, r, c: (X.frag[p][(r, c)] if pr.frag[p][(r, c)]
                                     else Y.frag[p][(r, c)], 0))
    P.store(sel_dt, pes)
    P.check_flags()


PAD32 = {"u32": [0, 0xFFFFFFFF, 0, 0], "s32": [0, 0x7FFFFFFF, 0x80000000, 0]}


def gather_mask_case(P, dt, pes, scatter):
    """a TCMPS predicate over the index tile drives MGATHER.MASK / MSCATTER.MASK"""
    rng = P.rng
    vr, vc = rng.randint(1, 3), rng.randint(1, 8)
    col = 1 << (vc - 1).bit_length()
    size = T.min_size(32, col, vr)
    d = dims_of(vr, vc, col)
    n = vr * vc
    P.case("%s.mask %s %dx%d mask %s" % ("mscatter" if scatter else "mgather", dt, vr, vc,
                                         T.mask_str(pes)))
    mem = [None] * 4
    perm = {}
    for p in pes:
        words = [rng.getrandbits(32) for _ in range(2 * n)]
        b = P.new_buf(8 * n)
        b.init[:] = b.cur[:] = b"".join(w.to_bytes(4, "little") for w in words)
        mem[p] = b
        perm[p] = rng.sample(range(2 * n), n)       # distinct word offsets
    idx_vals = [[[4 * perm[p][r * vc + c] for c in range(vc)] for r in range(vr)]
                if p in pes else None for p in ALL]
    I = P.load("s32", pes, idx_vals, hand="u", col=col if col != vc else None)
    th = scalar_regs(rng, pes, lambda: 4 * rng.randint(0, 2 * n))
    pr = P.vec("tcmps", "s32", pes, [("u", 1)], 1, hand="n", scalars=th, cmode=2, pred=True,
               **d, model=lambda p, r, c: compare("s32", 2, I.frag[p][(r, c)], th[p]))
    bases = [T.Addr(mem[p], 0) if p in pes else None for p in ALL]
    if scatter:
        D = P.rand_load(dt, pes, vr, vc, col=col, gen=lambda: rng.getrandbits(32))
        P.regs(a0=bases)
        P.emit("bstart.mscatter.mask %s" % dt)
        P.emit("b.iot t#1, u#1, mask=%s" % T.mask_str(pes))
        P.emit("b.iot n#1, mask=%s, last" % T.mask_str(pes))
        P.emit("b.ior a0, zero, zero, ->zero")
        P.dims(**d)
        for p in pes:
            for r in range(vr):
                for c in range(vc):
                    if pr.frag[p][(r, c)]:
                        o = I.frag[p][(r, c)]
                        mem[p].cur[o:o + 4] = D.frag[p][(r, c)].to_bytes(4, "little")
        P.finish(None, "ok")
        P.check(*[mem[p] for p in pes])
        return
    pad = rng.randint(0, 3)
    P.regs(a0=bases)
    P.emit("bstart.mgather.mask %s" % dt)
    P.emit("b.iot u#1, n#1, mask=%s, last, ->m<%s>" % (T.mask_str(pes), format(size, "04b")))
    P.emit("b.ior a0, zero, zero, ->zero")
    P.dims(**d)
    P.emit("b.datr layout=0, datatype=0, pad=%d, cmode=0, rmode=0" % pad)
    new = T.Tile(dt, T.size_bytes(size), col, vr, vc, "RM", pes)
    for p in pes:
        new.frag[p] = {}
        for r in range(vr):
            for c in range(vc):
                o = I.frag[p][(r, c)]
                new.frag[p][(r, c)] = (int.from_bytes(mem[p].cur[o:o + 4], "little")
                                       if pr.frag[p][(r, c)] else PAD32[dt][pad])
        new.defined[p] = True
    P.push("m", new)
    P.finish(None, "ok")
    P.store(dt, pes)


def gen_pred(outdir):
    P = VecProg("vec-gen-pred.s", 0x7EC4)
    rng = P.rng
    for dt in ARITH:
        for cm in range(6):
            pred_case(P, dt, rng.choice(MASKS), cm, cm % 2 == 1,
                      sel_dt=same_width(rng, dt) if cm == 4 else None, sel_scalar=cm >= 3)
    for scatter in (False, True):
        for dt in ("u32", "s32"):
            for pes in ((0,), ALL, (0, 1, 2)):
                gather_mask_case(P, dt, pes, scatter)
    P.case("pools: predicates charged like any Local tile")
    P.check_pools()
    P.write(outdir, header(
        "VEC predicates: TCMP and TCMPS in all six CMode relations on the sixteen "
        "arithmetic types (NaN unordered, -0 == +0) make predicate tiles that TSEL and "
        "TSELS then use per PE; MGATHER.MASK and MSCATTER.MASK take a TCMPS predicate: "
        "masked-off lanes keep the pad and make no access."))


def cvt_value(rng, t):
    """a TCVT source: specials, small values, and magnitudes across the integer ranges"""
    if not is_float(t):
        return rand_raw(rng, t)
    x = rng.random()
    if x < 0.25:
        return rng.choice(specials(t))
    if x < 0.6:
        return rand_raw(rng, t, 0)
    q = Fr(rng.randint(-(1 << rng.randint(1, 70)), 1 << rng.randint(1, 70)),
           rng.choice([1, 2, 4, 3, 1 << 20]))
    return encode_float(t, C.fin(q))[0]


def datr_line(layout=0, dt=0, pad=0, cmode=0, rmode=0, sat=False, canon=False):
    return "b.datr layout=%d, datatype=%d, pad=%d, cmode=%d, rmode=%d%s%s" % (
        layout, dt, pad, cmode, rmode, ", sat" if sat else "", ", canonicalize" if canon else "")


CODE = {n: c for c, n, _ in T.DTYPES}


def cvt_case(P, src, dst, pes, rmode, sat, rows=8, col=16, vr=None, vc=None):
    """TCVT src -> dst: source and destination keep Rows, so their SizeCodes
    scale with the element widths"""
    rng = P.rng
    vr, vc = vr or rng.randint(1, rows), vc or rng.randint(1, col)
    ssize = (rows * col * BITS[src] // 8 // 128).bit_length()
    dsize = (rows * col * BITS[dst] // 8 // 128).bit_length()
    P.case("tcvt %s -> %s rmode %d%s, %dx%d mask %s" % (src, dst, rmode, " sat" if sat else "",
                                                      vr, vc, T.mask_str(pes)))
    A = P.rand_load(src, pes, vr, vc, col=col, size=ssize, gen=lambda: cvt_value(rng, src))
    P.vec("tcvt", src, pes, [("t", 1)], dsize, vc=vc, vr=vr, col=col, dst_dt=dst,
          datr=datr_line(dt=31 if dst == src and rng.random() < 0.5 else CODE[dst],
                         rmode=rmode, sat=sat, pad=rng.randint(0, 3)),
          model=lambda p, r, c: convert(dst, src, A.frag[p][(r, c)], rmode, sat, P.v0))
    P.store(dst, pes)
    P.check_flags()


def gen_cvt(outdir):
    P = VecProg("vec-gen-cvt.s", 0x7EC5)
    rng = P.rng
    for src in ARITH:
        dsts = rng.sample([t for t in ARITH if t != src], 4) + [src]
        for dst in dsts:
            cvt_case(P, src, dst, rng.choice(MASKS), rng.randint(0, 7), rng.random() < 0.4)
    # every rounding mode, with and without Sat, on the float -> integer and narrowing paths
    for src, dst in (("fp32", "s32"), ("fp32", "u8"), ("fp64", "fp16"), ("fp32", "bf16"),
                     ("s32", "fp16"), ("u64", "fp32")):
        for rmode in range(8):
            cvt_case(P, src, dst, ALL, rmode, rmode % 2 == 1)
    # into and from the 4-bit integers (a nibble an element), 8 x 32 tiles
    for src, dst, sat in (("s4x2", "s16", False), ("u4x2", "u32", False), ("s32", "s4x2", True),
                          ("u8", "u4x2", False), ("s4x2", "u4x2", True), ("u4x2", "s4x2", False)):
        cvt_case(P, src, dst, rng.choice(MASKS), 0, sat, col=32)
    # ND -> DN then DN -> ND: the layout halves of B.DATR Layout (1 ND2DN, 6 DN2ND)
    P.case("tcvt fp32 -> fp16 ND2DN, then fp16 -> fp32 DN2ND")
    A = P.rand_load("fp32", ALL, 8, 16, col=16, size=5, gen=lambda: cvt_value(rng, "fp32"))
    H = P.vec("tcvt", "fp32", ALL, [("t", 1)], 4, vc=16, vr=8, col=16, dst_dt="fp16",
              datr=datr_line(layout=1, dt=CODE["fp16"]), hand="n",
              model=lambda p, r, c: convert("fp16", "fp32", A.frag[p][(r, c)], 0, False))
    P.vec("tcvt", "fp16", ALL, [("n", 1)], 5, vc=16, vr=8, col=16, dst_dt="fp32",
          datr=datr_line(layout=6, dt=CODE["fp32"]),
          model=lambda p, r, c: convert("fp32", "fp16", H.frag[p][(r, c)], 0, False))
    P.store("fp32", ALL)
    # ND -> NZ -> ZN -> ND over a 27 x 29 valid region of 32 x 32 tiles: the
    # fractal layouts (4 ND2NZ, 30 NZ2ZN, 17 ZN2ND), rows across two FP16 and
    # four FP32 fractals that end inside a 32-byte fractal row
    P.case("tcvt fp32 -> fp16 ND2NZ, fp16 -> fp32 NZ2ZN, fp32 -> fp32 ZN2ND")
    A = P.rand_load("fp32", ALL, 27, 29, col=32, size=6, gen=lambda: cvt_value(rng, "fp32"))
    H = P.vec("tcvt", "fp32", ALL, [("t", 1)], 5, vc=29, vr=27, col=32, dst_dt="fp16",
              datr=datr_line(layout=4, dt=CODE["fp16"]), hand="n",
              model=lambda p, r, c: convert("fp16", "fp32", A.frag[p][(r, c)], 0, False))
    P.store("fp16", ALL, sel=("n", 1))     # (TSTORE reads any layout)
    Z = P.vec("tcvt", "fp16", ALL, [("n", 1)], 6, vc=29, vr=27, col=32, dst_dt="fp32",
              datr=datr_line(layout=30, dt=CODE["fp32"]), hand="n",
              model=lambda p, r, c: convert("fp32", "fp16", H.frag[p][(r, c)], 0, False))
    P.store("fp32", ALL, sel=("n", 1))
    P.vec("tcvt", "fp32", ALL, [("n", 1)], 6, vc=29, vr=27, col=32, dst_dt="fp32",
          datr=datr_line(layout=17, dt=CODE["fp32"]),
          model=lambda p, r, c: convert("fp32", "fp32", Z.frag[p][(r, c)], 0, False))
    P.store("fp32", ALL)
    P.check_flags()
    P.write(outdir, header(
        "VEC TCVT: each arithmetic type into four others and itself (B.DATR DataType, or "
        "31 for the same type), every B.DATR RMode with and without Sat, the default "
        "toward-zero rounding into integers, the indefinite results, into and from the "
        "4-bit integers, and the layout "
        "halves ND2DN / DN2ND and ND2NZ / NZ2ZN / ZN2ND; source and destination keep "
        "Rows, so their SizeCodes scale with the widths."))


def gen_legal(outdir):
    """each block faults (trap 5 at its BSTOP) with no effect; every group
    ends with the legal block over the same operands"""
    P = VecProg("vec-gen-legal.s", 0x7EC6)
    rng = P.rng
    bad = lambda *a, **k: P.vec(*a, expect="fault", **k)

    P.case("setup: FP32 4x8 tiles A, B on all PEs; S32 C; a predicate; A on PE0 only")
    A = P.rand_load("fp32", ALL, 4, 8)
    B = P.rand_load("fp32", ALL, 4, 8)
    Ci = P.rand_load("s32", ALL, 4, 8, hand="u")
    only0 = P.rand_load("fp32", (0,), 4, 8, hand="u")
    pr = P.vec("tcmp", "fp32", ALL, [("t", 2), ("t", 1)], 1, vc=8, vr=4, hand="n", pred=True,
               cmode=2, model=lambda p, r, c: compare("fp32", 2, A.frag[p][(r, c)],
                                                     B.frag[p][(r, c)]))
    P.check_flags()
    src2 = [("t", 2), ("t", 1)]
    ok = dict(vc=8, vr=4)
    cases = [
        ("a Shared binding", dict(extra=["b.ios mask=1111, ->s3<0001>"])),
        ("no LB0", dict(vc=None, vr=4)),
        ("an explicit LB1 of 0", dict(vc=8, vr=0)),
        ("LB0 differs from the sources' valid columns", dict(vc=7, vr=4)),
        ("LB2 differs from the sources' columns", dict(vc=8, vr=4, col=16)),
        ("the destination SizeCode gives other rows", dict(size=2)),
        ("B.IOR on an operation without a scalar", dict(ior="b.ior zero, zero, zero, ->zero")),
        ("B.DATR RMode", dict(datr=datr_line(rmode=1))),
        ("B.DATR Sat", dict(datr=datr_line(sat=True))),
        ("B.DATR CMode outside a compare", dict(datr=datr_line(cmode=1))),
        ("B.DATR DataType", dict(datr=datr_line(dt=CODE["fp16"]))),
        ("B.DATR Layout ND2DN", dict(datr=datr_line(layout=1))),
        ("B.DATR Layout ND2M16 (CUBE transport)", dict(datr=datr_line(layout=22))),
        ("the BSTART type is not the sources'", dict(dt="s32")),
        ("sources of two types", dict(srcs=[("t", 1), ("u", 2)])),
        ("a source with no fragment on PE1..PE3", dict(srcs=[("t", 1), ("u", 1)])),
        ("a predicate as a numeric source", dict(srcs=[("t", 1), ("n", 1)])),
        ("a source names no live tile", dict(srcs=[("t", 1), ("m", 9)])),
        ("two destinations", dict(bindings=["b.iot t#2, mask=1111, ->m<0001>",
                                            "b.iot t#1, mask=1111, last, ->m<0001>"])),
    ]
    for why, kw in cases:
        P.case("tadd rejected: " + why)
        args = dict(ok, srcs=src2, size=1, dt="fp32")
        args.update(kw)
        srcs, size, dt = args.pop("srcs"), args.pop("size"), args.pop("dt")
        bad("tadd", dt, ALL, srcs, size, **args)
        P.check_pools()
    P.case("the destination does not fit its SizeCode: Fault_TileAllocation")
    P.rand_load("fp32", ALL, 8, 32, size=4, hand="u")
    bad("tabs", "fp32", ALL, [("u", 1)], 1, vc=32, vr=8)
    P.check_pools()
    for why, op, dt, srcs, kw in [
        ("TAND on FP32", "tand", "fp32", src2, {}),
        ("TNOT on FP32", "tnot", "fp32", [("t", 1)], {}),
        ("TFMA with one binding", "tfma", "fp32", src2,
         dict(bindings=["b.iot t#2, t#1, mask=1111, last, ->m<0001>"])),
        ("TSEL with a numeric mask", "tsel", "fp32", [("t", 1), ("t", 2), ("t", 1)], {}),
        ("TSEL with B.IOR", "tsel", "fp32", [("n", 1), ("t", 2), ("t", 1)],
         dict(ior="b.ior zero, zero, zero, ->zero")),
        ("TADDS with RegSrc1", "tadds", "fp32", [("t", 1)],
         dict(ior="b.ior a2, a2, zero, ->zero")),
        ("TEXPANDS with a source", "texpands", "fp32", [("t", 1)], {}),
        ("TCVT S32 -> E8M0", "tcvt", "s32", [("u", 3)], dict(datr=datr_line(dt=13))),
        ("TCVT Canonicalize on an ordinary source", "tcvt", "fp32", [("t", 1)],
         dict(datr=datr_line(dt=CODE["fp32"], canon=True))),
        ("TCVT DN2ND of a row-major source", "tcvt", "fp32", [("t", 1)],
         dict(datr=datr_line(layout=6, dt=CODE["fp32"]))),
        ("TADDS with an invalid TF32 scalar", "tadds", "tf32", [("t", 1)], {}),
    ]:
        P.case(why + ": rejected")
        if op == "tadds" and dt == "tf32":
            P.rand_load("tf32", ALL, 4, 8)
            kw = dict(scalars=[0x3F800001] * 4)
        bad(op, dt, ALL, srcs, 1, vc=8, vr=4, **kw)
        P.check_pools()
    P.case("TMAX over an invalid TF32 element: rejected")
    P.rand_load("tf32", ALL, 4, 8, gen=lambda: 0x3F800000 | rng.randint(1, 0x1FFF))
    P.rand_load("tf32", ALL, 4, 8)
    bad("tmax", "tf32", ALL, src2, 1, vc=8, vr=4)
    P.case("a rejected block records no status flags")
    P.check_flags()
    P.case("TSTORE of a predicate: rejected")
    P.emit("bstart.tstore u8")
    P.emit("b.ior zero, zero, zero, ->zero")
    P.emit("b.iot n#1, mask=1111, last")
    P.finish((5, None), 5)
    P.case("the operands survive: the legal TSEL over A, B")
    at = lambda tile: ("t", P.hands["t"].index(tile) + 1)
    P.vec("tsel", "fp32", ALL, [("n", 1), at(A), at(B)], 1, vc=8, vr=4,
          model=lambda p, r, c: (A.frag[p][(r, c)] if pr.frag[p][(r, c)]
                                 else B.frag[p][(r, c)], 0))
    P.store("fp32", ALL)
    P.check_pools()
    P.write(outdir, header(
        "VEC legality: Shared bindings, B.DIM, destination SizeCode, B.IOR and B.DATR "
        "applicability, types, shapes, PE fragments, predicate and numeric storage, the "
        "binding schemas of TFMA / TSEL / TEXPANDS, TCVT pairs and layouts, and encodings; "
        "each rejected block is trap 5 at its BSTOP with the pools, the operands and the "
        "status flags unchanged."))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    random.seed(0x7EC0)
    gen_int(outdir)
    gen_float(outdir, "vec-gen-float.s", False)
    gen_float(outdir, "vec-gen-v0.s", True)
    gen_pred(outdir)
    gen_cvt(outdir)
    gen_legal(outdir)


if __name__ == "__main__":
    main()
