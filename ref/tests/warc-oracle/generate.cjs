// generate.cjs - a deterministic web archive of robots.txt captures for the WARC
// oracle test (make test-warc-oracle): one list of records written in three
// layouts, and the robots.txt responses a reader must find in them.
//
//   node generate.cjs --dir DIR [--records N] [--seed S]
//
// Writes, in DIR: plain.warc; members.warc.gz (one gzip member a record, as web
// archives write them); whole.warc.gz (the plain file as one gzip member);
// truth.jsonl, one line (format.cjs) for every `response` record whose
// WARC-Target-URI's path is /robots.txt, from what was written, not from reading it
// back; manifest.json, the seed, the records by WARC-Type, how often each feature
// occurs and the archive's recipe (generateOnce: a rerun reads the archive again).
// At least N records (default 50,000) from seed S (default 59); the same N and S
// give the same records on any machine (prng.cjs). Exits 1 when an archive of
// 20,000 records or more lacks a feature of REQUIRED: a change of the mix must not
// drop one unseen. Node's zlib only, no package.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const crypto = require('crypto');
const { Prng } = require('./prng.cjs');
const { responseLine } = require('./format.cjs');
const { GzipLayouts } = require('./gzip-layouts.cjs');

const CRLF = '\r\n';

// ---- Words the records are made of ---------------------------------------------

const REASONS = {
  200: 'OK', 203: 'Non-Authoritative Information', 206: 'Partial Content', 301: 'Moved Permanently',
  302: 'Found', 303: 'See Other', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 410: 'Gone',
  418: "I'm a teapot", 429: 'Too Many Requests', 451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};
const REDIRECTS = [301, 302, 303, 307, 308];
// The status of a capture's first response, as often as the weight.
const STATUSES = [
  [52, 200], [1, 203], [0.5, 206], [5, 301], [4, 302], [1, 303], [2, 307], [2, 308], [1, 400],
  [1, 401], [3, 403], [13, 404], [2, 410], [0.3, 418], [2, 429], [0.4, 451], [3, 500], [1, 502],
  [3, 503], [1, 504],
];
const WORDS = ['example', 'shop', 'news', 'blog', 'wiki', 'data', 'cdn', 'mail', 'static', 'forum', 'maps', 'store'];
const TLDS = ['com', 'org', 'net', 'de', 'fr', 'co.uk', 'io', 'example', 'test', 'jp'];
// International hosts, written as crawlers that keep the IRI write them (UTF-8).
const IDN_HOSTS = ['bücher.example', 'münchen.test', '例え.テスト', 'пример.испытание', 'δοκιμή.example', 'xn--bcher-kva.example'];
// Response records at these paths are not robots.txt captures: no reader lists them.
const NEAR_MISSES = [
  '/robots.txt?x=1', '/robots.txt?', '/Robots.txt', '/ROBOTS.TXT', '/robots.txt/', '/robots.txt.bak',
  '/a/robots.txt', '/robots2.txt', '/robots.txt%20', '/', '/index.html', '/robots.txt.gz', '/robots',
];
const AGENTS = ['*', 'Googlebot', 'googlebot', 'GPTBot', 'bingbot', 'CCBot', 'Googlebot-Image', 'FooBot/2.1', 'anthropic-ai'];
const AGENT_KEYS = ['User-agent', 'user-agent', 'USER-AGENT', 'User-Agent', 'useragent'];
const RULE_KEYS = ['Disallow', 'disallow', 'DISALLOW', 'Allow', 'allow', 'Dissallow', 'Noindex'];
const RULE_PATHS = [
  '/', '/private/', '/*.pdf$', '/search?q=', '/tmp/', '/wp-admin/', '/wp-admin/admin-ajax.php', '/cgi-bin/',
  '', '/%E3%83%86%E3%82%B9%E3%83%88', '/fish*', '/*?sessionid=', '/api/v1/', '/cart', '/checkout/$',
];
const COMMENTS = ['robots.txt for this site', 'keep out', 'see https://example.com/policy', 'last updated 2024'];
const UNICODE_COMMENTS = ['ロボットはここに入らないでください', 'Zugriff für Bots verweigert', 'доступ запрещён', 'café ☕ 🤖'];
// Bytes that are not UTF-8 (a lone continuation, an overlong slash, a surrogate,
// a sequence cut short, bytes UTF-8 never has), NUL and ESC.
const DIRT = [[0x00], [0xff], [0xfe, 0xff], [0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0x1b], [0xf8, 0x88, 0x80]];
const SERVERS = ['nginx', 'Apache/2.4.57 (Debian)', 'cloudflare', 'Microsoft-IIS/10.0', 'gws', 'AmazonS3'];
const CHUNK_EXTENSIONS = [';name=value', ';a=1;b=2', ';ext', ';q="quoted; string"', ' ;bws=1', ';sig=0123456789abcdef'];
// Headers a response may carry besides those that decide what its body is.
const EXTRA_HEADERS = [
  ['Cache-Control', 'max-age=86400'], ['ETag', '"5f3c-1a2b3c"'], ['Last-Modified', 'Tue, 02 Jan 2024 10:00:00 GMT'],
  ['Vary', 'Accept-Encoding'], ['X-Robots-Tag', 'noindex'], ['Set-Cookie', 'session=abc123; Path=/; HttpOnly'],
  ['Set-Cookie', 'lang=en; Path=/'], ['Connection', 'close'], ['Connection', 'keep-alive'], ['Accept-Ranges', 'bytes'],
  ['X-Powered-By', 'PHP/8.2.7'], ['Strict-Transport-Security', 'max-age=31536000'], ['X-Cache', 'HIT'],
  ['CF-RAY', '84a1b2c3d4e5f607-FRA'], ['Age', '42'], ['X-Content-Type-Options', 'nosniff'],
];

