// oracle.cjs - the WARC oracle test (make test-warc-oracle, test-warc-oracle-truth):
// the census's WARC reader against webrecorder's warcio, over generated archives.
//
//   node oracle.cjs --modules DIR --dir DIR [--records N] [--seed S] [--reader PROG] [--keep]
//
// Generates one archive (generate.cjs: N records, default 50,000, from seed S,
// default 59) in its three layouts; reads each with warcio (read-warcio.cjs) and
// checks that it finds every record the generator wrote, by WARC-Type, and the
// robots.txt responses, line for line (compare.cjs); with --reader (the census's
// reader, build/bin/robots-warc-responses), reads each with it too and checks that
// it finds what warcio finds. Readers run side by side, one a core. Prints a line a
// check, with the time it took; exits 1 when a check fails, 2 on a usage error. The
// readers' files stay in --dir after a failure (and with --keep); the archive
// stays, and the next run reads it again when its recipe is the same (generator,
// Node, records and seed: generate.cjs's generateOnce).
'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { generateOnce } = require('./generate.cjs');
const { compareFiles } = require('./compare.cjs');

const LAYOUTS = [
  { name: 'plain', file: 'plain.warc' },
  { name: 'members', file: 'members.warc.gz' },
  { name: 'whole', file: 'whole.warc.gz' },
];

function usage(message) {
  console.error(`oracle: ${message}\nusage: node oracle.cjs --modules DIR --dir DIR [--records N] [--seed S] [--reader PROG] [--keep]`);
  process.exit(2);
}

function parseArgs(argv) {
  const args = { records: '50000', seed: '59', keep: false };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (argv[i] === '--keep') args.keep = true;
    else if (['modules', 'dir', 'records', 'seed', 'reader'].includes(name) && argv[i].startsWith('--')) {
      if (i + 1 >= argv.length) usage(`${argv[i]} needs a value`);
      args[name] = argv[++i];
    } else usage(`unknown argument ${JSON.stringify(argv[i])}`);
  }
  if (!args.modules || !args.dir) usage('--modules and --dir are required');
  args.records = Number(args.records);
  if (!Number.isInteger(args.records) || args.records < 1) usage('--records must be a whole number above 0');
  if (args.reader && !fs.existsSync(args.reader)) usage(`${args.reader}: no such reader (make builds it)`);
  return args;
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

// Runs a program, its standard output and error to files; resolves to its exit
// status (or signal) and run time.
function run(program, args, stdoutFile, stderrFile) {
  return new Promise((resolve) => {
    const start = Date.now();
    const out = fs.openSync(stdoutFile, 'w');
    const err = fs.openSync(stderrFile, 'w');
    const child = spawn(program, args, { stdio: ['ignore', out, err] });
    const done = (code, signal, error) => {
      fs.closeSync(out);
      fs.closeSync(err);
      resolve({ code, signal, error, time: seconds(start) });
    };
    child.on('error', (error) => done(null, null, error));
    child.on('exit', (code, signal) => done(code, signal));
  });
}

// Runs the jobs (functions returning promises), `width` at a time.
async function pool(jobs, width) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
  return results;
}

