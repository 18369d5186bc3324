// format.cjs - the line every reader of the WARC oracle test prints for a
// robots.txt response, and the generator writes as its ground truth (the
// contract of build/bin/robots-warc-responses):
//
//   {"uri":"http://example.com/robots.txt","status":200,"body_base64":"...","truncated":false}
//
// uri: the WARC-Target-URI as written, without WARC 1.0's <angle brackets>;
// status: the HTTP status, a number; body_base64: the body with its chunks joined
// and its Content-Encoding decoded, then cut to its first MAX_BODY bytes, in
// standard base64 with padding; truncated: the decoded body was longer than that.
// Keys in this order, no spaces, one object a line.
'use strict';

// 500 KiB, what the census reads of a robots.txt (docs/census.md, Inputs).
const MAX_BODY = 512000;

function responseLine(uri, status, body) {
  const kept = body.length > MAX_BODY ? body.subarray(0, MAX_BODY) : body;
  return JSON.stringify({
    uri,
    status,
    body_base64: Buffer.from(kept.buffer, kept.byteOffset, kept.length).toString('base64'),
    truncated: body.length > MAX_BODY,
  });
}

module.exports = { MAX_BODY, responseLine };
