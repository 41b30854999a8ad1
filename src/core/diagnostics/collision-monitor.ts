/**
 * Effective restitution of binary collisions, measured as the run goes: for two movable bodies that touch
 * only each other from the moment they meet until they part, within LASTING_CONTACTS contact times (a contact
 * that lasts longer is a lasting or rolling one, not a collision), e = −(v_rel·n after)/(v_rel·n before),
 * with the velocities of their last step before the contact and SETTLE_STEPS after it, both still
 * free (a predictor–corrector keeps changing the velocity for a few steps after the force has gone;
 * an equal body force such as gravity does not change v_rel, but against a fixed body it adds g (t_c + SETTLE_STEPS Δt)
 * to it: orbiting-disc's soft contact, g t_c = 0.7 m/s, read a bounce on its fixed disc as e = 1.04). For the linear law e should equal εn
 * (docs/model.md#damping-from-restitution); a coarse Δt makes it drift (head-on at Δt/t_c = 0.2: 0.931 for 0.9).
 * Per step: each body's partner (the one body it touches, several, or none) from the contacts — or from the
 * contact pass, which can find them as it goes — then two passes over the bodies: the collisions that
 * begin, end and settle (collisionEvents), then each body's own flags, free-flight velocity and last
 * partner (freeFlight). The first reads only last step's values of other bodies, so both can run by chunks
 * of bodies on a worker pool (columns/body-columns.ts). No allocation.
 */
import { bindBodies, bodiesOf, BODY_CHUNK, chunkEnd, chunkStart } from '../columns/body-columns';
import { COLLISION_EVENTS, FREE_FLIGHT } from '../columns/kernel-ids';
import type { PoolContext } from '../columns/pool-context';
import type { Columns } from '../columns/kernel-pool';
import { growF64, growI32, growU8 } from '../math/grow';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import type { WasmKernels } from '../wasm/kernels';
import { collisionEventsWasm, collisionPassesWasm, freeFlightWasm } from './collision-monitor-wasm';
import { MonitorColumns } from './monitor-columns';

/** A body's partner: none, or several contacts or a wall (else the other body's index) */
export const NONE = -1, MANY = -2;
/**
 * Last step's partner after a reset: unknown, counted as MANY (no collision ends on the first step) but
 * never equal to this step's, so that the first step does every body's bookkeeping.
 */
const UNKNOWN = -3;
/**
 * Only near-head-on impacts count: the approach along the line of centres at first touch must be at
 * least this fraction of the relative speed (within 25°). In a glancing collision of soft discs the
 * line of centres turns during the contact by about v_t t_c / 2a, which makes a normal restitution
 * ill-defined when the normal approach speed is small.
 */
const HEAD_ON_COS = 0.9;
/** Free steps after parting before the separation velocity is read (Gear 5 carries 5 derivatives). */
const SETTLE_STEPS = 10;
/**
 * A contact lasting more than this many contact times t_c is a lasting one (a disc resting or rolling on another), not a
 * binary collision: the linear law's collision lasts t_c whatever the speed (docs/model.md#reduced-mass-and-time-scales);
 * 2 leaves room for a step either side and for the longer contact of a coarse Δt.
 */
export const LASTING_CONTACTS = 2;
/**
 * Collisions the typical deviation is taken over. Single collisions in a shower of falling discs
 * scatter by a few percent even at a tiny Δt (pile at Δt = t_c/200: up to 2.9 %; median of 20 up to
 * 0.45 %, 1.1 % in the heap), so one outlier must not decide: the median of the last RECENT decides,
 * and while fewer than MIN_MEDIAN collisions are known, the smallest (all of them off).
 */
const RECENT = 20;
const MIN_MEDIAN = 5;

/** Field names of MonitorColumns, and the names they are bound under on a worker pool */
const COLUMN_NAMES = Object.keys(new MonitorColumns()) as (keyof MonitorColumns)[];
const BOUND_NAMES = COLUMN_NAMES.map((name) => `monitor.${name}`);
/** The name a contact pass that finds the partners writes them under */
export const PARTNER_COLUMN = 'monitor.partner';

