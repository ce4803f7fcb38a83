// Records ZenitUI's GSAP parity cases with the real GSAP (the npm package
// pinned in package.json), in node, with plain objects as targets.
//
//   npm ci && node record.mjs               writes ../positions.json,
//                                           ../stagger.json, ../easing.json
//   node record.mjs --out DIR               writes them into DIR instead
//   node record.mjs --verify DIR [DIR...]   replays the inputs of recorded
//                                           files (ours or any others of the
//                                           same format) and reports every
//                                           value this recorder would record
//                                           differently; writes nothing
//
// The cases below are inputs only: no expected value is written by hand.
// Each file's `method` says in sentences how its values are obtained; the
// functions recordPositions, recordStagger and recordEasing do exactly that.
import { gsap } from "gsap";
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------
// Shared
// ---------------------------------------------------------------------------

// JSON has no non-finite numbers: they are written as strings.
function finite(v) {
  if (typeof v !== "number") return v;
  if (Number.isNaN(v)) return "NaN";
  if (v === Infinity) return "Infinity";
  if (v === -Infinity) return "-Infinity";
  return Object.is(v, -0) ? 0 : v;
}

function producedBy() {
  return {
    library: "gsap",
    gsap_version: gsap.version,
    node_version: process.version,
    note: "Every expected value was produced by running the real GSAP npm package in node (no DOM) with tests/gsap/generate/record.mjs; none was computed by hand.",
  };
}

// Structural equality of two JSON values (key order ignored).
function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return sameJson(ka, kb) && ka.every((k) => sameJson(a[k], b[k]));
}

// A JS literal for the recorded source lines.
function literal(v) {
  return typeof v === "string" ? JSON.stringify(v) : String(v);
}

function varsLiteral(pairs) {
  return "{" + pairs.map(([k, v]) => `${k}: ${literal(v)}`).join(", ") + "}";
}

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

const POSITIONS_METHOD = [
  'Each case is a script of ops run in order on a fresh gsap.timeline({paused: true}) named "root".',
  "tween: parent.to({x: 0}, {x: 1, duration, delay?, repeat?, repeatDelay?, yoyo?}, position?); with timeScale the tween is made by gsap.to(...), given .timeScale(ts), then parent.add(tween, position?).",
  'timeline: gsap.timeline({delay?, repeat?, repeatDelay?, yoyo?}) then .timeScale(ts) if given; with a parent it is placed at once (empty) by parent.add(tl, position?), with parent null it stays detached until an "add" op places it.',
  "label: parent.addLabel(name, position?). call: parent.call(fn, null, position) (parent.call(fn) without a position). add: parent.add(timeline, position?).",
  'A position that is absent means no position argument (GSAP default). Numbers are passed as numbers, strings as strings (so "2" is a string).',
  "at_add holds child.startTime() (or the label time) read right after each op, which changes nothing in GSAP.",
  "After all ops, duration() is called on every timeline (nested ones first, then root, then root.totalDuration()); only then is result read. GSAP shifts children of a timeline that start before 0 at that point (or earlier, when a later string position or addLabel resolves the end).",
  "checks: the result is read a second time after calling the getters again, and a third time after root.progress(1) then root.progress(0); both must match.",
  'Non-finite numbers are written as the strings "NaN", "Infinity", "-Infinity". GSAP stores an endless child (repeat: -1) with totalDuration 1e10.',
];

const TIMING_KEYS = ["delay", "repeat", "repeatDelay", "yoyo"];

function hasPosition(op) {
  return Object.prototype.hasOwnProperty.call(op, "position") && op.position !== undefined;
}

