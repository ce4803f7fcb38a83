#!/usr/bin/env node
// Records ZenitUI's own browser conformance cases: for every case designed
// below, headless Chromium is the referee, and what it computes is written to
// tests/conformance/zenit/{animations,transitions,shorthands,easing,selectors,units}.json for
// tests/conformance/run_conformance.py to replay through `zenit-style`.
//
//   cd tests/conformance/generate
//   npm ci                                   # playwright-core only, no browser download
//   node generate.mjs [--only animations,transitions,shorthands,easing,selectors,units,gradients]
//                     [--out DIR] [--chromium /usr/bin/chromium]
//
// The browser is Debian's `chromium` package (apt-get install -y chromium).
// Time never runs by itself: animations are paused and their currentTime set
// for each sample; transitions are replayed from scratch for each sample time
// and every transition they create is paused and seeked. The `harness` /
// `method` fields written into each file say exactly how each number was read.
//
// Only properties ZenitUI has are recorded (`zenit-style props`); transform
// lists use translate / translateX / translateY / scale / scaleX / scaleY /
// rotate / skew / skewX / skewY, in the translate · rotate · skew · scale
// order ZenitUI composes, and matrix().
//
// [SECTION] Command line, browser
// [SECTION] In-page recorder (runs inside Chromium)
// [SECTION] Animation cases
// [SECTION] Transition cases
// [SECTION] Shorthand cases
// [SECTION] Easing cases
// [SECTION] Selector cases
// [SECTION] Unit cases
// [SECTION] Main

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTreeNotation } from './tree.mjs';

// ---------------------------------------------------------------------------
// [SECTION] Command line, browser
// ---------------------------------------------------------------------------

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SUITES = ['animations', 'transitions', 'shorthands', 'easing', 'selectors', 'units', 'gradients'];

function parseArgs(argv) {
  const opt = { only: SUITES, out: path.resolve(HERE, '..', 'zenit'), chromium: '/usr/bin/chromium' };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--only') opt.only = next().split(',').filter(Boolean);
    else if (a === '--out') opt.out = path.resolve(next());
    else if (a === '--chromium') opt.chromium = next();
    else if (a === '-h' || a === '--help') {
      console.log('usage: node generate.mjs [--only SUITE,...] [--out DIR] [--chromium PATH]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  for (const s of opt.only) if (!SUITES.includes(s)) throw new Error(`unknown suite ${s} (${SUITES.join(', ')})`);
  return opt;
}

// The machine may have no network: these flags keep Chromium from trying.
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const PAGE = '<!doctype html><html><head><meta charset="utf-8"></head>' +
  '<body style="margin: 0"><div id="root" style="position: relative; width: 800px; height: 600px"></div></body></html>';

// ---------------------------------------------------------------------------
// [SECTION] In-page recorder (runs inside Chromium)
// ---------------------------------------------------------------------------

// Serialised into the page once; defines window.zc. Nothing here may refer
// to Node-side names.
function installRecorder() {
  const NUM = /-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/gi;
  const root = () => document.getElementById('root');
  const flush = (el) => { getComputedStyle(el).getPropertyValue('opacity'); void el.offsetWidth; };

  // A colour the browser prints in another syntax (oklab(), lch(),
  // color(display-p3 ...), ...) read as sRGB by the browser itself: a hidden
  // helper gets `color: color(from <value> srgb r g b / alpha)`, which
  // Chromium prints as color(srgb r g b / a) with unclipped 0..1 channels.
  // srgb = those numbers; rgba = the channels times 255 clipped to 0..255
  // (not rounded) and alpha clipped to 0..1.
  const COLOR_FN = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix)\(.*\)$/;
  function srgbOf(value) {
    const probe = document.createElement('div');
    probe.style.setProperty('display', 'none');
    probe.style.setProperty('color', `color(from ${value} srgb r g b / alpha)`);
    if (!probe.style.getPropertyValue('color')) return { rgba_error: `color(from ${value} srgb r g b / alpha) rejected` };
    document.body.appendChild(probe);
    const text = getComputedStyle(probe).getPropertyValue('color');
    probe.remove();
    const m = /^color\(srgb ([^/)]*)(?:\/([^)]*))?\)$/.exec(text);
    const n = m ? (m[1].match(NUM) || []).map(Number) : [];
    if (n.length !== 3) return { rgba_error: `unexpected ${text}` };
    const a = m[2] === undefined ? 1 : Number(m[2].trim());
    const clip = (x, hi) => Math.min(hi, Math.max(0, x));
    return { srgb: [...n, a], rgba: [...n.map((x) => clip(x * 255, 255)), clip(a, 1)] };
  }

  // One property as the browser reports it: the resolved value string, its
  // numbers, and the Typed OM computed value (string, and [number, unit]
  // in full precision when it is a single unit value).
  function read(el, prop) {
    const value = getComputedStyle(el).getPropertyValue(prop);
    const out = { value, numbers: (value.match(NUM) || []).map(Number) };
    try {
      const t = el.computedStyleMap().get(prop);
      if (t) {
        out.typed = t.toString();
        if (typeof CSSUnitValue !== 'undefined' && t instanceof CSSUnitValue) out.typed_unit = [t.value, t.unit];
      }
    } catch (e) { out.typed_error = String(e); }
    if (/^rgba?\([^)]*\)$/.test(value)) {
      const n = out.numbers;
      out.rgba = [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
    } else if (COLOR_FN.test(value)) {
      Object.assign(out, srgbOf(value));
    }
    if (prop === 'transform') out.matrix = value === 'none' ? [1, 0, 0, 1, 0, 0] : out.numbers;
    return out;
  }
  const readAll = (el, props) => Object.fromEntries(props.map((p) => [p, read(el, p)]));

  function animationTiming(a) {
    const t = a.effect.getComputedTiming();
    return {
      animationName: a.animationName, duration: t.duration, delay: t.delay, iterations: t.iterations,
      direction: t.direction, fill: t.fill, activeDuration: t.activeDuration, endTime: t.endTime,
    };
  }

  function recordAnimation(c) {
    const style = document.createElement('style');
    style.textContent = c.keyframes;
    document.head.appendChild(style);
    const base = document.createElement('div');
    base.setAttribute('style', c.base_style);
    root().appendChild(base);
    const base_values = readAll(base, c.properties);
    base.remove();

    const el = document.createElement('div');
    const decl = c.declarations ?? `animation: ${c.animation}`;
    el.setAttribute('style', `${c.base_style}; ${decl}; animation-play-state: paused`);
    root().appendChild(el);
    flush(el);
    const shorthand_applied = el.style.getPropertyValue('animation-name') !== '';
    const anims = el.getAnimations();
    const samples = c.times_ms.map((t) => {
      for (const a of anims) a.currentTime = t;
      flush(el);
      return {
        t_ms: t,
        values: readAll(el, c.properties),
        timing: anims.map((a) => {
          const ct = a.effect.getComputedTiming();
          return { progress: ct.progress, currentIteration: ct.currentIteration };
        }),
      };
    });
    const out = { shorthand_applied, animations: anims.map(animationTiming), base_values, samples };
    el.remove();
    style.remove();
    return out;
  }

  // Moves every live transition to `now` (ms since the first change). One
  // whose end has come is finished, as it would be had time really passed,
  // so it stops being "running" for the next change.
  function advance(el, born, now) {
    for (const a of el.getAnimations()) {
      if (!born.has(a)) continue;
      const local = now - born.get(a);
      if (local >= a.effect.getComputedTiming().endTime) a.finish();
      else a.currentTime = local;
    }
    flush(el);
  }

  function describeTransition(a) {
    const kf = a.effect.getKeyframes();
    const t = a.effect.getComputedTiming();
    const prop = a.transitionProperty;
    const pick = (k) => {
      const o = {};
      for (const [key, v] of Object.entries(k)) {
        if (['offset', 'computedOffset', 'easing', 'composite'].includes(key)) continue;
        o[key.replace(/[A-Z]/g, (m) => '-' + m.toLowerCase())] = v;
      }
      return o;
    };
    return {
      transitionProperty: prop, from: pick(kf[0] || {}), to: pick(kf[kf.length - 1] || {}),
      duration: t.duration, delay: t.delay, easing: a.effect.getTiming().easing, fill: t.fill, endTime: t.endTime,
    };
  }

  // The scenario replayed on a fresh element up to time T; returns the
  // sample at T and, when `events` is an array, what each step did.
  function replayTransition(c, T, events) {
    const el = document.createElement('div');
    el.setAttribute('style', c.initial_style);
    root().appendChild(el);
    flush(el);
    const born = new Map();
    for (const step of c.steps) {
      if (step.at_ms > T) break;
      advance(el, born, step.at_ms);
      const before = events ? readAll(el, c.properties) : null;
      for (const [k, v] of Object.entries(step.set)) el.style.setProperty(k, v);
      flush(el);
      const created = [];
      for (const a of el.getAnimations()) {
        if (born.has(a)) continue;
        a.pause();
        a.currentTime = 0;
        born.set(a, step.at_ms);
        created.push(a);
      }
      flush(el);
      if (events) {
        events.push({
          at_ms: step.at_ms, set: step.set, values_before_change: before,
          running_after_change: el.getAnimations().map((a) => a.transitionProperty),
          transitions_created: created.map(describeTransition),
        });
      }
    }
    advance(el, born, T);
    const sample = {
      t_ms: T,
      values: readAll(el, c.properties),
      active_transitions: el.getAnimations().map((a) => ({
        transitionProperty: a.transitionProperty, created_at_ms: born.get(a),
        local_ms: a.currentTime, progress: a.effect.getComputedTiming().progress,
      })),
    };
    el.remove();
    return sample;
  }

  function recordTransition(c) {
    const events = [];
    replayTransition(c, Infinity, events);
    return { events, samples: c.times_ms.map((t) => replayTransition(c, t, null)) };
  }

  function recordShorthand(prop, input, longhands) {
    const el = document.createElement('div');
    root().appendChild(el);
    el.style.setProperty(prop, input);
    const out = { input, valid: el.style.length > 0, css_supports: CSS.supports(prop, input) };
    const st = document.createElement('style');
    st.textContent = `.zc-probe { ${prop}: ${input}; }`;
    document.head.appendChild(st);
    const rule = st.sheet.cssRules[0];
    out.valid_in_stylesheet = !!rule && rule.style.length > 0;
    st.remove();
    if (out.valid) {
      const cs = getComputedStyle(el);
      out.specified_serialization = el.style.getPropertyValue(prop);
      out.specified = Object.fromEntries(longhands.map((l) => [l, el.style.getPropertyValue(l)]));
      out.computed = Object.fromEntries(longhands.map((l) => [l, cs.getPropertyValue(l)]));
      out.computed_shorthand = cs.getPropertyValue(prop);
      // Whether the browser's own text means what it serialised: the
      // shorthand set from specified_serialization gives the same longhands.
      const back = document.createElement('div');
      back.style.setProperty(prop, out.specified_serialization);
      out.serialization_reads_back = longhands.every((l) => back.style.getPropertyValue(l) === out.specified[l]);
      // The same for the computed shorthand: its computed longhands.
      const backComputed = document.createElement('div');
      root().appendChild(backComputed);
      backComputed.style.setProperty(prop, out.computed_shorthand);
      const bcs = getComputedStyle(backComputed);
      out.computed_shorthand_reads_back = longhands.every((l) => bcs.getPropertyValue(l) === out.computed[l]);
      backComputed.remove();
    } else {
      out.result = 'invalid';
    }
    el.remove();
    return out;
  }

  function recordEasing(easing, times) {
    const out = {
      easing,
      valid: CSS.supports('animation-timing-function', easing),
      valid_transition_timing_function: CSS.supports('transition-timing-function', easing),
    };
    const scratch = document.createElement('div');
    root().appendChild(scratch);
    try {
      scratch.animate({ left: ['0px', '1000px'] }, { duration: 1000, easing }).cancel();
      out.valid_waapi = true;
    } catch (e) {
      out.valid_waapi = false;
      out.waapi_error = e.name;
    }
    scratch.remove();
    if (!out.valid) return out;

    const probe = (delay) => {
      const el = document.createElement('div');
      el.style.position = 'absolute';
      el.style.setProperty('animation-name', 'easing-probe');
      el.style.setProperty('animation-duration', '1000ms');
      el.style.setProperty('animation-timing-function', easing);
      el.style.setProperty('animation-delay', `${delay}ms`);
      el.style.setProperty('animation-fill-mode', 'both');
      el.style.setProperty('animation-play-state', 'paused');
      root().appendChild(el);
      flush(el);
      const css = el.getAnimations()[0];
      let waapi = null;
      if (out.valid_waapi) {
        const w = document.createElement('div');
        w.style.position = 'absolute';
        root().appendChild(w);
        waapi = w.animate({ left: ['0px', '1000px'] }, { duration: 1000, delay, easing, fill: 'both' });
        waapi.pause();
      }
      const at = (t) => {
        css.currentTime = t;
        flush(el);
        const s = {
          css_left: getComputedStyle(el).left,
          css_left_typed_px: el.computedStyleMap().get('left').value,
          p_effective: css.effect.getComputedTiming().progress,
        };
        s.output_css = s.css_left_typed_px / 1000;
        if (waapi) {
          waapi.currentTime = t;
          s.output_waapi = waapi.effect.getComputedTiming().progress;
          s.waapi_left = getComputedStyle(waapi.effect.target).left;
        }
        s.output = waapi ? s.output_waapi : s.output_css;
        return s;
      };
      const done = () => { el.remove(); if (waapi) { waapi.effect.target.remove(); } };
      return { el, css, waapi, at, done };
    };

    const main = probe(0);
    out.specified_serialization = main.el.style.getPropertyValue('animation-timing-function');
    out.computed_serialization = getComputedStyle(main.el).animationTimingFunction;
    if (main.waapi) out.waapi_serialization = main.waapi.effect.getTiming().easing;
    out.samples = times.map((t) => Object.assign({ p: t / 1000, t_ms: t }, main.at(t)));
    main.done();
    const before = probe(500);
    out.before_phase = Object.assign({ t_ms: 250, delay_ms: 500 }, before.at(250));
    delete out.before_phase.p_effective;
    before.done();
    return out;
  }

  function setupEasingProbe() {
    const st = document.createElement('style');
    st.textContent = '@keyframes easing-probe { from { left: 0px } to { left: 1000px } }';
    document.head.appendChild(st);
  }

  // A tree parsed from the `zenit-style sample --tree` notation, built under
  // the root in place of what was there; `display` ('' for none) is set
  // on each element as an inline style.
  function buildTree(tree, display) {
    const build = (parent, n) => {
      const el = document.createElement(n.type);
      if (n.id) el.id = n.id;
      for (const cls of n.classes) el.classList.add(cls);
      for (const [a, v] of n.attributes) el.setAttribute(a, v);
      if (display) el.style.display = display;
      parent.appendChild(el);
      for (const ch of n.children) build(el, ch);
    };
    root().replaceChildren();
    build(root(), tree);
  }

  window.zc = { recordAnimation, recordTransition, recordShorthand, recordEasing, setupEasingProbe, readAll, buildTree };
}

// ---------------------------------------------------------------------------
// [SECTION] Animation cases
// ---------------------------------------------------------------------------

const BOX = 'position: absolute; left: 20px; top: 10px; width: 40px; height: 30px';
const SWEEP = '@keyframes sweep { from { left: 0px } to { left: 800px } }';

const uniqSorted = (ts) => [...new Set(ts.map((t) => Math.round(t * 1000) / 1000))].filter((t) => t >= 0).sort((a, b) => a - b);
const every = (from, to, step) => { const out = []; for (let t = from; t <= to + 1e-9; t += step) out.push(t); return out; };

// Times that probe each phase of `delay + count × dur`: the before phase,
// the start, points inside every iteration, both sides of each iteration
// boundary, the end and the after phase.
function phaseTimes(delay, dur, count) {
  const end = delay + dur * count;
  const ts = [0, Math.max(0, delay / 2), delay - 1, delay, end - 1, end, end + 300];
  for (let i = 0; i <= Math.ceil(count); ++i) {
    const s = delay + i * dur;
    for (const f of [0.3, 0.75]) if (s + f * dur < end) ts.push(s + f * dur);
    if (i >= 1 && s < end) ts.push(s - 1, s);
  }
  return uniqSorted(ts);
}

