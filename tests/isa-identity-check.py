#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The ISA identity tile-as writes, computed again here on its own.

    isa-identity-check.py SOURCE_ROOT TILE_AS TILE_OBJDUMP

1. The method: the spec's encoding projection, rebuilt here from the
   spec's catalogs (spec/catalog) with the rule docs/isa-identity.md
   restates, must hash to the value the spec publishes
   (spec/evidence/pto-isa-0583-abi-vectors.json).  So the normalization
   used below is the spec's.
2. Ours: the projection of the isa/ tables, read by this file's own reader
   (not scripts/isa-parse.py, not scripts/isa-gen-c.py), hashed the same
   way, must be the encoding_projection_sha256 of the note tile-as writes;
   release and encoding_abi must be isa/identity.isa's.
3. The note's bytes must be exactly the spec's elf_identity layout, built
   here with struct; tile-objdump must show the identity, name another
   one's difference, and refuse a malformed note with one line and status 1.
"""

import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from testutil import Checks  # noqa: E402


def normalized_sha256(value):
    """The spec's normalization: sorted keys, no whitespace, UTF-8."""
    return hashlib.sha256(json.dumps(value, sort_keys=True, separators=(",", ":"))
                          .encode("utf-8")).hexdigest()


# ---- 1. the spec's projection of its own catalogs ----

def spec_projection(catalog, abi):
    def load(name):
        with open(os.path.join(catalog, name)) as f:
            return json.load(f)

    def num(v):
        return int(v, 0) if isinstance(v, str) else v

    forms = load("scalar-forms.json")["forms"] + load("command-forms.json")["forms"]
    form_keys = ("form_id", "mnemonic", "asm", "length_bits", "encoding_kind", "encoding",
                 "fields", "constraints")

    def selector(op):
        return (num(op["mode"]) << 5 | num(op["function"]) if op["family"] == "TEPL"
                else num(op["function"]))

    ops = sorted(load("tile-operations.json")["operations"],
                 key=lambda op: (op["family"], selector(op), op["name"]))
    regs = sorted(load("system-registers.json")["registers"],
                  key=lambda r: (num(r.get("address", r.get("low_index"))), r["name"]))
    reg_keys = ("name", "address", "low_index", "fixed_context", "access", "scope")
    return {
        "encoding_abi": abi,
        "extension_encoding_reservations":
            load("extension-encoding-reservations.json")["reservations"],
        "scalar_and_command_forms": [{k: f[k] for k in form_keys}
                                     for f in sorted(forms, key=lambda f: f["form_id"])],
        "system_registers": [{k: r[k] for k in reg_keys if k in r} for r in regs],
        "tile_operations": [{
            "family": op["family"], "name": op["name"],
            "command_mnemonic": op["command_mnemonic"],
            "mode": num(op["mode"]) if op["family"] == "TEPL" else None,
            "function": num(op["function"]),
            "selector": selector(op) if op["family"] == "TEPL" else None,
        } for op in ops],
    }


# ---- 2. the projection of the isa/ tables, with a reader of its own ----

def read_blocks(path):
    """(header words, [body lines as word lists and raw text]) per block,
    and the top-level lines outside blocks."""
    blocks, top, cur = [], [], None
    with open(path) as f:
        for raw in f:
            text = raw.strip()
            if not text or text.startswith("#"):
                continue
            words = text.split()
            if words[0] in ("form", "reserved"):
                cur = (words, [])
            elif words[0] == "end":
                blocks.append(cur)
                cur = None
            elif cur is not None:
                cur[1].append((words, text))
            else:
                top.append(words)
    return blocks, top


def piece(text):
    lsb_width, value_lsb = text.split("@")
    lsb, width = lsb_width.split(":")
    return {"instruction_lsb": int(lsb), "width": int(width), "value_lsb": int(value_lsb)}


