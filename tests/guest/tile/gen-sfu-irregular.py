#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking guest programs tests/guest/tile/sfu-gen-irregular*.s
for the SFU operations THISTOGRAM, TSORT, TMRGSORT, TQUANT and TDEQUANT.

Every expected value comes from the model in this file, written from the
SFU rules of PTO ISA 0.58.3 (the spec's ASL of complex.asl, sorting.asl,
ordering/sorting.asl, formats.asl, reference-quantization.asl and the
histogram / sorting / quantization schemas) and the project's choices (docs/tile-engine.md) -- never from
running the emulator:

  - TSORT: each row is cut, from column 0, into groups of LB0 columns (LB0
    absent or 0: 32); each group is sorted by the model's bubble passes
    with the order "numbers before NaNs in both directions, NaNs keep
    their order, +-0 and equal values keep theirs", so the sort is stable;
    the U32 index destination holds the group-local original column.  Its
    Rows must be the source's, so an FP16 source needs an index SizeCode
    twice its own.  B.IOR RegSrc0 = flag0 (1 = descending) of each PE.
  - TMRGSORT: a two-way merge of two sorted one-row sources that takes the
    left element whenever it is "before" the right one (ties go left);
    a source that is not sorted in the PE's direction is rejected.
  - A signaling NaN in a sort source records NV and is not quieted.
  - THISTOGRAM: per data row, a 256-bin inclusive cumulative count of the
    ByteId byte of the elements whose higher bytes match the filter (U16
    ByteId 0: filter[r][0] per row; U32: the global prefix filter[0..2][0];
    U16 ByteId 1 and U32 ByteId 3 are unfiltered and read no filter).
  - TQUANT (the reference profile's rule, in both profiles): NaN -> 0 NV;
    +-inf -> the S8 / U8 minimum / maximum with OF NX even without Sat;
    finite x -> round_RMode(x * mult + zp) exactly, NX when inexact, Sat
    clamps (no OF), else wraps modulo 256.  TDEQUANT: FP32 of
    round_RMode((q - zp) * mult) per ReferenceFP32FiniteEncoding (an
    overflow is +-inf with OF NX in every mode).  RMode 0 is RNE.  The
    multiplier is the low 32 bits of RegSrc0 (positive finite nonzero), the
    zero point RegSrc1 a canonical 64-bit S8 / U8 value; without B.IOR 1.0
    and 0.
  - Each PE computes from its own fragments and its own GPR bank; status
    flags are the OR over every PE and element.  A rejected block is trap 5
    at its BSTOP and changes nothing (pools, operands, flags).

The programs:
  sfu-gen-irregular-sort.s      TSORT and TMRGSORT;
  sfu-gen-irregular-hist.s      THISTOGRAM;
  sfu-gen-irregular-quant.s     TQUANT and TDEQUANT (and -quant-v0.s, the
                                same program under the pto-v0 profile);
  sfu-gen-irregular-big.s       TMRGSORT at 32768 columns, and above;
  sfu-gen-irregular-legal.s     the legality rules.

Usage: gen-sfu-irregular.py [OUTDIR]   (default: the directory of this script)
"""

import functools
import os
import sys
from fractions import Fraction as Fr

HERE = os.path.dirname(os.path.abspath(__file__))


sys.path.insert(0, HERE)
from genmod import load as _load       # noqa: E402


V = _load("gen-vec")        # the VEC program writer and its exact formats
T = V.T
C = V.C

ALL = T.ALL
MASKS = T.MASKS
BITS = T.BITS
M64 = (1 << 64) - 1
NV, OF, UF, NX = 1, 4, 8, 16
CODE = V.CODE
REGNO = {"a2": 4, "a4": 6, "a5": 7}

FP32_ONE = 0x3F800000


def pow2ceil(n):
    return 1 << (n - 1).bit_length()


def mstr(pes):
    return T.mask_str(pes)


def sz(code):
    return format(code, "04b")


def per_pe(pes, gen):
    return [gen(p) if p in pes else None for p in ALL]


# ---- the program writer ------------------------------------------------------

class SfuProg(V.VecProg):

    GENERATOR = "gen-sfu-irregular.py"
    def set_regs(self, **kw):
        """GPR name -> a 64-bit value per PE (None: 0), each PE's own bank"""
        for name, vals in kw.items():
            for p, v in enumerate(vals):
                self.emit("li64 0x%x" % ((v or 0) & M64))
                if p == 0:
                    self.emit("c.movr x3, ->%s" % name)
                else:
                    self.emit("sdi x3, [s0, 0x%x]" % (0x100 + 0x100 * p + 8 * REGNO[name]))

    def block(self, op, dt, lines, outs=(), expect="ok", flags=0):
        """BSTART.SFU op, dt with header lines; on success the new tiles
        outs = [(hand, tile)] are pushed in binding order"""
        self.emit("bstart.sfu %s, %s" % (op, dt))
        for line in lines:
            self.emit(line)
        if expect != "ok":
            self.finish((5, None), 5)
            return
        for hand, t in outs:
            self.push(hand, t)
        self.flags |= flags
        self.finish(None, "ok")

    def ref(self, tile):
        """the current source selector of a live tile: 't#3'"""
        for h, q in self.hands.items():
            for i, x in enumerate(q):
                if x is tile:
                    return "%s#%d" % (h, i + 1)
        raise AssertionError("tile no longer live")

    def sel(self, tile):
        h, k = self.ref(tile).split("#")
        return (h, int(k))

    def load_layout(self, dt, pes, vals, hand, layout, col=None):
        """TLOAD per-PE grids with B.DATR Layout (1 = ND2DN: column-major)"""
        bits = BITS[dt]
        vr, vc = len(vals[pes[0]]), len(vals[pes[0]][0])
        srcs, strides = [None] * 4, [None] * 4
        for p in pes:
            stride = vc * bits // 8 + (bits // 8) * self.rng.randint(0, 2)
            b = self.new_buf(1)
            data = V.pack(vals[p], bits, stride)
            b.init, b.cur, b.known = bytearray(data), bytearray(data), bytearray([1]) * len(data)
            srcs[p], strides[p] = T.Addr(b, 0), stride
        self.regs(a0=srcs, a1=strides)
        col = col or vc
        return self.tload(dt, pes, srcs, strides, vr=vr, vc=vc, col=col if col != vc else None,
                          hand=hand, layout=layout)



def new_tile(dt, size, col, vr, vc, pes, frags):
    t = T.Tile(dt, T.size_bytes(size), col, vr, vc, "RM", pes)
    t.pred = False
    for p in pes:
        t.frag[p] = frags[p]
        t.defined[p] = True
    return t


def prog(name, seed, v0=False):
    return SfuProg(name, seed, v0)


def header(text):
    return V.header(text)


# ---- the sorting model (TileSortLeftBefore, the bubble passes, the merge) ----

def is_zero(t, x):
    return x & (V.sign_bit(t) - 1) == 0


@functools.lru_cache(maxsize=None)
def nan_of(t, x):
    return V.is_nan(t, x)


def before(t, left, right, desc):
    ln, rn = nan_of(t, left), nan_of(t, right)
    if ln:
        return rn
    if rn:
        return True
    if (is_zero(t, left) and is_zero(t, right)) or left == right:
        return True
    kl, kr = V.order_key(t, left), V.order_key(t, right)
    return kl > kr if desc else kl < kr


def tsort_row(t, row, w, desc):
    """the ASL's passes: 64 bubble passes per group of w columns"""
    vals = list(row)
    idx = [c % w for c in range(len(row))]
    for g0 in range(0, len(row), w):
        g1 = min(g0 + w, len(row))
        for _ in range(64):
            swapped = False
            for lc in range(g0, min(g0 + 63, g1 - 1)):
                if not before(t, vals[lc], vals[lc + 1], desc):
                    vals[lc], vals[lc + 1] = vals[lc + 1], vals[lc]
                    idx[lc], idx[lc + 1] = idx[lc + 1], idx[lc]
                    swapped = True
            if not swapped:
                break           # later passes change nothing
    return vals, idx


def ordered(t, seq, desc):
    return all(before(t, seq[i], seq[i + 1], desc) for i in range(len(seq) - 1))


def sorted_seq(t, seq, desc):
    def cmp(a, b):
        return 0 if before(t, a, b, desc) and before(t, b, a, desc) else \
            -1 if before(t, a, b, desc) else 1
    out = sorted(seq, key=functools.cmp_to_key(cmp))
    assert ordered(t, out, desc)
    return out


def merge(t, left, right, desc):
    out, i, j = [], 0, 0
    while i < len(left) or j < len(right):
        take = j >= len(right) or (i < len(left) and before(t, left[i], right[j], desc))
        if take:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return out


def snan_flag(t, tiles, pes):
    return NV if any(V.is_snan(t, tile.frag[p][rc]) for tile in tiles for p in pes
                     for rc in tile.cells()) else 0


def sort_pool(rng, t):
    """a few values, many repeats: ties, +-0, NaNs of both signs, sNaN, inf"""
    sb = V.sign_bit(t)
    qnan = V.FMT[t][3]
    inf = 0x7F800000 if t == "fp32" else 0x7C00
    specials = [0, sb, inf, inf | sb, qnan, qnan | sb, qnan | 1, inf | 1, inf | sb | 3]
    pool = specials + [V.rand_raw(rng, t, 0) for _ in range(6)]
    return lambda: rng.choice(pool) if rng.random() < 0.6 else V.rand_raw(rng, t, 0.15)


# ---- TSORT / TMRGSORT cases ----------------------------------------------------

def tsort_case(P, dt, pes, vr, vc, col=None, width=None, desc=None, gen=None, split=0,
               hands=("m", "n"), datr=None, what=""):
    """TSORT of a per-PE source; width None: no B.DIM; desc None: no B.IOR"""
    rng = P.rng
    bits = BITS[dt]
    col = col or pow2ceil(vc)
    size = T.min_size(bits, col, vr)
    isize = size + (1 if bits == 16 else 0)
    w = width if width else 32
    P.case("tsort %s %dx%d col %d width %s%s mask %s%s" % (
        dt, vr, vc, col, width, "" if desc is None else " desc %s" % desc, mstr(pes), what))
    A = P.rand_load(dt, pes, vr, vc, col=col, size=size,
                    gen=gen or sort_pool(rng, dt))
    lines = []
    if desc is not None:
        P.set_regs(a4=desc)
        lines.append("b.ior a4, zero, zero, ->zero")
    if width is not None:
        lines.append("b.dim zero, %d, ->lb0" % width)
    if datr:
        lines.append(datr)
    src, m = P.ref(A), mstr(pes)
    d0 = "->%s<%s>" % (hands[0], sz(size))
    d1 = "->%s<%s>" % (hands[1], sz(isize))
    lines += [
        ["b.iot %s, mask=%s, %s" % (src, m, d0), "b.iot mask=%s, last, %s" % (m, d1)],
        ["b.iot %s, mask=%s" % (src, m), "b.iot mask=%s, %s" % (m, d0),
         "b.iot mask=%s, last, %s" % (m, d1)],
        ["b.iot mask=%s, %s" % (m, d0), "b.iot %s, mask=%s, last, %s" % (src, m, d1)],
    ][split]
    vals, idxs = {}, {}
    for p in pes:
        dp = bool(desc[p]) if desc is not None else False
        vals[p], idxs[p] = {}, {}
        for r in range(vr):
            vs, ix = tsort_row(dt, [A.frag[p][(r, c)] for c in range(vc)], w, dp)
            for c in range(vc):
                vals[p][(r, c)] = vs[c]
                idxs[p][(r, c)] = ix[c]
    Vt = new_tile(dt, size, col, vr, vc, pes, vals)
    It = new_tile("u32", isize, col, vr, vc, pes, idxs)
    assert Vt.rows == A.rows and It.rows == A.rows
    P.block("tsort", dt, lines, outs=[(hands[0], Vt), (hands[1], It)],
            flags=snan_flag(dt, [A], pes))
    P.store(dt, pes, P.sel(Vt))
    P.store("u32", pes, P.sel(It))
    P.check_flags()


def sorted_source(P, dt, pes, vc, desc, gen, col=None, unsorted=()):
    """a one-row source sorted per PE in its direction (unsorted PEs: not)"""
    vals = [None] * 4
    for p in pes:
        seq = [gen() for _ in range(vc)]
        s = sorted_seq(dt, seq, bool(desc[p]) if desc else False)
        if p in unsorted:
            one, two = (0x3F800000, 0x40000000) if dt == "fp32" else (0x3C00, 0x4000)
            s[:2] = [one, two] if desc and desc[p] else [two, one]
        vals[p] = [s]
    return P.load(dt, pes, vals, col=col or pow2ceil(vc))


def tmrgsort_case(P, dt, pes, vcl, vcr, desc=None, gen=None, split=False, dsize=None,
                  hand="m", unsorted=(), coll=None, colr=None, what=""):
    rng = P.rng
    bits = BITS[dt]
    n = vcl + vcr
    dcol = pow2ceil(n)
    dsize = dsize or T.min_size(bits, dcol, 1)
    P.case("tmrgsort %s %d + %d%s mask %s%s" % (
        dt, vcl, vcr, "" if desc is None else " desc %s" % desc, mstr(pes), what))
    gen = gen or sort_pool(rng, dt)
    L = sorted_source(P, dt, pes, vcl, desc, gen, coll, unsorted)
    R = sorted_source(P, dt, pes, vcr, desc, gen, colr)
    lines = []
    if desc is not None:
        P.set_regs(a4=desc)
        lines.append("b.ior a4, zero, zero, ->zero")
    m = mstr(pes)
    d = "->%s<%s>" % (hand, sz(dsize))
    if split:
        lines += ["b.iot %s, mask=%s, %s" % (P.ref(L), m, d),
                  "b.iot %s, mask=%s, last" % (P.ref(R), m)]
    else:
        lines += ["b.iot %s, %s, mask=%s, last, %s" % (P.ref(L), P.ref(R), m, d)]
    if unsorted:
        P.block("tmrgsort", dt, lines, expect="fault")
        P.check_pools()
        return
    frags = {}
    for p in pes:
        dp = bool(desc[p]) if desc is not None else False
        out = merge(dt, [L.frag[p][(0, c)] for c in range(vcl)],
                    [R.frag[p][(0, c)] for c in range(vcr)], dp)
        frags[p] = {(0, c): out[c] for c in range(n)}
    D = new_tile(dt, dsize, dcol, 1, n, pes, frags)
    P.block("tmrgsort", dt, lines, outs=[(hand, D)], flags=snan_flag(dt, [L, R], pes))
    P.store(dt, pes, P.sel(D))
    P.check_flags()


def gen_sort(outdir):
    P = prog("sfu-gen-irregular-sort.s", 0x5F01)
    rng = P.rng
    widths = [None, 0, 1, 2, 3, 5, 7, 8, 16, 31, 32, 33, 63, 64]
    for dt in ("fp32", "fp16"):
        for i, w in enumerate(widths):
            pes = rng.choice(MASKS)
            vr = rng.randint(1, 3)
            vc = rng.randint(1, 80 if dt == "fp32" else 100)
            desc = None if i % 3 == 0 else per_pe(pes, lambda p: rng.randint(0, 1))
            tsort_case(P, dt, pes, vr, vc, width=w, desc=desc, split=i % 3,
                       hands=rng.choice([("m", "n"), ("m", "m"), ("u", "m")]))
    # a full 64-wide group, both directions on different PEs, long rows
    tsort_case(P, "fp32", ALL, 2, 64, width=64, desc=[0, 1, 1, 0])
    tsort_case(P, "fp16", ALL, 1, 130, col=256, width=64, desc=[1, 0, 0, 1])
    tsort_case(P, "fp32", ALL, 3, 70, col=128, desc=[1, 1, 0, 0])
    # stability: all equal values, only zeros, only NaNs
    tsort_case(P, "fp32", ALL, 2, 40, width=40, gen=lambda: 0x40400000, desc=[0, 1, 0, 1],
               what=" (all equal)")
    tsort_case(P, "fp16", (0, 1, 2), 2, 20, width=20, gen=lambda: rng.choice([0, 0x8000]),
               desc=[0, 1, 1, None], what=" (+-0 only)")
    nans = [0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F800001, 0xFF800005]
    tsort_case(P, "fp32", ALL, 1, 30, width=30, desc=[1, 0, 1, 0],
               gen=lambda: rng.choice(nans + [0x3F800000, 0xBF800000, 0, 0x80000000]),
               what=" (NaNs, +-1, +-0)")
    # B.DATR DataType 0 / 31 keeps the BSTART type; everything else zero
    tsort_case(P, "fp32", (1,), 2, 9, width=4, datr="b.datr layout=0, datatype=31, pad=0, "
               "cmode=0, rmode=0", what=" (B.DATR DataType 31)")
    tsort_case(P, "fp16", (0, 1), 1, 9, width=4, datr="b.datr layout=0, datatype=0, pad=0, "
               "cmode=0, rmode=0", what=" (B.DATR DataType 0)")
    # B.IOR naming zero: ascending
    P.case("tsort fp32 with b.ior zero: ascending")
    A = P.rand_load("fp32", ALL, 1, 7, col=8)
    vals = {p: dict(zip([(0, c) for c in range(7)],
                        tsort_row("fp32", [A.frag[p][(0, c)] for c in range(7)], 32, False)[0]))
            for p in ALL}
    idxs = {p: dict(zip([(0, c) for c in range(7)],
                        tsort_row("fp32", [A.frag[p][(0, c)] for c in range(7)], 32, False)[1]))
            for p in ALL}
    Vt, It = new_tile("fp32", 1, 8, 1, 7, ALL, vals), new_tile("u32", 1, 8, 1, 7, ALL, idxs)
    P.block("tsort", "fp32", ["b.ior zero, zero, zero, ->zero",
                              "b.iot %s, mask=1111, ->m<0001>" % P.ref(A),
                              "b.iot mask=1111, last, ->n<0001>"],
            outs=[("m", Vt), ("n", It)], flags=snan_flag("fp32", [A], ALL))
    P.store("fp32", ALL, P.sel(Vt))
    P.store("u32", ALL, P.sel(It))
    P.check_flags()

    for dt in ("fp32", "fp16"):
        for i in range(10):
            pes = rng.choice(MASKS)
            desc = None if i % 4 == 0 else per_pe(pes, lambda p: rng.randint(0, 1))
            tmrgsort_case(P, dt, pes, rng.randint(1, 40), rng.randint(1, 40), desc=desc,
                          split=i % 2, hand=rng.choice("mnu"),
                          coll=rng.choice([None, 64]), colr=rng.choice([None, 64]))
    tmrgsort_case(P, "fp32", ALL, 1, 1, desc=[0, 1, 0, 1])
    tmrgsort_case(P, "fp32", ALL, 5, 6, desc=[0, 1, 1, 0], gen=lambda: rng.choice(
        [0x3F800000, 0x40000000, 0x40400000, 0, 0x80000000, 0x7FC00000, 0xFFC00001]),
        what=" (ties go left, NaNs last)")
    tmrgsort_case(P, "fp16", ALL, 20, 3, desc=[1, 1, 0, 0], gen=lambda: rng.choice(
        [0x3C00, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0x0001, 0x8001]),
        what=" (inf, sNaN, subnormals)")
    tmrgsort_case(P, "fp32", ALL, 16, 16, dsize=2, what=" (a larger SizeCode)")
    # the sortedness check uses each PE's own direction
    tmrgsort_case(P, "fp32", ALL, 8, 5, desc=[0, 1, 0, 1], unsorted=(2,),
                  what=": PE2's left source unsorted, rejected")
    tmrgsort_case(P, "fp16", (0, 1), 6, 6, desc=[1, 0, None, None], unsorted=(0,),
                  what=": PE0's left source unsorted, rejected")
    P.case("pools: both TSORT destinations charged in each PE of the mask")
    P.check_pools()
    P.write(outdir, header(
        "SFU TSORT and TMRGSORT on FP32 and FP16: group widths from LB0 (absent or 0 = 32, "
        "1..64), ascending and descending per PE (flag0 from each PE's own GPR), NaNs "
        "after every number in both directions, +-0 and ties stable (the U32 index "
        "destination holds the group-local column; for FP16 it needs twice the SizeCode), "
        "binding splits, signaling NaNs recording NV; stable two-way merges with ties "
        "going left, and unsorted merge inputs rejected."))


# ---- THISTOGRAM ----------------------------------------------------------------

def hist_model(dt, byte, data, filt, p, vr, vc):
    out = {}
    for r in range(vr):
        counts = [0] * 256
        for c in range(vc):
            x = data.frag[p][(r, c)]
            sel = True
            if dt == "u16" and byte == 0:
                sel = (x >> 8) & 0xFF == filt.frag[p][(r, 0)]
            elif dt == "u32":
                for k in range(3, byte, -1):
                    sel = sel and (x >> (8 * k)) & 0xFF == filt.frag[p][(3 - k, 0)]
            if sel:
                counts[(x >> (8 * byte)) & 0xFF] += 1
        s = 0
        for b in range(256):
            s += counts[b]
            out[(r, b)] = s
    return out


def hist_case(P, dt, pes, vr, vc, byte, col=None, fshape=None, flayout=None, dsize=None,
              filt=None, what=""):
    """THISTOGRAM over per-PE data whose high bytes often match the filter"""
    rng = P.rng
    bits = BITS[dt]
    col = col or pow2ceil(vc)
    need = (0 if byte else vr) if dt == "u16" else 3 - byte
    P.case("thistogram %s %dx%d byte %d mask %s%s" % (dt, vr, vc, byte, mstr(pes), what))
    if filt is None:
        fvr, fvc = fshape or (max(need, 1) + rng.randint(0, 1), rng.randint(1, 3))
        fv = per_pe(pes, lambda p: [[rng.getrandbits(8) for _ in range(fvc)]
                                    for _ in range(fvr)])
        if flayout is None:
            filt = P.load("u8", pes, fv, hand="u", col=pow2ceil(fvc))
        else:
            filt = P.load_layout("u8", pes, fv, "u", flayout, col=pow2ceil(fvc))
    pick = rng.choice([0.3, 0.7, 0.95])

    def value(p, r):
        x = rng.getrandbits(bits)
        if rng.random() < pick and filt.defined.get(p):
            if dt == "u16":
                x = (x & 0xFF) | (filt.frag[p][(min(r, filt.vr - 1), 0)] << 8)
            else:
                depth = rng.randint(1, 3)       # match 1, 2 or 3 prefix bytes
                for k in range(3, 3 - depth, -1):
                    if 3 - k < filt.vr:
                        x = (x & ~(0xFF << (8 * k))) | (filt.frag[p][(3 - k, 0)] << (8 * k))
        if rng.random() < 0.3:
            x = (x & ~(0xFF << (8 * byte))) | (rng.choice([0, 1, 0xFF, 0x80]) << (8 * byte))
        return x

    vals = per_pe(pes, lambda p: [[value(p, r) for _ in range(vc)] for r in range(vr)])
    D = P.load(dt, pes, vals, col=col)
    dsize = dsize or T.min_size(32, 256, vr)
    P.emit("; the filter %s" % P.ref(filt))
    lines = ["b.datr layout=0, datatype=%d, pad=%d, cmode=0, rmode=0" % (CODE["u32"], byte),
             "b.iot %s, %s, mask=%s, last, ->m<%s>" % (P.ref(D), P.ref(filt), mstr(pes),
                                                        sz(dsize))]
    frags = {p: hist_model(dt, byte, D, filt, p, vr, vc) for p in pes}
    H = new_tile("u32", dsize, 256, vr, 256, pes, frags)
    P.block("thistogram", dt, lines, outs=[("m", H)])
    P.store("u32", pes, P.sel(H))
    P.check_flags()
    return D, filt


def gen_hist(outdir):
    P = prog("sfu-gen-irregular-hist.s", 0x5F02)
    rng = P.rng
    for dt, bytes_ in (("u16", (0, 1)), ("u32", (0, 1, 2, 3))):
        for byte in bytes_:
            for k in range(3):
                pes = rng.choice(MASKS)
                vr = rng.randint(1, 3)
                vc = rng.randint(1, 48)
                hist_case(P, dt, pes, vr, vc, byte, col=rng.choice([None, 64]),
                          flayout=1 if k == 2 else None,
                          dsize=None if k else T.min_size(32, 256, vr) + 1,
                          what=" (DN filter)" if k == 2 else "")
    # every row of a U16 byte-0 histogram uses its own filter row
    hist_case(P, "u16", ALL, 4, 33, 0, fshape=(6, 2), what=" (per-row filters)")
    hist_case(P, "u32", ALL, 1, 64, 0, fshape=(3, 1), what=" (the longest prefix)")
    # the unfiltered forms read no filter: an undefined one is fine
    for dt, byte in (("u16", 1), ("u32", 3)):
        P.case("an undefined U8 tile on PE0+PE1 (TMOV.S2L.EXTRACT of an unwritten S%d)"
               % (30 + byte))
        P.s2l("u8", (0, 1), 30 + byte, "u", 1, broadcast=False, dims=(4, 4, None))
        hist_case(P, dt, (0, 1), 2, 20, byte, filt=P.src(("u", 1)),
                  what=" (undefined filter, unread)")
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU THISTOGRAM: U16 with ByteId 0 (the row's own filter[r][0]) and 1 "
        "(unfiltered), U32 with ByteId 0..2 (the global prefix filter[0..2][0]) and 3 "
        "(unfiltered); inclusive cumulative 256-bin U32 rows; row-major and column-major "
        "filters, an undefined filter where none is read, larger SizeCodes, PE masks with "
        "per-PE data and filters."))


