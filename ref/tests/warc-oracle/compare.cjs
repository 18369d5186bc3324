// compare.cjs - two lists of robots.txt responses (lines of format.cjs) compared
// line by line, in file order: the first differences, each with what differs,
// and how many there are.
//
//   node compare.cjs [--most N] [--names A,B] A.jsonl B.jsonl
//
// Lines are compared by value (uri, status, body bytes, truncated), not by their
// spelling, but a line must have exactly the four keys with their types and its
// base64 be the standard one (padded, no line breaks). A record one side lacks is
// reported once and the two lists go on in step. Exit 0 when they agree, 1 when
// they differ, 2 when a file cannot be read.
'use strict';

const fs = require('fs');

const KEYS = ['body_base64', 'status', 'truncated', 'uri'];
// How far ahead a line is looked for before two lines are called different.
const RESYNC = 64;

// A line as {key, uri, status, body, truncated}, or {key, problem} when it is not
// a response line.
function parseLine(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { key: `!${text}`, problem: `not JSON (${err.message})` };
  }
  const bad = (problem) => ({ key: `!${text}`, problem });
  if (!value || typeof value !== 'object' || Array.isArray(value)) return bad('not an object');
  const keys = Object.keys(value).sort();
  if (keys.join() !== KEYS.join()) return bad(`keys ${keys.join(', ')}; wanted ${KEYS.join(', ')}`);
  if (typeof value.uri !== 'string') return bad('uri is not a string');
  if (!Number.isInteger(value.status)) return bad('status is not an integer');
  if (typeof value.truncated !== 'boolean') return bad('truncated is not true or false');
  if (typeof value.body_base64 !== 'string') return bad('body_base64 is not a string');
  const body = Buffer.from(value.body_base64, 'base64');
  if (body.toString('base64') !== value.body_base64) return bad('body_base64 is not standard base64 with padding');
  return {
    key: JSON.stringify([value.uri, value.status, value.body_base64, value.truncated]),
    uri: value.uri, status: value.status, body, truncated: value.truncated,
  };
}

function readLines(file) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map(parseLine);
}

const hex = (buf, at) => buf.subarray(at, at + 8).toString('hex') || '(end)';

function summary(line) {
  if (line.problem) return `not a response line: ${line.problem}: ${line.key.slice(1, 160)}`;
  return `${JSON.stringify(line.uri)} status ${line.status}, body ${line.body.length} bytes${line.truncated ? ', truncated' : ''}`;
}

// What differs between two lines, in words.
function differences(a, b, names) {
  if (a.problem || b.problem) return [`${names[0]}: ${summary(a)}`, `${names[1]}: ${summary(b)}`];
  const out = [];
  if (a.uri !== b.uri) out.push(`uri ${JSON.stringify(a.uri)} in ${names[0]}, ${JSON.stringify(b.uri)} in ${names[1]}`);
  if (a.status !== b.status) out.push(`status ${a.status} in ${names[0]}, ${b.status} in ${names[1]}`);
  if (!a.body.equals(b.body)) {
    let at = 0;
    while (at < a.body.length && at < b.body.length && a.body[at] === b.body[at]) at++;
    out.push(`body ${a.body.length} bytes in ${names[0]}, ${b.body.length} in ${names[1]}; first difference at byte ${at}: ` +
      `${hex(a.body, at)} in ${names[0]}, ${hex(b.body, at)} in ${names[1]}`);
  }
  if (a.truncated !== b.truncated) out.push(`truncated ${a.truncated} in ${names[0]}, ${b.truncated} in ${names[1]}`);
  return out;
}

// The differences of two lists of lines: each {text: [...]} in order.
function compareLines(a, b, names) {
  const found = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i].key === b[j].key) {
      i++;
      j++;
      continue;
    }
    let k = 1;
    for (; k <= RESYNC; k++) {
      if (i + k < a.length && a[i + k].key === b[j].key) {
        for (let n = 0; n < k; n++, i++) found.push([`line ${i + 1} of ${names[0]} is not in ${names[1]} (before its line ${j + 1}): ${summary(a[i])}`]);
        break;
      }
      if (j + k < b.length && a[i].key === b[j + k].key) {
        for (let n = 0; n < k; n++, j++) found.push([`line ${j + 1} of ${names[1]} is not in ${names[0]} (before its line ${i + 1}): ${summary(b[j])}`]);
        break;
      }
    }
    if (k > RESYNC) {
      found.push([`line ${i + 1} of ${names[0]}, line ${j + 1} of ${names[1]}: ${a[i].uri || b[j].uri || ''}`, ...differences(a[i], b[j], names)]);
      i++;
      j++;
    }
  }
  for (; i < a.length; i++) found.push([`line ${i + 1} of ${names[0]} is not in ${names[1]} (past its end): ${summary(a[i])}`]);
  for (; j < b.length; j++) found.push([`line ${j + 1} of ${names[1]} is not in ${names[0]} (past its end): ${summary(b[j])}`]);
  return found;
}

// Compares two files; returns {count, lines: [a, b], report}: the first `most`
// differences as text, each `indent` in.
function compareFiles(fileA, fileB, { names = ['A', 'B'], most = 10, indent = '  ' } = {}) {
  // The same bytes are the same values, whatever they spell.
  const bytesA = fs.readFileSync(fileA);
  if (bytesA.equals(fs.readFileSync(fileB))) {
    let n = bytesA.length && bytesA[bytesA.length - 1] !== 10 ? 1 : 0;
    for (let at = bytesA.indexOf(10); at >= 0; at = bytesA.indexOf(10, at + 1)) n++;
    return { count: 0, lines: [n, n], report: '' };
  }
  const a = readLines(fileA);
  const b = readLines(fileB);
  const found = compareLines(a, b, names);
  const report = [];
  for (const lines of found.slice(0, most)) report.push(`${indent}${lines[0]}`, ...lines.slice(1).map((l) => `${indent}    ${l}`));
  if (found.length > most) report.push(`${indent}(and ${found.length - most} more)`);
  return { count: found.length, lines: [a.length, b.length], report: report.join('\n') };
}

module.exports = { compareFiles };

if (require.main === module) {
  const args = process.argv.slice(2);
  let most = 10;
  let names;
  const files = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--most') most = Number(args[++i]);
    else if (args[i] === '--names') names = String(args[++i]).split(',');
    else files.push(args[i]);
  }
  if (files.length !== 2 || !(most >= 0) || (names && names.length !== 2)) {
    console.error('usage: node compare.cjs [--most N] [--names A,B] A.jsonl B.jsonl');
    process.exit(2);
  }
  names = names || files;
  let result;
  try {
    result = compareFiles(files[0], files[1], { names, most });
  } catch (err) {
    console.error(`compare: ${err.message}`);
    process.exit(2);
  }
  if (!result.count) {
    console.log(`compare: ${names[0]} and ${names[1]} agree (${result.lines[0]} lines)`);
    process.exit(0);
  }
  console.log(`compare: ${result.count} differences between ${names[0]} (${result.lines[0]} lines) and ${names[1]} (${result.lines[1]} lines):`);
  console.log(result.report);
  process.exit(1);
}
