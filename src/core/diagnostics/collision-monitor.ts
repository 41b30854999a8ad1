/**
 * Effective restitution of binary collisions, measured as the run goes: for two bodies that touch
 * only each other from the moment they meet until they part, e = −(v_rel·n after)/(v_rel·n before),
 * with the velocities of their last step before the contact and SETTLE_STEPS after it, both still
 * free (a predictor–corrector keeps changing the velocity for a few steps after the force has gone;
 * an equal body force such as gravity does not change v_rel). For the linear law e should equal εn
 * (design/contact-laws.md §4); a coarse Δt makes it drift (head-on at Δt/t_c = 0.2: 0.931 for 0.9).
 * Two passes over the bodies and one over the contacts per step; no allocation.
 */
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

const NONE = -1;
/** several contacts, or a wall */
const MANY = -2;
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
 * Collisions the typical deviation is taken over. Single collisions in a shower of falling discs
 * scatter by a few percent even at a tiny Δt (pile at Δt = t_c/200: up to 2.9 %; median of 20 up to
 * 0.45 %, 1.1 % in the heap), so one outlier must not decide: the median of the last RECENT decides,
 * and while fewer than MIN_MEDIAN collisions are known, the smallest (all of them off).
 */
const RECENT = 20;
const MIN_MEDIAN = 5;

export class CollisionMonitor {
  private partner = new Int32Array(0);
  private prevPartner = new Int32Array(0);
  /** 1 while the body has touched at most one other body since it was last free */
  private clean = new Uint8Array(0);
  /** steps the body has been free of contacts (its velocity is a settled free flight after SETTLE_STEPS) */
  private freeSteps = new Int32Array(0);
  private freeVx = new Float64Array(0);
  private freeVy = new Float64Array(0);
  /** line of centres (towards this body) when its contact began */
  private onX = new Float64Array(0);
  private onY = new Float64Array(0);
  /** a parted pair waiting to settle, on its lower index: the other body, the approach speed, the step */
  private pending = new Int32Array(0);
  private pendingBefore = new Float64Array(0);
  private pendingStep = new Float64Array(0);
  /** the line of centres when the pair parted */
  private offX = new Float64Array(0);
  private offY = new Float64Array(0);
  private steps = 0;
  /** collisions measured since the last reset, and the last one's restitution */
  count = 0;
  last = NaN;
  /** restitutions of the last RECENT collisions (a ring), and a scratch copy for the percentile */
  private readonly recent = new Float64Array(RECENT);
  private readonly sorted = new Float64Array(RECENT);

  reset(n: number): void {
    if (this.partner.length < n) {
      const cap = Math.max(n, 2 * this.partner.length);
      this.partner = new Int32Array(cap);
      this.prevPartner = new Int32Array(cap);
      this.clean = new Uint8Array(cap);
      this.freeSteps = new Int32Array(cap);
      this.freeVx = new Float64Array(cap);
      this.freeVy = new Float64Array(cap);
      this.onX = new Float64Array(cap);
      this.onY = new Float64Array(cap);
      this.pending = new Int32Array(cap);
      this.pendingBefore = new Float64Array(cap);
      this.pendingStep = new Float64Array(cap);
      this.offX = new Float64Array(cap);
      this.offY = new Float64Array(cap);
    }
    this.pending.fill(NONE, 0, n);
    this.prevPartner.fill(MANY, 0, n); // unknown history: no collision ends on the first step
    this.clean.fill(0, 0, n);
    this.freeSteps.fill(SETTLE_STEPS, 0, n); // the start state is taken as settled free flight
    this.count = 0;
    this.last = NaN;
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

  /** Call after each committed step; returns the restitution of a collision measured now, else NaN. */
  observe(b: BodyState, c: ContactList): number {
    const n = b.n;
    if (this.partner.length < n) this.reset(n);
    this.steps++;
    const partner = this.partner, prev = this.prevPartner, clean = this.clean;
    partner.fill(NONE, 0, n);
    for (let k = 0; k < c.count; k++) {
      const i = c.i[k], j = c.j[k];
      if (i < 0) { partner[j] = MANY; continue; }
      partner[i] = partner[i] === NONE ? j : MANY;
      partner[j] = partner[j] === NONE ? i : MANY;
    }
    let e = NaN;
    for (let a = 0; a < n; a++) {
      const p = partner[a];
      if (p !== NONE) {
        this.pending[a] = NONE; // in contact again before its last collision settled
        if (p === MANY) clean[a] = 0;
        else if (prev[a] === NONE) {
          // first touch: its approach velocity is a settled free flight only if it was free long enough
          if (this.freeSteps[a] < SETTLE_STEPS) clean[a] = 0;
          const dx = b.x[a] - b.x[p], dy = b.y[a] - b.y[p], d = Math.sqrt(dx * dx + dy * dy);
          this.onX[a] = d > 0 ? dx / d : 0; this.onY[a] = d > 0 ? dy / d : 0;
        } else if (prev[a] !== p) {
          clean[a] = 0; // another body than the one it met
        }
        this.freeSteps[a] = 0;
        continue;
      }
      const q = prev[a];
      // a binary collision a–q that ended at this step: both free now, each other's only partner before
      if (q > a && partner[q] === NONE && prev[q] === a && clean[a] === 1 && clean[q] === 1) {
        const wx = this.freeVx[a] - this.freeVx[q], wy = this.freeVy[a] - this.freeVy[q];
        // approach along the line of centres at first touch
        const before = wx * this.onX[a] + wy * this.onY[a];
        const dx = b.x[a] - b.x[q], dy = b.y[a] - b.y[q], d = Math.sqrt(dx * dx + dy * dy);
        if (before < -HEAD_ON_COS * Math.sqrt(wx * wx + wy * wy) && before < 0 && d > 0) {
          this.pending[a] = q; this.pendingBefore[a] = before; this.pendingStep[a] = this.steps;
          this.offX[a] = dx / d; this.offY[a] = dy / d;
        }
      }
      const r = this.pending[a];
      if (r !== NONE && r !== q) {
        if (partner[r] !== NONE) this.pending[a] = NONE; // touched something before settling
        else if (this.steps - this.pendingStep[a] >= SETTLE_STEPS) {
          // separation along the line of centres at parting, once the velocities have settled
          const after = (b.vx[a] - b.vx[r]) * this.offX[a] + (b.vy[a] - b.vy[r]) * this.offY[a];
          e = -after / this.pendingBefore[a];
          this.last = e;
          this.recent[this.count % RECENT] = e;
          this.count++;
          this.pending[a] = NONE;
        }
      }
      clean[a] = 1;
      this.freeSteps[a]++;
      this.freeVx[a] = b.vx[a];
      this.freeVy[a] = b.vy[a];
    }
    // the second body of a pair that ended is handled when a < q; now swap
    this.partner = prev;
    this.prevPartner = partner;
    return e;
  }
}
