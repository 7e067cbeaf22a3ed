#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking SFU layout guest programs tests/guest/tile/sfu-gen-layout*.s.

Every expected value comes from the model in this file, written from the
SFU rules of PTO ISA 0.58.3 (the spec's ASL under asl/tile/model/:
execution/rearrangement.asl, generation.asl, indexed-rearrangement.asl,
complex.asl ExecuteTilePartial, the legality files
legality/layout-rearrangement.asl, indexed-rearrangement.asl and
indexed-layout.asl; the block schemas generation-schema.asl,
partial-schema.asl and scalar-schema.asl under asl/block/model/dispatch/)
and the project's documented choices (docs/tile-engine.md,
docs/implementation-defined.md entries 51 to 55) -- never from running the
emulator:

  - Elements are raw encodings and the layout operations move them bit
    for bit, indexed logically (any source layout; B.DATR Layout places the
    destination).  B.DIM gives the destination: LB0 = VC (required), LB1 =
    VR (default 1), LB2 = Cols (default LB0).
  - TTRANS dst[c][r] = src[r][c].  TCONCAT puts the right source's columns
    after the left's.  TEXTRACT dst[r][c] = src[r + R][c + C] and TINSERT
    copies the old tile and writes src[r][c] at [r + R][c + C], with R, C
    from B.IOR RegSrc0 / RegSrc1 of each PE (0 without B.IOR).  TFILLPAD
    copies the source's valid region and gives every other element the low
    W bits of the PE's RegSrc0 (carrier-only types).
  - TCI: start +- c in the element width (RegSrc0 start, RegSrc1 = 1
    descending).  TTRI: one where c >= r + d (RegSrc1 = 1, upper) or
    c <= r + d (lower), d = RegSrc0 as a signed value in -65535..65535.
  - TGATHER dst[r][c] = val[idx[r][c]][c]; TSCATTER zeroes the destination
    and writes dst[idx[r][c]][c] = val[r][c]; indices must be in range and
    (TSCATTER) distinct.
  - TPARTADD / MUL / MAX / MIN: where both sources cover an element, the
    VEC element rule of gen-vec.py (flags recorded); where one does, its
    element unchanged.
  - TIMG2COL never commits (no feature-map descriptor can exist).
  - Each PE computes from its own fragments and GPRs.  A rejected block is
    trap 5 at its BSTOP and leaves the queues, pools and flags unchanged.

The programs (tests/guest/run-guest-tests.py writes them at test time):
  sfu-gen-layout.s        TTRANS TCONCAT TEXTRACT TINSERT TFILLPAD over
                          the types, layouts, shapes and PE masks;
  sfu-gen-layout-gen.s    TCI and TTRI;
  sfu-gen-layout-index.s  TGATHER and TSCATTER;
  sfu-gen-layout-part.s   the four TPART operations (and sfu-gen-layout-
                          v0.s under the pto-v0 profile);
  sfu-gen-layout-legal.s  the legality rules, TIMG2COL included.

Usage: gen-sfu-layout.py [OUTDIR]   (default: the directory of this script)
"""

import os
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))


sys.path.insert(0, HERE)
from genmod import load as _load       # noqa: E402


V = _load("gen-vec")        # the VEC program writer and element model
T = V.T                     # gen-tlsu: the Local tile model

ALL = T.ALL
MASKS = T.MASKS
BITS = T.BITS
M64 = (1 << 64) - 1

TYPES = [name for _, name, _ in T.DTYPES]
FOUR = [t for t in TYPES if BITS[t] == 4]
M24 = [t for t in TYPES if t != "hif4x2"]
CO = [t for t in TYPES if BITS[t] in (8, 16, 32)]
VALUE = [t for t in TYPES if BITS[t] != 4]          # TGATHER / TSCATTER values
INDEX = ["s16", "u16", "s32", "u32", "s64", "u64"]
A9 = ["fp32", "fp16", "bf16", "s32", "s16", "s8", "u32", "u16", "u8"]
TCI_T = ["s32", "s16", "u32", "u16"]
TTRI_T = ["fp32", "fp16", "s32", "s16", "u32", "u16"]
ONE = {"fp32": 0x3F800000, "fp16": 0x3C00}

# a B.DATR Layout code giving each destination layout (and its TLOAD source)
KIND_CODE = {"RM": 0, "CM": 1, "ZN": 3, "NZ": 4}
KINDS = list(KIND_CODE)


def low(v, w):
    return v & ((1 << w) - 1)


def size_code(c_bytes):
    return c_bytes.bit_length() - 7


def pow2_at_least(n):
    return 1 << max(0, (n - 1).bit_length())


def header(text):
    return "SPDX-License-Identifier: GPL-2.0-or-later\n" + textwrap.fill(text, 74)


def datr_line(layout=0, dt=0, pad=0):
    return "b.datr layout=%d, datatype=%d, pad=%d, cmode=0, rmode=0" % (layout, dt, pad)


CODE = {n: c for c, n, _ in T.DTYPES}


# ---- shapes --------------------------------------------------------------------

def pick_col(rng, bits, need, kind, spare=True):
    """a physical column count >= need for layout kind"""
    col = pow2_at_least(need)
    if kind in ("ZN", "NZ"):
        col = max(col, 256 // bits)
    if spare and rng.random() < 0.3 and col * bits <= 512:
        col *= 2
    return col


def src_shape(rng, bits, kind, max_vr=5, max_vc=12):
    """(vr, vc, col) of a source of layout kind"""
    if kind in ("ZN", "NZ"):
        col = (256 // bits) * rng.choice([1, 2])
    else:
        col = rng.choice([c for c in (1, 2, 4, 8, 16) if c * bits <= 512])
    return rng.randint(1, max_vr), rng.randint(1, min(col, max_vc)), col


def dst_size(rng, bits, col, vr, kind, rows_at_least=0, spare=True):
    """the smallest SizeCode giving Rows >= max(vr, rows_at_least), maybe one more"""
    for code in range(1, 11):
        c = T.size_bytes(code)
        rows = T.derived_rows(c, col, bits)
        if T.shape_ok(c, col, bits, vr, 1, kind) and rows >= rows_at_least:
            break
    if spare and code < 6 and rng.random() < 0.25:
        code += 1
    return code


def new_tile(dt, size, col, vr, vc, kind, pes, value):
    """the model's result: value(p, r, c) on each PE of the mask"""
    t = T.Tile(dt, T.size_bytes(size), col, vr, vc, kind, pes)
    for p in pes:
        t.frag[p] = {(r, c): value(p, r, c) for r in range(vr) for c in range(vc)}
        t.defined[p] = True
    return t


def dims_for(rng, vr, vc, col):
    """B.DIM values: LB0 always; LB1 / LB2 when they are not the default, or at random"""
    return dict(vc=vc, vr=vr if vr != 1 or rng.random() < 0.3 else None,
                col=col if col != vc or rng.random() < 0.3 else None)


