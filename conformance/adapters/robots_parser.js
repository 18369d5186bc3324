#!/usr/bin/env node
// The npm package robots-parser (pinned in npm/package.json) through the batch protocol.
//
// It takes the robots.txt as a string together with the URL it was fetched from,
// so the file is handed over as text (bytes that are not UTF-8 become U+FFFD, as a
// fetch's text() gives them) with http(s)://HOST/robots.txt of the URL checked.
// isAllowed() returns undefined for a URL the file does not govern: an error reply.
// Answers: allow, sitemaps.
'use strict';
const robotsParser = require('./npm/node_modules/robots-parser');
const { serve, robotsText, unsupported } = require('./lib/serve');

function parserFor(request, url) {
  let robotsUrl = 'http://example.com/robots.txt';
  try {
    robotsUrl = new URL('/robots.txt', url).href;
  } catch (e) {
    // an invalid URL: the library decides what it makes of it
  }
  return robotsParser(robotsUrl, robotsText(request));
}

serve((request) => {
  const kind = request.kind || 'allow';
  if (kind === 'allow') {
    const allowed = parserFor(request, request.url).isAllowed(request.url, request.agent);
    if (allowed === undefined) return { error: 'isAllowed() returned undefined (the URL is not governed by this file)' };
    return { allowed };
  }
  if (kind === 'sitemaps') return { sitemaps: parserFor(request, 'http://example.com/').getSitemaps() };
  return unsupported('robots-parser', kind);
});