# ---- TQUANT / TDEQUANT ---------------------------------------------------------

INT8 = {"s8": (-128, 127), "u8": (0, 255)}


def fp32_raw(q):
    raw, fl = V.encode_float("fp32", C.fin(q))
    assert fl == 0, "not exact in FP32"
    return raw


def fp32_val(raw):
    return V.value("fp32", raw & 0xFFFFFFFF)


def quant_model(ddt, x, mult, zp, rmode, sat):
    lo, hi = INT8[ddt]
    v = fp32_val(x)
    if v[0] == "n":
        return 0, NV
    if v[0] == "i":
        return (lo if v[1] else hi) & 0xFF, OF | NX
    a = v[1] * fp32_val(mult)[1] + V.sext(zp, 64)
    n = V.rnd_int(a, rmode or 1)
    fl = NX if n != a else 0
    if sat:
        n = min(max(n, lo), hi)
    return n & 0xFF, fl


def ref_fp32(value, mode):
    """ReferenceFP32FiniteEncoding of an exact rational"""
    if value == 0:
        return 0, 0
    neg = value < 0
    norm = -value if neg else value
    e = 0
    for _ in range(128):
        if norm >= 2 and e < 128:
            norm /= 2
            e += 1
    for _ in range(149):
        if norm < 1 and e > -149:
            norm *= 2
            e -= 1
    sign = 0x80000000 if neg else 0
    if e > 127:
        return sign | 0x7F800000, OF | NX
    if e < -126:
        scaled = value / C.p2(-149)
        rounded = V.rnd_int(scaled, mode)
        mag = abs(rounded)
        if mag == 0:
            return sign, UF | NX
        return sign + mag, 0 if rounded == scaled else UF | NX
    scaled = (-norm if neg else norm) * (1 << 23)
    rounded = V.rnd_int(scaled, mode)
    mag = abs(rounded)
    ee = e + 127
    if mag == 1 << 24:
        mag = 1 << 23
        ee += 1
    if ee >= 255:
        return sign | 0x7F800000, OF | NX
    return sign + ee * (1 << 23) + mag - (1 << 23), 0 if rounded == scaled else NX


