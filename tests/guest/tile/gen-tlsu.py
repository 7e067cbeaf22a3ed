#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking TLSU guest programs tests/guest/tile/tlsu-*.s.

The expected memory images, trap numbers and trap arguments come from the
small model below, written from the TLSU rules of PTO ISA 0.58.3 + ADR 0097
(the TLOAD / TSTORE / TMOV contracts and the binding commands, restated in
docs/tile-engine.md) and docs/design.md decisions 1, 9 and 10 -- never from
running the emulator:

  - GM addressing (TileMemoryStridedByteAddress in the spec's
    asl/tile/model/memory/stride.asl): element (r,c) at
    base + r*stride + c*eb; 4-bit types at base + r*stride + c/2, even
    c = low nibble; a load zero-extends, a store replaces only its nibble.
    The layout never changes GM addressing, only the storage index
    (TileLinearIndex, asl/tile/model/definedness/elements.asl), which
    decides the Shared quarter (SharedTileElementRegion,
    asl/tile/model/memory/shared-movement.asl):
    q = floor(floor(idx*bits/8)*4/C), owned by PE q.
  - Each PE in the mask has its own fragment of a Local tile and reads the
    B.IOR registers from its own GPR bank (PE0 = the scalar registers,
    PE1..PE3 written through the tile-core window).  Unselected PEs get
    POISON bases, so an access by a wrong PE faults.
  - Local names are queues per hand, 16 deep, #1 the newest; a push into a
    full hand retires #16 (docs/design.md decision 10).  Each Local
    destination charges its SizeCode bytes in each PE of its mask (ADR
    0097, spec/ADR-0097-local-shared-capacity-pools.txt); Shared registers
    are charged once.  The model keeps both and the programs check the
    window's counters.
  - Faults (TLOAD and TSTORE, asl/tile/model/memory/load-store.asl;
    TLOADShared and TSTOREShared): every element is probed before any
    effect (alignment 34, then page 35; TRAPARG0 = the element address); tile
    faults are trap 5 with TRAPARG0 = the committing BSTOP.  A fault leaves
    memory, the queues and the pools unchanged.

Source and destination buffers are filled with seeded random bytes; the
destination buffers have 8-byte margins that must stay untouched.  The
programs: tlsu-dtypes-wide.s / tlsu-dtypes-narrow.s (the 25 data types),
tlsu-layouts.s, tlsu-pes.s (PE masks, TMOV, GMOV, faults, 64 KiB tiles),
tlsu-shared.s (the Shared forms and TPREFETCH).  tests/guest/tile/tlsu.inc
has their helpers; queues.s (hand-written) covers the Local queues.

Usage: gen-tlsu.py [OUTDIR]   (default: the directory of this script)
"""

import os
import random
import sys
import textwrap

M64 = (1 << 64) - 1
RAM_END = 0x08000000        # the programs run with -m 128M
POISON = 0x0C000000         # no memory: every access is Fault_DataPage

# (code, assembler name, bits) -- TileDataTypeFromEncoding
# (asl/arch/data-types/tile-data-types.asl), TileElementBits
# (asl/tile/model/state/descriptors.asl)
DTYPES = [
    (0, "fp64", 64), (1, "fp32", 32), (2, "tf32", 32), (3, "hf32", 32),
    (4, "fp16", 16), (5, "bf16", 16), (6, "hif8", 8), (7, "e4m3", 8),
    (8, "e5m2", 8), (9, "e3m2", 8), (10, "e2m3", 8), (11, "e2m1x2", 4),
    (12, "e1m2x2", 4), (13, "e8m0", 8), (14, "hif4x2", 4), (16, "s64", 64),
    (17, "s32", 32), (18, "s16", 16), (19, "s8", 8), (20, "s4x2", 4),
    (24, "u64", 64), (25, "u32", 32), (26, "u16", 16), (27, "u8", 8),
    (28, "u4x2", 4),
]
BITS = {name: bits for _, name, bits in DTYPES}
assert len(DTYPES) == 25

# destination layout of each accepted non-CUBE B.DATR layout code
# (TileDataLayoutDestinationLayout, asl/block/model/state/control-state.asl)
LAYOUT = {0: "RM", 1: "CM", 3: "ZN", 4: "NZ", 6: "RM", 8: "ZN", 9: "NZ",
          17: "RM", 18: "CM", 20: "NZ", 27: "RM", 28: "CM", 30: "ZN"}

GPR = {"a0": 2, "a1": 3, "a2": 4}
ALL = (0, 1, 2, 3)
MASKS = [ALL, (0,), (1,), (2,), (3,), (0, 1), (0, 1, 2)]   # the PEMode masks


def eb(bits):
    return max(1, bits // 8)


def row_bytes(vc, bits):
    return (vc + 1) // 2 if bits == 4 else vc * eb(bits)


def mask_str(pes):
    return "".join("1" if p in pes else "0" for p in ALL)


def size_bytes(code):
    return 128 << (code - 1)


def derived_rows(c_bytes, col, bits):
    """Rows = C*8/(Col*bits), 0 when illegal (DerivedTileRows)."""
    if col <= 0 or col & (col - 1):
        return 0
    if (c_bytes * 8) % (col * bits):
        return 0
    rows = c_bytes * 8 // (col * bits)
    return rows if 1 <= rows <= 65535 else 0


def layout_ok(kind, rows, col, bits):
    if kind in ("ZN", "NZ"):
        return rows % 16 == 0 and col % (256 // bits) == 0
    return True


def shape_ok(c_bytes, col, bits, vr, vc, kind):
    """TileDescriptorShapeLegal plus the ZN/NZ fractal rule of
    TileLayoutShapeLegal"""
    rows = derived_rows(c_bytes, col, bits)
    return (rows != 0 and vr <= rows and vc <= col and vr * vc <= c_bytes * 8 // bits
            and layout_ok(kind, rows, col, bits))


def min_size(bits, col, vr, kind="RM"):
    for code in range(1, 11):
        if shape_ok(size_bytes(code), col, bits, vr, 1, kind):
            return code
    raise ValueError("no size for col %d vr %d" % (col, vr))


def storage_index(kind, r, c, rows, col, bits):
    """TileLinearIndex (asl/tile/model/definedness/elements.asl)"""
    if kind == "RM":
        return r * col + c
    if kind == "CM":
        return c * rows + r
    inner = 256 // bits
    br, bc, ir, ic = r // 16, c // inner, r % 16, c % inner
    nbr, nbc, be = rows // 16, col // inner, 16 * inner
    if kind == "ZN":
        return (br * nbc + bc) * be + ic * 16 + ir
    return (bc * nbr + br) * be + ir * inner + ic


def quarter(idx, bits, c_bytes):
    """the PE that owns storage element idx of a Shared tile
    (SharedTileElementRegion)"""
    return (idx * bits // 8) * 4 // c_bytes


# ---- memory model ------------------------------------------------------

class Buf:
    """A labelled buffer of the program's .data (64-byte aligned)."""

    def __init__(self, label, data):
        self.label = label
        self.init = bytearray(data)
        self.cur = bytearray(data)          # the model's current contents
        self.known = bytearray([1]) * len(data)


class Addr:
    """buf + off, or an absolute address when buf is None."""

    def __init__(self, buf, off):
        self.buf, self.off = buf, off

    def __add__(self, n):
        return Addr(self.buf, self.off + n)

    def expr(self):
        if self.buf is None:
            return "0x%x" % self.off
        return "%s + %d" % (self.buf.label, self.off)


def absolute(a):
    return Addr(None, a)


