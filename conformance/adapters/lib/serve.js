// serve.js - the batch protocol's loop for the Node adapters (conformance/PROTOCOL.md):
// one request line in, one reply line out, in order. An adapter gives answer(request),
// which returns the reply's fields (or a promise of them); an exception becomes an
// error reply, so a library that throws on a file fails that check and the run goes on.
'use strict';
const readline = require('readline');

// The robots.txt of a request as exact bytes.
function robotsBytes(request) {
  if ('robots_base64' in request) return Buffer.from(request.robots_base64, 'base64');
  return Buffer.from(request.robots || '', 'utf8');
}

// ...and as text: bytes that are not UTF-8 become U+FFFD, as a fetch's text() does.
function robotsText(request) {
  return 'robots_base64' in request ? robotsBytes(request).toString('utf8') : request.robots || '';
}

function serve(answer) {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  let queue = Promise.resolve();
  lines.on('line', (line) => {
    if (!line.trim()) return;
    queue = queue.then(async () => {
      let request = {};
      let reply;
      try {
        request = JSON.parse(line);
        reply = await answer(request);
      } catch (e) {
        reply = { error: `${e && e.name ? e.name : 'Error'}: ${e && e.message ? e.message : e}` };
      }
      reply.id = request.id === undefined ? null : request.id;
      process.stdout.write(JSON.stringify(reply) + '\n');
    });
  });
}

// The path and query of an absolute URL, for libraries that match paths; anything
// else (a relative reference) is handed over as it is.
function pathOf(url) {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch (e) {
    return url;
  }
}

// The reply to a kind the library does not answer: the runner skips the check.
function unsupported(library, kind) {
  return { error: `${library} does not answer ${kind} checks` };
}

module.exports = { serve, robotsBytes, robotsText, pathOf, unsupported };
