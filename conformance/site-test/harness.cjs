// harness.cjs - what the site's browser tests (browser-test.cjs,
// playground-test.cjs) share: their command-line options, a check that prints one
// line and counts failures, and headless Chromium started the one way.
'use strict';

// The value after `name` on the command line; without one, `fallback`, or, when
// there is none, a usage error (exit 2) in `prog`'s name.
function option(prog, name, fallback) {
  const i = process.argv.indexOf(name);
  if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
  if (fallback === undefined) {
    console.error(`${prog}: ${name} is required`);
    process.exit(2);
  }
  return fallback;
}

let failed = 0;
function check(ok, what, detail) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok || detail === undefined ? '' : `\n     ${detail}`}`);
  if (!ok) failed++;
}
function failures() {
  return failed;
}

// Debian's chromium, headless, as root in a container: no sandbox, no GPU.
function launch(browserType, executablePath) {
  return browserType.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

module.exports = { option, check, failures, launch };