def elem(base, stride, r, c, bits):
    """(address, nibble) of element (r,c); nibble is None unless packed"""
    if bits == 4:
        return base + (r * stride + c // 2), c & 1
    return base + (r * stride + c * eb(bits)), None


def probe(addr, bits):
    """None, or the data fault (trap number, address) of one access"""
    size = eb(bits)
    if addr.off % size:          # buffers are 64-byte aligned
        return (34, addr)
    if addr.buf is None:
        if addr.off >= RAM_END:
            return (35, addr)
        return None
    assert 0 <= addr.off and addr.off + size <= len(addr.buf.cur), "outside buffer"
    return None


def mload(addr, nib, bits):
    assert addr.buf is not None, "the model never loads from unassigned RAM"
    b = addr.buf.cur
    if nib is not None:
        return (b[addr.off] >> (4 * nib)) & 0xF
    return int.from_bytes(b[addr.off:addr.off + eb(bits)], "little")


def mstore(addr, nib, bits, v):
    assert addr.buf is not None
    b, k, o = addr.buf.cur, addr.buf.known, addr.off
    if nib is not None:
        if v is None:
            k[o] = 0
        else:
            b[o] = (b[o] & 0xF0) | v if nib == 0 else (b[o] & 0x0F) | (v << 4)
        return
    n = eb(bits)
    if v is None:
        for i in range(n):
            k[o + i] = 0
    else:
        b[o:o + n] = v.to_bytes(n, "little")


class Tile:
    """A Local tile: shape plus one fragment {(r,c): value or None} per PE."""

    def __init__(self, dt, c_bytes, col, vr, vc, kind, pes):
        self.dt, self.bits = dt, BITS[dt]
        self.c, self.col, self.vr, self.vc, self.kind = c_bytes, col, vr, vc, kind
        self.rows = derived_rows(c_bytes, col, self.bits)
        self.pes = tuple(pes)
        self.frag = {}
        self.defined = {}

    def cells(self):
        return [(r, c) for r in range(self.vr) for c in range(self.vc)]

    def same_shape(self, other):
        return (self.rows, self.col, self.vr, self.vc, self.kind, self.bits, self.c) == \
            (other.rows, other.col, other.vr, other.vc, other.kind, other.bits, other.c)


class Shared:
    def __init__(self, dt, c_bytes, col, vr, vc, kind, alloc):
        self.dt, self.bits = dt, BITS[dt]
        self.c, self.col, self.vr, self.vc, self.kind = c_bytes, col, vr, vc, kind
        self.rows = derived_rows(c_bytes, col, self.bits)
        self.alloc = frozenset(alloc)
        self.init = frozenset(alloc)
        self.published = False
        self.val = {}        # (r, c) -> value, the payload of the valid region

    def q(self, r, c):
        return quarter(storage_index(self.kind, r, c, self.rows, self.col, self.bits),
                       self.bits, self.c)


# ---- the program writer (emits code and applies the model in lockstep) ------

class Prog:
    def __init__(self, name, seed):
        self.name = name
        self.rng = random.Random(seed)
        self.text, self.data = [], []
        self.ncase = 0
        self.nlabel = 0
        self.nbuf = 0
        self.hands = {h: [] for h in "tumn"}
        self.used = [0, 0, 0, 0]
        self.shared = {}
        self.bufs_pending = []

    # -- emission helpers
    def emit(self, line):
        self.text.append("    " + line if not line.endswith(":") else line)

    def case(self, comment):
        self.ncase += 1
        self.text.append("")
        self.emit("case %-4d ; %s" % (self.ncase, comment))

    def comment(self, text):
        self.emit("; " + text)

    def label(self):
        self.nlabel += 1
        return "b%d" % self.nlabel

    def new_buf(self, n, tag="buf"):
        """a buffer of n (rounded up to 8) random bytes"""
        n = (n + 7) // 8 * 8
        self.nbuf += 1
        b = Buf("%s%d" % (tag, self.nbuf), bytes(self.rng.getrandbits(8) for _ in range(n)))
        self.bufs_pending.append(b)
        return b

    def ext_buf(self, addr, n, salt):
        """a buffer at a fixed RAM address, filled by the program itself with
        the words salt*M, (salt+1)*M, ... (fill_words)"""
        n = (n + 7) // 8 * 8
        m = 0x9E3779B97F4A7C15
        start, step = (salt * m) & M64, m
        data = b"".join(((start + k * step) & M64).to_bytes(8, "little") for k in range(n // 8))
        b = Buf("0x%x" % addr, data)
        self.emit("fill_words 0x%x, %d, 0x%x, 0x%x" % (addr, n, start, step))
        return b

    def check_hash(self, b):
        assert all(b.known)
        h = 0
        for k in range(0, len(b.cur), 8):
            h = ((h ^ int.from_bytes(b.cur[k:k + 8], "little")) * 0x100000001b3) & M64
        self.emit("hash_words %s, %d" % (b.label, len(b.cur)))
        self.emit("check_eq a6, 0x%x" % h)

    def emit_data(self, label, data):
        self.data.append("    .p2align 6")
        self.data.append(label + ":")
        for i in range(0, len(data) // 8 * 8, 32):
            words = [int.from_bytes(data[j:j + 8], "little")
                     for j in range(i, min(i + 32, len(data) // 8 * 8), 8)]
            self.data.append("    .dword " + ", ".join("0x%016x" % w for w in words))
        tail = data[len(data) // 8 * 8:]
        if tail:
            self.data.append("    .byte " + ", ".join("0x%02x" % v for v in tail))

    def flush_bufs(self):
        for b in self.bufs_pending:
            self.emit_data(b.label, b.init)
        self.bufs_pending = []

    def regs(self, **kw):
        """kw: GPR name -> 4 values (Addr, int or None = POISON/0) for PE0..PE3"""
        for name, vals in kw.items():
            for p, v in enumerate(vals):
                if isinstance(v, Addr):
                    v = v.expr()
                elif v is None:
                    v = "POISON" if name == "a0" else "0"
                else:
                    v = "0x%x" % v
                if p == 0:
                    self.emit("hl.liu %s, ->%s" % (v, name))
                else:
                    self.emit("pe_set %d, %d, %s" % (p, GPR[name], v))

    def ior(self, base="a0", stride="a1"):
        self.emit("b.ior %s, %s, zero, ->zero" % (base, stride))

    def dims(self, vc=None, vr=None, col=None):
        if vc is not None:
            self.emit("b.dim zero, %d, ->lb0" % vc)
        if vr is not None:
            self.emit("b.dim zero, %d, ->lb1" % vr)
        if col is not None:
            self.emit("b.dim zero, %d, ->lb2" % col)

    def datr(self, layout):
        if layout is not None:
            self.emit("b.datr layout=%d, datatype=0, pad=0, cmode=0, rmode=0" % layout)

    def finish(self, fault, expect):
        """close the block and check its outcome: fault None or (trap, Addr|None)"""
        lab = self.label()
        self.text.append("%s: bstop" % lab)
        got = "ok" if fault is None else fault[0]
        assert got == expect, "%s case %d: model says %s, test meant %s" % (
            self.name, self.ncase, got, expect)
        if fault is None:
            self.emit("check_no_trap")
        else:
            arg = lab if fault[1] is None else fault[1].expr()
            self.emit("check_trap %d, %s, %s" % (fault[0], arg, lab))

    # -- the model's Local queues and pools
    def push(self, hand, tile):
        q = self.hands[hand]
        q.insert(0, tile)
        for p in tile.pes:
            self.used[p] += tile.c
        if len(q) > 16:
            old = q.pop()
            for p in old.pes:
                self.used[p] -= old.c

    def fits(self, hand, c_bytes, pes):
        """capacity with the retirement of #16 counted as free
        (docs/design.md decision 10; docs/implementation-defined.md
        entry 17)"""
        q = self.hands[hand]
        for p in pes:
            free_back = q[15].c if len(q) == 16 and p in q[15].pes else 0
            if self.used[p] - free_back + c_bytes > 262144:
                return False
        return True

    def src(self, sel):
        hand, k = sel
        return self.hands[hand][k - 1]

    def check_pools(self):
        for p in ALL:
            self.emit("check_win WIN_PE_USED + 8 * %d, %d" % (p, self.used[p]))
        self.emit("check_win WIN_SHARED_USED, %d" % sum(s.c for s in self.shared.values()))
        bitmap = 0
        for sid in self.shared:
            bitmap |= 1 << sid
        self.emit("check_win WIN_SHARED_REGS, 0x%x" % bitmap)

    def check(self, *bufs):
        """compare each buffer with the model's image (bytes it knows)"""
        for b in bufs:
            self.nbuf += 1
            exp = Buf("%s_exp%d" % (b.label, self.nbuf), b.cur)
            self.emit_data(exp.label, b.cur)
            n = len(b.cur)
            i = 0
            while i < n:
                if not b.known[i]:
                    i += 1
                    continue
                j = i
                while j < n and b.known[j]:
                    j += 1
                self.check_range(b.label, exp.label, i, j)
                i = j

    def check_range(self, got, exp, i, j):
        a = min(j, (i + 7) // 8 * 8)
        z = max(a, j // 8 * 8)
        if a > i:
            self.emit("check_mem1 %s + %d, %s + %d, %d" % (got, i, exp, i, a - i))
        if z > a:
            self.emit("check_mem8 %s + %d, %s + %d, %d" % (got, a, exp, a, z - a))
        if j > z:
            self.emit("check_mem1 %s + %d, %s + %d, %d" % (got, z, exp, z, j - z))

    # -- operations ---------------------------------------------------------
    def tload(self, dt, pes, bases, strides, vr=None, vc=None, col=None, size=None,
              hand="t", layout=None, expect="ok", dim_lines=None):
        """Local TLOAD (fn 0): bases/strides per PE (None for unselected PEs);
        dim_lines: B.DIM commands to emit instead of LB0 = vc, LB1 = vr,
        LB2 = col (which then give the shape they mean)"""
        bits = BITS[dt]
        VR, VC = vr or 1, vc or 1
        COL = col or VC
        kind = LAYOUT[layout or 0]
        if size is None:
            size = min_size(bits, COL, VR, kind)
        cb = size_bytes(size)
        self.emit("bstart.tload %s" % dt)
        self.datr(layout)
        self.ior()
        if dim_lines is None:
            self.dims(vc, vr, col)
        else:
            for line in dim_lines:
                self.emit(line)
        self.emit("b.iot mask=%s, last, ->%s<%s>" % (mask_str(pes), hand, format(size, "04b")))
        if not pes:                                 # PEMode 000: a strict no-op
            self.finish(None, expect)
            return None
        fault = None
        if not self.fits(hand, cb, pes) or not shape_ok(cb, COL, bits, VR, VC, "RM"):
            fault = (5, None)                       # TileAllocation
        elif not layout_ok(kind, derived_rows(cb, COL, bits), COL, bits):
            fault = (5, None)                       # TileLegality (ZN/NZ)
        else:
            for p in ALL:
                if p not in pes or fault:
                    continue
                for r in range(VR):
                    for c in range(VC):
                        f = probe(elem(bases[p], strides[p], r, c, bits)[0], bits)
                        if f and not fault:
                            fault = f
        tile = None
        if fault is None:
            tile = Tile(dt, cb, COL, VR, VC, kind, pes)
            for p in pes:
                tile.frag[p] = {(r, c): mload(*elem(bases[p], strides[p], r, c, bits), bits)
                                for r in range(VR) for c in range(VC)}
                tile.defined[p] = True
            self.push(hand, tile)
        self.finish(fault, expect)
        return tile

    def tstore(self, dt, pes, bases, strides, src=("t", 1), expect="ok", zero_stride=False):
        """Local TSTORE (fn 1) of the source's VR x VC from each PE's fragment;
        zero_stride: B.IOR names the zero register as the stride"""
        tile = self.src(src)
        bits = tile.bits
        self.emit("bstart.tstore %s" % dt)
        if zero_stride:
            assert all(strides[p] == 0 for p in pes)
            self.ior(stride="zero")
        else:
            self.ior()
        self.emit("b.iot %s#%d, mask=%s, last" % (src[0], src[1], mask_str(pes)))
        fault = None
        if tile.dt != dt or any(p not in tile.pes or not tile.defined[p] for p in pes):
            fault = (5, None)
        else:
            for p in ALL:
                if p not in pes or fault:
                    continue
                for r, c in tile.cells():
                    f = probe(elem(bases[p], strides[p], r, c, bits)[0], bits)
                    if f and not fault:
                        fault = f
        if fault is None:
            for p in ALL:
                if p in pes:
                    for r, c in tile.cells():
                        a, nib = elem(bases[p], strides[p], r, c, bits)
                        mstore(a, nib, bits, tile.frag[p][(r, c)])
        self.finish(fault, expect)

    def tmov(self, dt, pes, src, hand, size, dims=None, layout=None, bdt=None, expect="ok"):
        """Local TMOV (fn 2): per-PE copy; dims = (vc, vr, col) given in B.DIM"""
        tile = self.src(src)
        self.emit("bstart.tmov %s" % (bdt if bdt is not None else dt))
        self.datr(layout)
        if dims:
            self.dims(*dims)
        self.emit("b.iot %s#%d, mask=%s, last, ->%s<%s>" % (
            src[0], src[1], mask_str(pes), hand, format(size, "04b")))
        vc, vr, col = dims if dims else (None, None, None)
        new = Tile(tile.dt, size_bytes(size), col or tile.col, vr or tile.vr, vc or tile.vc,
                   LAYOUT[layout or 0], pes)
        fault = None
        if (not tile.same_shape(new) or tile.dt != dt
                or any(p not in tile.pes or not tile.defined[p] for p in pes)
                or not self.fits(hand, new.c, pes)):
            fault = (5, None)
        else:
            for p in pes:
                new.frag[p] = dict(tile.frag[p])
                new.defined[p] = True
            self.push(hand, new)
        self.finish(fault, expect)
        return new

    def gmov(self, dt, pes, src, hand, size, peers=None, layout=None, with_dim=False,
             expect="ok"):
        """GMOV (fn 13): PE p's new fragment = the source fragment of PE peers[p]"""
        tile = self.src(src)
        self.emit("bstart.gmov %s" % dt)
        self.datr(layout)
        if peers is not None:
            self.emit("b.ior a2, zero, zero, ->zero")
        if with_dim:
            self.dims(vc=tile.vc)
        self.emit("b.iot %s#%d, mask=%s, last, ->%s<%s>" % (
            src[0], src[1], mask_str(pes), hand, format(size, "04b")))
        pr = peers if peers is not None else [0, 0, 0, 0]
        fault = None
        if (with_dim or tile.pes != ALL or size_bytes(size) != tile.c or tile.bits == 64
                or tile.dt != dt or tile.kind != LAYOUT[layout or 0]
                or any(x >= 4 for x in pr) or not self.fits(hand, tile.c, pes)):
            fault = (5, None)
        new = None
        if fault is None:
            new = Tile(tile.dt, tile.c, tile.col, tile.vr, tile.vc, tile.kind, pes)
            for p in pes:
                new.frag[p] = dict(tile.frag[pr[p]])
                new.defined[p] = True
            self.push(hand, new)
        self.finish(fault, expect)
        return new

    def shared_tload(self, dt, pes, sid, size, bases, strides, vr, vc, col=None,
                     layout=None, expect="ok"):
        """Shared TLOAD (fn 0, B.IOS destination): PE q loads quarter q at absolute (r,c)"""
        bits = BITS[dt]
        cb = size_bytes(size)
        COL = col or vc                   # docs/design.md decision 9
        kind = LAYOUT[layout or 0]
        self.emit("bstart.tload %s" % dt)
        self.datr(layout)
        self.ior()
        self.dims(vc, vr, col)
        self.emit("b.ios mask=%s, ->s%d<%s>" % (mask_str(pes), sid, format(size, "04b")))
        new = Shared(dt, cb, COL, vr, vc, kind, pes)
        old = self.shared.get(sid)
        fault = None
        if not shape_ok(cb, COL, bits, vr, vc, kind):
            fault = (5, None)
        elif old is not None:
            if (not set(pes) <= old.alloc or (old.c, old.col, old.vr, old.vc, old.kind, old.dt)
                    != (cb, COL, vr, vc, kind, dt)):
                fault = (5, None)
        elif sum(s.c for s in self.shared.values()) + cb > 262144:
            fault = (5, None)
        if fault is None:
            for r in range(vr):
                for c in range(vc):
                    q = new.q(r, c)
                    if q in pes:
                        f = probe(elem(bases[q], strides[q], r, c, bits)[0], bits)
                        if f and not fault:
                            fault = f
        if fault is None:
            reg = old or new
            if old is None:
                self.shared[sid] = new
                new.published = True
            for r in range(vr):
                for c in range(vc):
                    q = new.q(r, c)
                    if q in pes:
                        reg.val[(r, c)] = mload(*elem(bases[q], strides[q], r, c, bits), bits)
            if old is not None:
                old.init = old.init | set(pes)
                old.published = old.published or old.init == old.alloc
        self.finish(fault, expect)

    def shared_tstore(self, dt, pes, sid, bases, strides, spart=False, vr=None, vc=None,
                      layout=None, expect="ok"):
        """Shared TSTORE (fn 1, mask 1111) / TSTORE.SPART (fn 14): PE q stores quarter q"""
        reg = self.shared[sid]
        bits = reg.bits
        self.emit("bstart.tstore%s %s" % (".spart" if spart else "", dt))
        self.datr(layout)
        self.ior()
        self.dims(vc, vr, None)
        self.emit("b.ios s%d, mask=%s" % (sid, mask_str(pes)))
        VR, VC = vr or reg.vr, vc or reg.vc
        fault = None
        if ((not spart and tuple(pes) != ALL) or reg.dt != dt or reg.kind != LAYOUT[layout or 0]
                or VR > reg.vr or VC > reg.vc):
            fault = (5, None)
        else:
            for r in range(VR):
                for c in range(VC):
                    q = reg.q(r, c)
                    if q in pes:
                        f = probe(elem(bases[q], strides[q], r, c, bits)[0], bits)
                        if f and not fault:
                            fault = f
        if fault is None:
            for r in range(VR):
                for c in range(VC):
                    q = reg.q(r, c)
                    if q in pes:
                        assert q in reg.init, "the test stores an uninitialized quarter"
                        a, nib = elem(bases[q], strides[q], r, c, bits)
                        mstore(a, nib, bits, reg.val[(r, c)])
        self.finish(fault, expect)

    def l2s(self, dt, pes, src, sid, size, publish, layout=None, expect="ok"):
        """TMOV.L2S.INSERT (fn 9) / PUBLISH (fn 10): PE q copies its quarter q"""
        tile = self.src(src)
        self.emit("bstart.tmov.l2s.%s %s" % ("publish" if publish else "insert", dt))
        self.datr(layout)
        self.emit("b.iot %s#%d, mask=%s, last" % (src[0], src[1], mask_str(pes)))
        self.emit("b.ios mask=%s, ->s%d<%s>" % (mask_str(pes), sid, format(size, "04b")))
        old = self.shared.get(sid)
        fault = None
        if (tile.c != size_bytes(size) or tile.dt != dt
                or any(p not in tile.pes or not tile.defined[p] for p in pes)):
            fault = (5, None)
        elif old is not None:
            if (not set(pes) <= old.alloc or (old.c, old.col, old.vr, old.vc, old.kind, old.dt)
                    != (tile.c, tile.col, tile.vr, tile.vc, tile.kind, tile.dt)):
                fault = (5, None)
            elif publish and (old.init | set(pes)) != old.alloc:
                fault = (5, None)
        elif sum(s.c for s in self.shared.values()) + tile.c > 262144:
            fault = (5, None)
        if fault is None:
            assert tile.vr == tile.rows and tile.vc == tile.col, "full tiles only"
            reg = old
            if reg is None:
                reg = Shared(tile.dt, tile.c, tile.col, tile.vr, tile.vc, tile.kind, pes)
                self.shared[sid] = reg
            for r, c in tile.cells():
                q = reg.q(r, c)
                if q in pes:
                    reg.val[(r, c)] = tile.frag[q][(r, c)]
            reg.init = reg.init | set(pes)
            if publish:
                reg.published = True
        self.finish(fault, expect)

    def s2l(self, dt, pes, sid, hand, size, broadcast, layout=None, dims=None, expect="ok"):
        """TMOV.S2L.BROADCAST (fn 11) / EXTRACT (fn 12); dims = (vc, vr, col) in B.DIM"""
        reg = self.shared.get(sid)
        self.emit("bstart.tmov.s2l.%s %s" % ("broadcast" if broadcast else "extract", dt))
        self.datr(layout)
        if dims:
            self.dims(*dims)
        self.emit("b.ios s%d, mask=%s" % (sid, mask_str(pes)))
        self.emit("b.iot mask=%s, last, ->%s<%s>" % (mask_str(pes), hand, format(size, "04b")))
        vc, vr, col = dims or (None, None, None)
        VC = vc or (reg.vc if reg else 1)
        VR = vr or (reg.vr if reg else 1)
        COL = col or (reg.col if reg else VC)
        cb = size_bytes(size)
        kind = LAYOUT[layout or 0]
        fault = None
        if broadcast and (reg is None or tuple(pes) != ALL or reg.alloc != set(ALL)
                          or not reg.published):
            fault = (5, None)
        elif reg is not None and (reg.c != cb or reg.dt != dt or reg.kind != kind
                                  or reg.col != COL or VR > reg.vr or VC > reg.vc):
            fault = (5, None)
        elif not shape_ok(cb, COL, BITS[dt], VR, VC, kind) or not self.fits(hand, cb, pes):
            fault = (5, None)
        new = None
        if fault is None:
            new = Tile(dt, cb, COL, VR, VC, kind, pes)
            for p in pes:
                frag = {}
                for r, c in new.cells():
                    v = None
                    if reg is not None and (broadcast or reg.q(r, c) == p) and \
                            reg.q(r, c) in reg.init:
                        v = reg.val[(r, c)]
                    frag[(r, c)] = v
                new.frag[p] = frag
                new.defined[p] = tuple(pes) == ALL
            self.push(hand, new)
        self.finish(fault, expect)
        return new

    def tprefetch(self, dt, bases, strides, vr=None, vc=None, col=None, expect="ok"):
        """TPREFETCH (fn 3): probes only, all four PEs, stride in elements"""
        bits = BITS[dt]
        VR, VC = vr or 1, vc or 1
        self.emit("bstart.tprefetch %s" % dt)
        self.ior()
        self.dims(vc, vr, col)
        fault = None
        if bits == 64:
            fault = (5, None)
        else:
            for p in ALL:
                for r in range(VR):
                    for c in range(VC):
                        idx = r * strides[p] + c
                        a = bases[p] + (idx // 2 if bits == 4 else idx * eb(bits))
                        f = probe(a, bits)
                        if f and not fault:
                            fault = f
        self.finish(fault, expect)

    # -- output
    def write(self, outdir, header):
        self.flush_bufs()
        out = [";" + (" " + l if l else "") for l in header.strip("\n").split("\n")]
        out.append("; Generated by gen-tlsu.py (fixed seed); expected values from its model.")
        out.append("; qemu-args: -m 128M")
        out.append('    .include "../testlib.inc"')
        out.append('    .include "tlsu.inc"')
        out.append("    .text")
        out.append("    .globl _start")
        out.append("_start:")
        out.append("    tile_setup")
        out += self.text
        out.append("")
        out.append("    tlsu_end")
        out.append("")
        out.append("    .data")
        out += self.data
        with open(os.path.join(outdir, self.name), "w") as f:
            f.write("\n".join(out) + "\n")


# ---- the programs ------------------------------------------------------------

def stride_for(rng, vc, bits, extra_max=3):
    """a non-dense row stride: the row bytes plus 1..extra_max elements (bytes
    for 4-bit types), keeping natural alignment"""
    unit = eb(bits)
    return row_bytes(vc, bits) + unit * rng.randint(1, extra_max) if bits != 4 else \
        row_bytes(vc, bits) + rng.randint(1, 5)


def src_buf(P, vr, stride, rb):
    return P.new_buf(max(1, (vr - 1) * stride + rb), "src")


def dst_buf(P, vr, stride, rb):
    """a destination with 8-byte margins; returns (buffer, base address)"""
    b = P.new_buf(16 + max(1, (vr - 1) * stride + rb), "dst")
    return b, Addr(b, 8)


def move_case(P, dt, pes, vr, vc, col, lstr, sstr, what, layout=None, store_pes=None,
              with_col=True, zero_stride=False):
    """TLOAD (Local) from per-PE sources, then TSTORE to per-PE destinations"""
    bits = BITS[dt]
    store_pes = store_pes or pes
    rb = row_bytes(vc or 1, bits)
    srcs, dsts, dbufs = [None] * 4, [None] * 4, []
    for p in pes:
        srcs[p] = Addr(src_buf(P, vr, lstr[p], rb), 0)
    for p in ALL:
        if p in store_pes:
            b, a = dst_buf(P, vr, sstr[p], rb)
            dsts[p] = a
            dbufs.append(b)
    P.case("%s: %s VR=%d VC=%s Col=%s, strides %s -> %s, mask %s%s" % (
        what, dt, vr, vc, col, [lstr[p] for p in pes], [sstr[p] for p in store_pes],
        mask_str(pes), "" if store_pes == pes else ", store " + mask_str(store_pes)))
    P.regs(a0=srcs, a1=[lstr[p] if p in pes else None for p in ALL])
    P.tload(dt, pes, srcs, lstr, vr=vr, vc=vc, col=col if with_col else None, layout=layout)
    P.regs(a0=dsts, a1=[sstr[p] if p in store_pes else None for p in ALL])
    P.tstore(dt, store_pes, dsts, sstr, zero_stride=zero_stride)
    P.check(*dbufs)


def gen_dtypes(outdir, name, types, seed):
    P = Prog(name, seed)
    rng = P.rng
    for dt in types:
        bits = BITS[dt]
        one = (0,)
        # S1: Col > VC, non-dense strides on both sides
        ls, ss = stride_for(rng, 5, bits), stride_for(rng, 5, bits)
        move_case(P, dt, one, 3, 5, 8, [ls] * 4, [ss] * 4, "S1")
        # S2: LB2 absent (Col = VC), dense strides
        d = row_bytes(16, bits)
        move_case(P, dt, one, 4, 16, 16, [d] * 4, [d] * 4, "S2 dense", with_col=False)
        # S3: all four PEs, each with its own bases and strides
        ls = [stride_for(rng, 7, bits, 6) for _ in ALL]
        ss = [stride_for(rng, 7, bits, 6) for _ in ALL]
        move_case(P, dt, ALL, 2, 7, 32, ls, ss, "S3 per PE")
        # S4: store stride 0: the rows overlap, the last one wins
        ls = stride_for(rng, 3, bits)
        move_case(P, dt, one, 3, 3, 4, [ls] * 4, [0] * 4, "S4 store stride zero",
                  zero_stride=True)
        # S5: LB0 and LB2 absent (VC = Col = 1), load stride 0 on PE1
        ss = stride_for(rng, 1, bits)
        move_case(P, dt, (1,), 5, None, None, [0] * 4, [ss] * 4, "S5 VC=1, load stride 0",
                  with_col=False)
        if bits == 4:
            # S6: odd byte strides, odd VC: every row's last high nibble is kept
            ls = [rng.choice([5, 7, 9]) for _ in ALL]
            ss = [rng.choice([5, 7, 11]) for _ in ALL]
            move_case(P, dt, (0, 1), 4, 9, 16, ls, ss, "S6 nibbles")
            # S7: a wide row, 63 of 64 columns, dense then odd stride
            move_case(P, dt, (2,), 3, 63, 64, [32] * 4, [33] * 4, "S7 wide")
    # R: seeded random shapes, masks, strides (0 now and then) and layout 0/1
    for dt in types:
        bits = BITS[dt]
        for _ in range(3):
            pes = rng.choice(MASKS)
            col = rng.choice([c for c in (1, 2, 4, 8, 16, 32, 64) if c * bits <= 1024])
            vc = rng.randint(1, col)
            vr = rng.randint(1, 6)

            def stride():
                x = rng.random()
                if x < 0.1:
                    return 0
                if x < 0.3:
                    return row_bytes(vc, bits)
                return stride_for(rng, vc, bits, 9)
            ls = [stride() for _ in ALL]
            ss = [stride() for _ in ALL]
            with_col = col != vc or rng.random() < 0.5
            move_case(P, dt, pes, vr, vc, col, ls, ss, "R", layout=rng.choice([None, 0, 1]),
                      with_col=with_col)
    P.case("pools: each Local destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, "SPDX-License-Identifier: GPL-2.0-or-later\n" + textwrap.fill(
        "TLSU data types: %s move bit for bit through TLOAD (Local) and TSTORE, for "
        "several shapes (Col > VC, Col = VC with LB2 absent, VC = 1 with LB0 absent), "
        "non-dense and zero row strides (B.IOR), the four PEs with their own bases, and "
        "seeded random shapes, masks and strides.  Destinations are pre-filled with "
        "random bytes; 4-bit stores keep the sibling nibble." % ", ".join(types), 74))


def gen_layouts(outdir, seed):
    P = Prog("tlsu-layouts.s", seed)
    rng = P.rng
    for dt in ["fp64", "fp32", "fp16", "bf16", "u8", "s8", "u4x2", "e2m1x2"]:
        bits = BITS[dt]
        inner = 256 // bits
        col = 2 * inner
        vr, vc = 13, col - 1
        ls, ss = stride_for(rng, vc, bits), stride_for(rng, vc, bits)
        for layout in (1, 3, 4):
            move_case(P, dt, (0,), vr, vc, col, [ls] * 4, [ss] * 4, "layout %d" % layout,
                      layout=layout)
    # the other accepted codes: the tile takes the destination (suffix) layout
    for layout in (6, 8, 9, 17, 18, 20, 27, 28, 30):
        dt = "u16"
        ls, ss = stride_for(rng, 15, 16), stride_for(rng, 15, 16)
        move_case(P, dt, (0, 1), 16, 15, 16, [ls] * 4, [ss] * 4, "layout %d" % layout,
                  layout=layout)
    # DN with a shape that is no fractal
    move_case(P, "u32", ALL, 3, 5, 8, [24, 28, 32, 36], [20, 40, 24, 28], "layout 1 small",
              layout=1)

    P.case("ZN needs Rows %% 16 == 0: TLOAD u8 Col=32 Rows=8 with layout 3 faults (trap 5)")
    s = P.new_buf(64, "src")
    P.regs(a0=[Addr(s, 0), None, None, None], a1=[32, None, None, None])
    P.tload("u8", (0,), [Addr(s, 0)] + [None] * 3, [32] * 4, vr=2, vc=32, col=32, size=2,
            layout=3, expect=5)
    P.case("NZ needs Col %% (256/bits) == 0: fp32 Col=4 with layout 4 faults (trap 5)")
    P.regs(a0=[Addr(s, 0), None, None, None], a1=[16, None, None, None])
    P.tload("fp32", (0,), [Addr(s, 0)] + [None] * 3, [16] * 4, vr=2, vc=4, col=4, size=4,
            layout=4, expect=5)

    # TMOV keeps the layout: the B.DATR layout must be the source's
    dt, bits = "u16", 16
    vr, vc, col = 16, 16, 16
    ls = [34, 36, 38, 40]
    srcs = [Addr(src_buf(P, vr, ls[p], 32), 0) for p in ALL]
    P.case("TLOAD u16 ZN (layout 3) on all PEs")
    P.regs(a0=srcs, a1=ls)
    zn = P.tload(dt, ALL, srcs, ls, vr=vr, vc=vc, col=col, layout=3)
    P.case("TMOV of the ZN tile without B.DATR (RowMajor): trap 5")
    P.tmov(dt, ALL, ("t", 1), "u", 3, expect=5)
    P.case("TMOV with layout 3 on PE0+PE1, then TSTORE: the source image")
    P.tmov(dt, (0, 1), ("t", 1), "u", 3, layout=3)
    ss = [32, 48, 40, 34]
    outs = [dst_buf(P, vr, ss[p], 32) if p in (0, 1) else (None, None) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=[ss[p] if p in (0, 1) else None for p in ALL])
    P.tstore(dt, (0, 1), [o[1] for o in outs], ss, src=("u", 1))
    P.check(outs[0][0], outs[1][0])
    P.case("GMOV of an NZ tile keeps NZ (B.DATR layout 4); peers (p+1)%4")
    P.regs(a0=srcs, a1=ls)
    P.tload(dt, ALL, srcs, ls, vr=vr, vc=vc, col=col, layout=4)
    P.regs(a2=[1, 2, 3, 0])
    P.gmov(dt, ALL, ("t", 1), "m", 3, peers=[1, 2, 3, 0], layout=4)
    outs = [dst_buf(P, vr, ss[p], 32) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=ss)
    P.tstore(dt, ALL, [o[1] for o in outs], ss, src=("m", 1))
    P.check(*[o[0] for o in outs])
    P.case("GMOV of the NZ tile without B.DATR: trap 5")
    P.gmov(dt, ALL, ("t", 1), "m", 3, peers=[1, 2, 3, 0], expect=5)

    P.case("pools")
    P.check_pools()
    P.write(outdir, """
SPDX-License-Identifier: GPL-2.0-or-later
TLSU layouts: TLOAD with B.DATR layout 1 (ND2DN), 3 (ND2ZN), 4 (ND2NZ) and
the other accepted non-CUBE codes, then TSTORE, gives the row-major memory
image (GM addressing does not depend on the layout); the ZN/NZ fractal shape
rules; TMOV and GMOV keep the source layout.
""")


def gen_pes(outdir, seed):
    P = Prog("tlsu-pes.s", seed)
    rng = P.rng
    types = ["u16", "fp32", "u8", "s4x2", "bf16", "u32", "e4m3"]
    for pes, dt in zip(MASKS, types):
        bits = BITS[dt]
        ls = [stride_for(rng, 6, bits, 4) for _ in ALL]
        ss = [stride_for(rng, 6, bits, 4) for _ in ALL]
        move_case(P, dt, pes, 3, 6, 8, ls, ss, "PE mask")
    ls = [stride_for(rng, 6, 16, 4) for _ in ALL]
    ss = [stride_for(rng, 6, 16, 4) for _ in ALL]
    move_case(P, "s16", ALL, 3, 6, 8, ls, ss, "load 1111, store a subset", store_pes=(1,))
    move_case(P, "u8", ALL, 3, 6, 8, ls, ss, "load 1111, store a subset", store_pes=(0, 1, 2))

    # the older entry of a hand: t#2
    dt, vr, vc = "u32", 2, 4
    st = [16, 20, 24, 28]
    A = [Addr(src_buf(P, vr, st[p], 16), 0) for p in ALL]
    B = [Addr(src_buf(P, vr, st[p], 16), 0) for p in ALL]
    P.case("two TLOADs ->t; TSTORE t#2 stores the older one")
    P.regs(a0=A, a1=st)
    P.tload(dt, ALL, A, st, vr=vr, vc=vc)
    P.regs(a0=B, a1=st)
    P.tload(dt, ALL, B, st, vr=vr, vc=vc)
    outs = [dst_buf(P, vr, 16, 16) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=[16] * 4)
    P.tstore(dt, ALL, [o[1] for o in outs], [16] * 4, src=("t", 2))
    P.check(*[o[0] for o in outs])

    # TMOV: a per-PE copy
    dt, bits, vr, vc, col = "u16", 16, 3, 6, 8
    ls = [stride_for(rng, vc, bits, 4) for _ in ALL]
    srcs = [Addr(src_buf(P, vr, ls[p], 12), 0) for p in ALL]
    P.case("TMOV t#1 -> u on PE0..PE2 (fragments differ), TSTORE u#1 per PE")
    P.regs(a0=[srcs[0], srcs[1], srcs[2], None], a1=ls)
    P.tload(dt, (0, 1, 2), srcs, ls, vr=vr, vc=vc, col=col, size=1)
    P.tmov(dt, (0, 1, 2), ("t", 1), "u", 1)
    outs = [dst_buf(P, vr, ls[3 - p], 12) for p in ALL]
    ss = [ls[3 - p] for p in ALL]
    P.regs(a0=[o[1] for o in outs[:3]] + [None], a1=ss)
    P.tstore(dt, (0, 1, 2), [o[1] for o in outs], ss, src=("u", 1))
    P.check(*[o[0] for o in outs])
    P.case("TMOV with DataType 31 (the source's) and matching B.DIM, on PE1 only")
    P.tmov(dt, (1,), ("t", 1), "n", 1, dims=(vc, vr, col), bdt=31)
    outs = [dst_buf(P, vr, 12, 12) for p in ALL]
    P.regs(a0=[None, outs[1][1], None, None], a1=[12] * 4)
    P.tstore(dt, (1,), [o[1] for o in outs], [12] * 4, src=("n", 1))
    P.check(*[o[0] for o in outs])
    P.case("TMOV with a different ValidRow: trap 5")
    P.tmov(dt, (0, 1, 2), ("t", 1), "u", 1, dims=(None, vr - 1, None), expect=5)
    P.case("TMOV into a larger SizeCode (other Rows): trap 5")
    P.tmov(dt, (0, 1, 2), ("t", 1), "u", 2, expect=5)
    P.case("TMOV on a PE the source does not live on (mask 1111): trap 5")
    P.tmov(dt, ALL, ("t", 1), "u", 1, expect=5)

    # GMOV
    dt, bits, vr, vc, col = "u16", 16, 4, 8, 8
    ls = [stride_for(rng, vc, bits, 4) for _ in ALL]
    F = [Addr(src_buf(P, vr, ls[p], 16), 0) for p in ALL]
    P.case("GMOV: PE p takes the fragment of PE (p+1)%4")
    P.regs(a0=F, a1=ls)
    P.tload(dt, ALL, F, ls, vr=vr, vc=vc, col=col, size=1)
    P.regs(a2=[1, 2, 3, 0])
    P.gmov(dt, ALL, ("t", 1), "u", 1, peers=[1, 2, 3, 0])
    ss = [16, 18, 20, 22]
    outs = [dst_buf(P, vr, ss[p], 16) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=ss)
    P.tstore(dt, ALL, [o[1] for o in outs], ss, src=("u", 1))
    P.check(*[o[0] for o in outs])
    P.case("GMOV on PE0+PE1, both from PE2 (repeats are legal)")
    P.regs(a2=[2, 2, 0, 3])
    P.gmov(dt, (0, 1), ("t", 1), "u", 1, peers=[2, 2, 0, 3])
    outs = [dst_buf(P, vr, 16, 16) for p in ALL]
    P.regs(a0=[outs[0][1], outs[1][1], None, None], a1=[16] * 4)
    P.tstore(dt, (0, 1), [o[1] for o in outs], [16] * 4, src=("u", 1))
    P.check(*[o[0] for o in outs])
    P.case("GMOV on PE0..PE2 with peers 3, 0, 1")
    P.regs(a2=[3, 0, 1, 1])
    P.gmov(dt, (0, 1, 2), ("t", 1), "m", 1, peers=[3, 0, 1, 1])
    outs = [dst_buf(P, vr, 16, 16) for p in ALL]
    P.regs(a0=[outs[0][1], outs[1][1], outs[2][1], None], a1=[16] * 4)
    P.tstore(dt, (0, 1, 2), [o[1] for o in outs], [16] * 4, src=("m", 1))
    P.check(*[o[0] for o in outs])
    P.case("GMOV without B.IOR: every peer is 0")
    P.gmov(dt, ALL, ("t", 1), "u", 1)
    outs = [dst_buf(P, vr, 16, 16) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=[16] * 4)
    P.tstore(dt, ALL, [o[1] for o in outs], [16] * 4, src=("u", 1))
    P.check(*[o[0] for o in outs])
    P.case("GMOV where unselected PE3's peer is 4: trap 5 (every PE's peer < 4)")
    P.regs(a2=[1, 0, 0, 4])
    P.gmov(dt, (0, 1), ("t", 1), "u", 1, peers=[1, 0, 0, 4], expect=5)
    P.case("GMOV with a B.DIM: trap 5")
    P.regs(a2=[1, 2, 3, 0])
    P.gmov(dt, ALL, ("t", 1), "u", 1, peers=[1, 2, 3, 0], with_dim=True, expect=5)
    P.case("GMOV into another SizeCode: trap 5")
    P.gmov(dt, ALL, ("t", 1), "u", 2, peers=[1, 2, 3, 0], expect=5)
    P.case("GMOV from a tile that lives on PE0..PE2 only: trap 5")
    P.regs(a0=F, a1=ls)
    P.tload(dt, (0, 1, 2), F, ls, vr=vr, vc=vc, col=col, size=1, hand="n")
    P.gmov(dt, (0, 1, 2), ("n", 1), "u", 1, peers=[1, 2, 3, 0], expect=5)
    P.case("GMOV of a packed tile (s4x2) on all PEs, peers 3, 2, 1, 0")
    ls4 = [rng.choice([5, 7, 9]) for _ in ALL]
    F4 = [Addr(src_buf(P, 3, ls4[p], 4), 0) for p in ALL]
    P.regs(a0=F4, a1=ls4)
    P.tload("s4x2", ALL, F4, ls4, vr=3, vc=7, col=8)
    P.regs(a2=[3, 2, 1, 0])
    P.gmov("s4x2", ALL, ("t", 1), "u", 1, peers=[3, 2, 1, 0])
    ss4 = [6, 9, 4, 11]
    outs = [dst_buf(P, 3, ss4[p], 4) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=ss4)
    P.tstore("s4x2", ALL, [o[1] for o in outs], ss4, src=("u", 1))
    P.check(*[o[0] for o in outs])
    P.case("GMOV of a 64-bit type (fp64): trap 5 (the ASL's carrier/packed type rule)")
    s64 = [Addr(src_buf(P, 1, 8, 8), 0) for p in ALL]
    P.regs(a0=s64, a1=[8] * 4)
    P.tload("fp64", ALL, s64, [8] * 4, vr=1, vc=1)
    P.regs(a2=[1, 2, 3, 0])
    P.gmov("fp64", ALL, ("t", 1), "u", 1, peers=[1, 2, 3, 0], expect=5)

    P.case("pools after the moves")
    P.check_pools()

    # B.DIM forms and values
    dt = "u8"
    st = [40, 41, 42, 43]
    S = [Addr(src_buf(P, 6, st[p], 40), 0) for p in ALL]
    P.case("TLOAD with explicit LB0 = LB1 = LB2 = 0 (each counts as omitted): one element")
    P.regs(a0=S, a1=st)
    P.tload(dt, ALL, S, st, vr=1, vc=1, col=1,
            dim_lines=["b.dim zero, 0, ->lb0", "b.dim zero, 0, ->lb1", "c.b.dimi 0, ->lb2"])
    outs = [dst_buf(P, 1, 8, 8) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=[8] * 4)
    P.tstore(dt, ALL, [o[1] for o in outs], [8] * 4)
    P.check(*[o[0] for o in outs])
    P.case("B.DIM values are (GPR + uimm17) mod 2^16: LB0 = 0xffff0003 + 2 = 5, LB1 = 65536 + 3 = 3")
    P.regs(a0=S, a1=st)
    P.emit("li64 0xffff0003")
    P.emit("add x3, zero, ->a5")
    P.tload(dt, ALL, S, st, vr=3, vc=5, col=8,
            dim_lines=["b.dim a5, 2, ->lb0", "b.dim zero, 65539, ->lb1", "c.b.dimi 8, ->lb2"])
    outs = [dst_buf(P, 3, 8, 5) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=[8] * 4)
    P.tstore(dt, ALL, [o[1] for o in outs], [8] * 4)
    P.check(*[o[0] for o in outs])
    P.case("TLOAD with mask 0000 is a strict no-op: nothing allocated, t#1 unchanged")
    P.regs(a0=[absolute(POISON)] * 4, a1=[0] * 4)
    P.tload(dt, (), [absolute(POISON)] * 4, [0] * 4, vr=3, vc=5, col=8)
    P.check_pools()
    outs = [dst_buf(P, 3, 8, 5) for p in ALL]
    P.regs(a0=[o[1] for o in outs], a1=[8] * 4)
    P.tstore(dt, ALL, [o[1] for o in outs], [8] * 4)
    P.check(*[o[0] for o in outs])

    # 64 KiB tiles: u16 128x200 of Col 256 on every PE, strides 410 / 402
    dt, vr, vc, col = "u16", 128, 200, 256
    ls, ss = [410, 412, 414, 416], [402, 404, 406, 408]
    P.case("64 KiB TLOAD u16 128x200 on all PEs (memory filled by the program)")
    F = [Addr(P.ext_buf(0x1000000 + 0x10000 * p, 127 * ls[p] + 400 + 8, 11 + p), 0)
         for p in ALL]
    D = [P.ext_buf(0x1100000 + 0x10000 * p, 127 * ss[p] + 400 + 16, 23 + p) for p in ALL]
    P.regs(a0=F, a1=ls)
    P.tload(dt, ALL, F, ls, vr=vr, vc=vc, col=col, size=10)
    P.regs(a0=[Addr(d, 8) for d in D], a1=ss)
    P.tstore(dt, ALL, [Addr(d, 8) for d in D], ss)
    for d in D:
        P.check_hash(d)
    P.case("GMOV of the 64 KiB tile, peers (p+3)%4, then TSTORE")
    D = [P.ext_buf(0x1200000 + 0x10000 * p, 127 * ss[p] + 400 + 16, 31 + p) for p in ALL]
    P.regs(a2=[3, 0, 1, 2])
    P.gmov(dt, ALL, ("t", 1), "n", 10, peers=[3, 0, 1, 2])
    P.regs(a0=[Addr(d, 8) for d in D], a1=ss)
    P.tstore(dt, ALL, [Addr(d, 8) for d in D], ss, src=("n", 1))
    for d in D:
        P.check_hash(d)
    P.check_pools()

    # faults: every probe first, no effect
    dt, vr, vc = "u32", 2, 4
    P.case("TLOAD with PE2's base misaligned: trap 34 at that element, nothing allocated")
    good = [Addr(src_buf(P, 2, 16, 16), 0) for p in ALL]
    bad = list(good)
    bad[2] = good[2] + 2
    P.regs(a0=bad, a1=[16] * 4)
    P.tload(dt, ALL, bad, [16] * 4, vr=vr, vc=vc, expect=34)
    P.check_pools()
    P.case("TLOAD on PE0+PE1 with PE1 at POISON: trap 35 at POISON")
    P.regs(a0=[good[0], absolute(POISON), None, None], a1=[16] * 4)
    P.tload(dt, (0, 1), [good[0], absolute(POISON), None, None], [16] * 4, vr=vr, vc=vc,
            expect=35)
    P.check_pools()
    P.case("TLOAD u32 from POISON + 2: alignment is checked first (trap 34)")
    P.regs(a0=[absolute(POISON + 2), None, None, None], a1=[16] * 4)
    P.tload(dt, (0,), [absolute(POISON + 2), None, None, None], [16] * 4, vr=vr, vc=vc,
            expect=34)
    P.case("TLOAD with PE1 and PE2 faulting: PE1's element is reported (PE0..PE3 order)")
    b = [good[0], absolute(POISON + 0x100), absolute(POISON), good[3]]
    P.regs(a0=b, a1=[16] * 4)
    P.tload(dt, ALL, b, [16] * 4, vr=vr, vc=vc, expect=35)
    P.check_pools()
    P.case("TSTORE with PE0's row 1 and PE1's row 0 past RAM: PE0's row 1 is reported")
    P.regs(a0=good, a1=[16] * 4)
    P.tload(dt, ALL, good, [16] * 4, vr=vr, vc=vc)
    b = [absolute(RAM_END - 16), absolute(RAM_END + 0x40), good[2], good[3]]
    P.regs(a0=b, a1=[16, 0, 16, 16])
    P.tstore(dt, ALL, b, [16, 0, 16, 16], expect=35)
    P.case("TSTORE on all PEs with PE3's second row past RAM: trap 35, nothing stored")
    P.regs(a0=good, a1=[16] * 4)
    P.tload(dt, ALL, good, [16] * 4, vr=vr, vc=vc)
    outs = [dst_buf(P, vr, 16, 16) for p in ALL]
    bases = [o[1] for o in outs[:3]] + [absolute(RAM_END - 16)]
    P.regs(a0=bases, a1=[16] * 4)
    P.tstore(dt, ALL, bases, [16] * 4, expect=35)
    P.check(*[o[0] for o in outs[:3]])
    P.case("the same TSTORE in RAM then stores on every PE")
    bases[3] = outs[3][1]
    P.regs(a0=bases, a1=[16] * 4)
    P.tstore(dt, ALL, bases, [16] * 4)
    P.check(*[o[0] for o in outs])
    P.case("TSTORE whose BSTART type is not the source's (u16 for a u32 tile): trap 5")
    P.tstore("u16", ALL, bases, [16] * 4, expect=5)
    P.case("TLOAD with VR > Rows (u32, 128 B, Col 8: 4 rows; VR 5): trap 5")
    P.regs(a0=good, a1=[0] * 4)
    P.tload(dt, ALL, good, [0] * 4, vr=5, vc=8, size=1, expect=5)
    P.case("TLOAD with Col not a power of two (6): trap 5")
    P.tload(dt, ALL, good, [0] * 4, vr=1, vc=6, col=6, size=1, expect=5)
    P.case("TLOAD with VC > Col: trap 5")
    P.tload(dt, ALL, good, [0] * 4, vr=1, vc=8, col=4, size=1, expect=5)
    P.case("pools after the faults")
    P.check_pools()
    P.write(outdir, """
SPDX-License-Identifier: GPL-2.0-or-later
TLSU per-PE behaviour: every PE has its own fragment and reads B.IOR from its
own GPR bank (PE1..PE3 set through the tile-core window; unselected PEs get
POISON bases).  TLOAD/TSTORE (Local) with the PEMode masks, TMOV (a per-PE
copy), GMOV (PE p takes PE peer_p's fragment), the queue's #2, the per-PE
pool counters, and faults that leave no effect.
""")


def gen_shared(outdir, seed):
    P = Prog("tlsu-shared.s", seed)
    rng = P.rng

    def sources(vr, strides, rb, pes=ALL):
        return [Addr(src_buf(P, vr, strides[p], rb), 0) if p in pes else None for p in ALL]

    def dests(vr, strides, rb, pes=ALL):
        outs = [dst_buf(P, vr, strides[p], rb) if p in pes else (None, None) for p in ALL]
        return [o[0] for o in outs if o[0]], [o[1] for o in outs]

    # S20: u32, 512 B, Col 8 -> Rows 16; quarter q = rows 4q..4q+3
    dt, vr, vc, col = "u32", 16, 8, 8
    ls = [36, 40, 32, 44]
    srcs = sources(vr, ls, 32)
    P.case("Shared TLOAD u32 S20 (512 B, 16x8) on all PEs: PE q loads rows 4q..4q+3")
    P.regs(a0=srcs, a1=ls)
    P.shared_tload(dt, ALL, 20, 3, srcs, ls, vr, vc, col)
    P.check_pools()
    P.case("TSTORE (fn 1) of S20: PE q stores its quarter at absolute rows")
    ss = [40, 32, 36, 48]
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 20, outs, ss)
    P.check(*bufs)
    P.case("TSTORE.SPART of S20 on PE0+PE1")
    bufs, outs = dests(vr, ss, 32, (0, 1))
    P.regs(a0=outs, a1=[ss[p] if p < 2 else None for p in ALL])
    P.shared_tstore(dt, (0, 1), 20, outs, ss, spart=True)
    P.check(*bufs)
    P.case("TSTORE.SPART of a 10x5 sub-rectangle of S20 on PE0..PE2")
    bufs, outs = dests(vr, ss, 32, (0, 1, 2))
    P.regs(a0=outs, a1=[ss[p] if p < 3 else None for p in ALL])
    P.shared_tstore(dt, (0, 1, 2), 20, outs, ss, spart=True, vr=10, vc=5)
    P.check(*bufs)
    P.case("TSTORE (fn 1) needs mask 1111: mask 1100 is trap 5")
    P.shared_tstore(dt, (0, 1), 20, outs, ss, expect=5)
    P.case("TSTORE.SPART of S20 with another type (s32): trap 5")
    P.shared_tstore("s32", (0, 1), 20, outs, ss, spart=True, expect=5)
    P.case("TSTORE (fn 1) of S20 with PE3's base at POISON: trap 35 at PE3's row 12, nothing stored")
    bufs, outs = dests(vr, ss, 32)
    outs[3] = absolute(POISON)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 20, outs, ss, expect=35)
    P.check(*bufs)
    P.case("TMOV.S2L.BROADCAST of S20: a Shared TLOAD on all PEs publishes it")
    P.s2l(dt, ALL, 20, "u", 3, broadcast=True)
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.tstore(dt, ALL, outs, ss, src=("u", 1))
    P.check(*bufs)
    P.case("TMOV.L2S.INSERT into the published S20 on PE1 keeps it published")
    ls2 = [44, 36, 40, 32]
    H = sources(vr, ls2, 32)
    P.regs(a0=H, a1=ls2)
    P.tload(dt, ALL, H, ls2, vr=vr, vc=vc, col=col, size=3)
    P.l2s(dt, (1,), ("t", 1), 20, 3, publish=False)
    P.s2l(dt, ALL, 20, "u", 3, broadcast=True)
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.tstore(dt, ALL, outs, ss, src=("u", 1))
    P.check(*bufs)
    P.case("TSTORE.SPART of S20 on PE3 only")
    bufs, outs = dests(vr, ss, 32, (3,))
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, (3,), 20, outs, ss, spart=True)
    P.check(*bufs)
    P.case("TMOV.S2L.EXTRACT of S40, never written: legal, allocates no Shared register")
    P.s2l("u8", ALL, 40, "m", 1, broadcast=False, dims=(16, 8, None))
    P.check_pools()
    P.case("TMOV.S2L.BROADCAST of S40, never written: trap 5")
    P.s2l("u8", ALL, 40, "m", 1, broadcast=True, dims=(16, 8, None), expect=5)
    P.check_pools()

    # S21: u16 ColumnMajor (ND2DN), 256 B, Col 16 -> Rows 8; quarter q = columns 4q..4q+3
    dt, vr, vc, col = "u16", 8, 16, 16
    ls = [34, 40, 32, 36]
    srcs = sources(vr, ls, 32)
    P.case("Shared TLOAD u16 S21 with layout 1 (DN): PE q loads columns 4q..4q+3")
    P.regs(a0=srcs, a1=ls)
    P.shared_tload(dt, ALL, 21, 2, srcs, ls, vr, vc, col, layout=1)
    P.case("TSTORE (fn 1, layout 1) of S21")
    ss = [32, 36, 40, 34]
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 21, outs, ss, layout=1)
    P.check(*bufs)
    P.case("TSTORE of S21 without the DN layout: trap 5")
    P.shared_tstore(dt, ALL, 21, outs, ss, expect=5)

    # S22: u8, 128 B, LB2 absent -> Col = VC = 64, Rows 2: quarters split rows
    dt, vr, vc = "u8", 2, 64
    ls = [67, 64, 72, 65]
    srcs = sources(vr, ls, 64)
    P.case("Shared TLOAD u8 S22 (128 B, Col = VC = 64 by decision 9, Rows 2): half rows")
    P.regs(a0=srcs, a1=ls)
    P.shared_tload(dt, ALL, 22, 1, srcs, ls, vr, vc)
    P.case("TSTORE (fn 1) of S22")
    ss = [70, 64, 66, 75]
    bufs, outs = dests(vr, ss, 64)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 22, outs, ss)
    P.check(*bufs)

    # S23: u32 512 B Col 8, VR 10, VC 6, allocated on PE0..PE2
    dt, vr, vc, col = "u32", 10, 6, 8
    ls = [28, 24, 32, 40]
    srcs = sources(vr, ls, 24, (0, 1, 2))
    P.case("Shared TLOAD u32 S23 10x6 of 16x8 on PE0..PE2")
    P.regs(a0=srcs, a1=[ls[p] if p < 3 else None for p in ALL])
    P.shared_tload(dt, (0, 1, 2), 23, 3, srcs, ls, vr, vc, col)
    P.case("TSTORE (fn 1) of S23: quarter 3 holds no valid element")
    ss = [24, 28, 36, 32]
    bufs, outs = dests(vr, ss, 24)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 23, outs, ss)
    P.check(*bufs)
    P.case("Shared TLOAD into S23 on PE3, outside its allocation mask: trap 5")
    P.regs(a0=[None, None, None, srcs[0]], a1=[None, None, None, ls[0]])
    P.shared_tload(dt, (3,), 23, 3, [None, None, None, srcs[0]], [0, 0, 0, ls[0]], vr, vc,
                   col, expect=5)
    P.case("Shared TLOAD into S23 with another shape (VR 9): trap 5")
    P.regs(a0=[None, srcs[1], None, None], a1=[None, ls[1], None, None])
    P.shared_tload(dt, (1,), 23, 3, [None, srcs[1], None, None], ls, 9, vc, col, expect=5)
    P.case("a second Shared TLOAD into S23 on PE1 replaces quarter 1; SPART on PE1")
    new1 = Addr(src_buf(P, vr, 28, 24), 0)
    P.regs(a0=[None, new1, None, None], a1=[None, 28, None, None])
    P.shared_tload(dt, (1,), 23, 3, [None, new1, None, None], [0, 28, 0, 0], vr, vc, col)
    bufs, outs = dests(vr, ss, 24, (1,))
    P.regs(a0=outs, a1=[None, ss[1], None, None])
    P.shared_tstore(dt, (1,), 23, outs, ss, spart=True)
    P.check(*bufs)
    P.case("a data fault in a Shared TLOAD (PE2 at POISON): trap 35, S23 unchanged")
    P.regs(a0=[srcs[0], srcs[1], absolute(POISON), None], a1=[ls[0], ls[1], 0, None])
    P.shared_tload(dt, (0, 1, 2), 23, 3, [srcs[0], srcs[1], absolute(POISON), None],
                   [ls[0], ls[1], 0, 0], vr, vc, col, expect=35)
    bufs, outs = dests(vr, ss, 24)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 23, outs, ss)
    P.check(*bufs)

    # S24: u4x2 128 B Col 32 -> Rows 8, VC 31
    dt, vr, vc, col = "u4x2", 8, 31, 32
    ls = [17, 19, 16, 21]
    srcs = sources(vr, ls, 16)
    P.case("Shared TLOAD u4x2 S24 (128 B, 8x31 of 8x32), odd strides")
    P.regs(a0=srcs, a1=ls)
    P.shared_tload(dt, ALL, 24, 1, srcs, ls, vr, vc, col)
    P.case("TSTORE (fn 1) of S24: the last high nibble of every row is kept")
    ss = [16, 23, 17, 19]
    bufs, outs = dests(vr, ss, 16)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 24, outs, ss)
    P.check(*bufs)

    # S25: u8 ZN 1 KiB Col 64 Rows 16: quarter = 16-column group
    dt, vr, vc, col = "u8", 16, 64, 64
    ls = [64, 72, 80, 66]
    srcs = sources(vr, ls, 64)
    P.case("Shared TLOAD u8 S25 with layout 3 (ZN, 16x64): quarter q = columns 16q..16q+15")
    P.regs(a0=srcs, a1=ls)
    P.shared_tload(dt, ALL, 25, 4, srcs, ls, vr, vc, col, layout=3)
    P.case("TSTORE (fn 1, layout 3) of S25")
    ss = [64, 68, 72, 76]
    bufs, outs = dests(vr, ss, 64)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 25, outs, ss, layout=3)
    P.check(*bufs)
    P.check_pools()

    # L2S / S2L with u16 256 B 8x16 (quarter q = rows 2q, 2q+1)
    dt, vr, vc, col = "u16", 8, 16, 16
    ls = [34, 32, 38, 36]
    Fs = sources(vr, ls, 32)
    P.case("TMOV.L2S.INSERT of a Local tile with four different fragments into S30")
    P.regs(a0=Fs, a1=ls)
    P.tload(dt, ALL, Fs, ls, vr=vr, vc=vc, col=col, size=2)
    P.l2s(dt, ALL, ("t", 1), 30, 2, publish=False)
    P.case("TMOV.S2L.BROADCAST of S30 before it is published: trap 5")
    P.s2l(dt, ALL, 30, "u", 2, broadcast=True, expect=5)
    P.case("TMOV.L2S.PUBLISH of another tile into S30 on PE0+PE1")
    Gs = sources(vr, ls, 32, (0, 1))
    P.regs(a0=Gs, a1=[ls[0], ls[1], None, None])
    P.tload(dt, (0, 1), Gs, ls, vr=vr, vc=vc, col=col, size=2)
    P.l2s(dt, (0, 1), ("t", 1), 30, 2, publish=True)
    P.case("TMOV.S2L.BROADCAST of S30: every PE gets the whole register")
    P.s2l(dt, ALL, 30, "u", 2, broadcast=True)
    ss = [32, 40, 36, 34]
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.tstore(dt, ALL, outs, ss, src=("u", 1))
    P.check(*bufs)
    P.case("TMOV.S2L.EXTRACT of S30 on all PEs: PE q gets quarter q")
    P.s2l(dt, ALL, 30, "u", 2, broadcast=False)
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.tstore(dt, ALL, outs, ss, src=("u", 1))
    P.check(*bufs)
    P.case("TSTORE (fn 1) of S30")
    bufs, outs = dests(vr, ss, 32)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 30, outs, ss)
    P.check(*bufs)
    P.case("TMOV.S2L.EXTRACT on PE1 only: the tile is not contents-defined, TSTORE is trap 5")
    P.s2l(dt, (1,), 30, "m", 2, broadcast=False)
    P.regs(a0=[None, outs[1], None, None], a1=ss)
    P.tstore(dt, (1,), outs, ss, src=("m", 1), expect=5)
    P.case("TMOV.S2L.BROADCAST into another SizeCode: trap 5")
    P.s2l(dt, ALL, 30, "u", 3, broadcast=True, expect=5)
    P.case("TMOV.L2S.INSERT of a tile of another SizeCode into S30: trap 5")
    P.regs(a0=Fs, a1=ls)
    P.tload(dt, ALL, Fs, ls, vr=vr, vc=vc, col=col, size=3)
    P.l2s(dt, ALL, ("t", 1), 30, 3, publish=False, expect=5)
    P.case("TMOV.L2S.PUBLISH into S31 on PE0+PE1; BROADCAST needs allocation 1111: trap 5")
    P.regs(a0=Gs, a1=[ls[0], ls[1], None, None])
    P.tload(dt, (0, 1), Gs, ls, vr=vr, vc=vc, col=col, size=2)
    P.l2s(dt, (0, 1), ("t", 1), 31, 2, publish=True)
    P.s2l(dt, ALL, 31, "u", 2, broadcast=True, expect=5)
    P.case("TSTORE.SPART of S31 on PE0+PE1")
    bufs, outs = dests(vr, ss, 32, (0, 1))
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, (0, 1), 31, outs, ss, spart=True)
    P.check(*bufs)

    # L2S with NZ: u8 1 KiB Col 64 Rows 16 (quarter q: column block q//2, row half q%2)
    dt, vr, vc, col = "u8", 16, 64, 64
    ls = [64, 70, 66, 72]
    Fs = sources(vr, ls, 64)
    P.case("TMOV.L2S.PUBLISH of an NZ tile (layout 4) into S63")
    P.regs(a0=Fs, a1=ls)
    P.tload(dt, ALL, Fs, ls, vr=vr, vc=vc, col=col, size=4, layout=4)
    P.l2s(dt, ALL, ("t", 1), 63, 4, publish=True, layout=4)
    P.case("TSTORE (fn 1, layout 4) of S63: quarters of the NZ storage order")
    ss = [64, 66, 68, 70]
    bufs, outs = dests(vr, ss, 64)
    P.regs(a0=outs, a1=ss)
    P.shared_tstore(dt, ALL, 63, outs, ss, layout=4)
    P.check(*bufs)
    P.case("TMOV.S2L.BROADCAST (layout 4) of S63, TSTORE from each PE")
    P.s2l(dt, ALL, 63, "n", 4, broadcast=True, layout=4)
    bufs, outs = dests(vr, ss, 64)
    P.regs(a0=outs, a1=ss)
    P.tstore(dt, ALL, outs, ss, src=("n", 1))
    P.check(*bufs)
    P.check_pools()

    # TPREFETCH
    good = [Addr(P.new_buf(256, "pf"), 0) for p in ALL]
    P.case("TPREFETCH u16 on all PEs: no effect")
    P.regs(a0=good, a1=[8, 9, 10, 11])
    P.tprefetch("u16", good, [8, 9, 10, 11], vr=4, vc=8)
    P.check_pools()
    P.case("TPREFETCH u32, PE2 and PE3 past RAM: trap 35 at PE2's first element")
    b = [good[0], good[1], absolute(RAM_END + 0x100), absolute(RAM_END)]
    P.regs(a0=b, a1=[4] * 4)
    P.tprefetch("u32", b, [4] * 4, vr=2, vc=4, expect=35)
    P.case("TPREFETCH u32, stride in elements: PE1's row 1 is RAM_END")
    b = [good[0], absolute(RAM_END - 64), good[2], good[3]]
    P.regs(a0=b, a1=[4, 16, 4, 4])
    P.tprefetch("u32", b, [4, 16, 4, 4], vr=2, vc=2, expect=35)
    P.case("TPREFETCH u4x2, odd element stride: the first nibble past RAM")
    b = [absolute(RAM_END - 5), good[1], good[2], good[3]]
    P.regs(a0=b, a1=[7, 8, 8, 8])
    P.tprefetch("u4x2", b, [7, 8, 8, 8], vr=2, vc=8, expect=35)
    P.case("TPREFETCH u32 with PE3's base misaligned: trap 34")
    b = [good[0], good[1], good[2], good[3] + 2]
    P.regs(a0=b, a1=[4] * 4)
    P.tprefetch("u32", b, [4] * 4, vr=2, vc=4, expect=34)
    P.case("TPREFETCH fp64: trap 5 (the ASL's carrier/packed type rule)")
    P.regs(a0=good, a1=[4] * 4)
    P.tprefetch("fp64", good, [4] * 4, vr=2, vc=4, expect=5)
    P.case("pools at the end")
    P.check_pools()
    P.write(outdir, """
SPDX-License-Identifier: GPL-2.0-or-later
TLSU Shared forms: Shared TLOAD (PE q loads quarter q from its own base, at
absolute rows/columns; quarters follow the storage order of the layout:
rows, columns (DN), half rows (Rows < 4), 16-column groups (ZN), NZ blocks),
TSTORE (fn 1, mask 1111) and TSTORE.SPART, the allocation mask and shape of
a live register, TMOV.L2S.INSERT/PUBLISH from four different fragments,
TMOV.S2L.BROADCAST (a whole copy on every PE) and EXTRACT (PE q gets quarter
q), and TPREFETCH (no effect; faults in PE then row-major order).
""")


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    wide = [n for _, n, b in DTYPES if b >= 16]
    narrow = [n for _, n, b in DTYPES if b <= 8]
    gen_dtypes(outdir, "tlsu-dtypes-wide.s", wide, 0x7115A)
    gen_dtypes(outdir, "tlsu-dtypes-narrow.s", narrow, 0x7115B)
    gen_layouts(outdir, 0x7115C)
    gen_pes(outdir, 0x7115D)
    gen_shared(outdir, 0x7115E)


if __name__ == "__main__":
    main()
