/**
 * The divergence detector (issue 2, docs/model.md#stability-of-gear-on-a-damped-contact): a step far above Gear's stability
 * limit must be caught before garbage appears, explained with Δt/tc and the limit, and the last good
 * state must be recoverable; a stable run must never be flagged.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { explainDivergence } from '../../src/core/diagnostics/divergence';
import { worldOf } from '../helpers';

describe('divergence detector', () => {
  it('going back to the last good state keeps the parameters set since: the smaller Δt that fixes the run', () => {
    const w = worldOf('pile');
    w.step(300); // last good snapshot at step 256, Δt = 0.02 tc
    const tGood = 256 * w.dt;
    w.setParams({ dtOverTc: 2 });
    w.step(100_000);
    expect(w.health.status).toBe('diverged');
    w.setParams({ dtOverTc: 0.05 }); // the user's fix: back to the last good state at the new Δt
    expect(w.health.status).toBe('ok');
    expect(w.t).toBeCloseTo(tGood, 12);
    expect(w.dt / w.timeScales().tc).toBeCloseTo(0.05, 12);
    expect(w.params.dtOverTc).toBe(0.05);
    const t0 = w.t;
    expect(w.step(2000)).toBe(2000);
    expect(w.health.status).toBe('ok');
    expect(w.t - t0).toBeCloseTo(2000 * w.dt, 12);
  });

  it('Δt = 2 tc on the pile: stops, explains the stability limit, keeps finite last good state', () => {
    const w = worldOf('pile', 'dtOverTc=2', 'gravityY=-50');
    const done = w.step(200_000);
    expect(w.health.status).toBe('diverged');
    expect(done).toBeLessThan(200_000);
    expect(w.health.message).toMatch(/Δt = 2\.0 tc is above the stability limit/);
    expect(w.health.message).toMatch(/Gear predictor–corrector, order 5/);
    expect(w.step(10)).toBe(0); // refuses to go on
    expect(w.restoreLastGood()).toBe(true);
    expect(w.health.status).toBe('ok');
    const b = w.bodies;
    for (let k = 0; k < b.n; k++) expect(Number.isFinite(b.x[k] + b.y[k] + b.vx[k] + b.vy[k])).toBe(true);
    expect(w.stepCount).toBeLessThan(done + 1);
  });

  it('an undamped contact just above the limit is caught; well below it is not flagged', () => {
    // Gear 5, f(r) rows, ζ = 0: limit Ω ≈ 0.25–0.6 (docs/model.md#stability-of-gear-on-a-damped-contact); Ω = π Δt/tc.
    const unstable = worldOf('elastic-gas', 'dtOverTc=0.35');
    unstable.step(200_000);
    expect(unstable.health.status).toBe('diverged');
    const stable = worldOf('elastic-gas', 'dtOverTc=0.02');
    stable.step(20_000);
    expect(stable.health.status).toBe('ok');
  });

  it('a too-soft material is explained as overlap, not as a step problem', () => {
    // Overlap at the turning point ≈ v √(m_r/kn) = 0.5 √(0.5/100) = 0.035 m = 70 % of the radius.
    const w = worldOf('head-on', 'kn=100', 'dtOverTc=0.01');
    w.step(100_000);
    expect(w.health.status).toBe('diverged');
    expect(w.health.message).toMatch(/overlap reached 5\d % of a radius .* too soft/);
  });

  it('a step so large that discs pass through each other is caught as tunnelling', () => {
    const w = worldOf('head-on', 'kn=1', 'dtOverTc=0.01', 'particles.0.vx=5', 'particles.1.vx=-5');
    w.step(10);
    expect(w.health.status).toBe('diverged');
    expect(w.health.message).toMatch(/moved .* radii in one step/);
  });

  it('lifting a disc by hand and letting it fall is work done by the hand, not divergence', () => {
    // Five discs at rest on the floor: the energy budget is ~0 until the hand lifts one.
    const w = new World(parseScenario({
      name: 'row', material: { kn: 1e5, en: 0.5, mu: 0.5 }, solver: { dtOverTc: 0.02 }, gravity: [0, -9.81],
      walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
      particles: [0, 1, 2, 3, 4].map((k) => ({ x: 0.03 * k, y: 0.01, r: 0.01 })),
    }));
    w.step(2000);
    w.moveBody(2, 0.06, 0.3, 0, 0);
    w.step(10);
    w.releaseBody(2);
    w.step(20_000);
    expect(w.health.status).toBe('ok');
    expect(w.bodies.y[2]).toBeLessThan(0.011); // it fell back to the floor
  });
});

describe('the divergence message names the limit Δt passed (docs/model.md#gears-dashpot-rate-limit)', () => {
  const base = {
    kind: 'energy' as const, t: 0.32, value: 2, integrator: 'Gear predictor–corrector, order 5', tangential: 'cundall',
    // the 1,000-polygon bench pile: spring limit 0.058 tc, dashpots' 0.0137 tc (c_max Δt = 0.237 at 0.02 tc)
    stableDtOverTc: 0.0137, dashpotRate: { dtOverTc: 0.0137, bound: 0.163, springDtOverTc: 0.058 },
  };

  it('above the dashpot-rate limit only: the dashpots, with c_max Δt against the bound, not the spring update', () => {
    const m = explainDivergence({ ...base, dtOverTc: 0.02 });
    expect(m).toMatch(/Δt = 0\.020 tc is above the dashpot-rate limit of Gear predictor–corrector, order 5 ≈ 0\.014 tc here/);
    expect(m).toMatch(/c_max·Δt = 0\.24 > 0\.163/); // 0.163 × 0.02/0.0137
    expect(m).toMatch(/raise εn\), or use central difference/);
    expect(m).not.toMatch(/spring update/);
  });

  it('above the spring limit too: the spring limit, with the lower dashpot-rate limit beside it', () => {
    const m = explainDivergence({ ...base, dtOverTc: 0.1 });
    expect(m).toMatch(/is above the stability limit — .* up to about Δt = 0\.014 tc here \(the dashpots' rate; 0\.058 tc for the springs\); reduce Δt\/tc below 0\.014/);
  });

  it('below both: then, and only then, the tangential spring update', () => {
    const m = explainDivergence({ ...base, dtOverTc: 0.005 });
    expect(m).toMatch(/below both stability limits: the spring's 0\.058 tc and the dashpots' 0\.014 tc\): the cundall spring update injects energy/);
  });
});
