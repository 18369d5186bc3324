#!/usr/bin/env node
// The npm packages robots-txt-parse (the parser) and robots-txt-guard (the matcher),
// pinned in npm/package.json, through the batch protocol.
//
// robots-txt-parse reads a stream of bytes: it gets the file's exact bytes. The
// guard is asked about the URL's path and query (it matches paths, not URLs).
// Answers: allow, sitemaps (the parser's "sitemap" extensions, in file order).
'use strict';
const { Readable } = require('stream');
const parse = require('./npm/node_modules/robots-txt-parse');
const guard = require('./npm/node_modules/robots-txt-guard');
const { serve, robotsBytes, pathOf, unsupported } = require('./lib/serve');

serve(async (request) => {
  const kind = request.kind || 'allow';
  if (kind !== 'allow' && kind !== 'sitemaps') return unsupported('robots-txt-guard', kind);
  const parsed = await parse(Readable.from([robotsBytes(request)]));
  if (kind === 'sitemaps') {
    return { sitemaps: parsed.extensions.filter((e) => e.extension === 'sitemap').map((e) => e.value) };
  }
  return { allowed: guard(parsed).isAllowed(request.agent, pathOf(request.url)) };
});