def dequant_model(sdt, q, mult, zp, rmode):
    qv = V.sext(q, 8) if sdt == "s8" else q
    n = qv - V.sext(zp, 64)
    return ref_fp32(n * fp32_val(mult)[1], rmode or 1)


def quant_value(rng):
    x = rng.random()
    if x < 0.12:
        return rng.choice([0, 0x80000000, 0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000,
                           0x7F800001, 0x00000001, 0x80000001, 0x7F7FFFFF, 0xFF7FFFFF])
    if x < 0.4:
        return fp32_raw(Fr(rng.randint(-600, 600), 2))          # ties
    if x < 0.6:
        return fp32_raw(Fr(rng.randint(-4000, 4000), rng.choice([4, 8, 16, 1024])))
    if x < 0.75:
        return fp32_raw(Fr(rng.randint(-(1 << 24), 1 << 24), 1 << 24))   # |x| < 1
    if x < 0.85:                                    # large: far outside the range
        return (rng.getrandbits(1) << 31) | (rng.randint(134, 254) << 23) | rng.getrandbits(23)
    if x < 0.95:                                    # tiny: only the sticky part matters
        return (rng.getrandbits(1) << 31) | (rng.randint(1, 100) << 23) | rng.getrandbits(23)
    return (rng.getrandbits(1) << 31) | (rng.randint(120, 135) << 23) | rng.getrandbits(23)


