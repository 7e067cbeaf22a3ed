#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""tile-as / tile-objdump end to end: ELF and binary output, disassembly that
reassembles to the same bytes, and one-line file:line errors."""

import os
import random
import re
import struct
import subprocess
import sys
import tempfile

tile_as, tile_objdump, srcdir = sys.argv[1:4]
passed = failed = 0


def check(name, cond, detail=""):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL: %s %s" % (name, detail))


def run(*args, **kw):
    return subprocess.run(list(args), capture_output=True, text=True, **kw)


def elf_info(path):
    data = open(path, "rb").read()
    assert data[:4] == b"\x7fELF"
    (e_type, e_machine, _, e_entry, e_phoff, e_shoff, _, _, _, e_phnum, e_shentsize,
     e_shnum, e_shstrndx) = struct.unpack_from("<HHIQQQIHHHHHH", data, 16)
    shdrs = [struct.unpack_from("<IIQQQQIIQQ", data, e_shoff + i * e_shentsize) for i in range(e_shnum)]
    shstr = shdrs[e_shstrndx]
    def name(off):
        s = data[shstr[4] + off:]
        return s[:s.index(b"\0")].decode()
    sections = {name(s[0]): s for s in shdrs}
    syms = {}
    if ".symtab" in sections:
        st = sections[".symtab"]
        strt = shdrs[st[6]]
        for i in range(st[5] // 24):
            n, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", data, st[4] + i * 24)
            s = data[strt[4] + n:]
            syms[s[:s.index(b"\0")].decode()] = value
    return data, e_type, e_machine, e_entry, sections, syms


with tempfile.TemporaryDirectory() as tmp:
    src = os.path.join(srcdir, "asm", "features.s")
    elf = os.path.join(tmp, "f.elf")
    r = run(tile_as, "--base", "0x1000", "-o", elf, src)
    check("assemble features.s", r.returncode == 0, r.stderr)
    data, e_type, e_machine, e_entry, sections, syms = elf_info(elf)
    check("ET_EXEC", e_type == 2)
    check("e_machine 0xE9", e_machine == 0xE9)
    check("entry is _start", e_entry == syms.get("_start") == 0x1000, hex(e_entry))
    text = sections[".text"]
    check(".text at the base", text[3] == 0x1000)
    tb = data[text[4]:text[4] + text[5]]
    check("first instruction is hl.liu", tb[0] & 0xf == 0xe)
    d = sections[".data"]
    db = data[d[4]:d[4] + d[5]]
    table = syms["table"]
    check(".byte/.half/.word", db[:6] == bytes([1, 2, 0xff, 0xff, 0x34, 0x12]))
    check(".word of a label", struct.unpack_from("<I", db, 10)[0] == table)
    check(".dword -1", db[14:22] == b"\xff" * 8)
    check(".ascii/.asciz", db[22:27] == b"abc\n\0")
    check(".org", syms["end_of_table"] == table + 64 and d[5] == 64)
    check(".bss is no-bits", sections[".bss"][1] == 8 and sections[".bss"][5] == 256)
    check(".p2align", syms["far_label"] % 8 == 0)

    # raw binary output holds the same bytes as the sections
    binf = os.path.join(tmp, "f.bin")
    r = run(tile_as, "--base", "0x1000", "-O", "binary", "-o", binf, src)
    raw = open(binf, "rb").read()
    check("-O binary", r.returncode == 0 and raw[:len(tb)] == tb and raw[d[3] - 0x1000:][:64] == db,
          r.stderr)

    # disassembly reassembles to the same bytes (ELF and raw)
    r = run(tile_objdump, elf)
    check("objdump ELF", r.returncode == 0 and "<_start>:" in r.stdout and "hl.liu 0x10000000, ->a0" in r.stdout,
          r.stdout[:400])
    check("objdump line format", re.search(r"^\s+1000:\s+[0-9a-f]{12}\s+hl\.liu", r.stdout, re.M) is not None)
    r = run(tile_objdump, "-S", elf)
    re_s = os.path.join(tmp, "re.s")
    open(re_s, "w").write(r.stdout)
    re_bin = os.path.join(tmp, "re.bin")
    r2 = run(tile_as, "--base", "0x1000", "-O", "binary", "-o", re_bin, re_s)
    check("objdump -S reassembles", r2.returncode == 0 and open(re_bin, "rb").read() == tb, r2.stderr)

    # random words, every form's match word, data and illegal words included
    rng = random.Random(1234)
    blob = bytearray()
    for _ in range(20000):
        blob += rng.getrandbits(16).to_bytes(2, "little")
    for w in (0x00001013 | (1 << 26), 0x00001013 | (1 << 27)):      # B.IOS reserved bits
        blob += w.to_bytes(4, "little")
    rawf = os.path.join(tmp, "rand.bin")
    open(rawf, "wb").write(blob)
    r = run(tile_objdump, "-S", "--raw", rawf, "--base", "0x40000")
    open(re_s, "w").write(r.stdout)
    r2 = run(tile_as, "--base", "0x40000", "-O", "binary", "-o", re_bin, re_s)
    check("random bytes disassemble and reassemble", r2.returncode == 0 and open(re_bin, "rb").read() == bytes(blob),
          r2.stderr[:500])
    check("illegal words are marked", "; <illegal>" in r.stdout)
    r = run(tile_objdump, "--raw", rawf)
    tail = r.stdout.strip().splitlines()[-2:]
    check("B.IOS with bit 26/27 set is illegal", all("<illegal>" in l for l in tail), tail)

    # BSTART.TEPL: the VEC / SFU spellings set Mode [26:25] and Function
    # [24:20] from the operation (TADD 0/0, TCMPS 1/13, TEXP 0/18, TSORT
    # 3/12); the disassembler prints the engine's spelling, and the TEPL
    # spelling only for a selector hole (0/5)
    tepl = ("_start:\n bstart.vec tadd, fp32\n bstart.vec TCMPS, s8\n bstart.sfu texp, fp16\n"
            " bstart.sfu tsort, u32\n bstart.tepl mode=0, function=5, fp32\n")
    words = [0x00019181 | fn << 20 | mode << 25 | dt << 27
             for mode, fn, dt in ((0, 0, 1), (1, 13, 19), (0, 18, 4), (3, 12, 25), (0, 5, 1))]
    tsrc = os.path.join(tmp, "tepl.s")
    open(tsrc, "w").write(tepl)
    tbin = os.path.join(tmp, "tepl.bin")
    r = run(tile_as, "--base", "0", "-O", "binary", "-o", tbin, tsrc)
    got = open(tbin, "rb").read() if r.returncode == 0 else b""
    check("bstart.vec / .sfu / .tepl encode Mode:Function",
          got == b"".join(w.to_bytes(4, "little") for w in words), r.stderr + got.hex())
    r = run(tile_objdump, "--raw", tbin, "--base", "0")
    want = ["bstart.vec tadd, fp32", "bstart.vec tcmps, s8", "bstart.sfu texp, fp16",
            "bstart.sfu tsort, u32", "bstart.tepl mode=0, function=5, fp32"]
    check("bstart.tepl disassembles as the engine's spelling",
          all(w in r.stdout for w in want), r.stdout)
    for bad, msg in (("bstart.vec texp, fp32", "not a VEC tile operation"),
                     ("bstart.sfu tadd, fp32", "not a SFU tile operation"),
                     ("bstart.vec tfoo, fp32", "not a VEC tile operation")):
        open(tsrc, "w").write("_start:\n " + bad + "\n")
        r = run(tile_as, "-o", tbin, tsrc)
        check("%s is rejected" % bad, r.returncode != 0 and msg in r.stderr, r.stderr)

    # a 32-bit BSTART DIRECT (simm25 0x40: target 0x80) followed by a
    # C.SETRET (uimm5 5: 4 + 5 * 2 = 0xe) holds the bits of the reserved
    # 48-bit HL.BSTART.CALL row; it reads as the two instructions
    # (docs/implementation-defined.md entry 63), and they assemble back
    pair = (0x11 | 0x40 << 7).to_bytes(4, "little") + (0x5016 | 5 << 6).to_bytes(2, "little")
    pairf = os.path.join(tmp, "pair.bin")
    open(pairf, "wb").write(pair)
    r = run(tile_objdump, "--raw", pairf, "--base", "0")
    lines = [l.split(None, 2) for l in r.stdout.splitlines() if re.match(r"^\s*[0-9a-f]+:", l)]
    check("BSTART DIRECT + C.SETRET disassemble as two instructions",
          [(l[0], l[2]) for l in lines] == [("0:", "bstart direct, 0x80"), ("4:", "c.setret 0xe, ->ra")],
          r.stdout)
    open(tsrc, "w").write("_start:\n bstart direct, 0x80\n c.setret 0xe, ->ra\n")
    r = run(tile_as, "--base", "0", "-O", "binary", "-o", tbin, tsrc)
    check("BSTART DIRECT + C.SETRET assemble to the six bytes",
          r.returncode == 0 and open(tbin, "rb").read() == pair, r.stderr)

    # errors: file:line: message, exit status 1, no output left behind
    cases = [
        ("unknown mnemonic", "  nop\n  frobnicate a0\n", 2, "unknown mnemonic"),
        ("operand out of range", "addi a0, 5000, ->a1\n", 1, "out of range"),
        ("undefined label", "j nowhere\n", 1, "undefined symbol 'nowhere'"),
        ("branch target out of range", "c.bstart direct, far\n.space 8192\nfar: bstop\n", 1, "out of range"),
        ("odd target", "j 0x1001\n", 1, "odd target"),
        ("S64 does not exist", "b.ios s64, mask=1111\n", 1, "s64"),
        ("bad register", "add a0, r99, ->a1\n", 1, "operands do not match"),
        ("data too wide", ".byte 256\n", 1, "does not fit"),
        ("unknown directive", ".frob 1\n", 1, "unknown directive"),
        ("duplicate label", "x: bstop\nx: bstop\n", 2, "already defined"),
        ("bad PE mask", "b.ios s1, mask=1010\n", 1, "PEMode"),
        # Func is part of B.FPATR's fixed bits: the catalog allows only 2
        ("B.FPATR func other than 2",
         "bstart.tmatmul s8\nb.fpatr prequant=0, relu=0, groupn=0, func=3, opc1=2, opcode=1, w=1\n",
         2, "operand Func value 3 is not allowed by B.FPATR (allowed: 2)"),
    ]
    for name, text_, line, msg in cases:
        path = os.path.join(tmp, "err.s")
        out = os.path.join(tmp, "err.elf")
        open(path, "w").write(text_.replace("  nop\n", "bstop\n"))
        if os.path.exists(out):
            os.remove(out)
        r = run(tile_as, "-o", out, path)
        first = r.stderr.splitlines()[0] if r.stderr else ""
        check("error: " + name, r.returncode == 1 and first.startswith("%s:%d: " % (path, line))
              and msg in first and not os.path.exists(out), "rc=%d %r" % (r.returncode, r.stderr))

    # .include, relative to the including file
    os.makedirs(os.path.join(tmp, "inc"), exist_ok=True)
    open(os.path.join(tmp, "inc", "defs.inc"), "w").write(".equ MAGIC, 0x5a\n")
    main_s = os.path.join(tmp, "inc", "main.s")
    open(main_s, "w").write('.include "defs.inc"\n    .byte MAGIC\n')
    r = run(tile_as, "-O", "binary", "-o", os.path.join(tmp, "inc.bin"), main_s)
    check(".include", r.returncode == 0 and open(os.path.join(tmp, "inc.bin"), "rb").read() == b"\x5a", r.stderr)
    open(main_s, "w").write('bstop\n.include "missing.inc"\n')
    r = run(tile_as, "-o", os.path.join(tmp, "inc.elf"), main_s)
    check(".include of a missing file", r.returncode == 1 and r.stderr.startswith(main_s + ":2: "), r.stderr)

    # macros with parameters and \@ local labels
    mac_s = os.path.join(tmp, "mac.s")
    open(mac_s, "w").write(
        ".macro put v, w\n    .byte \\v, \\w\nl\\@: .byte \\@\n.endm\n"
        "    put 1, 2\n    put 3, 4\n")
    r = run(tile_as, "-O", "binary", "-o", os.path.join(tmp, "mac.bin"), mac_s)
    check(".macro expansion", r.returncode == 0 and
          open(os.path.join(tmp, "mac.bin"), "rb").read() == bytes([1, 2, 0, 3, 4, 1]), r.stderr)
    open(mac_s, "w").write(".macro one a\n    .byte \\a\n.endm\n    one 1, 2\n")
    r = run(tile_as, "-o", os.path.join(tmp, "mac.elf"), mac_s)
    check("macro argument count", r.returncode == 1 and r.stderr.startswith(mac_s + ":4: ")
          and "takes 1 argument" in r.stderr, r.stderr)
    open(mac_s, "w").write(".macro open\n    bstop\n")
    r = run(tile_as, "-o", os.path.join(tmp, "mac.elf"), mac_s)
    check("unterminated macro", r.returncode == 1 and "no .endm" in r.stderr, r.stderr)

    # the examples in docs/assembly.md assemble
    doc = open(os.path.join(srcdir, "..", "docs", "assembly.md")).read()
    for i, block in enumerate(re.findall(r"```\n(.*?)```", doc, re.S)):
        path = os.path.join(tmp, "doc%d.s" % i)
        open(path, "w").write(block)
        r = run(tile_as, "-o", os.path.join(tmp, "doc.elf"), path)
        check("docs/assembly.md example %d" % i, r.returncode == 0, r.stderr)

    # malformed inputs to the disassembler
    bad = os.path.join(tmp, "bad.elf")
    open(bad, "wb").write(data[:100])
    r = run(tile_objdump, bad)
    check("truncated ELF", r.returncode == 1 and r.stderr.count("\n") == 1, r.stderr)
    wrong = bytearray(data)
    wrong[18] = 0xF3
    open(bad, "wb").write(wrong)
    r = run(tile_objdump, bad)
    check("wrong e_machine", r.returncode == 1 and "e_machine" in r.stderr, r.stderr)

print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
