#!/usr/bin/env python3
"""Turn the Chromium-recorded transition cases into a C++ table.

    python3 tests/conformance/gen_transitions.py            # rewrite the table
    python3 tests/conformance/gen_transitions.py --check    # exit 1 if it is stale

Input:  tests/conformance/chromium/transitions.json (a copy of
        shared/conformance/transitions.json, recorded with Chromium).
Output: tests/conformance/chromium/transitions_cases.inc, included by
        tests/style/test_transitions_chromium.cpp, which defines the types
        used here (ChromiumTransitionCase …) and runs every case.

Each case's CSS declarations (initial_style and each step's `set`) become a
function that writes the matching ComputedStyle fields; only the handful of
properties and value forms the recorded cases use are understood, and
anything else stops the generator with an error rather than being dropped.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "chromium", "transitions.json")
OUT = os.path.join(HERE, "chromium", "transitions_cases.inc")

EASINGS = {
    "linear": "TransitionFunction::Linear",
    "ease": "TransitionFunction::Ease",
    "ease-in": "TransitionFunction::EaseIn",
    "ease-out": "TransitionFunction::EaseOut",
    "ease-in-out": "TransitionFunction::EaseInOut",
}
KEYWORD_ENUMS = {"position": "Position"}
TIME = re.compile(r"^(-?\d*\.?\d+)(ms|s)$")
PX = re.compile(r"^(-?\d*\.?\d+)px$")
RGB = re.compile(r"^rgba?\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\s*\)$")
NUMBER = re.compile(r"^-?\d*\.?\d+$")


def fail(msg):
    sys.exit(f"gen_transitions.py: {msg}")


def camel(css):
    head, *rest = css.split("-")
    return head + "".join(w[:1].upper() + w[1:] for w in rest)


def cpp_float(v):
    s = repr(float(v))
    return s + "f" if ("e" in s or "." in s) else s + ".0f"


def cpp_double(v):
    return repr(float(v))


def seconds(token):
    m = TIME.match(token)
    if not m:
        return None
    v = float(m.group(1))
    return v / 1000.0 if m.group(2) == "ms" else v


def split_top_level(text, sep=","):
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def transition_list(value):
    """`transition` shorthand -> C++ TransitionList initialiser."""
    if value.strip() == "none":
        return "{}"
    items = []
    for item in split_top_level(value):
        prop, times, ease = "all", [], "TransitionFunction::Ease"
        for tok in item.split():
            t = seconds(tok)
            if t is not None:
                times.append(t)
            elif tok in EASINGS:
                ease = EASINGS[tok]
            elif re.match(r"^[a-z-]+$", tok):
                prop = tok
            else:
                fail(f"transition token {tok!r} not understood in {value!r}")
        duration = times[0] if times else 0.0
        delay = times[1] if len(times) > 1 else 0.0
        items.append(f'transitionOf("{prop}", /*duration=*/{cpp_double(duration)}, '
                     f'/*delay=*/{cpp_double(delay)}, {ease})')
    return "{" + ", ".join(items) + "}"


def assignment(prop, value):
    """One declaration -> one C++ statement on `s` (a ComputedStyle)."""
    value = value.strip()
    if prop == "transition":
        return f"s.transitions = {transition_list(value)};"
    field = camel(prop)
    if prop in KEYWORD_ENUMS:
        return f"s.{field} = {KEYWORD_ENUMS[prop]}::{camel(value)[:1].upper() + camel(value)[1:]};"
    m = PX.match(value)
    if m:
        return f"s.{field} = Px({cpp_float(m.group(1))});"
    m = RGB.match(value)
    if m:
        r, g, b, a = m.groups()
        alpha = f", {cpp_float(a)}" if a is not None else ""
        return f"s.{field} = Color::rgba8({r}, {g}, {b}{alpha});"
    if NUMBER.match(value):
        return f"s.{field} = {cpp_float(value)};"
    fail(f"declaration {prop}: {value!r} not understood")


def declarations(text):
    out = []
    for decl in split_top_level(text, ";"):
        name, _, value = decl.partition(":")
        out.append(assignment(name.strip(), value))
    return out


def apply_fn(stmts, indent):
    pad = " " * indent
    body = "".join(f"\n{pad}  {s}" for s in stmts)
    return f"[](ComputedStyle& s) {{{body}\n{pad}}}"


def prop_id(css):
    return f"Prop::{camel(css)}"


def expectation(prop, v):
    if "rgba" in v:
        nums = v["rgba"]
        kind = "Expect::Color"
    elif v["typed"].endswith("px"):
        nums = [float(v["typed"][:-2])]
        kind = "Expect::LengthPx"
    else:
        nums = [float(v["typed"])]
        kind = "Expect::Number"
    vals = ", ".join(cpp_double(n) for n in nums)
    return f'{{{prop_id(prop)}, {kind}, {{{vals}}}, "{v["value"]}"}}'


def generate(data):
    lines = [
        "// Generated by tests/conformance/gen_transitions.py from",
        "// tests/conformance/chromium/transitions.json. Do not edit: rerun the script.",
        f"// Recorded with Chromium {data['chromium_version']} ({data['generated_at']}).",
        "// clang-format off",
        "",
    ]
    names = []
    for c in data["cases"]:
        var = "kChromium_" + re.sub(r"[^A-Za-z0-9]", "_", c["id"])
        names.append((var, c["id"]))
        lines.append(f"// {c['id']}: {c['description']}")
        lines.append(f"static const ChromiumTransitionCase {var}{{")
        lines.append(f'    /*id=*/"{c["id"]}",')
        lines.append(f"    /*initial=*/{apply_fn(declarations(c['initial_style']), 4)},")
        lines.append("    /*steps=*/{")
        events = {e["at_ms"]: e for e in c["events"]}
        for step in c["steps"]:
            ev = events.get(step["at_ms"])
            if ev is None:
                fail(f"{c['id']}: no event recorded for step at {step['at_ms']} ms")
            stmts = [assignment(k, v) for k, v in step["set"].items()]
            running = ", ".join(prop_id(p) for p in ev["running_after_change"])
            created = ", ".join(
                f"{{{prop_id(t['transitionProperty'])}, /*durationMs=*/{cpp_double(t['duration'])}, "
                f"/*delayMs=*/{cpp_double(t['delay'])}}}"
                for t in ev["transitions_created"])
            lines.append(f"        {{/*atMs=*/{cpp_double(step['at_ms'])},")
            lines.append(f"         /*apply=*/{apply_fn(stmts, 9)},")
            lines.append(f"         /*runningAfter=*/{{{running}}},")
            lines.append(f"         /*created=*/{{{created}}}}},")
        lines.append("    },")
        lines.append("    /*samples=*/{")
        for s in c["samples"]:
            exps = ", ".join(expectation(p, s["values"][p]) for p in c["properties"])
            active = ", ".join(prop_id(a["transitionProperty"]) for a in s["active_transitions"])
            lines.append(f"        {{/*tMs=*/{cpp_double(s['t_ms'])}, {{{exps}}}, /*active=*/{{{active}}}}},")
        lines.append("    },")
        lines.append("};")
        lines.append("")
    lines.append("#define ZENIT_CHROMIUM_TRANSITION_CASES(X) \\")
    lines.append(" \\\n".join(f'  X({n}, "{i}")' for n, i in names))
    lines.append("// clang-format on")
    return "\n".join(lines) + "\n"


def main():
    with open(SRC, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("format") != "zstyle-conformance/transitions/v1":
        fail(f"unexpected format {data.get('format')!r}")
    text = generate(data)
    if "--check" in sys.argv[1:]:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("gen_transitions.py: transitions_cases.inc is stale; rerun the script")
        return
    with open(OUT, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
