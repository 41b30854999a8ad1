/**
 * The per-contact inspector's data (issue 11 item 5, World.selectedContactDetail): a disc resting on a floor
 * sticks, the same disc sliding sits on the Coulomb cone's edge.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';
import { worldOf } from '../helpers';

const onFloor = (vx: number) => {
  const w = new World(parseScenario({
    name: 'floor', material: { kn: 1e5, en: 0.3, mu: 0.5, capMode: 'total' }, gravity: [0, -9.81], solver: { rotation: false },
    walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }], particles: [{ x: 0, y: 0.01 - 0.01 * 9.81 / 1e5, r: 0.01, m: 0.01, vx }],
  }));
  w.selectContact(-1, 0);
  return w;
};

describe('contact inspector', () => {
  it('resting: normal force m g, no tangential force, inside the cone', () => {
    const w = onFloor(0);
    w.step(2000);
    const d = w.selectedContactDetail()!;
    expect(d.fn).toBeCloseTo(0.01 * 9.81, 6);
    expect(d.coulombLimit).toBeCloseTo(0.5 * 0.01 * 9.81, 6);
    expect(Math.abs(d.ft)).toBeLessThan(1e-9);
    expect(d.sliding).toBe(false);
    expect([d.nx, d.ny]).toEqual([0, 1]);
    expect(d.overlapRatio).toBeCloseTo((0.01 * 9.81) / 1e5 / 0.01, 6);
  });

  it('sliding: |f_t| = μ f_n, on the edge, opposing the motion', () => {
    const w = onFloor(1);
    w.step(200);
    const d = w.selectedContactDetail()!;
    expect(d.sliding).toBe(true);
    expect(Math.abs(d.ft)).toBeCloseTo(d.coulombLimit, 9);
    const tx = -d.ny; // t = ẑ × n
    expect(d.ft * tx * w.bodies.vx[0]).toBeLessThan(0); // the friction on the disc opposes its motion
  });

  it('case-i (no damping, never sliding): the spring force k_t ξ is the whole tangential force', () => {
    const w = worldOf('case-i', 'dtOverTc=0.05');
    w.selectContact(-1, 0);
    w.step(37);
    const d = w.selectedContactDetail()!;
    expect(d.springForce).toBe(0.01 * 1e5 * d.xi);
    expect(Math.abs(d.springForce)).toBeGreaterThan(1);
    expect(Math.abs(d.ft) / Math.abs(d.springForce)).toBeCloseTo(1, 12);
    expect(d.sliding).toBe(false);
  });

  it('no contact selected, or the pair apart: null', () => {
    const w = onFloor(0);
    w.step(10);
    w.selectContact(0, 5);
    expect(w.selectedContactDetail()).toBeNull();
  });
});
