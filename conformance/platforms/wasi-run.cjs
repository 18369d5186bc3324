// wasi-run.cjs - runs a WebAssembly program built for wasm32-wasi under Node's WASI,
// as a native program runs: its arguments, standard input and output, exit status.
// The test of the platforms drives the reference built for wasm32 through it:
//   node --experimental-wasi-unstable-preview1 --single-threaded \
//        conformance/platforms/wasi-run.cjs build/wasm32/robots.wasm --batch
// (the first flag for Node 18, whose node:wasi is behind it; Node 20 accepts it)
// (--single-threaded: without it Node 20 crashed at exit in about half the runs
// here, after the program had ended well, while background threads compiled.)
// The program sees the file system from "/" (it reads the files its arguments name)
// and no environment.
'use strict';
const fs = require('node:fs');
const { WASI } = require('node:wasi');

// The imports a preview1 program needs. Node 20 and later build them
// (getImportObject); Node 18, Debian bookworm's, has only the functions themselves
// (wasiImport), under the module name every preview1 program imports from.
function importObject(wasi) {
  if (typeof wasi.getImportObject === 'function') return wasi.getImportObject();
  return { wasi_snapshot_preview1: wasi.wasiImport };
}

async function main() {
  const [file, ...args] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node wasi-run.cjs PROGRAM.wasm [ARG...]\n');
    return 2;
  }
  const wasi = new WASI({ version: 'preview1', args: [file, ...args], env: {}, preopens: { '/': '/' }, returnOnExit: true });
  const module = await WebAssembly.compile(fs.readFileSync(file));
  const instance = await WebAssembly.instantiate(module, importObject(wasi));
  return wasi.start(instance);
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`wasi-run: ${error && error.message ? error.message : error}\n`);
    process.exit(2);
  },
);
