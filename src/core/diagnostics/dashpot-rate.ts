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
 * operator is zero elsewhere). Deterministic (serial, record order), no allocation once the arrays fit the bodies.
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
  /** Iterations the last estimate took */
  iterations = 0;
  /** The bodies the record's contacts touch, and each body's place among them (−1: none; reset after each estimate) */
  private touched = new Int32Array(0);
  private place = new Int32Array(0);

  /**
   * c_max [1/s] of contacts `c` (a complete record) on bodies `b` under material `m`; 0 without a dashpot that
   * acts on a body that moves, NaN if the record holds a non-finite number.
   */
  estimate(b: BodyState, c: ContactList, m: MaterialCoefficients): number {
    // the operator is zero on a body no contact touches: the iteration runs on the touched bodies' coordinates only
    // (the same nonzero spectrum; a falling 100,000-disc silo with 209 contacts took 203 ms an estimate on all of them)
    const bodies = this.touchedBodies(b, c);
    const cMax = this.largest(b, c, m, bodies);
    for (let t = 0; t < bodies; t++) this.place[this.touched[t]] = -1;
    return cMax;
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

  /** Lanczos on the touched bodies' coordinates (estimate) */
  private largest(b: BodyState, c: ContactList, m: MaterialCoefficients, bodies: number): number {
    const dof = 3 * bodies;
    if (this.s.length < dof) {
      this.s = growF64(this.s, dof); this.qPrev = growF64(this.qPrev, dof);
      this.q = growF64(this.q, dof); this.w = growF64(this.w, dof);
    }
    const s = this.s, q = this.q, qPrev = this.qPrev, w = this.w, alpha = this.alpha, beta = this.beta, touched = this.touched;
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
    if (!(norm > 0) || c.count === 0) return 0;
    const inv = 1 / Math.sqrt(norm);
    for (let d = 0; d < dof; d++) q[d] *= inv;
    let ritz = 0, betaPrev = 0;
    for (let j = 0; j < MAX_ITERATIONS; j++) {
      this.apply(c, m, dof);
      let a = 0;
      for (let d = 0; d < dof; d++) a += q[d] * w[d];
      alpha[j] = a;
      let bn = 0;
      for (let d = 0; d < dof; d++) {
        const r = w[d] - a * q[d] - betaPrev * qPrev[d];
        w[d] = r;
        bn += r * r;
      }
      bn = Math.sqrt(bn);
      beta[j] = bn;
      this.iterations = j + 1;
      const next = largestTridiagonal(alpha, beta, j + 1);
      if (!Number.isFinite(next)) return NaN;
      const done = Math.abs(next - ritz) <= TOLERANCE * Math.abs(next);
      ritz = next;
      // converged, or the Krylov space is whole (an invariant subspace: the Ritz values are eigenvalues)
      if (done || !(bn > 1e-13 * Math.max(Math.abs(next), 1e-300))) break;
      const ib = 1 / bn;
      for (let d = 0; d < dof; d++) {
        qPrev[d] = q[d];
        q[d] = w[d] * ib;
      }
      betaPrev = bn;
    }
    return Math.max(ritz, 0);
  }

  /** w = M^{-1/2} C M^{-1/2} q: each contact's dashpots on the relative velocity of its two points */
  private apply(c: ContactList, m: MaterialCoefficients, dof: number): void {
    const s = this.s, q = this.q, w = this.w;
    w.fill(0, 0, dof);
    const elastic = m.capElastic, mu = m.mu, clamp = m.clampNormal;
    const ci = c.i, cj = c.j, nxA = c.nx, nyA = c.ny, rin = c.rin, rit = c.rit, rjn = c.rjn, rjt = c.rjt, place = this.place;
    const gnA = c.gn, gtA = c.gt, fnA = c.fn, ftA = c.ft;
    for (let k = 0; k < c.count; k++) {
      // the bodies' places among the touched ones (a wall stays negative)
      const i = ci[k] >= 0 ? place[ci[k]] : -1, j = cj[k] >= 0 ? place[cj[k]] : -1, nx = nxA[k], ny = nyA[k], fn = fnA[k];
      // the normal dashpot is off while the 'clamp' holds the normal force at 0 (laws/dashpot.ts, dampedNormal)
      const gn = clamp && !(fn > 0) ? 0 : gnA[k];
      const gt = elastic || Math.abs(ftA[k]) < STICKING * mu * (fn > 0 ? fn : 0) ? gtA[k] : 0;
      if (gn === 0 && gt === 0) continue;
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
