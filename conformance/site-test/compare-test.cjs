// compare-test.cjs - the playground's compare mode (make test-site; issue 64):
// two versions of a file side by side, every URL and crawler whose answer
// changes listed with the line that decides before and after, each agreeing with
// `robots review` on the same files, URLs and crawlers; the result rows marked;
// the comparison kept in the page's address and opened again from it; nothing
// listed when nothing changes, and nothing at all without another version.
//
//   node compare-test.cjs --site DIR --modules DIR --robots PATH [--chromium PATH]
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('compare-test', name, fallback);

const site = path.resolve(option('--site'));
const modules = path.resolve(option('--modules'));
const robots = path.resolve(option('--robots'));
const chromium = option('--chromium', '/usr/bin/chromium');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));
const base = 'file://' + path.join(site, 'playground.html');

const OLD = 'User-agent: *\nAllow: /\nDisallow: /tmp/\n';
const NEW = 'User-agent: *\nAllow: /\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /products/\n';
const URLS = ['https://example.com/', 'https://example.com/products/a', 'https://example.com/products/b',
  'https://example.com/tmp/x'];
const AGENTS = ['Googlebot', 'GPTBot'];

function fragment(robotsText, compare) {
  const p = new URLSearchParams();
  p.set('robots', robotsText);
  p.set('agents', AGENTS.join('\n'));
  p.set('urls', URLS.join('\n'));
  if (compare !== undefined) p.set('compare', compare);
  return '#' + p.toString();
}

async function open(page, hash) {
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.waitForSelector('#cap:not(:empty)');
}

const changes = (page) => page.$$eval('#changes tr.change', (trs) => trs.map((r) => ({ ...r.dataset,
  text: r.innerText })));

// robots review's changes for the Google profile: "URL crawler" pairs, from its JSON.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-test-'));
function reviewed(oldText, newText) {
  fs.writeFileSync(path.join(scratch, 'old.txt'), oldText);
  fs.writeFileSync(path.join(scratch, 'new.txt'), newText);
  fs.writeFileSync(path.join(scratch, 'urls.txt'), URLS.join('\n') + '\n');
  const r = spawnSync(robots, ['review', '--format', 'json', '--fail-on', 'none', '--crawlers', AGENTS.join(','),
    '--urls', path.join(scratch, 'urls.txt'), path.join(scratch, 'old.txt'), path.join(scratch, 'new.txt')]);
  const report = JSON.parse(r.stdout.toString());
  const pairs = [];
  for (const c of report.causes) {
    for (const [crawler, n] of Object.entries(c.crawlers)) {
      // with five samples or fewer, the URLs are every one that changed
      check(c.urls.length === n || c.urls.length === 5, 'robots review lists every URL of a small cause');
      for (const u of c.urls) pairs.push(`${u} ${crawler} ${c.before.line}->${c.after.line}`);
    }
  }
  return pairs.sort();
}

async function main() {
  const browser = await harness.launch(browserType, chromium);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

    // ---- Two versions: the answers that change, with their lines.
    await open(page, fragment(OLD, NEW));
    const rows = await changes(page);
    const google = rows.filter((r) => r.profile === 'google');
    // Googlebot's own group after the change has no "Disallow: /tmp/": it gains /tmp/x.
    const lost = google.filter((r) => /products/.test(r.url)), gained = google.filter((r) => /tmp/.test(r.url));
    check(google.length === 3 && lost.length === 2 && lost.every((r) => r.agent === 'Googlebot' &&
      r.before === 'allowed' && r.after === 'disallowed' && r.lineBefore === '2' && r.lineAfter === '6'),
    'Googlebot loses /products/a and /products/b: allowed by line 2 before, disallowed by line 6 after',
    JSON.stringify(google));
    check(gained.length === 1 && gained[0].before === 'disallowed' && gained[0].after === 'allowed' &&
      gained[0].lineBefore === '3' && gained[0].lineAfter === '0' && /allowed: no line decides/.test(gained[0].text),
    "and gains /tmp/x, which its own group no longer disallows: line 3 before, no line after", JSON.stringify(gained));
    check(google.some((r) => /disallowed by line 6: Disallow: \/products\//.test(r.text)),
      "the row shows the deciding line's text after the change", JSON.stringify(google[0]));
    const page2 = google.map((r) => `${r.url} ${r.agent} ${r.lineBefore}->${r.lineAfter}`).sort();
    const native = reviewed(OLD, NEW);
    check(JSON.stringify(page2) === JSON.stringify(native), 'the page lists what robots review lists',
      JSON.stringify({ page: page2, review: native }));
    check(rows.filter((r) => r.profile === 'rfc9309').length === 3, 'RFC 9309 answers the same three otherwise',
      JSON.stringify(rows));
    const marked = await page.$$eval('#results tr.result[data-changed]', (trs) => trs.map((r) => r.dataset.url +
      ' ' + r.dataset.agent));
    check(marked.length === 3 && marked.every((u) => / Googlebot$/.test(u)), "Googlebot's three result rows are " +
      'marked changed, GPTBot\'s none', JSON.stringify(marked));
    check(await page.$eval('#compare-box', (d) => d.open), 'a link with a comparison opens the compare box');

    // ---- The reverse: allowed again; the page agrees with robots review again.
    await open(page, fragment(NEW, OLD));
    const back = (await changes(page)).filter((r) => r.profile === 'google');
    check(back.length === 3 && back.filter((r) => /products/.test(r.url)).every((r) => r.before === 'disallowed' &&
      r.after === 'allowed'), 'the reverse change allows the two pages again', JSON.stringify(back));
    check(JSON.stringify(back.map((r) => `${r.url} ${r.agent} ${r.lineBefore}->${r.lineAfter}`).sort()) ===
      JSON.stringify(reviewed(NEW, OLD)), 'and agrees with robots review');

    // ---- Typed in: the address keeps it, and opens it again.
    await open(page, fragment(OLD));
    check((await changes(page)).length === 0 && await page.$eval('#changes', (d) => d.textContent === ''),
      'without another version, no comparison at all');
    await page.click('#compare-box summary');
    await page.fill('#compare', 'User-agent: *\nDisallow: /\n');
    await page.waitForFunction(() => document.querySelectorAll('#changes tr.change').length > 0);
    const hash = await page.evaluate(() => location.hash);
    check(new URLSearchParams(hash.slice(1)).get('compare') === 'User-agent: *\nDisallow: /\n',
      "the page's address carries the other version", hash);
    await open(page, hash);
    const shared = (await changes(page)).filter((r) => r.profile === 'google');
    check(shared.length === 6 && shared.every((r) => r.after === 'disallowed'),
      'the shared link shows the same comparison: every URL but /tmp/x lost, for both crawlers',
      JSON.stringify(shared));

    // ---- The same file twice: nothing changes, and the page says so.
    await open(page, fragment(OLD, OLD + '# a comment\n'));
    check((await changes(page)).length === 0 && await page.$eval('#no-changes', (p) => /No answer changes/.test(
      p.textContent)), 'a change that moves no answer says so');

    // ---- On a phone: the table of changes fits.
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(phone, fragment(OLD, NEW));
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
    check(wide <= 390, 'the comparison is no wider than a 390 px phone', String(wide));
    await phone.close();
  } finally {
    await browser.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (failures()) {
    console.log(`compare-test: ${failures()} check(s) failed`);
    process.exit(1);
  }
  console.log('compare-test: all checks passed');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
