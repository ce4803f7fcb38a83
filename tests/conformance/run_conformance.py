#!/usr/bin/env python3
"""Browser conformance: replay cases recorded in Chromium through `zenit-style`
and count where ZenitUI agrees with the browser.

usage: run_conformance.py --tool ZENIT_STYLE [--data DIR]... [--suite S[,S...]]
                          [--min RATE] [--jobs N] [-v]

  --tool    the zenit-style executable (its `sample` and `check` commands)
  --data    a folder of recorded cases (default: tests/conformance/chromium
            and tests/conformance/zenit); either format is understood:
            zstyle-conformance/* (the shared recordings) or
            zenit-conformance/* (tests/conformance/generate/generate.mjs)
  --suite   animations, transitions, easing, shorthands, selectors, units,
            gradients (default: all found)
  --min     lowest pass rate accepted per suite and data set (default 0.95)
  -v        list every disagreement and known difference

Prints one line per data set and suite, then a summary line; exits 1 when a
suite passes less than --min of its samples, 2 on a usage or setup error.

How a sample is judged (docs/conformance.md explains why):
  - width, height: against the Typed OM computed value, within 1/64 px;
    when that computed value is `auto`, the used size (getComputedStyle) is
    compared instead and the sample counts as a known difference, because
    `zenit-style sample` prints the used size of an auto box, not `auto`;
  - colours: each of r, g, b within 1, alpha within 1/255;
  - every other number: within 1e-3 relative, at least 2e-3 absolute;
  - keywords (visibility, none, names): equal strings;
  - shorthand validity: the browser kept the declaration exactly when
    `zenit-style check` reports no error on its line; for valid inputs every
    computed longhand zenit-style can print is compared as well.
"""
import argparse
import concurrent.futures
import json
import os
import re
import queue
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SUITES = ('animations', 'transitions', 'easing', 'shorthands', 'selectors', 'units', 'gradients')
FILE_NAMES = {
    'animations': ('animations.json',),
    'transitions': ('transitions.json',),
    'easing': ('easing.json',),
    'shorthands': ('shorthands.json', 'shorthand.json'),
    'selectors': ('selectors.json',),
    'units': ('units.json',),
    'gradients': ('gradients.json',),
}

# --- Tolerances --------------------------------------------------------------
# Chromium lays out in LayoutUnits of 1/64 px: getComputedStyle's width and
# height are snapped to them, and the Typed OM value is the unsnapped one.
LAYOUT_TOL_PX = 1.0 / 64.0
# Colours are printed with whole-number channels; alpha is stored in 1/255
# steps and printed rounded to 3 decimals.
CHANNEL_TOL = 1.0
ALPHA_TOL = 1.0 / 255.0 + 5e-4
# getComputedStyle prints 6 significant digits and Chromium interpolates many
# values in single precision: 1e-3 relative leaves room for both. Near zero a
# relative bound means nothing, hence the absolute floor.
REL_TOL = 1e-3
ABS_TOL = 2e-3
LAYOUT_PROPS = ('width', 'height')
# getComputedStyle resolves these to px (a used value) where Typed OM and
# zenit-style keep the computed value (10%, calc(25% + 50px)).
USED_VALUE_PROPS = LAYOUT_PROPS + ('left', 'top', 'right', 'bottom', 'padding-top', 'padding-right',
                                   'padding-bottom', 'padding-left', 'margin-top', 'margin-right',
                                   'margin-bottom', 'margin-left')

# Transitions start from a settled style: the first change comes this long
# after the node appears (the browser's element had its style resolved).
SETTLE_MS = 125
CONTAINER = '#root { position: relative; width: 800px; height: 600px; }\n'
NUM = re.compile(r'-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?', re.I)
NUM_UNIT = re.compile(r'^(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)([a-z%]*)$', re.I)


class Outcome:
    """One compared value: pass, fail, or known (a documented difference)."""
    __slots__ = ('status', 'case', 'what', 'got', 'want', 'note')

    def __init__(self, status, case, what, got, want, note=''):
        self.status, self.case, self.what, self.got, self.want, self.note = status, case, what, got, want, note


# --- zenit-style -------------------------------------------------------------

