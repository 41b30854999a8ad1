/**
 * The dashpots' fastest rate c_max (docs/model.md#gears-dashpot-rate-limit): the largest eigenvalue of
 * M^{-1/2} C M^{-1/2}, where C holds the dashpots of every contact acting on the bodies' vx, vy, ω through the lever
 * arms of the contact record (γ_n along the normal at the point where the normal force acts — a polygon's overlap
 * centroid, off the line through the centres, so it damps rotation —, γ_t across it where the tangential dashpot acts
 * as one: always under the 'elastic' Coulomb cap, only at the sticking contacts under the 'total' cap; a wall, or a
 * body that cannot move, counts on one side). With the springs gone one step of an integrator stays bounded only for
 * c Δt below its declared `dashpotRateLimit()`, so Δt ≤ that / c_max.
 * Matrix-free: the Lanczos iteration (Golub and Van Loan, *Matrix Computations*, §10.1) on v ↦ M^{-1/2} C M^{-1/2} v,
 * one pass over the contacts per iteration (the power iteration's own products; the tridiagonal matrix it builds from
 * them gives the largest eigenvalue in far fewer of them), from a fixed start vector, at most MAX_ITERATIONS;
 * the largest Ritz value by bisection on its Sturm sequence; on the coordinates of the bodies the contacts touch only (the
 * operator is zero elsewhere), on a copy of the contacts whose dashpots act made when it begins — so its iterations can
 * be spread over several calls (begin, advance) while the record moves on, with the numbers of one call at that step.
 * Deterministic (serial, record order), no allocation once the arrays fit the bodies and the contacts.
 * Not per step: the world asks when it reports its time scales (step-setting.ts).
 */
import { DRAGGED, FIXED, LOCK_ROT, LOCK_X, LOCK_Y, PRESCRIBED } from '../state/body-flags';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';
import type { MaterialCoefficients } from '../laws/material';
import { growF64, growI32 } from '../math/grow';

/** Lanczos steps at most, and the relative change of the largest Ritz value below which it stops */
export const MAX_ITERATIONS = 60;
const TOLERANCE = 1e-10;
/** Under the 'total' cap a contact sticks (its tangential dashpot acts) below this fraction of μ f_n (contact-frequencies.ts) */
const STICKING = 1 - 1e-9;

export class DashpotRate {
  /** M^{-1/2} per coordinate (x, y, φ of each body), 0 where it cannot move */
  private s = new Float64Array(0);
  /** Lanczos vectors q_{j−1}, q_j and the product w */
  private qPrev = new Float64Array(0);
  private q = new Float64Array(0);
  private w = new Float64Array(0);
  /** The tridiagonal matrix: diagonal α, off-diagonal β */
  private readonly alpha = new Float64Array(MAX_ITERATIONS);
  private readonly beta = new Float64Array(MAX_ITERATIONS);
  /** Iterations the last estimate took (so far, while one is under way) */
  iterations = 0;
  /** The bodies the record's contacts touch, and each body's place among them (−1: none; reset once the copy is made) */
  private touched = new Int32Array(0);
  private place = new Int32Array(0);
  /**
   * The contacts whose dashpots act, copied when an estimate begins (the operator the iteration runs on, whatever the
   * record does meanwhile): their bodies' places (−1: a wall), normal, lever arms, and the γ_n, γ_t that act
   */
  private ci = new Int32Array(0);
  private cj = new Int32Array(0);
  private cnx = new Float64Array(0);
  private cny = new Float64Array(0);
  private crin = new Float64Array(0);
  private crit = new Float64Array(0);
  private crjn = new Float64Array(0);
  private crjt = new Float64Array(0);
  private cgn = new Float64Array(0);
  private cgt = new Float64Array(0);
  private active = 0;
  /** The estimate under way: its coordinates, the last Ritz value and β; done once its result is set */
  private dof = 0;
  private ritz = 0;
  private betaPrev = 0;
  private running = false;
  /** The result of the last estimate that ended: c_max [1/s], 0 without a dashpot that acts, NaN for a non-finite record */
  result = 0;