// Plays one script into GSAP and reads where everything went.
function playPositions(ops) {
  const callback = () => {};
  const root = gsap.timeline({ paused: true });
  // id -> { tl, parent (id or null), created (op index) }
  const timelines = new Map([["root", { tl: root, parent: null, created: -1 }]]);
  const children = []; // { id, kind, anim, parent, startAtAdd }, in order of creation
  const byId = new Map();
  const atAdd = [];
  const labelsAtAdd = {};
  const source = ["const root = gsap.timeline({paused: true});"];

  const parentOf = (op) => {
    const entry = timelines.get(op.parent);
    if (!entry) throw new Error(`unknown parent timeline "${op.parent}"`);
    return entry.tl;
  };
  const posArg = (op) => (hasPosition(op) ? `, ${literal(op.position)}` : "");
  // The child a call added to `parent`: the one not there before.
  const added = (parent, run) => {
    const before = new Set(parent.getChildren(false, true, true));
    run();
    const fresh = parent.getChildren(false, true, true).filter((c) => !before.has(c));
    if (fresh.length !== 1) throw new Error(`expected one new child, found ${fresh.length}`);
    return fresh[0];
  };
  const remember = (index, id, kind, anim, parent) => {
    if (byId.has(id)) throw new Error(`id "${id}" used twice`);
    const child = { id, kind, anim, parent, startAtAdd: null };
    children.push(child);
    byId.set(id, child);
    return child;
  };
  const placed = (index, child) => {
    child.startAtAdd = child.anim.startTime();
    atAdd.push({ op_index: index, id: child.id, parent: child.parent, start_at_add: finite(child.startAtAdd) });
  };

  ops.forEach((op, index) => {
    switch (op.kind) {
      case "tween": {
        const parent = parentOf(op);
        const vars = { x: 1, duration: op.duration };
        const shown = [["x", 1], ["duration", op.duration]];
        for (const k of TIMING_KEYS)
          if (op[k] !== undefined) {
            vars[k] = op[k];
            shown.push([k, op[k]]);
          }
        let anim;
        if (op.timeScale !== undefined) {
          anim = gsap.to({ x: 0 }, vars).timeScale(op.timeScale);
          if (hasPosition(op)) parent.add(anim, op.position);
          else parent.add(anim);
          source.push(`${op.parent}.add(gsap.to({x: 0}, ${varsLiteral(shown)}).timeScale(${op.timeScale})${posArg(op)});  // ${op.id}`);
        } else {
          anim = added(parent, () =>
            hasPosition(op) ? parent.to({ x: 0 }, vars, op.position) : parent.to({ x: 0 }, vars));
          source.push(`${op.parent}.to({x: 0}, ${varsLiteral(shown)}${posArg(op)});  // ${op.id}`);
        }
        placed(index, remember(index, op.id, "tween", anim, op.parent));
        break;
      }
      case "timeline": {
        if (timelines.has(op.id)) throw new Error(`timeline "${op.id}" made twice`);
        const vars = {};
        const shown = [];
        for (const k of TIMING_KEYS)
          if (op[k] !== undefined) {
            vars[k] = op[k];
            shown.push([k, op[k]]);
          }
        const tl = gsap.timeline(vars);
        source.push(`const ${op.id} = gsap.timeline(${varsLiteral(shown)});`);
        if (op.timeScale !== undefined) {
          tl.timeScale(op.timeScale);
          source.push(`${op.id}.timeScale(${op.timeScale});`);
        }
        const parentId = op.parent ?? null;
        timelines.set(op.id, { tl, parent: parentId, created: index });
        const child = remember(index, op.id, "timeline", tl, parentId);
        if (parentId !== null) {
          const parent = parentOf(op);
          if (hasPosition(op)) parent.add(tl, op.position);
          else parent.add(tl);
          source.push(`${op.parent}.add(${op.id}${posArg(op)});`);
          placed(index, child);
        }
        break;
      }
      case "add": {
        const entry = timelines.get(op.id);
        const child = byId.get(op.id);
        if (!entry || !child) throw new Error(`add of unknown timeline "${op.id}"`);
        const parent = parentOf(op);
        if (hasPosition(op)) parent.add(entry.tl, op.position);
        else parent.add(entry.tl);
        entry.parent = op.parent;
        child.parent = op.parent;
        source.push(`${op.parent}.add(${op.id}${posArg(op)});`);
        placed(index, child);
        break;
      }
      case "label": {
        const parent = parentOf(op);
        if (hasPosition(op)) parent.addLabel(op.name, op.position);
        else parent.addLabel(op.name);
        const time = parent.labels[op.name];
        source.push(`${op.parent}.addLabel(${JSON.stringify(op.name)}${posArg(op)});`);
        atAdd.push({ op_index: index, label: op.name, parent: op.parent, time_at_add: finite(time) });
        labelsAtAdd[`${op.parent}/${op.name}`] = finite(time);
        break;
      }
      case "call": {
        const parent = parentOf(op);
        const anim = added(parent, () =>
          hasPosition(op) ? parent.call(callback, null, op.position) : parent.call(callback));
        source.push(hasPosition(op) ? `${op.parent}.call(fn, null${posArg(op)});  // ${op.id}`
                                    : `${op.parent}.call(fn);  // ${op.id}`);
        placed(index, remember(index, op.id, "call", anim, op.parent));
        break;
      }
      default:
        throw new Error(`unknown op kind "${op.kind}"`);
    }
  });

  const depth = (id) => {
    let d = 0;
    for (let p = timelines.get(id).parent; p !== null && p !== undefined; p = timelines.get(p).parent) d++;
    return d;
  };
  // duration() on every timeline, the deepest first, then root, then root.totalDuration().
  const settle = () => {
    const nested = [...timelines.keys()].filter((id) => id !== "root");
    nested.sort((a, b) => depth(b) - depth(a) || timelines.get(a).created - timelines.get(b).created);
    for (const id of nested) timelines.get(id).tl.duration();
    root.duration();
    root.totalDuration();
  };
  const read = () => {
    const tls = {};
    for (const [id, entry] of timelines) {
      tls[id] = {
        parent: entry.parent,
        duration: finite(entry.tl.duration()),
        totalDuration: finite(entry.tl.totalDuration()),
        labels: Object.fromEntries(Object.entries(entry.tl.labels).map(([k, v]) => [k, finite(v)])),
      };
    }
    const kids = children.map((c) => {
      const a = c.anim;
      const start = a.startTime();
      return {
        id: c.id,
        kind: c.kind,
        parent: c.parent,
        startTime: finite(start),
        duration: finite(a.duration()),
        totalDuration: finite(a.totalDuration()),
        endTime: finite(a.endTime()),
        timeScale: finite(a.timeScale()),
        delay: finite(a.delay()),
        repeat: finite(a.repeat()),
        start_at_add: finite(c.startAtAdd),
        moved_after_add: start !== c.startAtAdd,
      };
    });
    return { timelines: tls, children: kids, labels_at_add: labelsAtAdd };
  };

  settle();
  const result = read();
  settle();
  const second = read();
  root.progress(1);
  root.progress(0);
  const third = read();
  // Leave nothing on GSAP's global timeline for the next case.
  for (const [, entry] of timelines) entry.tl.kill();
  return {
    gsap_source: source,
    at_add: atAdd,
    result,
    checks: {
      stable_on_second_read: sameJson(result, second),
      same_after_render_to_end_and_back: sameJson(result, third),
    },
  };
}

function recordPositions(cases) {
  return {
    format: "zenitui-gsap/positions/v1",
    produced_by: producedBy(),
    method: POSITIONS_METHOD,
    cases: cases.map((c) => ({ id: c.id, description: c.description, ops: c.ops, ...playPositions(c.ops) })),
  };
}

// ---------------------------------------------------------------------------
// Stagger
// ---------------------------------------------------------------------------

const STAGGER_METHOD = [
  "For each case: f = gsap.utils.distribute(vars); items = n plain objects; offsets[i] = f(i, items[i], items).",
  'vars are passed exactly as recorded: each or amount (seconds), from (an index number, "start" | "center" | "end" | "edges", a number strictly between 0 and 1, or a ratio point [x, y]), grid [rows, columns], axis "x" | "y", ease (a GSAP ease name), base.',
  'No case uses from: "random" or grid: "auto" (auto needs a DOM layout).',
  "GSAP rounds every offset to 1e-7 (Math.round(v * 1e7) / 1e7) before returning it; the values here are those rounded numbers.",
];

function distributeOver(vars, n, lastFirst) {
  const f = gsap.utils.distribute(structuredClone(vars));
  const items = Array.from({ length: n }, () => ({}));
  const out = new Array(n);
  const order = items.map((_, i) => i);
  if (lastFirst) order.reverse();
  for (const i of order) out[i] = f(i, items[i], items);
  return out;
}

function recordStagger(cases) {
  return {
    format: "zenitui-gsap/stagger/v1",
    produced_by: producedBy(),
    method: STAGGER_METHOD,
    cases: cases.map((c) => {
      if (c.vars.from === "random" || c.vars.grid === "auto") throw new Error(`${c.id}: not recordable without a DOM`);
      const offsets = distributeOver(c.vars, c.n, false);
      const reversed = distributeOver(c.vars, c.n, true);
      for (const v of offsets) if (typeof v !== "number") throw new Error(`${c.id}: offset ${v} is not a number`);
      const out = { id: c.id, n: c.n, vars: c.vars };
      if (c.note) out.note = c.note;
      out.gsap_source = `const f = gsap.utils.distribute(${JSON.stringify(c.vars)}); const items = [${c.n} plain objects]; offsets = items.map((t, i) => f(i, t, items));`;
      out.offsets = offsets.map(finite);
      out.checks = { same_when_called_last_index_first: sameJson(offsets, reversed) };
      return out;
    }),
  };
}

