// crawlers-test.cjs - the crawler catalog on the site (make test-site): the
// playground asks every catalog crawler as the native command does
// (`robots --crawler NAME FILE URL`: all its tokens, the '*' group skipped by
// one that ignores it, the token whose group decided); "who can crawl this
// site" gives each crawler a status its verdicts bear out; the traps are marked
// on their lines with their lesson; the crawlers page lists every crawler and
// source of the catalog; every case's "try it" link opens on results, not on an
// error.
//
//   node crawlers-test.cjs --site DIR --modules DIR --robots PATH --catalog FILE [--chromium PATH]
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('crawlers-test', name, fallback);

const site = path.resolve(option('--site'));
const modules = path.resolve(option('--modules'));
const robots = path.resolve(option('--robots'));
const catalogFile = path.resolve(option('--catalog'));
const chromium = option('--chromium', '/usr/bin/chromium');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));
const catalog = JSON.parse(fs.readFileSync(catalogFile, 'utf8'));
const base = 'file://' + path.join(site, 'playground.html');

function fragment(robotsText, agents, urls) {
  const p = new URLSearchParams();
  p.set('robots', robotsText);
  p.set('agents', agents.join('\n'));
  p.set('urls', urls.join('\n'));
  return '#' + p.toString();
}

async function open(page, hash) {
  await page.goto('about:blank');
  await page.goto(base + hash);
  await page.waitForSelector('#cap:not(:empty)');
}

