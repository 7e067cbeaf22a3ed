# SPDX-License-Identifier: GPL-2.0-or-later
"""Instruction fuzzing: random instruction words, words built from the ISA
forms, and random Tile blocks, run on qemu-system-tile.

A guest image is an ELF image of two segments: the fixed harness
(slot_harness.s, assembled once with tile-as) and the slots with a table
of their addresses and one register image per slot, both high in RAM.  A slot is the words under test followed
by a reserved word that always traps; the harness's trap handler starts
each slot with its own register values (pointers into a scratch area,
sizes, boundaries), a watchdog timer, and outside any block, so every slot
ends in the handler whatever its words did (see slot_harness.s).  A run
that stops early (an unhandled trap after the words changed the ring or
EVBASE, a guest loop the watchdog cannot break, a crash) is resumed at the
next slot: the slot to start at is written into RAM by `-device loader`.

The handler writes each slot's number to the UART (16 bits, little-endian):
the frames count the slots entered and the last one says where to resume.
A run with no progress for a while, or with far more frames than slots, is
probed (fuzz_lib.Runner): a guest loop is no failure, a QEMU that does not
answer `stop` is a hang."""

import os
import random
import struct
import subprocess

import fuzz_lib

START = 0x0F000000      # the slot to start at (written by -device loader)
HARNESS = 0x0E000000    # slot_harness.s, and its PARAMS: table, register images,
PARAMS = HARNESS + 0x1000   # count, done
SLOTS = 0x0E100000      # the slots, their table, their register images
SCRATCH = 0x08000000    # 64 MiB the words may use as memory
RAM_END = 0x10000000

# Header commands and the end of a Tile block (the body is their order).
HEADERS = ("B.IOT", "B.IOR", "B.IOS", "B.DIM", "C.B.DIMI", "B.DATR", "B.FPATR",
           "B.CATR", "B.HINT")
NOT_TILE_STARTS = ("BSTART.STD", "BSTART.FP", "BSTART.SYS", "BSTART.CALL",
                   "BSTART.ICALL")

# values for r1..r23; not the UART:
# the progress frames go there, and a write to its line control register
# would swallow them
POOL32 = (0, 1, 2, 3, 4, 7, 8, 15, 16, 31, 32, 63, 64, 128, 256, 4096, 0x7fff, 0x8000,
          0xffff, 0x7fffffff, 0x80000000, 0xffffffff, RAM_END - 8, RAM_END - 2,
          RAM_END, 0x10000100, 0x10020000, 0x10020100, 0x20000000)
POOL64 = ((1 << 64) - 1, 1 << 63, (1 << 63) - 1, (1 << 64) - 8)