// ---------------------------------------------------------------------------
// Easing
// ---------------------------------------------------------------------------

const EASING_METHOD = [
  "value = gsap.parseEase(name)(p), a plain JS double, not rounded.",
  "samples: p = 0, 0.05, ..., 1 (each written as k * 5 / 100, the double nearest the decimal) plus 0.001 and 0.999.",
  "extra_samples (steps only): p = b - 1e-6, b, b + 1e-6 at each jump b, and p just below 1.",
  "outside_samples: p = -0.1 and 1.1, for reference only (no ease in GSAP is required to clamp).",
  'group "requested" is the list asked for; "extra" adds family names alone (GSAP reads "sine" as "sine.out"), aliases (quad = power1, cubic = power2, quart = power3, quint = strong = power4, linear/power0 = none) and configured variants.',
];

function samplePoints() {
  const pts = [0, 0.001];
  for (let k = 1; k < 20; k++) pts.push((k * 5) / 100);
  pts.push(0.999, 1);
  return pts;
}

// GSAP's steps(n, immediateStart) (its SteppedEase.config): without
// immediateStart the value climbs n + 1 levels with jumps at k / (n + 1);
// with it (any argument that is not empty, even "false", since GSAP passes
// the text on) jumps at k / n.
function stepJumps(name) {
  const m = /^steps\(([^,)]*)(?:,([^)]*))?\)$/.exec(name);
  if (!m) return null;
  const n = m[1].trim() === "" ? 1 : Number(m[1]);
  const immediate = m[2] !== undefined && m[2].trim() !== "" && m[2].trim() !== "0";
  const jumps = [];
  if (immediate) for (let k = 1; k < n; k++) jumps.push(k / n);
  else for (let k = 1; k <= n; k++) jumps.push(k / (n + 1));
  return jumps;
}

function easeFunction(name) {
  const fn = gsap.parseEase(name);
  if (typeof fn !== "function") throw new Error(`GSAP does not know the ease "${name}"`);
  return fn;
}

function sampleEase(name, points) {
  const fn = easeFunction(name);
  const at = (p) => ({ p, value: finite(fn(p)) });
  const out = { samples: points.map(at) };
  const jumps = stepJumps(name);
  if (jumps) {
    const ps = [];
    for (const b of jumps) ps.push(b - 1e-6, b, b + 1e-6);
    ps.push(0.999999999, 0.99999999, 0.9999999);
    out.extra_samples = ps.map(at);
  }
  out.outside_samples = [-0.1, 1.1].map(at);
  return out;
}

function recordEasing(list) {
  const points = samplePoints();
  return {
    format: "zenitui-gsap/easing/v1",
    produced_by: producedBy(),
    method: EASING_METHOD,
    sample_points: points,
    eases: list.map(({ name, group }) => ({ name, group, ...sampleEase(name, points) })),
  };
}

// ---------------------------------------------------------------------------
// The cases (inputs only)
// ---------------------------------------------------------------------------

// Ops. `more` carries delay, repeat, repeatDelay, yoyo, timeScale.
function tw(id, duration, position, more = {}, parent = "root") {
  const op = { kind: "tween", id, parent, duration, ...more };
  if (position !== undefined) op.position = position;
  return op;
}
const into = (parent) => (id, duration, position, more = {}) => tw(id, duration, position, more, parent);
function tl(id, parent, position, more = {}) {
  const op = { kind: "timeline", id, parent, ...more };
  if (parent !== null && position !== undefined) op.position = position;
  return op;
}
function add(id, parent, position) {
  const op = { kind: "add", id, parent };
  if (position !== undefined) op.position = position;
  return op;
}
function label(name, position, parent = "root") {
  const op = { kind: "label", name, parent };
  if (position !== undefined) op.position = position;
  return op;
}
function call(id, position, parent = "root") {
  const op = { kind: "call", id, parent };
  if (position !== undefined) op.position = position;
  return op;
}
const P = (id, description, ...ops) => ({ id, description, ops });
const S = into("s");
const T = into("t");
const U = into("u");