// The native command's answer for a crawler: {allowed, line, decided} from
// "crawler 'X' (...) with URI 'U': ALLOWED" and "decided by: the group of T, line N (...)".
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crawlers-test-'));
function nativeCrawler(text, name, url) {
  const file = path.join(scratch, 'robots.txt');
  fs.writeFileSync(file, text);
  const r = spawnSync(robots, ['--catalog', catalogFile, '--crawler', name, file, url]);
  const out = r.stdout.toString();
  const verdict = / with URI '.*': (ALLOWED|DISALLOWED)/.exec(out);
  const by = /^decided by: (.*)$/m.exec(out) || ['', ''];
  const group = /the group of ([^\s,:]+)/.exec(by[1]);
  const line = /line (\d+) \(/.exec(by[1]);
  return { allowed: verdict ? verdict[1] === 'ALLOWED' : null, line: line ? Number(line[1]) : 0,
    decided: group ? group[1] : /^the '\*' group/.test(by[1]) ? '*' : '', status: r.status, out };
}

// Files that tell the crawlers apart: named groups, a '*' group that keeps out
// everything, tokens only a second token matches, a special-case crawler's group.
const FILES = [
  'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\nDisallow: /private/\n\nUser-agent: GPTBot\n' +
    'Disallow: /private/\n',
  'User-agent: googlebot\nDisallow: /shop/\n\nUser-agent: googlebot-news\nDisallow: /\nAllow: /news/\n\n' +
    'User-agent: AdsBot-Google\nDisallow: /private/\n\nUser-agent: *\nDisallow: /private/\n',
  'User-agent: bingbot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: Google-Extended\nDisallow: /\n\n' +
    'User-agent: yandex\nDisallow: /shop/\n',
];
const PATHS = ['/', '/private/x', '/shop/a', '/news/b'];

async function main() {
  const browser = await harness.launch(browserType, chromium);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const withTokens = catalog.crawlers.filter((c) => c.tokens.length);
    const urls = PATHS.map((p) => 'https://example.com' + p);

    // ---- Every crawler of the catalog, typed by name: the native command's answer.
    let asked = 0;
    const wrong = [];
    for (const text of FILES) {
      await open(page, fragment(text, withTokens.map((c) => c.name), urls));
      const got = await page.$$eval('tr.result[data-crawler]', (trs) => trs.map((r) => ({ url: r.dataset.url,
        crawler: r.dataset.crawler, verdict: r.dataset.verdict, line: r.dataset.line, decided: r.dataset.decided })));
      for (const c of withTokens)
        for (const url of urls) {
          asked++;
          const n = nativeCrawler(text, c.name, url);
          const g = got.find((r) => r.crawler === c.id && r.url === url);
          const same = g && n.allowed !== null && g.verdict === (n.allowed ? 'allowed' : 'disallowed') &&
            Number(g.line) === n.line && g.decided === n.decided;
          if (!same) wrong.push({ crawler: c.id, url, page: g, native: { allowed: n.allowed, line: n.line,
            decided: n.decided } });
        }
    }
    check(asked === FILES.length * withTokens.length * PATHS.length && wrong.length === 0,
      `${asked} answers for the ${withTokens.length} catalog crawlers with a token, by name: the verdict, the ` +
      'deciding line and the token whose group decided are those of robots --crawler', JSON.stringify(wrong.slice(0, 3)));

    // ---- Google's image crawler with a googlebot group and no googlebot-image group (the case).
    const gfile = 'User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: *\nAllow: /\n';
    await open(page, fragment(gfile, ['Googlebot-Image', 'Googlebot-News'], ['https://example.com/private/a']));
    const gi = await page.$$eval('tr.result', (trs) => trs.map((r) => ({ crawler: r.dataset.crawler,
      verdict: r.dataset.verdict, decided: r.dataset.decided, text: r.innerText })));
    check(gi.length === 2 && gi.every((r) => r.verdict === 'disallowed' && r.decided === 'googlebot' &&
      /the group of googlebot \(no group names googlebot-(image|news)\)/.test(r.text)),
    'Googlebot-Image and Googlebot-News follow the googlebot group when no group names them, and say so',
    JSON.stringify(gi));
    // A whole User-Agent header resolves through the catalog too.
    const header = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    await open(page, fragment(gfile, [header], ['https://example.com/private/a']));
    const hd = await page.$$eval('tr.result', (trs) => trs.map((r) => r.dataset.crawler));
    check(hd.length === 1 && hd[0] === 'googlebot', 'a whole Googlebot User-Agent header is the catalog\'s Googlebot',
      JSON.stringify(hd));
    // AdsBot is not kept out by the '*' group.
    await open(page, fragment('User-agent: *\nDisallow: /\n', ['AdsBot-Google', 'FooBot'], ['https://example.com/x']));
    const ads = await page.$$eval('tr.result', (trs) => trs.map((r) => [r.dataset.agent, r.dataset.verdict, r.innerText]));
    check(ads.length === 2 && ads[0][1] === 'allowed' && /ignores the \* group/.test(ads[0][2]) && /ADSBOT-1/.test(ads[0][2]) &&
      ads[1][1] === 'disallowed', "AdsBot-Google ignores the '*' group that keeps FooBot out", JSON.stringify(ads));
    await open(page, fragment('User-agent: *\nContent-Signal: ai-train=no\nDisallow: /\n', ['AdsBot-Google'],
      ['https://example.com/x']));
    const adsUsage = await page.$eval('tr.result', (r) => r.innerText);
    check(/allowed/.test(adsUsage) && !/crawl rules disallow/.test(adsUsage), "an AdsBot row allowed is not said to " +
      "be disallowed by the crawl rules in its AI-usage note (it follows no group, so no preference line)", adsUsage);

    // ---- Who can crawl this site: each status borne out by the native verdicts.
    const statusWrong = [];
    let listed = 0;
    for (const text of FILES) {
      await open(page, fragment(text, ['FooBot'], ['https://example.com/']));
      const who = await page.$$eval('#who li.who-crawler', (lis) => lis.map((l) => ({ id: l.dataset.crawler,
        status: l.dataset.status, reach: l.dataset.reachGoogle, link: l.querySelector('a[href^="crawler-catalog.html#"]') ?
          l.querySelector('a[href^="crawler-catalog.html#"]').getAttribute('href') : '' })));
      listed = Math.max(listed, who.length);
      for (const c of catalog.crawlers) {
        const w = who.find((x) => x.id === c.id);
        const expect = !c.tokens.length ? 'no-token' : ['usage-token', 'user-request'].includes(c.robots) ? c.robots
          : null;
        if (!w || w.link !== `crawler-catalog.html#crawler-${c.id}`) {
          statusWrong.push({ id: c.id, w });
          continue;
        }
        if (expect && w.status !== expect) statusWrong.push({ id: c.id, w, expect });
        if (!c.tokens.length) continue;
        const verdicts = PATHS.map((p) => nativeCrawler(text, c.id, 'https://example.com' + p).allowed);
        const fits = w.reach === 'allowed' ? verdicts.every((v) => v)
          : w.reach === 'blocked' ? verdicts.every((v) => !v) : w.reach === 'partly' && verdicts.some((v) => !v);
        if (!fits) statusWrong.push({ id: c.id, reach: w.reach, verdicts });
      }
    }
    check(listed === catalog.crawlers.length && statusWrong.length === 0,
      `"who can crawl this site" lists all ${catalog.crawlers.length} catalog crawlers, each linked to its entry, ` +
      'user-request fetchers and usage tokens said as such, and each allowed / blocked / blocked in part as the ' +
      `native verdicts on ${PATHS.length} paths bear out, for ${FILES.length} files`, JSON.stringify(statusWrong.slice(0, 3)));

    // ---- Traps, marked on their line with their lesson.
    const notes = async () => page.$$eval('ol.lines li', (lis) => lis.map((l) => ({ n: Number(l.dataset.line),
      text: (l.querySelector('.note') || { innerText: '' }).innerText,
      cases: [...l.querySelectorAll('a[data-case]')].map((a) => a.dataset.case) })));
    const trap = 'User-agent: *\nContent-Signal: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n';
    await open(page, fragment(trap, ['Googlebot'], ['https://example.com/']));
    let n = await notes();
    check(/joins the group above/.test(n[3].text) && n[3].cases.includes('GROUP-4') && /allow: \//.test(n[3].text),
      "a non-rule line between two user-agent lines: the second is marked as joining the first's group, with " +
      'GROUP-4 and what to write', JSON.stringify(n[3]));
    const meaning = await page.$('#usage-meaning') ? await page.innerText('#usage-meaning') : '';
    check(/what the file states/.test(meaning) && /Google's parser reads neither/.test(meaning), 'a file with a ' +
      "usage line: the page says once that a row's AI usage is what the file states, which Google's parser " +
      'does not read', meaning);
    const traps = await page.$$eval('#traps li', (lis) => lis.map((l) => [l.dataset.line, l.dataset.trap]));
    const whoText = await page.innerText('#who-summary');
    check(traps.some(([l, k]) => l === '4' && k === 'joins-group') && traps.some(([l, k]) => l === '2' &&
      k === 'usage-hidden') && /Read the traps in this file first/.test(whoText), 'the traps are listed above the ' +
      'results, each linked to its line, and "who can crawl" points to them', JSON.stringify(traps));
    const hidden = 'User-agent: *\nContent-Usage: train-ai=n\nDisallow: /tmp/\n\nUser-agent: GPTBot\nAllow: /\n';
    await open(page, fragment(hidden, ['GPTBot'], ['https://example.com/']));
    n = await notes();
    check(/a preference of the '\*' group only/.test(n[1].text) && n[1].cases.includes('USAGE-1') &&
      /repeat this line/.test(n[1].text), "a usage line in the '*' group of a file with a named group: marked, with " +
      'USAGE-1 and what to do', JSON.stringify(n[1]));
    const gpt = await page.$eval('tr.result', (r) => r.innerText);
    check(/the user-agent line 5 names it/.test(gpt) && !/line 1\)/.test(gpt), "GPTBot's row says its own group is " +
      "the one whose user-agent line names it (line 5), not the crawl group's first line", gpt);
    await open(page, fragment('Disallow: /x\nUser-agent: *\nDisallow: /y\n', ['FooBot'], ['https://example.com/']));
    check(await page.$('#usage-meaning') === null, 'no such note for a file without usage lines');
    n = await notes();
    check(/belongs to no group/.test(n[0].text) && n[0].cases.includes('GROUP-3'), 'a rule before any user-agent line',
      JSON.stringify(n[0]));
    await open(page, fragment('User-agent: Googlebot-Images\nDisallow: /\n\nUser-agent: googlebot-video\nDisallow: /v/\n',
      ['FooBot'], ['https://example.com/']));
    n = await notes();
    check(/no crawler of the catalog asks with "Googlebot-Images"/.test(n[0].text) && /googlebot-image/.test(n[0].text) &&
      !/catalog asks/.test(n[3].text), 'a group under a token no crawler carries, one letter off Googlebot-Image: ' +
      'marked, with the token to write; a real token the catalog lacks (googlebot-video) is not', JSON.stringify(n));
    await open(page, fragment('User-agent: *\nDisallow: /*.pdf$\n', ['FooBot'], ['https://example.com/files/REPORT.PDF']));
    const pdf = await page.$$eval('tr.result', (trs) => trs.map((r) => [r.dataset.verdict, r.innerText,
      [...r.querySelectorAll('a[data-case]')].map((a) => a.dataset.case)]));
    check(pdf.length === 1 && pdf[0][0] === 'allowed' && /Paths are case-sensitive/.test(pdf[0][1]) &&
      /line 2/.test(pdf[0][1]) && pdf[0][2].includes('MATCH-3'), '/files/REPORT.PDF against disallow: /*.pdf$: ' +
      'allowed, and the page says a rule would match were paths case-insensitive', JSON.stringify(pdf));
    await open(page, fragment('User-agent: *\nDisallow: /*.pdf$\n', ['FooBot'], ['https://example.com/files/report.pdf']));
    const lower = await page.$$eval('tr.result', (trs) => trs.map((r) => r.innerText));
    check(!/case-sensitive/.test(lower[0]), 'no such note where the case already matches', lower[0]);
    // The capital in the rule, not the URL: the file is read in lower case (the
    // other path of ref/wasm/playground.c's folded_rules), and the note names line 3.
    await open(page, fragment('User-agent: *\nAllow: /\nDisallow: /Private/\n', ['FooBot'],
      ['https://example.com/private/a', 'https://example.com/Private/a']));
    const rule = await page.$$eval('tr.result', (trs) => trs.map((r) => [r.dataset.verdict, r.innerText]));
    check(rule.length === 2 && rule[0][0] === 'allowed' && /Paths are case-sensitive/.test(rule[0][1]) &&
      /line 3/.test(rule[0][1]) && rule[1][0] === 'disallowed' && !/case-sensitive/.test(rule[1][1]),
      '/private/a against disallow: /Private/: allowed, with the note naming line 3; /Private/a disallowed, no note',
      JSON.stringify(rule));

    // ---- The home page's AI question says to repeat the line in every group and how to keep groups apart.
    const home = await browser.newPage();
    await home.goto('file://' + path.join(site, 'index.html'));
    const ai = await home.$eval('#q-ai-training', (q) => [q.closest('section,li,div,details').innerText,
      [...q.closest('section,li,div,details').querySelectorAll('a')].map((a) => a.getAttribute('href'))]);
    check(/Repeat it in every group/.test(ai[0]) && /joins the group above/.test(ai[0]) &&
      ai[1].some((h) => /#GROUP-4$/.test(h)), "the home page's AI-training question: repeat the line in every " +
      'group, and end each group with a rule (GROUP-4)', JSON.stringify(ai));
    await home.close();

    // ---- The crawlers page: every crawler and every source, each fact linked to its source.
    const cp = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await cp.goto('file://' + path.join(site, 'crawler-catalog.html'));
    const entries = await cp.$$eval('section.crawler', (ss) => ss.map((s) => s.id));
    const sources = await cp.$$eval('ol.sources li', (ls) => ls.map((l) => [l.id, l.querySelector('a').href]));
    const dangling = await cp.$$eval('a[href^="#source-"]', (as) => as.map((a) => a.getAttribute('href').slice(1))
      .filter((id) => !document.getElementById(id)));
    check(entries.length === catalog.crawlers.length && catalog.crawlers.every((c) => entries.includes('crawler-' + c.id)) &&
      sources.length === catalog.sources.length && catalog.sources.every((s) => sources.some(([id, href]) =>
      id === 'source-' + s.id && href === s.url)) && dangling.length === 0,
    `crawler-catalog.html: ${entries.length} crawlers and ${sources.length} sources with their addresses, every fact's ` +
      'source link resolves', JSON.stringify({ entries: entries.length, sources: sources.length, dangling }));
    const wide = await cp.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    check(!wide, 'crawler-catalog.html is no wider than a 390 px phone');

    // ---- Every case's "try it" link opens on results, never on an error.
    const areas = fs.readdirSync(site).filter((f) => /^area-.*\.html$/.test(f));
    const links = [];
    for (const a of areas) {
      const html = fs.readFileSync(path.join(site, a), 'utf8');
      for (const m of html.matchAll(/<a class="try-it" href="playground\.html(#[^"]*)"/g))
        links.push([a, m[1].replace(/&amp;/g, '&')]);
    }
    const broken = [];
    for (const [area, hash] of links) {
      await open(page, hash);
      const rowsShown = await page.$$eval('tr.result', (trs) => trs.length);
      const error = await page.$('#no-results');
      const empty = /Give at least one crawler/.test(await page.innerText('#results'));
      if (!rowsShown || error || empty) broken.push(area + hash.slice(0, 80));
    }
    check(links.length > 100 && broken.length === 0, `all ${links.length} "try it" links open the playground on ` +
      'results', JSON.stringify(broken.slice(0, 5)));
  } finally {
    await browser.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  if (failures()) {
    console.error(`crawlers-test: ${failures()} check(s) failed`);
    process.exit(1);
  }
  console.log('crawlers-test: all checks passed');
}

main().catch((e) => {
  console.error(e);
  fs.rmSync(scratch, { recursive: true, force: true });
  process.exit(1);
});
