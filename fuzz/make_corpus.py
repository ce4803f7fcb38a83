#!/usr/bin/env python3
"""Builds the seed corpus of every fuzz target under fuzz/corpus/<target>/.

Sources: the example and theme sheets, the sheets embedded in the tests
(raw string literals), the easing and transition cases recorded in Chromium
(tests/conformance/chromium/), and, when the shared conformance directory is
next to the checkout, its animation and shorthand cases. The layout target's
seeds are small programs for its interpreter (see fuzz_layout.cpp).

Each seed is named by the SHA-1 of its bytes, as libFuzzer names inputs;
files made by earlier runs are kept (reproducers added by hand stay).
Re-run after adding sheets or cases:  python3 fuzz/make_corpus.py
"""
import hashlib
import json
import random
import re
import struct
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
SHARED = ROOT.parent / "shared" / "conformance"
if not SHARED.is_dir():
    SHARED = ROOT.parent.parent / "shared" / "conformance"

LIMIT = 48  # seeds per target: enough to reach every branch family, small enough to check in


def write(target, blobs):
    out = CORPUS / target
    out.mkdir(parents=True, exist_ok=True)
    seen = set()
    count = 0
    for b in blobs:
        if isinstance(b, str):
            b = b.encode("utf-8")
        if not b or b in seen:
            continue
        seen.add(b)
        (out / hashlib.sha1(b).hexdigest()).write_bytes(b)
        count += 1
        if count >= LIMIT:
            break
    print(f"{target}: {count} seeds")


def test_sheets():
    """Raw string literals in the tests that look like sheets."""
    found = []
    for path in sorted((ROOT / "tests").rglob("*.[ch]pp")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r'R"\((.*?)\)"', text, re.S):
            body = m.group(1)
            if "{" in body and ":" in body:
                found.append(body)
    return found


def sheet_sources():
    files = [ROOT / "themes" / "default.zstyle", ROOT / "examples" / "demo" / "demo.zstyle"]
    sheets = [f.read_text(encoding="utf-8") for f in files if f.exists()]
    return sheets


def split_rules(text, size=1200):
    """Cuts a long sheet into pieces at rule boundaries (top-level `}`)."""
    pieces, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "{":
            depth += 1
        elif c == "}":
            depth = max(0, depth - 1)
            if depth == 0 and i + 1 - start >= size:
                pieces.append(text[start : i + 1])
                start = i + 1
    if text[start:].strip():
        pieces.append(text[start:])
    return pieces


def stylesheet_seeds():
    seeds = []
    for s in sheet_sources():
        seeds += split_rules(s)
    seeds += sorted(test_sheets(), key=len)[:24]
    anims = SHARED / "animations.json"
    if anims.exists():
        for c in json.loads(anims.read_text())["cases"][:12]:
            seeds.append(f"{c['keyframes']}\n.box {{ {c['base_style']}; animation: {c['animation']}; }}\n")
    # Error recovery and limits the parser documents.
    seeds += [
        "@import \"missing.zstyle\";\n.a { color: red; }\n",
        ".a { width: 10px; .b { color: red } }\n} .c { opacity: 0.5 }\n",
        "@keyframes k { 0% { opacity: 0 } 150% { opacity: 1 } 50 { opacity: 2 } }\n",
        ".a { --x: var(--y); --y: var(--x); width: var(--x, 10px); }\n",
        "/* unterminated comment\n.a { color: blue }",
        ".a { content: \"unterminated\n; color: red }",
    ]
    return seeds


def easing_seeds():
    seeds = []
    cases = json.loads((ROOT / "tests" / "conformance" / "chromium" / "easing.json").read_text())["cases"]
    seeds += [c["easing"] for c in cases]
    trans = ROOT / "tests" / "conformance" / "chromium" / "transitions.json"
    for m in re.finditer(r"(cubic-bezier\([^)]*\)|steps\([^)]*\)|linear\([^)]*\))", trans.read_text()):
        seeds.append(m.group(1))
    for s in sheet_sources() + test_sheets():
        for m in re.finditer(r"(cubic-bezier\([^)]*\)|steps\([^)]*\)|linear\([^)]*\)|spring\([^)]*\))", s):
            seeds.append(m.group(1))
    seeds += ["ease-in-out-back", "easeinoutsine", "spring(1 100 10)", "step-start", "steps(1, jump-none)",
              "linear(0, 0.25 75%, 1)", "cubic-bezier(0.1, -2, 0.9, 3)", "ease /* c */", "EASE-IN"]
    return seeds


def color_seeds():
    seeds = []
    pat = re.compile(r"(#[0-9a-fA-F]{3,8}\b|rgba?\([^)]*\)|hsla?\([^)]*\)|\btransparent\b|\brebeccapurple\b)")
    for s in sheet_sources() + test_sheets():
        seeds += [m.group(1) for m in pat.finditer(s)]
    for path in sorted((ROOT / "tests" / "core").glob("*.cpp")):
        seeds += re.findall(r'parseColor\("([^"]*)"\)', path.read_text())
    random.Random(7).shuffle(seeds)
    modern = [  # CSS Color 4 and 5 (tests/core/test_color_modern.cpp has more)
        "hwb(90deg 20% 30% / 0.5)", "lab(30% 50% -60% / 40%)", "lch(45 30% 270deg / 0.7)",
        "oklab(70% 25% -40% / 0.5)", "oklch(60% 30% 0.5turn / 80%)", "color(display-p3 0.3 0.6 0.4)",
        "color(xyz-d50 0.3 0.4 0.2)", "color-mix(in oklch longer hue, red 10%, blue 20%)",
        "color-mix(in srgb, color-mix(in lab, red, blue), 30% lime)",
        "rgb(from red clamp(0, calc((r - 55) * 2), 128) max(g, 64) min(b, 10))",
        "oklch(from #3366cc calc(l + 0.1) c h / calc(alpha * 0.5))", "color(from red srgb r g calc(b + 0.5) / 0.5)",
        "lab(50 calc(infinity) 0)",
    ]
    return ["rgb(0 0 0 / 50%)", "hsl(120deg 100% 50%)", "  RED  ", "#0000"] + modern + seeds


