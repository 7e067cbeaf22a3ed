#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Writes tests/guest/fsu/ieee.s, pto-v0.s and fexp-modes.s.

Expected results come from an independent model: exact rational arithmetic
(fractions.Fraction) rounded to the destination format here, cross-checked
against Python's own binary64 floats and struct's binary32 packing; for
FEXP in each rounding mode, the mpmath model of
tests/guest/tile/gen-sfu-elem.py (correct rounding, no input skipped).  It
never runs the emulator.  Run: python3 tests/guest/fsu/gen-fsu.py
"""
import math
import os
import random
import struct
import sys
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
M64 = (1 << 64) - 1

# ---- formats: (ebits, mbits) ----
FP64, FP32, FP16, BF16 = (11, 52), (8, 23), (5, 10), (8, 7)
QNAN = {FP64: 0x7FF8000000000000, FP32: 0x7FC00000, FP16: 0x7E00, BF16: 0x7FC0}


def d2b(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def f2b(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def decode(bits, fmt):
    """bits -> Fraction, or 'inf', '-inf', 'nan'."""
    e, m = fmt
    sign = bits >> (e + m) & 1
    ex = bits >> m & ((1 << e) - 1)
    fr = bits & ((1 << m) - 1)
    bias = (1 << (e - 1)) - 1
    if ex == (1 << e) - 1:
        return 'nan' if fr else ('-inf' if sign else 'inf')
    if ex == 0:
        v = F(fr, 1 << m) * F(2) ** (1 - bias)
    else:
        v = (1 + F(fr, 1 << m)) * F(2) ** (ex - bias)
    return (-v if sign else v), sign


def round_to(x, fmt, mode='rne', neg_zero=False):
    """Round an exact Fraction x into format fmt; returns the encoding."""
    e, m = fmt
    bias = (1 << (e - 1)) - 1
    sign = 1 if (x < 0 or (x == 0 and neg_zero)) else 0
    a = abs(x)
    if a == 0:
        return sign << (e + m)
    emin = 1 - bias
    ex = math.floor(math.log2(a.numerator) - math.log2(a.denominator))
    while F(2) ** ex > a:
        ex -= 1
    while F(2) ** (ex + 1) <= a:
        ex += 1
    q_exp = max(ex, emin) - m
    unit = F(2) ** q_exp
    n = a / unit
    lo = math.floor(n)
    rem = n - lo
    if mode == 'rne':
        up = rem > F(1, 2) or (rem == F(1, 2) and lo % 2 == 1)
    elif mode == 'rna':
        up = rem >= F(1, 2)
    elif mode == 'rtz':
        up = False
    elif mode == 'rtp':
        up = rem != 0 and not sign
    elif mode == 'rtm':
        up = rem != 0 and sign
    q = lo + up
    if q == 1 << (m + 1):
        q >>= 1
        q_exp += 1
    emax = (1 << e) - 2 - bias
    if q >= 1 << m:
        er = q_exp + m
        if er > emax:
            to_inf = mode in ('rne', 'rna') or (mode == 'rtp' and not sign) \
                or (mode == 'rtm' and sign)
            if to_inf:
                return (sign << (e + m)) | (((1 << e) - 1) << m)
            return (sign << (e + m)) | ((emax + bias) << m) | ((1 << m) - 1)
        return (sign << (e + m)) | ((er + bias) << m) | (q - (1 << m))
    return (sign << (e + m)) | q


def val(bits, fmt):
    r = decode(bits, fmt)
    return r if isinstance(r, str) else r[0]


def is_nan(b, fmt):
    return decode(b, fmt) == 'nan'


def is_zero(b, fmt):
    e, m = fmt
    return b & ((1 << (e + m)) - 1) == 0


def sgn(b, fmt):
    return b >> sum(fmt) & 1


def fp_binary(op, a, b, fmt):
    """IEEE add/sub/mul/div, RNE, canonical NaN."""
    va, vb = decode(a, fmt), decode(b, fmt)
    if va == 'nan' or vb == 'nan':
        return QNAN[fmt]
    inf = lambda v: isinstance(v, str)
    sa, sb = sgn(a, fmt), sgn(b, fmt)
    E, M = fmt
    infbits = lambda s: (s << (E + M)) | (((1 << E) - 1) << M)
    xa = None if inf(va) else va[0]
    xb = None if inf(vb) else vb[0]
    if op == 'sub':
        b ^= 1 << (E + M)
        sb ^= 1
        op = 'add'
        xb = None if xb is None else -xb
    if op == 'add':
        if xa is None and xb is None:
            return infbits(sa) if sa == sb else QNAN[fmt]
        if xa is None:
            return infbits(sa)
        if xb is None:
            return infbits(sb)
        s = xa + xb
        if s == 0:
            return round_to(s, fmt, neg_zero=(sa and sb))
        return round_to(s, fmt)
    if op == 'mul':
        s = sa ^ sb
        if xa is None or xb is None:
            other = xb if xa is None else xa
            if other is not None and other == 0:
                return QNAN[fmt]
            return infbits(s)
        return round_to(xa * xb, fmt, neg_zero=bool(s))
    if op == 'div':
        s = sa ^ sb
        if xa is None and xb is None:
            return QNAN[fmt]
        if xa is None:
            return infbits(s)
        if xb is None:
            return s << (E + M)
        if xb == 0:
            return QNAN[fmt] if xa == 0 else infbits(s)
        return round_to(xa / xb, fmt, neg_zero=bool(s))
    raise ValueError(op)


def fp_fma(a, b, c, fmt, negc=False, negr=False):
    """round(+-(a*b +- c)) once."""
    E, M = fmt
    sbit = 1 << (E + M)
    if negc:
        c ^= sbit
    vals = [decode(x, fmt) for x in (a, b, c)]
    if 'nan' in vals:
        return QNAN[fmt]
    assert not any(isinstance(v, str) for v in vals), "no inf cases here"
    p = vals[0][0] * vals[1][0]
    s = p + vals[2][0]
    psign = sgn(a, fmt) ^ sgn(b, fmt)
    if s == 0:
        nz = bool(psign and sgn(c, fmt)) if (p == 0 and vals[2][0] == 0) else False
        r = round_to(s, fmt, neg_zero=nz)
    else:
        r = round_to(s, fmt)
    if negr:
        r ^= sbit
    return r


def fp_sqrt(a, fmt):
    v = decode(a, fmt)
    if v == 'nan' or v == '-inf':
        return QNAN[fmt]
    if v == 'inf':
        return a
    x, s = v
    if x == 0:
        return a
    if x < 0:
        return QNAN[fmt]
    # exact rounding: binary search the encoding whose value brackets sqrt
    lo, hi = 0, ((1 << fmt[0]) - 1) << fmt[1]
    while lo < hi:      # smallest encoding b with val(b)^2 >= x
        mid = (lo + hi) // 2
        if val(mid, fmt) ** 2 >= x:
            hi = mid
        else:
            lo = mid + 1
    b = lo
    if val(b, fmt) ** 2 == x:
        return b
    below, above = val(b - 1, fmt), val(b, fmt)
    mid = (below + above) / 2
    return b if mid * mid < x else b - 1   # ties impossible for sqrt


# ---------------------------------------------------------------------------

class Out:
    def __init__(self, title):
        self.lines = [
            '; SPDX-License-Identifier: GPL-2.0-or-later',
            '; Generated by gen-fsu.py: ' + title,
            '; Expected bit patterns come from the generator\'s exact model.',
        ]
        self.body = []
        self.n = 0

    def case(self, comment, setup, insn, dst, expect):
        self.n += 1
        self.body.append('    case %d                          ; %s' % (self.n, comment))
        for reg, v in setup:
            self.body.append('    li64 0x%x' % (v & M64))
            self.body.append('    or zero, x3, ->%s' % reg)
        self.body.append('    ' + insn)
        self.body.append('    check_eq %s, 0x%x' % (dst, expect & M64))

    def text(self, header=()):
        return '\n'.join(self.lines + list(header) + [
            '    .include "../testlib.inc"', '    .text', '    .globl _start',
            '_start:'] + self.body + ['    test_end', ''])


def t(st):
    return 'srctype=%d' % st


def ieee():
    o = Out('every FSU form under the default ieee numeric profile')
    D = d2b
    # ---- FP64 binary ----
    b64 = [
        ('add', 1.0, 2.0), ('add', 0.1, 0.2), ('add', 1.0, 2.0 ** -53),
        ('add', 1.0, 2.0 ** -53 + 2.0 ** -105), ('add', 0.0, -0.0),
        ('add', -0.0, -0.0), ('add', 1.5, -1.5), ('add', math.inf, -math.inf),
        ('add', 1.7976931348623157e308, 1.7976931348623157e308),
        ('add', 5e-324, 5e-324), ('sub', 1.0, 3.0), ('sub', -0.0, 0.0),
        ('sub', math.inf, math.inf), ('mul', 3.0, -7.0), ('mul', 0.0, math.inf),
        ('mul', -0.0, 5.0), ('mul', 2.0 ** -1000, 2.0 ** -74),
        ('mul', 2.0 ** -1000, 2.0 ** -100), ('mul', 1e300, 1e10),
        ('div', 1.0, 3.0), ('div', -1.0, 0.0), ('div', 0.0, 0.0),
        ('div', 1.0, math.inf), ('div', -2.0, math.inf), ('div', 10.0, 4.0),
    ]
    for op, x, y in b64:
        r = fp_binary(op, D(x), D(y), FP64)
        if not math.isnan(getattr(math, 'nan')):
            pass
        # cross-check with the host binary64 arithmetic where Python agrees
        try:
            pyv = {'add': x + y, 'sub': x - y, 'mul': x * y, 'div': x / y}[op]
            if not math.isnan(pyv):
                assert D(pyv) == r, (op, x, y)
        except (ZeroDivisionError, OverflowError):
            pass
        o.case('f%s.d %r, %r' % (op, x, y), [('a0', D(x)), ('a1', D(y))],
               'f%s a0, a1, ->a2, %s' % (op, t(0)), 'a2', r)
    # NaN operands: canonical output, sNaN included
    for op in ('add', 'sub', 'mul', 'div'):
        o.case('f%s.d with sNaN -> canonical qNaN' % op,
               [('a0', 0x7FF0000000000001), ('a1', D(1.0))],
               'f%s a0, a1, ->a2, %s' % (op, t(0)), 'a2', QNAN[FP64])
    o.case('fadd.d qNaN with payload -> canonical', [('a0', D(1.0)), ('a1', 0xFFF8000000001234)],
           'fadd a0, a1, ->a2, srctype=0', 'a2', QNAN[FP64])
    # ---- FP32 binary (upper source bits ignored, result zero-extended) ----
    F32 = f2b
    b32 = [('add', 1.0, 2.0), ('add', 0.1, 0.2), ('sub', 1.0, 1.0),
           ('mul', 3.4e38, 10.0), ('mul', 1e-30, 1e-15), ('div', 1.0, 3.0),
           ('div', 1.0, 0.0), ('div', 0.0, 0.0), ('mul', -0.0, 2.0),
           ('add', 2.0 ** -149, 2.0 ** -149)]
    for op, x, y in b32:
        bx, by = F32(x), F32(y)
        r = fp_binary(op, bx, by, FP32)
        o.case('f%s.s %r, %r' % (op, x, y),
               [('a0', 0xDEADBEEF00000000 | bx), ('a1', 0x1234567800000000 | by)],
               'f%s a0, a1, ->a2, %s' % (op, t(1)), 'a2', r)
    o.case('fadd.s sNaN -> canonical 0x7fc00000', [('a0', 0x7F800001), ('a1', F32(1.0))],
           'fadd a0, a1, ->a2, srctype=1', 'a2', QNAN[FP32])
    # ---- min / max ----
    mm = [
        (0, D(1.0), D(2.0)), (0, D(-0.0), D(0.0)), (0, D(0.0), D(-0.0)),
        (0, D(-0.0), D(-0.0)), (0, 0x7FF8000000000000, D(3.0)),
        (0, D(3.0), 0x7FF0000000000001), (0, 0x7FF8000000000000, 0x7FF0000000000002),
        (0, D(-math.inf), D(-1e308)), (0, D(-2.0), D(-3.0)),
        (1, F32(-1.0), F32(1.0)), (1, F32(-0.0), F32(0.0)), (1, 0x7FC00000, F32(5.0)),
    ]
    for st, x, y in mm:
        fmt = FP32 if st else FP64
        for op in ('min', 'max'):
            xn, yn = is_nan(x, fmt), is_nan(y, fmt)
            if xn and yn:
                r = QNAN[fmt]
            elif xn:
                r = y
            elif yn:
                r = x
            elif is_zero(x, fmt) and is_zero(y, fmt):
                neg = (sgn(x, fmt) and sgn(y, fmt)) if op == 'max' else (sgn(x, fmt) or sgn(y, fmt))
                r = (1 << sum(fmt)) if neg else 0
            else:
                vx, vy = val(x, fmt), val(y, fmt)
                fx = float('inf') if vx == 'inf' else float('-inf') if vx == '-inf' else vx
                fy = float('inf') if vy == 'inf' else float('-inf') if vy == '-inf' else vy
                r = (x if fx < fy else y) if op == 'min' else (y if fx < fy else x)
            o.case('f%s %s 0x%x 0x%x' % (op, 'sd'[st == 0], x, y),
                   [('a0', x), ('a1', y)], 'f%s a0, a1, ->a2, %s' % (op, t(st)), 'a2', r)
    # ---- compares ----
    cmpv = [(0, D(1.0), D(2.0)), (0, D(2.0), D(1.0)), (0, D(1.0), D(1.0)),
            (0, D(0.0), D(-0.0)), (0, D(-math.inf), D(-1.0)),
            (0, 0x7FF8000000000000, D(1.0)), (0, D(1.0), 0x7FF0000000000001),
            (1, F32(-1.0), F32(-2.0)), (1, 0x7FC00000, 0x7FC00000), (1, F32(0.0), F32(-0.0))]
    for st, x, y in cmpv:
        fmt = FP32 if st else FP64
        nan = is_nan(x, fmt) or is_nan(y, fmt)
        if not nan:
            vx, vy = val(x, fmt), val(y, fmt)
            vx = float(vx) if not isinstance(vx, str) else float(vx)
            vy = float(vy) if not isinstance(vy, str) else float(vy)
        for op in ('eq', 'ne', 'lt', 'ge'):
            if nan:
                r = 1 if op == 'ne' else 0
            else:
                r = int({'eq': vx == vy, 'ne': vx != vy, 'lt': vx < vy, 'ge': vx >= vy}[op])
            for s in ('', 's'):
                o.case('f%s%s 0x%x 0x%x' % (op, s, x, y), [('a0', x), ('a1', y)],
                       'f%s%s a0, a1, ->a2, %s' % (op, s, t(st)), 'a2', r)
    # ---- unary ----
    o.case('fabs.d -2.5', [('a0', D(-2.5))], 'fabs a0, ->a1, srctype=0', 'a1', D(2.5))
    o.case('fabs.d keeps NaN payload', [('a0', 0xFFF0000000000001)], 'fabs a0, ->a1, srctype=0',
           'a1', 0x7FF0000000000001)
    o.case('fabs.s ignores upper bits', [('a0', 0xFFFFFFFF80000000 | F32(-3.0))],
           'fabs a0, ->a1, srctype=1', 'a1', F32(3.0))
    for x in (2.0, 4.0, 0.5, 1e-310, -0.0, math.inf):
        r = fp_sqrt(D(x), FP64)
        assert math.isnan(x) or D(math.sqrt(x)) == r
        o.case('fsqrt.d %r' % x, [('a0', D(x))], 'fsqrt a0, ->a1, srctype=0', 'a1', r)
    o.case('fsqrt.d -1 -> qNaN', [('a0', D(-1.0))], 'fsqrt a0, ->a1, srctype=0', 'a1', QNAN[FP64])
    for x in (2.0, 9.0, 2.0 ** -140):
        r = fp_sqrt(F32(x), FP32)
        o.case('fsqrt.s %r' % x, [('a0', F32(x))], 'fsqrt a0, ->a1, srctype=1', 'a1', r)
    for x in (3.0, 4.0, -0.0, 0.0, math.inf, 2.0 ** -1030):
        r = fp_binary('div', D(1.0), D(x), FP64)
        o.case('frecip.d %r' % x, [('a0', D(x))], 'frecip a0, ->a1, srctype=0', 'a1', r)
    o.case('frecip.s 3', [('a0', F32(3.0))], 'frecip a0, ->a1, srctype=1', 'a1',
           fp_binary('div', F32(1.0), F32(3.0), FP32))
    # FEXP: exactly specified values, and e (correctly rounded, well known)
    for x, r in ((0.0, D(1.0)), (-0.0, D(1.0)), (math.inf, D(math.inf)), (-math.inf, 0),
                 (1.0, 0x4005BF0A8B145769), (1000.0, D(math.inf)), (-1000.0, 0)):
        o.case('fexp.d %r' % x, [('a0', D(x))], 'fexp a0, ->a1, srctype=0', 'a1', r)
    o.case('fexp.d NaN', [('a0', 0x7FF4000000000000)], 'fexp a0, ->a1, srctype=0', 'a1', QNAN[FP64])
    o.case('fexp.s 1 = 0x402df854', [('a0', F32(1.0))], 'fexp a0, ->a1, srctype=1', 'a1', 0x402DF854)
    o.case('fexp.s 0', [('a0', F32(0.0))], 'fexp a0, ->a1, srctype=1', 'a1', F32(1.0))
    # ---- fused: single rounding ----
    fz = [
        (D(1.0 + 2.0 ** -30), D(1.0 - 2.0 ** -30), D(-1.0)),  # exact -2^-60
        (D(0.1), D(10.0), D(-1.0)),
        (D(2.0), D(3.0), D(1.0)),
        (D(1.0), D(-0.0), D(0.0)), (D(-1.0), D(0.0), D(-0.0)),
    ]
    for name, negc, negr in (('fmadd', 0, 0), ('fmsub', 1, 0), ('fnmadd', 0, 1), ('fnmsub', 1, 1)):
        for x, y, z in fz:
            r = fp_fma(x, y, z, FP64, negc, negr)
            o.case('%s.d' % name, [('a0', x), ('a1', y), ('a2', z)],
                   '%s a0, a1, a2, ->a3, srctype=0' % name, 'a3', r)
        x, y, z = F32(1.0 + 2.0 ** -12), F32(1.0 - 2.0 ** -12), F32(-1.0)
        o.case('%s.s' % name, [('a0', x), ('a1', y), ('a2', z)],
               '%s a0, a1, a2, ->a3, srctype=1' % name, 'a3', fp_fma(x, y, z, FP32, negc, negr))
    o.case('fmadd.d inf*0+1 -> qNaN', [('a0', D(math.inf)), ('a1', 0), ('a2', D(1.0))],
           'fmadd a0, a1, a2, ->a3, srctype=0', 'a3', QNAN[FP64])
    # ---- FCVT between floating carriers ----
    cv = [(0, D(1.0 / 3.0), 1, FP32), (0, D(1e40), 1, FP32), (0, D(1e-50), 1, FP32),
          (0, D(-0.0), 1, FP32), (1, F32(0.1), 0, FP64), (0, D(65520.0), 4, FP16),
          (0, D(65504.0), 4, FP16), (0, D(2.0 ** -24), 4, FP16), (0, D(2.0 ** -25), 4, FP16),
          (0, D(1.0 + 2.0 ** -8), 5, BF16), (0, D(1.0 + 3 * 2.0 ** -9), 5, BF16),
          (1, F32(-1.5), 4, FP16)]
    for st, x, dt, fmt in cv:
        sf = FP32 if st else FP64
        r = round_to(val(x, sf), fmt, neg_zero=bool(sgn(x, sf)))
        o.case('fcvt %s -> type %d' % (hex(x), dt), [('a0', x)],
               'fcvt a0, ->a1, dsttype=%d, %s' % (dt, t(st)), 'a1', r)
    o.case('fcvt.d2s inf', [('a0', D(math.inf))], 'fcvt a0, ->a1, dsttype=1, srctype=0', 'a1', 0x7F800000)
    o.case('fcvt.d2h sNaN -> 0x7e00', [('a0', 0x7FF0000000000001)],
           'fcvt a0, ->a1, dsttype=4, srctype=0', 'a1', 0x7E00)
    o.case('fcvt.d2d sNaN -> canonical', [('a0', 0xFFF0000000000001)],
           'fcvt a0, ->a1, dsttype=0, srctype=0', 'a1', QNAN[FP64])
    # TF32 (19-bit s:e8:m10), HF32 (binary32 layout, 11 fraction bits)
    x = D(1.0 + 2.0 ** -11 + 2.0 ** -30)           # rounds up at 10 bits
    o.case('fcvt -> TF32', [('a0', x)], 'fcvt a0, ->a1, dsttype=2, srctype=0', 'a1',
           (127 << 10) | 1)
    o.case('fcvt -> HF32', [('a0', x)], 'fcvt a0, ->a1, dsttype=3, srctype=0', 'a1',
           f2b(1.0 + 2.0 ** -11))
    o.case('fcvt NaN -> TF32 canonical', [('a0', 0x7FC00000)], 'fcvt a0, ->a1, dsttype=2, srctype=1',
           'a1', 0x3FE00)
    # E5M2 (bias 15), E4M3 (bias 7, no infinity, max 448)
    o.case('fcvt 1.375 -> E5M2 ties-to-even 1.5', [('a0', D(1.375))],
           'fcvt a0, ->a1, dsttype=8, srctype=0', 'a1', (15 << 2) | 2)
    o.case('fcvt 448 -> E4M3 0x7e', [('a0', D(448.0))], 'fcvt a0, ->a1, dsttype=7, srctype=0', 'a1', 0x7E)
    o.case('fcvt 1000 -> E4M3 NaN', [('a0', D(1000.0))], 'fcvt a0, ->a1, dsttype=7, srctype=0', 'a1', 0x7F)
    o.case('fcvt -inf -> E5M2', [('a0', D(-math.inf))], 'fcvt a0, ->a1, dsttype=8, srctype=0', 'a1', 0xFC)
    o.case('fcvt 2^-9 -> E4M3 min subnormal', [('a0', D(2.0 ** -9))],
           'fcvt a0, ->a1, dsttype=7, srctype=0', 'a1', 0x01)
    # ---- FP -> integer, fixed rounding ----
    modes = {'fcvta': 'rna', 'fcvtm': 'rtm', 'fcvtn': 'rne', 'fcvtp': 'rtp', 'fcvtz': 'rtz'}
    def to_int(x, mode):
        fl = math.floor(x)
        r = x - fl
        return {'rna': int(math.copysign(math.floor(abs(x) + 0.5), x)),
                'rtm': fl, 'rtp': math.ceil(x), 'rtz': math.trunc(x),
                'rne': round(x)}[mode]
    widths = {0: (64, False), 1: (32, False), 3: (8, False), 6: (1, False),
              8: (64, True), 9: (32, True), 11: (8, True), 14: (1, True)}
    def expect_int(x, mode, dt):
        w, s = widths[dt]
        if math.isnan(x) or math.isinf(x):
            n = None
        else:
            n = to_int(x, mode)
            lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if s else (0, (1 << w) - 1)
            if not lo <= n <= hi:
                n = None
        if n is None:
            n = -(1 << (w - 1)) if s else (1 << w) - 1
        return n & M64
    vals = [2.5, -2.5, 3.5, -0.5, 1.7, -1.7, 255.5, 1e20, -1.0, math.nan, math.inf]
    for name, mode in modes.items():
        for x in vals:
            for dt in (9, 1, 11, 3):
                o.case('%s %r -> int %d' % (name, x, dt), [('a0', D(x))],
                       '%s a0, ->a1, dsttype=%d, srctype=0' % (name, dt), 'a1', expect_int(x, mode, dt))
    for x, dt in ((9.2e18, 8), (-9.3e18, 8), (1.8e19, 0), (-0.0, 0), (1.0, 14), (-1.0, 14),
                  (1.0, 6), (2.0, 6)):
        o.case('fcvtz %r -> int %d' % (x, dt), [('a0', D(x))],
               'fcvtz a0, ->a1, dsttype=%d, srctype=0' % dt, 'a1', expect_int(x, 'rtz', dt))
    o.case('fcvtz.s -7.9 -> s32', [('a0', F32(-7.9))], 'fcvtz a0, ->a1, dsttype=9, srctype=1',
           'a1', (-7) & M64)
    # ---- integer -> FP (active mode RNE) ----
    ints = [(0, 8, (1 << 53) + 1, FP64), (0, 8, -3, FP64), (1, 9, 0xFFFFFFFF, FP64),
            (0, 0, M64, FP64), (0, 8, M64, FP64), (1, 1, 0xFFFFFFFF, FP32),
            (0, 8, 16777217, FP32), (0, 8, 65536, FP16), (0, 8, 0, FP32)]
    for st, code, v, fmt in ints:
        signed = code >= 8
        src = v & M64
        if st == 1:
            src32 = src & 0xFFFFFFFF
            n = src32 - (1 << 32) if signed and src32 >> 31 else src32
        else:
            n = src - (1 << 64) if signed and src >> 63 else src
        dt = {FP64: 0, FP32: 1, FP16: 4}[fmt]
        name = 'scvtf' if signed else 'ucvtf'
        o.case('%s %d -> type %d' % (name, n, dt), [('a0', src | (0xABCD000000000000 if st else 0))],
               '%s a0, ->a1, dsttype=%d, %s' % (name, dt, t(st)), 'a1', round_to(F(n), fmt))
    o.case('scvtf -1 -> E4M3', [('a0', M64)], 'scvtf a0, ->a1, dsttype=7, srctype=0', 'a1', 0xB8)
    # ---- Reg5 queues: destination push and source alias ----
    o.case('fadd ->t then t#1 source', [('a0', D(1.0))],
           'fadd a0, a0, ->t, srctype=0\n    fadd t#1, a0, ->a1, srctype=0', 'a1', D(3.0))
    o.case('destination aliases a source', [('a0', D(2.0)), ('a1', D(0.5))],
           'fmul a0, a1, ->a0, srctype=0', 'a0', D(1.0))
    return o


def ptov0():
    o = Out('the pto-v0 reference profile: raw-carrier arithmetic')
    hdr = ['; qemu-args: -global pto-core-tile-cpu.numeric-profile=pto-v0']
    D = d2b
    cases = [
        ('fadd', 0, 5, 7, 12), ('fsub', 0, 5, 7, (5 - 7) & M64),
        ('fmul', 0, 0x100000001, 0x100000001, (0x100000001 * 0x100000001) & M64),
        ('fdiv', 0, 100, 7, 14), ('fdiv', 0, 100, 0, M64),
        ('fdiv', 0, 100, 0x8000000000000000, M64),       # -0 is a zero carrier
        ('fadd', 1, 0xFFFFFFFF, 2, 1),                   # wraps in 32 bits
        ('fadd', 1, 0x5_00000001, 0x7_00000002, 3),      # upper bits dropped
        ('fdiv', 1, 9, 0x80000000, 0xFFFFFFFF),
        ('fadd', 0, D(1.0), D(2.0), (D(1.0) + D(2.0)) & M64),
    ]
    for name, st, a, b, r in cases:
        o.case('%s raw %s' % (name, t(st)), [('a0', a), ('a1', b)],
               '%s a0, a1, ->a2, %s' % (name, t(st)), 'a2', r)
    o.case('fsqrt is identity', [('a0', 12345)], 'fsqrt a0, ->a1, srctype=0', 'a1', 12345)
    o.case('fexp is value + 1', [('a0', M64)], 'fexp a0, ->a1, srctype=0', 'a1', 0)
    o.case('fexp.s wraps in 32 bits', [('a0', 0xFFFFFFFF)], 'fexp a0, ->a1, srctype=1', 'a1', 0)
    o.case('frecip = ones / value', [('a0', 16)], 'frecip a0, ->a1, srctype=0', 'a1', M64 // 16)
    o.case('frecip of zero = ones', [('a0', 0)], 'frecip a0, ->a1, srctype=0', 'a1', M64)
    o.case('frecip.s', [('a0', 0x10)], 'frecip a0, ->a1, srctype=1', 'a1', (M64 // 16) & 0xFFFFFFFF)
    for name, f in (('fmadd', lambda p, c: p + c), ('fmsub', lambda p, c: p - c),
                    ('fnmadd', lambda p, c: -(p + c)), ('fnmsub', lambda p, c: -(p - c))):
        o.case('%s raw' % name, [('a0', 6), ('a1', 7), ('a2', 100)],
               '%s a0, a1, a2, ->a3, srctype=0' % name, 'a3', f(42, 100) & M64)
    # portable rules, the same in both profiles
    o.case('fmin portable', [('a0', D(-1.0)), ('a1', D(2.0))], 'fmin a0, a1, ->a2, srctype=0', 'a2', D(-1.0))
    o.case('fmax portable', [('a0', D(-1.0)), ('a1', D(2.0))], 'fmax a0, a1, ->a2, srctype=0', 'a2', D(2.0))
    o.case('fabs portable', [('a0', D(-1.0))], 'fabs a0, ->a1, srctype=0', 'a1', D(1.0))
    o.case('flt portable', [('a0', D(-1.0)), ('a1', D(2.0))], 'flt a0, a1, ->a2, srctype=0', 'a2', 1)
    o.case('fne with NaN is false (ASL)', [('a0', QNAN[FP64]), ('a1', D(2.0))],
           'fne a0, a1, ->a2, srctype=0', 'a2', 0)
    # conversions keep the normalized source bits, truncated to the carrier
    conv = [('fcvt', 0, 1, 0x123456789, 0x23456789), ('fcvt', 0, 2, 0xFFFFFFFF, 0x7FFFF),
            ('fcvt', 0, 14, 0xFFFF, 0x1FF), ('fcvt', 1, 0, 0xAAAA_BBBB_CCCC_DDDD, 0xCCCCDDDD),
            ('fcvtz', 0, 9, 0x80000000, 0xFFFFFFFF80000000), ('fcvtn', 0, 2, 0x12345, 0x2345),
            ('fcvta', 0, 12, 0xF8, 0xFFFFFFFFFFFFFFF8), ('fcvtm', 0, 7, 3, 1), ('fcvtp', 0, 8, M64, M64),
            ('scvtf', 1, 0, 0x80000000, 0x80000000 | 0xFFFFFFFF00000000),
            ('scvtf', 1, 1, 0x80000000, 0x80000000), ('ucvtf', 1, 0, 0xFFFF_FFFF_8000_0000, 0x80000000),
            ('ucvtf', 0, 6, 0x1FF, 0xFF)]
    for name, st, dt, v, r in conv:
        o.case('%s raw type %d' % (name, dt), [('a0', v)],
               '%s a0, ->a1, dsttype=%d, %s' % (name, dt, t(st)), 'a1', r)
    return o, hdr


def fexp_modes():
    """FEXP.D and FEXP.S in the four CORE_STATE rounding modes: special,
    boundary and seeded random inputs; the result and the flags of each."""
    sys.path.insert(0, os.path.join(HERE, '..', 'tile'))
    from genmod import load
    S = load('gen-sfu-elem')
    rng = random.Random(0xFE4B)
    o = Out('FEXP in every rounding mode, correctly rounded (mpmath model)')
    # CORE_STATE[39:37] -> the B.DATR RMode numbering of the model
    modes = [(0, 1, 'rne'), (1, 3, 'rtm'), (2, 4, 'rtp'), (3, 2, 'rtz')]
    inputs = {'fp64': [0, 1 << 63, 0x7FF0000000000000, 0xFFF0000000000000,
                       0x7FF4000000000000, 0x7FF8000000000000, 1, 0x8000000000000001,
                       d2b(1.0), d2b(-1.0), d2b(709.78), d2b(709.79), d2b(-745.1),
                       d2b(-708.4), d2b(2.0 ** -60), d2b(-2.0 ** -60), d2b(2.0 ** -81),
                       d2b(-2.0 ** -81), d2b(0.6931471805599453)],
              'fp32': [0, 1 << 31, 0x7F800000, 0xFF800000, 0x7FA00000, 1,
                       f2b(1.0), f2b(-1.0), f2b(88.72), f2b(88.73), f2b(-103.9),
                       f2b(-87.3), f2b(2.0 ** -30), f2b(-2.0 ** -30), f2b(0.6931472)]}
    for t in inputs:
        for _ in range(12):     # 232 cases in all: the case numbers stay below 256
            x = rng.uniform(-50, 50) if rng.random() < 0.7 else rng.uniform(-800, 800)
            inputs[t].append(d2b(x) if t == 'fp64' else f2b(x))
    st = {'fp64': 0, 'fp32': 1}
    for field, mode, name in modes:
        o.body.append('    li64 0x%x' % (field << 37))
        o.body.append('    or zero, x3, ->s5')
        for t, raws in inputs.items():
            for raw in raws:
                want, flags = S.unary(t, 'exp', raw, False, mode)
                o.case('fexp %s %s 0x%x' % (name, t, raw), [('a0', raw)],
                       'fexp a0, ->a1, srctype=%d' % st[t], 'a1', want)
                # the flags of this FEXP alone: CORE_STATE was written (flags
                # cleared, the mode set) before it
                o.body[-4:-4] = ['    bstart.sys fall', '    ssrset s5, SR_CORE_STATE',
                                 '    bstop']
                o.body += ['    bstart.sys fall', '    ssrget SR_CORE_STATE, ->a5', '    bstop',
                           '    check_eq a5, 0x%x' % (field << 37 | flags << 32)]
    return o


def main():
    open(os.path.join(HERE, 'fexp-modes.s'), 'w').write(fexp_modes().text())
    o = ieee()
    open(os.path.join(HERE, 'ieee.s'), 'w').write(o.text())
    o, hdr = ptov0()
    open(os.path.join(HERE, 'pto-v0.s'), 'w').write(o.text(hdr))


if __name__ == '__main__':
    main()