const POSITION_CASES = [
  // Absolute numbers, numeric strings, labels named like numbers.
  P("abs-out-of-order", "absolute numbers in any order; the default goes after the latest end",
    tw("a", 1, 2), tw("b", 1, 0.5), tw("c", 0.5, 0), tw("d", 1)),
  P("abs-gap-then-back", "an absolute start past the end, one before it, then the default",
    tw("a", 0.5, 3), tw("b", 1), tw("c", 1, 1), tw("d", 1)),
  P("abs-fractions", "fractional absolute starts",
    tw("a", 0.75, 0.25), tw("b", 0.375, 1.125), tw("c", 0.2)),
  P("numstr-absolute", "numeric strings are absolute times when no label has that name",
    tw("a", 1, "3"), tw("b", 1, "0.5"), tw("c", 1)),
  P("numstr-negative", "a numeric string below 0 (\"-0.5\") is an absolute time, and moves the others",
    tw("a", 1), tw("b", 1, "-0.5"), tw("c", 1)),
  P("label-numlike-later", "\"1.5\" is a time until a label named \"1.5\" exists, then the label",
    tw("a", 1, "1.5"), label("1.5", 4), tw("b", 1, "1.5"), tw("c", 1, "2")),
  P("label-numlike-offsets", "a label named \"1\" with offsets \"1+=0.5\" and \"1-=1\"",
    label("1", 3), tw("a", 1, "1+=0.5"), tw("b", 1, "1-=1")),
  P("label-numlike-default", "a label named \"0\" added at the end; \"0\" then means the label, 0 the time",
    tw("a", 2), label("0"), tw("b", 1, "0"), tw("c", 1, 0)),
  P("label-offsets", "a label, then children at it and at offsets from it",
    label("intro", 1), tw("a", 1, "intro"), tw("b", 1, "intro+=1"), tw("c", 1, "intro-=0.5"), tw("d", 0.5, "intro+=0")),
  P("label-default-end", "a label without a position is at the end; labels placed with \"+=\"",
    tw("a", 2), label("L"), tw("b", 1, "L+=0.5"), label("M", "+=1"), tw("c", 1, "M")),
  P("label-at-lt-gt", "labels placed at \"<\" and \">\" of the previous child",
    tw("a", 1, 1), label("S", "<"), label("E", ">"), tw("b", 1, "S+=0.25"), tw("c", 1, "E")),
  P("label-moved", "addLabel with a name already used moves the label",
    label("L", 1), tw("a", 1, "L"), label("L", 3), tw("b", 1, "L")),

  // Default, "+=", "-=", "<", ">", "<N", ">N", "<+=N", ">-=N".
  P("rel-plus-chain", "\"+=\" chains, including \"+=0\"",
    tw("a", 1), tw("b", 1, "+=0.5"), tw("c", 1, "+=0"), tw("d", 0.25, "+=2")),
  P("rel-minus-overlap", "\"-=\" overlaps from the end",
    tw("a", 2), tw("b", 1, "-=0.5"), tw("c", 1, "-=1"), tw("d", 0.5, "-=0")),
  P("rel-lt-chain", "\"<\" chains to the previous child's start",
    tw("a", 2), tw("b", 1, "<"), tw("c", 0.5, "<"), tw("d", 1)),
  P("rel-gt-chain", "\">\" chains to the previous child's end",
    tw("a", 1, 0.5), tw("b", 2, ">"), tw("c", 0.5, ">"), tw("d", 1, "<")),
  P("rel-lt-number", "\"<1\", \"<0.5\" and \"<-0.5\"",
    tw("a", 2, 1), tw("b", 1, "<1"), tw("c", 1, "<0.5"), tw("d", 1, "<-0.5")),
  P("rel-gt-number", "\">1\", \">-0.5\" and \">0\"",
    tw("a", 1), tw("b", 1, ">1"), tw("c", 1, ">-0.5"), tw("d", 1, ">0")),
  P("rel-lt-plus-equals", "\"<+=0.5\", \"<-=0.25\" and \"<+=1.5\"",
    tw("a", 2), tw("b", 1, "<+=0.5"), tw("c", 1, "<-=0.25"), tw("d", 1, "<+=1.5")),
  P("rel-gt-minus-equals", "\">-=0.5\", \">+=1\" and \">-=2\"",
    tw("a", 2), tw("b", 1, ">-=0.5"), tw("c", 1, ">+=1"), tw("d", 1, ">-=2")),
  P("rel-previous-is-last-added", "the previous child is the last added, not the latest ending",
    tw("a", 3), tw("b", 1, 0.5), tw("c", 1, ">"), tw("d", 1, "<"), tw("e", 1)),
  P("rel-gt-vs-end", "\">\" after a short child inside a long one, then \"+=0\"",
    tw("a", 4), tw("b", 1, "<"), tw("c", 1, ">"), tw("d", 1, "+=0")),
  P("rel-gt-after-repeats", "\">\" counts the previous child's repeats and repeat delays",
    tw("a", 1, undefined, { repeat: 2, repeatDelay: 0.5 }), tw("b", 1, ">"), tw("c", 1, "<")),
  P("rel-gt-after-timescale", "\">\" after a child at time scale 0.5",
    tw("a", 2, undefined, { timeScale: 0.5 }), tw("b", 1, ">"), tw("c", 1, "<+=1"), tw("d", 1)),

  // Percentages.
  P("pct-inserted-repeats", "\"+=50%\" and \"-=25%\" of inserted children with repeats",
    tw("a", 1), tw("b", 1, "+=50%", { repeat: 2 }), tw("c", 2, "-=25%")),
  P("pct-minus-100", "\"-=100%\" of a child with a repeat delay, then \"-=25%\"",
    tw("a", 3), tw("b", 0.5, "-=100%", { repeat: 1, repeatDelay: 1 }), tw("c", 4, "-=25%")),
  P("pct-lt-previous", "\"<50%\" and \"<25%\" are shares of the previous child's total duration",
    tw("a", 2, undefined, { repeat: 1, repeatDelay: 0.5 }), tw("b", 1, "<50%"), tw("c", 1, "<25%")),
  P("pct-gt-previous", "\">50%\" and \">-50%\" after the previous child's end",
    tw("a", 2, 1), tw("b", 1, ">50%"), tw("c", 2, ">-50%")),
  P("pct-lt-plus-inserted", "\"<+=50%\" and \"<+=25%\" are shares of the inserted child",
    tw("a", 2), tw("b", 4, "<+=50%"), tw("c", 1, "<+=25%", { repeat: 3 })),
  P("pct-gt-plus-inserted", "\">+=50%\" of inserted children, one repeated with a repeat delay",
    tw("a", 1), tw("b", 2, ">+=50%"), tw("c", 1, ">+=50%", { repeat: 1, repeatDelay: 1 })),
  P("pct-gt-minus-inserted", "\">-=50%\" of the inserted child",
    tw("a", 2), tw("b", 2, ">-=50%"), tw("c", 1, ">-=50%", { repeat: 1 })),
  P("pct-label", "\"L+=50%\" and \"L-=50%\" are shares of the inserted child",
    label("L", 1), tw("a", 2, "L+=50%"), tw("b", 1, "L-=50%", { repeat: 1 })),
  P("pct-timescale-inserted", "a share of an inserted child at another time scale counts its duration before the time scale",
    tw("a", 1), tw("b", 2, "+=50%", { timeScale: 2 }), tw("c", 2, "-=50%", { timeScale: 0.5 })),
  P("pct-timescale-previous", "\"<50%\" and \">50%\" of a previous child at time scale 2",
    tw("a", 2, undefined, { timeScale: 2 }), tw("b", 1, "<50%"), tw("c", 1, ">50%", { timeScale: 2 })),
  P("pct-yoyo", "shares of yoyo children with repeats",
    tw("a", 1, undefined, { repeat: 1, yoyo: true }), tw("b", 1, "<50%"),
    tw("c", 1, "+=50%", { repeat: 3, yoyo: true, repeatDelay: 0.2 })),
  P("pct-delay-previous", "\"<50%\" after a child with a delay, \">50%\" with a delay of its own",
    tw("a", 1, undefined, { delay: 1 }), tw("b", 1, "<50%"), tw("c", 1, ">50%", { delay: 0.5 })),
  P("pct-delay-inserted-plus", "\"+=50%\" and \"<+=50%\" of inserted children with delays",
    tw("a", 1), tw("b", 2, "+=50%", { delay: 0.5 }), tw("c", 1, "<+=50%", { delay: 0.25 })),
  P("pct-nested-lt", "a nested timeline built first, placed at \"<+=50%\"; then \"<50%\" of it",
    tl("s", null), S("x", 1), S("y", 1, undefined, { repeat: 1 }), tw("a", 2), add("s", "root", "<+=50%"), tw("b", 1, "<50%")),
  P("pct-zero-duration", "shares of zero-length children are 0",
    tw("a", 0), tw("b", 1, "<50%"), tw("c", 0, "+=50%"), tw("d", 1, ">50%")),

  // Delays.
  P("delay-lt-gt", "\"<\" after a delayed child starts after its delay; \">\" after its end",
    tw("a", 1, undefined, { delay: 0.5 }), tw("b", 1, "<"), tw("c", 1, ">")),
  P("delay-on-lt", "a delayed child at \"<\", then \"<\" again",
    tw("a", 2), tw("b", 1, "<", { delay: 1 }), tw("c", 1, "<")),
  P("delay-default", "delays on default positions, then \">\"",
    tw("a", 1, undefined, { delay: 0.5 }), tw("b", 1, undefined, { delay: 0.25 }), tw("c", 1, ">")),
  P("delay-label", "delays at a label and at an offset from it",
    label("L", 1), tw("a", 1, "L", { delay: 0.5 }), tw("b", 1, "L+=1", { delay: 0.5 }), tw("c", 1, "<")),
  P("delay-absolute", "a delay on an absolute start; \"<\" and \">-=0.5\" after it",
    tw("a", 1, 2, { delay: 1 }), tw("b", 1, "<"), tw("c", 1, ">-=0.5", { delay: 0.2 })),
  P("delay-repeat", "a delayed repeated child, then \">\" and \"<50%\"",
    tw("a", 1, undefined, { delay: 0.5, repeat: 1, repeatDelay: 0.5 }), tw("b", 1, ">"), tw("c", 1, "<50%")),

  // Callbacks.
  P("call-lt-gt", "a callback is the previous child for \"<\" and \">\"",
    tw("a", 1), call("c1", 3), tw("b", 1, "<"), tw("c", 1, ">")),
  P("call-lengthens", "a callback past the end lengthens the timeline: default child and label go there",
    tw("a", 1), call("c1", 3), tw("b", 1), label("L"), tw("c", 1, "L")),
  P("call-default", "a callback without a position goes at the end",
    tw("a", 2), call("c1"), tw("b", 1, "<"), tw("c", 1)),
  P("call-inside-gt", "\">\" after a callback inside a child's span; the default still at the end",
    tw("a", 2), call("c1", 1), tw("b", 1, ">"), tw("c", 1)),
  P("call-several", "several callbacks: the end is the latest, \"<\" the last added",
    tw("a", 1), call("c1", 2), call("c2", 4), call("c3", 3), tw("b", 1, "<"), tw("c", 1)),
  P("call-then-label", "a callback past the end, a default label, a child at it and one at \">\"",
    tw("a", 1), call("c1", 2.5), label("L"), tw("b", 1, "L"), tw("c", 1, ">")),
  P("call-relative", "callbacks at \"+=1\" and \"<\"",
    tw("a", 1), call("c1", "+=1"), tw("b", 1, "-=0.5"), call("c2", "<"), tw("c", 1, ">")),
  P("call-only", "only callbacks, then \">\" and the default",
    call("c1", 1), call("c2", 0.5), tw("a", 1, ">"), tw("b", 1)),
  P("call-nested", "a callback in a nested timeline lengthens it",
    tl("s", "root", 0), call("c1", 1, "s"), S("x", 1), tw("b", 1)),
  P("call-pct", "\"<50%\" of a callback, \">+=50%\" after it",
    tw("a", 2), call("c1", 3), tw("b", 1, "<50%"), call("c2", 5), tw("c", 2, ">+=50%")),

  // Endless children.
  P("inf-default", "after an endless child the default goes at its first iteration end, then after the next",
    tw("a", 1, undefined, { repeat: -1 }), tw("b", 1), tw("c", 1)),
  P("inf-plus-minus", "\"+=\" and \"-=\" after an endless child",
    tw("a", 2, undefined, { repeat: -1 }), tw("b", 1, "+=1"), tw("c", 1, "-=0.5")),
  P("inf-gt", "\">\" after an endless child is its first iteration end",
    tw("a", 1, 0.5, { repeat: -1 }), tw("b", 1, ">"), tw("c", 1, ">")),
  P("inf-lt", "\"<\" and \"<+=0.5\" after an endless child",
    tw("a", 1, 1, { repeat: -1 }), tw("b", 1, "<"), tw("c", 1, "<+=0.5")),
  P("inf-label-end", "labels added at the end after an endless child",
    tw("a", 1.5, undefined, { repeat: -1 }), label("L"), tw("b", 1, "L+=0.5"), label("M", "+=1"), tw("c", 1, "M")),
  P("inf-lt-pct", "\"<25%\" of an endless child with a repeat delay",
    tw("a", 2, 1, { repeat: -1, repeatDelay: 1 }), tw("b", 1, "<25%")),
  P("inf-timescale-lt-pct", "\"<50%\" of an endless child at time scale 2, then the default",
    tw("a", 1, undefined, { repeat: -1, timeScale: 2 }), tw("b", 1, "<50%"), tw("c", 1)),
  P("inf-timescale-default", "the default after an endless child at time scale 0.5",
    tw("a", 2, undefined, { repeat: -1, timeScale: 0.5 }), tw("b", 1), tw("c", 1, "<")),
  P("inf-then-call", "a callback after an endless child, then the default and \">\"",
    tw("a", 1, undefined, { repeat: -1 }), call("c1", 2), tw("b", 1), tw("c", 1, ">")),
  P("inf-label-minus", "a label at \"-=0.5\" after an endless child",
    tw("a", 1, undefined, { repeat: -1 }), label("L", "-=0.5"), tw("b", 1, "L")),
  P("inf-yoyo-gt-pct", "\">50%\" after an endless yoyo child",
    tw("a", 1, undefined, { repeat: -1, yoyo: true }), tw("b", 1, ">50%")),
  P("inf-nested-child", "a nested timeline made endless by its child, then the default on root",
    tl("s", "root", 0), S("x", 1, undefined, { repeat: -1 }), S("y", 1), tw("b", 1)),

  // Unknown labels.
  P("unknown-label", "an unknown label is added at the end; used again it stays",
    tw("a", 2), tw("b", 1, "later"), tw("c", 1, "later")),
  P("unknown-label-offsets", "unknown labels with \"+=\" and \"-=\" offsets",
    tw("a", 1), tw("b", 1, "x+=1"), tw("c", 1, "y-=0.5")),
  P("unknown-label-after-call", "an unknown label after a callback past the end",
    tw("a", 1), call("c1", 3), tw("b", 1, "L")),
  P("unknown-label-nested", "an unknown label inside a nested timeline",
    tl("s", "root", 0.5), S("x", 1), S("y", 1, "inner+=0.5"), tw("b", 1)),
  P("unknown-label-pct", "an unknown label with \"+=50%\"",
    tw("a", 2), tw("b", 2, "z+=50%")),

  // Children before 0.
  P("neg-absolute", "first children at -0.5 and -2, then the default",
    tw("a", 1, -0.5), tw("b", 1, -2), tw("c", 1)),
  P("neg-absolute-label-between", "addLabel reads the end (moving children past 0) even at a number; numeric children do not",
    tw("a", 1, -0.5), label("L", 3), tw("b", 1, -2), call("c1", -1), tw("c", 1)),
  P("neg-minus-several", "\"-=3\" then \"-=1\" then the default",
    tw("a", 1), tw("b", 1, "-=3"), tw("c", 1, "-=1"), tw("d", 1)),
  P("neg-label-stays", "children move past 0, a label does not",
    label("L", 1), tw("a", 1), tw("b", 1, "-=1.5"), tw("c", 1, "L")),
  P("neg-lt-minus", "\"<-1\" and \"<-=0.5\" before 0, then \">\"",
    tw("a", 2), tw("b", 1, "<-1"), tw("c", 1, "<-=0.5"), tw("d", 1, ">")),
  P("neg-first-then-label", "a first child at -1, a default label, a child at it",
    tw("a", 1, -1), label("L"), tw("b", 1, "L")),
  P("neg-nested-detached-pct", "a nested timeline built detached with a child before 0, placed at \"+=50%\"",
    tl("s", null), S("x", 1), S("y", 1, "-=2"), tw("a", 1), add("s", "root", "+=50%"), tw("b", 1)),
  P("neg-nested-attached", "a child before 0 in an attached nested timeline",
    tl("s", "root", 1), S("x", 1, "-=1"), S("y", 1), tw("b", 1)),
  P("neg-nested-lt", "a nested timeline with a negative child placed at \"<\"",
    tw("a", 2), tl("s", null), S("x", 1), S("y", 0.5, -1), add("s", "root", "<"), tw("b", 1, ">")),

  // Nested timelines.
  P("nest-detached-default", "a nested timeline built first, placed at the default, then \">\"",
    tw("a", 1), tl("s", null), S("x", 1), S("y", 0.5), add("s", "root"), tw("b", 1, ">")),
  P("nest-detached-lt-pct", "a nested timeline placed at \"<50%\" of the previous child",
    tw("a", 2), tl("s", null), S("x", 2), add("s", "root", "<50%"), tw("b", 1, "<+=50%")),
  P("nest-detached-gt-minus-pct", "a nested timeline placed at \">-=50%\" of itself",
    tw("a", 1), tl("s", null), S("x", 1), S("y", 1), add("s", "root", ">-=50%"), tw("b", 1)),
  P("nest-attached-grows", "an empty nested timeline at the end, a sibling, then the nested one grows",
    tw("a", 1), tl("s", "root"), tw("b", 1), S("x", 2), tw("c", 1)),
  P("nest-attached-grows-gt", "\">\" after an empty nested timeline, which grows later",
    tl("s", "root", 0.5), tw("b", 1, ">"), S("x", 1), S("y", 1, "+=0.5"), tw("c", 1, ">"), tw("d", 1)),
  P("nest-delay-detached", "a nested timeline with a delay, built first",
    tw("a", 1), tl("s", null, undefined, { delay: 0.5 }), S("x", 1), add("s", "root"), tw("b", 1), tw("c", 1, "<")),
  P("nest-delay-attached", "a nested timeline with a delay, attached at once",
    tl("s", "root", 1, { delay: 0.5 }), S("x", 1), tw("b", 1, "<"), tw("c", 1)),
  P("nest-repeat", "a repeated nested timeline with a repeat delay",
    tl("s", null, undefined, { repeat: 2, repeatDelay: 0.5 }), S("x", 1), add("s", "root", 1), tw("b", 1, ">"), tw("c", 1, "<50%")),
  P("nest-timescale", "a nested timeline at time scale 2, then \">\" and \"-=50%\"",
    tw("a", 1), tl("s", null, undefined, { timeScale: 2 }), S("x", 2), S("y", 2), add("s", "root"), tw("b", 1, ">"), tw("c", 2, "-=50%")),
  P("nest-repeat-yoyo-timescale", "a yoyo repeated nested timeline at time scale 0.5 placed at \"+=50%\"",
    tw("a", 1), tl("s", null, undefined, { repeat: 1, yoyo: true, timeScale: 0.5 }), S("x", 1), add("s", "root", "+=50%"), tw("b", 1)),
  P("nest-attached-repeat-grows", "an attached repeated nested timeline grows after a later sibling",
    tl("s", "root", 0, { repeat: 1, repeatDelay: 0.5 }), tw("a", 1), S("x", 1), tw("b", 1)),
  P("nest-two-deep", "nested two deep, attached at once",
    tl("s", "root", 0), tl("t", "s", 0.5), T("x", 1), T("y", 1), S("b", 1), tw("c", 1)),
  P("nest-three-deep", "nested three deep with delays and time scales",
    tl("s", "root", 1), tl("t", "s", "+=0.5", { timeScale: 2 }), tl("u", "t", undefined, { delay: 0.5 }),
    U("x", 1), U("y", 1, "<"), S("b", 1), tw("c", 1, "<")),
  P("nest-three-deep-detached", "three timelines built detached, each placed into the next",
    tl("u", null), U("z", 1), tl("t", null), T("y", 1), add("u", "t"), tl("s", null), S("x", 0.5),
    add("t", "s", "<"), add("s", "root", 1), tw("b", 1)),
  P("nest-labels-local", "labels of a nested timeline are its own; root's label of the same name differs",
    label("in", 0.25), tl("s", null), label("in", 0.5, "s"), S("x", 1, "in"), add("s", "root", 2), tw("b", 1, "in")),
  P("nest-label-offsets", "a label inside a nested timeline with offsets",
    tl("s", "root", 1), S("w", 1), label("m", "+=1", "s"), S("x", 1, "m-=0.5"), S("y", 1, "<"), tw("b", 1)),
  P("nest-delay-timescale-repeat", "a nested timeline with a delay, time scale 2 and a repeat at \"<\"",
    tw("a", 1), tl("s", null, undefined, { delay: 1, timeScale: 2, repeat: 1 }), S("x", 1), add("s", "root", "<"),
    tw("b", 1, "<"), tw("c", 1, ">")),
  P("nest-pct-inside", "percentages inside a nested timeline",
    tl("s", "root", 0), S("x", 2), S("y", 1, "<50%"), S("z", 2, "-=50%"), tw("b", 1, ">-=50%")),

  // Zero-duration tweens.
  P("zero-lt-gt", "a zero-length child at 1, then \">\", \"<\" and \"+=50%\"",
    tw("a", 0, 1), tw("b", 1, ">"), tw("c", 0, "<"), tw("d", 1, "+=50%")),
  P("zero-only", "zero-length children: the end stays where they are",
    tw("a", 0), label("L"), tw("b", 0, "+=1"), tw("c", 0), label("M")),
  P("zero-repeat-delay", "a zero-length child with repeats and a repeat delay",
    tw("a", 0, undefined, { repeat: 3, repeatDelay: 0.5 }), tw("b", 1, ">"), tw("c", 1, "<")),
  P("zero-nested-empty", "an empty nested timeline placed at the default, then \">\" and \"<\"",
    tw("a", 1), tl("s", null), add("s", "root"), tw("b", 1, ">"), tw("c", 1, "<")),

  // Repeats and time scales.
  P("repeat-gt-chain", "\">\" chains through repeated children",
    tw("a", 0.5, undefined, { repeat: 2 }), tw("b", 0.5, ">", { repeat: 1, repeatDelay: 0.25 }), tw("c", 1, ">"), tw("d", 1, "<")),
  P("repeat-delay-default", "a long repeat delay, then the default and \"-=50%\"",
    tw("a", 1, undefined, { repeat: 1, repeatDelay: 2 }), tw("b", 1), tw("c", 1, "-=50%")),
  P("timescale-chain", "children at time scales 4 and 0.5, \">\", default and \"<50%\"",
    tw("a", 1, undefined, { timeScale: 4 }), tw("b", 1, ">", { timeScale: 0.5 }), tw("c", 1), tw("d", 1, "<50%")),
  P("yoyo-gt", "yoyo does not change where \">\" goes",
    tw("a", 1, undefined, { repeat: 2, yoyo: true }), tw("b", 1, ">")),
  P("timescale-label", "a default label after a child at time scale 2; \"L+=50%\" of a slowed child",
    tw("a", 2, undefined, { timeScale: 2 }), label("L"), tw("b", 1, "L+=50%", { timeScale: 0.5 })),
];