class Tool:
    """zenit-style, run as a pool of `zenit-style batch` processes (one per
    job thread) so a case costs no process start; a tool without `batch`
    falls back to one process per command."""

    def __init__(self, exe, tmpdir, batch=True):
        self.exe = exe
        self.tmpdir = tmpdir
        self.batch = batch and self._has_batch()
        self.idle = queue.SimpleQueue()
        self.procs = []

    def _has_batch(self):
        p = subprocess.run([self.exe, 'help', 'batch'], capture_output=True, text=True)
        return p.returncode == 0

    def close(self):
        for p in self.procs:
            p.stdin.close()
            p.wait(timeout=60)

    def _write(self, text):
        # Called from several threads: mkstemp picks a fresh name atomically.
        fd, path = tempfile.mkstemp(suffix='.zstyle', dir=self.tmpdir)
        with os.fdopen(fd, 'w') as f:
            f.write(text)
        return path

    def _run(self, args):
        """Runs one command; returns (exit status, stdout, stderr)."""
        if not self.batch:
            try:
                p = subprocess.run([self.exe] + args, capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                return None, '', 'zenit-style %s timed out' % args[0]
            return p.returncode, p.stdout, p.stderr
        try:
            proc = self.idle.get_nowait()
        except queue.Empty:
            proc = subprocess.Popen([self.exe, 'batch'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    text=True, bufsize=1)
            self.procs.append(proc)
        proc.stdin.write('\t'.join(args) + '\n')
        proc.stdin.flush()
        lines = []
        while True:
            line = proc.stdout.readline()
            if not line:  # the process died: report it, do not reuse it
                return None, ''.join(lines), 'zenit-style batch exited (status %s)' % proc.wait()
            if line.startswith('\x1e'):
                break
            lines.append(line)
        self.idle.put(proc)
        # batch joins stderr to stdout: callers read both from one text.
        text = ''.join(lines)
        return int(line[1:]), text, text

    def sample(self, sheet, select, prop, times, at=(), tree=None, viewport=None):
        """Returns ({time_ms: printed value}, error or None)."""
        path = self._write(sheet)
        cmd = ['sample', path, '--select', select, '--property', prop,
               '--times', ','.join(fmt_ms(t) for t in times)]
        if tree is not None:
            cmd += ['--tree', tree]
        if viewport is not None:
            cmd += ['--viewport', '%dx%d' % tuple(viewport)]
        for a in at:
            cmd += ['--at', a]
        rc, out, err = self._run(cmd)
        if rc is None:
            return {}, err
        if rc != 0:
            return {}, (err or out).strip().splitlines()[-1:] or ['exit %d' % rc]
        values = {}
        for line in out.splitlines():
            head, _, rest = line.strip().partition(' ')
            try:
                values[float(head)] = rest.strip()
            except ValueError:
                pass
        return values, None

    def dump(self, sheet):
        """Returns {declaration name: value} of the sheet's declarations as
        `zenit-style dump` writes them (one rule; later lines win)."""
        path = self._write(sheet)
        rc, out, err = self._run(['dump', '--no-locations', path])
        decls = {}
        for line in (out or '').splitlines():
            m = re.match(r'^  ([a-z-]+): (.*);$', line)
            if m:
                decls[m.group(1)] = m.group(2)
        return decls

    def check(self, sheet):
        """Returns the diagnostics as (line, severity, text)."""
        path = self._write(sheet)
        rc, out, err = self._run(['check', path])
        text = out if self.batch else out + err
        diags = []
        for line in text.splitlines():
            m = re.match(r'^.*?:(\d+):\d+: (error|warning): (.*)$', line)
            if m:
                diags.append((int(m.group(1)), m.group(2), m.group(3)))
        return diags


def fmt_ms(t):
    return str(int(t)) if float(t).is_integer() else repr(float(t))


def run_jobs(jobs, n):
    """Runs callables on n threads (each one spawns a process); keeps order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, n)) as pool:
        return list(pool.map(lambda f: f(), jobs))


# --- Comparison ---------------------------------------------------------------

def numbers(s):
    return [float(x) for x in NUM.findall(s or '')]


def close(a, b, rel=REL_TOL, floor=ABS_TOL):
    return abs(a - b) <= max(rel * abs(b), floor)


def typed_px(exp):
    """The Typed OM value in px, or None when it is not one plain length."""
    tu = exp.get('typed_unit')
    if tu and tu[1] == 'px':
        return float(tu[0])
    m = NUM_UNIT.match((exp.get('typed') or '').strip())
    if m and m.group(2) == 'px':
        return float(m.group(1))
    return None


# getComputedStyle keeps the unit of a zero length that came out of an
# interpolation (`0%` at the start of 0px -> 50%); a zero length is a zero
# length whatever its unit.
ZERO_LENGTH = re.compile(r'(?<![\w.])-?0*\.?0+(?:px|%)(?![\w%])')
# What an identity transform prints where it was given explicitly. ZenitUI
# keeps one representation for "no transform" and prints `none`
# (docs/values.md), so these count as a known difference.
IDENTITY = {'translate': '0px', 'rotate': '0deg', 'scale': '1', 'transform': 'matrix(1, 0, 0, 1, 0, 0)'}


# A zero term of a calc() adds nothing: calc(0% + 100px) is 100px (Chromium
# keeps the written percentage at t = 0; ZenitUI prints the end value).
ZERO_TERM = (re.compile(r'calc\(\s*0\s*\+\s*'), re.compile(r'\s*[+-]\s*0\s*\)'), re.compile(r'calc\(\s*0\s*-\s*'))
SINGLE_CALC = re.compile(r'calc\(\s*(-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?[a-z%]*)\s*\)', re.I)


COLOR = re.compile(r'rgba?\([^)]*\)')
# A whole value that is one colour in any syntax Chromium prints (it keeps
# lab(), oklch(), color(display-p3 ...) and the like in their own space, and
# prints interpolated ones as oklab()). The recording's `rgba` is then that
# colour in sRGB, read back through the browser, clipped to 0..255.
SRGB = re.compile(r'color\(srgb [^)]*\)')
COLOR_FN = re.compile(r'(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(.*\)', re.S)


def same_color(g, want):
    """g, want: [r, g, b(, a)] lists."""
    g, want = list(g), list(want)
    if len(g) == 3:
        g.append(1.0)
    if len(want) == 3:
        want.append(1.0)
    if len(g) != 4 or len(want) != 4:
        return False
    if g[3] == 0 and want[3] == 0:
        return True  # fully transparent: the channels carry nothing
    return all(abs(a - b) <= CHANNEL_TOL for a, b in zip(g[:3], want[:3])) and abs(g[3] - want[3]) <= ALPHA_TOL


def canonical(s):
    s = ZERO_LENGTH.sub('0', (s or '').strip())
    s = ZERO_TERM[0].sub('calc(', s)
    s = ZERO_TERM[1].sub(')', s)
    s = ZERO_TERM[2].sub('calc(-', s)
    return SINGLE_CALC.sub(r'\1', s)


def judge_value(prop, got, exp):
    """(status, note) for one printed value against one browser reading."""
    if got is None:
        return 'fail', 'no value printed'
    want_text = str(exp.get('value', '')).strip()
    if got.strip() == 'none' and prop in IDENTITY and want_text != 'none' and \
            judge_value(prop, IDENTITY[prop], exp)[0] == 'pass':
        return 'known', 'identity transform: `none` for the browser\'s explicit %s' % want_text
    g = numbers(got)
    if exp.get('rgba') and COLOR_FN.fullmatch(want_text):
        # zenit-style prints a legacy colour as rgb()/rgba() and any other as
        # color(srgb r g b [/ a]) with channels in 0..1, possibly outside it.
        if SRGB.fullmatch(got.strip()):
            g = [min(255.0, max(0.0, v * 255.0)) for v in g[:3]] + g[3:]
        elif not COLOR.fullmatch(got.strip()):
            return 'fail', 'not a colour'
        return ('pass', '') if same_color(g, exp['rgba']) else ('fail', 'colour')
    if prop == 'box-shadow':
        # A shorter list is padded with transparent zero shadows (CSS
        # Backgrounds 3), which paint nothing: Chromium prints the padding
        # where an animation starts (and `none` as one such shadow), ZenitUI
        # the list as written. Compare the lists without that tail.
        got_list, want_list = without_zero_tail(got), without_zero_tail(want_text)
        if 'none' in (got_list, want_list):
            return ('pass', '') if got_list == want_list else ('fail', 'shadow')
        if (got_list, want_list) != (got.strip(), want_text):
            got, want_text = got_list, want_list
            g = numbers(got)
            exp = dict(exp, numbers=None)
    if prop in LAYOUT_PROPS:
        typed = (exp.get('typed') or '').strip()
        if typed == 'auto':
            # The computed value is the keyword; only the used size is visible.
            used = numbers(exp.get('value'))
            if len(g) == 1 and len(used) == 1 and abs(g[0] - used[0]) <= LAYOUT_TOL_PX:
                return 'known', 'computed value auto: used size agrees, the keyword itself is not printed'
            return 'fail', 'computed value auto: used size differs'
        px = typed_px(exp)
        if px is not None:
            ok = len(g) == 1 and got.strip().endswith('px') and abs(g[0] - px) <= LAYOUT_TOL_PX
            return ('pass', '') if ok else ('fail', 'length (1/64 px)')
    if prop in USED_VALUE_PROPS:
        typed = (exp.get('typed') or '').strip()
        if typed and typed != 'auto' and typed_px(exp) is None:
            # A percentage or calc(): zenit-style prints the computed value,
            # as Typed OM does (getComputedStyle has the used px).
            ok = same_css_text(canonical(got), canonical(typed), rel=REL_TOL, floor=ABS_TOL)
            return ('pass', '') if ok else ('fail', 'computed length')
    if prop == 'transform' and exp.get('matrix') is not None:
        want = list(exp['matrix'])
        if got.strip() == 'none':
            g = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        ok = len(g) == len(want) and all(close(a, b) for a, b in zip(g, want))
        return ('pass', '') if ok else ('fail', 'matrix')
    want = exp.get('numbers')
    if want is None:
        want = numbers(want_text)
    if not want and not g:
        ok = got.strip() == want_text
        return ('pass', '') if ok else ('fail', 'keyword')
    # Colours inside a value (box-shadow, gradients): by the colour rule, the rest by numbers.
    gradient_pair = prop == 'background-image' and 'gradient(' in got and 'gradient(' in want_text and \
        got.count('rgb') == want_text.count('rgb') and same_gradient_function(got, want_text)
    colours_ok = True
    gc, wc = COLOR.findall(got), COLOR.findall(want_text)
    if gc or wc:
        colours_ok = len(gc) == len(wc) and all(same_color(numbers(a), numbers(b)) for a, b in zip(gc, wc))
        if not colours_ok and not (gradient_pair and len(gc) == len(wc)):
            return 'fail', 'colour'
        got, want_text = COLOR.sub('C', got), COLOR.sub('C', want_text)
        g, want = numbers(got), numbers(want_text)
    # The same words around the numbers (units, keywords, functions).
    if NUM.sub('#', canonical(got)) != NUM.sub('#', canonical(want_text)):
        if gradient_pair and same_gradient_function(got, want_text):
            # (A default left out on one side only: `from 0deg`, `at 50% 50%`.)
            return 'known', 'gradient stops interpolate (CSS Images 4); Chromium is discrete'
        return 'fail', 'shape'
    ok = colours_ok and len(g) == len(want) and all(close(a, b) for a, b in zip(g, want))
    if not ok and gradient_pair:
        # Two gradients of one kind and as many stops interpolate stop by
        # stop (CSS Images 4), which ZenitUI does; Chromium's computed value
        # flips at 50% (docs/stylesheets.md, deviations). Same function and
        # stops, other numbers: that difference.
        return 'known', 'gradient stops interpolate (CSS Images 4); Chromium is discrete'
    return ('pass', '') if ok else ('fail', 'numbers')


def same_gradient_function(a, b):
    """Whether two gradients are the same function (linear-gradient, repeating-conic-gradient ...)."""
    return a.strip().split('(', 1)[0] == b.strip().split('(', 1)[0]


def without_zero_tail(shadows):
    """A box-shadow list without its trailing all-zero shadows; 'none' if nothing is left."""
    items, depth, start = [], 0, 0
    text = (shadows or '').strip()
    for i, ch in enumerate(text):
        depth += ch == '('
        depth -= ch == ')'
        if ch == ',' and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    items.append(text[start:].strip())
    while items and (items[-1] == 'none' or not any(numbers(items[-1]))):
        items.pop()
    return ', '.join(items) if items else 'none'


def tokens(s):
    return re.findall(r'[^\s,()]+|[,()]', s or '')


def same_css_text(got, want, rel=1e-6, floor=1e-9):
    """Equal token for token; numbers with the same unit within `rel`."""
    a, b = tokens(got), tokens(want)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        mx, my = NUM_UNIT.match(x), NUM_UNIT.match(y)
        if not (mx and my and mx.group(2).lower() == my.group(2).lower()):
            return False
        if not close(float(mx.group(1)), float(my.group(1)), rel=rel, floor=floor):
            return False
    return True


# --- Suites ---------------------------------------------------------------------

def normalise_animation_case(c):
    """Both formats as (properties, [(t, {prop: reading})])."""
    if 'properties' in c:
        return c['properties'], [(s['t_ms'], s['values']) for s in c['samples']]
    p = c['property']
    return [p], [(s['t_ms'], {p: s}) for s in c['samples']]


def suite_animations(tool, data, jobs):
    plans = []
    for c in data['cases']:
        props, samples = normalise_animation_case(c)
        decl = c.get('declarations') or 'animation: %s' % c['animation']
        sheet = CONTAINER + c['keyframes'] + '\n.box { %s; %s; }\n' % (c['base_style'], decl)
        times = [t for t, _ in samples]
        for p in props:
            plans.append((c, p, samples, (lambda s=sheet, p=p, t=times: tool.sample(s, '.box', p, t))))
    results = run_jobs([pl[3] for pl in plans], jobs)
    out = []
    for (c, p, samples, _), (got, err) in zip(plans, results):
        for t, values in samples:
            exp = values.get(p)
            if exp is None:
                continue
            g = got.get(float(t))
            status, note = judge_value(p, g, exp)
            out.append(Outcome(status, c['id'], '%s t=%s' % (p, fmt_ms(t)), g, exp.get('value'), err or note))
    return out


def suite_transitions(tool, data, jobs):
    plans = []
    for c in data['cases']:
        rules = ['.box { %s; }' % c['initial_style']]
        at = []
        for i, st in enumerate(c['steps']):
            rules.append('.box.s%d { %s; }' % (i, '; '.join('%s: %s' % kv for kv in st['set'].items())))
            at.append('%s:+s%d' % (fmt_ms(st['at_ms'] + SETTLE_MS), i))
        sheet = CONTAINER + '\n'.join(rules) + '\n'
        times = [s['t_ms'] + SETTLE_MS for s in c['samples']]
        for p in c['properties']:
            plans.append((c, p, (lambda s=sheet, p=p, t=times, a=tuple(at): tool.sample(s, '.box', p, t, a))))
    results = run_jobs([pl[2] for pl in plans], jobs)
    out = []
    for (c, p, _), (got, err) in zip(plans, results):
        for s in c['samples']:
            exp = s['values'].get(p)
            if exp is None:
                continue
            g = got.get(float(s['t_ms'] + SETTLE_MS))
            status, note = judge_value(p, g, exp)
            out.append(Outcome(status, c['id'], '%s t=%s' % (p, fmt_ms(s['t_ms'])), g, exp.get('value'), err or note))
    return out


EASING_PROBE = ('@keyframes easing-probe { from { left: 0px } to { left: 1000px } }\n'
                '.box { position: absolute; top: 0px; left: 0px; width: 10px; height: 10px; '
                'animation-name: easing-probe; animation-duration: 1000ms; animation-timing-function: %s; '
                'animation-delay: %dms; animation-fill-mode: both; }\n')


def suite_easing(tool, data, jobs):
    plans = []
    for c in data['cases']:
        e = c['easing']
        validity = '.x { animation-timing-function: %s; }\n.y { transition-timing-function: %s; }\n' % (e, e)
        plans.append((c, 'validity', (lambda v=validity: tool.check(v))))
        if not c.get('valid'):
            continue
        times = [s['t_ms'] for s in c['samples']]
        plans.append((c, 'curve', (lambda s=EASING_PROBE % (e, 0), t=times: tool.sample(s, '.box', 'left', t))))
        plans.append((c, 'serial', (lambda s=EASING_PROBE % (e, 0): tool.sample(s, '.box', 'animation-timing-function', [0]))))
        if c.get('before_phase'):
            bp = c['before_phase']
            plans.append((c, 'before', (lambda s=EASING_PROBE % (e, bp.get('delay_ms', 500)), t=bp['t_ms']:
                                        tool.sample(s, '.box', 'left', [t]))))
    results = run_jobs([pl[2] for pl in plans], jobs)
    out = []
    for (c, kind, _), res in zip(plans, results):
        e = c['easing']
        if kind == 'validity':
            lines = {ln for ln, sev, _ in res if sev == 'error'}
            for line, key, what in ((1, 'valid', 'animation-timing-function'),
                                    (2, 'valid_transition_timing_function', 'transition-timing-function')):
                if key not in c:
                    continue
                want, ours = bool(c[key]), line not in lines
                why = '; '.join(m for ln, _, m in res if ln == line)
                out.append(Outcome('pass' if want == ours else 'fail', c['id'], '%s valid: %s' % (what, e),
                                   'valid' if ours else 'invalid (%s)' % why, 'valid' if want else 'invalid'))
            continue
        got, err = res
        if kind == 'curve':
            for s in c['samples']:
                g = got.get(float(s['t_ms']))
                want = s['output'] * 1000.0
                gv = numbers(g)
                ok = len(gv) == 1 and close(gv[0], want)
                out.append(Outcome('pass' if ok else 'fail', c['id'], '%s t=%s' % (e, fmt_ms(s['t_ms'])), g,
                                   '%.4fpx' % want, err or ''))
        elif kind == 'before':
            bp = c['before_phase']
            g = got.get(float(bp['t_ms']))
            out_p = bp.get('output', bp.get('output_waapi', bp.get('output_css')))
            want = out_p * 1000.0
            gv = numbers(g)
            ok = len(gv) == 1 and close(gv[0], want)
            out.append(Outcome('pass' if ok else 'fail', c['id'], '%s before phase' % e, g, '%.4fpx' % want, err or ''))
        else:
            g = got.get(0.0)
            want = c.get('computed_serialization')
            if want is None:
                continue
            ok = g is not None and same_css_text(g, want)
            out.append(Outcome('pass' if ok else 'fail', c['id'], '%s computed' % e, g, want, err or ''))
    return out


# The order of Chromium's specified serialisation of `animation`.
ANIMATION_SHORTHAND_ORDER = ('animation-duration', 'animation-timing-function', 'animation-delay',
                             'animation-iteration-count', 'animation-direction', 'animation-fill-mode',
                             'animation-play-state', 'animation-name')
ANIMATION_LONGHANDS = ('animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay',
                       'animation-iteration-count', 'animation-direction', 'animation-fill-mode', 'animation-play-state')
TRANSITION_LONGHANDS = ('transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay',
                        'transition-behavior')


def split_list(css):
    """A comma-separated list's entries (commas inside brackets kept)."""
    out, depth, cur = [], 0, ''
    for ch in css:
        depth += ch == '('
        depth -= ch == ')'
        if ch == ',' and depth == 0:
            out.append(cur.strip())
            cur = ''
        else:
            cur += ch
    out.append(cur.strip())
    return out


def expected_serialisation(c, prop):
    """The text ZenitUI must write for a case, or None where only reading
    back is asked. animation: every longhand in the order of Chromium's
    specified serialisation, the name last, with the values Chromium
    computes (ZenitUI keeps computed values: seconds, resolved calc(),
    steps(1, start) for step-start). transition: Chromium's computed
    shorthand, where that text reads back to the same values in Chromium."""
    if prop == 'animation':
        lists = [split_list(c['computed'][lh]) for lh in ANIMATION_SHORTHAND_ORDER]
        if len(set(len(l) for l in lists)) != 1:
            return None
        return ', '.join(' '.join(parts) for parts in zip(*lists))
    if c.get('computed_shorthand_reads_back'):
        return c['computed_shorthand']
    return None


def serialisation_plan(tool, prop, longhands, c):
    """ZenitUI's serialisation of the case's declaration (`zenit-style
    dump`), and the longhands that text gives when read back."""
    def run():
        sheet = '@keyframes kf { to { opacity: 0 } }\n.x { %s: %s; }\n' % (prop, c['input'])
        text = tool.dump(sheet).get(prop)
        if text is None:
            return None, {}
        again = '@keyframes kf { to { opacity: 0 } }\n.x { %s: %s; }\n' % (prop, text)
        back = {}
        for lh in longhands:
            if lh in c['computed']:
                got, _ = tool.sample(again, '.x', lh, [0])
                back[lh] = got.get(0.0)
        return text, back
    return run


def suite_shorthands(tool, data, jobs):
    plans = []
    for prop, longhands in (('animation', ANIMATION_LONGHANDS), ('transition', TRANSITION_LONGHANDS)):
        for c in data.get(prop, []):
            sheet = '@keyframes kf { to { opacity: 0 } }\n.x { %s: %s; }\n' % (prop, c['input'])
            plans.append((c, prop, None, (lambda s=sheet: tool.check(s))))
            if c.get('computed'):
                for lh in longhands:
                    if lh in c['computed']:
                        plans.append((c, prop, lh, (lambda s=sheet, lh=lh: tool.sample(s, '.x', lh, [0]))))
                plans.append((c, prop, 'serialisation', serialisation_plan(tool, prop, longhands, c)))
    results = run_jobs([pl[3] for pl in plans], jobs)
    out = []
    ours_valid = {}
    for (c, prop, lh, _), res in zip(plans, results):
        key = (prop, c['input'])
        if lh is None:
            errors = [m for ln, sev, m in res if ln == 2 and sev == 'error']
            want = bool(c.get('valid_in_stylesheet', c['valid']))
            ours = not errors
            ours_valid[key] = ours
            out.append(Outcome('pass' if want == ours else 'fail', c['id'], '%s: %s' % (prop, c['input']),
                               'kept' if ours else 'dropped (%s)' % '; '.join(errors), 'kept' if want else 'dropped'))
            continue
        # A valid input ZenitUI drops already failed above; its longhands are
        # not counted a second time.
        if not ours_valid.get(key, False):
            continue
        if lh == 'serialisation':
            # The text reads back to the browser's values, and is the text
            # expected_serialisation gives where it gives one.
            text, back = res
            wrong = [l for l, v in back.items() if v is None or not same_css_text(v, c['computed'][l])]
            ok = text is not None and not wrong
            want = 'reads back to %s' % ', '.join('%s: %s' % (l, c['computed'][l]) for l in sorted(back))
            expected = expected_serialisation(c, prop)
            if ok and expected is not None:
                want = expected
                ok = same_css_text(text, want)
            out.append(Outcome('pass' if ok else 'fail', c['id'], '%s: %s -> serialised' % (prop, c['input']),
                               text if not wrong else '%s (reads back as %s)' % (
                                   text, ', '.join('%s: %s' % (l, back[l]) for l in wrong)), want, ''))
            continue
        got, err = res
        g = got.get(0.0)
        want = c['computed'][lh]
        ok = g is not None and same_css_text(g, want)
        out.append(Outcome('pass' if ok else 'fail', c['id'], '%s: %s -> %s' % (prop, c['input'], lh), g, want,
                           err or ''))
    return out


def suite_selectors(tool, data, jobs):
    """Each case's sheet over the recorded tree: every node's opacity, which
    says which rule matched it (1: none)."""
    plans = []
    for c in data['cases']:
        for node, want in sorted(c['opacity'].items()):
            plans.append((c, node, want, (lambda s=c['sheet'], n=node: tool.sample(
                s, '#' + n, 'opacity', [0], tree=data['tree']))))
    results = run_jobs([pl[3] for pl in plans], jobs)
    out = []
    for (c, node, want, _), (got, err) in zip(plans, results):
        g = got.get(0.0)
        try:
            ok = close(float(g), float(want))
        except (TypeError, ValueError):
            ok = False
        out.append(Outcome('pass' if ok else 'fail', c['id'], '%s #%s' % (' / '.join(c['selectors']), node),
                           g, want, err or ''))
    return out


def suite_units(tool, data, jobs):
    """Each case's sheet over the recorded tree in the case's viewport: the
    properties read on each node, judged as animation samples are."""
    plans = []
    for c in data['cases']:
        for node, props in sorted(c['values'].items()):
            for prop, exp in props.items():
                plans.append((c, node, prop, exp, (lambda s=c['sheet'], n=node, p=prop, v=c['viewport']: tool.sample(
                    s, '#' + n, p, [0], tree=data['tree'], viewport=v))))
    results = run_jobs([pl[4] for pl in plans], jobs)
    out = []
    for (c, node, prop, exp, _), (got, err) in zip(plans, results):
        g = got.get(0.0)
        status, note = judge_value(prop, g, exp)
        if status == 'known' and note.startswith('gradient stops interpolate'):
            status = 'fail'  # a value read at rest: nothing interpolated, no difference to excuse
        out.append(Outcome(status, c['id'], '#%s %s' % (node, prop), g, exp.get('value'), err or note))
    return out


RUNNERS = {'animations': suite_animations, 'transitions': suite_transitions, 'easing': suite_easing,
           'shorthands': suite_shorthands, 'selectors': suite_selectors, 'units': suite_units,
           'gradients': suite_units}  # (computed values read as the units suite reads them)


# --- Main ----------------------------------------------------------------------

def find_file(folder, suite):
    for name in FILE_NAMES[suite]:
        path = os.path.join(folder, name)
        if os.path.exists(path):
            return path
    return None


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tool', required=True)
    ap.add_argument('--data', action='append')
    ap.add_argument('--suite', default=','.join(SUITES))
    ap.add_argument('--min', type=float, default=0.95)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('-v', '--verbose', action='store_true')
    ap.add_argument('--no-batch', action='store_true', help='one zenit-style process per case')
    args = ap.parse_args(argv)
    if not os.path.isfile(args.tool) or not os.access(args.tool, os.X_OK):
        print('conformance: %s is not an executable zenit-style' % args.tool)
        return 2
    folders = args.data or [os.path.join(HERE, 'chromium'), os.path.join(HERE, 'zenit')]
    suites = [s for s in args.suite.split(',') if s]
    for s in suites:
        if s not in SUITES:
            print('conformance: unknown suite %s (%s)' % (s, ', '.join(SUITES)))
            return 2

    total = {'pass': 0, 'fail': 0, 'known': 0}
    below = []
    ran = 0
    with tempfile.TemporaryDirectory(prefix='zenit-conformance-') as tmp:
        tool = Tool(os.path.abspath(args.tool), tmp, batch=not args.no_batch)
        for folder in folders:
            label = os.path.basename(os.path.normpath(folder))
            for suite in suites:
                path = find_file(folder, suite)
                if path is None:
                    if args.data and len(suites) == 1:
                        print('conformance: no %s data in %s' % (suite, folder))
                        return 2
                    continue
                with open(path) as f:
                    data = json.load(f)
                fmt = data.get('format', '')
                if not re.match(r'^(zstyle|zenit)-conformance/', fmt):
                    print('conformance: %s: unknown format %r' % (path, fmt))
                    return 2
                results = RUNNERS[suite](tool, data, args.jobs)
                ran += 1
                count = {'pass': 0, 'fail': 0, 'known': 0}
                for r in results:
                    count[r.status] += 1
                    total[r.status] += 1
                n = len(results)
                rate = count['pass'] / n if n else 0.0
                extra = ', %d known difference%s' % (count['known'], '' if count['known'] == 1 else 's') \
                    if count['known'] else ''
                print('%-9s %-12s %4d/%-4d pass (%5.1f%%), %d fail%s' % (
                    label, suite, count['pass'], n, 100.0 * rate, count['fail'], extra))
                if args.verbose:
                    for r in results:
                        if r.status != 'pass':
                            print('    %-5s %s %s: got %r want %r%s' % (
                                r.status, r.case, r.what, r.got, r.want, ' [%s]' % r.note if r.note else ''))
                if n == 0 or rate < args.min:
                    below.append('%s %s' % (label, suite))
        tool.close()  # early returns above leave the pool to exit on its stdin's EOF
    if ran == 0:
        print('conformance: no data found')
        return 2
    n = sum(total.values())
    print('conformance: %d/%d pass (%.1f%%), %d fail, %d known differences' % (
        total['pass'], n, 100.0 * total['pass'] / n if n else 0.0, total['fail'], total['known']))
    if below:
        print('conformance: below %.0f%%: %s' % (100 * args.min, ', '.join(below)))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
