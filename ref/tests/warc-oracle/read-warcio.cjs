// read-warcio.cjs - the robots.txt responses of a WARC file as webrecorder's
// warcio reads them: the independent reader of the WARC oracle test.
//
//   node read-warcio.cjs --modules DIR --out FILE [--counts FILE] WARC
//
// Writes to --out one line (format.cjs) for every `response` record whose
// WARC-Target-URI's path is /robots.txt (scheme://host[:port]/robots.txt, no
// query), in file order; --counts, the records by WARC-Type as JSON.
//
// Who decodes what: warcio (--modules DIR/warcio) finds the records in a plain file
// or in gzip, one member a record or one for the whole file; parses the WARC and
// HTTP headers; takes WARC 1.0's <angle brackets> off the URI (its fixUp); joins a
// body sent `Transfer-Encoding: chunked`; inflates `Content-Encoding` gzip, x-gzip
// and deflate (through pako, its own dependency). It has no brotli: for `br` this
// script takes warcio's joined chunks and decodes them with Node's zlib. And it
// would try to inflate any other coding, `identity` too (a body starting "x^" is a
// zlib header to it): for `identity` this script reads warcio's joined chunks as
// they are.
'use strict';

const fs = require('fs');
const path = require('path');
const zlib = require('zlib');
const { responseLine } = require('./format.cjs');

const ROBOTS_URI = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*\/robots\.txt$/;

function usage(message) {
  console.error(`read-warcio: ${message}\nusage: node read-warcio.cjs --modules DIR --out FILE [--counts FILE] WARC`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { files: [] };
  for (let i = 0; i < argv.length; i++) {
    if (['--modules', '--out', '--counts'].includes(argv[i])) {
      if (i + 1 >= argv.length) usage(`${argv[i]} needs a value`);
      args[argv[i].slice(2)] = argv[++i];
    } else args.files.push(argv[i]);
  }
  if (!args.modules || !args.out || args.files.length !== 1) usage('--modules, --out and one WARC file are required');
  return args;
}

// The WARC-Target-URI as written. warcio keeps a header in a fetch Headers, which
// holds only Latin-1: a value beyond it (an international host in UTF-8) is kept
// as its UTF-8 bytes, one character a byte, and the name noted; undone here.
function targetUri(warcio, record) {
  const uri = record.warcTargetURI;
  if (uri && record.warcHeaders.reencodeHeaders && record.warcHeaders.reencodeHeaders.has('warc-target-uri')) {
    return warcio.latin1ToUTF(uri);
  }
  return uri;
}

// The body: chunks joined, its Content-Encoding decoded (see the top of the file).
async function decodedBody(warcio, record) {
  const headers = record.httpHeaders.headers;
  const coding = (headers.get('content-encoding') || '').trim().toLowerCase();
  // warcio's own test for a chunked body (WARCRecord._createDecodingReader).
  const chunked = headers.get('transfer-encoding') === 'chunked';
  if (coding === 'br' || coding === 'identity') {
    const joined = await new warcio.AsyncIterReader(record.reader, null, chunked).readFully();
    return coding === 'br' ? zlib.brotliDecompressSync(joined) : joined;
  }
  return record.readFully(true);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const warcio = require(path.join(path.resolve(args.modules), 'warcio'));
  const out = fs.openSync(args.out, 'w');
  const counts = {};
  let pending = [];
  let pendingSize = 0;
  const parser = new warcio.WARCParser(fs.createReadStream(args.files[0], { highWaterMark: 1 << 20 }));
  for await (const record of parser) {
    const type = record.warcType;
    counts[type] = (counts[type] || 0) + 1;
    if (type !== 'response') continue;
    const uri = targetUri(warcio, record);
    if (!uri || !ROBOTS_URI.test(uri)) continue;
    if (!record.httpHeaders) {
      console.error(`read-warcio: ${uri}: a response without an HTTP status line`);
      continue;
    }
    const line = responseLine(uri, record.httpHeaders.statusCode, await decodedBody(warcio, record)) + '\n';
    pending.push(line);
    pendingSize += line.length;
    if (pendingSize >= 1 << 22) {
      fs.writeSync(out, pending.join(''));
      pending = [];
      pendingSize = 0;
    }
  }
  fs.writeSync(out, pending.join(''));
  fs.closeSync(out);
  if (args.counts) fs.writeFileSync(args.counts, JSON.stringify(counts) + '\n');
}

main().catch((err) => {
  console.error(`read-warcio: ${err.stack || err}`);
  process.exit(1);
});
