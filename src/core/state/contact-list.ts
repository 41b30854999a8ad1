/**
 * The contact record: a structure-of-arrays list of the contacts active in one step, filled by the
 * narrow-phase table (contacts/narrow-phase.ts), plus the history carried from the previous step
 * (docs/model.md#contact-history). Every later stage — contact law, tangential scheme, Coulomb cap, force
 * scatter, contact dynamics — reads this record and never re-derives a shape's geometry.
 *
 * Conventions (docs/model.md#conventions): body i is "first", j "second"; a wall is always i and is stored as
 * i = −1 − w. n points from i to j, t = ẑ×n = (−ny, nx); the force F = fn n + ft t acts on j.
 * Lever arms are kept in the contact frame: r_i = rin n + rit t, r_j = rjn n + rjt t (from each body's
 * centre to where the force acts on it), so a disc's r_i = a_i n is exactly (a_i, 0) and the torque
 * τ = r × F = rn ft − rt fn needs no cross product of rounded vectors.
 * History (ξ and the slots h0..h3 that the models declare) is keyed by (i, j, feature) — i < j for
 * particles, i < 0 for walls, feature telling apart several contacts of one pair. While the candidate pair
 * list is the same as last step's (the neighbour list is reused between rebuilds), a disc contact finds its
 * predecessor through its pair's slot, as LAMMPS keeps history alongside its neighbour list; otherwise
 * through a per-body partner table (the fused disc pass: state/pair-history-index.ts) or, for wall contacts
 * and the general pipeline, an open-addressing hash table. No sorting, no allocation per step.
 */
import { grownCapacity, growF64, growI32, growU8, int32Like } from '../math/grow';

/** Largest supported number of bodies (indices stay well inside Int32). */
export const MAX_BODIES = 2 ** 24;

const F64 = [
  'nx', 'ny', 'delta', 'depth', 'lc', 'ratio', 'rin', 'rit', 'rjn', 'rjt', 'un', 'ut', 'mr', 'gn', 'gt', 'kt', 'fe', 'fn', 'ft',
  'xi', 'xiEval', 'h0', 'h1', 'h2', 'h3', 'cx', 'cy',
] as const;
type F64Field = (typeof F64)[number];
/** What a contact carries from one step to the next: the slots the models declare (history-slots.ts). */
export const HISTORY_FIELDS = ['xi', 'h0', 'h1', 'h2', 'h3'] as const;
export type HistoryField = (typeof HISTORY_FIELDS)[number];