def body_row(lines):
    row = {"fields": [], "constraints": [], "agu": None, "variant": None, "syntax": []}
    for words, text in lines:
        key = words[0]
        if key == "mnemonic":
            row["mnemonic"] = words[1]
        elif key == "length":
            row["length_bits"], row["encoding_kind"] = int(words[1]), words[2]
        elif key == "encode":
            row["match"], row["mask"] = int(words[1], 16), int(words[2], 16)
        elif key == "field":
            row["fields"].append({"name": words[1], "signedness": words[2][0],
                                  "width": int(words[2][1:]),
                                  "pieces": [piece(p) for p in words[3:]]})
        elif key == "require":
            values = [int(v) for v in words[3].split(",")]
            row["constraints"].append({"field": words[1], "operator": words[2],
                                       "values": values})
        elif key == "agu":
            row["agu"] = {"kind": words[1], "scale": int(words[2])}
        elif key == "variant":
            row["variant"] = {"name": words[1], "function": int(words[2])}
        elif key == "syntax":
            row["syntax"].append(text[len("syntax "):])
        elif key != "class":
            raise SystemExit("unknown line %r" % text)
    return row


def our_projection(isa, abi):
    forms = []
    for name in ("scalar.isa", "command.isa"):
        for head, lines in read_blocks(os.path.join(isa, name))[0]:
            row = body_row(lines)
            row["form_id"] = head[1]
            forms.append(row)
    reserved = []
    for head, lines in read_blocks(os.path.join(isa, "reserved.isa"))[0]:
        row = body_row(lines)
        for k in ("agu", "variant", "syntax"):
            del row[k]
        row.update({"mnemonic": head[1], "length_bits": int(head[2]),
                    "match": int(head[3], 16), "mask": int(head[4], 16)})
        reserved.append(row)
    regs = []
    for words in read_blocks(os.path.join(isa, "sysregs.isa"))[1]:
        if words[0] == "sysreg":
            row = {"name": words[1], "access": words[2], "scope": words[3]}
            for kv in words[4:]:
                k, v = kv.split("=")
                row[k] = int(v, 16 if v.lower().startswith("0x") else 10)
            regs.append(row)
    ops = []
    for words in read_blocks(os.path.join(isa, "tile-ops.isa"))[1]:
        if words[0] == "tileop":
            kv = dict(w.split("=", 1) for w in words[4:7])
            val = {k: None if kv[k] == "-" else int(kv[k], 0)
                   for k in ("mode", "function", "selector")}
            ops.append(dict(name=words[1], engine=words[2], carrier=words[3], **val))
    return {
        "encoding_abi": abi,
        "extension_encoding_reservations": sorted(reserved, key=lambda r: r["mnemonic"]),
        "scalar_and_command_forms": sorted(forms, key=lambda r: r["form_id"]),
        "system_registers": sorted(regs, key=lambda r: r["name"]),
        "tile_operations": sorted(ops, key=lambda r: r["name"]),
    }


def identity_file(path):
    fields = {}
    for words in read_blocks(path)[1]:
        fields[words[0]] = words[1]
    return fields


# ---- 3. the note in an ELF file ----

def note_header(elf):
    """The file offset of the .note.pto.isa section header, or None."""
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shnum, shstrndx = struct.unpack_from("<HH", elf, 0x3c)
    names_off, = struct.unpack_from("<Q", elf, shoff + 64 * shstrndx + 0x18)
    for i in range(shnum):
        name, = struct.unpack_from("<I", elf, shoff + 64 * i)
        end = elf.index(b"\0", names_off + name)
        if elf[names_off + name:end] == b".note.pto.isa":
            return shoff + 64 * i
    return None


def note_section(elf):
    """The bytes of the .note.pto.isa section, or None."""
    at = note_header(elf)
    if at is None:
        return None
    typ, = struct.unpack_from("<I", elf, at + 4)
    off, size = struct.unpack_from("<QQ", elf, at + 0x18)
    assert typ == 7, "not SHT_NOTE"
    return elf[off:off + size]


def note(desc):
    """A PTO identity note: the spec's elf_identity layout."""
    n = struct.pack("<III", 4, len(desc), 1) + b"PTO\0" + desc
    return n + b"\0" * (-len(n) % 4)


