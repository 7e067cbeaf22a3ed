#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write the self-checking CUBE guest programs tests/guest/tile/cube-gen-*.s.

Every expected value comes from the model in this file, written from the
CUBE rules of PTO ISA 0.58.3 + ADR 0097 (the TMATMUL / TGEMV forms of the
spec's ASL under asl/tile/, restated in docs/tile-engine.md), the hardware
conformance profile's `data_types` and `matrix` keys
(spec/hardware-conformance-profile.json) and the CUBE transport layouts
(docs/tile-engine.md) -- never from running the emulator, and not from its
C code:

  - Inputs are decoded exactly from their format definitions (IEEE
    binary32/16, bfloat16, TF32/HF32 carriers, HiF8's dot-prefix format,
    OCP E4M3/E5M2, the FP6 E3M2/E2M3 payloads, the 4-bit E2M1/E1M2 lanes,
    E8M0 scales, two's-complement and unsigned integers) into exact
    rationals (fractions.Fraction).
  - Floating accumulation: acc starts at +0 (or C), then for k = 0..K-1
    acc = RNE_fp32(acc + a*b) with a*b exact: one rounding per term, in
    increasing k.  MX terms are (a * 2^(sa-127)) * (b * 2^(sb-127)),
    exact; a 0xFF scale makes the term NaN.  BIAS is one more RNE FP32
    addition after the dot product.  Any NaN result is 0x7FC00000; inf*0
    and inf-inf are NaN; overflow gives +-inf.  The round-to-nearest-even
    to a binary format (with gradual underflow) is written below.
  - Integer classes: sign- or zero-extended products, S32/U32 sums modulo
    2^32, bias modulo 2^32.
  - Cooperative forms (ADR 0097): Shared A holds 4M rows (TransA: 4M
    columns) and PE i uses rows [iM, (i+1)M); Shared B (TransB: N x K) is
    common; the Shared A scale is 4M x ceil(K/32) with the same slices.
  - Post-processing: RowMax / GroupMax on the raw accumulator (the TMAX
    rule: a NaN loses to a number, two NaNs give the canonical NaN, +0
    beats -0; MaxAbs clears the FP32 sign, |INT_MIN| = 0x7FFFFFFF), then
    PreQuantMode 0 / 1 (RNE to FP16) / 16 (RNE to BF16) and ReluMode 0/1
    (MatrixPostQuantBaseWithFlags in the spec's
    asl/arch/profile/matrix-postprocess.asl, ReferenceBinary16Encoding in
    asl/arch/profile/matrix-quantization.asl; docs/tile-engine.md).  Status
    flags (NV DZ OF UF NX in CORE_STATE[36:32]) come from the
    post-processing and the reductions only (docs/implementation-defined.md
    entry 30).
  - Legality (ExecuteBundleTMATMULOperation,
    asl/block/model/dispatch/cube-tmatmul.asl, and the matrix rules of
    asl/tile/model/legality/): every rejected block is trap 5 at its BSTOP (or
    at the rejected header word) and leaves the pools, the Local names,
    the Shared registers and CORE_STATE unchanged; the operands survive
    and a following legal block over them gives the model's result.

The programs (tests/guest/run-guest-tests.py writes them at test time):
  cube-gen-types.s  every code of every input type (a sample of 256 for the
                    16/32-bit ones) decoded on the B side and on the A side,
                    and the MX inputs through their scales;
  cube-gen-float.s  all 144 ordered pairs of the twelve floating types over
                    random forms, shapes, masks, layouts and B.DATR spellings;
                    the fused rounding, ties, increasing-k order, signed
                    zeros, inf / NaN by hand; cancellation; large shapes
                    (M16 / M32, N and K up to 40); TGEMV; an ACC chain;
  cube-gen-int.s    all nine signed and nine unsigned pairs, wrapping sums,
                    ReLU on S32 / U32, an ACC chain;
  cube-gen-mx.s     all 36 MX pairs (K up to 70, partial 32-blocks), tiny and
                    huge scales, 0xFF scales, the profile's vector, K = 96;
  cube-gen-v0.s     under numeric-profile=pto-v0: the raw-word products
                    (S8 / S16 sign-extended, the rest zero-extended, MX words
                    times their scale bytes) over random forms and shapes;
  cube-gen-coop.s   Shared A+B (four different A slices per PE) over every
                    Shared-capable form, masks, TransA / TransB, MX with
                    Shared scales, Shared-B-only, RowMax / GroupMax;
  cube-gen-post.s   RowMax / GroupMax / MaxAbs / RowMaxInit combinations,
                    the MAX rule on zeros and NaNs, a RowMaxOut as the next
                    RowMaxIn, F322F16 / F322BF16 with and without ReLU and
                    their rounding boundaries;
  cube-gen-flags.s  the numeric status of the post-processing and the
                    reductions, ORed over PEs, none from a rejected block;
  cube-gen-legal.s  the legality rules, each block faulting with no effect,
                    each group followed by the legal block over the same
                    operands.
Every result is stored with the CUBE / row-major TSTOREs into random bytes
(per-PE regions, gaps between rows) and compared in full; the per-PE Local
pools and the Shared pool are compared with the model every eighth case.

Usage: gen-cube.py [--soft] [--stats] [OUTDIR]  (default: this directory).
--soft writes programs that report every failing case on the UART (its
number, and for a memory difference the address, got and expected words)
and go on with the next case (for diagnosis; they still fail at the end).
--stats prints, per program, how many checked values a wrong model (one
rounding per product, decreasing k, a broadcast Shared A) would change,
and the NaN / inf / subnormal results and rounding ties met.
"""

import functools
import os
import random
import sys
from fractions import Fraction as Fr

# ---------------------------------------------------------------------------
# Data types: (name, code, bits, class) -- TileDataTypeFromEncoding
# (asl/arch/data-types/tile-data-types.asl); the class is the input class of
# the profile's `matrix` key (spec/hardware-conformance-profile.json).
TYPES = [
    ("fp64", 0, 64, "x"), ("fp32", 1, 32, "f"), ("tf32", 2, 32, "f"), ("hf32", 3, 32, "f"),
    ("fp16", 4, 16, "f"), ("bf16", 5, 16, "f"), ("hif8", 6, 8, "f"), ("e4m3", 7, 8, "f"),
    ("e5m2", 8, 8, "f"), ("e3m2", 9, 8, "f"), ("e2m3", 10, 8, "f"), ("e2m1x2", 11, 4, "f"),
    ("e1m2x2", 12, 4, "f"), ("e8m0", 13, 8, "x"), ("hif4x2", 14, 4, "x"), ("s64", 16, 64, "x"),
    ("s32", 17, 32, "x"), ("s16", 18, 16, "s"), ("s8", 19, 8, "s"), ("s4x2", 20, 4, "s"),
    ("u64", 24, 64, "x"), ("u32", 25, 32, "x"), ("u16", 26, 16, "u"), ("u8", 27, 8, "u"),
    ("u4x2", 28, 4, "u"),
]
CODE = {n: c for n, c, _, _ in TYPES}
BITS = {n: b for n, _, b, _ in TYPES}
CLASS = {n: k for n, _, _, k in TYPES}
FLOAT_IN = [n for n, _, _, k in TYPES if k == "f"]
SIGNED_IN = ["s16", "s8", "s4x2"]
UNSIGNED_IN = ["u16", "u8", "u4x2"]
MX_IN = ["fp16", "bf16", "e4m3", "e5m2", "e2m1x2", "e1m2x2"]
MX_UNSCALED = ("fp16", "bf16")
ACC_OF = {"f": "fp32", "s": "s32", "u": "u32"}
assert len(FLOAT_IN) == 12

# the twelve forms: fn -> (mnemonic, acc, bias, mx, gemv) -- fn is the BSTART
# selector (isa/command.isa); TileMatrixFunctionAssigned and its neighbours in
# asl/tile/model/legality/matrix-functions.asl
FORMS = {
    0: "tmatmul", 1: "tmatmul.bias", 2: "tmatmul.acc", 4: "tmatmulmx", 5: "tmatmulmx.bias",
    6: "tmatmulmx.acc", 16: "tgemv", 17: "tgemv.bias", 18: "tgemv.acc", 20: "tgemvmx",
    21: "tgemvmx.bias", 22: "tgemvmx.acc",
}
GROUPN = [0, 8, 16, 32, 48, 64, 80, 96, 112, 128]
NV, DZ, OF, UF, NX = 1, 2, 4, 8, 16
ALL = (0, 1, 2, 3)
MASKS = [ALL, (0,), (1,), (2,), (3,), (0, 1), (0, 1, 2)]
M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1
BITS_OF = {n: b for n, _, b, _ in TYPES}


def mask_str(pes):
    return "".join("1" if p in pes else "0" for p in ALL)


def cdiv(a, b):
    return -(-a // b)


def pow2_at_least(n):
    p = 1
    while p < n:
        p *= 2
    return p


def is_pow2(n):
    return n > 0 and n & (n - 1) == 0


def size_bytes(code):
    return 128 << (code - 1)


def code_for(nbytes):
    for k in range(1, 11):
        if size_bytes(k) >= nbytes:
            return k
    raise ValueError("%d bytes do not fit a SizeCode" % nbytes)


def p2(e):
    return Fr(1 << e) if e >= 0 else Fr(1, 1 << -e)


# ---------------------------------------------------------------------------
# Exact values: ('f', q, s) finite q with sign bit s (s matters for zeros),
# ('i', s) infinity, ('n',) NaN.
NAN = ("n",)
PZERO = ("f", Fr(0), 0)


def fin(q):
    q = Fr(q)
    return ("f", q, 1 if q < 0 else 0)


def sign_of(v):
    return v[2] if v[0] == "f" else v[1] if v[0] == "i" else 0


def is_zero(v):
    return v[0] == "f" and v[1] == 0


def dec_bin(raw, eb, mb, bias, special):
    """A sign/exponent/mantissa format; special: 'ieee' (all-ones exponent:
    inf or NaN), 'e4m3' (S.1111.111 NaN, no inf), 'none' (finite only)"""
    s = (raw >> (eb + mb)) & 1
    e = (raw >> mb) & ((1 << eb) - 1)
    m = raw & ((1 << mb) - 1)
    if special == "ieee" and e == (1 << eb) - 1:
        return ("i", s) if m == 0 else NAN
    if special == "e4m3" and e == 15 and m == 7:
        return NAN
    if e == 0:
        q = Fr(m, 1 << mb) * p2(1 - bias)
    else:
        q = (1 + Fr(m, 1 << mb)) * p2(e - bias)
    return ("f", -q if s else q, s)


def dec_hif8(raw):
    """HiF8 (profile data_types code 6): sign bit 7, a dot prefix from bit 6
    (11: D=4, 10: D=3, 01: D=2, 001: D=1, 0001: D=0, 0000: denormal), D
    exponent bits (sign Se, then D-1 magnitude bits under an implicit 1),
    then the mantissa.  0x00 zero, 0x80 NaN, 0x6F / 0xEF +-inf."""
    if raw == 0x80:
        return NAN
    if raw in (0x6F, 0xEF):
        return ("i", raw >> 7)
    s = raw >> 7
    b = raw & 0x7F
    if b >> 5 == 3:
        d, mb = 4, 1
    elif b >> 5 == 2:
        d, mb = 3, 2
    elif b >> 5 == 1:
        d, mb = 2, 3
    elif b >> 4 == 1:
        d, mb = 1, 3
    elif b >> 3 == 1:
        d, mb = 0, 3
    else:
        m = b & 7                       # denormal: 2^(M-23); M = 0 is zero
        q = p2(m - 23) if m else Fr(0)
        return ("f", -q if s else q, s)
    field = b & ((1 << (d + mb)) - 1)
    em, m = field >> mb, field & ((1 << mb) - 1)
    if d == 0:
        e = 0
    else:
        mag = (1 << (d - 1)) | (em & ((1 << (d - 1)) - 1))
        e = -mag if em >> (d - 1) else mag
    q = p2(e) * (1 + Fr(m, 1 << mb))
    return ("f", -q if s else q, s)


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


FLOAT_DEC = {
    "fp32": lambda r: dec_bin(r, 8, 23, 127, "ieee"),
    "tf32": lambda r: dec_bin(r, 8, 23, 127, "ieee"),      # FP32 carrier, low 13 bits 0
    "hf32": lambda r: dec_bin(r, 8, 23, 127, "ieee"),      # FP32 carrier, low 12 bits 0
    "fp16": lambda r: dec_bin(r, 5, 10, 15, "ieee"),
    "bf16": lambda r: dec_bin(r, 8, 7, 127, "ieee"),
    "hif8": dec_hif8,
    "e4m3": lambda r: dec_bin(r, 4, 3, 7, "e4m3"),
    "e5m2": lambda r: dec_bin(r, 5, 2, 15, "ieee"),
    "e3m2": lambda r: dec_bin(r & 0x3F, 3, 2, 3, "none"),
    "e2m3": lambda r: dec_bin(r & 0x3F, 2, 3, 1, "none"),
    "e2m1x2": lambda r: dec_bin(r & 0xF, 2, 1, 1, "none"),
    "e1m2x2": lambda r: dec_bin(r & 0xF, 1, 2, 1, "none"),
}


def _self_check_decoders():
    """the decoders against the profile's tables and stated extremes"""
    e2m1 = [0, .5, 1, 1.5, 2, 3, 4, 6]
    e1m2 = [0, .25, .5, .75, 1, 1.25, 1.5, 1.75]
    for i in range(16):
        sg = -1 if i & 8 else 1
        assert FLOAT_DEC["e2m1x2"](i)[1] == sg * Fr(e2m1[i & 7]).limit_denominator()
        assert FLOAT_DEC["e1m2x2"](i)[1] == sg * Fr(e1m2[i & 7]).limit_denominator()
    assert FLOAT_DEC["e3m2"](0x1F)[1] == 28 and FLOAT_DEC["e3m2"](1)[1] == Fr(1, 16)
    assert FLOAT_DEC["e2m3"](0x1F)[1] == Fr(15, 2) and FLOAT_DEC["e2m3"](1)[1] == Fr(1, 8)
    assert FLOAT_DEC["e4m3"](0x7E)[1] == 448 and FLOAT_DEC["e4m3"](1)[1] == Fr(1, 512)
    assert FLOAT_DEC["e4m3"](0x38)[1] == 1 and FLOAT_DEC["e5m2"](0x3C)[1] == 1
    assert FLOAT_DEC["e5m2"](0x7B)[1] == 57344 and FLOAT_DEC["e5m2"](0x7C) == ("i", 0)
    assert dec_hif8(0x6E)[1] == 32768 and dec_hif8(0x01)[1] == p2(-22)
    assert dec_hif8(0x07)[1] == p2(-16) and dec_hif8(0x08)[1] == 1
    assert dec_hif8(0x7F)[1] == p2(-15) * Fr(3, 2)
    # 1.5 is HiF8 0x0C (the f32-hif8-exact vector of
    # spec/evidence/pto-isa-0583-hardware-numeric-vectors.json):
    # D=0 prefix 0001, M=4
    assert dec_hif8(0x0C)[1] == Fr(3, 2)
    vals = sorted(dec_hif8(r)[1] for r in range(256) if dec_hif8(r)[0] == "f")
    assert len(set(vals)) == 253            # 256 - NaN - 2 inf, one zero
    assert FLOAT_DEC["bf16"](0x3F80)[1] == 1 and FLOAT_DEC["fp16"](0x3C00)[1] == 1
    assert FLOAT_DEC["fp16"](1)[1] == p2(-24)


@functools.lru_cache(maxsize=1 << 20)
def decode(t, raw):
    if CLASS[t] == "f":
        return FLOAT_DEC[t](raw)
    if CLASS[t] == "s":
        return sext(raw, BITS[t])
    return raw & ((1 << BITS[t]) - 1)


# ---------------------------------------------------------------------------
# Rounding an exact value to a binary format, RNE, gradual underflow.
FMT = {"fp32": (8, 23, 0x7FC00000), "fp16": (5, 10, 0x7E00), "bf16": (8, 7, 0x7FC0)}


def encode(v, fmt, tiny_before=False):
    """-> (raw, flags).  NaN -> the canonical NaN; overflow -> +-inf (OF|NX)."""
    return round_to(v, fmt, tiny_before)[:2]


TIES = {}                               # rounding ties met (--stats)


def round_to(v, fmt, tiny_before=False):
    """RNE to FMT -> (raw, flags, the rounded value).  UF: tininess after
    rounding (the profile), or before it (tiny_before: the post-processing's
    ReferenceBinary16Encoding, asl/arch/profile/matrix-quantization.asl: a
    subnormal that rounds up to the minimum normal still flags UF)"""
    eb, mb, qnan = FMT[fmt]
    bias = (1 << (eb - 1)) - 1
    top = 1 << (eb + mb)
    if v[0] == "n":
        return qnan, 0, NAN
    if v[0] == "i":
        return (top if v[1] else 0) | (((1 << eb) - 1) << mb), 0, v
    q, s = v[1], v[2]
    n, d = q.numerator, q.denominator
    if n == 0:
        return top if s else 0, 0, v
    s = 1 if n < 0 else 0
    n = -n if s else n
    emin = 1 - bias
    flags = 0
    if d & (d - 1) == 0:                # a dyadic value: n * 2^-j (the fast path)
        j = d.bit_length() - 1
        e = n.bit_length() - 1 - j

        def rne(quantum_exp):
            k = j + quantum_exp
            if k <= 0:
                return n << -k, False
            m, r = n >> k, n & ((1 << k) - 1)
            half = 1 << (k - 1)
            if r == half:
                TIES[fmt] = TIES.get(fmt, 0) + 1
            if r > half or (r == half and m & 1):
                m += 1
            return m, r != 0
    else:
        e = n.bit_length() - d.bit_length()
        if (n << max(0, -e)) < (d << max(0, e)):
            e -= 1                      # now 2^e <= a < 2^(e+1)

        def rne(quantum_exp):
            return rne_div(n, d, quantum_exp)

    sh = max(e, emin) - mb
    m, inexact = rne(sh)
    if inexact:
        flags |= NX
        # tininess after rounding: the value rounded to mb+1 bits with an
        # unbounded exponent lies below 2^emin
        mu, _ = rne(e - mb)
        if e < emin and (tiny_before or mu * p2(e - mb) < p2(emin)):
            flags |= UF
    if m >> (mb + 1):
        m >>= 1
        sh += 1
    if m == 0:
        return (top if s else 0), flags, ("f", Fr(0), s)
    if m >> mb:
        biased = sh + mb + bias
        frac = m - (1 << mb)
    else:
        biased, frac = 0, m
    if biased >= (1 << eb) - 1:
        return (top if s else 0) | (((1 << eb) - 1) << mb), OF | NX, ("i", s)
    val = Fr(m << sh) if sh >= 0 else Fr(m, 1 << -sh)
    return (top if s else 0) | (biased << mb) | frac, flags, ("f", -val if s else val, s)


def rne_div(n, d, quantum_exp):
    """n/d / 2^quantum_exp rounded to an integer, ties to even; -> (m, inexact)"""
    if quantum_exp >= 0:
        num, den = n, d << quantum_exp
    else:
        num, den = n << -quantum_exp, d
    m, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and m & 1):
        m += 1
    return m, r != 0


def r32(v):
    """round to FP32: the accumulator after one operation"""
    return round_to(v, "fp32")[2]


def fadd(x, y):
    """exact sum (zero sign: RNE cancellation gives +0; -0 only from -0 + -0)"""
    if x[0] == "n" or y[0] == "n":
        return NAN
    if x[0] == "i":
        return NAN if y[0] == "i" and y[1] != x[1] else x
    if y[0] == "i":
        return y
    q = x[1] + y[1]
    if q.numerator == 0:
        return ("f", q, x[2] & y[2] if x[1].numerator == 0 and y[1].numerator == 0 else 0)
    return ("f", q, 1 if q.numerator < 0 else 0)


def fmul(x, y):
    if x[0] == "n" or y[0] == "n":
        return NAN
    s = sign_of(x) ^ sign_of(y)
    if x[0] == "i" or y[0] == "i":
        if is_zero(x) or is_zero(y):
            return NAN
        return ("i", s)
    return ("f", x[1] * y[1], s)


def scaled(v, raw):
    """v * 2^(raw-127) for an E8M0 scale (0xFF: NaN)"""
    if raw == 0xFF:
        return NAN
    if v[0] != "f":
        return v
    return ("f", v[1] * p2(raw - 127), v[2])


# ---------------------------------------------------------------------------
# Random raw values of each input type.

def rand_fp32_like(rng, t, lo=-8, hi=8, sub=0.08, zero=0.05, special=0.0):
    low0 = {"fp32": 0, "tf32": 13, "hf32": 12}[t]
    s = rng.getrandbits(1) << 31
    x = rng.random()
    if x < special:
        return s | rng.choice([0x7F800000, 0x7FC00000, 0x7F812345 & ~((1 << low0) - 1) | 0x00400000,
                               0x7F800000 | (0x2000 << 4)])
    if x < special + zero:
        return s
    man = rng.getrandbits(23) & ~((1 << low0) - 1)
    if x < special + zero + sub:
        return s | (man or (1 << low0))
    e = rng.randint(lo, hi) + 127
    return s | (e << 23) | man


def rand_half(rng, eb, mb, lo, hi, sub=0.08, zero=0.05, special=0.0):
    bias = (1 << (eb - 1)) - 1
    s = rng.getrandbits(1) << (eb + mb)
    x = rng.random()
    if x < special:
        return s | (((1 << eb) - 1) << mb) | rng.choice([0, 1 << (mb - 1), 1])
    if x < special + zero:
        return s
    man = rng.getrandbits(mb)
    if x < special + zero + sub:
        return s | (man or 1)
    return s | ((rng.randint(lo, hi) + bias) << mb) | man


def rand_raw(rng, t, special=0.0, style="norm"):
    """a raw code of type t; special: probability of inf / NaN codes"""
    if t in ("fp32", "tf32", "hf32"):
        lo, hi = {"norm": (-6, 6), "wide": (-40, 40), "tiny": (-70, -66),
                  "big": (100, 127)}[style]
        return rand_fp32_like(rng, t, lo, hi, special=special)
    if t == "fp16":
        lo, hi = {"norm": (-6, 6), "wide": (-14, 15), "tiny": (-14, -10), "big": (10, 15)}[style]
        return rand_half(rng, 5, 10, lo, hi, special=special)
    if t == "bf16":
        lo, hi = {"norm": (-6, 6), "wide": (-40, 40), "tiny": (-70, -66),
                  "big": (100, 127)}[style]
        return rand_half(rng, 8, 7, lo, hi, special=special)
    if t == "hif8":
        while True:
            r = rng.getrandbits(8)
            if r in (0x80, 0x6F, 0xEF) and rng.random() >= special * 8:
                continue
            return r
    if t == "e4m3":
        while True:
            r = rng.getrandbits(8)
            if (r & 0x7F) == 0x7F and rng.random() >= special * 8:
                continue
            return r
    if t == "e5m2":
        while True:
            r = rng.getrandbits(8)
            if (r & 0x7C) == 0x7C and rng.random() >= special * 8:
                continue
            return r
    if t in ("e3m2", "e2m3"):
        return rng.getrandbits(6)
    if BITS[t] == 4:
        return rng.getrandbits(4)
    bits = BITS[t]
    x = rng.random()
    if x < 0.1:                         # the extremes
        return rng.choice([0, (1 << bits) - 1, 1 << (bits - 1), (1 << (bits - 1)) - 1])
    return rng.getrandbits(bits)


def rand_acc(rng, acc, special=0.0, style="norm"):
    if acc == "fp32":
        return rand_raw(rng, "fp32", special, style)
    x = rng.random()
    if x < 0.1:
        return rng.choice([0, M32, 0x80000000, 0x7FFFFFFF])
    if x < 0.5:
        return rng.randint(-1000, 1000) & M32
    return rng.getrandbits(32)


def rand_scale(rng, lo=120, hi=134, nan=0.0):
    if rng.random() < nan:
        return 0xFF
    return rng.randint(lo, hi)


# ---------------------------------------------------------------------------
# CUBE layouts (PTO-TILE-MODEL-SHAPE-CUBE-CELL,
# asl/tile/model/shape/cube-cell.asl): cells of 128 bytes.

def cube_cells(kind, bits, vr, vc):
    if kind == "M16":
        assert vr <= 16
        return cdiv(vc, 64 // bits)
    if kind == "M32":
        assert vr <= 32
        return cdiv(vc, 32 // bits)
    return cdiv(vr, 128 // bits) * cdiv(vc, 8)


def rm_code(bits, col, vr):
    """the smallest SizeCode of a row-major tile: rows = C*8/(Col*bits) >= vr"""
    for k in range(1, 11):
        if size_bytes(k) * 8 >= col * bits and size_bytes(k) * 8 // (col * bits) >= vr:
            return k
    raise ValueError("row-major tile too big")


LOAD_CODE = {"M16": 22, "M32": 21, "N8": 23}
STORE_CODE = {"M16": 25, "M32": 24}


# ---------------------------------------------------------------------------
# The model of one CUBE operation.

class Mat:
    """One TMATMUL / TGEMV operation: its form, types, shape, operands (raw
    values per PE, or Shared images), post-processing, and the model."""

    def __init__(self, fn=0, at="fp32", bt=None, datr="auto", M=1, N=1, K=1, pes=(0,),
                 lay="M16", shared=None, ta=False, tb=False, pq=0, relu=0, rowmax=False,
                 gncode=0, maxabs=False, rmi=False, dsize=0, lb_omit=(), note="", v0=False):
        self.fn, self.at, self.bt = fn, at, bt or at
        self.v0 = v0                    # the pto-v0 profile's raw-word product
        self.datr = datr                # None: no B.DATR; 31; "x": explicit BType
        if datr == "auto":
            self.datr = "x" if self.bt != self.at else None
        self.M, self.N, self.K = M, N, K
        self.pes = tuple(pes)
        self.lay = lay
        self.shared = shared            # None, "B" or "AB"
        self.ta, self.tb = ta, tb
        self.pq, self.relu = pq, relu
        self.rowmax, self.gncode, self.maxabs, self.rmi = rowmax, gncode, maxabs, rmi
        self.dsize = dsize              # extra SizeCode steps for D
        self.lb_omit = lb_omit          # LBs left out (their value is 1)
        self.note = note
        assert not shared or all(is_pow2(x) for x in (M, N, K)), "Shared needs powers of two"
        self.acc = fn & 15 in (2, 6)
        self.bias = fn & 15 in (1, 5)
        self.mx = fn & 15 >= 4
        self.gemv = fn >= 16
        if self.mx:
            self.acct = "fp32"
        else:
            self.acct = ACC_OF[CLASS[self.at]]
        self.a_sc = self.mx and self.at not in MX_UNSCALED
        self.b_sc = self.mx and self.bt not in MX_UNSCALED
        self.kb = cdiv(K, 32)
        self.dt = {0: self.acct, 1: "fp16", 16: "bf16"}[pq]
        self.gn = GROUPN[gncode]
        self.groupmax = gncode != 0
        self.G = cdiv(N, self.gn) if self.groupmax else 0
        # D's layout (BundleMatrixCooperativeMLayout,
        # asl/block/model/dispatch/shared-cube-matrix.asl)
        if shared == "AB":
            self.dlay = "C" if self.acc else ("M16" if M <= 16 else "M32")
        else:
            self.dlay = lay
        self.clay = lay                 # C's layout (Local C follows A's class)
        if self.dlay == "C":
            self.dlay = self.clay
        # raw operands: per PE (lists of rows), filled by fill() or by hand
        self.A = {}
        self.SA = {}
        self.B = {}
        self.SB = {}
        self.C = {}
        self.Bias = {}
        self.RMI = {}
        self.c_tile = None              # a previous D used as C
        self.rmi_tile = None            # a previous RowMaxOut used as RowMaxIn

    # -- operands
    def fill(self, rng, special=0.0, style="norm", sstyle=(120, 134), snan=0.0, bstyle=None):
        M, N, K, kb = self.M, self.N, self.K, self.kb
        bstyle = bstyle or style
        if self.shared == "AB":
            sa = [[rand_raw(rng, self.at, special, style) for _ in range(K)] for _ in range(4 * M)]
            ss = [[rand_scale(rng, *sstyle, nan=snan) for _ in range(kb)] for _ in range(4 * M)]
            for p in ALL:
                self.A[p] = sa[p * M:(p + 1) * M]
                self.SA[p] = ss[p * M:(p + 1) * M]
        else:
            for p in ALL:
                self.A[p] = [[rand_raw(rng, self.at, special, style) for _ in range(K)]
                             for _ in range(M)]
                self.SA[p] = [[rand_scale(rng, *sstyle, nan=snan) for _ in range(kb)]
                              for _ in range(M)]
        if self.shared:
            b = [[rand_raw(rng, self.bt, special, bstyle) for _ in range(N)] for _ in range(K)]
            sb = [[rand_scale(rng, *sstyle, nan=snan) for _ in range(N)] for _ in range(kb)]
            for p in ALL:
                self.B[p], self.SB[p] = b, sb
        else:
            for p in ALL:
                self.B[p] = [[rand_raw(rng, self.bt, special, bstyle) for _ in range(N)]
                             for _ in range(K)]
                self.SB[p] = [[rand_scale(rng, *sstyle, nan=snan) for _ in range(N)]
                              for _ in range(kb)]
        for p in ALL:
            self.C[p] = [[rand_acc(rng, self.acct, special, style) for _ in range(N)]
                         for _ in range(M)]
            self.Bias[p] = [rand_acc(rng, self.acct, special, style) for _ in range(N)]
            self.RMI[p] = [rand_acc(rng, self.acct, special, style) for _ in range(M)]
        return self

    def set_all(self, name, rows):
        """the same raw operand on every PE"""
        for p in ALL:
            getattr(self, name)[p] = rows

    # -- the arithmetic (the profile's matrix dot_order, bias_order and mx
    # keys, spec/hardware-conformance-profile.json; docs/tile-engine.md)
    def product(self, p, fused=True, order=1, broadcast=False):
        """P (M x N raw accumulator words) on PE p"""
        M, N, K = self.M, self.N, self.K
        A = self.A[0 if broadcast else p]
        SA = self.SA.get(0 if broadcast else p)
        B, SB = self.B[p], self.SB.get(p)
        ks = list(range(K))[::order]
        P = []
        if self.v0:
            return self.product_v0(A, SA, B, SB, p)
        if self.acct == "fp32":
            da = [[decode(self.at, x) for x in row] for row in A]
            db = [[decode(self.bt, x) for x in row] for row in B]
            if self.a_sc:
                da = [[scaled(da[m][k], SA[m][k // 32]) for k in range(K)] for m in range(M)]
            if self.b_sc:
                db = [[scaled(db[k][n], SB[k // 32][n]) for n in range(N)] for k in range(K)]
            for m in range(M):
                row = []
                for n in range(N):
                    acc = decode("fp32", self.C[p][m][n]) if self.acc else PZERO
                    for k in ks:
                        t = fmul(da[m][k], db[k][n])
                        if not fused:
                            t = r32(t)
                        acc = r32(fadd(acc, t))
                    if self.bias:
                        acc = r32(fadd(acc, decode("fp32", self.Bias[p][n])))
                    row.append(encode(acc, "fp32")[0])
                P.append(row)
        else:
            da = [[decode(self.at, x) for x in row] for row in A]
            db = [[decode(self.bt, x) for x in row] for row in B]
            for m in range(M):
                row = []
                for n in range(N):
                    acc = self.C[p][m][n] if self.acc else 0
                    for k in ks:
                        acc = (acc + da[m][k] * db[k][n]) & M32
                    if self.bias:
                        acc = (acc + self.Bias[p][n]) & M32
                    row.append(acc)
                P.append(row)
        return P

    def product_v0(self, A, SA, B, SB, p):
        """pto-v0 (docs/numeric-profiles.md: TileProfileMatrixAccumulate,
        ...ScaledAccumulate, ...Bias): each element's word (S8 / S16
        sign-extended to 64 bits, every other type, S4X2 included,
        zero-extended) times its E8M0 scale byte where the operand is
        scaled, the products summed onto C's 32-bit word, the bias word
        added, the low 32 bits kept"""
        def word(t, raw):
            return sext(raw, BITS_OF[t]) & M64 if t in ("s8", "s16") else raw
        P = []
        for m in range(self.M):
            row = []
            for n in range(self.N):
                acc = self.C[p][m][n] if self.acc else 0
                for k in range(self.K):
                    a = word(self.at, A[m][k]) * (SA[m][k // 32] if self.a_sc else 1)
                    b = word(self.bt, B[k][n]) * (SB[k // 32][n] if self.b_sc else 1)
                    acc += a * b
                if self.bias:
                    acc += self.Bias[p][n]
                row.append(acc & M32)
            P.append(row)
        return P

    def post(self, v):
        """D element and flags from the raw accumulator word v
        (MatrixPostQuantBaseWithFlags,
        asl/arch/profile/matrix-postprocess.asl)"""
        if self.pq == 0 and self.relu == 0:
            return v, 0
        if self.acct == "fp32":
            x = FLOAT_DEC["fp32"](v)
            neg = v >> 31
            mult0 = neg and self.relu == 1
            out = self.dt
            if x[0] == "n":
                return FMT[out][2], 0           # the canonical NaN of out
            if x[0] == "i" and not (x[1] and mult0):
                return encode(x, out)           # Special: the infinity of out, no flag
            if x[0] == "i" or mult0:
                return 0, 0                     # -inf or negative times 0: +0, exact
            return encode(x, out, tiny_before=True)     # -0 * 1 keeps -0
        if self.acct == "s32":
            return (0 if (v >> 31 and self.relu == 1) else v), 0
        return v, 0

    @staticmethod
    def fmax(a, b, t):
        """MAX in the accumulator type; -> (word, flags)"""
        if t == "fp32":
            fl = 0
            for w in (a, b):
                if (w & 0x7F800000) == 0x7F800000 and w & 0x7FFFFF and not w & 0x400000:
                    fl |= NV                    # a signaling NaN
            an = (a & 0x7FFFFFFF) > 0x7F800000
            bn = (b & 0x7FFFFFFF) > 0x7F800000
            if an and bn:
                return 0x7FC00000, fl
            if an:
                return b, fl
            if bn:
                return a, fl
            x, y = FLOAT_DEC["fp32"](a), FLOAT_DEC["fp32"](b)
            if is_zero(x) and is_zero(y):
                return (a if not x[2] else b), fl
            xv = x[1] if x[0] == "f" else (-1 if x[1] else 1) * Fr(1 << 200)
            yv = y[1] if y[0] == "f" else (-1 if y[1] else 1) * Fr(1 << 200)
            return (a if xv >= yv else b), fl
        if t == "s32":
            return (a if sext(a, 32) >= sext(b, 32) else b), 0
        return max(a, b), 0

    def fabs(self, w):
        if self.acct == "fp32":
            return w & 0x7FFFFFFF, 0
        if self.acct == "s32":
            if w == 0x80000000:
                return 0x7FFFFFFF, OF
            return abs(sext(w, 32)) & M32, 0
        return w, 0

    def reduce(self, vals, init=None):
        fl = 0
        best = None
        for v in vals:
            if self.maxabs:
                v, f = self.fabs(v)
                fl |= f
            if best is None:
                best = v
            else:
                best, f = self.fmax(best, v, self.acct)
                fl |= f
        if init is not None:
            if self.maxabs:
                init, f = self.fabs(init)
                fl |= f
            best, f = self.fmax(init, best, self.acct)
            fl |= f
        return best, fl

    def model(self, p):
        """-> (D rows, RowMax list, GroupMax rows, flags) on PE p"""
        P = self.product(p)
        fl = 0
        D = []
        for row in P:
            drow = []
            for v in row:
                d, f = self.post(v)
                fl |= f
                drow.append(d)
            D.append(drow)
        RM, GM = None, None
        if self.rowmax:
            RM = []
            for m, row in enumerate(P):
                r, f = self.reduce(row, self.RMI[p][m] if self.rmi else None)
                fl |= f
                RM.append(r)
        if self.groupmax:
            GM = []
            for row in P:
                g = []
                for i in range(self.G):
                    r, f = self.reduce(row[i * self.gn:(i + 1) * self.gn])
                    fl |= f
                    g.append(r)
                GM.append(g)
        return D, RM, GM, fl

    def describe(self):
        s = "%s %s" % (FORMS[self.fn], self.at)
        if self.bt != self.at or self.datr:
            s += " x %s" % self.bt
        s += " M%d N%d K%d %s mask %s" % (self.M, self.N, self.K, self.lay, mask_str(self.pes))
        if self.shared:
            s += " shared-%s" % self.shared + (" transa" if self.ta else "") + \
                (" transb" if self.tb else "")
        if self.pq or self.relu:
            s += " prequant %d relu %d" % (self.pq, self.relu)
        if self.rowmax:
            s += " rowmax" + (" init" if self.rmi else "")
        if self.groupmax:
            s += " groupmax N/%d" % self.gn
        if self.maxabs:
            s += " maxabs"
        if self.note:
            s += " (%s)" % self.note
        return s


# ---------------------------------------------------------------------------
# The program writer: emits code and data and keeps the Local queues, the
# per-PE pools and the Shared registers in lockstep with the emitted code.

class LT:
    """a Local tile the program made: capacity, PEs, and what it holds"""

    def __init__(self, cap, pes, **kw):
        self.cap, self.pes = cap, tuple(pes)
        self.__dict__.update(kw)


PREAMBLE = r"""
; ---- helpers of the generated CUBE programs (s0 = the tile-core window).
; Before each TLOAD / TSTORE the program sets a0 (base) and a1 (stride) of
; every PE of its mask (PE0: the registers; PE1..PE3: their GPR banks).

; CUBE transport TLOAD (layout CODE 21..23) of VR x VC
    .macro cg_cload type, code, vr, vc, hand, size, mask
    bstart.tload \type
    b.datr layout=\code, datatype=31, pad=0, cmode=0, rmode=0
    b.iot mask=\mask, last, ->\hand<\size>
    b.ior a0, a1, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.dim zero, \vr, ->lb1
    bstop
    .endm

; row-major TLOAD of VR x VC, Col = COL
    .macro cg_rload type, vr, vc, col, hand, size, mask
    bstart.tload \type
    b.iot mask=\mask, last, ->\hand<\size>
    b.ior a0, a1, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.dim zero, \vr, ->lb1
    b.dim zero, \col, ->lb2
    bstop
    .endm

; Shared TLOAD (row-major, Col = VC) into SREG on the PEs MASK
    .macro cg_sload type, sreg, size, vr, vc, mask
    bstart.tload \type
    b.ios mask=\mask, ->\sreg<\size>
    b.ior a0, a1, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.dim zero, \vr, ->lb1
    bstop
    .endm

; CUBE transport TSTORE (layout CODE 24..26) of SEL's VR x VC
    .macro cg_cstore type, code, sel, vr, vc, mask
    bstart.tstore \type
    b.datr layout=\code, datatype=31, pad=0, cmode=0, rmode=0
    b.iot \sel, mask=\mask, last
    b.ior a0, a1, zero, ->zero
    b.dim zero, \vc, ->lb0
    b.dim zero, \vr, ->lb1
    bstop
    .endm

; row-major TSTORE of SEL's valid region
    .macro cg_rstore type, sel, mask
    bstart.tstore \type
    b.iot \sel, mask=\mask, last
    b.ior a0, a1, zero, ->zero
    bstop
    .endm

; a 128-byte U8 tile on all PEs (pushed to retire a hand's old tiles)
    .macro cg_tiny hand
    bstart.tload u8
    b.iot mask=1111, last, ->\hand<0001>
    b.ior a0, a1, zero, ->zero
    bstop
    .endm

; print REG as 16 hex digits (a2..a5, s2, s3 clobbered)
    .macro cg_puthex reg
    c.movr \reg, ->s2
    hl.liu UART_THR, ->a2
    c.movi 0, ->a3
    hl.liu 16, ->s3
ph\@:
    bstart.std cond, ph\@
    srli s2, 60, ->a4
    slli s2, 4, ->s2
    cmp.geui a4, 10, ->a5
    sub zero, a5, ->a5
    andi a5, 39, ->a5
    add a4, a5, ->a4
    addi a4, 48, ->a4
    sbi a4, [a2, 0]
    addi a3, 1, ->a3
    setc.ne a3, s3
    bstop
    .endm

    .macro cg_putc c
    hl.liu UART_THR, ->a2
    hl.liu \c, ->a4
    sbi a4, [a2, 0]
    .endm

; the N bytes at GOT equal those at GOT + DELTA (8-byte aligned, N a
; positive multiple of 8, N and DELTA below 4096); a difference is printed
; (case, address, got, expected)
    .macro cg_cmp got, delta, n
    hl.liu \got, ->a3
    addi a3, \delta, ->a4
    addi a3, \n, ->a5
    cg_cmp_loop
    .endm

; the same for any sizes: the N bytes at GOT equal those at EXP
    .macro cg_cmpx got, exp, n
    hl.liu \got, ->a3
    hl.liu \exp, ->a4
    hl.liu (\got) + (\n), ->a5
    cg_cmp_loop
    .endm

    .macro cg_cmp_loop
cm\@:
    ldi [a3, 0], ->s2
    ldi [a4, 0], ->s3
    bstart.std cond, cg_mismatch
    setc.ne s2, s3
    bstop
    bstart.std cond, cm\@
    addi a3, 8, ->a3
    addi a4, 8, ->a4
    setc.ne a3, a5
    bstop
    .endm

; save the window's pool counters and name bitmaps (0x018..0x048: the
; words tile-check.inc's snapshot saves) to tile_snap, in a loop
    .macro cg_snap
    hl.liu tile_snap, ->a7
    addi s0, W_PE0, ->a3
    addi s0, W_SREGS + 8, ->a4
sn\@:
    bstart.std cond, sn\@
    ldi [a3, 0], ->a2
    sdi a2, [a7, 0]
    addi a3, 8, ->a3
    addi a7, 8, ->a7
    setc.ne a3, a4
    bstop
    .endm

; ... and fail unless all seven are what cg_snap saw (as check_unchanged)
    .macro cg_same
    hl.liu tile_snap, ->a7
    addi s0, W_PE0, ->a3
    addi s0, W_SREGS + 8, ->a4
sm\@:
    ldi [a3, 0], ->s2
    ldi [a7, 0], ->s3
    bstart.std cond, cg_mismatch
    setc.ne s2, s3
    bstop
    bstart.std cond, sm\@
    addi a3, 8, ->a3
    addi a7, 8, ->a7
    setc.ne a3, a4
    bstop
    .endm

; CORE_STATE <- 0 (no numeric status)
    .macro cg_clrflags
    bstart.sys fall
    ssrset zero, SR_CORE_STATE
    bstop
    .endm

; CORE_STATE (the numeric status) == VALUE; then clear it
    .macro cg_flags value
    bstart.sys fall
    ssrget SR_CORE_STATE, ->a3
    bstop
    check_eq a3, \value
    bstart.sys fall
    ssrset zero, SR_CORE_STATE
    bstop
    .endm
"""

MISMATCH = r"""
; the check after a rejected block (as tile-check.inc's check_fault, then
; cg_same and an unchanged numeric status): exactly one trap A4 | ARGV
; whose TRAPARG0 and EBARG_TPC are both A3, taken inside a block; the
; pools and names as cg_snap saw them; CORE_STATE still 0.  Returns to RA.
cg_fault_check:
    check_eq s1, 1
    li64 ARGV
    or a4, x3, ->a4
    check_same s5, a4
    check_same s6, a3
    check_same s7, a3
    andi s8, 0x30, ->a2
    check_eq a2, 0x30
    cg_same
    bstart.sys fall
    ssrget SR_CORE_STATE, ->a3
    bstop
    check_eq a3, 0
    expect_none
    jr ra, 0

cg_mismatch:
    c.movr a3, ->a6
    c.movr s2, ->s4
    c.movr s3, ->s5
    cg_putc 'c'
    cg_putc ' '
    cg_puthex x0
    cg_putc ' '
    cg_putc '@'
    cg_puthex a6
    cg_putc ' '
    cg_putc 'g'
    cg_puthex s4
    cg_putc ' '
    cg_putc 'e'
    cg_puthex s5
    cg_putc 10
    j testlib_fail
"""

# --soft: a failing check reports its case and goes on with the next case
SOFT_END = r"""
    hl.liu cg_nfail, ->a3
    ldi [a3, 0], ->a3
    bstart.std cond, cg_soft_failed
    setc.ne a3, zero
    bstop
    hl.liu EXIT_DEV, ->x1
    hl.liu EXIT_PASS, ->x2
    swi x2, [x1, 0]
cg_hang:
    j cg_hang
cg_soft_failed:
    hl.liu 0xffff, ->x0
    j testlib_fail_hard
testlib_fail:
    c.movr x3, ->s4
    cg_putc 'F'
    cg_putc ' '
    cg_puthex x0
    cg_putc ' '
    cg_putc 'x'
    cg_puthex s4
    cg_putc 10
    hl.liu cg_nfail, ->a3
    ldi [a3, 0], ->a4
    addi a4, 1, ->a4
    sdi a4, [a3, 0]
    hl.liu tile_unexpected, ->a6
    c.movi 0, ->s1
    hl.liu cg_next, ->a3
    ldi [a3, 0], ->a3
    jr a3, 0
testlib_fail_hard:
    hl.liu EXIT_DEV, ->x1
    add zero, x0<<16, ->x2
    hl.liu EXIT_FAIL, ->x3
    or x2, x3, ->x2
    swi x2, [x1, 0]
cg_hang2:
    j cg_hang2
"""


class Prog:
    def __init__(self, name, seed, soft=False, stats=None, v0=False):
        self.name = name
        self.v0 = v0                    # run under numeric-profile=pto-v0
        self.rng = random.Random(seed)
        self.soft = soft
        self.stats = stats
        self.text, self.data = [], []
        self.ncase = 0
        self.nlab = 0
        self.nbuf = 0
        self.hands = {h: [] for h in "tumn"}
        self.used = [0, 0, 0, 0]
        self.shared = {}                # id -> (key, bytes)
        self.shared_bytes = 0
        self.locked = set()             # Shared ids in use by the current case
        self.blob = None
        self.blob_label = None
        self.forget_regs()

    # -- emission
    def emit(self, line):
        self.text.append("    " + line)

    def label(self, tag="f"):
        self.nlab += 1
        return "%s%d" % (tag, self.nlab)

    def case(self, comment):
        self.flush_blob()
        self.forget_regs()
        self.ncase += 1
        if self.ncase % 8 == 0:
            self.check_pools()
        self.text.append("")
        if self.soft:
            self.text.append("cgc_%d:" % self.ncase)
            self.emit("hl.liu cgc_%d, ->x1" % (self.ncase + 1))
            self.emit("hl.liu cg_next, ->x2")
            self.emit("sdi x1, [x2, 0]")
        self.emit("case %d" % self.ncase)
        for i in range(0, len(comment), 90):
            self.emit("; " + comment[i:i + 90])

    def buf(self, data):
        """DATA (8-byte aligned) in the current case's data blob -> its address expression"""
        if self.blob is None:
            self.nbuf += 1
            self.blob = bytearray()
            self.blob_label = "cd%d" % self.nbuf
        off = len(self.blob)
        self.blob += bytes(data) + bytes(-len(data) % 8)
        return "%s + %d" % (self.blob_label, off)

    def flush_blob(self):
        if self.blob is None:
            return
        self.data.append("    .p2align 3")
        self.data.append(self.blob_label + ":")
        b = self.blob
        for i in range(0, len(b), 32):
            words = [int.from_bytes(b[j:j + 8], "little") for j in range(i, min(i + 32, len(b)), 8)]
            self.data.append("    .dword " + ", ".join("0x%x" % w for w in words))
        self.blob = None

    def regs(self, base, step, stride, pes):
        """a0 <- BASE + p * STEP and a1 <- STRIDE on each PE p of PES (a
        stride a bank already holds is not written again)"""
        self.emit("hl.liu %s, ->a0" % base)
        if self.a1 != stride:
            self.emit(self.li(stride, "a1"))
            self.a1 = stride
        for p in pes:
            if p:
                if p * step < 4096:
                    self.emit("addi a0, %d, ->a2" % (p * step))
                else:
                    self.emit("hl.liu %s + %d, ->a2" % (base, p * step))
                self.emit("sdi a2, [s0, 0x%x]" % (0x100 + 0x100 * p + 2 * 8))
                if self.bank_a1[p] != stride:
                    self.emit("sdi a1, [s0, 0x%x]" % (0x100 + 0x100 * p + 3 * 8))
                    self.bank_a1[p] = stride

    @staticmethod
    def li(value, reg):
        return "addi zero, %d, ->%s" % (value, reg) if 0 <= value < 4096 else \
            "hl.liu %d, ->%s" % (value, reg)

    def forget_regs(self):
        """after code that may change a1 or the banks' a1"""
        self.a1 = None
        self.bank_a1 = [None] * 4

    def rand_bytes(self, n):
        return bytearray(self.rng.getrandbits(8) for _ in range(n))

    # -- the queues and pools (docs/design.md decision 10, ADR 0097)
    def push(self, hand, lt):
        q = self.hands[hand]
        q.insert(0, lt)
        for p in lt.pes:
            self.used[p] += lt.cap
        if len(q) > 16:
            old = q.pop()
            for p in old.pes:
                self.used[p] -= old.cap

    def sel(self, lt):
        for h, q in self.hands.items():
            for i, x in enumerate(q):
                if x is lt:
                    return "%s#%d" % (h, i + 1)
        raise KeyError("tile retired")

    def room(self, need):
        """flush every hand (16 tiny tiles each) unless NEED more bytes fit in every PE"""
        if max(self.used) + need <= 200 * 1024:
            return
        self.emit("; retire the old tiles: 16 tiny tiles into every hand")
        self.regs("cg_tinysrc", 0, 1, ALL)
        for h in "tumn":
            for _ in range(16):
                self.emit("cg_tiny %s" % h)
                self.push(h, LT(128, ALL))
        assert max(self.used) + need <= 200 * 1024

    # -- GM images
    @staticmethod
    def put(img, off, stride, r, c, bits, raw):
        if bits == 4:
            a = off + r * stride + c // 2
            sh = 4 * (c & 1)
            img[a] = (img[a] & ~(0xF << sh) & 0xFF) | ((raw & 0xF) << sh)
        else:
            eb = bits // 8
            a = off + r * stride + c * eb
            img[a:a + eb] = (raw & ((1 << bits) - 1)).to_bytes(eb, "little")

    def image(self, per_pe, bits, vr, vc):
        """a GM buffer holding one VR x VC row-major image per PE (4 regions);
        -> (label, step, stride)"""
        rowb = cdiv(vc * bits, 8)
        eb = max(1, bits // 8)
        stride = rowb + (-rowb % eb) + eb * self.rng.choice([0, 0, 1, 2])
        step = vr * stride + (-(vr * stride)) % 8 + 8
        img = self.rand_bytes(4 * step)
        for p, rows in per_pe.items():
            for r in range(vr):
                for c in range(vc):
                    self.put(img, p * step, stride, r, c, bits, rows[r][c])
        return self.buf(img), step, stride

    # -- operand loads
    def load_cube(self, t, kind, per_pe, vr, vc, pes, hand=None, code=None, note=""):
        bits = BITS[t]
        lab, step, stride = self.image(per_pe, bits, vr, vc)
        cells = cube_cells(kind, bits, vr, vc)
        code = code or code_for(cells * 128)
        hand = hand or self.rng.choice("tumn")
        self.regs(lab, step, stride, pes)
        self.emit("cg_cload %s, %d, %d, %d, %s, %s, %s%s" % (
            t, LOAD_CODE[kind], vr, vc, hand, format(code, "04b"),
            mask_str(pes), ("    ; " + note) if note else ""))
        lt = LT(size_bytes(code), pes, code=code, vals=per_pe)
        self.push(hand, lt)
        return lt

    def load_rm(self, t, per_pe, vr, vc, pes, hand=None, note=""):
        bits = BITS[t]
        col = pow2_at_least(vc)
        lab, step, stride = self.image(per_pe, bits, vr, vc)
        code = rm_code(bits, col, vr)
        hand = hand or self.rng.choice("tumn")
        self.regs(lab, step, stride, pes)
        self.emit("cg_rload %s, %d, %d, %d, %s, %s, %s%s" % (
            t, vr, vc, col, hand, format(code, "04b"), mask_str(pes),
            ("    ; " + note) if note else ""))
        lt = LT(size_bytes(code), pes, code=code, vals=per_pe)
        self.push(hand, lt)
        return lt

    def shared_id(self, key, nbytes):
        for sid, (k, _) in self.shared.items():
            if k == key and sid not in self.locked:
                self.locked.add(sid)
                return sid
        sid = next(i for i in range(63) if i not in self.shared)     # S63 stays unwritten
        self.shared[sid] = (key, nbytes)
        self.shared_bytes += nbytes
        assert self.shared_bytes <= 256 * 1024, "Shared pool budget"
        self.locked.add(sid)
        return sid

    def load_shared(self, t, rows, note="", mask=ALL, sid=None):
        """a Shared TLOAD of the row-major image ROWS (VR x VC, Col = VC)"""
        bits = BITS[t]
        vr, vc = len(rows), len(rows[0])
        assert is_pow2(vc)
        code = rm_code(bits, vc, vr)
        if sid is None:
            sid = self.shared_id((t, code, vr, vc), size_bytes(code))
        elif sid not in self.shared:
            self.shared[sid] = (("fixed", sid), size_bytes(code))
            self.shared_bytes += size_bytes(code)
        lab, step, stride = self.image({0: rows}, bits, vr, vc)
        self.regs(lab, 0, stride, mask)
        self.emit("cg_sload %s, s%d, %s, %d, %d, %s%s" % (
            t, sid, format(code, "04b"), vr, vc, mask_str(mask),
            ("    ; " + note) if note else ""))
        return sid

    # -- one CUBE operation
    def fpatr(self, m):
        f = "b.fpatr prequant=%d, relu=%d, groupn=%d" % (m.pq, m.relu, m.gncode)
        for flag, on in (("rowmax", m.rowmax), ("groupmax", m.groupmax),
                         ("rowmaxinit", m.rmi), ("maxabs", m.maxabs),
                         ("transb", m.tb), ("transa", m.ta)):
            if on:
                f += ", " + flag
        return f + ", func=2, opc1=2, opcode=1, w=1"

    @staticmethod
    def estimate(m):
        """the bytes M's operands and results take in one PE at most"""
        M, N, K, kb = m.M, m.N, m.K, m.kb
        cube = lambda kind, t, vr, vc: size_bytes(code_for(cube_cells(kind, BITS[t], vr, vc) * 128) + m.dsize)
        rm = lambda t, vr, vc: size_bytes(rm_code(BITS[t], pow2_at_least(vc), vr))
        n = cube(m.lay, m.at, M, K) + rm("e8m0", M, kb) + cube("N8", m.bt, K, N) + rm("e8m0", kb, N)
        n += 2 * cube(m.dlay, m.acct, M, N) + rm(m.acct, 1, N) + 2 * rm(m.acct, M, 1)
        n += rm(m.acct, M, max(1, m.G))
        return n

    def operands(self, m):
        """emit the loads of M's operands; -> dict of Local tiles / Shared ids"""
        M, N, K, kb = m.M, m.N, m.K, m.kb
        self.room(self.estimate(m) + 4096)
        self.locked = set()
        ops = {}
        if m.acc:
            if m.c_tile is not None:
                ops["C"] = m.c_tile
            else:
                dcode = code_for(cube_cells(m.clay, BITS[m.acct], M, N) * 128) + m.dsize
                ops["C"] = self.load_cube(m.acct, m.clay, {p: m.C[p] for p in ALL}, M, N,
                                          m.pes, code=dcode, note="C")
        if m.shared == "AB":
            full = [row for p in ALL for row in m.A[p]]              # 4M x K
            img = [list(r) for r in zip(*full)] if m.ta else full    # TransA: K x 4M
            ops["sA"] = self.load_shared(m.at, img, "Shared A" + (" (TransA)" if m.ta else ""))
            if m.a_sc:
                ops["sSA"] = self.load_shared("e8m0", [row for p in ALL for row in m.SA[p]],
                                              "Shared A scale")
        else:
            ops["A"] = self.load_cube(m.at, m.lay, {p: m.A[p] for p in ALL}, M, K, m.pes,
                                      note="A")
            if m.a_sc:
                ops["SA"] = self.load_rm("e8m0", {p: m.SA[p] for p in ALL}, M, kb, m.pes,
                                         note="A scale")
        if m.shared:
            b = m.B[0]
            img = [list(r) for r in zip(*b)] if m.tb else b
            ops["sB"] = self.load_shared(m.bt, img, "Shared B" + (" (TransB)" if m.tb else ""))
            if m.b_sc:
                ops["sSB"] = self.load_shared("e8m0", m.SB[0], "Shared B scale")
        else:
            ops["B"] = self.load_cube(m.bt, "N8", {p: m.B[p] for p in ALL}, K, N, m.pes,
                                      note="B")
            if m.b_sc:
                ops["SB"] = self.load_rm("e8m0", {p: m.SB[p] for p in ALL}, kb, N, m.pes,
                                         note="B scale")
        if m.bias:
            ops["Bias"] = self.load_rm(m.acct, {p: [m.Bias[p]] for p in ALL}, 1, N, m.pes,
                                       note="bias")
        if m.rowmax and m.rmi:
            if m.rmi_tile is not None:
                ops["RMI"] = m.rmi_tile
            else:
                ops["RMI"] = self.load_rm(m.acct, {p: [[v] for v in m.RMI[p]] for p in ALL},
                                          M, 1, m.pes, note="RowMaxIn")
        return ops

    def dest_plan(self, m, ops):
        """-> [(hand, code)] for D, RowMaxOut, GroupMaxOut"""
        dcode = code_for(cube_cells(m.dlay, BITS[m.dt], m.M, m.N) * 128) + m.dsize
        if m.acc and m.pq == 0:
            dcode = ops["C"].code          # C's capacity must be D's
        hands = list("tumn")
        if m.acc:
            s = self.sel(ops["C"])
            if s[0] == "t" and int(s[2:]) <= 4:
                hands.remove("tumn"[int(s[2:]) - 1])    # C's selector == D's hand code: TL
        plan = [(self.rng.choice(hands), dcode)]
        if m.rowmax:
            plan.append((self.rng.choice("tumn"), rm_code(32, 1, m.M)))
        if m.groupmax:
            plan.append((self.rng.choice("tumn"), rm_code(32, m.G, m.M)))
        return plan

    def block(self, m, ops, plan, mods=None):
        """emit the CUBE block; -> the label of its BSTOP (and of its B.FPATR)"""
        mods = mods or {}
        srcs = []
        for k in ("C", "A", "SA", "B", "SB", "Bias", "RMI"):
            if k in ops:
                srcs.append(self.sel(ops[k]))
        srcs = mods.get("srcs", srcs)
        if srcs == "swap":
            srcs = [srcs_a for srcs_a in reversed(
                [self.sel(ops[k]) for k in ("C", "A", "SA", "B", "SB", "Bias", "RMI") if k in ops])]
        elif srcs == "one":
            srcs = [self.sel(ops[k]) for k in ("A", "B") if k in ops][:1]
        dsts = ["->%s<%s>" % (h, format(c, "04b")) for h, c in plan]
        dsts = mods.get("dsts", dsts)
        ios = [k for k in ("sA", "sSA", "sB", "sSB") if k in ops]
        ios = mods.get("ios", ["s%d" % ops[k] for k in ios])
        mask = mask_str(mods.get("mask", m.pes))
        smask = mask_str(mods.get("smask", m.pes))
        # the B.IOTs: sources in order, at most two each, destinations in order
        ns, nd = len(srcs), len(dsts)
        lo = max(cdiv(ns, 2), nd, 1)
        nb = self.rng.randint(lo, max(lo, min(4, ns + nd)))
        while True:
            cnt = [0] * nb
            for _ in range(ns):
                cnt[self.rng.choice([i for i in range(nb) if cnt[i] < 2])] += 1
            dpos = sorted(self.rng.sample(range(nb), nd))
            if all(cnt[i] or i in dpos for i in range(nb)):
                break
        iots = []
        si = 0
        for i in range(nb):
            parts = srcs[si:si + cnt[i]]
            si += cnt[i]
            parts.append("mask=" + mask)
            if i == nb - 1:
                parts.append("last")
            if i in dpos:
                parts.append(dsts[dpos.index(i)])
            iots.append("b.iot " + ", ".join(parts))
        want = mods.get("labels", ())
        fl = self.label("h") if "fpatr" in want else None
        stop = self.label("f") if "stop" in want else None
        for line in mods.get("before", []):
            self.emit(line)
        self.emit("bstart.%s %s" % (FORMS[mods.get("fn", m.fn)], mods.get("at", m.at)))
        fpatr = mods["fpatr"] if "fpatr" in mods else self.fpatr(m)
        if fpatr:
            self.text.append("%s%s" % ("%s: " % fl if fl else "    ", fpatr))
        if "datr" in mods:
            if mods["datr"]:
                self.emit(mods["datr"])
        elif m.datr == 31:
            self.emit("b.datr layout=0, datatype=31, pad=0, cmode=0, rmode=0")
        elif m.datr == "x":
            self.emit("b.datr layout=0, datatype=%d, pad=0, cmode=0, rmode=0" % CODE[m.bt])
        for line in mods.get("pre", []):
            self.emit(line)
        ios_lines = ["b.ios %s, mask=%s" % (s, smask) for s in ios]
        first = {}
        order = [("iot", iots), ("ios", ios_lines)] if mods.get("iot_first") else \
            [("ios", ios_lines), ("iot", iots)]
        for kind, lines in order:
            for i, line in enumerate(lines):
                if i == 0 and kind in want:
                    first[kind] = self.label("h")
                    self.text.append("%s: %s" % (first[kind], line))
                else:
                    self.emit(line)
        dims = mods.get("dims", (m.M, m.N, m.K))
        for i, v in enumerate(dims):
            if v is not None and i not in m.lb_omit:
                self.emit("b.dim zero, %d, ->lb%d" % (v, i))
        for line in mods.get("post", []):
            self.emit(line)
        self.text.append("%sbstop" % ("%s: " % stop if stop else "    "))
        self.last_labels = dict(first, stop=stop, fpatr=fl)
        return stop, fl

    def results(self, m, plan):
        """push the destinations (model) and emit their stores and checks"""
        dlt = LT(size_bytes(plan[0][1]), m.pes, code=plan[0][1], kind=m.dlay, vals={})
        rlt = glt = None
        self.push(plan[0][0], dlt)
        k = 1
        if m.rowmax:
            rlt = LT(size_bytes(plan[k][1]), m.pes, vals={})
            self.push(plan[k][0], rlt)
            k += 1
        if m.groupmax:
            glt = LT(size_bytes(plan[k][1]), m.pes, vals={})
            self.push(plan[k][0], glt)
        flags = 0
        outs = {p: m.model(p) for p in m.pes}
        for p in m.pes:
            D, RM, GM, fl = outs[p]
            flags |= fl
            dlt.vals[p] = D
            if rlt:
                rlt.vals[p] = [[v] for v in RM]
            if glt:
                glt.vals[p] = GM
        if self.stats is not None:
            self.collect(m, outs)
        outs = [(m.dt, dlt, m.M, m.N, m.dlay)]
        if rlt:
            outs.append((m.acct, rlt, m.M, 1, None))
        if glt:
            outs.append((m.acct, glt, m.M, m.G, None))
        self.store_check(outs, m.pes)
        return dlt, rlt, glt, flags

    def check_pools(self):
        """each PE's Local pool (ADR 0097: a destination charges every PE of
        its mask) and the Shared pool (each register once)"""
        self.emit("check_pools %d, %d, %d, %d, %d" % (tuple(self.used) + (self.shared_bytes,)))

    def store_check(self, outs, pes):
        """TSTORE each (type, tile, vr, vc, CUBE layout or None) of OUTS to one
        output area (per PE regions, gaps between rows, random bytes around)
        and compare the whole area with the model's image"""
        regions = []
        total = 0
        for t, lt, vr, vc, cube in outs:
            bits = BITS[t]
            eb = max(1, bits // 8)
            rowb = cdiv(vc * bits, 8)
            stride = rowb + (-rowb % eb) + eb * self.rng.choice([0, 1, 2])
            step = vr * stride + (-(vr * stride)) % 8 + 8
            regions.append((total, step, stride))
            total += 4 * step
        init = self.rand_bytes(total)
        exp = bytearray(init)
        for (t, lt, vr, vc, cube), (off, step, stride) in zip(outs, regions):
            for p in pes:
                for r in range(vr):
                    for c in range(vc):
                        self.put(exp, off + p * step, stride, r, c, BITS[t], lt.vals[p][r][c])
        out = self.buf(init)
        want = self.buf(exp)
        delta = int(want.split("+")[1]) - int(out.split("+")[1])
        for (t, lt, vr, vc, cube), (off, step, stride) in zip(outs, regions):
            self.regs("%s + %d" % (out, off), step, stride, pes)
            if cube:
                self.emit("cg_cstore %s, %d, %s, %d, %d, %s" % (
                    t, STORE_CODE[cube], self.sel(lt), vr, vc, mask_str(pes)))
            else:
                self.emit("cg_rstore %s, %s, %s" % (t, self.sel(lt), mask_str(pes)))
        if delta < 4096:
            self.emit("cg_cmp %s, %d, %d" % (out, delta, total))
        else:
            self.emit("cg_cmpx %s, %s, %d" % (out, want, total))

    def mat(self, m, comment=None):
        """a whole legal case: operands, the block, the stores and checks"""
        m.v0 = self.v0
        self.case(comment or m.describe())
        ops = self.operands(m)
        plan = self.dest_plan(m, ops)
        self.block(m, ops, plan)
        return self.results(m, plan)

    def fault_check(self, trapno, at):
        """the trap TRAPNO at AT, nothing changed (cg_fault_check)"""
        back = self.label("r")
        self.emit("addi zero, %d, ->a4" % trapno)
        self.emit("hl.liu %s, ->a3" % at)
        self.emit("hl.liu %s, ->ra" % back)
        self.emit("j cg_fault_check")
        self.text.append("%s:" % back)

    def fault(self, m, ops, mods, at="stop", comment=None, plan=None, newcase=True):
        """a block over OPS, changed by MODS, that must fault (trap 5 at its
        BSTOP, or at the header word AT names: 'fpatr', 'ios', 'iot') and
        change nothing"""
        if newcase:
            self.case(comment)
        elif comment:
            self.emit("; " + comment)
        plan = plan or self.dest_plan(m, ops)
        self.emit("cg_snap")
        self.emit("cg_clrflags")
        r = self.label("r")
        self.emit("expect_fault %s" % r)
        mods = dict(mods, labels=(at,))
        stop, fl = self.block(m, ops, plan, mods)
        self.text.append("%s:" % r)
        self.fault_check(5, self.last_labels[at])

    # -- statistics (--stats): how many checked values each wrong model would change
    def collect(self, m, outs):
        st = self.stats
        st["cases"] = st.get("cases", 0) + 1
        st["elements"] = st.get("elements", 0) + len(m.pes) * m.M * m.N
        if m.acct == "fp32":
            for p in m.pes:
                D = outs[p][0]
                if m.pq == 0 and m.relu == 0:
                    if not m.mx:
                        U = m.product(p, fused=False)
                        st["unfused_differs"] = st.get("unfused_differs", 0) + sum(
                            a != b for ra, rb in zip(D, U) for a, b in zip(ra, rb))
                    if m.K > 1:
                        R = m.product(p, order=-1)
                        st["reversed_differs"] = st.get("reversed_differs", 0) + sum(
                            a != b for ra, rb in zip(D, R) for a, b in zip(ra, rb))
                for row in D:
                    for w in row:
                        if m.dt == "fp32":
                            if (w & 0x7F800000) == 0 and w & 0x7FFFFF:
                                st["subnormal_results"] = st.get("subnormal_results", 0) + 1
                            if (w & 0x7FFFFFFF) > 0x7F800000:
                                st["nan_results"] = st.get("nan_results", 0) + 1
                            if (w & 0x7FFFFFFF) == 0x7F800000:
                                st["inf_results"] = st.get("inf_results", 0) + 1
        if m.shared == "AB" and m.pes != (0,):
            for p in m.pes:
                if p and m.product(p) != m.product(p, broadcast=True):
                    st["broadcast_differs_pes"] = st.get("broadcast_differs_pes", 0) + 1

    def write(self, outdir):
        lines = ["; SPDX-License-Identifier: GPL-2.0-or-later",
                 "; Generated by gen-cube.py (%s): do not edit; expected values" % self.name,
                 "; come from the model in gen-cube.py, never from the emulator."]
        if self.v0:
            lines.append("; qemu-args: -global pto-core-tile-cpu.numeric-profile=pto-v0")
        lines += ['    .include "../testlib.inc"',
                 '    .include "tile-check.inc"']
        lines += PREAMBLE.split("\n")
        lines += ["    .text", "    .globl _start", "_start:", "    install_tile_handler",
                  "    bstart.sys fall", "    ssrset zero, SR_CORE_STATE", "    bstop"]
        self.flush_blob()
        self.check_pools()
        lines += self.text
        if self.soft:
            lines.append("cgc_%d:" % (self.ncase + 1))
            lines += SOFT_END.split("\n")
        else:
            lines.append("    test_end")
        lines += MISMATCH.split("\n")
        lines += ["    tile_handler_body", "    .data", "    .p2align 6",
                  "cg_tinysrc: .dword 0", "cg_nfail: .dword 0", "cg_next: .dword 0"]
        lines += self.data
        lines += ["    tile_snap_area", ""]
        with open(os.path.join(outdir, self.name), "w") as f:
            f.write("\n".join(lines))


# ---------------------------------------------------------------------------
# Case builders.

def rand_mask(rng):
    return rng.choice(MASKS)


def vary(m, rng):
    """a roomier D SizeCode now and then, and LBs of value 1 left out (they default to 1)"""
    m.dsize = rng.choice([0, 0, 0, 1, 2])
    m.lb_omit = tuple(i for i, v in enumerate((m.M, m.N, m.K)) if v == 1 and rng.random() < 0.5)
    return m


def datr_choice(rng, at, bt):
    if at != bt:
        return "x"
    return rng.choice([None, 31, "x"])


def fp32_bits(x):
    return encode(fin(x), "fp32")[0]


def gen_float(outdir, soft, stats):
    pr = Prog("cube-gen-float.s", 0xC0BE1, soft, stats)
    rng = pr.rng
    # 1. every ordered pair of the twelve floating input types
    for at in FLOAT_IN:
        for bt in FLOAT_IN:
            gemv = rng.random() < 0.3
            fn = rng.choice([16, 17, 18] if gemv else [0, 1, 2])
            M = 1 if gemv else rng.randint(1, 6)
            m = Mat(fn=fn, at=at, bt=bt, datr=datr_choice(rng, at, bt), M=M,
                    N=rng.randint(1, 10), K=rng.randint(1, 13), pes=rand_mask(rng),
                    lay=rng.choice(["M16", "M16", "M32"]))
            m.fill(rng, special=0.004)
            pr.mat(vary(m, rng))
    # 2. the fused rounding, order and signed zero, by hand (FP32, K = 1..4)
    one = fp32_bits(1)
    h = [
        # (A row, B column, note): D = one element
        ([1, 2 ** -12 + 0], [1, 2 ** -12], "1 + 2^-24: a tie, even: 1.0"),
        ([1, 3 * 2 ** -12], [1, 2 ** -12], "1 + 3*2^-24: a tie, even: 1 + 2^-22"),
        ([1 + 2 ** -12, -1], [1 + 2 ** -12, 1], "(1+2^-12)^2 - 1 = 2^-11 + 2^-24 exactly (fused; unfused 2^-11)"),
        ([1, 2 ** -12, 2 ** -12], [1, 2 ** -12, 2 ** -12], "1 + 2^-24 + 2^-24: each term rounds: 1.0 (a sum first: 1 + 2^-23)"),
        ([2 ** -12, 2 ** -12, 1], [2 ** -12, 2 ** -12, 1], "2^-24 + 2^-24 + 1 = 1 + 2^-23 in increasing k"),
        ([1 + 2 ** -23, -1 - 2 ** -22], [1 + 2 ** -23, 1], "(1+2^-23)^2 - (1+2^-22) = 2^-46"),
        ([2 ** -70, 2 ** -60], [2 ** -70, -2 ** -60], "2^-140 - 2^-120: subnormal steps"),
        ([2 ** -75, 3 * 2 ** -76], [2 ** -75, 2 ** -75], "2^-150 + 3*2^-151: the tie at 2^-150 rounds to 0, then 2^-149"),
        ([2 ** 127, 2 ** 127], [1, 1], "2^127 + 2^127: overflow to +inf"),
        ([2 ** 127 * (2 - 2 ** -23), 2 ** 103], [1, 1], "max + half an ulp: a tie, even: +inf"),
        ([1, -1], [1, 1], "1 - 1: +0"),
    ]
    for A, B, note in h:
        K = len(A)
        m = Mat(fn=0, at="fp32", M=1, N=1, K=K, pes=(0,), note=note)
        m.set_all("A", [[fp32_bits(x) for x in A]])
        m.set_all("B", [[fp32_bits(x)] for x in B])
        pr.mat(m)
    # signed zero, inf and NaN (ACC with C = -0, NaN payloads, inf * 0, inf - inf)
    NZ, PINF, NINF, SNAN, QNAN = 0x80000000, 0x7F800000, 0xFF800000, 0x7F812345, 0xFFC01234
    sp = [
        (2, [NZ], [[NZ]], [[one]], "C -0 + (-0)(1) = -0"),
        (2, [NZ], [[0]], [[one]], "C -0 + (+0)(1) = +0"),
        (0, None, [[NZ]], [[NZ]], "(-0)(-0) = +0 from the +0 start"),
        (0, None, [[PINF, one]], [[0], [one]], "inf * 0: NaN"),
        (0, None, [[PINF, NINF]], [[one], [one]], "inf - inf: NaN"),
        (0, None, [[PINF, one]], [[one], [one]], "inf + 1 = inf"),
        (2, [SNAN], [[one]], [[one]], "C sNaN: canonical NaN"),
        (0, None, [[QNAN, one]], [[one], [one]], "a NaN input (payload, sign): 0x7FC00000"),
        (2, [NINF], [[PINF]], [[one]], "C -inf + inf: NaN"),
        (1, None, [[one]], [[one]], "bias +inf"),
    ]
    for fn, C, A, B, note in sp:
        m = Mat(fn=fn, at="fp32", M=1, N=1, K=len(A[0]), pes=(0,), note=note)
        m.set_all("A", A)
        m.set_all("B", B)
        if C:
            m.set_all("C", [C])
        m.set_all("Bias", [PINF])
        pr.mat(m)
    # 3. cancellation: the last term cancels most of the rest (fused matters)
    for at, bt in [("fp32", "fp32"), ("fp16", "fp16"), ("bf16", "fp32"), ("hf32", "tf32"),
                   ("fp16", "bf16"), ("hif8", "e4m3"), ("e5m2", "fp32")]:
        M, N, K = rng.randint(2, 6), rng.randint(2, 6), rng.randint(4, 12)
        m = Mat(fn=rng.choice([0, 2]), at=at, bt=bt, M=M, N=N, K=K, pes=(0, 1),
                note="cancellation in column 0")
        m.fill(rng)
        for p in ALL:
            cancel(m, p, rng)
        pr.mat(m)
    # 4. larger shapes, K not a multiple of the cells, both M classes, wide exponents
    for at, bt, M, N, K, lay, style in [
            ("fp32", "fp32", 16, 40, 37, "M16", "norm"), ("fp16", "fp16", 13, 33, 40, "M16", "wide"),
            ("bf16", "bf16", 32, 9, 40, "M32", "wide"), ("e4m3", "fp16", 16, 24, 35, "M16", "norm"),
            ("hif8", "hif8", 27, 17, 31, "M32", "norm"), ("e2m1x2", "e1m2x2", 16, 40, 39, "M16", "norm"),
            ("tf32", "fp32", 7, 40, 21, "M32", "wide"), ("e3m2", "e2m3", 12, 31, 40, "M16", "norm"),
            ("fp32", "fp16", 3, 40, 40, "M16", "tiny")]:
        fn = rng.choice([0, 1, 2])
        m = Mat(fn=fn, at=at, bt=bt, M=M, N=N, K=K, pes=rng.choice([(0,), (2,), (3,)]), lay=lay)
        m.fill(rng, special=0.003, style=style)
        pr.mat(m)
    # 5. subnormal and overflowing results from wide inputs, every TGEMV form
    for fn in (16, 17, 18):
        m = Mat(fn=fn, at="fp32", M=1, N=rng.randint(3, 12), K=rng.randint(20, 40),
                pes=rand_mask(rng), lay=rng.choice(["M16", "M32"]))
        m.fill(rng, style="tiny")
        pr.mat(m)
        m = Mat(fn=fn, at="bf16", M=1, N=rng.randint(3, 12), K=rng.randint(20, 40),
                pes=rand_mask(rng), lay=rng.choice(["M16", "M32"]))
        m.fill(rng, style="big", special=0.02)
        pr.mat(m)
    # 6. a chain: D of one TMATMUL is C of the next (ACC)
    m1 = Mat(fn=0, at="fp16", M=5, N=6, K=9, pes=ALL)
    m1.fill(rng)
    d1 = pr.mat(m1)[0]
    m2 = Mat(fn=2, at="fp16", bt="e5m2", M=5, N=6, K=7, pes=ALL, note="C = the previous D")
    m2.fill(rng)
    m2.c_tile = d1
    m2.C = d1.vals
    pr.mat(m2)
    pr.write(outdir)
    return pr


def cancel(m, p, rng):
    """make column 0 of each row of A[p] x B[p] nearly cancel at the last k:
    B[K-1][0] = 1, A[m][K-1] = -(the sum of the other terms, rounded to A's type)"""
    K = m.K
    one = {"fp32": 0x3F800000, "tf32": 0x3F800000, "hf32": 0x3F800000, "fp16": 0x3C00,
           "bf16": 0x3F80, "e4m3": 0x38, "e5m2": 0x3C, "hif8": 0x08}[m.bt]
    m.B[p][K - 1][0] = one
    codes = [c for c in range(1 << BITS[m.at]) if decode(m.at, c)[0] == "f"] \
        if BITS[m.at] <= 8 else None
    for r in range(m.M):
        acc = PZERO
        for k in range(K - 1):
            acc = fadd(acc, fmul(decode(m.at, m.A[p][r][k]), decode(m.bt, m.B[p][k][0])))
        if acc[0] != "f":
            continue
        target = -acc[1]
        if m.at in ("fp16", "bf16"):
            raw = encode(fin(target), m.at)[0]
        elif codes is None:
            raw = encode(fin(target), "fp32")[0]
            if m.at == "tf32":
                raw &= ~0x1FFF
            if m.at == "hf32":
                raw &= ~0xFFF
        else:
            raw = min(codes, key=lambda c: abs(decode(m.at, c)[1] - target))
        m.A[p][r][K - 1] = raw


def gen_int(outdir, soft, stats):
    pr = Prog("cube-gen-int.s", 0xC0BE2, soft, stats)
    rng = pr.rng
    for cls in (SIGNED_IN, UNSIGNED_IN):
        for at in cls:
            for bt in cls:
                for _ in range(2):
                    gemv = rng.random() < 0.3
                    fn = rng.choice([16, 17, 18] if gemv else [0, 1, 2])
                    m = Mat(fn=fn, at=at, bt=bt, datr=datr_choice(rng, at, bt),
                            M=1 if gemv else rng.randint(1, 8), N=rng.randint(1, 12),
                            K=rng.randint(1, 20), pes=rand_mask(rng),
                            lay=rng.choice(["M16", "M32"]))
                    m.fill(rng)
                    pr.mat(vary(m, rng))
    # wrapping: large products, long K
    for at, bt, M, N, K, lay in [("s16", "s16", 16, 20, 40, "M16"), ("u16", "u16", 9, 40, 33, "M32"),
                                 ("s8", "s16", 32, 8, 40, "M32"), ("u4x2", "u8", 16, 33, 40, "M16"),
                                 ("s4x2", "s4x2", 5, 40, 39, "M16")]:
        m = Mat(fn=rng.choice([0, 1, 2]), at=at, bt=bt, M=M, N=N, K=K, pes=rng.choice([ALL, (1,)]),
                lay=lay, note="wrapping")
        m.fill(rng)
        if at in ("s16", "u16"):
            for p in ALL:
                m.A[p] = [[rng.choice([0x7FFF, 0x8000, 0xFFFF, 0x8001]) for _ in range(K)] for _ in range(M)]
        pr.mat(m)
    # ReLU on S32 (negative -> 0) and U32 (unchanged), ACC chain
    for at, fn in [("s8", 0), ("s16", 1), ("u8", 2), ("u16", 0), ("s4x2", 17)]:
        M = 1 if fn >= 16 else rng.randint(2, 9)
        m = Mat(fn=fn, at=at, M=M, N=rng.randint(2, 12), K=rng.randint(2, 12),
                pes=rand_mask(rng), relu=1)
        m.fill(rng)
        pr.mat(m)
    m1 = Mat(fn=1, at="s8", bt="s4x2", M=4, N=9, K=11, pes=(0, 1, 2))
    m1.fill(rng)
    d1 = pr.mat(m1)[0]
    m2 = Mat(fn=2, at="s8", M=4, N=9, K=5, pes=(0, 1, 2), note="C = the previous D")
    m2.fill(rng)
    m2.c_tile, m2.C = d1, d1.vals
    pr.mat(m2)
    pr.write(outdir)
    return pr


def gen_mx(outdir, soft, stats):
    pr = Prog("cube-gen-mx.s", 0xC0BE3, soft, stats)
    rng = pr.rng
    for at in MX_IN:
        for bt in MX_IN:
            gemv = rng.random() < 0.3
            fn = rng.choice([20, 21, 22] if gemv else [4, 5, 6])
            K = rng.choice([rng.randint(1, 31), rng.randint(33, 70), 32, 64])
            m = Mat(fn=fn, at=at, bt=bt, datr=datr_choice(rng, at, bt),
                    M=1 if gemv else rng.randint(1, 6), N=rng.randint(1, 9), K=K,
                    pes=rand_mask(rng), lay=rng.choice(["M16", "M32"]))
            m.fill(rng, special=0.01, snan=0.01)
            pr.mat(vary(m, rng))
    # scales at the extremes: subnormal and overflowing FP32 results
    for at, bt, lo, hi, note in [("e4m3", "e5m2", 48, 54, "small scales: subnormal results"),
                                 ("e2m1x2", "e1m2x2", 58, 64, "small scales: subnormal results"),
                                 ("e4m3", "e2m1x2", 0, 30, "tiny scales: zero results"),
                                 ("e5m2", "e4m3", 230, 254, "huge scales: inf results"),
                                 ("e4m3", "fp16", 200, 254, "huge A scale"),
                                 ("bf16", "e2m1x2", 0, 254, "any scale")]:
        m = Mat(fn=rng.choice([4, 5, 6]), at=at, bt=bt, M=rng.randint(2, 8), N=rng.randint(2, 8),
                K=rng.randint(30, 70), pes=rand_mask(rng), note=note)
        m.fill(rng, sstyle=(lo, hi))
        pr.mat(m)
    # a 0xFF scale in one K block of A (row 0) and of B (column 1)
    m = Mat(fn=4, at="e4m3", bt="e5m2", M=3, N=3, K=40, pes=(0,), note="0xFF scales: NaN lanes")
    m.fill(rng)
    m.SA[0][0][1] = 0xFF
    m.SB[0][0][1] = 0xFF
    pr.mat(m)
    # the profile's vector: K = 33 ones, scales A [0x7F, 0x80], B [0x7F, 0x81] = 40 (+2, +3)
    for fn, extra in ((4, 0), (5, 2), (6, 3)):
        m = Mat(fn=fn, at="e4m3", bt="e5m2", M=1, N=1, K=33, pes=(0,), note="the profile's vector")
        m.set_all("A", [[0x38] * 33])
        m.set_all("B", [[0x3C]] * 33)
        m.set_all("SA", [[0x7F, 0x80]])
        m.set_all("SB", [[0x7F], [0x81]])
        m.set_all("Bias", [fp32_bits(extra)])
        m.set_all("C", [[fp32_bits(extra)]])
        pr.mat(m)
    # larger: M up to 16 / 32, K > 64
    for at, bt, M, N, K, lay in [("e4m3", "e4m3", 16, 12, 70, "M16"), ("fp16", "e2m1x2", 32, 5, 65, "M32"),
                                 ("e1m2x2", "bf16", 11, 12, 96, "M16"), ("e5m2", "e5m2", 20, 12, 40, "M32")]:
        m = Mat(fn=rng.choice([4, 5, 6]), at=at, bt=bt, M=M, N=N, K=K, pes=rng.choice([ALL, (3,)]),
                lay=lay)
        m.fill(rng, special=0.002)
        pr.mat(m)
    pr.write(outdir)
    return pr


def gen_v0(outdir, soft, stats):
    """the raw-word products of the pto-v0 profile over random shapes, forms
    and masks: the engine's integer kernel on the words"""
    pr = Prog("cube-gen-v0.s", 0xC0BE9, soft, stats, v0=True)
    rng = pr.rng
    pairs = [("fp32", "fp32"), ("fp16", "fp16"), ("bf16", "bf16"), ("e4m3", "e5m2"),
             ("s8", "s8"), ("s16", "s8"), ("u8", "u16"), ("s4x2", "s8"), ("u4x2", "u4x2")]
    for at, bt in pairs:
        for _ in range(2):
            gemv = rng.random() < 0.3
            fn = rng.choice([16, 17, 18] if gemv else [0, 1, 2])
            m = Mat(fn=fn, at=at, bt=bt, M=1 if gemv else rng.randint(1, 8),
                    N=rng.randint(1, 12), K=rng.randint(1, 40), pes=rand_mask(rng),
                    lay=rng.choice(["M16", "M32"]))
            m.fill(rng, special=0.05)
            pr.mat(m)
    # MX forms: each scaled word times its E8M0 scale byte
    for at, bt in (("e4m3", "e5m2"), ("e2m1x2", "e4m3"), ("fp16", "e1m2x2"), ("bf16", "bf16")):
        m = Mat(fn=rng.choice([4, 5, 6]), at=at, bt=bt, M=rng.randint(1, 6),
                N=rng.randint(1, 9), K=rng.randint(20, 70), pes=rand_mask(rng))
        m.fill(rng, sstyle=(0, 254))
        pr.mat(m)
    # larger shapes (the kernel's blocks and panels)
    for at, M, N, K, lay in (("fp32", 16, 40, 33, "M16"), ("s8", 32, 24, 40, "M32"),
                             ("bf16", 20, 33, 17, "M32")):
        m = Mat(fn=rng.choice([0, 2]), at=at, M=M, N=N, K=K, pes=ALL, lay=lay)
        m.fill(rng, special=0.02)
        pr.mat(m)
    pr.write(outdir)
    return pr


def gen_coop(outdir, soft, stats):
    pr = Prog("cube-gen-coop.s", 0xC0BE4, soft, stats)
    rng = pr.rng
    # Shared A + B: distinct slices per PE, every form that allows Shared
    specs = [
        (0, "fp32", "fp32", 2, 4, 8, ALL, False, False), (1, "fp16", "fp16", 4, 8, 16, ALL, False, False),
        (2, "bf16", "e4m3", 8, 4, 4, ALL, False, False), (0, "s8", "s8", 4, 16, 8, ALL, False, False),
        (1, "u4x2", "u8", 2, 8, 32, ALL, False, False), (2, "s16", "s4x2", 1, 4, 16, ALL, False, False),
        (0, "fp32", "fp32", 4, 4, 8, (1,), True, False), (0, "hif8", "fp16", 2, 8, 8, (2,), False, True),
        (1, "fp32", "tf32", 8, 2, 4, (0, 1), True, True), (2, "e2m3", "e3m2", 4, 4, 4, (0, 1, 2), False, False),
        (0, "e2m1x2", "e1m2x2", 16, 2, 8, ALL, True, False), (0, "fp16", "fp16", 32, 4, 2, ALL, False, False),
        (0, "u16", "u16", 2, 2, 2, (3,), False, True),
    ]
    for fn, at, bt, M, N, K, pes, ta, tb in specs:
        m = Mat(fn=fn, at=at, bt=bt, M=M, N=N, K=K, pes=pes, shared="AB", ta=ta, tb=tb,
                lay=rng.choice(["M16", "M32"]) if M <= 16 else "M32")
        m.fill(rng)
        pr.mat(m)
    # MX with Shared A, A scale, B, B scale (and the FP16 / BF16 sides without)
    for fn, at, bt, M, N, K, pes in [(4, "e4m3", "e5m2", 2, 4, 64, ALL), (5, "e2m1x2", "fp16", 4, 2, 32, ALL),
                                     (6, "bf16", "e1m2x2", 1, 8, 64, (0, 1)), (4, "fp16", "bf16", 2, 2, 16, ALL),
                                     (4, "e5m2", "e4m3", 4, 4, 128, (2,))]:
        m = Mat(fn=fn, at=at, bt=bt, M=M, N=N, K=K, pes=pes, shared="AB",
                ta=rng.random() < 0.3, tb=rng.random() < 0.3)
        m.fill(rng)
        pr.mat(m)
    # a Shared A with more valid rows than 4M (the slices still start at 0)
    m = Mat(fn=0, at="fp32", M=2, N=2, K=4, pes=ALL, shared="AB", note="Shared A of 12 rows, 4M = 8")
    m.fill(rng)
    pr.case(m.describe())
    ops = {}
    pr.locked = set()
    full = [row for p in ALL for row in m.A[p]] + \
        [[rand_raw(rng, "fp32") for _ in range(4)] for _ in range(4)]
    ops["sA"] = pr.load_shared("fp32", full, "Shared A, 12 x 4")
    ops["sB"] = pr.load_shared("fp32", m.B[0], "Shared B")
    plan = pr.dest_plan(m, ops)
    pr.block(m, ops, plan)
    pr.results(m, plan)
    # Shared-B-only: Local A per PE, a common Shared B (MX: Local A scale, Shared B scale)
    for fn, at, bt, M, N, K, pes in [(0, "fp32", "fp32", 4, 4, 8, ALL), (1, "e4m3", "hif8", 16, 8, 16, ALL),
                                     (2, "s8", "s16", 8, 2, 4, (0, 1, 2)), (4, "e4m3", "e2m1x2", 2, 4, 64, ALL),
                                     (6, "fp16", "e5m2", 1, 2, 32, (1,)), (0, "u8", "u4x2", 32, 4, 8, ALL),
                                     (5, "e1m2x2", "bf16", 4, 4, 64, (0, 1))]:
        m = Mat(fn=fn, at=at, bt=bt, M=M, N=N, K=K, pes=pes, shared="B",
                lay=rng.choice(["M16", "M32"]) if M <= 16 else "M32", tb=rng.random() < 0.3)
        m.fill(rng)
        pr.mat(m)
    # cooperative with RowMax / GroupMax and ReLU
    m = Mat(fn=1, at="fp16", M=4, N=16, K=8, pes=ALL, shared="AB", rowmax=True, gncode=1, relu=1)
    m.fill(rng)
    pr.mat(m)
    m = Mat(fn=0, at="s8", M=2, N=8, K=4, pes=ALL, shared="B", rowmax=True, maxabs=True)
    m.fill(rng)
    pr.mat(m)
    pr.write(outdir)
    return pr


def gen_post(outdir, soft, stats):
    pr = Prog("cube-gen-post.s", 0xC0BE5, soft, stats)
    rng = pr.rng
    # RowMax / GroupMax / MaxAbs / RowMaxInit over each accumulator type
    combos = []
    for rowmax in (False, True):
        for gn in (0, 1, 2, 3, 4, 9):
            for maxabs in (False, True):
                for rmi in (False, True):
                    if rmi and not rowmax or maxabs and not (rowmax or gn):
                        continue
                    if not rowmax and not gn:
                        continue
                    combos.append((rowmax, gn, maxabs, rmi))
    for i, (rowmax, gn, maxabs, rmi) in enumerate(combos):
        at = [("fp32", "fp32"), ("fp16", "bf16"), ("s8", "s8"), ("u8", "u16"), ("e4m3", "e4m3"),
              ("s16", "s4x2")][i % 6]
        if gn:
            g = rng.choice([1, 2, 4])
            N = min(40, rng.randint((g - 1) * GROUPN[gn] + 1, g * GROUPN[gn]))
            while not is_pow2(cdiv(N, GROUPN[gn])):
                N -= 1
        else:
            N = rng.randint(1, 40)
        fn = rng.choice([0, 1, 2, 16, 17, 18])
        M = 1 if fn >= 16 else rng.randint(1, 16)
        m = Mat(fn=fn, at=at[0], bt=at[1], M=M, N=N, K=rng.randint(1, 12), pes=rand_mask(rng),
                rowmax=rowmax, gncode=gn, maxabs=maxabs, rmi=rmi)
        m.fill(rng, special=0.05)
        if m.acct == "fp32":
            for p in ALL:       # RowMaxIn specials: sNaN, qNaN, -0, -inf
                m.RMI[p] = [rng.choice([0x7F800001, 0xFFC00000, 0x80000000, 0xFF800000, v])
                            for v in m.RMI[p]]
        pr.mat(m)
    # MX with RowMax and GroupMax
    m = Mat(fn=5, at="e4m3", bt="e2m1x2", M=6, N=32, K=40, pes=ALL, rowmax=True, gncode=2,
            maxabs=True, rmi=True)
    m.fill(rng, snan=0.05)
    pr.mat(m)
    # the RowMaxOut of one operation is the RowMaxIn of the next
    m1 = Mat(fn=0, at="fp32", M=7, N=9, K=5, pes=(0, 1), rowmax=True)
    m1.fill(rng)
    r1 = pr.mat(m1)[1]
    m2 = Mat(fn=0, at="fp32", M=7, N=12, K=3, pes=(0, 1), rowmax=True, rmi=True,
             note="RowMaxIn = the previous RowMaxOut")
    m2.fill(rng)
    m2.rmi_tile = r1
    m2.RMI = {p: [row[0] for row in r1.vals[p]] for p in r1.vals}
    for p in ALL:
        m2.RMI.setdefault(p, [0] * 7)
    pr.mat(m2)
    # S32 with INT_MIN in P (bias 0x80000000, products 0) under MaxAbs
    m = Mat(fn=1, at="s8", M=2, N=4, K=2, pes=(0,), rowmax=True, gncode=1, maxabs=True,
            note="|INT_MIN| = 0x7FFFFFFF")
    m.fill(rng)
    m.set_all("A", [[0, 0], [1, 0]])
    m.set_all("Bias", [0x80000000, 5, 0xFFFFFFFF, 0x7FFFFFFF])
    pr.mat(m)
    # PreQuantMode 1 (F322F16) and 16 (F322BF16), with and without ReLU
    for pq in (1, 16):
        for relu in (0, 1):
            for style in ("norm", "wide", "tiny", "big"):
                fn = rng.choice([0, 1, 2, 4, 5, 6, 16, 17, 18, 20, 21, 22])
                mx = fn & 4
                at = rng.choice(MX_IN if mx else FLOAT_IN)
                bt = rng.choice(MX_IN if mx else FLOAT_IN)
                M = 1 if fn >= 16 else rng.randint(1, 16)
                m = Mat(fn=fn, at=at, bt=bt, M=M, N=rng.randint(1, 40), K=rng.randint(1, 20),
                        pes=rand_mask(rng), pq=pq, relu=relu, lay=rng.choice(["M16", "M32"]),
                        rowmax=rng.random() < 0.3)
                m.fill(rng, special=0.02, style=style if at in ("fp32", "bf16", "fp16") else "norm",
                       sstyle=(100, 140))
                pr.mat(m)
    # P values on the FP16 / BF16 rounding boundaries: an ACC whose C holds
    # them and whose product is -0 (C + -0 = C, and -0 + -0 = -0)
    vals = [1 + 2 ** -11, 1 + 3 * 2 ** -11, 65504, 65519.99, 65520, -65520, 2 ** -24, 2 ** -25,
            3 * 2 ** -26, 2 ** -14 - 2 ** -25, -2 ** -30, 2 ** -30, 1 + 2 ** -8,
            1 + 3 * 2 ** -8, 2 ** -133, 3 * 2 ** -135, -(2 ** 127) * 1.99609375, 2 ** 127 * 1.998046875,
            2 ** -126 - 2 ** -134, -2 ** -140]
    row = [fp32_bits(v) for v in vals] + [0x80000000, 0, 0x7FC00000, 0x7F800000, 0xFF800000,
                                          0xFF812345, 0x807FFFFF]

    def exact_p(m, rows):
        """P = C: C = ROWS, A = -0, B = 1 (K = 1)"""
        m.set_all("C", rows)
        m.set_all("A", [[0x80000000]] * len(rows))
        m.set_all("B", [[0x3F800000] * len(rows[0])])

    for pq in (1, 16):
        for relu in (0, 1):
            m = Mat(fn=2, at="fp32", M=1, N=len(row), K=1, pes=(0,), pq=pq, relu=relu,
                    note="rounding boundaries, -0, NaN, +-inf")
            exact_p(m, [row])
            pr.mat(m)
    # ReLU with PreQuantMode 0 on FP32: -0, negatives, -inf, NaN, subnormals
    m = Mat(fn=2, at="fp32", M=1, N=8, K=1, pes=(0,), relu=1, note="ReLU: -0 +0 neg -inf NaN sub")
    exact_p(m, [[0x80000000, 0, 0xBF800000, 0xFF800000, 0x7FC00000, 0x7F800000, 0x80000001,
                 0x00000001]])
    pr.mat(m)
    # the MAX rule on signed zeros, NaNs and infinities (RowMax, GroupMax, RowMaxInit)
    NZ, QN, PI, NI = 0x80000000, 0x7FC00000, 0x7F800000, 0xFF800000
    rows = [[NZ, 0], [0, NZ], [NZ, NZ], [QN, QN], [QN, NI], [NI, NZ], [NZ, QN], [PI, QN]]
    rmi = [NZ, NZ, 0, 0x7FC01234, 0xFFC00000, 0x7F800001, 0, NZ]
    for maxabs in (False, True):
        for init in (False, True):
            m = Mat(fn=2, at="fp32", M=len(rows), N=2, K=1, pes=(1,), rowmax=True, gncode=1,
                    maxabs=maxabs, rmi=init, note="MAX of signed zeros, NaNs, infinities")
            exact_p(m, rows)
            m.set_all("RMI", rmi)
            pr.mat(m)
    pr.write(outdir)
    return pr


def sweep_codes(t, rng):
    """every code of a narrow type; a sample of 256 codes of a wide one"""
    bits = BITS[t]
    if t in ("e3m2", "e2m3"):
        return list(range(64))
    if bits <= 8:
        return list(range(1 << bits))
    if t == "fp16":
        return [s | (e << 10) | mm for s in (0, 0x8000) for e in range(32) for mm in (0, 1, 0x200, 0x3FF)]
    if t == "bf16":
        c = [s | (e << 7) | mm for s in (0, 0x8000) for e in (0, 1, 2, 100, 126, 127, 128, 200, 253, 254, 255)
             for mm in (0, 1, 0x40, 0x7F)]
        return c + [rng.getrandbits(16) for _ in range(256 - len(c))]
    if t in ("fp32", "tf32", "hf32"):
        low0 = {"fp32": 0, "tf32": 13, "hf32": 12}[t]
        keep = ~((1 << low0) - 1) & M32
        c = [s | (e << 23) | mm for s in (0, 1 << 31) for e in (0, 1, 2, 60, 126, 127, 128, 190, 253, 254, 255)
             for mm in (0, 1 << low0, 0x400000, 0x7FFFFF & keep)]
        return c + [rng.getrandbits(32) & keep for _ in range(256 - len(c))]
    c = [0, 1, (1 << bits) - 1, 1 << (bits - 1), (1 << (bits - 1)) - 1, 2, (1 << bits) - 2]
    return c + [rng.getrandbits(bits) for _ in range(256 - len(c))]


def gen_types(outdir, soft, stats):
    """every input type decoded on its own, on the B side (1 x N, A = 1) and on
    the A side (M x 1, B = 1): each D element is the exact input value"""
    pr = Prog("cube-gen-types.s", 0xC0BE8, soft, stats)
    rng = pr.rng
    ONE = {"fp32": 0x3F800000, "fp16": 0x3C00, "bf16": 0x3F80, "s8": 1, "u8": 1, "e4m3": 0x38}
    for t in FLOAT_IN + SIGNED_IN + UNSIGNED_IN:
        cls = CLASS[t]
        other = {"f": "fp32", "s": "s8", "u": "u8"}[cls]
        codes = sweep_codes(t, rng)
        gemv = rng.random() < 0.5
        m = Mat(fn=16 if gemv else 0, at=other, bt=t, M=1, N=len(codes), K=1,
                pes=rand_mask(rng), note="every %s code as B" % t)
        m.set_all("A", [[ONE[other]]])
        m.set_all("B", [codes])
        pr.mat(m)
        # the A side: M x K codes times a K x K identity (D = A exactly); inf
        # and NaN are left out (inf * 0 would poison the row)
        if cls == "f":
            codes = [c for c in codes if decode(t, c)[0] == "f"]
        K = 8 if len(codes) >= 64 else 4
        codes += codes[:-len(codes) % K or 0]
        M = len(codes) // K
        for i in range(0, M, 32):
            rows = [codes[(i + r) * K:(i + r + 1) * K] for r in range(min(32, M - i))]
            m = Mat(fn=0, at=t, bt=other, M=len(rows), N=K, K=K, pes=rand_mask(rng),
                    lay="M32" if len(rows) > 16 or rng.random() < 0.5 else "M16",
                    note="%s codes as A, times an identity" % t)
            m.set_all("A", rows)
            m.set_all("B", [[ONE[other] if k == n else 0 for n in range(K)] for k in range(K)])
            pr.mat(m)
    # the MX inputs through the scaled path: B codes times a per-column scale
    for t in MX_IN:
        codes = sweep_codes(t, rng)
        fn = rng.choice([4, 20])
        m = Mat(fn=fn, at="fp16", bt=t, M=1, N=len(codes), K=1, pes=rand_mask(rng),
                note="every %s code as an MX B, scales 2^-3..2^3" % t)
        m.set_all("A", [[0x3C00]])
        m.set_all("B", [codes])
        m.set_all("SB", [[rng.randint(124, 130) for _ in codes]])
        pr.mat(m)
        m = Mat(fn=4, at=t, bt="bf16", M=32, N=1, K=1, pes=rand_mask(rng), lay="M32",
                note="%s codes as an MX A with per-row scales" % t)
        m.set_all("A", [[rng.choice(codes)] for _ in range(32)])
        m.set_all("SA", [[rng.choice([0x7F, 0x7F, 0x00, 0xFE, 0xFF, 0x80])] for _ in range(32)])
        m.set_all("B", [[0x3F80]])
        pr.mat(m)
    pr.write(outdir)
    return pr


def gen_flags(outdir, soft, stats):
    """numeric status: from PostProcess and the reductions only, on success only"""
    pr = Prog("cube-gen-flags.s", 0xC0BE6, soft, stats)
    one = 0x3F800000
    cases = [
        (1, 0, [1.0], 0, "F322F16 exact: no flag"),
        (1, 0, [1 + 2 ** -20], NX, "F322F16 inexact: NX"),
        (1, 0, [70000.0], OF | NX, "F322F16 overflow: OF NX"),
        (1, 0, [2 ** -20 + 2 ** -30], UF | NX, "F322F16 tiny and inexact: UF NX"),
        (1, 0, [2 ** -20], 0, "F322F16 exact subnormal: no flag"),
        (1, 0, [65520.0], OF | NX, "F322F16 of 65520 (a tie above the largest): OF NX"),
        (1, 0, [2 ** -14 - 2 ** -27], UF | NX,
         "F322F16 of a subnormal that rounds up to 2^-14: UF NX"
         " (ReferenceBinary16Encoding)"),
        (16, 0, [2 ** -130 + 2 ** -140], UF | NX, "F322BF16 tiny and inexact: UF NX"),
        (16, 0, [-(2 ** -140)], UF | NX, "F322BF16 of -2^-140: -0, UF NX"),
        (16, 0, [1 + 2 ** -10], NX, "F322BF16 inexact: NX"),
        (16, 0, [2 ** 127 * 1.999], OF | NX, "F322BF16 overflow: OF NX"),
        (16, 1, [-3.0, 1 + 2 ** -10], NX, "ReLU then F322BF16: NX from the positive lane"),
        (16, 1, [-(1 + 2 ** -10)], 0, "ReLU: negative * 0 is exact"),
        (0, 1, [-(1 + 2 ** -10), 2 ** -140], 0, "ReLU in FP32: exact"),
    ]
    for pq, relu, vals, fl, note in cases:
        m = Mat(fn=0, at="fp32", M=1, N=len(vals), K=1, pes=(0,), pq=pq, relu=relu, note=note)
        m.set_all("A", [[one]])
        m.set_all("B", [[fp32_bits(v) for v in vals]])
        _, _, _, f = pr.mat(m)
        assert f == fl, (note, f, fl)
        pr.emit("cg_flags 0x%x" % (fl << 32))
    # NaN P into FP16: a quiet canonical NaN raises nothing
    m = Mat(fn=0, at="fp32", M=1, N=1, K=1, pes=(0,), pq=1, note="NaN into FP16: no flag")
    m.set_all("A", [[0x7F800000]])
    m.set_all("B", [[0]])
    pr.mat(m)
    pr.emit("cg_flags 0")
    # four PEs: the flags of every PE are ORed
    m = Mat(fn=0, at="fp32", M=1, N=1, K=1, pes=ALL, pq=1, note="OF on PE2 only, NX on PE3")
    m.set_all("A", [[one]])
    m.B = {0: [[one]], 1: [[one]], 2: [[fp32_bits(1e6)]], 3: [[fp32_bits(1 + 2 ** -20)]]}
    _, _, _, f = pr.mat(m)
    pr.emit("cg_flags 0x%x" % (f << 32))
    # a rejected block publishes no flag: an F322F16 overflow with a RowMaxEn
    # whose destination is missing
    m = Mat(fn=0, at="fp32", M=1, N=1, K=1, pes=(0,), pq=1)
    m.set_all("A", [[one]])
    m.set_all("B", [[fp32_bits(1e6)]])
    pr.case("a rejected block (RowMaxEn without its destination) publishes no flag")
    ops = pr.operands(m)
    pr.fault(m, ops, {"fpatr": "b.fpatr prequant=1, relu=0, groupn=0, rowmax, func=2, opc1=2, opcode=1, w=1"},
             newcase=False)
    pr.emit("cg_flags 0")
    # the reductions: a signaling NaN RowMaxIn (NV), |INT_MIN| (OF)
    m = Mat(fn=0, at="fp32", M=2, N=2, K=1, pes=(0,), rowmax=True, rmi=True,
            note="RowMaxIn sNaN: NV")
    m.set_all("A", [[one], [one]])
    m.set_all("B", [[one, 0x40000000]])
    m.set_all("RMI", [0x7F800001, 0x3F800000])
    _, _, _, f = pr.mat(m)
    assert f == NV
    pr.emit("cg_flags 0x%x" % (NV << 32))
    m = Mat(fn=1, at="s8", M=1, N=2, K=1, pes=(0,), rowmax=True, maxabs=True,
            note="MaxAbs of INT_MIN: OF")
    m.set_all("A", [[0]])
    m.set_all("B", [[0, 0]])
    m.set_all("Bias", [0x80000000, 3])
    _, _, _, f = pr.mat(m)
    assert f == OF
    pr.emit("cg_flags 0x%x" % (OF << 32))
    m = Mat(fn=1, at="s8", M=1, N=2, K=1, pes=(0,), gncode=1, maxabs=True,
            note="GroupMax MaxAbs of INT_MIN: OF")
    m.set_all("A", [[0]])
    m.set_all("B", [[0, 0]])
    m.set_all("Bias", [3, 0x80000000])
    _, _, _, f = pr.mat(m)
    assert f == OF
    pr.emit("cg_flags 0x%x" % (OF << 32))
    pr.write(outdir)
    return pr


def gen_legal(outdir, soft, stats):
    """the legality rules: each faulting block changes nothing; then the
    same operands give the model's result"""
    pr = Prog("cube-gen-legal.s", 0xC0BE7, soft, stats)
    rng = pr.rng
    FP = "b.fpatr prequant=%d, relu=%d, groupn=%d%s, func=2, opc1=2, opcode=1, w=1"

    def base(**kw):
        d = dict(fn=0, at="fp32", M=3, N=5, K=6, pes=(0,))
        d.update(kw)
        m = Mat(**d)
        m.fill(rng)
        for p in ALL:               # small integers: exact, no flag anywhere
            m.A[p] = [[fp32_bits(rng.randint(-4, 4)) if CLASS[m.at] == "f" and not m.mx else x
                       for x in row] for row in m.A[p]]
        return m

    def control(m, ops):
        """the legal block over the same operands"""
        pr.emit("; the operands survive: the legal block gives the model's result")
        plan = pr.dest_plan(m, ops)
        pr.block(m, ops, plan)
        pr.results(m, plan)

    def group(m, faults):
        """load M's operands, run each faulting variant, then the legal block"""
        pr.case("operands of: " + m.describe())
        ops = pr.operands(m)
        for comment, mods, at in faults:
            pr.case(comment)
            pr.fault(m, ops, mods, at, newcase=False)
        pr.case("control: " + m.describe())
        control(m, ops)
        return ops

    # types
    m = base()
    group(m, [
        ("FP32 x S8: not one class", {"datr": "b.datr layout=0, datatype=19, pad=0, cmode=0, rmode=0"}, "stop"),
        ("FP32 x E8M0", {"datr": "b.datr layout=0, datatype=13, pad=0, cmode=0, rmode=0"}, "stop"),
        ("FP32 x HiF4X2", {"datr": "b.datr layout=0, datatype=14, pad=0, cmode=0, rmode=0"}, "stop"),
        ("FP64 A", {"at": "fp64"}, "stop"),
        ("S32 A", {"at": "s32"}, "stop"),
        ("FP32 in an MX form", {"fn": 4}, "stop"),
        ("B.DATR Layout 0 but Pad 1", {"datr": "b.datr layout=0, datatype=1, pad=1, cmode=0, rmode=0"}, "stop"),
        ("B.DATR Layout 1 (ND2DN)", {"datr": "b.datr layout=1, datatype=1, pad=0, cmode=0, rmode=0"}, "stop"),
        ("B.DATR Layout 22 (a CUBE transport layout) in a Matrix block",
         {"datr": "b.datr layout=22, datatype=31, pad=0, cmode=0, rmode=0"}, "stop"),
        ("B.DATR RMode 2 with PreQuantMode 0", {"datr": "b.datr layout=0, datatype=1, pad=0, cmode=0, rmode=2"}, "stop"),
        # shapes
        ("K = 7 against A's 6 columns", {"dims": (3, 5, 7)}, "stop"),
        ("M = 2 against A's 3 rows", {"dims": (2, 5, 6)}, "stop"),
        ("N = 4 against B's 5 columns", {"dims": (3, 4, 6)}, "stop"),
        ("an explicit LB2 = 0", {"dims": (3, 5, 0)}, "stop"),
        ("A and B swapped", {"srcs": "swap"}, "stop"),
        ("only one Local source (A, no B)", {"srcs": "one"}, "stop"),
        ("a B.IOR (no parameter is used)", {"pre": ["b.ior a0, zero, zero, ->zero"]}, "stop"),
        ("a B.IOR with a RegDst", {"pre": ["b.ior zero, zero, zero, ->a4"]}, "stop"),
        ("TransA without a Shared operand", {"fpatr": FP % (0, 0, 0, ", transa")}, "stop"),
        ("TransB without a Shared operand", {"fpatr": FP % (0, 0, 0, ", transb")}, "stop"),
        ("no B.FPATR (Fault_BundleControl)", {"fpatr": None}, "stop"),
        ("PreQuantMode 2 (VREQ8) needs an S32 accumulator", {"fpatr": FP % (2, 0, 0, "")}, "stop"),
        ("PreQuantMode 35 (QS322BF16_PRE) needs an S32 accumulator",
         {"fpatr": FP % (35, 0, 0, ""), "pre": ["b.ior a4, zero, zero, ->zero"],
          "before": ["hl.liu 0x3f800000, ->a4"]}, "stop"),
        ("ReluMode 2 with a negative LReLU alpha (-1.0 in FP19 [18:0])",
         {"fpatr": FP % (0, 2, 0, ""), "pre": ["b.ior a4, zero, zero, ->zero"],
          "before": ["hl.liu 0x5fc00, ->a4"]}, "stop"),
        ("ReluMode 3 without its PReLU vector source", {"fpatr": FP % (0, 3, 0, "")}, "stop"),
        ("RowMaxEn without its destination", {"fpatr": FP % (0, 0, 0, ", rowmax")}, "stop"),
        ("a RowMax destination without RowMaxEn", {"dsts": ["->m<0001>", "->n<0001>"]}, "stop"),
        ("block mask 1100 against the operands' 1000",
         {"mask": (0, 1)}, "stop"),
        ("B.FPATR enables disagree: RowMaxInit without RowMaxEn", {"fpatr": FP % (0, 0, 0, ", rowmaxinit")}, "fpatr"),
        ("B.FPATR enables disagree: GroupMaxEn with GroupNCode 0", {"fpatr": FP % (0, 0, 0, ", groupmax")}, "fpatr"),
        ("B.FPATR enables disagree: GroupNCode 2 without GroupMaxEn", {"fpatr": FP % (0, 0, 2, "")}, "fpatr"),
        ("B.FPATR enables disagree: MaxAbsEn without a reduction", {"fpatr": FP % (0, 0, 0, ", maxabs")}, "fpatr"),
    ])
    # the accumulator class decides the legal PreQuantModes
    for at, faults in (("s8", [("PreQuantMode 1 (F322F16) on an S32 accumulator", 1),
                               ("PreQuantMode 16 (F322BF16) on an S32 accumulator", 16)]),
                       ("u8", [("PreQuantMode 1 on a U32 accumulator", 1),
                               ("PreQuantMode 16 on a U32 accumulator", 16)])):
        m = base(at=at, M=2, N=3, K=4)
        group(m, [(c, {"fpatr": FP % (pq, 0, 0, "")}, "stop") for c, pq in faults] +
              [("S8 x U8: not one class", {"datr": "b.datr layout=0, datatype=%d, pad=0, cmode=0, rmode=0"
                                          % (27 if at == "s8" else 19)}, "stop"),
               ("%s x FP16: not one class" % at.upper(),
                {"datr": "b.datr layout=0, datatype=4, pad=0, cmode=0, rmode=0"}, "stop")])
    # a reserved PreQuantMode does not decode: Fault_IllegalInstruction at the B.FPATR
    m = base(M=1, N=2, K=2)
    pr.case("operands")
    ops = pr.operands(m)
    pr.case("PreQuantMode 6 is reserved: Fault_IllegalInstruction at the B.FPATR")
    pr.emit("cg_snap")
    pr.emit("expect_fault r_ill")
    pr.emit("bstart.tmatmul fp32")
    pr.text.append("h_ill: .word 0x%08x" % ((6 << 26) | 0x2023))
    pr.emit("b.iot %s, %s, mask=1000, last, ->m<0001>" % (pr.sel(ops["A"]), pr.sel(ops["B"])))
    pr.emit("bstop")
    pr.text.append("r_ill:")
    pr.fault_check(4, "h_ill")
    pr.case("control")
    control(m, ops)
    # layouts: B not CUBE_N8, A row-major, A not CUBE at all
    m = base(M=2, N=2, K=4)
    pr.case("operands: B as CUBE_M16, A as row-major")
    ops = pr.operands(m)
    bad_b = pr.load_cube("fp32", "M16", {p: m.B[p] for p in ALL}, 4, 2, m.pes, note="B in M16")
    bad_a = pr.load_rm("fp32", {p: m.A[p] for p in ALL}, 2, 4, m.pes, note="A row-major")
    a_n8 = pr.load_cube("fp32", "N8", {p: m.A[p] for p in ALL}, 2, 4, m.pes, note="A in N8")
    pr.case("B not CUBE_N8 (CUBE_M16)")
    pr.fault(m, ops, {"srcs": [pr.sel(ops["A"]), pr.sel(bad_b)]}, newcase=False)
    pr.case("A row-major")
    pr.fault(m, ops, {"srcs": [pr.sel(bad_a), pr.sel(ops["B"])]}, newcase=False)
    pr.case("A in CUBE_N8")
    pr.fault(m, ops, {"srcs": [pr.sel(a_n8), pr.sel(ops["B"])]}, newcase=False)
    pr.case("control")
    control(m, ops)
    # M > 16 with an M16 A is impossible to load; D's size: a result too big for its SizeCode
    m = base(M=2, N=16, K=2)
    pr.case("operands: a 2 x 16 result")
    ops = pr.operands(m)
    pr.case("D SizeCode 1 for 8 cells (Fault_TileAllocation)")
    pr.fault(m, ops, {"dsts": ["->m<0001>"]}, newcase=False)
    pr.case("control")
    control(m, ops)
    # ACC: the C capacity rule and the alias rule
    m = base(fn=2, M=2, N=2, K=2)
    pr.case("operands of an ACC")
    ops = pr.operands(m)
    big_c = pr.load_cube("fp32", "M16", {p: m.C[p] for p in ALL}, 2, 2, m.pes, code=3, note="C, 512 bytes")
    pr.case("ACC: C's capacity (512) differs from D's (128)")
    pr.fault(m, ops, {"srcs": [pr.sel(big_c), pr.sel(ops["A"]), pr.sel(ops["B"])]}, newcase=False)
    pr.case("ACC: C's selector t#2 equals D's hand code (->u)")
    c_t2 = pr.load_cube("fp32", "M16", {p: m.C[p] for p in ALL}, 2, 2, m.pes, hand="t", code=1)
    pr.load_cube("u8", "M16", {p: [[1]] for p in ALL}, 1, 1, m.pes, hand="t", note="pushes C to t#2")
    pr.fault(m, ops, {"srcs": [pr.sel(c_t2), pr.sel(ops["A"]), pr.sel(ops["B"])],
                      "dsts": ["->u<0001>"]}, newcase=False)
    c_rm = pr.load_rm("fp32", {p: m.C[p] for p in ALL}, 2, 2, m.pes, note="C row-major")
    c_32 = pr.load_cube("fp32", "M32", {p: m.C[p] for p in ALL}, 2, 2, m.pes, note="C in M32")
    c_s32 = pr.load_cube("s32", "M16", {p: m.C[p] for p in ALL}, 2, 2, m.pes, code=1, note="C of S32")
    c_13 = pr.load_cube("fp32", "M16", {p: m.C[p][:1] for p in ALL}, 1, 2, m.pes, code=1, note="C 1 x 2")
    for comment, c in (("ACC: C row-major", c_rm), ("ACC: C in CUBE_M32 (256 bytes), A and D in CUBE_M16", c_32),
                       ("ACC: C of S32 for an FP32 accumulator", c_s32), ("ACC: C of 1 x 2 for M = 2", c_13)):
        pr.case(comment)
        pr.fault(m, ops, {"srcs": [pr.sel(c), pr.sel(ops["A"]), pr.sel(ops["B"])]}, newcase=False)
    pr.case("control (C = the t tile of the alias case, D to a hand it does not alias)")
    ops2 = dict(ops)
    ops2["C"] = c_t2
    plan = pr.dest_plan(m, ops2)
    pr.block(m, ops2, plan)
    pr.results(m, plan)
    # BIAS: shape, type, layout
    m = base(fn=1, M=2, N=3, K=2)
    pr.case("operands of a BIAS")
    ops = pr.operands(m)
    b12 = pr.load_rm("fp32", {p: [m.Bias[p][:2]] for p in ALL}, 1, 2, m.pes, note="a 1 x 2 bias")
    b_s = pr.load_rm("s32", {p: [m.Bias[p]] for p in ALL}, 1, 3, m.pes, note="an S32 bias")
    b_c = pr.load_cube("fp32", "M16", {p: [m.Bias[p]] for p in ALL}, 1, 3, m.pes, note="a CUBE bias")
    for comment, b in (("BIAS of 1 x 2 for N = 3", b12), ("an S32 bias for an FP32 accumulator", b_s),
                       ("a bias in CUBE_M16", b_c)):
        pr.case(comment)
        pr.fault(m, ops, {"srcs": [pr.sel(ops["A"]), pr.sel(ops["B"]), pr.sel(b)]}, newcase=False)
    pr.case("BIAS without its bias")
    pr.fault(m, ops, {"srcs": [pr.sel(ops["A"]), pr.sel(ops["B"])]}, newcase=False)
    pr.case("control")
    control(m, ops)
    # RowMaxInit: the RowMaxIn source
    m = base(M=3, N=4, K=2, rowmax=True, rmi=True)
    pr.case("operands of a RowMaxInit")
    ops = pr.operands(m)
    r2 = pr.load_rm("fp32", {p: [[v] for v in m.RMI[p][:2]] for p in ALL}, 2, 1, m.pes, note="2 x 1")
    for comment, mods in (("RowMaxIn of 2 x 1 for M = 3",
                           {"srcs": [pr.sel(ops["A"]), pr.sel(ops["B"]), pr.sel(r2)]}),
                          ("RowMaxInit without RowMaxIn", {"srcs": [pr.sel(ops["A"]), pr.sel(ops["B"])]})):
        pr.case(comment)
        pr.fault(m, ops, mods, newcase=False)
    pr.case("control")
    control(m, ops)
    # TGEMV: M = 1, Local only, no Trans
    m = base(fn=16, M=1, N=4, K=4)
    pr.case("operands of a TGEMV")
    ops = pr.operands(m)
    sB = pr.load_shared("fp32", m.B[0], "a Shared B")
    pr.case("TGEMV with LB0 = 2")
    pr.fault(m, ops, {"dims": (2, 4, 4)}, newcase=False)
    pr.case("TGEMV with a Shared B")
    pr.fault(m, ops, {"ios": ["s%d" % sB], "srcs": [pr.sel(ops["A"])]}, newcase=False)
    pr.case("TGEMV with TransB")
    pr.fault(m, ops, {"fpatr": FP % (0, 0, 0, ", transb")}, newcase=False)
    pr.case("control")
    control(m, ops)
    # cooperative: readiness, group shape, powers of two, masks
    m = Mat(fn=0, at="fp32", M=2, N=2, K=4, pes=ALL, shared="AB")
    m.fill(rng)
    for p in ALL:
        m.A[p] = [[fp32_bits(rng.randint(-3, 3)) for _ in row] for row in m.A[p]]
    pr.case("operands of a cooperative TMATMUL")
    pr.locked = set()
    full = [row for p in ALL for row in m.A[p]]
    sA = pr.load_shared("fp32", full, "Shared A 8 x 4")
    sB = pr.load_shared("fp32", m.B[0], "Shared B 4 x 2")
    ops = {"sA": sA, "sB": sB}
    sA4 = pr.load_shared("fp32", full[:4], "Shared A of only 4 rows")
    sB_half = pr.load_shared("fp32", m.B[0], "a Shared B on PE0, PE1 only", mask=(0, 1),
                             sid=next(i for i in range(64) if i not in pr.shared))
    loc = pr.load_rm("fp32", {p: m.B[0] for p in ALL}, 4, 2, ALL, note="a Local row-major B")
    sB_ins = next(i for i in range(64) if i not in pr.shared)
    pr.shared[sB_ins] = (("insert",), loc.cap)
    pr.shared_bytes += loc.cap
    pr.emit("bstart.tmov.l2s.insert fp32      ; an unpublished Shared B (INSERT only)")
    pr.emit("b.iot %s, mask=1111, last" % pr.sel(loc))
    pr.emit("b.ios mask=1111, ->s%d<%s>" % (sB_ins, format(loc.code, "04b")))
    pr.emit("bstop")
    fc = [
        ("Shared A of 4 rows for M = 2 on four PEs (group shape)", {"ios": ["s%d" % sA4, "s%d" % sB]}),
        ("a Shared B allocated on two PEs only (not cooperatively ready)", {"ios": ["s%d" % sA, "s%d" % sB_half]}),
        ("an unpublished Shared B", {"ios": ["s%d" % sA, "s%d" % sB_ins]}),
        ("a Shared B never written (S63)", {"ios": ["s%d" % sA, "s63"]}),
        ("K = 3 with Shared operands: not a power of two", {"dims": (2, 2, 3)}),
        ("N = 3 with Shared operands", {"dims": (2, 3, 4)}),
        ("Shared A with TransA: the record is 8 x 4, not 4 x 8", {"fpatr": FP % (0, 0, 0, ", transa")}),
        ("a B.IOS mask 1100 after a B.IOT mask 1111 (header time, at the B.IOS)",
         {"smask": (0, 1), "iot_first": True}, "ios"),
        ("Shared B and A in the wrong order (B first)", {"ios": ["s%d" % sB, "s%d" % sA]}),
        ("three Shared sources for a non-MX form", {"ios": ["s%d" % sA, "s%d" % sB, "s%d" % sA4]}),
        ("Shared A only (no Shared B)", {"ios": ["s%d" % sA]}),
        ("one Shared source is the right group (B): a row-major Local A is wrong",
         {"ios": ["s%d" % sA], "srcs": [pr.sel(loc)]}),
        ("TGEMV form with Shared operands", {"fn": 16, "dims": (1, 2, 4)}),
    ]
    for f in fc:
        pr.case(f[0])
        pr.fault(m, ops, f[1], f[2] if len(f) > 2 else "stop", newcase=False)
    pr.case("control: " + m.describe())
    control(m, ops)
    # Shared-B-only: TransA, powers of two, a Local B as well; PE1 alone is legal
    m = Mat(fn=0, at="fp32", M=2, N=2, K=4, pes=ALL, shared="B")
    m.fill(rng)
    for p in ALL:
        m.A[p] = [[fp32_bits(rng.randint(-3, 3)) for _ in row] for row in m.A[p]]
    pr.case("operands of a Shared-B-only TMATMUL")
    ops = pr.operands(m)
    a3 = pr.load_cube("fp32", "M16", {p: m.A[p] + [m.A[p][0]] for p in ALL}, 3, 4, ALL, note="a 3 x 4 A")
    lb = pr.load_cube("fp32", "N8", {p: m.B[0] for p in ALL}, 4, 2, ALL, note="a Local B too")
    for comment, mods in [
            ("TransA with only B Shared (TransA needs a Shared A)", {"fpatr": FP % (0, 0, 0, ", transa")}),
            ("Shared-B-only with M = 3: not a power of two",
             {"srcs": [pr.sel(a3)], "dims": (3, 2, 4)}),
            ("a Shared B and a Local B", {"srcs": [pr.sel(ops["A"]), pr.sel(lb)]}),
            ("the Local A given twice", {"srcs": [pr.sel(ops["A"]), pr.sel(ops["A"])]})]:
        pr.case(comment)
        pr.fault(m, ops, mods, newcase=False)
    pr.case("control: " + m.describe())
    control(m, ops)
    m.pes = (1,)
    pr.case("control on PE1 alone (its own Local A, the common Shared B)")
    control(m, ops)
    # MX cooperative: the Shared scale groups
    m = Mat(fn=4, at="e4m3", bt="e5m2", M=2, N=2, K=64, pes=ALL, shared="AB")
    m.fill(rng)
    pr.case("operands of a cooperative TMATMULMX")
    ops = pr.operands(m)
    sc1 = pr.load_shared("e8m0", [[0x7F] for _ in range(8)], "an 8 x 1 scale (K = 64 needs 2 columns)")
    for comment, mods in [
            ("Shared A without its Shared scale (three Shared sources)",
             {"ios": ["s%d" % ops[k] for k in ("sA", "sB", "sSB")]}),
            ("a Shared A scale of 1 column for K = 64",
             {"ios": ["s%d" % x for x in (ops["sA"], sc1, ops["sB"], ops["sSB"])]}),
            ("the two Shared scales swapped",
             {"ios": ["s%d" % ops[k] for k in ("sA", "sSB", "sB", "sSA")]})]:
        pr.case(comment)
        pr.fault(m, ops, mods, newcase=False)
    pr.case("control: " + m.describe())
    control(m, ops)
    # a GroupMaxOut too small for M x G (16 x 4 FP32 needs 256 bytes): Fault_TileAllocation
    m = base(M=16, N=32, K=2, gncode=1)
    pr.case("operands: M 16, N 32, GroupN 8 (4 groups)")
    ops = pr.operands(m)
    plan = pr.dest_plan(m, ops)
    pr.case("GroupMaxOut of 128 bytes")
    pr.fault(m, ops, {"dsts": ["->%s<%s>" % (plan[0][0], format(plan[0][1], "04b")), "->n<0001>"]},
             plan=plan, newcase=False)
    pr.case("control")
    control(m, ops)
    # a zero-participation block: a strict no-op, even without B.FPATR
    pr.case("mask 0000: a strict no-op (no B.FPATR needed)")
    pr.emit("cg_snap")
    pr.emit("bstart.tmatmul fp32")
    pr.emit("b.iot %s, %s, mask=0000, last, ->m<0001>" % (pr.sel(ops["A"]), pr.sel(ops["B"])))
    pr.emit("b.dim zero, 16, ->lb0")
    pr.emit("bstop")
    pr.emit("cg_same")
    pr.emit("check_eq s1, 0")
    # B.FPATR in a TLSU block (Fault_BundleControl at the B.FPATR), after a B.IOT, twice
    pr.case("B.FPATR in a TLSU block")
    pr.emit("cg_snap")
    pr.regs("cg_tinysrc", 0, 1, ALL)
    pr.emit("expect_fault r_tl")
    pr.emit("bstart.tload u8")
    pr.text.append("h_tl: " + FP % (0, 0, 0, ""))
    pr.emit("b.iot mask=1111, last, ->t<0001>")
    pr.emit("b.ior a0, a1, zero, ->zero")
    pr.emit("bstop")
    pr.text.append("r_tl:")
    pr.fault_check(5, "h_tl")
    m = base(M=1, N=1, K=1)
    pr.case("operands")
    ops = pr.operands(m)
    pr.case("B.FPATR after a B.IOT")
    pr.emit("cg_snap")
    pr.emit("expect_fault r_ai")
    pr.emit("bstart.tmatmul fp32")
    pr.emit("b.iot %s, %s, mask=1000, last, ->m<0001>" % (pr.sel(ops["A"]), pr.sel(ops["B"])))
    pr.text.append("h_ai: " + FP % (0, 0, 0, ""))
    pr.emit("bstop")
    pr.text.append("r_ai:")
    pr.fault_check(5, "h_ai")
    pr.case("B.FPATR twice")
    pr.emit("cg_snap")
    pr.emit("expect_fault r_tw")
    pr.emit("bstart.tmatmul fp32")
    pr.emit(FP % (0, 0, 0, ""))
    pr.text.append("h_tw: " + FP % (0, 0, 0, ""))
    pr.emit("b.iot %s, %s, mask=1000, last, ->m<0001>" % (pr.sel(ops["A"]), pr.sel(ops["B"])))
    pr.emit("bstop")
    pr.text.append("r_tw:")
    pr.fault_check(5, "h_tw")
    pr.case("control")
    control(m, ops)
    # GroupMax with ceil(N/GroupN) = 3 (not a power of two): Fault_TileAllocation
    m = base(M=2, N=24, K=2, rowmax=False, gncode=1)
    pr.case("operands: N = 24, GroupN 8")
    ops = pr.operands(m)
    pr.case("GroupMax of 3 groups")
    pr.fault(m, ops, {}, newcase=False)
    m.gncode, m.gn, m.G = 2, 16, 2
    pr.case("control with GroupN 16 (2 groups)")
    control(m, ops)
    # MX: missing scales, a scale of the wrong shape, FP16 given a scale
    m = base(fn=4, at="e4m3", bt="e5m2", M=2, N=3, K=40)
    pr.case("operands of an MX")
    ops = pr.operands(m)
    wrong = pr.load_rm("e8m0", {p: [[0x7F] * 3] for p in ALL}, 1, 3, m.pes, note="a 1 x 3 scale")
    pr.case("MX without the B scale")
    pr.fault(m, ops, {"srcs": [pr.sel(ops["A"]), pr.sel(ops["SA"]), pr.sel(ops["B"])]}, newcase=False)
    pr.case("MX with a 1 x 3 B scale for K = 40 (needs 2 x 3)")
    pr.fault(m, ops, {"srcs": [pr.sel(ops["A"]), pr.sel(ops["SA"]), pr.sel(ops["B"]), pr.sel(wrong)]},
             newcase=False)
    pr.case("E3M2 in an MX form")
    pr.fault(m, ops, {"datr": "b.datr layout=0, datatype=9, pad=0, cmode=0, rmode=0"}, newcase=False)
    pr.case("MX E4M3 x FP16 given a B scale it must not have")
    pr.fault(m, ops, {"datr": "b.datr layout=0, datatype=4, pad=0, cmode=0, rmode=0"}, newcase=False)
    pr.case("control")
    control(m, ops)
    pr.write(outdir)
    return pr


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    soft = "--soft" in sys.argv
    stats = {} if "--stats" in sys.argv else None
    outdir = args[0] if args else os.path.dirname(os.path.abspath(__file__))
    _self_check_decoders()
    progs = []
    for g in (gen_types, gen_float, gen_int, gen_mx, gen_v0, gen_coop, gen_post, gen_flags,
              gen_legal):
        st = {} if stats is not None else None
        progs.append(g(outdir, soft, st))
        if st is not None:
            st["ties"] = dict(TIES)
            TIES.clear()
            print("%s: %d cases, %s" % (progs[-1].name, progs[-1].ncase, st), file=sys.stderr)


if __name__ == "__main__":
    main()
