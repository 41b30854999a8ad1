/**
 * Observed orders of the spring updates with the GSSSS members (paper 002 §3.1; docs/validation.md#the-experiments
 * E5, E6; docs/validation.md#e5-and-e6-gssss-orders), through the convergence ladder the CLI uses.
 * - E5 Case I (analytic θ(t)): traditional 0.9–1.1, consistent 1.9–2.1 for cdm, v0-110, u0-010, v0-010.
 *   Measured (finest pair 6400/12800 steps): traditional 1.03 (θ and ω), consistent 2.00; θ error at
 *   N = 6400: 8.9e−4 vs 1.0e−6, as E5 reports (9.0e−4 vs 1.0e−6).
 * - E6 Case II, persistent contact (reference Δt/16 with the consistent update): traditional 1.03,
 *   consistent 2.00–2.01 for all four quantities.
 * - Turning normal (orbiting-disc): traditional 1.00–1.06, consistent 2.00–2.01; without the 2D
 *   frame-rotation term of ü_t the consistent update falls to 0.9–1.2 (checked by hand, docs/model.md#the-tangential-acceleration).
 * - Mid-point (cdm only) and the geometric scheme with cdm: 2.00 on all three; Cundall with a GSSSS
 *   member: 0.95–1.01.
 * The window ±0.1 is the issue's; observed values sit within ±0.05 of 1 and 2.
 */
import { describe, expect, it } from 'vitest';
import { runConvergence, type LadderResult, type Quantity } from '../../src/core/convergence/ladder';
import { builtIn } from '../helpers';

function orders(r: LadderResult, quantities: readonly Quantity[]): number[] {
  return quantities.map((q) => {
    const o = r.quantities.find((x) => x.quantity === q)!.order;
    expect(o, `${q} order`).not.toBeNull();
    return o as number;
  });
}

const MEMBERS = ['cdm', 'v0-110', 'u0-010', 'v0-010'] as const;
const ALL: Quantity[] = ['position', 'velocity', 'angle', 'spin'];

describe('E5 Case I: spinning disc on a tangential spring, against the analytic θ(t)', () => {
  for (const id of MEMBERS) {
    it(`${id}: traditional order 0.9–1.1, consistent 1.9–2.1 (θ and ω)`, () => {
      const trad = runConvergence(builtIn('case-i', `integrator=${id}`, 'tangential=traditional'));
      const cons = runConvergence(builtIn('case-i', `integrator=${id}`, 'tangential=consistent'));
      expect(cons.reference).toMatch(/^analytic/);
      for (const o of orders(trad, ['angle', 'spin'])) expect(Math.abs(o - 1)).toBeLessThan(0.1);
      for (const o of orders(cons, ['angle', 'spin'])) expect(Math.abs(o - 2)).toBeLessThan(0.1);
      // Error against the analytic solution at N = 6400 (E5: 9.0e−4 traditional, 1.0e−6 consistent).
      const at6400 = (r: LadderResult) => r.quantities.find((q) => q.quantity === 'angle')!.errors[r.steps.indexOf(6400)];
      expect(at6400(trad)).toBeGreaterThan(8e-4);
      expect(at6400(trad)).toBeLessThan(1e-3);
      expect(at6400(cons)).toBeGreaterThan(0.9e-6);
      expect(at6400(cons)).toBeLessThan(1.2e-6);
      // The centre is locked: position and velocity are exact, so no order is reported for them.
      expect(cons.quantities.find((q) => q.quantity === 'position')!.order).toBeNull();
    });
  }
});

describe('E6 Case II (persistent contact) and the turning normal (orbiting-disc)', () => {
  for (const scenario of ['case-ii', 'orbiting-disc']) {
    for (const id of MEMBERS) {
      it(`${scenario}, ${id}: traditional ≈ 1, consistent ≈ 2 for position, velocity, angle and spin`, () => {
        const trad = runConvergence(builtIn(scenario, `integrator=${id}`, 'tangential=traditional'));
        const cons = runConvergence(builtIn(scenario, `integrator=${id}`, 'tangential=consistent'));
        expect(trad.runs.every((s) => s === 'ok')).toBe(true);
        for (const o of orders(trad, ALL)) expect(Math.abs(o - 1)).toBeLessThan(0.1);
        for (const o of orders(cons, ALL)) expect(Math.abs(o - 2)).toBeLessThan(0.1);
      });
    }
  }
});

describe('the Cundall spring with a GSSSS member (u_t at q̃, ṽ: "same as traditional", §6)', () => {
  it('u0-010 + cundall on case-ii: order 0.9–1.1 (observed 0.97)', () => {
    const r = runConvergence(builtIn('case-ii', 'integrator=u0-010', 'tangential=cundall'));
    expect(r.reference).toMatch(/u0-010 \+ consistent/);
    for (const o of orders(r, ALL)) expect(Math.abs(o - 1)).toBeLessThan(0.1);
  });
});

describe('second-order alternatives with central difference', () => {
  for (const scheme of ['midpoint', 'geometric']) {
    it(`cdm + ${scheme}: order 1.9–2.1 on case-i, case-ii and orbiting-disc`, () => {
      for (const scenario of ['case-i', 'case-ii', 'orbiting-disc']) {
        const r = runConvergence(builtIn(scenario, 'integrator=cdm', `tangential=${scheme}`));
        const qs: Quantity[] = scenario === 'case-i' ? ['angle', 'spin'] : ALL;
        for (const o of orders(r, qs)) expect(Math.abs(o - 2), `${scenario}`).toBeLessThan(0.1);
      }
    });
  }
});
