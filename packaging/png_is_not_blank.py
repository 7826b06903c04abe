#!/usr/bin/env python3
"""Exit 0 when a PNG file shows something: at least 200x150 pixels and at least 16 distinct
colours (a blank or single-colour window has a handful). Standard library only."""
import struct
import sys
import zlib


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or interlace != 0 or colour not in (2, 6):
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        line_start = y * (stride + 1)
        kind = raw[line_start]
        line = bytearray(raw[line_start + 1:line_start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            up_left = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - up_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - up_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else up_left)
                line[i] = (line[i] + predictor) & 0xFF
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def main():
    if len(sys.argv) != 2:
        print("usage: png_is_not_blank.py FILE.png", file=sys.stderr)
        return 2
    path = sys.argv[1]
    try:
        width, height, channels, rows = read_png(path)
    except (OSError, ValueError, zlib.error, struct.error, TypeError) as error:
        print(f"{path}: {error}", file=sys.stderr)
        return 1
    colours = set()
    for row in rows[::4]:
        for x in range(0, len(row), channels * 2):
            colours.add(row[x:x + 3])
    print(f"{path}: {width}x{height}, {len(colours)} distinct colours (sampled)")
    if width < 200 or height < 150 or len(colours) < 16:
        print(f"{path}: looks blank", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
