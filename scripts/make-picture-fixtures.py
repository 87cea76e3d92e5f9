#!/usr/bin/env python3
"""Writes the test pictures in Tests/Fixtures/pictures (and the built-in tour's logo, as a PNG
and as the RGBA pixels it decodes to):
PNGs in pure Python (zlib), a JPEG through libjpeg with a few lines of C. Run it again
only to change them; the files are committed."""
import os, struct, subprocess, sys, tempfile, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "pictures")


def png(width, height, pixel, path=None, header_only_size=None):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    w, h = header_only_size or (width, height)
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)  # 8-bit RGBA
    if header_only_size:
        data = b""
    else:
        raw = bytearray()
        for y in range(height):
            raw.append(0)
            for x in range(width):
                raw += bytes(pixel(x, y))
        data = zlib.compress(bytes(raw), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


def disc(size):
    """A red disc on white."""
    r = size * 0.38
    c = (size - 1) / 2
    return lambda x, y: (220, 30, 30, 255) if (x - c) ** 2 + (y - c) ** 2 <= r * r else (255, 255, 255, 255)


def logo(x, y):
    """The built-in tour's picture: a blue-to-violet ring around a yellow dot, on nothing."""
    c, d2 = 31.5, (x - 31.5) ** 2 + (y - 31.5) ** 2
    if d2 <= 9 ** 2:
        return (255, 215, 95, 255)
    if 20 ** 2 <= d2 <= 30 ** 2:
        t = x / 63
        return (int(58 + t * 120), int(123 - t * 60), int(213 + t * 30), 255)
    return (0, 0, 0, 0)


def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)


def jpeg(path, size, kind="baseline"):
    """A red disc on white through libjpeg. kind: "baseline"; "progressive" (libjpeg's
    simple progression); "many-scans" (a legal progression of one-coefficient bands, each
    refined bit by bit: hundreds of scans); "cmyk" (Adobe CMYK, as image editors write it)."""
    source = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
int main(int argc, char **argv) {
    int n = atoi(argv[2]); const char *kind = argv[3];
    int cmyk = !strcmp(kind, "cmyk");
    struct jpeg_compress_struct c; struct jpeg_error_mgr e;
    FILE *f = fopen(argv[1], "wb"); c.err = jpeg_std_error(&e); jpeg_create_compress(&c); jpeg_stdio_dest(&c, f);
    c.image_width = n; c.image_height = n; c.input_components = cmyk ? 4 : 3; c.in_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&c); jpeg_set_quality(&c, 90, TRUE);
    if (cmyk) jpeg_set_colorspace(&c, JCS_CMYK);
    if (!strcmp(kind, "progressive")) jpeg_simple_progression(&c);
    static jpeg_scan_info scans[4000];
    if (!strcmp(kind, "many-scans")) {
        int count = 0;
        scans[count].comps_in_scan = 3; for (int k = 0; k < 3; k++) scans[count].component_index[k] = k;
        scans[count].Ss = 0; scans[count].Se = 0; scans[count].Ah = 0; scans[count].Al = 0; count++;
        for (int comp = 0; comp < 3; comp++)
            for (int band = 1; band <= 63; band++)
                for (int al = 2; al >= 0; al--) {
                    jpeg_scan_info *s = &scans[count++];
                    s->comps_in_scan = 1; s->component_index[0] = comp; s->Ss = band; s->Se = band;
                    s->Ah = al == 2 ? 0 : al + 1; s->Al = al;
                }
        c.scan_info = scans; c.num_scans = count;
    }
    jpeg_start_compress(&c, TRUE);
    unsigned char *row = malloc(4 * n);
    while (c.next_scanline < c.image_height) {
        int y = c.next_scanline;
        for (int x = 0; x < n; x++) { int in = (long)(x - n / 2) * (x - n / 2) + (long)(y - n / 2) * (y - n / 2) < (long)(n * 38 / 100) * (n * 38 / 100);
            if (cmyk) { /* Adobe's inverted CMYK: 255 is no ink. Red is magenta and yellow. */
                row[4 * x] = 255; row[4 * x + 1] = in ? 255 - 225 : 255; row[4 * x + 2] = in ? 255 - 225 : 255; row[4 * x + 3] = in ? 255 - 35 : 255;
            } else { row[3 * x] = in ? 220 : 255; row[3 * x + 1] = in ? 30 : 255; row[3 * x + 2] = in ? 30 : 255; } }
        JSAMPROW r = row; jpeg_write_scanlines(&c, &r, 1);
    }
    jpeg_finish_compress(&c); fclose(f); return 0;
}
"""
    with tempfile.TemporaryDirectory() as work:
        c = os.path.join(work, "j.c")
        open(c, "w").write(source)
        subprocess.run(["cc", c, "-o", os.path.join(work, "j"), "-ljpeg"], check=True)
        subprocess.run([os.path.join(work, "j"), path, str(size), kind], check=True)


def big_disc_png(size):
    """A red disc on white, row by row (too large to build pixel by pixel in Python)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    r, c = size * 0.38, (size - 1) / 2
    white, red = b"\xff\xff\xff\xff", b"\xdc\x1e\x1e\xff"
    compressor, data = zlib.compressobj(9), b""
    for y in range(size):
        d = r * r - (y - c) ** 2
        if d < 0:
            row = white * size
        else:
            x0, x1 = max(0, int(c - d ** 0.5 + 1)), min(size, int(c + d ** 0.5) + 1)
            row = white * x0 + red * (x1 - x0) + white * (size - x1)
        data += compressor.compress(b"\x00" + row)
    data += compressor.flush()
    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


