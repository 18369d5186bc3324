// playground-test.cjs - the playground page (playground.html) in headless Chromium
// (make test-site, after browser-test.cjs).
//
//   node playground-test.cjs --site DIR --modules DIR --robots PATH [--chromium PATH] [--bench]
//
//   [--shots DIR]
//
// Checks that generated robots.txt files, agents and URLs evaluated in the page get
// the verdict and deciding line the native reference gives (`robots --batch`),
// under both profiles, for at least 1,000 checks; that the state survives the URL
// fragment (non-ASCII text and empty lines included) and a link opens evaluated;
// that the result elements carry the documented data-* attributes; that the cap is
// shown for a file past 500 KiB; that a case page's "try it" link opens its case;
// and that the page requests nothing outside the site. The page tells the truth
// (issue 51): a URL outside the file's location's scope gets no verdict, as the
// native `robots scope` and `robots url` say, and the location is a field; a whole
// User-Agent header is asked by its crawler's product token (reading.js, checked
// under Node too) with what the string itself gets beside it; a file's encoding is
// found and anything not UTF-8 warned about, its byte count the file's; "learn
// more" links name the cases of what decided and of the marked lines, and every
// one leads to a case of the site; one row per URL x crawler when the profiles
// agree; nothing wider than the screen at 390 and 1,280 px (screenshots under
// --shots, by default the site's sibling site-screenshots). With --bench it prints
// how long the page takes to evaluate a 500 KiB file (a figure, never a pass or
// fail).
'use strict';

const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('playground-test', name, fallback);

