// browser-test.cjs - the atlas website as a reader sees it (make test-site).
//
//   node browser-test.cjs --site DIR --shots DIR --modules DIR [--chromium PATH]
//
// Loads the site from file:// in headless Chromium (Debian's chromium, driven by
// playwright-core from the npm registry, installed under --modules), reads the
// rendered text of the index, case pages, the differences, the scorecard and the
// manual, moves through them with the keyboard and by following links, checks that
// no page asks for anything but its own files, and saves a screenshot of each page
// it checks under --shots. Prints one line per check; exits 1 when any fails.
'use strict';

const path = require('path');
const fs = require('fs');

const harness = require('./harness.cjs');
const { check, failures } = harness;
const option = (name, fallback) => harness.option('browser-test', name, fallback);

const site = path.resolve(option('--site'));
const shots = path.resolve(option('--shots'));
const modules = path.resolve(option('--modules'));
const chromium = option('--chromium', '/usr/bin/chromium');
const { chromium: browserType } = require(path.join(modules, 'playwright-core'));

function url(page) {
  return 'file://' + path.join(site, page);
}
function contains(text, want, what) {
  check(text.includes(want), what, `the rendered text does not contain ${JSON.stringify(want)}`);
}

// The URL once the navigation an action started has ended. A key press or a click
// only queues a navigation (a fragment change included), so reading page.url()
// straight after it can see the page before: wait, up to a bound, for the URL the
// check wants; when it never comes, the check reports the URL found instead.
async function urlAfter(page, wanted) {
  try {
    await page.waitForURL(wanted, { timeout: 10000 });
  } catch (e) {
    if (e.name !== 'TimeoutError') throw e;
  }
  return page.url();
}

async function shot(page, name) {
  await page.screenshot({ path: path.join(shots, name), fullPage: false });
}