def per_pe(pes, gen):
    return [gen(p) if p in pes else None for p in ALL]


# ---- the program writer -----------------------------------------------------

class SfuProg(V.VecProg):
    """gen-vec's writer with loads of every width and layout, and
    the SFU block"""

    GENERATOR = "gen-sfu-layout.py"

    def load(self, dt, pes, vals, hand="t", size=None, col=None, layout=None):
        """TLOAD per-PE value grids vals[p] (VR x VC) into hand, any width"""
        bits = BITS[dt]
        vr, vc = len(vals[pes[0]]), len(vals[pes[0]][0])
        col = col or pow2_at_least(vc)
        rb = T.row_bytes(vc, bits)
        srcs, strides = [None] * 4, [None] * 4
        for p in pes:
            stride = rb + T.eb(bits) * self.rng.randint(0, 2)
            b = self.new_buf(max(1, (vr - 1) * stride + rb))
            for r in range(vr):
                for c in range(vc):
                    a, nib = T.elem(T.Addr(b, 0), stride, r, c, bits)
                    T.mstore(a, nib, bits, vals[p][r][c])
            b.init[:] = b.cur
            srcs[p], strides[p] = T.Addr(b, 0), stride
        self.regs(a0=srcs, a1=strides)
        return self.tload(dt, pes, srcs, strides, vr=vr, vc=vc, col=col if col != vc else None,
                          size=size, hand=hand, layout=layout or None)

    def rand_load(self, dt, pes, vr, vc, hand="t", gen=None, col=None, size=None, kind="RM"):
        gen = gen or (lambda: self.rng.getrandbits(BITS[dt]))
        vals = [[[gen() for _ in range(vc)] for _ in range(vr)] if p in pes else None
                for p in ALL]
        return self.load(dt, pes, vals, hand, size=size, col=col, layout=KIND_CODE[kind])

    def gprs(self, **kw):
        """GPR name -> per-PE 64-bit values (None: 0), through x3"""
        for name, vals in kw.items():
            for p, v in enumerate(vals):
                self.emit("li64 0x%x" % ((v or 0) & M64))
                if p == 0:
                    self.emit("c.movr x3, ->%s" % name)
                else:
                    self.emit("sdi x3, [s0, 0x%x]" % (0x100 + 0x100 * p + 8 * GPR_NO[name]))

    def sfu(self, op, dt, pes, srcs, size, vc=None, vr=None, col=None, hand="m",
            regs=None, ior=None, datr=None, bindings=None, new=None, flags=0):
        """one SFU block: srcs in binding order; regs = per-PE values of a2
        (RegSrc0) and a3 (RegSrc1), ior the B.IOR line; new = the model's
        result, or None when the block must fault"""
        if regs is not None:
            self.gprs(**dict(zip(("a2", "a3"), regs)))
            if ior is None:
                ior = "b.ior a2, %s, zero, ->zero" % ("a3" if len(regs) > 1 else "zero")
        self.emit("bstart.sfu %s, %s" % (op, dt))
        if ior is not None:
            self.emit(ior)
        self.dims(vc, vr, col)
        if datr is not None:
            self.emit(datr)
        m = T.mask_str(pes)
        if bindings is not None:
            for line in bindings:
                self.emit(line)
        else:
            names = ", ".join("%s#%d" % s for s in srcs)
            self.emit("b.iot %smask=%s, last, ->%s<%s>" % (names + ", " if names else "", m,
                                                             hand, format(size, "04b")))
        if new is None:
            self.finish((5, None), 5)
            return None
        assert self.fits(hand, new.c, pes), "the test's destination does not fit"
        self.push(hand, new)
        self.flags |= flags
        self.finish(None, "ok")
        return new



GPR_NO = {"a2": 4, "a3": 5}


def at(P, tile):
    """the selector that names a model tile now"""
    for h, q in P.hands.items():
        if tile in q:
            return (h, q.index(tile) + 1)
    raise KeyError("tile not live")


# ---- TTRANS TCONCAT TEXTRACT TINSERT TFILLPAD ------------------------------

def ttrans_case(P, dt, pes, skind, dkind):
    rng = P.rng
    bits = BITS[dt]
    vr, vc, col = src_shape(rng, bits, skind)
    P.case("ttrans %s %dx%d %s -> %s mask %s" % (dt, vr, vc, skind, dkind, T.mask_str(pes)))
    S = P.rand_load(dt, pes, vr, vc, col=col, kind=skind)
    dcol = pick_col(rng, bits, vr, dkind)
    size = dst_size(rng, bits, dcol, vc, dkind)
    new = new_tile(dt, size, dcol, vc, vr, dkind, pes, lambda p, r, c: S.frag[p][(c, r)])
    P.sfu("ttrans", dt, pes, [("t", 1)], size, **dims_for(rng, vc, vr, dcol),
          datr=datr_line(KIND_CODE[dkind]) if dkind != "RM" or rng.random() < 0.3 else None,
          new=new)
    P.store(dt, pes)


def tconcat_case(P, dt, pes, dkind):
    rng = P.rng
    bits = BITS[dt]
    lk, rk = rng.choice(KINDS), rng.choice(KINDS)
    vr, vl, lcol = src_shape(rng, bits, lk, max_vc=8)
    _, vrr, rcol = src_shape(rng, bits, rk, max_vc=8)
    P.case("tconcat %s %dx%d %s + %dx%d %s -> %s mask %s" % (
        dt, vr, vl, lk, vr, vrr, rk, dkind, T.mask_str(pes)))
    L = P.rand_load(dt, pes, vr, vl, col=lcol, kind=lk)
    R = P.rand_load(dt, pes, vr, vrr, col=rcol, kind=rk)
    vc = vl + vrr
    dcol = pick_col(rng, bits, vc, dkind)
    size = dst_size(rng, bits, dcol, vr, dkind)
    new = new_tile(dt, size, dcol, vr, vc, dkind, pes,
                   lambda p, r, c: L.frag[p][(r, c)] if c < vl else R.frag[p][(r, c - vl)])
    P.sfu("tconcat", dt, pes, [("t", 2), ("t", 1)], size, **dims_for(rng, vr, vc, dcol),
          datr=datr_line(KIND_CODE[dkind]) if dkind != "RM" else None, new=new)
    P.store(dt, pes)