const Z = (id, n, vars, note) => (note ? { id, n, vars, note } : { id, n, vars });

const STAGGER_CASES = [
  // Rows.
  Z("row-each-start", 6, { each: 0.15, from: "start" }),
  Z("row-each-center-odd", 7, { each: 0.1, from: "center" }),
  Z("row-each-center-even", 6, { each: 0.1, from: "center" }),
  Z("row-each-edges-odd", 7, { each: 0.1, from: "edges" }),
  Z("row-each-edges-even", 8, { each: 0.1, from: "edges" }),
  Z("row-each-end-short", 4, { each: 0.25, from: "end" }),
  Z("row-amount-center", 9, { amount: 2, from: "center" }),
  Z("row-amount-end", 5, { amount: 1, from: "end" }),
  Z("row-amount-edges", 6, { amount: 1.2, from: "edges" }),
  Z("row-base-center", 5, { each: 0.1, from: "center", base: 1 }),
  Z("row-base-amount-end", 4, { amount: 1, from: "end", base: 0.25 }),
  Z("row-index-inside", 9, { each: 0.1, from: 3 }),
  Z("row-index-inside-amount", 8, { amount: 1, from: 5 }),
  Z("row-index-last", 6, { each: 0.1, from: 5 }),
  Z("row-index-beyond", 4, { amount: 1, from: 10 }, "index past the last item"),
  Z("row-ratio-quarter", 9, { each: 0.1, from: 0.25 }, "a number between 0 and 1 is a ratio"),
  Z("row-ratio-three-quarters", 6, { amount: 1, from: 0.75 }),
  Z("row-ratio-half", 5, { each: 0.1, from: 0.5 }),
  Z("row-each-negative-start", 6, { each: -0.1 }),
  Z("row-each-negative-end", 5, { each: -0.2, from: "end" }),
  Z("row-amount-negative-center", 7, { amount: -1, from: "center" }),
  Z("row-amount-negative-edges", 6, { amount: -1, from: "edges" }),
  Z("row-ease-power1-in", 8, { each: 0.1, ease: "power1.in" }),
  Z("row-ease-power2-inout-center", 9, { amount: 1, from: "center", ease: "power2.inOut" }),
  Z("row-ease-sine-out-edges", 7, { each: 0.1, from: "edges", ease: "sine.out" }),
  Z("row-ease-back-out", 6, { amount: 1, ease: "back.out(1.7)" }),
  Z("row-ease-expo-in-negative", 6, { each: -0.1, ease: "expo.in" }, "negative spacing inverts the ease"),
  Z("row-ease-power3-out-end", 7, { amount: 1.5, from: "end", ease: "power3.out" }),
  Z("row-ease-none", 5, { amount: 1, ease: "none" }),
  Z("row-one-item", 1, { each: 0.1, from: "center" }),
  Z("row-two-center", 2, { each: 0.1, from: "center" }),
  Z("row-axis-x-center", 6, { each: 0.1, from: "center", axis: "x" }),
  Z("row-point", 8, { each: 0.1, from: [0.3, 0] }, "a ratio point without a grid"),
  // Full grids.
  Z("grid3x3-start", 9, { each: 0.1, grid: [3, 3] }),
  Z("grid3x3-center", 9, { each: 0.1, grid: [3, 3], from: "center" }),
  Z("grid3x3-end-amount", 9, { amount: 1, grid: [3, 3], from: "end" }),
  Z("grid3x3-edges", 9, { each: 0.1, grid: [3, 3], from: "edges" }),
  Z("grid4x5-center", 20, { each: 0.1, grid: [4, 5], from: "center" }),
  Z("grid4x5-index-amount", 20, { amount: 1, grid: [4, 5], from: 7 }),
  Z("grid2x6-edges-amount", 12, { amount: 1, grid: [2, 6], from: "edges" }),
  Z("grid3x4-axis-y-center", 12, { each: 0.1, grid: [3, 4], from: "center", axis: "y" }),
  Z("grid4x4-axis-x-index", 16, { each: 0.1, grid: [4, 4], from: 5, axis: "x" }),
  Z("grid4x4-axis-y-end", 16, { amount: 1, grid: [4, 4], from: "end", axis: "y" }),
  Z("grid3x3-base-center", 9, { each: 0.1, grid: [3, 3], from: "center", base: 0.5 }),
  Z("grid4x4-ease-power2-inout", 16, { amount: 1, grid: [4, 4], from: "center", ease: "power2.inOut" }),
  Z("grid3x5-negative-edges-sine", 15, { each: -0.1, grid: [3, 5], from: "edges", ease: "sine.out" }),
  Z("grid5x3-negative-point-power1", 15, { each: -0.1, grid: [5, 3], from: [0, 0], ease: "power1.in" }),
  Z("grid3x4-negative-amount-center", 12, { amount: -1, grid: [3, 4], from: "center" }),
  // Grids with a short last row.
  Z("grid-short-10in4-center", 10, { each: 0.1, grid: [3, 4], from: "center" }, "10 items in 4 columns"),
  Z("grid-short-11in4-end", 11, { each: 0.1, grid: [3, 4], from: "end" }),
  Z("grid-short-8in3-edges", 8, { each: 0.1, grid: [3, 3], from: "edges" }),
  Z("grid-short-5in3-axis-y-amount", 5, { amount: 1, grid: [2, 3], from: "center", axis: "y" }),
  Z("grid-short-7in3-index", 7, { each: 0.1, grid: [3, 3], from: 4 }),
  Z("grid-short-7in3-axis-x-start", 7, { each: 0.1, grid: [3, 3], axis: "x" }),
  // Fewer items than columns.
  Z("grid-few-3of6-center", 3, { each: 0.1, grid: [3, 6], from: "center" }),
  Z("grid-few-4of10-edges", 4, { each: 0.1, grid: [2, 10], from: "edges" }),
  Z("grid-few-5of8-point-half", 5, { each: 0.1, grid: [1, 8], from: [0.5, 0.5] }),
  Z("grid-few-4of6-index-amount", 4, { amount: 1, grid: [2, 6], from: 2 }),
  Z("grid-few-3of5-end-axis-x", 3, { each: 0.1, grid: [4, 5], from: "end", axis: "x" }),
  // Ratio points.
  Z("grid3x4-point-00-amount", 12, { amount: 1, grid: [3, 4], from: [0, 0] }),
  Z("grid4x3-point-11", 12, { each: 0.1, grid: [4, 3], from: [1, 1] }),
  Z("grid3x3-point-01", 9, { each: 0.1, grid: [3, 3], from: [0, 1] }),
  Z("grid3x3-point-10", 9, { each: 0.1, grid: [3, 3], from: [1, 0] }),
  Z("grid4x4-point-quarter", 16, { each: 0.1, grid: [4, 4], from: [0.25, 0.75] }),
  Z("grid5x5-point-half-top", 25, { each: 0.1, grid: [5, 5], from: [0.5, 0] }),
  Z("grid3x4-point-axis-x", 12, { each: 0.1, grid: [3, 4], from: [1, 0.5], axis: "x" }),
  Z("grid3x4-point-axis-y", 12, { each: 0.1, grid: [3, 4], from: [0.5, 1], axis: "y" }),
  // One-row grids.
  Z("grid1x6-center", 6, { each: 0.1, grid: [1, 6], from: "center" }),
  Z("grid1x5-end", 5, { each: 0.1, grid: [1, 5], from: "end" }, "one row measured across both axes from off the row"),
  Z("grid1x5-end-axis-x", 5, { each: 0.1, grid: [1, 5], from: "end", axis: "x" }),
];

