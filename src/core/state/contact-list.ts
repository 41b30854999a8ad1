/**
 * Structure-of-arrays list of the contacts active in one step, plus the history carried from the
 * previous step (design/contact-laws.md §10).
 *
 * Conventions (design/README.md): body i is "first", j "second"; a wall is always i and is stored as
 * i = −1 − w. n points from i to j, t = ẑ×n = (−ny, nx); the force F = fn n + ft t acts on j.
 * History (ξ and up to four scheme-specific slots h0..h3) is keyed by the pair and found in the
 * previous step's list through an open-addressing hash table (no sorting, no allocation per step).
 */
import { grownCapacity, growF64, growI32, growU8 } from '../math/grow';

/** Bodies and walls are packed into one key below 2^53. */
const BODY_LIMIT = 2 ** 21;
export const MAX_BODIES = BODY_LIMIT - 1;

export function contactKey(i: number, j: number): number {
  const first = i >= 0 ? i : BODY_LIMIT + (-1 - i);
  return first * 2 ** 22 + j;
}

const F64 = [
  'key', 'nx', 'ny', 'delta', 'un', 'ut', 'mr', 'gn', 'gt', 'fn', 'ft',
  'xi', 'xiEval', 'h0', 'h1', 'h2', 'h3', 'cx', 'cy',
] as const;
type F64Field = (typeof F64)[number];
/** What a contact carries from one step to the next. */
export const HISTORY_FIELDS = ['xi', 'h0', 'h1', 'h2', 'h3'] as const;

export class ContactList {
  count = 0;
  capacity = 0;
  /** Pair key (contactKey) */ key = new Float64Array(0);
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

/** Open-addressing map from contact key to its index in the previous step's list. */
export class ContactHistoryIndex {
  private keys = new Float64Array(0);
  private vals = new Int32Array(0);
  private mask = 0;

  /** Indexes `list` (the previous step's contacts). */
  build(list: ContactList): void {
    let size = 16;
    while (size < 2 * list.count + 16) size *= 2;
    if (size > this.keys.length) {
      this.keys = new Float64Array(size);
      this.vals = new Int32Array(size);
    }
    this.mask = this.keys.length - 1;
    this.vals.fill(-1);
    const keys = this.keys, vals = this.vals, mask = this.mask;
    for (let c = 0; c < list.count; c++) {
      const k = list.key[c];
      let h = hash(k) & mask;
      while (vals[h] !== -1) h = (h + 1) & mask;
      keys[h] = k;
      vals[h] = c;
    }
  }

  /** Index of `key` in the indexed list, or −1. */
  find(key: number): number {
    const keys = this.keys, vals = this.vals, mask = this.mask;
    let h = hash(key) & mask;
    for (;;) {
      const v = vals[h];
      if (v === -1) return -1;
      if (keys[h] === key) return v;
      h = (h + 1) & mask;
    }
  }
}

function hash(key: number): number {
  const lo = key % 4194304; // j
  const hi = (key - lo) / 4194304; // first
  return (Math.imul(hi | 0, 0x9e3779b1) ^ Math.imul(lo | 0, 0x85ebca77)) >>> 0;
}
