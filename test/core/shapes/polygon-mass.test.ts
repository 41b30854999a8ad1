/**
 * Convex-polygon mass properties and validation (docs/model.md#bodies-and-shapes): shoelace area, centroid and
 * polar moment against closed forms to 1e-12 relative; the validation messages users will see.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/math/rng';
import { checkConvexPolygon, polygonMassProperties, recentredVertices } from '../../../src/core/shapes/polygon-mass';
import { box, randomConvex, regular, transform } from './polygons';

const rel = (got: number, want: number): number => Math.abs(got - want) / Math.abs(want);

/**
 * Independent J_G: fan of triangles (vertex 0, k, k + 1), each with J = A(a² + b² + c²)/36 about its own
 * centroid, moved to the polygon's centroid by parallel axes. Coordinates relative to vertex 0, for precision.
 */
function fanMoment(xy: Float64Array): { area: number; cx: number; cy: number; j: number } {
  const n = xy.length / 2;
  const tris: { a: number; x: number; y: number; j: number }[] = [];
  for (let k = 1; k + 1 < n; k++) {
    const x1 = xy[2 * k] - xy[0], y1 = xy[2 * k + 1] - xy[1], x2 = xy[2 * k + 2] - xy[0], y2 = xy[2 * k + 3] - xy[1];
    const a = 0.5 * (x1 * y2 - x2 * y1);
    const s2 = x1 ** 2 + y1 ** 2 + (x2 - x1) ** 2 + (y2 - y1) ** 2 + x2 ** 2 + y2 ** 2;
    tris.push({ a, x: (x1 + x2) / 3, y: (y1 + y2) / 3, j: (a * s2) / 36 });
  }
  const area = tris.reduce((s, t) => s + t.a, 0);
  const cx = tris.reduce((s, t) => s + t.a * t.x, 0) / area;
  const cy = tris.reduce((s, t) => s + t.a * t.y, 0) / area;
  const j = tris.reduce((s, t) => s + t.j + t.a * ((t.x - cx) ** 2 + (t.y - cy) ** 2), 0);
  return { area, cx: xy[0] + cx, cy: xy[1] + cy, j };
}