def mult_value(rng):
    m = rng.choice([
        FP32_ONE, 0x3F000000, 0x40000000, 0x40400000, 0x3DCCCCCD, 0x3EAAAAAB,
        rng.randint(100, 160) << 23 | rng.getrandbits(23),           # normal
        rng.randint(1, 0x7FFFFF),                                    # subnormal
        0x71800000,                                                  # 2^100
        0x0D800000,                                                  # 2^-100
    ])
    return m | (rng.getrandbits(32) << 32 if rng.random() < 0.3 else 0)   # high bits ignored


def zp_value(rng, it):
    lo, hi = INT8[it]
    return rng.choice([0, lo, hi, rng.randint(lo, hi), rng.randint(lo, hi)]) & M64


def quant_case(P, pes, it, vr, vc, rmode, sat, de=False, col=None, ior=True, gen=None,
               mults=None, zps=None, dsize=None, lb=None, what=""):
    """TQUANT FP32 -> it (de: TDEQUANT it -> FP32) with per-PE scalars"""
    rng = P.rng
    src, dst = (it, "fp32") if de else ("fp32", it)
    col = col or pow2ceil(vc)
    op = "tdequant" if de else "tquant"
    P.case("%s %s -> %s %dx%d col %d rmode %d%s mask %s%s%s" % (
        op, src, dst, vr, vc, col, rmode, " sat" if sat else "", mstr(pes),
        "" if ior else " (no B.IOR)", what))
    A = P.rand_load(src, pes, vr, vc, col=col, gen=gen or (
        (lambda: rng.getrandbits(8)) if de else (lambda: quant_value(rng))))
    lines = []
    if ior:
        mults = mults or per_pe(pes, lambda p: mult_value(rng))
        zps = zps or per_pe(pes, lambda p: zp_value(rng, it))
        P.set_regs(a4=mults, a5=zps)
        lines.append("b.ior a4, a5, zero, ->zero")
    else:
        mults, zps = [FP32_ONE] * 4, [0] * 4
    lb = lb or (vc, vr if vr > 1 or rng.random() < 0.5 else None, col if col != vc else None)
    for i, x in enumerate(lb):
        if x is not None:
            lines.append("b.dim zero, %d, ->lb%d" % (x, i))
    lines.append("b.datr layout=0, datatype=%d, pad=0, cmode=0, rmode=%d%s" % (
        CODE[dst], rmode, ", sat" if sat else ""))
    dsize = dsize or T.min_size(BITS[dst], col, vr)
    lines.append("b.iot %s, mask=%s, last, ->m<%s>" % (P.ref(A), mstr(pes), sz(dsize)))
    frags, flags = {}, 0
    for p in pes:
        frags[p] = {}
        for rc in A.cells():
            if de:
                v, fl = dequant_model(it, A.frag[p][rc], mults[p], zps[p], rmode)
            else:
                v, fl = quant_model(it, A.frag[p][rc], mults[p], zps[p], rmode, sat)
            frags[p][rc] = v
            flags |= fl
    D = new_tile(dst, dsize, col, vr, vc, pes, frags)
    P.block(op, src, lines, outs=[("m", D)], flags=flags)
    P.store(dst, pes, P.sel(D))
    P.check_flags()


