#!/usr/bin/env python3
"""GSAP parity: replays cases recorded from GSAP 3.15.0 (tests/gsap/*.json,
made by generate/record.mjs) through `zenit-style gsap` and counts the cases
where ZenitUI places, staggers and eases as GSAP does.

usage: run_gsap.py TOOL [--data DIR] [--suffix S] [--only SUITES] [--min F] [-v]

  TOOL      the zenit-style executable
  --data    the folder holding positions.json, stagger.json, easing.json
            (default: this script's folder)
  --suffix  read SUITE + S + .json instead (e.g. positions_more.json)
  --only    a comma-separated list of positions, stagger, easing (default: all)
  --min     the lowest pass fraction accepted, over every suite run together
            (0.98 accepts 98%); below it the exit status is 1
  -v        list every disagreement

For each suite the cases' inputs alone (never the recorded answers) are
written to a temporary JSON file shaped like the recorded one, and
`TOOL gsap SUITE FILE` is run; it prints one JSON object per line (`id` or
`name` names the case). A case passes when every value in it is within
tolerance: positions and label times 2e-7 s (GSAP rounds starts to 1e-7),
stagger offsets 1.5e-7 (GSAP rounds offsets to 1e-7), ease values 1e-6.
Where a recorded time is 1e9 or more (GSAP stores an endless child as 1e10 s),
infinity is accepted as well as that value within 1e-6 of it relative.

Prints `positions: P/N`, `stagger: P/N`, `easing: P/N` and
`gsap: P/N (R%)`; exits 2 when the tool or a data file is missing.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SUITES = ('positions', 'stagger', 'easing')
TOLERANCE = {'positions': 2e-7, 'stagger': 1.5e-7, 'easing': 1e-6}
ENDLESS_FROM = 1e9
NON_FINITE = {'NaN': math.nan, 'Infinity': math.inf, '-Infinity': -math.inf}


def as_number(v):
    """A recorded or printed number; None when it is not one."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, str):
        return NON_FINITE.get(v)
    if isinstance(v, (int, float)):
        return float(v)
    return None


def agrees(got, want, tol):
    g, w = as_number(got), as_number(want)
    if g is None or w is None:
        return False
    if math.isnan(w) or math.isnan(g):
        return math.isnan(w) and math.isnan(g)
    if math.isinf(w):
        return g == w
    if w >= ENDLESS_FROM:
        return g == math.inf or abs(g - w) <= 1e-6 * w
    return abs(g - w) <= tol


def show(v):
    return 'nothing' if v is None else json.dumps(v)