export class CollisionMonitor {
  readonly columns = new MonitorColumns();
  private capacity = 0;
  private steps = 0;
  /** The partner column is NONE for bodies [0, noneUpTo) */
  private noneUpTo = 0;
  /** collisions measured since the last reset, and the last one's restitution */
  count = 0;
  last = NaN;
  /**
   * Steps a contact may last and still be a binary collision: LASTING_CONTACTS × t_c/Δt, set by the world when t_c or Δt
   * changes (Infinity: no limit, every clean contact that parts is a collision).
   */
  maxContactSteps = Infinity;
  /** Bodies in a collision that has not ended after the last observe (MonitorColumns.open): 0 when every collision is over and settled */
  open = 0;
  /** restitutions of the last RECENT collisions (a ring), and a scratch copy for the percentile */
  private readonly recent = new Float64Array(RECENT);
  private readonly sorted = new Float64Array(RECENT);

  reset(n: number): void {
    const s = this.columns;
    if (this.capacity < n) {
      // the grown arrays keep the old ones' kind of memory: shared on a worker pool (math/grow.ts)
      const cap = Math.max(n, 2 * this.capacity), chunks = Math.ceil(cap / BODY_CHUNK);
      s.partner = growI32(s.partner, cap); s.prev = growI32(s.prev, cap);
      s.clean = growU8(s.clean, cap); s.freeSteps = growI32(s.freeSteps, cap);
      s.freeVx = growF64(s.freeVx, cap); s.freeVy = growF64(s.freeVy, cap);
      s.onX = growF64(s.onX, cap); s.onY = growF64(s.onY, cap); s.onStep = growF64(s.onStep, cap);
      s.pending = growI32(s.pending, cap); s.pendingBefore = growF64(s.pendingBefore, cap); s.pendingStep = growF64(s.pendingStep, cap);
      s.offX = growF64(s.offX, cap); s.offY = growF64(s.offY, cap);
      s.found = growI32(s.found, chunks); s.foundE = growF64(s.foundE, chunks * BODY_CHUNK); s.open = growI32(s.open, chunks);
      this.capacity = cap;
    }
    s.pending.fill(NONE, 0, n);
    s.partner.fill(NONE, 0, n);
    this.noneUpTo = n;
    s.prev.fill(UNKNOWN, 0, n);
    s.clean.fill(0, 0, n);
    s.freeSteps.fill(SETTLE_STEPS, 0, n); // the start state is taken as settled free flight
    this.count = 0;
    this.last = NaN;
    this.open = 0;
  }

  /**
   * The partner column, for a contact pass that finds the partners itself: NONE for bodies [0, n) (null until
   * sized for n bodies). observe() leaves it so (freeFlight); filled here only if it was handed out since.
   */
  partnerColumn(n: number): Int32Array | null {
    if (this.capacity < n) return null;
    if (n > this.noneUpTo) this.columns.partner.fill(NONE, 0, n);
    this.noneUpTo = 0;
    return this.columns.partner;
  }

  /**
   * Typical |e/εn − 1| of the recent collisions: the median of the last RECENT, or the smallest while
   * fewer than MIN_MEDIAN are known (one collision: its own); NaN before any.
   */
  typicalDeviation(en: number): number {
    const m = Math.min(this.count, RECENT);
    if (m === 0) return NaN;
    const s = this.sorted;
    for (let k = 0; k < m; k++) {
      const v = Math.abs(this.recent[k] / en - 1);
      let j = k;
      while (j > 0 && s[j - 1] > v) { s[j] = s[j - 1]; j--; }
      s[j] = v;
    }
    return m < MIN_MEDIAN ? s[0] : s[Math.floor((m - 1) / 2)];
  }

  /** Collisions the typical deviation is taken over now. */
  get window(): number {
    return Math.min(this.count, RECENT);
  }

