#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking SFU elementwise programs tests/guest/tile/sfu-gen-elem*.s.

Every expected value comes from the model below, written from the SFU
rules of PTO ISA 0.58.3 (the spec's asl/tile/model/execution/elementwise.asl
and unary.asl; the special-value table of TileSFUUnarySpecialValue) and the
project's documented choices (docs/tile-engine.md,
docs/implementation-defined.md entries 44 to 47) -- never from running the
emulator:

  - Integer TDIV truncates toward zero and wraps (MIN / -1 = MIN); TREM is
    the floor modulo (a nonzero result has the divisor's sign).  A zero
    integer divisor in a valid element, or a zero scalar, is rejected.
  - Floating TDIV and TSQRT are the exact quotient / root rounded once to
    nearest even; TREM is the exact floor modulo x - floor(x / y) * y
    rounded once, a zero result taking the divisor's sign; TRECIP is 1 / x.
  - TEXP, TLOG, TRECIP, TSQRT, TRSQRT of finite non-special inputs: the
    correctly rounded value (docs/implementation-defined.md entry 44), from
    mpmath at a precision raised until no rounding boundary of the format
    lies within the evaluation's error (an exact root or reciprocal is
    recognised by exact rational arithmetic); nothing is skipped.  The same
    model serves tests/unit/elem-func-test.py in every rounding mode.
  - Special inputs follow the spec's table (NaN, +-0, +-inf, negative
    inputs, LOG(1) = +0); E4M3 has no infinity and gets its NaN.
  - pto-v0 (vec-gen style profile programs): DIV / REM of the raw carriers
    as unsigned integers (a zero divisor gives all ones, DIV raising DZ;
    ScalarFPCarrierIsZero with the Tile type's code makes the -0 of every
    type but FP32 and FP64 a nonzero divisor),
    EXP = raw + 1, LOG / SQRT / RSQRT = raw, RECIP = (2^64 - 1) / raw,
    after the same special-value table.

