/**
 * The `heap` built-in shows a repose angle that μ changes (issue 10): after 4 s the slope (height over
 * half the base) is shallow at μ = 0.1 and steep at μ = 0.9, and the pile is at rest. The flanks fitted to the free
 * surface (diagnostics/heap-angle.ts) say the same: μ = 0.1 spreads flat over the floor (both flanks 0.2°, where
 * height over half the box reads 12°), μ = 0.9 stands as a steep column (47° and 78°: 3–6 surface points a flank,
 * 150 discs make a coarse heap). At the scene's own μ = 0.5, the friction lesson's, the flanks read 36.15° and 28.32° (8
 * and 4 surface points): the numbers test/e2e/lesson-friction.test.ts finds on the page's protractor.
 */
import { describe, expect, it } from 'vitest';
import { heapAngles } from '../../src/core/diagnostics/heap-angle';
import { worldOf } from '../helpers';

function slope(mu: number): { angle: number; left: number; right: number; points: number[]; ek: number } {
  const w = worldOf('heap', `mu=${mu}`);
  w.step(Math.ceil(4 / w.dt));
  const b = w.bodies;
  let top = 0, x0 = Infinity, x1 = -Infinity;
  for (let k = 0; k < w.n; k++) {
    top = Math.max(top, b.y[k] + b.radius[k]);
    if (b.y[k] < 2 * b.radius[k]) { x0 = Math.min(x0, b.x[k]); x1 = Math.max(x1, b.x[k]); }
  }
  const fit = heapAngles(b.x, b.y, b.radius, w.n);
  return { angle: (Math.atan2(top, (x1 - x0) / 2) * 180) / Math.PI, left: fit.left.angle, right: fit.right.angle, points: [fit.left.points, fit.right.points], ek: w.diagnostics().ek };
}

describe('heap: the repose angle grows with μ', () => {
  it('μ = 0.1 spreads (< 20°), μ = 0.9 stands steep (> 40°), both at rest; both fitted flanks agree', () => {
    const low = slope(0.1), high = slope(0.9);
    expect(low.angle).toBeLessThan(20);
    expect(high.angle).toBeGreaterThan(40);
    for (const flank of [low.left, low.right]) expect(Math.abs(flank)).toBeLessThan(20);
    for (const flank of [high.left, high.right]) expect(flank).toBeGreaterThan(40);
    // at rest: less than a micro-joule per disc against the ≈ 10 J the pour released
    expect(low.ek).toBeLessThan(150e-6);
    expect(high.ek).toBeLessThan(150e-6);
  });

  it('μ = 0.5 (the friction lesson\'s): flanks of 36.15° and 28.32°, each fitted through at least 4 surface points', () => {
    const mid = slope(0.5);
    expect(Math.abs(mid.left - 36.15)).toBeLessThan(0.05);
    expect(Math.abs(mid.right - 28.32)).toBeLessThan(0.05);
    expect(Math.min(...mid.points)).toBeGreaterThanOrEqual(4);
  });
});