describe('polygon mass properties (docs/model.md#bodies-and-shapes)', () => {
  it('unit square', () => {
    const m = polygonMassProperties(box(0, 0, 1, 1));
    expect(m.area).toBe(1);
    expect(m.cx).toBeCloseTo(0.5, 15);
    expect(m.cy).toBeCloseTo(0.5, 15);
    expect(rel(m.polarMoment, 1 / 6)).toBeLessThan(1e-14); // I = m(a² + b²)/12 with m = A
    expect(rel(m.equivalentRadius, Math.sqrt(1 / Math.PI))).toBeLessThan(1e-15);
    expect(rel(m.circumradius, Math.SQRT1_2)).toBeLessThan(1e-15);
    expect(rel(m.inradius, 0.5)).toBeLessThan(1e-15);
  });

  it('a rectangle, rotated and far from the origin', () => {
    const a = 3, b = 0.7;
    const xy = transform(box(-a / 2, -b / 2, a / 2, b / 2), 1, 0.3, 1e3, -2e3);
    const m = polygonMassProperties(xy);
    expect(rel(m.area, a * b)).toBeLessThan(1e-12);
    expect(Math.abs(m.cx - 1e3) / a).toBeLessThan(1e-12);
    expect(Math.abs(m.cy + 2e3) / a).toBeLessThan(1e-12);
    expect(rel(m.polarMoment, (a * b * (a * a + b * b)) / 12)).toBeLessThan(1e-12);
    expect(rel(m.circumradius, Math.hypot(a, b) / 2)).toBeLessThan(1e-12);
    expect(rel(m.inradius, b / 2)).toBeLessThan(1e-12);
  });

  it('regular n-gons, hexagon included: A = ½ n R² sin(2π/n), J = A R² (1 + 2cos²(π/n))/6', () => {
    for (let n = 3; n <= 12; n++) {
      const R = 2;
      const m = polygonMassProperties(regular(n, R, 0.4, -0.3, 0.17));
      const area = 0.5 * n * R * R * Math.sin((2 * Math.PI) / n);
      expect(rel(m.area, area)).toBeLessThan(1e-12);
      expect(Math.abs(m.cx - 0.4) / R).toBeLessThan(1e-14);
      expect(Math.abs(m.cy + 0.3) / R).toBeLessThan(1e-14);
      expect(rel(m.polarMoment, (area * R * R * (1 + 2 * Math.cos(Math.PI / n) ** 2)) / 6)).toBeLessThan(1e-12);
      expect(rel(m.circumradius, R)).toBeLessThan(1e-12);
      expect(rel(m.inradius, R * Math.cos(Math.PI / n))).toBeLessThan(1e-12);
      expect(rel(m.equivalentRadius, Math.sqrt(area / Math.PI))).toBeLessThan(1e-12);
    }
    const hex = polygonMassProperties(regular(6, 1));
    expect(rel(hex.polarMoment, (5 / 12) * hex.area)).toBeLessThan(1e-12); // hexagon of side 1: J = (5/12) m s²
  });

  it('random convex polygons match a triangle-fan computation and are invariant under rigid motions', () => {
    const rng = new Rng(20240611);
    let worst = 0;
    for (let trial = 0; trial < 100; trial++) {
      const xy = randomConvex(rng, rng.uniform(-3, 3), rng.uniform(-3, 3));
      expect(checkConvexPolygon(xy)).toBeNull();
      const m = polygonMassProperties(xy);
      const f = fanMoment(xy);
      const size = m.circumradius;
      worst = Math.max(worst, rel(m.area, f.area), rel(m.polarMoment, f.j),
        Math.abs(m.cx - f.cx) / size, Math.abs(m.cy - f.cy) / size);
      const moved = polygonMassProperties(transform(xy, 1, 1.1, 500, -700));
      worst = Math.max(worst, rel(moved.area, m.area), rel(moved.polarMoment, m.polarMoment),
        rel(moved.inradius, m.inradius), rel(moved.circumradius, m.circumradius));
    }
    expect(worst).toBeLessThan(1e-12);
  });

  it('centroid of an off-centre polygon', () => {
    // right triangle (0,0), (3,0), (0,3) moved by (5, 7): G = (6, 8); J_G = A(a² + b² + c²)/36 = 4.5·36/36
    const m = polygonMassProperties(Float64Array.of(5, 7, 8, 7, 5, 10));
    expect(Math.abs(m.cx - 6)).toBeLessThan(1e-14);
    expect(Math.abs(m.cy - 8)).toBeLessThan(1e-14);
    expect(rel(m.polarMoment, 4.5)).toBeLessThan(1e-14);
    expect(rel(m.inradius, 1 / Math.SQRT2)).toBeLessThan(1e-14); // G to the hypotenuse x + y = 13
    // trapezoid (0,0), (4,0), (3,2), (1,2): G = (2, 8/9)
    const t = polygonMassProperties(Float64Array.of(0, 0, 4, 0, 3, 2, 1, 2));
    expect(Math.abs(t.cx - 2)).toBeLessThan(1e-15);
    expect(Math.abs(t.cy - 8 / 9)).toBeLessThan(1e-15);
  });

  it('recentredVertices moves the centroid to the origin and keeps the shape', () => {
    const xy = Float64Array.of(5, 7, 8, 7, 5, 10);
    const c = recentredVertices(xy);
    const m = polygonMassProperties(c);
    expect(Math.abs(m.cx)).toBeLessThan(1e-15);
    expect(Math.abs(m.cy)).toBeLessThan(1e-15);
    expect(Array.from(c)).toEqual([-1, -1, 2, -1, -1, 2]);
  });
});

