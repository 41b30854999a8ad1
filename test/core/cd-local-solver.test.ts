/**
 * The per-contact Signorini–Coulomb solvers (docs/model.md#local-solvers): on random inputs the
 * answer satisfies R_n ≥ 0, u_n ≥ 0, R_n u_n = 0, |R_t| ≤ μ R_n, and either sticks (u_t = 0) or slides
 * against the friction (R_t = −μ R_n sign u_t), with u = b + Δt W R. The coupled solver reduces to the
 * disc solver when W_nt = 0. And the parallel sweep on a 1D chain is paper 004 Eq. 7 / design E8's
 * closed form R_i = max{0, (m/(2Δt))(−g⁺/Δt + v_i − v_{i+1}) + (R_{i−1} + R_{i+1})/2}.
 */
import { describe, expect, it } from 'vitest';
import { solveCoupled, solveDecoupled } from '../../src/core/contact-dynamics/local-solver';
import { Rng } from '../../src/core/math/rng';
import { worldOf } from '../helpers';

function check(bn: number, bt: number, wnn: number, wtt: number, wnt: number, mu: number, dt: number, R: Float64Array): void {
  const [rn, rt] = R;
  const un = bn + dt * (wnn * rn + wnt * rt), ut = bt + dt * (wnt * rn + wtt * rt);
  const scale = Math.abs(bn) + Math.abs(bt);
  const tol = 1e-10 * scale;
  expect(rn).toBeGreaterThanOrEqual(0);
  expect(un).toBeGreaterThanOrEqual(-tol);
  expect(Math.abs(rn * un)).toBeLessThanOrEqual(tol * (rn + 1));
  expect(Math.abs(rt)).toBeLessThanOrEqual(mu * rn * (1 + 1e-12) + 1e-300);
  if (Math.abs(ut) > tol) expect(rt * Math.sign(ut)).toBeCloseTo(-mu * rn, 6);
}

describe('local Signorini–Coulomb solver', () => {
  const rng = new Rng(3);
  it('discs (W_nt = 0): 2000 random contacts satisfy the contact law', () => {
    const R = new Float64Array(2);
    for (let k = 0; k < 2000; k++) {
      const bn = rng.uniform(-1, 1), bt = rng.uniform(-1, 1), wnn = rng.uniform(0.1, 3), wtt = rng.uniform(0.1, 9), mu = rng.uniform(0, 1);
      solveDecoupled(bn, bt, wnn, wtt, mu, 1e-3, R);
      check(bn, bt, wnn, wtt, 0, mu, 1e-3, R);
      const C = new Float64Array(2);
      solveCoupled(bn, bt, wnn, wtt, 0, mu, 1e-3, C);
      expect(C[0]).toBeCloseTo(R[0], 9);
      expect(C[1]).toBeCloseTo(R[1], 9);
    }
  });
  it('coupled (W_nt ≠ 0, μ|W_nt| < W_nn): 2000 random contacts satisfy the contact law', () => {
    const R = new Float64Array(2);
    for (let k = 0; k < 2000; k++) {
      const wnn = rng.uniform(0.1, 3), wtt = rng.uniform(0.1, 3);
      const wnt = rng.uniform(-0.95, 0.95) * Math.sqrt(wnn * wtt); // positive definite W
      const mu = rng.uniform(0, 1) * Math.min(1, (0.99 * wnn) / Math.abs(wnt));
      const bn = rng.uniform(-1, 1), bt = rng.uniform(-1, 1);
      solveCoupled(bn, bt, wnn, wtt, wnt, mu, 1e-3, R);
      check(bn, bt, wnn, wtt, wnt, mu, 1e-3, R);
    }
  });
});

describe('parallel sweep on the 1D chain = paper 004 Eq. 7', () => {
  it('one step with N_I = 3 equals three Jacobi updates of the closed form, warm-started', () => {
    // Contact k joins disc k−1 (i) and disc k (j); contact 0 is the wall (i) and disc 0 (j).
    const w = worldOf('cd-chain', 'sweep=parallel');
    w.step(400); // the chain has hit the wall, is compressed and still rings
    w.setParams({ iterations: 3 });
    const b = w.bodies, n = b.n, dt = w.dt, m = 1;
    const slot = (c: typeof w.contacts, k: number) => (c.i[k] < 0 ? 0 : c.j[k]);
    const R0 = new Float64Array(n);
    for (let k = 0; k < w.contacts.count; k++) R0[slot(w.contacts, k)] = w.contacts.fn[k];
    const vFree = Float64Array.from(b.vx.subarray(0, n));
    vFree[n - 1] -= dt * (0.05 * 0.01 * m / (dt * dt)) / m;
    w.step(1);
    const c = w.contacts;
    expect(c.count).toBe(n);
    const gPlus = new Float64Array(n);
    for (let k = 0; k < c.count; k++) gPlus[slot(c, k)] = Math.max(0, -c.delta[k]);
    let R = R0;
    for (let s = 0; s < 3; s++) {
      const next = new Float64Array(n);
      // Wall: W = 1/m, disc 0 also pushed towards the wall by contact 1.
      next[0] = Math.max(0, -(m / dt) * (vFree[0] - (dt * R[1]) / m + gPlus[0] / dt));
      for (let k = 1; k < n; k++) {
        const right = k < n - 1 ? R[k + 1] : 0;
        next[k] = Math.max(0, (m / (2 * dt)) * (-gPlus[k] / dt + vFree[k - 1] - vFree[k]) + (R[k - 1] + right) / 2);
      }
      R = next;
    }
    for (let k = 0; k < c.count; k++) expect(c.fn[k] / R[slot(c, k)] - 1).toBeCloseTo(0, 9);
  });
});