let failed = 0;
let passed = 0;
function check(ok, what, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || !detail ? '' : `\n${detail}`}`);
  if (ok) passed++;
  else failed++;
}

function stderrTail(file) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (!text) return { count: 0, text: '' };
  const lines = text.split('\n');
  return { count: lines.length, text: lines.slice(0, 5).map((l) => `      ${l}`).join('\n') };
}

function exitProblem(result, stderrFile) {
  if (result.error) return `could not start: ${result.error.message}`;
  if (result.code === 0) return '';
  const tail = stderrTail(stderrFile);
  return `${result.signal ? `killed by ${result.signal}` : `exit ${result.code}`}${tail.count ? `:\n${tail.text}` : ''}`;
}

// The comparison must catch what it is there to catch: on the first lines of the
// truth, a copy with one of each kind of difference planted (a line missing, one
// extra, a status, a body byte, a truncated flag, a URI, a line that is not a
// response, base64 without its padding) must differ in exactly those.
function checkTheComparison(truth, dir) {
  const lines = fs.readFileSync(truth, 'utf8').split('\n').slice(0, 400).filter(Boolean);
  const from = (i, test) => {
    for (let n = i; n < lines.length; n++) if (test(JSON.parse(lines[n]))) return n;
    return -1;
  };
  const change = (i, edit) => {
    const value = JSON.parse(lines[i]);
    edit(value);
    return JSON.stringify(value);
  };
  const planted = new Map([
    [from(20, () => true), (v) => { v.status += 1; }],
    [from(30, (v) => v.body_base64), (v) => {
      const body = Buffer.from(v.body_base64, 'base64');
      body[body.length - 1] ^= 1;
      v.body_base64 = body.toString('base64');
    }],
    [from(40, () => true), (v) => { v.truncated = !v.truncated; }],
    [from(50, () => true), (v) => { v.uri += 'x'; }],
    [from(80, (v) => v.body_base64.endsWith('=')), (v) => { v.body_base64 = v.body_base64.replace(/=+$/, ''); }],
  ]);
  const copy = [];
  lines.forEach((line, i) => {
    if (i === 10) return;
    copy.push(planted.has(i) ? change(i, planted.get(i)) : line);
    if (i === 60) copy.push(line);
    if (i === 70) copy.push('{"uri":"http://example.com/robots.txt"}');
  });
  const a = path.join(dir, 'compare-a.jsonl');
  const b = path.join(dir, 'compare-b.jsonl');
  fs.writeFileSync(a, lines.join('\n') + '\n');
  fs.writeFileSync(b, copy.join('\n') + '\n');
  const result = compareFiles(a, b, { names: ['original', 'copy'], most: 20, indent: '        ' });
  const want = 3 + [...planted.keys()].filter((i) => i >= 0).length;
  check(lines.length > 100 && result.count === want,
    `compare.cjs finds the ${want} differences planted in a copy of the truth's first ${lines.length} lines`,
    `      it finds ${result.count}:\n${result.report}`);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = path.resolve(args.dir);
  const here = __dirname;
  const start = Date.now();
  fs.mkdirSync(dir, { recursive: true });

  const manifest = await generateOnce({ dir, records: args.records, seed: args.seed });
  const enough = args.records >= 20000;
  check(!enough || !manifest.missing.length,
    `${manifest.reused ? 'the archive made earlier from the same recipe' : 'generated'}: ${manifest.records} records ` +
    `(seed ${manifest.seed}), ${manifest.robots_responses} robots.txt responses, ` +
    `in ${seconds(start)}${manifest.missing.length ? `; without ${manifest.missing.join(', ')}` : ''}`,
    '      the generator must plant every feature of its REQUIRED list (generate.cjs)');

  const reader = args.reader && path.resolve(args.reader);
  const readerName = reader && path.basename(reader);
  const jobs = [];
  for (const layout of LAYOUTS) {
    const archive = path.join(dir, layout.file);
    const base = path.join(dir, layout.name);
    layout.warcio = { out: `${base}.warcio.jsonl`, err: `${base}.warcio.stderr`, counts: `${base}.warcio-counts.json` };
    jobs.push(async () => {
      layout.warcio.result = await run(process.execPath, [
        path.join(here, 'read-warcio.cjs'), '--modules', args.modules, '--out', layout.warcio.out,
        '--counts', layout.warcio.counts, archive,
      ], '/dev/null', layout.warcio.err);
    });
    if (reader) {
      layout.reader = { out: `${base}.reader.jsonl`, err: `${base}.reader.stderr` };
      jobs.push(async () => {
        layout.reader.result = await run(reader, [archive], layout.reader.out, layout.reader.err);
      });
    }
  }
  const width = Math.max(1, (os.availableParallelism ? os.availableParallelism() : os.cpus().length));
  await pool(jobs, width);

  const truth = path.join(dir, 'truth.jsonl');
  checkTheComparison(truth, dir);
  for (const layout of LAYOUTS) {
    const w = layout.warcio;
    const problem = exitProblem(w.result, w.err);
    if (problem) {
      check(false, `${layout.file}: warcio reads it`, `      ${problem}`);
      continue;
    }
    const counts = JSON.parse(fs.readFileSync(w.counts, 'utf8'));
    const sameCounts = JSON.stringify(Object.entries(counts).sort()) === JSON.stringify(Object.entries(manifest.types).sort());
    const truthDiff = compareFiles(truth, w.out, { names: ['generator', 'warcio'], indent: '        ' });
    check(sameCounts && !truthDiff.count,
      `${layout.file}: warcio reads the records the generator wrote (${Object.values(counts).reduce((s, n) => s + n, 0)}, ` +
      `by type) and its ${truthDiff.lines[0]} robots.txt responses (${w.result.time})`,
      [sameCounts ? '' : `      records by type: generator ${JSON.stringify(manifest.types)}, warcio ${JSON.stringify(counts)}`,
        truthDiff.count ? `      ${truthDiff.count} differences:\n${truthDiff.report}` : ''].filter(Boolean).join('\n'));
    if (!layout.reader) continue;
    const r = layout.reader;
    const readerProblem = exitProblem(r.result, r.err);
    if (readerProblem) {
      check(false, `${layout.file}: ${readerName} reads it`, `      ${readerProblem}`);
      continue;
    }
    const diff = compareFiles(w.out, r.out, { names: ['warcio', readerName], indent: '        ' });
    const warnings = stderrTail(r.err);
    check(!diff.count,
      `${layout.file}: ${readerName} reads what warcio reads (${diff.lines[1]} lines, ${r.result.time})` +
      `${warnings.count ? `; ${warnings.count} line${warnings.count > 1 ? 's' : ''} on standard error:\n${warnings.text}` : ''}`,
      `      ${diff.count} differences:\n${diff.report}`);
  }

  console.log(`warc-oracle: ${passed} checks passed, ${failed} failed, in ${seconds(start)}` +
    `${failed || args.keep ? `; the files are in ${dir}` : ''}`);
  if (!failed && !args.keep) {
    for (const name of fs.readdirSync(dir)) {
      if (/^(\w+\.(warcio|reader)[.-]|compare-)/.test(name)) fs.unlinkSync(path.join(dir, name));
    }
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(`oracle: ${err.stack || err}`);
  process.exit(2);
});
