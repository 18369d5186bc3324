// playground-test.cjs - the playground page (playground.html) in headless Chromium
// (make test-site, after browser-test.cjs).
//
//   node playground-test.cjs --site DIR --modules DIR --robots PATH [--chromium PATH] [--bench]
//
// Checks that generated robots.txt files, agents and URLs evaluated in the page get
// the verdict and deciding line the native reference gives (`robots --batch`),
// under both profiles, for at least 1,000 checks; that the state survives the URL
// fragment (non-ASCII text and empty lines included) and a link opens evaluated;
// that the result elements carry the documented data-* attributes; that the cap is
// shown for a file past 500 KiB; that a case page's "try it" link opens its case;
// and that the page requests nothing outside the site. With --bench it prints how
// long the page takes to evaluate a 500 KiB file (a figure, never a pass or fail).
'use strict';

const path = require('path');
const { spawnSync } = require('child_process');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('playground-test', name, fallback);

const site = path.resolve(option('--site'));
const modules = path.resolve(option('--modules'));
const robots = path.resolve(option('--robots'));
const chromium = option('--chromium', '/usr/bin/chromium');
const bench = process.argv.includes('--bench');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));


// ---- Generated inputs: a seeded generator, so every run asks the same ----------
// (32-bit arithmetic: a product past 2^53 would lose bits and fall into a short cycle)
let seed = 20261125;
function rand(n) {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 16) % n;
}
const pick = (xs) => xs[rand(xs.length)];
const PATHS = ['/', '/a', '/a/', '/a/b', '/ab', '/fish', '/fish.html', '/Fish', '/x/y/z', '/p?q=1', '/%7Ea', '/~a',
  '/a%2Fb', '/page.htm', '/index.html', '/dir/', '/dir/index.html', '/robots.txt', '/caf%C3%A9', '/café', '/$'];
const PATTERNS = ['/', '/a', '/a/', '/a$', '/*.html', '/*.htm$', '/fish', '/Fish', '/x/*/z', '/p?', '/%7ea', '/~a',
  '*', '/dir/index.html', '/dir/', '', '/caf%c3%a9', '/$', '/*a*b'];
const AGENTS = ['FooBot', 'BarBot', 'foobot', 'Googlebot'];
function robotsFile() {
  const lines = [];
  const groups = 1 + rand(3);
  for (let g = 0; g < groups; g++) {
    const agents = 1 + rand(2);
    for (let a = 0; a < agents; a++) {
      const key = pick(['user-agent', 'User-Agent', 'useragent', 'user agent']);
      const sep = key === 'user agent' ? ' ' : pick([': ', ':', ' : ']);
      lines.push(key + sep + pick(['*', 'FooBot', 'BarBot', 'foobot/1.0', 'Googlebot', 'FooBot BarBot']));
    }
    const rules = rand(5);
    for (let r = 0; r < rules; r++) {
      const key = pick(['allow', 'disallow', 'Disallow', 'disalow', 'allow', 'disallow']);
      lines.push(key + ': ' + pick(PATTERNS) + pick(['', '', ' # comment']));
    }
    if (rand(3) === 0) lines.push(pick(['', '# a comment', 'crawl-delay: 5', 'sitemap: http://e.com/s.xml']));
  }
  return lines.join(pick(['\n', '\r\n', '\n']));
}