const site = path.resolve(option('--site'));
const modules = path.resolve(option('--modules'));
const robots = path.resolve(option('--robots'));
const chromium = option('--chromium', '/usr/bin/chromium');
const shots = path.resolve(option('--shots', path.join(path.dirname(site), 'site-screenshots')));
const bench = process.argv.includes('--bench');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));
const reading = require(path.join(__dirname, '..', 'playground', 'reading.js'));


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
// q.robots is the file as text (sent as UTF-8) or as its bytes (a Buffer).
function native(questions) {
  const input = questions.map((q, i) => JSON.stringify({ id: i + 1, profile: q.profile,
    robots_base64: (Buffer.isBuffer(q.robots) ? q.robots : Buffer.from(q.robots, 'utf8')).toString('base64'),
    agent: q.agent, url: q.url })).join('\n') + '\n';
  const r = spawnSync(robots, ['--batch'], { input, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`robots --batch ended with ${r.status}: ${r.stderr}`);
  return r.stdout.toString().trim().split('\n').map((l) => JSON.parse(l));
}

// The native command's one-line answer (robots url, robots scope).
function nativeLine(args) {
  const r = spawnSync(robots, args);
  return r.stdout.toString().trim();
}

function fragment(robotsText, agents, urls, location) {
  const p = new URLSearchParams();
  p.set('robots', robotsText);
  p.set('agents', agents.join('\n'));
  p.set('urls', urls.join('\n'));
  if (location) p.set('location', location);
  return '#' + p.toString();
}

// The rows: one per URL x crawler (one per URL without a verdict).
async function rows(page) {
  return page.$$eval('tr.result', (trs) => trs.map((r) => ({
    url: r.dataset.url, agent: r.dataset.agent, verdict: r.dataset.verdict, line: r.dataset.line,
    text: r.innerText, answers: r.querySelectorAll('[data-profile][data-verdict]').length,
    cases: [...r.querySelectorAll('a[data-case]')].map((a) => a.dataset.case),
    governing: (r.querySelector('code.governing') || { textContent: '' }).textContent,
    written: [...r.querySelectorAll('[data-written-profile]')].map((w) => ({ profile: w.dataset.writtenProfile,
      verdict: w.dataset.writtenVerdict, line: Number(w.dataset.writtenLine) })) })));
}

async function open(page, hash) {
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.waitForSelector('#cap:not(:empty)');
}

let base = '';

async function results(page) {
  return page.$$eval('[data-profile][data-verdict]', (rows) => rows.map((r) => ({
    url: r.dataset.url, agent: r.dataset.agent, profile: r.dataset.profile, verdict: r.dataset.verdict,
    line: Number(r.dataset.line) })));
}

// ---- reading.js under Node: the product token of a User-Agent header, encodings.
function readingChecks() {
  const crawlers = [
    ['Googlebot', 'Googlebot', false],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot', true],
    ['Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) ' +
      'Chrome/125.0.6422.175 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Googlebot', true],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'GPTBot', true],
    ['Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) ' +
      'Chrome/116.0.1938.76 Safari/537.36', 'bingbot', true],
    ['Mozilla/5.0 (compatible; ExampleBot/0.1; https://www.example.com/bot.html)', 'ExampleBot', true],
    ['CCBot/2.0 (https://commoncrawl.org/faq/)', 'CCBot', true],
    ['Googlebot-Image/1.0', 'Googlebot-Image', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'facebookexternalhit', true],
    ['FooBot/1.0 libwww-perl/6.72', 'FooBot', true],
    ['curl/8.5.0', 'curl', true],
    ['Bot2000', 'Bot', true],
    ['Googlebot ', 'Googlebot', true],
    ['Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile ' +
      'Safari/537.36', null, true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0', null, true],
    ['*', null, true],
    ['2000', null, true],
  ];
  const wrong = crawlers.map(([agent, token, header]) => [agent, token, header, reading.crawler(agent)])
    .filter(([, token, header, got]) => got.token !== token || got.header !== header)
    .map(([agent, token, , got]) => `${JSON.stringify(agent)}: ${JSON.stringify(got)}, wanted ${token}`);
  check(wrong.length === 0, `reading.js: the crawler's product token of ${crawlers.length} agents (headers of ` +
    'Googlebot, GPTBot, bingbot, CCBot, RFC 9309\'s example; browsers name none)', wrong.join('\n     '));

  const text = 'user-agent: *\ndisallow: /abcd\n';
  const le = Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from(text, 'utf16le')]);
  const be = Buffer.from(le);
  be.swap16();
  const cases = [
    [le, 'utf-16le', false, text, 2], // FF and FE, its byte order mark, are no UTF-8
    [be, 'utf-16be', false, text, 2],
    [Buffer.from('user-agent: *\ndisallow: /caf\xE9\n', 'latin1'), 'latin-1', false, 'user-agent: *\ndisallow: /caf\xE9\n', 1],
    [Buffer.from('\uFEFFuser-agent: *\n'), 'utf-8', true, '\uFEFFuser-agent: *\n', 0],
    [Buffer.from('user-agent: *\ndisallow: /café\n'), 'utf-8', false, 'user-agent: *\ndisallow: /café\n', 0],
    [Buffer.from([0xC0, 0x80, 0x0A, 0xED, 0xA0, 0x80]), 'latin-1', false, '\xC0\x80\n\xED\xA0\x80', 5],
  ];
  const bad = cases.map(([bytes, name, bom, shown, invalid]) => [name, reading.encoding(new Uint8Array(bytes)), bom,
    shown, invalid]).filter(([name, got, bom, shown, invalid]) => got.name !== name || got.bom !== bom ||
    got.text !== shown || got.invalid !== invalid).map(([name, got]) => `${name}: ${JSON.stringify(got)}`);
  check(le.length === 62 && bad.length === 0, 'reading.js: UTF-8 with and without a BOM, UTF-16 LE and BE by ' +
    'their BOM, other bytes as Latin-1 with the bytes that are not UTF-8 counted', bad.join('\n     '));
  const latin = reading.encoding(new Uint8Array(Buffer.from('a\r\nb\rc\n\xFF', 'latin1')));
  check(latin.firstInvalid && latin.firstInvalid.offset === 7 && latin.firstInvalid.line === 4,
    'reading.js: the first byte that is not UTF-8 is found with its line (CR LF, CR and LF end lines)',
    JSON.stringify(latin.firstInvalid));
  // Its UTF-8 validator against Node's own decoder, on generated bytes.
  let disagree = 0;
  for (let i = 0; i < 3000; i++) {
    const bytes = new Uint8Array(1 + rand(6));
    for (let k = 0; k < bytes.length; k++)
      bytes[k] = pick([rand(256), 0x80 + rand(64), 0xC0 + rand(64), 0xE0 + rand(32), 0xED, 0xF4, 0xF0 + rand(16)]);
    let valid = true;
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (e) {
      valid = false;
    }
    if (valid !== (reading.encoding(bytes).invalid === 0)) disagree++;
  }
  check(disagree === 0, "reading.js: 3,000 generated byte strings: its UTF-8 validity is Node's decoder's",
    `${disagree} disagree`);
}