  /**
   * c_max [1/s] of contacts `c` (a complete record) on bodies `b` under material `m`; 0 without a dashpot that
   * acts on a body that moves, NaN if the record holds a non-finite number.
   */
  estimate(b: BodyState, c: ContactList, m: MaterialCoefficients): number {
    this.begin(b, c, m);
    this.advance(MAX_ITERATIONS);
    return this.result;
  }

  /** An estimate under way (begun, not yet ended) */
  get pending(): boolean {
    return this.running;
  }

  /** The contacts the last estimate begun runs on (those whose dashpots act): one iteration is a pass over them */
  get contacts(): number {
    return this.active;
  }

  /**
   * Begins an estimate for the record as it is now: copies the contacts whose dashpots act and the start vector; the
   * iterations follow in advance(), on that copy (the same numbers as estimate() now, however many calls they take)
   */
  begin(b: BodyState, c: ContactList, m: MaterialCoefficients): void {
    // the operator is zero on a body no contact touches: the iteration runs on the touched bodies' coordinates only
    // (the same nonzero spectrum; a falling 100,000-disc silo with 209 contacts took 203 ms an estimate on all of them)
    const bodies = this.touchedBodies(b, c);
    this.copyContacts(c, m);
    for (let t = 0; t < bodies; t++) this.place[this.touched[t]] = -1;
    this.start(b, bodies);
  }

  /**
   * At most `passes` more iterations (one pass over the copied contacts each) of the estimate under way; true when it
   * has ended (its c_max in `result`)
   */
  advance(passes: number): boolean {
    if (!this.running) return true;
    const q = this.q, qPrev = this.qPrev, w = this.w, alpha = this.alpha, beta = this.beta, dof = this.dof;
    for (let pass = 0; pass < passes; pass++) {
      const j = this.iterations;
      this.apply();
      let a = 0;
      for (let d = 0; d < dof; d++) a += q[d] * w[d];
      alpha[j] = a;
      let bn = 0;
      for (let d = 0; d < dof; d++) {
        const r = w[d] - a * q[d] - this.betaPrev * qPrev[d];
        w[d] = r;
        bn += r * r;
      }
      bn = Math.sqrt(bn);
      beta[j] = bn;
      this.iterations = j + 1;
      const next = largestTridiagonal(alpha, beta, j + 1);
      if (!Number.isFinite(next)) return this.end(NaN);
      const done = Math.abs(next - this.ritz) <= TOLERANCE * Math.abs(next);
      this.ritz = next;
      // converged, or the Krylov space is whole (an invariant subspace: the Ritz values are eigenvalues), or at the cap
      if (done || !(bn > 1e-13 * Math.max(Math.abs(next), 1e-300)) || j + 1 === MAX_ITERATIONS) return this.end(Math.max(next, 0));
      const ib = 1 / bn;
      for (let d = 0; d < dof; d++) {
        qPrev[d] = q[d];
        q[d] = w[d] * ib;
      }
      this.betaPrev = bn;
    }
    return false;
  }

  private end(result: number): true {
    this.result = result;
    this.running = false;
    return true;
  }

  /** The touched bodies into `touched` (in the order the record first names them), their places into `place`; their count */
  private touchedBodies(b: BodyState, c: ContactList): number {
    if (this.place.length < b.n) {
      this.place = growI32(this.place, b.n, -1);
      this.touched = growI32(this.touched, b.n);
    }
    const place = this.place, touched = this.touched, ci = c.i, cj = c.j;
    let count = 0;
    for (let k = 0; k < c.count; k++) {
      const i = ci[k], j = cj[k];
      if (i >= 0 && place[i] < 0) { place[i] = 0; touched[count++] = i; }
      if (j >= 0 && place[j] < 0) { place[j] = 0; touched[count++] = j; }
    }
    for (let t = 0; t < count; t++) place[touched[t]] = t;
    return count;
  }