def gen_quant(outdir, name, seed, v0):
    P = prog(name, seed, v0)
    rng = P.rng
    for it in ("s8", "u8"):
        for rmode in range(8):
            for sat in (False, True):
                quant_case(P, rng.choice(MASKS), it, rng.randint(1, 3), rng.randint(1, 24),
                           rmode, sat, ior=rng.random() < 0.85)
        for rmode in range(8):
            quant_case(P, rng.choice(MASKS), it, rng.randint(1, 3), rng.randint(1, 24),
                       rmode, False, de=True, ior=rng.random() < 0.85)
    # ties in every mode: x.5 with multiplier 1.0 and zero point 0 / 3
    halves = lambda: fp32_raw(Fr(rng.choice([-5, -3, -1, 1, 3, 5, 255, -257, 511]), 2))
    for rmode in range(8):
        quant_case(P, ALL, "s8", 1, 16, rmode, rmode % 2 == 1, gen=halves,
                   mults=[FP32_ONE] * 4, zps=[0, 3, 0, 0xFFFFFFFFFFFFFFFD], what=" (ties)")
    # tiny products beside a nonzero zero point: only the sticky bit decides
    tiny = lambda: (rng.getrandbits(1) << 31) | (rng.randint(1, 60) << 23) | rng.getrandbits(23)
    for rmode in (2, 3, 4, 6):
        quant_case(P, ALL, "u8", 2, 8, rmode, False, gen=tiny, mults=[FP32_ONE] * 4,
                   zps=[5, 0, 255, 1], what=" (tiny x)")
    # huge products: Sat clamps, no Sat leaves zp modulo 256
    big = lambda: (rng.getrandbits(1) << 31) | (rng.randint(150, 254) << 23) | rng.getrandbits(23)
    quant_case(P, ALL, "s8", 1, 12, 1, False, gen=big, mults=[0x71800000] * 4,
               zps=[0, 7, 0xFFFFFFFFFFFFFF80, 127], what=" (huge)")
    quant_case(P, ALL, "u8", 1, 12, 1, True, gen=big, mults=[0x71800000] * 4,
               zps=[0, 7, 200, 255], what=" (huge)")
    # TDEQUANT: overflow to +-inf in every mode, subnormal multipliers
    for rmode in (0, 2, 3, 4):
        quant_case(P, ALL, "u8", 1, 16, rmode, False, de=True, mults=[0x7F7FFFFF] * 4,
                   zps=[0, 128, 255, 17], what=" (overflow)")
    quant_case(P, (0, 1), "s8", 2, 16, 1, False, de=True,
               mults=[0x00000003, 0x00400001, None, None], what=" (subnormal multipliers)")
    quant_case(P, ALL, "s8", 2, 16, 5, False, de=True,
               mults=[0x3DCCCCCD, 0x3EAAAAAB, 0x4B7FFFFF, 0x33D6BF95], what=" (inexact)")
    quant_case(P, (3,), "u8", 2, 5, 0, False, de=True, mults=[None, None, None, 0x3F000000],
               zps=[None, None, None, 128], gen=lambda: 200, what=" ((200 - 128) * 0.5 = 36.0)")
    # the flags of each kind of element alone
    ints = [fp32_raw(k) for k in (-300, -129, -128, -1, 0, 1, 127, 128, 200, 255, 256, 1000)]
    for what, extra, sat in ((" (exact: no flags, out of range without OF)", [], False),
                             (" (exact, Sat: no flags)", [], True),
                             (" (+-inf: OF NX only)", [0x7F800000, 0xFF800000], False),
                             (" (NaN: NV only)", [0x7FC00000, 0xFF800001], True)):
        pool = ints + extra * 4
        quant_case(P, ALL, rng.choice(["s8", "u8"]), 2, 8, rng.randint(0, 7), sat,
                   gen=lambda: rng.choice(pool), mults=[FP32_ONE] * 4,
                   zps=[0, 1, 0, 0], what=what)
    quant_case(P, ALL, "s8", 2, 8, 3, False, de=True, mults=[0x40000000] * 4,
               zps=[0, 5, 0xFFFFFFFFFFFFFF80, 127], what=" (exact: no flags)")
    # LB2 wider than LB0 (padding columns), larger destination SizeCodes
    quant_case(P, ALL, "s8", 3, 5, 1, True, col=16, dsize=3, what=" (col 16, SizeCode 3)")
    quant_case(P, (0, 1, 2), "u8", 2, 7, 4, False, de=True, col=8, dsize=4)
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU TQUANT and TDEQUANT%s: FP32 -> S8 / U8 and back with every B.DATR RMode, "
        "Sat, per-PE FP32 multipliers (the low 32 bits of RegSrc0) and canonical zero "
        "points, the defaults without B.IOR, NaN -> 0 (NV), +-inf saturated (OF NX) even "
        "without Sat, exact affine values rounded once (NX), wrap modulo 256, "
        "TDEQUANT overflow to infinity in every mode, subnormal multipliers."
        % (" under the pto-v0 profile (the same reference rules)" if v0 else "")))