def shorthand_seeds():
    seeds = []
    sh = SHARED / "shorthand.json"
    if sh.exists():
        d = json.loads(sh.read_text())
        seeds += [b"\x00" + c["input"].encode() for c in d["animation"]]
        seeds += [b"\x01" + c["input"].encode() for c in d["transition"]]
    for s in sheet_sources() + test_sheets():
        for m in re.finditer(r"\b(animation|transition)\s*:\s*([^;{}]*)", s):
            seeds.append((b"\x00" if m.group(1) == "animation" else b"\x01") + m.group(2).strip().encode())
    for path in sorted((ROOT / "tests").rglob("*.cpp")):
        for m in re.findall(r'applyStyleAttr\("([^"]*)"\)', path.read_text()):
            seeds.append(b"\x80" + m.encode())
    seeds += [b"\x04-1s, 2s", b"\x05infinite, 0, 2.5", b"\x0aopacity, transform, all", b"\x0eallow-discrete"]
    # Interleave the families so the limit keeps some of each.
    by = {}
    for s in seeds:
        by.setdefault(s[:1], []).append(s)
    mixed = []
    while any(by.values()):
        for k in list(by):
            if by[k]:
                mixed.append(by[k].pop(0))
    return mixed


# --- layout programs ---------------------------------------------------------
# Opcodes of fuzz_layout.cpp's step(): op byte, then the node pick (index
# into the live nodes, 0 = root), then the op's own bytes.
ADD, REMOVE, CLEAR, TOGGLE, ATTR, ADDANIM, PLAY, PAUSE, SEEK, CANCEL, RATE = 0, 2, 3, 5, 8, 10, 11, 12, 13, 14, 16
THEME, MOVE_OR_PRESS, FRAME, DRAW, FLAGS, CALLBACK, WIDGET, INLINE = 18, 19, 21, 23, 24, 25, 26, 27


def add(pick, widget, cls=None):
    # makeWidget: below(8) picks the type; Slider/Checkbox/ProgressBar read more bytes.
    extra = {2: b"\x01", 3: b"\x02\x03\x04\x00", 4: b"\x04"}.get(widget, b"")
    tail = b"\x01" + bytes([cls]) if cls is not None else b"\x00"
    return bytes([ADD, pick, widget]) + extra + tail


def frame(n=1):
    # pick root, dt from the table (flag 1), entry 0 = 1/60 s, then 1: UIContext::frame (0 would call update)
    return bytes([FRAME, 0, 1, 0, 1]) * n


def layout_seeds():
    seeds = []
    # A row of widgets of every type, some with animated classes, framed and drawn.
    prog = b"".join(add(0, w, w % 5) for w in range(8)) + frame(4) + bytes([DRAW, 0, 0, 0, 1]) + frame(4)
    seeds.append(prog)
    # An imperative animation played, paused, seeked, re-rated, cancelled.
    anim = bytes([ADDANIM, 1, 0, 1, 4, 0, 0, 0, 1, 1, 2, 3, 0, 0])
    seeds.append(add(0, 7) + anim + bytes([PLAY, 1, 0, 0]) + frame(3) + bytes([PAUSE, 1, 0]) + frame(2) +
                 bytes([SEEK, 1, 0, 4]) + bytes([RATE, 1, 0, 3]) + frame(3) + bytes([CANCEL, 1, 0]) + frame(1))
    # Callbacks that remove their own node, then frames.
    seeds.append(add(0, 7, 0) + bytes([CALLBACK, 1, 0, 4, REMOVE, 1, CLEAR, 0]) + frame(6))
    # Theme reloads between frames, pointer moves over nodes.
    seeds.append(add(0, 3) + add(0, 2) + frame(2) + bytes([THEME, 0, 0, 1]) + frame(2) +
                 bytes([MOVE_OR_PRESS, 0, 0, 1, 1]) + frame(2) + bytes([THEME, 0, 0, 2]) + frame(2))
    # Hostile inline-base animation lists and values.
    seeds.append(add(0, 7) + bytes([INLINE, 1, 9, 1, 0, 22, 1, 20, 12, 2, 1, 0, 1]) + frame(3) +
                 bytes([INLINE, 1, 0, 22]) + frame(2))
    # Deterministic noise of several lengths, so every opcode appears early.
    rnd = random.Random(1234)
    for n in (48, 96, 160, 256, 384, 512, 768, 1024):
        for _ in range(4):
            seeds.append(bytes(rnd.randrange(256) for _ in range(n)))
    return seeds


def main():
    write("stylesheet", stylesheet_seeds())
    write("easing", easing_seeds())
    write("color", color_seeds())
    write("shorthand", shorthand_seeds())
    write("layout", layout_seeds())


if __name__ == "__main__":
    main()
