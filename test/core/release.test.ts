/**
 * A body let go by the hand (World.moveBody then releaseBody) continues on the exact free-flight
 * parabola x = x0 + vx t, y = y0 + vy t − g t²/2 with every force integrator: it starts with the
 * acceleration of gravity, not a = 0 (Gear started from a = 0 kept a velocity error of ≈ g·Δt/2).
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/core/scenarios/schema';
import { World } from '../../src/core/sim/world';

const G = 9.81;

function thrown(integrator: string): { w: World; dt: number } {
  const w = new World(parseScenario({
    name: 'throw', material: { kn: 1e5, en: 0.5, mu: 0.5 }, solver: { integrator, dtOverTc: 0.02 }, gravity: [0, -G],
    walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
    particles: [{ x: 0, y: 0.01, r: 0.01 }, { x: 0.05, y: 0.01, r: 0.01 }],
  }));
  w.step(500);
  w.moveBody(1, 0.1, 0.5, 0, 0); // lifted
  w.step(50);
  w.moveBody(1, 0.12, 0.52, 0.3, 0.2); // thrown
  w.releaseBody(1);
  return { w, dt: w.dt };
}

describe('a released body', () => {
  for (const integrator of ['gear3', 'gear4', 'gear5', 'cdm', 'v0-110']) {
    it(`${integrator}: follows the free-flight parabola from the release`, () => {
      const { w, dt } = thrown(integrator);
      const n = 400;
      w.step(n);
      const t = n * dt;
      // a constant force is integrated exactly by all of them: only round-off remains
      expect(Math.abs(w.bodies.x[1] - (0.12 + 0.3 * t))).toBeLessThan(1e-12);
      expect(Math.abs(w.bodies.y[1] - (0.52 + 0.2 * t - 0.5 * G * t * t))).toBeLessThan(1e-12);
      expect(Math.abs(w.bodies.vy[1] - (0.2 - G * t))).toBeLessThan(1e-10);
      expect(w.health.status).toBe('ok');
    });
  }
});