export class ContactList {
  count = 0;
  capacity = 0;
  i = new Int32Array(0);
  j = new Int32Array(0);
  /** Which of several contacts of the pair (i, j) this is (0 for a disc pair) */
  feature = new Int32Array(0);
  /** Unit normal from i to j */ nx = new Float64Array(0);
  ny = new Float64Array(0);
  /** Which contact law acts (its index in laws/registry.ts), set by the collider */
  law = new Uint8Array(0);
  /**
   * Polygon contacts: which candidate normal the plane's flip rule chose (0: ẑ×d, 1: d; 2: no flip).
   * With nx, ny it is read back from last step's list by the key, for the flip hysteresis and for a
   * contact without a line (docs/model.md#contact-plane-for-polygons): the previous list is history too.
   */
  planeChoice = new Uint8Array(0);
  /**
   * Overlap measure the law reads: depth [m] for discs (negative: a gap, contact dynamics), the overlap
   * area [m²] for the area law
   */
  delta = new Float64Array(0);
  /** How deep the bodies overlap [m]: δ for discs; for the area law the overlap's area over its extent along t */
  depth = new Float64Array(0);
  /** Characteristic length [m]: the smaller radius for discs; l_c = r_i + r_j for the area law */
  lc = new Float64Array(0);
  /** How deep the overlap is for the bodies' size: δ/min(a_i, a_j), or A/min(A_i, A_j) (health check) */
  ratio = new Float64Array(0);
  /** Lever arm of i in the contact frame: r_i = rin n + rit t [m] */
  rin = new Float64Array(0);
  rit = new Float64Array(0);
  /** Lever arm of j in the contact frame: r_j = rjn n + rjt t [m] */
  rjn = new Float64Array(0);
  rjt = new Float64Array(0);
  /** Relative normal / tangential velocity of j's contact point w.r.t. i's [m/s] */
  un = new Float64Array(0);
  ut = new Float64Array(0);
  /** Reduced mass [kg] */ mr = new Float64Array(0);
  /** Dashpot coefficients [kg/s] */ gn = new Float64Array(0);
  gt = new Float64Array(0);
  /**
   * Tangential spring stiffness [N/m]: the material's k_t (laws/dashpot.ts writes it), or the law's own where it
   * sets one per contact (Hertz–Mindlin: ∝ √δ); the Coulomb cap and the spring force read it
   */
  kt = new Float64Array(0);
  /** Elastic part of the normal force [N]: the contact law's critical force for the 'elastic' Coulomb cap */
  fe = new Float64Array(0);
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
  /** Contact point C at the evaluation configuration [m] (drawing, picking) */
  cx = new Float64Array(0);
  cy = new Float64Array(0);
  /** 1 if the contact did not exist in the previous step */
  isNew = new Uint8Array(0);
  /** Index of the same contact in the previous step's list, −1 for a new one */
  prevIndex = new Int32Array(0);
  /** The candidate pair (index in the pair list) a pair contact came from */
  pair = new Int32Array(0);
  /** Contacts [0, pairContacts) came from the candidate pairs, the rest from walls */
  pairContacts = 0;
  /** For each candidate pair p, the index of its contact in this list or −1 (valid when pairStamp ≥ 0) */
  contactOfPair = new Int32Array(0);
  /** The pair list generation contactOfPair belongs to; −1: none (history is then found by the hash) */
  pairStamp = -1;

  constructor(capacity = 64) {
    this.reserve(capacity);
  }

  reserve(needed: number): void {
    if (needed <= this.capacity) return;
    const cap = grownCapacity(needed, this.capacity);
    for (const f of F64) this[f as F64Field] = growF64(this[f as F64Field], cap);
    this.i = growI32(this.i, cap);
    this.j = growI32(this.j, cap);
    this.feature = growI32(this.feature, cap);
    this.law = growU8(this.law, cap);
    this.planeChoice = growU8(this.planeChoice, cap);
    this.isNew = growU8(this.isNew, cap);
    this.prevIndex = growI32(this.prevIndex, cap);
    this.pair = growI32(this.pair, cap);
    this.capacity = cap;
  }

  /** Room for the pair slots of a candidate list of `pairs` pairs. */
  reservePairSlots(pairs: number): void {
    if (pairs > this.contactOfPair.length) this.contactOfPair = growI32(this.contactOfPair, grownCapacity(pairs, this.contactOfPair.length));
  }
}

/** Open-addressing map from a key (i, j, feature) to its index in the previous step's list. */
export class ContactHistoryIndex {
  // the table
  ki = new Int32Array(0);
  kj = new Int32Array(0);
  kf = new Int32Array(0);
  vals = new Int32Array(0);
  mask = 0;

  /** Indexes the contacts `from`… of `list` (the previous step's). */
  build(list: ContactList, from = 0): void {
    let size = 16;
    while (size < 2 * (list.count - from) + 16) size *= 2;
    if (size > this.vals.length) {
      this.ki = int32Like(this.ki, size);
      this.kj = int32Like(this.kj, size);
      this.kf = int32Like(this.kf, size);
      this.vals = int32Like(this.vals, size);
    }
    // only the first `size` slots: the arrays keep the largest size seen, and clearing all of them each step
    // cost 2 MB of writes per step at 100k discs when only the walls' contacts are looked up by key
    this.mask = size - 1;
    this.vals.fill(-1, 0, size);
    const ki = this.ki, kj = this.kj, kf = this.kf, vals = this.vals, mask = this.mask;
    const li = list.i, lj = list.j, lf = list.feature;
    for (let c = from; c < list.count; c++) {
      const a = li[c], b = lj[c], f = lf[c];
      let h = hashSlot(a, b, mask);
      while (vals[h] !== -1) h = (h + 1) & mask;
      ki[h] = a;
      kj[h] = b;
      kf[h] = f;
      vals[h] = c;
    }
  }