// ---- The native reference through the batch protocol -------------------------------
function native(questions) {
  const input = questions.map((q, i) => JSON.stringify({ id: i + 1, profile: q.profile,
    robots_base64: Buffer.from(q.robots, 'utf8').toString('base64'), agent: q.agent, url: q.url })).join('\n') + '\n';
  const r = spawnSync(robots, ['--batch'], { input, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`robots --batch ended with ${r.status}: ${r.stderr}`);
  return r.stdout.toString().trim().split('\n').map((l) => JSON.parse(l));
}

function fragment(robotsText, agents, urls) {
  const p = new URLSearchParams();
  p.set('robots', robotsText);
  p.set('agents', agents.join('\n'));
  p.set('urls', urls.join('\n'));
  return '#' + p.toString();
}

async function results(page) {
  return page.$$eval('[data-profile][data-verdict]', (rows) => rows.map((r) => ({
    url: r.dataset.url, agent: r.dataset.agent, profile: r.dataset.profile, verdict: r.dataset.verdict,
    line: Number(r.dataset.line) })));
}

async function main() {
  const browser = await harness.launch(browserType, chromium);
  const base = 'file://' + path.join(site, 'playground.html');
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const foreign = [];
    page.on('request', (r) => { if (!r.url().startsWith('file://' + site + '/')) foreign.push(r.url()); });

    // ---- 1,000+ generated checks against the native reference.
    const asked = [];
    let shown = 0;
    for (let f = 0; f < 40; f++) {
      const text = robotsFile();
      const agents = [];
      while (agents.length < 3) {
        const a = pick(AGENTS);
        if (!agents.includes(a)) agents.push(a);
      }
      const urls = [];
      while (urls.length < 5) {
        const u = 'http://example.com' + pick(PATHS);
        if (!urls.includes(u)) urls.push(u);
      }
      await page.goto(base + fragment(text, agents, urls));
      await page.waitForSelector('[data-verdict]');
      const got = await results(page);
      shown += got.length;
      for (const g of got) asked.push({ ...g, robots: text });
      if (got.length !== agents.length * urls.length * 2)
        check(false, `file ${f}: a result for every URL x agent x profile`, `${got.length} results`);
    }
    const answers = native(asked);
    let same = 0;
    const differ = [];
    asked.forEach((q, i) => {
      const a = answers[i];
      const verdict = a.allowed ? 'allowed' : 'disallowed';
      const line = a.rule === 'none' ? 0 : a.line;
      if (verdict === q.verdict && line === q.line) same++;
      else if (differ.length < 5) differ.push(`${q.profile} ${JSON.stringify(q.agent)} ${q.url}: page ${q.verdict} line ${q.line}, native ${verdict} line ${line}\n${q.robots}`);
    });
    check(asked.length >= 1000 && same === asked.length,
      `${asked.length} generated checks: the page gives the native reference's verdict and deciding line, both profiles`,
      `${same} of ${asked.length} agree; ${differ.join('\n     ')}`);
    check(shown === asked.length, 'every result element carries data-url, data-agent, data-profile, data-verdict, data-line');

    // ---- The fragment round-trips: non-ASCII, empty lines, CR LF.
    const text = 'user-agent: *\n\ndisallow: /café\n# ünïcødé ✓\n\nallow: /café/ok\n';
    const agents = ['FooBot', 'Bär Bot'];
    const urls = ['http://example.com/caf%C3%A9', 'http://example.com/café/ok'];
    await page.goto(base);
    await page.waitForSelector('#robots');
    await page.fill('#robots', text);
    await page.fill('#agents', agents.join('\n'));
    await page.fill('#urls', urls.join('\n'));
    await page.click('#evaluate');
    const hash = await page.evaluate(() => location.hash);
    const again = await browser.newPage();
    again.on('request', (r) => { if (!r.url().startsWith('file://' + site + '/')) foreign.push(r.url()); });
    await again.goto(base + hash);
    await again.waitForSelector('[data-verdict]');
    const back = await again.evaluate(() => [document.getElementById('robots').value,
      document.getElementById('agents').value, document.getElementById('urls').value]);
    check(back[0] === text && back[1] === agents.join('\n') && back[2] === urls.join('\n'),
      'the URL fragment round-trips the robots.txt, agents and URLs (non-ASCII, empty lines)', JSON.stringify(back));
    const opened = await results(again);
    const cafe = opened.find((r) => r.profile === 'google' && r.agent === 'FooBot' && r.url === urls[0]);
    check(cafe && cafe.verdict === 'disallowed' && cafe.line === 3, 'a link opens evaluated: /café is disallowed by line 3',
      JSON.stringify(cafe));
    const params = new URLSearchParams(hash.slice(1));
    check(params.get('robots') === text && params.get('agents') === agents.join('\n'),
      'the fragment is application/x-www-form-urlencoded (URLSearchParams reads it)');
    await again.close();

    // ---- Lines the parser read in a surprising way, and the cap.
    await page.goto(base + fragment('\uFEFFuseragent: FooBot\ndisallow /x\ncrawl-delay: 3\nuser-agent: *\ndisallow: /y',
      ['FooBot'], ['http://example.com/x']));
    await page.waitForSelector('[data-verdict]');
    const notes = await page.$$eval('#lines li', (lis) => lis.map((li) => li.innerText));
    check(/byte order mark/.test(notes[0]) && /misspelt key/.test(notes[0]), 'a BOM and a key typo are marked', notes[0]);
    check(/no colon/.test(notes[1]), 'a missing colon is marked', notes[1]);
    check(/not a rule/.test(notes[2]), 'an unknown directive is marked', notes[2]);
    const big = 'user-agent: *\n' + '# filler line of a large robots.txt file, to pass the cap\n'.repeat(9500) + 'disallow: /late\n';
    await page.goto(base);
    await page.waitForSelector('#robots');
    await page.evaluate((t) => { document.getElementById('robots').value = t; }, big);
    await page.fill('#urls', 'http://example.com/late');
    await page.click('#evaluate');
    const cap = await page.innerText('#cap');
    check(/only the first 512000 \(500 KiB\) are read/.test(cap), 'a file past 500 KiB: the cap is shown', cap);
    const late = (await results(page)).find((r) => r.profile === 'google');
    check(late && late.verdict === 'allowed', 'a rule past the cap is not read: /late allowed', JSON.stringify(late));
    const past = await page.$eval('#lines li:last-child', (li) => li.innerText);
    check(/past the 500 KiB cap/.test(past), 'the lines past the cap are marked', past.slice(0, 200));

    // ---- A file chosen: its bytes, as they are.
    await page.goto(base);
    await page.waitForSelector('#robots');
    await page.fill('#urls', 'http://example.com/x');
    await page.setInputFiles('#file', { name: 'robots.txt', mimeType: 'text/plain',
      buffer: Buffer.from('\uFEFFuser-agent: *\r\ndisallow: /x\r\n') });
    await page.waitForFunction(() => document.getElementById('robots').value.includes('disallow: /x'));
    await page.waitForSelector('[data-verdict="disallowed"][data-line="2"]');
    check(true, 'a file chosen is evaluated: /x disallowed by line 2');

    // ---- A case page's "try it" link opens the playground with the case.
    await page.goto('file://' + path.join(site, 'area-match.html'));
    const link = await page.$('#MATCH-3 a.try-it');
    check(link !== null, 'MATCH-3 has a "try it" link');
    if (link) {
      await link.click();
      await page.waitForURL((u) => u.pathname.endsWith('/playground.html'), { timeout: 10000 });
      await page.waitForSelector('[data-verdict]');
      const tried = await results(page);
      const fish = tried.find((r) => r.url.endsWith('/fish') && r.profile === 'google');
      check(fish && fish.verdict === 'disallowed' && fish.line === 2, 'the "try it" link evaluates MATCH-3 at once',
        JSON.stringify(tried.slice(0, 3)));
    }
    // ---- A case whose file holds a NUL byte travels in its link, byte for byte.
    await page.goto('file://' + path.join(site, 'area-format.html'));
    await page.click('#NUL-1 a.try-it');
    await page.waitForURL((u) => u.pathname.endsWith('/playground.html'), { timeout: 10000 });
    await page.waitForSelector('[data-verdict]');
    const nulText = await page.$eval('#robots', (t) => t.value);
    const nulResults = await results(page);
    const nulNative = native(nulResults.map((r) => ({ ...r, robots: nulText })));
    check(nulText.includes('\u0000') && nulResults.length > 0 && nulResults.every((r, i) =>
      r.verdict === (nulNative[i].allowed ? 'allowed' : 'disallowed') &&
      r.line === (nulNative[i].rule === 'none' ? 0 : nulNative[i].line)),
      'NUL-1 tried: the NUL byte arrives and the page answers as the native reference', JSON.stringify(nulResults));

    // ---- Every page links to the playground.
    await page.goto('file://' + path.join(site, 'index.html'));
    check(await page.$('header nav a[href="playground.html"]') !== null, 'the navigation links to the playground');

    check(foreign.length === 0, 'the playground requests nothing outside the site', foreign.slice(0, 5).join(' '));

    if (bench) {
      const file = 'user-agent: *\n' + Array.from({ length: 21000 }, (_, i) => `disallow: /p${i}/*.html$`).join('\n');
      await page.goto(base);
      await page.waitForSelector('#robots');
      await page.evaluate((t) => { document.getElementById('robots').value = t.slice(0, 512000); }, file);
      await page.fill('#urls', 'http://example.com/p15999/x.html\nhttp://example.com/q');

      const times = [];
      for (let i = 0; i < 5; i++) {
        await page.click('#evaluate');
        times.push(Number(await page.getAttribute('#timing', 'data-ms')));
      }
      times.sort((a, b) => a - b);
      console.log(`bench: a 500 KiB robots.txt (${file.slice(0, 512000).length} bytes), 2 URLs x 1 agent x 2 profiles: ` +
        `evaluated in ${times[2].toFixed(1)} ms (median of 5; min ${times[0].toFixed(1)}, max ${times[4].toFixed(1)})`);
    }
  } finally {
    await browser.close();
  }
  console.log(failures() ? `playground-test: ${failures()} failed` : 'playground-test: all passed');
  process.exit(failures() ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
