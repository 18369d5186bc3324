#!/usr/bin/env node
// The npm package robots-txt-parser (pinned in npm/package.json) through the batch
// protocol.
//
// parseRobots() takes the file as a string for a site: it gets the text (bytes that
// are not UTF-8 become U+FFFD) under the URL's origin, and canCrawlSync() is asked
// with the agent set by setUserAgent(). Answers: allow, sitemaps.
'use strict';
const robotsTxtParser = require('./npm/node_modules/robots-txt-parser');
const { serve, robotsText, unsupported } = require('./lib/serve');

function parserFor(request, url) {
  const robots = robotsTxtParser({ userAgent: request.agent || '*', allowOnNeutral: false });
  robots.parseRobots(url, robotsText(request));
  return robots;
}

serve((request) => {
  const kind = request.kind || 'allow';
  if (kind === 'allow') return { allowed: parserFor(request, request.url).canCrawlSync(request.url) };
  if (kind === 'sitemaps') return { sitemaps: parserFor(request, 'http://example.com/').getSitemapsSync() };
  return unsupported('robots-txt-parser', kind);
});
