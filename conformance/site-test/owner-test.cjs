// owner-test.cjs - the site as a site owner meets it (make test-site): the home
// page's questions, the search, and topics named in words a person reads.
//
//   node owner-test.cjs --site DIR --modules DIR [--chromium PATH]
//
// Loads the site from file:// in headless Chromium. Prints one line per check;
// exits 1 when any fails.
'use strict';

const path = require('path');
const fs = require('fs');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('owner-test', name, fallback);

const site = path.resolve(option('--site'));
const modules = path.resolve(option('--modules'));
const chromium = option('--chromium', '/usr/bin/chromium');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));

const url = (page) => 'file://' + path.join(site, page);

// The titles the search lists for a query, once the page has answered it.
async function search(page, query) {
  await page.fill('#search', query);
  await page.waitForFunction(() => document.getElementById('search-count').textContent !== '', null, { timeout: 5000 });
  return page.$$eval('#search-results a', (links) => links.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
}

async function main() {
  const browser = await harness.launch(browserType, chromium);
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(url('index.html'));

    // ---- The questions come first, each answered, shown by cases, tried in the playground.
    const questions = await page.$$eval('section.question', (sections) => sections.map((s) => ({
      id: s.id,
      question: s.querySelector('h3').textContent,
      answer: s.querySelector('h3 + p').textContent,
      cases: Array.from(s.querySelectorAll('.shown-by a')).map((a) => a.getAttribute('href')),
      tryIt: (s.querySelector('a.try-it') || {}).href || '',
    })));
    const wanted = ['block AI crawlers', 'a folder', 'type of file', 'server cannot serve', 'www', 'rule ignored',
      'one crawler'];
    for (const w of wanted)
      check(questions.some((q) => q.question.includes(w)), `home: a site owner's question about "${w}"`,
        `questions: ${JSON.stringify(questions.map((q) => q.question))}`);
    const firstH2 = await page.$eval('main h2', (h) => h.textContent);
    check(firstH2 === 'Questions site owners ask', 'home: the questions are the first section', `first: ${firstH2}`);
    for (const q of questions) {
      const sentences = q.answer.split(/[.?!](\s|$)/).filter((s) => s && s.trim().length > 3).length;
      check(sentences >= 2 && sentences <= 4 && q.answer.length < 600, `${q.id}: answered in a few plain sentences`,
        `${sentences} sentences, ${q.answer.length} characters`);
      check(q.cases.length >= 1, `${q.id}: links to the cases that show it`);
      for (const href of q.cases) {
        const [file, anchor] = href.split('#');
        const html = fs.existsSync(path.join(site, file)) ? fs.readFileSync(path.join(site, file), 'utf8') : '';
        check(html.includes(`id="${anchor}"`), `${q.id}: ${href} leads to its case`);
      }
      // The playground asks which URLs a crawler may fetch: the questions about a
      // server's answers and about which file governs a host have nothing to try.
      if (q.id !== 'q-server-fails' && q.id !== 'q-www')
        check(q.tryIt.includes('playground.html#robots='), `${q.id}: a "try it" in the playground`, q.tryIt);
    }
    // A "try it" opens the playground with the case's file in it.
    const tryIt = questions.find((q) => q.id === 'q-ai-crawlers').tryIt;
    await page.goto(tryIt);
    const robots = await page.inputValue('textarea').catch(() => '');
    check(/user-agent/i.test(robots), 'the AI question\'s "try it" fills the playground with its file', robots.slice(0, 80));

    // ---- The search: case titles, rules and questions, from file://.
    await page.goto(url('index.html'));
    let found = await search(page, 'pdf$');
    check(found.length >= 1 && found.some((f) => f.text.includes('type of file')), 'search "pdf$": the file-type question',
      JSON.stringify(found.slice(0, 5)));
    found = await search(page, '*.php$');
    check(found.some((f) => f.text.startsWith('MATCH-8:')), 'search "*.php$" finds the rule in MATCH-8\'s file',
      JSON.stringify(found.slice(0, 5)));
    found = await search(page, 'googlebot-news');
    check(found.some((f) => f.href.startsWith('area-ua.html#')), 'search "googlebot-news": a case of the user-agent topic',
      JSON.stringify(found.slice(0, 5)));
    found = await search(page, 'www');
    check(found.length > 0 && found[0].href === 'index.html#q-www', 'search "www": the www question first',
      JSON.stringify(found.slice(0, 3)));
    // The words of a site owner's own file lead to what it does, on What matters.
    found = await search(page, 'crawl-delay');
    check(found.length > 0 && found[0].href === 'matters.html#crawl-delay', 'search "crawl-delay": what the line does, first',
      JSON.stringify(found.slice(0, 3)));
    found = await search(page, 'noindex');
    check(found.some((f) => f.href === 'matters.html#noindex-line'), 'search "noindex": what the line does',
      JSON.stringify(found.slice(0, 3)));
    found = await search(page, 'claudebot');
    check(found.some((f) => f.href === 'index.html#q-ai-crawlers'), 'search "claudebot": the AI question', JSON.stringify(found.slice(0, 3)));
    // A word is matched at its start: "ai" is not found inside "contains".
    found = await search(page, 'ai');
    const all = await page.evaluate(() => window.ROBOTS_SEARCH.filter((e) =>
      (' ' + (e.i + ' ' + e.t + ' ' + e.a + ' ' + e.x).toLowerCase().replace(/[^a-z0-9$%?=&:_-]+/g, ' ')).includes(' ai')).length);
    const inside = await page.evaluate(() => window.ROBOTS_SEARCH.filter((e) =>
      (e.i + ' ' + e.t + ' ' + e.a + ' ' + e.x).toLowerCase().includes('ai')).length);
    const count = parseInt(await page.textContent('#search-count'), 10);
    check(count === all && count < inside, 'search "ai": words that start with it only',
      `${count} results, ${all} by word start, ${inside} holding "ai" anywhere`);
    found = await search(page, 'zzqqxxnothing');
    const none = await page.textContent('#search-count');
    check(found.length === 0 && none === 'Nothing found.', 'search for nothing says so', none);
    found = await search(page, 'redirect');
    check(found.length > 0, 'search "redirect" finds cases', JSON.stringify(found.slice(0, 3)));
    if (found.length) {
      await page.click('#search-results a >> nth=0');
      await page.waitForURL((u) => u.toString().includes('#'), { timeout: 5000 }).catch(() => {});
      check(page.url().endsWith(found[0].href), 'a search result leads to its case or question', page.url());
    }

    // ---- Topics are named in words a person reads, the short name second.
    await page.goto(url('index.html'));
    const topics = await page.$$eval('table.areas tbody tr', (rows) =>
      rows.map((r) => ({ name: r.querySelector('th a').textContent, code: r.querySelector('td code').textContent })));
    check(topics.length >= 10 && topics.every((t) => t.name.includes(' ') && t.name !== t.code),
      'every topic is named in words, its area\'s short name beside it', JSON.stringify(topics));
    check(topics.some((t) => t.code === 'prec' && t.name === 'Which rule wins'), 'prec is "Which rule wins"');
    for (const t of topics) {
      const html = fs.readFileSync(path.join(site, `area-${t.code}.html`), 'utf8');
      check(html.includes(`<h1>${t.name.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h1>`),
        `area-${t.code}.html is headed by its name, not its code`);
    }

    // ---- What matters for your site: measured on real files, ranked, each with what to do.
    const figures = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'measure', 'real-world.json'), 'utf8'));
    await page.goto(url('index.html'));
    await page.click('a[href="matters.html"]');
    const tables = await page.$$eval('table.matters', (ts) => ts.map((t) => Array.from(t.tBodies[0].rows).map((r) => ({
      // cells: what (the row's heading), files, what to do
      id: r.id, files: parseInt(r.cells[1].textContent.replace(/,/g, ''), 10), todo: r.cells[2].textContent,
      link: r.cells[2].querySelector('a') ? r.cells[2].querySelector('a').getAttribute('href') : '',
    }))));
    check(tables.length === 2, 'matters: a table of mistakes and one of differences', `${tables.length} tables`);
    for (const [t, list] of [[0, figures.mistakes], [1, figures.switches]]) {
      const rows = tables[t] || [];
      const seen = list.filter((e) => e.files > 0).sort((a, b) => b.files - a.files);
      check(rows.length === seen.length && rows.every((r, i) => r.id === seen[i].name && r.files === seen[i].files),
        `matters: table ${t + 1} ranks what the figures found, most files first`, JSON.stringify(rows.map((r) => [r.id, r.files])));
      for (const r of rows) {
        check(r.todo.length > 30, `matters: ${r.id} says what to do`);
        if (r.link) {
          const [file, anchor] = r.link.split('#');
          const html = fs.readFileSync(path.join(site, file), 'utf8');
          check(html.includes(`id="${anchor}"`), `matters: ${r.id} links to its case ${r.link}`);
        }
      }
    }
    const how = await page.innerText('#how + p');
    check(how.includes('first 500 KiB') && how.includes('no site is named'), 'matters: says how the figures were measured', how.slice(0, 120));

    // ---- A case page: the lesson first, the implementers' part folded, a template per kind.
    await page.goto(url('area-status.html#STATUS-5'));
    const status = await page.$eval('#STATUS-5', (s) => ({
      first: s.querySelector('h2 + p').className,
      details: Array.from(s.querySelectorAll('details.implementers')).map((d) => ({ open: d.open, summary: d.querySelector('summary').textContent })),
      robots: s.querySelectorAll('table.robots').length,
      caption: s.querySelector('table.checks caption').textContent,
      seedDoc: s.querySelectorAll('a.google-doc').length,
      seeds: Array.from(s.querySelectorAll('ul.sources li')).filter((li) => li.textContent.startsWith('seed')).length,
      text: s.innerText,
    }));
    check(status.first === 'lesson', 'a case opens with its lesson', status.first);
    check(status.details.length === 1 && !status.details[0].open && status.details[0].summary.startsWith('For implementers'),
      'sources, classes and who passes it are folded under "For implementers", closed', JSON.stringify(status.details));
    check(!/Audit|seed 00|google-parser|Who passes it/.test(status.text), 'the learner\'s part shows no seed citation, class, audit or scorecard',
      status.text.slice(0, 300));
    check(status.robots === 0 && status.caption.includes('what the server answers'),
      'a status case shows the server\'s answers, not a robots.txt', status.caption);
    check(/the server answers 500/.test(status.text) && /crawl nothing/.test(status.text),
      'a status check says what the server answers and what a crawler does');
    check(status.seeds > 0 && status.seedDoc === status.seeds, 'each seed citation has Google\'s documentation beside it',
      `${status.seeds} seeds, ${status.seedDoc} links`);
    // Every word a reader meets on the topics' pages: bytes, not octets; a glossary for the rest.
    const withOctets = [];
    for (const t of topics) {
      await page.goto(url(`area-${t.code}.html`));
      if (/octet/i.test(await page.innerText('main'))) withOctets.push(t.code);
    }
    check(withOctets.length === 0, 'no topic page speaks of octets to its reader', withOctets.join(', '));
    await page.goto(url('index.html'));
    await page.click('header nav a[href="glossary.html"]');
    const terms = await page.$$eval('dl.glossary dt', (dts) => dts.map((d) => d.id));
    check(['user-agent', 'group', 'scope', 'class', 'byte', 'undefined'].every((t) => terms.includes(t)),
      'the glossary, in the navigation, explains the words that remain', terms.join(' '));
  } finally {
    await browser.close();
  }
  process.exit(failures() ? 1 : 0);
}

main().catch((e) => {
  console.error(`owner-test: ${e.stack || e}`);
  process.exit(2);
});
