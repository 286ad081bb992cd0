"""Draws assets/icon.png, the window icon: a magnifying glass over a URL whose
parts are coloured like the app's component colours. Pure Python (zlib and
struct), so it runs anywhere: python3 assets/make_icon.py"""
import math, struct, zlib, os

N = 128          # icon size
S = 4            # supersampling per axis, for smooth edges

BG = (0x2B, 0x4C, 0x7E)
RING = (0xF5, 0xF7, 0xFA)
PARTS = [(0xE0, 0x5A, 0x5A), (0x3C, 0x8C, 0xE7), (0x4C, 0xAF, 0x50), (0xD4, 0xAC, 0x0D)]

def sample(x, y):
    """Colour (r, g, b, a) at a point of the 128x128 canvas."""
    # Rounded square background.
    r = 22
    cx, cy = min(max(x, r), N - r), min(max(y, r), N - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r:
        return (0, 0, 0, 0)
    # The lens: centre (54, 54), radius 34, ring 9 wide.
    d = math.hypot(x - 54, y - 54)
    if 30 <= d <= 39:
        return RING + (255,)
    # The handle, from the ring towards the lower right.
    t = ((x - 54) + (y - 54)) / 2
    off = abs((x - 54) - (y - 54)) / math.sqrt(2)
    if 36 <= t * math.sqrt(2) <= 70 and off <= 7:
        return RING + (255,)
    if d < 30:
        # Four coloured bars inside the lens: scheme, host, path, query.
        for i, c in enumerate(PARTS):
            top = 36 + i * 9.5
            if top <= y <= top + 6 and 30 <= x <= 78 - (i % 2) * 10:
                return c + (255,)
        return (0x1B, 0x2F, 0x50, 255)
    return BG + (255,)

rows = []
for py in range(N):
    row = bytearray([0])
    for px in range(N):
        acc = [0, 0, 0, 0]
        for sy in range(S):
            for sx in range(S):
                c = sample(px + (sx + 0.5) / S, py + (sy + 0.5) / S)
                a = c[3]
                acc[0] += c[0] * a; acc[1] += c[1] * a; acc[2] += c[2] * a; acc[3] += a
        a = acc[3]
        if a:
            row += bytes([round(acc[0] / a), round(acc[1] / a), round(acc[2] / a), round(a / (S * S))])
        else:
            row += bytes(4)
    rows.append(bytes(row))

def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", N, N, 8, 6, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "icon.png")
open(out, "wb").write(png)
print(out, len(png), "bytes")
