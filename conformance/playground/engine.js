// engine.js - the reference, compiled to WebAssembly (ref/wasm/playground.c), as a
// JavaScript object: RobotsEngine.load(bytes) gives an engine whose
// evaluate(robots, agents, urls, location) returns what the reference says of
// every URL x agent x profile (see playground.c for the fields). robots is a
// string or the file's bytes (a Uint8Array, any size); agents and urls are
// newline-separated; location is the robots.txt's URL, or '' to take the one of
// the first URL; crawlers, optional, are lines "label TAB tokens TAB flags" (the
// tokens space-separated, most specific first; flags "ignores-star" or empty), each
// asked as that crawler asks and summed up in each profile's "crawlers".
// Runs in a page (no network: the module's bytes are handed in) and under Node
// (the tests use it there too).
'use strict';
(function (root) {
  // The module asks the host for a few WASI calls (stdio it never uses here):
  // each is answered "not supported".
  function stubs(module) {
    const imports = {};
    for (const imp of WebAssembly.Module.imports(module)) {
      if (imp.kind !== 'function') continue;
      imports[imp.module] = imports[imp.module] || {};
      imports[imp.module][imp.name] = () => 52; // ENOSYS
    }
    return imports;
  }

  function load(bytes) {
    const module = new WebAssembly.Module(bytes);
    const instance = new WebAssembly.Instance(module, stubs(module));
    const x = instance.exports;
    if (x._initialize) x._initialize();
    const encoder = new TextEncoder();
    const decoder = new TextDecoder();

    // Copies bytes into the module's memory: [pointer, length].
    function put(data) {
      const bytesIn = typeof data === 'string' ? encoder.encode(data) : data;
      const p = x.pg_alloc(bytesIn.length);
      if (!p) throw new Error('out of memory in the WebAssembly module');
      new Uint8Array(x.memory.buffer, p, bytesIn.length).set(bytesIn);
      return [p, bytesIn.length];
    }

    function evaluate(robots, agents, urls, location, crawlers) {
      const r = put(robots), a = put(agents), u = put(urls), l = put(location || ''), c = put(crawlers || '');
      try {
        const out = x.pg_evaluate(r[0], r[1], a[0], a[1], u[0], u[1], l[0], l[1], c[0], c[1]);
        if (!out) throw new Error('out of memory in the WebAssembly module');
        const mem = new Uint8Array(x.memory.buffer);
        let end = out;
        while (mem[end] !== 0) end++;
        const text = decoder.decode(mem.subarray(out, end));
        x.pg_free(out);
        return JSON.parse(text);
      } finally {
        x.pg_free(r[0]);
        x.pg_free(a[0]);
        x.pg_free(u[0]);
        x.pg_free(l[0]);
        x.pg_free(c[0]);
      }
    }

    return { evaluate };
  }

  // The module's bytes from the base64 text robots-wasm.js carries.
  function fromBase64(text) {
    if (typeof atob === 'function') {
      const s = atob(text);
      const out = new Uint8Array(s.length);
      for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
      return out;
    }
    return new Uint8Array(Buffer.from(text, 'base64'));
  }

  const api = { load, fromBase64 };
  root.RobotsEngine = api;
  if (typeof module === 'object' && module.exports) module.exports = api;
})(typeof globalThis !== 'undefined' ? globalThis : this);
