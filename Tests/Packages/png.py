"""PNG files decoded in Python alone, for the tests that compare pictures: 8-bit RGB or
RGBA, not interlaced (what Chromium writes, and the tour's own pictures)."""
import struct, zlib


def png_pixels(data):
    """(width, height, channels, rows): each row the pixels' bytes, 3 or 4 a pixel."""
    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and kind in (2, 6), (depth, kind)
    position, chunks = 8, b""
    while position < len(data):
        length, name = struct.unpack(">I4s", data[position:position + 8])
        if name == b"IDAT":
            chunks += data[position + 8:position + 8 + length]
        position += 12 + length
    raw, channels = zlib.decompress(chunks), {2: 3, 6: 4}[kind]
    stride, rows, previous = width * channels, [], bytearray(width * channels)
    for y in range(height):
        kind_of_filter, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind_of_filter == 1: line[x] = (line[x] + left) & 255
            elif kind_of_filter == 2: line[x] = (line[x] + up) & 255
            elif kind_of_filter == 3: line[x] = (line[x] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def png_rgba(path):
    """(width, height, rows of RGBA bytes): an RGB file gets opaque alpha."""
    width, height, channels, rows = png_pixels(open(path, "rb").read())
    if channels == 3:
        rows = [b"".join(row[i:i + 3] + b"\xff" for i in range(0, len(row), 3)) for row in rows]
    return width, height, rows