# ---- TMRGSORT at its limit ---------------------------------------------------

def fill(P, dt, pes, vc, raw, col=None):
    """TEXPANDS: a one-row tile of vc copies of raw"""
    col = col or pow2ceil(vc)
    size = T.min_size(BITS[dt], col, 1)
    return P.vec("texpands", dt, pes, [], size, vc=vc, col=col if col != vc else None,
                 hand="t", scalars=per_pe(pes, lambda p: raw),
                 model=lambda p, r, c: (raw, 0))


def gen_big(outdir):
    P = prog("sfu-gen-irregular-big.s", 0x5F04)
    P.case("two FP16 rows of 16384 (1.0 and 2.0) on PE0, PE1")
    L = fill(P, "fp16", (0, 1), 16384, 0x3C00)
    R = fill(P, "fp16", (0, 1), 16384, 0x4000)
    P.case("tmrgsort fp16 16384 + 16384 = 32768 columns: the largest merge")
    out = {}
    for p in (0, 1):
        seq = merge("fp16", [R.frag[p][(0, c)] for c in range(16384)],
                    [L.frag[p][(0, c)] for c in range(16384)], False)
        out[p] = {(0, c): x for c, x in enumerate(seq)}
    D = new_tile("fp16", 10, 32768, 1, 32768, (0, 1), out)
    P.block("tmrgsort", "fp16", ["b.iot %s, %s, mask=1100, last, ->m<1010>" % (
        P.ref(R), P.ref(L))], outs=[("m", D)])
    P.store("fp16", (0,), P.sel(D))
    P.case("tmrgsort fp16 16384 + 16385 columns: more than 32768, rejected")
    R2 = fill(P, "fp16", (0, 1), 16385, 0x4000)
    P.block("tmrgsort", "fp16", ["b.iot %s, %s, mask=1100, last, ->m<1010>" % (
        P.ref(L), P.ref(R2))], expect="fault")
    P.check_pools()
    P.check_flags()
    P.write(outdir, header(
        "SFU TMRGSORT at its limit: 16384 + 16384 FP16 columns merge into a 64 KiB row; "
        "16384 + 16385 columns are rejected."))


# ---- legality ----------------------------------------------------------------