def textract_case(P, dt, pes, dkind, with_ior=True):
    rng = P.rng
    bits = BITS[dt]
    sk = rng.choice(KINDS)
    svr, svc, scol = src_shape(rng, bits, sk, max_vr=6)
    vr, vc = rng.randint(1, svr), rng.randint(1, svc)
    if with_ior:
        ro = per_pe(pes, lambda p: rng.randint(0, svr - vr))
        co = per_pe(pes, lambda p: rng.randint(0, svc - vc))
    else:
        ro = co = [0] * 4
    P.case("textract %s %dx%d %s window %dx%d at %s -> %s mask %s" % (
        dt, svr, svc, sk, vr, vc, [(ro[p], co[p]) for p in pes], dkind, T.mask_str(pes)))
    S = P.rand_load(dt, pes, svr, svc, col=scol, kind=sk)
    dcol = pick_col(rng, bits, vc, dkind)
    size = dst_size(rng, bits, dcol, vr, dkind)
    new = new_tile(dt, size, dcol, vr, vc, dkind, pes,
                   lambda p, r, c: S.frag[p][(r + ro[p], c + co[p])])
    P.sfu("textract", dt, pes, [("t", 1)], size, **dims_for(rng, vr, vc, dcol),
          regs=[ro, co] if with_ior else None,
          datr=datr_line(KIND_CODE[dkind]) if dkind != "RM" or rng.random() < 0.5 else None,
          new=new)
    P.store(dt, pes)


def tinsert_case(P, dt, pes, kind, with_ior=True):
    rng = P.rng
    bits = BITS[dt]
    ovr, ovc, ocol = src_shape(rng, bits, kind, max_vr=6)
    ivr, ivc = rng.randint(1, ovr), rng.randint(1, ovc)
    ik = rng.choice(KINDS)
    icol = pick_col(rng, bits, ivc, ik)
    if with_ior:
        ro = per_pe(pes, lambda p: rng.randint(0, ovr - ivr))
        co = per_pe(pes, lambda p: rng.randint(0, ovc - ivc))
    else:
        ro = co = [0] * 4
    P.case("tinsert %s %dx%d into %dx%d %s at %s mask %s" % (
        dt, ivr, ivc, ovr, ovc, kind, [(ro[p], co[p]) for p in pes], T.mask_str(pes)))
    O = P.rand_load(dt, pes, ovr, ovc, col=ocol, kind=kind)
    I = P.rand_load(dt, pes, ivr, ivc, col=icol, kind=ik)

    def value(p, r, c):
        rr, cc = r - ro[p], c - co[p]
        if 0 <= rr < ivr and 0 <= cc < ivc:
            return I.frag[p][(rr, cc)]
        return O.frag[p][(r, c)]
    size = size_code(O.c)
    new = new_tile(dt, size, ocol, ovr, ovc, kind, pes, value)
    P.sfu("tinsert", dt, pes, [("t", 2), ("t", 1)], size, vc=ovc, vr=ovr, col=ocol,
          regs=[ro, co] if with_ior else None,
          datr=datr_line(KIND_CODE[kind]) if kind != "RM" else None, new=new)
    P.store(dt, pes)


def tfillpad_case(P, dt, pes, dkind, with_ior=True):
    rng = P.rng
    bits = BITS[dt]
    sk = rng.choice(KINDS)
    svr, svc, scol = src_shape(rng, bits, sk)
    P.case("tfillpad %s %dx%d %s -> %s mask %s" % (dt, svr, svc, sk, dkind, T.mask_str(pes)))
    S = P.rand_load(dt, pes, svr, svc, col=scol, kind=sk)
    vr = svr + rng.randint(0, 3)
    dcol = max(scol, pick_col(rng, bits, svc, dkind))
    vc = rng.randint(svc, min(dcol, svc + 6))
    size = dst_size(rng, bits, dcol, vr, dkind, rows_at_least=S.rows)
    pad = per_pe(pes, lambda p: rng.getrandbits(64)) if with_ior else [0] * 4
    new = new_tile(dt, size, dcol, vr, vc, dkind, pes,
                   lambda p, r, c: S.frag[p][(r, c)] if r < svr and c < svc
                   else low(pad[p], bits))
    P.sfu("tfillpad", dt, pes, [("t", 1)], size, **dims_for(rng, vr, vc, dcol),
          regs=[pad] if with_ior else None,
          datr=datr_line(KIND_CODE[dkind]) if dkind != "RM" else None, new=new)
    P.store(dt, pes)


def gen_move(outdir):
    P = SfuProg("sfu-gen-layout.s", 0x5F10)
    rng = P.rng
    for dt in M24:
        ttrans_case(P, dt, rng.choice(MASKS), rng.choice(KINDS), "RM")
        ttrans_case(P, dt, rng.choice(MASKS), "RM", rng.choice(KINDS))
        tconcat_case(P, dt, rng.choice(MASKS), rng.choice(KINDS))
        textract_case(P, dt, rng.choice(MASKS), rng.choice(KINDS))
        tinsert_case(P, dt, rng.choice(MASKS), rng.choice(KINDS))
    for dt in CO:
        tfillpad_case(P, dt, rng.choice(MASKS), rng.choice(KINDS))
        tfillpad_case(P, dt, rng.choice(MASKS), "RM")
    # every PE with its own offsets / pad, and the B.IOR-omitted defaults
    for dt in ("s64", "fp16", "u4x2", "e3m2"):
        textract_case(P, dt, ALL, "RM")
        textract_case(P, dt, ALL, "CM", with_ior=False)
        tinsert_case(P, dt, ALL, "RM")
        tinsert_case(P, dt, (0, 1, 2), "ZN", with_ior=False)
    for dt in ("u32", "hif8", "s16"):
        tfillpad_case(P, dt, ALL, "NZ")
        tfillpad_case(P, dt, ALL, "RM", with_ior=False)

    P.case("ttrans s16 2x3 -> 3x2 (a worked example), LB2 omitted")
    S = P.load("s16", ALL, [[[1, 2, 3], [4, 5, 6]]] * 4, col=4)
    new = new_tile("s16", 1, 2, 3, 2, "RM", ALL, lambda p, r, c: S.frag[p][(c, r)])
    P.sfu("ttrans", "s16", ALL, [("t", 1)], 1, vc=2, vr=3, new=new)
    P.store("s16", ALL)
    P.case("ttrans fp64 square 4x4 without LB1 is 1x4: rejected (LB1 default 1)")
    P.rand_load("fp64", ALL, 4, 4)
    P.sfu("ttrans", "fp64", ALL, [("t", 1)], 1, vc=4)
    P.case("textract s16 4x4 (10r + c) window 2x2 at (1, 2): [[12, 13], [22, 23]]")
    S = P.load("s16", ALL, [[[10 * r + c for c in range(4)] for r in range(4)]] * 4)
    new = new_tile("s16", 1, 2, 2, 2, "RM", ALL, lambda p, r, c: 10 * (r + 1) + c + 2)
    P.sfu("textract", "s16", ALL, [("t", 1)], 1, vc=2, vr=2, regs=[[1] * 4, [2] * 4],
          new=new)
    P.store("s16", ALL)
    P.case("pools: every destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, header(
        "SFU layout operations: TTRANS, TCONCAT, TEXTRACT and TINSERT on every Move24 type "
        "(64-bit, carrier-only and packed 4-bit included) and TFILLPAD on the carrier-only "
        "types, from and to row-major, column-major, ZN and NZ tiles, with random shapes and "
        "PE masks; each PE moves its own data with its own B.IOR offsets and pad value, and "
        "omitted B.IOR gives offsets 0 and pad 0."))


