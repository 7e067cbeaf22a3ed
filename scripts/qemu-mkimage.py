#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Make small test images for qemu-system-tile's -kernel loader.

    qemu-mkimage.py OUT [--raw HEX] [--machine N] [--class 32|64]
                        [--vaddr A] [--entry A] [--truncate N] [--code HEX]

Without --raw, OUT is an ELF64 little-endian executable with one PT_LOAD
segment holding the --code bytes (default: four zero bytes) at --vaddr
(default 0), entered at --entry (default --vaddr).  --machine overrides
e_machine (default 0xE9); --truncate N cuts the file to N bytes.
With --raw HEX, OUT is just those bytes (a raw binary).
"""

import argparse
import struct
import sys


def num(s):
    return int(s, 0)


def elf(machine, cls, vaddr, entry, code):
    if cls == 32:
        ehsize, phsize = 52, 32
        phoff = ehsize
        off = phoff + phsize
        hdr = b"\x7fELF" + bytes([1, 1, 1, 0]) + bytes(8)
        hdr += struct.pack("<HHIIIIIHHHHHH", 2, machine, 1, entry, phoff, 0,
                           0, ehsize, phsize, 1, 0, 0, 0)
        ph = struct.pack("<IIIIIIII", 1, off, vaddr, vaddr, len(code),
                         len(code), 5, 4)
    else:
        ehsize, phsize = 64, 56
        phoff = ehsize
        off = phoff + phsize
        hdr = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
        hdr += struct.pack("<HHIQQQIHHHHHH", 2, machine, 1, entry, phoff, 0,
                           0, ehsize, phsize, 1, 0, 0, 0)
        ph = struct.pack("<IIQQQQQQ", 1, 5, off, vaddr, vaddr, len(code),
                         len(code), 4)
    return hdr + ph + code


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--raw", help="write these hex bytes as a raw binary")
    ap.add_argument("--machine", type=num, default=0xE9)
    ap.add_argument("--class", dest="cls", type=int, choices=(32, 64),
                    default=64)
    ap.add_argument("--vaddr", type=num, default=0)
    ap.add_argument("--entry", type=num)
    ap.add_argument("--code", default="00000000",
                    help="segment contents as hex (little-endian bytes)")
    ap.add_argument("--truncate", type=num)
    a = ap.parse_args()

    if a.raw is not None:
        data = bytes.fromhex(a.raw)
    else:
        entry = a.vaddr if a.entry is None else a.entry
        data = elf(a.machine, a.cls, a.vaddr, entry, bytes.fromhex(a.code))
    if a.truncate is not None:
        data = data[:a.truncate]
    with open(a.out, "wb") as f:
        f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main())