// ---- The features an archive must hold -------------------------------------------

const REQUIRED = [
  'version WARC/1.0', 'version WARC/1.1',
  'type warcinfo', 'type request', 'type response', 'type metadata', 'type revisit', 'type resource',
  ...[200, 203, 301, 302, 307, 308, 404, 410, 429, 500, 503].map((s) => `robots status ${s}`),
  'location absolute', 'location relative', 'location scheme-relative', 'location other origin',
  'location other path', 'location to this same URI', 'location target not in the file', 'redirect without location',
  'chain past five redirects',
  'chunked', 'chunk extension', 'chunked and encoded',
  'coding gzip', 'coding x-gzip', 'coding deflate', 'coding br', 'coding identity', 'coding name not lower case',
  'body empty', 'body empty when encoded', 'body of 512000 bytes', 'body past 512000 bytes',
  'body past 512000 bytes encoded', 'body binary', 'body NUL', 'body not UTF-8', 'body BOM', 'body CR line ends',
  'uri angle brackets', 'uri explicit port', 'uri upper case', 'uri international host', 'uri IP address',
  'response at another path', 'near miss of /robots.txt',
  'warc header name lower case', 'warc header name upper case', 'warc header name mixed case',
  'warc header without space after colon', 'warc header order shuffled', 'http header name lower case',
  'http header name upper case', 'http header value not UTF-8', 'http reason phrase empty', 'http/1.0 status line',
  'gzip member stored', 'gzip member with name, extra and comment',
];

// ---- Bodies ----------------------------------------------------------------------

// Text of robots.txt lines, `size` bytes exactly (the last line may be cut).
// A body past 64 KiB is a slice of one long text made once, at a random place:
// what matters in it is its size, and making each anew would be most of the
// generator's time.
const BIG = 65536;
const bigTexts = new WeakMap(); // one a generator's numbers, so a seed gives one archive
function robotsText(rng, size, { unicode = false } = {}) {
  if (size > BIG && !unicode) {
    if (!bigTexts.has(rng)) bigTexts.set(rng, newRobotsText(rng, 2200000, {}));
    const bigText = bigTexts.get(rng);
    const at = rng.between(0, bigText.length - size);
    return bigText.subarray(at, at + size);
  }
  return newRobotsText(rng, size, { unicode });
}

function newRobotsText(rng, size, { unicode }) {
  const eol = rng.weighted([[60, '\n'], [30, '\r\n'], [3, '\r'], [7, 'mixed']]);
  const parts = [];
  let length = 0;
  if (rng.chance(0.03)) {
    parts.push(Buffer.from([0xef, 0xbb, 0xbf]));
    length += 3;
  }
  while (length < size) {
    const lines = [];
    for (let i = 0; i < 256; i++) {
      let line;
      const r = rng.fraction();
      if (r < 0.1) line = `# ${rng.pick(unicode && rng.chance(0.5) ? UNICODE_COMMENTS : COMMENTS)}`;
      else if (r < 0.14) line = '';
      else if (r < 0.3) line = `${rng.pick(AGENT_KEYS)}: ${rng.pick(AGENTS)}`;
      else if (r < 0.88) line = `${rng.pick(RULE_KEYS)}:${rng.pick([' ', ' ', '', '  ', '\t'])}${rng.pick(RULE_PATHS)}`;
      else if (r < 0.94) line = `Sitemap: https://${rng.pick(WORDS)}.${rng.pick(TLDS)}/sitemap-${rng.between(1, 99)}.xml`;
      else line = `Crawl-delay: ${rng.between(1, 30)}`;
      lines.push(line + (eol === 'mixed' ? rng.pick(['\n', '\r\n', '\r']) : eol));
    }
    const block = Buffer.from(lines.join(''), 'utf8');
    parts.push(block);
    length += block.length;
  }
  return Buffer.concat(parts, length).subarray(0, size);
}

