/**
 * A seeded pseudo-random source for the fuzz suites, CLI and browser (mulberry32): the same seed gives the same cases
 * on every machine. Nothing in the fuzz uses Math.random.
 */
export class Rng {
  private s: number;

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  /** uniform in [0, 1) */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** an integer in [0, n) */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** an integer in [lo, hi] */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let k = 0; k < n; k++) out[k] = this.int(256);
    return out;
  }

  /** a child generator, so that one family's case count does not shift another family's cases */
  fork(label: string): Rng {
    let h = this.s ^ 0x9e3779b9;
    for (let k = 0; k < label.length; k++) h = Math.imul(h ^ label.charCodeAt(k), 0x01000193) >>> 0;
    return new Rng(h);
  }
}
