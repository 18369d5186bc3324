// gzip-layouts.cjs - the two gzipped layouts of the generated archive
// (generate.cjs), written in a thread of their own while the records are made:
// one gzip member a record, as web archives write them, and the whole file as one
// member. What each member is like (its level, its header fields) is decided by
// the generator's seeded numbers, not here, so a seed gives the same files.
'use strict';

const fs = require('fs');
const zlib = require('zlib');
const { once } = require('events');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

// A record as a gzip member. With `named`, RFC 1952 2.3's FEXTRA, FNAME and
// FCOMMENT set and their fields, in that order, after the ten bytes Node writes
// (FLG 0); the deflate data and trailer stay as they were.
function member(record, level, named) {
  const gz = zlib.gzipSync(record, { level });
  if (!named) return gz;
  const head = Buffer.from(gz.subarray(0, 10));
  head[3] |= 0x04 | 0x08 | 0x10;
  const extra = Buffer.from('SL\x04\x00abcd', 'latin1');
  const xlen = Buffer.alloc(2);
  xlen.writeUInt16LE(extra.length);
  return Buffer.concat([head, xlen, extra, Buffer.from('robots-00001.warc\0a generated member\0', 'latin1'), gz.subarray(10)]);
}

// The thread: batches of records in, the two files out.
function gzipThread() {
  const members = fs.openSync(workerData.members, 'w');
  const whole = zlib.createGzip({ level: 6 });
  const wholeFile = fs.createWriteStream(workerData.whole);
  whole.pipe(wholeFile);
  const handle = async (batch) => {
    if (batch.end) {
      fs.closeSync(members);
      whole.end();
      await once(wholeFile, 'finish');
      parentPort.postMessage('done');
      return;
    }
    const records = batch.records.map((r) => Buffer.from(r.record.buffer, r.record.byteOffset, r.record.length));
    fs.writeSync(members, Buffer.concat(records.map((record, i) => member(record, batch.records[i].level, batch.records[i].named))));
    if (!whole.write(Buffer.concat(records))) await once(whole, 'drain');
  };
  let chain = Promise.resolve();
  parentPort.on('message', (batch) => {
    chain = chain.then(() => handle(batch));
  });
}

class GzipLayouts {
  constructor(membersFile, wholeFile) {
    this.worker = new Worker(__filename, { workerData: { members: membersFile, whole: wholeFile } });
    this.failure = new Promise((resolve, reject) => this.worker.on('error', reject));
    this.failure.catch(() => {}); // kept for close(), which reports it
    this.batch = [];
    this.size = 0;
  }

  add(record, level, named) {
    this.batch.push({ record, level, named });
    this.size += record.length;
    if (this.size >= 1 << 21) this.flush();
  }

  flush() {
    if (this.batch.length) this.worker.postMessage({ records: this.batch });
    this.batch = [];
    this.size = 0;
  }

  // Resolves when both files are written and closed.
  async close() {
    this.flush();
    const done = once(this.worker, 'message');
    this.worker.postMessage({ end: true });
    await Promise.race([done, this.failure]);
    await this.worker.terminate();
  }
}

if (!isMainThread && workerData && workerData.members) gzipThread();

module.exports = { GzipLayouts };