Usage: gen-sfu-elem.py [OUTDIR]   (default: the directory of this script)
"""

import os
import random
import sys
from fractions import Fraction as Fr

import mpmath

HERE = os.path.dirname(os.path.abspath(__file__))


sys.path.insert(0, HERE)
from genmod import load as _load       # noqa: E402


V = _load("gen-vec")
T, C = V.T, V.C
ALL, MASKS, BITS = V.ALL, V.MASKS, V.BITS
NV, DZ, OF, UF, NX = V.NV, V.DZ, V.OF, V.UF, V.NX
FE8 = V.FLOAT_TYPES
low, sext, is_signed, is_float = V.low, V.sext, V.is_signed, V.is_float


# ---- integer division -------------------------------------------------------

def i_div(t, op, l, r):
    w = BITS[t]
    a = sext(l, w) if is_signed(t) else low(l, w)
    b = sext(r, w) if is_signed(t) else low(r, w)
    q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)       # toward zero
    if op == "div":
        return low(q, w)
    m = a - q * b
    if m and (m < 0) != (b < 0):
        m += b
    return low(m, w)


# ---- floating ---------------------------------------------------------------

def sgn(t, raw):
    return 1 if raw & V.sign_bit(t) else 0


def zero(t, s):
    return V.sign_bit(t) if s else 0


def inf(t, s):
    if t == "e4m3":
        return V.canon(t)
    eb, mb, lz, _ = V.FMT[t]
    return (((1 << eb) - 1) << mb << lz) | zero(t, s)


def kind(t, raw):
    """'nan', 'inf', 'zero' or 'fin'"""
    if V.is_nan(t, raw):
        return "nan"
    v = V.value(t, raw)
    if v[0] == "i":
        return "inf"
    return "zero" if v[1] == 0 else "fin"


def f_div(t, l, r):
    kl, kr = kind(t, l), kind(t, r)
    s = sgn(t, l) ^ sgn(t, r)
    if "nan" in (kl, kr):
        return V.nan_case(t, l, r)
    if (kl, kr) in (("inf", "inf"), ("zero", "zero")):
        return V.canon(t), NV
    if kl == "inf":
        return inf(t, s), 0
    if kr == "zero":
        return inf(t, s), DZ
    if kr == "inf" or kl == "zero":
        return zero(t, s), 0
    return V.encode_float(t, C.fin(V.value(t, l)[1] / V.value(t, r)[1]))


def f_rem(t, l, r):
    kl, kr = kind(t, l), kind(t, r)
    if "nan" in (kl, kr):
        return V.nan_case(t, l, r)
    if kl == "inf" or kr == "zero":
        return V.canon(t), NV
    if kl == "zero":
        return zero(t, sgn(t, r)), 0
    if kr == "inf":
        return (l if sgn(t, l) == sgn(t, r) else r), 0
    x, y = V.value(t, l)[1], V.value(t, r)[1]
    m = x - (x / y).__floor__() * y
    if m == 0:
        return zero(t, sgn(t, r)), 0
    return V.encode_float(t, C.fin(m))


def one(t):
    return V.encode_float(t, C.fin(1))[0]


def special(t, op, raw):
    """the spec's table: (raw, flags) or None"""
    k = kind(t, raw)
    s = sgn(t, raw)
    if k == "nan":
        return V.canon(t), NV if V.is_snan(t, raw) else 0
    if k == "zero":
        return {"exp": (one(t), 0), "log": (inf(t, 1), DZ), "recip": (inf(t, s), DZ),
                "sqrt": (raw, 0), "rsqrt": (inf(t, s), DZ)}[op]
    if k == "inf":
        if not s:
            return (0, 0) if op in ("recip", "rsqrt") else (raw, 0)
        return {"exp": (0, 0), "recip": (zero(t, 1), 0)}.get(op, (V.canon(t), NV))
    if s and op in ("log", "sqrt", "rsqrt"):
        return V.canon(t), NV
    if op == "log" and raw == one(t):
        return 0, 0
    return None


def _fraction(y):
    """an mpmath number as an exact Fraction"""
    sign, man, exp, _ = y._mpf_
    f = Fr(man) * (Fr(2) ** exp)
    return -f if sign else f


def _boundary_gap(t, y):
    """the rounding boundaries of t around |y| (a nonzero Fraction) are the
    multiples of half the quantum of its binade: -> half quantum"""
    eb, mb, _, _ = V.FMT[t]
    emin = 2 - (1 << (eb - 1))
    a = abs(y)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fr(2) ** e > a:
        e -= 1
    return Fr(2) ** (max(e, emin) - mb - 1)


def _exact_candidate(op, x, c):
    """whether the boundary c is the exact value of op at x"""
    return {"recip": lambda: c * x == 1, "sqrt": lambda: c * c == x,
            "rsqrt": lambda: c * c * x == 1}.get(op, lambda: False)()


# How many results so far lay within 2^-8 ulp of a rounding boundary (the
# inputs an evaluation through 64 bits could not have resolved).
NEAR_BOUNDARY = [0]