# ---- TCI TTRI -----------------------------------------------------------------

def tci_case(P, dt, pes, with_ior=True, start_gen=None):
    rng = P.rng
    bits = BITS[dt]
    vc = rng.randint(1, 40)
    col = pick_col(rng, bits, vc, "RM")
    start = per_pe(pes, start_gen or (lambda p: rng.choice(
        [rng.getrandbits(64), rng.randint(0, 5), low(-rng.randint(1, 5), 64),
         (1 << (bits - 1)) - rng.randint(1, 3)]))) if with_ior else [0] * 4
    down = per_pe(pes, lambda p: rng.randint(0, 1)) if with_ior else [0] * 4
    size = dst_size(rng, bits, col, 1, "RM")
    P.case("tci %s VC %d start %s down %s mask %s" % (
        dt, vc, ["0x%x" % (start[p] or 0) for p in pes], [down[p] for p in pes],
        T.mask_str(pes)))
    new = new_tile(dt, size, col, 1, vc, "RM", pes,
                   lambda p, r, c: low(start[p] - c if down[p] else start[p] + c, bits))
    d = dims_for(rng, 1, vc, col)
    P.sfu("tci", dt, pes, [], size, **d, regs=[start, down] if with_ior else None,
          datr=datr_line(dt=rng.choice([0, 31])) if rng.random() < 0.2 else None, new=new)
    P.store(dt, pes)


def ttri_case(P, dt, pes, with_ior=True, diag_gen=None):
    rng = P.rng
    bits = BITS[dt]
    vr, vc = rng.randint(1, 7), rng.randint(1, 12)
    col = pick_col(rng, bits, vc, "RM")
    diag = per_pe(pes, diag_gen or (lambda p: rng.randint(-vc, vc))) if with_ior else [0] * 4
    up = per_pe(pes, lambda p: rng.randint(0, 1)) if with_ior else [0] * 4
    size = dst_size(rng, bits, col, vr, "RM")
    one = ONE.get(dt, 1)
    P.case("ttri %s %dx%d diag %s upper %s mask %s" % (
        dt, vr, vc, [diag[p] for p in pes], [up[p] for p in pes], T.mask_str(pes)))

    def value(p, r, c):
        sel = c >= r + diag[p] if up[p] else c <= r + diag[p]
        return one if sel else 0
    new = new_tile(dt, size, col, vr, vc, "RM", pes, value)
    P.sfu("ttri", dt, pes, [], size, **dims_for(rng, vr, vc, col),
          regs=[[low(x, 64) if x is not None else None for x in diag], up] if with_ior
          else None, new=new)
    P.store(dt, pes)


def gen_generate(outdir):
    P = SfuProg("sfu-gen-layout-gen.s", 0x5F11)
    rng = P.rng
    for dt in TCI_T:
        for _ in range(4):
            tci_case(P, dt, rng.choice(MASKS))
        tci_case(P, dt, ALL, with_ior=False)
    for dt in TTRI_T:
        for _ in range(4):
            ttri_case(P, dt, rng.choice(MASKS))
        ttri_case(P, dt, ALL, with_ior=False)
        ttri_case(P, dt, ALL, diag_gen=lambda p: rng.choice([-65535, 65535, 0]))
    P.case("tci s16 start 0x7ffe ascending: 0x7ffe 0x7fff 0x8000 0x8001")
    new = new_tile("s16", 1, 4, 1, 4, "RM", ALL, lambda p, r, c: [0x7FFE, 0x7FFF, 0x8000,
                                                                  0x8001][c])
    P.sfu("tci", "s16", ALL, [], 1, vc=4, regs=[[0x7FFE] * 4, [0] * 4], new=new)
    P.store("s16", ALL)
    P.case("tci u16 start 1 descending: 1 0 0xffff 0xfffe")
    new = new_tile("u16", 1, 4, 1, 4, "RM", ALL, lambda p, r, c: [1, 0, 0xFFFF, 0xFFFE][c])
    P.sfu("tci", "u16", ALL, [], 1, vc=4, regs=[[1] * 4, [1] * 4], new=new)
    P.store("u16", ALL)
    P.case("ttri fp16 2x3 lower diag 0: [[1, 0, 0], [1, 1, 0]]")
    rows = [[0x3C00, 0, 0], [0x3C00, 0x3C00, 0]]
    new = new_tile("fp16", 1, 4, 2, 3, "RM", ALL, lambda p, r, c: rows[r][c])
    P.sfu("ttri", "fp16", ALL, [], 1, vc=3, vr=2, col=4, new=new)
    P.store("fp16", ALL)
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU generation: TCI on S32 S16 U32 U16 (start +- column, wrapping, ascending or "
        "descending per PE) and TTRI on FP32 FP16 S32 S16 U32 U16 (upper or lower, "
        "diagonal -65535..65535 per PE), with random shapes and masks and the B.IOR-"
        "omitted defaults (start 0 ascending, diagonal 0 lower)."))


# ---- TGATHER TSCATTER -----------------------------------------------------------

def tgather_case(P, dt, pes, it, rm=False, wide=0, kinds=None):
    """rm: every tile row-major; wide: that many value and index columns;
    kinds: the value's, the index's and the destination's layouts"""
    rng = P.rng
    bits = BITS[dt]
    vk, ik = ("RM", "RM") if rm else (rng.choice(KINDS), rng.choice(["RM", "CM"]))
    if kinds:
        vk, ik = kinds[:2]
    vvr, vvc, vcol = src_shape(rng, bits, vk, max_vr=6)
    if wide:
        vvc, vcol = wide, pow2_at_least(wide)
    ivr, ivc = rng.randint(1, 5), wide or rng.randint(1, vvc)
    icol = pick_col(rng, BITS[it], ivc, ik)
    dk = "RM" if rm else kinds[2] if kinds else rng.choice(KINDS)
    P.case("tgather %s %dx%d %s by %s %dx%d %s -> %s mask %s" % (
        dt, vvr, vvc, vk, it, ivr, ivc, ik, dk, T.mask_str(pes)))
    Vt = P.rand_load(dt, pes, vvr, vvc, col=vcol, kind=vk)
    I = P.rand_load(it, pes, ivr, ivc, col=icol, kind=ik, gen=lambda: rng.randint(0, vvr - 1))
    dcol = pick_col(rng, bits, ivc, dk)
    size = dst_size(rng, bits, dcol, ivr, dk)
    new = new_tile(dt, size, dcol, ivr, ivc, dk, pes,
                   lambda p, r, c: Vt.frag[p][(I.frag[p][(r, c)], c)])
    P.sfu("tgather", dt, pes, [("t", 2), ("t", 1)], size, **dims_for(rng, ivr, ivc, dcol),
          datr=datr_line(KIND_CODE[dk]) if dk != "RM" else None, new=new)
    P.store(dt, pes)