def with_note(elf, contents):
    """elf with its .note.pto.isa section holding contents (no longer than
    the section tile-as wrote)."""
    at = note_header(elf)
    off, size = struct.unpack_from("<QQ", elf, at + 0x18)
    assert len(contents) <= size
    out = bytearray(elf)
    out[off:off + size] = contents.ljust(size, b"\0")
    struct.pack_into("<Q", out, at + 0x20, len(contents))
    return bytes(out)


def main():
    root, tile_as, tile_objdump = sys.argv[1:4]
    c = Checks()
    with open(os.path.join(root, "spec", "evidence", "pto-isa-0583-abi-vectors.json")) as f:
        vectors = json.load(f)

    spec_hash = normalized_sha256(spec_projection(os.path.join(root, "spec", "catalog"),
                                                  vectors["encoding_abi"]))
    c.check("the spec's projection of its catalogs hashes to its published value",
            spec_hash == vectors["encoding_projection_sha256"], spec_hash)

    ident = identity_file(os.path.join(root, "isa", "identity.isa"))
    c.check("isa/identity.isa names a release and an encoding ABI",
            sorted(ident) == ["encoding_abi", "release"], ident)
    ours = normalized_sha256(our_projection(os.path.join(root, "isa"), ident["encoding_abi"]))
    c.check("our encoding ABI is not the spec's 0.58.3 ABI",
            ident["encoding_abi"] != vectors["encoding_abi"] and ours != spec_hash)

    with tempfile.TemporaryDirectory() as tmp:
        src, elf_path = os.path.join(tmp, "t.s"), os.path.join(tmp, "t.elf")
        with open(src, "w") as f:
            f.write("    .text\n    .globl _start\n_start:\n    c.movi 0, ->a0\n")
        subprocess.run([tile_as, "-o", elf_path, src], check=True)
        with open(elf_path, "rb") as f:
            elf = f.read()
        sec = note_section(elf)
        if not c.check("tile-as writes a .note.pto.isa section", sec is not None):
            return c.summary()
        desc = json.dumps({"release": ident["release"], "encoding_abi": ident["encoding_abi"],
                           "encoding_projection_sha256": ours},
                          sort_keys=True, separators=(",", ":")).encode()
        expect = note(desc)
        c.check("the note is the spec's layout with our identity, hash computed here",
                sec == expect, "%r\n   expected %r" % (sec, expect))

        out = subprocess.run([tile_objdump, elf_path], capture_output=True, text=True)
        c.check("tile-objdump shows the identity as its own",
                out.returncode == 0 and
                ("ISA identity: release %s, encoding_abi %s, encoding_projection_sha256 %s "
                 "(this tool's)" % (ident["release"], ident["encoding_abi"], ours))
                in out.stdout, out.stdout[:300])

        # an image carrying the spec's own 0.58.3 identity
        other = json.dumps({"release": vectors["release"], "encoding_abi": vectors["encoding_abi"],
                            "encoding_projection_sha256": vectors["encoding_projection_sha256"]},
                           sort_keys=True, separators=(",", ":")).encode()
        spec_elf = os.path.join(tmp, "spec.elf")
        with open(spec_elf, "wb") as f:
            f.write(with_note(elf, note(other)))
        out = subprocess.run([tile_objdump, spec_elf], capture_output=True, text=True)
        c.check("tile-objdump names how the spec's 0.58.3 identity differs",
                out.returncode == 0 and
                "(not this tool's: encoding-abi-mismatch)" in out.stdout, out.stdout[:300])

        broken = bytearray(expect)
        struct.pack_into("<I", broken, 4, 0x7fffffff)       # descsz past the section
        bad_elf = os.path.join(tmp, "bad.elf")
        with open(bad_elf, "wb") as f:
            f.write(with_note(elf, bytes(broken)))
        out = subprocess.run([tile_objdump, bad_elf], capture_output=True, text=True)
        err = [l for l in out.stderr.splitlines() if l.strip()]
        c.check("tile-objdump: a malformed note is one line on stderr and status 1",
                out.returncode == 1 and len(err) == 1 and "malformed ISA identity note" in err[0]
                and "Disassembly of section .text" in out.stdout, out.stderr)
    return c.summary()


if __name__ == "__main__":
    sys.exit(main())
