#!/usr/bin/env node
// The npm package robots (robots.js; pinned in npm/package.json) through the batch
// protocol.
//
// Its parse() takes an array of lines: the text (bytes that are not UTF-8 become
// U+FFFD) split at CR LF, CR or LF, as its own fetching code splits a response.
// canFetchSync(agent, path) answers: it matches paths (its README passes
// '/doc/...'), so it gets the URL's path and query. Answers: allow, sitemaps.
'use strict';
const robots = require('./npm/node_modules/robots');
const { serve, robotsText, pathOf, unsupported } = require('./lib/serve');

function parserFor(request) {
  const parser = new robots.RobotsParser(null, request.agent || '*');
  parser.parse(robotsText(request).split(/\r\n|\r|\n/));
  return parser;
}

serve((request) => {
  const kind = request.kind || 'allow';
  if (kind === 'allow') return { allowed: parserFor(request).canFetchSync(request.agent, pathOf(request.url)) };
  if (kind === 'sitemaps') return { sitemaps: parserFor(request).sitemaps || [] };
  return unsupported('robots', kind);
});
