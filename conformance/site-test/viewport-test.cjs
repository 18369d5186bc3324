// viewport-test.cjs - no page of the site is wider than a phone's or a laptop's
// screen (make test-site).
//
//   node viewport-test.cjs --site DIR --modules DIR [--shots DIR] [--chromium PATH]
//
// Opens every page of the site from file:// in headless Chromium at 390 and 1,280
// CSS pixels wide and checks that the page scrolls only down: the document is no
// wider than the viewport. A page that is wider is reported with its width and the
// elements that stick out furthest, to say what to mend. With --shots, saves the
// home page, a case page and the playground at both widths. Prints one line per
// check; exits 1 when any fails.
'use strict';

const path = require('path');
const fs = require('fs');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('viewport-test', name, fallback);

const site = path.resolve(option('--site'));
const modules = path.resolve(option('--modules'));
const shots = option('--shots', '');
const chromium = option('--chromium', '/usr/bin/chromium');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));

const WIDTHS = [390, 1280];
const SHOTS = ['index.html', 'area-match.html', 'playground.html'];

// How far the page reaches past the viewport, and the elements that reach furthest
// (their tag, class and a little of their text), in the page.
function overflow() {
  const width = document.documentElement.clientWidth;
  const reach = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  const wide = [];
  if (reach > width) {
    for (const e of document.body.querySelectorAll('*')) {
      const r = e.getBoundingClientRect();
      // Past the viewport itself, or its text past its own box (a long word).
      const spills = getComputedStyle(e).overflowX === 'visible' && e.scrollWidth > e.clientWidth + 1;
      if (r.right > width + 1 || (spills && r.left + e.scrollWidth > width + 1)) {
        const name = e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '');
        wide.push({ right: Math.round(Math.max(r.right, r.left + e.scrollWidth)), name, text: (e.textContent || '').trim().slice(0, 40) });
      }
    }
    wide.sort((a, b) => b.right - a.right);
  }
  return { width, reach, wide: wide.slice(0, 3) };
}

// The robots.txt listings (table.robots) that scroll sideways inside their box:
// on a phone a file's long lines wrap instead, so that a site owner reads every
// line without scrolling each one.
function sidewaysListings() {
  return [...document.querySelectorAll('table.robots')]
    .filter((t) => t.scrollWidth > t.clientWidth + 1)
    .map((t) => `${t.scrollWidth} in ${t.clientWidth} px: "${(t.textContent || '').trim().slice(0, 40)}"`);
}

async function main() {
  const pages = fs.readdirSync(site).filter((f) => f.endsWith('.html')).sort();
  check(pages.length >= 20, `the site has its pages (${pages.length})`);
  if (shots) fs.mkdirSync(shots, { recursive: true });
  const browser = await harness.launch(browserType, chromium);
  try {
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      const wider = [], sideways = [];
      let listings = 0;
      for (const name of pages) {
        await page.goto('file://' + path.join(site, name));
        const o = await page.evaluate(overflow);
        if (o.reach > o.width)
          wider.push(`${name}: ${o.reach} px (${o.wide.map((w) => `${w.name} to ${w.right} px "${w.text}"`).join('; ')})`);
        if (width < 600) {
          listings += await page.$$eval('table.robots', (ts) => ts.length);
          sideways.push(...(await page.evaluate(sidewaysListings)).map((t) => `${name}: ${t}`));
        }
        if (shots && SHOTS.includes(name))
          await page.screenshot({ path: path.join(shots, `${name.replace(/\.html$/, '')}-${width}.png`), fullPage: false });
      }
      check(wider.length === 0, `no page wider than the viewport at ${width} px (${pages.length} pages)`,
        `${wider.length} wider:\n     ${wider.join('\n     ')}`);
      if (width < 600)
        check(listings > 100 && sideways.length === 0,
          `${width} px: no robots.txt listing scrolls sideways (${listings} listings: long lines wrap)`,
          `${sideways.length} scroll:\n     ${sideways.slice(0, 8).join('\n     ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
  }
  process.exit(failures() ? 1 : 0);
}

main().catch((e) => {
  console.error(`viewport-test: ${e.stack || e}`);
  process.exit(2);
});
