/**
 * Periodic boundary in x (docs/model.md#contact-geometry): two discs approaching each other across the
 * seam collide exactly as they would in open space (same restitution, momentum conserved), and
 * positions stay wrapped into the box.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';

describe('periodic boundary in x', () => {
  it('a collision across the seam matches the same collision in open space', () => {
    const make = (periodic: boolean, x0: number, x1: number) => new World(parseScenario({
      name: 'seam', material: { kn: 1e5, en: 0.7, mu: 0 }, solver: { dtOverTc: 0.01 },
      domain: periodic ? { periodicX: [0, 1] } : {},
      particles: [{ x: x0, y: 0, r: 0.05, m: 1, vx: -0.5 }, { x: x1, y: 0.02, r: 0.05, m: 1, vx: 0.5 }],
    }));
    const seam = make(true, 0.06, 0.94);
    const open = make(false, 0.06, -0.06);
    for (let s = 0; s < 3000; s++) {
      seam.step(1);
      open.step(1);
      const sb = seam.bodies, ob = open.bodies;
      for (const k of [0, 1]) {
        expect(sb.x[k]).toBeGreaterThanOrEqual(0);
        expect(sb.x[k]).toBeLessThan(1);
        expect(sb.vx[k]).toBeCloseTo(ob.vx[k], 9);
        expect(sb.vy[k]).toBeCloseTo(ob.vy[k], 9);
      }
    }
    expect(Math.abs(seam.bodies.vx[0] + seam.bodies.vx[1])).toBeLessThan(1e-12);
    expect(seam.bodies.vx[0]).toBeGreaterThan(0); // they did collide and rebound
  });
});