  /** Index of the key (i, j, feature) in the indexed list, or −1. */
  find(i: number, j: number, feature: number): number {
    const ki = this.ki, kj = this.kj, kf = this.kf, vals = this.vals, mask = this.mask;
    let h = hashSlot(i, j, mask);
    for (;;) {
      const v = vals[h];
      if (v === -1) return -1;
      if (ki[h] === i && kj[h] === j && kf[h] === feature) return v;
      h = (h + 1) & mask;
    }
  }
}

/**
 * Table slot of the pair's hash (of the pair only: the few contacts of one pair, its features, share a
 * probe sequence). Masked here, so the result is a small integer: an unsigned 32-bit hash returned from a
 * call V8 leaves out of line is boxed (18 MB per 20,000 steps of a 400-disc pile, in the runs where it was).
 */
function hashSlot(i: number, j: number, mask: number): number {
  return (Math.imul(i, 0x9e3779b1) ^ Math.imul(j, 0x85ebca77)) & mask;
}

/** Every history field: the mask carryHistory uses when the caller does not say which fields are live */
export const ALL_HISTORY = (1 << HISTORY_FIELDS.length) - 1;

/**
 * Carries the declared history from the previous step's contact with the same key: the fields of
 * `carried` (a mask over HISTORY_FIELDS, state/history-slots.ts historyMask), the rest are left as they
 * are (no active model reads them). A new contact starts from zero (ξ = 0: paper 002 note 1; R = 0 in
 * contact dynamics). With `bySlot` the pair contacts find theirs through the previous list's pair slots
 * (same pair list), the rest through `index`, which then holds the previous list's wall contacts only;
 * without it, `index` holds them all. Rows [0, known) already hold theirs in prevIndex (the polygon pair colliders
 * look it up by key as they go: contacts/collide-polygon.ts, wasm/assembly/polygon-pairs.ts).
 */
export function carryHistory(out: ContactList, prev: ContactList, index: ContactHistoryIndex, bySlot: boolean, carried = ALL_HISTORY, known = 0): void {
  const oi = out.i, oj = out.j, of = out.feature, onew = out.isNew, oprev = out.prevIndex, opair = out.pair;
  const oxi = out.xi, oh0 = out.h0, oh1 = out.h1, oh2 = out.h2, oh3 = out.h3;
  const pxi = prev.xi, ph0 = prev.h0, ph1 = prev.h1, ph2 = prev.h2, ph3 = prev.h3, slot = prev.contactOfPair;
  const cxi = (carried & 1) !== 0, c0 = (carried & 2) !== 0, c1 = (carried & 4) !== 0, c2 = (carried & 8) !== 0, c3 = (carried & 16) !== 0;
  const fromSlots = bySlot ? out.pairContacts : 0;
  for (let k = 0; k < out.count; k++) {
    const q = k < fromSlots ? slot[opair[k]] : k < known ? oprev[k] : index.find(oi[k], oj[k], of[k]);
    oprev[k] = q;
    onew[k] = q >= 0 ? 0 : 1;
    if (cxi) oxi[k] = q >= 0 ? pxi[q] : 0;
    if (c0) oh0[k] = q >= 0 ? ph0[q] : 0;
    if (c1) oh1[k] = q >= 0 ? ph1[q] : 0;
    if (c2) oh2[k] = q >= 0 ? ph2[q] : 0;
    if (c3) oh3[k] = q >= 0 ? ph3[q] : 0;
  }
}