  /**
   * Call after each committed step; returns the restitution of a collision measured now, else NaN.
   * `partnersFound`: the contact pass has written this step's partner column (partnerColumn) already.
   */
  observe(b: BodyState, c: ContactList, partnersFound = false, pool: PoolContext | null = null, wasm: WasmKernels | null = null): number {
    const n = b.n;
    if (this.capacity < n) this.reset(n);
    this.steps++;
    const s = this.columns, partner = s.partner;
    if (!partnersFound) {
      if (n > this.noneUpTo) partner.fill(NONE, 0, n);
      for (let k = 0; k < c.count; k++) {
        const i = c.i[k], j = c.j[k];
        if (i < 0) { partner[j] = MANY; continue; }
        partner[i] = partner[i] === NONE ? j : MANY;
        partner[j] = partner[j] === NONE ? i : MANY;
      }
    }
    const chunks = Math.ceil(n / BODY_CHUNK);
    if (!pool) {
      if (!(wasm && collisionPassesWasm(wasm, s, b, n, this.steps, this.maxContactSteps, BODY_CHUNK))) for (let k = 0; k < chunks; k++) {
        collisionEvents(s, b, chunkStart(k), chunkEnd(k, n), this.steps, this.maxContactSteps, k);
        freeFlight(s, b, chunkStart(k), chunkEnd(k, n));
      }
    } else {
      bindBodies(pool, b);
      for (let f = 0; f < COLUMN_NAMES.length; f++) pool.put(BOUND_NAMES[f], s[COLUMN_NAMES[f]]);
      pool.bind();
      const a = pool.pool.args;
      a[0] = n; a[1] = this.steps; a[2] = this.maxContactSteps;
      pool.pool.run(COLLISION_EVENTS, chunks);
      pool.pool.run(FREE_FLIGHT, chunks);
    }
    this.noneUpTo = n; // freeFlight left the partners NONE
    // the chunks' restitutions in body order, as one pass over the bodies would meet them
    let e = NaN;
    this.open = 0;
    for (let k = 0; k < chunks; k++) {
      this.open += s.open[k];
      for (let m = 0; m < s.found[k]; m++) {
        e = s.foundE[k * BODY_CHUNK + m];
        this.last = e;
        this.recent[this.count % RECENT] = e;
        this.count++;
      }
    }
    return e;
  }
}

/**
 * Bodies [a0, a1) of chunk `chunk`: the binary collisions that end now (both free, each the other's only
 * partner, in contact for at most maxSteps steps), and those that parted SETTLE_STEPS ago with both still free —
 * their restitution goes to the chunk's slots; the bodies in a collision that has not ended are counted.
 * Reads other bodies' partners and last step's flags and velocities; writes only its bodies'.
 */
function collisionEvents(s: MonitorColumns, b: BodyState, a0: number, a1: number, steps: number, maxSteps: number, chunk: number): void {
  const partner = s.partner, prev = s.prev;
  const clean = s.clean, pending = s.pending, x = b.x, y = b.y, vx = b.vx, vy = b.vy, im = b.invMass;
  let found = 0, open = 0;
  for (let a = a0; a < a1; a++) {
    const p = partner[a];
    if (p !== NONE) {
      if (p !== prev[a]) { // else the same contacts as last step: nothing changes (see freeFlight)
        pending[a] = NONE; // in contact again before its last collision settled
        if (p !== MANY && prev[a] === NONE) {
          // first touch: the line of centres and the step
          const dx = x[a] - x[p], dy = y[a] - y[p], d = Math.sqrt(dx * dx + dy * dy);
          s.onX[a] = d > 0 ? dx / d : 0; s.onY[a] = d > 0 ? dy / d : 0; s.onStep[a] = steps;
        }
      }
      // a clean contact of two movable bodies (clean: last step's freeFlight), not yet lasting: a collision under way
      if (p >= 0 && clean[a] === 1 && steps - s.onStep[a] <= maxSteps && im[a] > 0 && im[p] > 0) open++;
      continue;
    }
    const q = prev[a];
    // a binary collision a–q that ended at this step: both free now, each other's only partner before, not lasting, both movable
    if (q > a && partner[q] === NONE && prev[q] === a && clean[a] === 1 && clean[q] === 1 && steps - s.onStep[a] <= maxSteps && im[a] > 0 && im[q] > 0) {
      const wx = s.freeVx[a] - s.freeVx[q], wy = s.freeVy[a] - s.freeVy[q];
      // approach along the line of centres at first touch
      const before = wx * s.onX[a] + wy * s.onY[a];
      const dx = x[a] - x[q], dy = y[a] - y[q], d = Math.sqrt(dx * dx + dy * dy);
      if (before < -HEAD_ON_COS * Math.sqrt(wx * wx + wy * wy) && before < 0 && d > 0) {
        pending[a] = q; s.pendingBefore[a] = before; s.pendingStep[a] = steps;
        s.offX[a] = dx / d; s.offY[a] = dy / d;
      }
    }
    const r = pending[a];
    if (r !== NONE && r !== q) {
      if (partner[r] !== NONE) pending[a] = NONE; // touched something before settling
      else if (steps - s.pendingStep[a] >= SETTLE_STEPS) {
        // separation along the line of centres at parting, once the velocities have settled
        const after = (vx[a] - vx[r]) * s.offX[a] + (vy[a] - vy[r]) * s.offY[a];
        s.foundE[chunk * BODY_CHUNK + found++] = -after / s.pendingBefore[a];
        pending[a] = NONE;
      }
    }
    if (pending[a] !== NONE) open++; // parted, settling
  }
  s.found[chunk] = found;
  s.open[chunk] = open;
}