async function main() {
  fs.mkdirSync(shots, { recursive: true });
  const browser = await harness.launch(browserType, chromium);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Static files only: every request a page makes is for a file of the site.
    const foreign = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('file://' + site + '/')) foreign.push(r.url());
    });
    const broken = [];
    page.on('requestfailed', (r) => broken.push(r.url()));

    // ---- The index: what robots.txt is, where to start, the areas.
    await page.goto(url('index.html'));
    let text = await page.innerText('body');
    contains(text, 'What does my robots.txt say?', 'index: the title');
    contains(text, 'Questions site owners ask', 'index: the questions come first');
    contains(text, 'Start here', 'index: a place to start');
    contains(text, 'How to read a score', 'index: how to read a score');
    const areas = await page.$$eval('table.areas tbody th a', (links) => links.map((a) => a.textContent));
    check(areas.length >= 10 && areas[0] === 'Which robots.txt governs a URL',
      'index: the topics in the specification\'s order, by names a person reads, scope first',
      `found ${JSON.stringify(areas)}`);
    check(/\d+ cases expect different answers/.test(text), 'index: counts the cases where the profiles differ');
    await shot(page, 'index.png');

    // ---- Keyboard: the first Tab reaches the skip link, Enter moves to the content;
    // the navigation follows in order.
    await page.keyboard.press('Tab');
    let focused = await page.evaluate(() => document.activeElement.textContent);
    check(focused === 'Skip to the content', 'keyboard: the first Tab reaches the skip link', `focused ${focused}`);
    await page.keyboard.press('Enter');
    const skipped = await urlAfter(page, (u) => u.hash === '#main');
    check(skipped.endsWith('#main'), 'keyboard: the skip link moves to the content', skipped);
    await page.goto(url('index.html'));
    const order = [];
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      order.push(await page.evaluate(() => document.activeElement.textContent));
    }
    // The navigation's links as the page lists them (pages come and go: a Crawlers
    // page joined after "Check your file"); Tab meets them in that order.
    const navLinks = await page.$$eval('header nav a', (as) => as.map((a) => a.textContent));
    check(order[1] === 'Home' && order[2] === 'Check your file' && order.slice(1).every((t, i) => t === navLinks[i]),
      'keyboard: Tab walks the navigation in order', `${JSON.stringify(order)}, navigation ${JSON.stringify(navLinks)}`);

    // ---- From the index to a case: the area link, then the case.
    await page.click('table.areas a[href="area-match.html"]');
    const area = await urlAfter(page, (u) => u.pathname.endsWith('/area-match.html'));
    check(area.endsWith('area-match.html'), 'index -> the match area page', area);
    await page.click('nav[aria-label="Cases of this area"] a[href="#MATCH-3"]');
    const line2 = await page.innerText('#MATCH-3-L2');
    check(/^2\s+disallow: \/fish\s+.*checks 1, 2, 3, 4, 5, 6 \(google, rfc9309\)/.test(line2),
      'MATCH-3: line 2 is numbered, shown, and marked as deciding checks 1-6', JSON.stringify(line2));
    const background = (id) => page.$eval(id + ' td', (td) => getComputedStyle(td).backgroundColor);
    const [deciding, plain] = [await background('#MATCH-3-L2'), await background('#MATCH-3-L1')];
    check(deciding !== plain, 'MATCH-3: the deciding line is highlighted in the file', `${deciding} vs ${plain}`);
    // The case as a reader first sees it (docs/images/atlas-case.png is this shot).
    await shot(page, 'case-MATCH-3-top.png');
    // The columns after # and the check are the profiles, in order; where both
    // read the same, one cell across them says they agree.
    for (const [column, profile, label] of [[3, 'google', 'Google'], [4, 'rfc9309', 'RFC 9309']]) {
      const head = await page.innerText(`#MATCH-3 table.checks thead th:nth-child(${column})`);
      check(head === label, `MATCH-3: column ${column} is the ${profile} profile`, head);
    }
    const agreed = await page.$eval('#MATCH-3-c1 td:nth-child(3)', (td) => ({ span: td.colSpan, text: td.innerText }));
    check(agreed.span === 2 && agreed.text.startsWith('Google and RFC 9309 agree:'),
      'MATCH-3 check 1: one cell for the two profiles, which agree', JSON.stringify(agreed));
    contains(agreed.text, 'disallowed', 'MATCH-3 check 1: the verdict');
    contains(agreed.text, 'line 2: disallow: /fish', 'MATCH-3 check 1: the deciding line');
    contains(agreed.text, "the '*' group (line 1)", 'MATCH-3 check 1: the group that applied');
    // Where they differ, a cell each (ENC-1 check 2: Google allows, RFC 9309 disallows).
    await page.goto(url('area-encoding.html#ENC-1'));
    const parted = await page.$$eval('#ENC-1-c2 td', (tds) => tds.map((td) => td.innerText));
    check(parted.length === 3 && /allowed/.test(parted[1]) && /disallowed/.test(parted[2]),
      'ENC-1 check 2: a cell per profile, which differ', JSON.stringify(parted));
    await page.goto(url('area-match.html#MATCH-3'));
    // The case says which parsers and crawlers pass it, for implementers: opened.
    await page.click('#MATCH-3 details.implementers summary');
    const who = await page.innerText('#MATCH-3 div.who');
    contains(who, 'Parsers, google profile: passed by', 'MATCH-3: the parsers that pass it');
    contains(who, 'Crawlers, google profile: passed by', 'MATCH-3: the crawlers that pass it');
    // Following the deciding line highlights it.
    await page.click('#MATCH-3-c1 a[href="#MATCH-3-L2"] >> nth=0');
    const line = await urlAfter(page, (u) => u.hash === '#MATCH-3-L2');
    check(line.endsWith('#MATCH-3-L2'), 'MATCH-3: the deciding line is a link to the line', line);
    const outline = await page.$eval('#MATCH-3-L2 td', (td) => getComputedStyle(td).outlineStyle);
    check(outline === 'solid', 'MATCH-3: the line followed to is highlighted', `outline ${outline}`);
    await shot(page, 'case-MATCH-3.png');

    // ---- The differences page, grouped by switch; from it to a case with bytes
    // one cannot see.
    await page.click('header nav a[href="differences.html"]');
    await urlAfter(page, (u) => u.pathname.endsWith('/differences.html'));
    text = await page.innerText('main');
    for (const cause of ['percent-decode', 'index-html', 'nul-ends-line', 'fetch policy', 'left open by RFC 9309'])
      contains(text, cause, `differences: a section for ${cause}`);
    const encodings = await page.innerText('#cause-percent-decode');
    contains(encodings, 'ENC-1', 'differences: ENC-1 under percent-decode');
    contains(encodings, 'A switch of the profiles, on in rfc9309 and off in google',
      'differences: says which profile turns the switch on');
    await shot(page, 'differences.png');
    await page.click('#cause-nul-ends-line a:text-is("NUL-1")');
    const nulPage = await urlAfter(page, (u) => u.hash === '#NUL-1');
    check(/area-[a-z]+\.html#NUL-1$/.test(nulPage), 'differences -> NUL-1', nulPage);
    const nul = await page.innerText('#NUL-1 table.robots');
    contains(nul, 'NUL', 'NUL-1: the NUL byte is shown by name');
    const badge = await page.$eval('#NUL-1 table.robots abbr.byte', (a) => a.title);
    check(badge === 'control byte 0x00', 'NUL-1: the badge says which byte', badge);
    const nulGoogle = await page.innerText('#NUL-1-c1 td:nth-child(3)');
    const nulRfc = await page.innerText('#NUL-1-c1 td:nth-child(4)');
    contains(nulGoogle, 'line 2: disallow: /a', 'NUL-1 check 1: google is decided by the rule cut at the NUL');
    contains(nulRfc, 'no rule matches: allowed by default', 'NUL-1 check 1: rfc9309 has no matching rule');
    await shot(page, 'case-NUL-1.png');

    // ---- The scorecard: totals, then a matrix whose marks say their result in
    // text and link to their checks.
    await page.goto(url('scorecard.html'));
    text = await page.innerText('main');
    contains(text, 'always-allowed', 'scorecard: the baselines are listed');
    const summaryRows = await page.$$eval('table.summary tbody tr', (rows) => rows.length);
    check(summaryRows >= 2, 'scorecard: a row per implementation', `${summaryRows} rows`);
    await shot(page, 'scorecard.png');
    await page.click('a[href="scorecard-google.html"]');
    await urlAfter(page, (u) => u.pathname.endsWith('/scorecard-google.html'));
    const failed = await page.$('table.matrix td.r-FAIL a');
    check(failed !== null, 'matrix: a failed result is marked');
    if (failed) {
      const mark = await failed.innerText();
      check(mark.includes('\u2717') && mark.includes('failed'), 'matrix: the mark says failed in text, not colour alone',
        JSON.stringify(mark));
      const href = await failed.getAttribute('href');
      await failed.click();
      const cell = await urlAfter(page, (u) => u.href.endsWith(href));
      check(/area-[a-z]+\.html#[A-Za-z0-9_.-]+-c\d+$/.test(cell) && cell.endsWith(href),
        'matrix: a cell links to its check', cell);
      const id = href.split('#')[1];
      const row = await page.$eval('#' + id.replace(/\./g, '\\.'), (tr) => tr.tagName);
      check(row === 'TR', 'matrix: the linked check exists on its case page', row);
    }
    await page.goto(url('scorecard-google.html#area-match'));
    await shot(page, 'scorecard-matrix.png');

    // ---- Sources: a case's source leads to its document.
    await page.goto(url('area-match.html#MATCH-3'));
    await page.click('#MATCH-3 details.implementers summary'); /* the sources are for implementers */
    await page.click('#MATCH-3 ul.sources a >> nth=0');
    const source = await urlAfter(page, (u) => u.pathname.endsWith('/sources.html'));
    check(/sources\.html#doc-\d+(-s\d+)?$/.test(source), 'MATCH-3: a source leads to the sources page', source);
    const target = await page.evaluate(() => document.querySelector(':target') && document.querySelector(':target').innerText);
    check(target !== null && target.includes('URL matching based on path values'),
      'sources: the section is there, with its gloss', JSON.stringify(target));

    // ---- The manual: the navigation's last entry, then each reader's page.
    await page.goto(url('index.html'));
    await page.click('header nav a:text-is("Manual")');
    const manual = await urlAfter(page, (u) => u.pathname.endsWith('/manual.html'));
    check(manual.endsWith('/manual.html'), 'nav -> the manual', manual);
    contains(await page.innerText('main'), 'one page per topic', 'manual: the documentation\'s index');
    await page.click('main a:text-is("runner.md")');
    const runner = await urlAfter(page, (u) => u.pathname.endsWith('/manual-runner.html'));
    check(runner.endsWith('/manual-runner.html'), 'manual -> the runner\'s page', runner);
    const title = await page.innerText('main h1');
    check(title === 'Checking a parser with robots-conform', 'runner page: its title', title);
    const marked = await page.getAttribute('header nav a[aria-current="page"]', 'href');
    check(marked === 'manual.html', 'runner page: the navigation marks the manual', marked);
    await shot(page, 'manual-runner.png');
    // The project's front page (README.md): a reader's page in one click.
    await page.goto(url('project.html'));
    await page.click('main a:text-is("the crawler harness")');
    const crawlers = await urlAfter(page, (u) => u.pathname.endsWith('/crawlers.html'));
    check(crawlers.endsWith('/crawlers.html'), 'project -> the crawler harness', crawlers);
    // A heading's anchor, as GitHub spells it.
    await page.goto(url('manual-robots-command.html#--explain'));
    const heading = await page.evaluate(() => document.querySelector(':target') && document.querySelector(':target').tagName);
    check(heading === 'H2', 'robots-command page: #--explain is its heading', heading);

    check(foreign.length === 0, 'every request is for a file of the site', foreign.slice(0, 5).join(' '));
    check(broken.length === 0, 'every file a page asks for exists', broken.slice(0, 5).join(' '));
  } finally {
    await browser.close();
  }
  console.log(failures() ? `browser test: ${failures()} failed` : 'browser test: all passed');
  console.log(`screenshots: ${shots}`);
  process.exit(failures() ? 1 : 0);
}

main().catch((e) => {
  console.error(`browser-test: ${e.stack || e}`);
  process.exit(1);
});
