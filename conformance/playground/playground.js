// playground.js - the playground page (playground.html, written by robots-conform
// --site): a robots.txt, its location, crawlers and URLs in; for each URL the file
// governs x crawler, the reference's verdict under both profiles (one answer when
// they agree, each when they do not), the line and group that decided and why,
// out. A URL the file does not govern gets no verdict, only the robots.txt that
// governs it. A crawler given as a whole User-Agent header is asked by its product
// token, and what the header string itself would get is shown beside it. The state
// lives in the URL fragment as application/x-www-form-urlencoded (robots or
// robots_base64, agents, urls, location), so a link reproduces a case; the page
// makes no request at all and keeps nothing: the reference comes as WebAssembly
// inside robots-wasm.js, and reading.js reads encodings and User-Agent headers.
//
// The contract for tools (docs/site.md): each URL x crawler is a row, tr.result,
// with data-url, data-agent (the product token asked with), data-verdict
// (allowed, disallowed, differs; out-of-scope or not-a-url for a URL the file
// gives no verdict, one row per URL) and data-line when the profiles agree; inside
// it one element per profile with data-url, data-agent, data-profile (google,
// rfc9309), data-verdict (allowed, disallowed) and data-line (the deciding line, 0
// when none).
'use strict';
(function () {
  const $ = (id) => document.getElementById(id);
  const CAP = 512000;
  const PROFILE_NAMES = { google: 'Google', rfc9309: 'RFC 9309' };
  const profileName = (p) => PROFILE_NAMES[p] || p;
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

  // ---- The atlas cases the page links to: their area page and what they teach ----
  const CASES = {
    'MATCH-1': ['match', "'/' matches every path"],
    'MATCH-2': ['match', "'/*' is the same as '/'"],
    'MATCH-3': ['match', 'a rule matches the paths that start with it, case and all'],
    'MATCH-4': ['match', "a trailing '*' adds nothing"],
    'MATCH-5': ['match', 'a trailing slash: the folder and what is in it'],
    'MATCH-7': ['match', "'*' matches any run of characters"],
    'MATCH-8': ['match', "'$' is the end of the URL, query included"],
    'MATCH-10': ['match', 'non-ASCII characters and %-escapes'],
    'DOLLAR-1': ['match', "'$' inside a rule is an ordinary character"],
    'WILD-1': ['match', 'several wildcards in one rule'],
    'PATH-1': ['match', 'what part of a URL is matched'],
    'EDGE-3': ['edge', "'?' in a rule and URLs with a query"],
    'EDGE-4': ['edge', "a '$' rule and a query"],
    'RULE-3': ['rule', 'a full URL as a rule matches nothing'],
    'RULE-4': ['rule', "a pattern may start with '*'"],
    'RULE-5': ['rule', 'other keys are not rules'],
    'PREC-2': ['prec', 'a tie: the allow wins'],
    'PREC-6': ['prec', 'wildcard rules of equal length: the allow wins'],
    'LONGEST-1': ['prec', 'the longest matching rule wins, whatever the order'],
    'INDEX-1': ['google', '.../index.html also allows its directory'],
    'RFC-6': ['rfc', '/robots.txt is always allowed'],
    'EMPTY-1': ['group', 'a group without rules allows everything'],
    'EMPTY-2': ['group', "no group for the crawler and no '*' group"],
    'MERGE-1': ['group', "several '*' groups merge"],
    'MERGE-3': ['group', "the crawler's own group hides the '*' group"],
    'GROUP-3': ['group', 'rules before the first user-agent line bind nobody'],
    'UA-2': ['ua', "only the crawler's own groups count"],
    'UA-4': ['ua', 'groups naming the same crawler merge'],
    'RFC-1': ['ua', 'the product token a crawler matches with'],
    'AGENT-1': ['google', "Google's parser compares the whole name it is given"],
    'TOKEN-1': ['ua', 'a user-agent value without a token names nobody'],
    'FORMAT-2': ['format', 'lines the parser does not know are skipped'],
    'FORMAT-3': ['format', 'a file that is not UTF-8'],
    'FORMAT-4': ['format', 'a byte order mark at the start is skipped'],
    'FORMAT-7': ['format', "the key typos Google's parser accepts"],
    'FORMAT-8': ['format', 'what comes past 500 KiB is not read'],
    'COLON-1': ['format', 'a missing colon'],
    'LINE-1': ['format', 'a line too long'],
    'SCOPE-2': ['scope', 'every host has its own robots.txt'],
    'SCOPE-3': ['scope', 'only /robots.txt at the root of a host counts'],
    'SCOPE-8': ['scope', 'every port has its own robots.txt'],
    'SCOPE-9': ['scope', 'a robots.txt governs its scheme, host and port'],
    'URL-1': ['scope', 'a malformed URL has no robots.txt'],
    'AIPREF-2': ['aipref', 'Content-Usage: the longest path decides, and a disallowed path has no preference'],
    'USAGE-4': ['aipref', 'lines of the same path that disagree: a refusal wins'],
    'USAGE-6': ['aipref', 'a path the crawl rules disallow carries no preference'],
    'USAGE-14': ['aipref', 'only the words y and n (yes and no for Content-Signal) state a preference'],
    'USAGE-15': ['aipref', 'one malformed item makes the whole line unknown'],
    'USAGE-9': ['aipref', 'a Content-Usage line before any user-agent line applies to nobody'],
    'USAGE-1': ['aipref', "a crawler's own group hides the '*' group's Content-Usage lines"],
    'GROUP-4': ['group', 'sitemap and other non-rule lines do not end a group'],
    'UA-1': ['ua', 'a crawler with two tokens follows the first one a group names'],
    'ADSBOT-1': ['ua', "Google's special-case crawlers skip the '*' group"],
  };
  // The case of each kind of surprising line (playground.c's notes; past-cap is the page's).
  const NOTE_CASES = {
    typo: 'FORMAT-7', 'no-colon': 'COLON-1', 'too-long': 'LINE-1', 'other-key': 'RULE-5', bom: 'FORMAT-4',
    ignored: 'FORMAT-2', 'no-group': 'GROUP-3', 'never-matches': 'RULE-3', 'no-token': 'TOKEN-1',
    'past-cap': 'FORMAT-8', usage: 'AIPREF-2', 'usage-no-group': 'USAGE-9', 'joins-group': 'GROUP-4',
    'usage-hidden': 'USAGE-1', lookalike: 'RFC-1',
  };

  // The cases of the rule that decided: what in its pattern made it match.
  function ruleLessons(r, prof) {
    if (r.why_flags.robots_txt) return ['RFC-6'];
    // A rule ending in '$' that the query kept from deciding (playground.c's without_query).
    if (r.without_query)
      return ['MATCH-8', 'EDGE-4', ...(r.rule === 'none' ? [] : ruleLessons({ ...r, without_query: null }, prof))];
    if (r.rule === 'none') {
      if (r.star_ignored) return ['ADSBOT-1'];
      if (r.group === 'none') return ['EMPTY-2'];
      if (r.group_rules === 0) return r.group === 'specific' ? ['EMPTY-1'] : [];
      if (r.group === 'specific' && prof.global) return ['MERGE-3'];
      return ['MATCH-3'];
    }
    const p = r.pattern;
    if (r.why_flags.tie) return [p.includes('*') ? 'PREC-6' : 'PREC-2'];
    if (r.why_flags.index_html) return ['INDEX-1'];
    const ids = [];
    const body = p.endsWith('$') ? p.slice(0, -1) : p;
    const stars = (body.match(/\*/g) || []).length;
    if (p.endsWith('$')) {
      ids.push('MATCH-8');
      if (r.url.split('#')[0].includes('?')) ids.push('EDGE-4');
    }
    if (body.includes('$')) ids.push('DOLLAR-1');
    if (p.startsWith('*')) ids.push('RULE-4');
    if (body === '/*') ids.push('MATCH-2');
    else if (/^[^*]+\*+$/.test(body)) ids.push('MATCH-4');
    else if (stars > 1) ids.push('WILD-1');
    else if (stars === 1) ids.push('MATCH-7');
    if (body.includes('?')) ids.push('EDGE-3');
    if (/%[0-9A-Fa-f]{2}|[^\x00-\x7F]/.test(p)) ids.push('MATCH-10');
    if (!ids.length) ids.push(p === '/' ? 'MATCH-1' : p.endsWith('/') ? 'MATCH-5' : 'MATCH-3');
    if (r.rule === 'allow' && r.group_rules > 1) ids.push('LONGEST-1');
    return ids;
  }

  // ...and of how the groups were chosen, and of the marked lines that took part.
  function lessonsOf(r, prof, notes) {
    const ids = ruleLessons(r, prof);
    if (r.group_lines.length > 1) ids.push(r.group === 'global' ? 'MERGE-1' : 'UA-4');
    if (r.group === 'specific' && prof.global && r.rule !== 'none') ids.push('UA-2');
    for (const n of [r.line, ...r.group_lines])
      for (const note of notes.get(n) || []) if (NOTE_CASES[note.kind]) ids.push(NOTE_CASES[note.kind]);
    return ids;
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

  function caseLinks(ids) {
    const span = el('span', { class: 'learn' });
    const seen = new Set();
    for (const id of ids) {
      if (seen.has(id) || !CASES[id]) continue;
      seen.add(id);
      if (seen.size === 1) span.append('Learn more: ');
      else span.append(' · ');
      const [area, title] = CASES[id];
      span.append(el('a', { href: `area-${area}.html#${id}`, 'data-case': id }, id), ` (${title})`);
    }
    return span;
  }

  // A URL with its scheme and host kept on one line, the rest free to wrap.
  function urlCode(url) {
    const m = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*)(.*)$/s.exec(url);
    if (!m) return el('code', { class: 'url' }, url);
    return el('code', { class: 'url' }, el('span', { class: 'origin' }, m[1]), el('span', { class: 'rest' }, m[2]));
  }

  // ---- The crawler catalog (crawler-catalog.js, from conformance/crawler-catalog.json) ----
  const CATALOG = typeof ROBOTS_CATALOG === 'object' ? ROBOTS_CATALOG : { purposes: {}, robots: {}, crawlers: [] };

  // The crawler of the catalog a line means, as `robots --crawler` reads a name
  // (crawler_catalog_find): its id, its name or its first token, in any case; else
  // a whole User-Agent header holding one of its parts, the longest part found.
  function catalogCrawler(written) {
    const w = written.trim().toLowerCase();
    for (const c of CATALOG.crawlers)
      if (c.id.toLowerCase() === w || c.name.toLowerCase() === w || (c.tokens.length && c.tokens[0] === w)) return c;
    let best = null;
    let longest = 0;
    for (const c of CATALOG.crawlers)
      for (const part of c.user_agent)
        if (part.length > longest && w.includes(part.toLowerCase())) {
          best = c;
          longest = part.length;
        }
    return best;
  }

  // A crawler as the reference is handed it (playground.c's crawler lines).
  const crawlerLine = (label, c) => `${label}\t${c.tokens.join(' ')}\t${c.robots === 'ignores-star' ? 'ignores-star' : ''}`;
  const crawlerLink = (c, text) => el('a', { href: `crawler-catalog.html#crawler-${c.id}`, 'data-crawler': c.id }, text);
  const tokenList = (c) => c.tokens.join(', then ');

  // ---- State: the fragment ------------------------------------------------------
  let fileBytes = null; // a file dropped or chosen, or a link's robots_base64: its bytes
  let linkError = null; // what was wrong with the link's robots_base64

  function toBase64(bytes) {
    return btoa(RobotsReading.latin1(bytes));
  }

  function fromBase64(text) {
    // a '+' read from a hand-made link as form encoding's space is a '+' again
    const s = atob(text.replace(/ /g, '+'));
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  function readFragment() {
    const p = new URLSearchParams(location.hash.replace(/^#/, ''));
    linkError = null;
    if (p.has('robots_base64')) {
      try {
        fileBytes = fromBase64(p.get('robots_base64'));
        $('robots').value = RobotsReading.encoding(fileBytes).text;
      } catch (e) {
        fileBytes = null;
        $('robots').value = '';
        linkError = "the link's robots_base64 is not base64, so the file it meant to carry is unknown";
      }
    } else if (p.has('robots')) {
      fileBytes = null;
      $('robots').value = p.get('robots');
    }
    $('compare').value = p.get('compare') || '';
    if ($('compare').value) $('compare-box').open = true;
    if (p.has('agents')) $('agents').value = p.get('agents');
    if (p.has('urls')) $('urls').value = p.get('urls');
    $('location').value = p.get('location') || '';
    return ['robots', 'robots_base64', 'agents', 'urls', 'location', 'compare'].some((k) => p.has(k));
  }

  function writeFragment(enc) {
    const p = new URLSearchParams();
    // Bytes that are not UTF-8 cannot travel as the text box's text: they travel whole.
    if (fileBytes && enc.name !== 'utf-8') p.set('robots_base64', toBase64(fileBytes));
    else p.set('robots', $('robots').value);
    p.set('agents', $('agents').value);
    p.set('urls', $('urls').value);
    if ($('location').value.trim()) p.set('location', $('location').value.trim());
    if ($('compare').value) p.set('compare', $('compare').value);
    history.replaceState(null, '', '#' + p.toString());
  }

  // The items of a newline-separated list as playground.c reads them: each line
  // without its CR, blank lines skipped.
  const items = (text) => text.split('\n').map((s) => s.replace(/\r$/, '')).filter((s) => s !== '');

  // ---- The file as the parser read it -------------------------------------------
  const CONTROL_NAMES = { 0: 'NUL', 11: 'VT', 12: 'FF', 27: 'ESC', 127: 'DEL' };

  // A line's text with control bytes shown by name (a NUL, the bytes of a UTF-16
  // file read as UTF-8) and a byte order mark as BOM, as the atlas shows them.
  function lineCode(text) {
    const code = el('code');
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (((c >= 32 && c !== 127) || c === 9) && c !== 0xFEFF) continue;
      if (i > from) code.append(text.slice(from, i));
      const hex = c.toString(16).toUpperCase().padStart(2, '0');
      code.append(c === 0xFEFF
        ? el('abbr', { class: 'byte', title: 'the byte order mark U+FEFF (EF BB BF)' }, 'BOM')
        : el('abbr', { class: 'byte', title: `control byte 0x${hex}` }, CONTROL_NAMES[c] || `\\x${hex}`));
      from = i + 1;
    }
    if (from < text.length) code.append(text.slice(from));
    return code;
  }

  // What some keys that are not rules do, in a site owner's words, with the entry of
  // "What matters for your site" (matters.html) that says what to do instead.
  const KEYS_THAT_ARE_NOT_RULES = {
    'noindex': ['Google has ignored noindex in robots.txt since 2019: to keep a page out of search, let it be '
      + 'crawled and answer with a noindex meta tag or X-Robots-Tag header', 'noindex-line'],
    'crawl-delay': ['Google ignores crawl-delay (Googlebot slows down by itself when the server answers slowly or '
      + 'with 500, 503 or 429); Bing and some other crawlers read it', 'crawl-delay'],
  };

  // The key of a line as written, lower-cased ("crawl-delay" of "Crawl-delay: 10").
  function keyOf(line) {
    const m = /^\s*([^:#\s]+)\s*:/.exec(line);
    return m ? m[1].toLowerCase() : '';
  }

  // Each profile's notes by line: Map(n -> [{kind, text}]).
  function notesOf(prof) {
    const m = new Map();
    for (const l of prof.lines || []) m.set(l.n, l.notes);
    return m;
  }

  // Edits between two tokens (Levenshtein), given up past `most`.
  function editDistance(a, b, most) {
    if (Math.abs(a.length - b.length) > most) return most + 1;
    let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const row = [i];
      for (let j = 1; j <= b.length; j++)
        row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = row;
    }
    return prev[b.length];
  }

  // The catalog crawler a user-agent line seems meant for when the token it
  // names is none of the catalog's: a token one or two letters off (googlebot-images),
  // the start of one (google, claude), or an operator's name (openai). Real
  // crawlers the catalog lacks are no reason to warn, so a token further off that
  // starts with a catalog token (googlebot-video) is left alone.
  function lookalike(token) {
    const t = token.toLowerCase();
    const all = CATALOG.crawlers.filter((k) => k.tokens.length);
    if (t.length < 4 || all.some((k) => k.tokens.includes(t))) return null;
    const near = all.find((k) => k.tokens.some((x) => x.length >= 6 && editDistance(t, x, 2) <= 2));
    if (near) return near;
    if (all.some((k) => k.tokens.some((x) => t.startsWith(x)))) return null;
    return all.find((k) => k.tokens.some((x) => x.startsWith(t))) ||
      all.find((k) => k.operator.toLowerCase().split(/\s+/).includes(t)) || null;
  }

  // Notes the page makes itself, by line: a user-agent line whose token no
  // crawler of the catalog carries, though it looks meant for one.
  function pageNotes(lines) {
    const m = new Map();
    lines.forEach((line, i) => {
      const ua = /^\s*user[-_ ]?agent\s*:?\s*([A-Za-z_-]+)/i.exec(line.replace(/#.*/, ''));
      const k = ua && lookalike(ua[1]);
      if (!k) return;
      m.set(i + 1, { kind: 'lookalike', text: `no crawler of the catalog asks with "${ua[1]}", so this group names ` +
        `none of them: ${k.name} (${k.operator}) asks with ${tokenList(k)}; to name it, write user-agent: ` +
        `${k.tokens[0]}` + (k.tokens.length > 1 ? `, and repeat in this group the rules of the ${k.tokens[1]} ` +
          `group it follows today: a group of its own replaces that group for it, it does not add to it` : ''),
      crawler: k });
    });
    return m;
  }

  function numberedView(text, report, chosen) {
    const list = $('lines');
    list.textContent = '';
    const lines = text.split(/\r\n|\r|\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const parsed = report.profiles[0].line_count;
    const decided = new Set(chosen && chosen.line ? [chosen.line] : []);
    // The Content-Usage and Content-Signal lines that decided a preference.
    const usageLines = new Set(chosen && chosen.usage ? chosen.usage.filter((u) => u.line).map((u) => u.line) : []);
    const groups = new Set(chosen ? chosen.group_lines : []);
    const byProfile = report.profiles.filter((p) => !p.error).map((p) => [p.profile, notesOf(p)]);
    const shown = Math.min(lines.length, 20000);
    const ours = pageNotes(lines.slice(0, shown));
    const frag = document.createDocumentFragment();
    for (let i = 0; i < shown; i++) {
      const n = i + 1;
      const li = el('li', { id: 'L' + n, 'data-line': n });
      if (decided.has(n)) li.classList.add('decides');
      if (usageLines.has(n)) li.classList.add('decides-usage');
      if (groups.has(n)) li.classList.add('group-start');
      li.append(el('span', { class: 'n' }, n), lineCode(lines[i]));
      // A note both profiles make is said once; one only one makes names it.
      const said = new Map();
      for (const [profile, notes] of byProfile)
        for (const note of notes.get(n) || []) {
          const s = said.get(note.kind) || { note, profiles: [] };
          s.profiles.push(profile);
          said.set(note.kind, s);
        }
      if (n > parsed) said.set('past-cap', { note: { kind: 'past-cap', text: 'past the 500 KiB cap: not read' },
        profiles: byProfile.map((p) => p[0]) });
      if (ours.has(n)) said.set('lookalike', { note: ours.get(n), profiles: byProfile.map((p) => p[0]) });
      if (said.size) {
        // A usage line's note says what it is, not that something is wrong.
        const onlyInfo = [...said.keys()].every((k) => k === 'usage');
        const box = el('span', { class: onlyInfo ? 'note info' : 'note' });
        let first = true;
        for (const { note, profiles } of said.values()) {
          if (!first) box.append('; ');
          first = false;
          const known = note.kind === 'other-key' ? KEYS_THAT_ARE_NOT_RULES[keyOf(lines[i])] : undefined;
          box.append(known ? known[0] : note.text);
          if (profiles.length < byProfile.length) box.append(` (${profiles.map(profileName).join(', ')} only)`);
          if (known) {
            box.append(' ');
            box.append(el('a', { href: `matters.html#${known[1]}` }, 'what to do'));
          }
          if (note.crawler) {
            box.append(' ');
            box.append(crawlerLink(note.crawler, 'the catalog'));
          }
          const id = NOTE_CASES[note.kind];
          if (id && CASES[id]) {
            box.append(' ');
            box.append(el('a', { href: `area-${CASES[id][0]}.html#${id}`, 'data-case': id, title: CASES[id][1] }, id));
          }
        }
        li.append(box);
      }
      frag.append(li);
    }
    list.append(frag);
    if (lines.length > shown) list.append(el('li', { class: 'more' }, `${lines.length - shown} more lines not shown`));
  }

  // ---- What the page says about the file, its location and the crawlers ----------
  function fileInfo(report, enc) {
    const bytes = report.bytes;
    $('cap').textContent = bytes > CAP
      ? `The file has ${bytes} bytes: only the first ${CAP} (500 KiB) are read, as Google's fetcher and RFC 9309 (2.5) read them; lines past the cap are marked.`
      : `The file has ${plural(bytes, 'byte', 'bytes')}: all of it is read (the cap is ${CAP} bytes, 500 KiB).`;
    const box = $('encoding');
    box.textContent = '';
    box.setAttribute('data-encoding', enc.name);
    box.className = enc.name === 'utf-8' ? '' : 'warning';
    const google = 'Google reads every robots.txt as UTF-8: it skips a UTF-8 byte order mark at the start, reads a ' +
      'file in any other encoding as if it were UTF-8, and may ignore what is then not a valid character.';
    const counted = (p) => `${p.groups ? plural(p.groups, 'group', 'groups') : 'no group'} and ` +
      `${p.rules ? plural(p.rules, 'rule', 'rules') : 'no rule'}`;
    const parsed = report.profiles.filter((p) => !p.error);
    const readAs = parsed.every((p) => counted(p) === counted(parsed[0]))
      ? `Read that way, the parser finds ${parsed.length ? counted(parsed[0]) : 'nothing'} in it, under both profiles.`
      : `Read that way, the parser finds ${parsed.map((p) => `${counted(p)} (${profileName(p.profile)})`)
        .join(', ')} in it.`;
    if (enc.name === 'utf-8') {
      box.append(enc.bom ? 'Encoding: UTF-8, with a byte order mark at the start, which the parser skips. '
        : 'Encoding: UTF-8.');
      if (enc.bom) box.append(caseLinks(['FORMAT-4']));
    } else if (enc.name === 'latin-1') {
      const at = enc.firstInvalid;
      box.append(el('strong', {}, 'This file is not UTF-8: '),
        `${plural(enc.invalid, 'byte is', 'bytes are')} not part of any UTF-8 character (the first is byte ` +
        `${at.offset + 1}, on line ${at.line}). The text box shows the bytes as Latin-1 (ISO-8859-1). ${google} ` +
        'The reference reads each such byte as itself: a Latin-1 é (the byte E9) in a rule matches %E9 in a URL, ' +
        `not the %C3%A9 a browser sends for é. ${readAs} Save the file as UTF-8. `, caseLinks(['FORMAT-3']));
    } else {
      const order = enc.name === 'utf-16le' ? 'little-endian, FF FE' : 'big-endian, FE FF';
      box.append(el('strong', {}, 'This file is UTF-16, not UTF-8: '),
        `its byte order mark says so (${order}), and the text box shows it decoded. ${google} Read as UTF-8, ` +
        'each of its characters comes with a NUL byte, which no key or value the parser knows contains, and ' +
        `the byte order mark is no UTF-8 one. ${readAs} ` +
        'The file as the parser read it is shown at the bottom. Save the file as UTF-8. ', caseLinks(['FORMAT-3']));
    }
  }

  function locationInfo(report) {
    const loc = report.location;
    const note = $('location-note');
    note.textContent = '';
    note.className = loc.state === 'ok' || loc.state === 'none' ? '' : 'warning';
    note.setAttribute('data-state', loc.state);
    $('location').placeholder = !loc.given && loc.url ? loc.url : 'https://example.com/robots.txt';
    if (loc.state === 'ok' && !loc.given) {
      note.append('Taken from the first URL: ', el('code', { id: 'location-used' }, loc.url),
        '. Give another location to ask which URLs that file governs.');
    } else if (loc.state === 'ok') {
      note.append('The file is read as ', el('code', { id: 'location-used' }, loc.url), '.');
    } else if (loc.state === 'none') {
      note.append('No URL to take it from: give the location, or URLs with a scheme and a host.');
    } else if (loc.state === 'not-a-url') {
      note.setAttribute('role', 'alert');
      note.append(`Not a URL the reference can read: ${loc.why}. Write it as https://host/robots.txt, or leave ` +
        "the field empty to take the first URL's. ", caseLinks(['URL-1']));
    } else {
      const use = el('button', { type: 'button', id: 'location-suggest' }, `use ${loc.suggest}`);
      use.addEventListener('click', () => {
        $('location').value = loc.suggest;
        evaluate();
      });
      note.append('A robots.txt is read only at /robots.txt at the root of its host: a file here is never read ' +
        'and governs no URL. ', use, ' ', caseLinks(['SCOPE-3']));
    }
  }

  // What the page asks for each crawler line: {written, asked, reading, known,
  // crawler, label}. A line the catalog knows (known) is asked as that crawler
  // asks (crawler: all its tokens, and without the '*' group when it ignores it),
  // unless it has no token at all; any other line as written, by its product token.
  function crawlersOf(text) {
    return items(text).map((written, i) => {
      const reading = RobotsReading.crawler(written);
      const known = catalogCrawler(written);
      const crawler = known && known.tokens.length ? known : null;
      return { written, asked: reading.token || written, reading, known, crawler, label: `typed:${i}` };
    });
  }

  // What the catalog says of a crawler a line names: its tokens in order and what
  // it does with robots.txt.
  function catalogNote(c) {
    const k = c.known;
    const li = el('li', { 'data-agent': c.asked, 'data-written': c.written, 'data-crawler': k.id });
    if (c.written.trim().toLowerCase() === k.name.toLowerCase()) li.append(crawlerLink(k, k.name), ` (${k.operator}). `);
    else li.append(el('q', {}, c.written), ' is ', crawlerLink(k, k.name), ` (${k.operator}). `);
    if (!k.tokens.length) {
      li.append(`It has no robots.txt token: ${CATALOG.robots[k.robots] || k.robots}. It is asked about as written.`);
      return li;
    }
    li.append(k.tokens.length > 1
      ? `It asks with ${tokenList(k)}: the first of them a group names decides, alone; only when no group names any, ` +
        'the * group. '
      : `It asks with ${k.tokens[0]}. `);
    if (k.robots !== 'follows') li.append(`Its operator documents that it ${CATALOG.robots[k.robots] || k.robots}. `);
    if (k.robots === 'ignores-star') {
      const others = CATALOG.crawlers.filter((x) => x !== k && x.operator === k.operator && x.robots === 'ignores-star');
      if (others.length) li.append(`Each such crawler must be named on its own; ${k.operator}'s others: ` +
        `${others.map((x) => `${x.name} (${x.tokens[0]})`).join(', ')}. `);
    }
    li.append(caseLinks(k.tokens.length > 1 ? ['UA-1'] : ['RFC-1']));
    return li;
  }

  function crawlerNotes(crawlers, report) {
    const list = $('agent-notes');
    list.textContent = '';
    // What a row's "AI usage" is, said once: what the file states, not what a
    // crawler does with it (the glossary's entry).
    if (fileUsageKinds.size)
      list.append(el('li', { id: 'usage-meaning' }, "This file's Content-Usage and Content-Signal lines are " +
        "preferences, not rules: each row's \"AI usage\" is what the file states for that crawler; a crawler may " +
        "follow it, nothing enforces it, and Google's parser reads neither kind of line (",
      el('a', { href: 'glossary.html#ai-usage' }, 'glossary'), ').'));
    crawlers.forEach((c) => {
      if (c.known) list.append(catalogNote(c));
      if (!c.reading.header) return;
      const header = /[\s(/;]/.test(c.written);
      const li = el('li', { 'data-agent': c.asked, 'data-written': c.written });
      const what = header ? 'a whole User-Agent header' : 'not a product token';
      if (c.reading.token) {
        const asWritten = report.profiles.filter((p) => p.profile === 'google').flatMap((p) => p.results || [])
          .filter((r) => r.agent === c.written);
        const googleNone = asWritten.length > 0 && asWritten.every((r) => r.group === 'none');
        li.append(el('q', {}, c.written), ` is ${what}. Crawlers match a robots.txt's groups by their product ` +
          'token (letters, \'-\' and \'_\'), which they take from their User-Agent header; ',
          header ? 'this header names the product ' : 'its token is ', el('strong', {}, c.reading.token),
          header ? `${c.reading.product === c.reading.token ? '' : ` (${c.reading.product})`}, so the results ` +
            `are ${c.reading.token}'s.` : `, so the results are ${c.reading.token}'s.`,
          ' Given the whole string instead, Google\'s parser compares all of it with each group\'s token' +
          (googleNone ? ', finds no group, and answers as for a crawler no group names' : '') +
          ': each result says what that string gets. ', caseLinks(['RFC-1', 'AGENT-1']));
      } else {
        li.append(el('q', {}, c.written), ` is ${what}, and names no crawler's product (only a browser's or ` +
          "a platform's, or none): it is asked about as written. Crawlers match a robots.txt's groups by their " +
          "product token (letters, '-' and '_'). ", caseLinks(['RFC-1']));
      }
      list.append(li);
    });
  }

  // ---- Results --------------------------------------------------------------------
  const key = (url, agent, profile) => url + '\n' + agent + '\n' + profile;

  // What decided, in words: the line and rule, why, and the groups (for a crawler
  // of the catalog, `tokens`: which of its tokens' groups).
  function explanation(r, tokens) {
    const out = el('span', { class: 'explanation' });
    if (r.line) {
      out.append(el('a', { href: '#L' + r.line, class: 'line-link' }, 'line ' + r.line), ': ',
        el('code', {}, `${r.rule}: ${r.pattern}`), ', ');
    }
    out.append(r.why);
    if (r.without_query) {
      const w = r.without_query;
      out.append('; without its query, ', el('a', { href: '#L' + w.line, class: 'line-link' }, 'line ' + w.line), ' (',
        el('code', {}, `${w.rule}: ${w.pattern}`), ") would decide: a final '$' is the end of the URL, query included");
    }
    if (r.group_lines.length) {
      const which = r.group === 'global' ? `the * group (no group names ${tokens && tokens.length > 1 ? 'its tokens'
        : 'this crawler'})`
        : r.decided && tokens && tokens.length > 1 ? `the group of ${r.decided}` +
          (r.decided !== tokens[0] ? ` (no group names ${tokens.slice(0, tokens.indexOf(r.decided)).join(' or ')})`
            : '')
          : "the crawler's own group";
      const s = r.group_lines.length > 1 ? `${r.group_lines.length} groups merged, at lines` : 'starting at line';
      out.append('; ', `${which}, ${s} ${r.group_lines.join(', ')}`);
    }
    if (r.case_folded) {
      const f = r.case_folded;
      out.append(el('span', { class: 'case-note', 'data-line': String(f.line) }, '. Paths are case-sensitive: were ' +
        'they not, ', el('a', { href: '#L' + f.line, class: 'line-link' }, 'line ' + f.line), ` (${f.rule === 'allow' ? 'an' : 'a'} ${f.rule} rule) ` +
        `would decide and the URL would be ${f.rule === 'allow' ? 'allowed' : 'disallowed'}; to cover both, write ` +
        'the rule once more in the case of the URL'));
    }
    return out;
  }

  // What the file's Content-Usage and Content-Signal lines say of this URL and
  // crawler: each category's answer, linked to the line that decided, and why.
  function usageView(r, lead) {
    const box = el('div', { class: 'usage', 'data-usage-profile': r.profile });
    box.append(el('strong', {}, lead + 'AI usage: '));
    const kinds = [['content-usage', 'Content-Usage'], ['content-signal', 'Content-Signal']];
    // A kind of which the file has no line says nothing: it is left out.
    const present = kinds.filter(([kind]) => fileUsageKinds.has(kind));
    present.forEach(([kind, label], i) => {
      const mine = r.usage.filter((u) => u.kind === kind);
      if (i) box.append('; ');
      box.append(`${label} `);
      mine.forEach((u, j) => {
        if (j) box.append(', ');
        const words = { y: 'yes', n: 'no', unknown: 'not stated' }[u.answer];
        const item = el('span', { class: 'usage-' + u.answer, 'data-kind': kind, 'data-category': u.category,
          'data-answer': u.answer, 'data-line': String(u.line), title: u.why }, `${u.category} ${words}`);
        box.append(item);
        if (!u.line) return;
        // An unknown answer from a line: why that line says nothing of it.
        const said = u.answer !== 'unknown' ? ''
          : u.why.includes('not a valid Dictionary') ? ": it can't be read (write e.g. train-ai=n: lowercase names, "
            + "no spaces around '=')"
          : u.why.includes('other than the vocabulary') ? `: its value is not ${kind === 'content-usage' ? 'y or n'
            : 'yes or no'}`
          : ' does not mention it';
        box.append(' (', el('a', { href: '#L' + u.line, class: 'line-link' }, 'line ' + u.line), said, ')');
      });
    });
    const disallowed = r.usage.find((u) => u.why.startsWith('the crawl rules disallow'));
    if (disallowed) box.append(el('br'), el('small', {}, disallowed.why));
    // Nothing applies to a crawler with a group of its own: the '*' group's lines are not its lines.
    else if (r.group === 'specific' && r.usage.every((u) => u.why.startsWith('no line of this kind'))) {
      const named = namingLine(r.decided || r.agent);
      box.append(el('br'), el('small', {}, 'this crawler has a group of its own' +
        (named ? ` (the user-agent line ${named} names it)` : '') + ": the '*' group's Content-Usage and " +
        'Content-Signal lines do not apply to it; repeat them in its group'));
    }
    return box;
  }

  // The kinds of usage line the file has (content-usage, content-signal), and the
  // user-agent line naming each token first: from the text, set by evaluate().
  let fileUsageKinds = new Set();
  let fileAgentLines = new Map();
  const namingLine = (token) => fileAgentLines.get(String(token).toLowerCase());

  function readFileLines(text) {
    fileUsageKinds = new Set();
    fileAgentLines = new Map();
    text.split(/\r\n|\r|\n/).forEach((line, i) => {
      const bare = line.replace(/#.*/, '');
      const usage = /^\s*(content-usage|content-signal)\s*:/i.exec(bare);
      if (usage) fileUsageKinds.add(usage[1].toLowerCase());
      const ua = /^\s*user[-_ ]?agent\s*:?\s*([A-Za-z_-]+)/i.exec(bare);
      if (ua && !fileAgentLines.has(ua[1].toLowerCase())) fileAgentLines.set(ua[1].toLowerCase(), i + 1);
    });
  }

  // The cases that teach what the usage answers rest on.
  function usageLessons(usage) {
    const ids = ['AIPREF-2'];
    if (usage.some((u) => u.why.startsWith('the crawl rules disallow'))) ids.push('USAGE-6');
    if (usage.some((u) => u.why.includes('not a valid Dictionary'))) ids.push('USAGE-15');
    if (usage.some((u) => u.why.includes('other than the vocabulary'))) ids.push('USAGE-14');
    if (usage.some((u) => u.why.includes('same path length'))) ids.push('USAGE-4');
    if (usage.every((u) => u.why.startsWith('no line of this kind'))) ids.push('USAGE-1');
    return ids.filter((id) => CASES[id]);
  }

  function answerSpan(r, url, agent, text) {
    return el('span', { class: 'answer ' + r.verdict, 'data-url': url, 'data-agent': agent,
      'data-profile': r.profile, 'data-verdict': r.verdict, 'data-line': String(r.line) }, text);
  }

  // A catalog crawler's results are kept apart from an agent's: an agent never
  // starts with a newline.
  const crawlerKey = (url, label, profile) => key(url, '\n' + label, profile);

  function resultRow(url, c, report, byKey, notes) {
    const profiles = report.profiles;
    const answers = profiles.map((p) => byKey.get(c.crawler ? crawlerKey(url.url, c.label, p.profile)
      : key(url.url, c.asked, p.profile)));
    const ok = answers.every((a) => a && !a.error);
    const sameVerdict = ok && answers.every((a) => a.verdict === answers[0].verdict);
    const agree = sameVerdict && answers.every((a) => a.line === answers[0].line);
    const attrs = { class: 'result' + (agree ? ' ' + answers[0].verdict : ' differs'), 'data-url': url.url,
      'data-agent': c.asked, 'data-verdict': sameVerdict ? answers[0].verdict : 'differs', tabindex: '0' };
    if (agree) attrs['data-line'] = String(answers[0].line);
    if (c.crawler) {
      // which crawler of the catalog, and which of its tokens' groups decided (Google's)
      attrs['data-crawler'] = c.crawler.id;
      if (ok) attrs['data-decided'] = answers[0].decided || (answers[0].group === 'global' ? '*' : '');
    }
    const row = el('tr', attrs);

    const urlCell = el('td', { class: 'url', 'data-label': 'URL' }, urlCode(url.url));
    if (url.scope === 'path') urlCell.append(el('br'), el('small', {}, "a path: read as on the file's own site"));
    if (url.scheme_relative) urlCell.append(el('br'), el('small', {}, "no scheme: read with the file's"));

    const agentCell = el('td', { class: 'agent', 'data-label': 'crawler' }, el('strong', {}, c.asked));
    if (c.crawler) {
      agentCell.append(el('br'), el('small', { class: 'catalog-crawler' }, crawlerLink(c.crawler, c.crawler.name),
        c.crawler.tokens.length > 1 ? `: asks with ${tokenList(c.crawler)}` : '',
        c.crawler.robots === 'ignores-star' ? '; ignores the * group' : ''));
    }
    if (c.reading.header) {
      const note = el('small', { class: 'as-written' });
      note.append(c.reading.token ? 'the product token of ' : 'as written: ', el('q', {}, c.written));
      if (c.reading.token) {
        note.append('. The whole string would get: ');
        profiles.forEach((p, i) => {
          const w = byKey.get(key(url.url, c.written, p.profile));
          if (i) note.append('; ');
          if (!w || w.error) {
            note.append(`${profileName(p.profile)}: no answer`);
            return;
          }
          note.append(el('span', { class: 'written ' + w.verdict, 'data-written-profile': p.profile,
            'data-written-verdict': w.verdict, 'data-written-line': String(w.line) },
          `${profileName(p.profile)}: ${w.verdict}${w.line ? ` by line ${w.line}` : ''}`),
          w.group === 'none' ? ' (no group names it)' : '');
        });
      }
      agentCell.append(el('br'), note);
    }

    // Google-Extended fetches nothing (Googlebot does): its rows say whether Google
    // may use what Googlebot fetched for its AI models, which a site owner who asks
    // about it wants told.
    if (c.known && c.known.robots === 'usage-token' && c.known.id !== 'google-extended') {
      agentCell.append(el('br'), el('small', { class: 'token-note' }, `a token, not a crawler: ${CATALOG.robots['usage-token']}`));
    } else if (c.asked.toLowerCase() === 'google-extended') {
      agentCell.append(el('br'), el('small', { class: 'token-note' }, 'a token, not a crawler: Googlebot fetches, ' +
        'and this row says whether Google may use the page for its AI models (',
      el('a', { href: 'glossary.html#google-extended' }, 'glossary'), ')'));
    }

    const verdictCell = el('td', { class: 'verdict', 'data-label': 'verdict' });
    const whyCell = el('td', { class: 'why', 'data-label': 'why' });
    const ids = [];
    if (!ok) {
      answers.forEach((a, i) => verdictCell.append(el('div', {},
        `${profileName(profiles[i].profile)}: ${a ? a.error : profiles[i].error || 'no answer'}`)));
    } else if (agree) {
      const r = answers[0];
      verdictCell.append(el('strong', { class: 'v-' + r.verdict }, r.verdict), el('br'));
      const both = el('small', {});
      answers.forEach((a, i) => {
        if (i) both.append(i === answers.length - 1 ? ' and ' : ', ');
        both.append(answerSpan(a, url.url, c.asked, profileName(a.profile)));
      });
      both.append(' agree');
      verdictCell.append(both);
      // The same verdict by the same line can still be reached by different roads
      // (another group, say): then each profile says its own.
      const said = (a) => JSON.stringify([a.why, a.group, a.group_lines, a.without_query]);
      const tokens = c.crawler ? c.crawler.tokens : null;
      if (answers.every((a) => said(a) === said(r))) whyCell.append(explanation(r, tokens));
      else answers.forEach((a) => whyCell.append(el('div', { class: 'profile-why' },
        el('strong', {}, `${profileName(a.profile)}: `), explanation(a, tokens))));
    } else {
      answers.forEach((a, i) => {
        verdictCell.append(el('div', {}, answerSpan(a, url.url, c.asked, `${profileName(a.profile)}: `),
          el('strong', { class: 'v-' + a.verdict }, a.verdict)));
        whyCell.append(el('div', { class: 'profile-why' }, el('strong', {}, `${profileName(a.profile)}: `),
          explanation(a, c.crawler ? c.crawler.tokens : null)));
      });
      whyCell.append(el('div', {}, el('em', {}, 'The two profiles answer differently: ' +
        'Google\'s parser and RFC 9309 part ways here.')));
    }
    if (ok && answers[0].usage) {
      // The AI usage preferences (Content-Usage, Content-Signal): said once when
      // every profile says the same, else per profile.
      const same = answers.every((a) => JSON.stringify(a.usage) === JSON.stringify(answers[0].usage));
      (same ? [answers[0]] : answers).forEach((a) =>
        whyCell.append(usageView(a, same ? '' : `${profileName(a.profile)}: `)));
      ids.push(...usageLessons(answers[0].usage));
    }
    if (ok) answers.forEach((a, i) => ids.push(...lessonsOf(a, profiles[i], notes[i])));
    if (url.scope === 'path') ids.push('PATH-1');
    if (c.reading.header && c.reading.token) ids.push('RFC-1');
    if (ok && c.crawler && answers.some((a) => a.decided && a.decided !== c.crawler.tokens[0])) ids.push('UA-1');
    if (ok && answers.some((a) => a.case_folded)) ids.push('MATCH-3');
    whyCell.append(el('br'), caseLinks(ids));
    row.append(urlCell, agentCell, verdictCell, whyCell);
    return { row, chosen: ok ? answers[0] : null };
  }

  function noVerdictRow(url, report) {
    const attrs = { class: 'result ' + url.scope, 'data-url': url.url,
      'data-verdict': url.scope === 'not-a-url' ? 'not-a-url' : 'out-of-scope', 'data-line': '0' };
    const row = el('tr', attrs);
    const why = el('td', { class: 'why', 'data-label': 'why' });
    const loc = report.location;
    if (url.scope === 'not-a-url') {
      why.append(`The reference cannot read it as a URL: ${url.why}. Write it whole (https://host/path) or as a ` +
        'path (/path). ', caseLinks(['URL-1']));
    } else if (loc.state === 'not-a-robots-url') {
      why.append('A file that is not at /robots.txt at the root of its host governs nothing' +
        (url.robots_url ? '; this URL is governed by ' : '.'), url.robots_url ? el('code', {}, url.robots_url) : '',
      url.robots_url ? '. ' : ' ', caseLinks(['SCOPE-3']));
    } else {
      const parts = url.differs || [];
      const ids = parts.map((d) => ({ scheme: 'SCOPE-9', host: 'SCOPE-2', port: 'SCOPE-8' })[d]);
      why.append('This file, at ', el('code', {}, loc.url), ', does not govern it' +
        (parts.length ? ` (another ${parts.join(' and ')})` : '') + ': ', el('code', { class: 'governing' },
        url.robots_url), ' does. Paste that file, with its location, to ask about this URL. ',
      caseLinks(ids.length ? ids : ['SCOPE-9']));
    }
    row.append(el('td', { class: 'url', 'data-label': 'URL' }, urlCode(url.url)),
      el('td', { class: 'agent', 'data-label': 'crawler' }, 'any'),
      el('td', { class: 'verdict', 'data-label': 'verdict' },
        el('strong', {}, url.scope === 'not-a-url' ? 'not a URL' : 'not this file\'s'), el('br'),
        el('small', {}, 'no verdict from this file')),
      why);
    return row;
  }

  // ---- Traps: the notes a site owner should read first, listed above the results --
  const TRAPS = {
    'joins-group': 'a user-agent line joins the group above, whose rules then bind both',
    'usage-hidden': "an AI preference that only crawlers without a group of their own read",
    'no-group': 'a rule before any user-agent line, which binds no crawler',
    'usage-no-group': 'an AI preference before any user-agent line, which applies to nobody',
    'never-matches': "a rule that never matches (it starts with neither '/' nor '*')",
    lookalike: 'a user-agent token that no crawler of the catalog carries',
  };

  function trapsView(report, text) {
    const box = $('traps');
    box.textContent = '';
    const found = new Map(); // line -> kinds
    for (const prof of report.profiles.filter((p) => !p.error))
      for (const l of prof.lines || [])
        for (const note of l.notes)
          if (TRAPS[note.kind]) found.set(l.n, new Set([...(found.get(l.n) || []), note.kind]));
    const lines = text.split(/\r\n|\r|\n/).slice(0, 20000);
    for (const [n] of pageNotes(lines)) found.set(n, new Set([...(found.get(n) || []), 'lookalike']));
    if (!found.size) return;
    box.append(el('strong', {}, `Traps in this file (${found.size === 1 ? 'one line' : `${found.size} lines`}): `),
      'each is marked on its line below, with what to write instead.');
    const list = el('ul');
    for (const [n, kinds] of [...found.entries()].sort((a, b) => a[0] - b[0]))
      for (const kind of kinds) {
        const id = NOTE_CASES[kind];
        list.append(el('li', { 'data-line': String(n), 'data-trap': kind }, el('a', { href: '#L' + n,
          class: 'line-link' }, 'line ' + n), `: ${TRAPS[kind]}`, id && CASES[id] ? ` (${id})` : ''));
      }
    box.append(list);
  }

  // ---- Who can crawl this site: every crawler of the catalog, by purpose ----------
  const REACH_WORDS = { allowed: 'allowed', blocked: 'blocked', partly: 'blocked in part', unknown: 'no answer' };
  // For a token that governs use, not fetching (Google-Extended).
  const USE_WORDS = { allowed: 'no rule refuses the use it governs', blocked: 'the use it governs is refused for ' +
    'every page', partly: 'the use it governs is refused for some pages', unknown: 'no answer' };
  const STATUS_WORDS = { 'user-request': 'ignores robots.txt for user requests', 'usage-token': 'a token, not a ' +
    'crawler', 'no-token': 'follows no robots.txt' };

  // Which group decided, in words, from a profile's summary of the crawler.
  function decidedWords(k, sum) {
    if (sum.star_ignored) return "no group names it, and it ignores the * group";
    if (!sum.group_lines || !sum.group_lines.length) return 'no group names it, and there is no * group';
    const at = `line ${sum.group_lines.join(', ')}`;
    if (!sum.decided) return `the * group (${at}): no group names ${k.tokens.length > 1 ? 'its tokens' : 'it'}`;
    return `the group of ${sum.decided} (${at})`;
  }

  function whoItem(k, sums, urls, byKey) {
    const google = sums.find((x) => x.profile === 'google') || sums[0];
    const status = !k.tokens.length ? 'no-token' : ['usage-token', 'user-request'].includes(k.robots) ? k.robots
      : google ? google.reach : 'unknown';
    const attrs = { class: 'who-crawler ' + status, 'data-crawler': k.id, 'data-status': status };
    for (const x of sums) attrs['data-reach-' + x.profile] = x.reach;
    if (google && k.tokens.length) attrs['data-decided'] = google.decided || (google.group_lines.length &&
      !google.star_ignored ? '*' : '');
    const li = el('li', attrs, crawlerLink(k, k.name), ` (${k.operator}): `);
    li.append(el('strong', {}, STATUS_WORDS[status] || REACH_WORDS[status] || status));
    if (!k.tokens.length) {
      li.append(` (${CATALOG.robots[k.robots] || k.robots})`);
      return li;
    }
    const words = k.robots === 'usage-token' ? USE_WORDS : REACH_WORDS;
    const reaches = [...new Set(sums.map((x) => x.reach))];
    if (reaches.length > 1) li.append('; ', sums.map((x) => `${profileName(x.profile)}: ${words[x.reach]}`).join('; '));
    else if (status !== google.reach) li.append(`; its group: ${words[google.reach]}`);
    li.append(el('br'), el('small', {}, `decided by ${decidedWords(k, google)}` +
      (k.tokens.length > 1 ? `; it asks with ${tokenList(k)}` : '')));
    if (urls.length) {
      const answers = urls.map((u) => byKey.get(crawlerKey(u.url, 'catalog:' + k.id, 'google'))).filter(Boolean);
      const allowed = answers.filter((a) => a.verdict === 'allowed').length;
      li.append(el('small', { class: 'who-urls' }, `; your URLs: ${allowed} of ${answers.length} allowed (Google)`));
    }
    return li;
  }

  function whoView(report, byKey) {
    const box = $('who');
    box.textContent = '';
    if (!CATALOG.crawlers.length) {
      box.append(el('p', { class: 'warning' }, 'The crawler catalog did not come with the page ' +
        '(crawler-catalog.js), so no crawler can be listed.'));
      return;
    }
    const sums = new Map();
    for (const p of report.profiles.filter((x) => !x.error))
      for (const c of p.crawlers || []) {
        if (!c.agent.startsWith('catalog:')) continue;
        const id = c.agent.slice('catalog:'.length);
        if (!sums.has(id)) sums.set(id, []);
        sums.get(id).push({ profile: p.profile, ...c });
      }
    const urls = report.urls.filter((u) => u.scope === 'applies' || u.scope === 'path');
    // The crawlers that fetch by their token: not usage tokens, not fetchers with none.
    const counted = { allowed: 0, blocked: 0, partly: 0 };
    let fetchers = 0;
    for (const k of CATALOG.crawlers) {
      const g = (sums.get(k.id) || []).find((x) => x.profile === 'google');
      if (!k.tokens.length || k.robots === 'usage-token' || !g || counted[g.reach] === undefined) continue;
      counted[g.reach]++;
      fetchers++;
    }
    box.append(el('p', { id: 'who-summary' }, `Of the ${fetchers} crawlers of the `,
      el('a', { href: 'crawler-catalog.html' }, 'catalog'), ' that a group can name, this file lets ' +
      `${counted.allowed} in everywhere, keeps ${counted.blocked} out everywhere and ${counted.partly} out of some ` +
      `paths (Google's reading; each says where RFC 9309 differs); ${CATALOG.crawlers.length - fetchers} more are ` +
      'usage tokens or fetchers with no token. Each is asked as it asks: all its tokens in order, and without the * ' +
      'group when it ignores it.'));
    if ($('traps').childNodes.length)
      $('who-summary').append(' ', el('a', { href: '#traps' }, 'Read the traps in this file first'),
        ': one can put crawlers in a group you did not mean them to be in.');
    for (const [purpose, title] of Object.entries(CATALOG.purposes)) {
      const mine = CATALOG.crawlers.filter((k) => k.purposes[0] === purpose);
      if (!mine.length) continue;
      box.append(el('h3', { id: 'who-' + purpose }, title));
      const list = el('ul', { class: 'who' });
      for (const k of mine) list.append(whoItem(k, sums.get(k.id) || [], urls, byKey));
      box.append(list);
    }
  }

  // Keeps each URL's scheme and host on one line unless that line is wider than the
  // room there is: its card on a phone, the page beside the table's other columns.
  function fitHosts() {
    const res = $('results');
    const origins = [...res.querySelectorAll('code.url .origin')];
    for (const o of origins) o.classList.remove('wrap');
    // Measured all at once, then marked: a layout for the lot, not one each.
    const sizes = origins.map((o) => [o.getBoundingClientRect().width, o.closest('td').clientWidth, o]);
    for (const [width, room, o] of sizes) if (width > room) o.classList.add('wrap');
    // A table too wide for the page: the widest hosts wrap first, until it fits.
    const widest = sizes.filter(([width, room]) => width <= room).sort((a, b) => b[0] - a[0]);
    let k = 0;
    while (k < widest.length && res.scrollWidth > res.clientWidth) {
      const width = widest[k][0];
      while (k < widest.length && widest[k][0] === width) widest[k++][2].classList.add('wrap');
    }
  }

  function render(report, enc, crawlers) {
    const out = $('results');
    out.textContent = '';
    fileInfo(report, enc);
    locationInfo(report);
    crawlerNotes(crawlers, report);
    const scope = $('scope');
    scope.textContent = '';
    const elsewhere = report.urls.filter((u) => u.scope === 'does-not-apply').length;
    const broken = report.urls.filter((u) => u.scope === 'not-a-url').length;
    if (elsewhere || broken) {
      scope.append(`${plural(elsewhere + broken, 'URL gets', 'URLs get')} no verdict from this file: ` +
        [elsewhere ? `${elsewhere} ${elsewhere === 1 ? 'is' : 'are'} governed by another robots.txt` : '',
          broken ? `${broken} ${broken === 1 ? 'is' : 'are'} not a URL` : ''].filter(Boolean).join(', ') + '.');
    }
    trapsView(report, enc.parserText);
    $('who').textContent = '';
    if (report.location.state === 'not-a-url') {
      out.append(el('p', { class: 'warning', id: 'no-results' },
        "No verdicts: the robots.txt's location is not a URL, so which URLs it governs is unknown."));
      numberedView(enc.parserText, report, null);
      return;
    }
    const byKey = new Map();
    for (const prof of report.profiles) {
      for (const r of prof.results || []) byKey.set(key(r.url, r.agent, r.profile), r);
      for (const r of prof.crawler_results || []) byKey.set(crawlerKey(r.url, r.agent, r.profile), r);
    }
    const notes = report.profiles.map(notesOf);
    const table = el('table', { class: 'results' });
    table.append(el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'URL'), el('th', { scope: 'col' }, 'crawler'),
      el('th', { scope: 'col' }, 'verdict'), el('th', { scope: 'col' }, 'why'))));
    const body = el('tbody');
    let first = null;
    for (const u of report.urls) {
      if (u.scope !== 'applies' && u.scope !== 'path') {
        body.append(noVerdictRow(u, report));
        continue;
      }
      for (const c of crawlers) {
        const { row, chosen } = resultRow(u, c, report, byKey, notes);
        if (chosen) {
          row.addEventListener('click', () => numberedView(enc.parserText, report, chosen));
          row.addEventListener('keydown', (e) => { if (e.key === 'Enter') numberedView(enc.parserText, report, chosen); });
          if (!first) first = chosen;
        }
        body.append(row);
      }
    }
    table.append(body);
    if (!body.rows.length) out.append(el('p', {}, 'Give at least one crawler and one URL.'));
    else out.append(table);
    fitHosts();
    whoView(report, byKey);
    numberedView(enc.parserText, report, first);
  }

  // ---- Compare: what another version of the file changes ------------------------------

  function answersByKey(report) {
    const byKey = new Map();
    for (const prof of report.profiles) {
      for (const r of prof.results || []) byKey.set(key(r.url, r.agent, r.profile), r);
      for (const r of prof.crawler_results || []) byKey.set(crawlerKey(r.url, r.agent, r.profile), r);
    }
    return byKey;
  }

  // "disallowed by line 4: disallow: /x" or "allowed: no line decides".
  function sideText(r, lines) {
    return r.line ? `${r.verdict} by line ${r.line}: ${lines[r.line - 1] || ''}` : `${r.verdict}: no line decides`;
  }

  // Every URL and crawler whose answer the other version changes, for each
  // profile: a table under "What changes", and the result rows marked.
  function changesView(report, other, crawlers, lines, otherLines) {
    const box = $('changes');
    box.textContent = '';
    if (!other) return;
    if (other.error || report.location.state === 'not-a-url') {
      box.append(el('p', { class: 'warning' }, 'What changes: the other version cannot be compared (' +
        (other.error || "the robots.txt's location is not a URL") + ').'));
      return;
    }
    const before = answersByKey(report), after = answersByKey(other);
    const rows = [];
    let asked = 0;
    for (const u of report.urls) {
      if (u.scope !== 'applies' && u.scope !== 'path') continue;
      for (const c of crawlers) {
        for (const p of report.profiles) {
          const k = c.crawler ? crawlerKey(u.url, c.label, p.profile) : key(u.url, c.asked, p.profile);
          const a = before.get(k), b = after.get(k);
          if (!a || !b || a.error || b.error) continue;
          asked++;
          if (a.verdict !== b.verdict) rows.push({ u, c, p, a, b });
        }
      }
    }
    box.append(el('h3', { id: 'what-changes' }, 'What changes'));
    if (!rows.length) {
      box.append(el('p', { id: 'no-changes' }, `No answer changes: the ${plural(asked, 'answer is', 'answers are')} ` +
        'the same with the other version.'));
      return;
    }
    box.append(el('p', {}, `${plural(rows.length, 'answer changes', 'answers change')} of ${asked} ` +
      '(each URL, crawler and profile): before is the file above, after the other version.'));
    const table = el('table', { class: 'results changes' });
    table.append(el('thead', {}, el('tr', {}, ...['URL', 'crawler', 'profile', 'before', 'after'].map((h) =>
      el('th', { scope: 'col' }, h)))));
    const body = el('tbody');
    for (const { u, c, p, a, b } of rows) {
      body.append(el('tr', { class: 'change ' + b.verdict, 'data-url': u.url, 'data-agent': c.asked,
        'data-profile': p.profile, 'data-before': a.verdict, 'data-after': b.verdict,
        'data-line-before': String(a.line), 'data-line-after': String(b.line) },
      el('td', { class: 'url', 'data-label': 'URL' }, urlCode(u.url)),
      el('td', { class: 'agent', 'data-label': 'crawler' }, c.asked),
      el('td', { 'data-label': 'profile' }, profileName(p.profile)),
      el('td', { 'data-label': 'before' }, sideText(a, lines)),
      el('td', { 'data-label': 'after' }, el('strong', {}, sideText(b, otherLines)))));
      for (const row of document.querySelectorAll('#results tr.result')) {
        if (row.dataset.url === u.url && row.dataset.agent === c.asked) row.setAttribute('data-changed', 'true');
      }
    }
    table.append(body);
    box.append(table);
  }

  // ---- Evaluation -----------------------------------------------------------------
  let engine = null;
  const encoder = new TextEncoder();

  function evaluate() {
    if (!engine) return;
    if (linkError) {
      for (const id of ['results', 'cap', 'encoding', 'scope', 'agent-notes', 'traps', 'who', 'lines', 'changes'])
        $(id).textContent = '';
      $('results').append(el('p', { class: 'warning', id: 'no-results' }, `No verdicts: ${linkError}.`));
      return;
    }
    const bytes = fileBytes || encoder.encode($('robots').value);
    const enc = RobotsReading.encoding(bytes);
    writeFragment(enc);
    readFileLines(enc.parserText);
    const crawlers = crawlersOf($('agents').value);
    // A crawler of the catalog is asked as it asks (below); a header also as written.
    const asked = [...new Set(crawlers.flatMap((c) => [...(c.crawler ? [] : [c.asked]),
      ...(c.reading.header && c.reading.token ? [c.written] : [])]))];
    // The crawlers typed that the catalog knows, and every crawler of the catalog
    // for "who can crawl this site".
    const lines = [...crawlers.filter((c) => c.crawler).map((c) => crawlerLine(c.label, c.crawler)),
      ...CATALOG.crawlers.filter((k) => k.tokens.length).map((k) => crawlerLine('catalog:' + k.id, k))];
    const started = performance.now();
    const report = engine.evaluate(bytes, asked.join('\n'), $('urls').value, $('location').value.trim(),
      lines.join('\n'));
    const took = performance.now() - started;
    render(report, enc, crawlers);
    const otherText = $('compare').value;
    let other = null, otherEnc = null;
    if (otherText) {
      otherEnc = RobotsReading.encoding(encoder.encode(otherText));
      other = engine.evaluate(encoder.encode(otherText), asked.join('\n'), $('urls').value,
        $('location').value.trim(), lines.join('\n'));
    }
    changesView(report, other, crawlers, enc.parserText.split(/\r\n|\r|\n/),
      otherEnc ? otherEnc.parserText.split(/\r\n|\r|\n/) : []);
    $('timing').textContent = `evaluated in ${took.toFixed(1)} ms`;
    $('timing').setAttribute('data-ms', took.toFixed(3));
  }

  function loadFile(file) {
    file.arrayBuffer().then((buf) => {
      fileBytes = new Uint8Array(buf);
      linkError = null;
      $('robots').value = RobotsReading.encoding(fileBytes).text;
      evaluate();
    });
  }

  function start() {
    if (typeof ROBOTS_WASM_BASE64 !== 'string' || typeof RobotsReading !== 'object') {
      $('status').textContent =
        'The reference is missing: robots-wasm.js or reading.js was not built (make site builds them).';
      return;
    }
    engine = RobotsEngine.load(RobotsEngine.fromBase64(ROBOTS_WASM_BASE64));
    $('status').textContent = '';
    readFragment();
    let timer = null;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(evaluate, 150);
    };
    // Typing in the text box makes it the file: UTF-8 text, whatever the file was.
    $('robots').addEventListener('input', () => {
      fileBytes = null;
      linkError = null;
      later();
    });
    for (const id of ['agents', 'urls', 'location', 'compare']) $(id).addEventListener('input', later);
    $('file').addEventListener('change', (e) => { if (e.target.files[0]) loadFile(e.target.files[0]); });
    $('robots').addEventListener('dragover', (e) => e.preventDefault());
    $('robots').addEventListener('drop', (e) => {
      e.preventDefault();
      if (e.dataTransfer.files[0]) loadFile(e.dataTransfer.files[0]);
    });
    $('evaluate').addEventListener('click', evaluate);
    window.addEventListener('hashchange', () => { if (readFragment()) evaluate(); });
    let fitting = null;
    window.addEventListener('resize', () => {
      clearTimeout(fitting);
      fitting = setTimeout(fitHosts, 100);
    });
    evaluate();
  }

  window.RobotsPlayground = { evaluate: () => evaluate(), engine: () => engine, cases: () => CASES };
  document.addEventListener('DOMContentLoaded', start);
})();
