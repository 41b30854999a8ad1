/**
 * E8, paper 004 Figs. 3–4 (docs/validation.md#e8-contact-dynamics-chain): a chain of 50 rigid discs under contact dynamics
 * rings like an elastic rod. The last disc's x(t) is fitted with paper 004 Eq. 21 (all five
 * parameters free) and compared with the lowest-mode theory
 *   ω₁ = (π/(2NΔt)) √(q N_I − (π q N_I/(4N))²),   τ₁ = 8N²Δt/(π² q N_I),
 * q = (4√e − 5)/2 = 0.79744 (random sweep, paper 004 Eq. A4) or ½ (parallel, Eq. 11).
 * Window: from t = 600 Δt (the impact is at ≈ 45 Δt; by 600 Δt the higher modes, which decay ≥ 9×
 * faster, and the early non-linear transient with opening contacts are gone) over 4 τ₁.
 * Tolerances are the issue's: 3 % on ω and τ, 2 % on q (recovered from the fitted ω).
 */
import { describe, expect, it } from 'vitest';
import { fitDampedSine } from '../../src/core/diagnostics/damped-sine-fit';
import { worldOf } from '../helpers';

const N = 50, DT = 1e-3;
const Q_RANDOM = (4 * Math.sqrt(Math.E) - 5) / 2;

function theory(q: number, ni: number): { omega: number; tau: number } {
  const s = q * ni;
  return {
    omega: (Math.PI / (2 * N * DT)) * Math.sqrt(s - ((Math.PI * s) / (4 * N)) ** 2),
    tau: (8 * N * N * DT) / (Math.PI ** 2 * s),
  };
}

/** q from a measured ω₁: solve (π/(4N))² s² − s + X = 0, X = (2NΔtω/π)², for s = q N_I (smaller root). */
function qFromOmega(omega: number, ni: number): number {
  const X = ((2 * N * DT * omega) / Math.PI) ** 2, c = (Math.PI / (4 * N)) ** 2;
  return (1 - Math.sqrt(1 - 4 * c * X)) / (2 * c) / ni;
}

function ring(sweep: 'random' | 'parallel', ni: number) {
  const q = sweep === 'random' ? Q_RANDOM : 0.5;
  const th = theory(q, ni);
  const w = worldOf('cd-chain', `iterations=${ni}`, `sweep=${sweep}`);
  const from = 0.6, to = from + 4 * th.tau;
  const t: number[] = [], x: number[] = [];
  while (w.t < to - 1e-9) {
    w.step(1);
    if (w.t >= from - 1e-9) { t.push(w.t); x.push(w.bodies.x[N - 1]); }
  }
  expect(w.health.status).toBe('ok');
  return { fit: fitDampedSine(t, x), th, q };
}

describe('E8: 1D chain under contact dynamics (paper 004 Eqs. 18–21)', () => {
  for (const sweep of ['random', 'parallel'] as const) {
    for (const ni of [10, 20, 40, 80]) {
      it(`${sweep} sweep, N_I = ${ni}: ω₁, τ₁ within 3 %, q within 2 %`, () => {
        const { fit, th, q } = ring(sweep, ni);
        expect(Math.abs(fit.omega / th.omega - 1)).toBeLessThan(0.03);
        expect(Math.abs(fit.tau / th.tau - 1)).toBeLessThan(0.03);
        expect(Math.abs(qFromOmega(fit.omega, ni) / q - 1)).toBeLessThan(0.02);
      });
    }
  }

  it('at rest every contact force equals F (random, N_I = 40, after 40 τ₁)', () => {
    const w = worldOf('cd-chain');
    w.step(2600);
    const F = 0.05 * 0.01 * 1 / (DT * DT);
    expect(w.contacts.count).toBe(N); // 49 disc pairs + the wall
    for (let k = 0; k < w.contacts.count; k++) expect(Math.abs(w.contacts.fn[k] / F - 1)).toBeLessThan(1e-3);
  });
});
