#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""TEXP TLOG TRECIP TSQRT TRSQRT (and so the FSU's FEXP) of the numeric
core against mpmath, in every rounding mode and on every floating type of
the SFU (FP64 FP32 TF32 HF32 FP16 BF16 E4M3 E5M2).

The expected values come from the model of tests/guest/tile/gen-sfu-elem.py:
the spec's special-value table, then the mpmath value rounded with a
precision raised until no rounding boundary is within its error
(correct rounding, docs/implementation-defined.md entry 44), the flags from
IEEE 754 rules written from the spec text (gen-vec.py encode_float).  The
inputs: every encoding of the 8-bit types; for the others the boundary
inputs listed below and seeded random ones.  No input is skipped, those
next to a rounding boundary included (the count within 2^-8 ulp of one is
printed, and must not be zero).

EXP and LOG run a second time with their first bounds at 32 fraction
bits (elem-func-eval --first-frac 32), so that the refinement to higher
precisions runs on every input too.

Usage: elem-func-test.py EVAL   (EVAL: the build's elem-func-eval)
Ends with 'N passed, N failed'."""

import os
import random
import subprocess
import sys
from fractions import Fraction as Fr

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "guest", "tile"))
from genmod import load     # noqa: E402

S = load("gen-sfu-elem")
V = S.V

CODES = {"fp64": 0, "fp32": 1, "tf32": 2, "hf32": 3, "fp16": 4, "bf16": 5,
         "e4m3": 7, "e5m2": 8}
OPS = ["exp", "log", "recip", "sqrt", "rsqrt"]
MODES = range(1, 8)
RANDOM_PER_CASE = 100


def encode(t, q):
    """the encoding nearest the positive or negative Fraction q"""
    return V.encode_float(t, ("f", q, 0), 1)[0]


def neighbours(t, raw, n=2):
    """raw and the n encodings on either side of it, same sign"""
    lz = V.FMT[t][2]
    out = []
    for k in range(-n, n + 1):
        r = raw + (k << lz)
        if 0 <= r < (1 << V.BITS[t]) and ((r ^ raw) & V.sign_bit(t)) == 0:
            out.append(r)
    return out


def boundary_inputs(t, op):
    """the inputs that sit on an edge of the method or of the format"""
    eb, mb, lz, _ = V.FMT[t]
    bias = (1 << (eb - 1)) - 1
    out = list(V.specials(t))
    ln2 = Fr(6931471805599453094, 10 ** 19)
    near = []
    if op == "exp":
        # overflow and underflow thresholds, tiny arguments around the
        # 2^-80 edge, arguments near k ln 2 (the argument reduction)
        near += [ln2 * (((1 << eb) - 1 - bias)), -ln2 * (bias + mb),
                 -ln2 * (bias - 1), Fr(1), Fr(-1)]
        near += [Fr(k) * ln2 for k in (1, -1, 2, 10, -10, 100, -100, 700, -740)]
        for e in (-79, -80, -81, -82, -2 * mb, -mb - 1):
            near += [Fr(2) ** e, -Fr(2) ** e, Fr(3, 2) * Fr(2) ** e]
    elif op == "log":
        # around 1, around sqrt(2) (where the reduction switches), powers
        # of two (a zero fraction), the extremes
        near += [Fr(1), Fr(141421356237, 10 ** 11), Fr(70710678118, 10 ** 11),
                 Fr(2), Fr(1, 2), Fr(1024), Fr(3), Fr(1, 3)]
        near += [Fr(141421356237, 10 ** 11) * Fr(2) ** e for e in (-20, 7, 60)]
    else:
        # exact results (powers of two and four, perfect squares), extremes
        near += [Fr(4), Fr(2), Fr(9), Fr(9, 4), Fr(1, 16), Fr(3), Fr(2) ** 20,
                 Fr(2) ** -20, Fr(25, 16)]
    for q in near:
        raw = encode(t, q)
        if V.is_nan(t, raw) or V.value(t, raw)[0] != "f":
            continue
        out += neighbours(t, raw)
    return sorted(set(out))


def random_input(rng, t, op):
    w = V.BITS[t]
    if rng.random() < 0.3:
        return rng.getrandbits(w) & ~((1 << V.FMT[t][2]) - 1)
    if op == "exp":
        return S.near(rng, t, -12, 4 if w > 8 else 1)
    raw = S.near(rng, t, -30, 30)
    return raw & ~V.sign_bit(t)


def main():
    if len(sys.argv) != 2:
        print("usage: elem-func-test.py EVAL", file=sys.stderr)
        return 2
    rng = random.Random(0x5F0E)
    cases = []
    for t in CODES:
        all8 = V.BITS[t] == 8
        for op in OPS:
            base = list(range(256)) if all8 else boundary_inputs(t, op)
            for mode in MODES:
                raws = list(base)
                if not all8:
                    raws += [random_input(rng, t, op) for _ in range(RANDOM_PER_CASE)]
                cases += [(t, op, mode, raw) for raw in raws]
    want = []
    near = 0
    for t, op, mode, raw in cases:
        want.append(S.unary(t, op, raw, False, mode))
    near = S.NEAR_BOUNDARY[0]
    passed = failed = 0
    # again with EXP and LOG starting at 32 fraction bits: every input then
    # goes through the refinement to higher precisions
    runs = [([], cases, want)]
    refine = [i for i, c in enumerate(cases) if c[1] in ("exp", "log")]
    runs.append((["--first-frac", "32"], [cases[i] for i in refine], [want[i] for i in refine]))
    for args, run_cases, run_want in runs:
        p, f = compare(args, run_cases, run_want)
        passed += p
        failed += f
    print("%d inputs, %d of them within 2^-8 ulp of a rounding boundary" % (len(cases), near))
    if near == 0:
        print("no input near a rounding boundary: the test would not see a wrong rounding there")
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def compare(args, cases, want):
    """run the evaluator with args over cases -> (passed, failed)"""
    text = "".join("%d %s %d %x\n" % (CODES[t], op, mode, raw) for t, op, mode, raw in cases)
    r = subprocess.run([sys.argv[1]] + args, input=text, capture_output=True, text=True)
    if r.returncode != 0:
        print("elem-func-eval %s failed: %s" % (" ".join(args), r.stderr.strip()))
        return 0, 1
    got = r.stdout.split("\n")
    passed = failed = 0
    for i, (t, op, mode, raw) in enumerate(cases):
        fields = got[i].split() if i < len(got) else []
        res = (int(fields[0], 16), int(fields[1], 16)) if len(fields) == 2 else None
        if res == want[i]:
            passed += 1
            continue
        failed += 1
        if failed <= 30:
            print("MISMATCH%s %s %s rmode %d 0x%x: got %s, want (0x%x, 0x%x)" % (
                " (" + " ".join(args) + ")" if args else "", t, op, mode, raw,
                "(0x%x, 0x%x)" % res if res else "nothing", want[i][0], want[i][1]))
    return passed, failed


if __name__ == "__main__":
    sys.exit(main())