def tscatter_case(P, dt, pes, it, rm=False, wide=0, kinds=None):
    """rm: every tile row-major; wide: that many columns; kinds: the
    value's, the index's and the destination's layouts"""
    rng = P.rng
    bits = BITS[dt]
    vk, ik = ("RM", "RM") if rm else (rng.choice(KINDS), rng.choice(["RM", "CM"]))
    if kinds:
        vk, ik = kinds[:2]
    vr, vc, vcol = src_shape(rng, bits, vk, max_vr=5)
    if wide:
        vr, vc, vcol = rng.randint(1, 2), wide, pow2_at_least(wide)
    icol = pick_col(rng, BITS[it], vc, ik)
    dvr = vr + rng.randint(0, 3)
    dk = "RM" if rm else kinds[2] if kinds else rng.choice(KINDS)
    # each PE and column: distinct destination rows
    perm = {p: [rng.sample(range(dvr), vr) for _ in range(vc)] for p in pes}
    P.case("tscatter %s %dx%d %s by %s into %d rows %s mask %s" % (
        dt, vr, vc, vk, it, dvr, dk, T.mask_str(pes)))
    Vt = P.rand_load(dt, pes, vr, vc, col=vcol, kind=vk)
    I = P.load(it, pes, [[[perm[p][c][r] for c in range(vc)] for r in range(vr)]
                         if p in pes else None for p in ALL],
               col=icol if icol != vc else None, layout=KIND_CODE[ik])
    dcol = pick_col(rng, bits, vc, dk)
    size = dst_size(rng, bits, dcol, dvr, dk)

    def value(p, r, c):
        if r in perm[p][c]:
            return Vt.frag[p][(perm[p][c].index(r), c)]
        return 0
    new = new_tile(dt, size, dcol, dvr, vc, dk, pes, value)
    P.sfu("tscatter", dt, pes, [("t", 2), ("t", 1)], size, **dims_for(rng, dvr, vc, dcol),
          datr=datr_line(KIND_CODE[dk]) if dk != "RM" else None, new=new)
    P.store(dt, pes)


def gen_index(outdir):
    P = SfuProg("sfu-gen-layout-index.s", 0x5F12)
    rng = P.rng
    for dt in VALUE:
        tgather_case(P, dt, rng.choice(MASKS), rng.choice(INDEX))
        tscatter_case(P, dt, rng.choice(MASKS), rng.choice(INDEX))
    for it in INDEX:
        tgather_case(P, rng.choice(["u64", "fp32", "s8"]), ALL, it)
        tscatter_case(P, rng.choice(["s64", "bf16", "u8"]), ALL, it)
    # every tile row-major (the engine's path by row bytes), each value
    # width with each index type; rows wider than the engine's index chunk
    for i, dt in enumerate(["s8", "u16", "fp32", "fp64", "bf16", "u32"]):
        tgather_case(P, dt, rng.choice(MASKS), INDEX[i], rm=True)
        tscatter_case(P, dt, rng.choice(MASKS), INDEX[-1 - i], rm=True)
    tgather_case(P, "u8", ALL, "s16", rm=True, wide=300)
    tscatter_case(P, "s16", ALL, "u32", rm=True, wide=260)
    # the other layouts (the engine's row copies), rows wider than the chunk
    tgather_case(P, "u16", ALL, "s32", wide=300, kinds=("CM", "CM", "NZ"))
    tscatter_case(P, "fp32", ALL, "u16", wide=270, kinds=("NZ", "CM", "CM"))
    P.case("tgather u16 values [[10, 11], [20, 21], [30, 31]] by [[2, 0], [1, 1]]")
    Vt = P.load("u16", ALL, [[[10, 11], [20, 21], [30, 31]]] * 4)
    P.load("u16", ALL, [[[2, 0], [1, 1]]] * 4)
    rows = [[30, 11], [20, 21]]
    new = new_tile("u16", 1, 2, 2, 2, "RM", ALL, lambda p, r, c: rows[r][c])
    P.sfu("tgather", "u16", ALL, [("t", 2), ("t", 1)], 1, vc=2, vr=2, new=new)
    P.store("u16", ALL)
    P.case("tscatter s32 [[a, b], [c, d]] by [[1, 0], [0, 1]]: [[c, b], [a, d]]")
    Vt = P.load("s32", ALL, [[[0xA, 0xB], [0xC, 0xD]]] * 4)
    P.load("u32", ALL, [[[1, 0], [0, 1]]] * 4)
    rows = [[0xC, 0xB], [0xA, 0xD]]
    new = new_tile("s32", 1, 2, 2, 2, "RM", ALL, lambda p, r, c: rows[r][c])
    P.sfu("tscatter", "s32", ALL, [("t", 2), ("t", 1)], 1, vc=2, vr=2, new=new)
    P.store("s32", ALL)
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU indexed rearrangement: TGATHER (dst[r][c] = val[idx[r][c]][c]) and TSCATTER "
        "(a zeroed destination, dst[idx[r][c]][c] = val[r][c]) on every non-4-bit value "
        "type with each of the six index types, source and destination layouts, random "
        "shapes and masks, each PE with its own indices."))


# ---- TPARTADD TPARTMUL TPARTMAX TPARTMIN ---------------------------------------

PART_OPS = ["add", "mul", "max", "min"]


