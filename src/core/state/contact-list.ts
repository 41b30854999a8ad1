/**
 * Structure-of-arrays list of the contacts active in one step, plus the history carried from the
 * previous step (design/contact-laws.md §10).
 *
 * Conventions (design/README.md): body i is "first", j "second"; a wall is always i and is stored as
 * i = −1 − w. n points from i to j, t = ẑ×n = (−ny, nx); the force F = fn n + ft t acts on j.
 * History (ξ and up to four scheme-specific slots h0..h3) is keyed by the pair (i, j) — i < j for
 * particles, i < 0 for walls — and found in the previous step's list through an open-addressing hash
 * table on the two integers (no sorting, no allocation per step).
 */
import { grownCapacity, growF64, growI32, growU8 } from '../math/grow';

/** Largest supported number of bodies (indices stay well inside Int32). */
export const MAX_BODIES = 2 ** 24;

const F64 = [
  'nx', 'ny', 'delta', 'un', 'ut', 'mr', 'gn', 'gt', 'fn', 'ft',
  'xi', 'xiEval', 'h0', 'h1', 'h2', 'h3', 'cx', 'cy',
] as const;
type F64Field = (typeof F64)[number];
/** What a contact carries from one step to the next. */
export const HISTORY_FIELDS = ['xi', 'h0', 'h1', 'h2', 'h3'] as const;

export class ContactList {
  count = 0;
  capacity = 0;
  i = new Int32Array(0);
  j = new Int32Array(0);
  /** Unit normal from i to j */ nx = new Float64Array(0);
  ny = new Float64Array(0);
  /** Overlap [m] */ delta = new Float64Array(0);
  /** Relative normal / tangential velocity of j's contact point w.r.t. i's [m/s] */
  un = new Float64Array(0);
  ut = new Float64Array(0);
  /** Reduced mass [kg] */ mr = new Float64Array(0);
  /** Dashpot coefficients [kg/s] */ gn = new Float64Array(0);
  gt = new Float64Array(0);
  /** Force components on j [N] */ fn = new Float64Array(0);
  ft = new Float64Array(0);
  /** Tangential spring ξ [m]: committed value at t (from history), then the value committed at t+Δt */
  xi = new Float64Array(0);
  /** Spring used for the force at the evaluation point (after the Coulomb cap) */
  xiEval = new Float64Array(0);
  /** Scheme-specific history slots */
  h0 = new Float64Array(0);
  h1 = new Float64Array(0);
  h2 = new Float64Array(0);
  h3 = new Float64Array(0);
  /** Contact point at the evaluation configuration [m] (for drawing) */
  cx = new Float64Array(0);
  cy = new Float64Array(0);
  /** 1 if the contact did not exist in the previous step */
  isNew = new Uint8Array(0);

  constructor(capacity = 64) {
    this.reserve(capacity);
  }

  reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = grownCapacity(needed, this.capacity);
    for (const f of F64) this[f as F64Field] = growF64(this[f as F64Field], cap);
    this.i = growI32(this.i, cap);
    this.j = growI32(this.j, cap);
    this.isNew = growU8(this.isNew, cap);
    this.capacity = cap;
  }
}

/** Open-addressing map from a pair (i, j) to its index in the previous step's list. */
export class ContactHistoryIndex {
  private ki = new Int32Array(0);
  private kj = new Int32Array(0);
  private vals = new Int32Array(0);
  private mask = 0;

  /** Indexes `list` (the previous step's contacts). */
  build(list: ContactList): void {
    let size = 16;
    while (size < 2 * list.count + 16) size *= 2;
    if (size > this.vals.length) {
      this.ki = new Int32Array(size);
      this.kj = new Int32Array(size);
      this.vals = new Int32Array(size);
    }
    this.mask = this.vals.length - 1;
    this.vals.fill(-1);
    const ki = this.ki, kj = this.kj, vals = this.vals, mask = this.mask, li = list.i, lj = list.j;
    for (let c = 0; c < list.count; c++) {
      const a = li[c], b = lj[c];
      let h = hashPair(a, b) & mask;
      while (vals[h] !== -1) h = (h + 1) & mask;
      ki[h] = a;
      kj[h] = b;
      vals[h] = c;
    }
  }

  /** Index of the pair (i, j) in the indexed list, or −1. */
  find(i: number, j: number): number {
    const ki = this.ki, kj = this.kj, vals = this.vals, mask = this.mask;
    let h = hashPair(i, j) & mask;
    for (;;) {
      const v = vals[h];
      if (v === -1) return -1;
      if (ki[h] === i && kj[h] === j) return v;
      h = (h + 1) & mask;
    }
  }
}

function hashPair(i: number, j: number): number {
  return (Math.imul(i, 0x9e3779b1) ^ Math.imul(j, 0x85ebca77)) >>> 0;
}