describe('checkConvexPolygon', () => {
  const bad: [string, number[], string][] = [
    ['odd count', [0, 0, 1, 0, 1], 'expected x, y pairs (an even count of numbers), got 5 numbers'],
    ['NaN', [0, 0, 1, 0, NaN, 1], 'vertex 2 has a non-finite coordinate (NaN, 1)'],
    ['Infinity', [0, 0, Infinity, 0, 1, 1], 'vertex 1 has a non-finite coordinate (Infinity, 0)'],
    ['two vertices', [0, 0, 1, 0], 'a polygon needs at least 3 vertices, got 2'],
    ['repeated vertex', [0, 0, 1, 0, 1, 0, 1, 1, 0, 1], 'vertices 1 and 2 coincide'],
    ['nearly repeated vertex', [0, 0, 1, 0, 1, 1, 0, 1, 0, 1e-12], 'vertices 0 and 4 coincide'],
    ['non-consecutive repeat', [0, 0, 1, 0, 0, 0, 1, 1], 'vertices 0 and 2 coincide'],
    ['collinear', [0, 0, 1, 0, 2, 0], 'the vertices enclose zero area (they are collinear)'],
    ['clockwise', [0, 0, 0, 1, 1, 1, 1, 0], 'the vertices are listed clockwise; list them counter-clockwise'],
    ['non-convex', [0, 0, 2, 0, 1, 0.5, 2, 2, 0, 2], 'not convex: the boundary turns clockwise at vertex 2'],
    ['doubles back', [0, 0, 2, 0, 1, 0, 1, 1], 'the boundary doubles back at vertex 1'],
    ['pentagram', Array.from(regular(5, 1)).flatMap((_, k, a) => k % 2 ? [] : [a[(2 * k) % 10], a[(2 * k) % 10 + 1]]),
      'the boundary crosses itself: edges 0 and 2 cross (edge k joins vertices k and k + 1)'],
    // issue 39: a bowtie's lobes cancel (zero net area): once reported as collinear
    ['bowtie', [0, 0, 1, 1, 1, 0, 0, 1], 'the boundary crosses itself: edges 0 and 2 cross (edge k joins vertices k and k + 1)'],
    ['bowtie at 1e200', [0, 0, 1e200, 1e200, 1e200, 0, 0, 1e200], 'the boundary crosses itself: edges 0 and 2 cross (edge k joins vertices k and k + 1)'],
    ['uneven bowtie (not zero area)', [0, 0, 2, 2, 2, 0, 0, 1], 'the boundary crosses itself: edges 0 and 2 cross (edge k joins vertices k and k + 1)'],
    ['two loops touching at a vertex', [0, 0, 6, 0, 6, 6, 0, 6, 2, 2, 5, 2, 5, 5, 1, 4], 'the boundary winds around more than once (it touches itself)'],
    ['a span that overflows', [-1e308, 0, 1e308, 0, 0, 1], 'the vertices lie too far apart for a double (their span overflows: x from -1e+308 to 1e+308, y from 0 to 1)'],
  ];
  for (const [name, xy, message] of bad) {
    it(`rejects: ${name}`, () => {
      expect(checkConvexPolygon(xy)).toBe(message);
    });
  }

  it('accepts valid polygons, including a vertex on a straight edge and a tiny or huge scale', () => {
    expect(checkConvexPolygon([0, 0, 1, 0, 1, 1, 0, 1])).toBeNull();
    expect(checkConvexPolygon([0, 0, 0.5, 0, 1, 0, 1, 1, 0, 1])).toBeNull();
    expect(checkConvexPolygon(Array.from(regular(7, 1e-6, 3, 3)))).toBeNull();
    expect(checkConvexPolygon(Array.from(regular(7, 1e3, -5e3, 2e3)))).toBeNull();
    // the checks work in units of the polygon's size: a square of side 1e200 is a square (its area would overflow)
    expect(checkConvexPolygon([0, 0, 1e200, 0, 1e200, 1e200, 0, 1e200])).toBeNull();
  });
});