function htmlPage(rng, status, size) {
  const reason = REASONS[status] || 'Status';
  const head = `<!DOCTYPE html>\n<html><head><title>${status} ${reason}</title></head><body>\n<h1>${reason}</h1>\n`;
  let text = head;
  while (text.length < size) text += `<p>The document ${rng.pick(RULE_PATHS) || '/'} is ${reason.toLowerCase()}.</p>\n`;
  return Buffer.from(text, 'utf8').subarray(0, size);
}

// Robots text with NUL and bytes that are not UTF-8 put in at random places.
function dirtyText(rng, size) {
  const body = Buffer.from(robotsText(rng, size));
  const n = Math.max(1, Math.floor(size / 300));
  for (let i = 0; i < n && size > 0; i++) {
    const dirt = rng.pick(DIRT);
    const at = rng.between(0, Math.max(0, size - dirt.length));
    for (let j = 0; j < dirt.length && at + j < size; j++) body[at + j] = dirt[j];
  }
  return body;
}

function makeBody(rng, spec, note) {
  const { size, kind } = spec;
  if (size === 0) return Buffer.alloc(0);
  switch (kind) {
    case 'binary': {
      const body = rng.bytes(size);
      body[rng.between(0, size - 1)] = 0x00;
      body[rng.between(0, size - 1)] = 0xff;
      note('body binary');
      note('body NUL');
      note('body not UTF-8');
      return body;
    }
    case 'dirty':
      note('body NUL');
      note('body not UTF-8');
      return dirtyText(rng, size);
    case 'html':
      return htmlPage(rng, spec.status, size);
    default:
      return robotsText(rng, size, { unicode: kind === 'unicode' });
  }
}

function noteBodyText(body, note) {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) note('body BOM');
  const cr = body.indexOf(13);
  if (cr >= 0 && body[cr + 1] !== 10) note('body CR line ends');
}

