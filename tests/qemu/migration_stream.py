# SPDX-License-Identifier: GPL-2.0-or-later
"""Where each field of a device lies in a QEMU migration stream.

A stream written by `migrate "exec:cat > FILE"` ends with a JSON
description of every device section (the field names, sizes and array
lengths, nested structs and subsections, in stream order).  A device
section starts with the byte 0x04 (a full section), its 32-bit section
id, its name (a length byte and the text), its instance id and its
version, then the fields; a subsection is the byte 0x05, its name (a
length byte and the text) and its version.  fields() gives the offset in
the stream of every leaf field of one device, so a test can corrupt
exactly the field it means to."""

import json
import struct

SECTION_FULL = 0x04
SUBSECTION = 0x05
VMDESCRIPTION = 0x06


def description(stream):
    """The JSON description at the end of the stream."""
    for i in range(len(stream) - 5, 0, -1):
        if stream[i] == VMDESCRIPTION and \
           int.from_bytes(stream[i + 1:i + 5], "big") == len(stream) - i - 5:
            return json.loads(stream[i + 5:])
    raise ValueError("no device description at the end of the stream")


def _walk(desc_fields, subsections, offset, prefix, out):
    """Append (name, offset, size, count) of each leaf; return the end offset."""
    for f in desc_fields:
        name = prefix + f["name"] + ("[%d]" % f["index"] if "index" in f else "")
        if f["type"] == "struct":
            # one description for every element of an array of structs
            inner = f["struct"]
            count = f.get("array_len")
            for i in range(count or 1):
                elem = name + ("[%d]" % i if count else "")
                end = _walk(inner["fields"], inner.get("subsections", []), offset,
                            elem + ".", out)
                assert end == offset + f["size"], elem
                offset = end
        else:
            count = f.get("array_len", 1)
            out.append((name, offset, f["size"], count))
            offset += f["size"] * count
    for s in subsections:
        offset += 1 + 1 + len(s["vmsd_name"]) + 4
        offset = _walk(s["fields"], s.get("subsections", []), offset,
                       prefix + s["vmsd_name"].rsplit("/", 1)[-1] + ":", out)
    return offset


def section_start(stream, name, instance, version):
    """Offset of the first field of device NAME (instance, version)."""
    tail = bytes([len(name)]) + name.encode() + struct.pack(">II", instance, version)
    pos = stream.find(tail)
    while pos >= 5 and stream[pos - 5] != SECTION_FULL:
        pos = stream.find(tail, pos + 1)
    if pos < 5:
        raise ValueError("no section %s/%d in the stream" % (name, instance))
    return pos + len(tail)


def fields(stream, vmsd_name, instance=0):
    """{field name: (offset, size, count)} for one device section, and the
    section's [start, end) in the stream."""
    for dev in description(stream)["devices"]:
        if dev["vmsd_name"] == vmsd_name and dev["instance_id"] == instance:
            start = section_start(stream, dev["name"], instance, dev["version"])
            out = []
            end = _walk(dev["fields"], dev.get("subsections", []), start, "", out)
            return {n: (o, s, c) for n, o, s, c in out}, (start, end)
    raise ValueError("no device %s/%d described in the stream" % (vmsd_name, instance))


def with_value(stream, where, value, index=0):
    """A copy of stream with element index of the field at where
    ((offset, size, count)) set to value (big-endian, as QEMU writes)."""
    offset, size, count = where
    assert index < count
    pos = offset + index * size
    return stream[:pos] + value.to_bytes(size, "big") + stream[pos + size:]


def value(stream, where, index=0):
    offset, size, _ = where
    pos = offset + index * size
    return int.from_bytes(stream[pos:pos + size], "big")