async function main() {
  readingChecks();
  const browser = await harness.launch(browserType, chromium);
  base = 'file://' + path.join(site, 'playground.html');
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
    // crawl-delay, a key that is not a rule, says what it does and links to what to do.
    check(/Google ignores crawl-delay/.test(notes[2]) && /what to do/.test(notes[2]), 'crawl-delay is marked with what it does',
      notes[2]);
    const todo = await page.$eval('#L3 a[href^="matters.html"]', (a) => a.getAttribute('href'));
    check(todo === 'matters.html#crawl-delay', 'crawl-delay links to what matters', todo);
    await page.goto(base + fragment('user-agent: *\nnoindex: /drafts/\nhost: example.com\ndisallow: /y', ['FooBot'],
      ['http://example.com/x']));
    await page.waitForSelector('[data-verdict]');
    const others = await page.$$eval('#lines li', (lis) => lis.map((li) => li.innerText));
    check(/ignored noindex in robots.txt since 2019/.test(others[1]), 'noindex is marked with what it does', others[1]);
    check(/not a rule/.test(others[2]), 'an unknown directive is marked', others[2]);
    // ---- AI usage preferences (issue 53): every category's answer and deciding line
    // the native reference's (robots --batch, kinds usage and signal), the deciding
    // lines marked, and the lines themselves said to be preferences, not rules.
    const usageText = 'User-agent: *\nAllow: /\nDisallow: /private/\nContent-Usage: search=y, train-ai=n\n' +
      'Content-Usage: /open/ train-ai=y\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n';
    await page.goto(base + fragment(usageText, ['Googlebot', 'ClaudeBot'],
      ['http://example.com/a', 'http://example.com/open/b', 'http://example.com/private/c']));
    await page.waitForSelector('[data-verdict]');
    const usageShown = await page.$$eval('[data-usage-profile] [data-category]', (xs) => xs.map((x) => ({
      url: x.closest('tr').dataset.url, agent: x.closest('tr').dataset.agent, kind: x.dataset.kind,
      category: x.dataset.category, answer: x.dataset.answer, line: Number(x.dataset.line) })));
    const usageInput = usageShown.map((u, i) => JSON.stringify({ id: i + 1, profile: 'google',
      kind: u.kind === 'content-usage' ? 'usage' : 'signal', robots: usageText, agent: u.agent, url: u.url,
      category: u.category })).join('\n') + '\n';
    const usageNative = spawnSync(robots, ['--batch'], { input: usageInput }).stdout.toString().trim().split('\n')
      .map((l) => JSON.parse(l));
    const usageDiffer = usageShown.filter((u, i) => !usageNative[i] || usageNative[i].usage !== u.answer ||
      usageNative[i].line !== u.line);
    check(usageShown.length === 30 && usageDiffer.length === 0,
      'AI usage: 2 crawlers x 3 URLs x 5 categories, each the native answer and deciding line',
      `${usageShown.length} shown; differ: ${JSON.stringify(usageDiffer.slice(0, 3))}`);
    const openTrain = usageShown.find((u) => u.url.endsWith('/open/b') && u.category === 'train-ai');
    const privateTrain = usageShown.find((u) => u.url.endsWith('/private/c') && u.category === 'train-ai');
    check(openTrain && openTrain.answer === 'y' && openTrain.line === 5 && privateTrain &&
      privateTrain.answer === 'unknown' && privateTrain.line === 0,
    'AI usage: /open/ allowed for training by line 5; a disallowed path has no preference',
    JSON.stringify([openTrain, privateTrain]));
    const usageMarked = await page.$$eval('#lines li.decides-usage', (lis) => lis.map((li) => Number(li.dataset.line)));
    check(JSON.stringify(usageMarked) === '[4,6]', "the first row's deciding usage lines are marked (4 and 6)",
      JSON.stringify(usageMarked));
    const usageNote = await page.$eval('#L4', (li) => li.innerText);
    check(/AI usage preference, not a crawl rule/.test(usageNote) && /AIPREF-2/.test(usageNote),
      'a Content-Usage line is said to be a preference, not a crawl rule (AIPREF-2)', usageNote);
    // A site owner's mistakes: a line before any user-agent line, a line that does not parse, a crawler
    // with a group of its own.
    await page.goto(base + fragment('Content-Usage: train-ai=n\nUser-agent: *\nContent-Usage: /a/ train-ai = n\n' +
      'Allow: /\n\nUser-agent: GPTBot\nAllow: /\n', ['Googlebot', 'GPTBot'], ['http://example.com/a/x']));
    await page.waitForSelector('[data-verdict]');
    const outsideNote = await page.$eval('#L1', (li) => li.innerText);
    check(/belongs to no group/.test(outsideNote) && /USAGE-9/.test(outsideNote),
      'a Content-Usage line before any user-agent line is marked, with USAGE-9', outsideNote);
    const mistakes = await page.$$eval('tr.result', (trs) => trs.map((r) => r.innerText));
    check(mistakes.some((t) => /Googlebot/.test(t) && /line 3: it can't be read/.test(t)),
      "a line that does not parse says so: line 3 can't be read", mistakes.join('\n'));
    check(mistakes.some((t) => /GPTBot/.test(t) && /has a group of its own \(the user-agent line 6 names it\)/.test(t)),
      "a crawler with a group of its own is told the '*' group's lines do not apply to it", mistakes.join('\n'));
    // Google-Extended is a token, not a crawler: its rows say so, with the glossary's entry.
    await page.goto(base + fragment('User-agent: Google-Extended\nDisallow: /\n', ['Google-Extended', 'Googlebot'],
      ['http://example.com/a']));
    await page.waitForSelector('[data-verdict]');
    const tokenNotes = await page.$$eval('tr.result', (trs) => trs.map((r) => {
      const a = r.querySelector('.token-note a');
      return [r.dataset.agent, r.querySelector('.token-note') ? r.querySelector('.token-note').innerText : '',
        a ? a.getAttribute('href') : ''];
    }));
    const extended = tokenNotes.find((t) => t[0] === 'Google-Extended');
    check(extended && /not a crawler: Googlebot fetches/.test(extended[1]) &&
      extended[2] === 'glossary.html#google-extended' && tokenNotes.every((t) => t[0] === 'Google-Extended' || !t[1]),
    'Google-Extended is said to be a token, not a crawler (Googlebot has no such note)', JSON.stringify(tokenNotes));
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

    // ---- Scope: a URL outside the file's location gets no verdict, as the native
    // `robots scope` decides; the location is taken from the first URL or given.
    const SCHEMES = ['http', 'https', 'HTTPS', 'ftp'];
    const HOSTS = ['example.com', 'www.example.com', 'EXAMPLE.com', 'example.com.', '127.0.0.1', '[::1]', 'bücher.example'];
    const PORTS = ['', '', ':80', ':443', ':8443', ':21'];
    const someUrl = () => `${pick(SCHEMES)}://${pick(HOSTS)}${pick(PORTS)}${pick(['/x', '/private/y', '/'])}`;
    let scoped = 0;
    const scopeWrong = [];
    for (let round = 0; round < 12; round++) {
      const urls = [];
      while (urls.length < 6) {
        const u = someUrl();
        if (!urls.includes(u)) urls.push(u);
      }
      const given = round % 2 ? `${pick(SCHEMES)}://${pick(HOSTS)}${pick(PORTS)}/robots.txt` : '';
      await open(page, fragment('user-agent: *\ndisallow: /private/\n', ['FooBot'], urls, given));
      const used = given ? nativeLine(['url', given]) : nativeLine(['url', urls[0]]);
      if (!given) {
        const shown = await page.$eval('#location-used', (c) => c.textContent).catch(() => null);
        if (shown !== used) scopeWrong.push(`round ${round}: location shown ${shown}, native ${used}`);
      }
      const got = await rows(page);
      for (const u of urls) {
        const native1 = nativeLine(['scope', used, u]);
        const governing = nativeLine(['url', u]);
        const mine = got.filter((r) => r.url === u);
        scoped++;
        const ok = native1 === 'applies'
          ? mine.length === 1 && ['allowed', 'disallowed'].includes(mine[0].verdict) && mine[0].answers === 2
          : mine.length === 1 && mine[0].verdict === 'out-of-scope' && mine[0].answers === 0 &&
            mine[0].governing === governing;
        if (!ok) scopeWrong.push(`location ${used}, ${u}: native ${native1} (${governing}), page ${JSON.stringify(mine)}`);
      }
    }
    check(scoped >= 70 && scopeWrong.length === 0, `${scoped} generated URLs (schemes, hosts, ports, IDN, IP ` +
      'addresses): a verdict exactly where the native `robots scope` says the file applies, else ' +
      'data-verdict="out-of-scope" naming the robots.txt `robots url` gives', scopeWrong.slice(0, 5).join('\n     '));

    // The site owner's three URLs: http://, www. and :8443 get no "disallowed, line 2".
    await open(page, fragment('user-agent: *\ndisallow: /private/\n', ['FooBot'], ['https://example.com/private/a',
      'http://example.com/private/a', 'https://www.example.com/private/a', 'https://example.com:8443/private/a']));
    let got = await rows(page);
    check(got[0].verdict === 'disallowed' && got.slice(1).every((r) => r.verdict === 'out-of-scope' && r.answers === 0 &&
      !/disallowed/.test(r.text)), 'http://, www. and :8443 against https://example.com/robots.txt: out of scope, ' +
      'no verdict, not "disallowed"', JSON.stringify(got.map((r) => [r.url, r.verdict])));
    check(/another scheme/.test(got[1].text) && /another host/.test(got[2].text) && /another port/.test(got[3].text),
      'each out-of-scope row says what differs: scheme, host, port', got.slice(1).map((r) => r.text).join(' | '));
    check(await page.getAttribute('#location', 'placeholder') === 'https://example.com/robots.txt' &&
      /Taken from the first URL/.test(await page.innerText('#location-note')),
    'the location field shows the one taken from the first URL');

    // Typing a location: the fragment keeps it, and it decides the scope.
    await page.fill('#location', 'https://www.example.com/robots.txt');
    await page.click('#evaluate');
    const withLocation = await page.evaluate(() => location.hash);
    check(new URLSearchParams(withLocation.slice(1)).get('location') === 'https://www.example.com/robots.txt',
      'the location is in the fragment as location', withLocation);
    got = await rows(page);
    check(got.find((r) => r.url === 'https://www.example.com/private/a').verdict === 'disallowed' &&
      got.find((r) => r.url === 'https://example.com/private/a').verdict === 'out-of-scope',
    'a location given: its host gets verdicts, the first URL\'s host none', JSON.stringify(got.map((r) => [r.url, r.verdict])));
    const reopened = await browser.newPage();
    await reopened.goto(base + withLocation);
    await reopened.waitForSelector('tr.result');
    check(await reopened.inputValue('#location') === 'https://www.example.com/robots.txt' &&
      (await rows(reopened)).filter((r) => r.verdict === 'out-of-scope').length === 3,
    'a link with a location opens with it, and the same scope');
    await reopened.close();

    // A location that is no robots.txt: it governs nothing (SCOPE-3), and the page offers the host's.
    await open(page, fragment('user-agent: *\ndisallow: /private/\n', ['FooBot'], ['https://example.com/private/a',
      '/private/b'], 'https://example.com/folder/robots.txt'));
    got = await rows(page);
    check(await page.getAttribute('#location-note', 'data-state') === 'not-a-robots-url' && got.length === 2 &&
      got.every((r) => r.verdict === 'out-of-scope') && got[0].cases.includes('SCOPE-3'),
    'a location in a folder: no verdict for any URL, SCOPE-3', JSON.stringify(got.map((r) => [r.url, r.verdict])));
    await page.click('#location-suggest');
    await page.waitForSelector('tr.result[data-verdict="disallowed"]');
    check(await page.inputValue('#location') === 'https://example.com/robots.txt' &&
      (await rows(page)).every((r) => r.verdict === 'disallowed'), 'its suggestion, /robots.txt of the host, gives them verdicts');
    // A location that is not a URL: no verdicts at all, and why.
    await open(page, fragment('user-agent: *\ndisallow: /\n', ['FooBot'], ['https://example.com/'], 'example.com'));
    check(await page.getAttribute('#location-note', 'data-state') === 'not-a-url' &&
      (await page.$$('tr.result')).length === 0 && /not a URL/.test(await page.innerText('#no-results')),
    'a location that is not a URL: no verdicts, and the page says why');
    // A path is on the file's own site; a URL without a scheme is no URL.
    await open(page, fragment('user-agent: *\ndisallow: /private/\n', ['FooBot'], ['https://example.com/',
      '/private/x', '//example.com/private/y', 'example.com/private/z']));
    got = await rows(page);
    const by = (u) => got.find((r) => r.url === u) || {};
    check(by('/private/x').verdict === 'disallowed' && by('//example.com/private/y').verdict === 'disallowed' &&
      by('example.com/private/z').verdict === 'not-a-url' && by('example.com/private/z').answers === 0,
    'a path and a scheme-relative URL get verdicts; "example.com/private/z" is no URL and gets none',
    JSON.stringify(got.map((r) => [r.url, r.verdict])));

    // ---- A whole User-Agent header: asked by its product token, the string's own answer beside it.
    const header = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    const uaFile = 'user-agent: Googlebot\ndisallow: /private/\n';
    await open(page, fragment(uaFile, [header, 'FooBot'], ['https://example.com/private/a']));
    got = await rows(page);
    const uaAnswers = await results(page);
    const gb = got.find((r) => r.agent === 'Googlebot');
    check(gb && gb.verdict === 'disallowed' && gb.line === '2' && uaAnswers.filter((r) => r.agent === 'Googlebot' &&
      r.verdict === 'disallowed' && r.line === 2).length === 2,
    'the Googlebot header is asked as Googlebot (data-agent): disallowed by line 2 under both profiles',
    JSON.stringify(got));
    const uaNote = await page.innerText('#agent-notes');
    check(/whole User-Agent header/.test(uaNote) && /product token/.test(uaNote) && /Googlebot/.test(uaNote) &&
      /finds no group/.test(uaNote), 'the page says crawlers match by product token, names Googlebot, and says ' +
      'the whole string finds no group', uaNote);
    const writtenNative = native(['google', 'rfc9309'].map((profile) => ({ profile, robots: uaFile, agent: header,
      url: 'https://example.com/private/a' })));
    check(gb.written.length === 2 && gb.written.every((w, i) => w.verdict === (writtenNative[i].allowed ? 'allowed'
      : 'disallowed') && w.line === (writtenNative[i].rule === 'none' ? 0 : writtenNative[i].line)) &&
      gb.written[0].verdict === 'allowed', 'what the header string itself gets is shown: the native reference\'s ' +
      'answer for it, allowed under Google', JSON.stringify(gb.written));
    check(got.find((r) => r.agent === 'FooBot').written.length === 0, 'a product token gets no such note');
    const browserUA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
    await open(page, fragment(uaFile, [browserUA], ['https://example.com/private/a']));
    got = await rows(page);
    check(got.length === 1 && got[0].agent === browserUA && /names no crawler/.test(await page.innerText('#agent-notes')),
      "a browser's header names no crawler: asked as written, and the page says so", JSON.stringify(got));

    // ---- Encodings: UTF-16 with its BOM, Latin-1, UTF-8 with a BOM; byte counts are the file's.
    const text16 = 'user-agent: *\ndisallow: /abcd\n';
    const utf16 = Buffer.concat([Buffer.from([0xFF, 0xFE]), Buffer.from(text16, 'utf16le')]);
    await open(page, fragment('', ['FooBot'], ['https://example.com/abcd']));
    await page.setInputFiles('#file', { name: 'robots.txt', mimeType: 'text/plain', buffer: utf16 });
    await page.waitForSelector('#encoding[data-encoding="utf-16le"]');
    let capText = await page.innerText('#cap');
    const warning = await page.innerText('#encoding');
    check(utf16.length === 62 && /has 62 bytes/.test(capText) && !/66/.test(capText), 'a UTF-16 file of 62 bytes: "62 bytes"', capText);
    check(await page.getAttribute('#encoding', 'class') === 'warning' && /UTF-16/.test(warning) &&
      /as if it were UTF-8/.test(warning) && /NUL/.test(warning), 'the UTF-16 file is warned about, with what Google ' +
      'does with it', warning);
    check(await page.inputValue('#robots') === text16, 'the text box shows the UTF-16 file decoded');
    const lineView = await page.$$eval('#lines abbr.byte', (a) => a.map((x) => x.textContent));
    check(lineView.length > 10 && lineView.every((b) => b === 'NUL'), 'the file as the parser read it shows its NUL bytes',
      JSON.stringify(lineView.slice(0, 5)));
    let page16 = await results(page);
    let native16 = native(page16.map((r) => ({ ...r, robots: utf16 })));
    check(page16.length === 2 && page16.every((r, i) => r.verdict === (native16[i].allowed ? 'allowed' : 'disallowed')),
      'the UTF-16 file\'s bytes are what the reference reads: the native answers for them', JSON.stringify(page16));
    await page.fill('#urls', 'https://example.com/abcd\nhttps://example.com/');
    await page.waitForFunction(() => document.querySelectorAll('tr.result').length === 2);
    capText = await page.innerText('#cap');
    check(/has 62 bytes/.test(capText), 'after editing the URLs, still the file\'s 62 bytes', capText);
    const hash16 = await page.evaluate(() => location.hash);
    const p16 = new URLSearchParams(hash16.slice(1));
    check(!p16.has('robots') && Buffer.from(p16.get('robots_base64'), 'base64').equals(utf16),
      'a file that is not UTF-8 travels in the fragment as robots_base64, byte for byte');
    await open(page, hash16);
    check(/has 62 bytes/.test(await page.innerText('#cap')) &&
      await page.getAttribute('#encoding', 'data-encoding') === 'utf-16le', 'its link reopens the same 62 bytes, UTF-16');
    const be16 = Buffer.from(utf16);
    be16.swap16();
    await page.setInputFiles('#file', { name: 'robots.txt', mimeType: 'text/plain', buffer: be16 });
    await page.waitForSelector('#encoding[data-encoding="utf-16be"]');
    check(true, 'UTF-16 big-endian is known by its BOM');

    const latin = Buffer.from('user-agent: *\ndisallow: /caf\xE9\n', 'latin1');
    await open(page, fragment('', ['FooBot'], ['http://example.com/caf%E9', 'http://example.com/caf%C3%A9']));
    await page.setInputFiles('#file', { name: 'robots.txt', mimeType: 'text/plain', buffer: latin });
    await page.waitForSelector('#encoding[data-encoding="latin-1"]');
    const latinNote = await page.innerText('#encoding');
    const latinLinks = await page.$$eval('#encoding a[data-case]', (a) => a.map((x) => x.dataset.case));
    check(/not UTF-8/.test(latinNote) && /Latin-1/.test(latinNote) && /line 2/.test(latinNote) &&
      latinLinks.includes('FORMAT-3') && /café/.test(await page.inputValue('#robots')) &&
      /has 30 bytes/.test(await page.innerText('#cap')), 'a Latin-1 file: shown as Latin-1, warned about (the ' +
      'first bad byte\'s line, FORMAT-3), 30 bytes', latinNote);
    const pageLatin = await results(page);
    const nativeLatin = native(pageLatin.map((r) => ({ ...r, robots: latin })));
    check(pageLatin.length === 4 && pageLatin.every((r, i) => r.verdict === (nativeLatin[i].allowed ? 'allowed'
      : 'disallowed')) && pageLatin.find((r) => r.url.endsWith('%E9')).verdict === 'disallowed',
    'the Latin-1 file\'s bytes are read as they are: /caf%E9 disallowed, as natively', JSON.stringify(pageLatin));
    await page.setInputFiles('#file', { name: 'robots.txt', mimeType: 'text/plain',
      buffer: Buffer.from('\uFEFFuser-agent: *\ndisallow: /x\n') });
    await page.waitForFunction(() => /byte order mark/.test(document.getElementById('encoding').textContent));
    check(await page.getAttribute('#encoding', 'data-encoding') === 'utf-8' &&
      await page.getAttribute('#encoding', 'class') === '' && /has 30 bytes/.test(await page.innerText('#cap')),
    'UTF-8 with a BOM: UTF-8, no warning, the BOM counted');
    await page.goto('about:blank');
    await page.goto(base + '#robots_base64=%%%&agents=FooBot&urls=https%3A%2F%2Fexample.com%2F');
    await page.waitForSelector('#no-results');
    check(/not base64/.test(await page.innerText('#results')) && (await page.$$('tr.result')).length === 0,
      'a link whose robots_base64 is not base64: no verdicts, and why');

    // ---- Learn more: the cases of what decided and of the lines marked.
    await open(page, fragment('user-agent: *\ndisallow: /*.php$\n', ['FooBot'], ['https://example.com/index.php?id=1',
      'https://example.com/index.php']));
    got = await rows(page);
    check(got[0].cases.includes('MATCH-8') && got[0].cases.includes('EDGE-4') && /without its query/.test(got[0].text),
      "'$' and a query: MATCH-8 and EDGE-4, and the rule the query kept from deciding", JSON.stringify(got[0]));
    check(got[1].cases[0] === 'MATCH-8', "a '$' rule that decides: MATCH-8", JSON.stringify(got[1].cases));
    await open(page, fragment('useragent: FooBot\ndisallow: /x\n', ['FooBot'], ['https://example.com/x']));
    got = await rows(page);
    const typoNote = await page.$$eval('#L1 a[data-case]', (a) => a.map((x) => x.dataset.case));
    check(got[0].cases.includes('FORMAT-7') && typoNote.includes('FORMAT-7'),
      'a typo\'d key: FORMAT-7, from the result it decided and from the line', JSON.stringify([got[0].cases, typoNote]));
    await open(page, fragment('user-agent: *\ndisallow: /\n\nuser-agent: BarBot\ndisallow: /a/\n\nuser-agent: FooBot\n',
      ['FooBot', 'BarBot'], ['https://example.com/b']));
    got = await rows(page);
    check(got[0].cases.includes('EMPTY-1') && !got[1].cases.includes('EMPTY-1') && got[1].cases.includes('MERGE-3') &&
      got.every((r) => !r.cases.includes('RULE-1')), 'EMPTY-1 only for an empty group; a group whose rules do not ' +
      'match gets MERGE-3 (it hides the * group), never the generic RULE-1', JSON.stringify(got.map((r) => r.cases)));
    const cases = await page.evaluate(() => RobotsPlayground.cases());
    const missing = Object.entries(cases).filter(([id, [area]]) => {
      const file = path.join(site, `area-${area}.html`);
      return !fs.existsSync(file) || !fs.readFileSync(file, 'utf8').includes(`id="${id}"`);
    }).map(([id, [area]]) => `${id} (area-${area}.html)`);
    check(Object.keys(cases).length >= 30 && missing.length === 0,
      `every one of the ${Object.keys(cases).length} cases the page links to is a case of the site`, missing.join(', '));

    // ---- One row per URL x crawler when the profiles agree; the difference when not.
    await open(page, fragment('user-agent: *\ndisallow: /x\nallow: /\n', ['FooBot', 'BarBot'],
      ['https://example.com/x', 'https://example.com/y', 'https://example.com/']));
    got = await rows(page);
    check(got.length === 6 && got.every((r) => r.answers === 2 && /agree/.test(r.text)),
      'profiles that agree: 6 rows for 3 URLs x 2 crawlers, each "Google and RFC 9309 agree"', JSON.stringify(got.length));
    const short = await page.innerText('#results');
    check(/1 character long/.test(short) && !/\b1 (octets|bytes|characters)\b/.test(short) && !/octets/.test(short),
      'lengths in characters, "1 character" singular, never "octets"', short.slice(0, 400));
    await open(page, fragment('user-agent: *\ndisallow /x\n', ['FooBot'], ['https://example.com/x']));
    got = await rows(page);
    check(got.length === 1 && got[0].verdict === 'differs' && /Google: disallowed/.test(got[0].text.replace(/\s+/g, ' ')) &&
      /RFC 9309: allowed/.test(got[0].text.replace(/\s+/g, ' ')), 'profiles that differ: one row with each answer',
    got[0] && got[0].text);

    // ---- Nothing wider than the screen, at 390 and 1,280 px; no URL column narrower than its host.
    fs.mkdirSync(shots, { recursive: true });
    const wide = fragment('user-agent: Googlebot\ndisallow: /private/\ndisallow: /*.php$\n\nuser-agent: *\n' +
      'disallow: /tmp/\nallow: /tmp/public-reports-for-everyone/index.html\n', [header, 'FooBot'],
    ['https://www.example-shop-online.com/tmp/public-reports-for-everyone/index.html?session=1234567890',
      'https://www.example-shop-online.com/private/orders/2024/very-long-order-identifier-0123456789',
      'http://www.example-shop-online.com/private/x', 'https://www.example-shop-online.com/a.php',
      `https://${'a-host-name-longer-than-any-screen-is-wide.'.repeat(3)}example/x`]);
    for (const width of [390, 1280]) {
      const narrow = await browser.newPage({ viewport: { width, height: 900 } });
      await narrow.goto(base + wide);
      await narrow.waitForSelector('tr.result');
      const m = await narrow.evaluate(() => {
        const res = document.getElementById('results');
        const cells = [...document.querySelectorAll('tr.result td')];
        const hosts = [...document.querySelectorAll('tr.result code.url .origin')].map((o) => ({
          lines: o.getClientRects().length, width: o.getBoundingClientRect().width,
          cell: o.closest('td').getBoundingClientRect().width }));
        // the hosts that fit on the screen (the last one does not)
        const widest = Math.max(...hosts.filter((h) => h.width < 0.9 * window.innerWidth).map((h) => h.width));
        return { page: document.documentElement.scrollWidth, view: window.innerWidth, results: res.scrollWidth,
          resultsBox: res.clientWidth, hosts, widest, narrowest: Math.min(...cells.map((c) => c.getBoundingClientRect().width)) };
      });
      check(m.page <= m.view && m.results <= m.resultsBox, `${width} px: the page and the results are no wider than ` +
        'the screen (no sideways scrolling), a host of 130 characters included', JSON.stringify([m.page, m.view, m.results, m.resultsBox]));
      const fit = m.hosts.slice(0, -1);
      check(m.hosts.length === 8 && fit.every((h) => h.lines === 1 && h.cell >= h.width),
        `${width} px: every URL's scheme and host on one line, its column at least as wide`, JSON.stringify(m.hosts));
      if (width === 390)
        check(m.narrowest >= m.widest, '390 px: no column narrower than a URL\'s host', JSON.stringify([m.narrowest, m.widest]));
      await narrow.screenshot({ path: path.join(shots, `playground-evaluated-${width}.png`), fullPage: true });
      await (await narrow.$('#results')).screenshot({ path: path.join(shots, `playground-evaluated-${width}-results.png`) });
      await narrow.close();
    }

    // ---- A case whose file is not UTF-8 (FORMAT-3, a Latin-1 é) travels by robots_base64.
    await page.goto('file://' + path.join(site, 'area-format.html'));
    await page.click('#FORMAT-3 a.try-it');
    await page.waitForURL((u) => u.pathname.endsWith('/playground.html'), { timeout: 10000 });
    await page.waitForSelector('#encoding[data-encoding="latin-1"]');
    const f3 = Buffer.from(new URLSearchParams((await page.evaluate(() => location.hash)).slice(1)).get('robots_base64'),
      'base64');
    const f3Results = await results(page);
    const f3Native = native(f3Results.map((r) => ({ ...r, robots: f3 })));
    check(f3.includes(0xE9) && f3Results.length > 0 && f3Results.every((r, i) =>
      r.verdict === (f3Native[i].allowed ? 'allowed' : 'disallowed') &&
      r.line === (f3Native[i].rule === 'none' ? 0 : f3Native[i].line)) &&
      (await page.innerText('#cap')).includes(`has ${f3.length} bytes`),
    'FORMAT-3 tried: its Latin-1 bytes arrive by robots_base64, are warned about, and answered as natively',
    JSON.stringify(f3Results));

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
