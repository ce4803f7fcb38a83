#!/usr/bin/env python3
"""Compares ZenitUI's frames with Chromium's for the golden image cases.

For each case of cases.json, `zenit-style render` draws sheets/NAME.zstyle
over the case's tree, and the frame is compared with chromium/NAME.png
(recorded by tests/conformance/generate/golden.mjs). A case passes when the
mean absolute difference over the RGB channels (0-255) is at most the
case's `mean` and the fraction of pixels differing by more than 48 in some
channel is at most its `over` (cases.json's defaults when it gives none).

  run_golden.py --tool build/ci/tools/zenit-style [--case NAME] [--out DIR]

--out DIR keeps, for each case, NAME.zenit.png, NAME.chromium.png and
NAME.diff.png (the difference, 4 times as bright) for a look by eye.
Exit status 0 when every case passes, 1 otherwise, 2 on a usage error.
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MEAN = 1.5  # mean absolute channel difference, 0-255
DEFAULT_OVER = 0.01  # fraction of pixels off by more than STRONG
STRONG = 48


def read_png(path):
    """(width, height, rows of RGB bytes) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace != 0:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA, non-interlaced PNGs are read")
    bpp = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        base = y * (stride + 1)
        kind, line = raw[base], bytearray(raw[base + 1:base + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    rgb = []
    for line in rows:
        if bpp == 3:
            rgb.append(bytes(line))
        else:  # over white, as the page and the render both are opaque; alpha is kept exact here
            out = bytearray(width * 3)
            for x in range(width):
                r, g, b, al = line[4 * x:4 * x + 4]
                for k, v in enumerate((r, g, b)):
                    out[3 * x + k] = (v * al + 255 * (255 - al) + 127) // 255
            rgb.append(bytes(out))
    return width, height, rgb


def write_png(path, width, height, rows):
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def compare(a, b):
    """(mean, fraction over STRONG, diff rows) of two same-sized RGB images."""
    width, height = a[0], a[1]
    total, over, diff = 0, 0, []
    for ra, rb in zip(a[2], b[2]):
        line = bytearray(width * 3)
        for x in range(width):
            d = [abs(ra[3 * x + k] - rb[3 * x + k]) for k in range(3)]
            total += sum(d)
            if max(d) > STRONG:
                over += 1
            for k in range(3):
                line[3 * x + k] = min(255, 4 * d[k])
        diff.append(line)
    return total / (width * height * 3), over / (width * height), diff


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tool", required=True, help="the zenit-style binary")
    ap.add_argument("--case", action="append", help="only this case (repeatable)")
    ap.add_argument("--out", help="directory for zenit, chromium and diff images")
    args = ap.parse_args()
    with open(os.path.join(HERE, "cases.json")) as f:
        cases = json.load(f)["cases"]
    if args.case:
        unknown = set(args.case) - {c["name"] for c in cases}
        if unknown:
            print(f"run_golden.py: no case {', '.join(sorted(unknown))}", file=sys.stderr)
            return 2
        cases = [c for c in cases if c["name"] in args.case]
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for c in cases:
            name = c["name"]
            w, h = c["viewport"]
            mine = os.path.join(args.out or tmp, f"{name}.zenit.png")
            cmd = [args.tool, "render", os.path.join(HERE, "sheets", f"{name}.zstyle"), "--viewport", f"{w}x{h}",
                   "--time", str(c.get("time", 0)), "--out", mine]
            if c.get("tree"):
                cmd += ["--tree", c["tree"]]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0 or run.stderr.strip():
                print(f"FAIL {name}: zenit-style render exited {run.returncode} with:\n{run.stderr}")
                failed += 1
                continue
            zen = read_png(mine)
            ref = read_png(os.path.join(HERE, "chromium", f"{name}.png"))
            if zen[:2] != ref[:2]:
                print(f"FAIL {name}: {zen[0]}x{zen[1]} drawn, {ref[0]}x{ref[1]} recorded")
                failed += 1
                continue
            mean, over, diff = compare(zen, ref)
            max_mean, max_over = c.get("mean", DEFAULT_MEAN), c.get("over", DEFAULT_OVER)
            ok = mean <= max_mean and over <= max_over
            failed += 0 if ok else 1
            print(f"{'ok  ' if ok else 'FAIL'} {name}: mean {mean:.3f} (max {max_mean}), "
                  f"{100 * over:.2f}% of pixels off by > {STRONG} (max {100 * max_over:.2f}%)")
            if args.out:
                write_png(os.path.join(args.out, f"{name}.chromium.png"), ref[0], ref[1], ref[2])
                write_png(os.path.join(args.out, f"{name}.diff.png"), w, h, diff)
    print(f"{len(cases) - failed}/{len(cases)} golden images within tolerance")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
