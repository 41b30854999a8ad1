/**
 * Stability limits of the GSSSS members (docs/model.md#named-members):
 * - stableOmega(ζ), computed from the step matrix, reproduces the docs/model.md#gssss-stability-with-damping table within 1 %
 *   (CDM and V0(1,1,0) 2, U0/V0(0,1,0) √3 at ζ = 0; CDM 2(√(1+4ζ²) − 2ζ) with damping);
 * - the kernel itself on an undamped oscillator stays bounded at 0.99 Ω_s and grows at 1.01 Ω_s;
 * - in a World (paper 002 Case I, the undamped torsional oscillator, consistent update) a run at
 *   1.01 Ω_s is caught by the divergence detector, whose message names the member.
 */
import { describe, expect, it } from 'vitest';
import { GssssIntegrator } from '../../src/core/integrators/gssss';
import { GSSSS_PRESETS, type GssssParameters } from '../../src/core/integrators/gssss-parameters';
import type { StepDriver } from '../../src/core/integrators/integrator';
import { BodyState } from '../../src/core/state/body-state';
import { LOCK_ROT, LOCK_Y } from '../../src/core/state/body-flags';
import { worldOf } from '../helpers';

// docs/model.md#gssss-stability-with-damping table: Ω_s at ζ = 0, 0.1, 0.3.
const TABLE: [string, GssssParameters, number[]][] = [
  ['cdm', GSSSS_PRESETS.cdm.parameters, [2.0, 1.64, 1.132]],
  ['v0-110', GSSSS_PRESETS['v0-110'].parameters, [2.0, 1.64, 1.132]],
  ['u0-010', GSSSS_PRESETS['u0-010'].parameters, [Math.sqrt(3), 1.522, 1.184]],
  ['v0-010', GSSSS_PRESETS['v0-010'].parameters, [Math.sqrt(3), 1.522, 1.184]],
  ['U0(0.5,0.8,0.2)', { family: 'U0', rhoMin: 0.5, rhoMax: 0.8, rhoS: 0.2, eta: 1 }, [1.867, 1.565, 1.122]],
  ['U0(0.6,0.6,0)', { family: 'U0', rhoMin: 0.6, rhoMax: 0.6, rhoS: 0, eta: 1 }, [1.819, 1.564, 1.171]],
];

/** Largest |x| over the last half of 4000 steps, relative to the start amplitude 1 (undamped). */
function amplitude(p: GssssParameters, omega: number): number {
  const b = new BodyState(1);
  b.add(1, 0, 1, 1, 1);
  b.flags[0] = LOCK_Y | LOCK_ROT;
  b.updateInverseMasses(true);
  const w: StepDriver = {
    bodies: b, dt: omega, t: 0, stepCount: 0, velocityDependentForces: false, pool: null, wasm: null,
    computeForces() { b.fx[0] = -b.ex[0]; b.fy[0] = 0; b.tau[0] = 0; },
    commitTangential() {},
  };
  const g = new GssssIntegrator('gssss', p, '');
  g.init(w);
  let peak = 0;
  for (let s = 0; s < 4000; s++) {
    g.step(w);
    if (!Number.isFinite(b.x[0])) return Infinity;
    if (s >= 2000) peak = Math.max(peak, Math.abs(b.x[0]));
  }
  return peak;
}

describe('GSSSS stability limits ωΔt (docs/model.md#gssss-stability-with-damping)', () => {
  for (const [name, p, limits] of TABLE) {
    it(`${name}: stableOmega(ζ = 0, 0.1, 0.3) = ${limits.map((l) => l.toFixed(3)).join(', ')} within 1 %`, () => {
      const g = new GssssIntegrator('gssss', p, '');
      [0, 0.1, 0.3].forEach((zeta, k) => expect(Math.abs(g.stableOmega(zeta) / limits[k] - 1)).toBeLessThan(0.01));
    });
  }
  it('CDM with damping follows 2(√(1+4ζ²) − 2ζ) to 1e-6', () => {
    const g = new GssssIntegrator('cdm', GSSSS_PRESETS.cdm.parameters, '');
    for (const z of [0.05, 0.2, 0.5]) expect(g.stableOmega(z)).toBeCloseTo(2 * (Math.sqrt(1 + 4 * z * z) - 2 * z), 6);
  });
  for (const [name, p, limits] of TABLE.slice(0, 4)) {
    it(`${name}: the kernel stays bounded at 0.99 Ω_s and blows up at 1.01 Ω_s (undamped oscillator)`, () => {
      // Below the limit the amplitude stays O(1) (it may exceed 1 near the limit, e.g. 1/sin-type overshoot).
      expect(amplitude(p, 0.99 * limits[0])).toBeLessThan(20);
      expect(amplitude(p, 1.01 * limits[0])).toBeGreaterThan(1e6);
    });
  }
});

describe('the divergence detector just beyond the limit (paper 002 Case I as an undamped oscillator)', () => {
  const wn = Math.sqrt(1000 / 0.5); // R √(k_s/I) of case-i
  for (const id of ['cdm', 'v0-110', 'u0-010', 'v0-010'] as const) {
    it(`${id}: Δt = 1.01 Ω_s/ω is stopped and explained; the message names the member`, () => {
      const limit = new GssssIntegrator(id, GSSSS_PRESETS[id].parameters, '').stableOmega(0);
      const w = worldOf('case-i', `integrator=${id}`, 'tangential=consistent', 'mu=1000', `dt=${(1.01 * limit) / wn}`);
      w.step(20_000);
      expect(w.health.status).toBe('diverged');
      expect(w.health.message).toContain(GSSSS_PRESETS[id].title);
      // 0.9 Ω_s is stable: the same run goes the distance for the members whose measured energy stays
      // inside the detector's 2× bound there (velocity Verlet's overshoot in θ exceeds it above Ω ≈ √2).
      if (id !== 'cdm') {
        const ok = worldOf('case-i', `integrator=${id}`, 'tangential=consistent', 'mu=1000', `dt=${(0.9 * limit) / wn}`);
        expect(ok.step(5000)).toBe(5000);
        expect(ok.health.status).toBe('ok');
      }
    });
  }
});
