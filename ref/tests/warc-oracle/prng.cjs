// prng.cjs - the seeded pseudo-random numbers of the archive generator
// (generate.cjs): xoshiro128** (Blackman and Vigna), its state filled from the seed
// by splitmix32, so one seed gives the same archive on every machine and Node.
'use strict';

const rotl = (x, k) => (x << k) | (x >>> (32 - k));

// FNV-1a of the seed's text: any seed ("59", "issue-59") gives 32 bits.
function hashSeed(seed) {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(String(seed), 'utf8')) h = Math.imul(h ^ byte, 0x01000193);
  return h >>> 0;
}

class Prng {
  constructor(seed) {
    let x = hashSeed(seed);
    const splitmix32 = () => {
      x = (x + 0x9e3779b9) | 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s = [splitmix32(), splitmix32(), splitmix32(), splitmix32()];
  }

  // 32 random bits, as an unsigned number.
  next() {
    const s = this.s;
    const result = Math.imul(rotl(Math.imul(s[1], 5), 7), 9) >>> 0;
    const t = s[1] << 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11);
    return result;
  }

  // A number in [0, 1), of 32 random bits (enough for every range the generator asks).
  fraction() {
    return this.next() / 4294967296;
  }

  // An integer in [lo, hi], both included.
  between(lo, hi) {
    return lo + Math.floor(this.fraction() * (hi - lo + 1));
  }

  chance(p) {
    return this.fraction() < p;
  }

  pick(list) {
    return list[Math.floor(this.fraction() * list.length)];
  }

  // One value of a table of [weight, value] rows, as likely as its weight.
  weighted(table) {
    let total = 0;
    for (const [w] of table) total += w;
    let at = this.fraction() * total;
    for (const [w, value] of table) {
      if (at < w) return value;
      at -= w;
    }
    return table[table.length - 1][1];
  }

  bytes(n) {
    const out = Buffer.allocUnsafe(n);
    for (let i = 0; i < n; i += 4) {
      const v = this.next();
      out[i] = v & 0xff;
      if (i + 1 < n) out[i + 1] = (v >>> 8) & 0xff;
      if (i + 2 < n) out[i + 2] = (v >>> 16) & 0xff;
      if (i + 3 < n) out[i + 3] = v >>> 24;
    }
    return out;
  }

  // The same letters, each in a random case (`wArC-tYpE`).
  randomCase(text) {
    let out = '';
    for (const c of text) out += this.chance(0.5) ? c.toUpperCase() : c.toLowerCase();
    return out;
  }
}

module.exports = { Prng };