  /** The contacts whose dashpots act, in record order, with the bodies' places (`place` set) */
  private copyContacts(c: ContactList, m: MaterialCoefficients): void {
    if (this.ci.length < c.count) {
      const n = c.count;
      this.ci = growI32(this.ci, n); this.cj = growI32(this.cj, n);
      this.cnx = growF64(this.cnx, n); this.cny = growF64(this.cny, n);
      this.crin = growF64(this.crin, n); this.crit = growF64(this.crit, n); this.crjn = growF64(this.crjn, n); this.crjt = growF64(this.crjt, n);
      this.cgn = growF64(this.cgn, n); this.cgt = growF64(this.cgt, n);
    }
    const elastic = m.capElastic, mu = m.mu, clamp = m.clampNormal, place = this.place;
    const ci = c.i, cj = c.j, gnA = c.gn, gtA = c.gt, fnA = c.fn, ftA = c.ft;
    let a = 0;
    for (let k = 0; k < c.count; k++) {
      const fn = fnA[k];
      // the normal dashpot is off while the 'clamp' holds the normal force at 0 (laws/dashpot.ts, dampedNormal)
      const gn = clamp && !(fn > 0) ? 0 : gnA[k];
      const gt = elastic || Math.abs(ftA[k]) < STICKING * mu * (fn > 0 ? fn : 0) ? gtA[k] : 0;
      if (gn === 0 && gt === 0) continue;
      this.ci[a] = ci[k] >= 0 ? place[ci[k]] : -1; this.cj[a] = cj[k] >= 0 ? place[cj[k]] : -1;
      this.cnx[a] = c.nx[k]; this.cny[a] = c.ny[k];
      this.crin[a] = c.rin[k]; this.crit[a] = c.rit[k]; this.crjn[a] = c.rjn[k]; this.crjt[a] = c.rjt[k];
      this.cgn[a] = gn; this.cgt[a] = gt;
      a++;
    }
    this.active = a;
  }

  /** M^{-1/2} of the touched bodies and the start vector; the estimate under way (or ended at 0 if nothing moves) */
  private start(b: BodyState, bodies: number): void {
    const dof = 3 * bodies;
    if (this.s.length < dof) {
      this.s = growF64(this.s, dof); this.qPrev = growF64(this.qPrev, dof);
      this.q = growF64(this.q, dof); this.w = growF64(this.w, dof);
    }
    const s = this.s, q = this.q, qPrev = this.qPrev, touched = this.touched;
    for (let t = 0; t < bodies; t++) {
      const k = touched[t], f = b.flags[k], moves = (f & (FIXED | PRESCRIBED | DRAGGED)) === 0;
      const sm = moves ? Math.sqrt(b.invMass[k]) : 0;
      s[3 * t] = f & LOCK_X ? 0 : sm;
      s[3 * t + 1] = f & LOCK_Y ? 0 : sm;
      s[3 * t + 2] = moves && !(f & LOCK_ROT) ? Math.sqrt(b.invInertia[k]) : 0;
    }
    // a fixed start vector with a part along every coordinate that moves (an integer hash of the body's coordinate: no
    // generator to reseed)
    let norm = 0;
    for (let d = 0; d < dof; d++) {
      let h = Math.imul(3 * touched[(d / 3) | 0] + (d % 3) + 1, 0x9e3779b1);
      h ^= h >>> 15; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13;
      const v = s[d] > 0 ? 0.5 + (h >>> 0) / 4294967296 : 0;
      q[d] = v; qPrev[d] = 0;
      norm += v * v;
    }
    this.iterations = 0;
    this.dof = dof;
    this.ritz = 0;
    this.betaPrev = 0;
    this.running = true;
    if (!(norm > 0) || this.active === 0) { this.end(0); return; }
    const inv = 1 / Math.sqrt(norm);
    for (let d = 0; d < dof; d++) q[d] *= inv;
  }