class Generator:
    def __init__(self, rng, root=fuzz_lib.ROOT):
        self.rng = rng
        forms = fuzz_lib.load_forms(root)
        self.forms = forms
        self.by_mnemonic = {}
        for f in forms:
            self.by_mnemonic.setdefault(f.mnemonic, []).append(f)
        self.tile_starts = [f for f in forms if f.cls == "command" and
                            f.mnemonic.startswith("BSTART.") and
                            f.mnemonic not in NOT_TILE_STARTS]
        self.headers = [f for f in forms if f.mnemonic in HEADERS]
        self.stops = self.by_mnemonic["BSTOP"] + self.by_mnemonic["C.BSTOP"]
        self.tepl = [(m, fn) for _, _, carrier, m, fn in fuzz_lib.load_tile_ops(root)
                     if carrier == "BSTART.TEPL"]

    # -- words -------------------------------------------------------------

    def random_word(self):
        """Any bits: the first parcel decides the length."""
        p0 = self.rng.getrandbits(16)
        n = fuzz_lib.parcel_length(p0)
        return p0 | (self.rng.getrandbits(8 * n - 16) << 16 if n > 2 else 0), n

    def form_word(self, form, legal=0.8):
        """A word of @form: its fixed bits, random fields, and (mostly)
        field values its catalog constraints allow."""
        rng = self.rng
        full = (1 << form.length) - 1
        w = form.match | (rng.getrandbits(form.length) & ~form.mask & full)
        if rng.random() < legal:
            for name, op, vals in form.requires:
                f = form.fields[name]
                if op == "in":
                    v = rng.choice(vals)
                else:
                    v = vals[0]
                    while v == vals[0]:
                        v = rng.getrandbits(f.width)
                w = (w & ~f.mask()) | f.place(v & ((1 << f.width) - 1))
            w = (w & ~form.mask) | form.match
        return w, form.length // 8

    def any_word(self):
        if self.rng.random() < 0.5:
            return self.random_word()
        return self.form_word(self.rng.choice(self.forms))

    def mutate(self, words):
        """@words with one field of one word given a random value."""
        i = self.rng.randrange(len(words))
        w, n = words[i]
        forms = [f for f in self.forms if f.length == 8 * n and (w & f.mask) == f.match]
        if not forms:
            return words
        form = max(forms, key=lambda f: bin(f.mask).count("1"))
        fields = [f for f in form.fields.values() if f.mask() & ~form.mask]
        if not fields:
            return words
        f = self.rng.choice(fields)
        w = (w & ~f.mask()) | f.place(self.rng.getrandbits(f.width))
        return words[:i] + [((w & ~form.mask) | form.match, n)] + words[i + 1:]

    def library_block(self, lib):
        """A block of the template library, one of its fields changed half
        the time."""
        words = list(self.rng.choice(lib))
        while self.rng.random() < 0.5:
            words = self.mutate(words)
        return words

    def template_registers(self):
        """r1..r23 for a template block: a0 a scratch pointer, a1 a row
        stride, a2 a scalar, a3 a small byte count (MCOPY / MSET)."""
        rng = self.rng
        regs = [self.register_value() for _ in range(23)]
        regs[1] = SCRATCH + rng.randrange(0, 1 << 16) * 64
        regs[2] = rng.choice((8, 16, 32, 64, 128, 256, 1024))
        regs[3] = rng.choice((0, 1, 2, 0x3c00, 0x3f800000, 0xffffffff))
        regs[4] = rng.choice((0, 1, 8, 64, 4096, 65536))
        return regs

    def tile_block(self):
        """BSTART of a Tile engine, up to six header commands, a few body
        words now and then, BSTOP."""
        rng = self.rng
        start = rng.choice(self.tile_starts)
        w, n = self.form_word(start, legal=0.95)
        if start.mnemonic == "BSTART.TEPL" and rng.random() < 0.9:
            mode, fn = rng.choice(self.tepl)
            for name, v in (("Mode", mode), ("Function", fn)):
                f = start.fields[name]
                w = (w & ~f.mask()) | f.place(v)
        words = [(w, n)]
        for _ in range(rng.randrange(7)):
            words.append(self.form_word(rng.choice(self.headers), legal=0.9))
        for _ in range(rng.randrange(3) if rng.random() < 0.2 else 0):
            words.append(self.any_word())
        words.append(self.form_word(rng.choice(self.stops)))
        return words

    def register_value(self):
        rng = self.rng
        r = rng.random()
        if r < 0.4:
            return SCRATCH + (rng.randrange(0, 1 << 20) * 8 * rng.choice((1, 8, 64)) & 0x3ffffff)
        if r < 0.8:
            return rng.choice(POOL32)
        if r < 0.85:
            return rng.choice(POOL64)
        return rng.getrandbits(32 if r < 0.95 else 64)


# ---- Tile blocks written as text, in the forms the tests use, then
# assembled by tile-as into a library the generator picks from ----

TYPES = ("u8", "u16", "u32", "s8", "s16", "s32", "fp16", "fp32", "bf16")
RARE_TYPES = ("fp64", "tf32", "hf32", "hif8", "e4m3", "e5m2", "e2m1x2", "e8m0",
              "s4x2", "u4x2", "s64", "u64")
ELEMENT_BYTES = {"u8": 1, "s8": 1, "u16": 2, "s16": 2, "fp16": 2, "bf16": 2, "u32": 4,
                 "s32": 4, "fp32": 4, "tf32": 4, "hf32": 4, "fp64": 8, "s64": 8, "u64": 8}