def call_tool(tool, suite, inputs, verbose):
    """Runs the tool on the inputs; returns {id or name: printed object}."""
    fd, path = tempfile.mkstemp(prefix=f'gsap-{suite}-', suffix='.json')
    try:
        with os.fdopen(fd, 'w') as f:
            json.dump(inputs, f)
        try:
            proc = subprocess.run([tool, 'gsap', suite, path], capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:
            print(f'  {suite}: {tool} did not run: {e}')
            return {}
    finally:
        os.unlink(path)
    if proc.returncode != 0 and verbose:
        err = proc.stderr.strip().replace('\n', ' | ')
        print(f'  {suite}: the tool exited with {proc.returncode}' + (f': {err[:300]}' if err else ''))
    printed = {}
    for line in proc.stdout.splitlines():
        line = line.strip()
        if not line.startswith('{'):
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        key = obj.get('id', obj.get('name')) if isinstance(obj, dict) else None
        if isinstance(key, str):
            printed[key] = obj
    return printed


def check_positions(case, got):
    tol = TOLERANCE['positions']
    problems = []
    if 'error' in got:
        problems.append(f"error: {str(got['error'])[:200]}")
    children = got.get('children') if isinstance(got.get('children'), dict) else {}
    timelines = got.get('timelines') if isinstance(got.get('timelines'), dict) else {}
    for child in case['result']['children']:
        pair = children.get(child['id'])
        if not (isinstance(pair, list) and len(pair) == 2):
            problems.append(f"{child['id']}: missing")
        elif not (agrees(pair[0], child['startTime'], tol) and agrees(pair[1], child['endTime'], tol)):
            problems.append(f"{child['id']}: got [{show(pair[0])}, {show(pair[1])}] "
                            f"want [{show(child['startTime'])}, {show(child['endTime'])}]")
    for name, want in case['result']['timelines'].items():
        have = timelines.get(name) if isinstance(timelines.get(name), dict) else {}
        if not agrees(have.get('duration'), want['duration'], tol):
            problems.append(f"timeline {name}: duration {show(have.get('duration'))} want {show(want['duration'])}")
        labels = have.get('labels') if isinstance(have.get('labels'), dict) else {}
        for label, at in want.get('labels', {}).items():
            if not agrees(labels.get(label), at, tol):
                problems.append(f"timeline {name}: label {label} {show(labels.get(label))} want {show(at)}")
    return problems


def check_stagger(case, got):
    offsets = got.get('offsets')
    if 'error' in got:
        return [f"error: {str(got['error'])[:200]}"]
    want = case['offsets']
    if not isinstance(offsets, list) or len(offsets) != len(want):
        return [f'got {show(offsets)} want {show(want)}']
    wrong = [i for i, (g, w) in enumerate(zip(offsets, want)) if not agrees(g, w, TOLERANCE['stagger'])]
    if wrong:
        return [f'got {show(offsets)} want {show(want)} (items {wrong})']
    return []


def check_easing(ease, got, points):
    if 'error' in got:
        return [f"error: {str(got['error'])[:200]}"]
    values = got.get('values')
    if not isinstance(values, list) or len(values) != len(points):
        return [f'got {show(values)}']
    want = {s['p']: s['value'] for s in ease['samples']}
    wrong = [(p, v, want[p]) for p, v in zip(points, values)
             if p in want and not agrees(v, want[p], TOLERANCE['easing'])]
    return [f'p={p}: got {show(v)} want {show(w)}' for p, v, w in wrong]


def run_suite(tool, suite, data, verbose):
    """Returns (passed, total)."""
    if suite == 'positions':
        cases = data['cases']
        inputs = {'format': data.get('format'), 'method': data.get('method'),
                  'cases': [{'id': c['id'], 'description': c.get('description', ''), 'ops': c['ops']} for c in cases]}
        keyed = [(c['id'], c) for c in cases]
    elif suite == 'stagger':
        cases = data['cases']
        inputs = {'format': data.get('format'), 'method': data.get('method'),
                  'cases': [{'id': c['id'], 'n': c['n'], 'vars': c['vars']} for c in cases]}
        keyed = [(c['id'], c) for c in cases]
    else:
        points = data['sample_points']
        inputs = {'format': data.get('format'), 'method': data.get('method'), 'sample_points': points,
                  'eases': [{'name': e['name']} for e in data['eases']]}
        keyed = [(e['name'], e) for e in data['eases']]
    printed = call_tool(tool, suite, inputs, verbose)
    passed = 0
    for key, case in keyed:
        got = printed.get(key, {})
        if suite == 'positions':
            problems = check_positions(case, got)
        elif suite == 'stagger':
            problems = check_stagger(case, got)
        else:
            problems = check_easing(case, got, data['sample_points'])
        if not got:
            problems = ['nothing printed for it']
        if problems:
            if verbose:
                shown = problems if suite != 'easing' else problems[:4]
                more = f' (+{len(problems) - len(shown)} more)' if len(shown) < len(problems) else ''
                print(f'  {suite} {key}: ' + '; '.join(shown) + more)
        else:
            passed += 1
    return passed, len(keyed)


def main():
    ap = argparse.ArgumentParser(description='Replays the recorded GSAP cases through zenit-style.')
    ap.add_argument('tool')
    ap.add_argument('--data', default=HERE)
    ap.add_argument('--suffix', default='')
    ap.add_argument('--only', default=','.join(SUITES))
    ap.add_argument('--min', type=float, default=None)
    ap.add_argument('-v', '--verbose', action='store_true')
    args = ap.parse_args()

    suites = [s.strip() for s in args.only.split(',') if s.strip()]
    unknown = [s for s in suites if s not in SUITES]
    if unknown or not suites:
        print(f'gsap: unknown suite {", ".join(unknown)} (positions, stagger, easing)')
        return 2
    if not (os.path.isfile(args.tool) and os.access(args.tool, os.X_OK)):
        print(f'gsap: no zenit-style tool at {args.tool}')
        return 2
    passed = total = 0
    for suite in suites:
        path = os.path.join(args.data, suite + args.suffix + '.json')
        try:
            with open(path, encoding='utf-8') as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            print(f'gsap: cannot read {path}: {e}')
            return 2
        ok, n = run_suite(args.tool, suite, data, args.verbose)
        print(f'{suite}: {ok}/{n}')
        passed += ok
        total += n
    rate = passed / total if total else 0.0
    print(f'gsap: {passed}/{total} ({100 * rate:.1f}%)')
    if args.min is not None and rate < args.min:
        print(f'gsap: below the required {args.min:g}')
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
