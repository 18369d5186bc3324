#!/usr/bin/env node
// A complete batch-protocol adapter in Node, with a small robots.txt parser of its
// own standing in for yours: replace allowedBy() with a call to your library.
//
//   robots-conform --batch-cmd "node conformance/adapters/examples/minimal_adapter.js"
//
// One JSON request per line on stdin, one JSON reply per line on stdout
// (conformance/PROTOCOL.md). Only allow checks are answered; every request with a
// "kind" gets an error reply, which the runner counts as skipped.
//
// How the file reaches the parser: robots as the string it is; robots_base64
// decoded as UTF-8 (invalid bytes become U+FFFD), as a fetch's text() would.
'use strict';
const readline = require('readline');

// The stand-in parser: groups of user-agent lines, the group naming the agent's
// product token (else '*'), the longest matching rule wins, allow wins a tie; '*'
// matches any run of characters and a final '$' the end of the path. Returns the
// answer and the line (1-based) of the rule that decided, 0 when none did: the
// reply's optional "line", which robots-conform and robots census --compare-with
// show beside the reference's.
function allowedBy(robots, agent, url) {
  const token = agent.split('/')[0].toLowerCase();
  const groups = [];
  let current = null;
  let number = 0;
  for (const raw of robots.split(/\r\n|\r|\n/)) {
    number++;
    const line = raw.replace(/#.*/, '').trim();
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!current || current.rules.length) groups.push(current = { agents: [], rules: [] });
      current.agents.push(value.toLowerCase());
    } else if ((key === 'allow' || key === 'disallow') && current) {
      if (value) current.rules.push({ allow: key === 'allow', pattern: value, line: number });
    }
  }
  const mine = groups.filter((g) => g.agents.includes(token));
  const rules = (mine.length ? mine : groups.filter((g) => g.agents.includes('*'))).flatMap((g) => g.rules);
  let path;
  try {
    const u = new URL(url);
    path = u.pathname + u.search;
  } catch (e) {
    path = '/';
  }
  let best = null;
  for (const rule of rules) {
    const anchored = rule.pattern.endsWith('$');
    const body = anchored ? rule.pattern.slice(0, -1) : rule.pattern;
    const source = body.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
    if (!new RegExp('^' + source + (anchored ? '$' : '')).test(path)) continue;
    const longer = !best || rule.pattern.length > best.pattern.length;
    const tieAllow = best && rule.pattern.length === best.pattern.length && rule.allow;
    if (longer || tieAllow) best = rule;
  }
  return { allowed: !best || best.allow, line: best ? best.line : 0 };
}

function answer(request) {
  if (request.kind) return { error: `this adapter does not answer ${request.kind} checks` };
  const robots = 'robots_base64' in request
    ? Buffer.from(request.robots_base64, 'base64').toString('utf8')
    : request.robots;
  return allowedBy(robots, request.agent, request.url);
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  let reply;
  try {
    reply = answer(request);
  } catch (e) {
    reply = { error: String(e) };
  }
  reply.id = request.id;
  // Replies only on stdout, one line each; a pipe write from Node is not buffered.
  process.stdout.write(JSON.stringify(reply) + '\n');
});