MASKS = ("1111", "1111", "1000", "0001", "1100", "1110", "0100", "0010", "0000")
HANDS = "tumn"
VEC_BINARY = ("tadd", "tsub", "tmul", "tmax", "tmin", "tand", "tor", "txor", "tshl", "tshr")
VEC_UNARY = ("tabs", "tneg", "tnot", "trelu")
VEC_SCALAR = ("tadds", "tsubs", "tmuls", "tmaxs", "tmins", "tands", "tors", "txors",
              "tshls", "tshrs", "texpands")
SFU_UNARY = ("texp", "tlog", "trecip", "tsqrt", "trsqrt", "trowsum", "trowmax", "trowmin",
             "tcolsum", "tcolmax", "tcolmin", "trowargmax", "tcolargmin", "tsort", "ttrans",
             "trowexpand", "tcolexpand", "tci", "ttri", "tfillpad", "tquant", "tdequant")
SFU_BINARY = ("tdiv", "trem", "tpartadd", "tpartmul", "tpartmax", "tpartmin", "tconcat",
              "tgather", "tscatter", "tmrgsort", "trowexpandadd", "tcolexpandmul", "thistogram")
CUBE = ("tmatmul", "tmatmul.bias", "tmatmul.acc", "tgemv", "tgemv.acc", "tmatmulmx")


