// playground.js - the playground page (playground.html, written by robots-conform
// --site): a robots.txt, agents and URLs in; for each URL x agent x profile the
// reference's verdict, the line and group that decided and why, out. The state
// lives in the URL fragment as application/x-www-form-urlencoded (robots, agents,
// urls), so a link reproduces a case; the page makes no request at all and keeps
// nothing: the reference comes as WebAssembly inside robots-wasm.js.
//
// The contract for tools: each result is an element with data-url, data-agent,
// data-profile (google, rfc9309), data-verdict (allowed, disallowed) and data-line
// (the deciding line, 0 when none).
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const CAP = 512000;

  // The atlas cases that teach what decided (area page and anchor).
  const LESSONS = {
    longest: [['prec', 'LONGEST-1'], ['prec', 'PREC-1']],
    tie: [['prec', 'PREC-2'], ['prec', 'PREC-6']],
    index_html: [['google', 'INDEX-1']],
    robots_txt: [['rfc', 'RFC-6']],
    no_group: [['group', 'EMPTY-2']],
    no_rule: [['rule', 'RULE-1'], ['group', 'EMPTY-1']],
    global: [['ua', 'UA-1'], ['group', 'MERGE-1']],
    merged: [['ua', 'UA-4']],
    typo: [['format', 'FORMAT-7']],
    colon: [['format', 'COLON-1']],
    bom: [['format', 'FORMAT-4']],
    cap: [['format', 'FORMAT-8']],
  };

  function lessonsOf(result) {
    const keys = [];
    if (result.why_flags.robots_txt) keys.push('robots_txt');
    else if (result.rule === 'none') keys.push(result.group === 'none' ? 'no_group' : 'no_rule');
    else if (result.why_flags.tie) keys.push('tie');
    else if (result.why_flags.index_html) keys.push('index_html');
    else keys.push('longest');
    if (result.group === 'global') keys.push('global');
    if (result.group_lines.length > 1) keys.push('merged');
    return keys.flatMap((k) => LESSONS[k]);
  }

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else e.setAttribute(k, v);
    }
    for (const c of children) e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    return e;
  }

  // ---- State: the fragment ------------------------------------------------------
  let fileBytes = null; // a file dropped or chosen, as its bytes (the textarea shows its text)

  function readFragment() {
    const p = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (p.has('robots')) $('robots').value = p.get('robots');
    if (p.has('agents')) $('agents').value = p.get('agents');
    if (p.has('urls')) $('urls').value = p.get('urls');
    return p.has('robots') || p.has('agents') || p.has('urls');
  }

  function writeFragment() {
    const p = new URLSearchParams();
    p.set('robots', $('robots').value);
    p.set('agents', $('agents').value);
    p.set('urls', $('urls').value);
    history.replaceState(null, '', '#' + p.toString());
  }

  // ---- Rendering ----------------------------------------------------------------
  function numberedView(text, report, chosen) {
    const list = $('lines');
    list.textContent = '';
    const lines = text.split(/\r\n|\r|\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const notes = new Map();
    for (const prof of report.profiles) {
      for (const l of prof.lines || []) {
        const mine = notes.get(l.n) || [];
        for (const n of l.notes) mine.push(prof.profile + ': ' + n);
        notes.set(l.n, mine);
      }
    }
    const parsed = report.profiles[0].line_count;
    const decided = new Set(chosen ? [chosen.line] : []);
    const groups = new Set(chosen ? chosen.group_lines : []);
    const shown = Math.min(lines.length, 20000);
    const frag = document.createDocumentFragment();
    for (let i = 0; i < shown; i++) {
      const n = i + 1;
      const li = el('li', { id: 'L' + n, 'data-line': n });
      if (decided.has(n)) li.classList.add('decides');
      if (groups.has(n)) li.classList.add('group-start');
      li.append(el('span', { class: 'n' }, n), el('code', {}, lines[i]));
      const why = notes.get(n) || [];
      if (n > parsed) why.push('past the 500 KiB cap: not read');
      if (why.length) li.append(el('span', { class: 'note' }, why.join('; ')));
      frag.append(li);
    }
    list.append(frag);
    if (lines.length > shown) list.append(el('li', { class: 'more' }, `${lines.length - shown} more lines not shown`));
  }

  function render(report, text) {
    const out = $('results');
    out.textContent = '';
    const bytes = report.bytes;
    $('cap').textContent = bytes > CAP
      ? `The file has ${bytes} bytes: only the first ${CAP} (500 KiB) are read, as Google's fetcher and RFC 9309 (2.5) read them; lines past the cap are marked.`
      : `The file has ${bytes} bytes: all of it is read (the cap is ${CAP} bytes, 500 KiB).`;
    // The robots.txt URL of each URL; the first is taken as the file's address.
    const scope = $('scope');
    scope.textContent = '';
    const home = report.urls.find((u) => u.robots_url);
    for (const u of report.urls) {
      const li = el('li', {}, el('code', {}, u.url), ' is governed by ',
        u.robots_url ? el('code', {}, u.robots_url) : `no robots.txt (${u.robots_url_error})`);
      if (u.robots_url && home && u.robots_url !== home.robots_url)
        li.append(el('strong', { class: 'warning' }, ` (not this file's scope, ${home.robots_url}: its rules do not apply to it)`));
      scope.append(li);
    }
    const byKey = new Map();
    for (const prof of report.profiles)
      for (const r of prof.results || []) byKey.set(r.url + '\n' + r.agent + '\n' + r.profile, r);
    const table = el('table', { class: 'results' });
    table.append(el('thead', {}, el('tr', {}, el('th', {}, 'URL'), el('th', {}, 'agent'), el('th', {}, 'profile'),
      el('th', {}, 'verdict'), el('th', {}, 'deciding line'), el('th', {}, 'why'), el('th', {}, 'learn more'))));
    const body = el('tbody');
    let first = null;
    for (const prof of report.profiles) {
      if (prof.error) {
        body.append(el('tr', {}, el('td', { colspan: 7 }, `${prof.profile}: ${prof.error}`)));
        continue;
      }
      for (const r of prof.results) {
        const other = byKey.get(r.url + '\n' + r.agent + '\n' + (r.profile === 'google' ? 'rfc9309' : 'google'));
        const differs = other && (other.verdict !== r.verdict || other.line !== r.line);
        const row = el('tr', {
          class: 'result ' + r.verdict + (differs ? ' differs' : ''), 'data-url': r.url, 'data-agent': r.agent,
          'data-profile': r.profile, 'data-verdict': r.verdict, 'data-line': String(r.line), tabindex: '0',
        });
        const lineCell = r.line ? el('a', { href: '#L' + r.line, class: 'line-link' }, 'line ' + r.line) : 'none';
        const why = el('td', {}, r.why + (r.rule !== 'none' ? ` (${r.rule} ${r.pattern})` : ''));
        if (r.group_lines.length) {
          const which = r.group === 'global' ? 'the * group (no group names this agent)' : "the agent's group";
          const s = r.group_lines.length > 1 ? `${r.group_lines.length} groups merged, at lines` : 'starting at line';
          why.append(el('br'), `${which}, ${s} ${r.group_lines.join(', ')}`);
        }
        if (differs) why.append(el('br'), el('strong', {}, `the ${other.profile} profile answers ${other.verdict}` +
          (other.line ? ` by line ${other.line}` : '')));
        const learn = el('td');
        for (const [area, id] of lessonsOf(r)) learn.append(el('a', { href: `area-${area}.html#${id}` }, id), ' ');
        row.append(el('td', {}, el('code', {}, r.url)), el('td', {}, r.agent), el('td', {}, r.profile),
          el('td', {}, r.verdict), el('td', {}, lineCell), why, learn);
        row.addEventListener('click', () => numberedView(text, report, r));
        row.addEventListener('keydown', (e) => { if (e.key === 'Enter') numberedView(text, report, r); });
        body.append(row);
        if (!first) first = r;
      }
    }
    table.append(body);
    out.append(table);
    numberedView(text, report, first);
  }

  // ---- Evaluation -----------------------------------------------------------------
  let engine = null;

  function evaluate() {
    if (!engine) return;
    writeFragment();
    const text = $('robots').value;
    const started = performance.now();
    const report = engine.evaluate(fileBytes || text, $('agents').value, $('urls').value);
    const took = performance.now() - started;
    render(report, text);
    $('timing').textContent = `evaluated in ${took.toFixed(1)} ms`;
    $('timing').setAttribute('data-ms', took.toFixed(3));
  }

  function loadFile(file) {
    file.arrayBuffer().then((buf) => {
      fileBytes = new Uint8Array(buf);
      $('robots').value = new TextDecoder().decode(fileBytes);
      evaluate();
    });
  }

  function start() {
    if (typeof ROBOTS_WASM_BASE64 !== 'string') {
      $('status').textContent = 'The reference is missing: robots-wasm.js was not built (make site builds it).';
      return;
    }
    engine = RobotsEngine.load(RobotsEngine.fromBase64(ROBOTS_WASM_BASE64));
    $('status').textContent = '';
    readFragment();
    let timer = null;
    const later = () => {
      fileBytes = null;
      clearTimeout(timer);
      timer = setTimeout(evaluate, 150);
    };
    for (const id of ['robots', 'agents', 'urls']) $(id).addEventListener('input', later);
    $('file').addEventListener('change', (e) => { if (e.target.files[0]) loadFile(e.target.files[0]); });
    $('robots').addEventListener('dragover', (e) => e.preventDefault());
    $('robots').addEventListener('drop', (e) => {
      e.preventDefault();
      if (e.dataTransfer.files[0]) loadFile(e.dataTransfer.files[0]);
    });
    $('evaluate').addEventListener('click', evaluate);
    window.addEventListener('hashchange', () => { if (readFragment()) { fileBytes = null; evaluate(); } });
    evaluate();
  }

  window.RobotsPlayground = { evaluate: () => evaluate(), engine: () => engine };
  document.addEventListener('DOMContentLoaded', start);
})();
