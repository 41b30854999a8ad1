/**
 * Points where two convex boundaries meet (docs/model.md#area-law-for-polygons, docs/model.md#contact-plane-for-polygons):
 * known configurations, the touching conventions documented in boundary-crossings.ts, and random pairs
 * where every point must lie on both boundaries and be a vertex of the overlap polygon.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/math/rng';
import { BoundaryCrossings } from '../oracles/boundary-crossings';
import { PolygonClipper } from '../../../src/core/shapes/polygon-clip';
import { box, randomConvex, regular, transform } from './polygons';

const nOf = (xy: Float64Array): number => xy.length / 2;

/** The found points must be the wanted ones, in any order, each to within tol. */
function expectPoints(c: BoundaryCrossings, want: [number, number][], tol: number): void {
  expect(c.count).toBe(want.length);
  for (const [wx, wy] of want) {
    let nearest = Infinity;
    for (let k = 0; k < c.count; k++) nearest = Math.min(nearest, Math.hypot(c.xy[2 * k] - wx, c.xy[2 * k + 1] - wy));
    expect(nearest).toBeLessThan(tol);
  }
}

/** Distance from (x, y) to the boundary of a convex polygon. */
function boundaryDistance(xy: Float64Array, x: number, y: number): number {
  const n = nOf(xy);
  let best = Infinity;
  for (let k = 0; k < n; k++) {
    const k1 = (k + 1) % n;
    const ax = xy[2 * k], ay = xy[2 * k + 1], rx = xy[2 * k1] - ax, ry = xy[2 * k1 + 1] - ay;
    const t = Math.min(1, Math.max(0, ((x - ax) * rx + (y - ay) * ry) / (rx * rx + ry * ry)));
    best = Math.min(best, Math.hypot(x - ax - t * rx, y - ay - t * ry));
  }
  return best;
}

describe('boundary crossings of two convex polygons (docs/model.md#area-law-for-polygons)', () => {
  const c = new BoundaryCrossings(2);

  it('squares overlapping at a corner, offset diagonally: 2 points at the known places', () => {
    expect(c.compute(box(0, 0, 1, 1), 4, box(0.8, 0.5, 1.8, 1.5), 4)).toBe(2);
    expectPoints(c, [[1, 0.5], [0.8, 1]], 1e-15);
    expect(c.compute(box(0, 0, 1, 1), 4, box(0.9, 0.3, 1.9, 1.3), 4)).toBe(2);
    expectPoints(c, [[1, 0.3], [0.9, 1]], 1e-15);
  });

  it('a "star": a square and the same square turned by 45° about its centre give 8 points', () => {
    const sq = box(-1, -1, 1, 1), diamond = regular(4, Math.SQRT2);
    const e = Math.SQRT2 - 1;
    for (const [p, q] of [[sq, diamond], [diamond, sq]]) {
      expect(c.compute(p, 4, q, 4)).toBe(8);
      expectPoints(c, [[1, e], [1, -e], [-1, e], [-1, -e], [e, 1], [-e, 1], [e, -1], [-e, -1]], 1e-15);
    }
  });

  it('one polygon inside the other, or apart: no points', () => {
    const outer = regular(5, 2), inner = regular(7, 0.5, 0.3, 0.2);
    expect(c.compute(outer, 5, inner, 7)).toBe(0);
    expect(c.compute(inner, 7, outer, 5)).toBe(0);
    expect(c.compute(box(0, 0, 1, 1), 4, box(1.5, 0, 2.5, 1), 4)).toBe(0);
  });

  it('touching: each place where the boundaries meet is one point (the documented convention)', () => {
    const sq = box(0, 0, 1, 1);
    const cases: [string, Float64Array, [number, number][]][] = [
      ['corner to corner', box(1, 1, 2, 2), [[1, 1]]],
      ['corner to corner, turned', Float64Array.of(1, 1, 2, 1.5, 1.5, 2.5), [[1, 1]]],
      ['vertex of Q on an edge of P', Float64Array.of(0.5, 1, 1, 1.5, 0.5, 2, 0, 1.5), [[0.5, 1]]],
      ['vertex of P on an edge of Q', Float64Array.of(1.5, 0.5, 2.5, 1.5, 1.5, 2.5, 0.5, 1.5), [[1, 1]]],
      ['edge on edge (the ends of the shared stretch)', box(0.5, 1, 1.5, 2), [[1, 1], [0.5, 1]]],
      ['full edge on full edge', box(0, 1, 1, 2), [[0, 1], [1, 1]]],
    ];
    for (const [, q, want] of cases) {
      for (const [a, b] of [[sq, q], [q, sq]]) {
        c.compute(a, nOf(a), b, nOf(b));
        expectPoints(c, want, 1e-15);
      }
    }
  });

  it('the same counts at 1e−6 and 1e3 scale, and a crossing at a vertex up to rounding is found once', () => {
    // Q's vertex sits on P's edge only up to rounding once the picture is scaled and rotated
    const p = box(0, 0, 1, 1), q = Float64Array.of(1.5, 0.5, 2.5, 1.5, 1.5, 2.5, 0.5, 1.5);
    const star = [box(-1, -1, 1, 1), regular(4, Math.SQRT2, 0, 0, Math.PI / 2)];
    for (const s of [1e-6, 1, 1e3]) {
      for (const angle of [0, 0.3, 2]) {
        const ps = transform(p, s, angle, 7 * s, -3 * s), qs = transform(q, s, angle, 7 * s, -3 * s);
        expect(c.compute(ps, 4, qs, 4)).toBe(1);
        const [ax, bx] = star.map((xy) => transform(xy, s, angle, s, s));
        expect(c.compute(ax, 4, bx, 4)).toBe(8);
      }
    }
  });

  it('random pairs: points lie on both boundaries, are vertices of the overlap, and come in pairs', () => {
    const rng = new Rng(2025);
    const clip = new PolygonClipper();
    let withPoints = 0, worst = 0;
    for (let trial = 0; trial < 300; trial++) {
      const x = rng.uniform(-5, 5), y = rng.uniform(-5, 5), d = rng.uniform(0, 2), a = rng.uniform(0, 2 * Math.PI);
      const p = randomConvex(rng, x, y), q = randomConvex(rng, x + d * Math.cos(a), y + d * Math.sin(a));
      const n = c.compute(p, nOf(p), q, nOf(q));
      expect(n % 2).toBe(0);
      const hit = clip.overlap(p, nOf(p), q, nOf(q));
      if (n > 0) { expect(hit).toBe(true); withPoints++; }
      for (let k = 0; k < n; k++) {
        const px = c.xy[2 * k], py = c.xy[2 * k + 1];
        let nearest = Infinity;
        for (let v = 0; v < clip.count; v++) nearest = Math.min(nearest, Math.hypot(px - clip.vertices[2 * v], py - clip.vertices[2 * v + 1]));
        worst = Math.max(worst, boundaryDistance(p, px, py), boundaryDistance(q, px, py), nearest);
      }
    }
    expect(withPoints).toBeGreaterThan(150);
    expect(worst / 3).toBeLessThan(1e-13); // relative to the 3 × 3 size of a pair
  });
});
