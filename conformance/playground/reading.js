// reading.js - what the playground reads from its inputs before it asks the
// reference: the encoding of a file's bytes, and the product token a crawler
// matches groups with when the agent given is a whole User-Agent header.
// RobotsReading.encoding(bytes) and RobotsReading.crawler(agent); no DOM, so the
// tests run it under Node too. These are the page's readings, not rules of
// robots.txt: every verdict still comes from the reference (engine.js).
'use strict';
(function (root) {
  // ---- Encodings ------------------------------------------------------------------

  // The length of the valid UTF-8 sequence at bytes[i] (1-4), or 0 (RFC 3629: no
  // overlong forms, no surrogates, nothing past U+10FFFF).
  function utf8Sequence(bytes, i) {
    const b0 = bytes[i];
    if (b0 < 0x80) return 1;
    let n, min;
    if (b0 >= 0xC2 && b0 <= 0xDF) [n, min] = [2, 0x80];
    else if (b0 >= 0xE0 && b0 <= 0xEF) [n, min] = [3, 0x800];
    else if (b0 >= 0xF0 && b0 <= 0xF4) [n, min] = [4, 0x10000];
    else return 0;
    if (i + n > bytes.length) return 0;
    let cp = b0 & (0xFF >> (n + 1));
    for (let k = 1; k < n; k++) {
      const b = bytes[i + k];
      if ((b & 0xC0) !== 0x80) return 0;
      cp = (cp << 6) | (b & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return n;
  }

  // Each byte as the character of the same number (ISO-8859-1), which maps every
  // byte to one character and back.
  function latin1(bytes) {
    let s = '';
    for (let i = 0; i < bytes.length; i += 8192)
      s += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(i + 8192, bytes.length)));
    return s;
  }

  // What a file's bytes are: {name, bom, text, parserText, invalid, firstInvalid}.
  //   name: 'utf-8' (ASCII included), 'utf-16le' or 'utf-16be' (each known by its
  //     byte order mark), or 'latin-1': bytes that are not UTF-8, shown as Latin-1.
  //   bom: a UTF-8 byte order mark begins the file (it stays in text).
  //   text: the file for a person to read and edit (the text box).
  //   parserText: the bytes as the parser reads them, one character a byte where
  //     they are not UTF-8 (its lines are the parser's: CR and LF end them).
  //   invalid: bytes that are not part of a UTF-8 character; firstInvalid: the
  //     offset of the first and its line ({offset, line}), or null.
  function encoding(bytes) {
    let invalid = 0, firstInvalid = null, line = 1;
    for (let i = 0; i < bytes.length;) {
      const n = utf8Sequence(bytes, i);
      if (n) {
        if (bytes[i] === 0x0A || (bytes[i] === 0x0D && bytes[i + 1] !== 0x0A)) line++;
        i += n;
        continue;
      }
      if (!firstInvalid) firstInvalid = { offset: i, line };
      invalid++;
      i++;
    }
    const bomUtf8 = bytes.length >= 3 && bytes[0] === 0xEF && bytes[1] === 0xBB && bytes[2] === 0xBF;
    const raw = latin1(bytes);
    // FF and FE never occur in UTF-8: a file that starts with them is no UTF-8 file.
    if (bytes.length >= 2 && ((bytes[0] === 0xFF && bytes[1] === 0xFE) || (bytes[0] === 0xFE && bytes[1] === 0xFF))) {
      const name = bytes[0] === 0xFF ? 'utf-16le' : 'utf-16be';
      return { name, bom: false, text: new TextDecoder(name).decode(bytes), parserText: raw, invalid, firstInvalid };
    }
    if (invalid) return { name: 'latin-1', bom: bomUtf8, text: raw, parserText: raw, invalid, firstInvalid };
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return { name: 'utf-8', bom: bomUtf8, text, parserText: text, invalid: 0, firstInvalid: null };
  }

  // ---- User agents ------------------------------------------------------------------

  // A product token, what a robots.txt group names and a crawler matches with
  // (RFC 9309 2.2.1): letters, '-' and '_'.
  const TOKEN = /^[A-Za-z_-]+$/;
  // The product token of a name: its leading run of letters, '-' and '_', as the
  // reference reads the token of a user-agent line (UA-3, TOKEN-3).
  const tokenOf = (name) => (/^[A-Za-z_-]*/.exec(name) || [''])[0];
  // An RFC 9110 token: what a product's name in a User-Agent header is made of.
  const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
  // Tokens of browsers, engines and platforms, which no crawler is known by: a
  // crawler's header names them to look like a browser (lower case).
  const NOT_CRAWLERS = new Set(['mozilla', 'applewebkit', 'khtml', 'gecko', 'like', 'chrome', 'chromium', 'crios',
    'safari', 'mobile', 'version', 'firefox', 'fxios', 'edg', 'edge', 'edga', 'edgios', 'opr', 'opera', 'trident',
    'msie', 'compatible', 'linux', 'android', 'windows', 'win', 'wow', 'x', 'u', 'macintosh', 'iphone', 'ipad',
    'cpu', 'build', 'headlesschrome', 'samsungbrowser', 'ubuntu', 'en-us', 'rv']);
  const crawlerLike = /bot|crawl|spider|slurp|fetch|archiv/i;

  // The products a User-Agent header names, in order: {name, comment (inside
  // parentheses), compatible (right after "compatible;")}. A comment's items are
  // split at ';' and ','; only an item that is one name, with or without a
  // /version, is a product.
  function products(header) {
    const found = [];
    let i = 0;
    while (i < header.length) {
      if (/\s/.test(header[i])) {
        i++;
      } else if (header[i] === '(') {
        let depth = 0, j = i;
        for (; j < header.length; j++) {
          if (header[j] === '\\') j++;
          else if (header[j] === '(') depth++;
          else if (header[j] === ')' && --depth === 0) break;
        }
        let compatible = false;
        for (const item of header.slice(i + 1, j).split(/[;,()]/).map((s) => s.trim())) {
          if (/^compatible$/i.test(item)) {
            compatible = true;
            continue;
          }
          const slash = item.indexOf('/');
          const name = slash < 0 ? item : item.slice(0, slash);
          if (name && HTTP_TOKEN.test(name) && !/\s/.test(item)) found.push({ name, comment: true, compatible });
          compatible = false;
        }
        i = j + 1;
      } else {
        let j = i;
        while (j < header.length && !/\s/.test(header[j]) && header[j] !== '(') j++;
        const word = header.slice(i, j);
        const name = word.split('/')[0];
        if (name && HTTP_TOKEN.test(name)) found.push({ name, comment: false, compatible: false });
        i = j;
      }
    }
    return found;
  }

  // What a crawler given as `agent` matches groups with:
  //   {token: agent, header: false} when the agent is a product token;
  //   {token, header: true, product} when it is not and names a crawler's product:
  //     the one a "compatible;" comment names, else the first that names a bot,
  //     crawler or spider, else the first that is not a browser's or a platform's;
  //     token is that product's token (Googlebot for
  //     "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
  //   {token: null, header: true} when it names none (a browser's header, '*',
  //     digits): the page then evaluates the agent as written.
  function crawler(agent) {
    if (TOKEN.test(agent)) return { token: agent, header: false };
    const candidates = products(agent)
      .map((p) => ({ ...p, token: tokenOf(p.name) }))
      .filter((p) => p.token && !NOT_CRAWLERS.has(p.token.toLowerCase()))
      // inside a comment ("Linux; Android 10; K"), a product counts when a
      // "compatible;" comes before it or its name says it is a crawler
      .filter((p) => !p.comment || p.compatible || crawlerLike.test(p.name));
    const chosen = candidates.find((p) => p.compatible) || candidates.find((p) => crawlerLike.test(p.name)) ||
      candidates[0];
    return chosen ? { token: chosen.token, header: true, product: chosen.name } : { token: null, header: true };
  }

  const api = { encoding, crawler, utf8Sequence, latin1 };
  root.RobotsReading = api;
  if (typeof module === 'object' && module.exports) module.exports = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