  /** w = M^{-1/2} C M^{-1/2} q: each copied contact's dashpots on the relative velocity of its two points */
  private apply(): void {
    const s = this.s, q = this.q, w = this.w;
    w.fill(0, 0, this.dof);
    const ci = this.ci, cj = this.cj, nxA = this.cnx, nyA = this.cny, rin = this.crin, rit = this.crit, rjn = this.crjn, rjt = this.crjt;
    const gnA = this.cgn, gtA = this.cgt;
    for (let k = 0; k < this.active; k++) {
      const i = ci[k], j = cj[k], nx = nxA[k], ny = nyA[k], gn = gnA[k], gt = gtA[k];
      // relative normal and tangential velocity of j's point w.r.t. i's (t = ẑ×n; ω ẑ×r = ω(rn t − rt n))
      let un = 0, ut = 0, xi = 0, yi = 0, oi = 0, xj = 0, yj = 0, oj = 0;
      if (j >= 0) {
        xj = s[3 * j] * q[3 * j]; yj = s[3 * j + 1] * q[3 * j + 1]; oj = s[3 * j + 2] * q[3 * j + 2];
        un += xj * nx + yj * ny - oj * rjt[k];
        ut += -xj * ny + yj * nx + oj * rjn[k];
      }
      if (i >= 0) {
        xi = s[3 * i] * q[3 * i]; yi = s[3 * i + 1] * q[3 * i + 1]; oi = s[3 * i + 2] * q[3 * i + 2];
        un -= xi * nx + yi * ny - oi * rit[k];
        ut -= -xi * ny + yi * nx + oi * rin[k];
      }
      const fN = gn * un, fT = gt * ut; // on j (the dashpots' −C v with the sign left out: C is what is wanted)
      const fx = fN * nx - fT * ny, fy = fN * ny + fT * nx;
      if (j >= 0) {
        w[3 * j] += s[3 * j] * fx; w[3 * j + 1] += s[3 * j + 1] * fy; w[3 * j + 2] += s[3 * j + 2] * (fT * rjn[k] - fN * rjt[k]);
      }
      if (i >= 0) {
        w[3 * i] -= s[3 * i] * fx; w[3 * i + 1] -= s[3 * i + 1] * fy; w[3 * i + 2] -= s[3 * i + 2] * (fT * rin[k] - fN * rit[k]);
      }
    }
  }
}

/**
 * The largest eigenvalue of the symmetric tridiagonal matrix with diagonal a[0…n) and off-diagonal b[0…n−1)
 * (b[k] couples k and k+1): bisection on the Sturm count inside the Gershgorin interval, to a few ulps.
 */
export function largestTridiagonal(a: Float64Array, b: Float64Array, n: number): number {
  let lo = Infinity, hi = -Infinity;
  for (let k = 0; k < n; k++) {
    const r = (k > 0 ? Math.abs(b[k - 1]) : 0) + (k < n - 1 ? Math.abs(b[k]) : 0);
    lo = Math.min(lo, a[k] - r);
    hi = Math.max(hi, a[k] + r);
  }
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return NaN;
  for (let it = 0; it < 200 && hi - lo > 1e-15 * Math.max(Math.abs(lo), Math.abs(hi)); it++) {
    const x = 0.5 * (lo + hi);
    if (x <= lo || x >= hi) break;
    // eigenvalues above x: the count of negative pivots of T − x I is the count below x
    let below = 0, p = 1;
    for (let k = 0; k < n; k++) {
      const bb = k > 0 ? b[k - 1] * b[k - 1] : 0;
      p = a[k] - x - (k > 0 ? bb / p : 0);
      if (p === 0) p = -1e-300;
      if (p < 0) below++;
    }
    if (below === n) hi = x; else lo = x;
  }
  return hi;
}
