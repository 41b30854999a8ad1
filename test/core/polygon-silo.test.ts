/**
 * The polygon scale preset (src/core/scenarios/builtins/polygon-silo.ts, issue 38 item 5): it builds 10,000 polygons
 * and the fixed rectangles of the silo's floor (polygons only: the fused polygon pass runs it), everything inside the silo's line walls with no overlap, and its first
 * 400 steps — the whole column falling, its bottom row landing on the floor — stay finite with every body inside the
 * walls. Its whole discharge is not run here (minutes): it was measured stable once
 * (docs/benchmarks.md#the-page, the polygon silo), and the page runs it in `npm run bench:browser -- --parts polygons`.
 */
import { describe, expect, it } from 'vitest';
import { createWorld, getBuiltIn } from '../../src/core/index';
import { POLYGON } from '../../src/core/shapes/shape-kind';
import { FIXED } from '../../src/core/state/body-flags';

describe('polygon-silo: 10,000 polygons in a silo', () => {
  it('builds 10,000 polygons above a floor of fixed rectangles, runs the fused polygon pass, and its first steps stay finite inside the walls', () => {
    const spec = getBuiltIn('polygon-silo');
    expect(spec.walls.every((w) => w.type === 'line')).toBe(true); // segment walls meet discs only
    const w = createWorld(spec);
    const b = w.bodies;
    let movable = 0, fixedFloor = 0;
    for (let i = 0; i < w.n; i++) {
      expect(b.shape[i]).toBe(POLYGON);
      if (b.flags[i] & FIXED) fixedFloor++;
      else movable++;
    }
    expect(movable).toBe(10_000);
    expect(fixedFloor).toBeGreaterThan(150); // two rows of 91 rectangles, 8 mm wide
    expect(fixedFloor).toBe(w.n - 10_000);
    const right = spec.walls.flatMap((x) => (x.type === 'line' && x.normal[0] < 0 ? [x.point[0]] : []))[0];
    const inside = () => {
      for (let i = 0; i < w.n; i++) {
        if (!(b.x[i] > 0 && b.x[i] < right && b.y[i] > 0 && Number.isFinite(b.vx[i] + b.vy[i] + b.omega[i]))) return i;
      }
      return -1;
    };
    w.step(1);
    expect(w.contactCount).toBe(0); // the lattice's circumcircles clear each other, the floor and the walls
    expect(w.pipeline.elasticSummed).toBe(true); // the fused polygon pass (a mixed scene takes the staged pipeline)
    w.step(399);
    expect(w.health.status).toBe('ok');
    expect(inside()).toBe(-1);
    expect(w.contactCount).toBeGreaterThan(0); // the bottom row has landed on the floor
  });
});