def tpart_case(P, dt, op, pes, split=False):
    rng = P.rng
    bits = BITS[dt]
    vr, vc = rng.randint(1, 5), rng.randint(1, 12)
    col = pick_col(rng, bits, vc, "RM")
    full = rng.randint(0, 2)        # 0 left covers, 1 right covers, 2 both
    shapes = []
    for i in range(2):
        if full == 2 or full == i:
            svr, svc = vr, vc
        else:
            svr, svc = rng.randint(1, vr), rng.randint(1, vc)
        shapes.append((svr, svc, pick_col(rng, bits, svc, "RM")))
    P.case("tpart%s %s %dx%d left %dx%d right %dx%d mask %s%s" % (
        op, dt, vr, vc, shapes[0][0], shapes[0][1], shapes[1][0], shapes[1][1],
        T.mask_str(pes), " split bindings" if split else ""))
    gen = lambda: V.rand_raw(rng, dt)
    L = P.rand_load(dt, pes, shapes[0][0], shapes[0][1], col=shapes[0][2], gen=gen)
    R = P.rand_load(dt, pes, shapes[1][0], shapes[1][1], col=shapes[1][2], gen=gen)
    size = dst_size(rng, bits, col, vr, "RM")
    flags = 0
    res = {}
    for p in pes:
        for r in range(vr):
            for c in range(vc):
                inl, inr = (r, c) in L.frag[p], (r, c) in R.frag[p]
                if inl and inr:
                    x, fl = V.binary(dt, op, L.frag[p][(r, c)], R.frag[p][(r, c)], P.v0)
                    flags |= fl
                else:
                    x = (L if inl else R).frag[p][(r, c)]
                res[(p, r, c)] = x
    new = new_tile(dt, size, col, vr, vc, "RM", pes, lambda p, r, c: res[(p, r, c)])
    m = T.mask_str(pes)
    bindings = None
    if split:
        bindings = rng.choice([
            ["b.iot t#2, t#1, mask=%s" % m, "b.iot mask=%s, last, ->m<%s>" % (
                m, format(size, "04b"))],
            ["b.iot t#2, mask=%s" % m, "b.iot t#1, mask=%s, last, ->m<%s>" % (
                m, format(size, "04b"))]])
    P.sfu("tpart" + op, dt, pes, [("t", 2), ("t", 1)], size, **dims_for(rng, vr, vc, col),
          bindings=bindings, new=new, flags=flags)
    P.store(dt, pes)
    P.check_flags()


def gen_part(outdir, name, v0):
    P = SfuProg(name, 0x5F13 + v0, v0)
    rng = P.rng
    for dt in A9:
        for op in PART_OPS:
            tpart_case(P, dt, op, rng.choice(MASKS))
            if not v0:
                tpart_case(P, dt, op, rng.choice(MASKS), split=rng.random() < 0.5)
    if not v0:
        P.case("tpartadd s16 [[1, 2, 3], [4, 5, 6]] + [[10, 20]]: [[11, 22, 3], [4, 5, 6]]")
        P.load("s16", ALL, [[[1, 2, 3], [4, 5, 6]]] * 4)
        P.load("s16", ALL, [[[10, 20]]] * 4)
        rows = [[11, 22, 3], [4, 5, 6]]
        new = new_tile("s16", 1, 4, 2, 3, "RM", ALL, lambda p, r, c: rows[r][c])
        P.sfu("tpartadd", "s16", ALL, [("t", 2), ("t", 1)], 1, vc=3, vr=2, col=4, new=new)
        P.store("s16", ALL)
        P.check_flags()
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU partial operations%s: TPARTADD, TPARTMUL, TPARTMAX and TPARTMIN on the nine "
        "A9 types; where both sources cover an element the VEC element rule (with status "
        "flags), where only one does its element unchanged; either source may be the "
        "covering one, and the bindings may be split." % (
            " under the pto-v0 profile" if v0 else "")))


# ---- legality -----------------------------------------------------------------

