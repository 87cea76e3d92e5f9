#!/usr/bin/env python3
"""hide-relr.py BINARY...: renames the packed-relocation tags (DT_RELR, DT_RELRSZ, DT_RELRENT)
in each BINARY's dynamic section to tour's own, which no loader reads, so that glibc 2.36 and
later load it without a GLIBC_ABI_DT_RELR need; scripts/release-relr.c applies the table.
A binary already renamed is left as it is. Fails if BINARY has neither: an entry point
that finds no table would leave the pointers unrelocated."""
import struct
import sys

RENAMES = {35: 0x6F545235, 36: 0x6F545236, 37: 0x6F545237}  # must match release-relr.c
PT_DYNAMIC = 2


def hide(path):
    with open(path, "rb") as file:
        data = bytearray(file.read())
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit(f"hide-relr: {path}: not a 64-bit little-endian ELF file")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    renamed = already = 0
    for index in range(phnum):
        p_type, _, p_offset, _, _, p_filesz = struct.unpack_from("<IIQQQQ", data, phoff + index * phentsize)
        if p_type != PT_DYNAMIC:
            continue
        for at in range(p_offset, p_offset + p_filesz, 16):
            tag, = struct.unpack_from("<q", data, at)
            if tag == 0:
                break
            if tag in RENAMES:
                struct.pack_into("<q", data, at, RENAMES[tag])
                renamed += 1
            elif tag in RENAMES.values():
                already += 1
    if renamed + already != 3:
        sys.exit(f"hide-relr: {path}: expected the three DT_RELR tags, found {renamed + already}")
    if renamed:
        with open(path, "wb") as file:
            file.write(data)


if __name__ == "__main__":
    for binary in sys.argv[1:]:
        hide(binary)