os.makedirs(OUT, exist_ok=True)
write("red-disc.png", png(200, 200, disc(200)))
write("large-disc.png", png(2000, 2000, disc(2000)))
good = png(40, 40, disc(40))
write("corrupt.png", good[:33] + b"IDAT" + bytes(range(256)) * 2)
write("huge-header.png", png(0, 0, None, header_only_size=(100000, 100000)))
write("not-a-picture.png", b"GIF89a this is not a PNG at all")
jpeg(os.path.join(OUT, "red-disc.jpg"), 120)
full = open(os.path.join(OUT, "red-disc.jpg"), "rb").read()
write("truncated.jpg", full[: len(full) // 2])
os.remove(os.path.join(OUT, "red-disc.jpg")) if "--keep-jpeg" not in sys.argv else None
# The largest pictures tour takes, and the JPEGs that cost time or memory out of
# proportion to their size: each must play, or be refused, in under a second and 50 MiB.
write("largest-disc.png", big_disc_png(4096))
jpeg(os.path.join(OUT, "largest-disc.jpg"), 4096)
jpeg(os.path.join(OUT, "largest-progressive.jpg"), 4096, "progressive")
jpeg(os.path.join(OUT, "many-scans.jpg"), 3200, "many-scans")
jpeg(os.path.join(OUT, "cmyk-disc.jpg"), 120, "cmyk")
# Small seeds of the same kinds for the image fuzz target.
jpeg(os.path.join(ROOT, "Fuzz", "Corpus", "image", "many-scans.jpg"), 32, "many-scans")
jpeg(os.path.join(ROOT, "Fuzz", "Corpus", "image", "cmyk.jpg"), 16, "cmyk")
jpeg(os.path.join(ROOT, "Fuzz", "Corpus", "image", "progressive.jpg"), 24, "progressive")
with open(os.path.join(ROOT, "Resources", "art", "logo.png"), "wb") as f:
    f.write(png(64, 64, logo))
# The same pixels, decoded: the built-in tour ships these so that starting it does not
# load libpng for a picture on its last page (a test compares them with libpng's reading).
with open(os.path.join(ROOT, "Resources", "art", "logo.rgba"), "wb") as f:
    f.write(b"".join(bytes(logo(x, y)) for y in range(64) for x in range(64)))
print("pictures written to", OUT)
