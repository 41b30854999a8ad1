/**
 * What the disc pair loop (contacts/disc-force-pass.ts, its WebAssembly twin contacts/disc-pair-wasm.ts and the worker
 * pool's blocks, contacts/parallel-disc-pass.ts) reads: the view of its columns and the coefficients, apart so the
 * loops' files import them and not one another.
 */
import type { MaterialCoefficients } from '../laws/material';
import type { PairBuffer } from '../neighbors/pair-buffer';
import type { ContactList } from '../state/contact-list';
import { PairHistoryIndex } from '../state/pair-history-index';
import type { NarrowPhase } from './narrow-phase';

/** The coefficients the pair loop reads */
export type PairMaterial = Pick<MaterialCoefficients, 'kn' | 'kt' | 'mu' | 'zetaN' | 'zetaT' | 'gtFromRatio' | 'gtRatio' | 'capElastic' | 'clampNormal'>;

/**
 * The columns one run of the pair loop reads and writes: the bodies' evaluation state and forces, the
 * candidate pairs, this step's record, last step's ξ and pair slots, and the pairs' history index. The serial
 * pass points it at the stages' own objects; a worker pool's threads at the same shared columns
 * (contacts/parallel-disc-pass.ts).
 */
export class DiscPassView {
  ex = EMPTY_F64; ey = EMPTY_F64; evx = EMPTY_F64; evy = EMPTY_F64; ew = EMPTY_F64;
  rad = EMPTY_F64; im = EMPTY_F64; ii = EMPTY_F64; fx = EMPTY_F64; fy = EMPTY_F64; tau = EMPTY_F64;
  pi = EMPTY_I32; pj = EMPTY_I32;
  oi = EMPTY_I32; oj = EMPTY_I32; of = EMPTY_I32; olaw = EMPTY_U8;
  ofn = EMPTY_F64; oft = EMPTY_F64; oxiE = EMPTY_F64; oxi = EMPTY_F64; onx = EMPTY_F64; ony = EMPTY_F64;
  oprev = EMPTY_I32; slot = EMPTY_I32;
  pxi = EMPTY_F64; pslot = EMPTY_I32;
  history = new PairHistoryIndex();
  periodic = false;
  L = 0;
  /** history by last step's pair slots (the pair list is unchanged), else by the index */
  bySlot = false;
  /** add each contact's force to its bodies at once (serial), or leave n in the record for a gather */
  scatter = true;
  /** without `scatter`, the bodies that still get their forces at once (1; a pool's block's own bodies) */
  inner = EMPTY_U8;
  /** commit the spring (ξ ← ξ*) as it is found */
  commit = false;
  /** while scattering, note each body's partner in `partner` (NONE before the pass) */
  findPartners = false;
  partner: Int32Array = EMPTY_I32;

  /** Points the view at the stages' objects (the serial pass). */
  fromStages(np: NarrowPhase, pairs: PairBuffer, prev: ContactList, out: ContactList, bySlot: boolean, partner: Int32Array | null, commit: boolean): this {
    const b = np.bodies;
    this.ex = b.ex; this.ey = b.ey; this.evx = b.evx; this.evy = b.evy; this.ew = b.eomega;
    this.rad = b.radius; this.im = b.invMass; this.ii = b.invInertia; this.fx = b.fx; this.fy = b.fy; this.tau = b.tau;
    this.pi = pairs.i; this.pj = pairs.j;
    this.oi = out.i; this.oj = out.j; this.of = out.feature; this.olaw = out.law;
    this.ofn = out.fn; this.oft = out.ft; this.oxiE = out.xiEval; this.oxi = out.xi; this.onx = out.nx; this.ony = out.ny;
    this.oprev = out.prevIndex; this.slot = out.contactOfPair;
    this.pxi = prev.xi; this.pslot = prev.contactOfPair;
    this.history = np.pairHistory;
    this.periodic = np.periodic.enabled; this.L = np.periodic.length;
    this.bySlot = bySlot;
    this.scatter = true;
    this.commit = commit;
    this.findPartners = partner !== null;
    this.partner = partner ?? EMPTY_I32;
    return this;
  }
}

const EMPTY_F64 = new Float64Array(0), EMPTY_I32 = new Int32Array(0), EMPTY_U8 = new Uint8Array(0);