const E = (group) => (name) => ({ name, group });
const FAMILIES = ["power0", "power1", "power2", "power3", "power4", "quad", "cubic", "quart", "quint", "strong",
  "sine", "expo", "circ", "back", "elastic", "bounce"];
const EASING_CASES = [
  ...FAMILIES.flatMap((f) => [`${f}.in`, `${f}.out`, `${f}.inOut`]).map(E("requested")),
  ...["back.in(0)", "back.inOut(2.5)", "elastic.in(2, 0.5)", "elastic.inOut(0.7, 0.2)",
    "steps(1)", "steps(4)", "steps(3, true)", "none", "linear"].map(E("requested")),
  ...["power0", "power4", "sine", "expo", "circ", "bounce", "elastic", "back.out(1.7)",
    "elastic.out(1.2, 0.4)", "steps(2, true)", "steps(10)"].map(E("extra")),
];

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

function write(dir, name, data) {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(data, null, 1) + "\n");
  return path;
}

function checkIds(list, key, what) {
  const seen = new Set();
  for (const c of list) {
    if (seen.has(c[key])) throw new Error(`${what} ${c[key]} twice`);
    seen.add(c[key]);
  }
}

// Replays the inputs of recorded files and lists every difference.
function verify(dir) {
  let bad = 0;
  let total = 0;
  const report = (what, ok) => {
    total++;
    if (!ok) {
      bad++;
      console.log(`  differs: ${what}`);
    }
  };
  const positions = join(dir, "positions.json");
  if (existsSync(positions)) {
    const d = JSON.parse(readFileSync(positions, "utf8"));
    for (const c of d.cases) {
      const got = playPositions(c.ops);
      report(`positions ${c.id}`, sameJson(got.result, c.result) && (!c.at_add || sameJson(got.at_add, c.at_add)) &&
        (!c.checks || sameJson(got.checks, c.checks)));
    }
  }
  const stagger = join(dir, "stagger.json");
  if (existsSync(stagger)) {
    const d = JSON.parse(readFileSync(stagger, "utf8"));
    for (const c of d.cases) report(`stagger ${c.id}`, sameJson(distributeOver(c.vars, c.n, false).map(finite), c.offsets));
  }
  const easing = join(dir, "easing.json");
  if (existsSync(easing)) {
    const d = JSON.parse(readFileSync(easing, "utf8"));
    for (const e of d.eases) {
      const got = sampleEase(e.name, d.sample_points);
      report(`easing ${e.name}`, sameJson(got.samples, e.samples) &&
        (!e.extra_samples || sameJson(got.extra_samples, e.extra_samples)) &&
        (!e.outside_samples || sameJson(got.outside_samples, e.outside_samples)));
    }
  }
  console.log(`${dir}: ${total - bad}/${total} recorded values reproduced`);
  return bad === 0 && total > 0;
}