def gen_legal(outdir):
    """each block faults (trap 5 at its BSTOP) with no effect"""
    P = SfuProg("sfu-gen-layout-legal.s", 0x5F14)
    rng = P.rng
    bad = lambda op, dt, srcs, size=1, **kw: (P.sfu(op, dt, ALL, srcs, size, **kw),
                                              P.check_pools())

    P.case("setup: FP32 A 3x5 (Cols 8), FP32 B 3x2, S32 C 3x5, FP32 D on PE0 only")
    A = P.rand_load("fp32", ALL, 3, 5, col=8)
    B = P.rand_load("fp32", ALL, 3, 2)
    C = P.rand_load("s32", ALL, 3, 5, col=8, hand="u")
    D = P.rand_load("fp32", (0,), 3, 5, col=8, hand="u")
    H = P.rand_load("hif4x2", ALL, 2, 4, hand="n")
    a, b, c = at(P, A), at(P, B), at(P, C)
    for why, kw in [
        ("no LB0", dict(vr=5, col=4)),
        ("LB0 is not the source's rows", dict(vc=2, vr=5, col=4)),
        ("LB1 is not the source's columns", dict(vc=3, vr=4, col=4)),
        ("LB1 omitted (default 1)", dict(vc=3, col=4)),
        ("an explicit LB1 of 0", dict(vc=3, vr=0, col=4)),
        ("B.IOR on an operation without GPR inputs", dict(vc=3, vr=5, col=4,
                                                           ior="b.ior zero, zero, zero, ->zero")),
        ("B.DATR PadValue Max", dict(vc=3, vr=5, col=4, datr=datr_line(pad=1))),
        ("B.DATR DataType FP16", dict(vc=3, vr=5, col=4, datr=datr_line(dt=CODE["fp16"]))),
        ("a ZN destination that is not whole fractals", dict(vc=3, vr=5, col=4,
                                                              datr=datr_line(3))),
        ("the destination does not fit its SizeCode (TA)", dict(vc=3, vr=5, col=64)),
        ("a source with no fragment on PE1..PE3", dict(vc=3, vr=5, col=4,
                                                        srcs=[at(P, D)])),
        ("the BSTART type is not the source's", dict(vc=3, vr=5, col=4, dt="s32")),
        ("two sources", dict(vc=3, vr=5, col=4, srcs=[a, a])),
    ]:
        P.case("ttrans rejected: " + why)
        args = dict(dt="fp32", srcs=[a])
        args.update(kw)
        bad("ttrans", args.pop("dt"), args.pop("srcs"), **args)
    P.case("ttrans of HiF4X2 (not Move24): rejected")
    bad("ttrans", "hif4x2", [at(P, H)], vc=2, vr=4)
    P.case("setup: an FP16 4x4 CUBE_M16 tile (CUBE transport TLOAD, layout 22; one cell)")
    buf = P.new_buf(32)
    P.regs(a0=[T.Addr(buf, 0)] * 4, a1=[8] * 4)
    P.emit("bstart.tload fp16")
    P.emit(datr_line(22, 31))
    P.emit("b.iot mask=1111, last, ->u<0001>")
    P.emit("b.ior a0, a1, zero, ->zero")
    P.dims(4, 4)
    cube = T.Tile("fp16", 128, 4, 4, 4, "M16", ALL)
    P.push("u", cube)
    P.finish(None, "ok")
    P.case("ttrans of a CUBE-layout source: rejected")
    bad("ttrans", "fp16", [at(P, cube)], vc=4, vr=4)
    P.case("tconcat rejected: the rows differ")
    R4 = P.rand_load("fp32", ALL, 4, 2, hand="u")
    a, b = at(P, A), at(P, B)
    bad("tconcat", "fp32", [a, at(P, R4)], vc=7, vr=3, col=8)
    for why, kw in [
        ("LB0 is not the sum of the columns", dict(vc=6, vr=3, col=8)),
        ("LB1 is not the rows", dict(vc=7, vr=2, col=8)),
        ("the right source's type differs", dict(vc=10, vr=3, col=16, srcs=[a, at(P, C)])),
    ]:
        P.case("tconcat rejected: " + why)
        args = dict(srcs=[a, b])
        args.update(kw)
        bad("tconcat", "fp32", args.pop("srcs"), **args)
    a = at(P, A)
    P.case("textract rejected: PE2's row offset puts the window outside")
    bad("textract", "fp32", [a], vc=2, vr=2, regs=[[1, 1, 2, 0], [3, 0, 0, 3]])
    P.case("textract rejected: PE3's column offset puts the window outside")
    bad("textract", "fp32", [a], vc=2, vr=2, regs=[[1, 1, 1, 1], [3, 0, 0, 4]])
    P.case("textract rejected: a huge offset")
    bad("textract", "fp32", [a], vc=2, vr=2, regs=[[0] * 4, [M64 - 1] * 4])
    P.case("textract rejected: B.IOR RegSrc2 (Fault_BundleControl)")
    bad("textract", "fp32", [a], vc=2, vr=2, regs=[[0] * 4, [0] * 4],
        ior="b.ior a2, a3, a2, ->zero")
    P.case("textract: the same block with the offsets in range")
    new = new_tile("fp32", 1, 2, 2, 2, "RM", ALL,
                   lambda p, r, c: A.frag[p][(r + 1, c + [3, 0, 0, 3][p])])
    P.sfu("textract", "fp32", ALL, [a], 1, vc=2, vr=2, regs=[[1] * 4, [3, 0, 0, 3]], new=new)
    P.store("fp32", ALL)
    a, b = at(P, A), at(P, B)
    for why, kw in [
        ("the destination's Cols differ from the old tile's", dict(vc=5, vr=3, col=16, size=2)),
        ("the destination's rows differ from the old tile's (SizeCode)",
         dict(vc=5, vr=3, col=8, size=2)),
        ("the destination is column-major, the old tile row-major",
         dict(vc=5, vr=3, col=8, datr=datr_line(1))),
        ("PE1's column offset puts the source outside", dict(vc=5, vr=3, col=8,
                                                              regs=[[0] * 4, [3, 4, 0, 0]])),
        ("the insertion source's type differs", dict(vc=5, vr=3, col=8, srcs=[a, at(P, C)])),
    ]:
        P.case("tinsert rejected: " + why)
        args = dict(srcs=[a, b], size=1)
        args.update(kw)
        bad("tinsert", "fp32", args.pop("srcs"), args.pop("size"), **args)
    P.case("tinsert: B into A at per-PE column offsets 0..3")
    new = new_tile("fp32", 1, 8, 3, 5, "RM", ALL,
                   lambda p, r, c: B.frag[p][(r, c - p)] if 0 <= c - p < 2 else A.frag[p][(r, c)])
    P.sfu("tinsert", "fp32", ALL, [a, b], 1, vc=5, vr=3, col=8, regs=[[0] * 4, [0, 1, 2, 3]],
          new=new)
    P.store("fp32", ALL)
    a = at(P, A)
    for why, kw in [
        ("fewer valid columns than the source", dict(vc=4, vr=3, col=8)),
        ("fewer valid rows than the source", dict(vc=5, vr=2, col=8)),
        ("fewer columns than the source", dict(vc=4, vr=3, col=4)),
        ("B.IOR RegSrc1 (Fault_BundleControl)", dict(vc=5, vr=3, col=8,
                                                      regs=[[7] * 4, [0] * 4])),
    ]:
        P.case("tfillpad rejected: " + why)
        bad("tfillpad", "fp32", [a], **kw)
    P.case("tfillpad rejected: fewer rows than the source (FP32 Rows 4, Cols 8 -> 128 B)")
    big = P.rand_load("fp32", ALL, 3, 5, col=8, size=2)
    bad("tfillpad", "fp32", [at(P, big)], 1, vc=5, vr=3, col=8)
    P.case("tfillpad rejected: FP64 is not carrier-only")
    F64 = P.rand_load("fp64", ALL, 2, 2)
    bad("tfillpad", "fp64", [at(P, F64)], vc=2, vr=2)
    P.case("tfillpad rejected: a 4-bit type is not carrier-only")
    Q = P.rand_load("u4x2", ALL, 2, 2)
    bad("tfillpad", "u4x2", [at(P, Q)], vc=2, vr=2)

    P.case("timg2col fp16: rejected (no feature-map descriptor)")
    Im = P.rand_load("fp16", ALL, 4, 4)
    bad("timg2col", "fp16", [at(P, Im)], vc=4, vr=4)
    P.case("timg2col with posM / posK in B.IOR: rejected")
    bad("timg2col", "fp16", [at(P, Im)], vc=4, vr=4, regs=[[0] * 4, [0] * 4])
    P.case("timg2col with a B.DATR Layout: rejected")
    bad("timg2col", "fp16", [at(P, Im)], vc=4, vr=4, datr=datr_line(1))

    for why, op, dt, kw in [
        ("flag0 2 on PE1", "tci", "s32", dict(regs=[[0] * 4, [0, 2, 0, 1]])),
        ("flag0 -1", "tci", "u16", dict(regs=[[0] * 4, [M64] * 4])),
        ("LB1 2", "tci", "s32", dict(vr=2)),
        ("LB2 below LB0", "tci", "s32", dict(col=2)),
        ("FP32", "tci", "fp32", {}),
        ("S8", "tci", "s8", {}),
        ("B.DATR Layout", "tci", "s32", dict(datr=datr_line(1))),
        ("B.DATR DataType U32", "tci", "s32", dict(datr=datr_line(dt=CODE["u32"]))),
        ("B.DATR PadValue Min", "tci", "s32", dict(datr=datr_line(pad=2))),
        ("a source", "tci", "s32", dict(srcs=[at(P, C)])),
        ("no LB0", "tci", "s32", dict(vc=None)),
        ("diagonal 65536 on PE3", "ttri", "fp32", dict(regs=[[0, 0, 0, 65536], [0] * 4])),
        ("diagonal -65536", "ttri", "s16", dict(regs=[[low(-65536, 64)] * 4, [0] * 4])),
        ("flag0 3", "ttri", "u32", dict(regs=[[1] * 4, [3] * 4])),
        ("BF16", "ttri", "bf16", {}),
        ("U8", "ttri", "u8", {}),
        ("FP64", "ttri", "fp64", {}),
        ("B.IOR RegSrc2 (Fault_BundleControl)", "ttri", "fp32",
         dict(regs=[[0] * 4, [0] * 4], ior="b.ior a2, a3, a3, ->zero")),
        ("two bindings", "ttri", "fp32", dict(bindings=["b.iot mask=1111, ->m<0001>",
                                                        "b.iot mask=1111, last, ->m<0001>"])),
    ]:
        P.case("%s rejected: %s" % (op, why))
        args = dict(vc=4, srcs=[])
        args.update(kw)
        bad(op, dt, args.pop("srcs"), **args)

    P.case("setup: U16 values 3x4, index tiles")
    Vt = P.rand_load("u16", ALL, 3, 4, hand="n")
    Ig = P.load("u32", ALL, [[[rng.randint(0, 2) for _ in range(4)] for _ in range(2)]] * 4,
                hand="n")
    Ibig = P.load("u32", ALL, [[[0, 1, 2, 0], [1, 2, 0, 3 if p == 2 else 1]] for p in ALL],
                  hand="n")
    Ineg = P.load("s16", ALL, [[[0, 1, 2, 0], [0xFFFF, 0, 0, 0]]] * 4, hand="n")
    Iu8 = P.load("u8", ALL, [[[0, 1, 2, 0], [0, 0, 0, 0]]] * 4, hand="n")
    Idup = P.load("u16", ALL, [[[1, 0, 2, 1], [0, 1, 1, 0], [2, 2, 0, 1 if p == 1 else 2]]
                               for p in ALL], hand="n")
    v = lambda: at(P, Vt)
    for why, op, srcs, kw in [
        ("PE2 indexes row 3 of 3", "tgather", lambda: [v(), at(P, Ibig)], dict(vc=4, vr=2)),
        ("a negative S16 index", "tgather", lambda: [v(), at(P, Ineg)], dict(vc=4, vr=2)),
        ("a U8 index tile", "tgather", lambda: [v(), at(P, Iu8)], dict(vc=4, vr=2)),
        ("the destination rows are not the index's", "tgather", lambda: [v(), at(P, Ig)],
         dict(vc=4, vr=3)),
        ("the destination columns are not the index's", "tgather",
         lambda: [v(), at(P, Ig)], dict(vc=3, vr=2)),
        ("the BSTART type is not the value type", "tgather", lambda: [v(), at(P, Ig)],
         dict(vc=4, vr=2, dt="s16")),
        ("B.IOR", "tgather", lambda: [v(), at(P, Ig)],
         dict(vc=4, vr=2, ior="b.ior zero, zero, zero, ->zero")),
        ("indices swapped with values", "tgather", lambda: [at(P, Ig), v()],
         dict(vc=4, vr=2, dt="u32")),
        ("PE1 sends two elements to one", "tscatter", lambda: [v(), at(P, Idup)],
         dict(vc=4, vr=3)),
        ("an index beyond the destination rows", "tscatter", lambda: [v(), at(P, Idup)],
         dict(vc=4, vr=2)),
        ("value and index shapes differ", "tscatter", lambda: [v(), at(P, Ig)],
         dict(vc=4, vr=3)),
        ("the destination columns are not the value's", "tscatter",
         lambda: [v(), at(P, Idup)], dict(vc=8, vr=4)),
    ]:
        P.case("%s rejected: %s" % (op, why))
        args = dict(dt="u16")
        args.update(kw)
        bad(op, args.pop("dt"), srcs(), **args)
    P.case("tscatter: the same values with PE1's indices distinct")
    Iok = P.load("u16", ALL, [[[1, 0, 2, 1], [0, 1, 1, 0], [2, 2, 0, 2]]] * 4, hand="n")
    idx = Iok.frag[0]

    def scat(p, r, c):
        for rr in range(3):
            if idx[(rr, c)] == r:
                return Vt.frag[p][(rr, c)]
        return 0
    new = new_tile("u16", 1, 4, 3, 4, "RM", ALL, scat)
    P.sfu("tscatter", "u16", ALL, [at(P, Vt), at(P, Iok)], 1, vc=4, vr=3, new=new)
    P.store("u16", ALL)

    P.case("setup: FP32 partial sources 2x3 and 1x2 (with an sNaN), a column-major one")
    L = P.rand_load("fp32", ALL, 2, 3, col=4, gen=lambda: 0x7F800001)
    R = P.rand_load("fp32", ALL, 1, 2)
    Cm = P.rand_load("fp32", ALL, 2, 3, col=4, kind="CM")
    S8 = P.rand_load("fp64", ALL, 2, 3, col=4)
    lr = lambda: [at(P, L), at(P, R)]
    for why, srcs, kw in [
        ("an all-zero B.DATR", lr, dict(datr=datr_line())),
        ("B.IOR", lr, dict(ior="b.ior zero, zero, zero, ->zero")),
        ("neither source covers the shape", lr, dict(vc=3, vr=3)),
        ("a source beyond the shape", lr, dict(vc=2, vr=2)),
        ("LB2 below LB0", lr, dict(col=2)),
        ("no LB0", lr, dict(vc=None)),
        ("a column-major source", lambda: [at(P, Cm), at(P, R)], {}),
        ("FP64", lambda: [at(P, S8), at(P, S8)], dict(dt="fp64")),
        ("one source", lambda: [at(P, L)], {}),
        ("three sources", None,
         dict(bindings=["b.iot t#1, t#2, mask=1111", "b.iot t#1, mask=1111, last, ->m<0001>"])),
    ]:
        P.case("tpartmax rejected: " + why)
        args = dict(vc=3, vr=2, col=4, dt="fp32")
        args.update(kw)
        bad("tpartmax", args.pop("dt"), srcs() if srcs else [], **args)
    P.case("a rejected block records no status flags")
    P.check_flags()
    P.case("tpartmax: the legal block over L, R (NV from the sNaN)")
    res = {}
    flags = 0
    for p in ALL:
        for r in range(2):
            for cc in range(3):
                if (r, cc) in R.frag[p]:
                    res[(p, r, cc)], fl = V.binary("fp32", "max", L.frag[p][(r, cc)],
                                                   R.frag[p][(r, cc)])
                    flags |= fl
                else:
                    res[(p, r, cc)] = L.frag[p][(r, cc)]
    new = new_tile("fp32", 1, 4, 2, 3, "RM", ALL, lambda p, r, cc: res[(p, r, cc)])
    P.sfu("tpartmax", "fp32", ALL, [at(P, L), at(P, R)], 1, vc=3, vr=2, col=4, new=new,
          flags=flags)
    P.store("fp32", ALL)
    P.check_flags()
    P.case("pools")
    P.check_pools()
    P.write(outdir, header(
        "SFU layout legality: B.DIM shapes, B.DATR (only Layout, PadValue zero, none for "
        "TPART*), B.IOR (offsets, pad, flag0, diagonal; none elsewhere), types, per-PE "
        "offsets and indices out of range, duplicate scatter targets, partial coverage, "
        "and TIMG2COL, which never commits; each rejected block is trap 5 at its BSTOP with "
        "the pools, the operands and the status flags unchanged."))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    gen_move(outdir)
    gen_generate(outdir)
    gen_index(outdir)
    gen_part(outdir, "sfu-gen-layout-part.s", False)
    gen_part(outdir, "sfu-gen-layout-v0.s", True)
    gen_legal(outdir)


if __name__ == "__main__":
    main()