def gen_legal(outdir):
    """each block faults (trap 5 at its BSTOP) with no effect; each group
    ends with a legal block over the same operands"""
    P = prog("sfu-gen-irregular-legal.s", 0x5F05)
    rng = P.rng

    def bad(op, dt, lines, why, regs=None):
        P.case("%s rejected: %s" % (op, why))
        if regs:
            P.set_regs(**regs)
        P.block(op, dt, lines, expect="fault")
        P.check_pools()

    P.case("setup: FP32 2x8 S (all PEs), FP16 2x8 H, an undefined FP32 tile, a DN one")
    S = P.rand_load("fp32", ALL, 2, 8)
    H = P.rand_load("fp16", ALL, 2, 8)
    Bf = P.rand_load("bf16", ALL, 2, 8)
    only0 = P.rand_load("fp32", (0,), 2, 8)
    P.s2l("fp32", (0, 1), 40, "u", 1, broadcast=False, dims=(8, 2, None))
    und = P.src(("u", 1))
    P.s2l("fp32", (0, 1), 41, "u", 1, broadcast=False, dims=(8, 1, None))
    und1 = P.src(("u", 1))
    P.s2l("u8", (0, 1), 42, "u", 1, broadcast=False, dims=(2, 3, None))
    und8 = P.src(("u", 1))
    dn = P.load_layout("fp32", ALL, per_pe(ALL, lambda p: [[V.rand_raw(rng, "fp32")
                                                           for _ in range(8)]
                                                          for _ in range(2)]), "u", 1)
    P.check_pools()

    def ts(src=None, d0="->m<0001>", d1="->n<0001>", mask="1111"):
        return ["b.iot %s, mask=%s, %s" % (P.ref(src or S), mask, d0),
                "b.iot mask=%s, last, %s" % (mask, d1)]

    # ---- TSORT
    for why, dt, lines, pre in [
        ("LB1 present", "fp32", ["b.dim zero, 4, ->lb0", "b.dim zero, 2, ->lb1"] + ts(), None),
        ("LB2 present", "fp32", ["b.dim zero, 8, ->lb2"] + ts(), None),
        ("LB0 = 65", "fp32", ["b.dim zero, 65, ->lb0"] + ts(), None),
        ("LB0 = 65535", "fp32", ["b.dim zero, 65535, ->lb0"] + ts(), None),
        ("BF16", "bf16", ts(Bf), None),
        ("the BSTART type is not the source's", "fp32", ts(H), None),
        ("an FP16 index destination of the source's SizeCode (Rows differ)", "fp16",
         ts(H, d1="->n<0001>"), None),
        ("a value destination of another SizeCode", "fp32", ts(d0="->m<0010>"), None),
        ("one destination", "fp32", ["b.iot %s, mask=1111, last, ->m<0001>" % P.ref(S)],
         None),
        ("two sources", "fp32", ["b.iot %s, %s, mask=1111, ->m<0001>" % (P.ref(S), P.ref(S)),
                                 "b.iot mask=1111, last, ->n<0001>"], None),
        ("three destinations", "fp32", ts()[:1] + ["b.iot mask=1111, ->n<0001>",
                                                     "b.iot mask=1111, last, ->n<0001>"], None),
        ("flag0 = 2 on PE3", "fp32", ["b.ior a4, zero, zero, ->zero"] + ts(), [0, 1, 0, 2]),
        ("flag0 = 2^32 + 1 on PE1", "fp32", ["b.ior a4, zero, zero, ->zero"] + ts(),
         [0, (1 << 32) + 1, 0, 0]),
        ("B.IOR RegSrc1", "fp32", ["b.ior a4, a4, zero, ->zero"] + ts(), [0, 0, 0, 0]),
        ("B.IOR RegDst", "fp32", ["b.ior a4, zero, zero, ->a4"] + ts(), [0, 0, 0, 0]),
        ("B.DATR PadValue", "fp32", ["b.datr layout=0, datatype=0, pad=1, cmode=0, rmode=0"]
         + ts(), None),
        ("B.DATR RMode", "fp32", ["b.datr layout=0, datatype=0, pad=0, cmode=0, rmode=1"]
         + ts(), None),
        ("B.DATR DataType FP16", "fp32", ["b.datr layout=0, datatype=4, pad=0, cmode=0, "
                                          "rmode=0"] + ts(), None),
        ("B.DATR Layout ND2DN", "fp32", ["b.datr layout=1, datatype=0, pad=0, cmode=0, "
                                         "rmode=0"] + ts(), None),
        ("a column-major source", "fp32", ts(dn), None),
        ("an undefined source", "fp32", ts(und, mask="1100"), None),
        ("a source with no fragment on PE1..PE3", "fp32", ts(only0), None),
        ("a Shared binding", "fp32", ts() + ["b.ios mask=1111, ->s3<0001>"], None),
    ]:
        bad("tsort", dt, lines, why, pre and dict(a4=pre))
    P.case("the legal TSORT over S, descending")
    tsort_vals = {p: {} for p in ALL}
    tsort_idx = {p: {} for p in ALL}
    for p in ALL:
        for r in range(2):
            vs, ix = tsort_row("fp32", [S.frag[p][(r, c)] for c in range(8)], 3, True)
            for c in range(8):
                tsort_vals[p][(r, c)], tsort_idx[p][(r, c)] = vs[c], ix[c]
    Vt = new_tile("fp32", 1, 8, 2, 8, ALL, tsort_vals)
    It = new_tile("u32", 1, 8, 2, 8, ALL, tsort_idx)
    P.set_regs(a4=[1, 1, 1, 1])
    P.block("tsort", "fp32", ["b.ior a4, zero, zero, ->zero", "b.dim zero, 3, ->lb0"] + ts(),
            outs=[("m", Vt), ("n", It)], flags=snan_flag("fp32", [S], ALL))
    P.store("fp32", ALL, P.sel(Vt))
    P.store("u32", ALL, P.sel(It))
    P.check_flags()

    # ---- TMRGSORT
    P.case("setup: sorted FP32 rows L (1x5), R (1x3) on all PEs, an unsorted U, a 2-row W")
    gen = sort_pool(rng, "fp32")
    L = sorted_source(P, "fp32", ALL, 5, None, gen)
    R = sorted_source(P, "fp32", ALL, 3, None, gen)
    U = sorted_source(P, "fp32", ALL, 4, None, gen, unsorted=ALL)
    W = P.rand_load("fp32", ALL, 2, 4)
    R16 = sorted_source(P, "fp16", ALL, 3, None, sort_pool(rng, "fp16"))

    def mg(l=None, r=None, d="->m<0001>"):
        return ["b.iot %s, %s, mask=1111, last, %s" % (P.ref(l or L), P.ref(r or R), d)]

    desc_l = not ordered("fp32", [L.frag[2][(0, c)] for c in range(5)], True) or \
        not ordered("fp32", [R.frag[2][(0, c)] for c in range(3)], True)
    for why, lines, pre in [
        ("the left source unsorted", mg(l=U), None),
        ("the right source unsorted", mg(r=U), None),
        ("B.DIM LB0", ["b.dim zero, 8, ->lb0"] + mg(), None),
        ("a two-row source", mg(r=W), None),
        ("sources of two types", mg(r=R16), None),
        ("one source", ["b.iot %s, mask=1111, last, ->m<0001>" % P.ref(L)], None),
        ("two destinations", ["b.iot %s, %s, mask=1111, ->m<0001>" % (P.ref(L), P.ref(R)),
                              "b.iot mask=1111, last, ->n<0001>"], None),
        ("flag0 = 3", ["b.ior a4, zero, zero, ->zero"] + mg(), [0, 0, 3, 0]),
        ("B.DATR CMode", ["b.datr layout=0, datatype=0, pad=0, cmode=1, rmode=0"] + mg(), None),
        ("an undefined source", ["b.iot %s, %s, mask=1100, last, ->m<0001>" % (
            P.ref(und1), P.ref(R))], None),
    ] + ([("ascending sources merged descending on PE2",
           ["b.ior a4, zero, zero, ->zero"] + mg(), [0, 0, 1, 0])] if desc_l else []):
        bad("tmrgsort", "fp32", lines, why, pre and dict(a4=pre))
    P.case("the legal TMRGSORT over L, R")
    out = {p: merge("fp32", [L.frag[p][(0, c)] for c in range(5)],
                    [R.frag[p][(0, c)] for c in range(3)], False) for p in ALL}
    D = new_tile("fp32", 1, 8, 1, 8, ALL, {p: {(0, c): out[p][c] for c in range(8)}
                                           for p in ALL})
    P.block("tmrgsort", "fp32", mg(), outs=[("m", D)], flags=snan_flag("fp32", [L, R], ALL))
    P.store("fp32", ALL, P.sel(D))
    P.check_flags()

    # ---- THISTOGRAM
    P.case("setup: U16 and U32 data 2x8, U8 filters 3x2 and 2x1, a U16 'filter', a DN U32")
    D16 = P.rand_load("u16", ALL, 2, 8)
    D32 = P.rand_load("u32", ALL, 2, 8)
    F3 = P.rand_load("u8", ALL, 3, 2, hand="u")
    F2 = P.rand_load("u8", ALL, 2, 1, hand="u")
    F1 = P.rand_load("u8", ALL, 1, 1, hand="u")
    Fw = P.rand_load("u16", ALL, 3, 2, hand="u")
    Ddn = P.load_layout("u32", ALL, per_pe(ALL, lambda p: [[rng.getrandbits(32)
                                                           for _ in range(8)]
                                                          for _ in range(2)]), "u", 1)

    def hd(byte=0, dt=25):
        return "b.datr layout=0, datatype=%d, pad=%d, cmode=0, rmode=0" % (dt, byte)

    def hi(d, f, size="0101", mask="1111"):
        return "b.iot %s, %s, mask=%s, last, ->m<%s>" % (P.ref(d), P.ref(f), mask, size)

    for why, dt, lines in [
        ("no B.DATR", "u32", [hi(D32, F3)]),
        ("B.DATR DataType U16", "u32", [hd(0, 26), hi(D32, F3)]),
        ("B.DATR DataType 31", "u32", [hd(0, 31), hi(D32, F3)]),
        ("B.DATR RMode", "u32", ["b.datr layout=0, datatype=25, pad=0, cmode=0, rmode=2",
                                 hi(D32, F3)]),
        ("U16 ByteId 2", "u16", [hd(2), hi(D16, F3)]),
        ("U16 ByteId 3", "u16", [hd(3), hi(D16, F3)]),
        ("B.DIM LB0", "u32", ["b.dim zero, 8, ->lb0", hd(0), hi(D32, F3)]),
        ("B.IOR", "u32", ["b.ior zero, zero, zero, ->zero", hd(0), hi(D32, F3)]),
        ("a U16 filter", "u32", [hd(0), hi(D32, Fw)]),
        ("U32 ByteId 0 with a 2-row filter", "u32", [hd(0), hi(D32, F2)]),
        ("U32 ByteId 1 with a 1-row filter", "u32", [hd(1), hi(D32, F1)]),
        ("U16 ByteId 0 with fewer filter rows than data rows", "u16", [hd(0), hi(D16, F1)]),
        ("U16 ByteId 0 with an undefined filter", "u16", [hd(0), hi(D16, und8, mask="1100")]),
        ("a column-major data tile", "u32", [hd(3), hi(Ddn, F3)]),
        ("the BSTART type S32", "s32", [hd(3), hi(D32, F3)]),
        ("the BSTART type is not the data's", "u16", [hd(1), hi(D32, F3)]),
        ("a destination below 1 KiB per row", "u32", [hd(3), hi(D32, F3, size="0100")]),
        ("two bindings", "u32", [hd(3), "b.iot %s, %s, mask=1111" % (P.ref(D32), P.ref(F3)),
                                 "b.iot mask=1111, last, ->m<0101>"]),
    ]:
        bad("thistogram", dt, lines, why)
    for dt, byte, Dd, F in (("u32", 1, D32, F2), ("u32", 2, D32, F1), ("u16", 0, D16, F2)):
        P.case("the legal THISTOGRAM %s ByteId %d with a %d-row filter" % (dt, byte, F.vr))
        Hh = new_tile("u32", 5, 256, 2, 256, ALL,
                      {p: hist_model(dt, byte, Dd, F, p, 2, 8) for p in ALL})
        P.block("thistogram", dt, [hd(byte), hi(Dd, F)], outs=[("m", Hh)])
        P.store("u32", ALL, P.sel(Hh))

    # ---- TQUANT / TDEQUANT
    P.case("setup: FP32 2x8 Q, S8 2x8 Z, U8 2x8 Y, an FP16 2x8")
    Q = P.rand_load("fp32", ALL, 2, 8, gen=lambda: quant_value(rng))
    Z = P.rand_load("s8", ALL, 2, 8)
    Y = P.rand_load("u8", ALL, 2, 8)
    H2 = P.rand_load("fp16", ALL, 2, 8)
    Y16 = P.rand_load("u8", ALL, 16, 8)

    def qd(dt=19, rmode=0, sat=False, pad=0, cmode=0, layout=0):
        return "b.datr layout=%d, datatype=%d, pad=%d, cmode=%d, rmode=%d%s" % (
            layout, dt, pad, cmode, rmode, ", sat" if sat else "")

    def qi(src, size="0001"):
        return "b.iot %s, mask=1111, last, ->m<%s>" % (P.ref(src), size)

    dims = ["b.dim zero, 8, ->lb0", "b.dim zero, 2, ->lb1"]
    ior = ["b.ior a4, a5, zero, ->zero"]
    one = [FP32_ONE] * 4
    for why, op, dt, lines, regs in [
        ("no B.DATR", "tquant", "fp32", dims + [qi(Q)], None),
        ("B.DATR DataType S16", "tquant", "fp32", dims + [qd(18), qi(Q)], None),
        ("B.DATR DataType 31", "tquant", "fp32", dims + [qd(31), qi(Q)], None),
        ("B.DATR PadValue", "tquant", "fp32", dims + [qd(pad=1), qi(Q)], None),
        ("B.DATR CMode", "tquant", "fp32", dims + [qd(cmode=2), qi(Q)], None),
        ("B.DATR Layout", "tquant", "fp32", dims + [qd(layout=1), qi(Q)], None),
        ("the BSTART type FP16", "tquant", "fp16", dims + [qd(), qi(H2)], None),
        ("the BSTART type is not the source's", "tquant", "fp32", dims + [qd(), qi(H2)], None),
        ("no LB0", "tquant", "fp32", dims[1:] + [qd(), qi(Q)], None),
        ("LB0 differs from the source's valid columns", "tquant", "fp32",
         ["b.dim zero, 7, ->lb0", dims[1], qd(), qi(Q)], None),
        ("LB1 absent (VR 1 against 2)", "tquant", "fp32", dims[:1] + [qd(), qi(Q)], None),
        ("LB2 differs from the source's columns", "tquant", "fp32",
         dims + ["b.dim zero, 16, ->lb2", qd(), qi(Q)], None),
        ("a zero multiplier (an all-zero B.IOR)", "tquant", "fp32",
         dims + ["b.ior zero, zero, zero, ->zero", qd(), qi(Q)], None),
        ("a negative multiplier on PE2", "tquant", "fp32", ior + dims + [qd(), qi(Q)],
         ([FP32_ONE, FP32_ONE, 0xBF800000, FP32_ONE], [0] * 4)),
        ("a -0 multiplier", "tquant", "fp32", ior + dims + [qd(), qi(Q)],
         ([0x80000000] * 4, [0] * 4)),
        ("a NaN multiplier on PE1", "tquant", "fp32", ior + dims + [qd(), qi(Q)],
         ([FP32_ONE, 0x7FC00000, FP32_ONE, FP32_ONE], [0] * 4)),
        ("an infinite multiplier", "tquant", "fp32", ior + dims + [qd(), qi(Q)],
         ([0x7F800000] * 4, [0] * 4)),
        ("S8 zero point 0x80 (not sign-extended) on PE3", "tquant", "fp32",
         ior + dims + [qd(), qi(Q)], (one, [0, 0, 0, 0x80])),
        ("U8 zero point 256", "tquant", "fp32", ior + dims + [qd(27), qi(Q)],
         (one, [256, 0, 0, 0])),
        ("U8 zero point -1", "tquant", "fp32", ior + dims + [qd(27), qi(Q)],
         (one, [0, M64, 0, 0])),
        ("B.IOR RegSrc2", "tquant", "fp32", ["b.ior a4, a5, a4, ->zero"] + dims + [qd(), qi(Q)],
         (one, [0] * 4)),
        ("two bindings", "tquant", "fp32", dims + [qd(), "b.iot %s, mask=1111" % P.ref(Q),
                                                   "b.iot mask=1111, last, ->m<0001>"], None),
        ("TDEQUANT with Sat", "tdequant", "s8", dims + [qd(1, sat=True), qi(Z, "0010")], None),
        ("TDEQUANT to FP16", "tdequant", "s8", dims + [qd(4), qi(Z, "0010")], None),
        ("TDEQUANT from S16 (BSTART)", "tdequant", "s16", dims + [qd(1), qi(Z, "0010")], None),
        ("TDEQUANT U8 zero point -3", "tdequant", "u8", ior + dims + [qd(1), qi(Y, "0010")],
         (one, [M64 - 2] * 4)),
        ("TDEQUANT S8 zero point 200", "tdequant", "s8", ior + dims + [qd(1), qi(Z, "0010")],
         (one, [0, 0, 200, 0])),
        ("a destination too small (Fault_TileAllocation)", "tdequant", "u8",
         ["b.dim zero, 8, ->lb0", "b.dim zero, 16, ->lb1", qd(1), qi(Y16, "0001")], None),
    ]:
        bad(op, dt, lines, why, regs and dict(a4=regs[0], a5=regs[1]))
    P.case("the legal TQUANT over Q (S8, RNA, Sat) and TDEQUANT over Y")
    mults = [0x3F000000, 0x40000000, 0x3DCCCCCD, FP32_ONE]
    zps = [0, 3, 0xFFFFFFFFFFFFFFFE, 127]
    frags, flags = {}, 0
    for p in ALL:
        frags[p] = {}
        for rc in Q.cells():
            frags[p][rc], fl = quant_model("s8", Q.frag[p][rc], mults[p], zps[p], 5, True)
            flags |= fl
    Dq = new_tile("s8", 1, 8, 2, 8, ALL, frags)
    P.set_regs(a4=mults, a5=zps)
    P.block("tquant", "fp32", ior + dims + [qd(19, 5, True), qi(Q)], outs=[("m", Dq)],
            flags=flags)
    P.store("s8", ALL, P.sel(Dq))
    frags, flags = {}, 0
    zps = [0, 3, 254, 127]
    for p in ALL:
        frags[p] = {}
        for rc in Y.cells():
            frags[p][rc], fl = dequant_model("u8", Y.frag[p][rc], mults[p], zps[p], 2)
            flags |= fl
    Dd = new_tile("fp32", 2, 8, 2, 8, ALL, frags)
    P.set_regs(a4=mults, a5=zps)
    P.block("tdequant", "u8", ior + dims + [qd(1, 2), qi(Y, "0010")], outs=[("m", Dd)],
            flags=flags)
    P.store("fp32", ALL, P.sel(Dd))
    P.check_flags()
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU THISTOGRAM, TSORT, TMRGSORT, TQUANT, TDEQUANT legality: binding counts and "
        "splits, B.DIM, B.IOR values (flag0, multiplier, zero point) and slots, every "
        "B.DATR field, data types, layouts, undefined sources and filters, filter prefixes, "
        "destination SizeCodes, unsorted merge inputs; each rejected block is trap 5 at "
        "its BSTOP with the pools, the operands and the status flags unchanged, and each "
        "group ends with the legal block."))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    gen_sort(outdir)
    gen_hist(outdir)
    gen_quant(outdir, "sfu-gen-irregular-quant.s", 0x5F03, False)
    gen_quant(outdir, "sfu-gen-irregular-quant-v0.s", 0x5F03, True)
    gen_big(outdir)
    gen_legal(outdir)


if __name__ == "__main__":
    main()
