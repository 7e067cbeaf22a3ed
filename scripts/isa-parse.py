# SPDX-License-Identifier: GPL-2.0-or-later
"""Reader for the project's ISA description files (the isa/ tables).

Shared by the build-time generators (C tables, decodetree) and the tests.
The format is described in docs/isa-tables.md.
"""

import re


class Field:
    def __init__(self, name, sign, width, pieces):
        self.name, self.sign, self.width, self.pieces = name, sign, width, pieces


class Form:
    def __init__(self, ident):
        self.id = ident
        self.mnemonic = None
        self.length = 0
        self.kind = None
        self.cls = None
        self.family = None
        self.handler = None
        self.match = self.mask = 0
        self.fields = []
        self.constraints = []   # (field, 'in'|'ne', values)
        self.syntax = []
        self.agu = None
        self.variant = None
        self.reserved = False


def _field(line_parts):
    name, typ = line_parts[1], line_parts[2]
    sign, width = typ[0], int(typ[1:])
    pieces = []
    for p in line_parts[3:]:
        m = re.match(r"^(\d+):(\d+)@(\d+)$", p)
        if not m:
            raise ValueError("bad piece %r" % p)
        pieces.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    return Field(name, sign, width, pieces)


def _constraint(parts):
    if parts[2] == "in":
        return (parts[1], "in", [int(v) for v in parts[3].split(",")])
    if parts[2] == "!=":
        return (parts[1], "ne", [int(parts[3])])
    raise ValueError("bad constraint %r" % parts)


def parse(path):
    """Return (forms, reserved, other_lines) from one .isa file."""
    forms, cur = [], None
    other = []
    for lineno, raw in enumerate(open(path), 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split()
        try:
            if parts[0] == "form":
                cur = Form(parts[1])
            elif parts[0] == "reserved":
                cur = Form(parts[1])
                cur.reserved = True
                cur.mnemonic = parts[1]
                cur.length = int(parts[2])
                cur.match = int(parts[3], 16)
                cur.mask = int(parts[4], 16)
                cur.cls = "reserved"
            elif parts[0] == "end":
                forms.append(cur)
                cur = None
            elif cur is None:
                other.append(parts)
            elif parts[0] == "mnemonic":
                cur.mnemonic = parts[1]
            elif parts[0] == "length":
                cur.length, cur.kind = int(parts[1]), parts[2]
            elif parts[0] == "class":
                cur.cls, cur.family, cur.handler = parts[1], parts[2], parts[3]
            elif parts[0] == "encode":
                cur.match, cur.mask = int(parts[1], 16), int(parts[2], 16)
            elif parts[0] == "field":
                cur.fields.append(_field(parts))
            elif parts[0] == "require":
                cur.constraints.append(_constraint(parts))
            elif parts[0] == "agu":
                cur.agu = (parts[1], int(parts[2]))
            elif parts[0] == "variant":
                cur.variant = (parts[1], int(parts[2]))
            elif parts[0] == "syntax":
                cur.syntax.append(line.split("syntax ", 1)[1])
            else:
                raise ValueError("unknown keyword %r" % parts[0])
        except (ValueError, IndexError) as e:
            raise SystemExit("%s:%d: %s" % (path, lineno, e))
    return forms, other
