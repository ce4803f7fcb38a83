#!/usr/bin/env node
// Records the golden images: each case of tests/golden/cases.json drawn by
// headless Chromium, written as tests/golden/chromium/NAME.png for
// tests/golden/run_golden.py to compare with `zenit-style render`.
//
//   cd tests/conformance/generate
//   npm ci                                   # playwright-core only, no browser download
//   node golden.mjs [--only NAME,...] [--chromium /usr/bin/chromium]
//
// The page is what `zenit-style render` draws: a white viewport of the
// case's size whose only element is <div id="root"> of that size (its
// border box, as ZenitUI sizes the root to the viewport), with the
// case's tree (`zenit-style sample --tree` notation; a compound without a
// type is a div) built under it and its sheet (tests/golden/sheets/NAME.zstyle)
// in a <style>. Every element of the tree lays out as ZenitUI's nodes do:
// display: flex, content-box, border-style solid (a border-width draws,
// as ZenitUI's does), given at zero specificity so the sheet overrides
// them. Animations are paused and set to the case's time (0 ms unless it
// says) before the screenshot; the device scale factor is 1.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTreeNotation } from './tree.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const GOLDEN = path.resolve(HERE, '..', '..', 'golden');

const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--force-color-profile=srgb', '--hide-scrollbars',
];

const RESET = ':where(#root, #root *) { display: flex; box-sizing: content-box; border-style: solid; ' +
  'border-width: 0; }';

function parseArgs(argv) {
  const opt = { only: null, chromium: '/usr/bin/chromium' };
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--only') opt.only = next().split(',').filter(Boolean);
    else if (a === '--chromium') opt.chromium = next();
    else if (a === '-h' || a === '--help') {
      console.log('usage: node golden.mjs [--only NAME,...] [--chromium PATH]');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  return opt;
}

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  const cases = JSON.parse(fs.readFileSync(path.join(GOLDEN, 'cases.json'), 'utf8')).cases;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'zenit-golden-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: opt.chromium, headless: true, args: CHROMIUM_ARGS, deviceScaleFactor: 1,
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    fs.mkdirSync(path.join(GOLDEN, 'chromium'), { recursive: true });
    for (const c of cases) {
      if (opt.only && !opt.only.includes(c.name)) continue;
      const [w, h] = c.viewport;
      const sheet = fs.readFileSync(path.join(GOLDEN, 'sheets', `${c.name}.zstyle`), 'utf8');
      const tree = c.tree ? parseTreeNotation(`div(${c.tree})`).children : [];
      await page.setViewportSize({ width: w, height: h });
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head>' +
        `<body style="margin: 0; background: white"><div id="root" style="box-sizing: border-box; width: ${w}px; ` +
        `height: ${h}px">` +
        '</div></body></html>');
      await page.evaluate(([nodes, reset, css, ms]) => {
        const build = (parent, n) => {
          const el = document.createElement(n.type || 'div');
          if (n.id) el.id = n.id;
          for (const cls of n.classes) el.classList.add(cls);
          for (const [a, v] of n.attributes) el.setAttribute(a, v);
          parent.appendChild(el);
          for (const ch of n.children) build(el, ch);
        };
        for (const n of nodes) build(document.getElementById('root'), n);
        for (const text of [reset, css]) {
          const style = document.createElement('style');
          style.textContent = text;
          document.head.appendChild(style);
        }
        for (const a of document.getAnimations()) {
          a.pause();
          a.currentTime = ms;
        }
      }, [tree, RESET, sheet, c.time ?? 0]);
      const file = path.join(GOLDEN, 'chromium', `${c.name}.png`);
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width: w, height: h }, animations: 'allow' });
      console.log(`${c.name}: ${w}x${h} -> ${path.relative(process.cwd(), file)}`);
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`golden.mjs: ${e.stack || e}`);
  process.exit(1);
});