function encode(rng, body, coding) {
  switch (coding.toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gzipSync(body, { level: rng.between(1, 9) });
    case 'deflate': // zlib-wrapped, as RFC 9110 8.4.1.2 has it
      return zlib.deflateSync(body, { level: rng.between(1, 9) });
    case 'br':
      return zlib.brotliCompressSync(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: rng.between(1, 5), [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    default:
      return body;
  }
}

// Transfer-Encoding: chunked (RFC 9112 7.1), with chunk extensions and no trailer
// (warcio reads no trailer). A size line stays under warcio's 64 bytes. The chunks
// draw from numbers of their own: how many they take depends on the encoded size,
// which is zlib's and may change with Node, and the records after must not.
function chunk(archiveRng, raw, note) {
  const rng = new Prng(archiveRng.next());
  const parts = [];
  const style = rng.weighted([[50, 'random'], [20, 'one'], [15, 'small'], [15, 'fixed']]);
  const fixed = rng.pick([1024, 4096, 8192, 16384, 65536]);
  const sizeLine = (n) => {
    let hex = n.toString(16);
    if (rng.chance(0.3)) hex = hex.toUpperCase();
    if (rng.chance(0.05)) hex = `00${hex}`;
    if (rng.chance(0.15)) {
      hex += rng.pick(CHUNK_EXTENSIONS);
      note('chunk extension');
    }
    return Buffer.from(hex + CRLF, 'latin1');
  };
  for (let at = 0; at < raw.length;) {
    let n;
    if (style === 'one') n = raw.length;
    else if (style === 'small' && raw.length < 4096) n = rng.between(1, 16);
    else if (style === 'fixed') n = fixed;
    else n = rng.between(1, 16384);
    n = Math.min(n, raw.length - at);
    parts.push(sizeLine(n), raw.subarray(at, at + n), Buffer.from(CRLF));
    at += n;
  }
  parts.push(sizeLine(0), Buffer.from(CRLF));
  return Buffer.concat(parts);
}

// ---- Headers ---------------------------------------------------------------------

function headerName(rng, name, where, note) {
  const form = rng.weighted([[88, 'as is'], [6, 'lower'], [3, 'upper'], [3, 'mixed']]);
  if (form === 'as is') return name;
  note(`${where} header name ${form === 'mixed' ? 'mixed' : form} case`);
  if (form === 'lower') return name.toLowerCase();
  if (form === 'upper') return name.toUpperCase();
  return rng.randomCase(name);
}

// Header lines as bytes: each value a string (UTF-8) or a Buffer (as is).
function headerLines(rng, fields, where, note) {
  const parts = [];
  let text = '';
  for (const [name, value] of fields) {
    const sep = rng.weighted([[90, ': '], [5, ':'], [5, ':   ']]);
    if (sep === ':') note(`${where} header without space after colon`);
    text += headerName(rng, name, where, note) + sep;
    if (Buffer.isBuffer(value)) {
      parts.push(Buffer.from(text, 'utf8'), value);
      text = CRLF;
    } else text += value + CRLF;
  }
  parts.push(Buffer.from(text, 'utf8'));
  return parts;
}

function shuffle(rng, list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = rng.between(0, i);
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

// ---- The archive -----------------------------------------------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
function sha1Base32(data) {
  const digest = crypto.createHash('sha1').update(data).digest();
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `sha1:${out}`;
}

class Writer {
  constructor(file) {
    this.fd = fs.openSync(file, 'w');
    this.parts = [];
    this.size = 0;
  }
  write(buf) {
    this.parts.push(buf);
    this.size += buf.length;
    if (this.size >= 1 << 22) this.flush();
  }
  flush() {
    fs.writeSync(this.fd, Buffer.concat(this.parts, this.size));
    this.parts = [];
    this.size = 0;
  }
  close() {
    this.flush();
    fs.closeSync(this.fd);
  }
}

class Archive {
  constructor(dir, seed) {
    this.rng = new Prng(seed);
    this.plain = new Writer(path.join(dir, 'plain.warc'));
    this.gzipped = new GzipLayouts(path.join(dir, 'members.warc.gz'), path.join(dir, 'whole.warc.gz'));
    this.truth = new Writer(path.join(dir, 'truth.jsonl'));
    this.records = 0;
    this.types = {};
    this.features = {};
    this.robotsResponses = 0;
    this.time = Date.UTC(2024, 2, 1);
    this.captured = []; // robots.txt URIs and dates already written, for revisits
    this.note = (feature) => {
      this.features[feature] = (this.features[feature] || 0) + 1;
    };
  }

  uuid() {
    const hex = this.rng.bytes(16).toString('hex');
    return `<urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}>`;
  }

  date(version) {
    this.time += this.rng.between(0, 3000);
    const iso = new Date(this.time).toISOString(); // 2024-03-01T00:00:00.000Z
    if (version === 'WARC/1.1' && this.rng.chance(0.5)) return `${iso.slice(0, 19)}.${String(this.rng.between(0, 999999)).padStart(6, '0')}Z`;
    return `${iso.slice(0, 19)}Z`;
  }

  // One record: `fields` the WARC headers beside WARC-Type, WARC-Record-ID,
  // WARC-Date, WARC-Target-URI and Content-Length, which this adds.
  add({ type, uri, version, block, contentType, fields = [], id = this.uuid(), date = this.date(version) }) {
    const rng = this.rng;
    const head = [['WARC-Type', type], ['WARC-Record-ID', id], ['WARC-Date', date]];
    if (uri !== undefined) {
      const bracket = rng.chance(version === 'WARC/1.0' ? 0.3 : 0.03);
      if (bracket) this.note('uri angle brackets');
      head.push(['WARC-Target-URI', bracket ? `<${uri}>` : uri]);
    }
    if (contentType) head.push(['Content-Type', contentType]);
    head.push(...fields);
    if (rng.chance(0.2)) head.push(['WARC-Block-Digest', sha1Base32(block)]);
    if (rng.chance(0.04)) head.push(['X-Oracle-Note', `record ${this.records} of a generated archive`]);
    let length = String(block.length);
    if (rng.chance(0.02)) length = `00${length}`;
    head.push(['Content-Length', length]);
    if (rng.chance(0.15)) {
      shuffle(rng, head);
      this.note('warc header order shuffled');
    }
    const record = Buffer.concat([
      Buffer.from(version + CRLF), ...headerLines(rng, head, 'warc', this.note), Buffer.from(CRLF), block,
      Buffer.from(CRLF + CRLF),
    ]);
    this.plain.write(record);
    const level = rng.weighted([[4, 0], [76, 1], [17, 6], [3, 9]]);
    if (level === 0) this.note('gzip member stored');
    const named = rng.chance(0.03);
    if (named) this.note('gzip member with name, extra and comment');
    this.gzipped.add(record, level, named);
    this.records++;
    this.types[type] = (this.types[type] || 0) + 1;
    this.note(`version ${version}`);
    this.note(`type ${type}`);
    return id;
  }

  version() {
    return this.rng.chance(0.5) ? 'WARC/1.0' : 'WARC/1.1';
  }

  warcinfo() {
    const version = this.version();
    const block = Buffer.from(
      `software: robots generate.cjs${CRLF}format: WARC File Format ${version.slice(5)}${CRLF}` +
      `conformsTo: http://iipc.github.io/warc-specifications/specifications/warc-format/warc-${version.slice(5)}/${CRLF}` +
      `isPartOf: robots-oracle${CRLF}robots: obey${CRLF}`,
    );
    this.warcinfoId = this.add({ type: 'warcinfo', version, block, contentType: 'application/warc-fields', fields: [['WARC-Filename', 'robots-00001.warc.gz']] });
  }

  request(uri, version) {
    const url = new URL(uri);
    const block = Buffer.from(
      `GET ${url.pathname}${url.search} HTTP/1.1${CRLF}Host: ${url.host}${CRLF}` +
      `User-Agent: Mozilla/5.0 (compatible; OracleBot/1.0)${CRLF}Accept: */*${CRLF}Accept-Encoding: gzip, deflate, br${CRLF}${CRLF}`,
    );
    return this.add({ type: 'request', uri, version, block, contentType: 'application/http; msgtype=request' });
  }

  metadata(uri, version, concurrent) {
    const block = Buffer.from(`via: ${uri}${CRLF}hopsFromSeed: P${CRLF}fetchTimeMs: ${this.rng.between(5, 3000)}${CRLF}`);
    this.add({ type: 'metadata', uri, version, block, contentType: 'application/warc-fields', fields: [['WARC-Concurrent-To', concurrent]] });
  }

  // One HTTP response record: `spec` says its status, body and how it is sent;
  // `robots`, whether a reader must list it (the generator's own knowledge of the URI).
  response(uri, spec, robots) {
    const rng = this.rng;
    const note = this.note;
    const version = this.version();
    let requestId;
    if (rng.chance(0.7)) requestId = this.request(uri, version);
    const body = makeBody(rng, spec, note);
    noteBodyText(body, note);
    const raw = spec.coding ? encode(rng, body, spec.coding) : body;
    const fields = [];
    fields.push(['Date', new Date(this.time).toUTCString()]);
    if (rng.chance(0.7)) fields.push(['Server', rng.pick(SERVERS)]);
    if (rng.chance(0.9)) fields.push(['Content-Type', spec.kind === 'html' ? 'text/html; charset=utf-8' : rng.pick(['text/plain', 'text/plain; charset=UTF-8', 'application/octet-stream'])]);
    if (spec.location !== undefined) fields.push(['Location', spec.location]);
    if (spec.coding) fields.push(['Content-Encoding', spec.coding]);
    if (spec.chunked) fields.push(['Transfer-Encoding', 'chunked']);
    else if (rng.chance(0.85)) fields.push(['Content-Length', String(raw.length)]);
    for (let n = rng.between(0, 5); n > 0; n--) fields.push(rng.pick(EXTRA_HEADERS));
    if (rng.chance(0.02)) {
      fields.push(['X-Note', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff])]); // obs-text, RFC 9110 5.5
      note('http header value not UTF-8');
    }
    if (rng.chance(0.01)) fields.push(['X-Long', 'x'.repeat(rng.between(1000, 4000))]);
    shuffle(rng, fields);
    const httpVersion = rng.chance(0.08) ? 'HTTP/1.0' : 'HTTP/1.1';
    if (httpVersion === 'HTTP/1.0') note('http/1.0 status line');
    let reason = ` ${REASONS[spec.status] || 'Whatever'}`;
    const r = rng.fraction();
    if (r < 0.04) {
      reason = ' ';
      note('http reason phrase empty');
    } else if (r < 0.07) reason = ` ${rng.pick(['Okay', 'Moved', 'Not Here', 'Slow Down', 'Oops'])}`;
    const block = Buffer.concat([
      Buffer.from(`${httpVersion} ${spec.status}${reason}${CRLF}`), ...headerLines(rng, fields, 'http', note),
      Buffer.from(CRLF), spec.chunked ? chunk(rng, raw, note) : raw,
    ]);
    const extra = [['WARC-IP-Address', `192.0.2.${rng.between(1, 254)}`]];
    if (this.warcinfoId && rng.chance(0.5)) extra.push(['WARC-Warcinfo-ID', this.warcinfoId]);
    if (requestId) extra.push(['WARC-Concurrent-To', requestId]);
    if (rng.chance(0.3)) extra.push(['WARC-Payload-Digest', sha1Base32(body)]);
    const contentType = rng.pick(['application/http; msgtype=response', 'application/http;msgtype=response', 'application/http']);
    const id = this.add({ type: 'response', uri, version, block, contentType, fields: extra });
    if (rng.chance(0.15)) this.metadata(uri, version, id);
    if (robots) {
      this.truth.write(Buffer.from(responseLine(uri, spec.status, body) + '\n'));
      this.robotsResponses++;
      this.captured.push({ uri, date: new Date(this.time).toISOString().slice(0, 19) + 'Z', digest: sha1Base32(body) });
      if (this.captured.length > 256) this.captured.shift();
      note(`robots status ${spec.status}`);
      if (spec.coding) note(`coding ${spec.coding.toLowerCase()}`);
      if (spec.coding && spec.coding !== spec.coding.toLowerCase()) note('coding name not lower case');
      if (spec.chunked) note('chunked');
      if (spec.chunked && spec.coding && spec.coding !== 'identity') note('chunked and encoded');
      if (body.length === 0) note(spec.coding && spec.coding !== 'identity' ? 'body empty when encoded' : 'body empty');
      if (body.length === 512000) note('body of 512000 bytes');
      if (body.length > 512000) note(spec.coding && spec.coding !== 'identity' ? 'body past 512000 bytes encoded' : 'body past 512000 bytes');
    }
  }

  revisit() {
    const rng = this.rng;
    const earlier = rng.pick(this.captured);
    const version = this.version();
    const notModified = rng.chance(0.15);
    let block = Buffer.alloc(0);
    if (rng.chance(0.8)) {
      block = Buffer.from(`HTTP/1.1 ${notModified ? '304 Not Modified' : '200 OK'}${CRLF}Content-Type: text/plain${CRLF}Date: ${new Date(this.time).toUTCString()}${CRLF}${CRLF}`);
    }
    const profile = notModified
      ? `http://netpreserve.org/warc/${version.slice(5)}/revisit/server-not-modified`
      : `http://netpreserve.org/warc/${version.slice(5)}/revisit/identical-payload-digest`;
    this.add({
      type: 'revisit', uri: earlier.uri, version, block, contentType: 'application/http; msgtype=response',
      fields: [['WARC-Profile', profile], ['WARC-Refers-To-Target-URI', earlier.uri], ['WARC-Refers-To-Date', earlier.date], ['WARC-Payload-Digest', earlier.digest]],
    });
  }

  resource(uri) {
    const block = robotsText(this.rng, this.rng.between(0, 2000));
    this.add({ type: 'resource', uri, version: this.version(), block, contentType: 'text/plain' });
  }

  async close() {
    this.plain.close();
    this.truth.close();
    await this.gzipped.close();
  }
}

// ---- What is captured ------------------------------------------------------------

function randomOrigin(rng, note) {
  let scheme = rng.chance(0.45) ? 'http' : 'https';
  const kind = rng.weighted([[84, 'name'], [9, 'www'], [3, 'upper'], [1.5, 'idn'], [1.5, 'ip'], [1, 'ipv6']]);
  let host;
  if (kind === 'idn') {
    host = rng.pick(IDN_HOSTS);
    note('uri international host');
  } else if (kind === 'ip') {
    host = `198.51.100.${rng.between(1, 254)}`;
    note('uri IP address');
  } else if (kind === 'ipv6') {
    host = `[2001:db8::${rng.between(1, 0xffff).toString(16)}]`;
    note('uri IP address');
  } else {
    host = `${rng.pick(WORDS)}${rng.between(1, 9999)}.${rng.pick(TLDS)}`;
    if (kind === 'www') host = `www.${host}`;
    if (kind === 'upper') {
      host = rng.randomCase(`www.${host}`);
      scheme = scheme.toUpperCase();
      note('uri upper case');
    }
  }
  let port = '';
  const p = rng.fraction();
  if (p < 0.04) port = scheme.toLowerCase() === 'http' ? ':80' : ':443';
  else if (p < 0.1) port = `:${rng.pick([8080, 8443, 8000, 81])}`;
  if (port) note('uri explicit port');
  return `${scheme}://${host}${port}`;
}

// A body: its kind, size and how it is sent, as often as real archives have them,
// roughly: most small, a few past 500 KiB.
function randomBody(rng) {
  const size = rng.weighted([
    [6, () => 0], [18, () => rng.between(1, 64)], [52, () => rng.between(65, 1024)], [15, () => rng.between(1025, 4096)],
    [1.5, () => rng.between(4097, 32768)], [0.1, () => rng.between(32769, 200000)], [0.02, () => rng.between(512001, 1000000)],
  ])();
  const kind = rng.weighted([[80, 'robots'], [8, 'unicode'], [6, 'dirty'], [3, 'html'], [3, 'binary']]);
  let coding = rng.weighted([[64, ''], [12, 'gzip'], [3, 'x-gzip'], [7, 'deflate'], [7, 'br'], [7, 'identity']]);
  if (coding && rng.chance(0.05)) coding = rng.randomCase(coding);
  return { size, kind, coding, chunked: rng.chance(0.2) };
}

// Where a redirect points: the Location written and the URI it resolves to.
function redirectTarget(rng, uri, note) {
  const here = new URL(uri);
  const form = rng.weighted([
    [25, 'upgrade'], [20, 'other origin'], [12, 'scheme-relative'], [12, 'relative robots'], [8, 'same'],
    [13, 'relative other'], [10, 'absolute other'],
  ]);
  let location;
  switch (form) {
    case 'upgrade':
      location = `${here.protocol === 'http:' ? 'https:' : 'http:'}//${here.host}/robots.txt`;
      break;
    case 'other origin':
      location = `${randomOrigin(rng, () => {})}/robots.txt`;
      break;
    case 'scheme-relative':
      location = `//${rng.pick(['www.', 'cdn.', ''])}${rng.pick(WORDS)}${rng.between(1, 999)}.${rng.pick(TLDS)}/robots.txt`;
      break;
    case 'relative robots':
      location = rng.pick(['/robots.txt', 'robots.txt', './robots.txt', '/x/../robots.txt']);
      break;
    case 'same':
      location = uri;
      note('location to this same URI');
      break;
    case 'relative other':
      location = rng.pick(['/robots-en.txt', 'robots.txt?lang=de', '/sub/robots.txt', '/default.txt', '/robots/']);
      break;
    default:
      location = `${randomOrigin(rng, () => {})}${rng.pick(['/robots/robots.txt', '/r.txt', '/'])}`;
  }
  if (/^[a-z]+:/i.test(location)) note('location absolute');
  else if (location.startsWith('//')) note('location scheme-relative');
  else note('location relative');
  const target = new URL(location, here);
  const robots = target.pathname === '/robots.txt' && !target.href.includes('?') && !target.href.includes('#');
  if (target.origin !== here.origin) note('location other origin');
  if (!robots) note('location other path');
  return { location, target: target.href, robots };
}

// One capture of a robots.txt: its first response and the redirects after it.
function captureRobots(archive, forced = {}) {
  const rng = archive.rng;
  const note = archive.note;
  let uri = forced.uri || `${randomOrigin(rng, note)}/robots.txt`;
  let robots = true;
  let status = forced.status || rng.weighted(STATUSES);
  let redirects = 0;
  for (let hop = 0; ; hop++) {
    const spec = { ...randomBody(rng), status, ...(hop === 0 ? forced : {}) };
    if (status >= 300 && !(hop === 0 && forced.kind) && rng.chance(0.3)) spec.kind = 'html';
    let next;
    if (REDIRECTS.includes(status)) {
      redirects++;
      if (forced.noLocation || (!forced.chain && rng.chance(0.03))) note('redirect without location');
      else {
        next = redirectTarget(rng, uri, note);
        spec.location = next.location;
      }
    }
    archive.response(uri, spec, robots);
    if (!next) break;
    if (!forced.chain && rng.chance(0.1)) {
      note('location target not in the file');
      break;
    }
    uri = next.target;
    robots = next.robots;
    if (!robots) note('response at another path');
    const again = forced.chain ? redirects < forced.chain : hop < 7 && rng.chance(0.3);
    status = again ? rng.pick(REDIRECTS) : rng.weighted([[80, 200], [10, 404], [5, 403], [5, 503]]);
  }
  if (redirects > 5) note('chain past five redirects');
}

// Captures every archive holds, whatever its size: the sizes at the 500 KiB cut,
// large bodies encoded, every status, the redirect forms (at least N records mean
// these spread over the file).
function forcedCaptures() {
  const list = [
    { size: 511999 }, { size: 512000 }, { size: 512001 }, { size: 512000, chunked: true }, { size: 524288, chunked: true },
    { size: 700000, coding: 'gzip' }, { size: 600000, coding: 'x-gzip', chunked: true }, { size: 1500000, coding: 'deflate' },
    { size: 2000000, coding: 'br' }, { size: 800000, coding: 'br', chunked: true }, { size: 530000, kind: 'binary' },
    { size: 520000, kind: 'dirty', coding: 'identity' }, { size: 512000, coding: 'gzip' },
    { size: 0 }, { size: 0, coding: 'gzip' }, { size: 0, coding: 'deflate' }, { size: 0, coding: 'br' },
    { size: 0, chunked: true }, { size: 0, coding: 'x-gzip', chunked: true }, { size: 0, coding: 'identity' },
    { size: 300, kind: 'binary', coding: 'gzip', chunked: true }, { size: 5000, kind: 'dirty', coding: 'br' },
    { size: 900, coding: 'GZIP' }, { size: 900, coding: 'Deflate' }, { size: 900, coding: 'identity', chunked: true },
    { status: 301, chain: 6 }, { status: 308, chain: 5 }, { status: 302, noLocation: true },
  ];
  for (const status of [200, 203, 301, 302, 307, 308, 404, 410, 429, 500, 503]) list.push({ status });
  return list;
}

const OUTPUTS = ['plain.warc', 'members.warc.gz', 'whole.warc.gz', 'truth.jsonl'];

// What an archive is made from: the generator's files, Node's zlib and brotli, the
// records and the seed asked for.
function recipe(records, seed) {
  const hash = crypto.createHash('sha256');
  for (const file of ['generate.cjs', 'prng.cjs', 'format.cjs', 'gzip-layouts.cjs']) hash.update(fs.readFileSync(path.join(__dirname, file)));
  hash.update(JSON.stringify([records, String(seed), process.versions.node, process.versions.zlib, process.versions.brotli]));
  return hash.digest('hex');
}

async function generate({ dir, records, seed }) {
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(path.join(dir, 'manifest.json'), { force: true }); // written last, when every file is whole
  const archive = new Archive(dir, seed);
  const rng = archive.rng;
  const note = archive.note;
  const forced = forcedCaptures();
  // A forced capture every `stride` episodes, so they are spread over the file.
  const stride = Math.max(1, Math.floor(records / 2.2 / forced.length));
  archive.warcinfo();
  for (let episode = 1; archive.records < records || forced.length; episode++) {
    if (episode % stride === 0 && forced.length) {
      captureRobots(archive, forced.shift());
      continue;
    }
    const kind = rng.weighted([[76, 'robots'], [7, 'revisit'], [10, 'page'], [3, 'metadata'], [3, 'resource'], [0.05, 'warcinfo']]);
    if (kind === 'robots' || (kind === 'revisit' && !archive.captured.length)) captureRobots(archive);
    else if (kind === 'revisit') archive.revisit();
    else if (kind === 'page') {
      const near = rng.chance(0.6);
      if (near) note('near miss of /robots.txt');
      const uri = `${randomOrigin(rng, () => {})}${near ? rng.pick(NEAR_MISSES) : `/page/${rng.between(1, 99999)}.html`}`;
      archive.response(uri, { ...randomBody(rng), status: rng.weighted(STATUSES) }, false);
    } else if (kind === 'metadata') archive.metadata(`${randomOrigin(rng, () => {})}/robots.txt`, archive.version(), archive.uuid());
    else if (kind === 'resource') archive.resource(`${randomOrigin(rng, () => {})}/robots.txt`);
    else archive.warcinfo();
  }
  await archive.close();
  const missing = REQUIRED.filter((f) => !archive.features[f]);
  const manifest = {
    seed: String(seed), records: archive.records, robots_responses: archive.robotsResponses,
    types: archive.types, missing, features: archive.features, recipe: recipe(records, seed),
  };
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 1) + '\n');
  return manifest;
}

// The archive in `dir` when it was made from the same recipe, else a new one.
async function generateOnce({ dir, records, seed }) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
    if (manifest.recipe === recipe(records, seed) && OUTPUTS.every((file) => fs.existsSync(path.join(dir, file)))) {
      return { ...manifest, reused: true };
    }
  } catch {
    // none yet, or not readable: made anew
  }
  return generate({ dir, records, seed });
}

module.exports = { generate, generateOnce };

if (require.main === module) {
  const option = (name, fallback) => {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
  };
  const dir = option('--dir');
  const records = Number(option('--records', '50000'));
  if (!dir || !Number.isInteger(records) || records < 1) {
    console.error('usage: node generate.cjs --dir DIR [--records N] [--seed S]');
    process.exit(2);
  }
  generate({ dir, records, seed: option('--seed', '59') }).then((manifest) => {
    console.log(`generate: ${manifest.records} records (seed ${manifest.seed}), ${manifest.robots_responses} robots.txt responses`);
    if (manifest.missing.length) {
      console.log(`generate: no ${manifest.missing.join(', no ')}`);
      if (records >= 20000) process.exit(1);
    }
  }, (err) => {
    console.error(`generate: ${err.stack || err}`);
    process.exit(2);
  });
}
