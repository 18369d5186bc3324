// crawlee_crawler.js - the Node crawler adapter (crawlers.json: crawlee).
//
//   node crawlee_crawler.js START_URL TOKEN
//
// Crawlee's CheerioCrawler (from the npm registry, installed by
// scripts/install-crawlers into conformance/crawl/npm) with robots.txt respected
// for TOKEN: the start page's links are enqueued (any host) and fetched once each.
// The options beyond Crawlee's defaults only bound the crawl.
'use strict';

const path = require('path');

const [start, token] = process.argv.slice(2);
if (!start || !token) {
  console.error('usage: node crawlee_crawler.js START_URL TOKEN');
  process.exit(2);
}
const { CheerioCrawler, Configuration } = require(path.join(__dirname, '..', 'npm', 'node_modules', '@crawlee', 'cheerio'));

async function main() {
  const config = new Configuration({ persistStorage: false, purgeOnStart: true });
  const crawler = new CheerioCrawler({
    respectRobotsTxtFile: { userAgent: token },
    maxRequestRetries: 0,
    navigationTimeoutSecs: 5,
    requestHandlerTimeoutSecs: 10,
    maxConcurrency: 4,
    async requestHandler({ request, enqueueLinks }) {
      if (request.url === start) await enqueueLinks({ strategy: 'all' });
    },
    failedRequestHandler() {},
  }, config);
  await crawler.run([start]);
}

main().catch((e) => {
  console.error(`crawlee_crawler: ${e.stack || e}`);
  process.exit(1);
});