/**
 * Bodies [a0, a1): whether each is still clean, how long it has been free, its free-flight velocity, and
 * its partner kept as last step's (collisionEvents reads other bodies' last partners: it runs first); the
 * partner column is left NONE, as the next contact pass needs it (partnerColumn).
 */
function freeFlight(s: MonitorColumns, b: BodyState, a0: number, a1: number): void {
  const partner = s.partner, prev = s.prev;
  const clean = s.clean, freeSteps = s.freeSteps, vx = b.vx, vy = b.vy;
  for (let a = a0; a < a1; a++) {
    const p = partner[a];
    partner[a] = NONE;
    if (p !== NONE) {
      // the same partner(s) as last step: clean, freeSteps (0), pending (NONE) and prev are already what
      // these lines would write — most bodies of a pile, whose pass then reads two columns only
      if (p === prev[a]) continue;
      if (p === MANY) clean[a] = 0;
      // first touch: its approach velocity is a settled free flight only if it was free long enough
      else if (prev[a] === NONE) { if (freeSteps[a] < SETTLE_STEPS) clean[a] = 0; }
      else if (prev[a] !== p) clean[a] = 0; // another body than the one it met
      freeSteps[a] = 0;
    } else {
      clean[a] = 1;
      freeSteps[a]++;
      s.freeVx[a] = vx[a];
      s.freeVy[a] = vy[a];
    }
    prev[a] = p;
  }
}

const view = new MonitorColumns();
let viewed: Columns | null = null;

/** The monitor's columns as bound on a worker pool (one view per thread, re-pointed when the bound columns are new) */
function monitorOf(c: Columns): MonitorColumns {
  if (viewed === c) return view;
  const v = view as unknown as Record<string, Columns[string]>;
  for (let f = 0; f < COLUMN_NAMES.length; f++) v[COLUMN_NAMES[f]] = c[BOUND_NAMES[f]];
  viewed = c;
  return view;
}

/** Kernel: collisionEvents for chunk c of the bodies (args: n, steps, maxContactSteps). */
export function collisionEventsChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], s = monitorOf(c), b = bodiesOf(c, n), a0 = chunkStart(chunk), a1 = chunkEnd(chunk, n);
  if (!(wasm && collisionEventsWasm(wasm, s, b, a0, a1, a[1], a[2], chunk, BODY_CHUNK))) collisionEvents(s, b, a0, a1, a[1], a[2], chunk);
}

/** Kernel: freeFlight for chunk c of the bodies (args: n). */
export function freeFlightChunk(c: Columns, a: Float64Array, chunk: number, wasm: WasmKernels | null): void {
  const n = a[0], s = monitorOf(c), b = bodiesOf(c, n), a0 = chunkStart(chunk), a1 = chunkEnd(chunk, n);
  if (!(wasm && freeFlightWasm(wasm, s, b, a0, a1))) freeFlight(s, b, a0, a1);
}