def template_text(rng):
    """One Tile block in assembly, shaped as the guest tests write them,
    with random types, shapes, masks, tiles and some header noise, most
    often after TLOADs of its sources."""
    t = rng.choice(TYPES) if rng.random() < 0.9 else rng.choice(RARE_TYPES)
    mask = rng.choice(MASKS)
    vc, vr = rng.choice((1, 2, 4, 8, 16, 32, 64)), rng.choice((1, 2, 4, 8, 16))
    # SizeCode c holds 64 << c bytes: mostly the smallest that fits
    need = vc * vr * ELEMENT_BYTES.get(t, 1)
    code = max(1, (max(need, 64) - 1).bit_length() - 6)
    size = format(code if rng.random() < 0.85 else rng.choice((1, 2, 3, 8, 15)), "04b")

    k = rng.randrange(14)
    # most operations get fresh sources first: T#1 and U#1 (and T#2) of
    # the same type, shape and PEs
    hands = "tut"[:rng.randrange(2, 4)] if 4 <= k <= 11 and rng.random() < 0.7 else ""
    loaded = {"tu": ("t#1", "u#1"), "tut": ("t#1", "t#2", "u#1")}.get(hands, ("t#1", "u#1"))

    def src():
        if rng.random() < 0.85:
            return rng.choice(loaded)
        return "%s#%d" % (rng.choice(HANDS), rng.randrange(1, 5))

    def dst():
        return "->%s<%s>" % (rng.choice(HANDS), size)

    shared = "s%d" % rng.randrange(0, 64)
    dims = ["b.dim zero, %d, ->lb0" % vc, "b.dim zero, %d, ->lb1" % vr]
    ior = "b.ior a0, a1, zero, ->zero"
    if k == 0:
        body = ["bstart.tload " + t, "b.iot mask=%s, last, %s" % (mask, dst()), ior] + dims
    elif k == 1:
        body = ["bstart.tload " + t, "b.ios mask=1111, ->%s<%s>" % (shared, size), ior] + dims
    elif k == 2:
        body = ["bstart.tstore " + t, "b.iot %s, mask=%s, last" % (src(), mask), ior] + dims
    elif k == 3:
        body = ["bstart.tstore " + t, "b.ios %s, mask=1111" % shared, ior] + dims
    elif k == 4:
        body = ["bstart.vec %s, %s" % (rng.choice(VEC_BINARY), t)] + dims + \
               ["b.iot %s, %s, mask=%s, last, %s" % (src(), src(), mask, dst())]
    elif k == 5:
        body = ["bstart.vec %s, %s" % (rng.choice(VEC_UNARY + VEC_SCALAR), t)] + dims + \
               ["b.iot %s, mask=%s, last, %s" % (src(), mask, dst()),
                "b.ior a2, zero, zero, ->zero"][:rng.randrange(1, 3)]
    elif k == 6:
        body = ["bstart.vec tcmp, " + t] + dims + \
               ["b.datr layout=0, datatype=0, pad=0, cmode=%d, rmode=0" % rng.randrange(6),
                "b.iot %s, %s, mask=%s, last, ->n<0001>" % (src(), src(), mask)]
    elif k == 7:
        body = ["bstart.vec tsel, " + t] + dims + \
               ["b.iot n#%d, %s, mask=%s" % (rng.randrange(1, 5), src(), mask),
                "b.iot %s, mask=%s, last, %s" % (src(), mask, dst())]
    elif k == 8:
        body = ["bstart.vec tcvt, " + t] + dims + \
               ["b.datr layout=0, datatype=%d, pad=0, cmode=0, rmode=%d%s"
                % (rng.choice((1, 4, 5, 17, 18, 19, 25, 26, 27, 31)), rng.randrange(5),
                   rng.choice(("", ", sat"))),
                "b.iot %s, mask=%s, last, %s" % (src(), mask, dst())]
    elif k == 9:
        op = rng.choice(SFU_UNARY + SFU_BINARY)
        srcs = ", ".join(src() for _ in range(1 if op in SFU_UNARY else 2))
        body = ["bstart.sfu %s, %s" % (op, t)] + dims + \
               ["b.iot %s, mask=%s, last, %s" % (srcs, mask, dst())]
    elif k == 10:
        m, n, kk = (rng.choice((1, 2, 4, 8, 16)) for _ in range(3))
        body = ["bstart.%s %s" % (rng.choice(CUBE), t),
                "b.fpatr prequant=%d, relu=%d, groupn=0, func=2, opc1=2, opcode=1, w=1"
                % (rng.choice((0, 0, 1, 2, 12, 16)), rng.randrange(4)),
                "b.iot %s, %s, mask=%s, last, ->m<%s>" % (src(), src(), mask, size),
                "b.dim zero, %d, ->lb0" % m, "b.dim zero, %d, ->lb1" % n,
                "b.dim zero, %d, ->lb2" % kk]
    elif k == 11:
        op = rng.choice(("tmov", "tmov.l2s.insert", "tmov.l2s.publish", "tmov.s2l.broadcast",
                         "tmov.s2l.extract"))
        body = ["bstart.%s %s" % (op, t), "b.iot %s, mask=%s, last, %s" % (src(), mask, dst())]
        if "l2s" in op or "s2l" in op:
            body.append("b.ios %s, mask=1111" % shared if "s2l" in op else
                        "b.ios mask=1111, ->%s<%s>" % (shared, size))
    elif k == 12:
        op = rng.choice(("mgather", "mscatter", "mgather.cas", "mgather.mask",
                         "mscatter.mask", "gmov", "tprefetch"))
        body = ["bstart.%s %s" % (op, t),
                "b.iot %s, mask=%s, last, ->m<0001>" % (src(), mask) if op != "mscatter"
                else "b.iot %s, %s, mask=%s, last" % (src(), src(), mask),
                "b.ior a0, zero, zero, ->zero", "b.dim zero, %d, ->lb0" % vc]
    else:
        body = ["bstart.std fall", rng.choice(("mcopy [a0, a2, a3]", "mset [a0, a2, a3]"))]
    pre = []
    for hand in hands:
        pre += ["bstart.tload " + t, "b.iot mask=%s, last, ->%s<%s>" % (mask, hand, size),
                ior] + dims + ["bstop"]
    # header noise: a dropped, repeated or extra command now and then
    if rng.random() < 0.2 and len(body) > 2:
        del body[rng.randrange(1, len(body))]
    if rng.random() < 0.15:
        body.insert(rng.randrange(1, len(body) + 1), rng.choice(
            ("b.catr trap", "b.hint br=1, temp=0, prfsize=0", "c.b.dimi 4, ->lb2",
             "b.datr layout=0, datatype=31, pad=0, cmode=0, rmode=0", body[-1])))
    return pre + body + ["bstop"]


