#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking SFU reduction / expansion guest programs
tests/guest/tile/sfu-gen-reduce*.s.

Every expected value comes from the model in this file and gen-vec.py's
element model, written from the SFU rules of PTO ISA 0.58.3 (the spec's
asl/tile/model/execution/reduction.asl and expansion.asl,
asl/tile/model/legality/reduction-and-expansion.asl,
asl/block/model/dispatch/reduction-schema.asl and expansion-schema.asl;
the `reductions` and `mixed_expdif` keys of
spec/hardware-conformance-profile.json) and the project's choices
(docs/tile-engine.md, docs/implementation-defined.md entries 56 and 57) --
never from running the emulator:

  - TROW* / TCOL* reductions are a sequential left fold in the element
    type, in increasing column (row) order: SUM from the raw zero word,
    PROD from the type's one, MIN / MAX / ARG* from the first element.
    Each step is gen-vec's ADD / MUL / MIN / MAX (one RNE rounding, integer
    wrap; pto-v0: raw-carrier integer ADD / MUL).  ARG* keeps index i when
    the step's result equals element i and differs from the accumulator,
    so ties keep the lowest index; the index is a U32.  Destinations: row
    (src.VR x 1, Cols 1), column (1 x src.VC, Cols src.Cols).
  - Expansions: TxEXPAND copies the broadcast bit for bit; the others are
    full OP broadcast (gen-vec's ADD SUB MUL MAX MIN; DIV below); EXPDIF is
    exp(full - broadcast): SUB then EXP in the destination type, each
    rounded once; FP16 / BF16 into FP32 widen both operands exactly first
    (a FP16 NaN becomes 0x7fc00000; a FP16 signaling NaN raises NV, the
    conformance profile's signaling-input rule).  EXP's special values are
    the table of TileSFUUnarySpecialValue (asl/tile/model/execution/unary.asl);
    a finite EXP is the correctly rounded exp (this
    model evaluates it to 500 bits), and every EXPDIF operand pair used is
    checked to lie far (2^-50 relative) from a rounding boundary and from
    every representable value, where any faithful host exp (the emulator
    uses the host's long double expl, rounded once) gives the same bits and
    NX.  Under pto-v0: raw SUB, the table, else raw + 1; the two mixed
    witnesses of the reference profile give their fixed values; FP16 is
    widened as the ASL's ExactWidenFP16ToFP32 does (a subnormal's fraction
    one bit low, a NaN quietly).
  - DIV: integers truncate toward zero and wrap (MIN / -1 = MIN); floating
    DIV is exact then one RNE rounding; x / +-0 is DZ and inf (E4M3, with
    no inf: its NaN); 0 / 0 and inf / inf are NV.  pto-v0: unsigned
    division of the raw carriers; a zero divisor gives all ones and DZ,
    where the -0 of every type but FP32 and FP64 is no zero
    (ScalarFPCarrierIsZero with the Tile type's code).
  - Flags: the OR over every PE and element, recorded on success.
  - Legality (each rejected block is trap 5 at its BSTOP and leaves the
    pools, the operands and the flags as they were): binding counts, B.IOR
    present, B.DIM (absent LB0, LB 0, a shape other than the source's),
    B.DATR fields and DataType, types (BSTART, ARG* A9, EXPDIF pairs),
    broadcast shapes, integer DIV by a used zero broadcast element (on one
    PE), the destination SizeCode (Fault_TileAllocation when it does not
    fit; Fault_TileLegality when the rows differ from the full source's).

The programs (tests/guest/run-guest-tests.py writes them at test time):
  sfu-gen-reduce.s         the 12 reductions on the VA16 types (ARG* on A9),
                           PE masks with per-PE data, specials, ties, the
                           fold order, integer wrap;
  sfu-gen-reduce-expand.s  the 16 expansions on the eight floating types,
                           EXPDIF on its five type pairs;
  sfu-gen-reduce-expint.s  the 14 non-EXPDIF expansions on the integer types;
  sfu-gen-reduce-v0.s      reductions and expansions under pto-v0;
  sfu-gen-reduce-legal.s   the legality rules.

Usage: gen-sfu-reduce.py [OUTDIR]   (default: the directory of this script)
"""

import os
import sys
from fractions import Fraction as Fr

HERE = os.path.dirname(os.path.abspath(__file__))


sys.path.insert(0, HERE)
from genmod import load as _load       # noqa: E402


V = _load("gen-vec")        # the VEC program writer and element model
T = V.T                     # gen-tlsu: Local tiles, pools, TLOAD / TSTORE
C = V.C                     # gen-cube: exact values
E = _load("gen-sfu-elem")   # the SFU element model (the pto-v0 zero divisor)

ALL, MASKS, BITS = V.ALL, V.MASKS, V.BITS
NV, DZ, OF, UF, NX = V.NV, V.DZ, V.OF, V.UF, V.NX
FLOAT_TYPES, INT_TYPES, ARITH = V.FLOAT_TYPES, V.INT_TYPES, V.ARITH
A9 = ["s32", "u32", "fp32", "s16", "u16", "fp16", "bf16", "s8", "u8"]
CODE = V.CODE
low, sext, is_float, is_signed = V.low, V.sext, V.is_float, V.is_signed

RED_OPS = ["sum", "max", "min", "prod", "argmax", "argmin"]
EXP_OPS = ["", "add", "sub", "mul", "div", "max", "min", "expdif"]
EXPDIF_PAIRS = [("fp16", "fp16"), ("bf16", "bf16"), ("fp32", "fp32"), ("fp16", "fp32"),
                ("bf16", "fp32")]

ONE = {"fp64": 0x3FF0000000000000, "fp32": 0x3F800000, "tf32": 0x3F800000,
       "hf32": 0x3F800000, "fp16": 0x3C00, "bf16": 0x3F80, "e4m3": 0x38, "e5m2": 0x3C}


# ---- reductions ---------------------------------------------------------------

STEP = {"sum": "add", "prod": "mul", "max": "max", "min": "min", "argmax": "max",
        "argmin": "min"}


def fold(dt, op, xs, v0=False):
    """the left fold of reduction op over the raw elements xs -> (raw, flags)"""
    if op == "sum":
        acc, start = 0, 0
    elif op == "prod":
        acc, start = ONE.get(dt, 1), 0
    else:
        acc, start = xs[0], 1
    idx, fl = 0, 0
    for i in range(start, len(xs)):
        res, f = V.binary(dt, STEP[op], acc, xs[i], v0)
        fl |= f
        if res == xs[i] and res != acc:
            idx = i
        acc = res
    return (idx if op.startswith("arg") else acc), fl


def _self_check_fold():
    """worked examples of the fold rules (TileReductionStepWithFlags,
    asl/tile/model/execution/reduction.asl; the profile's `reductions` key)"""
    f32 = lambda x: V.encode_float("fp32", C.fin(Fr(x)))[0]
    assert fold("fp16", "sum", [0x6800] + [0x3C00] * 4) == (0x6800, NX)
    tree = V.binary("fp16", "add", V.binary("fp16", "add", 0x6800, 0x3C00)[0],
                    V.binary("fp16", "add", V.binary("fp16", "add", 0x3C00, 0x3C00)[0],
                             V.binary("fp16", "add", 0x3C00, 0x3C00)[0])[0])[0]
    assert tree == 0x6802
    assert fold("fp32", "sum", [0x80000000]) == (0, 0)
    assert fold("u8", "sum", [200, 100])[0] == 44
    assert fold("s8", "prod", [16, 16])[0] == 0
    nan = 0x7FC00000
    for xs, op, want in [([1, 3, 3, 2], "argmax", 1), ([nan, 1, 2], "argmax", 2),
                         ([1, nan, 0.5], "argmax", 0)]:
        assert fold("fp32", op, [x if x == nan else f32(x) for x in xs])[0] == want
    assert fold("fp32", "argmax", [0, 0x80000000])[0] == 0
    assert fold("fp32", "argmax", [0x80000000, 0])[0] == 1
    assert fold("fp32", "argmin", [0, 0x80000000])[0] == 1
    assert fold("fp32", "argmax", [0x7FC00001, 0x7FC00000])[0] == 1
    assert fold("fp32", "argmax", [0x7FC00000, 0x7FC00001])[0] == 0


# ---- DIV ----------------------------------------------------------------------

def div(t, l, r, v0=False):
    """l / r -> (raw, flags); an integer r is nonzero"""
    w = BITS[t]
    if not is_float(t):
        a = sext(l, w) if is_signed(t) else low(l, w)
        b = sext(r, w) if is_signed(t) else low(r, w)
        q = abs(a) // abs(b)
        return low(q if (a < 0) == (b < 0) else -q, w), 0
    if v0:
        if E.v0_zero_divisor(t, r):
            return low(-1, w), DZ
        return low(l // r, w), 0
    if V.is_nan(t, l) or V.is_nan(t, r):
        return V.nan_case(t, l, r)
    a, b = V.value(t, l), V.value(t, r)
    s = C.sign_of(a) ^ C.sign_of(b)
    az, bz = a[0] == "f" and a[1] == 0, b[0] == "f" and b[1] == 0
    if (a[0] == "i" and b[0] == "i") or (az and bz):
        return V.canon(t), NV
    if a[0] == "i":
        return V.encode_float(t, ("i", s))
    if bz:
        return (V.canon(t) if t == "e4m3" else V.encode_float(t, ("i", s))[0]), DZ
    if b[0] == "i" or az:
        return (V.sign_bit(t) if s else 0), 0
    return V.encode_float(t, C.fin(a[1] / b[1]))


# ---- EXP and EXPDIF -----------------------------------------------------------

PREC = 600


def exp_bounds(d):
    """Fractions lo <= exp(d) <= hi, hi / lo - 1 < 2^-490 (fixed point,
    Taylor series after halving, then repeated squaring)"""
    a = -d if d < 0 else d
    n = 0
    while a > Fr(1, 256) * (1 << n):
        n += 1
    one = 1 << PREC
    y = (a.numerator << PREC) // (a.denominator << n)      # a / 2^n, truncated
    term, s = one, one
    for k in range(1, 60):
        term = term * y // (k << PREC)
        if not term:
            break
        s += term
    for _ in range(n):
        s = s * s >> PREC
    v = Fr(s, one)
    eps = Fr(1, 1 << 490)
    lo, hi = v * (1 - eps), v * (1 + eps)
    if d < 0:
        lo, hi = 1 / hi, 1 / lo
    return lo, hi


MARGIN = Fr(1, 1 << 50)


def exp_round(t, d):
    """the correctly rounded exp of the exact finite nonzero d into t ->
    (raw, flags), or None when exp(d) lies within 2^-50 (relative) of a
    rounding boundary or of a value of t"""
    if abs(d) > 200:                # beyond every type's range of EXPDIF
        raw, fl = V.encode_float(t, C.fin(C.p2(300 if d > 0 else -300)))
        return raw, fl | NX
    lo, hi = exp_bounds(d)
    lo, hi = lo * (1 - MARGIN), hi * (1 + MARGIN)
    ends = [V.encode_float(t, C.fin(x), 1) for x in (lo, hi)]
    if ends[0] != ends[1]:
        return None
    if V.encode_float(t, C.fin(lo), 2)[0] != V.encode_float(t, C.fin(hi), 2)[0]:
        return None                 # a value of t lies between: NX not certain
    raw, fl = ends[0]
    return raw, fl | NX


def exp_special(t, d):
    """EXP of raw d in t -> (raw, flags), None when d is finite nonzero"""
    v = V.value(t, d)
    if V.is_nan(t, d):
        return V.canon(t), NV if V.is_snan(t, d) else 0
    if v[0] == "i":
        return (0 if v[1] else d), 0
    if v[1] == 0:
        return ONE[t], 0
    return None


def widen16(raw):
    """FP16 -> FP32, exactly (a NaN -> 0x7fc00000) -> (raw32, signaling)"""
    v = V.value("fp16", raw)
    if v[0] == "n":
        return 0x7FC00000, V.is_snan("fp16", raw)
    return V.encode_float("fp32", v)[0], False


def widen16_v0(raw):
    """pto-v0: ExactWidenFP16ToFP32 step by step as the 0.58.3 ASL writes it
    (asl/tile/model/execution/expansion.asl): a NaN -> 0x7FC00000, an
    infinity keeps its sign, a normal moves its exponent by 112, and a
    subnormal's fraction is shifted left until its bit 9 is set (s shifts,
    exponent field 112 - s), then its bits 8:0 go to bits 22:13 of the
    result zero-extended to 10 bits"""
    sign, exponent, fraction = raw >> 15 & 1, raw >> 10 & 0x1F, raw & 0x3FF
    if exponent == 0x1F:
        return 0x7FC00000 if fraction else sign << 31 | 0xFF << 23
    if exponent:
        return sign << 31 | (exponent + 112) << 23 | fraction << 13
    if not fraction:
        return sign << 31
    shifts = 0
    for _ in range(10):
        if not fraction >> 9 & 1:
            fraction = fraction << 1 & 0x3FF
            shifts += 1
    return sign << 31 | (112 - shifts) << 23 | (fraction & 0x1FF) << 13


WITNESS = {(0x3C000000, 0x33800000): 0x3F810100, (0x3F800000, 0x3B000000): 0x402DA16E}


def expdif(st, dt, a, b, v0=False):
    """exp(a - b), source type st into dt -> (raw, flags), None if the exp is
    too close to a boundary for this test"""
    fl = 0
    if st != dt:
        if st == "fp16" and v0:
            a, b = widen16_v0(a), widen16_v0(b)
        elif st == "fp16":
            (a, sa), (b, sb) = widen16(a), widen16(b)
            if sa or sb:
                fl |= NV
        else:
            a, b = a << 16, b << 16
        if v0 and (a, b) in WITNESS:
            return WITNESS[(a, b)], 0
    d, f1 = V.binary(dt, "sub", a, b, v0)
    fl |= f1
    sp = exp_special(dt, d)
    if sp is not None:
        return sp[0], fl | sp[1]
    if v0:
        return low(d + 1, BITS[dt]), fl
    r = exp_round(dt, V.value(dt, d)[1])
    return None if r is None else (r[0], fl | r[1])


def _self_check_expdif():
    """the two mixed witnesses (the discriminator_vectors of `mixed_expdif`
    in spec/hardware-conformance-profile.json;
    HardwareNumericMixedExpdifDiscriminator in
    asl/arch/features/mx-formats.asl) are the correctly rounded results"""
    assert expdif("fp16", "fp32", 0x2000, 0x0001) == (0x3F810100, NX)
    assert expdif("bf16", "fp32", 0x3F80, 0x3B00) == (0x402DA16E, NX)
    # plain FP16 would first round 2^-7 - 2^-24 back to 2^-7
    assert V.binary("fp16", "sub", 0x2000, 0x0001) == (0x2000, NX)
    assert expdif("fp32", "fp32", 0, 0) == (0x3F800000, 0)
    assert widen16(0x0003) == (0x34400000, False)           # 3 * 2^-24
    assert widen16_v0(0x0003) == 0x34200000                 # the ASL's: 1.25 * 2^-23
    assert widen16_v0(0x83FF) == 0xB83FE000
    assert widen16_v0(0x0001) == 0x33800000
    assert widen16_v0(0x3C00) == 0x3F800000
    assert widen16(0x03FF) == (0x387FC000, False)


_self_check_fold()
_self_check_expdif()


# ---- the program writer -------------------------------------------------------

class SfuProg(V.VecProg):

    GENERATOR = "gen-sfu-reduce.py"
    def sfu(self, op, dt, pes, srcs, size, dst, vc, vr=None, col=None, hand="m",
            datr=None, ior=None, expect="ok", bindings=None, extra=None, model=None):
        """one SFU block: BSTART.SFU op, dt; srcs in binding order; dst =
        (type, VR, VC, Cols) of the destination in hand with SizeCode size;
        model(p, r, c) -> (raw, flags) for each valid element of PE p"""
        self.emit("bstart.sfu %s, %s" % (op, dt))
        if ior is not None:
            self.emit(ior)
        self.dims(vc, vr, col)
        if datr is not None:
            self.emit(datr)
        m = T.mask_str(pes)
        names = ["%s#%d" % s for s in srcs]
        if bindings is not None:
            for line in bindings:
                self.emit(line)
        else:
            self.emit("b.iot %s, mask=%s, last, ->%s<%s>" % (", ".join(names), m, hand,
                                                           format(size, "04b")))
        for line in extra or []:
            self.emit(line)
        if expect != "ok":
            self.finish((5, None), 5)
            return None
        if not pes:
            self.finish(None, "ok")
            return None
        ddt, dvr, dvc, dcol = dst
        new = T.Tile(ddt, T.size_bytes(size), dcol, dvr, dvc, "RM", pes)
        assert T.shape_ok(new.c, dcol, BITS[ddt], dvr, dvc, "RM")
        for p in pes:
            new.frag[p] = {}
            for r in range(dvr):
                for c in range(dvc):
                    raw, fl = model(p, r, c)
                    new.frag[p][(r, c)] = raw
                    self.flags |= fl
            new.defined[p] = True
        self.push(hand, new)
        self.finish(None, "ok")
        return new



def datr(pad=0, dt=0, **kw):
    return V.datr_line(dt=dt, pad=pad, **kw)


def dims(P, vr, vc, col):
    """B.DIM for (VR, VC, Cols): LB1 / LB2 only when they differ from the defaults
    (sometimes given anyway)"""
    return dict(vc=vc, vr=vr if vr > 1 or P.rng.random() < 0.3 else None,
                col=col if col != vc or P.rng.random() < 0.3 else None)


def rand_shape(rng, bits, max_col=16, max_rows=4):
    col = rng.choice([c for c in (1, 2, 4, 8, 16) if c <= max_col and c * bits <= 1024])
    vc = rng.randint(1, col)
    vr = rng.randint(1, max_rows)
    return vr, vc, col


def reduce_case(P, dt, op, axis, pes, shape=None, gen=None, vals=None, pad=None, what=""):
    """TROW<op> / TCOL<op> of a per-PE source, stored and compared"""
    rng = P.rng
    bits = BITS[dt]
    if vals is not None:
        vr, vc = len(vals[pes[0]]), len(vals[pes[0]][0])
        col = shape[2] if shape else 1 << (vc - 1).bit_length()
    else:
        vr, vc, col = shape or rand_shape(rng, bits)
    special = 0.08 if op in ("sum", "prod") else 0.3
    gen = gen or (lambda: V.rand_raw(rng, dt, special))
    P.case("t%s%s %s %dx%d col %d mask %s%s" % (axis, op, dt, vr, vc, col, T.mask_str(pes),
                                                what))
    if vals is None:
        A = P.rand_load(dt, pes, vr, vc, col=col, gen=gen)
    else:
        A = P.load(dt, pes, vals, col=col)
    ddt = "u32" if op.startswith("arg") else dt
    dvr, dvc, dcol = (vr, 1, 1) if axis == "row" else (1, vc, col)
    size = T.min_size(BITS[ddt], dcol, dvr) + rng.choice([0, 0, 0, 1])
    if axis == "row":
        model = lambda p, r, c: fold(dt, op, [A.frag[p][(r, i)] for i in range(vc)], P.v0)
    else:
        model = lambda p, r, c: fold(dt, op, [A.frag[p][(i, c)] for i in range(vr)], P.v0)
    pad = rng.choice([None, 0, 1, 2, 3]) if pad is None else pad
    P.sfu("t%s%s" % (axis, op), dt, pes, [("t", 1)], size, (ddt, dvr, dvc, dcol),
          datr=None if pad is None else datr(pad, rng.choice([0, 31])), model=model,
          **dims(P, vr, vc, col))
    P.store(ddt, pes)
    P.check_flags()


def expdif_gen(P, st, dt, bval, special):
    """a full-source element whose EXPDIF with every broadcast value in bval is
    modelled exactly"""
    rng = P.rng
    while True:
        if rng.random() < special:
            a = rng.choice(V.specials(st))
        else:
            a = expdif_value(rng, st)
        if all(expdif(st, dt, a, b, P.v0) is not None for b in bval):
            return a


def expdif_value(rng, st):
    """values whose differences keep exp within range (and FP16 subnormals)"""
    eb, mb, lz, _ = V.FMT[st]
    bias = (1 << (eb - 1)) - 1
    if st == "fp16" and rng.random() < 0.15:
        return rng.getrandbits(1) << 15 | rng.randint(1, 0x3FF)
    top = 2 if st == "fp16" else 5          # |x| < 8 (FP16) or 64
    e = rng.randint(bias - 12, bias + top)
    return (rng.getrandbits(1) << (BITS[st] - 1)) | (e << mb << lz) | \
        (rng.getrandbits(mb) << lz)


def expand_case(P, dt, op, axis, pes, shape=None, dst_dt=None, full=None, bcast=None,
                gen_full=None, gen_b=None, what=""):
    """T<axis>EXPAND<op> with per-PE data: full op broadcast, or the copy"""
    rng = P.rng
    bits = BITS[dt]
    ddt = dst_dt or dt
    if full is not None:
        vr, vc = len(full[pes[0]]), len(full[pes[0]][0])
        col = 1 << (vc - 1).bit_length()
    else:
        vr, vc, col = shape or rand_shape(rng, max(bits, BITS[ddt]))
    P.case("t%sexpand%s %s%s %dx%d col %d mask %s%s" % (
        axis, op, dt, "->" + ddt if ddt != dt else "", vr, vc, col, T.mask_str(pes), what))
    size = T.min_size(bits, col, vr)
    dsize = size + (1 if BITS[ddt] > bits else 0)
    special = 0.15 if op == "expdif" else 0.25
    bshape = (vr, 1, 1) if axis == "row" else (1, vc, col)
    if gen_b is None:
        if op == "div" and not is_float(dt):
            gen_b = lambda: rng.choice([x for x in (rng.getrandbits(bits), 1, low(-1, bits),
                                                    rng.randint(1, 9)) if x])
        elif op == "expdif":
            gen_b = lambda: (rng.choice(V.specials(dt)) if rng.random() < 0.15
                             else expdif_value(rng, dt))
        else:
            gen_b = lambda: V.rand_raw(rng, dt, special)
    if bcast is None:
        bcast = [[[gen_b() for _ in range(bshape[1])] for _ in range(bshape[0])]
                 if p in pes else None for p in ALL]
    B = P.load(dt, pes, bcast, col=bshape[2])
    bat = (lambda p, r, c: B.frag[p][(r, 0)]) if axis == "row" else \
        (lambda p, r, c: B.frag[p][(0, c)])
    srcs = [("t", 1)]
    if op != "":
        if full is None:
            full = {}
            for p in pes:
                rows = []
                for r in range(vr):
                    row = []
                    for c in range(vc):
                        if op == "expdif":
                            row.append(expdif_gen(P, dt, ddt, [bat(p, r, c)], special))
                        else:
                            row.append((gen_full or (lambda: V.rand_raw(rng, dt, special)))())
                    rows.append(row)
                full[p] = rows
            full = [full.get(p) for p in ALL]
        A = P.load(dt, pes, full, col=col, size=size)
        srcs = [("t", 1), ("t", 2)]
    else:
        A = None

    def model(p, r, c):
        b = bat(p, r, c)
        if op == "":
            return b, 0
        a = A.frag[p][(r, c)]
        if op == "div":
            return div(dt, a, b, P.v0)
        if op == "expdif":
            res = expdif(dt, ddt, a, b, P.v0)
            assert res is not None
            return res
        return V.binary(dt, op, a, b, P.v0)

    pad = rng.choice([None, 0, 1, 2, 3])
    if op == "expdif":
        dcode = 31 if ddt == dt and rng.random() < 0.5 else CODE[ddt]
        d = datr(pad or 0, dcode) if pad is not None or ddt != dt else None
    else:
        d = None if pad is None else datr(pad, rng.choice([0, 31]))
    osize = dsize if op != "" else T.min_size(BITS[ddt], col, vr) + rng.choice([0, 1])
    P.sfu("t%sexpand%s" % (axis, op), dt, pes, srcs, osize, (ddt, vr, vc, col), datr=d,
          model=model, **dims(P, vr, vc, col))
    P.store(ddt, pes)
    P.check_flags()


def header(text):
    return V.header(text)


# ---- the programs -------------------------------------------------------------

def f32(x):
    return V.encode_float("fp32", C.fin(Fr(x)))[0]


def same(pes, rows):
    return [rows if p in pes else None for p in ALL]


def gen_reduce(outdir):
    P = SfuProg("sfu-gen-reduce.s", 0x5F01)
    rng = P.rng
    for dt in ARITH:
        for op in RED_OPS:
            if op.startswith("arg") and dt not in A9:
                continue
            for axis in ("row", "col"):
                reduce_case(P, dt, op, axis, rng.choice(MASKS))
    # ties and specials: few distinct values, so ARG* meets equal values
    for dt in ("fp32", "fp16", "bf16", "s16", "u8"):
        if is_float(dt):
            sp = V.specials(dt)
            pool = [rng.choice(sp) for _ in range(4)] + [0, V.sign_bit(dt), V.canon(dt)]
        else:
            pool = [0, 1, 3, low(-1, BITS[dt]), 1 << (BITS[dt] - 1)]
        for op in ("argmax", "argmin", "max", "min"):
            for axis in ("row", "col"):
                reduce_case(P, dt, op, axis, ALL, shape=(4, 8, 8),
                            gen=lambda: rng.choice(pool), what=" (ties)")
    # worked examples of the fold rules (as _self_check_fold)
    nan = 0x7FC00000
    for op, xs in [("argmax", [f32(1), f32(3), f32(3), f32(2)]),
                   ("argmax", [nan, f32(1), f32(2)]),
                   ("argmax", [f32(1), nan, f32(0.5)]),
                   ("argmax", [0, 0x80000000]), ("argmax", [0x80000000, 0]),
                   ("argmin", [0, 0x80000000]), ("argmin", [0x80000000, 0]),
                   ("argmax", [0x7FC00001, nan]), ("argmax", [nan, 0x7FC00001]),
                   ("argmin", [0xFFC00000, 0x7F800001, f32(-2), f32(-2)]),
                   ("sum", [0x80000000]), ("max", [0x7F800001]), ("min", [0xFF800001, 0]),
                   ("prod", [0x80000000, f32(3)])]:
        reduce_case(P, "fp32", op, "row", ALL, vals=same(ALL, [xs]), what=" (example)")
    # the fold order: 2048 + 1 + 1 + 1 + 1 stays 2048 in FP16 (a tree gives 2052)
    reduce_case(P, "fp16", "sum", "row", ALL, vals=same(ALL, [[0x6800] + [0x3C00] * 4]),
                shape=(1, 5, 8), what=" (left fold)")
    reduce_case(P, "fp16", "sum", "col", ALL, vals=same(ALL, [[0x6800]] + [[0x3C00]] * 4),
                shape=(5, 1, 1), what=" (left fold)")
    reduce_case(P, "fp32", "sum", "row", (0, 1),
                vals=same((0, 1), [[f32(2 ** 24)] + [f32(1)] * 7,
                                   [f32(1)] * 7 + [f32(2 ** 24)]]),
                what=" (left fold, both orders)")
    # integer wrap
    reduce_case(P, "u8", "sum", "row", ALL, vals=same(ALL, [[200, 100], [255, 255]]),
                what=" (wrap)")
    reduce_case(P, "s8", "prod", "row", ALL, vals=same(ALL, [[16, 16], [0x80, 0xFF]]),
                what=" (wrap)")
    reduce_case(P, "s32", "sum", "col", (0, 1, 2),
                vals=same((0, 1, 2), [[1, 2], [3, 4], [5, 6]]), what=" (example)")
    reduce_case(P, "s64", "sum", "col", ALL,
                vals=same(ALL, [[(1 << 63) - 1, 1 << 63], [5, 1 << 63]]), what=" (wrap)")
    reduce_case(P, "u64", "prod", "row", ALL,
                vals=same(ALL, [[1 << 33, 1 << 31, 3]]), what=" (wrap)")
    # long rows and columns, each PE with its own data
    for dt in ("fp32", "s32", "bf16", "fp64"):
        for op in ("sum", "argmax"):
            if op == "argmax" and dt == "fp64":
                continue
            reduce_case(P, dt, op, "row", (0, 1, 2), shape=(2, 16, 16))
            reduce_case(P, dt, op, "col", (1,), shape=(16, 3, 4))
    # an index past the element type's range: the U32 result keeps it
    for dt, op, big in (("u8", "argmax", 200), ("s8", "argmin", 0x80), ("u16", "argmax", 9)):
        rows = [[big if c == 260 + r else 1 for c in range(300)] for r in range(2)]
        reduce_case(P, dt, op, "row", ALL, vals=same(ALL, rows), shape=(2, 300, 512),
                    what=" (index above 255)")
    reduce_case(P, "u8", "argmax", "col", ALL,
                vals=same(ALL, [[7 if r == 270 else 1] for r in range(300)]),
                shape=(300, 1, 1), what=" (index above 255)")
    P.case("pools: every destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, header(
        "SFU reductions: TROWSUM TROWMAX TROWMIN TROWPROD TROWARGMAX TROWARGMIN and their "
        "TCOL twins on the sixteen VA16 types (ARG* on the A9 types), random shapes and "
        "PE masks with per-PE data, special values, ties (lowest index), signed zeros and "
        "NaNs in ARG*, the sequential left fold in the element type, integer wrap, and "
        "the status flags."))


def gen_expand_int(outdir):
    P = SfuProg("sfu-gen-reduce-expint.s", 0x5F05)
    rng = P.rng
    for dt in INT_TYPES:
        for op in ("", "add", "sub", "mul", "div", "max", "min"):
            for axis in ("row", "col"):
                expand_case(P, dt, op, axis, rng.choice(MASKS))
    # worked examples of the expansion rule (TileExpandValueWithFlags,
    # asl/tile/model/execution/expansion.asl) and the truncating division
    expand_case(P, "s32", "sub", "row", ALL, full=same(ALL, [[5, 6], [7, 8]]),
                bcast=same(ALL, [[1], [10]]), what=" (example)")
    expand_case(P, "u16", "div", "col", ALL, full=same(ALL, [[9]]), bcast=same(ALL, [[3]]),
                what=" (example)")
    expand_case(P, "s32", "div", "row", ALL,
                full=same(ALL, [[0x80000000, 7, low(-7, 32)], [low(-7, 32), 7, 0]]),
                bcast=same(ALL, [[low(-1, 32)], [2]]), what=" (truncation, MIN / -1)")
    expand_case(P, "u8", "mul", "col", (0, 1), full=same((0, 1), [[16, 255], [3, 128]]),
                bcast=same((0, 1), [[16, 2]]), what=" (wrap)")
    P.case("pools: every destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, header(
        "SFU expansions on the eight integer types: TROWEXPAND TROWEXPANDADD SUB MUL DIV "
        "MAX MIN and their TCOL twins with random shapes and PE masks and per-PE data; "
        "results wrap, DIV truncates toward zero (MIN / -1 = MIN), no status flags."))


def gen_expand(outdir):
    P = SfuProg("sfu-gen-reduce-expand.s", 0x5F02)
    rng = P.rng
    for dt in FLOAT_TYPES:
        for op in ("", "add", "sub", "mul", "div", "max", "min"):
            for axis in ("row", "col"):
                expand_case(P, dt, op, axis, rng.choice(MASKS))
    for st, dt in EXPDIF_PAIRS:
        for axis in ("row", "col"):
            for _ in range(3):
                expand_case(P, st, "expdif", axis, rng.choice(MASKS), dst_dt=dt)
    # the mixed witnesses, and FP16 subnormals widened exactly
    expand_case(P, "fp16", "expdif", "row", ALL, dst_dt="fp32",
                full=same(ALL, [[0x2000, 0x2001], [0x3C00, 0x0001]]),
                bcast=same(ALL, [[0x0001], [0x2000]]), what=" (witness)")
    expand_case(P, "bf16", "expdif", "col", ALL, dst_dt="fp32",
                full=same(ALL, [[0x3F80, 0x3F80]]), bcast=same(ALL, [[0x3B00, 0x3F80]]),
                what=" (witness)")
    sub = [[0x03FF, 0x0155, 0x8203], [0x02AB, 0x0003, 0x0000]]
    for s in sub:
        for x in s:
            assert all(expdif("fp16", "fp32", x, b) is not None for b in (0, 0x8001))
    expand_case(P, "fp16", "expdif", "row", ALL, dst_dt="fp32", full=same(ALL, sub),
                bcast=same(ALL, [[0x0000], [0x8001]]), what=" (subnormals)")
    # specials: NaN, sNaN, inf - inf, +-inf, +-0, overflow of the SUB
    for st, dt in EXPDIF_PAIRS:
        sp = V.specials(st)
        expand_case(P, st, "expdif", "row", ALL, dst_dt=dt, shape=(4, 8, 8),
                    gen_b=lambda: rng.choice(sp), what=" (specials)")
    # worked examples of the expansion rule; DIV's special values
    expand_case(P, "fp32", "max", "row", ALL, full=same(ALL, [[0x7FC00000, 0x80000000]]),
                bcast=same(ALL, [[0]]), what=" (example)")
    expand_case(P, "fp16", "", "row", ALL, bcast=same(ALL, [[0x3C00], [0x4000]]),
                shape=(2, 3, 4), what=" (example)")
    for dt in ("fp32", "fp16", "e4m3", "bf16"):
        sp = V.specials(dt)
        expand_case(P, dt, "div", "col", ALL, shape=(4, 8, 8),
                    gen_full=lambda: rng.choice(sp), gen_b=lambda: rng.choice(sp),
                    what=" (specials)")
    P.case("pools: every destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, header(
        "SFU expansions on FP64 FP32 TF32 HF32 FP16 BF16 E4M3 E5M2: TROWEXPAND "
        "TROWEXPANDADD SUB MUL DIV MAX MIN and their TCOL twins with random shapes, PE "
        "masks, per-PE data and special values (one RNE rounding, DIV by zero DZ), and "
        "TROWEXPANDEXPDIF / TCOLEXPANDEXPDIF on the five type pairs: exact FP16 / BF16 "
        "widening into FP32 (subnormals included), the reference witnesses, the EXP "
        "special values; the status flags ORed over every PE and element."))


def gen_v0_reduce(P):
    """the reductions' raw-carrier steps under pto-v0 (appended to the v0 program)"""
    rng = P.rng
    for dt in FLOAT_TYPES:
        for op in ("sum", "prod", "max", "argmin"):
            if op == "argmin" and dt not in A9:
                continue
            reduce_case(P, dt, op, rng.choice(["row", "col"]), rng.choice(MASKS))
    # SUM and PROD along each axis (the engine folds them on the carrier's
    # integer kernel, PROD's 1.0 applied after), the sub-word carriers too
    for dt in ("fp32", "fp16", "bf16"):
        for op in ("sum", "prod"):
            for axis in ("row", "col"):
                reduce_case(P, dt, op, axis, ALL)


def gen_legal(outdir):
    """each block faults (trap 5 at its BSTOP) with no effect"""
    P = SfuProg("sfu-gen-reduce-legal.s", 0x5F04)
    rng = P.rng
    bad = lambda *a, **k: P.sfu(*a, expect="fault", **k)

    P.case("setup: FP32 4x8 A (sNaN inside), S32 4x8 I, broadcasts, FP16 4x8 H")
    A = P.rand_load("fp32", ALL, 4, 8, gen=lambda: rng.choice([0x7F800001, f32(3), f32(1e30)]))
    P.check_flags()
    t = lambda tile: ("t", P.hands["t"].index(tile) + 1)
    u = lambda tile: ("u", P.hands["u"].index(tile) + 1)
    I = P.rand_load("s32", ALL, 4, 8, hand="u")
    Rb = P.rand_load("fp32", ALL, 4, 1, hand="u")            # a row broadcast 4x1
    Cb = P.rand_load("fp32", ALL, 1, 8, hand="u")            # a column broadcast 1x8
    Ib = P.load("s32", ALL, [[[rng.randint(1, 9)] for _ in range(4)] if p != 2 else
                             [[5], [0], [3], [2]] for p in ALL], hand="u")
    Io = P.load("s32", ALL, [[[rng.randint(1, 9)] for _ in range(4)] for p in ALL], hand="u")
    H = P.rand_load("fp16", ALL, 4, 8, hand="u")
    Hb = P.rand_load("fp16", ALL, 4, 1, hand="u")
    W = P.rand_load("fp32", ALL, 4, 1, hand="u", col=4)      # Cols 4: a bad row broadcast
    Pz = P.rand_load("fp32", (0,), 4, 8, hand="u")           # PE0 only
    D = P.rand_load("fp64", ALL, 4, 8, hand="u")
    Tf = P.rand_load("tf32", ALL, 4, 8, hand="u",
                     gen=lambda: 0x3F800000 | rng.randint(1, 0x1FFF))   # invalid TF32
    Hf = P.rand_load("hif8", ALL, 4, 8, hand="u", gen=lambda: rng.getrandbits(8))
    P.check_pools()

    red = dict(vc=8, vr=4)
    rdst = ("fp32", 4, 1, 1)
    for why, op, dt, srcs, size, kw in [
        ("no LB0", "trowsum", "fp32", [t(A)], 1, dict(vc=None, vr=4)),
        ("an explicit LB1 of 0", "trowsum", "fp32", [t(A)], 1, dict(vc=8, vr=0)),
        ("LB0 is not the source's valid columns", "trowsum", "fp32", [t(A)], 1,
         dict(vc=7, vr=4)),
        ("LB1 is not the source's valid rows", "tcolmax", "fp32", [t(A)], 1, dict(vc=8, vr=3)),
        ("LB1 absent for a 4-row source", "tcolsum", "fp32", [t(A)], 1, dict(vc=8)),
        ("LB2 is not the source's columns", "trowmin", "fp32", [t(A)], 1,
         dict(vc=8, vr=4, col=16)),
        ("B.IOR present (all zero)", "trowsum", "fp32", [t(A)], 1,
         dict(red, ior="b.ior zero, zero, zero, ->zero")),
        ("B.IOR naming a register (BundleControl)", "tcolsum", "fp32", [t(A)], 1,
         dict(red, ior="b.ior a2, zero, zero, ->zero")),
        ("B.DATR RMode", "trowsum", "fp32", [t(A)], 1, dict(red, datr=datr(rmode=1))),
        ("B.DATR CMode", "trowmax", "fp32", [t(A)], 1, dict(red, datr=datr(cmode=2))),
        ("B.DATR Sat", "trowprod", "fp32", [t(A)], 1, dict(red, datr=datr(sat=True))),
        ("B.DATR Layout ND2DN", "tcolprod", "fp32", [t(A)], 1, dict(red, datr=datr(layout=1))),
        ("B.DATR DataType FP16", "trowsum", "fp32", [t(A)], 1,
         dict(red, datr=datr(dt=CODE["fp16"]))),
        ("B.DATR DataType S32 on ARGMAX", "trowargmax", "fp32", [t(A)], 1,
         dict(red, datr=datr(dt=CODE["s32"]))),
        ("the BSTART type is not the source's", "trowsum", "s32", [t(A)], 1, red),
        ("BSTART HiF8 (not VA16)", "trowsum", "hif8", [u(Hf)], 1, red),
        ("ARGMAX of FP64 (not A9)", "trowargmax", "fp64", [u(D)], 1, red),
        ("ARGMIN of FP64 (not A9), column", "tcolargmin", "fp64", [u(D)], 2, red),
        ("an invalid TF32 element", "trowmax", "tf32", [u(Tf)], 1, red),
        ("a source with no fragment on PE1..PE3", "trowsum", "fp32", [u(Pz)], 1, red),
        ("a source names no live tile", "trowsum", "fp32", [("m", 9)], 1, red),
        ("two sources", "trowsum", "fp32", [t(A), t(A)], 1, red),
        ("a Shared binding", "trowsum", "fp32", [t(A)], 1,
         dict(red, extra=["b.ios mask=1111, ->s3<0001>"])),
        ("the stream split in two B.IOT", "trowsum", "fp32", [t(A)], 1,
         dict(red, bindings=["b.iot t#1, mask=1111", "b.iot mask=1111, last, ->m<0001>"])),
    ]:
        P.case("%s rejected: %s" % (op, why))
        bad(op, dt, ALL, srcs, size, rdst, **kw)
        P.check_pools()
    P.case("a row reduction of 64 rows into 128 B (32 FP32 rows): Fault_TileAllocation")
    P.rand_load("fp32", ALL, 64, 1, hand="n")
    bad("trowsum", "fp32", ALL, [("n", 1)], 1, rdst, vc=1, vr=64)
    P.check_pools()
    P.case("a column reduction into a SizeCode too small for Cols 64")
    P.rand_load("fp64", ALL, 1, 64, hand="n")
    bad("tcolsum", "fp64", ALL, [("n", 1)], 1, rdst, vc=64)
    P.check_pools()

    exp = dict(vc=8, vr=4)
    edst = ("fp32", 4, 8, 8)
    for why, op, dt, srcs, size, kw in [
        ("no LB0", "trowexpandadd", "fp32", [t(A), u(Rb)], 1, dict(vc=None, vr=4)),
        ("LB0 is not the full source's valid columns", "trowexpandadd", "fp32",
         [t(A), u(Rb)], 1, dict(vc=6, vr=4)),
        ("LB2 is not the full source's columns", "tcolexpandsub", "fp32", [t(A), u(Cb)], 1,
         dict(vc=8, vr=4, col=16)),
        ("B.IOR present", "trowexpandmul", "fp32", [t(A), u(Rb)], 1,
         dict(exp, ior="b.ior zero, zero, zero, ->zero")),
        ("B.IOR present on the copy", "trowexpand", "fp32", [u(Rb)], 1,
         dict(exp, ior="b.ior zero, zero, zero, ->zero")),
        ("a row broadcast of Cols 4", "trowexpandadd", "fp32", [t(A), u(W)], 1, exp),
        ("a row broadcast of 4x1 on a column axis", "tcolexpandadd", "fp32", [t(A), u(Rb)],
         1, exp),
        ("a column broadcast on the row axis", "trowexpandmax", "fp32", [t(A), u(Cb)], 1,
         exp),
        ("a row broadcast with other rows than LB1", "trowexpand", "fp32", [u(Rb)], 1,
         dict(vc=8, vr=3)),
        ("a column broadcast with other columns than LB0", "tcolexpand", "fp32", [u(Cb)], 1,
         dict(vc=4, vr=4)),
        ("the copy with two sources (BundleControl)", "trowexpand", "fp32", [t(A), u(Rb)],
         1, exp),
        ("the binary form with one source (BundleControl)", "trowexpandadd", "fp32",
         [u(Rb)], 1, exp),
        ("broadcast type differs", "trowexpandadd", "fp32", [t(A), u(Hb)], 1, exp),
        ("full type differs", "trowexpandsub", "fp16", [t(A), u(Hb)], 1, exp),
        ("B.DATR DataType on ADD", "trowexpandadd", "fp32", [t(A), u(Rb)], 1,
         dict(exp, datr=datr(dt=CODE["fp16"]))),
        ("integer DIV by a zero broadcast element on PE2", "trowexpanddiv", "s32",
         [u(I), u(Ib)], 1, exp),
        ("a destination SizeCode twice the full source's (other rows)", "trowexpandadd",
         "fp32", [t(A), u(Rb)], 2, exp),
        ("a destination too small: Fault_TileAllocation", "tcolexpand", "fp32", [u(Cb)], 1,
         dict(vc=8, vr=8)),
        ("EXPDIF FP32 -> FP16", "trowexpandexpdif", "fp32", [t(A), u(Rb)], 1,
         dict(exp, datr=datr(dt=CODE["fp16"]))),
        ("EXPDIF B.DATR DataType 0 (FP64)", "trowexpandexpdif", "fp32", [t(A), u(Rb)], 1,
         dict(exp, datr=datr(dt=0))),
        ("EXPDIF FP32 -> BF16", "tcolexpandexpdif", "fp32", [t(A), u(Cb)], 1,
         dict(exp, datr=datr(dt=CODE["bf16"]))),
        ("EXPDIF on S32", "trowexpandexpdif", "s32", [u(I), u(Io)], 1, exp),
        ("EXPDIF FP16 -> BF16", "trowexpandexpdif", "fp16", [u(H), u(Hb)], 1,
         dict(exp, datr=datr(dt=CODE["bf16"]))),
        ("EXPDIF FP16 -> FP32 with the source's SizeCode (4 rows, not 8)",
         "trowexpandexpdif", "fp16", [u(H), u(Hb)], 1, dict(exp, datr=datr(dt=CODE["fp32"]))),
        ("EXPDIF FP16 -> FP32 with a 4x SizeCode (other rows)", "trowexpandexpdif", "fp16",
         [u(H), u(Hb)], 3, dict(exp, datr=datr(dt=CODE["fp32"]))),
        ("EXPDIF B.DATR RMode", "tcolexpandexpdif", "fp32", [t(A), u(Cb)], 1,
         dict(exp, datr=datr(dt=31, rmode=2))),
    ]:
        P.case("%s rejected: %s" % (op, why))
        bad(op, dt, ALL, srcs, size, edst, **kw)
        P.check_pools()
    P.case("a rejected block records no status flags (A holds signaling NaNs)")
    P.check_flags()
    P.case("a zero in the integer broadcast's padding is never read: legal TROWEXPANDDIV")
    P.sfu("trowexpanddiv", "s32", (0, 1, 2), [u(I), u(Io)], 1, ("s32", 4, 8, 8), vc=8, vr=4,
          model=lambda p, r, c: div("s32", I.frag[p][(r, c)], Io.frag[p][(r, 0)]))
    P.store("s32", (0, 1, 2))
    P.case("PE mask 0000: a strict no-op, even for a malformed block")
    P.sfu("trowsum", "fp32", (), [t(A)], 1, rdst, vc=5,
          bindings=["b.iot t#1, mask=0000, last, ->m<0001>"])
    P.check_pools()
    P.case("the operands survive: the legal TROWMAX over A (NV from its sNaNs)")
    P.sfu("trowmax", "fp32", ALL, [t(A)], 1, rdst, vc=8, vr=4,
          model=lambda p, r, c: fold("fp32", "max", [A.frag[p][(r, i)] for i in range(8)]))
    P.store("fp32", ALL)
    P.check_flags()
    P.case("and TCOLEXPANDDIV S32 over the zero-free broadcast")
    Cz = P.load("s32", ALL, [[[rng.randint(1, 5) * rng.choice([1, -1]) & 0xFFFFFFFF
                               for _ in range(8)]] for p in ALL], hand="u")
    P.sfu("tcolexpanddiv", "s32", ALL, [u(I), u(Cz)], 1, ("s32", 4, 8, 8), vc=8, vr=4,
          model=lambda p, r, c: div("s32", I.frag[p][(r, c)], Cz.frag[p][(0, c)]))
    P.store("s32", ALL)
    P.check_pools()
    P.write(outdir, header(
        "SFU reduction / expansion legality: binding counts, B.IOR, B.DIM, B.DATR fields "
        "and DataType, the BSTART / ARG* / EXPDIF types, invalid encodings, PE fragments, "
        "broadcast shapes, integer division by a used zero broadcast element on one PE, "
        "destination SizeCodes; each rejected block is trap 5 at its BSTOP with the pools, "
        "the operands and the status flags unchanged."))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    gen_reduce(outdir)
    gen_expand(outdir)
    gen_expand_int(outdir)
    P = SfuProg("sfu-gen-reduce-v0.s", 0x5F03, True)
    gen_v0(P, outdir)
    gen_legal(outdir)


def v0_divisor(rng, dt):
    """a raw divisor of a valid encoding, +0 and -0 one time in four"""
    lz = V.FMT[dt][2]
    if rng.random() < 0.25:
        return rng.choice([0, V.sign_bit(dt)])
    return rng.getrandbits(BITS[dt]) & ~((1 << lz) - 1)


def gen_v0(P, outdir):
    rng = P.rng
    gen_v0_reduce(P)
    for dt in FLOAT_TYPES:
        for op in ("add", "sub", "mul", "div", "max"):
            gb = None
            if op == "div":
                gb = lambda: v0_divisor(rng, dt)
            expand_case(P, dt, op, rng.choice(["row", "col"]), rng.choice(MASKS), gen_b=gb)
    for st, dt in EXPDIF_PAIRS:
        expand_case(P, st, "expdif", rng.choice(["row", "col"]), rng.choice(MASKS), dst_dt=dt)
    expand_case(P, "fp16", "expdif", "row", ALL, dst_dt="fp32",
                full=same(ALL, [[0x2000, 0x2001], [0x3C00, 0x0001]]),
                bcast=same(ALL, [[0x0001], [0x2000]]), what=" (witness)")
    expand_case(P, "bf16", "expdif", "col", ALL, dst_dt="fp32",
                full=same(ALL, [[0x3F80, 0x3F80]]), bcast=same(ALL, [[0x3B00, 0x3F80]]),
                what=" (witness)")
    expand_case(P, "fp16", "expdif", "row", ALL, dst_dt="fp32",
                full=same(ALL, [[0x0003, 0x0000], [0x0200, 0x7D00]]),
                bcast=same(ALL, [[0x0000], [0x83FF]]), what=" (subnormal widening)")
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU reductions and expansions under the pto-v0 profile: floating SUM / PROD and "
        "expansion ADD / SUB / MUL are raw-carrier integer arithmetic, DIV the unsigned "
        "division of the carriers, MAX / MIN / ARG* as in the default profile, EXPDIF the "
        "raw SUB, then the special-value table or raw + 1, with the two mixed witnesses of "
        "the reference profile fixed."))


if __name__ == "__main__":
    main()