function animationCases() {
  const cases = [];
  const add = (group, id, description, c) => cases.push({ group, id, description, base_style: BOX, ...c });

  // Direction × fill × iteration count on one property, with a delay so the
  // backwards fill shows.
  for (const count of [0, 0.5, 1.5, 2.25]) {
    for (const dir of ['normal', 'reverse', 'alternate', 'alternate-reverse']) {
      for (const fill of ['none', 'forwards', 'backwards', 'both']) {
        add('direction-fill-count', `dfc-${dir}-${fill}-${count}`,
          `${dir}, fill ${fill}, ${count} iterations of 1s after a 200ms delay`, {
            keyframes: SWEEP, animation: `sweep 1s linear 200ms ${count} ${dir} ${fill}`,
            properties: ['left'], times_ms: phaseTimes(200, 1000, count),
          });
      }
    }
  }
  add('direction-fill-count', 'dfc-infinite-alternate-ease', 'infinite alternate with ease: each odd iteration runs backwards through the curve', {
    keyframes: SWEEP, animation: 'sweep 1s ease infinite alternate', properties: ['left'],
    times_ms: [0, 250, 500, 999, 1000, 1250, 1750, 2000, 2500, 5250],
  });
  add('direction-fill-count', 'dfc-fraction-forwards-ease-in', 'count 0.3 with forwards: holds the eased value at 30%', {
    keyframes: SWEEP, animation: 'sweep 1s ease-in 0.3 forwards', properties: ['left'], times_ms: [0, 150, 299, 300, 1000],
  });

  // Negative delays, including ones longer than the duration.
  for (const fill of ['none', 'forwards', 'backwards', 'both']) {
    add('negative-delay', `neg-past-end-${fill}`, `-1500ms on a 1s animation with fill ${fill}: already finished when applied`, {
      keyframes: SWEEP, animation: `sweep 1s linear -1500ms ${fill}`, properties: ['left'], times_ms: [0, 100, 500],
    });
  }
  add('negative-delay', 'neg-mid-iteration-alternate', '-2300ms into 4 alternate iterations: starts 30% into the third (forward) iteration', {
    keyframes: SWEEP, animation: 'sweep 1s linear -2300ms 4 alternate', properties: ['left'],
    times_ms: [0, 200, 699, 700, 1000, 1699, 1700, 2000],
  });
  add('negative-delay', 'neg-infinite-reverse', '-3100ms on an infinite reverse 800ms animation', {
    keyframes: SWEEP, animation: 'sweep 800ms linear -3100ms infinite reverse', properties: ['left'],
    times_ms: [0, 99, 100, 500, 900, 1300],
  });
  add('negative-delay', 'neg-alt-reverse-both-ease-in', '-2750ms into 3 alternate-reverse iterations, ease-in, fill both', {
    keyframes: SWEEP, animation: 'sweep 1s ease-in -2750ms 3 alternate-reverse both', properties: ['left'],
    times_ms: [0, 125, 249, 250, 400],
  });
  add('negative-delay', 'neg-exact-end-forwards', '-2s on 2 iterations of 1s: ends exactly when applied, forwards holds 100%', {
    keyframes: SWEEP, animation: 'sweep 1s linear -2s 2 forwards', properties: ['left'], times_ms: [0, 100],
  });
  add('negative-delay', 'neg-fractional-count', '-1250ms into 2.5 alternate iterations with forwards', {
    keyframes: SWEEP, animation: 'sweep 1s linear -1250ms 2.5 alternate forwards', properties: ['left'],
    times_ms: [0, 250, 749, 750, 1000, 1249, 1250, 1500],
  });
  add('negative-delay', 'neg-steps-both', '-1300ms into 2 iterations of steps(4)', {
    keyframes: SWEEP, animation: 'sweep 1s steps(4) -1300ms 2 both', properties: ['left'],
    times_ms: [0, 149, 150, 200, 449, 450, 699, 700, 900],
  });
  add('negative-delay', 'neg-delay-opacity-reverse', 'negative delay on a reversed fade', {
    keyframes: '@keyframes fadein { from { opacity: 0 } to { opacity: 1 } }', animation: 'fadein 2s linear -500ms reverse',
    properties: ['opacity'], times_ms: [0, 500, 1000, 1499, 1500],
  });

  // Several animations: composite order (later wins) and underlying values.
  const A = '@keyframes a { from { left: 0px } to { left: 800px } }';
  const B = '@keyframes b { from { left: 200px } to { left: 400px } }';
  add('multiple', 'multi-two-properties', 'two animations on different properties run side by side', {
    keyframes: `${A} @keyframes fade { from { opacity: 1 } to { opacity: 0 } }`, animation: 'a 1s linear, fade 2s ease-in',
    properties: ['left', 'opacity'], times_ms: [0, 500, 999, 1000, 1500, 1999, 2000, 2500],
  });
  add('multiple', 'multi-same-property-later-wins', 'two animations on left: the later in the list wins', {
    keyframes: `${A} ${B}`, animation: 'a 1s linear, b 1s linear', properties: ['left'], times_ms: [0, 250, 500, 999, 1000],
  });
  add('multiple', 'multi-order-swapped', 'the same two in the other order: a wins', {
    keyframes: `${A} ${B}`, animation: 'b 1s linear, a 1s linear', properties: ['left'], times_ms: [0, 250, 500, 999, 1000],
  });
  add('multiple', 'multi-later-delayed-no-fill', 'the later animation only wins while it is active', {
    keyframes: `${A} ${B}`, animation: 'a 2s linear, b 1s linear 500ms', properties: ['left'],
    times_ms: [0, 250, 499, 500, 1000, 1499, 1500, 1750, 2000],
  });
  add('multiple', 'multi-later-delayed-backwards', 'the later animation fills backwards over the earlier one during its delay', {
    keyframes: `${A} ${B}`, animation: 'a 2s linear, b 1s linear 500ms backwards', properties: ['left'],
    times_ms: [0, 250, 499, 500, 1000, 1500, 1750],
  });
  add('multiple', 'multi-later-forwards-holds', 'a finished later animation with forwards keeps covering the earlier one', {
    keyframes: `${A} ${B}`, animation: 'a 2s linear, b 500ms linear forwards', properties: ['left'],
    times_ms: [0, 250, 499, 500, 1000, 1999, 2000, 2500],
  });
  add('multiple', 'multi-underlying-from-earlier', 'a later animation with only a 50% keyframe starts and ends at the earlier animation\'s value', {
    keyframes: `${A} @keyframes mid { 50% { left: 100px } }`, animation: 'a 2s linear, mid 1s linear', properties: ['left'],
    times_ms: [0, 250, 500, 750, 999, 1000, 1500],
  });
  add('multiple', 'multi-underlying-missing-to', 'a later animation with no `to` heads for the earlier animation\'s moving value', {
    keyframes: `${A} @keyframes fromonly { from { left: 400px } }`, animation: 'a 2s linear, fromonly 1s linear', properties: ['left'],
    times_ms: [0, 250, 500, 750, 999, 1000],
  });
  add('multiple', 'multi-underlying-missing-from-ease', 'a later animation with no `from`, eased, starts at the earlier animation\'s value', {
    keyframes: `${A} @keyframes toonly { to { left: 0px } }`, animation: 'a 2s linear, toonly 1s ease-out 500ms', properties: ['left'],
    times_ms: [0, 499, 500, 750, 1000, 1499, 1500, 1800],
  });
  add('multiple', 'multi-partial-properties', 'the later animation covers top only; left still comes from the earlier one', {
    keyframes: '@keyframes both2 { from { left: 0px; top: 0px } to { left: 400px; top: 400px } } @keyframes toponly { from { top: 100px } to { top: 200px } }',
    animation: 'both2 1s linear, toponly 1s linear', properties: ['left', 'top'], times_ms: [0, 250, 500, 999],
  });
  add('multiple', 'multi-same-name-twice', 'one @keyframes used twice: the second entry (2s) wins', {
    keyframes: A, animation: 'a 1s linear, a 2s linear', properties: ['left'], times_ms: [0, 500, 1000, 1500, 2000],
  });
  add('multiple', 'multi-unknown-name-first', 'an entry naming no @keyframes does nothing; the other still runs', {
    keyframes: A, animation: 'nosuch 1s linear, a 1s linear', properties: ['left'], times_ms: [0, 500],
  });
  add('multiple', 'multi-unknown-name-last', 'an unknown name later in the list does not hide the earlier animation', {
    keyframes: A, animation: 'a 1s linear, nosuch 1s linear', properties: ['left'], times_ms: [0, 500],
  });
  add('multiple', 'multi-none-in-list', '`none` in an animation list is an empty entry', {
    keyframes: A, animation: 'none, a 1s linear', properties: ['left'], times_ms: [0, 500],
  });
  add('multiple', 'multi-three-on-opacity', 'three animations on opacity with different delays and fills', {
    keyframes: '@keyframes o1 { from { opacity: 0 } to { opacity: 1 } } @keyframes o2 { from { opacity: 0.2 } to { opacity: 0.4 } } @keyframes o3 { from { opacity: 0.9 } to { opacity: 0.6 } }',
    animation: 'o1 3s linear, o2 1s linear 1s, o3 500ms linear 2s both', properties: ['opacity'],
    times_ms: [0, 500, 999, 1000, 1500, 1999, 2000, 2250, 2500, 2800, 3000, 3500],
  });
  add('multiple', 'multi-infinite-under-finite', 'an infinite animation shows again once a later finite one ends', {
    keyframes: `${A} ${B}`, animation: 'a 1s linear infinite, b 1500ms linear', properties: ['left'],
    times_ms: [0, 750, 1499, 1500, 1750, 2250],
  });

  // Keyframes: many offsets, per-keyframe timing functions.
  const ZIG = '@keyframes zig { 0% { left: 0px } 10% { left: 300px } 25% { left: 100px } 40% { left: 500px } ' +
    '60% { left: 200px } 75% { left: 700px } 90% { left: 650px } 100% { left: 800px } }';
  add('keyframes', 'kf-many-offsets-linear', 'eight keyframes, linear', {
    keyframes: ZIG, animation: 'zig 2s linear', properties: ['left'], times_ms: every(0, 1999, 100).concat([1999]),
  });
  add('keyframes', 'kf-many-offsets-ease', 'eight keyframes, ease applied per segment', {
    keyframes: ZIG, animation: 'zig 2s ease', properties: ['left'], times_ms: every(0, 1950, 50),
  });
  add('keyframes', 'kf-unsorted-offsets', 'keyframes written out of order are sorted', {
    keyframes: '@keyframes uns { 100% { left: 800px } 0% { left: 0px } 50% { left: 100px } }', animation: 'uns 1s linear',
    properties: ['left'], times_ms: [0, 250, 500, 750, 999],
  });
  add('keyframes', 'kf-selector-list', '`0%, 100%` in one selector list', {
    keyframes: '@keyframes pulse { 0%, 100% { left: 0px } 50% { left: 600px } }', animation: 'pulse 1s linear',
    properties: ['left'], times_ms: [0, 250, 500, 750, 999],
  });
  add('keyframes', 'kf-fractional-offsets', 'offsets with decimals', {
    keyframes: '@keyframes thirds { 0% { left: 0px } 33.333% { left: 300px } 66.667% { left: 300px } 100% { left: 900px } }',
    animation: 'thirds 3s linear', properties: ['left'], times_ms: [0, 500, 999, 1000, 1500, 2000, 2001, 2500, 2999],
  });
  add('keyframes', 'kf-tf-steps-then-overshoot', 'steps(3, jump-both) in the first segment, an overshooting cubic-bezier in the second (left is not clamped)', {
    keyframes: '@keyframes mix { 0% { left: 0px; animation-timing-function: steps(3, jump-both) } ' +
      '50% { left: 400px; animation-timing-function: cubic-bezier(0.3, -0.8, 0.7, 1.8) } 100% { left: 800px } }',
    animation: 'mix 2s linear', properties: ['left'],
    times_ms: [0, 1, 249, 250, 251, 499, 500, 750, 999, 1000, 1100, 1250, 1400, 1500, 1600, 1750, 1900, 1999],
  });
  add('keyframes', 'kf-tf-linear-function', 'linear() with percentages per keyframe', {
    keyframes: '@keyframes lin { 0% { left: 0px; animation-timing-function: linear(0, 0.25 75%, 1) } ' +
      '50% { left: 400px; animation-timing-function: linear(0, 1.4 40%, 0.8 70%, 1) } 100% { left: 800px } }',
    animation: 'lin 2s ease', properties: ['left'], times_ms: every(0, 1950, 75).concat([1999]),
  });
  add('keyframes', 'kf-tf-step-start-end', 'step-start then step-end per keyframe', {
    keyframes: '@keyframes se { 0% { left: 0px; animation-timing-function: step-start } 50% { left: 400px; animation-timing-function: step-end } 100% { left: 800px } }',
    animation: 'se 1s linear', properties: ['left'], times_ms: [0, 1, 250, 499, 500, 501, 750, 999],
  });
  add('keyframes', 'kf-tf-on-last-keyframe-ignored', 'a timing function on the 100% keyframe never applies', {
    keyframes: '@keyframes last { from { left: 0px } to { left: 800px; animation-timing-function: steps(2) } }',
    animation: 'last 1s linear', properties: ['left'], times_ms: [0, 250, 500, 750, 999],
  });
  add('keyframes', 'kf-tf-reverse-direction', 'with reverse, each segment keeps the easing of its keyframe in offset order, run backwards', {
    keyframes: '@keyframes rv { 0% { left: 0px; animation-timing-function: ease-in } 100% { left: 800px } }',
    animation: 'rv 1s linear reverse', properties: ['left'], times_ms: [0, 100, 250, 500, 750, 900, 999],
  });
  add('keyframes', 'kf-tf-jump-none', 'steps(4, jump-none) in keyframes', {
    keyframes: '@keyframes jn { from { left: 0px; animation-timing-function: steps(4, jump-none) } to { left: 900px } }',
    animation: 'jn 1s linear', properties: ['left'], times_ms: [0, 249, 250, 499, 500, 749, 750, 999],
  });
  add('keyframes', 'kf-from-only-uses-base', 'only `from`: the animation ends at the element\'s own value', {
    keyframes: '@keyframes fo { from { left: 500px } }', animation: 'fo 1s linear', properties: ['left'],
    times_ms: [0, 250, 500, 999, 1000],
  });
  add('keyframes', 'kf-to-only-opacity', 'only `to` on opacity: starts from the element\'s 0.5', {
    keyframes: '@keyframes to0 { to { opacity: 0 } }', base_style: `${BOX}; opacity: 0.5`, animation: 'to0 1s linear',
    properties: ['opacity'], times_ms: [0, 250, 500, 999, 1000],
  });
  add('keyframes', 'kf-several-properties-offsets', 'two properties with different keyframe sets in one @keyframes', {
    keyframes: '@keyframes two { 0% { left: 0px; top: 0px } 30% { left: 300px } 70% { top: 350px } 100% { left: 600px; top: 0px } }',
    animation: 'two 1s linear', properties: ['left', 'top'], times_ms: [0, 150, 300, 500, 700, 850, 999],
  });

  add('keyframes', 'kf-important-ignored', 'a declaration with !important inside @keyframes is dropped: `to` falls back to the element\'s value', {
    keyframes: '@keyframes imp { from { left: 0px } to { left: 800px !important } }', animation: 'imp 1s linear',
    properties: ['left'], times_ms: [0, 250, 500, 999],
  });
  add('keyframes', 'kf-duplicate-block-later-wins', 'two @keyframes blocks with one name: the later one is used whole', {
    keyframes: '@keyframes twice { from { left: 0px; top: 0px } to { left: 100px; top: 100px } } @keyframes twice { to { left: 400px } }',
    animation: 'twice 1s linear', properties: ['left', 'top'], times_ms: [0, 500, 999],
  });
  add('keyframes', 'kf-empty-keyframe', 'an empty 50% keyframe changes nothing', {
    keyframes: '@keyframes hole { 0% { left: 0px } 50% { } 100% { left: 800px } }', animation: 'hole 1s linear',
    properties: ['left'], times_ms: [0, 250, 500, 750, 999],
  });

  // Overshooting easings and clamping.
  const OVER = 'cubic-bezier(0.5, -0.6, 0.5, 1.6)';
  add('clamping', 'clamp-opacity-overshoot', `opacity 0 → 1 with ${OVER}: clamped to [0, 1] after interpolation`, {
    keyframes: '@keyframes op { from { opacity: 0 } to { opacity: 1 } }', animation: `op 1s ${OVER}`,
    properties: ['opacity'], times_ms: every(0, 950, 50).concat([999]),
  });
  add('clamping', 'clamp-opacity-linear-fn', 'opacity 0.2 → 0.8 with linear(0, 1.5 50%, 1): the peak clamps at 1', {
    keyframes: '@keyframes op2 { from { opacity: 0.2 } to { opacity: 0.8 } }', animation: 'op2 1s linear(0, 1.5 50%, 1)',
    properties: ['opacity'], times_ms: [0, 100, 250, 400, 500, 600, 750, 900, 999],
  });
  add('clamping', 'clamp-opacity-percent', 'opacity written as percentages', {
    keyframes: '@keyframes opp { from { opacity: 20% } to { opacity: 80% } }', animation: 'opp 1s linear',
    properties: ['opacity'], times_ms: [0, 250, 500, 999],
  });
  add('clamping', 'clamp-width-overshoot', 'width 10px → 100px undershooting below 0: clamped at 0', {
    keyframes: '@keyframes wd { from { width: 10px } to { width: 100px } }', animation: 'wd 1s cubic-bezier(0.3, -1.5, 0.7, 2.5)',
    properties: ['width'], times_ms: every(0, 950, 50).concat([999]),
  });
  add('clamping', 'clamp-height-overshoot', 'height with an overshooting curve above and below', {
    keyframes: '@keyframes ht { from { height: 60px } to { height: 0px } }', animation: `ht 1s ${OVER}`,
    properties: ['height'], times_ms: every(0, 950, 50),
  });
  add('clamping', 'clamp-color-overshoot', 'background-color overshoot: channels clamp to 0..255', {
    keyframes: '@keyframes co { from { background-color: rgb(200, 40, 0) } to { background-color: rgb(20, 220, 160) } }',
    animation: `co 1s ${OVER}`, properties: ['background-color'], times_ms: every(0, 950, 50),
  });
  add('clamping', 'clamp-radius-padding', 'border-radius and padding never go below 0', {
    keyframes: '@keyframes rp { from { border-radius: 10px; padding: 10px } to { border-radius: 30px; padding: 20px } }',
    animation: `rp 1s ${OVER}`, properties: ['border-top-left-radius', 'padding-left'], times_ms: every(0, 950, 50),
  });
  add('clamping', 'clamp-left-not-clamped', 'left under the same curve is not clamped', {
    keyframes: '@keyframes lf { from { left: 10px } to { left: 100px } }', animation: `lf 1s ${OVER}`,
    properties: ['left'], times_ms: every(0, 950, 50),
  });

  // Colours with alpha (interpolated premultiplied).
  add('color', 'color-bg-transparent-red-to-blue', 'background-color from transparent red to opaque blue: no red shows in between', {
    keyframes: '@keyframes c1 { from { background-color: rgba(255, 0, 0, 0) } to { background-color: rgba(0, 0, 255, 1) } }',
    animation: 'c1 1s linear', properties: ['background-color'], times_ms: [0, 100, 250, 500, 750, 999],
  });
  add('color', 'color-bg-both-alpha', 'both ends translucent', {
    keyframes: '@keyframes c2 { from { background-color: rgba(255, 0, 0, 0.2) } to { background-color: rgba(0, 128, 255, 0.8) } }',
    animation: 'c2 1s linear', properties: ['background-color'], times_ms: [0, 250, 500, 750, 999],
  });
  add('color', 'color-text-transparent-to-named', 'color from transparent to a named colour, ease-in-out', {
    keyframes: '@keyframes c3 { from { color: transparent } to { color: orange } }',
    animation: 'c3 1s ease-in-out', properties: ['color'], times_ms: [0, 250, 500, 750, 999],
  });
  add('color', 'color-border-hsla-hex', 'border-color from hsla() to #rrggbbaa, read on two sides', {
    keyframes: '@keyframes c4 { from { border-color: hsla(120, 100%, 25%, 0.5) } to { border-color: #ff000080 } }',
    base_style: `${BOX}; border: 4px solid rgb(0, 0, 0)`, animation: 'c4 1s linear',
    properties: ['border-top-color', 'border-left-color'], times_ms: [0, 250, 500, 750, 999],
  });
  add('color', 'color-three-stops-hex', 'three colour keyframes, short hex with alpha', {
    keyframes: '@keyframes c5 { 0% { background-color: #f00 } 50% { background-color: #0f08 } 100% { background-color: #00f0 } }',
    animation: 'c5 2s linear', properties: ['background-color'], times_ms: [0, 250, 500, 999, 1000, 1250, 1500, 1999],
  });
  add('color', 'color-underlying-base', 'a colour animation with only `to` starts from the element\'s colour', {
    keyframes: '@keyframes c6 { to { background-color: rgba(0, 0, 0, 0.5) } }', base_style: `${BOX}; background-color: rgb(255, 255, 255)`,
    animation: 'c6 1s linear', properties: ['background-color'], times_ms: [0, 250, 500, 999],
  });
  add('color', 'color-text-and-bg-steps', 'color and background-color under steps(2, jump-start)', {
    keyframes: '@keyframes c7 { from { color: rgb(0, 0, 0); background-color: rgb(255, 255, 255) } to { color: rgb(255, 255, 255); background-color: rgb(0, 0, 0) } }',
    animation: 'c7 1s steps(2, jump-start)', properties: ['color', 'background-color'], times_ms: [0, 1, 499, 500, 999],
  });

  // CSS Color 4/5 syntaxes. Computed values: the same colour at both ends,
  // so every sample is that colour. Chromium interpolates a non-legacy
  // colour in Oklab even then and prints it as oklab(...) (a legacy one
  // stays rgb()); the recorder reads any such value back as sRGB through the
  // browser (`rgba`, clipped; `srgb`, not). hsl(from red h s calc(l + 10%))
  // is not here: Chromium 156 rejects it (l is a number in relative hsl()).
  const BORDERED = `${BOX}; border: 4px solid rgb(0, 0, 0)`;
  const SAME = [0, 500, 999];
  const same = (name, decls) => `@keyframes ${name} { from { ${decls} } to { ${decls} } }`;
  // Each colour is read on background-color, color and border-color (all
  // four sides one colour: ZenitUI draws one border colour), three to a case.
  const COLOR_PROPS = ['background-color', 'color', 'border-color'];
  const colorValues = (id, title, values) => {
    for (let k = 0; k * 3 < values.length; ++k) {
      const chunk = values.slice(k * 3, k * 3 + 3);
      const name = `${id.replace(/-/g, '_')}_${k}`;
      add('color', k ? `${id}-${k + 1}` : id, title, {
        keyframes: same(name, chunk.map((v, i) => `${COLOR_PROPS[i]}: ${v}`).join('; ')),
        base_style: BORDERED, animation: `${name} 1s linear`,
        properties: chunk.map((v, i) => (i === 2 ? 'border-top-color' : COLOR_PROPS[i])), times_ms: SAME,
      });
    }
  };
  colorValues('color4-hwb', 'hwb() with hue units (deg, turn, grad, rad, bare) and alpha as number and percentage', [
    'hwb(120 10% 20%)',
    'hwb(90deg 20% 30% / 0.5)',
    'hwb(0.5turn 0% 0% / 50%)',
    'hwb(200grad 10% 20%)',
    'hwb(3rad 10 10)'
  ]);
  colorValues('color4-hwb-none', 'hwb() with `none` for hue, whiteness and alpha (Chromium interpolates these in Oklab, not as legacy colours)', [
    'hwb(none 20% 30%)',
    'hwb(200 none 10%)',
    'hwb(200 10% 20% / none)'
  ]);
  colorValues('color4-lab-lch', 'lab() and lch() with numbers, percentages, alpha and `none`', [
    'lab(50% 40 -20)',
    'lab(70 -30 60 / 0.6)',
    'lab(30% 50% -60% / 40%)',
    'lch(60% 50 30)',
    'lch(45 30% 270deg / 0.7)',
    'lch(80 30 none)'
  ]);
  colorValues('color4-oklab-oklch', 'oklab() and oklch() with numbers, percentages, alpha and `none`', [
    'oklch(0.7 0.1 150)',
    'oklab(0.6 0.1 -0.1)',
    'oklab(70% 25% -40% / 0.5)',
    'oklch(60% 30% 0.5turn / 80%)',
    'oklch(0.5 none 40)',
    'oklab(none 0.05 0.05)'
  ]);
  colorValues('color4-color-fn', 'color() in srgb, srgb-linear, display-p3, xyz-d50, xyz-d65 and xyz, with percentages, alpha and `none`', [
    'color(srgb 0.2 0.4 0.6)',
    'color(srgb-linear 0.2 0.4 0.6 / 0.5)',
    'color(display-p3 0.3 0.6 0.4)',
    'color(xyz-d50 0.3 0.4 0.2)',
    'color(xyz-d65 0.2 0.3 0.4 / 0.7)',
    'color(xyz 0.5 0.4 0.1)'
  ]);
  colorValues('color4-color-fn-percent-none', 'color(srgb) with percentages and `none`, color(srgb-linear) with a percentage alpha', [
    'color(srgb 50% none 25%)',
    'color(srgb-linear 10% 50% 90% / 25%)'
  ]);
  colorValues('color5-mix-rectangular', 'color-mix() in srgb, srgb-linear, display-p3, lab, oklab, xyz, xyz-d50, xyz-d65', [
    'color-mix(in srgb, red, blue)',
    'color-mix(in srgb-linear, red 30%, blue)',
    'color-mix(in display-p3, red, lime)',
    'color-mix(in lab, #3366cc, yellow 25%)',
    'color-mix(in oklab, red, blue)',
    'color-mix(in xyz, red 40%, blue)'
  ]);
  colorValues('color5-mix-xyz-whitepoints', 'color-mix() in xyz-d50 and xyz-d65', [
    'color-mix(in xyz-d50, #3366cc, orange)',
    'color-mix(in xyz-d65, #3366cc 70%, orange)'
  ]);
  colorValues('color5-mix-polar-hue', 'color-mix() in hsl, hwb, lch and oklch with shorter, longer, increasing and decreasing hue', [
    'color-mix(in hsl, red, blue)',
    'color-mix(in hsl longer hue, red, blue)',
    'color-mix(in hwb, #3366cc, orange)',
    'color-mix(in lch increasing hue, red, blue)',
    'color-mix(in oklch decreasing hue, red, blue)',
    'color-mix(in oklch shorter hue, #3366cc 30%, orange)'
  ]);
  colorValues('color5-mix-percentages', 'color-mix() percentages that sum to less than 100% (alpha drops) and more (scaled), translucent inputs', [
    'color-mix(in srgb, red 20%, blue 30%)',
    'color-mix(in oklab, red 80%, blue 60%)',
    'color-mix(in srgb, rgba(255, 0, 0, 0.5), blue)',
    'color-mix(in oklch longer hue, red 10%, blue 20%)'
  ]);
  colorValues('color5-relative-rgb-hsl', 'relative rgb(), hsl(), hwb() and color(): calc() on channels and alpha', [
    'rgb(from red r g b / 50%)',
    'rgb(from #3366cc calc(r + 20) g calc(b / 2))',
    'hsl(from red h s calc(l + 10))',
    'hsl(from blue calc(h + 30) s l / calc(alpha * 0.5))',
    'hwb(from red calc(h + 120) w b)',
    'color(from red srgb r g calc(b + 0.5) / 0.5)'
  ]);
  colorValues('color5-relative-oklch-lab', 'relative oklch(), lab(), oklab() and rgb() from an oklch() colour', [
    'oklch(from #3366cc calc(l + 0.1) c h)',
    'oklch(from red l c calc(h + 180) / 0.5)',
    'lab(from green l calc(a * -1) b)',
    'rgb(from oklch(0.7 0.1 150) r g b)',
    'oklab(from rgb(255 0 0 / 0.5) l a b / calc(alpha + 0.25))'
  ]);
  colorValues('color4-out-of-gamut', 'colours outside sRGB: Chromium keeps them; as sRGB they clip', [
    'oklch(0.7 0.3 150)',
    'color(display-p3 0 1 0)',
    'lab(50 120 0)',
    'color(srgb 1.2 -0.1 0.5)',
    'oklch(0.95 0.25 100)'
  ]);
  // min(), max() and clamp() (CSS Values 4 §10.2) over one unit.
  add('math', 'math-min-max-clamp-computed', 'min(), max() and clamp() of numbers, lengths in one unit, angles', {
    keyframes: '@keyframes mm { from { opacity: 1 } to { opacity: 1 } }',
    base_style: `${BOX}; width: clamp(10px, 50px, 40px); left: calc(max(1in, 90px) + 1px); padding-left: min(2em, 1em, 3em); ` +
      'border-top-left-radius: max(10%, calc(20% / 2), 15%); rotate: max(10deg, 0.1turn); font-size: clamp(10px, 2px, 20px)',
    animation: 'mm 1s linear', properties: ['width', 'left', 'padding-left', 'border-top-left-radius', 'rotate', 'font-size'], times_ms: [0],
  });
  add('math', 'math-keyframes', 'keyframes written with min(), max() and clamp() interpolate their values', {
    keyframes: '@keyframes mk { from { left: min(10px, 20px); opacity: clamp(0, 0.8, 0.5) } to { left: max(100px, 50px); opacity: max(0.9, 0.2) } }',
    base_style: BOX, animation: 'mk 1s linear', properties: ['left', 'opacity'], times_ms: [0, 250, 500, 999],
  });
  add('color', 'color4-currentcolor', 'currentcolor in border and background is the element\'s color', {
    keyframes: '@keyframes cc { from { opacity: 1 } to { opacity: 0.5 } }',
    base_style: `${BOX}; color: rgb(0, 128, 255); border: 4px solid currentcolor; background-color: currentcolor`,
    animation: 'cc 1s linear', properties: ['background-color', 'border-top-color', 'color'], times_ms: [0, 500],
  });
  add('color', 'color4-to-only-oklch-base', 'only `to`: from the element\'s oklch() background to an lch() one', {
    keyframes: '@keyframes g2 { to { background-color: lch(70 40 200) } }', base_style: `${BOX}; background-color: oklch(0.6 0.15 30)`,
    animation: 'g2 1s linear', properties: ['background-color'], times_ms: [0, 250, 500, 750, 999],
  });

  // Interpolation: legacy colours at both ends interpolate in sRGB; a
  // non-legacy colour at either end makes it premultiplied Oklab.
  const INTERP = [0, 250, 500, 750, 999];
  add('color', 'color4-interp-legacy-legacy', 'rgb() → hex and hsl() → named: both legacy, sRGB', {
    keyframes: '@keyframes i1 { from { background-color: rgb(255, 0, 0); color: hsl(60 100% 50%) } to { background-color: #0000ff; color: purple } }',
    animation: 'i1 1s linear', properties: ['background-color', 'color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-legacy-oklch', 'named → oklch(): Oklab', {
    keyframes: '@keyframes i2 { from { background-color: red } to { background-color: oklch(0.6 0.2 250) } }',
    animation: 'i2 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-lab-rgb', 'lab() → rgb(), on color and border-color: Oklab', {
    keyframes: '@keyframes i3 { from { color: lab(60 50 40); border-color: lab(60 50 40) } to { color: rgb(0, 128, 255); border-color: rgb(0, 128, 255) } }',
    base_style: BORDERED, animation: 'i3 1s linear', properties: ['color', 'border-top-color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-oklab-alpha', 'oklab() → oklab() with alpha: premultiplied', {
    keyframes: '@keyframes i4 { from { background-color: oklab(0.4 0.1 -0.1 / 0.2) } to { background-color: oklab(0.8 -0.1 0.1 / 0.8) } }',
    animation: 'i4 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-transparent-oklch', 'transparent → oklch(): premultiplied Oklab, no black in between', {
    keyframes: '@keyframes i5 { from { background-color: transparent } to { background-color: oklch(0.7 0.15 60) } }',
    animation: 'i5 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color5-interp-mix-named', 'color-mix() result → named colour: Oklab', {
    keyframes: '@keyframes i6 { from { background-color: color-mix(in oklch, red, blue) } to { background-color: yellow } }',
    animation: 'i6 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-hwb-hsl', 'hwb() → hsl(): both legacy, sRGB', {
    keyframes: '@keyframes i7 { from { background-color: hwb(30 10% 20%) } to { background-color: hsl(200, 60%, 40%) } }',
    animation: 'i7 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color5-interp-relative-rgb-named', 'relative rgb() (Chromium prints it as color(srgb ...)) → named colour', {
    keyframes: '@keyframes i8 { from { background-color: rgb(from red r g b / 50%) } to { background-color: blue } }',
    animation: 'i8 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-oklch-none', 'oklch() with a `none` chroma → oklch(): in Oklab the missing chroma is 0 (a and b have no analogous channel)', {
    keyframes: '@keyframes i9 { from { background-color: oklch(0.4 none 150) } to { background-color: oklch(0.8 0.15 30) } }',
    animation: 'i9 1s linear', properties: ['background-color'], times_ms: INTERP,
  });
  add('color', 'color4-interp-out-of-gamut', 'color(display-p3 0 1 0) → oklch(0.7 0.3 330): both outside sRGB', {
    keyframes: '@keyframes i10 { from { background-color: color(display-p3 0 1 0) } to { background-color: oklch(0.7 0.3 330) } }',
    animation: 'i10 1s linear', properties: ['background-color'], times_ms: INTERP,
  });

  // Box properties: border-radius, padding, margin, border-width.
  add('box', 'box-radius-four-corners', 'border-radius 0 → four different corners', {
    keyframes: '@keyframes r1 { from { border-radius: 0px } to { border-radius: 20px 10px 40px 5px } }', animation: 'r1 1s linear',
    properties: ['border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius'],
    times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-radius-percent', 'border-radius 10% → 50%', {
    keyframes: '@keyframes r2 { from { border-radius: 10% } to { border-radius: 50% } }', animation: 'r2 1s ease',
    properties: ['border-top-left-radius', 'border-bottom-right-radius'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-radius-corner-longhand', 'one corner animated by its longhand, the others stay', {
    keyframes: '@keyframes r3 { from { border-top-right-radius: 0px } to { border-top-right-radius: 24px } }',
    base_style: `${BOX}; border-radius: 6px`, animation: 'r3 1s linear',
    properties: ['border-top-right-radius', 'border-top-left-radius'], times_ms: [0, 500, 999],
  });
  add('box', 'box-padding-four-sides', 'padding 0 → four sides', {
    keyframes: '@keyframes p1 { from { padding: 0px } to { padding: 10px 20px 30px 40px } }', animation: 'p1 1s linear',
    properties: ['padding-top', 'padding-right', 'padding-bottom', 'padding-left'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-padding-left-longhand', 'padding-left alone, ease-out; the other sides keep the element\'s padding', {
    keyframes: '@keyframes p2 { to { padding-left: 50px } }', base_style: `${BOX}; padding: 8px`, animation: 'p2 1s ease-out',
    properties: ['padding-left', 'padding-top'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-margin-top', 'margin-top', {
    keyframes: '@keyframes m1 { from { margin-top: 0px } to { margin-top: 40px } }', animation: 'm1 1s linear',
    properties: ['margin-top'], times_ms: [0, 250, 500, 999],
  });
  // Chromium floors a border width of 1px or more to whole device pixels
  // (4.5px computes to 4px); ZenitUI does not snap (docs/layout.md). Sampled
  // where the interpolated width is whole, so only the interpolation is compared.
  add('box', 'box-border-width', 'border-width 2px → 12px, sampled where the width is whole', {
    keyframes: '@keyframes bw { from { border-width: 2px } to { border-width: 12px } }', base_style: `${BOX}; border: 2px solid rgb(0, 0, 0)`,
    animation: 'bw 1s linear', properties: ['border-top-width'], times_ms: [0, 100, 500, 800],
  });
  // The outline's animatable longhands, and its shorthand in keyframes;
  // widths sampled where they are whole, as the border's.
  add('box', 'box-outline-width', 'outline-width 2px → 12px, sampled where the width is whole', {
    keyframes: '@keyframes ow { from { outline-width: 2px } to { outline-width: 12px } }', base_style: `${BOX}; outline: 2px solid rgb(0, 0, 0)`,
    animation: 'ow 1s linear', properties: ['outline-width'], times_ms: [0, 100, 500, 800],
  });
  add('box', 'box-outline-offset', 'outline-offset -4px → 16px, through 0', {
    keyframes: '@keyframes oo { from { outline-offset: -4px } to { outline-offset: 16px } }', base_style: `${BOX}; outline: 1px solid rgb(255, 0, 0)`,
    animation: 'oo 1s linear', properties: ['outline-offset'], times_ms: [0, 200, 500, 800],
  });
  add('box', 'box-outline-color', 'outline-color red → half-transparent blue', {
    keyframes: '@keyframes oc { from { outline-color: rgb(255, 0, 0) } to { outline-color: rgba(0, 0, 255, 0.5) } }',
    base_style: `${BOX}; outline: 2px solid`, animation: 'oc 1s linear', properties: ['outline-color'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-outline-shorthand', 'the outline shorthand in keyframes: width and colour', {
    keyframes: '@keyframes osh { from { outline: 0px solid rgb(255, 0, 0) } to { outline: 10px solid rgb(0, 0, 255) } }',
    base_style: `${BOX}; outline: 1px solid rgb(0, 0, 0)`, animation: 'osh 1s linear',
    properties: ['outline-width', 'outline-color'], times_ms: [0, 100, 500, 800],
  });
  add('box', 'box-width-height-percent', 'width and height in % of the 800×600 container', {
    keyframes: '@keyframes wh { from { width: 10%; height: 10% } to { width: 50%; height: 25% } }', animation: 'wh 1s linear',
    properties: ['width', 'height'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-width-px-to-percent', 'width 100px → 50% (calc in between)', {
    keyframes: '@keyframes wp { from { width: 100px } to { width: 50% } }', animation: 'wp 1s linear',
    properties: ['width'], times_ms: [0, 250, 500, 999],
  });

  add('box', 'box-left-percent', 'left in % of the container', {
    keyframes: '@keyframes lp { from { left: 10% } to { left: 50% } }', animation: 'lp 1s linear',
    properties: ['left'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-font-size', 'font-size 12px → 24px', {
    keyframes: '@keyframes fs { from { font-size: 12px } to { font-size: 24px } }', animation: 'fs 1s ease-in',
    properties: ['font-size'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-z-index', 'z-index interpolates as an integer (halves round up)', {
    keyframes: '@keyframes zi { from { z-index: -5 } to { z-index: 5 } }', animation: 'zi 1s linear',
    properties: ['z-index'], times_ms: [0, 100, 149, 150, 250, 500, 750, 999],
  });
  add('box', 'box-shadow-from-none', 'box-shadow from none grows from a transparent zero shadow', {
    keyframes: '@keyframes sh { from { box-shadow: none } to { box-shadow: 10px 20px 8px rgba(0, 0, 0, 0.6) } }', animation: 'sh 1s linear',
    properties: ['box-shadow'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-shadow-two-shadows', 'between two shadows, inset on both', {
    keyframes: '@keyframes sh2 { from { box-shadow: inset 0px 0px 2px 1px rgb(255, 0, 0) } to { box-shadow: inset 4px 4px 10px 3px rgb(0, 0, 255) } }',
    animation: 'sh2 1s ease-out', properties: ['box-shadow'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-shadow-list-equal', 'shadow lists of equal length interpolate pair by pair', {
    keyframes: '@keyframes sl1 { from { box-shadow: 0px 1px 2px rgba(0, 0, 0, 0.2), 0px 4px 12px rgba(0, 0, 0, 0.1), inset 0px 0px 0px 1px rgba(255, 255, 255, 0.5) } to { box-shadow: 4px 5px 6px rgba(255, 0, 0, 0.8), 0px 8px 24px 4px rgba(0, 0, 255, 0.5), inset 2px 2px 4px 3px rgb(0, 128, 0) } }',
    animation: 'sl1 1s linear', properties: ['box-shadow'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-shadow-list-padded', 'a shorter shadow list is padded at its end with transparent shadows of the other\'s inset', {
    keyframes: '@keyframes sl2 { from { box-shadow: 2px 2px 4px rgb(0, 0, 0) } to { box-shadow: 6px 6px 12px rgb(255, 0, 0), inset 0px 0px 0px 4px rgb(0, 0, 255), 0px 10px 20px rgba(0, 128, 0, 0.5) } }',
    animation: 'sl2 1s ease-in-out', properties: ['box-shadow'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-shadow-list-to-none', 'a shadow list to none fades every shadow out', {
    keyframes: '@keyframes sl3 { from { box-shadow: inset 0px 0px 0px 2px rgb(255, 0, 0), 3px 3px 6px 1px rgba(0, 0, 0, 0.6) } to { box-shadow: none } }',
    animation: 'sl3 1s linear', properties: ['box-shadow'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'box-shadow-list-inset-mismatch', 'one pair differing in inset makes the whole list discrete', {
    keyframes: '@keyframes sl4 { from { box-shadow: 0px 0px 4px rgb(255, 0, 0), 2px 2px 2px rgb(0, 0, 255) } to { box-shadow: 4px 4px 8px rgb(0, 0, 255), inset 2px 2px 2px rgb(255, 0, 0), 1px 1px 1px rgb(0, 0, 0) } }',
    animation: 'sl4 1s linear', properties: ['box-shadow'], times_ms: [0, 250, 499, 500, 750, 999],
  });
  // Gradients (background-image): CSS Images 4 interpolates two gradients of
  // one kind and as many stops stop by stop; Chromium's computed value is
  // discrete (docs/stylesheets.md lists the difference).
  add('box', 'gradient-linear-stops', 'two linear gradients of two stops: colours, positions and angle', {
    keyframes: '@keyframes gl1 { from { background-image: linear-gradient(90deg, rgb(255, 0, 0) 0%, rgb(0, 0, 255) 100%) } to { background-image: linear-gradient(180deg, rgb(0, 128, 0) 20%, rgb(255, 255, 255) 80%) } }',
    animation: 'gl1 1s linear', properties: ['background-image'], times_ms: [0, 250, 499, 500, 750, 999],
  });
  add('box', 'gradient-radial-center', 'radial gradients moving their centre', {
    keyframes: '@keyframes gr1 { from { background-image: radial-gradient(circle at 0% 0%, rgb(255, 255, 255), rgb(0, 0, 0)) } to { background-image: radial-gradient(circle at 100% 50%, rgb(255, 0, 0), rgb(0, 0, 0)) } }',
    animation: 'gr1 1s linear', properties: ['background-image'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'gradient-conic-from', 'conic gradients turning their start', {
    keyframes: '@keyframes gc1 { from { background-image: conic-gradient(from 0deg, rgb(255, 0, 0), rgb(0, 0, 255)) } to { background-image: conic-gradient(from 90deg, rgb(0, 0, 255), rgb(255, 0, 0)) } }',
    animation: 'gc1 1s ease-in', properties: ['background-image'], times_ms: [0, 250, 500, 999],
  });
  add('box', 'gradient-stop-count-mismatch', 'gradients with different stop counts are discrete', {
    keyframes: '@keyframes gm1 { from { background-image: linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255)) } to { background-image: linear-gradient(rgb(0, 0, 0), rgb(255, 255, 255), rgb(0, 0, 0)) } }',
    animation: 'gm1 1s linear', properties: ['background-image'], times_ms: [0, 250, 499, 500, 750, 999],
  });
  add('box', 'gradient-none-to-linear', '`none` to a gradient is discrete', {
    keyframes: '@keyframes gn1 { from { background-image: none } to { background-image: linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255)) } }',
    animation: 'gn1 1s linear', properties: ['background-image'], times_ms: [0, 250, 499, 500, 999],
  });

  // Transform lists and the individual transform properties.
  add('transform', 'tf-translate-rotate-scale', 'translate + rotate + scale list to the same list', {
    keyframes: '@keyframes t1 { from { transform: translate(0px, 0px) rotate(0deg) scale(1) } to { transform: translate(120px, -40px) rotate(180deg) scale(2, 0.5) } }',
    animation: 't1 1s linear', properties: ['transform'], times_ms: [0, 100, 250, 500, 750, 999],
  });
  add('transform', 'tf-none-to-list', 'none → a list: none interpolates as identity functions', {
    keyframes: '@keyframes t2 { from { transform: none } to { transform: translateX(100px) rotate(45deg) scale(1.5) } }',
    animation: 't2 1s ease-out', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'tf-scale-xy', 'scale(0.5) → scale(2.5, 1)', {
    keyframes: '@keyframes t3 { from { transform: scale(0.5) } to { transform: scale(2.5, 1) } }',
    animation: 't3 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 999],
  });
  add('transform', 'tf-rotate-720', 'rotate(0deg) → rotate(720deg) turns twice', {
    keyframes: '@keyframes t4 { from { transform: rotate(0deg) } to { transform: rotate(720deg) } }',
    animation: 't4 1s linear', properties: ['transform'], times_ms: [0, 100, 125, 300, 375, 500, 625, 900],
  });
  add('transform', 'tf-translate-percent', 'translate(%) resolves against the 40×30 box', {
    keyframes: '@keyframes t5 { from { transform: translate(0%, 0%) } to { transform: translate(100%, -50%) } }',
    animation: 't5 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 999],
  });
  add('transform', 'tf-translatey-scalex-rotate', 'translateY, rotate and scaleX, three keyframes', {
    keyframes: '@keyframes t6 { 0% { transform: translateY(0px) rotate(0deg) scaleX(1) } 50% { transform: translateY(50px) rotate(-90deg) scaleX(2) } 100% { transform: translateY(0px) rotate(-180deg) scaleX(1) } }',
    animation: 't6 2s ease-in-out', properties: ['transform'], times_ms: [0, 250, 500, 999, 1000, 1250, 1500, 1999],
  });
  add('transform', 'tf-underlying-transform', 'a transform animation with only `to` starts from the element\'s transform', {
    keyframes: '@keyframes t7 { to { transform: translate(50px, 50px) rotate(90deg) } }', base_style: `${BOX}; transform: translate(10px, 0px) rotate(0deg)`,
    animation: 't7 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 999],
  });
  add('transform', 'tf-skewx', 'skewX(0deg) → skewX(40deg): the angle interpolates', {
    keyframes: '@keyframes k1 { from { transform: skewX(0deg) } to { transform: skewX(40deg) } }',
    animation: 'k1 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'tf-skew-xy', 'skew(0deg, 0deg) → skew(20deg, -30deg)', {
    keyframes: '@keyframes k2 { from { transform: skew(0deg, 0deg) } to { transform: skew(20deg, -30deg) } }',
    animation: 'k2 1s ease-in-out', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'tf-rotate-skew-scale', 'translate, rotate, skewX and scale to the same list', {
    keyframes: '@keyframes k3 { from { transform: translate(0px, 0px) rotate(0deg) skewX(0deg) scale(1) } to { transform: translate(60px, 20px) rotate(90deg) skewX(30deg) scale(2, 1) } }',
    animation: 'k3 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'tf-none-to-skewy', 'none → skewY(25deg)', {
    keyframes: '@keyframes k4 { from { transform: none } to { transform: skewY(25deg) } }',
    animation: 'k4 1s linear', properties: ['transform'], times_ms: [0, 500, 999],
  });
  add('transform', 'tf-matrix-rotation', 'matrix() → matrix(): a rotation and a translation, decomposed', {
    keyframes: '@keyframes k5 { from { transform: matrix(1, 0, 0, 1, 0, 0) } to { transform: matrix(0, 1, -1, 0, 50, 20) } }',
    animation: 'k5 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'tf-matrix-scale', 'matrix() → matrix(): scales and a translation, decomposed', {
    keyframes: '@keyframes k6 { from { transform: matrix(2, 0, 0, 0.5, 10, 0) } to { transform: matrix(0.5, 0, 0, 3, -20, 40) } }',
    animation: 'k6 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'tf-matrix-skew', 'matrix() with a skew → a rotation: decomposed, the skew factor interpolates', {
    keyframes: '@keyframes k7 { from { transform: matrix(1, 0, 0.5, 1, 0, 0) } to { transform: rotate(60deg) } }',
    animation: 'k7 1s linear', properties: ['transform'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'ind-translate', 'translate: 0px → 100px 50px', {
    keyframes: '@keyframes i1 { from { translate: 0px } to { translate: 100px 50px } }', animation: 'i1 1s linear',
    properties: ['translate'], times_ms: [0, 250, 500, 999],
  });
  add('transform', 'ind-rotate', 'rotate: -90deg → 270deg', {
    keyframes: '@keyframes i2 { from { rotate: -90deg } to { rotate: 270deg } }', animation: 'i2 1s ease-in',
    properties: ['rotate'], times_ms: [0, 250, 500, 750, 999],
  });
  add('transform', 'ind-rotate-none', 'rotate: none → 90deg', {
    keyframes: '@keyframes i3 { from { rotate: none } to { rotate: 90deg } }', animation: 'i3 1s linear',
    properties: ['rotate'], times_ms: [250, 500, 999],
  });
  add('transform', 'ind-scale', 'scale: 1 → 2 0.5', {
    keyframes: '@keyframes i4 { from { scale: 1 } to { scale: 2 0.5 } }', animation: 'i4 1s linear',
    properties: ['scale'], times_ms: [0, 250, 500, 999],
  });
  add('transform', 'ind-scale-percent', 'scale: 50% → 150%', {
    keyframes: '@keyframes i5 { from { scale: 50% } to { scale: 150% } }', animation: 'i5 1s linear',
    properties: ['scale'], times_ms: [0, 250, 500, 999],
  });
  add('transform', 'ind-all-three', 'translate, rotate and scale in one @keyframes', {
    keyframes: '@keyframes i6 { from { translate: 10px 20px; rotate: 0deg; scale: 1 } to { translate: -30px 60px; rotate: 45deg; scale: 3 } }',
    animation: 'i6 1s ease', properties: ['translate', 'rotate', 'scale'], times_ms: [0, 250, 500, 999],
  });

  // animation-* longhands: list lengths, cycling, cascade against the shorthand.
  const FADE = '@keyframes fade { from { opacity: 1 } to { opacity: 0 } }';
  add('longhands', 'lh-none-keeps-its-slot', '`animation-name: none, a` with two durations: a takes the second one', {
    keyframes: A, declarations: 'animation-name: none, a; animation-duration: 5s, 1s; animation-timing-function: linear',
    properties: ['left'], times_ms: [0, 500, 999, 1000, 3000],
  });
  add('longhands', 'lh-one-duration-repeats', 'one duration for two names: it repeats', {
    keyframes: `${A} ${FADE}`, declarations: 'animation-name: a, fade; animation-duration: 2s; animation-timing-function: linear',
    properties: ['left', 'opacity'], times_ms: [0, 500, 1000, 1999, 2000],
  });
  add('longhands', 'lh-extra-values-ignored', 'more durations than names: the extra ones are ignored', {
    keyframes: A, declarations: 'animation-name: a; animation-duration: 2s, 5s; animation-timing-function: linear',
    properties: ['left'], times_ms: [0, 1000, 1999, 2000, 3000],
  });
  add('longhands', 'lh-delays-per-name', 'a delay list aligned with the names', {
    keyframes: `${A} ${FADE}`, declarations: 'animation-name: a, fade; animation-duration: 1s; animation-delay: 0s, 500ms; animation-timing-function: linear; animation-fill-mode: none, backwards',
    properties: ['left', 'opacity'], times_ms: [0, 250, 499, 500, 1000, 1499, 1500],
  });
  add('longhands', 'lh-longhand-after-shorthand', 'a longhand after the shorthand overrides its part', {
    keyframes: A, declarations: 'animation: a 1s linear; animation-duration: 2s', properties: ['left'], times_ms: [0, 500, 1000, 1999, 2000],
  });
  add('longhands', 'lh-shorthand-after-longhand', 'the shorthand resets a longhand written before it', {
    keyframes: A, declarations: 'animation-duration: 2s; animation: a 1s linear', properties: ['left'], times_ms: [0, 500, 999, 1000],
  });
  add('longhands', 'lh-direction-fill-lists', 'direction and fill lists cycle over three names', {
    keyframes: `${A} ${B} ${FADE}`,
    declarations: 'animation-name: a, fade, b; animation-duration: 1s, 2s; animation-direction: reverse, normal; animation-fill-mode: forwards; animation-timing-function: linear',
    properties: ['left', 'opacity'], times_ms: [0, 250, 500, 999, 1000, 1500, 2000, 2500],
  });

  // Zero durations.
  add('zero-duration', 'zero-infinite-forwards', '0s with an infinite count and forwards', {
    keyframes: SWEEP, animation: 'sweep 0s linear infinite forwards', properties: ['left'], times_ms: [0, 100],
  });
  add('zero-duration', 'zero-count-2.5-alternate-forwards', '0s, 2.5 alternate iterations, forwards: the value where 2.5 iterations end', {
    keyframes: SWEEP, animation: 'sweep 0s linear 2.5 alternate forwards', properties: ['left'], times_ms: [0, 100],
  });
  add('zero-duration', 'zero-reverse-backwards-delay', '0s reverse with a delay and backwards', {
    keyframes: SWEEP, animation: 'sweep 0s linear 300ms reverse backwards', properties: ['left'], times_ms: [0, 299, 300, 400],
  });
  add('zero-duration', 'zero-count-2-alternate-forwards', '0s, 2 alternate iterations, forwards: ends where the second (backward) iteration ends', {
    keyframes: SWEEP, animation: 'sweep 0s linear 2 alternate forwards', properties: ['left'], times_ms: [0, 100],
  });
  return cases;
}

// ---------------------------------------------------------------------------
// [SECTION] Transition cases
// ---------------------------------------------------------------------------

const TBOX = 'position: absolute; left: 0px; top: 0px; width: 40px; height: 30px';

function transitionCases() {
  const cases = [];
  const add = (group, id, description, c) => cases.push({ group, id, description, ...c });
  const step = (at_ms, set) => ({ at_ms, set });

  // Property lists and `all`.
  add('lists', 'all-three-properties', '`all` transitions every property that changes', {
    initial_style: `${TBOX}; opacity: 1; background-color: rgb(255, 0, 0); transition: all 1s linear`,
    steps: [step(0, { left: '500px', opacity: '0', 'background-color': 'rgb(0, 0, 255)' })],
    properties: ['left', 'opacity', 'background-color'], times_ms: [0, 250, 500, 999, 1000, 1200],
  });
  add('lists', 'specific-then-all', '`left 2s, all 500ms ease-in`: the later `all` entry also decides left', {
    initial_style: `${TBOX}; opacity: 1; transition: left 2s linear, all 500ms ease-in`,
    steps: [step(0, { left: '400px', opacity: '0' })],
    properties: ['left', 'opacity'], times_ms: [0, 100, 250, 499, 500, 1000, 1999],
  });
  add('lists', 'all-then-specific', '`all 500ms, left 2s`: left takes its own entry, opacity the `all` one', {
    initial_style: `${TBOX}; opacity: 1; transition: all 500ms linear, left 2s linear`,
    steps: [step(0, { left: '400px', opacity: '0' })],
    properties: ['left', 'opacity'], times_ms: [0, 250, 500, 1000, 1999, 2000],
  });
  add('lists', 'property-repeated', 'a property listed twice uses its last entry', {
    initial_style: `${TBOX}; opacity: 1; transition: left 1s linear, opacity 2s linear, left 400ms linear`,
    steps: [step(0, { left: '400px', opacity: '0' })],
    properties: ['left', 'opacity'], times_ms: [0, 200, 399, 400, 1000, 1999],
  });
  add('lists', 'longhands-extra-durations', 'more durations than properties: the extra ones are ignored', {
    initial_style: `${TBOX}; opacity: 1; transition-property: left, opacity; transition-duration: 1s, 2s, 3s; transition-timing-function: linear`,
    steps: [step(0, { left: '400px', opacity: '0' })],
    properties: ['left', 'opacity'], times_ms: [0, 500, 1000, 1500, 2000],
  });
  add('lists', 'longhands-repeated-durations', 'fewer durations than properties: the list repeats', {
    initial_style: `${TBOX}; opacity: 1; transition-property: left, opacity, top; transition-duration: 1s, 2s; transition-timing-function: linear`,
    steps: [step(0, { left: '400px', opacity: '0', top: '200px' })],
    properties: ['left', 'opacity', 'top'], times_ms: [0, 500, 1000, 1500, 2000],
  });
  add('lists', 'not-listed-jumps', 'a property missing from the list changes at once while the listed one transitions', {
    initial_style: `${TBOX}; opacity: 1; transition: opacity 1s linear`,
    steps: [step(0, { left: '400px', opacity: '0' })],
    properties: ['left', 'opacity'], times_ms: [0, 500, 1000],
  });
  add('lists', 'transition-none', '`transition: none`: everything changes at once', {
    initial_style: `${TBOX}; transition: none`, steps: [step(0, { left: '400px' })], properties: ['left'], times_ms: [0, 500],
  });

  // Reversals.
  for (const at of [100, 500, 900]) {
    add('reversal', `reverse-linear-at-${at}`, `left 0 → 1000px, linear 1s, sent back at ${at}ms: the way back is shortened`, {
      initial_style: `${TBOX}; transition: left 1s linear`,
      steps: [step(0, { left: '1000px' }), step(at, { left: '0px' })],
      properties: ['left'], times_ms: uniqSorted([0, at / 2, at, at + 50, at + at / 2, 2 * at - 1, 2 * at, at + 1000, 2500]),
    });
  }
  add('reversal', 'reverse-ease-out-at-300', 'ease-out, reversed at 300ms: the factor comes from the eased progress', {
    initial_style: `${TBOX}; transition: left 1s ease-out`,
    steps: [step(0, { left: '1000px' }), step(300, { left: '0px' })],
    properties: ['left'], times_ms: [0, 300, 400, 500, 700, 900, 1000, 1100, 1500],
  });
  add('reversal', 'reverse-twice', 'forward, back at 300ms, forward again at 500ms', {
    initial_style: `${TBOX}; transition: left 1s linear`,
    steps: [step(0, { left: '1000px' }), step(300, { left: '0px' }), step(500, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 300, 400, 500, 600, 800, 1000, 1200, 1400, 1600],
  });
  add('reversal', 'reverse-opacity-ease-in-out', 'an opacity fade reversed halfway, ease-in-out', {
    initial_style: 'opacity: 1; transition: opacity 800ms ease-in-out',
    steps: [step(0, { opacity: '0' }), step(400, { opacity: '1' })],
    properties: ['opacity'], times_ms: [0, 200, 400, 500, 600, 700, 800, 1000, 1300],
  });
  add('reversal', 'reverse-color', 'a colour transition reversed at 250ms', {
    initial_style: 'background-color: rgb(255, 255, 255); transition: background-color 1s linear',
    steps: [step(0, { 'background-color': 'rgb(0, 0, 0)' }), step(250, { 'background-color': 'rgb(255, 255, 255)' })],
    properties: ['background-color'], times_ms: [0, 250, 300, 375, 499, 500, 700],
  });
  add('reversal', 'reverse-delay-kept', 'a positive delay is kept in full on the way back', {
    initial_style: `${TBOX}; transition: left 1s linear 300ms`,
    steps: [step(0, { left: '1000px' }), step(600, { left: '0px' })],
    properties: ['left'], times_ms: [0, 300, 600, 700, 899, 900, 1000, 1200, 1499, 1500],
  });
  add('reversal', 'reverse-during-delay', 'sent back while still in its delay: nothing has moved yet', {
    initial_style: `${TBOX}; transition: left 1s linear 500ms`,
    steps: [step(0, { left: '1000px' }), step(200, { left: '0px' })],
    properties: ['left'], times_ms: [0, 100, 200, 300, 700, 1000],
  });
  add('reversal', 'reverse-negative-delay-ease-in', 'a negative delay is scaled by the shortening factor', {
    initial_style: `${TBOX}; transition: left 1s ease-in -200ms`,
    steps: [step(0, { left: '1000px' }), step(400, { left: '0px' })],
    properties: ['left'], times_ms: [0, 200, 400, 450, 500, 600, 700, 800, 1000],
  });

  // Interruptions by a different target.
  add('interrupt', 'interrupt-new-target-between', 'sent to a target between start and end at 400ms: a new full-length transition from the current value', {
    initial_style: `${TBOX}; transition: left 1s linear`,
    steps: [step(0, { left: '1000px' }), step(400, { left: '300px' })],
    properties: ['left'], times_ms: [0, 400, 500, 900, 1399, 1400, 1600],
  });
  add('interrupt', 'interrupt-new-target-beyond', 'retargeted past the end at 400ms, ease', {
    initial_style: `${TBOX}; transition: left 1s ease`,
    steps: [step(0, { left: '1000px' }), step(400, { left: '2000px' })],
    properties: ['left'], times_ms: [0, 400, 600, 900, 1200, 1400],
  });
  add('interrupt', 'interrupt-after-finish', 'changed back after the first transition finished: a full-length one', {
    initial_style: `${TBOX}; transition: left 1s linear`,
    steps: [step(0, { left: '1000px' }), step(1500, { left: '0px' })],
    properties: ['left'], times_ms: [0, 1000, 1500, 1750, 2000, 2499, 2500],
  });
  add('interrupt', 'interrupt-other-property', 'a second property changing mid-way leaves the first transition alone', {
    initial_style: `${TBOX}; opacity: 1; transition: left 1s linear, opacity 1s linear`,
    steps: [step(0, { left: '1000px' }), step(300, { opacity: '0' })],
    properties: ['left', 'opacity'], times_ms: [0, 300, 500, 1000, 1300],
  });
  add('interrupt', 'interrupt-transition-removed', '`transition: none` mid-way cancels the running transition: the value jumps to the end', {
    initial_style: `${TBOX}; transition: left 1s linear`,
    steps: [step(0, { left: '1000px' }), step(300, { transition: 'none' })],
    properties: ['left'], times_ms: [0, 200, 300, 600],
  });
  add('interrupt', 'interrupt-duration-changed', 'changing the duration mid-way does not touch the running transition', {
    initial_style: `${TBOX}; transition: left 1s linear`,
    steps: [step(0, { left: '1000px' }), step(300, { 'transition-duration': '5s' })],
    properties: ['left'], times_ms: [0, 300, 500, 999, 1000],
  });

  // Delays and zero durations.
  add('delay', 'delay-positive', 'a 500ms delay holds the start value', {
    initial_style: `${TBOX}; transition: left 1s linear 500ms`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 250, 499, 500, 1000, 1499, 1500, 1700],
  });
  add('delay', 'delay-negative', '-400ms starts 40% in', {
    initial_style: `${TBOX}; transition: left 1s linear -400ms`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 100, 599, 600, 800],
  });
  add('delay', 'delay-negative-beyond-duration', '-1500ms on 1s: no transition at all (combined duration <= 0)', {
    initial_style: `${TBOX}; transition: left 1s linear -1500ms`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 100],
  });
  add('delay', 'duration-zero', '0s: the value changes at once', {
    initial_style: `${TBOX}; transition: left 0s linear`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 100],
  });
  add('delay', 'duration-zero-with-delay', '0s after a 500ms delay: the value jumps when the delay ends', {
    initial_style: `${TBOX}; transition: left 0s linear 500ms`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 250, 499, 500, 700],
  });
  add('delay', 'delay-steps-jump-start', 'steps(4, jump-start) after a delay: holds the start value until the delay ends', {
    initial_style: `${TBOX}; transition: left 1s steps(4, jump-start) 200ms`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 199, 200, 201, 449, 450, 700, 1199, 1200],
  });

  // Discrete and special properties.
  add('discrete', 'visibility-to-hidden', 'visibility visible → hidden stays visible until the end', {
    initial_style: 'visibility: visible; transition: visibility 1s linear', steps: [step(0, { visibility: 'hidden' })],
    properties: ['visibility'], times_ms: [0, 1, 500, 999, 1000, 1200],
  });
  add('discrete', 'visibility-to-visible', 'visibility hidden → visible is visible from the first moment', {
    initial_style: 'visibility: hidden; transition: visibility 1s linear', steps: [step(0, { visibility: 'visible' })],
    properties: ['visibility'], times_ms: [0, 1, 500, 999, 1000],
  });
  add('discrete', 'visibility-with-fade', 'the fade-out pattern: opacity and visibility together', {
    initial_style: 'opacity: 1; visibility: visible; transition: opacity 600ms linear, visibility 600ms linear',
    steps: [step(0, { opacity: '0', visibility: 'hidden' })],
    properties: ['opacity', 'visibility'], times_ms: [0, 300, 599, 600, 800],
  });
  add('discrete', 'visibility-delayed-hide', '`visibility 0s 500ms`: hidden only once the delay ends', {
    initial_style: 'visibility: visible; transition: visibility 0s linear 500ms', steps: [step(0, { visibility: 'hidden' })],
    properties: ['visibility'], times_ms: [0, 250, 499, 500, 600],
  });
  add('discrete', 'visibility-under-all', '`all` covers visibility', {
    initial_style: 'visibility: visible; opacity: 1; transition: all 400ms ease',
    steps: [step(0, { visibility: 'hidden', opacity: '0.5' })],
    properties: ['visibility', 'opacity'], times_ms: [0, 200, 399, 400],
  });
  add('discrete', 'visibility-reversed', 'a hide reversed halfway shows again at once and stays visible', {
    initial_style: 'visibility: visible; transition: visibility 1s linear',
    steps: [step(0, { visibility: 'hidden' }), step(500, { visibility: 'visible' })],
    properties: ['visibility'], times_ms: [0, 500, 600, 1000, 1600],
  });

  // Values: colours with alpha, transforms, box properties, easings.
  add('values', 'color-alpha-bg', 'background-color from transparent black to translucent green', {
    initial_style: 'background-color: rgba(0, 0, 0, 0); transition: background-color 1s linear',
    steps: [step(0, { 'background-color': 'rgba(0, 200, 100, 0.6)' })],
    properties: ['background-color'], times_ms: [0, 250, 500, 750, 1000],
  });
  add('values', 'color-text-and-border', 'color and border-color with alpha, one `all` transition', {
    initial_style: 'color: rgb(0, 0, 0); border: 3px solid rgba(255, 0, 0, 0.5); transition: all 1s linear',
    steps: [step(0, { color: 'rgba(0, 0, 255, 0.4)', 'border-color': 'rgba(0, 255, 0, 1)' })],
    properties: ['color', 'border-top-color'], times_ms: [0, 250, 500, 750, 1000],
  });
  add('values', 'transform-list', 'transform none → translate + rotate + scale', {
    initial_style: `${TBOX}; transform: none; transition: transform 1s linear`,
    steps: [step(0, { transform: 'translate(100px, 20px) rotate(90deg) scale(2)' })],
    properties: ['transform'], times_ms: [0, 250, 500, 750, 1000],
  });
  add('values', 'translate-individual', 'translate 0px → 100px 50px, ease-in', {
    initial_style: `${TBOX}; translate: 0px; transition: translate 1s ease-in`,
    steps: [step(0, { translate: '100px 50px' })],
    properties: ['translate'], times_ms: [0, 250, 500, 750, 1000],
  });
  add('values', 'rotate-individual', 'rotate 0deg → 180deg, ease-in-out', {
    initial_style: `${TBOX}; rotate: 0deg; transition: rotate 1s ease-in-out`,
    steps: [step(0, { rotate: '180deg' })],
    properties: ['rotate'], times_ms: [0, 250, 500, 750, 1000],
  });
  add('values', 'scale-individual', 'scale 1 → 0.5 2', {
    initial_style: `${TBOX}; scale: 1; transition: scale 1s linear`,
    steps: [step(0, { scale: '0.5 2' })],
    properties: ['scale'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'padding-sides', 'padding 0 → 10px 20px', {
    initial_style: `${TBOX}; padding: 0px; transition: padding 1s linear`,
    steps: [step(0, { padding: '10px 20px' })],
    properties: ['padding-top', 'padding-left'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'border-radius', 'border-radius 0 → 20px, ease', {
    initial_style: `${TBOX}; border-radius: 0px; transition: border-radius 1s ease`,
    steps: [step(0, { 'border-radius': '20px' })],
    properties: ['border-top-left-radius', 'border-bottom-right-radius'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'width-overshoot-clamped', 'width 40px → 0px with an overshooting curve: clamped at 0', {
    initial_style: `${TBOX}; transition: width 1s cubic-bezier(0.5, -0.6, 0.5, 1.6)`,
    steps: [step(0, { width: '0px' })],
    properties: ['width'], times_ms: every(0, 1000, 100),
  });
  add('values', 'opacity-overshoot-clamped', 'opacity 0 → 1 with an overshooting curve: clamped to [0, 1]', {
    initial_style: 'opacity: 0; transition: opacity 1s cubic-bezier(0.2, -0.8, 0.8, 1.8)',
    steps: [step(0, { opacity: '1' })],
    properties: ['opacity'], times_ms: every(0, 1000, 100),
  });
  add('values', 'steps-end', 'steps(4, jump-end)', {
    initial_style: `${TBOX}; transition: left 1s steps(4, jump-end)`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 249, 250, 499, 500, 999, 1000],
  });
  add('values', 'linear-function', 'linear(0, 0.8 20%, 1)', {
    initial_style: `${TBOX}; transition: left 1s linear(0, 0.8 20%, 1)`, steps: [step(0, { left: '1000px' })],
    properties: ['left'], times_ms: [0, 100, 200, 600, 1000],
  });
  add('values', 'box-shadow', 'box-shadow transition from one shadow to another', {
    initial_style: 'box-shadow: 0px 0px 0px rgba(0, 0, 0, 0); transition: box-shadow 1s linear',
    steps: [step(0, { 'box-shadow': '6px 6px 12px rgba(0, 0, 0, 0.4)' })],
    properties: ['box-shadow'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'box-shadow-list-padded', 'box-shadow transition from one shadow to a list: padded at the end', {
    initial_style: 'box-shadow: 0px 2px 4px rgba(0, 0, 0, 0.5); transition: box-shadow 1s linear',
    steps: [step(0, { 'box-shadow': '0px 4px 8px rgba(0, 0, 0, 0.5), inset 0px 0px 0px 3px rgb(0, 0, 255), 2px 2px 0px 1px rgba(255, 0, 0, 0.4)' })],
    properties: ['box-shadow'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'box-shadow-list-equal', 'box-shadow transition between lists of two', {
    initial_style: 'box-shadow: 0px 1px 2px rgba(0, 0, 0, 0.2), inset 0px 0px 0px 1px rgb(255, 255, 255); transition: box-shadow 1s ease-out',
    steps: [step(0, { 'box-shadow': '0px 8px 16px 2px rgba(0, 0, 0, 0.4), inset 0px 0px 0px 5px rgb(255, 0, 0)' })],
    properties: ['box-shadow'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'box-shadow-list-inset-mismatch', 'box-shadow lists differing in inset do not transition', {
    initial_style: 'box-shadow: 0px 2px 4px rgb(0, 0, 0), 1px 1px 0px rgb(255, 0, 0); transition: box-shadow 1s linear',
    steps: [step(0, { 'box-shadow': 'inset 0px 4px 8px rgb(0, 0, 0), 1px 1px 0px rgb(0, 0, 255)' })],
    properties: ['box-shadow'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'gradient-linear-stops', 'background-image transition between two linear gradients of two stops', {
    initial_style: 'background-image: linear-gradient(to right, rgb(255, 0, 0) 0%, rgb(0, 0, 255) 100%); transition: background-image 1s linear',
    steps: [step(0, { 'background-image': 'linear-gradient(to right, rgb(0, 0, 0) 10%, rgb(255, 255, 255) 90%)' })],
    properties: ['background-image'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'gradient-positions-mismatch', 'background-image transition between gradients positioning different stops', {
    initial_style: 'background-image: linear-gradient(to right, rgb(255, 0, 0), rgb(0, 0, 255)); transition: background-image 1s linear',
    steps: [step(0, { 'background-image': 'linear-gradient(to right, rgb(0, 0, 0) 10%, rgb(255, 255, 255) 90%)' })],
    properties: ['background-image'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'gradient-kind-mismatch', 'background-image transition from a linear to a radial gradient', {
    initial_style: 'background-image: linear-gradient(rgb(255, 0, 0), rgb(0, 0, 255)); transition: background-image 1s linear',
    steps: [step(0, { 'background-image': 'radial-gradient(rgb(255, 0, 0), rgb(0, 0, 255))' })],
    properties: ['background-image'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'left-px-to-percent', 'left from px to % of the container: calc() in between', {
    initial_style: `${TBOX}; transition: left 1s linear`, steps: [step(0, { left: '50%' })],
    properties: ['left'], times_ms: [0, 250, 500, 1000],
  });
  add('values', 'width-to-auto', 'width 40px → auto does not transition: the box takes its auto size at once', {
    initial_style: `${TBOX}; transition: width 1s linear`, steps: [step(0, { width: 'auto' })],
    properties: ['width'], times_ms: [0, 500],
  });
  add('values', 'two-changes-two-properties', 'left at 0ms, top at 200ms: both run on their own clocks', {
    initial_style: `${TBOX}; transition: left 1s linear, top 1s linear`,
    steps: [step(0, { left: '500px' }), step(200, { top: '500px' })],
    properties: ['left', 'top'], times_ms: [0, 200, 500, 1000, 1200],
  });
  return cases;
}

// ---------------------------------------------------------------------------
// [SECTION] Shorthand cases
// ---------------------------------------------------------------------------

const ANIMATION_LONGHANDS = ['animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay',
  'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'animation-play-state'];
const TRANSITION_LONGHANDS = ['transition-property', 'transition-duration', 'transition-timing-function',
  'transition-delay', 'transition-behavior'];

// [input, what it probes]
// ZenitUI's easings beyond CSS (ease-out-back, spring() …, docs/easing.md)
// are not used here: the browser rejects them, ZenitUI accepts them on purpose.
const ANIMATION_INPUTS = [
  ['kf 2s 1s', 'first time is the duration, second the delay'],
  ['1s kf', 'time before the name'],
  ['1s 2s kf ease-out', 'two times before the name, easing last'],
  ['kf 500ms -250ms', 'negative delay after a duration'],
  ['kf -1s 2s', 'negative first time: invalid as a duration'],
  ['kf 1s -0.5s infinite', 'negative delay and infinite'],
  ['kf infinite 1s', 'count before the time'],
  ['kf 1s infinite alternate both paused ease-out 2s', 'every part, shuffled'],
  ['kf 1s 0', 'zero iterations'],
  ['kf 1s 0.5', 'fractional count'],
  ['kf 1s -1', 'negative iteration count'],
  ['kf 1s 2 3', 'two iteration counts'],
  ['kf 1s 1s 1s', 'three times'],
  ['kf 1s infinite infinite', 'infinite twice'],
  ['kf 1000', 'unitless number: an iteration count'],
  ['kf 0s', 'zero duration'],
  ['kf 1s 2s 3 reverse backwards running ease', 'all parts, names last-but-one'],
  ['ease 1s', 'easing keyword alone: no name'],
  ['ease ease 1s', 'easing keyword twice: the second is the name'],
  ['linear kf', 'easing then name'],
  ['kf linear', 'name then easing'],
  ['alternate 1s', 'direction keyword alone'],
  ['alternate alternate 1s', 'direction twice: the second is the name'],
  ['forwards forwards 1s', 'fill twice: the second is the name'],
  ['paused paused 1s', 'play-state twice: the second is the name'],
  ['infinite 1s', 'infinite alone: the count'],
  ['infinite infinite 1s', 'infinite twice with no name'],
  ['normal 1s', 'normal alone: the direction'],
  ['normal normal 1s', 'normal twice: the second is the name'],
  ['running 1s', 'running alone: the play-state'],
  ['none 1s', 'none as the name'],
  ['none none 1s', 'none twice: fill-mode and name'],
  ['none kf 1s', 'none then a name: fill-mode none'],
  ['kf 1s forwards none', 'fill-mode set, then none with the name set: invalid'],
  ['kf 1s both both', 'fill-mode twice with a name'],
  ['kf 1s reverse reverse', 'direction twice with a name'],
  ['reverse kf 1s', 'direction before the name'],
  ['kf 1s infinite 2', 'infinite and a count'],
  ['none, kf 1s', 'none first in a list'],
  ['kf 1s, none', 'none last in a list'],
  ['kf 1s, kf2 2s, kf3 3s linear', 'three entries'],
  ['kf 1s, , kf 2s', 'empty entry in the middle'],
  [', kf 1s', 'leading comma'],
  ['kf 1s,,', 'two trailing commas'],
  ['KF 1S', 'upper-case name kept, upper-case unit'],
  ['Kf 1s EASE-IN', 'keywords are case-insensitive, names are not'],
  ['kf 1s Infinite Alternate', 'capitalised keywords'],
  ['kf 1s INITIAL', 'CSS-wide keyword in a list'],
  ['kf inherit', 'inherit after a name'],
  ['"kf" 1s', 'string name'],
  ['\'kf name\' 1s', 'single-quoted name with a space'],
  ['kf 1s cubic-bezier(0.1, 0.7, 1, 0.1)', 'cubic-bezier'],
  ['kf 1s cubic-bezier(0.1, 0.7, 1)', 'cubic-bezier with three numbers'],
  ['kf 1s cubic-bezier(1.1, 0, 1, 1)', 'cubic-bezier x out of range'],
  ['kf 1s cubic-bezier(0.5, -2, 0.5, 3)', 'cubic-bezier y out of [0, 1] is fine'],
  ['kf 1s steps(3)', 'steps'],
  ['kf 1s steps(3, jump-none)', 'steps jump-none'],
  ['kf 1s steps(1, jump-none)', 'steps(1, jump-none) is invalid'],
  ['kf 1s steps(0)', 'zero steps'],
  ['kf 1s steps(2.5)', 'fractional steps'],
  ['kf 1s step-start', 'step-start keyword'],
  ['kf 1s steps(2, START)', 'step position case'],
  ['kf 1s linear(0, 1)', 'linear()'],
  ['kf 1s linear(0, 0.3 20% 40%, 1)', 'linear() with a two-position stop'],
  ['kf 1s linear(0)', 'linear() with one stop'],
  ['kf 1s bounce', 'unknown easing after a name: a second name'],
  ['bounce 1s', 'unknown word alone: the name'],
  ['kf 1s ease-in-out-bounce-twice', 'made-up easing keyword'],
  ['kf 1s wobble(1)', 'unknown easing function'],
  ['kf 1x', 'unknown unit'],
  ['kf .5s', 'time without a leading zero'],
  ['kf 1e3ms', 'time in exponent notation'],
  ['kf 1s calc(0.5 * 3)', 'calc() count'],
  ['kf calc(1s + 500ms)', 'calc() duration'],
  ['--custom 1s', 'dashed ident'],
  ['-kf 1s', 'ident with one leading dash'],
  ['1kf 1s', 'not an identifier'],
  ['default 1s', 'reserved word as name'],
  ['unset 1s', 'CSS-wide keyword with a time'],
  ['kf 1s normal', 'normal after a name: direction'],
  ['kf 1s 1s 1s linear', 'three times with an easing'],
  ['kf 1s ease-in 2s 3 alternate-reverse forwards', 'usual full form'],
  ['kf 1s, kf', 'second entry without a duration'],
  // Names spelled like another longhand's keyword: where the serialisation
  // puts the name decides whether it reads back as the name.
  ['forwards', 'a fill keyword alone: fill-mode, no name'],
  ['1s forwards forwards', 'a name spelled like a fill keyword'],
  ['1s both both', 'a name spelled like both'],
  ['1s none none', 'fill none, then none: no name'],
  ['1s ease ease', 'a name spelled like an easing'],
  ['1s linear linear', 'a name spelled like linear'],
  ['1s step-end step-end', 'a name spelled like step-end'],
  ['1s infinite infinite', 'a name spelled like infinite'],
  ['1s reverse reverse', 'a name spelled like a direction'],
  ['1s alternate alternate', 'a name spelled like alternate'],
  ['1s normal normal', 'a name spelled like normal'],
  ['1s paused paused', 'a name spelled like a play-state'],
  ['1s running running', 'a name spelled like running'],
  ['1s "none"', 'the string "none": a name'],
  ['"forwards" 1s', 'a string spelled like a fill keyword'],
  ['"initial" 1s', 'a string spelled like a CSS-wide keyword'],
  ['"1s" 1s', 'a string that is not an identifier'],
  ['kf 1s, forwards', 'a list whose second entry has no name'],
];

const TRANSITION_INPUTS = [
  ['left 1s linear 200ms', 'property, duration, easing, delay'],
  ['1s left', 'time before the property'],
  ['1s 200ms left ease-in', 'both times first'],
  ['all 1s', 'all'],
  ['ALL 1S', 'upper-case all and unit'],
  ['left 1s, top 2s', 'two entries'],
  ['left 1s, all 2s', 'all after a property'],
  ['none', 'none alone'],
  ['none 1s', 'none with a time'],
  ['left 1s, none 1s', 'none in a list'],
  ['none, left 1s', 'none first in a list'],
  ['left', 'property alone'],
  ['left 1s 2s 3s', 'three times'],
  ['left 1s linear ease', 'two easings'],
  ['left top 1s', 'two properties in one entry'],
  ['unknown-prop 1s', 'unknown property name'],
  ['--custom 1s', 'custom property'],
  ['left 1s,', 'trailing comma'],
  [', left 1s', 'leading comma'],
  ['left -1s', 'negative first time'],
  ['left 1s -1s', 'negative delay'],
  ['left 0s', 'zero duration'],
  ['left 0', 'unitless zero'],
  ['left 1s steps(2, end)', 'steps'],
  ['left 1s cubic-bezier(0, 0, 1, 1)', 'cubic-bezier'],
  ['left 1s linear(0, 0.5 50%, 1)', 'linear()'],
  ['left 1s ease-out-wobble', 'unknown easing'],
  ['left 1s allow-discrete', 'allow-discrete'],
  ['left 1s allow-discrete normal', 'two behaviours'],
  ['inherit 1s', 'CSS-wide keyword as property'],
  ['left 1s INHERIT', 'CSS-wide keyword in a list'],
  ['1s 1s', 'times only'],
  ['left 1s infinite', 'infinite is not a transition value'],
  ['left 1s ease 0.5s', 'easing between the times'],
  ['left calc(1s / 2)', 'calc() duration'],
  ['left .5s', 'time without a leading zero'],
  ['all 0.3s ease-in-out, transform 1s', 'all then transform'],
  ['translate 1s, rotate 2s, scale 3s', 'individual transform properties'],
  ['transform 1s ease-in', 'transform'],
  ['"left" 1s', 'string property'],
  ['left 1s ,top 2s', 'unusual spacing around the comma'],
  ['Left 1s', 'property name case'],
  ['background-color 1s, color 1s, border-color 1s', 'colour properties'],
  ['padding 1s, border-radius 2s', 'shorthand properties'],
  ['visibility 1s linear', 'visibility'],
  ['opacity 1s steps(4, jump-both) 100ms', 'jump-both easing with a delay'],
  ['opacity 1s, opacity 2s', 'same property twice'],
  ['left 1s cubic-bezier(0, 0, 1)', 'broken cubic-bezier'],
  ['left 500ms 1s 2s', 'three times with a property'],
  ['all', 'all alone'],
  // Property names spelled like another longhand's keyword.
  ['all 0s ease 0s', 'every part initial'],
  ['ease 1s', 'an easing keyword first: the easing'],
  ['1s ease ease', 'a property spelled like an easing'],
  ['1s linear linear', 'a property spelled like linear'],
  ['1s ease-in step-end', 'a property spelled like step-end'],
  ['normal 1s', 'normal first: the behaviour'],
  ['1s normal normal', 'a property spelled like normal'],
  ['allow-discrete allow-discrete 1s', 'a property spelled like allow-discrete'],
  ['all 1s allow-discrete', 'allow-discrete with all'],
  ['left 1s, all 2s allow-discrete', 'a list with a behaviour'],
];

// ---------------------------------------------------------------------------
// [SECTION] Easing cases
// ---------------------------------------------------------------------------

// [easing, extra sample times (ms) beyond the common grid]. ZenitUI's easings
// beyond CSS (the named Penner families such as ease-out-back, spring()) are
// left out: the browser rejects them by design, so they have no referee.
const EASINGS = [
  ['ease', []], ['ease-in', []], ['ease-out', []],
  ['EASE-IN-OUT', []],
  ['step-start', [1]], ['step-end', [998]],
  ['steps(3, start)', [332, 333, 334, 666, 667, 668]],
  ['steps(2, jump-start)', [499, 501]],
  ['steps(5, jump-none)', [199, 200, 201, 399, 400, 401, 599, 600, 601, 799, 800, 801]],
  ['steps(3, jump-both)', [332, 333, 334, 666, 667, 668]],
  ['Steps(2, End)', [499, 501]],
  ['steps(1, jump-none)', []],
  ['steps(2, middle)', []],
  ['steps(0)', []],
  ['steps(2.0)', []],
  ['cubic-bezier(0.68, -0.55, 0.265, 1.55)', [25, 75, 925, 975]],
  ['cubic-bezier(0.175, 0.885, 0.32, 1.275)', []],
  ['cubic-bezier(1, 0, 0, 1)', []],
  ['cubic-bezier(0, 0, 0, 0)', []],
  ['cubic-bezier(0, 2, 1, -1)', []],
  ['cubic-bezier( 0.3 , 0.1 , 0.2 , 1 )', []],
  ['cubic-bezier(0.25, 0.1, 0.25, 1)', []],
  ['cubic-bezier(-0.1, 0, 1, 1)', []],
  ['cubic-bezier(0, 0, 1, 1, 0)', []],
  ['linear(0, 0.25, 1)', []],
  ['linear(0, 0.5 25% 75%, 1)', [249, 251, 749, 751]],
  ['linear(0, 1 50%, 0 50%, 1)', [499, 501]],
  ['linear(0 0%, 1 30%, 0.5 20%, 1)', [299, 301]],
  ['linear(0, 0.1, 0.3, 0.6, 1)', []],
  ['linear(1, 0)', []],
  ['linear(0 10%, 1 90%)', [25, 975]],
  ['linear(-0.5, 1.5)', []],
  ['linear(0 20% 10%, 1)', [199, 201]],
  ['linear(0, 1 200%)', []],
  ['linear()', []],
  ['ease-in-out-wobble', []],
  ['wobble(1, 100, 10, 0)', []],
];

const EASING_GRID = [0, 1, ...every(50, 950, 50), 999, 1000];

// ---------------------------------------------------------------------------
// [SECTION] Main
// ---------------------------------------------------------------------------

function checkIds(cases) {
  const seen = new Set();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`duplicate case id ${c.id}`);
    seen.add(c.id);
  }
}

function header(format, browser, ua) {
  return {
    format,
    chromium_version: browser.version(),
    user_agent: ua,
    generated_at: new Date().toISOString(),
    generator: 'tests/conformance/generate/generate.mjs',
  };
}

const HARNESS_COMMON = {
  container: 'The target <div> is a child of <div id=root style="position: relative; width: 800px; height: 600px">; body margin 0.',
  reading: 'value = getComputedStyle(el).getPropertyValue(p) (resolved value; Chromium prints 6 significant digits; width/height/padding are used values, width and height snapped to 1/64 px); numbers = every number in value; typed = el.computedStyleMap().get(p).toString() (the computed value); typed_unit = [value, unit] of that CSSUnitValue in full precision when it is one; rgba = [r, g, b, a] for colours (from the numbers of rgb()/rgba(); a colour printed in another syntax is read back through a hidden <div style="color: color(from VALUE srgb r g b / alpha)">, whose color(srgb r g b / a) gives srgb = [r, g, b, a] unclipped 0..1 and rgba = r, g, b times 255 clipped to 0..255, unrounded, and a clipped to 0..1); matrix = the matrix() numbers for transform (none -> identity).',
};

async function recordAnimations(page, browser, ua) {
  const cases = animationCases();
  checkIds(cases);
  const out = [];
  for (const c of cases) {
    const r = await page.evaluate((cc) => window.zc.recordAnimation(cc), c);
    if (!r.shorthand_applied) throw new Error(`animations ${c.id}: the browser dropped \`${c.declarations ?? 'animation: ' + c.animation}\``);
    out.push({ ...c, ...r });
  }
  return {
    ...header('zenit-conformance/animations/v1', browser, ua),
    harness: {
      ...HARNESS_COMMON,
      setup: 'A <style> element holding `keyframes` is added to <head>. The target gets the inline style `${base_style}; animation: ${animation}; animation-play-state: paused`, or `${base_style}; ${declarations}; animation-play-state: paused` when the case has `declarations` (paused so the harness drives the time; the shorthand\'s own play-state is overridden).',
      time: 't_ms is set as CSSAnimation.currentTime on every animation of the element (el.getAnimations(), composite order) before reading; t = 0 is when the animation was applied, so delays are inside t.',
      base_values: 'The properties read on an identical element without the animation.',
      animations: 'One entry per CSSAnimation with its computed timing; samples[].timing has each one\'s progress and currentIteration.',
      zstyle: 'Replay: `keyframes` + `.box { ${base_style}; animation: ${animation}; }` (or `${declarations}` in place of the shorthand), each property sampled at times_ms.',
    },
    cases: out,
  };
}

async function recordTransitions(page, browser, ua) {
  const cases = transitionCases();
  checkIds(cases);
  const out = [];
  for (const c of cases) {
    const r = await page.evaluate((cc) => window.zc.recordTransition(cc), c);
    out.push({ ...c, ...r });
  }
  return {
    ...header('zenit-conformance/transitions/v1', browser, ua),
    harness: {
      ...HARNESS_COMMON,
      procedure: 'For every sample time T the scenario is replayed on a fresh element: it gets the inline style initial_style and its style is resolved. Then for each step with at_ms <= T, in order: every live transition (el.getAnimations()) is moved to at_ms - its creation time (finish() when that is at or past its end time, as if the time had passed), style is resolved, each property of step.set is applied with el.style.setProperty, style is resolved again, and every new CSSTransition is paused with currentTime 0, its creation time being at_ms. Finally every live transition is moved to T the same way and the properties are read.',
      time: 't_ms = ms since the first change (steps[0].at_ms = 0). A sample at exactly a step time shows the state right after the step.',
      events: 'From one full replay: per step, the values just before the change, the transitions running after it and the ones it created (from/to keyframe values, duration, delay, easing).',
      zstyle: 'Replay: `.box { ${initial_style}; }` then `.box.sN { step N\'s declarations }`, class sN added at the step\'s time.',
    },
    cases: out,
  };
}

async function recordShorthands(page, browser, ua) {
  const run = async (prop, inputs, longhands) => {
    const out = [];
    let i = 0;
    for (const [input, note] of inputs) {
      const r = await page.evaluate(([p, s, l]) => window.zc.recordShorthand(p, s, l), [prop, input, longhands]);
      out.push({ id: `${prop === 'animation' ? 'anim' : 'trans'}-${String(i++).padStart(2, '0')}`, ...r, note });
    }
    return out;
  };
  return {
    ...header('zenit-conformance/shorthands/v1', browser, ua),
    method: 'For each input a fresh <div> (in a plain container) gets el.style.setProperty(shorthand, input). valid = the declaration was kept (el.style.length > 0); css_supports = CSS.supports(shorthand, input); valid_in_stylesheet = the same declaration in a <style> rule was kept. For valid inputs: specified = el.style.getPropertyValue(longhand), computed = getComputedStyle(el).getPropertyValue(longhand), specified_serialization / computed_shorthand = the shorthand read back from the inline style / computed style; serialization_reads_back = a fresh <div> given specified_serialization as the shorthand has the same specified longhands; computed_shorthand_reads_back = one given computed_shorthand has the same computed longhands. Invalid inputs have result: "invalid". No @keyframes exist for the names (parsing does not need them).',
    animation: await run('animation', ANIMATION_INPUTS, ANIMATION_LONGHANDS),
    transition: await run('transition', TRANSITION_INPUTS, TRANSITION_LONGHANDS),
  };
}

async function recordEasings(page, browser, ua) {
  await page.evaluate(() => window.zc.setupEasingProbe());
  const cases = [];
  let i = 0;
  for (const [easing, extra] of EASINGS) {
    const times = uniqSorted(EASING_GRID.concat(extra));
    const r = await page.evaluate(([e, t]) => window.zc.recordEasing(e, t), [easing, times]);
    cases.push({ id: `easing-${String(i++).padStart(2, '0')}`, ...r });
  }
  return {
    ...header('zenit-conformance/easing/v1', browser, ua),
    method: {
      css: 'Element {position: absolute} with longhands animation-name: easing-probe (@keyframes easing-probe { from { left: 0px } to { left: 1000px } }), animation-duration: 1000ms, animation-timing-function: <easing>, animation-fill-mode: both, animation-play-state: paused. For each sample the CSSAnimation\'s currentTime is set to t_ms; css_left = getComputedStyle left, css_left_typed_px = computedStyleMap left value; output_css = css_left_typed_px / 1000; p_effective = the effect\'s progress (linear: CSS applies the easing per keyframe).',
      waapi: 'element.animate({left: [0px, 1000px]}, {duration: 1000, easing, fill: both}), paused, currentTime = t_ms; output_waapi = effect.getComputedTiming().progress (double precision, effect-level easing).',
      validity: 'valid = CSS.supports(animation-timing-function, easing); valid_transition_timing_function likewise; valid_waapi = element.animate accepted it.',
      before_phase: 'The same probes with a 500ms delay and fill both, read at t = 250ms: the before phase, input progress 0 with the step before-flag set.',
      note: 'output = output_waapi when available, else output_css. p = t_ms / 1000. p = 1 is the after phase (fill forwards).',
    },
    cases,
  };
}

// ---------------------------------------------------------------------------
// [SECTION] Selector cases
// ---------------------------------------------------------------------------

// One tree, in `zenit-style sample --tree` notation: compounds, children in
// parentheses. Type names that are not HTML elements (HTML would give
// <label> or <button> user-agent styles of their own), lower-case
// attribute names (HTML folds them) that are not on HTML's list of
// attributes whose values compare without case.
const SELECTOR_TREE =
  'Box.list#n0(Item.a#n1[data-k=one], Item.b#n2[data-k="two words"][data-lang=en-US], Tag#n3, ' +
  'Item.a.b#n4[data-k=ONE], Box#n5(Item.a#n6, Tag#n7), Item.c#n8, Tag#n9[data-x], Item#n10)';
const SELECTOR_NODES = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9', 'n10'];

// (No `s` flag: Chromium does not read it, so it drops the rule.)
// Each selector gets `S { opacity: 0.5 }`; each pair `A { opacity: 0.25 } B { opacity: 0.75 }`,
// where specificity, then order, decides.
const SELECTORS = [
  ':first-child', ':last-child', ':only-child', ':empty',
  ':nth-child(2)', ':nth-child(odd)', ':nth-child(even)', ':nth-child(3n+1)', ':nth-child(-n+3)',
  ':nth-child(n+4)', ':nth-child(0n+5)', ':nth-child(-2n+7)', ':nth-child(2n - 1)', ':nth-child(+5)',
  ':nth-last-child(2)', ':nth-last-child(odd)', ':nth-last-child(-n+2)',
  ':nth-child(odd of .a)', ':nth-child(2 of .a, .b)', ':nth-last-child(1 of Item)', ':nth-child(1 of :not(.a))',
  'Item:nth-of-type(2)', 'Item:nth-of-type(odd)', 'Tag:nth-last-of-type(1)', ':first-of-type', ':last-of-type',
  ':only-of-type', 'Item:nth-last-of-type(-n+2)',
  '[data-k]', '[data-k=one]', '[data-k=one i]', '[data-k="two words"]', '[data-k~=words]', '[data-k~=two]',
  '[data-lang|=en]', '[data-lang|=en-US]', '[data-k^=tw]', '[data-k$=rds]', '[data-k*="o w"]', '[data-k^=O i]',
  '[data-x=""]', '[data-x^=""]',
  ':is(.a, .c) + Item', '.a ~ Tag', ':not(.a):not(Tag)', ':where(.b), Tag + Item', 'Box > :nth-child(2)',
  '.list > Item:nth-child(2n+1 of .a)', 'Item:not(:nth-child(odd))', ':is([data-k], .c):last-of-type',
  '.list :nth-last-of-type(2)',
];
const SELECTOR_PAIRS = [
  ['#n4', '.a.b'], ['.a.b', ':is(#n4)'], [':where(#n4)', 'Item'], [':nth-child(5)', '.a'],
  ['[data-k]', '.a'], ['Item.a', ':nth-child(n of .a)'], [':not(#n1, .c)', 'Item.b.x, Item:first-child'],
  [':nth-last-child(n of .a, #n2)', '.list > .a'],
];

// CSS Nesting: each sheet as it is, over the same tree. `&` stands for the
// parent's selectors as :is() does (specificity included), a nested
// selector without `&` is relative (`> .a` is `& > .a`), and declarations
// after a nested rule come after it (CSSNestedDeclarations).
const NESTING = [
  '.list { > .a { opacity: 0.5; } }',
  '.list { .a { opacity: 0.5; } }',
  'Item { &.a { opacity: 0.5; } }',
  '.a { & ~ & { opacity: 0.5; } }',
  'Item { .list > & { opacity: 0.5; } }',
  'Box { & > Tag { opacity: 0.5; } }',
  'Box { Tag { opacity: 0.5; } }',
  '.a, .c { &:last-of-type { opacity: 0.5; } }',
  'Item { &:nth-child(odd) { opacity: 0.5; } }',
  '.a { :not(&) { opacity: 0.5; } }',
  'Item { & { opacity: 0.25; } opacity: 0.5; }',
  'Item { opacity: 0.5; & { opacity: 0.25; } }',
  '#n0 { .a { opacity: 0.25; } }\n.list .a.b { opacity: 0.75; }',
  '.list, #n5 { > Tag { opacity: 0.25; } }\n.list > Tag { opacity: 0.75; }',
  'Item { @media (min-width: 1px) { opacity: 0.5; &.a { opacity: 0.25; } } }',
  '.list { Box { & > .a { opacity: 0.5; } } }',
  '& .a { opacity: 0.5; }',
  'Item { &.b, .c { opacity: 0.5; } }',
  '.b { &[data-lang|=en] { opacity: 0.5; } }',
  'Tag { + Item { opacity: 0.5; } }',
  '.a { .list > &:nth-child(n+2) { opacity: 0.5; } }',
];

// `inherit` and `unset` in the cascade (CSS Cascade 4 §7.3), read on opacity,
// which does not inherit by itself.
const CASCADE = [
  '.list { opacity: 0.5; } .list > * { opacity: inherit; }',
  '.list { opacity: 0.5; } .list > .a { opacity: 0.25; opacity: inherit; }',
  '.list { opacity: 0.5; } .list > .a { opacity: inherit; opacity: 0.25; }',
  '.list { opacity: 0.5; } .a { opacity: 0.25; } .list > .a { opacity: inherit; }',
  '#n0 { opacity: 0.25; } * { opacity: unset; }',
  '.list { opacity: 0.5; } Tag { opacity: inherit !important; } #n5 { opacity: 0.75; }',
  '.list { opacity: 0.5; } .list > * { opacity: inherit; } .list > * > * { opacity: inherit; }',
  '* { opacity: inherit; }',
];

function selectorCases() {
  const cases = [];
  SELECTORS.forEach((sel, i) => cases.push({ id: `sel-${String(i).padStart(2, '0')}`, selectors: [sel], sheet: `${sel} { opacity: 0.5; }` }));
  SELECTOR_PAIRS.forEach(([a, b], i) => cases.push({
    id: `spec-${String(i).padStart(2, '0')}`, selectors: [a, b], sheet: `${a} { opacity: 0.25; }\n${b} { opacity: 0.75; }`,
  }));
  NESTING.forEach((sheet, i) => cases.push({ id: `nest-${String(i).padStart(2, '0')}`, selectors: [sheet], sheet }));
  CASCADE.forEach((sheet, i) => cases.push({ id: `inherit-${String(i).padStart(2, '0')}`, selectors: [sheet], sheet }));
  checkIds(cases);
  return cases;
}

async function recordSelectors(page, browser, ua) {
  const tree = parseTreeNotation(SELECTOR_TREE);
  const cases = [];
  for (const c of selectorCases()) {
    const opacity = await page.evaluate(([t, sheet, ids]) => {
      window.zc.buildTree(t, '');
      const style = document.createElement('style');
      style.textContent = sheet;
      document.head.appendChild(style);
      const out = {};
      for (const id of ids) out[id] = getComputedStyle(document.getElementById(id)).opacity;
      style.remove();
      return out;
    }, [tree, c.sheet, SELECTOR_NODES]);
    cases.push({ ...c, opacity });
  }
  return {
    ...header('zenit-conformance/selectors/v1', browser, ua),
    method: 'The tree (zenit-style sample --tree notation) is built under <div id=root> with document.createElement, id, classList and setAttribute, with no text nodes; the case\'s sheet is a <style> in <head>. opacity[id] = getComputedStyle(element with that id).opacity, read for every node: 1 where no rule matched.',
    tree: SELECTOR_TREE,
    cases,
  };
}

// ---------------------------------------------------------------------------
// [SECTION] Unit cases
// ---------------------------------------------------------------------------

// rem, vw, vh, vmin and vmax as the cascade resolves them. The sheet's
// `:root` is <html> in the page and the tree's root node in ZenitUI, so
// `rem` reads the same font size in both; no case sets the tree root's
// font size by id (<html> would not see it). The page's viewport is the
// case's `viewport`, given to `zenit-style sample --viewport`.
const UNIT_TREE = 'Box#n0(Box#n1(Box#n2), Box#n3)';
const UNIT_CASES = [
  { id: 'rem-default', viewport: [800, 600], sheet: '#n1 { padding-left: 1rem; margin-top: 2.5rem; font-size: 0.75rem; }',
    read: { n1: ['padding-left', 'margin-top', 'font-size'], n2: ['font-size'] } },
  { id: 'rem-root-px', viewport: [800, 600], sheet: ':root { font-size: 20px; }\n#n1 { padding-left: 2rem; margin-top: 1.5rem; font-size: 1.5rem; }\n#n2 { padding-right: 1rem; padding-left: 1em; }',
    read: { n1: ['padding-left', 'margin-top', 'font-size'], n2: ['font-size', 'padding-right', 'padding-left'], n3: ['font-size'] } },
  { id: 'rem-root-percent', viewport: [800, 600], sheet: ':root { font-size: 150%; }\n#n1 { padding-left: 1rem; font-size: 0.5rem; }\n#n3 { padding-top: 2rem; }',
    read: { n1: ['padding-left', 'font-size'], n3: ['padding-top', 'font-size'] } },
  { id: 'rem-root-em', viewport: [800, 600], sheet: ':root { font-size: 1.25em; }\n#n1 { padding-left: 2rem; }',
    read: { n1: ['padding-left', 'font-size'] } },
  { id: 'rem-root-rem', viewport: [800, 600], sheet: ':root { font-size: 2rem; }\n#n1 { padding-left: 1rem; }',
    read: { n1: ['padding-left', 'font-size'] } },
  { id: 'rem-calc', viewport: [800, 600], sheet: ':root { font-size: 10px; }\n#n1 { padding-left: calc(1rem * 3 + 2px); margin-left: calc(2.5rem - 1px); font-size: calc(1rem + 4px); width: calc(50% + 2rem); }\n#n2 { padding-top: calc(1em + 1px); }',
    read: { n1: ['padding-left', 'margin-left', 'font-size', 'width'], n2: ['padding-top'] } },
  { id: 'vw-landscape', viewport: [1000, 500], sheet: '#n1 { width: 50vw; height: 10vh; padding-top: 5vmin; padding-bottom: 5vmax; left: 3vw; top: -2vh; }',
    read: { n1: ['width', 'height', 'padding-top', 'padding-bottom', 'left', 'top'] } },
  { id: 'vw-portrait', viewport: [480, 960], sheet: '#n1 { width: 50vw; height: 10vh; padding-top: 5vmin; padding-bottom: 5vmax; margin-right: 1.5vw; }',
    read: { n1: ['width', 'height', 'padding-top', 'padding-bottom', 'margin-right'] } },
  { id: 'vw-calc', viewport: [1000, 500], sheet: '#n1 { width: calc(10vw + 20px); height: calc(50% - 2vh); min-width: calc(5vmin * 2); max-height: calc(100vh - 40px); }',
    read: { n1: ['width', 'height', 'min-width', 'max-height'] } },
  { id: 'vw-font-size', viewport: [1200, 800], sheet: '#n1 { font-size: 2vmin; padding-left: 1em; }\n#n2 { font-size: 1vw; padding-left: 2em; }',
    read: { n1: ['font-size', 'padding-left'], n2: ['font-size', 'padding-left'] } },
  { id: 'vw-transform', viewport: [1000, 500], sheet: ':root { font-size: 12px; }\n#n1 { transform: translateX(10vw) translateY(2rem) rotate(30deg); }\n#n2 { translate: 5vw 5vh; }',
    read: { n1: ['transform'], n2: ['translate'] } },
  { id: 'vw-radius-gap', viewport: [1000, 600], sheet: '#n1 { border-radius: 2vmin 1vmax 3vw 1vh; row-gap: 1vh; column-gap: 2rem; flex-basis: 20vw; }',
    read: { n1: ['border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius', 'row-gap', 'column-gap', 'flex-basis'] } },
  { id: 'math-same-unit', viewport: [1000, 500], sheet: ':root { font-size: 20px; }\n#n1 { width: clamp(10vw, 20vw, 30vw); padding-left: max(1rem, 2rem); padding-right: min(3vh, 2vh); }',
    read: { n1: ['width', 'padding-left', 'padding-right'] } },
];

// Each case's sheet applied to the tree (display: block elements) in the
// case's viewport: values[id][p] = the reading of property p on element id.
async function readSheetCases(page, treeNotation, list) {
  const tree = parseTreeNotation(treeNotation);
  const cases = [];
  for (const c of list) {
    await page.setViewportSize({ width: c.viewport[0], height: c.viewport[1] });
    const values = await page.evaluate(([t, sheet, read]) => {
      window.zc.buildTree(t, 'block');
      const style = document.createElement('style');
      style.textContent = sheet;
      document.head.appendChild(style);
      const out = {};
      for (const [id, props] of Object.entries(read)) out[id] = window.zc.readAll(document.getElementById(id), props);
      style.remove();
      document.getElementById('root').replaceChildren();
      return out;
    }, [tree, c.sheet, c.read]);
    cases.push({ id: c.id, viewport: c.viewport, sheet: c.sheet, values });
  }
  return cases;
}

async function recordUnits(page, browser, ua) {
  const cases = await readSheetCases(page, UNIT_TREE, UNIT_CASES);
  return {
    ...header('zenit-conformance/units/v1', browser, ua),
    method: 'The tree (zenit-style sample --tree notation) is built under <div id=root> with document.createElement and id, each element display: block (an inline style), no text nodes; the page\'s viewport is set to the case\'s viewport (page.setViewportSize); the case\'s sheet is a <style> in <head>, where :root is <html>. values[id][p] = the reading of property p on the element with that id.',
    harness: { reading: HARNESS_COMMON.reading },
    tree: UNIT_TREE,
    cases,
  };
}

// Computed background-image values of gradients (and the background
// shorthand's), read as the units suite reads its values.
const GRADIENT_TREE = 'Box#n0(Box#n1)';
const GRADIENT_VALUES = [
  'linear-gradient(red, blue)', 'linear-gradient(to bottom, red, blue)', 'linear-gradient(to right, red, blue)',
  'linear-gradient(to top left, red, blue)', 'linear-gradient(to right bottom, red, blue)', 'linear-gradient(0.25turn, red 10%, blue 20px)',
  'linear-gradient(-45deg, #0f0, 30%, rgba(0, 0, 255, 0.5))', 'linear-gradient(red 10% 20%, blue)', 'linear-gradient(red, blue calc(10px + 50%))',
  'linear-gradient(red)', 'linear-gradient(0, red, blue)', 'linear-gradient(45deg, hsl(120 50% 50%), transparent)',
  'radial-gradient(red, blue)', 'radial-gradient(circle, red, blue)', 'radial-gradient(ellipse farthest-corner at 50% 50%, red, blue)',
  'radial-gradient(circle 20px at left top, red, blue)', 'radial-gradient(10px 20% at 30px 40%, red, blue)',
  'radial-gradient(closest-side, red, blue)', 'radial-gradient(circle farthest-side at right, red, blue)',
  'radial-gradient(closest-corner at 20% bottom, red 0, blue 50px)', 'radial-gradient(at center, red, blue)',
  'conic-gradient(red, blue)', 'conic-gradient(from 90deg at 25% 75%, red 0deg, blue 0.5turn)', 'conic-gradient(at 10px 20px, red 10%, blue)',
  'conic-gradient(from -30deg, red, 25%, blue)', 'repeating-linear-gradient(45deg, red 0 10px, blue 10px 20px)',
  'repeating-conic-gradient(red 0 25%, blue 0 50%)', 'repeating-radial-gradient(circle, red, blue 10px)',
  'none',
];
const GRADIENT_CASES = [
  ...GRADIENT_VALUES.map((v, i) => ({ id: `bg-image-${i}`, viewport: [800, 600],
    sheet: `#n0 { background-image: ${v}; }`, read: { n0: ['background-image'] } })),
  { id: 'bg-shorthand-gradient-color', viewport: [800, 600], sheet: '#n0 { background: linear-gradient(red, blue) #0f0; }\n#n1 { background: #00f; }',
    read: { n0: ['background-image', 'background-color'], n1: ['background-image', 'background-color'] } },
  { id: 'bg-shorthand-color-gradient', viewport: [800, 600], sheet: '#n0 { background: rgb(1, 2, 3) repeating-conic-gradient(red 0 10%, blue 0 20%); }',
    read: { n0: ['background-image', 'background-color'] } },
  { id: 'bg-shorthand-resets-image', viewport: [800, 600], sheet: '#n0 { background-image: linear-gradient(red, blue); background: red; }\n#n1 { background: none; }',
    read: { n0: ['background-image', 'background-color'], n1: ['background-image', 'background-color'] } },
];

async function recordGradients(page, browser, ua) {
  const cases = await readSheetCases(page, GRADIENT_TREE, GRADIENT_CASES);
  return {
    ...header('zenit-conformance/units/v1', browser, ua),
    method: 'As the units suite: the tree is built under <div id=root>, each element display: block; the case\'s sheet is a <style> in <head>. values[id][p] = the reading of property p (background-image, background-color) on the element with that id.',
    harness: { reading: HARNESS_COMMON.reading },
    tree: GRADIENT_TREE,
    cases,
  };
}

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zenit-conformance-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: opt.chromium, headless: true, args: CHROMIUM_ARGS,
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    await page.setContent(PAGE);
    await page.evaluate(`(${installRecorder.toString()})()`);
    const ua = await page.evaluate(() => navigator.userAgent);
    // The user agent string is reduced (156.0.0.0); the DevTools protocol has the full version.
    const cdp = await context.newCDPSession(page);
    const product = (await cdp.send('Browser.getVersion')).product;  // HeadlessChrome/156.0.8078.114
    const info = { version: () => product.replace(/^[^/]*\//, '') };
    fs.mkdirSync(opt.out, { recursive: true });
    const recorders = {
      animations: recordAnimations, transitions: recordTransitions, shorthands: recordShorthands, easing: recordEasings,
      selectors: recordSelectors, units: recordUnits, gradients: recordGradients,
    };
    for (const suite of opt.only) {
      const data = await recorders[suite](page, info, ua);
      const file = path.join(opt.out, `${suite}.json`);
      fs.writeFileSync(file, JSON.stringify(data, null, 1) + '\n');
      const n = data.cases ? data.cases.length : data.animation.length + data.transition.length;
      console.log(`${suite}: ${n} cases -> ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`generate.mjs: ${e.stack || e}`);
  process.exit(1);
});