function main(argv) {
  if (argv[0] === "--verify") {
    const dirs = argv.slice(1);
    if (dirs.length === 0) dirs.push(resolve(HERE, ".."));
    return dirs.map(verify).every(Boolean) ? 0 : 1;
  }
  let out = resolve(HERE, "..");
  if (argv[0] === "--out" && argv[1]) out = resolve(argv[1]);
  else if (argv.length) {
    console.error("usage: node record.mjs [--out DIR] | --verify [DIR...]");
    return 2;
  }
  checkIds(POSITION_CASES, "id", "positions case");
  checkIds(STAGGER_CASES, "id", "stagger case");
  checkIds(EASING_CASES, "name", "ease");
  const positions = recordPositions(POSITION_CASES);
  const stagger = recordStagger(STAGGER_CASES);
  const easing = recordEasing(EASING_CASES);
  for (const c of positions.cases)
    if (!c.checks.stable_on_second_read || !c.checks.same_after_render_to_end_and_back)
      console.warn(`warning: positions ${c.id}: GSAP's layout changed when read again`);
  for (const c of stagger.cases)
    if (!c.checks.same_when_called_last_index_first) console.warn(`warning: stagger ${c.id}: order-dependent`);
  console.log(write(out, "positions.json", positions), positions.cases.length, "cases");
  console.log(write(out, "stagger.json", stagger), stagger.cases.length, "cases");
  console.log(write(out, "easing.json", easing), easing.eases.length, "eases");
  return 0;
}

process.exit(main(process.argv.slice(2)));