def correctly_rounded(t, op, x, mode=1):
    """op (exp log recip sqrt rsqrt) of the exact nonzero finite Fraction x
    (positive but for exp) rounded into t in B.DATR RMode `mode` -> (raw, flags).
    mpmath evaluates at a precision P that doubles until the boundaries of
    t (multiples of half a quantum) are farther from the result than its
    error bound (2^(8-P) relative, generous for mpmath's few-ulp functions),
    so the rounding is the exact value's."""
    if op == "exp" and abs(x) > 4096:       # e^x beyond 2^5900 or below 2^-5900
        return V.encode_float(t, ("f", Fr(2) ** (20000 if x > 0 else -20000), 0), mode)
    prec = 200
    while prec <= 6400:
        with mpmath.workprec(prec):
            X = mpmath.mpf(x.numerator) / x.denominator     # exact: a power of 2
            Y = {"exp": mpmath.exp, "log": mpmath.log, "sqrt": mpmath.sqrt,
                 "recip": lambda v: 1 / v, "rsqrt": lambda v: 1 / mpmath.sqrt(v)}[op](X)
            y = _fraction(Y)
        if y == 0:
            raise AssertionError("%s(%s) evaluated to zero" % (op, x))
        half = _boundary_gap(t, y)
        err = abs(y) * Fr(2) ** (8 - prec)
        below = (abs(y) // half) * half
        nearest = below if abs(y) - below <= half / 2 else below + half
        if abs(abs(y) - nearest) > 2 * err:
            if abs(abs(y) - nearest) < half / 128:
                NEAR_BOUNDARY[0] += 1
            return V.encode_float(t, ("f", y, 0), mode)
        exact = nearest if y > 0 else -nearest
        if _exact_candidate(op, x, exact):
            return V.encode_float(t, ("f", exact, 0), mode)
        prec *= 2
    raise AssertionError("%s(%s) is not resolved at 6400 bits" % (op, x))


def unary(t, op, raw, v0=False, mode=1):
    sp = special(t, op, raw)
    if sp is not None:
        return sp
    w = BITS[t]
    if v0:
        if op == "exp":
            return low(raw + 1, w), 0
        if op == "recip":
            return low(((1 << 64) - 1) // raw, w), 0
        return raw, 0
    return correctly_rounded(t, op, V.value(t, raw)[1], mode)


def v0_zero_divisor(t, r):
    """ScalarFPCarrierIsZero(r, code) as the reference profile's DIV and REM
    call it, with the Tile type's B.DATR code: code 1 (FP32) tests bits
    31:0 for +0 / -0, every other code tests the whole 64-bit word (the
    zero-extended element) for 0 or 2^63, so only FP64 has a -0 there"""
    if t == "fp32":
        return low(r, 31) == 0
    return r in (0, 1 << 63)


def binary(t, op, l, r, v0=False):
    if not is_float(t):
        return i_div(t, op, l, r), 0
    if v0:
        if v0_zero_divisor(t, r):
            return low(-1, BITS[t]), DZ if op == "div" else 0
        return (l // r if op == "div" else l % r), 0
    return f_div(t, l, r) if op == "div" else f_rem(t, l, r)


# ---- operands ---------------------------------------------------------------

def near(rng, t, lo, hi):
    """a random finite value of t with exponent in [lo, hi], either sign"""
    eb, mb, lz, _ = V.FMT[t]
    bias = (1 << (eb - 1)) - 1
    e = max(1, min((1 << eb) - 2, bias + rng.randint(lo, hi)))
    raw = (e << mb | rng.getrandbits(mb)) << lz
    if t == "e4m3" and raw == 0x7F:
        raw = 0x7E
    return raw | (V.sign_bit(t) if rng.random() < 0.5 else 0)


def operand(rng, t, op):
    """an input of the unary op: a special value, or a finite one in the
    range where the function's result is finite"""
    x = rng.random()
    if x < 0.2:
        return rng.choice(V.specials(t))
    if op == "exp":
        return near(rng, t, -6, 3 if BITS[t] > 8 else 1)
    return near(rng, t, -8, 8) & ~(V.sign_bit(t) if x < 0.9 else 0)


def int_divisor(rng, t):
    while True:
        v = V.rand_raw(rng, t)
        if low(v, BITS[t]):
            return v


# ---- cases ------------------------------------------------------------------

def div_case(P, dt, op, pes, scalar_form):
    gen_b = (lambda: int_divisor(P.rng, dt)) if not is_float(dt) else None
    V.binary_case(P, dt, op, pes, scalar_form, gen_b=gen_b, model=binary)


def unary_case(P, dt, op, pes):
    V.unary_case(P, dt, op, pes, gen=lambda: operand(P.rng, dt, op),
                 model=lambda t, o, raw: unary(t, o, raw, P.v0))


UNARY = ["exp", "log", "recip", "sqrt", "rsqrt"]


def gen_elem(outdir, name, v0):
    P = V.VecProg(name, 0x5F01 + v0, v0)
    P.GENERATOR = "gen-sfu-elem.py"
    rng = P.rng
    for dt in V.ARITH:
        for op in ("div", "rem"):
            div_case(P, dt, op, rng.choice(MASKS), False)
            div_case(P, dt, op, rng.choice(MASKS), True)
    for dt in FE8:
        for op in UNARY:
            unary_case(P, dt, op, rng.choice(MASKS))
            if not v0:
                unary_case(P, dt, op, rng.choice(MASKS))
    if not v0:
        legal(P)
    P.case("pools: every destination charged in each PE of its mask")
    P.check_pools()
    P.write(outdir, V.header(
        ("SFU elementwise operations under the pto-v0 profile: TDIV TREM and their scalar "
         "forms on the raw carriers, TEXP TLOG TRECIP TSQRT TRSQRT placeholders after the "
         "special-value table." if v0 else
         "SFU elementwise operations: TDIV TREM TDIVS TREMS on the sixteen arithmetic "
         "types (integer truncation and floor modulo, exact floating quotients and "
         "modulos), TEXP TLOG TRECIP TSQRT TRSQRT on the eight floating types (the spec's "
         "special values, correctly rounded finite results), per-PE data and scalars, "
         "status flags, and the rejected blocks.")))


def legal(P):
    """each rejected block is trap 5 at its BSTOP and changes nothing"""
    rng = P.rng
    bad = lambda *a, **k: P.vec(*a, expect="fault", **k)
    P.case("setup: S32 4x8 A and a divisor with one zero on PE2; FP32 4x8 F")
    A = P.rand_load("s32", ALL, 4, 8, gen=lambda: int_divisor(rng, "s32"))
    zeros = [[[int_divisor(rng, "s32") for _ in range(8)] for _ in range(4)] for _ in ALL]
    zeros[2][3][5] = 0
    P.load("s32", ALL, zeros)
    P.rand_load("fp32", ALL, 4, 8, hand="u")
    for why, op, dt, srcs, kw in [
        ("TDIV S32 by a zero element", "tdiv", "s32", [("t", 2), ("t", 1)], {}),
        ("TREM S32 by a zero element", "trem", "s32", [("t", 2), ("t", 1)], {}),
        ("TDIVS S32 by a zero scalar (low 32 bits)", "tdivs", "s32", [("t", 2)],
         dict(scalars=[7, 1 << 32, 3, 5])),
        ("TEXP on S32", "texp", "s32", [("t", 2)], {}),
        ("TSQRT with B.IOR", "tsqrt", "fp32", [("u", 1)],
         dict(ior="b.ior zero, zero, zero, ->zero")),
        ("TDIV with B.DATR RMode", "tdiv", "fp32", [("u", 1), ("u", 1)],
         dict(datr=V.datr_line(rmode=1))),
        ("TLOG with LB0 7", "tlog", "fp32", [("u", 1)], dict(vc=7)),
    ]:
        P.case(why + ": rejected")
        args = dict(vc=8, vr=4)
        args.update(kw)
        bad(op, dt, ALL, srcs, 1, **args)
        P.check_pools()
    P.case("a rejected block records no status flags")
    P.check_flags()
    P.case("the operands survive: TDIV S32 A by itself")
    P.vec("tdiv", "s32", ALL, [("t", 2), ("t", 2)], 1, vc=8, vr=4,
          model=lambda p, r, c: (1, 0))
    P.store("s32", ALL)


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else HERE
    random.seed(0x5F0E)         # gen-vec's shape helpers draw from it
    gen_elem(outdir, "sfu-gen-elem.s", False)
    gen_elem(outdir, "sfu-gen-elem-v0.s", True)


if __name__ == "__main__":
    main()