def read_symbols(elf):
    """{name: value} from an ELF64 symbol table (tile-as output)."""
    shoff, = struct.unpack_from("<Q", elf, 40)
    shentsize, shnum = struct.unpack_from("<HH", elf, 58)
    sh = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize) for i in range(shnum)]
    out = {}
    for _name, typ, _fl, _addr, off, size, link, _info, _al, _es in sh:
        if typ != 2:
            continue
        stroff = sh[link][4]
        for j in range(size // 24):
            n, _info, _other, _shndx, value, _sz = struct.unpack_from("<IBBHQQ", elf, off + 24 * j)
            name = elf[stroff + n:elf.index(b"\0", stroff + n)].decode()
            out[name] = value
    return out


def split_words(data):
    """(word, bytes) of consecutive instructions."""
    words, i = [], 0
    while i + 2 <= len(data):
        n = fuzz_lib.parcel_length(int.from_bytes(data[i:i + 2], "little"))
        words.append((int.from_bytes(data[i:i + n], "little"), n))
        i += n
    return words


def template_library(rng, tile_as, tmp, count):
    """@count Tile blocks assembled by tile-as, as lists of (word, bytes).
    A template tile-as rejects (a random combination that does not
    assemble) is left out."""
    texts = [template_text(rng) for _ in range(count)]
    src = os.path.join(tmp, "templates.s")
    out = os.path.join(tmp, "templates.elf")
    for _ in range(count):
        lines = ["    .text", "_start:"]
        firsts = {}
        for i, body in enumerate(texts):
            lines.append("tpl_%d:" % i)
            firsts[len(lines) + 1] = i
            lines += ["    " + l for l in body]
        lines.append("tpl_end:")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        r = subprocess.run([tile_as, "-o", out, src], capture_output=True, text=True)
        if r.returncode == 0:
            break
        bad = int(r.stderr.split(":")[1])
        owner = max(l for l in firsts if l <= bad)
        del texts[firsts[owner]]
    else:
        raise RuntimeError("tile-as rejects every template")
    with open(out, "rb") as f:
        elf = f.read()
    sym = read_symbols(elf)
    ph_off, = struct.unpack_from("<Q", elf, 32)
    _t, _f, off, vaddr = struct.unpack_from("<IIQQ", elf, ph_off)
    code = elf[off:off + sym["tpl_end"] - vaddr]
    lib = []
    for i in range(len(texts)):
        a = sym["tpl_%d" % i] - vaddr
        b = (sym["tpl_%d" % (i + 1)] if i + 1 < len(texts) else sym["tpl_end"]) - vaddr
        lib.append(split_words(code[a:b]))
    return lib


class Harness:
    """slot_harness.s as a raw binary at HARNESS."""

    def __init__(self, tile_as, tmp):
        out = os.path.join(tmp, "slot_harness.bin")
        r = subprocess.run([tile_as, "-O", "binary", "--base", hex(HARNESS), "-o", out,
                            os.path.join(fuzz_lib.HERE, "slot_harness.s")],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError("tile-as rejects slot_harness.s: %s" % r.stderr.strip())
        with open(out, "rb") as f:
            self.code = bytearray(f.read())
        self.done = struct.unpack_from("<Q", self.code, PARAMS - HARNESS + 24)[0]

    def image(self, slots, regs):
        """The ELF image of @slots (lists of (word, bytes)) with the
        register images @regs (r1..r23 of each slot)."""
        body = bytearray()
        addrs = []
        for words in slots:
            addrs.append(SLOTS + len(body))
            for w, n in words:
                body += w.to_bytes(n, "little")
            body += (3).to_bytes(4, "little")         # reserved: always traps
        body += bytes(-len(body) % 8)
        table = SLOTS + len(body)
        for a in addrs + [self.done] * 9:             # the handler may run past the end
            body += struct.pack("<Q", a)
        body += bytes(-len(body) % 256)
        regs_at = SLOTS + len(body)
        for r in regs:
            body += struct.pack("<32Q", 0, *r, *([0] * (31 - len(r))))
        code = bytearray(self.code)
        struct.pack_into("<QQQ", code, PARAMS - HARNESS, table, regs_at, len(slots))
        return elf_image(HARNESS, [(HARNESS, bytes(code)), (SLOTS, bytes(body))])


def elf_image(entry, segments):
    """An ELF64 PTO executable: one PT_LOAD per (address, bytes)."""
    off = 64 + 56 * len(segments)
    hdr = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
    hdr += struct.pack("<HHIQQQIHHHHHH", 2, 0xE9, 1, entry, 64, 0, 0, 64, 56,
                       len(segments), 64, 0, 0)
    ph, data = b"", b""
    for addr, blob in segments:
        ph += struct.pack("<IIQQQQQQ", 1, 7, off + len(data), addr, addr, len(blob),
                          len(blob), 8)
        data += blob + bytes(-len(blob) % 8)
    return hdr + ph + data


def describe_words(words):
    return " ".join(("%0" + str(2 * n) + "x") % w for w, n in words)


def run_image(o, tally, runner, image, slots, tag):
    """Run one image to its end, resuming after every early stop.  Counts
    the slots entered in tally.tried."""
    path = os.path.join(runner.tmp, "image.elf")
    with open(path, "wb") as f:
        f.write(image)
    uart = os.path.join(runner.tmp, "uart.bin")

    def progress():
        try:
            return os.path.getsize(uart) // 2
        except OSError:
            return 0

    def last_frame(start):
        try:
            with open(uart, "rb") as f:
                data = f.read()
        except OSError:
            data = b""
        n = len(data) // 2
        return int.from_bytes(data[2 * n - 2:2 * n], "little") if n else start - 1

    def resume_args(slot):
        return ["-device", "loader,addr=0x%x,data=%d,data-len=8" % (START, slot)] if slot else []

    slot = 0
    while slot < len(slots):
        if os.path.exists(uart):
            os.remove(uart)
        args = ["-no-reboot", "-serial", "file:" + uart, "-kernel", path] + resume_args(slot)
        limit = 2 * (len(slots) - slot) + 64
        out = runner.finish(runner.start(args), timeout=o.run_timeout, progress=progress,
                            stall=o.stall, grace=o.grace, limit=limit)
        entered = progress()
        last = last_frame(slot)
        tally.tried += min(entered, len(slots) - slot)
        tally.count(out)
        if out.failed:
            last = min(max(last, slot), len(slots) - 1)
            d = fuzz_lib.save_repro(
                o.outdir, tally.name, "%s-slot%d" % (tag, last), {"image.elf": image},
                [o.qemu, "-M", "virt", "-display", "none", "-no-reboot",
                 "-serial", "file:uart.bin", "-kernel", "image.elf"] + resume_args(slot),
                out, "the run from slot %d; slot %d (words %s) was the last entered"
                % (slot, last, describe_words(slots[last])))
            tally.failures.append(d)
            if o.verbose:
                print("  %s: %s -> %s" % (tally.name, out.describe(), d))
        if out.kind == "ok" and last >= len(slots) - 1:
            break
        slot = max(last + 1, slot + 1)


def fuzz(o, tally, kind, count, seed, per_image, deadline):
    """@kind "words" or "blocks": run until @count are tried or deadline()."""
    rng = random.Random(seed)
    gen = Generator(rng)
    tmp = fuzz_lib.fresh_dir(os.path.join(o.workdir, tally.name))
    runner = fuzz_lib.Runner(o.qemu, tmp, probe_timeout=o.probe_timeout)
    harness = Harness(o.tile_as, tmp)
    lib = None
    n = 0
    while tally.tried < count and not deadline():
        k = min(per_image, count - tally.tried)
        regs = []
        if kind == "words":
            slots = [[gen.any_word()] for _ in range(k)]
        else:
            if lib is None:
                lib = template_library(rng, o.tile_as, tmp, o.templates)
            slots = []
            for _ in range(k):
                if rng.random() < 0.7:
                    slots.append(gen.library_block(lib))
                    regs.append(gen.template_registers())
                else:
                    slots.append(gen.tile_block())
                    regs.append([gen.register_value() for _ in range(23)])
        regs = regs or [[gen.register_value() for _ in range(23)] for _ in range(k)]
        run_image(o, tally, runner, harness.image(slots, regs), slots,
                  "seed%d-image%d" % (seed, n))
        n += 1
