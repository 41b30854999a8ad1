/**
 * Accuracy warnings (src/core/diagnostics/accuracy.ts, collision-monitor.ts): a stable but wrong
 * run is named, with the numbers it is based on, before any divergence; an accurate one is not.
 */
import { describe, expect, it } from 'vitest';
import { worldOf } from '../helpers';
import { RESTITUTION_TOLERANCE } from '../../src/core/diagnostics/accuracy';

/** Head-on collision; restitution from the discs' velocities before and after, independently. */
function headOn(dtOverTc: number) {
  const w = worldOf('head-on', `dtOverTc=${dtOverTc}`);
  const before = w.bodies.vx[0] - w.bodies.vx[1];
  w.step(Math.ceil(0.05 / w.dt));
  const after = w.bodies.vx[0] - w.bodies.vx[1];
  return { w, e: -after / before };
}

describe('accuracy warnings', () => {
  it('measures the head-on restitution as the velocities give it; Δt = tc/100 is accurate and not flagged', () => {
    const { w, e } = headOn(0.01);
    expect(Math.abs(e / 0.9 - 1)).toBeLessThan(1e-3);
    expect((w as unknown as { collisions: { count: number; last: number } }).collisions.count).toBe(1);
    expect((w as unknown as { collisions: { last: number } }).collisions.last).toBeCloseTo(e, 12);
    expect(w.accuracy.status).toBe('ok');
  });

  it('Δt/tc = 0.5 on head-on: stable, but the restitution is off by more than 3 % and the warning says so', () => {
    const { w, e } = headOn(0.5);
    expect(w.health.status).toBe('ok');
    expect(Math.abs(e / 0.9 - 1)).toBeGreaterThan(RESTITUTION_TOLERANCE);
    expect(w.accuracy.kind).toBe('restitution');
    expect(w.accuracy.message).toContain(`Effective restitution ${e.toPrecision(3)}`);
    expect(w.accuracy.message).toMatch(/εn = 0\.900/);
    expect(w.accuracy.message).toMatch(/Δt = 0\.500 tc, 3\.0× the stability limit 0\.168 tc — a limit for lasting contacts, which a short collision can outrun/);
    expect(w.accuracy.value).toBeCloseTo(Math.abs(e / 0.9 - 1), 12); // one collision: its own deviation
  });

  it('the pile: Δt/tc = 0.02 settles with no warning; 0.05 is flagged within 0.5 s; a smaller Δt clears it; the heap at 0.02 is not flagged', () => {
    const good = worldOf('pile');
    good.step(Math.ceil(1.5 / good.dt));
    expect(good.health.status).toBe('ok');
    expect(good.accuracy.message).toBe('');
    const coarse = worldOf('pile', 'dtOverTc=0.05');
    coarse.step(Math.ceil(0.5 / coarse.dt));
    expect(coarse.health.status).toBe('ok');
    expect(coarse.accuracy.status).toBe('warning');
    // it does not settle: the jiggling contacts dissipate many times the energy the fall released
    expect(coarse.accuracy.kind).toBe('energy');
    expect(coarse.accuracy.value).toBeGreaterThan(1);
    expect(coarse.accuracy.message).toMatch(/Energy not accounted for: .* dissipated by the normal dashpots .* Δt = 0\.0500 tc/);
    coarse.setParams({ dtOverTc: 0.02 });
    expect(coarse.accuracy.status).toBe('ok');
    const heap = worldOf('heap');
    heap.step(Math.ceil(1.5 / heap.dt));
    expect(heap.accuracy.message).toBe('');
  });

  it('the pile settled with Gear 5, then switched to cdm: no warning (the account starts from the springs\' whole energy, ½ k_t ξ² included)', () => {
    const w = worldOf('pile', 'integrator=gear5');
    w.step(Math.ceil(1.5 / w.dt));
    expect(w.accuracy.message).toBe('');
    const elastic = w.diagnostics().eElastic;
    w.setParams({ integrator: 'cdm' });
    w.step(200);
    expect(w.health.status).toBe('ok');
    // the fused pass's record, completed when the switch read it, once held stale k_t (never written by the pass): the
    // account then started ½ k_t ξ² short and read the springs' energy as made
    expect(w.accuracy.message).toBe('');
    expect(Math.abs(w.diagnostics().eElastic / elastic - 1)).toBeLessThan(0.05); // settled: the same springs
  });

  it('energy created by a coarse step is reported with the account (head-on at Δt/tc = 0.3)', () => {
    const w = worldOf('head-on', 'dtOverTc=0.3');
    w.step(Math.ceil(0.05 / w.dt));
    expect(w.health.status).toBe('ok');
    expect(w.accuracy.kind).toBe('energy');
    const m = /plus ([\d.e+-]+) J dissipated by the normal dashpots is ([\d.e+-]+) J \((\d+) %\) more than .* supplied \(([\d.e+-]+) J\)/.exec(w.accuracy.message);
    expect(m, w.accuracy.message).not.toBeNull();
    expect(Number(m![4])).toBeCloseTo(0.25, 3); // ½·1·0.5² twice: the start kinetic energy
    expect(Number(m![3]) / 100).toBeGreaterThan(0.05);
  });

  it('the energy is judged after a collision ends: head-on at Δt/tc = 0.5 loses energy overall and is never called "created" on the way', () => {
    // judged at every step, the evaluation-state energy inside this 2-step collision read as created energy
    const w = worldOf('head-on', 'dtOverTc=0.5');
    const kinds = new Set<string>();
    for (let k = 0; k < Math.ceil(0.05 / w.dt); k++) {
      w.step(1);
      kinds.add(w.accuracy.kind);
    }
    expect(kinds.has('energy')).toBe(false);
    expect(w.accuracy.kind).toBe('restitution');
  });

  it('an elastic gas at Δt = tc/50 keeps its account (εn = 1: e within 3 %, energy within 5 %)', () => {
    const w = worldOf('elastic-gas');
    w.step(Math.ceil(0.5 / w.dt));
    expect((w as unknown as { collisions: { count: number } }).collisions.count).toBeGreaterThan(100);
    expect(w.accuracy.message).toBe('');
  });

  it('a divergence within a factor 2 of the limit blames the step, not the stiffness (pile at Δt/tc = 0.098)', () => {
    const w = worldOf('pile', 'dtOverTc=0.098');
    w.step(200_000);
    expect(w.health.status).toBe('diverged');
    // the step: within a factor 2 of the spring limit (0.10 tc), and above the pile's dashpot-rate limit (≈ 0.077 tc
    // when it blows up, c_max·Δt = 0.21 > 0.163: docs/model.md#gears-dashpot-rate-limit), which the message then names
    expect(w.health.message).toMatch(/close to the stability limit|is above the dashpot-rate limit/);
    expect(w.health.message).not.toMatch(/too soft|raise kn/);
  });
});
